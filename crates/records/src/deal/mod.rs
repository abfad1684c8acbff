//! The record model: what is known about a deal, however it was written down.
//!
//! A paper sheet row or a TOML summary says the facts directly; a full record (the cards
//! and the tricks, [`full::FullRecord`]) is played to derive them, a layer above this one.
//! Either way scoring sees one [`DealFacts`]. The readers here return records and never
//! play them.

pub mod archive;
pub mod error;
pub mod full;
pub mod records;
pub mod sheet;
pub mod write_toml;

use crate::calls::PartyCalls;
use crate::contract::{Contract, Party};
use crate::extras::Extra;
use crate::lang::Text;
use crate::msg;

pub use error::{
    BOM, FieldError, Located, MAX_DOCUMENT, RecordError, compressed, decode, decode_saved,
    read_bounded, size_text, utf16_order,
};

/// A player's part in one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// In the Re party.
    Re,
    /// In the Kontra party.
    Kontra,
    /// Sits out (the dealer at a table of one more than the players a deal needs).
    Out,
}

impl Role {
    /// The party of the role (none for a player sitting out).
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
    /// Re knocked.
    Re,
    /// Both parties knocked.
    Both,
}

impl Knock {
    /// `re` or `both` (`knock` column or field); empty for none.
    pub fn parse(s: &str) -> Result<Option<Knock>, Text> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "-" | "no" => Ok(None),
            "re" | "r" => Ok(Some(Knock::Re)),
            "both" | "back" | "kontra" => Ok(Some(Knock::Both)),
            other => Err(msg!("error.not_a_knock", word = other)),
        }
    }

    /// The knock as files write it.
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
pub fn parse_bock(s: &str) -> Result<u32, Text> {
    check_bock(s.trim().parse::<u32>().map_err(|_| not_a_multiplier(s))?)
}

/// Checks a multiplier already read as a number (JSON, TOML).
pub fn check_bock(b: u32) -> Result<u32, Text> {
    if (1..=MAX_BOCK).contains(&b) {
        Ok(b)
    } else {
        Err(not_a_multiplier(&b.to_string()))
    }
}

fn not_a_multiplier(s: &str) -> Text {
    msg!("error.not_a_multiplier", value = s.trim(), max = MAX_BOCK)
}

/// Reads a yes-or-no field (`compulsory`): `yes`/`true`/`1`/`x`, or `no`/`false`/`0`/`-`
/// (empty: no). Every format reads it here.
pub fn parse_yes_no(s: &str) -> Result<bool, Text> {
    let s = crate::words::trim(s);
    // Most fields are empty (no): answered before the words are compared.
    if s.is_empty() {
        return Ok(false);
    }
    // With the German words spreadsheets of German tables write.
    const YES: [&str; 7] = ["yes", "y", "true", "1", "x", "ja", "j"];
    const NO: [&str; 7] = ["no", "n", "false", "0", "-", "nein", "falsch"];
    if YES.iter().any(|w| s.eq_ignore_ascii_case(w)) {
        Ok(true)
    } else if NO.iter().any(|w| s.eq_ignore_ascii_case(w)) {
        Ok(false)
    } else {
        Err(msg!("error.yes_no", word = s))
    }
}

pub use crate::chars::prefix;

/// Refuses a name with a character that is not seen or moves the text around it
/// (`crate::chars::unfit_for_name`): control characters (an escape sequence clears a
/// terminal), bidirectional marks, overrides and isolates, and every default-ignorable or
/// blank-looking code point (`Anna` and `Ann` + U+200B + `a` would be two players; `Anna`
/// and `Anna` + a Hangul filler too). Every name doko reads or writes is checked here:
/// players, sheets, tournaments, teams and profiles.
/// The message names the character and where it is. A name has at most 64 characters
/// (`sheet::MAX_COLUMN_NAME`, as a sheet's column).
pub fn check_name(name: &str) -> Result<(), Text> {
    if name.chars().count() > sheet::MAX_COLUMN_NAME {
        return Err(msg!(
            "error.name_too_long",
            name = prefix(name),
            most = sheet::MAX_COLUMN_NAME
        ));
    }
    check_label(name)
}

pub use crate::chars::check_label;

/// Where an archive's players field is split into names: at white space and commas.
pub fn splits_players(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Names that a deal written in full can carry: [`check_players`], and none holding a
/// character that separates names, cards and entries there: white space and `,` (where an
/// archive's players field is split, `splits_players`), `:` (`name:card` in tricks and
/// hands) or `;` (call and bid entries, entries of a CSV field).
pub fn check_written_players(players: &[String]) -> Result<(), Text> {
    check_players(players)?;
    match players
        .iter()
        .find(|p| p.contains(|c: char| splits_players(c) || matches!(c, ':' | ';')))
    {
        Some(p) => Err(msg!("error.name_separator", name = prefix(p))),
        None => Ok(()),
    }
}

/// The longest note a deal may carry, in characters (a sheet's, a record's, the page's).
pub const MAX_NOTE: usize = 1000;

/// Refuses a note longer than [`MAX_NOTE`] or holding a character that controls the
/// terminal or reorders the text (control characters, bidirectional overrides and
/// isolates): printed, an escape in a note would clear or recolour the screen. Every format
/// checks a deal's note here.
pub fn check_note(note: &str) -> Result<(), Text> {
    let chars = note.chars().count();
    if chars > MAX_NOTE {
        return Err(msg!(
            "error.field_too_long",
            field = "note",
            chars = chars,
            max = MAX_NOTE
        ));
    }
    let moves = crate::chars::moves_text;
    match note.chars().enumerate().find(|&(_, c)| moves(c)) {
        Some((at, c)) => Err(msg!(
            "error.note_control_char",
            code = format!("U+{:04X}", c as u32),
            at = at + 1
        )),
        None => Ok(()),
    }
}

/// Whether two names are one name as a reader sees them: the same after Unicode
/// compatibility normalisation (NFKC: `é` written as one character or as `e` and an accent,
/// a full-width `Ａ` and `A`, a no-break space and a space), case and runs of white space
/// aside. Players, columns and tournament entrants that are one name this way are refused.
pub fn same_name(a: &str, b: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let fold = |s: &str| {
        let mut out = String::with_capacity(s.len());
        for word in s.nfkc().collect::<String>().split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(word.chars().flat_map(char::to_lowercase));
        }
        out
    };
    a.eq_ignore_ascii_case(b) || fold(a) == fold(b)
}

