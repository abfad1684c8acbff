//! Runs every case in `tests/cases/*.toml`: one deal in record syntax and what it must
//! score (or the error it must give). Adding a case needs no Rust.
//!
//! Each case is a record file of one deal whose `variant` is the case's profile and whose
//! `set` its overrides (`variant_line = false`: the file names no profile), and the profile
//! is chosen as `doko score` chooses it ([`doko::engine::choose_profile`]).

mod common;

use std::collections::BTreeMap;

use doko::Party;
use doko::PlayDeals;
use doko::deal::DealFacts;
use doko::deal::records::RecordFile;
use doko::scoring::score_deal;
use doko::variant::Profile;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    profile: String,
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    /// Overrides the file's profile for this case.
    profile: Option<String>,
    players: Option<Vec<String>>,
    #[serde(default)]
    set: Vec<String>,
    /// The file names its profile (`variant = ...`); false: it does not.
    variant_line: Option<bool>,
    deal: toml::Table,
    expect: Expect,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    error: Option<String>,
    winner: Option<String>,
    re_value: Option<i32>,
    scores: Option<Vec<i64>>,
    items: Option<Vec<String>>,
    contract: Option<String>,
    re: Option<Vec<String>>,
    eyes: Option<[u16; 2]>,
    tricks: Option<[u8; 2]>,
    re_extras: Option<Vec<String>>,
    kontra_extras: Option<Vec<String>>,
    /// Who deals the deal after this one (the same dealer again, or the next).
    next_dealer: Option<String>,
    /// The Bock triggers the deal starts, as `bock.triggers` names them.
    bock: Option<Vec<String>>,
}

/// Runs one case; returns what differs from the expectation.
fn run(profile_name: &str, case: &Case) -> Vec<String> {
    for s in &case.set {
        assert!(s.contains('='), "{}: set entries are KEY=VALUE", case.name);
    }
    let players = case
        .players
        .clone()
        .unwrap_or_else(|| ["A", "B", "C", "D"].map(String::from).to_vec());
    let mut file = toml::Table::new();
    if case.variant_line != Some(false) {
        file.insert("variant".into(), toml::Value::String(profile_name.into()));
    }
    if !case.set.is_empty() {
        let sets = case.set.iter().cloned().map(toml::Value::String).collect();
        file.insert("set".into(), toml::Value::Array(sets));
    }
    file.insert(
        "players".into(),
        toml::Value::Array(
            players
                .iter()
                .map(|p| toml::Value::String(p.clone()))
                .collect(),
        ),
    );
    file.insert(
        "deal".into(),
        toml::Value::Array(vec![toml::Value::Table(case.deal.clone())]),
    );
    let text = toml::to_string(&file).expect("case serialises");
    let mut diffs = Vec::new();
    let parsed = RecordFile::parse("case.toml", &text).map_err(|e| e.to_string());
    let profile = profile_of(parsed.as_ref().expect("a case parses"), &case.name);
    let mut next_dealer = None;
    let result = parsed.and_then(|f| {
        let mut deals = f.deals(&profile);
        let deal = deals.next().expect("one deal");
        next_dealer = Some(players[deals.series().next(None).dealer].clone());
        deal.map_err(|e| e.to_string())
    });
    let x = &case.expect;
    if let (Some(want), Some(got)) = (&x.next_dealer, &next_dealer)
        && want != got
    {
        diffs.push(format!("next_dealer: got {got}, want {want}"));
    }
    let facts = match (result, &x.error) {
        (Err(e), Some(want)) => {
            if !e.contains(want.as_str()) {
                diffs.push(format!("error `{e}` does not contain `{want}`"));
            }
            return diffs;
        }
        (Err(e), None) => return vec![format!("unexpected error: {e}")],
        (Ok(_), Some(want)) => {
            return vec![format!(
                "expected an error containing `{want}`, got a valid deal"
            )];
        }
        (Ok(f), None) => f,
    };
    diffs.extend(compare(&facts, &profile, &players, x));
    if let Some(want) = &x.bock {
        let mut session = doko::scoring::Session::new(players.clone());
        let (r, _) = session.score(&facts, &profile);
        let got: Vec<&str> = r.bock_started.iter().map(|t| t.key()).collect();
        if &got != want {
            diffs.push(format!("bock: got {got:?}, want {want:?}"));
        }
    }
    diffs
}

