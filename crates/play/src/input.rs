//! One way to open any input: a paper sheet (CSV) or a record file (TOML), from a path or
//! standard input.

use std::path::Path;

use crate::deal::records::RecordFile;
use crate::deal::sheet::Sheet;
use crate::deal::{DealFacts, RecordError, decode_saved};
use crate::play::PlayDeals;
use crate::variant::Profile;

/// The kind of an input file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// A paper sheet, or an archive with a `tricks` column.
    Csv,
    /// A record file.
    Toml,
    /// JSON Lines: a bulk archive, one deal per line.
    Jsonl,
    /// A record file as JSON (the TOML file's fields).
    Json,
}

impl std::str::FromStr for InputFormat {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<InputFormat, crate::lang::Text> {
        match s.trim().to_ascii_lowercase().as_str() {
            "csv" => Ok(InputFormat::Csv),
            "toml" => Ok(InputFormat::Toml),
            "jsonl" => Ok(InputFormat::Jsonl),
            "json" => Ok(InputFormat::Json),
            other => Err(crate::msg!("error.unknown_input_format", format = other)),
        }
    }
}

/// A file's text, read and decoded.
#[derive(Debug, Clone)]
pub struct Document {
    /// The name used in messages (`<stdin>` for standard input).
    pub file: String,
    /// Its format.
    pub format: InputFormat,
    /// Its text.
    pub text: String,
}

impl Document {
    /// A document from text in memory (tests, fuzzing).
    pub fn from_text(file: &str, format: InputFormat, text: &str) -> Document {
        Document {
            file: file.to_string(),
            format,
            text: text.to_string(),
        }
    }

    /// Reads a text file of any other kind whole (a FreeDoko party), bounded and decoded
    /// as a document is (`-`: standard input): its name as errors write it, and its text.
    pub fn read_text(path: &str) -> Result<(String, String), RecordError> {
        let name = if path == "-" { "<stdin>" } else { path };
        let input: Box<dyn std::io::BufRead + Send> = if path == "-" {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            let f = crate::files::open_to_read(path).map_err(|e| {
                RecordError::new(
                    path,
                    crate::msg!("error.cannot_read", why = crate::files::why(&e)),
                )
            })?;
            Box::new(std::io::BufReader::new(f))
        };
        let bytes = crate::deal::read_bounded(name, input, crate::deal::MAX_DOCUMENT)?;
        Ok((name.to_string(), decode_saved(name, bytes)?))
    }

    /// Reads the header (CSV) or the whole structure (TOML).
    pub fn open(&self) -> Result<Input<'_>, RecordError> {
        Ok(match self.format {
            InputFormat::Csv => Input::Sheet(Sheet::parse(&self.file, &self.text)?),
            InputFormat::Toml => Input::Records(RecordFile::parse(&self.file, &self.text)?),
            InputFormat::Json => Input::Records(RecordFile::parse_json(&self.file, &self.text)?),
            InputFormat::Jsonl => {
                return Err(RecordError::new(
                    &self.file,
                    crate::msg!("error.jsonl_is_archive"),
                ));
            }
        })
    }
}

/// The format asked for, else the one the extension names (standard input: CSV).
fn resolve_format(path: &str, format: Option<InputFormat>) -> Result<InputFormat, RecordError> {
    match format {
        Some(f) => Ok(f),
        None if path == "-" => Ok(InputFormat::Csv),
        None => format_of(path)
            .ok_or_else(|| RecordError::new(path, crate::msg!("error.unknown_extension"))),
    }
}

/// The format a file's extension names, if any.
fn format_of(path: &str) -> Option<InputFormat> {
    let ext = Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "csv" => Some(InputFormat::Csv),
        "toml" => Some(InputFormat::Toml),
        "jsonl" | "ndjson" => Some(InputFormat::Jsonl),
        "json" => Some(InputFormat::Json),
        _ => None,
    }
}

/// An opened input.
#[derive(Debug)]
pub enum Input<'a> {
    /// A paper sheet.
    Sheet(Sheet<'a>),
    /// A record file.
    Records(RecordFile),
}

