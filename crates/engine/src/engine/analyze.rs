//! `doko analyze FILE` (issue 70): the double-dummy analysis of every recorded deal with
//! tricks, in any record format (a record file, its JSON, an archive as CSV or JSON
//! Lines), read in file order, analysed on `jobs` threads and handed on in file order.
//!
//! Each deal is played through the record check first, as `doko score` plays it (a deal
//! that is not legal is reported with its file, line and field, and the rest still
//! analysed); a deal without tricks (a paper sheet's row, a summary) is passed over with
//! a note; a record that stops before its last trick (its hands written) is replayed as
//! far as it goes and analysed from there ([`crate::game::Game::replay`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::contract::{Contract, Party};
use crate::deal::full::FullRecord;
use crate::deal::records::{RecordFile, build_full_record};
use crate::deal::{DealFacts, FieldError, RecordError};
use crate::error::Result;
use crate::game::analyze::{Analysis, CardValue, Line, analyze, game_value, line_of};
use crate::input::Input;
use crate::lang::Lang;
use crate::machine::{Bounds, Ruleset};
use crate::seating::Rotation;
use crate::variant::Profile;

/// What `doko analyze` asks.
#[derive(Debug, Clone, Copy)]
pub struct AnalyzeAsk {
    /// Threads that analyse deals (0: every core).
    pub jobs: usize,
    /// The positions the solver may visit for one deal (None: no limit).
    pub limit: Option<u64>,
}

/// The positions a deal's analysis visits at most unless asked otherwise: under half a
/// second of one core of the machine the README's figures were measured on.
pub const DEFAULT_LIMIT: u64 = 5_000_000;

/// One deal to analyse: where it stands, who played it, its line and its facts (none for
/// an unfinished record, which the record check does not score).
#[derive(Debug, Clone)]
pub struct Task {
    /// The deal's number in the file, from 1.
    pub number: usize,
    /// The line it starts on.
    pub line: usize,
    /// The players at the table, in seat order.
    pub players: Vec<String>,
    /// Its play, for the solver.
    pub play: Line,
    /// The record check's facts, where it was played in full.
    pub facts: Option<DealFacts>,
}

/// A deal analysed.
#[derive(Debug, Clone)]
pub struct Analysed {
    /// The deal.
    pub task: Task,
    /// What the solver found.
    pub analysis: Analysis,
}

/// What the analysis hands on, in file order.
#[derive(Debug)]
pub enum Event {
    /// A deal analysed.
    Deal(Box<Analysed>),
    /// A deal without tricks, passed over: the note says which.
    Passed(RecordError),
    /// A deal that is not a legal deal, or cannot be read.
    Bad(RecordError),
}

/// Analyses every deal of the files `parsed` holds ([`super::Files::parse`]) under
/// `profile`, handing each [`Event`] to `each` in file order; `tick` is called once a
/// deal. Returns how many deals were bad.
pub fn analyze_files(
    parsed: super::Parsed<'_>,
    profile: &Profile,
    ask: AnalyzeAsk,
    each: &mut dyn FnMut(Event) -> Result<()>,
    tick: &(dyn Fn() + Sync),
) -> Result<usize> {
    let jobs = crate::stream::jobs(ask.jobs)?.get();
    let mut pool = Pool::new(profile, ask, jobs);
    let mut bad = 0usize;
    let mut hand_on = |item: Item, pool: &mut Pool<'_>| -> Result<()> {
        if matches!(item, Item::Event(Event::Bad(_))) {
            bad += 1;
        }
        pool.push(item);
        if pool.tasks >= jobs * 2 {
            pool.flush(each, tick)?;
        }
        Ok(())
    };
    for (input, archive) in parsed.inputs.iter().zip(parsed.archives) {
        match (input, archive) {
            (Some(Input::Sheet(sheet)), _) => {
                let file = sheet.file().to_string();
                for deal in crate::play::PlayDeals::deals(sheet, profile) {
                    let item = match deal {
                        Ok(facts) => {
                            Item::Event(Event::Passed(no_tricks(&file, None, facts.number)))
                        }
                        Err(e) => Item::Event(Event::Bad(e)),
                    };
                    hand_on(item, &mut pool)?;
                }
            }
            (Some(Input::Records(file)), _) => {
                for item in record_file_items(file, profile) {
                    hand_on(item, &mut pool)?;
                }
            }
            (None, Some(reader)) => {
                let file = reader.file().to_string();
                let mut table: Option<(Vec<String>, Rotation)> = None;
                for (line, record) in reader {
                    let item = match record {
                        Err(e) => Item::Event(Event::Bad(e)),
                        Ok(mut record) => {
                            let same = table.as_ref().is_some_and(|(p, _)| *p == record.players);
                            if !same {
                                let rotation = Rotation::new(record.players.len(), None);
                                table = Some((record.players.clone(), rotation));
                            }
                            if let Some((_, rotation)) = table.as_mut() {
                                // Seated as `score` seats it: by the game its bids decide.
                                let written = record.dealer_written.then_some(record.dealer);
                                let dealer = written.unwrap_or(rotation.next_dealer());
                                let decided =
                                    crate::play::decide_bids_with(&record, profile, dealer, None)
                                        .ok()
                                        .flatten();
                                record.dealer = crate::stream::seat_dealt(
                                    rotation,
                                    &record,
                                    profile,
                                    decided.as_ref(),
                                );
                            }
                            record_item(&file, line, &record, profile)
                        }
                    };
                    hand_on(item, &mut pool)?;
                }
            }
            (None, None) => {}
        }
    }
    pool.flush(each, tick)?;
    Ok(bad)
}

