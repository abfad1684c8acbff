//! The rules of calls, kept as a value: what each party has said, the deadlines it reached,
//! who said Re or Kontra, a late reply. The one place they are decided: a record's calls
//! are fed to it in the order made (`play::check_calls`), a game played step by step asks it
//! which calls a player may make now ([`CallState::allows`]), the generator which call
//! comes next ([`CallState::next_in_time`]). Nothing here allocates: a refusal is a
//! [`CallRefusal`], worded only when it is shown ([`CallRefusal::text`]).

use crate::calls::{Call, PartyCalls};
use crate::contract::{Contract, Party};
use crate::lang::Text;
use crate::msg;
use crate::seating::MAX_SEATS;
use crate::variant::{Profile, Reply};

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

/// What the rules of calls read of a deal besides its calls.
#[derive(Debug, Clone, Copy)]
pub struct CallDeal<'a> {
    /// The seats' names (for messages).
    pub players: &'a [String],
    /// The contract as declared (a wedding moves deadlines, a `double` needs one).
    pub contract: Contract,
    /// Its declarer (a bride says no `double`).
    pub declarer: Option<usize>,
    /// The contract scored (a wedding found or not), for the wording of a late call.
    pub scored: Contract,
    /// Cards in a hand.
    pub hand: usize,
    /// The trick that settled a wedding (0 in other contracts, and before it is settled).
    pub clarification: usize,
}

/// A call as the rules read it: who, what, the word's party, her cards in hand, and the
/// seat whose card it came just before (where a record places it inside a trick).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallAt {
    pub player: usize,
    pub call: Call,
    pub said_as: Option<Party>,
    pub in_hand: u8,
    pub before: Option<usize>,
}

impl CallAt {
    /// The call of `level` that `player` of `party` would make now, before her card, with
    /// `in_hand` cards: her Re or Kontra said as her party's word.
    pub fn now(player: usize, level: u8, in_hand: u8, party: Party) -> CallAt {
        let call = Call::from_level(level).unwrap_or(Call::Schwarz);
        CallAt {
            player,
            call,
            said_as: (call == Call::Announce).then_some(party),
            in_hand,
            before: None,
        }
    }
}

/// Why the rules of calls refuse a call: a small value, worded by [`CallRefusal::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallRefusal {
    /// She said this call, or a higher one, before.
    Again {
        player: usize,
        call: Call,
        before: Call,
        party: Party,
    },
    /// A `double` where the profile or the deal has none.
    DoubleOnlyWedding,
    /// On one's own turn, with no card left.
    OwnTurn { player: usize },
    /// On one's own turn, not before another's card.
    OwnTurnBefore { player: usize, other: usize },
    /// A level the profile does not play.
    NoSuchCall { call: Call, party: Party },
    /// A word naming the other party.
    PlaysFor {
        player: usize,
        party: Party,
        word: Party,
    },
    /// More cards in hand than a hand holds.
    InHand { cards: u8 },
    /// Before the wedding is settled, where calls wait for it.
    WeddingUnsettled,
    /// A further call of the party that did not say no 90 first.
    FurtherOnlyFirstNo90 {
        party: Party,
        call: Call,
        first: Party,
    },
    /// A call of the party's own after its late reply (TSR 6.5).
    AfterLateReply { call: Call, party: Party },
    /// Past its deadline; `alone`: judged by its own deadline (before a Genscher).
    Late {
        player: usize,
        call: Call,
        party: Party,
        in_hand: u8,
        deadline: usize,
        alone: bool,
    },
}

