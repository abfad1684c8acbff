//! `doko compare FILE --variants A,B,...`: the same deals under several profiles.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use doko::engine::CompareAsk;
use doko::engine::Source;

use crate::cli::CompareArgs;

/// Most bad deals of a summary printed; the rest are counted.
const MAX_ERRORS: usize = 50;

pub fn run(args: &CompareArgs) -> Result<ExitCode> {
    if args.variants.len() < 2 {
        return Err(crate::usage(crate::lang().t("error.two_variants")));
    }
    let profiles = args
        .variants
        .iter()
        .map(|v| crate::flag_profile(v, &args.sets))
        .collect::<Result<Vec<_>, _>>()?;
    let source = Source::open(&args.file, args.input_format)?;
    for note in source.notes() {
        crate::print_note(&note);
    }
    let lang = crate::lang();
    let ask = CompareAsk {
        summary: args.summary,
        format: args.format,
        explain: args.explain,
        only_diff: args.only_diff,
        jobs: args.jobs.map_or(0, |j| j.get()),
        lang,
    };
    let mut printed = 0;
    let mut out = crate::output(args.format);
    let bad = doko::engine::compare(source, profiles, &ask, &mut out, &mut |e, profile| {
        let e = e.render(lang);
        match profile {
            Some(profile) => {
                let line = doko::tr!(lang, "compare.under", error = e, profile = profile);
                eprintln!("{}", crate::error_line(&line));
            }
            // A summary's bad deals: the first ones, with their places.
            None => {
                printed += 1;
                if printed <= MAX_ERRORS {
                    eprintln!("{}", crate::error_line(&e));
                }
            }
        }
    })?;
    out.flush()?;
    if bad > 0 {
        let line = doko::tr!(lang, "compare.bad", deals = bad);
        eprintln!("{}", crate::note_line(&line));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
