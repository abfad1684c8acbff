//! The deal played step by step (`doko::game`, the engine under the Python `doko.Game`):
//! random legal play under every built-in profile ends in a record that the scoring path of
//! `doko score` plays and scores to the game's own returns; every action offered is taken,
//! and actions not offered are refused with a reason.

use doko::engine::{Document, InputFormat};
use doko::game::generate::Rng;
use doko::game::{Action, Game, Phase};
use doko::variant::{BUILTIN, Profile};

/// Scores a one-deal TOML record file as `doko score` reads it.
fn scored(text: &str, profile: &Profile) -> Vec<i64> {
    let doc = Document::from_text("game.toml", InputFormat::Toml, text);
    let input = doc.open().unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let mut session = doko::scoring::Session::new(input.players().to_vec());
    let mut last = Vec::new();
    for deal in input.deals(profile) {
        let facts = deal.unwrap_or_else(|e| panic!("{}\n{text}", e.render(doko::lang::Lang::En)));
        last = session.score(&facts, profile).0.scores;
    }
    last
}

fn random_game(profile: &Profile, seed: u64, rng: &mut Rng) -> Game {
    let seats = doko::game::smallest_table(profile);
    let players: Vec<String> = (1..=seats).map(|i| format!("P{i}")).collect();
    let mut g = Game::new(
        profile,
        Some(players),
        (seed % seats as u64) as usize,
        seed,
        None,
    )
    .unwrap();
    let all = g.action_count();
    while !g.is_over() {
        let legal = g.legal_actions();
        assert!(
            !legal.is_empty(),
            "{}: no action at {:?}: {:?}",
            profile.name,
            g.phase(),
            g.bids().iter().map(|b| b.text.clone()).collect::<Vec<_>>()
        );
        // Now and then an action not offered: refused, nothing changes.
        if rng.chance(20) {
            let id = rng.below(all);
            if let Some(a) = g.action_of(id)
                && !legal.contains(&a)
            {
                let before = g.history().len();
                assert!(
                    g.apply(a).is_err(),
                    "{}: {a:?} not offered but taken",
                    profile.name
                );
                assert_eq!(g.history().len(), before);
            }
        }
        // The rarer games (a poverty, a redeal, a wedding) taken where offered, more often
        // than by chance; healthy or passing half the time, else a game at random.
        let special: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| {
                let n = g.action_name(a);
                ["poverty", "redeal", "wedding", "diamond"]
                    .iter()
                    .any(|w| n.contains(w))
            })
            .collect();
        let plain: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| ["healthy", "pass"].contains(&g.action_name(a).as_str()))
            .collect();
        let a = if !special.is_empty() && rng.chance(60) {
            special[rng.below(special.len())]
        } else if !plain.is_empty() && rng.chance(50) {
            plain[rng.below(plain.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        if let Err(e) = g.apply(a) {
            panic!(
                "{}: offered {a:?} refused: {}",
                profile.name,
                e.render(doko::lang::Lang::En)
            );
        }
    }
    g
}

#[test]
fn random_games_score_as_their_records() {
    let mut rng = Rng::new(7);
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let mut contracts = std::collections::BTreeSet::new();
        for seed in 0..400u64 {
            let g = random_game(&profile, seed, &mut rng);
            let returns = g.returns().unwrap().unwrap_or_else(|e| {
                panic!("{name} seed {seed}: {}", e.render(doko::lang::Lang::En))
            });
            let text = g.record_toml(name).unwrap();
            assert_eq!(
                scored(&text, &profile),
                returns,
                "{name} seed {seed}:\n{text}"
            );
            contracts.insert(format!("{:?}", g.contract().map(|c| c.0)));
        }
        eprintln!("{name}: {contracts:?}");
    }
}

#[test]
fn undo_goes_back_one_action() {
    let profile = Profile::load("ddv", &[]).unwrap();
    let mut g = Game::new(&profile, None, 0, 3, None).unwrap();
    let mut rng = Rng::new(1);
    let mut states = Vec::new();
    while !g.is_over() {
        let legal = g.legal_actions();
        states.push((g.current_player(), legal.clone(), g.phase()));
        g.apply(legal[rng.below(legal.len())]).unwrap();
    }
    while let Some((player, legal, phase)) = states.pop() {
        assert!(g.undo());
        assert_eq!(g.current_player(), player);
        assert_eq!(g.legal_actions(), legal);
        assert_eq!(g.phase(), phase);
    }
    assert!(!g.undo());
    assert_eq!(g.phase(), Phase::Bidding);
    // A card before the bidding is over is refused with the reason.
    let card = Action::Card(g.hand(1)[0]);
    let e = g.apply(card).unwrap_err();
    assert!(
        e.render(doko::lang::Lang::En)
            .contains("bidding is not over")
    );
}

/// Undo goes back to exactly the game before (what every player sees, the actions offered,
/// the history), under every built-in profile, by the step each action kept (a card or a
/// call its few values, a statement by the statements before it); a copy undoes on its
/// own; after an undo other actions may be taken.
#[test]
fn undo_restores_every_state_and_copies_keep_theirs() {
    let mut rng = Rng::new(61);
    for (name, _) in doko::variant::BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        for seed in 0..40u64 {
            let mut g = Game::new(&profile, None, 0, seed, None).unwrap();
            let seats = g.players().len();
            let seen = |g: &Game| -> Vec<String> {
                let mut v: Vec<String> = (0..seats)
                    .map(|s| serde_json::to_string(&g.observation(s)).unwrap())
                    .collect();
                v.push(format!("{:?} {:?}", g.legal_actions(), g.history()));
                v
            };
            let mut states = Vec::new();
            while !g.is_over() {
                let legal = g.legal_actions();
                states.push(seen(&g));
                g.apply(legal[rng.below(legal.len())]).unwrap();
                // Now and then a step back and another action.
                if rng.chance(10) {
                    let copy = g.clone();
                    assert!(g.undo());
                    assert_eq!(seen(&g), states.pop().unwrap(), "{name} seed {seed}");
                    assert_eq!(copy.history().len(), g.history().len() + 1);
                    states.push(seen(&g));
                    let legal = g.legal_actions();
                    g.apply(legal[rng.below(legal.len())]).unwrap();
                }
            }
            let end = seen(&g);
            let mut copy = g.clone();
            while let Some(state) = states.pop() {
                assert!(copy.undo());
                assert_eq!(seen(&copy), state, "{name} seed {seed}");
            }
            assert!(!copy.undo());
            assert_eq!(seen(&g), end, "the game undone was a copy");
        }
    }
}

/// Plays many random deals (for profiling: `cargo test --release --test game -- --ignored`).
#[test]
#[ignore]
fn many_random_deals() {
    let profile = Profile::load("ddv", &[]).unwrap();
    let mut rng = Rng::new(5);
    for seed in 0..300 {
        let mut g = Game::new(&profile, None, 0, seed, None).unwrap();
        while !g.is_over() {
            let legal = g.legal_actions();
            g.apply(legal[rng.below(legal.len())]).unwrap();
        }
        assert!(g.returns().unwrap().is_ok());
    }
}

