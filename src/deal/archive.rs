//! Bulk archives of full records (`formats.md` section 4): CSV with one deal per row, or
//! JSON Lines with the same fields. They are read as streams: one deal at a time, so memory
//! does not grow with the number of deals.
//!
//! CSV columns: `players` (names separated by spaces), `dealer`, `contract`, `declarer`,
//! `calls` (`<player> <call> <cards in hand>` separated by `;`), `tricks` (card tokens,
//! tricks separated by `|`), and optionally `compulsory`, `wedding_partner`, `schweinchen`,
//! `hyperschweinchen`, `accepted_by`, `passed`, `returned`, `bock`, `note`.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use serde::Deserialize;

use crate::contract::Contract;
use crate::deal::RecordError;
use crate::deal::records::{DealError, RawDeal, build_full_record};
use crate::play::FullRecord;

/// The kind of a bulk archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchiveFormat {
    Csv,
    Jsonl,
}

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
    "bock",
    "note",
];

/// Does a CSV header name a bulk archive (rather than a paper sheet)?
pub fn is_archive_header(header: &str) -> bool {
    let cols: Vec<String> = header
        .split(',')
        .map(|c| c.trim().to_ascii_lowercase())
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
    accepted_by: Option<String>,
    passed: Option<String>,
    returned: Option<String>,
    bock: Option<u32>,
    note: Option<String>,
}

/// Reads the deals of an archive one at a time. Each item is a deal that still has to be
/// played under a profile ([`crate::play::play`]), or the error that stopped it.
pub struct ArchiveReader<R: BufRead> {
    file: String,
    source: Source<R>,
    /// The previous deal's players and dealer, for the default dealer rotation.
    players: Vec<String>,
    players_text: String,
    dealer: Option<usize>,
    number: usize,
    /// `read_into` has read a row that `next` is to turn into a deal.
    pending_row: bool,
    /// How many times the players changed (a new table).
    tables: u64,
}

enum Source<R: BufRead> {
    Csv {
        rows: csv::Reader<R>,
        cols: Vec<Option<usize>>,
        record: csv::StringRecord,
        bytes: csv::ByteRecord,
    },
    Jsonl {
        input: R,
        line: usize,
        buf: String,
    },
}

impl<R: BufRead> ArchiveReader<R> {
    pub fn new(
        file: &str,
        format: ArchiveFormat,
        input: R,
    ) -> Result<ArchiveReader<R>, RecordError> {
        let source = match format {
            ArchiveFormat::Csv => {
                let mut rows = csv::ReaderBuilder::new().flexible(true).from_reader(input);
                let header = rows.headers().map_err(|e| {
                    RecordError::new(file, format!("cannot read the header: {e}")).line(1)
                })?;
                let names: Vec<String> = header
                    .iter()
                    .map(|h| h.trim().to_ascii_lowercase())
                    .collect();
                for n in &names {
                    if !COLUMNS.contains(&n.as_str()) {
                        return Err(RecordError::new(
                            file,
                            format!("unknown column `{n}` (known: {})", COLUMNS.join(", ")),
                        )
                        .line(1)
                        .field(n.clone()));
                    }
                }
                for required in ["players", "tricks"] {
                    if !names.iter().any(|n| n == required) {
                        return Err(RecordError::new(
                            file,
                            format!("an archive needs a `{required}` column"),
                        )
                        .line(1));
                    }
                }
                let cols = COLUMNS
                    .iter()
                    .map(|c| names.iter().position(|n| n == c))
                    .collect();
                Source::Csv {
                    rows,
                    cols,
                    record: csv::StringRecord::new(),
                    bytes: csv::ByteRecord::new(),
                }
            }
            ArchiveFormat::Jsonl => Source::Jsonl {
                input,
                line: 0,
                buf: String::new(),
            },
        };
        Ok(ArchiveReader {
            file: file.to_string(),
            source,
            players: Vec::new(),
            players_text: String::new(),
            dealer: None,
            number: 0,
            pending_row: false,
            tables: 0,
        })
    }

