//! HTML pages. `league show --format html`: one self-contained page (no network): standings, an SVG
//! chart of every player's running total, and the sheet.

use crate::contract::Party;
use crate::deal::Role;
use crate::extras::Extra;
use crate::league::League;

use crate::lang::Lang;

use super::{party_names, signed};

/// Colours that stay apart for five players, on white and in print.
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];

/// `s` with HTML's special characters escaped.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `league show --format html`: the page, read-only.
pub fn league_page(lg: &League, lang: Lang) -> String {
    page(lg, None, lang)
}

/// What the served page has beyond the read-only one: the sheets' names (tabs), which one
/// this is, and the form.
pub struct Served<'a> {
    /// The names of the sheets served.
    pub sheets: &'a [String],
    /// Which sheet this page shows.
    pub current: usize,
    /// The `--lan` token every link and request carries.
    pub token: Option<&'a str>,
    /// Tournament files served: a link to each one's standings.
    pub tournaments: &'a [String],
}

/// The page: the same for `league show --format html` and `doko serve`, which adds the
/// sheets' tabs, the form and its script.
pub fn page(lg: &League, served: Option<&Served>, lang: Lang) -> String {
    let mut h = String::new();
    let title = crate::tr!(lang, "page.title", name = lg.name);
    h.push_str(&head(lang, &title, &format!("{CSS}\n{CHART_CSS}")));
    match served {
        Some(s) => h.push_str(&format!("<body data-sheet=\"{}\">\n", s.current)),
        None => h.push_str("<body>\n"),
    }
    if let Some(s) = served.filter(|s| s.sheets.len() > 1 || !s.tournaments.is_empty()) {
        h.push_str("<nav class=\"tabs\">");
        for (i, t) in s.tournaments.iter().enumerate() {
            let token = s
                .token
                .map_or(String::new(), |t| format!("&amp;t={}", esc(t)));
            h.push_str(&format!(
                "<a href=\"/tournament?sheet={i}{token}\">{}</a>",
                esc(&crate::tr!(lang, "page.standings_of", name = t))
            ));
        }
        for (i, name) in s.sheets.iter().enumerate() {
            let token = s
                .token
                .map_or(String::new(), |t| format!("&amp;t={}", esc(t)));
            let current = if i == s.current {
                " aria-current=\"page\""
            } else {
                ""
            };
            h.push_str(&format!(
                "<a href=\"/?sheet={i}{token}\"{current}>{}</a>",
                esc(name)
            ));
        }
        h.push_str("</nav>\n");
    }
    h.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n",
        esc(&lg.name),
        esc(lg.profile.title_in(lang)),
    ));
    if let Some(s) = served {
        h.push_str(&languages(lang, s.current, s.token));
    }
    // Phone: what comes next, the standings, the form, then the history. Wide: the
    // form beside the standings.
    h.push_str("<div class=\"top\">\n<div id=\"state\">\n");
    h.push_str(&state(lg, lang));
    h.push_str("</div>\n");
    if served.is_some() {
        h.push_str(&form(lg, lang));
    }
    h.push_str("</div>\n<div id=\"history\">\n");
    h.push_str(&history(lg, served.is_some(), lang));
    h.push_str("</div>\n");
    if served.is_some() {
        h.push_str(&money_form(lg, lang));
    }
    h.push_str(&format!(
        "<p class=\"foot\">{}</p>\n",
        esc(lang.t("page.foot"))
    ));
    if served.is_some() {
        h.push_str(&format!(
            "<script>\n{}\n{}\n</script>\n",
            script_words(lang),
            SCRIPT
        ));
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// The page's head: its language, title and style (the same for every page doko writes).
pub fn head(lang: Lang, title: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{}\n</style>\n</head>\n",
        lang.code(),
        esc(title),
        css
    )
}

/// Links to the page in each language (the served page: the user's pick wins over the
/// browser's `Accept-Language`).
fn languages(lang: Lang, sheet: usize, token: Option<&str>) -> String {
    let token = token.map_or(String::new(), |t| format!("&amp;t={}", esc(t)));
    let links: Vec<String> = Lang::ALL
        .iter()
        .map(|l| {
            let current = if *l == lang {
                " aria-current=\"true\""
            } else {
                ""
            };
            format!(
                "<a href=\"/?sheet={sheet}&amp;lang={}{token}\" hreflang=\"{}\" lang=\"{}\"{current}>{}</a>",
                l.code(),
                l.code(),
                l.code(),
                esc(l.t("page.language_name"))
            )
        })
        .collect();
    format!("<nav class=\"langs\">{}</nav>\n", links.join(" "))
}

