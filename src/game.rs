//! One deal played step by step: for programs that play (a Python `doko.Game`, a
//! reinforcement-learning environment). The engine decides every rule; a front end only
//! passes actions in and reads the state out.
//!
//! A deal goes through the bidding (the statements of the profile's way of bidding, one a
//! step), a poverty's exchange where one was named, then the play: each step the player to
//! play a card may first make calls, then plays a card. Actions have stable integer ids per
//! profile ([`Game::action_id`]): the cards by their index in the deck's order, the calls
//! by level, accepting ([`ACCEPT`]) and declining ([`DECLINE`]) a poverty, the statements
//! by their place in [`Game::bid_words`].
//!
//! A poverty's exchange is the players' ([`Phase::Exchange`]): those asked in turn from the
//! poor player's left accept or decline (accepting only where they could return the cards);
//! she passes her cards one at a time (every trump among them), her partner returns as
//! many (no trump where the profile forbids it); where every player declines, the hands
//! are thrown in (the record is the poverty with neither an exchange nor tricks). Under
//! `poverty.partner_by_club_queen` the club queens choose the partner and nobody is asked.
//! Where the profile plays knocking (Kloepper), a player of the black queens may knock on
//! her turn before trick 2 is led ([`KNOCK`]), and then an opponent may knock back; where
//! it plays a called ace, the holder of every Re card may name a side-suit ace before her
//! first card ([`ACE_BASE`]); where it plays Schweinchen, the holder of both of its cards
//! may declare it before she plays one, then the holder of both Hyperschweinchen cards
//! ([`RAISE_BASE`]), then the holder of both Genscher cards the Genscher raise
//! (`deck.genscher`); where it plays FreeDoko's Genscher, the holder of every ♦K names a
//! partner as she plays the first ([`GENSCHER_BASE`]). A player may call when it
//! is her turn to play, just before her card: every call the rules of calls take then
//! ([`Game::legal_calls`], kept by the same `play::CallState` that checks a record's
//! calls: deadlines, replies, a partner's own Re), in a wedding once the partner is found
//! (or the bride is alone). Each is a legal way to play under every profile; the finished
//! deal is checked by the same play as `doko score` ([`Game::record`]).

use crate::bids::{Bid, BiddingOutcome};
use crate::calls::Call;
use crate::cards::{Card, CardOrder, DISTINCT};
use crate::contract::{Contract, Party};
use crate::deal::full::{CallEntry, Exchange, FullRecord};
use crate::generate::Rng;
use crate::lang::Text;
use crate::msg;
use crate::play::{Declared, PlayedTrick};
use crate::variant::{BiddingWay, Profile};

/// The first id of the calls: ids below are cards.
pub const CALL_BASE: usize = DISTINCT;
/// The id of accepting a poverty: `CALL_BASE` + one id per call level.
pub const ACCEPT: usize = CALL_BASE + 5;
/// The id of declining a poverty.
pub const DECLINE: usize = ACCEPT + 1;
/// The id of knocking (Kloepper: the black queens claim every trick; the opponents knock
/// back).
pub const KNOCK: usize = DECLINE + 1;
/// The first id of calling an ace (Kloepper: the holder of every Re card names a side-suit
/// ace, whose holder partners her), one a suit in [`crate::cards::Suit::ALL`]'s order.
pub const ACE_BASE: usize = KNOCK + 1;
/// The id of declaring Schweinchen (the holder of both Schweinchen cards, `deck.schweinchen`),
/// the next one Hyperschweinchen (after it, the holder of both Hyperschweinchen cards), the
/// next the Genscher raise (after that, the holder of both `deck.genscher` cards).
pub const RAISE_BASE: usize = ACE_BASE + 4;
/// The first id of naming a partner by FreeDoko's Genscher (`contracts.genscher_partner`),
/// one a seat: `GENSCHER_BASE + s` names seat `s`.
pub const GENSCHER_BASE: usize = RAISE_BASE + 3;
/// The first id of the statements.
pub const BID_BASE: usize = GENSCHER_BASE + crate::seating::MAX_SEATS;

/// An action of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A statement of the bidding: its index in [`Game::bid_words`].
    Bid(usize),
    /// A call of the player (its level; a higher call says the lower ones of her party).
    Call(Call),
    /// A card: played, or in a poverty's exchange passed or returned.
    Card(Card),
    /// A poverty accepted (true) or declined, by the player asked.
    Answer(bool),
    /// A knock (or a knock back) before trick 2 is led, where the profile plays knocking.
    Knock,
    /// The side-suit ace of this suit called by the holder of every Re card, before her
    /// first card (`contracts.called_ace`).
    CallAce(crate::cards::Suit),
    /// Schweinchen (0), Hyperschweinchen (1) or the Genscher raise (2) declared by the
    /// holder of both of its cards, before she plays one (`deck.schweinchen`,
    /// `deck.hyperschweinchen`, `deck.genscher`).
    Raise(u8),
    /// FreeDoko's Genscher: the holder of every ♦K names this seat her partner, then plays
    /// her first ♦K (`contracts.genscher_partner`).
    Genscher(usize),
}

/// FreeDoko's Genscher, once named.
#[derive(Debug, Clone)]
struct Genscher {
    holder: usize,
    partner: usize,
    /// The Re seats before it.
    before: Vec<usize>,
    /// The trick of her ♦K (from 0) and how many calls had been made then, once she
    /// played it.
    played: Option<(usize, usize)>,
}

/// Where the deal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The statements are being made.
    Bidding,
    /// The cards are being played.
    Playing,
    /// Every card is played (or the hands were thrown in).
    Over,
    /// A poverty's exchange: the players asked in turn accept or decline, then the poor
    /// player passes her cards and her partner returns as many.
    Exchange,
}

/// A poverty being exchanged ([`Phase::Exchange`]).
#[derive(Debug, Clone)]
struct Poverty {
    poor: usize,
    /// Cards passed and returned.
    want: usize,
    /// The players who declined, in turn from the poor player's left.
    declined: usize,
    partner: Option<usize>,
    passed: Vec<Card>,
    returned: Vec<Card>,
}

/// The things a game starts from.
#[derive(Debug, Clone)]
struct Start {
    table: std::sync::Arc<Table>,
    dealer: usize,
    hands: Vec<Vec<Card>>,
}

/// A table: the profile and the seats, with what every deal at it shares (the statements
/// each seat may make, read once).
#[derive(Debug)]
pub struct Table {
    profile: Profile,
    players: Vec<String>,
    /// Each seat's statements: `[seat][word]`.
    candidates: Vec<Vec<Option<Bid>>>,
    bid_words: std::sync::Arc<[String]>,
}

