//! Rendering results for people and programs: tables (terminal and Markdown), CSV, JSON
//! and HTML pages, in the reader's language. Every front end prints through these; the
//! rules are decided before (in [`crate::engine`] and the scoring), never here.

pub mod columns;
pub mod compare;
pub mod html;
pub mod league;
pub mod list;
pub mod progress;
#[cfg(feature = "qr")]
pub mod qr;
pub mod season;
pub mod sheet;
pub mod tournament;

pub use crate::chars::for_terminal;
pub use crate::report::{
    BiddingReport, CompareDeal, CompareReport, ContractSummary, DealReport, Eyes, ItemReport,
    ItemSummary, LeagueReport, NextReport, Ordered, PageAnswer, PageState, PenaltyReport,
    PlayerSummary, SheetReport, SummaryReport, TargetReport, Targets,
};

use comfy_table::{Table, presets};

use crate::contract::Party;
use crate::lang::Lang;
use crate::scoring::DealResult;

/// An output format of a scored sheet, a summary or a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A table for the terminal.
    Table,
    /// Comma-separated values with a header row.
    Csv,
    /// JSON (the `report` types).
    Json,
    /// Markdown tables.
    Markdown,
}

/// A number with its sign: `+3`, `-3`, `0`.
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

/// The winner in `lang` ("Re", "Kontra", "none").
pub fn winner_in(r: &DealResult, lang: Lang) -> &'static str {
    match r.winner {
        Some(Party::Re) => lang.t("party.re"),
        Some(Party::Kontra) => lang.t("party.kontra"),
        None => lang.t("word.nobody"),
    }
}

/// A party's name in `lang`.
pub fn party_word(p: Party, lang: Lang) -> String {
    p.text().render(lang)
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

/// One scored deal as the machine formats' sheet holds it, in its columns' order: the
/// cells of a `score --format csv` row (after its dealer column) and of the Python
/// package's Arrow columns ([`columns::SheetColumns`]): deal, contract, Re's and Kontra's
/// players (names separated by spaces), Re's and Kontra's eyes, winner, value,
/// multiplier; then each player's points and total after the deal, and the note.
#[derive(Debug, Clone)]
pub struct SheetCells<'a> {
    /// The deal's number.
    pub deal: usize,
    /// The contract's name.
    pub contract: String,
    /// Re's players, separated by spaces.
    pub re: String,
    /// Kontra's players, separated by spaces.
    pub kontra: String,
    /// Re's eyes.
    pub re_eyes: i64,
    /// Kontra's eyes.
    pub kontra_eyes: i64,
    /// `re`, `kontra` or `none` ([`winner_key`]).
    pub winner: &'static str,
    /// The deal's value before the multiplier.
    pub value: i64,
    /// Bock and doubling.
    pub multiplier: i64,
    /// Each player's points, in seat order.
    pub scores: &'a [i64],
    /// Each player's total after the deal.
    pub totals: &'a [i64],
    /// The note written with the deal.
    pub note: Option<&'a str>,
}

impl<'a> SheetCells<'a> {
    /// The cells of `r` at the table of `players`, with the totals after it.
    pub fn of(players: &[String], r: &'a DealResult, totals: &'a [i64]) -> SheetCells<'a> {
        SheetCells {
            deal: r.facts.number,
            contract: r.facts.contract.to_string(),
            re: party_names(players, r, Party::Re).join(" "),
            kontra: party_names(players, r, Party::Kontra).join(" "),
            re_eyes: i64::from(r.facts.re_eyes),
            kontra_eyes: i64::from(r.facts.kontra_eyes),
            winner: winner_key(r),
            value: i64::from(r.value()),
            multiplier: i64::from(r.multiplier),
            scores: &r.scores,
            totals,
            note: r.facts.note.as_deref(),
        }
    }
}

/// The names of a party's players in seat order.
pub fn party_names(players: &[String], r: &DealResult, party: Party) -> Vec<String> {
    r.facts.members(party).map(|i| players[i].clone()).collect()
}

