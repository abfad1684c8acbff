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
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, value};

use super::{League, evaluate};
use crate::deal::RecordError;

/// How long a writer waits for the lock before it says who holds it.
pub const LOCK_NOTICE: Duration = Duration::from_secs(1);
/// How long a writer waits for the lock before it gives up, unless told otherwise.
pub const LOCK_PATIENCE: Duration = Duration::from_secs(30);

/// Why a league file was not read or changed. Nothing was written.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.text())]
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
            FileError::Read { file, io } => msg!("error.file_read", file = file, why = io),
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

/// What was found at a lock file's place that is not a lock file of doko.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockThing {
    /// A symbolic link (to the sheet, or to any other file).
    Link,
    /// A FIFO, a socket, a device or a folder.
    NotAFile,
    /// A file with more than one name (a hard link to another file).
    Linked,
    /// A file with other text than a holder's line that doko writes.
    OtherText,
}

impl LockThing {
    /// The message key of its words.
    fn key(self) -> &'static str {
        match self {
            LockThing::Link => "word.lock_link",
            LockThing::NotAFile => "word.lock_not_a_file",
            LockThing::Linked => "word.lock_linked",
            LockThing::OtherText => "word.lock_other_text",
        }
    }
}

/// Whether `text` is what a lock file of doko holds: nothing, or the holder's line
/// (`process N (doko VERSION)`, or another program's words in the brackets), or the start
/// of one (read while its holder writes it).
fn holder_line(text: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(text) else {
        return false;
    };
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.contains('\n') {
        return false;
    }
    if "process ".starts_with(text) {
        return true;
    }
    let Some(rest) = text.strip_prefix("process ") else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &rest[digits..];
    rest.is_empty() || (digits > 0 && (" (".starts_with(rest) || rest.starts_with(" (")))
}

/// Opens the lock file at `path` (made where missing) to read and write: never through a
/// symbolic link, never waiting on a FIFO, and only where it is a plain file with one
/// name holding nothing or a holder's line. Anything else there is left as it is.
fn open_lock(path: &Path) -> Result<File, Result<LockThing, std::io::Error>> {
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).read(true).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let f = match options.open(path) {
        Ok(f) => f,
        Err(e) => {
            return Err(match std::fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => Ok(LockThing::Link),
                Ok(m) if !m.is_file() => Ok(LockThing::NotAFile),
                _ => Err(e),
            });
        }
    };
    let meta = f.metadata().map_err(Err)?;
    if !meta.is_file() {
        return Err(Ok(LockThing::NotAFile));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(Ok(LockThing::Linked));
        }
    }
    // A holder's line is short: more is another file's text.
    let mut start = Vec::new();
    (&f).take(256).read_to_end(&mut start).map_err(Err)?;
    if !holder_line(&start) {
        return Err(Ok(LockThing::OtherText));
    }
    Ok(f)
}

/// Holds the lock of a league file while it lives.
#[derive(Debug)]
pub struct Lock {
    file: Option<File>,
    path: PathBuf,
}

impl Drop for Lock {
    /// The lock file goes with the lock (nothing stays beside the sheet): removed while
    /// still held, so that a writer waiting on it finds, once it holds it, that its file
    /// is no longer the one at the path, and locks anew.
    fn drop(&mut self) {
        #[cfg(unix)]
        let _ = std::fs::remove_file(&self.path);
        drop(self.file.take());
    }
}

/// Whether the open lock file is still the file at `path` (not removed by a holder that
/// finished, nor replaced). Where that cannot be told (not Unix) the lock file stays, and
/// it always is.
fn same_file(f: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (f.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (f, path);
        true
    }
}

/// Who holds the lock, as its holder wrote it into the lock file ("" where it wrote
/// nothing: [`holder_text`] calls it another process).
fn holder(lock: &Path) -> String {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let mut text = Vec::new();
    let _ = options
        .open(lock)
        .and_then(|f| f.take(256).read_to_end(&mut text));
    if !holder_line(&text) {
        return String::new();
    }
    String::from_utf8_lossy(&text).trim().to_string()
}

/// Who holds a lock, as messages name it ("another process" where its holder wrote
/// nothing into the lock file).
pub fn holder_text(holder: &str) -> Text {
    if holder.is_empty() {
        Text::msg("word.another_process")
    } else {
        Text::from(holder.to_string())
    }
}

