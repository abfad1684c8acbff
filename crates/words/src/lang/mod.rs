//! The players' languages: English, German and Japanese (docs/formats.md section 1).
//!
//! Every word and sentence that doko writes for people (table headers, contract and item
//! names, `--explain`, league messages, errors, pages) comes from a message catalogue, one
//! file per language (`en.toml`, `de.toml`, `ja.toml` beside this module). A message is
//! found by its key (`table.deal`, `item.fox` ...) and may hold placeholders (`{player}`).
//! The machine formats (JSON, CSV) are written in English whatever the language.
//!
//! The game words are those of each language's sources: German the DDV tournament rules
//! (TSR), Japanese the Japanese rule pages (`docs/glossary.md`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// A language doko speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    /// English.
    En,
    /// German.
    De,
    /// Japanese.
    Ja,
}

/// The catalogue files, in the order of [`Lang::ALL`].
const SOURCES: [&str; 3] = [
    include_str!("en.toml"),
    include_str!("de.toml"),
    include_str!("ja.toml"),
];

/// A catalogue: message key -> template.
pub type Catalogue = HashMap<String, String>;

/// Reads a catalogue file: its tables and keys, joined with dots (`[item] fox = ...` is
/// `item.fox`).
pub fn parse_catalogue(text: &str) -> Result<Catalogue, Text> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        Text::msg("error.catalogue_toml").with("why", Text::from(e.to_string()))
    })?;
    let mut out = Catalogue::new();
    each_key(&table, &mut |key, v| match v {
        toml::Value::String(s) => {
            out.insert(key, s.clone());
            Ok(())
        }
        toml::Value::Table(_) => Ok(()),
        _ => Err(Text::msg("error.catalogue_not_text").with("key", Text::from(key))),
    })?;
    Ok(out)
}

/// Visits every key of a TOML table by its dotted path (`scoring.won`), a section's keys
/// before the section itself; the one walk over profiles and message catalogues.
pub fn each_key<E>(
    table: &toml::Table,
    visit: &mut impl FnMut(String, &toml::Value) -> Result<(), E>,
) -> Result<(), E> {
    fn walk<E>(
        prefix: &str,
        table: &toml::Table,
        visit: &mut impl FnMut(String, &toml::Value) -> Result<(), E>,
    ) -> Result<(), E> {
        for (k, v) in table {
            let path = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            if let toml::Value::Table(t) = v {
                walk(&path, t, visit)?;
            }
            visit(path, v)?;
        }
        Ok(())
    }
    walk("", table, visit)
}

/// The catalogue of `lang`, read the first time it is asked for (a run in English never
/// reads the other two).
fn catalogue(lang: Lang) -> &'static Catalogue {
    static CATALOGUES: [OnceLock<Catalogue>; 3] = [const { OnceLock::new() }; 3];
    // The files are part of the program, and a test reads each of them: a broken one
    // never ships. Should one not parse anyway, its messages fall back to English, then
    // to their keys.
    CATALOGUES[lang as usize]
        .get_or_init(|| parse_catalogue(SOURCES[lang as usize]).unwrap_or_default())
}

impl Lang {
    /// A decimal number as the language writes it: `1.25` in English and Japanese, `1,25`
    /// in German (machine outputs, CSV and JSON, keep the point).
    pub fn decimal(self, x: f64, places: usize) -> String {
        self.decimal_mark(format!("{x:.places$}"))
    }

