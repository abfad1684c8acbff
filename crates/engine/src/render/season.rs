//! `stats`: a season over several evenings, as a table, CSV or an HTML page.

use super::csv_text;
use crate::club::stats::{self, Season};
use crate::error::Result;
use crate::lang::Lang;

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

fn header(lang: Lang) -> Vec<&'static str> {
    [
        "table.player",
        "stats.sheets",
        "summary.deals",
        "table.points",
        "stats.per_deal",
        "table.won",
        "table.solos",
        "stats.solos_won",
        "summary.re_won",
        "summary.kontra_won",
        "stats.bock",
        "stats.best",
        "stats.worst",
    ]
    .map(|k| lang.t(k))
    .to_vec()
}

/// "2 evenings:" and the files, one a line (a list of paths on one line outgrows a
/// terminal).
fn evenings(lang: Lang, s: &Season) -> String {
    let count = s.evenings.len();
    let files: String = s.evenings.iter().map(|e| format!("\n  {e}")).collect();
    if count == 1 {
        crate::tr!(lang, "stats.evening", count = count, files = files)
    } else {
        crate::tr!(lang, "stats.evenings", count = count, files = files)
    }
}

/// A player's row; `name` names an evening (its path in a terminal, its short name on
/// the page).
fn row(p: &stats::PlayerStats, lang: Lang, name: &dyn Fn(&str) -> String) -> Vec<String> {
    let evening = |e: &Option<stats::EveningPoints>| {
        e.as_ref().map_or(String::new(), |e| {
            format!("{} ({})", e.points, name(&e.evening))
        })
    };
    vec![
        p.player.clone(),
        p.sheets.to_string(),
        p.deals.to_string(),
        p.points.to_string(),
        lang.decimal(p.points_per_deal, 2),
        p.won.to_string(),
        p.solos.to_string(),
        p.solos_won.to_string(),
        percent(p.re_win_rate),
        percent(p.kontra_win_rate),
        p.bock_points.to_string(),
        evening(&p.best),
        evening(&p.worst),
    ]
}

/// The season as a table (terminal or Markdown).
pub fn text(s: &Season, markdown: bool, lang: Lang) -> String {
    let mut out = evenings(lang, s);
    out.push_str("\n\n");
    let mut t = super::new_table(markdown);
    let mut head: Vec<String> = header(lang).into_iter().map(String::from).collect();
    if let Some(n) = s.best_of {
        head.insert(1, crate::tr!(lang, "stats.best_of", n = n));
    }
    t.set_header(head);
    for p in &s.players {
        let mut r = row(p, lang, &|e| e.to_string());
        if let Some(b) = p.best_of {
            r.insert(1, b.to_string());
        }
        t.add_row(r);
    }
    // Narrow terminals do without the worst and best evenings, then Bock.
    let shift = usize::from(s.best_of.is_some());
    super::fit(&mut t, &[12 + shift, 11 + shift, 10 + shift]);
    out.push_str(&t.to_string());
    out.push('\n');
    out
}

/// The season as CSV: a row per player.
pub fn csv(s: &Season) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head = vec![
        "player",
        "sheets",
        "deals",
        "points",
        "points_per_deal",
        "won",
        "solos",
        "solos_won",
        "re_deals",
        "re_won",
        "kontra_deals",
        "kontra_won",
        "bock_points",
        "best",
        "worst",
    ];
    // A series counting the best N evenings: their sum, last.
    if s.best_of.is_some() {
        head.push("best_of");
    }
    w.write_record(&head)?;
    for p in &s.players {
        let ev = |e: &Option<stats::EveningPoints>| {
            e.as_ref().map_or(String::new(), |e| e.points.to_string())
        };
        let mut r = vec![
            p.player.clone(),
            p.sheets.to_string(),
            p.deals.to_string(),
            p.points.to_string(),
            format!("{:.4}", p.points_per_deal),
            p.won.to_string(),
            p.solos.to_string(),
            p.solos_won.to_string(),
            p.re_deals.to_string(),
            p.re_won.to_string(),
            p.kontra_deals.to_string(),
            p.kontra_won.to_string(),
            p.bock_points.to_string(),
            ev(&p.best),
            ev(&p.worst),
        ];
        if let Some(b) = p.best_of {
            r.push(b.to_string());
        }
        w.write_record(&r)?;
    }
    csv_text(w)
}

