//! The scored sheet column by column, as Arrow holds a table: the columns of `doko score
//! --format csv` (`docs/formats.md` section 6; their cells [`super::SheetCells`]), each a
//! typed buffer. The Python package
//! hands them to Arrow as they are ([`SheetColumns::take`]); nothing is formatted as text
//! and read back.

use crate::scoring::DealResult;

/// A column of text in Arrow's `large_string` layout: `offsets` (one more than the rows)
/// into `data`, and where some rows have no value, a bit a row (`valid`, least
/// significant bit first).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TextColumn {
    /// Where each row's text starts in `data`, and where the last ends.
    pub offsets: Vec<i64>,
    /// The texts, one after the other (UTF-8).
    pub data: Vec<u8>,
    /// Which rows have a value, where some have none.
    pub valid: Option<Vec<u8>>,
}

impl TextColumn {
    fn new() -> TextColumn {
        TextColumn {
            offsets: vec![0],
            ..TextColumn::default()
        }
    }

    fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Appends a row: a text, or no value.
    fn push(&mut self, value: Option<&str>) {
        let row = self.rows();
        if value.is_none() && self.valid.is_none() {
            // The rows so far all have a value.
            let mut bits = vec![0xff; row.div_ceil(8)];
            if !row.is_multiple_of(8)
                && let Some(last) = bits.last_mut()
            {
                *last = (1u8 << (row % 8)) - 1;
            }
            self.valid = Some(bits);
        }
        if let Some(bits) = &mut self.valid {
            if row.is_multiple_of(8) {
                bits.push(0);
            }
            if value.is_some()
                && let Some(last) = bits.last_mut()
            {
                *last |= 1 << (row % 8);
            }
        }
        self.data.extend_from_slice(value.unwrap_or("").as_bytes());
        self.offsets
            .push(i64::try_from(self.data.len()).unwrap_or(i64::MAX));
    }
}

/// One column: its name and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    /// Whole numbers (Arrow `int64`).
    Int(Vec<i64>),
    /// Texts (Arrow `large_string`).
    Text(TextColumn),
}

/// The scored deals of one table, column by column: `deal`, `contract`, `re`, `kontra`,
/// `re_eyes`, `kontra_eyes`, `winner`, `value`, `multiplier`, each player's points (named
/// by the player), each player's total after the deal (`<player>_total`) and `note`: the
/// columns of `doko score --format csv`, in its order.
#[derive(Debug, Clone)]
pub struct SheetColumns {
    players: Vec<String>,
    deal: Vec<i64>,
    contract: TextColumn,
    re: TextColumn,
    kontra: TextColumn,
    re_eyes: Vec<i64>,
    kontra_eyes: Vec<i64>,
    winner: TextColumn,
    value: Vec<i64>,
    multiplier: Vec<i64>,
    points: Vec<Vec<i64>>,
    totals: Vec<Vec<i64>>,
    note: TextColumn,
}

impl SheetColumns {
    /// No deals yet, at the table of `players` (in seat order).
    pub fn new(players: &[String]) -> SheetColumns {
        SheetColumns {
            players: players.to_vec(),
            deal: Vec::new(),
            contract: TextColumn::new(),
            re: TextColumn::new(),
            kontra: TextColumn::new(),
            re_eyes: Vec::new(),
            kontra_eyes: Vec::new(),
            winner: TextColumn::new(),
            value: Vec::new(),
            multiplier: Vec::new(),
            points: vec![Vec::new(); players.len()],
            totals: vec![Vec::new(); players.len()],
            note: TextColumn::new(),
        }
    }

    /// The deals held.
    pub fn len(&self) -> usize {
        self.deal.len()
    }

    /// No deal held?
    pub fn is_empty(&self) -> bool {
        self.deal.is_empty()
    }

    /// Adds a deal with each player's total after it (the table's players: the engine
    /// scores one table a sheet).
    pub fn push(&mut self, r: &DealResult, totals: &[i64]) {
        let c = super::SheetCells::of(&self.players, r, totals);
        self.deal.push(i64::try_from(c.deal).unwrap_or(i64::MAX));
        self.contract.push(Some(&c.contract));
        self.re.push(Some(&c.re));
        self.kontra.push(Some(&c.kontra));
        self.re_eyes.push(c.re_eyes);
        self.kontra_eyes.push(c.kontra_eyes);
        self.winner.push(Some(c.winner));
        self.value.push(c.value);
        self.multiplier.push(c.multiplier);
        for (column, points) in self.points.iter_mut().zip(c.scores) {
            column.push(*points);
        }
        for (column, total) in self.totals.iter_mut().zip(c.totals) {
            column.push(*total);
        }
        self.note.push(c.note);
    }

    /// The columns held, named, in order; the sheet is empty after.
    pub fn take(&mut self) -> Vec<(String, Column)> {
        let fresh = SheetColumns::new(&self.players);
        let old = std::mem::replace(self, fresh);
        let mut out = vec![
            ("deal".to_string(), Column::Int(old.deal)),
            ("contract".to_string(), Column::Text(old.contract)),
            ("re".to_string(), Column::Text(old.re)),
            ("kontra".to_string(), Column::Text(old.kontra)),
            ("re_eyes".to_string(), Column::Int(old.re_eyes)),
            ("kontra_eyes".to_string(), Column::Int(old.kontra_eyes)),
            ("winner".to_string(), Column::Text(old.winner)),
            ("value".to_string(), Column::Int(old.value)),
            ("multiplier".to_string(), Column::Int(old.multiplier)),
        ];
        for (p, points) in old.players.iter().zip(old.points) {
            out.push((p.clone(), Column::Int(points)));
        }
        for (p, totals) in old.players.iter().zip(old.totals) {
            out.push((format!("{p}_total"), Column::Int(totals)));
        }
        out.push(("note".to_string(), Column::Text(old.note)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_column_marks_the_rows_without_a_value() {
        let mut c = TextColumn::new();
        for i in 0..10 {
            c.push((i != 8).then_some("ab"));
        }
        assert_eq!(c.offsets.len(), 11);
        assert_eq!(c.data.len(), 18);
        assert_eq!(c.valid, Some(vec![0xff, 0b10]));
        let mut d = TextColumn::new();
        d.push(None);
        d.push(Some("x"));
        assert_eq!(d.valid, Some(vec![0b10]));
        assert_eq!(d.offsets, vec![0, 0, 1]);
    }
}
