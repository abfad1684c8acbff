//! The helpers of words the readers share: a trimmed cell, a cell read as phrases, a name
//! looked up among its spellings, and an unknown word answered with the nearest ones.

use crate::{lang, msg};
use lang::Text;

/// `s` without the white space around it, as [`str::trim`] (Unicode's); a text that starts
/// and ends with a visible ASCII character (nearly every one an archive writes) is
/// answered from those two bytes.
#[inline]
pub fn trim(s: &str) -> &str {
    // No byte from `!` to DEL is white space, nor part of a longer character.
    let visible = |b: &u8| (b'!'..=0x7f).contains(b);
    match s.as_bytes() {
        [] => s,
        [first, .., last] if visible(first) && visible(last) => s,
        [only] if visible(only) => s,
        _ => s.trim(),
    }
}

/// Reads the words of a sheet cell (separated by white space, `;` or `,`; `-` is none) as
/// phrases: at each word the longest run of at most `longest` words that `parse` takes
/// (`keine 90`, `Fuchs gefangen`), else that word alone, with its own error.
pub fn phrases<T>(
    cell: &str,
    longest: usize,
    mut parse: impl FnMut(&str) -> Result<T, lang::Text>,
) -> Result<Vec<(T, String)>, lang::Text> {
    let words: Vec<&str> = cell
        .split(|c: char| c.is_whitespace() || c == ';' || c == ',')
        .filter(|w| !w.is_empty() && *w != "-")
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut len = longest.min(words.len() - i).max(1);
        loop {
            let phrase = words[i..i + len].join(" ");
            match parse(&phrase) {
                Ok(v) => {
                    out.push((v, phrase));
                    break;
                }
                // A word and a number (`keine 80`) are one phrase to the reader: its error
                // names both.
                Err(e) if len == 1 => {
                    let numbered = longest > 1
                        && words
                            .get(i + 1)
                            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
                    return Err(match numbered {
                        true => parse(&words[i..i + 2].join(" ")).err().unwrap_or(e),
                        false => e,
                    });
                }
                Err(_) => len -= 1,
            }
        }
        i += len;
    }
    Ok(out)
}

/// No two names of a [`lookup`] table read alike once `-`, `_` and spaces are dropped,
/// unless they name the same thing.
#[doc(hidden)]
pub fn assert_names_apart<R: Named>(table: &[R])
where
    R::Value: std::fmt::Debug,
{
    let mut seen: Vec<(Vec<u8>, R::Value)> = Vec::new();
    for row in table {
        let (name, v, aliases) = row.names();
        for n in std::iter::once(name).chain(aliases.iter().copied()) {
            let key: Vec<u8> = letters(n.as_bytes()).collect();
            if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
                assert_eq!(*other, v, "`{n}` reads as another name");
            }
            seen.push((key, v));
        }
    }
}

/// The letters of a name as [`lookup`] compares them: lower case, without `-`, `_` and
/// spaces.
fn letters(b: &[u8]) -> impl Iterator<Item = u8> + '_ {
    b.iter()
        .copied()
        .filter(|c| !matches!(c, b'-' | b'_' | b' '))
        .map(|c| c.to_ascii_lowercase())
}