/// Whether tables may ask the terminal for its width: the command's run says so first
/// thing ([`use_terminal`]).
#[cfg(feature = "cli")]
static TERMINAL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Lets [`new_table`] ask the terminal for its width (the `doko` command: its tables fit
/// the terminal standard output is). A library caller without it, such as the Python
/// package, gets tables whole whatever its standard output is.
#[cfg(feature = "cli")]
pub fn use_terminal() {
    TERMINAL.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// A new table in the terminal's style, or as Markdown. When standard output is a
/// terminal (or `DOKO_COLUMNS` gives a width, as the tests do), [`fit`] fits its columns to
/// the width; into a file or a pipe it is written whole. Markdown is never fitted.
pub fn new_table(markdown: bool) -> Table {
    let mut t = Table::new();
    // Only the command asks the terminal ([`use_terminal`]); a table of the library's other
    // callers (the Python package, the web app without the `cli` feature) never does.
    #[cfg(feature = "cli")]
    if markdown || !TERMINAL.load(std::sync::atomic::Ordering::Relaxed) {
        t.force_no_tty();
    }
    if !markdown
        && let Some(w) = std::env::var("DOKO_COLUMNS")
            .ok()
            .and_then(|w| w.trim().parse::<u16>().ok())
    {
        t.set_width(w);
    }
    t.load_style(if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    });
    t
}

/// The columns of the terminal this run writes to (standard output, else standard error,
/// else standard input), where it says them, even with no rows set; None without one.
#[cfg(all(feature = "cli", unix))]
pub fn tty_columns() -> Option<u16> {
    [
        rustix::stdio::stdout(),
        rustix::stdio::stderr(),
        rustix::stdio::stdin(),
    ]
    .into_iter()
    .find_map(|fd| rustix::termios::tcgetwinsize(fd).ok())
    .map(|size| size.ws_col)
    .filter(|&cols| cols > 0)
}

/// No terminal's columns without the command line's terminal.
#[cfg(not(all(feature = "cli", unix)))]
pub fn tty_columns() -> Option<u16> {
    None
}

/// The terminal's width where standard output is one (`DOKO_COLUMNS` stands in for it, as
/// for [`new_table`]); None into a file or a pipe, and without the command line's
/// terminal (`cli` off).
pub fn terminal_width() -> Option<usize> {
    new_table(false).width().map(usize::from)
}

/// `text` with every line wider than `width` wrapped between words, as [`fit`] wraps a
/// table's cells: never inside a word, a number or a score (a word wider than the line
/// stays whole), the continuation under the line's last column where it has columns set
/// apart by two spaces, else indented two more than the line. The lines of a table
/// (box drawing) are fitted already and pass as they are.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let table = line.contains(['│', '┆', '═', '─', '┌', '└', '╞', '├']);
        if table || unicode_width::UnicodeWidthStr::width(line) <= width {
            out.push_str(line);
        } else {
            wrap_line(line, width, &mut out);
        }
    }
    out
}

/// One line of [`wrap`].
fn wrap_line(line: &str, width: usize, out: &mut String) {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    let indent = line.len() - line.trim_start_matches(' ').len();
    // Aligned columns (`--explain`'s items: party, item, points, why) continue under the
    // last one; other lines two more than their indent.
    let last_column = line[indent..]
        .rfind("  ")
        .map(|i| indent + i + line[indent + i..].len() - line[indent + i..].trim_start().len())
        .map(|at| line[..at].width());
    let hang = " ".repeat(last_column.unwrap_or(indent + 2).min(width / 2));
    let (mut rest, mut lead) = (line, 0);
    while lead + rest.width() > width {
        // The last run of spaces after a word that keeps the line in width, else the
        // first (a word wider than the line stays whole).
        let (mut used, mut cut, mut in_word, mut wide) = (lead, None, false, false);
        for (i, c) in rest.char_indices() {
            let w = c.width().unwrap_or(0);
            // A break: spaces after a word, or between two wide (CJK) characters, as
            // Japanese text breaks.
            let breaks = (c == ' ' && in_word) || (w == 2 && wide);
            if breaks && (used <= width || cut.is_none()) {
                cut = Some(i);
            }
            if breaks && used > width && cut.is_some() {
                break;
            }
            in_word = c != ' ';
            wide = w == 2;
            used += w;
        }
        let Some(at) = cut else {
            break;
        };
        out.push_str(rest[..at].trim_end());
        out.push('\n');
        out.push_str(&hang);
        lead = hang.len();
        rest = rest[at..].trim_start();
    }
    out.push_str(rest);
}

/// The widest piece of `word` a line may not break: the whole word, but Japanese (wide
/// characters) breaks between its characters, as [`wrap`] breaks it.
fn unbroken(word: &str) -> usize {
    use unicode_width::UnicodeWidthChar;
    let (mut widest, mut run) = (0, 0);
    for c in word.chars() {
        let w = c.width().unwrap_or(0);
        if w == 2 {
            widest = widest.max(run).max(w);
            run = 0;
        } else {
            run += w;
        }
    }
    widest.max(run)
}

/// A table as text, fitted to the terminal ([`fit`]) with no column to drop.
pub fn fitted(mut t: Table) -> String {
    fit(&mut t, &[]);
    t.to_string()
}

