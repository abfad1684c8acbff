//! One rulebook (issue 49): a paper sheet is checked by the same facts of the profile as a
//! full record, so that a sheet row and the record of the same deal never disagree.

use doko::Party;
use doko::deal::DealFacts;
use doko::engine::{Document, InputFormat};
use doko::scoring::score_deal;
use doko::variant::Profile;

const HEADER: &str = "deal,game,A,B,C,D,re_points,re_tricks,kontra_tricks,re_calls,kontra_calls,\
                      re_extras,kontra_extras,compulsory,knock";

/// The deals of a sheet's text under `profile`, each facts or an error's text.
fn sheet_deals(text: &str, profile: &Profile) -> Vec<Result<DealFacts, String>> {
    let doc = Document::from_text("sheet.csv", InputFormat::Csv, text);
    let input = doc.open().unwrap_or_else(|e| panic!("{e}\n{text}"));
    input
        .deals(profile)
        .map(|d| d.map_err(|e| e.to_string()))
        .collect()
}

fn ddv(sets: &[(&str, &str)]) -> Profile {
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Profile::load("ddv", &sets).unwrap()
}

/// The sheet row that states `facts` (what a table writes down after the deal).
fn sheet_row(facts: &DealFacts) -> String {
    let words = |e: &[doko::Extra]| {
        e.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut row = vec![facts.number.to_string(), facts.contract.to_string()];
    row.extend(facts.roles.iter().map(|r| match r.party() {
        Some(Party::Re) => "re".to_string(),
        Some(Party::Kontra) => "kontra".to_string(),
        None => String::new(),
    }));
    let t = |t: Option<u8>| t.map(|t| t.to_string()).unwrap_or_default();
    let redeal = facts.contract == doko::Contract::Redeal;
    row.extend([
        if redeal {
            String::new()
        } else {
            facts.re_eyes.to_string()
        },
        t(facts.re_tricks),
        t(facts.kontra_tricks),
        facts.re_calls.paper_cell(Party::Re),
        facts.kontra_calls.paper_cell(Party::Kontra),
        words(&facts.re_extras),
        words(&facts.kontra_extras),
        if facts.compulsory { "yes" } else { "" }.to_string(),
        facts.knock.map(|k| k.key().to_string()).unwrap_or_default(),
    ]);
    row.join(",")
}

/// Under `extras.doppelkopf_eyes = 50`, Re's 45 eyes cannot hold a Doppelkopf: the sheet
/// row is refused, as no full record could show one (no trick of four cards holds 50
/// eyes, so no Doppelkopf at all; at 42, one needs 42 eyes). Under `two-pairs`, a
/// Doppelkopf of two pairs of nines is worth no eyes: Re at 20 eyes may have one, and the
/// row is scored.
#[test]
fn a_sheet_doppelkopf_is_held_to_the_profiles_definition() {
    let row = |eyes: u16| format!("{HEADER}\n1,,re,kontra,re,kontra,{eyes},,,,,doppelkopf,,,\n");
    let fifty = ddv(&[("extras.doppelkopf_eyes", "50")]);
    for eyes in [45, 60] {
        let e = sheet_deals(&row(eyes), &fifty).remove(0).unwrap_err();
        assert!(
            e.contains("field `re_extras`") && e.contains("a deal has at most 0"),
            "{e}"
        );
    }
    let forty_two = ddv(&[("extras.doppelkopf_eyes", "42")]);
    let e = sheet_deals(&row(41), &forty_two).remove(0).unwrap_err();
    assert!(e.contains("at least 42 eyes"), "{e}");
    assert!(sheet_deals(&row(42), &forty_two).remove(0).is_ok());
    let pairs = ddv(&[("extras.doppelkopf_kind", "\"two-pairs\"")]);
    let f = sheet_deals(&row(20), &pairs).remove(0).unwrap();
    assert_eq!(f.re_extras, [doko::Extra::Doppelkopf]);
    // Under the DDV's own 40 eyes the same row is refused.
    let e = sheet_deals(&row(20), &ddv(&[])).remove(0).unwrap_err();
    assert!(e.contains("at least 40 eyes"), "{e}");
}

/// Random deals played in full and written as sheet rows score alike, under the DDV rules
/// and under both Doppelkopf settings: the sheet is checked by the facts the play found.
#[test]
fn each_random_deal_scores_alike_as_a_sheet_row_and_as_its_full_record() {
    let settings: [&[(&str, &str)]; 4] = [
        &[],
        &[("extras.doppelkopf_eyes", "42")],
        &[("extras.doppelkopf_eyes", "50")],
        &[("extras.doppelkopf_kind", "\"two-pairs\"")],
    ];
    for sets in settings {
        let profile = ddv(sets);
        let players: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        let deals = doko::game::generate::Deals::new(&profile, players, 49).unwrap();
        let mut doppelkopf = 0;
        for record in deals.take(1000) {
            let facts = doko::game::play(&record, &profile)
                .unwrap_or_else(|e| panic!("{sets:?} deal {}: {e:?}", record.number));
            doppelkopf += facts
                .re_extras
                .iter()
                .chain(&facts.kontra_extras)
                .filter(|e| **e == doko::Extra::Doppelkopf)
                .count();
            let text = format!("{HEADER}\n{}\n", sheet_row(&facts));
            let from_sheet = sheet_deals(&text, &profile)
                .remove(0)
                .unwrap_or_else(|e| panic!("{sets:?}: {e}\n{text}"));
            let (a, b) = (
                score_deal(&facts, &profile),
                score_deal(&from_sheet, &profile),
            );
            assert_eq!(a.scores, b.scores, "{sets:?}\n{text}");
        }
        // No trick of four cards holds 50 eyes.
        let fifty = sets.first().is_some_and(|(_, v)| *v == "50");
        assert_eq!(doppelkopf == 0, fifty, "{sets:?}: {doppelkopf} Doppelkopf");
    }
}

/// Issue 64, acceptance 3: under Kloepper with only the normal game, a lone holder of both
/// black queens can neither marry nor play a silent solo: she calls an ace, or the hands
/// are dealt again. The generator wrote such hands as normal games the check refuses
/// (2,214 of 20,000).
#[test]
fn kloepper_with_only_the_normal_game_generates_deals_the_check_accepts() {
    let sets = [("contracts.allowed".to_string(), r#"["normal"]"#.to_string())];
    let profile = Profile::load("kloepper", &sets).unwrap();
    let players: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    let deals = doko::game::generate::Deals::new(&profile, players, 64).unwrap();
    let mut called = 0;
    for record in deals.take(3000) {
        doko::game::play(&record, &profile)
            .unwrap_or_else(|e| panic!("deal {}: {e:?}", record.number));
        called += usize::from(record.called.is_some());
    }
    // A lone bride comes in about one deal in seven; every one of them calls.
    assert!(called > 100, "{called} aces called");
}
