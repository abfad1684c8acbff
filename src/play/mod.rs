//! Trick play over a full record: who leads, legal cards, who wins each trick, eyes,
//! parties and the derived extras; calls checked against their deadlines.
//!
//! Hands need not be written down: a player's hand is the cards they play, so following
//! suit can be checked from the tricks alone. Hands that are written must match the play
//! (for a poverty: the hands before the exchange).

mod record_file;

pub use record_file::Deals;

use crate::bids::Decided;
use crate::calls::{Call, PartyCalls};
use crate::cards::{
    Card, CardOrder, DISTINCT, Rank, Suit, TrumpKind, dullen_winner, trick_standing,
    trick_winner_place,
};
use crate::contract::{Contract, Party};
use crate::deal::full::{CallEntry, Exchange, FullRecord, WrittenTrick};
use crate::deal::{DealFacts, Role};
use crate::extras::Extra;

use crate::lang::Text;
use crate::msg;
use crate::seating::SeatList;
use crate::variant::{DoppelkopfKind, Dullen, KarlchenKind, Profile, Reply, WeddingPartner};

/// Why a full record is not a legal deal. `trick` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// The trick, from 1, where the error is about one.
    pub trick: Option<usize>,
    /// The field it is about.
    pub field: String,
    /// What is wrong, in no language yet.
    pub message: Text,
}

fn fail<T>(trick: Option<usize>, field: &str, message: impl Into<Text>) -> Result<T, PlayError> {
    Err(PlayError {
        trick,
        field: field.to_string(),
        message: message.into(),
    })
}

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