/// A finished deal's record as JSON (the TOML file's fields, docs/formats.md section 4) scores
/// as its TOML; an error in a JSON file names the deal and the field, and no line.
#[test]
fn a_json_record_file_scores_as_its_toml() {
    let profile = Profile::load("ja-classic", &[]).unwrap();
    let mut rng = Rng::new(9);
    for seed in 0..40 {
        let g = random_game(&profile, seed, &mut rng);
        let text = g.record_toml("ja-classic").unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap();
        let json = serde_json::to_string(&table).unwrap();
        let doc = Document::from_text("game.json", InputFormat::Json, &json);
        let input = doc.open().unwrap();
        let facts = input.deals(&profile).next().unwrap().unwrap();
        let mut session = doko::scoring::Session::new(input.players().to_vec());
        assert_eq!(
            session.score(&facts, &profile).0.scores,
            scored(&text, &profile)
        );
    }
    let bad =
        r#"{"players": ["A", "B", "C", "D"], "deal": [{"re": ["A", "C"], "re_points": 300}]}"#;
    let doc = Document::from_text("bad.json", InputFormat::Json, bad);
    let input = doc.open().unwrap();
    let e = input.deals(&profile).next().unwrap().unwrap_err();
    assert_eq!(
        (e.at.line, e.at.deal, e.at.field.as_deref()),
        (None, Some(1), Some("re_points"))
    );
    let broken = Document::from_text("broken.json", InputFormat::Json, "{\"players\": [");
    assert_eq!(broken.open().unwrap_err().at.line, Some(1));
}

/// A seat name with white space, `,`, `:` or `;` is refused at the start: the game's statements
/// are entries `<name> <word>` (such a name left her none to make, and the game stuck with
/// no action to take) and its record is a deal written in full. Other names play out.
#[test]
fn names_a_record_cannot_carry_are_refused() {
    let ddv = Profile::load("ddv", &[]).unwrap();
    let names = |s: [&str; 4]| Some(s.iter().map(|n| n.to_string()).collect::<Vec<_>>());
    for bad in [
        ["Ann Lee", "Ben", "Cara", "Dirk"],
        ["Ann", "B:b", "Cara", "Dirk"],
        ["Ann", "Ben", "C;c", "Dirk"],
        ["Ann", "Ben", "Cara", "D,d"],
    ] {
        let refused = Game::new(&ddv, names(bad), 0, 1, None)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} accepted"));
        assert!(
            refused
                .render(doko::lang::Lang::En)
                .contains("holds white space, `,`, `:` or `;`"),
            "{bad:?}"
        );
    }
    let mut g = Game::new(&ddv, names(["Dörte", "A\"a", "B|b", "C@c"]), 0, 1, None).unwrap();
    let mut rng = Rng::new(3);
    while !g.is_over() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "no action to take");
        g.apply(legal[rng.below(legal.len())]).unwrap();
    }
    let record = g.record_toml("ddv").expect("a record of the finished deal");
    assert_eq!(scored(&record, &ddv), g.returns().unwrap().unwrap());
}

/// The test's own small model of the rules of calls (docs/rules.md §5, the profile's
/// `[calls]`): the calls a player of `party` with `in_hand` cards may make after `made`
/// (the deal's calls so far, each with its caller's party), in a deal whose deadlines are
/// not moved (no wedding). A call of a level says the lower ones of her party too; each is
/// in time where its deadline allows, a Re or Kontra also as a reply (one card after the
/// opponents' latest deadline) where the profile has one; after a late reply under the
/// TSR the party may call nothing of its own; under `further_only_first_no90` only the
/// party that said no 90 first goes on. Her own Re or Kontra once her partner said it is
/// offered too (callers count); a call that says nothing new is not.
fn model_calls(
    profile: &Profile,
    made: &[(usize, doko::Party, u8, u8)],
    seat: usize,
    party: doko::Party,
    in_hand: u8,
) -> Vec<u8> {
    use doko::variant::Reply;
    let rules = &profile.calls;
    let hand = profile.hand_size();
    let deadline = |level: u8| usize::from(rules.deadlines[usize::from(level)]);
    // Replays the calls made, then tries each level: Some(new state) where it is taken.
    #[derive(Clone, Default)]
    struct State {
        highest: [Option<u8>; 2],
        latest: [Option<usize>; 2],
        late_reply: [bool; 2],
        first_no90: Option<usize>,
        own: std::collections::BTreeMap<usize, u8>,
    }
    let take = |s: &mut State, seat: usize, p: usize, level: u8, in_hand: u8| -> bool {
        if s.own.get(&seat).is_some_and(|&o| level <= o) {
            return false;
        }
        s.own.insert(seat, level);
        let played = hand - usize::from(in_hand);
        let from = s.highest[p].map_or(0, |h| h + 1);
        for k in from..=level {
            if rules.further_only_first_no90 && k >= 1 {
                let first = *s.first_no90.get_or_insert(p);
                if k >= 2 && first != p {
                    return false;
                }
            }
            let mut ok = played <= deadline(k);
            if !ok && k == 0 && rules.reply != Reply::None {
                ok = s.latest[1 - p].is_some_and(|d| played <= d + 1);
                s.late_reply[p] = ok;
            } else if k > 0 && s.late_reply[p] && rules.reply == Reply::Announce {
                return false;
            }
            if !ok {
                return false;
            }
            s.latest[p] = Some(deadline(k));
        }
        s.highest[p] = Some(s.highest[p].map_or(level, |h| h.max(level)));
        true
    };
    let mut state = State::default();
    for &(seat, p, level, in_hand) in made {
        assert!(
            take(&mut state, seat, p as usize, level, in_hand),
            "a call made is taken"
        );
    }
    let p = party as usize;
    (0..rules.levels)
        .filter(|&level| match state.highest[p] {
            // A partner's own Re counts only where each caller scores it.
            Some(h) => {
                level > h
                    || (level == 0
                        && profile.scoring.announce_per_caller
                        && !state.own.contains_key(&seat))
            }
            None => true,
        })
        .filter(|&level| take(&mut state.clone(), seat, p, level, in_hand))
        .collect()
}

