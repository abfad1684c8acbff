//! Profiles side by side: what "the profiles disagree" means, and the aggregates of
//! `compare --summary` over any number of deals.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::deal::RecordError;
use crate::input::{Input, Source};
use crate::scoring::deal::score_facts;
use crate::scoring::{DealResult, Session, Summary};
use crate::stream::play_all;
use crate::variant::Profile;

/// Do the profiles disagree on a deal? Each profile's result, or None where the deal is not
/// allowed under it. They agree where every profile gives the same winner, value and seat
/// points, or none allows the deal; `compare --only-diff` and `compare --summary` both ask
/// here.
pub fn disagree<'a>(mut results: impl Iterator<Item = Option<&'a DealResult>>) -> bool {
    let same = |a: Option<&DealResult>, b: Option<&DealResult>| match (a, b) {
        (Some(a), Some(b)) => {
            a.winner == b.winner && a.value() == b.value() && a.scores == b.scores
        }
        (None, None) => true,
        _ => false,
    };
    match results.next() {
        Some(first) => results.any(|r| !same(first, r)),
        None => false,
    }
}

/// Is a deal bad input? It is where no profile accepts it: then it is not a difference
/// between rules, and its error (the first profile's) says what is wrong.
pub fn bad_input<'a, T: 'a, E: 'a>(outcomes: impl IntoIterator<Item = &'a Result<T, E>>) -> bool {
    outcomes.into_iter().all(|o| o.is_err())
}

/// The sections of a profile: a word `SECTION.key` in a rule's text names a profile key.
const SECTIONS: &[&str] = &[
    "deck",
    "contracts",
    "calls",
    "winning",
    "scoring",
    "extras",
    "poverty",
    "redeal",
    "bock",
    "league",
    "knocking",
    "bidding",
];

/// The profile keys a rule's text cites (`(§7.1; scoring.announce = 2)` cites
/// `scoring.announce`): every item says in its rule which keys made it.
pub fn cited_keys(rule: &str) -> impl Iterator<Item = &str> {
    rule.split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| {
            w.split_once('.').is_some_and(|(section, key)| {
                SECTIONS.contains(&section) && !key.is_empty() && !key.contains('.')
            })
        })
}

/// A profile key behind a difference, with each profile's value (`-` where a profile does
/// not have the key).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeyBehind {
    /// The profile key.
    pub key: String,
    /// Its value under each profile.
    pub values: Vec<String>,
}

/// Of the `keys` (cited by the rules of the items that differ), those on which the
/// `profiles` differ, once each, in the order given. A whole section named by a rule
/// (`knocking`) stands for its keys.
pub fn keys_behind<'a>(
    profiles: &[&Profile],
    keys: impl IntoIterator<Item = &'a str>,
) -> Vec<KeyBehind> {
    let mut out: Vec<KeyBehind> = Vec::new();
    for key in keys {
        if out.iter().any(|k| k.key == key) {
            continue;
        }
        let values: Vec<String> = profiles
            .iter()
            .map(|p| p.value_of(key).unwrap_or("-").to_string())
            .collect();
        if values.iter().any(|v| v != &values[0]) {
            out.push(KeyBehind {
                key: key.to_string(),
                values,
            });
        }
    }
    out
}

/// The keys of a section (`bock`, `winning`) on which the profiles differ: behind a
/// different multiplier or winner, which no item's rule names.
pub fn section_differences(profiles: &[&Profile], section: &str) -> Vec<KeyBehind> {
    let prefix = format!("{section}.");
    let keys: Vec<String> = profiles
        .iter()
        .flat_map(|p| p.keys_under(&prefix))
        .collect();
    keys_behind(profiles, keys.iter().map(String::as_str))
}

/// One profile's aggregates in `compare --summary`.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileSummary {
    /// Deals scored under the profile.
    pub scored: u64,
    /// Deals that are legal under another profile but not under this one.
    pub not_allowed: u64,
    /// Each player's points.
    pub totals: BTreeMap<String, i64>,
    /// Deals each player won.
    pub won: BTreeMap<String, u64>,
}

/// The result of `compare --summary` (its JSON form, `--format json`).
#[derive(Debug, Clone, Serialize)]
pub struct CompareSummary {
    /// The profiles, in the order given.
    pub variants: Vec<String>,
    /// Deals read (bad ones included).
    pub deals: u64,
    /// Deals on which the profiles disagree ([`disagree`]).
    pub differ: u64,
    /// Each profile's aggregates, in the order of `variants`.
    #[serde(serialize_with = "in_order")]
    pub results: Vec<(String, ProfileSummary)>,
}

