//! Double-dummy analysis of a recorded deal (issue 70): for every card played, Re's eyes
//! at the end after it and after the best card its player had, both parties playing
//! perfectly from then on with every hand open ([`crate::machine::Solver`]).
//!
//! A record is played through the record check first (the same words as `doko score`
//! for a record that is not a legal deal); the cards are then stepped through the deal
//! machine from the hands they show, in the card order the record was played in (a raise
//! declared is in force throughout, as the check reads it), with the parties the check
//! found: the parties are the record's, known to both sides.

use crate::cards::Card;
use crate::contract::Party;
use crate::deal::full::FullRecord;
use crate::deal::{DealFacts, FieldError, Role};
use crate::machine::{Bits, Bounds, CardId, Deal, MAX_PLACES, Phase, Ruleset, Solver};
use crate::msg;
use crate::variant::Profile;

/// A deal's play as the machine steps it: the position its first card is played from,
/// the cards played, and who is who.
#[derive(Debug, Clone)]
pub struct Line {
    /// The position before the first card.
    pub start: Deal,
    /// The cards played, in order (card ids of the profile's [`Ruleset`]).
    pub plays: Vec<CardId>,
    /// Each place's seat at the table.
    pub seats: Vec<usize>,
    /// The places of Re, a bit each.
    pub re: u8,
}

/// One card of a deal, analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardValue {
    /// The trick it was played to, from 1.
    pub trick: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The card.
    pub card: Card,
    /// Its player's party.
    pub party: Party,
    /// Re's eyes at the end after this card, both parties playing perfectly after it.
    pub re_eyes_played: Bounds,
    /// Re's eyes at the end after the best card its player had (the position's value).
    pub re_eyes_best: Bounds,
    /// The cards that reach `re_eyes_best`, each card once, in the deck's order (None
    /// where the search's limit left the value unknown).
    pub best: Option<Vec<Card>>,
}

/// A deal, analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Re's eyes at the end from the first card, both parties playing perfectly.
    pub re_eyes: Bounds,
    /// Re's eyes as the deal was played (where it is unfinished: the value of its last
    /// position).
    pub re_eyes_played: Bounds,
    /// Every card played, in order.
    pub cards: Vec<CardValue>,
    /// Where the record stops before the last card: the value of its last position and
    /// the cards of the player to move that reach it.
    pub last: Option<(Bounds, Option<Vec<Card>>)>,
    /// Positions the solver searched.
    pub nodes: u64,
    /// The search's limit stopped it before every value was known.
    pub stopped: bool,
}

/// The line of a full record: played through the record check (refused as `doko score`
/// refuses it), its cards seated as the check seated them, the parties it found. The
/// facts are the check's.
pub fn line_of(record: &FullRecord, profile: &Profile) -> Result<(Line, DealFacts), FieldError> {
    let mut memo = crate::play::PlayMemo::keeping();
    let facts = crate::play::play_kept(record, profile, &mut memo)?;
    let rules = Ruleset::of(profile);
    let dealer = facts.dealer.unwrap_or(record.dealer);
    let active = crate::seating::active_seats(
        record.players.len(),
        dealer,
        usize::from(profile.deck.players),
    );
    let place_of = |seat: usize| active.iter().position(|&a| a == seat).map(|p| p as u8);
    let tricks = memo.kept_tricks().unwrap_or(&[]);
    let tricks = &tricks[..record.tricks.len().min(tricks.len())];
    let mut hands = [0u64; MAX_PLACES];
    let mut taken = 0u64;
    let mut played = Vec::with_capacity(usize::from(rules.cards));
    for trick in tricks {
        for (seat, card) in trick.iter() {
            let place = place_of(seat).ok_or_else(|| internal(record))?;
            let free = rules.ids_of(card) & !taken;
            let id = free.trailing_zeros();
            if free == 0 || usize::from(place) >= MAX_PLACES {
                return Err(internal(record));
            }
            hands[usize::from(place)] |= 1 << id;
            taken |= 1 << id;
            played.push((place, card));
        }
    }
    let leader = played.first().map_or(0, |&(p, _)| p);
    let raises = crate::play::declared_raises(record) as u8;
    let order = rules.order_for(facts.contract, raises);
    let places = usize::from(rules.players);
    let start = Deal::new(rules, &hands[..places], leader, order);
    let mut deal = start.clone();
    let mut plays = Vec::with_capacity(played.len());
    for &(place, card) in &played {
        if deal.to_move() != place {
            return Err(internal(record));
        }
        deal.play_card(rules, card).map_err(|_| internal(record))?;
        plays.push(*deal.plays().last().unwrap_or(&0));
    }
    let mut re = 0u8;
    for (p, &seat) in active.iter().enumerate().take(places) {
        if facts.roles.get(seat) == Some(&Role::Re) {
            re |= 1 << p;
        }
    }
    let line = Line {
        start,
        plays,
        seats: active,
        re,
    };
    Ok((line, facts))
}

