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
//! are thrown in (the record is a redeal whose statements decide the poverty, with neither
//! an exchange nor tricks). Under
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

pub mod analyze;
pub mod bidding;
pub mod declare;
pub mod generate;
pub mod observe;
pub mod replay;
pub mod search;
pub mod tricks;
pub mod undo;
pub mod world;

/// A full record played to its facts, as `doko score` checks one: the record check of the
/// same rules the machine steps through.
pub use crate::play::play;
pub use crate::seating::{MAX_SEATS, Rotation, largest_table, sits_out, smallest_table};
pub use search::{Budget, Weighed};
// The record check's parts, for the crate's own tests and benchmarks.
#[doc(hidden)]
pub use crate::play::{
    Alike, PlayMemo, apply_bids, deal_order, decide_bids, declared_raises, derives_alike,
    play_decided, play_kept, replay, replay_decided, same_game, trumps_in,
};

use crate::bids::Bid;
use crate::calls::Call;
use crate::cards::{Card, CardOrder, DISTINCT};
use crate::contract::{Contract, Party};
use crate::deal::full::{CallEntry, Exchange, FullRecord};
use crate::lang::Text;
use crate::machine::auction::bid_words;
use crate::msg;
use crate::play::{Declared, PlayedTrick};
use crate::rng::Rng;
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
    /// The cards passed, by their ids in the deck, until they are handed over.
    passed_ids: u64,
    /// The cards returned, likewise.
    returned_ids: u64,
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
    /// The profile compiled for the deal machine, which plays the cards.
    rules: crate::machine::Ruleset,
    /// What the rules of bidding say of each statement ([`bidding::Verdicts`]), kept for
    /// the biddings met at this table: they do not depend on the hands.
    verdicts: bidding::VerdictCache,
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
            rules: crate::machine::Ruleset::of(&profile).clone(),
            verdicts: bidding::VerdictCache::default(),
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
    /// The statements so far, as the rules of bidding keep them.
    auction: crate::machine::auction::Auction,
    phase: Phase,
    declared: Option<DeclaredGame>,
    order: CardOrder,
    /// The deal in the deal machine (places: `active`'s order): the hands from the deal
    /// on (a poverty's exchange moves cards between them), then the play of the cards:
    /// which cards may be played, who wins each trick, the cards played.
    deal: crate::machine::Deal,
    /// The last card's delta in the machine, for its undo step.
    last_card: Option<crate::machine::Delta>,
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
    /// What each action taken changed, for [`Game::undo`] (one a taken action).
    steps: Vec<undo::Step>,
}

