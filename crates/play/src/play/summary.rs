//! A summary (a paper sheet row, a TOML summary) checked against the profile: the same
//! facts of the rules that a full record is played by ([`crate::play`]), so that a sheet
//! and a record of the same deal never disagree. The readers ([`crate::deal`]) give the
//! summary as written; its facts are made and checked here.

use crate::calls::PartyCalls;
use crate::contract::{Contract, Party};
use crate::deal::{DealFacts, FieldError, Knock, Role, Summary, TrickEvents};
use crate::extras::Extra;
use crate::extras::Most;
use crate::lang::Text;
use crate::msg;
use crate::variant::Profile;

/// Is this knock possible under the profile, with a Re party of `re` players?
pub fn check_knock(knock: Option<Knock>, profile: &Profile, re: usize) -> Result<(), Text> {
    match knock {
        Some(_) if !profile.knocking.allowed => {
            Err(msg!("error.no_knocking", profile = profile.name))
        }
        Some(Knock::Both) if re == 1 && !profile.knocking.knock_back_alone => {
            Err(msg!("error.no_knock_back", profile = profile.name))
        }
        _ => Ok(()),
    }
}

/// Completes and checks the facts: the other party's eyes and tricks follow from the
/// deck, calls and extras are read, and the whole is checked against the profile.
/// An error names its field; `contract_field` names the contract's field.
pub fn summary_facts(
    summary: Summary,
    profile: &Profile,
    contract_field: &str,
) -> Result<DealFacts, FieldError> {
    let s = summary;
    let err = |field: &str, msg: Text| FieldError::new(field, msg);
    // A lone Re player without a declared contract plays a silent solo (Kloepper's
    // black queens alone), where the profile has one.
    let lone = s.roles.iter().filter(|r| **r == Role::Re).count() == 1;
    let contract = match s.contract {
        Some(c) => c,
        None if lone && profile.allows(Contract::SilentSolo) => Contract::SilentSolo,
        None => Contract::Normal,
    };
    let total = profile.deck().total_eyes();
    for (key, v) in [
        ("re_points", s.re_points),
        ("kontra_points", s.kontra_points),
    ] {
        if let Some(v) = v
            && v > total
        {
            return Err(err(key, msg!("error.eyes_deck", eyes = v, total = total)));
        }
    }
    let (re_eyes, kontra_eyes) = match (s.re_points, s.kontra_points) {
        (Some(r), Some(k)) if r + k != total => {
            return Err(err(
                "kontra_points",
                msg!("error.points_sum", re = r, kontra = k, total = total),
            ));
        }
        (Some(r), _) => (r, total - r),
        (None, Some(k)) => (total - k, k),
        (None, None) if contract == Contract::Redeal => (0, 0),
        (None, None) => {
            return Err(err("re_points", msg!("error.no_eyes")));
        }
    };
    let hand = profile.hand_size();
    for (key, v) in [
        ("re_tricks", s.re_tricks),
        ("kontra_tricks", s.kontra_tricks),
    ] {
        if let Some(v) = v
            && v as usize > hand
        {
            return Err(err(key, msg!("error.tricks_hand", tricks = v, hand = hand)));
        }
    }
    let hand = hand as u8;
    let (re_tricks, kontra_tricks) = match (s.re_tricks, s.kontra_tricks) {
        (Some(r), None) => (Some(r), Some(hand - r)),
        (None, Some(k)) => (Some(hand - k), Some(k)),
        other => other,
    };
    let calls = |party: Party, cell: &str| {
        PartyCalls::parse_cell(cell, party).map_err(|e| err(&format!("{}_calls", party.key()), e))
    };
    let extras = |party: Party, words: &[String]| {
        Extra::parse_list(words.iter().map(String::as_str))
            .map_err(|e| err(&format!("{}_extras", party.key()), e))
    };
    let facts = DealFacts {
        number: s.number,
        contract,
        roles: s.roles,
        re_eyes,
        kontra_eyes,
        re_tricks,
        kontra_tricks,
        re_calls: calls(Party::Re, &s.re_calls)?,
        kontra_calls: calls(Party::Kontra, &s.kontra_calls)?,
        re_extras: extras(Party::Re, &s.re_extras)?,
        kontra_extras: extras(Party::Kontra, &s.kontra_extras)?,
        extras_at: Vec::new(),
        bock: s.bock,
        compulsory: s.compulsory,
        forced: false,
        dealer: None,
        schweinchen: false,
        clarification: 0,
        knock: s.knock,
        note: s.note,
        bidding: None,
        genscher: None,
        events: TrickEvents::default(),
    };
    check_summary(&facts, profile, contract_field)?;
    Ok(facts)
}

