//! Hostile inputs, round four (issue 65).
//!
//! * A document nested thousands deep overflowed the stack of every TOML reader (a record
//!   file, a profile and its `extends`, a `--set` value, a league sheet, a tournament
//!   sheet) and aborted the process. Every reader refuses it before parsing, naming the
//!   file and the line: "nested N deep (at most 64)", in the reader's language, and a
//!   refused command changes no file.
//! * An argument that is not UTF-8 panicked: a file's name opens its file (shown escaped),
//!   any other argument is a usage error.
//! * A FIFO nobody writes (a sheet, a profile, an `extends`) made doko wait for ever: only a
//!   regular file is read.
//! * A party file's `# doko: profile = /etc/passwd` made the import open that file: a party
//!   file names a built-in profile or a file in its own folder.

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

/// `doko --lang en score --variant PROFILE SHEET`: (exit code, stdout, stderr).
fn score_under(profile: &str, sheet: &str) -> (Option<i32>, String, String) {
    run(&["--lang", "en", "score", "--variant", profile, sheet])
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
        // A dotted key is tables within tables: it said "defined twice".
        (
            "dotted.toml",
            format!("{header}{} = 1\n", vec!["a"; 30_000].join(".")),
            "dotted.toml:3: nested 30000 deep (at most 64)",
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
    let (code, _, err) = score_under(child.to_str().unwrap(), sheet);
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

#[cfg(unix)]
fn os(bytes: &[u8]) -> &std::ffi::OsStr {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::OsStr::from_bytes(bytes)
}

/// Runs doko with arguments that may not be UTF-8.
#[cfg(unix)]
fn run_os(args: &[&std::ffi::OsStr]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .output()
        .expect("doko runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_opens_and_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let latin1 = dir.path().join(os(b"J\xfcrgen.csv"));
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    std::fs::copy(sheet, &latin1).unwrap();
    let (code, out, err) = run_os(&[
        os(b"score"),
        latin1.as_os_str(),
        os(b"--format"),
        os(b"csv"),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (_, want, _) = run(&["score", sheet, "--format", "csv"]);
    assert_eq!(out, want);
    // One that does not exist is named escaped, never raw.
    let missing = dir.path().join(os(b"Nobody\xfc.csv"));
    let (code, out, err) = run_os(&[os(b"--lang"), os(b"en"), os(b"score"), missing.as_os_str()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("Nobody\\xFC.csv: cannot read"), "{err}");
    assert!(!err.contains('\u{fffd}'), "{err}");
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error_in_the_readers_language() {
    for (lang, says) in [
        ("ja", "想定外の引数 `--frob`"),
        ("de", "unerwartetes Argument `--frob`"),
    ] {
        let (code, out, err) = run_os(&[
            os(b"--lang"),
            os(lang.as_bytes()),
            os(b"score"),
            os(b"--frob=\xff\xfe"),
        ]);
        assert_eq!(code, Some(2), "{err}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{err}");
    }
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let (code, _, err) = run_os(&[
        os(b"--lang"),
        os(b"de"),
        os(b"score"),
        os(b"--variant=\xff\xfe"),
        os(sheet.as_bytes()),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("ein Argument ist kein UTF-8-Text"), "{err}");
    assert!(!err.contains('\u{fffd}'), "{err}");
}

/// Makes a FIFO at `path`.
#[cfg(unix)]
fn fifo(path: &std::path::Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(ok.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once_wherever_a_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    fifo(&dir.path().join("pipe.csv"));
    fifo(&dir.path().join("pipe.toml"));
    std::fs::write(
        dir.path().join("child.toml"),
        "extends = \"pipe.toml\"\nname = \"c\"\n",
    )
    .unwrap();
    let start = std::time::Instant::now();
    for args in [
        vec!["score".to_string(), d("pipe.csv")],
        vec![
            "score".into(),
            "--variant".into(),
            d("pipe.toml"),
            sheet.into(),
        ],
        vec![
            "score".into(),
            "--variant".into(),
            d("child.toml"),
            sheet.into(),
        ],
        vec!["league".into(), "show".into(), d("pipe.toml")],
    ] {
        let args: Vec<&str> = ["--lang", "en"]
            .into_iter()
            .chain(args.iter().map(String::as_str))
            .collect();
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(
            err.contains("a FIFO (named pipe), not a file"),
            "{args:?}: {err}"
        );
    }
    // A folder is no file either.
    let (code, _, err) = run(&["--lang", "en", "score", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("a folder, not a file"), "{err}");
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

#[test]
fn a_party_file_names_a_profile_of_its_own_folder_or_a_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/freedoko.party"
    ))
    .unwrap();
    let with = |profile: &str| {
        let mut lines: Vec<&str> = party.lines().collect();
        let line = format!("# doko: profile = {profile}");
        lines.insert(2, &line);
        lines.join("\n") + "\n"
    };
    std::fs::write(
        dir.path().join("club.toml"),
        "extends = \"ddv\"\nname = \"club\"\n",
    )
    .unwrap();
    let path = dir.path().join("p.party");
    let p = path.to_str().unwrap();
    for (i, (profile, says)) in [
        ("/etc/passwd", "p.party:3: `# doko: profile = /etc/passwd` names a profile outside the party file's folder"),
        ("../../etc/passwd", "names a profile outside the party file's folder"),
        ("nothere.toml", "p.party:3: `# doko: profile = nothere.toml`: no built-in profile and no such file"),
    ]
    .into_iter()
    .enumerate()
    {
        std::fs::write(&path, with(profile)).unwrap();
        let out = dir.path().join(format!("s{i}.toml"));
        let (code, _, err) = run(&["--lang", "en", "import", "freedoko", p, "--out", out.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{profile}: {err}");
        assert!(err.contains(says), "{profile}: {err}");
        assert!(!err.contains("root:"), "{profile}: quotes the file: {err}");
        assert!(!out.exists(), "{profile}: wrote the sheet");
    }
    // A file of its own folder, and a built-in profile, are read (the sheet elsewhere).
    std::fs::create_dir(dir.path().join("out")).unwrap();
    for (i, profile) in ["club.toml", "ddv"].into_iter().enumerate() {
        std::fs::write(&path, with(profile)).unwrap();
        let out = dir.path().join("out").join(format!("t{i}.toml"));
        let (code, _, err) = run(&[
            "--lang",
            "en",
            "import",
            "freedoko",
            p,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_ne!(code, Some(2), "{profile}: {err}");
        assert!(out.exists(), "{profile}: {err}");
        let (code, _, err) = run(&["--lang", "en", "league", "show", out.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{profile}: {err}");
    }
}

#[test]
fn a_utf16_archive_scores_as_its_utf8_text_and_a_compressed_file_is_said_to_be_one() {
    let dir = tempfile::tempdir().unwrap();
    let utf8 = dir.path().join("a.csv");
    let (_, archive, _) = run(&["generate", "--deals", "20", "--seed", "3"]);
    std::fs::write(&utf8, &archive).unwrap();
    let (code, want, err) = run(&["score", utf8.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(code, Some(0), "{err}");
    // It was read as 14 players.
    for (name, bom, little) in [
        ("le.csv", true, true),
        ("be.csv", true, false),
        ("nobom.csv", false, true),
    ] {
        let mut bytes: Vec<u8> = match (bom, little) {
            (false, _) => Vec::new(),
            (true, true) => vec![0xff, 0xfe],
            (true, false) => vec![0xfe, 0xff],
        };
        for unit in archive.encode_utf16() {
            bytes.extend(if little {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            });
        }
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let (code, out, err) = run(&["score", path.to_str().unwrap(), "--format", "csv"]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert_eq!(out, want, "{name}");
    }
    // A gzip file named `.csv` was "a name with a control character".
    let gz = dir.path().join("a.csv.gz.csv");
    std::fs::write(&gz, [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]).unwrap();
    let (code, _, err) = run(&["--lang", "en", "score", gz.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("a compressed file (gzip), not text: decompress it first"),
        "{err}"
    );
}

#[test]
fn a_count_past_its_bound_names_the_bound() {
    let (code, _, err) = run(&[
        "--lang",
        "en",
        "generate",
        "--deals",
        "18446744073709551615",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("is not a whole number from 1 to 9223372036854775807"),
        "{err}"
    );
    let (_, _, err) = run(&["--lang", "en", "generate", "--deals", "0"]);
    assert!(err.contains("is not a whole number of at least 1"), "{err}");
}

#[test]
fn a_value_echoed_from_a_file_cannot_forge_a_line_or_hide_a_mark() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("cur.toml");
    std::fs::write(
        &profile,
        "extends = \"ddv\"\nname = \"cur\"\n[league]\ncurrency = \"EU\\ndoko: note: all is well\"\n",
    )
    .unwrap();
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let (code, _, err) = score_under(profile.to_str().unwrap(), sheet);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("unknown value `EU\\ndoko: note: all is well`"),
        "{err}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("doko: note")).count(),
        0,
        "{err}"
    );
    // A byte order mark at the start of a later row is shown, not quoted raw.
    let bom = file(
        "bom.csv",
        "Anna,Ben,Cara,Dirk,re_points\nre,re,kontra,kontra,130\n\u{feff}re,kontra,re,kontra,x\n",
    );
    let (code, _, err) = run(&["--lang", "en", "score", bom.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("bom.csv:3: deal 2, field `Anna`: `\\u{feff}re` is not a party"),
        "{err}"
    );
    assert!(!err.contains('\u{feff}'), "{err}");
}

#[test]
fn a_column_of_numbers_with_one_bad_cell_is_one_error_at_that_cell() {
    // It turned into 52 errors, one a row, none at the bad cell's line.
    let mut text = String::from("Anna,Ben,Cara,Dirk,re_points,Betrag\n");
    for k in 0..60 {
        let amount = if k == 49 { "zwei Euro" } else { "1,20" };
        text.push_str(&format!("re,re,kontra,kontra,130,\"{amount}\"\n"));
    }
    let path = file("betrag.csv", &text);
    let (code, out, err) = run(&["--lang", "en", "score", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("betrag.csv:51: field `Betrag`: `zwei Euro` is not a number"),
        "{err}"
    );
    // Every cell a number: the column is passed over with a note, as before.
    let path = file("amounts.csv", &text.replace("zwei Euro", "2,00"));
    let (code, _, err) = run(&["--lang", "en", "score", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("the column holds only numbers"), "{err}");
}

#[test]
fn deals_written_as_one_inline_array_are_edited_and_added_to() {
    let text = "variant = \"ddv\"\nplayers = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\ndeal = [{ re = [\"Anna\", \"Ben\"], re_points = 130 }, { re = [\"Cara\", \"Dirk\"], re_points = 100 }]\n\n[league]\nname = \"inl\"\ndeals = 24\ndealer = \"Dirk\"\n";
    let path = file("inline.toml", text);
    let p = path.to_str().unwrap();
    // `league edit 2` said there was no deal 2.
    let (code, _, err) = run(&["--lang", "en", "league", "edit", p, "2", "-p", "140"]);
    assert_eq!(code, Some(0), "{err}");
    let edited = std::fs::read_to_string(&path).unwrap();
    assert!(
        edited.contains("[[deal]]") && edited.contains("re_points = 140"),
        "{edited}"
    );
    // `league add` said `[[deal]]` was defined twice.
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&[
        "--lang",
        "en",
        "league",
        "add",
        p,
        "-r",
        "Anna,Cara",
        "-p",
        "150",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("deal 3 of 24"), "{out}");
    let (code, out, err) = run(&["--lang", "en", "league", "show", p]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("3 of 24 deals"), "{out}");
}

#[test]
fn a_game_type_with_control_characters_is_left_out_escaped_and_the_rest_imported() {
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/freedoko.party"
    ))
    .unwrap()
    .replacen("gametype = solo heart", "gametype = solo \u{1b}heart", 1)
    .replacen("gametype = solo diamond", "gametype = solo\u{7f}diamond", 1)
    .replacen("gametype = solo jack", "gametype = solo\rjack", 1);
    let path = dir.path().join("p.party");
    std::fs::write(&path, party).unwrap();
    let out = dir.path().join("s.toml");
    let (_, said, err) = run(&[
        "--lang",
        "en",
        "import",
        "freedoko",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    // The sheet was written with its game type raw and failed as a whole.
    assert!(said.contains("8 games"), "{said}{err}");
    assert!(
        err.contains("the game type `solo \\u{1b}heart` is one doko does not play"),
        "{err}"
    );
    assert!(err.contains("`solo\\rjack`"), "{err}");
    let sheet = std::fs::read_to_string(&out).unwrap();
    assert!(!sheet.contains(['\u{1b}', '\u{7f}', '\r']), "{sheet}");
    let (code, _, err) = run(&["league", "show", out.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_game_of_400000_special_points_is_left_out_at_once() {
    // 13 MB under the 16 MiB cap took 20 CPU-seconds and 267 MiB.
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/freedoko.party"
    ))
    .unwrap();
    let at = party.find("won = re, re, -, -, 1\n").unwrap();
    let text = format!(
        "{}{}{}",
        &party[..at],
        "Doppelkopf = re, re, -, -, 1\n".repeat(400_000),
        &party[at..]
    );
    let path = dir.path().join("slow.party");
    std::fs::write(&path, text).unwrap();
    let out = dir.path().join("s.toml");
    let start = std::time::Instant::now();
    let (_, said, err) = run(&[
        "--lang",
        "en",
        "import",
        "freedoko",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        err.contains("left out: 400001 special points; a game has at most 64"),
        "{err}"
    );
    assert!(said.contains("10 games"), "{said}");
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}
