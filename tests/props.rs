//! Invariants over random input: generated legal deals validate and add up, rows are
//! zero-sum, records round-trip through TOML, and no parser panics on any text.

use doko::PlayDeals;
use doko::deal::records::RecordFile;
use doko::deal::sheet::Sheet;
use doko::deal::{DealFacts, Role};
use doko::game::generate::{Rng, random_deal, write_toml_deal};
use doko::game::play;
use doko::scoring::score_deal;
use doko::variant::Profile;
use doko::{Call, PartyCalls};
use doko::{Contract, Party};
use proptest::prelude::*;

fn names(n: usize) -> Vec<String> {
    ["Anna", "Ben", "Cara", "Dirk", "Eva", "Finn", "Greta"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn check_generated(profile: &Profile, seats: usize, seed: u64) {
    let players = names(seats);
    let mut rng = Rng::new(seed);
    let dealer = rng.below(seats);
    let record = random_deal(profile, &players, dealer, 1, &mut rng);
    let facts = play(&record, profile).unwrap_or_else(|e| panic!("seed {seed}: {e:?}\n{record:?}"));
    let total = profile.deck().total_eyes();
    assert_eq!(
        facts.re_eyes + facts.kontra_eyes,
        total,
        "eyes add up to the deck"
    );
    let tricks = facts.re_tricks.unwrap() as usize + facts.kontra_tricks.unwrap() as usize;
    assert_eq!(
        tricks,
        profile.hand_size(),
        "tricks add up to the hand size"
    );
    let result = score_deal(&facts, profile);
    match profile.scoring.sheet {
        doko::variant::Counting::ZeroSum => {
            assert_eq!(result.scores.iter().sum::<i64>(), 0, "zero-sum row")
        }
        // Only the scoring side writes, never a minus.
        _ => assert!(result.scores.iter().all(|&s| s >= 0), "plus-only row"),
    }
    let players_of_a_deal = profile.deck.players as usize;
    if seats > players_of_a_deal {
        assert_eq!(result.scores[dealer], 0, "the dealer sits out");
        assert_eq!(facts.roles[dealer], Role::Out, "the dealer sits out");
    }
    let out = facts.roles.iter().filter(|r| **r == Role::Out).count();
    assert_eq!(
        out,
        seats - players_of_a_deal,
        "the rest of the table sits out"
    );
    for s in 0..seats {
        assert_eq!(
            facts.roles[s] == Role::Out,
            doko::game::sits_out(seats, players_of_a_deal, dealer, s),
            "seat {s} of {seats}, dealer {dealer}: sits out by the one rule"
        );
    }
    let playing: Vec<i64> = result
        .scores
        .iter()
        .zip(&facts.roles)
        .filter(|(_, r)| **r != Role::Out)
        .map(|(s, _)| *s)
        .collect();
    assert!(
        playing
            .iter()
            .all(|s| s.rem_euclid(2) == playing[0].rem_euclid(2)),
        "all results even or all odd: {playing:?}"
    );

    // The same deal written as TOML and read back gives the same facts.
    let mut text = format!("players = {:?}\n\n", players);
    write_toml_deal(&record, &mut text);
    let file = RecordFile::parse("gen.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let again = file
        .deals(profile)
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again, facts);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_ddv_deals_are_legal_and_add_up(seed in any::<u64>()) {
        let p = Profile::load("ddv", &[]).unwrap();
        check_generated(&p, 4, seed);
        check_generated(&p, 5, seed);
    }

    #[test]
    fn generated_deals_are_legal_under_every_builtin(seed in any::<u64>()) {
        for (name, _) in doko::variant::BUILTIN {
            let p = Profile::load(name, &[]).unwrap();
            // A table of the profile's players, or one more where the dealer only deals.
            let seats = doko::game::smallest_table(&p);
            check_generated(&p, seats, seed);
            // Tables of six and seven: two and three sit out (the dealer and across).
            check_generated(&p, 6, seed);
            check_generated(&p, 7, seed);
        }
    }

    #[test]
    fn generated_deals_are_legal_under_the_poverty_variants(seed in any::<u64>()) {
        for sets in [
            vec![("poverty.partner_by_club_queen", "true")],
            vec![("poverty.only_trumps", "true"), ("poverty.return_trumps", "false")],
            vec![("poverty.count_diamond_ace", "false"), ("poverty.max_trumps", "2")],
        ] {
            let sets: Vec<(String, String)> = sets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            let p = Profile::load("ja-classic", &sets).unwrap();
            check_generated(&p, 4, seed);
        }
    }

    #[test]
    fn replaying_under_a_profile_with_the_same_derivation_equals_playing(seed in any::<u64>()) {
        let ddv = Profile::load("ddv", &[]).unwrap();
        let players = names(4);
        let mut rng = Rng::new(seed);
        let record = random_deal(&ddv, &players, rng.below(4), 1, &mut rng);
        let base = play(&record, &ddv).unwrap();
        for other in ["ja-classic", "house-doubling", "house-solos", "ja-online"] {
            let p = Profile::load(other, &[]).unwrap();
            let direct = play(&record, &p);
            if doko::game::derives_alike(&ddv, &p, &record) {
                let replayed = doko::game::replay(&record, &base, &p);
                prop_assert_eq!(replayed.is_ok(), direct.is_ok(), "{}", other);
                if let (Ok(a), Ok(b)) = (replayed, direct) {
                    prop_assert_eq!(a, b, "{}", other);
                }
            }
        }
    }

    #[test]
    fn replaying_where_the_bids_decide_the_same_game_equals_playing(seed in any::<u64>()) {
        // Profiles that bid in other ways share a play where the bids decide the same game
        // under both (as `compare` does): the bids are the ddv table's.
        let ddv = Profile::load("ddv", &[]).unwrap();
        let players = names(4);
        let mut rng = Rng::new(seed);
        let mut record = random_deal(&ddv, &players, rng.below(4), 1, &mut rng);
        let dealer = record.dealer;
        let Ok(Some(mine)) = doko::game::decide_bids(&record, &ddv, dealer) else {
            return Ok(());
        };
        doko::game::apply_bids(&mut record, &mine);
        let base = play(&record, &ddv).unwrap();
        for other in ["ja-classic", "ja-online", "house-solos"] {
            let p = Profile::load(other, &[]).unwrap();
            let Ok(Some(theirs)) = doko::game::decide_bids(&record, &p, dealer) else {
                continue;
            };
            let same = doko::game::same_game(&record, &mine, &theirs);
            if same && doko::game::Alike::new(&p, &ddv).holds_if(&record, || true) {
                let replayed = doko::game::replay_decided(&record, &base, &p, Some(&theirs));
                let direct = doko::game::play_decided(&record, &p, &theirs);
                prop_assert_eq!(replayed.is_ok(), direct.is_ok(), "{}", other);
                if let (Ok(a), Ok(b)) = (replayed, direct) {
                    prop_assert_eq!(a, b, "{}", other);
                }
            }
        }
    }

    #[test]
    fn a_card_loop_kept_for_the_next_profile_plays_as_a_fresh_one(seed in any::<u64>()) {
        // `compare` keeps a record's card loop for the next profile that plays it in full
        // (doko::game::PlayMemo): every profile's facts are those of a play of its own.
        let players = names(4);
        let mut rng = Rng::new(seed);
        let first = Profile::load(["ddv", "ja-classic", "house-solos"][rng.below(3)], &[]).unwrap();
        let record = random_deal(&first, &players, rng.below(4), 1, &mut rng);
        let mut memo = doko::game::PlayMemo::keeping();
        for name in ["ddv", "ja-online", "ja-classic", "house-solos", "house-schweinchen", "ddv"] {
            let p = Profile::load(name, &[]).unwrap();
            let kept = doko::game::play_kept(&record, &p, &mut memo);
            let fresh = play(&record, &p);
            prop_assert_eq!(kept, fresh, "{}", name);
        }
    }

    #[test]
    fn generated_40_card_deals_are_legal(seed in any::<u64>()) {
        let set = [("deck.ranks".to_string(), r#"["A","10","K","Q","J"]"#.to_string())];
        let p = Profile::load("ddv", &set).unwrap();
        prop_assert_eq!(p.hand_size(), 10);
        check_generated(&p, 4, seed);
    }

    #[test]
    fn summaries_score_zero_sum(
        re_eyes in 0u16..=240,
        re_level in proptest::option::of(0u8..=4),
        kontra_level in proptest::option::of(0u8..=4),
        solo in any::<bool>(),
        extras in proptest::collection::vec((any::<bool>(), 0usize..3), 0..4),
    ) {
        let p = Profile::load("ddv", &[]).unwrap();
        let roles = if solo {
            vec![Role::Kontra, Role::Re, Role::Kontra, Role::Kontra]
        } else {
            vec![Role::Re, Role::Kontra, Role::Re, Role::Kontra]
        };
        let calls = |l: Option<u8>| l.and_then(Call::from_level).map_or(PartyCalls::NONE, PartyCalls::up_to);
        let kinds = [doko::Extra::Fox, doko::Extra::Doppelkopf, doko::Extra::Karlchen];
        let mut re_extras = Vec::new();
        let mut kontra_extras = Vec::new();
        for (re, k) in extras {
            if re { re_extras.push(kinds[k]) } else { kontra_extras.push(kinds[k]) }
        }
        let facts = DealFacts {
            number: 1,
            contract: if solo { Contract::Solo(doko::SoloKind::Queens) } else { Contract::Normal },
            roles,
            re_eyes,
            kontra_eyes: 240 - re_eyes,
            re_tricks: None,
            kontra_tricks: None,
            re_calls: calls(re_level),
            kontra_calls: calls(kontra_level),
            re_extras,
            kontra_extras,
            extras_at: Vec::new(),
            bock: None,
            compulsory: false,
            forced: false,
            dealer: None,
            schweinchen: false,
            clarification: 0,
            knock: None,
            note: None,
            bidding: None,
            genscher: None,
            events: Default::default(),
        };
        let r = score_deal(&facts, &p);
        prop_assert_eq!(r.scores.iter().sum::<i64>(), 0);
        // The winner reached its target and the loser did not.
        if let Some(w) = r.winner {
            prop_assert!(r.items.iter().any(|i| i.party == w && i.item == "won"));
        }
        // Every Re seat gains or loses as Re's net value says, every Kontra seat the
        // other way (a check of the seat scores against the value, not of the value
        // against itself: issue 27).
        for (seat, role) in facts.roles.iter().enumerate() {
            let sign = r.scores[seat].signum();
            match role.party() {
                Some(Party::Re) => prop_assert_eq!(sign, i64::from(r.re_value.signum())),
                Some(Party::Kontra) => prop_assert_eq!(sign, -i64::from(r.re_value.signum())),
                None => prop_assert_eq!(sign, 0),
            }
        }
    }

    #[test]
    fn the_sheet_parser_never_panics(text in "\\PC*") {
        let p = Profile::load("ddv", &[]).unwrap();
        if let Ok(sheet) = Sheet::parse("x.csv", &text) {
            for _ in sheet.deals(&p) {}
        }
    }

    #[test]
    fn the_sheet_parser_never_panics_on_sheet_like_rows(
        cells in proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![
                    Just("re".to_string()), Just("kontra".to_string()), Just("".to_string()),
                    Just("solo-queens".to_string()), Just("wedding".to_string()), Just("no90".to_string()),
                    Just("fox fox fox".to_string()), Just("300".to_string()), Just("-1".to_string()),
                    "[0-9]{1,4}", "\\PC{0,6}",
                ],
                0..13,
            ),
            0..6,
        )
    ) {
        let p = Profile::load("ddv", &[]).unwrap();
        let mut text = String::from("deal,game,Anna,Ben,Cara,Dirk,Eva,re_points,kontra_points,re_calls,kontra_calls,re_extras,re_tricks,kontra_tricks,bock,dealer\n");
        for row in cells {
            text.push_str(&row.join(","));
            text.push('\n');
        }
        if let Ok(sheet) = Sheet::parse("x.csv", &text) {
            for _ in sheet.deals(&p) {}
        }
    }

    #[test]
    fn the_record_parser_never_panics(text in "\\PC*") {
        let p = Profile::load("ddv", &[]).unwrap();
        if let Ok(file) = RecordFile::parse("x.toml", &text) {
            for _ in file.deals(&p) {}
        }
    }

    #[test]
    fn the_record_parser_never_panics_on_mangled_records(seed in any::<u64>(), cut in 0usize..2000, junk in "\\PC{0,8}") {
        // A real record with a piece of it replaced by junk.
        let p = Profile::load("ddv", &[]).unwrap();
        let players = names(4);
        let mut rng = Rng::new(seed);
        let record = random_deal(&p, &players, 3, 1, &mut rng);
        let mut text = format!("players = {:?}\n", players);
        write_toml_deal(&record, &mut text);
        let mut at = cut.min(text.len());
        while !text.is_char_boundary(at) { at -= 1; }
        let end = (at + junk.len()).min(text.len());
        let mut end = end;
        while !text.is_char_boundary(end) { end -= 1; }
        text.replace_range(at..end, &junk);
        if let Ok(file) = RecordFile::parse("x.toml", &text) {
            for _ in file.deals(&p) {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Issue 12, finding 6: with every item at its bound, the largest solo factor, each
    /// call doubling (extras too) and the largest forced multiplier, no score overflows
    /// (tests run with overflow checks: a wrap would panic here).
    #[test]
    fn finding_06_points_at_their_bounds_do_not_overflow(seed in any::<u64>()) {
        let mut sets: Vec<(String, String)> = [
            "extras.fox", "extras.karlchen", "extras.karlchen_caught", "extras.doppelkopf",
            "extras.fox_last_trick", "extras.heart_trick", "extras.dulle_caught",
            "extras.fox_first_trick", "extras.club_queen", "extras.against_the_old",
            "scoring.won", "scoring.under", "scoring.announce", "scoring.call_level",
            "scoring.reached_against", "scoring.defence_won", "scoring.both_called",
        ]
        .iter()
        .map(|k| (k.to_string(), doko::variant::MAX_POINTS.to_string()))
        .collect();
        sets.push(("scoring.solo_factor".into(), doko::variant::MAX_SOLO_FACTOR.to_string()));
        sets.push(("scoring.doubling".into(), "\"each\"".into()));
        sets.push(("scoring.doubling_extras".into(), "true".into()));
        let p = Profile::load("ddv", &sets).unwrap();
        let players = names(4);
        let mut rng = Rng::new(seed);
        let record = random_deal(&p, &players, rng.below(4), 1, &mut rng);
        let mut facts = play(&record, &p).unwrap();
        facts.bock = Some(doko::deal::MAX_BOCK);
        let result = score_deal(&facts, &p);
        prop_assert_eq!(result.scores.iter().sum::<i64>(), 0);
    }
}
