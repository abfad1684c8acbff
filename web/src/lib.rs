//! The doko engine for the browser: the league page's calls, a new sheet, the page itself
//! and `doko score`, as plain WebAssembly exports that take and give JSON (no generated
//! glue: `app/doko.js` is the page's side, a few lines). Every rule is the library's; this
//! crate only reads the request and writes the answer.
//!
//! The page writes a request into memory it asked for (`doko_alloc`), calls `doko_call`
//! with it, reads the answer at the address returned (`doko_answer_len` bytes) and frees
//! both (`doko_free`).

use doko::engine::page::{self, Call, Checked, PenaltyEntry};
use doko::lang::Lang;
use doko::league::file::DealEntry;
use doko::render::html;
use serde::Deserialize;
use serde_json::{Value, json};

/// What the page asks.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
enum Request {
    /// The sheet's page, with its form.
    Page {
        file: String,
        text: String,
        lang: String,
        sheets: Vec<String>,
        current: usize,
    },
    /// One of the served page's calls (`/check`, `/add`, ...), on the sheet's text.
    Call {
        file: String,
        text: String,
        lang: String,
        /// Seconds since 1970, the browser's clock.
        now: i64,
        path: String,
        #[serde(default)]
        deal: Option<usize>,
        #[serde(default)]
        since: Option<String>,
        #[serde(default)]
        body: Value,
    },
    /// A new sheet's text.
    New {
        file: String,
        players: Vec<String>,
        variant: String,
        deals: Option<u16>,
        lang: String,
    },
    /// What is wrong with a sheet's text, every error with its file, line and field (none:
    /// the sheet reads): an import is refused with them.
    Check {
        file: String,
        text: String,
        lang: String,
    },
    /// The built-in profiles (the new sheet's choice).
    Profiles,
    /// The app's own words in `lang` (the catalogue's `app` section).
    Words { lang: String },
    /// A paper sheet (CSV) as a league sheet named `name` under the profile `variant`.
    Paper {
        file: String,
        text: String,
        variant: String,
        name: String,
        lang: String,
    },
    /// How two texts of one sheet differ: the deals, and whether anything else does.
    Differ {
        file: String,
        here: String,
        there: String,
        lang: String,
    },
    /// A link as a QR code (an SVG image; none where it is too long for one).
    Qr { text: String },
    /// A file's bytes that are not UTF-8, as a person's sheet is read: UTF-16 where it
    /// begins with its byte order mark, else Windows-1252 (German Excel's CSV).
    Decode { file: String, bytes: Vec<u8> },
    /// `doko score` of a text, as the command writes it.
    Score {
        file: String,
        text: String,
        format: String,
        #[serde(default)]
        variant: Option<String>,
        #[serde(default)]
        explain: bool,
        lang: String,
    },
}

/// The keys of the app's words (`app.KEY` in the catalogues).
const WORDS: [&str; 36] = [
    "title",
    "sheets",
    "none",
    "import",
    "export",
    "share",
    "new_sheet",
    "name",
    "players",
    "profile",
    "deals",
    "create",
    "exists",
    "saved_here",
    "import_profile",
    "needs_profile",
    "not_a_sheet",
    "export_all",
    "imported_all",
    "delete",
    "rename",
    "confirm_delete",
    "rename_to",
    "persist_refused",
    "insecure",
    "language",
    "share_link",
    "share_hint",
    "share_no_qr",
    "shared_differs",
    "differ_deals",
    "differ_other",
    "replace",
    "keep_mine",
    "link_bad",
    "link_too_large",
];

fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

/// A profile file the app keeps beside a sheet (a club's), sent with each request.
#[derive(Deserialize)]
struct ProfileFile {
    file: String,
    text: String,
}

/// The answer to one request, as JSON text. A request may carry `profiles`: the profile
/// files the app keeps beside its sheets, which the sheets' `variant` paths name.
pub fn answer(request: &str) -> String {
    let mut value: Value = match serde_json::from_str(request) {
        Ok(v) => v,
        Err(e) => {
            return json!({ "error": format!("a request doko-web does not know: {e}") })
                .to_string();
        }
    };
    let profiles: Vec<ProfileFile> = value
        .as_object_mut()
        .and_then(|o| o.remove("profiles"))
        .and_then(|p| serde_json::from_value(p).ok())
        .unwrap_or_default();
    let request: Request = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(e) => {
            return json!({ "error": format!("a request doko-web does not know: {e}") })
                .to_string();
        }
    };
    let files: Vec<(String, String)> = profiles.into_iter().map(|p| (p.file, p.text)).collect();
    doko::variant::load::with_files(&files, || answer_request(request))
}

