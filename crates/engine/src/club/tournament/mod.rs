//! A tournament of several tables: a TOML file with the players, the number of rounds and
//! the rules, the rounds drawn so far, and one league sheet per table and round next to it.
//!
//! ```toml
//! name = "Club cup"
//! variant = "ja-classic"
//! players = ["Anna", "Ben", ...]
//! rounds = 3
//! deals = 24          # per table sheet (default: the profile's)
//! ranking = "sum"     # sum | average | placement
//! seed = 42
//!
//! [[round]]           # written by `doko tournament draw`
//! number = 1
//! [[round.table]]
//! table = 1
//! file = "cup-r1-t1.toml"
//! players = ["Anna", "Dirk", "Eva", "Jan"]
//! ```
//!
//! Standings are computed from the table sheets on every read, as a league sheet's are from
//! its deals: a sheet filled or corrected at its table changes the standings.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, value};

use super::draw::{self, History};
use crate::league::{self, file as sheet};

mod standings;
pub use standings::{
    PlayerLine, Standings, TableResult, TeamLine, match_points, placement_points, rank,
    seeger_points, standings,
};

/// How the standings rank players first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ranking {
    /// Total points over the rounds.
    #[default]
    Sum,
    /// Points per round played (the DDV ranking tournaments' "Rundenschnitt").
    Average,
    /// Placement points per table: 4 players +3/+1/−1/−3, 5 players +4/+2/0/−2/−4, shared
    /// places averaged.
    Placement,
    /// The Seeger-Fabian system carried over from Skat (docs/rules.md §14.1): the game
    /// points plus 50 to each player of the party that won a deal and −50 to each of the
    /// losing party, a player alone three times.
    Seeger,
}

impl Ranking {
    /// The rankings that break ties after the chosen one, in order (then solos won).
    pub const TIE_BREAKS: [Ranking; 3] = [Ranking::Sum, Ranking::Average, Ranking::Placement];

    /// Every ranking.
    pub const ALL: [Ranking; 4] = [
        Ranking::Sum,
        Ranking::Average,
        Ranking::Placement,
        Ranking::Seeger,
    ];

    /// The ranking's name as `--ranking` writes it.
    pub fn key(self) -> &'static str {
        match self {
            Ranking::Sum => "sum",
            Ranking::Average => "average",
            Ranking::Placement => "placement",
            Ranking::Seeger => "seeger",
        }
    }
}

/// Why a tournament was not read, drawn or created. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("{file}: {message}")]
    /// A tournament file that cannot be read, or a round that cannot be drawn.
    Bad {
        /// The tournament file.
        file: String,
        /// What is wrong.
        message: crate::lang::Text,
    },
    #[error(transparent)]
    /// A table's sheet could not be read or written.
    Sheet(#[from] sheet::FileError),
}

impl TournamentError {
    /// Where, then what, in no language yet.
    pub fn text(&self) -> crate::lang::Text {
        match self {
            TournamentError::Bad { file, message } => {
                crate::lang::Text::placed(file, message.clone())
            }
            TournamentError::Sheet(e) => e.text(),
        }
    }

    /// The error in `lang`.
    pub fn render(&self, lang: crate::lang::Lang) -> String {
        self.text().render(lang)
    }
}

/// A team of a team tournament (the DDV Bundesliga's Mannschaft): its players never sit at
/// one table, and its points are its players' points added up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// Its players.
    pub players: Vec<String>,
}

/// Teams per group: each group's tables seat its teams' players only, and its teams get
/// match points 4/3/2/1 (the Bundesliga's groups of four teams a match day).
pub const TEAMS_PER_GROUP: usize = 4;

/// A file name without a folder: no separator, not `.` or `..`, not empty.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && !std::path::Path::new(name).is_absolute()
}

fn bad(file: &str, message: impl Into<crate::lang::Text>) -> TournamentError {
    TournamentError::Bad {
        file: file.to_string(),
        message: message.into(),
    }
}

