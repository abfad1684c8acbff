//! Errors that say where: file, line, deal, trick and field.

use std::fmt;

use crate::lang::{Lang, Text};
pub use crate::limits::{BOM, MAX_DOCUMENT, size_text};

/// Where something was found in an input.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Located {
    /// File name, or `<stdin>`.
    pub file: String,
    // Kept as 32 bits: an error travels back through every reader's `Result`, and the
    // narrower numbers keep `RecordError` within clippy's `result_large_err` bound.
    /// The line, from 1.
    pub line: Option<u32>,
    /// The deal, from 1.
    pub deal: Option<u32>,
    /// The trick, from 1.
    pub trick: Option<u32>,
    /// Column name (CSV) or key (TOML).
    pub field: Option<String>,
}

impl Located {
    /// "sheet.csv:3: deal 2, field `re_points`" in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        self.text().render(lang)
    }

    /// The place, in no language yet.
    pub fn text(&self) -> Text {
        let mut out = self.file.clone();
        if let Some(l) = self.line {
            out.push_str(&format!(":{l}"));
        }
        let mut parts = Vec::new();
        if let Some(d) = self.deal {
            parts.push(crate::msg!("error.deal", deal = d));
        }
        if let Some(t) = self.trick {
            parts.push(crate::msg!("error.trick", trick = t));
        }
        if let Some(field) = &self.field {
            parts.push(crate::msg!("error.field", field = field));
        }
        if parts.is_empty() {
            return Text::from(out);
        }
        Text::placed(out, Text::Join(parts, "word.comma"))
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

/// A deal or a file that cannot be read as a valid record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {message}")]
pub struct RecordError {
    /// Where the error is.
    pub at: Located,
    /// What is wrong: a catalogue message with its values, written in the reader's
    /// language when shown ([`RecordError::render`]).
    pub message: Text,
}

impl RecordError {
    /// The error in `lang`: where, then what.
    pub fn render(&self, lang: Lang) -> String {
        self.text().render(lang)
    }

    /// Where, then what, in no language yet.
    pub fn text(&self) -> Text {
        Text::placed(self.at.text(), self.message.clone())
    }

    /// What a player at the table reads (the served page): the deal and the message,
    /// without the file, line or field, which only the one who mends the file needs.
    pub fn plain(&self) -> Text {
        match self.at.deal {
            Some(d) => crate::msg!(
                "error.deal_message",
                deal = d,
                message = self.message.clone()
            ),
            None => self.message.clone(),
        }
    }

    /// An error in `file`.
    pub fn new(file: &str, message: impl Into<Text>) -> RecordError {
        RecordError {
            at: Located {
                file: file.to_string(),
                ..Located::default()
            },
            message: message.into(),
        }
    }

    /// The same error, at `line`.
    pub fn line(mut self, line: usize) -> RecordError {
        // Line 0 is no line: a place the reader does not know (a JSON record file's deals).
        self.at.line = (line > 0).then(|| narrow(line));
        self
    }

    /// The same error, in deal `deal`.
    pub fn deal(mut self, deal: usize) -> RecordError {
        self.at.deal = Some(narrow(deal));
        self
    }

    /// The same error, in trick `trick`, where given.
    pub fn trick(mut self, trick: Option<usize>) -> RecordError {
        self.at.trick = trick.map(narrow);
        self
    }

    /// The same error, about `field`.
    pub fn field(mut self, field: impl Into<String>) -> RecordError {
        self.at.field = Some(field.into());
        self
    }
}

/// A line, deal or trick number as [`Located`] keeps it (no input has 4 billion lines).
fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Reads `input` whole, at most `limit` bytes: more is refused before it is read (a device
/// that never ends, a file of gigabytes), with the limit in the message.
pub fn read_bounded(
    file: &str,
    input: impl std::io::Read,
    limit: usize,
) -> Result<Vec<u8>, RecordError> {
    use std::io::Read;
    // Read in pieces of 1 MiB and joined once at the end: a vector that doubles as it
    // grows would hold twice the limit while it moves.
    const PIECE: usize = 1 << 20;
    let mut input = input.take(limit as u64 + 1);
    let mut pieces: Vec<Vec<u8>> = Vec::new();
    let mut total = 0;
    loop {
        let mut piece = Vec::with_capacity(PIECE);
        let n = (&mut input)
            .take(PIECE as u64)
            .read_to_end(&mut piece)
            .map_err(|e| RecordError::new(file, crate::msg!("error.cannot_read", why = e)))?;
        total += n;
        if total > limit {
            return Err(RecordError::new(
                file,
                crate::msg!("error.too_large", most = size_text(limit)),
            ));
        }
        if n == 0 {
            break;
        }
        pieces.push(piece);
        if n < PIECE {
            break;
        }
    }
    if pieces.len() == 1 {
        return Ok(pieces.pop().unwrap_or_default());
    }
    let mut bytes = Vec::with_capacity(total);
    for piece in pieces {
        bytes.extend_from_slice(&piece);
    }
    Ok(bytes)
}

/// Decodes a file's bytes as UTF-8 (without a byte order mark), naming the line of the
/// first bad byte.
pub fn decode(file: &str, mut bytes: Vec<u8>) -> Result<String, RecordError> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        RecordError::new(file, crate::msg!("error.not_utf8")).line(line)
    })
}

