//! One deal -> who won and an itemised game value (docs/rules.md §6, §7).

use std::fmt;

use crate::calls::Call;
use crate::contract::{Contract, Party};
use crate::deal::DealFacts;
use crate::extras::{Extra, SoloExtra};
use std::borrow::Cow;

use crate::variant::{BockTrigger, Doubling, Profile, SchwarzBy, Sheet, ValueRule};

/// What a party needs to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Eyes(u16),
    /// Every trick (the party's own schwarz call).
    AllTricks,
    /// One trick (against the opponents' schwarz), or one eye where schwarz is about eyes.
    OneTrick,
    /// No trick at all (a misere).
    NoTrick,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Eyes(e) => write!(f, "{e} eyes"),
            Target::AllTricks => f.write_str("every trick"),
            Target::OneTrick => f.write_str("one trick"),
            Target::NoTrick => f.write_str("no trick"),
        }
    }
}

/// A party's target and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub target: Target,
    pub why: Cow<'static, str>,
}

/// One line of a deal's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The party the points are credited to.
    pub party: Party,
    /// Stable key, as in JSON output (`won`, `under_90`, `re_called`, `fox` ...).
    pub item: Cow<'static, str>,
    pub points: i32,
    /// Where the rule comes from and what happened.
    pub rule: String,
    /// False for a fact the profile does not score here (shown by `--explain`).
    pub scored: bool,
}

/// A scored deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealResult {
    pub facts: DealFacts,
    pub winner: Option<Party>,
    pub goals: [Goal; 2],
    pub items: Vec<Item>,
    /// Net points of the Re party (one Re player in a 2-2 game), before solo factor and
    /// multiplier.
    pub re_value: i32,
    /// Multiplier (Bock); 1 unless the sheet or the session says otherwise.
    pub multiplier: u32,
    /// Points of each seat, multiplier included.
    pub scores: Vec<i64>,
    /// How the value is written on the sheet.
    pub writing: Writing,
    /// Bock rounds this deal starts (set by the session).
    pub bock_started: Vec<BockTrigger>,
    /// The Bock rounds that made its multiplier (set by the session; empty where the sheet
    /// forces the multiplier).
    pub bock_rounds: Vec<crate::scoring::session::BockRound>,
}

impl DealResult {
    /// The game value from the winner's side (from Re's side when nobody wins).
    pub fn value(&self) -> i32 {
        match self.winner {
            Some(Party::Kontra) => -self.re_value,
            _ => self.re_value,
        }
    }

    /// Applies a multiplier and recomputes the seat scores.
    pub fn set_multiplier(&mut self, m: u32) {
        if m == self.multiplier {
            return;
        }
        self.multiplier = m;
        self.scores = seat_scores(&self.facts, self.re_value, m, self.writing);
    }
}

/// Did `party` fall to schwarz: no trick, or (profile) no eyes.
fn schwarz(party: Party, facts: &DealFacts, p: &Profile) -> bool {
    match p.winning.schwarz {
        SchwarzBy::Tricks => facts.is_schwarz(party),
        SchwarzBy::Eyes => facts.eyes(party) == 0,
    }
}

/// The reason for a target set by a call, by [`Call`]: `own <call>`, and `against <the
/// other party>'s <call>` by the party that called (written out: goals are set every deal).
const OWN: [&str; 5] = [
    "own Re/Kontra",
    "own no 90",
    "own no 60",
    "own no 30",
    "own schwarz",
];
const AGAINST: [[&str; 5]; 2] = [
    [
        "against Re's Re/Kontra",
        "against Re's no 90",
        "against Re's no 60",
        "against Re's no 30",
        "against Re's schwarz",
    ],
    [
        "against Kontra's Re/Kontra",
        "against Kontra's no 90",
        "against Kontra's no 60",
        "against Kontra's no 30",
        "against Kontra's schwarz",
    ],
];

