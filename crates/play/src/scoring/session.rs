//! A sheet of deals: Bock rounds, running totals and the final ranking.

use crate::contract::{Contract, Party};
use crate::deal::DealFacts;
use crate::extras::Extra;
use crate::scoring::deal::score_facts;
use crate::scoring::{BockRound, DealResult};
use crate::variant::{BockStacking, BockTrigger, Profile};

/// Running state of a sheet: one total per seat, and the Bock rounds under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The players, in seat order.
    pub players: Vec<String>,
    /// Each player's total.
    pub totals: Vec<i64>,
    /// Deals scored.
    pub deals: usize,
    /// The Bock rounds under way, oldest first.
    bock: Vec<BockRound>,
    /// Write the rule text of every item (off for aggregates).
    detail: bool,
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The rank (players with the same points share one).
    pub rank: usize,
    /// The player.
    pub player: String,
    /// The player's points.
    pub points: i64,
}

impl Session {
    /// A penalty (TSR 9): `offender` loses `points`, which `others` share equally (the
    /// caller makes them divide). Bock and the deals count are untouched.
    pub fn penalize(&mut self, offender: usize, points: i64, others: &[usize]) {
        let share = points / (others.len().max(1) as i64);
        if let Some(t) = self.totals.get_mut(offender) {
            *t -= points;
        }
        for &o in others {
            if let Some(t) = self.totals.get_mut(o) {
                *t += share;
            }
        }
    }

    /// A session of `players` with nothing scored, keeping each deal's rule texts.
    pub fn new(players: Vec<String>) -> Session {
        let totals = vec![0; players.len()];
        Session {
            players,
            totals,
            deals: 0,
            bock: Vec::new(),
            detail: true,
        }
    }

    /// A session begins again at the same table (an archive's `session` column): the Bock
    /// rounds under way end; the totals go on.
    pub fn begin_again(&mut self) {
        self.bock.clear();
    }

    /// A session that leaves out the rule texts (for aggregates over many deals).
    pub fn brief(players: Vec<String>) -> Session {
        Session {
            detail: false,
            ..Session::new(players)
        }
    }

    /// The multiplier the next deal is played with.
    pub fn bock_multiplier(&self, profile: &Profile) -> u32 {
        multiplier(&self.bock, profile)
    }

    /// The Bock rounds that make the next deal's multiplier (with `queue` stacking only the
    /// oldest).
    pub fn bock_rounds(&self, profile: &Profile) -> &[BockRound] {
        match profile.bock.stacking {
            BockStacking::Multiply => &self.bock,
            BockStacking::Queue => &self.bock[..self.bock.len().min(1)],
        }
    }

    /// Bock deals still to come.
    pub fn bock_deals_left(&self, profile: &Profile) -> u32 {
        match profile.bock.stacking {
            BockStacking::Multiply => self.bock.iter().map(|r| r.left).max().unwrap_or(0),
            BockStacking::Queue => self.bock.iter().map(|r| r.left).sum(),
        }
    }

    /// The multiplier of each Bock deal to come, as far as the rounds under way go (deals
    /// that start new rounds add to it; a redeal or a compulsory solo after which the same
    /// dealer deals again puts it off).
    pub fn bock_forecast(&self, profile: &Profile) -> Vec<u32> {
        let mut rounds = self.bock.clone();
        let mut out = Vec::new();
        while !rounds.is_empty() && out.len() < 4096 {
            out.push(multiplier(&rounds, profile));
            use_up(&mut rounds, profile);
        }
        out
    }

    /// Scores the next deal of the sheet: its Bock multiplier (unless the sheet forces
    /// one), the seat points and the running totals. Returns the result and the totals.
    pub fn score(&mut self, facts: &DealFacts, profile: &Profile) -> (DealResult, Vec<i64>) {
        let result = self.score_owned(facts.clone(), profile);
        let totals = self.totals.clone();
        (result, totals)
    }

    /// As [`Session::score`], taking the facts, and returning only the result (the totals
    /// are [`Session::totals`]).
    pub fn score_owned(&mut self, facts: DealFacts, profile: &Profile) -> DealResult {
        let mut result = score_facts(facts, profile, self.detail);
        self.score_result(&mut result, profile);
        result
    }

    /// As [`Session::score_owned`], for a deal already scored on its own
    /// ([`score_facts`], with this session's detail): what the deals before add (its Bock
    /// multiplier, the rounds it starts) and the running totals. The deal's own scoring
    /// needs nothing of the deals before it, so archives score deals on every core and
    /// only this step in order. The result is completed where it lies (it is large).
    pub fn score_result(&mut self, result: &mut DealResult, profile: &Profile) {
        let forced = result.facts.bock;
        let multiplier = forced.unwrap_or_else(|| self.bock_multiplier(profile));
        result.set_multiplier(multiplier);
        if forced.is_none() {
            result.bock_rounds = self.bock_rounds(profile).to_vec();
        }
        result.bock_started = self.advance_bock(result, profile);
        self.add(result);
    }

    /// Uses up a Bock deal and starts the rounds this deal triggers.
    fn advance_bock(&mut self, r: &DealResult, profile: &Profile) -> Vec<BockTrigger> {
        let f = &r.facts;
        // A redeal plays nothing; after a compulsory solo the same dealer deals again, so
        // the round of dealers, and with it the Bock round, does not move on.
        if f.contract != Contract::Redeal
            && !crate::seating::deals_again(profile, f.contract, f.compulsory, f.forced, false)
        {
            use_up(&mut self.bock, profile);
        }
        let started = triggers(r, profile);
        let (rounds, length) = rounds_started(profile, started.len(), f.roles.len());
        for &trigger in started.iter().take(rounds) {
            self.bock.push(BockRound {
                deal: f.number,
                trigger,
                left: length,
            });
        }
        started
    }

