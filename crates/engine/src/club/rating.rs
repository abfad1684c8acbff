//! A rating for players of a game of chance with changing partners (`doko stats
//! --rating`): an Elo rating over the deals in order, party against party (docs/rules.md
//! §14).
//!
//! Each deal (a redeal aside) sets the Re party against the Kontra party. A side's rating
//! is the mean of its players' ratings; Re's expected result is
//! `E = 1 / (1 + 10^((R_kontra − R_re) / 400))` and its result `S` is 1 (Re won), 0
//! (Kontra won) or ½ (nobody won). The deal's change `D = K × (S − E)` goes to each Kontra
//! player as `−D` and to each Re player as `D × kontra / re`: in a normal game each player
//! gains or loses `D`, a player alone three times as much, as she scores three times the
//! game value; the changes of a deal sum to zero. The result is the winner, not the game
//! value: luck in the cards moves a rating by at most `K` a deal, skill shows over many
//! deals (the reasoning of Edelkamp's Elo for Skat, arXiv 2104.05422, with partners that
//! change every deal).

use serde::Serialize;

use crate::contract::{Contract, Party};
use crate::deal::Role;

use super::stats::Evening;

/// How a rating is computed: the K factor and the start value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRules {
    /// Largest change of a deal for a player of a pair (a player alone: three times it).
    pub k: f64,
    /// Every player's rating before her first deal.
    pub start: f64,
}

impl RatingRules {
    /// The largest K factor taken.
    pub const MAX_K: f64 = 400.0;
    /// The largest start value taken, either way from 0: far enough for any scale, near
    /// enough that no rating of millions of deals leaves the numbers a float holds exactly
    /// enough.
    pub const MAX_START: f64 = 1_000_000.0;

    /// Whether the rules can be rated with: a K factor above 0 and at most
    /// [`MAX_K`](Self::MAX_K), a start value at most [`MAX_START`](Self::MAX_START) either
    /// way from 0 (neither NaN nor infinite).
    pub fn fit(&self) -> bool {
        self.k > 0.0 && self.k <= Self::MAX_K && self.start.abs() <= Self::MAX_START
    }
}

impl Default for RatingRules {
    fn default() -> RatingRules {
        RatingRules {
            k: 16.0,
            start: 1500.0,
        }
    }
}

/// A player's rating (`stats --rating --format json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerRating {
    /// The player.
    pub player: String,
    /// The rating after her last deal.
    pub rating: f64,
    /// Deals rated.
    pub deals: usize,
    /// The rating after each of her deals, in order (the start first).
    pub history: Vec<f64>,
}

/// `stats --rating --format json`: every player's rating, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingReport<'a> {
    /// Every player's rating and history.
    pub ratings: &'a [PlayerRating],
}

/// Every player's rating over the evenings in order, best first (then by name).
pub fn ratings(evenings: &[Evening], rules: RatingRules) -> Vec<PlayerRating> {
    let mut all: Vec<PlayerRating> = Vec::new();
    for e in evenings {
        // Each seat's entry among all players.
        let seats: Vec<usize> = e
            .players
            .iter()
            .map(|p| match all.iter().position(|r| &r.player == p) {
                Some(i) => i,
                None => {
                    all.push(PlayerRating {
                        player: p.clone(),
                        rating: rules.start,
                        deals: 0,
                        history: vec![rules.start],
                    });
                    all.len() - 1
                }
            })
            .collect();
        for d in &e.deals {
            let roles = &d.facts.roles;
            if d.facts.contract == Contract::Redeal {
                continue;
            }
            let side = |p: Party| -> Vec<usize> {
                (0..roles.len())
                    .filter(|&s| roles[s].party() == Some(p))
                    .collect()
            };
            let (re, kontra) = (side(Party::Re), side(Party::Kontra));
            if re.is_empty() || kontra.is_empty() {
                continue;
            }
            let mean =
                |s: &[usize]| s.iter().map(|&x| all[seats[x]].rating).sum::<f64>() / s.len() as f64;
            let expected = 1.0 / (1.0 + 10f64.powf((mean(&kontra) - mean(&re)) / 400.0));
            let result = match d.winner {
                Some(Party::Re) => 1.0,
                Some(Party::Kontra) => 0.0,
                None => 0.5,
            };
            let change = rules.k * (result - expected);
            let re_share = change * kontra.len() as f64 / re.len() as f64;
            for (s, role) in roles.iter().enumerate() {
                let delta = match role {
                    Role::Re => re_share,
                    Role::Kontra => -change,
                    Role::Out => continue,
                };
                let r = &mut all[seats[s]];
                r.rating += delta;
                r.deals += 1;
                r.history.push(r.rating);
            }
        }
    }
    all.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then_with(|| a.player.cmp(&b.player))
    });
    all
}
