//! `doko compare --format json` must say, for each profile, exactly what
//! `doko score --variant X --format json` says.

mod common;

use serde_json::Value;

/// The JSON of `doko ARGS`, run in the project's folder.
fn doko(args: &[&str]) -> Value {
    common::json(&common::run_in_root(args))
}

#[test]
fn compare_json_agrees_with_score_json_for_each_profile() {
    // records.toml's wedding has a late Kontra reply, which ja-online does not allow.
    let all: &[&str] = &["ddv", "ja-online", "ja-classic"];
    let replies: &[&str] = &["ddv", "ja-classic", "house-doubling"];
    for (file, variants) in [
        ("examples/evening.csv", all),
        ("examples/five-players.csv", all),
        ("examples/records.toml", replies),
    ] {
        let compare = doko(&[
            "compare",
            file,
            "--variants",
            &variants.join(","),
            "--format",
            "json",
        ]);
        assert_eq!(compare["variants"], serde_json::json!(variants));
        for &v in variants {
            let score = doko(&["score", file, "--variant", v, "--format", "json"]);
            let deals = score["deals"].as_array().expect("deals");
            let compared = compare["deals"].as_array().expect("deals");
            assert_eq!(deals.len(), compared.len(), "{file} under {v}");
            for (d, c) in deals.iter().zip(compared) {
                assert_eq!(&c["results"][v], d, "{file}, deal {} under {v}", d["deal"]);
            }
            assert_eq!(
                compare["totals"][v], score["totals"],
                "{file} totals under {v}"
            );
        }
    }
}

/// `compare --summary --format csv` has a row per profile and player with what the JSON
/// says (it was the text table before).
#[test]
fn compare_summary_csv_says_what_its_json_says() {
    let args = [
        "compare",
        "examples/five-players.csv",
        "--variants",
        "ddv,ja-online,house-solos",
        "--summary",
        "--format",
    ];
    let json = doko(&[&args[..], &["json"]].concat());
    let out = common::run_in_root(&[&args[..], &["csv"]].concat());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("variant,player,points,won,scored,not_allowed")
    );
    let mut rows = 0;
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let r = &json["results"][f[0]];
        assert_eq!(f[2], r["totals"][f[1]].to_string(), "{line}");
        assert_eq!(f[3], r["won"][f[1]].to_string(), "{line}");
        assert_eq!(f[4], r["scored"].to_string(), "{line}");
        assert_eq!(f[5], r["not_allowed"].to_string(), "{line}");
        rows += 1;
    }
    let players = json["results"]["ddv"]["totals"]
        .as_object()
        .expect("totals")
        .len();
    assert_eq!(rows, 3 * players);
    assert_eq!(players, 5);
}
