//! The paper score sheet (CSV): one row per deal, as a table writes it down
//! (`docs/formats.md` section 3).

use crate::contract::Contract;
use crate::deal::records::RawPenalty;
use crate::deal::{Knock, RecordError, Role, Summary};
use crate::lang::Text;
use crate::msg;
use crate::variant::Profile;

/// The highest deal number a sheet may write (no evening, season or archive has more).
pub const MAX_DEAL_NUMBER: usize = 1_000_000_000;

/// The longest column name of a sheet (a player's name or a reserved column), in characters.
pub const MAX_COLUMN_NAME: usize = 64;

/// A header is refused before its names are compared where it has more columns than a
/// sheet has (the reserved ones and a player's each, at most eight players) or a name
/// longer than [`MAX_COLUMN_NAME`].
fn check_header_size(file: &str, header: &csv::StringRecord) -> Result<(), RecordError> {
    // No column's name holds a `|`: an archive's row does, between its tricks. An archive
    // (or a part of one) without its header line would read as a sheet's header.
    if header.iter().any(|h| h.contains('|')) {
        return Err(RecordError::new(file, msg!("error.header_missing")).line(1));
    }
    let most = RESERVED.len() + crate::seating::MAX_SEATS;
    if header.len() > most {
        return Err(RecordError::new(
            file,
            msg!(
                "error.too_many_columns",
                columns = header.len(),
                most = most
            ),
        )
        .line(1));
    }
    for (i, h) in header.iter().enumerate() {
        let name = h.trim();
        if name.chars().count() > MAX_COLUMN_NAME {
            return Err(RecordError::new(
                file,
                msg!(
                    "error.column_name_too_long",
                    column = i + 1,
                    start = crate::deal::prefix(name),
                    most = MAX_COLUMN_NAME
                ),
            )
            .line(1));
        }
    }
    Ok(())
}

/// Column names that are not players.
pub const RESERVED: &[&str] = &[
    "deal",
    "game",
    "re_points",
    "kontra_points",
    "re_calls",
    "kontra_calls",
    "re_extras",
    "kontra_extras",
    "re_tricks",
    "kontra_tricks",
    "dealer",
    "bock",
    "note",
    "knock",
    "compulsory",
];

/// German header names (docs/formats.md section 3), after [`header_key`], and the column each
/// names.
pub const GERMAN: &[(&str, &str)] = &[
    ("nr", "deal"),
    ("spiel", "game"),
    ("geber", "dealer"),
    ("re_augen", "re_points"),
    ("kontra_augen", "kontra_points"),
    ("re_ansagen", "re_calls"),
    ("kontra_ansagen", "kontra_calls"),
    ("re_sonderpunkte", "re_extras"),
    ("kontra_sonderpunkte", "kontra_extras"),
    ("re_stiche", "re_tricks"),
    ("kontra_stiche", "kontra_tricks"),
    ("pflichtsolo", "compulsory"),
    ("notiz", "note"),
];

/// A header as it is compared with the reserved names: trimmed, lower case, spaces and
/// hyphens as `_` (`Re-Augen` is `re_augen`).
pub fn header_key(header: &str) -> String {
    header
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect()
}

/// The reserved column a header names (English or German), as an index into
/// [`RESERVED`].
fn reserved(key: &str) -> Option<usize> {
    let english = GERMAN
        .iter()
        .find(|(g, _)| *g == key)
        .map_or(key, |(_, e)| *e);
    RESERVED.iter().position(|&k| k == english)
}

/// The reserved name a player header probably misspells: one letter added or left out,
/// two letters swapped, or (in a name with `_`, which players' names do not have) up to
/// two such edits. A letter changed in a plain name is not taken for a misspelling: real
/// names are one letter from a column (Neal and `deal`, Nate and `note`, Weber and
/// `geber`).
fn misspelt(key: &str) -> Option<&'static str> {
    let names = RESERVED
        .iter()
        .copied()
        .chain(GERMAN.iter().map(|(g, _)| *g));
    let joined = key.contains('_');
    let mut best: Option<(usize, &'static str)> = None;
    for name in names {
        let d = edits(key, name);
        let close = if joined {
            d <= 2
        } else {
            d == 1 && (key.chars().count() != name.len() || swapped(key, name))
        };
        if close && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, name));
        }
    }
    best.map(|(_, n)| n)
}

