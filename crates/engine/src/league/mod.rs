//! The league sheet: a record file with a `[league]` table. Only the facts of each deal are
//! stored; dealer order, who sits out, Bock, solo duty and standings are recomputed on every
//! read, so a deal edited by hand changes everything after it consistently.

pub mod file;

pub use crate::limits::MAX_PENALTY;

use crate::deal::RecordError;
use crate::deal::records::RecordFile;
use crate::lang::{Lang, Text};
use crate::msg;
use crate::play::PlayDeals;
use crate::scoring::{DealResult, Session, Standing};
use crate::variant::Profile;

/// One deal of the sheet, scored in its place.
#[derive(Debug, Clone)]
pub struct Row {
    /// The deal's result.
    pub result: DealResult,
    /// Totals after this deal.
    pub totals: Vec<i64>,
    /// The dealer's seat.
    pub dealer: usize,
}

/// A penalty on the sheet (TSR 9), given after `after` deals.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Penalty {
    /// Deals played when it was given.
    pub after: usize,
    /// The offender's seat.
    pub player: usize,
    /// The points the offender loses.
    pub points: i64,
    /// The seats that share them (the other players of the deal), each gaining `share`.
    pub others: Vec<usize>,
    /// What each of the others gains.
    pub share: i64,
    /// What it was for.
    pub note: Option<String>,
    /// Totals after it.
    pub totals: Vec<i64>,
}

impl Penalty {
    /// A seat's change: the offender's loss, a share for the others of the deal, none for
    /// a player who sat that deal out.
    pub fn change_of(&self, seat: usize) -> Option<i64> {
        if seat == self.player {
            Some(-self.points)
        } else if self.others.contains(&seat) {
            Some(self.share)
        } else {
            None
        }
    }

    /// Each seat's change ([`Penalty::change_of`], 0 for one who sat out).
    pub fn changes(&self, seats: usize) -> Vec<i64> {
        (0..seats).map(|s| self.change_of(s).unwrap_or(0)).collect()
    }
}

/// A player's line of the standings (its JSON form in `league show --format json`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// The rank (players with the same points share one).
    pub rank: usize,
    /// The player.
    pub player: String,
    /// The player's points.
    pub points: i64,
    /// Deals in which the player's party won.
    pub won: usize,
    /// Deals the player played alone against the others (solos).
    pub solos: usize,
    /// Points scored in deals with a multiplier above 1.
    pub bock_points: i64,
}

/// What comes next on the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Next {
    /// Who deals next.
    pub dealer: usize,
    /// Who sits out next (the dealer at a table of five; at six and seven also the seats
    /// across, [`crate::seating::sits_out`]), the dealer first, then clockwise.
    pub sits_out: Vec<usize>,
    /// The next deal's Bock multiplier.
    pub multiplier: u32,
    /// Bock deals still to come.
    pub bock_left: u32,
    /// The multiplier of each Bock deal to come from the rounds under way.
    pub bock_forecast: Vec<u32>,
    /// Players who still owe a compulsory solo (one entry per solo owed).
    pub owing: Vec<usize>,
    /// Only compulsory solos may follow.
    pub forced: bool,
    /// Who must play the next deal's forced solo (TSR 4.2).
    pub forced_player: Option<usize>,
    /// Deals left in the series.
    pub deals_left: usize,
}

/// A league sheet, evaluated.
#[derive(Debug, Clone)]
pub struct League {
    /// The sheet's name.
    pub name: String,
    /// The players, in seat order.
    pub players: Vec<String>,
    /// The profile the sheet plays.
    pub profile: Profile,
    /// Deals in the series.
    pub deals: usize,
    /// Each deal, scored.
    pub rows: Vec<Row>,
    /// The penalties, in the order given (each after a number of deals).
    pub penalties: Vec<Penalty>,
    /// Totals, Bock rounds and compulsory solos after the last deal.
    pub session: Session,
    /// What comes next.
    pub next: Next,
    /// The deal after which a player's total reached the profile's `end_at` (Kloepper's
    /// 30): the game is over.
    pub ended_after: Option<usize>,
    /// The round's clock and closing (TSR 8.5, 8.6).
    pub clock: Clock,
}

