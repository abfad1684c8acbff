//! A profile's keys as text: `--set` overrides read and set, a table flattened to
//! `section.key`, and the line of a byte offset (for located errors).

use super::{Profile, Text};

/// Every key of `table` as `section.key` → its TOML text.
pub(super) fn flatten(table: &toml::Table) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let _ = crate::lang::each_key(table, &mut |path, v| {
        if !v.is_table() {
            out.insert(path, v.to_string());
        }
        Ok::<(), ()>(())
    });
    out
}

/// A built-in profile with `--set` overrides, for tests.
#[doc(hidden)]
pub fn test_profile(name: &str, sets: &[(&str, &str)]) -> Profile {
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Profile::load(name, &sets).unwrap()
}

/// A `--set` value: read as TOML, else as a string (also where it nests too deep to be
/// read: `--set` refuses it, naming the key).
pub fn set_value(value: &str) -> toml::Value {
    if crate::toml_syntax::too_deep(value, false).is_some() {
        return toml::Value::String(value.to_string());
    }
    format!("v = {value}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value.to_string()))
}

/// Sets `a.b.c = value` in a TOML table; the value is read as TOML, else as a string.
pub(super) fn set_key(table: &mut toml::Table, key: &str, value: &str) -> Result<(), Text> {
    if let Some((_, why)) = crate::toml_syntax::too_deep(value, false) {
        return Err(Text::placed(key.to_string(), why));
    }
    let parsed = set_value(value);
    let mut parts: Vec<&str> = key.split('.').map(str::trim).collect();
    let last = parts
        .pop()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| crate::msg!("error.set_empty_key"))?;
    let mut t = table;
    for p in parts {
        t = t
            .get_mut(p)
            .and_then(toml::Value::as_table_mut)
            .ok_or_else(|| crate::msg!("error.set_no_section", section = p))?;
    }
    if !t.contains_key(last) {
        return Err(crate::msg!("error.set_unknown_key", key = last));
    }
    t.insert(last.to_string(), parsed);
    Ok(())
}

/// 1-based line number of a byte offset.
/// Reads a `--set KEY=VALUE` override (also a record file's `set` entries).
pub fn parse_set(s: &str) -> Result<(String, String), Text> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| crate::msg!("error.set_not_key_value", word = s))?;
    Ok((k.trim().to_string(), v.trim().to_string()))
}

/// The line (from 1) of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Where a text's lines start, to find the line of many offsets in linear time (one pass
/// over the text, then a binary search each), where [`line_of`] counts from the start each
/// time.
#[derive(Debug, Clone)]
pub struct LineIndex(Vec<usize>);

impl LineIndex {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        LineIndex(memchr::memchr_iter(b'\n', text.as_bytes()).collect())
    }

    /// The line (from 1) of byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&nl| nl < offset) + 1
    }
}