impl Table {
    /// A table of `players` (seat names; `None`: "P1" … as many as the profile seats).
    pub fn new(profile: Profile, players: Option<Vec<String>>) -> Result<Table, Text> {
        let seats = players
            .as_ref()
            .map_or_else(|| crate::seating::smallest_table(&profile), Vec::len);
        let players =
            players.unwrap_or_else(|| (1..=seats).map(|i| format!("P{i}")).collect::<Vec<_>>());
        // Its statements and calls are entries `<name> <word>`, its record a deal written
        // in full.
        crate::deal::check_written_players(&players)?;
        crate::seating::check_table(&profile, seats).map_err(|e| e.message())?;
        let words = bid_words(&profile);
        let candidates = (0..seats)
            .map(|s| {
                words
                    .iter()
                    .map(|w| Bid::parse(&players, &format!("{} {w}", players[s])).ok())
                    .collect()
            })
            .collect();
        Ok(Table {
            profile,
            players,
            candidates,
            bid_words: words.into(),
        })
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The seat names.
    pub fn players(&self) -> &[String] {
        &self.players
    }
}

/// A deal being played.
#[derive(Debug, Clone)]
pub struct Game {
    start: std::sync::Arc<Start>,
    active: Vec<usize>,
    bid_words: std::sync::Arc<[String]>,
    actions: Vec<Action>,
    bids: Vec<Bid>,
    phase: Phase,
    declared: Option<DeclaredGame>,
    hands: Vec<Vec<Card>>,
    order: CardOrder,
    tricks: Vec<PlayedTrick>,
    winners: Vec<usize>,
    current: PlayedTrick,
    leader: usize,
    calls: Vec<CallEntry>,
    /// The calls made, as the rules of calls keep them (deadlines, replies, callers).
    call_state: crate::play::CallState,
    /// The statements allowed next (seat, word), worked out once a statement is made.
    legal: Vec<(usize, usize)>,
    /// The Re seats and the trick that settled a wedding, as known after the last trick.
    known: Option<(Vec<usize>, Option<usize>)>,
    /// A poverty's exchange, while it is made.
    poverty: Option<Poverty>,
    /// The knock so far (Kloepper).
    knock: Option<crate::deal::Knock>,
    /// After the black queens' knock, the opponents still to be asked whether they knock
    /// back (in turn from the knocker's left), each before play goes on.
    knock_ask: Vec<usize>,
    /// The ace called (Kloepper).
    called: Option<Card>,
    /// Who declared Schweinchen, Hyperschweinchen and the Genscher raise, in order.
    raised: Vec<usize>,
    /// FreeDoko's Genscher, once named.
    genscher: Option<Genscher>,
    /// The game as it stood after the last multiple of [`UNDO_EVERY`] actions below the
    /// actions taken (without its history: how many actions it had is kept beside it):
    /// [`Game::undo`] starts from it, so an undo takes at most that many actions again
    /// however long the game; copies share it.
    base: Option<(usize, std::sync::Arc<Game>)>,
}

/// How many actions apart [`Game::undo`]'s stored games are: an undo takes at most this
/// many actions again, an action stores a copy of the game once in this many.
const UNDO_EVERY: usize = 8;

/// What a player may know of the deal ([`Game::observation`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Observation {
    /// Her seat.
    pub player: usize,
    /// `bidding`, `exchange` (a poverty's), `playing` or `over`.
    pub phase: &'static str,
    /// The seat to act, if any.
    pub to_act: Option<usize>,
    /// Her cards, in the deck's order.
    pub hand: Vec<String>,
    /// The statements so far, as written (`P1 healthy`).
    pub bids: Vec<String>,
    /// The contract, once chosen.
    pub contract: Option<&'static str>,
    /// Its declarer's seat, where it has one.
    pub declarer: Option<usize>,
    /// Her party, where her cards or the play tell it.
    pub party: Option<&'static str>,
    /// The calls so far, as written (`P2 re 12`).
    pub calls: Vec<String>,
    /// The party each call was made for (`re`, `kontra`), as the table hears it: a call
    /// is said for a party ("Re, keine 90"), also where the record's word (`no90`) does
    /// not name it; none for a wedding's `double` before the wedding is settled (nobody
    /// knows the party it counts for yet).
    pub call_parties: Vec<Option<&'static str>>,
    /// The party the winning statement's condition (an auction's `normal no90`) was said
    /// for, once the game is chosen: its calls count for that party.
    pub condition_party: Option<&'static str>,
    /// The tricks played, each card with its player (`P1:CQ`).
    pub tricks: Vec<Vec<String>>,
    /// The trick being played.
    pub trick: Vec<String>,
    /// The knock so far (Kloepper): `re`, or `both` once knocked back.
    pub knock: Option<&'static str>,
    /// The ace called (Kloepper), where one was.
    pub called: Option<String>,
    /// Schweinchen, Hyperschweinchen and the Genscher raise declared so far (0 to 3).
    pub raised: usize,
    /// The seat named partner by FreeDoko's Genscher, once named.
    pub genscher: Option<usize>,
}

/// The game the bidding chose, and what the engine made of it.
#[derive(Debug, Clone)]
struct DeclaredGame {
    contract: Contract,
    declarer: Option<usize>,
    exchange: Option<Exchange>,
    /// How the bride's partner is found, where she chose.
    partner: Option<crate::variant::WeddingPartner>,
    /// The calls the winning statement's condition makes (an auction's `solo-hearts re`)
    /// until the rules of calls take them, once every player knows her party.
    bid_calls: Vec<CallEntry>,
    /// The party the winning statement's condition was said for, where it has one.
    condition: Option<Party>,
}

/// Why [`Game::replay`] refused a record: how many actions were taken before the one
/// refused, and the rule it breaks (the words a record's check gives).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Actions taken before the refused one (0: the record could not start a game).
    pub taken: usize,
    /// Why, in no language yet.
    pub message: Text,
}

impl ReplayError {
    fn at_start(message: Text) -> ReplayError {
        ReplayError { taken: 0, message }
    }
}

impl Game {
    /// A deal under `profile` at a table of `players` (seat names; `None`: "P1" …) with
    /// `dealer` dealing; the hands shuffled from `seed`, or as given (one per seat, empty
    /// for a seat that sits out).
    pub fn new(
        profile: &Profile,
        players: Option<Vec<String>>,
        dealer: usize,
        seed: u64,
        hands: Option<Vec<Vec<Card>>>,
    ) -> Result<Game, Text> {
        let table = Table::new(profile.clone(), players)?;
        Game::deal(&std::sync::Arc::new(table), dealer, seed, hands)
    }

    /// A deal at `table` (shared between deals: nothing of it is copied).
    pub fn deal(
        table: &std::sync::Arc<Table>,
        dealer: usize,
        seed: u64,
        hands: Option<Vec<Vec<Card>>>,
    ) -> Result<Game, Text> {
        let profile = &table.profile;
        let seats = table.players.len();
        if dealer >= seats {
            return Err(msg!("error.game_dealer", dealer = dealer, seats = seats));
        }
        let active = crate::seating::active_seats(seats, dealer, profile.deck.players as usize);
        let mut rng = Rng::new(seed);
        let hands = match hands {
            Some(h) => check_hands(profile, seats, &active, h)?,
            None => deal(profile, seats, &active, &mut rng),
        };
        let start = Start {
            table: table.clone(),
            dealer,
            hands,
        };
        Ok(Game::from_start(std::sync::Arc::new(start)))
    }