/// A round against the clock (TSR 8.5, 8.6): its minutes, when its first deal was added,
/// and when it was closed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clock {
    /// The round's minutes (0: no clock).
    pub minutes: u16,
    /// When the first deal was added, seconds since 1970 (UTC).
    pub started: Option<i64>,
    /// The round was closed after this many deals.
    pub closed: Option<usize>,
    /// When it was closed, seconds since 1970.
    pub closed_at: Option<i64>,
}

impl Clock {
    /// The clock of `file`'s `[league]` table (its minutes, else the profile's); a time
    /// that is not one ([`time::parse`]) is refused, naming its key.
    pub fn of(
        file: &str,
        table: Option<&crate::deal::records::LeagueTable>,
        profile: &Profile,
    ) -> Result<Clock, RecordError> {
        let t = table.cloned().unwrap_or_default();
        let at = |key: &str, value: &Option<String>| match value.as_deref() {
            None => Ok(None),
            Some(v) => time::parse(v).map(Some).ok_or_else(|| {
                RecordError::new(
                    file,
                    msg!("error.not_a_time", value = crate::deal::prefix(v)),
                )
                .field(format!("league.{key}"))
            }),
        };
        Ok(Clock {
            minutes: t.minutes.unwrap_or(profile.league.minutes),
            started: at("started", &t.started)?,
            closed: t.closed.map(usize::from),
            closed_at: at("closed_at", &t.closed_at)?,
        })
    }

    /// Minutes left at `now` (negative: over time), where the round has a clock and has
    /// started.
    pub fn minutes_left(&self, now: i64) -> Option<i64> {
        let started = self.started.filter(|_| self.minutes > 0)?;
        Some(i64::from(self.minutes) - (now - started).div_euclid(60))
    }
}

/// Times as the sheet writes them: RFC 3339 in UTC, to the second.
pub mod time {
    /// Now, in seconds since 1970 (`DOKO_NOW`, an RFC 3339 time, stands in for the clock
    /// in tests).
    pub fn now() -> i64 {
        if let Some(t) = std::env::var("DOKO_NOW").ok().as_deref().and_then(parse) {
            return t;
        }
        let given = GIVEN.load(std::sync::atomic::Ordering::Relaxed);
        if given != NOT_GIVEN {
            return given;
        }
        #[cfg(not(target_arch = "wasm32"))]
        return std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        // The browser has no system clock for a program: its page gives the time.
        #[cfg(target_arch = "wasm32")]
        return 0;
    }

    const NOT_GIVEN: i64 = i64::MIN;
    static GIVEN: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(NOT_GIVEN);

    /// The clock of a front end that has one where the program has none (the web app gives
    /// the browser's time before each change): [`now`] answers `t`, seconds since 1970.
    pub fn given(t: i64) {
        GIVEN.store(t, std::sync::atomic::Ordering::Relaxed);
    }

