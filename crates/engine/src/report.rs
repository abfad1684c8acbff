//! The JSON wire format: result types that derive `Serialize`. Every front end that writes
//! JSON (`--format json` of `score`, `score --summary`, `compare`, `compare --summary` and
//! `league show`) serialises these, so the format is defined here and only here
//! (`docs/formats.md` section 6). Maps keyed by player or profile keep the order given.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::contract::Party;
use crate::deal::Role;
use crate::league::League;
use crate::scoring::{DealResult, Summary};

/// Pairs serialised as a JSON object, in their order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ordered<K, V>(pub Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Ordered<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// Each player's number, in seat order.
fn per_player<'a>(players: &'a [String], values: &[i64]) -> Ordered<&'a str, i64> {
    Ordered(
        players
            .iter()
            .map(String::as_str)
            .zip(values.iter().copied())
            .collect(),
    )
}

/// The eyes of both parties.
#[derive(Debug, Clone, Serialize)]
pub struct Eyes {
    /// Re's card points (eyes).
    pub re: u16,
    /// Kontra's card points.
    pub kontra: u16,
}

/// One item of a deal's value.
#[derive(Debug, Clone, Serialize)]
pub struct ItemReport<'a> {
    /// `re` or `kontra`: the party it is credited to.
    pub party: &'static str,
    /// The item's stable key (`won`, `under_90`, `fox` ...).
    pub item: &'a str,
    /// Its game points.
    pub points: i32,
    /// The rule it comes from, in English as every JSON text (left out of a brief report,
    /// [`DealReport::brief`]).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub rule: String,
    /// Whether it counts (with `--explain`, which lists items that do not count too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<bool>,
}

/// What a party needed to win, and why.
#[derive(Debug, Clone, Serialize)]
pub struct TargetReport {
    /// The eyes (or tricks) the party needed, e.g. `121` or `all tricks`.
    pub target: String,
    /// Why: the calls or rule that set it (in English).
    pub why: String,
}

/// Both parties' targets.
#[derive(Debug, Clone, Serialize)]
pub struct Targets {
    /// What Re needed.
    pub re: TargetReport,
    /// What Kontra needed.
    pub kontra: TargetReport,
}

/// One scored deal.
#[derive(Debug, Clone, Serialize)]
pub struct DealReport<'a> {
    /// The deal's number as written (or its position).
    pub deal: usize,
    /// The contract's name as profiles write it (`normal`, `wedding`, `solo-queens` ...).
    pub contract: &'static str,
    /// `re`, `kontra` or `none`.
    pub winner: &'static str,
    /// The Re players.
    pub re: Vec<&'a str>,
    /// The Kontra players.
    pub kontra: Vec<&'a str>,
    /// Both parties' eyes.
    pub eyes: Eyes,
    /// The deal's value for the winners, before the multiplier.
    pub value: i32,
    /// Bock and doubling: the value is multiplied by this.
    pub multiplier: u32,
    /// A compulsory solo.
    pub compulsory: bool,
    /// The items that make up the value.
    pub items: Vec<ItemReport<'a>>,
    /// Each player's points for this deal.
    pub scores: Ordered<&'a str, i64>,
    /// Each player's total after this deal.
    pub totals: Ordered<&'a str, i64>,
    /// The players who sat out, where anybody did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out: Option<Vec<&'a str>>,
    /// What each party needed (with `--explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<Targets>,
    /// Who dealt (league sheets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<&'a str>,
    /// A record with bids: the winning statement and why it won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bidding: Option<BiddingReport<'a>>,
    /// The Bock rounds behind the multiplier: the deal that started each, and why.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub bock: &'a [crate::scoring::BockRound],
    /// The Bock rounds this deal starts (`bock.triggers` names).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub bock_started: &'a [crate::variant::BockTrigger],
    /// The note written with the deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
}

/// The bidding of a deal in the JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct BiddingReport<'a> {
    /// The winning statement (`null` where nobody named a game).
    pub winner: Option<&'a str>,
    /// Why the bidding came out as it did.
    pub why: String,
}