fn goal(party: Party, facts: &DealFacts, p: &Profile) -> Goal {
    let w = &p.winning;
    if facts.contract.is_misere() {
        let target = if party == Party::Re {
            Target::NoTrick
        } else {
            Target::OneTrick
        };
        return Goal {
            target,
            why: "misere".into(),
        };
    }
    let own = facts.calls(party);
    let opp = facts.calls(party.other());
    let target_for = |level: u8, table: &[u16; 3], extreme: Target| match level {
        4 => extreme,
        l => Target::Eyes(table[l as usize - 1]),
    };
    if own.level() > 0 {
        let call = own.highest().unwrap_or(Call::No90);
        return Goal {
            target: target_for(own.level(), &w.own_call_targets, Target::AllTricks),
            why: OWN[call as usize].into(),
        };
    }
    if opp.level() > 0 {
        let call = opp.highest().unwrap_or(Call::No90);
        return Goal {
            target: target_for(opp.level(), &w.against_call_targets, Target::OneTrick),
            why: AGAINST[party.other() as usize][call as usize].into(),
        };
    }
    let only_kontra = facts.kontra_calls.announced() && !facts.re_calls.announced();
    let (target, why) = match (party, only_kontra) {
        (Party::Re, false) => (w.re_target, "Re's target"),
        (Party::Kontra, false) => (w.kontra_target, "Kontra's target"),
        (Party::Re, true) => (w.only_kontra_re_target, "only Kontra called"),
        (Party::Kontra, true) => (w.only_kontra_kontra_target, "only Kontra called"),
    };
    Goal {
        target: Target::Eyes(target),
        why: Cow::Borrowed(why),
    }
}

fn reaches(party: Party, target: Target, facts: &DealFacts, p: &Profile) -> bool {
    match target {
        Target::Eyes(e) => facts.eyes(party) >= e,
        Target::AllTricks => schwarz(party.other(), facts, p),
        Target::OneTrick if p.winning.schwarz == SchwarzBy::Eyes && !facts.contract.is_misere() => {
            facts.eyes(party) > 0
        }
        Target::OneTrick => !facts.is_schwarz(party),
        Target::NoTrick => facts.is_schwarz(party),
    }
}

/// Scores one deal under a profile, with the rule text of every item.
pub fn score_deal(facts: &DealFacts, p: &Profile) -> DealResult {
    score(facts.clone(), p, true)
}

/// Scores one deal without the rule texts (for aggregates over many deals).
pub fn score_deal_brief(facts: &DealFacts, p: &Profile) -> DealResult {
    score(facts.clone(), p, false)
}

/// Scores one deal, taking its facts; `detail` writes the rule text of every item.
pub fn score_facts(facts: DealFacts, p: &Profile, detail: bool) -> DealResult {
    score(facts, p, detail)
}

const UNDER: [&str; 3] = ["under_90", "under_60", "under_30"];
const LEVELS: [[&str; 4]; 2] = [
    ["re_no90", "re_no60", "re_no30", "re_schwarz"],
    [
        "kontra_no90",
        "kontra_no60",
        "kontra_no30",
        "kontra_schwarz",
    ],
];

fn reached_key(thr: u16) -> Cow<'static, str> {
    match thr {
        120 => "reached_120".into(),
        90 => "reached_90".into(),
        60 => "reached_60".into(),
        30 => "reached_30".into(),
        t => format!("reached_{t}").into(),
    }
}

/// A deal's items as they are made; the rule text is only written when it will be shown.
struct Items {
    list: Vec<Item>,
    detail: bool,
}

impl Items {
    /// Adds an item that counts, unless it is worth nothing.
    fn push(
        &mut self,
        party: Party,
        item: Cow<'static, str>,
        points: i32,
        rule: &dyn Fn() -> String,
    ) {
        if points != 0 {
            let rule = if self.detail { rule() } else { String::new() };
            self.list.push(Item {
                party,
                item,
                points,
                rule,
                scored: true,
            });
        }
    }

    /// The points of the items that count for `party` among the first `n`.
    fn sum(&self, party: Party, n: usize) -> i32 {
        self.list[..n]
            .iter()
            .filter(|i| i.scored && i.party == party)
            .map(|i| i.points)
            .sum()
    }
}

