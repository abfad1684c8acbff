//! The league file on disk: created, appended to and undone without losing anything.
//!
//! * Every change holds an advisory lock on `FILE.lock`, so two `add`s run one after the
//!   other. A writer waiting for it is told who holds it after [`LOCK_NOTICE`], and gives
//!   up after [`LOCK_PATIENCE`].
//! * The whole new text is built in memory and evaluated as a sheet before anything is
//!   written; a refused change leaves the file byte for byte as it was.
//! * The new text replaces the file through a temporary file in the same folder, synced,
//!   then renamed over it. A symbolic link is followed (its target is written, the link
//!   stays); a read-only sheet is refused, not replaced.
//! * TOML is written by `toml_edit`, never by hand: names with quotes, accents or
//!   combining marks are quoted right, and `undo` removes exactly the last `[[deal]]`
//!   table, keeping comments and every other table where they are.
//! * Only facts go into the file; dealer, Bock and standings are recomputed on each read.

use crate::lang::{Lang, Text};
use crate::msg;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, value};

use super::{League, evaluate};

mod cut;
mod disk;
mod entry;
use crate::deal::RecordError;
pub use cut::without_last_deal;
use cut::*;
pub use disk::{Lock, LockThing, holder_text, lock, read, write_atomically};
pub use entry::DealEntry;

/// How long a writer waits for the lock before it says who holds it.
pub const LOCK_NOTICE: Duration = Duration::from_secs(1);
/// How long a writer waits for the lock before it gives up, unless told otherwise.
pub const LOCK_PATIENCE: Duration = Duration::from_secs(30);

/// Why a league file was not read or changed. Nothing was written.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.text())]
#[non_exhaustive]
pub enum FileError {
    /// The file could not be read.
    Read {
        /// The sheet.
        file: String,
        /// The operating system's error.
        io: std::io::Error,
    },
    /// The file could not be written.
    Write {
        /// The sheet.
        file: String,
        /// The operating system's error.
        io: std::io::Error,
    },
    /// A new file could not be created.
    Create {
        /// The sheet.
        file: String,
        /// The operating system's error.
        io: std::io::Error,
    },
    /// The file is read-only.
    ReadOnly {
        /// The sheet.
        file: String,
    },
    /// The lock file could not be made.
    Lock {
        /// The sheet.
        file: String,
        /// The lock file.
        lock: String,
        /// Why it could not be made.
        io: std::io::Error,
    },
    /// What is at the lock file's place is not a lock file of doko (a link, a FIFO, a file
    /// with other names, of another user or with other text): it is left as it is.
    StrangeLock {
        /// The sheet.
        file: String,
        /// The lock file's path.
        lock: String,
        /// What is there ([`LockThing`]).
        what: LockThing,
    },
    /// The sheet has more than one name (hard links): a write, which puts a new file in
    /// place of one name, would part them.
    Linked {
        /// The sheet.
        file: String,
        /// How many names it has.
        names: u64,
    },
    /// Another writer held the lock for longer than the patience.
    Locked {
        /// The sheet.
        file: String,
        /// Who holds the lock.
        holder: String,
        /// How long doko waited.
        waited: Duration,
    },
    /// The file is not TOML.
    Toml {
        /// The sheet.
        file: String,
        /// The line.
        line: usize,
        /// What is wrong.
        message: Text,
    },
    /// The change was refused.
    Refused {
        /// The sheet.
        file: String,
        /// Why.
        message: Text,
    },
    /// `undo` of a sheet without deals.
    NoDeal {
        /// The sheet.
        file: String,
    },
    /// The sheet as it is on disk is not valid: every error, with its place.
    Invalid(Vec<RecordError>),
    /// The sheet is valid, but not with the change: every error, with its place.
    Refusing(Vec<RecordError>),
}

impl FileError {
    /// The error in no language yet (the operating system's words stay as it gives them);
    /// a sheet's own errors say the first one.
    pub fn text(&self) -> Text {
        match self {
            FileError::Invalid(all) | FileError::Refusing(all) => {
                all.first().map(RecordError::text).unwrap_or_default()
            }
            FileError::Refused { file, message } => Text::placed(file, message.clone()),
            FileError::Toml {
                file,
                line,
                message,
            } => Text::placed(format!("{file}:{line}"), message.clone()),
            FileError::Read { file, io } => {
                msg!("error.file_read", file = file, why = crate::files::why(io))
            }
            FileError::Write { file, io } => msg!("error.file_write", file = file, why = io),
            FileError::Create { file, io } => msg!("error.file_create", file = file, why = io),
            FileError::ReadOnly { file } => msg!("error.file_read_only", file = file),
            FileError::StrangeLock { file, lock, what } => msg!(
                "error.file_strange_lock",
                file = file,
                lock = lock,
                what = Text::msg(what.key())
            ),
            FileError::Linked { file, names } => {
                msg!("error.file_linked", file = file, names = names)
            }
            FileError::Lock { file, lock, io } => {
                msg!("error.file_lock", file = file, lock = lock, why = io)
            }
            FileError::Locked {
                file,
                holder,
                waited,
            } => msg!(
                "error.file_locked",
                file = file,
                holder = holder_text(holder),
                seconds = waited.as_secs()
            ),
            FileError::NoDeal { file } => msg!("error.file_no_deal", file = file),
        }
    }

