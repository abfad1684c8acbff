//! What a reader is shown of a value: the characters that control a terminal, reorder the
//! text or are not seen, and the one escaping of every value a message quotes. Part of the
//! catalogues' layer (it imports nothing), re-exported by `crate::chars` for names.

use std::borrow::Cow;

/// Whether `c` controls a terminal or reorders the text around it: control characters (an
/// escape sequence clears the screen or retitles the window, BEL rings, NUL cuts a line),
/// the line and paragraph separators, and the bidirectional marks, embeddings, overrides
/// and isolates.
pub fn moves_text(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// Whether `c` is drawn as nothing, or as a blank that is not a space: every Unicode
/// default-ignorable code point (zero-width spaces and joiners, the soft hyphen, variation
/// selectors, Hangul fillers, tag characters ...) and the braille blank. `Anna` with a
/// Hangul filler after it looks like `Anna`; a name of one braille blank looks like none.
pub fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// `value` as a message quotes it: every character that would control a terminal, reorder
/// the text or not be seen (a line end, an escape, a bidirectional mark, a byte order mark)
/// written out (`\n`, `\r`, `\t`, `\u{feff}`), so that a value from a file can neither
/// forge a line of doko's nor hide what it holds. The one escaping of every echoed value:
/// each value a message quotes goes through here (`lang::Text::render`), as do names.
pub fn escaped(value: &str) -> Cow<'_, str> {
    let plain = |c: char| !(moves_text(c) || invisible(c));
    if value.chars().all(plain) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if plain(c) => out.push(c),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn a_quoted_value_shows_what_would_move_the_text_or_hide() {
        assert_eq!(escaped("Anna"), "Anna");
        assert_eq!(escaped("EU\nR"), "EU\\nR");
        assert_eq!(escaped("a\r\tb"), "a\\r\\tb");
        assert_eq!(escaped("\u{feff}re"), "\\u{feff}re");
        assert_eq!(escaped("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(escaped("x\u{202e}y\u{200b}"), "x\\u{202e}y\\u{200b}");
        assert_eq!(escaped("Jürgen 東京"), "Jürgen 東京");
    }
}
