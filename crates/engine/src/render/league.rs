//! League sheets: what `league add`, `undo`, `show` and `settle` print, and the served
//! page's lines about a deal.

use super::{csv_text, new_table, signed};
use crate::error::Result;
use crate::lang::Lang;
use crate::league::League;
use crate::scoring::DealResult;
use crate::variant::Profile;

/// What `league add` says of the sheet's last deal: the deal, its note and the Bock it
/// started, then the standings and what comes next (the page shows the same).
pub fn added(after: &League, lang: Lang) -> String {
    deal_told(after, after.rows.len(), lang)
}

/// What `league edit` says: deal `number` as it now stands, then the standings and what
/// comes next (as [`added`] says of the last deal).
pub fn edited(after: &League, number: usize, lang: Lang) -> String {
    deal_told(after, number, lang)
}

/// Deal `number` (from 1) of the sheet as recorded, its scores, then the standings.
fn deal_told(after: &League, number: usize, lang: Lang) -> String {
    let Some(row) = number.checked_sub(1).and_then(|i| after.rows.get(i)) else {
        return after.next_line(lang) + "\n";
    };
    let r = &row.result;
    let scores: Vec<String> = after
        .players
        .iter()
        .zip(&r.scores)
        .zip(&r.facts.roles)
        .filter(|(_, role)| **role != crate::deal::Role::Out)
        .map(|((p, s), _)| format!("{p} {}", signed(*s)))
        .collect();
    // What was recorded: the game, the Re players and eyes, then each party's calls and
    // extras, so that a forgotten partner or a misread flag shows at once.
    let mut items = Vec::new();
    for party in [crate::contract::Party::Re, crate::contract::Party::Kontra] {
        let mut said: Vec<String> = Vec::new();
        if let Some(c) = r.facts.calls(party).highest() {
            said.push(c.title(party, lang));
        }
        said.extend(
            r.facts
                .extras(party)
                .iter()
                .map(|x| x.title(lang).to_string()),
        );
        if !said.is_empty() {
            items.push(format!(
                "{}: {}",
                super::party_word(party, lang),
                said.join(", ")
            ));
        }
    }
    let told = if items.is_empty() {
        String::new()
    } else {
        crate::tr!(lang, "league.told", items = items.join("; "))
    };
    let mut out = crate::tr!(
        lang,
        "league.added",
        deal = number,
        deals = after.deals,
        what = deal_words(&after.players, r, lang),
        told = told,
        scores = scores.join(", ")
    );
    out.push('\n');
    if let Some(n) = &r.facts.note {
        out.push_str(&crate::tr!(lang, "league.note", note = n));
        out.push('\n');
    }
    if !r.bock_started.is_empty() {
        out.push_str(&format!("{}\n", bock_started(r, &after.profile, lang)));
    }
    if after.is_complete() {
        out.push_str(&after.next_line(lang));
        out.push('\n');
        out.push_str(&final_ranking(after, lang));
    } else {
        out.push_str(&standings_line(after, lang));
        out.push_str(&after.next_line(lang));
        out.push('\n');
    }
    out
}

/// "solo-queens, Re Ben 185:55, Re won, value 5 x2".
pub fn deal_words(players: &[String], r: &DealResult, lang: Lang) -> String {
    let re = super::party_names(players, r, crate::contract::Party::Re).join(" ");
    let times = if r.multiplier > 1 {
        format!(" x{}", r.multiplier)
    } else {
        String::new()
    };
    crate::tr!(
        lang,
        "league.deal_words",
        contract = r.facts.contract.title(lang),
        re = re,
        eyes = format!("{}:{}", r.facts.re_eyes, r.facts.kontra_eyes),
        winner = winner_of(r, lang),
        value = r.value(),
        times = times
    )
}

/// Who won a deal, in the run's language ("Re", "Kontra", "nobody").
fn winner_of(r: &DealResult, lang: Lang) -> String {
    match r.winner {
        Some(w) => super::party_word(w, lang),
        None => lang.t("league.nobody").to_string(),
    }
}