    /// Adds a scored deal and returns the running totals after it.
    pub fn add(&mut self, result: &DealResult) -> &[i64] {
        for (t, s) in self.totals.iter_mut().zip(&result.scores) {
            *t += s;
        }
        self.deals += 1;
        &self.totals
    }

    /// Players by total, highest first; equal totals share a rank.
    pub fn ranking(&self) -> Vec<Standing> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.totals[i]));
        let mut out: Vec<Standing> = Vec::with_capacity(order.len());
        for (pos, &i) in order.iter().enumerate() {
            let rank = match out.last() {
                Some(prev) if prev.points == self.totals[i] => prev.rank,
                _ => pos + 1,
            };
            out.push(Standing {
                rank,
                player: self.players[i].clone(),
                points: self.totals[i],
            });
        }
        out
    }
}

/// How many Bock rounds `fired` triggers start at a table of `seats`, and how many deals
/// each lasts: one round per trigger, or one per deal (`bock.one_per_deal`); `bock.length`
/// deals, 0 meaning one per seat.
pub fn rounds_started(profile: &Profile, fired: usize, seats: usize) -> (usize, u32) {
    let rounds = if profile.bock.one_per_deal {
        fired.min(1)
    } else {
        fired
    };
    let length = match profile.bock.length {
        0 => seats as u32,
        n => n as u32,
    };
    (rounds, length)
}

/// The multiplier of a deal played under `rounds`.
fn multiplier(rounds: &[BockRound], profile: &Profile) -> u32 {
    let factor = u32::from(profile.bock.factor);
    match profile.bock.stacking {
        // The multiplier stops at 2^16 (16 rounds of x2), which keeps totals inside an
        // i64 (see `Profile::check_bounds`).
        BockStacking::Multiply => factor
            .saturating_pow(rounds.len().min(16) as u32)
            .min(1 << 16),
        BockStacking::Queue => {
            if rounds.is_empty() {
                1
            } else {
                factor
            }
        }
    }
}

/// One Bock deal played: the rounds under way have one deal less.
fn use_up(rounds: &mut Vec<BockRound>, profile: &Profile) {
    match profile.bock.stacking {
        BockStacking::Multiply => rounds.iter_mut().for_each(|r| r.left -= 1),
        BockStacking::Queue => {
            if let Some(r) = rounds.first_mut() {
                r.left -= 1;
            }
        }
    }
    rounds.retain(|r| r.left > 0);
}

/// The profile's Bock triggers that this deal fires (each starts a round).
fn triggers(r: &DealResult, profile: &Profile) -> Vec<BockTrigger> {
    let f = &r.facts;
    if f.contract == Contract::Redeal || profile.bock.triggers.is_empty() {
        return Vec::new();
    }
    let has = |x: Extra| f.re_extras.contains(&x) || f.kontra_extras.contains(&x);
    let lone = [Party::Re, Party::Kontra].into_iter().find(|&p| f.alone(p));
    profile
        .bock
        .triggers
        .iter()
        .copied()
        .filter(|t| match t {
            BockTrigger::Tie => f.re_eyes == f.kontra_eyes,
            BockTrigger::ReLost => f.re_calls.announced() && r.winner != Some(Party::Re),
            BockTrigger::KontraLost => {
                f.kontra_calls.announced() && r.winner != Some(Party::Kontra)
            }
            BockTrigger::ZeroValue => r.re_value == 0,
            BockTrigger::HeartTrick => has(Extra::HeartTrick),
            BockTrigger::HeartTrickForty => profile.deck().size() == 40 && has(Extra::HeartTrick),
            BockTrigger::SoloLost => lone.is_some_and(|p| r.winner != Some(p)),
            BockTrigger::Schwarz => f.is_schwarz(Party::Re) || f.is_schwarz(Party::Kontra),
            BockTrigger::Doppelkopf => has(Extra::Doppelkopf),
            BockTrigger::DulleCaught => has(Extra::DulleCaught),
            BockTrigger::ClubQueenCaught => f.events.club_queen_caught,
            BockTrigger::FourOfARank => f.events.four_of_a_rank,
        })
        .collect()
}

/// The highest total and the players who have it (more than one on a tie).
pub fn leaders<'a>(players: &'a [String], totals: &[i64]) -> (i64, Vec<&'a str>) {
    let best = totals.iter().copied().max().unwrap_or(0);
    let who = players
        .iter()
        .zip(totals)
        .filter(|(_, t)| **t == best)
        .map(|(p, _)| p.as_str())
        .collect();
    (best, who)
}

/// "the game ended after deal 5, in which a player reached 30: Cara wins with 32", for a
/// profile that ends the game at a score; `totals` are those after that deal.
pub fn game_end(
    players: &[String],
    totals: &[i64],
    after_deal: usize,
    end_at: i64,
) -> crate::lang::Text {
    use crate::lang::Text;
    let (best, who) = leaders(players, totals);
    let key = if who.len() == 1 {
        "league.ended_win"
    } else {
        "league.ended_tie"
    };
    let who = Text::Join(
        who.iter().map(|w| Text::from(w.to_string())).collect(),
        "word.and",
    );
    Text::msg(key)
        .with("deal", after_deal)
        .with("end", end_at)
        .with("players", who)
        .with("points", best)
}