    /// The error in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        self.text().render(lang)
    }

    /// What players at the table read (the served page): a refused deal says its number
    /// and what is wrong, without the file, line or key; every one of a sheet's errors.
    /// Errors of the file itself (unreadable, locked) say the file, which someone must mend.
    pub fn plain(&self) -> Vec<Text> {
        match self {
            FileError::Invalid(all) | FileError::Refusing(all) => {
                all.iter().map(RecordError::plain).collect()
            }
            FileError::Refused { message, .. } => vec![message.clone()],
            FileError::NoDeal { .. } => vec![msg!("error.no_deal_to_undo")],
            e => vec![e.text()],
        }
    }
}

/// What a new sheet says.
#[derive(Debug, Clone)]
pub struct NewSheet<'a> {
    /// The sheet's name.
    pub name: &'a str,
    /// The profile's name, or its path as the sheet stores it ([`stored_variant`]).
    pub variant: &'a str,
    /// Overrides of the profile's keys (`--set`), stored in the sheet.
    pub sets: &'a [(String, String)],
    /// The players, in seat order.
    pub players: &'a [String],
    /// Deals in the series.
    pub deals: usize,
    /// Who deals first.
    pub dealer: &'a str,
}

/// A new sheet as a command asks for it, the defaults filled in ([`plan`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetPlan {
    /// The sheet's name.
    pub name: String,
    /// The profile as the sheet stores it ([`stored_variant`]).
    pub variant: String,
    /// The players, trimmed, in seat order.
    pub players: Vec<String>,
    /// Deals in the series.
    pub deals: usize,
    /// Who deals the first deal.
    pub dealer: String,
}

impl SheetPlan {
    /// The sheet to write, with its `--set` overrides.
    pub fn sheet<'a>(&'a self, sets: &'a [(String, String)]) -> NewSheet<'a> {
        NewSheet {
            name: &self.name,
            variant: &self.variant,
            sets,
            players: &self.players,
            deals: self.deals,
            dealer: &self.dealer,
        }
    }
}

/// A new sheet's defaults, the one place they are decided: the players trimmed and checked
/// (a table the profile plays, no name twice); the dealer as named, else the last player
/// (the first player then plays out first); the profile's `league.deals` unless `deals`
/// is given (at least one); the file's stem as the name unless one is given. A refusal
/// names the field it is about (`players`, `dealer`, `deals`).
pub fn plan(
    file: &str,
    profile: &crate::variant::Profile,
    variant: &str,
    players: &[String],
    deals: Option<u16>,
    dealer: Option<&str>,
    name: Option<&str>,
) -> Result<SheetPlan, crate::deal::FieldError> {
    let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    let bad = crate::deal::FieldError::new;
    crate::seating::check_table(profile, players.len()).map_err(|e| bad("players", e.message()))?;
    crate::deal::check_players(&players).map_err(|e| bad("players", e))?;
    let dealer = match dealer {
        Some(d) => players
            .iter()
            .find(|p| p.eq_ignore_ascii_case(d))
            .ok_or_else(|| bad("dealer", msg!("error.dealer_not_player", name = d)))?
            .clone(),
        None => players[players.len() - 1].clone(),
    };
    let deals = deals.map_or(profile.league.deals as usize, |d| d as usize);
    if deals == 0 {
        return Err(bad("deals", Text::msg("error.sheet_needs_a_deal")));
    }
    if let Some(name) = name {
        crate::deal::check_label(name).map_err(|e| bad("name", e))?;
    }
    let stem = Path::new(file)
        .file_stem()
        .map_or("league".into(), |s| s.to_string_lossy().into_owned());
    Ok(SheetPlan {
        name: name.map_or(stem, str::to_string),
        variant: stored_variant(file, variant),
        players,
        deals,
        dealer,
    })
}

