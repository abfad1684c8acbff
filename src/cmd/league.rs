//! `doko league new | add | show | undo`: a league sheet that never loses an entry. The
//! file is read, locked, checked and written by the library ([`doko::league::file`]).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use doko::deal::RecordError;
use doko::league::{self, file};

use crate::cli::{
    DealFlags, LeagueAddArgs, LeagueCommand, LeagueEditArgs, LeagueShowFormat as ShowFormat,
};
use doko::render::league as render;

/// The sheet a command works on: its argument, else `DOKO_LEAGUE`; without either a usage
/// error that names both.
pub(crate) fn sheet_arg(file: &Option<String>) -> Result<&str> {
    file.as_deref()
        .filter(|f| !f.is_empty())
        .ok_or_else(|| crate::usage(crate::lang().t("league.no_sheet")))
}

pub fn run(cmd: &LeagueCommand) -> Result<ExitCode> {
    match cmd {
        LeagueCommand::New {
            file,
            players,
            variant,
            deals,
            dealer,
            name,
            minutes,
            sets,
        } => {
            let mut sets = sets.clone();
            if let Some(m) = minutes {
                sets.push(("league.minutes".to_string(), m.to_string()));
            }
            new(
                file,
                players,
                variant,
                &sets,
                *deals,
                dealer.as_deref(),
                name.as_deref(),
            )
        }
        LeagueCommand::Close { file } => close(sheet_arg(file)?),
        LeagueCommand::Add(args) => add(args),
        LeagueCommand::Edit(args) => edit(args),
        LeagueCommand::Show {
            file,
            format,
            print,
        } => show(sheet_arg(file)?, *format, *print),
        LeagueCommand::Undo { file } => undo(sheet_arg(file)?),
        LeagueCommand::Penalty { args, points, note } => {
            let (file, player) = match args.as_slice() {
                [file, player] => (Some(file.clone()), player),
                [player] => (std::env::var("DOKO_LEAGUE").ok(), player),
                _ => return Err(crate::usage(crate::lang().t("league.no_sheet"))),
            };
            penalty(sheet_arg(&file)?, player, *points, note.as_deref())
        }
        LeagueCommand::Settle {
            file,
            cents_per_point,
            currency,
            model,
            format,
        } => {
            // `-c` (cents) clashes with `league add -c` (Re's calls): it still works for
            // this release, with a note.
            let args: Vec<String> = std::env::args().collect();
            let after = args.iter().skip_while(|a| *a != "settle").skip(1);
            if after
                .take_while(|a| *a != "--")
                .any(|a| a.starts_with("-c") && !a.starts_with("--"))
            {
                eprintln!(
                    "{}",
                    crate::note_line(crate::lang().t("league.settle_short_c"))
                );
            }
            settle(
                sheet_arg(file)?,
                *cents_per_point,
                *currency,
                *model,
                *format,
            )
        }
    }
}

fn new(
    file: &str,
    players: &[String],
    variant: &str,
    sets: &[(String, String)],
    deals: Option<u16>,
    dealer: Option<&str>,
    name: Option<&str>,
) -> Result<ExitCode> {
    let profile = crate::flag_profile(variant, sets)?;
    let plan = file::plan(file, &profile, variant, players, deals, dealer, name).map_err(|e| {
        crate::usage(format!(
            "--{}: {}",
            e.field,
            e.message.render(crate::lang())
        ))
    })?;
    let (sheet, deals) = (plan.sheet(sets), plan.deals);
    // Checked before it is written; never over an existing file (an evening's sheet).
    let lg = file::create(file, &sheet).map_err(file_error)?;
    let lang = crate::lang();
    let line = doko::tr!(
        lang,
        "league.new",
        file = file,
        deals = deals,
        profile = lg.profile.name
    );
    crate::emit_text(&format!("{line}\n{}\n", lg.next_line(lang)))?;
    Ok(ExitCode::SUCCESS)
}

/// How long to wait for another `doko` that holds the sheet's lock: `DOKO_LOCK_WAIT`
/// seconds, else [`file::LOCK_PATIENCE`].
pub(crate) fn patience() -> std::time::Duration {
    std::env::var("DOKO_LOCK_WAIT")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map_or(file::LOCK_PATIENCE, std::time::Duration::from_secs)
}

