//! `--summary`: the aggregates of many deals as a table, CSV or JSON.

use super::{Format, Lang, Party, Profile, Result, csv_text, new_table, pretty};

/// A share in percent (0 where there is nothing to share).
pub(super) fn pct(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

/// `score --summary`: aggregates over all deals.
pub fn summary(
    profile: &Profile,
    s: &crate::scoring::Summary,
    bad: usize,
    format: Format,
    lang: Lang,
) -> Result<String> {
    Ok(match format {
        Format::Json => {
            let report = crate::report::SummaryReport::new(&profile.name, s, bad);
            pretty(&report)? + "\n"
        }
        Format::Csv => summary_csv(s)?,
        Format::Table | Format::Markdown => {
            summary_text(profile, s, bad, format == Format::Markdown, lang)
        }
    })
}

/// `score --summary --format csv`: a row per player, contract and item.
pub(super) fn summary_csv(s: &crate::scoring::Summary) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["kind", "name", "deals", "won", "rate", "points"])?;
    for (p, l) in s.players() {
        w.write_record([
            "player",
            p,
            &l.deals.to_string(),
            &l.won.to_string(),
            &format!("{:.1}", pct(l.won, l.deals)),
            &l.points.to_string(),
        ])?;
    }
    for (c, l) in s.contracts() {
        w.write_record([
            "contract",
            c,
            &l.deals.to_string(),
            &l.re_won.to_string(),
            &format!("{:.1}", pct(l.re_won, l.deals)),
            &l.value.to_string(),
        ])?;
    }
    for (i, l) in s.items() {
        w.write_record([
            "item",
            i,
            &l.times.to_string(),
            "",
            &format!("{:.1}", pct(l.times, s.deals)),
            &l.points.to_string(),
        ])?;
    }
    csv_text(w)
}

/// `score --summary` as tables: players, contracts, items, in the run's language.
pub(super) fn summary_text(
    profile: &Profile,
    s: &crate::scoring::Summary,
    bad: usize,
    markdown: bool,
    lang: Lang,
) -> String {
    let mut out = if bad > 0 {
        crate::tr!(
            lang,
            "summary.head_bad",
            profile = profile.name,
            title = profile.title_in(lang),
            deals = s.deals,
            bad = bad
        )
    } else {
        crate::tr!(
            lang,
            "summary.head",
            profile = profile.name,
            title = profile.title_in(lang),
            deals = s.deals
        )
    };
    out.push_str("\n\n");
    let per = |a: i64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let mut t = new_table(markdown);
    t.set_header(
        [
            "table.player",
            "summary.deals",
            "table.won",
            "summary.win_rate",
            "table.points",
            "summary.per_deal",
        ]
        .map(|k| lang.t(k)),
    );
    for (p, l) in s.players() {
        t.add_row(vec![
            p.to_string(),
            l.deals.to_string(),
            l.won.to_string(),
            format!("{}%", lang.decimal(pct(l.won, l.deals), 1)),
            l.points.to_string(),
            lang.decimal(per(l.points, l.deals), 3),
        ]);
    }
    out.push_str(&format!("{}\n\n", crate::render::fitted(t)));
    let mut t = new_table(markdown);
    t.set_header(
        [
            "summary.contract",
            "summary.deals",
            "summary.re_won",
            "summary.kontra_won",
            "summary.nobody",
            "summary.avg_value",
        ]
        .map(|k| lang.t(k)),
    );
    for (c, l) in s.contracts() {
        let title = c
            .parse::<crate::contract::Contract>()
            .map_or(c, |k| k.title(lang));
        t.add_row(vec![
            title.to_string(),
            l.deals.to_string(),
            format!(
                "{} ({}%)",
                l.re_won,
                lang.decimal(pct(l.re_won, l.deals), 1)
            ),
            format!(
                "{} ({}%)",
                l.kontra_won,
                lang.decimal(pct(l.kontra_won, l.deals), 1)
            ),
            l.nobody.to_string(),
            lang.decimal(per(l.value, l.deals), 2),
        ]);
    }
    out.push_str(&format!("{}\n\n", crate::render::fitted(t)));
    let mut t = new_table(markdown);
    t.set_header(
        [
            "summary.item",
            "summary.times",
            "summary.per_100",
            "table.points",
        ]
        .map(|k| lang.t(k)),
    );
    for (name, l) in item_names(lang, s.items()) {
        t.add_row(vec![
            name,
            l.times.to_string(),
            lang.decimal(pct(l.times, s.deals), 1),
            l.points.to_string(),
        ]);
    }
    out.push_str(&format!("{}\n", crate::render::fitted(t)));
    out
}

/// The items of a summary by their names in `lang`, in the order of their keys; a
/// party's item whose name does not say whose it is ("no 90 called") gets the party.
pub(super) fn item_names<L>(
    lang: crate::lang::Lang,
    items: std::collections::BTreeMap<&str, L>,
) -> Vec<(String, L)> {
    items
        .into_iter()
        .map(|(key, l)| {
            let name = crate::scoring::item_name(lang, key);
            let party = [Party::Re, Party::Kontra]
                .into_iter()
                .find(|p| key.starts_with(&format!("{}_", p.key())))
                .map(|p| p.text().render(lang))
                .filter(|p| !name.contains(p.as_str()));
            match party {
                Some(party) => (
                    crate::tr!(lang, "summary.item_of", item = name, party = party),
                    l,
                ),
                None => (name, l),
            }
        })
        .collect()
}
