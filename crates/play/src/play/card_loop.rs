//! The card loop: the hands as played, each card checked (its copies, following suit, the
//! leader), the tricks and who won them.

use super::{
    Card, CardOrder, Contract, DISTINCT, FieldError, FullRecord, Held, MARK_SHIFT, MAX_HAND,
    MAX_SEATS, Played, Profile, Trick, WrittenTrick, cards_text, check_exchange, declared_raises,
    fail, minus, msg, raised_cards, raised_fields,
};
use crate::machine::{place_of_standing, standing};

/// The hands as they are played: as written, after a poverty's exchange (empty where the
/// record writes no hands).
pub(super) fn hands_as_played(record: &FullRecord) -> Result<Vec<Option<Vec<Card>>>, FieldError> {
    let name = |s: usize| record.players[s].as_str();
    let mut remaining: Vec<Option<Vec<Card>>> = if record.hands.iter().any(Option::is_some) {
        record.hands.clone()
    } else {
        Vec::new()
    };
    if !remaining.is_empty() {
        remaining.resize(record.players.len(), None);
    }
    if record.contract == Contract::Poverty
        && let (Some(d), Some(x)) = (record.declarer, &record.exchange)
    {
        if let Some(Some(h)) = remaining.get_mut(d) {
            let Some(kept) = minus(h, &x.passed) else {
                return fail(
                    None,
                    "passed",
                    msg!(
                        "error.play_does_not_hold",
                        player = name(d),
                        cards = cards_text(&x.passed)
                    ),
                );
            };
            *h = kept;
            h.extend(&x.returned);
        }
        if let Some(Some(h)) = remaining.get_mut(x.partner) {
            h.extend(&x.passed);
            let Some(kept) = minus(h, &x.returned) else {
                return fail(
                    None,
                    "returned",
                    msg!(
                        "error.cannot_return",
                        player = name(x.partner),
                        cards = cards_text(&x.returned)
                    ),
                );
            };
            *h = kept;
        }
    }
    Ok(remaining)
}

/// Plays the cards into `tricks` and `held` ([`play_cards`]), trick 1 led by `leader`; a
/// revoke is reported as the first one in play order.
pub(super) fn play_tricks(
    record: &FullRecord,
    profile: &Profile,
    (order, active, leader): (&CardOrder, &[usize], usize),
    held: &mut Held,
    tricks: &mut [Trick; MAX_HAND],
) -> Result<(), FieldError> {
    // Each active seat's place in the order of play.
    let mut pos_of = [0u8; MAX_SEATS];
    for (i, &s) in active.iter().enumerate() {
        pos_of[s] = i as u8;
    }
    let mut remaining = hands_as_played(record)?;
    let revoked = play_cards(
        record,
        profile,
        order,
        Seating {
            active,
            pos_of: &pos_of,
            leader,
        },
        &mut remaining,
        held,
        tricks,
    )?;
    if revoked != 0 {
        first_revoke(&tricks[..record.tricks.len()], order, |s| {
            record.players[s].as_str()
        })?;
    }
    Ok(())
}

/// What the play shows about the record: a poverty's exchange was legal, a Schweinchen's
/// declarer held every copy of its card.
pub(super) fn check_held(
    record: &FullRecord,
    profile: &Profile,
    tricks: &[Trick],
    held: &Held,
) -> Result<(), FieldError> {
    if record.contract == Contract::Poverty {
        let played = Played::from_tricks(tricks);
        let hands: Vec<Vec<Card>> = (0..record.players.len())
            .map(|s| played.of(s).to_vec())
            .collect();
        check_exchange(record, profile, &hands)?;
    }
    let cards = raised_cards(profile, record.contract);
    for ((field, seat), card) in raised_fields(record).into_iter().zip(cards) {
        if let (Some(s), Some(c)) = (seat, card)
            && held[s][c.index()] != profile.deck.copies
        {
            let name = &record.players[s];
            return fail(
                None,
                field,
                msg!("error.not_every", player = name, card = c),
            );
        }
    }
    Ok(())
}

/// Who plays a deal, in order: the seats that get cards, each seat's place among them,
/// and who leads the first trick.
#[derive(Clone, Copy)]
pub(super) struct Seating<'a> {
    pub(super) active: &'a [usize],
    pub(super) pos_of: &'a [u8; MAX_SEATS],
    pub(super) leader: usize,
}

