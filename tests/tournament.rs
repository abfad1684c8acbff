//! Tournaments through the command line: the draw seats everyone once a round, at tables
//! of five only where the count needs them, with the fewest repeated pairings (none where
//! that is possible) and the same tables for the same seed; the standings are the sums of
//! the table sheets, ranked by each ranking and its tie-breaks.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use common::run_in as doko;

fn json(dir: &Path, args: &[&str]) -> Value {
    serde_json::from_str(&doko(dir, args)).expect("JSON")
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i:02}")).collect()
}

/// A tournament of `n` players drawn for `rounds` rounds: each round's JSON.
fn drawn(dir: &Path, n: usize, rounds: u32, seed: u64) -> Vec<Value> {
    let players = names(n).join(",");
    doko(
        dir,
        &[
            "tournament",
            "new",
            "cup.toml",
            "--players",
            &players,
            "--rounds",
            &rounds.to_string(),
            "--deals",
            "4",
            "--seed",
            &seed.to_string(),
            "--set",
            "league.compulsory_solos=0",
        ],
    );
    (0..rounds)
        .map(|_| json(dir, &["tournament", "draw", "cup.toml", "--format", "json"]))
        .collect()
}

/// Checks every round seats everyone once; returns how often each pair met.
fn meetings(rounds: &[Value], n: usize) -> BTreeMap<(String, String), u32> {
    let mut met = BTreeMap::new();
    for (r, round) in rounds.iter().enumerate() {
        assert_eq!(round["round"], r as u64 + 1);
        let mut seated: Vec<String> = Vec::new();
        for table in round["tables"].as_array().expect("tables") {
            let players: Vec<String> = table["players"]
                .as_array()
                .expect("players")
                .iter()
                .map(|p| p.as_str().expect("name").to_string())
                .collect();
            for (i, a) in players.iter().enumerate() {
                for b in &players[i + 1..] {
                    *met.entry((a.clone(), b.clone())).or_insert(0) += 1;
                }
            }
            seated.extend(players);
        }
        seated.sort();
        assert_eq!(seated, names(n), "round {}: everyone once", r + 1);
    }
    met
}

fn sizes(round: &Value) -> Vec<usize> {
    round["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|t| t["players"].as_array().expect("players").len())
        .collect()
}

#[test]
fn twelve_players_three_rounds_at_tables_of_four() {
    let dir = tempfile::tempdir().unwrap();
    let rounds = drawn(dir.path(), 12, 3, 7);
    let met = meetings(&rounds, 12);
    for round in &rounds {
        assert_eq!(sizes(round), [4, 4, 4]);
    }
    // A repeat-free second round is impossible for twelve at tables of four (four players
    // from three old tables: two sat together); the least is 3 in round 2 and 6 in round
    // 3 (src/club/draw.rs), and no pair meets a third time.
    let repeats: u32 = met.values().map(|m| m - 1).sum();
    assert_eq!(repeats, 9);
    assert_eq!(rounds[2]["repeated_pairings"], 9);
    assert!(met.values().all(|&m| m <= 2));
    // The same seed draws the same tables.
    let again = tempfile::tempdir().unwrap();
    assert_eq!(drawn(again.path(), 12, 3, 7), rounds);
    let other = tempfile::tempdir().unwrap();
    assert_ne!(drawn(other.path(), 12, 3, 8)[0], rounds[0]);
}

#[test]
fn tables_of_five_only_where_needed_and_the_repeats_that_could_not_be_avoided() {
    for (n, fives, least) in [(13, 1, 12), (16, 0, 0), (30, 2, 0)] {
        let dir = tempfile::tempdir().unwrap();
        let rounds = drawn(dir.path(), n, 3, 7);
        let met = meetings(&rounds, n);
        for round in &rounds {
            let s = sizes(round);
            assert_eq!(s.iter().filter(|&&x| x == 5).count(), fives, "{n}: {s:?}");
            assert!(s.iter().all(|&x| x == 4 || x == 5));
        }
        let repeats: u32 = met.values().map(|m| m - 1).sum();
        assert_eq!(repeats, least, "{n} players: repeated pairings");
        assert_eq!(rounds[2]["repeated_pairings"], u64::from(least));
        eprintln!("{n} players, 3 rounds: {repeats} repeated pairings");
    }
}

/// Fills every table sheet with four deals (the first seat's party wins more as the round
/// goes on) and checks the standings against the sheets, under each ranking.
#[test]
fn standings_are_the_sums_of_the_table_sheets_under_every_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rounds = drawn(d, 12, 3, 11);
    let sums = fill(d, &rounds);
    let cup = std::fs::read_to_string(d.join("cup.toml")).unwrap();
    for ranking in ["sum", "average", "placement"] {
        std::fs::write(
            d.join("cup.toml"),
            cup.replace("ranking = \"sum\"", &format!("ranking = \"{ranking}\"")),
        )
        .unwrap();
        let s = json(d, &["tournament", "show", "cup.toml", "--format", "json"]);
        assert_eq!(s["ranking"], ranking);
        check_ranks(&s, ranking, &sums);
    }
}