impl<'a> DealReport<'a> {
    /// The report of one deal; `explain` adds the items that do not count and the targets.
    pub fn new(
        players: &'a [String],
        r: &'a DealResult,
        totals: &[i64],
        explain: bool,
    ) -> DealReport<'a> {
        DealReport::made(players, r, totals, explain, true)
    }

    /// [`DealReport::new`] without the items' rule texts (a third of the bytes, and the
    /// time to write them): what `doko.iter_scores` gives unless asked for the rules.
    pub fn brief(players: &'a [String], r: &'a DealResult, totals: &[i64]) -> DealReport<'a> {
        DealReport::made(players, r, totals, false, false)
    }

    fn made(
        players: &'a [String],
        r: &'a DealResult,
        totals: &[i64],
        explain: bool,
        rules: bool,
    ) -> DealReport<'a> {
        let f = &r.facts;
        let who = |p: Party| f.members(p).map(|i| players[i].as_str()).collect();
        let out: Vec<&str> = f
            .roles
            .iter()
            .zip(players)
            .filter(|(r, _)| **r == Role::Out)
            .map(|(_, p)| p.as_str())
            .collect();
        let target = |i: usize| TargetReport {
            target: r.goals[i].target.to_string(),
            why: r.goals[i].why.to_string(),
        };
        DealReport {
            deal: f.number,
            contract: f.contract.name(),
            winner: r.winner.map_or("none", Party::key),
            re: who(Party::Re),
            kontra: who(Party::Kontra),
            eyes: Eyes {
                re: f.re_eyes,
                kontra: f.kontra_eyes,
            },
            value: r.value(),
            multiplier: r.multiplier,
            compulsory: f.compulsory,
            items: r
                .items
                .iter()
                .filter(|i| i.scored || explain)
                .map(|i| ItemReport {
                    party: i.party.key(),
                    item: &i.item,
                    points: i.points,
                    rule: if rules {
                        i.rule.to_string()
                    } else {
                        String::new()
                    },
                    scored: explain.then_some(i.scored),
                })
                .collect(),
            scores: per_player(players, &r.scores),
            totals: per_player(players, totals),
            out: (!out.is_empty()).then_some(out),
            targets: explain.then(|| Targets {
                re: target(0),
                kontra: target(1),
            }),
            dealer: None,
            bidding: f.bidding.as_ref().map(|b| BiddingReport {
                winner: b.statement(),
                why: b.why().to_string(),
            }),
            bock: &r.bock_rounds,
            bock_started: &r.bock_started,
            note: f.note.as_deref(),
        }
    }
}

/// `score --format json`: a sheet of deals with running totals.
#[derive(Debug, Clone, Serialize)]
pub struct SheetReport<'a> {
    /// The profile's name.
    pub variant: &'a str,
    /// The players, in seat order.
    pub players: &'a [String],
    /// Every deal, in order.
    pub deals: Vec<DealReport<'a>>,
    /// The penalties between the deals (TSR 9), where the sheet gives any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyReport<'a>>,
    /// Each player's total after the last deal.
    pub totals: Ordered<&'a str, i64>,
}

impl<'a> PenaltyReport<'a> {
    /// A penalty booked at a table of `players`.
    pub fn new(players: &'a [String], p: &'a crate::league::Penalty) -> PenaltyReport<'a> {
        PenaltyReport {
            after: p.after,
            player: &players[p.player],
            points: p.points,
            scores: per_player(players, &p.changes(players.len())),
            totals: per_player(players, &p.totals),
            note: p.note.as_deref(),
        }
    }
}

impl<'a> SheetReport<'a> {
    /// The sheet of `rows` (each deal with the totals after it).
    pub fn new(
        variant: &'a str,
        players: &'a [String],
        rows: &'a [(DealResult, Vec<i64>)],
        totals: &[i64],
        explain: bool,
    ) -> SheetReport<'a> {
        SheetReport {
            variant,
            players,
            deals: rows
                .iter()
                .map(|(r, t)| DealReport::new(players, r, t, explain))
                .collect(),
            penalties: Vec::new(),
            totals: per_player(players, totals),
        }
    }
}

