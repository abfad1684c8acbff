//! The one entry point: files (sheets, record files, archives) and a profile choice in,
//! scored deals out, one at a time and in order. Every front end scores through it: the
//! policy that picks a profile ([`choose_profile`]), the session fold that numbers deals
//! across files and starts a new table ([`Scorer`]) and the loop over the files
//! ([`Parsed::score`], archives streamed on every core) are decided here once.
//!
//! ```
//! use doko::engine::{Choice, Files, Fold, Step};
//!
//! let sheet = "Anna,Ben,Cara,Dirk,re_points\nre,kontra,re,kontra,121\n";
//! let mut files = Files::from_text("evening.csv", sheet);
//! let parsed = files.parse().unwrap();
//! let profile = doko::engine::choose_profile(&Choice::default(), &parsed.named()).unwrap();
//! let mut values = Vec::new();
//! parsed
//!     .score(&profile, Fold::Sheet, 1, true, |step| {
//!         if let Step::Deal(d) = step {
//!             values.push(d.result.value());
//!         }
//!         Ok(())
//!     }, |_| Ok(()))
//!     .unwrap();
//! assert_eq!(values, [1]);
//! ```

pub mod analyze;
pub mod api;
pub mod freedoko;
pub mod import;
pub mod page;

pub use crate::compare::summary as compare_summary;
pub use crate::input::{Document, Input, InputFormat, Source};
pub use crate::limits::MAX_JOBS;
#[doc(hidden)]
pub use crate::stream::{BATCH, play_all};

use std::ops::ControlFlow;

use crate::deal::archive::ArchiveReader;
use crate::deal::{DealFacts, RecordError};
use crate::error::Result;
use crate::scoring::{DealResult, Session};
use crate::variant::Profile;

/// What a command line's `--variant` means beside the profile a file names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FlagRole {
    /// `--variant` wins over the files' own profile (`score`, `compare`).
    #[default]
    Overrides,
    /// `--variant` is for files that name none (`stats`: each evening keeps its rules).
    Default,
}

/// The profile asked for on a command line (or by any other caller).
#[derive(Debug, Clone, Default)]
pub struct Choice<'a> {
    /// A profile's name or path (`--variant`).
    pub variant: Option<&'a str>,
    /// `KEY=VALUE` overrides after the files' own (`--set`).
    pub sets: &'a [(String, String)],
    /// How `variant` weighs against the files' own profile.
    pub role: FlagRole,
}

/// The profile policy, the one place it is decided. With [`FlagRole::Overrides`]: the
/// choice's variant, else the profile the files name with their `set` overrides (they
/// must agree; a file's `set` without a `variant` overrides `ddv`, the profile it is
/// scored under), else `ddv`. With
/// [`FlagRole::Default`]: the profile the files name, else the choice's, else `ddv`, with
/// the files' `set` overrides. The choice's `sets` come last.
pub fn choose_profile(choice: &Choice, named: &[Named<'_>]) -> Result<Profile> {
    let differ = |named: &[Named]| -> Result<()> {
        if named
            .windows(2)
            .any(|w| (w[0].name, w[0].sets) != (w[1].name, w[1].sets))
        {
            let names: Vec<&str> = named
                .iter()
                .map(|n| n.name.unwrap_or(crate::variant::DEFAULT_PROFILE))
                .collect();
            return Err(crate::msg!("error.variants_differ", variants = names.join(", ")).into());
        }
        Ok(())
    };
    // The profile's name (none: the default), the file's overrides, and the file that
    // named it (if one did).
    let (name, file_sets, asked): (Option<&str>, &[(String, String)], Option<&str>) =
        match (choice.role, choice.variant) {
            (FlagRole::Overrides, Some(v)) => (Some(v), &[], None),
            (FlagRole::Overrides, None) => {
                // The files that say something of their profile: a name, or overrides.
                let with_name: Vec<Named> = named
                    .iter()
                    .filter(|n| n.name.is_some() || !n.sets.is_empty())
                    .copied()
                    .collect();
                differ(&with_name)?;
                with_name.first().map_or((None, &[], None), |n| {
                    (n.name, n.sets, n.name.map(|_| n.file))
                })
            }
            (FlagRole::Default, flag) => {
                differ(named)?;
                let file = named.first();
                match file.and_then(|n| n.name) {
                    Some(name) => (
                        Some(name),
                        file.map_or(&[], |n| n.sets),
                        file.map(|n| n.file),
                    ),
                    None => (flag, file.map_or(&[], |n| n.sets), None),
                }
            }
        };
    let sets: Vec<(String, String)> = file_sets.iter().chain(choice.sets).cloned().collect();
    Profile::of_file(name, &sets).map_err(|e| match (asked, e) {
        // A profile a file asks for that cannot be found, read or used: the file that
        // asked is the place (a bad `--set` is the command line's).
        (Some(file), e) if !matches!(e, crate::variant::ProfileError::Set { .. }) => {
            RecordError::new(file, e.text()).field("variant").into()
        }
        (_, e) => e.into(),
    })
}

/// A profile a file names (if it names one), with the file's own `set` overrides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named<'a> {
    /// The profile's name or path, if the file names one.
    pub name: Option<&'a str>,
    /// The file's `set` overrides.
    pub sets: &'a [(String, String)],
    /// The file.
    pub file: &'a str,
}

