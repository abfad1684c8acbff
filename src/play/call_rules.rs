//! Calls: in time (deadlines, replies, a wedding settled late), by a player who may make
//! them, and Zwingen.

use super::*;
use crate::variant::GenscherParty;

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

/// What the profile says of a call's word and moment, apart from its deadline: a wedding's
/// `double` (calls.wedding_double), a call on one's own turn (calls.own_turn).
/// `settled` is the trick after which every player knows her party.
fn check_word_and_turn(
    deal: &CallDeal,
    profile: &Profile,
    e: &CallEntry,
    settled: usize,
) -> Result<(), Text> {
    let rules = &profile.calls;
    let in_hand = e.cards_in_hand as usize;
    // `double`: Re or Kontra, whichever party the player ends in.
    if e.call == Call::Announce && e.said_as.is_none() {
        let ok = rules.wedding_double
            && deal.contract == Contract::Wedding
            && deal.declarer != Some(e.player)
            && deal.hand.saturating_sub(in_hand) < settled;
        if !ok {
            return Err(msg!("error.double_only_wedding", profile = profile.name));
        }
    }
    // On one's own turn: with a card left, and where the record places the call inside a
    // trick, just before one's own card.
    if rules.own_turn && in_hand == 0 {
        return Err(msg!("error.own_turn", player = deal.players[e.player]));
    }
    if let Some(b) = e.before.filter(|b| rules.own_turn && b.seat != e.player) {
        return Err(msg!(
            "error.own_turn_before",
            player = deal.players[e.player],
            other = deal.players[b.seat]
        ));
    }
    Ok(())
}

