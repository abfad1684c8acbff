//! The library's errors, written in the reader's language.

use crate::lang::Lang;

/// An error in `lang`: the library's errors that know where they happened say so in
/// `lang`, and every message from the catalogue's `[error]` is translated
/// ([`Lang::translate`]).
pub fn localized(e: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    if let Some(r) = e.downcast_ref::<crate::deal::RecordError>() {
        return r.render(lang);
    }
    if let Some(f) = e.downcast_ref::<crate::league::file::FileError>() {
        return f.render(lang);
    }
    lang.translate(&e.to_string()).into_owned()
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