/// How the deals of several files and tables are added up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fold {
    /// One sheet: one table of players throughout, deals numbered on across files, each
    /// result with its rule texts (`score`'s sheet). Other players are an error.
    Sheet,
    /// Aggregates: a new session (totals, Bock rounds) whenever the table changes, results
    /// without rule texts (`score --summary`).
    Brief,
}

/// A scored deal as the fold hands it on.
#[derive(Debug)]
pub struct Scored<'a> {
    /// The players of the deal's table, in seat order.
    pub players: &'a [String],
    /// The deal's result (its number counted on across files with [`Fold::Sheet`]).
    pub result: &'a DealResult,
    /// Each player's total after the deal.
    pub totals: &'a [i64],
    /// The deal begins a session (the first deal, a new table, an archive's `session`).
    pub begins: bool,
}

/// What [`Parsed::score`] hands on: a deal scored, or a penalty between deals (a league
/// sheet's `[[penalty]]`, a paper sheet's penalty row) booked into the totals.
// The deal is what nearly every step is: boxing it would cost an allocation a deal.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Step<'a> {
    /// A deal scored.
    Deal(Scored<'a>),
    /// A penalty booked ([`Fold::Sheet`] only: a summary counts deals).
    Penalty {
        /// The players of the table, in seat order.
        players: &'a [String],
        /// The penalty, with the totals after it.
        penalty: crate::league::Penalty,
    },
}

/// The session fold: adds deals up in order, starts a table when the players change.
#[derive(Debug)]
pub struct Scorer<'p> {
    profile: &'p Profile,
    fold: Fold,
    session: Option<Session>,
    /// Added to the deal numbers of the file being read ([`Fold::Sheet`]).
    offset: usize,
    /// The number of the last deal scored.
    last: usize,
    /// The last deal [`Scorer::add`] scored (what its [`Scored`] points to).
    result: Option<DealResult>,
}

impl<'p> Scorer<'p> {
    /// An empty fold under `profile`.
    pub fn new(profile: &'p Profile, fold: Fold) -> Scorer<'p> {
        Scorer {
            profile,
            fold,
            session: None,
            offset: 0,
            last: 0,
            result: None,
        }
    }

    /// The next file's deals are numbered on from the last deal scored.
    pub fn next_file(&mut self) {
        self.offset = self.last;
    }

    /// Scores one deal of `players` (`new_table`: the players may have changed).
    pub fn add(
        &mut self,
        players: &[String],
        new_table: bool,
        facts: DealFacts,
    ) -> Result<Scored<'_>> {
        let detail = self.fold == Fold::Sheet;
        let result = crate::scoring::deal::score_facts(facts, self.profile, detail);
        let result = self.result.insert(result);
        let place = (self.profile, self.fold, self.offset, &mut self.last);
        fold_in(place, &mut self.session, players, new_table, result)
    }