/// Two neighbouring letters swapped, nothing else changed.
fn swapped(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    a.len() == b.len() && {
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        diff.len() == 2
            && diff[1] == diff[0] + 1
            && a[diff[0]] == b[diff[1]]
            && a[diff[1]] == b[diff[0]]
    }
}

/// Edits from `a` to `b`: letters added, left out, changed, or two neighbours swapped.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The delimiter of a sheet, found from its header (the first line that is not a
/// comment): whichever of `,` `;` and tab it has most of outside quotes (`,` where none).
fn delimiter(text: &str) -> u8 {
    let header = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in header.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    [b',', b';', b'\t'][best]
}

/// A sheet whose header has been read.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    file: String,
    text: &'a str,
    /// `,`, `;` or tab, found from the header.
    delimiter: u8,
    /// Player names, in column order.
    pub players: Vec<String>,
    /// Column index of each player.
    player_cols: Vec<usize>,
    /// Column index of each reserved name (same order as `RESERVED`).
    cols: Vec<Option<usize>>,
    /// The header's columns up to its last named one (empty ones after it are ignored).
    named: usize,
    /// What the reader passed over and says so: columns of numbers that are not players,
    /// empty rows between deals ([`Sheet::notes`]).
    notes: Vec<RecordError>,
}

impl<'a> Sheet<'a> {
    /// Reads the header of a sheet.
    pub fn parse(file: &str, text: &'a str) -> Result<Sheet<'a>, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let delimiter = delimiter(text);
        let mut rdr = reader(text, delimiter);
        let header = rdr
            .headers()
            .map_err(|e| {
                RecordError::new(file, msg!("error.cannot_read_header", why = e.to_string()))
                    .line(1)
            })?
            .clone();
        if header.iter().all(|h| h.trim().is_empty()) {
            return Err(RecordError::new(file, crate::msg!("error.sheet_empty")).line(1));
        }
        // Spreadsheets save empty columns after the last named one (`;;;`): they are not
        // the sheet's, and their cells must stay empty (`SheetRows`).
        let named = (0..header.len())
            .rev()
            .find(|&i| !header[i].trim().is_empty())
            .map_or(0, |i| i + 1);
        let header: csv::StringRecord = header.iter().take(named).collect();
        check_header_size(file, &header)?;
        let mut cols = vec![None; RESERVED.len()];
        let mut players = Vec::new();
        let mut player_cols = Vec::new();
        for (i, h) in header.iter().enumerate() {
            let name = h.trim();
            let key = header_key(name);
            if name.is_empty() {
                return Err(
                    RecordError::new(file, msg!("error.column_no_name", column = i + 1)).line(1),
                );
            }
            // `(Summe)`: a column the sheet keeps for itself, not a player.
            if name.len() > 2 && name.starts_with('(') && name.ends_with(')') {
                continue;
            }
            if let Some(r) = reserved(&key) {
                if cols[r].is_some() {
                    return Err(RecordError::new(
                        file,
                        msg!("error.column_twice", column = RESERVED[r]),
                    )
                    .line(1)
                    .field(name));
                }
                cols[r] = Some(i);
            } else {
                if let Some(meant) = misspelt(&key) {
                    return Err(RecordError::new(
                        file,
                        msg!("error.column_misspelt", column = name, meant = meant),
                    )
                    .line(1)
                    .field(name));
                }
                if players
                    .iter()
                    .any(|p: &String| crate::deal::same_name(p, name))
                {
                    return Err(RecordError::new(
                        file,
                        msg!("error.player_appears_twice", player = name),
                    )
                    .line(1)
                    .field(name));
                }
                players.push(name.to_string());
                player_cols.push(i);
            }
        }
        let ReadOver {
            numbers,
            mut notes,
            has_deal,
        } = read_over(file, text, delimiter, &player_cols);
        pass_over_numbers(file, &numbers, (&mut players, &mut player_cols), &mut notes)?;
        crate::deal::check_players(&players).map_err(|m| RecordError::new(file, m).line(1))?;
        check_points_column(file, &header, &cols)?;
        // A header alone is a sheet not filled in yet, or one saved without its rows.
        if !has_deal {
            return Err(RecordError::new(file, msg!("error.no_deals")).line(1));
        }
        notes.sort_by_key(|n| n.at.line);
        Ok(Sheet {
            file: file.to_string(),
            text,
            delimiter,
            players,
            player_cols,
            cols,
            named,
            notes,
        })
    }

