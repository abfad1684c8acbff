//! The `doko` command: arguments in, library calls, tables out.

mod cli;
mod cmd;
mod html;
mod output;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// A faster allocator than the system one for the few allocations scoring makes per deal.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let result = match cli.command {
        cli::Command::Score(args) => cmd::score::run(&args),
        cli::Command::Variants(c) => cmd::variants::run(&c),
        cli::Command::Compare(args) => cmd::compare::run(&args),
        cli::Command::League(c) => cmd::league::run(&c),
        cli::Command::Generate(args) => cmd::generate::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "doko: error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes `text` to standard output; a closed pipe is not an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
