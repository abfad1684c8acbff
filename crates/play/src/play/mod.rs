//! Trick play over a full record: who leads, legal cards, who wins each trick, eyes,
//! parties and the derived extras; calls checked against their deadlines.
//!
//! Hands need not be written down: a player's hand is the cards they play, so following
//! suit can be checked from the tricks alone. Hands that are written must match the play
//! (for a poverty: the hands before the exchange).
//!
//! One topic a file: this file holds the entry points ([`play`], [`play_decided`]) and the
//! checks of the record as a whole; `card_loop` the cards trick by trick, `parties` who is
//! Re, `found` the extras and what each party took, `calls` calls in time and Zwingen,
//! `exchange` poverty and redeal, `bids` what the bids decide, `alike` what lets profiles
//! share a play, `record_file` seating and playing a record file's deals.

pub mod alike;
pub mod auction;
pub mod call_rules;
pub mod card_loop;
pub mod exchange;
pub mod forward;
pub mod found;
pub mod parties;
pub mod record_file;
pub mod sheet;
pub mod shuffle;
pub mod summary;

pub use crate::machine::calls::{CallAt, CallDeal, CallState};
pub use crate::machine::calls::{call_shift, no_call};
pub use alike::*;
pub use auction::*;
pub use call_rules::*;
use card_loop::*;
pub use card_loop::{out_of_turn, rounds, too_many_copies};
pub use exchange::*;
pub use forward::*;
pub use found::*;
pub use parties::called_refusal;
use parties::*;

pub use summary::*;

use crate::bids::Decided;
use crate::calls::{Call, PartyCalls};
use crate::cards::{Card, CardOrder, DISTINCT, Rank, Suit, TrumpKind};
use crate::contract::{Contract, Party};
use crate::deal::full::{CallEntry, Exchange, FullRecord, WrittenTrick};
use crate::deal::{DealFacts, Role};
use crate::extras::Extra;

use crate::deal::FieldError;
use crate::lang::Text;
use crate::msg;
use crate::seating::SeatList;
use crate::variant::{DoppelkopfKind, KarlchenKind, Profile, WeddingPartner};

fn fail<T>(trick: Option<usize>, field: &str, message: impl Into<Text>) -> Result<T, FieldError> {
    Err(FieldError {
        trick,
        field: field.to_string(),
        message: message.into(),
    })
}

/// The deals of a paper sheet or a record file, each played through a profile's rules: the
/// facts a deal is scored from, or why it is refused. The records floor reads the files;
/// this floor plays them.
pub trait PlayDeals {
    /// The deals, in file order.
    type Deals<'s>: Iterator<Item = Result<DealFacts, crate::deal::RecordError>>
    where
        Self: 's;

    /// The deals, checked against `profile`, one result per row or deal.
    fn deals<'s>(&'s self, profile: &'s Profile) -> Self::Deals<'s>;
}

impl<'a> PlayDeals for crate::deal::sheet::Sheet<'a> {
    type Deals<'s>
        = sheet::SheetDeals<'a, 's>
    where
        Self: 's;

    fn deals<'s>(&'s self, profile: &'s Profile) -> sheet::SheetDeals<'a, 's> {
        sheet::SheetDeals::new(self, profile)
    }
}

/// A record file's deals are seated by the table's `Series`: a league file's deals follow
/// the series rules of compulsory solos, other record files only their `compulsory` marks.
impl PlayDeals for crate::deal::records::RecordFile {
    type Deals<'s> = record_file::Deals<'s>;

    fn deals<'s>(&'s self, profile: &'s Profile) -> record_file::Deals<'s> {
        record_file::Deals::new(self, profile)
    }
}

pub use crate::machine::raised_cards;
pub use crate::seating::MAX_SEATS;
/// Most cards in a hand (a deck has at most 48 cards, dealt to at least 2 players).
pub const MAX_HAND: usize = 24;

/// One trick as played, kept on the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trick {
    seats: [u8; MAX_SEATS],
    cards: [Card; MAX_SEATS],
    len: u8,
    /// The trick's eyes, summed as its cards are pushed.
    eyes: u16,
    /// A bit for each play suit in the trick (as [`CardOrder::suit_id`]).
    suits: u8,
    /// For each card that scores an extra ([`MARKS`]): a bit for each seat that played it.
    marks: [u8; MARKED + 1],
    /// The seat that won the trick.
    pub winner: usize,
}

