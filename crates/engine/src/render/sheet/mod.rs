//! Scored sheets and summaries: table, CSV, JSON and Markdown. CSV and JSON are written a
//! deal at a time ([`SheetStream`]): memory stays flat however many deals are scored.

use std::io::{BufReader, BufWriter, Seek, Write};

use comfy_table::CellAlignment;

use super::{
    Format, columns, csv_text, new_table, pad, party_names, party_word, pretty, signed, winner_in,
};
use crate::contract::Party;
use crate::error::Result;
use crate::lang::Lang;
use crate::scoring::{DealResult, Standing};
use crate::variant::Profile;

mod summary;
pub use summary::summary;

/// Where a sheet waits before it is written whole: a temporary file, so that memory does
/// not grow with the deals; in the browser, which has no files, memory.
#[cfg(not(target_arch = "wasm32"))]
type SpoolFile = std::fs::File;
/// Where a sheet waits before it is written whole (the browser has no files: memory).
#[cfg(target_arch = "wasm32")]
type SpoolFile = std::io::Cursor<Vec<u8>>;

/// A new, empty spool.
fn spool_file() -> std::io::Result<SpoolFile> {
    #[cfg(not(target_arch = "wasm32"))]
    return tempfile::tempfile();
    #[cfg(target_arch = "wasm32")]
    return Ok(std::io::Cursor::new(Vec::new()));
}

/// A scored sheet held whole, as the table and Markdown formats need it (their columns
/// are as wide as the widest cell of any deal).
pub struct SheetView<'a> {
    /// The profile the deals were scored under.
    pub profile: &'a Profile,
    /// The players, in seat order.
    pub players: &'a [String],
    /// Each deal with the running totals after it.
    pub rows: &'a [(DealResult, Vec<i64>)],
    /// The final ranking.
    pub ranking: Vec<Standing>,
    /// Each player's total after the last deal.
    pub totals: &'a [i64],
    /// The reader's language.
    pub lang: Lang,
}

/// The sheet in `format` (CSV and JSON through [`SheetStream`], as `score` streams them).
pub fn render(s: &SheetView, format: Format, explain: bool) -> Result<String> {
    Ok(match format {
        Format::Table => text(s, explain, false)?,
        Format::Markdown => text(s, explain, true)?,
        Format::Csv | Format::Json => {
            let mut out = SheetStream::new(format, explain)?;
            for (r, t) in s.rows {
                out.add(s.players, r, t, None)?;
            }
            let mut bytes = Vec::new();
            out.finish(&s.profile.name, s.players, s.totals, &mut bytes)?;
            String::from_utf8(bytes).map_err(std::io::Error::other)?
        }
    })
}

/// The cells of a deal's row of the sheet table, its dealer and compulsory columns always
/// (the table drops them where no deal has one).
fn table_row(
    players: &[String],
    r: &DealResult,
    running: &[i64],
    dealer: Option<&str>,
    lang: Lang,
) -> Vec<String> {
    let mut row = vec![
        r.facts.number.to_string(),
        dealer.unwrap_or("").to_string(),
        r.facts.contract.title(lang).to_string(),
        if r.facts.compulsory {
            lang.t("word.yes").into()
        } else {
            String::new()
        },
        party_names(players, r, Party::Re).join(" "),
        format!("{}:{}", r.facts.re_eyes, r.facts.kontra_eyes),
        winner_in(r, lang).to_string(),
        r.value().to_string(),
        r.multiplier.to_string(),
    ];
    for (i, total) in running.iter().enumerate() {
        row.push(if r.facts.roles[i] == crate::deal::Role::Out {
            format!("- ({total})")
        } else {
            format!("{} ({total})", signed(r.scores[i]))
        });
    }
    row
}

/// The sheet as a table: one row per deal (with its dealer, where given) and each player's
/// points with the running total, then the totals.
pub fn sheet_table(
    players: &[String],
    rows: &[(&DealResult, &[i64], Option<&str>)],
    totals: &[i64],
    markdown: bool,
    lang: Lang,
) -> comfy_table::Table {
    sheet_table_with_penalties(players, rows, &[], totals, markdown, lang)
}