fn answer_request(request: Request) -> String {
    match request {
        Request::Page {
            file,
            text,
            lang,
            sheets,
            current,
        } => {
            let served = html::Served {
                sheets: &sheets,
                current,
                token: None,
                tournaments: &[],
            };
            json!({ "html": page::page(&file, &text, &served, lang_of(&lang)) }).to_string()
        }
        Request::Call {
            file,
            text,
            lang,
            now,
            path,
            deal,
            since,
            body,
        } => {
            doko::league::time::given(now);
            match call_of(&path, deal, since, body) {
                Ok(call) => {
                    let done = page::answer(&file, &text, call, lang_of(&lang));
                    json!({ "page": done.page, "text": done.text }).to_string()
                }
                Err(why) => json!({ "page": { "ok": false, "errors": [why] } }).to_string(),
            }
        }
        Request::New {
            file,
            players,
            variant,
            deals,
            lang,
        } => match page::new_sheet(&file, &players, &variant, deals, lang_of(&lang)) {
            Ok(text) => json!({ "text": text }).to_string(),
            Err(error) => json!({ "error": error.to_string(), "field": error.field }).to_string(),
        },
        Request::Check { file, text, lang } => {
            let lang = lang_of(&lang);
            let errors: Vec<String> = match doko::league::evaluate(&file, &text, None) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.iter().map(|e| e.render(lang)).collect(),
            };
            let profile = if errors.is_empty() {
                None
            } else {
                doko::engine::import::missing_profile(&file, &text)
            };
            json!({ "errors": errors, "profile": profile }).to_string()
        }
        Request::Paper {
            file,
            text,
            variant,
            name,
            lang,
        } => {
            let lang = lang_of(&lang);
            match doko::engine::import::league_of_paper(&file, &text, &variant, &name) {
                Ok(text) => json!({ "text": text }).to_string(),
                Err(errors) => {
                    let errors: Vec<String> = errors.iter().map(|e| e.render(lang)).collect();
                    json!({ "errors": errors }).to_string()
                }
            }
        }
        Request::Differ {
            file,
            here,
            there,
            lang,
        } => match doko::engine::import::differing(&file, &here, &there) {
            Ok(d) => json!({ "differ": d }).to_string(),
            Err(errors) => {
                let lang = lang_of(&lang);
                let errors: Vec<String> = errors.iter().map(|e| e.render(lang)).collect();
                json!({ "errors": errors }).to_string()
            }
        },
        Request::Qr { text } => json!({ "svg": doko::render::qr::svg(&text) }).to_string(),
        Request::Decode { file, bytes } => match doko::deal::decode_saved(&file, bytes) {
            Ok(text) => json!({ "text": text }).to_string(),
            Err(e) => json!({ "error": e.render(Lang::En) }).to_string(),
        },
        Request::Profiles => json!({ "profiles": doko::engine::api::profile_names() }).to_string(),
        Request::Words { lang } => {
            let lang = lang_of(&lang);
            let words: serde_json::Map<String, Value> = WORDS
                .iter()
                .map(|k| (k.to_string(), Value::from(lang.t(&format!("app.{k}")))))
                .collect();
            json!({ "words": words, "lang": lang.code() }).to_string()
        }
        Request::Score {
            file,
            text,
            format,
            variant,
            explain,
            lang,
        } => {
            match score(
                &file,
                &text,
                &format,
                variant.as_deref(),
                explain,
                lang_of(&lang),
            ) {
                Ok(out) => json!({ "out": out }).to_string(),
                Err(error) => json!({ "error": error }).to_string(),
            }
        }
    }
}

