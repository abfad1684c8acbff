//! A party's games as a doko sheet: one summary record a game (contract, parties, eyes,
//! calls, extras, a compulsory solo), under a profile made of the party's rules; a game
//! doko cannot write as FreeDoko played it is refused with the reason. After the import
//! every game is scored and checked against FreeDoko's own points and winner.

use super::party::{Announcement, Game, Party, Special, Team};
use crate::lang::Text;
use crate::msg;

/// A game left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The party file.
    pub file: String,
    /// FreeDoko's number of the game.
    pub game: usize,
    /// The line of its block.
    pub line: usize,
    /// Why doko cannot score it as FreeDoko did.
    pub why: Text,
}

/// A game written to the sheet: where it came from and what FreeDoko made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The party file.
    pub file: String,
    /// FreeDoko's number of the game.
    pub game: usize,
    /// The line of its block.
    pub line: usize,
    /// FreeDoko's `points`: the game's value after every Bock factor.
    pub points: i64,
    /// FreeDoko's `winnerteam`.
    pub winner: Team,
}

/// One record's keys, in the order a sheet writes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    dealer: Option<String>,
    contract: &'static str,
    re: Vec<String>,
    re_points: Option<u16>,
    re_calls: String,
    kontra_calls: String,
    re_extras: Vec<&'static str>,
    kontra_extras: Vec<&'static str>,
    tricks: Option<(u8, u8)>,
    compulsory: bool,
    bock: Option<String>,
    knock: Option<String>,
    note: Option<String>,
}

/// A TOML string.
pub(crate) fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

impl Record {
    /// The `[[deal]]` table.
    pub fn write(&self, out: &mut String) {
        out.push_str("\n[[deal]]\n");
        if let Some(d) = &self.dealer {
            out.push_str(&format!("dealer = {}\n", quoted(d)));
        }
        if self.contract != "normal" {
            out.push_str(&format!("contract = {}\n", quoted(self.contract)));
        }
        if self.compulsory {
            out.push_str("compulsory = true\n");
        }
        if !self.re.is_empty() {
            let re: Vec<String> = self.re.iter().map(|r| quoted(r)).collect();
            out.push_str(&format!("re = [{}]\n", re.join(", ")));
        }
        if let Some(p) = self.re_points {
            out.push_str(&format!("re_points = {p}\n"));
        }
        if let Some((re, kontra)) = self.tricks {
            out.push_str(&format!("re_tricks = {re}\nkontra_tricks = {kontra}\n"));
        }
        for (key, calls) in [
            ("re_calls", &self.re_calls),
            ("kontra_calls", &self.kontra_calls),
        ] {
            if !calls.is_empty() {
                out.push_str(&format!("{key} = {}\n", quoted(calls)));
            }
        }
        for (key, extras) in [
            ("re_extras", &self.re_extras),
            ("kontra_extras", &self.kontra_extras),
        ] {
            if !extras.is_empty() {
                let list: Vec<String> = extras.iter().map(|x| quoted(x)).collect();
                out.push_str(&format!("{key} = [{}]\n", list.join(", ")));
            }
        }
        if let Some(b) = &self.bock {
            out.push_str(&format!("bock = {b}\n"));
        }
        if let Some(k) = &self.knock {
            out.push_str(&format!("knock = {}\n", quoted(k)));
        }
        if let Some(n) = &self.note {
            out.push_str(&format!("note = {}\n", quoted(n)));
        }
    }
}

/// FreeDoko's game type as doko's contract (with the number of Re players it takes).
fn contract(gametype: &str) -> Option<&'static str> {
    Some(match gametype {
        "normal" | "genscher" => "normal",
        "poverty" => "poverty",
        "marriage" | "marriage solo" => "wedding",
        "marriage silent" => "silent-solo",
        "solo club" => "solo-clubs",
        "solo spade" => "solo-spades",
        "solo heart" => "solo-hearts",
        "solo diamond" => "solo-diamonds",
        "solo jack" => "solo-jacks",
        "solo queen" => "solo-queens",
        "solo king" => "solo-kings",
        "solo queen-jack" => "solo-queens-jacks",
        "solo koehler" => "solo-koehler",
        "solo meatless" => "solo-meatless",
        g if g.starts_with("thrown") || g == "fox highest trump" => "redeal",
        _ => return None,
    })
}

