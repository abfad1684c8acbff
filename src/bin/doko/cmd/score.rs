//! `doko score FILE...`: score every deal and print a sheet with running totals, or with
//! `--summary` aggregates over any number of deals. CSV and JSON sheets and summaries
//! stream (memory flat); a table holds the sheet whole (its columns fit every deal).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use doko::deal::RecordError;
use doko::engine::{Choice, Files, Fold, Step};
use doko::render::Format;
use doko::render::sheet::{SheetStream, SheetText};
use doko::scoring::{Session, Summary};

use crate::cli::ScoreArgs;

/// Most errors printed for one run; the rest are counted.
const MAX_ERRORS: usize = 50;

/// Where scored deals go.
enum Sink {
    /// The table formats: a row of cells a deal (the columns fit every deal).
    Text(SheetText),
    /// CSV and JSON: a deal at a time.
    Stream(SheetStream),
    Summary(Box<Summary>),
}

impl Sink {
    /// Takes one deal or penalty of the run.
    fn take(&mut self, profile: &doko::variant::Profile, step: Step) -> doko::error::Result<()> {
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
}

/// Prints the first [`MAX_ERRORS`] bad deals.
fn report(count: &mut usize, e: &RecordError) -> doko::error::Result<()> {
    *count += 1;
    if *count <= MAX_ERRORS {
        let line = crate::error_line(&e.render(crate::lang()));
        writeln!(std::io::stderr(), "{line}")?;
    }
    Ok(())
}

pub fn run(args: &ScoreArgs) -> Result<ExitCode> {
    let mut files = Files::open(&args.files, args.input_format)?;
    let parsed = files.parse()?;
    let choice = Choice {
        variant: args.profile.variant.as_deref(),
        sets: &args.profile.sets,
        role: doko::engine::FlagRole::Overrides,
    };
    let profile = crate::chosen_profile(&choice, &parsed.named())?;
    let mut sink = match (args.summary, args.format) {
        (true, _) => Sink::Summary(Box::default()),
        (false, Format::Csv | Format::Json) => {
            Sink::Stream(SheetStream::new(args.format, args.explain)?)
        }
        (false, Format::Table | Format::Markdown) => Sink::Text(SheetText::new(
            args.format == Format::Markdown,
            args.explain,
            crate::lang(),
        )?),
    };
    let lang = crate::lang();
    let mut seen = 0;
    let fold = if args.summary {
        Fold::Brief
    } else {
        Fold::Sheet
    };
    let progress = crate::progress::Progress::deals(None, args.quiet);
    let outcome = parsed.score(
        &profile,
        fold,
        args.jobs.map_or(0, |j| j.get()),
        args.keep_going,
        |step: Step| {
            if matches!(step, Step::Deal(_)) {
                progress.tick();
            }
            sink.take(&profile, step)
        },
        |e| report(&mut seen, e),
    )?;
    drop(progress);
    let errors = outcome.bad;
    if errors > MAX_ERRORS {
        let more = doko::tr!(lang, "score.more_bad", deals = errors - MAX_ERRORS);
        writeln!(std::io::stderr(), "{}", crate::error_line(&more))?;
    }
    if errors > 0 && !args.keep_going {
        let line = doko::tr!(lang, "score.bad_nothing_scored", deals = errors);
        writeln!(std::io::stderr(), "{}", crate::note_line(&line))?;
        return Ok(ExitCode::from(1));
    }
    let session = outcome.session.unwrap_or_else(|| Session::new(Vec::new()));
    match sink {
        Sink::Summary(summary) => {
            let text = doko::render::sheet::summary(&profile, &summary, errors, args.format, lang)?;
            crate::emit(&text)?;
        }
        Sink::Text(out) => {
            let mut stdout = crate::ForTerminal::new(std::io::stdout().lock());
            let ranking = session.ranking();
            out.finish(
                &profile,
                &session.players,
                &session.totals,
                &ranking,
                &mut stdout,
            )?;
            stdout.flush()?;
        }
        Sink::Stream(out) => {
            let mut stdout = std::io::stdout().lock();
            out.finish(
                &profile.name,
                &session.players,
                &session.totals,
                &mut stdout,
            )?;
        }
    }
    if errors > 0 {
        let line = doko::tr!(lang, "score.bad_left_out", deals = errors);
        writeln!(std::io::stderr(), "{}", crate::note_line(&line))?;
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
