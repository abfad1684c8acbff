//! Variations of the rules reference (§12) that the existing keys express: deals played
//! under the variation are legal under it, and some are not under `ddv`, so the key
//! really changes the card order.

use doko::generate::{Rng, random_deal};
use doko::play::play;
use doko::variant::Profile;

fn check(trumps: &str) {
    let set = [("deck.trumps".to_string(), trumps.to_string())];
    let variation = Profile::load("ddv", &set).unwrap();
    let ddv = Profile::load("ddv", &[]).unwrap();
    let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
    let mut rng = Rng::new(11);
    let mut refused_by_ddv = 0;
    for n in 0..200 {
        let record = random_deal(&variation, &players, n % 4, n + 1, &mut rng);
        play(&record, &variation).unwrap_or_else(|e| panic!("deal {n}: {e:?}"));
        refused_by_ddv += play(&record, &ddv).is_err() as usize;
    }
    assert!(
        refused_by_ddv > 0,
        "{trumps}: every deal is also legal under ddv"
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
