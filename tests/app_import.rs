//! Issue 66: what the web app imports and shares, through the library it calls: a paper
//! sheet becomes a league sheet that scores as `doko score` scores the paper; a sheet
//! under a club's profile file reads with the file held in memory; two texts of one sheet
//! say which deals differ; the money of a sheet is `league settle`'s.

mod common;

use doko::engine::import::{differing, league_of_paper, missing_profile};
use doko::engine::page::{Call, SettleAsk, answer};
use doko::lang::Lang;

fn totals(json: &serde_json::Value, players: &[String]) -> Vec<i64> {
    players
        .iter()
        .map(|p| json["totals"][p].as_i64().expect("a total"))
        .collect()
}

#[test]
fn paper_sheets_become_league_sheets_with_the_same_totals() {
    let dir = tempfile::tempdir().unwrap();
    for (csv, variant) in [
        ("examples/evening.csv", "ddv"),
        ("examples/kloepper.csv", "kloepper"),
    ] {
        let text = std::fs::read_to_string(csv).unwrap();
        let sheet = league_of_paper(csv, &text, variant, "abend")
            .unwrap_or_else(|e| panic!("{csv} under {variant}: {e:?}"));
        let lg = doko::league::evaluate("abend.toml", &sheet, None).unwrap();
        let paper = common::json(&common::doko(&[
            "score",
            csv,
            "--variant",
            variant,
            "--format",
            "json",
        ]));
        assert_eq!(
            lg.session.totals,
            totals(&paper, &lg.players),
            "{csv} {variant}"
        );
        assert_eq!(
            lg.rows.len(),
            paper["deals"].as_array().unwrap().len(),
            "{csv}"
        );
        // The command reads the sheet the app keeps, and shows the same totals.
        let path = dir.path().join("abend.toml");
        std::fs::write(&path, &sheet).unwrap();
        let shown = common::json(&common::doko(&[
            "league",
            "show",
            path.to_str().unwrap(),
            "--format",
            "json",
        ]));
        assert_eq!(shown["totals"], paper["totals"], "{csv} {variant}");
    }
}

/// A paper sheet whose dealers a league sheet cannot follow (a first solo that the DDV's
/// series counts as the compulsory one, after which the same player deals again) is
/// refused at that deal, said of the paper sheet.
#[test]
fn a_paper_sheet_a_league_cannot_hold_is_refused_at_its_deal() {
    let text = std::fs::read_to_string("examples/five-players.csv").unwrap();
    let errors = league_of_paper("five-players.csv", &text, "ddv", "five").unwrap_err();
    let first = errors[0].render(Lang::En);
    assert!(first.starts_with("five-players.csv: deal 4"), "{first}");
    assert!(first.contains("cannot hold this deal"), "{first}");
    // Without its dealer column, its first dealer is the player who sits out.
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut cells: Vec<&str> = l.split(',').collect();
            cells.remove(2);
            cells.join(",").replace("solo-jacks", "normal")
        })
        .collect();
    let text = lines[..3].join("\n") + "\n";
    let sheet = league_of_paper("five-players.csv", &text, "ddv", "five").unwrap();
    assert!(sheet.contains("dealer = \"Anna\""), "{sheet}");
    // Under Bock rounds that a league sheet's series makes longer (its first solo is the
    // compulsory one, dealt again), deal 7 is worth more: refused, not imported otherwise.
    let text = std::fs::read_to_string("examples/evening.csv").unwrap();
    let errors = league_of_paper("evening.csv", &text, "house-bock", "e").unwrap_err();
    assert_eq!(
        errors[0].render(Lang::En),
        "evening.csv: deal 7: deal 7 scores -14 -14 14 14 on the paper sheet but -28 -28 28 28 as a league sheet, whose dealers and Bock rounds follow its profile: nothing imported (score the paper sheet with `doko score`)"
    );
}

#[test]
fn a_paper_sheet_with_penalty_rows_keeps_them() {
    let text = "Nr;Spiel;Anna;Ben;Cara;Dirk;Re-Augen;Re-Ansagen;Notiz\r\n\
                1;normal;re;kontra;re;kontra;130;;\r\n\
                ;Strafe;1;-3;1;1;;;Karten gezeigt\r\n\
                2;normal;re;re;kontra;kontra;100;re;\r\n\
                ;strafe;;;;strafe;;;\r\n";
    let sheet = league_of_paper("abend.csv", text, "ddv", "abend").unwrap();
    let lg = doko::league::evaluate("abend.toml", &sheet, None).unwrap();
    assert_eq!(lg.session.totals, vec![-1, -7, 7, 1], "{sheet}");
    assert_eq!(lg.penalties.len(), 2);
    assert!(sheet.contains("note = \"Karten gezeigt\""), "{sheet}");
}

