//! The sheet on disk: the lock beside it (a file of doko's own), reading it, and replacing
//! it atomically.

use std::io::{Read, Write};

use super::{Duration, File, FileError, Instant, LOCK_NOTICE, OpenOptions, Path, PathBuf, Text};

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
    pub(super) fn key(self) -> &'static str {
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
pub(super) fn holder_line(text: &[u8]) -> bool {
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

/// How a lock file is opened, to read: never through a symbolic link, never waiting on a
/// FIFO (`O_NOFOLLOW`, `O_NONBLOCK`).
fn guarded() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options
}

/// Opens the lock file at `path` (made where missing) to read and write: never through a
/// symbolic link, never waiting on a FIFO, and only where it is a plain file with one
/// name holding nothing or a holder's line. Anything else there is left as it is.
pub(super) fn open_lock(path: &Path) -> Result<File, Result<LockThing, std::io::Error>> {
    let mut options = guarded();
    options.create(true).truncate(false).write(true);
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
    // Removed on drop where the lock can tell it is still the file at the path (Unix).
    #[cfg_attr(not(unix), allow(dead_code))]
    path: PathBuf,
}

impl Drop for Lock {
    /// The lock file goes with the lock (nothing stays beside the sheet): removed while
    /// still held, so that a writer waiting on it finds, once it holds it, that its file
    /// is no longer the one at the path, and locks anew.
    fn drop(&mut self) {
        #[cfg(unix)]
        let _ = std::fs::remove_file(&self.path);
        self.file = None;
    }
}

/// Whether the open lock file is still the file at `path` (not removed by a holder that
/// finished, nor replaced). Where that cannot be told (not Unix) the lock file stays, and
/// it always is.
pub(super) fn same_file(f: &File, path: &Path) -> bool {
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
pub(super) fn holder(lock: &Path) -> String {
    let mut text = Vec::new();
    let _ = guarded()
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
    let f = crate::files::open_to_read(file).map_err(|io| FileError::Read {
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
