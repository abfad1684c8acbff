//! Writing archives: a CSV row or a JSON line a full record (`doko generate`).

use super::{BTreeMap, Contract, FullRecord, Write};

pub(super) fn cards(cards: &[crate::cards::Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 4);
    push_cards(&mut out, cards);
    out
}

/// Card tokens with a space between, looked up (no formatting).
pub(super) fn push_cards(out: &mut String, cards: &[crate::cards::Card]) {
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(c.code());
    }
}

/// The columns of an archive's CSV, in the order written.
pub(super) const CSV_COLUMNS: [&str; 17] = [
    "players",
    "dealer",
    "contract",
    "declarer",
    "calls",
    "tricks",
    "accepted_by",
    "passed",
    "returned",
    "called",
    "knock",
    "compulsory",
    "hands",
    "schweinchen",
    "hyperschweinchen",
    "genscher",
    "bids",
];

/// Writes deals as an archive's CSV: the header first (unless [`CsvWriter::rows_only`]),
/// then a row a deal. Fields are quoted where they must be, as the csv crate writes them
/// (a comma, a quote or a line break inside; quotes doubled): rows are made in one
/// buffer, card tokens from a table, and reach `out` 64 KiB at a time.
pub struct CsvWriter<W: Write> {
    /// None once handed back ([`CsvWriter::into_inner`]).
    out: Option<W>,
    buf: Vec<u8>,
    /// A field being made, where it may need quotes.
    field: String,
    /// The players of the last row, as written: an archive's rows repeat their table's.
    table: TableFields,
    /// The bids fields written lately, as written, by the address of their list (the
    /// list kept alive beside it, so that its address is not another list's): a table's
    /// games repeat theirs.
    bids: crate::recent::Recent<usize, (std::sync::Arc<[crate::bids::Bid]>, Vec<u8>)>,
}

/// A table's players as a [`CsvWriter`] writes them, each field with its comma.
#[derive(Debug)]
pub(super) struct TableFields {
    names: Vec<String>,
    /// The players field: the names with a space between them.
    players: Vec<u8>,
    /// Each seat's name as a field (dealer, declarer, partner, Schweinchen ...).
    seats: Vec<Vec<u8>>,
}

impl Default for TableFields {
    /// No names yet: their field is empty.
    fn default() -> Self {
        TableFields {
            names: Vec::new(),
            players: b",".to_vec(),
            seats: Vec::new(),
        }
    }
}

/// Appends the tricks field and the comma after it: card tokens, a space between cards
/// and a bar between tricks (no quotes needed). Each token is copied as a four-byte word
/// ([`Card::code_word`]: at most three bytes and a space), so the space after a token is
/// written with it; at a trick's end it becomes a bar, at the field's end the comma.
pub(super) fn push_tricks(buf: &mut Vec<u8>, r: &FullRecord) {
    let (cards, ends) = r.tricks.flat();
    // Cards after the last end (an open trick) are not written, as `Tricks::iter` has it.
    let played = ends.last().map_or(0, |&e| (e as usize).min(cards.len()));
    let start = buf.len();
    buf.resize(start + 4 * played + ends.len() + 1, b' ');
    let out = &mut buf[start..];
    let (mut at, mut from) = (0, 0);
    for &end in ends {
        let end = (end as usize).clamp(from, played);
        if end == from {
            // An empty trick: its bar alone.
            out[at] = b'|';
            at += 1;
            continue;
        }
        for c in &cards[from..end] {
            let (word, len) = c.code_word();
            // Always there: the field has four bytes a card.
            let Some(to) = out.get_mut(at..).and_then(|o| o.first_chunk_mut::<4>()) else {
                break;
            };
            *to = word;
            at += len + 1;
        }
        from = end;
        out[at - 1] = b'|';
    }
    // The bar after the last trick is the field's comma.
    if at == 0 {
        at = 1;
    }
    out[at - 1] = b',';
    buf.truncate(start + at);
}