    /// As [`Scorer::add`], for a deal scored on its own already (with the rule texts of
    /// its items for [`Fold::Sheet`]): its Bock multiplier and the totals are added where
    /// the result lies.
    pub fn add_result<'s>(
        &'s mut self,
        players: &[String],
        new_table: bool,
        result: &'s mut DealResult,
    ) -> Result<Scored<'s>> {
        let place = (self.profile, self.fold, self.offset, &mut self.last);
        fold_in(place, &mut self.session, players, new_table, result)
    }

    /// Books a penalty given after the `played` deals so far ([`Fold::Sheet`]; none for
    /// [`Fold::Brief`]): `last` holds each seat's role in the last deal.
    fn penalize(
        &mut self,
        (file, line, raw): (&str, usize, &crate::deal::records::RawPenalty),
        players: &[String],
        (last, played): (Option<&[crate::deal::Role]>, usize),
    ) -> std::result::Result<Option<Step<'_>>, RecordError> {
        if self.fold == Fold::Brief {
            return Ok(None);
        }
        let session = self
            .session
            .get_or_insert_with(|| Session::new(players.to_vec()));
        let place = (players, self.profile, last, played);
        let penalty = crate::league::book_penalty(file, line, raw, place, session)?;
        Ok(Some(Step::Penalty {
            players: &session.players,
            penalty,
        }))
    }

    /// The session of the last table, if a deal was scored.
    pub fn into_session(self) -> Option<Session> {
        self.session
    }
}

/// Adds a deal scored on its own to the session of `players` (a new one where the table
/// changed): its Bock multiplier and the totals ([`Scorer::add_result`]).
#[allow(clippy::type_complexity)]
fn fold_in<'s>(
    (profile, fold, offset, last): (&Profile, Fold, usize, &mut usize),
    session: &'s mut Option<Session>,
    players: &[String],
    new_table: bool,
    result: &'s mut DealResult,
) -> Result<Scored<'s>> {
    let session = match fold {
        Fold::Brief => {
            let fresh = session
                .as_ref()
                .is_none_or(|s| new_table && s.players != players);
            if fresh {
                *session = Some(Session::brief(players.to_vec()));
            } else if let Some(s) = session.as_mut().filter(|_| new_table) {
                // The same players, a session begun again.
                s.begin_again();
            }
            session.get_or_insert_with(|| Session::brief(players.to_vec()))
        }
        Fold::Sheet => {
            // Deal numbers are bounded where they are read; counted on across files they
            // never wrap.
            result.facts.number = result.facts.number.saturating_add(offset);
            let s = session.get_or_insert_with(|| Session::new(players.to_vec()));
            if new_table && s.players != players {
                return Err(crate::msg!(
                    "error.sheet_players_differ",
                    players = players.join(", "),
                    before = s.players.join(", ")
                )
                .into());
            }
            if new_table {
                // A session begun again at the same table.
                s.begin_again();
            }
            s
        }
    };
    *last = result.facts.number;
    session.score_result(result, profile);
    Ok(Scored {
        players: &session.players,
        result,
        totals: &session.totals,
        begins: new_table,
    })
}

/// What a sheet or record file is refused for before its deals: continuing an archive
/// where a session must begin (`must_begin`: it has no sessions to begin); a paper sheet
/// whose player columns are not a table the profile plays at, once at its header (every
/// deal would be refused alike).
fn document_checks(input: &Input<'_>, profile: &Profile, must_begin: bool) -> Result<()> {
    if must_begin {
        return Err(part_refused(profile));
    }
    if let Input::Sheet(sheet) = input
        && let Err(e) = crate::seating::check_table(profile, sheet.players.len())
    {
        let at = RecordError::new(sheet.file(), e.message())
            .line(1)
            .field(sheet.players.join(","));
        return Err(at.into());
    }
    Ok(())
}

/// Why a part that continues an archive is refused under `profile` (whose Bock rounds
/// cross deals): it does not begin a session ([`Parsed::continuing`]).
fn part_refused(profile: &Profile) -> crate::error::Error {
    crate::msg!("error.part_in_session", profile = profile.name.clone()).into()
}