    /// A number written with a decimal point (`1.25`) with the language's mark instead.
    pub fn decimal_mark(self, number: String) -> String {
        if self == Lang::De {
            number.replace('.', ",")
        } else {
            number
        }
    }

    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Ja];

    /// The language's code: `en`, `de`, `ja` (also `<html lang>`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Ja => "ja",
        }
    }

    /// The catalogue file's source text.
    pub fn source(self) -> &'static str {
        SOURCES[self as usize]
    }

    /// A language code or a locale: `de`, `DE`, `de_DE.UTF-8`, `de-AT`, `ja_JP.eucJP`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let base = code
            .trim()
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == base)
    }

    /// The language of the locale variables, by POSIX precedence: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG` (empty ones skipped); English when the first set one
    /// names another language (`C`, `fr_FR.UTF-8`) or none is set.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.trim().is_empty())
            .and_then(Lang::from_code)
            .unwrap_or_default()
    }

    /// The language a command line names (`--lang X` or `--lang=X`, before any `--`),
    /// read before its arguments are parsed, so that its own errors speak it.
    pub fn of_args(args: &[String]) -> Option<Lang> {
        let given = args.iter().enumerate().find_map(|(i, a)| {
            if a == "--" {
                return Some(None);
            }
            a.strip_prefix("--lang=")
                .map(str::to_string)
                .or_else(|| (a == "--lang").then(|| args.get(i + 1).cloned()).flatten())
                .map(Some)
        });
        given.flatten().and_then(|code| Lang::from_code(&code))
    }

    /// The language of this process's environment ([`Lang::from_locale`]).
    pub fn from_env() -> Lang {
        let var = |name| std::env::var(name).ok();
        Lang::from_locale(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }

    /// The language a browser asks for (`Accept-Language: de-DE,de;q=0.9,en;q=0.8`): the
    /// one of highest weight that doko speaks, the first named among equals; `None` when
    /// it names none of them.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(Lang, u32)> = None;
        for part in header.split(',') {
            let mut fields = part.split(';');
            let Some(lang) = fields.next().and_then(Lang::from_code) else {
                continue;
            };
            // The weight in thousandths (q=0.8 -> 800); a malformed weight counts as 0.
            let q = fields
                .find_map(|f| f.trim().strip_prefix("q="))
                .map_or(1000, |q| {
                    q.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|q| (0.0..=1.0).contains(q))
                        .map_or(0, |q| (q * 1000.0).round() as u32)
                });
            if q > 0 && best.is_none_or(|(_, b)| q > b) {
                best = Some((lang, q));
            }
        }
        best.map(|(l, _)| l)
    }

    /// The message of `key` in this language (English where this language lacks it, the
    /// key itself where English does too).
    pub fn t(self, key: &str) -> &'static str {
        catalogue(self)
            .get(key)
            .or_else(|| catalogue(Lang::En).get(key))
            .map_or_else(|| leak_key(key), String::as_str)
    }

    /// The message of `key` with its placeholders (`{name}`) filled in.
    pub fn f(self, key: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.t(key), |name| {
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }
}

/// A key without a message is shown as itself (a test sees that every key used exists).
fn leak_key(key: &str) -> &'static str {
    static MISSING: OnceLock<std::sync::Mutex<Vec<&'static str>>> = OnceLock::new();
    let list = MISSING.get_or_init(Default::default);
    let mut list = list
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(k) = list.iter().find(|k| **k == key) {
        return k;
    }
    let k: &'static str = Box::leak(key.to_string().into_boxed_str());
    list.push(k);
    k
}

