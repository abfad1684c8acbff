//! The bidding as the machine steps it: one statement at a time into a small value
//! ([`Auction`]), each refused at once with a [`BidRefusal`] (worded only when shown) or
//! taken, and where the bidding stands after it ([`Auction::outcome`]). The profile's three
//! ways of bidding: the reservation round (TSR 4.1; «ドッペルコップ(Doppelkopf)», with its
//! outbidding, ties and Noel Leaver's raises), the online game's auction («ドッペルコップ・
//! ルール和訳») and the wiki's declarations («Doppelkopfの遊び方»). A record's statements
//! are decided by folding them through it ([`decide`]); a game played step by step asks a
//! copy whether a statement would be taken.

use crate::bids::{Bid, BidError, BidGame, Decided, Reason, Say, SoloMark};
use crate::calls::Call;
use crate::contract::{Contract, Party};
use crate::lang::Text;
use crate::msg;
use crate::seating::MAX_SEATS;
use crate::variant::{BidKind, Bidding, BiddingWay, Profile, Ties};

/// Why a statement is refused, and which statement the refusal names (a forced solo
/// followed by more is refused at the solo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BidRefusal {
    /// The statement named (its index).
    pub at: u8,
    why: Why,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    NotPlaying { seat: u8 },
    NotAllowed { contract: Contract },
    Turn { seat: u8 },
    First,
    NamesGame,
    Condition,
    WeddingCondition,
    Outbid { statement: u8 },
    RaiseOnly,
    NoSoloToRaise { seat: u8 },
    HoldsSolo { seat: u8 },
    RaiseAbove { level: Option<Call> },
    Over,
    OneRound,
    AuctionSay,
    AuctionNoCompulsory,
    RankAbove { statement: u8 },
    Spoken { seat: u8 },
    CompulsoryEnded { statement: u8 },
    ReservationGame,
    GesundOrVorbehalt,
    OneReservation { statement: u8 },
    SoloMark,
    ReservationKind,
}

/// Why the bidding is not over yet: who is still to speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    RoundEnds { seat: u8 },
    NoGame { seat: u8 },
    AuctionEnds { seat: u8 },
    NoWay,
}

/// Where the bidding stands after the statements taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Not over: someone is still to speak.
    Open(OpenWhy),
    /// The statements decide the game (more may still follow where the way allows it).
    Decided(Decided),
}

/// Why a bidding is open, worded by [`OpenWhy::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenWhy(Wait);

/// The statements so far, as the rules of bidding keep them: a copy is a `memcpy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Auction {
    /// Statements taken.
    said: u8,
    /// The seat of the first statement (a forced solo's refusal names the seat in turn).
    first: u8,
    /// A reservation round opened by one compulsory solo (a forced one), if so.
    forced: Option<BidGame>,
    /// The seats that reserved, in turn (reservation round).
    reserved: [u8; MAX_SEATS],
    reserved_n: u8,
    /// The best game so far: its statement, its seat.
    best: Option<(u8, u8, BidGame)>,
    /// Each seat's solo named in the round (statement, game), for Noel Leaver's raises.
    solos: [Option<(u8, BidGame)>; MAX_SEATS],
    /// The raises so far: the highest, and the seat whose solo holds.
    level: Option<Call>,
    holder: u8,
    /// Declarations: how far along the seats the statements have come.
    at: u8,
}

/// What the bidding reads of a deal: the profile, and the seats that play from the
/// dealer's left.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub profile: &'a Profile,
    pub order: &'a [usize],
}

impl Default for Auction {
    fn default() -> Auction {
        Auction::new()
    }
}

impl Auction {
    /// A bidding with nothing said.
    pub const fn new() -> Auction {
        Auction {
            said: 0,
            first: 0,
            forced: None,
            reserved: [0; MAX_SEATS],
            reserved_n: 0,
            best: None,
            solos: [None; MAX_SEATS],
            level: None,
            holder: 0,
            at: 0,
        }
    }

    /// Takes statement `say` of `seat`, or refuses it (the state is then as it was only
    /// where the caller kept a copy).
    pub fn push(&mut self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let i = self.said;
        self.pre_check(t, seat, say)?;
        match t.profile.bidding.way {
            BiddingWay::None => {}
            BiddingWay::Reservation => self.reservation(t, seat, say)?,
            BiddingWay::Auction => self.auction(t, seat, say)?,
            BiddingWay::Declarations => self.declaration(t, seat, say)?,
        }
        if i == 0 {
            self.first = seat as u8;
        }
        self.said += 1;
        Ok(())
    }