/// One table of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSeat {
    /// The table's number, from 1.
    pub table: u32,
    /// The table's sheet, relative to the tournament file.
    pub file: String,
    /// Its players, in seat order.
    pub players: Vec<String>,
}

/// One round drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    #[serde(rename = "table", default)]
    /// Its tables.
    pub tables: Vec<TableSeat>,
}

/// `tournament draw --format json`: the round seated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Drawn<'a> {
    /// The round drawn.
    pub round: u32,
    /// Its tables.
    pub tables: Vec<DrawnTable<'a>>,
    /// Meetings of a pair beyond its first, over the rounds drawn.
    pub repeated_pairings: u32,
}

/// A table of a drawn round with its seats numbered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DrawnTable<'a> {
    /// The table's number, from 1.
    pub table: u32,
    /// Its sheet, relative to the tournament file.
    pub file: &'a str,
    /// Its players, in seat order.
    pub players: &'a [String],
    /// Each seat: its number, its player, and its duty.
    pub seats: Vec<Seat<'a>>,
}

/// A seat at a table (TSR 8.4): seat 1 deals first, the last seat keeps the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat<'a> {
    /// The seat's number, from 1, clockwise.
    pub seat: usize,
    /// Who sits there.
    pub player: &'a str,
    /// Deals the first deal.
    pub deals_first: bool,
    /// Keeps the list (the Spielliste).
    pub keeps_list: bool,
}

impl TableSeat {
    /// The table's seats, numbered: seat 1 deals first, the last keeps the list.
    pub fn seats(&self) -> Vec<Seat<'_>> {
        let n = self.players.len();
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| Seat {
                seat: i + 1,
                player: p,
                deals_first: i == 0,
                keeps_list: i + 1 == n,
            })
            .collect()
    }
}

impl<'a> Drawn<'a> {
    /// A round drawn, its tables with their seats.
    pub fn new(round: &'a Round, repeated_pairings: u32) -> Drawn<'a> {
        Drawn {
            round: round.number,
            tables: round
                .tables
                .iter()
                .map(|t| DrawnTable {
                    table: t.table,
                    file: &t.file,
                    players: &t.players,
                    seats: t.seats(),
                })
                .collect(),
            repeated_pairings,
        }
    }
}

/// A tournament file, read.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    #[serde(skip)]
    /// The tournament file (not stored in it).
    pub file: String,
    #[serde(default)]
    /// The tournament's name.
    pub name: String,
    #[serde(default = "default_profile")]
    /// The profile every table plays.
    pub variant: String,
    /// `KEY=VALUE` overrides of the profile, given to every table sheet.
    #[serde(default)]
    pub set: Vec<String>,
    /// Every player.
    pub players: Vec<String>,
    /// Rounds to play.
    pub rounds: u32,
    /// Deals a table plays in a round (the profile's, where none).
    pub deals: Option<u16>,
    #[serde(default)]
    /// How the standings rank the players.
    pub ranking: Ranking,
    #[serde(default)]
    /// The seed of the draw.
    pub seed: u64,
    #[serde(rename = "team", default)]
    /// The teams of a team tournament, in order (groups of four in that order); empty for
    /// a tournament of single players.
    pub teams: Vec<Team>,
    #[serde(rename = "round", default)]
    /// The rounds drawn so far.
    pub drawn: Vec<Round>,
}

fn default_profile() -> String {
    crate::variant::DEFAULT_PROFILE.into()
}

/// What `tournament new` says.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    /// The tournament's name; empty: the file's name.
    pub name: &'a str,
    /// The profile every table plays.
    pub variant: &'a str,
    /// Overrides of the profile's keys.
    pub sets: &'a [(String, String)],
    /// Every player.
    pub players: &'a [String],
    /// Rounds to play.
    pub rounds: u32,
    /// Deals a table plays in a round (the profile's, where none).
    pub deals: Option<u16>,
    /// How the standings rank the players.
    pub ranking: Ranking,
    /// The seed of the draw.
    pub seed: u64,
    /// The teams of a team tournament (their players are the players); empty for none.
    pub teams: &'a [Team],
}