/// A special point that is an extra of the tricks (the rest, winning, the calls and the
/// thresholds, doko works out itself and checks through the points).
fn extra(name: &str) -> Option<&'static str> {
    Some(match name {
        "caught fox" => "fox",
        "caught fox last trick" => "fox-last-trick",
        "fox last trick" => "fox-wins-last-trick",
        "charlie" => "karlchen",
        "caught charlie" => "karlchen-caught",
        "Doppelkopf" | "doppelkopf" => "doppelkopf",
        "heart trick" => "heart-trick",
        "dolle caught dolle" => "dulle-jabs-dulle",
        _ => return None,
    })
}

/// Special points doko scores from the summary itself.
const WORKED_OUT: &[&str] = &[
    "won",
    "contra won",
    "no 120",
    "no 90",
    "no 60",
    "no 30",
    "no 0",
    "no 120 said",
    "no 90 said",
    "no 60 said",
    "no 30 said",
    "no 0 said",
    "got 120 against no 90",
    "got 90 against no 60",
    "got 60 against no 30",
    "got 30 against no 0",
    "solo",
    "bock",
];

fn calls(a: Announcement, announce: &'static str) -> String {
    match a {
        Announcement::None => "",
        Announcement::No120 => announce,
        Announcement::No90 => "no90",
        Announcement::No60 => "no60",
        Announcement::No30 => "no30",
        Announcement::No0 => "schwarz",
    }
    .to_string()
}

/// The record of one game, or why doko cannot write it as FreeDoko played it. A party
/// doko wrote (`from_doko`) gives each deal's dealer (left of the start player), note,
/// calls and multiplier in its own lines.
pub fn record(g: &Game, players: &[String], hand: u8, from_doko: bool) -> Result<Record, Text> {
    let doko = |k: &str| {
        g.entries
            .iter()
            .find(|e| e.key == format!("doko:{k}"))
            .map(|e| e.value.clone())
    };
    let written = doko("contract");
    let contract = match &written {
        Some(c) => c
            .parse::<crate::contract::Contract>()
            .map(|c| crate::contract::Contract::name(c))
            .map_err(|_| msg!("freedoko.why_gametype", gametype = c.clone()))?,
        None => contract(&g.gametype)
            .ok_or_else(|| msg!("freedoko.why_gametype", gametype = g.gametype.clone()))?,
    };
    let seats = players.len().max(1);
    let mut r = Record {
        dealer: from_doko.then(|| players[(g.startplayer + seats - 1) % seats].clone()),
        contract,
        compulsory: g.duty_solo || doko("compulsory").as_deref() == Some("true"),
        bock: doko("bock"),
        knock: doko("knock"),
        note: if from_doko {
            doko("note")
        } else {
            Some(format!("FreeDoko #{}", g.number))
        },
        ..Record::default()
    };
    if contract == "redeal" {
        return Ok(r);
    }
    if let Some(s) = g.specials.iter().find(|s| s.name.contains("reply")) {
        return Err(msg!("freedoko.why_reply", special = s.name.clone()));
    }
    r.re = (0..players.len())
        .filter(|&s| g.teams.get(s) == Some(&Team::Re))
        .map(|s| players[s].clone())
        .collect();
    if r.re.is_empty() {
        return Err(msg!("freedoko.why_no_re"));
    }
    let re_eyes: u32 = (0..players.len())
        .filter(|&s| g.teams.get(s) == Some(&Team::Re))
        .map(|s| u32::from(g.trick_points[s]))
        .sum();
    r.re_points = Some(u16::try_from(re_eyes).map_err(|_| msg!("freedoko.why_eyes"))?);
    r.re_calls = doko("re_calls").unwrap_or_else(|| calls(g.re_announcement, "re"));
    r.kontra_calls = doko("kontra_calls").unwrap_or_else(|| calls(g.contra_announcement, "kontra"));
    for s in &g.specials {
        add_special(&mut r, s)?;
    }
    // doko's own extras that FreeDoko has no name for (`# doko: extra = re dulle-caught`).
    for e in g.entries.iter().filter(|e| e.key == "doko:extra") {
        let (side, name) = e.value.split_once(' ').unwrap_or(("", ""));
        let x = crate::extras::Extra::all()
            .find(|x| x.name() == name.trim())
            .ok_or_else(|| msg!("freedoko.why_special", special = e.value.clone()))?;
        match side {
            "re" => r.re_extras.push(x.name()),
            "contra" => r.kontra_extras.push(x.name()),
            _ => return Err(msg!("freedoko.why_special", special = e.value.clone())),
        }
    }
    r.tricks = match (doko("re_tricks"), doko("kontra_tricks")) {
        (Some(a), Some(b)) => a.parse().ok().zip(b.parse().ok()),
        // Schwarz played: the other team won no trick.
        _ => g
            .specials
            .iter()
            .find(|s| s.name == "no 0")
            .map(|s| match s.team {
                Team::Re => (hand, 0),
                _ => (0, hand),
            }),
    };
    Ok(r)
}