/// The top of the page, which changes with the sheet: what comes next and the standings.
pub fn state(lg: &League, lang: Lang) -> String {
    let mut h = String::new();
    h.push_str(&format!(
        "<p class=\"count\">{}</p>\n<p class=\"next\" id=\"next\">{}</p>\n",
        esc(&crate::tr!(
            lang,
            "page.count",
            played = lg.rows.len(),
            deals = lg.deals
        )),
        esc(&lg.next_line(lang))
    ));
    h.push_str(&format!(
        "<h2>{}</h2>\n<table class=\"standings\" id=\"standings\">\n<tr><th>#</th><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th class=\"num\" title=\"{}\">{}</th></tr>\n",
        esc(lang.t("page.standings")),
        esc(lang.t("table.player")),
        esc(lang.t("table.points")),
        esc(lang.t("table.won")),
        esc(lang.t("table.solos")),
        esc(lang.t("table.bock_points")),
        esc(lang.t("page.bock")),
    ));
    for l in lg.standings() {
        let colour = lg
            .players
            .iter()
            .position(|p| p == &l.player)
            .map_or("#000", |i| COLOURS[i % COLOURS.len()]);
        h.push_str(&format!(
            "<tr data-player=\"{}\" data-points=\"{}\"><td>{}</td><td><span class=\"dot\" style=\"background:{colour}\"></span>{}</td><td class=\"num\"><b>{}</b></td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
            esc(&l.player),
            l.points,
            l.rank,
            esc(&l.player),
            l.points,
            l.won,
            l.solos,
            l.bock_points
        ));
    }
    h.push_str("</table>\n");
    h
}

/// The rest of the page, which changes with the sheet: the chart and the sheet (its rows
/// open the form to edit a deal where `editable`).
pub fn history(lg: &League, editable: bool, lang: Lang) -> String {
    let mut h = String::new();
    h.push_str(&format!("<h2>{}</h2>\n", esc(lang.t("page.running"))));
    h.push_str(&chart(lg, lang));

    h.push_str(&format!("<h2>{}</h2>\n", esc(lang.t("page.sheet"))));
    if editable {
        h.push_str(&format!(
            "<p class=\"hint\">{}</p>\n",
            esc(lang.t("page.tap_to_edit"))
        ));
    }
    h.push_str("<div class=\"scroll\"><table class=\"sheet\" id=\"sheet\">\n<tr class=\"head\">");
    let heads = [
        "table.deal",
        "table.dealer",
        "table.game",
        "party.re",
        "table.eyes",
        "table.winner",
        "table.value",
        "table.x",
    ]
    .map(|k| esc(lang.t(k)));
    for head in &heads {
        h.push_str(&format!("<th>{head}</th>"));
    }
    for p in &lg.players {
        h.push_str(&format!("<th class=\"num\">{}</th>", esc(p)));
    }
    let with_notes = lg.rows.iter().any(|r| r.result.facts.note.is_some())
        || lg.penalties.iter().any(|p| p.note.is_some());
    if with_notes {
        h.push_str(&format!("<th>{}</th>", esc(lang.t("page.note"))));
    }
    h.push_str("</tr>\n");
    let mut given = lg.penalties.iter().peekable();
    for (k, row) in lg.rows.iter().enumerate() {
        while let Some(p) = given.next_if(|p| p.after <= k) {
            h.push_str(&penalty_row(lg, p, &heads, with_notes, lang));
        }
        let r = &row.result;
        let mut class = Vec::new();
        if r.multiplier > 1 {
            class.push("bock");
        }
        if editable {
            class.push("edit");
        }
        let class = if class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", class.join(" "))
        };
        // On a phone each deal is a block: its facts, each after its column's name,
        // then a line of the players' points (`td.br` breaks the line; a table hides it).
        let [deal, dealer, game, re, eyes, winner, value, x] = &heads;
        h.push_str(&format!(
            "<tr{class} data-deal=\"{}\"><td class=\"num\" data-label=\"{deal}\">{}</td><td data-label=\"{dealer}\">{}</td><td data-label=\"{game}\">{}</td><td data-label=\"{re}\">{}</td><td class=\"num\" data-label=\"{eyes}\">{}:{}</td><td data-label=\"{winner}\">{}</td><td class=\"num\" data-label=\"{value}\">{}</td><td class=\"num\" data-label=\"{x}\">{}</td><td class=\"br\"></td>",
            r.facts.number,
            r.facts.number,
            esc(&lg.players[row.dealer]),
            esc(&if r.facts.compulsory {
                crate::tr!(lang, "page.compulsory", contract = r.facts.contract.title(lang))
            } else {
                r.facts.contract.title(lang).to_string()
            }),
            esc(&party_names(&lg.players, r, Party::Re).join(", ")),
            r.facts.re_eyes,
            r.facts.kontra_eyes,
            esc(super::winner_in(r, lang)),
            r.value(),
            r.multiplier
        ));
        for (i, total) in row.totals.iter().enumerate() {
            let cell = if r.facts.roles[i] == Role::Out {
                format!("<span class=\"out\">&ndash;</span> <b>{total}</b>")
            } else {
                format!("{} <b>{total}</b>", signed(r.scores[i]))
            };
            h.push_str(&format!(
                "<td class=\"num pl\" data-label=\"{}\">{cell}</td>",
                esc(&lg.players[i])
            ));
        }
        if with_notes {
            let note = r.facts.note.as_deref().unwrap_or("");
            h.push_str(&format!(
                "<td class=\"note\" data-label=\"{}\">{}</td>",
                esc(lang.t("page.note")),
                esc(note)
            ));
        }
        h.push_str("</tr>\n");
    }
    for p in given {
        h.push_str(&penalty_row(lg, p, &heads, with_notes, lang));
    }
    h.push_str("</table></div>\n");
    h
}

