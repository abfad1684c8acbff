#![no_main]
//! A JSON Lines archive, played and scored: never a panic.
use doko::deal::archive::{ArchiveFormat, ArchiveReader};
use doko::game::play;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    if let Ok(reader) = ArchiveReader::new("fuzz.jsonl", ArchiveFormat::Jsonl, data) {
        for (_, deal) in reader.take(64) {
            if let Ok(record) = deal {
                for p in common::profiles() {
                    if let Ok(facts) = play(&record, p) {
                        let _ = doko::scoring::score_deal(&facts, p);
                    }
                }
            }
        }
    }
});