/// Fills the `{name}` placeholders of a template; an unknown name stays as written.
///
/// A plural is written `{name|one|other}`: the first form where the value of `name` is 1,
/// the second otherwise (the rule of English and German; Japanese writes no plural, so its
/// templates have none): `{deals} {deals|deal|deals} left`.
pub fn fill(template: &str, mut value: impl FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let inside = after.find('}').map(|close| (close, &after[..close]));
        match inside.and_then(|(close, body)| Some((close, Placeholder::read(body)?))) {
            Some((close, place)) => {
                match value(place.name) {
                    Some(v) => match place.forms {
                        None => out.push_str(&v),
                        Some((one, other)) => out.push_str(if v == "1" { one } else { other }),
                    },
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What is written between `{` and `}`: a name, and for a plural its two forms.
struct Placeholder<'a> {
    name: &'a str,
    forms: Option<(&'a str, &'a str)>,
}

impl<'a> Placeholder<'a> {
    /// `name` or `name|one|other`; anything else is not a placeholder.
    fn read(body: &'a str) -> Option<Placeholder<'a>> {
        let mut parts = body.split('|');
        let name = parts.next()?;
        let named =
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !named {
            return None;
        }
        match (parts.next(), parts.next(), parts.next()) {
            (None, _, _) => Some(Placeholder { name, forms: None }),
            (Some(one), Some(other), None) => Some(Placeholder {
                name,
                forms: Some((one, other)),
            }),
            _ => None,
        }
    }
}

/// The placeholders of a template, in order (a plural by its name).
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let body = &after[..close];
                out.push(body.split('|').next().unwrap_or(body));
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

/// A message to be written later in the reader's language (a [`Text`]), with named
/// values: `msg!("error.eyes_deck", eyes = 300, total = 240)`. The library's errors are
/// made of these; nothing is written in a language until it is shown.
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::Text::msg($key)$(.with(stringify!($name), $crate::lang::ToText::to_text(&$value)))*
    };
}

/// A message in `lang` with named values: `tr!(lang, "league.deals", player = name)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $lang.f($key, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),*])
    };
}