/// A penalty as a row of the page's sheet: "penalty", the offender, the points, and each
/// player's change with the running total.
fn penalty_row(
    lg: &League,
    p: &crate::league::Penalty,
    heads: &[String; 8],
    with_notes: bool,
    lang: Lang,
) -> String {
    let [_, _, game, re, _, _, value, _] = heads;
    let mut h = format!(
        "<tr class=\"penalty\"><td></td><td></td><td data-label=\"{game}\">{}</td><td data-label=\"{re}\">{}</td><td></td><td></td><td class=\"num\" data-label=\"{value}\">{}</td><td></td><td class=\"br\"></td>",
        esc(lang.t("league.penalty_word")),
        esc(&lg.players[p.player]),
        p.points
    );
    for (s, total) in p.totals.iter().enumerate() {
        let cell = match p.change_of(s) {
            Some(change) => format!("{} <b>{total}</b>", signed(change)),
            None => format!("<span class=\"out\">&ndash;</span> <b>{total}</b>"),
        };
        h.push_str(&format!(
            "<td class=\"num pl\" data-label=\"{}\">{cell}</td>",
            esc(&lg.players[s])
        ));
    }
    if with_notes {
        h.push_str(&format!(
            "<td class=\"note\" data-label=\"{}\">{}</td>",
            esc(lang.t("page.note")),
            esc(p.note.as_deref().unwrap_or(""))
        ));
    }
    h.push_str("</tr>\n");
    h
}

/// An SVG line chart of the running totals, deal 0 (all 0) to the last deal.
fn chart(lg: &League, lang: Lang) -> String {
    let mut series: Vec<Vec<i64>> = vec![vec![0]; lg.players.len()];
    for row in &lg.rows {
        for (i, t) in row.totals.iter().enumerate() {
            series[i].push(*t);
        }
    }
    let ticks: Vec<String> = (0..=lg.rows.len()).map(|k| k.to_string()).collect();
    line_chart(
        &lg.players,
        &series,
        &ticks,
        lang.t("page.axis_deal"),
        lang.t("page.running"),
    )
}

/// The chart's width in its own units: a phone's width, so that its text, drawn at 12.5
/// units, is never smaller than 12 px on a phone; wider screens scale it up to the
/// width the style sheet allows, and their style draws the text smaller in units.
const CHART_WIDTH: f64 = 360.0;