    /// May `seat` say anything now (is it her turn)? A statement of a seat that may not
    /// is refused whatever it says: a game played step by step asks this first.
    pub fn may_speak(&self, t: Table, seat: usize) -> bool {
        let i = usize::from(self.said);
        let n = t.order.len();
        match t.profile.bidding.way {
            // Without a way of bidding nothing is decided: anyone who plays may say it.
            BiddingWay::None => t.order.contains(&seat),
            BiddingWay::Reservation => {
                let end = n + usize::from(self.reserved_n);
                if i == 0 {
                    // The round's first, or a forced solo by anyone.
                    return t.order.contains(&seat);
                }
                if self.forced.is_some() {
                    false
                } else if i < n {
                    t.order[i] == seat
                } else if i < end {
                    usize::from(self.reserved[i - n]) == seat
                } else {
                    let steal = t.profile.bidding.steal
                        && self.best.is_some_and(|(_, _, g)| is_solo(g.contract));
                    steal && self.solos[seat].is_some() && usize::from(self.holder) != seat
                }
            }
            BiddingWay::Auction => i < n && t.order[i] == seat,
            BiddingWay::Declarations => {
                let from = usize::from(self.at).min(n);
                t.order[from..].contains(&seat)
            }
        }
    }

    /// What no way of bidding takes: a seat that does not play, a game the profile does
    /// not play.
    fn pre_check(&self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let refuse = |why| Err(BidRefusal { at: self.said, why });
        if !t.order.contains(&seat) {
            return refuse(Why::NotPlaying { seat: seat as u8 });
        }
        if let Say::Game(g) | Say::Reservation(Some(g)) = say
            && !t.profile.allows(g.contract)
        {
            return refuse(Why::NotAllowed {
                contract: g.contract,
            });
        }
        Ok(())
    }

    fn reservation(&mut self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let i = self.said;
        let n = t.order.len() as u8;
        let refuse = |at, why| Err(BidRefusal { at, why });
        let in_turn = |want: usize| {
            if seat == want {
                Ok(())
            } else {
                refuse(i, Why::Turn { seat: want as u8 })
            }
        };
        // A forced solo has no round: one statement, a compulsory solo; a statement more
        // makes it the round's first, which it cannot be.
        if i == 0
            && let Say::Game(g) = say
            && g.mark == Some(SoloMark::Compulsory)
        {
            self.forced = Some(g);
            return Ok(());
        }
        if self.forced.is_some() {
            let why = if usize::from(self.first) != t.order[0] {
                Why::Turn {
                    seat: t.order[0] as u8,
                }
            } else {
                Why::First
            };
            return refuse(0, why);
        }
        if i < n {
            in_turn(t.order[i as usize])?;
            match say {
                Say::Healthy => {}
                Say::Reservation(None) => {
                    self.reserved[self.reserved_n as usize] = seat as u8;
                    self.reserved_n += 1;
                }
                _ => return refuse(i, Why::First),
            }
            return Ok(());
        }
        let end = n + self.reserved_n;
        if i < end {
            return self.name_game(t, seat, say, usize::from(self.reserved[(i - n) as usize]));
        }
        let rules = &t.profile.bidding;
        match self.best {
            Some((_, _, g)) if rules.steal && is_solo(g.contract) => self.raise(t, seat, say),
            _ => refuse(end, Why::Over),
        }
    }

    /// A reserved seat's game (or pass) in the reservation round.
    fn name_game(
        &mut self,
        t: Table,
        seat: usize,
        say: Say,
        want: usize,
    ) -> Result<(), BidRefusal> {
        let i = self.said;
        let refuse = |why| Err(BidRefusal { at: i, why });
        if seat != want {
            return refuse(Why::Turn { seat: want as u8 });
        }
        let g = match say {
            Say::Pass => return Ok(()),
            Say::Game(g) if g.contract != Contract::Normal => g,
            _ => return refuse(Why::NamesGame),
        };
        if g.condition.is_some() {
            return refuse(Why::Condition);
        }
        let rules = &t.profile.bidding;
        let rank = reservation_rank(rules, g);
        let best = self
            .best
            .map(|(b, _, bg)| (b, reservation_rank(rules, bg), bg));
        let better = match best {
            None => true,
            Some((_, r, _)) if rank < r => true,
            Some((_, r, _)) if rank == r => rules.ties == Ties::Later,
            _ => false,
        };
        let another_poverty = t.profile.poverty.partner_by_club_queen
            && g.contract == Contract::Poverty
            && best.is_some_and(|(_, _, b)| b.contract == Contract::Poverty);
        if rules.outbid
            && !another_poverty
            && let Some((b, r, _)) = best
            && rank >= r
        {
            return refuse(Why::Outbid { statement: b });
        }
        if is_solo(g.contract) && self.solos[seat].is_none() {
            self.solos[seat] = Some((i, g));
        }
        if better {
            self.best = Some((i, seat as u8, g));
            self.holder = seat as u8;
        }
        Ok(())
    }

