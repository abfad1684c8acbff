//! Tables fit the terminal: on a terminal 80 columns wide (a pseudo-terminal made by
//! util-linux's `script`), or 100 in Japanese, no line is wider (by display width: a CJK
//! character counts two), no eyes pair, score or total is split, and into a pipe the table
//! is whole.

use std::collections::BTreeMap;
use std::process::Command;

use unicode_width::UnicodeWidthStr;

fn widest(text: &str) -> usize {
    text.lines()
        .map(|l| l.trim_end_matches('\r').width())
        .max()
        .unwrap_or(0)
}

/// The eyes pairs (`134:106`), signed scores (`+4`) and running totals (`(-12)`) of a text,
/// counted: a fitted table must show each as often as the whole one.
fn numbers(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for token in text.split(|c: char| c.is_whitespace() || "│┆".contains(c)) {
        let t = token.trim_matches(',');
        let eyes = t.split_once(':').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && (a.to_string() + b).chars().all(|c| c.is_ascii_digit())
        });
        let signed = (t.starts_with('+') || t.starts_with('-'))
            && t.len() > 1
            && t[1..].chars().all(|c| c.is_ascii_digit());
        let total = t.starts_with('(') && t.ends_with(')') && t.len() > 2 && {
            let inner = t[1..t.len() - 1].trim_start_matches('-');
            !inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit())
        };
        if eyes || signed || total {
            *out.entry(t.to_string()).or_default() += 1;
        }
    }
    out
}

#[test]
fn tables_fit_the_terminal_without_splitting_a_number() {
    let doko = env!("CARGO_BIN_EXE_doko");
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("friday.toml");
    let s = sheet.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(doko).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
    };
    run(&[
        "league",
        "new",
        s,
        "--players",
        "Anna,Ben,Cara,Dirk,Eva",
        "--set",
        "league.compulsory_solos=0",
    ]);
    for (re, eyes) in [
        ("a,b", "134"),
        ("b,c", "98"),
        ("c,d", "181"),
        ("d,e", "120"),
        ("a,e", "240"),
    ] {
        run(&["league", "add", s, "-r", re, "-p", eyes]);
    }
    let evenings = format!("{s} examples/evening.csv examples/five-players.csv");
    for (cols, lang, args) in [
        (80, "en", "score examples/evening.csv".to_string()),
        (80, "en", "score examples/five-players.csv".to_string()),
        (80, "en", format!("league show {s}")),
        // Text lines (`--explain`'s items) wrap between words, as the tables' cells do.
        (80, "en", "score examples/evening.csv --explain".to_string()),
        (80, "de", format!("score {s} --explain")),
        (60, "en", "score examples/records.toml --explain".to_string()),
        (80, "en", "compare examples/evening.csv --variants ddv,ja-online,ja-classic --only-diff --explain".to_string()),
        (80, "en", format!("stats {evenings}")),
        (100, "ja", "score examples/evening.csv".to_string()),
        (100, "ja", format!("league show {s}")),
        (100, "ja", "compare examples/evening.csv --variants ddv,ja-online,ja-classic".to_string()),
        (100, "ja", format!("stats {evenings}")),
        (100, "de", format!("stats {evenings}")),
    ] {
        let out = Command::new("script")
            .args([
                "-qec",
                &format!("stty cols {cols} rows 50; {doko} --lang {lang} {args}"),
                "/dev/null",
            ])
            .env("TERM", "xterm")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("util-linux `script` runs");
        let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
        assert!(out.status.success(), "{args}: {text}");
        assert!(text.contains("Anna"), "{args}: {text}");
        assert!(
            widest(&text) <= cols,
            "{lang} {args}: {} columns wide:\n{text}",
            widest(&text)
        );
        // Into a pipe the same table is written whole; the terminal's shows every number.
        let piped = Command::new(doko)
            .arg("--lang")
            .arg(lang)
            .args(args.split(' '))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("doko runs");
        let whole = String::from_utf8_lossy(&piped.stdout);
        // No piece of a number: every token with a digit is one of the whole table's.
        let tokens = |t: &str| -> std::collections::BTreeSet<String> {
            t.split(|c: char| c.is_whitespace() || "│┆".contains(c))
                .map(|w| w.trim_matches(',').to_string())
                .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
                .collect()
        };
        let all = tokens(&whole);
        for t in tokens(&text) {
            assert!(all.contains(&t), "{lang} {args}: `{t}` is a piece:\n{text}");
        }
        if args.starts_with("stats") {
            // A season's table may do without its best and worst evenings.
            continue;
        }
        let (want, got) = (numbers(&whole), numbers(&text));
        for (n, k) in &want {
            assert!(
                got.get(n).copied().unwrap_or(0) >= *k,
                "{lang} {args}: `{n}` {k} times whole, {:?} at {cols} columns:\n{text}",
                got.get(n)
            );
        }
    }
}

