//! Following suit, for a deal played forward at speed (`doko generate` plays millions):
//! the rule of [`CardOrder::playable`] (follow the led play suit where she holds any, else
//! play any card) on a hand kept as counts and bit masks per play suit, so that the cards
//! she may play are known without a scan of her hand. A record's check finds a revoke from
//! the whole deal instead ([`super::card_loop`]); a deal played step by step asks
//! [`CardOrder::playable`]. Debug builds check every card chosen here against it.

use crate::cards::{Card, CardOrder, DISTINCT};

/// What a hand played at speed looks up a card by, in tables as wide as five bits can
/// number (every look-up masked, none checked): each card's code (its play suit,
/// [`CardOrder::suit_id`], above its index: `suit << 5 | index`), the card of a code's
/// index, and each card's standing in a trick of each led play suit ([`CardOrder::keys`]).
#[derive(Debug, Clone)]
pub(crate) struct PlayTables {
    pub(crate) code: [u8; 32],
    pub(crate) card: [Card; 32],
    pub(crate) keys: [[u8; 32]; 8],
    /// The order they come from (debug builds check each card against its rule).
    pub(crate) order: CardOrder,
}

impl PlayTables {
    pub(crate) fn new(order: CardOrder) -> PlayTables {
        let mut t = PlayTables {
            code: [0; 32],
            card: [Card::CLUB_QUEEN; 32],
            keys: [[0; 32]; 8],
            order,
        };
        for i in 0..DISTINCT {
            let Some(card) = Card::from_index(i) else {
                continue;
            };
            t.code[i] = (t.order.suit_id(card) & 7) << 5 | i as u8;
            t.card[i] = card;
        }
        for (led, keys) in t.keys.iter_mut().enumerate().take(5) {
            keys[..DISTINCT].copy_from_slice(t.order.keys(led as u8));
        }
        t
    }
}

/// A hand as it is played out at speed: its cards as codes ([`PlayTables`]; one leaves by
/// `swap_remove`: the last card takes its place) and, for each play suit, how many of them
/// are of it and their places as bits.
#[derive(Clone, Copy)]
pub(crate) struct HandCodes {
    pub(crate) codes: [u8; 32],
    places: [u32; 8],
    count: [u8; 8],
    len: u8,
}

impl HandCodes {
    pub(crate) const EMPTY: HandCodes = HandCodes {
        codes: [0; 32],
        places: [0; 8],
        count: [0; 8],
        len: 0,
    };

    /// Takes up `hand` (at most [`MAX_HAND`](super::MAX_HAND) cards); `code` is each card's
    /// code ([`PlayTables`]).
    pub(crate) fn fill(&mut self, hand: &[Card], code: &[u8; 32]) {
        let hand = &hand[..hand.len().min(super::MAX_HAND)];
        self.len = hand.len() as u8;
        // The place's bit moves up one a card (no shift by a variable amount).
        let mut bit = 1u32;
        for (i, &c) in hand.iter().enumerate() {
            let c = code[c.index() & 31];
            self.codes[i] = c;
            let s = usize::from(c >> 5);
            self.count[s] += 1;
            self.places[s] |= bit;
            bit <<= 1;
        }
    }

    /// How many cards she holds.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The place in her hand of a card she may play to a trick led in play suit `led` (a
    /// [`CardOrder::suit_id`]): one of the led suit where she holds any, else any card;
    /// which one `draw` says, given how many there are to choose from (it returns one
    /// below that).
    #[inline(always)]
    pub(crate) fn choose_playable(&self, led: usize, draw: impl FnOnce(usize) -> usize) -> usize {
        let may = self.count[led & 7];
        if may == 0 {
            return draw(self.len());
        }
        let mut m = self.places[led & 7];
        for _ in 0..draw(usize::from(may)) {
            m &= m - 1;
        }
        m.trailing_zeros() as usize
    }

    /// Plays the card in `place` (within the hand): its code.
    #[inline(always)]
    pub(crate) fn take(&mut self, place: usize) -> u8 {
        let place = place & 31;
        let last = usize::from(self.len.wrapping_sub(1)) & 31;
        let code = self.codes[place];
        let moved = self.codes[last];
        self.codes[place] = moved;
        self.len -= 1;
        let s = usize::from(code >> 5);
        self.count[s] -= 1;
        // Its bit goes; then the last card's bit moves to its place (nothing where it was
        // the last).
        self.places[s] ^= 1 << place;
        self.places[usize::from(moved >> 5)] ^= (1 << last) ^ (1 << place);
        code
    }

    /// Her cards, in her hand's order (for the checks of debug builds).
    pub(crate) fn cards(&self, tables: &PlayTables) -> Vec<Card> {
        self.codes[..self.len()]
            .iter()
            .map(|&c| tables.card[usize::from(c & 31)])
            .collect()
    }
}