fn score(mut owned: DealFacts, p: &Profile, detail: bool) -> DealResult {
    // A declared solo counts as Re called (§12; calls.solo_counts_as_re).
    if p.calls.solo_counts_as_re
        && owned.contract.is_declared_solo()
        && !owned.contract.is_misere()
        && !owned.re_calls.announced()
    {
        owned.re_calls.add(Call::Announce);
    }
    let facts = &owned;
    let goals = [goal(Party::Re, facts, p), goal(Party::Kontra, facts, p)];
    if facts.contract == Contract::Redeal {
        return finish(owned, None, goals, Vec::new(), p);
    }
    let re_wins = reaches(Party::Re, goals[0].target, facts, p);
    let kontra_wins = reaches(Party::Kontra, goals[1].target, facts, p);
    let winner = match (re_wins, kontra_wins) {
        (true, _) => Some(Party::Re),
        (false, true) => Some(Party::Kontra),
        (false, false) => None,
    };
    if !p.scoring.eye_table.is_empty() {
        let items = eye_table(facts, winner, p, detail);
        // A knock can hand the points to the party that lost on eyes.
        let winner = items.first().map(|i| i.party).or(winner);
        return finish(owned, winner, goals, items, p);
    }
    let mut items = Items {
        list: Vec::with_capacity(12),
        detail,
    };
    game_items(&mut items, facts, p, winner, &goals);
    // Parties that may earn "under" and "reached against" items (none in a misere).
    let earners: &[Party] = match winner {
        _ if facts.contract.is_misere() => &[],
        Some(Party::Re) => &[Party::Re],
        Some(Party::Kontra) => &[Party::Kontra],
        None => &[Party::Re, Party::Kontra],
    };
    under_items(&mut items, facts, p, winner, earners);
    // The losers' own "under" items, subtracted by the net value (§12).
    if p.scoring.losers_under
        && !facts.contract.is_misere()
        && let Some(w) = winner
    {
        under_items(&mut items, facts, p, winner, &[w.other()]);
    }
    call_items(&mut items, facts, p, winner);
    reached_items(&mut items, facts, p, winner, earners);
    // The items before the extras (doubled without them, where the profile says so).
    let extras_from = items.list.len();
    extra_items(&mut items, facts, p, winner);
    multiplier_items(&mut items, facts, p, extras_from);
    finish(owned, winner, goals, items.list, p)
}

/// Won, the defence won, a misere played open.
fn game_items(
    items: &mut Items,
    facts: &DealFacts,
    p: &Profile,
    winner: Option<Party>,
    goals: &[Goal; 2],
) {
    let s = &p.scoring;
    let Some(w) = winner else {
        return;
    };
    let g = &goals[w as usize];
    items.push(w, "won".into(), s.won, &|| {
        format!("{w} reached {} ({}) (§7.1; scoring.won)", g.target, g.why)
    });
    if w == Party::Kontra && (!facts.is_lone() || s.defence_won_alone) {
        items.push(w, "defence_won".into(), s.defence_won, &|| {
            "the defence won (§8.2, §8.3; scoring.defence_won)".into()
        });
    }
    if facts.contract == Contract::MisereOuvert {
        items.push(w, "ouvert".into(), p.contracts.misere_ouvert_bonus, &|| {
            "misere played open (§9.6; contracts.misere_ouvert_bonus)".into()
        });
    }
}