impl CallRefusal {
    /// The words of the refusal.
    #[cold]
    pub fn text(self, deal: &CallDeal, profile: &Profile) -> Text {
        let name = |s: usize| deal.players.get(s).map_or("?", String::as_str);
        match self {
            CallRefusal::Again {
                player,
                call,
                before,
                party,
            } => msg!(
                "error.call_again",
                player = name(player),
                call = call.word(party),
                before = before.word(party)
            ),
            CallRefusal::DoubleOnlyWedding => {
                msg!("error.double_only_wedding", profile = profile.name)
            }
            CallRefusal::OwnTurn { player } => msg!("error.own_turn", player = name(player)),
            CallRefusal::OwnTurnBefore { player, other } => msg!(
                "error.own_turn_before",
                player = name(player),
                other = name(other)
            ),
            CallRefusal::NoSuchCall { call, party } => no_call(profile, call, party),
            CallRefusal::PlaysFor {
                player,
                party,
                word,
            } => msg!(
                "error.plays_for",
                player = name(player),
                party = party,
                word = word.key()
            ),
            CallRefusal::InHand { cards } => {
                msg!("error.in_hand", cards = cards, hand = deal.hand)
            }
            CallRefusal::WeddingUnsettled => msg!(
                "error.wedding_unsettled",
                trick = deal.clarification,
                cards = deal.hand - deal.clarification
            ),
            CallRefusal::FurtherOnlyFirstNo90 { party, call, first } => msg!(
                "error.further_only_first_no90",
                party = party.title(),
                call = call.to_string(),
                first = first.title()
            ),
            CallRefusal::AfterLateReply { call, party } => msg!(
                "error.call_after_late_reply",
                call = call.to_string(),
                party = party.title()
            ),
            CallRefusal::Late {
                player,
                call,
                party,
                in_hand,
                deadline,
                alone,
            } => {
                let cards = deal.hand.saturating_sub(deadline);
                let had = usize::from(in_hand);
                if alone {
                    return too_late(&call.to_string(), cards, name(player), had, false);
                }
                let what = if call == Call::Announce {
                    party.title().to_string()
                } else {
                    call.to_string()
                };
                let shift = call_shift(profile, deal.contract, deal.clarification);
                let late_wedding = deal.scored == Contract::Wedding && shift > 0;
                too_late(&what, cards, name(player), had, late_wedding)
            }
        }
    }
}

/// "profile X has no no30 call".
pub fn no_call(profile: &Profile, call: Call, party: Party) -> Text {
    if profile.calls.levels == 0 {
        msg!("error.no_calls", profile = profile.name)
    } else {
        msg!(
            "error.no_such_call",
            profile = profile.name,
            call = call.word(party),
            levels = profile.calls.levels
        )
    }
}