/// A text to be written later in the reader's language: a catalogue message with its
/// values, or words that need no translation (names, numbers, a message doko has only in
/// English). Scoring makes these; front ends write them ([`Text::render`]); `Display`
/// writes English (the JSON output's rule texts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    /// Written as is in every language.
    Plain(Cow<'static, str>),
    /// A catalogue message and the values of its placeholders.
    Msg {
        /// The message's key in the catalogues.
        key: Cow<'static, str>,
        /// Its values, by placeholder.
        args: Vec<(&'static str, Text)>,
    },
    /// Texts one after the other, with the catalogue word `sep` between them (`word.comma`).
    Join(Vec<Text>, &'static str),
}

impl Text {
    /// A message without values yet.
    pub fn msg(key: impl Into<Cow<'static, str>>) -> Text {
        Text::Msg {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// Adds the value of a placeholder: another text, or anything written as is.
    pub fn with(mut self, name: &'static str, value: impl Into<Text>) -> Text {
        if let Text::Msg { args, .. } = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// A message after its place (`file.csv:3: ...`), joined as the catalogue joins them
    /// (`error.sep_colon`).
    pub fn placed(place: impl Into<Text>, message: Text) -> Text {
        Text::Join(vec![place.into(), message], "error.sep_colon")
    }

    /// Replaces the value of a placeholder (a message that says how to fix something, told
    /// otherwise where the thing was written otherwise).
    pub fn set(mut self, name: &'static str, value: impl Into<Text>) -> Text {
        if let Text::Msg { args, .. } = &mut self
            && let Some(arg) = args.iter_mut().find(|(n, _)| *n == name)
        {
            arg.1 = value.into();
        }
        self
    }

    /// Adds a placeholder's value that is itself a catalogue word (`party.re`).
    pub fn word(self, name: &'static str, key: impl Into<Cow<'static, str>>) -> Text {
        self.with(name, Text::msg(key))
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Text::Plain(s) => s.to_string(),
            Text::Msg { key, args } => fill(lang.t(key), |name| {
                args.iter().find(|(n, _)| *n == name).map(|(_, v)| match v {
                    // A value as written (a field, a name): quoted short, so that one
                    // long field does not fill the screen.
                    Text::Plain(s) => quoted(s, lang),
                    v => v.render(lang),
                })
            }),
            Text::Join(parts, sep) => parts
                .iter()
                .map(|t| t.render(lang))
                .collect::<Vec<_>>()
                .join(lang.t(sep)),
        }
    }
}

/// The longest value a message quotes whole, in characters.
pub const MAX_QUOTE: usize = 400;

/// `value` as a message quotes it ([`shown::escaped`]): whole up to [`MAX_QUOTE`]
/// characters, else its start, `…` and how long it is.
fn quoted(value: &str, lang: Lang) -> String {
    // Line ends, escapes, bidirectional and unseen characters written out.
    let value = &*shown::escaped(value);
    match value.char_indices().nth(MAX_QUOTE) {
        None => value.to_string(),
        Some(_) => {
            let cut = value.char_indices().nth(64).map_or(value.len(), |(i, _)| i);
            let count = value.chars().count();
            crate::tr!(lang, "word.cut_value", start = &value[..cut], count = count)
        }
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::Plain(Cow::Borrowed(""))
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl std::error::Error for Text {}

/// In the machine formats (JSON), a text is written in English, as everything there is.
impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render(Lang::En))
    }
}

/// A value that goes into a message ([`msg!`]): a text, words written as they are
/// (names, numbers), or a word of the game that is itself a message (a contract, a party).
pub trait ToText {
    /// The value as a text.
    fn to_text(&self) -> Text;
}

impl ToText for Text {
    fn to_text(&self) -> Text {
        self.clone()
    }
}

impl ToText for str {
    fn to_text(&self) -> Text {
        Text::Plain(Cow::Owned(self.to_string()))
    }
}

impl ToText for String {
    fn to_text(&self) -> Text {
        self.as_str().to_text()
    }
}

impl<T: ToText + ?Sized> ToText for &T {
    fn to_text(&self) -> Text {
        (**self).to_text()
    }
}

macro_rules! plain_values {
    ($($t:ty),*) => {$(
        impl ToText for $t {
            fn to_text(&self) -> Text {
                Text::Plain(Cow::Owned(self.to_string()))
            }
        }
    )*};
}
plain_values!(u8, u16, u32, u64, usize, i8, i16, i32, i64, char);

/// An input or output error in the reader's language, from its kind (never from the
/// system's English words): "no such file or folder", "permission denied" ...; an error
/// doko made itself (with its own words) as it is; a kind without words of its own as
/// "system error N".
impl ToText for std::io::Error {
    fn to_text(&self) -> Text {
        use std::io::ErrorKind as K;
        if self.raw_os_error().is_none() && self.get_ref().is_some() {
            return Text::Plain(Cow::Owned(self.to_string()));
        }
        let key = match self.kind() {
            K::NotFound => "io.not_found",
            K::PermissionDenied => "io.permission_denied",
            K::IsADirectory => "io.is_a_directory",
            K::NotADirectory => "io.not_a_directory",
            K::AlreadyExists => "io.already_exists",
            K::InvalidData => "io.invalid_data",
            K::StorageFull => "io.storage_full",
            K::ReadOnlyFilesystem => "io.read_only",
            K::FileTooLarge => "io.too_large",
            K::ResourceBusy => "io.busy",
            K::BrokenPipe => "io.broken_pipe",
            K::TimedOut => "io.timed_out",
            K::Interrupted => "io.interrupted",
            K::UnexpectedEof => "io.unexpected_eof",
            K::OutOfMemory => "io.out_of_memory",
            K::InvalidFilename => "io.invalid_filename",
            K::CrossesDevices => "io.crosses_devices",
            K::DirectoryNotEmpty => "io.directory_not_empty",
            _ => {
                let code = self
                    .raw_os_error()
                    .map_or_else(|| format!("{:?}", self.kind()), |c| c.to_string());
                return Text::msg("io.other").with("code", Text::from(code));
            }
        };
        Text::msg(key)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::Plain(Cow::Owned(s))
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::Plain(Cow::Owned(s.clone()))
    }
}

impl From<char> for Text {
    fn from(c: char) -> Text {
        Text::Plain(Cow::Owned(c.to_string()))
    }
}

impl From<&'static str> for Text {
    fn from(s: &'static str) -> Text {
        Text::Plain(Cow::Borrowed(s))
    }
}

macro_rules! plain_numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Text {
            fn from(v: $t) -> Text {
                Text::Plain(Cow::Owned(v.to_string()))
            }
        }
    )*};
}
plain_numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

pub mod numbers;
pub mod shown;
#[cfg(test)]
mod tests;