/// Random play under every built-in profile, 500 deals each: before each card the calls
/// offered are exactly those of the test's own model of the deadlines (replies included),
/// in every deal but a wedding (whose deadlines move with the trick that settles it).
/// Under the DDV's and the reference page's rules replies are offered (TSR 6.5).
#[test]
fn the_calls_offered_are_those_the_rules_allow() {
    let mut rng = Rng::new(49);
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let hand = profile.hand_size() as u8;
        let (mut checked, mut replies) = (0usize, 0usize);
        for seed in 0..500u64 {
            let seats = doko::game::smallest_table(&profile);
            let mut g =
                Game::new(&profile, None, (seed % seats as u64) as usize, seed, None).unwrap();
            while !g.is_over() {
                let legal = g.legal_actions();
                if g.phase() == Phase::Playing
                    && g.contract().is_some_and(|c| c.0 != doko::Contract::Wedding)
                {
                    let seat = g.current_player().unwrap();
                    let party = g.party(seat).unwrap();
                    // The winning statement's condition (an auction's last game: `solo-hearts
                    // no90`), said in the bidding with a full hand, then the calls of the play.
                    let won = g.bids().iter().rev().find(|b| !b.text.ends_with(" pass"));
                    let condition = won.and_then(|b| {
                        let words: Vec<&str> = b.text.split_whitespace().collect();
                        let level = ["re", "no90", "no60", "no30", "schwarz"]
                            .iter()
                            .position(|w| words.contains(w))?;
                        Some((b.player, level as u8))
                    });
                    let mut made: Vec<_> = condition
                        .map(|(p, level)| (p, g.party(p).unwrap(), level, hand))
                        .into_iter()
                        .collect();
                    made.extend(g.calls().iter().map(|e| {
                        (
                            e.player,
                            g.party(e.player).unwrap(),
                            e.call.level(),
                            e.cards_in_hand,
                        )
                    }));
                    let in_hand = g.hand(seat).len() as u8;
                    let want = model_calls(&profile, &made, seat, party, in_hand);
                    let offered: Vec<u8> = legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::Call(c) => Some(c.level()),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(
                        offered,
                        want,
                        "{name} seed {seed}: {} with {in_hand} cards after {:?}",
                        g.players()[seat],
                        g.calls().iter().map(|e| e.text.clone()).collect::<Vec<_>>()
                    );
                    checked += 1;
                    let own_party_called = made.iter().any(|m| m.1 == party);
                    let late =
                        usize::from(hand - in_hand) > usize::from(profile.calls.deadlines[0]);
                    if offered.contains(&0) && late && !own_party_called {
                        replies += 1;
                    }
                }
                // Calls a third of the time where offered, so that replies come up.
                let calls: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Call(_)))
                    .collect();
                let a = if !calls.is_empty() && rng.chance(30) {
                    calls[rng.below(calls.len())]
                } else {
                    let cards: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| !matches!(a, Action::Call(_)))
                        .collect();
                    cards[rng.below(cards.len())]
                };
                g.apply(a).unwrap();
            }
            assert!(g.returns().unwrap().is_ok(), "{name} seed {seed}");
        }
        assert!(checked > 1000, "{name}: {checked} moments checked");
        let has_reply =
            profile.calls.reply != doko::variant::Reply::None && profile.calls.levels > 0;
        assert_eq!(replies > 0, has_reply, "{name}: {replies} replies offered");
    }
}

/// The online rules' auction (docs/formats.md section 8): a game may carry a condition (a call
/// of the bidder's party with a full hand), a normal game may be said too, and the bride
/// names how her partner is found where the profile lets her choose
/// (`contracts.wedding_partner` with more than one way). Random play offers and plays them,
/// and each such deal's record scores to the game's returns.
#[test]
fn the_auction_offers_conditions_and_the_brides_choice() {
    let profile = Profile::load("ja-online", &[]).unwrap();
    let words = Game::new(&profile, None, 0, 1, None)
        .unwrap()
        .bid_words()
        .to_vec();
    for w in [
        "normal",
        "normal re",
        "solo-queens schwarz",
        "wedding first-trump-trick",
        "wedding no90 first-trick",
    ] {
        assert!(words.iter().any(|x| x == w), "{w} not among {words:?}");
    }
    assert!(!words.iter().any(|x| x.starts_with("redeal ")), "{words:?}");
    let mut rng = Rng::new(3);
    let mut conditions = 0;
    for seed in 0..300u64 {
        let g = random_game(&profile, seed, &mut rng);
        let won = g.bids().iter().rev().find(|b| !b.text.ends_with(" pass"));
        if let Some(b) = won {
            let said: Vec<&str> = b.text.split_whitespace().skip(1).collect();
            conditions += usize::from(said.len() > 1 && said[0] != "wedding");
        }
        let returns = g.returns().unwrap().unwrap();
        let text = g.record_toml("ja-online").unwrap();
        assert_eq!(scored(&text, &profile), returns, "seed {seed}:\n{text}");
    }
    assert!(conditions > 20, "{conditions} games won with a condition");
    // A bride who names the first trump trick, the others passing: her partner is the
    // first other player to win a trump trick, and the record scores as the game does.
    let id = |g: &Game, w: &str| g.bid_words().iter().position(|x| x == w).unwrap();
    let mut brides = 0;
    for seed in 0..3000u64 {
        let mut g = Game::new(&profile, None, 3, seed, None).unwrap();
        if !g.legal_actions().contains(&Action::Bid(id(&g, "wedding"))) {
            continue;
        }
        g.apply(Action::Bid(id(&g, "wedding first-trump-trick")))
            .unwrap();
        while g.phase() == Phase::Bidding {
            g.apply(Action::Bid(id(&g, "pass"))).unwrap();
        }
        play_out(&mut g, &mut rng);
        let text = g.record_toml("ja-online").unwrap();
        assert!(text.contains("wedding first-trump-trick"), "{text}");
        assert_eq!(
            scored(&text, &profile),
            g.returns().unwrap().unwrap(),
            "{text}"
        );
        brides += 1;
        if brides == 20 {
            break;
        }
    }
    assert_eq!(brides, 20);
}

/// Plays the bidding of `g` so that the first poor player (at most `poverty.max_trumps`
/// trumps dealt) reserves and names a poverty and the others stay healthy; false where
/// nobody is poor or the poverty is not offered.
fn declare_a_poverty(g: &mut Game) -> bool {
    let p = g.profile().clone();
    let id = |g: &Game, w: &str| Action::Bid(g.bid_words().iter().position(|x| x == w).unwrap());
    let poor = g.active().iter().copied().find(|&s| {
        doko::game::trumps_in(&g.dealt()[s], &p, p.poverty.count_diamond_ace)
            <= usize::from(p.poverty.max_trumps)
    });
    let Some(poor) = poor else { return false };
    while g.phase() == Phase::Bidding {
        let legal = g.legal_actions();
        let wish = if g.current_player() == Some(poor) {
            ["poverty", "reservation"]
        } else {
            ["healthy", "pass"]
        };
        let Some(a) = wish.iter().map(|w| id(g, w)).find(|a| legal.contains(a)) else {
            return false;
        };
        g.apply(a).unwrap();
    }
    g.phase() == Phase::Exchange
}