/// The most players a tournament seats.
pub const MAX_PLAYERS: usize = 200;

impl Tournament {
    /// Reads and checks a tournament file.
    pub fn read(file: &str) -> Result<Tournament, TournamentError> {
        let text = sheet::read(file)?;
        if let Some((offset, why)) = crate::toml_syntax::too_deep(&text, false) {
            let line = crate::variant::line_of(&text, offset);
            return Err(bad(
                file,
                crate::msg!("error.toml_at_line", line = line, why = why),
            ));
        }
        let mut t: Tournament = crate::toml_de::from_str(&text).map_err(|e| {
            // In the reader's words: a syntax error where the parser finds one, a value
            // that does not fit, else a key or table defined twice.
            let line_at = |offset: usize| crate::variant::line_of(&text, offset);
            let (line, why) = match (e, crate::toml_syntax::first_error(&text)) {
                (_, Some((offset, m))) => (line_at(offset), m),
                (Ok(v), None) => (v.span.as_ref().map_or(1, |s| line_at(s.start)), v.message()),
                (Err(t), None) => {
                    let line = t.span().map_or(1, |s| line_at(s.start));
                    let key = text.lines().nth(line - 1).unwrap_or("");
                    let key = key.split('=').next().unwrap_or("").trim();
                    (line, crate::msg!("error.toml_defined_twice", key = key))
                }
            };
            bad(
                file,
                crate::msg!("error.toml_at_line", line = line, why = why),
            )
        })?;
        t.file = file.to_string();
        if t.name.is_empty() {
            t.name = stem(file);
        }
        t.check()?;
        // The rules the tables play, as `create` checked them.
        t.profile()
            .map_err(|e| bad(file, crate::lang::Text::placed("variant", e.text())))?;
        Ok(t)
    }

    fn check(&self) -> Result<(), TournamentError> {
        let file = &self.file;
        crate::deal::check_label(&self.name)
            .map_err(|m| bad(file, crate::lang::Text::placed("name", m)))?;
        let n = self.players.len();
        if n > MAX_PLAYERS {
            return Err(bad(
                file,
                crate::msg!("error.tournament_too_many", players = n, max = MAX_PLAYERS),
            ));
        }
        if draw::table_sizes(n).is_none() {
            return Err(bad(
                file,
                crate::msg!("error.tournament_cannot_seat", players = n),
            ));
        }
        for (i, p) in self.players.iter().enumerate() {
            if p.trim().is_empty() {
                return Err(bad(
                    file,
                    crate::msg!("error.player_no_name", player = i + 1),
                ));
            }
            crate::deal::check_name(p).map_err(|m| bad(file, m))?;
            if self.players[..i]
                .iter()
                .any(|q| crate::deal::same_name(q, p))
            {
                return Err(bad(file, crate::msg!("error.named_twice", player = p)));
            }
        }
        if self.rounds == 0 {
            return Err(bad(
                file,
                crate::lang::Text::msg("error.rounds_at_least_one"),
            ));
        }
        if self.drawn.len() > self.rounds as usize {
            return Err(bad(
                file,
                crate::msg!(
                    "error.rounds_drawn_of",
                    drawn = self.drawn.len(),
                    rounds = self.rounds
                ),
            ));
        }
        for (k, r) in self.drawn.iter().enumerate() {
            // A table's sheet lies beside the tournament file: a plain file name.
            if let Some(t) = r.tables.iter().find(|t| !is_plain_name(&t.file)) {
                return Err(bad(
                    file,
                    crate::msg!(
                        "error.table_file_outside",
                        round = r.number,
                        table = t.table,
                        name = crate::deal::prefix(&t.file)
                    ),
                ));
            }
            if r.number as usize != k + 1 {
                return Err(bad(
                    file,
                    crate::msg!("error.round_numbered", round = k + 1, number = r.number),
                ));
            }
            let mut seated: Vec<&String> = r.tables.iter().flat_map(|t| &t.players).collect();
            seated.sort();
            let mut all: Vec<&String> = self.players.iter().collect();
            all.sort();
            if seated != all {
                return Err(bad(
                    file,
                    crate::msg!("error.round_seats", round = r.number),
                ));
            }
        }
        self.check_sheets()?;
        self.check_teams()?;
        for s in &self.set {
            crate::variant::parse_set(s)
                .map_err(|m| bad(file, crate::lang::Text::placed("set", m)))?;
        }
        Ok(())
    }

