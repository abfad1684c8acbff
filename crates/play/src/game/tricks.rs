//! The play: the cards a player may play, the parties as the play shows them, the calls
//! the rules of calls take, each card, and the finished deal's record.

use super::{
    Call, CallEntry, Card, Contract, Declared, DeclaredGame, FullRecord, Game, Party, Phase, Text,
    msg,
};
use crate::play::{CallAt, call_at};

impl Game {
    /// The cards `seat` may play now: any at the lead, else the led suit where she holds it.
    pub fn legal_cards(&self, seat: usize) -> Vec<Card> {
        cards_of(self.legal_card_kinds(seat)).collect()
    }

    /// [`Game::legal_cards`] as a bit a distinct card (bit [`Card::index`]): nothing is
    /// allocated, and the cards come out in the deck's order, each once.
    pub(super) fn legal_card_kinds(&self, seat: usize) -> u32 {
        if self.phase != Phase::Playing {
            return 0;
        }
        let rules = &self.start.table.rules;
        let Some(place) = self.place_of(seat) else {
            return 0;
        };
        rules.kinds_of(self.deal.playable_by(rules, place))
    }

    /// The Re seats as known now (a wedding's partner once found).
    pub(super) fn parties(&self) -> Option<Vec<usize>> {
        self.known.as_ref().map(|(re, _)| re.clone())
    }

    /// Works out the parties and a wedding's settling trick after a trick (or at the start).
    pub(super) fn know(&mut self) {
        let known = self
            .work_out_parties()
            .map(|re| (re, self.work_out_settled()));
        self.known = known;
    }

    pub(super) fn work_out_parties(&self) -> Option<Vec<usize>> {
        let d = self.declared.as_ref()?;
        let declared = Declared {
            contract: d.contract,
            declarer: d.declarer,
            exchange: d.exchange.clone(),
            called: self.called,
            compulsory: false,
            partner: d.partner,
        };
        let mut re = Vec::new();
        let p = &self.start.table.profile;
        let (tricks, _) = self.tricks();
        crate::play::re_party(
            p,
            &self.active,
            [&self.hands_with_played(), &self.start.hands],
            &declared,
            (&crate::play::seen_in(&tricks, &self.trick_winners()), 0),
            &mut re,
        );
        // After FreeDoko's Genscher, its parties.
        if let Some(g) = self.genscher.as_ref().filter(|g| g.played.is_some()) {
            let pair = (g.holder, g.partner);
            re = crate::play::genscher_re(p, &self.active, &g.before, pair).collect();
        }
        Some(re)
    }

    /// Each hand as it was when the play began (after an exchange).
    pub(super) fn hands_with_played(&self) -> Vec<Vec<Card>> {
        let mut hands = self.hands_now();
        for (s, c) in self.plays() {
            hands[s].push(c);
        }
        hands
    }

    /// The trick that settled a wedding, once it is settled (0 in other contracts).
    pub(super) fn settled(&self) -> Option<usize> {
        self.known.as_ref().and_then(|(_, s)| *s)
    }

    pub(super) fn work_out_settled(&self) -> Option<usize> {
        let d = self.declared.as_ref()?;
        if d.contract != Contract::Wedding {
            return Some(0);
        }
        let bride = d.declarer?;
        let p = &self.start.table.profile;
        let (tricks, _) = self.tricks();
        let seen = crate::play::seen_in(&tricks, &self.trick_winners());
        crate::play::wedding_settled(p, d.partner, &self.order, bride, &seen)
    }

