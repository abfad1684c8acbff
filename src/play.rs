//! Trick play over a full record: who leads, legal cards, who wins each trick, eyes,
//! parties and the derived extras; calls checked against their deadlines.
//!
//! Hands need not be written down: a player's hand is the cards they play, so following
//! suit can be checked from the tricks alone. Hands that are written must match the play.

use crate::calls::{Call, PartyCalls};
use crate::cards::{Card, CardOrder, PlaySuit, Suit};
use crate::contract::{Contract, Party};
use crate::deal::{DealFacts, Role};
use crate::extras::Extra;
use crate::variant::{Profile, Reply};

/// A deal written card by card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullRecord {
    pub number: usize,
    /// Seat names in clockwise order.
    pub players: Vec<String>,
    pub dealer: usize,
    pub contract: Contract,
    pub declarer: Option<usize>,
    /// A compulsory solo (Pflichtsolo).
    pub compulsory: bool,
    /// Hands as dealt, where written (one entry per seat).
    pub hands: Vec<Option<Vec<Card>>>,
    pub calls: Vec<CallEntry>,
    /// Cards of each trick in play order, each with the player the record names, if any.
    pub tricks: Vec<Vec<(Option<usize>, Card)>>,
    pub bock: Option<u32>,
    pub note: Option<String>,
}

/// One call: `<player> <call> <cards still in hand>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallEntry {
    pub player: usize,
    pub call: Call,
    /// The party named by the word (`re` or `kontra`), if it names one.
    pub said_as: Option<Party>,
    pub cards_in_hand: u8,
    /// The entry as written, for messages.
    pub text: String,
}

/// Why a full record is not a legal deal. `trick` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    pub trick: Option<usize>,
    pub field: String,
    pub message: String,
}

fn fail<T>(trick: Option<usize>, field: &str, message: String) -> Result<T, PlayError> {
    Err(PlayError {
        trick,
        field: field.to_string(),
        message,
    })
}

/// One trick as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trick {
    /// (seat, card) in play order.
    pub cards: Vec<(usize, Card)>,
    pub winner: usize,
}

impl Trick {
    pub fn eyes(&self) -> u16 {
        self.cards.iter().map(|(_, c)| c.eyes()).sum()
    }
}