/// What [`Parsed::score`] did beside the deals it handed on.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Deals that were not legal records (each handed to the `bad` callback).
    pub bad: usize,
    /// A bad archive deal ended the run (without `keep_going`).
    pub stopped: bool,
    /// The session of the last table (its players, totals and ranking), if a deal was
    /// scored.
    pub session: Option<Session>,
}

/// The files of one run, opened: sheets and record files read whole (they are small),
/// archives still to be read.
pub struct Files {
    docs: Vec<Option<Document>>,
    archives: Vec<Option<ArchiveReader<Box<dyn std::io::BufRead + Send>>>>,
}

impl Files {
    /// Opens every file (`-` is standard input) in `format`, else by its extension.
    pub fn open(paths: &[String], format: Option<InputFormat>) -> Result<Files> {
        let mut files = Files {
            docs: Vec::with_capacity(paths.len()),
            archives: Vec::with_capacity(paths.len()),
        };
        for path in paths {
            match Source::open(path, format)? {
                Source::Document(doc) => {
                    files.docs.push(Some(doc));
                    files.archives.push(None);
                }
                Source::Archive(reader) => {
                    files.docs.push(None);
                    files.archives.push(Some(*reader));
                }
            }
        }
        Ok(files)
    }

    /// One source already opened.
    pub fn from_source(source: Source) -> Files {
        match source {
            Source::Document(doc) => Files {
                docs: vec![Some(doc)],
                archives: vec![None],
            },
            Source::Archive(reader) => Files {
                docs: vec![None],
                archives: vec![Some(*reader)],
            },
        }
    }

    /// One CSV sheet given as text, named `file` in its errors.
    pub fn from_text(file: &str, text: &str) -> Files {
        Files {
            docs: vec![Some(Document::from_text(file, InputFormat::Csv, text))],
            archives: vec![None],
        }
    }

    /// Reads every sheet and record file (archives are read as they are scored).
    pub fn parse(&mut self) -> Result<Parsed<'_>> {
        let archives = std::mem::take(&mut self.archives);
        let inputs = self
            .docs
            .iter()
            .map(|d| d.as_ref().map(Document::open).transpose())
            .collect::<std::result::Result<Vec<_>, _>>()?;
        Ok(Parsed {
            inputs,
            archives,
            continues: false,
            rules: true,
        })
    }
}

/// The files of a run, read: what [`Files::parse`] gives.
pub struct Parsed<'a> {
    inputs: Vec<Option<Input<'a>>>,
    archives: Vec<Option<ArchiveReader<Box<dyn std::io::BufRead + Send>>>>,
    /// The input continues an archive begun elsewhere ([`Parsed::continuing`]).
    continues: bool,
    /// The items' rule texts are written ([`Parsed::without_rules`]).
    rules: bool,
}