/// A deal read, waiting its turn to be handed on.
enum Item {
    Event(Event),
    Task(Box<Task>),
}

/// The note for a deal without tricks.
fn no_tricks(file: &str, line: Option<usize>, number: usize) -> RecordError {
    let e = RecordError::new(file, crate::msg!("analyze.no_tricks")).deal(number);
    match line {
        Some(l) => e.line(l),
        None => e,
    }
}

/// Every deal of a record file, seated as `doko score` seats them.
fn record_file_items(file: &RecordFile, profile: &Profile) -> Vec<Item> {
    let mut items = Vec::with_capacity(file.deals.len());
    let mut deals = crate::play::PlayDeals::deals(file, profile);
    let hand = profile.hand_size();
    for (i, (line, raw)) in file.deals.iter().enumerate() {
        let number = i + 1;
        let written = raw.dealer.as_deref().and_then(|d| file.seat(d));
        let seated = deals.series().next(written).dealer;
        let Some(result) = deals.next() else { break };
        let tricks = raw.tricks.as_ref().map_or(0, Vec::len);
        if tricks == 0 {
            items.push(match result {
                Err(e) if raw.hands.is_none() => Item::Event(Event::Bad(e)),
                _ => Item::Event(Event::Passed(no_tricks(&file.file, Some(*line), number))),
            });
            continue;
        }
        let err = |e: FieldError| {
            Item::Event(Event::Bad(
                RecordError::new(&file.file, e.message)
                    .line(*line)
                    .deal(number)
                    .trick(e.trick)
                    .field(e.field),
            ))
        };
        let dealer = match &result {
            Ok(facts) => facts.dealer.unwrap_or(seated),
            Err(_) => seated,
        };
        let contract = raw
            .contract
            .as_deref()
            .and_then(|c| c.parse::<Contract>().ok())
            .unwrap_or_default();
        let declarer = raw.declarer.as_deref().and_then(|d| file.seat(d));
        let record =
            build_full_record(&file.players, raw, number, Some(dealer), contract, declarer);
        let mut record = match record {
            Ok(r) => r,
            Err(e) => {
                items.push(err(e));
                continue;
            }
        };
        match result {
            Ok(facts) => {
                record.compulsory = facts.compulsory;
                if !record.bids.is_empty() {
                    record.written.compulsory = Some(facts.compulsory);
                }
                items.push(record_item(&file.file, *line, &record, profile));
            }
            Err(_) if tricks < hand && raw.hands.is_some() => {
                items.push(record_item(&file.file, *line, &record, profile));
            }
            Err(e) => items.push(Item::Event(Event::Bad(e))),
        }
    }
    items
}

