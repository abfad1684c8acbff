//! One deal -> who won and an itemised game value (`rules.md` sections 6 and 7).

use std::fmt;

use crate::calls::Call;
use crate::contract::{Contract, Party};
use crate::deal::DealFacts;
use crate::extras::Extra;
use crate::variant::Profile;

/// What a party needs to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Eyes(u16),
    /// Every trick (the party's own schwarz call).
    AllTricks,
    /// One trick (against the opponents' schwarz).
    OneTrick,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Eyes(e) => write!(f, "{e} eyes"),
            Target::AllTricks => f.write_str("every trick"),
            Target::OneTrick => f.write_str("one trick"),
        }
    }
}

/// A party's target and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub target: Target,
    pub why: String,
}

/// One line of a deal's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The party the points are credited to.
    pub party: Party,
    /// Stable key, as in JSON output (`won`, `under_90`, `re_called`, `fox` ...).
    pub item: String,
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
        self.multiplier = m;
        self.scores = seat_scores(&self.facts, self.re_value, m);
    }
}

fn goal(party: Party, facts: &DealFacts, p: &Profile) -> Goal {
    let w = &p.winning;
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
            why: format!("own {call}"),
        };
    }
    if opp.level() > 0 {
        let call = opp.highest().unwrap_or(Call::No90);
        return Goal {
            target: target_for(opp.level(), &w.against_call_targets, Target::OneTrick),
            why: format!("against {}'s {call}", party.other()),
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
        why: why.to_string(),
    }
}

fn reaches(party: Party, target: Target, facts: &DealFacts) -> bool {
    match target {
        Target::Eyes(e) => facts.eyes(party) >= e,
        Target::AllTricks => facts.is_schwarz(party.other()),
        Target::OneTrick => !facts.is_schwarz(party),
    }
}

