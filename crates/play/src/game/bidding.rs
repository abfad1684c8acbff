//! The bidding (the profile's statements, one a step) and a poverty's exchange (those asked
//! accept or decline; the cards passed and returned), up to the start of the play.

use super::{Action, Bid, Card, Contract, DeclaredGame, Exchange, Game, Phase, Poverty, Text, msg};
use crate::machine::auction::{Auction, Standing};

/// Whether the rules of bidding take each statement of a seat, by the bidding so far, the
/// seat and the dealer (whose left begins the order): the same at every deal of a table,
/// whatever the hands. At most [`VerdictCache::MOST`] biddings are kept; then it starts
/// afresh.
#[derive(Debug, Default)]
pub(super) struct VerdictCache(std::sync::Mutex<VerdictMap>);

type VerdictMap = std::collections::HashMap<
    (Auction, usize, usize),
    Verdicts,
    std::hash::BuildHasherDefault<crate::recent::Quick>,
>;

/// Each statement taken (true) or refused, in the order of the table's statements.
pub(super) type Verdicts = std::sync::Arc<[bool]>;

impl VerdictCache {
    const MOST: usize = 4096;

    fn get(&self, key: (Auction, usize, usize), make: impl FnOnce() -> Verdicts) -> Verdicts {
        // A poisoned lock (a panic elsewhere while it was held) holds no half-made entry:
        // each is made before it goes in.
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = map.get(&key) {
            return v.clone();
        }
        if map.len() >= Self::MOST {
            map.clear();
        }
        let v = make();
        map.insert(key, v.clone());
        v
    }
}

impl Game {
    /// Every (seat, statement) the bidding allows next, one seat's, into `out` (emptied
    /// first): the machine's verdicts ([`crate::machine::auction`]) where the hand allows
    /// the game named.
    pub(super) fn legal_statements_into(&self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        let t = self.bidding_table();
        for &seat in &self.active {
            if !self.auction.may_speak(t, seat) {
                continue;
            }
            let verdicts = self.verdicts(seat);
            for (i, &taken) in verdicts.iter().enumerate() {
                if taken && self.bid_ok(seat, i) {
                    out.push((seat, i));
                }
            }
            if !out.is_empty() {
                break;
            }
        }
    }

    /// [`Game::legal_statements_into`] the game's own list (its memory kept).
    pub(super) fn work_out_statements(&mut self) {
        let mut legal = std::mem::take(&mut self.legal);
        self.legal_statements_into(&mut legal);
        self.legal = legal;
    }

    /// Whether the rules of bidding alone take each statement of `seat` now (worked out
    /// once for each bidding met at the table).
    fn verdicts(&self, seat: usize) -> Verdicts {
        let table = &self.start.table;
        let key = (self.auction, seat, self.start.dealer);
        table.verdicts.get(key, || {
            let t = self.bidding_table();
            table.candidates[seat]
                .iter()
                .map(|bid| {
                    // Pushed on a copy of the bidding: the game's is left as it is.
                    let mut a = self.auction;
                    bid.as_ref().is_some_and(|b| a.push(t, seat, b.say).is_ok())
                })
                .collect()
        })
    }

