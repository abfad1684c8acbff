//! FreeDoko's rules as doko profile keys: one table, each FreeDoko rule name with what it
//! sets (variants/README.md, "FreeDoko's rule names"). A rule doko cannot express, or a
//! rule it does not know, is named in a warning; its games are checked against FreeDoko's
//! own points after the import.

use super::party::Entry;
use crate::lang::Text;
use crate::msg;

/// The profile keys a party's rules set (`section.key`, a TOML value), and what doko
/// cannot express.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mapped {
    /// Keys and their TOML values, in the order set.
    pub keys: Vec<(String, String)>,
    /// What doko cannot express or does not know, one warning each.
    pub warnings: Vec<Text>,
    /// The solo games FreeDoko allows that doko does not play (their games are refused).
    pub unplayable: Vec<String>,
}

impl Mapped {
    fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.keys.iter_mut().find(|(k, _)| k == key) {
            Some(kv) => kv.1 = value,
            None => self.keys.push((key.to_string(), value)),
        }
    }

    fn warn(&mut self, e: &Entry, why: Text) {
        self.warnings.push(msg!(
            "freedoko.rule_not_kept",
            line = e.line,
            rule = e.key.clone(),
            value = e.value.clone(),
            why = why
        ));
    }
}

/// A rule's value as a flag (`true`, `1`, `yes`).
fn flag(v: &str) -> Option<bool> {
    match v.trim() {
        "true" | "1" | "yes" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// A rule's value as a whole number.
fn number(v: &str) -> Option<i64> {
    v.trim().parse().ok()
}

/// What doko plays for a FreeDoko solo rule (`solo queen` -> `solo-queens`); None: doko
/// has no such solo.
fn solo_contracts(rule: &str) -> Option<&'static [&'static str]> {
    Some(match rule {
        "solo color" => &["solo-clubs", "solo-spades", "solo-hearts", "solo-diamonds"],
        "solo queen" => &["solo-queens"],
        "solo jack" => &["solo-jacks"],
        "solo king" => &["solo-kings"],
        "solo queen jack" => &["solo-queens-jacks"],
        "solo meatless" => &["solo-meatless"],
        "solo koehler" => &["solo-koehler"],
        _ => return None,
    })
}

/// FreeDoko's display settings, which its `rules` block lists too: not rules of the game,
/// passed over without a word.
const DISPLAY: &[&str] = &[
    "show if valid",
    "show all hands",
    "show tricks number",
    "show tricks in trickpiles",
    "show trickpiles points",
    "show known teams in game",
    "show soloplayer in game",
    "card hint",
    "take back tricks",
];

/// The rules FreeDoko plays that change nothing a game's summary records (how cards are
/// played, when a player may say what): doko takes the summary as it is.
const PLAY_ONLY: &[&str] = &[
    "swines announcement begin",
    "hyperswines announcement begin",
    "swine only second",
    "swines in poverty",
    "hyperswines in poverty",
    "swines and hyperswines joint",
    "dollen first over second with swines",
    "announcement till full trick",
    "announcement no 120",
    "announcement no 90",
    "announcement no 60",
    "announcement no 30",
    "announcement no 0",
    "last announcement",
    "announcement first trick thirty points only first",
    "announcement first trick thirty points only re/contra",
    "announcement first trick thirty points in marriage",
    "marriage before poverty",
    "poverty shift",
    "poverty fox shift extra",
    "poverty fox shift open",
    "min richness for throwing",
    "throwing before solo",
    "offer duty solo",
];

/// Maps a party's rules. `with nines` and the Dullen first: the trumps depend on them.
pub fn map(rules: &[Entry]) -> Mapped {
    let mut m = Mapped::default();
    let get = |k: &str| rules.iter().find(|e| e.key == k);
    let on = |k: &str| get(k).and_then(|e| flag(&e.value)).unwrap_or(false);
    // FreeDoko's scoring: the losers earn nothing for the winners' eyes under 90 (its own
    // games: every game of the two shared parties whose winners had under 90 gives the
    // losers no point for it); one Bock round a game however many triggers fire.
    m.set("scoring.losers_under", "false");
    m.set("bock.one_per_deal", "true");
    let nines = get("with nines")
        .and_then(|e| flag(&e.value))
        .unwrap_or(true);
    let dollen = get("dollen").and_then(|e| flag(&e.value)).unwrap_or(true);
    if !nines {
        m.set("deck.ranks", r#"["A", "10", "K", "Q", "J"]"#);
    }
    let mut trumps: Vec<&str> = vec![
        "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10", "DK",
    ];
    if nines {
        trumps.push("D9");
    }
    if !dollen {
        trumps.remove(0);
    }
    if !nines || !dollen {
        let list: Vec<String> = trumps.iter().map(|t| format!("\"{t}\"")).collect();
        m.set("deck.trumps", format!("[{}]", list.join(", ")));
    }
    let mut allowed: Vec<&str> = vec!["normal", "wedding", "silent-solo"];
    let mut triggers: Vec<&str> = Vec::new();
    // No `solo` rule: solos are played (FreeDoko's default).
    let solos = get("solo").is_none_or(|e| flag(&e.value) != Some(false));
    for e in rules {
        map_one(&mut m, e, (nines, solos, &mut allowed, &mut triggers), &on);
    }
    if on("bock") {
        let list: Vec<String> = triggers.iter().map(|t| format!("\"{t}\"")).collect();
        m.set("bock.triggers", format!("[{}]", list.join(", ")));
    } else {
        m.set("bock.triggers", "[]");
    }
    // Hands thrown in are redeals.
    if on("throw with nines") || on("throw with kings") {
        allowed.push("redeal");
    }
    let list: Vec<String> = allowed.iter().map(|t| format!("\"{t}\"")).collect();
    m.set("contracts.allowed", format!("[{}]", list.join(", ")));
    m
}

/// One rule: the deck, the games and the series first, then the calls and extras, then
/// the scoring and Bock; a rule none of them knows is named.
fn map_one(
    m: &mut Mapped,
    e: &Entry,
    (nines, solos, allowed, triggers): (bool, bool, &mut Vec<&'static str>, &mut Vec<&'static str>),
    on: &dyn Fn(&str) -> bool,
) {
    let known = deck_rule(m, e, (nines, on("swines")))
        || games_rule(m, e, (solos, allowed))
        || series_rule(m, e, on)
        || calls_rule(m, e)
        || scoring_rule(m, e, triggers)
        || PLAY_ONLY.contains(&e.key.as_str())
        || DISPLAY.contains(&e.key.as_str());
    if !known {
        m.warn(e, msg!("freedoko.why_unknown"));
    }
}

/// The deck; false for a rule of another kind.
fn deck_rule(m: &mut Mapped, e: &Entry, (nines, swines): (bool, bool)) -> bool {
    let v = e.value.trim();
    let yes = flag(v) == Some(true);
    match e.key.as_str() {
        "with nines" | "dollen" | "bock" => {}
        "number of players" | "number of players in game" => {
            if number(v) != Some(4) {
                m.warn(e, msg!("freedoko.why_players"));
            }
        }
        "dollen second over first" => m.set("deck.dullen", if yes { "\"on\"" } else { "\"off\"" }),
        "dollen contrary in last trick" => {
            if yes {
                m.set("deck.dullen", "\"except-last-trick\"");
            }
        }
        "swines" => m.set("deck.schweinchen", if yes { "\"DA\"" } else { "\"\"" }),
        // Hyperswines are FreeDoko's only where swines are played (a rule under `swines`).
        "hyperswines" => {
            let card = if nines { "\"D9\"" } else { "\"DK\"" };
            m.set(
                "deck.hyperschweinchen",
                if yes && swines { card } else { "\"\"" },
            );
        }
        "swines in solo" | "hyperswines in solo" => {
            if yes {
                m.set("deck.schweinchen_in_suit_solo", "true");
            }
        }
        "genscher" => {
            if yes {
                m.set("contracts.genscher_partner", "true");
                m.set("contracts.genscher_party", "\"re\"");
            }
        }
        _ => return false,
    }
    true
}

/// The games allowed and the series; false for a rule of another kind.
fn games_rule(m: &mut Mapped, e: &Entry, (solos, allowed): (bool, &mut Vec<&'static str>)) -> bool {
    let v = e.value.trim();
    let f = flag(v);
    let yes = f == Some(true);
    let bad_value = |m: &mut Mapped| m.warn(e, msg!("freedoko.why_value"));
    match e.key.as_str() {
        "solo" => {
            if f == Some(false) {
                allowed.retain(|c| !c.starts_with("solo"));
            }
        }
        "solo king jack" | "solo king queen" => {
            if yes {
                m.unplayable.push(e.key.clone());
                m.warn(e, msg!("freedoko.why_solo"));
            }
        }
        k if solo_contracts(k).is_some() => {
            if yes && solos {
                allowed.extend(solo_contracts(k).unwrap_or_default());
            }
        }
        "solo always counts triple" => m.set(
            "scoring.solo_triple_always",
            if yes { "true" } else { "false" },
        ),
        "lustsolo player leads" => m.set(
            "contracts.every_solo_leads",
            if yes { "true" } else { "false" },
        ),
        "marriage determination" => match number(v) {
            Some(n @ 1..=12) => m.set("contracts.wedding_tricks", n.to_string()),
            _ => bad_value(m),
        },
        "marriage first foreign" if yes => m.set("contracts.wedding_partner", "[\"first-trick\"]"),
        "marriage first trump" if yes => {
            m.set("contracts.wedding_partner", "[\"first-trump-trick\"]")
        }
        "marriage first color" if yes => {
            m.set("contracts.wedding_partner", "[\"first-side-trick\"]")
        }
        "marriage first single color" if yes => m.warn(e, msg!("freedoko.why_wedding")),
        "marriage first one decides" if yes => m.set("contracts.wedding_tricks", "1"),
        k if k.starts_with("marriage first") => {}
        "poverty" => {
            if yes {
                allowed.push("poverty");
            }
        }
        "poverty shift only trump" => {
            m.set("poverty.only_trumps", if yes { "true" } else { "false" })
        }
        "poverty fox do not count" => m.set(
            "poverty.count_diamond_ace",
            if yes { "false" } else { "true" },
        ),
        _ => return false,
    }
    true
}

/// The series and the hands thrown in; false for a rule of another kind.
fn series_rule(m: &mut Mapped, e: &Entry, on: &dyn Fn(&str) -> bool) -> bool {
    let v = e.value.trim();
    let yes = flag(v) == Some(true);
    let bad_value = |m: &mut Mapped| m.warn(e, msg!("freedoko.why_value"));
    match e.key.as_str() {
        "number of duty soli" => match number(v) {
            Some(n @ 0..=255) => m.set("league.compulsory_solos", n.to_string()),
            _ => bad_value(m),
        },
        "number of duty color soli" | "number of duty picture soli" => {
            if number(v).is_some_and(|n| n > 0) {
                m.warn(e, msg!("freedoko.why_duty_kind"));
            }
        }
        "number of rounds" => {
            if on("number of rounds limited") {
                match number(v) {
                    Some(n @ 1..=16000) => m.set("league.deals", (n * 4).to_string()),
                    _ => bad_value(m),
                }
            }
        }
        "points" => {
            if on("points limited") {
                match number(v) {
                    Some(n @ 1..=1_000_000) => m.set("league.end_at", n.to_string()),
                    _ => bad_value(m),
                }
            }
        }
        "number of rounds limited" | "points limited" => {}
        "throw with nines" => {
            let n = if yes { 5 } else { 0 };
            m.set("redeal.nines", n.to_string());
        }
        "min number of throwing nines" => {
            if on("throw with nines") {
                match number(v) {
                    Some(n @ 1..=12) => m.set("redeal.nines", n.to_string()),
                    _ => bad_value(m),
                }
            }
        }
        "throw with kings" => {
            let n = if yes { 5 } else { 0 };
            m.set("redeal.kings", n.to_string());
        }
        "min number of throwing kings" => {
            if on("throw with kings") {
                match number(v) {
                    Some(n @ 1..=12) => m.set("redeal.kings", n.to_string()),
                    _ => bad_value(m),
                }
            }
        }
        "throw with nines and kings"
        | "throw with richness"
        | "throw when fox highest trump"
        | "throw with one trump" => {
            if yes {
                m.warn(e, msg!("freedoko.why_throw"));
            }
        }
        "min number of throwing nines and kings" => {}
        _ => return false,
    }
    true
}

/// The calls and the extras; false for a rule of another kind.
fn calls_rule(m: &mut Mapped, e: &Entry) -> bool {
    let yes = flag(e.value.trim()) == Some(true);
    // An extra's rule (its row's `freedoko_rule`) turns its points on or off; FreeDoko's
    // Karlchen wins the last trick.
    if let Some(row) = extra_of_rule(&e.key) {
        m.set(&format!("extras.{}", row.key), if yes { "1" } else { "0" });
        if row.extra == crate::extras::Extra::Karlchen {
            m.set("extras.karlchen_kind", "\"wins-last-trick\"");
        }
        return true;
    }
    match e.key.as_str() {
        "announcement reply" => {
            if yes {
                m.set("calls.reply", "\"announce\"");
                m.set("scoring.reply_points", "1");
            } else {
                m.set("calls.reply", "\"none\"");
            }
        }
        "announcement strict limit" => {
            if yes {
                m.set("calls.reply", "\"none\"");
            }
        }
        "announcement re/contra doubles" => {
            if yes {
                m.set("scoring.doubling", "\"each\"");
            }
        }
        "announcement contra doubles against re" => {
            if yes {
                m.warn(e, msg!("freedoko.why_doubles"));
            }
        }
        "announcement first trick thirty points" => {
            m.set("calls.zwingen", if yes { "true" } else { "false" })
        }
        "extrapoint double fox last trick"
        | "extrapoint double charlie"
        | "extrapoint catch double charlie"
        | "extrapoint catch charlie only with diamond queen" => {
            if yes {
                m.warn(e, msg!("freedoko.why_extra"));
            }
        }
        _ => return false,
    }
    true
}

/// The scoring and Bock; false for a rule of another kind.
fn scoring_rule(m: &mut Mapped, e: &Entry, triggers: &mut Vec<&'static str>) -> bool {
    let v = e.value.trim();
    let yes = flag(v) == Some(true);
    let bad_value = |m: &mut Mapped| m.warn(e, msg!("freedoko.why_value"));
    match e.key.as_str() {
        "counting" => match v {
            "plus" => m.set("scoring.sheet", "\"plus-only\""),
            "minus" => m.set("scoring.sheet", "\"minus-only\""),
            "plus-minus" | "plusminus" => m.set("scoring.sheet", "\"zero-sum\""),
            _ => bad_value(m),
        },
        "bock after 120-120" if yes => triggers.push("tie"),
        "bock after lost solo" if yes => triggers.push("solo-lost"),
        "bock after lost re/contra" if yes => triggers.extend(["re-lost", "kontra-lost"]),
        "bock after heart trick" if yes => triggers.push("heart-trick"),
        "bock after black game" if yes => triggers.push("schwarz"),
        k if k.starts_with("bock after") => {}
        "bock multiplier" => match number(v) {
            Some(n @ 2..=3) => m.set("bock.factor", n.to_string()),
            _ => bad_value(m),
        },
        "append bock" => m.set(
            "bock.stacking",
            if yes { "\"queue\"" } else { "\"multiply\"" },
        ),
        "knocking" => {
            if yes {
                m.warn(e, msg!("freedoko.why_knocking"));
            }
        }
        _ => return false,
    }
    true
}

/// The extra a FreeDoko rule turns on (`extrapoint catch fox`), by the extras' rows.
fn extra_of_rule(rule: &str) -> Option<&'static crate::extras::ExtraRow> {
    crate::extras::EXTRAS
        .iter()
        .find(|r| r.freedoko_rule == Some(rule))
}
