//! What each player may know of the deal ([`Game::observation`]), as a record and as
//! numbers ([`Game::observation_vector`]).

use super::*;

impl Game {
    /// What `seat` may know now: her hand, the statements, the calls, the tricks, the
    /// game once chosen, her own party where her cards tell it.
    pub fn observation(&self, seat: usize) -> Observation {
        let names = &self.start.table.players;
        let trick = |t: &PlayedTrick| -> Vec<String> {
            t.iter()
                .map(|(s, c)| match s {
                    Some(s) => format!("{}:{c}", names[*s]),
                    None => c.to_string(),
                })
                .collect()
        };
        let mut hand: Vec<Card> = self.hand(seat).to_vec();
        hand.sort_unstable();
        Observation {
            player: seat,
            phase: match self.phase {
                Phase::Bidding => "bidding",
                Phase::Playing => "playing",
                Phase::Over => "over",
                Phase::Exchange => "exchange",
            },
            to_act: self.current_player(),
            hand: hand.iter().map(Card::to_string).collect(),
            bids: self.bids.iter().map(|b| b.text.clone()).collect(),
            contract: self.declared.as_ref().map(|d| d.contract.name()),
            declarer: self.declared.as_ref().and_then(|d| d.declarer),
            party: self.own_party(seat).map(Party::key),
            calls: self.calls.iter().map(|c| c.text.clone()).collect(),
            condition_party: self
                .declared
                .as_ref()
                .and_then(|d| d.condition)
                .map(Party::key),
            call_parties: self
                .calls
                .iter()
                .map(|c| {
                    // A `double` in a wedding not yet settled: for a party nobody knows.
                    let double = c.call == Call::Announce && c.said_as.is_none();
                    let known = !(double && self.unsettled_wedding());
                    self.party(c.player).filter(|_| known).map(Party::key)
                })
                .collect(),
            tricks: self.tricks.iter().map(trick).collect(),
            trick: trick(&self.current),
            knock: self.knock.map(crate::deal::Knock::key),
            called: self.called.map(|c| c.to_string()),
            raised: self.raised.len(),
            genscher: self.genscher.as_ref().map(|g| g.partner),
        }
    }

    /// A player's own party as her cards show it: in a normal game her Re cards; the
    /// declarer's and her partner's in the games that have one (the rest Kontra).
    pub(super) fn own_party(&self, seat: usize) -> Option<Party> {
        let d = self.declared.as_ref()?;
        match d.contract {
            Contract::Wedding if d.declarer != Some(seat) => {
                self.party(seat).filter(|_| self.settled().is_some())
            }
            _ => self.party(seat),
        }
    }

    /// The length of [`Game::observation_vector`] under this profile.
    pub fn observation_size(&self) -> usize {
        let seats = self.start.table.players.len();
        let contracts = Contract::all().count() + 1;
        DISTINCT * (1 + 2 * seats)
            + 2 * 5
            + 3
            + contracts
            + (seats + 1)
            + 4
            + seats * (self.bid_words.len() + 1)
            + 2
            + 4
            + 3
            + seats
            + 1
    }

    /// [`Game::observation`] as numbers, seats counted from `seat` (0 is herself): her
    /// hand (copies of each card), each seat's cards played, each seat's card in the
    /// trick, each party's call level (hers first, one-hot), her party (Re, Kontra,
    /// unknown), the contract (one-hot, last: not yet), the declarer (one-hot, last:
    /// none), the phase, each seat's last statement (one-hot, last: none), and whether
    /// she acts.
    pub fn observation_vector(&self, seat: usize) -> Vec<f32> {
        let seats = self.start.table.players.len();
        let rel = |s: usize| (s + seats - seat) % seats;
        let mut v = vec![0f32; self.observation_size()];
        let mut at = 0;
        for c in self.hand(seat) {
            v[at + c.index()] += 1.0;
        }
        at += DISTINCT;
        for (s, c) in self.tricks.iter().flatten() {
            if let Some(s) = s {
                v[at + rel(*s) * DISTINCT + c.index()] += 1.0;
            }
        }
        at += seats * DISTINCT;
        for (s, c) in &self.current {
            if let Some(s) = s {
                v[at + rel(*s) * DISTINCT + c.index()] = 1.0;
            }
        }
        at += seats * DISTINCT;
        let mine = self.own_party(seat);
        let parties = match mine {
            Some(Party::Kontra) => [Party::Kontra, Party::Re],
            _ => [Party::Re, Party::Kontra],
        };
        for (k, p) in parties.iter().enumerate() {
            if let Some(c) = self.call_state.highest(*p) {
                v[at + k * 5 + usize::from(c.level()).min(4)] = 1.0;
            }
        }
        at += 10;
        v[at + mine.map_or(2, |p| p as usize)] = 1.0;
        at += 3;
        let contracts = Contract::all().count();
        let c = self
            .declared
            .as_ref()
            .and_then(|d| Contract::all().position(|c| c == d.contract))
            .unwrap_or(contracts);
        v[at + c] = 1.0;
        at += contracts + 1;
        let d = self
            .declared
            .as_ref()
            .and_then(|d| d.declarer)
            .map_or(seats, rel);
        v[at + d] = 1.0;
        at += seats + 1;
        v[at + self.phase as usize] = 1.0;
        at += 4;
        let words = self.bid_words.len() + 1;
        for s in 0..seats {
            let last = self
                .bids
                .iter()
                .rev()
                .find(|b| b.player == s)
                .and_then(|b| {
                    let said = b.text.split_once(' ').map_or("", |(_, w)| w);
                    self.bid_words.iter().position(|w| w == said)
                })
                .unwrap_or(words - 1);
            v[at + rel(s) * words + last] = 1.0;
        }
        at += seats * words;
        // The knock: Re knocked, and knocked back.
        v[at] = f32::from(u8::from(self.knock.is_some()));
        v[at + 1] = f32::from(u8::from(self.knock == Some(crate::deal::Knock::Both)));
        at += 2;
        // The ace called, by its suit.
        if let Some(ace) = self.called {
            v[at + ace.suit() as usize] = 1.0;
        }
        at += 4;
        // Schweinchen, Hyperschweinchen, the Genscher raise declared.
        for k in 0..self.raised.len().min(3) {
            v[at + k] = 1.0;
        }
        at += 3;
        // The seat named by FreeDoko's Genscher.
        if let Some(g) = &self.genscher {
            v[at + rel(g.partner)] = 1.0;
        }
        at += seats;
        v[at] = f32::from(u8::from(self.current_player() == Some(seat)));
        v
    }
}
