//! The `doko` command: arguments in, library calls, tables out.

mod clap_error;
mod cli;
mod cmd;
mod serve;

use std::io::Write;
use std::process::ExitCode;

/// A faster allocator than the system one for the few allocations scoring makes per deal.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // The language first: the value parsers and clap's errors speak it.
    let _ = LANG.set(clap_error::lang_of_args());
    doko::render::use_terminal();
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => {
            match clap_error::render(&e, lang()) {
                Some(text) => eprint!("{text}"),
                None => {
                    let _ = e.print();
                }
            }
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
        cli::Command::Analyze(args) => cmd::analyze::run(&args),
        cli::Command::Stats(args) => cmd::stats::run(&args),
        cli::Command::Tournament(c) => cmd::tournament::run(&c),
        cli::Command::Import(c) => cmd::freedoko::import(&c),
        cli::Command::Export(c) => cmd::freedoko::export(&c),
        cli::Command::Serve(args) => serve::run(&args),
        cli::Command::Completions { shell } => completions(shell),
        cli::Command::Man { out } => cmd::man::run(out.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}", error_line(&error_text(&e)));
            if e.chain().any(|c| c.is::<Usage>()) {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// The arguments; help wraps to the terminal's columns where it says them, rows or not
/// (`COLUMNS` first, as clap reads it; at most 100 wide, as clap's own).
fn parse() -> Result<cli::Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut cmd = cli::Cli::command();
    if let (None, Some(w)) = (std::env::var_os("COLUMNS"), doko::render::tty_columns()) {
        cmd = cmd.term_width(usize::from(w.min(100)));
    }
    let mut matches = cmd.try_get_matches_from_mut(std::env::args_os())?;
    cli::Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut cmd))
}

/// The language of this run: `--lang`, else the locale (set once, first thing in `main`).
static LANG: std::sync::OnceLock<doko::lang::Lang> = std::sync::OnceLock::new();

thread_local! {
    /// The language of the request this thread works on (`doko serve`), over the run's.
    static HERE: std::cell::Cell<Option<doko::lang::Lang>> = const { std::cell::Cell::new(None) };
}

/// The language doko speaks: the request's (`doko serve`), else the run's.
pub fn lang() -> doko::lang::Lang {
    HERE.with(std::cell::Cell::get)
        .or_else(|| LANG.get().copied())
        .unwrap_or_default()
}

/// Runs `work` speaking `lang` on this thread (a page's request).
pub fn with_lang<T>(lang: doko::lang::Lang, work: impl FnOnce() -> T) -> T {
    let before = HERE.with(|h| h.replace(Some(lang)));
    let out = work();
    HERE.with(|h| h.set(before));
    out
}

/// "doko: error: TEXT" in the run's language, as every error doko prints begins; what it
/// quotes of a file is shown, not sent to the terminal ([`doko::render::for_terminal`]).
pub fn error_line(text: &str) -> String {
    let text = doko::render::for_terminal(text);
    format!("doko: {} {text}", lang().t("error.prefix"))
}

/// "doko: note: FILE:LINE: TEXT" on standard error: what a reader passed over.
pub fn print_note(note: &doko::deal::RecordError) {
    let lang = lang();
    let text = doko::tr!(lang, "score.passed_over", note = note.render(lang));
    eprintln!("{}", note_line(&text));
}

/// "doko: TEXT", as doko's other lines on standard error begin ([`error_line`]'s care).
pub fn note_line(text: &str) -> String {
    format!("doko: {}", doko::render::for_terminal(text))
}

/// An error and its causes in the run's language, as `{e:#}` writes them ("outer: inner"):
/// the library's errors that know their message's key are translated, the rest is written
/// as it is.
fn error_text(e: &anyhow::Error) -> String {
    let lang = lang();
    e.chain()
        .map(|c| doko::localized(c, lang))
        .collect::<Vec<_>>()
        .join(": ")
}

/// `doko completions SHELL`: the completion script on standard output.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cli::Cli::command(), "doko", &mut out);
    let mut script = String::from_utf8(out)?;
    if shell == clap_complete::Shell::Bash {
        // A profile is a built-in name or a file: bash offers both.
        let names: Vec<&str> = doko::variant::load::builtin_names().collect();
        let only = format!("compgen -W \"{}\" -- \"${{cur}}\"))", names.join(" "));
        let both = format!(
            "compgen -W \"{}\" -- \"${{cur}}\") $(compgen -f -- \"${{cur}}\"))",
            names.join(" ")
        );
        script = script.replace(&only, &both);
    }
    emit(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// A usage error that doko finds itself (an unknown profile named on the command line,
/// one profile for `compare`, a player named twice ...): exit 2, as clap's own.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A usage error (exit 2).
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(Usage(message.into()))
}