/// Locks `file` (through `FILE.lock` beside the file the name resolves to, so that every
/// name of one file, a symbolic link or another path, takes the same lock). If another
/// process holds the lock, `waiting` is called once after [`LOCK_NOTICE`] with who holds
/// it; after `patience` this gives up.
pub fn lock(
    file: &str,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<Lock, FileError> {
    // One lock for the file, whatever name reached it (a link, `./`, another folder):
    // beside the file the name resolves to, where the write goes too.
    let mut path = std::fs::canonicalize(file)
        .unwrap_or_else(|_| PathBuf::from(file))
        .into_os_string();
    path.push(".lock");
    let path = PathBuf::from(path);
    let lock_err = |e: Result<LockThing, std::io::Error>| match e {
        Ok(what) => FileError::StrangeLock {
            file: file.to_string(),
            lock: path.display().to_string(),
            what,
        },
        Err(io) => FileError::Lock {
            file: file.to_string(),
            lock: path.display().to_string(),
            io,
        },
    };
    let open = || open_lock(&path);
    let mut f = open().map_err(lock_err)?;
    let start = Instant::now();
    let mut told = false;
    loop {
        match f.try_lock() {
            // Held, and still the lock file at the path: ours.
            Ok(()) if same_file(&f, &path) => break,
            // The holder before removed it as it finished: lock the path's file anew.
            Ok(()) => f = open().map_err(lock_err)?,
            Err(std::fs::TryLockError::WouldBlock) => {
                let waited = start.elapsed();
                if waited >= patience {
                    return Err(FileError::Locked {
                        file: file.to_string(),
                        holder: holder(&path),
                        waited,
                    });
                }
                if !told && waited >= LOCK_NOTICE {
                    told = true;
                    waiting(&holder(&path));
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(lock_err(Err(e))),
        }
    }
    // Say who holds it, for a writer that has to wait: one write, so that a writer that
    // reads it sees the line or the start of it.
    let line = format!(
        "process {} (doko {})\n",
        std::process::id(),
        env!("CARGO_PKG_VERSION")
    );
    let _ = f.set_len(0).and_then(|()| {
        use std::io::{Seek, SeekFrom};
        f.seek(SeekFrom::Start(0))?;
        f.write_all(line.as_bytes())
    });
    Ok(Lock {
        file: Some(f),
        path,
    })
}

/// Reads a league file as UTF-8 text.
pub fn read(file: &str) -> Result<String, FileError> {
    let f = File::open(file).map_err(|io| FileError::Read {
        file: file.to_string(),
        io,
    })?;
    let bytes = crate::deal::read_bounded(file, f, crate::deal::MAX_DOCUMENT)
        .map_err(|e| FileError::Invalid(vec![e]))?;
    crate::deal::decode(file, bytes).map_err(|e| FileError::Invalid(vec![e]))
}

/// Replaces the file behind `file` (a symbolic link is followed) by `text`: a temporary
/// file in the same folder, synced, then renamed over it. A read-only file is refused.
pub fn write_atomically(file: &str, text: &str) -> Result<(), FileError> {
    let write_err = |io| FileError::Write {
        file: file.to_string(),
        io,
    };
    let target = std::fs::canonicalize(file).map_err(write_err)?;
    let meta = std::fs::metadata(&target).map_err(write_err)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(FileError::Linked {
                file: file.to_string(),
                names: meta.nlink(),
            });
        }
    }
    // May this user write the file itself (not only its folder, where the new file is
    // made)? Opening it to write changes nothing.
    let writable = OpenOptions::new().write(true).open(&target);
    if meta.permissions().readonly()
        || writable
            .as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::PermissionDenied)
    {
        return Err(FileError::ReadOnly {
            file: file.to_string(),
        });
    }
    drop(writable);
    let dir = target.parent().unwrap_or(Path::new("."));
    // A write killed half way left its temporary file: under the lock, no other write of
    // this file is under way, so those left are removed.
    let name = target
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let prefix = format!(".doko-{name}-");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let n = e.file_name();
            let n = n.to_string_lossy();
            if n.starts_with(&prefix) && n.ends_with(".tmp") {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(write_err)?;
    tmp.write_all(text.as_bytes()).map_err(write_err)?;
    tmp.as_file().sync_all().map_err(write_err)?;
    std::fs::set_permissions(tmp.path(), meta.permissions()).map_err(write_err)?;
    tmp.persist(&target).map_err(|e| write_err(e.error))?;
    Ok(())
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
        drop(f);
        let _ = std::fs::remove_file(file);
        return Err(create_err(e));
    }
    Ok(())
}

/// `text` as an editable TOML document; a syntax error names its line.
fn parse(file: &str, text: &str) -> Result<DocumentMut, FileError> {
    text.parse()
        .map_err(|e: toml_edit::TomlError| FileError::Toml {
            file: file.to_string(),
            line: e
                .span()
                .map_or(1, |s| crate::variant::line_of(text, s.start)),
            message: e.message().trim().to_string().into(),
        })
}