    fn from_start(start: std::sync::Arc<Start>) -> Game {
        let p = &start.table.profile;
        let active = crate::seating::active_seats(
            start.table.players.len(),
            start.dealer,
            p.deck.players as usize,
        );
        let bid_words = start.table.bid_words.clone();
        let mut g = Game {
            hands: start.hands.clone(),
            order: crate::play::deal_order(Contract::Normal, p, 0),
            leader: 0,
            active,
            bid_words,
            actions: Vec::new(),
            bids: Vec::new(),
            phase: Phase::Bidding,
            declared: None,
            tricks: Vec::new(),
            winners: Vec::new(),
            current: Vec::new(),
            calls: Vec::new(),
            call_state: crate::play::CallState::default(),
            legal: Vec::new(),
            known: None,
            poverty: None,
            knock: None,
            knock_ask: Vec::new(),
            called: None,
            raised: Vec::new(),
            genscher: None,
            base: None,
            start,
        };
        if g.start.table.profile.bidding.way == BiddingWay::None {
            g.start_play(Contract::Normal, None, None);
        } else {
            g.legal = g.work_out_bids();
        }
        g
    }

    /// The profile played.
    pub fn profile(&self) -> &Profile {
        &self.start.table.profile
    }

    /// The seat names.
    pub fn players(&self) -> &[String] {
        &self.start.table.players
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> usize {
        self.start.dealer
    }

    /// The seats that play, from the dealer's left.
    pub fn active(&self) -> &[usize] {
        &self.active
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The statements a player may make, as written after her name (`healthy`,
    /// `reservation`, `voluntary solo-queens` …): action `BID_BASE + i` is the `i`th.
    pub fn bid_words(&self) -> &[String] {
        &self.bid_words
    }

    /// How many action ids the profile has.
    pub fn action_count(&self) -> usize {
        BID_BASE + self.bid_words.len()
    }

    /// An action's id.
    pub fn action_id(&self, a: Action) -> usize {
        match a {
            Action::Card(c) => c.index(),
            Action::Call(c) => CALL_BASE + usize::from(c.level()),
            Action::Answer(true) => ACCEPT,
            Action::Answer(false) => DECLINE,
            Action::Knock => KNOCK,
            Action::CallAce(s) => ACE_BASE + s as usize,
            Action::Raise(k) => RAISE_BASE + usize::from(k),
            Action::Genscher(s) => GENSCHER_BASE + s,
            Action::Bid(i) => BID_BASE + i,
        }
    }

    /// The action of an id, if the profile has one.
    pub fn action_of(&self, id: usize) -> Option<Action> {
        if id < CALL_BASE {
            Card::from_index(id)
                .filter(|&c| self.start.table.profile.deck().contains(c))
                .map(Action::Card)
        } else if id < ACCEPT {
            Call::from_level((id - CALL_BASE) as u8).map(Action::Call)
        } else if id < KNOCK {
            Some(Action::Answer(id == ACCEPT))
        } else if id < ACE_BASE {
            Some(Action::Knock)
        } else if id < RAISE_BASE {
            Some(Action::CallAce(crate::cards::Suit::ALL[id - ACE_BASE]))
        } else if id < GENSCHER_BASE {
            Some(Action::Raise((id - RAISE_BASE) as u8))
        } else if id < BID_BASE {
            Some(Action::Genscher(id - GENSCHER_BASE))
        } else {
            (id - BID_BASE < self.bid_words.len()).then(|| Action::Bid(id - BID_BASE))
        }
    }

    /// An action's name: the card (`CQ`), the call (`call no90`), the statement.
    pub fn action_name(&self, a: Action) -> String {
        match a {
            Action::Card(c) => c.to_string(),
            Action::Call(c) => format!("call {}", c.word(Party::Re)),
            Action::Answer(true) => "accept".to_string(),
            Action::Answer(false) => "decline".to_string(),
            Action::Knock => "knock".to_string(),
            Action::CallAce(s) => format!("call {}", Card::new(s, crate::cards::Rank::Ace)),
            Action::Raise(0) => "schweinchen".to_string(),
            Action::Raise(1) => "hyperschweinchen".to_string(),
            Action::Raise(_) => "genscher".to_string(),
            Action::Genscher(s) => match self.start.table.players.get(s) {
                Some(name) => format!("genscher {name}"),
                None => format!("genscher {}", s + 1),
            },
            Action::Bid(i) => self.bid_words[i].clone(),
        }
    }

    /// The seat to act; None once the deal is over.
    pub fn current_player(&self) -> Option<usize> {
        match self.phase {
            Phase::Over => None,
            Phase::Playing => Some(self.knock_ask.first().copied().unwrap_or(self.to_play())),
            Phase::Bidding => self.legal.first().map(|&(s, _)| s),
            Phase::Exchange => self.exchanging(),
        }
    }

    fn to_play(&self) -> usize {
        let n = self.active.len();
        let lead = self
            .active
            .iter()
            .position(|&s| s == self.leader)
            .unwrap_or(0);
        self.active[(lead + self.current.len()) % n]
    }

    /// The actions the player to act may take, in id order.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Bidding => self.legal.iter().map(|&(_, i)| Action::Bid(i)).collect(),
            Phase::Exchange => self.exchange_actions(),
            Phase::Playing if !self.knock_ask.is_empty() => {
                vec![Action::Answer(false), Action::Knock]
            }
            Phase::Playing => {
                let seat = self.to_play();
                // A Genscher named: her ♦K comes next.
                if self.genscher.as_ref().is_some_and(|g| g.played.is_none()) {
                    return vec![Action::Card(Card::DIAMOND_KING)];
                }
                let mut out: Vec<Action> = self
                    .legal_cards(seat)
                    .into_iter()
                    .map(Action::Card)
                    .collect();
                out.extend(self.legal_calls(seat).into_iter().map(Action::Call));
                if self.may_knock(seat) {
                    out.push(Action::Knock);
                }
                out.extend(
                    crate::cards::Suit::ALL
                        .into_iter()
                        .filter(|&s| self.may_call_ace(seat, s))
                        .map(Action::CallAce),
                );
                if self.may_raise(seat) {
                    out.push(Action::Raise(self.raised.len() as u8));
                }
                if self.may_genscher(seat) {
                    let others = self.active.iter().filter(|&&s| s != seat);
                    out.extend(others.map(|&s| Action::Genscher(s)));
                }
                out
            }
        }
    }

    /// Takes an action of the player to act; an illegal one is refused with the rule it
    /// breaks, and nothing changes.
    pub fn apply(&mut self, a: Action) -> Result<(), Text> {
        let mut actions = std::mem::take(&mut self.actions);
        // Once in `UNDO_EVERY` actions the game as it stands is kept, for `undo` (and put
        // back where the action is refused); its history stays here.
        let before = actions
            .len()
            .is_multiple_of(UNDO_EVERY)
            .then(|| self.clone());
        let taken = match (self.phase, a) {
            (Phase::Over, _) => Err(msg!("error.game_over")),
            (Phase::Bidding, Action::Bid(i)) => self.bid(i),
            (Phase::Bidding, _) => Err(msg!("error.game_bidding")),
            (Phase::Playing, Action::Bid(_)) => Err(msg!("error.game_bids_over")),
            // The opponents asked whether they knock back answer first.
            (Phase::Playing, Action::Answer(false)) if !self.knock_ask.is_empty() => {
                self.knock_ask.remove(0);
                Ok(())
            }
            (Phase::Playing, Action::Knock) if !self.knock_ask.is_empty() => self.knock(),
            (Phase::Playing, _) if !self.knock_ask.is_empty() => Err(msg!(
                "error.game_knock_back",
                player = self.start.table.players[self.knock_ask[0]].as_str()
            )),
            (Phase::Playing, Action::Call(c)) => self.call(c),
            (Phase::Playing, Action::Card(c)) => self.card(c),
            (Phase::Playing, Action::Answer(_)) => Err(msg!("error.game_no_poverty")),
            (Phase::Playing, Action::Knock) => self.knock(),
            (Phase::Playing, Action::CallAce(s)) => self.call_ace(s),
            (Phase::Playing, Action::Raise(k)) => self.raise(k),
            (Phase::Playing, Action::Genscher(s)) => self.name_genscher(s),
            (Phase::Exchange, a) => self.exchange(a),
        };
        match (&taken, before) {
            (Ok(()), Some(before)) => {
                self.base = Some((actions.len(), std::sync::Arc::new(before)));
            }
            (Err(_), Some(before)) => *self = before,
            // Each step checks before it changes anything.
            _ => {}
        }
        if taken.is_ok() {
            actions.push(a);
        }
        self.actions = actions;
        taken
    }

    /// Takes back the last action (false where there is none): from the game kept at most
    /// 8 actions before (`UNDO_EVERY`), those actions are taken again (not the whole game).
    pub fn undo(&mut self) -> bool {
        let Some((len, base)) = self.base.clone() else {
            return false;
        };
        let mut actions = std::mem::take(&mut self.actions);
        actions.pop();
        let mut g = std::sync::Arc::unwrap_or_clone(base);
        g.actions = actions[..len].to_vec();
        for &a in &actions[len..] {
            // Each was taken before, from the same game: it is taken again.
            let again = g.apply(a);
            debug_assert!(again.is_ok());
        }
        *self = g;
        true
    }

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
    fn step(&mut self, a: Action) -> Result<(), ReplayError> {
        self.apply(a).map_err(|m| self.refused(m))
    }

    /// A replay refused here: the actions taken, and why.
    fn refused(&self, m: Text) -> ReplayError {
        ReplayError {
            taken: self.actions.len(),
            message: m,
        }
    }

    /// A record's statements, replayed ([`Game::replay`]).
    fn replay_bids(&mut self, record: &FullRecord) -> Result<(), ReplayError> {
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
                let why = crate::bids::refusal(&bids, p, &self.active, &names)
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
    fn replay_cards(&mut self, record: &FullRecord) -> Result<(), ReplayError> {
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
                    && self.hands[seat].len() == hand
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
    fn replay_declarations(&self, record: &FullRecord) -> Result<(), ReplayError> {
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
                let hand = &self.hands[s];
                p.holds_every_re_card(|c| hand.iter().filter(|&&h| h == c).count())
            });
            let order = &self.order;
            let refusal = crate::play::called_refusal(p, (contract, order), bride.is_some(), ace);
            if let Some(why) = refusal {
                return Err(self.refused(why));
            }
            // Nobody else holds it: she called her own.
            if let Some(b) = bride
                && !self
                    .active
                    .iter()
                    .any(|&s| s != b && self.hands[s].contains(&ace))
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
    fn replay_raise(&mut self, seat: usize) -> Result<(), ReplayError> {
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
    fn replay_calls(
        &mut self,
        seat: usize,
        calls: &mut Vec<&CallEntry>,
    ) -> Result<(), ReplayError> {
        let in_hand = self.hands[seat].len();
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

    /// The actions taken so far.
    pub fn history(&self) -> &[Action] {
        &self.actions
    }

    /// The deal is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Each seat's hand now.
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The hands as dealt.
    pub fn dealt(&self) -> &[Vec<Card>] {
        &self.start.hands
    }

    /// The statements so far.
    pub fn bids(&self) -> &[Bid] {
        &self.bids
    }

    /// The calls so far.
    pub fn calls(&self) -> &[CallEntry] {
        &self.calls
    }

    /// The tricks played, each card with its seat, and the trick being played.
    pub fn tricks(&self) -> (&[PlayedTrick], &PlayedTrick) {
        (&self.tricks, &self.current)
    }

    /// The contract and its declarer, once the bidding chose them.
    pub fn contract(&self) -> Option<(Contract, Option<usize>)> {
        self.declared.as_ref().map(|d| (d.contract, d.declarer))
    }

    /// The party of `seat` as the hands and the play so far show it (None before the game
    /// is known, or in a wedding before the partner is found, for the others).
    pub fn party(&self, seat: usize) -> Option<Party> {
        self.parties().map(|re| {
            if re.contains(&seat) {
                Party::Re
            } else {
                Party::Kontra
            }
        })
    }

    /// The finished deal as a full record (hands as dealt, bids, exchange, calls and every
    /// trick), played by the same checks as `doko score`; None before it is over.
    pub fn record(&self) -> Option<FullRecord> {
        (self.phase == Phase::Over).then(|| self.build_record())
    }

    /// Each seat's game points under the profile (0 for one who sat out), from the record
    /// played and scored as `doko score` does; None before the deal is over.
    pub fn returns(&self) -> Option<Result<Vec<i64>, Text>> {
        let record = self.record()?;
        Some(score(&record, &self.start.table.profile))
    }

    /// The finished deal as a TOML record file (`players`, `variant`, one `[[deal]]`).
    pub fn record_toml(&self, variant: &str) -> Option<String> {
        let record = self.record()?;
        let mut out = String::new();
        let names: Vec<String> = record.players.iter().map(|p| format!("{p:?}")).collect();
        out.push_str(&format!(
            "variant = {variant:?}\nplayers = [{}]\n\n",
            names.join(", ")
        ));
        crate::generate::write_toml_deal(&record, &mut out);
        Some(out)
    }

    // ----- what a player sees -----

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
    fn own_party(&self, seat: usize) -> Option<Party> {
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

    // ----- bidding -----

    /// Every (seat, statement) the bidding allows next: one seat's.
    fn work_out_bids(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut bids = self.bids.clone();
        for &seat in &self.active {
            for i in 0..self.bid_words.len() {
                if self.bid_ok(seat, i, &mut bids) {
                    out.push((seat, i));
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        out
    }

    /// Statement `i` of `seat` after `bids` (the statements so far; left as they were).
    fn bid_ok(&self, seat: usize, i: usize, bids: &mut Vec<Bid>) -> bool {
        let Some(bid) = self.start.table.candidates[seat][i].clone() else {
            return false;
        };
        bids.push(bid);
        let ok = self.bid_ok_last(seat, bids);
        bids.pop();
        ok
    }

    fn bid_ok_last(&self, seat: usize, bids: &[Bid]) -> bool {
        let names = &self.start.table.players;
        match crate::bids::outcome(bids, &self.start.table.profile, &self.active, names) {
            BiddingOutcome::Refused => false,
            BiddingOutcome::Open => self.hand_allows(seat, &bids[bids.len() - 1]),
            BiddingOutcome::Decided(d) => {
                if !self.hand_allows(seat, &bids[bids.len() - 1]) {
                    return false;
                }
                // A normal game or a solo is played by any hands; the rest (an exchange,
                // a partner, a redeal) is tried out.
                if d.contract == Contract::Normal || d.contract.is_declared_solo() {
                    return true;
                }
                // Where it ends the bidding, the whole deal must be playable: tried to the
                // end with the first legal card each turn, and played by the record's
                // checks.
                let mut g = self.clone();
                g.push_bid(bids[bids.len() - 1].clone());
                if g.phase == Phase::Bidding {
                    return true;
                }
                g.finish_quickly();
                g.record()
                    .is_some_and(|r| crate::play::play(&r, &g.start.table.profile).is_ok())
            }
        }
    }

    /// Adds a statement; where it decides the game and nobody can say more, the play
    /// begins.
    fn push_bid(&mut self, bid: Bid) {
        self.bids.push(bid);
        let names = &self.start.table.players;
        let decided =
            crate::bids::outcome(&self.bids, &self.start.table.profile, &self.active, names);
        self.legal = self.work_out_bids();
        if let BiddingOutcome::Decided(d) = decided
            && self.legal.is_empty()
        {
            self.start_play(d.contract, d.declarer, Some(d));
        }
    }

    /// What the hand must hold for the game a statement names
    /// ([`crate::play::statement_fits`]).
    fn hand_allows(&self, seat: usize, bid: &Bid) -> bool {
        bid.game().is_none_or(|game| {
            let p = &self.start.table.profile;
            crate::play::statement_fits(p, &self.active, &self.start.hands, seat, game.contract)
        })
    }

    fn bid(&mut self, i: usize) -> Result<(), Text> {
        let Some(&(seat, _)) = self.legal.iter().find(|&&(_, k)| k == i) else {
            let names = self.start.table.players.clone();
            let who = self.legal.first().map(|&(s, _)| s);
            let word = self.bid_words.get(i).cloned().unwrap_or_default();
            return Err(match who {
                Some(s) => {
                    let mut bids = self.bids.clone();
                    let said = format!("{} {word}", names[s]);
                    match Bid::parse(&names, &said) {
                        Ok(b) => {
                            bids.push(b);
                            crate::bids::refusal(
                                &bids,
                                &self.start.table.profile,
                                &self.active,
                                &names,
                            )
                            .unwrap_or_else(|| msg!("error.game_bid_hand", statement = said))
                        }
                        Err(e) => e,
                    }
                }
                None => msg!("error.game_bids_over"),
            });
        };
        let bid = self.start.table.candidates[seat][i]
            .clone()
            .ok_or_else(|| msg!("error.game_bids_over"))?;
        self.push_bid(bid);
        Ok(())
    }

    // ----- play -----

    /// The play begins: the game `contract` of `declarer`, as the bidding decided it
    /// (`decided`: its partner rule and condition), where it decided one.
    fn start_play(
        &mut self,
        contract: Contract,
        declarer: Option<usize>,
        decided: Option<crate::bids::Decided>,
    ) {
        let start = self.start.clone();
        let p = &start.table.profile;
        if contract == Contract::Poverty
            && let Some(poor) = declarer
            && self.poverty.is_none()
            && let Some(want) = crate::play::poverty_cards(p, &self.hands[poor])
        {
            // The players decide: who accepts, what is passed and returned.
            self.declared = Some(DeclaredGame {
                contract,
                declarer,
                exchange: None,
                partner: None,
                bid_calls: Vec::new(),
                condition: None,
            });
            let partner = crate::play::forced_poverty_partner(p, &self.active, &self.hands, poor);
            self.poverty = Some(Poverty {
                poor,
                want,
                declined: 0,
                partner,
                passed: Vec::new(),
                returned: Vec::new(),
            });
            self.phase = Phase::Exchange;
            return;
        }
        let hands = self.hands.clone();
        let exchange = self.poverty.take().map(|x| Exchange {
            partner: x.partner.unwrap_or(x.poor),
            passed: x.passed,
            returned: x.returned,
        });
        self.hands = hands;
        self.order = crate::play::deal_order(contract, p, 0);
        self.leader = crate::seating::first_leader(p, &self.active, contract, declarer, false);
        self.declared = Some(DeclaredGame {
            contract,
            declarer: declarer.filter(|_| contract != Contract::Normal),
            exchange,
            partner: decided.and_then(|d| d.partner),
            bid_calls: Vec::new(),
            condition: None,
        });
        self.phase = if contract == Contract::Redeal {
            Phase::Over
        } else {
            Phase::Playing
        };
        self.know();
        // The condition of the winning statement: her party's calls, with a full hand.
        let party = declarer.or(decided.and_then(|d| d.winner.map(|w| self.bids[w].player)));
        let (calls, condition) = match (decided, party) {
            (Some(d), Some(bidder)) => {
                let party = self.party(bidder);
                let calls = crate::play::condition_calls(&self.bids, p, Some(&d), party);
                let condition = party.filter(|_| !calls.is_empty());
                (calls, condition)
            }
            _ => (Vec::new(), None),
        };
        if let Some(g) = &mut self.declared {
            g.condition = condition;
            g.bid_calls = calls;
        }
        self.take_calls();
    }

    // ----- a poverty's exchange -----

    /// The seat to act in a poverty's exchange: the player asked, the poor player passing,
    /// her partner returning.
    fn exchanging(&self) -> Option<usize> {
        let x = self.poverty.as_ref()?;
        Some(match x.partner {
            None => self.asked(x)?,
            Some(_) if x.passed.len() < x.want => x.poor,
            Some(partner) => partner,
        })
    }

    /// The player asked now (`play::poverty_asked`).
    fn asked(&self, x: &Poverty) -> Option<usize> {
        crate::play::poverty_asked(&self.active, x.poor, x.declined)
    }

    /// What the seat to act may do in the exchange: accept (where she could return the
    /// cards) or decline; pass a card (every trump among the cards passed); return a card
    /// (no trump where the profile forbids it).
    fn exchange_actions(&self) -> Vec<Action> {
        let (Some(x), Some(seat)) = (self.poverty.as_ref(), self.exchanging()) else {
            return Vec::new();
        };
        let p = &self.start.table.profile;
        let mut cards: Vec<Card> = match x.partner {
            None => {
                let trumps = crate::play::trumps_in(&self.hands[x.poor], p, true);
                let mut out = Vec::new();
                if crate::play::can_return(p, &self.hands[seat], x.want, trumps) {
                    out.push(Action::Answer(true));
                }
                out.push(Action::Answer(false));
                return out;
            }
            Some(_) if x.passed.len() < x.want => {
                let hand = &self.hands[x.poor];
                let left = x.want - x.passed.len();
                hand.iter()
                    .copied()
                    .filter(|&c| crate::play::passable(p, hand, left, c))
                    .collect()
            }
            Some(partner) => self.hands[partner]
                .iter()
                .copied()
                .filter(|&c| crate::play::returnable(p, c))
                .collect(),
        };
        cards.sort_unstable();
        cards.dedup();
        cards.into_iter().map(Action::Card).collect()
    }

    /// Takes an action of the exchange; once the cards are back the play begins, and a
    /// poverty every player declined is thrown in (dealt again: a redeal that the record
    /// writes as the poverty with neither an exchange nor tricks).
    fn exchange(&mut self, a: Action) -> Result<(), Text> {
        if !self.exchange_actions().contains(&a) {
            let seat = self.exchanging().unwrap_or(0);
            let name = self.start.table.players[seat].as_str();
            return Err(match a {
                Action::Answer(true) => msg!("error.game_cannot_return", player = name),
                Action::Card(c) if !self.hands[seat].contains(&c) => {
                    msg!("error.not_in_hand", player = name, card = c)
                }
                Action::Card(c) => msg!("error.game_exchange_card", player = name, card = c),
                _ => msg!("error.game_exchange"),
            });
        }
        let seat = self.exchanging().unwrap_or(0);
        let Some(x) = self.poverty.as_mut() else {
            return Err(msg!("error.game_exchange"));
        };
        match a {
            Action::Answer(true) => x.partner = Some(seat),
            Action::Answer(false) => {
                x.declined += 1;
                if crate::play::poverty_asked(&self.active, x.poor, x.declined).is_none() {
                    // Nobody accepted: the hands are thrown in.
                    self.poverty = None;
                    self.phase = Phase::Over;
                }
            }
            Action::Card(c) => {
                let hand = &mut self.hands[seat];
                if let Some(k) = hand.iter().position(|&h| h == c) {
                    hand.remove(k);
                }
                if x.passed.len() < x.want {
                    x.passed.push(c);
                    if x.passed.len() == x.want
                        && let Some(partner) = x.partner
                    {
                        let passed = x.passed.clone();
                        self.hands[partner].extend(passed);
                    }
                } else {
                    x.returned.push(c);
                    if x.returned.len() == x.want {
                        let (poor, returned) = (x.poor, x.returned.clone());
                        self.hands[poor].extend(returned);
                        let d = self.declared.as_ref().and_then(|d| d.declarer);
                        self.start_play(Contract::Poverty, d, None);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    // ----- knocking -----

    /// The knock `seat` would make now (`play::knock_now`).
    fn knock_by(&self, seat: usize) -> Option<crate::deal::Knock> {
        let moment = (self.tricks.len(), self.current.is_empty());
        let p = &self.start.table.profile;
        crate::play::knock_now(p, moment, self.knock, self.party(seat)?)
    }

    /// May `seat` knock now, as the rules of knocking take it ([`crate::play::check_knock`],
    /// which checks a record's knock too)?
    fn may_knock(&self, seat: usize) -> bool {
        self.knock_by(seat).is_some_and(|k| {
            let re = self.parties().map_or(0, |r| r.len());
            crate::play::check_knock(Some(k), &self.start.table.profile, re).is_ok()
        })
    }

    fn knock(&mut self) -> Result<(), Text> {
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

    // ----- Schweinchen and Hyperschweinchen -----

    /// May `seat` declare the next of Schweinchen, Hyperschweinchen and the Genscher raise
    /// now (`play::raise_allowed`)?
    fn may_raise(&self, seat: usize) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        let p = &self.start.table.profile;
        crate::play::raise_allowed(p, d.contract, self.raised.len(), &self.hands[seat])
    }

    // ----- FreeDoko's Genscher -----

    /// May `seat` name a partner by FreeDoko's Genscher now (`play::genscher_callable`;
    /// one a deal)?
    fn may_genscher(&self, seat: usize) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        let re = self.parties().map_or(0, |r| r.len());
        let king = self.legal_cards(seat).contains(&Card::DIAMOND_KING);
        self.genscher.is_none()
            && crate::play::genscher_callable(
                &self.start.table.profile,
                d.contract,
                re,
                &self.hands[seat],
                king,
            )
    }

    fn name_genscher(&mut self, partner: usize) -> Result<(), Text> {
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
    fn genscher_played(&mut self, trick: usize) {
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
            let _ = state.take_before_genscher(&deal, p, e, then, Some(party_in(&now, e.player)));
        }
        self.call_state = state;
    }

    /// `seat` plays `card` in the trick of a Genscher, after it: the calls she made just
    /// before it are written `before` her card (`P3 no90 10 before P3:HA@5`), which places
    /// them after the Genscher for the check of the record (without it, a call of a player
    /// who had not yet played to that trick counts as made before the Genscher).
    fn mark_after_genscher(&mut self, seat: usize, card: Card) {
        let Some((t, from)) = self.genscher.as_ref().and_then(|g| g.played) else {
            return;
        };
        if t != self.tricks.len() {
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
    fn genscher_re(&self) -> bool {
        self.start.table.profile.contracts.genscher_party == crate::variant::GenscherParty::Re
            && self.genscher.as_ref().is_some_and(|g| g.played.is_some())
    }

    fn raise(&mut self, k: u8) -> Result<(), Text> {
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
        Ok(())
    }

    // ----- a called ace -----

    /// May `seat` call the ace of `suit` now (`play::ace_callable`; one a deal)?
    fn may_call_ace(&self, seat: usize, suit: crate::cards::Suit) -> bool {
        let Some(d) = self.declared.as_ref() else {
            return false;
        };
        let p = &self.start.table.profile;
        let played = self.hands[seat].len() < p.hand_size();
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

    fn call_ace(&mut self, suit: crate::cards::Suit) -> Result<(), Text> {
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

    /// The cards `seat` may play now: any at the lead, else the led suit where she holds it.
    pub fn legal_cards(&self, seat: usize) -> Vec<Card> {
        let hand = &self.hands[seat];
        let led = self.current.first().map(|&(_, led)| led);
        let mask = self.order.playable(hand, led);
        let mut cards: Vec<Card> = (0..hand.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| hand[i])
            .collect();
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// The Re seats as known now (a wedding's partner once found).
    fn parties(&self) -> Option<Vec<usize>> {
        self.known.as_ref().map(|(re, _)| re.clone())
    }

    /// Works out the parties and a wedding's settling trick after a trick (or at the start).
    fn know(&mut self) {
        let known = self
            .work_out_parties()
            .map(|re| (re, self.work_out_settled()));
        self.known = known;
    }

    fn work_out_parties(&self) -> Option<Vec<usize>> {
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
        crate::play::re_party(
            p,
            &self.active,
            [&self.hands_with_played(), &self.start.hands],
            &declared,
            (&crate::play::seen_in(&self.tricks, &self.winners), 0),
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
    fn hands_with_played(&self) -> Vec<Vec<Card>> {
        let mut hands = self.hands.clone();
        for (s, c) in self.tricks.iter().flatten().chain(&self.current) {
            if let Some(s) = s {
                hands[*s].push(*c);
            }
        }
        hands
    }

    /// The trick that settled a wedding, once it is settled (0 in other contracts).
    fn settled(&self) -> Option<usize> {
        self.known.as_ref().and_then(|(_, s)| *s)
    }

    fn work_out_settled(&self) -> Option<usize> {
        let d = self.declared.as_ref()?;
        if d.contract != Contract::Wedding {
            return Some(0);
        }
        let bride = d.declarer?;
        let p = &self.start.table.profile;
        let seen = crate::play::seen_in(&self.tricks, &self.winners);
        crate::play::wedding_settled(p, d.partner, &self.order, bride, &seen)
    }

    /// What the rules of calls read of this deal, once its game is known and every player
    /// knows her party (a wedding settled).
    fn call_deal(&self) -> Option<crate::play::CallDeal<'_>> {
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
    fn unsettled_wedding(&self) -> bool {
        self.declared
            .as_ref()
            .is_some_and(|d| d.contract == Contract::Wedding)
            && self.settled().is_none()
    }

    /// The `double` of `seat` now (`calls.wedding_double`): Re or Kontra, whichever party
    /// she ends in.
    fn double_entry(&self, seat: usize) -> CallEntry {
        let mut e = self.call_entry(seat, Call::Announce, Party::Re);
        e.said_as = None;
        e.text = format!(
            "{} double {}",
            self.start.table.players[seat], e.cards_in_hand
        );
        e
    }

    /// The calls `seat` may make in a wedding not yet settled where calls are not delayed:
    /// the bride hers (she is Re), any other player, who does not know her party yet,
    /// `double` where the profile has it (once, and only where the rules would take it
    /// for either party).
    fn unsettled_calls(&self, seat: usize, deal: &crate::play::CallDeal) -> Option<Vec<Call>> {
        if !self.unsettled_wedding() || deal.declarer == Some(seat) {
            return None;
        }
        // The rules of calls say when a `double` is taken (`calls.wedding_double`, not the
        // bride, before the wedding is settled, once); offered where they would take it
        // for either party, since she does not know hers.
        // Her own `double` made earlier waits, untaken, until the wedding is settled: once.
        let p = &self.start.table.profile;
        let e = self.double_entry(seat);
        let said = self.calls.iter().any(|c| c.player == seat);
        let double = !said
            && [Party::Re, Party::Kontra]
                .into_iter()
                .all(|party| self.call_state.allows(deal, p, &e, (party, false)));
        Some(if double {
            vec![Call::Announce]
        } else {
            Vec::new()
        })
    }

    /// Takes the winning statement's condition, then the calls made so far, into the rules
    /// of calls afresh, each for the party its caller is in, as the check of a record takes
    /// them: once every player knows her party (as play starts, or once a wedding is
    /// settled, with a `double` or the bride's calls made before).
    fn take_calls(&mut self) {
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
            // checks (`bid_ok_last`), a call where the rules took it then (for either
            // party, a `double`).
            let _ = state.take(&deal, p, e, party, false);
        }
        self.call_state = state;
        if let Some(g) = &mut self.declared {
            g.bid_calls.clear();
        }
    }

    /// The call `seat` would make now with `call`: before her card, with her cards in hand.
    fn call_entry(&self, seat: usize, call: Call, party: Party) -> CallEntry {
        let in_hand = self.hands[seat].len();
        CallEntry {
            player: seat,
            call,
            said_as: (call == Call::Announce).then_some(party),
            cards_in_hand: in_hand as u8,
            before: None,
            at: None,
            text: format!(
                "{} {} {in_hand}",
                self.start.table.players[seat],
                call.word(party)
            ),
        }
    }

    /// The calls `seat` may make before her card, as the rules of calls take them
    /// (`play::CallState`, the same as `doko score` checks a record by): her Re
    /// or Kontra (also as a reply, also where her partner said it already), and each call
    /// above her party's highest that is still in time (a higher call says the lower ones
    /// too). A call that would say nothing new is not offered. None before her party is
    /// known to her (a wedding not yet settled).
    pub fn legal_calls(&self, seat: usize) -> Vec<Call> {
        let Some(deal) = self.call_deal() else {
            return Vec::new();
        };
        if let Some(calls) = self.unsettled_calls(seat, &deal) {
            return calls;
        }
        let Some(party) = self.party(seat) else {
            return Vec::new();
        };
        let p = &self.start.table.profile;
        let highest = self.call_state.highest(party).map(Call::level);
        let said = self
            .calls
            .iter()
            .any(|e| e.player == seat && e.call == Call::Announce);
        (0..p.calls.levels)
            .filter_map(Call::from_level)
            .filter(|c| match highest {
                Some(h) => c.level() > h || (*c == Call::Announce && !said),
                None => true,
            })
            .filter(|&c| {
                let e = self.call_entry(seat, c, party);
                let after = self.genscher_re();
                self.call_state.allows(&deal, p, &e, (party, after))
            })
            .collect()
    }

    fn call(&mut self, c: Call) -> Result<(), Text> {
        let seat = self.to_play();
        if !self.legal_calls(seat).contains(&c) {
            // Why the rules refuse it, where they do.
            let why = match (self.call_deal(), self.party(seat)) {
                (Some(deal), Some(party)) => {
                    let e = self.call_entry(seat, c, party);
                    let p = &self.start.table.profile;
                    let after = self.genscher_re();
                    let refused = self.call_state.clone().take(&deal, p, &e, party, after);
                    // Worded as the check of a record words it: the call, then why.
                    refused
                        .err()
                        .map(|m| msg!("error.quoted", text = e.text.clone(), message = m))
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
            let mut state = self.call_state.clone();
            state
                .take(&deal, &self.start.table.profile, &e, party, after)
                .map_err(|m| msg!("error.quoted", text = e.text.clone(), message = m))?;
            self.call_state = state;
        }
        self.calls.push(e);
        Ok(())
    }

    fn card(&mut self, c: Card) -> Result<(), Text> {
        let seat = self.to_play();
        let name = self.start.table.players[seat].as_str();
        let Some(k) = self.hands[seat].iter().position(|&h| h == c) else {
            return Err(self.not_held(seat, c));
        };
        let genscher_king = self.genscher.as_ref().is_some_and(|g| g.played.is_none());
        if genscher_king && c != Card::DIAMOND_KING {
            return Err(msg!("error.game_genscher_king", player = name));
        }
        if !self.legal_cards(seat).contains(&c) {
            let led = self.current.first().map(|&(_, l)| self.order.play_suit(l));
            let held = self.legal_cards(seat).first().copied();
            if let (Some(led), Some(held)) = (led, held) {
                return Err(msg!(
                    "error.revoke",
                    player = name,
                    card = c,
                    led = led,
                    held = held
                ));
            }
        }
        self.hands[seat].swap_remove(k);
        self.mark_after_genscher(seat, c);
        self.current.push((Some(seat), c));
        if genscher_king {
            self.genscher_played(self.tricks.len());
        }
        if self.current.len() == self.active.len() {
            let cards: Vec<Card> = self.current.iter().map(|&(_, c)| c).collect();
            let p = &self.start.table.profile;
            let last = self.tricks.len() + 1 == p.hand_size();
            let w = self
                .order
                .trick_winner_dullen(&cards, crate::play::dullen_applies(p, last));
            let winner = self.current[w].0.unwrap_or(self.leader);
            self.tricks.push(std::mem::take(&mut self.current));
            self.winners.push(winner);
            self.leader = winner;
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
    fn not_held(&self, seat: usize, c: Card) -> Text {
        let p = &self.start.table.profile;
        let in_deck = p.in_deck()[c.index()];
        if in_deck == 0 {
            return msg!("error.not_in_deck", card = c, profile = p.name.as_str());
        }
        let played = self.tricks.iter().flatten().chain(&self.current);
        let copies = played.filter(|(_, x)| *x == c).count() + 1;
        crate::play::too_many_copies(c, copies as u8, in_deck).unwrap_or_else(|| {
            let name = self.start.table.players[seat].as_str();
            msg!("error.not_in_hand", player = name, card = c)
        })
    }

    /// Plays the deal out with the first legal card each turn and no calls (the check of
    /// a statement that ends the bidding).
    fn finish_quickly(&mut self) {
        // A poverty's exchange: the first who may accepts, the first cards go.
        while self.phase == Phase::Exchange {
            let Some(&a) = self.exchange_actions().first() else {
                return;
            };
            if self.exchange(a).is_err() {
                return;
            }
        }
        while self.phase == Phase::Playing {
            let seat = self.to_play();
            let Some(&c) = self.legal_cards(seat).first() else {
                return;
            };
            if self.card(c).is_err() {
                return;
            }
        }
    }

    fn build_record(&self) -> FullRecord {
        let d = self.declared.clone().unwrap_or(DeclaredGame {
            contract: Contract::Normal,
            declarer: None,
            exchange: None,
            partner: None,
            bid_calls: Vec::new(),
            condition: None,
        });
        FullRecord {
            number: 1,
            players: self.start.table.players.clone(),
            dealer: self.start.dealer,
            dealer_written: true,
            contract: d.contract,
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
            tricks: self.tricks.iter().cloned().collect(),
            bids: self.bids.clone().into(),
            ..FullRecord::default()
        }
    }
}

/// Plays and scores a record as `doko score` does a one-deal file: each seat's points.
fn score(record: &FullRecord, profile: &Profile) -> Result<Vec<i64>, Text> {
    let facts = crate::play::play(record, profile).map_err(|e| e.message)?;
    let mut session = crate::scoring::Session::new(record.players.clone());
    Ok(session.score(&facts, profile).0.scores)
}

/// The statements of the profile's way of bidding that a player may make, as written after
/// her name: the ids of the bidding actions.
pub fn bid_words(profile: &Profile) -> Vec<String> {
    let games: Vec<Contract> = Contract::all()
        .filter(|&c| profile.allows(c) && !matches!(c, Contract::Normal | Contract::SilentSolo))
        .collect();
    let solo = |c: Contract| c.is_declared_solo();
    let mut words: Vec<String> = Vec::new();
    match profile.bidding.way {
        BiddingWay::None => {}
        BiddingWay::Reservation => {
            words.extend(["healthy", "reservation", "pass"].map(String::from));
            for &c in &games {
                words.push(if solo(c) {
                    format!("voluntary {}", c.name())
                } else {
                    c.name().to_string()
                });
            }
        }
        BiddingWay::Auction => {
            // Pass, or a game (a normal game too) with a condition (a call of the bidder's
            // party, `re` to the highest call the profile plays; not on a redeal, which
            // has no party), a wedding with the way its partner is found where the
            // profile lets the bride choose (docs/formats.md section 8).
            words.push("pass".into());
            let conditions: Vec<&str> = (0..profile.calls.levels)
                .filter_map(Call::from_level)
                .map(|c| c.word(Party::Re))
                .collect();
            let chosen = &profile.contracts.wedding_partner;
            let partners: Vec<String> = if chosen.len() > 1 {
                chosen
                    .iter()
                    .filter(|w| !matches!(w, crate::variant::WeddingPartner::NthTrick { .. }))
                    .map(ToString::to_string)
                    .collect()
            } else {
                Vec::new()
            };
            for c in std::iter::once(Contract::Normal).chain(games.iter().copied()) {
                let conds = if c == Contract::Redeal {
                    &[][..]
                } else {
                    &conditions[..]
                };
                let ways = if c == Contract::Wedding {
                    &partners[..]
                } else {
                    &[][..]
                };
                for cond in std::iter::once(None).chain(conds.iter().map(Some)) {
                    for way in std::iter::once(None).chain(ways.iter().map(Some)) {
                        let mut w = c.name().to_string();
                        for part in [cond.copied(), way.map(String::as_str)]
                            .into_iter()
                            .flatten()
                        {
                            w.push(' ');
                            w.push_str(part);
                        }
                        words.push(w);
                    }
                }
            }
        }
        BiddingWay::Declarations => {
            words.push("healthy".into());
            for &c in &games {
                words.push(if solo(c) {
                    format!("reservation voluntary {}", c.name())
                } else {
                    format!("reservation {}", c.name())
                });
            }
        }
    }
    words
}

/// Deals shuffled hands from the profile's deck; a hand no game of the profile can play
/// (a lone holder of every Re card without a wedding or silent solo: no ace is called
/// here) is dealt again, as `doko generate` does.
fn deal(profile: &Profile, seats: usize, active: &[usize], rng: &mut Rng) -> Vec<Vec<Card>> {
    let lone_playable = profile.allows(Contract::Wedding) || profile.allows(Contract::SilentSolo);
    crate::generate::shuffle_hands(profile, seats, active, lone_playable, rng)
}

/// Hands given: one per seat, a full hand for each seat that plays, none for one who sits
/// out, together the deck.
fn check_hands(
    profile: &Profile,
    seats: usize,
    active: &[usize],
    hands: Vec<Vec<Card>>,
) -> Result<Vec<Vec<Card>>, Text> {
    if hands.len() != seats {
        return Err(msg!("error.game_hands", hands = hands.len(), seats = seats));
    }
    for (s, h) in hands.iter().enumerate() {
        let want = if active.contains(&s) {
            profile.hand_size()
        } else {
            0
        };
        if h.len() != want {
            return Err(msg!(
                "error.game_hand_size",
                seat = s,
                cards = h.len(),
                want = want
            ));
        }
    }
    let mut all: Vec<Card> = hands.iter().flatten().copied().collect();
    let mut deck = profile.deck().cards();
    all.sort_unstable();
    deck.sort_unstable();
    if all != deck {
        return Err(msg!("error.game_hands_deck", profile = profile.name));
    }
    Ok(hands)
}
