//! `compare`: the same deals under several profiles, as tables, CSV and JSON.

use super::{csv_text, signed};
use crate::compare::{Column, Outcome};
use crate::contract::Party;
use crate::error::Result;
use crate::lang::Lang;
use crate::scoring::DealResult;
use crate::variant::Profile;

/// The comparable cells of one outcome: winner, value, multiplier, then each seat.
fn cells(o: &Outcome, players: usize, lang: Lang) -> Vec<String> {
    match o {
        Ok((r, _)) => {
            let mut v = vec![
                winner(r, lang).to_string(),
                r.value().to_string(),
                format!("x{}", r.multiplier),
            ];
            v.extend(r.scores.iter().map(|s| signed(*s)));
            v
        }
        Err(_) => std::iter::repeat_n("-".to_string(), 3 + players).collect(),
    }
}

fn winner(r: &DealResult, lang: Lang) -> &'static str {
    super::winner_in(r, lang)
}

/// `compare` as tables (terminal or Markdown): each shown deal under every profile, marking
/// the cells that differ, then each profile's totals.
pub fn text(
    columns: &[Column],
    players: &[String],
    shown: &[usize],
    explain: bool,
    markdown: bool,
    lang: Lang,
) -> String {
    let mut out = first_line(columns, shown, lang);
    for &i in shown {
        let first_ok = columns.iter().find_map(|c| c.outcomes[i].as_ref().ok());
        let head = match first_ok {
            Some((r, _)) => {
                let f = &r.facts;
                let re: Vec<&str> = f.members(Party::Re).map(|s| players[s].as_str()).collect();
                crate::tr!(
                    lang,
                    "compare.head",
                    deal = f.number,
                    contract = f.contract.title(lang),
                    re = re.join(" "),
                    eyes = format!("{}:{}", f.re_eyes, f.kontra_eyes)
                )
            }
            None => crate::tr!(lang, "compare.deal", deal = i + 1),
        };
        out.push_str(&if markdown {
            format!("### {head}\n\n")
        } else {
            format!("{head}\n")
        });
        let all: Vec<Vec<String>> = columns
            .iter()
            .map(|c| cells(&c.outcomes[i], players.len(), lang))
            .collect();
        let disagree: Vec<bool> = (0..all[0].len())
            .map(|k| all.iter().any(|row| row[k] != all[0][k]))
            .collect();
        let mut t = super::new_table(markdown);
        let mut header: Vec<String> = ["compare.profile", "table.winner", "table.value", "table.x"]
            .map(|k| lang.t(k).to_string())
            .to_vec();
        header.extend(players.iter().cloned());
        t.set_header(header);
        for (c, row) in columns.iter().zip(&all) {
            let mut line = vec![c.profile.name.clone()];
            match &c.outcomes[i] {
                Err(e) => {
                    line.push(crate::tr!(
                        lang,
                        "compare.not_allowed",
                        why = e.message.render(lang)
                    ));
                }
                Ok(_) => line.extend(
                    row.iter()
                        .zip(&disagree)
                        .map(|(v, d)| if *d { format!("{v}*") } else { v.clone() }),
                ),
            }
            t.add_row(line);
        }
        out.push_str(&super::fitted(t));
        out.push('\n');
        if explain {
            out.push_str(&explain_table(columns, i, markdown, lang));
            out.push('\n');
        }
        out.push('\n');
    }
    let mut t = super::new_table(markdown);
    let mut header = vec![lang.t("table.player").to_string()];
    header.extend(columns.iter().map(|c| c.profile.name.clone()));
    t.set_header(header);
    for (k, p) in players.iter().enumerate() {
        let mut line = vec![p.clone()];
        for c in columns {
            let rank = c
                .session
                .ranking()
                .iter()
                .find(|s| &s.player == p)
                .map_or(0, |s| s.rank);
            line.push(format!("{} (#{rank})", c.session.totals[k]));
        }
        t.add_row(line);
    }
    let totals = lang.t("compare.totals");
    out.push_str(&if markdown {
        format!("### {totals}\n\n")
    } else {
        format!("{totals}\n")
    });
    out.push_str(&super::fitted(t));
    out.push('\n');
    out
}

