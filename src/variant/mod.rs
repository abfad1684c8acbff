//! Rule profiles ("variants"): every difference between rule systems is a field here.
//!
//! A profile is a TOML file (`variants/*.toml`, documented key by key in
//! `variants/README.md`). The built-in ones are embedded in the binary; a user may also
//! name a path. `--set key=value` overrides one key before the profile is checked.

mod builtin;

use std::fmt;
use std::path::Path;

use serde::Deserialize;

use crate::cards::{Card, Deck, Rank};
use crate::contract::Contract;
use crate::extras::Extra;

pub use builtin::{BUILTIN, builtin_text};

/// A complete, checked rule profile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    pub title: String,
    pub source: String,
    pub deck: DeckRules,
    pub contracts: ContractRules,
    pub calls: CallRules,
    pub winning: WinningRules,
    pub scoring: ScoringRules,
    pub extras: ExtraRules,
    pub league: LeagueRules,
}

/// `[deck]`: the cards, the table and the trumps of a normal game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRules {
    /// Ranks in the deck, each in all four suits.
    #[serde(deserialize_with = "de_parsed")]
    pub ranks: Vec<Rank>,
    /// Copies of each card.
    pub copies: u8,
    /// Players who get cards in a deal (a further player at the table sits out).
    pub players: u8,
    /// Trumps of a normal game, highest first; suit solos replace its plain diamonds.
    /// Cards not in the deck are skipped, so the order serves a deck without nines too.
    #[serde(deserialize_with = "de_parsed")]
    pub trumps: Vec<Card>,
}

/// `[contracts]`
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContractRules {
    #[serde(deserialize_with = "de_parsed")]
    pub allowed: Vec<Contract>,
    /// In a compulsory solo the soloist leads trick 1.
    pub compulsory_solo_leads: bool,
    /// A wedding partner must be found within this many tricks; else the bride plays alone.
    pub wedding_tricks: u8,
}

/// When a reply (Erwiderung) to the opponents' calls is still allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// No reply beyond the normal deadlines.
    None,
    /// Re/Kontra may answer the opponents' Re/Kontra with one card fewer (DDV).
    Announce,
    /// As `announce`, and also answer any later call up to one card after its deadline.
    Latest,
}

/// `[calls]`
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallRules {
    /// For Re/Kontra, no 90, no 60, no 30, schwarz: how many cards the caller may have
    /// played at most (DDV with 12 cards: 1, 2, 3, 4, 5, i.e. 11 ... 7 cards still in hand).
    pub deadlines: [u8; 5],
    pub reply: Reply,
    /// A wedding clarified in trick k moves every deadline k - 1 cards later, and nobody
    /// may call before the clarification trick is complete.
    pub wedding_shift: bool,
}

/// `[winning]`: the eyes a party needs.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinningRules {
    pub re_target: u16,
    pub kontra_target: u16,
    /// Targets when Kontra was called and Re was not.
    pub only_kontra_re_target: u16,
    pub only_kontra_kontra_target: u16,
    /// A party's own no 90 / no 60 / no 30 raise its target to these; schwarz: every trick.
    pub own_call_targets: [u16; 3],
    /// Against the opponents' no 90 / no 60 / no 30 a party wins with these; against
    /// schwarz, with one trick.
    pub against_call_targets: [u16; 3],
}

/// `[scoring]`: the game value items (all credited to the winning party).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    pub won: i32,
    /// The loser has fewer than these eyes: under 90, under 60, under 30.
    pub under_thresholds: [u16; 3],
    /// Points for each of under 90, under 60, under 30, schwarz.
    pub under: i32,
    /// Points for each of Re and Kontra called.
    pub announce: i32,
    /// Points for each no 90 / no 60 / no 30 / schwarz level called, by either party.
    pub call_level: i32,
    /// Eyes that count as "reached against" the opponents' no 90, no 60, no 30, schwarz.
    pub reached_thresholds: [u16; 4],
    pub reached_against: i32,
    /// Nobody wins: count the "under" items.
    pub nobody_wins_under: bool,
    /// Nobody wins: count the "reached against" items.
    pub nobody_wins_reached: bool,
}

