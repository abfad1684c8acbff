//! One deal -> who won and an itemised game value (docs/rules.md §6, §7).

use std::fmt;

use crate::calls::Call;
use crate::contract::{Contract, Party};
use crate::deal::DealFacts;
use crate::extras::SoloExtra;
use std::borrow::Cow;

use crate::lang::Text;

use crate::variant::{BockTrigger, Counting, Doubling, Profile, SchwarzBy, ValueRule};

pub mod writing;
pub use writing::Writing;
use writing::*;

/// What a party needs to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// This many eyes.
    Eyes(u16),
    /// Every trick (the party's own schwarz call).
    AllTricks,
    /// One trick (against the opponents' schwarz), or one eye where schwarz is about eyes.
    OneTrick,
    /// No trick at all (a misere).
    NoTrick,
}

impl Target {
    /// The target in the reader's language.
    pub fn text(self) -> Text {
        match self {
            Target::Eyes(e) => Text::msg("target.eyes").with("eyes", e),
            Target::AllTricks => Text::msg("target.all_tricks"),
            Target::OneTrick => Text::msg("target.one_trick"),
            Target::NoTrick => Text::msg("target.no_trick"),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

/// A party's target and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    /// What the party needs.
    pub target: Target,
    /// Why (the rule; empty where scored without detail).
    pub why: RuleText,
}

/// The text of a rule, kept only where a deal is scored with detail (where it may be
/// shown); empty otherwise. Empty, it is nothing to make and nothing to drop: an
/// archive's deals are scored without detail, several items each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleText(Option<Box<Text>>);

impl RuleText {
    /// The text `text`.
    pub fn new(text: Text) -> RuleText {
        RuleText(Some(Box::new(text)))
    }

    /// The text `text` makes, with `detail`; empty without.
    pub fn when(detail: bool, text: impl FnOnce() -> Text) -> RuleText {
        if detail {
            RuleText::new(text())
        } else {
            RuleText::default()
        }
    }

    /// The text, if it was kept.
    pub fn text(&self) -> Option<&Text> {
        self.0.as_deref()
    }

    /// The text in `lang` ("" where it was not kept).
    pub fn render(&self, lang: crate::lang::Lang) -> String {
        self.0.as_ref().map_or_else(String::new, |t| t.render(lang))
    }
}

/// English, as [`Text`] writes itself ("" where it was not kept).
impl fmt::Display for RuleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(t) => t.fmt(f),
            None => Ok(()),
        }
    }
}

/// One line of a deal's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The party the points are credited to.
    pub party: Party,
    /// Stable key, as in JSON output (`won`, `under_90`, `re_called`, `fox` ...).
    pub item: Cow<'static, str>,
    /// The item's points.
    pub points: i32,
    /// Where the rule comes from and what happened (empty where scored without detail).
    pub rule: RuleText,
    /// Where a full record saw an extra: the trick (from 1) and the seat it was caught
    /// from, if any.
    pub at: Option<crate::deal::ExtraAt>,
    /// False for a fact the profile does not score here (shown by `--explain`).
    pub scored: bool,
}

impl Item {
    /// The item's name as a player reads it ("fox caught (trick 3, from Ben)"): the trick
    /// and the player it was caught from where a full record knows them.
    pub fn label(&self, lang: crate::lang::Lang, players: &[String]) -> String {
        let name = item_name(lang, &self.item);
        match self.at {
            Some(at) => match at.from.and_then(|s| players.get(s as usize)) {
                Some(from) => {
                    crate::tr!(
                        lang,
                        "item.at_from",
                        name = name,
                        trick = at.trick,
                        player = from
                    )
                }
                None => crate::tr!(lang, "item.at", name = name, trick = at.trick),
            },
            None => name,
        }
    }
}

/// An item's name as a player reads it, from its key (`fox` -> "fox caught", `reached_90`
/// -> "90 against a call").
pub fn item_name(lang: crate::lang::Lang, item: &str) -> String {
    let key = item.replace('-', "_");
    let number = |prefix: &str| {
        key.strip_prefix(prefix)
            .filter(|n| n.parse::<u16>().is_ok())
    };
    if let Some(n) = number("eyes_") {
        crate::tr!(lang, "item.eyes_row", eyes = n)
    } else if let Some(n) = number("reached_") {
        crate::tr!(lang, "item.reached", eyes = n)
    } else {
        lang.t(&format!("item.{key}")).to_string()
    }
}