    /// Teams, where there are: at least two, of one size of at least two players, named
    /// once each, every player in one team; each group's players can be seated.
    fn check_teams(&self) -> Result<(), TournamentError> {
        let file = &self.file;
        if self.teams.is_empty() {
            return Ok(());
        }
        if self.teams.len() < 2 {
            return Err(bad(
                file,
                crate::lang::Text::msg("error.teams_at_least_two"),
            ));
        }
        let size = self.teams[0].players.len();
        for (i, t) in self.teams.iter().enumerate() {
            if t.name.trim().is_empty() {
                return Err(bad(file, crate::msg!("error.team_no_name", team = i + 1)));
            }
            crate::deal::check_name(&t.name).map_err(|m| bad(file, m))?;
            if self.teams[..i]
                .iter()
                .any(|u| crate::deal::same_name(&u.name, &t.name))
            {
                return Err(bad(
                    file,
                    crate::msg!("error.team_named_twice", team = t.name),
                ));
            }
            if t.players.len() < 2 || t.players.len() != size {
                return Err(bad(
                    file,
                    crate::msg!(
                        "error.team_size",
                        team = t.name,
                        players = t.players.len(),
                        size = size.max(2)
                    ),
                ));
            }
        }
        let mut in_teams: Vec<&String> = self.teams.iter().flat_map(|t| &t.players).collect();
        in_teams.sort();
        let mut all: Vec<&String> = self.players.iter().collect();
        all.sort();
        if in_teams != all {
            return Err(bad(file, crate::lang::Text::msg("error.team_players")));
        }
        for (g, group) in self.teams.chunks(TEAMS_PER_GROUP).enumerate() {
            let n = group.len() * size;
            if draw::table_sizes(n).is_none() {
                return Err(bad(
                    file,
                    crate::msg!("error.group_cannot_seat", group = g + 1, players = n),
                ));
            }
        }
        Ok(())
    }

    /// The team of each player (by index), where there are teams.
    pub fn team_of(&self, player: &str) -> Option<usize> {
        self.teams
            .iter()
            .position(|t| t.players.iter().any(|p| p == player))
    }

    /// The players' indices of each group: all players in one group without teams.
    fn groups(&self) -> Vec<Vec<usize>> {
        if self.teams.is_empty() {
            return vec![(0..self.players.len()).collect()];
        }
        self.teams
            .chunks(TEAMS_PER_GROUP)
            .map(|g| {
                g.iter()
                    .flat_map(|t| &t.players)
                    .filter_map(|p| self.index(p))
                    .collect()
            })
            .collect()
    }

    /// One sheet per table: a sheet named twice, or the tournament file itself, would
    /// count one table's deals at another's.
    fn check_sheets(&self) -> Result<(), TournamentError> {
        let file = &self.file;
        let own = Path::new(file).file_name().map(|n| n.to_string_lossy());
        let mut sheets: Vec<(&str, u32, u32)> = Vec::new();
        for r in &self.drawn {
            for t in &r.tables {
                let at = |m: crate::lang::Text| {
                    m.with("round", r.number)
                        .with("table", t.table)
                        .with("name", crate::deal::prefix(&t.file))
                };
                if own.as_deref() == Some(t.file.as_str()) {
                    return Err(bad(file, at(crate::msg!("error.table_file_is_tournament"))));
                }
                if let Some(&(_, round, table)) = sheets
                    .iter()
                    .find(|(f, ..)| f.eq_ignore_ascii_case(&t.file))
                {
                    let m = crate::msg!("error.table_file_twice", round2 = round, table2 = table);
                    return Err(bad(file, at(m)));
                }
                sheets.push((&t.file, r.number, t.table));
            }
        }
        Ok(())
    }