/// Scores one deal under a profile.
pub fn score_deal(facts: &DealFacts, p: &Profile) -> DealResult {
    let goals = [goal(Party::Re, facts, p), goal(Party::Kontra, facts, p)];
    let mut items = Vec::new();
    if facts.contract == Contract::Redeal {
        return finish(facts.clone(), None, goals, items);
    }
    let re_wins = reaches(Party::Re, goals[0].target, facts);
    let kontra_wins = reaches(Party::Kontra, goals[1].target, facts);
    let winner = match (re_wins, kontra_wins) {
        (true, _) => Some(Party::Re),
        (false, true) => Some(Party::Kontra),
        (false, false) => None,
    };
    let s = &p.scoring;
    let mut push = |party: Party, item: String, points: i32, rule: String| {
        if points != 0 {
            items.push(Item {
                party,
                item,
                points,
                rule,
                scored: true,
            });
        }
    };

    // Parties that may earn "under" and "reached against" items.
    let earners: Vec<Party> = match winner {
        Some(w) => vec![w],
        None => {
            let mut v = Vec::new();
            if s.nobody_wins_under || s.nobody_wins_reached {
                v.extend([Party::Re, Party::Kontra]);
            }
            v
        }
    };
    if let Some(w) = winner {
        push(
            w,
            "won".into(),
            s.won,
            format!(
                "{w} reached {} ({}) (7.1)",
                goals[w as usize].target, goals[w as usize].why
            ),
        );
    }
    for &e in &earners {
        let loser = e.other();
        if winner.is_some() || s.nobody_wins_under {
            let names = ["under_90", "under_60", "under_30"];
            for (i, &thr) in s.under_thresholds.iter().enumerate() {
                if facts.eyes(loser) < thr {
                    push(
                        e,
                        names[i].into(),
                        s.under,
                        format!("{loser} has {} eyes, under {thr} (7.1)", facts.eyes(loser)),
                    );
                }
            }
            if facts.is_schwarz(loser) {
                push(
                    e,
                    "schwarz".into(),
                    s.under,
                    format!("{loser} won no trick (7.1)"),
                );
            }
        }
    }
    if let Some(w) = winner {
        for party in [Party::Re, Party::Kontra] {
            let calls = facts.calls(party);
            if calls.announced() {
                push(
                    w,
                    format!("{}_called", party.key()),
                    s.announce,
                    format!("{party} was called (7.1)"),
                );
            }
            for level in 1..=calls.level() {
                let call = Call::from_level(level).unwrap_or(Call::Schwarz);
                push(
                    w,
                    format!("{}_{}", party.key(), call.word(party)),
                    s.call_level,
                    format!("{party} called {call} (7.1)"),
                );
            }
        }
    }
    for &e in &earners {
        if winner.is_some() || s.nobody_wins_reached {
            let opp_level = facts.calls(e.other()).level();
            for level in 1..=opp_level {
                let thr = s.reached_thresholds[level as usize - 1];
                if facts.eyes(e) >= thr {
                    let call = Call::from_level(level).unwrap_or(Call::Schwarz);
                    push(
                        e,
                        format!("reached_{thr}"),
                        s.reached_against,
                        format!("{e} reached {thr} against {}'s {call} (7.1)", e.other()),
                    );
                }
            }
        }
    }

    // Extras (7.2), netted between the parties.
    let lone = facts.is_lone();
    let extras_count = winner.is_some() || p.extras.when_nobody_wins;
    let mut extra_item = |party: Party, name: &str, points: i32, what: String| {
        let (scored, rule) = if points == 0 {
            (
                false,
                format!("{what}: not scored under profile {}", p.name),
            )
        } else if lone && !p.scored_in_solos(name) {
            (
                false,
                format!("{what}: not scored when one plays alone (7.2)"),
            )
        } else if !extras_count {
            (false, format!("{what}: not scored when nobody wins (7.3)"))
        } else {
            (true, format!("{what} (7.2)"))
        };
        items.push(Item {
            party,
            item: name.to_string(),
            points: if scored { points } else { 0 },
            rule,
            scored,
        });
    };
    if winner == Some(Party::Kontra) {
        extra_item(
            Party::Kontra,
            "against_the_old",
            p.extras.against_the_old,
            "Kontra beat the ♣Q party: gegen die Alten".into(),
        );
    }
    for party in [Party::Re, Party::Kontra] {
        for &x in facts.extras(party) {
            extra_item(party, x.name(), p.extra_points(x), describe(x, party));
        }
    }
    finish(facts.clone(), winner, goals, items)
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
    }
}

fn finish(
    facts: DealFacts,
    winner: Option<Party>,
    goals: [Goal; 2],
    items: Vec<Item>,
) -> DealResult {
    let re_value: i32 = items
        .iter()
        .filter(|i| i.scored)
        .map(|i| {
            if i.party == Party::Re {
                i.points
            } else {
                -i.points
            }
        })
        .sum();
    let multiplier = facts.bock.unwrap_or(1);
    let scores = seat_scores(&facts, re_value, multiplier);
    DealResult {
        facts,
        winner,
        goals,
        items,
        re_value,
        multiplier,
        scores,
    }
}

/// Zero-sum sheet: each player of a party gets the party's value; a lone player gets it
/// once for each opponent (`rules.md` 7.4). Seats that sit out get 0.
fn seat_scores(facts: &DealFacts, re_value: i32, multiplier: u32) -> Vec<i64> {
    let re = facts.size(Party::Re) as i64;
    let kontra = facts.size(Party::Kontra) as i64;
    let v = re_value as i64 * multiplier as i64;
    let (re_each, kontra_each) = if re == 1 && kontra > 1 {
        (v * kontra, -v)
    } else if kontra == 1 && re > 1 {
        (v, -v * re)
    } else {
        (v, -v)
    };
    facts
        .roles
        .iter()
        .map(|r| match r.party() {
            Some(Party::Re) => re_each,
            Some(Party::Kontra) => kontra_each,
            None => 0,
        })
        .collect()
}
