//! Suits, ranks, eyes, decks and the card orders of every contract.
//!
//! Nothing here assumes 48 cards, 12 tricks or 4 seats: a [`Deck`] is built from the
//! ranks and number of copies a profile names, and a [`CardOrder`] from the trump list a
//! profile names, so the same code serves the 48- and 40-card games and Kloepper.

use std::fmt;
use std::str::FromStr;

/// A suit, in the conventional order clubs, spades, hearts, diamonds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs (♣).
    Clubs,
    /// Spades (♠).
    Spades,
    /// Hearts (♥).
    Hearts,
    /// Diamonds (♦).
    Diamonds,
}

impl Suit {
    /// Every suit, highest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    /// The suit's letter in card tokens (`C`, `S`, `H`, `D`).
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
        }
    }

    /// The suit's symbol (♣ ♠ ♥ ♦).
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
        }
    }

    fn from_char(c: char) -> Option<Suit> {
        match c {
            '♣' => Some(Suit::Clubs),
            '♠' => Some(Suit::Spades),
            '♥' => Some(Suit::Hearts),
            '♦' => Some(Suit::Diamonds),
            _ if c.is_ascii() => Suit::ALL.get(SUIT_OF[c as usize] as usize).copied(),
            _ => None,
        }
    }
}

// The ASCII spellings of suits and ranks, as tables: the one place they are written, read
// by the parsers here and by the archive reader, which looks cards up byte by byte.

/// Not a suit or rank in [`SUIT_OF`] and [`RANK_OF`].
pub const NO_CARD: u8 = 255;

/// A table from letters (either case) to indexes, [`NO_CARD`] elsewhere.
const fn letters(pairs: &[(u8, u8)]) -> [u8; 256] {
    let mut t = [NO_CARD; 256];
    let mut k = 0;
    while k < pairs.len() {
        let (c, i) = pairs[k];
        t[c as usize] = i;
        t[c.to_ascii_lowercase() as usize] = i;
        k += 1;
    }
    t
}

/// Suit letters (either case) as an index into [`Suit::ALL`].
pub const SUIT_OF: [u8; 256] = letters(&[(b'C', 0), (b'S', 1), (b'H', 2), (b'D', 3)]);

/// One-letter ranks (either case, German `D` and `B` too, `T` for ten) as an index into
/// [`Rank::ALL`]; the ten is also written `10`.
pub const RANK_OF: [u8; 256] = letters(&[
    (b'A', 0),
    (b'T', 1),
    (b'K', 2),
    (b'Q', 3),
    (b'D', 3),
    (b'J', 4),
    (b'B', 4),
    (b'9', 5),
]);

/// Every distinct card by its index (`suit * 6 + rank`, as [`Card::index`], then the
/// joker); the entries past them are never used, they only keep a lookup by a byte in
/// bounds.
pub const CARDS: [Card; 256] = {
    let mut cards = [Card::new(Suit::Clubs, Rank::Ace); 256];
    let mut i = 0;
    while i < SUITED {
        cards[i] = Card::new(Suit::ALL[i / 6], Rank::ALL[i % 6]);
        i += 1;
    }
    cards[SUITED] = Card::JOKER;
    cards
};

/// A rank in ASCII: one letter or digit ([`RANK_OF`]), or `10`.
fn rank_of_bytes(b: &[u8]) -> Option<Rank> {
    match b {
        [c] => Rank::ALL.get(RANK_OF[*c as usize] as usize).copied(),
        [b'1', b'0'] => Some(Rank::Ten),
        _ => None,
    }
}

/// A rank, in side-suit order from highest to lowest (A 10 K Q J 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Ace (11 eyes).
    Ace,
    /// Ten (10 eyes).
    Ten,
    /// King (4 eyes).
    King,
    /// Queen (3 eyes).
    Queen,
    /// Jack (2 eyes).
    Jack,
    /// Nine (no eyes).
    Nine,
}

impl Rank {
    /// Every rank, highest first.
    pub const ALL: [Rank; 6] = [
        Rank::Ace,
        Rank::Ten,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Nine,
    ];

    /// Card points ("eyes").
    pub const fn eyes(self) -> u16 {
        match self {
            Rank::Ace => 11,
            Rank::Ten => 10,
            Rank::King => 4,
            Rank::Queen => 3,
            Rank::Jack => 2,
            Rank::Nine => 0,
        }
    }

