//! Issue 64, acceptance 7 (for the machine's floors built so far): random deals of every
//! built-in profile played through the deal machine, each card drawn from its legal set
//! and now and then taken back, with a counting allocator: nothing is allocated between
//! the deal and its outcome.

use doko::game::generate::Rng;
use doko::machine::{Bits, Deal, Phase, Ruleset, nth_bit};
use doko::variant::{BUILTIN, Profile};

#[path = "common/counting.rs"]
mod counting;

#[global_allocator]
static COUNTING: counting::Counting = counting::Counting;

#[test]
fn the_machine_allocates_nothing_between_the_deal_and_its_outcome() {
    let mut rng = Rng::new(7);
    for (name, _) in BUILTIN {
        let profile = Profile::load(name, &[]).unwrap();
        let rules = Ruleset::compile(&profile);
        let players = usize::from(rules.players);
        let hand = usize::from(rules.hand);
        for deal_no in 0..200 {
            // The deck shuffled into hands (outside the window: the generator's part).
            let mut ids: Vec<u8> = Bits(rules.deck()).collect();
            rng.shuffle(&mut ids);
            let hands: Vec<u64> = ids
                .chunks(hand)
                .take(players)
                .map(|c| c.iter().fold(0u64, |m, &id| m | 1 << id))
                .collect();
            let contract = doko::Contract::all().nth(deal_no % 10).unwrap();
            let order = rules.order_for(contract, (deal_no % 4) as u8);
            let before = counting::allocations();
            let mut deal = Deal::new(&rules, &hands, (deal_no % players) as u8, order);
            let mut steps = 0;
            while deal.phase() == Phase::Playing {
                let legal = deal.legal_cards(&rules);
                let id = nth_bit(legal, rng.below(legal.count_ones() as usize)).unwrap();
                let delta = deal.play(&rules, id).expect("a legal card");
                if rng.chance(10) {
                    deal.undo(&rules, delta);
                    deal.play_trusted(&rules, id);
                }
                steps += 1;
            }
            let eyes: u16 = (0..rules.players).map(|p| deal.eyes(p)).sum();
            let after = counting::allocations();
            assert_eq!(
                after,
                before,
                "{name} deal {deal_no}: {} allocations",
                after - before
            );
            assert_eq!(steps, players * hand, "{name}");
            assert_eq!(eyes, rules.eyes_of(rules.deck()), "{name}");
        }
    }
}