/// A poverty's exchange is the players' (the reference page's main text, [アルムート]): the
/// players asked in turn from the poor player's left accept or decline; she passes her
/// cards, every trump among them; her partner returns as many. Nobody accepting: the hands
/// are thrown in, and the record says so (a poverty with neither an exchange nor tricks,
/// worth nothing). Under Ralf Wirth's rule the club queens choose the partner: nobody is
/// asked.
#[test]
fn a_poverty_is_accepted_or_declined_and_exchanged_by_the_players() {
    let profile = Profile::load("ja-classic", &[]).unwrap();
    let mut rng = Rng::new(11);
    let (mut refused, mut played, mut wrong_pass) = (0, 0, 0);
    for seed in 0..4000u64 {
        let mut g = Game::new(&profile, None, 3, seed, None).unwrap();
        if !declare_a_poverty(&mut g) {
            continue;
        }
        let decline_all = refused <= played;
        while g.phase() == Phase::Exchange {
            let legal = g.legal_actions();
            let names: Vec<String> = legal.iter().map(|&a| g.action_name(a)).collect();
            let a = if names.contains(&"decline".to_string()) {
                if decline_all {
                    Action::Answer(false)
                } else {
                    legal[0]
                }
            } else {
                // Now and then a card not offered: refused with the rule, nothing changes.
                let seat = g.current_player().unwrap();
                if let Some(&c) = g
                    .hand(seat)
                    .iter()
                    .find(|c| !legal.contains(&Action::Card(**c)))
                {
                    let before = g.history().len();
                    let e = g.apply(Action::Card(c)).unwrap_err();
                    assert!(
                        e.render(doko::lang::Lang::En).contains("may not give"),
                        "{e:?}"
                    );
                    assert_eq!(g.history().len(), before);
                    wrong_pass += 1;
                }
                legal[rng.below(legal.len())]
            };
            g.apply(a).unwrap();
        }
        play_out(&mut g, &mut rng);
        let text = g.record_toml("ja-classic").unwrap();
        let returns = g.returns().unwrap().unwrap();
        assert_eq!(scored(&text, &profile), returns, "seed {seed}:\n{text}");
        let record = g.record().unwrap();
        if record.exchange.is_none() {
            assert!(record.tricks.is_empty() && returns.iter().all(|&r| r == 0));
            refused += 1;
        } else {
            assert_eq!(record.tricks.len(), profile.hand_size());
            played += 1;
        }
        if refused >= 15 && played >= 15 {
            break;
        }
    }
    assert!(
        refused >= 15 && played >= 15,
        "{refused} refused, {played} played"
    );
    assert!(wrong_pass > 0);
    // Ralf Wirth's rule: the partner is the club queens', not asked.
    let sets = [(
        "poverty.partner_by_club_queen".to_string(),
        "true".to_string(),
    )];
    let wirth = Profile::load("ja-classic", &sets).unwrap();
    let mut exchanged = 0;
    for seed in 0..4000u64 {
        let mut g = Game::new(&wirth, None, 3, seed, None).unwrap();
        if !declare_a_poverty(&mut g) {
            continue;
        }
        let names: Vec<String> = g
            .legal_actions()
            .iter()
            .map(|&a| g.action_name(a))
            .collect();
        assert!(
            !names.iter().any(|n| n == "accept" || n == "decline"),
            "{names:?}"
        );
        play_out(&mut g, &mut rng);
        let text = g.record_toml("ja-classic").unwrap();
        let mut sets_line = String::from("set = [\"poverty.partner_by_club_queen=true\"]\n");
        sets_line.push_str(&text);
        assert_eq!(
            scored(&sets_line, &wirth),
            g.returns().unwrap().unwrap(),
            "{sets_line}"
        );
        exchanged += 1;
        if exchanged == 10 {
            break;
        }
    }
    assert_eq!(exchanged, 10);
}

/// A record written by hand that the check of `doko score` refuses is refused by the game
/// played step by step at the same action, with the same message: a call out of time and a
/// revoke, in deals played at random and then spoilt; a good record replays to the end.
#[test]
fn a_refused_record_is_refused_by_the_game_at_the_same_action_with_the_same_words() {
    use doko::deal::full::CallEntry;
    let profile = Profile::load("ddv", &[]).unwrap();
    let mut rng = Rng::new(5);
    let en = |t: &doko::lang::Text| t.render(doko::lang::Lang::En);
    let (mut late, mut revokes) = (0, 0);
    for seed in 0..200u64 {
        let g = random_game(&profile, seed, &mut rng);
        let record = g.record().unwrap();
        let again =
            Game::replay(&profile, &record).unwrap_or_else(|e| panic!("{}", en(&e.message)));
        assert_eq!(again.history(), g.history(), "seed {seed}");
        if record.contract == doko::Contract::Redeal || record.tricks.is_empty() {
            continue;
        }
        // A Re or Kontra with 5 cards in hand, where the party said nothing: too late, and
        // no reply.
        let players = &record.players;
        let seat = record.tricks.iter().next().unwrap().cards.len() % players.len();
        // (The deal's own calls dropped: the party said nothing.)
        {
            let mut spoilt = record.clone();
            let party = g.party(seat).unwrap();
            let text = format!("{} {} 5", players[seat], party.key());
            spoilt.calls = vec![CallEntry {
                player: seat,
                call: doko::Call::Announce,
                said_as: Some(party),
                cards_in_hand: 5,
                before: None,
                at: None,
                text,
            }];
            let checked = doko::game::play(&spoilt, &profile).unwrap_err();
            let replayed = Game::replay(&profile, &spoilt)
                .map(|_| ())
                .unwrap_err()
                .message;
            assert_eq!(en(&replayed), en(&checked.message), "seed {seed}");
            late += 1;
        }
        // A revoke: a card that followed suit swapped with a later card of another suit of
        // the same player.
        let mut spoilt = record.clone();
        let order = doko::game::deal_order(record.contract, &profile, 0);
        let tricks: Vec<Vec<doko::Card>> = record.tricks.iter().map(|t| t.cards.to_vec()).collect();
        let Some(((t, i), (u, j))) = (|| {
            let g2 = Game::replay(&profile, &record).ok()?;
            let (played, _) = g2.tricks();
            for (t, trick) in played.iter().enumerate() {
                let led = order.play_suit(trick[0].1);
                for (i, &(s, c)) in trick.iter().enumerate().skip(1) {
                    if order.play_suit(c) != led {
                        continue;
                    }
                    for (u, later) in played.iter().enumerate().skip(t + 1) {
                        for (j, &(s2, c2)) in later.iter().enumerate() {
                            if s2 == s && order.play_suit(c2) != led {
                                return Some(((t, i), (u, j)));
                            }
                        }
                    }
                }
            }
            None
        })() else {
            continue;
        };
        let mut cards = tricks.clone();
        let swap = cards[t][i];
        cards[t][i] = cards[u][j];
        cards[u][j] = swap;
        spoilt.tricks = cards
            .into_iter()
            .map(|t| {
                t.into_iter()
                    .map(|c| (None::<usize>, c))
                    .collect::<Vec<_>>()
            })
            .collect();
        let checked = doko::game::play(&spoilt, &profile).unwrap_err();
        let doko::game::ReplayError {
            taken: at,
            message: replayed,
        } = Game::replay(&profile, &spoilt).map(|_| ()).unwrap_err();
        if en(&checked.message).starts_with("revoke") {
            assert_eq!(en(&replayed), en(&checked.message), "seed {seed}");
            // At the same action: the card of trick t the check names.
            assert_eq!(checked.trick, Some(t + 1), "seed {seed}");
            let card_at = g
                .history()
                .iter()
                .enumerate()
                .filter(|(_, a)| matches!(a, Action::Card(_)))
                .nth(t * g.active().len() + i)
                .map(|(k, _)| k);
            assert_eq!(Some(at), card_at, "seed {seed}");
            revokes += 1;
        }
    }
    assert!(
        late > 20 && revokes > 20,
        "{late} late calls, {revokes} revokes"
    );
}