#[test]
fn a_bad_paper_sheet_is_refused_with_its_lines() {
    let text = "Anna,Ben,Cara,Dirk,re_points\nre,re,kontra,kontra,300\nre,kontra,re,kontra,abc\n";
    let errors = league_of_paper("bad.csv", text, "ddv", "bad").unwrap_err();
    let lines: Vec<Option<u32>> = errors.iter().map(|e| e.at.line).collect();
    assert_eq!(lines, vec![Some(2), Some(3)], "{errors:?}");
    assert!(errors[0].render(Lang::En).starts_with("bad.csv:2:"));
    // A photo is not a sheet.
    let photo = "\u{89}PNG\r\n\u{1a}\nIHDR";
    assert!(league_of_paper("photo.csv", photo, "ddv", "photo").is_err());
}

#[test]
fn a_club_profile_is_read_from_memory() {
    let sheet = "variant = \"club.toml\"\nplayers = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n[league]\nname = \"x\"\ndeals = 8\ndealer = \"Dirk\"\n\n[[deal]]\nre = [\"Anna\", \"Cara\"]\nre_points = 130\nre_extras = [\"fox\"]\n";
    assert_eq!(
        missing_profile("x.toml", sheet).as_deref(),
        Some("club.toml")
    );
    assert!(doko::league::evaluate("x.toml", sheet, None).is_err());
    let club = "name = \"club\"\nextends = \"ddv\"\n\n[extras]\nfox = 2\n".to_string();
    let files = vec![("club.toml".to_string(), club)];
    let lg = doko::variant::load::with_files(&files, || {
        assert_eq!(missing_profile("x.toml", sheet), None);
        doko::league::evaluate("x.toml", sheet, None).unwrap()
    });
    // Won 1 and a fox worth 2 under the club's rules.
    assert_eq!(lg.session.totals, vec![3, -3, 3, -3]);
    // Held for that call only.
    assert!(doko::league::evaluate("x.toml", sheet, None).is_err());
}

#[test]
fn two_texts_of_a_sheet_say_which_deals_differ() {
    let head = "players = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n[league]\nname = \"x\"\ndeals = 8\ndealer = \"Dirk\"\n";
    let deal = |re: &str, points: u16| format!("\n[[deal]]\nre = [{re}]\nre_points = {points}\n");
    let here = format!(
        "{head}{}{}",
        deal("\"Anna\", \"Cara\"", 130),
        deal("\"Ben\", \"Dirk\"", 121)
    );
    let there = format!(
        "{head}{}{}{}",
        deal("\"Anna\", \"Cara\"", 130),
        deal("\"Ben\", \"Dirk\"", 150),
        deal("\"Anna\", \"Ben\"", 90)
    );
    let d = differing("x.toml", &here, &there).unwrap();
    assert_eq!(
        (d.here, d.there, d.deals.clone(), d.other),
        (2, 3, vec![2, 3], false)
    );
    let same = differing("x.toml", &here, &here).unwrap();
    assert!(same.deals.is_empty() && !same.other);
}

#[test]
fn the_pages_money_is_league_settles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.toml");
    let s = path.to_str().unwrap();
    for args in [
        &["league", "new", s, "--players", "Anna,Ben,Cara,Dirk,Eva"][..],
        &[
            "league",
            "add",
            s,
            "--re",
            "Anna,Cara",
            "--re-points",
            "130",
        ],
        &[
            "league",
            "add",
            s,
            "-g",
            "solo-queens",
            "-r",
            "Ben",
            "-p",
            "185",
        ],
    ] {
        assert!(common::doko(args).status.success(), "{args:?}");
    }
    let want = common::json(&common::doko(&[
        "league",
        "settle",
        s,
        "--cents-per-point",
        "10",
        "--format",
        "json",
    ]));
    let text = std::fs::read_to_string(&path).unwrap();
    let ask = SettleAsk {
        cents_per_point: 10,
        model: doko::club::settle::Model::Linear,
    };
    let told = answer("m.toml", &text, Call::Settle(ask), Lang::De)
        .page
        .unwrap();
    assert!(told.ok, "{:?}", told.errors);
    let money = told.money.unwrap();
    for (player, cents) in want["balances"].as_object().unwrap() {
        assert!(
            money.contains(&format!("data-player=\"{player}\" data-cents=\"{cents}\"")),
            "{player} {cents}: {money}"
        );
    }
    assert!(
        money.contains(" €"),
        "the sheet's currency, in German: {money}"
    );
    let nothing = answer(
        "m.toml",
        &text,
        Call::Settle(SettleAsk {
            cents_per_point: 0,
            model: doko::club::settle::Model::Leader,
        }),
        Lang::En,
    )
    .page
    .unwrap();
    assert!(
        !nothing.ok && nothing.errors[0].contains("from 1 to 1000000"),
        "{:?}",
        nothing.errors
    );
}
