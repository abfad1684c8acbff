//! Hostile inputs, round four (issue 65): a document nested thousands deep overflowed the
//! stack of every TOML reader (a record file, a profile and its `extends`, a `--set` value,
//! a league sheet, a tournament sheet) and aborted the process. Every reader refuses it
//! before parsing, naming the file and the line: "nested N deep (at most 64)", in the
//! reader's language, and a refused command changes no file.

mod common;

use common::{Scratch, doko};

/// `[[[...]]]` `n` deep.
fn arrays(n: usize) -> String {
    format!("{}{}", "[".repeat(n), "]".repeat(n))
}

/// Runs doko: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = doko(args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `text` written to `name` in a folder of its own.
fn file(name: &str, text: &str) -> Scratch {
    let path = Scratch::new(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_record_file_nested_thousands_deep_is_refused_with_its_line() {
    let header = "variant = \"ddv\"\nplayers = [\"A\", \"B\", \"C\", \"D\"]\n";
    for (name, text, want) in [
        (
            "deep.toml",
            format!("{header}x = {}\n", arrays(10_000)),
            "deep.toml:3: nested 10000 deep (at most 64)",
        ),
        (
            "inline.toml",
            format!(
                "{header}x = {}1{}\n",
                "{a = ".repeat(50_000),
                "}".repeat(50_000)
            ),
            "inline.toml:3: nested 50000 deep (at most 64)",
        ),
        // At 1,000 levels the parser did not crash but said "`x` is defined twice".
        (
            "thousand.toml",
            format!("{header}x = {}\n", arrays(1000)),
            "thousand.toml:3: nested 1000 deep (at most 64)",
        ),
        (
            "deep.json",
            format!(
                "{{\"players\": [\"A\", \"B\", \"C\", \"D\"], \"x\": {}}}\n",
                arrays(10_000)
            ),
            "deep.json:1: nested 10001 deep (at most 64)",
        ),
        // A JSON Lines row: the parser's own bound (128) kept it safe, but it said
        // "unknown field"; one row of 100 levels said "invalid type".
        (
            "deep.jsonl",
            format!("{{\"players\": {}}}\n", arrays(100)),
            "deep.jsonl:1: deal 1: nested 101 deep (at most 64)",
        ),
    ] {
        let path = file(name, &text);
        let (code, out, err) = run(&["--lang", "en", "score", path.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(out.is_empty(), "{name}");
        assert!(err.contains(want), "{name}: {err}");
    }
    // In the reader's language.
    let path = file("deep.toml", &format!("{header}x = {}\n", arrays(3000)));
    let (_, _, de) = run(&["--lang", "de", "score", path.to_str().unwrap()]);
    assert!(
        de.contains("deep.toml:3: 3000 Ebenen tief verschachtelt (höchstens 64)"),
        "{de}"
    );
    let (_, _, ja) = run(&["--lang", "ja", "score", path.to_str().unwrap()]);
    assert!(
        ja.contains("deep.toml:3: 入れ子が3000段ある(最大64段)"),
        "{ja}"
    );
}

#[test]
fn a_profile_its_extends_and_a_set_value_nested_deep_are_refused() {
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let profile = file(
        "deep-profile.toml",
        &format!(
            "extends = \"ddv\"\nname = \"deep\"\nx = {}\n",
            arrays(10_000)
        ),
    );
    let p = profile.to_str().unwrap();
    let (code, _, err) = run(&["--lang", "en", "score", "--variant", p, sheet]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("deep-profile.toml:3: nested 10000 deep (at most 64)"),
        "{err}"
    );
    // A profile that extends it.
    let child = profile.with_file_name("child.toml");
    std::fs::write(
        &child,
        "extends = \"deep-profile.toml\"\nname = \"child\"\n",
    )
    .unwrap();
    let (code, _, err) = run(&[
        "--lang",
        "en",
        "score",
        "--variant",
        child.to_str().unwrap(),
        sheet,
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("nested 10000 deep (at most 64)"), "{err}");
    // A `--set` value: a usage error naming the key.
    let set = format!("deck.x={}", arrays(5000));
    let (code, _, err) = run(&["--lang", "en", "score", "--set", &set, sheet]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("deck.x: nested 5000 deep (at most 64)"),
        "{err}"
    );
}

#[test]
fn a_league_sheet_nested_deep_is_refused_and_left_as_it_was() {
    let text = format!(
        "[league]\nplayers = [\"A\", \"B\", \"C\", \"D\"]\nx = {}\n",
        arrays(3000)
    );
    let path = file("league.toml", &text);
    let p = path.to_str().unwrap();
    let (code, _, err) = run(&["--lang", "en", "league", "show", p]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("league.toml:3: nested 3000 deep (at most 64)"),
        "{err}"
    );
    let (code, _, err) = run(&["--lang", "en", "league", "add", p, "-r", "A,B", "-p", "130"]);
    assert_ne!(code, Some(0), "{err}");
    assert!(err.contains("nested 3000 deep (at most 64)"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}
