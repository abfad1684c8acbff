//! A deal as a value: the hands and the cards won as masks over the card ids, the cards
//! played in order, each trick's winner, and a small header. `Clone` is a copy.

use super::Bits;
use super::ruleset::{CardId, Order, OrderId, Ruleset, at};

// The deal's arrays are a power of two long, so that an index masked to their length is in
// bounds without a check in the play's loop (a remainder by 6 or 48 cost a multiply each).
const PLACES: usize = 8;
const PLAYS: usize = 64;
const TRICKS: usize = 32;
use crate::cards::{Card, PlaySuit, Suit};
use crate::lang::Text;
use crate::msg;

/// Where a deal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Cards are being played.
    Playing,
    /// Every trick is played.
    Over,
}

/// What changes with every action, kept whole in each [`Delta`] so that undo puts it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Header {
    phase: Phase,
    /// The place to play.
    to_move: u8,
    /// The place that led the trick under way.
    leader: u8,
    /// Tricks closed.
    trick: u8,
    /// Cards in the trick under way.
    in_trick: u8,
    /// Cards played so far (the next one's slot in `plays`).
    played: u8,
    /// The card order in force.
    order: OrderId,
    /// The class led in the trick under way.
    led: u8,
    /// The strength of the best card in the trick so far, and its place.
    win_key: u8,
    win_place: u8,
    /// The cards of the trick under way, and their eyes.
    trick_mask: u64,
    trick_eyes: u16,
}

/// What one action changed: the header as it was, the card and the place that played it.
/// [`Deal::undo`] takes it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Delta {
    header: Header,
    card: CardId,
    place: u8,
}

/// Why the machine refuses an action. A small value; its words are made when it is shown
/// ([`Deal::refusal_text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The deal is over.
    Over,
    /// The place to move does not hold the card.
    NotInHand {
        /// The place to move.
        place: u8,
        /// The card it named.
        card: Card,
    },
    /// The card does not follow the class led, and the place holds a card of it.
    Revoke {
        /// The place to move.
        place: u8,
        /// The card it named.
        card: Card,
        /// The lowest card of the class led that it holds.
        held: Card,
    },
}

/// One deal's play, stepped by [`Deal::play`] and stepped back by [`Deal::undo`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// Each place's hand.
    hands: [u64; PLACES],
    /// The cards of the tricks each place won.
    won: [u64; PLACES],
    /// The eyes of the tricks each place won.
    eyes: [u16; PLACES],
    /// Every card played, in order: trick `t` is `plays[t * players..][..players]`.
    plays: [CardId; PLAYS],
    /// Each closed trick's winner.
    winners: [u8; TRICKS],
    /// The place that led trick 1.
    first: u8,
    header: Header,
}

impl Deal {
    /// A deal of `hands` (one mask a place), `leader` leading trick 1, played in the order
    /// `order` ([`Ruleset::order_for`]).
    pub fn new(rules: &Ruleset, hands: &[u64], leader: u8, order: OrderId) -> Deal {
        let mut h = [0u64; PLACES];
        for (slot, &hand) in h.iter_mut().zip(hands).take(rules.players as usize) {
            *slot = hand;
        }
        Deal {
            hands: h,
            won: [0; PLACES],
            eyes: [0; PLACES],
            plays: [0; PLAYS],
            winners: [0; TRICKS],
            first: leader,
            header: Header {
                phase: Phase::Playing,
                to_move: leader,
                leader,
                trick: 0,
                in_trick: 0,
                played: 0,
                order,
                led: 0,
                win_key: 0,
                win_place: leader,
                trick_mask: 0,
                trick_eyes: 0,
            },
        }
    }

