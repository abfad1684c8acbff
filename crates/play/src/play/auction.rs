//! The bids of a full record: what they decide, checked against what the record writes,
//! and applied to the record before it is played.

use super::{
    Call, CallEntry, Card, Contract, Decided, FieldError, FullRecord, MAX_SEATS, Party, Profile,
    Role, Text, WeddingPartner, fail, msg,
};

/// What the bids of `record` decide under `profile` with `dealer` dealing (`None`: the
/// record has no bids), checked against what the record wrote: where both say it, they
/// agree.
pub fn decide_bids(
    record: &FullRecord,
    profile: &Profile,
    dealer: usize,
) -> Result<Option<Decided>, FieldError> {
    decide_bids_with(record, profile, dealer, None)
}

/// [`decide_bids`], where `known` may say what the same bids decided under this profile
/// with this dealer before (`Some(None)`: they are not made in its way).
pub fn decide_bids_with(
    record: &FullRecord,
    profile: &Profile,
    dealer: usize,
    known: Option<Option<Decided>>,
) -> Result<Option<Decided>, FieldError> {
    if record.bids.is_empty() {
        return Ok(None);
    }
    match known {
        Some(None) if record.written.contract.is_some() => return Ok(None),
        Some(Some(d)) => {
            let d = poverty_partners(record, profile, d)?;
            agree(record, profile, &d)?;
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
    let d = match d {
        Some(d) => Some(poverty_partners(record, profile, d)?),
        None => None,
    };
    if let Some(d) = &d {
        agree(record, profile, d)?;
    }
    Ok(d)
}

/// Ralf Wirth's poverty (`poverty.partner_by_club_queen`, «ドッペルコップ(Doppelkopf)»,
/// poverty variation 4): "2人以上がアルムートを選択することも可能だが、同じチームになる場合に
/// は、配り直しとなる". Where a poverty wins the bidding and two or more players named one,
/// the poor are partners when all of them hold a ♣Q or none does (a poor player with a ♣Q
/// plays with the other ♣Q, one without with a player without): the hands are thrown in.
/// *Interpretation*: where they would not be partners, the poverty that won the round is
/// played and the other lapses (a record holds one exchange). The dealt hands of the poor
/// players must be written to tell.
pub fn poverty_partners(
    record: &FullRecord,
    profile: &Profile,
    d: Decided,
) -> Result<Decided, FieldError> {
    if d.contract != Contract::Poverty || !profile.poverty.partner_by_club_queen {
        return Ok(d);
    }
    let poor = crate::bids::poverty_bidders(&record.bids);
    if poor.len() < 2 {
        return Ok(d);
    }
    let mut queens = Vec::with_capacity(poor.len());
    for &s in &poor {
        let Some(hand) = record.hands.get(s).and_then(Option::as_ref) else {
            return fail(
                None,
                "hands",
                msg!(
                    "error.poverty_partners_hands",
                    player = record.players[s].as_str()
                ),
            );
        };
        queens.push(hand.contains(&Card::CLUB_QUEEN));
    }
    if queens.iter().all(|&q| q) || queens.iter().all(|&q| !q) {
        Ok(d.poverty_partners())
    } else {
        Ok(d)
    }
}

/// What `bids` decide under `profile` with `dealer` dealing, before they are checked
/// against the rest of the record: `None` where they are made in another way of bidding
/// and the record writes its `contract` (which is then played). The one place that says
/// which bids count; the seating of a series asks it too.
pub fn decide_statements(
    bids: &[crate::bids::Bid],
    players: &[String],
    written_contract: Option<Contract>,
    profile: &Profile,
    dealer: usize,
) -> Result<Option<Decided>, FieldError> {
    let mut buf = [0usize; MAX_SEATS];
    let n = crate::seating::active_into(
        players.len(),
        dealer,
        profile.deck.players as usize,
        &mut buf,
    );
    if !crate::machine::auction::follows(bids, profile.bidding.way, n) {
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
        let message = match crate::machine::auction::decide(bids, profile, &buf[..n], players).err()
        {
            Some(e) => Text::Join(vec![e.message, other_way], "error.sep_semicolon"),
            None => other_way,
        };
        return fail(None, "bids", message);
    }
    crate::machine::auction::decide(bids, profile, &buf[..n], players)
        .map(Some)
        .map_err(|e| FieldError {
            trick: None,
            field: "bids".to_string(),
            message: e.message,
        })
}

/// What the record writes of its game agrees with what its bids decide. A poverty that
/// nobody accepted may be written as the redeal it is (no exchange, no tricks), except
/// where the club queens choose the partner (`poverty.partner_by_club_queen`: nobody is
/// asked, so nobody refuses).
pub(super) fn agree(record: &FullRecord, profile: &Profile, d: &Decided) -> Result<(), FieldError> {
    let refused_poverty = d.contract == Contract::Poverty
        && !profile.poverty.partner_by_club_queen
        && super::unplayed(record);
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
        && !(c == Contract::Redeal && refused_poverty)
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
#[inline]
pub(super) fn applied(record: &FullRecord, d: &Decided) -> bool {
    game_of(record, d)
        == (
            record.contract,
            record.declarer,
            record.compulsory,
            record.wedding_partner,
        )
}

/// Do two decisions on the record's bids (under two profiles) make the same game?
#[inline]
pub fn same_game(record: &FullRecord, a: &Decided, b: &Decided) -> bool {
    // The game is made of these and what the record wrote: where they agree, it does.
    let of = |d: &Decided| (d.contract, d.declarer, d.compulsory(), d.partner);
    of(a) == of(b) || game_of(record, a) == game_of(record, b)
}

/// The game (contract, declarer, compulsory, wedding partner rule) that `d` and what the
/// record wrote make.
#[inline]
pub fn game_of(
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
pub(super) fn bid_calls(
    record: &FullRecord,
    profile: &Profile,
    d: Option<&Decided>,
    roles: &[Role],
) -> Vec<CallEntry> {
    let Some(w) = d.and_then(|d| d.winner) else {
        return Vec::new();
    };
    let party = roles[record.bids[w].player].party();
    condition_calls(&record.bids, profile, d, party)
}

/// The calls the winning statement's condition makes (`bids`: the statements, `party`:
/// the bidder's), each with a full hand: her party's calls up to the condition.
pub fn condition_calls(
    bids: &[crate::bids::Bid],
    profile: &Profile,
    d: Option<&Decided>,
    party: Option<Party>,
) -> Vec<CallEntry> {
    let Some((w, c)) = d.and_then(|d| Some((d.winner?, d.condition?))) else {
        return Vec::new();
    };
    let player = bids[w].player;
    (0..=c.level())
        .filter_map(Call::from_level)
        .map(|call| CallEntry {
            player,
            call,
            said_as: party,
            cards_in_hand: profile.hand_size() as u8,
            before: None,
            at: None,
            text: format!("{} (bid)", bids[w]),
        })
        .collect()
}

/// The bidding's account for the facts.
pub(super) fn bid_account(
    record: &FullRecord,
    d: Option<&Decided>,
) -> Option<crate::deal::BidAccount> {
    let d = d?;
    Some(crate::deal::BidAccount {
        decided: *d,
        bids: record.bids.clone(),
    })
}
