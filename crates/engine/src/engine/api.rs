//! Calls for front ends that are not the command line (the Python package): an input in,
//! the same JSON documents `doko score`, `doko compare` and `doko generate` write out. The
//! profile choice, the scoring and the reports are the engine's; this module only wires
//! them as the command does.

use serde::Serialize;

use crate::deal::RecordError;
use crate::engine::{Choice, Files, FlagRole};
use crate::input::{InputFormat, Source};
use crate::lang::Lang;
use crate::render::Format;

/// Where the deals come from.
pub enum Input<'a> {
    /// A file (`format`: by its extension where none).
    Path(&'a str, Option<InputFormat>),
    /// A text, named `name` in errors, in `format`.
    Text(&'a str, &'a str, InputFormat),
    /// An archive given column by column (an Arrow stream), named `name` in errors: the
    /// columns' names (those of a CSV archive) and its rows.
    Columns(&'a str, Vec<String>, Box<dyn crate::deal::archive::Columns>),
}

impl std::fmt::Debug for Input<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Input::Path(p, format) => f.debug_tuple("Path").field(p).field(format).finish(),
            Input::Text(name, _, format) => {
                f.debug_tuple("Text").field(name).field(format).finish()
            }
            Input::Columns(name, names, _) => {
                f.debug_tuple("Columns").field(name).field(names).finish()
            }
        }
    }
}

/// An error as a front end raises it: where (each part where known) and what, in the
/// reader's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// The file.
    pub file: Option<String>,
    /// The line, from 1.
    pub line: Option<u32>,
    /// The deal, from 1.
    pub deal: Option<u32>,
    /// The trick, from 1.
    pub trick: Option<u32>,
    /// The column or key.
    pub field: Option<String>,
    /// The whole message, place first.
    pub message: String,
}

impl ApiError {
    /// A record's error in `lang`.
    pub fn record(e: &RecordError, lang: Lang) -> ApiError {
        ApiError {
            file: Some(e.at.file.clone()),
            line: e.at.line,
            deal: e.at.deal,
            trick: e.at.trick,
            field: e.at.field.clone(),
            message: e.render(lang),
        }
    }

    /// Any of the engine's errors in `lang` (placed where it is a record's).
    pub fn of(e: &crate::error::Error, lang: Lang) -> ApiError {
        match e {
            crate::error::Error::Record(r) => ApiError::record(r, lang),
            e => ApiError::plain(crate::error::localized(e, lang)),
        }
    }

    /// A message without a place.
    pub fn plain(message: String) -> ApiError {
        ApiError {
            file: None,
            line: None,
            deal: None,
            trick: None,
            field: None,
            message,
        }
    }
}

impl Input<'_> {
    /// The source of the deals: a document read whole, or an archive streamed.
    pub fn open(self) -> Result<Source, RecordError> {
        match self {
            Input::Path(path, format) => Source::open(path, format),
            Input::Text(name, text, format) => Ok(Source::from_text(name, text, format)),
            Input::Columns(name, names, rows) => Ok(Source::Archive(Box::new(
                crate::deal::archive::ArchiveReader::from_columns(name, &names, rows)?,
            ))),
        }
    }
}

/// What [`score`] is asked.
#[derive(Debug, Clone, Copy)]
pub struct ScoreAsk<'a> {
    /// The profile named (`--variant`), overriding the file's.
    pub variant: Option<&'a str>,
    /// `--set KEY=VALUE` overrides.
    pub sets: &'a [(String, String)],
    /// `--summary`: the aggregates instead of the sheet.
    pub summary: bool,
    /// The output's format (the Python package asks for JSON; the web app for any).
    pub format: Format,
    /// `--explain`: every item, counted or not, and what each party needed.
    pub explain: bool,
    /// Threads for an archive (0: every core).
    pub jobs: usize,
    /// The language of errors and of `--summary`'s words.
    pub lang: Lang,
    /// The input continues an archive begun elsewhere (a part after the first, as a
    /// cluster splits it): under a profile whose Bock rounds cross deals it must begin
    /// where a session begins ([`crate::engine::Parsed::continuing`]), else it is refused.
    pub continues: bool,
}

