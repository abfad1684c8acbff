//! Runs every sheet in `tests/sessions/*.toml`: a sequence of deals (record syntax) and the
//! multiplier of each deal and the totals it must end with. Adding a sheet needs no Rust.

mod common;

use doko::PlayDeals;
use doko::deal::records::RecordFile;
use doko::scoring::Session;
use doko::variant::Profile;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionCase {
    name: String,
    profile: String,
    #[serde(default)]
    set: Vec<String>,
    players: Vec<String>,
    deal: Vec<toml::Table>,
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    multipliers: Vec<u32>,
    totals: Vec<i64>,
    #[serde(default)]
    bock_left: Option<Vec<u32>>,
}

fn run(case: &SessionCase) -> Vec<String> {
    let sets: Vec<(String, String)> = case
        .set
        .iter()
        .map(|s| {
            let (k, v) = s.split_once('=').expect("KEY=VALUE");
            (k.to_string(), v.to_string())
        })
        .collect();
    let profile =
        Profile::load(&case.profile, &sets).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut file = toml::Table::new();
    file.insert(
        "players".into(),
        toml::Value::Array(
            case.players
                .iter()
                .cloned()
                .map(toml::Value::String)
                .collect(),
        ),
    );
    file.insert(
        "deal".into(),
        toml::Value::Array(case.deal.iter().cloned().map(toml::Value::Table).collect()),
    );
    let text = toml::to_string(&file).expect("serialises");
    let records =
        RecordFile::parse("session.toml", &text).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut session = Session::new(case.players.clone());
    let mut multipliers = Vec::new();
    let mut left = Vec::new();
    for deal in records.deals(&profile) {
        let facts = deal.unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let (r, _) = session.score(&facts, &profile);
        multipliers.push(r.multiplier);
        left.push(session.bock_deals_left(&profile));
    }
    let mut diffs = Vec::new();
    if multipliers != case.expect.multipliers {
        diffs.push(format!(
            "multipliers: got {multipliers:?}, want {:?}",
            case.expect.multipliers
        ));
    }
    if session.totals != case.expect.totals {
        diffs.push(format!(
            "totals: got {:?}, want {:?}",
            session.totals, case.expect.totals
        ));
    }
    if let Some(want) = &case.expect.bock_left
        && &left != want
    {
        diffs.push(format!("Bock deals left: got {left:?}, want {want:?}"));
    }
    diffs
}

#[test]
fn every_session_file_passes() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &common::toml_files("sessions") {
        let text = std::fs::read_to_string(path).expect("readable");
        let case: SessionCase =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        count += 1;
        let diffs = run(&case);
        if !diffs.is_empty() {
            failures.push(format!(
                "{}: {}\n    {}",
                path.display(),
                case.name,
                diffs.join("\n    ")
            ));
        }
    }
    assert!(count >= 3, "only {count} session files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
