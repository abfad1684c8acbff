//! A TOML file's first syntax error in the reader's language: read with the TOML parser
//! doko's TOML crates use, whose errors say what was expected there (a `]`, an `=`, a
//! value) and what was found. The words come from the catalogue, never from the parser's
//! English sentence.

use toml_parser::parser::{Event, EventKind};
use toml_parser::{Expected, ParseError, Source};

use crate::lang::Text;

/// Whether `text`, a TOML document (`json`: a JSON one), nests arrays and tables deeper
/// than [`MAX_NESTING`](crate::limits::MAX_NESTING): the byte offset where it first goes
/// deeper, and "nested N deep (at most 64)" (N the deepest it goes). Asked before the
/// document is parsed (the parsers recurse): the one rule of every reader of doko's files,
/// the command's, the page's and the Python package's. A TOML text is read by the TOML
/// parser's own lexer (a lone CR ends a comment for the parser, which a scan of doko's own
/// did not know; a fuzzer found deep arrays there): a table header counts as the brackets
/// it is written with, a
/// dotted key (`a.b.c`, tables within tables) as deep as its parts. JSON strings are
/// skipped.
pub fn too_deep(text: &str, json: bool) -> Option<(usize, Text)> {
    let max = crate::limits::MAX_NESTING;
    let (deepest, first) = if json {
        json_depth(text.as_bytes(), max)
    } else {
        toml_depth(text, max)
    };
    let offset = first?;
    Some((
        offset,
        crate::msg!("error.nested", depth = deepest, max = max),
    ))
}

/// The deepest nesting of a TOML text and where it first goes past `max`, read by the
/// TOML parser's own lexer (the tokens the parser then reads: no string, comment or line
/// end read otherwise than it reads them). A dotted key's parts count as tables.
fn toml_depth(text: &str, max: usize) -> (usize, Option<usize>) {
    use toml_parser::lexer::TokenKind as K;
    let (mut depth, mut deepest, mut first) = (0usize, 0usize, None);
    // The dots of the key being read (before its `=`), each a table deeper.
    let (mut key_dots, mut in_value) = (0usize, false);
    for token in Source::new(text).lex() {
        let at = token.span().start();
        let reached = match token.kind() {
            K::LeftSquareBracket | K::LeftCurlyBracket => {
                depth += 1;
                (key_dots, in_value) = (0, false);
                depth
            }
            K::RightSquareBracket | K::RightCurlyBracket => {
                depth = depth.saturating_sub(1);
                continue;
            }
            K::Dot if !in_value => {
                key_dots += 1;
                depth + key_dots + 1
            }
            K::Equals => {
                in_value = true;
                continue;
            }
            K::Newline | K::Comma => {
                (key_dots, in_value) = (0, false);
                continue;
            }
            _ => continue,
        };
        if reached > max {
            first.get_or_insert(at);
        }
        deepest = deepest.max(reached);
    }
    (deepest, first)
}

/// The deepest nesting of a JSON text and where it first goes past `max` (strings
/// skipped).
fn json_depth(bytes: &[u8], max: usize) -> (usize, Option<usize>) {
    let (mut depth, mut deepest, mut first) = (0usize, 0usize, None);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    first.get_or_insert(i);
                }
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'"' => i = string_end(bytes, i, b'"'),
            _ => {}
        }
        i += 1;
    }
    (deepest, first)
}

/// The index of the last byte of the string opening at `i` with the quote `q` (a TOML
/// string three quotes long spans lines; only `"` strings take escapes), or the end of
/// the text.
fn string_end(bytes: &[u8], i: usize, q: u8) -> usize {
    let triple = bytes.get(i..i + 3) == Some(&[q, q, q][..]);
    let mut j = if triple { i + 3 } else { i + 1 };
    while j < bytes.len() {
        match bytes[j] {
            b'\\' if q == b'"' => j += 1,
            b'\n' if !triple => return j,
            c if c == q => {
                if !triple {
                    return j;
                }
                if bytes.get(j..j + 3) == Some(&[q, q, q][..]) {
                    // Up to two quotes of the string's own may come just before its end.
                    let mut end = j + 2;
                    while end + 1 < bytes.len() && bytes[end + 1] == q && end < j + 4 {
                        end += 1;
                    }
                    return end;
                }
            }
            _ => {}
        }
        j += 1;
    }
    bytes.len()
}

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

