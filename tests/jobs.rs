//! `--jobs`: an archive played by any number of threads gives the caller the same deals,
//! in the same order, with the same seating and outcomes, as one thread does (issue 12,
//! "every core"). The archives cross batch boundaries with new tables, rows without a
//! dealer, compulsory solos, redeals, blank lines, quoted rows and bad rows of every kind.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use doko::deal::archive::{ArchiveFormat, ArchiveReader, CsvWriter, write_jsonl};
use doko::engine::{BATCH, play_all};
use doko::game::Rotation;
use doko::game::generate::{Rng, random_compulsory_solo, random_deal, random_redeal};
use doko::variant::Profile;
use proptest::prelude::*;

const TABLES: [[&str; 4]; 3] = [
    ["Anna", "Ben", "Cara", "Dirk"],
    ["Eva", "Finn", "Gabi", "Hans"],
    ["Anna", "Ben", "Cara", "Dirk"],
];

/// An archive of about `deals` deals as CSV and as JSON Lines, with the players changing
/// at random rows and a bad row in about one of `bad_in`.
fn archive(seed: u64, deals: usize, bad_in: usize) -> (Vec<u8>, Vec<u8>) {
    let profile = Profile::load("ddv", &[]).unwrap();
    let mut rng = Rng::new(seed);
    let mut csv = CsvWriter::new(Vec::new()).unwrap().into_inner().unwrap();
    let mut jsonl = Vec::new();
    let mut table = 0;
    let mut rotation = Rotation::new(4, None);
    for number in 1..=deals {
        if rng.chance(1) {
            table = (table + 1) % TABLES.len();
            rotation = Rotation::new(4, None);
        }
        let players: Vec<String> = TABLES[table].iter().map(|s| s.to_string()).collect();
        let written = rng.chance(40);
        let dealer = if written {
            rng.below(4)
        } else {
            rotation.next_dealer()
        };
        let mut record = match random_redeal(&profile, &players, dealer, number, &mut rng) {
            Some(r) if rng.chance(10) => r,
            _ if rng.chance(10) => {
                random_compulsory_solo(&profile, &players, dealer, number, &mut rng)
            }
            _ => random_deal(&profile, &players, dealer, number, &mut rng),
        };
        record.dealer_written = written;
        rotation.deal(
            written.then_some(dealer),
            (record.contract, record.compulsory, false),
            &profile,
        );
        let mut row = CsvWriter::rows_only(Vec::new());
        row.write(&record).unwrap();
        let mut row = row.into_inner().unwrap();
        let mut line = Vec::new();
        write_jsonl(&mut line, &record).unwrap();
        // One row past the first batch is always bad (three players), so that every
        // archive has an error to pass across threads; the others are spoiled at random,
        // and some of those spoils are odd but good.
        if number == BATCH + 1 {
            spoil(&mut row, &mut line, 2);
        } else if rng.below(bad_in) == 0 {
            let kind = rng.below(6);
            spoil(&mut row, &mut line, kind);
        }
        csv.extend_from_slice(&row);
        jsonl.extend_from_slice(&line);
        if rng.chance(2) {
            csv.extend_from_slice(b"  \n");
            jsonl.extend_from_slice(b"\n");
        }
    }
    (csv, jsonl)
}

/// Makes a row bad, or odd but good, by `kind`: 0 a card that is none, 1 a player who is
/// not at the table, 2 three players (always bad), 3 bytes that are not UTF-8, 4 a cut
/// JSON line and a quoted CSV field with a line break, 5 a quoted CSV field.
fn spoil(row: &mut Vec<u8>, line: &mut Vec<u8>, kind: usize) {
    let replace = |v: &mut Vec<u8>, from: &[u8], to: &[u8]| {
        if let Some(i) = v.windows(from.len()).position(|w| w == from) {
            v.splice(i..i + from.len(), to.iter().copied());
        }
    };
    match kind {
        0 => {
            replace(row, b"CQ", b"CX");
            replace(line, b"CQ", b"CX");
        }
        1 => {
            replace(row, b"Ben", b"Zed");
            replace(line, b"\"Ben\"", b"\"Zed\"");
        }
        2 => {
            replace(row, b" Dirk,", b",");
            replace(row, b" Hans,", b",");
            replace(line, b",\"Dirk\"]", b"]");
            replace(line, b",\"Hans\"]", b"]");
        }
        3 => {
            replace(row, b"normal", b"norm\xffal");
            replace(line, b"normal", b"norm\xffal");
        }
        4 => {
            line.truncate(line.len() / 2);
            line.push(b'\n');
            replace(row, b",normal,", b",\"nor\nmal\",");
        }
        _ => replace(row, b",normal,", b",\"normal\","),
    }
}

