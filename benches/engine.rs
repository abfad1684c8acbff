//! Throughput of the engine's steps on generated deals: reading archive rows, playing a
//! deal through, scoring it, and the whole `score --summary` pipeline.
//! Run with `cargo bench --bench engine`; `benches/archive.sh` times the binary on a
//! 1,000,000-deal archive.

use divan::{Bencher, black_box};
use doko::deal::archive::{ArchiveFormat, ArchiveReader, CsvWriter};
use doko::deal::full::FullRecord;
use doko::game::generate::{Rng, random_deal};
use doko::game::play;
use doko::scoring::{Session, Summary, score_deal_brief};
use doko::variant::Profile;

const DEALS: usize = 1000;

fn main() {
    divan::main();
}

fn profile() -> Profile {
    Profile::load("ddv", &[]).unwrap()
}

fn records(p: &Profile) -> Vec<FullRecord> {
    let players: Vec<String> = ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec();
    let mut rng = Rng::new(7);
    (0..DEALS)
        .map(|i| random_deal(p, &players, (3 + i) % 4, i + 1, &mut rng))
        .collect()
}

fn archive(p: &Profile) -> Vec<u8> {
    let mut out = CsvWriter::new(Vec::new()).unwrap();
    for r in records(p) {
        out.write(&r).unwrap();
    }
    out.into_inner().unwrap()
}

/// Reading 1000 archive rows into one reused record.
#[divan::bench]
fn read_archive_rows(bencher: Bencher) {
    let data = archive(&profile());
    bencher
        .counter(divan::counter::ItemsCount::new(DEALS))
        .bench(|| {
            let mut reader =
                ArchiveReader::new("bench.csv", ArchiveFormat::Csv, data.as_slice()).unwrap();
            let mut record = FullRecord::default();
            let mut n = 0;
            while let Some((_, r)) = reader.read_into(&mut record) {
                n += r.is_ok() as usize;
            }
            black_box(n)
        });
}

/// Playing 1000 deals through as an archive row gives them (no hands written): leaders,
/// following suit, winners, parties, extras, calls.
#[divan::bench]
fn play_deals(bencher: Bencher) {
    play_all(bencher, false);
}

/// Playing 1000 deals whose hands are written: every card is also checked against its hand.
#[divan::bench]
fn play_deals_with_hands(bencher: Bencher) {
    play_all(bencher, true);
}

fn play_all(bencher: Bencher, with_hands: bool) {
    let p = profile();
    let mut recs = records(&p);
    if !with_hands {
        recs.iter_mut().for_each(|r| r.hands.clear());
    }
    bencher
        .counter(divan::counter::ItemsCount::new(DEALS))
        .bench(|| {
            for r in &recs {
                black_box(play(r, &p).unwrap());
            }
        });
}

/// Scoring 1000 deals whose facts are known.
#[divan::bench]
fn score_deals(bencher: Bencher) {
    let p = profile();
    let facts: Vec<_> = records(&p).iter().map(|r| play(r, &p).unwrap()).collect();
    bencher
        .counter(divan::counter::ItemsCount::new(DEALS))
        .bench(|| {
            for f in &facts {
                black_box(score_deal_brief(f, &p));
            }
        });
}

/// The `score --summary` pipeline over 1000 archive rows.
#[divan::bench]
fn summary_pipeline(bencher: Bencher) {
    let p = profile();
    let data = archive(&p);
    bencher
        .counter(divan::counter::ItemsCount::new(DEALS))
        .bench(|| {
            let mut reader =
                ArchiveReader::new("bench.csv", ArchiveFormat::Csv, data.as_slice()).unwrap();
            let mut record = FullRecord::default();
            let mut session = Session::brief(Vec::new());
            let mut summary = Summary::default();
            while let Some((_, r)) = reader.read_into(&mut record) {
                r.unwrap();
                if session.players != record.players {
                    session = Session::brief(record.players.clone());
                }
                let result = session.score_owned(play(&record, &p).unwrap(), &p);
                summary.add(&record.players, &result);
            }
            black_box(summary.deals)
        });
}
