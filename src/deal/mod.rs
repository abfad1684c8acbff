//! The record model: what is known about a deal, however it was written down.
//!
//! A paper sheet row or a TOML summary says the facts directly; a full record (the cards
//! and the tricks, [`full::FullRecord`]) is played to derive them, a layer above this one.
//! Either way scoring sees one [`DealFacts`]. The readers here return records and never
//! play them.

pub mod archive;
mod error;
pub mod full;
pub mod records;
pub mod sheet;

use crate::calls::PartyCalls;
use crate::contract::{Contract, Party};
use crate::extras::Extra;
use crate::lang::Lang;
use crate::tr;
use crate::variant::Profile;

pub use error::{BOM, Located, RecordError, decode};

/// A player's part in one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Re,
    Kontra,
    /// Sits out (the dealer at a table of one more than the players a deal needs).
    Out,
}

impl Role {
    pub fn party(self) -> Option<Party> {
        match self {
            Role::Re => Some(Party::Re),
            Role::Kontra => Some(Party::Kontra),
            Role::Out => None,
        }
    }
}

impl From<Party> for Role {
    fn from(p: Party) -> Role {
        match p {
            Party::Re => Role::Re,
            Party::Kontra => Role::Kontra,
        }
    }
}

/// Knocking (Kloepper): the black-queen party claimed every trick before trick 2 was led,
/// and perhaps the opponents knocked back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Knock {
    Re,
    Both,
}

impl Knock {
    /// `re` or `both` (`knock` column or field); empty for none.
    pub fn parse(s: &str) -> Result<Option<Knock>, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "-" | "no" => Ok(None),
            "re" | "r" => Ok(Some(Knock::Re)),
            "both" | "back" | "kontra" => Ok(Some(Knock::Both)),
            other => Err(format!(
                "`{other}` is not a knock (re: the black queens knocked; both: and the opponents knocked back)"
            )),
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Knock::Re => "re",
            Knock::Both => "both",
        }
    }
}

/// The largest multiplier a sheet may force (`bock`): far beyond any Bock round, small
/// enough that points times it cannot overflow.
pub const MAX_BOCK: u32 = 1024;

/// Reads a `bock` field: a multiplier from 1 to [`MAX_BOCK`]. Every format reads it here.
pub fn parse_bock(s: &str) -> Result<u32, String> {
    check_bock(s.trim().parse::<u32>().map_err(|_| not_a_multiplier(s))?)
}

/// Checks a multiplier already read as a number (JSON, TOML).
pub fn check_bock(b: u32) -> Result<u32, String> {
    if (1..=MAX_BOCK).contains(&b) {
        Ok(b)
    } else {
        Err(not_a_multiplier(&b.to_string()))
    }
}

fn not_a_multiplier(s: &str) -> String {
    format!(
        "`{}` is not a multiplier (1, 2, 4 ... up to {MAX_BOCK})",
        s.trim()
    )
}

/// Reads a yes-or-no field (`compulsory`): `yes`/`true`/`1`/`x`, or `no`/`false`/`0`/`-`
/// (empty: no). Every format reads it here.
pub fn parse_yes_no(s: &str) -> Result<bool, String> {
    let s = s.trim();
    // With the German words spreadsheets of German tables write.
    const YES: [&str; 7] = ["yes", "y", "true", "1", "x", "ja", "j"];
    const NO: [&str; 8] = ["", "no", "n", "false", "0", "-", "nein", "falsch"];
    if YES.iter().any(|w| s.eq_ignore_ascii_case(w)) {
        Ok(true)
    } else if NO.iter().any(|w| s.eq_ignore_ascii_case(w)) {
        Ok(false)
    } else {
        Err(tr!(Lang::En, "error.yes_no", word = s))
    }
}

/// Checks the players of a table: none empty, none named twice (case aside, as names are
/// looked up). Every format checks them here.
pub fn check_players(players: &[String]) -> Result<(), String> {
    for (i, p) in players.iter().enumerate() {
        if p.is_empty() || players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            return Err(format!("player `{p}` is empty or named twice"));
        }
    }
    Ok(())
}

