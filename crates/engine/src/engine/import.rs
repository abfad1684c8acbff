//! A paper sheet (CSV) as a league sheet: the web app's import of the sheet a club kept on
//! paper, so that the evening goes on at the table. Each row becomes a `[[deal]]` of what
//! the reader of paper sheets made of it (the contract, the Re party, the eyes, the calls,
//! the extras, a compulsory solo, a knock, the note), each penalty row a `[[penalty]]`; the
//! sheet's first dealer is the first row's where a `dealer` column names one. The league
//! sheet must score every deal as the paper sheet does (`doko score`): where the sheet's
//! own order of dealers or Bock rounds gives another score, the import is refused at that
//! deal, never written with other points.

use toml_edit::{Item, Table, value};

use crate::deal::{RecordError, Role};
use crate::league::file::{self, DealEntry};
use crate::play::PlayDeals;
use crate::variant::Profile;

/// The league sheet (`name`, under the profile `variant`, of the profile's length or as
/// many deals as the paper sheet has where that is more) of the paper sheet `text` named
/// `file`; else every error, each with its line and field (the paper sheet's).
pub fn league_of_paper(
    file: &str,
    text: &str,
    variant: &str,
    name: &str,
) -> Result<String, Vec<RecordError>> {
    let sheet = crate::deal::sheet::Sheet::parse(file, text).map_err(|e| vec![e])?;
    let profile =
        Profile::load(variant, &[]).map_err(|e| vec![RecordError::new(file, e.text())])?;
    let mut errors = Vec::new();
    let mut facts = Vec::new();
    for deal in sheet.deals(&profile) {
        match deal {
            Ok(f) => facts.push(f),
            Err(e) => errors.push(e),
        }
    }
    let penalties = sheet.penalties(&profile);
    for (_, _, p) in &penalties {
        if let Err(e) = p {
            errors.push(e.clone());
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.at.line);
        return Err(errors);
    }
    if facts.is_empty() {
        return Err(vec![
            RecordError::new(file, crate::msg!("error.no_deals")).line(1),
        ]);
    }
    let players = sheet.players().to_vec();
    let seats = profile.deck.players as usize;
    let dealer = facts[0]
        .dealer
        .or_else(|| first_dealer(&facts[0].roles, seats))
        .map(|s| players[s].as_str());
    let length = (profile.league.deals as usize).max(facts.len());
    let length = u16::try_from(length).unwrap_or(u16::MAX);
    let plan = file::plan(
        &format!("{name}.toml"),
        &profile,
        variant,
        &players,
        Some(length),
        dealer,
        Some(name),
    )
    .map_err(|e| vec![RecordError::new(file, e.message).field(e.field)])?;
    let mut doc: toml_edit::DocumentMut =
        file::new_text(&plan.sheet(&[]))
            .parse()
            .map_err(|e: toml_edit::TomlError| {
                vec![RecordError::new(
                    file,
                    crate::lang::Text::from(e.to_string()),
                )]
            })?;
    let mut deals = toml_edit::ArrayOfTables::new();
    for f in &facts {
        deals.push(entry_of(&players, f).to_table());
    }
    doc["deal"] = Item::ArrayOfTables(deals);
    let mut given = toml_edit::ArrayOfTables::new();
    for (_, after, p) in &penalties {
        let Ok(p) = p else { continue };
        let mut t = Table::new();
        t["after"] = value(*after as i64);
        t["player"] = value(p.player.as_str());
        if let Some(points) = p.points {
            t["points"] = value(i64::from(points));
        }
        if let Some(note) = &p.note {
            t["note"] = value(note.as_str());
        }
        given.push(t);
    }
    if !given.is_empty() {
        doc["penalty"] = Item::ArrayOfTables(given);
    }
    let sheet_text = doc.to_string();
    same_as_paper(
        file,
        &format!("{name}.toml"),
        &sheet_text,
        (text, variant),
        &facts,
    )?;
    Ok(sheet_text)
}

/// The dealer of a first deal whose sheet has more players than a table and no dealer
/// column: the seat whose deal leaves out exactly the players it leaves out.
fn first_dealer(roles: &[Role], players: usize) -> Option<usize> {
    let seats = roles.len();
    if seats <= players {
        return None;
    }
    (0..seats).find(|&d| {
        let out = crate::seating::sitting_out(seats, players, d);
        (0..seats).all(|s| out.contains(s) == (roles[s] == Role::Out))
    })
}

/// The league sheet's entry of one deal of a paper sheet.
fn entry_of(players: &[String], f: &crate::deal::DealFacts) -> DealEntry {
    use crate::contract::Party;
    let some = |s: String| (!s.is_empty()).then_some(s);
    let extras =
        |x: &[crate::extras::Extra]| some(x.iter().map(|x| x.name()).collect::<Vec<_>>().join(" "));
    DealEntry {
        contract: (f.contract != crate::contract::Contract::Normal)
            .then(|| f.contract.name().to_string()),
        compulsory: f.compulsory,
        re: f
            .roles
            .iter()
            .zip(players)
            .filter(|(r, _)| **r == Role::Re)
            .map(|(_, p)| p.clone())
            .collect(),
        re_points: Some(f.re_eyes),
        kontra_points: None,
        re_calls: some(f.re_calls.cell(Party::Re)),
        kontra_calls: some(f.kontra_calls.cell(Party::Kontra)),
        re_extras: extras(&f.re_extras),
        kontra_extras: extras(&f.kontra_extras),
        re_tricks: f.re_tricks,
        kontra_tricks: f.kontra_tricks,
        knock: f.knock.map(|k| k.key().to_string()),
        note: f.note.clone(),
    }
}