/// The text of a new sheet.
pub fn new_text(sheet: &NewSheet) -> String {
    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(
        "# A doko league sheet. `doko league add` appends deals; edit any deal by hand and\n\
         # `doko league show` recomputes everything after it.\n",
    );
    doc["variant"] = value(sheet.variant);
    if !sheet.sets.is_empty() {
        doc["set"] = value(set_array(sheet.sets, &Array::new()));
    }
    doc["players"] = value(sheet.players.iter().map(String::as_str).collect::<Array>());
    let mut league = Table::new();
    league["name"] = value(sheet.name);
    league["deals"] = value(sheet.deals as i64);
    league["dealer"] = value(sheet.dealer);
    league.decor_mut().set_prefix("\n");
    doc["league"] = Item::Table(league);
    doc.to_string()
}

/// `old` (a sheet's `set` entries) with `sets` applied: a key set again takes its new
/// value in its place, a new key comes last.
fn set_array(sets: &[(String, String)], old: &Array) -> Array {
    let mut entries: Vec<(String, String)> = old
        .iter()
        .filter_map(|v| v.as_str())
        .filter_map(|s| crate::variant::parse_set(s).ok())
        .collect();
    for (k, v) in sets {
        match entries.iter_mut().find(|(key, _)| key == k) {
            Some(e) => e.1.clone_from(v),
            None => entries.push((k.clone(), v.clone())),
        }
    }
    entries.iter().map(|(k, v)| format!("{k}={v}")).collect()
}

/// How a new sheet (or tournament file) in `file` names the profile `variant`: a name as it
/// is; a path from the file's own folder (`club.toml`, `../club.toml`), wherever the profile
/// lies and however it was given, so that the folder can be copied to another computer with
/// the profile beside it as before (records read relative paths from their folder). An
/// absolute path only where no relative one exists (another drive).
pub fn stored_variant(file: &str, variant: &str) -> String {
    if !crate::variant::load::looks_like_path(variant) {
        return variant.to_string();
    }
    let Ok(profile) = std::fs::canonicalize(variant) else {
        return variant.to_string();
    };
    let dir = match Path::new(file).parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match std::fs::canonicalize(dir) {
        Ok(dir) => relative_path(&dir, &profile)
            .unwrap_or(profile)
            .display()
            .to_string(),
        Err(_) => profile.display().to_string(),
    }
}

