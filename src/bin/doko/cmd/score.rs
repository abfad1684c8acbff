//! `doko score FILE...`: score every deal and print a sheet with running totals.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, bail};
use doko::input::Document;
use doko::scoring::{DealResult, Session};
use doko::variant::Profile;

use crate::cli::ScoreArgs;
use crate::output::{self, Scored};

/// Most errors printed for one run; the rest are counted.
const MAX_ERRORS: usize = 50;

pub fn run(args: &ScoreArgs) -> Result<ExitCode> {
    let docs = args
        .files
        .iter()
        .map(|f| Document::read(f, args.input_format))
        .collect::<Result<Vec<_>, _>>()?;
    let inputs = docs
        .iter()
        .map(Document::open)
        .collect::<Result<Vec<_>, _>>()?;
    let players = inputs[0].players().to_vec();
    for (doc, input) in docs.iter().zip(&inputs).skip(1) {
        if input.players() != players.as_slice() {
            bail!(
                "{}: players {} differ from {} in {}; score them separately",
                doc.file,
                input.players().join(", "),
                players.join(", "),
                docs[0].file
            );
        }
    }
    let variant = match &args.profile.variant {
        Some(v) => v.clone(),
        None => {
            let named: Vec<&str> = inputs.iter().filter_map(|i| i.variant()).collect();
            if named.windows(2).any(|w| w[0] != w[1]) {
                bail!(
                    "the files name different variants ({}); choose one with --variant",
                    named.join(", ")
                );
            }
            named.first().unwrap_or(&"ddv").to_string()
        }
    };
    let profile = Profile::load(&variant, &args.profile.sets)?;

    let mut session = Session::new(players.clone());
    let mut rows: Vec<(DealResult, Vec<i64>)> = Vec::new();
    let mut errors = 0usize;
    let mut stderr = std::io::stderr().lock();
    for input in &inputs {
        for deal in input.deals(&profile) {
            match deal {
                Ok(facts) => rows.push(session.score(&facts, &profile)),
                Err(e) => {
                    errors += 1;
                    if errors <= MAX_ERRORS {
                        writeln!(stderr, "doko: error: {e}")?;
                    }
                }
            }
        }
    }
    if errors > 0 {
        if errors > MAX_ERRORS {
            writeln!(
                stderr,
                "doko: error: {} more bad deals not shown",
                errors - MAX_ERRORS
            )?;
        }
        writeln!(stderr, "doko: {errors} bad deal(s); nothing scored")?;
        return Ok(ExitCode::from(1));
    }
    let scored = Scored {
        profile: &profile,
        players: &players,
        rows: &rows,
        ranking: session.ranking(),
        totals: &session.totals,
    };
    crate::emit(&output::render(&scored, args.format, args.explain)?)?;
    Ok(ExitCode::SUCCESS)
}
