//! The one loop over an archive, behind `score` and `compare`: each deal is read once,
//! seated by each profile's dealer rotation ([`crate::seating::Rotation`]) and played
//! under each profile. Profiles that derive the same facts from a deal share one play
//! ([`crate::play::Alike`]); the others only check what they allow.

use std::io::BufRead;

use crate::deal::archive::ArchiveReader;
use crate::deal::{DealFacts, RecordError};
use crate::play::{Alike, FullRecord, play, replay};
use crate::seating::Rotation;
use crate::variant::Profile;

/// One deal of an archive, played under every profile.
#[derive(Debug)]
pub struct Played<'a> {
    /// The line the deal starts on.
    pub line: usize,
    /// The deal's number in the archive, from 1.
    pub number: usize,
    /// The players at the table, in seat order.
    pub players: &'a [String],
    /// The players changed with this deal: a new table starts.
    pub new_table: bool,
    /// The profiles, in the order given.
    pub profiles: &'a [Profile],
    /// Under each profile, in the order given: the facts, or why the deal is not a legal
    /// deal under it (with its file, line, deal, trick and field).
    pub outcomes: &'a mut [Result<DealFacts, RecordError>],
}

impl Played<'_> {
    /// Takes the outcome under profile `i` (a second take gives an empty error).
    pub fn take(&mut self, i: usize) -> Result<DealFacts, RecordError> {
        std::mem::replace(&mut self.outcomes[i], Err(RecordError::new("", "")))
    }
}

/// Plays the deals of an archive under one or more profiles, one at a time: memory does
/// not grow with the number of deals.
pub struct Player {
    profiles: Vec<Profile>,
    /// `alike[i][j]`: what profile `i` shares with profile `j`, compared once.
    alike: Vec<Vec<Alike>>,
    rotations: Vec<Rotation>,
    dealers: Vec<usize>,
    table: u64,
    record: FullRecord,
    outcomes: Vec<Result<DealFacts, RecordError>>,
}

impl Player {
    /// A player for `profiles` (at least one).
    pub fn new(profiles: Vec<Profile>) -> Player {
        let alike = profiles
            .iter()
            .map(|b| profiles.iter().map(|a| Alike::new(a, b)).collect())
            .collect();
        let n = profiles.len();
        Player {
            profiles,
            alike,
            rotations: Vec::with_capacity(n),
            dealers: vec![0; n],
            table: u64::MAX,
            record: FullRecord::default(),
            outcomes: Vec::with_capacity(n),
        }
    }

    /// The profiles, in the order given.
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// Reads the next deal and plays it under every profile. `Err` is a deal that cannot
    /// be read at all (a broken row); None is the end of the archive.
    pub fn next<R: BufRead>(
        &mut self,
        reader: &mut ArchiveReader<R>,
    ) -> Option<Result<Played<'_>, RecordError>> {
        let (line, read) = reader.read_into(&mut self.record)?;
        if let Err(e) = read {
            return Some(Err(e));
        }
        let new_table = reader.tables() != self.table;
        self.table = reader.tables();
        let record = &mut self.record;
        let seats = record.players.len();
        if new_table {
            self.rotations.clear();
            self.rotations
                .resize(self.profiles.len(), Rotation::new(seats, None));
        }
        let written = record.dealer_written.then_some(record.dealer);
        for (i, p) in self.profiles.iter().enumerate() {
            self.dealers[i] =
                self.rotations[i].deal(written, record.contract, record.compulsory, p);
        }
        self.outcomes.clear();
        for i in 0..self.profiles.len() {
            record.dealer = self.dealers[i];
            // The first earlier profile that derives the same facts, seated alike.
            let shared = (0..i).find(|&j| {
                self.dealers[j] == self.dealers[i]
                    && self.alike[i][j].holds_for(record)
                    && self.outcomes[j].is_ok()
            });
            let result = match shared.map(|j| &self.outcomes[j]) {
                Some(Ok(base)) => replay(record, base, &self.profiles[i]),
                _ => play(record, &self.profiles[i]),
            };
            self.outcomes.push(result.map_err(|e| {
                RecordError::new(reader.file(), e.message)
                    .line(line)
                    .deal(record.number)
                    .trick(e.trick)
                    .field(e.field)
            }));
        }
        Some(Ok(Played {
            line,
            number: self.record.number,
            players: &self.record.players,
            new_table,
            profiles: &self.profiles,
            outcomes: &mut self.outcomes,
        }))
    }
}