/// The path from the folder `from` to `to` (both absolute, canonical): `../` for each of
/// `from`'s folders below the two paths' common part, then the rest of `to`. `None` where
/// they share no root (another drive).
fn relative_path(from: &Path, to: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let a: Vec<Component> = from.components().collect();
    let b: Vec<Component> = to.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 || (common == 1 && !matches!(a[0], Component::RootDir)) {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for c in &b[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

/// Creates the sheet `file` (never over an existing file), after checking it.
pub fn create(file: &str, sheet: &NewSheet) -> Result<League, FileError> {
    let text = new_text(sheet);
    let league = evaluate(file, &text, None).map_err(FileError::Invalid)?;
    write_new(file, &text)?;
    Ok(league)
}

/// Writes `text` to a new file `file` (never over an existing one), synced; a file that
/// could not be written whole is removed again.
pub fn write_new(file: &str, text: &str) -> Result<(), FileError> {
    let create_err = |io| FileError::Create {
        file: file.to_string(),
        io,
    };
    let mut f = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .map_err(create_err)?;
    let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_all());
    if let Err(e) = written {
        // Closed before it is removed (a `File` is a stub without `Drop` on wasm32).
        #[allow(clippy::drop_non_drop)]
        drop(f);
        let _ = std::fs::remove_file(file);
        return Err(create_err(e));
    }
    Ok(())
}

/// `text` as an editable TOML document; a syntax error names its line. Deals (and
/// penalties) written as one inline array (`deal = [{...}, {...}]`, valid TOML that `league
/// show` reads) are taken as the `[[deal]]` tables they stand for, which is how a change
/// writes them back.
fn parse(file: &str, text: &str) -> Result<DocumentMut, FileError> {
    let mut doc = parse_as_written(file, text)?;
    for key in ["deal", "penalty"] {
        let tables = match doc.get(key).and_then(Item::as_array) {
            Some(array) if array.iter().all(toml_edit::Value::is_inline_table) => array
                .iter()
                .filter_map(toml_edit::Value::as_inline_table)
                .map(|t| t.clone().into_table())
                .collect::<ArrayOfTables>(),
            _ => continue,
        };
        doc.insert(key, Item::ArrayOfTables(tables));
    }
    Ok(doc)
}

/// `text` as an editable TOML document, as written.
fn parse_as_written(file: &str, text: &str) -> Result<DocumentMut, FileError> {
    if let Some((offset, message)) = crate::toml_syntax::too_deep(text, false) {
        return Err(FileError::Toml {
            file: file.to_string(),
            line: crate::variant::line_of(text, offset),
            message,
        });
    }
    text.parse().map_err(|e: toml_edit::TomlError| {
        // A syntax error in the reader's words, where the parser finds one.
        let (line, message) = match crate::toml_syntax::first_error(text) {
            Some((offset, m)) => (crate::variant::line_of(text, offset), m),
            None => (
                e.span()
                    .map_or(1, |s| crate::variant::line_of(text, s.start)),
                e.message().trim().to_string().into(),
            ),
        };
        FileError::Toml {
            file: file.to_string(),
            line,
            message,
        }
    })
}

/// The deal of a record file (`league add --record DEAL.toml`): its one `[[deal]]`, or the
/// keys of a deal at its top (`players` and `variant` aside).
pub fn deal_of_record(path: &str) -> Result<Table, FileError> {
    let text = read(path)?;
    let mut doc = parse(path, &text)?;
    let bad = |message: Text| FileError::Refused {
        file: path.to_string(),
        message,
    };
    let mut deal = match doc.remove("deal") {
        Some(Item::ArrayOfTables(deals)) if deals.len() == 1 => {
            deals.into_iter().next().unwrap_or_default()
        }
        Some(Item::ArrayOfTables(deals)) => {
            return Err(bad(msg!("error.record_deals", deals = deals.len())));
        }
        Some(_) => return Err(bad(msg!("error.record_deal_table"))),
        None => {
            doc.remove("players");
            doc.remove("variant");
            doc.as_table().clone()
        }
    };
    deal.decor_mut().clear();
    deal.set_position(None);
    Ok(deal)
}

/// `text` with `sets` added to its top-level `set` (unchanged without any).
fn with_sets(file: &str, text: &str, sets: &[(String, String)]) -> Result<String, FileError> {
    if sets.is_empty() {
        return Ok(text.to_string());
    }
    let mut doc = parse(file, text)?;
    let old = doc
        .get("set")
        .and_then(Item::as_array)
        .cloned()
        .unwrap_or_default();
    doc["set"] = value(set_array(sets, &old));
    Ok(doc.to_string())
}

/// One `[[deal]]` table as TOML text, after `text` (a blank line between).
/// The line end a table appended to `text` is written with: the one its last line ends
/// with, else (no line end at its end) CRLF where it has any (an editor on Windows saved
/// it), else LF. So that `undo` gives back the sheet's bytes as they were, whatever mix of
/// line ends it has.
fn line_end(text: &str) -> &'static str {
    if text.ends_with("\r\n") || (!text.ends_with('\n') && text.contains("\r\n")) {
        "\r\n"
    } else {
        "\n"
    }
}

fn with_deal(text: &str, deal: Table) -> String {
    let mut tables = ArrayOfTables::new();
    tables.push(deal);
    let mut doc = DocumentMut::new();
    doc["deal"] = Item::ArrayOfTables(tables);
    let eol = line_end(text);
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push_str(eol);
    }
    out.push_str(eol);
    out.push_str(&doc.to_string().replace('\n', eol));
    out
}

