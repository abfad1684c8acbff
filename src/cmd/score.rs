//! `doko score FILE...`: score every deal and print a sheet with running totals, or with
//! `--summary` aggregates over any number of deals. CSV and JSON sheets and summaries
//! stream (memory flat); a table holds the sheet whole (its columns fit every deal).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use doko::deal::RecordError;
use doko::engine::{Files, ScoreAsk};

use crate::cli::ScoreArgs;

/// Most errors printed for one run; the rest are counted.
const MAX_ERRORS: usize = 50;

/// Prints the first [`MAX_ERRORS`] bad deals.
fn report(count: &mut usize, e: &RecordError) -> Result<(), doko::Error> {
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
    let choice = args.profile.choice();
    let profile = crate::chosen_profile(&choice, &parsed.named())?;
    let lang = crate::lang();
    for note in parsed.notes() {
        crate::print_note(note);
    }
    let ask = ScoreAsk {
        summary: args.summary,
        format: args.format,
        explain: args.explain,
        jobs: args.jobs.map_or(0, |j| j.get()),
        keep_going: args.keep_going,
        lang,
    };
    let mut seen = 0;
    let progress = doko::render::progress::Progress::deals(None, args.quiet, crate::lang());
    let mut out = crate::output(args.format);
    let errors = doko::engine::score(
        parsed,
        &profile,
        &ask,
        &mut out,
        &mut |e| report(&mut seen, e),
        &|| progress.tick(),
    )?;
    out.flush()?;
    drop(progress);
    if errors > MAX_ERRORS {
        let more = doko::tr!(lang, "score.more_bad", deals = errors - MAX_ERRORS);
        writeln!(std::io::stderr(), "{}", crate::error_line(&more))?;
    }
    if errors > 0 && !args.keep_going {
        let line = doko::tr!(lang, "score.bad_nothing_scored", deals = errors);
        writeln!(std::io::stderr(), "{}", crate::note_line(&line))?;
        return Ok(ExitCode::from(1));
    }
    if errors > 0 {
        let line = doko::tr!(lang, "score.bad_left_out", deals = errors);
        writeln!(std::io::stderr(), "{}", crate::note_line(&line))?;
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
