//! Bids: the statements that choose a deal's contract (docs/formats.md section 8), read and
//! decided under the profile's way of bidding (`[bidding]`).
//!
//! A statement is `<player> <word> [<word> ...]`: `healthy` (gesund), `reservation`
//! (vorbehalt), `pass` (passe), a game (`compulsory`/`voluntary` before a solo, a contract
//! name or alias, an auction's condition `re` `no90` `no60` `no30` `schwarz`, a wedding's
//! partner rule). [`decide`] finds who won and what is played, from the statements alone;
//! what a game needs in the hand is checked when the deal is played (`play`).

use crate::lang::Text;
use crate::msg;
use std::fmt;

use crate::calls::Call;
use crate::contract::Contract;
use crate::seating::SeatList;
use crate::variant::{BidKind, Bidding, BiddingWay, Profile, Ties, WeddingPartner};

/// A solo said to be compulsory (Pflichtsolo) or voluntary (Lustsolo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoloMark {
    /// A solo a player owes.
    Compulsory,
    /// A solo played of one's own will.
    Voluntary,
}

/// A game named in a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BidGame {
    /// The contract bid.
    pub contract: Contract,
    /// Whether a solo is compulsory or voluntary, where said.
    pub mark: Option<SoloMark>,
    /// An auction's additional condition: a call of the bidder's party with a full hand.
    pub condition: Option<Call>,
    /// A wedding's partner rule, as the bride names it.
    pub partner: Option<WeddingPartner>,
}

/// What a statement says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Say {
    /// Nothing to declare.
    Healthy,
    /// A reservation; the wiki's declarations name the game in the same statement.
    Reservation(Option<BidGame>),
    /// Does not bid.
    Pass,
    /// Bids a game.
    Game(BidGame),
    /// A raise alone (`Ben no90`): Noel Leaver's way to take a solo (`bidding.steal`).
    Raise(Call),
}

/// One statement, in the order spoken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bid {
    /// The seat of the player who bids.
    pub player: usize,
    /// What the player says.
    pub say: Say,
    /// As written, for messages.
    pub text: String,
}

/// The words of a statement, canonical first (case-insensitive).
const HEALTHY: &[&str] = &["healthy", "gesund"];
const RESERVATION: &[&str] = &["reservation", "vorbehalt"];
const PASS: &[&str] = &["pass", "passe"];
const COMPULSORY: &[&str] = &["compulsory", "pflichtsolo", "pflicht"];
const VOLUNTARY: &[&str] = &["voluntary", "lustsolo", "lust"];