/// One pass over the cards of a record: who plays each card, copies and hands checked,
/// each trick's winner, eyes, play suits and marked cards ([`Trick`]), and how many of
/// each card each seat held. Following suit is checked forwards: `void[seat]` has a bit
/// for each play suit the seat has shown it does not hold, and playing such a suit later
/// is a revoke; the result is nonzero if there was one (which one is worked out by the
/// caller, only then).
///
/// A record without hands or named seats (an archive row) is first played without the
/// per-card checks of the deck and its copies, which are then checked once from `held`;
/// if anything is wrong, the deal is played again with every check in place, which finds
/// the first fault as the record reads.
pub(super) fn play_cards(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    seating: Seating,
    remaining: &mut [Option<Vec<Card>>],
    held: &mut Held,
    tricks: &mut [Trick; MAX_HAND],
) -> Result<u8, FieldError> {
    if remaining.is_empty() && !record.tricks.names_players() {
        let plain = Cards::<false> {
            record,
            profile,
            order,
            remaining: &mut [],
        };
        if let Some(revoked) = plain.play(&seating, held, tricks)? {
            return Ok(revoked);
        }
        *held = [[0; DISTINCT]; MAX_SEATS];
    }
    let checked = Cards::<true> {
        record,
        profile,
        order,
        remaining,
    };
    Ok(checked.play(&seating, held, tricks)?.unwrap_or(0))
}

/// The card loop of [`play_cards`]: with `CHECKED`, each card is checked as it is played
/// (named seat, deck, copies, hand); without, the copies are checked after the loop, and
/// `Ok(None)` asks for the checked pass.
pub(super) struct Cards<'a, 'r, const CHECKED: bool> {
    pub(super) record: &'a FullRecord,
    pub(super) profile: &'a Profile,
    pub(super) order: &'a CardOrder,
    pub(super) remaining: &'r mut [Option<Vec<Card>>],
}

impl<const CHECKED: bool> Cards<'_, '_, CHECKED> {
    pub(super) fn play(
        self,
        seating: &Seating,
        held: &mut Held,
        tricks: &mut [Trick; MAX_HAND],
    ) -> Result<Option<u8>, FieldError> {
        let Cards {
            record,
            profile,
            order,
            remaining,
        } = self;
        let Seating {
            active,
            pos_of,
            mut leader,
        } = *seating;
        let n = active.len();
        let check = CardCheck {
            record,
            profile,
            in_deck: profile.in_deck(),
            has_hands: CHECKED && !remaining.is_empty(),
            names_players: CHECKED && record.tricks.names_players(),
        };
        // A byte for each seat: a bit for each play suit it has shown it does not hold.
        let mut void = [0u8; MAX_SEATS];
        let mut revoked = 0u8;
        let rounds = rounds(active);
        // Each card's class and strength, and who takes a trick, are the deal machine's:
        // the profile's compiled order for the contract and its raises.
        let rules = crate::machine::Ruleset::of(profile);
        let machine = rules.order(rules.order_for(record.contract, declared_raises(record) as u8));
        // Each trick's cards run from the end of the one before to its own end.
        let (flat, ends) = record.tricks.flat();
        let mut from = 0;
        for ((t, trick), &end) in tricks.iter_mut().enumerate().zip(ends) {
            let at = Some(t + 1);
            // Ends never run back or past the cards (`Tricks::refill`); if they did, the
            // trick would count as one without cards.
            let Some(cards) = flat.get(from..end as usize) else {
                return fail(at, "tricks", msg!("error.trick_cards", cards = 0, n = n));
            };
            from = end as usize;
            // The trick as written, for the checks of each card (named players).
            let written = CHECKED.then(|| record.tricks.get(t));
            if cards.len() != n {
                if !CHECKED {
                    return Ok(None);
                }
                return fail(
                    at,
                    "tricks",
                    msg!("error.trick_cards", cards = cards.len(), n = n),
                );
            }
            let led = machine.class_of_card[cards[0].index() & 31];
            let led_bit = machine.class_bit_of_card[cards[0].index() & 31];
            let keys = &machine.key_of_card[usize::from(led) & 7];
            let later_ten_wins = rules.later_ten_wins(t as u8);
            // The seats in the order they play this trick.
            let seats = rounds[pos_of[leader] as usize];
            // The winner: the highest standing.
            let mut best = 0usize;
            let (mut eyes, mut suits, mut marks) = (0u16, 0u8, 0u32);
            // The seats still to play, the next one in the low byte (seats are below
            // MAX_SEATS: the mask only spares the index a check).
            let mut next = seats;
            for (j, &card) in cards.iter().enumerate() {
                let seat = usize::from(next as u8) & (MAX_SEATS - 1);
                next >>= 8;
                let i = card.index();
                if let Some(written) = &written
                    && let Err(fault) = check.card(written, (t, j), seat, card, held, remaining)
                {
                    // A revoke before it comes first, as the deal is played.
                    let partial: Vec<(usize, Card)> = cards[..j]
                        .iter()
                        .enumerate()
                        .map(|(k, &c)| (usize::from((seats >> (8 * k)) as u8), c))
                        .collect();
                    let name = |s: usize| record.players[s].as_str();
                    let before = (&tricks[..t], partial.as_slice());
                    return Err(revoke_before(before, remaining, order, name).unwrap_or(fault));
                }
                held[seat][i] += 1;
                // One bit each: this card's play suit, and the led suit if it is another.
                let suit_bit = machine.class_bit_of_card[i & 31];
                revoked |= void[seat] & suit_bit;
                void[seat] |= led_bit & !suit_bit;
                let later_ten = later_ten_wins & (card == Card::HEART_TEN);
                best = best.max(standing(keys[i & 31], j, later_ten));
                eyes += card.eyes();
                suits |= suit_bit;
                marks |= 1 << (seat + MARK_SHIFT[i] as usize);
                trick.cards[j & (MAX_SEATS - 1)] = card;
            }
            let w = place_of_standing(best);
            trick.seats = seats.to_le_bytes();
            trick.len = n as u8;
            trick.eyes = eyes;
            trick.suits = suits;
            trick.marks = marks.to_le_bytes();
            trick.winner = usize::from(trick.seats[w & (MAX_SEATS - 1)]);
            leader = trick.winner;
        }
        if !CHECKED && !within_deck(held, profile.in_deck()) {
            return Ok(None);
        }
        Ok(Some(revoked))
    }
}