/// Tells the user that another `doko` holds the sheet's (or tournament's) lock.
pub(crate) fn waiting(holder: &str) {
    let line = doko::tr!(
        crate::lang(),
        "league.waiting",
        holder = file::holder_text(holder),
        seconds = patience().as_secs()
    );
    eprintln!("{}", crate::note_line(&line));
}

/// A library error about the sheet, every sheet error printed.
pub(crate) fn file_error(e: file::FileError) -> anyhow::Error {
    match e {
        file::FileError::Invalid(errors) | file::FileError::Refusing(errors) => report(errors),
        e => anyhow::Error::new(e),
    }
}

/// Prints every error of a sheet and turns them into one.
pub(crate) fn report(errors: Vec<RecordError>) -> anyhow::Error {
    let n = errors.len();
    let lang = crate::lang();
    if n > 1 {
        // In the sheet's order, the first mistake first; then how many.
        let mut err = std::io::stderr().lock();
        for e in &errors {
            let _ = writeln!(err, "{}", crate::error_line(&e.render(lang)));
        }
        return anyhow::anyhow!("{}", doko::tr!(lang, "league.errors_count", count = n));
    }
    match errors.into_iter().next() {
        Some(first) => anyhow::Error::new(first),
        None => anyhow::anyhow!("{}", crate::lang().t("error.invalid_sheet")),
    }
}

/// The deal of `league add` as its flags give it.
fn entry(args: &DealFlags) -> file::DealEntry {
    file::DealEntry {
        contract: args.game.clone(),
        compulsory: args.compulsory.unwrap_or(false),
        re: args.re.clone(),
        re_points: args.re_points,
        kontra_points: args.kontra_points,
        re_calls: args.re_calls.clone(),
        kontra_calls: args.kontra_calls.clone(),
        re_extras: args.re_extras.clone(),
        kontra_extras: args.kontra_extras.clone(),
        re_tricks: args.re_tricks,
        kontra_tricks: args.kontra_tricks,
        knock: args.knock.clone(),
        note: args.note.clone(),
    }
}

fn add(add: &LeagueAddArgs) -> Result<ExitCode> {
    let file = sheet_arg(&add.file)?;
    let args = &add.deal;
    let deal = match &args.record {
        Some(path) => file::deal_of_record(path).map_err(file_error)?,
        None => {
            let entry = entry(args);
            if entry.lacks_re() {
                return Err(crate::usage(crate::lang().t("error.re_needed")));
            }
            entry.to_table()
        }
    };
    let after = match file::append(file, deal, &add.sets, patience(), &mut waiting) {
        Err(file::FileError::Invalid(errors)) => {
            return Err(report(errors).context(doko::tr!(
                crate::lang(),
                "error.fix_before_adding",
                file = file
            )));
        }
        other => other.map_err(file_error)?,
    };
    crate::emit_text(&render::added(&after, crate::lang()))?;
    Ok(ExitCode::SUCCESS)
}

/// The deal as entered with the flags given laid over it: a flag given replaces its field
/// (an empty text clears it), the others stay.
fn overlaid(mut e: file::DealEntry, args: &DealFlags) -> file::DealEntry {
    fn text(field: &mut Option<String>, given: &Option<String>) {
        if let Some(v) = given {
            *field = (!v.trim().is_empty()).then(|| v.clone());
        }
    }
    text(&mut e.contract, &args.game);
    text(&mut e.re_calls, &args.re_calls);
    text(&mut e.kontra_calls, &args.kontra_calls);
    text(&mut e.re_extras, &args.re_extras);
    text(&mut e.kontra_extras, &args.kontra_extras);
    text(&mut e.knock, &args.knock);
    text(&mut e.note, &args.note);
    if !args.re.is_empty() {
        e.re = args.re.clone();
    }
    // Re's or Kontra's eyes: the one given replaces whichever the deal wrote.
    if args.re_points.is_some() || args.kontra_points.is_some() {
        e.re_points = args.re_points;
        e.kontra_points = args.kontra_points;
    }
    if args.re_tricks.is_some() || args.kontra_tricks.is_some() {
        e.re_tricks = args.re_tricks;
        e.kontra_tricks = args.kontra_tricks;
    }
    if let Some(c) = args.compulsory {
        e.compulsory = c;
    }
    e
}

