//! Seating a tournament round: tables of four, five only where the number of players
//! needs it, everyone once, and as few pairs meeting again as possible.
//!
//! The draw is a local search from many shuffled starts (seeded, so the same seed and
//! history give the same tables): players are swapped between tables while that lowers
//! the cost, and the best seating of all starts is kept. The cost counts, first, every pair
//! that met in an earlier round (a pair that met twice counts twice more), then, far less,
//! how often a player at a table of five sat at one before (who sits out rotates).

use crate::rng::Rng;

/// How many starts the search makes.
const STARTS: usize = 400;
/// Weight of one repeated pairing against one repeated table of five.
const PAIR: u64 = 1000;
/// Weight of two players of one team at a table: more than any number of repeated
/// pairings a round can have.
const TEAMMATES: u64 = 1_000_000_000;

/// The table sizes for `n` players: fours, and as few fives as make the count (largest
/// tables last). None where no mix of fours and fives seats everyone (fewer than 4
/// players, 6, 7 or 11).
pub fn table_sizes(n: usize) -> Option<Vec<usize>> {
    // Each five adds one over a multiple of four.
    let fives = n % 4;
    if n < 4 || n < 5 * fives {
        return None;
    }
    let fours = (n - 5 * fives) / 4;
    let mut sizes = vec![4; fours];
    sizes.extend(std::iter::repeat_n(5, fives));
    Some(sizes)
}

/// Who sat with whom before, and who sat at a table of five: the history a draw avoids.
#[derive(Debug, Clone)]
pub struct History {
    n: usize,
    /// `met[a * n + b]`: rounds in which `a` and `b` sat at one table.
    met: Vec<u32>,
    /// Rounds each player sat at a table of five.
    fives: Vec<u32>,
    /// Each player's team, where the players play in teams (teammates never sit together).
    teams: Vec<usize>,
}

impl History {
    /// No meetings yet among `n` players.
    pub fn new(n: usize) -> History {
        History {
            n,
            met: vec![0; n * n],
            fives: vec![0; n],
            teams: Vec::new(),
        }
    }

    /// Each player's team: a draw seats teammates apart (where it can).
    pub fn set_teams(&mut self, teams: Vec<usize>) {
        debug_assert_eq!(teams.len(), self.n);
        self.teams = teams;
    }

    fn teammates(&self, a: usize, b: usize) -> bool {
        !self.teams.is_empty() && self.teams[a] == self.teams[b]
    }

    /// Adds a round's tables (players by index).
    pub fn add(&mut self, tables: &[Vec<usize>]) {
        for t in tables {
            for (i, &a) in t.iter().enumerate() {
                if t.len() == 5 {
                    self.fives[a] += 1;
                }
                for &b in &t[i + 1..] {
                    self.met[a * self.n + b] += 1;
                    self.met[b * self.n + a] += 1;
                }
            }
        }
    }

    /// How often players `a` and `b` sat at one table.
    pub fn met(&self, a: usize, b: usize) -> u32 {
        self.met[a * self.n + b]
    }

    /// Pairs that met more than once, counted once per meeting beyond the first.
    pub fn repeats(&self) -> u32 {
        let mut r = 0;
        for a in 0..self.n {
            for b in a + 1..self.n {
                r += self.met(a, b).saturating_sub(1);
            }
        }
        r
    }

    /// Cost of player `p` at a table with `others` (not counting `p` herself).
    fn cost(&self, p: usize, others: impl Iterator<Item = usize>, size: usize) -> u64 {
        let mut mates = 0;
        let pairs: u64 = others
            .filter(|&o| o != p)
            .map(|o| {
                mates += u64::from(self.teammates(p, o));
                let m = u64::from(self.met(p, o));
                // 1 for the first repeat, 3 for the second ...: spread repeats out.
                m * (m + 1) / 2
            })
            .sum();
        let five = if size == 5 {
            u64::from(self.fives[p])
        } else {
            0
        };
        mates * TEAMMATES + pairs * PAIR + five
    }
}

/// The tables of one round for `n` players (indices), given the history; None where the
/// count cannot be seated ([`table_sizes`]). Each table's players are in index order.
pub fn draw(n: usize, history: &History, seed: u64, round: u32) -> Option<Vec<Vec<usize>>> {
    let sizes = table_sizes(n)?;
    let mut rng = Rng::new(seed ^ u64::from(round).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut best: Option<(u64, Vec<Vec<usize>>)> = None;
    for _ in 0..STARTS {
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let tables = if history.teams.is_empty() {
            let mut tables: Vec<Vec<usize>> = Vec::with_capacity(sizes.len());
            let mut at = 0;
            for &s in &sizes {
                tables.push(order[at..at + s].to_vec());
                at += s;
            }
            tables
        } else {
            spread_teams(&order, &history.teams, &sizes)
        };
        let mut tables = tables;
        improve(&mut tables, history);
        let cost = total_cost(&tables, history);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, tables));
            if cost == 0 {
                break;
            }
        }
    }
    best.map(|(_, mut tables)| {
        for t in &mut tables {
            t.sort_unstable();
        }
        tables
    })
}

