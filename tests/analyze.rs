//! Double-dummy analysis (issue 70): the solver's values on generated deals of every
//! built-in profile against a brute force over the last tricks, and `doko analyze` as a
//! user runs it (JSON, tables, notes, unfinished and refused records, jobs).

mod common;

use doko::game::analyze::{analyze, line_of};
use doko::game::generate::Deals;
use doko::machine::solve::brute_force;
use doko::machine::{Bits, Deal, Ruleset};
use doko::variant::Profile;

/// For generated deals of every built-in profile, every card of the last `tricks` tricks:
/// Re's eyes after it and after the best card, and the best cards, are the brute
/// force's.
#[test]
fn the_last_tricks_of_generated_deals_are_the_brute_forces() {
    let mut cards = 0;
    for (name, _) in doko::variant::BUILTIN {
        let profile = Profile::load(name, &[]).expect("a built-in profile");
        let rules = Ruleset::of(&profile);
        let players = doko::game::generate::default_players(&profile);
        let mut deals = Deals::new(&profile, players, 70).expect("deals");
        let mut record = doko::deal::full::FullRecord::default();
        let mut analysed = 0;
        while analysed < 3 {
            deals.next_into(&mut record);
            let (line, _) = line_of(&record, &profile).expect("a generated deal is legal");
            if line.plays.is_empty() {
                continue;
            }
            analysed += 1;
            let a = analyze(&line, rules, Some(300_000));
            assert_eq!(a.cards.len(), line.plays.len());
            let tricks = 3usize;
            let from = line.plays.len() - tricks * usize::from(rules.players);
            let mut deal = line.start.clone();
            for &id in &line.plays[..from] {
                deal.play_trusted(rules, id);
            }
            for (k, &id) in line.plays[from..].iter().enumerate() {
                let c = &a.cards[from + k];
                let best = brute_force(rules, line.re, &mut deal);
                assert_eq!(
                    c.re_eyes_best.exact(),
                    Some(best),
                    "{name}: card {}",
                    from + k
                );
                let mut best_cards = Vec::new();
                for alt in Bits(deal.legal_cards(rules)) {
                    let delta = deal.play_trusted(rules, alt);
                    if brute_force(rules, line.re, &mut deal) == best {
                        best_cards.push(rules.card(alt));
                    }
                    deal.undo(rules, delta);
                }
                best_cards.dedup();
                assert_eq!(c.best.as_deref(), Some(&best_cards[..]), "{name}");
                deal.play_trusted(rules, id);
                let played = brute_force(rules, line.re, &mut deal);
                assert_eq!(c.re_eyes_played.exact(), Some(played), "{name}");
                cards += 1;
            }
            // The end: Re's eyes as played.
            assert_eq!(
                a.re_eyes_played.exact(),
                Some(brute_force(rules, line.re, &mut deal))
            );
        }
    }
    assert!(cards > 250, "{cards}");
}

/// Known deals: Anna and Cara hold 24 of the 26 trumps (all but the ♦9s) and lead, so
/// the pair that holds them takes every trick: 240 eyes where they are Re, none where
/// Ben and Dirk are (and the Kontra pair wins it all).
#[test]
fn known_deals_have_their_values() {
    let profile = Profile::load("ddv", &[]).expect("ddv");
    let rules = Ruleset::of(&profile);
    let hands = [
        "H10 H10 CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ",
        "D9 CA CA C10 C10 CK CK C9 C9 SA SA S10",
        "SJ SJ HJ HJ DJ DJ DA DA D10 D10 DK DK",
        "D9 S10 SK SK S9 S9 HA HA HK HK H9 H9",
    ];
    let mut masks = [0u64; 4];
    let mut taken = 0u64;
    for (p, h) in hands.iter().enumerate() {
        let cards: Vec<doko::Card> = h
            .split_whitespace()
            .map(|c| c.parse().expect("a card"))
            .collect();
        masks[p] = rules
            .hand_mask(&cards, taken)
            .expect("a card of the deck, not dealt twice");
        taken |= masks[p];
    }
    assert_eq!(taken, rules.deck());
    let order = rules.order_for(doko::Contract::Normal, 0);
    for (re, want) in [(0b0101u8, 240u16), (0b1010, 0)] {
        let mut deal = Deal::new(rules, &masks, 0, order);
        let mut solver = doko::machine::Solver::new(rules, re);
        let (value, best) = solver.solve(&mut deal);
        assert_eq!(value.exact(), Some(want), "Re {re:b}");
        // Every card of Anna's reaches it.
        assert_eq!(best, Some(masks[0]), "Re {re:b}");
    }
}

