//! Rendering scored sheets: table, CSV, JSON and Markdown.

use anyhow::Result;
use comfy_table::{CellAlignment, Table, presets};
use doko::contract::Party;
use doko::scoring::{DealResult, Standing};
use doko::variant::Profile;

use crate::cli::Format;

/// A scored sheet, ready to print.
pub struct Scored<'a> {
    pub profile: &'a Profile,
    pub players: &'a [String],
    /// Each deal with the running totals after it.
    pub rows: &'a [(DealResult, Vec<i64>)],
    pub ranking: Vec<Standing>,
    pub totals: &'a [i64],
}

pub fn render(s: &Scored, format: Format, explain: bool) -> Result<String> {
    Ok(match format {
        Format::Table => text(s, explain, false),
        Format::Markdown => text(s, explain, true),
        Format::Csv => csv(s, explain)?,
        Format::Json => {
            let report = doko::report::SheetReport::new(
                &s.profile.name,
                s.players,
                s.rows,
                s.totals,
                explain,
            );
            serde_json::to_string_pretty(&report)? + "\n"
        }
    })
}

pub fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

pub fn winner_word(r: &DealResult) -> &'static str {
    match r.winner {
        Some(Party::Re) => "Re",
        Some(Party::Kontra) => "Kontra",
        None => "none",
    }
}

fn names(s: &Scored, r: &DealResult, party: Party) -> Vec<String> {
    party_names(s.players, r, party)
}

pub fn party_names(players: &[String], r: &DealResult, party: Party) -> Vec<String> {
    r.facts.members(party).map(|i| players[i].clone()).collect()
}

