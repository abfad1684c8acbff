//! `doko` scores Doppelkopf: paper sheets and full deal records, under rule profiles.
//!
//! # Entry points
//!
//! A front end (the `doko` command, the Python package, a page) needs these; the rest of the
//! crate is what they are built from. The file formats are specified in `docs/formats.md`.
//!
//! * [`variant::Profile::load`]: a rule profile, built-in or a file, with `--set` overrides.
//! * [`engine::score`]: `doko score`: every deal of the files, written as a sheet, a stream
//!   or a summary ([`engine::ScoreAsk`]).
//! * [`engine::compare`]: `doko compare`: the same deals under several profiles.
//! * [`league::file::append`] and [`league::evaluate`]: a league sheet kept deal by deal.
//! * [`game::Game`]: one deal played step by step (legal actions, apply, undo, what each
//!   player observes).
//! * [`Error`]: every error, with its place, in every language ([`lang::Lang`]).
//!
//! # The crate's face
//!
//! Twelve modules, one topic each: [`variant`] (profiles), [`deal`] (records as read:
//! sheets, record files, archives), [`machine`] (the deal machine: a profile compiled into
//! masks and tables, a deal stepped by them), [`game`] (a deal played step by step, and the
//! record check),
//! [`scoring`] (a deal's value and a session's fold), [`engine`] (files in, scored deals
//! out: the one entry every front end calls, and [`engine::api`] for bindings),
//! [`league`] (a league sheet), [`club`] (settling, seasons, tournaments, ratings),
//! [`generate`] (random deals for research and tests), [`freedoko`] (FreeDoko's party
//! files), [`render`] (tables, CSV, JSON, pages
//! and the report types they write) and [`lang`] (the message catalogue). The words of a
//! deal are at the top: [`Card`], [`Suit`], [`Rank`], [`Contract`], [`Party`],
//! [`SoloKind`], [`Call`], [`Extra`], [`Bid`]. Everything else is private to the crate.
//!
//! A profile, by name or from a file, with overrides:
//!
//! ```
//! use doko::variant::{DEFAULT_PROFILE, Profile};
//!
//! let sets = [("scoring.won".to_string(), "2".to_string())];
//! let profile = Profile::load(DEFAULT_PROFILE, &sets).unwrap();
//! assert_eq!(profile.name, DEFAULT_PROFILE);
//! assert_eq!(profile.value_of("scoring.won"), Some("2"));
//! ```
//!
//! `doko score`, as the command and the Python package call it:
//!
//! ```
//! use doko::engine::{Choice, Files, FlagRole, ScoreAsk, choose_profile};
//! use doko::engine::{InputFormat, Source};
//! use doko::lang::Lang;
//! use doko::render::Format;
//!
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,re_calls\nre,kontra,re,kontra,134,re\n";
//! let mut files = Files::from_source(Source::from_text("sheet.csv", sheet, InputFormat::Csv));
//! let parsed = files.parse().unwrap();
//! let choice = Choice { variant: None, sets: &[], role: FlagRole::Overrides };
//! let profile = choose_profile(&choice, &parsed.named()).unwrap();
//! let ask = ScoreAsk {
//!     summary: false,
//!     format: Format::Csv,
//!     explain: false,
//!     jobs: 1,
//!     keep_going: false,
//!     lang: Lang::En,
//! };
//! let mut out = Vec::new();
//! let bad = doko::engine::score(parsed, &profile, &ask, &mut out, &mut |_| Ok(()), &|| {})
//!     .unwrap();
//! assert_eq!(bad, 0);
//! assert!(String::from_utf8(out).unwrap().starts_with("deal,"));
//! ```
//!
//! `doko compare`: one deal under two profiles, as JSON:
//!
//! ```
//! use doko::engine::CompareAsk;
//! use doko::engine::{InputFormat, Source};
//! use doko::variant::Profile;
//!
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,re_calls\nre,kontra,re,kontra,134,re\n";
//! let source = Source::from_text("sheet.csv", sheet, InputFormat::Csv);
//! let profiles = vec![
//!     Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap(),
//!     Profile::load("ja-online", &[]).unwrap(),
//! ];
//! let ask = CompareAsk {
//!     summary: false,
//!     format: doko::render::Format::Json,
//!     explain: false,
//!     only_diff: false,
//!     jobs: 1,
//!     lang: doko::lang::Lang::En,
//! };
//! let mut out = Vec::new();
//! let bad = doko::engine::compare(source, profiles, &ask, &mut out, &mut |_, _| {}).unwrap();
//! assert_eq!(bad, 0);
//! let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(json["variants"][1], "ja-online");
//! ```
//!
//! A league sheet read and evaluated (what `league show` prints):
//!
//! ```
//! let text = "variant = \"ddv\"\nplayers = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n\
//!             [[deal]]\nre = [\"Anna\", \"Cara\"]\nre_points = 134\n";
//! let league = doko::league::evaluate("friday.toml", text, None).unwrap();
//! assert_eq!(league.session.totals, [1, -1, 1, -1]);
//! ```
//!
//! A deal played step by step:
//!
//! ```
//! use doko::game::Game;
//! use doko::variant::Profile;
//!
//! let profile = Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap();
//! let mut game = Game::new(&profile, None, 3, 7, None).unwrap();
//! while !game.is_over() {
//!     let first = game.legal_actions()[0];
//!     game.apply(first).unwrap();
//! }
//! let points = game.returns().unwrap().unwrap();
//! assert_eq!(points.iter().sum::<i64>(), 0);
//! ```
//!
//! An error, in the reader's language:
//!
//! ```
//! use doko::lang::Lang;
//! use doko::variant::Profile;
//!
//! let e = Profile::load("no-such-profile", &[]).unwrap_err();
//! assert!(e.render(Lang::En).contains("no-such-profile"));
//! ```
//!
//! # How data flows
//!
//! Data flows one way: input file -> records ([`deal`]) -> with a [`variant::Profile`],
//! play facts ([`game::play`]) -> an itemised score ([`scoring`]) -> a session fold. Every rule
//! difference between rule systems is a field of the profile.
//!
//! ```
//! use doko::engine::{Document, InputFormat};
//! use doko::scoring::score_deal;
//! use doko::variant::Profile;
//!
//! // Only Kontra was called and the eyes split 120:120: Re wins (docs/rules.md §10, example 13).
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,kontra_calls\nre,kontra,re,kontra,120,kontra\n";
//! let doc = Document::from_text("sheet.csv", InputFormat::Csv, sheet);
//! let profile = Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap();
//! let input = doc.open().unwrap();
//! let facts = input.deals(&profile).next().unwrap().unwrap();
//! let result = score_deal(&facts, &profile);
//! assert_eq!(result.scores, [3, -3, 3, -3]);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The crate's face: twelve topics a user opens, and the words of a deal at the top. The rooms
// below them are private; what a front end needs of them is named where it belongs.
pub mod club;
pub mod deal;
pub mod engine;
pub mod files;
pub mod freedoko;
pub mod game;
pub mod generate;
pub mod lang;
pub mod league;
pub mod machine;
pub mod render;
pub mod scoring;
pub mod variant;