/// Why a call is not played under the profile.
pub fn no_call(profile: &Profile, call: crate::calls::Call, party: Party) -> String {
    if profile.calls.levels == 0 {
        format!("profile {} has no calls", profile.name)
    } else {
        format!(
            "profile {} has no {} call (only the first {} of re/kontra, no90, no60, no30, schwarz)",
            profile.name,
            call.word(party),
            profile.calls.levels
        )
    }
}

/// Is this knock possible under the profile, with a Re party of `re` players?
pub fn check_knock(knock: Option<Knock>, profile: &Profile, re: usize) -> Result<(), String> {
    match knock {
        Some(_) if !profile.knocking.allowed => {
            Err(format!("profile {} has no knocking", profile.name))
        }
        Some(Knock::Both) if re == 1 && !profile.knocking.knock_back_alone => Err(format!(
            "nobody knocks back against a lone player under profile {}",
            profile.name
        )),
        _ => Ok(()),
    }
}

/// What a summary states (a sheet row or a TOML summary), as written, before it is checked.
/// Both parsers fill one of these so that the facts are derived in one place.
#[derive(Debug, Clone, Default)]
pub struct Summary<'a> {
    pub number: usize,
    pub contract: Option<Contract>,
    pub roles: Vec<Role>,
    pub re_points: Option<u16>,
    pub kontra_points: Option<u16>,
    pub re_tricks: Option<u8>,
    pub kontra_tricks: Option<u8>,
    pub re_calls: &'a str,
    pub kontra_calls: &'a str,
    pub re_extras: Vec<&'a str>,
    pub kontra_extras: Vec<&'a str>,
    pub bock: Option<u32>,
    pub compulsory: bool,
    pub knock: Option<Knock>,
    pub note: Option<String>,
}

impl Summary<'_> {
    /// Completes and checks the facts: the other party's eyes and tricks follow from the
    /// deck, calls and extras are read, and the whole is checked against the profile.
    /// Errors are (field, message); `contract_field` names the contract's field.
    pub fn facts(
        self,
        profile: &Profile,
        contract_field: &str,
    ) -> Result<DealFacts, (String, String)> {
        let err = |field: &str, msg: String| (field.to_string(), msg);
        // A lone Re player without a declared contract plays a silent solo (Kloepper's
        // black queens alone), where the profile has one.
        let lone = self.roles.iter().filter(|r| **r == Role::Re).count() == 1;
        let contract = match self.contract {
            Some(c) => c,
            None if lone && profile.allows(Contract::SilentSolo) => Contract::SilentSolo,
            None => Contract::Normal,
        };
        let total = profile.deck().total_eyes();
        for (key, v) in [
            ("re_points", self.re_points),
            ("kontra_points", self.kontra_points),
        ] {
            if let Some(v) = v
                && v > total
            {
                return Err(err(
                    key,
                    tr!(Lang::En, "error.eyes_deck", eyes = v, total = total),
                ));
            }
        }
        let (re_eyes, kontra_eyes) = match (self.re_points, self.kontra_points) {
            (Some(r), Some(k)) if r + k != total => {
                return Err(err(
                    "kontra_points",
                    tr!(
                        Lang::En,
                        "error.points_sum",
                        re = r,
                        kontra = k,
                        total = total
                    ),
                ));
            }
            (Some(r), _) => (r, total - r),
            (None, Some(k)) => (total - k, k),
            (None, None) if contract == Contract::Redeal => (0, 0),
            (None, None) => {
                return Err(err("re_points", tr!(Lang::En, "error.no_eyes")));
            }
        };
        let hand = profile.hand_size();
        for (key, v) in [
            ("re_tricks", self.re_tricks),
            ("kontra_tricks", self.kontra_tricks),
        ] {
            if let Some(v) = v
                && v as usize > hand
            {
                return Err(err(
                    key,
                    tr!(Lang::En, "error.tricks_hand", tricks = v, hand = hand),
                ));
            }
        }
        let hand = hand as u8;
        let (re_tricks, kontra_tricks) = match (self.re_tricks, self.kontra_tricks) {
            (Some(r), None) => (Some(r), Some(hand - r)),
            (None, Some(k)) => (Some(hand - k), Some(k)),
            other => other,
        };
        let calls = |party: Party, cell: &str| {
            PartyCalls::parse_cell(cell, party)
                .map_err(|e| err(&format!("{}_calls", party.key()), e))
        };
        let extras = |party: Party, words: &[&str]| {
            Extra::parse_list(words.iter().copied())
                .map_err(|e| err(&format!("{}_extras", party.key()), e))
        };
        let facts = DealFacts {
            number: self.number,
            contract,
            roles: self.roles,
            re_eyes,
            kontra_eyes,
            re_tricks,
            kontra_tricks,
            re_calls: calls(Party::Re, self.re_calls)?,
            kontra_calls: calls(Party::Kontra, self.kontra_calls)?,
            re_extras: extras(Party::Re, &self.re_extras)?,
            kontra_extras: extras(Party::Kontra, &self.kontra_extras)?,
            extras_at: Vec::new(),
            bock: self.bock,
            compulsory: self.compulsory,
            forced: false,
            dealer: None,
            schweinchen: false,
            clarification: 0,
            knock: self.knock,
            note: self.note,
            bidding: None,
        };
        facts.check(profile, contract_field)?;
        Ok(facts)
    }
}