/// The sheet as a table: one row per deal (with its dealer, where given) and each player's
/// points with the running total, then the totals.
pub fn sheet_table(
    players: &[String],
    rows: &[(&DealResult, &[i64], Option<&str>)],
    totals: &[i64],
    markdown: bool,
) -> Table {
    let with_dealer = rows.iter().any(|(_, _, d)| d.is_some());
    // Compulsory solos get a column of their own, as on a DDV sheet.
    let with_duty = rows.iter().any(|(r, _, _)| r.facts.compulsory);
    let mut t = new_table(markdown);
    let mut header: Vec<String> = vec!["Deal".into()];
    if with_dealer {
        header.push("Dealer".into());
    }
    header.push("Game".into());
    if with_duty {
        header.push("Compulsory".into());
    }
    header.extend(["Re", "Eyes", "Winner", "Value", "x"].map(String::from));
    header.extend(players.iter().cloned());
    t.set_header(header);
    for (r, running, dealer) in rows {
        let mut row = vec![r.facts.number.to_string()];
        if with_dealer {
            row.push(dealer.unwrap_or("").to_string());
        }
        row.push(r.facts.contract.to_string());
        if with_duty {
            row.push(if r.facts.compulsory {
                "yes".into()
            } else {
                String::new()
            });
        }
        row.extend([
            party_names(players, r, Party::Re).join(" "),
            format!("{}:{}", r.facts.re_eyes, r.facts.kontra_eyes),
            winner_word(r).to_string(),
            r.value().to_string(),
            r.multiplier.to_string(),
        ]);
        for (i, total) in running.iter().enumerate() {
            row.push(if r.facts.roles[i] == doko::deal::Role::Out {
                format!("- ({total})")
            } else {
                format!("{} ({total})", signed(r.scores[i]))
            });
        }
        t.add_row(row);
    }
    let fixed = 7 + with_dealer as usize + with_duty as usize;
    let mut total_row = vec!["Total".to_string()];
    total_row.extend(std::iter::repeat_n(String::new(), fixed - 1));
    total_row.extend(totals.iter().map(|t| t.to_string()));
    t.add_row(total_row);
    for i in [0, fixed - 2, fixed - 1]
        .into_iter()
        .chain(fixed..fixed + players.len())
    {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

/// The notes written with the deals, a line each ("Notes:" first), or nothing.
pub fn notes_lines(rows: &[(&DealResult, &[i64], Option<&str>)], markdown: bool) -> String {
    let notes: Vec<String> = rows
        .iter()
        .filter_map(|(r, _, _)| {
            r.facts.note.as_ref().map(|n| {
                format!(
                    "{}deal {}: {n}\n",
                    if markdown { "- " } else { "  " },
                    r.facts.number
                )
            })
        })
        .collect();
    if notes.is_empty() {
        return String::new();
    }
    format!(
        "Notes:\n{}{}",
        if markdown { "\n" } else { "" },
        notes.concat()
    )
}

/// Where the profile ends the game at a score (Kloepper's 30): the deal after which it
/// ended, and who won, or a warning that the sheet went on past it.
fn game_end(s: &Scored) -> Option<String> {
    let end = s.profile.league.end_at;
    if end <= 0 {
        return None;
    }
    let at = s
        .rows
        .iter()
        .position(|(_, t)| t.iter().any(|&x| x >= end))?;
    let mut line = doko::scoring::game_end(s.players, &s.rows[at].1, at + 1, end) + ".";
    if at + 1 < s.rows.len() {
        line.push_str(&format!(
            " The sheet goes on for {} more deal(s).",
            s.rows.len() - at - 1
        ));
    }
    Some(line)
}

pub fn new_table(markdown: bool) -> Table {
    let mut t = crate::output::table();
    t.load_style(if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    });
    t
}

fn text(s: &Scored, explain: bool, markdown: bool) -> String {
    let rows: Vec<(&DealResult, &[i64], Option<&str>)> = s
        .rows
        .iter()
        .map(|(r, t)| (r, t.as_slice(), None))
        .collect();
    let t = sheet_table(s.players, &rows, s.totals, markdown);
    let mut out = String::new();
    out.push_str(&format!(
        "Profile: {} ({})\n\n",
        s.profile.name, s.profile.title
    ));
    out.push_str(&t.to_string());
    out.push_str("\n\n");
    let notes = notes_lines(&rows, markdown);
    if !notes.is_empty() {
        out.push_str(&notes);
        out.push('\n');
    }
    let mut rank = new_table(markdown);
    rank.set_header(vec!["Rank", "Player", "Points"]);
    for st in &s.ranking {
        rank.add_row(vec![
            st.rank.to_string(),
            st.player.clone(),
            st.points.to_string(),
        ]);
    }
    out.push_str(&rank.to_string());
    out.push('\n');
    if let Some(line) = game_end(s) {
        out.push_str(&line);
        out.push('\n');
    }
    if explain {
        for (r, _) in s.rows {
            out.push('\n');
            out.push_str(&explain_deal(s, r, markdown));
        }
    }
    out
}

/// The `--explain` block of one deal.
fn explain_deal(s: &Scored, r: &DealResult, markdown: bool) -> String {
    let f = &r.facts;
    let party_line = |p: Party| format!("{p} {} {} eyes", names(s, r, p).join("+"), f.eyes(p));
    let mut out = String::new();
    let head = format!(
        "Deal {} ({}): {} : {}",
        f.number,
        f.contract,
        party_line(Party::Re),
        party_line(Party::Kontra)
    );
    if markdown {
        out.push_str(&format!("### {head}\n\n"));
    } else {
        out.push_str(&head);
        out.push('\n');
    }
    let bullet = if markdown { "- " } else { "  " };
    if let Some(n) = &f.note {
        out.push_str(&format!("{bullet}Note: {n}\n"));
    }
    if let Some(b) = &f.bidding {
        out.push_str(&format!("{bullet}Bidding: {} (§13)\n", b.why()));
    }
    let outcome = match r.winner {
        Some(w) => format!("{w} wins"),
        None => "nobody wins (§7.3)".to_string(),
    };
    out.push_str(&format!(
        "{bullet}Re needs {} ({}); Kontra needs {} ({}): {outcome}\n",
        r.goals[0].target, r.goals[0].why, r.goals[1].target, r.goals[1].why
    ));
    // Item names line up: 16 wide, or as wide as the longest name of the deal.
    let width = r
        .items
        .iter()
        .map(|i| i.item.len())
        .max()
        .unwrap_or(0)
        .max(16);
    for item in &r.items {
        let pts = if item.scored {
            signed(item.points as i64)
        } else {
            "0".into()
        };
        out.push_str(&format!(
            "{bullet}{:<7} {:<width$} {:>3}  {}\n",
            item.party.title(),
            item.item,
            pts,
            item.rule
        ));
    }
    let per: Vec<String> = s
        .players
        .iter()
        .zip(&r.scores)
        .zip(&f.roles)
        .filter(|(_, role)| **role != doko::deal::Role::Out)
        .map(|((p, v), _)| format!("{p} {}", signed(*v)))
        .collect();
    if let Some(line) = multiplier_line(s.profile, r) {
        out.push_str(&format!("{bullet}{line}\n"));
    }
    if !r.bock_started.is_empty() {
        let why: Vec<String> = r
            .bock_started
            .iter()
            .map(|t| format!("{} (`{}`)", t.describe(), t.key()))
            .collect();
        out.push_str(&format!(
            "{bullet}starts Bock: {} (bock.triggers)\n",
            why.join(", ")
        ));
    }
    out.push_str(&format!(
        "{bullet}value {} for {}{}; {}\n",
        r.value(),
        r.winner.map_or("Re", Party::title),
        if r.multiplier > 1 {
            format!(", x{}", r.multiplier)
        } else {
            String::new()
        },
        per.join(", ")
    ));
    out
}

/// A new table. When standard output is a terminal, its columns are wrapped to fit the
/// terminal's width; into a file or a pipe it is written whole.
pub fn table() -> comfy_table::Table {
    let mut t = comfy_table::Table::new();
    if t.is_tty() {
        t.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
    }
    t
}

/// Why a deal's value is multiplied: "x4: Bock rounds from deal 3 (120:120) and deal 5 (a
/// lost solo) (bock.factor 2, bock.stacking multiply)", or the sheet's own `bock`.
pub fn multiplier_line(profile: &doko::variant::Profile, r: &DealResult) -> Option<String> {
    if r.multiplier <= 1 {
        return None;
    }
    if r.bock_rounds.is_empty() {
        return Some(format!("x{}: written on the sheet (`bock`)", r.multiplier));
    }
    let rounds: Vec<String> = r
        .bock_rounds
        .iter()
        .map(|b| format!("deal {} ({})", b.deal, b.trigger.describe()))
        .collect();
    Some(format!(
        "x{}: Bock round{} from {} (bock.factor {}, bock.stacking {})",
        r.multiplier,
        if rounds.len() == 1 { "" } else { "s" },
        rounds.join(" and "),
        profile.bock.factor,
        profile.bock.stacking.key()
    ))
}

fn csv(s: &Scored, explain: bool) -> Result<String> {
    let rows: Vec<(&DealResult, &[i64], Option<&str>)> = s
        .rows
        .iter()
        .map(|(r, t)| (r, t.as_slice(), None))
        .collect();
    sheet_csv(s.players, &rows, explain)
}

/// The sheet as CSV: one row per deal (with its dealer, where given), each player's points
/// and running totals; with `explain`, the items of each deal.
pub fn sheet_csv(
    players: &[String],
    rows: &[(&DealResult, &[i64], Option<&str>)],
    explain: bool,
) -> Result<String> {
    let with_dealer = rows.iter().any(|(_, _, d)| d.is_some());
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = vec!["deal".into()];
    if with_dealer {
        header.push("dealer".into());
    }
    header.extend(
        [
            "contract",
            "re",
            "kontra",
            "re_eyes",
            "kontra_eyes",
            "winner",
            "value",
            "multiplier",
        ]
        .map(String::from),
    );
    header.extend(players.iter().cloned());
    header.extend(players.iter().map(|p| format!("{p}_total")));
    let with_notes = rows.iter().any(|(r, _, _)| r.facts.note.is_some());
    if with_notes {
        header.push("note".into());
    }
    if explain {
        header.push("items".into());
    }
    w.write_record(&header)?;
    for (r, totals, dealer) in rows {
        let mut row = vec![r.facts.number.to_string()];
        if with_dealer {
            row.push(dealer.unwrap_or("").to_string());
        }
        row.extend([
            r.facts.contract.to_string(),
            party_names(players, r, Party::Re).join(" "),
            party_names(players, r, Party::Kontra).join(" "),
            r.facts.re_eyes.to_string(),
            r.facts.kontra_eyes.to_string(),
            winner_word(r).to_ascii_lowercase(),
            r.value().to_string(),
            r.multiplier.to_string(),
        ]);
        row.extend(r.scores.iter().map(|v| v.to_string()));
        row.extend(totals.iter().map(|v| v.to_string()));
        if with_notes {
            row.push(r.facts.note.clone().unwrap_or_default());
        }
        if explain {
            let items: Vec<String> = r
                .items
                .iter()
                .filter(|i| i.scored)
                .map(|i| format!("{}:{}:{}", i.party.key(), i.item, signed(i.points as i64)))
                .collect();
            row.push(items.join(" "));
        }
        w.write_record(&row)?;
    }
    Ok(String::from_utf8(
        w.into_inner().map_err(|e| e.into_error())?,
    )?)
}

/// A share in percent (0 where there is nothing to share).
fn pct(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

/// `score --summary`: aggregates over all deals.
pub fn summary(
    profile: &Profile,
    s: &doko::scoring::Summary,
    bad: usize,
    format: Format,
) -> Result<String> {
    Ok(match format {
        Format::Json => {
            let report = doko::report::SummaryReport::new(&profile.name, s, bad);
            serde_json::to_string_pretty(&report)? + "\n"
        }
        Format::Csv => summary_csv(s)?,
        Format::Table | Format::Markdown => {
            summary_text(profile, s, bad, format == Format::Markdown)
        }
    })
}

/// `score --summary --format csv`: a row per player, contract and item.
fn summary_csv(s: &doko::scoring::Summary) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["kind", "name", "deals", "won", "rate", "points"])?;
    for (p, l) in s.players() {
        w.write_record([
            "player",
            p,
            &l.deals.to_string(),
            &l.won.to_string(),
            &format!("{:.1}", pct(l.won, l.deals)),
            &l.points.to_string(),
        ])?;
    }
    for (c, l) in s.contracts() {
        w.write_record([
            "contract",
            c,
            &l.deals.to_string(),
            &l.re_won.to_string(),
            &format!("{:.1}", pct(l.re_won, l.deals)),
            &l.value.to_string(),
        ])?;
    }
    for (i, l) in s.items() {
        w.write_record([
            "item",
            i,
            &l.times.to_string(),
            "",
            &format!("{:.1}", pct(l.times, s.deals)),
            &l.points.to_string(),
        ])?;
    }
    Ok(String::from_utf8(
        w.into_inner().map_err(|e| e.into_error())?,
    )?)
}

