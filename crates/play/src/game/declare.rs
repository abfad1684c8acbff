//! Declarations during the play: knocking (Kloepper), Schweinchen and its raises, FreeDoko's
//! Genscher partner, the called ace.

use super::{Card, Contract, Game, Genscher, Party, Text, msg};

impl Game {
    /// The knock `seat` would make now (`play::knock_now`).
    pub(super) fn knock_by(&self, seat: usize) -> Option<crate::deal::Knock> {
        let moment = (
            usize::from(self.deal.tricks_played()),
            self.deal.in_trick() == 0,
        );
        let p = &self.start.table.profile;
        crate::play::knock_now(p, moment, self.knock, self.party(seat)?)
    }

    /// May `seat` knock now, as the rules of knocking take it ([`crate::play::check_knock`],
    /// which checks a record's knock too)?
    pub(super) fn may_knock(&self, seat: usize) -> bool {
        self.knock_by(seat).is_some_and(|k| {
            let re = self.parties().map_or(0, |r| r.len());
            crate::play::check_knock(Some(k), &self.start.table.profile, re).is_ok()
        })
    }

    pub(super) fn knock(&mut self) -> Result<(), Text> {
        let seat = self.current_player().unwrap_or(0);
        let p = &self.start.table.profile;
        let Some(k) = self.knock_by(seat) else {
            return Err(msg!(
                "error.game_knock",
                player = self.start.table.players[seat].as_str()
            ));
        };
        let re = self.parties().map_or(0, |r| r.len());
        crate::play::check_knock(Some(k), p, re)?;
        self.knock = Some(k);
        self.knock_ask.clear();
        // The opponents are asked at once whether they knock back (they may until trick 2
        // is led, which some of them would not reach on a turn of their own).
        if k == crate::deal::Knock::Re
            && crate::play::check_knock(Some(crate::deal::Knock::Both), p, re).is_ok()
        {
            let n = self.active.len();
            let at = self.active.iter().position(|&s| s == seat).unwrap_or(0);
            let ask: Vec<usize> = (1..n)
                .map(|k| self.active[(at + k) % n])
                .filter(|&s| self.party(s) == Some(Party::Kontra))
                .collect();
            self.knock_ask = ask;
        }
        Ok(())
    }