/// The machine did not step a record the check played (a fault of this program's, said
/// plainly rather than a panic).
fn internal(record: &FullRecord) -> FieldError {
    FieldError::new(
        "tricks",
        msg!("error.analyze_internal", deal = record.number),
    )
}

/// Analyses `line` under `rules`: the value at each position, from the last card back
/// to the first (each search the smaller for the table the later ones filled), and the
/// best cards at each. The value after the card played is known then: each position
/// asks first whether another card does better ([`Solver::value_after`]), and the card
/// played is not searched again for the best cards. `limit`: the positions the deal's searches may visit in all. The
/// positions are searched from the last back, each a search larger than the one after
/// it; where the limit stops one, the positions before it (larger still) are not
/// searched: each is given the bounds its card played gives it (a Re player's best
/// is at least what her card reached, a Kontra player's at most) and those of the eyes
/// still out.
pub fn analyze(line: &Line, rules: &Ruleset, limit: Option<u64>) -> Analysis {
    let mut solver = Solver::with_limit(rules, line.re, limit);
    let mut deal = line.start.clone();
    let mut deltas = Vec::with_capacity(line.plays.len());
    for &id in &line.plays {
        if deal.phase() != Phase::Playing {
            break;
        }
        deltas.push(deal.play_trusted(rules, id));
    }
    // The last position: the end, or where an unfinished record stops.
    let end = solver.value(&mut deal);
    let last = (deal.phase() == Phase::Playing).then(|| {
        let best = end.exact().and_then(|v| solver.best_cards(&mut deal, v));
        (end, best.map(|b| distinct(rules, b)))
    });
    let mut cards = Vec::with_capacity(deltas.len());
    let mut after = end;
    while let Some(delta) = deltas.pop() {
        deal.undo(rules, delta);
        // The card's player and trick: the position's, before it.
        let (place, trick) = (deal.to_move(), usize::from(deal.tricks_played()) + 1);
        let (value, best) = if solver.stopped() {
            (solver.known_bounds(&deal, Some(after)), None)
        } else {
            let id = line.plays[deltas.len()];
            let value = solver.value_after(&mut deal, after);
            let played = after.exact().map(|a| (id, a));
            let best = value
                .exact()
                .and_then(|v| solver.best_cards_after(&mut deal, v, played));
            (value, best)
        };
        let id = line.plays[deltas.len()];
        cards.push(CardValue {
            trick,
            seat: line.seats.get(usize::from(place)).copied().unwrap_or(0),
            card: rules.card(id),
            party: if line.re >> place & 1 != 0 {
                Party::Re
            } else {
                Party::Kontra
            },
            re_eyes_played: after,
            re_eyes_best: value,
            best: best.map(|b| distinct(rules, b)),
        });
        after = value;
    }
    cards.reverse();
    let stopped = end.exact().is_none() || cards.iter().any(|c| c.re_eyes_best.exact().is_none());
    Analysis {
        re_eyes: after,
        re_eyes_played: end,
        cards,
        last,
        nodes: solver.nodes(),
        stopped,
    }
}