/// `score --summary` as tables: players, contracts, items.
fn summary_text(
    profile: &Profile,
    s: &doko::scoring::Summary,
    bad: usize,
    markdown: bool,
) -> String {
    let mut out = format!(
        "Profile: {} ({}); {} deals scored",
        profile.name, profile.title, s.deals
    );
    if bad > 0 {
        out.push_str(&format!(", {bad} bad left out"));
    }
    out.push_str("\n\n");
    let per = |a: i64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let mut t = new_table(markdown);
    t.set_header(vec![
        "Player",
        "Deals",
        "Won",
        "Win rate",
        "Points",
        "Points/deal",
    ]);
    for (p, l) in s.players() {
        t.add_row(vec![
            p.to_string(),
            l.deals.to_string(),
            l.won.to_string(),
            format!("{:.1}%", pct(l.won, l.deals)),
            l.points.to_string(),
            format!("{:.3}", per(l.points, l.deals)),
        ]);
    }
    out.push_str(&format!("{t}\n\n"));
    let mut t = new_table(markdown);
    t.set_header(vec![
        "Contract",
        "Deals",
        "Re won",
        "Kontra won",
        "Nobody",
        "Avg value",
    ]);
    for (c, l) in s.contracts() {
        t.add_row(vec![
            c.to_string(),
            l.deals.to_string(),
            format!("{} ({:.1}%)", l.re_won, pct(l.re_won, l.deals)),
            format!("{} ({:.1}%)", l.kontra_won, pct(l.kontra_won, l.deals)),
            l.nobody.to_string(),
            format!("{:.2}", per(l.value, l.deals)),
        ]);
    }
    out.push_str(&format!("{t}\n\n"));
    let mut t = new_table(markdown);
    t.set_header(vec!["Item", "Times", "Per 100 deals", "Points"]);
    for (i, l) in s.items() {
        t.add_row(vec![
            i.to_string(),
            l.times.to_string(),
            format!("{:.1}", pct(l.times, s.deals)),
            l.points.to_string(),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out
}
