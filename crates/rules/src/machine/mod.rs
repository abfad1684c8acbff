//! The deal machine (issue 64): one rulebook in the shape of a fast game engine.
//!
//! A profile is compiled once into a [`Ruleset`] of plain data (the deck's card ids, each
//! card order as class masks and strength tables, the Dullen rule); a deal is a [`Deal`],
//! a value of a few hundred bytes (hands and won cards as bit masks over the card ids) that
//! is stepped by actions taken from a legal set, and stepped back by the [`Delta`] each
//! action returns. Nothing allocates between the deal and its outcome; a refusal is a
//! small [`Refusal`] value whose words are made only when it is shown.
//!
//! This is the machine's first floor, the play of the cards: who is to move, which cards
//! may be played (following the led class), who wins each trick (the contract's order, the
//! raised cards of Schweinchen and kin, Dullen), the cards and eyes each place won. It runs
//! beside today's record check, which an oracle test holds it to (`tests/machine.rs`);
//! the auction, the exchange, the calls and the parties come on top of it.
//!
//! Places are the players who get cards, `0..players` in the order of play from the
//! dealer's left; seats of tables of five to seven are mapped to places at the edges.

pub mod auction;
pub mod calls;
pub mod ruleset;
pub mod solve;
pub mod state;

pub use ruleset::{
    CardId, MAX_CARDS, MAX_PLACES, MAX_TRICKS, Order, OrderId, Ruleset, TRUMP, dullen_applies,
    raised_cards,
};
pub use solve::{Bounds, Solver};
pub use state::{Deal, Delta, Phase, Refusal, beats, place_of_standing, standing};

/// Iterates over the ids of the set bits of a mask, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = CardId;
    #[inline]
    fn next(&mut self) -> Option<CardId> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as CardId;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// The `k`th set bit of a mask (from 0, lowest first), if it has so many: how a legal card
/// is drawn from a legal set.
#[inline]
pub fn nth_bit(mut mask: u64, k: usize) -> Option<CardId> {
    for _ in 0..k {
        mask &= mask.wrapping_sub(1);
    }
    (mask != 0).then(|| mask.trailing_zeros() as CardId)
}

/// Every built-in profile under each of `sets` (`--set` pairs), those that load, in that
/// order, each with its pairs: what the machine's unit tests step through.
#[doc(hidden)]
pub fn test_profiles<'a>(
    sets: &[&'a [(&'a str, &'a str)]],
) -> Vec<(crate::variant::Profile, &'a [(&'a str, &'a str)])> {
    let mut out = Vec::new();
    for (name, _) in crate::variant::BUILTIN {
        for &sets in sets {
            let pairs: Vec<(String, String)> = sets
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            if let Ok(profile) = crate::variant::Profile::load(name, &pairs) {
                out.push((profile, sets));
            }
        }
    }
    out
}
