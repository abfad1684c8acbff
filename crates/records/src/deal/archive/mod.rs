//! Bulk archives of full records (`docs/formats.md` section 4): CSV with one deal per row, or
//! JSON Lines with the same fields. They are read as streams: one deal at a time, so memory
//! does not grow with the number of deals.
//!
//! CSV columns: `players` (names separated by spaces), `dealer`, `contract`, `declarer`,
//! `calls` (`<player> <call> <cards in hand>` separated by `;`), `tricks` (card tokens,
//! tricks separated by `|`), and optionally `compulsory`, `wedding_partner`, `schweinchen`,
//! `hyperschweinchen`, `accepted_by`, `passed`, `returned`, `called`, `knock`, `hands` (a
//! redeal's thrown-in hand: `<player>:<cards>` separated by `;`), `bock`, `note`. A row
//! without `dealer` is seated by the profile's rotation ([`crate::seating::Rotation`]).
//!
//! Rows are split by hand (an archive row is plain: no quotes); a row with quotes goes
//! through the csv crate, fields that span lines included.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use serde::Deserialize;

use crate::cards::{CARDS, Card, NO_CARD, RANK_OF, SUIT_OF};
use crate::contract::Contract;
use crate::deal::FieldError;
use crate::deal::full::{CallEntry, FullRecord, Tricks};
use crate::deal::records::{RawDeal, build_full_record, call_parts};

pub mod rows;
pub mod write;
use crate::deal::{RecordError, check_players, parse_bock, parse_yes_no};
use crate::lang::Text;
use crate::seating::MAX_SEATS;
use crate::seating::seat_in;
use rows::*;
pub use rows::{Columns, ColumnsError};
pub use rows::{RawRow, Rows};
pub use write::{CsvWriter, write_jsonl};

/// The kind of a bulk archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchiveFormat {
    /// Comma-separated values, a deal a row.
    Csv,
    /// JSON Lines, a deal a line.
    Jsonl,
}

/// The columns every archive has, a value in every row: who played and the tricks.
pub const REQUIRED_COLUMNS: [&str; 2] = ["players", "tricks"];

const COLUMNS: &[&str] = &[
    "players",
    "dealer",
    "contract",
    "declarer",
    "calls",
    "tricks",
    "compulsory",
    "wedding_partner",
    "schweinchen",
    "hyperschweinchen",
    "accepted_by",
    "passed",
    "returned",
    "called",
    "knock",
    "hands",
    "bock",
    "note",
    "genscher",
    "genscher_partner",
    "bids",
    "session",
];

// Positions in COLUMNS.
const PLAYERS: usize = 0;
const DEALER: usize = 1;
const CONTRACT: usize = 2;
const DECLARER: usize = 3;
const CALLS: usize = 4;
const TRICKS: usize = 5;
const COMPULSORY: usize = 6;
const WEDDING_PARTNER: usize = 7;
const SCHWEINCHEN: usize = 8;
const HYPERSCHWEINCHEN: usize = 9;
const ACCEPTED_BY: usize = 10;
const PASSED: usize = 11;
const RETURNED: usize = 12;
const CALLED: usize = 13;
const KNOCK: usize = 14;
const HANDS: usize = 15;
const BOCK: usize = 16;
const NOTE: usize = 17;
const GENSCHER: usize = 18;
const GENSCHER_PARTNER: usize = 19;
/// The fields that send a row the general way where they are written: the wedding's
/// partner rule, Schweinchen, poverty, Kloepper's called ace and knock, hands, Genscher.
const RARE_FIELDS: [usize; 11] = [
    WEDDING_PARTNER,
    SCHWEINCHEN,
    HYPERSCHWEINCHEN,
    ACCEPTED_BY,
    PASSED,
    RETURNED,
    CALLED,
    KNOCK,
    HANDS,
    GENSCHER,
    GENSCHER_PARTNER,
];
const BIDS: usize = 20;
/// A session (an evening: its Bock rounds, its dealer's rotation) begins with the row.
const SESSION: usize = 21;

/// Does a CSV header name a bulk archive (rather than a paper sheet)?
pub fn is_archive_header(header: &str) -> bool {
    let cols: Vec<String> = header
        .split(',')
        .map(|c| c.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    cols.iter().any(|c| c == "tricks") && cols.iter().any(|c| c == "players")
}

/// One JSON Lines deal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonDeal {
    players: Vec<String>,
    dealer: Option<String>,
    contract: Option<String>,
    declarer: Option<String>,
    #[serde(default)]
    calls: Vec<String>,
    #[serde(default)]
    tricks: Vec<String>,
    hands: Option<BTreeMap<String, String>>,
    compulsory: Option<bool>,
    wedding_partner: Option<String>,
    schweinchen: Option<String>,
    hyperschweinchen: Option<String>,
    genscher: Option<String>,
    genscher_partner: Option<String>,
    bids: Option<Vec<String>>,
    accepted_by: Option<String>,
    passed: Option<String>,
    returned: Option<String>,
    called: Option<String>,
    knock: Option<String>,
    bock: Option<u32>,
    note: Option<String>,
    session: Option<serde_json::Value>,
}