    /// `2026-11-26T01:40:31Z` for seconds since 1970.
    pub fn format(t: i64) -> String {
        let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
        let (y, m, d) = civil(days);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
            secs / 3600,
            secs % 3600 / 60,
            secs % 60
        )
    }

    /// The hour and minute of `t` in UTC (`21:40`).
    pub fn clock(t: i64) -> String {
        let secs = t.rem_euclid(86_400);
        format!("{:02}:{:02}", secs / 3600, secs % 3600 / 60)
    }

    /// Seconds since 1970 of `2026-11-26T01:40:31Z` (a `Z` time of the years 1970 to
    /// 9999, each part in digits; none else).
    pub fn parse(s: &str) -> Option<i64> {
        let s = s.trim().strip_suffix('Z')?;
        let (date, time) = s.split_once('T')?;
        let number = |x: &str| {
            (!x.is_empty() && x.len() <= 4 && x.bytes().all(|b| b.is_ascii_digit()))
                .then(|| x.parse::<i64>().ok())
                .flatten()
        };
        let mut d = date.splitn(3, '-').map(number);
        let (y, m, dd) = (d.next()??, d.next()??, d.next()??);
        let mut t = time.splitn(3, ':').map(number);
        let (h, mi, se) = (t.next()??, t.next()??, t.next()??);
        if !(1970..=9999).contains(&y)
            || !(1..=12).contains(&m)
            || !(1..=31).contains(&dd)
            || h > 23
            || mi > 59
            || se > 60
        {
            return None;
        }
        Some(days(y, m, dd) * 86_400 + h * 3600 + mi * 60 + se)
    }

    /// Days since 1970-01-01 of a date (the days-from-civil algorithm).
    fn days(y: i64, m: i64, d: i64) -> i64 {
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date of a day since 1970-01-01.
    fn civil(z: i64) -> (i64, i64, i64) {
        let z = z + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        (yoe + era * 400 + i64::from(m <= 2), m, d)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn times_round_trip() {
            for t in [0, 1_764_121_231, 951_782_400, 4_102_444_799] {
                assert_eq!(super::parse(&super::format(t)), Some(t), "{t}");
            }
            assert_eq!(super::format(1_764_121_231), "2025-11-26T01:40:31Z");
            assert_eq!(super::parse("2026-02-30"), None);
        }
    }
}

impl League {
    /// The round's clock (TSR 8.5, 8.6), where it has one: closed after deal k at a time,
    /// or the minutes left, or the time over.
    pub fn clock_text(&self) -> Option<Text> {
        let c = &self.clock;
        if let Some(k) = c.closed {
            let at = c.closed_at.map_or(String::new(), time::clock);
            return Some(msg!("league.closed", deals = k, at = at));
        }
        let left = c.minutes_left(time::now())?;
        Some(if left > 0 {
            msg!("league.minutes_left", minutes = left)
        } else {
            msg!("league.time_up", minutes = -left)
        })
    }

    /// Whether the series is over.
    pub fn is_complete(&self) -> bool {
        self.rows.len() >= self.deals || self.ended_after.is_some()
    }

    /// The players with the highest total (more than one on a tie).
    pub fn leaders(&self) -> Vec<&str> {
        crate::scoring::leaders(&self.players, &self.session.totals).1
    }

    /// Standings: rank, points, deals won, solos, Bock points.
    pub fn standings(&self) -> Vec<Line> {
        let ranking: Vec<Standing> = self.session.ranking();
        ranking
            .into_iter()
            .map(|s| {
                let i = self
                    .players
                    .iter()
                    .position(|p| p == &s.player)
                    .unwrap_or(0);
                let mut won = 0;
                let mut solos = 0;
                let mut bock_points = 0;
                for row in &self.rows {
                    let f = &row.result.facts;
                    let party = f.roles[i].party();
                    if party.is_some() && party == row.result.winner {
                        won += 1;
                    }
                    if party.is_some_and(|p| f.alone(p)) {
                        solos += 1;
                    }
                    if row.result.multiplier > 1 {
                        bock_points += row.result.scores[i];
                    }
                }
                Line {
                    rank: s.rank,
                    player: s.player,
                    points: s.points,
                    won,
                    solos,
                    bock_points,
                }
            })
            .collect()
    }

    /// "next: Ben deals, Eva sits out, Bock x2 for 3 more deals, Cara owes a solo", in
    /// `lang`.
    pub fn next_line(&self, lang: Lang) -> String {
        self.next_text().render(lang)
    }