/// Plays a game under `profile` from `seed` to the end: an action `special` picks, where
/// one is offered, `percent` of the time, else a random other one. Returns the game and
/// whether such an action was ever offered.
fn play_favouring(
    profile: &Profile,
    seed: u64,
    rng: &mut Rng,
    (special, percent): (fn(&Action) -> bool, u64),
) -> (Game, bool) {
    let mut g = Game::new(profile, None, 0, seed, None).unwrap();
    let mut offered = false;
    while !g.is_over() {
        let (picked, rest): (Vec<Action>, Vec<Action>) =
            g.legal_actions().into_iter().partition(special);
        offered |= !picked.is_empty();
        let a = if !picked.is_empty() && (rest.is_empty() || rng.chance(percent)) {
            picked[rng.below(picked.len())]
        } else {
            rest[rng.below(rest.len())]
        };
        g.apply(a).unwrap();
    }
    (g, offered)
}

/// A finished game's record scores as its returns, as `doko score` reads it under
/// `variant`, and replays to the same actions, but for the moment of a knock (and the
/// opponents' answers to it) or of Schweinchen, which a record does not write (the replay
/// makes them at the first turn they may come).
fn scores_and_replays(g: &Game, profile: &Profile, variant: &str) {
    let record = g.record().unwrap();
    let text = g.record_toml(variant).unwrap();
    assert_eq!(
        scored(&text, profile),
        g.returns().unwrap().unwrap(),
        "{text}"
    );
    let again = Game::replay(profile, &record).unwrap();
    let timed = |h: &[Action]| -> Vec<Action> {
        h.iter()
            .copied()
            .filter(|a| !matches!(a, Action::Knock | Action::Raise(_) | Action::Answer(false)))
            .collect()
    };
    assert_eq!(timed(again.history()), timed(g.history()), "{text}");
    assert_eq!(again.record().unwrap(), record, "{text}");
}

/// Kloepper's knocking: a black-queen player may knock before trick 2 is led, an opponent
/// may then knock back (not against a lone player); the record carries the knock, it
/// scores as the game's returns, and it replays.
#[test]
fn the_black_queens_knock_and_their_opponents_knock_back() {
    let profile = Profile::load("kloepper", &[]).unwrap();
    let mut rng = Rng::new(17);
    let (mut knocks, mut back) = (0, 0);
    for seed in 0..300u64 {
        let knock = |a: &Action| *a == Action::Knock;
        let (g, _) = play_favouring(&profile, seed, &mut rng, (knock, 50));
        scores_and_replays(&g, &profile, "kloepper");
        match g.record().unwrap().knock {
            Some(doko::deal::Knock::Re) => knocks += 1,
            Some(doko::deal::Knock::Both) => back += 1,
            None => {}
        }
    }
    assert!(
        knocks > 10 && back > 10,
        "{knocks} knocks, {back} knocked back"
    );
}

/// Plays `g` to the end with a random legal action each step.
fn play_out(g: &mut Game, rng: &mut Rng) {
    while !g.is_over() {
        let legal = g.legal_actions();
        g.apply(legal[rng.below(legal.len())]).unwrap();
    }
}

/// Kloepper's called ace: the holder of both black queens may name a side-suit ace before
/// her first card; its holder partners her (else she plays alone, a silent solo). The
/// record carries the ace, scores as the game's returns and replays.
#[test]
fn the_holder_of_the_black_queens_calls_an_ace() {
    let profile = Profile::load("kloepper", &[]).unwrap();
    let mut rng = Rng::new(23);
    let (mut called, mut alone) = (0, 0);
    for seed in 0..2000u64 {
        let ace = |a: &Action| matches!(a, Action::CallAce(_));
        let (g, offered) = play_favouring(&profile, seed, &mut rng, (ace, 60));
        if !offered {
            continue;
        }
        scores_and_replays(&g, &profile, "kloepper");
        if g.record().unwrap().called.is_some() {
            called += 1;
        } else {
            alone += 1;
        }
        if called >= 15 && alone >= 5 {
            break;
        }
    }
    assert!(
        called >= 15 && alone >= 5,
        "{called} aces called, {alone} alone"
    );
}

/// Schweinchen and Hyperschweinchen (`house-schweinchen`): the holder of both ♦A may declare
/// Schweinchen before she plays one, then the holder of both ♦9 Hyperschweinchen; the
/// cards rank above the ♥10 from then on, the record carries who declared, scores as the
/// game's returns and replays.
#[test]
fn schweinchen_and_hyperschweinchen_are_declared_by_the_holders() {
    let profile = Profile::load("house-schweinchen", &[]).unwrap();
    let mut rng = Rng::new(29);
    let (mut pigs, mut hyper) = (0, 0);
    for seed in 0..3000u64 {
        let raise = |a: &Action| matches!(a, Action::Raise(_));
        let (g, offered) = play_favouring(&profile, seed, &mut rng, (raise, 70));
        if !offered {
            continue;
        }
        scores_and_replays(&g, &profile, "house-schweinchen");
        let record = g.record().unwrap();
        pigs += usize::from(record.schweinchen.is_some());
        hyper += usize::from(record.hyperschweinchen.is_some());
        if pigs >= 20 && hyper >= 3 {
            break;
        }
    }
    assert!(
        pigs >= 20 && hyper >= 3,
        "{pigs} Schweinchen, {hyper} Hyperschweinchen"
    );
}

/// Each party's highest call as the observation vector has it (hers first, one-hot by
/// level), worked out from what the player may know: the calls and the party each was
/// said for, and the winning statement's condition with its party.
fn call_levels_known(o: &doko::game::Observation) -> [u32; 10] {
    let order = match o.party {
        Some("kontra") => ["kontra", "re"],
        _ => ["re", "kontra"],
    };
    let mut want = [0u32; 10];
    for (k, party) in order.iter().enumerate() {
        let words = ["re|kontra", "no90", "no60", "no30", "schwarz"];
        let highest = o
            .calls
            .iter()
            .zip(&o.call_parties)
            .filter(|(_, p)| **p == Some(*party))
            .filter_map(|(c, _)| {
                let w = c.split_whitespace().nth(1)?;
                words.iter().position(|x| x.split('|').any(|x| x == w))
            })
            .max();
        // The winning statement's condition (`normal no90`), for its party.
        let condition = o
            .bids
            .iter()
            .rev()
            .find(|b| !b.ends_with(" pass"))
            .filter(|_| o.condition_party == Some(*party))
            .and_then(|b| {
                let said: Vec<&str> = b.split_whitespace().collect();
                words
                    .iter()
                    .position(|x| x.split('|').any(|x| said[1..].contains(&x)))
            });
        if let Some(h) = highest.max(condition) {
            want[k * 5 + h] = 1f32.to_bits();
        }
    }
    want
}