    /// Where the deal stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.header.phase
    }

    /// The place to play.
    #[inline]
    pub fn to_move(&self) -> u8 {
        self.header.to_move
    }

    /// Tricks closed so far.
    #[inline]
    pub fn tricks_played(&self) -> u8 {
        self.header.trick
    }

    /// The card order in force.
    #[inline]
    pub fn order(&self) -> OrderId {
        self.header.order
    }

    /// Changes the card order (a raise declared: Schweinchen and kin rank higher from now),
    /// the trick under way judged again by it.
    pub fn set_order(&mut self, rules: &Ruleset, order: OrderId) {
        let h = &mut self.header;
        h.order = order;
        if h.in_trick == 0 {
            return;
        }
        let o = rules.order(order);
        let start = usize::from(h.played - h.in_trick);
        let n = rules.players;
        let first = self.plays[start & (PLAYS - 1)];
        h.led = o.class[at(first)] & 7;
        h.win_key = o.key[usize::from(h.led)][at(first)];
        h.win_place = h.leader;
        for j in 1..h.in_trick {
            let id = self.plays[(start + usize::from(j)) & (PLAYS - 1)];
            let key = o.key[usize::from(h.led)][at(id)];
            let dullen = (rules.heart_tens(), rules.later_ten_wins(h.trick));
            if beats((key, 1u64 << (id & 63)), h.win_key, dullen) {
                h.win_key = key;
                h.win_place = (h.leader + j) % n;
            }
        }
    }

    /// A place's hand.
    #[inline]
    pub fn hand(&self, place: u8) -> u64 {
        self.hands[place as usize]
    }

    /// How many cards `place` holds once the play has begun (every hand as long as the
    /// deck's hand then): the tricks left, one fewer where it has played to the trick
    /// under way. No count of bits (a popcount without the processor's instruction costs
    /// a dozen).
    #[inline]
    pub fn held(&self, rules: &Ruleset, place: u8) -> u8 {
        let h = &self.header;
        let n = rules.players;
        let after_leader = (place + n - h.leader) % n;
        rules.hand - h.trick - u8::from(after_leader < h.in_trick)
    }

    /// Takes the lowest copy of `card` out of `place`'s hand before the play (a poverty's
    /// exchange passes it on): its id, or None where the place holds none.
    pub fn take_out(&mut self, rules: &Ruleset, place: u8, card: Card) -> Option<CardId> {
        let hand = self.hands.get_mut(usize::from(place))?;
        let mine = rules.ids_of(card) & *hand;
        (mine != 0).then(|| {
            let id = mine.trailing_zeros() as CardId;
            *hand &= !(1u64 << id);
            id
        })
    }

    /// Puts the cards of `ids` (taken out of another hand) into `place`'s hand.
    pub fn put_in(&mut self, place: u8, ids: u64) {
        if let Some(hand) = self.hands.get_mut(usize::from(place)) {
            *hand |= ids;
        }
    }

    /// The deal as it begins its play (a poverty's exchange made): the hands as they are,
    /// `leader` leading trick 1 in the order `order`.
    pub fn begin(&self, rules: &Ruleset, leader: u8, order: OrderId) -> Deal {
        Deal::new(rules, &self.hands, leader, order)
    }

    /// The cards a place won.
    #[inline]
    pub fn won(&self, place: u8) -> u64 {
        self.won[place as usize]
    }

    /// The eyes a place won.
    #[inline]
    pub fn eyes(&self, place: u8) -> u16 {
        self.eyes[place as usize]
    }

    /// The place whose card stands highest in the trick under way, who takes it if it ends
    /// now (none before its first card).
    #[inline]
    pub fn taking(&self) -> Option<u8> {
        (self.header.in_trick > 0).then_some(self.header.win_place)
    }

    /// The cards of the trick under way.
    #[inline]
    pub fn trick_mask(&self) -> u64 {
        self.header.trick_mask
    }

    /// The trick under way as it stands: the class led, the strength of the best card so
    /// far and the place that played it (the leader's place and 0s before its card).
    #[inline]
    pub fn trick_standing(&self) -> (u8, u8, u8) {
        let h = &self.header;
        (h.led, h.win_key, h.win_place)
    }

    /// The winner of trick `t` (from 0), once it is closed.
    #[inline]
    pub fn winner(&self, t: u8) -> Option<u8> {
        (t < self.header.trick).then(|| self.winners[t as usize])
    }

    /// Cards in the trick under way.
    #[inline]
    pub fn in_trick(&self) -> u8 {
        self.header.in_trick
    }

    /// The place that led trick `t` (from 0): the first leader, then each trick's winner.
    #[inline]
    pub fn leader_of(&self, t: u8) -> u8 {
        match t {
            0 => self.first,
            _ => self.winners[usize::from(t - 1) & (TRICKS - 1)],
        }
    }

    /// The cards of trick `t` (from 0) played so far, each with the place that played it.
    pub fn trick_by_place(&self, rules: &Ruleset, t: u8) -> impl Iterator<Item = (u8, CardId)> {
        let (lead, n) = (self.leader_of(t), rules.players);
        let cards = self.trick(rules, t).iter().copied();
        cards.zip(0..).map(move |(id, j)| ((lead + j) % n, id))
    }

    /// Every card played so far, in order: trick `t` is `players` cards from
    /// `t * players`.
    #[inline]
    pub fn plays(&self) -> &[CardId] {
        &self.plays[..usize::from(self.header.played)]
    }

    /// The cards of trick `t` (from 0) played so far, in order.
    pub fn trick(&self, rules: &Ruleset, t: u8) -> &[CardId] {
        let n = rules.players as usize;
        let start = t as usize * n;
        let len = match t.cmp(&self.header.trick) {
            std::cmp::Ordering::Less => n,
            std::cmp::Ordering::Equal => self.header.in_trick as usize,
            std::cmp::Ordering::Greater => 0,
        };
        &self.plays[start..start + len]
    }

    /// The cards the place to move may play: those of the class led where it holds any,
    /// else its whole hand (all of it when it leads). Empty once the deal is over.
    #[inline(always)]
    pub fn legal_cards(&self, rules: &Ruleset) -> u64 {
        let h = &self.header;
        if h.phase == Phase::Over {
            return 0;
        }
        let hand = self.hands[usize::from(h.to_move) & (PLACES - 1)];
        may_play(hand, rules.order(h.order), h.led, h.in_trick)
    }

    /// The cards `place` could play to the trick under way (its hand's share of the class
    /// led, else all of it): [`Deal::legal_cards`] where it is to move.
    pub fn playable_by(&self, rules: &Ruleset, place: u8) -> u64 {
        let h = &self.header;
        let hand = self.hands[usize::from(place) & (PLACES - 1)];
        may_play(hand, rules.order(h.order), h.led, h.in_trick)
    }

    /// Plays the card `id` for the place to move, refused where it is not legal.
    pub fn play(&mut self, rules: &Ruleset, id: CardId) -> Result<Delta, Refusal> {
        if self.legal_cards(rules) & (1u64 << id) == 0 {
            return Err(self.refusal(rules, rules.card(id)));
        }
        Ok(self.play_trusted(rules, id))
    }

    /// Plays a card named by what it is: the lowest copy of it in the hand of the place
    /// to move. Refused where it holds none, or it does not follow.
    pub fn play_card(&mut self, rules: &Ruleset, card: Card) -> Result<Delta, Refusal> {
        let mine = rules.ids_of(card) & self.legal_cards(rules);
        if mine == 0 {
            return Err(self.refusal(rules, card));
        }
        Ok(self.play_trusted(rules, mine.trailing_zeros() as CardId))
    }

    /// Why `card` may not be played now (it is not legal).
    #[cold]
    fn refusal(&self, rules: &Ruleset, card: Card) -> Refusal {
        let h = &self.header;
        if h.phase == Phase::Over {
            return Refusal::Over;
        }
        let place = h.to_move;
        let hand = self.hands[place as usize];
        if rules.ids_of(card) & hand == 0 {
            return Refusal::NotInHand { place, card };
        }
        let follow = hand & rules.order(h.order).class_mask[usize::from(h.led & 7)];
        Refusal::Revoke {
            place,
            card,
            held: rules.card(follow.trailing_zeros() as CardId),
        }
    }

    /// Plays a legal card `id` without checking it (the generator draws from
    /// [`Deal::legal_cards`]).
    #[inline(always)]
    pub fn play_trusted(&mut self, rules: &Ruleset, id: CardId) -> Delta {
        let before = self.header;
        let n = rules.players;
        let h = &mut self.header;
        let place = h.to_move;
        let bit = 1u64 << (id & 63);
        self.hands[usize::from(place) & (PLACES - 1)] &= !bit;
        self.plays[usize::from(h.played) & (PLAYS - 1)] = id;
        h.played += 1;
        h.trick_mask |= bit;
        h.trick_eyes += rules.eyes(id);
        let order = rules.order(h.order);
        if h.in_trick == 0 {
            h.led = order.class[at(id)] & 7;
            h.win_key = order.key[usize::from(h.led)][at(id)];
            h.win_place = place;
        } else {
            let key = order.key[usize::from(h.led)][at(id)];
            let dullen = (rules.heart_tens(), rules.later_ten_wins(h.trick));
            if beats((key, bit), h.win_key, dullen) {
                h.win_key = key;
                h.win_place = place;
            }
        }
        h.in_trick += 1;
        if h.in_trick < n {
            h.to_move = if place + 1 == n { 0 } else { place + 1 };
        } else {
            self.close_trick(rules);
        }
        Delta {
            header: before,
            card: id,
            place,
        }
    }

    /// Plays the deal to its end, `pick` choosing each card from the legal set it is given
    /// with the set's size (the generator's draw; it returns a member of the set, never
    /// asked of an empty one). The play of
    /// [`Deal::play_trusted`] with the trick under way kept in locals, for speed; no
    /// deltas.
    #[inline(always)]
    pub fn play_out(&mut self, rules: &Ruleset, mut pick: impl FnMut(u64, u32) -> CardId) {
        // A trick under way is finished card by card; the rest go trick by trick.
        while self.header.in_trick != 0 && self.header.phase == Phase::Playing {
            let legal = self.legal_cards(rules);
            let id = pick(legal, legal.count_ones());
            self.play_trusted(rules, id);
        }
        let n = rules.players;
        let last = rules.hand;
        let mut h = self.header;
        let order = rules.order(h.order);
        while h.trick < last {
            let mut place = h.to_move;
            let mut mask = 0u64;
            let mut eyes = 0u16;
            let (mut led, mut win_key, mut win_place) = (0u8, 0u8, place);
            // Whether a later ♥10 takes an earlier one in this trick (Dullen).
            let dullen = (rules.heart_tens(), rules.later_ten_wins(h.trick));
            for j in 0..n {
                let hand = self.hands[usize::from(place) & (PLACES - 1)];
                // The legal set and its size: the hand's size is known (the tricks left),
                // a suit followed is counted bit by bit (a few cards; a popcount without
                // the processor's instruction costs more).
                let in_hand = u32::from(last - h.trick);
                let follow = hand & order.class_mask[usize::from(led & 7)];
                let id = if j == 0 || follow == 0 {
                    pick(hand, in_hand)
                } else {
                    pick(follow, small_count(follow))
                };
                let bit = 1u64 << (id & 63);
                self.hands[usize::from(place) & (PLACES - 1)] = hand & !bit;
                self.plays[usize::from(h.played) & (PLAYS - 1)] = id;
                h.played += 1;
                mask |= bit;
                eyes += rules.eyes(id);
                if j == 0 {
                    led = order.class[at(id)] & 7;
                    win_key = order.key[usize::from(led)][at(id)];
                } else {
                    let key = order.key[usize::from(led)][at(id)];
                    if beats((key, bit), win_key, dullen) {
                        win_key = key;
                        win_place = place;
                    }
                }
                place = if place + 1 == n { 0 } else { place + 1 };
            }
            let w = usize::from(win_place) & (PLACES - 1);
            self.won[w] |= mask;
            self.eyes[w] += eyes;
            self.winners[usize::from(h.trick) & (TRICKS - 1)] = win_place;
            h.trick += 1;
            h.leader = win_place;
            h.to_move = win_place;
            h.win_place = win_place;
            h.led = led;
            h.win_key = win_key;
        }
        h.in_trick = 0;
        h.trick_mask = 0;
        h.trick_eyes = 0;
        h.phase = Phase::Over;
        self.header = h;
    }

    /// The trick under way is complete: its winner takes it and leads the next.
    #[inline(always)]
    fn close_trick(&mut self, rules: &Ruleset) {
        let h = &mut self.header;
        let w = usize::from(h.win_place) & (PLACES - 1);
        self.won[w] |= h.trick_mask;
        self.eyes[w] += h.trick_eyes;
        self.winners[usize::from(h.trick) & (TRICKS - 1)] = h.win_place;
        h.trick += 1;
        h.in_trick = 0;
        h.trick_mask = 0;
        h.trick_eyes = 0;
        h.leader = h.win_place;
        h.to_move = h.win_place;
        if h.trick >= rules.hand {
            h.phase = Phase::Over;
        }
    }

    /// Takes back the action that returned `delta` (the last one not yet taken back).
    pub fn undo(&mut self, rules: &Ruleset, delta: Delta) {
        let h = delta.header;
        if self.header.trick > h.trick {
            // The card closed a trick: its cards leave the winner's pile.
            let w = usize::from(self.winners[usize::from(h.trick)]);
            self.won[w] &= !(h.trick_mask | 1u64 << (delta.card & 63));
            self.eyes[w] -= h.trick_eyes + rules.eyes(delta.card);
            self.winners[usize::from(h.trick)] = 0;
        }
        // Slots past the cards played stay zero, so that equal deals compare equal.
        self.plays[usize::from(h.played)] = 0;
        self.hands[delta.place as usize] |= 1u64 << delta.card;
        self.header = h;
    }

    /// The words of a refusal, with the names of the places (`names[place]`).
    #[cold]
    pub fn refusal_text(&self, refusal: Refusal, names: &[&str]) -> Text {
        let name = |p: u8| names.get(p as usize).copied().unwrap_or("?");
        match refusal {
            Refusal::Over => msg!("error.game_over"),
            Refusal::NotInHand { place, card } => {
                msg!("error.not_in_hand", player = name(place), card = card)
            }
            Refusal::Revoke { place, card, held } => {
                let led = match self.header.led {
                    super::TRUMP => PlaySuit::Trump,
                    s => PlaySuit::Side(Suit::ALL[s as usize]),
                };
                msg!(
                    "error.revoke",
                    player = name(place),
                    card = card,
                    led = led,
                    held = held
                )
            }
        }
    }

    /// The cards of a mask, as cards.
    pub fn cards_of(rules: &Ruleset, mask: u64) -> impl Iterator<Item = Card> + '_ {
        Bits(mask).map(|id| rules.card(id))
    }
}