/// "no 90 must be said with at least 10 cards in hand; Cara had 9".
pub(super) fn too_late(
    call: &str,
    cards: usize,
    player: &str,
    had: usize,
    late_wedding: bool,
) -> Text {
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
pub(super) fn refuse_call<T>(e: &CallEntry, msg: Text) -> Result<T, FieldError> {
    fail(
        None,
        "calls",
        msg!("error.quoted", text = e.text, message = msg),
    )
}

/// Notes `e` as its player's call; refuses it where she said it, or a higher call, before.
fn said_once(
    own: &mut [Option<Call>],
    e: &CallEntry,
    party: Party,
    player: &str,
) -> Result<(), Text> {
    let Some(slot) = own.get_mut(e.player) else {
        return Ok(());
    };
    if let Some(before) = *slot
        && e.call.level() <= before.level()
    {
        return Err(msg!(
            "error.call_again",
            player = player,
            call = e.call.word(party),
            before = before.word(party)
        ));
    }
    *slot = Some(e.call);
    Ok(())
}

/// A call too late: "no 90 must be said with at least 10 cards in hand; Cara had 9"
/// (Re/Kontra by the party's name).
fn late_call(
    party: Party,
    call: Call,
    cards: usize,
    (player, had): (&str, usize),
    late_wedding: bool,
) -> Text {
    let what = if call == Call::Announce {
        party.title().to_string()
    } else {
        call.to_string()
    };
    too_late(&what, cards, player, had, late_wedding)
}

/// `calls.further_only_first_no90`: the party that says no 90 first is noted; a no 60,
/// no 30 or schwarz of the other party is refused, with the rule's words.
pub(crate) fn further_calls(
    profile: &Profile,
    first: &mut Option<Party>,
    party: Party,
    call: Call,
) -> Result<(), Text> {
    if !profile.calls.further_only_first_no90 || call.level() < 1 {
        return Ok(());
    }
    let first = *first.get_or_insert(party);
    if call.level() >= 2 && first != party {
        return Err(msg!(
            "error.further_only_first_no90",
            party = party.title(),
            call = call.to_string(),
            first = first.title()
        ));
    }
    Ok(())
}

/// What a call must be apart from its deadline: a level the profile plays, a word naming
/// the caller's own party, no more cards than a hand, not before a wedding is settled
/// where calls wait for it.
fn check_entry(
    deal: &CallDeal,
    profile: &Profile,
    e: &CallEntry,
    party: Party,
) -> Result<(), Text> {
    let rules = &profile.calls;
    if e.call.level() >= rules.levels {
        return Err(crate::play::no_call(profile, e.call, party));
    }
    if let Some(said) = e.said_as
        && said != party
    {
        return Err(msg!(
            "error.plays_for",
            player = deal.players[e.player].as_str(),
            party = party,
            word = said.key()
        ));
    }
    let (hand, clarification) = (deal.hand, deal.clarification);
    let in_hand = e.cards_in_hand as usize;
    if in_hand > hand {
        return Err(msg!("error.in_hand", cards = in_hand, hand = hand));
    }
    let played = hand - in_hand;
    if deal.contract == Contract::Wedding && rules.wedding_shift && played < clarification {
        return Err(msg!(
            "error.wedding_unsettled",
            trick = clarification,
            cards = hand - clarification
        ));
    }
    Ok(())
}

/// A call made before FreeDoko's Genscher, judged by its own deadline (a Re/Kontra also
/// as a reply where the profile has replies); the rest of it is [`check_entry`]'s.
fn in_time_alone(
    profile: &Profile,
    e: &CallEntry,
    player: &str,
    hand: usize,
    shift: usize,
) -> Result<(), Text> {
    let rules = &profile.calls;
    let in_hand = e.cards_in_hand as usize;
    let deadline = rules.deadlines[e.call.level() as usize] as usize + shift;
    let reply = e.call == Call::Announce && rules.reply != Reply::None;
    if hand - in_hand > deadline + usize::from(reply) {
        return Err(too_late(
            &e.call.to_string(),
            hand.saturating_sub(deadline),
            player,
            in_hand,
            false,
        ));
    }
    Ok(())
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

/// What the rules of calls read of a deal besides its calls.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CallDeal<'a> {
    /// The seats' names (for messages).
    pub(crate) players: &'a [String],
    /// The contract as declared (a wedding moves deadlines, a `double` needs one).
    pub(crate) contract: Contract,
    /// Its declarer (a bride says no `double`).
    pub(crate) declarer: Option<usize>,
    /// The contract scored (a wedding found or not), for the wording of a late call.
    pub(crate) scored: Contract,
    /// Cards in a hand.
    pub(crate) hand: usize,
    /// The trick that settled a wedding (0 in other contracts, and before it is settled).
    pub(crate) clarification: usize,
}

/// When a call comes ([`CallState::timing`]).
enum Timing {
    /// By its deadline.
    InTime,
    /// Past it, a Re or Kontra as a reply: in time as one (true) or not.
    Reply(bool),
    /// A party's own call after its late reply, which the TSR forbids.
    AfterLateReply,
    /// Past its deadline.
    Late,
}

/// The calls of a deal as they are made, one at a time: what each party has said, the
/// deadlines it has reached, who said Re or Kontra, a late reply. The one place the rules
/// of calls are kept: the check of a record feeds it the record's calls in the order made
/// ([`check_calls`]), a deal played step by step asks it which calls a player may make now
/// ([`CallState::allows`]).
#[derive(Debug, Clone)]
pub(crate) struct CallState {
    calls: [PartyCalls; 2],
    /// The latest deadline each party's calls reached (cards played).
    latest_deadline: [Option<usize>; 2],
    /// The party said Re/Kontra only as a late reply.
    late_reply: [bool; 2],
    /// The players of each party who said Re or Kontra (a bit a seat).
    callers: [u64; 2],
    /// Each player's highest call so far: saying it (or a lower one) again says nothing.
    own: [Option<Call>; MAX_SEATS],
    /// The party that said no 90 first (`calls.further_only_first_no90`).
    first_no90: Option<Party>,
}

impl Default for CallState {
    fn default() -> CallState {
        CallState {
            calls: [PartyCalls::NONE; 2],
            latest_deadline: [None; 2],
            late_reply: [false; 2],
            callers: [0; 2],
            own: [None; MAX_SEATS],
            first_no90: None,
        }
    }
}

fn bit(seat: usize) -> u64 {
    1u64 << (seat % 64)
}

impl CallState {
    /// A call made before FreeDoko's Genscher by a player of `party` then (`now`: her
    /// party after it): in time for the party of then, it counts as Re or Kontra for her
    /// party now.
    pub(crate) fn take_before_genscher(
        &mut self,
        deal: &CallDeal,
        profile: &Profile,
        e: &CallEntry,
        party: Party,
        now: Option<Party>,
    ) -> Result<(), Text> {
        let name = deal.players[e.player].as_str();
        let shift = call_shift(profile, deal.contract, deal.clarification);
        check_entry(deal, profile, e, party)
            .and_then(|()| in_time_alone(profile, e, name, deal.hand, shift))
            .and_then(|()| said_once(&mut self.own, e, party, name))?;
        if let Some(pi) = now.map(|p| p as usize) {
            if self.calls[pi].highest().is_none() {
                self.calls[pi].add(Call::Announce);
                self.latest_deadline[pi] = Some(profile.calls.deadlines[0] as usize + shift);
            }
            self.callers[pi] |= bit(e.player);
        }
        Ok(())
    }

    /// Takes the call `e` of a player of `party` (`after_genscher`: made after FreeDoko's
    /// Genscher changed the parties), or says why the rules refuse it; a call refused
    /// leaves the state as it was only where the caller keeps a copy
    /// ([`CallState::allows`]).
    pub(crate) fn take(
        &mut self,
        deal: &CallDeal,
        profile: &Profile,
        e: &CallEntry,
        party: Party,
        after_genscher: bool,
    ) -> Result<(), Text> {
        let rules = &profile.calls;
        let hand = deal.hand;
        let shift = call_shift(profile, deal.contract, deal.clarification);
        // Until this trick is over, players in a wedding may not know their party.
        let settled = if deal.clarification > 0 {
            deal.clarification
        } else {
            profile.contracts.wedding_tricks as usize
        };
        let name = deal.players[e.player].as_str();
        let in_hand = e.cards_in_hand as usize;
        said_once(&mut self.own, e, party, name)
            .and_then(|()| check_word_and_turn(deal, profile, e, settled))?;
        check_entry(deal, profile, e, party)?;
        let played = hand - in_hand;
        let pi = party as usize;
        let from = self.next_level(party);
        for level in from..=e.call.level() {
            let call = Call::from_level(level).unwrap_or(Call::Schwarz);
            further_calls(profile, &mut self.first_no90, party, call)?;
            let deadline = rules.deadlines[level as usize] as usize + shift;
            // After FreeDoko's Genscher the new parties had no time for the lower calls:
            // a call is judged by its own deadline (as FreeDoko judges every call).
            let lenient = after_genscher && level < e.call.level();
            let ok = match self.timing(profile, shift, party, level, played) {
                Timing::AfterLateReply => {
                    // TSR 6.5: after a reply that would have been late as an
                    // announcement, the party may not make a call of its own.
                    return Err(msg!(
                        "error.call_after_late_reply",
                        call = call.to_string(),
                        party = party.title()
                    ));
                }
                Timing::InTime => true,
                _ if lenient => true,
                Timing::Reply(in_time) => {
                    self.late_reply[pi] = in_time;
                    in_time
                }
                Timing::Late => false,
            };
            if !ok {
                let late_wedding = deal.scored == Contract::Wedding && shift > 0;
                return Err(late_call(
                    party,
                    call,
                    hand.saturating_sub(deadline),
                    (name, in_hand),
                    late_wedding,
                ));
            }
            self.latest_deadline[pi] = Some(deadline);
        }
        // She said Re/Kontra herself: in words, or as the first call of her party.
        if from == 0 || e.call == Call::Announce {
            self.callers[pi] |= bit(e.player);
        }
        self.calls[pi].add(e.call);
        Ok(())
    }

    /// Whether a call of `level` by a player of `party` with `played` cards played is in
    /// time (`shift`: how far a wedding moved the deadlines): a call beyond Re or Kontra
    /// after the party's late reply is refused under the TSR whenever it comes; else by its
    /// deadline; where that is past, a Re or Kontra as a reply (one card after the
    /// opponents' latest deadline; `Reply(false)` where it is late even so); else late.
    /// The one place of the deadlines, for a record's calls ([`take`]) and a random
    /// deal's ([`CallState::next_in_time`]).
    ///
    /// [`take`]: CallState::take
    fn timing(
        &self,
        profile: &Profile,
        shift: usize,
        party: Party,
        level: u8,
        played: usize,
    ) -> Timing {
        let rules = &profile.calls;
        let deadline = rules.deadlines[level as usize] as usize + shift;
        if level > 0 && self.late_reply[party as usize] && rules.reply == Reply::Announce {
            Timing::AfterLateReply
        } else if played <= deadline {
            Timing::InTime
        } else if level == 0 && rules.reply != Reply::None {
            let opp = self.latest_deadline[party.other() as usize];
            Timing::Reply(opp.is_some_and(|d| played <= d + 1))
        } else {
            Timing::Late
        }
    }

    /// Would the rules take `party`'s next call (one above its highest) from a player who
    /// has played `played` cards, in time (as a reply too where `replies`) and where the
    /// party may go on (`calls.further_only_first_no90`)? The cheap question a random deal
    /// asks before it makes a call ([`CallState::take_next`] then takes it).
    pub(crate) fn next_in_time(
        &self,
        profile: &Profile,
        (shift, replies): (usize, bool),
        party: Party,
        played: usize,
    ) -> bool {
        let level = self.next_level(party);
        let Some(call) = Call::from_level(level).filter(|_| level < profile.calls.levels) else {
            return false;
        };
        let mut first = self.first_no90;
        further_calls(profile, &mut first, party, call).is_ok()
            && match self.timing(profile, shift, party, level, played) {
                Timing::InTime => true,
                Timing::Reply(in_time) => in_time && replies,
                _ => false,
            }
    }

    /// Takes `party`'s next call (one above its highest) by `seat`, who has played
    /// `played` cards, where [`CallState::next_in_time`] said the rules take it: what
    /// [`CallState::take`] would note of it, without checking again.
    pub(crate) fn take_next(
        &mut self,
        profile: &Profile,
        shift: usize,
        party: Party,
        seat: usize,
        played: usize,
    ) -> Call {
        let pi = party as usize;
        let level = self.next_level(party);
        let call = Call::from_level(level).unwrap_or(Call::Schwarz);
        let _ = further_calls(profile, &mut self.first_no90, party, call);
        if let Timing::Reply(true) = self.timing(profile, shift, party, level, played) {
            self.late_reply[pi] = true;
        }
        self.latest_deadline[pi] = Some(profile.calls.deadlines[level as usize] as usize + shift);
        if level == 0 {
            self.callers[pi] |= bit(seat);
        }
        if let Some(own) = self.own.get_mut(seat) {
            *own = Some(call);
        }
        self.calls[pi].add(call);
        call
    }

    /// Would the rules take `e` of a player of `party` now (nothing is changed;
    /// `after_genscher` as for [`CallState::take`])?
    pub(crate) fn allows(
        &self,
        deal: &CallDeal,
        profile: &Profile,
        e: &CallEntry,
        (party, after_genscher): (Party, bool),
    ) -> bool {
        self.clone()
            .take(deal, profile, e, party, after_genscher)
            .is_ok()
    }

    /// The highest call of `party` so far.
    pub(crate) fn highest(&self, party: Party) -> Option<Call> {
        self.calls[party as usize].highest()
    }

    /// The level of `party`'s next call (0, Re or Kontra, where it said none).
    pub(crate) fn next_level(&self, party: Party) -> u8 {
        self.highest(party).map_or(0, |c| c.level() + 1)
    }

    /// Each party's calls, its callers counted and a late reply marked.
    pub(crate) fn finish(mut self) -> [PartyCalls; 2] {
        for ((c, who), &reply) in self
            .calls
            .iter_mut()
            .zip(&self.callers)
            .zip(&self.late_reply)
        {
            for _ in 1..who.count_ones() {
                c.add_caller();
            }
            if reply {
                c.mark_reply();
            }
        }
        self.calls
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
        let taken = if before {
            let now = roles.now[e.player].party();
            state.take_before_genscher(&deal, profile, e, party, now)
        } else {
            state.take(&deal, profile, e, party, genscher_re)
        };
        if let Err(m) = taken {
            return refuse_call(e, m);
        }
    }
    Ok(state.finish())
}