/// What a player may know of the deal ([`Game::observation`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Observation {
    /// Her seat.
    pub player: usize,
    /// `bidding`, `exchange` (a poverty's), `playing` or `over`.
    pub phase: &'static str,
    /// The seat to act, if any.
    pub to_act: Option<usize>,
    /// The dealer's seat (at a table of five to seven it tells who sits out).
    pub dealer: usize,
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
        // Room for a deal's actions and tricks from the start: no vector grows in play.
        let (hand, players) = (p.hand_size(), active.len());
        let most = hand * players + 4 * players + 16;
        // The machine holds the hands from the deal on (the hands are the deck's: dealt by
        // it, or checked against it).
        let rules = &start.table.rules;
        let mut masks = [0u64; crate::machine::MAX_PLACES];
        let mut taken = 0u64;
        for (m, &s) in masks.iter_mut().zip(&active) {
            *m = rules.hand_mask(&start.hands[s], taken).unwrap_or(0);
            taken |= *m;
        }
        let places = active.len().min(masks.len());
        let normal = rules.order_for(Contract::Normal, 0);
        let mut g = Game {
            order: crate::play::deal_order(Contract::Normal, p, 0),
            deal: crate::machine::Deal::new(rules, &masks[..places], 0, normal),
            last_card: None,
            active,
            bid_words,
            actions: Vec::with_capacity(most),
            bids: Vec::with_capacity(2 * players),
            auction: crate::machine::auction::Auction::new(),
            phase: Phase::Bidding,
            declared: None,
            calls: Vec::with_capacity(8),
            call_state: crate::play::CallState::default(),
            legal: Vec::new(),
            known: None,
            poverty: None,
            knock: None,
            knock_ask: Vec::new(),
            called: None,
            raised: Vec::new(),
            genscher: None,
            steps: Vec::with_capacity(most),
            start,
        };
        if g.start.table.profile.bidding.way == BiddingWay::None {
            g.start_play(Contract::Normal, None, None);
        } else {
            g.work_out_statements();
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
                .filter(|&c| self.start.table.profile.in_deck()[c.index()] > 0)
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

    /// The seat whose card comes next: the machine's place to move, named by its seat.
    fn to_play(&self) -> usize {
        self.seat_of(self.deal.to_move())
    }

    /// The actions the player to act may take, in id order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Game::legal_actions`] into `out` (cleared first): a caller that keeps its vector
    /// allocates nothing here.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Bidding => out.extend(self.legal.iter().map(|&(_, i)| Action::Bid(i))),
            Phase::Exchange => out.extend(self.exchange_actions()),
            Phase::Playing if !self.knock_ask.is_empty() => {
                out.extend([Action::Answer(false), Action::Knock]);
            }
            Phase::Playing => {
                let seat = self.to_play();
                // A Genscher named: her ♦K comes next.
                if self.genscher.as_ref().is_some_and(|g| g.played.is_none()) {
                    out.push(Action::Card(Card::DIAMOND_KING));
                    return;
                }
                out.extend(tricks::cards_of(self.legal_card_kinds(seat)).map(Action::Card));
                out.extend(tricks::calls_of(self.legal_call_levels(seat)).map(Action::Call));
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
            }
        }
    }

    /// Takes an action of the player to act; an illegal one is refused with the rule it
    /// breaks, and nothing changes.
    pub fn apply(&mut self, a: Action) -> Result<(), Text> {
        // The history stays out of any copy kept for undo.
        let mut actions = std::mem::take(&mut self.actions);
        let mut steps = std::mem::take(&mut self.steps);
        let step = self.step_for(a);
        let whole = step.is_none().then(|| std::sync::Arc::new(self.clone()));
        let taken = self.take(a);
        // What a card changed in the machine goes to its step (and stays nowhere else).
        let card = self.last_card.take();
        match (&taken, step, whole) {
            (Ok(()), Some(mut step), _) => {
                if let undo::Step::Card { delta, .. } = &mut step {
                    *delta = card;
                }
                actions.push(a);
                steps.push(step);
            }
            (Ok(()), None, Some(before)) => {
                actions.push(a);
                steps.push(undo::Step::Whole(before));
            }
            // Each step checks before it changes anything; a copy kept is put back all the
            // same.
            (Err(_), _, Some(before)) => *self = std::sync::Arc::unwrap_or_clone(before),
            _ => {}
        }
        self.actions = actions;
        self.steps = steps;
        taken
    }

    /// [`Game::apply`] without its history.
    fn take(&mut self, a: Action) -> Result<(), Text> {
        match (self.phase, a) {
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
        }
    }

    /// The seat whose card stands highest in the trick being played, who would take it if
    /// it ended now (none before its first card): the machine's.
    pub fn trick_taker_now(&self) -> Option<usize> {
        self.deal.taking().map(|place| self.seat_of(place))
    }

    /// The seat at `place` in the order of play (the machine's places).
    pub(super) fn seat_of(&self, place: u8) -> usize {
        self.active
            .get(usize::from(place))
            .copied()
            .unwrap_or_default()
    }

    /// `seat`'s place in the order of play (the machine's places).
    pub(super) fn place_of(&self, seat: usize) -> Option<u8> {
        self.active.iter().position(|&s| s == seat).map(|p| p as u8)
    }

    /// Who took each trick so far, in order (the machine's winners, named by seats).
    pub fn trick_winners(&self) -> Vec<usize> {
        let t = self.deal.tricks_played();
        (0..t)
            .filter_map(|t| self.deal.winner(t))
            .map(|w| self.seat_of(w))
            .collect()
    }

    /// Whether `card` is a trump in the game as chosen so far (a normal game's trumps
    /// before a game is chosen).
    pub fn is_trump(&self, card: Card) -> bool {
        self.order.is_trump(card)
    }

    /// The actions taken so far.
    pub fn history(&self) -> &[Action] {
        &self.actions
    }

    /// The deal is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Each seat's hand now, in the deck's order (the machine's).
    pub fn hand(&self, seat: usize) -> Vec<Card> {
        let rules = &self.start.table.rules;
        self.place_of(seat).map_or_else(Vec::new, |place| {
            crate::machine::Deal::cards_of(rules, self.deal.hand(place)).collect()
        })
    }

    /// How many cards `seat` holds now.
    pub(super) fn in_hand(&self, seat: usize) -> usize {
        let rules = &self.start.table.rules;
        self.place_of(seat).map_or(0, |place| match self.phase {
            Phase::Playing => usize::from(self.deal.held(rules, place)),
            _ => self.deal.hand(place).count_ones() as usize,
        })
    }

    /// Whether `seat` holds `card` now.
    pub(super) fn holds(&self, seat: usize, card: Card) -> bool {
        let rules = &self.start.table.rules;
        self.place_of(seat)
            .is_some_and(|place| self.deal.hand(place) & rules.ids_of(card) != 0)
    }

    /// Every seat's hand now (none for a seat that sits out).
    pub(super) fn hands_now(&self) -> Vec<Vec<Card>> {
        (0..self.start.table.players.len())
            .map(|s| self.hand(s))
            .collect()
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

    /// The tricks played, each card with its seat, and the trick being played (the
    /// machine's, named by seats).
    pub fn tricks(&self) -> (Vec<PlayedTrick>, PlayedTrick) {
        let t = self.deal.tricks_played();
        (
            (0..t).map(|t| self.played_trick(t)).collect(),
            self.played_trick(t),
        )
    }

    /// Trick `t` (from 0) as played so far, each card with its seat.
    pub(super) fn played_trick(&self, t: u8) -> PlayedTrick {
        let rules = &self.start.table.rules;
        let cards = self.deal.trick_by_place(rules, t);
        cards
            .map(|(p, id)| (Some(self.seat_of(p)), rules.card(id)))
            .collect()
    }

    /// Every card played so far, in order, with its seat.
    pub(super) fn plays(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        let rules = &self.start.table.rules;
        let t = self.deal.tricks_played();
        let tricks = (0..=t.min(rules.hand.saturating_sub(1)))
            .flat_map(move |t| self.deal.trick_by_place(rules, t));
        tricks.map(move |(p, id)| (self.seat_of(p), rules.card(id)))
    }

    /// The contract and its declarer, once the bidding chose them.
    pub fn contract(&self) -> Option<(Contract, Option<usize>)> {
        self.declared.as_ref().map(|d| (d.contract, d.declarer))
    }

    /// The party of `seat` as the hands and the play so far show it (None before the game
    /// is known, or in a wedding before the partner is found, for the others).
    pub fn party(&self, seat: usize) -> Option<Party> {
        self.known.as_ref().map(|(re, _)| {
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
        crate::deal::write_toml::write_toml_deal(&record, &mut out);
        Some(out)
    }
}

/// Plays and scores a record as `doko score` does a one-deal file: each seat's points.
fn score(record: &FullRecord, profile: &Profile) -> Result<Vec<i64>, Text> {
    let facts = crate::play::play(record, profile).map_err(|e| e.message)?;
    let mut session = crate::scoring::Session::new(record.players.clone());
    Ok(session.score(&facts, profile).0.scores)
}

/// Deals shuffled hands from the profile's deck; a hand no game of the profile can play
/// (a lone holder of every Re card without a wedding or silent solo: no ace is called
/// here) is dealt again, as `doko generate` does.
fn deal(profile: &Profile, seats: usize, active: &[usize], rng: &mut Rng) -> Vec<Vec<Card>> {
    let lone_playable = profile.allows(Contract::Wedding) || profile.allows(Contract::SilentSolo);
    crate::play::shuffle::shuffle_hands(profile, seats, active, lone_playable, rng)
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