    /// The next deal: its line and the record, or the error with its line.
    #[allow(clippy::type_complexity)]
    fn next_raw(&mut self) -> Option<Result<(usize, Vec<String>, RawDeal), RecordError>> {
        match &mut self.source {
            Source::Csv {
                rows,
                cols,
                record,
                bytes,
            } => loop {
                let pending = std::mem::take(&mut self.pending_row);
                let read = if pending {
                    // The row `read_into` handed over, as text.
                    match csv::StringRecord::from_byte_record(bytes.clone()) {
                        Ok(r) => {
                            *record = r;
                            Ok(true)
                        }
                        Err(e) => {
                            let line = bytes.position().map_or(0, |p| p.line() as usize);
                            return Some(Err(RecordError::new(
                                &self.file,
                                format!("not valid UTF-8: {e}"),
                            )
                            .line(line)));
                        }
                    }
                } else {
                    rows.read_record(record)
                };
                match read {
                    Ok(false) => return None,
                    Err(e) => {
                        let line = e.position().map_or(0, |p| p.line() as usize);
                        return Some(Err(RecordError::new(
                            &self.file,
                            format!("cannot read the row: {e}"),
                        )
                        .line(line)));
                    }
                    Ok(true) => {}
                }
                let line = record.position().map_or(0, |p| p.line() as usize);
                if record.iter().all(str::is_empty) {
                    continue;
                }
                let get = |name: &str| -> Option<String> {
                    let i = COLUMNS.iter().position(|c| *c == name)?;
                    cols[i]
                        .and_then(|c| record.get(c))
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                };
                let players_text = get("players").unwrap_or_default();
                if players_text != self.players_text {
                    self.tables += 1;
                    self.players = players_text
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|p| !p.is_empty())
                        .map(String::from)
                        .collect();
                    self.players_text = players_text;
                    self.dealer = None;
                }
                let compulsory = match get("compulsory").map(|s| s.to_ascii_lowercase()).as_deref()
                {
                    None | Some("no" | "false" | "0") => None,
                    Some("yes" | "true" | "1") => Some(true),
                    Some(other) => {
                        return Some(Err(RecordError::new(
                            &self.file,
                            format!("`{other}` is not yes or no"),
                        )
                        .line(line)
                        .field("compulsory")));
                    }
                };
                let bock = match get("bock").map(|b| b.parse::<u32>()) {
                    None => None,
                    Some(Ok(b)) => Some(b),
                    Some(Err(_)) => {
                        return Some(Err(RecordError::new(&self.file, "not a multiplier")
                            .line(line)
                            .field("bock")));
                    }
                };
                let raw = RawDeal {
                    dealer: get("dealer"),
                    contract: get("contract"),
                    declarer: get("declarer"),
                    compulsory,
                    calls: get("calls").map(|c| {
                        c.split(';')
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty())
                            .collect()
                    }),
                    tricks: get("tricks")
                        .map(|t| t.split('|').map(|s| s.trim().to_string()).collect()),
                    wedding_partner: get("wedding_partner"),
                    schweinchen: get("schweinchen"),
                    hyperschweinchen: get("hyperschweinchen"),
                    accepted_by: get("accepted_by"),
                    passed: get("passed"),
                    returned: get("returned"),
                    bock,
                    note: get("note"),
                    ..RawDeal::default()
                };
                return Some(Ok((line, self.players.clone(), raw)));
            },
            Source::Jsonl { input, line, buf } => loop {
                buf.clear();
                *line += 1;
                match input.read_line(buf) {
                    Ok(0) => return None,
                    Ok(_) => {}
                    Err(e) => {
                        return Some(Err(RecordError::new(
                            &self.file,
                            format!("cannot read: {e}"),
                        )
                        .line(*line)));
                    }
                }
                if buf.trim().is_empty() {
                    continue;
                }
                let d: JsonDeal = match serde_json::from_str(buf) {
                    Ok(d) => d,
                    Err(e) => {
                        return Some(Err(RecordError::new(&self.file, e.to_string()).line(*line)));
                    }
                };
                let players: Vec<String> = d.players.iter().map(|p| p.trim().to_string()).collect();
                if players != self.players {
                    self.tables += 1;
                    self.players = players.clone();
                    self.dealer = None;
                }
                let raw = RawDeal {
                    dealer: d.dealer,
                    contract: d.contract,
                    declarer: d.declarer,
                    compulsory: d.compulsory,
                    hands: d.hands,
                    calls: Some(d.calls),
                    tricks: Some(d.tricks),
                    wedding_partner: d.wedding_partner,
                    schweinchen: d.schweinchen,
                    hyperschweinchen: d.hyperschweinchen,
                    accepted_by: d.accepted_by,
                    passed: d.passed,
                    returned: d.returned,
                    bock: d.bock,
                    note: d.note,
                    ..RawDeal::default()
                };
                return Some(Ok((*line, players, raw)));
            },
        }
    }
}

impl<R: BufRead> ArchiveReader<R> {
    /// How many times the players have changed so far: a new value means a new table.
    pub fn tables(&self) -> u64 {
        self.tables
    }