    /// What the reader passed over, each with its line: a column whose cells are all
    /// numbers (or empty) is a sum or an amount, not a player; an empty row between deals
    /// is skipped. The command prints them as notes; nothing is refused for them.
    pub fn notes(&self) -> &[RecordError] {
        &self.notes
    }

    /// The deal rows of the sheet as written, one result per row: the facts and the
    /// profile's checks of each are `play::SheetDeals`'s (`Sheet::deals`). `profile` says
    /// who sits out, for the dealer column.
    pub fn rows<'p>(&self, profile: &'p Profile) -> SheetRows<'a, 'p> {
        let mut rdr = reader(self.text, self.delimiter);
        // The header was read successfully in `parse`.
        let _ = rdr.headers();
        SheetRows {
            sheet: self.clone(),
            profile,
            records: rdr.into_records(),
            row: 0,
            seen: (0, 1),
            deals: 0,
            penalty_rows: 0,
            penalties: Vec::new(),
        }
    }

    /// The penalty rows of the sheet (TSR 9), each with its line and the deals before it,
    /// as a league sheet's `[[penalty]]`, or why the row is refused. `Sheet::deals`
    /// passes over them.
    pub fn penalties(&self, profile: &Profile) -> Vec<GivenPenalty> {
        let lower = self.text.to_ascii_lowercase();
        if !PENALTY_WORDS.iter().any(|w| lower.contains(w)) {
            return Vec::new();
        }
        let mut rows = self.rows(profile);
        rows.by_ref().for_each(drop);
        rows.penalties
    }

    /// The file's name, as errors write it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The players, in the order of their columns.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    fn col(&self, key: &str) -> Option<usize> {
        RESERVED
            .iter()
            .position(|&k| k == key)
            .and_then(|r| self.cols[r])
    }
}

/// A sheet has a column of Re's or Kontra's eyes. An archive's header with a column
/// misspelt reads as a sheet: say what an archive needs, where the header has one of its
/// two columns.
fn check_points_column(
    file: &str,
    header: &csv::StringRecord,
    cols: &[Option<usize>],
) -> Result<(), RecordError> {
    if cols[2].is_some() || cols[3].is_some() {
        return Ok(());
    }
    let has = |c: &str| header.iter().any(|h| h.trim().eq_ignore_ascii_case(c));
    if let Some((found, missing)) = [("tricks", "players"), ("players", "tricks")]
        .into_iter()
        .find(|(f, m)| has(f) && !has(m))
    {
        return Err(RecordError::new(
            file,
            msg!(
                "error.archive_half_header",
                found = found,
                missing = missing
            ),
        )
        .line(1));
    }
    Err(RecordError::new(file, msg!("error.points_column")).line(1))
}

/// What [`read_over`] finds in the rows before the deals are read.
struct ReadOver {
    /// For each player column: what its cells are.
    numbers: Vec<Cells>,
    /// An empty row before a deal, each with its line.
    notes: Vec<RecordError>,
    /// A row with a value (or one the reader cannot read, reported with the deals).
    has_deal: bool,
}

/// The player columns that are columns of numbers: passed over with a note where every
/// cell is a number (or empty); refused once, at the first other cell, where a few cells
/// are not numbers (and none is a party's word).
fn pass_over_numbers(
    file: &str,
    numbers: &[Cells],
    (players, player_cols): (&mut Vec<String>, &mut Vec<usize>),
    notes: &mut Vec<RecordError>,
) -> Result<(), RecordError> {
    // A column of numbers with a bad cell: one error at that cell, not one a row.
    if let Some((k, (line, cell))) = numbers
        .iter()
        .enumerate()
        .find_map(|(k, c)| c.numbers_but().map(|bad| (k, bad)))
    {
        let column = &players[k];
        let count = numbers[k].numbers;
        return Err(RecordError::new(
            file,
            msg!(
                "error.column_of_numbers_bad",
                value = cell.as_str(),
                column = column.as_str(),
                count = count
            ),
        )
        .line(*line)
        .field(column));
    }
    for k in (0..numbers.len())
        .rev()
        .filter(|&k| numbers[k].all_numbers() || numbers[k].all_text().is_some())
    {
        let column = players.remove(k);
        player_cols.remove(k);
        let note = match numbers[k].all_text() {
            Some((line, value)) => msg!(
                "note.column_of_text",
                column = column,
                value = value.as_str(),
                line = *line
            ),
            None => msg!("note.column_of_numbers", column = column),
        };
        notes.insert(0, RecordError::new(file, note).line(1).field(&column));
    }
    Ok(())
}