/// Does the Dullen rule decide equal heart tens in this trick?
pub fn dullen_applies(profile: &Profile, last_trick: bool) -> bool {
    match profile.deck.dullen {
        Dullen::Off => false,
        Dullen::On => true,
        Dullen::ExceptLastTrick => !last_trick,
    }
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
pub fn play(record: &FullRecord, profile: &Profile) -> Result<DealFacts, PlayError> {
    let Some(decided) = decide_bids(record, profile, record.dealer)? else {
        return play_game(record, profile, None);
    };
    play_decided(record, profile, &decided)
}

/// [`play`] a record whose bids were decided under this profile already
/// ([`decide_bids`] with the record's dealer).
pub fn play_decided(
    record: &FullRecord,
    profile: &Profile,
    decided: &Decided,
) -> Result<DealFacts, PlayError> {
    let decided = *decided;
    let result = if applied(record, &decided) {
        play_game(record, profile, Some(&decided))
    } else {
        let mut r = record.clone();
        apply_bids(&mut r, &decided);
        play_game(&r, profile, Some(&decided))
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

/// What the bids of `record` decide under `profile` with `dealer` dealing (`None`: the
/// record has no bids), checked against what the record wrote: where both say it, they
/// agree.
pub fn decide_bids(
    record: &FullRecord,
    profile: &Profile,
    dealer: usize,
) -> Result<Option<Decided>, PlayError> {
    decide_bids_with(record, profile, dealer, None)
}

/// [`decide_bids`], where `known` may say what the same bids decided under this profile
/// with this dealer before (`Some(None)`: they are not made in its way).
pub fn decide_bids_with(
    record: &FullRecord,
    profile: &Profile,
    dealer: usize,
    known: Option<Option<Decided>>,
) -> Result<Option<Decided>, PlayError> {
    if record.bids.is_empty() {
        return Ok(None);
    }
    match known {
        Some(None) if record.written.contract.is_some() => return Ok(None),
        Some(Some(d)) => {
            agree(record, &d)?;
            return Ok(Some(d));
        }
        _ => {}
    }
    let d = decide_statements(
        &record.bids,
        &record.players,
        record.written.contract,
        profile,
        dealer,
    )?;
    if let Some(d) = &d {
        agree(record, d)?;
    }
    Ok(d)
}

/// What `bids` decide under `profile` with `dealer` dealing, before they are checked
/// against the rest of the record: `None` where they are made in another way of bidding
/// and the record writes its `contract` (which is then played). The one place that says
/// which bids count; the seating of a series asks it too.
pub(crate) fn decide_statements(
    bids: &[crate::bids::Bid],
    players: &[String],
    written_contract: Option<Contract>,
    profile: &Profile,
    dealer: usize,
) -> Result<Option<Decided>, PlayError> {
    let mut buf = [0usize; MAX_SEATS];
    let n = crate::seating::active_into(
        players.len(),
        dealer,
        profile.deck.players as usize,
        &mut buf,
    );
    if !crate::bids::follows(bids, profile.bidding.way, n) {
        // Another table's way of bidding: the contract the record writes is played.
        if written_contract.is_some() {
            return Ok(None);
        }
        // Else say what is wrong with them in this way, where that can be said.
        let other_way = msg!(
            "error.bids_other_way",
            profile = profile.name,
            way = profile.bidding.way.name()
        );
        let message = match crate::bids::decide(bids, profile, &buf[..n], players).err() {
            Some(e) => Text::Join(vec![e.message, other_way], "error.sep_semicolon"),
            None => other_way,
        };
        return fail(None, "bids", message);
    }
    crate::bids::decide(bids, profile, &buf[..n], players)
        .map(Some)
        .map_err(|e| PlayError {
            trick: None,
            field: "bids".to_string(),
            message: e.message,
        })
}

/// What the record writes of its game agrees with what its bids decide.
fn agree(record: &FullRecord, d: &Decided) -> Result<(), PlayError> {
    let w = record.written;
    let name = |s: usize| record.players[s].as_str();
    let said = || {
        d.winner.map_or(Text::msg("error.the_bids"), |i| {
            Text::from(format!("`{}`", record.bids[i]))
        })
    };
    if let Some(c) = w.contract
        && c != d.contract
        && !(c == Contract::SilentSolo && d.contract == Contract::Normal)
    {
        return fail(
            None,
            "contract",
            msg!(
                "error.bids_decide_contract",
                said = said(),
                contract = d.contract,
                written = c
            ),
        );
    }
    if let (Some(x), Some(y)) = (w.declarer, d.declarer)
        && x != y
    {
        return fail(
            None,
            "declarer",
            msg!(
                "error.bids_decide_declarer",
                said = said(),
                declarer = name(y),
                written = name(x)
            ),
        );
    }
    let voluntary = d.mark == Some(crate::bids::SoloMark::Voluntary);
    match (w.compulsory, d.compulsory()) {
        (Some(false), true) => {
            return fail(
                None,
                "compulsory",
                msg!("error.bids_compulsory_not", said = said()),
            );
        }
        (Some(true), false) if voluntary => {
            return fail(
                None,
                "compulsory",
                msg!("error.bids_voluntary", said = said()),
            );
        }
        _ => {}
    }
    if let (Some(a), Some(b)) = (record.written.partner, d.partner)
        && a != b
    {
        return fail(
            None,
            "wedding_partner",
            msg!(
                "error.bids_partner",
                said = said(),
                bid = b.to_string(),
                written = a.to_string()
            ),
        );
    }
    Ok(())
}

/// The record's game as the bids decided it (what the record wrote, where it wrote more).
pub fn apply_bids(record: &mut FullRecord, d: &Decided) {
    let (contract, declarer, compulsory, partner) = game_of(record, d);
    record.contract = contract;
    record.declarer = declarer;
    record.compulsory = compulsory;
    record.wedding_partner = partner;
}

/// The record's game as it wrote it, undoing [`apply_bids`] (for a profile whose way of
/// bidding is not the record's).
pub fn restore_written(record: &mut FullRecord) {
    let w = record.written;
    record.contract = w.contract.unwrap_or_default();
    record.declarer = w.declarer;
    record.compulsory = w.compulsory.unwrap_or(false);
    record.wedding_partner = w.partner;
}

/// Has [`apply_bids`] been done already?
fn applied(record: &FullRecord, d: &Decided) -> bool {
    game_of(record, d)
        == (
            record.contract,
            record.declarer,
            record.compulsory,
            record.wedding_partner,
        )
}

/// The game (contract, declarer, compulsory, wedding partner rule) that `d` and what the
/// record wrote make.
pub(crate) fn game_of(
    record: &FullRecord,
    d: &Decided,
) -> (Contract, Option<usize>, bool, Option<WeddingPartner>) {
    let w = record.written;
    let contract = match w.contract {
        Some(Contract::SilentSolo) if d.contract == Contract::Normal => Contract::SilentSolo,
        _ => d.contract,
    };
    (
        contract,
        d.declarer.or(w.declarer),
        d.compulsory() || w.compulsory == Some(true),
        d.partner.or(record.written.partner),
    )
}

/// The calls a winning bid carries: its condition, made with a full hand by the bidder.
fn bid_calls(
    record: &FullRecord,
    profile: &Profile,
    d: Option<&Decided>,
    roles: &[Role],
) -> Vec<CallEntry> {
    let Some((w, c)) = d.and_then(|d| Some((d.winner?, d.condition?))) else {
        return Vec::new();
    };
    let player = record.bids[w].player;
    (0..=c.level())
        .filter_map(Call::from_level)
        .map(|call| CallEntry {
            player,
            call,
            said_as: roles[player].party(),
            cards_in_hand: profile.hand_size() as u8,
            text: format!("{} (bid)", record.bids[w]),
        })
        .collect()
}

/// The bidding's account for the facts.
fn bid_account(record: &FullRecord, d: Option<&Decided>) -> Option<crate::deal::BidAccount> {
    let d = d?;
    Some(crate::deal::BidAccount {
        decided: *d,
        bids: record.bids.clone(),
    })
}

/// [`play`] once the game is known: `decided` is what the bids decided, if any.
fn play_game(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
) -> Result<DealFacts, PlayError> {
    check_table(record, profile)?;
    let mut active_buf = [0usize; MAX_SEATS];
    let seats = record.players.len();
    let na = crate::seating::active_into(
        seats,
        record.dealer,
        profile.deck.players as usize,
        &mut active_buf,
    );
    let active = &active_buf[..na];
    let mut roles = vec![Role::Out; seats];
    for &s in active {
        roles[s] = Role::Kontra;
    }
    check_written(record, profile, &roles)?;
    if record.contract == Contract::Redeal {
        return redeal(record, profile, decided, roles);
    }
    check_tricks(record, profile)?;
    let order = deal_order(record.contract, profile, declared_raises(record));
    // How many copies of each card each seat played (its hand, after any exchange).
    let mut held = [[0u8; DISTINCT]; MAX_SEATS];
    let mut tricks = [Trick::EMPTY; MAX_HAND];
    play_tricks(record, profile, &order, active, &mut held, &mut tricks)?;
    let tricks = &tricks[..record.tricks.len()];
    check_held(record, profile, tricks, &held)?;
    let parties = parties(record, profile, &order, active, &held, tricks)?;
    // Before a Genscher, the parties of before.
    let before = parties.before.as_ref().map(|(t, re)| {
        let mut r = roles.clone();
        for &s in re.as_slice() {
            r[s] = Role::Re;
        }
        (*t, r)
    });
    for &s in parties.re.as_slice() {
        roles[s] = Role::Re;
    }
    let counted = count_tricks(profile, &order, parties.contract, active, &roles, tricks);
    let bid_calls = bid_calls(record, profile, decided, &roles);
    let calls = check_allowed(
        record,
        profile,
        Roles {
            now: &roles,
            before: before.as_ref().map(|(t, r)| (*t, r.as_slice())),
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
    })
}

/// The table fits the profile and the contract is one it plays.
fn check_table(record: &FullRecord, profile: &Profile) -> Result<(), PlayError> {
    let seats = record.players.len();
    if let Err(e) = crate::seating::check_table(profile, seats) {
        return fail(None, "players", e.to_string());
    }
    if !profile.allows(record.contract) {
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
fn check_written(record: &FullRecord, profile: &Profile, roles: &[Role]) -> Result<(), PlayError> {
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
fn check_tricks(record: &FullRecord, profile: &Profile) -> Result<(), PlayError> {
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
    }
    Ok(())
}

/// The hands as they are played: as written, after a poverty's exchange (empty where the
/// record writes no hands).
fn hands_as_played(record: &FullRecord) -> Result<Vec<Option<Vec<Card>>>, PlayError> {
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

/// Plays the cards into `tricks` and `held` ([`play_cards`]); a revoke is reported as the
/// first one in play order.
fn play_tricks(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    active: &[usize],
    held: &mut [[u8; DISTINCT]; MAX_SEATS],
    tricks: &mut [Trick; MAX_HAND],
) -> Result<(), PlayError> {
    // Each active seat's place in the order of play.
    let mut pos_of = [0u8; MAX_SEATS];
    for (i, &s) in active.iter().enumerate() {
        pos_of[s] = i as u8;
    }
    let leader = crate::seating::first_leader(
        profile,
        active,
        record.contract,
        record.declarer,
        record.compulsory,
    );
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
fn check_held(
    record: &FullRecord,
    profile: &Profile,
    tricks: &[Trick],
    held: &[[u8; DISTINCT]; MAX_SEATS],
) -> Result<(), PlayError> {
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

/// The parties a deal's play establishes.
struct Parties {
    /// The contract played (a normal game with a lone bride is a silent solo; a wedding
    /// without partner may become another contract).
    contract: Contract,
    /// The trick that settled a wedding (0 for other contracts).
    clarification: usize,
    re: SeatList,
    /// After a Genscher: the cards each player had played when it came (calls made by
    /// then were made for the parties of before), and the Re party of before.
    before: Option<(usize, SeatList)>,
}

/// Who is Re: the ♣Q holders, the bride and her partner, the poor player and hers, the
/// soloist.
fn parties(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    active: &[usize],
    held: &[[u8; DISTINCT]; MAX_SEATS],
    tricks: &[Trick],
) -> Result<Parties, PlayError> {
    // The bride (or Kloepper's lone black queens): one player holding every copy of every
    // Re card.
    let bride = active
        .iter()
        .copied()
        .find(|&s| profile.holds_every_re_card(|c| held[s][c.index()] as usize));
    check_called(record, profile, order, bride)?;
    let mut p = Parties {
        contract: record.contract,
        clarification: 0,
        re: SeatList::default(),
        before: None,
    };
    match record.contract {
        Contract::Normal => normal_parties(record, profile, active, held, bride, &mut p)?,
        Contract::SilentSolo | Contract::Wedding => {
            bride_parties(record, profile, order, tricks, bride, &mut p)?
        }
        Contract::Poverty => {
            let d = record.declarer.unwrap_or(active[0]);
            match &record.exchange {
                Some(x) if profile.poverty.partner_by_club_queen => {
                    let played = Played::from_tricks(tricks);
                    let pair = club_queen_partners(record, &played, active, d, x.partner)?;
                    p.re.extend(pair);
                }
                Some(x) => p.re.extend([d, x.partner]),
                None => p.re.push(d),
            }
        }
        Contract::DiamondQueens => diamond_queen_parties(record, active, held, &mut p)?,
        Contract::Solo(_) | Contract::Misere | Contract::MisereOuvert => {
            p.re.push(record.declarer.unwrap_or(active[0]))
        }
        Contract::Redeal => {}
    }
    if let Some(partner) = record.genscher_partner {
        genscher_parties(record, profile, active, held, tricks, partner, &mut p)?;
    }
    Ok(p)
}

/// FreeDoko's Genscher (`contracts.genscher_partner`): in a normal game the holder of both
/// ♦K names a partner on playing the first of them. Her party keeps its name (Re or
/// Kontra) and takes the partner; the other two are the other party. Calls made before
/// her card stay with the party name they were made for (an interpretation: FreeDoko's
/// rule names no calls).
fn genscher_parties(
    record: &FullRecord,
    profile: &Profile,
    active: &[usize],
    held: &[[u8; DISTINCT]; MAX_SEATS],
    tricks: &[Trick],
    partner: usize,
    p: &mut Parties,
) -> Result<(), PlayError> {
    let king = Card::DIAMOND_KING;
    let name = |s: usize| record.players[s].as_str();
    let field = "genscher_partner";
    if !profile.contracts.genscher_partner {
        return fail(
            None,
            field,
            msg!("error.no_genscher_partner", profile = profile.name),
        );
    }
    if p.contract != Contract::Normal || p.re.as_slice().len() != 2 {
        return fail(
            None,
            field,
            msg!("error.genscher_normal_only", contract = p.contract),
        );
    }
    let copies = profile.deck.copies;
    let Some(&holder) = active.iter().find(|&&s| held[s][king.index()] == copies) else {
        return fail(None, field, msg!("error.nobody_every", card = king));
    };
    if partner == holder || !active.contains(&partner) {
        return fail(
            None,
            field,
            msg!(
                "error.genscher_cannot_partner",
                partner = name(partner),
                holder = name(holder)
            ),
        );
    }
    let Some(t) = tricks
        .iter()
        .position(|tr| tr.iter().any(|(s, c)| s == holder && c == king))
    else {
        return fail(
            None,
            field,
            msg!("error.never_plays", player = name(holder), card = king),
        );
    };
    let before = std::mem::take(&mut p.re);
    let holder_is_re = before.as_slice().contains(&holder);
    let mut re = SeatList::default();
    re.extend(
        active
            .iter()
            .copied()
            .filter(|&s| (s == holder || s == partner) == holder_is_re),
    );
    p.re = re;
    p.before = Some((t, before));
    Ok(())
}

/// A called ace (Kloepper) is a side-suit ace, called by a player holding every Re card
/// in a normal game, where the profile has it.
fn check_called(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    bride: Option<usize>,
) -> Result<(), PlayError> {
    let Some(ace) = record.called else {
        return Ok(());
    };
    let why = if !profile.contracts.called_ace {
        Some(msg!("error.no_called_ace", profile = profile.name))
    } else if record.contract != Contract::Normal || bride.is_none() {
        Some(msg!("error.who_calls_ace"))
    } else if ace.rank() != crate::cards::Rank::Ace || order.is_trump(ace) {
        Some(msg!("error.not_side_ace", card = ace))
    } else {
        None
    };
    match why {
        Some(why) => fail(None, "called", why),
        None => Ok(()),
    }
}

/// A normal game: the holders of Re cards, or a lone holder of all of them (a silent solo,
/// or with the holder of the ace she called).
fn normal_parties(
    record: &FullRecord,
    profile: &Profile,
    active: &[usize],
    held: &[[u8; DISTINCT]; MAX_SEATS],
    bride: Option<usize>,
    p: &mut Parties,
) -> Result<(), PlayError> {
    let name = |s: usize| record.players[s].as_str();
    let re_cards = &profile.contracts.re_cards;
    match bride {
        Some(b) if record.called.is_some() => {
            let ace = record.called.unwrap_or(Card::CLUB_QUEEN);
            let Some(partner) = active
                .iter()
                .copied()
                .find(|&s| s != b && held[s][ace.index()] > 0)
            else {
                return fail(
                    None,
                    "called",
                    msg!("error.holds_called_ace", player = name(b), card = ace),
                );
            };
            p.re.extend([b, partner]);
        }
        Some(b) => {
            if !profile.allows(Contract::SilentSolo) {
                return fail(
                    None,
                    "contract",
                    msg!(
                        "error.silent_solo_not_played",
                        player = name(b),
                        cards = cards_text(re_cards),
                        profile = profile.name
                    ),
                );
            }
            p.contract = Contract::SilentSolo;
            p.re.push(b);
        }
        None => p.re.extend(
            active
                .iter()
                .copied()
                .filter(|&s| re_cards.iter().any(|c| held[s][c.index()] > 0)),
        ),
    }
    Ok(())
}

/// The "solo addition": the two holders of the ♦Q are Re; a declarer, where the record
/// names one, is one of them.
fn diamond_queen_parties(
    record: &FullRecord,
    active: &[usize],
    held: &[[u8; DISTINCT]; MAX_SEATS],
    p: &mut Parties,
) -> Result<(), PlayError> {
    let queen = Card::DIAMOND_QUEEN;
    let holders: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&s| held[s][queen.index()] > 0)
        .collect();
    if holders.len() != 2 {
        let who = match holders.as_slice() {
            [one] => msg!(
                "error.holds_every",
                player = record.players[*one].as_str(),
                card = queen
            ),
            _ => msg!("error.nobody_holds_a", card = queen),
        };
        return fail(
            None,
            "contract",
            msg!(
                "error.needs_two_holders",
                contract = record.contract,
                card = queen,
                who = who
            ),
        );
    }
    if let Some(d) = record.declarer
        && !holders.contains(&d)
    {
        return fail(
            None,
            "declarer",
            msg!(
                "error.declares_without",
                player = record.players[d].as_str(),
                contract = record.contract,
                card = queen
            ),
        );
    }
    p.re.extend(holders);
    Ok(())
}

/// A silent solo or a wedding: the bride, and for a wedding the partner the profile's
/// rule finds within its tricks.
fn bride_parties(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    tricks: &[Trick],
    bride: Option<usize>,
    p: &mut Parties,
) -> Result<(), PlayError> {
    let name = |s: usize| record.players[s].as_str();
    let re_cards = &profile.contracts.re_cards;
    let Some(b) = bride else {
        return fail(
            None,
            "contract",
            msg!(
                "error.needs_every_in_one",
                contract = record.contract,
                cards = cards_text(re_cards)
            ),
        );
    };
    if let Some(d) = record.declarer
        && d != b
    {
        return fail(
            None,
            "declarer",
            msg!(
                "error.declares_but_holds",
                player = name(d),
                holder = name(b),
                cards = cards_text(re_cards)
            ),
        );
    }
    p.re.push(b);
    if record.contract != Contract::Wedding {
        return Ok(());
    }
    let rule = match record.wedding_partner {
        Some(WeddingPartner::NamedTrick) => {
            return fail(None, "wedding_partner", msg!("error.bride_names_trick"));
        }
        Some(r)
            if profile
                .contracts
                .wedding_partner
                .iter()
                .any(|p| p.permits(r)) =>
        {
            r
        }
        Some(r) => {
            return fail(
                None,
                "wedding_partner",
                msg!(
                    "error.bride_cannot_choose",
                    profile = profile.name,
                    rule = r.to_string()
                ),
            );
        }
        None => profile
            .contracts
            .wedding_partner
            .first()
            .copied()
            .unwrap_or(WeddingPartner::FirstTrick),
    };
    let found = match rule {
        WeddingPartner::NthTrick { n, led } => {
            // The named trick decides, however late; the bride winning it, or the trick
            // never played, leaves her alone.
            let nth = tricks
                .iter()
                .enumerate()
                .filter(|(_, tr)| led.is_none_or(|l| order.play_suit(tr.cards[0]) == l))
                .nth(usize::from(n) - 1);
            p.clarification = nth.map_or(tricks.len(), |(t, _)| t + 1);
            nth.filter(|(_, tr)| tr.winner != b).map(|(t, _)| t)
        }
        _ => {
            let within = (profile.contracts.wedding_tricks as usize).min(profile.hand_size());
            p.clarification = within;
            let qualifies = |tr: &Trick| {
                tr.winner != b
                    && match rule {
                        WeddingPartner::FirstTrumpTrick => order.is_trump(tr.winning_card()),
                        WeddingPartner::FirstSideTrick => !order.is_trump(tr.cards[0]),
                        _ => true,
                    }
            };
            tricks[..within.min(tricks.len())]
                .iter()
                .position(qualifies)
        }
    };
    if let Some(t) = found {
        p.re.push(tricks[t].winner);
        p.clarification = t + 1;
    } else if let Some(c) = profile.contracts.wedding_unfound {
        // The bride alone: the profile may make it another contract (the wiki's diamond
        // solo), whose trumps are the normal ones.
        p.contract = c;
    }
    Ok(())
}

/// Eyes, tricks won and extras of each party (Re first).
struct Counted {
    eyes: [u16; 2],
    won: [u8; 2],
    extras: Found,
}

/// The extras of a deal per party, and where each was seen.
#[derive(Default)]
struct Found {
    extras: [Vec<Extra>; 2],
    at: Vec<crate::deal::ExtraAt>,
}

impl Found {
    /// `party` (0 Re, 1 Kontra) earns `extra` in trick `t` (from 0), caught from `from`.
    fn add(&mut self, party: usize, extra: Extra, t: usize, from: Option<usize>) {
        self.extras[party].push(extra);
        self.at.push(crate::deal::ExtraAt {
            party: if party == 0 { Party::Re } else { Party::Kontra },
            extra,
            trick: (t + 1) as u8,
            from: from.map(|s| s as u8),
        });
    }
}

/// What the extras of a deal depend on, worked out once per deal.
struct ExtraCtx<'p> {
    profile: &'p Profile,
    /// A fox is a ♦A caught where it is a trump (normal game, wedding, diamond solo).
    fox_is_trump: bool,
    dulle_is_trump: bool,
    club_queens: bool,
    normal_trumps: bool,
    /// Each seat's party.
    party: [Party; MAX_SEATS],
    /// The seats of each party, a bit each.
    members: [u8; 2],
}

/// Counts eyes, tricks and extras for each party.
fn count_tricks(
    profile: &Profile,
    order: &CardOrder,
    contract: Contract,
    active: &[usize],
    roles: &[Role],
    tricks: &[Trick],
) -> Counted {
    let mut party = [Party::Kontra; MAX_SEATS];
    for (p, role) in party.iter_mut().zip(roles) {
        *p = role.party().unwrap_or(Party::Kontra);
    }
    let mut members = [0u8; 2];
    for &s in active {
        members[party[s] as usize] |= 1 << s;
    }
    let cx = ExtraCtx {
        profile,
        // A fox where the ♦A is a trump, or in every contract (`extras.fox_side_card`).
        fox_is_trump: order.is_trump(Card::DIAMOND_ACE) || profile.extras.fox_side_card,
        dulle_is_trump: order.is_trump(Card::HEART_TEN),
        club_queens: profile.extras.club_queen != 0,
        normal_trumps: contract.trump_kind() == TrumpKind::Normal,
        party,
        members,
    };
    let mut c = Counted {
        eyes: [0; 2],
        won: [0; 2],
        extras: Found::default(),
    };
    let last = tricks.len() - 1;
    for (t, trick) in tricks.iter().enumerate() {
        let wi = cx.party[trick.winner] as usize;
        let trick_eyes = trick.eyes();
        c.eyes[wi] += trick_eyes;
        c.won[wi] += 1;
        let doppelkopf = match profile.extras.doppelkopf_kind {
            DoppelkopfKind::Eyes => trick_eyes >= profile.extras.doppelkopf_eyes,
            DoppelkopfKind::TwoPairs => is_doppelkopf(trick.cards(), profile),
        };
        if doppelkopf {
            c.extras.add(wi, Extra::Doppelkopf, t, None);
        }
        if trick.suits == 1 << Suit::Hearts as u8 {
            c.extras.add(wi, Extra::HeartTrick, t, None);
        }
        if dulle_jabs_dulle(&cx, trick) {
            c.extras.add(wi, Extra::DulleJabsDulle, t, None);
        }
        if t == last {
            last_trick_extras(&cx, trick, t, &mut c.extras);
        } else {
            marked_extras(&cx, trick, t, &mut c.extras);
        }
    }
    c
}

/// The extras of a trick before the last: found from the seats that played each marked
/// card, pushed in the order fox, Dulle, club queen.
fn marked_extras(cx: &ExtraCtx, trick: &Trick, t: usize, found: &mut Found) {
    let wi = cx.party[trick.winner] as usize;
    // The seats that played a marked card, lowest first (most tricks have none: no loop).
    let seats = |mark: usize, among: u8| {
        let mut bits = trick.marks[mark] & among;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let seat = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                seat
            })
        })
    };
    if cx.fox_is_trump {
        for from in seats(MARK_FOX, cx.members[1 - wi]) {
            found.add(wi, Extra::Fox, t, Some(from));
            if t == 0 {
                found.add(wi, Extra::FoxFirstTrick, t, Some(from));
            }
        }
    }
    if cx.dulle_is_trump {
        for from in seats(MARK_DULLE, cx.members[1 - wi]) {
            found.add(wi, Extra::DulleCaught, t, Some(from));
        }
    }
    if cx.club_queens {
        for (p, &among) in cx.members.iter().enumerate() {
            for _ in seats(MARK_CLUB_QUEEN, among) {
                found.add(p, Extra::ClubQueen, t, None);
            }
        }
    }
}

/// The extras of the last trick, card by card: foxes, Dulle, club queens and Karlchen.
fn last_trick_extras(cx: &ExtraCtx, trick: &Trick, t: usize, found: &mut Found) {
    let w = cx.party[trick.winner];
    let wi = w as usize;
    let karlchen = cx.profile.extras.karlchen_kind;
    for (seat, card) in trick.iter() {
        let own = cx.party[seat] as usize;
        let opponent = cx.party[seat] != w;
        if card == Card::DIAMOND_ACE && cx.fox_is_trump && opponent {
            found.add(wi, Extra::Fox, t, Some(seat));
            if t == 0 {
                found.add(wi, Extra::FoxFirstTrick, t, Some(seat));
            }
            found.add(wi, Extra::FoxLastTrick, t, Some(seat));
        }
        if card == Card::HEART_TEN && cx.dulle_is_trump && opponent {
            found.add(wi, Extra::DulleCaught, t, Some(seat));
        }
        if cx.club_queens && card == Card::CLUB_QUEEN {
            found.add(own, Extra::ClubQueen, t, None);
        }
        if card == Card::CLUB_JACK && karlchen == KarlchenKind::PlayedInLastTrick {
            found.add(own, Extra::Karlchen, t, None);
        }
        if cx.normal_trumps && card == Card::CLUB_JACK {
            match karlchen {
                KarlchenKind::WinsLastTrick if opponent => {
                    found.add(wi, Extra::KarlchenCaught, t, Some(seat))
                }
                KarlchenKind::TakenInLastTrick if opponent => {
                    found.add(wi, Extra::Karlchen, t, Some(seat))
                }
                KarlchenKind::TakenInLastTrick if seat == trick.winner => {
                    found.add(wi, Extra::Karlchen, t, None)
                }
                _ => {}
            }
        }
    }
    if cx.normal_trumps
        && karlchen == KarlchenKind::WinsLastTrick
        && trick.winning_card() == Card::CLUB_JACK
    {
        found.add(wi, Extra::Karlchen, t, None);
    }
    if cx.fox_is_trump && trick.winning_card() == Card::DIAMOND_ACE {
        found.add(wi, Extra::FoxWinsLastTrick, t, None);
    }
}

/// Dulle jabs Dulle: the trick's winning card is a ♥10 played after an opponent's ♥10.
fn dulle_jabs_dulle(cx: &ExtraCtx, trick: &Trick) -> bool {
    if !cx.dulle_is_trump || trick.winning_card() != Card::HEART_TEN {
        return false;
    }
    let w = cx.party[trick.winner];
    trick
        .iter()
        .take_while(|&(seat, _)| seat != trick.winner)
        .any(|(seat, card)| card == Card::HEART_TEN && cx.party[seat] != w)
}

/// Who plays a deal, in order: the seats that get cards, each seat's place among them,
/// and who leads the first trick.
#[derive(Clone, Copy)]
struct Seating<'a> {
    active: &'a [usize],
    pos_of: &'a [u8; MAX_SEATS],
    leader: usize,
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
fn play_cards(
    record: &FullRecord,
    profile: &Profile,
    order: &CardOrder,
    seating: Seating,
    remaining: &mut [Option<Vec<Card>>],
    held: &mut [[u8; DISTINCT]; MAX_SEATS],
    tricks: &mut [Trick; MAX_HAND],
) -> Result<u8, PlayError> {
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
struct Cards<'a, 'r, const CHECKED: bool> {
    record: &'a FullRecord,
    profile: &'a Profile,
    order: &'a CardOrder,
    remaining: &'r mut [Option<Vec<Card>>],
}

impl<const CHECKED: bool> Cards<'_, '_, CHECKED> {
    fn play(
        self,
        seating: &Seating,
        held: &mut [[u8; DISTINCT]; MAX_SEATS],
        tricks: &mut [Trick; MAX_HAND],
    ) -> Result<Option<u8>, PlayError> {
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
        let hand = profile.hand_size();
        let check = CardCheck {
            record,
            profile,
            in_deck: profile.in_deck(),
            has_hands: CHECKED && !remaining.is_empty(),
            names_players: CHECKED && record.tricks.names_players(),
        };
        // A byte for each seat: a bit for each play suit it has shown it does not hold.
        let mut void = 0u64;
        let mut revoked = 0u8;
        let rounds = rounds(active);
        for (t, trick) in tricks.iter_mut().enumerate().take(record.tricks.len()) {
            let written = record.tricks.get(t);
            let at = Some(t + 1);
            let cards = written.cards;
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
            let led = order.suit_id(cards[0]);
            let led_bit = 1u8 << led;
            let keys = order.keys(led);
            // The seats in the order they play this trick.
            let seats = rounds[pos_of[leader] as usize];
            // The winner: the highest standing.
            let mut best = 0usize;
            let (mut eyes, mut suits, mut marks) = (0u16, 0u8, 0u32);
            for (j, &card) in cards.iter().enumerate() {
                let seat = (seats >> (8 * j)) as u8 as usize;
                let i = card.index();
                if CHECKED {
                    check.card(&written, (t, j), seat, card, held, remaining)?;
                }
                held[seat][i] += 1;
                // One bit each: this card's play suit, and the led suit if it is another.
                let suit_bit = 1u8 << order.suit_id(card);
                let shift = 8 * seat;
                revoked |= (void >> shift) as u8 & suit_bit;
                void |= ((led_bit & !suit_bit) as u64) << shift;
                best = best.max(trick_standing(keys, card, j));
                eyes += card.eyes();
                suits |= suit_bit;
                marks |= 1 << (seat + MARK_SHIFT[i] as usize);
                trick.cards[j & (MAX_SEATS - 1)] = card;
            }
            let mut w = trick_winner_place(best);
            if dullen_applies(profile, t + 1 == hand) {
                w = dullen_winner(cards, w);
            }
            trick.seats = seats.to_le_bytes();
            trick.len = n as u8;
            trick.eyes = eyes;
            trick.suits = suits;
            trick.marks = marks.to_le_bytes();
            trick.winner = (seats >> (8 * w)) as u8 as usize;
            leader = trick.winner;
        }
        if !CHECKED && !within_deck(held, profile.in_deck()) {
            return Ok(None);
        }
        Ok(Some(revoked))
    }
}

/// For each seat's place in the order of play: the seats in the order they play a trick it
/// leads, a byte each.
fn rounds(active: &[usize]) -> [u64; MAX_SEATS] {
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
fn within_deck(held: &[[u8; DISTINCT]; MAX_SEATS], in_deck: &[u8; DISTINCT]) -> bool {
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
struct CardCheck<'a> {
    record: &'a FullRecord,
    profile: &'a Profile,
    in_deck: &'a [u8; DISTINCT],
    has_hands: bool,
    names_players: bool,
}

impl CardCheck<'_> {
    /// Checks `card`, played by `seat` as card `j` of trick `t` (from 0).
    fn card(
        &self,
        written: &WrittenTrick,
        (t, j): (usize, usize),
        seat: usize,
        card: Card,
        held: &[[u8; DISTINCT]; MAX_SEATS],
        remaining: &mut [Option<Vec<Card>>],
    ) -> Result<(), PlayError> {
        let at = Some(t + 1);
        let name = |s: usize| self.record.players[s].as_str();
        let i = card.index();
        if self.names_players
            && let Some(named) = written.named(j)
            && named != seat
        {
            let why = match (j, t) {
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
            };
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
        if copies > self.in_deck[i] {
            let deck = self.in_deck[i];
            let why = match copies {
                2 => msg!("error.played_second", card = card, copies = deck),
                3 => msg!("error.played_third", card = card, copies = deck),
                k => msg!("error.played_nth", card = card, times = k, copies = deck),
            };
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
fn first_revoke<'a>(
    tricks: &[Trick],
    order: &CardOrder,
    name: impl Fn(usize) -> &'a str,
) -> Result<(), PlayError> {
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
    match played.of(seat)[t + 1..]
        .iter()
        .find(|&&c| order.play_suit(c) == led)
    {
        Some(held) => fail(
            Some(t + 1),
            "tricks",
            msg!(
                "error.revoke",
                player = name(seat),
                card = card,
                led = led,
                held = held
            ),
        ),
        None => Ok(()),
    }
}

/// Do two profiles derive the same facts from this deal's tricks? Such profiles may still
/// differ in what they allow (contracts, call deadlines, knocking): see [`replay`].
pub fn derives_alike(a: &Profile, b: &Profile, record: &FullRecord) -> bool {
    Alike::new(a, b).holds_for(record)
}

/// What two profiles share of the rules that decide a deal's facts, compared once (for
/// [`derives_alike`] on every deal of an archive).
///
/// Not a list of the fields that matter: the whole profiles are compared, less the fields
/// that play does not read or that [`replay`] checks again, and less the few rules that
/// matter only for some deals (compared on their own). A field added to the profile
/// therefore counts until it is named here as one that play does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alike {
    /// The rules every deal depends on.
    always: bool,
    wedding: bool,
    /// Who leads a solo.
    leads: bool,
    karlchen: bool,
    /// How the table bids: the same contract from the same bids.
    bidding: bool,
}

impl Alike {
    /// What profiles `a` and `b` share of a deal's play.
    pub fn new(a: &Profile, b: &Profile) -> Alike {
        let mut v = b.clone();
        // What play does not read: names, scoring, the series.
        v.name.clone_from(&a.name);
        v.title.clone_from(&a.title);
        v.source.clone_from(&a.source);
        v.winning = a.winning.clone();
        v.scoring = a.scoring.clone();
        v.bock = a.bock.clone();
        v.league = a.league.clone();
        v.contracts.misere_ouvert_bonus = a.contracts.misere_ouvert_bonus;
        // The points of the extras: play derives every extra whatever it scores, but for
        // the club queens, which it derives only where they score.
        let e = &mut v.extras;
        let club_queen = e.club_queen;
        e.fox = a.extras.fox;
        e.karlchen = a.extras.karlchen;
        e.karlchen_caught = a.extras.karlchen_caught;
        e.doppelkopf = a.extras.doppelkopf;
        e.fox_last_trick = a.extras.fox_last_trick;
        e.heart_trick = a.extras.heart_trick;
        e.dulle_caught = a.extras.dulle_caught;
        e.fox_first_trick = a.extras.fox_first_trick;
        e.fox_wins_last_trick = a.extras.fox_wins_last_trick;
        e.dulle_jabs_dulle = a.extras.dulle_jabs_dulle;
        e.against_the_old = a.extras.against_the_old;
        if (club_queen != 0) == (a.extras.club_queen != 0) {
            e.club_queen = a.extras.club_queen;
        }
        e.against_the_old_at_tie = a.extras.against_the_old_at_tie;
        e.in_solos.clone_from(&a.extras.in_solos);
        e.when_nobody_wins = a.extras.when_nobody_wins;
        // What `replay` checks again, or plays in full (poverties, redeals); the dealer
        // rotation is compared deal by deal.
        v.contracts.allowed.clone_from(&a.contracts.allowed);
        v.calls = a.calls.clone();
        v.knocking = a.knocking.clone();
        v.poverty = a.poverty.clone();
        v.redeal = a.redeal.clone();
        // The rules of some deals only, compared below.
        let wedding = |p: &Profile| {
            (
                p.contracts.wedding_unfound,
                p.contracts.wedding_tricks,
                p.contracts.wedding_partner.clone(),
            )
        };
        v.contracts.wedding_unfound = a.contracts.wedding_unfound;
        v.contracts.wedding_tricks = a.contracts.wedding_tricks;
        v.contracts
            .wedding_partner
            .clone_from(&a.contracts.wedding_partner);
        v.contracts.compulsory_solo_leads = a.contracts.compulsory_solo_leads;
        v.contracts.every_solo_leads = a.contracts.every_solo_leads;
        v.extras.karlchen_kind = a.extras.karlchen_kind;
        v.bidding.clone_from(&a.bidding);
        Alike {
            always: v == *a,
            wedding: wedding(a) == wedding(b),
            leads: (
                a.contracts.compulsory_solo_leads,
                a.contracts.every_solo_leads,
            ) == (
                b.contracts.compulsory_solo_leads,
                b.contracts.every_solo_leads,
            ),
            karlchen: a.extras.karlchen_kind == b.extras.karlchen_kind,
            bidding: a.bidding == b.bidding,
        }
    }

    /// Do the two profiles derive the same facts from this deal?
    pub fn holds_for(&self, record: &FullRecord) -> bool {
        self.always
            && (self.bidding || record.bids.is_empty())
            && (self.wedding || record.contract != Contract::Wedding)
            && (self.leads || !(record.compulsory || record.contract.is_declared_solo()))
            && (self.karlchen
                || !record
                    .tricks
                    .last()
                    .is_some_and(|t| t.cards.contains(&Card::CLUB_JACK)))
    }
}

/// The facts of `record` under `profile`, given the facts `base` that [`play`] derived for
/// it under a profile that [`derives_alike`]: only what the profiles may differ in
/// is checked again (the contract, the calls, knocking), by the same functions as in
/// [`play`]. Poverties and redeals are played in full.
pub fn replay(
    record: &FullRecord,
    base: &DealFacts,
    profile: &Profile,
) -> Result<DealFacts, PlayError> {
    // Zwingen needs the first trick, which the facts do not keep, and a Genscher the
    // parties of before: play them again.
    if matches!(record.contract, Contract::Poverty | Contract::Redeal)
        || record.genscher_partner.is_some()
        || !profile.allows(record.contract)
        || !profile.allows(base.contract)
        || profile.calls.zwingen
    {
        return play(record, profile);
    }
    // The bids are checked under this profile too (the game they decide is the base's:
    // alike profiles bid alike).
    let decided = decide_bids(record, profile, record.dealer)?;
    if decided.is_some_and(|d| !applied(record, &d)) {
        return play(record, profile);
    }
    let bid_calls = bid_calls(record, profile, decided.as_ref(), &base.roles);
    let calls = check_allowed(
        record,
        profile,
        Roles {
            now: &base.roles,
            before: None,
            bid_calls: &bid_calls,
        },
        base.contract,
        base.clarification as usize,
        None,
    )?;
    Ok(DealFacts {
        re_calls: calls[0],
        kontra_calls: calls[1],
        bidding: bid_account(record, decided.as_ref()),
        ..base.clone()
    })
}

/// Each seat's role in the parties that are scored, and after a Genscher the cards each
/// player had played when it came with the roles of before.
#[derive(Clone, Copy)]
struct Roles<'a> {
    now: &'a [Role],
    before: Option<(usize, &'a [Role])>,
    /// The calls a winning bid carries (its condition), beside the record's.
    bid_calls: &'a [CallEntry],
}

impl Roles<'_> {
    /// The role of `seat` when she had played `played` cards.
    fn at(&self, seat: usize, played: usize) -> Role {
        match self.before {
            Some((t, before)) if played <= t => before[seat],
            _ => self.now[seat],
        }
    }
}

/// What a profile allows of a deal once its parties are known, checked by [`play`] and
/// [`replay`] alike: the knock, and every call in time. Returns each party's calls.
/// `first_trick` is the winner and eyes of trick 1 (for Zwingen).
fn check_allowed(
    record: &FullRecord,
    profile: &Profile,
    roles: Roles,
    contract: Contract,
    clarification: usize,
    first_trick: Option<(usize, u16)>,
) -> Result<[PartyCalls; 2], PlayError> {
    let re = roles.now.iter().filter(|r| **r == Role::Re).count();
    if let Err(m) = crate::deal::check_knock(record.knock, profile, re) {
        return fail(None, "knock", m);
    }
    let calls = check_calls(
        record,
        profile,
        roles,
        profile.hand_size(),
        contract,
        clarification,
    )?;
    if let Some((winner, eyes)) = first_trick
        && zwingen_binds(profile, record.contract, clarification, eyes)
    {
        check_zwingen(record, profile, roles.now, clarification, (winner, eyes))?;
    }
    Ok(calls)
}

/// How many cards later every call deadline falls: a wedding settled in trick k moves
/// them k - 1 cards (`calls.wedding_shift`), or k (`calls.wedding_shift_whole`, Noel
/// Leaver's rule); 0 in other contracts.
pub fn call_shift(profile: &Profile, contract: Contract, clarification: usize) -> usize {
    let rules = &profile.calls;
    match (
        contract == Contract::Wedding && rules.wedding_shift,
        rules.wedding_shift_whole,
    ) {
        (false, _) => 0,
        (true, false) => clarification.saturating_sub(1),
        (true, true) => clarification,
    }
}

/// Does Zwingen bind the winner of the first trick? Only where she knows her party after
/// it: not in a wedding still unsettled after trick 1.
pub fn zwingen_binds(
    profile: &Profile,
    contract: Contract,
    clarification: usize,
    eyes: u16,
) -> bool {
    profile.calls.zwingen
        && eyes >= ZWINGEN_EYES
        && (contract != Contract::Wedding || clarification == 1)
}

/// Can the call of `level` that Zwingen demands still be made with one card played? Not
/// past schwarz, and not where its deadline is over by then (a Re due before the first
/// card): Zwingen demands only what the deadlines allow.
pub fn zwingen_call_in_time(
    profile: &Profile,
    contract: Contract,
    clarification: usize,
    level: u8,
) -> bool {
    level < profile.calls.levels
        && profile.calls.deadlines[level as usize] as usize
            + call_shift(profile, contract, clarification)
            >= 1
}

/// Eyes of a first trick that make its winner call under Zwingen.
pub const ZWINGEN_EYES: u16 = 30;

/// Zwingen («ドッペルコップ(Doppelkopf)», variations; docs/rules.md §12): the winner of a
/// first trick of at least 30 eyes must call before her next card (with one card fewer
/// than a hand): Re/Kontra, or the next call where her party had said it before trick 1.
fn check_zwingen(
    record: &FullRecord,
    profile: &Profile,
    roles: &[Role],
    clarification: usize,
    (winner, eyes): (usize, u16),
) -> Result<(), PlayError> {
    let Some(party) = roles[winner].party() else {
        return Ok(());
    };
    let hand = profile.hand_size();
    let ours = |e: &&CallEntry| roles[e.player].party() == Some(party);
    // The party's calls before trick 1 was over: made with a full hand.
    let before = record
        .calls
        .iter()
        .filter(ours)
        .filter(|e| e.cards_in_hand as usize >= hand)
        .map(|e| e.call.level() + 1)
        .max()
        .unwrap_or(0);
    if !zwingen_call_in_time(profile, record.contract, clarification, before) {
        return Ok(());
    }
    let made = record.calls.iter().any(|e| {
        e.player == winner && e.cards_in_hand as usize + 1 == hand && e.call.level() >= before
    });
    if made {
        return Ok(());
    }
    let word = match Call::from_level(before) {
        Some(Call::Announce) | None => party.key().to_string(),
        Some(call) => call.to_string(),
    };
    fail(
        Some(1),
        "calls",
        msg!(
            "error.zwingen",
            player = record.players[winner].as_str(),
            eyes = eyes,
            word = word,
            cards = hand - 1
        ),
    )
}

/// Is a trick a Doppelkopf under the profile's definition?
pub fn is_doppelkopf(cards: &[Card], profile: &Profile) -> bool {
    match profile.extras.doppelkopf_kind {
        DoppelkopfKind::Eyes => {
            cards.iter().map(|c| c.eyes()).sum::<u16>() >= profile.extras.doppelkopf_eyes
        }
        DoppelkopfKind::TwoPairs => {
            let mut c = cards.to_vec();
            c.sort();
            c.len() == 4 && c[0] == c[1] && c[2] == c[3] && c[1] != c[2]
        }
    }
}

/// Poverty with partners chosen by the club queens: checks the partner and returns the
/// Re party. Holdings are those dealt, before the exchange.
fn club_queen_partners(
    record: &FullRecord,
    played: &Played,
    active: &[usize],
    poor: usize,
    partner: usize,
) -> Result<Vec<usize>, PlayError> {
    let name = |s: usize| record.players[s].as_str();
    let x = record.exchange.as_ref().map(|x| (&x.passed, &x.returned));
    // A club queen dealt to a seat: played by it, less what it received, plus what it gave.
    let dealt = |s: usize| -> usize {
        let mut n = count(played.of(s), Card::CLUB_QUEEN) as isize;
        if let Some((passed, returned)) = x {
            if s == poor {
                n += count(passed, Card::CLUB_QUEEN) as isize
                    - count(returned, Card::CLUB_QUEEN) as isize;
            } else if s == partner {
                n += count(returned, Card::CLUB_QUEEN) as isize
                    - count(passed, Card::CLUB_QUEEN) as isize;
            }
        }
        n.max(0) as usize
    };
    let holders: Vec<usize> = active.iter().copied().filter(|&s| dealt(s) > 0).collect();
    let bad = |want: Text| {
        fail(
            None,
            "accepted_by",
            msg!(
                "error.partners_by_queens",
                want = want,
                partner = name(partner)
            ),
        )
    };
    if let Some(&both) = holders.iter().find(|&&s| dealt(s) >= 2 && s != poor) {
        if partner != both {
            return bad(msg!("error.holds_both_partner", player = name(both)));
        }
        return Ok(vec![poor, partner]);
    }
    if dealt(poor) > 0 {
        if let Some(&other) = holders.iter().find(|&&s| s != poor)
            && partner != other
        {
            return bad(msg!(
                "error.poverty_queen_other",
                player = name(poor),
                other = name(other)
            ));
        }
        return Ok(vec![poor, partner]);
    }
    if holders.contains(&partner) {
        return bad(msg!("error.poverty_no_queen", player = name(poor)));
    }
    // The poor player and the partner are the defence; the club queens are Re.
    Ok(holders)
}

/// Number of trumps in a hand under the normal order, as a poverty or redeal counts them.
pub fn trumps_in(hand: &[Card], profile: &Profile, count_diamond_ace: bool) -> usize {
    let order = profile.order(TrumpKind::Normal);
    hand.iter()
        .filter(|&&c| order.is_trump(c) && (count_diamond_ace || c != Card::DIAMOND_ACE))
        .count()
}

/// Checks a poverty's exchange (docs/rules.md §3, 9.10) against the hands as played.
fn check_exchange(
    record: &FullRecord,
    profile: &Profile,
    played: &[Vec<Card>],
) -> Result<(), PlayError> {
    let name = |s: usize| record.players[s].as_str();
    let Some(x) = &record.exchange else {
        return fail(None, "accepted_by", msg!("error.poverty_record_needs"));
    };
    let d = record.declarer.unwrap_or(0);
    if x.partner == d {
        return fail(
            None,
            "accepted_by",
            msg!("error.own_poverty", player = name(d)),
        );
    }
    let Some(before_d) = minus(&played[d], &x.returned).map(|mut h| {
        h.extend(&x.passed);
        h
    }) else {
        return fail(
            None,
            "returned",
            msg!(
                "error.never_plays_returned",
                player = name(d),
                cards = cards_text(&x.returned)
            ),
        );
    };
    // The partner may return cards she was just passed.
    let mut kept_and_returned = played[x.partner].clone();
    kept_and_returned.extend(&x.returned);
    if minus(&kept_and_returned, &x.passed).is_none() {
        return fail(
            None,
            "passed",
            msg!(
                "error.neither_plays_nor_returns",
                player = name(x.partner),
                cards = cards_text(&x.passed)
            ),
        );
    }
    if minus(&before_d, &x.passed).is_none() {
        return fail(
            None,
            "passed",
            msg!(
                "error.did_not_hold",
                player = name(d),
                cards = cards_text(&x.passed)
            ),
        );
    }
    check_passed(record, profile, x, &before_d)
}

/// The poor player held at most the trumps a poverty allows, passed every one of them and
/// as many cards as the profile says; the partner returned what the profile allows.
fn check_passed(
    record: &FullRecord,
    profile: &Profile,
    x: &Exchange,
    before_d: &[Card],
) -> Result<(), PlayError> {
    let name = |s: usize| record.players[s].as_str();
    let d = record.declarer.unwrap_or(0);
    let rules = &profile.poverty;
    let order = profile.order(TrumpKind::Normal);
    let counted = trumps_in(before_d, profile, rules.count_diamond_ace);
    if counted > rules.max_trumps as usize {
        return fail(
            None,
            "contract",
            msg!(
                "error.poverty_too_many_trumps",
                player = name(d),
                trumps = counted,
                max = rules.max_trumps
            ),
        );
    }
    let trumps: Vec<Card> = before_d
        .iter()
        .copied()
        .filter(|&c| order.is_trump(c))
        .collect();
    let passed_trumps = x.passed.iter().filter(|&&c| order.is_trump(c)).count();
    if passed_trumps != trumps.len() {
        return fail(
            None,
            "passed",
            msg!(
                "error.poverty_every_trump",
                player = name(d),
                cards = cards_text(&trumps)
            ),
        );
    }
    let want = if rules.only_trumps {
        trumps.len()
    } else {
        rules.cards as usize
    };
    if x.passed.len() != want || x.returned.len() != x.passed.len() {
        return fail(
            None,
            "passed",
            msg!(
                "error.poverty_counts",
                passed = x.passed.len(),
                returned = x.returned.len(),
                want = want
            ),
        );
    }
    if !rules.return_trumps && x.returned.iter().any(|&c| order.is_trump(c)) {
        return fail(
            None,
            "returned",
            msg!("error.no_trump_return", profile = profile.name),
        );
    }
    Ok(())
}

/// A redeal: no tricks; the claimant's hand must give a reason the profile accepts.
/// Does a hand give its holder a reason to throw it in (`[redeal]`)? Else the counts that
/// do not.
pub fn redeal_reason(hand: &[Card], profile: &Profile) -> Result<(), Text> {
    let r = &profile.redeal;
    let nines = hand
        .iter()
        .filter(|c| c.rank() == Rank::Nine && !c.is_joker())
        .count();
    let kings = hand.iter().filter(|c| c.rank() == Rank::King).count();
    let trumps = trumps_in(hand, profile, true);
    let reason = (r.nines > 0 && nines >= r.nines as usize)
        || (r.kings > 0 && kings >= r.kings as usize)
        || (r.max_trumps >= 0 && trumps <= r.max_trumps as usize);
    if reason {
        Ok(())
    } else {
        Err(msg!(
            "error.redeal_counts",
            nines = nines,
            kings = kings,
            trumps = trumps
        ))
    }
}

fn redeal(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
    roles: Vec<Role>,
) -> Result<DealFacts, PlayError> {
    if !record.tricks.is_empty() {
        return fail(None, "tricks", msg!("error.redeal_no_tricks"));
    }
    let d = record.declarer.unwrap_or(0);
    let name = &record.players[d];
    let Some(Some(hand)) = record.hands.get(d) else {
        return fail(
            None,
            &format!("hands.{name}"),
            msg!("error.redeal_needs_hand", player = name),
        );
    };
    if let Err(why) = redeal_reason(hand, profile) {
        return fail(
            None,
            &format!("hands.{name}"),
            msg!(
                "error.no_redeal_reason",
                why = why,
                player = name,
                profile = profile.name
            ),
        );
    }
    Ok(DealFacts {
        number: record.number,
        contract: Contract::Redeal,
        roles,
        re_eyes: 0,
        kontra_eyes: 0,
        re_tricks: Some(0),
        kontra_tricks: Some(0),
        re_calls: PartyCalls::NONE,
        kontra_calls: PartyCalls::NONE,
        re_extras: Vec::new(),
        kontra_extras: Vec::new(),
        extras_at: Vec::new(),
        bock: record.bock,
        compulsory: record.compulsory,
        forced: false,
        dealer: Some(record.dealer),
        schweinchen: false,
        clarification: 0,
        knock: None,
        note: record.note.clone(),
        bidding: bid_account(record, decided),
    })
}

/// What the profile says of a call's word and moment, apart from its deadline: a wedding's
/// `double` (calls.wedding_double), a call on one's own turn (calls.own_turn).
/// `settled` is the trick after which every player knows her party.
fn check_word_and_turn(
    record: &FullRecord,
    profile: &Profile,
    e: &CallEntry,
    hand: usize,
    settled: usize,
) -> Result<(), Text> {
    let rules = &profile.calls;
    let in_hand = e.cards_in_hand as usize;
    // `double`: Re or Kontra, whichever party the player ends in.
    if e.call == Call::Announce && e.said_as.is_none() {
        let ok = rules.wedding_double
            && record.contract == Contract::Wedding
            && record.declarer != Some(e.player)
            && hand.saturating_sub(in_hand) < settled;
        if !ok {
            return Err(msg!("error.double_only_wedding", profile = profile.name));
        }
    }
    if rules.own_turn && in_hand == 0 {
        return Err(msg!("error.own_turn", player = record.players[e.player]));
    }
    Ok(())
}

/// "no 90 must be said with at least 10 cards in hand; Cara had 9".
fn too_late(call: &str, cards: usize, player: &str, had: usize, late_wedding: bool) -> Text {
    if late_wedding {
        msg!(
            "error.deadline_late_wedding",
            call = call,
            cards = cards,
            player = player,
            had = had
        )
    } else {
        msg!(
            "error.deadline",
            call = call,
            cards = cards,
            player = player,
            had = had
        )
    }
}

/// Checks every call against its deadline (docs/rules.md §5) and returns each party's
/// calls. `clarification` is the trick that settled a wedding (0 for other contracts).
/// A call refused, quoting the call as written.
fn refuse_call<T>(e: &CallEntry, msg: Text) -> Result<T, PlayError> {
    fail(
        None,
        "calls",
        msg!("error.quoted", text = e.text, message = msg),
    )
}

fn check_calls(
    record: &FullRecord,
    profile: &Profile,
    roles: Roles,
    hand: usize,
    contract: Contract,
    clarification: usize,
) -> Result<[PartyCalls; 2], PlayError> {
    let rules = &profile.calls;
    let shift = call_shift(profile, record.contract, clarification);
    // Until this trick is over, players in a wedding may not know their party.
    let settled = if clarification > 0 {
        clarification
    } else {
        profile.contracts.wedding_tricks as usize
    };
    let mut entries: Vec<&CallEntry> = record.calls.iter().chain(roles.bid_calls).collect();
    // Calls may be written in any order; what counts is when they were made.
    entries.sort_by_key(|e| std::cmp::Reverse(e.cards_in_hand));
    let mut calls = [PartyCalls::NONE; 2];
    // Cards played when each party first said Re/Kontra, and the latest deadline of its calls.
    let mut latest_deadline: [Option<usize>; 2] = [None, None];
    // The party said Re/Kontra only as a late reply.
    let mut late_reply = [false; 2];
    // The players of each party who called.
    let mut callers: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let name = |s: usize| record.players[s].as_str();
    for e in entries {
        let bad = |msg: Text| refuse_call(e, msg);
        let played_then = hand.saturating_sub(e.cards_in_hand as usize);
        let Some(party) = roles.at(e.player, played_then).party() else {
            return bad(msg!("error.sits_out", player = name(e.player)));
        };
        let in_hand = e.cards_in_hand as usize;
        if let Err(m) = check_word_and_turn(record, profile, e, hand, settled) {
            return bad(m);
        }
        if e.call.level() >= rules.levels {
            return bad(crate::deal::no_call(profile, e.call, party));
        }
        if let Some(said) = e.said_as
            && said != party
        {
            return bad(msg!(
                "error.plays_for",
                player = name(e.player),
                party = party,
                word = said.key()
            ));
        }
        if in_hand > hand {
            return bad(msg!("error.in_hand", cards = in_hand, hand = hand));
        }
        let played = hand - in_hand;
        if record.contract == Contract::Wedding && rules.wedding_shift && played < clarification {
            return bad(msg!(
                "error.wedding_unsettled",
                trick = clarification,
                cards = hand - clarification
            ));
        }
        let pi = party as usize;
        let from = calls[pi].highest().map_or(0, |h| h.level() + 1);
        for level in from..=e.call.level() {
            let call = Call::from_level(level).unwrap_or(Call::Schwarz);
            let deadline = rules.deadlines[level as usize] as usize + shift;
            let mut ok = played <= deadline;
            if !ok && call == Call::Announce && rules.reply != Reply::None {
                // The reply: one card fewer than the opponents' latest call needed.
                let opp = latest_deadline[party.other() as usize];
                ok = opp.is_some_and(|d| played <= d + 1);
                late_reply[pi] = ok;
            } else if level > 0 && late_reply[pi] && rules.reply == Reply::Announce {
                // TSR 6.5: after a reply that would have been late as an announcement,
                // the party may not make a call of its own.
                return bad(msg!(
                    "error.call_after_late_reply",
                    call = call.to_string(),
                    party = party.title()
                ));
            }
            if !ok {
                let what = if call == Call::Announce {
                    party.title().to_string()
                } else {
                    call.to_string()
                };
                let late_wedding = contract == Contract::Wedding && shift > 0;
                let cards = hand.saturating_sub(deadline);
                return bad(too_late(
                    &what,
                    cards,
                    name(e.player),
                    in_hand,
                    late_wedding,
                ));
            }
            latest_deadline[pi] = Some(deadline);
        }
        // She said Re/Kontra herself: in words, or as the first call of her party.
        if (from == 0 || e.call == Call::Announce) && !callers[pi].contains(&e.player) {
            callers[pi].push(e.player);
        }
        calls[pi].add(e.call);
    }
    for ((c, who), &reply) in calls.iter_mut().zip(&callers).zip(&late_reply) {
        for _ in 1..who.len() {
            c.add_caller();
        }
        if reply {
            c.mark_reply();
        }
    }
    Ok(calls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn profile(sets: &[(&str, &str)]) -> Profile {
        crate::variant::test_profile("ddv", sets)
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
        let mut rng = crate::generate::Rng::new(7);
        (1..5000)
            .map(|n| {
                crate::generate::random_deal(profile, &players[..seats], n % seats, n, &mut rng)
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
        let p = profile(&[("deck.dullen", "\"except-last-trick\"")]);
        assert!(dullen_applies(&p, false));
        assert!(!dullen_applies(&p, true));
        assert!(dullen_applies(&profile(&[("deck.dullen", "\"on\"")]), true));
        assert!(!dullen_applies(&profile(&[]), false));
    }
}
