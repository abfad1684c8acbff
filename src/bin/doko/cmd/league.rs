//! `doko league new | add | show | undo`: a league sheet that never loses an entry.
//!
//! Writes hold an advisory lock on `FILE.lock` (so two `add`s run one after the other),
//! build the whole new file in memory, check it as a sheet, and only then replace the file
//! by a temporary file and a rename. A refused `add` leaves the file as it was, byte for byte.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use doko::deal::RecordError;
use doko::league::{self, League};
use doko::variant::Profile;
use serde_json::{Value, json};

use crate::cli::{LeagueAddArgs, LeagueCommand, ShowFormat};
use crate::output::{deal_json, new_table, sheet_table, signed};

pub fn run(cmd: &LeagueCommand) -> Result<ExitCode> {
    match cmd {
        LeagueCommand::New {
            file,
            players,
            variant,
            deals,
            dealer,
            name,
        } => new(
            file,
            players,
            variant,
            *deals,
            dealer.as_deref(),
            name.as_deref(),
        ),
        LeagueCommand::Add(args) => add(args),
        LeagueCommand::Show { file, format } => show(file, *format),
        LeagueCommand::Undo { file } => undo(file),
    }
}

fn new(
    file: &str,
    players: &[String],
    variant: &str,
    deals: Option<u16>,
    dealer: Option<&str>,
    name: Option<&str>,
) -> Result<ExitCode> {
    let profile = Profile::load(variant, &[])?;
    let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    let n = profile.deck.players as usize;
    if players.len() != n && players.len() != n + 1 {
        bail!(
            "--players: {} players; profile {} needs {n}, or {} with the dealer sitting out",
            players.len(),
            profile.name,
            n + 1
        );
    }
    for (i, p) in players.iter().enumerate() {
        if p.is_empty() || players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            bail!("--players: `{p}` is empty or named twice");
        }
    }
    let dealer = match dealer {
        Some(d) => players
            .iter()
            .find(|p| p.eq_ignore_ascii_case(d))
            .with_context(|| format!("--dealer: `{d}` is not one of the players"))?
            .clone(),
        None => players[players.len() - 1].clone(),
    };
    let deals = deals.map_or(profile.league.deals as usize, |d| d as usize);
    if deals == 0 {
        bail!("--deals: a sheet needs at least one deal");
    }
    let stem = Path::new(file)
        .file_stem()
        .map_or("league".into(), |s| s.to_string_lossy().into_owned());
    let text = league::new_file(name.unwrap_or(&stem), &players, variant, deals, &dealer);
    // Never overwrite: a league sheet is somebody's evening.
    let mut f = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .with_context(|| format!("{file}: cannot create the sheet (does it exist already?)"))?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    crate::emit(&format!(
        "{file}: new sheet of {deals} deals under {}\n{}\n",
        lg.profile.name,
        lg.next_line()
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// Holds the advisory lock of a league file while it lives.
struct Lock(#[allow(dead_code)] File);

fn lock(file: &str) -> Result<Lock> {
    let path = format!("{file}.lock");
    let f = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("{path}: cannot open the lock file"))?;
    f.lock().with_context(|| format!("{path}: cannot lock"))?;
    Ok(Lock(f))
}

fn read(file: &str) -> Result<String> {
    let bytes = std::fs::read(file).with_context(|| format!("{file}: cannot read"))?;
    Ok(doko::deal::decode(file, bytes)?)
}

/// Replaces `file` by `text`: a temporary file in the same folder, synced, then renamed.
fn write_atomically(file: &str, text: &str) -> Result<()> {
    let path = Path::new(file);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or("league".into(), |n| n.to_string_lossy().into_owned());
    let tmp: PathBuf = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("{file}: cannot write"));
    }
    Ok(())
}

/// Prints every error of a sheet and turns them into one.
fn report(errors: Vec<RecordError>) -> anyhow::Error {
    let n = errors.len();
    let mut err = std::io::stderr().lock();
    for e in errors.iter().skip(1) {
        let _ = writeln!(err, "doko: error: {e}");
    }
    match errors.into_iter().next() {
        Some(first) if n > 1 => anyhow::anyhow!("{first} ({n} errors)"),
        Some(first) => anyhow::Error::new(first),
        None => anyhow::anyhow!("invalid sheet"),
    }
}