/// A generated file of `deals` deals as TOML records.
fn generated(deals: &str, seed: &str) -> String {
    let out = common::doko(&[
        "generate", "--deals", deals, "--seed", seed, "--format", "toml",
    ]);
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// `doko analyze --format json`: one entry a deal with tricks, each card's values known
/// for the last tricks and chained (after a card is before the next), the value as played
/// at the end; the same for any number of jobs.
#[test]
fn analyze_writes_every_card_as_json_and_jobs_do_not_change_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = write(&dir, "deals.toml", &generated("3", "4"));
    let run = |jobs: &str| {
        common::doko(&[
            "analyze", &file, "--format", "json", "--limit", "200000", "--jobs", jobs,
        ])
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one.stdout, two.stdout);
    let doc = common::json(&one);
    let deals = doc["deals"].as_array().expect("deals");
    assert!(!deals.is_empty());
    for d in deals {
        let cards = d["cards"].as_array().expect("cards");
        assert_eq!(cards.len(), 48, "{d}");
        for pair in cards.windows(2) {
            if pair[0]["re_eyes_played"].is_u64() && pair[1]["re_eyes_best"].is_u64() {
                assert_eq!(pair[0]["re_eyes_played"], pair[1]["re_eyes_best"]);
            }
        }
        for c in &cards[36..] {
            assert!(
                c["re_eyes_played"].is_u64() && c["re_eyes_best"].is_u64(),
                "{c}"
            );
            assert!(!c["best"].as_array().expect("best").is_empty());
        }
        assert_eq!(cards[47]["re_eyes_played"], d["re_eyes_played"]);
        assert!(d["re"].as_array().is_some_and(|r| !r.is_empty()));
    }
    // The table, in German.
    let out = common::doko(&["analyze", &file, "--limit", "100000", "--lang", "de"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Beste Karten") && text.contains("Stich"),
        "{text}"
    );
}

/// A smaller limit reaches fewer cards; the bounds it gives the others (those its search
/// found, and those of the cards it did not search: the eyes so far and still out, and the
/// card played) hold the values a larger limit finds.
#[test]
fn the_bounds_of_a_small_limit_hold_the_values_of_a_larger() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = write(&dir, "deals.toml", &generated("2", "5"));
    let run = |limit: &str| {
        common::json(&common::doko(&[
            "analyze", &file, "--format", "json", "--limit", limit,
        ]))
    };
    let (small, large) = (run("5000"), run("400000"));
    let mut held = 0;
    let deals = small["deals"].as_array().expect("deals");
    for (s, l) in deals.iter().zip(large["deals"].as_array().expect("deals")) {
        for (cs, cl) in s["cards"]
            .as_array()
            .into_iter()
            .flatten()
            .zip(l["cards"].as_array().into_iter().flatten())
        {
            for key in ["re_eyes_played", "re_eyes_best"] {
                let Some(value) = cl[key].as_u64() else {
                    continue;
                };
                if let Some(v) = cs[key].as_u64() {
                    assert_eq!(v, value, "{cs} {cl}");
                    continue;
                }
                let b = &cs[format!("{key}_bounds")];
                let (lo, hi) = (b[0].as_u64().expect("lo"), b[1].as_u64().expect("hi"));
                assert!(
                    lo <= value && value <= hi,
                    "{key}: {value} not in {b}: {cs}"
                );
                held += 1;
            }
        }
    }
    assert!(held > 10, "{held} values held by bounds");
}

/// A record that stops early is analysed from its last position; one with more cards
/// than a deal is refused with its line while the others are analysed; a paper sheet's
/// deals have no tricks and are passed over with a note.
#[test]
fn unfinished_refused_and_paper_deals() {
    let dir = tempfile::tempdir().expect("a folder");
    let text = generated("2", "9");
    // The first deal stops after five tricks.
    let mut lines: Vec<String> = Vec::new();
    let mut in_tricks = 0;
    let mut deal = 0;
    for l in text.lines() {
        if l.starts_with("[[deal]]") {
            deal += 1;
        }
        if l.starts_with("tricks = [") {
            in_tricks = 1;
            lines.push(l.to_string());
            continue;
        }
        if in_tricks > 0 && l.starts_with(']') {
            if deal == 2 {
                // The second deal: a thirteenth trick.
                lines.push("  \"CA CA C10 C10\",".to_string());
            }
            in_tricks = 0;
        } else if in_tricks > 0 {
            in_tricks += 1;
            if deal == 1 && in_tricks > 6 {
                continue;
            }
        }
        lines.push(l.to_string());
    }
    let file = write(&dir, "cut.toml", &(lines.join("\n") + "\n"));
    let out = common::doko(&["analyze", &file, "--format", "json", "--limit", "300000"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cut.toml:") && err.contains("deal 2"), "{err}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let deals = doc["deals"].as_array().expect("deals");
    assert_eq!(deals.len(), 1, "{doc}");
    assert_eq!(deals[0]["cards"].as_array().map(Vec::len), Some(20));
    assert!(deals[0]["unfinished"]["re_eyes"].is_u64(), "{}", deals[0]);
    // A paper sheet: every deal passed over with a note.
    let out = common::run_in_root(&["analyze", "examples/evening.csv", "--format", "json"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("deal 1: no tricks"), "{err}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["deals"].as_array().map(Vec::len), Some(0));
}