    /// The rank in card tokens (`A`, `10`, `K`, `Q`, `J`, `9`).
    pub fn token(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Ten => "10",
            Rank::King => "K",
            Rank::Queen => "Q",
            Rank::Jack => "J",
            Rank::Nine => "9",
        }
    }

    /// Strength among side-suit cards of one suit: higher wins.
    fn side_strength(self) -> u8 {
        6 - self as u8
    }
}

impl FromStr for Rank {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Rank, CardError> {
        // Cards are parsed by the million: no allocation on the way.
        rank_of_bytes(s.trim().as_bytes()).ok_or_else(|| CardError::Rank(s.trim().to_string()))
    }
}

/// Why a card token could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum CardError {
    /// An empty token.
    Empty,
    /// A token whose suit is none of the four.
    Suit(String),
    /// A token whose rank is none of the deck's.
    Rank(String),
}

impl CardError {
    /// What is wrong, in no language yet.
    pub fn message(&self) -> crate::lang::Text {
        match self {
            CardError::Empty => crate::msg!("error.card_empty"),
            CardError::Suit(card) => crate::msg!("error.card_suit", card = card),
            CardError::Rank(card) => crate::msg!("error.card_rank", card = card),
        }
    }
}

/// One card of a suit and rank, or the joker. Copies of the same card are equal.
///
/// Kept as one byte, its index `suit * 6 + rank` (see [`Card::index`]), the joker after
/// them: cards are counted, compared and looked up in tables by the million, and the
/// index is what every table wants. Ordered by suit, then rank, the joker last.
///
/// The joker (`deck.joker`, a variation of «ドッペルコップ(Doppelkopf)») takes the place
/// of one ♦9: it has the ♦9's suit, rank and eyes (0) wherever the profile's trump list
/// does not name it (`JK`), so it plays as a ♦9 in the solos whose trumps are not that
/// list (queens, jacks ...), as the source has it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// In a message, a card is written as doko writes it (`♣Q`), in every language.
impl crate::lang::ToText for Card {
    fn to_text(&self) -> crate::lang::Text {
        crate::lang::Text::from(self.to_string())
    }
}

/// In a message, a suit led is written as doko writes it, in every language.
impl crate::lang::ToText for PlaySuit {
    fn to_text(&self) -> crate::lang::Text {
        crate::lang::Text::from(self.to_string())
    }
}

/// Number of cards with a suit and a rank.
const SUITED: usize = 24;

/// Number of distinct cards (suit x rank, and the joker); the size of a per-card counting
/// array.
pub const DISTINCT: usize = SUITED + 1;

/// The suit and the rank of each card by its index (the joker's: the ♦9's), looked up.
const SUIT_OF_CARD: [Suit; DISTINCT] = {
    let mut t = [Suit::Diamonds; DISTINCT];
    let mut i = 0;
    while i < SUITED {
        t[i] = Suit::ALL[i / 6];
        i += 1;
    }
    t
};
const RANK_OF_CARD: [Rank; DISTINCT] = {
    let mut t = [Rank::Nine; DISTINCT];
    let mut i = 0;
    while i < SUITED {
        t[i] = Rank::ALL[i % 6];
        i += 1;
    }
    t
};

/// Each card's token by its index, as files write it (`CQ`, `H10`, `JK`): written without
/// formatting, for the archives written by the million.
const CODES: [&str; DISTINCT] = [
    "CA", "C10", "CK", "CQ", "CJ", "C9", "SA", "S10", "SK", "SQ", "SJ", "S9", "HA", "H10", "HK",
    "HQ", "HJ", "H9", "DA", "D10", "DK", "DQ", "DJ", "D9", "JK",
];

/// [`CODES`] as four bytes each (the token, then spaces; little-endian in the low half)
/// with the token's length in the high half, in a table as wide as five bits can number
/// (a card's index masked, the look-up unchecked): a writer copies the word whole and
/// moves on by the length.
const CODE_WORDS: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut i = 0;
    while i < DISTINCT {
        let b = CODES[i].as_bytes();
        let mut word = [b' '; 4];
        let mut j = 0;
        while j < b.len() {
            word[j] = b[j];
            j += 1;
        }
        t[i] = u32::from_le_bytes(word) as u64 | (b.len() as u64) << 32;
        i += 1;
    }
    t
};