/// `[extras]`: points of each extra (0: not scored).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraRules {
    pub fox: i32,
    pub karlchen: i32,
    pub karlchen_caught: i32,
    pub doppelkopf: i32,
    pub fox_last_trick: i32,
    pub heart_trick: i32,
    pub dulle_caught: i32,
    /// Kontra wins a normal game ("gegen die Alten").
    pub against_the_old: i32,
    /// Extras still scored when one player plays alone (solos), by name.
    pub in_solos: Vec<String>,
    pub when_nobody_wins: bool,
    /// Eyes a trick needs to be a Doppelkopf.
    pub doppelkopf_eyes: u16,
}

/// `[league]`
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueRules {
    pub deals: u16,
}

fn de_parsed<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: fmt::Display,
{
    let words = Vec::<String>::deserialize(d)?;
    words
        .iter()
        .map(|w| w.parse::<T>().map_err(serde::de::Error::custom))
        .collect()
}

/// Why a profile could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error(
        "unknown variant `{0}` (built-in: {list}); a path to a .toml profile also works",
        list = BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    )]
    Unknown(String),
    #[error("{file}: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}:{line}: {message}")]
    Syntax {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{file}: --set {key}: {message}")]
    Set {
        file: String,
        key: String,
        message: String,
    },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
}

impl Profile {
    /// Loads a built-in profile by name, or a profile file by path, then applies overrides.
    pub fn load(name_or_path: &str, sets: &[(String, String)]) -> Result<Profile, ProfileError> {
        let (file, text) = match builtin_text(name_or_path) {
            Some(t) => (format!("variants/{name_or_path}.toml"), t.to_string()),
            None if name_or_path.ends_with(".toml") || Path::new(name_or_path).exists() => {
                let text =
                    std::fs::read_to_string(name_or_path).map_err(|source| ProfileError::Io {
                        file: name_or_path.to_string(),
                        source,
                    })?;
                (name_or_path.to_string(), text)
            }
            None => return Err(ProfileError::Unknown(name_or_path.to_string())),
        };
        Profile::from_text(&file, &text, sets)
    }