/// The distinct cards of a mask of ids, in the deck's order.
fn distinct(rules: &Ruleset, mask: u64) -> Vec<Card> {
    let mut out: Vec<Card> = Vec::new();
    for id in Bits(mask) {
        let c = rules.card(id);
        if out.last() != Some(&c) {
            out.push(c);
        }
    }
    out
}

/// The game a deal's facts give with Re's eyes `re_eyes` in place of the eyes played, the
/// calls as made, and no extras or tricks counted (the best line's tricks are not the
/// record's): who wins, and Re's points (one Re player's, before the multiplier).
pub fn game_value(facts: &DealFacts, profile: &Profile, re_eyes: u16) -> (Option<Party>, i32) {
    let mut f = facts.clone();
    let total = facts.re_eyes + facts.kontra_eyes;
    f.re_eyes = re_eyes;
    f.kontra_eyes = total.saturating_sub(re_eyes);
    f.re_tricks = None;
    f.kontra_tricks = None;
    f.re_extras.clear();
    f.kontra_extras.clear();
    f.extras_at.clear();
    f.bock = None;
    let r = crate::scoring::deal::score_facts(f, profile, false);
    (r.winner, r.re_value)
}

impl super::Game {
    /// The deal's line as far as it is played, for the solver: the position its first
    /// card was played from, the cards since, and the parties as the game knows them with
    /// every hand open. Refused before the play begins, or where the parties are not
    /// known yet (a wedding whose partner is still to be found).
    pub fn line(&self) -> Result<Line, crate::lang::Text> {
        let re = self.re_places()?;
        let rules = &self.start.table.rules;
        let deal = &self.deal;
        let mut hands = [0u64; MAX_PLACES];
        let places = usize::from(rules.players);
        for (p, hand) in hands.iter_mut().enumerate().take(places) {
            *hand = deal.hand(p as u8);
        }
        for t in 0..=deal.tricks_played().min(rules.hand.saturating_sub(1)) {
            for (place, id) in deal.trick_by_place(rules, t) {
                hands[usize::from(place) % MAX_PLACES] |= 1 << id;
            }
        }
        let start = Deal::new(rules, &hands[..places], deal.leader_of(0), deal.order());
        Ok(Line {
            start,
            plays: deal.plays().to_vec(),
            seats: self.active.clone(),
            re,
        })
    }

    /// The places of Re (a bit each) as the game knows them with every hand open: refused
    /// before the play begins, or where they are not known yet (a wedding whose partner
    /// is still to be found).
    fn re_places(&self) -> Result<u8, crate::lang::Text> {
        if self.phase != super::Phase::Playing && self.phase != super::Phase::Over {
            return Err(msg!("error.analyze_not_playing"));
        }
        let Some(re_seats) = self.parties() else {
            return Err(msg!("error.analyze_parties"));
        };
        Ok(re_seats
            .into_iter()
            .filter_map(|seat| self.place_of(seat))
            .fold(0u8, |re, p| re | 1 << p))
    }

    /// The double-dummy value of the deal as it stands (every hand open, both parties
    /// playing perfectly from here, the parties as known now): Re's eyes at the end, and
    /// the cards the player to play may play that reach it (every copy once, as actions).
    /// `limit`: the positions the search may visit (None: no limit); where it stops
    /// first, the bounds it found and no cards. The card order is the one in force now (a
    /// raise declared later is not foreseen).
    pub fn solve(
        &self,
        limit: Option<u64>,
    ) -> Result<(Bounds, Option<Vec<super::Action>>), crate::lang::Text> {
        let re = self.re_places()?;
        let rules = &self.start.table.rules;
        let mut deal = self.deal.clone();
        let mut solver = Solver::with_limit(rules, re, limit);
        let (value, best) = solver.solve(&mut deal);
        let best = best.map(|b| {
            distinct(rules, b)
                .into_iter()
                .map(super::Action::Card)
                .collect()
        });
        Ok((value, best))
    }
}
