//! The standings of a tournament: each table's result as its sheet stands, every player's
//! line (points per round, placement and Seeger points), the teams' match points, and the
//! ranking with its tie-breaks.

use super::{
    Ranking, Serialize, TEAMS_PER_GROUP, TableSeat, Tournament, TournamentError, bad, league, sheet,
};

/// One table of one round, as its sheet stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableResult {
    /// The round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The table's sheet.
    pub file: String,
    /// Its players.
    pub players: Vec<String>,
    /// Deals played and deals of the sheet.
    pub played: usize,
    /// Deals played at the table.
    pub deals: usize,
    /// Whether the table finished its deals.
    pub complete: bool,
    /// Each player's points, in the order of `players`.
    pub points: Vec<i64>,
    /// Each player's placement points at the table.
    pub placement: Vec<i64>,
    /// Each player's Seeger points at the table: her points plus ±50 a deal won or lost
    /// (a player alone ±150).
    pub seeger: Vec<i64>,
    /// Why the sheet could not be read (its points then count 0).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<crate::lang::Text>,
}

/// A player's line of the tournament standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerLine {
    /// The player.
    pub player: String,
    /// The player's rank.
    pub rank: usize,
    /// Points over every round.
    pub total: i64,
    /// Points per round played (a round counts once her table has played a deal).
    pub average: f64,
    /// The sum of the player's places at the tables.
    pub placement: i64,
    /// Seeger points over every round (game points plus ±50 a deal won or lost).
    pub seeger: i64,
    /// Points of each round drawn (none where she did not sit, which cannot happen in a
    /// round drawn by doko).
    pub round_points: Vec<Option<i64>>,
    /// Rounds the player played.
    pub rounds_played: u32,
    /// Solos she played and won: the last tie-break.
    pub solos_won: u32,
    /// Some table of hers is not finished (or its sheet cannot be read).
    pub unfinished: bool,
}

/// `tournament show`: every player ranked, every table's state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The tournament's name.
    pub name: String,
    /// How the players are ranked.
    pub ranking: Ranking,
    /// Rounds of the tournament, and rounds drawn so far.
    pub rounds: u32,
    /// Rounds drawn.
    pub drawn: u32,
    /// Meetings of a pair beyond its first, over the rounds drawn.
    pub repeated_pairings: u32,
    /// Each player's line, first first.
    pub players: Vec<PlayerLine>,
    /// Each team's line, first first (a team tournament only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamLine>,
    /// Each table's result.
    pub tables: Vec<TableResult>,
}

/// A team's line of the standings (docs/rules.md §14.2): its players' points added up,
/// and its match points in its group (4/3/2/1 by those points, as the DDV Bundesliga gives
/// them a match day; a group of fewer teams from its size down; tied teams share the
/// places' points).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamLine {
    /// The team.
    pub team: String,
    /// Its rank: by match points, then points.
    pub rank: usize,
    /// Its group, from 1 (groups of four teams in the order of the tournament file).
    pub group: usize,
    /// Its place in the group (tied teams share the better one).
    pub group_place: usize,
    /// Match points in its group (halves where teams tie).
    pub match_points: f64,
    /// Its players' points added up.
    pub points: i64,
    /// Its players, in the team's order.
    pub players: Vec<String>,
}

/// Match points of a group's teams from their points: place i (from 0) of k teams is
/// worth k − i (four: 4 3 2 1); teams with equal points share their places' average. In
/// halves (tied places can average to a half), with each team's place (tied: the best).
pub fn match_points(points: &[i64]) -> Vec<(i64, usize)> {
    let k = points.len() as i64;
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(points[i]));
    let mut out = vec![(0, 0); points.len()];
    let mut at = 0;
    while at < order.len() {
        let mut end = at + 1;
        while end < order.len() && points[order[end]] == points[order[at]] {
            end += 1;
        }
        let sum: i64 = (at..end).map(|i| k - i as i64).sum();
        for &i in &order[at..end] {
            out[i] = (2 * sum / (end - at) as i64, at + 1);
        }
        at = end;
    }
    out
}