/// "no 90 must be said with at least 10 cards in hand; Cara had 9".
pub fn too_late(call: &str, cards: usize, player: &str, had: usize, late_wedding: bool) -> Text {
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

/// What the profile says of a call's word and moment, apart from its deadline: a wedding's
/// `double` (calls.wedding_double), a call on one's own turn (calls.own_turn).
/// `settled` is the trick after which every player knows her party.
fn check_word_and_turn(
    deal: &CallDeal,
    profile: &Profile,
    c: CallAt,
    settled: usize,
) -> Result<(), CallRefusal> {
    let rules = &profile.calls;
    let in_hand = c.in_hand as usize;
    // `double`: Re or Kontra, whichever party the player ends in.
    if c.call == Call::Announce && c.said_as.is_none() {
        let ok = rules.wedding_double
            && deal.contract == Contract::Wedding
            && deal.declarer != Some(c.player)
            && deal.hand.saturating_sub(in_hand) < settled;
        if !ok {
            return Err(CallRefusal::DoubleOnlyWedding);
        }
    }
    // On one's own turn: with a card left, and where the record places the call inside a
    // trick, just before one's own card.
    if rules.own_turn && in_hand == 0 {
        return Err(CallRefusal::OwnTurn { player: c.player });
    }
    if let Some(other) = c.before.filter(|&b| rules.own_turn && b != c.player) {
        return Err(CallRefusal::OwnTurnBefore {
            player: c.player,
            other,
        });
    }
    Ok(())
}

/// Notes `c` as its player's call; refuses it where she said it, or a higher call, before.
fn said_once(own: &mut [Option<Call>], c: CallAt, party: Party) -> Result<(), CallRefusal> {
    let Some(slot) = own.get_mut(c.player) else {
        return Ok(());
    };
    if let Some(before) = *slot
        && c.call.level() <= before.level()
    {
        return Err(CallRefusal::Again {
            player: c.player,
            call: c.call,
            before,
            party,
        });
    }
    *slot = Some(c.call);
    Ok(())
}

/// `calls.further_only_first_no90`: the party that says no 90 first is noted; a no 60,
/// no 30 or schwarz of the other party is refused.
pub fn further_calls(
    profile: &Profile,
    first: &mut Option<Party>,
    party: Party,
    call: Call,
) -> Result<(), CallRefusal> {
    if !profile.calls.further_only_first_no90 || call.level() < 1 {
        return Ok(());
    }
    let first = *first.get_or_insert(party);
    if call.level() >= 2 && first != party {
        return Err(CallRefusal::FurtherOnlyFirstNo90 { party, call, first });
    }
    Ok(())
}

/// What a call must be apart from its deadline: a level the profile plays, a word naming
/// the caller's own party, no more cards than a hand, not before a wedding is settled
/// where calls wait for it.
fn check_entry(
    deal: &CallDeal,
    profile: &Profile,
    c: CallAt,
    party: Party,
) -> Result<(), CallRefusal> {
    let rules = &profile.calls;
    if c.call.level() >= rules.levels {
        return Err(CallRefusal::NoSuchCall {
            call: c.call,
            party,
        });
    }
    if let Some(said) = c.said_as
        && said != party
    {
        return Err(CallRefusal::PlaysFor {
            player: c.player,
            party,
            word: said,
        });
    }
    let (hand, clarification) = (deal.hand, deal.clarification);
    let in_hand = c.in_hand as usize;
    if in_hand > hand {
        return Err(CallRefusal::InHand { cards: c.in_hand });
    }
    let played = hand - in_hand;
    if deal.contract == Contract::Wedding && rules.wedding_shift && played < clarification {
        return Err(CallRefusal::WeddingUnsettled);
    }
    Ok(())
}

/// A call made before FreeDoko's Genscher, judged by its own deadline (a Re/Kontra also
/// as a reply where the profile has replies); the rest of it is [`check_entry`]'s.
fn in_time_alone(
    profile: &Profile,
    c: CallAt,
    hand: usize,
    shift: usize,
) -> Result<(), CallRefusal> {
    let rules = &profile.calls;
    let in_hand = c.in_hand as usize;
    let deadline = rules.deadlines[c.call.level() as usize] as usize + shift;
    let reply = c.call == Call::Announce && rules.reply != Reply::None;
    if hand - in_hand > deadline + usize::from(reply) {
        return Err(CallRefusal::Late {
            player: c.player,
            call: c.call,
            party: Party::Re,
            in_hand: c.in_hand,
            deadline,
            alone: true,
        });
    }
    Ok(())
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
/// deadlines it has reached, who said Re or Kontra, a late reply. A value of a few dozen
/// bytes: a copy is a `memcpy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CallState {
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
    pub fn take_before_genscher(
        &mut self,
        deal: &CallDeal,
        profile: &Profile,
        c: CallAt,
        party: Party,
        now: Option<Party>,
    ) -> Result<(), CallRefusal> {
        let shift = call_shift(profile, deal.contract, deal.clarification);
        check_entry(deal, profile, c, party)
            .and_then(|()| in_time_alone(profile, c, deal.hand, shift))
            .and_then(|()| said_once(&mut self.own, c, party))?;
        if let Some(pi) = now.map(|p| p as usize) {
            if self.calls[pi].highest().is_none() {
                self.calls[pi].add(Call::Announce);
                self.latest_deadline[pi] = Some(profile.calls.deadlines[0] as usize + shift);
            }
            self.callers[pi] |= bit(c.player);
        }
        Ok(())
    }

    /// Takes the call `c` of a player of `party` (`after_genscher`: made after FreeDoko's
    /// Genscher changed the parties), or says why the rules refuse it; a call refused
    /// leaves the state as it was only where the caller keeps a copy
    /// ([`CallState::allows`]).
    pub fn take(
        &mut self,
        deal: &CallDeal,
        profile: &Profile,
        c: CallAt,
        party: Party,
        after_genscher: bool,
    ) -> Result<(), CallRefusal> {
        let rules = &profile.calls;
        let hand = deal.hand;
        let shift = call_shift(profile, deal.contract, deal.clarification);
        // Until this trick is over, players in a wedding may not know their party.
        let settled = if deal.clarification > 0 {
            deal.clarification
        } else {
            profile.contracts.wedding_tricks as usize
        };
        let in_hand = c.in_hand as usize;
        said_once(&mut self.own, c, party)
            .and_then(|()| check_word_and_turn(deal, profile, c, settled))?;
        check_entry(deal, profile, c, party)?;
        let played = hand - in_hand;
        let pi = party as usize;
        let from = self.next_level(party);
        for level in from..=c.call.level() {
            let call = Call::from_level(level).unwrap_or(Call::Schwarz);
            further_calls(profile, &mut self.first_no90, party, call)?;
            let deadline = rules.deadlines[level as usize] as usize + shift;
            // After FreeDoko's Genscher the new parties had no time for the lower calls:
            // a call is judged by its own deadline (as FreeDoko judges every call).
            let lenient = after_genscher && level < c.call.level();
            let ok = match self.timing(profile, shift, party, level, played) {
                Timing::AfterLateReply => {
                    // TSR 6.5: after a reply that would have been late as an
                    // announcement, the party may not make a call of its own.
                    return Err(CallRefusal::AfterLateReply { call, party });
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
                return Err(CallRefusal::Late {
                    player: c.player,
                    call,
                    party,
                    in_hand: c.in_hand,
                    deadline,
                    alone: false,
                });
            }
            self.latest_deadline[pi] = Some(deadline);
        }
        // She said Re/Kontra herself: in words, or as the first call of her party.
        if from == 0 || c.call == Call::Announce {
            self.callers[pi] |= bit(c.player);
        }
        self.calls[pi].add(c.call);
        Ok(())
    }

    /// Whether a call of `level` by a player of `party` with `played` cards played is in
    /// time (`shift`: how far a wedding moved the deadlines): a call beyond Re or Kontra
    /// after the party's late reply is refused under the TSR whenever it comes; else by its
    /// deadline; where that is past, a Re or Kontra as a reply (one card after the
    /// opponents' latest deadline; `Reply(false)` where it is late even so); else late.
    /// The one place of the deadlines.
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
    /// asks before it makes a call ([`CallState::take`] then takes it).
    pub fn next_in_time(
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

    /// Would the rules take `c` of a player of `party` now (nothing is changed;
    /// `after_genscher` as for [`CallState::take`])? A copy is taken and no words are made.
    pub fn allows(
        &self,
        deal: &CallDeal,
        profile: &Profile,
        c: CallAt,
        (party, after_genscher): (Party, bool),
    ) -> bool {
        let mut copy = *self;
        copy.take(deal, profile, c, party, after_genscher).is_ok()
    }

    /// The calls above `party`'s highest that the rules would take now from `player` with
    /// `in_hand` cards in hand, as a bit a level (bit [`Call::level`]; `after_genscher` as
    /// for [`CallState::take`]): the legal set of a player's calls, nothing changed and no
    /// words made. One copy takes the levels one above the other and stops at the first
    /// refused: a call says the lower ones of her party, each judged as it comes (the same
    /// steps, in the same order, as one [`CallState::take`] of the higher call), and a
    /// refused level refuses every call above it. The first level's deadline is asked
    /// first (most of a deal is past it: nothing more is asked). After FreeDoko's Genscher
    /// the lower calls said with a higher one are judged leniently, so each level is tried
    /// on its own.
    pub fn legal_levels(
        &self,
        deal: &CallDeal,
        profile: &Profile,
        (player, in_hand): (usize, u8),
        (party, after_genscher): (Party, bool),
    ) -> u8 {
        let at = |level: u8| CallAt::now(player, level, in_hand, party);
        let levels = profile.calls.levels;
        let mut out = 0u8;
        if after_genscher {
            for level in self.next_level(party)..levels {
                if self.allows(deal, profile, at(level), (party, true)) {
                    out |= 1 << level;
                }
            }
            return out;
        }
        let from = self.next_level(party);
        let shift = call_shift(profile, deal.contract, deal.clarification);
        let played = deal.hand.saturating_sub(usize::from(in_hand));
        if from >= levels
            || !matches!(
                self.timing(profile, shift, party, from, played),
                Timing::InTime | Timing::Reply(true)
            )
        {
            return 0;
        }
        let mut copy = *self;
        for level in from..levels {
            if copy.take(deal, profile, at(level), party, false).is_err() {
                break;
            }
            out |= 1 << level;
        }
        out
    }

    /// The highest call of `party` so far.
    pub fn highest(&self, party: Party) -> Option<Call> {
        self.calls[party as usize].highest()
    }

    /// The level of `party`'s next call (0, Re or Kontra, where it said none).
    pub fn next_level(&self, party: Party) -> u8 {
        self.highest(party).map_or(0, |c| c.level() + 1)
    }

    /// Each party's calls, its callers counted and a late reply marked.
    pub fn finish(mut self) -> [PartyCalls; 2] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use doko_words::rng::Rng;

    /// The legal set of a player's calls ([`CallState::legal_levels`], one copy stepped
    /// level by level) is what the rules take of each call on its own
    /// ([`CallState::allows`], as a record's call is checked): for random calls of every
    /// built-in profile and odd `--set` mixes (replies of every mode, the TSR's first no 90,
    /// a wedding's shifted deadlines, FreeDoko's Genscher), at every state, for each
    /// player, party and hand.
    #[test]
    fn the_legal_calls_are_the_calls_the_rules_take_each_on_its_own() {
        let mut rng = Rng::new(64);
        let sets: [&[(&str, &str)]; 4] = [
            &[],
            &[("calls.reply", "\"latest\"")],
            &[
                ("calls.reply", "\"none\""),
                ("calls.further_only_first_no90", "true"),
            ],
            &[
                ("calls.further_only_first_no90", "true"),
                ("calls.wedding_shift", "true"),
            ],
        ];
        let names: Vec<String> = ["A", "B", "C", "D", "E", "F", "G"].map(String::from).into();
        let (mut offered, mut states) = (0usize, 0usize);
        for (profile, sets) in crate::machine::test_profiles(&sets) {
            let name = &profile.name;
            let hand = profile.hand_size();
            let players = profile.deck.players as usize;
            for _ in 0..300 {
                let (contract, clarification) = if rng.chance(25) {
                    (Contract::Wedding, 1 + rng.below(3))
                } else {
                    (Contract::Normal, 0)
                };
                let deal = CallDeal {
                    players: &names[..players],
                    contract,
                    declarer: Some(0),
                    scored: contract,
                    hand,
                    clarification,
                };
                let re = [0, 1 + rng.below(players - 1)];
                let party_of = |s: usize| {
                    if re.contains(&s) {
                        Party::Re
                    } else {
                        Party::Kontra
                    }
                };
                let after = rng.chance(10);
                let mut state = CallState::default();
                for played in 0..hand {
                    for player in 0..players {
                        let party = party_of(player);
                        let in_hand = (hand - played) as u8;
                        let want = (state.next_level(party)..profile.calls.levels)
                            .filter(|&level| {
                                let at = CallAt::now(player, level, in_hand, party);
                                state.allows(&deal, &profile, at, (party, after))
                            })
                            .fold(0u8, |m, level| m | 1 << level);
                        let got =
                            state.legal_levels(&deal, &profile, (player, in_hand), (party, after));
                        assert_eq!(
                            got, want,
                            "{name} {sets:?}: player {player} ({party:?}), {played} played, {state:?}"
                        );
                        states += 1;
                        offered += got.count_ones() as usize;
                        // Now and then she makes one of them.
                        if got != 0 && rng.chance(30) {
                            let levels: Vec<u8> = (0..8).filter(|l| got >> l & 1 == 1).collect();
                            let level = levels[rng.below(levels.len())];
                            let at = CallAt::now(player, level, in_hand, party);
                            assert!(state.take(&deal, &profile, at, party, after).is_ok());
                        }
                    }
                }
            }
        }
        assert!(
            states > 100_000 && offered > 10_000,
            "{states} states, {offered} calls"
        );
    }
}