/// Appends `deal` to the sheet `file`: the sheet after. The sheet must be valid and not
/// complete before ([`FileError::Invalid`] else), and valid with the deal
/// ([`FileError::Refusing`] else); nothing is written otherwise.
///
/// `sets` (`league add --set`) are stored in the sheet's `set` with the deal: the whole
/// sheet is then read under them.
pub fn append(
    file: &str,
    deal: Table,
    sets: &[(String, String)],
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<League, FileError> {
    let _lock = lock(file, patience, waiting)?;
    let (text, after) = appended(file, &read(file)?, deal, sets)?;
    write_atomically(file, &text)?;
    Ok(after)
}

/// What [`append`] would make of the sheet with `deal`, written nowhere: the sheet after,
/// or the errors that refuse the deal (the page checks a deal as it is entered).
pub fn check_append(file: &str, deal: Table) -> Result<League, FileError> {
    appended(file, &read(file)?, deal, &[]).map(|(_, after)| after)
}

/// The text and the sheet after appending `deal` to `old` (the sheet `file`'s text), written
/// nowhere: [`append`] writes it under the sheet's lock; the web app keeps it in the
/// browser.
pub fn appended(
    file: &str,
    old: &str,
    deal: Table,
    sets: &[(String, String)],
) -> Result<(String, League), FileError> {
    check_lengths(&deal).map_err(|message| FileError::Refused {
        file: file.to_string(),
        message,
    })?;
    // Deals written as one inline array are written as `[[deal]]` tables first: the new
    // deal is appended as one.
    let inline = parse_as_written(file, old)?
        .get("deal")
        .is_some_and(Item::is_array);
    let rewritten = if inline {
        Some(parse(file, old)?.to_string())
    } else {
        None
    };
    let old = rewritten.as_deref().unwrap_or(old);
    let before = evaluate(file, old, None).map_err(FileError::Invalid)?;
    if before.is_complete() {
        return Err(FileError::Refused {
            file: file.to_string(),
            message: msg!("error.league_complete", why = before.next_text()),
        });
    }
    let mut deal = deal;
    // A lone Re player without a game: a forgotten partner, refused as a normal game with
    // the way to say a silent solo, where the profile says so (`league.lone_re`).
    if before.profile.league.lone_re == crate::variant::LoneRe::Refuse
        && !deal.contains_key("contract")
        && deal
            .get("re")
            .and_then(Item::as_array)
            .is_some_and(|re| re.len() == 1)
    {
        deal["contract"] = value("normal");
    }
    full_names(&mut deal, &before.players).map_err(|m| {
        FileError::Refusing(vec![
            RecordError::new(file, m)
                .deal(before.rows.len() + 1)
                .field("re"),
        ])
    })?;
    let mut text = with_deal(&with_sets(file, old, sets)?, deal);
    // A round against the clock starts with its first deal.
    if before.clock.minutes > 0 && before.clock.started.is_none() {
        text = with_league_keys(
            file,
            &text,
            &[(
                "started",
                value(crate::league::time::format(crate::league::time::now())),
            )],
        )?;
    }
    let after = evaluate(file, &text, None).map_err(|errors| {
        // The new deal's lines are not in the file (nothing was written): its errors say
        // the deal and the field, no line.
        let lines = old.lines().count();
        FileError::Refusing(
            errors
                .into_iter()
                .map(|mut e| {
                    if e.at.line.is_some_and(|l| l as usize > lines) {
                        e.at.line = None;
                    }
                    e
                })
                .collect(),
        )
    })?;
    Ok((text, after))
}

/// The longest note a deal added to a sheet may have, in characters.
pub const MAX_NOTE: usize = crate::deal::MAX_NOTE;

/// The longest other text of a deal added to a sheet (a name, calls, extras), in characters.
pub const MAX_TEXT: usize = 200;

/// Refuses a deal to add whose texts are longer than a sheet keeps ([`MAX_NOTE`] for the
/// note, [`MAX_TEXT`] for any other), the command line's and the page's alike.
fn check_lengths(deal: &Table) -> Result<(), Text> {
    fn texts<'a>(v: &'a toml_edit::Value, out: &mut Vec<&'a str>) {
        match v {
            toml_edit::Value::String(s) => out.push(s.value()),
            toml_edit::Value::Array(a) => a.iter().for_each(|v| texts(v, out)),
            _ => {}
        }
    }
    for (key, item) in deal.iter() {
        let mut found = Vec::new();
        if let Some(v) = item.as_value() {
            texts(v, &mut found);
        }
        let max = if key == "note" { MAX_NOTE } else { MAX_TEXT };
        if let Some(long) = found.iter().map(|t| t.chars().count()).find(|&n| n > max) {
            return Err(msg!(
                "error.field_too_long",
                field = key,
                chars = long,
                max = max
            ));
        }
    }
    Ok(())
}