/// A player's line of `score --summary`.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerSummary {
    /// Deals the player took part in (not sitting out).
    pub deals: u64,
    /// Deals the player's party won.
    pub won: u64,
    /// Deals won per deal played (0 to 1).
    pub win_rate: f64,
    /// The player's points over all deals.
    pub points: i64,
}

/// A contract's line of `score --summary`.
#[derive(Debug, Clone, Serialize)]
pub struct ContractSummary {
    /// Deals of the contract.
    pub deals: u64,
    /// Deals Re won.
    pub re_won: u64,
    /// Deals Kontra won.
    pub kontra_won: u64,
    /// Deals nobody won.
    pub nobody: u64,
    /// The sum of the deals' values.
    pub value: i64,
}

/// An item's line of `score --summary`.
#[derive(Debug, Clone, Serialize)]
pub struct ItemSummary {
    /// How often the item was scored (twice in a deal counts twice).
    pub times: u64,
    /// Its points over all deals.
    pub points: i64,
}

/// `score --summary --format json`: aggregates over any number of deals.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryReport<'a> {
    /// The profile's name.
    pub variant: &'a str,
    /// Deals scored.
    pub deals: u64,
    /// Bad deals left out (with `--keep-going`).
    pub bad: usize,
    /// Per player, by name.
    pub players: BTreeMap<&'a str, PlayerSummary>,
    /// Per contract, by name.
    pub contracts: BTreeMap<&'static str, ContractSummary>,
    /// Per item, by key.
    pub items: BTreeMap<&'a str, ItemSummary>,
}

impl<'a> SummaryReport<'a> {
    /// The report of a summary under profile `variant`, with `bad` deals left out.
    pub fn new(variant: &'a str, s: &'a Summary, bad: usize) -> SummaryReport<'a> {
        // As a percentage first, then a fraction: the figures `--summary` always printed.
        let rate = |a: u64, b: u64| {
            if b == 0 {
                0.0
            } else {
                100.0 * a as f64 / b as f64 / 100.0
            }
        };
        SummaryReport {
            variant,
            deals: s.deals,
            bad,
            players: s
                .players()
                .into_iter()
                .map(|(p, l)| {
                    let line = PlayerSummary {
                        deals: l.deals,
                        won: l.won,
                        win_rate: rate(l.won, l.deals),
                        points: l.points,
                    };
                    (p, line)
                })
                .collect(),
            contracts: s
                .contracts()
                .into_iter()
                .map(|(c, l)| {
                    let line = ContractSummary {
                        deals: l.deals,
                        re_won: l.re_won,
                        kontra_won: l.kontra_won,
                        nobody: l.nobody,
                        value: l.value,
                    };
                    (c, line)
                })
                .collect(),
            items: s
                .items()
                .into_iter()
                .map(|(i, l)| {
                    let line = ItemSummary {
                        times: l.times,
                        points: l.points,
                    };
                    (i, line)
                })
                .collect(),
        }
    }
}

/// One profile's outcome for a deal in `compare --format json`: the scored deal, or why
/// the profile does not allow it.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Outcome<'a> {
    /// The deal as the profile scores it.
    Scored(Box<DealReport<'a>>),
    /// The profile does not allow the deal.
    Refused {
        /// Why, with the file, line, deal and field (in English, as all JSON).
        error: String,
    },
}

/// One profile's column of `compare`: its name, each deal's outcome (scored, with the
/// totals after it, or why it is not allowed) and its final totals.
pub type Column<'a> = (
    &'a str,
    &'a [Result<(DealResult, Vec<i64>), crate::deal::RecordError>],
    &'a [i64],
);

/// One deal of `compare --format json`.
#[derive(Debug, Clone, Serialize)]
pub struct CompareDeal<'a> {
    /// The deal's number as written (or its position).
    pub deal: usize,
    /// Each profile's outcome, in the order of `variants`.
    pub results: Ordered<&'a str, Outcome<'a>>,
}

