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

/// One game's record: the deal as a sheet enters it, with what a party doko wrote adds
/// (the dealer, a multiplier the sheet forced).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    entry: crate::league::file::DealEntry,
    dealer: Option<String>,
    bock: Option<u32>,
}

impl Record {
    /// The `[[deal]]` table ([`crate::league::file::DealEntry::to_table`]).
    fn table(&self) -> toml_edit::Table {
        let mut t = self.entry.to_table();
        if let Some(d) = &self.dealer {
            t["dealer"] = toml_edit::value(d.as_str());
        }
        if let Some(b) = self.bock {
            t["bock"] = toml_edit::value(i64::from(b));
        }
        t
    }
}

/// A TOML string.
pub(crate) fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// FreeDoko's game type as doko's contract.
fn contract(gametype: &str) -> Option<&'static str> {
    match gametype {
        "genscher" => Some("normal"),
        "marriage solo" => Some("wedding"),
        g if g.starts_with("thrown") || g == "fox highest trump" => Some("redeal"),
        g => super::names::contract_of_gametype(g).map(crate::contract::Contract::name),
    }
}

fn calls(a: Announcement, announce: &str, reply: bool) -> Option<String> {
    let word = match a {
        Announcement::None => return None,
        Announcement::No120 => announce,
        Announcement::No90 => "no90",
        Announcement::No60 => "no60",
        Announcement::No30 => "no30",
        Announcement::No0 => "schwarz",
    };
    Some(if reply {
        format!("{word} reply")
    } else {
        word.to_string()
    })
}

/// Adds `x` to the extras of `team` (words separated by spaces, as a sheet writes them).
fn push_extra(e: &mut crate::league::file::DealEntry, team: Team, x: &str) -> Result<(), Text> {
    let cell = match team {
        Team::Re => &mut e.re_extras,
        Team::Contra => &mut e.kontra_extras,
        Team::None => return Err(msg!("freedoko.why_special", special = x.to_string())),
    };
    match cell {
        Some(c) => {
            c.push(' ');
            c.push_str(x);
        }
        None => *cell = Some(x.to_string()),
    }
    Ok(())
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
        bock: doko("bock").and_then(|b| b.parse().ok()),
        ..Record::default()
    };
    let e = &mut r.entry;
    e.contract = (contract != "normal").then(|| contract.to_string());
    e.compulsory = g.duty_solo || doko("compulsory").as_deref() == Some("true");
    e.knock = doko("knock");
    e.note = if from_doko {
        doko("note")
    } else {
        Some(format!("FreeDoko #{}", g.number))
    };
    if contract == "redeal" {
        return Ok(r);
    }
    // More special points than a deal could earn: left out before anything is written.
    let extras = g.entries.iter().filter(|x| x.key == "doko:extra").count();
    if g.specials.len() + extras > MAX_SPECIALS {
        let count = g.specials.len() + extras;
        return Err(msg!(
            "freedoko.why_specials",
            count = count,
            most = MAX_SPECIALS
        ));
    }
    let re: Vec<usize> = (0..players.len())
        .filter(|&s| g.teams.get(s) == Some(&Team::Re))
        .collect();
    if re.is_empty() {
        return Err(msg!("freedoko.why_no_re"));
    }
    e.re = re.iter().map(|&s| players[s].clone()).collect();
    let eyes: u32 = re.iter().map(|&s| u32::from(g.trick_points[s])).sum();
    e.re_points = Some(u16::try_from(eyes).map_err(|_| msg!("freedoko.why_eyes"))?);
    e.re_calls = doko("re_calls").or_else(|| calls(g.re_announcement, "re", g.replies.0));
    e.kontra_calls =
        doko("kontra_calls").or_else(|| calls(g.contra_announcement, "kontra", g.replies.1));
    for s in &g.specials {
        add_special(e, s)?;
    }
    // doko's own extras that FreeDoko has no name for (`# doko: extra = re dulle-caught`).
    for x in g.entries.iter().filter(|x| x.key == "doko:extra") {
        let bad = || msg!("freedoko.why_special", special = x.value.clone());
        let (side, name) = x.value.split_once(' ').ok_or_else(bad)?;
        let extra = crate::extras::Extra::all()
            .find(|k| k.name() == name.trim())
            .ok_or_else(bad)?;
        let team = match side {
            "re" => Team::Re,
            "contra" => Team::Contra,
            _ => return Err(bad()),
        };
        push_extra(e, team, extra.name())?;
    }
    let tricks = match (doko("re_tricks"), doko("kontra_tricks")) {
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
    (e.re_tricks, e.kontra_tricks) = (tricks.map(|t| t.0), tricks.map(|t| t.1));
    Ok(r)
}

/// The most special points one game's summary may list: a deal of 12 tricks earns a few
/// dozen at most (an extra a trick, the calls' and the game's points); more is refused.
pub const MAX_SPECIALS: usize = 64;

/// A special point: an extra of the tricks goes into the record (one line one extra,
/// its value what the rules make it worth); the rest doko works out.
fn add_special(e: &mut crate::league::file::DealEntry, s: &Special) -> Result<(), Text> {
    if let Some(x) = super::names::extra_of_special(&s.name) {
        return push_extra(e, s.team, x.name());
    }
    let known = super::names::SPECIALS
        .iter()
        .any(|(name, _)| *name == s.name);
    if known || super::names::WORKED_OUT.contains(&s.name.as_str()) {
        Ok(())
    } else {
        Err(msg!("freedoko.why_special", special = s.name.clone()))
    }
}

/// What an import made: the games written, each with its record, and those left out.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    /// The players, in seat order.
    pub players: Vec<String>,
    /// The games written, in order, each with its `[[deal]]`.
    pub games: Vec<(Written, Record)>,
    /// The games left out.
    pub refused: Vec<Refused>,
}

impl Sheet {
    /// The sheet's `[[deal]]` tables.
    pub fn deals(&self) -> String {
        let mut tables = toml_edit::ArrayOfTables::new();
        for (_, r) in &self.games {
            tables.push(r.table());
        }
        let mut doc = toml_edit::DocumentMut::new();
        doc["deal"] = toml_edit::Item::ArrayOfTables(tables);
        doc.to_string()
    }

    /// Leaves the `k`th game written (from 0) out, for `why`.
    pub fn leave_out(&mut self, k: usize, why: Text) {
        if k < self.games.len() {
            let (w, _) = self.games.remove(k);
            self.refused.push(Refused {
                file: w.file,
                game: w.game,
                line: w.line,
                why,
            });
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
        for (number, e) in &party.unread {
            let why = match &e.field {
                Some(f) => Text::placed(msg!("error.field", field = f.clone()), e.message.clone()),
                None => e.message.clone(),
            };
            out.refused.push(Refused {
                file: file.clone(),
                game: *number,
                line: e.line,
                why,
            });
        }
        for g in &party.games {
            match record(g, &party.players, hand, from_doko) {
                Ok(r) => out.games.push((
                    Written {
                        file: file.clone(),
                        game: g.number,
                        line: g.line,
                        points: g.points,
                        winner: g.winner,
                    },
                    r,
                )),
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
