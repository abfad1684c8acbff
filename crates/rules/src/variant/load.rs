//! Finding a profile's text, following `extends`, checking keys and merging.
//!
//! `ddv.toml` is the root of every chain and names every key, so its keys are the schema:
//! a key that `ddv.toml` does not have is unknown, and the error names its line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{BUILTIN, ProfileError, builtin_text, line_of};
use crate::lang::Text;

/// The profile every chain ends in; it sets every key.
pub const ROOT: &str = crate::variant::DEFAULT_PROFILE;

/// One profile file: where it came from and its text.
#[derive(Debug, Clone)]
pub struct Source {
    /// As shown in messages: `variants/ddv.toml` for a built-in, else the path.
    pub file: String,
    /// Its text.
    pub text: String,
    /// The folder a relative `extends` path is read from (none for built-ins).
    dir: Option<PathBuf>,
}

impl Source {
    /// Text held in memory (tests, `variants check` of standard input).
    pub fn memory(file: &str, text: &str) -> Source {
        Source {
            file: file.to_string(),
            text: text.to_string(),
            dir: None,
        }
    }
}

/// The user's folder of profiles: `$XDG_CONFIG_HOME/doko/variants`, else
/// `~/.config/doko/variants`.
pub fn user_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("doko").join("variants"))
}

/// Profiles in the user's folder, by name.
pub fn user_profiles() -> Vec<(String, PathBuf)> {
    let Some(dir) = user_dir() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
        .collect();
    out.sort();
    out
}

/// Is `s` a path to a profile file rather than a profile's name?
pub fn looks_like_path(s: &str) -> bool {
    s.ends_with(".toml") || s.contains('/') || s.contains(std::path::MAIN_SEPARATOR)
}

/// The largest profile file read: 256 KiB (a profile is a few KB).
pub const MAX_PROFILE: usize = 256 << 10;

