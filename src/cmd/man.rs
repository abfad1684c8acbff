//! `doko man`: the man page on standard output, or with `--out DIR` a page for `doko` and
//! one for every subcommand (`doko-score.1`, `doko-league-add.1`, ...), each with its
//! examples and exit status.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::CommandFactory;

/// What every page says of the exit status.
const EXIT_STATUS: &str = "0 success; 1 bad input (a file, a deal, a profile: every error names the file, line and field); 2 a usage error (an unknown flag, an unknown profile or a bad --set on the command line). A closed pipe is not an error.";

pub fn run(out: Option<&str>) -> Result<ExitCode> {
    let mut cmd = crate::cli::Cli::command().disable_help_subcommand(true);
    cmd.build();
    let Some(dir) = out else {
        crate::emit(&String::from_utf8(page(&cmd, &[])?)?)?;
        return Ok(ExitCode::SUCCESS);
    };
    std::fs::create_dir_all(dir)
        .with_context(|| doko::tr!(crate::lang(), "error.folder_create", folder = dir))?;
    let mut written = Vec::new();
    write_all(&cmd, std::path::Path::new(dir), &mut written)?;
    crate::emit(&written.iter().map(|w| format!("{w}\n")).collect::<String>())?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the page of `cmd` and of each of its subcommands into `dir`.
fn write_all(cmd: &clap::Command, dir: &std::path::Path, written: &mut Vec<String>) -> Result<()> {
    let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    let names: Vec<String> = subs.iter().map(|s| file_stem(s)).collect();
    let name = file_stem(cmd);
    let path = dir.join(format!("{name}.1"));
    std::fs::write(&path, page(cmd, &names)?)
        .with_context(|| doko::tr!(crate::lang(), "error.page_write", file = path.display()))?;
    written.push(path.display().to_string());
    for s in subs {
        write_all(s, dir, written)?;
    }
    Ok(())
}

/// `doko-league-add` for `doko league add`.
fn file_stem(cmd: &clap::Command) -> String {
    cmd.get_display_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_string()
}

/// The page of one command: clap's sections, then EXAMPLES (its help's examples), EXIT
/// STATUS and SEE ALSO (its subcommands' pages, which `--out` writes).
fn page(cmd: &clap::Command, subpages: &[String]) -> Result<Vec<u8>> {
    let man = clap_mangen::Man::new(cmd.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }
    let mut roff = String::new();
    if let Some(examples) = cmd.get_after_help() {
        roff.push_str(".SH EXAMPLES\n.nf\n");
        for line in examples.to_string().lines().skip(1) {
            roff.push_str(&escape(line.trim_start()));
            roff.push('\n');
        }
        roff.push_str(".fi\n");
    }
    roff.push_str(".SH \"EXIT STATUS\"\n");
    roff.push_str(&escape(EXIT_STATUS));
    roff.push('\n');
    if !subpages.is_empty() {
        roff.push_str(".SH \"SEE ALSO\"\n");
        let refs: Vec<String> = subpages.iter().map(|p| format!("\\fB{p}\\fR(1)")).collect();
        roff.push_str(&refs.join(", "));
        roff.push('\n');
    }
    out.extend_from_slice(roff.as_bytes());
    Ok(out)
}

/// A line as roff text: backslashes and hyphens escaped, a leading dot or quote made text.
fn escape(line: &str) -> String {
    let text = line.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with('.') || text.starts_with('\'') {
        format!("\\&{text}")
    } else {
        text
    }
}
