//! The league file is never lost or half-written: refused adds leave it byte for byte,
//! hand edits are recomputed, undo is exact, concurrent adds all land.

use std::path::PathBuf;
use std::process::{Command, Output};

fn doko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .output()
        .expect("doko runs")
}

/// A new league sheet in a folder of its own (removed when the folder value is dropped).
fn sheet(tag: &str, players: &str) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("doko-lf-{tag}-"))
        .tempdir()
        .unwrap();
    let path = dir.path().join("sheet.toml");
    let s = path.to_str().unwrap().to_string();
    let out = doko(&["league", "new", &s, "--players", players]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir, path, s)
}

fn add(s: &str, args: &[&str]) -> Output {
    let mut a = vec!["league", "add", s];
    a.extend(args);
    doko(&a)
}

fn totals(s: &str, cmd: &str) -> serde_json::Value {
    let out = if cmd == "show" {
        doko(&["league", "show", s, "--format", "json"])
    } else {
        doko(&["score", s, "--format", "json"])
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["totals"].clone()
}

#[test]
fn invalid_adds_exit_1_and_leave_the_file_unchanged() {
    let (_dir, path, s) = sheet("invalid", "Anna,Ben,Cara,Dirk");
    assert!(
        add(&s, &["--re", "Anna,Cara", "--re-points", "130"])
            .status
            .success()
    );
    let before = std::fs::read(&path).unwrap();
    for (args, msg) in [
        (
            vec!["--re", "Anna,Cara", "--re-points", "300"],
            "300 eyes; the deck has 240",
        ),
        (
            vec!["--re", "Anna,Zed", "--re-points", "130"],
            "`Zed` is not a player",
        ),
        (
            vec!["--re", "Anna,Ben,Cara", "--re-points", "130"],
            "a Re party of 3",
        ),
        (
            vec![
                "--re",
                "Anna,Cara",
                "--re-points",
                "130",
                "--re-calls",
                "kontra",
            ],
            "`kontra` is a call of the Kontra party",
        ),
        (
            vec!["--game", "grand", "--re", "Anna", "--re-points", "130"],
            "unknown contract `grand`",
        ),
    ] {
        let out = add(&s, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(
            err.contains("sheet.toml:"),
            "the message names the file and line: {err}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "{args:?} changed the file"
        );
    }
}

#[test]
fn editing_a_past_deal_by_hand_changes_everything_after_it() {
    let (_dir, path, s) = sheet("edit", "Anna,Ben,Cara,Dirk");
    for args in [
        ["--re", "Anna,Cara", "--re-points", "130"],
        ["--re", "Ben,Cara", "--re-points", "130"],
        ["--re", "Ben,Dirk", "--re-points", "140"],
        ["--re", "Cara,Dirk", "--re-points", "130"],
        ["--re", "Anna,Dirk", "--re-points", "130"],
    ] {
        let out = add(&s, &args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Each deal Re +1: Anna -1, Ben -1, Cara +1, Dirk +1.
    assert_eq!(
        totals(&s, "show"),
        serde_json::json!({"Anna": -1, "Ben": -1, "Cara": 1, "Dirk": 1})
    );
    // By hand in an editor: deal 3 was really 100 eyes for Re: Kontra (Anna, Cara) wins
    // 1 + gegen die Alten 1 = 2 instead of Re +1.
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replacen("re_points = 140", "re_points = 100", 1);
    assert_ne!(edited, text);
    std::fs::write(&path, &edited).unwrap();
    let show = doko(&["league", "show", &s, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(
        v["totals"],
        serde_json::json!({"Anna": 2, "Ben": -4, "Cara": 4, "Dirk": -2})
    );
    // The running totals after deal 4 changed with it (Anna: +1 -1 +2 -1).
    assert_eq!(v["deals"][3]["totals"]["Anna"], 1);
    assert_eq!(
        v["totals"],
        totals(&s, "score"),
        "show agrees with a fresh computation"
    );
}

#[test]
fn add_then_undo_restores_the_file_and_keeps_comments() {
    let (_dir, path, s) = sheet("undo", "Anna,Ben,Cara,Dirk");
    // The user's own notes in the file.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("\n# Friday at Cara's; Ben brought the cards.\n");
    std::fs::write(&path, &text).unwrap();
    assert!(
        add(&s, &["--re", "Anna,Cara", "--re-points", "130"])
            .status
            .success()
    );
    let one = std::fs::read(&path).unwrap();
    assert!(String::from_utf8_lossy(&one).contains("# Friday at Cara's; Ben brought the cards."));
    assert!(
        add(
            &s,
            &[
                "--re",
                "Ben,Dirk",
                "--re-points",
                "99",
                "--note",
                "a \"quoted\" note"
            ]
        )
        .status
        .success()
    );
    let out = doko(&["league", "undo", &s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        one,
        "undo restores the bytes before the add"
    );
    assert!(doko(&["league", "undo", &s]).status.success());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "back to the sheet as the user left it"
    );
    let out = doko(&["league", "undo", &s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no deal to undo"));
}

#[test]
fn new_never_overwrites() {
    let (_dir, path, s) = sheet("new", "Anna,Ben,Cara,Dirk");
    let before = std::fs::read(&path).unwrap();
    let out = doko(&["league", "new", &s, "--players", "W,X,Y,Z"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn concurrent_adds_all_land() {
    let (_dir, path, s) = sheet("concurrent", "Anna,Ben,Cara,Dirk");
    let children: Vec<_> = (0..8)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_doko"))
                .args([
                    "league",
                    "add",
                    &s,
                    "--re",
                    "Anna,Cara",
                    "--re-points",
                    &(121 + i).to_string(),
                    "--note",
                    &format!("shell {i}"),
                ])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let text = std::fs::read_to_string(&path).unwrap();
    for i in 0..8 {
        assert!(
            text.contains(&format!("note = \"shell {i}\"")),
            "shell {i}'s deal is missing:\n{text}"
        );
    }
    let v: serde_json::Value =
        serde_json::from_slice(&doko(&["league", "show", &s, "--format", "json"]).stdout).unwrap();
    assert_eq!(v["played"], 8);
    assert_eq!(v["totals"]["Anna"], 8);
}

#[test]
fn add_takes_a_full_record() {
    let (_dir, path, s) = sheet("record", "Anna,Ben,Cara,Dirk");
    let dir = path.parent().unwrap();
    // The normal game of examples/records.toml (Dirk deals, as the sheet's first dealer):
    // Re +13 (see tests/cases/ddv-records.toml).
    let record = dir.join("deal.toml");
    std::fs::write(
        &record,
        r#"players = ["Anna", "Ben", "Cara", "Dirk"]
[[deal]]
calls = ["Anna re 12", "Ben kontra 11", "Cara no90 10"]
tricks = ["CA C9 CK C10", "CA C10 C9 CK", "SA S9 S10 SK", "S9 SA SK S10", "H9 H9 HK HA",
  "HA DK DJ HK", "H10 DQ D9 D9", "D10 DA H10 DA", "CQ SQ CQ DQ", "SQ HQ HQ SJ",
  "D10 DK SJ HJ", "CJ DJ CJ HJ"]
"#,
    )
    .unwrap();
    let out = add(&s, &["--record", record.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("value 13"));
    // A record that breaks the rules is refused and the sheet stays as it was.
    let before = std::fs::read(&path).unwrap();
    let text = std::fs::read_to_string(&record)
        .unwrap()
        .replace("CJ DJ CJ HJ", "CJ DJ CJ CJ");
    std::fs::write(&record, text).unwrap();
    let out = add(&s, &["--record", record.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("CJ played a third time"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// A fresh folder for one test, removed when it ends.
fn folder() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn text(p: &std::path::Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 12, finding 8: `league new` writes any name as valid TOML (a combining accent,
/// a quote, a backslash), and a refused `new` leaves no file behind.
#[test]
fn finding_08_league_new_quotes_every_name_and_leaves_nothing_when_refused() {
    let dir = folder();
    let p = dir.path().join("s.toml");
    let s = p.to_str().unwrap();
    ok(&doko(&[
        "league",
        "new",
        s,
        "--players",
        "Zoe\u{301},B\"en,Ca\\ra,Dirk",
    ]));
    let show = doko(&["league", "show", s, "--format", "json"]);
    ok(&show);
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(v["players"][0], "Zoe\u{301}");
    assert_eq!(v["players"][1], "B\"en");
    assert_eq!(v["players"][2], "Ca\\ra");
    // A refused sheet (a league of 16 deals for a profile ending at a score is fine, but
    // 0 deals is not) is never written: a retry works.
    let q = dir.path().join("t.toml");
    let t = q.to_str().unwrap();
    let out = doko(&["league", "new", t, "--players", "A,B,C,D", "--deals", "0"]);
    assert_eq!(out.status.code(), Some(2), "--deals 0 is a usage error");
    assert!(!q.exists(), "a refused sheet is not left behind");
    ok(&doko(&["league", "new", t, "--players", "A,B,C,D"]));
}

/// Issue 12, finding 9: `undo` removes exactly the last `[[deal]]` table, however its
/// header is written, and keeps tables after it and the user's comments.
#[test]
fn finding_09_undo_removes_only_the_last_deal() {
    let dir = folder();
    let p = dir.path().join("s.toml");
    let s = p.to_str().unwrap();
    std::fs::write(
        &p,
        "players = [\"A\", \"B\", \"C\", \"D\"]\n\n\
         # deal one, checked by Ben\n[[deal]]\nre = [\"A\", \"C\"]\nre_points = 130\n\n\
         [[ deal ]]\nre = [\"A\", \"B\"]\nre_points = 100\n\n\
         [[deal]]   # the third\nre = [\"B\", \"D\"]\nre_points = 150\n\n\
         [league]\nname = \"club night\"\ndeals = 16\n# the end of the sheet\n",
    )
    .unwrap();
    ok(&doko(&["league", "undo", s]));
    let after = text(&p);
    assert!(!after.contains("re_points = 150"), "{after}");
    assert!(
        after.contains("re_points = 100"),
        "one deal removed, not two: {after}"
    );
    assert!(after.contains("# deal one, checked by Ben"), "{after}");
    assert!(after.contains("[league]\nname = \"club night\""), "{after}");
    assert!(after.contains("# the end of the sheet"), "{after}");
    ok(&doko(&["league", "undo", s]));
    ok(&doko(&["league", "undo", s]));
    let out = doko(&["league", "undo", s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no deal to undo"));
    assert!(text(&p).contains("[league]"));
}

/// Issue 12, finding 9: `add` through a symbolic link writes the sheet it points to (the
/// link stays a link); a read-only sheet is refused and left as it was.
#[cfg(unix)]
#[test]
fn finding_09_add_writes_through_a_link_and_refuses_a_read_only_sheet() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder();
    let real = dir.path().join("real.toml");
    let link = dir.path().join("link.toml");
    ok(&doko(&[
        "league",
        "new",
        real.to_str().unwrap(),
        "--players",
        "A,B,C,D",
    ]));
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let l = link.to_str().unwrap();
    ok(&add(l, &["--re", "A,C", "--re-points", "130"]));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        text(&real).contains("re_points = 130"),
        "the real sheet got the deal"
    );

    let before = std::fs::read(&real).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = add(
        real.to_str().unwrap(),
        &["--re", "A,B", "--re-points", "100"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is read-only; nothing was written"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&real).unwrap(), before);
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
}

/// Issue 12, finding 9: a lock held by another process: `add` says who holds it after a
/// second and gives up after `DOKO_LOCK_WAIT` seconds, leaving the sheet as it was.
#[test]
fn finding_09_a_held_lock_is_named_and_given_up_on() {
    use std::io::Write;
    let dir = folder();
    let p = dir.path().join("s.toml");
    let s = p.to_str().unwrap();
    ok(&doko(&["league", "new", s, "--players", "A,B,C,D"]));
    let before = std::fs::read(&p).unwrap();
    let mut held = std::fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .open(format!("{s}.lock"))
        .unwrap();
    held.lock().unwrap();
    writeln!(held, "process 4242 (a test)").unwrap();
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(["league", "add", s, "--re", "A,C", "--re-points", "130"])
        .env("DOKO_LOCK_WAIT", "2")
        .output()
        .unwrap();
    let waited = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("waiting for the lock held by process 4242 (a test)"),
        "{err}"
    );
    assert!(
        err.contains("still locked by process 4242 (a test) after 2 s"),
        "{err}"
    );
    assert!(waited >= std::time::Duration::from_secs(2) && waited.as_secs() < 60);
    assert_eq!(std::fs::read(&p).unwrap(), before);
    drop(held);
    ok(&add(s, &["--re", "A,C", "--re-points", "130"]));
}

/// A sheet that is itself bad (a hand edit gave a deal 300 eyes) is reported as such, not
/// as a bad new deal, and `add` leaves it alone; a bad new deal on a good sheet is not.
#[test]
fn add_tells_a_bad_sheet_from_a_bad_deal() {
    let dir = folder();
    let p = dir.path().join("s.toml");
    let s = p.to_str().unwrap();
    ok(&doko(&["league", "new", s, "--players", "A,B,C,D"]));
    let out = add(s, &["--re", "A,C", "--re-points", "300"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("300 eyes"), "{err}");
    assert!(!err.contains("fix them before adding"), "{err}");
    let mut text = text(&p);
    text.push_str("\n[[deal]]\nre = [\"A\", \"C\"]\nre_points = 300\n");
    std::fs::write(&p, &text).unwrap();
    let out = add(s, &["--re", "A,C", "--re-points", "130"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has errors; fix them before adding"), "{err}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), text);
}

/// Issue 28, Why 1: one sheet reached under two names (a link and its target) takes one
/// lock: 20 adds at once, alternating the names, keep 20 deals.
#[cfg(unix)]
#[test]
fn adds_under_two_names_of_one_sheet_keep_every_deal() {
    let dir = folder();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let real = dir.path().join("real").join("f.toml");
    let link = dir.path().join("f.toml");
    ok(&doko(&[
        "league",
        "new",
        real.to_str().unwrap(),
        "--players",
        "Anna,Ben,Cara,Dirk",
        "--deals",
        "60",
    ]));
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let children: Vec<_> = (0..20)
        .map(|i| {
            let name = if i % 2 == 0 { &link } else { &real };
            Command::new(env!("CARGO_BIN_EXE_doko"))
                .args(["league", "add", name.to_str().unwrap()])
                .args(["--re", "Anna,Ben", "--re-points", "130"])
                .env("DOKO_LOCK_WAIT", "60")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let sheet = text(&real);
    assert_eq!(sheet.matches("[[deal]]").count(), 20, "{sheet}");
    assert!(
        !dir.path().join("f.toml.lock").exists(),
        "one lock, beside the real file"
    );
    // Issue 29, Why 9: the lock file goes with the lock; nothing stays beside the sheet.
    #[cfg(unix)]
    {
        let left: Vec<_> = std::fs::read_dir(real.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["f.toml"], "{left:?}");
    }
}

/// Issue 28, Why 3: a note longer than a sheet keeps (1,000 characters) is refused and the
/// sheet stays byte for byte as it was; 1,000 characters are kept.
#[test]
fn a_note_too_long_is_refused_and_writes_nothing() {
    let (_dir, path, s) = sheet("note", "Anna,Ben,Cara,Dirk");
    let before = std::fs::read(&path).unwrap();
    let long = "x".repeat(1001);
    let out = add(
        &s,
        &["--re", "Anna,Ben", "--re-points", "130", "--note", &long],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`note` has 1001 characters; a sheet keeps 1000 at most"),
        "{err}"
    );
    assert!(err.len() < 400, "the message quotes no whole value: {err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let fits = "y".repeat(1000);
    ok(&add(
        &s,
        &["--re", "Anna,Ben", "--re-points", "130", "--note", &fits],
    ));
}

/// Issue 28, Why 8: `undo` keeps every byte before the removed deal (a CRLF sheet stays
/// CRLF: add then undo gives the same bytes), and undoes a deal of an inline array.
#[test]
fn undo_keeps_every_byte_before_the_deal() {
    let (_dir, path, s) = sheet("crlf", "Anna,Ben,Cara,Dirk");
    let lf = std::fs::read_to_string(&path).unwrap();
    let crlf = lf.replace('\n', "\r\n") + "# our evening\r\n";
    std::fs::write(&path, &crlf).unwrap();
    ok(&add(&s, &["--re", "Anna,Ben", "--re-points", "130"]));
    let added = std::fs::read_to_string(&path).unwrap();
    assert!(added.contains("[[deal]]\r\n"), "{added:?}");
    ok(&doko(&["league", "undo", &s]));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), crlf);

    let inline = lf.replacen(
        "[league]",
        "deal = [{ re = [\"Anna\", \"Ben\"], re_points = 130 }, { re = [\"Anna\", \"Cara\"], re_points = 100 }]\n\n[league]",
        1,
    );
    std::fs::write(&path, &inline).unwrap();
    let out = doko(&["league", "undo", &s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(
        after.contains("re_points = 130") && !after.contains("re_points = 100"),
        "{after}"
    );
}

/// Issue 28, Why 8: the temporary file of a write that was killed half way is removed by
/// the next write of the same sheet; another sheet's is left alone.
#[test]
fn a_killed_writes_temporary_file_is_removed_by_the_next() {
    let (dir, path, s) = sheet("tmp", "Anna,Ben,Cara,Dirk");
    let stale = dir.path().join(".doko-sheet.toml-AbC123.tmp");
    let other = dir.path().join(".doko-other.toml-AbC123.tmp");
    std::fs::write(&stale, "half a sheet").unwrap();
    std::fs::write(&other, "another sheet's").unwrap();
    ok(&add(&s, &["--re", "Anna,Ben", "--re-points", "130"]));
    assert!(!stale.exists(), "the killed write's file is left");
    assert!(other.exists(), "another sheet's file was removed");
    assert!(text(&path).contains("re_points = 130"));
}

/// Issue 29, Why 3: a deal hand-edited to impossible eyes is one error; the deals after it
/// are seated as if it were right (it gave "Cara deals and sits out" for a later deal, and
/// the real mistake last).
#[test]
fn one_wrong_deal_is_one_error() {
    let dir = folder();
    let sheet = dir.path().join("five.toml");
    let s = sheet.to_str().unwrap();
    ok(&doko(&[
        "league",
        "new",
        s,
        "--players",
        "Anna,Ben,Cara,Dirk,Eva",
    ]));
    // Eva deals first and sits out; then Anna, Ben, Cara, Dirk, Eva.
    for re in [
        "Anna,Ben",
        "Ben,Cara",
        "Anna,Cara",
        "Dirk,Eva",
        "Anna,Eva",
        "Anna,Ben",
    ] {
        ok(&add(s, &["-r", re, "-p", "130"]));
    }
    let text = text(&sheet);
    let second = text.match_indices("re_points = 130").nth(1).unwrap().0;
    let edited = format!("{}re_points = 281{}", &text[..second], &text[second + 15..]);
    std::fs::write(&sheet, edited).unwrap();
    let out = doko(&["league", "show", s]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("deal 2, field `re_points`: 281 eyes"), "{err}");
}

/// Issue 29, Why 4 and 5: `league add` says what it recorded (the game, the Re players, the
/// eyes, calls and extras); a lone Re player without a game is refused with the way to say a
/// silent solo (it was stored as one without a word); Kontra with no eyes cannot have
/// caught a fox. A refused add leaves the sheet as it was.
#[test]
fn add_says_what_it_recorded_and_refuses_the_impossible() {
    let dir = folder();
    let sheet = dir.path().join("s.toml");
    let s = sheet.to_str().unwrap();
    ok(&doko(&[
        "league",
        "new",
        s,
        "--players",
        "Anna,Ben,Cara,Dirk",
    ]));
    let out = add(
        s,
        &["-r", "Anna,Cara", "-p", "134", "-c", "re", "-x", "fox"],
    );
    ok(&out);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with(
            "deal 1 of 24: normal, Re Anna Cara 134:106, Re won, value 4 (Re: Re, fox caught)"
        ),
        "{said}"
    );
    let before = std::fs::read(&sheet).unwrap();
    for (args, want) in [
        (
            &["-r", "a", "-p", "130"][..],
            "a Re party of 1 in a normal game; it must have 2 players (a player alone plays a silent solo: give the game as silent-solo, `-g silent-solo`",
        ),
        (
            &["-r", "a,b", "-p", "240", "-X", "fox"][..],
            "field `kontra_extras`: Kontra has 0 eyes, but fox needs tricks of at least 11 eyes",
        ),
        (
            &["-r", "a,b", "-p", "240", "-T", "0", "-X", "karlchen"][..],
            "Kontra won no trick, so it cannot have karlchen",
        ),
    ] {
        let out = add(s, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(std::fs::read(&sheet).unwrap(), before, "{args:?}");
    }
    let out = add(s, &["-r", "a", "-g", "silent-solo", "-p", "130"]);
    ok(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("silent-solo, Re Anna 130:110"));
}

/// Issue 31: penalties (TSR 9). A sheet of 24 deals with two penalties scores, shows (text,
/// JSON, CSV, HTML), settles and undoes; every total is the deals' points plus the
/// penalties, and the totals sum to 0; a refused penalty leaves the file byte for byte.
#[test]
fn penalties_count_everywhere_and_undo_takes_them_back() {
    let (_dir, path, s) = sheet("penalty", "Anna,Ben,Cara,Dirk");
    for args in [
        ["-r", "a,c", "-p", "134"],
        ["-r", "b,d", "-p", "150"],
        ["-r", "a,b", "-p", "100"],
    ] {
        ok(&add(&s, &args));
    }
    let out = doko(&["league", "penalty", &s, "Anna"]);
    ok(&out);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with("penalty: Anna -3 after deal 3: Anna -3, Ben +1, Cara +1, Dirk +1"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    ok(&add(&s, &["-r", "c,d", "-p", "170", "-c", "re"]));
    ok(&doko(&[
        "league",
        "penalty",
        &s,
        "Ben",
        "--points",
        "6",
        "--note",
        "cards shown",
    ]));
    // Refused: 4 points do not divide among three, an unknown player; nothing written.
    let before = std::fs::read(&path).unwrap();
    for args in [
        vec!["league", "penalty", &s, "Cara", "--points", "4"],
        vec!["league", "penalty", &s, "Zoe"],
    ] {
        let out = doko(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{args:?} wrote");
    }
    let json: serde_json::Value =
        serde_json::from_slice(&doko(&["league", "show", &s, "--format", "json"]).stdout).unwrap();
    let pen = json["penalties"].as_array().unwrap();
    assert_eq!(pen.len(), 2, "{json}");
    assert_eq!(pen[0]["after"], 3);
    assert_eq!(pen[1]["after"], 4);
    assert_eq!(pen[1]["note"], "cards shown");
    let players = ["Anna", "Ben", "Cara", "Dirk"];
    let mut sum = 0;
    for p in players {
        let deals: i64 = json["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["scores"][p].as_i64().unwrap_or(0))
            .sum();
        let penalties: i64 = pen.iter().map(|x| x["scores"][p].as_i64().unwrap()).sum();
        let total = json["totals"][p].as_i64().unwrap();
        assert_eq!(total, deals + penalties, "{p}: {json}");
        sum += total;
    }
    assert_eq!(sum, 0);
    // Text, CSV and HTML show both penalties.
    let text = String::from_utf8(doko(&["league", "show", &s]).stdout).unwrap();
    assert_eq!(
        text.matches("penalty").count(),
        3,
        "two rows and the note: {text}"
    );
    let csv = String::from_utf8(doko(&["league", "show", &s, "--format", "csv"]).stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[4].starts_with(",,penalty,Anna,"), "{csv}");
    assert!(lines[6].starts_with(",,penalty,Ben,"), "{csv}");
    let html = String::from_utf8(doko(&["league", "show", &s, "--format", "html"]).stdout).unwrap();
    assert_eq!(html.matches("<tr class=\"penalty\"").count(), 2);
    // Settled on the totals: balances are totals x cents.
    let settled: serde_json::Value = serde_json::from_slice(
        &doko(&[
            "league",
            "settle",
            &s,
            "--cents-per-point",
            "10",
            "--format",
            "json",
        ])
        .stdout,
    )
    .unwrap();
    let anna = json["totals"]["Anna"].as_i64().unwrap() * 10;
    assert!(settled.to_string().contains(&anna.to_string()), "{settled}");
    // The season counts them too.
    let season: serde_json::Value =
        serde_json::from_slice(&doko(&["stats", &s, "--format", "json"]).stdout).unwrap();
    for p in season["players"].as_array().unwrap() {
        let name = p["player"].as_str().unwrap();
        assert_eq!(p["points"], json["totals"][name], "{name}");
    }
    // Undo takes back the last entry: Ben's penalty, the deal, Anna's penalty.
    let said = |out: Output| String::from_utf8(out.stdout).unwrap();
    assert!(said(doko(&["league", "undo", &s])).contains("removed the penalty of Ben (6)"));
    assert!(said(doko(&["league", "undo", &s])).contains("removed deal 4"));
    assert!(said(doko(&["league", "undo", &s])).contains("removed the penalty of Anna (3)"));
    let json: serde_json::Value =
        serde_json::from_slice(&doko(&["league", "show", &s, "--format", "json"]).stdout).unwrap();
    assert_eq!(json["penalties"], serde_json::json!([]));
    assert_eq!(json["played"], 3);
}

/// `doko args` with `DOKO_NOW` standing in for the clock.
fn doko_at(now: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .env("DOKO_NOW", now)
        .output()
        .unwrap()
}

/// A 24-deal sheet with a 100-minute clock started at 19:00, 18 deals added (Anna's and
/// Ben's compulsory solos among them).
fn eighteen_deals(s: &str) {
    let t0 = "2026-11-26T19:00:00Z";
    let players = "Anna,Ben,Cara,Dirk";
    ok(&doko_at(
        t0,
        &["league", "new", s, "--players", players, "--minutes", "100"],
    ));
    ok(&doko_at(
        t0,
        &[
            "league",
            "add",
            s,
            "-g",
            "solo-queens",
            "-P",
            "-r",
            "Anna",
            "-p",
            "150",
        ],
    ));
    ok(&doko_at(
        t0,
        &[
            "league",
            "add",
            s,
            "-g",
            "solo-jacks",
            "-P",
            "-r",
            "Ben",
            "-p",
            "150",
        ],
    ));
    for _ in 3..=18 {
        ok(&doko_at(
            t0,
            &["league", "add", s, "-r", "Anna,Cara", "-p", "130"],
        ));
    }
}

/// Issue 31: a round against the clock (TSR 8.5): `--minutes 100` starts with the first
/// deal and shows the time left, then the time over.
#[test]
fn a_round_against_the_clock_shows_the_time_left() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("round.toml").display().to_string();
    eighteen_deals(&s);
    let text = std::fs::read_to_string(&s).unwrap();
    assert!(
        text.contains("started = \"2026-11-26T19:00:00Z\""),
        "{text}"
    );
    let shown = doko_at("2026-11-26T19:40:00Z", &["league", "show", &s]);
    assert!(String::from_utf8_lossy(&shown.stdout).contains("60 minutes left"));
    let shown = doko_at("2026-11-26T20:45:00Z", &["league", "show", &s]);
    assert!(String::from_utf8_lossy(&shown.stdout).contains("time is up (5 minutes over)"));
}

/// Issue 31: closed after 18 deals with Cara and Dirk still owing their compulsory solos
/// (TSR 8.6), deals 19 and 20 are their forced solos and deal 21 is refused.
#[test]
fn a_round_closed_after_18_deals_ends_with_the_solos_owed() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("round.toml").display().to_string();
    eighteen_deals(&s);
    let t0 = "2026-11-26T19:00:00Z";
    let closed = doko_at("2026-11-26T20:45:00Z", &["league", "close", &s]);
    ok(&closed);
    let said = String::from_utf8_lossy(&closed.stdout);
    assert!(
        said.contains("Cara must play a compulsory solo, round closed after deal 18 at 20:45 UTC; 2 deals left"),
        "{said}"
    );
    // A normal deal is refused; the two forced solos follow; then nothing more.
    let before = std::fs::read(&s).unwrap();
    let normal = ["league", "add", &s, "-r", "Anna,Cara", "-p", "130"];
    assert_eq!(doko_at(t0, &normal).status.code(), Some(1));
    assert_eq!(std::fs::read(&s).unwrap(), before);
    ok(&doko_at(
        t0,
        &[
            "league",
            "add",
            &s,
            "-g",
            "solo-clubs",
            "-r",
            "Cara",
            "-p",
            "150",
        ],
    ));
    let last = doko_at(
        t0,
        &[
            "league",
            "add",
            &s,
            "-g",
            "solo-clubs",
            "-r",
            "Dirk",
            "-p",
            "150",
        ],
    );
    ok(&last);
    assert!(
        String::from_utf8_lossy(&last.stdout)
            .contains("the sheet is complete after 20 deals, round closed after deal 18")
    );
    let refused = doko_at(t0, &normal);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("the sheet is complete after 20 deals")
    );
    // Closing twice is refused.
    assert_eq!(doko_at(t0, &["league", "close", &s]).status.code(), Some(1));
    let json: serde_json::Value =
        serde_json::from_slice(&doko_at(t0, &["league", "show", &s, "--format", "json"]).stdout)
            .unwrap();
    assert_eq!(json["played"], 20);
    assert_eq!(json["complete"], true);
}

/// A `[[penalty]]` after a deal the sheet does not have is refused alike by `league show`,
/// `score` and `stats`, naming its line and `after` (one check, in `book_penalty`).
#[test]
fn a_penalty_after_a_deal_not_played_is_refused_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("late.toml");
    std::fs::write(
        &s,
        "players = [\"A\", \"B\", \"C\", \"D\"]\n[[deal]]\nre = [\"A\", \"C\"]\nre_points = 130\n\
         [[penalty]]\nafter = 3\nplayer = \"B\"\n",
    )
    .unwrap();
    let s = s.to_str().unwrap();
    for args in [
        vec!["league", "show", s],
        vec!["score", s],
        vec!["stats", s],
    ] {
        let out = doko(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "late.toml:5: field `after`: a penalty after deal 3, but the sheet has 1 deals"
            ),
            "{args:?}: {err}"
        );
    }
}
