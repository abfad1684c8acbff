//! Tournaments: what `tournament new`, `draw` and `show` print, and the standings page.

use super::csv_text;
use super::html::esc;
use crate::club::tournament::{self, Ranking, Round, Standings, Tournament};
use crate::error::Result;
use crate::lang::Lang;

/// "cup.toml: new tournament of 12 players, 3 rounds at 3 tables (3 of four), ranked by
/// sum" and the next command.
pub fn created(file: &str, t: &Tournament, lang: Lang) -> String {
    let sizes = crate::club::draw::table_sizes(t.players.len()).unwrap_or_default();
    let rounds = if t.rounds == 1 {
        lang.t("tournament.round_one").to_string()
    } else {
        crate::tr!(lang, "tournament.rounds", count = t.rounds)
    };
    let tables = if sizes.len() == 1 {
        lang.t("tournament.table_one").to_string()
    } else {
        crate::tr!(lang, "tournament.tables", count = sizes.len())
    };
    let line = crate::tr!(
        lang,
        "tournament.new",
        file = file,
        players = t.players.len(),
        rounds = rounds,
        tables = tables,
        sizes = table_words(lang, &sizes),
        ranking = ranking_word(lang, t.ranking)
    );
    let next = crate::tr!(lang, "tournament.next", file = file);
    format!("{line}\n{next}\n")
}

/// "3 of four, 1 of five".
fn table_words(lang: Lang, sizes: &[usize]) -> String {
    let fours = sizes.iter().filter(|&&s| s == 4).count();
    let fives = sizes.len() - fours;
    let four = || crate::tr!(lang, "tournament.fours", count = fours);
    let five = || crate::tr!(lang, "tournament.fives", count = fives);
    match (fours, fives) {
        (_, 0) => four(),
        (0, _) => five(),
        _ => crate::tr!(lang, "tournament.both", fours = four(), fives = five()),
    }
}

/// The ranking's word ("sum"; de "Summe").
fn ranking_word(lang: Lang, ranking: Ranking) -> &'static str {
    match ranking {
        Ranking::Sum => lang.t("tournament.by_sum"),
        Ranking::Average => lang.t("tournament.by_average"),
        Ranking::Placement => lang.t("tournament.by_placement"),
        Ranking::Seeger => lang.t("tournament.by_seeger"),
    }
}

/// A round's tables as a table for the terminal.
pub fn plan_text(t: &Tournament, round: &Round, lang: Lang) -> String {
    let mut out = crate::tr!(
        lang,
        "tournament.plan",
        name = t.name,
        round = round.number,
        rounds = t.rounds,
        pairs = t.repeated_pairings()
    );
    out.push('\n');
    let mut table = super::new_table(false);
    table.set_header(plan_header(lang));
    for seat in &round.tables {
        table.add_row(vec![
            seat.table.to_string(),
            seated(seat, lang),
            // As the user reaches it from where she stands (beside the tournament file).
            t.sheet_path(seat).display().to_string(),
        ]);
    }
    out.push_str(&super::fitted(table));
    out.push('\n');
    out
}