/// The input read and parsed, and the profile it is scored under (`ask`'s, else the
/// file's), marked where it continues an archive ([`crate::engine::Parsed::continuing`]): what
/// [`score`] and [`score_each`] both start from.
fn scoring<R>(
    input: Input,
    ask: &ScoreAsk,
    work: impl FnOnce(crate::engine::Parsed<'_>, &crate::variant::Profile) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    let lang = ask.lang;
    let mut files = Files::from_source(input.open().map_err(|e| ApiError::record(&e, lang))?);
    let parsed = files.parse().map_err(|e| ApiError::of(&e, lang))?;
    let choice = Choice {
        variant: ask.variant,
        sets: ask.sets,
        role: FlagRole::Overrides,
    };
    let profile = crate::engine::choose_profile(&choice, &parsed.named())
        .map_err(|e| ApiError::of(&e, lang))?;
    work(parsed.continuing(ask.continues), &profile)
}

/// `doko score FILE --format F` (or `--summary`): the same output; the first bad deal is
/// the error (the command lists them all and writes nothing).
pub fn score(input: Input, ask: ScoreAsk) -> Result<String, ApiError> {
    scoring(input, &ask, |parsed, profile| {
        score_parsed(parsed, profile, &ask)
    })
}

fn score_parsed(
    parsed: crate::engine::Parsed<'_>,
    profile: &crate::variant::Profile,
    ask: &ScoreAsk,
) -> Result<String, ApiError> {
    let lang = ask.lang;
    let fail = |e: &crate::error::Error| ApiError::of(e, lang);
    let mut first_bad: Option<ApiError> = None;
    let mut out = Vec::new();
    let engine_ask = crate::engine::ScoreAsk {
        summary: ask.summary,
        format: ask.format,
        explain: ask.explain,
        jobs: ask.jobs,
        keep_going: false,
        lang,
    };
    crate::engine::score(
        parsed,
        profile,
        &engine_ask,
        &mut out,
        &mut |e| {
            first_bad.get_or_insert_with(|| ApiError::record(e, lang));
            Ok(())
        },
        &|| {},
    )
    .map_err(|e| fail(&e))?;
    if let Some(e) = first_bad {
        return Err(e);
    }
    String::from_utf8(out).map_err(|e| ApiError::plain(e.to_string()))
}

/// `doko score`'s deals one at a time, as they are scored: each deal's report as the JSON
/// document lists it under `deals` (`rules`: with each item's rule text, a third of the
/// bytes), handed to `each` as JSON text; `each` returns false to stop. Memory stays flat
/// however long the archive. The first bad deal is the error (as [`score`]).
pub fn score_each(
    input: Input,
    ask: ScoreAsk,
    rules: bool,
    each: &mut (dyn FnMut(String) -> bool + Send),
) -> Result<(), ApiError> {
    let mut failed = None;
    let done = score_reports(
        input,
        ask,
        rules,
        &mut |report| match serde_json::to_string(report) {
            Ok(text) => each(text),
            Err(e) => {
                failed = Some(ApiError::plain(e.to_string()));
                false
            }
        },
    );
    failed.map_or(done, Err)
}

/// As [`score_each`], each deal's report as it is ([`DealReport`]: what the JSON document
/// serializes), for a front end that makes its own values of it (the Python package's
/// dicts).
///
/// [`DealReport`]: crate::render::DealReport
pub fn score_reports(
    input: Input,
    ask: ScoreAsk,
    rules: bool,
    each: &mut (dyn FnMut(&crate::report::DealReport<'_>) -> bool + Send),
) -> Result<(), ApiError> {
    scoring(input, &ask, |parsed, profile| {
        let parsed = if rules {
            parsed
        } else {
            parsed.without_rules()
        };
        each_scored(parsed, profile, &ask, &mut |d| {
            let report = if rules {
                crate::report::DealReport::new(d.players, d.result, d.totals, false)
            } else {
                crate::report::DealReport::brief(d.players, d.result, d.totals)
            };
            Ok(each(&report))
        })
    })
}

/// `doko score --format csv`'s rows column by column ([`SheetColumns`]), `rows` deals at
/// a time (the last part may hold fewer): `each` takes each part and returns false to
/// stop. Memory stays flat however long the archive. The first bad deal is the error (as
/// [`score`]), after the parts before it.
///
/// [`SheetColumns`]: crate::render::columns::SheetColumns
pub fn score_columns(
    input: Input,
    ask: ScoreAsk,
    rows: usize,
    each: &mut (dyn FnMut(Vec<(String, crate::render::columns::Column)>) -> bool + Send),
) -> Result<(), ApiError> {
    let rows = rows.max(1);
    let mut sheet: Option<crate::render::columns::SheetColumns> = None;
    let mut open = true;
    scoring(input, &ask, |parsed, profile| {
        // The columns hold no rule texts.
        let done = each_scored(parsed.without_rules(), profile, &ask, &mut |d| {
            let part =
                sheet.get_or_insert_with(|| crate::render::columns::SheetColumns::new(d.players));
            part.push(d.result, d.totals);
            if part.len() >= rows {
                open = each(part.take());
            }
            Ok(open)
        });
        // What was scored before a bad deal is handed on first, as the deals before it.
        if let Some(part) = sheet.as_mut().filter(|p| !p.is_empty() && open) {
            each(part.take());
        }
        done
    })
}

/// Scores every deal of `parsed` as a sheet, in order, handing each to `each`, which
/// returns false to stop (not an error). The first bad deal is the error.
fn each_scored(
    parsed: crate::engine::Parsed<'_>,
    profile: &crate::variant::Profile,
    ask: &ScoreAsk,
    each: &mut (dyn FnMut(&crate::engine::Scored<'_>) -> Result<bool, crate::error::Error> + Send),
) -> Result<(), ApiError> {
    let lang = ask.lang;
    let fail = |e: &crate::error::Error| ApiError::of(e, lang);
    let mut first_bad: Option<ApiError> = None;
    // The caller stopping reads as a closed pipe: not an error.
    let stopped = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stopped");
    let run = parsed.score(
        profile,
        crate::engine::Fold::Sheet,
        ask.jobs,
        false,
        |step| {
            let crate::engine::Step::Deal(d) = step else {
                return Ok(());
            };
            if each(&d)? {
                Ok(())
            } else {
                Err(crate::error::Error::Io(stopped()))
            }
        },
        |e| {
            first_bad.get_or_insert_with(|| ApiError::record(e, lang));
            Ok(())
        },
    );
    match run {
        Err(crate::error::Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(fail(&e)),
        Ok(_) => first_bad.map_or(Ok(()), Err),
    }
}

/// `doko compare FILE --variants A,B,… --format json` (or `--summary`): the same document.
pub fn compare(
    input: Input,
    variants: &[String],
    sets: &[(String, String)],
    (summary, jobs, lang): (bool, usize, Lang),
) -> Result<String, ApiError> {
    let fail = |e: &crate::error::Error| ApiError::of(e, lang);
    if variants.len() < 2 {
        return Err(ApiError::plain(lang.t("error.two_variants").to_string()));
    }
    let profiles = variants
        .iter()
        .map(|v| crate::variant::Profile::load(v, sets).map_err(|e| fail(&e.into())))
        .collect::<Result<Vec<_>, _>>()?;
    let source = input.open().map_err(|e| ApiError::record(&e, lang))?;
    let ask = crate::engine::CompareAsk {
        summary,
        format: crate::render::Format::Json,
        explain: false,
        only_diff: false,
        jobs,
        lang,
    };
    let mut first_bad: Option<ApiError> = None;
    let mut out = Vec::new();
    crate::engine::compare(source, profiles, &ask, &mut out, &mut |e, _| {
        first_bad.get_or_insert_with(|| ApiError::record(e, lang));
    })
    .map_err(|e| fail(&e))?;
    if let Some(e) = first_bad {
        return Err(e);
    }
    String::from_utf8(out).map_err(|e| ApiError::plain(e.to_string()))
}

/// One built-in profile: its name and title.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileInfo {
    /// The name `--variant` takes.
    pub name: String,
    /// What it is.
    pub title: String,
    /// Every key with its value as the profile writes it in TOML, overrides applied.
    pub keys: std::collections::BTreeMap<String, serde_json::Value>,
}

/// A profile by name or path with its overrides: its name, title and keys.
pub fn profile(name: &str, sets: &[(String, String)], lang: Lang) -> Result<ProfileInfo, ApiError> {
    let p =
        crate::variant::Profile::load(name, sets).map_err(|e| ApiError::plain(e.render(lang)))?;
    let keys = p
        .keys()
        .map(|(k, v)| {
            let value = toml::from_str::<toml::Table>(&format!("v = {v}"))
                .ok()
                .and_then(|t| t.get("v").cloned())
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or_else(|| serde_json::Value::String(v.to_string()));
            (k.to_string(), value)
        })
        .collect();
    Ok(ProfileInfo {
        name: p.name.clone(),
        title: p.title_in(lang).to_string(),
        keys,
    })
}

/// The built-in profiles' names.
pub fn profile_names() -> Vec<&'static str> {
    crate::variant::BUILTIN.iter().map(|(n, _)| *n).collect()
}
