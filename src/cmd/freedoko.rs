//! `doko import freedoko` and `doko export freedoko`: FreeDoko's party files.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use doko::engine::Files;

use crate::cli::{ExportCommand, ImportCommand};

/// `doko import freedoko FILE... --out SHEET.toml [--check]`: the sheet, its profile
/// beside it, a note for every rule doko cannot express, every game left out and every
/// game whose points differ from FreeDoko's. Exit 1 there only with `--check`.
pub fn import(c: &ImportCommand) -> Result<ExitCode> {
    let ImportCommand::Freedoko { files, out, check } = c;
    let lang = crate::lang();
    let texts = files
        .iter()
        .map(|f| doko::engine::Document::read_text(f))
        .collect::<Result<Vec<_>, doko::deal::RecordError>>()?;
    let (profile_path, profile_file, name) = doko::engine::freedoko::paths_of(out);
    let made = doko::engine::freedoko::import(&texts, &profile_file, &name)?;
    let files_said = files.join(", ");
    for w in &made.warnings {
        let line = doko::tr!(
            lang,
            "freedoko.warning",
            file = files_said,
            warning = w.render(lang)
        );
        eprintln!("{}", crate::note_line(&line));
    }
    let profile_s = profile_path.to_string_lossy().into_owned();
    doko::engine::freedoko::write(&made, &profile_path, out).map_err(super::league::file_error)?;
    for r in &made.refused {
        let line = doko::tr!(
            lang,
            "freedoko.left_out",
            game = r.game,
            file = r.file,
            line = r.line,
            why = r.why.render(lang)
        );
        eprintln!("{}", crate::note_line(&line));
    }
    for d in &made.differences {
        eprintln!("{}", crate::note_line(&d.message().render(lang)));
    }
    let mut said = doko::tr!(
        lang,
        "freedoko.imported",
        sheet = out,
        games = made.games,
        files = files_said,
        profile = name,
        profile_file = profile_s
    );
    said.push('\n');
    if made.differences.is_empty() {
        said.push_str(lang.t("freedoko.all_agree"));
    } else {
        said.push_str(&doko::tr!(
            lang,
            "freedoko.disagree",
            count = made.differences.len()
        ));
    }
    said.push('\n');
    crate::emit_text(&said)?;
    let clean = made.refused.is_empty() && made.differences.is_empty();
    Ok(ExitCode::from(u8::from(*check && !clean)))
}

/// `doko export freedoko FILE... [--out PARTY]`.
pub fn export(c: &ExportCommand) -> Result<ExitCode> {
    let ExportCommand::Freedoko {
        files,
        profile,
        out,
        input_format,
    } = c;
    let mut opened = Files::open(files, *input_format)?;
    let parsed = opened.parse()?;
    let named = parsed.named();
    let choice = profile.choice();
    let rules = crate::chosen_profile(&choice, &named)?;
    let (base, sets) =
        doko::engine::freedoko::named_profile(profile.variant.as_deref(), &named, &profile.sets);
    let lang = crate::lang();
    let games = match out {
        Some(path) => {
            let mut buf = Vec::new();
            let games = doko::engine::freedoko::export(parsed, &rules, (&base, &sets), &mut buf)?;
            let text = String::from_utf8(buf)?;
            doko::league::file::write_new(path, &text).map_err(super::league::file_error)?;
            let line = doko::tr!(lang, "freedoko.exported", games = games);
            eprintln!("{}", crate::note_line(&format!("{path}: {line}")));
            games
        }
        None => {
            let mut stdout = std::io::BufWriter::new(std::io::stdout());
            let games =
                doko::engine::freedoko::export(parsed, &rules, (&base, &sets), &mut stdout)?;
            stdout.flush()?;
            games
        }
    };
    let _ = games;
    Ok(ExitCode::SUCCESS)
}
