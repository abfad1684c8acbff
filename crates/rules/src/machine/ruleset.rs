//! A profile compiled once into plain data: the deck's card ids, the card orders of every
//! contract as class masks and strength tables, and the rules the play reads per trick.

use crate::cards::{CARDS, Card, CardOrder, DISTINCT, Suit, TrumpKind};
use crate::contract::Contract;
use crate::variant::{Dullen, Profile};

/// A card of the deck: `0..cards`, the copies of one card next to each other, in the
/// order of the cards' indexes ([`Card::index`]).
pub type CardId = u8;

/// An order of the ruleset ([`Ruleset::order_for`]).
pub type OrderId = u8;

const _: () = assert!(DISTINCT <= 32);

/// The most cards a deck holds (a profile's deck is refused past 48).
pub const MAX_CARDS: usize = 48;

/// The most players who get cards (`deck.players` is 2 to 6).
pub const MAX_PLACES: usize = 6;

/// The most tricks of a deal (48 cards between two players).
pub const MAX_TRICKS: usize = 24;

/// The class of trumps in [`Order::class`]; 0 to 3 are the plain suits ♣ ♠ ♥ ♦.
pub const TRUMP: u8 = 4;

/// The length of the tables by card id: 64, so that an id masked with 63 is always in
/// bounds (no bounds check in the play's loop).
const IDS: usize = 64;

/// A card id as an index into the tables by id.
#[inline(always)]
pub(super) fn at(id: CardId) -> usize {
    usize::from(id) & (IDS - 1)
}

/// One card order (a contract's trumps, raised by what was declared) over the card ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Each card's class: 0-3 its plain suit, [`TRUMP`] a trump (by card id; ids past the
    /// deck are never asked).
    pub class: [u8; IDS],
    /// The cards of each class (classes past [`TRUMP`] are empty).
    pub class_mask: [u64; 8],
    /// For each class led and each card: how strong it is in that trick (0: it cannot
    /// win; higher wins; copies of one card are equal, and the first played wins).
    pub key: [[u8; IDS]; 8],
    /// [`Order::class`] by the distinct card ([`Card::index`]): a record's card, whose
    /// copy does not matter.
    pub class_of_card: [u8; 32],
    /// `1 <<` [`Order::class_of_card`]: a bit for each class.
    pub class_bit_of_card: [u8; 32],
    /// [`Order::key`] by the distinct card.
    pub key_of_card: [[u8; 32]; 8],
}

/// A profile compiled for the machine. Built once per profile and shared; never reads
/// the profile again while a deal is stepped.
#[derive(Debug, Clone)]
pub struct Ruleset {
    /// Players who get cards.
    pub players: u8,
    /// Cards in each hand, which is also the number of tricks.
    pub hand: u8,
    /// Cards in the deck.
    pub cards: u8,
    card: [Card; IDS],
    /// Each id's card as a bit of the distinct cards (bit [`Card::index`]).
    kind: [u32; IDS],
    eyes: [u16; IDS],
    /// The ids of every copy of each distinct card.
    ids: [u64; DISTINCT],
    /// The lowest id of each distinct card (copies are alike in play); an id past the deck
    /// (class 0, strength 0) for a card the deck lacks.
    /// (Thirty-two long: an index masked to it is in bounds without a check.)
    first: [CardId; 32],
    heart_tens: u64,
    dullen: Dullen,
    /// Each order by the kind of trumps and how many raises were declared.
    orders: Vec<((TrumpKind, u8), Order)>,
    /// Each contract's orders by the raises declared (0 to 3).
    by_contract: Vec<(Contract, [OrderId; 4])>,
}

