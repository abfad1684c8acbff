//! A determinized search (perfect-information Monte Carlo, "PIMC"): the card a player
//! plays when she weighs each of her cards over deals she cannot tell from this one.
//!
//! Each of the budget's worlds is [`Game::sample_world`] of the seat to act; in each, every
//! card she may play is tried and the deal played out at random a number of times (cards
//! only: nobody calls in a rollout, a question is answered by its first answer), with the
//! same random choices for every card tried (common random numbers: the cards are compared
//! on the same continuations). Her mean game points over the rollouts is the card's value;
//! the search plays the card of the highest value. It sees nothing she does not: the worlds
//! are dealt from what she has seen.

use super::{Action, Game};
use crate::lang::Text;
use crate::rng::Rng;

/// What a search may spend on one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The deals sampled (determinizations).
    pub worlds: usize,
    /// The random play-outs of each card in each world.
    pub rollouts: usize,
}

impl Default for Budget {
    /// 24 worlds of 4 play-outs a card: about 10 ms a move on one core of the machine the
    /// package's figures were measured on (ddv).
    fn default() -> Self {
        Budget {
            worlds: 24,
            rollouts: 4,
        }
    }
}

/// Each card a search weighed, with its mean points for the seat over the play-outs.
pub type Weighed = Vec<(Action, f64)>;

impl Game {
    /// The cards the seat to act may play, each with its mean game points for her over
    /// `budget`'s sampled worlds and play-outs (the same `seed`, the same values), best
    /// first; the search's move is the first. Empty where the player to act has no card to
    /// play now (the bidding, a call's or a question's moment: those are not searched).
    /// Refused where no world consistent with what she has seen is found.
    pub fn search_cards(&self, budget: Budget, seed: u64) -> Result<Weighed, Text> {
        let Some(seat) = self.current_player() else {
            return Ok(Vec::new());
        };
        let mut legal = Vec::with_capacity(32);
        self.legal_actions_into(&mut legal);
        let cards: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Card(_)))
            .collect();
        if cards.len() < 2 {
            return Ok(cards.into_iter().map(|a| (a, 0.0)).collect());
        }
        let mut sums = vec![0f64; cards.len()];
        let mut count = 0u64;
        let mut seeds = Rng::new(seed);
        let mut moves = Vec::with_capacity(32);
        for _ in 0..budget.worlds.max(1) {
            let world = self.sample_world(seat, seeds.next_u64())?;
            for _ in 0..budget.rollouts.max(1) {
                let continuation = seeds.next_u64();
                for (k, &card) in cards.iter().enumerate() {
                    let mut g = world.clone();
                    if g.apply(card).is_err() {
                        continue;
                    }
                    sums[k] += play_out(g, seat, continuation, &mut moves);
                }
                count += 1;
            }
        }
        let mut weighed: Weighed = cards
            .into_iter()
            .zip(sums)
            .map(|(a, s)| (a, s / count.max(1) as f64))
            .collect();
        // Best first; a tie keeps the cards' order.
        weighed.sort_by(|a, b| b.1.total_cmp(&a.1));
        Ok(weighed)
    }
}

/// Plays `g` out at random from `seed` (cards only, no calls; a question's first answer)
/// and gives `seat`'s game points (0 where the deal cannot be scored).
fn play_out(mut g: Game, seat: usize, seed: u64, moves: &mut Vec<Action>) -> f64 {
    let mut rng = Rng::new(seed);
    while !g.is_over() {
        g.legal_actions_into(moves);
        let cards = moves
            .iter()
            .filter(|a| matches!(a, Action::Card(_)))
            .count();
        let pick = if cards > 0 {
            let k = rng.below(cards);
            moves
                .iter()
                .filter(|a| matches!(a, Action::Card(_)))
                .nth(k)
                .copied()
        } else {
            moves
                .iter()
                .find(|a| !matches!(a, Action::Call(_)))
                .or(moves.first())
                .copied()
        };
        let Some(a) = pick else { break };
        if g.apply(a).is_err() {
            break;
        }
    }
    match g.returns() {
        Some(Ok(points)) => points.get(seat).copied().unwrap_or(0) as f64,
        _ => 0.0,
    }
}
