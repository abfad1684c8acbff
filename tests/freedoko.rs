//! Issue 56: FreeDoko's party files. Hand-written parties (each game type, the
//! announcements, Bock, duty solos, Genscher, FreeDoko's other rules) import with every
//! game equal to FreeDoko's points and winner or left out with the reason; the round trip
//! `generate | export freedoko | import freedoko | score` equals `generate | score` under
//! every built-in profile; bad files are refused with their line.

mod common;

use std::path::{Path, PathBuf};

use common::doko;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/freedoko")
        .join(name)
        .display()
        .to_string()
}

fn text(out: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Imports `party` into a sheet in `dir`; the sheet's path, standard output and error.
/// `doko score SHEET --format json` of an imported sheet.
fn scored_json(sheet: &Path) -> serde_json::Value {
    common::json(&doko(&[
        "score",
        sheet.to_str().unwrap(),
        "--format",
        "json",
    ]))
}

fn import(dir: &Path, party: &str) -> (PathBuf, std::process::Output) {
    let sheet = dir.join("sheet.toml");
    let out = doko(&[
        "import",
        "freedoko",
        party,
        "--out",
        sheet.to_str().unwrap(),
    ]);
    (sheet, out)
}

#[test]
fn a_party_under_tournament_rules_imports_game_for_game() {
    let dir = tempfile::tempdir().unwrap();
    let (sheet, out) = import(dir.path(), &fixture("tournament-rules.party"));
    let (said, err) = text(&out);
    // One game left out (a solo doko does not play): a note, exit 0; the reply imports.
    assert_eq!(out.status.code(), Some(0), "{said}{err}");
    assert!(said.contains("17 games"), "{said}");
    assert!(
        said.contains("every game agrees with FreeDoko's points and winner"),
        "{said}"
    );
    assert!(
        err.contains("rule `solo king jack = true`: doko has no such solo"),
        "{err}"
    );
    assert!(err.contains("FreeDoko game 6 ("), "{err}");
    assert!(
        err.contains("the game type `solo king-jack` is one doko does not play"),
        "{err}"
    );
    assert!(!err.contains("FreeDoko game 7"), "{err}");
    assert!(!err.contains("differ"), "{err}");
    // The sheet scores under the profile written beside it, from any folder.
    let profile = dir.path().join("sheet.profile.toml");
    assert!(profile.exists());
    let scored = scored_json(&sheet);
    let deals = scored["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 17);
    // FreeDoko's points of the games written, in order (the fixture's `points`).
    let freedoko = [1, 7, 1, 2, 2, 1, 3, 1, 1, 1, 0, 5, 1, 2, 2, 4, 4];
    for (d, want) in deals.iter().zip(freedoko) {
        let value = d["value"].as_i64().unwrap().abs() * d["multiplier"].as_i64().unwrap();
        assert_eq!(value, want, "{d}");
    }
    assert_eq!(deals[2]["compulsory"], true, "the duty solo");
    assert_eq!(
        deals[6]["items"][1]["item"], "kontra_replied",
        "{}",
        deals[6]
    );
    assert_eq!(deals[10]["contract"], "redeal", "hands thrown in");
    assert_eq!(deals[14]["multiplier"], 2, "Bock after the heart trick");
    assert_eq!(deals[16]["multiplier"], 4, "and after the tie: multiplied");
    // Refusing twice leaves the files as they were.
    let before = std::fs::read(&sheet).unwrap();
    let (_, again) = import(dir.path(), &fixture("tournament-rules.party"));
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(std::fs::read(&sheet).unwrap(), before);
}

/// Every solo kind doko plays and every announcement, won and lost.
#[test]
fn every_game_type_and_announcement_imports_as_freedoko_scored_it() {
    let dir = tempfile::tempdir().unwrap();
    let (sheet, out) = import(dir.path(), &fixture("every-game.party"));
    let (said, err) = text(&out);
    assert!(out.status.success(), "{said}{err}");
    assert!(said.contains("11 games"), "{said}");
    assert!(said.contains("every game agrees"), "{said}");
    let scored = scored_json(&sheet);
    let contracts: Vec<&str> = scored["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["contract"].as_str().unwrap())
        .collect();
    assert_eq!(
        contracts[..7],
        [
            "solo-spades",
            "solo-hearts",
            "solo-diamonds",
            "solo-jacks",
            "solo-kings",
            "solo-queens-jacks",
            "solo-meatless"
        ]
    );
}

#[test]
fn other_rules_map_to_their_keys_and_the_rest_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (_, out) = import(dir.path(), &fixture("house-rules.party"));
    let (said, err) = text(&out);
    assert!(out.status.success(), "{said}{err}");
    assert!(said.contains("5 games"), "{said}");
    assert!(
        err.contains("rule `knocking = true`: FreeDoko's knocking is not Kloepper's"),
        "{err}"
    );
    assert!(
        err.contains("rule `frobnicate = true`: a rule doko does not know"),
        "{err}"
    );
    let profile = std::fs::read_to_string(dir.path().join("sheet.profile.toml")).unwrap();
    for key in [
        "ranks = [\"A\", \"10\", \"K\", \"Q\", \"J\"]",
        "schweinchen = \"DA\"",
        "hyperschweinchen = \"DK\"",
        "doubling = \"each\"",
        "sheet = \"plus-only\"",
        "factor = 3",
        "stacking = \"queue\"",
        "solo_triple_always = true",
        "every_solo_leads = true",
        "wedding_partner = [\"first-trump-trick\"]",
        "kings = 5",
        "reply = \"none\"",
    ] {
        assert!(profile.contains(key), "{key} in\n{profile}");
    }
}

#[test]
fn a_game_doko_scores_otherwise_is_named_with_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(fixture("house-rules.party")).unwrap();
    // Game 1 (the Köhler solo) said to be worth 5.
    let wrong = party.replacen(
        "winnerteam = re\npoints = 1\n",
        "winnerteam = re\npoints = 5\n",
        1,
    );
    assert_ne!(wrong, party);
    let file = dir.path().join("wrong.party");
    std::fs::write(&file, wrong).unwrap();
    let (_, out) = import(dir.path(), file.to_str().unwrap());
    let (said, err) = text(&out);
    // A note, and the sheet written: exit 0; `--check` makes a difference an error.
    assert_eq!(out.status.code(), Some(0));
    assert!(
        err.contains("FreeDoko game 1: FreeDoko 5 for Re, doko 1 for Re"),
        "{err}"
    );
    assert!(said.contains("1 games differ"), "{said}");
    let checked = doko(&[
        "import",
        "freedoko",
        file.to_str().unwrap(),
        "--out",
        dir.path().join("checked.toml").to_str().unwrap(),
        "--check",
    ]);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        dir.path().join("checked.toml").exists(),
        "the sheet is written all the same"
    );
}