    /// Noel Leaver's way (`bidding.steal`): after the round, a player who named a solo may
    /// take the solo from its holder by raising (`Ben no90`), the earlier seat with an
    /// equal raise, a later one with a higher; raises go on.
    fn raise(&mut self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let i = self.said;
        let refuse = |why| Err(BidRefusal { at: i, why });
        let Say::Raise(c) = say else {
            return refuse(Why::RaiseOnly);
        };
        if self.solos[seat].is_none() {
            return refuse(Why::NoSoloToRaise { seat: seat as u8 });
        }
        let holder_seat = usize::from(self.holder);
        if seat == holder_seat {
            return refuse(Why::HoldsSolo { seat: seat as u8 });
        }
        let place = |s: usize| t.order.iter().position(|&o| o == s);
        let earlier = place(seat) < place(holder_seat);
        let beats = match self.level {
            None => true,
            Some(l) => c > l || (c == l && earlier),
        };
        if !beats {
            return refuse(Why::RaiseAbove { level: self.level });
        }
        self.level = Some(c);
        self.holder = seat as u8;
        Ok(())
    }

    fn auction(&mut self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let i = self.said;
        let refuse = |why| Err(BidRefusal { at: i, why });
        if usize::from(i) >= t.order.len() {
            return Err(BidRefusal {
                at: t.order.len() as u8,
                why: Why::OneRound,
            });
        }
        let want = t.order[i as usize];
        if seat != want {
            return refuse(Why::Turn { seat: want as u8 });
        }
        // "Healthy" (no reservation) is a pass here.
        let g = match say {
            Say::Pass | Say::Healthy => return Ok(()),
            Say::Game(g) => g,
            _ => return refuse(Why::AuctionSay),
        };
        if g.mark.is_some() {
            return refuse(Why::AuctionNoCompulsory);
        }
        // A condition is a call with a full hand; where a wedding's calls wait for its
        // partner (`calls.wedding_shift`: "no calls until the partner is known"), a bride
        // names none (issue 64: the record's check refused such a call once a partner was
        // found, and the game offered it only where a trial play found none).
        if g.contract == Contract::Wedding && g.condition.is_some() && t.profile.calls.wedding_shift
        {
            return refuse(Why::WeddingCondition);
        }
        let rules = &t.profile.bidding;
        if let Some((b, _, prev)) = self.best
            && auction_rank(rules, g) <= auction_rank(rules, prev)
        {
            return refuse(Why::RankAbove { statement: b });
        }
        self.best = Some((i, seat as u8, g));
        Ok(())
    }

    fn declaration(&mut self, t: Table, seat: usize, say: Say) -> Result<(), BidRefusal> {
        let i = self.said;
        let refuse = |why| Err(BidRefusal { at: i, why });
        let from = usize::from(self.at).min(t.order.len());
        let Some(k) = t.order[from..].iter().position(|&s| s == seat) else {
            return refuse(Why::Spoken { seat: seat as u8 });
        };
        if let Some((w, _, g)) = self.best
            && g.mark == Some(SoloMark::Compulsory)
        {
            return refuse(Why::CompulsoryEnded { statement: w });
        }
        let g = match say {
            Say::Healthy => {
                self.at = (from + k + 1) as u8;
                return Ok(());
            }
            Say::Reservation(Some(g)) => g,
            Say::Reservation(None) => return refuse(Why::ReservationGame),
            _ => return refuse(Why::GesundOrVorbehalt),
        };
        if let Some((w, _, _)) = self.best {
            return refuse(Why::OneReservation { statement: w });
        }
        if is_solo(g.contract) && g.mark.is_none() {
            return refuse(Why::SoloMark);
        }
        if g.contract == Contract::Normal || g.condition.is_some() {
            return refuse(Why::ReservationKind);
        }
        self.at = (from + k + 1) as u8;
        self.best = Some((i, seat as u8, g));
        Ok(())
    }

