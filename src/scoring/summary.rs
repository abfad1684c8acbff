//! Aggregates over many deals (`doko score --summary`): totals and win rates per player and
//! per contract, and how often each item occurred. Memory grows with the number of distinct
//! players, contracts and items, not with the number of deals.
//!
//! Adding a deal is on the hot path of a million-deal archive: lines are kept in small
//! vectors found by the seat (cached per table) or by the item's static key, and sorted
//! only when read.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::contract::Party;
use crate::scoring::DealResult;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerLine {
    /// Deals the player took part in (not sitting out).
    pub deals: u64,
    pub won: u64,
    pub points: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContractLine {
    pub deals: u64,
    pub re_won: u64,
    pub kontra_won: u64,
    pub nobody: u64,
    /// Sum of the game values from the winner's side.
    pub value: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemLine {
    /// Deals in which the item was scored (an item twice in a deal counts twice).
    pub times: u64,
    pub points: i64,
}

#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub deals: u64,
    players: Vec<(String, PlayerLine)>,
    contracts: Vec<(&'static str, ContractLine)>,
    items: Vec<(Cow<'static, str>, ItemLine)>,
    /// The players of the last deal and, per seat, their line in `players`.
    table: Vec<String>,
    seats: Vec<usize>,
    /// Where the last item was found: items come in much the same order every deal.
    hint: usize,
}

impl PartialEq for Summary {
    fn eq(&self, other: &Summary) -> bool {
        self.deals == other.deals
            && self.players() == other.players()
            && self.contracts() == other.contracts()
            && self.items() == other.items()
    }
}

impl Eq for Summary {}

/// The same text, looked up by address first (item keys are mostly static strings).
fn same(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

impl Summary {
    /// Per player, by name.
    pub fn players(&self) -> BTreeMap<&str, &PlayerLine> {
        self.players.iter().map(|(k, l)| (k.as_str(), l)).collect()
    }

    /// Per contract, by name.
    pub fn contracts(&self) -> BTreeMap<&'static str, &ContractLine> {
        self.contracts.iter().map(|(k, l)| (*k, l)).collect()
    }

    /// Per item key (`won`, `fox` ...).
    pub fn items(&self) -> BTreeMap<&str, &ItemLine> {
        self.items.iter().map(|(k, l)| (k.as_ref(), l)).collect()
    }

    pub fn add(&mut self, players: &[String], r: &DealResult) {
        self.deals += 1;
        if self.table.as_slice() != players {
            self.table = players.to_vec();
            self.seats = players
                .iter()
                .map(
                    |name| match self.players.iter().position(|(k, _)| k == name) {
                        Some(i) => i,
                        None => {
                            self.players.push((name.clone(), PlayerLine::default()));
                            self.players.len() - 1
                        }
                    },
                )
                .collect();
        }
        for (seat, &at) in self.seats.iter().enumerate() {
            let Some(party) = r.facts.roles.get(seat).and_then(|role| role.party()) else {
                continue;
            };
            let line = &mut self.players[at].1;
            line.deals += 1;
            line.won += (r.winner == Some(party)) as u64;
            line.points += r.scores.get(seat).copied().unwrap_or(0);
        }
        let name = r.facts.contract.name();
        let c = match self.contracts.iter().position(|(k, _)| same(k, name)) {
            Some(i) => &mut self.contracts[i].1,
            None => {
                self.contracts.push((name, ContractLine::default()));
                &mut self.contracts.last_mut().expect("just pushed").1
            }
        };
        c.deals += 1;
        match r.winner {
            Some(Party::Re) => c.re_won += 1,
            Some(Party::Kontra) => c.kontra_won += 1,
            None => c.nobody += 1,
        }
        c.value += r.value() as i64;
        for item in r.items.iter().filter(|i| i.scored) {
            let n = self.items.len();
            let key: &str = &item.item;
            // By address from the hint on, then by text.
            let hint = self.hint.min(n);
            let found = (hint..n)
                .chain(0..hint)
                .find(|&k| {
                    let line: &str = &self.items[k].0;
                    line.as_ptr() == key.as_ptr() && line.len() == key.len()
                })
                .or_else(|| (0..n).find(|&k| self.items[k].0 == key));
            let at = match found {
                Some(k) => k,
                None => {
                    self.items.push((item.item.clone(), ItemLine::default()));
                    n
                }
            };
            self.hint = at + 1;
            let line = &mut self.items[at].1;
            line.times += 1;
            line.points += item.points as i64;
        }
    }
}