/// `compare --format json`: the deals under each profile, and each profile's totals.
#[derive(Debug, Clone, Serialize)]
pub struct CompareReport<'a> {
    /// The profiles, in the order given.
    pub variants: Vec<&'a str>,
    /// The deals shown (with `--only-diff`, those the profiles disagree on).
    pub deals: Vec<CompareDeal<'a>>,
    /// Under each profile, each player's total.
    pub totals: Ordered<&'a str, Ordered<&'a str, i64>>,
}

impl<'a> CompareReport<'a> {
    /// The report of the deals `shown` (indices), given each profile's name, outcomes
    /// (a scored deal with the totals after it, or an error) and final totals.
    pub fn new(
        players: &'a [String],
        columns: &[Column<'a>],
        shown: &[usize],
        explain: bool,
    ) -> CompareReport<'a> {
        let deals = shown
            .iter()
            .map(|&i| {
                let mut number = i + 1;
                let results = columns
                    .iter()
                    .map(|(name, outcomes, _)| {
                        let o = match &outcomes[i] {
                            Ok((r, totals)) => {
                                number = r.facts.number;
                                Outcome::Scored(Box::new(DealReport::new(
                                    players, r, totals, explain,
                                )))
                            }
                            Err(e) => Outcome::Refused {
                                error: e.to_string(),
                            },
                        };
                        (*name, o)
                    })
                    .collect();
                CompareDeal {
                    deal: number,
                    results: Ordered(results),
                }
            })
            .collect();
        CompareReport {
            variants: columns.iter().map(|(n, _, _)| *n).collect(),
            deals,
            totals: Ordered(
                columns
                    .iter()
                    .map(|(n, _, t)| (*n, per_player(players, t)))
                    .collect(),
            ),
        }
    }
}

/// What comes next on a league sheet.
#[derive(Debug, Clone, Serialize)]
pub struct NextReport<'a> {
    /// Who deals the next deal.
    pub dealer: &'a str,
    /// Who sits out of it first: the dealer, at a table of more players than play a deal.
    pub sits_out: Option<&'a str>,
    /// Everyone who sits out of it (at tables of six and seven also the seats across).
    pub sitting_out: Vec<&'a str>,
    /// The Bock multiplier of the next deal.
    pub multiplier: u32,
    /// Deals left in the Bock rounds under way.
    pub bock_deals_left: u32,
    /// The multiplier of each of those deals, next first.
    pub bock_forecast: &'a [u32],
    /// Players who owe a compulsory solo.
    pub owe_solo: Vec<&'a str>,
    /// Only compulsory solos may follow.
    pub only_compulsory_solos: bool,
    /// Deals left in the series.
    pub deals_left: usize,
}

/// `league show --format json`.
#[derive(Debug, Clone, Serialize)]
pub struct LeagueReport<'a> {
    /// The league's name.
    pub name: &'a str,
    /// The profile's name (or path, as the sheet names it).
    pub variant: &'a str,
    /// The players, in seat order.
    pub players: &'a [String],
    /// Deals in the series (`[league] deals` of the sheet).
    pub length: usize,
    /// Deals played.
    pub played: usize,
    /// All deals of the series are played (or the game ended).
    pub complete: bool,
    /// The deal after which a player reached the profile's end score.
    pub ended_after: Option<usize>,
    /// The players with the highest total.
    pub leaders: Vec<&'a str>,
    /// Every player's line, best first.
    pub standings: Vec<crate::league::Line>,
    /// Every deal played, scored: the same objects as `score`'s `deals`.
    pub deals: Vec<DealReport<'a>>,
    /// The penalties (TSR 9), in the order given; none: an empty list.
    pub penalties: Vec<PenaltyReport<'a>>,
    /// Each player's total.
    pub totals: Ordered<&'a str, i64>,
    /// None once the sheet is complete.
    pub next: Option<NextReport<'a>>,
}