    /// Where the bidding stands after the statements taken.
    pub fn outcome(&self, t: Table) -> Standing {
        let rules = &t.profile.bidding;
        let n = t.order.len() as u8;
        let won = |(i, seat, g): (u8, u8, BidGame), reason| {
            Standing::Decided(Decided::won_by(
                usize::from(seat),
                usize::from(i),
                g,
                reason,
            ))
        };
        let open = |w| Standing::Open(OpenWhy(w));
        match rules.way {
            BiddingWay::None => open(Wait::NoWay),
            BiddingWay::Reservation => {
                if let Some(g) = self.forced {
                    return won((0, self.first, g), Reason::Forced);
                }
                if self.said < n {
                    let seat = t.order[self.said as usize] as u8;
                    return open(Wait::RoundEnds { seat });
                }
                let end = n + self.reserved_n;
                if self.said < end {
                    let seat = self.reserved[(self.said - n) as usize];
                    return open(Wait::NoGame { seat });
                }
                match self.best {
                    None if self.reserved_n == 0 => {
                        Standing::Decided(Decided::normal(Reason::NobodyReserved))
                    }
                    None => Standing::Decided(Decided::normal(Reason::AllPassed)),
                    Some((_, _, g))
                        if rules.steal && is_solo(g.contract) && self.level.is_some() =>
                    {
                        // The last raiser plays her own solo, her raise its condition.
                        let seat = self.holder;
                        let (i, g) = self.solos[usize::from(seat)].unwrap_or((0, g));
                        let g = BidGame {
                            condition: self.level,
                            ..g
                        };
                        won((i, seat, g), Reason::Raised)
                    }
                    Some(best) => won(
                        best,
                        Reason::Ranked {
                            later: rules.ties == Ties::Later,
                        },
                    ),
                }
            }
            BiddingWay::Auction => {
                if self.said < n {
                    let seat = t.order[self.said as usize] as u8;
                    return open(Wait::AuctionEnds { seat });
                }
                match self.best {
                    None => Standing::Decided(Decided::normal(Reason::AllPassed)),
                    Some(best) => won(best, Reason::LastGame),
                }
            }
            BiddingWay::Declarations => match self.best {
                None => Standing::Decided(Decided::normal(Reason::NobodyReserved)),
                Some(best) => won(best, Reason::OneReservation),
            },
        }
    }
}

impl BidRefusal {
    /// The refusal's words, quoting the statement it names (`bids`: the statements as
    /// said, the refused one last; `names`: the seats' names).
    #[cold]
    pub fn error(self, bids: &[Bid], profile: &Profile, names: &[String]) -> BidError {
        let i = usize::from(self.at);
        let name = |s: u8| names.get(usize::from(s)).map_or("?", String::as_str);
        let text = |s: u8| bids.get(usize::from(s)).map_or("?", |b| b.text.as_str());
        let why = match self.why {
            Why::NotPlaying { seat } => msg!("error.bid_not_playing", player = name(seat)),
            Why::NotAllowed { contract } => msg!(
                "error.bid_not_allowed",
                profile = profile.name,
                contract = contract
            ),
            Why::Turn { seat } => msg!("error.bid_turn", player = name(seat)),
            Why::First => msg!("error.bid_first"),
            Why::NamesGame => msg!("error.bid_names_game"),
            Why::Condition => msg!("error.bid_condition"),
            Why::WeddingCondition => msg!("error.bid_wedding_condition"),
            Why::Outbid { statement } => msg!("error.bid_outbid", statement = text(statement)),
            Why::RaiseOnly => msg!("error.bid_raise_only"),
            Why::NoSoloToRaise { seat } => {
                msg!("error.bid_no_solo_to_raise", player = name(seat))
            }
            Why::HoldsSolo { seat } => msg!("error.bid_holds_solo", player = name(seat)),
            Why::RaiseAbove { level } => msg!(
                "error.bid_raise_above",
                level = level.map_or(Text::msg("error.word_nothing"), |l| Text::from(
                    l.word(Party::Re)
                ))
            ),
            Why::Over => msg!("error.bid_over"),
            Why::OneRound => msg!("error.bid_one_round"),
            Why::AuctionSay => msg!("error.bid_auction_say"),
            Why::AuctionNoCompulsory => msg!("error.bid_auction_no_compulsory"),
            Why::RankAbove { statement } => {
                msg!("error.bid_rank_above", statement = text(statement))
            }
            Why::Spoken { seat } => msg!("error.bid_spoken", player = name(seat)),
            Why::CompulsoryEnded { statement } => {
                msg!("error.bid_compulsory_ended", statement = text(statement))
            }
            Why::ReservationGame => msg!("error.bid_reservation_game"),
            Why::GesundOrVorbehalt => msg!("error.bid_gesund_or_vorbehalt"),
            Why::OneReservation { statement } => {
                msg!("error.bid_one_reservation", statement = text(statement))
            }
            Why::SoloMark => msg!("error.bid_solo_mark"),
            Why::ReservationKind => msg!("error.bid_reservation_kind"),
        };
        BidError {
            statement: Some(i),
            message: msg!("error.quoted", text = text(self.at), message = why),
        }
    }
}

impl OpenWhy {
    /// Who is still to speak, in words.
    #[cold]
    pub fn text(self, profile: &Profile, names: &[String]) -> Text {
        let name = |s: u8| names.get(usize::from(s)).map_or("?", String::as_str);
        match self.0 {
            Wait::RoundEnds { seat } => msg!("error.bid_round_ends", player = name(seat)),
            Wait::NoGame { seat } => msg!("error.bid_no_game", player = name(seat)),
            Wait::AuctionEnds { seat } => msg!("error.bid_auction_ends", player = name(seat)),
            Wait::NoWay => msg!("error.bid_no_way", profile = profile.name),
        }
    }
}