/// Under 90, 60, 30 and schwarz, for each party that may earn them.
fn under_items(
    items: &mut Items,
    facts: &DealFacts,
    p: &Profile,
    winner: Option<Party>,
    earners: &[Party],
) {
    let s = &p.scoring;
    if winner.is_none() && !s.nobody_wins_under {
        return;
    }
    for &e in earners {
        let loser = e.other();
        // A loser that failed its own calls counts as fallen under them (9.11).
        let failed = if s.failed_calls_as_made && winner == Some(e) {
            facts.calls(loser).level()
        } else {
            0
        };
        // The losers' items (scoring.losers_under) say which key gives them.
        let key = match winner {
            Some(w) if w != e => "§12; scoring.losers_under",
            Some(_) => "§7.1; scoring.under",
            // Nobody won: scored because the profile says so.
            None => "§7.1; scoring.under, scoring.nobody_wins_under",
        };
        for (i, &thr) in s.under_thresholds.iter().enumerate() {
            let eyes = facts.eyes(loser);
            if eyes < thr {
                items.push(e, UNDER[i].into(), s.under, &|| {
                    format!("{loser} has {eyes} eyes, under {thr} ({key})")
                });
            } else if failed > i as u8 {
                items.push(e, UNDER[i].into(), s.under, &|| {
                    format!("{loser} failed its own no {thr}: scored as if under {thr} (§9.11; scoring.failed_calls_as_made)")
                });
            }
        }
        if schwarz(loser, facts, p) {
            let what = if p.winning.schwarz == SchwarzBy::Eyes {
                "took no eyes"
            } else {
                "won no trick"
            };
            items.push(e, "schwarz".into(), s.under, &|| {
                format!("{loser} {what} ({key})")
            });
        } else if failed >= 4 {
            items.push(e, "schwarz".into(), s.under, &|| {
                format!("{loser} failed its own schwarz: scored as if schwarz (§9.11; scoring.failed_calls_as_made)")
            });
        }
    }
}

/// Re and Kontra called, each call level, both called.
fn call_items(items: &mut Items, facts: &DealFacts, p: &Profile, winner: Option<Party>) {
    let s = &p.scoring;
    let Some(w) = winner else {
        return;
    };
    for party in [Party::Re, Party::Kontra] {
        let calls = facts.calls(party);
        let scored_reply = scored_reply(calls, p);
        if calls.announced() && (s.doubling == Doubling::None || scored_reply) {
            let key = if party == Party::Re {
                "re_called"
            } else {
                "kontra_called"
            };
            // Where every item counts (the wiki), a call scores for its caller.
            let to = if s.value == ValueRule::Sum { party } else { w };
            // The wiki: each player who said it scores her word.
            let times = if s.announce_per_caller {
                i32::from(calls.callers().max(1))
            } else {
                1
            };
            if scored_reply {
                let key = if party == Party::Re {
                    "re_replied"
                } else {
                    "kontra_replied"
                };
                items.push(to, key.into(), s.reply_points, &|| {
                    format!("{party} was said only as a reply (§12; scoring.reply_points)")
                });
            } else {
                for _ in 0..times {
                    items.push(to, key.into(), s.announce, &|| {
                        format!("{party} was called (§7.1; scoring.announce)")
                    });
                }
            }
        }
        if facts.contract.is_misere() {
            continue;
        }
        for level in 1..=calls.level() {
            let call = Call::from_level(level).unwrap_or(Call::Schwarz);
            items.push(
                w,
                LEVELS[party as usize][level as usize - 1].into(),
                s.call_level,
                &|| format!("{party} called {call} (§7.1; scoring.call_level)"),
            );
        }
    }
    if facts.re_calls.announced() && facts.kontra_calls.announced() {
        items.push(w, "both_called".into(), s.both_called, &|| {
            "Re and Kontra both called (§8.2; scoring.both_called)".into()
        });
    }
}

/// Is this party's Re/Kontra a late reply that scores on its own (`scoring.reply_points`)
/// instead of as a Re/Kontra?
fn scored_reply(calls: crate::calls::PartyCalls, p: &Profile) -> bool {
    calls.is_reply() && p.scoring.reply_points != 0
}