#[cfg(test)]
mod nesting_tests {
    use super::too_deep;

    fn depth(text: &str, json: bool) -> Option<(usize, String)> {
        too_deep(text, json).map(|(at, t)| (at, t.render(crate::lang::Lang::En)))
    }

    #[test]
    fn a_document_nested_past_64_is_refused_where_it_goes_deeper() {
        let ok = format!("x = {}{}", "[".repeat(64), "]".repeat(64));
        assert_eq!(depth(&ok, false), None);
        let deep = format!("a = 1\nx = {}{}", "[".repeat(65), "]".repeat(65));
        assert_eq!(
            depth(&deep, false),
            Some((10 + 64, "nested 65 deep (at most 64)".into()))
        );
        let inline = format!("x = {}1{}", "{a = ".repeat(100), "}".repeat(100));
        assert_eq!(
            depth(&inline, false).map(|d| d.1),
            Some("nested 100 deep (at most 64)".into())
        );
        // Closing more than was opened never counts below nothing.
        let closes = format!("{}x = {}{}", "]".repeat(10), "[".repeat(60), "]".repeat(60));
        assert_eq!(depth(&closes, false), None);
    }

    #[test]
    fn what_the_parser_reads_as_brackets_is_counted() {
        // A lone CR ends a comment for TOML's lexer: the arrays after it are read.
        let cr = format!("# note\rx = {}{}", "[".repeat(100), "]".repeat(100));
        assert!(depth(&cr, false).is_some());
    }

    #[test]
    fn a_dotted_key_is_as_deep_as_its_parts() {
        let parts = |n: usize| vec!["a"; n].join(".");
        assert_eq!(depth(&format!("{} = 1", parts(64)), false), None);
        assert_eq!(
            depth(&format!("{} = 1", parts(30_000)), false).map(|d| d.1),
            Some("nested 30000 deep (at most 64)".into())
        );
        assert!(depth(&format!("[{}]", parts(100)), false).is_some());
        assert!(depth(&format!("x = {{ {} = 1 }}", parts(100)), false).is_some());
        // Values with dots (numbers, times) and many keys are no depth.
        let values = "x = 1.5\ny = 1979-05-27T07:32:00.999Z\n".repeat(100);
        assert_eq!(depth(&values, false), None);
        assert_eq!(depth(&"a.b.c = [1.5, 2.5, 3.5]\n".repeat(100), false), None);
        // JSON has no dotted keys.
        assert_eq!(depth(&format!("{{\"{}\": 1}}", parts(100)), true), None);
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        let many = "[".repeat(200);
        for text in [
            format!("x = \"{many}\""),
            format!("x = \"\\\"{many}\""),
            format!("x = '{many}'"),
            format!("x = \"\"\"\n{many}\n\"\"\""),
            format!("x = '''\n{many}\n'''"),
            format!("x = \"\"\"a\"\"{many}\"\"\"\"\""),
            format!("# {many}\nx = 1"),
            format!("\"{many}\" = 1"),
        ] {
            assert_eq!(depth(&text, false), None, "{text}");
        }
        // A `'` is no quote in JSON, and `#` no comment.
        let json = format!(
            "{{\"x\": \"'\", \"y\": {}{}}}",
            "[".repeat(70),
            "]".repeat(70)
        );
        assert!(depth(&json, true).is_some());
        assert_eq!(depth(&format!("{{\"x\": \"{many}\"}}"), true), None);
        // A string that never ends hides nothing after it from the count.
        assert_eq!(
            depth(&format!("x = \"abc\ny = {many}"), false).map(|d| d.0),
            Some(13 + 64)
        );
    }
}
