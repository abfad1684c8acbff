//! Taking back the last entry of a sheet's text: the last `[[deal]]` or `[[penalty]]`
//! table cut off where it ends the file (every byte before it kept), else removed from the
//! document with the comments above it.

use super::{ArrayOfTables, DocumentMut, FileError, Item, Table, parse};

/// Removes the last `[[deal]]` of `text`: only that table (with the comments above its
/// header); every other table, comment and blank line stays where it is.
pub fn without_last_deal(file: &str, text: &str) -> Result<String, FileError> {
    let mut doc = parse(file, text)?;
    let no_deal = || FileError::NoDeal {
        file: file.to_string(),
    };
    // Deals written as an inline array (`deal = [{...}, {...}]`): the last element goes.
    if let Some(array) = doc.get_mut("deal").and_then(Item::as_array_mut) {
        if array.is_empty() {
            return Err(no_deal());
        }
        array.remove(array.len() - 1);
        return Ok(doc.to_string());
    }
    if let Some(cut) = cut_last_deal(text) {
        return Ok(cut);
    }
    let deals = doc
        .get_mut("deal")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(no_deal)?;
    // The last deal as the file reads, which is the last by position.
    let last = (0..deals.len())
        .max_by_key(|&i| deals.get(i).and_then(Table::position).unwrap_or(isize::MAX))
        .ok_or_else(no_deal)?;
    // Comments above its header are the user's: they stay (less the blank line `append`
    // put before the deal).
    let kept = deals
        .get(last)
        .and_then(|t| t.decor().prefix())
        .and_then(|p| p.as_str())
        .map(|p| p.strip_suffix('\n').unwrap_or(p).to_string())
        .filter(|p| p.contains('#'));
    let position = deals.get(last).and_then(Table::position);
    deals.remove(last);
    if deals.is_empty() {
        doc.remove("deal");
    }
    if let Some(comments) = kept {
        keep_comments(&mut doc, position, &comments);
    }
    let mut out = doc.to_string();
    // `append` put one blank line before the deal; take it away too.
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

/// The text without its last `[[deal]]` table where that table is the last of the file:
/// every byte before its header stays as it was (line ends, comments, spacing), less the
/// blank line `append` put before it. None where another table follows it (the document
/// is then edited as a whole).
pub(super) fn cut_last_deal(text: &str) -> Option<String> {
    cut_last(text, "deal")
}

/// The name of the last table header of `text` (`deal` for `[[deal]]`), where there is one.
pub(super) fn last_header(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim_start)
        .rfind(|l| l.starts_with('['))
        .map(|h| {
            h.trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or("")
                .trim()
        })
}

/// The text without its last `[[name]]` table where that table is the last of the file
/// (see [`cut_last_deal`]).
pub(super) fn cut_last(text: &str, name: &str) -> Option<String> {
    let header = format!("[[{name}]]");
    let mut offset = 0;
    let mut last_header: Option<(usize, bool)> = None;
    for line in text.split_inclusive('\n') {
        let head = line.trim_start();
        if head.starts_with('[') {
            last_header = Some((offset, head.starts_with(&header)));
        }
        offset += line.len();
    }
    let (start, is_deal) = last_header?;
    if !is_deal {
        return None;
    }
    let mut kept = &text[..start];
    // The text before must still read as TOML with one deal less (a `[` inside a
    // multi-line string is not a header).
    let before: DocumentMut = kept.parse().ok()?;
    let after: DocumentMut = text.parse().ok()?;
    let count = |d: &DocumentMut| {
        d.get(name)
            .and_then(Item::as_array_of_tables)
            .map_or(0, ArrayOfTables::len)
    };
    if count(&before) + 1 != count(&after) {
        return None;
    }
    // The blank line `append` put before the table, whichever line end it has.
    if let Some(k) = kept
        .strip_suffix("\r\n")
        .or_else(|| kept.strip_suffix('\n'))
        && (k.is_empty() || k.ends_with('\n'))
    {
        kept = k;
    }
    // Comment lines at the very end, after the table's last key, are the user's: they
    // stay (at the end, where they were).
    let mut tail = text.len();
    let mut comment_at = None;
    for line in text[start..].split_inclusive('\n').rev() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            tail -= line.len();
            if l.starts_with('#') {
                comment_at = Some(tail);
            }
        } else {
            break;
        }
    }
    let mut out = kept.to_string();
    if let Some(c) = comment_at {
        out.push_str(&text[c..]);
    }
    Some(out)
}

/// Puts `comments` where a table at `position` stood: above the next table, or at the end.
pub(super) fn keep_comments(doc: &mut DocumentMut, position: Option<isize>, comments: &str) {
    let after = |t: &Table| match (t.position(), position) {
        (Some(p), Some(q)) => p > q,
        _ => false,
    };
    let mut next: Option<&mut Table> = None;
    for (_, item) in doc.as_table_mut().iter_mut() {
        let tables: Vec<&mut Table> = match item {
            Item::Table(t) => vec![t],
            Item::ArrayOfTables(a) => a.iter_mut().collect(),
            _ => Vec::new(),
        };
        for t in tables {
            if after(t) && next.as_ref().is_none_or(|n| t.position() < n.position()) {
                next = Some(t);
            }
        }
    }
    match next {
        Some(t) => {
            let old = t.decor().prefix().and_then(|p| p.as_str()).unwrap_or("");
            let new = format!("{comments}{old}");
            t.decor_mut().set_prefix(new);
        }
        None => {
            let old = doc.trailing().as_str().unwrap_or("").to_string();
            doc.set_trailing(format!("{comments}{old}"));
        }
    }
}
