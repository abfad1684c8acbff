//! The deals of a record file, seated by the table's series and played: the reader
//! ([`crate::deal::records`]) gives the deals as written; here bids are decided, full
//! records played and the series (dealer, compulsory solos) kept.

use crate::contract::{Contract, Party};
use crate::deal::FieldError;
use crate::deal::records::{RawDeal, RecordFile, build_full_record};
use crate::deal::{DealFacts, RecordError};
use crate::lang::Text;
use crate::play::play;
use crate::seating::Series;
use crate::variant::Profile;

/// The deals of a record file, in order, each seated by the table's [`Series`]
/// ([`super::PlayDeals::deals`]).
#[derive(Debug)]
pub struct Deals<'s> {
    file: &'s RecordFile,
    profile: &'s Profile,
    series: Series,
    i: usize,
    /// The round's closing was applied to the series.
    closed: bool,
    /// The deals of a closed round: those before the closing and the solos then owed.
    closed_length: Option<usize>,
}

impl Deals<'_> {
    /// The series after the deals read so far: who deals next, the solos owed.
    pub fn series(&self) -> &Series {
        &self.series
    }

    /// A closed round's deals (those before the closing and the solos then owed), once
    /// the reading has reached the closing.
    pub fn closed_length(&self) -> Option<usize> {
        self.closed_length
    }
}

impl Iterator for Deals<'_> {
    type Item = Result<DealFacts, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        // A round closed after `i` deals: from then on only the solos still owed.
        let closed = self.file.league.as_ref().and_then(|l| l.closed);
        if closed.is_some_and(|c| usize::from(c) == self.i) && !self.closed {
            self.closed = true;
            self.series.close();
            self.closed_length = Some(self.i + self.series.left().unwrap_or(0));
        }
        if self.i >= self.file.deals.len() {
            return None;
        }
        let i = self.i;
        self.i += 1;
        Some(seat_deal(self.file, i, &mut self.series, self.profile))
    }
}

impl<'s> Deals<'s> {
    /// The deals, checked against `profile` (full records are played through), seated by
    /// the table's `Series`: a league file's deals follow the series rules of compulsory
    /// solos, other record files only their `compulsory` marks.
    pub fn new(file: &'s RecordFile, profile: &'s Profile) -> Deals<'s> {
        let length = file.league.as_ref().map(|l| {
            l.deals
                .map_or(profile.league.deals as usize, |d| d as usize)
        });
        Deals {
            file,
            profile,
            series: Series::new(
                profile,
                file.players.len(),
                Some(file.first_dealer()),
                length,
            ),
            closed: false,
            closed_length: None,
            i: 0,
        }
    }
}

/// One deal, seated by `series`, which takes it once its seating is known (also when
/// its eyes, calls or cards are then found wrong).
fn seat_deal(
    file: &RecordFile,
    i: usize,
    series: &mut Series,
    profile: &Profile,
) -> Result<DealFacts, RecordError> {
    let (line, raw) = &file.deals[i];
    let number = i + 1;
    let err = |field: &str, msg: Text| {
        RecordError::new(&file.file, msg)
            .line(*line)
            .deal(number)
            .field(field)
    };
    let written = match &raw.dealer {
        Some(name) => Some(
            file.seat(name)
                .ok_or_else(|| err("dealer", crate::msg!("error.is_not_player", name = name)))?,
        ),
        None => None,
    };
    // An unknown contract is reported when the deal is read; here it only seats it.
    let mut contract = raw
        .contract
        .as_deref()
        .and_then(|c| c.parse::<Contract>().ok())
        .unwrap_or_default();
    let mut soloist = file.soloist(raw, contract);
    // After a solo its soloist led the same dealer deals again; a record that writes
    // another is refused, and the deal still seated at the dealer it writes.
    let dealer_wrong = written.and_then(|w| {
        series
            .check_written(w)
            .err()
            .map(|must| crate::seating::deals_again_text(&file.players, must, w))
    });
    let next = series.next(written);
    // With bids, the series sees the game they decide, and a solo's mark.
    let mut marked = raw.compulsory;
    let mut voluntary_bid = None;
    let decided = bid_game(file, raw, next.dealer, profile);
    if let Some(d) = decided {
        if d.mark == Some(crate::bids::SoloMark::Voluntary) {
            voluntary_bid = d.winner.and_then(|w| raw.bids.as_ref()?.get(w).cloned());
        }
        contract = d.contract;
        soloist = d.declarer.filter(|_| contract.is_declared_solo());
        marked = match d.mark {
            Some(crate::bids::SoloMark::Compulsory) => Some(true),
            Some(crate::bids::SoloMark::Voluntary) => Some(false),
            None => raw.compulsory,
        };
    }
    let duty = series
        .duty(&next, contract, soloist, marked, &file.players)
        .map_err(|m| match &voluntary_bid {
            // The bids said "voluntary": the refusal is theirs.
            Some(b) => err(
                "bids",
                crate::msg!(
                    "error.quoted",
                    text = b,
                    message = m.set("fix", Text::msg("error.fix_say_compulsory"))
                ),
            ),
            None => err("compulsory", m),
        })?;
    let facts = deal_facts(
        file,
        raw,
        number,
        next.dealer,
        duty.compulsory,
        profile,
        decided,
    );
    let forced = duty.forced;
    // A deal whose eyes, calls or cards are wrong was still dealt, by this dealer, as
    // this contract: the deals after it are seated as if it were right, so that one
    // mistake is one error.
    // A full record (hands written) without tricks or an exchange; a summary is played.
    let unplayed = raw.hands.is_some()
        && raw.tricks.as_ref().is_none_or(Vec::is_empty)
        && raw.accepted_by.is_none();
    let seated = super::seated_as(profile, contract, decided.map(|d| d.reason), unplayed);
    series.take(profile, &next, seated, soloist, duty);
    if let Some(m) = dealer_wrong {
        return Err(err("dealer", m));
    }
    let mut facts = facts.map_err(|e| err(&e.field, e.message).trick(e.trick))?;
    facts.dealer = Some(next.dealer);
    facts.forced = forced;
    Ok(facts)
}

