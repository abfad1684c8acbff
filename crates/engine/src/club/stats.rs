//! A season: every player's record over several evenings (league sheets, paper sheets or
//! record files), with players who come and go.

use serde::Serialize;

use crate::contract::Party;
use crate::scoring::DealResult;

/// One evening, scored: its deals with the players of its table.
#[derive(Debug, Clone)]
pub struct Evening {
    /// The file it was read from (the evening's name on the page).
    pub name: String,
    /// The evening's players, in seat order.
    pub players: Vec<String>,
    /// Its deals, scored.
    pub deals: Vec<DealResult>,
    /// Each seat's penalty points (TSR 9) of the evening, losses and shares summed.
    pub penalties: Vec<i64>,
}

/// One player's evening with the most or fewest points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EveningPoints {
    /// The evening's name (its file).
    pub evening: String,
    /// The player's points that evening.
    pub points: i64,
}

/// A player's season (`stats --format json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The player's name.
    pub player: String,
    /// Evenings she played in.
    pub sheets: usize,
    /// Deals she played (not sitting out).
    pub deals: usize,
    /// Points over the season.
    pub points: i64,
    /// Points per deal played.
    pub points_per_deal: f64,
    /// Deals her party won.
    pub won: usize,
    /// Deals she played alone against the others, and won.
    pub solos: usize,
    /// Solos won.
    pub solos_won: usize,
    /// Deals played in the Re party.
    pub re_deals: usize,
    /// Of those, deals won.
    pub re_won: usize,
    /// Deals won of those she played as Re (0 without any).
    pub re_win_rate: f64,
    /// Deals played in the Kontra party.
    pub kontra_deals: usize,
    /// Of those, deals won.
    pub kontra_won: usize,
    /// Kontra deals won per Kontra deal (0 to 1).
    pub kontra_win_rate: f64,
    /// Points scored in deals with a multiplier above 1.
    pub bock_points: i64,
    /// The evening with the most points.
    pub best: Option<EveningPoints>,
    /// The evening with the fewest points.
    pub worst: Option<EveningPoints>,
    /// A series that counts the best N evenings (`stats --best N`): the sum of her best
    /// N evenings' points (all of hers where she played fewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_of: Option<i64>,
    /// Her points of each evening she played, in order.
    #[serde(skip)]
    pub evenings: Vec<i64>,
}

/// A season: the evenings in order, every player, and each player's points after each
/// evening (the curve of the page; unchanged over an evening she missed).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Season {
    /// The evenings, in order.
    pub evenings: Vec<String>,
    /// Each player's statistics, best first.
    pub players: Vec<PlayerStats>,
    /// Each player's total after each evening.
    pub cumulative: crate::report::Ordered<String, Vec<i64>>,
    /// A series counting the best N evenings: N.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_of: Option<usize>,
}

impl Season {
    /// Short names of the evenings, for a chart's axis and a page: each file's name
    /// without folder and extension (`friday` for `club/friday.toml`), or with its
    /// folder where two would share a name, or the path as given where even that does not
    /// tell them apart.
    pub fn labels(&self) -> Vec<String> {
        use std::path::Path;
        fn stem(e: &String) -> String {
            Path::new(e)
                .file_stem()
                .map_or_else(|| e.clone(), |s| s.to_string_lossy().into_owned())
        }
        fn folder_stem(e: &String) -> String {
            match Path::new(e).parent().and_then(Path::file_name) {
                Some(dir) => format!("{}/{}", dir.to_string_lossy(), stem(e)),
                None => stem(e),
            }
        }
        let distinct = |names: &[String]| {
            let set: std::collections::BTreeSet<&String> = names.iter().collect();
            set.len() == names.len()
        };
        for way in [stem as fn(&String) -> String, folder_stem] {
            let names: Vec<String> = self.evenings.iter().map(way).collect();
            if distinct(&names) {
                return names;
            }
        }
        self.evenings.clone()
    }
}

fn rate(won: usize, of: usize) -> f64 {
    if of == 0 { 0.0 } else { won as f64 / of as f64 }
}

/// Refuses a season that names one evening twice: the same path, or two names of one file
/// (a link, `./`, a hard link), which would count its deals twice. The message names both.
pub fn distinct_files(files: &[String]) -> Result<(), crate::lang::Text> {
    // Each file's identity, once: its device and inode, else (not Unix) the path the name
    // resolves to, else (not found: reading it will say so) the name.
    let identity = |f: &String| -> String {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if let Ok(m) = std::fs::metadata(f) {
                return format!("{}:{}", m.dev(), m.ino());
            }
        }
        std::fs::canonicalize(f).map_or_else(|_| f.clone(), |p| p.display().to_string())
    };
    let ids: Vec<String> = files.iter().map(identity).collect();
    for (i, id) in ids.iter().enumerate() {
        if let Some(j) = ids[..i].iter().position(|x| x == id) {
            return Err(crate::msg!(
                "error.evening_twice",
                first = &files[j],
                second = &files[i]
            ));
        }
    }
    Ok(())
}