    /// What the rules of calls read of this deal, once its game is known and every player
    /// knows her party (a wedding settled).
    pub(super) fn call_deal(&self) -> Option<crate::play::CallDeal<'_>> {
        let d = self.declared.as_ref()?;
        let p = &self.start.table.profile;
        // Where calls in a wedding are not delayed (no `calls.wedding_shift`), they come
        // before it is settled too: the trick that settles it is then read only by a
        // `double`, which must come before it (so before the last trick will do).
        let clarification = match self.settled() {
            Some(c) => c,
            None if d.contract == Contract::Wedding && !p.calls.wedding_shift => p.hand_size(),
            None => return None,
        };
        Some(crate::play::CallDeal {
            players: &self.start.table.players,
            contract: d.contract,
            declarer: d.declarer,
            scored: d.contract,
            hand: p.hand_size(),
            clarification,
        })
    }

    /// A wedding not yet settled: the players but the bride do not know their party.
    pub(super) fn unsettled_wedding(&self) -> bool {
        self.declared
            .as_ref()
            .is_some_and(|d| d.contract == Contract::Wedding)
            && self.settled().is_none()
    }

    /// The `double` of `seat` now (`calls.wedding_double`): Re or Kontra, whichever party
    /// she ends in.
    pub(super) fn double_entry(&self, seat: usize) -> CallEntry {
        let mut e = self.call_entry(seat, Call::Announce, Party::Re);
        e.said_as = None;
        e.text = call_text(
            &self.start.table.players[seat],
            "double",
            usize::from(e.cards_in_hand),
        );
        e
    }

    /// In a wedding not yet settled where calls are not delayed, whether `seat` may say
    /// `double` (None: the bride, who calls as Re, or no such wedding): any other player,
    /// who does not know her party yet, where the profile has it (once, and only where
    /// the rules would take it for either party).
    pub(super) fn unsettled_double(
        &self,
        seat: usize,
        deal: &crate::play::CallDeal,
    ) -> Option<bool> {
        if !self.unsettled_wedding() || deal.declarer == Some(seat) {
            return None;
        }
        // The rules of calls say when a `double` is taken (`calls.wedding_double`, not the
        // bride, before the wedding is settled, once); offered where they would take it
        // for either party, since she does not know hers.
        // Her own `double` made earlier waits, untaken, until the wedding is settled: once.
        let p = &self.start.table.profile;
        let at = self.call_at(seat, Call::Announce, None);
        let said = self.calls.iter().any(|c| c.player == seat);
        let double = !said
            && [Party::Re, Party::Kontra]
                .into_iter()
                .all(|party| self.call_state.allows(deal, p, at, (party, false)));
        Some(double)
    }

    /// Takes the winning statement's condition, then the calls made so far, into the rules
    /// of calls afresh, each for the party its caller is in, as the check of a record takes
    /// them: once every player knows her party (as play starts, or once a wedding is
    /// settled, with a `double` or the bride's calls made before).
    pub(super) fn take_calls(&mut self) {
        if self.unsettled_wedding() {
            return;
        }
        let Some(deal) = self.call_deal() else { return };
        let p = &self.start.table.profile;
        let mut state = crate::play::CallState::default();
        let bid_calls = self.declared.as_ref().map(|g| g.bid_calls.as_slice());
        for e in bid_calls.into_iter().flatten().chain(&self.calls) {
            let party = self.party(e.player).unwrap_or(Party::Re);
            // Each was offered: a condition only where the deal plays through the record's
            // checks (`bid_ok`), a call where the rules took it then (for either
            // party, a `double`).
            let _ = state.take(&deal, p, call_at(e), party, false);
        }
        self.call_state = state;
        if let Some(g) = &mut self.declared {
            g.bid_calls.clear();
        }
    }

    /// The call `seat` would make now with `call` (`said_as`: the party its word names,
    /// none for a `double`), as the rules of calls read it: no words are made.
    fn call_at(&self, seat: usize, call: Call, said_as: Option<Party>) -> CallAt {
        CallAt {
            player: seat,
            call,
            said_as: said_as.filter(|_| call == Call::Announce),
            in_hand: self.in_hand(seat) as u8,
            before: None,
        }
    }

    /// The call `seat` would make now with `call`: before her card, with her cards in hand.
    pub(super) fn call_entry(&self, seat: usize, call: Call, party: Party) -> CallEntry {
        let in_hand = self.in_hand(seat);
        CallEntry {
            player: seat,
            call,
            said_as: (call == Call::Announce).then_some(party),
            cards_in_hand: in_hand as u8,
            before: None,
            at: None,
            text: call_text(&self.start.table.players[seat], call.word(party), in_hand),
        }
    }

    /// The calls `seat` may make before her card, as the rules of calls take them
    /// (`play::CallState`, the same as `doko score` checks a record by): her Re
    /// or Kontra (also as a reply, also where her partner said it already), and each call
    /// above her party's highest that is still in time (a higher call says the lower ones
    /// too). A call that would say nothing new is not offered. None before her party is
    /// known to her (a wedding not yet settled).
    pub fn legal_calls(&self, seat: usize) -> Vec<Call> {
        calls_of(self.legal_call_levels(seat)).collect()
    }

    /// [`Game::legal_calls`] as a bit a level (bit [`Call::level`]): nothing is allocated.
    pub(super) fn legal_call_levels(&self, seat: usize) -> u8 {
        let Some(deal) = self.call_deal() else {
            return 0;
        };
        if let Some(double) = self.unsettled_double(seat, &deal) {
            return u8::from(double);
        }
        let Some(party) = self.party(seat) else {
            return 0;
        };
        let p = &self.start.table.profile;
        // A call the party has made already changes nothing (issue 64: a partner was
        // offered the Re her partner had said), except a Re or Kontra of her own where
        // each player who says it scores it (`scoring.announce_per_caller`).
        let highest = self.call_state.highest(party).map(Call::level);
        let per_caller = p.scoring.announce_per_caller
            && !self
                .calls
                .iter()
                .any(|e| e.player == seat && e.call == Call::Announce);
        let in_hand = self.in_hand(seat);
        let after = self.genscher_re();
        // The calls above the party's, as the machine's rules of calls take them.
        let mut levels =
            self.call_state
                .legal_levels(&deal, p, (seat, in_hand as u8), (party, after));
        // Her own Re or Kontra where her partner's said it already.
        if per_caller && highest.is_some() {
            let at = self.call_at(seat, Call::Announce, Some(party));
            if self.call_state.allows(&deal, p, at, (party, after)) {
                levels |= 1;
            }
        }
        levels
    }

    pub(super) fn call(&mut self, c: Call) -> Result<(), Text> {
        let seat = self.to_play();
        if self.legal_call_levels(seat) >> c.level() & 1 == 0 {
            // Why the rules refuse it, where they do.
            let why = match (self.call_deal(), self.party(seat)) {
                (Some(deal), Some(party)) => {
                    let e = self.call_entry(seat, c, party);
                    let p = &self.start.table.profile;
                    let after = self.genscher_re();
                    let mut state = self.call_state;
                    let refused = state.take(&deal, p, call_at(&e), party, after);
                    // Worded as the check of a record words it: the call, then why.
                    refused.err().map(|m| {
                        let why = m.text(&deal, p);
                        msg!("error.quoted", text = e.text.clone(), message = why)
                    })
                }
                _ => None,
            };
            return Err(why.unwrap_or_else(|| {
                msg!(
                    "error.game_call_late",
                    player = self.start.table.players[seat].as_str(),
                    call = c.word(Party::Re)
                )
            }));
        }
        // A `double`, taken once the wedding is settled ([`Game::take_calls`]).
        if self.unsettled_wedding() && self.declared.as_ref().and_then(|d| d.declarer) != Some(seat)
        {
            let e = self.double_entry(seat);
            self.calls.push(e);
            return Ok(());
        }
        let party = self.party(seat).unwrap_or(Party::Re);
        let e = self.call_entry(seat, c, party);
        if let Some(deal) = self.call_deal() {
            let after = self.genscher_re();
            let p = &self.start.table.profile;
            let mut state = self.call_state;
            state
                .take(&deal, p, call_at(&e), party, after)
                .map_err(|m| {
                    let why = m.text(&deal, p);
                    msg!("error.quoted", text = e.text.clone(), message = why)
                })?;
            self.call_state = state;
        }
        self.calls.push(e);
        Ok(())
    }

    pub(super) fn card(&mut self, c: Card) -> Result<(), Text> {
        let seat = self.to_play();
        let name = self.start.table.players[seat].as_str();
        if !self.holds(seat, c) {
            return Err(self.not_held(seat, c));
        }
        let genscher_king = self.genscher.as_ref().is_some_and(|g| g.played.is_none());
        if genscher_king && c != Card::DIAMOND_KING {
            return Err(msg!("error.game_genscher_king", player = name));
        }
        // The machine plays it, or refuses it with the rule it breaks (a revoke: the suit
        // led and the lowest card of it she holds).
        let rules = &self.start.table.rules;
        let trick = self.deal.tricks_played();
        let delta = match self.deal.play_card(rules, c) {
            Ok(d) => d,
            Err(r) => {
                let names: Vec<&str> = self
                    .active
                    .iter()
                    .map(|&s| self.start.table.players[s].as_str())
                    .collect();
                return Err(self.deal.refusal_text(r, &names));
            }
        };
        self.last_card = Some(delta);
        self.mark_after_genscher(seat, c, usize::from(trick));
        if genscher_king {
            self.genscher_played(usize::from(trick));
        }
        // The card closed its trick: the machine's winner took it.
        if self.deal.in_trick() == 0 {
            let last = self.deal.phase() == crate::machine::Phase::Over;
            if self
                .declared
                .as_ref()
                .is_some_and(|d| d.contract == Contract::Wedding)
            {
                let was = self.settled().is_some();
                self.know();
                if !was && self.settled().is_some() {
                    self.take_calls();
                }
            }
            if last {
                self.phase = Phase::Over;
            }
        }
        Ok(())
    }

    /// Why `seat` cannot play `c`, which she does not hold, in the order a record's check
    /// names it: a card the deck lacks, one played as often as the deck has it, then one
    /// not in her hand (the hands as dealt are the deck's: a card she holds is never one
    /// of these).
    pub(super) fn not_held(&self, seat: usize, c: Card) -> Text {
        let p = &self.start.table.profile;
        let in_deck = p.in_deck()[c.index()];
        if in_deck == 0 {
            return msg!("error.not_in_deck", card = c, profile = p.name.as_str());
        }
        let copies = self.plays().filter(|&(_, x)| x == c).count() + 1;
        crate::play::too_many_copies(c, copies as u8, in_deck).unwrap_or_else(|| {
            let name = self.start.table.players[seat].as_str();
            msg!("error.not_in_hand", player = name, card = c)
        })
    }

    pub(super) fn build_record(&self) -> FullRecord {
        let d = self.declared.clone().unwrap_or(DeclaredGame {
            contract: Contract::Normal,
            declarer: None,
            exchange: None,
            partner: None,
            bid_calls: Vec::new(),
            condition: None,
        });
        // A poverty nobody accepted is the redeal it is («ドッペルコップ(Doppelkopf)»:
        // "誰も交換に同意しない場合には、配り直しとなります"; issue 64): its statements decide
        // the poverty, and it has neither an exchange nor tricks.
        let refused = d.contract == Contract::Poverty
            && d.exchange.is_none()
            && self.deal.plays().is_empty()
            && !self.bids.is_empty();
        let contract = if refused {
            Contract::Redeal
        } else {
            d.contract
        };
        FullRecord {
            number: 1,
            players: self.start.table.players.clone(),
            dealer: self.start.dealer,
            dealer_written: true,
            contract,
            declarer: d.declarer,
            hands: self
                .start
                .hands
                .iter()
                .map(|h| (!h.is_empty()).then(|| h.clone()))
                .collect(),
            exchange: d.exchange,
            calls: self.calls.clone(),
            knock: self.knock,
            called: self.called,
            schweinchen: self.raised.first().copied(),
            hyperschweinchen: self.raised.get(1).copied(),
            genscher: self.raised.get(2).copied(),
            genscher_partner: self.genscher.as_ref().map(|g| g.partner),
            tricks: self.tricks().0.into_iter().collect(),
            bids: self.bids.clone().into(),
            ..FullRecord::default()
        }
    }
}

/// The cards of a mask of distinct cards (bit [`Card::index`]), in the deck's order.
pub(super) fn cards_of(kinds: u32) -> impl Iterator<Item = Card> {
    crate::machine::Bits(u64::from(kinds)).filter_map(|i| Card::from_index(usize::from(i)))
}

/// The calls of a mask of levels (bit [`Call::level`]), lowest first.
pub(super) fn calls_of(levels: u8) -> impl Iterator<Item = Call> {
    (0..8u8)
        .filter(move |l| levels >> l & 1 == 1)
        .filter_map(Call::from_level)
}

/// A call as a record writes it ([`crate::deal::full::push_call_text`]).
fn call_text(player: &str, word: &str, in_hand: usize) -> String {
    let mut text = String::with_capacity(player.len() + word.len() + 4);
    crate::deal::full::push_call_text(&mut text, player, word, in_hand);
    text
}
