//! A deal written card by card (a full record): the hands, the calls, the tricks, the
//! bids, as the record wrote them. Playing it (a layer above) derives what happened.

use crate::calls::Call;
use crate::cards::Card;
use crate::contract::{Contract, Party};
use crate::deal::Knock;
use crate::variant::WeddingPartner;

/// A deal written card by card.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FullRecord {
    /// The deal's number as written (or its position).
    pub number: usize,
    /// Seat names in clockwise order.
    pub players: Vec<String>,
    /// The dealer's seat. Where the record names none (`dealer_written` false), the
    /// table's [`crate::seating::Rotation`] sets it before the deal is played.
    pub dealer: usize,
    /// The record names its dealer.
    pub dealer_written: bool,
    /// The contract written (normal where none).
    pub contract: Contract,
    /// The declarer's seat, where written.
    pub declarer: Option<usize>,
    /// A compulsory solo (Pflichtsolo).
    pub compulsory: bool,
    /// Hands as dealt, where written (one entry per seat).
    pub hands: Vec<Option<Vec<Card>>>,
    /// The calls, in the order made.
    pub calls: Vec<CallEntry>,
    /// Cards of each trick in play order, each with the player the record names, if any.
    pub tricks: Tricks,
    /// How the bride's partner is found, if she chose (else the profile's default).
    pub wedding_partner: Option<WeddingPartner>,
    /// Who declared Schweinchen and Hyperschweinchen.
    pub schweinchen: Option<usize>,
    /// The seat of the Hyperschweinchen's holder, where one is.
    pub hyperschweinchen: Option<usize>,
    /// Who declared Genscher (after Hyperschweinchen).
    pub genscher: Option<usize>,
    /// The partner the holder of both ♦K names on playing the first (FreeDoko's Genscher,
    /// `contracts.genscher_partner`).
    pub genscher_partner: Option<usize>,
    /// A poverty's exchange.
    pub exchange: Option<Exchange>,
    /// A Bock multiplier written on the deal.
    pub bock: Option<u32>,
    /// Knocking (Kloepper).
    pub knock: Option<Knock>,
    /// The ace named by a player holding every Re card (her partner holds it).
    pub called: Option<Card>,
    /// A note written with the deal.
    pub note: Option<String>,
    /// The bidding that chose the contract, in the order spoken (docs/formats.md section 8);
    /// shared, as archives repeat the same bids row after row.
    pub bids: std::sync::Arc<[crate::bids::Bid]>,
    /// The contract, declarer and compulsory flag as the record wrote them; with bids
    /// `contract`, `declarer` and `compulsory` are what the bids decide under a profile.
    pub written: Written,
}

/// What a record wrote of its game, each part where it wrote it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Written {
    /// The contract, where written.
    pub contract: Option<Contract>,
    /// The declarer's seat, where written.
    pub declarer: Option<usize>,
    /// Whether the solo is compulsory, where written.
    pub compulsory: Option<bool>,
    /// The wedding's partner rule, where written.
    pub partner: Option<WeddingPartner>,
}

/// The tricks of a record as written: one flat list of cards, where each trick ends, and
/// for each card the player the record names, if it names any. Filled again for every deal
/// of an archive without allocating.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tricks {
    cards: Vec<Card>,
    /// The seat named for each card ([`Tricks::NOBODY`] where none); empty while the
    /// record names nobody.
    named: Vec<u8>,
    /// Where each trick ends in `cards`; cards after the last end belong to the open trick.
    ends: Vec<u32>,
}

/// One trick of [`Tricks`].
#[derive(Debug, Clone, Copy)]
pub struct WrittenTrick<'a> {
    /// The cards, in the order played.
    pub cards: &'a [Card],
    named: &'a [u8],
}

impl<'a> WrittenTrick<'a> {
    /// The player named for card `j`, if any.
    pub fn named(&self, j: usize) -> Option<usize> {
        self.named
            .get(j)
            .filter(|&&s| s != Tricks::NOBODY)
            .map(|&s| s as usize)
    }

    /// (named player, card) in play order.
    pub fn iter(&self) -> impl Iterator<Item = (Option<usize>, Card)> + 'a {
        let this = *self;
        self.cards
            .iter()
            .enumerate()
            .map(move |(j, &c)| (this.named(j), c))
    }
}

impl Tricks {
    const NOBODY: u8 = u8::MAX;

    /// Empties the tricks, keeping their memory.
    pub fn clear(&mut self) {
        self.cards.clear();
        self.named.clear();
        self.ends.clear();
    }

    /// Adds a card to the open trick.
    #[inline]
    pub fn push(&mut self, named: Option<usize>, card: Card) {
        if let Some(seat) = named {
            if self.named.is_empty() {
                self.named.resize(self.cards.len(), Tricks::NOBODY);
            }
            self.named.push(seat.min(Tricks::NOBODY as usize - 1) as u8);
        } else if !self.named.is_empty() {
            self.named.push(Tricks::NOBODY);
        }
        self.cards.push(card);
    }