/// For each seat's place in the order of play: the seats in the order they play a trick it
/// leads, a byte each (a record's check, and the generator writing a deal's seats).
pub fn rounds(active: &[usize]) -> [u64; MAX_SEATS] {
    let n = active.len();
    let mut rounds = [0u64; MAX_SEATS];
    let mut round = active.iter().rev().fold(0u64, |w, &s| w << 8 | s as u64);
    for (p, &s) in active.iter().enumerate() {
        rounds[p] = round;
        round = round >> 8 | (s as u64) << (8 * (n - 1));
    }
    rounds
}

/// Every card played at most as often as the deck has it.
pub(super) fn within_deck(held: &Held, in_deck: &[u8; DISTINCT]) -> bool {
    let mut total = [0u8; DISTINCT];
    for row in held.iter() {
        for (t, &h) in total.iter_mut().zip(row) {
            *t += h;
        }
    }
    total.iter().zip(in_deck).all(|(&t, &d)| t <= d)
}

/// The checks of each card of a record that writes hands or names players, or that
/// failed the quick way: the player named, the deck, the copies so far, the hand.
pub(super) struct CardCheck<'a> {
    pub(super) record: &'a FullRecord,
    pub(super) profile: &'a Profile,
    pub(super) in_deck: &'a [u8; DISTINCT],
    pub(super) has_hands: bool,
    pub(super) names_players: bool,
}

impl CardCheck<'_> {
    /// Checks `card`, played by `seat` as card `j` of trick `t` (from 0).
    pub(super) fn card(
        &self,
        written: &WrittenTrick,
        (t, j): (usize, usize),
        seat: usize,
        card: Card,
        held: &Held,
        remaining: &mut [Option<Vec<Card>>],
    ) -> Result<(), FieldError> {
        let at = Some(t + 1);
        let name = |s: usize| self.record.players[s].as_str();
        let i = card.index();
        if self.names_players
            && let Some(named) = written.named(j)
            && named != seat
        {
            let why = out_of_turn(&self.record.players, (t, j), seat, named);
            return fail(at, "tricks", why);
        }
        if self.in_deck[i] == 0 {
            return fail(
                at,
                "tricks",
                msg!(
                    "error.not_in_deck",
                    card = card,
                    profile = self.profile.name
                ),
            );
        }
        // This card's copies so far, this one included.
        let copies = held.iter().map(|h| h[i]).sum::<u8>() + 1;
        if let Some(why) = too_many_copies(card, copies, self.in_deck[i]) {
            return fail(at, "tricks", why);
        }
        if self.has_hands
            && let Some(Some(h)) = remaining.get_mut(seat)
        {
            let Some(k) = h.iter().position(|&c| c == card) else {
                return fail(
                    at,
                    "tricks",
                    msg!("error.not_in_hand", player = name(seat), card = card),
                );
            };
            h.swap_remove(k);
        }
        Ok(())
    }
}