/// Cards whose player matters for the extras: ♦A (fox), ♥10 (Dulle), ♣Q (club queens).
const MARKED: usize = 3;
const MARK_FOX: usize = 0;
const MARK_DULLE: usize = 1;
const MARK_CLUB_QUEEN: usize = 2;
/// Each card's slot in [`Trick::marks`]; other cards go to the unused last slot.
const MARKS: [u8; DISTINCT] = {
    let mut t = [MARKED as u8; DISTINCT];
    t[Card::DIAMOND_ACE.index()] = MARK_FOX as u8;
    t[Card::HEART_TEN.index()] = MARK_DULLE as u8;
    t[Card::CLUB_QUEEN.index()] = MARK_CLUB_QUEEN as u8;
    t
};

/// Each card's mark slot as a shift into a word of [`Trick::marks`] bytes.
const MARK_SHIFT: [u8; DISTINCT] = {
    let mut t = [0u8; DISTINCT];
    let mut i = 0;
    while i < DISTINCT {
        t[i] = MARKS[i] * 8;
        i += 1;
    }
    t
};

impl Trick {
    const EMPTY: Trick = Trick {
        seats: [0; MAX_SEATS],
        cards: [Card::CLUB_QUEEN; MAX_SEATS],
        len: 0,
        eyes: 0,
        suits: 0,
        marks: [0; MARKED + 1],
        winner: 0,
    };

    /// The cards in play order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// (seat, card) in play order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.seats[..self.len as usize]
            .iter()
            .zip(self.cards())
            .map(|(&s, &c)| (s as usize, c))
    }

    /// How many cards the trick holds.
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// The trick's eyes.
    pub fn eyes(&self) -> u16 {
        self.eyes
    }

    fn winning_card(&self) -> Card {
        self.iter()
            .find(|(s, _)| *s == self.winner)
            .map_or(self.cards[0], |(_, c)| c)
    }
}

/// The cards each seat played, in order, kept on the stack.
struct Played {
    cards: [[Card; MAX_HAND]; MAX_SEATS],
    len: [usize; MAX_SEATS],
}

impl Played {
    fn new() -> Played {
        Played {
            cards: [[Card::CLUB_QUEEN; MAX_HAND]; MAX_SEATS],
            len: [0; MAX_SEATS],
        }
    }

    fn push(&mut self, seat: usize, card: Card) {
        self.cards[seat][self.len[seat]] = card;
        self.len[seat] += 1;
    }

    fn of(&self, seat: usize) -> &[Card] {
        &self.cards[seat][..self.len[seat]]
    }

    /// Each seat's cards in the order played (for the rare checks that need them).
    fn from_tricks(tricks: &[Trick]) -> Played {
        let mut played = Played::new();
        for trick in tricks {
            for (seat, card) in trick.iter() {
                played.push(seat, card);
            }
        }
        played
    }
}

/// The card order of a deal: the contract's trumps, raised by what was declared of
/// Schweinchen, Hyperschweinchen and Genscher (`declared`: how many of them, in order).
pub fn deal_order(contract: Contract, profile: &Profile, declared: usize) -> CardOrder {
    let mut order = profile.order(contract.trump_kind());
    for card in raised_cards(profile, contract)
        .into_iter()
        .take(declared)
        .map_while(|c| c)
    {
        order.raise(card);
    }
    order
}

/// How many of Schweinchen, Hyperschweinchen and Genscher a record declares (each needs
/// the one before it).
pub fn declared_raises(record: &FullRecord) -> usize {
    raised_fields(record)
        .iter()
        .take_while(|(_, s)| s.is_some())
        .count()
}