/// Four deals at every table; each player's total over her sheets.
fn fill(d: &Path, rounds: &[Value]) -> BTreeMap<String, i64> {
    for (r, round) in rounds.iter().enumerate() {
        for (k, table) in round["tables"].as_array().unwrap().iter().enumerate() {
            let file = table["file"].as_str().unwrap();
            let p: Vec<&str> = table["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            for deal in 0..4 {
                let re = format!("{},{}", p[deal % 4], p[(deal + 1 + r) % 4]);
                let eyes = (100 + 23 * (deal + k + r) % 140).to_string();
                doko(d, &["league", "add", file, "-r", &re, "-p", &eyes]);
            }
        }
    }
    // Each player's total is the sum of her table sheets.
    let mut sums: BTreeMap<String, i64> = BTreeMap::new();
    for round in rounds {
        for table in round["tables"].as_array().unwrap() {
            let sheet = json(
                d,
                &[
                    "league",
                    "show",
                    table["file"].as_str().unwrap(),
                    "--format",
                    "json",
                ],
            );
            for (player, total) in sheet["totals"].as_object().unwrap() {
                *sums.entry(player.clone()).or_insert(0) += total.as_i64().unwrap();
            }
        }
    }
    sums
}

/// Totals are the sheets' sums; ranks follow the ranking's key, then the others, then
/// solos won.
fn check_ranks(s: &Value, ranking: &str, sums: &BTreeMap<String, i64>) {
    {
        let players = s["players"].as_array().unwrap();
        assert_eq!(players.len(), 12);
        for p in players {
            let name = p["player"].as_str().unwrap();
            assert_eq!(p["total"].as_i64(), sums.get(name).copied(), "{name}");
            let rounds: i64 = p["round_points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .sum();
            assert_eq!(p["total"].as_i64(), Some(rounds));
            assert_eq!(p["unfinished"], false);
        }
        // Ranks follow the ranking's key, then the others, then solos won.
        let key = |p: &Value, k: &str| -> f64 {
            match k {
                "sum" => p["total"].as_f64().unwrap(),
                "average" => p["average"].as_f64().unwrap(),
                _ => p["placement"].as_f64().unwrap(),
            }
        };
        let mut order = vec![ranking];
        order.extend(
            ["sum", "average", "placement"]
                .iter()
                .filter(|k| **k != ranking),
        );
        let cmp = |a: &Value, b: &Value| {
            order
                .iter()
                .map(|k| key(b, k).partial_cmp(&key(a, k)).unwrap())
                .find(|o| o.is_ne())
                .unwrap_or_else(|| b["solos_won"].as_u64().cmp(&a["solos_won"].as_u64()))
        };
        for w in players.windows(2) {
            let o = cmp(&w[0], &w[1]);
            assert!(
                o.is_le(),
                "{ranking}: {} before {}",
                w[0]["player"],
                w[1]["player"]
            );
            let (r0, r1) = (
                w[0]["rank"].as_u64().unwrap(),
                w[1]["rank"].as_u64().unwrap(),
            );
            assert_eq!(r0 == r1, o.is_eq(), "{ranking}: ranks {r0} {r1}");
        }
        assert_eq!(players[0]["rank"], 1);
        // Placement points: every table's sum to zero.
        assert_eq!(
            players
                .iter()
                .map(|p| p["placement"].as_i64().unwrap())
                .sum::<i64>(),
            0
        );
    }
}

/// Issue 29, Why 2: a league sheet, a tournament and its tables made with the profile one
/// folder up, from another folder, store the profile relative to themselves: the folder
/// copied to another place (the old one gone) scores from anywhere; the seating plan names
/// the sheets as the user reaches them.
#[test]
fn a_club_folder_moves_with_its_profile() {
    let root = tempfile::tempdir().unwrap();
    let club = root.path().join("club");
    let evenings = club.join("evenings");
    let elsewhere = root.path().join("elsewhere");
    std::fs::create_dir_all(&evenings).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cmd/data/club.toml"),
        club.join("club.toml"),
    )
    .unwrap();
    let profile = club.join("club.toml").display().to_string();
    doko(
        &evenings,
        &[
            "league",
            "new",
            "fri.toml",
            "--players",
            "A,B,C,D",
            "--variant",
            "../club.toml",
        ],
    );
    doko(
        &elsewhere,
        &[
            "tournament",
            "new",
            "../club/evenings/cup.toml",
            "--players",
            "A,B,C,D,E,F,G,H",
            "--rounds",
            "2",
            "--variant",
            &profile,
        ],
    );
    let plan = doko(
        &elsewhere,
        &["tournament", "draw", "../club/evenings/cup.toml"],
    );
    assert!(plan.contains("../club/evenings/cup-r1-t1.toml"), "{plan}");
    for sheet in ["fri.toml", "cup.toml", "cup-r1-t1.toml", "cup-r1-t2.toml"] {
        let text = std::fs::read_to_string(evenings.join(sheet)).unwrap();
        assert!(
            text.contains("variant = \"../club.toml\""),
            "{sheet}: {text}"
        );
    }
    doko(
        &elsewhere,
        &[
            "league",
            "add",
            "../club/evenings/cup-r1-t1.toml",
            "-r",
            "A,B",
            "-p",
            "130",
        ],
    );
    let moved = tempfile::tempdir().unwrap();
    let status = std::process::Command::new("cp")
        .args(["-r", club.to_str().unwrap(), moved.path().to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::remove_dir_all(&club).unwrap();
    let copy = moved.path().join("club/evenings");
    let standings = json(
        root.path(),
        &[
            "tournament",
            "show",
            copy.join("cup.toml").to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert_eq!(standings["players"].as_array().unwrap().len(), 8);
    doko(&copy, &["league", "show", "fri.toml"]);
    doko(
        root.path(),
        &[
            "league",
            "show",
            copy.join("cup-r1-t1.toml").to_str().unwrap(),
        ],
    );
}

/// Issue 31: the plan numbers the seats of every table (TSR 8.4): seat 1 deals first,
/// the last keeps the list, in every format; each table's sheet has seat 1 dealing first.
#[test]
fn the_plan_numbers_the_seats_and_the_sheets_follow() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rounds = drawn(d, 13, 1, 3);
    for table in rounds[0]["tables"].as_array().unwrap() {
        let seats = table["seats"].as_array().unwrap();
        let players = table["players"].as_array().unwrap();
        assert_eq!(seats.len(), players.len());
        for (i, s) in seats.iter().enumerate() {
            assert_eq!(s["seat"], i + 1);
            assert_eq!(s["player"], players[i]);
            assert_eq!(s["deals_first"], i == 0);
            assert_eq!(s["keeps_list"], i + 1 == seats.len());
        }
        let sheet = table["file"].as_str().unwrap();
        let shown = json(d, &["league", "show", sheet, "--format", "json"]);
        assert_eq!(shown["next"]["dealer"], seats[0]["player"], "{sheet}");
    }
    // The text plan and the page say it too.
    doko(
        d,
        &[
            "tournament",
            "new",
            "two.toml",
            "--players",
            &names(8).join(","),
            "--rounds",
            "1",
        ],
    );
    let text = doko(d, &["tournament", "draw", "two.toml"]);
    assert!(
        text.contains("(deals first)") && text.contains("(keeps the list)"),
        "{text}"
    );
}

/// Issue 31: tournament rankings worked by hand, stored as data in
/// `tests/tournament-cases/*.toml`: one table of the listed players, its deals added with
/// `league add`, the ranking's points and ranks as the standings give them.
#[test]
fn every_hand_computed_ranking_case_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    for entry in std::fs::read_dir(root.join("tests/tournament-cases")).unwrap() {
        let path = entry.unwrap().path();
        let case: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let players: Vec<&str> = case["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let deals = case["deals"].as_array().unwrap();
        doko(
            d,
            &[
                "tournament",
                "new",
                "cup.toml",
                "--players",
                &players.join(","),
                "--rounds",
                "1",
                "--deals",
                &deals.len().to_string(),
                "--ranking",
                case["ranking"].as_str().unwrap(),
                "--set",
                "league.compulsory_solos=0",
            ],
        );
        let drawn = json(d, &["tournament", "draw", "cup.toml", "--format", "json"]);
        let sheet = drawn["tables"][0]["file"].as_str().unwrap().to_string();
        for args in deals {
            let mut all = vec!["league".to_string(), "add".into(), sheet.clone()];
            all.extend(
                args.as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap().to_string()),
            );
            let all: Vec<&str> = all.iter().map(String::as_str).collect();
            doko(d, &all);
        }
        let shown = json(d, &["tournament", "show", "cup.toml", "--format", "json"]);
        let line = |p: &str| {
            shown["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["player"] == p)
                .unwrap()
                .clone()
        };
        let expect = case["expect"].as_table().unwrap();
        for (p, v) in expect["seeger"].as_table().unwrap() {
            assert_eq!(
                line(p)["seeger"],
                v.as_integer().unwrap(),
                "{}: {p}",
                path.display()
            );
        }
        for (p, v) in expect["rank"].as_table().unwrap() {
            assert_eq!(
                line(p)["rank"],
                v.as_integer().unwrap(),
                "{}: {p}",
                path.display()
            );
        }
        ran += 1;
    }
    assert!(ran >= 1);
}

/// `tests/team-cases/*.toml`: a team tournament's teams and one round's tables with their
/// deals (the seating fixed in the file, as a draw would write it), the teams' points,
/// match points and ranks as `tournament show` gives them, worked by hand in each file.
#[test]
fn every_hand_computed_team_case_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    for entry in std::fs::read_dir(root.join("tests/team-cases")).unwrap() {
        let path = entry.unwrap().path();
        let case: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let teams = case["team"].as_array().unwrap();
        let tables = case["table"].as_array().unwrap();
        let names = |v: &toml::Value| -> Vec<String> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect()
        };
        let players: Vec<String> = teams.iter().flat_map(|t| names(&t["players"])).collect();
        let deals = tables[0]["deals"].as_array().unwrap().len();
        let mut file = toml::Table::new();
        file.insert("name".into(), "cup".into());
        file.insert("variant".into(), "ddv".into());
        file.insert("set".into(), vec!["league.compulsory_solos=0"].into());
        file.insert("players".into(), players.clone().into());
        file.insert("rounds".into(), 1.into());
        file.insert("deals".into(), (deals as i64).into());
        file.insert("team".into(), case["team"].clone());
        let mut seated = Vec::new();
        for (k, t) in tables.iter().enumerate() {
            let sheet = format!("cup-r1-t{}.toml", k + 1);
            let mut table = toml::Table::new();
            table.insert("table".into(), (k as i64 + 1).into());
            table.insert("file".into(), sheet.clone().into());
            table.insert("players".into(), t["players"].clone());
            seated.push(toml::Value::Table(table));
            let at = names(&t["players"]).join(",");
            let n = deals.to_string();
            let new = [
                "league",
                "new",
                &sheet,
                "--players",
                &at,
                "--deals",
                &n,
                "--set",
                "league.compulsory_solos=0",
            ];
            doko(d, &new);
            for args in t["deals"].as_array().unwrap() {
                let mut all = vec!["league".to_string(), "add".into(), sheet.clone()];
                all.extend(names(args));
                doko(d, &all.iter().map(String::as_str).collect::<Vec<_>>());
            }
        }
        let mut round = toml::Table::new();
        round.insert("number".into(), 1.into());
        round.insert("table".into(), seated.into());
        file.insert("round".into(), vec![toml::Value::Table(round)].into());
        std::fs::write(d.join("cup.toml"), toml::to_string(&file).unwrap()).unwrap();
        let shown = json(d, &["tournament", "show", "cup.toml", "--format", "json"]);
        let line = |team: &str| {
            shown["teams"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["team"] == team)
                .unwrap_or_else(|| panic!("{}: no team {team}: {shown}", path.display()))
                .clone()
        };
        let expect = case["expect"].as_table().unwrap();
        for (key, field) in [
            ("points", "points"),
            ("match_points", "match_points"),
            ("rank", "rank"),
        ] {
            for (team, v) in expect[key].as_table().unwrap() {
                let want = match v {
                    toml::Value::Float(f) => serde_json::json!(f),
                    v => serde_json::json!(v.as_integer().unwrap()),
                };
                assert_eq!(
                    line(team)[field],
                    want,
                    "{}: {team} {field}",
                    path.display()
                );
            }
        }
        // The match points of a group of four add up to 4+3+2+1.
        let mut by_group: BTreeMap<i64, f64> = BTreeMap::new();
        for l in shown["teams"].as_array().unwrap() {
            *by_group.entry(l["group"].as_i64().unwrap()).or_default() +=
                l["match_points"].as_f64().unwrap();
        }
        assert!(by_group.values().all(|&m| m == 10.0), "{by_group:?}");
        ran += 1;
    }
    assert!(ran >= 2);
}

/// Issue 31: a team tournament's draw seats teammates apart and each group of four teams
/// at its own tables, every round; a bad teams file is refused with its line and nothing
/// is written.
#[test]
fn teams_sit_apart_and_groups_keep_to_their_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut text = String::from("# two groups of four teams of four\n");
    let mut team_of = BTreeMap::new();
    for t in 0..8 {
        let players: Vec<String> = (0..4).map(|k| format!("P{t}{k}")).collect();
        for p in &players {
            team_of.insert(p.clone(), t);
        }
        text.push_str(&format!("Team {t}: {}\n", players.join(", ")));
    }
    std::fs::write(d.join("teams.list"), &text).unwrap();
    doko(
        d,
        &[
            "tournament",
            "new",
            "day.toml",
            "--teams",
            "teams.list",
            "--rounds",
            "3",
        ],
    );
    for round in 1..=3 {
        let drawn = json(d, &["tournament", "draw", "day.toml", "--format", "json"]);
        let tables = drawn["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 8, "round {round}");
        for t in tables {
            let mut teams: Vec<usize> = t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| team_of[p.as_str().unwrap()])
                .collect();
            teams.sort_unstable();
            teams.dedup();
            assert_eq!(teams.len(), 4, "round {round}: teammates at {t}");
            // One group's teams: 0-3 or 4-7.
            assert!(teams.iter().all(|&x| x / 4 == teams[0] / 4), "{t}");
        }
    }
    let shown = json(d, &["tournament", "show", "day.toml", "--format", "json"]);
    assert_eq!(shown["teams"].as_array().unwrap().len(), 8);
    // The page and the table show the teams, in German too.
    let page = doko(d, &["tournament", "show", "day.toml", "--format", "html"]);
    assert_eq!(page.matches("<tr data-team=").count(), 8, "{page}");
    let text = doko(d, &["--lang", "de", "tournament", "show", "day.toml"]);
    assert!(
        text.contains("Mannschaften") && text.contains("Matchpunkte"),
        "{text}"
    );
    let csv = doko(d, &["tournament", "show", "day.toml", "--format", "csv"]);
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",team,team_rank,team_match_points,team_points")
    );
    // Refused, nothing written: a line without a colon, a player in two teams, teams of
    // different sizes.
    for (bad, said) in [
        ("Rot Anna, Ben\n", ":1: `Rot Anna, Ben` is not a team"),
        (
            "Rot: Anna, Ben\nBlau: Cara, Anna\n",
            ":2: `Anna` is named twice",
        ),
        (
            "Rot: A, B, C, D\nBlau: E, F, G, H, I\nGelb: J, K, L, M\n",
            "team `Blau` has 5 players",
        ),
    ] {
        std::fs::write(d.join("bad.txt"), bad).unwrap();
        let out = common::command()
            .current_dir(d)
            .args([
                "tournament",
                "new",
                "bad.toml",
                "--teams",
                "bad.txt",
                "--rounds",
                "1",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{said}: {err}");
        assert!(!d.join("bad.toml").exists());
    }
}
