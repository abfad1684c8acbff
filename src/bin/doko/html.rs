//! `league show --format html`: one self-contained page (no network): standings, an SVG
//! chart of every player's running total, and the sheet.

use doko::contract::Party;
use doko::deal::Role;
use doko::league::League;

use crate::output::{party_names, signed, winner_word};

/// Colours that stay apart for five players, on white and in print.
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub fn league_page(lg: &League) -> String {
    let mut h = String::new();
    let title = format!("{} - doko league", lg.name);
    h.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n",
        esc(&title),
        CSS
    ));
    h.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{} &middot; {} of {} deals</p>\n",
        esc(&lg.name),
        esc(&lg.profile.title),
        lg.rows.len(),
        lg.deals
    ));
    h.push_str(&format!("<p class=\"next\">{}</p>\n", esc(&lg.next_line())));

    h.push_str("<h2>Standings</h2>\n<table class=\"standings\">\n<tr><th>Rank</th><th>Player</th><th>Points</th><th>Won</th><th>Solos</th><th>Bock points</th></tr>\n");
    for l in lg.standings() {
        let colour = lg
            .players
            .iter()
            .position(|p| p == &l.player)
            .map_or("#000", |i| COLOURS[i % COLOURS.len()]);
        h.push_str(&format!(
            "<tr><td>{}</td><td><span class=\"dot\" style=\"background:{colour}\"></span>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
            l.rank,
            esc(&l.player),
            l.points,
            l.won,
            l.solos,
            l.bock_points
        ));
    }
    h.push_str("</table>\n");

    h.push_str("<h2>Running totals</h2>\n");
    h.push_str(&chart(lg));

    h.push_str("<h2>Sheet</h2>\n<table class=\"sheet\">\n<tr><th>Deal</th><th>Dealer</th><th>Game</th><th>Re</th><th>Eyes</th><th>Winner</th><th>Value</th><th>x</th>");
    for p in &lg.players {
        h.push_str(&format!("<th>{}</th>", esc(p)));
    }
    let with_notes = lg.rows.iter().any(|r| r.result.facts.note.is_some());
    if with_notes {
        h.push_str("<th>Note</th>");
    }
    h.push_str("</tr>\n");
    for row in &lg.rows {
        let r = &row.result;
        let bock = if r.multiplier > 1 {
            " class=\"bock\""
        } else {
            ""
        };
        h.push_str(&format!(
            "<tr{bock}><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}:{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
            r.facts.number,
            esc(&lg.players[row.dealer]),
            if r.facts.compulsory { format!("{} (compulsory)", r.facts.contract) } else { r.facts.contract.to_string() },
            esc(&party_names(&lg.players, r, Party::Re).join(", ")),
            r.facts.re_eyes,
            r.facts.kontra_eyes,
            winner_word(r),
            r.value(),
            r.multiplier
        ));
        for (i, total) in row.totals.iter().enumerate() {
            let cell = if r.facts.roles[i] == Role::Out {
                format!("<span class=\"out\">&ndash;</span> <b>{total}</b>")
            } else {
                format!("{} <b>{total}</b>", signed(r.scores[i]))
            };
            h.push_str(&format!("<td class=\"num\">{cell}</td>"));
        }
        if with_notes {
            let note = r.facts.note.as_deref().unwrap_or("");
            h.push_str(&format!("<td class=\"note\">{}</td>", esc(note)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n<p class=\"foot\">Made by doko. Points of a deal, then the running total in bold; shaded rows count Bock.</p>\n</body>\n</html>\n");
    h
}

/// An SVG line chart of the running totals, deal 0 (all 0) to the last deal.
fn chart(lg: &League) -> String {
    let (w, h) = (760.0_f64, 320.0_f64);
    let (left, right, top, bottom) = (48.0, 110.0, 16.0, 36.0);
    let n = lg.rows.len().max(1) as f64;
    let mut series: Vec<Vec<i64>> = vec![vec![0]; lg.players.len()];
    for row in &lg.rows {
        for (i, t) in row.totals.iter().enumerate() {
            series[i].push(*t);
        }
    }
    let lo = series.iter().flatten().copied().min().unwrap_or(0).min(0);
    let hi = series.iter().flatten().copied().max().unwrap_or(0).max(0);
    let span = ((hi - lo).max(1)) as f64;
    let x = |k: usize| left + (w - left - right) * k as f64 / n;
    let y = |v: i64| top + (h - top - bottom) * (hi - v) as f64 / span;
    let mut s = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"running totals\" xmlns=\"http://www.w3.org/2000/svg\">\n"
    );
    // Horizontal grid: about five steps, always the zero line.
    let step = nice_step(span / 5.0);
    let mut v = (lo as f64 / step).ceil() * step;
    while v <= hi as f64 + 1e-9 {
        let yy = y(v.round() as i64);
        let class = if v.abs() < 1e-9 { "zero" } else { "grid" };
        s.push_str(&format!(
            "<line class=\"{class}\" x1=\"{left}\" x2=\"{:.1}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\"/>\n",
            w - right
        ));
        s.push_str(&format!(
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left - 6.0,
            yy + 4.0,
            v.round() as i64
        ));
        v += step;
    }
    // Deal numbers along the bottom (at most about 12 labels).
    let every = (lg.rows.len() / 12).max(1);
    for k in (0..=lg.rows.len()).step_by(every) {
        s.push_str(&format!(
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{k}</text>\n",
            x(k),
            h - bottom + 18.0
        ));
    }
    s.push_str(&format!(
        "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">deal</text>\n",
        (left + w - right) / 2.0,
        h - 4.0
    ));
    for (i, pts) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let path: Vec<String> = pts
            .iter()
            .enumerate()
            .map(|(k, v)| format!("{:.1},{:.1}", x(k), y(*v)))
            .collect();
        s.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" points=\"{}\"/>\n",
            path.join(" ")
        ));
    }
    // Name and total at the end of each line, pushed apart where totals are close.
    let mut labels: Vec<(f64, usize, i64)> = series
        .iter()
        .enumerate()
        .map(|(i, pts)| {
            (
                y(*pts.last().unwrap_or(&0)) + 4.0,
                i,
                *pts.last().unwrap_or(&0),
            )
        })
        .collect();
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    for k in 1..labels.len() {
        if labels[k].0 - labels[k - 1].0 < 14.0 {
            labels[k].0 = labels[k - 1].0 + 14.0;
        }
    }
    for (ly, i, last) in labels {
        let colour = COLOURS[i % COLOURS.len()];
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{ly:.1}\" fill=\"{colour}\" class=\"label\">{} {last}</text>\n",
            x(series[i].len() - 1) + 8.0,
            esc(&lg.players[i])
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let raw = raw.max(1.0);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#222}
h1{margin-bottom:.2rem}h2{margin-top:2rem;font-size:1.15rem}
.sub{color:#666;margin-top:0}.next{background:#f4f6fa;border-left:4px solid #1f77b4;padding:.5rem .8rem}
table{border-collapse:collapse;font-size:.92rem}th,td{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}
th{background:#fafafa}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.bock td{background:#fff7e6}.out{color:#aaa}
.dot{display:inline-block;width:.7rem;height:.7rem;border-radius:50%;margin-right:.4rem;vertical-align:baseline}
.chart{max-width:100%;height:auto}.chart .grid{stroke:#e5e5e5}.chart .zero{stroke:#999}
.chart .axis{font-size:11px;fill:#666}.chart .label{font-size:12px;font-weight:600}
.foot{color:#888;font-size:.85rem;margin-top:1.5rem}";