    /// Reads the next deal into `rec`, reusing its buffers (the fast way through a large
    /// archive). Returns the deal's line, or None at the end of the input.
    pub fn read_into(&mut self, rec: &mut FullRecord) -> Option<(usize, Result<(), RecordError>)> {
        if matches!(self.source, Source::Jsonl { .. }) {
            let (line, result) = self.next()?;
            return Some((line, result.map(|full| *rec = full)));
        }
        let Source::Csv {
            rows, cols, bytes, ..
        } = &mut self.source
        else {
            return None;
        };
        loop {
            match rows.read_byte_record(bytes) {
                Ok(false) => return None,
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line() as usize);
                    return Some((
                        line,
                        Err(
                            RecordError::new(&self.file, format!("cannot read the row: {e}"))
                                .line(line),
                        ),
                    ));
                }
                Ok(true) if bytes.iter().all(|f| f.iter().all(u8::is_ascii_whitespace)) => continue,
                Ok(true) => break,
            }
        }
        let line = bytes.position().map_or(0, |p| p.line() as usize);
        if std::str::from_utf8(bytes.as_slice()).is_err() {
            return Some((
                line,
                Err(RecordError::new(&self.file, "not valid UTF-8 text").line(line)),
            ));
        }
        // Checked as a whole just above, so each field is valid UTF-8.
        let field = |i: usize| {
            cols[i]
                .and_then(|c| bytes.get(c))
                .map_or("", |f| std::str::from_utf8(f).unwrap_or("").trim())
        };
        // Poverty, Schweinchen and the wedding's partner rule are rare: the general way.
        if (7..=12).any(|i| !field(i).is_empty()) || field(5).contains(':') {
            self.pending_row = true;
            let (line, result) = self.next()?;
            return Some((line, result.map(|full| *rec = full)));
        }
        self.number += 1;
        let number = self.number;
        let players_text = field(0);
        let new_table = players_text != self.players_text;
        if new_table {
            self.players = players_text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect();
            self.players_text = players_text.to_string();
            self.dealer = None;
            self.tables += 1;
        }
        let file = &self.file;
        let err = |field: &str, msg: String, trick: Option<usize>| {
            RecordError::new(file, msg)
                .line(line)
                .deal(number)
                .field(field)
                .trick(trick)
        };
        let players = &self.players;
        let seats = players.len();
        if !(2..=8).contains(&seats) {
            return Some((line, Err(err("players", format!("{seats} players"), None))));
        }
        let seat = |name: &str| {
            players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(name.trim()))
        };
        let dealer = match field(1) {
            "" => self.dealer.map_or(seats - 1, |d| (d + 1) % seats),
            d => match seat(d) {
                Some(s) => s,
                None => {
                    return Some((
                        line,
                        Err(err("dealer", format!("`{d}` is not a player"), None)),
                    ));
                }
            },
        };
        let contract = match field(2) {
            "" => Contract::Normal,
            c => match c.parse() {
                Ok(c) => c,
                Err(e) => return Some((line, Err(err("contract", e, None)))),
            },
        };
        let declarer = match field(3) {
            "" => None,
            d => match seat(d) {
                Some(s) => Some(s),
                None => {
                    return Some((
                        line,
                        Err(err("declarer", format!("`{d}` is not a player"), None)),
                    ));
                }
            },
        };
        rec.calls.clear();
        for c in field(4).split(';').map(str::trim).filter(|c| !c.is_empty()) {
            match crate::deal::records::parse_call_entry(players, c) {
                Ok(e) => rec.calls.push(e),
                Err((t, f, m)) => return Some((line, Err(err(&f, m, t)))),
            }
        }
        let mut count = 0;
        for (t, part) in field(5).split('|').enumerate() {
            if rec.tricks.len() <= t {
                rec.tricks.push(Vec::with_capacity(4));
            }
            let trick = &mut rec.tricks[t];
            trick.clear();
            for token in part.split_ascii_whitespace() {
                match crate::cards::Card::parse_token(token) {
                    Ok(card) => trick.push((None, card)),
                    Err(e) => {
                        return Some((
                            line,
                            Err(err(
                                "tricks",
                                crate::cards::CardError::to_string(&e),
                                Some(t + 1),
                            )),
                        ));
                    }
                }
            }
            count = t + 1;
        }
        rec.tricks.truncate(count);
        rec.compulsory = matches!(field(6).to_ascii_lowercase().as_str(), "yes" | "true" | "1");
        rec.bock = match field(13) {
            "" => None,
            b => match b.parse() {
                Ok(b) => Some(b),
                Err(_) => {
                    return Some((
                        line,
                        Err(err("bock", format!("`{b}` is not a multiplier"), None)),
                    ));
                }
            },
        };
        rec.note = match field(14) {
            "" => None,
            n => Some(n.to_string()),
        };
        // `rec` is the caller's one record, refilled every time.
        if new_table || rec.players.len() != players.len() {
            rec.players.clone_from(players);
        }
        rec.number = number;
        rec.dealer = dealer;
        rec.contract = contract;
        rec.declarer = declarer;
        rec.hands.clear();
        rec.wedding_partner = None;
        rec.schweinchen = None;
        rec.hyperschweinchen = None;
        rec.exchange = None;
        self.dealer = Some(dealer);
        Some((line, Ok(())))
    }
}