/// Plays a full record through and returns the facts it establishes.
pub fn play(record: &FullRecord, profile: &Profile) -> Result<DealFacts, PlayError> {
    let n = profile.deck.players as usize;
    let seats = record.players.len();
    if seats != n && seats != n + 1 {
        return fail(
            None,
            "players",
            format!("{seats} players at the table; {n} or {} expected", n + 1),
        );
    }
    if !profile.allows(record.contract) {
        return fail(
            None,
            "contract",
            format!(
                "contract {} is not played under profile {}",
                record.contract, profile.name
            ),
        );
    }
    // Players who get cards, clockwise from the dealer's left; the dealer sits out at a
    // table of n + 1.
    let active: Vec<usize> = (1..=seats)
        .map(|k| (record.dealer + k) % seats)
        .filter(|&s| !(seats == n + 1 && s == record.dealer))
        .collect();
    let mut roles = vec![Role::Out; seats];
    for &s in &active {
        roles[s] = Role::Kontra;
    }
    let name = |s: usize| record.players[s].as_str();
    if let Some(d) = record.declarer
        && roles[d] == Role::Out
    {
        return fail(
            None,
            "declarer",
            format!("{} sits out this deal and cannot declare", name(d)),
        );
    }
    if record.contract == Contract::Redeal {
        if !record.tricks.is_empty() {
            return fail(None, "tricks", "a redeal has no tricks".into());
        }
        return Ok(facts(
            record,
            roles,
            0,
            0,
            Some(0),
            Some(0),
            [PartyCalls::NONE; 2],
            [vec![], vec![]],
        ));
    }

    let needs_declarer = record.contract.is_declared_solo() || record.compulsory;
    if needs_declarer && record.declarer.is_none() {
        return fail(
            None,
            "declarer",
            format!("a {} needs its declarer", record.contract),
        );
    }

    let hand = profile.hand_size();
    for (s, h) in record.hands.iter().enumerate() {
        if let Some(h) = h {
            if roles[s] == Role::Out {
                return fail(
                    None,
                    &format!("hands.{}", name(s)),
                    format!("{} sits out and has no hand", name(s)),
                );
            }
            if h.len() != hand {
                return fail(
                    None,
                    &format!("hands.{}", name(s)),
                    format!("{} cards in {}'s hand; a hand has {hand}", h.len(), name(s)),
                );
            }
        }
    }
    if record.tricks.len() != hand {
        return fail(
            None,
            "tricks",
            format!("{} tricks; a deal has {hand}", record.tricks.len()),
        );
    }

    let order = CardOrder::new(record.contract.trump_kind(), &profile.deck.trumps);
    let deck = profile.deck();
    let mut leader = match record.declarer {
        Some(d) if record.compulsory && profile.contracts.compulsory_solo_leads => d,
        _ => active[0],
    };

    // Pass 1: seats, copies, hands, winners.
    let mut count = [0u8; crate::cards::DISTINCT];
    let mut remaining: Vec<Option<Vec<Card>>> = record.hands.clone();
    remaining.resize(seats, None);
    let mut played: Vec<Vec<Card>> = vec![Vec::with_capacity(hand); seats];
    let mut tricks: Vec<Trick> = Vec::with_capacity(hand);
    for (t, written) in record.tricks.iter().enumerate() {
        let at = Some(t + 1);
        if written.len() != n {
            return fail(
                at,
                "tricks",
                format!("{} cards in the trick; {n} expected", written.len()),
            );
        }
        let lead_pos = active.iter().position(|&s| s == leader).unwrap_or(0);
        let mut cards = Vec::with_capacity(n);
        for (j, &(named, card)) in written.iter().enumerate() {
            let seat = active[(lead_pos + j) % n];
            if let Some(named) = named
                && named != seat
            {
                let why = if j == 0 {
                    match tricks.last() {
                        None => format!("{} leads trick 1", name(seat)),
                        Some(_) => format!("{} won trick {t} and leads", name(seat)),
                    }
                } else {
                    format!("{} plays card {} of the trick", name(seat), j + 1)
                };
                return fail(at, "tricks", format!("{why}, not {}", name(named)));
            }
            if !deck.contains(card) {
                return fail(
                    at,
                    "tricks",
                    format!("{card} is not in the deck of profile {}", profile.name),
                );
            }
            count[card.index()] += 1;
            if count[card.index()] > deck.copies() {
                return fail(
                    at,
                    "tricks",
                    format!(
                        "{card} played a {} time; the deck has {} of it",
                        ordinal(count[card.index()]),
                        deck.copies()
                    ),
                );
            }
            if let Some(h) = &mut remaining[seat] {
                match h.iter().position(|&c| c == card) {
                    Some(i) => {
                        h.swap_remove(i);
                    }
                    None => {
                        return fail(
                            at,
                            "tricks",
                            format!("{} plays {card}, which is not in their hand", name(seat)),
                        );
                    }
                }
            }
            played[seat].push(card);
            cards.push((seat, card));
        }
        let only: Vec<Card> = cards.iter().map(|(_, c)| *c).collect();
        let winner = cards[order.trick_winner(&only)].0;
        tricks.push(Trick { cards, winner });
        leader = winner;
    }

    // Pass 2: following suit. A player's hand at trick t is what they play from t on.
    for (t, trick) in tricks.iter().enumerate() {
        let led = order.play_suit(trick.cards[0].1);
        for &(seat, card) in &trick.cards[1..] {
            if order.play_suit(card) == led {
                continue;
            }
            if let Some(held) = played[seat][t + 1..]
                .iter()
                .find(|&&c| order.play_suit(c) == led)
            {
                return fail(
                    Some(t + 1),
                    "tricks",
                    format!(
                        "revoke: {} plays {card} on a {led} lead but holds {held}",
                        name(seat)
                    ),
                );
            }
        }
    }

    // Parties.
    let club_queens = |s: usize| played[s].iter().filter(|&&c| c == Card::CLUB_QUEEN).count();
    let all_queens = profile.deck.copies as usize;
    let bride = active
        .iter()
        .copied()
        .find(|&s| club_queens(s) == all_queens);
    let mut contract = record.contract;
    let mut clarification = 0usize; // the trick after which a wedding's parties are known
    let mut re: Vec<usize> = Vec::new();
    match record.contract {
        Contract::Normal => match bride {
            Some(b) => {
                if !profile.allows(Contract::SilentSolo) {
                    return fail(
                        None,
                        "contract",
                        format!(
                            "{} holds both ♣Q: a silent solo, which profile {} does not play",
                            name(b),
                            profile.name
                        ),
                    );
                }
                contract = Contract::SilentSolo;
                re.push(b);
            }
            None => re.extend(active.iter().copied().filter(|&s| club_queens(s) > 0)),
        },
        Contract::SilentSolo | Contract::Wedding => {
            let Some(b) = bride else {
                return fail(
                    None,
                    "contract",
                    format!("a {} needs both ♣Q in one hand", record.contract),
                );
            };
            if let Some(d) = record.declarer
                && d != b
            {
                return fail(
                    None,
                    "declarer",
                    format!("{} declares, but {} holds both ♣Q", name(d), name(b)),
                );
            }
            re.push(b);
            if record.contract == Contract::Wedding {
                let within = (profile.contracts.wedding_tricks as usize).min(hand);
                clarification = within;
                if let Some(t) = tricks[..within].iter().position(|tr| tr.winner != b) {
                    re.push(tricks[t].winner);
                    clarification = t + 1;
                }
            }
        }
        Contract::Poverty => {
            return fail(
                None,
                "contract",
                "full records of a poverty need the exchanged cards; score it as a summary".into(),
            );
        }
        Contract::Solo(_) | Contract::Misere => re.push(record.declarer.unwrap_or(active[0])),
        Contract::Redeal => {}
    }
    for &s in &re {
        roles[s] = Role::Re;
    }
    let party_of = |s: usize| roles[s].party().unwrap_or(Party::Kontra);

    // Eyes, tricks, extras.
    let mut eyes = [0u16; 2];
    let mut won = [0u8; 2];
    let mut extras: [Vec<Extra>; 2] = [Vec::new(), Vec::new()];
    let normal_trumps = contract.trump_kind() == crate::cards::TrumpKind::Normal;
    let last = tricks.len() - 1;
    for (t, trick) in tricks.iter().enumerate() {
        let w = party_of(trick.winner);
        let wi = w as usize;
        eyes[wi] += trick.eyes();
        won[wi] += 1;
        if trick.eyes() >= profile.extras.doppelkopf_eyes {
            extras[wi].push(Extra::Doppelkopf);
        }
        if trick
            .cards
            .iter()
            .all(|&(_, c)| order.play_suit(c) == PlaySuit::Side(Suit::Hearts))
        {
            extras[wi].push(Extra::HeartTrick);
        }
        for &(seat, card) in &trick.cards {
            if party_of(seat) == w {
                continue;
            }
            if normal_trumps && card == Card::DIAMOND_ACE {
                extras[wi].push(Extra::Fox);
                if t == last {
                    extras[wi].push(Extra::FoxLastTrick);
                }
            }
            if card == Card::HEART_TEN && order.is_trump(card) {
                extras[wi].push(Extra::DulleCaught);
            }
            if normal_trumps && t == last && card == Card::CLUB_JACK {
                extras[wi].push(Extra::KarlchenCaught);
            }
        }
        if normal_trumps && t == last {
            let top = trick
                .cards
                .iter()
                .find(|(s, _)| *s == trick.winner)
                .map(|(_, c)| *c);
            if top == Some(Card::CLUB_JACK) {
                extras[wi].push(Extra::Karlchen);
            }
        }
    }

    let calls = check_calls(record, profile, &roles, hand, contract, clarification)?;
    Ok(facts(
        record,
        roles,
        eyes[0],
        eyes[1],
        Some(won[0]),
        Some(won[1]),
        calls,
        extras,
    )
    .with_contract(contract))
}