/// Where a full record saw an extra: in which trick, and whose card was caught.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraAt {
    pub party: Party,
    pub extra: Extra,
    /// The trick, counting from 1.
    pub trick: u8,
    /// The seat whose card was caught (a fox, a Dulle, a Karlchen), if any.
    pub from: Option<u8>,
}

/// Everything scoring needs to know about one deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealFacts {
    /// The deal's number as written (or its position, counting from 1).
    pub number: usize,
    pub contract: Contract,
    /// One role per seat of the table, in seat order.
    pub roles: Vec<Role>,
    pub re_eyes: u16,
    pub kontra_eyes: u16,
    /// Tricks won, when known (always for full records).
    pub re_tricks: Option<u8>,
    pub kontra_tricks: Option<u8>,
    pub re_calls: PartyCalls,
    pub kontra_calls: PartyCalls,
    pub re_extras: Vec<Extra>,
    pub kontra_extras: Vec<Extra>,
    /// Where a full record saw each extra (empty for a summary).
    pub extras_at: Vec<ExtraAt>,
    /// A multiplier forced by the sheet (`bock` column).
    pub bock: Option<u32>,
    /// A compulsory solo (the same dealer deals again where the profile says so).
    pub compulsory: bool,
    /// A forced compulsory solo (TSR 4.2): the next player deals after it.
    pub forced: bool,
    /// The dealer's seat, where known.
    pub dealer: Option<usize>,
    /// Schweinchen was declared (no fox points).
    pub schweinchen: bool,
    /// The trick that settled a wedding (0 for other contracts), which moves the call
    /// deadlines.
    pub clarification: u8,
    /// Knocking (Kloepper).
    pub knock: Option<Knock>,
    pub note: Option<String>,
    /// Who won the bidding and why, for a record with bids.
    pub bidding: Option<BidAccount>,
}

/// The bidding of a deal as `--explain` and the JSON output tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidAccount {
    pub decided: crate::bids::Decided,
    /// The record's bids (shared with it).
    pub bids: std::sync::Arc<[crate::bids::Bid]>,
}

impl BidAccount {
    /// The winning statement, where a game was named.
    pub fn statement(&self) -> Option<&str> {
        self.decided
            .winner
            .and_then(|i| self.bids.get(i))
            .map(|b| b.text.as_str())
    }

    /// Why the bidding ended so, in a sentence (in the reader's language).
    pub fn why(&self) -> crate::lang::Text {
        self.decided.explain(self.statement())
    }
}