/// The profile of a case's file, chosen as `doko score` chooses it (no `--variant`).
fn profile_of(file: &RecordFile, case: &str) -> Profile {
    let choice = doko::engine::Choice {
        variant: None,
        sets: &[],
        role: doko::engine::FlagRole::Overrides,
    };
    let named = doko::engine::Named {
        name: file.variant.as_deref(),
        sets: &file.sets,
        file: "case.toml",
    };
    doko::engine::choose_profile(&choice, &[named])
        .unwrap_or_else(|e| panic!("{case}: profile: {e}"))
}

/// What the deal's facts and score give that the expectation does not.
fn compare(facts: &DealFacts, profile: &Profile, players: &[String], x: &Expect) -> Vec<String> {
    let mut diffs = Vec::new();
    let r = score_deal(facts, profile);
    let mut check = |what: &str, got: String, want: String| {
        if got != want {
            diffs.push(format!("{what}: got {got}, want {want}"));
        }
    };
    if let Some(w) = &x.winner {
        check(
            "winner",
            r.winner.map_or("none", Party::key).to_string(),
            w.clone(),
        );
    }
    if let Some(v) = x.re_value {
        check("re_value", r.re_value.to_string(), v.to_string());
    }
    if let Some(s) = &x.scores {
        check("scores", format!("{:?}", r.scores), format!("{s:?}"));
    }
    if let Some(items) = &x.items {
        let got: Vec<String> = r
            .items
            .iter()
            .filter(|i| i.scored)
            .map(|i| format!("{}:{}:{}", i.party.key(), i.item, i.points))
            .collect();
        check("items", format!("{got:?}"), format!("{items:?}"));
    }
    if let Some(c) = &x.contract {
        check("contract", facts.contract.to_string(), c.clone());
    }
    if let Some(re) = &x.re {
        let got: Vec<&String> = facts.members(Party::Re).map(|i| &players[i]).collect();
        check("re", format!("{got:?}"), format!("{re:?}"));
    }
    if let Some(e) = x.eyes {
        check(
            "eyes",
            format!("{:?}", [facts.re_eyes, facts.kontra_eyes]),
            format!("{e:?}"),
        );
    }
    if let Some(t) = x.tricks {
        check(
            "tricks",
            format!("{:?}", [facts.re_tricks, facts.kontra_tricks]),
            format!("{:?}", t.map(Some)),
        );
    }
    for (party, want) in [(Party::Re, &x.re_extras), (Party::Kontra, &x.kontra_extras)] {
        if let Some(want) = want {
            let mut got: Vec<String> = facts.extras(party).iter().map(|e| e.to_string()).collect();
            got.sort();
            let mut want = want.clone();
            want.sort();
            check(
                &format!("{}_extras", party.key()),
                format!("{got:?}"),
                format!("{want:?}"),
            );
        }
    }
    diffs
}

#[test]
fn every_case_file_passes() {
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut count = 0;
    for path in &common::toml_files("cases") {
        let text = std::fs::read_to_string(path).expect("readable case file");
        let cases: CaseFile =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!cases.case.is_empty(), "{} has no cases", path.display());
        for case in &cases.case {
            count += 1;
            let diffs = run(case.profile.as_deref().unwrap_or(&cases.profile), case);
            if !diffs.is_empty() {
                failures.insert(
                    format!(
                        "{}: {}",
                        path.file_name().unwrap().to_string_lossy(),
                        case.name
                    ),
                    diffs,
                );
            }
        }
    }
    assert!(count >= 50, "only {count} cases found");
    if !failures.is_empty() {
        let report: Vec<String> = failures
            .iter()
            .map(|(k, v)| format!("{k}\n    {}", v.join("\n    ")))
            .collect();
        panic!(
            "{} of {count} cases failed:\n{}",
            failures.len(),
            report.join("\n")
        );
    }
}
