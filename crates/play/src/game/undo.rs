//! Undo by steps: each action taken keeps what it changed (`Step`), and undo puts that
//! back. A card or a call keeps a few values; a statement of the bidding is undone by
//! taking the statements before it again (a handful); the rare actions that change much
//! at once (a poverty's exchange, a knock, an ace called, a raise, a Genscher) keep the
//! game as it was. No copy of the game is made for the common actions (issue 64: the copy
//! kept every 8 actions was a third of random play).

use super::{Action, CallEntry, Contract, Game, Phase};

/// What an action changed, for [`Game::undo`].
#[derive(Debug, Clone)]
pub(super) enum Step {
    /// A card played (the machine's delta puts it back in her hand); `closed`: the trick
    /// it completed.
    Card {
        closed: Option<Closed>,
        /// What the card changed in the machine (filled in once it is played).
        delta: Option<crate::machine::Delta>,
    },
    /// A call: the rules of calls' state before it.
    Call { before: crate::play::CallState },
    /// A statement of the bidding: undone by taking the statements before it again.
    Again,
    /// The game as it was before the action (its history aside).
    Whole(std::sync::Arc<Game>),
}

/// What completing a trick changed.
#[derive(Debug, Clone)]
pub(super) struct Closed {
    phase: Phase,
    /// In a wedding, what settling it may change: the parties known, the calls, the
    /// bidding's condition calls waiting for it.
    wedding: Option<Box<WeddingBefore>>,
}

type WeddingBefore = (
    Option<(Vec<usize>, Option<usize>)>,
    crate::play::CallState,
    Vec<CallEntry>,
);

impl Game {
    /// What `a` will need kept to be undone, taken before it is applied: a step to fill
    /// in after it is taken (`None`: the game as it is, kept whole).
    pub(super) fn step_for(&self, a: Action) -> Option<Step> {
        let genscher = self.start.table.profile.contracts.genscher_partner;
        match (self.phase, a) {
            (Phase::Bidding, _) => Some(Step::Again),
            (Phase::Playing, Action::Call(_)) if self.knock_ask.is_empty() => Some(Step::Call {
                before: self.call_state,
            }),
            (Phase::Playing, Action::Card(c)) if self.knock_ask.is_empty() && !genscher => {
                let seat = self.to_play();
                if !self.holds(seat, c) {
                    return None;
                }
                let closes = usize::from(self.deal.in_trick()) + 1 == self.active.len();
                let wedding = closes
                    && self
                        .declared
                        .as_ref()
                        .is_some_and(|d| d.contract == Contract::Wedding);
                let closed = closes.then(|| Closed {
                    phase: self.phase,
                    wedding: wedding.then(|| {
                        let calls = self.declared.as_ref().map(|d| d.bid_calls.clone());
                        Box::new((
                            self.known.clone(),
                            self.call_state,
                            calls.unwrap_or_default(),
                        ))
                    }),
                });
                Some(Step::Card {
                    closed,
                    delta: None,
                })
            }
            _ => None,
        }
    }

    /// Takes back the last action (false where there is none).
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.steps.pop() else {
            return false;
        };
        self.actions.pop();
        match step {
            Step::Card { closed, delta } => {
                if let Some(d) = delta {
                    self.deal.undo(&self.start.table.rules, d);
                }
                if let Some(c) = closed {
                    self.phase = c.phase;
                    if let Some(w) = c.wedding {
                        let (known, calls, bid_calls) = *w;
                        self.known = known;
                        self.call_state = calls;
                        if let Some(d) = &mut self.declared {
                            d.bid_calls = bid_calls;
                        }
                    }
                }
            }
            Step::Call { before } => {
                self.calls.pop();
                self.call_state = before;
            }
            Step::Again => {
                let actions = std::mem::take(&mut self.actions);
                let mut g = Game::from_start(self.start.clone());
                for a in actions {
                    // Each was taken before, from the same start: it is taken again.
                    let again = g.apply(a);
                    debug_assert!(again.is_ok());
                }
                *self = g;
            }
            Step::Whole(before) => {
                let actions = std::mem::take(&mut self.actions);
                let steps = std::mem::take(&mut self.steps);
                *self = std::sync::Arc::unwrap_or_clone(before);
                self.actions = actions;
                self.steps = steps;
            }
        }
        true
    }
}