/// Checks a summary's facts against the profile. Errors name the field in the words of the
/// sheet (`game`, `re`, `re_points`, ...); `contract_field` is `game` on a CSV sheet and
/// `contract` in a TOML record.
pub fn check_summary(
    facts: &DealFacts,
    profile: &Profile,
    contract_field: &str,
) -> Result<(), FieldError> {
    Checked(facts).check(profile, contract_field)
}

/// How many times one deal can hold `extra` under the profile (its row's [`Most`]); None
/// where that is not checked. A sheet that claims more is refused; the page's chip of the
/// extra counts up to it.
pub fn most_a_deal(extra: Extra, profile: &Profile) -> Option<usize> {
    let copies = profile.deck.copies as usize;
    let tricks = profile.hand_size();
    Some(match extra.row().most {
        Most::Copies => copies,
        Most::PairsOfCopies => copies / 2,
        Most::Once => 1,
        Most::Tricks => tricks,
        // No Doppelkopf where the profile asks more eyes of one than a trick can hold.
        Most::Doppelkopfs => {
            let least = super::least_trick_eyes(extra, profile);
            if least.is_some_and(|least| least > super::most_trick_eyes(profile)) {
                0
            } else {
                tricks
            }
        }
        // One Karlchen wins the last trick; where a Karlchen is a ♣J taken or played in
        // it, each copy may be one.
        Most::Karlchens => match profile.extras.karlchen_kind {
            crate::variant::KarlchenKind::WinsLastTrick => 1,
            _ => copies,
        },
        Most::Unchecked => return None,
    })
}

/// A summary's facts under its checks, private to this file.
struct Checked<'f>(&'f DealFacts);

impl std::ops::Deref for Checked<'_> {
    type Target = DealFacts;

    fn deref(&self) -> &DealFacts {
        self.0
    }
}