/// An SVG line chart: one line per name, each series starting at step 0, `ticks` naming
/// the steps (deal numbers, evenings' names), `axis` what a step is, `label` what it
/// shows (for screen readers); below it a legend in the page's text (name, colour, last
/// value), which stays readable at any width.
pub fn line_chart(
    names: &[String],
    series: &[Vec<i64>],
    ticks: &[String],
    axis: &str,
    label: &str,
) -> String {
    let label = esc(label);
    let steps = series
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .saturating_sub(1);
    let n = steps.max(1) as f64;
    // Tick labels longer than the room a step has are slanted; the bottom margin grows
    // with them (names are cut at 16 characters).
    let tick = |k: usize| -> String {
        let t = ticks.get(k).map_or(String::new(), |t| t.clone());
        if t.chars().count() > 16 {
            t.chars().take(15).chain(['\u{2026}']).collect()
        } else {
            t
        }
    };
    let longest = (0..=steps)
        .map(|k| unicode_width::UnicodeWidthStr::width(tick(k).as_str()))
        .max()
        .unwrap_or(0) as f64;
    // Upright labels are centred on their step: the last one needs half its width on
    // the right.
    let last_half = unicode_width::UnicodeWidthStr::width(tick(steps).as_str()) as f64 * 3.5;
    let (w, left, top) = (CHART_WIDTH, 40.0, 10.0);
    let right = (last_half + 2.0).max(14.0);
    let room = (w - left - right) / n;
    let every = ((longest * 7.0 + 6.0) / room).ceil().max(1.0) as usize;
    let slanted = every > 1 && longest > 3.0;
    let every = if slanted {
        ((18.0 / room).ceil() as usize).max(1)
    } else {
        every
    };
    let numbered = (0..=steps).all(|k| tick(k).parse::<i64>().is_ok());
    let bottom = if slanted {
        24.0 + longest * 7.0 * 0.64
    } else if numbered {
        40.0
    } else {
        26.0
    };
    let h = 200.0 + bottom;
    let lo = series.iter().flatten().copied().min().unwrap_or(0).min(0);
    let hi = series.iter().flatten().copied().max().unwrap_or(0).max(0);
    let span = ((hi - lo).max(1)) as f64;
    let x = |k: usize| left + (w - left - right) * k as f64 / n;
    let y = |v: i64| top + (h - top - bottom) * (hi - v) as f64 / span;
    let mut s = format!(
        "<figure class=\"chart\">\n<svg viewBox=\"0 0 {w} {h:.0}\" role=\"img\" aria-label=\"{label}\" xmlns=\"http://www.w3.org/2000/svg\">\n"
    );
    s.push_str(&grid(lo, hi, &y, left, w - right));
    let base = h - bottom + 16.0;
    for k in (0..=steps).step_by(every) {
        let t = esc(&tick(k));
        if slanted {
            s.push_str(&format!(
                "<text class=\"axis\" x=\"{:.1}\" y=\"{base:.1}\" text-anchor=\"end\" transform=\"rotate(-40 {:.1} {base:.1})\">{t}</text>\n",
                x(k),
                x(k)
            ));
        } else {
            s.push_str(&format!(
                "<text class=\"axis\" x=\"{:.1}\" y=\"{base:.1}\" text-anchor=\"middle\">{t}</text>\n",
                x(k)
            ));
        }
    }
    // The axis's name under numbers; names of evenings say what they are.
    if !slanted && numbered {
        s.push_str(&format!(
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            (left + w - right) / 2.0,
            h - 4.0,
            esc(axis)
        ));
    }
    for (i, pts) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let path: Vec<String> = pts
            .iter()
            .enumerate()
            .map(|(k, v)| format!("{:.1},{:.1}", x(k), y(*v)))
            .collect();
        s.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" vector-effect=\"non-scaling-stroke\" points=\"{}\"/>\n",
            path.join(" ")
        ));
    }
    s.push_str("</svg>\n");
    s.push_str(&legend(names, series));
    s.push_str("</figure>\n");
    s
}

/// The chart's horizontal grid from `lo` to `hi` between `left` and `right`: about five
/// steps, always the zero line, each with its value.
fn grid(lo: i64, hi: i64, y: &dyn Fn(i64) -> f64, left: f64, right: f64) -> String {
    let mut s = String::new();
    let step = nice_step((hi - lo).max(1) as f64 / 5.0);
    let mut v = (lo as f64 / step).ceil() * step;
    while v <= hi as f64 + 1e-9 {
        let yy = y(v.round() as i64);
        let class = if v.abs() < 1e-9 { "zero" } else { "grid" };
        s.push_str(&format!(
            "<line class=\"{class}\" x1=\"{left}\" x2=\"{right:.1}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\"/>\n"
        ));
        s.push_str(&format!(
            "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            left - 5.0,
            yy + 4.0,
            v.round() as i64
        ));
        v += step;
    }
    s
}

/// The chart's legend in the page's text: each name in its line's colour with its last
/// value, best first.
fn legend(names: &[String], series: &[Vec<i64>]) -> String {
    let mut s = String::from("<figcaption><ul class=\"legend\">");
    let mut order: Vec<(usize, i64)> = series
        .iter()
        .enumerate()
        .map(|(i, pts)| (i, *pts.last().unwrap_or(&0)))
        .collect();
    order.sort_by_key(|(i, last)| (std::cmp::Reverse(*last), *i));
    for (i, last) in order {
        let colour = COLOURS[i % COLOURS.len()];
        s.push_str(&format!(
            "<li><span class=\"dot\" style=\"background:{colour}\"></span>{} <b>{last}</b></li>",
            esc(&names[i])
        ));
    }
    s.push_str("</ul></figcaption>\n");
    s
}

