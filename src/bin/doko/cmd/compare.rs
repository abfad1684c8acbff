//! `doko compare FILE --variants A,B,...`: the same deals under several profiles.

use std::process::ExitCode;

use anyhow::Result;
use doko::compare::Column;
use doko::input::Source;
use doko::render::compare as render;
use doko::variant::Profile;

use crate::cli::{CompareArgs, Format};

pub fn run(args: &CompareArgs) -> Result<ExitCode> {
    if args.variants.len() < 2 {
        return Err(crate::usage(crate::lang().t("error.two_variants")));
    }
    let profiles = args
        .variants
        .iter()
        .map(|v| crate::flag_profile(v, &args.sets))
        .collect::<Result<Vec<_>, _>>()?;
    doko::compare::same_deck(&profiles)?;
    if args.summary {
        return summary(args, profiles);
    }
    let source = Source::open(&args.file, args.input_format)?;
    let jobs = args.jobs.unwrap_or_else(doko::stream::all_cores);
    let (players, columns): (Vec<String>, Vec<Column>) =
        doko::compare::columns(source, profiles, jobs)?;
    let n = columns[0].outcomes.len();
    let mut bad = 0;
    for i in 0..n {
        if doko::compare::bad_input(columns.iter().map(|c| &c.outcomes[i])) {
            bad += 1;
            for c in &columns {
                if let Err(e) = &c.outcomes[i] {
                    let lang = crate::lang();
                    let e = e.render(lang);
                    let line =
                        doko::tr!(lang, "compare.under", error = e, profile = c.profile.name);
                    eprintln!("{}", crate::error_line(&line));
                }
            }
        }
    }
    if bad > 0 {
        let line = doko::tr!(crate::lang(), "compare.bad", deals = bad);
        eprintln!("{}", crate::note_line(&line));
        return Ok(ExitCode::from(1));
    }
    let shown: Vec<usize> = (0..n)
        .filter(|&i| !args.only_diff || doko::compare::differs(&columns, i))
        .collect();
    let text = match args.format {
        Format::Json => render::json(&columns, &players, &shown, args.explain)?,
        Format::Csv => render::csv(&columns, &players, &shown)?,
        Format::Table | Format::Markdown => render::text(
            &columns,
            &players,
            &shown,
            args.explain,
            args.format == Format::Markdown,
            crate::lang(),
        ),
    };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// `compare --summary`: the library's aggregates per profile, rendered.
fn summary(args: &CompareArgs, profiles: Vec<Profile>) -> Result<ExitCode> {
    let source = doko::input::Source::open(&args.file, args.input_format)?;
    // Every bad deal is reported with its place (the first 50), then nothing is compared.
    let mut bad = 0usize;
    let jobs = args.jobs.unwrap_or_else(doko::stream::all_cores);
    let report = doko::compare::summary(source, profiles, jobs, &mut |e| {
        bad += 1;
        if bad <= 50 {
            eprintln!("{}", crate::error_line(&e.render(crate::lang())));
        }
    })?;
    if bad > 0 {
        let line = doko::tr!(crate::lang(), "compare.bad", deals = bad);
        eprintln!("{}", crate::note_line(&line));
        return Ok(ExitCode::from(1));
    }
    let text = match args.format {
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
        Format::Csv => render::summary_csv(&report)?,
        Format::Table | Format::Markdown => {
            render::summary_table(&report, args.format == Format::Markdown, crate::lang())
        }
    };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