    /// What comes next ([`League::next_line`]), in no language yet.
    pub fn next_text(&self) -> Text {
        if let Some(d) = self.ended_after {
            return crate::scoring::game_end(
                &self.players,
                &self.session.totals,
                d,
                self.profile.league.end_at,
            );
        }
        if self.is_complete() {
            let done = msg!("league.complete", deals = self.rows.len());
            return match self.clock_text() {
                Some(c) => Text::Join(vec![done, c], "word.comma"),
                None => done,
            };
        }
        let n = &self.next;
        let name = |i: usize| self.players[i].as_str();
        let mut parts = vec![msg!("league.deals", player = name(n.dealer))];
        match n.sits_out.as_slice() {
            [] => {}
            [o] => parts.push(msg!("league.sits_out", player = name(*o))),
            many => {
                let who: Vec<&str> = many.iter().map(|&i| name(i)).collect();
                parts.push(msg!("league.sit_out", players = who.join(", ")));
            }
        }
        if !n.bock_forecast.is_empty() {
            let words = forecast_text(&n.bock_forecast);
            parts.push(msg!("league.bock", forecast = words));
        }
        let mut owing: Vec<usize> = n.owing.clone();
        owing.dedup();
        if !owing.is_empty() {
            let who: Vec<&str> = owing.iter().map(|&i| name(i)).collect();
            let who = who.join(", ");
            parts.push(if owing.len() == 1 {
                msg!("league.owes_one", players = who)
            } else {
                msg!("league.owe", players = who)
            });
        }
        if let Some(f) = n.forced_player {
            parts.push(msg!("league.must_play", player = name(f)));
        } else if n.forced {
            parts.push(Text::msg("league.only_compulsory"));
        }
        parts.extend(self.clock_text());
        let left = if n.deals_left == 1 {
            Text::msg("league.left_one")
        } else {
            msg!("league.left", deals = n.deals_left)
        };
        let parts = Text::Join(parts, "word.comma");
        if self.profile.league.end_at > 0 {
            let best = self.session.totals.iter().copied().max().unwrap_or(0);
            return msg!(
                "league.next_until",
                parts = parts,
                end = self.profile.league.end_at,
                best = best,
                left = left
            );
        }
        msg!("league.next", parts = parts, left = left)
    }
}

/// The Bock deals to come, run by run: "x4 for 2 deals, then x2 for 1 deal".
pub fn forecast_words(lang: Lang, forecast: &[u32]) -> String {
    forecast_text(forecast).render(lang)
}

/// The Bock deals to come ([`forecast_words`]), in no language yet.
pub fn forecast_text(forecast: &[u32]) -> Text {
    let mut runs: Vec<(u32, usize)> = Vec::new();
    for &m in forecast {
        match runs.last_mut() {
            Some((x, n)) if *x == m => *n += 1,
            _ => runs.push((m, 1)),
        }
    }
    let parts = runs
        .iter()
        .map(|&(m, n)| match (m, n) {
            (1, 1) => Text::msg("league.waits_one"),
            (1, n) => msg!("league.waits", deals = n),
            (m, 1) => msg!("league.times_one", times = m),
            (m, n) => msg!("league.times", times = m, deals = n),
        })
        .collect();
    Text::Join(parts, "league.then")
}

/// A sheet of `deals` deals must hold the compulsory solos its players owe.
fn check_length(
    file: &str,
    profile: &Profile,
    seats: usize,
    deals: usize,
) -> Result<(), Vec<RecordError>> {
    let each = profile.league.compulsory_solos;
    let owed = seats * each as usize;
    if deals >= owed {
        return Ok(());
    }
    Err(vec![
        RecordError::new(
            file,
            crate::msg!(
                "error.solos_too_few_deals",
                deals = deals,
                owed = owed,
                seats = seats,
                each = each,
                off = crate::seating::off()
            ),
        )
        .field("league.deals"),
    ])
}

/// The profile a sheet names, with its `set`.
fn sheet_profile(file: &str, records: &RecordFile) -> Result<Profile, RecordError> {
    Profile::of_file(records.variant.as_deref(), &records.sets).map_err(|e| {
        match e {
            // The sheet's own `set` (`league add --set` stores it there).
            crate::variant::ProfileError::Set { message, .. } => {
                RecordError::new(file, message).field("set")
            }
            e => RecordError::new(file, e.text()).field("variant"),
        }
    })
}

/// Reads and evaluates a league file. Every bad deal is reported (with its line).
pub fn evaluate(
    file: &str,
    text: &str,
    profile_override: Option<&Profile>,
) -> Result<League, Vec<RecordError>> {
    let records = RecordFile::parse(file, text).map_err(|e| vec![e])?;
    evaluate_records(file, &records, profile_override)
}

