//! `doko stats` over several evenings with players who come and go: each player's points
//! and deals are the sums of the evenings', as `score` scores them one by one.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

fn doko(dir: &Path, args: &[&str]) -> Value {
    serde_json::from_str(&common::run_in(dir, args)).unwrap_or(Value::Null)
}

#[test]
fn a_season_is_the_sum_of_its_evenings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A league evening with two newcomers, beside the examples (four and five players).
    doko(
        d,
        &[
            "league",
            "new",
            "tuesday.toml",
            "--players",
            "Anna,Eva,Finn,Ben",
            "--variant",
            "house-bock",
            "--set",
            "league.compulsory_solos=0",
        ],
    );
    for (re, eyes) in [
        ("a,e", "120"),
        ("f,b", "150"),
        ("a,f", "90"),
        ("e,b", "200"),
    ] {
        doko(d, &["league", "add", "tuesday.toml", "-r", re, "-p", eyes]);
    }
    let files: Vec<String> = [
        "examples/evening.csv",
        "examples/five-players.csv",
        "examples/records.toml",
    ]
    .iter()
    .map(|f| root.join(f).display().to_string())
    .chain([d.join("tuesday.toml").display().to_string()])
    .collect();
    let mut points: BTreeMap<String, i64> = BTreeMap::new();
    let mut deals: BTreeMap<String, u64> = BTreeMap::new();
    let mut sheets: BTreeMap<String, u64> = BTreeMap::new();
    for f in &files {
        let scored = doko(d, &["score", f, "--format", "json"]);
        for p in scored["players"].as_array().unwrap() {
            *sheets.entry(p.as_str().unwrap().to_string()).or_default() += 1;
        }
        for deal in scored["deals"].as_array().unwrap() {
            for (player, score) in deal["scores"].as_object().unwrap() {
                *points.entry(player.clone()).or_default() += score.as_i64().unwrap();
            }
            for party in ["re", "kontra"] {
                for p in deal[party].as_array().unwrap() {
                    *deals.entry(p.as_str().unwrap().to_string()).or_default() += 1;
                }
            }
        }
    }
    let mut args = vec!["stats"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--format", "json"]);
    let season = doko(d, &args);
    let players = season["players"].as_array().unwrap();
    assert_eq!(
        players.len(),
        6,
        "Anna, Ben, Cara, Dirk; Eva on two evenings; Finn on one"
    );
    for p in players {
        let name = p["player"].as_str().unwrap();
        assert_eq!(
            p["points"].as_i64(),
            points.get(name).copied(),
            "{name}: points"
        );
        assert_eq!(
            p["deals"].as_u64(),
            deals.get(name).copied(),
            "{name}: deals"
        );
        assert_eq!(
            p["sheets"].as_u64(),
            sheets.get(name).copied(),
            "{name}: sheets"
        );
        let cumulative = season["cumulative"][name].as_array().unwrap();
        assert_eq!(cumulative.len(), files.len());
        assert_eq!(
            cumulative.last().unwrap().as_i64(),
            points.get(name).copied()
        );
        let (re, kontra) = (
            p["re_deals"].as_u64().unwrap(),
            p["kontra_deals"].as_u64().unwrap(),
        );
        assert_eq!(Some(re + kontra), deals.get(name).copied());
    }
    // Best first.
    let pts: Vec<i64> = players
        .iter()
        .map(|p| p["points"].as_i64().unwrap())
        .collect();
    assert!(pts.windows(2).all(|w| w[0] >= w[1]), "{pts:?}");
}

/// Issue 31: a series that counts the best N of M evenings (`stats --best N`), worked by
/// hand in `tests/series-cases/*.toml`: each player's best N, the season's points beside,
/// and the order by the best N.
#[test]
fn every_best_n_of_m_case_holds() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    for entry in std::fs::read_dir(root.join("tests/series-cases")).unwrap() {
        let path = entry.unwrap().path();
        let case: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut files = Vec::new();
        for (i, text) in case["evenings"].as_array().unwrap().iter().enumerate() {
            let f = dir.path().join(format!("evening{}.csv", i + 1));
            std::fs::write(&f, text.as_str().unwrap()).unwrap();
            files.push(f.display().to_string());
        }
        let best = case["best"].as_integer().unwrap().to_string();
        let mut args: Vec<&str> = vec!["stats"];
        args.extend(files.iter().map(String::as_str));
        args.extend(["--best", &best, "--format", "json"]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_doko"))
            .args(&args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let season: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let players = season["players"].as_array().unwrap();
        let order: Vec<&str> = players
            .iter()
            .map(|p| p["player"].as_str().unwrap())
            .collect();
        let want: Vec<&str> = case["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(order, want, "{}", path.display());
        for p in players {
            let name = p["player"].as_str().unwrap();
            assert_eq!(
                p["best_of"],
                case["best_of"][name].as_integer().unwrap(),
                "{name}"
            );
            assert_eq!(
                p["points"],
                case["points"][name].as_integer().unwrap(),
                "{name}"
            );
        }
        ran += 1;
    }
    assert!(ran >= 1);
}