/// Eyes of each card by its index (the joker's are the ♦9's: none).
const EYES: [u16; DISTINCT] = {
    let mut t = [0u16; DISTINCT];
    let mut i = 0;
    while i < SUITED {
        t[i] = Rank::ALL[i % 6].eyes();
        i += 1;
    }
    t
};

impl Card {
    /// The card of `suit` and `rank`.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 6 + rank as u8)
    }

    /// The suit; the joker's is the ♦ (it replaces a ♦9).
    #[inline]
    pub const fn suit(self) -> Suit {
        SUIT_OF_CARD[self.0 as usize]
    }

    /// The rank; the joker's is the nine (it replaces a ♦9).
    #[inline]
    pub const fn rank(self) -> Rank {
        RANK_OF_CARD[self.0 as usize]
    }

    /// Whether the card is a joker (a profile's extra trump).
    pub const fn is_joker(self) -> bool {
        self.0 as usize == SUITED
    }

    /// The card's token as files write it (`CQ`, `H10`, `JK`): its `Display`, looked up.
    #[inline]
    pub fn code(self) -> &'static str {
        CODES[self.0 as usize]
    }

    /// The card's token ([`Card::code`], at most three bytes) padded with spaces to four
    /// bytes, and its length.
    #[inline]
    pub fn code_word(self) -> ([u8; 4], usize) {
        let w = CODE_WORDS[usize::from(self.0 & 31)];
        ((w as u32).to_le_bytes(), (w >> 32) as usize)
    }

    /// The card's eyes.
    pub fn eyes(self) -> u16 {
        EYES[self.0 as usize]
    }

    /// Index in `0..DISTINCT`, for counting arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card of an index in `0..DISTINCT`.
    pub fn from_index(i: usize) -> Option<Card> {
        (i < DISTINCT).then_some(Card(i as u8))
    }

    /// The club queen (♣Q), the Re card of a normal game.
    pub const CLUB_QUEEN: Card = Card::new(Suit::Clubs, Rank::Queen);
    /// The club jack (♣J), the Karlchen.
    pub const CLUB_JACK: Card = Card::new(Suit::Clubs, Rank::Jack);
    /// The diamond ace (♦A), the fox.
    pub const DIAMOND_ACE: Card = Card::new(Suit::Diamonds, Rank::Ace);
    /// The heart ten (♥10), the Dulle.
    pub const HEART_TEN: Card = Card::new(Suit::Hearts, Rank::Ten);
    /// The diamond nine (♦9).
    pub const DIAMOND_NINE: Card = Card::new(Suit::Diamonds, Rank::Nine);
    /// The diamond queen (♦Q).
    pub const DIAMOND_QUEEN: Card = Card::new(Suit::Diamonds, Rank::Queen);
    /// The diamond king (♦K).
    pub const DIAMOND_KING: Card = Card::new(Suit::Diamonds, Rank::King);
    /// The joker, written `JK` (`deck.joker`).
    pub const JOKER: Card = Card(SUITED as u8);
}

impl Card {
    /// Reads a token that is already trimmed; the common ASCII spellings without any
    /// allocation, everything else through [`FromStr`].
    pub fn parse_token(s: &str) -> Result<Card, CardError> {
        if let [first, rest @ ..] = s.as_bytes()
            && let Some(&suit) = Suit::ALL.get(SUIT_OF[*first as usize] as usize)
            && let Some(rank) = rank_of_bytes(rest)
        {
            return Ok(Card::new(suit, rank));
        }
        Card::parse_slow(s)
    }

    fn parse_slow(s: &str) -> Result<Card, CardError> {
        let s = s.trim();
        if ["jk", "joker"].iter().any(|j| s.eq_ignore_ascii_case(j)) || s == "🃏" {
            return Ok(Card::JOKER);
        }
        let mut chars = s.chars();
        let first = chars.next().ok_or(CardError::Empty)?;
        let suit = Suit::from_char(first).ok_or_else(|| CardError::Suit(s.to_string()))?;
        let rest = chars.as_str();
        if rest.is_empty() {
            return Err(CardError::Rank(s.to_string()));
        }
        let rank = rest
            .parse::<Rank>()
            .map_err(|_| CardError::Rank(s.to_string()))?;
        Ok(Card::new(suit, rank))
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        Card::parse_token(s.trim())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Parses a space-separated list of card tokens.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardError> {
    s.split_whitespace().map(str::parse).collect()
}

/// The cards in play: which ranks are used, how many copies of each card, and whether a
/// joker takes the place of one ♦9.
///
/// Kept on the stack (the ranks in the profile's order, at most six): a deck is built for
/// every deal checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deck {
    ranks: [Rank; 6],
    len: usize,
    copies: u8,
    joker: bool,
}

impl Deck {
    /// A deck of `ranks` (each once; further ones are ignored) in four suits.
    pub fn new(ranks: impl IntoIterator<Item = Rank>, copies: u8) -> Deck {
        let mut deck = Deck {
            ranks: [Rank::Nine; 6],
            len: 0,
            copies,
            joker: false,
        };
        for r in ranks {
            if deck.len < 6 && !deck.ranks().contains(&r) {
                deck.ranks[deck.len] = r;
                deck.len += 1;
            }
        }
        deck
    }

