#![no_main]
//! `compare --summary` of a CSV archive under three profiles, on two threads: never a panic.
use doko::deal::archive::{ArchiveFormat, ArchiveReader};
use doko::engine::Source;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let input: Box<dyn std::io::BufRead + Send> = Box::new(std::io::Cursor::new(data.to_vec()));
    let Ok(reader) = ArchiveReader::new("fuzz.csv", ArchiveFormat::Csv, input) else {
        return;
    };
    let jobs = std::num::NonZeroUsize::new(2).unwrap_or(std::num::NonZeroUsize::MIN);
    let _ = doko::engine::compare_summary(
        Source::Archive(Box::new(reader)),
        common::profiles().to_vec(),
        jobs,
        &mut |_| {},
    );
});