fn in_order<S: serde::Serializer>(v: &[(String, ProfileSummary)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(v.iter().map(|(k, v)| (k, v)))
}

/// Folds deals, each under every profile, into per-profile aggregates.
struct Fold {
    summaries: Vec<Summary>,
    sessions: Vec<Session>,
    refused: Vec<u64>,
    deals: u64,
    differ: u64,
}

impl Fold {
    fn new(n: usize) -> Fold {
        Fold {
            summaries: vec![Summary::default(); n],
            sessions: (0..n).map(|_| Session::brief(Vec::new())).collect(),
            refused: vec![0; n],
            deals: 0,
            differ: 0,
        }
    }

    /// Adds one deal, given its outcome under each profile. A deal that no profile accepts
    /// is bad input: its error (the first profile's) is returned and the deal is counted
    /// but not scored.
    fn add(
        &mut self,
        profiles: &[Profile],
        players: &[String],
        new_table: bool,
        outcomes: &mut [Result<DealResult, RecordError>],
    ) -> Result<(), RecordError> {
        self.deals += 1;
        if bad_input(outcomes.iter())
            && let Some(Err(e)) = outcomes.first()
        {
            return Err(e.clone());
        }
        // Each result is completed where it lies (results are large).
        for (i, (p, outcome)) in profiles.iter().zip(outcomes.iter_mut()).enumerate() {
            if new_table && self.sessions[i].players.as_slice() != players {
                self.sessions[i] = Session::brief(players.to_vec());
            } else if new_table {
                // A session begun again at the same table.
                self.sessions[i].begin_again();
            }
            match outcome {
                Ok(r) => {
                    self.sessions[i].score_result(r, p);
                    self.summaries[i].add(players, r);
                }
                Err(_) => self.refused[i] += 1,
            }
        }
        if disagree(outcomes.iter().map(|o| o.as_ref().ok())) {
            self.differ += 1;
        }
        Ok(())
    }

    fn finish(self, profiles: &[Profile]) -> CompareSummary {
        let results = profiles
            .iter()
            .zip(&self.summaries)
            .zip(&self.refused)
            .map(|((p, s), &r)| {
                let lines = s.players();
                (
                    p.name.clone(),
                    ProfileSummary {
                        scored: s.deals,
                        not_allowed: r,
                        totals: lines
                            .iter()
                            .map(|(k, l)| (k.to_string(), l.points))
                            .collect(),
                        won: lines.iter().map(|(k, l)| (k.to_string(), l.won)).collect(),
                    },
                )
            })
            .collect();
        CompareSummary {
            variants: profiles.iter().map(|p| p.name.clone()).collect(),
            deals: self.deals,
            differ: self.differ,
            results,
        }
    }
}

/// `compare --summary`: every deal of `source` read once, played and scored under each
/// profile. Each bad deal (one that no profile accepts, or a row that cannot be read) goes
/// to `bad` with its location and is not scored; the caller decides what that means.
/// An archive is played by `jobs` threads ([`play_all`]); the result is the same for any
/// number. `Err` is a file that cannot be opened as a sheet or record file.
pub fn summary(
    source: Source,
    profiles: Vec<Profile>,
    jobs: NonZeroUsize,
    bad: &mut (dyn FnMut(&RecordError) + Send),
) -> Result<CompareSummary, RecordError> {
    let mut fold = Fold::new(profiles.len());
    match source {
        Source::Document(doc) => {
            let input: Input = doc.open()?;
            let players = input.players().to_vec();
            let mut columns: Vec<_> = profiles.iter().map(|p| input.deals(p)).collect();
            let mut first = true;
            let mut row = Vec::with_capacity(columns.len());
            'deals: loop {
                row.clear();
                for c in &mut columns {
                    match c.next() {
                        Some(o) => row.push(o.map(|f| score_facts(f, &profiles[row.len()], false))),
                        None => break 'deals,
                    }
                }
                let new_table = std::mem::take(&mut first);
                if let Err(e) = fold.add(&profiles, &players, new_table, &mut row) {
                    bad(&e);
                }
            }
            Ok(fold.finish(&profiles))
        }
        Source::Archive(reader) => {
            let flow: ControlFlow<()> = play_all(*reader, &profiles, (jobs, false), |deal| {
                let result =
                    deal.and_then(|d| fold.add(d.profiles, d.players, d.new_table, d.outcomes));
                if let Err(e) = result {
                    bad(&e);
                }
                ControlFlow::Continue(())
            });
            debug_assert!(flow.is_continue());
            Ok(fold.finish(&profiles))
        }
    }
}