/// What the deal's bids decide, where it has bids that can be read and decided (else
/// they are reported when the deal is played).
fn bid_game(
    file: &RecordFile,
    raw: &RawDeal,
    dealer: usize,
    profile: &Profile,
) -> Option<crate::bids::Decided> {
    let bids: Vec<crate::bids::Bid> = raw
        .bids
        .iter()
        .flatten()
        .map(|b| crate::bids::Bid::parse(&file.players, b))
        .collect::<Result<_, _>>()
        .ok()?;
    if bids.is_empty() {
        return None;
    }
    let written = raw.contract.as_deref().and_then(|c| c.parse().ok());
    let d = crate::play::decide_statements(&bids, &file.players, written, profile, dealer)
        .ok()
        .flatten()?;
    // Two poverties under Ralf Wirth's rule may be thrown in: that needs the hands.
    if d.contract == Contract::Poverty && profile.poverty.partner_by_club_queen {
        let record =
            build_full_record(&file.players, raw, 0, Some(dealer), Contract::Poverty, None).ok()?;
        return crate::play::poverty_partners(&record, profile, d).ok();
    }
    Some(d)
}

fn deal_facts(
    file: &RecordFile,
    raw: &RawDeal,
    number: usize,
    dealer: usize,
    compulsory: bool,
    profile: &Profile,
    decided: Option<crate::bids::Decided>,
) -> Result<DealFacts, FieldError> {
    let bad = |field: &str, msg: Text| FieldError::new(field, msg);
    let contract: Contract = match &raw.contract {
        Some(c) => c.parse().map_err(|e| bad("contract", e))?,
        None => Contract::Normal,
    };
    let declarer = raw
        .declarer
        .as_deref()
        .map(|d| file.seat_of(d, "declarer"))
        .transpose()?;
    if let Some(b) = raw.bock {
        crate::deal::check_bock(b).map_err(|m| bad("bock", m))?;
    }
    // A full record has tricks, or hands (a redeal is a hand thrown in, no tricks).
    if raw.tricks.is_none() && raw.hands.is_none() {
        let summary = file.summary(raw, number, dealer, contract, compulsory, profile)?;
        return crate::play::summary_facts(summary, profile, "contract");
    }
    for key in [
        "re_calls",
        "kontra_calls",
        "re_extras",
        "kontra_extras",
        "re_tricks",
        "kontra_tricks",
    ] {
        let given = match key {
            "re_calls" => raw.re_calls.is_some(),
            "kontra_calls" => raw.kontra_calls.is_some(),
            "re_extras" => raw.re_extras.is_some(),
            "kontra_extras" => raw.kontra_extras.is_some(),
            "re_tricks" => raw.re_tricks.is_some(),
            _ => raw.kontra_tricks.is_some(),
        };
        if given {
            return Err(bad(key, crate::msg!("error.full_derives")));
        }
    }
    let mut record =
        build_full_record(&file.players, raw, number, Some(dealer), contract, declarer)?;
    record.compulsory = compulsory;
    if !record.bids.is_empty() {
        // The series' verdict: a player's first solo while she owes one is compulsory.
        record.written.compulsory = Some(compulsory);
    }
    // The seating decided the bids already: played on that decision (checked against
    // the record), else decided here, where a bad bid is reported.
    let facts = match decided {
        Some(d) => crate::play::decide_bids_with(&record, profile, dealer, Some(Some(d)))
            .and_then(|now| crate::play::play_decided(&record, profile, &now.unwrap_or(d))),
        None => play(&record, profile),
    }
    .map_err(|e| FieldError {
        trick: e.trick,
        field: e.field,
        message: e.message,
    })?;
    // Summary fields written beside a full record are a cross-check.
    if let Some(re) = &raw.re {
        let mut want = Vec::new();
        for name in re {
            want.push(file.seat_of(name, "re")?);
        }
        want.sort_unstable();
        let got: Vec<usize> = facts.members(Party::Re).collect();
        if want != got {
            let names: Vec<&str> = got.iter().map(|&s| file.players[s].as_str()).collect();
            return Err(bad(
                "re",
                crate::msg!("error.tricks_make_re", players = names.join(", ")),
            ));
        }
    }
    for (party, field, written) in [
        (Party::Re, "re_points", raw.re_points),
        (Party::Kontra, "kontra_points", raw.kontra_points),
    ] {
        if let Some(p) = written
            && p != facts.eyes(party)
        {
            let eyes = facts.eyes(party);
            return Err(bad(
                field,
                crate::msg!(
                    "error.tricks_give_eyes",
                    party = party,
                    eyes = eyes,
                    written = p
                ),
            ));
        }
    }
    Ok(facts)
}