/// A deal as a player enters it at the table: the facts of a summary, nothing derived.
/// Its JSON form is what `doko serve`'s form sends.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DealEntry {
    /// The contract, where not a normal game.
    pub contract: Option<String>,
    /// Whether it is a compulsory solo.
    pub compulsory: bool,
    /// The Re players.
    pub re: Vec<String>,
    /// Re's eyes.
    pub re_points: Option<u16>,
    /// Kontra's eyes.
    pub kontra_points: Option<u16>,
    /// Re's calls.
    pub re_calls: Option<String>,
    /// Kontra's calls.
    pub kontra_calls: Option<String>,
    /// Extras as written: words separated by spaces, commas or `;`.
    pub re_extras: Option<String>,
    /// Kontra's extras.
    pub kontra_extras: Option<String>,
    /// Re's tricks.
    pub re_tricks: Option<u8>,
    /// Kontra's tricks.
    pub kontra_tricks: Option<u8>,
    /// Who knocked.
    pub knock: Option<String>,
    /// A note.
    pub note: Option<String>,
}

impl DealEntry {
    /// An entry that names no Re party, where its game needs one (every game but a
    /// redeal, which nobody plays): `league add` and the served page ask for the Re
    /// players before anything is checked. The one place this is decided.
    pub fn lacks_re(&self) -> bool {
        self.re.is_empty()
            && self.contract.as_deref().is_none_or(|g| {
                g.parse::<crate::contract::Contract>().ok()
                    != Some(crate::contract::Contract::Redeal)
            })
    }

