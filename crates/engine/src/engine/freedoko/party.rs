//! A FreeDoko party file as FreeDoko writes it (docs/formats.md §12): its rules, its
//! players and the summary of every game. Written from the format's description and
//! doko's own fixtures, not from FreeDoko's code.
//!
//! The text is lines of `key = value`, blocks opened by a name on its own line and `{` on
//! the next (or `{` alone for a block without a name), closed by `}`; `#` starts a comment
//! line. The games are numbered by their `#  game N` comments.

use crate::lang::Text;
use crate::msg;

/// Most games a party file may hold, and most bytes it may have.
pub const MAX_GAMES: usize = 100_000;
/// Most bytes of a party file.
pub const MAX_BYTES: usize = 64 << 20;

/// An error in a party file: the line (from 1) and the key where known, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyError {
    /// The line, from 1.
    pub line: usize,
    /// The key or block.
    pub field: Option<String>,
    /// What is wrong.
    pub message: Text,
}

impl PartyError {
    fn new(line: usize, field: Option<&str>, message: Text) -> PartyError {
        PartyError {
            line,
            field: field.map(str::to_string),
            message,
        }
    }
}

/// One `key = value` line and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key, as written (trimmed).
    pub key: String,
    /// The value, as written (trimmed).
    pub value: String,
    /// Its line, from 1.
    pub line: usize,
}

/// A block: its name, entries and inner blocks in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Block {
    name: String,
    line: usize,
    entries: Vec<Entry>,
    blocks: Vec<Block>,
    /// The last `# ...` comment before each inner block (FreeDoko's `#  game N`).
    comments: Vec<Option<String>>,
}

impl Block {
    fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    fn block(&self, name: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.name == name)
    }
}

/// A team, as FreeDoko names the parties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Team {
    /// Re.
    Re,
    /// Contra (Kontra).
    Contra,
    /// No team (a thrown hand; a poverty nobody took).
    None,
}

/// A seat, or `-` for none.
pub type Seat = Option<usize>;

/// The highest announcement of a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Announcement {
    /// `no announcement`.
    None,
    /// `no 120`: Re or Contra.
    No120,
    /// `no 90`.
    No90,
    /// `no 60`.
    No60,
    /// `no 30`.
    No30,
    /// `no 0`: schwarz.
    No0,
}

/// One line of a game's `special points { }`: `NAME = TEAM, TEAM, SEAT, SEAT, VALUE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Special {
    /// Its name (`caught fox`, `won`, `Doppelkopf` ...).
    pub name: String,
    /// The team it counts for.
    pub team: Team,
    /// The second team the line names (the one it was made against, or the same).
    pub other: Team,
    /// The first seat it names (who made it), if any.
    pub player: Seat,
    /// The second seat (who lost it), if any.
    pub against: Seat,
    /// Its value.
    pub value: i64,
    /// Its line.
    pub line: usize,
}

/// One game's summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Its number as the `#  game N` comment gives it (else its place, from 0).
    pub number: usize,
    /// The line of its `{`.
    pub line: usize,
    /// The seat that starts the game (left of the dealer).
    pub startplayer: usize,
    /// The soloist, if any.
    pub soloplayer: Seat,
    /// `gametype`, as written.
    pub gametype: String,
    /// A duty solo.
    pub duty_solo: bool,
    /// Who had the swines, the hyperswines.
    pub swines: Seat,
    /// Who had the hyperswines.
    pub hyperswines: Seat,
    /// Each seat's team.
    pub teams: Vec<Team>,
    /// Re's highest announcement.
    pub re_announcement: Announcement,
    /// Contra's highest announcement.
    pub contra_announcement: Announcement,
    /// Re's Re was a reply (after its deadline), Contra's Contra was.
    pub replies: (bool, bool),
    /// The eyes each seat took.
    pub trick_points: Vec<u16>,
    /// The winning team.
    pub winner: Team,
    /// The game's value after every Bock factor.
    pub points: i64,
    /// Its special points.
    pub specials: Vec<Special>,
    /// The Bock triggers it set off.
    pub bock_triggers: Vec<String>,
    /// Every line of the game's own block (doko reads what it knows by name).
    pub entries: Vec<Entry>,
}