/// What a player is shown (her observation's vector, and her legal actions when she acts)
/// follows from what she may know (`Game::observation`: her hand and the public record):
/// two positions she cannot tell apart show her the same numbers and the same actions.
/// Calls are favoured, so that calls whose word does not name the party (`no90` by a
/// player who said no Re or Kontra) come: the observation names each call's party, as the
/// table hears it.
#[test]
fn a_player_is_shown_only_what_she_may_know() {
    use std::collections::HashMap;
    for name in [
        "ddv",
        "ja-online",
        "ja-classic",
        "house-schweinchen",
        "ja-wiki",
        "kloepper",
    ] {
        let profile = Profile::load(name, &[]).unwrap();
        let mut rng = Rng::new(3);
        // Keyed by the table's size too: a seat's view names no seat count.
        type Shown = (Vec<u32>, Vec<Action>);
        let mut shown: HashMap<(usize, usize, String), Shown> = HashMap::new();
        let (mut positions, mut unnamed) = (0, 0);
        for seed in 0..300u64 {
            let seats = doko::game::smallest_table(&profile) + (seed % 2) as usize;
            let players: Vec<String> = (1..=seats).map(|i| format!("P{i}")).collect();
            let dealer = (seed % seats as u64) as usize;
            let Ok(mut g) = Game::new(&profile, Some(players), dealer, seed, None) else {
                continue;
            };
            while !g.is_over() {
                for s in 0..seats {
                    let seen = serde_json::to_string(&g.observation(s)).unwrap();
                    let v: Vec<u32> = g
                        .observation_vector(s)
                        .iter()
                        .map(|x| x.to_bits())
                        .collect();
                    let acts = if g.current_player() == Some(s) {
                        g.legal_actions()
                    } else {
                        Vec::new()
                    };
                    positions += 1;
                    // Each party's call level, as the vector has it, from what she may know.
                    let o = g.observation(s);
                    let at = doko::game::CALL_BASE * (1 + 2 * seats);
                    let want = call_levels_known(&o);
                    assert_eq!(&v[at..at + 10], &want, "{name}: call levels at {seen}");
                    let first = shown
                        .entry((seats, s, seen.clone()))
                        .or_insert((v.clone(), acts.clone()));
                    assert_eq!(
                        (&first.0, &first.1),
                        (&v, &acts),
                        "{name}: seat {s} is shown more than she may know at {seen}"
                    );
                }
                let legal = g.legal_actions();
                let calls: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Call(c) if *c != doko::Call::Announce))
                    .collect();
                let before = g.calls().len();
                let a = if !calls.is_empty() && rng.chance(30) {
                    calls[rng.below(calls.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                g.apply(a).unwrap();
                // A call whose word does not name the party, by a player who has not
                // named hers.
                if let Some(e) = g.calls().get(before)
                    && e.call != doko::Call::Announce
                    && !g.calls()[..before]
                        .iter()
                        .any(|o| o.player == e.player && o.call == doko::Call::Announce)
                {
                    unnamed += 1;
                }
            }
        }
        assert!(positions > 30_000, "{name}: {positions} positions");
        if !["kloepper", "ja-wiki"].contains(&name) {
            assert!(
                unnamed > 20,
                "{name}: {unnamed} calls whose word names no party"
            );
        }
    }
}

/// A profile with settings, as `--set key=value` gives them.
fn with_sets(name: &str, sets: &[(&str, &str)]) -> Profile {
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Profile::load(name, &sets).unwrap()
}

/// The reference page's Genscher raise (`deck.genscher`): after Hyperschweinchen, the
/// holder of both ♦K may declare it before she plays one; the record carries it, scores as
/// the game's returns and replays.
#[test]
fn the_genscher_raise_follows_hyperschweinchen() {
    let profile = with_sets("house-schweinchen", &[("deck.genscher", "\"DK\"")]);
    let mut rng = Rng::new(31);
    let mut genscher = 0;
    for seed in 0..6000u64 {
        let raise = |a: &Action| matches!(a, Action::Raise(_));
        let (g, offered) = play_favouring(&profile, seed, &mut rng, (raise, 90));
        if !offered {
            continue;
        }
        scores_and_replays(&g, &profile, "house-schweinchen");
        let record = g.record().unwrap();
        if record.genscher.is_some() {
            assert!(record.hyperschweinchen.is_some());
            genscher += 1;
        }
        if genscher >= 3 {
            break;
        }
    }
    assert!(genscher >= 3, "{genscher} Genscher raises");
}

/// FreeDoko's Genscher (`contracts.genscher_partner`), under both `genscher_party`
/// readings: in a normal game the holder of both ♦K may name any other player her partner
/// as she plays the first (her ♦K is then the only action); the parties change, calls are
/// taken as the check of a record takes them (those after it in its trick written `before`
/// the caller's card), the record carries the partner, scores as the game's returns and
/// replays. A partner not at the table, or herself, is refused.
#[test]
fn freedokos_genscher_names_a_partner() {
    for party in ["keep", "re"] {
        let profile = with_sets(
            "ddv",
            &[
                ("contracts.genscher_partner", "true"),
                ("contracts.genscher_party", &format!("{party:?}")),
            ],
        );
        let mut rng = Rng::new(37);
        let (mut named, mut placed) = (0, 0);
        for seed in 0..4000u64 {
            let mut g = Game::new(&profile, None, 0, seed, None).unwrap();
            let mut offered = false;
            while !g.is_over() {
                let legal = g.legal_actions();
                let names: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Genscher(_)))
                    .collect();
                let calls: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Call(_)))
                    .collect();
                let a = if !names.is_empty() && rng.chance(80) {
                    offered = true;
                    let seat = g.current_player().unwrap();
                    assert!(g.apply(Action::Genscher(seat)).is_err(), "herself");
                    assert!(g.apply(Action::Genscher(7)).is_err(), "nobody there");
                    names[rng.below(names.len())]
                } else if !calls.is_empty() && rng.chance(25) {
                    calls[rng.below(calls.len())]
                } else {
                    let rest: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| !matches!(a, Action::Genscher(_) | Action::Call(_)))
                        .collect();
                    rest[rng.below(rest.len())]
                };
                g.apply(a).unwrap();
                if matches!(a, Action::Genscher(_)) {
                    let king = doko::Card::DIAMOND_KING;
                    assert_eq!(g.legal_actions(), vec![Action::Card(king)]);
                }
            }
            if !offered {
                continue;
            }
            scores_and_replays(&g, &profile, "ddv");
            let record = g.record().unwrap();
            named += usize::from(record.genscher_partner.is_some());
            placed += record.calls.iter().filter(|e| e.before.is_some()).count();
            if named >= 40 && placed >= 3 {
                break;
            }
        }
        assert!(
            named >= 40 && placed >= 3,
            "{party}: {named} Genscher, {placed} calls placed after one"
        );
    }
}

