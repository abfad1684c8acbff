//! The deals of a paper sheet: each row's summary, as the reader gives it
//! ([`crate::deal::sheet::Sheet::rows`]), made into facts and checked against the profile
//! ([`super::summary_facts`]).

use crate::deal::sheet::{MAX_DEAL_NUMBER, Sheet, SheetRows};
use crate::deal::{DealFacts, RecordError};
use crate::msg;
use crate::variant::Profile;

/// The deals of a sheet, checked against a profile, one result per row
/// ([`super::PlayDeals::deals`]).
pub struct SheetDeals<'a, 'p> {
    rows: SheetRows<'a, 'p>,
    file: String,
    players: Vec<String>,
    profile: &'p Profile,
    /// The number of the last deal read: numbers written in a `deal` column go up.
    last: usize,
}

impl<'a, 'p> SheetDeals<'a, 'p> {
    /// The deals of `sheet`, checked against `profile`, one result per row.
    pub fn new(sheet: &Sheet<'a>, profile: &'p Profile) -> SheetDeals<'a, 'p> {
        SheetDeals {
            rows: sheet.rows(profile),
            file: sheet.file().to_string(),
            players: sheet.players().to_vec(),
            profile,
            last: 0,
        }
    }
}

impl Iterator for SheetDeals<'_, '_> {
    type Item = Result<DealFacts, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let row = match self.rows.next()? {
            Ok(row) => row,
            Err(e) => return Some(Err(e)),
        };
        let number = row.summary.number;
        let at = |field: &str, message| {
            RecordError::new(&self.file, message)
                .line(row.line)
                .field(field)
                .deal(number)
        };
        let facts = match super::summary_facts(row.summary, self.profile, "game") {
            Ok(f) => f,
            Err(crate::deal::FieldError { field, message, .. }) => {
                // A party-size error is about the player cells; name them all.
                let field = if field == "re" || field == "players" {
                    self.players.join(",")
                } else {
                    field
                };
                return Some(Err(at(&field, message)));
            }
        };
        // Deal 0, a number written twice or going down is a slip of the pen.
        if number <= self.last || number > MAX_DEAL_NUMBER {
            return Some(Err(at(
                "deal",
                msg!(
                    "error.deal_number_order",
                    deal = number,
                    last = self.last,
                    most = MAX_DEAL_NUMBER
                ),
            )));
        }
        self.last = number;
        Some(Ok(DealFacts {
            dealer: row.dealer,
            ..facts
        }))
    }
}