/// [`evaluate`] of a league file already read.
pub fn evaluate_records(
    file: &str,
    records: &RecordFile,
    profile_override: Option<&Profile>,
) -> Result<League, Vec<RecordError>> {
    let profile = match profile_override {
        Some(p) => p.clone(),
        None => sheet_profile(file, records).map_err(|e| vec![e])?,
    };
    let (name, deals) = name_and_length(file, records, &profile);
    if let Err(e) = crate::deal::check_label(&name) {
        return Err(vec![RecordError::new(file, e).field("name")]);
    }
    let players = records.players.clone();
    let seats = players.len();
    if let Err(e) = crate::seating::check_table(&profile, seats) {
        return Err(vec![RecordError::new(file, e.message()).field("players")]);
    }
    check_length(file, &profile, seats, deals)?;
    let mut session = Session::new(players.clone());
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    let end_at = profile.league.end_at;
    let mut ended_after: Option<usize> = None;
    let mut read = records.deals(&profile);
    let mut penalties = Vec::new();
    let mut given = records.penalties.iter().peekable();
    let mut count = 0;
    while let Some(deal) = read.next() {
        let i = count;
        count += 1;
        // The penalties given before this deal.
        while let Some((line, p)) = given.next_if(|(_, p)| usize::from(p.after) <= i) {
            let last = rows.last().map(|r: &Row| r.result.facts.roles.as_slice());
            let place = (players.as_slice(), &profile, last, i);
            let booked = book_penalty(file, *line, p, place, &mut session);
            booked.map_or_else(|e| errors.push(e), |p| penalties.push(p));
        }
        let line = records.deal_line(i).unwrap_or(0);
        let at = |message: Text, field: &str| {
            RecordError::new(file, message)
                .line(line)
                .deal(i + 1)
                .field(field)
        };
        let facts = match deal {
            Ok(f) => f,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some(why) = beyond_the_end(i, deals, ended_after, read.closed_length(), end_at) {
            errors.push(at(why, "deal"));
            continue;
        }
        let dealer = facts.dealer.unwrap_or(0);
        let (result, totals) = session.score(&facts, &profile);
        if profile.league.ends_game(&totals) {
            ended_after = Some(i + 1);
        }
        rows.push(Row {
            result,
            totals,
            dealer,
        });
    }
    // The penalties after the last deal (one after a deal not played is refused).
    for (line, p) in given {
        let last = rows.last().map(|r: &Row| r.result.facts.roles.as_slice());
        let place = (players.as_slice(), &profile, last, rows.len());
        let booked = book_penalty(file, *line, p, place, &mut session);
        booked.map_or_else(|e| errors.push(e), |p| penalties.push(p));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Reading to the end applies a closing after the last deal.
    read.by_ref().for_each(drop);
    let deals = read.closed_length().unwrap_or(deals);
    let next = next_of(
        read.series(),
        &session,
        &profile,
        deals.saturating_sub(rows.len()),
    );
    let clock = Clock::of(file, records.league.as_ref(), &profile).map_err(|e| vec![e])?;
    if let Some(k) = clock.closed.filter(|&k| k > count) {
        return Err(vec![
            RecordError::new(file, msg!("error.closed_beyond", deals = k, played = count))
                .field("league.closed"),
        ]);
    }
    Ok(League {
        name,
        players,
        profile,
        deals,
        rows,
        penalties,
        session,
        next,
        ended_after,
        clock,
    })
}

/// Why deal `i` (from 0) is one too many, if it is: after the deal that ended the game by
/// score, beyond the series' deals, or after a closed round's solos.
fn beyond_the_end(
    i: usize,
    deals: usize,
    ended_after: Option<usize>,
    closed_length: Option<usize>,
    end_at: i64,
) -> Option<Text> {
    if let Some(d) = ended_after {
        return Some(msg!("error.deal_after_end", deal = d, end = end_at));
    }
    if i >= deals {
        return Some(msg!("error.deal_too_many", deals = deals));
    }
    closed_length
        .filter(|&l| i >= l)
        .map(|l| msg!("error.deal_after_close", deals = l))
}

/// The sheet's name (its `[league] name`, else the file's) and its deals (its `[league]
/// deals`, else the profile's).
fn name_and_length(file: &str, records: &RecordFile, profile: &Profile) -> (String, usize) {
    let table = records.league.clone().unwrap_or_default();
    let deals = table
        .deals
        .map_or(profile.league.deals as usize, |d| d as usize);
    let name = table.name.unwrap_or_else(|| {
        std::path::Path::new(file)
            .file_stem()
            .map_or("league".into(), |s| s.to_string_lossy().into_owned())
    });
    (name, deals)
}

/// What comes next after the deals read by `series`.
fn next_of(
    series: &crate::seating::Series,
    session: &Session,
    profile: &Profile,
    deals_left: usize,
) -> Next {
    let seated = series.next(None);
    let owed = series.owed();
    let players = owed.len();
    Next {
        dealer: seated.dealer,
        sits_out: (0..players)
            .map(|k| (seated.dealer + k) % players.max(1))
            .filter(|&s| seated.sitting_out.contains(s))
            .collect(),
        multiplier: session.bock_multiplier(profile),
        bock_left: session.bock_deals_left(profile),
        bock_forecast: session.bock_forecast(profile),
        forced: series.forced_phase(),
        forced_player: seated.forced,
        owing: (0..owed.len())
            .flat_map(|s| std::iter::repeat_n(s, owed[s] as usize))
            .collect(),
        deals_left,
    }
}

/// A penalty as written, checked and booked: the offender is a player, the points are at
/// least 1 and divide among the other players of the last deal (before any deal: every
/// other player; at a table of five the other players of that deal, four where the
/// offender sat out).
/// Where a penalty falls: the table, its rules, each seat's role in the last deal (none
/// before the first) and the deals played so far.
pub type PenaltyPlace<'a> = (
    &'a [String],
    &'a Profile,
    Option<&'a [crate::deal::Role]>,
    usize,
);

/// Books a penalty written at `line` of `file` into `session`: the offender loses its
/// points, the other players of the last deal share them. Refused where it follows a deal
/// not played, the player is not at the table, the points are not from 1 to
/// [`MAX_PENALTY`] or do not
/// divide among the others, or the note is too long.
pub fn book_penalty(
    file: &str,
    line: usize,
    p: &crate::deal::records::RawPenalty,
    (players, profile, last, played): PenaltyPlace,
    session: &mut Session,
) -> Result<Penalty, RecordError> {
    let at = |m: Text, field: &str| RecordError::new(file, m).line(line).field(field);
    if usize::from(p.after) > played {
        return Err(at(
            msg!("error.penalty_after", after = p.after, deals = played),
            "after",
        ));
    }
    let seat = players
        .iter()
        .position(|n| n.eq_ignore_ascii_case(p.player.trim()))
        .ok_or_else(|| at(msg!("error.is_not_player", name = p.player), "player"))?;
    let points = i64::from(p.points.unwrap_or(profile.league.penalty));
    if !(1..=i64::from(crate::limits::MAX_PENALTY)).contains(&points) {
        return Err(at(
            msg!(
                "error.penalty_points",
                points = points,
                max = crate::limits::MAX_PENALTY
            ),
            "points",
        ));
    }
    let others: Vec<usize> = (0..players.len())
        .filter(|&s| s != seat)
        .filter(|&s| last.is_none_or(|roles| roles.get(s) != Some(&crate::deal::Role::Out)))
        .collect();
    if others.is_empty() || points % others.len() as i64 != 0 {
        return Err(at(
            msg!(
                "error.penalty_share",
                points = points,
                others = others.len()
            ),
            "points",
        ));
    }
    if let Some(note) = &p.note
        && let Err(e) = crate::deal::check_note(note)
    {
        return Err(at(e, "note"));
    }
    session.penalize(seat, points, &others);
    Ok(Penalty {
        after: usize::from(p.after),
        player: seat,
        points,
        share: points / others.len() as i64,
        others,
        note: p.note.clone(),
        totals: session.totals.clone(),
    })
}
