//! The printed list (`league show --format html --print`): a league sheet as the DDV's
//! Spielliste, one A4 page to sign: numbered rows, the game, each player's points and
//! running total, Bock and compulsory-solo marks, penalties, the round's times and a line
//! for the signatures.

use crate::lang::Lang;
use crate::league::League;

use super::html::esc;
use super::{party_names, signed};

/// The sheet as a page to print on A4 (24 deals and the totals fit one page).
pub fn print_page(lg: &League, lang: Lang) -> String {
    let title = crate::tr!(lang, "page.title", name = lg.name);
    let mut h = super::html::head(lang, &title, CSS);
    h.push_str("<body>\n");
    h.push_str(&format!(
        "<header><h1>{}</h1><p>{}</p>{}</header>\n",
        esc(&lg.name),
        esc(lg.profile.title_in(lang)),
        times(lg, lang)
    ));
    h.push_str("<table class=\"list\">\n<thead><tr>");
    let head = [
        "table.deal",
        "table.dealer",
        "table.game",
        "party.re",
        "table.eyes",
        "table.value",
        "table.x",
    ];
    for k in head {
        h.push_str(&format!("<th>{}</th>", esc(lang.t(k))));
    }
    for p in &lg.players {
        h.push_str(&format!("<th class=\"num\">{}</th>", esc(p)));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    let mut given = lg.penalties.iter().peekable();
    for (k, row) in lg.rows.iter().enumerate() {
        while let Some(p) = given.next_if(|p| p.after <= k) {
            h.push_str(&penalty(lg, p, lang));
        }
        let r = &row.result;
        let mut game = r.facts.contract.title(lang).to_string();
        if r.facts.compulsory {
            game.push_str(&format!(" ({})", lang.t("print.compulsory_mark")));
        }
        h.push_str(&format!(
            "<tr><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}:{}</td><td class=\"num\">{}</td><td class=\"num{}\">{}</td>",
            r.facts.number,
            esc(&lg.players[row.dealer]),
            esc(&game),
            esc(&party_names(&lg.players, r, crate::contract::Party::Re).join(", ")),
            r.facts.re_eyes,
            r.facts.kontra_eyes,
            r.value(),
            if r.multiplier > 1 { " bock" } else { "" },
            if r.multiplier > 1 { format!("×{}", r.multiplier) } else { String::new() }
        ));
        for (i, total) in row.totals.iter().enumerate() {
            let cell = if r.facts.roles[i] == crate::deal::Role::Out {
                format!("&ndash; <b>{total}</b>")
            } else {
                format!("{} <b>{total}</b>", signed(r.scores[i]))
            };
            h.push_str(&format!("<td class=\"num\">{cell}</td>"));
        }
        h.push_str("</tr>\n");
    }
    for p in given {
        h.push_str(&penalty(lg, p, lang));
    }
    // Rows left to fill by hand, up to the series' deals.
    for n in lg.rows.len() + 1..=lg.deals.min(30) {
        h.push_str(&format!("<tr class=\"empty\"><td class=\"num\">{n}</td>"));
        for _ in 0..head.len() - 1 + lg.players.len() {
            h.push_str("<td></td>");
        }
        h.push_str("</tr>\n");
    }
    h.push_str(&format!(
        "</tbody>\n<tfoot><tr><th colspan=\"{}\">{}</th>",
        head.len(),
        esc(lang.t("table.total"))
    ));
    for t in &lg.session.totals {
        h.push_str(&format!("<th class=\"num\">{t}</th>"));
    }
    h.push_str("</tr></tfoot>\n</table>\n");
    h.push_str(&format!(
        "<p class=\"sign\">{}</p>\n<div class=\"signatures\">",
        esc(lang.t("print.signatures"))
    ));
    for p in &lg.players {
        h.push_str(&format!("<div>{}</div>", esc(p)));
    }
    h.push_str("</div>\n</body>\n</html>\n");
    h
}

/// A penalty's row: its mark and each player's change with the running total.
fn penalty(lg: &League, p: &crate::league::Penalty, lang: Lang) -> String {
    let note = p
        .note
        .as_deref()
        .map_or(String::new(), |n| format!(": {n}"));
    let mut h = format!(
        "<tr class=\"penalty\"><td></td><td></td><td colspan=\"5\">{} {} {}{}</td>",
        esc(lang.t("league.penalty_word")),
        esc(&lg.players[p.player]),
        -p.points,
        esc(&note)
    );
    for (s, total) in p.totals.iter().enumerate() {
        let change = p.change_of(s).map_or("&ndash;".to_string(), signed);
        h.push_str(&format!("<td class=\"num\">{change} <b>{total}</b></td>"));
    }
    h.push_str("</tr>\n");
    h
}

/// The round's times: started, closed, its minutes (where it has a clock).
fn times(lg: &League, lang: Lang) -> String {
    use crate::league::time;
    let c = &lg.clock;
    let mut parts = Vec::new();
    if let Some(t) = c.started {
        parts.push(crate::tr!(lang, "print.started", at = time::format(t)));
    }
    if c.minutes > 0 {
        parts.push(crate::tr!(lang, "print.minutes", minutes = c.minutes));
    }
    if let (Some(k), Some(t)) = (c.closed, c.closed_at) {
        parts.push(crate::tr!(
            lang,
            "print.closed",
            deals = k,
            at = time::format(t)
        ));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("<p class=\"times\">{}</p>", esc(&parts.join(" · ")))
}

/// One A4 page: small type, thin rules, the totals and the signatures at the foot.
const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111;font-size:9pt;line-height:1.2}
header h1{font-size:14pt;margin:0}header p{margin:.1rem 0;color:#444}
table.list{border-collapse:collapse;width:100%;margin-top:.3rem}.list th,.list td{border:1px solid #888;padding:.1rem .25rem;text-align:left;white-space:nowrap}
.list td{height:1.5em}.list th{background:#eee}.list .num{text-align:right;font-variant-numeric:tabular-nums}
.list td.bock{font-weight:700}.list tr.penalty td{background:#f3f3f3;font-style:italic}
.list tfoot th{font-size:10pt}
.sign{margin:.6rem 0 .1rem}.signatures{display:flex;gap:1rem}.signatures div{flex:1;border-top:1px solid #111;padding-top:.15rem;margin-top:1.4rem;font-size:8pt}
@page{size:A4;margin:10mm}@media print{body{margin:0;max-width:none;padding:0}}";