impl Ruleset {
    /// Compiles `profile`: its deck, and the order of every contract with each number of
    /// raises the profile plays in it.
    pub fn compile(profile: &Profile) -> Ruleset {
        let in_deck = profile.in_deck();
        let mut card = [Card::CLUB_QUEEN; IDS];
        let mut kind = [0u32; IDS];
        let mut eyes = [0; IDS];
        let mut ids = [0u64; DISTINCT];
        let mut first = [(IDS - 1) as CardId; 32];
        let mut n = 0usize;
        for (k, &c) in CARDS[..DISTINCT].iter().enumerate() {
            for _ in 0..in_deck[k] {
                if n < MAX_CARDS {
                    card[n] = c;
                    kind[n] = 1 << k;
                    eyes[n] = c.eyes();
                    if ids[k] == 0 {
                        first[k] = n as CardId;
                    }
                    ids[k] |= 1 << n;
                    n += 1;
                }
            }
        }
        let mut rules = Ruleset {
            players: profile.deck.players,
            hand: profile.hand_size() as u8,
            cards: n as u8,
            card,
            kind,
            eyes,
            ids,
            first,
            heart_tens: 0,
            dullen: profile.deck.dullen,
            orders: Vec::new(),
            by_contract: Vec::new(),
        };
        rules.heart_tens = rules.ids_of(Card::HEART_TEN);
        for contract in Contract::all() {
            let kind = contract.trump_kind();
            let raised = raised_cards(profile, contract);
            let most = raised.iter().take_while(|c| c.is_some()).count();
            let mut order = profile.order(kind);
            for r in 0..=most {
                if r > 0
                    && let Some(c) = raised[r - 1]
                {
                    order.raise(c);
                }
                if !rules.orders.iter().any(|(k, _)| *k == (kind, r as u8)) {
                    let compiled = rules.compile_order(&order);
                    rules.orders.push(((kind, r as u8), compiled));
                }
            }
            let ids = [0u8, 1, 2, 3].map(|r| rules.find_order(kind, r));
            rules.by_contract.push((contract, ids));
        }
        rules
    }

    /// The ruleset of `profile`, compiled at the first call and kept with the profile
    /// (a slot of the profile): what a record's check, the generator and the game read.
    pub fn of(profile: &Profile) -> &Ruleset {
        let any = profile
            .compiled()
            .get_or_init(|| std::sync::Arc::new(Ruleset::compile(profile)));
        // Only this function fills the slot, always with a ruleset.
        match any.downcast_ref::<Ruleset>() {
            Some(rules) => rules,
            None => unreachable!("a profile's compiled slot holds its ruleset"),
        }
    }

    /// The order of a kind of trumps with at most `raises` raises, as compiled.
    fn find_order(&self, kind: TrumpKind, raises: u8) -> OrderId {
        let mut best = 0;
        for (i, ((k, r), _)) in self.orders.iter().enumerate() {
            if *k == kind && *r <= raises {
                best = i;
            }
        }
        best as OrderId
    }

    fn compile_order(&self, order: &CardOrder) -> Order {
        let mut o = Order {
            class: [0; IDS],
            class_mask: [0; 8],
            key: [[0; IDS]; 8],
            class_of_card: [0; 32],
            class_bit_of_card: [0; 32],
            key_of_card: [[0; 32]; 8],
        };
        for &c in &CARDS[..DISTINCT] {
            let i = c.index();
            o.class_of_card[i] = order.suit_id(c);
            o.class_bit_of_card[i] = 1 << order.suit_id(c);
            for led in 0..5u8 {
                o.key_of_card[usize::from(led)][i] = order.keys(led)[i];
            }
        }
        for id in 0..usize::from(self.cards) {
            let c = self.card[id];
            let class = order.suit_id(c);
            o.class[id] = class;
            o.class_mask[usize::from(class)] |= 1 << id;
            for led in 0..5u8 {
                o.key[usize::from(led)][id] = order.keys(led)[c.index()];
            }
        }
        o
    }

    /// The order of `contract` with `raises` of Schweinchen, Hyperschweinchen and Genscher
    /// declared (fewer where the contract has fewer raised cards).
    pub fn order_for(&self, contract: Contract, raises: u8) -> OrderId {
        let r = usize::from(raises.min(3));
        match self.by_contract.iter().find(|(c, _)| *c == contract) {
            Some((_, ids)) => ids[r],
            None => self.find_order(contract.trump_kind(), raises),
        }
    }