/// A league sheet as a table: [`sheet_table`] with the penalties between the deals, each
/// after the deal it follows (`penalties`: the deals played before it, and its row).
pub fn sheet_table_with_penalties(
    players: &[String],
    rows: &[(&DealResult, &[i64], Option<&str>)],
    penalties: &[(usize, Vec<String>)],
    totals: &[i64],
    markdown: bool,
    lang: Lang,
) -> comfy_table::Table {
    let with_dealer = rows.iter().any(|(_, _, d)| d.is_some());
    let with_duty = rows.iter().any(|(r, _, _)| r.facts.compulsory);
    let mut cells: Vec<Vec<String>> = Vec::new();
    let mut given = penalties.iter().peekable();
    for (k, (r, t, d)) in rows.iter().enumerate() {
        while let Some((_, row)) = given.next_if(|(after, _)| *after <= k) {
            cells.push(row.clone());
        }
        cells.push(table_row(players, r, t, *d, lang));
    }
    cells.extend(given.map(|(_, row)| row.clone()));
    table_of(
        players,
        cells,
        (with_dealer, with_duty),
        totals,
        markdown,
        lang,
    )
}

/// A penalty as a row of the sheet table: "penalty", the offender, the points, and each
/// player's change with the running total ("-" for one who sat the deal out).
pub fn penalty_cells(players: &[String], p: &crate::league::Penalty, lang: Lang) -> Vec<String> {
    let mut row = vec![
        String::new(),
        String::new(),
        lang.t("league.penalty_word").to_string(),
        String::new(),
        players[p.player].clone(),
        String::new(),
        String::new(),
        p.points.to_string(),
        String::new(),
    ];
    for (s, total) in p.totals.iter().enumerate() {
        row.push(match p.change_of(s) {
            Some(change) => format!("{} ({total})", signed(change)),
            None => format!("- ({total})"),
        });
    }
    row
}