/// Checks the players of a table: none empty, none named twice (case, Unicode forms and
/// spacing aside: [`same_name`]). Every format checks them here.
pub fn check_players(players: &[String]) -> Result<(), Text> {
    if players.len() > crate::seating::MAX_SEATS {
        return Err(msg!(
            "error.too_many_players",
            players = players.len(),
            most = crate::seating::MAX_SEATS
        ));
    }
    for p in players {
        check_name(p)?;
    }
    for (i, p) in players.iter().enumerate() {
        if p.trim().is_empty() || players[..i].iter().any(|q| same_name(q, p)) {
            return Err(msg!("error.player_twice", player = p));
        }
    }
    Ok(())
}

/// What a summary states (a sheet row or a TOML summary), as written, before it is checked.
/// Both parsers fill one of these so that the facts are derived in one place
/// (`play::summary_facts`, where the profile's rules are).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The deal's number.
    pub number: usize,
    /// The contract, where written.
    pub contract: Option<Contract>,
    /// Each seat's role.
    pub roles: Vec<Role>,
    /// Re's eyes, where written.
    pub re_points: Option<u16>,
    /// Kontra's eyes, where written.
    pub kontra_points: Option<u16>,
    /// Re's tricks, where written.
    pub re_tricks: Option<u8>,
    /// Kontra's tricks, where written.
    pub kontra_tricks: Option<u8>,
    /// Re's calls as written.
    pub re_calls: String,
    /// Kontra's calls as written.
    pub kontra_calls: String,
    /// Re's extras as written.
    pub re_extras: Vec<String>,
    /// Kontra's extras as written.
    pub kontra_extras: Vec<String>,
    /// A Bock multiplier written on the deal.
    pub bock: Option<u32>,
    /// Whether the deal is a compulsory solo.
    pub compulsory: bool,
    /// Who knocked, where written.
    pub knock: Option<Knock>,
    /// A note written with the deal.
    pub note: Option<String>,
}

/// Where a full record saw an extra: in which trick, and whose card was caught.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraAt {
    /// The party that made the extra.
    pub party: Party,
    /// The extra.
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
    /// The contract played.
    pub contract: Contract,
    /// One role per seat of the table, in seat order.
    pub roles: Vec<Role>,
    /// Re's eyes.
    pub re_eyes: u16,
    /// Kontra's eyes.
    pub kontra_eyes: u16,
    /// Tricks won, when known (always for full records).
    pub re_tricks: Option<u8>,
    /// Kontra's tricks, where known.
    pub kontra_tricks: Option<u8>,
    /// Re's calls.
    pub re_calls: PartyCalls,
    /// Kontra's calls.
    pub kontra_calls: PartyCalls,
    /// Re's extras.
    pub re_extras: Vec<Extra>,
    /// Kontra's extras.
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
    /// A note written with the deal.
    pub note: Option<String>,
    /// Who won the bidding and why, for a record with bids.
    pub bidding: Option<BidAccount>,
    /// FreeDoko's Genscher, where one was played: the holder of both ♦K, the partner
    /// she named, the trick (from 1), and whether the pair became Re.
    pub genscher: Option<GenscherAccount>,
    /// What the tricks showed for the Bock triggers.
    pub events: TrickEvents,
}

/// What the tricks showed that only a Bock trigger asks about (`bock.triggers`
/// `club-queen-caught`, `four-of-a-rank`); a summary leaves it unsaid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrickEvents {
    /// A ♣Q was taken by the other party.
    pub club_queen_caught: bool,
    /// A trick held four cards of one rank.
    pub four_of_a_rank: bool,
}

/// A Genscher as `--explain` tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenscherAccount {
    /// The holder of both ♦K.
    pub holder: u8,
    /// The partner she named.
    pub partner: u8,
    /// The trick of her first ♦K, from 1.
    pub trick: u8,
    /// The pair became Re (`contracts.genscher_party = "re"`); else the holder's party
    /// kept its name.
    pub re: bool,
}

/// The bidding of a deal as `--explain` and the JSON output tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidAccount {
    /// What the bids decided.
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

    /// Players in `party`.
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

    /// The eyes of `party`.
    pub fn eyes(&self, party: Party) -> u16 {
        match party {
            Party::Re => self.re_eyes,
            Party::Kontra => self.kontra_eyes,
        }
    }

    /// The tricks of `party`, where known.
    pub fn tricks(&self, party: Party) -> Option<u8> {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => self.kontra_tricks,
        }
    }

    /// The calls of `party`.
    pub fn calls(&self, party: Party) -> PartyCalls {
        match party {
            Party::Re => self.re_calls,
            Party::Kontra => self.kontra_calls,
        }
    }

    /// The extras of `party`.
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
}