/// `league edit`: deal N changed as the flags say (or replaced by a record).
fn edit(args: &LeagueEditArgs) -> Result<ExitCode> {
    let lang = crate::lang();
    let (file, number) = match args.args.as_slice() {
        [file, n] => (Some(file.clone()), n),
        [n] => (std::env::var("DOKO_LEAGUE").ok(), n),
        _ => return Err(crate::usage(lang.t("league.no_sheet"))),
    };
    let file = sheet_arg(&file)?;
    let number: usize = number
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| crate::usage(doko::tr!(lang, "error.not_deal_number", word = number)))?;
    let flags = &args.deal;
    let after = match &flags.record {
        Some(path) => {
            let deal = file::deal_of_record(path).map_err(file_error)?;
            file::replace(file, number, deal, patience(), &mut waiting)
        }
        None => file::amend(
            file,
            number,
            &|e| overlaid(e, flags),
            patience(),
            &mut waiting,
        ),
    }
    .map_err(file_error)?;
    crate::emit_text(&render::edited(&after, number, lang))?;
    Ok(ExitCode::SUCCESS)
}

fn undo(file: &str) -> Result<ExitCode> {
    let (removed, lg) = file::undo(file, patience(), &mut waiting).map_err(file_error)?;
    let lang = crate::lang();
    let line = render::undone_line(&lg, &removed, Some(file), lang);
    crate::emit_text(&format!(
        "{line}\n{}{}\n",
        render::standings_line(&lg, lang),
        lg.next_line(lang)
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `league close`: the round ends; the solos still owed follow.
fn close(file: &str) -> Result<ExitCode> {
    let lg = file::close(file, patience(), &mut waiting).map_err(file_error)?;
    let lang = crate::lang();
    crate::emit_text(&format!(
        "{}{}\n",
        render::standings_line(&lg, lang),
        lg.next_line(lang)
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `league penalty`: a penalty after the last deal.
fn penalty(file: &str, player: &str, points: Option<u16>, note: Option<&str>) -> Result<ExitCode> {
    let lg = file::penalize(file, player, points, note, (patience(), &mut waiting))
        .map_err(file_error)?;
    crate::emit_text(&render::penalized(&lg, crate::lang()))?;
    Ok(ExitCode::SUCCESS)
}

fn show(file: &str, format: ShowFormat, print: bool) -> Result<ExitCode> {
    if print && format != ShowFormat::Html {
        return Err(crate::usage(crate::lang().t("league.print_html")));
    }
    let text = file::read(file).map_err(file_error)?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    let out = match format {
        ShowFormat::Table => render::show_text(&lg, false, crate::lang()),
        ShowFormat::Markdown => render::show_text(&lg, true, crate::lang()),
        ShowFormat::Json => {
            serde_json::to_string_pretty(&doko::render::LeagueReport::new(&lg))? + "\n"
        }
        ShowFormat::Csv => render::show_csv(&lg)?,
        ShowFormat::Paper => render::paper_csv(&lg)?,
        ShowFormat::Html if print => doko::render::list::print_page(&lg, crate::lang()),
        ShowFormat::Html => doko::render::html::league_page(&lg, crate::lang()),
    };
    if format == ShowFormat::Table {
        crate::emit_text(&out)?;
    } else {
        crate::emit(&out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `league settle`: the sheet's totals as money.
fn settle(
    file: &str,
    cents: i64,
    currency: Option<render::Currency>,
    model: crate::cli::SettleModel,
    format: crate::cli::Format,
) -> Result<ExitCode> {
    use doko::club::settle::{self, Model};
    let text = file::read(file).map_err(file_error)?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    // The flag's, else the sheet's profile's (with the sheet's own `set`).
    let currency = currency.unwrap_or(lg.profile.league.currency);
    let model = match model {
        crate::cli::SettleModel::Linear => Model::Linear,
        crate::cli::SettleModel::Leader => Model::Leader,
    };
    let s = settle::settle(&lg.players, &lg.session.totals, cents, model)?;
    let out = match format {
        crate::cli::Format::Json => serde_json::to_string_pretty(&s)? + "\n",
        crate::cli::Format::Csv => render::settle_csv(&lg, &s)?,
        crate::cli::Format::Table | crate::cli::Format::Markdown => render::settle_text(
            &lg,
            &s,
            currency,
            format == crate::cli::Format::Markdown,
            crate::lang(),
        ),
    };
    if format == crate::cli::Format::Table {
        crate::emit_text(&out)?;
    } else {
        crate::emit(&out)?;
    }
    Ok(ExitCode::SUCCESS)
}