/// What the cells of a column hold, read over once: numbers, party words (`re`, `k` …),
/// anything else (the first of those with its line).
#[derive(Debug, Clone, Default)]
struct Cells {
    numbers: usize,
    parties: usize,
    other: usize,
    first_other: Option<(usize, String)>,
}

impl Cells {
    /// Every cell a number or empty, and one a number: an amount or a sum, not a player.
    fn all_numbers(&self) -> bool {
        self.numbers > 0 && self.parties == 0 && self.other == 0
    }

    /// Words in its cells and never a party's (`Köln`, `Bonn`: a place, a date): a column of
    /// text, not a player; its first word with its line.
    fn all_text(&self) -> Option<&(usize, String)> {
        (self.parties == 0 && self.other > 0 && self.numbers < 2 * self.other)
            .then_some(self.first_other.as_ref())
            .flatten()
    }

    /// Numbers but for a few cells that are neither numbers nor parties (`zwei Euro` among
    /// amounts): a column of numbers with a bad cell, not a player with a bad cell a row.
    fn numbers_but(&self) -> Option<&(usize, String)> {
        (self.parties == 0 && self.other > 0 && self.numbers >= 2 * self.other)
            .then_some(self.first_other.as_ref())
            .flatten()
    }
}

/// Reads the rows once before the deals are: for each of `cols` whether every cell is a
/// number or empty (and one is a number), a note for each empty row that comes before a
/// deal (trailing empty rows are what spreadsheets save, and pass unsaid), and whether
/// there is a deal at all.
fn read_over(file: &str, text: &str, delimiter: u8, cols: &[usize]) -> ReadOver {
    let mut numbers = vec![Cells::default(); cols.len()];
    let mut empty: Vec<usize> = Vec::new();
    let mut out = ReadOver {
        numbers: Vec::new(),
        notes: Vec::new(),
        has_deal: false,
    };
    let mut rdr = reader(text, delimiter);
    let _ = rdr.headers();
    let mut seen = (0, 1);
    for rec in rdr.records() {
        let Ok(rec) = rec else {
            // Reported with its line when the deals are read.
            numbers.iter_mut().for_each(|n| n.parties += 1);
            out.has_deal = true;
            continue;
        };
        let line = line_at(&mut seen, text, rec.position());
        if rec.iter().all(str::is_empty) {
            empty.push(line);
            continue;
        }
        out.has_deal = true;
        for line in empty.drain(..) {
            out.notes
                .push(RecordError::new(file, msg!("note.empty_row")).line(line));
        }
        for (n, &i) in numbers.iter_mut().zip(cols) {
            let cell = rec.get(i).unwrap_or("").trim();
            if cell.is_empty() || cell == "-" {
                continue;
            }
            if is_number(cell) {
                n.numbers += 1;
            } else if party_of(cell).is_some() {
                n.parties += 1;
            } else {
                n.other += 1;
                n.first_other
                    .get_or_insert_with(|| (line, cell.to_string()));
            }
        }
    }
    out.numbers = numbers;
    out
}

/// A cell that holds an amount: a sign, digits with `.` or `,`, a currency sign.
fn is_number(cell: &str) -> bool {
    let body = cell
        .trim_start_matches(['+', '-', '−'])
        .trim_matches(|c: char| c.is_whitespace() || "€$£¥円".contains(c));
    body.chars().any(|c| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',' || c == '\'' || c == '\u{a0}')
}

fn reader(text: &str, delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes())
}

/// Each player's party as the row's player cells say.
fn roles_of(sheet: &Sheet, rec: &csv::StringRecord) -> Result<Vec<Role>, (String, Text)> {
    let mut roles = Vec::with_capacity(sheet.players.len());
    for (p, &i) in sheet.players.iter().zip(&sheet.player_cols) {
        let cell = rec.get(i).unwrap_or("");
        match party_of(cell) {
            Some(role) => roles.push(role),
            None => {
                let word = cell.to_ascii_lowercase();
                return Err((p.clone(), msg!("error.not_a_party", word = word)));
            }
        }
    }
    Ok(roles)
}

