//! The library's errors, written in the reader's language.

use crate::lang::{Lang, Text};

/// Any error of the library: what went wrong (a catalogue message with its values) and,
/// where known, where (file, line, deal, trick, field). Nothing is written in a language
/// until it is shown: [`Error::render`] writes it in the reader's language, `Display`
/// in English. No message is ever read back from its text.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A deal or a file that is not a valid record.
    #[error(transparent)]
    Record(#[from] crate::deal::RecordError),
    /// A profile that cannot be loaded.
    #[error(transparent)]
    Profile(#[from] crate::variant::ProfileError),
    /// A league sheet that was not read or changed.
    #[error(transparent)]
    File(#[from] crate::league::file::FileError),
    /// A table that cannot play under a profile.
    #[error(transparent)]
    Table(#[from] crate::seating::TableError),
    /// A sheet that cannot be settled.
    #[error(transparent)]
    Settle(#[from] crate::club::settle::SettleError),
    /// A tournament file that was not read or changed.
    #[error(transparent)]
    Tournament(#[from] crate::club::tournament::TournamentError),
    /// A message without a place.
    #[error(transparent)]
    Message(#[from] Text),
    /// Reading or writing failed (a spool file, the output). Its text holds the system's
    /// message, so the I/O error is not a cause of its own (it would be written twice).
    #[error("{}", io_text(.0).render(Lang::En))]
    Io(std::io::Error),
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

impl From<csv::Error> for Error {
    fn from(e: csv::Error) -> Error {
        Error::Io(e.into())
    }
}

/// What an I/O error of the library says.
fn io_text(e: &std::io::Error) -> Text {
    crate::msg!("error.cannot_write", why = e)
}

/// The library's results.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The error in `lang`: where, then what.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Error::Record(e) => e.render(lang),
            Error::Profile(e) => e.render(lang),
            Error::File(e) => e.render(lang),
            Error::Table(e) => e.render(lang),
            Error::Settle(e) => e.render(lang),
            Error::Tournament(e) => e.render(lang),
            Error::Message(t) => t.render(lang),
            Error::Io(e) => io_text(e).render(lang),
        }
    }
}

/// An error in `lang`: any of the library's errors ([`Error`] and the kinds it holds) says
/// where and what in `lang`; another error (the operating system's, an argument parser's)
/// is written as it is.
pub fn localized(e: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    macro_rules! kinds {
        ($($t:ty),*) => {$(
            if let Some(e) = e.downcast_ref::<$t>() {
                return e.render(lang);
            }
        )*};
    }
    kinds!(
        Error,
        crate::deal::RecordError,
        crate::variant::ProfileError,
        crate::league::file::FileError,
        crate::seating::TableError,
        crate::club::settle::SettleError,
        crate::club::tournament::TournamentError,
        Text
    );
    // An input or output error that reached the command as it is: from its kind.
    if let Some(io) = e.downcast_ref::<std::io::Error>() {
        return crate::lang::ToText::to_text(io).render(lang);
    }
    e.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_the_code_uses_exists() {
        let en = crate::lang::parse_catalogue(Lang::En.source()).unwrap();
        let en = &en;
        let mut missing = Vec::new();
        let mut sources = Vec::new();
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push((
                        path.display().to_string(),
                        std::fs::read_to_string(&path).unwrap(),
                    ));
                }
            }
        }
        // Every floor of the library (`crates/`) and the command (`src/`).
        let crates = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        walk(crates, &mut sources);
        walk(&crates.join("../src"), &mut sources);
        let mut used = 0;
        // Profile keys (`league.dealer`) look like message keys of the same section.
        let profile = crate::variant::Profile::load("house-bock", &[]).unwrap();
        for (file, text) in &sources {
            // A literal key: a quoted word of lower-case parts joined by dots, whose first
            // part is a section of the catalogue.
            let sections: Vec<&str> = en.keys().filter_map(|k| k.split('.').next()).collect();
            for piece in text.split('"').skip(1).step_by(2) {
                let Some((section, rest)) = piece.split_once('.') else {
                    continue;
                };
                let key_like = !rest.is_empty()
                    && piece.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.'
                    });
                // Profile keys (`scoring.won`) share the look; only the catalogue's own
                // sections that profiles do not have are checked.
                let catalogue_only = [
                    "party",
                    "word",
                    "call",
                    "contract",
                    "target",
                    "why",
                    "rule",
                    "did",
                    "item",
                    "table",
                    "notes",
                    "explain",
                    "league",
                    "settle",
                    "error",
                    "page",
                    "compare",
                    "summary",
                    "stats",
                    "tournament",
                    "serve",
                    "score",
                ];
                if key_like
                    && sections.contains(&section)
                    && catalogue_only.contains(&section)
                    && profile.value_of(piece).is_none()
                    // The league file's own key (the first dealer), not a message.
                    && piece != "league.dealer"
                {
                    used += 1;
                    if !en.contains_key(piece) {
                        missing.push(format!("{file}: `{piece}`"));
                    }
                }
            }
        }
        assert!(used > 200, "only {used} keys found in the code");
        for c in crate::contract::Contract::all() {
            if !en.contains_key(&c.key()) {
                missing.push(c.key());
            }
        }
        for x in crate::extras::Extra::all() {
            for prefix in ["item", "did"] {
                let key = format!("{prefix}.{}", x.name().replace('-', "_"));
                if !en.contains_key(&key) {
                    missing.push(key);
                }
            }
        }
        for t in crate::variant::BockTrigger::ALL {
            let key = format!("bock.{}", t.key().replace('-', "_"));
            if !en.contains_key(&key) {
                missing.push(key);
            }
        }
        assert!(missing.is_empty(), "keys without a message: {missing:#?}");
    }

    /// One error of every kind the library has, each with a message of its own.
    fn one_of_each() -> Vec<Error> {
        use crate::league::file::FileError;
        use crate::variant::ProfileError;
        let io = || std::io::Error::from(std::io::ErrorKind::NotFound);
        vec![
            crate::deal::RecordError::new("a.csv", crate::msg!("error.redeal_no_tricks"))
                .line(3)
                .deal(2)
                .into(),
            ProfileError::Unknown("house".into()).into(),
            ProfileError::Invalid {
                file: "house.toml".into(),
                message: crate::msg!("error.wedding_no_rule"),
            }
            .into(),
            FileError::ReadOnly {
                file: "s.toml".into(),
            }
            .into(),
            FileError::Locked {
                file: "s.toml".into(),
                holder: "pid 7".into(),
                waited: std::time::Duration::from_secs(3),
            }
            .into(),
            crate::seating::TableError::Size {
                seats: 3,
                players: 4,
            }
            .into(),
            crate::club::settle::SettleError::NotPositive(0).into(),
            crate::club::tournament::TournamentError::Bad {
                file: "cup.toml".into(),
                message: crate::msg!("error.all_rounds_drawn", rounds = 3),
            }
            .into(),
            crate::msg!(
                "error.sheet_players_differ",
                deal = 5,
                players = "A, B",
                before = "C, D"
            )
            .into(),
            Error::Io(io()),
        ]
    }

    #[test]
    fn every_kind_of_error_is_written_in_every_language() {
        let words = |s: &str| -> Vec<String> {
            s.split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() > 3 && w.chars().all(|c| c.is_ascii_lowercase()))
                .map(str::to_string)
                .collect()
        };
        // The operating system's own words stay as it writes them.
        let system = std::io::Error::from(std::io::ErrorKind::NotFound).to_string();
        for e in one_of_each() {
            let en = e.render(Lang::En);
            assert_eq!(en, e.to_string(), "Display is the English text");
            assert!(!en.contains('{'), "a placeholder left: {en}");
            for lang in [Lang::De, Lang::Ja] {
                let text = e.render(lang);
                assert!(!text.contains('{'), "a placeholder left: {text}");
                assert_ne!(text, en, "{}: not translated: {en}", lang.code());
                // No English word of the message is left, beyond file names and the
                // operating system's own text.
                let english: Vec<String> = words(&en)
                    .into_iter()
                    .filter(|w| text.contains(&format!(" {w} ")) && !system.contains(w.as_str()))
                    .collect();
                assert!(
                    english.is_empty(),
                    "{}: English words {english:?} in {text}",
                    lang.code()
                );
            }
        }
    }
}