/// Each deal as the caller sees it, as text; stops after `stop_at` deals, if given.
fn play(text: &[u8], format: ArchiveFormat, jobs: usize, stop_at: Option<usize>) -> Vec<String> {
    let profiles: Vec<Profile> = ["ddv", "ja-online", "house-solos"]
        .iter()
        .map(|p| Profile::load(p, &[]).unwrap())
        .collect();
    let reader = ArchiveReader::new("a", format, text).unwrap();
    let mut seen = Vec::new();
    let flow = play_all(
        reader,
        &profiles,
        (NonZeroUsize::new(jobs).unwrap(), true),
        |deal| {
            seen.push(match deal {
                Ok(d) => format!(
                    "{} {} {} {:?} {:?}",
                    d.line, d.number, d.new_table, d.players, d.outcomes
                ),
                Err(e) => format!("error {e}"),
            });
            match stop_at {
                Some(n) if seen.len() == n => ControlFlow::Break(n),
                _ => ControlFlow::Continue(()),
            }
        },
    );
    if let Some(n) = stop_at {
        assert_eq!(flow, ControlFlow::Break(n), "{jobs} jobs");
    }
    seen
}

/// Where two lists of deals part: the first deal that differs, or the lengths.
fn first_difference(got: &[String], want: &[String]) -> Option<String> {
    match got.iter().zip(want).position(|(a, b)| a != b) {
        Some(i) => Some(format!("deal {i}: {} instead of {}", got[i], want[i])),
        None if got.len() != want.len() => {
            Some(format!("{} deals instead of {}", got.len(), want.len()))
        }
        None => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn every_number_of_jobs_gives_the_same_deals(
        seed in any::<u64>(),
        deals in (2 * BATCH)..(5 * BATCH),
        bad_in in 3usize..40,
    ) {
        let (csv, jsonl) = archive(seed, deals, bad_in);
        for (text, format) in [(&csv, ArchiveFormat::Csv), (&jsonl, ArchiveFormat::Jsonl)] {
            let one = play(text, format, 1, None);
            prop_assert!(one.len() >= deals, "{} of {deals}", one.len());
            prop_assert!(one.iter().any(|d| d.starts_with("error")));
            // A new table after the first deal: `<line> <number> true ...` with number > 1.
            let new_table_later = one.iter().any(|d| {
                let mut f = d.split(' ');
                let number = f.nth(1).and_then(|n| n.parse::<usize>().ok());
                number.is_some_and(|n| n > 1) && f.next() == Some("true")
            });
            prop_assert!(new_table_later);
            for jobs in [2, 3, 5] {
                let many = play(text, format, jobs, None);
                prop_assert_eq!(first_difference(&many, &one), None, "{:?}, {} jobs", format, jobs);
            }
        }
    }
}

/// The caller may stop the loop at any deal: every number of jobs stops there, with
/// the same deals before it, and returns what the caller stopped with.
#[test]
fn the_caller_stops_the_loop_at_the_same_deal_with_any_number_of_jobs() {
    let (csv, _) = archive(7, 3 * BATCH, 10);
    let all = play(&csv, ArchiveFormat::Csv, 1, None);
    for stop_at in [1, BATCH - 1, BATCH, BATCH + 1, 2 * BATCH + 17] {
        for jobs in [1, 2, 4] {
            let seen = play(&csv, ArchiveFormat::Csv, jobs, Some(stop_at));
            let diff = first_difference(&seen, &all[..stop_at]);
            assert_eq!(diff, None, "stop at {stop_at}, {jobs} jobs");
        }
    }
}