/// A full record as a task: played through the check (an unfinished one replayed as far
/// as it goes), or why not.
fn record_item(file: &str, line: usize, record: &FullRecord, profile: &Profile) -> Item {
    let placed = |e: RecordError| e.line(line).deal(record.number);
    if record.tricks.is_empty() {
        return Item::Event(Event::Passed(no_tricks(file, Some(line), record.number)));
    }
    if record.tricks.len() < profile.hand_size() && record.hands.iter().any(Option::is_some) {
        let game = crate::game::Game::replay(profile, record)
            .map_err(|e| placed(RecordError::new(file, e.message).field("tricks")));
        let play = game.and_then(|g| {
            g.line()
                .map_err(|m| placed(RecordError::new(file, m).field("tricks")))
        });
        return match play {
            Ok(play) => Item::Task(Box::new(Task {
                number: record.number,
                line,
                players: record.players.clone(),
                play,
                facts: None,
            })),
            Err(e) => Item::Event(Event::Bad(e)),
        };
    }
    match line_of(record, profile) {
        Ok((play, facts)) => Item::Task(Box::new(Task {
            number: record.number,
            line,
            players: record.players.clone(),
            play,
            facts: Some(facts),
        })),
        Err(e) => Item::Event(Event::Bad(
            placed(RecordError::new(file, e.message))
                .trick(e.trick)
                .field(e.field),
        )),
    }
}

/// The deals read and not yet handed on, analysed a batch at a time on `jobs` threads.
struct Pool<'p> {
    profile: &'p Profile,
    ask: AnalyzeAsk,
    jobs: usize,
    items: Vec<Item>,
    /// Tasks among the items.
    tasks: usize,
}