/// Tables of `sizes` from players in `order`, each team's players dealt to the tables in
/// turn (a team after another, in the order its first player comes): teammates sit apart
/// wherever the tables are enough, so the search starts among seatings that keep them so.
fn spread_teams(order: &[usize], teams: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut by_team: Vec<usize> = order.to_vec();
    let first = |t: usize| order.iter().position(|&p| teams[p] == t);
    by_team.sort_by_key(|&p| first(teams[p]));
    let mut tables: Vec<Vec<usize>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    let mut at = 0;
    for p in by_team {
        while tables[at % sizes.len()].len() == sizes[at % sizes.len()] {
            at += 1;
        }
        tables[at % sizes.len()].push(p);
        at += 1;
    }
    tables
}

fn total_cost(tables: &[Vec<usize>], h: &History) -> u64 {
    // Each pair is counted from both sides: a constant factor, the same for every seating.
    tables
        .iter()
        .map(|t| {
            t.iter()
                .map(|&p| h.cost(p, t.iter().copied(), t.len()))
                .sum::<u64>()
        })
        .sum()
}

/// Swaps players between tables while a swap lowers the cost.
fn improve(tables: &mut [Vec<usize>], h: &History) {
    loop {
        let mut better = false;
        for x in 0..tables.len() {
            for y in x + 1..tables.len() {
                for i in 0..tables[x].len() {
                    for j in 0..tables[y].len() {
                        let (a, b) = (tables[x][i], tables[y][j]);
                        let (sx, sy) = (tables[x].len(), tables[y].len());
                        let before = h.cost(a, tables[x].iter().copied(), sx)
                            + h.cost(b, tables[y].iter().copied(), sy);
                        let after = h.cost(b, tables[x].iter().copied().filter(|&o| o != a), sx)
                            + h.cost(a, tables[y].iter().copied().filter(|&o| o != b), sy);
                        if after < before {
                            tables[x][i] = b;
                            tables[y][j] = a;
                            better = true;
                        }
                    }
                }
            }
        }
        if !better {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounds(n: usize, r: u32, seed: u64) -> (Vec<Vec<Vec<usize>>>, History) {
        let mut h = History::new(n);
        let mut all = Vec::new();
        for round in 1..=r {
            let tables = draw(n, &h, seed, round).unwrap();
            h.add(&tables);
            all.push(tables);
        }
        (all, h)
    }

    #[test]
    fn tables_of_five_only_where_the_count_needs_them() {
        assert_eq!(table_sizes(12), Some(vec![4, 4, 4]));
        assert_eq!(table_sizes(13), Some(vec![4, 4, 5]));
        assert_eq!(table_sizes(30), Some(vec![4, 4, 4, 4, 4, 5, 5]));
        assert_eq!(table_sizes(15), Some(vec![5, 5, 5]));
        assert_eq!(table_sizes(5), Some(vec![5]));
        for n in [0, 3, 6, 7, 11] {
            assert_eq!(table_sizes(n), None, "{n}");
        }
        for n in 12..=60 {
            let s = table_sizes(n).unwrap();
            assert_eq!(s.iter().sum::<usize>(), n);
            assert!(s.iter().filter(|&&x| x == 5).count() <= 3);
        }
    }

    #[test]
    fn everyone_sits_once_a_round_and_the_same_seed_draws_the_same() {
        for n in [12, 13, 17, 30, 60] {
            let (all, _) = rounds(n, 3, 7);
            for tables in &all {
                let mut seen: Vec<usize> = tables.iter().flatten().copied().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "{n}");
                assert!(tables.iter().all(|t| t.len() == 4 || t.len() == 5));
            }
            assert_eq!(rounds(n, 3, 7).0, all, "{n}: the same seed");
        }
        assert_ne!(rounds(12, 1, 7).0, rounds(12, 1, 8).0);
    }

    /// Twelve players at three tables of four cannot play a second round without pairs
    /// meeting again: each new table takes four players from three old tables, so two of
    /// them sat together (pigeonhole). Round 2 repeats at least one pair per table (3);
    /// in round 3 each table has a pair from round 1's tables and one from round 2's, two
    /// different pairs unless one pair sits together a third time: at least 6 more. The
    /// draw reaches that least number, 9, and no pair meets three times.
    #[test]
    fn twelve_players_meet_again_no_more_than_they_must() {
        for seed in [1, 2, 3] {
            let (_, h) = rounds(12, 3, seed);
            assert_eq!(h.repeats(), 9, "seed {seed}");
            for a in 0..12 {
                for b in a + 1..12 {
                    assert!(h.met(a, b) <= 2);
                }
            }
        }
        let (_, h) = rounds(12, 2, 1);
        assert_eq!(h.repeats(), 3);
    }

    /// Where no pair has to meet again, none does: sixteen players at four tables for
    /// three rounds (mutually orthogonal Latin squares exist for 4).
    #[test]
    fn sixteen_players_never_meet_twice_in_three_rounds() {
        let (_, h) = rounds(16, 3, 1);
        assert_eq!(h.repeats(), 0);
    }
}