    /// The entry a `[[deal]]` table holds; a key an entry has no place for (cards, tricks,
    /// bids, a wedding's partner rule ...) is refused with its name.
    pub fn from_table(t: &Table) -> Result<DealEntry, Text> {
        let mut e = DealEntry::default();
        let text = |key: &str, v: &Item| -> Result<String, Text> {
            if let Some(s) = v.as_str() {
                return Ok(s.to_string());
            }
            match v.as_array() {
                Some(a) => a
                    .iter()
                    .map(|w| w.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .map(|w| w.join(" "))
                    .ok_or_else(|| msg!("error.not_text", key = key)),
                None => Err(msg!("error.not_text", key = key)),
            }
        };
        let number = |key: &str, v: &Item| -> Result<i64, Text> {
            v.as_integer()
                .ok_or_else(|| msg!("error.not_number", key = key))
        };
        let small = |key: &str, n: i64| msg!("error.out_of_range", key = key, value = n);
        for (key, v) in t {
            match key {
                "contract" => e.contract = Some(text(key, v)?),
                "compulsory" => {
                    e.compulsory = v
                        .as_bool()
                        .ok_or_else(|| msg!("error.not_bool", key = key))?;
                }
                "re" => {
                    e.re = match v.as_array() {
                        Some(a) => a
                            .iter()
                            .map(|w| w.as_str().map(str::to_string))
                            .collect::<Option<Vec<_>>>()
                            .ok_or_else(|| msg!("error.re_not_names"))?,
                        None => vec![text(key, v)?],
                    };
                }
                "re_points" | "kontra_points" => {
                    let n = number(key, v)?;
                    let n = u16::try_from(n).map_err(|_| small(key, n))?;
                    *if key == "re_points" {
                        &mut e.re_points
                    } else {
                        &mut e.kontra_points
                    } = Some(n);
                }
                "re_tricks" | "kontra_tricks" => {
                    let n = number(key, v)?;
                    let n = u8::try_from(n).map_err(|_| small(key, n))?;
                    *if key == "re_tricks" {
                        &mut e.re_tricks
                    } else {
                        &mut e.kontra_tricks
                    } = Some(n);
                }
                "re_calls" => e.re_calls = Some(text(key, v)?),
                "kontra_calls" => e.kontra_calls = Some(text(key, v)?),
                "re_extras" => e.re_extras = Some(text(key, v)?),
                "kontra_extras" => e.kontra_extras = Some(text(key, v)?),
                "knock" => e.knock = Some(text(key, v)?),
                "note" => e.note = Some(text(key, v)?),
                other => {
                    return Err(msg!("error.form_cannot_hold", key = other));
                }
            }
        }
        Ok(e)
    }

    /// The entry with empty texts as not given (a form sends every field).
    fn without_blanks(&self) -> DealEntry {
        let keep = |s: &Option<String>| {
            s.as_ref()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        DealEntry {
            contract: keep(&self.contract),
            re: self
                .re
                .iter()
                .map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty())
                .collect(),
            re_calls: keep(&self.re_calls),
            kontra_calls: keep(&self.kontra_calls),
            re_extras: keep(&self.re_extras),
            kontra_extras: keep(&self.kontra_extras),
            knock: keep(&self.knock),
            note: keep(&self.note),
            ..self.clone()
        }
    }

    /// The deal's `[[deal]]` table.
    pub fn to_table(&self) -> Table {
        let e = self.without_blanks();
        let words = |s: &str| -> Array {
            s.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|w| !w.is_empty())
                .collect()
        };
        let mut t = Table::new();
        if let Some(c) = &e.contract {
            t["contract"] = value(c.as_str());
        }
        if e.compulsory {
            t["compulsory"] = value(true);
        }
        t["re"] = value(e.re.iter().map(|r| r.trim()).collect::<Array>());
        for (key, v) in [
            ("re_points", e.re_points),
            ("kontra_points", e.kontra_points),
        ] {
            if let Some(v) = v {
                t[key] = value(i64::from(v));
            }
        }
        for (key, v) in [("re_calls", &e.re_calls), ("kontra_calls", &e.kontra_calls)] {
            if let Some(v) = v {
                t[key] = value(v.as_str());
            }
        }
        for (key, v) in [
            ("re_extras", &e.re_extras),
            ("kontra_extras", &e.kontra_extras),
        ] {
            if let Some(v) = v {
                t[key] = value(words(v));
            }
        }
        for (key, v) in [
            ("re_tricks", e.re_tricks),
            ("kontra_tricks", e.kontra_tricks),
        ] {
            if let Some(v) = v {
                t[key] = value(i64::from(v));
            }
        }
        if let Some(k) = &e.knock {
            t["knock"] = value(k.as_str());
        }
        if let Some(n) = &e.note {
            t["note"] = value(n.as_str());
        }
        t
    }
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

/// The text and the sheet after appending `deal` to `old`.
fn appended(
    file: &str,
    old: &str,
    deal: Table,
    sets: &[(String, String)],
) -> Result<(String, League), FileError> {
    check_lengths(&deal).map_err(|message| FileError::Refused {
        file: file.to_string(),
        message,
    })?;
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

/// The text and the sheet after replacing deal `number` of `old` by `deal`.
fn replaced(
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
    let text = read(file)?;
    let doc = parse(file, &text)?;
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

/// Removes the last `[[deal]]` of `text`: only that table (with the comments above its
/// header); every other table, comment and blank line stays where it is.
pub fn without_last_deal(file: &str, text: &str) -> Result<String, FileError> {
    let mut doc = parse(file, text)?;
    let no_deal = || FileError::NoDeal {
        file: file.to_string(),
    };
    // Deals written as an inline array (`deal = [{...}, {...}]`): the last element goes.
    if let Some(array) = doc.get_mut("deal").and_then(Item::as_array_mut) {
        if array.is_empty() {
            return Err(no_deal());
        }
        array.remove(array.len() - 1);
        return Ok(doc.to_string());
    }
    if let Some(cut) = cut_last_deal(text) {
        return Ok(cut);
    }
    let deals = doc
        .get_mut("deal")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(no_deal)?;
    // The last deal as the file reads, which is the last by position.
    let last = (0..deals.len())
        .max_by_key(|&i| deals.get(i).and_then(Table::position).unwrap_or(isize::MAX))
        .ok_or_else(no_deal)?;
    // Comments above its header are the user's: they stay (less the blank line `append`
    // put before the deal).
    let kept = deals
        .get(last)
        .and_then(|t| t.decor().prefix())
        .and_then(|p| p.as_str())
        .map(|p| p.strip_suffix('\n').unwrap_or(p).to_string())
        .filter(|p| p.contains('#'));
    let position = deals.get(last).and_then(Table::position);
    deals.remove(last);
    if deals.is_empty() {
        doc.remove("deal");
    }
    if let Some(comments) = kept {
        keep_comments(&mut doc, position, &comments);
    }
    let mut out = doc.to_string();
    // `append` put one blank line before the deal; take it away too.
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

/// The text without its last `[[deal]]` table where that table is the last of the file:
/// every byte before its header stays as it was (line ends, comments, spacing), less the
/// blank line `append` put before it. None where another table follows it (the document
/// is then edited as a whole).
fn cut_last_deal(text: &str) -> Option<String> {
    cut_last(text, "deal")
}

/// The name of the last table header of `text` (`deal` for `[[deal]]`), where there is one.
fn last_header(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim_start)
        .rfind(|l| l.starts_with('['))
        .map(|h| {
            h.trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or("")
                .trim()
        })
}

/// The text without its last `[[name]]` table where that table is the last of the file
/// (see [`cut_last_deal`]).
fn cut_last(text: &str, name: &str) -> Option<String> {
    let header = format!("[[{name}]]");
    let mut offset = 0;
    let mut last_header: Option<(usize, bool)> = None;
    for line in text.split_inclusive('\n') {
        let head = line.trim_start();
        if head.starts_with('[') {
            last_header = Some((offset, head.starts_with(&header)));
        }
        offset += line.len();
    }
    let (start, is_deal) = last_header?;
    if !is_deal {
        return None;
    }
    let mut kept = &text[..start];
    // The text before must still read as TOML with one deal less (a `[` inside a
    // multi-line string is not a header).
    let before: DocumentMut = kept.parse().ok()?;
    let after: DocumentMut = text.parse().ok()?;
    let count = |d: &DocumentMut| {
        d.get(name)
            .and_then(Item::as_array_of_tables)
            .map_or(0, ArrayOfTables::len)
    };
    if count(&before) + 1 != count(&after) {
        return None;
    }
    // The blank line `append` put before the table, whichever line end it has.
    if let Some(k) = kept
        .strip_suffix("\r\n")
        .or_else(|| kept.strip_suffix('\n'))
        && (k.is_empty() || k.ends_with('\n'))
    {
        kept = k;
    }
    // Comment lines at the very end, after the table's last key, are the user's: they
    // stay (at the end, where they were).
    let mut tail = text.len();
    let mut comment_at = None;
    for line in text[start..].split_inclusive('\n').rev() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            tail -= line.len();
            if l.starts_with('#') {
                comment_at = Some(tail);
            }
        } else {
            break;
        }
    }
    let mut out = kept.to_string();
    if let Some(c) = comment_at {
        out.push_str(&text[c..]);
    }
    Some(out)
}

/// Puts `comments` where a table at `position` stood: above the next table, or at the end.
fn keep_comments(doc: &mut DocumentMut, position: Option<isize>, comments: &str) {
    let after = |t: &Table| match (t.position(), position) {
        (Some(p), Some(q)) => p > q,
        _ => false,
    };
    let mut next: Option<&mut Table> = None;
    for (_, item) in doc.as_table_mut().iter_mut() {
        let tables: Vec<&mut Table> = match item {
            Item::Table(t) => vec![t],
            Item::ArrayOfTables(a) => a.iter_mut().collect(),
            _ => Vec::new(),
        };
        for t in tables {
            if after(t) && next.as_ref().is_none_or(|n| t.position() < n.position()) {
                next = Some(t);
            }
        }
    }
    match next {
        Some(t) => {
            let old = t.decor().prefix().and_then(|p| p.as_str()).unwrap_or("");
            let new = format!("{comments}{old}");
            t.decor_mut().set_prefix(new);
        }
        None => {
            let old = doc.trailing().as_str().unwrap_or("").to_string();
            doc.set_trailing(format!("{comments}{old}"));
        }
    }
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
    let old = read(file)?;
    let before = evaluate(file, &old, None).map_err(FileError::Invalid)?;
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
        &old,
        &[
            ("closed", value(closed)),
            (
                "closed_at",
                value(crate::league::time::format(crate::league::time::now())),
            ),
        ],
    )?;
    let after = evaluate(file, &text, None).map_err(FileError::Refusing)?;
    write_atomically(file, &text)?;
    Ok(after)
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
    let old = read(file)?;
    let before = evaluate(file, &old, None).ok();
    let (text, removed) = if last_header(&old) == Some("penalty") {
        let text = cut_last(&old, "penalty").ok_or_else(|| FileError::NoDeal {
            file: file.to_string(),
        })?;
        (
            text,
            Undone::Penalty(before.and_then(|mut lg| lg.penalties.pop())),
        )
    } else {
        (
            without_last_deal(file, &old)?,
            Undone::Deal(before.and_then(|mut lg| lg.rows.pop()).map(Box::new)),
        )
    };
    let after = evaluate(file, &text, None).map_err(FileError::Refusing)?;
    write_atomically(file, &text)?;
    Ok((removed, after))
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
    let old = read(file)?;
    let before = evaluate(file, &old, None).map_err(FileError::Invalid)?;
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
    let eol = line_end(&old);
    let mut text = old.clone();
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
    write_atomically(file, &text)?;
    Ok(after)
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