fn is(word: &str, words: &[&str]) -> bool {
    words.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// A condition word of an auction (`re` for the first call of either party).
fn condition(word: &str) -> Option<Call> {
    if is(word, &["re", "kontra", "contra"]) {
        return Some(Call::Announce);
    }
    match Call::parse(word) {
        Ok((c, _)) if c != Call::Announce => Some(c),
        _ => None,
    }
}

impl Bid {
    /// Reads `<player> <word> ...` against the record's players.
    pub fn parse(players: &[String], text: &str) -> Result<Bid, Text> {
        let text = text.trim_ascii();
        let mut words = text.split_ascii_whitespace();
        let Some(who) = words.next() else {
            return Err(msg!("error.bid_empty"));
        };
        let player = crate::seating::seat_in(players, who)
            .ok_or_else(|| msg!("error.bid_player", text = text, who = who))?;
        // A statement has a few words: kept on the stack.
        let mut rest = [""; 8];
        let mut n = 0;
        for w in words {
            if n == rest.len() {
                return Err(msg!("error.bid_words", text = text));
            }
            rest[n] = w;
            n += 1;
        }
        let say =
            Say::parse(&rest[..n]).map_err(|m| msg!("error.quoted", text = text, message = m))?;
        Ok(Bid {
            player,
            say,
            text: text.to_string(),
        })
    }
}

/// Reads `;`-separated statements.
pub fn read_all(players: &[String], field: &str) -> Result<Vec<Bid>, Text> {
    field
        .split(';')
        .map(str::trim_ascii)
        .filter(|s| !s.is_empty())
        .map(|s| Bid::parse(players, s))
        .collect()
}

impl Say {
    fn parse(words: &[&str]) -> Result<Say, Text> {
        let Some((&first, rest)) = words.split_first() else {
            return Err(msg!("error.bid_say"));
        };
        if is(first, HEALTHY) && rest.is_empty() {
            return Ok(Say::Healthy);
        }
        if is(first, PASS) && rest.is_empty() {
            return Ok(Say::Pass);
        }
        if is(first, RESERVATION) {
            return Ok(Say::Reservation(match rest {
                [] => None,
                _ => Some(BidGame::parse(rest)?),
            }));
        }
        if rest.is_empty()
            && let Some(c) = condition(first)
            && c != Call::Announce
        {
            return Ok(Say::Raise(c));
        }
        BidGame::parse(words).map(Say::Game)
    }
}

impl BidGame {
    fn parse(words: &[&str]) -> Result<BidGame, Text> {
        let mut mark = None;
        let mut i = 0;
        if let Some(&w) = words.first() {
            if is(w, COMPULSORY) {
                mark = Some(SoloMark::Compulsory);
                i = 1;
            } else if is(w, VOLUNTARY) {
                mark = Some(SoloMark::Voluntary);
                i = 1;
            }
        }
        let Some(&name) = words.get(i) else {
            return Err(msg!("error.bid_solo_kind"));
        };
        let contract: Contract = name.parse()?;
        if mark.is_some() && !is_solo(contract) {
            return Err(msg!("error.bid_not_solo", contract = contract));
        }
        let mut game = BidGame {
            contract,
            mark,
            condition: None,
            partner: None,
        };
        for &w in &words[i + 1..] {
            if let Some(c) = condition(w)
                && game.condition.is_none()
            {
                game.condition = Some(c);
            } else if contract == Contract::Wedding && game.partner.is_none() {
                game.partner = Some(w.parse()?);
            } else {
                return Err(msg!("error.bid_after_game", word = w, contract = contract));
            }
        }
        Ok(game)
    }

    /// The kind of game in a reservation round's priority list.
    fn kind(self) -> BidKind {
        match self.contract {
            Contract::Redeal => BidKind::Redeal,
            Contract::Poverty => BidKind::Poverty,
            Contract::Wedding => BidKind::Wedding,
            c if is_solo(c) && self.mark == Some(SoloMark::Compulsory) => BidKind::CompulsorySolo,
            _ => BidKind::VoluntarySolo,
        }
    }
}

/// A game declared like a solo: the declared solos and the ♦Q holders' "solo addition".
fn is_solo(c: Contract) -> bool {
    c.is_declared_solo() || c == Contract::DiamondQueens
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why the bidding ended as it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Nobody declared a reservation.
    NobodyReserved,
    /// Every player passed.
    AllPassed,
    /// A forced solo: one statement, no round.
    Forced,
    /// The highest kind of game in a reservation round; `later`: the later seat among equals.
    Ranked {
        /// Whether the winning bid came after others.
        later: bool,
    },
    /// Taken with Noel Leaver's raises.
    Raised,
    /// The last game said in an auction.
    LastGame,
    /// The one reservation of the wiki's declarations.
    OneReservation,
    /// Two or more named a poverty and, by the club queens, the poor would be partners:
    /// the hands are thrown in (`poverty.partner_by_club_queen`, Ralf Wirth's rule).
    PovertyPartners,
}

/// What the bidding decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The contract played.
    pub contract: Contract,
    /// The declarer's seat, where a solo or a special game has one.
    pub declarer: Option<usize>,
    /// The winning solo's mark, as said.
    pub mark: Option<SoloMark>,
    /// The bride's partner rule, where her statement named one.
    pub partner: Option<WeddingPartner>,
    /// The winner's condition: her party's calls up to it, made with a full hand.
    pub condition: Option<Call>,
    /// The winning statement (index into the bids), if a game was named.
    pub winner: Option<usize>,
    /// Why it won: for `--explain`.
    pub reason: Reason,
}

impl Decided {
    fn normal(reason: Reason) -> Decided {
        Decided {
            contract: Contract::Normal,
            declarer: None,
            mark: None,
            partner: None,
            condition: None,
            winner: None,
            reason,
        }
    }

    fn won(bids: &[Bid], i: usize, game: BidGame, reason: Reason) -> Decided {
        let declarer = (game.contract != Contract::Normal).then_some(bids[i].player);
        Decided {
            contract: game.contract,
            declarer,
            mark: game.mark,
            partner: game.partner,
            condition: game.condition,
            winner: Some(i),
            reason,
        }
    }