/// The record's fields for Schweinchen, Hyperschweinchen and Genscher, with who declared.
fn raised_fields(record: &FullRecord) -> [(&'static str, Option<usize>); 3] {
    [
        ("schweinchen", record.schweinchen),
        ("hyperschweinchen", record.hyperschweinchen),
        ("genscher", record.genscher),
    ]
}

fn count(cards: &[Card], card: Card) -> usize {
    cards.iter().filter(|&&c| c == card).count()
}

/// `a` minus `b` as multisets; None if `b` is not contained in `a`.
fn minus(a: &[Card], b: &[Card]) -> Option<Vec<Card>> {
    let mut rest = a.to_vec();
    for c in b {
        let i = rest.iter().position(|x| x == c)?;
        rest.swap_remove(i);
    }
    Some(rest)
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays a full record through and returns the facts it establishes: the table and the
/// written fields are checked, the cards played trick by trick, the parties found, the
/// eyes, tricks and extras counted, and the calls checked against their deadlines.
pub fn play(record: &FullRecord, profile: &Profile) -> Result<DealFacts, FieldError> {
    play_kept(record, profile, &mut PlayMemo::default())
}

/// [`play`], keeping the deal's card loop in `memo` for the next profile that plays the
/// same record ([`PlayMemo`]).
pub fn play_kept(
    record: &FullRecord,
    profile: &Profile,
    memo: &mut PlayMemo,
) -> Result<DealFacts, FieldError> {
    let Some(decided) = decide_bids(record, profile, record.dealer)? else {
        return play_game(record, profile, None, memo);
    };
    play_decided_kept(record, profile, &decided, memo)
}

/// A deal's card loop as one profile played it (the tricks, who won them, the cards each
/// seat showed), kept for the next profile that plays the same record: where that one
/// orders the cards alike, plays Dullen alike, seats the same players and lets the same
/// player lead, with the same deck, the loop's outcome is the same, and it is taken from
/// here. The caller empties it ([`PlayMemo::forget`]) before another record.
#[derive(Debug, Clone, Default)]
pub struct PlayMemo {
    /// The memo keeps loops ([`PlayMemo::keeping`]; the default keeps nothing).
    keeps: bool,
    kept: Option<Box<Kept>>,
    /// Lists of facts lent by deals gone before ([`PlayMemo::lend`]).
    lists: Lists,
}

/// The emptied lists of facts no longer needed (each seat's role, each party's extras,
/// where each extra was seen), for the facts to come.
#[derive(Debug, Clone, Default)]
struct Lists {
    roles: crate::recent::Pool<Role>,
    extras: crate::recent::Pool<Extra>,
    at: crate::recent::Pool<crate::deal::ExtraAt>,
}

/// How many copies of each card each seat played.
pub(super) type Held = [[u8; DISTINCT]; MAX_SEATS];

/// What [`PlayMemo`] keeps: what the card loop read (`key` none once forgotten, and the
/// order and deck beside it, compared only where the rest agrees), and what it made.
#[derive(Debug, Clone)]
struct Kept {
    key: Option<LoopKey>,
    order: CardOrder,
    in_deck: [u8; DISTINCT],
    held: Held,
    tricks: [Trick; MAX_HAND],
}

/// What else of a profile and a record's game the card loop reads (the record's cards
/// aside, which are the same for every profile of one record).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LoopKey {
    dullen: crate::variant::Dullen,
    hand: usize,
    active: [usize; MAX_SEATS],
    leader: usize,
    contract: Contract,
    declarer: Option<usize>,
}

impl PlayMemo {
    /// A memo that keeps each loop played (for several profiles playing one record).
    pub fn keeping() -> PlayMemo {
        PlayMemo {
            keeps: true,
            kept: None,
            lists: Lists::default(),
        }
    }

    /// Takes the lists of `facts` (emptied, where they lie) for the facts of deals to
    /// come: an archive's deals are played without allocating them afresh.
    pub fn lend(&mut self, facts: &mut DealFacts) {
        let l = &mut self.lists;
        l.roles.keep(&mut facts.roles);
        l.extras.keep(&mut facts.re_extras);
        l.extras.keep(&mut facts.kontra_extras);
        l.at.keep(&mut facts.extras_at);
    }

    /// A role for each of `seats` seats, every one out: in a lent list where there is one.
    fn roles(&mut self, seats: usize) -> Vec<Role> {
        let mut roles = self.lists.roles.take();
        roles.resize(seats, Role::Out);
        roles
    }

    /// No extras found yet: in lent lists where there are.
    fn found(&mut self) -> found::Found {
        let l = &mut self.lists;
        found::Found {
            extras: [l.extras.take(), l.extras.take()],
            at: l.at.take(),
        }
    }

    /// [`play_tricks`], or the loop kept for the same cards in play: what each seat held
    /// and the tricks. A memo that keeps loops plays into the kept one and lends it (no
    /// copy either way); one that does not plays into `held` and `tricks` (`held` all 0).
    fn play_tricks<'a>(
        &'a mut self,
        record: &FullRecord,
        profile: &Profile,
        (order, active): (&CardOrder, &[usize]),
        (held, tricks): (&'a mut Held, &'a mut [Trick; MAX_HAND]),
    ) -> Result<(&'a Held, &'a [Trick; MAX_HAND]), FieldError> {
        let leader = crate::seating::first_leader(
            profile,
            active,
            record.contract,
            record.declarer,
            record.compulsory,
        );
        if !self.keeps {
            play_tricks(record, profile, (order, active, leader), held, tricks)?;
            return Ok((held, tricks));
        }
        let mut seats = [usize::MAX; MAX_SEATS];
        seats[..active.len()].copy_from_slice(active);
        let key = LoopKey {
            dullen: profile.deck.dullen,
            hand: profile.hand_size(),
            active: seats,
            leader,
            contract: record.contract,
            declarer: record.declarer,
        };
        let k = self.kept.get_or_insert_with(|| {
            Box::new(Kept {
                key: None,
                order: order.clone(),
                in_deck: [0; DISTINCT],
                held: [[0; DISTINCT]; MAX_SEATS],
                tricks: [Trick::EMPTY; MAX_HAND],
            })
        });
        let same = k.key == Some(key) && k.in_deck == *profile.in_deck() && k.order == *order;
        if !same {
            // Kept only once the loop is played through without a fault.
            k.key = None;
            k.held = [[0; DISTINCT]; MAX_SEATS];
            play_tricks(
                record,
                profile,
                (order, active, leader),
                &mut k.held,
                &mut k.tricks,
            )?;
            k.key = Some(key);
            k.order.clone_from(order);
            k.in_deck = *profile.in_deck();
        }
        Ok((&k.held, &k.tricks))
    }

    /// The tricks of the last loop played in full and kept (a memo that keeps loops,
    /// [`PlayMemo::keeping`]), each card with its seat and each trick with its winner: as
    /// many as the record has (the rest are empty). None before a loop is kept, or once
    /// it is forgotten.
    pub fn kept_tricks(&self) -> Option<&[Trick]> {
        let k = self.kept.as_ref()?;
        k.key.map(|key| &k.tricks[..key.hand.min(MAX_HAND)])
    }

    /// Does the memo keep loops?
    pub fn keeps(&self) -> bool {
        self.keeps
    }

    /// Forgets the kept loop (a new record comes).
    pub fn forget(&mut self) {
        if let Some(k) = &mut self.kept {
            k.key = None;
        }
    }
}