impl DealFacts {
    /// Seats of one party.
    pub fn members(&self, party: Party) -> impl Iterator<Item = usize> + '_ {
        self.roles
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.party() == Some(party))
            .map(|(i, _)| i)
    }

    pub fn size(&self, party: Party) -> usize {
        self.sizes()[party as usize]
    }

    /// Does `party` play alone against more than one (a solo, a silent solo, a wedding
    /// without a partner)?
    pub fn alone(&self, party: Party) -> bool {
        let [re, kontra] = self.sizes();
        let (own, other) = match party {
            Party::Re => (re, kontra),
            Party::Kontra => (kontra, re),
        };
        own == 1 && other > 1
    }

    /// The sizes of both parties, Re first, counted in one pass.
    pub fn sizes(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for r in &self.roles {
            if let Some(p) = r.party() {
                n[p as usize] += 1;
            }
        }
        n
    }

    /// One player against the others (solo, silent solo, a wedding without partner).
    pub fn is_lone(&self) -> bool {
        self.sizes().contains(&1)
    }

    pub fn eyes(&self, party: Party) -> u16 {
        match party {
            Party::Re => self.re_eyes,
            Party::Kontra => self.kontra_eyes,
        }
    }

    pub fn tricks(&self, party: Party) -> Option<u8> {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => self.kontra_tricks,
        }
    }

    pub fn calls(&self, party: Party) -> PartyCalls {
        match party {
            Party::Re => self.re_calls,
            Party::Kontra => self.kontra_calls,
        }
    }

    pub fn extras(&self, party: Party) -> &[Extra] {
        match party {
            Party::Re => &self.re_extras,
            Party::Kontra => &self.kontra_extras,
        }
    }

    /// Did `party` win no trick? Without a trick count, 0 eyes is taken as no trick.
    pub fn is_schwarz(&self, party: Party) -> bool {
        match self.tricks(party) {
            Some(t) => t == 0,
            None => self.eyes(party) == 0,
        }
    }

    /// Checks a summary against the profile. Errors name the field in the words of the
    /// sheet (`game`, `re`, `re_points`, ...); `contract_field` is `game` on a CSV sheet and
    /// `contract` in a TOML record.
    pub fn check(&self, profile: &Profile, contract_field: &str) -> Result<(), (String, String)> {
        let err = |(field, msg): (&str, String)| (field.to_string(), msg);
        if !profile.allows(self.contract) {
            return Err(err((
                contract_field,
                format!(
                    "contract {} is not played under profile {}",
                    self.contract, profile.name
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
    fn check_table(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
        let players = profile.deck.players as usize;
        let seats = self.roles.len();
        crate::seating::check_table(profile, seats).map_err(|e| ("players", e.to_string()))?;
        let out = self.roles.iter().filter(|r| **r == Role::Out).count();
        if seats - out != players {
            let why = if seats > players {
                format!("the dealer of a table of {seats} sits out")
            } else {
                "nobody sits out".into()
            };
            return Err((
                "players",
                format!(
                    "{} players take part, {players} expected ({why})",
                    seats - out
                ),
            ));
        }
        Ok(())
    }

    /// The Re party has the size the contract needs.
    fn check_parties(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
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
        let message = tr!(
            Lang::En,
            "error.re_party",
            re = re,
            contract = self.contract,
            want = want
        );
        if re == 1 && self.contract == Contract::Normal && profile.allows(Contract::SilentSolo) {
            return Err((
                "re",
                tr!(Lang::En, "error.re_party_alone", message = message),
            ));
        }
        Err(("re", message))
    }

    /// Eyes add up to the deck's, tricks to a hand's; a party without a trick has no eyes.
    fn check_eyes_and_tricks(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
        let total = profile.deck().total_eyes();
        if self.re_eyes as u32 + self.kontra_eyes as u32 != total as u32 {
            return Err((
                "re_points",
                tr!(
                    Lang::En,
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
                format!("tricks {r} + {k} do not add up to {tricks}"),
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
                    format!("{party} won no trick but has {} eyes", self.eyes(party)),
                ));
            }
            if self.tricks(party).is_some_and(|t| t as usize > tricks) {
                return Err((field, format!("more than the {tricks} tricks of a deal")));
            }
        }
        Ok(())
    }

    /// No more extras of a kind than a deal can have.
    fn check_extras(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
        let count = |e: Extra| {
            self.re_extras
                .iter()
                .chain(&self.kontra_extras)
                .filter(|&&x| x == e)
                .count()
        };
        let copies = profile.deck.copies as usize;
        let tricks = profile.hand_size();
        // One Karlchen wins the last trick; where a Karlchen is a ♣J taken or played in it,
        // each copy may be one.
        let karlchen = match profile.extras.karlchen_kind {
            crate::variant::KarlchenKind::WinsLastTrick => 1,
            _ => copies,
        };
        for (extra, max) in [
            (Extra::Fox, copies),
            (Extra::Karlchen, karlchen),
            (Extra::KarlchenCaught, copies),
            (Extra::ClubQueen, copies),
            (Extra::Doppelkopf, tricks),
            (Extra::FoxLastTrick, copies),
            (Extra::HeartTrick, tricks),
            (Extra::DulleCaught, copies),
            (Extra::FoxWinsLastTrick, 1),
            (Extra::DulleJabsDulle, copies / 2),
        ] {
            if count(extra) > max {
                return Err((
                    "re_extras",
                    format!("{} {extra} extras; a deal has at most {max}", count(extra)),
                ));
            }
        }
        if count(Extra::Karlchen) + count(Extra::KarlchenCaught) > copies {
            return Err((
                "re_extras",
                format!("karlchen and karlchen-caught name more than the {copies} club jacks"),
            ));
        }
        if profile.extras.karlchen_kind == crate::variant::KarlchenKind::TakenInLastTrick
            && [&self.re_extras, &self.kontra_extras].iter().all(|x| {
                x.iter()
                    .any(|e| matches!(e, Extra::Karlchen | Extra::KarlchenCaught))
            })
        {
            return Err((
                "kontra_extras",
                "both parties have a Karlchen, but only the winner of the last trick takes one"
                    .into(),
            ));
        }
        self.check_club_queens(profile)
    }

    /// Where the club queens score (the wiki), every ♣Q is played: the sheet names each,
    /// and in a game where the Re party holds them all (normal, wedding, silent solo) Re
    /// played them all.
    fn check_club_queens(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
        if profile.extras.club_queen == 0 {
            return Ok(());
        }
        let copies = profile.deck.copies as usize;
        let of = |x: &[Extra]| x.iter().filter(|&&e| e == Extra::ClubQueen).count();
        let (re, kontra) = (of(&self.re_extras), of(&self.kontra_extras));
        if re + kontra != copies {
            return Err((
                "re_extras",
                format!(
                    "{} club-queen extras; every one of the {copies} ♣Q is played and scores, so write club-queen once for each, in the extras of the party that played it",
                    re + kontra
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
                format!(
                    "in a {} game the Re party holds every ♣Q and plays them: club-queen {copies} times in re_extras, not {re}",
                    self.contract
                ),
            ));
        }
        Ok(())
    }

    /// Calls the profile plays, a knock it allows, a multiplier in bounds.
    fn check_calls_and_more(&self, profile: &Profile) -> Result<(), (&'static str, String)> {
        for party in [Party::Re, Party::Kontra] {
            if let Some(call) = self.calls(party).highest()
                && call.level() >= profile.calls.levels
            {
                let field = match party {
                    Party::Re => "re_calls",
                    Party::Kontra => "kontra_calls",
                };
                return Err((field, no_call(profile, call, party)));
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
                    format!(
                        "{callers} players of {party} said {}, but {party} has {}",
                        party.title(),
                        self.size(party)
                    ),
                ));
            }
        }
        if let Err(m) = check_knock(self.knock, profile, self.size(Party::Re)) {
            return Err(("knock", m));
        }
        if let Some(b) = self.bock
            && let Err(m) = check_bock(b)
        {
            return Err(("bock", m));
        }
        Ok(())
    }
}