    /// Closes the open trick (which may be empty).
    #[inline]
    pub fn end_trick(&mut self) {
        self.ends.push(self.cards.len() as u32);
    }

    /// Refills the tricks with cards that name nobody: `fill` gets the (emptied) card list
    /// and the list of trick ends, as plain vectors a tight loop can keep in registers.
    /// When it returns, `ends` must hold, for each trick, the number of cards before its
    /// end, in order, the last at most `cards.len()`.
    pub fn refill<R>(&mut self, fill: impl FnOnce(&mut Vec<Card>, &mut Vec<u32>) -> R) -> R {
        self.clear();
        let mut cards = std::mem::take(&mut self.cards);
        let mut ends = std::mem::take(&mut self.ends);
        let result = fill(&mut cards, &mut ends);
        self.cards = cards;
        self.ends = ends;
        result
    }

    /// Replaces the tricks with `cards`, each played by the seat at the same place of
    /// `seats`, and trick `t` ending before card `ends[t]` (in order, the last at most
    /// `cards.len()`).
    pub fn set_played(&mut self, cards: &[Card], seats: &[u8], ends: &[u32]) {
        debug_assert_eq!(cards.len(), seats.len());
        self.clear();
        self.cards.extend_from_slice(cards);
        self.named.extend_from_slice(seats);
        // (A loop over the copy, which the compiler does sixteen bytes at a time.)
        for s in &mut self.named {
            *s = (*s).min(Tricks::NOBODY - 1);
        }
        self.ends.extend_from_slice(ends);
    }

    /// Every card in play order, and where each trick ends in it (the number of cards
    /// before its end), as [`Tricks::refill`] and [`Tricks::set_played`] fill them.
    pub fn flat(&self) -> (&[Card], &[u32]) {
        (&self.cards, &self.ends)
    }

    /// Does the record name a player for any card?
    pub fn names_players(&self) -> bool {
        !self.named.is_empty()
    }

    /// Number of closed tricks.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no trick was written.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Trick `t` (counting from 0); panics past the end, as indexing does.
    pub fn get(&self, t: usize) -> WrittenTrick<'_> {
        let a = if t == 0 { 0 } else { self.ends[t - 1] as usize };
        let b = self.ends[t] as usize;
        WrittenTrick {
            cards: &self.cards[a..b],
            named: self.named.get(a..b).unwrap_or(&[]),
        }
    }

    /// Every trick, in order.
    pub fn iter(&self) -> impl Iterator<Item = WrittenTrick<'_>> + '_ {
        (0..self.len()).map(|t| self.get(t))
    }

    /// The last trick written.
    pub fn last(&self) -> Option<WrittenTrick<'_>> {
        self.len().checked_sub(1).map(|t| self.get(t))
    }
}

impl<T: IntoIterator<Item = (Option<usize>, Card)>> FromIterator<T> for Tricks {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Tricks {
        let iter = iter.into_iter();
        // Room for the tricks told and four cards each (a table's size; more grow).
        let n = iter.size_hint().0;
        let mut tricks = Tricks {
            cards: Vec::with_capacity(4 * n),
            named: Vec::with_capacity(4 * n),
            ends: Vec::with_capacity(n),
        };
        for trick in iter {
            for (named, card) in trick {
                tricks.push(named, card);
            }
            tricks.end_trick();
        }
        tricks
    }
}

/// The cards a poverty passes and gets back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Who accepted the poverty.
    pub partner: usize,
    /// The cards passed to the partner.
    pub passed: Vec<Card>,
    /// The cards returned.
    pub returned: Vec<Card>,
}

/// A card play a call names as its moment: `before Cara:DK` (the call came just before
/// Cara played that ♦K; `@6` after the card names the trick where she plays it twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardAt {
    /// The seat that plays the card.
    pub seat: usize,
    /// The card.
    pub card: Card,
    /// The trick (from 1), where written.
    pub trick: Option<u8>,
}

/// One call: `<player> <call> <cards still in hand>`, optionally `before <player>:<card>`
/// (a call between two cards of a trick).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallEntry {
    /// The seat of the player who called.
    pub player: usize,
    /// The call.
    pub call: Call,
    /// The party named by the word (`re` or `kontra`), if it names one.
    pub said_as: Option<Party>,
    /// Cards the player still held when calling.
    pub cards_in_hand: u8,
    /// The card play the call came just before, where the record places it inside a
    /// trick.
    pub before: Option<CardAt>,
    /// Where the call came among the deal's cards: how many had been played (all
    /// players'); set when the play places a call written `before` a card.
    pub at: Option<u16>,
    /// The entry as written, for messages.
    pub text: String,
}

/// Appends a call as a record writes it, `<player> <word> <cards in hand>`, without the
/// formatting machinery: the generator's calls and a game's.
pub fn push_call_text(out: &mut String, player: &str, word: &str, in_hand: usize) {
    out.push_str(player);
    out.push(' ');
    out.push_str(word);
    out.push(' ');
    push_number(out, in_hand);
}

fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