/// `items` with `sep` between them, into `out` (cleared first).
pub(super) fn join_into<'a>(out: &mut String, items: impl Iterator<Item = &'a str>, sep: char) {
    out.clear();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(sep);
        }
        out.push_str(item);
    }
}

/// How much a writer gathers before it writes to its output.
pub(super) const CSV_CHUNK: usize = 1 << 16;

/// Appends `field` to `buf` as a CSV field: quoted (its quotes doubled) where it holds a
/// comma, a quote or a line break.
pub(super) fn push_field(buf: &mut Vec<u8>, field: &[u8]) {
    const SPECIAL: [bool; 256] = {
        let mut t = [false; 256];
        t[b',' as usize] = true;
        t[b'"' as usize] = true;
        t[b'\n' as usize] = true;
        t[b'\r' as usize] = true;
        t
    };
    if !field.iter().any(|&b| SPECIAL[b as usize]) {
        buf.extend_from_slice(field);
        return;
    }
    buf.push(b'"');
    for &b in field {
        if b == b'"' {
            buf.push(b'"');
        }
        buf.push(b);
    }
    buf.push(b'"');
}

impl<W: Write> CsvWriter<W> {
    /// A writer of a whole archive: the header is written now.
    pub fn new(out: W) -> std::io::Result<CsvWriter<W>> {
        let mut w = CsvWriter::rows_only(out);
        w.buf.extend_from_slice(CSV_COLUMNS.join(",").as_bytes());
        w.buf.push(b'\n');
        Ok(w)
    }

    /// A writer of rows only (to append to an archive).
    pub fn rows_only(out: W) -> CsvWriter<W> {
        CsvWriter {
            out: Some(out),
            buf: Vec::with_capacity(CSV_CHUNK + 1024),
            field: String::new(),
            table: TableFields::default(),
            bids: crate::recent::Recent::default(),
        }
    }

    /// Writes one deal as a row.
    pub fn write(&mut self, r: &FullRecord) -> std::io::Result<()> {
        let buf = &mut self.buf;
        let f = &mut self.field;
        // Most fields of a row are empty: only their comma is written.
        let next = |buf: &mut Vec<u8>, field: &str| {
            if !field.is_empty() {
                push_field(buf, field.as_bytes());
            }
            buf.push(b',');
        };
        let TableFields {
            names,
            players,
            seats,
        } = &mut self.table;
        if *names != r.players {
            names.clone_from(&r.players);
            join_into(f, r.players.iter().map(String::as_str), ' ');
            players.clear();
            next(players, f);
            seats.resize_with(names.len(), Vec::new);
            for (field, name) in seats.iter_mut().zip(names.iter()) {
                field.clear();
                next(field, name);
            }
        }
        buf.extend_from_slice(players);
        // A seat's name as a field, from the table's.
        let seat = |buf: &mut Vec<u8>, s: Option<usize>| match s.and_then(|s| seats.get(s)) {
            Some(field) => buf.extend_from_slice(field),
            None => buf.push(b','),
        };
        seat(buf, r.dealer_written.then_some(r.dealer));
        next(buf, r.contract.name());
        seat(buf, r.declarer);
        join_into(f, r.calls.iter().map(|c| c.text.as_str()), ';');
        next(buf, f);
        push_tricks(buf, r);
        match &r.exchange {
            Some(x) => {
                seat(buf, Some(x.partner));
                next(buf, &cards(&x.passed));
                next(buf, &cards(&x.returned));
            }
            None => buf.extend_from_slice(b",,,"),
        }
        next(buf, r.called.map_or("", |c| c.code()));
        next(buf, r.knock.map_or("", |k| k.key()));
        next(buf, if r.compulsory { "yes" } else { "" });
        f.clear();
        for (i, (who, cards)) in archive_hands(r).enumerate() {
            if i > 0 {
                f.push(';');
            }
            f.push_str(who);
            f.push(':');
            f.push_str(&cards);
        }
        next(buf, f);
        seat(buf, r.schweinchen);
        seat(buf, r.hyperschweinchen);
        seat(buf, r.genscher);
        let address = r.bids.as_ptr() as *const u8 as usize;
        match self.bids.get(&address) {
            Some((_, field)) => buf.extend_from_slice(field),
            None => {
                join_into(f, r.bids.iter().map(|b| b.text.as_str()), ';');
                let mut field = Vec::new();
                push_field(&mut field, f.as_bytes());
                buf.extend_from_slice(&field);
                self.bids.keep(address, (r.bids.clone(), field));
            }
        }
        buf.push(b'\n');
        if buf.len() >= CSV_CHUNK {
            self.write_out()?;
        }
        Ok(())
    }