/// What decoding a row found out besides the record.
#[derive(Debug)]
pub struct Decoded {
    /// The row's players were read ([`Decoder::players`] holds them).
    pub players_read: bool,
    /// They differ from the players of the row decoded before by the same decoder.
    pub players_changed: bool,
    /// A session begins with the row (its `session` field has a value).
    pub session: bool,
    /// The record, or why the row is not one.
    pub result: Result<(), RecordError>,
}

/// Turns the rows of one archive into records: the one decoder of each archive format.
/// Each thread reading an archive has its own (a clone).
#[derive(Debug, Clone)]
pub struct Decoder {
    file: String,
    format: ArchiveFormat,
    /// CSV: the column of each name in COLUMNS.
    cols: Vec<Option<usize>>,
    /// CSV: the number of the header's columns, which every row has.
    width: usize,
    /// The current row's fields (CSV).
    row: Row,
    /// The last row's players, and (CSV) as written.
    players: Vec<String>,
    players_text: String,
    /// Why the current players cannot be a table, if they cannot.
    bad_players: Option<Text>,
    /// Which players `players` holds: a number no other list of players of any decoder
    /// has had ([`next_generation`]).
    generation: u64,
    /// Bids fields read lately, with the players they were read for ([`Decoder::bids`]).
    bids: BidCache,
}

/// The bids fields a decoder read lately: archives repeat the same few (every normal game
/// of a dealer has the same), so a field seen before is shared, not read again.
#[derive(Debug, Clone, Default)]
struct BidCache {
    entries: crate::recent::Recent<Box<str>, std::sync::Arc<[crate::bids::Bid]>>,
    /// The players they were read for.
    generation: u64,
    none: std::sync::Arc<[crate::bids::Bid]>,
}

/// A new number for a list of players, never 0 and never given before.
fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Decoder {
    fn new(file: &str, format: ArchiveFormat) -> Decoder {
        Decoder {
            file: file.to_string(),
            format,
            cols: Vec::new(),
            width: 0,
            row: Row::default(),
            players: Vec::new(),
            players_text: String::new(),
            bad_players: Some(crate::msg!("error.n_players", seats = 0)),
            generation: next_generation(),
            bids: BidCache::default(),
        }
    }
}

impl BidCache {
    /// The bids of a field read for `players` (of `generation`): shared where the same
    /// field was read for the same players lately.
    fn get(
        &mut self,
        players: &[String],
        generation: u64,
        field: &str,
    ) -> Result<std::sync::Arc<[crate::bids::Bid]>, Text> {
        let c = self;
        if field.is_empty() {
            return Ok(c.none.clone());
        }
        if c.generation != generation {
            c.entries.clear();
            c.generation = generation;
        }
        if let Some(bids) = c.entries.get(field) {
            return Ok(bids.clone());
        }
        let bids: std::sync::Arc<[crate::bids::Bid]> =
            crate::bids::read_all(players, field)?.into();
        c.entries.keep(field.into(), bids.clone());
        Ok(bids)
    }
}

impl Decoder {
    /// The players of the last row whose players were read.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// Decodes `raw` into `rec`, reusing the record's buffers; `raw` keeps its line and
    /// number, and a buffer for the next row. `players_of` goes with `rec`: which players
    /// it holds (0: none known), so that they are copied only when they change.
    pub fn decode(
        &mut self,
        raw: &mut RawRow,
        rec: &mut FullRecord,
        players_of: &mut u64,
    ) -> Decoded {
        let mut d = Decoded {
            players_read: false,
            players_changed: false,
            session: false,
            result: Ok(()),
        };
        d.result = match raw.cut.take() {
            Some(e) => Err(e),
            None => match self.format {
                ArchiveFormat::Csv => self.decode_csv(raw, rec, players_of, &mut d),
                ArchiveFormat::Jsonl => self.decode_json(raw, rec, players_of, &mut d),
            },
        };
        d
    }

    fn error(&self, message: impl Into<Text>, line: usize, number: usize) -> RecordError {
        RecordError::new(&self.file, message)
            .line(line)
            .deal(number)
    }

    fn decode_csv(
        &mut self,
        raw: &mut RawRow,
        rec: &mut FullRecord,
        players_of: &mut u64,
        d: &mut Decoded,
    ) -> Result<(), RecordError> {
        let (line, number) = (raw.line, raw.number);
        self.row.cut(raw).map_err(|m| self.error(m, line, number))?;
        if self.row.spans.len() != self.width {
            let m = crate::msg!(
                "error.row_fields",
                fields = self.row.spans.len(),
                header = self.width
            );
            return Err(self.error(m, line, number));
        }
        d.players_read = true;
        d.players_changed = self.take_players();
        d.session = !self.row.is_empty(self.cols[SESSION]);
        self.check_players(line, number)?;
        // Rare fields (RARE_FIELDS) and named cards: the general way.
        let rare = RARE_FIELDS
            .iter()
            .any(|&i| !self.row.is_empty(self.cols[i]))
            || (self.row.colon
                && memchr::memchr(b':', self.row.field(self.cols[TRICKS]).as_bytes()).is_some());
        if rare {
            let fields = self
                .raw_from_row()
                .map_err(|(field, m)| self.error(m, line, number).field(field))?;
            *rec = self.record_from(line, number, &fields)?;
            *players_of = self.generation;
            Ok(())
        } else {
            self.fill_plain(number, rec, players_of).map_err(|e| {
                self.error(e.message, line, number)
                    .field(e.field)
                    .trick(e.trick)
            })
        }
    }