    /// The same decision turned into a redeal: the poor players would be partners (the
    /// declarer stays the poor player whose poverty won the round).
    pub fn poverty_partners(self) -> Decided {
        Decided {
            contract: Contract::Redeal,
            mark: None,
            partner: None,
            condition: None,
            reason: Reason::PovertyPartners,
            ..self
        }
    }

    /// A compulsory solo was said.
    pub fn compulsory(&self) -> bool {
        self.mark == Some(SoloMark::Compulsory)
    }

    /// Who won the bidding and why, in a sentence (`--explain`) in the reader's language:
    /// `statement` is the winning statement's text, where a game was named.
    pub fn explain(&self, statement: Option<&str>) -> Text {
        let Some(st) = statement else {
            return Text::msg(match self.reason {
                Reason::NobodyReserved => "bids.nobody_reserved",
                _ => "bids.nobody_named",
            });
        };
        let who = st.split_whitespace().next().unwrap_or("");
        let kind = BidGame {
            contract: self.contract,
            mark: self.mark,
            condition: None,
            partner: None,
        }
        .kind();
        let who = Text::from(who.to_string());
        let st = || Text::from(st.to_string());
        match self.reason {
            Reason::NobodyReserved | Reason::AllPassed => Text::msg("bids.normal"),
            Reason::Forced => Text::msg("bids.forced").with("statement", st()),
            Reason::Ranked { later } => Text::msg(if later {
                "bids.ranked_later"
            } else {
                "bids.ranked_earlier"
            })
            .with("statement", st())
            .word("kind", kind.key()),
            Reason::Raised => Text::msg("bids.raised")
                .with("statement", st())
                .with("player", who),
            Reason::LastGame => Text::msg("bids.last_game").with("statement", st()),
            Reason::OneReservation => Text::msg("bids.one_reservation")
                .with("statement", st())
                .with("player", who),
            Reason::PovertyPartners => Text::msg("bids.poverty_partners").with("statement", st()),
        }
    }
}

/// The players who named a poverty, in the order said, each once.
pub fn poverty_bidders(bids: &[Bid]) -> Vec<usize> {
    let mut poor: Vec<usize> = Vec::new();
    for b in bids {
        if b.game().is_some_and(|g| g.contract == Contract::Poverty) && !poor.contains(&b.player) {
            poor.push(b.player);
        }
    }
    poor
}

impl Bid {
    /// The game the statement names, if any.
    pub fn game(&self) -> Option<BidGame> {
        match self.say {
            Say::Game(g) | Say::Reservation(Some(g)) => Some(g),
            _ => None,
        }
    }
}

/// Why the bids are refused: the statement (index) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidError {
    /// The statement at fault (its index), where one is.
    pub statement: Option<usize>,
    /// What is wrong.
    pub message: Text,
}

fn refuse<T>(bids: &[Bid], i: usize, why: Text) -> Result<T, BidError> {
    Err(BidError {
        statement: Some(i),
        message: msg!("error.quoted", text = bids[i].text, message = why),
    })
}

/// Decides the bidding of a deal: `order` is the seats that play, from the dealer's left;
/// `names` the players' names for messages.
pub fn decide(
    bids: &[Bid],
    profile: &Profile,
    order: &[usize],
    names: &[String],
) -> Result<Decided, BidError> {
    let rules = &profile.bidding;
    for (i, b) in bids.iter().enumerate() {
        if !order.contains(&b.player) {
            return refuse(
                bids,
                i,
                msg!("error.bid_not_playing", player = names[b.player]),
            );
        }
        if let Say::Game(g) | Say::Reservation(Some(g)) = b.say
            && !profile.allows(g.contract)
        {
            return refuse(
                bids,
                i,
                msg!(
                    "error.bid_not_allowed",
                    profile = profile.name,
                    contract = g.contract
                ),
            );
        }
    }
    match rules.way {
        BiddingWay::None => Err(BidError {
            statement: None,
            message: msg!("error.bid_no_way", profile = profile.name),
        }),
        BiddingWay::Reservation => reservation(
            bids,
            rules,
            (order, names),
            profile.poverty.partner_by_club_queen,
        ),
        BiddingWay::Auction => auction(bids, rules, order, names),
        BiddingWay::Declarations => declarations(bids, order, names),
    }
}

/// Where a bidding stands after its statements so far (a game played step by step asks
/// it of each statement a player might make next).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BiddingOutcome {
    /// The last statement is refused.
    Refused,
    /// Nothing refused, but the bidding is not over.
    Open,
    /// The statements decide the game (more may still follow where the way allows it).
    Decided(Decided),
}