    /// The tables' profile: the tournament's `variant` (a path from the tournament file's
    /// folder, as a sheet's) with its overrides.
    pub fn profile(&self) -> Result<crate::variant::Profile, crate::variant::ProfileError> {
        let variant = crate::deal::records::beside(&self.file, self.variant.clone());
        crate::variant::Profile::load(&variant, &self.sets())
    }

    /// The profile overrides, parsed.
    pub fn sets(&self) -> Vec<(String, String)> {
        self.set
            .iter()
            .filter_map(|s| crate::variant::parse_set(s).ok())
            .collect()
    }

    /// Where a table's sheet lies: relative to the tournament file.
    pub fn sheet_path(&self, table: &TableSeat) -> PathBuf {
        let dir = Path::new(&self.file).parent().unwrap_or(Path::new(""));
        dir.join(&table.file)
    }

    /// Who sat with whom, and at tables of five, in the rounds drawn.
    fn history(&self) -> History {
        self.history_of(&(0..self.players.len()).collect::<Vec<_>>())
    }

    /// [`Tournament::history`] among `members` (player indices; the history's indices are
    /// their places in `members`), with the teams they belong to.
    fn history_of(&self, members: &[usize]) -> History {
        let local = |p: &String| {
            let i = self.index(p)?;
            members.iter().position(|&m| m == i)
        };
        let mut h = History::new(members.len());
        if !self.teams.is_empty() {
            h.set_teams(
                members
                    .iter()
                    .map(|&m| self.team_of(&self.players[m]).unwrap_or(usize::MAX))
                    .collect(),
            );
        }
        for r in &self.drawn {
            let tables: Vec<Vec<usize>> = r
                .tables
                .iter()
                .map(|t| t.players.iter().filter_map(local).collect::<Vec<_>>())
                .filter(|t: &Vec<usize>| !t.is_empty())
                .collect();
            h.add(&tables);
        }
        h
    }

    fn index(&self, player: &str) -> Option<usize> {
        self.players.iter().position(|p| p == player)
    }

    /// The tables of round `number`, players by index: each group's players at its own
    /// tables (all players in one group without teams).
    fn seat_round(&self, number: u32) -> Result<Vec<Vec<usize>>, TournamentError> {
        let mut seats: Vec<Vec<usize>> = Vec::new();
        for (g, members) in self.groups().iter().enumerate() {
            let seed = self.seed ^ (g as u64).wrapping_mul(0xA076_1D64_78BD_642F);
            let tables = draw::draw(members.len(), &self.history_of(members), seed, number)
                .ok_or_else(|| {
                    bad(
                        &self.file,
                        crate::lang::Text::msg("error.players_cannot_be_seated"),
                    )
                })?;
            seats.extend(
                tables
                    .into_iter()
                    .map(|table| table.into_iter().map(|i| members[i]).collect()),
            );
        }
        Ok(seats)
    }

    /// Pairs that sat together again in the rounds drawn (each meeting beyond the first).
    pub fn repeated_pairings(&self) -> u32 {
        self.history().repeats()
    }
}

fn stem(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map_or("tournament".into(), |s| s.to_string_lossy().into_owned())
}