impl Input<'_> {
    /// The players, in seat order.
    pub fn players(&self) -> &[String] {
        match self {
            Input::Sheet(s) => &s.players,
            Input::Records(r) => &r.players,
        }
    }

    /// The file's name, as errors write it.
    pub fn file(&self) -> &str {
        match self {
            Input::Sheet(s) => s.file(),
            Input::Records(r) => r.file(),
        }
    }

    /// What the reader passed over and says so, each with its line (a paper sheet's
    /// columns of numbers and empty rows, [`Sheet::notes`]).
    pub fn notes(&self) -> &[RecordError] {
        match self {
            Input::Sheet(s) => s.notes(),
            Input::Records(_) => &[],
        }
    }

    /// The profile the file names, if any.
    pub fn variant(&self) -> Option<&str> {
        match self {
            Input::Sheet(_) => None,
            Input::Records(r) => r.variant.as_deref(),
        }
    }

    /// The file's overrides of its profile's keys (`set = [...]` in a record file).
    pub fn sets(&self) -> &[(String, String)] {
        match self {
            Input::Sheet(_) => &[],
            Input::Records(r) => &r.sets,
        }
    }

    /// The penalties the file gives between its deals (a league sheet's `[[penalty]]`, a
    /// paper sheet's penalty rows), each with its line and the deals before it, in order;
    /// a paper sheet's bad penalty row as its error.
    pub fn penalties(&self, profile: &Profile) -> Vec<crate::deal::sheet::GivenPenalty> {
        match self {
            Input::Sheet(s) => s.penalties(profile),
            Input::Records(r) => r
                .penalties
                .iter()
                .map(|(line, p)| (*line, usize::from(p.after), Ok(p.clone())))
                .collect(),
        }
    }

    /// Every deal, checked against `profile`, in file order.
    pub fn deals<'s>(
        &'s self,
        profile: &'s Profile,
    ) -> Box<dyn Iterator<Item = Result<DealFacts, RecordError>> + 's> {
        match self {
            Input::Sheet(s) => Box::new(s.deals(profile)),
            Input::Records(r) => Box::new(r.deals(profile)),
        }
    }
}

/// Any input, opened: an in-memory sheet or record file, or a bulk archive read as a stream.
pub enum Source {
    /// A sheet or record file, read whole.
    Document(Document),
    /// An archive, read as it is scored.
    Archive(Box<crate::deal::archive::ArchiveReader<Box<dyn std::io::BufRead + Send>>>),
}

impl Source {
    /// What the reader passes over in a document and says so ([`Input::notes`]); none
    /// where the document cannot be read (its error comes when it is scored) or for an
    /// archive.
    pub fn notes(&self) -> Vec<RecordError> {
        match self {
            Source::Document(doc) => doc.open().map(|i| i.notes().to_vec()).unwrap_or_default(),
            Source::Archive(_) => Vec::new(),
        }
    }
}

/// The first line that is neither blank nor a `#` comment opens a TOML table (`[league]`,
/// `[[deal]]`) or sets a key (`players = [...]`): no CSV sheet's header does.
fn looks_like_toml(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(4096)]);
    let Some(line) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    line.starts_with('[')
        || line.split_once('=').is_some_and(|(key, _)| {
            let key = key.trim();
            !key.is_empty()
                && !key.contains(',')
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c))
        })
}

impl Source {
    /// A text in `format`, named `name` in errors: a CSV text with an archive's header and
    /// JSON Lines are archives, read as they are scored; the rest a document.
    pub fn from_text(name: &str, text: &str, format: InputFormat) -> Source {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first = text.lines().next().unwrap_or("");
        let archive = match format {
            InputFormat::Jsonl => Some(crate::deal::archive::ArchiveFormat::Jsonl),
            InputFormat::Csv if crate::deal::archive::is_archive_header(first) => {
                Some(crate::deal::archive::ArchiveFormat::Csv)
            }
            _ => None,
        };
        if let Some(kind) = archive {
            let bytes = std::io::Cursor::new(text.as_bytes().to_vec());
            let input: Box<dyn std::io::BufRead + Send> = Box::new(bytes);
            // Reading a text in memory does not fail: an empty archive is an empty text.
            if let Ok(reader) = crate::deal::archive::ArchiveReader::new(name, kind, input) {
                return Source::Archive(Box::new(reader));
            }
        }
        Source::Document(Document::from_text(name, format, text))
    }

