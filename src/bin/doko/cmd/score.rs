//! `doko score FILE...`: score every deal and print a sheet with running totals, or with
//! `--summary` aggregates over any number of deals (archives are streamed).

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::{Result, bail};
use doko::deal::{DealFacts, RecordError};
use doko::input::Source;
use doko::scoring::{DealResult, Session, Summary};
use doko::variant::Profile;

use crate::cli::ScoreArgs;
use crate::output::{self, Scored};

/// Most errors printed for one run; the rest are counted.
const MAX_ERRORS: usize = 50;

/// Where scored deals go.
enum Sink {
    Rows {
        session: Option<Session>,
        rows: Vec<(DealResult, Vec<i64>)>,
        /// Added to the deal numbers of the file being read: the files' deals are numbered
        /// on from the last deal of the files before it, so that every number is unique.
        offset: usize,
    },
    Summary {
        summary: Box<Summary>,
        session: Session,
    },
}

/// Counts bad deals and prints the first [`MAX_ERRORS`] of them.
#[derive(Default)]
struct Errors {
    count: usize,
}

impl Errors {
    fn report(&mut self, e: &RecordError) -> Result<()> {
        self.count += 1;
        if self.count <= MAX_ERRORS {
            let line = crate::error_line(&e.render(crate::lang()));
            writeln!(std::io::stderr(), "{line}")?;
        }
        Ok(())
    }
}

pub fn run(args: &ScoreArgs) -> Result<ExitCode> {
    let sources: Vec<Source> = args
        .files
        .iter()
        .map(|f| Source::open(f, args.input_format))
        .collect::<Result<Vec<_>, _>>()?;
    // Each sheet or record file is parsed once, here; archives are read as they are scored.
    let mut docs: Vec<Option<doko::input::Document>> = Vec::with_capacity(sources.len());
    let mut archives = Vec::with_capacity(sources.len());
    for source in sources {
        match source {
            Source::Document(doc) => {
                docs.push(Some(doc));
                archives.push(None);
            }
            Source::Archive(reader) => {
                docs.push(None);
                archives.push(Some(reader));
            }
        }
    }
    let inputs: Vec<Option<doko::input::Input>> = docs
        .iter()
        .map(|d| d.as_ref().map(doko::input::Document::open).transpose())
        .collect::<Result<_, _>>()?;
    let profile = profile_for(&args.profile, &inputs)?;
    let mut sink = if args.summary {
        Sink::Summary {
            summary: Box::default(),
            session: Session::new(Vec::new()),
        }
    } else {
        Sink::Rows {
            session: None,
            rows: Vec::new(),
            offset: 0,
        }
    };
    let mut errors = Errors::default();
    for (archive, input) in archives.into_iter().zip(&inputs) {
        if let Sink::Rows { rows, offset, .. } = &mut sink {
            *offset = rows.last().map_or(0, |(r, _)| r.facts.number);
        }
        let go_on = match (input, archive) {
            (Some(input), _) => score_document(input, &mut sink, &profile, &mut errors)?,
            (None, Some(reader)) => score_archive(*reader, &mut sink, &profile, &mut errors, args)?,
            // Every source is a document or an archive.
            (None, None) => true,
        };
        if !go_on {
            break;
        }
    }
    finish(sink, &profile, errors.count, args)
}

/// Scores every deal of a sheet or record file into the sink.
fn score_document(
    input: &doko::input::Input,
    sink: &mut Sink,
    profile: &Profile,
    errors: &mut Errors,
) -> Result<bool> {
    let players = input.players().to_vec();
    let mut new_table = true;
    for deal in input.deals(profile) {
        match deal {
            Ok(facts) => add(
                sink,
                &players,
                std::mem::take(&mut new_table),
                facts,
                profile,
            )?,
            Err(e) => errors.report(&e)?,
        }
    }
    Ok(true)
}