/// Creates a tournament file (never over an existing file), after checking it.
pub fn create(file: &str, new: &NewTournament) -> Result<Tournament, TournamentError> {
    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(
        "# A doko tournament. `doko tournament draw` seats the next round and writes one\n\
         # league sheet per table; `doko tournament show` ranks the players.\n",
    );
    // Without a name the tournament is called after its file.
    let name = if new.name.trim().is_empty() {
        stem(file)
    } else {
        new.name.to_string()
    };
    doc["name"] = value(name);
    doc["variant"] = value(sheet::stored_variant(file, new.variant));
    if !new.sets.is_empty() {
        doc["set"] = value(
            new.sets
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Array>(),
        );
    }
    doc["players"] = value(new.players.iter().map(String::as_str).collect::<Array>());
    doc["rounds"] = value(i64::from(new.rounds));
    if let Some(d) = new.deals {
        doc["deals"] = value(i64::from(d));
    }
    doc["ranking"] = value(new.ranking.key());
    doc["seed"] = value(new.seed as i64 & i64::MAX);
    if !new.teams.is_empty() {
        let mut teams = ArrayOfTables::new();
        for team in new.teams {
            let mut tt = Table::new();
            tt["name"] = value(team.name.as_str());
            tt["players"] = value(team.players.iter().map(String::as_str).collect::<Array>());
            teams.push(tt);
        }
        doc["team"] = Item::ArrayOfTables(teams);
    }
    let text = doc.to_string();
    let mut t: Tournament =
        toml::from_str(&text).map_err(|e| bad(file, e.message().trim().to_string()))?;
    t.file = file.to_string();
    t.check()?;
    // The rules must load, and a table sheet must be possible under them.
    t.profile()
        .map_err(|e| bad(file, crate::lang::Text::placed("variant", e.text())))?;
    sheet::write_new(file, &text)?;
    Ok(t)
}

/// A round as the tournament file writes it: `[[round]]` with its tables.
fn round_entry(round: &Round) -> Table {
    let mut entry = Table::new();
    entry["number"] = value(i64::from(round.number));
    let mut tables = ArrayOfTables::new();
    for table in &round.tables {
        let mut tt = Table::new();
        tt["table"] = value(i64::from(table.table));
        tt["file"] = value(table.file.as_str());
        tt["players"] = value(table.players.iter().map(String::as_str).collect::<Array>());
        tables.push(tt);
    }
    entry["table"] = Item::ArrayOfTables(tables);
    entry.decor_mut().set_prefix("\n");
    entry
}

/// Seats the next round: draws the tables, creates their sheets next to the tournament
/// file and records the round in it. Nothing is written if any sheet exists already or
/// cannot be made. The tournament after, and the round drawn.
pub fn draw_round(
    file: &str,
    patience: Duration,
    waiting: &mut dyn FnMut(&str),
) -> Result<(Tournament, Round), TournamentError> {
    let _lock = sheet::lock(file, patience, waiting)?;
    let t = Tournament::read(file)?;
    let number = t.drawn.len() as u32 + 1;
    if number > t.rounds {
        return Err(bad(
            file,
            crate::msg!("error.all_rounds_drawn", rounds = t.rounds),
        ));
    }
    // The rounds so far stand on their sheets: a lost or broken one is fixed first.
    if let Some(e) = standings(&t).unreadable_table(file) {
        return Err(e);
    }
    let seats = t.seat_round(number)?;
    let stem = stem(file);
    let round = Round {
        number,
        tables: seats
            .iter()
            .enumerate()
            .map(|(k, idx)| TableSeat {
                table: k as u32 + 1,
                file: format!("{stem}-r{number}-t{}.toml", k + 1),
                players: idx.iter().map(|&i| t.players[i].clone()).collect(),
            })
            .collect(),
    };
    let profile = t
        .profile()
        .map_err(|e| bad(file, crate::lang::Text::placed("variant", e.text())))?;
    let sets = t.sets();
    // Every sheet's text first: nothing is written unless all can be.
    let mut made: Vec<(PathBuf, String)> = Vec::new();
    for table in &round.tables {
        let path = t.sheet_path(table);
        if path.exists() {
            return Err(bad(
                file,
                crate::msg!(
                    "error.exists_nothing_written",
                    file = path.display().to_string()
                ),
            ));
        }
        // The DDV's seating (TSR 8.4): the players in seat order, seat 1 deals first (the
        // player left of it leads), seat 4 keeps the list; the deals as `league new` has
        // them; the profile as the tournament file names it (the sheets lie beside it).
        let name = format!("{} round {number} table {}", t.name, table.table);
        let shown = path.display().to_string();
        let mut plan = sheet::plan(
            &shown,
            &profile,
            &t.variant,
            &table.players,
            t.deals,
            table.players.first().map(String::as_str),
            Some(&name),
        )
        .map_err(|e| bad(file, crate::lang::Text::placed(e.field, e.message)))?;
        plan.variant = t.variant.clone();
        let text = sheet::new_text(&plan.sheet(&sets));
        league::evaluate(&shown, &text, None).map_err(sheet::FileError::Invalid)?;
        made.push((path, text));
    }
    let mut written: Vec<&PathBuf> = Vec::new();
    for (path, text) in &made {
        if let Err(e) = sheet::write_new(&path.display().to_string(), text) {
            for p in written {
                let _ = std::fs::remove_file(p);
            }
            return Err(e.into());
        }
        written.push(path);
    }
    let old = sheet::read(file)?;
    if let Some((offset, why)) = crate::toml_syntax::too_deep(&old, false) {
        let line = crate::variant::line_of(&old, offset);
        return Err(bad(
            file,
            crate::msg!("error.toml_at_line", line = line, why = why),
        ));
    }
    let mut doc: DocumentMut = old
        .parse()
        .map_err(|e: toml_edit::TomlError| bad(file, e.message().trim().to_string()))?;
    let entry = round_entry(&round);
    match doc.get_mut("round").and_then(Item::as_array_of_tables_mut) {
        Some(rounds) => rounds.push(entry),
        None => {
            let mut rounds = ArrayOfTables::new();
            rounds.push(entry);
            doc["round"] = Item::ArrayOfTables(rounds);
        }
    }
    if let Err(e) = sheet::write_atomically(file, &doc.to_string()) {
        for (p, _) in &made {
            let _ = std::fs::remove_file(p);
        }
        return Err(e.into());
    }
    let after = Tournament::read(file)?;
    Ok((after, round))
}