impl<R: BufRead> Iterator for ArchiveReader<R> {
    /// The line the deal is on, and the deal (or why it is not one).
    type Item = (usize, Result<FullRecord, RecordError>);

    fn next(&mut self) -> Option<Self::Item> {
        let (line, players, raw) = match self.next_raw()? {
            Ok(x) => x,
            Err(e) => {
                let line = e.at.line.unwrap_or(0);
                return Some((line, Err(e)));
            }
        };
        self.number += 1;
        let number = self.number;
        let file = self.file.clone();
        let err = |(trick, field, msg): DealError| {
            RecordError::new(&file, msg)
                .line(line)
                .deal(number)
                .field(field)
                .trick(trick)
        };
        let seats = players.len();
        let result = (|| -> Result<FullRecord, DealError> {
            if !(2..=8).contains(&seats) {
                return Err((None, "players".into(), format!("{seats} players")));
            }
            let seat = |name: &str, field: &str| {
                players
                    .iter()
                    .position(|p| p.eq_ignore_ascii_case(name.trim()))
                    .ok_or_else(|| (None, field.to_string(), format!("`{name}` is not a player")))
            };
            let dealer = match &raw.dealer {
                Some(d) => seat(d, "dealer")?,
                None => self.dealer.map_or(seats - 1, |d| (d + 1) % seats),
            };
            let contract: Contract = match &raw.contract {
                Some(c) => c.parse().map_err(|e| (None, "contract".to_string(), e))?,
                None => Contract::Normal,
            };
            let declarer = raw
                .declarer
                .as_deref()
                .map(|d| seat(d, "declarer"))
                .transpose()?;
            self.dealer = Some(dealer);
            build_full_record(&players, &raw, number, dealer, contract, declarer)
        })();
        Some((line, result.map_err(err)))
    }
}

fn cards(cards: &[crate::cards::Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn tricks_field(r: &FullRecord) -> String {
    r.tricks
        .iter()
        .map(|t| {
            t.iter()
                .map(|(_, c)| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// Writes the CSV header of an archive.
pub fn write_csv_header(out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "players,dealer,contract,declarer,calls,tricks,accepted_by,passed,returned"
    )
}

/// Writes one deal as an archive CSV row.
pub fn write_csv_row(out: &mut impl Write, r: &FullRecord) -> std::io::Result<()> {
    let name = |s: usize| r.players[s].as_str();
    let calls: Vec<&str> = r.calls.iter().map(|c| c.text.as_str()).collect();
    let (acc, passed, returned) = match &r.exchange {
        Some(x) => (
            name(x.partner).to_string(),
            cards(&x.passed),
            cards(&x.returned),
        ),
        None => (String::new(), String::new(), String::new()),
    };
    writeln!(
        out,
        "{},{},{},{},{},{},{},{},{}",
        r.players.join(" "),
        name(r.dealer),
        r.contract,
        r.declarer.map_or("", name),
        calls.join(";"),
        tricks_field(r),
        acc,
        passed,
        returned
    )
}

/// Writes one deal as a JSON line.
pub fn write_jsonl(out: &mut impl Write, r: &FullRecord) -> std::io::Result<()> {
    let name = |s: usize| r.players[s].clone();
    let mut o = serde_json::json!({
        "players": r.players,
        "dealer": name(r.dealer),
        "contract": r.contract.name(),
        "calls": r.calls.iter().map(|c| c.text.clone()).collect::<Vec<_>>(),
        "tricks": r.tricks.iter().map(|t| t.iter().map(|(_, c)| c.to_string()).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>(),
    });
    if let Some(d) = r.declarer {
        o["declarer"] = serde_json::json!(name(d));
    }
    if let Some(x) = &r.exchange {
        o["accepted_by"] = serde_json::json!(name(x.partner));
        o["passed"] = serde_json::json!(cards(&x.passed));
        o["returned"] = serde_json::json!(cards(&x.returned));
    }
    serde_json::to_writer(&mut *out, &o)?;
    writeln!(out)
}
