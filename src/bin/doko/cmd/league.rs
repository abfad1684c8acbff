//! `doko league new | add | show | undo`: a league sheet that never loses an entry. The
//! file is read, locked, checked and written by the library ([`doko::league::file`]).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use doko::deal::RecordError;
use doko::league::{self, League, file};
use doko::variant::Profile;

use crate::cli::{LeagueAddArgs, LeagueCommand, ShowFormat};
use doko::render::sheet::sheet_table;
use doko::render::{new_table, signed};

pub fn run(cmd: &LeagueCommand) -> Result<ExitCode> {
    match cmd {
        LeagueCommand::New {
            file,
            players,
            variant,
            deals,
            dealer,
            name,
            sets,
        } => new(
            file,
            players,
            variant,
            sets,
            *deals,
            dealer.as_deref(),
            name.as_deref(),
        ),
        LeagueCommand::Add(args) => add(args),
        LeagueCommand::Show { file, format } => show(file, *format),
        LeagueCommand::Undo { file } => undo(file),
        LeagueCommand::Settle {
            file,
            cents_per_point,
            model,
            format,
        } => settle(file, *cents_per_point, *model, *format),
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
    let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    doko::seating::check_table(&profile, players.len())
        .map_err(|e| crate::usage(format!("--players: {e}")))?;
    doko::deal::check_players(&players).map_err(|e| crate::usage(format!("--players: {e}")))?;
    let dealer = match dealer {
        Some(d) => players
            .iter()
            .find(|p| p.eq_ignore_ascii_case(d))
            .ok_or_else(|| crate::usage(format!("--dealer: `{d}` is not one of the players")))?
            .clone(),
        None => players[players.len() - 1].clone(),
    };
    let deals = deals.map_or(profile.league.deals as usize, |d| d as usize);
    if deals == 0 {
        return Err(crate::usage("--deals: a sheet needs at least one deal"));
    }
    let stem = Path::new(file)
        .file_stem()
        .map_or("league".into(), |s| s.to_string_lossy().into_owned());
    let variant = file::stored_variant(file, variant);
    let sheet = file::NewSheet {
        name: name.unwrap_or(&stem),
        variant: &variant,
        sets,
        players: &players,
        deals,
        dealer: &dealer,
    };
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
    crate::emit(&format!("{line}\n{}\n", lg.next_line(lang)))?;
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
        holder = holder,
        seconds = patience().as_secs()
    );
    eprintln!("doko: {line}");
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
    let mut err = std::io::stderr().lock();
    let lang = crate::lang();
    for e in errors.iter().skip(1) {
        let _ = writeln!(err, "{}", crate::error_line(&e.render(lang)));
    }
    match errors.into_iter().next() {
        Some(first) if n > 1 => anyhow::anyhow!(
            "{}",
            doko::tr!(lang, "league.errors", first = first.render(lang), count = n)
        ),
        Some(first) => anyhow::Error::new(first),
        None => anyhow::anyhow!("invalid sheet"),
    }
}