/// [`decide`], told as where the bidding stands: a refusal of the last statement, still
/// open (the statements end too soon), or decided.
pub fn outcome(
    bids: &[Bid],
    profile: &Profile,
    order: &[usize],
    names: &[String],
) -> BiddingOutcome {
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

/// The statements must come in seat order: statement `i` by `seat`.
fn in_turn(bids: &[Bid], i: usize, seat: usize, names: &[String]) -> Result<(), BidError> {
    if bids[i].player == seat {
        Ok(())
    } else {
        refuse(bids, i, msg!("error.bid_turn", player = names[seat]))
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

/// The first part of a reservation round: each player, in seat order, healthy or
/// reservation. Returns who reserved.
fn first_part(bids: &[Bid], order: &[usize], names: &[String]) -> Result<SeatList, BidError> {
    let mut reserved = SeatList::default();
    for (k, &seat) in order.iter().enumerate() {
        let Some(b) = bids.get(k) else {
            return Err(BidError {
                statement: None,
                message: msg!("error.bid_round_ends", player = names[seat]),
            });
        };
        in_turn(bids, k, seat, names)?;
        match b.say {
            Say::Healthy => {}
            Say::Reservation(None) => reserved.push(seat),
            _ => return refuse(bids, k, msg!("error.bid_first")),
        }
    }
    Ok(reserved)
}

/// The reservation round (TSR 4.1; «ドッペルコップ(Doppelkopf)»): healthy or reservation
/// in seat order, then each who reserved names a game or passes.
/// `poverties`: Ralf Wirth's poverty (`poverty.partner_by_club_queen`), under which two or
/// more may name a poverty (outbidding aside).
fn reservation(
    bids: &[Bid],
    rules: &Bidding,
    (order, names): (&[usize], &[String]),
    poverties: bool,
) -> Result<Decided, BidError> {
    // A forced solo has no round: one statement, a compulsory solo.
    if let [
        Bid {
            say: Say::Game(g), ..
        },
    ] = bids
        && g.mark == Some(SoloMark::Compulsory)
    {
        return Ok(Decided::won(bids, 0, *g, Reason::Forced));
    }
    let n = order.len();
    let reserved = first_part(bids, order, names)?;
    let reserved = reserved.as_slice();
    // Each who reserved names a game or passes, in seat order.
    let mut best: Option<(usize, BidGame, (usize, usize))> = None;
    for (j, &seat) in reserved.iter().enumerate() {
        let i = n + j;
        let Some(b) = bids.get(i) else {
            return Err(BidError {
                statement: None,
                message: msg!("error.bid_no_game", player = names[seat]),
            });
        };
        in_turn(bids, i, seat, names)?;
        let g = match b.say {
            Say::Pass => continue,
            Say::Game(g) if g.contract != Contract::Normal => g,
            _ => {
                return refuse(bids, i, msg!("error.bid_names_game"));
            }
        };
        if g.condition.is_some() {
            return refuse(bids, i, msg!("error.bid_condition"));
        }
        let rank = reservation_rank(rules, g);
        let better = match best {
            None => true,
            Some((_, _, r)) if rank < r => true,
            Some((_, _, r)) if rank == r => rules.ties == Ties::Later,
            _ => false,
        };
        let another_poverty = poverties
            && g.contract == Contract::Poverty
            && best.is_some_and(|(_, b, _)| b.contract == Contract::Poverty);
        if rules.outbid
            && !another_poverty
            && let Some((b, _, r)) = best
            && rank >= r
        {
            return refuse(bids, i, msg!("error.bid_outbid", statement = bids[b].text));
        }
        if better {
            best = Some((i, g, rank));
        }
    }
    let end = n + reserved.len();
    let mut raised = false;
    if rules.steal
        && let Some((holder, g, rank)) = best
        && is_solo(g.contract)
    {
        let (i, level) = steal(bids, end, holder, order, names)?;
        raised = level.is_some();
        if let Say::Game(mut g) = bids[i].say {
            g.condition = level;
            best = Some((i, g, rank));
        }
    } else if end < bids.len() {
        return refuse(bids, end, msg!("error.bid_over"));
    }
    Ok(match best {
        None if reserved.is_empty() => Decided::normal(Reason::NobodyReserved),
        None => Decided::normal(Reason::AllPassed),
        Some((i, g, _)) if raised => Decided::won(bids, i, g, Reason::Raised),
        Some((i, g, _)) => Decided::won(
            bids,
            i,
            g,
            Reason::Ranked {
                later: rules.ties == Ties::Later,
            },
        ),
    })
}

/// Noel Leaver's way (`bidding.steal`): after the round, a player who named a solo may
/// take the solo from its holder by raising (`Ben no90`), the earlier seat with an equal
/// raise, a later one with a higher; raises go on (no60, no30, schwarz). The last raiser
/// plays her solo, and her raise is her call with a full hand. Returns the statement of
/// the solo that plays and the raise.
fn steal(
    bids: &[Bid],
    from: usize,
    mut holder: usize,
    order: &[usize],
    names: &[String],
) -> Result<(usize, Option<Call>), BidError> {
    let seat_of = |i: usize| order.iter().position(|&s| s == bids[i].player);
    let mut level: Option<Call> = None;
    for i in from..bids.len() {
        let Say::Raise(c) = bids[i].say else {
            return refuse(bids, i, msg!("error.bid_raise_only"));
        };
        let Some(solo) = bids[..from].iter().position(|b| {
            b.player == bids[i].player && matches!(b.say, Say::Game(g) if is_solo(g.contract))
        }) else {
            return refuse(
                bids,
                i,
                msg!("error.bid_no_solo_to_raise", player = names[bids[i].player]),
            );
        };
        if bids[i].player == bids[holder].player {
            return refuse(
                bids,
                i,
                msg!("error.bid_holds_solo", player = names[bids[i].player]),
            );
        }
        let earlier = seat_of(i) < seat_of(holder);
        let beats = match level {
            None => true,
            Some(l) => c > l || (c == l && earlier),
        };
        if !beats {
            return refuse(
                bids,
                i,
                msg!(
                    "error.bid_raise_above",
                    level = level.map_or(Text::msg("error.word_nothing"), |l| Text::from(
                        l.word(crate::contract::Party::Re)
                    ))
                ),
            );
        }
        level = Some(c);
        holder = solo;
    }
    Ok((holder, level))
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

/// The online game's auction («ドッペルコップ・ルール和訳»): one round from the dealer's
/// left, each passes or names a game ranking above every game said before; the last game
/// said wins.
fn auction(
    bids: &[Bid],
    rules: &Bidding,
    order: &[usize],
    names: &[String],
) -> Result<Decided, BidError> {
    if bids.len() > order.len() {
        return refuse(bids, order.len(), msg!("error.bid_one_round"));
    }
    // The statements made are checked first: a wrong one is named before the round is
    // found short.
    let mut best: Option<(usize, BidGame)> = None;
    for (i, &seat) in order.iter().enumerate().take(bids.len()) {
        in_turn(bids, i, seat, names)?;
        // "Healthy" (no reservation) is a pass here.
        let g = match bids[i].say {
            Say::Pass | Say::Healthy => continue,
            Say::Game(g) => g,
            _ => return refuse(bids, i, msg!("error.bid_auction_say")),
        };
        if g.mark.is_some() {
            return refuse(bids, i, msg!("error.bid_auction_no_compulsory"));
        }
        if let Some((b, prev)) = best
            && auction_rank(rules, g) <= auction_rank(rules, prev)
        {
            return refuse(
                bids,
                i,
                msg!("error.bid_rank_above", statement = bids[b].text),
            );
        }
        best = Some((i, g));
    }
    if bids.len() < order.len() {
        return Err(BidError {
            statement: None,
            message: msg!("error.bid_auction_ends", player = names[order[bids.len()]]),
        });
    }
    Ok(match best {
        None => Decided::normal(Reason::AllPassed),
        Some((i, g)) => Decided::won(bids, i, g, Reason::LastGame),
    })
}

/// The wiki's declarations («Doppelkopfの遊び方»): from the dealer's left each once,
/// `gesund` or `vorbehalt` with its game; at most one reservation; a compulsory solo ends
/// the round. A player who says nothing is healthy.
fn declarations(bids: &[Bid], order: &[usize], names: &[String]) -> Result<Decided, BidError> {
    let mut best: Option<(usize, BidGame)> = None;
    let mut at = 0;
    for (i, b) in bids.iter().enumerate() {
        let Some(k) = order[at..].iter().position(|&s| s == b.player) else {
            return refuse(bids, i, msg!("error.bid_spoken", player = names[b.player]));
        };
        at += k + 1;
        if let Some((w, g)) = best
            && g.mark == Some(SoloMark::Compulsory)
        {
            return refuse(
                bids,
                i,
                msg!("error.bid_compulsory_ended", statement = bids[w].text),
            );
        }
        let g = match b.say {
            Say::Healthy => continue,
            Say::Reservation(Some(g)) => g,
            Say::Reservation(None) => {
                return refuse(bids, i, msg!("error.bid_reservation_game"));
            }
            _ => return refuse(bids, i, msg!("error.bid_gesund_or_vorbehalt")),
        };
        if let Some((w, _)) = best {
            return refuse(
                bids,
                i,
                msg!("error.bid_one_reservation", statement = bids[w].text),
            );
        }
        if is_solo(g.contract) && g.mark.is_none() {
            return refuse(bids, i, msg!("error.bid_solo_mark"));
        }
        if g.contract == Contract::Normal || g.condition.is_some() {
            return refuse(bids, i, msg!("error.bid_reservation_kind"));
        }
        best = Some((i, g));
    }
    Ok(match best {
        None => Decided::normal(Reason::NobodyReserved),
        Some((i, g)) => Decided::won(bids, i, g, Reason::OneReservation),
    })
}

impl BidKind {
    /// The kind's words in the catalogue ("a compulsory solo").
    pub fn key(self) -> &'static str {
        match self {
            BidKind::Redeal => "bids.kind_redeal",
            BidKind::CompulsorySolo => "bids.kind_compulsory",
            BidKind::VoluntarySolo => "bids.kind_voluntary",
            BidKind::Poverty => "bids.kind_poverty",
            BidKind::Wedding => "bids.kind_wedding",
        }
    }

    /// The kind's name as profiles write it.
    pub fn name(self) -> &'static str {
        match self {
            BidKind::Redeal => "a redeal",
            BidKind::CompulsorySolo => "a compulsory solo",
            BidKind::VoluntarySolo => "a voluntary solo",
            BidKind::Poverty => "a poverty",
            BidKind::Wedding => "a wedding",
        }
    }
}

/// Statements that bid `contract` by `declarer` under the profile's way of bidding, for
/// `doko generate`: the declarer reserves and names her game, everyone else is healthy (or
/// passes). `order` is the seats that play, from the dealer's left. None where the profile
/// has no way of bidding.
pub fn statements_for(
    profile: &Profile,
    names: &[String],
    order: &[usize],
    game: (Contract, Option<usize>, bool),
    partner: Option<WeddingPartner>,
) -> Vec<String> {
    let (contract, declarer, compulsory) = game;
    let bidder = declarer.filter(|_| !matches!(contract, Contract::Normal | Contract::SilentSolo));
    let mut word = contract.name().to_string();
    if let (Contract::Wedding, Some(p)) = (contract, partner) {
        word = format!("{word} {p}");
    }
    let mark = if compulsory {
        "compulsory"
    } else {
        "voluntary"
    };
    let way = profile.bidding.way;
    let mut out = Vec::new();
    let say = |s: usize, w: &str| format!("{} {w}", names[s]);
    match way {
        BiddingWay::None => {}
        BiddingWay::Reservation => {
            for &s in order {
                out.push(say(
                    s,
                    if Some(s) == bidder {
                        "reservation"
                    } else {
                        "healthy"
                    },
                ));
            }
            if let Some(b) = bidder {
                let w = if is_solo(contract) {
                    format!("{mark} {word}")
                } else {
                    word
                };
                out.push(say(b, &w));
            }
        }
        BiddingWay::Auction => {
            for &s in order {
                out.push(say(
                    s,
                    if Some(s) == bidder {
                        word.as_str()
                    } else {
                        "pass"
                    },
                ));
            }
        }
        BiddingWay::Declarations => {
            for &s in order {
                let w = match bidder {
                    Some(b) if b == s && is_solo(contract) => {
                        let m = if compulsory {
                            "pflichtsolo"
                        } else {
                            "lustsolo"
                        };
                        format!("vorbehalt {m} {word}")
                    }
                    Some(b) if b == s => format!("vorbehalt {word}"),
                    _ => "gesund".into(),
                };
                out.push(say(s, &w));
                // A compulsory solo ends the round.
                if Some(s) == bidder && compulsory {
                    break;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::SoloKind;

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