/// [`play`] a record whose bids were decided under this profile already
/// ([`decide_bids`] with the record's dealer).
pub fn play_decided(
    record: &FullRecord,
    profile: &Profile,
    decided: &Decided,
) -> Result<DealFacts, FieldError> {
    play_decided_kept(record, profile, decided, &mut PlayMemo::default())
}

/// [`play_decided`] with a [`PlayMemo`].
pub fn play_decided_kept(
    record: &FullRecord,
    profile: &Profile,
    decided: &Decided,
    memo: &mut PlayMemo,
) -> Result<DealFacts, FieldError> {
    let decided = *decided;
    let result = if applied(record, &decided) {
        play_game(record, profile, Some(&decided), memo)
    } else {
        let mut r = record.clone();
        apply_bids(&mut r, &decided);
        play_game(&r, profile, Some(&decided), memo)
    };
    // What the game needs in the hands is what the winning statement said.
    result.map_err(|mut e| {
        let game_field = matches!(
            e.field.as_str(),
            "contract" | "declarer" | "wedding_partner"
        ) || (decided.contract == Contract::Redeal
            && e.field.starts_with("hands."));
        if let Some(w) = decided.winner
            && game_field
        {
            e.message = msg!(
                "error.quoted",
                text = record.bids[w].to_string(),
                message = e.message
            );
            e.field = "bids".into();
        }
        e
    })
}

