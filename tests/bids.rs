//! Bids (formats.md section 8): records that carry only their bids derive the same game as
//! the same records written with their contract; archives with bids read alike in every
//! format; bad bids are refused deal by deal (the cases in `tests/cases/bids.toml`).

use std::process::{Command, Output};

fn doko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .output()
        .expect("doko runs")
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What a deal's score says of its game: everything but the bidding's own account.
fn game(deal: &serde_json::Value) -> serde_json::Value {
    let mut d = deal.clone();
    d.as_object_mut().unwrap().remove("bidding");
    d
}

#[test]
fn records_with_only_bids_score_as_the_records_with_their_contract() {
    // Each way of bidding: ddv and house-solos (reservation round), ja-classic (round,
    // later games outbid), ja-online (auction), ja-wiki (declarations, the dealer sits
    // out). 60 deals each from `doko generate --seed 5`, with bids or with the contract.
    for v in ["ddv", "house-solos", "ja-classic", "ja-online", "ja-wiki"] {
        let bids = json(&doko(&[
            "score",
            &format!("tests/bids/{v}-bids.toml"),
            "--format",
            "json",
        ]));
        let explicit = json(&doko(&[
            "score",
            &format!("tests/bids/{v}-explicit.toml"),
            "--format",
            "json",
        ]));
        let (a, b) = (
            bids["deals"].as_array().unwrap(),
            explicit["deals"].as_array().unwrap(),
        );
        assert_eq!(a.len(), 60, "{v}");
        for (x, y) in a.iter().zip(b) {
            assert_eq!(game(x), game(y), "{v}");
        }
        assert_eq!(bids["totals"], explicit["totals"], "{v}");
        // The bids-only file states no contract: it is derived.
        let text = std::fs::read_to_string(format!("tests/bids/{v}-bids.toml")).unwrap();
        assert!(!text.contains("\ncontract = "), "{v}");
        assert!(text.contains("\nbids = "), "{v}");
    }
}

#[test]
fn archives_with_bids_score_alike_in_every_format() {
    let dir = std::env::temp_dir().join(format!("doko-bids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for v in ["ddv", "ja-online", "ja-wiki"] {
        let mut outputs = Vec::new();
        for format in ["csv", "jsonl", "toml"] {
            let out = doko(&[
                "generate",
                "--deals",
                "200",
                "--seed",
                "9",
                "--variant",
                v,
                "--format",
                format,
            ]);
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains("healthy") || text.contains("pass") || text.contains("gesund"));
            let path = dir.join(format!("{v}.{format}"));
            std::fs::write(&path, &text).unwrap();
            let scored = doko(&[
                "score",
                path.to_str().unwrap(),
                "--variant",
                v,
                "--format",
                "json",
            ]);
            let j = json(&scored);
            outputs.push((j["deals"].clone(), j["totals"].clone()));
        }
        assert_eq!(outputs[0], outputs[1], "{v}: csv and jsonl");
        assert_eq!(outputs[0], outputs[2], "{v}: csv and toml");
    }
}
