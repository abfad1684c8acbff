//! A TOML file's first syntax error in the reader's language: read with the TOML parser
//! doko's TOML crates use, whose errors say what was expected there (a `]`, an `=`, a
//! value) and what was found. The words come from the catalogue, never from the parser's
//! English sentence.

use toml_parser::parser::{Event, EventKind};
use toml_parser::{Expected, ParseError, Source};

use crate::lang::Text;

/// The first syntax error of `text`, if any: its byte offset and what is wrong.
pub fn first_error(text: &str) -> Option<(usize, Text)> {
    let source = Source::new(text);
    let tokens = source.lex().into_vec();
    let mut events: Vec<Event> = Vec::new();
    let mut errors: Vec<ParseError> = Vec::new();
    toml_parser::parser::parse_document(&tokens, &mut events, &mut errors);
    // Strings, numbers and keys are checked as they are decoded.
    for event in &events {
        // The event, not its span: it carries the string's quoting.
        let Some(raw) = source.get(event) else {
            continue;
        };
        match event.kind() {
            EventKind::Scalar => {
                let _ = raw.decode_scalar(&mut String::new(), &mut errors);
            }
            EventKind::SimpleKey => raw.decode_key(&mut String::new(), &mut errors),
            _ => {}
        }
    }
    let at = |e: &ParseError| {
        e.unexpected()
            .or(e.context())
            .map_or(text.len(), |s| s.start())
    };
    let first = errors.into_iter().min_by_key(at)?;
    let offset = at(&first).min(text.len());
    Some((offset, message(text, &first, offset)))
}

/// "`]` expected, found `[`" from the error's parts.
fn message(text: &str, e: &ParseError, offset: usize) -> Text {
    let expected = e.expected().unwrap_or_default();
    // A bare word where a value goes: the parser asks for quotes.
    if expected == [Expected::Description("literal string")] {
        return crate::msg!(
            "error.toml_expected",
            expected = Text::msg("toml.quoted_value"),
            found = found_at(text, e, offset)
        );
    }
    let expected: Vec<Text> = expected
        .iter()
        .map(|x| match x {
            Expected::Literal(l) => Text::from(format!("`{l}`")),
            Expected::Description(d) => description(d),
            _ => Text::from("?"),
        })
        .collect();
    let found = found_at(text, e, offset);
    if expected.is_empty() {
        crate::msg!("error.toml_unexpected", found = found)
    } else {
        crate::msg!(
            "error.toml_expected",
            expected = Text::Join(expected, "word.or"),
            found = found
        )
    }
}

/// What the file has where the error is.
fn found_at(text: &str, e: &ParseError, offset: usize) -> Text {
    match e.unexpected() {
        Some(span) => found(text, span.start(), span.end()),
        None => found(text, offset, offset),
    }
}

/// What the file has at `start..end`: its text (on one line, at most 20 characters), or
/// the end of the line or of the file.
fn found(text: &str, start: usize, end: usize) -> Text {
    let start = start.min(text.len());
    let rest = text.get(start..).unwrap_or("");
    let piece = text
        .get(start..end.max(start).min(text.len()))
        .unwrap_or("");
    let piece = if piece.trim().is_empty() {
        rest.split(['\n', '\r']).next().unwrap_or("")
    } else {
        piece
    };
    let piece: String = piece.trim().chars().take(20).collect();
    if !piece.is_empty() {
        return Text::from(format!("`{piece}`"));
    }
    if rest.trim().is_empty() {
        Text::msg("error.toml_end_of_file")
    } else {
        Text::msg("error.toml_end_of_line")
    }
}

/// The parser's names for what it expected (its fixed identifiers, each a catalogue word).
fn description(d: &str) -> Text {
    let key = match d {
        "key" => "toml.key",
        "value" => "toml.value",
        "basic string" => "toml.basic_string",
        "literal string" => "toml.literal_string",
        "multi-line basic string" => "toml.ml_basic_string",
        "digits" => "toml.digits",
        "characters"
        | "printable characters"
        | "non-single-quote visible characters"
        | "non-single-quote characters"
        | "non-double-quote visible characters" => "toml.characters",
        "letters" => "toml.letters",
        "numbers" => "toml.numbers",
        "unicode hexadecimal value" => "toml.hex",
        _ => return Text::from(format!("`{d}`")),
    };
    Text::msg(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn syntax_errors_say_what_was_expected_in_the_readers_words() {
        let (at, e) = first_error("players = [\"A\", \"B\"\n[[deal]]\n").unwrap();
        assert_eq!(at, 20);
        assert!(
            e.render(Lang::De).contains("erwartet"),
            "{}",
            e.render(Lang::De)
        );
        let (_, e) = first_error("[[deal]\nre = 1\n").unwrap();
        assert!(
            e.render(Lang::En).contains("`]` expected"),
            "{}",
            e.render(Lang::En)
        );
        let (_, e) = first_error("x = \"\\q\"\n").unwrap();
        assert!(
            e.render(Lang::En).contains("expected"),
            "{}",
            e.render(Lang::En)
        );
        let (_, e) = first_error("x = \n").unwrap();
        assert!(e.render(Lang::Ja).contains("値"), "{}", e.render(Lang::Ja));
        assert!(
            e.render(Lang::En).contains("the end of the"),
            "{}",
            e.render(Lang::En)
        );
        assert!(first_error("x = 1\n[[deal]]\nre = [\"A\"]\n").is_none());
    }
}