/// The cards of `hand` that may be played as card `in_trick` (from 0) of a trick led in
/// class `led`: those of the class where it holds any, else any (all of them to lead).
#[inline(always)]
fn may_play(hand: u64, order: &Order, led: u8, in_trick: u8) -> u64 {
    if in_trick == 0 {
        return hand;
    }
    let follow = hand & order.class_mask[usize::from(led & 7)];
    if follow != 0 { follow } else { hand }
}

/// Does a card of strength `key` (its id's bit `bit`) take the trick from the best so far
/// (`best`)? Higher wins; of equals the first played, except a later ♥10 (`tens`: the ids
/// of the ♥10s) where Dullen decides (`later_ten_wins`: [`Ruleset::later_ten_wins`] of
/// the trick). The rule of who takes a trick, card by card; [`standing`] says the same of
/// a trick whole.
#[inline(always)]
pub fn beats((key, bit): (u8, u64), best: u8, (tens, later_ten_wins): (u64, bool)) -> bool {
    key > best || (key == best && tens & bit != 0 && later_ten_wins)
}

/// A card's standing in a trick, for taking the winner as the highest standing over its
/// cards (a record's check, which has the trick whole): its strength `key` above a
/// tie-break by its `place` in the trick (0 to 7): the first of equals, except a ♥10 where
/// a later one takes an earlier (`later_ten`: a ♥10, in a trick where
/// [`Ruleset::later_ten_wins`]). The same rule as [`beats`] (held to it by this file's
/// unit test, and the record check to the deal by `tests/machine.rs`);
/// [`place_of_standing`] reads the place back.
#[inline(always)]
pub fn standing(key: u8, place: usize, later_ten: bool) -> usize {
    // 7 - place, counting down with the place; for a later-winning ♥10 15 minus it
    // (8 + place), counting up, above every other copy's.
    usize::from(key) << 4 | ((7 - (place & 7)) ^ (15 * usize::from(later_ten)))
}