/// The deal of `league add`, from its flags or its `--record` file.
fn entry(args: &LeagueAddArgs) -> Result<toml_edit::Table> {
    if let Some(path) = &args.record {
        return file::deal_of_record(path).map_err(file_error);
    }
    Ok(file::DealEntry {
        contract: args.game.clone(),
        compulsory: args.compulsory,
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
    .to_table())
}

fn add(args: &LeagueAddArgs) -> Result<ExitCode> {
    let file = args.file.as_str();
    if args.record.is_none()
        && args.re.is_empty()
        && args
            .game
            .as_deref()
            .is_none_or(|g| !g.eq_ignore_ascii_case("redeal"))
    {
        return Err(crate::usage(
            "--re: name the players of the Re party (or give --record DEAL.toml)",
        ));
    }
    let deal = entry(args)?;
    let after = match file::append(file, deal, &args.sets, patience(), &mut waiting) {
        Err(file::FileError::Invalid(errors)) => {
            return Err(
                report(errors).context(format!("{file} has errors; fix them before adding"))
            );
        }
        other => other.map_err(file_error)?,
    };
    crate::emit(&added(&after)?)?;
    Ok(ExitCode::SUCCESS)
}

/// What `league add` says of the sheet's last deal: the deal, its note and the Bock it
/// started, then the standings and what comes next (the page shows the same).
pub(crate) fn added(after: &League) -> Result<String> {
    let row = after.rows.last().context("the new deal")?;
    let r = &row.result;
    let scores: Vec<String> = after
        .players
        .iter()
        .zip(&r.scores)
        .zip(&r.facts.roles)
        .filter(|(_, role)| **role != doko::deal::Role::Out)
        .map(|((p, s), _)| format!("{p} {}", signed(*s)))
        .collect();
    let lang = crate::lang();
    let times = if r.multiplier > 1 {
        format!(" x{}", r.multiplier)
    } else {
        String::new()
    };
    let mut out = doko::tr!(
        lang,
        "league.added",
        deal = after.rows.len(),
        deals = after.deals,
        winner = winner_of(r),
        value = r.value(),
        times = times,
        scores = scores.join(", ")
    );
    out.push('\n');
    if let Some(n) = &r.facts.note {
        out.push_str(&doko::tr!(lang, "league.note", note = n));
        out.push('\n');
    }
    if !r.bock_started.is_empty() {
        out.push_str(&format!("{}\n", bock_started(r, &after.profile)));
    }
    if after.is_complete() {
        out.push_str(&after.next_line(lang));
        out.push('\n');
        out.push_str(&final_ranking(after));
    } else {
        out.push_str(&standings_line(after));
        out.push_str(&after.next_line(lang));
        out.push('\n');
    }
    Ok(out)
}

fn undo(file: &str) -> Result<ExitCode> {
    let (removed, lg) = file::undo(file, patience(), &mut waiting).map_err(file_error)?;
    let what = removed.map_or(String::new(), |r| {
        format!(": {}", deal_words(&lg.players, &r.result))
    });
    let lang = crate::lang();
    let line = doko::tr!(
        lang,
        "league.removed",
        file = file,
        deal = lg.rows.len() + 1
    );
    crate::emit(&format!(
        "{line}{what}\n{}{}\n",
        standings_line(&lg),
        lg.next_line(lang)
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// "solo-queens, Re Ben 185:55, Re won, value 5 x2".
pub(crate) fn deal_words(players: &[String], r: &doko::scoring::DealResult) -> String {
    let lang = crate::lang();
    let re = doko::render::party_names(players, r, doko::contract::Party::Re).join(" ");
    let times = if r.multiplier > 1 {
        format!(" x{}", r.multiplier)
    } else {
        String::new()
    };
    doko::tr!(
        lang,
        "league.deal_words",
        contract = r.facts.contract.title(lang),
        re = re,
        eyes = format!("{}:{}", r.facts.re_eyes, r.facts.kontra_eyes),
        winner = winner_of(r),
        value = r.value(),
        times = times
    )
}

/// Who won a deal, in the run's language ("Re", "Kontra", "nobody").
fn winner_of(r: &doko::scoring::DealResult) -> String {
    match r.winner {
        Some(w) => doko::render::party_word(w, crate::lang()),
        None => crate::lang().t("league.nobody").to_string(),
    }
}

/// "standings: 1. Cara 33, 2. Anna 19, ..." (with a line end), empty before any deal.
pub(crate) fn standings_line(lg: &League) -> String {
    if lg.rows.is_empty() {
        return String::new();
    }
    ranking_line(crate::lang().t("league.standings"), lg)
}

/// "WHAT: 1. Cara 33, 2. Anna 19, ..." with a line end.
fn ranking_line(what: &str, lg: &League) -> String {
    let lines: Vec<String> = lg
        .standings()
        .iter()
        .map(|l| format!("{}. {} {}", l.rank, l.player, l.points))
        .collect();
    format!("{what}: {}\n", lines.join(", "))
}

/// "Bock: 120:120 and a lost solo start 2 rounds of 4 deals".
fn bock_started(r: &doko::scoring::DealResult, profile: &Profile) -> String {
    let lang = crate::lang();
    let why: Vec<&str> = r.bock_started.iter().map(|t| t.describe(lang)).collect();
    let (rounds, length) =
        doko::scoring::session::rounds_started(profile, why.len(), r.facts.roles.len());
    let why = why.join(lang.t("word.and"));
    match (why.len(), rounds) {
        _ if r.bock_started.len() == 1 && rounds == 1 => {
            doko::tr!(lang, "league.bock_one_round", why = why, deals = length)
        }
        _ if r.bock_started.len() == 1 => {
            doko::tr!(
                lang,
                "league.bock_rounds",
                why = why,
                rounds = rounds,
                deals = length
            )
        }
        _ if rounds == 1 => doko::tr!(
            lang,
            "league.bock_many_one_round",
            why = why,
            deals = length
        ),
        _ => doko::tr!(
            lang,
            "league.bock_many_rounds",
            why = why,
            rounds = rounds,
            deals = length
        ),
    }
}

fn final_ranking(lg: &League) -> String {
    ranking_line(crate::lang().t("league.final_ranking"), lg)
}

fn show(file: &str, format: ShowFormat) -> Result<ExitCode> {
    let text = file::read(file).map_err(file_error)?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    let out = match format {
        ShowFormat::Table => show_text(&lg, false),
        ShowFormat::Markdown => show_text(&lg, true),
        ShowFormat::Json => {
            serde_json::to_string_pretty(&doko::report::LeagueReport::new(&lg))? + "\n"
        }
        ShowFormat::Csv => show_csv(&lg)?,
        ShowFormat::Html => doko::render::html::league_page(&lg, crate::lang()),
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn show_text(lg: &League, markdown: bool) -> String {
    let lang = crate::lang();
    let title = doko::tr!(
        lang,
        "league.title",
        name = lg.name,
        profile = lg.profile.name,
        title = lg.profile.title,
        played = lg.rows.len(),
        deals = lg.deals
    );
    let mut out = format!("{}{title}\n\n", if markdown { "## " } else { "" });
    let mut t = new_table(markdown);
    t.set_header(
        [
            "table.rank",
            "table.player",
            "table.points",
            "table.won",
            "table.solos",
            "table.bock_points",
        ]
        .map(|k| lang.t(k)),
    );
    for l in lg.standings() {
        t.add_row(vec![
            l.rank.to_string(),
            l.player,
            l.points.to_string(),
            l.won.to_string(),
            l.solos.to_string(),
            l.bock_points.to_string(),
        ]);
    }
    out.push_str(&t.to_string());
    out.push_str("\n\n");
    if !lg.rows.is_empty() {
        let rows = sheet_rows(lg);
        out.push_str(
            &sheet_table(
                &lg.players,
                &rows,
                &lg.session.totals,
                markdown,
                crate::lang(),
            )
            .to_string(),
        );
        out.push_str("\n\n");
        let notes = doko::render::sheet::notes_lines(&rows, markdown, crate::lang());
        if !notes.is_empty() {
            out.push_str(&notes);
            out.push('\n');
        }
    }
    out.push_str(&lg.next_line(lang));
    out.push('\n');
    if lg.is_complete() {
        out.push_str(&final_ranking(lg));
    }
    out
}

/// Each deal of the sheet with its running totals and dealer, for the shared writers.
fn sheet_rows(lg: &League) -> Vec<(&doko::scoring::DealResult, &[i64], Option<&str>)> {
    lg.rows
        .iter()
        .map(|r| {
            (
                &r.result,
                r.totals.as_slice(),
                Some(lg.players[r.dealer].as_str()),
            )
        })
        .collect()
}

fn show_csv(lg: &League) -> Result<String> {
    let rows = sheet_rows(lg);
    Ok(doko::render::sheet::sheet_csv(&lg.players, &rows, false)?)
}

/// `league settle`: the sheet's totals as money.
fn settle(
    file: &str,
    cents: i64,
    model: crate::cli::SettleModel,
    format: crate::cli::Format,
) -> Result<ExitCode> {
    use doko::club::settle::{self, Model};
    let text = file::read(file).map_err(file_error)?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    let model = match model {
        crate::cli::SettleModel::Linear => Model::Linear,
        crate::cli::SettleModel::Leader => Model::Leader,
    };
    let s = settle::settle(&lg.players, &lg.session.totals, cents, model)?;
    let out = match format {
        crate::cli::Format::Json => serde_json::to_string_pretty(&s)? + "\n",
        crate::cli::Format::Csv => settle_csv(&lg, &s)?,
        crate::cli::Format::Table | crate::cli::Format::Markdown => {
            settle_text(&lg, &s, format == crate::cli::Format::Markdown)
        }
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Balances, then transfers, as two tables.
fn settle_text(lg: &League, s: &doko::club::settle::Settlement, markdown: bool) -> String {
    let style = if markdown {
        comfy_table::presets::ASCII_MARKDOWN
    } else {
        comfy_table::presets::UTF8_FULL_CONDENSED
    };
    let lang = crate::lang();
    let mut out = doko::tr!(
        lang,
        "settle.title",
        name = lg.name,
        cents = s.cents_per_point,
        model = s.model.key(),
        played = lg.rows.len(),
        deals = lg.deals
    );
    out.push_str("\n\n");
    let mut t = doko::render::table();
    t.load_style(style);
    t.set_header(["table.player", "table.points", "settle.balance"].map(|k| lang.t(k)));
    for ((player, balance), points) in s.balances.0.iter().zip(&lg.session.totals) {
        t.add_row(vec![player.clone(), points.to_string(), signed(*balance)]);
    }
    out.push_str(&t.to_string());
    out.push_str("\n\n");
    if s.transfers.is_empty() {
        out.push_str(lang.t("settle.nobody_pays"));
        out.push('\n');
        return out;
    }
    let mut t = doko::render::table();
    t.load_style(style);
    t.set_header(["settle.from", "settle.to", "settle.cents"].map(|k| lang.t(k)));
    for tr in &s.transfers {
        t.add_row(vec![
            tr.from.clone(),
            tr.to.clone(),
            tr.amount_cents.to_string(),
        ]);
    }
    out.push_str(&t.to_string());
    out.push('\n');
    out
}

/// `player,points,balance_cents` rows, a blank line, then `from,to,amount_cents` rows.
fn settle_csv(lg: &League, s: &doko::club::settle::Settlement) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["player", "points", "balance_cents"])?;
    for ((player, balance), points) in s.balances.0.iter().zip(&lg.session.totals) {
        w.write_record([player.clone(), points.to_string(), balance.to_string()])?;
    }
    let mut out = String::from_utf8(w.into_inner()?)?;
    out.push('\n');
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["from", "to", "amount_cents"])?;
    for tr in &s.transfers {
        w.write_record([tr.from.clone(), tr.to.clone(), tr.amount_cents.to_string()])?;
    }
    out.push_str(&String::from_utf8(w.into_inner()?)?);
    Ok(out)
}
