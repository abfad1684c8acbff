//! The DDV series rules (docs/rules.md §11) as properties: whatever order the solos come
//! in, a league sheet of four to seven seats can always be finished, and the forced phase
//! picks the owing player next left of the dealer who plays.

use doko::league::{League, evaluate};
use proptest::prelude::*;

const NAMES: [&str; 7] = ["A", "B", "C", "D", "E", "F", "G"];

/// A sheet of `seats` players, `deals` deals, each player owing `owed` solos.
fn header(seats: usize, deals: usize, owed: u8) -> String {
    let players: Vec<String> = NAMES[..seats].iter().map(|n| format!("\"{n}\"")).collect();
    format!(
        "variant = \"ddv\"\nset = [\"league.compulsory_solos={owed}\"]\nplayers = [{}]\n\n[league]\ndeals = {deals}\n",
        players.join(", ")
    )
}

fn solo(seat: usize, marked: bool) -> String {
    let mark = if marked { "compulsory = true\n" } else { "" };
    format!(
        "\n[[deal]]\ncontract = \"solo-jacks\"\nre = [\"{}\"]\nre_points = 150\n{mark}",
        NAMES[seat]
    )
}

fn normal(a: usize, b: usize) -> String {
    format!(
        "\n[[deal]]\nre = [\"{}\", \"{}\"]\nre_points = 130\n",
        NAMES[a], NAMES[b]
    )
}

fn read(text: &str) -> League {
    match evaluate("series.toml", text, None) {
        Ok(l) => l,
        Err(e) => panic!("{}\n{text}", e[0]),
    }
}

/// The seats that get cards in the next deal.
fn playing(lg: &League) -> Vec<usize> {
    (0..lg.players.len())
        .filter(|s| !lg.next.sits_out.contains(s))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each step the table plays what it likes (a normal deal, or a solo by anyone who
    /// plays, owing or not, marked or not) unless a forced solo is due; every deal is
    /// accepted and the sheet always ends complete with no solo owed.
    #[test]
    fn a_sheet_can_always_be_finished(
        seats in 4usize..=7,
        owed in 1u8..=2,
        spare in 0usize..6,
        choices in proptest::collection::vec((0u8..4, 0usize..5, 0usize..5, any::<bool>()), 16),
    ) {
        let deals = seats * owed as usize + spare;
        let mut text = header(seats, deals, owed);
        for step in 0..deals {
            let lg = read(&text);
            prop_assert!(!lg.is_complete());
            let active = playing(&lg);
            let (kind, a, b, marked) = choices[step % choices.len()];
            let deal = if let Some(f) = lg.next.forced_player {
                prop_assert!(lg.next.forced);
                prop_assert!(active.contains(&f), "the forced player sits out");
                // The owing player next left of the dealer who plays; the dealer is last,
                // and where she sits out she is never the one (the next player deals).
                let dealer = lg.next.dealer;
                let nearest = (1..=seats)
                    .map(|k| (dealer + k) % seats)
                    .find(|s| lg.next.owing.contains(s) && active.contains(s));
                prop_assert_eq!(Some(f), nearest);
                solo(f, marked)
            } else if kind < 2 {
                // 0: anyone who plays; 1: someone who owes, where one plays.
                let owing: Vec<usize> =
                    active.iter().copied().filter(|s| lg.next.owing.contains(s)).collect();
                let s = if kind == 1 && !owing.is_empty() {
                    owing[a % owing.len()]
                } else {
                    active[a % active.len()]
                };
                let owes = lg.next.owing.contains(&s);
                // A solo marked compulsory by a player who owes none is refused; say it
                // only where she owes one.
                solo(s, marked && owes)
            } else {
                let x = active[a % active.len()];
                let y = active[(a + 1 + b % (active.len() - 1)) % active.len()];
                normal(x, y)
            };
            text.push_str(&deal);
        }
        let lg = read(&text);
        prop_assert!(lg.is_complete());
        prop_assert!(lg.next.owing.is_empty(), "solos still owed: {:?}", lg.next.owing);
    }
}

/// At a table of five the dealer alone still owes her solo with one deal left: the next
/// player deals instead and she plays (docs/rules.md §11, doko's generalisation).
#[test]
fn a_dealer_who_alone_owes_a_solo_at_a_table_of_five_plays_it() {
    // E deals first; A, B, C, D play their solos (E dealing again after each), then
    // normal deals: E, A, B, C deal; D deals the fifth normal deal... with 10 deals and
    // E's solo owed, the forced phase comes when one deal is left.
    let mut text = header(5, 10, 1);
    for s in 0..4 {
        text.push_str(&solo(s, false));
    }
    // Dealers: E (4 times), then E, A, B, C, D for the normal deals.
    for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)] {
        text.push_str(&normal(a, b));
    }
    let lg = read(&text);
    assert_eq!(lg.next.owing, [4], "E owes");
    assert_eq!(lg.next.forced_player, Some(4));
    assert_eq!(lg.next.dealer, 0, "E would deal and sit out: A deals");
    assert_eq!(lg.next.sits_out, vec![0]);
    text.push_str(&solo(4, false));
    let lg = read(&text);
    assert!(lg.is_complete());
    assert_eq!(lg.rows[9].dealer, 0);
}

/// `league new --deals 3` at a table of four that owes four solos is refused, with how to
/// switch them off.
#[test]
fn a_sheet_too_short_for_the_solos_owed_is_refused() {
    let e = evaluate("short.toml", &header(4, 3, 1), None).unwrap_err();
    let msg = e[0].to_string();
    assert!(
        msg.contains("3 deals cannot hold the 4 compulsory solos"),
        "{msg}"
    );
    assert!(msg.contains("--set league.compulsory_solos=0"), "{msg}");
    assert!(evaluate("short.toml", &header(4, 3, 0), None).is_ok());
}