mod bids;
mod calls;
mod cards;
mod chars;
mod compare;
mod contract;
mod error;
mod extras;
mod input;
mod limits;
mod play;
mod recent;
mod report;
mod seating;
mod stream;
mod toml_de;
mod toml_syntax;

pub use bids::Bid;
pub use calls::{Call, PartyCalls};
pub use cards::{Card, Rank, Suit};
pub use contract::{Contract, Party, SoloKind};
pub use error::{Error, localized};
pub use extras::Extra;

use lang::Text;

/// `s` without the white space around it, as [`str::trim`] (Unicode's); a text that starts
/// and ends with a visible ASCII character (nearly every one an archive writes) is
/// answered from those two bytes.
#[inline]
pub(crate) fn trim(s: &str) -> &str {
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
pub(crate) fn phrases<T>(
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
#[cfg(test)]
pub(crate) fn assert_names_apart<T: Copy + PartialEq + std::fmt::Debug>(
    table: &[(&str, T, &[&str])],
) {
    let mut seen: Vec<(Vec<u8>, T)> = Vec::new();
    for (name, v, aliases) in table {
        for n in std::iter::once(name).chain(aliases.iter()) {
            let key: Vec<u8> = letters(n.as_bytes()).collect();
            if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
                assert_eq!(other, v, "`{n}` reads as another name");
            }
            seen.push((key, *v));
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
pub(crate) type Names<T> = [(&'static str, T, &'static [&'static str])];

/// Finds `word` (case aside, and the `-`, `_` and spaces between its parts) in a table of
/// canonical names and aliases, else among the values' names in every language
/// (`title`: a value's catalogue key; `Kreuz-Damen-Solo`, `クイーンソロ` read as their
/// contracts). The error names the word, the nearest name where one is near (`did you
/// mean`), and lists the values by their names in the reader's language.
pub(crate) fn lookup<T: Copy + PartialEq>(
    table: &Names<T>,
    word: &str,
    what: &'static str,
    title: fn(T) -> String,
) -> Result<T, lang::Text> {
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
            .find(|(n, _, aliases)| same(n) || aliases.iter().any(|a| same(a)))
    };
    if let Some((_, v, _)) = find(&exact).or_else(|| find(&loose)) {
        return Ok(*v);
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
    for (_, v, _) in table {
        let key = title(*v);
        if lang::Lang::ALL.iter().any(|l| folded(l.t(&key)) == wanted) {
            return Ok(*v);
        }
    }
    let known = lang::Text::Join(
        table
            .iter()
            .map(|(_, v, _)| lang::Text::msg(title(*v)))
            .collect(),
        "word.comma",
    );
    let names = table
        .iter()
        .flat_map(|(n, _, aliases)| std::iter::once(*n).chain(aliases.iter().copied()));
    Err(unknown_word(Text::msg(what), word.trim(), names, known))
}

/// "unknown contract `Damensolp`: did you mean `damensolo`? (known: ...)": the nearest of
/// `names` (at most two letters off, by [`letters`]) where one is near.
pub(crate) fn unknown_word<'n>(
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
    use crate::calls::Call;
    use crate::contract::Contract;
    use crate::extras::Extra;
    use crate::lang::Lang;

    /// Every name a reader is shown for a contract, an extra or a call (the known lists of
    /// an unknown word) reads back as that value, in every language.
    #[test]
    fn every_name_shown_to_a_reader_reads_back() {
        for lang in Lang::ALL {
            for c in Contract::all() {
                let t = lang.t(&c.key());
                assert_eq!(t.parse::<Contract>(), Ok(c), "{lang:?} `{t}`");
            }
            for e in Extra::all() {
                let t = e.title(lang);
                assert_eq!(t.parse::<Extra>(), Ok(e), "{lang:?} `{t}`");
            }
            for w in lang.t("known.calls").split(", ") {
                assert!(Call::parse(w).is_ok(), "{lang:?} `{w}`");
            }
        }
    }

    /// A misspelt word is answered with the nearest name and the reader's names; a word
    /// and a number are named together.
    #[test]
    fn an_unknown_word_is_answered_in_the_readers_words() {
        let e = "Damensolp".parse::<Contract>().unwrap_err();
        let de = e.render(Lang::De);
        assert!(
            de.contains("`Damensolp` ist unbekannt, gemeint ist wohl `damensolo`"),
            "{de}"
        );
        assert!(de.contains("Normalspiel, Hochzeit"), "{de}");
        assert!(!e.render(Lang::En).contains("Normalspiel"));
        let calls = crate::calls::PartyCalls::parse_cell("keine 80", crate::contract::Party::Re);
        let de = calls.unwrap_err().render(Lang::De);
        assert!(de.contains("`keine 80`"), "{de}");
        assert!(de.contains("keine 90, keine 60"), "{de}");
    }

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