    /// Parses profile text; `file` names it in errors.
    pub fn from_text(
        file: &str,
        text: &str,
        sets: &[(String, String)],
    ) -> Result<Profile, ProfileError> {
        let syntax = |e: toml::de::Error| ProfileError::Syntax {
            file: file.to_string(),
            line: e.span().map_or(1, |s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        };
        // Parsing the text itself first gives unknown or mistyped keys their line.
        let mut profile: Profile = toml::from_str(text).map_err(syntax)?;
        if !sets.is_empty() {
            let mut table: toml::Table = toml::from_str(text).map_err(syntax)?;
            for (key, value) in sets {
                set_key(&mut table, key, value).map_err(|message| ProfileError::Set {
                    file: file.to_string(),
                    key: key.clone(),
                    message,
                })?;
            }
            profile = Profile::deserialize(table).map_err(|e| ProfileError::Set {
                file: file.to_string(),
                key: sets
                    .iter()
                    .map(|(k, _)| k.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                message: e.message().trim().to_string(),
            })?;
        }
        profile
            .validate()
            .map_err(|message| ProfileError::Invalid {
                file: file.to_string(),
                message,
            })?;
        Ok(profile)
    }

    /// Checks what the types cannot: sizes that fit together, names that exist.
    fn validate(&self) -> Result<(), String> {
        let d = &self.deck;
        if d.ranks.is_empty() || d.copies == 0 {
            return Err("deck: the deck has no cards".into());
        }
        if !(2..=6).contains(&d.players) {
            return Err(format!("deck.players: {} players cannot play", d.players));
        }
        let size = self.deck().size();
        if !size.is_multiple_of(d.players as usize) {
            return Err(format!(
                "deck: {size} cards cannot be dealt evenly to {} players",
                d.players
            ));
        }
        if self.contracts.allowed.is_empty() {
            return Err("contracts.allowed: no contract is allowed".into());
        }
        let hand = self.hand_size();
        if self.calls.deadlines.iter().any(|&n| n as usize > hand) {
            return Err(format!(
                "calls.deadlines: a deadline exceeds the {hand} cards of a hand"
            ));
        }
        for name in &self.extras.in_solos {
            if name != "against-the-old" && name.parse::<Extra>().is_err() {
                return Err(format!("extras.in_solos: unknown extra `{name}`"));
            }
        }
        Ok(())
    }

    pub fn deck(&self) -> Deck {
        Deck::new(self.deck.ranks.clone(), self.deck.copies)
    }

    /// Cards in each hand, which is also the number of tricks.
    pub fn hand_size(&self) -> usize {
        self.deck().size() / self.deck.players as usize
    }

    pub fn allows(&self, contract: Contract) -> bool {
        self.contracts.allowed.contains(&contract)
    }

    /// Points of one extra under this profile (0: not scored).
    pub fn extra_points(&self, extra: Extra) -> i32 {
        let e = &self.extras;
        match extra {
            Extra::Fox => e.fox,
            Extra::Karlchen => e.karlchen,
            Extra::KarlchenCaught => e.karlchen_caught,
            Extra::Doppelkopf => e.doppelkopf,
            Extra::FoxLastTrick => e.fox_last_trick,
            Extra::HeartTrick => e.heart_trick,
            Extra::DulleCaught => e.dulle_caught,
        }
    }

    /// Is this extra (or `against-the-old`) still scored when one player plays alone?
    pub fn scored_in_solos(&self, name: &str) -> bool {
        self.extras.in_solos.iter().any(|n| n == name)
    }
}

/// Sets `a.b.c = value` in a TOML table; the value is read as TOML, else as a string.
fn set_key(table: &mut toml::Table, key: &str, value: &str) -> Result<(), String> {
    let parsed: toml::Value = format!("v = {value}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value.to_string()));
    let mut parts: Vec<&str> = key.split('.').map(str::trim).collect();
    let last = parts.pop().filter(|s| !s.is_empty()).ok_or("empty key")?;
    let mut t = table;
    for p in parts {
        t = t
            .get_mut(p)
            .and_then(toml::Value::as_table_mut)
            .ok_or_else(|| format!("no section `{p}` in the profile"))?;
    }
    if !t.contains_key(last) {
        return Err(format!("unknown key `{last}`"));
    }
    t.insert(last.to_string(), parsed);
    Ok(())
}

/// 1-based line number of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_loads() {
        for (name, _) in BUILTIN {
            let p = Profile::load(name, &[]).unwrap();
            assert_eq!(&p.name, name);
        }
    }

    #[test]
    fn ddv_is_48_cards_12_tricks() {
        let p = Profile::load("ddv", &[]).unwrap();
        assert_eq!(p.deck().size(), 48);
        assert_eq!(p.hand_size(), 12);
        assert!(!p.allows(Contract::Poverty));
    }

    #[test]
    fn set_overrides_a_key_and_rejects_unknown_ones() {
        let sets = [(
            "deck.ranks".to_string(),
            r#"["A","10","K","Q","J"]"#.to_string(),
        )];
        let p = Profile::load("ddv", &sets).unwrap();
        assert_eq!(p.hand_size(), 10);
        let bad = [("extras.fuchs".to_string(), "1".to_string())];
        let e = Profile::load("ddv", &bad).unwrap_err().to_string();
        assert!(e.contains("unknown key `fuchs`"), "{e}");
    }

    #[test]
    fn unknown_key_is_named_with_its_line() {
        let text = builtin_text("ddv")
            .unwrap()
            .replace("copies = 2", "copies = 2\nsuits = 4");
        let e = Profile::from_text("x.toml", &text, &[])
            .unwrap_err()
            .to_string();
        assert!(e.contains("suits"), "{e}");
        let line = text.lines().position(|l| l == "suits = 4").unwrap() + 1;
        assert!(e.starts_with(&format!("x.toml:{line}:")), "{e}");
    }
}
