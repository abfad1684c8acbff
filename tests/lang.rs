//! The players' languages (docs/formats.md section 1): German sheets score like English ones,
//! and the machine formats (JSON, CSV) are the same bytes in every language, whether the
//! language comes from `--lang` or from the locale.

mod common;

use common::{command, doko};

/// `doko ARGS` with the locale `lang` (`LANG`), no other locale variable set.
fn with_locale(lang: &str, args: &[&str]) -> std::process::Output {
    command()
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .unwrap()
}

#[test]
fn a_german_sheet_with_every_german_header_and_word_scores_like_the_english_one() {
    for format in ["json", "csv"] {
        let de = doko(&["score", "tests/cmd/data/pflicht-de.csv", "--format", format]);
        let en = doko(&["score", "tests/cmd/data/pflicht-en.csv", "--format", format]);
        assert!(
            de.status.success(),
            "{}",
            String::from_utf8_lossy(&de.stderr)
        );
        assert!(
            en.status.success(),
            "{}",
            String::from_utf8_lossy(&en.stderr)
        );
        assert_eq!(de.stdout, en.stdout, "--format {format}");
    }
    // And the German sheet of the evening (BOM, CRLF, `;`) too, in German.
    let de = doko(&["score", "tests/cmd/data/spreadsheet-de.csv", "--lang", "de"]);
    let en = doko(&["score", "examples/evening.csv", "--lang", "de"]);
    assert_eq!(de.stdout, en.stdout);
    assert!(String::from_utf8_lossy(&de.stdout).contains("Damen-Solo"));
}

/// Every machine output of the examples, in each language by flag and by locale: the
/// same bytes as in English.
#[test]
fn json_and_csv_are_the_same_bytes_in_every_language() {
    let runs: &[&[&str]] = &[
        &["score", "examples/evening.csv", "--explain"],
        &["score", "examples/records.toml", "--explain"],
        &["score", "examples/five-players.csv", "--explain"],
        &[
            "score",
            "examples/kloepper.csv",
            "--variant",
            "kloepper",
            "--explain",
        ],
        &["score", "examples/evening.csv", "--summary"],
        &[
            "compare",
            "examples/evening.csv",
            "--variants",
            "ddv,ja-online,house-bock",
            "--explain",
        ],
        &[
            "compare",
            "examples/evening.csv",
            "--variants",
            "ddv,ja-classic",
            "--summary",
        ],
        &["league", "show", "tests/cmd/league.in/friday.toml"],
    ];
    let mut compared = 0;
    for args in runs {
        for format in ["json", "csv"] {
            let mut a: Vec<&str> = args.to_vec();
            a.extend(["--format", format]);
            let en = with_locale("C", &a);
            assert!(
                en.status.success(),
                "{a:?}: {}",
                String::from_utf8_lossy(&en.stderr)
            );
            assert!(!en.stdout.is_empty());
            for lang in ["de", "ja"] {
                let mut flagged = a.clone();
                flagged.extend(["--lang", lang]);
                assert_eq!(
                    with_locale("C", &flagged).stdout,
                    en.stdout,
                    "{a:?} --lang {lang}"
                );
                let locale = format!("{lang}_{}.UTF-8", lang.to_uppercase());
                assert_eq!(
                    with_locale(&locale, &a).stdout,
                    en.stdout,
                    "{a:?} LANG={locale}"
                );
                compared += 2;
            }
        }
    }
    assert_eq!(compared, runs.len() * 2 * 4);
}

/// The same run speaks English, German and Japanese: the words differ, the numbers not.
#[test]
fn tables_speak_the_language_asked_for() {
    let out = |lang: &str| {
        String::from_utf8(
            with_locale("C", &["score", "examples/evening.csv", "--lang", lang]).stdout,
        )
        .unwrap()
    };
    let (en, de, ja) = (out("en"), out("de"), out("ja"));
    assert!(en.contains("Winner") && en.contains("solo-queens"));
    assert!(de.contains("Gewinner") && de.contains("Damen-Solo") && de.contains("Summe"));
    assert!(ja.contains("勝者") && ja.contains("クイーンソロ") && ja.contains("合計"));
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    assert_eq!(digits(&en), digits(&de));
    assert_eq!(digits(&en), digits(&ja));
}

/// Issue 66: a flag's number and a file's extension are refused in the reader's language,
/// never with the parser's English ("invalid digit found in string", "or").
#[test]
fn numbers_in_flags_and_extensions_are_refused_in_german() {
    for args in [
        &["serve", "x.toml", "--port", "x"][..],
        &["generate", "--deals", "1", "--seed", "x"],
        &["league", "add", "x.toml", "--re", "A", "--re-points", "x"],
        &["league", "add", "x.toml", "--re", "A", "--re-tricks", "x"],
        &[
            "stats",
            "--rating",
            "--rating-k",
            "x",
            "examples/evening.csv",
        ],
        &[
            "tournament",
            "new",
            "c.toml",
            "--players",
            "A,B,C,D",
            "--rounds",
            "1",
            "--seed",
            "x",
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["--lang", "de"])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("`x` ist kein"), "{args:?}: {err}");
        assert!(!err.contains("invalid"), "{args:?}: {err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("abend.txt");
    std::fs::write(&sheet, "x").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(["--lang", "de", "score", sheet.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(".json oder .jsonl, oder --input-format"),
        "{err}"
    );
}