    fn decode_json(
        &mut self,
        raw: &RawRow,
        rec: &mut FullRecord,
        players_of: &mut u64,
        d: &mut Decoded,
    ) -> Result<(), RecordError> {
        let (line, number) = (raw.line, raw.number);
        let j: JsonDeal = serde_json::from_slice(&raw.bytes).map_err(|e| {
            // Too deep for the parser: said as every reader says it.
            let text = std::str::from_utf8(&raw.bytes).unwrap_or("");
            match crate::toml_syntax::too_deep(text, true) {
                Some((_, why)) => self.error(why, line, number),
                None => self.error(e.to_string(), line, number),
            }
        })?;
        d.players_read = true;
        d.session = match &j.session {
            None | Some(serde_json::Value::Null | serde_json::Value::Bool(false)) => false,
            Some(serde_json::Value::String(s)) => !s.trim().is_empty(),
            Some(_) => true,
        };
        let same = j.players.len() == self.players.len()
            && j.players
                .iter()
                .zip(&self.players)
                .all(|(a, b)| a.trim() == b);
        if !same {
            self.players = j.players.iter().map(|p| p.trim().to_string()).collect();
            self.new_players();
            d.players_changed = true;
        }
        self.check_players(line, number)?;
        let fields = RawDeal {
            dealer: j.dealer,
            contract: j.contract,
            declarer: j.declarer,
            compulsory: j.compulsory,
            hands: j.hands,
            calls: Some(j.calls),
            tricks: Some(j.tricks),
            wedding_partner: j.wedding_partner,
            schweinchen: j.schweinchen,
            hyperschweinchen: j.hyperschweinchen,
            genscher: j.genscher,
            genscher_partner: j.genscher_partner,
            bids: j.bids,
            accepted_by: j.accepted_by,
            passed: j.passed,
            returned: j.returned,
            called: j.called,
            knock: j.knock,
            bock: j.bock,
            note: j.note,
            ..RawDeal::default()
        };
        *rec = self.record_from(line, number, &fields)?;
        *players_of = self.generation;
        Ok(())
    }

    /// Takes the players of the current CSV row; true where they differ from the last
    /// row's. The usual row, with the last row's players as written, copies nothing.
    fn take_players(&mut self) -> bool {
        let text = self.row.field(self.cols[PLAYERS]);
        if text == self.players_text {
            return false;
        }
        self.players_text.clear();
        self.players_text.push_str(text);
        let players: Vec<String> = text
            .split(crate::deal::splits_players)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect();
        if players == self.players {
            return false;
        }
        self.players = players;
        self.new_players();
        true
    }

    /// The players changed: they are checked once, and have a new generation.
    fn new_players(&mut self) {
        self.generation = next_generation();
        let seats = self.players.len();
        self.bad_players = if !(2..=MAX_SEATS).contains(&seats) {
            Some(crate::msg!("error.n_players", seats = seats))
        } else {
            check_players(&self.players).err()
        };
    }

    /// Can the current players be a table?
    fn check_players(&self, line: usize, number: usize) -> Result<(), RecordError> {
        match &self.bad_players {
            Some(m) => Err(self.error(m.clone(), line, number).field("players")),
            None => Ok(()),
        }
    }