/// [`play`] once the game is known: `decided` is what the bids decided, if any.
fn play_game(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
    memo: &mut PlayMemo,
) -> Result<DealFacts, FieldError> {
    check_table(record, profile, decided)?;
    let mut active_buf = [0usize; MAX_SEATS];
    let seats = record.players.len();
    let na = crate::seating::active_into(
        seats,
        record.dealer,
        profile.deck.players as usize,
        &mut active_buf,
    );
    let active = &active_buf[..na];
    let mut roles = memo.roles(seats);
    for &s in active {
        roles[s] = Role::Kontra;
    }
    check_written(record, profile, &roles)?;
    if record.contract == Contract::Redeal {
        return redeal(record, profile, decided, roles);
    }
    if poverty_refused(record) {
        return refused(record, profile, decided, roles);
    }
    check_tricks(record, profile)?;
    let order = deal_order(record.contract, profile, declared_raises(record));
    // The lists the extras are found into, before the memo lends its loop.
    let found = memo.found();
    // How many copies of each card each seat played (its hand, after any exchange).
    let mut held = [[0u8; DISTINCT]; MAX_SEATS];
    let mut tricks = [Trick::EMPTY; MAX_HAND];
    let (held, tricks) =
        memo.play_tricks(record, profile, (&order, active), (&mut held, &mut tricks))?;
    let tricks = &tricks[..record.tricks.len()];
    check_held(record, profile, tricks, held)?;
    let parties = parties(record, profile, &order, active, held, tricks)?;
    // Calls placed between two cards of a trick: where they came, checked against the
    // cards in hand they give.
    let placed;
    let record = match calls_placed(record, profile, tricks)? {
        Some(calls) => {
            placed = FullRecord {
                calls,
                ..record.clone()
            };
            &placed
        }
        None => record,
    };
    // Before a Genscher, the parties of before.
    let before = parties.before.as_ref().map(|(t, at, re)| {
        let mut r = roles.clone();
        for &s in re.as_slice() {
            r[s] = Role::Re;
        }
        (*t, *at, r)
    });
    for &s in parties.re.as_slice() {
        roles[s] = Role::Re;
    }
    let counted = count_tricks(
        profile,
        (&order, parties.contract),
        (active, &roles),
        tricks,
        found,
    );
    let bid_calls = bid_calls(record, profile, decided, &roles);
    let calls = check_allowed(
        record,
        profile,
        Roles {
            now: &roles,
            before: before.as_ref().map(|(t, at, r)| (*t, *at, r.as_slice())),
            bid_calls: &bid_calls,
        },
        parties.contract,
        parties.clarification,
        tricks.first().map(|t| (t.winner, t.eyes())),
    )?;
    let Found { extras, at } = counted.extras;
    let [re_extras, kontra_extras] = extras;
    Ok(DealFacts {
        number: record.number,
        contract: parties.contract,
        roles,
        re_eyes: counted.eyes[0],
        kontra_eyes: counted.eyes[1],
        re_tricks: Some(counted.won[0]),
        kontra_tricks: Some(counted.won[1]),
        re_calls: calls[0],
        kontra_calls: calls[1],
        re_extras,
        kontra_extras,
        extras_at: at,
        bock: record.bock,
        compulsory: record.compulsory,
        forced: false,
        dealer: Some(record.dealer),
        schweinchen: record.schweinchen.is_some(),
        clarification: parties.clarification as u8,
        knock: record.knock,
        note: record.note.clone(),
        bidding: bid_account(record, decided),
        genscher: parties.genscher,
        events: counted.events,
    })
}

/// The record's calls with the moment of each one placed `before` a card play (how many
/// cards of the deal had been played), or `None` where no call is placed so. A placed
/// call's cards in hand must be the caller's at that moment; a card play it names must
/// be in the tricks.
fn calls_placed(
    record: &FullRecord,
    profile: &Profile,
    tricks: &[Trick],
) -> Result<Option<Vec<CallEntry>>, FieldError> {
    if record.calls.iter().all(|e| e.before.is_none()) {
        return Ok(None);
    }
    let hand = profile.hand_size();
    let mut calls = record.calls.clone();
    for e in &mut calls {
        let Some(b) = e.before else { continue };
        let refuse = |m: Text| crate::play::call_rules::refuse_call(e, m);
        // One pass over the deal's cards: the card play named, and the caller's cards
        // played before it.
        let plays = tricks
            .iter()
            .enumerate()
            .flat_map(|(t, trick)| trick.iter().map(move |(seat, card)| (t, seat, card)));
        let mut played = 0usize;
        let mut found = None;
        for (at, (t, seat, card)) in plays.enumerate() {
            if seat == b.seat && card == b.card && b.trick.is_none_or(|w| usize::from(w) == t + 1) {
                found = Some((t, at));
                break;
            }
            played += usize::from(seat == e.player);
        }
        let Some((t, at)) = found else {
            return refuse(msg!(
                "error.call_before_unplayed",
                player = record.players[b.seat].as_str(),
                card = b.card
            ));
        };
        let had = hand - played.min(hand);
        if had != e.cards_in_hand as usize {
            return refuse(msg!(
                "error.call_before_cards",
                caller = record.players[e.player].as_str(),
                had = had,
                player = record.players[b.seat].as_str(),
                card = b.card,
                trick = t + 1,
                cards = e.cards_in_hand
            ));
        }
        e.at = Some(u16::try_from(at).unwrap_or(u16::MAX));
    }
    Ok(Some(calls))
}

