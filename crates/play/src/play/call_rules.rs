//! Calls: in time (deadlines, replies, a wedding settled late), by a player who may make
//! them, and Zwingen.

use super::{
    Call, CallEntry, Contract, FieldError, FullRecord, PartyCalls, Profile, Role, Roles, Text,
    fail, msg,
};
use crate::machine::calls::{CallAt, CallDeal, CallState, call_shift};
use crate::variant::GenscherParty;

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
pub(super) fn check_zwingen(
    record: &FullRecord,
    profile: &Profile,
    roles: &[Role],
    clarification: usize,
    (winner, eyes): (usize, u16),
) -> Result<(), FieldError> {
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

/// A call refused, quoting the call as written.
pub(super) fn refuse_call<T>(e: &CallEntry, msg: Text) -> Result<T, FieldError> {
    fail(
        None,
        "calls",
        msg!("error.quoted", text = e.text, message = msg),
    )
}

/// A deal's calls (the record's and a winning bid's) in the order they were made: the
/// most cards in hand first, calls made with as many in the order written. A deal's few
/// calls are sorted on the stack; a record of more takes a vector.
struct InOrder<'a> {
    /// The calls of a deal of at most 16, in order in the first `n` slots.
    few: [Option<&'a CallEntry>; 16],
    n: usize,
    /// The calls of a deal of more, in order (`n` is then 0).
    many: Vec<&'a CallEntry>,
}

impl<'a> InOrder<'a> {
    fn new(record: &'a FullRecord, bid_calls: &'a [CallEntry]) -> InOrder<'a> {
        let mut o = InOrder {
            few: [None; 16],
            n: record.calls.len() + bid_calls.len(),
            many: Vec::new(),
        };
        // A winning statement's condition was said in the bidding, before every call
        // of the play (made with as many cards in hand): it comes first.
        let all = bid_calls.iter().chain(&record.calls);
        if o.n <= o.few.len() {
            for (slot, e) in o.few.iter_mut().zip(all) {
                *slot = Some(e);
            }
            o.few[..o.n].sort_by_key(|e| std::cmp::Reverse(e.map_or(0, |e| e.cards_in_hand)));
        } else {
            o.many.extend(all);
            o.many.sort_by_key(|e| std::cmp::Reverse(e.cards_in_hand));
            o.n = 0;
        }
        o
    }

    fn iter(&self) -> impl Iterator<Item = &'a CallEntry> + '_ {
        let few = self.few[..self.n].iter().flatten().copied();
        few.chain(self.many.iter().copied())
    }
}

/// The calls of a deal in which something was said (the record's calls or a winning
/// bid's), each taken in the order made by a [`CallState`]; each party's calls.
pub(super) fn check_calls(
    record: &FullRecord,
    profile: &Profile,
    roles: Roles,
    hand: usize,
    contract: Contract,
    clarification: usize,
) -> Result<[PartyCalls; 2], FieldError> {
    let deal = CallDeal {
        players: &record.players,
        contract: record.contract,
        declarer: record.declarer,
        scored: contract,
        hand,
        clarification,
    };
    // Calls may be written in any order; what counts is when they were made.
    let in_order = InOrder::new(record, roles.bid_calls);
    let mut state = CallState::default();
    let genscher_re =
        profile.contracts.genscher_party == GenscherParty::Re && roles.before.is_some();
    for e in in_order.iter() {
        let played_then = hand.saturating_sub(e.cards_in_hand as usize);
        let Some(party) = roles.at(e, played_then).party() else {
            return refuse_call(
                e,
                msg!("error.sits_out", player = record.players[e.player].as_str()),
            );
        };
        let before = genscher_re && roles.is_before(e, played_then);
        let c = call_at(e);
        let taken = if before {
            let now = roles.now[e.player].party();
            state.take_before_genscher(&deal, profile, c, party, now)
        } else {
            state.take(&deal, profile, c, party, genscher_re)
        };
        if let Err(m) = taken {
            return refuse_call(e, m.text(&deal, profile));
        }
    }
    Ok(state.finish())
}

/// A record's call entry as the rules read it.
pub fn call_at(e: &CallEntry) -> CallAt {
    CallAt {
        player: e.player,
        call: e.call,
        said_as: e.said_as,
        in_hand: e.cards_in_hand,
        before: e.before.map(|b| b.seat),
    }
}