    fn ranks(&self) -> &[Rank] {
        &self.ranks[..self.len]
    }

    /// The deck with a joker in place of one ♦9 (`deck.joker`; the deck has nines).
    pub fn with_joker(mut self, joker: bool) -> Deck {
        self.joker = joker && self.ranks().contains(&Rank::Nine);
        self
    }

    /// Copies of each card of the deck (one fewer ♦9 with a joker).
    pub fn copies(&self) -> u8 {
        self.copies
    }

    /// How many copies of `card` the deck has (0 if none).
    pub fn copies_of(&self, card: Card) -> u8 {
        if card.is_joker() {
            u8::from(self.joker)
        } else if !self.ranks().contains(&card.rank()) {
            0
        } else if self.joker && card == Card::DIAMOND_NINE {
            self.copies - 1
        } else {
            self.copies
        }
    }

    /// Whether the deck has `card`.
    pub fn contains(&self, card: Card) -> bool {
        self.copies_of(card) > 0
    }

    /// Distinct cards of the deck, suit by suit, the joker last.
    pub fn distinct(&self) -> impl Iterator<Item = Card> + '_ {
        Suit::ALL
            .into_iter()
            .flat_map(move |s| self.ranks().iter().map(move |&r| Card::new(s, r)))
            .chain(self.joker.then_some(Card::JOKER))
            .filter(|&c| self.contains(c))
    }

    /// Every card, copies included.
    pub fn cards(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.size());
        for c in self.distinct() {
            for _ in 0..self.copies_of(c) {
                v.push(c);
            }
        }
        v
    }

    /// Cards in the deck.
    pub fn size(&self) -> usize {
        self.len * 4 * self.copies as usize
    }

    /// The eyes of every card of the deck.
    pub fn total_eyes(&self) -> u16 {
        self.ranks().iter().map(|r| r.eyes()).sum::<u16>() * 4 * self.copies as u16
    }
}

/// What a card counts as in a given contract: trump, or a side suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySuit {
    /// Trump.
    Trump,
    /// A side suit.
    Side(Suit),
}

impl fmt::Display for PlaySuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaySuit::Trump => f.write_str("trump"),
            PlaySuit::Side(s) => write!(f, "{}", s.symbol()),
        }
    }
}

/// Which cards are trumps, as a kind of contract sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrumpKind {
    /// The profile's normal trump list (normal game, wedding, poverty, silent solo,
    /// diamond solo, misere).
    Normal,
    /// A suit solo: the normal list with the plain diamonds replaced by this suit's cards.
    Suit(Suit),
    /// Queens are trump (a queen solo).
    Queens,
    /// Jacks are trump (a jack solo).
    Jacks,
    /// Queens and jacks are trump.
    QueensJacks,
    /// Kings are trump.
    Kings,
    /// Kings, then queens, then jacks (solo Köhler).
    Koehler,
    /// Only the queens (or jacks) of one suit are trump (the wiki's Obersolo-X / Untersolo-X).
    OneRank(Rank, Suit),
    /// No trumps at all.
    Meatless,
}

/// The ranking of cards in one contract: trumps high to low, then side suits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardOrder {
    /// For each distinct card: `Some(strength)` if it is trump (higher wins).
    trump: [Option<u8>; DISTINCT],
    /// For each distinct card: what it is played as (0-3 a side suit, [`TRUMP_ID`] trump).
    suit_id: [u8; DISTINCT],
    /// For each distinct card: `1 << suit_id` (the card loop's play-suit bits).
    suit_bit: [u8; DISTINCT],
    /// For each play suit led (indexed as `suit_id`) and each card: how strong the card is
    /// in that trick. 0 cannot win; a trump beats every side card; higher wins.
    key: [[u8; DISTINCT]; 5],
}