/// A player cell's party: `re` (`r`), `kontra` (`k`, `contra`, `c`), or empty / `-` for a
/// player who sits out; None for any other word.
fn party_of(cell: &str) -> Option<Role> {
    match cell.to_ascii_lowercase().as_str() {
        "re" | "r" => Some(Role::Re),
        "kontra" | "k" | "contra" | "c" => Some(Role::Kontra),
        "" | "-" => Some(Role::Out),
        _ => None,
    }
}

/// The seat of the row's dealer `d`, who sits out at a table larger than a deal needs (at
/// six and seven with the seats across, [`crate::seating::sits_out`]).
fn dealer_of(sheet: &Sheet, profile: &Profile, roles: &[Role], d: &str) -> Result<usize, Text> {
    let Some(seat) = sheet.players.iter().position(|p| p.eq_ignore_ascii_case(d)) else {
        return Err(msg!("error.not_a_player", player = d));
    };
    let seats = roles.len();
    let out = crate::seating::sitting_out(seats, profile.deck.players as usize, seat);
    if out.contains(seat) && roles[seat] != Role::Out {
        return Err(msg!("error.dealer_must_sit_out", player = d, seats = seats));
    }
    if let Some(s) = out.iter().find(|&s| roles[s] != Role::Out) {
        return Err(msg!(
            "error.across_must_sit_out",
            player = sheet.players[s],
            dealer = d,
            seats = seats
        ));
    }
    Ok(seat)
}

/// A deal row of a sheet as written: its line, what it states, and its dealer where a
/// `dealer` column names one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetRow {
    /// The row's line in the file, from 1.
    pub line: usize,
    /// What the row states.
    pub summary: Summary,
    /// The dealer's seat, where written.
    pub dealer: Option<usize>,
}

/// Iterator over the deal rows of a sheet ([`Sheet::rows`]).
pub struct SheetRows<'a, 'p> {
    sheet: Sheet<'a>,
    profile: &'p Profile,
    records: csv::StringRecordsIntoIter<&'a [u8]>,
    row: usize,
    /// A byte offset in the text and the line it is on, for [`SheetDeals::line_at`].
    seen: (usize, usize),
    /// Rows read that were deals (good or bad).
    deals: usize,
    /// Rows read that were penalties (good or bad): they hold no deal number.
    penalty_rows: usize,
    /// The penalty rows read so far.
    penalties: Vec<GivenPenalty>,
}

impl SheetRows<'_, '_> {
    fn line_at(&mut self, pos: Option<&csv::Position>) -> usize {
        line_at(&mut self.seen, self.sheet.text, pos)
    }
}

/// The line of a record that starts at a byte offset, counted from the text's line ends
/// (`\n`), going forward from the last offset asked (`seen`: that offset and its line).
/// The csv reader ends a CRLF line at its `\r`, so its next record starts at the `\n`:
/// that one counts too.
fn line_at(seen: &mut (usize, usize), text: &str, pos: Option<&csv::Position>) -> usize {
    let Some(byte) = pos.map(|p| p.byte() as usize + 1) else {
        return 0;
    };
    let (at, line) = *seen;
    let text = text.as_bytes();
    let line = if byte >= at {
        line + memchr::memchr_iter(b'\n', &text[at..byte.min(text.len())]).count()
    } else {
        1 + memchr::memchr_iter(b'\n', &text[..byte.min(text.len())]).count()
    };
    *seen = (byte, line);
    line
}

impl Iterator for SheetRows<'_, '_> {
    type Item = Result<SheetRow, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rec = self.records.next()?;
            self.row += 1;
            let rec = match rec {
                Ok(r) => r,
                Err(e) => {
                    let line = self.line_at(e.position());
                    return Some(Err(RecordError::new(
                        &self.sheet.file,
                        msg!("error.cannot_read_row", why = e.to_string()),
                    )
                    .line(line)));
                }
            };
            let line = self.line_at(rec.position());
            if rec.iter().all(str::is_empty) {
                continue;
            }
            if let Some((i, cell)) = rec
                .iter()
                .enumerate()
                .skip(self.sheet.named)
                .find(|(_, c)| !c.is_empty())
            {
                let m = msg!(
                    "error.cell_without_column",
                    column = i + 1,
                    value = crate::deal::prefix(cell)
                );
                return Some(Err(RecordError::new(&self.sheet.file, m).line(line)));
            }
            match penalty_row(&self.sheet, &rec, self.deals) {
                Ok(None) => {}
                Ok(Some(p)) => {
                    self.penalty_rows += 1;
                    self.penalties.push((line, self.deals, Ok(p)));
                    continue;
                }
                Err((field, msg)) => {
                    self.penalty_rows += 1;
                    let e = RecordError::new(&self.sheet.file, msg)
                        .line(line)
                        .field(field);
                    self.penalties.push((line, self.deals, Err(e)));
                    continue;
                }
            }
            self.deals += 1;
            return Some(
                self.row_summary(&rec)
                    .map(|(summary, dealer)| SheetRow {
                        line,
                        summary,
                        dealer,
                    })
                    .map_err(|(deal, field, msg)| {
                        let mut e = RecordError::new(&self.sheet.file, msg)
                            .line(line)
                            .field(field);
                        if let Some(d) = deal {
                            e = e.deal(d);
                        }
                        e
                    }),
            );
        }
    }
}