/// Fits a table with all its rows to the terminal's width without splitting a word, a
/// number or a score: as it is where it fits; else lines wrap between words only (each
/// column at least as wide as its longest word, by display width, so that CJK counts
/// double); else without the padding inside the columns; else without the columns of
/// `drop`, in that order (those a reader can do without: a multiplier, the winner); else
/// with Japanese words broken between their characters; else with words longer than a
/// number (a profile key) broken where the line ends.
/// Without a known width (a pipe, Markdown) nothing changes.
pub fn fit(t: &mut Table, drop: &[usize]) {
    use comfy_table::{ColumnConstraint, ContentArrangement, Width};
    use unicode_width::UnicodeWidthStr;
    let Some(width) = t.width().map(usize::from) else {
        return;
    };
    let n = t.column_count();
    let mut natural = vec![0usize; n];
    let mut word = vec![0usize; n];
    // The same where Japanese breaks between its characters (the last resort).
    let mut piece = vec![0usize; n];
    let rows = t.header().into_iter().chain(t.row_iter());
    for row in rows {
        for (c, cell) in row.cell_iter().enumerate().take(n) {
            for line in cell.content().lines() {
                natural[c] = natural[c].max(line.width());
                for w in line.split_whitespace() {
                    word[c] = word[c].max(w.width());
                    piece[c] = piece[c].max(unbroken(w));
                }
            }
        }
    }
    let frame = |pad: usize, cols: usize| cols * (1 + 2 * pad) + 1;
    if natural.iter().sum::<usize>() + frame(1, n) <= width {
        t.set_content_arrangement(ContentArrangement::Disabled);
        return;
    }
    t.set_content_arrangement(ContentArrangement::Dynamic);
    let mut shown: Vec<usize> = (0..n).collect();
    let need = |shown: &[usize], pad: usize| {
        shown.iter().map(|&c| word[c]).sum::<usize>() + frame(pad, shown.len())
    };
    let pad = if need(&shown, 1) <= width {
        1
    } else {
        for col in t.column_iter_mut() {
            col.set_padding((0, 0));
        }
        for &c in drop {
            if need(&shown, 0) <= width {
                break;
            }
            if let Some(col) = t.column_mut(c) {
                col.set_constraint(ColumnConstraint::Hidden);
                shown.retain(|&s| s != c);
            }
        }
        0
    };
    // Still too wide: Japanese words break between their characters.
    let bound = if need(&shown, pad) <= width {
        &word
    } else {
        &piece
    };
    // And wider still (many profiles side by side): a long word of text (a profile key)
    // breaks where the line ends, rather than the table running over the terminal; short
    // words, as numbers and scores are, stay whole.
    let over = shown.iter().map(|&c| bound[c]).sum::<usize>() + frame(pad, shown.len()) > width;
    // A column's bound counts its padding.
    for &c in &shown {
        if over && bound[c] > LONG_WORD {
            continue;
        }
        if let Some(col) = t.column_mut(c) {
            let w = u16::try_from(bound[c] + 2 * pad).unwrap_or(u16::MAX);
            col.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(w)));
        }
    }
}

/// The longest word [`fit`] keeps whole come what may: a number, a score, a total.
const LONG_WORD: usize = 8;

/// Text written by a csv writer into memory, as a string.
pub(crate) fn csv_text(w: csv::Writer<Vec<u8>>) -> crate::error::Result<String> {
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    String::from_utf8(bytes).map_err(|e| std::io::Error::other(e).into())
}

/// A value as pretty JSON.
pub(crate) fn pretty<T: serde::Serialize>(value: &T) -> crate::error::Result<String> {
    serde_json::to_string_pretty(value).map_err(|e| std::io::Error::from(e).into())
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn lines_wrap_between_words_and_keep_their_columns() {
        let line = "  Re      won               +1  Re had 130 eyes and so reached 121 eyes (Re's target) (§7.1; scoring.won)";
        let out = wrap(line, 80);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(
            lines
                .iter()
                .all(|l| unicode_width::UnicodeWidthStr::width(*l) <= 80)
        );
        assert!(
            lines[1].starts_with(&" ".repeat(32)),
            "under the last column: {out}"
        );
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            line.split_whitespace().collect::<Vec<_>>(),
            "no word split"
        );
        // Short lines and a table's lines pass as they are.
        assert_eq!(wrap("a b\n│ x ┆ y │", 4), "a b\n│ x ┆ y │");
        // A word wider than the line stays whole.
        assert_eq!(
            wrap("next: averyveryverylongname deals", 10),
            "next:\n  averyveryverylongname\n  deals"
        );
        // Japanese breaks between its characters.
        let ja = wrap("レーは121点で121点に達した（レーの勝利条件）", 20);
        assert!(
            ja.lines()
                .all(|l| unicode_width::UnicodeWidthStr::width(l) <= 20),
            "{ja}"
        );
        assert_eq!(
            ja.replace(['\n', ' '], ""),
            "レーは121点で121点に達した（レーの勝利条件）"
        );
    }
}