/// The play-suit id of trumps in [`CardOrder::suit_id`].
pub const TRUMP_ID: u8 = 4;

impl CardOrder {
    /// Builds the order of `kind` from a profile's normal trump list (highest first).
    pub fn new(kind: TrumpKind, normal_trumps: &[Card]) -> CardOrder {
        // Trumps highest first, on the stack: at most one entry per distinct card.
        let mut list = [Card::CLUB_QUEEN; DISTINCT];
        let mut n = 0;
        let mut add = |c: Card, list: &mut [Card; DISTINCT]| {
            if n < DISTINCT && !list[..n].contains(&c) {
                list[n] = c;
                n += 1;
            }
        };
        let ranks = |r: &[Rank],
                     list: &mut [Card; DISTINCT],
                     add: &mut dyn FnMut(Card, &mut [Card; DISTINCT])| {
            for &rank in r {
                for suit in Suit::ALL {
                    add(Card::new(suit, rank), list);
                }
            }
        };
        match kind {
            TrumpKind::Normal | TrumpKind::Suit(Suit::Diamonds) => {
                for &c in normal_trumps {
                    add(c, &mut list);
                }
            }
            TrumpKind::Suit(suit) => {
                for &c in normal_trumps {
                    let plain = c.suit() == Suit::Diamonds
                        && !c.is_joker()
                        && !matches!(c.rank(), Rank::Queen | Rank::Jack);
                    add(if plain { Card::new(suit, c.rank()) } else { c }, &mut list);
                }
            }
            TrumpKind::Queens => ranks(&[Rank::Queen], &mut list, &mut add),
            TrumpKind::Jacks => ranks(&[Rank::Jack], &mut list, &mut add),
            TrumpKind::QueensJacks => ranks(&[Rank::Queen, Rank::Jack], &mut list, &mut add),
            TrumpKind::Kings => ranks(&[Rank::King], &mut list, &mut add),
            TrumpKind::Koehler => {
                ranks(&[Rank::King, Rank::Queen, Rank::Jack], &mut list, &mut add)
            }
            TrumpKind::OneRank(rank, suit) => add(Card::new(suit, rank), &mut list),
            TrumpKind::Meatless => {}
        }
        let mut trump = [None; DISTINCT];
        for (i, c) in list[..n].iter().enumerate() {
            trump[c.index()] = Some((n - i) as u8);
        }
        // A joker the list does not name plays as the ♦9 it replaces.
        if !list[..n].contains(&Card::JOKER) {
            trump[Card::JOKER.index()] = trump[Card::DIAMOND_NINE.index()];
        }
        let mut order = CardOrder {
            trump,
            suit_id: [0; DISTINCT],
            suit_bit: [0; DISTINCT],
            key: [[0; DISTINCT]; 5],
        };
        order.derive();
        order
    }

    /// Fills the lookup tables from `trump`.
    fn derive(&mut self) {
        for (i, c) in CARDS[..DISTINCT].iter().enumerate() {
            let (suit, rank) = (c.suit(), c.rank());
            self.suit_id[i] = match self.trump[i] {
                Some(_) => TRUMP_ID,
                None => suit as u8,
            };
            self.suit_bit[i] = 1 << self.suit_id[i];
            for led in 0..5u8 {
                self.key[led as usize][i] = match self.trump[i] {
                    Some(strength) => 16 + strength,
                    None if suit as u8 == led => 1 + rank.side_strength(),
                    None => 0,
                };
            }
        }
    }

    /// What `card` is played as: 0-3 its side suit, [`TRUMP_ID`] a trump.
    #[inline]
    pub fn suit_id(&self, card: Card) -> u8 {
        self.suit_id[card.index()]
    }

    /// `1 <<` [`CardOrder::suit_id`] of each card, by its index.
    #[inline]
    pub fn suit_bits(&self) -> &[u8; DISTINCT] {
        &self.suit_bit
    }

    #[inline]
    /// Whether `card` is trump.
    pub fn is_trump(&self, card: Card) -> bool {
        self.suit_id[card.index()] == TRUMP_ID
    }

