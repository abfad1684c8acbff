//! `doko stats`: a season over several evenings, rendered.

use std::process::ExitCode;

use anyhow::Result;
use doko::club::stats;
use doko::engine::{Choice, FlagRole};
use doko::render::season as render;

use crate::cli::{ShowFormat, StatsArgs};

pub fn run(args: &StatsArgs) -> Result<ExitCode> {
    // An unknown profile on the command line is a usage error (exit 2).
    if let Some(v) = &args.variant {
        crate::flag_profile(v, &[])?;
    }
    let choice = Choice {
        variant: args.variant.as_deref(),
        sets: &[],
        role: FlagRole::Default,
    };
    stats::distinct_files(&args.files).map_err(|e| crate::usage(e.render(crate::lang())))?;
    let mut evenings = Vec::with_capacity(args.files.len());
    for file in &args.files {
        evenings.push(doko::engine::evening(file, &choice)?);
    }
    let lang = crate::lang();
    if args.rating {
        let rules = doko::club::rating::RatingRules {
            k: args.rating_k,
            start: args.rating_start,
        };
        if !rules.fit() {
            return Err(crate::usage(lang.t("stats.rating_rules")));
        }
        let ratings = doko::club::rating::ratings(&evenings, rules);
        let out = match args.format {
            ShowFormat::Json => {
                let report = doko::club::rating::RatingReport { ratings: &ratings };
                serde_json::to_string_pretty(&report)? + "\n"
            }
            ShowFormat::Csv => render::rating_csv(&ratings)?,
            ShowFormat::Table => render::rating_text(&ratings, false, lang),
            ShowFormat::Markdown => render::rating_text(&ratings, true, lang),
            ShowFormat::Html => render::rating_page(&ratings, lang),
        };
        crate::emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let season = match args.best {
        Some(n) => stats::season_best_of(&evenings, usize::from(n)),
        None => stats::season(&evenings),
    };
    let out = match args.format {
        ShowFormat::Json => serde_json::to_string_pretty(&season)? + "\n",
        ShowFormat::Csv => render::csv(&season)?,
        ShowFormat::Table => render::text(&season, false, lang),
        ShowFormat::Markdown => render::text(&season, true, lang),
        ShowFormat::Html => render::page(&season, lang),
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
