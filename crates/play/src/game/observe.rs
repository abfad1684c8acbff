//! What each player may know of the deal ([`Game::observation`]), as a record and as
//! numbers ([`Game::observation_vector`]).

use super::{Call, Card, Contract, DISTINCT, Game, Observation, Party, Phase, PlayedTrick};

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
        let (tricks, current) = self.tricks();
        Observation {
            player: seat,
            phase: match self.phase {
                Phase::Bidding => "bidding",
                Phase::Playing => "playing",
                Phase::Over => "over",
                Phase::Exchange => "exchange",
            },
            to_act: self.current_player(),
            dealer: self.start.dealer,
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
            tricks: tricks.iter().map(trick).collect(),
            trick: trick(&current),
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
        self.observation_layout().last().map_or(0, |s| s.2)
    }

    /// The named slices `(name, start, stop)` that make [`Game::observation_vector`], in
    /// order, covering it (the same for every seat and every point of the deal).
    pub fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        let mut layout = Vec::with_capacity(24);
        self.observation_parts(0, &mut Vec::with_capacity(2048), Some(&mut layout));
        layout
    }

    /// [`Game::observation`] as numbers, seats counted from `seat` (0 is herself); its
    /// parts are named by [`Game::observation_layout`]: her hand (copies of each card),
    /// each seat's cards played, each seat's card in the trick, each party's call level
    /// (hers first, one-hot), her party (Re, Kontra, unknown), the contract (one-hot, last:
    /// not yet), the declarer (one-hot, last: none), the phase, each seat's last statement
    /// (one-hot, last: none), the knock, the ace called, the raises, Genscher's partner,
    /// whether she acts; then her seat at the table, the dealer, each trick's leader,
    /// winner and cards by seat, each seat's calls with when they came (the trick, as a
    /// share of the deal's tricks) and each seat's eyes taken (a share of the deck's).
    pub fn observation_vector(&self, seat: usize) -> Vec<f32> {
        let mut v = Vec::with_capacity(2048);
        self.observation_parts(seat, &mut v, None);
        v
    }

    /// [`Game::observation_vector`] written into `v` (cleared first): a batch of deals
    /// reuses one vector, and nothing is allocated once it is long enough.
    pub fn observation_into(&self, seat: usize, v: &mut Vec<f32>) {
        v.clear();
        self.observation_parts(seat, v, None);
    }

    /// Trick `t` (from 0) as played so far: each card with its seat, in order.
    fn trick_seats(&self, t: u8) -> impl Iterator<Item = (usize, Card)> + '_ {
        let rules = &self.start.table.rules;
        self.deal
            .trick_by_place(rules, t)
            .map(move |(p, id)| (self.seat_of(p), rules.card(id)))
    }

    /// The vector for `seat` into `v`, and its parts into `layout` where asked.
    fn observation_parts(
        &self,
        seat: usize,
        v: &mut Vec<f32>,
        mut layout: Option<&mut Vec<(&'static str, usize, usize)>>,
    ) {
        let seats = self.start.table.players.len();
        let rel = |s: usize| (s + seats - seat) % seats;
        // The next part: `len` numbers named `name`; where it starts.
        let mut part = |v: &mut Vec<f32>, name: &'static str, len: usize| {
            let at = v.len();
            v.resize(at + len, 0.0);
            if let Some(l) = layout.as_deref_mut() {
                l.push((name, at, at + len));
            }
            at
        };
        let at = part(v, "hand", DISTINCT);
        if let Some(place) = self.place_of(seat) {
            let rules = &self.start.table.rules;
            for c in crate::machine::Deal::cards_of(rules, self.deal.hand(place)) {
                v[at + c.index()] += 1.0;
            }
        }
        let closed = self.deal.tricks_played();
        let at = part(v, "played", seats * DISTINCT);
        for (s, c) in (0..closed).flat_map(|t| self.trick_seats(t)) {
            v[at + rel(s) * DISTINCT + c.index()] += 1.0;
        }
        let at = part(v, "trick", seats * DISTINCT);
        for (s, c) in self.trick_seats(closed) {
            v[at + rel(s) * DISTINCT + c.index()] = 1.0;
        }
        let at = part(v, "call_levels", 2 * 5);
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
        let at = part(v, "party", 3);
        v[at + mine.map_or(2, |p| p as usize)] = 1.0;
        let contracts = Contract::all().count();
        let at = part(v, "contract", contracts + 1);
        let c = self
            .declared
            .as_ref()
            .and_then(|d| Contract::all().position(|c| c == d.contract))
            .unwrap_or(contracts);
        v[at + c] = 1.0;
        let at = part(v, "declarer", seats + 1);
        let d = self
            .declared
            .as_ref()
            .and_then(|d| d.declarer)
            .map_or(seats, rel);
        v[at + d] = 1.0;
        let at = part(v, "phase", 4);
        v[at + self.phase as usize] = 1.0;
        let words = self.bid_words.len() + 1;
        let at = part(v, "last_statement", seats * words);
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
        // The knock: Re knocked, and knocked back.
        let at = part(v, "knock", 2);
        v[at] = f32::from(u8::from(self.knock.is_some()));
        v[at + 1] = f32::from(u8::from(self.knock == Some(crate::deal::Knock::Both)));
        // The ace called, by its suit.
        let at = part(v, "called_ace", 4);
        if let Some(ace) = self.called {
            v[at + ace.suit() as usize] = 1.0;
        }
        // Schweinchen, Hyperschweinchen, the Genscher raise declared.
        let at = part(v, "raises", 3);
        for k in 0..self.raised.len().min(3) {
            v[at + k] = 1.0;
        }
        // The seat named by FreeDoko's Genscher.
        let at = part(v, "genscher_partner", seats);
        if let Some(g) = &self.genscher {
            v[at + rel(g.partner)] = 1.0;
        }
        let at = part(v, "to_act", 1);
        v[at] = f32::from(u8::from(self.current_player() == Some(seat)));
        self.observation_history(seat, v, &mut part);
    }

    /// The parts that say who did what: her seat, the dealer, every trick's leader, winner
    /// and cards, every call with its caller and when, the eyes each seat took.
    fn observation_history(
        &self,
        seat: usize,
        v: &mut Vec<f32>,
        part: &mut impl FnMut(&mut Vec<f32>, &'static str, usize) -> usize,
    ) {
        let seats = self.start.table.players.len();
        let rel = |s: usize| (s + seats - seat) % seats;
        let profile = &self.start.table.profile;
        let tricks = profile.hand_size();
        let at = part(v, "seat", seats);
        v[at + seat] = 1.0;
        // Who acts (last: nobody, the deal is over).
        let at = part(v, "acting", seats + 1);
        v[at + self.current_player().map_or(seats, rel)] = 1.0;
        let at = part(v, "dealer", seats);
        v[at + rel(self.start.dealer)] = 1.0;
        let closed = self.deal.tricks_played();
        // The tricks closed and the one in play, as many as the deal has.
        let played = || (0..=closed).take(tricks);
        let at = part(v, "trick_leaders", tricks * seats);
        for k in played() {
            if let Some((s, _)) = self.trick_seats(k).next() {
                v[at + usize::from(k) * seats + rel(s)] = 1.0;
            }
        }
        let winner = |t: u8| self.deal.winner(t).map(|w| self.seat_of(w));
        let at = part(v, "trick_winners", tricks * seats);
        for (k, w) in (0..closed).filter_map(winner).enumerate().take(tricks) {
            v[at + k * seats + rel(w)] = 1.0;
        }
        let at = part(v, "trick_cards", tricks * seats * DISTINCT);
        for k in played() {
            for (s, c) in self.trick_seats(k) {
                v[at + (usize::from(k) * seats + rel(s)) * DISTINCT + c.index()] = 1.0;
            }
        }
        // Columns: Re, Kontra (the word said), no 90, no 60, no 30, schwarz; the value is
        // the trick it came in (1 for the first) over the deal's tricks.
        let at = part(v, "calls", seats * 6);
        for e in &self.calls {
            let column = match (e.call, e.said_as) {
                (crate::calls::Call::Announce, Some(Party::Kontra)) => 1,
                (crate::calls::Call::Announce, _) => 0,
                (c, _) => 1 + usize::from(c.level()),
            };
            let trick = tricks.saturating_sub(usize::from(e.cards_in_hand)) + 1;
            let when = trick as f32 / tricks.max(1) as f32;
            let cell = &mut v[at + rel(e.player) * 6 + column.min(5)];
            if *cell == 0.0 {
                *cell = when;
            }
        }
        let at = part(v, "eyes", seats);
        let total = u32::from(profile.deck().total_eyes());
        for t in 0..closed {
            if let Some(w) = winner(t) {
                let eyes: u32 = self.trick_seats(t).map(|(_, c)| u32::from(c.eyes())).sum();
                v[at + rel(w)] += eyes as f32 / total.max(1) as f32;
            }
        }
    }
}
