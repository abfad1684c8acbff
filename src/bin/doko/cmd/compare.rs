//! `doko compare FILE --variants A,B,...`: the same deals under several profiles.

use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::{Result, bail};
use comfy_table::presets;
use doko::contract::Party;
use doko::input::Source;
use doko::scoring::{DealResult, Session};
use doko::variant::Profile;

use crate::cli::{CompareArgs, Format};

/// One profile's outcome for one deal: scored (with the totals after it) or refused.
type Outcome = Result<(DealResult, Vec<i64>), doko::deal::RecordError>;

struct Column {
    profile: Profile,
    outcomes: Vec<Outcome>,
    session: Session,
}

pub fn run(args: &CompareArgs) -> Result<ExitCode> {
    if args.variants.len() < 2 {
        return Err(crate::usage(
            "--variants: name at least two profiles to compare, e.g. --variants ddv,ja-classic",
        ));
    }
    let profiles = args
        .variants
        .iter()
        .map(|v| crate::flag_profile(v, &args.sets))
        .collect::<Result<Vec<_>, _>>()?;
    same_deck(&profiles)?;
    if args.summary {
        return summary(args, profiles);
    }
    let (players, columns) = match Source::open(&args.file, args.input_format)? {
        Source::Document(doc) => {
            let input = doc.open()?;
            let players = input.players().to_vec();
            let columns = profiles
                .into_iter()
                .map(|profile| {
                    let mut session = Session::new(players.clone());
                    let outcomes = input
                        .deals(&profile)
                        .map(|deal| deal.map(|facts| session.score(&facts, &profile)))
                        .collect();
                    Column {
                        profile,
                        outcomes,
                        session,
                    }
                })
                .collect::<Vec<_>>();
            (players, columns)
        }
        Source::Archive(reader) => archive_columns(*reader, profiles, args)?,
    };
    let n = columns[0].outcomes.len();
    let mut bad = 0;
    for i in 0..n {
        if doko::compare::bad_input(columns.iter().map(|c| &c.outcomes[i])) {
            bad += 1;
            for c in &columns {
                if let Err(e) = &c.outcomes[i] {
                    let lang = crate::lang();
                    let e = e.render(lang);
                    let line =
                        doko::tr!(lang, "compare.under", error = e, profile = c.profile.name);
                    eprintln!("{}", crate::error_line(&line));
                }
            }
        }
    }
    if bad > 0 {
        let line = doko::tr!(crate::lang(), "compare.bad", deals = bad);
        eprintln!("doko: {line}");
        return Ok(ExitCode::from(1));
    }
    let shown: Vec<usize> = (0..n)
        .filter(|&i| !args.only_diff || differs(&columns, i))
        .collect();
    let text = match args.format {
        Format::Json => json_doc(&columns, &players, &shown, args.explain)?,
        Format::Csv => csv(&columns, &players, &shown)?,
        Format::Table | Format::Markdown => text(
            &columns,
            &players,
            &shown,
            args.explain,
            args.format == Format::Markdown,
        ),
    };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Each profile's outcome for every deal of an archive (one table: the same players
/// throughout, as on a sheet).
fn archive_columns(
    reader: doko::deal::archive::ArchiveReader<Box<dyn std::io::BufRead + Send>>,
    profiles: Vec<Profile>,
    args: &CompareArgs,
) -> Result<(Vec<String>, Vec<Column>)> {
    let mut players: Option<Vec<String>> = None;
    let mut columns: Vec<Column> = profiles
        .iter()
        .map(|profile| Column {
            profile: profile.clone(),
            outcomes: Vec::new(),
            session: Session::new(Vec::new()),
        })
        .collect();
    let jobs = args.jobs.unwrap_or_else(doko::stream::all_cores);
    let flow = doko::stream::play_all(reader, &profiles, jobs, |deal| {
        let mut deal = match deal {
            Ok(d) => d,
            Err(e) => return ControlFlow::Break(anyhow::Error::from(e)),
        };
        match &players {
            None => {
                players = Some(deal.players.to_vec());
                for c in &mut columns {
                    c.session = Session::new(deal.players.to_vec());
                }
            }
            Some(p) if p.as_slice() != deal.players => {
                return ControlFlow::Break(anyhow::anyhow!(
                    "deal {}: players {} differ from {}; compare them separately, or use --summary",
                    deal.number,
                    deal.players.join(", "),
                    p.join(", ")
                ));
            }
            Some(_) => {}
        }
        for (i, c) in columns.iter_mut().enumerate() {
            let outcome = deal
                .take(i)
                .map(|facts| c.session.score(&facts, &c.profile));
            c.outcomes.push(outcome);
        }
        ControlFlow::Continue(())
    });
    if let ControlFlow::Break(e) = flow {
        return Err(e);
    }
    Ok((players.unwrap_or_default(), columns))
}

/// Profiles of different games (Doppelkopf's 48 cards, Kloepper's 24) cannot score the
/// same deals: refuse before reading the file.
fn same_deck(profiles: &[Profile]) -> Result<()> {
    let deck = |p: &Profile| (p.deck.ranks.clone(), p.deck.copies, p.deck.players);
    let first = &profiles[0];
    for p in &profiles[1..] {
        if deck(p) != deck(first) {
            bail!(
                "cannot compare {} with {}: different decks ({} cards for {} players, {} cards for {} players); compare profiles of the same game",
                first.name,
                p.name,
                first.deck().size(),
                first.deck.players,
                p.deck().size(),
                p.deck.players
            );
        }
    }
    Ok(())
}

/// The comparable cells of one outcome: winner, value, multiplier, then each seat.
fn cells(o: &Outcome, players: usize) -> Vec<String> {
    match o {
        Ok((r, _)) => {
            let mut v = vec![
                winner(r).to_string(),
                r.value().to_string(),
                format!("x{}", r.multiplier),
            ];
            v.extend(r.scores.iter().map(|s| signed(*s)));
            v
        }
        Err(_) => std::iter::repeat_n("-".to_string(), 3 + players).collect(),
    }
}

fn differs(columns: &[Column], i: usize) -> bool {
    doko::compare::disagree(
        columns
            .iter()
            .map(|c| c.outcomes[i].as_ref().ok().map(|(r, _)| r)),
    )
}

fn winner(r: &DealResult) -> &'static str {
    doko::render::winner_in(r, crate::lang())
}

fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn text(
    columns: &[Column],
    players: &[String],
    shown: &[usize],
    explain: bool,
    markdown: bool,
) -> String {
    let style = if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    };
    let lang = crate::lang();
    let mut out = first_line(columns, shown);
    for &i in shown {
        let first_ok = columns.iter().find_map(|c| c.outcomes[i].as_ref().ok());
        let head = match first_ok {
            Some((r, _)) => {
                let f = &r.facts;
                let re: Vec<&str> = f.members(Party::Re).map(|s| players[s].as_str()).collect();
                doko::tr!(
                    lang,
                    "compare.head",
                    deal = f.number,
                    contract = f.contract.title(lang),
                    re = re.join(" "),
                    eyes = format!("{}:{}", f.re_eyes, f.kontra_eyes)
                )
            }
            None => doko::tr!(lang, "compare.deal", deal = i + 1),
        };
        out.push_str(&if markdown {
            format!("### {head}\n\n")
        } else {
            format!("{head}\n")
        });
        let all: Vec<Vec<String>> = columns
            .iter()
            .map(|c| cells(&c.outcomes[i], players.len()))
            .collect();
        let disagree: Vec<bool> = (0..all[0].len())
            .map(|k| all.iter().any(|row| row[k] != all[0][k]))
            .collect();
        let mut t = doko::render::table();
        t.load_style(style);
        let mut header: Vec<String> = ["compare.profile", "table.winner", "table.value", "table.x"]
            .map(|k| lang.t(k).to_string())
            .to_vec();
        header.extend(players.iter().cloned());
        t.set_header(header);
        for (c, row) in columns.iter().zip(&all) {
            let mut line = vec![c.profile.name.clone()];
            match &c.outcomes[i] {
                Err(e) => {
                    line.push(doko::tr!(
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
        out.push_str(&t.to_string());
        out.push('\n');
        if explain {
            out.push_str(&explain_table(columns, i, style));
            out.push('\n');
        }
        out.push('\n');
    }
    let mut t = doko::render::table();
    t.load_style(style);
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
    out.push_str(&t.to_string());
    out.push('\n');
    out
}

/// "* marks ...", or that no deal differs.
fn first_line(columns: &[Column], shown: &[usize]) -> String {
    let lang = crate::lang();
    let n = columns.first().map_or(0, |c| c.outcomes.len());
    if !shown.is_empty() || n == 0 {
        return format!("{}\n\n", lang.t("compare.marks"));
    }
    let names: Vec<&str> = columns.iter().map(|c| c.profile.name.as_str()).collect();
    let names = names.join(lang.t("word.and"));
    let line = if n == 1 {
        doko::tr!(lang, "compare.same_one", profiles = names)
    } else {
        doko::tr!(lang, "compare.same", deals = n, profiles = names)
    };
    format!("{line}\n\n")
}

/// Every item of one deal, one row per (party, item), one column per profile; where the
/// profiles disagree on an item, the profile keys behind it (those its rules cite on which
/// the profiles differ). Then where each multiplier comes from, and the keys behind a
/// different multiplier or winner.
fn explain_table(columns: &[Column], i: usize, style: comfy_table::TableStyle) -> String {
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
    let lang = crate::lang();
    let mut t = doko::render::table();
    t.load_style(style);
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
        let mut line = vec![doko::render::party_word(*party, crate::lang()), label];
        let cells: Vec<String> = results
            .iter()
            .map(|r| r.map_or("-".into(), |r| item_points(r, *party, item)))
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
            let cited = rules.iter().flat_map(|r| doko::compare::cited_keys(r));
            key_words(&doko::compare::keys_behind(&profiles, cited))
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
    let mut out = t.to_string();
    for (c, r) in columns.iter().zip(&results) {
        if let Some(m) =
            r.and_then(|r| doko::render::sheet::multiplier_line(&c.profile, r, crate::lang()))
        {
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
            winner(r).to_string()
        }),
    ] {
        if differ(f) {
            let keys = doko::compare::section_differences(&profiles, section);
            if !keys.is_empty() {
                out.push('\n');
                out.push_str(&lang.f(what, &[("keys", &key_words(&keys))]));
            }
        }
    }
    out
}

/// An item's points under one profile: "+2", "not scored", "-" where it has none.
fn item_points(r: &DealResult, party: Party, item: &str) -> String {
    let pts: Vec<String> = r
        .items
        .iter()
        .filter(|it| it.party == party && it.item == item)
        .map(|it| {
            if it.scored {
                signed(it.points as i64)
            } else {
                crate::lang().t("compare.not_scored").into()
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
fn key_words(keys: &[doko::compare::KeyBehind]) -> String {
    keys.iter()
        .map(|k| format!("{} = {}", k.key, k.values.join(" / ")))
        .collect::<Vec<_>>()
        .join("; ")
}

fn csv(columns: &[Column], players: &[String], shown: &[usize]) -> Result<String> {
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
                        doko::render::winner_key(r).to_string(),
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
    Ok(String::from_utf8(
        w.into_inner().map_err(|e| e.into_error())?,
    )?)
}

fn json_doc(
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
    let report = doko::report::CompareReport::new(players, &cols, shown, explain);
    Ok(serde_json::to_string_pretty(&report)? + "\n")
}

/// `compare --summary`: the library's aggregates per profile, rendered.
fn summary(args: &CompareArgs, profiles: Vec<Profile>) -> Result<ExitCode> {
    let source = doko::input::Source::open(&args.file, args.input_format)?;
    // Every bad deal is reported with its place (the first 50), then nothing is compared.
    let mut bad = 0usize;
    let jobs = args.jobs.unwrap_or_else(doko::stream::all_cores);
    let report = doko::compare::summary(source, profiles, jobs, &mut |e| {
        bad += 1;
        if bad <= 50 {
            eprintln!("{}", crate::error_line(&e.render(crate::lang())));
        }
    })?;
    if bad > 0 {
        let line = doko::tr!(crate::lang(), "compare.bad", deals = bad);
        eprintln!("doko: {line}");
        return Ok(ExitCode::from(1));
    }
    let text = match args.format {
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
        Format::Csv => summary_csv(&report)?,
        Format::Table | Format::Markdown => summary_table(&report, args.format == Format::Markdown),
    };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// `compare --summary --format csv`: a row per profile and player (points, deals won),
/// with the profile's deals scored and not allowed.
fn summary_csv(report: &doko::compare::CompareSummary) -> Result<String> {
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
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// The text of `compare --summary`: a line, a table of each player's points and wins
/// under each profile, and the deals each profile does not allow.
fn summary_table(report: &doko::compare::CompareSummary, markdown: bool) -> String {
    let style = if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    };
    let lang = crate::lang();
    let mut out = doko::tr!(
        lang,
        "summary.compare_head",
        deals = report.deals,
        differ = report.differ
    );
    out.push_str("\n\n");
    let mut t = doko::render::table();
    t.load_style(style);
    let mut header = vec![lang.t("table.player").to_string()];
    header.extend(
        report
            .variants
            .iter()
            .map(|p| doko::tr!(lang, "summary.points_won", profile = p)),
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
    out.push_str(&format!("{t}\n"));
    for (p, r) in &report.results {
        if r.not_allowed > 0 {
            let line = doko::tr!(
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