/// A table's players by seat: "1 Anna (deals first), 2 Ben, 3 Cara, 4 Dirk (keeps the
/// list)".
fn seated(t: &crate::club::tournament::TableSeat, lang: Lang) -> String {
    t.seats()
        .iter()
        .map(|s| format!("{} {}{}", s.seat, s.player, duty(s, lang)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// " (deals first)", " (keeps the list)" or nothing.
fn duty(s: &crate::club::tournament::Seat, lang: Lang) -> String {
    if s.deals_first {
        format!(" ({})", lang.t("tournament.deals_first"))
    } else if s.keeps_list {
        format!(" ({})", lang.t("tournament.keeps_list"))
    } else {
        String::new()
    }
}

fn plan_header(lang: Lang) -> [&'static str; 3] {
    ["tournament.table", "tournament.players", "tournament.sheet"].map(|k| lang.t(k))
}

/// A page's head: A4 when printed, readable on a screen or a projector.
fn head(lang: Lang, title: &str) -> String {
    super::html::head(lang, title, PRINT_CSS) + "<body>\n"
}

const PRINT_CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.6rem;margin:.2rem 0}.sub{color:#555;margin:.2rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:1rem}th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#eee}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.plan td.table{font-size:1.6rem;font-weight:700;text-align:center;width:4rem}.plan td.players{font-size:1.2rem}.seat{display:inline-block;margin-right:.8rem}
.unfinished{color:#a40}.note{color:#555;font-size:.9rem}
@page{size:A4;margin:14mm}
@media print{body{margin:0;max-width:none;padding:0}tr{break-inside:avoid}h1{font-size:18pt}}";

/// A round's tables as a page to print or show.
pub fn plan_page(t: &Tournament, round: &Round, lang: Lang) -> String {
    let title = crate::tr!(
        lang,
        "tournament.round_title",
        name = t.name,
        round = round.number
    );
    let mut h = head(lang, &title);
    let h1 = crate::tr!(
        lang,
        "tournament.round_head",
        name = t.name,
        round = round.number,
        rounds = t.rounds
    );
    let sub = crate::tr!(
        lang,
        "tournament.round_sub",
        players = t.players.len(),
        tables = round.tables.len()
    );
    let [table, players, sheet] = plan_header(lang).map(esc);
    h.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n<table class=\"plan\">\n<tr><th>{table}</th><th>{players}</th><th>{sheet}</th></tr>\n",
        esc(&h1),
        esc(&sub),
    ));
    for seat in &round.tables {
        let seats: Vec<String> = seat
            .seats()
            .iter()
            .map(|s| {
                format!(
                    "<span class=\"seat\"><b>{}</b> {}{}</span>",
                    s.seat,
                    esc(s.player),
                    esc(&duty(s, lang))
                )
            })
            .collect();
        h.push_str(&format!(
            "<tr><td class=\"table\">{}</td><td class=\"players\">{}</td><td>{}</td></tr>\n",
            seat.table,
            seats.join(" "),
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

fn header(lang: Lang, s: &Standings) -> Vec<String> {
    let mut h = vec![
        lang.t("table.rank").to_string(),
        lang.t("table.player").to_string(),
    ];
    h.extend((1..=s.drawn).map(|r| crate::tr!(lang, "tournament.round_short", round = r)));
    h.extend(
        [
            "table.total",
            "tournament.average",
            "tournament.placement",
            "stats.solos_won",
        ]
        .map(|k| lang.t(k).to_string()),
    );
    if s.ranking == Ranking::Seeger {
        h.push(lang.t("tournament.by_seeger").to_string());
    }
    h
}

fn row(s: &Standings, l: &tournament::PlayerLine, lang: Lang) -> Vec<String> {
    let mut row = vec![l.rank.to_string(), l.player.clone()];
    row.extend(
        l.round_points
            .iter()
            .enumerate()
            .map(|(r, p)| round_cell(s, &l.player, r, *p)),
    );
    row.extend([
        l.total.to_string(),
        lang.decimal(l.average, 2),
        l.placement.to_string(),
        l.solos_won.to_string(),
    ]);
    if s.ranking == Ranking::Seeger {
        row.push(l.seeger.to_string());
    }
    row
}

/// The tables still playing, or whose sheets cannot be read.
fn open_tables(lang: Lang, s: &Standings) -> Vec<String> {
    s.tables
        .iter()
        .filter(|t| !t.complete)
        .map(|t| match t.errors.first() {
            Some(e) => crate::tr!(
                lang,
                "tournament.open_error",
                round = t.round,
                table = t.table,
                error = e.render(lang)
            ),
            None => crate::tr!(
                lang,
                "tournament.open",
                round = t.round,
                table = t.table,
                file = t.file,
                played = t.played,
                deals = t.deals
            ),
        })
        .collect()
}

/// "3 of 3 rounds drawn, ranked by sum (then average, placement, then solos won); ...".
fn standing_line(lang: Lang, s: &Standings) -> String {
    let others: Vec<&str> = Ranking::TIE_BREAKS
        .iter()
        .filter(|&&k| k != s.ranking)
        .map(|&k| ranking_word(lang, k))
        .collect();
    crate::tr!(
        lang,
        "tournament.standing",
        drawn = s.drawn,
        rounds = s.rounds,
        ranking = ranking_word(lang, s.ranking),
        others = others
            .into_iter()
            .map(str::to_string)
            .reduce(|first, next| crate::tr!(lang, "tournament.list", first = first, next = next))
            .unwrap_or_default(),
        pairs = s.repeated_pairings
    )
}

fn team_header(lang: Lang) -> Vec<String> {
    [
        "table.rank",
        "tournament.team",
        "tournament.group",
        "tournament.match_points",
        "table.points",
        "tournament.players",
    ]
    .map(|k| lang.t(k).to_string())
    .to_vec()
}

/// A team's row: rank, team, group and place, match points, points, players.
fn team_row(l: &tournament::TeamLine, lang: Lang) -> Vec<String> {
    vec![
        l.rank.to_string(),
        l.team.clone(),
        crate::tr!(
            lang,
            "tournament.group_place",
            group = l.group,
            place = l.group_place
        ),
        lang.decimal_mark(match_points(l.match_points)),
        l.points.to_string(),
        l.players.join(", "),
    ]
}

/// Match points as written: whole, or with a half (`2.5`).
fn match_points(m: f64) -> String {
    if m.fract() == 0.0 {
        format!("{m:.0}")
    } else {
        format!("{m:.1}")
    }
}

/// The standings as a table (terminal or Markdown).
pub fn standings_text(s: &Standings, markdown: bool, lang: Lang) -> String {
    let mut out = format!("{}: {}\n\n", s.name, standing_line(lang, s));
    let mut t = super::new_table(markdown);
    t.set_header(header(lang, s));
    for l in &s.players {
        t.add_row(row(s, l, lang));
    }
    out.push_str(&super::fitted(t));
    out.push('\n');
    if !s.teams.is_empty() {
        out.push_str(&format!("\n{}\n\n", lang.t("tournament.teams_title")));
        let mut t = super::new_table(markdown);
        t.set_header(team_header(lang));
        for l in &s.teams {
            t.add_row(team_row(l, lang));
        }
        out.push_str(&super::fitted(t));
        out.push('\n');
    }
    let open = open_tables(lang, s);
    if !open.is_empty() {
        out.push_str(&format!("\n{}\n", lang.t("tournament.not_finished")));
        for o in open {
            out.push_str(&format!("  {o}\n"));
        }
    }
    out
}

/// The standings as CSV: a row per player.
pub fn standings_csv(s: &Standings) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut h: Vec<String> = vec!["rank".into(), "player".into()];
    h.extend((1..=s.drawn).map(|r| format!("round_{r}")));
    h.extend(["total", "average", "placement", "solos_won", "unfinished"].map(String::from));
    let seeger = s.ranking == Ranking::Seeger;
    if seeger {
        h.push("seeger".into());
    }
    let teams = !s.teams.is_empty();
    if teams {
        h.extend(["team", "team_rank", "team_match_points", "team_points"].map(String::from));
    }
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
        if seeger {
            r.push(l.seeger.to_string());
        }
        if teams && let Some(t) = s.teams.iter().find(|t| t.players.contains(&l.player)) {
            r.extend([
                t.team.clone(),
                t.rank.to_string(),
                match_points(t.match_points),
                t.points.to_string(),
            ]);
        }
        w.write_record(&r)?;
    }
    csv_text(w)
}

/// The standings as a page (no network), with the tables' results.
pub fn standings_page(s: &Standings, lang: Lang) -> String {
    let mut h = head(
        lang,
        &crate::tr!(lang, "tournament.standings_title", name = s.name),
    );
    h.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n<table class=\"standings\" id=\"standings\">\n<tr>",
        esc(&s.name),
        esc(&standing_line(lang, s))
    ));
    for (i, c) in header(lang, s).iter().enumerate() {
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
        for (i, c) in row(s, l, lang).iter().enumerate() {
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
    if !s.teams.is_empty() {
        h.push_str(&format!(
            "<h2>{}</h2>\n<table class=\"standings\" id=\"teams\">\n<tr>",
            esc(lang.t("tournament.teams_title"))
        ));
        for (i, c) in team_header(lang).iter().enumerate() {
            let class = if matches!(i, 1 | 2 | 5) {
                ""
            } else {
                " class=\"num\""
            };
            h.push_str(&format!("<th{class}>{}</th>", esc(c)));
        }
        h.push_str("</tr>\n");
        for l in &s.teams {
            h.push_str(&format!("<tr data-team=\"{}\">", esc(&l.team)));
            for (i, c) in team_row(l, lang).iter().enumerate() {
                let class = if matches!(i, 1 | 2 | 5) {
                    ""
                } else {
                    " class=\"num\""
                };
                h.push_str(&format!("<td{class}>{}</td>", esc(c)));
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    let open = open_tables(lang, s);
    if !open.is_empty() {
        h.push_str(&format!(
            "<p class=\"note\">{}</p>\n<ul class=\"note\">",
            esc(lang.t("tournament.not_finished"))
        ));
        for o in open {
            h.push_str(&format!("<li>{}</li>", esc(&o)));
        }
        h.push_str("</ul>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}