type RowError = (Option<usize>, String, Text);

/// A penalty a file gives: its line, the deals before it, and the penalty as written or
/// why its row is refused.
pub type GivenPenalty = (usize, usize, Result<RawPenalty, RecordError>);

/// The words of a `game` cell that make the row a penalty (English and German).
pub const PENALTY_WORDS: [&str; 3] = ["penalty", "strafe", "strafpunkte"];

/// A row whose `game` is a penalty word: the offender's cell holds her loss (`-3`, or a
/// penalty word for the profile's `league.penalty`), the other players' cells are empty
/// or hold their shares (which must add up to the loss), and the columns of a deal but the
/// note are empty. None for a row that is a deal.
fn penalty_row(
    sheet: &Sheet,
    rec: &csv::StringRecord,
    deals: usize,
) -> Result<Option<RawPenalty>, (String, Text)> {
    let get = |key: &str| {
        sheet
            .col(key)
            .and_then(|i| rec.get(i))
            .filter(|s| !s.is_empty())
    };
    let is_word = |s: &str| PENALTY_WORDS.iter().any(|w| s.eq_ignore_ascii_case(w));
    if !get("game").is_some_and(is_word) {
        return Ok(None);
    }
    if let Some(key) = RESERVED
        .iter()
        .find(|&&k| !matches!(k, "game" | "note") && get(k).is_some())
    {
        return Err(((*key).to_string(), msg!("error.penalty_row_column")));
    }
    let mut offender: Option<(usize, Option<u16>)> = None;
    let mut shares: Option<u64> = None;
    for (seat, (p, &i)) in sheet.players.iter().zip(&sheet.player_cols).enumerate() {
        let cell = rec.get(i).unwrap_or("").trim();
        if cell.is_empty() || cell == "-" {
            continue;
        }
        let loss = if is_word(cell) {
            Some(None)
        } else if let Some(n) = cell.strip_prefix('-') {
            let points = n
                .parse::<u16>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| (p.clone(), msg!("error.penalty_cell", word = cell)))?;
            Some(Some(points))
        } else {
            let share = cell
                .strip_prefix('+')
                .unwrap_or(cell)
                .parse::<u16>()
                .map_err(|_| (p.clone(), msg!("error.penalty_cell", word = cell)))?;
            shares = Some(shares.unwrap_or(0) + u64::from(share));
            None
        };
        if let Some(points) = loss {
            if offender.is_some() {
                return Err((p.clone(), msg!("error.penalty_two_offenders")));
            }
            offender = Some((seat, points));
        }
    }
    let Some((seat, points)) = offender else {
        return Err((sheet.players.join(","), msg!("error.penalty_no_offender")));
    };
    let points = match (shares, points) {
        (Some(sum), Some(points)) if sum != u64::from(points) => {
            return Err((
                sheet.players.join(","),
                msg!("error.penalty_shares_sum", shares = sum, points = points),
            ));
        }
        // "penalty" in the offender's cell and the shares written: they say the loss.
        (Some(sum), None) => Some(u16::try_from(sum).unwrap_or(u16::MAX)),
        (_, points) => points,
    };
    Ok(Some(RawPenalty {
        after: u16::try_from(deals).unwrap_or(u16::MAX),
        player: sheet.players[seat].clone(),
        points,
        note: get("note").map(str::to_string),
    }))
}