/// Scores the deals of an archive as they are read, on `--jobs` threads (memory stays
/// flat). Without `--keep-going` the first bad deal ends the run: false.
fn score_archive(
    reader: doko::deal::archive::ArchiveReader<Box<dyn std::io::BufRead + Send>>,
    sink: &mut Sink,
    profile: &Profile,
    errors: &mut Errors,
    args: &ScoreArgs,
) -> Result<bool> {
    let profiles = std::slice::from_ref(profile);
    let jobs = args.jobs.unwrap_or_else(doko::stream::all_cores);
    // Break(None): a bad deal ends the run (without --keep-going); Break(Some): an error.
    let flow = doko::stream::play_all(reader, profiles, jobs, |deal| {
        let scored = deal.map(|mut d| (d.take(0), d.players, d.new_table));
        let step = match scored {
            Ok((Ok(facts), players, new_table)) => add(sink, players, new_table, facts, profile),
            Err(e) | Ok((Err(e), _, _)) => match errors.report(&e) {
                // An archive may hold millions of deals.
                Ok(()) if !args.keep_going => return ControlFlow::Break(None),
                r => r,
            },
        };
        match step {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(Some(e)),
        }
    });
    match flow {
        ControlFlow::Continue(()) => Ok(true),
        ControlFlow::Break(None) => Ok(false),
        ControlFlow::Break(Some(e)) => Err(e),
    }
}

/// Prints what was scored (nothing, where bad deals stop the run) and decides the exit
/// code.
fn finish(sink: Sink, profile: &Profile, errors: usize, args: &ScoreArgs) -> Result<ExitCode> {
    if errors > MAX_ERRORS {
        let more = doko::tr!(crate::lang(), "score.more_bad", deals = errors - MAX_ERRORS);
        writeln!(std::io::stderr(), "{}", crate::error_line(&more))?;
    }
    if errors > 0 && !args.keep_going {
        let line = doko::tr!(crate::lang(), "score.bad_nothing_scored", deals = errors);
        writeln!(std::io::stderr(), "doko: {line}")?;
        return Ok(ExitCode::from(1));
    }
    let text = match sink {
        Sink::Summary { summary, .. } => output::summary(profile, &summary, errors, args.format)?,
        Sink::Rows { session, rows, .. } => {
            let session = session.unwrap_or_else(|| Session::new(Vec::new()));
            let scored = Scored {
                profile,
                players: &session.players,
                rows: &rows,
                ranking: session.ranking(),
                totals: &session.totals,
            };
            output::render(&scored, args.format, args.explain)?
        }
    };
    crate::emit(&text)?;
    if errors > 0 {
        let line = doko::tr!(crate::lang(), "score.bad_left_out", deals = errors);
        writeln!(std::io::stderr(), "doko: {line}")?;
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// `--variant`, else the profile the files name with their `set` overrides (they must
/// agree), else ddv; then `--set`.
fn profile_for(
    args: &crate::cli::ProfileArgs,
    inputs: &[Option<doko::input::Input>],
) -> Result<Profile> {
    if let Some(v) = &args.variant {
        return crate::flag_profile(v, &args.sets);
    }
    let named: Vec<(&str, &[(String, String)])> = inputs
        .iter()
        .flatten()
        .filter_map(|i| Some((i.variant()?, i.sets())))
        .collect();
    if named.windows(2).any(|w| w[0] != w[1]) {
        let names: Vec<&str> = named.iter().map(|(n, _)| *n).collect();
        bail!(
            "the files name different variants or overrides ({}); choose one with --variant",
            names.join(", ")
        );
    }
    let (name, file_sets) = named.first().copied().unwrap_or(("ddv", &[]));
    let sets: Vec<(String, String)> = file_sets.iter().chain(&args.sets).cloned().collect();
    Profile::load(name, &sets).map_err(|e| match e {
        // A bad `--set` of the command line is a usage error; the files' own are not.
        doko::variant::ProfileError::Set { ref key, .. }
            if args.sets.iter().any(|(k, _)| k == key) =>
        {
            crate::usage(e.render(crate::lang()))
        }
        e => anyhow::Error::new(e),
    })
}

/// Scores one deal into the sink. A sheet keeps one session (the same players throughout);
/// a summary starts a new session whenever the table changes.
fn add(
    sink: &mut Sink,
    players: &[String],
    new_table: bool,
    facts: DealFacts,
    profile: &Profile,
) -> Result<()> {
    match sink {
        Sink::Summary { summary, session } => {
            if new_table && session.players.as_slice() != players {
                *session = Session::brief(players.to_vec());
            }
            let result = session.score_owned(facts, profile);
            summary.add(players, &result);
        }
        Sink::Rows {
            session,
            rows,
            offset,
        } => {
            let mut facts = facts;
            facts.number += *offset;
            let s = session.get_or_insert_with(|| Session::new(players.to_vec()));
            if new_table && s.players.as_slice() != players {
                bail!(
                    "deal {}: players {} differ from {}; score them separately, or use --summary",
                    facts.number,
                    players.join(", "),
                    s.players.join(", ")
                );
            }
            let result = s.score_owned(facts, profile);
            rows.push((result, s.totals.clone()));
        }
    }
    Ok(())
}
