//! Hostile inputs (issue 28): huge headers and values are refused early, with a message
//! that names the file and place and quotes no whole value; nothing on standard output.

mod common;

use common::{Scratch, doko};

/// Runs `doko score` on `text` as a CSV file: (exit code, stdout, stderr).
fn score(name: &str, text: &str) -> (Option<i32>, String, String) {
    let path = Scratch::new(name);
    std::fs::write(&path, text).unwrap();
    let out = doko(&["score", path.to_str().unwrap()]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_header_of_100000_columns_is_refused_at_once() {
    let header: Vec<String> = (0..100_000).map(|i| format!("c{i}")).collect();
    let text = format!("{}\n{}\n", header.join(","), vec!["x"; 100_000].join(","));
    let start = std::time::Instant::now();
    let (code, out, err) = score("wide.csv", &text);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("wide.csv:1: the header has 100000 columns; a sheet has 23 at most"),
        "{err}"
    );
    // Each name was compared with every other: 35 s. A generous bound for a slow machine.
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

#[test]
fn a_column_name_of_a_megabyte_is_refused_and_quoted_short() {
    let text = format!(
        "Anna,Ben,Cara,Dirk,re_points,{}\nre,re,kontra,kontra,130,\n",
        "x".repeat(1 << 20)
    );
    let (code, out, err) = score("long.csv", &text);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("long.csv:1: column 6 (`xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`) has a name longer than 64 characters"),
        "{err}"
    );
    assert!(
        err.len() < 300,
        "the message quotes the whole name: {} bytes",
        err.len()
    );
}

/// Issue 28, Why 5: an input that never ends is refused at its kind's limit (16 MiB for a
/// sheet or record file, 256 KiB for a profile), not read until memory runs out.
#[cfg(unix)]
#[test]
fn endless_inputs_are_refused_at_their_limit() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("record.toml");
    std::fs::write(
        &record,
        "variant = \"/dev/zero\"\nplayers = [\"A\", \"B\", \"C\", \"D\"]\n",
    )
    .unwrap();
    let profile = dir.path().join("house.toml");
    std::fs::write(&profile, "name = \"house\"\nextends = \"/dev/zero\"\n").unwrap();
    let evening = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let cases: [(&[&str], &str); 5] = [
        (
            &["score", "/dev/zero", "--input-format", "csv"],
            "/dev/zero: larger than 16384 KB",
        ),
        (
            &["score", "/dev/zero", "--input-format", "toml"],
            "/dev/zero: larger than 16384 KB",
        ),
        (
            &["score", record.to_str().unwrap()],
            "/dev/zero: larger than 256 KB",
        ),
        (
            &["score", evening, "--variant", profile.to_str().unwrap()],
            "/dev/zero: larger than 256 KB",
        ),
        (
            &["score", evening, "--variant", "/dev/zero"],
            "/dev/zero: larger than 256 KB",
        ),
    ];
    for (args, want) in cases {
        let start = std::time::Instant::now();
        let out = doko(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code().is_some_and(|c| c != 0), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(
            start.elapsed().as_secs() < 5,
            "{args:?}: {:?}",
            start.elapsed()
        );
    }
}

/// Issue 28, Why 6: a name with a character that is not seen (zero width), moves the text
/// (a bidirectional override) or controls the terminal (an escape) is refused, with the
/// character and where it is; nine players are more than a table has.
#[test]
fn names_with_unseen_characters_are_refused() {
    for (name, code) in [
        ("Ann\u{200B}a", "U+200B at character 4"),
        ("\u{1b}[2JDirk", "U+001B at character 1"),
        ("Di\u{202E}rk", "U+202E at character 3"),
    ] {
        let (exit, out, err) = score(
            "names.csv",
            &format!("Anna,Ben,Cara,{name},re_points\nre,re,kontra,kontra,130\n"),
        );
        assert_eq!(exit, Some(1), "{err}");
        assert!(out.is_empty());
        assert!(
            err.contains("names.csv:1: the name `") && err.contains(code),
            "{err}"
        );
        assert!(!err.contains('\u{1b}'), "the escape reaches the terminal");
    }
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("s.toml");
    let out = doko(&[
        "league",
        "new",
        sheet.to_str().unwrap(),
        "--players",
        "Anna,Ben,Cara,Di\u{202E}rk",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!sheet.exists());
    let record = dir.path().join("r.toml");
    std::fs::write(
        &record,
        "players = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\", \"Eva\", \"Finn\", \"Greta\", \"Hans\", \"Ida\"]\n",
    )
    .unwrap();
    let out = doko(&["score", record.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("9 players; a table has 8 at most"), "{err}");
}

/// Issue 28, Why 6: deal 0, a deal number written twice or going down, and numbers beyond a
/// billion are refused with their line.
#[test]
fn deal_numbers_go_up_from_one() {
    for (rows, want) in [
        (
            "0,re,re,kontra,kontra,130\n",
            "t.csv:2: deal 0, field `deal`: deal 0 after deal 0",
        ),
        (
            "3,re,re,kontra,kontra,130\n3,re,kontra,re,kontra,130\n",
            "t.csv:3: deal 3, field `deal`: deal 3 after deal 3",
        ),
        (
            "18446744073709551615,re,re,kontra,kontra,130\n",
            "to 1000000000 at most",
        ),
    ] {
        let (code, out, err) = score(
            "t.csv",
            &format!("deal,Anna,Ben,Cara,Dirk,re_points\n{rows}"),
        );
        assert_eq!(code, Some(1), "{err}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{err}");
    }
}
