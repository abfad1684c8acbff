//! What lets profiles share a play: two profiles that derive the same facts from a deal play
//! it once ([`Alike`]), and [`replay`] checks only what they may differ in.

use super::{
    CallEntry, Card, Contract, DealFacts, Decided, Extra, FieldError, FullRecord, PartyCalls,
    PlayMemo, Profile, Role, applied, bid_account, bid_calls, check_calls, check_zwingen,
    decide_bids, fail, play, zwingen_binds,
};

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
    pub(super) always: bool,
    pub(super) wedding: bool,
    /// Who leads a solo.
    pub(super) leads: bool,
    pub(super) karlchen: bool,
    /// How the table bids: the same contract from the same bids.
    pub(super) bidding: bool,
}

impl Alike {
    /// What profiles `a` and `b` share of a deal's play.
    pub fn new(a: &Profile, b: &Profile) -> Alike {
        let mut v = b.clone();
        // What play does not read: names, scoring, the series.
        v.name.clone_from(&a.name);
        v.title.clone_from(&a.title);
        v.title_de.clone_from(&a.title_de);
        v.title_ja.clone_from(&a.title_ja);
        v.source.clone_from(&a.source);
        v.winning = a.winning.clone();
        v.scoring = a.scoring.clone();
        v.bock = a.bock.clone();
        v.league = a.league.clone();
        v.contracts.misere_ouvert_bonus = a.contracts.misere_ouvert_bonus;
        // The points of the extras: play derives every extra whatever it scores, but for
        // the club queens, which it derives only where they score.
        let e = &mut v.extras;
        let club_queen = e.points[Extra::ClubQueen as usize];
        e.points = a.extras.points;
        if (club_queen != 0) != (a.extra_points(Extra::ClubQueen) != 0) {
            e.points[Extra::ClubQueen as usize] = club_queen;
        }
        e.against_the_old = a.extras.against_the_old;
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
        self.holds_if(record, || false)
    }

