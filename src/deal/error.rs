//! Errors that say where: file, line, deal, trick and field.

use std::fmt;

use crate::lang::Lang;
use crate::tr;

/// Where something was found in an input.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Located {
    /// File name, or `<stdin>`.
    pub file: String,
    pub line: Option<usize>,
    pub deal: Option<usize>,
    pub trick: Option<usize>,
    /// Column name (CSV) or key (TOML).
    pub field: Option<String>,
}

impl Located {
    /// "sheet.csv:3: deal 2, field `re_points`" in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = self.file.clone();
        if let Some(l) = self.line {
            out.push_str(&format!(":{l}"));
        }
        let mut parts = Vec::new();
        if let Some(d) = self.deal {
            parts.push(tr!(lang, "error.deal", deal = d));
        }
        if let Some(t) = self.trick {
            parts.push(tr!(lang, "error.trick", trick = t));
        }
        if let Some(field) = &self.field {
            parts.push(tr!(lang, "error.field", field = field));
        }
        if !parts.is_empty() {
            out.push_str(": ");
            out.push_str(&parts.join(lang.t("word.comma")));
        }
        out
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
    pub at: Located,
    /// The message in English, as the catalogue's `[error]` writes it (translated when
    /// shown: [`Lang::translate`]).
    pub message: String,
}

impl RecordError {
    /// The error in `lang`: where, then what.
    pub fn render(&self, lang: Lang) -> String {
        format!(
            "{}: {}",
            self.at.render(lang),
            lang.translate(&self.message)
        )
    }

    pub fn new(file: &str, message: impl Into<String>) -> RecordError {
        RecordError {
            at: Located {
                file: file.to_string(),
                ..Located::default()
            },
            message: message.into(),
        }
    }

    pub fn line(mut self, line: usize) -> RecordError {
        self.at.line = Some(line);
        self
    }

    pub fn deal(mut self, deal: usize) -> RecordError {
        self.at.deal = Some(deal);
        self
    }

    pub fn trick(mut self, trick: Option<usize>) -> RecordError {
        self.at.trick = trick;
        self
    }

    pub fn field(mut self, field: impl Into<String>) -> RecordError {
        self.at.field = Some(field.into());
        self
    }
}

/// The byte order mark some editors write at the start of a UTF-8 file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decodes a file's bytes as UTF-8 (without a byte order mark), naming the line of the
/// first bad byte.
pub fn decode(file: &str, mut bytes: Vec<u8>) -> Result<String, RecordError> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        RecordError::new(file, "not valid UTF-8 text (save the file as UTF-8)").line(line)
    })
}
