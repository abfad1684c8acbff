//! Aggregates over many deals (`doko score --summary`): totals and win rates per player and
//! per contract, and how often each item occurred. Memory grows with the number of distinct
//! players, contracts and items, not with the number of deals.
//!
//! Adding a deal is on the hot path of a million-deal archive: lines are kept in small
//! vectors found by the seat (cached per table) or by the item's static key, and sorted
//! only when read.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::contract::{Contract, Party};
use crate::scoring::DealResult;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
/// A player's line.
pub struct PlayerLine {
    /// Deals the player took part in (not sitting out).
    pub deals: u64,
    /// Deals won.
    pub won: u64,
    /// Points.
    pub points: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
/// A contract's line.
pub struct ContractLine {
    /// Deals of the contract.
    pub deals: u64,
    /// Deals Re won.
    pub re_won: u64,
    /// Deals Kontra won.
    pub kontra_won: u64,
    /// Deals nobody won.
    pub nobody: u64,
    /// Sum of the game values from the winner's side.
    pub value: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
/// An item's line.
pub struct ItemLine {
    /// Deals in which the item was scored (an item twice in a deal counts twice).
    pub times: u64,
    /// Its points.
    pub points: i64,
}

/// Slots of [`Summary::found`].
const FOUND: usize = 32;

#[derive(Debug, Clone, Default)]
/// Aggregates over any number of deals: per player, contract and item.
pub struct Summary {
    /// Deals added.
    pub deals: u64,
    players: Vec<(String, PlayerLine)>,
    /// Found by the contract (cheap to compare), named when read.
    contracts: Vec<(Contract, ContractLine)>,
    items: Vec<(Cow<'static, str>, ItemLine)>,
    /// The line of each key found lately, by the address of its text (a key is mostly one
    /// static text): a slot by the address's bits.
    found: [usize; FOUND],
    /// The players of the last deal and, per seat, their line in `players`.
    table: Vec<String>,
    seats: Vec<usize>,
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

impl Summary {
    /// Per player, by name.
    pub fn players(&self) -> BTreeMap<&str, &PlayerLine> {
        self.players.iter().map(|(k, l)| (k.as_str(), l)).collect()
    }

    /// Per contract, by name.
    pub fn contracts(&self) -> BTreeMap<&'static str, ContractLine> {
        let mut by_name: BTreeMap<&'static str, ContractLine> = BTreeMap::new();
        for (c, l) in &self.contracts {
            let line = by_name.entry(c.name()).or_default();
            line.deals += l.deals;
            line.re_won += l.re_won;
            line.kontra_won += l.kontra_won;
            line.nobody += l.nobody;
            line.value += l.value;
        }
        by_name
    }

    /// Per item key (`won`, `fox` ...).
    pub fn items(&self) -> BTreeMap<&str, &ItemLine> {
        self.items.iter().map(|(k, l)| (k.as_ref(), l)).collect()
    }

    /// Adds one deal of `players`.
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
        let contract = r.facts.contract;
        let c = match self.contracts.iter().position(|(k, _)| *k == contract) {
            Some(i) => &mut self.contracts[i].1,
            None => {
                self.contracts.push((contract, ContractLine::default()));
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
            // Keys are mostly the same static texts: found by address first.
            let key = item.item.as_ref();
            let same_text = |k: &Cow<'static, str>| std::ptr::eq(k.as_ref(), key);
            let slot = (key.as_ptr() as usize >> 3) % FOUND;
            let hint = self.found[slot];
            let found = match self.items.get(hint) {
                Some((k, _)) if same_text(k) => Some(hint),
                _ => {
                    let at = match self.items.iter().position(|(k, _)| same_text(k)) {
                        Some(at) => Some(at),
                        None => self.items.iter().position(|(k, _)| k.as_ref() == key),
                    };
                    self.found[slot] = at.unwrap_or(self.items.len());
                    at
                }
            };
            let at = match found {
                Some(at) => at,
                None => {
                    self.items.push((item.item.clone(), ItemLine::default()));
                    self.items.len() - 1
                }
            };
            let line = &mut self.items[at].1;
            line.times += 1;
            line.points += item.points as i64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::deal::Item;
    use crate::scoring::score_deal_brief;
    use crate::variant::Profile;
    use crate::{game::generate::random_deal, rng::Rng};

    #[test]
    fn items_are_counted_by_text_whether_their_keys_are_static_or_made_per_deal() {
        let p = Profile::load(crate::variant::DEFAULT_PROFILE, &[]).unwrap();
        let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
        let record = random_deal(&p, &players, 3, 1, &mut Rng::new(5));
        let mut result = score_deal_brief(&crate::play::play(&record, &p).unwrap(), &p);
        let item = |key: Cow<'static, str>, points: i32| Item {
            party: Party::Re,
            item: key,
            points,
            rule: crate::scoring::deal::RuleText::default(),
            at: None,
            scored: true,
        };
        let mut summary = Summary::default();
        let mut want: BTreeMap<String, (u64, i64)> = BTreeMap::new();
        for deal in 0..200 {
            // Keys made anew each deal, of one length, often at the address of the last
            // deal's; and static keys, some with the text of a made one.
            let made = format!("reached_{}", 10 + deal % 7);
            result.items = vec![
                item(Cow::Owned(made.clone()), 1),
                item(Cow::Borrowed("won"), 2),
                item(Cow::Borrowed("reached_12"), 3),
                item(Cow::Owned(format!("reached_{}", 10 + (deal + 3) % 7)), 4),
            ];
            summary.add(&players, &result);
            for i in &result.items {
                let w = want.entry(i.item.to_string()).or_default();
                w.0 += 1;
                w.1 += i.points as i64;
            }
        }
        let got: BTreeMap<String, (u64, i64)> = summary
            .items()
            .into_iter()
            .map(|(k, l)| (k.to_string(), (l.times, l.points)))
            .collect();
        assert_eq!(got, want);
    }
}