/// Replaces deal `number` (1 for the first `[[deal]]` of the file) of the sheet `file` by
/// `deal`: the sheet after. Comments above the deal stay; everything after it is
/// recomputed on the next read. As [`append`], nothing is written unless the sheet is
/// valid with the new deal.
pub fn replace(
    file: &str,
    number: usize,
    deal: Table,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<League, FileError> {
    let _lock = lock(file, patience, waiting)?;
    let (text, after) = replaced(file, &read(file)?, number, deal)?;
    write_atomically(file, &text)?;
    Ok(after)
}

/// Changes deal `number` of the sheet `file` as entered (`league edit`): `change` gets the
/// deal as a [`DealEntry`] and returns it changed; the deal is then replaced
/// ([`replaced`], as the page's edit). The sheet is read, changed and written under its
/// lock, and nothing is written unless the sheet is valid with the changed deal.
pub fn amend(
    file: &str,
    number: usize,
    change: &dyn Fn(DealEntry) -> DealEntry,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<League, FileError> {
    let _lock = lock(file, patience, waiting)?;
    let old = read(file)?;
    let entry = change(deal_entry_in(file, &old, number)?);
    let (text, after) = replaced(file, &old, number, entry.to_table())?;
    write_atomically(file, &text)?;
    Ok(after)
}

/// What [`replace`] would make of the sheet, written nowhere.
pub fn check_replace(file: &str, number: usize, deal: Table) -> Result<League, FileError> {
    replaced(file, &read(file)?, number, deal).map(|(_, after)| after)
}

/// The index in `deals` of deal `number` (1-based) in file order.
fn nth_deal(deals: &ArrayOfTables, number: usize) -> Option<usize> {
    let mut order: Vec<usize> = (0..deals.len()).collect();
    order.sort_by_key(|&i| deals.get(i).and_then(Table::position).unwrap_or(isize::MAX));
    number.checked_sub(1).and_then(|k| order.get(k).copied())
}

/// The text and the sheet after replacing deal `number` of `old` by `deal`, written nowhere.
pub fn replaced(
    file: &str,
    old: &str,
    number: usize,
    deal: Table,
) -> Result<(String, League), FileError> {
    let refused = |message: Text| FileError::Refused {
        file: file.to_string(),
        message,
    };
    check_lengths(&deal).map_err(refused)?;
    let before = evaluate(file, old, None).map_err(FileError::Invalid)?;
    let mut deal = deal;
    full_names(&mut deal, &before.players).map_err(|m| {
        FileError::Refusing(vec![RecordError::new(file, m).deal(number).field("re")])
    })?;
    let mut doc = parse(file, old)?;
    let deals = doc.get_mut("deal").and_then(Item::as_array_of_tables_mut);
    let count = deals.as_ref().map_or(0, |d| d.len());
    let Some((deals, i)) = deals.and_then(|d| nth_deal(d, number).map(|i| (d, i))) else {
        return Err(refused(msg!(
            "error.no_deal_to_edit_of",
            deal = number,
            count = count
        )));
    };
    let Some(t) = deals.get_mut(i) else {
        return Err(refused(msg!("error.no_deal_to_edit", deal = number)));
    };
    let decor = t.decor().clone();
    let position = t.position();
    *t = deal;
    *t.decor_mut() = decor;
    t.set_position(position);
    let text = doc.to_string();
    let after = evaluate(file, &text, None).map_err(FileError::Refusing)?;
    Ok((text, after))
}

/// Deal `number` of the sheet `file` as it was entered, to edit it; a deal written with
/// more than a [`DealEntry`] holds (cards, tricks, bids) is refused: edit it in the file.
pub fn deal_entry(file: &str, number: usize) -> Result<DealEntry, FileError> {
    deal_entry_in(file, &read(file)?, number)
}

/// Deal `number` of the sheet's text `text`, as [`deal_entry`] reads it from the file.
pub fn deal_entry_in(file: &str, text: &str, number: usize) -> Result<DealEntry, FileError> {
    let doc = parse(file, text)?;
    let refused = |message: Text| FileError::Refused {
        file: file.to_string(),
        message,
    };
    let deals = doc.get("deal").and_then(Item::as_array_of_tables);
    let table = deals
        .and_then(|d| nth_deal(d, number).and_then(|i| d.get(i)))
        .ok_or_else(|| refused(msg!("error.no_deal_number", deal = number)))?;
    DealEntry::from_table(table)
        .map_err(|m| refused(msg!("error.deal_message", deal = number, message = m)))
}

/// The player `name` stands for: her name (case aside), else the one player whose name
/// starts with it (`a` for Anna where no other name starts with an a).
pub fn player_named<'a>(players: &'a [String], name: &str) -> Result<&'a str, Text> {
    let name = name.trim();
    if let Some(p) = players.iter().find(|p| p.eq_ignore_ascii_case(name)) {
        return Ok(p);
    }
    let lower = name.to_lowercase();
    let starting: Vec<&String> = players
        .iter()
        .filter(|p| !lower.is_empty() && p.to_lowercase().starts_with(&lower))
        .collect();
    match starting.as_slice() {
        [one] => Ok(one),
        [] => Err(msg!(
            "error.not_a_player_of",
            player = name,
            players = players.join(", ")
        )),
        many => Err(msg!(
            "error.name_ambiguous",
            name = name,
            players = Text::Join(
                many.iter().map(|p| Text::from(p.to_string())).collect(),
                "error.word_or"
            )
        )),
    }
}

/// The deal's `re` players written out in full ([`player_named`]), so that the sheet holds
/// names, not the letters typed at the table.
fn full_names(deal: &mut Table, players: &[String]) -> Result<(), Text> {
    let Some(re) = deal.get_mut("re").and_then(Item::as_array_mut) else {
        return Ok(());
    };
    for v in re.iter_mut() {
        if let Some(name) = v.as_str() {
            let full = player_named(players, name)?;
            if full != name {
                *v = full.into();
            }
        }
    }
    Ok(())
}

/// `text` with `keys` set in its `[league]` table (the rest as it was).
fn with_league_keys(file: &str, text: &str, keys: &[(&str, Item)]) -> Result<String, FileError> {
    let mut doc = parse(file, text)?;
    let league = doc
        .entry("league")
        .or_insert_with(|| Item::Table(Table::new()));
    if let Some(t) = league.as_table_mut() {
        for (k, v) in keys {
            t[*k] = v.clone();
        }
    }
    Ok(doc.to_string())
}