    /// Opens `path` (`-`: standard input). `.jsonl` files and CSV files whose header has
    /// `players` and `tricks` columns are bulk archives, streamed; everything else is read
    /// whole.
    pub fn open(path: &str, format: Option<InputFormat>) -> Result<Source, RecordError> {
        use std::io::BufRead;
        let name = if path == "-" { "<stdin>" } else { path };
        let mut input: Box<dyn BufRead + Send> = if path == "-" {
            Box::new(std::io::BufReader::with_capacity(1 << 16, std::io::stdin()))
        } else {
            let f = crate::files::open_to_read(path).map_err(|e| {
                RecordError::new(
                    path,
                    crate::msg!("error.cannot_read", why = crate::files::why(&e)),
                )
            })?;
            Box::new(std::io::BufReader::with_capacity(1 << 16, f))
        };
        let given = format.is_some();
        let format = resolve_format(path, format)?;
        // A byte order mark is not part of the text, whatever the format.
        let head = input
            .fill_buf()
            .map_err(|e| RecordError::new(name, crate::msg!("error.cannot_read", why = e)))?;
        if head.starts_with(crate::deal::BOM) {
            input.consume(crate::deal::BOM.len());
        }
        let head = input
            .fill_buf()
            .map_err(|e| RecordError::new(name, crate::msg!("error.cannot_read", why = e)))?;
        // A compressed file is said to be one (not read as text of strange characters).
        if let Some(kind) = crate::deal::compressed(head) {
            return Err(RecordError::new(
                name,
                crate::msg!("error.compressed", kind = kind),
            ));
        }
        // UTF-16 (Excel's "Unicode text"): read whole and decoded as a sheet is, then an
        // archive or a document as its text says.
        if crate::deal::utf16_order(head).is_some() {
            let bytes = crate::deal::read_bounded(name, input, crate::deal::MAX_DOCUMENT)?;
            let text = decode_saved(name, bytes)?;
            let first = text.lines().next().unwrap_or("");
            let kind = match format {
                InputFormat::Jsonl => Some(crate::deal::archive::ArchiveFormat::Jsonl),
                InputFormat::Csv if crate::deal::archive::is_archive_header(first) => {
                    Some(crate::deal::archive::ArchiveFormat::Csv)
                }
                _ => None,
            };
            return Ok(match kind {
                Some(kind) => {
                    let decoded: Box<dyn BufRead + Send> =
                        Box::new(std::io::Cursor::new(text.into_bytes()));
                    let reader = crate::deal::archive::ArchiveReader::new(name, kind, decoded)?;
                    Source::Archive(Box::new(reader))
                }
                None => Source::Document(Document {
                    text,
                    file: name.to_string(),
                    format,
                }),
            });
        }
        // Standard input has no extension: read as CSV unless told, and a TOML text there is
        // a missing `--input-format toml`, said at once.
        if path == "-" && !given {
            let head = input
                .fill_buf()
                .map_err(|e| RecordError::new(name, crate::msg!("error.cannot_read", why = e)))?;
            if looks_like_toml(head) {
                return Err(RecordError::new(name, crate::msg!("error.stdin_toml")).line(1));
            }
        }
        let archive = match format {
            InputFormat::Jsonl => Some(crate::deal::archive::ArchiveFormat::Jsonl),
            InputFormat::Csv => {
                let head = input.fill_buf().map_err(|e| {
                    RecordError::new(name, crate::msg!("error.cannot_read", why = e))
                })?;
                let first = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
                crate::deal::archive::is_archive_header(&String::from_utf8_lossy(first))
                    .then_some(crate::deal::archive::ArchiveFormat::Csv)
            }
            InputFormat::Toml | InputFormat::Json => None,
        };
        if let Some(kind) = archive {
            return Ok(Source::Archive(Box::new(
                crate::deal::archive::ArchiveReader::new(name, kind, input)?,
            )));
        }
        let bytes = crate::deal::read_bounded(name, input, crate::deal::MAX_DOCUMENT)?;
        Ok(Source::Document(Document {
            text: decode_saved(name, bytes)?,
            file: name.to_string(),
            format,
        }))
    }
}