/// The season's page: the table and every player's points over the evenings.
pub fn page(s: &Season, lang: Lang) -> String {
    let title = lang.t("stats.title");
    let css = format!("{CSS}\n{}", super::html::CHART_CSS);
    let mut h = super::html::head(lang, &format!("{title} - doko"), &css);
    h.push_str(&format!(
        "<body>\n<h1>{}</h1>\n<p class=\"sub\">{}</p>\n<h2>{}</h2>\n",
        super::html::esc(title),
        super::html::esc(&evenings(lang, s)),
        super::html::esc(lang.t("stats.chart"))
    ));
    let (names, series): (Vec<String>, Vec<Vec<i64>>) = s
        .cumulative
        .0
        .iter()
        .map(|(n, c)| {
            (
                n.clone(),
                std::iter::once(0).chain(c.iter().copied()).collect(),
            )
        })
        .unzip();
    let labels = s.labels();
    let ticks: Vec<String> = std::iter::once(String::new())
        .chain(labels.iter().cloned())
        .collect();
    h.push_str(&super::html::line_chart(
        &names,
        &series,
        &ticks,
        lang.t("page.axis_evening"),
        lang.t("stats.chart"),
    ));
    h.push_str(&format!(
        "<h2>{}</h2>\n<div class=\"scroll\"><table id=\"players\">\n<tr class=\"head\">",
        super::html::esc(lang.t("stats.players"))
    ));
    for (i, c) in header(lang).into_iter().enumerate() {
        h.push_str(&format!("<th>{}</th>", super::html::esc(c)));
        if i == 0
            && let Some(n) = s.best_of
        {
            let best = crate::tr!(lang, "stats.best_of", n = n);
            h.push_str(&format!("<th>{}</th>", super::html::esc(&best)));
        }
    }
    h.push_str("</tr>\n");
    for p in &s.players {
        h.push_str(&format!(
            "<tr data-player=\"{}\" data-points=\"{}\" data-deals=\"{}\">",
            super::html::esc(&p.player),
            p.points,
            p.deals
        ));
        let heads = header(lang);
        let label = |e: &str| {
            s.evenings
                .iter()
                .position(|x| x == e)
                .map_or_else(|| e.to_string(), |i| labels[i].clone())
        };
        for (i, c) in row(p, lang, &label).iter().enumerate() {
            let class = if i == 0 {
                String::new()
            } else {
                format!(
                    " class=\"num\" data-label=\"{}\"",
                    super::html::esc(heads[i])
                )
            };
            h.push_str(&format!("<td{class}>{}</td>", super::html::esc(c)));
            if i == 0
                && let Some(b) = p.best_of
            {
                let best = crate::tr!(lang, "stats.best_of", n = s.best_of.unwrap_or(0));
                h.push_str(&format!(
                    "<td class=\"num\" data-label=\"{}\">{b}</td>",
                    super::html::esc(&best)
                ));
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n</body>\n</html>\n");
    h
}

const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:1rem auto;max-width:64rem;padding:0 .8rem;color:#222}
h1{margin:.3rem 0 .1rem}h2{font-size:1.1rem;margin-top:1.5rem}.sub{color:#666}
table{border-collapse:collapse;font-size:.92rem}th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left}td.num{white-space:nowrap}th{vertical-align:bottom}
th{background:#fafafa}td.num{text-align:right;font-variant-numeric:tabular-nums}.scroll{overflow-x:auto}
.sub{white-space:pre-line;overflow-wrap:anywhere}
@media (max-width:47.99rem){#players,#players tbody,#players tr{display:block}#players tr.head{display:none}
#players tr{display:flex;flex-wrap:wrap;column-gap:1rem;padding:.45rem .2rem;border-bottom:1px solid #ddd}
#players td{border:0;padding:.05rem 0;white-space:normal}#players td:first-child{flex-basis:100%;font-weight:600}
#players td[data-label]::before{content:attr(data-label);color:#777;font-size:.8rem;margin-right:.3rem}}";

/// A rating as the tables write it: one decimal.
fn rating_value(r: f64, lang: Lang) -> String {
    lang.decimal(r, 1)
}

/// `stats --rating`: each player's rating, best first, with her deals and her change.
pub fn rating_text(
    ratings: &[crate::club::rating::PlayerRating],
    markdown: bool,
    lang: Lang,
) -> String {
    let mut t = super::new_table(markdown);
    t.set_header(
        [
            "table.rank",
            "table.player",
            "stats.rating",
            "summary.deals",
            "stats.change",
        ]
        .map(|k| lang.t(k)),
    );
    for (i, r) in ratings.iter().enumerate() {
        let first = r.history.first().copied().unwrap_or(r.rating);
        let change = r.rating - first;
        let sign = if change > 0.0 { "+" } else { "" };
        t.add_row(vec![
            (i + 1).to_string(),
            r.player.clone(),
            rating_value(r.rating, lang),
            r.deals.to_string(),
            format!("{sign}{}", rating_value(change, lang)),
        ]);
    }
    format!("{}\n", super::fitted(t))
}

/// `stats --rating --format csv`: a row per player and deal of her history.
pub fn rating_csv(ratings: &[crate::club::rating::PlayerRating]) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["player", "deal", "rating"])?;
    for r in ratings {
        for (k, v) in r.history.iter().enumerate() {
            w.write_record([r.player.clone(), k.to_string(), format!("{v:.4}")])?;
        }
    }
    csv_text(w)
}

/// `stats --rating --format html`: every player's rating curve over her deals and the
/// table.
pub fn rating_page(ratings: &[crate::club::rating::PlayerRating], lang: Lang) -> String {
    let title = lang.t("stats.rating_title");
    let css = format!("{CSS}\n{}", super::html::CHART_CSS);
    let mut h = super::html::head(lang, &format!("{title} - doko"), &css);
    h.push_str(&format!(
        "<body>\n<h1>{}</h1>\n<p class=\"sub\">{}</p>\n",
        super::html::esc(title),
        super::html::esc(lang.t("stats.rating_about"))
    ));
    let names: Vec<String> = ratings.iter().map(|r| r.player.clone()).collect();
    let series: Vec<Vec<i64>> = ratings
        .iter()
        .map(|r| r.history.iter().map(|v| v.round() as i64).collect())
        .collect();
    let steps = series.iter().map(Vec::len).max().unwrap_or(1);
    let ticks: Vec<String> = (0..steps).map(|k| k.to_string()).collect();
    h.push_str(&super::html::line_chart(
        &names,
        &series,
        &ticks,
        lang.t("page.axis_deal"),
        title,
    ));
    h.push_str("<div class=\"scroll\"><table id=\"ratings\">\n<tr class=\"head\">");
    for k in [
        "table.rank",
        "table.player",
        "stats.rating",
        "summary.deals",
    ] {
        h.push_str(&format!("<th>{}</th>", super::html::esc(lang.t(k))));
    }
    h.push_str("</tr>\n");
    for (i, r) in ratings.iter().enumerate() {
        h.push_str(&format!(
            "<tr data-player=\"{0}\"><td>{1}</td><td>{0}</td><td class=\"num\">{2}</td><td class=\"num\">{3}</td></tr>\n",
            super::html::esc(&r.player),
            i + 1,
            rating_value(r.rating, lang),
            r.deals
        ));
    }
    h.push_str("</table></div>\n</body>\n</html>\n");
    h
}
