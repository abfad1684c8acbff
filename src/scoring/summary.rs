//! Aggregates over many deals (`doko score --summary`): totals and win rates per player and
//! per contract, and how often each item occurred. Memory grows with the number of distinct
//! players, contracts and items, not with the number of deals.

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

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub deals: u64,
    pub players: BTreeMap<String, PlayerLine>,
    pub contracts: BTreeMap<&'static str, ContractLine>,
    pub items: BTreeMap<String, ItemLine>,
}

impl Summary {
    pub fn add(&mut self, players: &[String], r: &DealResult) {
        self.deals += 1;
        for (seat, name) in players.iter().enumerate() {
            let Some(party) = r.facts.roles.get(seat).and_then(|role| role.party()) else {
                continue;
            };
            let line = match self.players.get_mut(name.as_str()) {
                Some(l) => l,
                None => self.players.entry(name.clone()).or_default(),
            };
            line.deals += 1;
            line.won += (r.winner == Some(party)) as u64;
            line.points += r.scores.get(seat).copied().unwrap_or(0);
        }
        let c = self.contracts.entry(r.facts.contract.name()).or_default();
        c.deals += 1;
        match r.winner {
            Some(Party::Re) => c.re_won += 1,
            Some(Party::Kontra) => c.kontra_won += 1,
            None => c.nobody += 1,
        }
        c.value += r.value() as i64;
        for item in r.items.iter().filter(|i| i.scored) {
            let line = match self.items.get_mut(item.item.as_ref()) {
                Some(l) => l,
                None => self.items.entry(item.item.to_string()).or_default(),
            };
            line.times += 1;
            line.points += item.points as i64;
        }
    }
}
