#![no_main]
//! A bulk CSV archive, read as a stream both ways (records and the fast refill), played
//! and scored: never a panic.
use doko::deal::archive::{ArchiveFormat, ArchiveReader};
use doko::deal::full::FullRecord;
use doko::game::play;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let p = &common::profiles()[0];
    if let Ok(reader) = ArchiveReader::new("fuzz.csv", ArchiveFormat::Csv, data) {
        for (_, deal) in reader.take(64) {
            if let Ok(record) = deal {
                let _ = play(&record, p);
            }
        }
    }
    if let Ok(mut reader) = ArchiveReader::new("fuzz.csv", ArchiveFormat::Csv, data) {
        let mut record = FullRecord::default();
        let mut n = 0;
        while let Some((_, r)) = reader.read_into(&mut record) {
            if r.is_ok() {
                if let Ok(facts) = play(&record, p) {
                    let _ = doko::scoring::score_deal(&facts, p);
                }
            }
            n += 1;
            if n > 64 {
                break;
            }
        }
    }
});