/// Eyes reached against the opponents' no 90, no 60, no 30, schwarz.
fn reached_items(
    items: &mut Items,
    facts: &DealFacts,
    p: &Profile,
    winner: Option<Party>,
    earners: &[Party],
) {
    let s = &p.scoring;
    if (winner.is_none() && !s.nobody_wins_reached) || s.failed_calls_as_made {
        return;
    }
    for &e in earners {
        for level in 1..=facts.calls(e.other()).level() {
            let thr = s.reached_thresholds[level as usize - 1];
            if facts.eyes(e) >= thr {
                let call = Call::from_level(level).unwrap_or(Call::Schwarz);
                items.push(e, reached_key(thr), s.reached_against, &|| {
                    let nobody = if winner.is_none() {
                        ", scoring.nobody_wins_reached"
                    } else {
                        ""
                    };
                    format!(
                        "{e} reached {thr} against {}'s {call} (§7.1; scoring.reached_against{nobody})",
                        e.other()
                    )
                });
            }
        }
    }
}

/// The extras (7.2), netted between the parties; listed with why when they do not count.
fn extra_items(items: &mut Items, facts: &DealFacts, p: &Profile, winner: Option<Party>) {
    let lone = facts.is_lone();
    let misere = facts.contract.is_misere();
    let extras_count = winner.is_some() || p.extras.when_nobody_wins;
    let mut extra_item = |party: Party, solo: SoloExtra, points: i32, what: &dyn Fn() -> String| {
        let name = match solo {
            SoloExtra::Extra(x) => x.name(),
            SoloExtra::AgainstTheOld => "against_the_old",
        };
        let (scored, why) = if points == 0 {
            (false, "not scored under profile")
        } else if misere {
            (false, "no extras in a misere (§9.6)")
        } else if lone && !p.scored_in_solos(solo) {
            (
                false,
                "not scored when one plays alone (§7.2; extras.in_solos)",
            )
        } else if !extras_count {
            (
                false,
                "not scored when nobody wins (§7.3; extras.when_nobody_wins)",
            )
        } else if facts.schweinchen && name.starts_with("fox") {
            (
                false,
                "no fox points after Schweinchen (§9.3; deck.schweinchen)",
            )
        } else {
            (true, "")
        };
        let rule = match (items.detail, scored) {
            (false, _) => String::new(),
            (true, true) => format!("{} (§7.2; extras.{})", what(), name.replace('-', "_")),
            (true, false) if points == 0 => format!(
                "{}: {why} {} (§7.2; extras.{} = 0)",
                what(),
                p.name,
                name.replace('-', "_")
            ),
            (true, false) => format!("{}: {why}", what()),
        };
        items.list.push(Item {
            party,
            item: name.into(),
            points: if scored { points } else { 0 },
            rule,
            scored,
        });
    };
    // The ♦Q holders of a "solo addition" are not the ♣Q party ("the old"): no item.
    if winner == Some(Party::Kontra)
        && facts.contract != Contract::DiamondQueens
        && (p.extras.against_the_old_at_tie || facts.re_eyes != facts.kontra_eyes)
    {
        extra_item(
            Party::Kontra,
            SoloExtra::AgainstTheOld,
            p.extras.against_the_old,
            &|| "Kontra beat the ♣Q party: gegen die Alten".into(),
        );
    }
    for party in [Party::Re, Party::Kontra] {
        for &x in facts.extras(party) {
            extra_item(party, SoloExtra::Extra(x), p.extra_points(x), &|| {
                describe(x, party)
            });
        }
    }
}

/// Multipliers, shown as items of their own so that --explain says why: Re/Kontra
/// doubling (9.1) and the solo factor (9.11).
fn multiplier_items(items: &mut Items, facts: &DealFacts, p: &Profile, extras_from: usize) {
    let s = &p.scoring;
    // A reply scored on its own (scoring.reply_points) doubles nothing.
    let doubles = |c: crate::calls::PartyCalls| u32::from(c.announced() && !scored_reply(c, p));
    let announced = doubles(facts.re_calls) + doubles(facts.kontra_calls);
    let doublings = match s.doubling {
        Doubling::None => 0,
        Doubling::Once => announced.min(1),
        Doubling::Each => announced,
    };
    if doublings > 0 {
        let factor = 1i32 << doublings;
        let doubled = if s.doubling_extras {
            items.list.len()
        } else {
            extras_from
        };
        let with = if s.doubling_extras {
            " with the extras"
        } else {
            ""
        };
        for party in [Party::Re, Party::Kontra] {
            let base = items.sum(party, doubled);
            items.push(party, "doubled".into(), base * (factor - 1), &|| {
                format!("Re/Kontra doubles{with}: x{factor} (§9.1; scoring.doubling)")
            });
        }
    }
    if facts.is_lone() && s.solo_factor > 1 {
        for party in [Party::Re, Party::Kontra] {
            let base = items.sum(party, items.list.len());
            items.push(party, "solo".into(), base * (s.solo_factor - 1), &|| {
                format!(
                    "a solo counts x{} (§9.11; scoring.solo_factor)",
                    s.solo_factor
                )
            });
        }
    }
}