/// The profile named by a command-line flag: an unknown name or a bad `--set` is a usage
/// error.
pub fn flag_profile(
    name: &str,
    sets: &[(String, String)],
) -> anyhow::Result<doko::variant::Profile> {
    doko::variant::Profile::load(name, sets).map_err(|e| match e {
        doko::variant::ProfileError::Unknown(_) | doko::variant::ProfileError::Set { .. } => {
            usage(e.render(lang()))
        }
        e => anyhow::Error::new(e),
    })
}

/// The profile of a run ([`doko::engine::choose_profile`]): an unknown profile named by
/// `--variant`, or a bad `--set` of the command line, is a usage error.
pub fn chosen_profile(
    choice: &doko::engine::Choice,
    named: &[doko::engine::Named],
) -> anyhow::Result<doko::variant::Profile> {
    use doko::variant::ProfileError;
    doko::engine::choose_profile(choice, named).map_err(|e| match e {
        doko::Error::Profile(p) => match p {
            ProfileError::Unknown(_)
                if choice.variant.is_some()
                    && (choice.role == doko::engine::FlagRole::Overrides || named.is_empty()) =>
            {
                usage(p.render(lang()))
            }
            ProfileError::Set { ref key, .. } if choice.sets.iter().any(|(k, _)| k == key) => {
                usage(p.render(lang()))
            }
            p => anyhow::Error::new(p),
        },
        e => anyhow::Error::new(e),
    })
}

/// Whether `e` is a closed pipe (the reader of the output is gone: not an error), as the
/// system says it or as the library carries it.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    let broken = |io: &std::io::Error| io.kind() == std::io::ErrorKind::BrokenPipe;
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().is_some_and(broken)
            || matches!(c.downcast_ref::<doko::Error>(), Some(doko::Error::Io(io)) if broken(io))
    })
}

/// Writes `text` to standard output, every character that would control the terminal shown
/// instead ([`doko::render::for_terminal`]); a closed pipe is not an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(doko::render::for_terminal(text).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Text for a reader (a table format, a league's messages): as [`emit`], its lines wider
/// than the terminal wrapped between words ([`doko::render::wrap`]); into a file or a pipe
/// as it is.
pub fn emit_text(text: &str) -> anyhow::Result<()> {
    match doko::render::terminal_width() {
        Some(w) => emit(&doko::render::wrap(text, w)),
        None => emit(text),
    }
}

/// Standard output for a run writing `format`: the table formats shown as a terminal may
/// show them ([`ForTerminal`]), CSV and JSON as data.
pub fn output(format: doko::render::Format) -> Box<dyn Write> {
    use doko::render::Format;
    let out = std::io::stdout().lock();
    if matches!(format, Format::Table | Format::Markdown) {
        let mut w = ForTerminal::new(out);
        // A table's lines are fitted; the rest (`--explain`'s items) wrap between words.
        if format == Format::Table {
            w.wrap = doko::render::terminal_width();
        }
        Box::new(w)
    } else {
        Box::new(out)
    }
}

/// A writer to a terminal: each whole line is written as [`doko::render::for_terminal`]
/// shows it (the tables `score` writes as it goes); the rest when flushed or dropped.
pub struct ForTerminal<W: Write> {
    out: W,
    line: Vec<u8>,
    /// The terminal's width, where lines wider are wrapped between words.
    wrap: Option<usize>,
}

impl<W: Write> ForTerminal<W> {
    pub fn new(out: W) -> ForTerminal<W> {
        ForTerminal {
            out,
            line: Vec::new(),
            wrap: None,
        }
    }

    fn write_lines(&mut self, all: bool) -> std::io::Result<()> {
        let end = if all {
            self.line.len()
        } else {
            self.line
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
        };
        if end > 0 {
            let text = String::from_utf8_lossy(&self.line[..end]);
            let text = match self.wrap {
                Some(w) => std::borrow::Cow::Owned(doko::render::wrap(&text, w)),
                None => text,
            };
            self.out
                .write_all(doko::render::for_terminal(&text).as_bytes())?;
            self.line.drain(..end);
        }
        Ok(())
    }
}

impl<W: Write> Write for ForTerminal<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(buf);
        if buf.contains(&b'\n') {
            self.write_lines(false)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.write_lines(true)?;
        self.out.flush()
    }
}

impl<W: Write> Drop for ForTerminal<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