/// Issue 29, Why 8: long work shows a progress line on a terminal's standard error (here
/// from the first moment, `DOKO_PROGRESS_AFTER_MS=0`), never in a pipe, never with
/// `--quiet`; the output is the same.
#[test]
fn progress_shows_on_a_terminal_only() {
    let doko = env!("CARGO_BIN_EXE_doko");
    let dir = tempfile::tempdir().unwrap();
    let on_terminal = |args: &str, out: &str| {
        let run = Command::new("script")
            .args([
                "-qec",
                &format!("{doko} {args} > {}", dir.path().join(out).display()),
                "/dev/null",
            ])
            .env("DOKO_PROGRESS_AFTER_MS", "0")
            .env("TERM", "xterm")
            .output()
            .expect("util-linux `script` runs");
        assert!(run.status.success(), "{args}");
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let shown = on_terminal("generate --deals 20000 --seed 3", "a.csv");
    assert!(shown.contains(" of 20000 deals ("), "{shown:?}");
    assert!(
        shown.ends_with("\r\u{1b}[2K"),
        "the line is cleared: {shown:?}"
    );
    let archive = dir.path().join("a.csv");
    let shown = on_terminal(
        &format!("score {} --summary --jobs 1", archive.display()),
        "s.txt",
    );
    assert!(shown.contains(" deals"), "{shown:?}");
    let quiet = on_terminal("generate --deals 20000 --seed 3 --quiet", "b.csv");
    assert!(quiet.is_empty(), "{quiet:?}");
    assert_eq!(
        std::fs::read(&archive).unwrap(),
        std::fs::read(dir.path().join("b.csv")).unwrap()
    );
    let piped = Command::new(doko)
        .args(["generate", "--deals", "20000", "--seed", "3"])
        .env("DOKO_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    assert!(piped.stderr.is_empty());
    assert_eq!(piped.stdout, std::fs::read(&archive).unwrap());
}

#[test]
fn help_is_wrapped_to_the_terminal_width() {
    // `COLUMNS` is the terminal's width where a shell says it (as `script` would).
    for width in [60usize, 80] {
        for args in [
            &["--help"][..],
            &["score", "--help"],
            &["league", "add", "--help"],
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_doko"))
                .args(args)
                .env("COLUMNS", width.to_string())
                .output()
                .unwrap();
            assert!(out.status.success(), "{args:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(
                widest(&text) <= width,
                "{args:?} at {width}: {}\n{text}",
                widest(&text)
            );
        }
    }
}

/// `doko ARGS` on a terminal that says its columns but not its rows (`stty cols N` in a
/// pseudo-terminal of util-linux's `script`, no `COLUMNS` in the environment, as shells run
/// programs): what it printed, and the widest line.
fn on_tty(columns: usize, args: &str, dir: &std::path::Path) -> (String, usize) {
    let doko = env!("CARGO_BIN_EXE_doko");
    let out = Command::new("script")
        .args([
            "-qec",
            &format!("stty cols {columns}; {doko} {args}"),
            "/dev/null",
        ])
        .current_dir(dir)
        .env_remove("COLUMNS")
        .env_remove("DOKO_COLUMNS")
        .env("TERM", "dumb")
        .output()
        .expect("util-linux `script` runs");
    assert!(out.status.success(), "{args}");
    let text: String = String::from_utf8_lossy(&out.stdout)
        .replace("\r\n", "\n")
        .split('\u{1b}')
        .enumerate()
        .map(|(i, part)| {
            // Without the terminal's styles (`ESC [ … m`).
            if i == 0 {
                part.to_string()
            } else {
                part.split_once('m')
                    .map_or("", |(_, rest)| rest)
                    .to_string()
            }
        })
        .collect();
    let w = widest(&text);
    (text, w)
}

/// Issue 66: help wraps to the terminal's own width where only its columns are known, and
/// Japanese `stats` and `compare --explain` fit 80 columns.
#[test]
fn help_and_japanese_tables_fit_a_tty_that_says_only_its_columns() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(root.join("examples/evening.csv"), dir.path().join("a.csv")).unwrap();
    std::fs::copy(root.join("examples/evening.csv"), dir.path().join("b.csv")).unwrap();
    for args in ["score --help", "--help", "league add --help"] {
        let (text, w) = on_tty(60, args, dir.path());
        assert!(text.contains("Usage:"), "{text}");
        assert!(w <= 60, "{args}: {w} wide\n{text}");
    }
    for args in [
        "--lang ja stats a.csv b.csv",
        "--lang ja compare a.csv --variants ddv,ja-online,ja-wiki --explain",
        "compare a.csv --variants ddv,ja-online,ja-wiki --explain",
        "compare a.csv --variants ddv,ja-classic,ja-online,ja-wiki,house-bock --explain",
        "--lang ja compare a.csv --variants ddv,ja-online,ja-classic,ja-wiki,house-bock,house-doubling --explain",
    ] {
        let (text, w) = on_tty(80, args, dir.path());
        assert!(text.contains('┆'), "{args}: {text}");
        assert!(w <= 80, "{args}: {w} wide\n{text}");
    }
}

/// Issue 66: a five-player sheet at 80 columns drops the compulsory column (mostly empty)
/// before the multiplier.
#[test]
fn a_narrow_sheet_drops_the_compulsory_column_first() {
    let doko = env!("CARGO_BIN_EXE_doko");
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("f.toml");
    let s = s.to_str().unwrap();
    for args in [
        &["league", "new", s, "--players", "Anna,Ben,Cara,Dirk,Eva"][..],
        &[
            "league",
            "add",
            s,
            "--re",
            "Anna,Cara",
            "--re-points",
            "130",
        ],
        &[
            "league",
            "add",
            s,
            "-g",
            "solo-queens",
            "-P",
            "-r",
            "Ben",
            "-p",
            "185",
        ],
        &["league", "add", s, "--re", "Dirk,Eva", "--re-points", "100"],
    ] {
        let out = Command::new(doko).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
    }
    let show = |columns: &str| {
        let out = Command::new(doko)
            .args(["--lang", "de", "league", "show", s])
            .env("DOKO_COLUMNS", columns)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let wide = show("200");
    assert!(
        wide.contains("Pflichtsolo") && wide.contains("┆x┆") || wide.contains("┆ x ┆"),
        "{wide}"
    );
    let narrow = show("80");
    assert!(widest(&narrow) <= 80, "{narrow}");
    let header = narrow
        .lines()
        .find(|l| l.contains("Spielart"))
        .unwrap_or("");
    assert!(!header.contains("Pflichtsolo"), "{narrow}");
    assert!(
        narrow.contains("┆x┆") || narrow.contains("┆ x ┆"),
        "the multiplier stays: {narrow}"
    );
}
