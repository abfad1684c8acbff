//! Issue 31: the rating of `doko stats --rating` (docs/rules.md §14): hand-computed cases
//! stored as data (`tests/ratings/*.toml`), zero-sum deals, a player who wins more rises,
//! the same deals give the same ratings.

mod common;

use common::doko;

fn ratings(files: &[&str]) -> serde_json::Value {
    let mut args = vec!["stats"];
    args.extend(files);
    args.extend(["--rating", "--format", "json"]);
    let out = doko(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_hand_computed_case_holds() {
    let mut ran = 0;
    for entry in std::fs::read_dir("tests/ratings").unwrap() {
        let path = entry.unwrap().path();
        let case: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let sheet = dir.path().join("sheet.csv");
        std::fs::write(&sheet, case["sheet"].as_str().unwrap().trim_start()).unwrap();
        let got = ratings(&[sheet.to_str().unwrap()]);
        for (player, want) in case["expect"].as_table().unwrap() {
            let want = want.as_float().unwrap();
            let r = got["ratings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["player"] == player.as_str())
                .unwrap_or_else(|| panic!("{}: no {player}", path.display()));
            let have = r["rating"].as_f64().unwrap();
            assert!(
                (have - want).abs() < 0.001,
                "{}: {player} {have}, not {want}",
                path.display()
            );
        }
        ran += 1;
    }
    assert!(ran >= 2);
}

/// Over 200 generated deals: every deal's changes sum to zero (the ratings sum to the
/// players' start), the player with the most deals won ends above the start and the one
/// with the fewest below, and the same deals give the same ratings.
#[test]
fn generated_deals_rate_fairly_and_alike() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deals.toml");
    let out = doko(&[
        "generate", "--deals", "200", "--seed", "12", "--format", "toml", "-q",
    ]);
    assert!(out.status.success());
    std::fs::write(&file, &out.stdout).unwrap();
    let f = file.to_str().unwrap();
    let a = ratings(&[f]);
    assert_eq!(a, ratings(&[f]), "the same deals, the same ratings");
    let list = a["ratings"].as_array().unwrap();
    let sum: f64 = list.iter().map(|r| r["rating"].as_f64().unwrap()).sum();
    assert!((sum - 4.0 * 1500.0).abs() < 1e-6, "{sum}");
    for r in list {
        let h = r["history"].as_array().unwrap();
        assert_eq!(h.len(), r["deals"].as_u64().unwrap() as usize + 1);
    }
    let season: serde_json::Value =
        serde_json::from_slice(&doko(&["stats", f, "--format", "json"]).stdout).unwrap();
    let won = |p: &serde_json::Value| p["won"].as_u64().unwrap();
    let players = season["players"].as_array().unwrap();
    let most = players.iter().max_by_key(|p| won(p)).unwrap();
    let fewest = players.iter().min_by_key(|p| won(p)).unwrap();
    let rating = |name: &serde_json::Value| {
        list.iter().find(|r| &r["player"] == name).unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    assert!(rating(&most["player"]) > 1500.0, "{most} won most: {a}");
    assert!(
        rating(&fewest["player"]) < 1500.0,
        "{fewest} won fewest: {a}"
    );
}
