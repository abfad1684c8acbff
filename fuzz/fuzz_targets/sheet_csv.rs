#![no_main]
//! A paper sheet (CSV): parsing and checking any text never panics.
use doko::PlayDeals;
use doko::deal::sheet::Sheet;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(sheet) = Sheet::parse("fuzz.csv", text) {
        for p in common::profiles() {
            for deal in sheet.deals(p) {
                if let Ok(facts) = deal {
                    let _ = doko::scoring::score_deal(&facts, p);
                }
            }
        }
    }
});
