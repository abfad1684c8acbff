#![no_main]
//! Deal records (TOML), summaries and full records, played and scored: never a panic.
use doko::PlayDeals;
use doko::deal::records::RecordFile;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(file) = RecordFile::parse("fuzz.toml", text) {
        for p in common::profiles() {
            for deal in file.deals(p) {
                if let Ok(facts) = deal {
                    let _ = doko::scoring::score_deal(&facts, p);
                }
            }
            let _ = doko::league::evaluate("fuzz.toml", text, Some(p));
        }
    }
});