/// The teams' lines from the players' (a team tournament), ranked.
pub(super) fn team_lines(t: &Tournament, lines: &[PlayerLine]) -> Vec<TeamLine> {
    let total = |p: &String| lines.iter().find(|l| &l.player == p).map_or(0, |l| l.total);
    let mut teams: Vec<TeamLine> = Vec::new();
    for (g, group) in t.teams.chunks(TEAMS_PER_GROUP).enumerate() {
        let points: Vec<i64> = group
            .iter()
            .map(|team| team.players.iter().map(total).sum())
            .collect();
        for ((team, &p), (halves, place)) in group.iter().zip(&points).zip(match_points(&points)) {
            teams.push(TeamLine {
                team: team.name.clone(),
                rank: 0,
                group: g + 1,
                group_place: place,
                match_points: halves as f64 / 2.0,
                points: p,
                players: team.players.clone(),
            });
        }
    }
    let key = |l: &TeamLine| {
        (
            std::cmp::Reverse((l.match_points * 2.0) as i64),
            std::cmp::Reverse(l.points),
        )
    };
    teams.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.team.cmp(&b.team)));
    for i in 0..teams.len() {
        teams[i].rank = if i > 0 && key(&teams[i - 1]) == key(&teams[i]) {
            teams[i - 1].rank
        } else {
            i + 1
        };
    }
    teams
}

/// Placement points of a table from its totals: place i (from 0) of k players is worth
/// k − 1 − 2i (four: +3 +1 −1 −3; five: +4 +2 0 −2 −4); players with equal totals share
/// the average of their places (always whole: the values step by two).
pub fn placement_points(totals: &[i64]) -> Vec<i64> {
    let k = totals.len() as i64;
    let mut order: Vec<usize> = (0..totals.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(totals[i]));
    let mut out = vec![0; totals.len()];
    let mut at = 0;
    while at < order.len() {
        let mut end = at + 1;
        while end < order.len() && totals[order[end]] == totals[order[at]] {
            end += 1;
        }
        let sum: i64 = (at..end).map(|i| k - 1 - 2 * i as i64).sum();
        for &i in &order[at..end] {
            out[i] = sum / (end - at) as i64;
        }
        at = end;
    }
    out
}

/// The table's sheet read: its state and each player's solos won.
pub(super) fn table_result(
    t: &Tournament,
    round: u32,
    seat: &TableSeat,
) -> (TableResult, Vec<u32>) {
    let path = t.sheet_path(seat);
    let shown = path.display().to_string();
    let n = seat.players.len();
    let mut result = TableResult {
        round,
        table: seat.table,
        file: seat.file.clone(),
        players: seat.players.clone(),
        played: 0,
        deals: 0,
        complete: false,
        points: vec![0; n],
        placement: vec![0; n],
        seeger: vec![0; n],
        errors: Vec::new(),
    };
    let read = sheet::read(&shown)
        .and_then(|text| league::evaluate(&shown, &text, None).map_err(sheet::FileError::Invalid));
    let lg = match read {
        Ok(lg) => lg,
        Err(sheet::FileError::Invalid(errors)) => {
            result.errors = errors.iter().map(crate::deal::RecordError::text).collect();
            return (result, vec![0; n]);
        }
        Err(e) => {
            result.errors = vec![e.text()];
            return (result, vec![0; n]);
        }
    };
    if lg.players != seat.players {
        result.errors = vec![crate::msg!(
            "error.players_differ",
            file = shown,
            players = lg.players.join(", "),
            seated = seat.players.join(", ")
        )];
        return (result, vec![0; n]);
    }
    let mut solos_won = vec![0u32; n];
    for row in &lg.rows {
        let f = &row.result.facts;
        for (i, won) in solos_won.iter_mut().enumerate() {
            let party = f.roles[i].party();
            let alone = party.is_some_and(|p| f.alone(p));
            if alone && party == row.result.winner {
                *won += 1;
            }
        }
    }
    result.played = lg.rows.len();
    result.deals = lg.deals;
    result.complete = lg.is_complete();
    result.points.clone_from(&lg.session.totals);
    result.placement = placement_points(&lg.session.totals);
    result.seeger = seeger_points(&lg);
    (result, solos_won)
}