/// The table fits the profile and the contract is one it plays.
fn check_table(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
) -> Result<(), FieldError> {
    if let Some(note) = &record.note
        && let Err(e) = crate::deal::check_note(note)
    {
        return fail(None, "note", e);
    }
    let seats = record.players.len();
    if let Err(e) = crate::seating::check_table(profile, seats) {
        return fail(None, "players", e.to_string());
    }
    // Two poor partners under Ralf Wirth's rule throw their hands in, redeals or not.
    let poverty_partners =
        decided.is_some_and(|d| d.reason == crate::bids::Reason::PovertyPartners);
    // A redeal where the profile plays poverty but no declared redeal: a refused poverty.
    let refused_poverty = redeal_is_refused_poverty(profile, record.contract);
    if !profile.allows(record.contract) && !poverty_partners && !refused_poverty {
        return fail(
            None,
            "contract",
            msg!(
                "error.contract_not_played",
                contract = record.contract,
                profile = profile.name
            ),
        );
    }
    if seats > MAX_SEATS {
        return fail(
            None,
            "players",
            msg!("error.seats_max", seats = seats, max = MAX_SEATS),
        );
    }
    Ok(())
}

/// What the record writes besides the tricks: nobody who sits out declares or holds a
/// hand, hands have the right size, a contract that needs a declarer has one.
fn check_written(record: &FullRecord, profile: &Profile, roles: &[Role]) -> Result<(), FieldError> {
    let name = |s: usize| record.players[s].as_str();
    for (field, seat) in [
        ("declarer", record.declarer),
        ("schweinchen", record.schweinchen),
        ("hyperschweinchen", record.hyperschweinchen),
    ] {
        if let Some(d) = seat
            && roles[d] == Role::Out
        {
            return fail(None, field, msg!("error.sits_out", player = name(d)));
        }
    }
    let hand = profile.hand_size();
    for (s, h) in record.hands.iter().enumerate() {
        if let Some(h) = h {
            let field = format!("hands.{}", name(s));
            if roles[s] == Role::Out {
                return fail(None, &field, msg!("error.out_no_hand", player = name(s)));
            }
            if h.len() != hand {
                return fail(
                    None,
                    &field,
                    msg!(
                        "error.hand_size",
                        cards = h.len(),
                        player = name(s),
                        hand = hand
                    ),
                );
            }
        }
    }
    let needs_declarer = record.contract.is_declared_solo()
        || record.compulsory
        || matches!(record.contract, Contract::Poverty | Contract::Redeal);
    if needs_declarer && record.declarer.is_none() {
        return fail(
            None,
            "declarer",
            msg!("error.needs_declarer", contract = record.contract),
        );
    }
    if record.hyperschweinchen.is_some() && record.schweinchen.is_none() {
        return fail(
            None,
            "hyperschweinchen",
            msg!("error.hyper_needs_schweinchen"),
        );
    }
    if record.genscher.is_some() && record.hyperschweinchen.is_none() {
        return fail(None, "genscher", msg!("error.genscher_needs_hyper"));
    }
    Ok(())
}