    /// May `seat` declare the next of Schweinchen, Hyperschweinchen and the Genscher raise
    /// now (`play::raise_allowed`)?
    pub(super) fn may_raise(&self, seat: usize) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        let p = &self.start.table.profile;
        // Most profiles raise no card: asked first, it spares the rest.
        let deck = &p.deck;
        if deck.schweinchen.is_none() && deck.hyperschweinchen.is_none() && deck.genscher.is_none()
        {
            return false;
        }
        crate::play::raise_allowed(p, d.contract, self.raised.len(), &self.hand(seat))
    }

    /// May `seat` name a partner by FreeDoko's Genscher now (`play::genscher_callable`;
    /// one a deal)?
    pub(super) fn may_genscher(&self, seat: usize) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        // Most profiles play no Genscher: asked first, it spares the rest.
        if !self.start.table.profile.contracts.genscher_partner || self.genscher.is_some() {
            return false;
        }
        let re = self.known.as_ref().map_or(0, |(r, _)| r.len());
        let king = self.legal_card_kinds(seat) >> Card::DIAMOND_KING.index() & 1 == 1;
        self.genscher.is_none()
            && crate::play::genscher_callable(
                &self.start.table.profile,
                d.contract,
                re,
                &self.hand(seat),
                king,
            )
    }

    pub(super) fn name_genscher(&mut self, partner: usize) -> Result<(), Text> {
        let seat = self.to_play();
        if partner == seat || !self.active.contains(&partner) || !self.may_genscher(seat) {
            let players = &self.start.table.players;
            return Err(msg!(
                "error.game_genscher",
                player = players[seat].as_str(),
                partner = players.get(partner).map_or("?", String::as_str)
            ));
        }
        self.genscher = Some(Genscher {
            holder: seat,
            partner,
            before: self.parties().unwrap_or_default(),
            played: None,
        });
        Ok(())
    }

    /// The Genscher's ♦K played (`trick`: its trick, from 0): the parties change
    /// (`play::genscher_re`), and under `genscher_party = "re"` the calls made before are
    /// taken again as the check of a record takes them (each for the party it was made
    /// for, judged by its own deadline).
    pub(super) fn genscher_played(&mut self, trick: usize) {
        let Some(g) = self.genscher.as_mut() else {
            return;
        };
        g.played = Some((trick, self.calls.len()));
        self.know();
        if !self.genscher_re() {
            return;
        }
        let (Some(deal), Some(g)) = (self.call_deal(), self.genscher.as_ref()) else {
            return;
        };
        let p = &self.start.table.profile;
        let party_in = |re: &[usize], s: usize| {
            if re.contains(&s) {
                Party::Re
            } else {
                Party::Kontra
            }
        };
        let now = self.parties().unwrap_or_default();
        let mut state = crate::play::CallState::default();
        for e in &self.calls {
            let then = party_in(&g.before, e.player);
            let c = crate::play::call_at(e);
            let _ = state.take_before_genscher(&deal, p, c, then, Some(party_in(&now, e.player)));
        }
        self.call_state = state;
    }

    /// `seat` plays `card` in the trick of a Genscher, after it: the calls she made just
    /// before it are written `before` her card (`P3 no90 10 before P3:HA@5`), which places
    /// them after the Genscher for the check of the record (without it, a call of a player
    /// who had not yet played to that trick counts as made before the Genscher).
    pub(super) fn mark_after_genscher(&mut self, seat: usize, card: Card, trick: usize) {
        let Some((t, from)) = self.genscher.as_ref().and_then(|g| g.played) else {
            return;
        };
        if t != trick {
            return;
        }
        let name = &self.start.table.players[seat];
        for e in self.calls.iter_mut().skip(from) {
            if e.player == seat && e.before.is_none() {
                e.before = Some(crate::deal::full::CardAt {
                    seat,
                    card,
                    trick: Some((t + 1) as u8),
                });
                e.text.push_str(&format!(" before {name}:{card}@{}", t + 1));
            }
        }
    }

    /// After FreeDoko's Genscher under `genscher_party = "re"`: calls are judged by their
    /// own deadlines (the new parties had no time for the lower ones).
    pub(super) fn genscher_re(&self) -> bool {
        self.start.table.profile.contracts.genscher_party == crate::variant::GenscherParty::Re
            && self.genscher.as_ref().is_some_and(|g| g.played.is_some())
    }

    pub(super) fn raise(&mut self, k: u8) -> Result<(), Text> {
        let seat = self.to_play();
        if usize::from(k) != self.raised.len() || !self.may_raise(seat) {
            return Err(msg!(
                "error.game_raise",
                player = self.start.table.players[seat].as_str()
            ));
        }
        self.raised.push(seat);
        let p = &self.start.table.profile;
        let contract = self
            .declared
            .as_ref()
            .map_or(Contract::Normal, |d| d.contract);
        self.order = crate::play::deal_order(contract, p, self.raised.len());
        let rules = &self.start.table.rules;
        let order = rules.order_for(contract, self.raised.len() as u8);
        self.deal.set_order(rules, order);
        Ok(())
    }

    /// May `seat` call the ace of `suit` now (`play::ace_callable`; one a deal)?
    pub(super) fn may_call_ace(&self, seat: usize, suit: crate::cards::Suit) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        let p = &self.start.table.profile;
        // Most profiles call no ace, and one a deal: asked first, it spares the rest.
        if !p.contracts.called_ace || self.called.is_some() {
            return false;
        }
        let played = self.in_hand(seat) < p.hand_size();
        // One ace a deal.
        self.called.is_none()
            && crate::play::ace_callable(
                p,
                (&self.active, &self.start.hands),
                (d.contract, &self.order),
                (seat, played),
                Card::new(suit, crate::cards::Rank::Ace),
            )
    }

    pub(super) fn call_ace(&mut self, suit: crate::cards::Suit) -> Result<(), Text> {
        let seat = self.to_play();
        if !self.may_call_ace(seat, suit) {
            let ace = Card::new(suit, crate::cards::Rank::Ace);
            return Err(msg!(
                "error.game_call_ace",
                player = self.start.table.players[seat].as_str(),
                card = ace
            ));
        }
        self.called = Some(Card::new(suit, crate::cards::Rank::Ace));
        self.know();
        Ok(())
    }
}