/// Each deal's points (a player's in seat order) and the totals.
type PaperPoints = (Vec<Vec<i64>>, Vec<i64>);

/// What `doko score` gives the paper sheet `paper` under `variant`: each deal's points
/// and the totals (its penalties booked as the paper sheet's reader books them), in the
/// order of `players`.
fn paper_scored(
    file: &str,
    paper: &str,
    variant: &str,
    players: &[String],
) -> Result<PaperPoints, Vec<RecordError>> {
    use crate::engine::api::{Input, ScoreAsk, score};
    let ask = ScoreAsk {
        variant: Some(variant),
        sets: &[],
        summary: false,
        format: crate::render::Format::Json,
        explain: false,
        jobs: 1,
        lang: crate::lang::Lang::En,
        continues: false,
    };
    let failed = |why: String| vec![RecordError::new(file, crate::lang::Text::from(why))];
    let scored = score(
        Input::Text(file, paper, crate::engine::InputFormat::Csv),
        ask,
    )
    .map_err(|e| failed(e.message))?;
    let json: serde_json::Value =
        serde_json::from_str(&scored).map_err(|e| failed(e.to_string()))?;
    let points = |by_name: &serde_json::Value| {
        players
            .iter()
            .map(|p| by_name.get(p).and_then(serde_json::Value::as_i64))
            .collect::<Option<Vec<i64>>>()
    };
    let deals = json["deals"].as_array().map(|d| {
        d.iter()
            .map(|deal| points(&deal["scores"]))
            .collect::<Option<Vec<_>>>()
    });
    match (deals.flatten(), points(&json["totals"])) {
        (Some(deals), Some(totals)) => Ok((deals, totals)),
        _ => Err(failed(
            "doko score's JSON without each player's points".into(),
        )),
    }
}

/// Each player's points, separated by spaces (`-14 -14 14 14`).
fn spaced(points: &[i64]) -> String {
    points
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The league sheet `text` scores each deal, and ends with the totals, as `doko score`
/// scores the paper sheet `file` (`paper` under `variant`); else the first deal (or the
/// totals) that differ, and why a league sheet scores it otherwise.
fn same_as_paper(
    file: &str,
    league_file: &str,
    text: &str,
    (paper, variant): (&str, &str),
    facts: &[crate::deal::DealFacts],
) -> Result<(), Vec<RecordError>> {
    // What the league sheet refuses is the paper sheet's deal that a league sheet cannot
    // hold (its dealers and who sits out follow the profile): said of the paper sheet.
    let lg = crate::league::evaluate(league_file, text, None).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| {
                let m = crate::msg!("error.paper_as_league", why = e.message);
                let at = RecordError::new(file, m);
                match e.at.deal {
                    Some(d) => at.deal(d as usize),
                    None => at,
                }
            })
            .collect::<Vec<_>>()
    })?;
    let (deals, totals) = paper_scored(file, paper, variant, &lg.players)?;
    for (n, ((f, row), paper)) in facts.iter().zip(&lg.rows).zip(&deals).enumerate() {
        if *paper != row.result.scores {
            let m = crate::msg!(
                "error.paper_differs",
                deal = n + 1,
                paper = spaced(paper),
                league = spaced(&row.result.scores)
            );
            return Err(vec![RecordError::new(file, m).deal(f.number)]);
        }
    }
    if totals == lg.session.totals {
        return Ok(());
    }
    Err(vec![RecordError::new(
        file,
        crate::msg!(
            "error.paper_totals_differ",
            paper = spaced(&totals),
            league = spaced(&lg.session.totals)
        ),
    )])
}

/// How two texts of the same sheet differ (a shared link that comes back to the phone it
/// left): the deals entered differently or on one side only, by number, and whether
/// anything else differs (players, penalties, the header).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Differing {
    /// Deals here.
    pub here: usize,
    /// Deals there.
    pub there: usize,
    /// The numbers of the deals that differ (or that one side lacks).
    pub deals: Vec<usize>,
    /// Something but the deals differs.
    pub other: bool,
}

/// [`Differing`] of the sheet `file` as `here` and as `there`; the errors of a text that
/// is not a sheet doko reads.
pub fn differing(file: &str, here: &str, there: &str) -> Result<Differing, Vec<RecordError>> {
    let a = crate::league::evaluate(file, here, None)?;
    let b = crate::league::evaluate(file, there, None)?;
    let entry = |text: &str, n: usize| file::deal_entry_in(file, text, n).ok();
    let deals: Vec<usize> = (1..=a.rows.len().max(b.rows.len()))
        .filter(|&n| n > a.rows.len() || n > b.rows.len() || entry(here, n) != entry(there, n))
        .collect();
    let other = a.players != b.players
        || a.name != b.name
        || a.deals != b.deals
        || a.profile.name != b.profile.name
        || a.penalties != b.penalties;
    Ok(Differing {
        here: a.rows.len(),
        there: b.rows.len(),
        deals,
        other,
    })
}

/// The profile file a sheet's text names (`variant = "club.toml"`) where it cannot be
/// read: a front end without files (the web app) asks for it. None where the sheet names
/// a built-in profile or one that reads.
pub fn missing_profile(file: &str, text: &str) -> Option<String> {
    let records = crate::deal::records::RecordFile::parse(file, text).ok()?;
    let variant = records.variant?;
    let path = crate::variant::load::looks_like_path(&variant);
    (path && Profile::load(&variant, &[]).is_err()).then_some(variant)
}