#[allow(clippy::too_many_arguments)]
fn facts(
    record: &FullRecord,
    roles: Vec<Role>,
    re_eyes: u16,
    kontra_eyes: u16,
    re_tricks: Option<u8>,
    kontra_tricks: Option<u8>,
    calls: [PartyCalls; 2],
    extras: [Vec<Extra>; 2],
) -> DealFacts {
    let [re_extras, kontra_extras] = extras;
    DealFacts {
        number: record.number,
        contract: record.contract,
        roles,
        re_eyes,
        kontra_eyes,
        re_tricks,
        kontra_tricks,
        re_calls: calls[0],
        kontra_calls: calls[1],
        re_extras,
        kontra_extras,
        bock: record.bock,
        note: record.note.clone(),
    }
}

impl DealFacts {
    fn with_contract(mut self, contract: Contract) -> DealFacts {
        self.contract = contract;
        self
    }
}

/// Checks every call against its deadline (`rules.md` section 5) and returns each party's
/// calls. `clarification` is the trick that settled a wedding (0 for other contracts).
fn check_calls(
    record: &FullRecord,
    profile: &Profile,
    roles: &[Role],
    hand: usize,
    contract: Contract,
    clarification: usize,
) -> Result<[PartyCalls; 2], PlayError> {
    let rules = &profile.calls;
    let shift = if record.contract == Contract::Wedding && rules.wedding_shift {
        clarification.saturating_sub(1)
    } else {
        0
    };
    let mut entries: Vec<&CallEntry> = record.calls.iter().collect();
    // Calls may be written in any order; what counts is when they were made.
    entries.sort_by_key(|e| std::cmp::Reverse(e.cards_in_hand));
    let mut calls = [PartyCalls::NONE; 2];
    // Cards played when each party first said Re/Kontra, and the latest deadline of its calls.
    let mut latest_deadline: [Option<usize>; 2] = [None, None];
    let name = |s: usize| record.players[s].as_str();
    for e in entries {
        let bad = |msg: String| fail(None, "calls", format!("`{}`: {msg}", e.text));
        let Some(party) = roles[e.player].party() else {
            return bad(format!("{} sits out this deal", name(e.player)));
        };
        if let Some(said) = e.said_as
            && said != party
        {
            return bad(format!(
                "{} plays for {party} and cannot say {}",
                name(e.player),
                said.key()
            ));
        }
        let in_hand = e.cards_in_hand as usize;
        if in_hand > hand {
            return bad(format!("{in_hand} cards in hand; a hand has {hand}"));
        }
        let played = hand - in_hand;
        if record.contract == Contract::Wedding && rules.wedding_shift && played < clarification {
            return bad(format!(
                "no call before the wedding is settled by trick {clarification} ({} cards in hand at most)",
                hand - clarification
            ));
        }
        let pi = party as usize;
        let from = calls[pi].highest().map_or(0, |h| h.level() + 1);
        for level in from..=e.call.level() {
            let call = Call::from_level(level).unwrap_or(Call::Schwarz);
            let deadline = rules.deadlines[level as usize] as usize + shift;
            let mut ok = played <= deadline;
            if !ok && call == Call::Announce {
                let opp = latest_deadline[party.other() as usize];
                let answer = match rules.reply {
                    Reply::None => None,
                    Reply::Announce => opp.map(|_| rules.deadlines[0] as usize + shift + 1),
                    Reply::Latest => opp.map(|d| d + 1),
                };
                ok = answer.is_some_and(|a| played <= a);
            }
            if !ok {
                let what = if call == Call::Announce {
                    party.title().to_string()
                } else {
                    call.to_string()
                };
                return bad(format!(
                    "{what} must be said with at least {} cards in hand{}; {} had {in_hand}",
                    hand.saturating_sub(deadline),
                    if contract == Contract::Wedding && shift > 0 {
                        " (wedding settled late)"
                    } else {
                        ""
                    },
                    name(e.player)
                ));
            }
            latest_deadline[pi] = Some(deadline);
        }
        calls[pi].add(e.call);
    }
    Ok(calls)
}

fn ordinal(n: u8) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("{n}th"),
    }
}
