//! The league page's calls, for `doko serve` and the web app alike. Each takes the sheet's
//! text and answers what the page shows; a change also gives the sheet's new text, for the
//! caller to keep (`doko serve` writes the file under its lock; the web app keeps it in the
//! browser). Every rule is the library's: the served page and the app answer the same.
//!
//! ```
//! use doko::engine::page::{Call, answer};
//! use doko::league::file::DealEntry;
//! use doko::lang::Lang;
//!
//! let sheet = "players = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n\
//!              [league]\nname = \"x\"\ndeals = 8\ndealer = \"Dirk\"\n";
//! let entry = DealEntry { re: vec!["Anna".into(), "Cara".into()], re_points: Some(150), ..DealEntry::default() };
//! let done = answer("s.toml", sheet, Call::Add(entry), Lang::En);
//! let told = done.page.unwrap();
//! assert!(told.ok, "{:?}", told.errors);
//! assert!(done.text.unwrap().contains("re_points = 150"));
//! ```

use serde::Deserialize;

use crate::extras::Extra;
use crate::lang::{Lang, Text};
use crate::league::League;
use crate::league::file::{self, DealEntry, FileError};
use crate::render::html::{self, esc};
use crate::report::{PageAnswer, PageState};

/// A call of the page, with what it sends.
#[derive(Debug, Clone)]
pub enum Call {
    /// The sheet as it stands, unless it is still the one of the stamp `since`.
    State {
        /// The stamp of the state the page shows.
        since: Option<String>,
    },
    /// A deal as entered, for the form to edit it (1 for the first).
    Deal(usize),
    /// What the form would make of the sheet, nothing written.
    Check(Checked),
    /// A new deal.
    Add(DealEntry),
    /// Deal `n` entered again.
    Edit(usize, DealEntry),
    /// The last deal or penalty taken back.
    Undo,
    /// A penalty after the last deal.
    Penalty(PenaltyEntry),
    /// The round ends (TSR 8.6).
    Close,
    /// The money of the sheet as it stands (`league settle`), nothing written.
    Settle(SettleAsk),
}

/// What the page's money asks (`league settle`'s flags): cents (or yen) a point, and how
/// points become money. The currency is the sheet's profile's.
#[derive(Debug, Clone, Deserialize)]
pub struct SettleAsk {
    /// Cents per point (the currency's smallest unit).
    pub cents_per_point: i64,
    /// How points become money.
    pub model: crate::club::settle::Model,
}

/// The form as `/check` receives it.
#[derive(Debug, Clone, Deserialize)]
pub struct Checked {
    /// The deal as entered.
    pub entry: DealEntry,
    /// The deal being edited; none for a new deal.
    pub edit: Option<usize>,
}

/// A penalty entered on the page: the offender, and the points where not the profile's.
#[derive(Debug, Clone, Deserialize)]
pub struct PenaltyEntry {
    /// Who is penalized (her name, or its start).
    pub player: String,
    /// The points, where not the profile's `league.penalty`.
    pub points: Option<u16>,
    /// Why.
    pub note: Option<String>,
}

/// The answer to a call: what the page is told (none: nothing changed since the page's
/// stamp) and, after a change, the sheet's new text.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    /// The page's answer (its JSON is the wire format of `doko serve`).
    pub page: Option<PageAnswer>,
    /// The sheet's text after a change, to be kept.
    pub text: Option<String>,
}

impl Answer {
    fn told(page: PageAnswer) -> Answer {
        Answer {
            page: Some(page),
            text: None,
        }
    }
}