    /// The current CSV row as the fields of a record, as written.
    fn raw_from_row(&self) -> Result<RawDeal, (String, Text)> {
        let f = |i: usize| -> Option<String> {
            let v = self.row.field(self.cols[i]);
            (!v.is_empty()).then(|| v.to_string())
        };
        let compulsory = parse_yes_no(self.row.field(self.cols[COMPULSORY]))
            .map_err(|m| ("compulsory".to_string(), m))?
            .then_some(true);
        let bock = f(BOCK)
            .map(|b| parse_bock(&b))
            .transpose()
            .map_err(|m| ("bock".to_string(), m))?;
        Ok(RawDeal {
            dealer: f(DEALER),
            contract: f(CONTRACT),
            declarer: f(DECLARER),
            compulsory,
            calls: f(CALLS).map(|c| {
                c.split(';')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
            tricks: f(TRICKS).map(|t| t.split('|').map(|s| s.trim().to_string()).collect()),
            wedding_partner: f(WEDDING_PARTNER),
            schweinchen: f(SCHWEINCHEN),
            hyperschweinchen: f(HYPERSCHWEINCHEN),
            genscher: f(GENSCHER),
            genscher_partner: f(GENSCHER_PARTNER),
            bids: f(BIDS).map(|b| {
                b.split(';')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }),
            accepted_by: f(ACCEPTED_BY),
            passed: f(PASSED),
            returned: f(RETURNED),
            called: f(CALLED),
            knock: f(KNOCK),
            hands: f(HANDS).map(|h| hands_field(&h)).transpose()?,
            bock,
            note: f(NOTE),
            ..RawDeal::default()
        })
    }

    /// Turns fields as written into a record (the general way).
    fn record_from(
        &self,
        line: usize,
        number: usize,
        raw: &RawDeal,
    ) -> Result<FullRecord, RecordError> {
        let players = &self.players;
        let result = (|| -> Result<FullRecord, FieldError> {
            let seat = |name: &str, field: &str| {
                seat_in(players, name).ok_or_else(|| {
                    FieldError::new(field, crate::msg!("error.is_not_player", name = name))
                })
            };
            let dealer = raw
                .dealer
                .as_deref()
                .map(|d| seat(d, "dealer"))
                .transpose()?;
            let contract: Contract = match &raw.contract {
                Some(c) => c.parse().map_err(|e| FieldError::new("contract", e))?,
                None => Contract::Normal,
            };
            let declarer = raw
                .declarer
                .as_deref()
                .map(|d| seat(d, "declarer"))
                .transpose()?;
            build_full_record(players, raw, number, dealer, contract, declarer)
        })();
        result.map_err(|e| {
            self.error(e.message, line, number)
                .field(e.field)
                .trick(e.trick)
        })
    }

    /// Fills `rec` from the current row, a plain one (no rare fields, no named cards),
    /// reusing its buffers.
    fn fill_plain(
        &mut self,
        number: usize,
        rec: &mut FullRecord,
        players_of: &mut u64,
    ) -> Result<(), FieldError> {
        let bad = |field: &str, msg: Text| FieldError::new(field, msg);
        let players = &self.players;
        let row = &self.row;
        let cols = &self.cols;
        let generation = self.generation;
        let bid_cache = &mut self.bids;
        let field = |i: usize| row.field(cols[i]);
        let seat = |name: &str, key: &str| match name {
            "" => Ok(None),
            d => seat_in(players, d)
                .map(Some)
                .ok_or_else(|| bad(key, crate::msg!("error.is_not_player", name = d))),
        };
        let dealer = seat(field(DEALER), "dealer")?;
        let contract = match field(CONTRACT) {
            "" | "normal" => Contract::Normal,
            c => c.parse().map_err(|e| bad("contract", e))?,
        };
        let declarer = seat(field(DECLARER), "declarer")?;
        fill_calls(players, field(CALLS), &mut rec.calls)?;
        let (tricks, len) = row.field_and_rest(self.cols[TRICKS]);
        read_tricks(tricks, len, &mut rec.tricks)
            .map_err(|(t, msg)| FieldError::new("tricks", msg).in_trick(t + 1))?;
        rec.compulsory = parse_yes_no(field(COMPULSORY)).map_err(|m| bad("compulsory", m))?;
        rec.written = crate::deal::full::Written {
            contract: (!field(CONTRACT).is_empty()).then_some(contract),
            declarer,
            compulsory: (!field(COMPULSORY).is_empty()).then_some(rec.compulsory),
            partner: None,
        };
        rec.bids = bid_cache
            .get(players, generation, field(BIDS))
            .map_err(|m| bad("bids", m))?;
        rec.bock = match field(BOCK) {
            "" => None,
            b => Some(parse_bock(b).map_err(|m| bad("bock", m))?),
        };
        rec.note = match field(NOTE) {
            "" => None,
            n => Some(n.to_string()),
        };
        if *players_of != self.generation {
            rec.players.clone_from(players);
            *players_of = self.generation;
        }
        rec.number = number;
        rec.dealer = dealer.unwrap_or(0);
        rec.dealer_written = dealer.is_some();
        rec.contract = contract;
        rec.declarer = declarer;
        rec.hands.clear();
        rec.wedding_partner = None;
        rec.schweinchen = None;
        rec.hyperschweinchen = None;
        rec.genscher = None;
        rec.genscher_partner = None;
        rec.exchange = None;
        rec.knock = None;
        rec.called = None;
        Ok(())
    }
}

/// Reads the deals of an archive one at a time, each into the caller's record: a deal that
/// still has to be seated and played under a profile. The play floor's `stream::play_all` reads an
/// archive on every core.
pub struct ArchiveReader<R: BufRead> {
    rows: Rows<R>,
    decoder: Decoder,
    raw: RawRow,
}

impl<R: BufRead> ArchiveReader<R> {
    /// Opens an archive of `format` read from `input`; `file` names it in messages. A CSV
    /// archive's header is read and checked here.
    pub fn new(
        file: &str,
        format: ArchiveFormat,
        input: R,
    ) -> Result<ArchiveReader<R>, RecordError> {
        let mut reader = ArchiveReader {
            rows: Rows {
                file: file.to_string(),
                input,
                format,
                line: 0,
                number: 0,
                failed: false,
                columns: None,
            },
            decoder: Decoder::new(file, format),
            raw: RawRow::default(),
        };
        if format == ArchiveFormat::Csv {
            reader.read_header()?;
        }
        Ok(reader)
    }

    /// Reads the CSV header: which column holds which field.
    fn read_header(&mut self) -> Result<(), RecordError> {
        let file = self.rows.file.clone();
        if !self.rows.next(&mut self.raw) {
            return Err(RecordError::new(&file, crate::msg!("error.archive_empty")).line(1));
        }
        // The header is not a deal.
        self.rows.number = 0;
        let line = self.raw.line;
        if let Some(mut e) = self.raw.cut.take() {
            e.at.deal = None;
            return Err(e);
        }
        let row = &mut self.decoder.row;
        row.cut(&mut self.raw)
            .map_err(|m| RecordError::new(&file, m).line(line))?;
        let names: Vec<String> = (0..row.spans.len())
            .map(|i| row.field(Some(i)).to_string())
            .collect();
        self.name_columns(&names, Some(line))
    }

    /// Which column holds which field, from the columns' names (any case): an unknown name
    /// is refused, and `players` and `tricks` are required. `line`: the header's.
    fn name_columns(&mut self, names: &[String], line: Option<usize>) -> Result<(), RecordError> {
        let file = self.rows.file.clone();
        let at = |e: RecordError| match line {
            Some(l) => e.line(l),
            None => e,
        };
        let names: Vec<String> = names
            .iter()
            .map(|n| n.trim().to_ascii_lowercase())
            .collect();
        for n in &names {
            if !COLUMNS.contains(&n.as_str()) {
                return Err(at(RecordError::new(
                    &file,
                    crate::msg!(
                        "error.unknown_column",
                        column = n,
                        known = COLUMNS.join(", ")
                    ),
                ))
                .field(n.clone()));
            }
        }
        for required in REQUIRED_COLUMNS {
            if !names.iter().any(|n| n == required) {
                return Err(at(RecordError::new(
                    &file,
                    crate::msg!("error.archive_needs_column", column = required),
                )));
            }
        }
        self.decoder.width = names.len();
        self.decoder.cols = COLUMNS
            .iter()
            .map(|c| names.iter().position(|n| n == c))
            .collect();
        Ok(())
    }

    /// The file's name in messages (`<stdin>` for standard input).
    pub fn file(&self) -> &str {
        &self.rows.file
    }

    /// Reads the next deal into `rec`, reusing its buffers (the caller's one record,
    /// refilled every time). Returns the deal's line, or None at the end of the input.
    pub fn read_into(&mut self, rec: &mut FullRecord) -> Option<(usize, Result<(), RecordError>)> {
        if !self.rows.next(&mut self.raw) {
            return None;
        }
        let line = self.raw.line;
        // The caller's record may hold any players: they are copied.
        Some((line, self.decoder.decode(&mut self.raw, rec, &mut 0).result))
    }

    /// The two steps of reading: cutting rows (in order) and decoding them (anywhere).
    pub fn into_parts(self) -> (Rows<R>, Decoder) {
        (self.rows, self.decoder)
    }
}

impl ArchiveReader<Box<dyn BufRead + Send>> {
    /// An archive given column by column (`names`, as a CSV archive's header names them;
    /// any other column is refused): its rows are decoded as a CSV archive's, numbered
    /// from 1. `file` names it in messages.
    pub fn from_columns(
        file: &str,
        names: &[String],
        columns: Box<dyn Columns>,
    ) -> Result<ArchiveReader<Box<dyn BufRead + Send>>, RecordError> {
        let mut reader = ArchiveReader {
            rows: Rows {
                file: file.to_string(),
                input: Box::new(std::io::empty()) as Box<dyn BufRead + Send>,
                format: ArchiveFormat::Csv,
                line: 0,
                number: 0,
                failed: false,
                columns: Some(columns),
            },
            decoder: Decoder::new(file, ArchiveFormat::Csv),
            raw: RawRow::default(),
        };
        reader.name_columns(names, None)?;
        Ok(reader)
    }
}

/// Reads a `hands` field: `<player>:<cards>` separated by `;` (an archive writes the hand
/// of a redeal's thrower, which the deal is about).
fn hands_field(field: &str) -> Result<BTreeMap<String, String>, (String, Text)> {
    field
        .split(';')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .map(|h| match h.split_once(':') {
            Some((name, cards)) => Ok((name.trim().to_string(), cards.trim().to_string())),
            None => Err(("hands".to_string(), crate::msg!("error.not_hand", word = h))),
        })
        .collect()
}

/// Reads a `calls` field (`<player> <call> <cards in hand>` separated by `;`) into
/// `calls`, reusing its entries, texts included.
fn fill_calls(
    players: &[String],
    field: &str,
    calls: &mut Vec<CallEntry>,
) -> Result<(), FieldError> {
    let mut n = 0;
    for c in field
        .split(';')
        .map(crate::words::trim)
        .filter(|c| !c.is_empty())
    {
        let parts = call_parts(players, c)?;
        if let Some(e) = calls.get_mut(n) {
            e.player = parts.player;
            e.call = parts.call;
            e.said_as = parts.said_as;
            e.cards_in_hand = parts.cards_in_hand;
            e.before = parts.before;
            e.at = None;
            e.text.clear();
            e.text.push_str(c);
        } else {
            calls.push(parts.entry(c));
        }
        n += 1;
    }
    calls.truncate(n);
    Ok(())
}

/// Reads a `tricks` field (`CA C9 CK C10|...`) into `tricks`, reusing its vectors: the
/// field is the first `end` bytes of `bytes` (the rest of the row follows it).
fn read_tricks(bytes: &[u8], end: usize, tricks: &mut Tricks) -> Result<(), (usize, Text)> {
    /// Cards gathered on the stack before they go to the record in one copy.
    const BUF: usize = 64;
    tricks.refill(|cards, ends| {
        let mut buf = [Card::CLUB_QUEEN; BUF];
        let mut k = 0;
        let mut i = 0;
        while i < end {
            // The common spellings (`CA`, `H10`, `dq` ...) and the one separator after them,
            // from four bytes read at once, without a branch on the rank: a suit letter, a
            // rank letter or `10`, then a space or a bar (or the end of the field). Anything
            // else goes the long way.
            // Measured: reading the tricks is about 40% of `score --summary`; this four-byte
            // step took the archive reading from 22,350 to 17,870 instructions a deal with
            // the other steps of that session (callgrind, 20k deals).
            if let Some(&[b0, b1, b2, b3]) = bytes.get(i..i + 4) {
                let token = TOKENS[usize::from(b0) | usize::from(b1) << 8];
                let ten = token & TEN != 0;
                let (zero, sep) = if ten { (b2 == b'0', b3) } else { (true, b2) };
                let at = i + 2 + ten as usize;
                let inside = at < end;
                let fits = (at == end) | (inside & SEPARATOR[sep as usize]);
                if (token != NO_CARD) & zero & fits {
                    if k == BUF {
                        cards.extend_from_slice(&buf);
                        k = 0;
                    }
                    buf[k] = CARDS[usize::from(token & !TEN)];
                    k += 1;
                    if inside & (sep == b'|') {
                        ends.push((cards.len() + k) as u32);
                    }
                    i = at + 1;
                    continue;
                }
            }
            cards.extend_from_slice(&buf[..k]);
            k = 0;
            let b = bytes[i];
            if SEPARATOR[b as usize] {
                if b == b'|' {
                    ends.push(cards.len() as u32);
                }
                i += 1;
                continue;
            }
            let start = i;
            while i < end && !SEPARATOR[bytes[i] as usize] {
                i += 1;
            }
            let token = std::str::from_utf8(&bytes[start..i]).unwrap_or("");
            match Card::parse_token(token) {
                Ok(card) => cards.push(card),
                Err(e) => return Err((ends.len(), e.message())),
            }
        }
        cards.extend_from_slice(&buf[..k]);
        ends.push(cards.len() as u32);
        Ok(())
    })
}

/// The first two bytes of a card token read as one little-endian number: the card's
/// index where they are a suit letter and a rank letter ([`SUIT_OF`], [`RANK_OF`]),
/// with [`TEN`] set where the rank is the `1` of `10` (the reader checks the `0`);
/// [`NO_CARD`] for any other two bytes. One look-up a card instead of two and a sum.
static TOKENS: [u8; 1 << 16] = {
    let mut t = [NO_CARD; 1 << 16];
    let mut b0 = 0;
    while b0 < 256 {
        let mut b1 = 0;
        while b1 < 256 {
            let (suit, rank) = (SUIT_OF[b0], RANK_OR_TEN[b1]);
            if suit != NO_CARD && rank != NO_CARD {
                let ten = if b1 == b'1' as usize { TEN } else { 0 };
                t[b0 | b1 << 8] = (suit * 6 + rank) | ten;
            }
            b1 += 1;
        }
        b0 += 1;
    }
    t
};

/// The flag of a ten's first two bytes in [`TOKENS`].
const TEN: u8 = 0x80;

/// [`RANK_OF`], and `1` for the ten (the `1` of `10`; the reader checks the `0`).
const RANK_OR_TEN: [u8; 256] = {
    let mut t = RANK_OF;
    t[b'1' as usize] = 1;
    t
};

/// Bytes between card tokens: space, tab, and the bar between tricks.
const SEPARATOR: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    t[b'\t' as usize] = true;
    t[b'|' as usize] = true;
    t
};

impl<R: BufRead> Iterator for ArchiveReader<R> {
    /// The line the deal is on, and the deal (or why it is not one).
    type Item = (usize, Result<FullRecord, RecordError>);