/// One profile's outcome for one deal: scored (with the totals after it) or refused.
pub type Outcome = Result<(DealResult, Vec<i64>), RecordError>;

/// One profile's column of `compare`: its outcome for every deal and its session.
#[derive(Debug)]
pub struct Column {
    /// The profile.
    pub profile: Profile,
    /// Its outcome for each deal, in order.
    pub outcomes: Vec<Outcome>,
    /// Its totals, ranking and Bock rounds after the last deal.
    pub session: Session,
}

/// Profiles of different games (Doppelkopf's 48 cards, Kloepper's 24) cannot score the
/// same deals: the one check `compare` makes before reading a file.
pub fn same_deck(profiles: &[Profile]) -> Result<(), crate::lang::Text> {
    let deck = |p: &Profile| (p.deck.ranks.clone(), p.deck.copies, p.deck.players);
    let Some(first) = profiles.first() else {
        return Ok(());
    };
    for p in &profiles[1..] {
        if deck(p) != deck(first) {
            return Err(crate::msg!(
                "error.different_decks",
                first = first.name,
                other = p.name,
                first_cards = first.deck().size(),
                first_players = first.deck.players,
                other_cards = p.deck().size(),
                other_players = p.deck.players
            ));
        }
    }
    Ok(())
}

/// Do the columns disagree on deal `i` (see [`disagree`])?
pub fn differs(columns: &[Column], i: usize) -> bool {
    disagree(
        columns
            .iter()
            .map(|c| c.outcomes[i].as_ref().ok().map(|(r, _)| r)),
    )
}

/// Each profile's column for every deal of `source` (one table: the same players
/// throughout, as on a sheet), and the players. A sheet or record file is scored profile by
/// profile; an archive is read once on `jobs` threads.
pub fn columns(
    source: Source,
    profiles: Vec<Profile>,
    jobs: NonZeroUsize,
) -> crate::error::Result<(Vec<String>, Vec<Column>)> {
    match source {
        Source::Document(doc) => {
            let input = doc.open()?;
            let players = input.players().to_vec();
            let columns = profiles
                .into_iter()
                .map(|profile| {
                    let mut session = Session::new(players.clone());
                    let outcomes = input
                        .deals(&profile)
                        .map(|deal| deal.map(|facts| session.score(&facts, &profile)))
                        .collect();
                    Column {
                        profile,
                        outcomes,
                        session,
                    }
                })
                .collect();
            Ok((players, columns))
        }
        Source::Archive(reader) => archive_columns(*reader, profiles, jobs),
    }
}

/// [`columns`] of an archive.
fn archive_columns(
    reader: crate::deal::archive::ArchiveReader<Box<dyn std::io::BufRead + Send>>,
    profiles: Vec<Profile>,
    jobs: NonZeroUsize,
) -> crate::error::Result<(Vec<String>, Vec<Column>)> {
    let mut players: Option<Vec<String>> = None;
    let mut columns: Vec<Column> = profiles
        .iter()
        .map(|profile| Column {
            profile: profile.clone(),
            outcomes: Vec::new(),
            session: Session::new(Vec::new()),
        })
        .collect();
    let flow = play_all(reader, &profiles, (jobs, true), |deal| {
        let mut deal = match deal {
            Ok(d) => d,
            Err(e) => return ControlFlow::Break(crate::error::Error::from(e)),
        };
        match &players {
            None => {
                players = Some(deal.players.to_vec());
                for c in &mut columns {
                    c.session = Session::new(deal.players.to_vec());
                }
            }
            Some(p) if p.as_slice() != deal.players => {
                return ControlFlow::Break(
                    crate::msg!(
                        "error.compare_players_differ",
                        deal = deal.number,
                        players = deal.players.join(", "),
                        before = p.join(", ")
                    )
                    .into(),
                );
            }
            Some(_) => {}
        }
        for (i, c) in columns.iter_mut().enumerate() {
            let outcome = deal.take(i).map(|mut r| {
                c.session.score_result(&mut r, &c.profile);
                (r, c.session.totals.clone())
            });
            c.outcomes.push(outcome);
        }
        ControlFlow::Continue(())
    });
    if let ControlFlow::Break(e) = flow {
        return Err(e);
    }
    Ok((players.unwrap_or_default(), columns))
}