/// A table of names [`lookup`] reads: each value's name as files write it, the value, and
/// the other names it is known by.
pub type Names<T> = [(&'static str, T, &'static [&'static str])];

/// A row of a table that [`lookup`] reads: a value's name as files write it, the value,
/// and the other names it is known by (a row of [`Names`], or a table's own row type, such
/// as the extras' and the contracts').
pub trait Named {
    /// What the row names.
    type Value: Copy + PartialEq;
    /// The name, the value and the other names.
    fn names(&self) -> (&'static str, Self::Value, &'static [&'static str]);
}

impl<T: Copy + PartialEq> Named for (&'static str, T, &'static [&'static str]) {
    type Value = T;

    fn names(&self) -> (&'static str, T, &'static [&'static str]) {
        *self
    }
}

/// Finds `word` (case aside, and the `-`, `_` and spaces between its parts) in a table of
/// canonical names and aliases, else among the values' names in every language
/// (`title`: a value's catalogue key; `Kreuz-Damen-Solo`, `クイーンソロ` read as their
/// contracts). The error names the word, the nearest name where one is near (`did you
/// mean`), and lists the values by their names in the reader's language.
pub fn lookup<R: Named>(
    table: &[R],
    word: &str,
    what: &'static str,
    title: fn(R::Value) -> String,
) -> Result<R::Value, lang::Text> {
    // Compared byte by byte (names are ASCII), case aside and without the `-`, `_` and
    // spaces that spreadsheets write in between (`Damen-Solo`, `karlchen_caught`): no
    // allocation for a word read by the million.
    let key = trim(word).as_bytes();
    // The names as doko writes them first (lengths compared before the bytes: quick on
    // archives), then the loose comparison.
    let exact = |name: &str| {
        name.len() == key.len()
            && name.bytes().zip(key).all(|(n, &k)| {
                n == if k == b'_' {
                    b'-'
                } else {
                    k.to_ascii_lowercase()
                }
            })
    };
    let loose = |name: &str| letters(name.as_bytes()).eq(letters(key));
    let find = |same: &dyn Fn(&str) -> bool| {
        table
            .iter()
            .map(Named::names)
            .find(|(n, _, aliases)| same(n) || aliases.iter().any(|a| same(a)))
    };
    if let Some((_, v, _)) = find(&exact).or_else(|| find(&loose)) {
        return Ok(v);
    }
    // A value's name in any language (the catalogues' titles), letters compared with
    // case aside in every script.
    let folded = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '-' | '_' | ' ' | '\u{3000}' | '・'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = folded(word);
    for (_, v, _) in table.iter().map(Named::names) {
        let key = title(v);
        if lang::Lang::ALL.iter().any(|l| folded(l.t(&key)) == wanted) {
            return Ok(v);
        }
    }
    let known = lang::Text::Join(
        table
            .iter()
            .map(|r| lang::Text::msg(title(r.names().1)))
            .collect(),
        "word.comma",
    );
    let names = table
        .iter()
        .map(Named::names)
        .flat_map(|(n, _, aliases)| std::iter::once(n).chain(aliases.iter().copied()));
    Err(unknown_word(Text::msg(what), word.trim(), names, known))
}

/// "unknown contract `Damensolp`: did you mean `damensolo`? (known: ...)": the nearest of
/// `names` (at most two letters off, by `letters`) where one is near.
pub fn unknown_word<'n>(
    what: Text,
    word: &str,
    names: impl Iterator<Item = &'n str>,
    known: Text,
) -> Text {
    let typed: Vec<char> = word
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .collect();
    let near = names
        .map(|n| {
            let letters: Vec<char> = n
                .chars()
                .flat_map(char::to_lowercase)
                .filter(|c| !matches!(c, '-' | '_' | ' '))
                .collect();
            (edit_distance(&typed, &letters), n)
        })
        .filter(|(d, _)| *d <= 2 && typed.len() > 2)
        .min_by_key(|(d, _)| *d);
    match near {
        Some((_, guess)) => msg!(
            "error.unknown_word_guess",
            what = what,
            word = word.to_string(),
            guess = guess,
            known = known
        ),
        None => msg!(
            "error.unknown_word",
            what = what,
            word = word.to_string(),
            known = known
        ),
    }
}

/// Levenshtein distance of two words, by characters.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (diag + usize::from(ca != cb)).min(row[j] + 1).min(up + 1);
            diag = up;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    /// [`super::trim`] is [`str::trim`]: on texts made of every kind of character at
    /// either end (ASCII letters, white space and control bytes, DEL, a no-break space,
    /// an ideographic space, letters of two and three bytes).
    #[test]
    fn trim_is_the_standard_trim() {
        let parts = [
            "", "a", "Ben", " ", "\t", "\u{b}", "\u{c}", "\r\n", "\u{1f}", "\u{7f}", "\u{a0}",
            "\u{3000}", "é", "ア", "x y", "!", "~",
        ];
        for a in parts {
            for b in parts {
                for c in parts {
                    let s = format!("{a}{b}{c}");
                    assert_eq!(super::trim(&s), s.trim(), "{s:?}");
                }
            }
        }
    }
}