/// Seeger points of a table (docs/rules.md §14.1): each player's points plus, for every
/// deal, +50 where her party won and −50 where it lost, three times for a player alone;
/// nothing for a deal nobody won or she sat out. Zero-sum where the points are.
pub fn seeger_points(lg: &league::League) -> Vec<i64> {
    let mut out = lg.session.totals.clone();
    for row in &lg.rows {
        let f = &row.result.facts;
        let Some(winner) = row.result.winner else {
            continue;
        };
        for (i, s) in out.iter_mut().enumerate() {
            let Some(party) = f.roles[i].party() else {
                continue;
            };
            let weight = if f.alone(party) { 150 } else { 50 };
            *s += if party == winner { weight } else { -weight };
        }
    }
    out
}

/// The standings over the rounds drawn, from the table sheets as they are now.
pub fn standings(t: &Tournament) -> Standings {
    let n = t.players.len();
    let rounds = t.drawn.len();
    let mut lines: Vec<PlayerLine> = t
        .players
        .iter()
        .map(|p| PlayerLine {
            player: p.clone(),
            rank: 0,
            total: 0,
            average: 0.0,
            placement: 0,
            seeger: 0,
            round_points: vec![None; rounds],
            rounds_played: 0,
            solos_won: 0,
            unfinished: false,
        })
        .collect();
    let mut tables = Vec::new();
    for (r, round) in t.drawn.iter().enumerate() {
        for seat in &round.tables {
            let (result, solos) = table_result(t, round.number, seat);
            for (k, name) in seat.players.iter().enumerate() {
                let Some(i) = t.index(name) else { continue };
                let line = &mut lines[i];
                line.round_points[r] = Some(result.points[k]);
                line.total += result.points[k];
                line.placement += result.placement[k];
                line.seeger += result.seeger.get(k).copied().unwrap_or(0);
                // A round counts once its table has played a deal.
                line.rounds_played += u32::from(result.played > 0);
                line.solos_won += solos[k];
                line.unfinished |= !result.complete;
            }
            tables.push(result);
        }
    }
    for l in &mut lines {
        if l.rounds_played > 0 {
            l.average = l.total as f64 / f64::from(l.rounds_played);
        }
    }
    rank(&mut lines, t.ranking);
    debug_assert_eq!(lines.len(), n);
    let teams = team_lines(t, &lines);
    Standings {
        name: t.name.clone(),
        ranking: t.ranking,
        rounds: t.rounds,
        drawn: rounds as u32,
        repeated_pairings: t.repeated_pairings(),
        players: lines,
        teams,
        tables,
    }
}

impl Standings {
    /// The first table whose sheet cannot be read, is not a valid sheet, or seats other
    /// players than the draw, as an error of the tournament `file` (`tournament show`
    /// refuses to rank over it: its players would stand at 0).
    pub fn unreadable_table(&self, file: &str) -> Option<TournamentError> {
        let t = self.tables.iter().find(|t| !t.errors.is_empty())?;
        Some(bad(
            file,
            crate::msg!(
                "error.table_unreadable",
                round = t.round,
                table = t.table,
                why = t.errors[0].clone()
            ),
        ))
    }
}

/// Orders two lines by one ranking key, better first.
pub(super) fn by(key: Ranking, a: &PlayerLine, b: &PlayerLine) -> std::cmp::Ordering {
    match key {
        Ranking::Sum => b.total.cmp(&a.total),
        // Exactly: total/rounds compared as fractions.
        Ranking::Average => {
            let x = i128::from(a.total) * i128::from(b.rounds_played.max(1));
            let y = i128::from(b.total) * i128::from(a.rounds_played.max(1));
            y.cmp(&x)
        }
        Ranking::Placement => b.placement.cmp(&a.placement),
        Ranking::Seeger => b.seeger.cmp(&a.seeger),
    }
}

/// Ranks the lines: the chosen ranking first, then the others (sum, average, placement),
/// then solos won; lines equal on all of them share a rank. Sorted best first, then by
/// name.
pub fn rank(lines: &mut [PlayerLine], ranking: Ranking) {
    let keys: Vec<Ranking> = std::iter::once(ranking)
        .chain(Ranking::TIE_BREAKS.into_iter().filter(|&k| k != ranking))
        .collect();
    let cmp = |a: &PlayerLine, b: &PlayerLine| {
        keys.iter()
            .map(|&k| by(k, a, b))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| b.solos_won.cmp(&a.solos_won))
    };
    lines.sort_by(|a, b| cmp(a, b).then_with(|| a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && cmp(&lines[i - 1], &lines[i]).is_eq() {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
}
