//! The rules reference in the repository (`docs/rules.md`): every section that `--explain`,
//! the code and the profiles cite exists in it, and nothing cites the original documents
//! by anything but their titles.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "rs" || x == "toml" || x == "md")
        {
            out.push(p);
        }
    }
}

/// The sections of docs/rules.md: `7` for "## 7. …", `7.1` for "### 7.1 …".
fn sections() -> BTreeSet<String> {
    let text = std::fs::read_to_string("docs/rules.md").expect("docs/rules.md exists");
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("### ").or_else(|| l.strip_prefix("## "))?;
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let number = number.trim_end_matches('.').to_string();
            (!number.is_empty()).then_some(number)
        })
        .collect()
}

/// Every `§N` or `§N.M` in `text`.
fn cited(text: &str) -> Vec<String> {
    text.split('§')
        .skip(1)
        .map(|rest| {
            let n: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            n.trim_end_matches('.').to_string()
        })
        .filter(|n| !n.is_empty())
        .collect()
}

#[test]
fn every_cited_section_exists() {
    let have = sections();
    for n in [
        "5", "6", "7.1", "7.2", "7.3", "8.2", "8.4", "8.5", "9.1", "9.11", "11", "12",
    ] {
        assert!(
            have.contains(n),
            "docs/rules.md has no section {n}: {have:?}"
        );
    }
    let mut all = Vec::new();
    for dir in ["src", "variants", "docs"] {
        files(Path::new(dir), &mut all);
    }
    let mut missing = Vec::new();
    let mut count = 0;
    for f in &all {
        let text = std::fs::read_to_string(f).unwrap();
        for n in cited(&text) {
            count += 1;
            if !have.contains(&n) {
                missing.push(format!("{}: §{n}", f.display()));
            }
        }
    }
    assert!(count > 40, "only {count} citations found");
    assert!(
        missing.is_empty(),
        "sections cited but missing: {missing:?}"
    );
}

#[test]
fn the_sources_are_cited_by_title_not_by_file() {
    let mut all = Vec::new();
    for dir in ["src", "variants"] {
        files(Path::new(dir), &mut all);
    }
    let mut bad = Vec::new();
    for f in &all {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let seed = (0..5).any(|k| lower.contains(&format!("seed 00{k}")))
                || lower.contains("_f74e9fe784dbc91f")
                || lower.contains(".txt");
            let spec = line.match_indices("rules.md ").any(|(at, _)| {
                !line[..at].ends_with("docs/")
                    && line[at + 9..].starts_with(|c: char| c.is_ascii_digit())
            });
            if seed || spec {
                bad.push(format!("{}:{}: {line}", f.display(), i + 1));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// `--explain` names, for each item, the section and the profile key behind it.
#[test]
fn explain_cites_a_section_and_a_key_for_each_item() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(["score", "examples/evening.csv", "--explain"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let have = sections();
    let items: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  Re  ") || l.starts_with("  Kontra  "))
        .collect();
    assert!(items.len() > 30, "{text}");
    for line in items {
        let n = cited(line);
        assert_eq!(n.len(), 1, "no section in `{line}`");
        assert!(have.contains(&n[0]), "`{line}`: no section {}", n[0]);
        let key = line.rsplit("; ").next().unwrap_or("");
        assert!(
            key.contains('.') && key.ends_with(')'),
            "no profile key in `{line}`"
        );
    }
}