    /// [`Alike::holds_for`], where `same_game` says whether the deal's bids decide the
    /// same game under both profiles (then their ways of bidding may differ:
    /// [`replay_decided`] works out the rest of what the bids carry under each); it is
    /// asked only where the ways of bidding differ and everything else holds.
    pub fn holds_if(&self, record: &FullRecord, same_game: impl FnOnce() -> bool) -> bool {
        self.always
            && (self.wedding || record.contract != Contract::Wedding)
            && (self.leads || !(record.compulsory || record.contract.is_declared_solo()))
            && (self.karlchen
                || !record
                    .tricks
                    .last()
                    .is_some_and(|t| t.cards.contains(&Card::CLUB_JACK)))
            && (self.bidding || record.bids.is_empty() || same_game())
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
) -> Result<DealFacts, FieldError> {
    replay_decided(record, base, profile, None)
}

/// [`replay`], where `decided` is what the record's bids decided under this profile, if
/// that is known ([`decide_bids`] gave it for this record, its checks against the record
/// done); without it the bids are decided here.
pub fn replay_decided(
    record: &FullRecord,
    base: &DealFacts,
    profile: &Profile,
    decided: Option<&Decided>,
) -> Result<DealFacts, FieldError> {
    replay_decided_kept(record, base, profile, decided, &mut PlayMemo::default())
}

/// [`replay_decided`], the facts' lists copied into lists lent to `memo`
/// ([`PlayMemo::lend`]).
pub fn replay_decided_kept(
    record: &FullRecord,
    base: &DealFacts,
    profile: &Profile,
    decided: Option<&Decided>,
    memo: &mut PlayMemo,
) -> Result<DealFacts, FieldError> {
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
    let decided = match decided {
        Some(d) => Some(*d),
        None => decide_bids(record, profile, record.dealer)?,
    };
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
    Ok(with_calls(
        base,
        calls,
        bid_account(record, decided.as_ref()),
        memo,
    ))
}

/// `base` with other calls and bidding: the rest copied (the base's bidding is not, only to
/// be dropped), its lists into lists lent to `memo`. Every field is named, so that a new
/// one is not forgotten.
fn with_calls(
    base: &DealFacts,
    [re_calls, kontra_calls]: [PartyCalls; 2],
    bidding: Option<crate::deal::BidAccount>,
    memo: &mut PlayMemo,
) -> DealFacts {
    let DealFacts {
        number,
        contract,
        roles,
        re_eyes,
        kontra_eyes,
        re_tricks,
        kontra_tricks,
        re_calls: _,
        kontra_calls: _,
        re_extras,
        kontra_extras,
        extras_at,
        bock,
        compulsory,
        forced,
        dealer,
        schweinchen,
        clarification,
        knock,
        note,
        bidding: _,
        genscher,
        events,
    } = base;
    let lists = &mut memo.lists;
    DealFacts {
        number: *number,
        contract: *contract,
        roles: lists.roles.copy(roles),
        re_eyes: *re_eyes,
        kontra_eyes: *kontra_eyes,
        re_tricks: *re_tricks,
        kontra_tricks: *kontra_tricks,
        re_calls,
        kontra_calls,
        re_extras: lists.extras.copy(re_extras),
        kontra_extras: lists.extras.copy(kontra_extras),
        extras_at: lists.at.copy(extras_at),
        bock: *bock,
        compulsory: *compulsory,
        forced: *forced,
        dealer: *dealer,
        schweinchen: *schweinchen,
        clarification: *clarification,
        knock: *knock,
        note: note.clone(),
        bidding,
        genscher: *genscher,
        events: *events,
    }
}

/// Each seat's role in the parties that are scored, and after a Genscher the cards each
/// player had played when it came with the roles of before.
#[derive(Clone, Copy)]
pub(super) struct Roles<'a> {
    pub(super) now: &'a [Role],
    pub(super) before: Option<(usize, usize, &'a [Role])>,
    /// The calls a winning bid carries (its condition), beside the record's.
    pub(super) bid_calls: &'a [CallEntry],
}

impl Roles<'_> {
    /// The role of `e`'s caller when she called, having played `played` cards: before a
    /// Genscher her role of before. A call placed before a card play (`e.at`) is before
    /// the Genscher where it came no later than the Genscher card; otherwise where she
    /// had not yet played to the Genscher's trick.
    pub(super) fn at(&self, e: &CallEntry, played: usize) -> Role {
        match self.before {
            Some((_, _, before)) if self.is_before(e, played) => before[e.player],
            _ => self.now[e.player],
        }
    }

    /// Was the call `e` (her `played` cards played) made before a Genscher?
    pub(super) fn is_before(&self, e: &CallEntry, played: usize) -> bool {
        match (self.before, e.at) {
            (Some((_, g, _)), Some(at)) => at as usize <= g,
            (Some((t, _, _)), None) => played <= t,
            (None, _) => false,
        }
    }
}

/// What a profile allows of a deal once its parties are known, checked by [`play`] and
/// [`replay`] alike: the knock, and every call in time. Returns each party's calls.
/// `first_trick` is the winner and eyes of trick 1 (for Zwingen).
pub(super) fn check_allowed(
    record: &FullRecord,
    profile: &Profile,
    roles: Roles,
    contract: Contract,
    clarification: usize,
    first_trick: Option<(usize, u16)>,
) -> Result<[PartyCalls; 2], FieldError> {
    let re = roles.now.iter().filter(|r| **r == Role::Re).count();
    if let Err(m) = crate::play::check_knock(record.knock, profile, re) {
        return fail(None, "knock", m);
    }
    let calls = if record.calls.is_empty() && roles.bid_calls.is_empty() {
        // Nothing said: nothing to check call by call (most deals).
        [PartyCalls::NONE; 2]
    } else {
        check_calls(
            record,
            profile,
            roles,
            profile.hand_size(),
            contract,
            clarification,
        )?
    };
    if let Some((winner, eyes)) = first_trick
        && zwingen_binds(profile, record.contract, clarification, eyes)
    {
        check_zwingen(record, profile, roles.now, clarification, (winner, eyes))?;
    }
    Ok(calls)
}