/// A penalty as a CSV row of a scored sheet (with its dealer column): `contract` penalty,
/// `re` the offender, `multiplier` empty and `value` the points, then each player's change
/// and total, and its note.
pub fn penalty_csv_row(players: &[String], p: &crate::league::Penalty) -> Vec<String> {
    let mut row = vec![
        String::new(),
        String::new(),
        "penalty".to_string(),
        players[p.player].clone(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        p.points.to_string(),
        String::new(),
    ];
    row.extend(p.changes(players.len()).iter().map(i64::to_string));
    row.extend(p.totals.iter().map(i64::to_string));
    row
}

/// The sheet table of rows made by [`table_row`], with a dealer and a compulsory column
/// where `columns` says so.
fn table_of(
    players: &[String],
    rows: Vec<Vec<String>>,
    (with_dealer, with_duty): (bool, bool),
    totals: &[i64],
    markdown: bool,
    lang: Lang,
) -> comfy_table::Table {
    let mut t = new_table(markdown);
    let mut header: Vec<String> = vec![lang.t("table.deal").into()];
    if with_dealer {
        header.push(lang.t("table.dealer").into());
    }
    header.push(lang.t("table.game").into());
    // Compulsory solos get a column of their own, as on a DDV sheet.
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
    for row in rows {
        let keep = |i: usize| (i != 1 || with_dealer) && (i != 3 || with_duty);
        t.add_row(
            row.into_iter()
                .enumerate()
                .filter(|(i, _)| keep(*i))
                .map(|(_, c)| c)
                .collect::<Vec<_>>(),
        );
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
    // Narrow terminals do without the compulsory column (mostly empty: the game says
    // "solo" too), the multiplier, the winner (the signs tell it), the dealer, in that order.
    let mut drop = Vec::new();
    if with_duty {
        drop.push(2 + usize::from(with_dealer));
    }
    drop.extend([fixed - 1, fixed - 3]);
    if with_dealer {
        drop.push(1);
    }
    super::fit(&mut t, &drop);
    t
}

/// The notes written with the deals, a line each ("Notes:" first), or nothing.
pub fn notes_lines(
    rows: &[(&DealResult, &[i64], Option<&str>)],
    markdown: bool,
    lang: Lang,
) -> String {
    notes_lines_with(rows, &[], markdown, lang)
}

/// [`notes_lines`] with more lines after the deals' notes (a league's penalties).
pub fn notes_lines_with(
    rows: &[(&DealResult, &[i64], Option<&str>)],
    more: &[String],
    markdown: bool,
    lang: Lang,
) -> String {
    let mut notes: String = rows
        .iter()
        .filter_map(|(r, _, _)| note_line(r, markdown, lang))
        .collect();
    for line in more {
        notes.push_str(&format!("{}{line}\n", if markdown { "- " } else { "  " }));
    }
    notes_block(&notes, markdown, lang)
}

/// A deal's note as a line of the notes, if it has one.
fn note_line(r: &DealResult, markdown: bool, lang: Lang) -> Option<String> {
    r.facts.note.as_ref().map(|n| {
        let line = crate::tr!(lang, "notes.line", deal = r.facts.number, note = n);
        format!("{}{line}\n", if markdown { "- " } else { "  " })
    })
}

/// "Notes:" and the notes' lines, or nothing.
fn notes_block(notes: &str, markdown: bool, lang: Lang) -> String {
    if notes.is_empty() {
        return String::new();
    }
    format!(
        "{}\n{}{notes}",
        lang.t("notes.head"),
        if markdown { "\n" } else { "" },
    )
}

/// What the explanation of a deal needs beside the deal.
struct Ctx<'a> {
    profile: &'a Profile,
    players: &'a [String],
    lang: Lang,
}

/// The sheet for the terminal or as Markdown, a deal at a time: each deal is kept as the
/// cells of its row (about half a KB; the table needs every row, as its columns are as
/// wide as their widest cell), its `--explain` block goes to a spool file as it comes.
pub struct SheetText {
    markdown: bool,
    lang: Lang,
    rows: Vec<Vec<String>>,
    with_duty: bool,
    notes: String,
    /// Deals added (the rows hold penalties too).
    deals: usize,
    /// The deal after which the game ended by score, and the totals then.
    ended: Option<(usize, Vec<i64>)>,
    explained: Option<BufWriter<SpoolFile>>,
}

/// The most deals a sheet written as a table (or Markdown) holds: its columns fit every
/// deal, so it is held whole until the last (about 3.5 KB a deal, 173 MB at the peak for
/// 50,000 deals); CSV and JSON stream in constant memory.
pub const MAX_TABLE_DEALS: usize = 40_000;

impl SheetText {
    /// A new sheet as a table (`markdown`: as Markdown), with `--explain` blocks.
    pub fn new(markdown: bool, explain: bool, lang: Lang) -> Result<SheetText> {
        let explained = if explain {
            Some(BufWriter::new(spool_file()?))
        } else {
            None
        };
        Ok(SheetText {
            markdown,
            lang,
            rows: Vec::new(),
            with_duty: false,
            notes: String::new(),
            deals: 0,
            ended: None,
            explained,
        })
    }

    /// Adds one deal with the totals after it; past [`MAX_TABLE_DEALS`] the sheet is
    /// refused, with the formats that stream.
    pub fn add(
        &mut self,
        profile: &Profile,
        players: &[String],
        r: &DealResult,
        totals: &[i64],
    ) -> Result<()> {
        if self.deals >= MAX_TABLE_DEALS {
            return Err(crate::msg!("error.table_too_long", most = MAX_TABLE_DEALS).into());
        }
        let lang = self.lang;
        self.rows.push(table_row(players, r, totals, None, lang));
        self.deals += 1;
        self.with_duty |= r.facts.compulsory;
        if let Some(line) = note_line(r, self.markdown, lang) {
            self.notes.push_str(&line);
        }
        if self.ended.is_none() && profile.league.ends_game(totals) {
            self.ended = Some((self.deals, totals.to_vec()));
        }
        if let Some(w) = &mut self.explained {
            let ctx = Ctx {
                profile,
                players,
                lang,
            };
            w.write_all(b"\n")?;
            w.write_all(explain_deal(&ctx, r, self.markdown).as_bytes())?;
        }
        Ok(())
    }

    /// Adds a penalty between the deals: its row, and its note among the notes.
    pub fn add_penalty(&mut self, players: &[String], p: &crate::league::Penalty) {
        let lang = self.lang;
        self.rows.push(penalty_cells(players, p, lang));
        if let Some(note) = &p.note {
            let line = crate::tr!(
                lang,
                "league.penalty_note",
                player = players[p.player].as_str(),
                after = p.after,
                note = note
            );
            let item = if self.markdown { "- " } else { "  " };
            self.notes.push_str(&format!("{item}{line}\n"));
        }
    }

    /// Writes the sheet: the profile, the table with the `totals`, the notes, the
    /// `ranking`, where the game ended, and the explanations.
    pub fn finish(
        self,
        profile: &Profile,
        players: &[String],
        totals: &[i64],
        ranking: &[Standing],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let (lang, markdown) = (self.lang, self.markdown);
        let deals = self.deals;
        let t = table_of(
            players,
            self.rows,
            (false, self.with_duty),
            totals,
            markdown,
            lang,
        );
        let mut text = String::new();
        text.push_str(&profile_line(profile, lang));
        text.push_str("\n\n");
        text.push_str(&t.to_string());
        drop(t);
        text.push_str("\n\n");
        let notes = notes_block(&self.notes, markdown, lang);
        if !notes.is_empty() {
            text.push_str(&notes);
            text.push('\n');
        }
        let mut rank = new_table(markdown);
        rank.set_header(["table.rank", "table.player", "table.points"].map(|k| lang.t(k)));
        for st in ranking {
            rank.add_row(vec![
                st.rank.to_string(),
                st.player.clone(),
                st.points.to_string(),
            ]);
        }
        text.push_str(&super::fitted(rank));
        text.push('\n');
        // Where the profile ends the game at a score (Kloepper's 30): the deal after which
        // it ended, and who won, or a warning that the sheet went on past it.
        if let Some((at, totals)) = &self.ended {
            let end = profile.league.end_at;
            let mut line = crate::scoring::game_end(players, totals, *at, end).render(lang);
            line.push_str(lang.t("word.stop"));
            if *at < deals {
                line.push(' ');
                line.push_str(&crate::tr!(lang, "league.goes_on", deals = deals - at));
            }
            text.push_str(&line);
            text.push('\n');
        }
        out.write_all(text.as_bytes())?;
        if let Some(w) = self.explained {
            let mut file = w.into_inner().map_err(|e| e.into_error())?;
            file.rewind()?;
            std::io::copy(&mut BufReader::with_capacity(1 << 16, file), out)?;
        }
        out.flush()
    }
}

fn text(s: &SheetView, explain: bool, markdown: bool) -> Result<String> {
    let mut sheet = SheetText::new(markdown, explain, s.lang)?;
    for (r, t) in s.rows {
        sheet.add(s.profile, s.players, r, t)?;
    }
    let mut bytes = Vec::new();
    sheet.finish(s.profile, s.players, s.totals, &s.ranking, &mut bytes)?;
    Ok(String::from_utf8(bytes).map_err(std::io::Error::other)?)
}

/// "Profile: ddv (DDV tournament rules)" in the run's language.
pub fn profile_line(p: &Profile, lang: Lang) -> String {
    crate::tr!(
        lang,
        "table.profile",
        name = p.name,
        title = p.title_in(lang)
    )
}

/// The items of a deal, a line each: party, name, points, rule; names line up (16 columns
/// wide, or as wide as the longest name of the deal).
fn item_lines(s: &Ctx, r: &DealResult, bullet: &str) -> String {
    let lang = s.lang;
    let mut out = String::new();
    let labels: Vec<String> = r.items.iter().map(|i| i.label(lang, s.players)).collect();
    let width = labels.iter().map(|l| columns(l)).max().unwrap_or(0).max(16);
    let party_width = [Party::Re, Party::Kontra]
        .map(|p| columns(&party_word(p, lang)))
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
            pad(&party_word(item.party, lang), party_width),
            pad(label, width),
            pts,
            item.rule.render(lang)
        ));
    }
    out
}