/// The rank of a game in the reservation round: its kind's place in the priority list,
/// then its solo kind's place in `solo_order` (lower is stronger).
fn reservation_rank(rules: &Bidding, g: BidGame) -> (usize, usize) {
    let kind = g.kind();
    let k = rules
        .priority
        .iter()
        .position(|&p| p == kind)
        .unwrap_or(rules.priority.len());
    let s = match kind {
        BidKind::CompulsorySolo | BidKind::VoluntarySolo => rules
            .solo_order
            .iter()
            .position(|&c| c == g.contract)
            .unwrap_or(rules.solo_order.len()),
        _ => 0,
    };
    (k, s)
}

/// The rank of a game in the auction (higher wins): solo > redeal > wedding > normal,
/// solos by `solo_order`, then the condition.
fn auction_rank(rules: &Bidding, g: BidGame) -> (u8, usize, i8) {
    let category = match g.contract {
        Contract::Normal => 0,
        Contract::Wedding => 1,
        Contract::Redeal => 2,
        _ => 3,
    };
    let solo = if category == 3 {
        let n = rules.solo_order.len();
        n - rules
            .solo_order
            .iter()
            .position(|&c| c == g.contract)
            .unwrap_or(n)
    } else {
        0
    };
    let cond = g.condition.map_or(-1, |c| c.level() as i8);
    (category, solo, cond)
}

/// A game declared like a solo: the declared solos and the ♦Q holders' "solo addition".
fn is_solo(c: Contract) -> bool {
    c.is_declared_solo() || c == Contract::DiamondQueens
}

/// Decides the bidding of a deal: `order` is the seats that play, from the dealer's left;
/// `names` the players' names for messages. The statements are folded through an
/// [`Auction`]; a refusal names the statement at fault, a bidding cut short says who is
/// still to speak (`statement: None`).
pub fn decide(
    bids: &[Bid],
    profile: &Profile,
    order: &[usize],
    names: &[String],
) -> Result<Decided, BidError> {
    let t = Table { profile, order };
    // What no way of bidding takes is named first, wherever it stands; then an auction
    // of more statements than players.
    let mut probe = Auction::new();
    for (i, b) in bids.iter().enumerate() {
        probe.said = i as u8;
        probe
            .pre_check(t, b.player, b.say)
            .map_err(|r| r.error(bids, profile, names))?;
    }
    if profile.bidding.way == BiddingWay::Auction && bids.len() > order.len() {
        let r = BidRefusal {
            at: order.len() as u8,
            why: Why::OneRound,
        };
        return Err(r.error(bids, profile, names));
    }
    let mut a = Auction::new();
    for b in bids {
        a.push(t, b.player, b.say)
            .map_err(|r| r.error(bids, profile, names))?;
    }
    match a.outcome(t) {
        Standing::Decided(d) => Ok(d),
        Standing::Open(why) => Err(BidError {
            statement: None,
            message: why.text(profile, names),
        }),
    }
}

/// Where a bidding stands after its statements so far, as a record's check sees it.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BiddingOutcome {
    /// The last statement is refused.
    Refused,
    /// Nothing refused, but the bidding is not over.
    Open,
    /// The statements decide the game (more may still follow where the way allows it).
    Decided(Decided),
}

/// [`decide`] after `follows`, as a record's check asks them, told as where the bidding
/// stands: a refusal, still open (the statements end too soon), or decided.
#[cfg(test)]
fn outcome(bids: &[Bid], profile: &Profile, order: &[usize], names: &[String]) -> BiddingOutcome {
    if profile.bidding.way != BiddingWay::None && !follows(bids, profile.bidding.way, order.len()) {
        return BiddingOutcome::Refused;
    }
    match decide(bids, profile, order, names) {
        Ok(d) => BiddingOutcome::Decided(d),
        Err(e) if e.statement.is_none() => BiddingOutcome::Open,
        Err(_) => BiddingOutcome::Refused,
    }
}

/// Why the last of `bids` is refused, if it is.
pub fn refusal(bids: &[Bid], profile: &Profile, order: &[usize], names: &[String]) -> Option<Text> {
    match decide(bids, profile, order, names) {
        Err(e) if e.statement.is_some() => Some(e.message),
        _ => None,
    }
}

