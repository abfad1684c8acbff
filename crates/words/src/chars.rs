//! What a name may hold and what a terminal may be shown: one rule for each, a leaf module
//! that every layer uses (names of players, sheets, tournaments, teams and profiles; every
//! line the command prints).

use std::borrow::Cow;

pub use crate::lang::shown::{escaped, invisible, moves_text};

/// Whether a name may not hold `c`: it moves the text ([`moves_text`]) or is not seen
/// ([`invisible`]).
pub fn unfit_for_name(c: char) -> bool {
    moves_text(c) || invisible(c)
}

/// `text` as a terminal may show it: every character that would control the terminal or
/// reorder the text (`moves_text`) written out as `\u{1b}`; line ends and tabs stay.
/// Every line the command prints (its output, its errors, which quote what a file holds)
/// goes through here.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    let keep = |c: char| c == '\n' || c == '\t' || !moves_text(c);
    if text.chars().all(keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// The start of a long value, as a message quotes it: at most 32 characters, then `…`.
pub fn prefix(value: &str) -> String {
    match value.char_indices().nth(32) {
        Some((i, _)) => format!("{}…", &value[..i]),
        None => value.to_string(),
    }
}

/// Refuses a label (a sheet's, a tournament's or a profile's name, a profile's title) with a
/// character that is not seen or moves the text (`unfit_for_name`; a player's name is also at most 64 characters:
/// `deal::check_name`).
pub fn check_label(name: &str) -> Result<(), crate::lang::Text> {
    match name.chars().enumerate().find(|&(_, c)| unfit_for_name(c)) {
        Some((at, c)) => Err(crate::msg!(
            "error.name_unseen_char",
            name = prefix(&escaped(name)),
            code = format!("U+{:04X}", c as u32),
            at = at + 1
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_is_shown_escapes_not_sent_them() {
        assert_eq!(for_terminal("Anna\n\tBen"), "Anna\n\tBen");
        assert_eq!(
            for_terminal("a\u{1b}[2Jb\u{7}\u{0}\u{202E}c\r"),
            "a\\u{1b}[2Jb\\u{7}\\u{0}\\u{202e}c\\u{d}"
        );
    }

    #[test]
    fn names_hold_nothing_unseen() {
        for c in [
            '\u{3164}',
            '\u{E0041}',
            '\u{2800}',
            '\u{FE0F}',
            '\u{200B}',
            '\u{1b}',
        ] {
            assert!(unfit_for_name(c), "{c:?}");
        }
        for c in ['A', 'ä', 'é', '山', ' ', '\u{0301}'] {
            assert!(!unfit_for_name(c), "{c:?}");
        }
    }
}
