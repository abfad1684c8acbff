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