/// Are the statements made in this way of bidding at all (whatever they say)? A reservation
/// round opens with healthy or reservation from everyone (or is one compulsory solo, a
/// forced one); an auction has passes and games only; the wiki's declarations are healthy or
/// a reservation naming its game. Statements of another way are the record of another
/// table's bidding: a profile of another way scores the contract the record writes.
pub fn follows(bids: &[Bid], way: BiddingWay, players: usize) -> bool {
    let plain = |b: &Bid| {
        matches!(b.say, Say::Healthy | Say::Pass)
            || matches!(b.say, Say::Game(g) if g.mark.is_none())
    };
    match way {
        BiddingWay::None => false,
        BiddingWay::Reservation => {
            matches!(bids, [Bid { say: Say::Game(g), .. }] if g.mark == Some(SoloMark::Compulsory))
                || bids
                    .iter()
                    .take(players)
                    .all(|b| matches!(b.say, Say::Healthy | Say::Reservation(None)))
        }
        BiddingWay::Auction => bids.iter().all(plain),
        BiddingWay::Declarations => bids
            .iter()
            .all(|b| matches!(b.say, Say::Healthy | Say::Reservation(Some(_)))),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use doko_words::rng::Rng;

    /// Every word any way of bidding knows, beside the profile's own statements.
    fn words(profile: &Profile) -> Vec<String> {
        let mut w = bid_words(profile);
        for extra in [
            "healthy",
            "reservation",
            "pass",
            "no90",
            "no60",
            "schwarz",
            "normal",
            "wedding",
            "poverty",
            "redeal",
            "solo-queens",
            "compulsory solo-jacks",
            "voluntary solo-clubs",
            "solo-hearts no90",
            "reservation wedding",
            "reservation voluntary solo-queens",
            "reservation compulsory solo-meatless",
            "reservation solo-queens",
            "reservation normal",
            "normal re",
            "diamond-queens",
        ] {
            w.push(extra.to_string());
        }
        w
    }

    /// A reservation round as a table says it, spoilt now and then: healthy or
    /// reservation in turn, a game (often a solo) or a pass from each who reserved, then
    /// raises from anyone who named a solo.
    fn round(rng: &mut Rng, names: &[String], order: &[usize], words: &[String]) -> Vec<Bid> {
        let mut said: Vec<String> = Vec::new();
        let mut reserved = Vec::new();
        for &s in order {
            if rng.chance(50) {
                reserved.push(s);
                said.push(format!("{} reservation", names[s]));
            } else {
                said.push(format!("{} healthy", names[s]));
            }
        }
        let solos = ["solo-queens", "solo-jacks", "solo-clubs", "solo-meatless"];
        let mut soloists = Vec::new();
        for &s in &reserved {
            let word = match rng.below(4) {
                0 => "pass".to_string(),
                1 => words[rng.below(words.len())].clone(),
                _ => {
                    soloists.push(s);
                    solos[rng.below(solos.len())].to_string()
                }
            };
            said.push(format!("{} {word}", names[s]));
        }
        for _ in 0..rng.below(4) {
            let s = match soloists.len() {
                0 => order[rng.below(order.len())],
                n => soloists[rng.below(n)],
            };
            let raise = ["no90", "no60", "no30", "schwarz"][rng.below(4)];
            said.push(format!("{} {raise}", names[s]));
        }
        if rng.chance(20) && !said.is_empty() {
            let k = rng.below(said.len());
            said.remove(k);
        }
        said.iter()
            .filter_map(|t| Bid::parse(names, t).ok())
            .collect()
    }

    /// A game played step by step asks a copy of the [`Auction`] whether a statement is
    /// taken; a record's statements are decided by [`decide`]. They agree (issue 64: what
    /// the game offers is exactly what the check accepts): for random statement lists of
    /// every built-in profile and odd `--set` mixes, each statement taken one at a time is
    /// refused exactly where [`outcome`] refuses the list up to it, and where the bidding
    /// stands after it is the same. (Before the bidding moved into the machine, this test
    /// held the machine to the old `bids::decide` on the same lists.)
    #[test]
    fn a_statement_taken_step_by_step_is_judged_as_the_record_check_judges_it() {
        let mut rng = Rng::new(64);
        let sets: [&[(&str, &str)]; 6] = [
            &[],
            &[("bidding.steal", "true")],
            &[("bidding.outbid", "true"), ("bidding.ties", "\"later\"")],
            &[("poverty.partner_by_club_queen", "true")],
            &[("bidding.outbid", "false")],
            &[(
                "bidding.priority",
                r#"["redeal","compulsory-solo","voluntary-solo","wedding","poverty"]"#,
            )],
        ];
        let (mut decided, mut refused) = (0, 0);
        for (profile, sets) in crate::machine::test_profiles(&sets) {
            let name = &profile.name;
            let seats = crate::seating::smallest_table(&profile);
            let names: Vec<String> = ["A", "B", "C", "D", "E"][..seats]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let order: Vec<usize> = (1..=seats)
                .map(|k| k % seats)
                .take(profile.deck.players as usize)
                .collect();
            let t = Table {
                profile: &profile,
                order: &order,
            };
            let words = words(&profile);
            for _ in 0..1500 {
                let bids = if rng.chance(50) {
                    round(&mut rng, &names, &order, &words)
                } else {
                    let len = rng.below(order.len() * 2 + 3);
                    let mut bids = Vec::new();
                    for k in 0..len {
                        // Mostly in turn, now and then anyone.
                        let seat = if rng.chance(85) {
                            order[k % order.len()]
                        } else {
                            rng.below(seats)
                        };
                        let word = &words[rng.below(words.len())];
                        let text = format!("{} {word}", names[seat]);
                        if let Ok(b) = Bid::parse(&names, &text) {
                            bids.push(b);
                        }
                    }
                    bids
                };
                let mut a = Auction::new();
                for k in 0..bids.len() {
                    let whole = outcome(&bids[..=k], &profile, &order, &names);
                    let b = &bids[k];
                    let may = a.may_speak(t, b.player);
                    let taken = a.push(t, b.player, b.say);
                    assert!(may || taken.is_err(), "{name} {sets:?} {:?}", &bids[..=k]);
                    let at = format!("{name} {sets:?} {:?}", &bids[..=k]);
                    match (taken, whole) {
                        (Err(_), BiddingOutcome::Refused) => {
                            refused += 1;
                            break;
                        }
                        (Ok(()), BiddingOutcome::Open) => {
                            assert!(matches!(a.outcome(t), Standing::Open(_)), "{at}");
                        }
                        (Ok(()), BiddingOutcome::Decided(d)) => {
                            assert_eq!(a.outcome(t), Standing::Decided(d), "{at}");
                            decided += 1;
                        }
                        (taken, whole) => panic!("{at}: {taken:?} / {whole:?}"),
                    }
                }
            }
        }
        assert!(
            decided > 1000 && refused > 1000,
            "{decided} decided, {refused} refused"
        );
    }
}

#[cfg(test)]
mod ways {
    //! The ways of bidding of docs/formats.md section 8 and the reference page's
    //! variations, decided from the statements alone.
    use super::*;
    use crate::contract::SoloKind;
    use crate::variant::WeddingPartner;

    fn names() -> Vec<String> {
        ["Anna", "Ben", "Cara", "Dirk"].map(String::from).to_vec()
    }

    fn run(profile: &str, sets: &[(&str, &str)], bids: &[&str]) -> Result<Decided, BidError> {
        let sets: Vec<(String, String)> = sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let p = Profile::load(profile, &sets).unwrap();
        let names = names();
        let bids: Vec<Bid> = bids
            .iter()
            .map(|b| Bid::parse(&names, b).unwrap())
            .collect();
        // Dirk deals: Anna speaks first.
        decide(&bids, &p, &[0, 1, 2, 3], &names)
    }

    #[test]
    fn the_reservation_round_of_formats_section_8() {
        let d = run(
            crate::variant::DEFAULT_PROFILE,
            &[],
            &[
                "Anna healthy",
                "Ben reservation",
                "Cara reservation",
                "Dirk healthy",
                "Ben voluntary solo-hearts",
                "Cara compulsory solo-queens",
            ],
        )
        .unwrap();
        assert_eq!(d.contract, Contract::Solo(SoloKind::Queens));
        assert_eq!(
            (d.declarer, d.compulsory(), d.winner),
            (Some(2), true, Some(5))
        );
        // A forced solo has no round.
        let d = run(
            crate::variant::DEFAULT_PROFILE,
            &[],
            &["Cara compulsory solo-jacks"],
        )
        .unwrap();
        assert_eq!((d.declarer, d.compulsory()), (Some(2), true));
        // Nobody reserved.
        let d = run(
            crate::variant::DEFAULT_PROFILE,
            &[],
            &["Anna gesund", "Ben gesund", "Cara gesund", "Dirk gesund"],
        );
        assert_eq!(d.unwrap().contract, Contract::Normal);
        // Out of turn, a game in the first part, a missing game.
        let e = run(crate::variant::DEFAULT_PROFILE, &[], &["Ben healthy"]).unwrap_err();
        assert!(e.message.to_string().contains("it is Anna's turn"), "{e:?}");
        let e = run(crate::variant::DEFAULT_PROFILE, &[], &["Anna solo-hearts"]).unwrap_err();
        assert!(
            e.message.to_string().contains("first each player says"),
            "{e:?}"
        );
        let e = run(
            crate::variant::DEFAULT_PROFILE,
            &[],
            &[
                "Anna reservation",
                "Ben healthy",
                "Cara healthy",
                "Dirk healthy",
            ],
        );
        assert!(
            e.unwrap_err()
                .message
                .to_string()
                .contains("Anna reserved and names no game")
        );
    }

    #[test]
    fn the_auction_of_formats_section_8() {
        let d = run(
            "ja-online",
            &[],
            &[
                "Anna normal",
                "Ben pass",
                "Cara solo-hearts",
                "Dirk solo-hearts re",
            ],
        )
        .unwrap();
        assert_eq!(
            d.contract,
            Contract::Solo(SoloKind::Suit(crate::cards::Suit::Hearts))
        );
        assert_eq!((d.declarer, d.condition), (Some(3), Some(Call::Announce)));
        // A game that does not rank above the one before is refused.
        let e = run(
            "ja-online",
            &[],
            &[
                "Anna solo-queens",
                "Ben solo-jacks",
                "Cara pass",
                "Dirk pass",
            ],
        )
        .unwrap_err();
        assert_eq!(e.statement, Some(1));
        assert!(
            e.message
                .to_string()
                .contains("must rank above `Anna solo-queens`"),
            "{e:?}"
        );
        let d = run(
            "ja-online",
            &[],
            &["Anna pass", "Ben pass", "Cara pass", "Dirk pass"],
        );
        assert_eq!(d.unwrap().contract, Contract::Normal);
        let d = run(
            "ja-online",
            &[],
            &[
                "Anna wedding first-trump-trick",
                "Ben pass",
                "Cara pass",
                "Dirk pass",
            ],
        )
        .unwrap();
        assert_eq!(d.partner, Some(WeddingPartner::FirstTrumpTrick));
    }

    #[test]
    fn the_declarations_of_formats_section_8() {
        let d = run(
            "ja-wiki",
            &[],
            &[
                "Anna gesund",
                "Ben vorbehalt lustsolo obersolo-gruen",
                "Cara gesund",
                "Dirk gesund",
            ],
        )
        .unwrap();
        assert_eq!(
            d.contract,
            Contract::Solo(SoloKind::QueenOf(crate::cards::Suit::Spades))
        );
        assert_eq!((d.declarer, d.compulsory()), (Some(1), false));
        let e = run(
            "ja-wiki",
            &[],
            &[
                "Anna vorbehalt hochzeit",
                "Ben vorbehalt lustsolo farbsolo-rot",
            ],
        )
        .unwrap_err();
        assert!(
            e.message.to_string().contains("one reservation a deal"),
            "{e:?}"
        );
        let e = run(
            "ja-wiki",
            &[],
            &["Anna vorbehalt pflichtsolo untersolo-rot", "Ben gesund"],
        )
        .unwrap_err();
        assert!(e.message.to_string().contains("ended the round"), "{e:?}");
    }

    #[test]
    fn the_reference_pages_bidding_variations() {
        let two = [
            "Anna reservation",
            "Ben reservation",
            "Cara healthy",
            "Dirk healthy",
            "Anna solo-hearts",
            "Ben solo-queens",
        ];
        // Equal voluntary solos: the earlier seat (Anna).
        assert_eq!(
            run(crate::variant::DEFAULT_PROFILE, &[], &two)
                .unwrap()
                .declarer,
            Some(0)
        );
        // Solo priority by kind: the queens solo.
        let by_kind = [(
            "bidding.solo_order",
            r#"["solo-queens","solo-jacks","solo-diamonds","solo-clubs","solo-spades","solo-hearts","solo-meatless"]"#,
        )];
        assert_eq!(
            run(crate::variant::DEFAULT_PROFILE, &by_kind, &two)
                .unwrap()
                .declarer,
            Some(1)
        );
        // The last bidder wins.
        assert_eq!(
            run(
                crate::variant::DEFAULT_PROFILE,
                &[("bidding.ties", "\"later\"")],
                &two
            )
            .unwrap()
            .declarer,
            Some(1)
        );
        // Noel Leaver: Ben steals with no90, Anna takes it back with no90, Ben no60.
        let mut steal = two.to_vec();
        steal.extend(["Ben no90", "Anna no90", "Ben no60"]);
        let d = run(
            crate::variant::DEFAULT_PROFILE,
            &[("bidding.steal", "true")],
            &steal,
        )
        .unwrap();
        assert_eq!((d.declarer, d.condition), (Some(1), Some(Call::No60)));
        assert_eq!(d.contract, Contract::Solo(SoloKind::Queens));
        let mut late = two.to_vec();
        late.extend(["Ben no90", "Anna no60", "Ben no60"]);
        let e = run(
            crate::variant::DEFAULT_PROFILE,
            &[("bidding.steal", "true")],
            &late,
        )
        .unwrap_err();
        assert_eq!(e.statement, Some(8));
        // Poverty below the wedding.
        let pw = [
            "Anna reservation",
            "Ben reservation",
            "Cara healthy",
            "Dirk healthy",
            "Anna poverty",
            "Ben wedding",
        ];
        let allow = (
            "contracts.allowed",
            r#"["normal","wedding","poverty","solo-queens"]"#,
        );
        assert_eq!(
            run(crate::variant::DEFAULT_PROFILE, &[allow], &pw)
                .unwrap()
                .declarer,
            Some(0)
        );
        let below = (
            "bidding.priority",
            r#"["redeal","compulsory-solo","voluntary-solo","wedding","poverty"]"#,
        );
        assert_eq!(
            run(crate::variant::DEFAULT_PROFILE, &[allow, below], &pw)
                .unwrap()
                .declarer,
            Some(1)
        );
        // The reference page's main text: a later game must rank above.
        let e = run("ja-classic", &[], &two).unwrap_err();
        assert!(e.message.to_string().contains("must rank above"), "{e:?}");
    }
}