    /// The rules of bidding's view of this deal: the profile, the seats that play.
    pub(super) fn bidding_table(&self) -> crate::machine::auction::Table<'_> {
        crate::machine::auction::Table {
            profile: &self.start.table.profile,
            order: &self.active,
        }
    }

    /// Would statement `i` of `seat`, which the rules of bidding take, be taken now: does
    /// the hand hold what its game needs? (A game the statements decide is played by the
    /// hands that may name it: a wedding, a poverty and a redeal go on by their own rules,
    /// the exchange, the partner's trick, the deal thrown in; issue 64: no deal is tried
    /// to its end to judge a statement.)
    pub(super) fn bid_ok(&self, seat: usize, i: usize) -> bool {
        self.start.table.candidates[seat][i]
            .as_ref()
            .is_some_and(|bid| self.hand_allows(seat, bid))
    }

    /// Adds a statement the rules take; where it decides the game and nobody can say more,
    /// the play begins.
    pub(super) fn push_bid(&mut self, bid: Bid) {
        let mut a = self.auction;
        let taken = a.push(self.bidding_table(), bid.player, bid.say);
        debug_assert!(taken.is_ok(), "a statement offered is taken");
        let decided = a.outcome(self.bidding_table());
        self.auction = a;
        self.bids.push(bid);
        self.work_out_statements();
        if let Standing::Decided(d) = decided
            && self.legal.is_empty()
        {
            self.start_play(d.contract, d.declarer, Some(d));
        }
    }

    /// What the hand must hold for the game a statement names
    /// ([`crate::play::statement_fits`]).
    pub(super) fn hand_allows(&self, seat: usize, bid: &Bid) -> bool {
        bid.game().is_none_or(|game| {
            let p = &self.start.table.profile;
            crate::play::statement_fits(p, &self.active, &self.start.hands, seat, game.contract)
        })
    }

    pub(super) fn bid(&mut self, i: usize) -> Result<(), Text> {
        let Some(&(seat, _)) = self.legal.iter().find(|&&(_, k)| k == i) else {
            let names = self.start.table.players.clone();
            let who = self.legal.first().map(|&(s, _)| s);
            let word = self.bid_words.get(i).cloned().unwrap_or_default();
            return Err(match who {
                Some(s) => {
                    let mut bids = self.bids.clone();
                    let said = format!("{} {word}", names[s]);
                    match Bid::parse(&names, &said) {
                        Ok(b) => {
                            bids.push(b);
                            crate::machine::auction::refusal(
                                &bids,
                                &self.start.table.profile,
                                &self.active,
                                &names,
                            )
                            .unwrap_or_else(|| msg!("error.game_bid_hand", statement = said))
                        }
                        Err(e) => e,
                    }
                }
                None => msg!("error.game_bids_over"),
            });
        };
        let bid = self.start.table.candidates[seat][i]
            .clone()
            .ok_or_else(|| msg!("error.game_bids_over"))?;
        self.push_bid(bid);
        Ok(())
    }

    /// The play begins: the game `contract` of `declarer`, as the bidding decided it
    /// (`decided`: its partner rule and condition), where it decided one.
    pub(super) fn start_play(
        &mut self,
        contract: Contract,
        declarer: Option<usize>,
        decided: Option<crate::bids::Decided>,
    ) {
        let start = self.start.clone();
        let p = &start.table.profile;
        if contract == Contract::Poverty
            && let Some(poor) = declarer
            && self.poverty.is_none()
            && let Some(want) = crate::play::poverty_cards(p, &self.hand(poor))
        {
            // The players decide: who accepts, what is passed and returned.
            self.declared = Some(DeclaredGame {
                contract,
                declarer,
                exchange: None,
                partner: None,
                bid_calls: Vec::new(),
                condition: None,
            });
            let hands = self.hands_now();
            let partner = crate::play::forced_poverty_partner(p, &self.active, &hands, poor);
            self.poverty = Some(Poverty {
                poor,
                want,
                declined: 0,
                partner,
                passed: Vec::new(),
                returned: Vec::new(),
                passed_ids: 0,
                returned_ids: 0,
            });
            self.phase = Phase::Exchange;
            return;
        }
        let exchange = self.poverty.take().map(|x| Exchange {
            partner: x.partner.unwrap_or(x.poor),
            passed: x.passed,
            returned: x.returned,
        });
        self.order = crate::play::deal_order(contract, p, 0);
        let leader = crate::seating::first_leader(p, &self.active, contract, declarer, false);
        // The machine's deal begins its play: the hands as they are, the leader, the order.
        let rules = &start.table.rules;
        let lead = self.place_of(leader).unwrap_or(0);
        self.deal = self.deal.begin(rules, lead, rules.order_for(contract, 0));
        self.declared = Some(DeclaredGame {
            contract,
            declarer: declarer.filter(|_| contract != Contract::Normal),
            exchange,
            partner: decided.and_then(|d| d.partner),
            bid_calls: Vec::new(),
            condition: None,
        });
        self.phase = if contract == Contract::Redeal {
            Phase::Over
        } else {
            Phase::Playing
        };
        self.know();
        // The condition of the winning statement: her party's calls, with a full hand.
        let party = declarer.or(decided.and_then(|d| d.winner.map(|w| self.bids[w].player)));
        let (calls, condition) = match (decided, party) {
            (Some(d), Some(bidder)) => {
                let party = self.party(bidder);
                let calls = crate::play::condition_calls(&self.bids, p, Some(&d), party);
                let condition = party.filter(|_| !calls.is_empty());
                (calls, condition)
            }
            _ => (Vec::new(), None),
        };
        if let Some(g) = &mut self.declared {
            g.condition = condition;
            g.bid_calls = calls;
        }
        self.take_calls();
    }

    /// The seat to act in a poverty's exchange: the player asked, the poor player passing,
    /// her partner returning.
    pub(super) fn exchanging(&self) -> Option<usize> {
        let x = self.poverty.as_ref()?;
        Some(match x.partner {
            None => self.asked(x)?,
            Some(_) if x.passed.len() < x.want => x.poor,
            Some(partner) => partner,
        })
    }

    /// The player asked now (`play::poverty_asked`).
    pub(super) fn asked(&self, x: &Poverty) -> Option<usize> {
        crate::play::poverty_asked(&self.active, x.poor, x.declined)
    }

    /// What the seat to act may do in the exchange: accept (where she could return the
    /// cards) or decline; pass a card (every trump among the cards passed); return a card
    /// (no trump where the profile forbids it).
    pub(super) fn exchange_actions(&self) -> Vec<Action> {
        let (Some(x), Some(seat)) = (self.poverty.as_ref(), self.exchanging()) else {
            return Vec::new();
        };
        let p = &self.start.table.profile;
        let mut cards: Vec<Card> = match x.partner {
            None => {
                let trumps = crate::play::trumps_in(&self.hand(x.poor), p, true);
                let mut out = Vec::new();
                if crate::play::can_return(p, &self.hand(seat), x.want, trumps) {
                    out.push(Action::Answer(true));
                }
                out.push(Action::Answer(false));
                return out;
            }
            Some(_) if x.passed.len() < x.want => {
                let hand = self.hand(x.poor);
                let left = x.want - x.passed.len();
                hand.iter()
                    .copied()
                    .filter(|&c| crate::play::passable(p, &hand, left, c))
                    .collect()
            }
            Some(partner) => self
                .hand(partner)
                .into_iter()
                .filter(|&c| crate::play::returnable(p, c))
                .collect(),
        };
        cards.sort_unstable();
        cards.dedup();
        cards.into_iter().map(Action::Card).collect()
    }

    /// Takes an action of the exchange; once the cards are back the play begins, and a
    /// poverty every player declined is thrown in (dealt again: a redeal that the record
    /// writes as the poverty with neither an exchange nor tricks).
    pub(super) fn exchange(&mut self, a: Action) -> Result<(), Text> {
        if !self.exchange_actions().contains(&a) {
            let seat = self.exchanging().unwrap_or(0);
            let name = self.start.table.players[seat].as_str();
            return Err(match a {
                Action::Answer(true) => msg!("error.game_cannot_return", player = name),
                Action::Card(c) if !self.holds(seat, c) => {
                    msg!("error.not_in_hand", player = name, card = c)
                }
                Action::Card(c) => msg!("error.game_exchange_card", player = name, card = c),
                _ => msg!("error.game_exchange"),
            });
        }
        let seat = self.exchanging().unwrap_or(0);
        let rules = &self.start.table.rules;
        let place = self.active.iter().position(|&s| s == seat).unwrap_or(0) as u8;
        let place_of = |s: usize| self.active.iter().position(|&a| a == s).unwrap_or(0) as u8;
        let Some(x) = self.poverty.as_mut() else {
            return Err(msg!("error.game_exchange"));
        };
        match a {
            Action::Answer(true) => x.partner = Some(seat),
            Action::Answer(false) => {
                x.declined += 1;
                if crate::play::poverty_asked(&self.active, x.poor, x.declined).is_none() {
                    // Nobody accepted: the hands are thrown in.
                    self.poverty = None;
                    self.phase = Phase::Over;
                }
            }
            Action::Card(c) => {
                // The machine moves the card; it reaches the other hand once all are given.
                let id = self
                    .deal
                    .take_out(rules, place, c)
                    .map_or(0, |id| 1u64 << id);
                if x.passed.len() < x.want {
                    x.passed.push(c);
                    x.passed_ids |= id;
                    if x.passed.len() == x.want
                        && let Some(partner) = x.partner
                    {
                        self.deal.put_in(place_of(partner), x.passed_ids);
                    }
                } else {
                    x.returned.push(c);
                    x.returned_ids |= id;
                    if x.returned.len() == x.want {
                        self.deal.put_in(place_of(x.poor), x.returned_ids);
                        let d = self.declared.as_ref().and_then(|d| d.declarer);
                        self.start_play(Contract::Poverty, d, None);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