fn read_path(path: &Path) -> Result<Source, ProfileError> {
    let file = path.display().to_string();
    let mut bytes = Vec::new();
    crate::files::open_path_to_read(path)
        .and_then(|f| {
            use std::io::Read;
            f.take(MAX_PROFILE as u64 + 1).read_to_end(&mut bytes)
        })
        .map_err(|error| ProfileError::Io {
            file: file.clone(),
            error,
        })?;
    if bytes.len() > MAX_PROFILE {
        return Err(ProfileError::Invalid {
            file,
            message: crate::msg!(
                "error.too_large",
                most = crate::limits::size_text(MAX_PROFILE)
            ),
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| ProfileError::Invalid {
        file: file.clone(),
        message: crate::msg!("error.profile_utf8"),
    })?;
    Ok(Source {
        file,
        text,
        dir: path.parent().map(Path::to_path_buf),
    })
}

thread_local! {
    /// Profile files held in memory by a front end without files (the web app keeps a
    /// club's profile beside its sheet): read before the disk ([`with_files`]).
    static GIVEN: std::cell::RefCell<Vec<(String, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `work` with `files` (each a profile file's name and text) found as profile files
/// before the disk is asked: a path a sheet or an `extends` names is the file of the same
/// name (its last part: `../club.toml` is `club.toml`).
pub fn with_files<T>(files: &[(String, String)], work: impl FnOnce() -> T) -> T {
    let before = GIVEN.with(|g| g.replace(files.to_vec()));
    let out = work();
    GIVEN.with(|g| *g.borrow_mut() = before);
    out
}

/// The file held in memory ([`with_files`]) that `path` names, if any.
fn given(path: &str) -> Option<Result<Source, ProfileError>> {
    let last = |p: &str| p.rsplit(['/', '\\']).next().unwrap_or(p).to_string();
    GIVEN.with(|g| {
        g.borrow()
            .iter()
            .find(|(name, _)| last(name) == last(path))
            .map(|(name, text)| {
                if text.len() > MAX_PROFILE {
                    return Err(ProfileError::Invalid {
                        file: name.clone(),
                        message: crate::msg!(
                            "error.too_large",
                            most = crate::limits::size_text(MAX_PROFILE)
                        ),
                    });
                }
                Ok(Source::memory(name, text))
            })
    })
}

/// Finds a profile: a path, a built-in name, or a name in the user's folder. A relative
/// path in an `extends` is read from the folder of the file that names it.
pub fn find(name_or_path: &str, from: Option<&Path>) -> Result<Source, ProfileError> {
    if looks_like_path(name_or_path) {
        if let Some(held) = given(name_or_path) {
            return held;
        }
        let path = match from {
            Some(dir) if Path::new(name_or_path).is_relative() => dir.join(name_or_path),
            _ => PathBuf::from(name_or_path),
        };
        return read_path(&path);
    }
    if let Some(text) = builtin_text(name_or_path) {
        return Ok(Source {
            file: format!("variants/{name_or_path}.toml"),
            text: text.to_string(),
            dir: None,
        });
    }
    if let Some(dir) = user_dir() {
        let path = dir.join(format!("{name_or_path}.toml"));
        if path.is_file() {
            return read_path(&path);
        }
    }
    Err(ProfileError::Unknown(name_or_path.to_string()))
}

/// A profile file parsed, with the line of each key it sets.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// Where the table was read from.
    pub source: Source,
    /// The profile's keys (shared: a built-in file is parsed once a run and handed out).
    pub table: std::sync::Arc<toml::Table>,
    lines: std::sync::Arc<BTreeMap<String, usize>>,
}

impl Parsed {
    /// Reads `source` as TOML.
    pub fn new(source: Source) -> Result<Parsed, ProfileError> {
        if let Some((offset, message)) = crate::toml_syntax::too_deep(&source.text, false) {
            return Err(ProfileError::Syntax {
                line: line_of(&source.text, offset),
                file: source.file,
                message,
            });
        }
        let table: toml::Table = toml::from_str(&source.text).map_err(|e| {
            // A syntax error in the reader's words, where the parser finds one.
            match crate::toml_syntax::first_error(&source.text) {
                Some((offset, message)) => ProfileError::Syntax {
                    file: source.file.clone(),
                    line: line_of(&source.text, offset),
                    message,
                },
                None => ProfileError::Syntax {
                    file: source.file.clone(),
                    line: e.span().map_or(1, |s| line_of(&source.text, s.start)),
                    message: e.message().trim().to_string().into(),
                },
            }
        })?;
        let lines = key_lines(&source.text);
        Ok(Parsed {
            source,
            table: table.into(),
            lines: lines.into(),
        })
    }

    /// The line that sets `path` (a dotted key), or of its section.
    pub fn line(&self, path: &str) -> Option<usize> {
        let mut p = path;
        loop {
            if let Some(&l) = self.lines.get(p) {
                return Some(l);
            }
            p = &p[..p.rfind('.')?];
        }
    }

    fn error(&self, path: &str, message: crate::lang::Text) -> ProfileError {
        ProfileError::Syntax {
            file: self.source.file.clone(),
            line: self.line(path).unwrap_or(1),
            message,
        }
    }
}

/// [`find`] and [`Parsed::new`]: a built-in profile is parsed once a run and handed out
/// as copies (every chain ends in [`ROOT`], which [`merged`] also reads as the schema;
/// `compare` loads several profiles).
fn find_parsed(name_or_path: &str, from: Option<&Path>) -> Result<Parsed, ProfileError> {
    static BUILT_IN: std::sync::Mutex<Vec<(&'static str, Parsed)>> =
        std::sync::Mutex::new(Vec::new());
    let builtin = (!looks_like_path(name_or_path))
        .then(|| BUILTIN.iter().find(|(n, _)| *n == name_or_path))
        .flatten();
    let Some(&(name, _)) = builtin else {
        return Parsed::new(find(name_or_path, from)?);
    };
    let mut cache = BUILT_IN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, p)) = cache.iter().find(|(n, _)| *n == name) {
        return Ok(p.clone());
    }
    let parsed = Parsed::new(find(name, from)?)?;
    cache.push((name, parsed.clone()));
    Ok(parsed)
}

/// Maps each `section.key` (and `[section]`) to the line that sets it. Profiles are plain
/// TOML: section headers, `key = value` and dotted keys.
fn key_lines(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let mut section = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(h) = line.strip_prefix('[').filter(|l| !l.starts_with('[')) {
            if let Some(end) = h.find(']') {
                section = h[..end].trim().to_string();
                out.entry(section.clone()).or_insert(i + 1);
            }
            continue;
        }
        let Some((key, _)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches('"');
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        {
            continue;
        }
        let path = if section.is_empty() {
            key.to_string()
        } else {
            format!("{section}.{key}")
        };
        out.entry(path).or_insert(i + 1);
    }
    out
}

/// Every key path of a table (sections and their keys).
fn paths(table: &toml::Table, out: &mut Vec<String>) {
    let _ = crate::lang::each_key(table, &mut |path, _| {
        out.push(path);
        Ok::<(), ()>(())
    });
}

/// Deep merge: `over` wins; tables merge key by key, everything else is replaced.
fn merge(base: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

/// The most files a chain of `extends` may have.
pub const MAX_CHAIN: usize = 16;

/// The files of a profile's chain, the profile itself first and the root last.
pub fn chain(name_or_path: &str) -> Result<Vec<Parsed>, ProfileError> {
    let mut files = vec![find_parsed(name_or_path, None)?];
    loop {
        let last = files.last().expect("the chain starts with one file");
        let Some(parent) = last.table.get("extends") else {
            break;
        };
        let Some(parent) = parent.as_str() else {
            return Err(last.error("extends", crate::msg!("error.profile_extends")));
        };
        // A parent that cannot be found or read: the `extends` line that asked is the place.
        let next = find_parsed(parent, last.source.dir.as_deref()).map_err(|e| {
            last.error(
                "extends",
                Text::placed(crate::msg!("error.field", field = "extends"), e.text()),
            )
        })?;
        if files.len() >= MAX_CHAIN {
            return Err(ProfileError::Invalid {
                file: files[0].source.file.clone(),
                message: crate::msg!("error.profile_chain_long", most = MAX_CHAIN),
            });
        }
        if files.iter().any(|f| f.source.file == next.source.file) {
            let names: Vec<&str> = files.iter().map(|f| f.source.file.as_str()).collect();
            return Err(ProfileError::Invalid {
                file: files[0].source.file.clone(),
                message: crate::msg!(
                    "error.profile_circle",
                    chain = names.join(" -> "),
                    next = next.source.file
                ),
            });
        }
        files.push(next);
    }
    Ok(files)
}

/// Checks each file's keys against the root's, then merges the chain, the root (or the
/// last file of the chain) first. A file that extends nothing must set every key; that is
/// checked when the merged table is read.
pub fn merged(files: &[Parsed]) -> Result<toml::Table, ProfileError> {
    // The root's keys, read once a run (the root is built in).
    static SCHEMA: std::sync::OnceLock<std::collections::HashSet<String>> =
        std::sync::OnceLock::new();
    let schema = match SCHEMA.get() {
        Some(s) => s,
        None => {
            let root = find_parsed(ROOT, None)?;
            let mut keys = Vec::new();
            paths(&root.table, &mut keys);
            // Every extra's points, also one the root profile does not write (its row's
            // default).
            keys.extend(
                crate::extras::EXTRAS
                    .iter()
                    .map(|r| format!("extras.{}", r.key)),
            );
            SCHEMA.get_or_init(|| keys.into_iter().collect())
        }
    };
    for f in files {
        if !f.table.contains_key("name") {
            return Err(f.error("name", crate::msg!("error.profile_name")));
        }
        let mut own = Vec::new();
        paths(&f.table, &mut own);
        for p in own {
            if p != "extends" && !schema.contains(&p) {
                let key = p.rsplit('.').next().unwrap_or(&p);
                return Err(f.error(
                    &p,
                    crate::msg!("error.profile_unknown_key", key = key, path = p),
                ));
            }
        }
    }
    let mut table = toml::Table::new();
    for f in files.iter().rev() {
        // A file with a title of its own does not keep its parent's translations of the
        // parent's title.
        if f.table.contains_key("title") {
            table.remove("title_de");
            table.remove("title_ja");
        }
        merge(&mut table, &f.table);
    }
    table.remove("extends");
    // An extra whose points no file of the chain names scores its row's default (the
    // built-in root names every extra but one added since).
    if let Some(extras) = table.get_mut("extras").and_then(toml::Value::as_table_mut) {
        for row in crate::extras::EXTRAS {
            if !extras.contains_key(row.key) {
                extras.insert(
                    row.key.to_string(),
                    toml::Value::Integer(row.default.into()),
                );
            }
        }
    }
    Ok(table)
}

/// Line of a key path named in a deserialization error ("... in `deck.copies`"), looked up
/// in the file of the chain that sets it.
pub fn locate_key(files: &[Parsed], path: &str) -> Option<(String, usize)> {
    // The key itself, else the table it is in (an unknown key's path names it).
    let mut p = path;
    loop {
        if let Some(found) = files
            .iter()
            .find_map(|f| f.lines.get(p).map(|&l| (f.source.file.clone(), l)))
        {
            return Some(found);
        }
        p = p.rsplit_once('.')?.0;
    }
}

/// Names of the built-in profiles.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}
