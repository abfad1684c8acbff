#![no_main]
//! FreeDoko party files: read, imported (rules mapped, games written as records and
//! scored, checked against FreeDoko's points): never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if doko::engine::freedoko::party::parse(text).is_ok() {
        let files = [("fuzz.party".to_string(), text.to_string())];
        let _ = doko::engine::freedoko::import(&files, "fuzz.profile.toml", "fuzz-freedoko");
    }
});