    /// The places in `hand` of the cards that may be played to a trick led with `led`, as
    /// bits (bit `i`: the card in place `i`): those of the led play suit where the hand
    /// holds any, else all (all at the lead). Places past 63 are left out (a hand holds at
    /// most 24 cards).
    #[inline]
    pub fn playable(&self, hand: &[Card], led: Option<Card>) -> u64 {
        let all = if hand.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << hand.len()) - 1
        };
        let Some(led) = led else { return all };
        let suit = self.suit_id(led);
        let mut mask = 0u64;
        for (i, &c) in hand.iter().enumerate().take(64) {
            mask |= u64::from(self.suit_id(c) == suit) << i;
        }
        if mask == 0 { all } else { mask }
    }

    /// The suit `card` is played in: trump or its side suit.
    pub fn play_suit(&self, card: Card) -> PlaySuit {
        if self.is_trump(card) {
            PlaySuit::Trump
        } else {
            PlaySuit::Side(card.suit())
        }
    }

    /// How strong each card is in a trick led in play suit `led` (a [`CardOrder::suit_id`]):
    /// 0 cannot win, higher wins, and no two distinct cards that can win are equal.
    #[inline]
    pub fn keys(&self, led: u8) -> &[u8; DISTINCT] {
        &self.key[led as usize]
    }

    /// Makes `card` the highest trump (Schweinchen, Hyperschweinchen).
    pub fn raise(&mut self, card: Card) {
        let top = self.trump.iter().flatten().max().copied().unwrap_or(0);
        self.trump[card.index()] = Some(top + 1);
        self.derive();
    }

    /// Number of trump cards in the deck (copies included).
    pub fn trump_count(&self, deck: &Deck) -> usize {
        deck.distinct()
            .filter(|&c| self.is_trump(c))
            .map(|c| deck.copies_of(c) as usize)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The place of the card that takes a trick by the order's strengths (the first of
    /// equals; with `dullen`, a later ♥10 over an earlier one): the tables the deal
    /// machine compiles from (`machine::Ruleset`), looked at directly.
    fn winner_dullen(o: &CardOrder, cards: &[Card], dullen: bool) -> usize {
        let keys = o.keys(o.suit_id(cards[0]));
        let mut w = 0;
        for (j, &c) in cards.iter().enumerate().skip(1) {
            let (k, best) = (keys[c.index()], keys[cards[w].index()]);
            if k > best || (dullen && k == best && c == Card::HEART_TEN) {
                w = j;
            }
        }
        w
    }

    fn winner(o: &CardOrder, cards: &[Card]) -> usize {
        winner_dullen(o, cards, false)
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn ddv_trumps() -> Vec<Card> {
        parse_cards("H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK D9").unwrap()
    }

    fn full() -> Deck {
        Deck::new(Rank::ALL.to_vec(), 2)
    }

    #[test]
    fn each_code_is_the_suit_letter_and_rank_token_and_reads_back() {
        for i in 0..DISTINCT {
            let c = Card::from_index(i).unwrap();
            let want = if c.is_joker() {
                "JK".to_string()
            } else {
                format!("{}{}", c.suit().letter(), c.rank().token())
            };
            assert_eq!(c.code(), want);
            assert_eq!(c.to_string(), want);
            assert_eq!(Card::parse_token(c.code()).unwrap(), c);
        }
    }

    #[test]
    fn tokens_parse_in_every_spelling() {
        assert_eq!(c("H10"), c("♥10"));
        assert_eq!(c("ht"), c("H10"));
        assert_eq!(c("CD"), c("CQ"));
        assert_eq!(c("sb"), c("SJ"));
        assert_eq!(c(" ♦a "), Card::DIAMOND_ACE);
        assert_eq!(c("H10").to_string(), "H10");
        assert!("X9".parse::<Card>().is_err());
        assert!("C".parse::<Card>().is_err());
        assert!("C11".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn the_joker_reads_writes_and_plays_as_a_diamond_nine_unless_ranked() {
        assert_eq!(c("JK"), Card::JOKER);
        assert_eq!(c("joker"), Card::JOKER);
        assert_eq!(c("🃏"), Card::JOKER);
        assert_eq!(Card::JOKER.to_string(), "JK");
        assert_eq!(Card::JOKER.eyes(), 0);
        let deck = full().with_joker(true);
        assert_eq!(deck.cards().len(), 48);
        assert_eq!(
            deck.cards()
                .iter()
                .filter(|&&x| x == Card::DIAMOND_NINE)
                .count(),
            1
        );
        // Unranked: equal to a ♦9, the first played wins.
        let plain = CardOrder::new(TrumpKind::Normal, &ddv_trumps());
        assert_eq!(winner(&plain, &[c("D9"), Card::JOKER]), 0);
        assert_eq!(winner(&plain, &[Card::JOKER, c("D9")]), 0);
        assert_eq!(winner(&plain, &[Card::JOKER, c("DK")]), 1);
        // Ranked first: above the ♥10, in a suit solo too; in a queens solo a plain ♦9.
        let mut t = vec![Card::JOKER];
        t.extend(ddv_trumps());
        let normal = CardOrder::new(TrumpKind::Normal, &t);
        assert_eq!(winner(&normal, &[c("H10"), Card::JOKER]), 1);
        let hearts = CardOrder::new(TrumpKind::Suit(Suit::Hearts), &t);
        assert_eq!(winner(&hearts, &[c("H10"), Card::JOKER]), 1);
        assert!(!hearts.is_trump(c("D9")));
        let queens = CardOrder::new(TrumpKind::Queens, &t);
        assert_eq!(
            queens.play_suit(Card::JOKER),
            PlaySuit::Side(Suit::Diamonds)
        );
        assert_eq!(winner(&queens, &[Card::JOKER, c("DK")]), 1);
    }

    #[test]
    fn decks_have_the_documented_size_and_eyes() {
        assert_eq!(full().size(), 48);
        assert_eq!(full().total_eyes(), 240);
        let no_nines = Deck::new(Rank::ALL[..5].to_vec(), 2);
        assert_eq!(no_nines.size(), 40);
        assert_eq!(no_nines.total_eyes(), 240);
        let kloepper = Deck::new(Rank::ALL.to_vec(), 1);
        assert_eq!(kloepper.size(), 24);
        assert_eq!(kloepper.total_eyes(), 120);
    }

    #[test]
    fn trump_counts_per_contract() {
        let t = ddv_trumps();
        let d = full();
        assert_eq!(CardOrder::new(TrumpKind::Normal, &t).trump_count(&d), 26);
        assert_eq!(
            CardOrder::new(TrumpKind::Suit(Suit::Clubs), &t).trump_count(&d),
            26
        );
        assert_eq!(
            CardOrder::new(TrumpKind::Suit(Suit::Hearts), &t).trump_count(&d),
            24
        );
        assert_eq!(CardOrder::new(TrumpKind::Queens, &t).trump_count(&d), 8);
        assert_eq!(CardOrder::new(TrumpKind::Jacks, &t).trump_count(&d), 8);
        assert_eq!(
            CardOrder::new(TrumpKind::QueensJacks, &t).trump_count(&d),
            16
        );
        assert_eq!(CardOrder::new(TrumpKind::Kings, &t).trump_count(&d), 8);
        assert_eq!(CardOrder::new(TrumpKind::Koehler, &t).trump_count(&d), 24);
        assert_eq!(CardOrder::new(TrumpKind::Meatless, &t).trump_count(&d), 0);
    }

    #[test]
    fn normal_game_order() {
        let o = CardOrder::new(TrumpKind::Normal, &ddv_trumps());
        // Heart ten beats the club queen; a club queen does not follow clubs.
        assert_eq!(winner(&o, &[c("CQ"), c("H10")]), 1);
        assert_eq!(o.play_suit(c("CQ")), PlaySuit::Trump);
        assert_eq!(o.play_suit(c("HA")), PlaySuit::Side(Suit::Hearts));
        // Equal cards: first wins.
        assert_eq!(winner(&o, &[c("H10"), c("H10")]), 0);
        // Off-suit side card never wins.
        assert_eq!(winner(&o, &[c("C9"), c("SA"), c("CK"), c("HA")]), 2);
        // Lowest trump beats any side card.
        assert_eq!(winner(&o, &[c("CA"), c("D9")]), 1);
        // Side order A 10 K 9.
        assert_eq!(winner(&o, &[c("S10"), c("SK"), c("SA"), c("S9")]), 2);
    }

    #[test]
    fn dullen_and_schweinchen() {
        let mut o = CardOrder::new(TrumpKind::Normal, &ddv_trumps());
        assert_eq!(winner_dullen(&o, &[c("H10"), c("CQ"), c("H10")], false), 0);
        assert_eq!(winner_dullen(&o, &[c("H10"), c("CQ"), c("H10")], true), 2);
        o.raise(c("DA"));
        assert_eq!(winner(&o, &[c("H10"), c("DA")]), 1);
        o.raise(c("D9"));
        assert_eq!(winner(&o, &[c("DA"), c("D9")]), 1);
        assert_eq!(winner(&o, &[c("D9"), c("DK")]), 0);
    }

    #[test]
    fn solo_orders() {
        let t = ddv_trumps();
        let hearts = CardOrder::new(TrumpKind::Suit(Suit::Hearts), &t);
        assert!(hearts.is_trump(c("HA")));
        assert!(!hearts.is_trump(c("DA")));
        assert_eq!(winner(&hearts, &[c("HA"), c("H10")]), 1);
        let clubs = CardOrder::new(TrumpKind::Suit(Suit::Clubs), &t);
        assert_eq!(winner(&clubs, &[c("CA"), c("DJ")]), 1);
        assert_eq!(winner(&clubs, &[c("C9"), c("DA")]), 0);
        let queens = CardOrder::new(TrumpKind::Queens, &t);
        assert_eq!(winner(&queens, &[c("CJ"), c("CA")]), 1);
        assert_eq!(winner(&queens, &[c("DA"), c("DQ")]), 1);
        // Solo Köhler: the ♦K above the ♣Q, the ♦Q above the ♣J; the ♥10 is a plain heart.
        let koehler = CardOrder::new(TrumpKind::Koehler, &t);
        assert_eq!(winner(&koehler, &[c("CQ"), c("DK")]), 1);
        assert_eq!(winner(&koehler, &[c("CJ"), c("DQ")]), 1);
        assert_eq!(winner(&koehler, &[c("HA"), c("H10"), c("DJ")]), 2);
        assert!(!koehler.is_trump(c("DA")));
        let meatless = CardOrder::new(TrumpKind::Meatless, &t);
        assert_eq!(winner(&meatless, &[c("CQ"), c("CA"), c("H10")]), 1);
        // Side order in a meatless solo: A 10 K Q J 9.
        assert_eq!(winner(&meatless, &[c("SJ"), c("SQ")]), 1);
    }

    #[test]
    fn kloepper_order() {
        // Kloepper (docs/rules.md §8.5): CQ SQ CJ SJ HJ DJ DA D10 DK DQ D9; the heart queen is a plain heart.
        let t: Vec<Card> = "CQ SQ CJ SJ HJ DJ DA D10 DK DQ D9"
            .split(' ')
            .map(c)
            .collect();
        let o = CardOrder::new(TrumpKind::Normal, &t);
        let deck = Deck::new(Rank::ALL.to_vec(), 1);
        assert_eq!(o.trump_count(&deck), 11);
        assert_eq!(o.play_suit(c("HQ")), PlaySuit::Side(Suit::Hearts));
        assert_eq!(winner(&o, &[c("HQ"), c("HA"), c("H9"), c("SA")]), 1);
        assert_eq!(winner(&o, &[c("HA"), c("D9")]), 1);
        assert_eq!(winner(&o, &[c("DJ"), c("HJ"), c("SJ"), c("DA")]), 2);
        assert_eq!(winner(&o, &[c("SQ"), c("CQ")]), 1);
    }

    #[test]
    fn one_rank_solos_have_two_trumps() {
        // The wiki's Obersolo-Eichel: only the club queens are trump.
        let t = ddv_trumps();
        let d = full();
        let ober = CardOrder::new(TrumpKind::OneRank(Rank::Queen, Suit::Clubs), &t);
        assert_eq!(ober.trump_count(&d), 2);
        assert!(ober.is_trump(c("CQ")));
        assert!(!ober.is_trump(c("SQ")) && !ober.is_trump(c("H10")) && !ober.is_trump(c("DA")));
        // The club queen beats a led heart ace; the spade queen is a plain spade.
        assert_eq!(winner(&ober, &[c("HA"), c("CQ")]), 1);
        assert_eq!(winner(&ober, &[c("SA"), c("SQ")]), 0);
        // Untersolo-Rot: only the heart jacks; the club jack is a plain club below the ten.
        let unter = CardOrder::new(TrumpKind::OneRank(Rank::Jack, Suit::Hearts), &t);
        assert_eq!(unter.trump_count(&d), 2);
        assert_eq!(winner(&unter, &[c("CJ"), c("C10")]), 1);
        assert_eq!(winner(&unter, &[c("CA"), c("HJ")]), 1);
    }
}