impl<'p> Pool<'p> {
    fn new(profile: &'p Profile, ask: AnalyzeAsk, jobs: usize) -> Pool<'p> {
        Pool {
            profile,
            ask,
            jobs,
            items: Vec::new(),
            tasks: 0,
        }
    }

    fn push(&mut self, item: Item) {
        self.tasks += usize::from(matches!(item, Item::Task(_)));
        self.items.push(item);
    }

    /// Analyses the tasks waiting (each thread takes the next one), then hands every item
    /// on in file order.
    fn flush(
        &mut self,
        each: &mut dyn FnMut(Event) -> Result<()>,
        tick: &(dyn Fn() + Sync),
    ) -> Result<()> {
        let tasks: Vec<&Task> = self
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Task(t) => Some(&**t),
                Item::Event(_) => None,
            })
            .collect();
        let results: Vec<Mutex<Option<Analysis>>> =
            tasks.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let rules = Ruleset::of(self.profile);
        let limit = self.ask.limit;
        let work = || {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(k) else { break };
                let a = analyze(&task.play, rules, limit);
                tick();
                if let Ok(mut slot) = results[k].lock() {
                    *slot = Some(a);
                }
            }
        };
        let threads = self.jobs.min(tasks.len()).max(1);
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(work);
            }
            work();
        });
        let mut found = results.into_iter().map(|m| m.into_inner().ok().flatten());
        self.tasks = 0;
        for item in std::mem::take(&mut self.items) {
            match item {
                Item::Event(e) => {
                    // A deal passed over or refused is a deal read too.
                    tick();
                    each(e)?
                }
                Item::Task(task) => {
                    if let Some(Some(analysis)) = found.next() {
                        each(Event::Deal(Box::new(Analysed {
                            task: *task,
                            analysis,
                        })))?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// What a card cost its party, beyond eyes: a threshold of the eye table crossed (Re's
/// 120 / 121, either party's 90, 60, 30), the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Lost {
    /// Eyes lost (0: a best card, or a value not known).
    pub eyes: u16,
    /// A threshold of the eye table crossed.
    pub threshold: bool,
    /// The game's winner changed (the calls as made; where the record was scored).
    pub game: bool,
}

/// The marks of the eye table a party's eyes cross: how many of Re's 120 and either
/// party's 90, 60 and 30 lie below the eyes (`total`: the deal's eyes).
fn level(re_eyes: u16, total: u16) -> (u8, u8) {
    let kontra = total.saturating_sub(re_eyes);
    let marks = |e: u16| [30u16, 60, 90].iter().filter(|&&t| e >= t).count() as u8;
    (marks(re_eyes) + u8::from(re_eyes > 120), marks(kontra))
}

impl Analysed {
    /// The eyes in the deal.
    fn total(&self, profile: &Profile) -> u16 {
        let rules = Ruleset::of(profile);
        rules.eyes_of(rules.deck())
    }

    /// What `card` cost its party (nothing where a value is not known).
    pub fn lost(&self, card: &CardValue, profile: &Profile) -> Lost {
        let (Some(best), Some(played)) = (card.re_eyes_best.exact(), card.re_eyes_played.exact())
        else {
            return Lost::default();
        };
        let total = self.total(profile);
        let game = self.task.facts.as_ref().is_some_and(|f| {
            best != played && game_value(f, profile, best).0 != game_value(f, profile, played).0
        });
        Lost {
            eyes: best.abs_diff(played),
            threshold: level(best, total) != level(played, total),
            game,
        }
    }

    /// The game the value from the first card gives (winner and Re's points), where it is
    /// known and the record was scored.
    pub fn value_game(&self, profile: &Profile) -> Option<(Option<Party>, i32)> {
        let eyes = self.analysis.re_eyes.exact()?;
        Some(game_value(self.task.facts.as_ref()?, profile, eyes))
    }

    /// The names of Re, in seat order.
    pub fn re_names(&self) -> Vec<String> {
        let mut seats: Vec<usize> = (0..8)
            .filter(|p| self.task.play.re >> p & 1 != 0)
            .filter_map(|p| self.task.play.seats.get(p).copied())
            .collect();
        seats.sort_unstable();
        seats
            .into_iter()
            .filter_map(|s| self.task.players.get(s).cloned())
            .collect()
    }
}

/// A deal's analysis as `--format json` writes it (docs/formats.md section 6).
#[derive(Debug, Clone, serde::Serialize)]
pub struct DealReport {
    /// The deal's number in the file.
    pub deal: usize,
    /// The line it starts on.
    pub line: usize,
    /// The players of Re, in seat order.
    pub re: Vec<String>,
    /// The value from the first card.
    pub value: ValueReport,
    /// Re's eyes as the deal was played.
    pub re_eyes_played: Option<u16>,
    /// Every value was reached.
    pub complete: bool,
    /// Positions searched.
    pub positions: u64,
    /// Every card played.
    pub cards: Vec<CardReport>,
    /// Where the record stops early: the value of its last position and the best cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<UnfinishedReport>,
}

/// The value of a deal from its first card.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ValueReport {
    /// Re's eyes at the end (null where not reached).
    pub re_eyes: Option<u16>,
    /// Its bounds, where it was not reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub re_eyes_bounds: Option<[u16; 2]>,
    /// The game those eyes give with the calls as made: its winner ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<&'static str>>,
    /// ... and Re's points before the multiplier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub re_points: Option<i32>,
}

/// One card of a deal, analysed.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CardReport {
    /// The trick, from 1.
    pub trick: usize,
    /// Who played it.
    pub player: String,
    /// The card.
    pub card: String,
    /// Re's eyes at the end after it (null where not reached).
    pub re_eyes_played: Option<u16>,
    /// Re's eyes at the end after the best card (null where not reached).
    pub re_eyes_best: Option<u16>,
    /// The best cards (null where not reached).
    pub best: Option<Vec<String>>,
    /// What it cost its party.
    pub lost: Lost,
    /// The bounds of `re_eyes_played`, where it was not reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub re_eyes_played_bounds: Option<[u16; 2]>,
    /// The bounds of `re_eyes_best`, where it was not reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub re_eyes_best_bounds: Option<[u16; 2]>,
}

/// Where a record stops before its last card.
#[derive(Debug, Clone, serde::Serialize)]
pub struct UnfinishedReport {
    /// Re's eyes at the end from there (null where not reached).
    pub re_eyes: Option<u16>,
    /// The best cards there (null where not reached).
    pub best: Option<Vec<String>>,
}

/// The bounds of a value not reached.
fn bounds(b: Bounds) -> Option<[u16; 2]> {
    b.exact().is_none().then_some([b.lo, b.hi])
}

/// Cards by their names.
fn names(cards: Option<&[crate::cards::Card]>) -> Option<Vec<String>> {
    cards.map(|b| b.iter().map(ToString::to_string).collect())
}

/// A deal's analysis as `--format json` writes it.
pub fn deal_report(a: &Analysed, profile: &Profile) -> DealReport {
    let game = a.value_game(profile);
    let cards = a
        .analysis
        .cards
        .iter()
        .map(|c| CardReport {
            trick: c.trick,
            player: a.task.players.get(c.seat).cloned().unwrap_or_default(),
            card: c.card.to_string(),
            re_eyes_played: c.re_eyes_played.exact(),
            re_eyes_best: c.re_eyes_best.exact(),
            best: names(c.best.as_deref()),
            lost: a.lost(c, profile),
            re_eyes_played_bounds: bounds(c.re_eyes_played),
            re_eyes_best_bounds: bounds(c.re_eyes_best),
        })
        .collect();
    DealReport {
        deal: a.task.number,
        line: a.task.line,
        re: a.re_names(),
        value: ValueReport {
            re_eyes: a.analysis.re_eyes.exact(),
            re_eyes_bounds: bounds(a.analysis.re_eyes),
            winner: game.map(|(w, _)| w.map(|w| w.key())),
            re_points: game.map(|(_, p)| p),
        },
        re_eyes_played: a.analysis.re_eyes_played.exact(),
        complete: !a.analysis.stopped,
        positions: a.analysis.nodes,
        cards,
        unfinished: a.analysis.last.as_ref().map(|(v, best)| UnfinishedReport {
            re_eyes: v.exact(),
            best: names(best.as_deref()),
        }),
    }
}

/// Cards as a table writes them (`?`: not known).
fn cards_text(cards: Option<&[crate::cards::Card]>) -> String {
    cards.map_or_else(
        || "?".to_string(),
        |b| {
            b.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        },
    )
}

/// A deal's analysis as a table for people, in `lang`: a line for the deal, then each
/// card with Re's eyes after it and after the best card, the best cards, and what it
/// cost.
pub fn deal_text(a: &Analysed, profile: &Profile, lang: Lang) -> String {
    let shown = |b: Bounds| match b.exact() {
        Some(v) => v.to_string(),
        None => format!("{}-{}", b.lo, b.hi),
    };
    let mut out = crate::tr!(
        lang,
        "analyze.head",
        deal = a.task.number,
        re = a.re_names().join(", "),
        best = shown(a.analysis.re_eyes),
        played = shown(a.analysis.re_eyes_played)
    );
    out.push('\n');
    let mut t = crate::render::new_table(false);
    t.set_header(
        [
            "analyze.trick",
            "analyze.player",
            "analyze.card",
            "analyze.played",
            "analyze.best_value",
            "analyze.best",
            "analyze.cost",
        ]
        .map(|k| lang.t(k).to_string())
        .to_vec(),
    );
    for c in &a.analysis.cards {
        let lost = a.lost(c, profile);
        let mut cost = Vec::new();
        if lost.eyes > 0 {
            cost.push(crate::tr!(lang, "analyze.cost_eyes", eyes = lost.eyes));
        }
        if lost.threshold {
            cost.push(lang.t("analyze.cost_threshold").to_string());
        }
        if lost.game {
            cost.push(lang.t("analyze.cost_game").to_string());
        }
        let best = cards_text(c.best.as_deref());
        t.add_row(vec![
            c.trick.to_string(),
            a.task.players.get(c.seat).cloned().unwrap_or_default(),
            c.card.to_string(),
            shown(c.re_eyes_played),
            shown(c.re_eyes_best),
            best,
            cost.join(", "),
        ]);
    }
    out.push_str(&t.to_string());
    out.push('\n');
    if let Some((value, best)) = &a.analysis.last {
        let best = cards_text(best.as_deref());
        let line = crate::tr!(
            lang,
            "analyze.unfinished",
            value = shown(*value),
            best = best
        );
        out.push_str(&line);
        out.push('\n');
    }
    if a.analysis.stopped {
        out.push_str(&crate::tr!(
            lang,
            "analyze.stopped",
            positions = a.analysis.nodes
        ));
        out.push('\n');
    }
    out
}

/// `doko analyze`'s output: every deal of `parsed` analysed ([`analyze_files`]) and
/// written to `out` as it comes, a table for people in `lang` or (`json`) the document
/// docs/formats.md describes; the notes and bad deals go to `aside`, in file order.
/// Returns how many deals were bad.
pub fn write_analysis(
    parsed: super::Parsed<'_>,
    (profile, ask): (&Profile, AnalyzeAsk),
    (json, lang): (bool, Lang),
    out: &mut dyn std::io::Write,
    aside: &mut dyn FnMut(&Event),
    tick: &(dyn Fn() + Sync),
) -> Result<usize> {
    if json {
        write!(out, "{{\"deals\": [")?;
    }
    let mut first = true;
    let mut each = |event: Event| -> Result<()> {
        match &event {
            Event::Deal(a) if json => {
                let sep = if std::mem::take(&mut first) { "" } else { "," };
                let text = serde_json::to_string(&deal_report(a, profile))
                    .map_err(std::io::Error::from)?;
                writeln!(out, "{sep}\n{text}")?;
            }
            Event::Deal(a) => writeln!(out, "{}", deal_text(a, profile, lang))?,
            Event::Passed(_) | Event::Bad(_) => aside(&event),
        }
        Ok(())
    };
    let bad = analyze_files(parsed, profile, ask, &mut each, tick)?;
    if json {
        writeln!(out, "]}}")?;
    }
    Ok(bad)
}
