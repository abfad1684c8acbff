//! Variations of the rules reference (§12) that the existing keys express: deals played
//! under the variation are legal under it, and some are not under `ddv`, so the key
//! really changes the card order.

use doko::game::generate::{Rng, random_deal};
use doko::game::play;
use doko::variant::Profile;

fn check(trumps: &str) {
    refused_elsewhere("ddv", &[("deck.trumps", trumps)], &[], 200);
}

/// Deals generated under `base` with `sets` are legal there; some of them are refused
/// under `other` (the profile `base` with `other` set instead): the key changes play.
/// Returns how many were refused.
fn refused_elsewhere(
    base: &str,
    sets: &[(&str, &str)],
    other: &[(&str, &str)],
    deals: usize,
) -> usize {
    let owned = |s: &[(&str, &str)]| -> Vec<(String, String)> {
        s.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let variation = Profile::load(base, &owned(sets)).unwrap();
    let without = Profile::load(base, &owned(other)).unwrap();
    let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
    let mut rng = Rng::new(11);
    let mut refused = 0;
    for n in 0..deals {
        let record = random_deal(&variation, &players, n % 4, n + 1, &mut rng);
        play(&record, &variation).unwrap_or_else(|e| panic!("{sets:?}: deal {n}: {e:?}"));
        refused += play(&record, &without).is_err() as usize;
    }
    assert!(
        refused > 0,
        "{sets:?}: every deal is also legal under {base} with {other:?}"
    );
    refused
}

#[test]
fn zwingen_generated_deals_are_legal_and_ddv_deals_are_not_all() {
    // Deals with the call Zwingen demands are legal; ddv's own deals often lack it.
    let z = [("calls.zwingen", "true")];
    let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
    let ddv = Profile::load("ddv", &[]).unwrap();
    let zw = Profile::load("ddv", &[(z[0].0.into(), z[0].1.into())]).unwrap();
    let mut rng = Rng::new(3);
    let refused = (0..200)
        .filter(|&n| {
            let record = random_deal(&ddv, &players, n % 4, n + 1, &mut rng);
            play(&record, &zw).is_err()
        })
        .count();
    assert!(refused > 0, "no ddv deal breaks Zwingen");
    // Also where Re is due before the first card, which Zwingen cannot demand after it.
    let early = Profile::load(
        "ddv",
        &[
            (z[0].0.into(), z[0].1.into()),
            ("calls.deadlines".into(), "[0, 2, 4, 6, 8]".into()),
        ],
    )
    .unwrap();
    for profile in [&zw, &early] {
        for n in 0..200 {
            let record = random_deal(profile, &players, n % 4, n + 1, &mut rng);
            play(&record, profile).unwrap_or_else(|e| panic!("deal {n}: {e:?}"));
        }
    }
}

#[test]
fn genscher_and_schweinchen_in_suit_solos_are_generated_and_need_their_keys() {
    // Declared where a player holds both cards: legal with the keys, refused without.
    refused_elsewhere(
        "house-schweinchen",
        &[
            ("deck.genscher", "\"DK\""),
            ("deck.schweinchen_in_suit_solo", "true"),
        ],
        &[],
        600,
    );
}

#[test]
fn the_heart_ten_not_a_trump() {
    check(r#"["CQ","SQ","HQ","DQ","CJ","SJ","HJ","DJ","DA","D10","DK","D9"]"#);
}

#[test]
fn the_diamond_ace_the_top_trump() {
    check(r#"["DA","H10","CQ","SQ","HQ","DQ","CJ","SJ","HJ","DJ","D10","DK","D9"]"#);
}

#[test]
fn the_joker_above_the_heart_ten() {
    // Deals generated with a joker (named first in the trumps) are legal there; ddv has
    // no joker in its deck.
    let trumps = r#"["JK","H10","CQ","SQ","HQ","DQ","CJ","SJ","HJ","DJ","DA","D10","DK","D9"]"#;
    let refused = refused_elsewhere(
        "ddv",
        &[("deck.joker", "true"), ("deck.trumps", trumps)],
        &[],
        100,
    );
    // The joker is in every deal, so ddv refuses each.
    assert_eq!(refused, 100);
    // With the joker unranked (a ♦9) some deals are refused too: the joker won a trick
    // that the ♦9 would not.
    refused_elsewhere(
        "ddv",
        &[("deck.joker", "true"), ("deck.trumps", trumps)],
        &[("deck.joker", "true")],
        100,
    );
}