impl<'a> Parsed<'a> {
    /// The input continues an archive begun elsewhere (a part after the first, as a
    /// cluster splits it). Under a profile whose Bock rounds cross deals such a part must
    /// begin where a session begins (its first deal's `session` field has a value): it
    /// cannot know the rounds under way otherwise, and would score differently from the
    /// whole. [`Parsed::score`] refuses it else, naming the profile.
    pub fn continuing(mut self, continues: bool) -> Parsed<'a> {
        self.continues = continues;
        self
    }

    /// A sheet ([`Fold::Sheet`]) whose items go without their rule texts (a caller that
    /// does not show them: `doko.iter_scores`), which an archive's deals then do not
    /// spend the time to write.
    pub fn without_rules(mut self) -> Parsed<'a> {
        self.rules = false;
        self
    }

    /// What the reader passed over in the files and says so, each with its file and line
    /// ([`Input::notes`]).
    pub fn notes(&self) -> impl Iterator<Item = &RecordError> {
        self.inputs.iter().flatten().flat_map(Input::notes)
    }

    /// The profiles the files name, in file order (for [`choose_profile`]).
    pub fn named(&self) -> Vec<Named<'_>> {
        self.inputs
            .iter()
            .flatten()
            .filter(|i| i.variant().is_some() || !i.sets().is_empty())
            .map(|i| Named {
                name: i.variant(),
                sets: i.sets(),
                file: i.file(),
            })
            .collect()
    }

    /// Scores every deal of every file in order under `profile` and hands each to `each`;
    /// a deal that is not a legal record goes to `bad`. A document's bad deals are all
    /// reported; in an archive the first ends the run unless `keep_going` (an archive may
    /// hold millions). Archives are read on `jobs` threads (0: every core), memory flat.
    pub fn score(
        self,
        profile: &Profile,
        fold: Fold,
        jobs: usize,
        keep_going: bool,
        mut each: impl FnMut(Step<'_>) -> Result<()> + Send,
        mut bad: impl FnMut(&RecordError) -> Result<()> + Send,
    ) -> Result<Outcome> {
        let jobs = crate::stream::jobs(jobs)?;
        let mut scorer = Scorer::new(profile, fold);
        let mut outcome = Outcome::default();
        // A part that must begin a session ([`Parsed::continuing`]).
        let mut must_begin = self.continues && !profile.bock.triggers.is_empty();
        for (input, archive) in self.inputs.iter().zip(self.archives) {
            scorer.next_file();
            if let Some(input) = input {
                document_checks(input, profile, must_begin)?;
                let players = input.players();
                let mut new_table = true;
                // A summary books no penalty, but a bad penalty row is still reported.
                let penalties = input.penalties(profile);
                let mut given = penalties.iter().peekable();
                // Deals read (good or bad), and who played the last one scored.
                let mut read = 0;
                let mut last: Option<Vec<crate::deal::Role>> = None;
                for deal in input.deals(profile) {
                    while let Some(p) = given.next_if(|(_, after, _)| *after <= read) {
                        book(
                            (&mut scorer, input, players),
                            p,
                            (last.as_deref(), read),
                            (&mut each, &mut bad, &mut outcome),
                        )?;
                    }
                    match deal {
                        Ok(facts) => {
                            read += 1;
                            let number = facts.number;
                            let scored = scorer
                                .add(players, std::mem::take(&mut new_table), facts)
                                .map_err(|e| placed(e, input.file(), number))?;
                            if !penalties.is_empty() {
                                last = Some(scored.result.facts.roles.clone());
                            }
                            each(Step::Deal(scored))?;
                        }
                        Err(e) => {
                            read += 1;
                            outcome.bad += 1;
                            bad(&e)?;
                        }
                    }
                }
                // The penalties after the last deal (one after a deal not played is refused).
                for p in given {
                    book(
                        (&mut scorer, input, players),
                        p,
                        (last.as_deref(), read),
                        (&mut each, &mut bad, &mut outcome),
                    )?;
                }
            } else if let Some(reader) = archive {
                let profiles = std::slice::from_ref(profile);
                let file = reader.file().to_string();
                // Break(None): a bad deal ends the run; Break(Some): an error.
                let detail = fold == Fold::Sheet && self.rules;
                let flow = crate::stream::play_all(reader, profiles, (jobs, detail), |deal| {
                    let mut report_bad = |e: &RecordError| {
                        outcome.bad += 1;
                        match bad(e) {
                            Ok(()) if !keep_going => Err(None),
                            r => r.map_err(Some),
                        }
                    };
                    if must_begin && let Ok(d) = &deal {
                        must_begin = false;
                        if !d.session {
                            let e = placed(part_refused(profile), &file, d.number);
                            return ControlFlow::Break(Some(e));
                        }
                    }
                    let step = match deal.map(|d| (&mut d.outcomes[0], d.players, d.new_table)) {
                        Ok((Ok(result), players, new_table)) => {
                            let number = result.facts.number;
                            scorer
                                .add_result(players, new_table, result)
                                .map_err(|e| placed(e, &file, number))
                                .and_then(|s| each(Step::Deal(s)))
                                .map_err(Some)
                        }
                        Err(e) => report_bad(&e),
                        Ok((Err(e), _, _)) => report_bad(e),
                    };
                    match step {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(e) => ControlFlow::Break(e),
                    }
                });
                match flow {
                    ControlFlow::Continue(()) => {}
                    ControlFlow::Break(None) => {
                        outcome.stopped = true;
                        break;
                    }
                    ControlFlow::Break(Some(e)) => return Err(e),
                }
            }
        }
        outcome.session = scorer.into_session();
        Ok(outcome)
    }
}

