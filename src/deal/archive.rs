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
}

enum Source<R: BufRead> {
    Csv {
        rows: csv::Reader<R>,
        cols: Vec<Option<usize>>,
        record: csv::StringRecord,
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
                let mut rows = csv::ReaderBuilder::new()
                    .flexible(true)
                    .trim(csv::Trim::All)
                    .from_reader(input);
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
        })
    }

    /// The next deal: its line and the record, or the error with its line.
    #[allow(clippy::type_complexity)]
    fn next_raw(&mut self) -> Option<Result<(usize, Vec<String>, RawDeal), RecordError>> {
        match &mut self.source {
            Source::Csv { rows, cols, record } => loop {
                match rows.read_record(record) {
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