/// A TOML string literal.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn list(words: &[String]) -> String {
    format!(
        "[{}]",
        words
            .iter()
            .map(|w| quoted(w))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn words(s: &str) -> Vec<String> {
    s.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// The `[[deal]]` block for the flags of `league add`.
fn deal_block(args: &LeagueAddArgs, lg: &League) -> Result<String> {
    let n = lg.rows.len() + 1;
    let next = &lg.next;
    let mut head = format!("[[deal]]  # {n}: {} deals", lg.players[next.dealer]);
    if let Some(o) = next.sits_out {
        head.push_str(&format!(", {} sits out", lg.players[o]));
    }
    if next.multiplier > 1 {
        head.push_str(&format!(", Bock x{}", next.multiplier));
    }
    let mut b = vec![head];
    if let Some(path) = &args.record {
        return record_block(path, b.remove(0));
    }
    if let Some(g) = &args.game {
        b.push(format!("contract = {}", quoted(g)));
    }
    if args.compulsory {
        b.push("compulsory = true".into());
    }
    b.push(format!(
        "re = {}",
        list(
            &args
                .re
                .iter()
                .map(|r| r.trim().to_string())
                .collect::<Vec<_>>()
        )
    ));
    if let Some(p) = args.re_points {
        b.push(format!("re_points = {p}"));
    }
    if let Some(p) = args.kontra_points {
        b.push(format!("kontra_points = {p}"));
    }
    for (key, v) in [
        ("re_calls", &args.re_calls),
        ("kontra_calls", &args.kontra_calls),
    ] {
        if let Some(v) = v {
            b.push(format!("{key} = {}", quoted(v)));
        }
    }
    for (key, v) in [
        ("re_extras", &args.re_extras),
        ("kontra_extras", &args.kontra_extras),
    ] {
        if let Some(v) = v {
            b.push(format!("{key} = {}", list(&words(v))));
        }
    }
    for (key, v) in [
        ("re_tricks", args.re_tricks),
        ("kontra_tricks", args.kontra_tricks),
    ] {
        if let Some(v) = v {
            b.push(format!("{key} = {v}"));
        }
    }
    if let Some(k) = &args.knock {
        b.push(format!("knock = {}", quoted(k)));
    }
    if let Some(note) = &args.note {
        b.push(format!("note = {}", quoted(note)));
    }
    Ok(b.join("\n") + "\n")
}

/// The `[[deal]]` block of `--record DEAL.toml`: a file with one `[[deal]]`, or the keys of a
/// deal at its top.
fn record_block(path: &str, head: String) -> Result<String> {
    let text = read(path)?;
    let mut table: toml::Table = toml::from_str(&text).map_err(|e| {
        let line = e
            .span()
            .map_or(1, |s| doko::variant::line_of(&text, s.start));
        anyhow::anyhow!("{path}:{line}: {}", e.message().trim())
    })?;
    let deal = match table.remove("deal") {
        Some(toml::Value::Array(mut deals)) if deals.len() == 1 => match deals.remove(0) {
            toml::Value::Table(t) => t,
            _ => bail!("{path}: `deal` must be a table"),
        },
        Some(toml::Value::Array(deals)) => {
            bail!("{path}: {} deals; --record takes one", deals.len())
        }
        Some(_) => bail!("{path}: `deal` must be a [[deal]] table"),
        None => {
            table.remove("players");
            table.remove("variant");
            table
        }
    };
    let mut wrapper = toml::Table::new();
    wrapper.insert(
        "deal".into(),
        toml::Value::Array(vec![toml::Value::Table(deal)]),
    );
    let body = toml::to_string(&wrapper)?;
    // toml writes the header as `[[deal]]`; keep ours, which says who deals.
    Ok(body.replacen("[[deal]]", &head, 1))
}

fn add(args: &LeagueAddArgs) -> Result<ExitCode> {
    let file = args.file.as_str();
    let _lock = lock(file)?;
    let old = read(file)?;
    let lg = league::evaluate(file, &old, None)
        .map_err(|e| report(e).context(format!("{file} has errors; fix them before adding")))?;
    if lg.is_complete() {
        bail!(
            "{file}: {}; start a new one with `doko league new`",
            lg.next_line()
        );
    }
    if args.record.is_none()
        && args.re.is_empty()
        && args
            .game
            .as_deref()
            .is_none_or(|g| !g.eq_ignore_ascii_case("redeal"))
    {
        bail!("--re: name the players of the Re party (or give --record DEAL.toml)");
    }
    let block = deal_block(args, &lg)?;
    let mut text = old.clone();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&block);
    let after = league::evaluate(file, &text, None).map_err(report)?;
    write_atomically(file, &text)?;
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
    let winner = r.winner.map_or("nobody".to_string(), |w| w.to_string());
    let mut out = format!(
        "deal {} of {}: {} won, value {}{}: {}\n",
        after.rows.len(),
        after.deals,
        winner,
        r.value(),
        if r.multiplier > 1 {
            format!(" x{}", r.multiplier)
        } else {
            String::new()
        },
        scores.join(", ")
    );
    if !r.bock_started.is_empty() {
        out.push_str(&format!("Bock: {} starts a round\n", r.bock_started.len()));
    }
    out.push_str(&after.next_line());
    out.push('\n');
    if after.is_complete() {
        out.push_str(&final_ranking(&after));
    }
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn undo(file: &str) -> Result<ExitCode> {
    let _lock = lock(file)?;
    let old = read(file)?;
    let Some(start) = league::last_deal_start(&old) else {
        bail!("{file}: no deal to undo");
    };
    let mut text = old[..start].to_string();
    // `add` put one blank line before the deal; take it away too.
    if text.ends_with("\n\n") {
        text.pop();
    }
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    write_atomically(file, &text)?;
    crate::emit(&format!(
        "{file}: removed deal {}\n{}\n",
        lg.rows.len() + 1,
        lg.next_line()
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn final_ranking(lg: &League) -> String {
    let lines: Vec<String> = lg
        .standings()
        .iter()
        .map(|l| format!("{}. {} {}", l.rank, l.player, l.points))
        .collect();
    format!("final ranking: {}\n", lines.join(", "))
}

fn show(file: &str, format: ShowFormat) -> Result<ExitCode> {
    let text = read(file)?;
    let lg = league::evaluate(file, &text, None).map_err(report)?;
    let out = match format {
        ShowFormat::Table => show_text(&lg, false),
        ShowFormat::Markdown => show_text(&lg, true),
        ShowFormat::Json => serde_json::to_string_pretty(&show_json(&lg))? + "\n",
        ShowFormat::Csv => show_csv(&lg)?,
        ShowFormat::Html => crate::html::league_page(&lg),
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn show_text(lg: &League, markdown: bool) -> String {
    let mut out = format!(
        "{}{} ({}: {}), {} of {} deals\n\n",
        if markdown { "## " } else { "" },
        lg.name,
        lg.profile.name,
        lg.profile.title,
        lg.rows.len(),
        lg.deals
    );
    let mut t = new_table(markdown);
    t.set_header(vec![
        "Rank",
        "Player",
        "Points",
        "Won",
        "Solos",
        "Bock points",
    ]);
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
        out.push_str(&sheet_table(&lg.players, &rows, &lg.session.totals, markdown).to_string());
        out.push_str("\n\n");
    }
    out.push_str(&lg.next_line());
    out.push('\n');
    if lg.is_complete() {
        out.push_str(&final_ranking(lg));
    }
    out
}

fn show_json(lg: &League) -> Value {
    let sheet: Vec<Value> = lg
        .rows
        .iter()
        .map(|r| {
            let mut o = deal_json(&lg.players, &r.result, &r.totals, false);
            o["dealer"] = json!(lg.players[r.dealer]);
            o
        })
        .collect();
    let standings: Vec<Value> = lg
        .standings()
        .into_iter()
        .map(|l| json!({"rank": l.rank, "player": l.player, "points": l.points, "won": l.won, "solos": l.solos, "bock_points": l.bock_points}))
        .collect();
    let n = &lg.next;
    let next = if lg.is_complete() {
        Value::Null
    } else {
        let mut owing: Vec<&str> = n.owing.iter().map(|&i| lg.players[i].as_str()).collect();
        owing.dedup();
        json!({
            "dealer": lg.players[n.dealer],
            "sits_out": n.sits_out.map(|i| lg.players[i].clone()),
            "multiplier": n.multiplier,
            "bock_deals_left": n.bock_left,
            "owe_solo": owing,
            "only_compulsory_solos": n.forced,
            "deals_left": n.deals_left,
        })
    };
    let totals: serde_json::Map<String, Value> = lg
        .players
        .iter()
        .zip(&lg.session.totals)
        .map(|(p, t)| (p.clone(), json!(t)))
        .collect();
    json!({
        "name": lg.name,
        "variant": lg.profile.name,
        "players": lg.players,
        "deals": lg.deals,
        "played": lg.rows.len(),
        "complete": lg.is_complete(),
        "ended_after": lg.ended_after,
        "leaders": lg.leaders(),
        "standings": standings,
        "sheet": sheet,
        "totals": totals,
        "next": next,
    })
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
    crate::output::sheet_csv(&lg.players, &rows, false)
}
