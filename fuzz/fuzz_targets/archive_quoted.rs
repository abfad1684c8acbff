#![no_main]
//! An archive whose every field is quoted (the csv crate's path of the reader, with quotes
//! doubled inside and rows of any length): never a panic.
use doko::deal::archive::{ArchiveFormat, ArchiveReader};
use doko::game::play;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut quoted = String::from("players,dealer,contract,calls,tricks\n");
    for line in text.lines() {
        let fields: Vec<String> = line
            .split(',')
            .map(|f| format!("\"{}\"", f.replace('"', "\"\"")))
            .collect();
        quoted.push_str(&fields.join(","));
        quoted.push('\n');
    }
    let p = &common::profiles()[0];
    if let Ok(reader) = ArchiveReader::new("fuzz.csv", ArchiveFormat::Csv, quoted.as_bytes()) {
        for (_, deal) in reader.take(64) {
            if let Ok(record) = deal {
                let _ = play(&record, p);
            }
        }
    }
});