/// The earliest revoke of a deal that [`play_cards`] flagged: walking back from the last
/// trick, `later[seat]` has a bit for each play suit the seat still holds.
pub(super) fn first_revoke<'a>(
    tricks: &[Trick],
    order: &CardOrder,
    name: impl Fn(usize) -> &'a str,
) -> Result<(), FieldError> {
    let mut later = [0u8; MAX_SEATS];
    let mut revoke = None;
    for (t, trick) in tricks.iter().enumerate().rev() {
        let led = order.suit_id(trick.cards[0]);
        for j in (1..trick.len as usize).rev() {
            let seat = trick.seats[j] as usize;
            if order.suit_id(trick.cards[j]) != led && later[seat] & (1 << led) != 0 {
                revoke = Some((t, j));
            }
        }
        for j in 0..trick.len as usize {
            later[trick.seats[j] as usize] |= 1 << order.suit_id(trick.cards[j]);
        }
    }
    let Some((t, j)) = revoke else {
        return Ok(());
    };
    let trick = &tricks[t];
    let (seat, card) = (trick.seats[j] as usize, trick.cards[j]);
    let led = order.play_suit(trick.cards[0]);
    let played = Played::from_tricks(tricks);
    // The led suit's cards she still held: the lowest named (as a game played step by
    // step names it, `game::Game`).
    match played.of(seat)[t + 1..]
        .iter()
        .filter(|&&c| order.play_suit(c) == led)
        .min()
    {
        Some(&held) => Err(revoke_error(t, name(seat), card, (led, held))),
        None => Ok(()),
    }
}

/// The refusal of a revoke in trick `t` (from 0): `player` played `card` to a trick led in
/// `led` while she held `held`, the lowest card of it she still had.
fn revoke_error(
    t: usize,
    player: &str,
    card: Card,
    (led, held): (crate::cards::PlaySuit, Card),
) -> FieldError {
    FieldError {
        trick: Some(t + 1),
        field: "tricks".to_string(),
        message: msg!(
            "error.revoke",
            player = player,
            card = card,
            led = led,
            held = held
        ),
    }
}

/// Why card `j` of trick `t` (from 0), which `seat` plays in turn, is not the card the
/// record names `named` as playing: the one wording of a card out of turn, for a record's
/// check and a record replayed step by step.
pub fn out_of_turn(
    players: &[String],
    (t, j): (usize, usize),
    seat: usize,
    named: usize,
) -> crate::lang::Text {
    let name = |s: usize| players[s].as_str();
    match (j, t) {
        (0, 0) => msg!(
            "error.leads_first",
            player = name(seat),
            named = name(named)
        ),
        (0, _) => msg!(
            "error.leads_after",
            player = name(seat),
            trick = t,
            named = name(named)
        ),
        _ => msg!(
            "error.plays_nth",
            player = name(seat),
            n = j + 1,
            named = name(named)
        ),
    }
}

/// Why `card` cannot be played as its `copies`th copy (this one included) where the deck
/// has `in_deck` of it; None where it can.
pub fn too_many_copies(card: Card, copies: u8, in_deck: u8) -> Option<crate::lang::Text> {
    (copies > in_deck).then(|| match copies {
        2 => msg!("error.played_second", card = card, copies = in_deck),
        3 => msg!("error.played_third", card = card, copies = in_deck),
        k => msg!("error.played_nth", card = card, times = k, copies = in_deck),
    })
}

/// The earliest revoke of a record with hands before a fault its check found (`done`: the
/// tricks played before, and the cards of the fault's trick before it, each with its
/// seat; `remaining`: each seat's cards not yet played then), worded as
/// [`first_revoke`] words it: the deal is refused at its first fault as it is played, as a
/// game played step by step refuses it. None where there is none (or no hands).
fn revoke_before<'a>(
    (tricks, partial): (&[Trick], &[(usize, Card)]),
    remaining: &[Option<Vec<Card>>],
    order: &CardOrder,
    name: impl Fn(usize) -> &'a str,
) -> Option<FieldError> {
    // Each seat's cards after the trick looked at, walking back.
    let mut held: Vec<Vec<Card>> = remaining
        .iter()
        .map(|h| h.clone().unwrap_or_default())
        .collect();
    if held.iter().all(Vec::is_empty) {
        return None;
    }
    for &(s, c) in partial {
        held.get_mut(s)?.push(c);
    }
    let mut revoke = None;
    for (t, trick) in tricks.iter().enumerate().rev() {
        let led = order.play_suit(trick.cards[0]);
        for j in (1..trick.len as usize).rev() {
            let (seat, card) = (trick.seats[j] as usize, trick.cards[j]);
            let still = held
                .get(seat)?
                .iter()
                .filter(|&&c| order.play_suit(c) == led)
                .min();
            if order.play_suit(card) != led
                && let Some(&still) = still
            {
                revoke = Some((t, seat, card, still));
            }
        }
        for j in 0..trick.len as usize {
            held.get_mut(trick.seats[j] as usize)?.push(trick.cards[j]);
        }
    }
    let (t, seat, card, still) = revoke?;
    let led = order.play_suit(tricks[t].cards[0]);
    Some(revoke_error(t, name(seat), card, (led, still)))
}
