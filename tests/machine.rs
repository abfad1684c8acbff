//! The deal machine beside today's record check (issue 64, step 1 of the machine's way):
//! for generated deals of every built-in profile and odd `--set` mixes, the machine's legal
//! cards at every turn are exactly those today's card order allows, it takes every card of
//! the record in turn, its tricks go to the places whose eyes and tricks the check counts,
//! undo gives back the state before each card, and a record spoilt by a revoke is refused
//! with the check's words.

use doko::deal::full::FullRecord;
use doko::machine::{Deal, Phase, Refusal, Ruleset};
use doko::variant::{BUILTIN, Profile};
use doko::{Card, Party};

/// The profiles the oracle runs: every built-in one, and mixes that change the play.
fn profiles() -> Vec<(String, Profile)> {
    let mut v: Vec<(String, Profile)> = BUILTIN
        .iter()
        .map(|(name, _)| (name.to_string(), Profile::load(name, &[]).unwrap()))
        .collect();
    let mixes: [(&str, &[(&str, &str)]); 5] = [
        ("ddv", &[("deck.dullen", "\"except-last-trick\"")]),
        ("ddv", &[("deck.dullen", "\"off\"")]),
        ("ddv", &[("deck.ranks", r#"["A","10","K","Q","J"]"#)]),
        (
            "house-schweinchen",
            &[("deck.schweinchen_in_suit_solo", "true")],
        ),
        ("kloepper", &[("contracts.allowed", r#"["normal"]"#)]),
    ];
    for (base, sets) in mixes {
        let pairs: Vec<(String, String)> = sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let profile = Profile::load(base, &pairs).unwrap();
        v.push((format!("{base} {sets:?}"), profile));
    }
    v
}

/// Generated deals of `profile` at its smallest table, from `seed`.
fn generated(profile: &Profile, seed: u64) -> doko::game::generate::Deals {
    let seats = doko::game::smallest_table(profile);
    let players: Vec<String> = ["A", "B", "C", "D", "E", "F", "G"][..seats]
        .iter()
        .map(|s| s.to_string())
        .collect();
    doko::game::generate::Deals::new(profile, players, seed).unwrap()
}

/// The seats that get cards, in the order of play from the dealer's left: those who play
/// a card in the record.
fn places(record: &FullRecord) -> Vec<usize> {
    let n = record.players.len();
    let plays = |s: usize| {
        record
            .tricks
            .iter()
            .any(|t| t.iter().any(|(seat, _)| seat == Some(s)))
    };
    (1..=n)
        .map(|k| (record.dealer + k) % n)
        .filter(|&s| plays(s))
        .collect()
}

/// A record's deal in the machine: each place's hand as played (the cards it plays), the
/// leader of trick 1, the order with the raises the record declares.
fn start(rules: &Ruleset, record: &FullRecord) -> (Deal, Vec<usize>) {
    let seats = places(record);
    let mut hands = vec![0u64; seats.len()];
    let mut taken = 0u64;
    for (p, &s) in seats.iter().enumerate() {
        let cards: Vec<Card> = record
            .tricks
            .iter()
            .flat_map(|t| {
                t.iter()
                    .filter(|(seat, _)| *seat == Some(s))
                    .map(|(_, c)| c)
                    .collect::<Vec<_>>()
            })
            .collect();
        hands[p] = rules.hand_mask(&cards, taken).expect("a hand of the deck");
        taken |= hands[p];
    }
    let first = record.tricks.get(0).iter().next().unwrap().0.unwrap();
    let leader = seats.iter().position(|&s| s == first).unwrap() as u8;
    let raises = doko::game::declared_raises(record) as u8;
    let order = rules.order_for(record.contract, raises);
    (Deal::new(rules, &hands, leader, order), seats)
}

/// Today's verdict on the cards of `hand` to a trick led with `led` (`playable`: today's
/// card order's places of the cards that may be played): the distinct cards it allows.
fn old_playable(
    playable: &dyn Fn(&[Card], Option<Card>) -> u64,
    hand: &[Card],
    led: Option<Card>,
) -> std::collections::BTreeSet<Card> {
    let mask = playable(hand, led);
    hand.iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, &c)| c)
        .collect()
}

/// Replays `record` through the machine, checking each turn against today's order, and
/// returns the deal at its end.
fn replay_checked(
    name: &str,
    profile: &Profile,
    rules: &Ruleset,
    record: &FullRecord,
) -> (Deal, Vec<usize>) {
    let (mut deal, seats) = start(rules, record);
    let today = doko::game::deal_order(
        record.contract,
        profile,
        doko::game::declared_raises(record),
    );
    let today = |h: &[Card], led: Option<Card>| today.playable(h, led);
    let number = record.number;
    for (t, trick) in record.tricks.iter().enumerate() {
        let mut led = None;
        for (seat, card) in trick.iter() {
            let place = deal.to_move();
            assert_eq!(
                seat,
                Some(seats[place as usize]),
                "{name} deal {number} trick {}: the machine's turn",
                t + 1
            );
            let hand: Vec<Card> = Deal::cards_of(rules, deal.hand(place)).collect();
            // Each place's count of cards, told without counting them.
            for p in 0..rules.players {
                let count = deal.hand(p).count_ones() as u8;
                assert_eq!(deal.held(rules, p), count, "{name} deal {number}: held");
            }
            let want = old_playable(&today, &hand, led);
            let got: std::collections::BTreeSet<Card> =
                Deal::cards_of(rules, deal.legal_cards(rules)).collect();
            assert_eq!(
                got,
                want,
                "{name} deal {number} trick {}: legal cards",
                t + 1
            );
            let before = deal.clone();
            let delta = deal
                .play_card(rules, card)
                .unwrap_or_else(|r| panic!("{name} deal {number}: {card} refused: {r:?}"));
            let after = deal.clone();
            deal.undo(rules, delta);
            assert_eq!(deal, before, "{name} deal {number} trick {}: undo", t + 1);
            deal.play_card(rules, card).unwrap();
            assert_eq!(deal, after, "{name} deal {number}: the same card again");
            led.get_or_insert(card);
        }
    }
    assert_eq!(deal.phase(), Phase::Over, "{name} deal {number}: over");
    (deal, seats)
}

/// Every generated deal of every profile: the machine agrees with the check on each
/// card's legality, takes the record's cards in turn, and its tricks give each party the
/// eyes and tricks the check counts.
#[test]
fn the_machine_plays_every_generated_deal_as_the_check_does() {
    for (name, profile) in profiles() {
        let rules = Ruleset::compile(&profile);
        // The deck in the order of the ids is the deck's own order: a deal shuffled from
        // either is the same.
        assert_eq!(
            rules.deck_cards(),
            profile.deck().cards(),
            "{name}: the deck"
        );
        let deals = generated(&profile, 64);
        let mut played = 0;
        for record in deals.take(400) {
            if record.tricks.is_empty() {
                continue;
            }
            let facts = doko::game::play(&record, &profile)
                .unwrap_or_else(|e| panic!("{name} deal {}: {e:?}", record.number));
            let (deal, seats) = replay_checked(&name, &profile, &rules, &record);
            played += 1;
            if facts.genscher.is_some() {
                // The parties change with a Genscher: the eyes are the check's to count.
                continue;
            }
            let (mut re_eyes, mut re_tricks) = (0u16, 0u8);
            for (p, &s) in seats.iter().enumerate() {
                if facts.roles[s].party() == Some(Party::Re) {
                    re_eyes += deal.eyes(p as u8);
                }
            }
            for t in 0..rules.hand {
                let w = deal.winner(t).unwrap();
                re_tricks += u8::from(facts.roles[seats[w as usize]].party() == Some(Party::Re));
            }
            let all: u16 = (0..seats.len() as u8).map(|p| deal.eyes(p)).sum();
            assert_eq!(
                all,
                rules.eyes_of(rules.deck()),
                "{name} deal {}: every eye",
                record.number
            );
            assert_eq!(
                re_eyes, facts.re_eyes,
                "{name} deal {}: Re's eyes",
                record.number
            );
            if let Some(t) = facts.re_tricks {
                assert_eq!(re_tricks, t, "{name} deal {}: Re's tricks", record.number);
            }
        }
        assert!(played >= 300, "{name}: {played} deals played");
    }
}

/// A record spoilt by swapping two cards of one player between two tricks: where the
/// check refuses it for a revoke, the machine refuses the same card with the same words;
/// where the check accepts it, so does the machine.
#[test]
fn a_revoke_is_refused_by_the_machine_with_the_checks_words() {
    let en = |t: &doko::lang::Text| t.render(doko::lang::Lang::En);
    let mut revokes = 0;
    for (name, profile) in profiles() {
        let rules = Ruleset::compile(&profile);
        let deals = generated(&profile, 65);
        for record in deals.take(150) {
            if record.tricks.len() < 3 {
                continue;
            }
            // The second card of trick 2 and the same player's card in the last trick.
            let mut tricks: Vec<Vec<(Option<usize>, Card)>> =
                record.tricks.iter().map(|t| t.iter().collect()).collect();
            let (seat, _) = tricks[1][1];
            let last = tricks.len() - 1;
            let Some(j) = tricks[last].iter().position(|(s, _)| *s == seat) else {
                continue;
            };
            let (a, b) = (tricks[1][1].1, tricks[last][j].1);
            tricks[1][1].1 = b;
            tricks[last][j].1 = a;
            let mut spoilt = record.clone();
            spoilt.tricks = tricks.into_iter().collect();
            let checked = doko::game::play(&spoilt, &profile);
            let machine = machine_verdict(&rules, &spoilt);
            match (checked, machine) {
                (Ok(_), Ok(())) => {}
                (Err(c), Err(Some(words))) => {
                    assert_eq!(en(&c.message), words, "{name} deal {}", record.number);
                    revokes += 1;
                }
                (Err(c), Err(None)) => {
                    // Refused by the machine for who plays (the swap moved a trick's
                    // winner): the check refuses it too.
                    let _ = c;
                }
                (c, m) => panic!(
                    "{name} deal {}: check {:?}, machine {:?}",
                    record.number,
                    c.err().map(|e| en(&e.message)),
                    m
                ),
            }
        }
    }
    assert!(revokes >= 100, "{revokes} revokes compared");
}

/// The machine's verdict on a record: accepted, refused with the words of a revoke or a
/// card not held (`Some`), or refused because another place was to play (`None`).
fn machine_verdict(rules: &Ruleset, record: &FullRecord) -> Result<(), Option<String>> {
    let (mut deal, seats) = start(rules, record);
    let names: Vec<&str> = seats.iter().map(|&s| record.players[s].as_str()).collect();
    for trick in record.tricks.iter() {
        for (seat, card) in trick.iter() {
            if seat != Some(seats[deal.to_move() as usize]) {
                return Err(None);
            }
            if let Err(r) = deal.play_card(rules, card) {
                assert!(!matches!(r, Refusal::Over));
                return Err(Some(
                    deal.refusal_text(r, &names).render(doko::lang::Lang::En),
                ));
            }
        }
    }
    Ok(())
}

/// `Deal::play_out` (the generator's loop, the trick under way kept in locals) plays as
/// `play_trusted` card by card: the same draws from the same legal sets give the same deal,
/// from the first card and from the middle of a trick.
#[test]
fn playing_out_is_playing_card_by_card() {
    for (name, profile) in profiles() {
        let rules = Ruleset::compile(&profile);
        for (k, record) in generated(&profile, 5).take(100).enumerate() {
            if record.tricks.is_empty() {
                continue;
            }
            let (mut deal, _) = start(&rules, &record);
            // Some deals are begun card by card, up to the middle of a trick.
            for _ in 0..k % 7 {
                let legal = deal.legal_cards(&rules);
                deal.play_trusted(&rules, legal.trailing_zeros() as u8);
            }
            let mut by_card = deal.clone();
            let mut draws = doko::game::generate::Rng::new(k as u64);
            let mut draw = |legal: u64, size: u32| {
                assert_eq!(size, legal.count_ones(), "{name}: the legal set's size");
                doko::machine::nth_bit(legal, draws.below(size as usize)).unwrap()
            };
            deal.play_out(&rules, &mut draw);
            let mut again = doko::game::generate::Rng::new(k as u64);
            while by_card.phase() == Phase::Playing {
                let legal = by_card.legal_cards(&rules);
                let n = legal.count_ones() as usize;
                let id = doko::machine::nth_bit(legal, again.below(n)).unwrap();
                by_card.play_trusted(&rules, id);
            }
            assert_eq!(deal, by_card, "{name} deal {}", record.number);
        }
    }
}
