//! Bids: the statements that choose a deal's contract (docs/formats.md section 8), read and
//! decided under the profile's way of bidding (`[bidding]`).
//!
//! A statement is `<player> <word> [<word> ...]`: `healthy` (gesund), `reservation`
//! (vorbehalt), `pass` (passe), a game (`compulsory`/`voluntary` before a solo, a contract
//! name or alias, an auction's condition `re` `no90` `no60` `no30` `schwarz`, a wedding's
//! partner rule). `decide` finds who won and what is played, from the statements alone;
//! what a game needs in the hand is checked when the deal is played (`play`).

use crate::lang::Text;
use crate::msg;
use std::fmt;

use crate::calls::Call;
use crate::contract::Contract;
use crate::variant::{BidKind, BiddingWay, Profile, WeddingPartner};

/// A solo said to be compulsory (Pflichtsolo) or voluntary (Lustsolo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoloMark {
    /// A solo a player owes.
    Compulsory,
    /// A solo played of one's own will.
    Voluntary,
}

/// A game named in a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    pub fn kind(self) -> BidKind {
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
    pub fn normal(reason: Reason) -> Decided {
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

    /// The game of statement `i`, said by `player`, won for `reason`.
    pub fn won_by(player: usize, i: usize, game: BidGame, reason: Reason) -> Decided {
        let declarer = (game.contract != Contract::Normal).then_some(player);
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