/// The lines of a list file (players, teams) with their numbers, trimmed; blank lines and
/// `#` comments left out.
fn list_lines(file: &str) -> Result<Vec<(usize, String)>, crate::deal::RecordError> {
    let f = crate::files::open_to_read(file).map_err(|e| {
        let why = crate::files::why(&e);
        crate::deal::RecordError::new(file, crate::msg!("error.cannot_read", why = why))
    })?;
    let text = crate::deal::decode(
        file,
        crate::deal::read_bounded(file, f, crate::deal::MAX_DOCUMENT)?,
    )?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i, l.to_string()))
        .collect())
}

/// The teams of a file: one a line, `Name: Anna, Ben, Cara, Dirk`; blank lines and `#`
/// comments skipped. Each name is checked, and no player is in two teams.
pub fn read_teams(file: &str) -> Result<Vec<Team>, crate::deal::RecordError> {
    let mut teams: Vec<Team> = Vec::new();
    for (n, line) in list_lines(file)? {
        let line = line.as_str();
        let at = |m| crate::deal::RecordError::new(file, m).line(n);
        let Some((name, players)) = line.split_once(':') else {
            return Err(at(crate::msg!(
                "error.team_line",
                line = crate::deal::prefix(line)
            )));
        };
        let name = name.trim();
        crate::deal::check_name(name).map_err(at)?;
        if teams.iter().any(|t| t.name.eq_ignore_ascii_case(name)) {
            return Err(at(crate::msg!("error.team_named_twice", team = name)));
        }
        let mut team = Team {
            name: name.to_string(),
            players: Vec::new(),
        };
        for p in players.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            crate::deal::check_name(p).map_err(at)?;
            let taken = teams
                .iter()
                .chain(std::iter::once(&team))
                .any(|t| t.players.iter().any(|q| crate::deal::same_name(q, p)));
            if taken {
                return Err(at(crate::msg!("error.named_twice", player = p)));
            }
            team.players.push(p.to_string());
        }
        teams.push(team);
    }
    Ok(teams)
}