/// Issue 67: two parties FreeDoko 0.7.13's AI played and saved itself (its tournament
/// preset; knocking rules with Bock), `tests/freedoko/*.party.saved`: every game imports
/// and scores, through `doko score --format json`, FreeDoko's `points` and `winnerteam`;
/// no line about FreeDoko's display settings; exit 0.
#[test]
fn parties_freedoko_played_import_and_score_as_freedoko_scored_them() {
    let dir = tempfile::tempdir().unwrap();
    for (party, games) in [
        ("tournament.party.saved", 120),
        ("knocking.party.saved", 100),
    ] {
        let written = std::fs::read_to_string(fixture(party)).unwrap();
        let (sheet, out) = import(dir.path(), &fixture(party));
        let (said, err) = text(&out);
        assert_eq!(out.status.code(), Some(0), "{said}{err}");
        assert!(said.contains(&format!("{games} games")), "{said}");
        assert!(said.contains("every game agrees"), "{said}");
        for display in [
            "show if valid",
            "show all hands",
            "card hint",
            "take back tricks",
        ] {
            assert!(!err.contains(display), "{display}: {err}");
        }
        let scored = scored_json(&sheet);
        let deals = scored["deals"].as_array().unwrap();
        assert_eq!(deals.len(), games);
        let summaries: Vec<&str> = written.split("#  game ").skip(1).collect();
        for d in deals {
            let n: usize = d["note"].as_str().unwrap()["FreeDoko #".len()..]
                .parse()
                .unwrap();
            let game = summaries[n];
            let value = |key: &str| {
                game.lines()
                    .find_map(|l| l.strip_prefix(key))
                    .map(|v| v.trim().to_string())
                    .unwrap()
            };
            let points: i64 = value("points = ").parse().unwrap();
            let winner = match value("winnerteam = ").as_str() {
                "re" => serde_json::json!("re"),
                "contra" => serde_json::json!("kontra"),
                _ => serde_json::Value::Null,
            };
            let ours = d["value"].as_i64().unwrap().abs() * d["multiplier"].as_i64().unwrap();
            assert_eq!(
                (ours, &d["winner"]),
                (points, &winner),
                "{party} game {n}: {d}"
            );
        }
        std::fs::remove_file(&sheet).unwrap();
        std::fs::remove_file(dir.path().join("sheet.profile.toml")).unwrap();
    }
}