fn add_special(r: &mut Record, s: &Special) -> Result<(), Text> {
    if let Some(x) = extra(&s.name) {
        // One line an extra (its value is what the rules make it worth).
        match s.team {
            Team::Re => r.re_extras.push(x),
            Team::Contra => r.kontra_extras.push(x),
            Team::None => return Err(msg!("freedoko.why_special", special = s.name.clone())),
        }
        return Ok(());
    }
    if WORKED_OUT.contains(&s.name.as_str()) {
        return Ok(());
    }
    Err(msg!("freedoko.why_special", special = s.name.clone()))
}

/// What an import made: the sheet's records, the games written and those refused.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    /// The players, in seat order.
    pub players: Vec<String>,
    /// One record a game written.
    records: Vec<Record>,
    /// The games written, in order (one a `[[deal]]`).
    pub written: Vec<Written>,
    /// The games refused.
    pub refused: Vec<Refused>,
}

impl Sheet {
    /// The sheet's `[[deal]]` tables.
    pub fn deals(&self) -> String {
        let mut out = String::new();
        for r in &self.records {
            r.write(&mut out);
        }
        out
    }

    /// Leaves the `k`th deal out (from 0).
    pub fn remove_deal(&mut self, k: usize) {
        if k < self.records.len() {
            self.records.remove(k);
        }
    }
}

/// The games of `parties` (each a file's name and its party) as a sheet's deals. The
/// parties must have the same players.
pub fn sheet(parties: &[(String, Party)], hand: u8, from_doko: bool) -> Result<Sheet, Text> {
    let mut out = Sheet::default();
    for (file, party) in parties {
        if out.players.is_empty() {
            out.players.clone_from(&party.players);
        } else if out.players != party.players {
            return Err(msg!("freedoko.other_players", file = file.clone()));
        }
        for g in &party.games {
            match record(g, &party.players, hand, from_doko) {
                Ok(r) => {
                    out.records.push(r);
                    out.written.push(Written {
                        file: file.clone(),
                        game: g.number,
                        line: g.line,
                        points: g.points,
                        winner: g.winner,
                    });
                }
                Err(why) => out.refused.push(Refused {
                    file: file.clone(),
                    game: g.number,
                    line: g.line,
                    why,
                }),
            }
        }
    }
    Ok(out)
}