/// The chart's style, shared by the league page and the season's page: text at 12.5
/// units is 12.7 px on a 390 px phone; narrower phones draw it larger, wider screens
/// (where the chart grows to 36rem) smaller in units, about 14 px.
pub const CHART_CSS: &str = ".chart{margin:0;max-width:36rem}.chart svg{width:100%;height:auto;display:block}
.chart .grid{stroke:#e5e5e5}.chart .zero{stroke:#999}.chart text{font-size:12.5px;fill:#555}
@media (max-width:23.5rem){.chart text{font-size:15px}}@media (min-width:40rem){.chart text{font-size:9px}}
.legend{list-style:none;margin:.3rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;font-size:.95rem}
.dot{display:inline-block;width:.7rem;height:.7rem;border-radius:50%;margin-right:.4rem;vertical-align:baseline}";

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

/// One style sheet for the read-only and the served page; phone first (390 px wide and
/// up), wider screens get more room.
const CSS: &str = "*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;max-width:64rem;padding:.6rem .7rem 2rem;color:#222;font-size:16px;line-height:1.35}
h1{margin:.3rem 0 .1rem;font-size:1.4rem}h2{margin:1.4rem 0 .5rem;font-size:1.1rem}
.sub,.count,.hint{color:#666;margin:.1rem 0}.hint{font-size:.85rem}
.next{background:#f4f6fa;border-left:4px solid #1f77b4;padding:.5rem .7rem;margin:.5rem 0}
table{border-collapse:collapse;font-size:.92rem}th,td{padding:.3rem .45rem;border-bottom:1px solid #ddd;text-align:left}
th{background:#fafafa}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.standings{width:100%;max-width:36rem}.standings td{padding:.45rem .45rem}
@media (max-width:25rem){.standings th,.standings td{padding-left:.25rem;padding-right:.25rem}.standings th{font-size:.8rem}}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
.sheet td.num{white-space:nowrap}.sheet th{vertical-align:bottom}.sheet td.br{display:none}tr.edit{cursor:pointer}tr.edit td{height:2.75rem}tr.edit:hover td{background:#eef4ff}
tr.bock,tr.bock td{background:#fff7e6}tr.penalty,tr.penalty td{background:#fdecec}.out{color:#aaa}
.tabs a,.langs a{display:inline-flex;align-items:center;min-height:2.75rem;min-width:2.75rem;justify-content:center}
.langs{display:flex;flex-wrap:wrap;gap:.2rem .9rem}
.tabs{display:flex;gap:.3rem;flex-wrap:wrap}.tabs a{padding:.3rem .6rem;border:1px solid #ccd;border-radius:1rem;text-decoration:none;color:#1f4f9f}
.tabs a[aria-current]{background:#1f77b4;color:#fff}
form.deal{background:#f7f8fb;border:1px solid #dde;border-radius:.6rem;padding:.6rem .7rem;margin-top:1rem;max-width:36rem}
form.deal h2{margin:.2rem 0 .4rem}
fieldset{border:0;padding:0;margin:.5rem 0}legend,.lbl{font-size:.85rem;color:#555;margin-bottom:.25rem;display:block}
.chips{display:flex;flex-wrap:wrap;gap:.35rem}
.chip{font:inherit;min-height:2.75rem;min-width:2.75rem;padding:.35rem .8rem;border:1px solid #aab;border-radius:1.3rem;background:#fff;color:#222}
.chip[aria-pressed=true]{background:#1f77b4;border-color:#1f77b4;color:#fff}
.chip.out{opacity:.45}.chip small{font-size:.75rem;margin-left:.2rem}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
label{display:block;margin:.45rem 0}select,input[type=number],input[type=text]{font:inherit;width:100%;min-height:2.75rem;padding:.3rem .5rem;border:1px solid #aab;border-radius:.4rem;background:#fff}
label.check{display:flex;align-items:center;gap:.5rem;min-height:2.75rem}summary{min-height:2.75rem;line-height:2.75rem;cursor:pointer}label.check input{width:1.75rem;height:1.75rem;margin:0}
.buttons{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:.6rem}
button.main,button.second{font:inherit;min-height:2.8rem;min-width:2.75rem;padding:.4rem 1.1rem;border-radius:.5rem;border:1px solid #1f77b4}
button.main{background:#1f77b4;color:#fff;font-weight:600;flex:1 0 auto}button.second{background:#fff;color:#1f4f9f;flex:0 1 auto}
button.main:disabled{background:#c5ced9;border-color:#c5ced9;color:#f5f7fa;cursor:not-allowed}
form.deal.done>fieldset,form.deal.done>.grid2,form.deal.done>label,form.deal.done>details:not(.penalty),form.deal.done #save,form.deal.done #check{display:none}
button.danger{border-color:#b33;color:#b33}
#check{min-height:1.4rem;margin:.4rem 0;white-space:pre-wrap;font-size:.9rem}
#check.ok{color:#17632a}#check.err{color:#a11}#done{white-space:pre-wrap;font-size:.9rem;color:#17632a}
.foot{color:#888;font-size:.85rem;margin-top:1.5rem}
@media (max-width:47.99rem){.sheet,.sheet tbody,.sheet tr{display:block}.sheet tr.head{display:none}
.sheet tr{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:.8rem;padding:.45rem .2rem;border-bottom:1px solid #ddd}
.sheet td{border:0;padding:.05rem 0;white-space:normal;height:auto}tr.edit td{height:auto}
.sheet td[data-label]::before{content:attr(data-label);color:#777;font-size:.75rem;margin-right:.3rem}
.sheet td.br{display:block;flex-basis:100%;height:0;padding:0}.sheet td.note{flex-basis:100%}.sheet td.note:empty{display:none}
.sheet td.pl{flex:1 1 0;min-width:3.6rem;text-align:right}.sheet td.pl::before{display:block;margin:0}}
@media (min-width:48rem){body{padding:1.5rem 1rem 2rem}h1{font-size:1.8rem}}
@media (min-width:60rem){.top{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem;align-items:start}}";

/// The form to add (or edit) a deal: only what the sheet's profile plays is offered.
pub fn form(lg: &League, lang: crate::lang::Lang) -> String {
    let t = |k: &str| esc(lang.t(k));
    let p = &lg.profile;
    // A complete sheet offers no new deal: only editing one (tap its row), undo, penalties.
    let done = lg.is_complete();
    let mut h = String::from(if done {
        "<form class=\"deal done\" id=\"deal\" autocomplete=\"off\" novalidate>\n"
    } else {
        "<form class=\"deal\" id=\"deal\" autocomplete=\"off\" novalidate>\n"
    });
    let title = if done {
        lang.t("page.complete_form").to_string()
    } else {
        crate::tr!(lang, "page.deal_n", n = lg.rows.len() + 1)
    };
    h.push_str(&format!("<h2 id=\"form-title\">{}</h2>\n", esc(&title)));
    let out: Vec<&str> = lg
        .next
        .sits_out
        .iter()
        .map(|&i| lg.players[i].as_str())
        .collect();
    h.push_str(&format!(
        "<fieldset><legend>{}</legend><div class=\"chips\" id=\"re\">",
        t("page.tap_re")
    ));
    for name in &lg.players {
        let class = if out.contains(&name.as_str()) {
            "chip out"
        } else {
            "chip"
        };
        h.push_str(&format!(
            "<button type=\"button\" class=\"{class}\" aria-pressed=\"false\" data-name=\"{0}\">{0}</button>",
            esc(name)
        ));
    }
    h.push_str("</div></fieldset>\n");
    h.push_str(&format!(
        "<div class=\"grid2\"><label><span class=\"lbl\">{}</span><select name=\"contract\">",
        t("table.game")
    ));
    for c in &p.contracts.allowed {
        h.push_str(&format!(
            "<option value=\"{}\">{}</option>",
            c.name(),
            esc(c.title(lang))
        ));
    }
    h.push_str("</select></label>\n");
    let total = p.deck().total_eyes();
    h.push_str(&format!(
        "<label><span class=\"lbl\">{}</span><input type=\"number\" name=\"re_points\" inputmode=\"numeric\" min=\"0\" max=\"{total}\" placeholder=\"{}\"></label></div>\n",
        t("page.re_eyes"),
        esc(&crate::tr!(lang, "page.range", total = total))
    ));
    if p.league.compulsory_solos > 0 {
        h.push_str(&format!(
            "<label class=\"check\"><input type=\"checkbox\" name=\"compulsory\"> {}</label>\n",
            t("page.compulsory_solo")
        ));
    }
    h.push_str(&calls_and_extras(p, lang));
    if p.knocking.allowed {
        h.push_str(&format!(
            "<label><span class=\"lbl\">{}</span><select name=\"knock\"><option value=\"\">{}</option><option value=\"re\">{}</option><option value=\"both\">{}</option></select></label>\n",
            t("page.knocked"),
            t("page.nobody"),
            t("party.re"),
            t("page.knocked_back")
        ));
    }
    h.push_str(&format!(
        "<details><summary>{}</summary><div class=\"grid2\">",
        t("page.more")
    ));
    for (key, label) in [
        ("kontra_points", "page.kontra_eyes"),
        ("re_tricks", "page.re_tricks"),
        ("kontra_tricks", "page.kontra_tricks"),
    ] {
        h.push_str(&format!(
            "<label><span class=\"lbl\">{}</span><input type=\"number\" name=\"{key}\" inputmode=\"numeric\" min=\"0\"></label>",
            t(label)
        ));
    }
    h.push_str("</div></details>\n");
    h.push_str(&format!(
        "<label><span class=\"lbl\">{}</span><input type=\"text\" name=\"note\" maxlength=\"200\"></label>\n",
        t("page.note")
    ));
    h.push_str("<p id=\"check\" role=\"status\" aria-live=\"polite\"></p>\n");
    h.push_str(&format!(
        "<div class=\"buttons\"><button type=\"submit\" class=\"main\" id=\"save\">{}</button><button type=\"button\" class=\"second\" id=\"cancel\" hidden>{}</button><button type=\"button\" class=\"second danger\" id=\"undo\">{}</button></div>\n",
        t("page.add"),
        t("page.cancel"),
        t("page.undo")
    ));
    h.push_str("<p id=\"done\" role=\"status\" aria-live=\"polite\"></p>\n");
    h.push_str(&table_actions(lg, lang));
    h
}

/// The actions beside the form: a penalty (TSR 9) after the last deal, and ending a round
/// against the clock (TSR 8.6); the form ends after them.
fn table_actions(lg: &League, lang: crate::lang::Lang) -> String {
    let t = |k: &str| esc(lang.t(k));
    let p = &lg.profile;
    let mut h = String::new();
    // A penalty (TSR 9) after the last deal: the offender, the profile's points.
    h.push_str(&format!(
        "<details class=\"penalty\"><summary>{}</summary><div class=\"grid2\"><label><span class=\"lbl\">{}</span><select name=\"penalty_player\">",
        t("page.penalty"),
        t("table.player")
    ));
    for name in &lg.players {
        h.push_str(&format!("<option value=\"{0}\">{0}</option>", esc(name)));
    }
    h.push_str(&format!(
        "</select></label><label><span class=\"lbl\">{}</span><input type=\"number\" name=\"penalty_points\" inputmode=\"numeric\" min=\"1\" placeholder=\"{}\"></label></div><div class=\"buttons\"><button type=\"button\" class=\"second danger\" id=\"penalize\">{}</button></div></details>\n",
        t("table.points"),
        p.league.penalty,
        t("page.penalize")
    ));
    // A round against the clock ends by hand (TSR 8.6).
    if lg.clock.minutes > 0 && lg.clock.closed.is_none() {
        h.push_str(&format!(
            "<div class=\"buttons\"><button type=\"button\" class=\"second danger\" id=\"close\">{}</button></div>\n",
            t("page.close_round")
        ));
    }
    h.push_str("</form>\n");
    h
}

/// The sheet's money (`league settle`), asked for on the page: the price of a point in the
/// currency's smallest unit and the model; the answer fills `#money-out` ([`money`]).
fn money_form(lg: &League, lang: Lang) -> String {
    let t = |k: &str| esc(lang.t(k));
    let unit = lg.profile.league.currency.amount(1, false, lang);
    format!(
        "<details id=\"money\"><summary>{}</summary><div class=\"grid2\"><label><span class=\"lbl\">{}</span><input type=\"number\" id=\"cents\" inputmode=\"numeric\" min=\"1\" max=\"{}\"></label><label><span class=\"lbl\">{}</span><select id=\"model\"><option value=\"linear\">{}</option><option value=\"leader\">{}</option></select></label></div><div class=\"buttons\"><button type=\"button\" class=\"second\" id=\"settle\">{}</button></div><div id=\"money-out\" role=\"status\"></div></details>\n",
        t("page.money"),
        esc(&crate::tr!(lang, "page.money_price", unit = unit)),
        crate::club::settle::MAX_CENTS_PER_POINT,
        t("page.money_model"),
        t("settle.linear"),
        t("settle.leader"),
        t("page.settle"),
    )
}

/// The money of a sheet as `league settle` says it, in the sheet's currency: the price,
/// each player's points and balance, then who pays whom.
pub fn money(lg: &League, s: &crate::club::settle::Settlement, lang: Lang) -> String {
    let currency = lg.profile.league.currency;
    let t = |k: &str| esc(lang.t(k));
    let mut h = format!(
        "<p class=\"hint\">{}</p>\n<table class=\"money\" id=\"balances\"><tr><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th></tr>\n",
        esc(&super::league::settle_title(lg, s, currency, lang)),
        t("table.player"),
        t("table.points"),
        t("settle.balance")
    );
    for ((player, balance), points) in s.balances.0.iter().zip(&lg.session.totals) {
        h.push_str(&format!(
            "<tr data-player=\"{0}\" data-cents=\"{balance}\"><td>{0}</td><td class=\"num\">{points}</td><td class=\"num\">{1}</td></tr>\n",
            esc(player),
            esc(&currency.amount(*balance, true, lang))
        ));
    }
    h.push_str("</table>\n");
    if s.transfers.is_empty() {
        h.push_str(&format!("<p>{}</p>\n", t("settle.nobody_pays")));
        return h;
    }
    h.push_str("<ul id=\"transfers\">");
    for tr in &s.transfers {
        h.push_str(&format!(
            "<li data-cents=\"{}\">{} → {}: {}</li>",
            tr.amount_cents,
            esc(&tr.from),
            esc(&tr.to),
            esc(&currency.amount(tr.amount_cents, false, lang))
        ));
    }
    h.push_str("</ul>\n");
    h
}

/// The form's calls of both parties (as far as the profile has calls) and the extras it
/// scores, as chips.
fn calls_and_extras(p: &crate::variant::Profile, lang: crate::lang::Lang) -> String {
    use crate::contract::Party;
    let mut h = String::new();
    let t = |k: &str| esc(lang.t(k));
    if p.calls.levels > 0 {
        h.push_str("<div class=\"grid2\">");
        for party in [Party::Re, Party::Kontra] {
            let key = party.key();
            h.push_str(&format!(
                "<label><span class=\"lbl\">{}</span><select name=\"{key}_calls\"><option value=\"\">{}</option>",
                esc(&crate::tr!(lang, "page.calls", party = party.text().render(lang))),
                t("page.none")
            ));
            for call in crate::calls::Call::ALL.iter().take(p.calls.levels as usize) {
                let label = call.title(party, lang);
                h.push_str(&format!(
                    "<option value=\"{}\">{}</option>",
                    call.word(party),
                    esc(&label)
                ));
            }
            h.push_str("</select></label>");
        }
        h.push_str("</div>\n");
    }
    let extras: Vec<Extra> = Extra::all().filter(|x| p.extra_points(*x) != 0).collect();
    if !extras.is_empty() {
        for party in [Party::Re, Party::Kontra] {
            h.push_str(&format!(
                "<fieldset><legend>{}</legend><div class=\"chips\" data-party=\"{}\">",
                esc(&crate::tr!(
                    lang,
                    "page.extras",
                    party = party.text().render(lang)
                )),
                party.key()
            ));
            for x in &extras {
                // The chip counts up to what one deal can hold (the sheet's check), then
                // back to none.
                let most = crate::play::most_a_deal(*x, p).unwrap_or_else(|| p.hand_size());
                h.push_str(&format!(
                    "<button type=\"button\" class=\"chip\" aria-pressed=\"false\" data-extra=\"{}\" data-count=\"0\" data-max=\"{most}\">{}<small></small></button>",
                    x.name(),
                    esc(x.title(lang))
                ));
            }
            h.push_str("</div></fieldset>\n");
        }
    }
    h
}

/// The words of the page's script in `lang`, as `const T = {...};` (`{n}` is a deal's
/// number).
pub fn script_words(lang: crate::lang::Lang) -> String {
    let words: std::collections::BTreeMap<&str, &str> = [
        ("deal", "page.deal_n"),
        ("edit", "page.edit_n"),
        ("save", "page.save_n"),
        ("add", "page.add"),
        ("undo", "page.undo"),
        ("again", "page.again_n"),
        ("complete", "page.complete_form"),
        ("no_answer", "page.no_answer"),
    ]
    .into_iter()
    .map(|(k, key)| (k, lang.t(key)))
    .collect();
    // `</` inside a script would end it: JSON lets it be written `<\/`.
    let json = serde_json::to_string(&words)
        .unwrap_or_else(|_| "{}".into())
        .replace("</", "<\\/");
    format!("const T = {json};")
}

/// The served page's script: it sends the form, shows what the server says of a deal
/// and keeps the page up to date.
pub const SCRIPT: &str = include_str!("page.js");

#[cfg(test)]
mod tests {
    use super::calls_and_extras;
    use crate::lang::Lang;
    use crate::variant::test_profile;

    /// The value of `data-max` on the chip of `extra` in the form's extras.
    fn chip_max(html: &str, extra: &str) -> Option<usize> {
        let at = html.find(&format!("data-extra=\"{extra}\""))?;
        let rest = &html[at..];
        let max = rest.split("data-max=\"").nth(1)?;
        max.split('"').next()?.parse().ok()
    }

    /// A chip counts up to what one deal can hold under the profile (the sheet's check):
    /// two foxes where the deck has two ♦A, one in Kloepper's deck of one copy, one fox
    /// winning the last trick, a heart trick in every trick.
    #[test]
    fn an_extras_chip_counts_up_to_the_profiles_most() {
        let ddv = calls_and_extras(&test_profile("ddv", &[]), Lang::En);
        assert_eq!(chip_max(&ddv, "fox"), Some(2), "{ddv}");
        assert_eq!(chip_max(&ddv, "karlchen"), Some(1));
        let more = test_profile(
            "ddv",
            &[
                ("extras.heart_trick", "1"),
                ("extras.fox_wins_last_trick", "1"),
            ],
        );
        let more = calls_and_extras(&more, Lang::En);
        assert_eq!(chip_max(&more, "heart-trick"), Some(12));
        assert_eq!(chip_max(&more, "fox-wins-last-trick"), Some(1));
        let kloepper = test_profile("kloepper", &[("extras.fox", "1")]);
        let copies = usize::from(kloepper.deck.copies);
        let kloepper = calls_and_extras(&kloepper, Lang::En);
        assert_eq!(chip_max(&kloepper, "fox"), Some(copies), "{kloepper}");
    }
}