impl SheetRows<'_, '_> {
    fn row_summary(&self, rec: &csv::StringRecord) -> Result<(Summary, Option<usize>), RowError> {
        let sheet = &self.sheet;
        // Cells after the header's last named column are empty (`SheetRows::next`).
        if rec.len() < sheet.named {
            return Err((
                None,
                "row".into(),
                msg!("error.row_fields", fields = rec.len(), header = sheet.named),
            ));
        }
        let get = |key: &str| {
            sheet
                .col(key)
                .and_then(|i| rec.get(i))
                .filter(|s| !s.is_empty())
        };
        let number = match get("deal") {
            Some(s) => s.parse::<usize>().map_err(|_| {
                (
                    None,
                    "deal".to_string(),
                    msg!("error.not_deal_number", word = s),
                )
            })?,
            None => self.row - self.penalty_rows,
        };
        let fail = |field: &str, msg: Text| (Some(number), field.to_string(), msg);
        let contract: Contract = match get("game") {
            Some(s) => s.parse().map_err(|e| fail("game", e))?,
            None => Contract::Normal,
        };
        let roles = roles_of(sheet, rec).map_err(|(f, m)| fail(&f, m))?;
        let dealer = match get("dealer") {
            Some(d) => {
                Some(dealer_of(sheet, self.profile, &roles, d).map_err(|m| fail("dealer", m))?)
            }
            None => None,
        };
        let number_in = |key: &str, what: &'static str| -> Result<Option<u16>, RowError> {
            get(key)
                .map(|s| {
                    s.parse::<u16>()
                        .map_err(|_| fail(key, Text::msg(what).with("word", s.to_string())))
                })
                .transpose()
        };
        let tricks = |key: &str| -> Result<Option<u8>, RowError> {
            Ok(number_in(key, "error.not_number_of_tricks")?.map(|t| t.min(u8::MAX as u16) as u8))
        };
        let bock = get("bock")
            .map(|s| super::parse_bock(s).map_err(|m| fail("bock", m)))
            .transpose()?;
        let cell =
            |key: &str| -> Vec<String> { get(key).map(str::to_string).into_iter().collect() };
        let summary = Summary {
            number,
            contract: get("game").is_some().then_some(contract),
            roles,
            re_points: number_in("re_points", "error.not_number_of_eyes")?,
            kontra_points: number_in("kontra_points", "error.not_number_of_eyes")?,
            re_tricks: tricks("re_tricks")?,
            kontra_tricks: tricks("kontra_tricks")?,
            re_calls: get("re_calls").unwrap_or("").to_string(),
            kontra_calls: get("kontra_calls").unwrap_or("").to_string(),
            re_extras: cell("re_extras"),
            kontra_extras: cell("kontra_extras"),
            bock,
            compulsory: super::parse_yes_no(get("compulsory").unwrap_or(""))
                .map_err(|m| fail("compulsory", m))?,
            knock: Knock::parse(get("knock").unwrap_or("")).map_err(|m| fail("knock", m))?,
            note: get("note").map(str::to_string),
        };
        Ok((summary, dealer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_columns_are_found_and_names_are_not() {
        for (header, meant) in [
            ("Notes", Some("note")),
            ("deals", Some("deal")),
            ("Re-Extra", Some("re_extras")),
            ("re pionts", Some("re_points")),
            ("kontra_point", Some("kontra_points")),
            ("Notz", Some("notiz")),
            ("Spile", Some("spiel")),
            ("Neal", None),
            ("Nate", None),
            ("Weber", None),
            ("Anna-Lena", None),
            ("Dirk", None),
            ("Gaby", None),
        ] {
            assert_eq!(misspelt(&header_key(header)), meant, "{header}");
        }
    }

    #[test]
    fn german_and_spaced_headers_name_the_columns() {
        for (header, column) in [
            ("Re-Augen", "re_points"),
            ("Kontra Augen", "kontra_points"),
            ("RE_SONDERPUNKTE", "re_extras"),
            ("Pflichtsolo", "compulsory"),
            ("Nr", "deal"),
            ("re points", "re_points"),
        ] {
            assert_eq!(
                reserved(&header_key(header)).map(|r| RESERVED[r]),
                Some(column),
                "{header}"
            );
        }
    }

    #[test]
    fn the_delimiter_comes_from_the_header() {
        assert_eq!(delimiter("a,b,c\n1;2;3;4;5\n"), b',');
        assert_eq!(delimiter("a;b;c\n1,2,3,4,5\n"), b';');
        assert_eq!(delimiter("# a comment, with, commas\n\na\tb\tc\n"), b'\t');
        assert_eq!(delimiter("\"a;b\",c\n"), b',');
        assert_eq!(delimiter("a\n"), b',');
        assert_eq!(delimiter(""), b',');
    }
}