    /// The order with this id.
    #[inline(always)]
    pub fn order(&self, id: OrderId) -> &Order {
        &self.orders[id as usize].1
    }

    /// The card of an id.
    #[inline(always)]
    pub fn card(&self, id: CardId) -> Card {
        self.card[at(id)]
    }

    /// The distinct cards of a mask of ids, a bit each (bit [`Card::index`]).
    #[inline]
    pub fn kinds_of(&self, mask: u64) -> u32 {
        super::Bits(mask).fold(0, |k, id| k | self.kind[at(id)])
    }

    /// The eyes of the card of an id.
    #[inline(always)]
    pub fn eyes(&self, id: CardId) -> u16 {
        self.eyes[at(id)]
    }

    /// The eyes of the cards of a mask.
    pub fn eyes_of(&self, mask: u64) -> u16 {
        super::Bits(mask).map(|id| self.eyes(id)).sum()
    }

    /// The ids of every copy of `card` (none where the deck lacks it).
    #[inline]
    pub fn ids_of(&self, card: Card) -> u64 {
        self.ids.get(card.index()).copied().unwrap_or(0)
    }

    /// The lowest id of `card`: where the copy does not matter (a record's card, judged
    /// by its class and strength). An id past the deck, of class 0 and strength 0, for a
    /// card the deck lacks.
    #[inline(always)]
    pub fn id_of(&self, card: Card) -> CardId {
        self.first[card.index() & 31]
    }

    /// The deck's cards in the order of their ids (the order of
    /// `Deck::cards`: each card's copies side by side).
    pub fn deck_cards(&self) -> &[Card] {
        &self.card[..usize::from(self.cards)]
    }

    /// Every card of the deck.
    pub fn deck(&self) -> u64 {
        if self.cards as usize >= 64 {
            u64::MAX
        } else {
            (1u64 << self.cards) - 1
        }
    }

    /// A hand of cards as ids: each card takes its lowest copy not yet in `taken` (the
    /// ids given to the other hands so far). `None` where a card is not in the deck or
    /// has no copy left.
    pub fn hand_mask(&self, hand: &[Card], taken: u64) -> Option<u64> {
        let mut mask = 0u64;
        for &c in hand {
            let free = self.ids_of(c) & !(taken | mask);
            if free == 0 {
                return None;
            }
            mask |= free & free.wrapping_neg();
        }
        Some(mask)
    }

    /// Does a ♥10 played to a trick beat an earlier one (Dullen), in trick `trick` (from
    /// 0)?
    #[inline(always)]
    pub fn later_ten_wins(&self, trick: u8) -> bool {
        dullen_in(self.dullen, trick + 1 >= self.hand)
    }

    /// The ids of the ♥10s.
    #[inline(always)]
    pub(super) fn heart_tens(&self) -> u64 {
        self.heart_tens
    }
}

/// The Schweinchen, Hyperschweinchen and Genscher cards of a contract (None: not played
/// in it): the profile's cards where the ♦ are trump (normal trumps, diamond solo), the
/// same ranks in the solo's suit where `deck.schweinchen_in_suit_solo` says so.
pub fn raised_cards(profile: &Profile, contract: Contract) -> [Option<Card>; 3] {
    let d = &profile.deck;
    let cards = [d.schweinchen, d.hyperschweinchen, d.genscher];
    match contract.trump_kind() {
        TrumpKind::Normal | TrumpKind::Suit(Suit::Diamonds) => cards,
        TrumpKind::Suit(suit) if d.schweinchen_in_suit_solo => {
            cards.map(|c| c.map(|c| Card::new(suit, c.rank())))
        }
        _ => [None; 3],
    }
}

/// Does the Dullen rule decide equal heart tens in this trick?
pub fn dullen_applies(profile: &Profile, last_trick: bool) -> bool {
    dullen_in(profile.deck.dullen, last_trick)
}

#[inline(always)]
fn dullen_in(dullen: Dullen, last_trick: bool) -> bool {
    match dullen {
        Dullen::Off => false,
        Dullen::On => true,
        Dullen::ExceptLastTrick => !last_trick,
    }
}
