//! Bids (docs/formats.md section 8): records that carry only their bids derive the same game as
//! the same records written with their contract; archives with bids read alike in every
//! format; bad bids are refused deal by deal (the cases in `tests/cases/bids.toml`).

mod common;

use common::{doko, json};

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
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
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

/// Generated deals with bids, under every profile with a way of bidding: each scores;
/// without `contract`, `declarer` and `compulsory` it scores the same; in an auction, an
/// earlier `normal` changes nothing, and the winner's game lowered to `normal` is refused.
#[test]
fn generated_bids_decide_the_written_game_and_a_lower_bid_is_refused() {
    use doko::Bid;
    use doko::deal::full::Written;
    use doko::game::generate::{Rng, random_compulsory_solo, random_deal};
    use doko::game::play;
    use doko::variant::{BUILTIN, BiddingWay, Profile};
    let mut lowered = 0;
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        if profile.bidding.way == BiddingWay::None {
            continue;
        }
        let mut players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
        if !profile.deck.dealer_plays {
            players.push("Eva".into());
        }
        let mut rng = Rng::new(17);
        for n in 0..300 {
            let dealer = n % players.len();
            let record = if n % 10 == 9 && profile.league.compulsory_solos > 0 {
                random_compulsory_solo(&profile, &players, dealer, n + 1, &mut rng)
            } else {
                random_deal(&profile, &players, dealer, n + 1, &mut rng)
            };
            assert!(!record.bids.is_empty(), "{name}: deal {n} has bids");
            let facts = play(&record, &profile)
                .unwrap_or_else(|e| panic!("{name}: deal {n}: {e:?}\n{:?}", record.bids));
            // Only the bids.
            let mut bare = record.clone();
            bare.written = Written::default();
            bare.contract = Default::default();
            bare.declarer = None;
            bare.compulsory = false;
            bare.wedding_partner = None;
            let again = play(&bare, &profile)
                .unwrap_or_else(|e| panic!("{name}: deal {n} without its contract: {e:?}"));
            assert_eq!(again, facts, "{name}: deal {n}");
            // The auction: a game not above the one before is refused.
            if profile.bidding.way == BiddingWay::Auction {
                let w = bare.bids.iter().position(|b| b.game().is_some());
                if let Some(w) = w
                    && w > 0
                {
                    let mut b = bare.clone();
                    let mut bids = b.bids.to_vec();
                    let first = bids[0].player;
                    bids[0] =
                        Bid::parse(&b.players, &format!("{} normal", b.players[first])).unwrap();
                    b.bids = bids.clone().into();
                    assert_eq!(
                        play(&b, &profile).map(|f| f.contract),
                        Ok(facts.contract),
                        "{name}: {n}"
                    );
                    let winner = bids[w].player;
                    bids[w] =
                        Bid::parse(&b.players, &format!("{} normal", b.players[winner])).unwrap();
                    b.bids = bids.into();
                    let e = play(&b, &profile).unwrap_err();
                    assert!(
                        e.message.to_string().contains("must rank above"),
                        "{name}: {n}: {e:?}"
                    );
                    lowered += 1;
                }
            }
        }
    }
    assert!(
        lowered > 10,
        "the auction's lowered bids were tried {lowered} times"
    );
}
