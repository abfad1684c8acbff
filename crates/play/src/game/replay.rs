//! Replaying a full record action by action ([`Game::replay`]): its statements, its
//! poverty's exchange, its declarations, calls and cards, refused at the first action the
//! rules refuse, with the check's words.

use super::{
    Action, CallEntry, Card, Contract, FullRecord, Game, Phase, Profile, ReplayError, Text, msg,
};

impl Game {
    /// A full record replayed action by action: its statements, its poverty's exchange,
    /// and its cards, each player's calls made before her card when she held as many cards
    /// as the call says (a knock and a called ace at the first turn they may come). The
    /// record must write every hand as dealt and, where the profile bids, its statements.
    /// Refused: how many actions were taken and why the next one is refused, as
    /// [`Game::apply`] says it (the words a record's check gives: a revoke, a call out of
    /// time, a statement out of turn).
    pub fn replay(profile: &Profile, record: &FullRecord) -> Result<Game, ReplayError> {
        let active = crate::seating::active_seats(
            record.players.len(),
            record.dealer,
            profile.deck.players as usize,
        );
        let mut hands = Vec::with_capacity(record.players.len());
        for (s, h) in record.hands.iter().enumerate() {
            match h {
                Some(h) => hands.push(h.clone()),
                None if !active.contains(&s) => hands.push(Vec::new()),
                None => return Err(ReplayError::at_start(msg!("error.game_replay_hands"))),
            }
        }
        let players = Some(record.players.clone());
        let mut g = Game::new(profile, players, record.dealer, 0, Some(hands))
            .map_err(ReplayError::at_start)?;
        g.replay_bids(record)?;
        if g.phase == Phase::Exchange {
            let x = record.exchange.as_ref();
            while g.poverty.as_ref().is_some_and(|p| p.partner.is_none()) {
                let asked = g.current_player();
                let accept = x.is_some_and(|x| Some(x.partner) == asked);
                g.step(Action::Answer(accept))?;
            }
            for &c in x.iter().flat_map(|x| x.passed.iter().chain(&x.returned)) {
                g.step(Action::Card(c))?;
            }
        }
        g.replay_cards(record)?;
        let seat = g.current_player().unwrap_or(0);
        let player = g.start.table.players[seat].clone();
        if record.called != g.called {
            let card = record.called.unwrap_or(Card::CLUB_QUEEN);
            return Err(g.refused(msg!("error.game_call_ace", player = player, card = card)));
        }
        if record.knock != g.knock {
            // The rules of knocking refuse it as the check words it, or it never came.
            let re = g.parties().map_or(0, |r| r.len());
            let why = crate::play::check_knock(record.knock, profile, re)
                .err()
                .unwrap_or_else(|| msg!("error.game_knock", player = player));
            return Err(g.refused(why));
        }
        Ok(g)
    }

    /// Takes `a` in a replay: refused, with the actions taken before it.
    pub(super) fn step(&mut self, a: Action) -> Result<(), ReplayError> {
        self.apply(a).map_err(|m| self.refused(m))
    }

    /// A replay refused here: the actions taken, and why.
    pub(super) fn refused(&self, m: Text) -> ReplayError {
        ReplayError {
            taken: self.actions.len(),
            message: m,
        }
    }

    /// A record's statements, replayed ([`Game::replay`]).
    pub(super) fn replay_bids(&mut self, record: &FullRecord) -> Result<(), ReplayError> {
        for b in record.bids.iter() {
            if self.phase != Phase::Bidding {
                return Err(self.refused(msg!("error.game_bids_over")));
            }
            let word = self.start.table.candidates[b.player]
                .iter()
                .position(|c| c.as_ref().is_some_and(|c| c.say == b.say));
            let Some(word) = word.filter(|_| self.current_player() == Some(b.player)) else {
                let names = self.start.table.players.clone();
                let mut bids = self.bids.clone();
                bids.push(b.clone());
                let p = &self.start.table.profile;
                let why = crate::machine::auction::refusal(&bids, p, &self.active, &names)
                    .unwrap_or_else(|| msg!("error.game_bid_hand", statement = b.text.clone()));
                return Err(self.refused(why));
            };
            self.step(Action::Bid(word))?;
        }
        if self.phase == Phase::Bidding {
            return Err(self.refused(msg!("error.game_replay_bids")));
        }
        Ok(())
    }