/// "* marks ...", or that no deal differs.
fn first_line(columns: &[Column], shown: &[usize], lang: Lang) -> String {
    let n = columns.first().map_or(0, |c| c.outcomes.len());
    if !shown.is_empty() || n == 0 {
        return format!("{}\n\n", lang.t("compare.marks"));
    }
    let names: Vec<&str> = columns.iter().map(|c| c.profile.name.as_str()).collect();
    let names = names.join(lang.t("word.and"));
    let line = if n == 1 {
        crate::tr!(lang, "compare.same_one", profiles = names)
    } else {
        crate::tr!(lang, "compare.same", deals = n, profiles = names)
    };
    format!("{line}\n\n")
}

/// Every item of one deal, one row per (party, item), one column per profile; where the
/// profiles disagree on an item, the profile keys behind it (those its rules cite on which
/// the profiles differ). Then where each multiplier comes from, and the keys behind a
/// different multiplier or winner.
fn explain_table(columns: &[Column], i: usize, markdown: bool, lang: Lang) -> String {
    let mut keys: Vec<(Party, String)> = Vec::new();
    for c in columns {
        if let Ok((r, _)) = &c.outcomes[i] {
            for it in &r.items {
                let k = (it.party, it.item.to_string());
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
    }
    let profiles: Vec<&Profile> = columns.iter().map(|c| &c.profile).collect();
    let results: Vec<Option<&DealResult>> = columns
        .iter()
        .map(|c| c.outcomes[i].as_ref().ok().map(|(r, _)| r))
        .collect();
    let mut t = super::new_table(markdown);
    let mut header = vec![
        lang.t("compare.party").to_string(),
        lang.t("compare.item").to_string(),
    ];
    header.extend(columns.iter().map(|c| c.profile.name.clone()));
    header.push(lang.t("compare.keys").to_string());
    t.set_header(header);
    for (party, item) in &keys {
        // The item's name as a player reads it, from the first profile that has it.
        let label = results
            .iter()
            .flatten()
            .flat_map(|r| r.items.iter())
            .find(|it| it.party == *party && &it.item == item)
            .map_or_else(|| item.clone(), |it| it.label(lang, &[]));
        let mut line = vec![super::party_word(*party, lang), label];
        let cells: Vec<String> = results
            .iter()
            .map(|r| r.map_or("-".into(), |r| item_points(r, *party, item, lang)))
            .collect();
        let differ = cells.iter().any(|c| c != &cells[0]);
        line.extend(cells);
        line.push(if differ {
            let rules = results
                .iter()
                .flatten()
                .flat_map(|r| r.items.iter())
                .filter(|it| it.party == *party && &it.item == item)
                .map(|it| it.rule.to_string())
                .collect::<Vec<_>>();
            let cited = rules.iter().flat_map(|r| crate::compare::cited_keys(r));
            key_words(&crate::compare::keys_behind(&profiles, cited))
        } else {
            String::new()
        });
        t.add_row(line);
    }
    let mut line = vec![String::new(), lang.t("compare.value_for_re").to_string()];
    line.extend(
        results
            .iter()
            .map(|r| r.map_or("-".into(), |r| signed(r.re_value as i64))),
    );
    line.push(String::new());
    t.add_row(line);
    let mut out = super::fitted(t);
    for (c, r) in columns.iter().zip(&results) {
        if let Some(m) = r.and_then(|r| super::sheet::multiplier_line(&c.profile, r, lang)) {
            out.push_str(&format!("\n{}: {m}", c.profile.name));
        }
    }
    let differ = |f: &dyn Fn(&DealResult) -> String| {
        let v: Vec<String> = results.iter().flatten().map(|r| f(r)).collect();
        v.iter().any(|x| x != &v[0])
    };
    for (what, section, f) in [
        (
            "compare.multiplier_differs",
            "bock",
            &(|r: &DealResult| r.multiplier.to_string()) as &dyn Fn(&DealResult) -> String,
        ),
        ("compare.winner_differs", "winning", &|r: &DealResult| {
            winner(r, lang).to_string()
        }),
    ] {
        if differ(f) {
            let keys = crate::compare::section_differences(&profiles, section);
            if !keys.is_empty() {
                out.push('\n');
                out.push_str(&lang.f(what, &[("keys", &key_words(&keys))]));
            }
        }
    }
    out
}

/// An item's points under one profile: "+2", "not scored", "-" where it has none.
fn item_points(r: &DealResult, party: Party, item: &str, lang: Lang) -> String {
    let pts: Vec<String> = r
        .items
        .iter()
        .filter(|it| it.party == party && it.item == item)
        .map(|it| {
            if it.scored {
                signed(it.points as i64)
            } else {
                lang.t("compare.not_scored").into()
            }
        })
        .collect();
    if pts.is_empty() {
        "-".into()
    } else {
        pts.join(" ")
    }
}

/// "scoring.announce = 2 / 0; scoring.doubling = \"none\" / \"re-kontra\"".
fn key_words(keys: &[crate::compare::KeyBehind]) -> String {
    keys.iter()
        .map(|k| format!("{} = {}", k.key, k.values.join(" / ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `compare --format csv`: a row per shown deal and profile.
pub fn csv(columns: &[Column], players: &[String], shown: &[usize]) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "deal",
        "variant",
        "contract",
        "winner",
        "value",
        "multiplier",
        "error",
    ]
    .map(String::from)
    .to_vec();
    header.extend(players.iter().cloned());
    header.extend(players.iter().map(|p| format!("{p}_total")));
    w.write_record(&header)?;
    for &i in shown {
        for c in columns {
            let row: Vec<String> = match &c.outcomes[i] {
                Ok((r, totals)) => {
                    let mut v = vec![
                        r.facts.number.to_string(),
                        c.profile.name.clone(),
                        r.facts.contract.to_string(),
                        super::winner_key(r).to_string(),
                        r.value().to_string(),
                        r.multiplier.to_string(),
                        String::new(),
                    ];
                    v.extend(r.scores.iter().map(|s| s.to_string()));
                    v.extend(totals.iter().map(|s| s.to_string()));
                    v
                }
                Err(e) => {
                    let mut v = vec![
                        (i + 1).to_string(),
                        c.profile.name.clone(),
                        String::new(),
                        String::new(),
                        String::new(),
                        String::new(),
                        e.to_string(),
                    ];
                    v.extend(std::iter::repeat_n(String::new(), players.len() * 2));
                    v
                }
            };
            w.write_record(&row)?;
        }
    }
    csv_text(w)
}

/// `compare --format json`: the [`crate::report::CompareReport`] of the shown deals.
pub fn json(
    columns: &[Column],
    players: &[String],
    shown: &[usize],
    explain: bool,
) -> Result<String> {
    let cols: Vec<_> = columns
        .iter()
        .map(|c| {
            (
                c.profile.name.as_str(),
                c.outcomes.as_slice(),
                c.session.totals.as_slice(),
            )
        })
        .collect();
    let report = crate::report::CompareReport::new(players, &cols, shown, explain);
    Ok(super::pretty(&report)? + "\n")
}

/// `compare --summary --format csv`: a row per profile and player (points, deals won),
/// with the profile's deals scored and not allowed.
pub fn summary_csv(report: &crate::compare::CompareSummary) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "variant",
        "player",
        "points",
        "won",
        "scored",
        "not_allowed",
    ])?;
    for (p, r) in &report.results {
        for (player, points) in &r.totals {
            let won = r.won.get(player).copied().unwrap_or(0);
            w.write_record([
                p.as_str(),
                player,
                &points.to_string(),
                &won.to_string(),
                &r.scored.to_string(),
                &r.not_allowed.to_string(),
            ])?;
        }
    }
    csv_text(w)
}

/// The text of `compare --summary`: a line, a table of each player's points and wins
/// under each profile, and the deals each profile does not allow.
pub fn summary_table(
    report: &crate::compare::CompareSummary,
    markdown: bool,
    lang: Lang,
) -> String {
    let mut out = crate::tr!(
        lang,
        "summary.compare_head",
        deals = report.deals,
        differ = report.differ
    );
    out.push_str("\n\n");
    let mut t = super::new_table(markdown);
    let mut header = vec![lang.t("table.player").to_string()];
    header.extend(
        report
            .variants
            .iter()
            .map(|p| crate::tr!(lang, "summary.points_won", profile = p)),
    );
    t.set_header(header);
    let mut names: Vec<&str> = report
        .results
        .iter()
        .flat_map(|(_, r)| r.totals.keys().map(String::as_str))
        .collect();
    names.sort();
    names.dedup();
    for n in names {
        let mut row = vec![n.to_string()];
        for (_, r) in &report.results {
            row.push(match (r.totals.get(n), r.won.get(n)) {
                (Some(p), Some(w)) => format!("{p} ({w})"),
                _ => "-".into(),
            });
        }
        t.add_row(row);
    }
    out.push_str(&format!("{}\n", super::fitted(t)));
    for (p, r) in &report.results {
        if r.not_allowed > 0 {
            let line = crate::tr!(
                lang,
                "summary.not_allowed",
                profile = p,
                deals = r.not_allowed
            );
            out.push_str(&format!("{line}\n"));
        }
    }
    out
}
