//! `doko generate --deals N --seed S`: random but legal full deals, streamed.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use doko::deal::archive::{CsvWriter, write_jsonl};
use doko::game::generate::write_toml_deal;

use crate::cli::{GenerateArgs, GenerateFormat};

pub fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let profile = crate::flag_profile(&args.variant, &args.sets)?;
    let players: Vec<String> = if args.players.is_empty() {
        doko::game::generate::default_players(&profile)
    } else {
        args.players.iter().map(|p| p.trim().to_string()).collect()
    };
    let players_error =
        |e: doko::lang::Text| crate::usage(format!("--players: {}", e.render(crate::lang())));
    let mut deals = doko::game::generate::Deals::new(&profile, players.clone(), args.seed)
        .map_err(players_error)?;
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut sink = match args.format {
        GenerateFormat::Csv => Sink::Csv(Box::new(CsvWriter::new(out)?)),
        GenerateFormat::Jsonl => Sink::Lines(out),
        GenerateFormat::Toml => {
            let mut head = toml_edit::DocumentMut::new();
            head["variant"] = toml_edit::value(profile.name.as_str());
            head["players"] = toml_edit::value(
                players
                    .iter()
                    .map(String::as_str)
                    .collect::<toml_edit::Array>(),
            );
            writeln!(out, "{head}")?;
            Sink::Lines(out)
        }
    };
    let mut text = String::new();
    let progress =
        doko::render::progress::Progress::deals(Some(args.deals), args.quiet, crate::lang());
    // One record, its buffers reused from deal to deal.
    let mut record = doko::deal::full::FullRecord::default();
    for _ in 0..args.deals {
        deals.next_into(&mut record);
        progress.tick();
        match &mut sink {
            Sink::Csv(csv) => csv.write(&record)?,
            Sink::Lines(out) if args.format == GenerateFormat::Jsonl => {
                write_jsonl(out, &record)?;
            }
            Sink::Lines(out) => {
                text.clear();
                write_toml_deal(&record, &mut text);
                writeln!(out, "{text}")?;
            }
        }
    }
    drop(progress);
    let mut out = match sink {
        Sink::Csv(csv) => csv.into_inner()?,
        Sink::Lines(out) => out,
    };
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Where generated deals go: an archive's CSV, or lines (JSON Lines, TOML).
enum Sink<W: Write> {
    Csv(Box<CsvWriter<W>>),
    Lines(W),
}