    /// A record's cards, replayed with its calls, knock and called ace ([`Game::replay`]).
    pub(super) fn replay_cards(&mut self, record: &FullRecord) -> Result<(), ReplayError> {
        let hand = self.start.table.profile.hand_size();
        let mut calls: Vec<&CallEntry> = record.calls.iter().collect();
        self.replay_declarations(record)?;
        let named = record.tricks.names_players();
        for (t, trick) in record.tricks.iter().enumerate() {
            for (j, (by, card)) in trick.iter().enumerate() {
                let Some(seat) = self.current_player() else {
                    return Err(self.refused(msg!("error.game_over")));
                };
                // A card the record gives another player than the one to play.
                if let Some(by) = by.filter(|&b| named && b != seat) {
                    let players = &self.start.table.players;
                    return Err(self.refused(crate::play::out_of_turn(players, (t, j), seat, by)));
                }
                // The record's called ace, before its caller's first card.
                if let Some(ace) = record.called.filter(|_| self.called.is_none())
                    && self.in_hand(seat) == hand
                    && self.may_call_ace(seat, ace.suit())
                {
                    self.step(Action::CallAce(ace.suit()))?;
                }
                // The record's knock, at the first turn of a player who may make it.
                let due = matches!(
                    (record.knock, self.knock),
                    (Some(_), None)
                        | (Some(crate::deal::Knock::Both), Some(crate::deal::Knock::Re))
                );
                if due && self.may_knock(seat) {
                    self.step(Action::Knock)?;
                }
                // The opponents asked after it: the record's knock back, or none.
                while !self.knock_ask.is_empty() {
                    let back = record.knock == Some(crate::deal::Knock::Both);
                    self.step(if back {
                        Action::Knock
                    } else {
                        Action::Answer(false)
                    })?;
                }
                // The record's Schweinchen, Hyperschweinchen and Genscher raise, at their
                // declarer's first turn where she may.
                let raises = [record.schweinchen, record.hyperschweinchen, record.genscher];
                for _ in 0..3 {
                    if let Some(Some(by)) = raises.get(self.raised.len()).copied()
                        && by == seat
                    {
                        self.replay_raise(seat)?;
                    }
                }
                // The record's Genscher partner, named as its holder plays her first ♦K.
                if let Some(partner) = record.genscher_partner
                    && self.genscher.is_none()
                    && card == Card::DIAMOND_KING
                    && self.may_genscher(seat)
                {
                    // Her calls come before it (her ♦K follows at once).
                    self.replay_calls(seat, &mut calls)?;
                    self.step(Action::Genscher(partner))?;
                }
                self.replay_calls(seat, &mut calls)?;
                self.step(Action::Card(card))?;
            }
        }
        match calls.first() {
            Some(e) => Err(self.refused(msg!("error.game_replay_call", call = e.text.clone()))),
            None => Ok(()),
        }
    }

    /// A record's declarations that the rules refuse whenever they come, refused before
    /// the first card as the check of a record words it: a raise the contract does not
    /// play, an ace that cannot be called.
    pub(super) fn replay_declarations(&self, record: &FullRecord) -> Result<(), ReplayError> {
        let p = &self.start.table.profile;
        let contract = self
            .declared
            .as_ref()
            .map_or(record.contract, |d| d.contract);
        let cards = crate::play::raised_cards(p, contract);
        let fields = ["schweinchen", "hyperschweinchen", "genscher"];
        let raises = [record.schweinchen, record.hyperschweinchen, record.genscher];
        for ((field, by), card) in fields.into_iter().zip(raises).zip(cards) {
            if by.is_some() && card.is_none() {
                return Err(self.refused(msg!(
                    "error.profile_no_field",
                    profile = p.name.as_str(),
                    field = field,
                    contract = contract
                )));
            }
        }
        if let Some(ace) = record.called {
            let bride = self.active.iter().copied().find(|&s| {
                let hand = self.hand(s);
                p.holds_every_re_card(|c| hand.iter().filter(|&&h| h == c).count())
            });
            let order = &self.order;
            let refusal = crate::play::called_refusal(p, (contract, order), bride.is_some(), ace);
            if let Some(why) = refusal {
                return Err(self.refused(why));
            }
            // Nobody else holds it: she called her own.
            if let Some(b) = bride
                && !self.active.iter().any(|&s| s != b && self.holds(s, ace))
            {
                let player = self.start.table.players[b].as_str();
                return Err(self.refused(msg!(
                    "error.holds_called_ace",
                    player = player,
                    card = ace
                )));
            }
        }
        Ok(())
    }

    /// The record's next raise, declared by `seat` at her turn: refused as the check
    /// words it where she does not hold every card of it.
    pub(super) fn replay_raise(&mut self, seat: usize) -> Result<(), ReplayError> {
        if self.may_raise(seat) {
            return self.step(Action::Raise(self.raised.len() as u8));
        }
        let p = &self.start.table.profile;
        let contract = self
            .declared
            .as_ref()
            .map_or(Contract::Normal, |d| d.contract);
        let next = crate::play::raised_cards(p, contract)
            .get(self.raised.len())
            .copied();
        match next.flatten() {
            Some(card)
                if self.hands_with_played()[seat]
                    .iter()
                    .filter(|&&c| c == card)
                    .count()
                    != usize::from(p.deck.copies) =>
            {
                let player = self.start.table.players[seat].as_str();
                Err(self.refused(msg!("error.not_every", player = player, card = card)))
            }
            _ => Ok(()),
        }
    }

    /// The record's calls `seat` made before her next card, in the order written
    /// ([`Game::replay`]): those made with as many cards as she holds, or more.
    pub(super) fn replay_calls(
        &mut self,
        seat: usize,
        calls: &mut Vec<&CallEntry>,
    ) -> Result<(), ReplayError> {
        let in_hand = self.in_hand(seat);
        while let Some(k) = calls
            .iter()
            .position(|e| e.player == seat && usize::from(e.cards_in_hand) >= in_hand)
        {
            let e = calls.remove(k);
            // Her word names another party than hers: refused as the check words it.
            if let (Some(said), Some(party)) = (e.said_as, self.party(seat))
                && said != party
            {
                let why = msg!(
                    "error.plays_for",
                    player = self.start.table.players[seat].as_str(),
                    party = party,
                    word = said.key()
                );
                return Err(self.refused(msg!(
                    "error.quoted",
                    text = e.text.clone(),
                    message = why
                )));
            }
            self.step(Action::Call(e.call))?;
        }
        Ok(())
    }
}
