//! clap's errors in the reader's language: rendered from their kind and context (the
//! argument, the value, the suggestion, the usage), never from clap's English sentence.
//! English readers get clap's own rendering, which says the same.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use doko::lang::Lang;

/// The language of a run before its arguments are parsed: `--lang X` where given, else
/// the locale; the value parsers speak it.
pub fn lang_of_args() -> Lang {
    // Arguments that are not UTF-8 are read too (a file's name): never a panic here.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    Lang::of_args(&args).unwrap_or_else(Lang::from_env)
}

/// A context value as text: a single value, or many joined with commas.
fn text(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => Some(
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        ContextValue::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The error as doko writes it in `lang`; None where clap's own rendering stands (help,
/// version, English, or a kind without words of its own here).
pub fn render(e: &clap::Error, lang: Lang) -> Option<String> {
    if lang == Lang::En || !e.use_stderr() {
        return None;
    }
    let arg = text(e, ContextKind::InvalidArg).unwrap_or_default();
    let value = text(e, ContextKind::InvalidValue).unwrap_or_default();
    let message = match e.kind() {
        ErrorKind::UnknownArgument => doko::tr!(lang, "cli.unknown_argument", arg = arg),
        ErrorKind::InvalidSubcommand => {
            let command = text(e, ContextKind::InvalidSubcommand).unwrap_or_default();
            doko::tr!(lang, "cli.unknown_command", command = command)
        }
        ErrorKind::InvalidValue if value.is_empty() => {
            doko::tr!(lang, "cli.value_needed", arg = arg)
        }
        ErrorKind::InvalidValue => {
            doko::tr!(lang, "cli.invalid_value", value = value, arg = arg)
        }
        ErrorKind::ValueValidation => {
            // Our value parsers speak the reader's language already.
            let why = std::error::Error::source(e).map_or_else(String::new, ToString::to_string);
            doko::tr!(
                lang,
                "cli.invalid_value_why",
                value = value,
                arg = arg,
                why = why
            )
        }
        ErrorKind::MissingRequiredArgument => doko::tr!(lang, "cli.missing", args = arg),
        ErrorKind::MissingSubcommand => {
            let command = text(e, ContextKind::InvalidSubcommand).unwrap_or_default();
            doko::tr!(lang, "cli.command_needed", command = command)
        }
        ErrorKind::ArgumentConflict => {
            let prior = text(e, ContextKind::PriorArg).unwrap_or_default();
            doko::tr!(lang, "cli.conflict", arg = arg, prior = prior)
        }
        ErrorKind::TooManyValues => doko::tr!(lang, "cli.too_many", value = value, arg = arg),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            let expected = text(e, ContextKind::ExpectedNumValues)
                .or_else(|| text(e, ContextKind::MinValues))
                .unwrap_or_default();
            let actual = text(e, ContextKind::ActualNumValues).unwrap_or_default();
            doko::tr!(
                lang,
                "cli.values",
                arg = arg,
                expected = expected,
                actual = actual
            )
        }
        ErrorKind::NoEquals => doko::tr!(lang, "cli.no_equals", arg = arg),
        ErrorKind::InvalidUtf8 => doko::tr!(lang, "cli.invalid_utf8"),
        _ => return None,
    };
    let mut out = crate::error_line(&message);
    out.push('\n');
    let mut tips = Vec::new();
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
        ContextKind::SuggestedCommand,
    ] {
        // Each suggestion in its own quotes: `compare`, `score`.
        let s = match e.get(kind) {
            Some(ContextValue::Strings(v)) => Some(v.join("`, `")),
            _ => text(e, kind),
        };
        if let Some(s) = s {
            tips.push(doko::tr!(lang, "cli.similar", suggestion = s));
        }
    }
    if matches!(
        e.get(ContextKind::TrailingArg),
        Some(ContextValue::Bool(true))
    ) {
        let v = if value.is_empty() { &arg } else { &value };
        tips.push(doko::tr!(lang, "cli.dash", value = v));
    }
    if matches!(e.kind(), ErrorKind::InvalidValue)
        && let Some(values) = text(e, ContextKind::ValidValue).filter(|v| !v.is_empty())
    {
        tips.push(doko::tr!(lang, "cli.possible", values = values));
    }
    for tip in tips {
        out.push_str(&format!("\n  {tip}\n"));
    }
    if let Some(usage) = text(e, ContextKind::Usage) {
        // clap writes "Usage: doko ..." (its word); the command line itself stays.
        let usage = usage.trim();
        let usage = usage.split_once(": ").map_or(usage, |(_, u)| u);
        out.push_str(&format!(
            "\n{}\n",
            doko::tr!(lang, "cli.usage", usage = usage)
        ));
    }
    out.push_str(&format!("\n{}\n", lang.t("cli.more")));
    Some(out)
}