/// Ends the round of the sheet `file` (TSR 8.6): no further normal deal; the compulsory
/// solos still owed follow as forced solos. Written as `[league] closed` (the deals played)
/// and `closed_at`; the sheet after.
pub fn close(
    file: &str,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<League, FileError> {
    let _lock = lock(file, patience, waiting)?;
    let (text, after) = closed(file, &read(file)?)?;
    write_atomically(file, &text)?;
    Ok(after)
}

/// The text and the sheet after [`close`] of `old`, written nowhere.
pub fn closed(file: &str, old: &str) -> Result<(String, League), FileError> {
    let before = evaluate(file, old, None).map_err(FileError::Invalid)?;
    let refused = |message: Text| FileError::Refused {
        file: file.to_string(),
        message,
    };
    if let Some(k) = before.clock.closed {
        return Err(refused(msg!("error.league_closed_already", deals = k)));
    }
    if before.is_complete() {
        return Err(refused(msg!(
            "error.league_complete",
            why = before.next_text()
        )));
    }
    let closed = i64::try_from(before.rows.len()).unwrap_or(i64::MAX);
    let text = with_league_keys(
        file,
        old,
        &[
            ("closed", value(closed)),
            (
                "closed_at",
                value(crate::league::time::format(crate::league::time::now())),
            ),
        ],
    )?;
    let after = evaluate(file, &text, None).map_err(FileError::Refusing)?;
    Ok((text, after))
}

/// What `undo` took back: the last entry of the sheet, a deal or a penalty, as it was
/// scored where the sheet could be read before.
#[derive(Debug, Clone)]
pub enum Undone {
    /// A deal.
    Deal(Option<Box<crate::league::Row>>),
    /// A penalty.
    Penalty(Option<crate::league::Penalty>),
}

/// Removes the last entry of the sheet `file`, a deal or a penalty (the last table of the
/// file): what was removed, and the sheet after.
pub fn undo(
    file: &str,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<(Undone, League), FileError> {
    let _lock = lock(file, patience, waiting)?;
    let (text, removed, after) = undone(file, &read(file)?)?;
    write_atomically(file, &text)?;
    Ok((removed, after))
}

/// The text after [`undo`] of `old`, what it took back and the sheet after, written
/// nowhere.
pub fn undone(file: &str, old: &str) -> Result<(String, Undone, League), FileError> {
    let before = evaluate(file, old, None).ok();
    let (text, removed) = if last_header(old) == Some("penalty") {
        let text = cut_last(old, "penalty").ok_or_else(|| FileError::NoDeal {
            file: file.to_string(),
        })?;
        (
            text,
            Undone::Penalty(before.and_then(|mut lg| lg.penalties.pop())),
        )
    } else {
        (
            without_last_deal(file, old)?,
            Undone::Deal(before.and_then(|mut lg| lg.rows.pop()).map(Box::new)),
        )
    };
    let after = evaluate(file, &text, None).map_err(FileError::Refusing)?;
    Ok((text, removed, after))
}

/// Records a penalty on the sheet `file` after its last deal (TSR 9): `points` (else the
/// profile's `league.penalty`) for `player`, with `note`. The sheet after; nothing is
/// written where the sheet or the penalty is refused.
pub fn penalize(
    file: &str,
    player: &str,
    points: Option<u16>,
    note: Option<&str>,
    (patience, waiting): (Duration, &mut dyn FnMut(&str)),
) -> Result<League, FileError> {
    let _lock = lock(file, patience, waiting)?;
    let (text, after) = penalized(file, &read(file)?, player, points, note)?;
    write_atomically(file, &text)?;
    Ok(after)
}

/// The text and the sheet after [`penalize`] of `old`, written nowhere.
pub fn penalized(
    file: &str,
    old: &str,
    player: &str,
    points: Option<u16>,
    note: Option<&str>,
) -> Result<(String, League), FileError> {
    let before = evaluate(file, old, None).map_err(FileError::Invalid)?;
    let name = player_named(&before.players, player).map_err(|m| {
        FileError::Refusing(vec![crate::deal::RecordError::new(file, m).field("player")])
    })?;
    let mut t = Table::new();
    t["after"] = value(i64::try_from(before.rows.len()).unwrap_or(i64::MAX));
    t["player"] = value(name);
    if let Some(p) = points {
        t["points"] = value(i64::from(p));
    }
    if let Some(n) = note {
        t["note"] = value(n);
    }
    let eol = line_end(old);
    let mut text = old.to_string();
    if !text.ends_with('\n') {
        text.push_str(eol);
    }
    text.push_str(eol);
    text.push_str(&format!("[[penalty]]\n{t}").replace('\n', eol));
    // The penalty's lines are not in the file (nothing was written): no line.
    let after = evaluate(file, &text, None).map_err(|errors| {
        FileError::Refusing(
            errors
                .into_iter()
                .map(|mut e| {
                    e.at.line = None;
                    e
                })
                .collect(),
        )
    })?;
    Ok((text, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_new_sheet_quotes_any_name() {
        let players = names(&["Zoe\u{301}", "B\"en", "Cara\\", "Dirk"]);
        let text = new_text(&NewSheet {
            sets: &[],
            name: "a \"quoted\" evening",
            variant: crate::variant::DEFAULT_PROFILE,
            players: &players,
            deals: 16,
            dealer: "Dirk",
        });
        let lg = evaluate("t.toml", &text, None).unwrap();
        assert_eq!(lg.players, players);
        assert_eq!(lg.name, "a \"quoted\" evening");
    }

    fn sheet(dir: &tempfile::TempDir, text: &str) -> String {
        let file = dir.path().join("s.toml").display().to_string();
        std::fs::write(&file, text).unwrap();
        file
    }

    const TWO_DEALS: &str = "variant = \"ddv\"\nplayers = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n\
        [league]\ndeals = 16\ndealer = \"Dirk\"\n\n\
        # the first deal\n[[deal]]\nre = [\"Anna\", \"Cara\"]\nre_points = 130\n\n\
        [[deal]]\nre = [\"Ben\", \"Dirk\"]\nre_points = 100\nnote = \"close\"\n";

    #[test]
    fn a_deal_is_replaced_in_its_place_and_read_back_as_entered() {
        let dir = tempfile::tempdir().unwrap();
        let file = sheet(&dir, TWO_DEALS);
        let first = deal_entry(&file, 1).unwrap();
        assert_eq!(first.re, names(&["Anna", "Cara"]));
        assert_eq!(first.re_points, Some(130));
        let second = deal_entry(&file, 2).unwrap();
        assert_eq!(second.note.as_deref(), Some("close"));
        // The entry goes back into a table that reads the same.
        assert_eq!(DealEntry::from_table(&second.to_table()).unwrap(), second);

        let edited = DealEntry {
            re: names(&["a", "b"]),
            re_points: Some(160),
            re_calls: Some("re".into()),
            note: Some("  ".into()),
            ..DealEntry::default()
        };
        let before = check_replace(&file, 1, edited.to_table()).unwrap();
        assert_eq!(read(&file).unwrap(), TWO_DEALS, "a check writes nothing");
        let after = replace(&file, 1, edited.to_table(), LOCK_PATIENCE, &mut |_| {}).unwrap();
        assert_eq!(before.session.totals, after.session.totals);
        let text = read(&file).unwrap();
        assert!(
            text.contains("# the first deal\n[[deal]]\nre = [\"Anna\", \"Ben\"]\nre_points = 160\nre_calls = \"re\"\n\n[[deal]]\nre = [\"Ben\", \"Dirk\"]"),
            "{text}"
        );
        assert!(!text.contains("note = \"  \""), "{text}");
        assert_eq!(after.rows[0].result.facts.re_eyes, 160);

        // No such deal, a bad deal, a full record: refused, nothing written.
        for (n, entry) in [
            (3, edited.clone()),
            (
                2,
                DealEntry {
                    re_points: Some(250),
                    ..edited.clone()
                },
            ),
        ] {
            assert!(replace(&file, n, entry.to_table(), LOCK_PATIENCE, &mut |_| {}).is_err());
            assert_eq!(read(&file).unwrap(), text);
        }
        let mut table = edited.to_table();
        table["tricks"] = value("x");
        let err = DealEntry::from_table(&table).unwrap_err();
        assert!(err.to_string().contains("`tricks`"), "{err}");
    }

    #[test]
    fn undo_removes_only_the_last_deal_table() {
        let text = "players = [\"A\", \"B\", \"C\", \"D\"]\n\n\
                    # my first deal\n[[deal]]\nre = [\"A\", \"C\"]\nre_points = 130\n\n\
                    # the second\n[[ deal ]]\nre = [\"A\", \"B\"]\nre_points = 100\n\n\
                    [league]\ndeals = 16\n# a comment at the end\n";
        let out = without_last_deal("t.toml", text).unwrap();
        assert!(out.contains("# my first deal\n[[deal]]"), "{out}");
        assert!(out.contains("re_points = 130"), "{out}");
        assert!(!out.contains("re_points = 100"), "{out}");
        assert!(
            out.contains("[league]\ndeals = 16\n# a comment at the end"),
            "{out}"
        );
        let again = without_last_deal("t.toml", &out).unwrap();
        assert!(!again.contains("[[deal]]"), "{again}");
        assert!(matches!(
            without_last_deal("t.toml", &again),
            Err(FileError::NoDeal { .. })
        ));
    }
}