fn describe(x: Extra, party: Party) -> String {
    match x {
        Extra::Fox => format!("{party} caught a fox"),
        Extra::Karlchen => format!("{party}'s ♣J won the last trick: Karlchen"),
        Extra::KarlchenCaught => format!("{party} caught a Karlchen in the last trick"),
        Extra::Doppelkopf => format!("{party} won a Doppelkopf"),
        Extra::FoxLastTrick => format!("{party} caught a fox in the last trick"),
        Extra::HeartTrick => format!("{party} won a trick of four hearts"),
        Extra::DulleCaught => format!("{party} caught a Dulle"),
        Extra::FoxFirstTrick => format!("{party} caught a fox in the first trick"),
        Extra::ClubQueen => format!("{party} played a ♣Q"),
        Extra::FoxWinsLastTrick => format!("{party}'s ♦A won the last trick"),
        Extra::DulleJabsDulle => format!("{party}'s ♥10 beat the other ♥10"),
    }
}

/// Game points from a table of eyes (Kloepper, docs/rules.md §8.5): the winning party scores
/// the highest band its eyes reach, or the all-tricks row; knocking replaces either.
fn eye_table(facts: &DealFacts, winner: Option<Party>, p: &Profile, detail: bool) -> Vec<Item> {
    use crate::deal::Knock;
    let Some(w) = winner else {
        return Vec::new();
    };
    let lone = facts.size(Party::Re) == 1;
    let column = |b: &crate::variant::EyeBand| match (w, lone) {
        (Party::Re, false) => b.re,
        (Party::Kontra, false) => b.kontra,
        (Party::Re, true) => b.re_alone,
        (Party::Kontra, true) => b.kontra_alone,
    };
    let eyes = facts.eyes(w);
    let all = facts.is_schwarz(w.other());
    let k = &p.knocking;
    let item = |party: Party, key: Cow<'static, str>, points: i32, rule: String| Item {
        party,
        item: key,
        points,
        rule: if detail { rule } else { String::new() },
        scored: true,
    };
    // A lone knock, or a knock answered: all or nothing, every trick to Re or one trick
    // to the opponents.
    let all_or_nothing = match facts.knock {
        Some(Knock::Re) if lone => Some(("knocked_alone", k.alone, "the lone player knocked")),
        Some(Knock::Both) => Some(("knocked_back", k.knocked_back, "knocked back")),
        _ => None,
    };
    if let Some((key, points, what)) = all_or_nothing {
        let (to, how) = if facts.is_schwarz(Party::Kontra) {
            (Party::Re, "Re took every trick")
        } else {
            (Party::Kontra, "the opponents took a trick")
        };
        return vec![item(
            to,
            key.into(),
            points,
            format!("{what}, and {how} (§8.5; knocking)"),
        )];
    }
    if facts.knock == Some(Knock::Re) && w == Party::Re && all {
        return vec![item(
            w,
            "knocked_all_tricks".into(),
            k.all_tricks,
            "Re knocked and took every trick (§8.5; knocking.all_tricks)".into(),
        )];
    }
    let all_row = column(&p.scoring.eye_table_all_tricks);
    if all && all_row != 0 {
        return vec![item(
            w,
            "all_tricks".into(),
            all_row,
            format!("{w} took every trick (§8.5; scoring.eye_table_all_tricks)"),
        )];
    }
    let band = p
        .scoring
        .eye_table
        .iter()
        .filter(|b| eyes >= b.from && column(b) != 0)
        .max_by_key(|b| b.from);
    match band {
        Some(b) => vec![item(
            w,
            format!("eyes_{}", b.from).into(),
            column(b),
            format!(
                "{w} took {eyes} eyes: the row from {} (§8.5; scoring.eye_table)",
                b.from
            ),
        )],
        None => Vec::new(),
    }
}