    /// Writes what is gathered to the output.
    fn write_out(&mut self) -> std::io::Result<()> {
        if let Some(out) = &mut self.out {
            out.write_all(&self.buf)?;
        }
        self.buf.clear();
        Ok(())
    }

    /// The output, every row written to it.
    pub fn into_inner(mut self) -> std::io::Result<W> {
        self.write_out()?;
        // `out` is taken here only, where the writer ends.
        self.out
            .take()
            .ok_or_else(|| std::io::Error::other("the CSV writer's output was handed back"))
    }
}

/// A writer dropped without [`CsvWriter::into_inner`] still writes its last rows (an
/// error then goes unseen, as with a `BufWriter`).
impl<W: Write> Drop for CsvWriter<W> {
    fn drop(&mut self) {
        let _ = self.write_out();
    }
}

/// The hands an archive writes: a redeal's (the deal is the hand thrown in); other deals'
/// hands follow from their tricks.
pub(super) fn archive_hands(r: &FullRecord) -> impl Iterator<Item = (&str, String)> {
    r.hands
        .iter()
        .enumerate()
        .filter(move |_| r.contract == Contract::Redeal)
        .filter_map(|(s, h)| h.as_ref().map(|h| (r.players[s].as_str(), cards(h))))
}

/// One deal as a JSON line writes it (the fields of [`JsonDeal`], in the order of
/// `docs/formats.md` section 4).
#[derive(serde::Serialize)]
pub(super) struct JsonOut<'a> {
    players: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<&'a str>,
    contract: &'a str,
    calls: Vec<&'a str>,
    tricks: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declarer: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    called: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    knock: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted_by: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    passed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    returned: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    compulsory: bool,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    hands: BTreeMap<&'a str, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    schweinchen: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hyperschweinchen: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genscher: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genscher_partner: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bids: Vec<&'a str>,
}

/// Writes one deal as a JSON line.
pub fn write_jsonl(out: &mut impl Write, r: &FullRecord) -> std::io::Result<()> {
    let name = |s: usize| r.players[s].as_str();
    let x = r.exchange.as_ref();
    let line = JsonOut {
        players: &r.players,
        dealer: r.dealer_written.then(|| name(r.dealer)),
        contract: r.contract.name(),
        calls: r.calls.iter().map(|c| c.text.as_str()).collect(),
        tricks: r.tricks.iter().map(|t| cards(t.cards)).collect(),
        declarer: r.declarer.map(name),
        called: r.called.map(|c| c.to_string()),
        knock: r.knock.map(|k| k.key()),
        accepted_by: x.map(|x| name(x.partner)),
        passed: x.map(|x| cards(&x.passed)),
        returned: x.map(|x| cards(&x.returned)),
        compulsory: r.compulsory,
        hands: archive_hands(r).collect(),
        schweinchen: r.schweinchen.map(name),
        hyperschweinchen: r.hyperschweinchen.map(name),
        genscher: r.genscher.map(name),
        genscher_partner: r.genscher_partner.map(name),
        bids: r.bids.iter().map(|b| b.text.as_str()).collect(),
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)
}
