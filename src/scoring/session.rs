//! A sheet of deals: running totals and the final ranking.

use crate::scoring::DealResult;

/// Running state of a sheet: one total per seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub players: Vec<String>,
    pub totals: Vec<i64>,
    pub deals: usize,
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub rank: usize,
    pub player: String,
    pub points: i64,
}

impl Session {
    pub fn new(players: Vec<String>) -> Session {
        let totals = vec![0; players.len()];
        Session {
            players,
            totals,
            deals: 0,
        }
    }

    /// Adds a scored deal and returns the running totals after it.
    pub fn add(&mut self, result: &DealResult) -> &[i64] {
        for (t, s) in self.totals.iter_mut().zip(&result.scores) {
            *t += s;
        }
        self.deals += 1;
        &self.totals
    }

    /// Players by total, highest first; equal totals share a rank.
    pub fn ranking(&self) -> Vec<Standing> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.totals[i]));
        let mut out: Vec<Standing> = Vec::with_capacity(order.len());
        for (pos, &i) in order.iter().enumerate() {
            let rank = match out.last() {
                Some(prev) if prev.points == self.totals[i] => prev.rank,
                _ => pos + 1,
            };
            out.push(Standing {
                rank,
                player: self.players[i].clone(),
                points: self.totals[i],
            });
        }
        out
    }
}
