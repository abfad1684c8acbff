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
    // Each name was compared with every other: 35 s (a release build). A bound a loaded
    // machine keeps in a debug build.
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
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
/// sheet or record file, a line of 1 MiB in an archive), not read until memory runs out.
/// Issue 65: a device given as a file (`/dev/zero`, also as a profile or its `extends`) is
/// refused at once as no file; standard input, which may be endless, keeps the limits.
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
    let device = "/dev/zero: cannot read: a device or socket, not a file";
    let cases: [(&[&str], &str); 9] = [
        (
            &["score", "-", "--input-format", "csv"],
            "<stdin>: larger than 16 MiB",
        ),
        (
            &["score", "-", "--input-format", "jsonl"],
            "<stdin>:1: deal 1: the line is longer than 1 MiB and does not end",
        ),
        (
            &["score", "-", "--input-format", "jsonl", "--summary"],
            "<stdin>:1: deal 1: the line is longer than 1 MiB and does not end",
        ),
        (
            &["score", "-", "--input-format", "toml"],
            "<stdin>: larger than 16 MiB",
        ),
        (&["score", "/dev/zero", "--input-format", "csv"], device),
        (&["score", "/dev/zero", "--input-format", "jsonl"], device),
        (&["score", record.to_str().unwrap()], device),
        (
            &["score", evening, "--variant", profile.to_str().unwrap()],
            device,
        ),
        (&["score", evening, "--variant", "/dev/zero"], device),
    ];
    for (args, want) in cases {
        let start = std::time::Instant::now();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
            .args(["--lang", "en"])
            .args(args)
            .stdin(std::fs::File::open("/dev/zero").unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code().is_some_and(|c| c != 0), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(
            start.elapsed().as_secs() < 30,
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

/// Issue 28, Why 6: names that differ only in case or in how Unicode writes the same
/// letters are one name, refused (an `é` as one character and as `e` with an accent; `Ä` and
/// `ä`; a full-width `Ａ`), in sheets, record files and tournaments.
#[test]
fn names_that_look_the_same_are_one_name() {
    for (a, b) in [
        ("Ren\u{e9}", "Rene\u{301}"),
        ("\u{c4}rger", "\u{e4}rger"),
        ("\u{ff21}nna", "Anna"),
    ] {
        let (exit, out, err) = score(
            "alike.csv",
            &format!("{a},Ben,Cara,{b},re_points\nre,re,kontra,kontra,130\n"),
        );
        assert_eq!(exit, Some(1), "{a} {b}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("alike.csv:1:"), "{err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let players = dir.path().join("players.list");
    std::fs::write(
        &players,
        "Anna\nBen\nCara\nDirk\nRen\u{e9}\nEva\nFinn\nRene\u{301}\n",
    )
    .unwrap();
    let cup = dir.path().join("cup.toml");
    let out = doko(&[
        "tournament",
        "new",
        cup.to_str().unwrap(),
        "--players-file",
        players.to_str().unwrap(),
        "--rounds",
        "2",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("twice"), "{err}");
    assert!(!cup.exists());
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

/// Issue 28, Why 6: a profile whose target the deck cannot reach, a series of no deals, and
/// a chain of extends too long (not a circle) are refused by `variants check`.
#[test]
fn profile_values_beyond_the_game_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let t = write(
        "t.toml",
        "name = \"t\"\nextends = \"ddv\"\n[winning]\nre_target = 300\n",
    );
    let d = write(
        "d.toml",
        "name = \"d\"\nextends = \"ddv\"\n[league]\ndeals = 0\n",
    );
    write("p0.toml", "name = \"p0\"\nextends = \"ddv\"\n");
    for i in 1..=17 {
        write(
            &format!("p{i}.toml"),
            &format!("name = \"p{i}\"\nextends = \"p{}.toml\"\n", i - 1),
        );
    }
    let long = dir.path().join("p17.toml").display().to_string();
    for (file, want) in [
        (t, "winning.re_target = 300: the deck has 240 eyes"),
        (d, "league.deals: a series has at least 1 deal"),
        (long, "more than 16 profiles extend one another"),
    ] {
        let out = doko(&["variants", "check", &file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{err}");
    }
}

/// Issue 28, Why 6: a tournament file whose table names a sheet outside its folder is
/// refused; nothing outside is read.
#[test]
fn a_tournament_table_sheet_stays_in_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let cup = dir.path().join("cup.toml");
    let out = doko(&[
        "tournament",
        "new",
        cup.to_str().unwrap(),
        "--players",
        "A,B,C,D",
        "--rounds",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = doko(&["tournament", "draw", cup.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&cup).unwrap();
    let file = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("file = "))
        .unwrap()
        .to_string();
    std::fs::write(&cup, text.replace(&file, "\"../../etc/passwd\"")).unwrap();
    let out = doko(&["tournament", "show", cup.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "round 1, table 1: `../../etc/passwd` is not a file name beside the tournament file"
        ),
        "{err}"
    );
}

/// Issue 28, Why 5: an error quotes a long value by its start and length only (a 3 MB field
/// wrote 3 MB to the terminal).
#[test]
fn a_long_value_is_quoted_by_its_start() {
    let text = format!(
        "Anna,Ben,Cara,Dirk,re_points,re_calls\nre,re,kontra,kontra,130,{}\n",
        "z".repeat(3_000_000)
    );
    let (code, out, err) = score("calls.csv", &text);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("calls.csv:2: deal 1, field `re_calls`: unknown call `zzzz")
            && err.contains("… (3000000 characters)`"),
        "{}",
        &err[..err.len().min(500)]
    );
    assert!(err.len() < 1000, "{} bytes on stderr", err.len());
}

/// Issue 28, Why 7: sheets of other players named together are refused naming the file
/// and deal where the players change.
#[test]
fn other_players_in_a_second_file_name_the_file() {
    let a = Scratch::new("a.csv");
    let b = Scratch::new("b.csv");
    std::fs::write(
        &a,
        "Anna,Ben,Cara,Dirk,re_points\nre,re,kontra,kontra,130\n",
    )
    .unwrap();
    std::fs::write(&b, "Anna,Ben,Cara,Eva,re_points\nre,re,kontra,kontra,130\n").unwrap();
    let out = doko(&["score", a.to_str().unwrap(), b.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        err.contains(
            "b.csv: deal 1: players Anna, Ben, Cara, Eva differ from Anna, Ben, Cara, Dirk"
        ),
        "{err}"
    );
}

/// Issue 28, Why 7: a profile a record file asks for that does not exist is reported with
/// the file that asked for it.
#[test]
fn an_unknown_profile_names_the_file_that_asked() {
    let record = Scratch::new("r.toml");
    std::fs::write(
        &record,
        "variant = \"nosuch\"\nplayers = [\"A\", \"B\", \"C\", \"D\"]\n",
    )
    .unwrap();
    let out = doko(&["score", record.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("r.toml: field `variant`: unknown variant `nosuch`"),
        "{err}"
    );
}

/// Issue 28, Why 7: a profile whose `extends` names a missing or unreadable file is
/// reported at its `extends` line (the message named only the parent).
#[test]
fn a_missing_parent_profile_names_the_profile_that_extends_it() {
    let sheet = Scratch::new("s.csv");
    std::fs::write(
        &sheet,
        "deal,game,A,B,C,D,re_points\n1,normal,re,re,kontra,kontra,130\n",
    )
    .unwrap();
    for (parent, says) in [
        ("nosuch", "unknown variant `nosuch`"),
        (
            "/dev/zero",
            "/dev/zero: cannot read: a device or socket, not a file",
        ),
    ] {
        let profile = Scratch::new("child.toml");
        std::fs::write(&profile, format!("name = \"c\"\nextends = \"{parent}\"\n")).unwrap();
        let out = doko(&[
            "score",
            sheet.to_str().unwrap(),
            "--variant",
            profile.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(out.stdout.is_empty());
        assert!(
            err.contains(&format!("child.toml:2: field `extends`: {says}")),
            "{err}"
        );
    }
}

/// Issue 28, Why 7: an archive's header with `players` misspelt says what an archive needs
/// (it said a paper sheet needs a `re_points` column).
#[test]
fn a_misspelt_archive_header_says_what_an_archive_needs() {
    let (code, out, err) = score("typo.csv", "player,dealer,tricks\nA B C D,A,CQ\n");
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("typo.csv:1: the header has a `tricks` column but no `players` column"),
        "{err}"
    );
}

/// Issue 28, Why 6: a note that would control the terminal (an escape) or reorder the text
/// is refused, in a paper sheet and by `league add`, which leaves the sheet as it was; so is
/// a note over 1,000 characters in a paper sheet.
#[test]
fn notes_that_control_the_terminal_are_refused() {
    let (exit, out, err) = score(
        "notes.csv",
        "deal,game,A,B,C,D,re_points,note\n1,normal,re,re,kontra,kontra,130,\"a\u{1b}[2Jb\"\n",
    );
    assert_eq!(exit, Some(1), "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("notes.csv:2: deal 1, field `note`: the note holds U+001B at character 2"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'));
    let long = "x".repeat(3000);
    let (exit, _, err) = score(
        "long-note.csv",
        &format!("deal,game,A,B,C,D,re_points,note\n1,normal,re,re,kontra,kontra,130,{long}\n"),
    );
    assert_eq!(exit, Some(1), "{err}");
    assert!(
        err.contains("long-note.csv:2: deal 1, field `note`"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("s.toml");
    let s = sheet.to_str().unwrap();
    assert!(
        doko(&["league", "new", s, "--players", "A,Bo,C,D"])
            .status
            .success()
    );
    let before = std::fs::read(&sheet).unwrap();
    let out = doko(&[
        "league",
        "add",
        s,
        "-r",
        "a,c",
        "-p",
        "130",
        "-n",
        "x\u{202e}y",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("U+202E"), "{err}");
    assert_eq!(std::fs::read(&sheet).unwrap(), before);
}

/// Issue 28, Why 6: a hand-edited tournament file whose table's sheet is lost, or is also
/// another table's, is refused by `show` and `draw` (its players stood at 0, exit 0).
#[test]
fn a_tournament_with_a_lost_or_shared_sheet_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cup = dir.path().join("cup.toml");
    let c = cup.to_str().unwrap();
    let new = doko(&[
        "tournament",
        "new",
        c,
        "--players",
        "A,B,C,D,E,F,G,H",
        "--rounds",
        "2",
    ]);
    assert!(new.status.success());
    assert!(doko(&["tournament", "draw", c]).status.success());
    let text = std::fs::read_to_string(&cup).unwrap();
    for (edited, want) in [
        (
            text.replace("\"cup-r1-t1.toml\"", "\"lost.toml\""),
            "cup.toml: round 1, table 1: ",
        ),
        (
            text.replace("\"cup-r1-t1.toml\"", "\"cup-r1-t2.toml\""),
            "round 1, table 2: `cup-r1-t2.toml` is already the sheet of round 1, table 1",
        ),
    ] {
        std::fs::write(&cup, &edited).unwrap();
        for cmd in ["show", "draw"] {
            let out = doko(&["tournament", cmd, c]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{cmd}: {err}");
            assert!(out.stdout.is_empty(), "{cmd}");
            assert!(err.contains(want), "{cmd}: {err}");
            assert_eq!(std::fs::read_to_string(&cup).unwrap(), edited);
        }
    }
}

/// Issue 28, Why 7: a sheet without `players` says so, not "field `variant`" (the key on
/// its first line); more call levels than there are calls are refused.
#[test]
fn a_missing_key_and_a_call_level_too_many_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("s.toml");
    std::fs::write(&sheet, "variant = \"ddv\"\n[league]\ndeals = 8\n").unwrap();
    let out = doko(&["league", "show", sheet.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("s.toml: the key `players` is missing"),
        "{err}"
    );
    assert!(!err.contains("variant"), "{err}");
    let evening = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/evening.csv");
    let out = doko(&["score", evening, "--set", "calls.levels=9"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("calls.levels = 9: there are 5 kinds of call"),
        "{err}"
    );
}

/// Issue 28, Why 6: an archive row with more (or fewer) fields than its header is refused
/// with its line, as a paper sheet's row (200,000 trailing commas were read as empty fields).
#[test]
fn an_archive_row_has_the_header_s_fields() {
    let archive = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cmd/data/archive-small.csv"
    );
    let text = std::fs::read_to_string(archive).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[1].push_str(&",".repeat(200_000));
    let last = lines.len() - 1;
    let cut = lines[last].rfind(',').unwrap();
    lines[last].truncate(cut);
    let path = Scratch::new("wide.csv");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let run = doko(&["score", path.to_str().unwrap(), "--keep-going"]);
    let (exit, out, err) = (
        run.status.code(),
        run.stdout,
        String::from_utf8_lossy(&run.stderr).into_owned(),
    );
    assert_eq!(exit, Some(1), "{err}");
    assert!(!out.is_empty(), "--keep-going scores the good rows");
    assert!(
        err.contains("wide.csv:2: deal 1: 200017 fields, the header has 17"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "wide.csv:{}: deal {last}: 16 fields, the header has 17",
            last + 1
        )),
        "{err}"
    );
}

/// A league sheet of four players with one deal, in a folder of its own: (folder, sheet).
fn sheet_with_a_deal() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s.toml");
    let p = s.to_str().unwrap();
    assert!(
        doko(&["league", "new", p, "--players", "A,B,C,D"])
            .status
            .success()
    );
    assert!(
        doko(&["league", "add", p, "-r", "a,c", "-p", "130"])
            .status
            .success()
    );
    (dir, s)
}

/// `league add` of a deal to `sheet`: (exit code, stderr).
fn add_deal(sheet: &std::path::Path) -> (Option<i32>, String) {
    let out = doko(&[
        "league",
        "add",
        sheet.to_str().unwrap(),
        "-r",
        "a,b",
        "-p",
        "150",
    ]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 50: a link planted as the lock file (to the sheet or to another file of the
/// user), a hard link, another file's text: each is left as it is, the sheet too, and the
/// refusal names the lock and what it is.
#[cfg(unix)]
#[test]
fn a_planted_lock_file_is_left_alone_and_the_sheet_kept() {
    let (dir, sheet) = sheet_with_a_deal();
    let lock = dir.path().join("s.toml.lock");
    let other = dir.path().join("notes.txt");
    let before = std::fs::read(&sheet).unwrap();
    let plant: [(&str, &dyn Fn()); 4] = [
        ("a symbolic link", &|| {
            std::os::unix::fs::symlink(&sheet, &lock).unwrap();
        }),
        ("a symbolic link", &|| {
            std::fs::write(&other, "precious\n").unwrap();
            std::os::unix::fs::symlink(&other, &lock).unwrap();
        }),
        ("a hard link", &|| {
            std::fs::write(&other, "precious\n").unwrap();
            std::fs::hard_link(&other, &lock).unwrap();
        }),
        ("other text", &|| {
            std::fs::write(&lock, "precious\n").unwrap()
        }),
    ];
    for (what, plant) in plant {
        plant();
        let (code, err) = add_deal(&sheet);
        assert_eq!(code, Some(1), "{what}: {err}");
        assert!(err.contains("s.toml.lock") && err.contains(what), "{err}");
        assert!(err.contains("nothing was written"), "{err}");
        assert_eq!(std::fs::read(&sheet).unwrap(), before, "{what}");
        if other.exists() {
            assert_eq!(std::fs::read_to_string(&other).unwrap(), "precious\n");
        }
        if what == "other text" {
            assert_eq!(std::fs::read_to_string(&lock).unwrap(), "precious\n");
        }
        let _ = std::fs::remove_file(&lock);
        let _ = std::fs::remove_file(&other);
    }
    // A lock left by a writer that was killed is a lock of doko: taken, and removed.
    std::fs::write(&lock, "process 12 (doko 0.1.0)\n").unwrap();
    assert_eq!(add_deal(&sheet).0, Some(0));
    assert!(!lock.exists());
}

/// Issue 50: a FIFO planted as the lock is refused at once, not waited on for ever (with
/// a reader holding it open, too).
#[cfg(unix)]
#[test]
fn a_fifo_planted_as_the_lock_is_refused_at_once() {
    let (dir, sheet) = sheet_with_a_deal();
    let lock = dir.path().join("s.toml.lock");
    let made = std::process::Command::new("mkfifo").arg(&lock).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    let before = std::fs::read(&sheet).unwrap();
    let started = std::time::Instant::now();
    let (code, err) = add_deal(&sheet);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("not a plain file"), "{err}");
    // With a reader on the FIFO, opening it to write would succeed.
    let reader = {
        let lock = lock.clone();
        std::thread::spawn(move || std::fs::File::open(lock).map(|_| ()))
    };
    std::thread::sleep(std::time::Duration::from_millis(100));
    let (code, err) = add_deal(&sheet);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("not a plain file"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(std::fs::read(&sheet).unwrap(), before);
    // Frees the reader, where it still waits for a writer (opening a FIFO to read and
    // write does not wait).
    let _ = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&lock);
    let _ = reader.join();
}

/// Issue 50: a sheet under two hard-linked names is not split into two files by a write:
/// the change is refused under either name, and both names keep one file.
#[cfg(unix)]
#[test]
fn a_hard_linked_sheet_is_not_split() {
    use std::os::unix::fs::MetadataExt;
    let (dir, sheet) = sheet_with_a_deal();
    let second = dir.path().join("t.toml");
    std::fs::hard_link(&sheet, &second).unwrap();
    let before = std::fs::read(&sheet).unwrap();
    for name in [&sheet, &second] {
        let (code, err) = add_deal(name);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("has 2 names (hard links)"), "{err}");
        let out = doko(&["league", "undo", name.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
    }
    assert_eq!(std::fs::read(&sheet).unwrap(), before);
    let (a, b) = (
        std::fs::metadata(&sheet).unwrap(),
        std::fs::metadata(&second).unwrap(),
    );
    assert_eq!((a.dev(), a.ino()), (b.dev(), b.ino()));
}

/// Whether `text` holds a character that would control a terminal or reorder the text.
fn raw_controls(text: &[u8]) -> bool {
    String::from_utf8_lossy(text).chars().any(|c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

/// Issue 50: names that would control the terminal (a sheet's, a tournament's, a team's, a
/// profile's name and title) are refused where they are written, and what an error quotes
/// of a bad cell (a sheet's, an archive's) is shown escaped: no ESC, BEL, NUL or bidi
/// override reaches the terminal.
#[test]
fn nothing_raw_reaches_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let bad = [
        "ev\u{1b}]0;owned\u{7}il",
        "a\u{9b}2Jb",
        "x\u{202E}y",
        "\u{1b}[2J",
    ];
    for name in bad {
        let sheet = at("s.toml");
        let out = doko(&[
            "league",
            "new",
            &sheet,
            "--players",
            "A,B,C,D",
            "--name",
            name,
        ]);
        assert_ne!(out.status.code(), Some(0), "{name:?}");
        assert!(!raw_controls(&out.stderr) && !raw_controls(&out.stdout));
        assert!(!std::path::Path::new(&sheet).exists());
        let cup = at("cup.toml");
        let out = doko(&[
            "tournament",
            "new",
            &cup,
            "--players",
            "A,B,C,D,E,F,G,H",
            "--rounds",
            "1",
            "--name",
            name,
        ]);
        assert_ne!(out.status.code(), Some(0), "{name:?}");
        assert!(!raw_controls(&out.stderr) && !raw_controls(&out.stdout));
        assert!(!std::path::Path::new(&cup).exists());
    }
    // Hand-edited: a sheet's name, a team's name, a profile's name and title.
    let sheet = at("h.toml");
    assert!(
        doko(&["league", "new", &sheet, "--players", "A,B,C,D"])
            .status
            .success()
    );
    let text = std::fs::read_to_string(&sheet).unwrap();
    std::fs::write(
        &sheet,
        text.replace("name = \"h\"", "name = \"\\u001b[2Jh\\u0000\""),
    )
    .unwrap();
    let out = doko(&["league", "show", &sheet]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("U+001B") && err.contains("\\u{1b}[2Jh"),
        "{err}"
    );
    assert!(!raw_controls(&out.stderr) && out.stdout.is_empty());
    let teams = at("teams.list");
    std::fs::write(
        &teams,
        "Red\u{7}: A, B\nBlue: C, D\nGreen: E, F\nGrey: G, H\n",
    )
    .unwrap();
    let out = doko(&[
        "tournament",
        "new",
        &at("t.toml"),
        "--teams",
        &teams,
        "--rounds",
        "1",
    ]);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("U+0007"));
    assert!(!raw_controls(&out.stderr) && !raw_controls(&out.stdout));
    for text in [
        "extends = \"ddv\"\nname = \"Club \\u001b[2J\\u0007\"\n",
        "extends = \"ddv\"\nname = \"club\"\ntitle = \"Club \\u001b[2J\\u0007\"\n",
    ] {
        let profile = at("club.toml");
        std::fs::write(&profile, text).unwrap();
        let out = doko(&["score", "examples/evening.csv", "--variant", &profile]);
        assert_ne!(out.status.code(), Some(0), "{text}");
        assert!(
            !raw_controls(&out.stderr) && !raw_controls(&out.stdout),
            "{text}"
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("U+001B"));
    }
}

/// Issue 50: what an error quotes of a bad cell (a sheet's, an archive's) is shown
/// escaped, not sent to the terminal.
#[test]
fn errors_show_a_bad_cell_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // A bad cell quoted by an error: a sheet's game, an archive's field.
    let (exit, out, err) = score(
        "cells.csv",
        "deal,game,A,B,C,D,re_points\n1,norm\u{1b}[2Jal\u{7},re,kontra,re,kontra,130\n",
    );
    assert_eq!(exit, Some(1));
    assert!(out.is_empty() && !raw_controls(err.as_bytes()), "{err:?}");
    assert!(err.contains("\\u{1b}[2J"), "{err}");
    let archive = at("a.csv");
    let generated = doko(&["generate", "--deals", "2", "--seed", "1"]);
    let text = String::from_utf8_lossy(&generated.stdout).into_owned();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // The second deal's contract (its third field), which the error quotes.
    let mut fields: Vec<&str> = lines[2].split(',').collect();
    fields[2] = "norm\u{1b}[31m\u{202E}al";
    lines[2] = fields.join(",");
    std::fs::write(&archive, lines.join("\n") + "\n").unwrap();
    let out = doko(&["score", &archive]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!raw_controls(&out.stderr), "{err:?}");
    assert!(
        err.contains("field `contract`: unknown contract `norm\\u{1b}[31m\\u{202e}al`"),
        "{err}"
    );
}

/// Issue 50: names that look like another or like none are refused: a Hangul filler after
/// `Anna`, a tag letter inside a name, a name of one braille blank, a variation selector.
#[test]
fn invisible_code_points_are_refused_in_names() {
    for (name, code) in [
        ("Anna\u{3164}", "U+3164"),
        ("An\u{E0041}na", "U+E0041"),
        ("\u{2800}", "U+2800"),
        ("Anna\u{115F}", "U+115F"),
        ("Ben\u{FE0F}", "U+FE0F"),
        ("Ca\u{034F}ra", "U+034F"),
    ] {
        let (exit, out, err) = score(
            "names.csv",
            &format!("Anna,Ben,Cara,{name},re_points\nre,re,kontra,kontra,130\n"),
        );
        assert_eq!(exit, Some(1), "{name:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(code), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let sheet = dir.path().join("s.toml");
        let players = format!("Anna,Ben,Cara,{name}");
        let out = doko(&[
            "league",
            "new",
            sheet.to_str().unwrap(),
            "--players",
            &players,
        ]);
        assert_eq!(out.status.code(), Some(2), "{name:?}");
        assert!(!sheet.exists());
    }
}

/// Issue 50: numbers beyond their bounds are refused with a message, not a panic, a hang
/// or `NaN`: `--jobs` of 2^64 - 1, `--rating-start 1e308`.
#[test]
fn numbers_beyond_their_bounds_are_refused() {
    for cmd in [
        vec![
            "score",
            "examples/evening.csv",
            "--jobs",
            "18446744073709551615",
        ],
        vec!["score", "examples/evening.csv", "--jobs", "257"],
        vec![
            "compare",
            "examples/evening.csv",
            "--variants",
            "ddv,ja-online",
            "--jobs",
            "18446744073709551615",
        ],
        vec![
            "stats",
            "examples/evening.csv",
            "--rating",
            "--rating-start",
            "1e308",
        ],
        vec![
            "stats",
            "examples/evening.csv",
            "--rating",
            "--rating-start",
            "NaN",
        ],
        vec![
            "stats",
            "examples/evening.csv",
            "--rating",
            "--rating-k",
            "inf",
        ],
    ] {
        let out = doko(&cmd);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd:?}: {err}");
        assert!(out.stdout.is_empty(), "{cmd:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = doko(&["score", "examples/evening.csv", "--jobs", "256"]);
    assert!(out.status.success());
}

/// Issue 50: a hand-edited sheet is held to the same bounds: a `started` that is not a
/// time, a year beyond 9999, a round closed after more deals than the sheet has, a penalty
/// of 65,535 points.
#[test]
fn hand_edited_sheet_values_are_checked() {
    let (_dir, sheet) = sheet_with_a_deal();
    let s = sheet.to_str().unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    for (edit, want) in [
        (
            "started = \"yesterday\"",
            "field `league.started`: `yesterday` is not a time",
        ),
        (
            "started = \"99999999999-01-01T00:00:00Z\"",
            "field `league.started`",
        ),
        (
            "started = \"2026-01-01T-1:00:00Z\"",
            "field `league.started`",
        ),
        ("closed_at = \"soon\"", "field `league.closed_at`"),
        (
            "closed = 30",
            "the round is closed after deal 30, but the sheet has 1 deals",
        ),
    ] {
        std::fs::write(
            &sheet,
            text.replace("[league]\n", &format!("[league]\n{edit}\n")),
        )
        .unwrap();
        let out = doko(&["league", "show", s]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{edit}: {err}");
        assert!(err.contains(want), "{edit}: {err}");
    }
    std::fs::write(
        &sheet,
        format!("{text}\n[[penalty]]\nafter = 1\nplayer = \"A\"\npoints = 65535\n"),
    )
    .unwrap();
    let out = doko(&["league", "show", s]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("65535 penalty points: a penalty is from 1 to 999 points"),
        "{err}"
    );
}

/// Issue 50: `stats` refuses an evening named twice (the same name, another path to it,
/// a symbolic link) rather than count its deals twice.
#[test]
fn stats_counts_an_evening_once() {
    let (dir, sheet) = sheet_with_a_deal();
    let s = sheet.to_str().unwrap().to_string();
    let dotted = dir
        .path()
        .join(".")
        .join("s.toml")
        .to_str()
        .unwrap()
        .to_string();
    let mut names = vec![(s.clone(), s.clone()), (s.clone(), dotted)];
    #[cfg(unix)]
    {
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink(&sheet, &link).unwrap();
        names.push((s.clone(), link.to_str().unwrap().to_string()));
    }
    for (a, b) in names {
        let out = doko(&["stats", &a, &b]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("are one file"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

/// Issue 50 (of the earlier set): `undo` keeps a comment that follows the last deal, and
/// add-then-undo gives back the bytes of a sheet with mixed line ends (a penalty too).
#[test]
fn undo_gives_back_the_bytes_and_the_comments() {
    let (_dir, sheet) = sheet_with_a_deal();
    let s = sheet.to_str().unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    // CRLF in the head, LF from the deal on; and all CRLF but no line end at the end.
    let (head, rest) = text.split_at(text.find("[[deal]]").unwrap());
    let mixed = head.replace('\n', "\r\n") + rest;
    let crlf = text.replace('\n', "\r\n").trim_end().to_string();
    for variant in [
        mixed,
        crlf.clone() + "\r\n",
        format!("{text}# checked by Ben\n"),
    ] {
        std::fs::write(&sheet, &variant).unwrap();
        assert!(
            doko(&["league", "add", s, "-r", "a,b", "-p", "150"])
                .status
                .success()
        );
        assert!(doko(&["league", "undo", s]).status.success());
        assert_eq!(std::fs::read_to_string(&sheet).unwrap(), variant);
        assert!(doko(&["league", "penalty", s, "A"]).status.success());
        assert!(doko(&["league", "undo", s]).status.success());
        assert_eq!(std::fs::read_to_string(&sheet).unwrap(), variant);
    }
    // The last deal goes, the comment after it stays.
    std::fs::write(&sheet, format!("{text}# checked by Ben\n")).unwrap();
    assert!(doko(&["league", "undo", s]).status.success());
    let after = std::fs::read_to_string(&sheet).unwrap();
    assert!(
        after.ends_with("# checked by Ben\n") && !after.contains("[[deal]]"),
        "{after}"
    );
}

/// A closed pipe (the reader of the output gone, as `doko score … | head -0`) is not an
/// error: exit 0 and nothing on standard error, for `score` and `compare` in every format,
/// with and without `--summary`.
#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::process::Stdio;
    for format in ["table", "csv", "json", "markdown"] {
        for summary in [false, true] {
            for cmd in [
                vec!["score", "examples/evening.csv", "--format", format],
                vec![
                    "compare",
                    "examples/evening.csv",
                    "--variants",
                    "ddv,ja-online",
                    "--format",
                    format,
                ],
            ] {
                let mut args = cmd.clone();
                if summary {
                    args.push("--summary");
                }
                let mut child = common::command()
                    .args(&args)
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                drop(child.stdout.take());
                let out = child.wait_with_output().unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
                assert!(err.is_empty(), "{args:?}: {err}");
            }
        }
    }
}