/// Books one penalty of `input` and hands it on (or a refusal to `bad`).
#[allow(clippy::type_complexity)]
fn book(
    (scorer, input, players): (&mut Scorer, &Input, &[String]),
    (line, _, given): &crate::deal::sheet::GivenPenalty,
    played: (Option<&[crate::deal::Role]>, usize),
    (each, bad, outcome): (
        &mut dyn FnMut(Step<'_>) -> Result<()>,
        &mut dyn FnMut(&RecordError) -> Result<()>,
        &mut Outcome,
    ),
) -> Result<()> {
    let booked = match given {
        Ok(p) => scorer
            .penalize((input.file(), *line, p), players, played)
            .map_err(|e| in_sheet(input, p, e)),
        Err(e) => Err(e.clone()),
    };
    match booked {
        Ok(Some(step)) => each(step),
        Ok(None) => Ok(()),
        Err(e) => {
            outcome.bad += 1;
            bad(&e)
        }
    }
}

/// A penalty's refusal placed as its file writes it: on a paper sheet, the offender's
/// column (a league sheet names its keys, `points`, `player`).
fn in_sheet(
    input: &Input,
    p: &crate::deal::records::RawPenalty,
    mut e: RecordError,
) -> RecordError {
    if matches!(input, Input::Sheet(_)) && e.at.field.as_deref() != Some("note") {
        e.at.field = Some(p.player.clone());
    }
    e
}

/// A fold's error about a deal, placed in its file and deal.
fn placed(e: crate::error::Error, file: &str, deal: usize) -> crate::error::Error {
    match e {
        crate::error::Error::Message(m) => RecordError::new(file, m).deal(deal).into(),
        e => e,
    }
}

/// One evening of a season (`stats`): a sheet or record file scored under its own rules
/// ([`choose_profile`] with [`FlagRole::Default`]); a bad deal stops the season with its
/// place. Archives are refused: a season reads evenings.
pub fn evening(file: &str, choice: &Choice) -> Result<crate::club::stats::Evening> {
    let mut files = Files::open(&[file.to_string()], None)?;
    if files.archives.iter().any(Option::is_some) {
        return Err(crate::msg!("error.stats_archive", file = file).into());
    }
    let parsed = files.parse()?;
    let profile = choose_profile(choice, &parsed.named())?;
    let input = parsed.inputs.into_iter().flatten().next();
    let players = input.as_ref().map_or(Vec::new(), |i| i.players().to_vec());
    // A season needs the scores, not the rule texts.
    let mut session = Session::brief(players.clone());
    let mut deals = Vec::new();
    let mut penalties = vec![0; players.len()];
    if let Some(input) = &input {
        // A league sheet's penalties count too: the sheet is read as a league.
        if let crate::input::Input::Records(r) = input
            && !r.penalties.is_empty()
        {
            let lg = crate::league::evaluate_records(file, r, Some(&profile))
                .map_err(|mut e| crate::error::Error::Record(e.remove(0)))?;
            for p in &lg.penalties {
                for (t, c) in penalties.iter_mut().zip(p.changes(players.len())) {
                    *t += c;
                }
            }
            deals = lg.rows.into_iter().map(|r| r.result).collect();
        } else {
            // A paper sheet's penalty rows, booked between its deals.
            let given = input.penalties(&profile);
            let mut given = given.iter().peekable();
            let mut last: Option<Vec<crate::deal::Role>> = None;
            let mut book = |(line, _, given): &crate::deal::sheet::GivenPenalty,
                            (last, played): (Option<&[crate::deal::Role]>, usize),
                            session: &mut Session|
             -> Result<()> {
                let p = given.as_ref().map_err(Clone::clone)?;
                let place = (players.as_slice(), &profile, last, played);
                let booked = crate::league::book_penalty(file, *line, p, place, session)
                    .map_err(|e| in_sheet(input, p, e))?;
                for (t, c) in penalties.iter_mut().zip(booked.changes(players.len())) {
                    *t += c;
                }
                Ok(())
            };
            for deal in input.deals(&profile) {
                while let Some(p) = given.next_if(|(_, after, _)| *after <= deals.len()) {
                    book(p, (last.as_deref(), deals.len()), &mut session)?;
                }
                let result = session.score(&deal?, &profile).0;
                last = Some(result.facts.roles.clone());
                deals.push(result);
            }
            for p in given {
                book(p, (last.as_deref(), deals.len()), &mut session)?;
            }
        }
    }
    Ok(crate::club::stats::Evening {
        name: file.to_string(),
        players,
        deals,
        penalties,
    })
}

/// How a front end asks for a run of `score` ([`score`]): what it writes and how.
#[derive(Debug, Clone, Copy)]
pub struct ScoreAsk {
    /// The aggregates instead of the sheet (`--summary`).
    pub summary: bool,
    /// The format written.
    pub format: crate::render::Format,
    /// Every item of every deal (`--explain`).
    pub explain: bool,
    /// Threads for an archive (0: every core; at most [`crate::limits::MAX_JOBS`]).
    pub jobs: usize,
    /// Score the good deals of a run that has bad ones (`--keep-going`).
    pub keep_going: bool,
    /// The language of the words written.
    pub lang: crate::lang::Lang,
}

/// Where a run's deals go: the table formats hold the sheet (its columns fit every deal),
/// CSV and JSON stream, a summary adds up.
enum Sink {
    Text(crate::render::sheet::SheetText),
    Stream(crate::render::sheet::SheetStream),
    Summary(Box<crate::scoring::Summary>),
}

impl Sink {
    fn new(ask: &ScoreAsk) -> Result<Sink> {
        use crate::render::Format;
        use crate::render::sheet::{SheetStream, SheetText};
        Ok(match (ask.summary, ask.format) {
            (true, _) => Sink::Summary(Box::default()),
            (false, Format::Csv | Format::Json) => {
                Sink::Stream(SheetStream::new(ask.format, ask.explain)?)
            }
            (false, Format::Table | Format::Markdown) => Sink::Text(SheetText::new(
                ask.format == Format::Markdown,
                ask.explain,
                ask.lang,
            )?),
        })
    }

    /// Takes one deal or penalty of the run.
    fn take(&mut self, profile: &Profile, step: Step) -> Result<()> {
        match (self, step) {
            (Sink::Summary(_), Step::Penalty { .. }) => {}
            (Sink::Text(out), Step::Penalty { players, penalty }) => {
                out.add_penalty(players, &penalty);
            }
            (Sink::Stream(out), Step::Penalty { players, penalty }) => {
                out.add_penalty(players, penalty)?;
            }
            (Sink::Summary(summary), Step::Deal(d)) => summary.add(d.players, d.result),
            (Sink::Text(out), Step::Deal(d)) => out.add(profile, d.players, d.result, d.totals)?,
            (Sink::Stream(out), Step::Deal(d)) => out.add(d.players, d.result, d.totals, None)?,
        }
        Ok(())
    }

    /// Writes what the run made to `out`.
    fn finish(
        self,
        profile: &Profile,
        (session, bad): (Option<Session>, usize),
        ask: &ScoreAsk,
        out: &mut dyn std::io::Write,
    ) -> Result<()> {
        let session = session.unwrap_or_else(|| Session::new(Vec::new()));
        match self {
            Sink::Summary(summary) => {
                let text =
                    crate::render::sheet::summary(profile, &summary, bad, ask.format, ask.lang)?;
                out.write_all(text.as_bytes())?;
            }
            Sink::Text(sheet) => {
                let ranking = session.ranking();
                sheet.finish(profile, &session.players, &session.totals, &ranking, out)?;
            }
            Sink::Stream(sheet) => {
                sheet.finish(&profile.name, &session.players, &session.totals, out)?;
            }
        }
        Ok(())
    }
}

/// `doko score`, the one entry every front end calls (the command, the Python package):
/// scores every deal of `parsed` under `profile` as `ask` says, hands each bad deal to
/// `bad` and each deal scored to `tick`, and writes the sheet or summary to `out`, unless
/// a deal was bad and `ask.keep_going` is not set (then nothing is written). The number
/// of bad deals.
pub fn score(
    parsed: Parsed<'_>,
    profile: &Profile,
    ask: &ScoreAsk,
    out: &mut dyn std::io::Write,
    bad: &mut (dyn FnMut(&RecordError) -> Result<()> + Send),
    tick: &(dyn Fn() + Sync),
) -> Result<usize> {
    let mut sink = Sink::new(ask)?;
    let fold = if ask.summary {
        Fold::Brief
    } else {
        Fold::Sheet
    };
    let outcome = parsed.score(
        profile,
        fold,
        ask.jobs,
        ask.keep_going,
        |step: Step| {
            if matches!(step, Step::Deal(_)) {
                tick();
            }
            sink.take(profile, step)
        },
        |e| bad(e),
    )?;
    if outcome.bad > 0 && !ask.keep_going {
        return Ok(outcome.bad);
    }
    sink.finish(profile, (outcome.session, outcome.bad), ask, out)?;
    Ok(outcome.bad)
}

/// How a front end asks for a run of `compare` ([`compare`]).
#[derive(Debug, Clone, Copy)]
pub struct CompareAsk {
    /// The aggregates per profile instead of a block per deal (`--summary`).
    pub summary: bool,
    /// The format written.
    pub format: crate::render::Format,
    /// Each profile's items side by side (`--explain`).
    pub explain: bool,
    /// Only the deals on which the profiles disagree (`--only-diff`).
    pub only_diff: bool,
    /// Threads for an archive (0: every core; at most [`crate::limits::MAX_JOBS`]).
    pub jobs: usize,
    /// The language of the words written.
    pub lang: crate::lang::Lang,
}

/// `doko compare`, the one entry every front end calls: the deals of `source` under each
/// of `profiles` (at least two, of one deck), written to `out` as `ask` says. A bad deal
/// (one no profile accepts, or a row that cannot be read) goes to `bad`, with the profile
/// whose play refused it where the deals are compared one by one; where any deal is bad,
/// nothing is written. The number of bad deals.
pub fn compare(
    source: Source,
    profiles: Vec<Profile>,
    ask: &CompareAsk,
    out: &mut dyn std::io::Write,
    bad: &mut (dyn FnMut(&RecordError, Option<&str>) + Send),
) -> Result<usize> {
    use crate::render::{Format, compare as render};
    if profiles.len() < 2 {
        return Err(crate::lang::Text::msg("error.two_variants").into());
    }
    crate::compare::same_deck(&profiles)?;
    let jobs = crate::stream::jobs(ask.jobs)?;
    let markdown = ask.format == Format::Markdown;
    let text = if ask.summary {
        let mut count = 0;
        let report = crate::compare::summary(source, profiles, jobs, &mut |e| {
            count += 1;
            bad(e, None);
        })?;
        if count > 0 {
            return Ok(count);
        }
        match ask.format {
            Format::Json => {
                serde_json::to_string_pretty(&report).map_err(std::io::Error::other)? + "\n"
            }
            Format::Csv => render::summary_csv(&report)?,
            Format::Table | Format::Markdown => render::summary_table(&report, markdown, ask.lang),
        }
    } else {
        let (players, columns) = crate::compare::columns(source, profiles, jobs)?;
        let n = columns.first().map_or(0, |c| c.outcomes.len());
        let mut count = 0;
        for i in 0..n {
            if crate::compare::bad_input(columns.iter().map(|c| &c.outcomes[i])) {
                count += 1;
                for c in &columns {
                    if let Err(e) = &c.outcomes[i] {
                        bad(e, Some(&c.profile.name));
                    }
                }
            }
        }
        if count > 0 {
            return Ok(count);
        }
        let shown: Vec<usize> = (0..n)
            .filter(|&i| !ask.only_diff || crate::compare::differs(&columns, i))
            .collect();
        match ask.format {
            Format::Json => render::json(&columns, &players, &shown, ask.explain)?,
            Format::Csv => render::csv(&columns, &players, &shown)?,
            Format::Table | Format::Markdown => {
                render::text(&columns, &players, &shown, ask.explain, markdown, ask.lang)
            }
        }
    };
    out.write_all(text.as_bytes())?;
    Ok(0)
}
