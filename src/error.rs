//! The library's errors, written in the reader's language.

use crate::lang::{Lang, Text};

/// Any error of the library: what went wrong (a catalogue message with its values) and,
/// where known, where (file, line, deal, trick, field). Nothing is written in a language
/// until it is shown: [`Error::render`] writes it in the reader's language, `Display`
/// in English. No message is ever read back from its text.
#[derive(Debug, thiserror::Error)]
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
    /// Reading or writing failed (a spool file, the output).
    #[error(transparent)]
    Io(#[from] std::io::Error),
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
            Error::Io(e) => crate::msg!("error.cannot_write", why = e).render(lang),
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
        walk(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut sources,
        );
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
}