/// A stamp of the sheet's bytes: the page redraws when it changes.
pub fn stamp(bytes: &[u8]) -> String {
    // FNV-1a: the same on every platform and every run (the app and the server agree).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The messages of a refusal: every error of the sheet, in the players' words (the deal
/// and what is wrong; no file, line or key).
fn refused(e: &FileError, lang: Lang) -> PageAnswer {
    PageAnswer::refused(e.plain().iter().map(|t| t.render(lang)).collect())
}

/// Every error of a sheet that cannot be read, with file and line: for whoever mends it.
pub fn located(e: &FileError, lang: Lang) -> Vec<String> {
    match e {
        FileError::Invalid(errors) | FileError::Refusing(errors) => {
            errors.iter().map(|e| e.render(lang)).collect()
        }
        e => vec![e.render(lang)],
    }
}

/// The sheet as the page shows it.
pub fn state_of(lg: &League, text: &str, lang: Lang) -> PageState {
    PageState {
        ok: true,
        stamp: stamp(text.as_bytes()),
        html: html::state(lg, lang),
        history: html::history(lg, true, lang),
        next: lg.rows.len() + 1,
        sitting_out: lg
            .next
            .sits_out
            .iter()
            .map(|&i| lg.players[i].clone())
            .collect(),
        complete: lg.is_complete(),
        forced: lg
            .next
            .forced_player
            .filter(|_| lg.next.forced)
            .map(|i| lg.players[i].clone()),
    }
}

/// The sheet `text` evaluated.
fn evaluated(file: &str, text: &str) -> Result<League, FileError> {
    crate::league::evaluate(file, text, None).map_err(FileError::Invalid)
}

/// The page of the sheet `file` with the form (`served`), or the page of its errors.
pub fn page(file: &str, text: &str, served: &html::Served, lang: Lang) -> String {
    match evaluated(file, text) {
        Ok(lg) => html::page(&lg, Some(served), lang),
        Err(e) => error_page(file, &located(&e, lang), lang),
    }
}

/// A sheet that cannot be read (edited by hand with a mistake): its errors, read again
/// every few seconds until it is mended.
pub fn error_page(file: &str, errors: &[String], lang: Lang) -> String {
    let items: String = errors
        .iter()
        .map(|e| format!("<li>{}</li>", esc(e)))
        .collect();
    let head = html::head(lang, &format!("{file} - doko"), "").replacen(
        "</head>",
        "<meta http-equiv=\"refresh\" content=\"3\">\n</head>",
        1,
    );
    format!(
        "{head}<body>\n<h1>{}</h1>\n<ul id=\"errors\">{items}</ul>\n<p>{}</p>\n</body>\n</html>\n",
        esc(&crate::tr!(lang, "page.unreadable", file = file)),
        esc(lang.t("page.mend"))
    )
}

/// The deal as the form shows it: names of contracts, calls and extras as doko writes
/// them (a hand-written `Fuchs` is the chip `fox`).
fn for_form(lg: &League, mut e: DealEntry) -> Result<DealEntry, Text> {
    if let Some(c) = &e.contract {
        e.contract = Some(c.parse::<crate::contract::Contract>()?.name().to_string());
    }
    for (party, calls) in [
        (crate::contract::Party::Re, &mut e.re_calls),
        (crate::contract::Party::Kontra, &mut e.kontra_calls),
    ] {
        if let Some(c) = calls.as_mut() {
            *c = crate::calls::PartyCalls::parse_cell(c, party)?.cell(party);
        }
    }
    for extras in [&mut e.re_extras, &mut e.kontra_extras] {
        if let Some(x) = extras.as_mut() {
            let list = Extra::parse_list([x.as_str()])?;
            if let Some(off) = list.iter().find(|x| lg.profile.extra_points(**x) == 0) {
                return Err(crate::msg!(
                    "error.extra_not_scored",
                    extra = off.name(),
                    profile = lg.profile.name
                ));
            }
            *x = list.iter().map(|x| x.name()).collect::<Vec<_>>().join(" ");
        }
    }
    Ok(e)
}

/// "solo-queens, Re Ben 185:55, Re won, value 5": deal `n` of the sheet.
fn deal_said(lg: &League, n: usize, lang: Lang) -> String {
    lg.rows.get(n.wrapping_sub(1)).map_or(String::new(), |r| {
        crate::render::league::deal_words(&lg.players, &r.result, lang)
    })
}

/// The answer to a change that was made: what `league add` (`undo`) says, the sheet's new
/// state and its text.
fn changed(made: Result<(String, String, League), FileError>, lang: Lang) -> Answer {
    match made {
        Ok((text, message, lg)) => Answer {
            page: Some(PageAnswer {
                state: Some(state_of(&lg, &text, lang)),
                ..PageAnswer::said(message)
            }),
            text: Some(text),
        },
        Err(e) => Answer::told(refused(&e, lang)),
    }
}

/// What the page is told of `call` on the sheet `file`, whose text is `text`.
pub fn answer(file: &str, text: &str, call: Call, lang: Lang) -> Answer {
    use crate::render::league::{added, penalized, standings_line, undone_line};
    match call {
        Call::State { since } => {
            let now = stamp(text.as_bytes());
            if since.as_deref() == Some(now.as_str()) {
                return Answer::default();
            }
            Answer::told(match evaluated(file, text) {
                Ok(lg) => PageAnswer {
                    ok: true,
                    state: Some(state_of(&lg, text, lang)),
                    ..PageAnswer::default()
                },
                Err(e) => PageAnswer {
                    stamp: Some(now),
                    ..refused(&e, lang)
                },
            })
        }
        Call::Deal(number) => {
            let entry = evaluated(file, text).and_then(|lg| {
                let entry = file::deal_entry_in(file, text, number)?;
                for_form(&lg, entry).map_err(|message| FileError::Refused {
                    file: file.to_string(),
                    message: crate::msg!("error.deal_message", deal = number, message = message),
                })
            });
            Answer::told(match entry {
                Ok(e) => PageAnswer {
                    ok: true,
                    entry: Some(e),
                    ..PageAnswer::default()
                },
                Err(e) => refused(&e, lang),
            })
        }
        Call::Check(body) => Answer::told(check(file, text, body, lang)),
        Call::Add(entry) => changed(
            file::appended(file, text, entry.to_table(), &[])
                .map(|(text, lg)| (text, added(&lg, lang), lg)),
            lang,
        ),
        Call::Edit(number, entry) => changed(
            file::replaced(file, text, number, entry.to_table()).map(|(text, lg)| {
                let message = format!(
                    "{}: {}\n{}{}",
                    crate::tr!(lang, "page.saved", deal = number),
                    deal_said(&lg, number, lang),
                    standings_line(&lg, lang),
                    lg.next_line(lang)
                );
                (text, message, lg)
            }),
            lang,
        ),
        Call::Undo => changed(
            file::undone(file, text).map(|(text, removed, lg)| {
                let message = format!(
                    "{}\n{}{}",
                    undone_line(&lg, &removed, None, lang),
                    standings_line(&lg, lang),
                    lg.next_line(lang)
                );
                (text, message, lg)
            }),
            lang,
        ),
        Call::Penalty(entry) => {
            let note = entry
                .note
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty());
            changed(
                file::penalized(file, text, &entry.player, entry.points, note).map(|(text, lg)| {
                    let message = penalized(&lg, lang).trim_end().to_string();
                    (text, message, lg)
                }),
                lang,
            )
        }
        Call::Settle(ask) => Answer::told(money(file, text, &ask, lang)),
        Call::Close => changed(
            file::closed(file, text).map(|(text, lg)| {
                let message = format!("{}{}", standings_line(&lg, lang), lg.next_line(lang));
                (text, message, lg)
            }),
            lang,
        ),
    }
}

