//! Exchanges and throw-ins: a poverty's passed and returned cards and its partners, and a
//! redeal's reason.

use super::{
    Card, Contract, DealFacts, Decided, Exchange, FieldError, FullRecord, PartyCalls, Played,
    Profile, Rank, Role, Text, TrumpKind, bid_account, cards_text, count, fail, minus, msg,
};

/// Poverty with partners chosen by the club queens: checks the partner and returns the
/// Re party. Holdings are those dealt, before the exchange.
pub(super) fn club_queen_partners(
    record: &FullRecord,
    played: &Played,
    active: &[usize],
    poor: usize,
    partner: usize,
) -> Result<Vec<usize>, FieldError> {
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

/// The partner the club queens choose for `poor` (`poverty.partner_by_club_queen`: a
/// player holding both, else the other holder of a ♣Q where she holds one, else a player
/// holding none), from the hands as dealt; None where the profile lets the players choose
/// (the first to accept, in turn from her left). The same rule as `club_queen_partners`
/// checks in a record.
pub fn forced_poverty_partner(
    profile: &Profile,
    active: &[usize],
    dealt: &[Vec<Card>],
    poor: usize,
) -> Option<usize> {
    if !profile.poverty.partner_by_club_queen {
        return None;
    }
    let queens = |s: usize| count(&dealt[s], Card::CLUB_QUEEN);
    let others = || active.iter().copied().filter(move |&s| s != poor);
    if let Some(both) = others().find(|&s| queens(s) >= 2) {
        return Some(both);
    }
    if queens(poor) > 0 {
        others().find(|&s| queens(s) > 0)
    } else {
        others().find(|&s| queens(s) == 0)
    }
}

/// How many cards a poverty passes (and gets back): every trump of `hand` where only
/// trumps pass, else `poverty.cards`; None where the hand has more trumps than that.
pub fn poverty_cards(profile: &Profile, hand: &[Card]) -> Option<usize> {
    let order = profile.order(TrumpKind::Normal);
    let trumps = hand.iter().filter(|&&c| order.is_trump(c)).count();
    let want = if profile.poverty.only_trumps {
        trumps
    } else {
        profile.poverty.cards as usize
    };
    (trumps <= want && want > 0).then_some(want)
}

/// Can `partner` (holding `hand`) return `want` cards the profile lets her return, once
/// she holds the poor player's cards (at least `want - poor_trumps` of them no trumps)?
pub fn can_return(profile: &Profile, hand: &[Card], want: usize, poor_trumps: usize) -> bool {
    if profile.poverty.return_trumps {
        return true;
    }
    let order = profile.order(TrumpKind::Normal);
    let plain = hand.iter().filter(|&&c| !order.is_trump(c)).count();
    plain + want.saturating_sub(poor_trumps) >= want
}

/// Number of trumps in a hand under the normal order, as a poverty or redeal counts them.
pub fn trumps_in(hand: &[Card], profile: &Profile, count_diamond_ace: bool) -> usize {
    trumps_by(&profile.order(TrumpKind::Normal), hand, count_diamond_ace)
}

/// [`trumps_in`] with the profile's normal card order at hand.
pub fn trumps_by(order: &crate::cards::CardOrder, hand: &[Card], count_diamond_ace: bool) -> usize {
    hand.iter()
        .filter(|&&c| order.is_trump(c) && (count_diamond_ace || c != Card::DIAMOND_ACE))
        .count()
}

/// Checks a poverty's exchange (docs/rules.md §3, 9.10) against the hands as played.
pub(super) fn check_exchange(
    record: &FullRecord,
    profile: &Profile,
    played: &[Vec<Card>],
) -> Result<(), FieldError> {
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
pub(super) fn check_passed(
    record: &FullRecord,
    profile: &Profile,
    x: &Exchange,
    before_d: &[Card],
) -> Result<(), FieldError> {
    let name = |s: usize| record.players[s].as_str();
    let d = record.declarer.unwrap_or(0);
    let rules = &profile.poverty;
    let order = profile.order(TrumpKind::Normal);
    poor_enough(profile, before_d, name(d), "contract")?;
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

pub(super) fn redeal(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
    roles: Vec<Role>,
) -> Result<DealFacts, FieldError> {
    if !record.tricks.is_empty() {
        return fail(None, "tricks", msg!("error.redeal_no_tricks"));
    }
    if decided.is_some_and(|d| d.reason == crate::bids::Reason::PovertyPartners) {
        poor_hands(record, profile)?;
        return Ok(redealt(record, decided, roles));
    }
    // Under a profile that plays poverty but no declared redeal, the only redeal is a
    // poverty nobody accepted ("誰も交換に同意しない場合には、配り直しとなります").
    if redeal_is_refused_poverty(profile, record.contract) {
        return refused(record, profile, decided, roles);
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
    Ok(redealt(record, decided, roles))
}

/// A record with neither a poverty's exchange nor tricks: its hands were thrown in, or
/// nothing was played.
pub fn unplayed(record: &FullRecord) -> bool {
    record.exchange.is_none() && record.tricks.is_empty()
}

/// A poverty nobody accepted: the record names a poverty and is [`unplayed`] (the hands
/// were thrown in).
pub fn poverty_refused(record: &FullRecord) -> bool {
    record.contract == Contract::Poverty && unplayed(record)
}

/// How the dealer rotation ([`crate::seating::deals_again`]) sees a deal whose game is
/// `contract`: the contract it sees (a redeal where the hands were thrown in) and whether
/// they were thrown in over a poverty. That is so where two poor partners throw them in
/// (`reason`), where a poverty is `unplayed` (no exchange, no tricks: nobody accepted
/// it), and for a redeal under a profile that plays poverty but no declared redeal (a
/// sheet's `redeal` row there is a refused poverty: the only redeal such a table has).
pub fn seated_as(
    profile: &Profile,
    contract: Contract,
    reason: Option<crate::bids::Reason>,
    unplayed: bool,
) -> (Contract, bool) {
    let partners = reason == Some(crate::bids::Reason::PovertyPartners);
    let refused = contract == Contract::Poverty && unplayed;
    if partners || refused || redeal_is_refused_poverty(profile, contract) {
        (Contract::Redeal, true)
    } else {
        (contract, false)
    }
}

/// Under a profile that plays poverty but no declared redeal, a redeal (a sheet's row, a
/// summary, a record without bids) is a poverty nobody accepted (docs/rules.md §3, §9.12).
pub fn redeal_is_refused_poverty(profile: &Profile, contract: Contract) -> bool {
    contract == Contract::Redeal
        && !profile.allows(Contract::Redeal)
        && profile.allows(Contract::Poverty)
}

/// The hands thrown in over a poverty nobody accepted ([`poverty_refused`]): its declarer
/// was poor enough, where her hand is written; nothing is scored.
pub(super) fn refused(
    record: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
    roles: Vec<Role>,
) -> Result<DealFacts, FieldError> {
    let d = record.declarer.unwrap_or(0);
    if let Some(Some(hand)) = record.hands.get(d) {
        let field = format!("hands.{}", record.players[d]);
        poor_enough(profile, hand, &record.players[d], &field)?;
    }
    if let Some(first) = record.calls.first() {
        return fail(
            None,
            "calls",
            msg!(
                "error.redeal_no_calls",
                player = record.players[first.player].as_str()
            ),
        );
    }
    Ok(redealt(record, decided, roles))
}

/// Every player who named a poverty holds at most the trumps a poverty allows.
fn poor_hands(record: &FullRecord, profile: &Profile) -> Result<(), FieldError> {
    for s in crate::bids::poverty_bidders(&record.bids) {
        let hand = record.hands[s].as_deref().unwrap_or(&[]);
        poor_enough(profile, hand, &record.players[s], "bids")?;
    }
    Ok(())
}

/// `hand` (as dealt) holds at most the trumps a poverty allows (`poverty.max_trumps`,
/// the ♦A counted where `count_diamond_ace`); else refused at `field`.
fn poor_enough(
    profile: &Profile,
    hand: &[Card],
    player: &str,
    field: &str,
) -> Result<(), FieldError> {
    let rules = &profile.poverty;
    let counted = trumps_in(hand, profile, rules.count_diamond_ace);
    if counted > rules.max_trumps as usize {
        return fail(
            None,
            field,
            msg!(
                "error.poverty_too_many_trumps",
                player = player,
                trumps = counted,
                max = rules.max_trumps
            ),
        );
    }
    Ok(())
}

/// The facts of a deal thrown in.
fn redealt(record: &FullRecord, decided: Option<&Decided>, roles: Vec<Role>) -> DealFacts {
    DealFacts {
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
        genscher: None,
        events: crate::deal::TrickEvents::default(),
    }
}