/// The players of a file: one a line; blank lines and `#` comments skipped.
pub fn read_players(file: &str) -> Result<Vec<String>, crate::deal::RecordError> {
    let mut players: Vec<String> = Vec::new();
    for (n, name) in list_lines(file)? {
        let name = name.as_str();
        let at = |m| crate::deal::RecordError::new(file, m).line(n);
        crate::deal::check_name(name).map_err(at)?;
        if players.iter().any(|q| crate::deal::same_name(q, name)) {
            return Err(at(crate::msg!("error.named_twice", player = name)));
        }
        players.push(name.to_string());
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_points_share_places() {
        assert_eq!(placement_points(&[10, 30, -20, -20]), [1, 3, -2, -2]);
        assert_eq!(placement_points(&[5, 5, 5, 5]), [0, 0, 0, 0]);
        assert_eq!(placement_points(&[9, 9, 0, -1]), [2, 2, -1, -3]);
        assert_eq!(placement_points(&[1, 2, 3, 4, 5]), [-4, -2, 0, 2, 4]);
        assert_eq!(placement_points(&[7, 7, 7, 0, 0]), [2, 2, 2, -3, -3]);
        for t in [[3i64, -1, 4, 1], [0, 0, 0, 2], [1, 1, 2, 2]] {
            assert_eq!(placement_points(&t).iter().sum::<i64>(), 0);
        }
    }

    fn line(player: &str, round_points: &[i64], placement: i64, solos_won: u32) -> PlayerLine {
        PlayerLine {
            player: player.into(),
            rank: 0,
            total: round_points.iter().sum(),
            average: 0.0,
            placement,
            seeger: 0,
            round_points: round_points.iter().map(|&p| Some(p)).collect(),
            rounds_played: round_points.len() as u32,
            solos_won,
            unfinished: false,
        }
    }

    fn ranked(lines: &[PlayerLine], ranking: Ranking) -> Vec<(String, usize)> {
        let mut lines = lines.to_vec();
        rank(&mut lines, ranking);
        lines.into_iter().map(|l| (l.player, l.rank)).collect()
    }

    fn pairs(v: &[(&str, usize)]) -> Vec<(String, usize)> {
        v.iter().map(|(p, r)| (p.to_string(), *r)).collect()
    }

    #[test]
    fn each_ranking_ranks_by_its_key_then_the_others_then_solos() {
        // Anna: most points in two rounds; Ben: best average in one round; Cara: most
        // placement points; Dirk ties Eva on everything but solos won.
        let lines = [
            line("Anna", &[20, 16], 2, 0),
            line("Ben", &[24], 3, 0),
            line("Cara", &[10, 10], 6, 0),
            line("Dirk", &[-5, -5], -4, 1),
            line("Eva", &[-5, -5], -4, 0),
            line("Finn", &[-5, -5], -4, 0),
        ];
        assert_eq!(
            ranked(&lines, Ranking::Sum),
            pairs(&[
                ("Anna", 1),
                ("Ben", 2),
                ("Cara", 3),
                ("Dirk", 4),
                ("Eva", 5),
                ("Finn", 5)
            ])
        );
        assert_eq!(
            ranked(&lines, Ranking::Average),
            pairs(&[
                ("Ben", 1),
                ("Anna", 2),
                ("Cara", 3),
                ("Dirk", 4),
                ("Eva", 5),
                ("Finn", 5)
            ])
        );
        assert_eq!(
            ranked(&lines, Ranking::Placement),
            pairs(&[
                ("Cara", 1),
                ("Ben", 2),
                ("Anna", 3),
                ("Dirk", 4),
                ("Eva", 5),
                ("Finn", 5)
            ])
        );
        // A tie on the first key goes to the next: equal totals, better average.
        let tied = [line("Anna", &[10, 10], 0, 0), line("Ben", &[20], 0, 0)];
        assert_eq!(
            ranked(&tied, Ranking::Sum),
            pairs(&[("Ben", 1), ("Anna", 2)])
        );
    }
}