/// The sheet's money (`league settle` in the sheet's currency), or why there is none.
fn money(file: &str, text: &str, ask: &SettleAsk, lang: Lang) -> PageAnswer {
    let lg = match evaluated(file, text) {
        Ok(lg) => lg,
        Err(e) => return refused(&e, lang),
    };
    let most = crate::limits::MAX_CENTS_PER_POINT;
    if !(1..=most).contains(&ask.cents_per_point) {
        return PageAnswer::refused(vec![crate::tr!(
            lang,
            "cli.not_in_range",
            value = ask.cents_per_point,
            min = 1,
            max = most
        )]);
    }
    match crate::club::settle::settle(
        &lg.players,
        &lg.session.totals,
        ask.cents_per_point,
        ask.model,
    ) {
        Ok(s) => PageAnswer {
            ok: true,
            money: Some(html::money(&lg, &s, lang)),
            ..PageAnswer::default()
        },
        Err(e) => PageAnswer::refused(vec![e.render(lang)]),
    }
}

/// What the deal would be: the engine's verdict on the form as it stands, nothing written.
fn check(file: &str, text: &str, body: Checked, lang: Lang) -> PageAnswer {
    if body.entry.lacks_re() {
        return PageAnswer {
            hint: Some(lang.t("page.tap_re_first").to_string()),
            ..PageAnswer::default()
        };
    }
    let table = body.entry.to_table();
    let after = match body.edit {
        Some(n) => file::replaced(file, text, n, table).map(|(_, lg)| (lg, n)),
        None => file::appended(file, text, table, &[]).map(|(_, lg)| {
            let n = lg.rows.len();
            (lg, n)
        }),
    };
    match after {
        Ok((lg, n)) => PageAnswer::said(format!(
            "{}: {}",
            crate::tr!(lang, "error.deal", deal = n),
            deal_said(&lg, n, lang)
        )),
        Err(e) => refused(&e, lang),
    }
}

/// The text of a new sheet `file` (its stem is the sheet's name) for `players` under the
/// profile `variant`, of `deals` deals (else the profile's), checked as `league new` checks
/// it; a refusal says which field, in `lang`.
pub fn new_sheet(
    file: &str,
    players: &[String],
    variant: &str,
    deals: Option<u16>,
    lang: Lang,
) -> Result<String, SheetRefusal> {
    let profile = crate::variant::Profile::load(variant, &[]).map_err(|e| SheetRefusal {
        field: None,
        message: e.render(lang),
    })?;
    let plan = file::plan(file, &profile, variant, players, deals, None, None).map_err(|e| {
        SheetRefusal {
            field: Some(e.field.to_string()),
            message: e.message.render(lang),
        }
    })?;
    let text = file::new_text(&plan.sheet(&[]));
    evaluated(file, &text).map_err(|e| SheetRefusal {
        field: None,
        message: located(&e, lang).join("\n"),
    })?;
    Ok(text)
}

/// Why [`new_sheet`] refuses a sheet, in the language asked: the field at fault where one
/// is (`players`, `deals` ...), and the words. Shown as `field: words`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetRefusal {
    /// The field at fault, where one is.
    pub field: Option<String>,
    /// What is wrong, in the language asked.
    pub message: String,
}

impl std::fmt::Display for SheetRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SheetRefusal {}
