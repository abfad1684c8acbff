//! The files doko opens to read, opened in one place: only a regular file is read (a FIFO
//! nobody writes, a device or a folder is refused at once, never waited on), and a name
//! given on the command line that is not UTF-8 (a Latin-1 name from an old share) opens the
//! file it names while messages show it escaped (`J\xFCrgen.csv`).
//!
//! Names are strings everywhere else (messages, sheets, the page, Python): a name that is
//! not UTF-8 is registered once by [`name_of`] and found again by [`path`].

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::sync::Mutex;

use crate::lang::Text;

/// The names that are not UTF-8, as shown, with the paths they name.
static RAW: Mutex<Vec<(String, OsString)>> = Mutex::new(Vec::new());

/// The name a path is shown and passed by: the path itself where it is UTF-8; else each
/// byte that is not UTF-8 written `\xFC`, the name remembered so that [`path`] opens the
/// file the bytes name.
pub fn name_of(path: &OsStr) -> String {
    if let Some(s) = path.to_str() {
        return s.to_string();
    }
    let shown = escaped(path);
    if let Ok(mut raw) = RAW.lock()
        && !raw.iter().any(|(s, _)| *s == shown)
    {
        raw.push((shown.clone(), path.to_os_string()));
    }
    shown
}

/// `path` with each byte that is not UTF-8 written `\xFC`.
fn escaped(path: &OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in path.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
}

/// The path a name opens: the one [`name_of`] showed it for, else the name itself.
pub fn path(name: &str) -> PathBuf {
    let raw = RAW.lock().ok();
    let found = raw.and_then(|r| r.iter().find(|(s, _)| s == name).map(|(_, p)| p.clone()));
    found.map_or_else(|| PathBuf::from(name), PathBuf::from)
}

/// What a path holds that is not a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRegular {
    /// A folder.
    Folder,
    /// A FIFO (a named pipe), which would wait for a writer.
    Fifo,
    /// A device, a socket or another kind of file.
    Other,
}

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotRegular::Folder => "a folder, not a file",
            NotRegular::Fifo => "a FIFO (named pipe), not a file",
            NotRegular::Other => "a device or socket, not a file",
        })
    }
}

impl std::error::Error for NotRegular {}

/// Opens the file `name` names ([`path`]) to read, refused at once unless it is a regular
/// file ([`open_path_to_read`]).
pub fn open_to_read(name: &str) -> std::io::Result<std::fs::File> {
    open_path_to_read(&path(name))
}

/// Opens `path` to read, refused at once unless it is a regular file: opened without
/// waiting for a FIFO's writer, then looked at (`fstat`).
pub fn open_path_to_read(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    let not = if kind.is_dir() {
        NotRegular::Folder
    } else if is_fifo(&kind) {
        NotRegular::Fifo
    } else {
        NotRegular::Other
    };
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, not))
}

#[cfg(unix)]
fn is_fifo(kind: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo()
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::FileType) -> bool {
    false
}

/// Why a file could not be read, in the reader's words: doko's own refusal, else the
/// system's error by its kind (as every input or output error is worded).
pub fn why(e: &std::io::Error) -> Text {
    match e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<NotRegular>())
    {
        Some(NotRegular::Folder) => crate::msg!("error.not_a_file_folder"),
        Some(NotRegular::Fifo) => crate::msg!("error.not_a_file_fifo"),
        Some(NotRegular::Other) => crate::msg!("error.not_a_file_device"),
        None => crate::lang::ToText::to_text(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_shown_escaped_and_opens_its_file() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let raw = dir.path().join(OsStr::from_bytes(b"J\xfcrgen.csv"));
        std::fs::write(&raw, "x").unwrap();
        let name = name_of(raw.as_os_str());
        assert!(name.ends_with("J\\xFCrgen.csv"), "{name}");
        assert_eq!(path(&name), raw);
        assert!(open_to_read(&name).is_ok());
        // A UTF-8 name is itself.
        assert_eq!(name_of(OsStr::new("Jürgen.csv")), "Jürgen.csv");
        assert_eq!(path("Jürgen.csv"), PathBuf::from("Jürgen.csv"));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_folder_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = open_to_read(fifo.to_str().unwrap()).unwrap_err();
        assert_eq!(
            why(&e).render(crate::lang::Lang::En),
            crate::msg!("error.not_a_file_fifo").render(crate::lang::Lang::En)
        );
        let e = open_to_read(dir.path().to_str().unwrap()).unwrap_err();
        assert!(matches!(
            e.get_ref().and_then(|i| i.downcast_ref::<NotRegular>()),
            Some(NotRegular::Folder)
        ));
    }
}