/// A trick for every card of a hand; Schweinchen only where the profile and the contract
/// have it.
fn check_tricks(record: &FullRecord, profile: &Profile) -> Result<(), FieldError> {
    let hand = profile.hand_size();
    if record.tricks.len() != hand {
        return fail(
            (record.tricks.len() > hand).then_some(hand + 1),
            "tricks",
            msg!(
                "error.trick_count",
                tricks = record.tricks.len(),
                hand = hand
            ),
        );
    }
    let cards = raised_cards(profile, record.contract);
    for ((field, seat), card) in raised_fields(record).into_iter().zip(cards) {
        if seat.is_some() && card.is_none() {
            return fail(
                None,
                field,
                msg!(
                    "error.profile_no_field",
                    profile = profile.name,
                    field = field,
                    contract = record.contract
                ),
            );
        }
        // With her hand written (and no exchange to change it), a declarer who was not
        // dealt every card of it is refused before the cards are played, as a game played
        // step by step refuses it at her first turn.
        if let (Some(s), Some(c)) = (seat, card)
            && record.contract != Contract::Poverty
            && let Some(Some(hand)) = record.hands.get(s)
            && hand.iter().filter(|&&h| h == c).count() != usize::from(profile.deck.copies)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn profile(sets: &[(&str, &str)]) -> Profile {
        crate::variant::test_profile(crate::variant::DEFAULT_PROFILE, sets)
    }

    /// Play derives every extra whatever it scores (but for the club queens): profiles that
    /// score other extras share one play of a deal. `compare --summary` of the DDV and the
    /// Japanese profiles plays each deal once but for weddings and Karlchen.
    #[test]
    fn the_points_of_an_extra_do_not_keep_profiles_from_sharing_a_play() {
        let ddv = profile(&[]);
        for set in [
            ("extras.fox", "0"),
            ("extras.karlchen_caught", "3"),
            ("extras.against_the_old", "0"),
            ("extras.club_queen", "0"),
        ] {
            assert!(Alike::new(&ddv, &profile(&[set])).always, "{set:?}");
        }
        let club_queens = profile(&[("extras.club_queen", "1")]);
        assert!(!Alike::new(&ddv, &club_queens).always);
        for name in ["ja-online", "ja-classic"] {
            let other = Profile::load(name, &[]).unwrap();
            assert!(Alike::new(&ddv, &other).always, "{name}");
        }
    }

    /// Facts made in lists lent by the facts of deals before are the facts of a fresh play:
    /// a lent list comes empty, whatever it held.
    #[test]
    fn facts_in_lent_lists_are_the_facts_of_a_fresh_play() {
        let ddv = profile(&[]);
        let online = Profile::load("ja-online", &[]).unwrap();
        let players = crate::game::generate::default_players(&ddv);
        let deals = crate::game::generate::Deals::new(&ddv, players, 5).unwrap();
        let mut memo = PlayMemo::keeping();
        let mut lent = 0;
        for record in deals.take(300) {
            let fresh = play(&record, &ddv).unwrap();
            let mut kept = play_kept(&record, &ddv, &mut memo).unwrap();
            assert_eq!(kept, fresh, "deal {}", record.number);
            if Alike::new(&ddv, &online).holds_for(&record) {
                let replayed = replay_decided(&record, &fresh, &online, None);
                let mut copied = replay_decided_kept(&record, &fresh, &online, None, &mut memo);
                assert_eq!(copied, replayed, "deal {}", record.number);
                if let Ok(f) = &mut copied {
                    memo.lend(f);
                }
            }
            lent += usize::from(!kept.extras_at.is_empty());
            memo.lend(&mut kept);
            memo.forget();
        }
        assert!(lent > 50, "deals with extras: {lent}");
    }

    #[test]
    fn doppelkopf_by_eyes_and_by_two_pairs() {
        let eyes = profile(&[]);
        let pairs = profile(&[("extras.doppelkopf_kind", "\"two-pairs\"")]);
        let aces_tens = parse_cards("CA SA H10 D10").unwrap();
        let two_pairs = parse_cards("C9 SK C9 SK").unwrap();
        assert!(is_doppelkopf(&aces_tens, &eyes));
        assert!(!is_doppelkopf(&two_pairs, &eyes));
        assert!(is_doppelkopf(&two_pairs, &pairs));
        assert!(!is_doppelkopf(&aces_tens, &pairs));
        assert!(
            !is_doppelkopf(&parse_cards("CA CA CA C10").unwrap(), &pairs),
            "three of a kind is no pair of pairs"
        );
    }

    /// The normal game of tests/cases/ddv-records.toml with the last two tricks changed:
    /// Dirk's club jack is in the last trick, won by Cara's club jack.
    fn karlchen_deal() -> FullRecord {
        let tricks = [
            "CA C9 CK C10",
            "CA C10 C9 CK",
            "SA S9 S10 SK",
            "S9 SA SK S10",
            "H9 H9 HK HA",
            "HA DK DJ HK",
            "H10 DQ D9 D9",
            "D10 DA H10 DA",
            "CQ SQ CQ DQ",
            "SQ HQ HQ HJ",
            "D10 DK SJ DJ",
            "CJ CJ SJ HJ",
        ];
        FullRecord {
            number: 1,
            players: ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec(),
            dealer: 3,
            tricks: tricks
                .iter()
                .map(|t| {
                    parse_cards(t)
                        .unwrap()
                        .into_iter()
                        .map(|c| (None::<usize>, c))
                        .collect::<Vec<_>>()
                })
                .collect(),
            ..FullRecord::default()
        }
    }

    #[test]
    fn karlchen_and_karlchen_caught_are_derived() {
        // Trick 12: Cara leads CJ, Dirk CJ, Anna SJ, Ben HJ: Cara's Karlchen wins and
        // catches Dirk's.
        let ddv = profile(&[]);
        let f = play(&karlchen_deal(), &ddv).unwrap();
        let re: Vec<Extra> = f
            .re_extras
            .iter()
            .copied()
            .filter(|e| matches!(e, Extra::Karlchen | Extra::KarlchenCaught))
            .collect();
        assert_eq!(re, [Extra::KarlchenCaught, Extra::Karlchen]);
        // The online rules' wording (docs/rules.md §8.2): one Karlchen for Cara's own jack and one for Dirk's.
        let online = Profile::load("ja-online", &[]).unwrap();
        let f = play(&karlchen_deal(), &online).unwrap();
        let n = f
            .re_extras
            .iter()
            .filter(|e| **e == Extra::Karlchen)
            .count();
        assert_eq!(n, 2);
        assert!(!f.re_extras.contains(&Extra::KarlchenCaught));
    }

    /// The players who said Re themselves: in words, or as the party's first call; a
    /// partner's "no 90" after Re is no second Re (`scoring.announce_per_caller`).
    #[test]
    fn callers_are_the_players_who_said_re_or_kontra() {
        let ddv = profile(&[]);
        let callers = |calls: &[&str]| {
            let mut record = karlchen_deal();
            record.calls = calls
                .iter()
                .map(|c| crate::deal::records::parse_call_entry(&record.players, c).unwrap())
                .collect();
            play(&record, &ddv).unwrap().re_calls.callers()
        };
        assert_eq!(callers(&[]), 0);
        assert_eq!(callers(&["Anna re 12"]), 1);
        assert_eq!(callers(&["Anna re 12", "Cara re 11"]), 2);
        assert_eq!(callers(&["Anna re 12", "Cara no90 10"]), 1);
        assert_eq!(callers(&["Anna no90 12", "Cara re 11"]), 2);
    }

    /// The first generated deal under `profile` for which `want` holds.
    fn generated(profile: &Profile, want: impl Fn(&FullRecord) -> bool) -> FullRecord {
        let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk", "Eva"]
            .map(String::from)
            .to_vec();
        let seats = crate::seating::smallest_table(profile);
        let mut rng = crate::rng::Rng::new(7);
        (1..5000)
            .map(|n| {
                crate::game::generate::random_deal(
                    profile,
                    &players[..seats],
                    n % seats,
                    n,
                    &mut rng,
                )
            })
            .find(|r| want(r))
            .expect("a generated deal of that kind")
    }

    /// «Doppelkopfの遊び方» sets no condition on the fox: under `ja-wiki` a ♦A caught in a
    /// hearts solo, where it is a side card, is a fox; without `extras.fox_side_card` it
    /// is not.
    #[test]
    fn a_fox_as_a_side_card_counts_where_the_profile_says_so() {
        let wiki = Profile::load("ja-wiki", &[]).unwrap();
        let strict = crate::variant::test_profile("ja-wiki", &[("extras.fox_side_card", "false")]);
        let foxes = |f: &DealFacts| {
            f.re_extras
                .iter()
                .chain(&f.kontra_extras)
                .filter(|e| **e == Extra::Fox)
                .count()
        };
        let record = generated(&wiki, |r| {
            r.contract
                == Contract::Solo(crate::contract::SoloKind::Suit(crate::cards::Suit::Hearts))
                && play(r, &wiki).is_ok_and(|f| foxes(&f) > 0)
        });
        assert_eq!(foxes(&play(&record, &strict).unwrap()), 0);
    }

    /// `house-solos` («ドッペルコップ(Doppelkopf)»'s optional rule): every solo is led by
    /// its soloist; `ddv` refuses an ordinary solo led by its soloist.
    #[test]
    fn every_solo_is_led_by_its_soloist_where_the_profile_says_so() {
        let house = Profile::load("house-solos", &[]).unwrap();
        let record = generated(&house, |r| {
            r.contract.is_declared_solo()
                && !r.contract.is_misere()
                && !r.compulsory
                && r.declarer != Some((r.dealer + 1) % 4)
        });
        assert!(play(&record, &house).is_ok());
        let err = play(&record, &profile(&[])).unwrap_err();
        assert!(
            err.message.to_string().contains("leads trick 1"),
            "{}",
            err.message
        );
    }

    #[test]
    fn dullen_except_in_the_last_trick() {
        use crate::machine::dullen_applies;
        let p = profile(&[("deck.dullen", "\"except-last-trick\"")]);
        assert!(dullen_applies(&p, false));
        assert!(!dullen_applies(&p, true));
        assert!(dullen_applies(&profile(&[("deck.dullen", "\"on\"")]), true));
        assert!(!dullen_applies(&profile(&[]), false));
    }
}