/// A party file, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The rules, one entry a rule, in order.
    pub rules: Vec<Entry>,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    /// The games, in order.
    pub games: Vec<Game>,
    /// The games whose summary doko cannot read: FreeDoko's number of each, and why
    /// (with its line). The others are read all the same.
    pub unread: Vec<(usize, PartyError)>,
    /// The comment lines that doko's own export writes (`# doko: ...`), in order.
    pub doko: Vec<Entry>,
}

/// Reads a party file.
pub fn parse(text: &str) -> Result<Party, PartyError> {
    if text.len() > MAX_BYTES {
        return Err(PartyError::new(
            1,
            None,
            msg!("error.freedoko_too_big", max = MAX_BYTES),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("").trim();
    if first != "#!FreeDoko" {
        return Err(PartyError::new(1, None, msg!("error.freedoko_not_party")));
    }
    let (root, doko) = blocks(text)?;
    let rules = need_block(&root, "rules")?.entries.clone();
    let players = players(&root)?;
    let summaries = need_block(&root, "game summaries")?;
    if summaries.blocks.len() > MAX_GAMES {
        return Err(PartyError::new(
            summaries.line,
            Some("game summaries"),
            msg!("error.freedoko_too_many_games", max = MAX_GAMES),
        ));
    }
    // One game doko cannot read never costs the others.
    let mut games = Vec::new();
    let mut unread = Vec::new();
    for (k, (b, comment)) in summaries.blocks.iter().zip(&summaries.comments).enumerate() {
        match game(b, comment.as_deref(), k, players.len()) {
            Ok(g) => games.push(g),
            Err(e) => unread.push((game_number(comment.as_deref(), k), e)),
        }
    }
    Ok(Party {
        rules,
        players,
        games,
        unread,
        doko,
    })
}

/// The block structure of the text, and doko's own `# doko: key = value` comments.
fn blocks(text: &str) -> Result<(Block, Vec<Entry>), PartyError> {
    let mut stack: Vec<Block> = vec![Block::default()];
    let mut doko = Vec::new();
    // A name on its own line waits for its `{`; the last comment waits for a block.
    let mut pending: Option<(String, usize)> = None;
    let mut comment: Option<String> = None;
    let mut last = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last = line;
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        if let Some(c) = l.strip_prefix('#') {
            match c.trim().strip_prefix("doko:") {
                Some(d) => doko_line(d, line, &mut stack, &mut doko),
                None => comment = Some(c.trim().to_string()),
            }
            continue;
        }
        if l == "{" {
            let (name, at) = pending.take().unwrap_or((String::new(), line));
            let parent = stack.last_mut().expect("the root stays");
            parent.comments.push(comment.take());
            stack.push(Block {
                name,
                line: at,
                ..Block::default()
            });
            if stack.len() > 8 {
                return Err(PartyError::new(line, None, msg!("error.freedoko_too_deep")));
            }
            continue;
        }
        if let Some((name, at)) = pending.take() {
            // A name not followed by `{`: a flag line (`bock triggers` without values
            // is always a block; a lone word is a value-less rule).
            let parent = stack.last_mut().expect("the root stays");
            parent.entries.push(Entry {
                key: name,
                value: String::new(),
                line: at,
            });
        }
        if l == "}" {
            if stack.len() < 2 {
                return Err(PartyError::new(line, None, msg!("error.freedoko_unopened")));
            }
            let done = stack.pop().expect("two or more");
            let parent = stack.last_mut().expect("the root stays");
            parent.blocks.push(done);
            continue;
        }
        // `key = value`; in a block also `name: value` (`points { Name: 370 }`).
        let pair = l
            .split_once('=')
            .or_else(|| l.split_once(':').filter(|_| stack.len() > 1));
        match pair {
            Some((k, v)) => stack
                .last_mut()
                .expect("the root stays")
                .entries
                .push(Entry {
                    key: k.trim().to_string(),
                    value: v.trim().to_string(),
                    line,
                }),
            None => pending = Some((l.to_string(), line)),
        }
    }
    if stack.len() > 1 {
        let open = stack.last().expect("two or more");
        return Err(PartyError::new(
            last,
            Some(&open.name),
            msg!(
                "error.freedoko_unclosed",
                block = open.name.clone(),
                line = open.line
            ),
        ));
    }
    Ok((stack.pop().expect("the root"), doko))
}

/// doko's own note `key = value`: the file's at the top, a game's in its block (as
/// `doko:key`).
fn doko_line(d: &str, line: usize, stack: &mut [Block], doko: &mut Vec<Entry>) {
    let Some((k, v)) = d.split_once('=') else {
        return;
    };
    let (k, value) = (k.trim(), v.trim().to_string());
    match stack {
        [_] => doko.push(Entry {
            key: k.to_string(),
            value,
            line,
        }),
        [.., block] => block.entries.push(Entry {
            key: format!("doko:{k}"),
            value,
            line,
        }),
        [] => {}
    }
}

/// A block the party must have.
fn need_block<'a>(root: &'a Block, name: &str) -> Result<&'a Block, PartyError> {
    root.block(name).ok_or_else(|| {
        PartyError::new(
            root.line,
            Some(name),
            msg!("error.freedoko_no_block", block = name),
        )
    })
}

