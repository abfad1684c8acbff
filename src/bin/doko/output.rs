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

/// The winner as the machine formats write it (`re`, `kontra`, `none`).
pub fn winner_key(r: &DealResult) -> &'static str {
    match r.winner {
        Some(Party::Re) => "re",
        Some(Party::Kontra) => "kontra",
        None => "none",
    }
}

/// The winner in the run's language ("Re", "Kontra", "none").
pub fn winner_word(r: &DealResult) -> &'static str {
    winner_in(r, crate::lang())
}

/// The winner in `lang` ("Re", "Kontra", "none").
pub fn winner_in(r: &DealResult, lang: doko::lang::Lang) -> &'static str {
    match r.winner {
        Some(Party::Re) => lang.t("party.re"),
        Some(Party::Kontra) => lang.t("party.kontra"),
        None => lang.t("word.nobody"),
    }
}

/// A party's name in the run's language.
pub fn party_word(p: Party) -> String {
    p.text().render(crate::lang())
}

/// How many terminal columns a text takes (East Asian wide letters take two).
pub fn columns(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let c = c as u32;
            let wide = matches!(c, 0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF
                | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3
                | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// `s` padded with spaces to `width` terminal columns.
pub fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(columns(s))))
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
    let lang = crate::lang();
    let mut t = new_table(markdown);
    let mut header: Vec<String> = vec![lang.t("table.deal").into()];
    if with_dealer {
        header.push(lang.t("table.dealer").into());
    }
    header.push(lang.t("table.game").into());
    if with_duty {
        header.push(lang.t("table.compulsory").into());
    }
    header.extend(
        [
            "party.re",
            "table.eyes",
            "table.winner",
            "table.value",
            "table.x",
        ]
        .map(|k| lang.t(k).to_string()),
    );
    header.extend(players.iter().cloned());
    t.set_header(header);
    for (r, running, dealer) in rows {
        let mut row = vec![r.facts.number.to_string()];
        if with_dealer {
            row.push(dealer.unwrap_or("").to_string());
        }
        row.push(r.facts.contract.title(lang).to_string());
        if with_duty {
            row.push(if r.facts.compulsory {
                lang.t("word.yes").into()
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
    let mut total_row = vec![lang.t("table.total").to_string()];
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
    let lang = crate::lang();
    let notes: Vec<String> = rows
        .iter()
        .filter_map(|(r, _, _)| {
            r.facts.note.as_ref().map(|n| {
                let line = doko::tr!(lang, "notes.line", deal = r.facts.number, note = n);
                format!("{}{line}\n", if markdown { "- " } else { "  " })
            })
        })
        .collect();
    if notes.is_empty() {
        return String::new();
    }
    format!(
        "{}\n{}{}",
        lang.t("notes.head"),
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
    let lang = crate::lang();
    let mut line = doko::scoring::game_end(s.players, &s.rows[at].1, at + 1, end).render(lang);
    line.push_str(lang.t("word.stop"));
    if at + 1 < s.rows.len() {
        line.push(' ');
        line.push_str(&doko::tr!(
            lang,
            "league.goes_on",
            deals = s.rows.len() - at - 1
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
    let lang = crate::lang();
    let mut out = String::new();
    out.push_str(&profile_line(s.profile));
    out.push_str("\n\n");
    out.push_str(&t.to_string());
    out.push_str("\n\n");
    let notes = notes_lines(&rows, markdown);
    if !notes.is_empty() {
        out.push_str(&notes);
        out.push('\n');
    }
    let mut rank = new_table(markdown);
    rank.set_header(["table.rank", "table.player", "table.points"].map(|k| lang.t(k)));
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

/// "Profile: ddv (DDV tournament rules)" in the run's language.
pub fn profile_line(p: &Profile) -> String {
    doko::tr!(
        crate::lang(),
        "table.profile",
        name = p.name,
        title = p.title
    )
}

/// The items of a deal, a line each: party, name, points, rule; names line up (16 columns
/// wide, or as wide as the longest name of the deal).
fn item_lines(s: &Scored, r: &DealResult, bullet: &str) -> String {
    let lang = crate::lang();
    let mut out = String::new();
    let labels: Vec<String> = r.items.iter().map(|i| i.label(lang, s.players)).collect();
    let width = labels.iter().map(|l| columns(l)).max().unwrap_or(0).max(16);
    let party_width = [Party::Re, Party::Kontra]
        .map(|p| columns(&party_word(p)))
        .into_iter()
        .max()
        .unwrap_or(0)
        .max(7);
    for (item, label) in r.items.iter().zip(&labels) {
        let pts = if item.scored {
            signed(item.points as i64)
        } else {
            "0".into()
        };
        out.push_str(&format!(
            "{bullet}{} {} {:>3}  {}\n",
            pad(&party_word(item.party), party_width),
            pad(label, width),
            pts,
            item.rule.render(lang)
        ));
    }
    out
}

/// The `--explain` block of one deal.
fn explain_deal(s: &Scored, r: &DealResult, markdown: bool) -> String {
    let lang = crate::lang();
    let f = &r.facts;
    let party_line = |p: Party| {
        doko::tr!(
            lang,
            "explain.party",
            party = party_word(p),
            players = names(s, r, p).join("+"),
            eyes = f.eyes(p)
        )
    };
    let mut out = String::new();
    let head = doko::tr!(
        lang,
        "explain.head",
        deal = f.number,
        contract = f.contract.title(lang),
        re = party_line(Party::Re),
        kontra = party_line(Party::Kontra)
    );
    if markdown {
        out.push_str(&format!("### {head}\n\n"));
    } else {
        out.push_str(&head);
        out.push('\n');
    }
    let bullet = if markdown { "- " } else { "  " };
    if let Some(n) = &f.note {
        out.push_str(&format!(
            "{bullet}{}\n",
            doko::tr!(lang, "explain.note", note = n)
        ));
    }
    if let Some(b) = &f.bidding {
        let line = doko::tr!(lang, "explain.bidding", why = b.why().render(lang));
        out.push_str(&format!("{bullet}{line}\n"));
    }
    let outcome = match r.winner {
        Some(w) => doko::tr!(lang, "explain.wins", party = party_word(w)),
        None => lang.t("explain.nobody_wins").to_string(),
    };
    let needs = |p: Party| {
        let g = &r.goals[p as usize];
        doko::tr!(
            lang,
            "explain.needs",
            party = party_word(p),
            target = g.target.text().render(lang),
            why = g.why.render(lang)
        )
    };
    out.push_str(&format!(
        "{bullet}{}; {}: {outcome}\n",
        needs(Party::Re),
        needs(Party::Kontra)
    ));
    out.push_str(&item_lines(s, r, bullet));
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
            .map(|t| format!("{} (`{}`)", t.describe(lang), t.key()))
            .collect();
        let line = doko::tr!(lang, "explain.starts_bock", why = why.join(", "));
        out.push_str(&format!("{bullet}{line}\n"));
    }
    let times = if r.multiplier > 1 {
        format!(", x{}", r.multiplier)
    } else {
        String::new()
    };
    let line = doko::tr!(
        lang,
        "explain.value",
        value = r.value(),
        party = party_word(r.winner.unwrap_or(Party::Re)),
        times = times,
        scores = per.join(", ")
    );
    out.push_str(&format!("{bullet}{line}\n"));
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
    let lang = crate::lang();
    if r.bock_rounds.is_empty() {
        return Some(doko::tr!(
            lang,
            "explain.bock_written",
            times = r.multiplier
        ));
    }
    let rounds: Vec<String> = r
        .bock_rounds
        .iter()
        .map(|b| {
            doko::tr!(
                lang,
                "explain.bock_from",
                deal = b.deal,
                why = b.trigger.describe(lang)
            )
        })
        .collect();
    let key = if rounds.len() == 1 {
        "explain.bock_round"
    } else {
        "explain.bock_rounds"
    };
    Some(lang.f(
        key,
        &[
            ("times", &r.multiplier),
            ("rounds", &rounds.join(lang.t("word.and"))),
            ("factor", &profile.bock.factor),
            ("stacking", &profile.bock.stacking.key()),
        ],
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
            winner_key(r).to_string(),
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

/// `score --summary` as tables: players, contracts, items, in the run's language.
fn summary_text(
    profile: &Profile,
    s: &doko::scoring::Summary,
    bad: usize,
    markdown: bool,
) -> String {
    let lang = crate::lang();
    let mut out = if bad > 0 {
        doko::tr!(
            lang,
            "summary.head_bad",
            profile = profile.name,
            title = profile.title,
            deals = s.deals,
            bad = bad
        )
    } else {
        doko::tr!(
            lang,
            "summary.head",
            profile = profile.name,
            title = profile.title,
            deals = s.deals
        )
    };
    out.push_str("\n\n");
    let per = |a: i64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let mut t = new_table(markdown);
    t.set_header(
        [
            "table.player",
            "summary.deals",
            "table.won",
            "summary.win_rate",
            "table.points",
            "summary.per_deal",
        ]
        .map(|k| lang.t(k)),
    );
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
    t.set_header(
        [
            "summary.contract",
            "summary.deals",
            "summary.re_won",
            "summary.kontra_won",
            "summary.nobody",
            "summary.avg_value",
        ]
        .map(|k| lang.t(k)),
    );
    for (c, l) in s.contracts() {
        let title = c
            .parse::<doko::contract::Contract>()
            .map_or(c, |k| k.title(lang));
        t.add_row(vec![
            title.to_string(),
            l.deals.to_string(),
            format!("{} ({:.1}%)", l.re_won, pct(l.re_won, l.deals)),
            format!("{} ({:.1}%)", l.kontra_won, pct(l.kontra_won, l.deals)),
            l.nobody.to_string(),
            format!("{:.2}", per(l.value, l.deals)),
        ]);
    }
    out.push_str(&format!("{t}\n\n"));
    let mut t = new_table(markdown);
    t.set_header(
        [
            "summary.item",
            "summary.times",
            "summary.per_100",
            "table.points",
        ]
        .map(|k| lang.t(k)),
    );
    for (name, l) in item_names(lang, s.items()) {
        t.add_row(vec![
            name,
            l.times.to_string(),
            format!("{:.1}", pct(l.times, s.deals)),
            l.points.to_string(),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out
}

/// The items of a summary by their names in `lang`, in the order of their keys; a
/// party's item whose name does not say whose it is ("no 90 called") gets the party.
fn item_names<L>(
    lang: doko::lang::Lang,
    items: std::collections::BTreeMap<&str, L>,
) -> Vec<(String, L)> {
    items
        .into_iter()
        .map(|(key, l)| {
            let name = doko::scoring::item_name(lang, key);
            let party = [Party::Re, Party::Kontra]
                .into_iter()
                .find(|p| key.starts_with(&format!("{}_", p.key())))
                .map(|p| p.text().render(lang))
                .filter(|p| !name.contains(p.as_str()));
            match party {
                Some(party) => (
                    doko::tr!(lang, "summary.item_of", item = name, party = party),
                    l,
                ),
                None => (name, l),
            }
        })
        .collect()
}
