//! Scripted league sheets (`tests/leagues/*.toml`): `league new`, then each `league add`
//! with what must hold after it, then the final standings. Each sheet is also scored
//! afresh with `doko score` and must agree. Adding a script needs no Rust.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    name: String,
    new: Vec<String>,
    #[serde(default)]
    add: Vec<Add>,
    expect: Final,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Add {
    /// `league add`'s arguments.
    #[serde(default)]
    args: Vec<String>,
    /// `league penalty`'s arguments instead: the player, `--points`, `--note`.
    penalty: Option<Vec<String>>,
    /// `league undo` instead: takes back the last entry.
    #[serde(default)]
    undo: bool,
    /// `league edit` of this deal instead, with `args`.
    edit: Option<usize>,
    /// The totals after the step.
    totals: Option<BTreeMap<String, i64>>,
    /// The add must be refused with a message containing this.
    refused: Option<String>,
    dealer: Option<String>,
    sits_out: Option<String>,
    /// Everyone who sits out the next deal, the dealer first (tables of six and seven).
    sitting_out: Option<Vec<String>>,
    multiplier: Option<u32>,
    bock_left: Option<u32>,
    owe_solo: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Final {
    totals: BTreeMap<String, i64>,
    complete: bool,
    #[serde(default)]
    ranking: Vec<String>,
}

fn doko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_doko"))
        .args(args)
        .output()
        .expect("doko runs")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// The command of one step: `league add` with its arguments, or `penalty`, `undo`, `edit`.
fn step_args<'a>(add: &'a Add, sheet: &'a str, number: Option<&'a str>) -> Vec<&'a str> {
    let mut args = vec!["league", "add", sheet];
    if let Some(penalty) = &add.penalty {
        args = vec!["league", "penalty", sheet];
        args.extend(penalty.iter().map(String::as_str));
        return args;
    }
    if add.undo {
        return vec!["league", "undo", sheet];
    }
    if let Some(n) = number {
        args = vec!["league", "edit", sheet, n];
    }
    args.extend(add.args.iter().map(String::as_str));
    args
}