/// "standings: 1. Cara 33, 2. Anna 19, ..." (with a line end), empty before any deal.
pub fn standings_line(lg: &League, lang: Lang) -> String {
    if lg.rows.is_empty() {
        return String::new();
    }
    ranking_line(lang.t("league.standings"), lg)
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
fn bock_started(r: &DealResult, profile: &Profile, lang: Lang) -> String {
    let why: Vec<&str> = r.bock_started.iter().map(|t| t.describe(lang)).collect();
    let (rounds, length) =
        crate::scoring::session::rounds_started(profile, why.len(), r.facts.roles.len());
    let why = why.join(lang.t("word.and"));
    match (why.len(), rounds) {
        _ if r.bock_started.len() == 1 && rounds == 1 => {
            crate::tr!(lang, "league.bock_one_round", why = why, deals = length)
        }
        _ if r.bock_started.len() == 1 => {
            crate::tr!(
                lang,
                "league.bock_rounds",
                why = why,
                rounds = rounds,
                deals = length
            )
        }
        _ if rounds == 1 => crate::tr!(
            lang,
            "league.bock_many_one_round",
            why = why,
            deals = length
        ),
        _ => crate::tr!(
            lang,
            "league.bock_many_rounds",
            why = why,
            rounds = rounds,
            deals = length
        ),
    }
}

fn final_ranking(lg: &League, lang: Lang) -> String {
    ranking_line(lang.t("league.final_ranking"), lg)
}

/// `league show` as tables: the standings, the sheet, its notes, what comes next.
pub fn show_text(lg: &League, markdown: bool, lang: Lang) -> String {
    let title = crate::tr!(
        lang,
        "league.title",
        name = lg.name,
        profile = lg.profile.name,
        title = lg.profile.title_in(lang),
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
    out.push_str(&super::fitted(t));
    out.push_str("\n\n");
    if !lg.rows.is_empty() || !lg.penalties.is_empty() {
        let rows = sheet_rows(lg);
        let penalties: Vec<(usize, Vec<String>)> = lg
            .penalties
            .iter()
            .map(|p| (p.after, penalty_row(lg, p, lang)))
            .collect();
        out.push_str(
            &super::sheet::sheet_table_with_penalties(
                &lg.players,
                &rows,
                &penalties,
                &lg.session.totals,
                markdown,
                lang,
            )
            .to_string(),
        );
        out.push_str("\n\n");
        let more: Vec<String> = lg
            .penalties
            .iter()
            .filter(|p| p.note.is_some())
            .map(|p| {
                crate::tr!(
                    lang,
                    "league.penalty_note",
                    player = lg.players[p.player].as_str(),
                    after = p.after,
                    note = p.note.as_deref().unwrap_or("")
                )
            })
            .collect();
        let notes = super::sheet::notes_lines_with(&rows, &more, markdown, lang);
        if !notes.is_empty() {
            out.push_str(&notes);
            out.push('\n');
        }
    }
    out.push_str(&lg.next_line(lang));
    out.push('\n');
    if lg.is_complete() {
        out.push_str(&final_ranking(lg, lang));
    }
    out
}

/// A penalty as a row of the sheet table ([`super::sheet::penalty_cells`]).
fn penalty_row(lg: &League, p: &crate::league::Penalty, lang: Lang) -> Vec<String> {
    super::sheet::penalty_cells(&lg.players, p, lang)
}

/// What `undo` says it took back, after "removed deal N" (`: normal, Re Anna Cara ...`),
/// or the whole line for a penalty (`file` for the command line, none for the page).
pub fn undone_line(
    lg: &League,
    undone: &crate::league::file::Undone,
    file: Option<&str>,
    lang: Lang,
) -> String {
    use crate::league::file::Undone;
    match undone {
        Undone::Penalty(p) => {
            let (player, points) = p
                .as_ref()
                .map_or(("?", 0), |p| (lg.players[p.player].as_str(), p.points));
            match file {
                Some(f) => crate::tr!(
                    lang,
                    "league.removed_penalty",
                    file = f,
                    player = player,
                    points = points
                ),
                None => crate::tr!(
                    lang,
                    "page.removed_penalty",
                    player = player,
                    points = points
                ),
            }
        }
        Undone::Deal(r) => {
            let what = r.as_ref().map_or(String::new(), |r| {
                format!(": {}", deal_words(&lg.players, &r.result, lang))
            });
            let line = match file {
                Some(f) => crate::tr!(lang, "league.removed", file = f, deal = lg.rows.len() + 1),
                None => crate::tr!(lang, "page.removed", deal = lg.rows.len() + 1),
            };
            format!("{line}{what}")
        }
    }
}

/// What `league penalty` says: the penalty, then the standings and what comes next.
pub fn penalized(lg: &League, lang: Lang) -> String {
    let Some(p) = lg.penalties.last() else {
        return lg.next_line(lang) + "\n";
    };
    let changes: Vec<String> = lg
        .players
        .iter()
        .zip(p.changes(lg.players.len()))
        .filter(|(_, c)| *c != 0)
        .map(|(n, c)| format!("{n} {}", signed(c)))
        .collect();
    format!(
        "{}\n{}{}\n",
        crate::tr!(
            lang,
            "league.penalized",
            player = lg.players[p.player].as_str(),
            points = p.points,
            after = p.after,
            changes = changes.join(", ")
        ),
        standings_line(lg, lang),
        lg.next_line(lang)
    )
}

/// Each deal of the sheet with its running totals and dealer, for the shared writers.
fn sheet_rows(lg: &League) -> Vec<(&DealResult, &[i64], Option<&str>)> {
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

/// `league show --format csv`: the sheet with its dealers.
pub fn show_csv(lg: &League) -> Result<String> {
    let rows = sheet_rows(lg);
    let text = super::sheet::sheet_csv(&lg.players, &rows, false)?;
    if lg.penalties.is_empty() {
        return Ok(text);
    }
    // A penalty is a row after the deal it follows: `contract` penalty, `re` the offender,
    // `value` the points, each player's change and total. The text has the header, then
    // one line a deal (a note holds no line break).
    let mut penalties = Vec::new();
    for p in &lg.penalties {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(super::sheet::penalty_csv_row(&lg.players, p))?;
        penalties.push((p.after, csv_text(w)?.trim_end().to_string()));
    }
    let mut given = penalties.into_iter().peekable();
    let mut lines = Vec::new();
    for (k, line) in text.lines().enumerate() {
        lines.push(line.to_string());
        while let Some((_, row)) = given.next_if(|(after, _)| *after <= k) {
            lines.push(row);
        }
    }
    lines.extend(given.map(|(_, row)| row));
    Ok(lines.join("\n") + "\n")
}

/// `league show --format paper`: the sheet as a paper score sheet (docs/formats.md section 3)
/// that `score` and `stats` read back to the same points: a row a deal (game, dealer, each
/// player's party, Re's eyes, the tricks where known, each party's calls and extras, the
/// multiplier where any deal had one, compulsory solos, knocks and notes where any), and a
/// `penalty` row for each penalty (the offender's loss, the others' shares). What only a
/// full record knows (its cards, a Genscher, the tricks' events) stays in the TOML sheet;
/// the multipliers it gave are written in `bock`.
pub fn paper_csv(lg: &League) -> Result<String> {
    use crate::contract::Party;
    let rows = &lg.rows;
    let any = |f: &dyn Fn(&crate::deal::DealFacts) -> bool| rows.iter().any(|r| f(&r.result.facts));
    let tricks = any(&|f| f.re_tricks.is_some() || f.kontra_tricks.is_some());
    let bock = rows.iter().any(|r| r.result.multiplier != 1);
    let compulsory = any(&|f| f.compulsory);
    let knock = any(&|f| f.knock.is_some());
    let notes = any(&|f| f.note.is_some()) || lg.penalties.iter().any(|p| p.note.is_some());
    let mut header: Vec<String> = vec!["deal".into(), "game".into(), "dealer".into()];
    header.extend(lg.players.iter().cloned());
    header.push("re_points".into());
    if tricks {
        header.extend(["re_tricks".into(), "kontra_tricks".into()]);
    }
    header.extend(["re_calls", "kontra_calls", "re_extras", "kontra_extras"].map(String::from));
    for (on, name) in [
        (bock, "bock"),
        (compulsory, "compulsory"),
        (knock, "knock"),
        (notes, "note"),
    ] {
        if on {
            header.push(name.into());
        }
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&header)?;
    let n = lg.players.len();
    let width = header.len();
    let penalty_line = |p: &crate::league::Penalty| -> Vec<String> {
        let mut row = vec![String::new(), "penalty".into(), String::new()];
        row.extend((0..n).map(|s| p.change_of(s).map(|c| c.to_string()).unwrap_or_default()));
        row.resize(width - usize::from(notes), String::new());
        if notes {
            row.push(p.note.clone().unwrap_or_default());
        }
        row
    };
    let mut given = lg.penalties.iter().peekable();
    for (k, r) in rows.iter().enumerate() {
        while let Some(p) = given.next_if(|p| p.after <= k) {
            w.write_record(penalty_line(p))?;
        }
        let f = &r.result.facts;
        let mut row = vec![
            f.number.to_string(),
            f.contract.to_string(),
            lg.players[r.dealer].clone(),
        ];
        row.extend(f.roles.iter().map(|role| match role.party() {
            Some(Party::Re) => "re".to_string(),
            Some(Party::Kontra) => "kontra".to_string(),
            None => String::new(),
        }));
        row.push(f.re_eyes.to_string());
        if tricks {
            let t = |t: Option<u8>| t.map(|t| t.to_string()).unwrap_or_default();
            row.extend([t(f.re_tricks), t(f.kontra_tricks)]);
        }
        let extras = |e: &[crate::extras::Extra]| {
            e.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        row.extend([
            f.re_calls.paper_cell(Party::Re),
            f.kontra_calls.paper_cell(Party::Kontra),
            extras(&f.re_extras),
            extras(&f.kontra_extras),
        ]);
        if bock {
            row.push(r.result.multiplier.to_string());
        }
        if compulsory {
            row.push(if f.compulsory { "yes" } else { "" }.to_string());
        }
        if knock {
            row.push(f.knock.map(|k| k.key().to_string()).unwrap_or_default());
        }
        if notes {
            row.push(f.note.clone().unwrap_or_default());
        }
        w.write_record(&row)?;
    }
    for p in given {
        w.write_record(penalty_line(p))?;
    }
    csv_text(w)
}

pub use crate::variant::Currency;

/// "Friday: €0.10 per point (points × price, zero-sum), after 16 of 24 deals": what a
/// settlement is, as `league settle` and the page's money say it.
pub fn settle_title(
    lg: &League,
    s: &crate::club::settle::Settlement,
    currency: Currency,
    lang: Lang,
) -> String {
    crate::tr!(
        lang,
        "settle.title",
        name = lg.name,
        price = currency.amount(s.cents_per_point, false, lang),
        model = lang.t(match s.model {
            crate::club::settle::Model::Linear => "settle.linear",
            crate::club::settle::Model::Leader => "settle.leader",
        }),
        played = lg.rows.len(),
        deals = lg.deals
    )
}

/// `league settle` as tables: balances, then transfers, as money in `currency`.
pub fn settle_text(
    lg: &League,
    s: &crate::club::settle::Settlement,
    currency: Currency,
    markdown: bool,
    lang: Lang,
) -> String {
    let mut out = settle_title(lg, s, currency, lang);
    out.push_str("\n\n");
    let mut t = super::new_table(markdown);
    t.set_header(["table.player", "table.points", "settle.balance"].map(|k| lang.t(k)));
    for ((player, balance), points) in s.balances.0.iter().zip(&lg.session.totals) {
        t.add_row(vec![
            player.clone(),
            points.to_string(),
            currency.amount(*balance, true, lang),
        ]);
    }
    for i in [1, 2] {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
    out.push_str(&super::fitted(t));
    out.push_str("\n\n");
    if s.transfers.is_empty() {
        out.push_str(lang.t("settle.nobody_pays"));
        out.push('\n');
        return out;
    }
    let mut t = super::new_table(markdown);
    t.set_header(["settle.from", "settle.to", "settle.amount"].map(|k| lang.t(k)));
    for tr in &s.transfers {
        t.add_row(vec![
            tr.from.clone(),
            tr.to.clone(),
            currency.amount(tr.amount_cents, false, lang),
        ]);
    }
    if let Some(c) = t.column_mut(2) {
        c.set_cell_alignment(comfy_table::CellAlignment::Right);
    }
    out.push_str(&super::fitted(t));
    out.push('\n');
    out
}

/// `player,points,balance_cents` rows, a blank line, then `from,to,amount_cents` rows.
pub fn settle_csv(lg: &League, s: &crate::club::settle::Settlement) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["player", "points", "balance_cents"])?;
    for ((player, balance), points) in s.balances.0.iter().zip(&lg.session.totals) {
        w.write_record([player.clone(), points.to_string(), balance.to_string()])?;
    }
    let mut out = csv_text(w)?;
    out.push('\n');
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["from", "to", "amount_cents"])?;
    for tr in &s.transfers {
        w.write_record([tr.from.clone(), tr.to.clone(), tr.amount_cents.to_string()])?;
    }
    out.push_str(&csv_text(w)?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::Currency;
    use crate::lang::Lang;

    /// Issue 29, Why 7: money as each language writes it.
    #[test]
    fn money_in_each_language() {
        assert_eq!(Currency::Eur.amount(190, false, Lang::De), "1,90 €");
        assert_eq!(Currency::Eur.amount(-5, true, Lang::En), "-€0.05");
        assert_eq!(Currency::Eur.amount(110, true, Lang::De), "+1,10 €");
        assert_eq!(Currency::Jpy.amount(190, false, Lang::Ja), "190円");
        assert_eq!(Currency::Jpy.amount(190, false, Lang::En), "¥190");
        assert_eq!(Currency::Chf.amount(1234, false, Lang::En), "CHF 12.34");
    }
}