/// The players' names, in seat order: one `{ name = ... }` block each.
fn players(root: &Block) -> Result<Vec<String>, PartyError> {
    let block = need_block(root, "players")?;
    let names = block
        .blocks
        .iter()
        .map(|p| {
            p.entry("name")
                .map(|e| e.value.clone())
                .filter(|n| !n.is_empty())
                .ok_or_else(|| {
                    PartyError::new(p.line, Some("name"), msg!("error.freedoko_player_name"))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    crate::deal::check_players(&names)
        .map_err(|m| PartyError::new(block.line, Some("players"), m))?;
    Ok(names)
}

/// A value that must be there.
fn need<'a>(b: &'a Block, key: &str) -> Result<&'a Entry, PartyError> {
    b.entry(key).ok_or_else(|| {
        PartyError::new(b.line, Some(key), msg!("error.freedoko_missing", key = key))
    })
}

/// A seat from `0` to `seats - 1`, or `-`.
fn seat(e: &Entry, seats: usize) -> Result<Seat, PartyError> {
    let v = e.value.trim();
    if v == "-" {
        return Ok(None);
    }
    v.parse::<usize>()
        .ok()
        .filter(|&s| s < seats)
        .map(Some)
        .ok_or_else(|| {
            PartyError::new(
                e.line,
                Some(&e.key),
                msg!("error.freedoko_seat", value = v, seats = seats),
            )
        })
}

fn team(word: &str) -> Option<Team> {
    match word.trim() {
        "re" => Some(Team::Re),
        "contra" => Some(Team::Contra),
        "no team" | "-" | "" => Some(Team::None),
        _ => None,
    }
}

/// A team's highest announcement, and whether its Re/Contra was a reply (`reply`, `no 60
/// reply`: said after its deadline, answering the other team).
fn announcement(e: &Entry) -> Result<(Announcement, bool), PartyError> {
    let value = e.value.trim();
    if value == "reply" {
        return Ok((Announcement::No120, true));
    }
    if let Some(level) = value.strip_suffix(" reply") {
        let plain = Entry {
            value: level.to_string(),
            ..e.clone()
        };
        return announcement(&plain).map(|(a, _)| (a, true));
    }
    Ok((
        match value {
            "no announcement" => Announcement::None,
            "no 120" => Announcement::No120,
            "no 90" => Announcement::No90,
            "no 60" => Announcement::No60,
            "no 30" => Announcement::No30,
            "no 0" => Announcement::No0,
            v => {
                return Err(PartyError::new(
                    e.line,
                    Some(&e.key),
                    msg!("error.freedoko_announcement", value = v),
                ));
            }
        },
        false,
    ))
}

/// A list of `seats` values separated by commas.
fn per_seat(e: &Entry, seats: usize) -> Result<Vec<&str>, PartyError> {
    let parts: Vec<&str> = e.value.split(',').map(str::trim).collect();
    if parts.len() != seats {
        return Err(PartyError::new(
            e.line,
            Some(&e.key),
            msg!(
                "error.freedoko_per_seat",
                count = parts.len(),
                seats = seats
            ),
        ));
    }
    Ok(parts)
}

/// A game's number as its `#  game N` comment gives it, else its place (from 0).
fn game_number(comment: Option<&str>, k: usize) -> usize {
    comment
        .and_then(|c| c.trim().strip_prefix("game"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(k)
}

/// One game's block.
fn game(b: &Block, comment: Option<&str>, k: usize, seats: usize) -> Result<Game, PartyError> {
    let number = game_number(comment, k);
    let players = need(b, "players number")?;
    if players.value.trim().parse::<usize>().ok() != Some(seats) {
        return Err(PartyError::new(
            players.line,
            Some(&players.key),
            msg!(
                "error.freedoko_players_number",
                value = players.value.clone(),
                seats = seats
            ),
        ));
    }
    let startplayer = seat(need(b, "startplayer number")?, seats)?.ok_or_else(|| {
        PartyError::new(
            b.line,
            Some("startplayer number"),
            msg!("error.freedoko_missing", key = "startplayer number"),
        )
    })?;
    let optional_seat = |key: &str| b.entry(key).map_or(Ok(None), |e| seat(e, seats));
    let (teams, trick_points) = teams_and_eyes(b, seats)?;
    let winner_entry = need(b, "winnerteam")?;
    let winner = team(&winner_entry.value).ok_or_else(|| {
        PartyError::new(
            winner_entry.line,
            Some("winnerteam"),
            msg!("error.freedoko_team", value = winner_entry.value.clone()),
        )
    })?;
    let points_entry = need(b, "points")?;
    let points = points_entry
        .value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|p| p.unsigned_abs() <= 1 << 40)
        .ok_or_else(|| {
            PartyError::new(
                points_entry.line,
                Some("points"),
                msg!("error.freedoko_number", value = points_entry.value.clone()),
            )
        })?;
    let duty = b.entry("duty solo").map(|e| e.value.trim().to_string());
    let specials = match b.block("special points") {
        Some(s) => s
            .entries
            .iter()
            .map(|e| special(e, seats))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let re = announcement(need(b, "highest announcement re")?)?;
    let contra = announcement(need(b, "highest announcement contra")?)?;
    let bock_triggers = b
        .block("bock triggers")
        .map(|t| t.entries.iter().map(|e| e.key.clone()).collect::<Vec<_>>())
        .unwrap_or_default();
    Ok(Game {
        number,
        line: b.line,
        startplayer,
        soloplayer: optional_seat("soloplayer number")?,
        gametype: need(b, "gametype")?.value.trim().to_string(),
        duty_solo: duty.is_some_and(|d| d != "0" && d != "false" && !d.is_empty()),
        swines: optional_seat("swines player number")?,
        hyperswines: optional_seat("hyperswines player number")?,
        teams,
        re_announcement: re.0,
        contra_announcement: contra.0,
        replies: (re.1, contra.1),
        trick_points,
        winner,
        points,
        specials,
        bock_triggers,
        entries: b.entries.clone(),
    })
}

/// Each seat's team and eyes (`teams`, `trick points`).
fn teams_and_eyes(b: &Block, seats: usize) -> Result<(Vec<Team>, Vec<u16>), PartyError> {
    let teams_entry = need(b, "teams")?;
    let teams = per_seat(teams_entry, seats)?
        .into_iter()
        .map(|t| {
            team(t).ok_or_else(|| {
                PartyError::new(
                    teams_entry.line,
                    Some("teams"),
                    msg!("error.freedoko_team", value = t),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let eyes_entry = need(b, "trick points")?;
    let eyes = per_seat(eyes_entry, seats)?
        .into_iter()
        .map(|t| {
            t.parse::<u16>().ok().filter(|&n| n <= 240).ok_or_else(|| {
                PartyError::new(
                    eyes_entry.line,
                    Some("trick points"),
                    msg!("error.freedoko_eyes", value = t),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((teams, eyes))
}

/// `NAME = TEAM, TEAM, SEAT, SEAT, VALUE`.
fn special(e: &Entry, seats: usize) -> Result<Special, PartyError> {
    let parts: Vec<&str> = e.value.split(',').map(str::trim).collect();
    let bad = || {
        PartyError::new(
            e.line,
            Some(&e.key),
            msg!("error.freedoko_special", value = e.value.clone()),
        )
    };
    let [t1, t2, s1, s2, v] = parts.as_slice() else {
        return Err(bad());
    };
    let seat_of = |s: &str| -> Result<Seat, PartyError> {
        if s == "-" {
            return Ok(None);
        }
        s.parse::<usize>()
            .ok()
            .filter(|&n| n < seats)
            .map(Some)
            .ok_or_else(bad)
    };
    Ok(Special {
        name: e.key.clone(),
        team: team(t1).ok_or_else(bad)?,
        other: team(t2).ok_or_else(bad)?,
        player: seat_of(s1)?,
        against: seat_of(s2)?,
        value: v
            .parse::<i64>()
            .ok()
            .filter(|n| n.unsigned_abs() <= 1 << 20)
            .ok_or_else(bad)?,
        line: e.line,
    })
}
