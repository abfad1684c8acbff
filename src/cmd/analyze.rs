//! `doko analyze FILE`: every card of recorded deals, double dummy (issue 70).

use std::process::ExitCode;

use anyhow::Result;
use doko::engine::Files;
use doko::engine::analyze::{AnalyzeAsk, Event};

use crate::cli::AnalyzeArgs;

pub fn run(args: &AnalyzeArgs) -> Result<ExitCode> {
    let mut files = Files::open(std::slice::from_ref(&args.file), args.read.input_format)?;
    let parsed = files.parse()?;
    let choice = args.profile.choice();
    let profile = crate::chosen_profile(&choice, &parsed.named())?;
    let (lang, jobs) = (crate::lang(), args.read.jobs.map_or(0, |j| j.get()));
    let limit = (args.limit > 0).then_some(args.limit);
    if args.format == doko::render::Format::Csv {
        return Err(crate::usage(lang.t("analyze.no_csv")));
    }
    let json = args.format == doko::render::Format::Json;
    let progress = doko::render::progress::Progress::deals(None, args.read.quiet, lang);
    let bad = doko::engine::analyze::write_analysis(
        parsed,
        (&profile, AnalyzeAsk { jobs, limit }),
        (json, lang),
        &mut crate::output(args.format),
        &mut |e| match e {
            Event::Bad(e) => eprintln!("{}", crate::error_line(&e.render(lang))),
            Event::Passed(note) => crate::print_note(note),
            Event::Deal(_) => {}
        },
        &|| progress.tick(),
    )?;
    Ok(ExitCode::from(u8::from(bad > 0)))
}