/// The place in the trick of the card of the highest [`standing`] `best`.
#[inline(always)]
pub fn place_of_standing(best: usize) -> usize {
    let t = best & 15;
    7 - (t ^ (15 * (t >> 3)))
}

/// The cards of a mask of a few, counted one by one.
#[inline(always)]
fn small_count(mut mask: u64) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`standing`] and [`beats`] name the same winner: every trick of up to six cards
    /// over three strengths (0 cannot win), with and without ♥10s and Dullen.
    #[test]
    fn the_highest_standing_is_the_card_that_beats_the_rest() {
        for n in 1..=6u32 {
            // Each card: a strength 1..=3 (the led card) or 0..=3, and whether it is a ♥10.
            for code in 0..8u32.pow(n) {
                let cards: Vec<(u8, bool)> = (0..n)
                    .map(|j| {
                        let c = code / 8u32.pow(j) % 8;
                        ((c % 4) as u8, c >= 4)
                    })
                    .collect();
                if cards[0].0 == 0 {
                    continue;
                }
                for later in [false, true] {
                    let (mut best, mut w) = (cards[0].0, 0);
                    for (j, &(key, ten)) in cards.iter().enumerate().skip(1) {
                        if beats((key, u64::from(ten)), best, (1, later)) {
                            (best, w) = (key, j);
                        }
                    }
                    let top = cards
                        .iter()
                        .enumerate()
                        .map(|(j, &(key, ten))| standing(key, j, later && ten))
                        .max()
                        .unwrap();
                    // Equal strengths are copies of one card: a ♥10 and another card are
                    // never equal.
                    let mixed = cards
                        .iter()
                        .any(|&(k, t)| cards.iter().any(|&(k2, t2)| k == k2 && k > 0 && t != t2));
                    if !mixed {
                        assert_eq!(place_of_standing(top), w, "{cards:?} later {later}");
                    }
                }
            }
        }
    }
}