/// The lines `--explain` tells before the items: the deal's note, the bidding, a Genscher.
fn told_lines(s: &Ctx, f: &crate::deal::DealFacts, bullet: &str) -> String {
    let lang = s.lang;
    let mut out = String::new();
    if let Some(n) = &f.note {
        out.push_str(&format!(
            "{bullet}{}\n",
            crate::tr!(lang, "explain.note", note = n)
        ));
    }
    if let Some(b) = &f.bidding {
        let line = crate::tr!(lang, "explain.bidding", why = b.why().render(lang));
        out.push_str(&format!("{bullet}{line}\n"));
    }
    if let Some(g) = &f.genscher {
        let name = |seat: u8| s.players.get(seat as usize).map_or("?", String::as_str);
        let (holder, partner) = (name(g.holder), name(g.partner));
        let line = if g.re {
            crate::tr!(
                lang,
                "explain.genscher_re",
                holder = holder,
                partner = partner,
                trick = g.trick
            )
        } else {
            crate::tr!(
                lang,
                "explain.genscher_keep",
                holder = holder,
                partner = partner,
                trick = g.trick
            )
        };
        out.push_str(&format!("{bullet}{line}\n"));
    }
    out
}

/// The `--explain` block of one deal.
fn explain_deal(s: &Ctx, r: &DealResult, markdown: bool) -> String {
    let lang = s.lang;
    let f = &r.facts;
    let party_line = |p: Party| {
        crate::tr!(
            lang,
            "explain.party",
            party = party_word(p, lang),
            players = party_names(s.players, r, p).join("+"),
            eyes = f.eyes(p)
        )
    };
    let mut out = String::new();
    let head = crate::tr!(
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
    out.push_str(&told_lines(s, f, bullet));
    let outcome = match r.winner {
        Some(w) => crate::tr!(lang, "explain.wins", party = party_word(w, lang)),
        None => lang.t("explain.nobody_wins").to_string(),
    };
    let needs = |p: Party| {
        let g = &r.goals[p as usize];
        crate::tr!(
            lang,
            "explain.needs",
            party = party_word(p, lang),
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
        .filter(|(_, role)| **role != crate::deal::Role::Out)
        .map(|((p, v), _)| format!("{p} {}", signed(*v)))
        .collect();
    if let Some(line) = multiplier_line(s.profile, r, lang) {
        out.push_str(&format!("{bullet}{line}\n"));
    }
    if !r.bock_started.is_empty() {
        let why: Vec<String> = r
            .bock_started
            .iter()
            .map(|t| format!("{} (`{}`)", t.describe(lang), t.key()))
            .collect();
        let line = crate::tr!(lang, "explain.starts_bock", why = why.join(", "));
        out.push_str(&format!("{bullet}{line}\n"));
    }
    let times = if r.multiplier > 1 {
        format!(", x{}", r.multiplier)
    } else {
        String::new()
    };
    let line = crate::tr!(
        lang,
        "explain.value",
        value = r.value(),
        party = party_word(r.winner.unwrap_or(Party::Re), lang),
        times = times,
        scores = per.join(", ")
    );
    out.push_str(&format!("{bullet}{line}\n"));
    out
}

/// Why a deal's value is multiplied: "x4: Bock rounds from deal 3 (120:120) and deal 5 (a
/// lost solo) (bock.factor 2, bock.stacking multiply)", or the sheet's own `bock`.
pub fn multiplier_line(profile: &Profile, r: &DealResult, lang: Lang) -> Option<String> {
    if r.multiplier <= 1 {
        return None;
    }
    if r.bock_rounds.is_empty() {
        return Some(crate::tr!(
            lang,
            "explain.bock_written",
            times = r.multiplier
        ));
    }
    let rounds: Vec<String> = r
        .bock_rounds
        .iter()
        .map(|b| {
            crate::tr!(
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

/// The sheet as CSV: one row per deal (with its dealer, where given), each player's points
/// and running totals; with `explain`, the items of each deal.
pub fn sheet_csv(
    players: &[String],
    rows: &[(&DealResult, &[i64], Option<&str>)],
    explain: bool,
) -> Result<String> {
    let mut out = SheetStream::new(Format::Csv, explain)?;
    for (r, totals, dealer) in rows {
        out.add(players, r, totals, *dealer)?;
    }
    let mut bytes = Vec::new();
    out.finish("", players, &[], &mut bytes)?;
    Ok(String::from_utf8(bytes).map_err(std::io::Error::other)?)
}

/// The columns of a spooled CSV row before the players' points: deal, dealer, contract,
/// re, kontra, re_eyes, kontra_eyes, winner, value, multiplier.
const CSV_FIXED: usize = 10;

/// A scored sheet written a deal at a time, as CSV or JSON: each deal goes to a spool file
/// as it comes, and [`SheetStream::finish`] writes the whole (whose header depends on
/// every deal: a dealer column, a note column, the final totals) without holding the
/// deals in memory. Nothing reaches the output before `finish`, so a run that fails half
/// way prints nothing.
pub struct SheetStream {
    spool: Spool,
    explain: bool,
    with_dealer: bool,
    with_notes: bool,
    deals: usize,
    /// The penalties between the deals (few: a JSON document lists them after the deals).
    penalties: Vec<crate::league::Penalty>,
}

enum Spool {
    /// Every row with its dealer and note columns; `finish` drops the empty ones.
    Csv(Box<csv::Writer<BufWriter<SpoolFile>>>),
    /// Each deal's report, indented as in the whole document.
    Json(BufWriter<SpoolFile>),
}

impl SheetStream {
    /// A new stream of `format` (CSV or JSON; the table formats hold the sheet whole).
    pub fn new(format: Format, explain: bool) -> Result<SheetStream> {
        let file = BufWriter::with_capacity(1 << 16, spool_file()?);
        let spool = match format {
            Format::Csv => Spool::Csv(Box::new(csv::Writer::from_writer(file))),
            Format::Json => Spool::Json(file),
            Format::Table | Format::Markdown => {
                return Err(crate::msg!("error.not_streamed").into());
            }
        };
        Ok(SheetStream {
            spool,
            explain,
            with_dealer: false,
            with_notes: false,
            deals: 0,
            penalties: Vec::new(),
        })
    }

    /// Adds one deal with the totals after it (and its dealer, on a league sheet).
    pub fn add(
        &mut self,
        players: &[String],
        r: &DealResult,
        totals: &[i64],
        dealer: Option<&str>,
    ) -> std::io::Result<()> {
        self.deals += 1;
        self.with_dealer |= dealer.is_some();
        self.with_notes |= r.facts.note.is_some();
        match &mut self.spool {
            Spool::Csv(w) => {
                let c = super::SheetCells::of(players, r, totals);
                let mut row = vec![c.deal.to_string(), dealer.unwrap_or("").to_string()];
                row.extend([
                    c.contract,
                    c.re,
                    c.kontra,
                    c.re_eyes.to_string(),
                    c.kontra_eyes.to_string(),
                    c.winner.to_string(),
                    c.value.to_string(),
                    c.multiplier.to_string(),
                ]);
                row.extend(c.scores.iter().map(|v| v.to_string()));
                row.extend(c.totals.iter().map(|v| v.to_string()));
                row.push(c.note.unwrap_or_default().to_string());
                if self.explain {
                    let items: Vec<String> = r
                        .items
                        .iter()
                        .filter(|i| i.scored)
                        .map(|i| {
                            format!("{}:{}:{}", i.party.key(), i.item, signed(i.points as i64))
                        })
                        .collect();
                    row.push(items.join(" "));
                }
                w.write_record(&row)?;
            }
            Spool::Json(w) => {
                let report = crate::report::DealReport::new(players, r, totals, self.explain);
                let text = serde_json::to_string_pretty(&report)?;
                w.write_all(if self.deals == 1 {
                    b"\n    "
                } else {
                    b",\n    "
                })?;
                // JSON strings hold no line breaks (they are escaped): each line break
                // starts a line of the document, indented two levels.
                w.write_all(text.replace('\n', "\n    ").as_bytes())?;
            }
        }
        Ok(())
    }

    /// Adds a penalty between the deals: a CSV row where it falls, or an entry of the JSON
    /// document's `penalties`.
    pub fn add_penalty(
        &mut self,
        players: &[String],
        p: crate::league::Penalty,
    ) -> std::io::Result<()> {
        self.with_notes |= p.note.is_some();
        if let Spool::Csv(w) = &mut self.spool {
            let mut row = penalty_csv_row(players, &p);
            row.push(p.note.clone().unwrap_or_default());
            if self.explain {
                row.push(String::new());
            }
            w.write_record(&row)?;
        }
        self.penalties.push(p);
        Ok(())
    }

    /// Writes the sheet to `out`: CSV's header and rows, or the JSON report of the profile
    /// `variant`, the `players`, the deals and the final `totals`.
    pub fn finish(
        self,
        variant: &str,
        players: &[String],
        totals: &[i64],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        match self.spool {
            Spool::Csv(w) => {
                let mut file = w.into_inner().map_err(|e| e.into_error())?.into_inner()?;
                file.rewind()?;
                let mut header: Vec<String> = vec!["deal".into(), "dealer".into()];
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
                header.push("note".into());
                if self.explain {
                    header.push("items".into());
                }
                let note = CSV_FIXED + 2 * players.len();
                let keep =
                    |i: usize| (i != 1 || self.with_dealer) && (i != note || self.with_notes);
                let mut w = csv::Writer::from_writer(out);
                w.write_record(
                    header
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| keep(*i))
                        .map(|(_, h)| h),
                )?;
                let mut rows = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .flexible(true)
                    .from_reader(BufReader::with_capacity(1 << 16, file));
                let mut row = csv::ByteRecord::new();
                while rows.read_byte_record(&mut row)? {
                    w.write_record(
                        row.iter()
                            .enumerate()
                            .filter(|(i, _)| keep(*i))
                            .map(|(_, f)| f),
                    )?;
                }
                w.flush()?;
            }
            Spool::Json(w) => {
                let mut file = w.into_inner().map_err(|e| e.into_error())?;
                file.rewind()?;
                let mut whole =
                    crate::report::SheetReport::new(variant, players, &[], totals, false);
                whole.penalties = self
                    .penalties
                    .iter()
                    .map(|p| crate::report::PenaltyReport::new(players, p))
                    .collect();
                let text = serde_json::to_string_pretty(&whole)?;
                let (head, tail) = text
                    .split_once("\"deals\": []")
                    .ok_or_else(|| std::io::Error::other("a sheet report without deals"))?;
                out.write_all(head.as_bytes())?;
                out.write_all(b"\"deals\": [")?;
                std::io::copy(&mut BufReader::with_capacity(1 << 16, file), out)?;
                out.write_all(if self.deals > 0 { b"\n  ]" } else { b"]" })?;
                out.write_all(tail.as_bytes())?;
                out.write_all(b"\n")?;
                out.flush()?;
            }
        }
        Ok(())
    }
}