fn run(script: &Script, dir: &Path) -> Vec<String> {
    let sheet: PathBuf = dir.join("sheet.toml");
    let sheet_s = sheet.to_str().unwrap();
    let mut new = vec!["league", "new", sheet_s];
    new.extend(script.new.iter().map(String::as_str));
    let out = doko(&new);
    assert!(
        out.status.success(),
        "{}: new: {}",
        script.name,
        String::from_utf8_lossy(&out.stderr)
    );
    let mut diffs = Vec::new();
    for (i, add) in script.add.iter().enumerate() {
        let before = std::fs::read(&sheet).unwrap();
        let number = add.edit.map(|n| n.to_string());
        let args = step_args(add, sheet_s, number.as_deref());
        let out = doko(&args);
        let what = format!("{} {} ({})", args[1], i + 1, args[3..].join(" "));
        let want_totals = add.totals.clone();
        match &add.refused {
            Some(msg) => {
                let err = String::from_utf8_lossy(&out.stderr);
                if out.status.code() != Some(1) || !err.contains(msg.as_str()) {
                    diffs.push(format!(
                        "{what}: expected exit 1 with `{msg}`, got {:?}: {err}",
                        out.status.code()
                    ));
                }
                if std::fs::read(&sheet).unwrap() != before {
                    diffs.push(format!("{what}: a refused add changed the file"));
                }
                continue;
            }
            None if !out.status.success() => {
                diffs.push(format!(
                    "{what}: refused: {}",
                    String::from_utf8_lossy(&out.stderr)
                ));
                continue;
            }
            None => {}
        }
        let show = json(&doko(&["league", "show", sheet_s, "--format", "json"]));
        if let Some(want) = want_totals {
            let got: BTreeMap<String, i64> = show["totals"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
                .collect();
            if got != want {
                diffs.push(format!("{what}: totals {got:?}, want {want:?}"));
            }
        }
        let next = &show["next"];
        let mut check = |field: &str, got: Value, want: Value| {
            if got != want {
                diffs.push(format!("{what}: next {field}: got {got}, want {want}"));
            }
        };
        if let Some(d) = &add.dealer {
            check("dealer", next["dealer"].clone(), Value::from(d.as_str()));
        }
        if let Some(o) = &add.sits_out {
            check(
                "sits_out",
                next["sits_out"].clone(),
                Value::from(o.as_str()),
            );
        }
        if let Some(o) = &add.sitting_out {
            check(
                "sitting_out",
                next["sitting_out"].clone(),
                Value::from(o.clone()),
            );
        }
        if let Some(m) = add.multiplier {
            check("multiplier", next["multiplier"].clone(), Value::from(m));
        }
        if let Some(b) = add.bock_left {
            check(
                "bock_deals_left",
                next["bock_deals_left"].clone(),
                Value::from(b),
            );
        }
        if let Some(o) = &add.owe_solo {
            check("owe_solo", next["owe_solo"].clone(), Value::from(o.clone()));
        }
    }
    diffs.extend(check_end(script, sheet_s));
    diffs
}

/// The sheet at the end of a script: totals, completeness, ranking, and `doko score`
/// agreeing with `league show`.
fn check_end(script: &Script, sheet_s: &str) -> Vec<String> {
    let mut diffs = Vec::new();
    let show = json(&doko(&["league", "show", sheet_s, "--format", "json"]));
    let totals: BTreeMap<String, i64> = show["totals"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
        .collect();
    if totals != script.expect.totals {
        diffs.push(format!(
            "totals: got {totals:?}, want {:?}",
            script.expect.totals
        ));
    }
    if show["complete"] != script.expect.complete {
        diffs.push(format!("complete: got {}", show["complete"]));
    }
    if !script.expect.ranking.is_empty() {
        let ranking: Vec<String> = show["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["player"].as_str().unwrap().to_string())
            .collect();
        if ranking != script.expect.ranking {
            diffs.push(format!(
                "ranking: got {ranking:?}, want {:?}",
                script.expect.ranking
            ));
        }
    }
    // A fresh computation of the same file agrees.
    let fresh = json(&doko(&["score", sheet_s, "--format", "json"]));
    if fresh["totals"] != show["totals"] {
        diffs.push(format!(
            "doko score says {} but league show says {}",
            fresh["totals"], show["totals"]
        ));
    }
    diffs.extend(paper_round_trip(sheet_s, &show));
    diffs
}

/// The sheet written as a paper sheet (`league show --format paper`) and read back by
/// `score` (under the sheet's rules) and `stats` gives the same totals; so does `stats` of
/// the sheet itself, and `settle` balances the totals.
fn paper_round_trip(sheet_s: &str, show: &Value) -> Vec<String> {
    let mut diffs = Vec::new();
    let out = doko(&["league", "show", sheet_s, "--format", "paper"]);
    if !out.status.success() {
        return vec![format!("paper: {}", String::from_utf8_lossy(&out.stderr))];
    }
    let sheet = Path::new(sheet_s);
    let paper = sheet.with_extension("csv");
    std::fs::write(&paper, &out.stdout).unwrap();
    let paper_s = paper.to_str().unwrap();
    let stored: toml::Table = toml::from_str(&std::fs::read_to_string(sheet).unwrap()).unwrap();
    let variant = stored["variant"].as_str().unwrap();
    let variant = if variant.ends_with(".toml") {
        sheet.parent().unwrap().join(variant).display().to_string()
    } else {
        variant.to_string()
    };
    let mut args = vec!["score", paper_s, "--format", "json", "--variant", &variant];
    let sets: Vec<String> = stored
        .get("set")
        .and_then(|s| s.as_array())
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    for s in &sets {
        args.extend(["--set", s]);
    }
    let read = doko(&args);
    if !read.status.success() {
        return vec![format!(
            "score of the paper sheet: {}\n{}",
            String::from_utf8_lossy(&read.stderr),
            String::from_utf8_lossy(&out.stdout)
        )];
    }
    let read: Value = serde_json::from_slice(&read.stdout).unwrap();
    if read["totals"] != show["totals"] {
        diffs.push(format!(
            "the paper sheet scores {} but the sheet {}\n{}",
            read["totals"],
            show["totals"],
            String::from_utf8_lossy(&out.stdout)
        ));
    }
    let season = json(&doko(&["stats", sheet_s, "--format", "json"]));
    for p in season["players"].as_array().unwrap() {
        let name = p["player"].as_str().unwrap();
        if p["points"] != show["totals"][name] {
            diffs.push(format!(
                "stats: {name} {} but {}",
                p["points"], show["totals"][name]
            ));
        }
    }
    let settled = json(&doko(&[
        "league",
        "settle",
        sheet_s,
        "--cents-per-point",
        "10",
        "--format",
        "json",
    ]));
    // Balances sum to 0 (Kloepper's settle pays by its own rule, not points x cents).
    let balances = settled["balances"].as_object().unwrap();
    if balances.values().map(|c| c.as_i64().unwrap()).sum::<i64>() != 0 {
        diffs.push(format!("settle: {settled}"));
    }
    diffs
}

#[test]
fn every_league_script_passes() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &common::toml_files("leagues") {
        let script: Script = toml::from_str(&std::fs::read_to_string(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let scratch = tempfile::tempdir().unwrap();
        let tmp = scratch.path();
        count += 1;
        let diffs = run(&script, tmp);
        if !diffs.is_empty() {
            failures.push(format!(
                "{}: {}\n    {}",
                path.display(),
                script.name,
                diffs.join("\n    ")
            ));
        }
    }
    assert!(count >= 4, "only {count} scripts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
