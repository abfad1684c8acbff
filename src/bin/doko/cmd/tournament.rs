//! `doko tournament new/draw/show`: the library's tournament, rendered.

use std::process::ExitCode;

use anyhow::{Context, Result};
use comfy_table::presets;
use doko::club::tournament::{self, Ranking, Round, Standings, Tournament};

use crate::cli::{PlanFormat, RankingArg, ShowFormat, TournamentCommand};
use crate::html::esc;

pub fn run(cmd: &TournamentCommand) -> Result<ExitCode> {
    match cmd {
        TournamentCommand::New {
            file,
            players,
            players_file,
            rounds,
            deals,
            variant,
            ranking,
            seed,
            name,
            sets,
        } => {
            let players = match players_file {
                Some(f) => read_players(f)?,
                None => players.iter().map(|p| p.trim().to_string()).collect(),
            };
            let ranking = match ranking {
                RankingArg::Sum => Ranking::Sum,
                RankingArg::Average => Ranking::Average,
                RankingArg::Placement => Ranking::Placement,
            };
            let t = tournament::create(
                file,
                &tournament::NewTournament {
                    name: name.as_deref().unwrap_or(""),
                    variant,
                    sets,
                    players: &players,
                    rounds: *rounds,
                    deals: *deals,
                    ranking,
                    seed: *seed,
                },
            )?;
            let sizes = doko::club::draw::table_sizes(t.players.len()).unwrap_or_default();
            crate::emit(&format!(
                "{file}: new tournament of {} players, {} round{} at {} table{} ({}), ranked by {}\nnext: `doko tournament draw {file}`\n",
                t.players.len(),
                t.rounds,
                if t.rounds == 1 { "" } else { "s" },
                sizes.len(),
                if sizes.len() == 1 { "" } else { "s" },
                table_words(&sizes),
                t.ranking.key()
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::Draw { file, format } => {
            let (t, round) =
                tournament::draw_round(file, doko::league::file::LOCK_PATIENCE, &mut |holder| {
                    eprintln!("doko: waiting for the lock held by {holder}")
                })?;
            let out = match format {
                PlanFormat::Json => {
                    serde_json::to_string_pretty(&tournament::Drawn {
                        round: round.number,
                        tables: &round.tables,
                        repeated_pairings: t.repeated_pairings(),
                    })? + "\n"
                }
                PlanFormat::Table => plan_text(&t, &round),
                PlanFormat::Html => plan_page(&t, &round),
            };
            crate::emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::Show { file, format } => {
            let t = Tournament::read(file)?;
            let s = tournament::standings(&t);
            let out = match format {
                ShowFormat::Json => serde_json::to_string_pretty(&s)? + "\n",
                ShowFormat::Csv => standings_csv(&s)?,
                ShowFormat::Table => standings_text(&s, false),
                ShowFormat::Markdown => standings_text(&s, true),
                ShowFormat::Html => standings_page(&s),
            };
            crate::emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// One player per line; blank lines and `#` comments skipped.
fn read_players(file: &str) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(file).with_context(|| format!("{file}: cannot read"))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

/// "3 of four, 1 of five".
fn table_words(sizes: &[usize]) -> String {
    let fours = sizes.iter().filter(|&&s| s == 4).count();
    let fives = sizes.len() - fours;
    match (fours, fives) {
        (f, 0) => format!("{f} of four"),
        (0, f) => format!("{f} of five"),
        (a, b) => format!("{a} of four, {b} of five"),
    }
}

fn plan_text(t: &Tournament, round: &Round) -> String {
    let mut out = format!(
        "{}: round {} of {}; repeated pairings so far: {}\n",
        t.name,
        round.number,
        t.rounds,
        t.repeated_pairings()
    );
    let mut table = crate::output::table();
    table.load_style(presets::UTF8_FULL_CONDENSED);
    table.set_header(vec!["Table", "Players", "Sheet"]);
    for seat in &round.tables {
        table.add_row(vec![
            seat.table.to_string(),
            seat.players.join(", "),
            seat.file.clone(),
        ]);
    }
    out.push_str(&table.to_string());
    out.push('\n');
    out
}

/// A page's head: A4 when printed, readable on a screen or a projector.
fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{PRINT_CSS}\n</style>\n</head>\n<body>\n",
        esc(title)
    )
}

const PRINT_CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.6rem;margin:.2rem 0}.sub{color:#555;margin:.2rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:1rem}th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#eee}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.plan td.table{font-size:1.6rem;font-weight:700;text-align:center;width:4rem}.plan td.players{font-size:1.2rem}
.unfinished{color:#a40}.note{color:#555;font-size:.9rem}
@page{size:A4;margin:14mm}
@media print{body{margin:0;max-width:none;padding:0}tr{break-inside:avoid}h1{font-size:18pt}}";

fn plan_page(t: &Tournament, round: &Round) -> String {
    let mut h = head(&format!("{} - round {}", t.name, round.number));
    h.push_str(&format!(
        "<h1>{} &middot; round {} of {}</h1>\n<p class=\"sub\">{} players at {} tables</p>\n<table class=\"plan\">\n<tr><th>Table</th><th>Players</th><th>Sheet</th></tr>\n",
        esc(&t.name),
        round.number,
        t.rounds,
        t.players.len(),
        round.tables.len()
    ));
    for seat in &round.tables {
        h.push_str(&format!(
            "<tr><td class=\"table\">{}</td><td class=\"players\">{}</td><td>{}</td></tr>\n",
            seat.table,
            esc(&seat.players.join(", ")),
            esc(&seat.file)
        ));
    }
    h.push_str("</table>\n</body>\n</html>\n");
    h
}

/// "+12", "-3*" (the star: the table is not finished), "" where she did not sit.
fn round_cell(s: &Standings, player: &str, r: usize, points: Option<i64>) -> String {
    let Some(p) = points else {
        return String::new();
    };
    let open = s
        .tables
        .iter()
        .any(|t| t.round as usize == r + 1 && !t.complete && t.players.iter().any(|q| q == player));
    format!("{}{}", p, if open { "*" } else { "" })
}

fn header(s: &Standings) -> Vec<String> {
    let mut h = vec!["Rank".to_string(), "Player".into()];
    h.extend((1..=s.drawn).map(|r| format!("R{r}")));
    h.extend(["Total", "Average", "Placement", "Solos won"].map(String::from));
    h
}

fn row(s: &Standings, l: &tournament::PlayerLine) -> Vec<String> {
    let mut row = vec![l.rank.to_string(), l.player.clone()];
    row.extend(
        l.round_points
            .iter()
            .enumerate()
            .map(|(r, p)| round_cell(s, &l.player, r, *p)),
    );
    row.extend([
        l.total.to_string(),
        format!("{:.2}", l.average),
        l.placement.to_string(),
        l.solos_won.to_string(),
    ]);
    row
}

/// The tables still playing, or whose sheets cannot be read.
fn open_tables(s: &Standings) -> Vec<String> {
    s.tables
        .iter()
        .filter(|t| !t.complete)
        .map(|t| match t.errors.first() {
            Some(e) => format!("round {} table {}: {e}", t.round, t.table),
            None => format!(
                "round {} table {} ({}): {} of {} deals",
                t.round, t.table, t.file, t.played, t.deals
            ),
        })
        .collect()
}

fn title_line(s: &Standings) -> String {
    format!(
        "{}: {} of {} rounds drawn, ranked by {} (then {}, then solos won); repeated pairings: {}",
        s.name,
        s.drawn,
        s.rounds,
        s.ranking.key(),
        Ranking::ALL
            .iter()
            .filter(|&&k| k != s.ranking)
            .map(|k| k.key())
            .collect::<Vec<_>>()
            .join(", "),
        s.repeated_pairings
    )
}

fn standings_text(s: &Standings, markdown: bool) -> String {
    let mut out = title_line(s);
    out.push_str("\n\n");
    let mut t = crate::output::table();
    t.load_style(if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    });
    t.set_header(header(s));
    for l in &s.players {
        t.add_row(row(s, l));
    }
    out.push_str(&t.to_string());
    out.push('\n');
    let open = open_tables(s);
    if !open.is_empty() {
        out.push_str("\n* not finished:\n");
        for o in open {
            out.push_str(&format!("  {o}\n"));
        }
    }
    out
}

fn standings_csv(s: &Standings) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut h: Vec<String> = vec!["rank".into(), "player".into()];
    h.extend((1..=s.drawn).map(|r| format!("round_{r}")));
    h.extend(["total", "average", "placement", "solos_won", "unfinished"].map(String::from));
    w.write_record(&h)?;
    for l in &s.players {
        let mut r = vec![l.rank.to_string(), l.player.clone()];
        r.extend(
            l.round_points
                .iter()
                .map(|p| p.map_or(String::new(), |p| p.to_string())),
        );
        r.extend([
            l.total.to_string(),
            format!("{:.2}", l.average),
            l.placement.to_string(),
            l.solos_won.to_string(),
            l.unfinished.to_string(),
        ]);
        w.write_record(&r)?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

pub fn standings_page(s: &Standings) -> String {
    let mut h = head(&format!("{} - standings", s.name));
    h.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n<table class=\"standings\" id=\"standings\">\n<tr>",
        esc(&s.name),
        esc(&title_line(s)
            .split_once(": ")
            .map_or(String::new(), |(_, r)| r.to_string()))
    ));
    for (i, c) in header(s).iter().enumerate() {
        let class = if i == 1 { "" } else { " class=\"num\"" };
        h.push_str(&format!("<th{class}>{}</th>", esc(c)));
    }
    h.push_str("</tr>\n");
    for l in &s.players {
        h.push_str(&format!(
            "<tr data-player=\"{}\" data-total=\"{}\">",
            esc(&l.player),
            l.total
        ));
        for (i, c) in row(s, l).iter().enumerate() {
            let class = match (i, c.ends_with('*')) {
                (1, _) => "",
                (_, true) => " class=\"num unfinished\"",
                _ => " class=\"num\"",
            };
            h.push_str(&format!("<td{class}>{}</td>", esc(c)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    let open = open_tables(s);
    if !open.is_empty() {
        h.push_str("<p class=\"note\">* not finished:</p>\n<ul class=\"note\">");
        for o in open {
            h.push_str(&format!("<li>{}</li>", esc(&o)));
        }
        h.push_str("</ul>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}