/// The checks of a summary.
impl Checked<'_> {
    fn check(&self, profile: &Profile, contract_field: &str) -> Result<(), FieldError> {
        let err = |(field, msg): (&str, Text)| FieldError::new(field, msg);
        if let Some(note) = &self.note {
            crate::deal::check_note(note).map_err(|m| err(("note", m)))?;
        }
        if !profile.allows(self.contract)
            && !super::redeal_is_refused_poverty(profile, self.contract)
        {
            return Err(err((
                contract_field,
                msg!(
                    "error.contract_not_played",
                    contract = self.contract,
                    profile = profile.name
                ),
            )));
        }
        self.check_table(profile).map_err(err)?;
        if self.contract == Contract::Redeal {
            return Ok(());
        }
        self.check_parties(profile).map_err(err)?;
        self.check_eyes_and_tricks(profile).map_err(err)?;
        self.check_extras(profile).map_err(err)?;
        self.check_calls_and_more(profile).map_err(err)
    }

    /// The table fits the profile, and the right number of players take part.
    fn check_table(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        let players = profile.deck.players as usize;
        let seats = self.roles.len();
        crate::seating::check_table(profile, seats).map_err(|e| ("players", e.message()))?;
        let out = self.roles.iter().filter(|r| **r == Role::Out).count();
        if seats - out != players {
            let why = if seats > players + 1 {
                msg!(
                    "error.across_sit_out_of",
                    seats = seats,
                    out = seats - players
                )
            } else if seats > players {
                msg!("error.dealer_sits_out_of", seats = seats)
            } else {
                msg!("error.nobody_sits_out")
            };
            return Err((
                "players",
                msg!(
                    "error.players_take_part",
                    players = seats - out,
                    expected = players,
                    why = why
                ),
            ));
        }
        Ok(())
    }

    /// The Re party has the size the contract needs.
    fn check_parties(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        let re = self.size(Party::Re);
        let expected: &[usize] = match self.contract {
            Contract::Normal | Contract::Poverty | Contract::DiamondQueens => &[2],
            Contract::Wedding => &[2, 1],
            _ => &[1],
        };
        if expected.contains(&re) {
            return Ok(());
        }
        let want = expected
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        let message = msg!(
            "error.re_party",
            re = re,
            contract = self.contract,
            want = want
        );
        if re == 1 && self.contract == Contract::Normal && profile.allows(Contract::SilentSolo) {
            return Err(("re", msg!("error.re_party_alone", message = message)));
        }
        Err(("re", message))
    }

    /// Eyes add up to the deck's, tricks to a hand's; a party without a trick has no eyes.
    fn check_eyes_and_tricks(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        let total = profile.deck().total_eyes();
        if self.re_eyes as u32 + self.kontra_eyes as u32 != total as u32 {
            return Err((
                "re_points",
                msg!(
                    "error.eyes_sum",
                    re = self.re_eyes,
                    kontra = self.kontra_eyes,
                    total = total
                ),
            ));
        }
        let tricks = profile.hand_size();
        if let (Some(r), Some(k)) = (self.re_tricks, self.kontra_tricks)
            && r as usize + k as usize != tricks
        {
            return Err((
                "re_tricks",
                msg!("error.tricks_sum", re = r, kontra = k, total = tricks),
            ));
        }
        for party in [Party::Re, Party::Kontra] {
            let field = match party {
                Party::Re => "re_tricks",
                Party::Kontra => "kontra_tricks",
            };
            if self.tricks(party) == Some(0) && self.eyes(party) > 0 {
                return Err((
                    field,
                    msg!(
                        "error.no_trick_but_eyes",
                        party = party,
                        eyes = self.eyes(party)
                    ),
                ));
            }
            if self.tricks(party).is_some_and(|t| t as usize > tricks) {
                return Err((field, msg!("error.more_tricks", tricks = tricks)));
            }
        }
        Ok(())
    }

    /// No more extras of a kind than a deal can have.
    /// An extra won in a trick needs the party to have won a trick with its card: no fox
    /// for a party that won no trick, or fewer eyes than the tricks it needs (11 a fox, a
    /// Doppelkopf as the profile defines it, 10 a caught ♥10; as many times as it is
    /// claimed: [`super::least_trick_eyes`]). A full record's
    /// extras are found in its tricks; this catches a summary that cannot be.
    fn check_extras_won(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        for (party, extras, field) in [
            (Party::Re, &self.re_extras, "re_extras"),
            (Party::Kontra, &self.kontra_extras, "kontra_extras"),
        ] {
            let eyes = self.eyes(party);
            for &extra in extras.iter() {
                let Some(min) = super::least_trick_eyes(extra, profile) else {
                    continue;
                };
                let times = extras.iter().filter(|&&x| x == extra).count() as u16;
                if self.tricks(party) == Some(0) {
                    return Err((
                        field,
                        msg!(
                            "error.extra_no_trick",
                            extra = extra.to_string(),
                            party = party
                        ),
                    ));
                }
                if eyes < min * times {
                    return Err((
                        field,
                        msg!(
                            "error.extra_needs_eyes",
                            extra = extra.to_string(),
                            eyes = eyes,
                            min = min * times,
                            party = party
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_extras(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        let count = |e: Extra| {
            self.re_extras
                .iter()
                .chain(&self.kontra_extras)
                .filter(|&&x| x == e)
                .count()
        };
        for extra in Extra::all() {
            let Some(max) = most_a_deal(extra, profile) else {
                continue;
            };
            if count(extra) > max {
                return Err((
                    "re_extras",
                    msg!(
                        "error.extras_max",
                        count = count(extra),
                        extra = extra.to_string(),
                        max = max
                    ),
                ));
            }
        }
        self.check_extras_won(profile)?;
        let copies = profile.deck.copies as usize;
        if count(Extra::Karlchen) + count(Extra::KarlchenCaught) > copies {
            return Err(("re_extras", msg!("error.karlchen_jacks", copies = copies)));
        }
        if profile.extras.karlchen_kind == crate::variant::KarlchenKind::TakenInLastTrick
            && [&self.re_extras, &self.kontra_extras].iter().all(|x| {
                x.iter()
                    .any(|e| matches!(e, Extra::Karlchen | Extra::KarlchenCaught))
            })
        {
            return Err(("kontra_extras", msg!("error.karlchen_both")));
        }
        self.check_club_queens(profile)
    }

    /// Where the club queens score (the wiki), every ♣Q is played: the sheet names each,
    /// and in a game where the Re party holds them all (normal, wedding, silent solo) Re
    /// played them all.
    fn check_club_queens(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        if profile.extra_points(Extra::ClubQueen) == 0 {
            return Ok(());
        }
        let copies = profile.deck.copies as usize;
        let of = |x: &[Extra]| x.iter().filter(|&&e| e == Extra::ClubQueen).count();
        let (re, kontra) = (of(&self.re_extras), of(&self.kontra_extras));
        if re + kontra != copies {
            return Err((
                "re_extras",
                msg!(
                    "error.club_queens_all",
                    count = re + kontra,
                    copies = copies
                ),
            ));
        }
        let re_holds_all = matches!(
            self.contract,
            Contract::Normal | Contract::Wedding | Contract::SilentSolo
        );
        if re_holds_all && re != copies {
            return Err((
                "re_extras",
                msg!(
                    "error.club_queens_re",
                    contract = self.contract,
                    copies = copies,
                    re = re
                ),
            ));
        }
        Ok(())
    }

    /// Calls the profile plays, a knock it allows, a multiplier in bounds.
    fn check_calls_and_more(&self, profile: &Profile) -> Result<(), (&'static str, Text)> {
        // Only the party that said no 90 first goes beyond it: a sheet, which does not
        // say who was first, may not have both parties beyond no 90.
        if profile.calls.further_only_first_no90 {
            let beyond = |p: Party| self.calls(p).highest().filter(|c| c.level() >= 2);
            if let (Some(_), Some(call)) = (beyond(Party::Re), beyond(Party::Kontra)) {
                return Err((
                    "kontra_calls",
                    msg!(
                        "error.further_only_first_no90_sheet",
                        call = call.to_string()
                    ),
                ));
            }
        }
        for party in [Party::Re, Party::Kontra] {
            if let Some(call) = self.calls(party).highest()
                && call.level() >= profile.calls.levels
            {
                let field = match party {
                    Party::Re => "re_calls",
                    Party::Kontra => "kontra_calls",
                };
                return Err((field, super::no_call(profile, call, party)));
            }
        }
        for party in [Party::Re, Party::Kontra] {
            let callers = self.calls(party).callers() as usize;
            if callers > self.size(party) {
                let field = match party {
                    Party::Re => "re_calls",
                    Party::Kontra => "kontra_calls",
                };
                return Err((
                    field,
                    msg!(
                        "error.callers_party",
                        callers = callers,
                        party = party,
                        word = party.title(),
                        size = self.size(party)
                    ),
                ));
            }
        }
        if let Err(m) = check_knock(self.knock, profile, self.size(Party::Re)) {
            return Err(("knock", m));
        }
        if let Some(b) = self.bock
            && let Err(m) = crate::deal::check_bock(b)
        {
            return Err(("bock", m));
        }
        Ok(())
    }
}