/// Decodes the bytes of a file a person saved (a sheet, a record file) in the encoding it
/// was saved in: UTF-16 where it begins with UTF-16's byte order mark (Excel's "Unicode
/// text"), UTF-8 where it is valid UTF-8 (with or without a byte order mark), else
/// Windows-1252 (German Excel's default CSV: an umlaut is one byte), which reads any bytes.
/// A UTF-16 text with a broken pair is refused, naming its line.
pub fn decode_saved(file: &str, bytes: Vec<u8>) -> Result<String, RecordError> {
    let utf16 = |little: bool, from: usize| {
        let units = bytes[from..].chunks(2).map(|c| {
            let pair = [c[0], c.get(1).copied().unwrap_or(0)];
            if little {
                u16::from_le_bytes(pair)
            } else {
                u16::from_be_bytes(pair)
            }
        });
        let mut text = String::with_capacity(bytes.len() / 2);
        // An odd last byte is half a unit: a broken character.
        let whole = bytes.len().is_multiple_of(2);
        for c in char::decode_utf16(units) {
            match c {
                Ok(c) => text.push(c),
                Err(_) => {
                    let line = text.matches('\n').count() + 1;
                    return Err(RecordError::new(file, crate::msg!("error.not_utf16")).line(line));
                }
            }
        }
        if !whole {
            let line = text.matches('\n').count() + 1;
            return Err(RecordError::new(file, crate::msg!("error.not_utf16")).line(line));
        }
        Ok(text)
    };
    if let Some((little, from)) = utf16_order(&bytes) {
        return utf16(little, from);
    }
    if std::str::from_utf8(&bytes).is_ok() {
        return decode(file, bytes);
    }
    Ok(bytes.iter().map(|&b| windows_1252(b)).collect())
}

/// Whether `bytes` begin as UTF-16 text: its byte order (little-endian: true) and where
/// the text starts. By its byte order mark, else by its first characters: text of a sheet
/// (letters, digits, commas) in UTF-16 has a zero byte beside each, which no UTF-8 or
/// Windows-1252 text of a sheet has.
pub fn utf16_order(bytes: &[u8]) -> Option<(bool, usize)> {
    if bytes.starts_with(&[0xff, 0xfe]) {
        return Some((true, 2));
    }
    if bytes.starts_with(&[0xfe, 0xff]) {
        return Some((false, 2));
    }
    let head = &bytes[..bytes.len().min(64) & !1];
    if head.len() < 4 {
        return None;
    }
    let zero = |odd: usize| head.iter().skip(odd).step_by(2).all(|&b| b == 0);
    let text = |odd: usize| head.iter().skip(odd).step_by(2).all(|&b| b != 0);
    if zero(1) && text(0) {
        Some((true, 0))
    } else if zero(0) && text(1) {
        Some((false, 0))
    } else {
        None
    }
}

/// What a compressed file begins with: its kind, where `bytes` begin as one does (gzip,
/// zip, bzip2, xz, zstd).
pub fn compressed(bytes: &[u8]) -> Option<&'static str> {
    [
        (&b"\x1f\x8b"[..], "gzip"),
        (&b"PK\x03\x04"[..], "zip"),
        (&b"BZh"[..], "bzip2"),
        (&b"\xfd7zXZ\x00"[..], "xz"),
        (&b"\x28\xb5\x2f\xfd"[..], "zstd"),
    ]
    .into_iter()
    .find(|(magic, _)| bytes.starts_with(magic))
    .map(|(_, kind)| kind)
}

/// A byte of Windows-1252 as the Encoding Standard (WHATWG) maps it: Latin-1, but for the
/// 32 bytes from 0x80, which hold the euro sign, typographic quotes and dashes and a few
/// letters (the five it leaves undefined map to the C1 controls of the same number).
fn windows_1252(b: u8) -> char {
    const HIGH: [u16; 32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ];
    match b {
        0x80..=0x9f => char::from_u32(u32::from(HIGH[usize::from(b - 0x80)])).unwrap_or('\u{fffd}'),
        _ => char::from(b),
    }
}

/// What is wrong with one field of a deal, a sheet row or a command's entry, before the
/// reader places it in a file: the field (`tricks`, `calls`, `hands.Anna`, `players` ...),
/// the trick (from 1) where it is about one, and the message. A [`RecordError`] adds the
/// file, line and deal ([`FieldError::placed`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The trick, from 1, where the error is about one.
    pub trick: Option<usize>,
    /// The field it is about.
    pub field: String,
    /// What is wrong, in no language yet.
    pub message: Text,
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: impl Into<String>, message: Text) -> FieldError {
        FieldError {
            trick: None,
            field: field.into(),
            message,
        }
    }

    /// The same error, about trick `trick` (from 1).
    pub fn in_trick(mut self, trick: usize) -> FieldError {
        self.trick = Some(trick);
        self
    }

    /// The error placed in `file` (its field and trick kept; the reader adds line and deal).
    pub fn placed(self, file: &str) -> RecordError {
        RecordError::new(file, self.message)
            .field(self.field)
            .trick(self.trick)
    }
}