/// Issue 67: a reply in `highest announcement` reads; a game doko cannot read is left out
/// with its line and reason, and the others are imported.
#[test]
fn a_game_doko_cannot_read_costs_no_other() {
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(fixture("tournament.party.saved")).unwrap();
    let broken = party
        .replacen("trick points = ", "trick points = x", 1)
        .replacen(
            "highest announcement contra = no announcement",
            "highest announcement contra = no 60 reply",
            1,
        );
    let file = dir.path().join("broken.party");
    std::fs::write(&file, broken).unwrap();
    let (sheet, out) = import(dir.path(), file.to_str().unwrap());
    let (said, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{said}{err}");
    assert!(said.contains("119 games"), "{said}");
    assert!(
        err.contains("FreeDoko game 0 (") && err.contains("left out: field `trick points`: `x"),
        "{err}"
    );
    assert!(sheet.exists());
}

#[test]
fn a_bad_party_is_refused_with_its_line_and_a_bad_game_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(fixture("house-rules.party")).unwrap();
    for (name, content, says) in [
        (
            "plain.party",
            "players = 4\n".to_string(),
            "not a FreeDoko party file",
        ),
        (
            "unclosed.party",
            good.replacen("}\n\nplayers", "\nplayers", 1),
            "is not closed",
        ),
        (
            "teams.party",
            good.replacen(
                "teams = re, contra, re, contra",
                "teams = re, contra, rex, contra",
                1,
            ),
            "`rex` is not a team",
        ),
        (
            "eyes.party",
            good.replacen(
                "trick points = 70, 60, 60, 50",
                "trick points = 70, 60, 60",
                1,
            ),
            "3 values, one a player is 4",
        ),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, content).unwrap();
        let (sheet, out) = import(dir.path(), file.to_str().unwrap());
        let (_, err) = text(&out);
        assert!(err.contains(says), "{name}: {err}");
        // A game that does not read is left out; the others are imported (issue 67).
        if name == "teams.party" || name == "eyes.party" {
            assert_eq!(out.status.code(), Some(0), "{name}: {err}");
            assert!(err.contains("left out"), "{name}: {err}");
            assert!(sheet.exists(), "{name}: the others imported");
            std::fs::remove_file(&sheet).unwrap();
            std::fs::remove_file(dir.path().join("sheet.profile.toml")).unwrap();
            continue;
        }
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        // The file, then its line: `wrong.party:90:`.
        let at = err.find(&format!("{name}:")).map(|i| i + name.len() + 1);
        assert!(
            at.is_some_and(|i| err[i..].starts_with(|c: char| c.is_ascii_digit())),
            "{name}: the file and line: {err}"
        );
        assert!(!sheet.exists(), "{name}: nothing written");
    }
}

/// Acceptance 2: every built-in profile's generated deals round-trip through a party file.
#[test]
fn generated_deals_round_trip_through_a_party_file_under_every_profile() {
    let dir = tempfile::tempdir().unwrap();
    for (name, _) in doko::variant::BUILTIN {
        for (seed, format) in [(11u64, "csv"), (12, "jsonl"), (13, "toml")] {
            let d = dir.path().join(format!("{name}-{seed}"));
            std::fs::create_dir_all(&d).unwrap();
            let deals = d.join(format!("deals.{format}"));
            let out = doko(&[
                "generate",
                "--deals",
                "150",
                "--seed",
                &seed.to_string(),
                "--variant",
                name,
                "--format",
                format,
            ]);
            assert!(out.status.success());
            std::fs::write(&deals, &out.stdout).unwrap();
            let deals = deals.to_str().unwrap();
            let party = d.join("deals.party");
            let out = doko(&[
                "export",
                "freedoko",
                deals,
                "--variant",
                name,
                "--out",
                party.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{name}: {}", text(&out).1);
            let (sheet, out) = import(&d, party.to_str().unwrap());
            let (said, err) = text(&out);
            assert!(out.status.success(), "{name} {format}: {said}{err}");
            let direct = doko(&["score", deals, "--variant", name, "--format", "csv"]);
            let back = doko(&["score", sheet.to_str().unwrap(), "--format", "csv"]);
            assert!(back.status.success(), "{name}: {}", text(&back).1);
            assert_eq!(
                text(&direct).0,
                text(&back).0,
                "{name} {format}: the round trip differs"
            );
        }
    }
}

#[test]
fn an_archive_of_two_sessions_is_not_one_party() {
    let archive = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/archive.csv");
    let out = doko(&["export", "freedoko", archive, "--variant", "house-bock"]);
    let (_, err) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("deal 25 begins another session"), "{err}");
}

/// Issue 67: FreeDoko plays hyperswines only under swines; a party that has the first rule
/// on and the second off imports (its profile was refused as a whole).
#[test]
fn hyperswines_without_swines_are_none() {
    let dir = tempfile::tempdir().unwrap();
    let party = std::fs::read_to_string(fixture("tournament.party.saved")).unwrap();
    let both = party
        .replacen("\nhyperswines = false\n", "\nhyperswines = true\n", 1)
        .replacen("\ngenscher = false\n", "\ngenscher = true\n", 1);
    assert_ne!(both, party);
    let file = dir.path().join("hyper.party");
    std::fs::write(&file, both).unwrap();
    let (_, out) = import(dir.path(), file.to_str().unwrap());
    let (said, err) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{said}{err}");
    assert!(
        said.contains("120 games") && said.contains("every game agrees"),
        "{said}"
    );
    let profile = std::fs::read_to_string(dir.path().join("sheet.profile.toml")).unwrap();
    assert!(profile.contains("hyperschweinchen = \"\""), "{profile}");
}