/// Calls in a wedding before it is settled, where they are not delayed
/// (`calls.wedding_shift = false`): the bride says hers (she is Re); with
/// `calls.wedding_double` another player, who does not know her party yet, may say
/// `double` (Re or Kontra, whichever party she ends in), and nothing else until the wedding
/// is settled. Under `ja-wiki` (calls only with a full hand) the bride's Re comes before
/// her first card. The records score as the game's returns and replay.
#[test]
fn calls_before_a_wedding_is_settled() {
    use doko::Call;
    use doko::Contract;
    let double = with_sets(
        "ddv",
        &[
            ("calls.wedding_shift", "false"),
            ("calls.wedding_double", "true"),
        ],
    );
    let wiki = Profile::load("ja-wiki", &[]).unwrap();
    for (profile, variant) in [(&double, "ddv"), (&wiki, "ja-wiki")] {
        let mut rng = Rng::new(41);
        let (mut weddings, mut doubles, mut bride) = (0, 0, 0);
        for seed in 0..20_000u64 {
            let mut g = Game::new(profile, None, 0, seed, None).unwrap();
            let mut early = Vec::new();
            while !g.is_over() {
                let legal = g.legal_actions();
                let names: Vec<String> = legal.iter().map(|&a| g.action_name(a)).collect();
                let pick = |w: &str| names.iter().position(|n| n.starts_with(w));
                let holds_both = g.current_player().is_some_and(|s| {
                    let queens = g
                        .hand(s)
                        .into_iter()
                        .filter(|&c| c == doko::Card::CLUB_QUEEN);
                    queens.count() == 2
                });
                let reserve = pick("reservation").filter(|_| holds_both);
                let a = if let Some(i) = pick("wedding").or(reserve) {
                    legal[i]
                } else if let Some(i) = pick("healthy").filter(|_| g.phase() == Phase::Bidding) {
                    legal[i]
                } else if let Some(i) = pick("call").filter(|_| rng.chance(50)) {
                    legal[i]
                } else {
                    let cards: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| !matches!(a, Action::Call(_)))
                        .collect();
                    cards[rng.below(cards.len())]
                };
                let unsettled = g.phase() == Phase::Playing
                    && g.contract().is_some_and(|c| c.0 == Contract::Wedding)
                    && g.observation(0).party.is_none()
                    && g.contract().and_then(|c| c.1) != Some(0);
                if unsettled && let Action::Call(c) = a {
                    early.push((g.current_player().unwrap(), c));
                }
                // Before the wedding is settled a player other than the bride is offered
                // her `double` at most.
                if unsettled {
                    let seat = g.current_player().unwrap();
                    if g.contract().and_then(|c| c.1) != Some(seat) {
                        let calls: Vec<Call> = g.legal_calls(seat);
                        assert!(
                            calls.is_empty() || calls == vec![Call::Announce],
                            "{calls:?}"
                        );
                    }
                }
                g.apply(a).unwrap();
            }
            if g.record().unwrap().contract != Contract::Wedding {
                continue;
            }
            weddings += 1;
            scores_and_replays(&g, profile, variant);
            let record = g.record().unwrap();
            doubles += record
                .calls
                .iter()
                .filter(|e| e.text.contains(" double "))
                .count();
            bride += record
                .calls
                .iter()
                .filter(|e| {
                    Some(e.player) == record.declarer
                        && e.cards_in_hand as usize == profile.hand_size()
                })
                .count();
            if weddings >= 60 {
                break;
            }
        }
        assert!(weddings >= 60, "{variant}: {weddings} weddings");
        assert!(
            bride >= 10,
            "{variant}: the bride called {bride} times with a full hand"
        );
        if profile.calls.wedding_double {
            assert!(doubles >= 10, "{variant}: {doubles} doubles");
        }
    }
}

/// Random play under every built-in profile, 500 deals each: the cards offered are exactly
/// those of the test's own model of following suit (any card at the lead; else the led
/// suit, trump counting as one suit, where she holds it; else any), and now and then every
/// action id is tried on a copy: those offered are taken, the others refused with nothing
/// changed.
#[test]
fn the_cards_offered_are_those_the_rules_allow() {
    use doko::Card;
    let mut rng = Rng::new(53);
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let (mut checked, mut tried) = (0usize, 0usize);
        for seed in 0..500u64 {
            let seats = doko::game::smallest_table(&profile);
            let mut g =
                Game::new(&profile, None, (seed % seats as u64) as usize, seed, None).unwrap();
            while !g.is_over() {
                let legal = g.legal_actions();
                // (Not while the opponents are asked whether they knock back.)
                if g.phase() == Phase::Playing && !legal.contains(&Action::Answer(false)) {
                    let seat = g.current_player().unwrap();
                    let (contract, _) = g.contract().unwrap();
                    let order = profile.order(contract.trump_kind());
                    let suit = |c: Card| (!order.is_trump(c)).then(|| c.suit());
                    let hand = g.hand(seat);
                    let led = g.tricks().1.first().map(|&(_, c)| suit(c));
                    let follows: Vec<Card> = match led {
                        Some(l) => hand.iter().copied().filter(|&c| suit(c) == l).collect(),
                        None => Vec::new(),
                    };
                    let mut want = if follows.is_empty() {
                        hand.to_vec()
                    } else {
                        follows
                    };
                    want.sort_unstable();
                    want.dedup();
                    let mut offered: Vec<Card> = legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::Card(c) => Some(*c),
                            _ => None,
                        })
                        .collect();
                    offered.sort_unstable();
                    assert_eq!(offered, want, "{name} seed {seed}: {}", g.players()[seat]);
                    checked += 1;
                }
                if rng.chance(4) {
                    for id in 0..g.action_count() {
                        let Some(a) = g.action_of(id) else { continue };
                        let mut copy = g.clone();
                        let taken = copy.apply(a);
                        assert_eq!(
                            taken.is_ok(),
                            legal.contains(&a),
                            "{name} seed {seed}: {a:?} at {:?}",
                            g.phase()
                        );
                        if taken.is_err() {
                            assert_eq!(copy.history().len(), g.history().len());
                        }
                        tried += 1;
                    }
                }
                let calls: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Call(_)))
                    .collect();
                let a = if !calls.is_empty() && rng.chance(20) {
                    calls[rng.below(calls.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                g.apply(a).unwrap();
            }
        }
        assert!(checked > 10_000, "{name}: {checked} moments checked");
        assert!(tried > 10_000, "{name}: {tried} actions tried");
    }
}

fn random_game_from(profile: &Profile, seed: u64, rng: &mut Rng) -> Game {
    let mut g = Game::new(profile, None, 0, seed, None).unwrap();
    play_out(&mut g, rng);
    g
}