    fn next(&mut self) -> Option<Self::Item> {
        let mut rec = FullRecord::default();
        let (line, result) = self.read_into(&mut rec)?;
        Some((line, result.map(|()| rec)))
    }
}

#[cfg(test)]
mod tests {
    use super::write::*;
    use super::*;

    #[test]
    fn fields_are_quoted_as_the_csv_crate_quotes_them() {
        let fields = [
            "",
            "Anna",
            "a,b",
            "say \"hi\"",
            "two\nlines",
            "cr\r",
            "\"",
            ",",
            "x y;z",
            "Ä ö",
        ];
        let mut ours = Vec::new();
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                ours.push(b',');
            }
            push_field(&mut ours, f.as_bytes());
        }
        ours.push(b'\n');
        let mut theirs = csv::Writer::from_writer(Vec::new());
        theirs.write_record(fields).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(theirs.into_inner().unwrap()).unwrap()
        );
    }

    #[test]
    fn the_tricks_field_is_each_trick_joined_by_bars() {
        use crate::cards::Card;
        // Tricks as lists of card tokens; an empty list is an empty trick.
        let shapes: [&[&[&str]]; 7] = [
            &[],
            &[&[]],
            &[&[], &[]],
            &[&["CA", "H10", "DQ", "SJ"], &["C9"]],
            &[&["CA"], &[], &["H10"]],
            &[&[], &["DK", "D10"]],
            &[&["HA", "SA"], &[]],
        ];
        for shape in shapes {
            let mut r = FullRecord::default();
            for trick in shape {
                for token in *trick {
                    r.tricks.push(None, Card::parse_token(token).unwrap());
                }
                r.tricks.end_trick();
            }
            // Cards after the last trick's end belong to no trick and are not written.
            r.tricks.push(None, Card::CLUB_QUEEN);
            let want: Vec<String> = shape.iter().map(|t| t.join(" ")).collect();
            let mut buf = b"x,".to_vec();
            push_tricks(&mut buf, &r);
            assert_eq!(
                String::from_utf8(buf).unwrap(),
                format!("x,{},", want.join("|"))
            );
        }
    }

    #[test]
    fn a_row_writes_its_own_players_and_dealer_whatever_the_row_before_wrote() {
        let tables: [&[&str]; 4] = [
            &["Anna", "Ben", "Cara", "Dirk"],
            &["Anna", "Ben", "Cara", "Dirk"],
            &["Eva, Jr.", "Ben", "Cara", "Dirk"],
            &[],
        ];
        let mut w = CsvWriter::rows_only(Vec::new());
        for players in tables {
            // The first seat deals (a table without names has no dealer to write).
            let r = FullRecord {
                players: players.iter().map(|p| p.to_string()).collect(),
                dealer_written: true,
                ..FullRecord::default()
            };
            w.write(&r).unwrap();
        }
        let out = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let mut rows = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(out.as_bytes());
        let written: Vec<(String, String)> = rows
            .records()
            .map(|r| {
                let r = r.unwrap();
                (r[0].to_string(), r[1].to_string())
            })
            .collect();
        let want: Vec<(String, String)> = tables
            .iter()
            .map(|t| (t.join(" "), t.first().unwrap_or(&"").to_string()))
            .collect();
        assert_eq!(written, want);
    }

    #[test]
    fn every_column_the_writer_writes_the_reader_reads() {
        for c in CSV_COLUMNS {
            assert!(COLUMNS.contains(&c), "{c}");
        }
        assert!(is_archive_header(&CSV_COLUMNS.join(",")));
    }

    /// The tricks of `field` read one token at a time, the slow way.
    fn by_tokens(field: &str) -> Result<Vec<Vec<Card>>, String> {
        field
            .split('|')
            .map(|t| {
                t.split([' ', '\t'])
                    .filter(|c| !c.is_empty())
                    .map(|c| Card::parse_token(c).map_err(|e| e.to_string()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn rows_split_at_every_comma() {
        let rows = [
            "",
            ",",
            "a,b",
            "Anna Ben Cara Dirk,Dirk,normal,,,CA C9 CK C10|H10 DQ SJ HJ,,,,,",
            ",,,,,,,,,,,,,,,,,",
            "1234567,9abcdef,",
            "12345678,abcdefg,h",
            " padded ,\tfields\t, x ,y",
            // Bytes one bit away from a comma, and text beyond ASCII.
            "-,.,\u{c},l,\u{ac},é,ü,\u{2c2c},\u{ff0c},;,,",
        ];
        // A comma at every place of a word and across words.
        let placed: Vec<String> = (0..20)
            .map(|i| {
                let mut r = vec!['x'; 19];
                r.insert(i, ',');
                r.into_iter().collect()
            })
            .collect();
        for row in rows.into_iter().chain(placed.iter().map(String::as_str)) {
            let mut spans = Vec::new();
            split_at_commas(&mut spans, row.as_bytes());
            let got: Vec<&str> = spans.iter().map(|&(a, b)| &row[a..b]).collect();
            let want: Vec<&str> = row.split(',').map(|f| f.trim_ascii()).collect();
            assert_eq!(got, want, "{row:?}");
        }
    }

    /// Every deal of `text` as read through an input buffer of `capacity` bytes.
    fn read_all(text: &str, capacity: usize) -> Vec<(usize, Result<FullRecord, RecordError>)> {
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let mut reader = ArchiveReader::new("a.csv", ArchiveFormat::Csv, input).unwrap();
        let mut out = Vec::new();
        let mut rec = FullRecord::default();
        while let Some((line, r)) = reader.read_into(&mut rec) {
            out.push((line, r.map(|()| rec.clone())));
        }
        out
    }

    /// A reader of `n` bytes that never ends a line: a runaway row, made as it is read.
    struct Endless {
        left: usize,
        byte: u8,
    }

    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.left);
            buf[..n].fill(self.byte);
            self.left -= n;
            Ok(n)
        }
    }

    /// Issue 12, finding 10: an unclosed quote or a 60 MB line is refused once the row
    /// passes [`MAX_ROW`], holding no more than that in memory.
    #[test]
    fn finding_10_a_runaway_row_is_refused_within_its_bound() {
        let runaway = |format, head: &str, byte| {
            let body = Endless {
                left: 60 << 20,
                byte,
            };
            let input = std::io::BufReader::new(std::io::Read::chain(head.as_bytes(), body));
            let mut reader = ArchiveReader::new("a", format, input).unwrap();
            let mut rec = FullRecord::default();
            let (line, r) = reader.read_into(&mut rec).unwrap();
            assert!(reader.raw.bytes.capacity() <= 2 * MAX_ROW + 64);
            assert!(reader.decoder.row.text.capacity() <= 2 * MAX_ROW + 64);
            (line, r.unwrap_err().to_string())
        };
        let (line, e) = runaway(ArchiveFormat::Csv, "players,tricks\n\"A B C D,", b'\n');
        assert_eq!(line, 2);
        assert!(
            e.contains("a:2: deal 1: a quote opened on this line is not closed within 1 MiB"),
            "{e}"
        );
        let (_, e) = runaway(ArchiveFormat::Csv, "players,tricks\nA B C D,", b'x');
        assert!(
            e.contains("a:2: deal 1: the line is longer than 1 MiB"),
            "{e}"
        );
        let (_, e) = runaway(ArchiveFormat::Jsonl, "{\"players\": [\"", b'x');
        assert!(
            e.contains("a:1: deal 1: the line is longer than 1 MiB"),
            "{e}"
        );
    }

    /// Issue 28: a long line is skipped and the rows after it still read; a line with no
    /// end within [`MAX_SKIP`] more (`/dev/zero`) stops the reading at once.
    #[test]
    fn an_endless_line_stops_the_reading() {
        let read_all = |body: Endless, tail: &str| {
            let head = "players,tricks\nA B C D,";
            let input = std::io::BufReader::new(std::io::Read::chain(
                std::io::Read::chain(head.as_bytes(), body),
                tail.as_bytes(),
            ));
            let mut reader = ArchiveReader::new("a", ArchiveFormat::Csv, input).unwrap();
            let mut rec = FullRecord::default();
            let mut seen = Vec::new();
            while let Some((line, r)) = reader.read_into(&mut rec) {
                seen.push((line, r.err().map(|e| e.to_string())));
            }
            seen
        };
        let seen = read_all(
            Endless {
                left: 3 << 20,
                byte: b'x',
            },
            "\nA B C D,x\n",
        );
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert_eq!(seen[1].0, 3);
        let seen = read_all(
            Endless {
                left: 40 << 20,
                byte: b'x',
            },
            "\nA B C D,x\n",
        );
        assert_eq!(seen.len(), 1, "{seen:?}");
        let e = seen[0].1.as_deref().unwrap();
        assert!(e.contains("does not end within 16 MiB more"), "{e}");
    }

    /// Quotes spread over many lines are counted once each: a row of many quoted lines
    /// reads in time linear in its length.
    #[test]
    fn a_quoted_row_over_many_lines_reads_whole() {
        let mut text = String::from("players,dealer,contract,tricks,note\n");
        text.push_str("Anna Ben Cara Dirk,Dirk,normal,CA C9 CK C10|H10 DQ SJ HJ,\"a");
        for _ in 0..20_000 {
            text.push_str("\nline");
        }
        text.push_str("\"\n");
        let rows = read_all(&text, 1 << 16);
        assert_eq!(rows.len(), 1);
        let note = rows[0].1.as_ref().unwrap().note.clone().unwrap_or_default();
        assert_eq!(note.lines().count(), 20_001);
    }

    #[test]
    fn rows_read_the_same_whether_or_not_the_input_buffer_holds_them_whole() {
        let text = "players,dealer,contract,tricks\r\n\
            Anna Ben Cara Dirk,Dirk,normal,CA C9 CK C10|H10 DQ SJ HJ\r\n\
            \n\
            Anna Ben Cara Dirk,,normal,\"CA C9 CK C10|H10 DQ SJ HJ\"\n\
            Anna Ben Cara Dirk,Zed,normal,CA\n\
            \"Anna Ben Cara Dirk\",Anna,\"solo-\n\
            hearts\",CA\n\
            Anna Ben Cara Dirk,Ben,normal,Anna:CA C9 CK C10";
        let whole = read_all(text, 1 << 16);
        assert_eq!(whole.len(), 5, "{whole:?}");
        assert!(whole[0].1.is_ok() && whole[1].1.is_ok(), "{whole:?}");
        assert!(
            whole[2]
                .1
                .as_ref()
                .is_err_and(|e| e.to_string().contains("a.csv:5:"))
        );
        for capacity in [1, 7, 8, 30, 61] {
            assert_eq!(
                read_all(text, capacity),
                whole,
                "buffer of {capacity} bytes"
            );
        }
    }

    #[test]
    fn a_field_reads_the_same_whatever_follows_it_in_the_row() {
        let fields = [
            "CA C9 CK C10|H10 DQ SJ HJ",
            "CA C9 CK C10|H10 DQ SJ H1",
            "ca c9 ck c10 | h10  dq\tsj hj|",
            "CA",
            "H10",
            "H1",
            "CA,C9",
            "CAX C9",
            "S10|",
            "|CA",
        ];
        for field in fields {
            let want = by_tokens(field);
            for rest in ["", "0", "|", "0|", ",x", "    ", "0 DA|"] {
                let row = format!("{field}{rest}");
                let mut tricks = Tricks::default();
                let got = read_tricks(row.as_bytes(), field.len(), &mut tricks)
                    .map(|()| tricks.iter().map(|t| t.cards.to_vec()).collect::<Vec<_>>());
                match (&want, &got) {
                    (Ok(w), Ok(g)) => assert_eq!(w, g, "{field:?} then {rest:?}"),
                    (Err(_), Err(_)) => {}
                    _ => panic!("{field:?} then {rest:?}: {want:?} but {got:?}"),
                }
            }
        }
    }
}