fn finish(
    facts: DealFacts,
    winner: Option<Party>,
    goals: [Goal; 2],
    items: Vec<Item>,
    p: &Profile,
) -> DealResult {
    let re_value: i32 = match p.scoring.value {
        ValueRule::Net => items
            .iter()
            .filter(|i| i.scored)
            .map(|i| {
                if i.party == Party::Re {
                    i.points
                } else {
                    -i.points
                }
            })
            .sum(),
        // Every point of both parties goes to the winners (the wiki).
        ValueRule::Sum => {
            let total: i32 = items.iter().filter(|i| i.scored).map(|i| i.points).sum();
            match winner {
                Some(Party::Re) => total,
                Some(Party::Kontra) => -total,
                None => 0,
            }
        }
    };
    let multiplier = facts.bock.unwrap_or(1);
    let writing = Writing::of(p);
    let scores = seat_scores(&facts, re_value, multiplier, writing);
    DealResult {
        facts,
        winner,
        goals,
        items,
        re_value,
        multiplier,
        scores,
        writing,
        bock_started: Vec::new(),
        bock_rounds: Vec::new(),
    }
}

/// How the value is written (docs/rules.md §7.4, §12): the sheet and whether a lone
/// player's opponents write three times too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Writing {
    pub sheet: Sheet,
    pub solo_triple_always: bool,
}

impl Writing {
    pub fn of(p: &Profile) -> Writing {
        Writing {
            sheet: p.scoring.sheet,
            solo_triple_always: p.scoring.solo_triple_always,
        }
    }
}

/// Zero-sum sheet: each player of a party gets the party's value; a lone player gets it
/// once for each opponent (docs/rules.md §7.4). Plus-only and minus-only sheets keep the
/// writing side's entries; a lone player's opponents write as much as she would where
/// `solo_triple_always` says so. Seats that sit out get 0.
fn seat_scores(facts: &DealFacts, re_value: i32, multiplier: u32, writing: Writing) -> Vec<i64> {
    let sheet = writing.sheet;
    let [re, kontra] = facts.sizes().map(|n| n as i64);
    let v = re_value as i64 * multiplier as i64;
    let one_sided = matches!(sheet, Sheet::PlusOnly | Sheet::MinusOnly);
    let (re_each, kontra_each) = if sheet == Sheet::PlusEach {
        (v, -v)
    } else if re == 1 && kontra > 1 {
        let each = if one_sided && writing.solo_triple_always {
            -v * kontra
        } else {
            -v
        };
        (v * kontra, each)
    } else if kontra == 1 && re > 1 {
        let each = if one_sided && writing.solo_triple_always {
            v * re
        } else {
            v
        };
        (each, -v * re)
    } else {
        (v, -v)
    };
    // Plus-only: only the side that scores writes its points; minus-only: only the side
    // that loses.
    let written = |v: i64| match sheet {
        Sheet::ZeroSum => v,
        Sheet::PlusOnly | Sheet::PlusEach => v.max(0),
        Sheet::MinusOnly => v.min(0),
    };
    facts
        .roles
        .iter()
        .map(|r| match r.party() {
            Some(Party::Re) => written(re_each),
            Some(Party::Kontra) => written(kontra_each),
            None => 0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_reasons_are_the_calls_as_displayed() {
        for call in Call::ALL {
            assert_eq!(OWN[call as usize], format!("own {call}"));
            for party in [Party::Re, Party::Kontra] {
                assert_eq!(
                    AGAINST[party as usize][call as usize],
                    format!("against {party}'s {call}")
                );
            }
        }
    }
}