/// The record `rec` (played under profile `name`) spoilt in one place each way (see the
/// test below), each with its kind.
fn spoilt(
    name: &str,
    rec: &doko::deal::full::FullRecord,
) -> Vec<(&'static str, doko::deal::full::FullRecord)> {
    let mut muts: Vec<(&'static str, doko::deal::full::FullRecord)> = Vec::new();
    // 1. a card of trick 2 replaced by a card of another player's hand
    {
        let mut r = rec.clone();
        let mut tricks: Vec<Vec<(Option<usize>, doko::Card)>> =
            r.tricks.iter().map(|t| t.iter().collect()).collect();
        let (s, _) = tricks[1][1];
        let other = tricks[3].iter().find(|(s2, _)| *s2 != s).unwrap().1;
        tricks[1][1].1 = other;
        r.tricks = tricks.into_iter().collect();
        muts.push(("foreign card", r));
    }
    // 2. two cards of trick 2 swapped in order (names kept)
    {
        let mut r = rec.clone();
        let mut tricks: Vec<Vec<(Option<usize>, doko::Card)>> =
            r.tricks.iter().map(|t| t.iter().collect()).collect();
        tricks[1].swap(1, 2);
        r.tricks = tricks.into_iter().collect();
        muts.push(("out of turn", r));
    }
    // 3. schweinchen by another seat
    if let Some(s) = rec.schweinchen {
        let mut r = rec.clone();
        r.schweinchen = Some((s + 1) % 4);
        muts.push(("raise by another", r));
    }
    if name == "house-schweinchen" && rec.schweinchen.is_none() {
        let mut r = rec.clone();
        r.schweinchen = Some(0);
        muts.push(("raise unheld", r));
    }
    // 4. a knock back that never came, an ace called that cannot be (Kloepper)
    if name == "kloepper" {
        let mut r = rec.clone();
        r.knock = Some(doko::deal::Knock::Both);
        if r.knock != rec.knock {
            muts.push(("knock", r));
        }
        let mut r = rec.clone();
        r.called = Some(doko::Card::new(doko::Suit::Hearts, doko::Rank::Ace));
        if r.called != rec.called {
            muts.push(("ace", r));
        }
    }
    // 5. a call by the wrong party word
    if let Some(e) = rec.calls.first() {
        let mut r = rec.clone();
        let p = e.said_as.map(|p| {
            if p == doko::Party::Re {
                doko::Party::Kontra
            } else {
                doko::Party::Re
            }
        });
        if let Some(p) = p {
            r.calls[0].said_as = Some(p);
            r.calls[0].text = format!("{} {} {}", r.players[e.player], p.key(), e.cards_in_hand);
            muts.push(("wrong party", r));
        }
    }
    // 6. exchange return changed
    if let Some(x) = &rec.exchange {
        let mut r = rec.clone();
        let mut x = x.clone();
        if let Some(c) = x.returned.first_mut() {
            *c = doko::Card::CLUB_QUEEN;
        }
        r.exchange = Some(x);
        muts.push(("exchange", r));
    }
    muts
}

/// A record the check of `doko score` refuses is refused by the game played step by step
/// (`Game::replay`) with the same words, for records played at random and then spoilt in
/// one place: a card of another player's hand (a revoke before it is named first, as the
/// deal is played), two cards of a trick swapped (out of turn), a call whose word names
/// the other party, a raise declared by a player who was not dealt its cards or in a
/// contract without it, an ace that cannot be called, a knock back that never came, a
/// poverty's returned card changed.
#[test]
fn spoilt_records_are_refused_by_the_game_as_by_the_check() {
    let en = |t: &doko::lang::Text| t.render(doko::lang::Lang::En);
    let mut rng = Rng::new(9);
    for name in ["ddv", "house-schweinchen", "kloepper", "ja-classic"] {
        let profile = Profile::load(name, &[]).unwrap();
        let mut stats: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
        // Schweinchen is declared in few random deals: twice as many there.
        let deals = if name == "house-schweinchen" {
            600
        } else {
            300
        };
        for seed in 0..deals {
            let g = random_game_from(&profile, seed, &mut rng);
            let rec = g.record().unwrap();
            if rec.tricks.is_empty() {
                continue;
            }
            let muts = spoilt(name, &rec);
            for (kind, r) in muts {
                let checked = doko::game::play(&r, &profile);
                let replayed = Game::replay(&profile, &r);
                let e = stats.entry(kind).or_default();
                match (checked, replayed) {
                    (Ok(_), Ok(_)) => {}
                    (Err(c), Err(doko::game::ReplayError { message: m, .. })) => {
                        assert_eq!(en(&m), en(&c.message), "{name} seed {seed}: {kind}");
                        e.0 += 1;
                    }
                    (c, m) => panic!(
                        "{name} seed {seed}: {kind}: check {:?}, game {:?}",
                        c.err().map(|c| en(&c.message)),
                        m.err().map(|e| en(&e.message))
                    ),
                }
            }
        }
        for (kind, (refused, _)) in &stats {
            assert!(*refused >= 8, "{name}: {kind}: {refused} refused");
        }
    }
}

/// `observation_into` writes what `observation_vector` gives, into a vector reused from
/// deal to deal.
#[test]
fn the_observation_written_into_a_reused_vector_is_the_vector() {
    let mut reused = Vec::new();
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let mut rng = Rng::new(3);
        for seed in 0..4 {
            let mut g = Game::new(&profile, None, 0, seed, None).unwrap();
            while !g.is_over() {
                for s in 0..g.players().len() {
                    g.observation_into(s, &mut reused);
                    assert_eq!(reused, g.observation_vector(s), "{name}, seed {seed}");
                }
                let legal = g.legal_actions();
                g.apply(legal[rng.below(legal.len())]).unwrap();
            }
        }
    }
}

/// The determinized search weighs every card the player to act may play (and nothing
/// else), the same for the same seed, and the same in every deal she cannot tell from this
/// one: it searches from what she knows.
#[test]
fn the_search_weighs_her_cards_from_what_she_knows() {
    let budget = doko::game::Budget {
        worlds: 6,
        rollouts: 2,
    };
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let mut rng = Rng::new(11);
        let mut searched = 0;
        for seed in 0..6u64 {
            let mut g = Game::new(&profile, None, 0, seed, None).unwrap();
            let stop = 6 + rng.below(30);
            while !g.is_over() && g.history().len() < stop {
                let legal: Vec<Action> = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| !matches!(a, Action::Call(_)))
                    .collect();
                g.apply(legal[rng.below(legal.len())]).unwrap();
            }
            let Some(seat) = g.current_player() else {
                continue;
            };
            let weighed = g.search_cards(budget, seed).unwrap();
            let cards: Vec<Action> = g
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Card(_)))
                .collect();
            if g.phase() != Phase::Playing || cards.is_empty() {
                continue;
            }
            let mut got: Vec<Action> = weighed.iter().map(|w| w.0).collect();
            got.sort_by_key(|a| g.action_id(*a));
            assert_eq!(got, cards, "{name}: seed {seed}");
            assert!(weighed.windows(2).all(|w| w[0].1 >= w[1].1));
            assert_eq!(weighed, g.search_cards(budget, seed).unwrap());
            let world = g.sample_world(seat, seed + 100).unwrap();
            assert_eq!(
                weighed,
                world.search_cards(budget, seed).unwrap(),
                "{name}: the search saw more than seat {seat} sees"
            );
            searched += 1;
        }
        assert!(searched >= 2, "{name}: {searched} positions searched");
    }
}