/// The season of a series that counts each player's best `n` evenings (club series: "the
/// best N of M"): [`season`], each player's `best_of`, ranked by it (then by points, then
/// by name).
pub fn season_best_of(evenings: &[Evening], n: usize) -> Season {
    let mut s = season(evenings);
    for p in &mut s.players {
        let mut e = p.evenings.clone();
        e.sort_unstable_by(|a, b| b.cmp(a));
        p.best_of = Some(e.iter().take(n).sum());
    }
    s.players.sort_by(|a, b| {
        b.best_of
            .cmp(&a.best_of)
            .then_with(|| b.points.cmp(&a.points))
            .then_with(|| a.player.cmp(&b.player))
    });
    s.best_of = Some(n);
    s
}

/// The season of `evenings`, players in order of first appearance, sorted by points
/// (best first; then by name).
pub fn season(evenings: &[Evening]) -> Season {
    let mut names: Vec<String> = Vec::new();
    for e in evenings {
        for p in &e.players {
            if !names.contains(p) {
                names.push(p.clone());
            }
        }
    }
    let mut stats: Vec<PlayerStats> = names
        .iter()
        .map(|p| PlayerStats {
            player: p.clone(),
            sheets: 0,
            deals: 0,
            points: 0,
            points_per_deal: 0.0,
            won: 0,
            solos: 0,
            solos_won: 0,
            re_deals: 0,
            re_won: 0,
            re_win_rate: 0.0,
            kontra_deals: 0,
            kontra_won: 0,
            kontra_win_rate: 0.0,
            bock_points: 0,
            best: None,
            worst: None,
            best_of: None,
            evenings: Vec::new(),
        })
        .collect();
    let mut cumulative: Vec<Vec<i64>> = vec![Vec::with_capacity(evenings.len()); names.len()];
    for e in evenings {
        let mut tonight = vec![None::<i64>; names.len()];
        for (seat, p) in e.players.iter().enumerate() {
            let Some(k) = names.iter().position(|n| n == p) else {
                continue;
            };
            let s = &mut stats[k];
            let points = add_deals(s, seat, &e.deals) + e.penalties.get(seat).copied().unwrap_or(0);
            s.sheets += 1;
            s.points += points;
            let here = EveningPoints {
                evening: e.name.clone(),
                points,
            };
            if s.best.as_ref().is_none_or(|b| points > b.points) {
                s.best = Some(here.clone());
            }
            if s.worst.as_ref().is_none_or(|w| points < w.points) {
                s.worst = Some(here);
            }
            tonight[k] = Some(points);
            s.evenings.push(points);
        }
        for (k, c) in cumulative.iter_mut().enumerate() {
            let before = c.last().copied().unwrap_or(0);
            c.push(before + tonight[k].unwrap_or(0));
        }
    }
    for s in &mut stats {
        s.points_per_deal = if s.deals == 0 {
            0.0
        } else {
            s.points as f64 / s.deals as f64
        };
        s.re_win_rate = rate(s.re_won, s.re_deals);
        s.kontra_win_rate = rate(s.kontra_won, s.kontra_deals);
    }
    let curves = crate::report::Ordered(names.into_iter().zip(cumulative).collect());
    stats.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then_with(|| a.player.cmp(&b.player))
    });
    Season {
        evenings: evenings.iter().map(|e| e.name.clone()).collect(),
        players: stats,
        cumulative: curves,
        best_of: None,
    }
}

/// Adds one evening's deals of the player at `seat` to her record: her points that evening.
fn add_deals(s: &mut PlayerStats, seat: usize, deals: &[DealResult]) -> i64 {
    let mut points = 0;
    for d in deals {
        let Some(party) = d.facts.roles.get(seat).and_then(|r| r.party()) else {
            continue;
        };
        let score = d.scores.get(seat).copied().unwrap_or(0);
        points += score;
        s.deals += 1;
        let won = d.winner == Some(party);
        s.won += usize::from(won);
        if d.facts.alone(party) {
            s.solos += 1;
            s.solos_won += usize::from(won);
        }
        match party {
            Party::Re => {
                s.re_deals += 1;
                s.re_won += usize::from(won);
            }
            Party::Kontra => {
                s.kontra_deals += 1;
                s.kontra_won += usize::from(won);
            }
        }
        if d.multiplier > 1 {
            s.bock_points += score;
        }
    }
    points
}