/// A scored deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealResult {
    /// The facts scored.
    pub facts: DealFacts,
    /// The party that won, if any.
    pub winner: Option<Party>,
    /// What Re and Kontra needed.
    pub goals: [Goal; 2],
    /// The items, each with its rule.
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
    pub bock_rounds: Vec<crate::scoring::BockRound>,
}

impl DealResult {
    /// A result that holds `facts` and is not scored yet ([`rescore`] scores it).
    pub fn unscored(facts: DealFacts) -> DealResult {
        let goal = || Goal {
            target: Target::Eyes(0),
            why: RuleText::default(),
        };
        DealResult {
            facts,
            winner: None,
            goals: [goal(), goal()],
            items: Vec::new(),
            re_value: 0,
            multiplier: 1,
            scores: Vec::new(),
            writing: Writing {
                sheet: Counting::ZeroSum,
                solo_triple_always: false,
            },
            bock_started: Vec::new(),
            bock_rounds: Vec::new(),
        }
    }

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
        seat_scores(
            &self.facts,
            self.re_value,
            m,
            self.writing,
            &mut self.scores,
        );
    }
}

/// Did `party` fall to schwarz: no trick, or (profile) no eyes.
fn schwarz(party: Party, facts: &DealFacts, p: &Profile) -> bool {
    match p.winning.schwarz {
        SchwarzBy::Tricks => facts.is_schwarz(party),
        SchwarzBy::Eyes => facts.eyes(party) == 0,
    }
}

/// The reason for a target set by a call: `own <call>`, or `against <the other party>'s
/// <call>`.
fn call_reason(party: Party, own: bool, call: Call) -> Text {
    if own {
        Text::msg("why.own").word("call", call.key())
    } else {
        Text::msg("why.against")
            .with("party", party.text())
            .word("call", call.key())
    }
}