/// `doko score FILE --format FORMAT [--variant V] [--explain]` of a text: what the command
/// writes to standard output, or its errors.
fn score(
    file: &str,
    text: &str,
    format: &str,
    variant: Option<&str>,
    explain: bool,
    lang: Lang,
) -> Result<String, String> {
    use doko::engine::InputFormat;
    use doko::render::Format;
    let input = match file.rsplit_once('.').map(|(_, ext)| ext) {
        Some("toml") => InputFormat::Toml,
        Some("jsonl") => InputFormat::Jsonl,
        Some("json") => InputFormat::Json,
        _ => InputFormat::Csv,
    };
    let format = match format {
        "table" => Format::Table,
        "markdown" => Format::Markdown,
        "csv" => Format::Csv,
        "json" => Format::Json,
        other => return Err(format!("--format {other}: table, markdown, csv or json")),
    };
    let ask = doko::engine::api::ScoreAsk {
        variant,
        sets: &[],
        summary: false,
        format,
        explain,
        jobs: 1,
        lang,
        continues: false,
    };
    doko::engine::api::score(doko::engine::api::Input::Text(file, text, input), ask)
        .map_err(|e| e.message)
}

/// The page's call `path` with what it sent.
fn call_of(
    path: &str,
    deal: Option<usize>,
    since: Option<String>,
    body: Value,
) -> Result<Call, String> {
    let read = |what: &str| format!("{path}: {what}");
    Ok(match path {
        "/state" => Call::State { since },
        "/deal" => Call::Deal(deal.unwrap_or(0)),
        "/check" => {
            Call::Check(serde_json::from_value::<Checked>(body).map_err(|e| read(&e.to_string()))?)
        }
        "/add" => {
            Call::Add(serde_json::from_value::<DealEntry>(body).map_err(|e| read(&e.to_string()))?)
        }
        "/edit" => Call::Edit(
            deal.unwrap_or(0),
            serde_json::from_value::<DealEntry>(body).map_err(|e| read(&e.to_string()))?,
        ),
        "/undo" => Call::Undo,
        "/penalty" => Call::Penalty(
            serde_json::from_value::<PenaltyEntry>(body).map_err(|e| read(&e.to_string()))?,
        ),
        "/close" => Call::Close,
        "/settle" => Call::Settle(
            serde_json::from_value::<page::SettleAsk>(body).map_err(|e| read(&e.to_string()))?,
        ),
        other => return Err(format!("{other}: no such call")),
    })
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::Cell;

    thread_local! {
        static LAST_LEN: Cell<usize> = const { Cell::new(0) };
    }

    /// `len` bytes for the page to write a request into (one byte where `len` is 0).
    #[unsafe(no_mangle)]
    pub extern "C" fn doko_alloc(len: usize) -> *mut u8 {
        Box::into_raw(vec![0u8; len.max(1)].into_boxed_slice()).cast::<u8>()
    }

    /// Frees what `doko_alloc(len)` or `doko_call` (with `doko_answer_len()`) gave.
    ///
    /// # Safety
    /// `ptr` and `len` are one allocation of this module, freed once.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn doko_free(ptr: *mut u8, len: usize) {
        let slice = std::ptr::slice_from_raw_parts_mut(ptr, len.max(1));
        // SAFETY: a boxed slice of `len.max(1)` bytes made here, given back once.
        drop(unsafe { Box::from_raw(slice) });
    }

    /// Answers the request of `len` bytes at `ptr` (UTF-8 JSON); the answer's address. Its
    /// length is `doko_answer_len()`; the page frees it with `doko_free`.
    ///
    /// # Safety
    /// `ptr` holds `len` initialized bytes.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn doko_call(ptr: *const u8, len: usize) -> *mut u8 {
        // SAFETY: the page wrote `len` bytes at `ptr`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
        let answer = match std::str::from_utf8(bytes) {
            Ok(text) => super::answer(text),
            Err(_) => r#"{"error":"a request that is not UTF-8"}"#.to_string(),
        };
        let boxed = answer.into_bytes().into_boxed_slice();
        LAST_LEN.with(|l| l.set(boxed.len()));
        // Freed by the page with `doko_free(address, length)`: a boxed slice of that length.
        Box::into_raw(boxed).cast::<u8>()
    }

    /// The length of the last answer.
    #[unsafe(no_mangle)]
    pub extern "C" fn doko_answer_len() -> usize {
        LAST_LEN.with(Cell::get)
    }
}