/// A penalty on a league sheet (`league show --format json`).
#[derive(Debug, Clone, Serialize)]
pub struct PenaltyReport<'a> {
    /// Deals played when it was given.
    pub after: usize,
    /// The offender.
    pub player: &'a str,
    /// The points she lost.
    pub points: i64,
    /// Each player's change: the offender's loss, the others' shares (0 for one who sat
    /// out the deal).
    pub scores: Ordered<&'a str, i64>,
    /// Totals after it.
    pub totals: Ordered<&'a str, i64>,
    /// What it was for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
}

impl<'a> LeagueReport<'a> {
    /// The report of an evaluated league sheet.
    pub fn new(lg: &'a League) -> LeagueReport<'a> {
        let name = |i: usize| lg.players[i].as_str();
        let n = &lg.next;
        let next = (!lg.is_complete()).then(|| {
            let mut owing: Vec<&str> = n.owing.iter().map(|&i| name(i)).collect();
            owing.dedup();
            NextReport {
                dealer: name(n.dealer),
                sits_out: n.sits_out.contains(&n.dealer).then(|| name(n.dealer)),
                sitting_out: n.sits_out.iter().map(|&i| name(i)).collect(),
                multiplier: n.multiplier,
                bock_deals_left: n.bock_left,
                bock_forecast: &n.bock_forecast,
                owe_solo: owing,
                only_compulsory_solos: n.forced,
                deals_left: n.deals_left,
            }
        });
        LeagueReport {
            name: &lg.name,
            variant: &lg.profile.name,
            players: &lg.players,
            length: lg.deals,
            played: lg.rows.len(),
            complete: lg.is_complete(),
            ended_after: lg.ended_after,
            leaders: lg.leaders(),
            standings: lg.standings(),
            deals: lg
                .rows
                .iter()
                .map(|r| DealReport {
                    dealer: Some(name(r.dealer)),
                    ..DealReport::new(&lg.players, &r.result, &r.totals, false)
                })
                .collect(),
            penalties: lg
                .penalties
                .iter()
                .map(|p| PenaltyReport::new(&lg.players, p))
                .collect(),
            totals: per_player(&lg.players, &lg.session.totals),
            next,
        }
    }
}

/// `doko serve`: the sheet as the page shows it. `html` and `history` are the page's two
/// changing parts (rendered by the front end); the rest is what the form needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PageState {
    /// Whether the sheet could be read.
    pub ok: bool,
    /// A stamp of the sheet's bytes: the page redraws when it changes.
    pub stamp: String,
    /// The standings and what comes next, as HTML.
    pub html: String,
    /// The sheet's deals, as HTML.
    pub history: String,
    /// The number of the next deal.
    pub next: usize,
    /// Who sits out next (none at a table of four).
    pub sitting_out: Vec<String>,
    /// Whether the series is over.
    pub complete: bool,
    /// The player whose compulsory solo the next deal must be (TSR 4.2), if one must.
    pub forced: Option<String>,
}

/// `doko serve`'s answer to a check, a change or a request for a deal: `ok` and what it
/// says, or the errors that refuse it (the engine's messages, as `league add` prints them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PageAnswer {
    /// Whether the change was made (or the deal would be taken).
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// What `league add` says of it.
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    /// Why it was refused.
    pub errors: Vec<String>,
    /// The sheet after a change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<PageState>,
    /// The stamp of a sheet that cannot be read (the page waits for it to change).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stamp: Option<String>,
    /// The deal asked for, as entered, to edit it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<crate::league::file::DealEntry>,
    /// What the form still lacks before the deal can be checked ("Tap the Re players.").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The money of the sheet as `league settle` makes it, as a part of the page (HTML).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub money: Option<String>,
}

impl PageAnswer {
    /// A change that was made, with what it says.
    pub fn said(message: String) -> PageAnswer {
        PageAnswer {
            ok: true,
            message: Some(message),
            ..PageAnswer::default()
        }
    }

    /// A change refused, with why.
    pub fn refused(errors: Vec<String>) -> PageAnswer {
        PageAnswer {
            ok: false,
            errors,
            ..PageAnswer::default()
        }
    }
}