/// The eyes or tricks `party` needs to win, and why (the reason only with `detail`: it is
/// written only beside the rule texts).
fn goal(party: Party, facts: &DealFacts, p: &Profile, detail: bool) -> Goal {
    let call_reason = |party, own, call| RuleText::when(detail, || call_reason(party, own, call));
    let w = &p.winning;
    if facts.contract.is_misere() {
        let target = if party == Party::Re {
            Target::NoTrick
        } else {
            Target::OneTrick
        };
        return Goal {
            target,
            why: RuleText::when(detail, || Text::msg("why.misere")),
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
            why: call_reason(party, true, call),
        };
    }
    if opp.level() > 0 {
        let call = opp.highest().unwrap_or(Call::No90);
        return Goal {
            target: target_for(opp.level(), &w.against_call_targets, Target::OneTrick),
            why: call_reason(party.other(), false, call),
        };
    }
    let only_kontra = facts.kontra_calls.announced() && !facts.re_calls.announced();
    let (target, why) = match (party, only_kontra) {
        (Party::Re, false) => (w.re_target, "why.re_target"),
        (Party::Kontra, false) => (w.kontra_target, "why.kontra_target"),
        (_, true) => (
            if party == Party::Re {
                w.only_kontra_re_target
            } else {
                w.only_kontra_kontra_target
            },
            "why.only_kontra",
        ),
    };
    Goal {
        target: Target::Eyes(target),
        why: RuleText::when(detail, || Text::msg(why)),
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
    score_facts(facts.clone(), p, true)
}

/// Scores one deal without the rule texts (for aggregates over many deals).
pub fn score_deal_brief(facts: &DealFacts, p: &Profile) -> DealResult {
    score_facts(facts.clone(), p, false)
}

/// Scores one deal, taking its facts; `detail` writes the rule text of every item.
pub fn score_facts(facts: DealFacts, p: &Profile, detail: bool) -> DealResult {
    let mut r = DealResult::unscored(facts);
    rescore(&mut r, p, detail);
    r
}

/// [`score_facts`] into `out`, a result no longer needed (an archive's deal before): its
/// item and score lists are filled again where they lie, nothing is allocated afresh and
/// nothing the size of a result is moved.
pub fn score_facts_into(facts: DealFacts, p: &Profile, detail: bool, out: &mut DealResult) {
    out.facts = facts;
    rescore(out, p, detail);
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
        rule: &dyn Fn() -> Text,
    ) {
        if points != 0 {
            let rule = RuleText::when(self.detail, rule);
            self.list.push(Item {
                party,
                item,
                points,
                rule,
                at: None,
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

/// Scores `out.facts` into `out` (a new result, or facts played into the result of a deal
/// before); the rest of `out` is made anew, in its own lists.
pub fn rescore(out: &mut DealResult, p: &Profile, detail: bool) {
    let mut list = std::mem::take(&mut out.items);
    list.clear();
    let (goals, winner, items) = judge(&mut out.facts, p, detail, list);
    let re_value = re_value(&items, winner, p);
    let multiplier = out.facts.bock.unwrap_or(1);
    let writing = Writing::of(p);
    seat_scores(&out.facts, re_value, multiplier, writing, &mut out.scores);
    out.winner = winner;
    out.goals = goals;
    out.items = items;
    out.re_value = re_value;
    out.multiplier = multiplier;
    out.writing = writing;
    out.bock_started.clear();
    out.bock_rounds.clear();
}

/// What each party needed, who won and the deal's items (made in `list`, empty).
fn judge(
    owned: &mut DealFacts,
    p: &Profile,
    detail: bool,
    list: Vec<Item>,
) -> ([Goal; 2], Option<Party>, Vec<Item>) {
    // A declared solo counts as Re called (§12; calls.solo_counts_as_re).
    if p.calls.solo_counts_as_re
        && owned.contract.is_declared_solo()
        && !owned.contract.is_misere()
        && !owned.re_calls.announced()
    {
        owned.re_calls.add(Call::Announce);
    }
    let facts = &*owned;
    let goals = [
        goal(Party::Re, facts, p, detail),
        goal(Party::Kontra, facts, p, detail),
    ];
    if facts.contract == Contract::Redeal {
        return (goals, None, list);
    }
    let re_wins = reaches(Party::Re, goals[0].target, facts, p);
    let kontra_wins = reaches(Party::Kontra, goals[1].target, facts, p);
    let winner = match (re_wins, kontra_wins) {
        (true, _) => Some(Party::Re),
        (false, true) => Some(Party::Kontra),
        (false, false) => None,
    };
    if !p.scoring.eye_table.is_empty() {
        let items = eye_table(facts, winner, p, detail, list);
        // A knock can hand the points to the party that lost on eyes.
        let winner = items.first().map(|i| i.party).or(winner);
        return (goals, winner, items);
    }
    let mut items = Items { list, detail };
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
    (goals, winner, items.list)
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
        // The eyes it had beside the target it reached ("181" read as its eyes).
        let key = if matches!(g.target, Target::Eyes(_)) {
            "rule.won_eyes"
        } else {
            "rule.won"
        };
        Text::msg(key)
            .with("party", w.text())
            .with("eyes", facts.eyes(w))
            .with("target", g.target.text())
            .with("why", g.why.text().cloned().unwrap_or_default())
    });
    if w == Party::Kontra && (!facts.is_lone() || s.defence_won_alone) {
        items.push(w, "defence_won".into(), s.defence_won, &|| {
            Text::msg("rule.defence_won")
        });
    }
    if facts.contract == Contract::MisereOuvert {
        items.push(w, "ouvert".into(), p.contracts.misere_ouvert_bonus, &|| {
            Text::msg("rule.ouvert")
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
                    Text::msg("rule.under")
                        .with("party", loser.text())
                        .with("eyes", eyes)
                        .with("threshold", thr)
                        .with("cite", key)
                });
            } else if failed > i as u8 {
                items.push(e, UNDER[i].into(), s.under, &|| {
                    Text::msg("rule.failed_own")
                        .with("party", loser.text())
                        .with("threshold", thr)
                });
            }
        }
        if schwarz(loser, facts, p) {
            let what = if p.winning.schwarz == SchwarzBy::Eyes {
                "rule.schwarz_eyes"
            } else {
                "rule.schwarz_tricks"
            };
            items.push(e, "schwarz".into(), s.under, &|| {
                Text::msg(what)
                    .with("party", loser.text())
                    .with("cite", key)
            });
        } else if failed >= 4 {
            items.push(e, "schwarz".into(), s.under, &|| {
                Text::msg("rule.failed_schwarz").with("party", loser.text())
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
                    Text::msg("rule.replied").with("party", party.text())
                });
            } else {
                for _ in 0..times {
                    items.push(to, key.into(), s.announce, &|| {
                        Text::msg("rule.called").with("party", party.text())
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
                &|| {
                    Text::msg("rule.call_level")
                        .with("party", party.text())
                        .word("call", call.key())
                },
            );
        }
    }
    if facts.re_calls.announced() && facts.kontra_calls.announced() {
        items.push(w, "both_called".into(), s.both_called, &|| {
            Text::msg("rule.both_called")
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
                    let cite = if winner.is_none() {
                        "§7.1; scoring.reached_against, scoring.nobody_wins_reached"
                    } else {
                        "§7.1; scoring.reached_against"
                    };
                    Text::msg("rule.reached")
                        .with("party", e.text())
                        .with("threshold", thr)
                        .with("other", e.other().text())
                        .word("call", call.key())
                        .with("cite", cite)
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
    let mut extra_item =
        |party: Party, solo: SoloExtra, points: i32, at: Option<crate::deal::ExtraAt>| {
            let name = match solo {
                SoloExtra::Extra(x) => x.name(),
                SoloExtra::AgainstTheOld => "against_the_old",
            };
            let (scored, why) = if points == 0 {
                (false, "")
            } else if misere {
                (false, "rule.no_extras_misere")
            } else if lone && !p.scored_in_solos(solo) {
                (false, "rule.no_extras_alone")
            } else if !extras_count {
                (false, "rule.no_extras_nobody")
            } else if facts.schweinchen && name.starts_with("fox") {
                (false, "rule.no_fox_schweinchen")
            } else {
                (true, "")
            };
            // The profile key, written only where the rule is (an allocation an extra).
            let key = || name.replace('-', "_");
            let rule = match (items.detail, scored) {
                (false, _) => RuleText::default(),
                (true, true) => RuleText::new(
                    Text::msg("rule.extra")
                        .with("what", describe(solo, party))
                        .with("key", key()),
                ),
                (true, false) if points == 0 => RuleText::new(
                    Text::msg("rule.extra_zero")
                        .with("what", describe(solo, party))
                        .with("profile", p.name.clone())
                        .with("key", key()),
                ),
                (true, false) => RuleText::new(
                    Text::msg("rule.extra_off")
                        .with("what", describe(solo, party))
                        .word("why", why),
                ),
            };
            items.list.push(Item {
                party,
                item: name.into(),
                points: if scored { points } else { 0 },
                rule,
                at,
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
            None,
        );
    }
    for party in [Party::Re, Party::Kontra] {
        let found = facts.extras(party);
        for (k, &x) in found.iter().enumerate() {
            // The n-th extra of a kind is the n-th place the record saw it.
            let nth = found[..k].iter().filter(|&&s| s == x).count();
            let at = facts
                .extras_at
                .iter()
                .filter(|a| a.party == party && a.extra == x)
                .nth(nth)
                .copied();
            extra_item(party, SoloExtra::Extra(x), p.extra_points(x), at);
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
        let key = if s.doubling_extras {
            "rule.doubled_extras"
        } else {
            "rule.doubled"
        };
        for party in [Party::Re, Party::Kontra] {
            let base = items.sum(party, doubled);
            items.push(party, "doubled".into(), base * (factor - 1), &|| {
                Text::msg(key).with("factor", factor)
            });
        }
    }
    if facts.is_lone() && s.solo_factor > 1 {
        for party in [Party::Re, Party::Kontra] {
            let base = items.sum(party, items.list.len());
            items.push(party, "solo".into(), base * (s.solo_factor - 1), &|| {
                Text::msg("rule.solo_factor").with("factor", s.solo_factor)
            });
        }
    }
}

/// What happened, for an extra's rule text: "Re caught a fox".
fn describe(x: SoloExtra, party: Party) -> Text {
    // An extra's words are the catalogue's `did.<key>` (its row's key).
    let key = match x {
        SoloExtra::AgainstTheOld => "did.against_the_old".to_string(),
        SoloExtra::Extra(x) => format!("did.{}", x.row().key),
    };
    Text::msg(key).with("party", party.text())
}

/// Game points from a table of eyes (Kloepper, docs/rules.md §8.5): the winning party scores
/// the highest band its eyes reach, or the all-tricks row; knocking replaces either.
fn eye_table(
    facts: &DealFacts,
    winner: Option<Party>,
    p: &Profile,
    detail: bool,
    mut list: Vec<Item>,
) -> Vec<Item> {
    use crate::deal::Knock;
    let Some(w) = winner else {
        return list;
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
    // The rule's text is made only with detail (an archive's deal shows none).
    let item = |party: Party, key: Cow<'static, str>, points: i32, rule: &dyn Fn() -> Text| Item {
        party,
        item: key,
        points,
        rule: RuleText::when(detail, rule),
        at: None,
        scored: true,
    };
    // A lone knock, or a knock answered: all or nothing, every trick to Re or one trick
    // to the opponents.
    let all_or_nothing = match facts.knock {
        Some(Knock::Re) if lone => Some(("knocked_alone", k.alone, "rule.knocked_alone")),
        Some(Knock::Both) => Some(("knocked_back", k.knocked_back, "rule.knocked_back")),
        _ => None,
    };
    if let Some((key, points, what)) = all_or_nothing {
        let (to, how) = if facts.is_schwarz(Party::Kontra) {
            (Party::Re, "rule.knock_re_all")
        } else {
            (Party::Kontra, "rule.knock_opponents_trick")
        };
        list.push(item(to, key.into(), points, &|| {
            Text::msg("rule.knock").word("what", what).word("how", how)
        }));
        return list;
    }
    if facts.knock == Some(Knock::Re) && w == Party::Re && all {
        list.push(item(w, "knocked_all_tricks".into(), k.all_tricks, &|| {
            Text::msg("rule.knocked_all_tricks")
        }));
        return list;
    }
    let all_row = column(&p.scoring.eye_table_all_tricks);
    if all && all_row != 0 {
        list.push(item(w, "all_tricks".into(), all_row, &|| {
            Text::msg("rule.all_tricks").with("party", w.text())
        }));
        return list;
    }
    let band = p
        .scoring
        .eye_table
        .iter()
        .filter(|b| eyes >= b.from && column(b) != 0)
        .max_by_key(|b| b.from);
    if let Some(b) = band {
        list.push(item(
            w,
            format!("eyes_{}", b.from).into(),
            column(b),
            &|| {
                Text::msg("rule.eye_row")
                    .with("party", w.text())
                    .with("eyes", eyes)
                    .with("from", b.from)
            },
        ));
    }
    list
}

/// The net points of the Re party from the items that count.
fn re_value(items: &[Item], winner: Option<Party>, p: &Profile) -> i32 {
    match p.scoring.value {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::generate::{default_players, random_deal},
        rng::Rng,
    };

    /// A result scored into again and again (as an archive's deals are) is the result of
    /// scoring each deal afresh, under every built-in profile, with and without the rule
    /// texts; a Bock round set on the result before does not stay.
    #[test]
    fn a_result_scored_into_again_is_the_fresh_result() {
        for name in crate::variant::load::builtin_names() {
            let p = Profile::load(name, &[]).unwrap();
            let players = default_players(&p);
            let mut rng = Rng::new(17);
            for detail in [false, true] {
                let mut reused: Option<DealResult> = None;
                for number in 1..=150 {
                    let dealer = number % players.len();
                    let record = random_deal(&p, &players, dealer, number, &mut rng);
                    let Ok(facts) = crate::play::play(&record, &p) else {
                        continue;
                    };
                    let fresh = score_facts(facts.clone(), &p, detail);
                    match &mut reused {
                        Some(r) => {
                            r.set_multiplier(2);
                            r.bock_started.push(crate::variant::BockTrigger::Tie);
                            score_facts_into(facts, &p, detail, r);
                        }
                        None => reused = Some(score_facts(facts, &p, detail)),
                    }
                    assert_eq!(reused.as_ref(), Some(&fresh), "{name}, deal {number}");
                }
            }
        }
    }
}
