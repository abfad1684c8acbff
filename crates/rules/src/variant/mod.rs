//! Rule profiles ("variants"): every difference between rule systems is a field here.
//!
//! A profile is a TOML file (`variants/*.toml`, documented key by key in
//! `variants/README.md`). The built-in ones are embedded in the binary; a user may also
//! name a path. `--set key=value` overrides one key before the profile is checked.

pub mod bock;
pub mod builtin;
pub use bock::{BockRules, BockStacking, BockTrigger};
pub mod check;
pub mod error;
pub mod keys;
pub use error::ProfileError;
#[doc(hidden)]
pub use keys::test_profile;
use keys::*;
pub use keys::{LineIndex, line_of, parse_set, set_value};
pub mod load;

use std::fmt;

use serde::Deserialize;

use crate::cards::{Card, Deck, PlaySuit, Rank, Suit};
use crate::contract::Contract;
use crate::extras::{EXTRA_COUNT, Extra};
use crate::lang::Text;

pub use builtin::{BUILTIN, builtin_text};

/// The profile doko plays where nothing names one (a file without `variant`, no
/// `--variant`, Python's default): the DDV tournament rules. Written here only.
pub const DEFAULT_PROFILE: &str = "ddv";

/// The most points one scoring item may be worth (either sign).
pub const MAX_POINTS: i32 = 1000;
/// The largest `scoring.solo_factor`.
pub const MAX_SOLO_FACTOR: i32 = 10;
/// The largest `league.end_at`.
pub const MAX_END_AT: i64 = 1_000_000;

/// A complete, checked rule profile.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The profile's name (`ddv`, `ja-online`, a user's file name).
    pub name: String,
    /// Its title, as lists and tables show it.
    pub title: String,
    /// Its title in German, where the profile has one (`title_de`); else `title`.
    #[serde(default)]
    pub title_de: Option<String>,
    /// Its title in Japanese, where the profile has one (`title_ja`); else `title`.
    #[serde(default)]
    pub title_ja: Option<String>,
    /// Where its rules come from (the source document's title).
    pub source: String,
    /// `[deck]`: the cards, the players and the card order.
    pub deck: DeckRules,
    /// `[contracts]`: the games that may be played.
    pub contracts: ContractRules,
    /// `[calls]`: announcements and their deadlines.
    pub calls: CallRules,
    /// `[winning]`: the eyes each party needs.
    pub winning: WinningRules,
    /// `[scoring]`: the points of a deal.
    pub scoring: ScoringRules,
    /// `[extras]`: special points (Fuchs, Karlchen, Doppelkopf ...).
    pub extras: ExtraRules,
    /// `[poverty]`: the exchange of a poverty.
    pub poverty: PovertyRules,
    /// `[redeal]`: the hands that may be thrown in.
    pub redeal: RedealRules,
    /// `[bock]`: Bock rounds.
    pub bock: BockRules,
    /// `[league]`: a series of deals.
    pub league: LeagueRules,
    /// `[knocking]`: knocking instead of calling.
    pub knocking: KnockRules,
    /// `[bidding]`: how the table bids for its game.
    pub bidding: Bidding,
    /// The card order of each kind of trumps the profile plays, computed once.
    #[serde(skip)]
    orders: Vec<(crate::cards::TrumpKind, crate::cards::CardOrder)>,
    /// How many of each card the deck has, by index, computed once.
    #[serde(skip)]
    in_deck: [u8; crate::cards::DISTINCT],
    /// Every key as the profile says it (chain resolved, `--set` applied), in TOML:
    /// `scoring.announce` → `2`. What `compare --explain` shows of the keys behind a
    /// difference.
    #[serde(skip)]
    keys: Keys,
    /// What the deal machine compiles of the profile, once, when first asked
    /// (`machine::Ruleset::of`).
    #[serde(skip)]
    compiled: Compiled,
}

/// A slot for what the deal machine compiles of a profile: derived from the other fields,
/// so it takes no part in comparing profiles. Its type is the machine's, which sits above
/// the profiles (`tests/shape.rs`): here it is any value, made once.
#[derive(Clone, Default)]
pub struct Compiled(std::sync::OnceLock<std::sync::Arc<dyn std::any::Any + Send + Sync>>);

impl Compiled {
    /// The value, made by `make` at the first call.
    pub fn get_or_init(
        &self,
        make: impl FnOnce() -> std::sync::Arc<dyn std::any::Any + Send + Sync>,
    ) -> &(dyn std::any::Any + Send + Sync) {
        &**self.0.get_or_init(make)
    }
}

impl PartialEq for Compiled {
    fn eq(&self, _: &Compiled) -> bool {
        true
    }
}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "compiled"
        } else {
            "not compiled"
        })
    }
}

/// A profile's keys as written: a view of its text, not a rule, so two profiles with the
/// same rules are equal however their files say them (`extends`, `--set`).
#[derive(Debug, Clone, Default)]
struct Keys(std::collections::BTreeMap<String, String>);

impl PartialEq for Keys {
    fn eq(&self, _: &Keys) -> bool {
        true
    }
}

/// `[deck]`: the cards, the table and the trumps of a normal game.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRules {
    /// Ranks in the deck, each in all four suits.
    #[serde(deserialize_with = "de_parsed")]
    pub ranks: Vec<Rank>,
    /// Copies of each card.
    pub copies: u8,
    /// Players who get cards in a deal (a further player at the table sits out).
    pub players: u8,
    /// Trumps of a normal game, highest first; suit solos replace its plain diamonds.
    /// Cards not in the deck are skipped, so the order serves a deck without nines too.
    #[serde(deserialize_with = "de_parsed")]
    pub trumps: Vec<Card>,
    /// The Dullen rule: the second ♥10 of a trick beats the first.
    pub dullen: Dullen,
    /// Schweinchen: both copies of this card in one hand, declared, rank above every
    /// trump (`""`: not played).
    #[serde(deserialize_with = "de_opt")]
    pub schweinchen: Option<Card>,
    /// Hyperschweinchen: after Schweinchen, both copies of this card in one hand rank
    /// above the Schweinchen (`""`: not played).
    #[serde(deserialize_with = "de_opt")]
    pub hyperschweinchen: Option<Card>,
    /// Genscher («ドッペルコップ(Doppelkopf)», variations): after Hyperschweinchen, both
    /// copies of this card in one hand, declared, rank above the Hyperschweinchen (`""`:
    /// not played).
    #[serde(deserialize_with = "de_opt")]
    pub genscher: Option<Card>,
    /// In a suit solo the Schweinchen (Hyperschweinchen, Genscher) are the cards of the
    /// same rank in the solo's suit (FreeDoko "swines in color solo"); else none are played
    /// in suit solos other than diamonds.
    pub schweinchen_in_suit_solo: bool,
    /// A joker takes the place of one ♦9 («ドッペルコップ(Doppelkopf)», variations). Named
    /// `JK` in `trumps` (first: above the ♥10) it is that trump wherever the list is (normal
    /// games, suit solos); elsewhere, and where the list does not name it, it plays as a ♦9.
    pub joker: bool,
    /// True: a table of `players`, or up to three more who sit out each deal (the dealer
    /// and the seats across, [`crate::seating::sits_out`]). False: the dealer only deals (the
    /// wiki), so the table has at least `players` + 1 seats.
    pub dealer_plays: bool,
}

/// When the second ♥10 of a trick beats the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dullen {
    /// The Dullen rank like any ten.
    Off,
    /// The second ♥10 beats the first.
    On,
    /// The second ♥10 beats the first, except in the last trick.
    ExceptLastTrick,
}

/// Who becomes a wedding's partner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WeddingPartner {
    /// The first other player to win a trick (Fremd).
    FirstTrick,
    /// The first other player to win a trick with a trump.
    FirstTrumpTrick,
    /// The first other player to win a trick led in a side suit.
    FirstSideTrick,
    /// In a profile: the bride names a trick, "the winner of the n-th trick (of suit s)"
    /// (the reference page's wedding variation 3); a record names it as [`WeddingPartner::NthTrick`].
    NamedTrick,
    /// The winner of the `n`-th trick, or of the `n`-th trick led in `led`; nobody if that
    /// trick is not played or the bride wins it (she then plays alone).
    NthTrick {
        /// The trick, from 1.
        n: u8,
        /// The suit it must be led in, where one is named.
        led: Option<PlaySuit>,
    },
}

impl WeddingPartner {
    /// Whether a profile that lists `self` lets the bride choose `rule`.
    pub fn permits(self, rule: WeddingPartner) -> bool {
        self == rule
            || (self == WeddingPartner::NamedTrick
                && matches!(rule, WeddingPartner::NthTrick { .. }))
    }
}

/// The play suits a named trick may be led in, as records write them.
const LED_NAMES: [(&str, PlaySuit); 5] = [
    ("clubs", PlaySuit::Side(Suit::Clubs)),
    ("spades", PlaySuit::Side(Suit::Spades)),
    ("hearts", PlaySuit::Side(Suit::Hearts)),
    ("diamonds", PlaySuit::Side(Suit::Diamonds)),
    ("trump", PlaySuit::Trump),
];

impl fmt::Display for WeddingPartner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeddingPartner::FirstTrick => f.write_str("first-trick"),
            WeddingPartner::FirstTrumpTrick => f.write_str("first-trump-trick"),
            WeddingPartner::FirstSideTrick => f.write_str("first-side-trick"),
            WeddingPartner::NamedTrick => f.write_str("named-trick"),
            WeddingPartner::NthTrick { n, led: None } => write!(f, "trick-{n}"),
            WeddingPartner::NthTrick { n, led: Some(led) } => {
                let name = LED_NAMES
                    .iter()
                    .find(|(_, l)| l == led)
                    .map_or("trump", |(name, _)| *name);
                write!(f, "trick-{n}-{name}")
            }
        }
    }
}

impl std::str::FromStr for WeddingPartner {
    type Err = crate::lang::Text;
    fn from_str(s: &str) -> Result<WeddingPartner, crate::lang::Text> {
        let s = s.trim();
        let known = "first-trick, first-trump-trick, first-side-trick, named-trick, \
                     or a named trick: trick-N, trick-N-SUIT with SUIT one of clubs, spades, \
                     hearts, diamonds, trump";
        match s {
            "first-trick" => return Ok(WeddingPartner::FirstTrick),
            "first-trump-trick" => return Ok(WeddingPartner::FirstTrumpTrick),
            "first-side-trick" => return Ok(WeddingPartner::FirstSideTrick),
            "named-trick" => return Ok(WeddingPartner::NamedTrick),
            _ => {}
        }
        let unknown = || crate::msg!("error.unknown_wedding_partner", word = s, known = known);
        let rest = s.strip_prefix("trick-").ok_or_else(unknown)?;
        let (n, led) = match rest.split_once('-') {
            Some((n, suit)) => {
                let led = LED_NAMES
                    .iter()
                    .find(|(name, _)| *name == suit)
                    .map(|(_, l)| *l)
                    .ok_or_else(unknown)?;
                (n, Some(led))
            }
            None => (rest, None),
        };
        match n.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(WeddingPartner::NthTrick { n, led }),
            _ => Err(unknown()),
        }
    }
}

/// How a table bids: the way of `[bidding]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BiddingWay {
    /// No bidding rule: records state their contract.
    None,
    /// The reservation round (TSR 4.1; «ドッペルコップ(Doppelkopf)»).
    Reservation,
    /// The online game's one-round auction («ドッペルコップ・ルール和訳»).
    Auction,
    /// The wiki's declarations («Doppelkopfの遊び方»).
    Declarations,
}

impl BiddingWay {
    /// The way's name as profiles write it.
    pub fn name(self) -> &'static str {
        match self {
            BiddingWay::None => "none",
            BiddingWay::Reservation => "reservation",
            BiddingWay::Auction => "auction",
            BiddingWay::Declarations => "declarations",
        }
    }
}

/// The kinds of game of a reservation round, for its priority list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BidKind {
    /// A redeal (the hand is thrown in).
    Redeal,
    /// A compulsory solo.
    CompulsorySolo,
    /// A voluntary solo (Lustsolo).
    VoluntarySolo,
    /// A poverty.
    Poverty,
    /// A wedding.
    Wedding,
}

/// Which of two equal games wins a reservation round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// The earlier seat (from the dealer's left).
    Earlier,
    /// The later seat: the last bidder (a variation of «ドッペルコップ(Doppelkopf)»).
    Later,
}

/// `[bidding]`: how the table chooses the contract (docs/formats.md section 8).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bidding {
    /// The order in which the table bids.
    pub way: BiddingWay,
    /// Reservation round: the kinds of game, strongest first (poverty below the wedding is
    /// a variation).
    pub priority: Vec<BidKind>,
    /// Solos ranked by kind, strongest first (the auction; the reference page's "solo
    /// priority by kind" in a reservation round). Empty: solos of one kind rank alike.
    #[serde(deserialize_with = "de_parsed")]
    pub solo_order: Vec<Contract>,
    /// Reservation round: among equal games the earlier or the later seat wins.
    pub ties: Ties,
    /// Reservation round: a later game must rank above the best so far, else pass (the
    /// reference page's main text).
    pub outbid: bool,
    /// Reservation round: Noel Leaver's raises (`Ben no90`) take a solo from its holder.
    pub steal: bool,
}

/// `[contracts]`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContractRules {
    #[serde(deserialize_with = "de_parsed")]
    /// The contracts this profile plays.
    pub allowed: Vec<Contract>,
    /// In a compulsory solo the soloist leads trick 1.
    pub compulsory_solo_leads: bool,
    /// Every declared solo is led by its soloist, and the same dealer deals again (the
    /// optional rule of «ドッペルコップ(Doppelkopf)»).
    pub every_solo_leads: bool,
    /// A wedding partner must be found within this many tricks; else the bride plays alone.
    pub wedding_tricks: u8,
    /// How a wedding partner is found; the first is the default, the others may be chosen
    /// by the bride (`wedding_partner` in a record); `named-trick` lets her name a trick.
    #[serde(deserialize_with = "de_parsed")]
    pub wedding_partner: Vec<WeddingPartner>,
    /// Extra point of a misere played open (`misere-ouvert`).
    pub misere_ouvert_bonus: i32,
    /// What a wedding without a partner becomes: `""` the bride plays the wedding alone,
    /// or a contract with the normal trumps (the wiki: `solo-diamonds`).
    #[serde(deserialize_with = "de_opt")]
    pub wedding_unfound: Option<Contract>,
    /// The cards whose holders are Re in a normal game (Doppelkopf: the ♣Q; Kloepper: the
    /// ♣Q and the ♠Q). One player holding every copy of all of them plays alone (a silent
    /// solo) or declares a wedding or calls an ace where the profile allows it.
    #[serde(deserialize_with = "de_parsed")]
    pub re_cards: Vec<Card>,
    /// A player holding every Re card may name a side-suit ace (`called` in a record): its
    /// holder is her partner.
    pub called_ace: bool,
    /// FreeDoko's Genscher: in a normal game the holder of both ♦K, on playing the first,
    /// names a new partner (`genscher_partner` in a record); the final parties are scored.
    pub genscher_partner: bool,
    /// The Genscher pair's party: `keep` (the holder's party keeps its name) or `re`
    /// (the pair is Re, as FreeDoko plays it).
    pub genscher_party: GenscherParty,
}

/// Which party the Genscher pair becomes (`contracts.genscher_party`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GenscherParty {
    /// The holder's party keeps its name (Re or Kontra) and takes the partner; calls made
    /// before her card stay with the party name they were made for.
    Keep,
    /// The holder and her partner are Re, the other two Kontra (FreeDoko); each call made
    /// before her card counts for its caller's new party as Re or Kontra, its higher
    /// levels dropped (FreeDoko keeps only "the" announcement of each player who made one).
    Re,
}

/// `[poverty]`: Armut.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PovertyRules {
    /// A player with at most this many trumps may declare poverty.
    pub max_trumps: u8,
    /// Whether ♦A counts as a trump for that limit.
    pub count_diamond_ace: bool,
    /// Only trumps are passed (possibly fewer than three cards); else three cards, every
    /// trump among them.
    pub only_trumps: bool,
    /// The partner may return trumps.
    pub return_trumps: bool,
    /// Cards passed and returned (unless `only_trumps`).
    pub cards: u8,
    /// The partner is chosen by the club queens («ドッペルコップ(Doppelkopf)», variant 4): a poor player with
    /// a club queen exchanges with the other club queen (the two are Re); one without
    /// exchanges with a player without one (the two are Kontra); a player with both club
    /// queens must be the partner (the two are Re).
    pub partner_by_club_queen: bool,
    /// After a poverty nobody accepts, and after two poor partners throw their hands in,
    /// the same dealer deals again («ドッペルコップ(Doppelkopf)»'s main text: "このときの
    /// ディーラーは交代しません"); `false`: the next player deals (its poverty variation 5).
    pub redeal_same_dealer: bool,
}

/// `[redeal]`: hands that may be thrown in (0, or -1 for `max_trumps`: not a reason).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RedealRules {
    /// Nines in one hand that allow a redeal (0: none do).
    pub nines: u8,
    /// Kings in one hand that allow a redeal (0: none do).
    pub kings: u8,
    /// At most this many trumps allow a redeal (-1: never).
    pub max_trumps: i8,
    /// After a redeal the same dealer deals again (else the next player deals).
    pub same_dealer: bool,
}

/// When a reply (Erwiderung) to the opponents' calls is still allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// No reply beyond the normal deadlines.
    None,
    /// Re/Kontra may answer the opponents' Re/Kontra with one card fewer (DDV).
    Announce,
    /// As `announce`, and also answer any later call up to one card after its deadline.
    Latest,
}

/// `[calls]`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallRules {
    /// How many kinds of call are played, in the order Re/Kontra, no 90, no 60, no 30,
    /// schwarz: 5 all of them, 1 only Re and Kontra, 0 none (Kloepper).
    pub levels: u8,
    /// For Re/Kontra, no 90, no 60, no 30, schwarz: how many cards the caller may have
    /// played at most (DDV with 12 cards: 1, 2, 3, 4, 5, i.e. 11 ... 7 cards still in hand).
    pub deadlines: [u8; 5],
    /// What answers an opponent's call (a reply).
    pub reply: Reply,
    /// A wedding clarified in trick k moves every deadline k - 1 cards later, and nobody
    /// may call before the clarification trick is complete.
    pub wedding_shift: bool,
    /// With `wedding_shift`: the deadlines move k cards later, not k - 1 (Noel Leaver's
    /// rule in «ドッペルコップ(Doppelkopf)»: a partner found in trick 1 delays every call
    /// by one trick).
    pub wedding_shift_whole: bool,
    /// A declared solo counts as Re called: its `announce` points and targets apply
    /// without a word («ドッペルコップ(Doppelkopf)», variations).
    pub solo_counts_as_re: bool,
    /// A call is made only on one's own turn: just before playing one's own card.
    pub own_turn: bool,
    /// Zwingen: the winner of a first trick of at least 30 eyes must call, before the
    /// next card, Re/Kontra or, where her party has called it, the next call.
    pub zwingen: bool,
    /// In a wedding, calls are not delayed; a player who does not know her party yet may
    /// say `double`, which counts as Re or Kontra for the party she ends in.
    pub wedding_double: bool,
    /// Only the party that first said no 90 may go on to no 60, no 30 and schwarz (Noel
    /// Leaver's and けがわ's rule in «ドッペルコップ(Doppelkopf)»: "「90」以降の宣言は
    /// 「90」を先に宣言したチームのみ行う事が出来る").
    pub further_only_first_no90: bool,
}

/// `[winning]`: the eyes a party needs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinningRules {
    /// Eyes Re needs to win (121 in most profiles).
    pub re_target: u16,
    /// Eyes Kontra needs to win when only Re called or nobody did.
    pub kontra_target: u16,
    /// Targets when Kontra was called and Re was not.
    pub only_kontra_re_target: u16,
    /// Eyes Kontra needs to win when only Kontra called.
    pub only_kontra_kontra_target: u16,
    /// A party's own no 90 / no 60 / no 30 raise its target to these; schwarz: every trick.
    pub own_call_targets: [u16; 3],
    /// Against the opponents' no 90 / no 60 / no 30 a party wins with these; against
    /// schwarz, with one trick.
    pub against_call_targets: [u16; 3],
    /// What schwarz is about: `tricks` (no trick won) or `eyes` (no eyes).
    pub schwarz: SchwarzBy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
/// What makes a party schwarz.
pub enum SchwarzBy {
    /// Taking no trick.
    Tricks,
    /// Taking no eyes.
    Eyes,
}

/// How Re and Kontra raise the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Doubling {
    /// They add `announce` points each.
    None,
    /// The first Re or Kontra doubles the value once.
    Once,
    /// Each of Re and Kontra doubles the value.
    Each,
}

/// How a deal's value is written on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// Winners +, losers - (a lone player three times); each row sums to 0.
    ZeroSum,
    /// Only the side that scores writes its points (a lone player three times).
    PlusOnly,
    /// Only the side that scores writes, each of its players the deal's points once
    /// (Kloepper).
    PlusEach,
    /// Only the losers write, their points negative (a lone player three times): FreeDoko's
    /// `counting = minus`.
    MinusOnly,
}

/// How a Karlchen is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KarlchenKind {
    /// ♣J wins the last trick.
    WinsLastTrick,
    /// Each ♣J played in the last trick scores for its player's party, won or not (the
    /// wiki).
    PlayedInLastTrick,
    /// The winner of the last trick takes a ♣J played by herself or an opponent (one
    /// Karlchen each).
    TakenInLastTrick,
}

/// What makes a Doppelkopf.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoppelkopfKind {
    /// At least `doppelkopf_eyes` eyes.
    Eyes,
    /// Two pairs of equal cards.
    TwoPairs,
}

/// `[scoring]`: the game value items (all credited to the winning party).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    /// Points for winning a deal.
    pub won: i32,
    /// The loser has fewer than these eyes: under 90, under 60, under 30.
    pub under_thresholds: [u16; 3],
    /// Points for each of under 90, under 60, under 30, schwarz.
    pub under: i32,
    /// Points for each of Re and Kontra called.
    pub announce: i32,
    /// `announce` counts once for each player who said Re/Kontra, not once per party
    /// («Doppelkopfの遊び方»: "これにより持ち点は自動的に1加算される").
    pub announce_per_caller: bool,
    /// Points for each no 90 / no 60 / no 30 / schwarz level called, by either party.
    pub call_level: i32,
    /// Eyes that count as "reached against" the opponents' no 90, no 60, no 30, schwarz.
    pub reached_thresholds: [u16; 4],
    /// Points for reaching a target against the other party's call.
    pub reached_against: i32,
    /// Nobody wins: count the "under" items.
    pub nobody_wins_under: bool,
    /// Nobody wins: count the "reached against" items.
    pub nobody_wins_reached: bool,
    /// Kontra won ("defence won").
    pub defence_won: i32,
    /// `defence_won` also when one player plays alone against three.
    pub defence_won_alone: bool,
    /// Re and Kontra both called.
    pub both_called: i32,
    /// How calls multiply the value.
    pub doubling: Doubling,
    /// Doubling also doubles the extras.
    pub doubling_extras: bool,
    /// A party that fails its own no 90 ... schwarz is scored as if the opponents had
    /// fallen under it (the winners get those "under" points).
    pub failed_calls_as_made: bool,
    /// Multiplies the value of a deal with one player alone (before tripling).
    pub solo_factor: i32,
    /// How a solo is written on the sheet.
    pub sheet: Counting,
    /// Under `plus-only` and `minus-only`, the lone player's opponents also write three
    /// times the value when they are the side that writes (FreeDoko `solo always counts
    /// triple`).
    pub solo_triple_always: bool,
    /// The losers also earn the "under" items for the winners' eyes (the winners under
    /// 90, 60, 30), which the net value subtracts: FreeDoko's `played_W + announced_W -
    /// played_L`.
    pub losers_under: bool,
    /// A Re or Kontra said only as a reply (after its own deadline, TSR 6.5) is worth this
    /// many points to the winners instead of `announce`, and doubles nothing (FreeDoko
    /// `no 120 reply`); 0: a reply counts as the party's Re/Kontra.
    pub reply_points: i32,
    /// How the items make the deal's value: `net` (the winners' items less the losers'),
    /// or `sum` (every item of both parties, won by the winners: the wiki's "the winners
    /// take the losers' points").
    pub value: ValueRule,
    /// Game points from a table of eyes instead of items (Kloepper): the winning party
    /// scores the points of the highest band its eyes reach. Empty: items as above.
    pub eye_table: Vec<EyeBand>,
    /// Points for taking every trick, where the eye table has a row for it (0: no row,
    /// the highest band its eyes reach applies).
    pub eye_table_all_tricks: EyeBand,
}

/// How a deal's items add up to its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueRule {
    /// The winner's points less the loser's.
    Net,
    /// The winner's points and the loser's added up.
    Sum,
}

/// One row of an eye table: from how many eyes of the scoring party, and the points in
/// each column (0: this party cannot score in this band).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EyeBand {
    /// The lowest eyes of the band.
    pub from: u16,
    /// The Re party of two or more.
    pub re: i32,
    /// Their opponents.
    pub kontra: i32,
    /// Re played by one player alone.
    pub re_alone: i32,
    /// The opponents of a lone player.
    pub kontra_alone: i32,
}

/// `[knocking]` (Kloepper): the Re party claims every trick before trick 2 is led, the
/// opponents may knock back.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockRules {
    /// Whether a party may knock at all.
    pub allowed: bool,
    /// Re knocked and took every trick (instead of the table's all-tricks row).
    pub all_tricks: i32,
    /// Re knocked, the opponents knocked back: every trick to Re scores this for Re, any
    /// trick to the opponents scores it for them.
    pub knocked_back: i32,
    /// A lone player knocked: every trick scores this for her, any trick to the opponents
    /// scores it for them.
    pub alone: i32,
    /// The opponents may knock back against a lone player.
    pub knock_back_alone: bool,
}

/// `[extras]`: points of each extra (0: not scored), and how some are made.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtraRules {
    /// Points of each extra, by its place in [`crate::extras::EXTRAS`] (its row's `key`
    /// names them in the profile; 0: not scored). Read them with [`Profile::extra_points`].
    pub points: [i32; EXTRA_COUNT],
    /// A fox is also caught where the ♦A is not a trump (suit solos of ♣ ♠ ♥, queens,
    /// jacks and meatless solos): «Doppelkopfの遊び方» sets no condition on the contract.
    pub fox_side_card: bool,
    /// Which card is a Karlchen.
    pub karlchen_kind: KarlchenKind,
    /// Which trick is a Doppelkopf.
    pub doppelkopf_kind: DoppelkopfKind,
    /// Kontra wins a normal game ("gegen die Alten").
    pub against_the_old: i32,
    /// `against_the_old` also at 120:120.
    pub against_the_old_at_tie: bool,
    /// Extras still scored when one player plays alone (solos), by name: any extra, or
    /// `against-the-old`.
    pub in_solos: Vec<crate::extras::SoloExtra>,
    /// Whether extras count when nobody wins the deal.
    pub when_nobody_wins: bool,
    /// Eyes a trick needs to be a Doppelkopf.
    pub doppelkopf_eyes: u16,
}

/// The keys of `[extras]` besides the extras' points, in the order they follow those.
const EXTRA_SETTINGS: [&str; 7] = [
    "karlchen_kind",
    "doppelkopf_kind",
    "against_the_old",
    "against_the_old_at_tie",
    "in_solos",
    "when_nobody_wins",
    "doppelkopf_eyes",
];

/// Every key of `[extras]`, in order: each extra's points (and its own settings), then
/// [`EXTRA_SETTINGS`]. A key not among them is refused with this list.
fn extra_keys() -> &'static [&'static str] {
    static KEYS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let rows = crate::extras::EXTRAS.iter();
        let own = rows.flat_map(|r| std::iter::once(r.key).chain(r.settings.iter().copied()));
        own.chain(EXTRA_SETTINGS).collect()
    })
}

/// `[extras]` read key by key: an extra's points by its row's key, the other keys by name.
impl<'de> Deserialize<'de> for ExtraRules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ExtraRules, D::Error> {
        use serde::de::{self, MapAccess, Visitor};
        struct InSolos(Vec<crate::extras::SoloExtra>);
        impl<'de> Deserialize<'de> for InSolos {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<InSolos, D::Error> {
                de_parsed(d).map(InSolos)
            }
        }
        struct Rules;
        impl<'de> Visitor<'de> for Rules {
            type Value = ExtraRules;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("struct ExtraRules")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ExtraRules, A::Error> {
                fn once<T, E: de::Error>(
                    slot: &mut Option<T>,
                    v: T,
                    key: &'static str,
                ) -> Result<(), E> {
                    if slot.is_some() {
                        return Err(E::duplicate_field(key));
                    }
                    *slot = Some(v);
                    Ok(())
                }
                let mut points = [None; EXTRA_COUNT];
                let (mut side, mut karlchen, mut doppelkopf, mut old) = (None, None, None, None);
                let (mut old_tie, mut solos, mut nobody, mut eyes) = (None, None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    if let Some(x) = Extra::by_key(&key) {
                        let v = map.next_value()?;
                        once(&mut points[x as usize], v, x.row().key)?;
                        continue;
                    }
                    match key.as_str() {
                        "fox_side_card" => once(&mut side, map.next_value()?, "fox_side_card")?,
                        "karlchen_kind" => once(&mut karlchen, map.next_value()?, "karlchen_kind")?,
                        "doppelkopf_kind" => {
                            once(&mut doppelkopf, map.next_value()?, "doppelkopf_kind")?
                        }
                        "against_the_old" => once(&mut old, map.next_value()?, "against_the_old")?,
                        "against_the_old_at_tie" => {
                            once(&mut old_tie, map.next_value()?, "against_the_old_at_tie")?
                        }
                        "in_solos" => once(&mut solos, map.next_value::<InSolos>()?.0, "in_solos")?,
                        "when_nobody_wins" => {
                            once(&mut nobody, map.next_value()?, "when_nobody_wins")?
                        }
                        "doppelkopf_eyes" => once(&mut eyes, map.next_value()?, "doppelkopf_eyes")?,
                        _ => return Err(de::Error::unknown_field(&key, extra_keys())),
                    }
                }
                let need = |key: &'static str| de::Error::missing_field(key);
                // Every extra's points are there: the profile's chain gives an extra no file
                // names its row's default (`load::merged`).
                let mut scored = [0; EXTRA_COUNT];
                for (i, row) in crate::extras::EXTRAS.iter().enumerate() {
                    scored[i] = points[i].ok_or_else(|| need(row.key))?;
                }
                Ok(ExtraRules {
                    points: scored,
                    fox_side_card: side.ok_or_else(|| need("fox_side_card"))?,
                    karlchen_kind: karlchen.ok_or_else(|| need("karlchen_kind"))?,
                    doppelkopf_kind: doppelkopf.ok_or_else(|| need("doppelkopf_kind"))?,
                    against_the_old: old.ok_or_else(|| need("against_the_old"))?,
                    against_the_old_at_tie: old_tie
                        .ok_or_else(|| need("against_the_old_at_tie"))?,
                    in_solos: solos.ok_or_else(|| need("in_solos"))?,
                    when_nobody_wins: nobody.ok_or_else(|| need("when_nobody_wins"))?,
                    doppelkopf_eyes: eyes.ok_or_else(|| need("doppelkopf_eyes"))?,
                })
            }
        }
        d.deserialize_struct("ExtraRules", extra_keys(), Rules)
    }
}

/// `[league]`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueRules {
    /// Deals in a series.
    pub deals: u16,
    /// Compulsory solos each player owes in a series (0: none).
    pub compulsory_solos: u8,
    /// The game ends after the deal in which a player's total reaches this (0: after
    /// `deals` deals); the highest total wins.
    pub end_at: i64,
    /// A deal added at the table (`league add`, the page) with one Re player and no game.
    pub lone_re: LoneRe,
    /// Penalty points of a minor breach (TSR 9: 3; `league penalty`): the offender loses
    /// them, the other players of the deal share them.
    pub penalty: u16,
    /// A round against the clock: its minutes (TSR 8.5: 100; 0: no clock). `league new
    /// --minutes` sets it on a sheet.
    pub minutes: u16,
    /// The money `league settle` writes (`--currency` overrides it; a sheet's `--set
    /// league.currency=CHF` keeps its own): `EUR`, `USD`, `GBP`, `CHF` or `JPY`.
    pub currency: Currency,
}

/// The money a settlement is written in: amounts are kept in the currency's smallest unit
/// (cents, or yen), and written as money in the reader's language (`€1.10`, `1,10 €`,
/// `¥110`, `110円`). A profile's `league.currency`; the language only formats it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Currency {
    /// Euro (cents).
    #[cfg_attr(feature = "cli", value(name = "EUR", alias = "eur"))]
    #[serde(rename = "EUR", alias = "eur")]
    Eur,
    /// US dollar (cents).
    #[cfg_attr(feature = "cli", value(name = "USD", alias = "usd"))]
    #[serde(rename = "USD", alias = "usd")]
    Usd,
    /// Pound sterling (pence).
    #[cfg_attr(feature = "cli", value(name = "GBP", alias = "gbp"))]
    #[serde(rename = "GBP", alias = "gbp")]
    Gbp,
    /// Swiss franc (Rappen).
    #[cfg_attr(feature = "cli", value(name = "CHF", alias = "chf"))]
    #[serde(rename = "CHF", alias = "chf")]
    Chf,
    /// Japanese yen (no smaller unit: the amounts are yen).
    #[cfg_attr(feature = "cli", value(name = "JPY", alias = "jpy"))]
    #[serde(rename = "JPY", alias = "jpy")]
    Jpy,
}

/// `league.lone_re`: what a lone Re player without a game means when a deal is added at
/// the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoneRe {
    /// Refused as a normal game with a partner forgotten, saying how to record a silent
    /// solo (DDV: two of each card make a silent solo rare, a forgotten partner common).
    Refuse,
    /// A silent solo (Kloepper: the black queens alone are an everyday game).
    SilentSolo,
}

impl LeagueRules {
    /// Whether a game that stands at `totals` is over by score: a player reached
    /// `end_at` (Kloepper's 30). The one place the game end is decided.
    pub fn ends_game(&self, totals: &[i64]) -> bool {
        self.end_at > 0 && totals.iter().any(|&t| t >= self.end_at)
    }
}

/// A card, contract ... written as a string; `""` for none.
fn de_opt<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: fmt::Display,
{
    let s = String::deserialize(d)?;
    if s.trim().is_empty() {
        Ok(None)
    } else {
        s.parse().map(Some).map_err(serde::de::Error::custom)
    }
}

fn de_parsed<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: fmt::Display,
{
    let words = Vec::<String>::deserialize(d)?;
    words
        .iter()
        .map(|w| w.parse::<T>().map_err(serde::de::Error::custom))
        .collect()
}

impl Profile {
    /// The title in `lang`: `title_de`/`title_ja` where the profile has them, else `title`.
    pub fn title_in(&self, lang: crate::lang::Lang) -> &str {
        let own = match lang {
            crate::lang::Lang::De => self.title_de.as_deref(),
            crate::lang::Lang::Ja => self.title_ja.as_deref(),
            crate::lang::Lang::En => None,
        };
        own.unwrap_or(&self.title)
    }

    /// The profile a file is scored under: the one it names, else [`DEFAULT_PROFILE`],
    /// with `sets` applied (the file's own overrides, then any more). The one place a file
    /// that names none gets the default: the engine's choice and a league sheet both load
    /// through it.
    pub fn of_file(name: Option<&str>, sets: &[(String, String)]) -> Result<Profile, ProfileError> {
        Profile::load(name.unwrap_or(DEFAULT_PROFILE), sets)
    }

    /// Loads a profile by name (built-in, or in the user's folder) or path, following
    /// `extends`, then applies `--set` overrides.
    pub fn load(name_or_path: &str, sets: &[(String, String)]) -> Result<Profile, ProfileError> {
        let files = load::chain(name_or_path)?;
        Profile::from_chain(&files, sets)
    }

    /// Parses one profile's text (which may `extends` a built-in); `file` names it in errors.
    pub fn from_text(
        file: &str,
        text: &str,
        sets: &[(String, String)],
    ) -> Result<Profile, ProfileError> {
        let mut files = vec![load::Parsed::new(load::Source::memory(file, text))?];
        if let Some(parent) = files[0].table.get("extends").and_then(|v| v.as_str()) {
            files.extend(load::chain(parent)?);
        }
        Profile::from_chain(&files, sets)
    }

    fn from_chain(
        files: &[load::Parsed],
        sets: &[(String, String)],
    ) -> Result<Profile, ProfileError> {
        let file = files[0].source.file.clone();
        let mut table = load::merged(files)?;
        for (key, value) in sets {
            set_key(&mut table, key, value).map_err(|message| ProfileError::Set {
                file: file.clone(),
                key: key.clone(),
                message,
            })?;
        }
        let keys = flatten(&table);
        // The overrides an error is blamed on, as its place names them.
        let set_keys = || {
            sets.iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let profile: Profile = crate::toml_de::from_table(&table).map_err(|e| {
            // The value's kind in the reader's words, placed by the key's path.
            let message = match &e.path {
                Some(path) => {
                    crate::msg!("error.profile_key", key = path.as_str(), why = e.message())
                }
                None => e.message(),
            };
            match e.path.as_deref().and_then(|p| load::locate_key(files, p)) {
                Some((file, line)) if sets.is_empty() => ProfileError::Syntax {
                    file,
                    line,
                    message,
                },
                _ if !sets.is_empty() => ProfileError::Set {
                    file: file.clone(),
                    key: set_keys(),
                    message: e.message(),
                },
                _ => ProfileError::Invalid {
                    file: file.clone(),
                    message,
                },
            }
        })?;
        let mut profile = profile;
        profile.keys = Keys(keys);
        profile.validate().map_err(|message| {
            // A value out of range that an override brought in is the override's fault.
            if !sets.is_empty() && Profile::from_chain(files, &[]).is_ok() {
                ProfileError::Set {
                    file: file.clone(),
                    key: set_keys(),
                    message,
                }
            } else {
                ProfileError::Invalid {
                    file: file.clone(),
                    message,
                }
            }
        })?;
        let deck = profile.deck();
        for c in deck.distinct() {
            profile.in_deck[c.index()] = deck.copies_of(c);
        }
        // Card orders are needed for every deal: compute each kind once.
        for c in Contract::all() {
            let kind = c.trump_kind();
            if !profile.orders.iter().any(|(k, _)| *k == kind) {
                profile.orders.push((
                    kind,
                    crate::cards::CardOrder::new(kind, &profile.deck.trumps),
                ));
            }
        }
        Ok(profile)
    }

    /// A key's value as the profile writes it in TOML (`scoring.announce` → `2`); none for
    /// a key the profile does not have.
    pub fn value_of(&self, key: &str) -> Option<&str> {
        self.keys.0.get(key).map(String::as_str)
    }

    /// Every key of the profile with its value as TOML writes it, in order.
    pub fn keys(&self) -> impl Iterator<Item = (&str, &str)> {
        self.keys.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The keys of the profile that start with `prefix` (`bock.`), in order.
    pub fn keys_under(&self, prefix: &str) -> Vec<String> {
        self.keys
            .0
            .range(prefix.to_string()..)
            .take_while(|(k, _)| k.starts_with(prefix))
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// The merged table of a profile (its chain resolved), for `variants show --resolved`.
    pub fn resolved_table(name_or_path: &str) -> Result<toml::Table, ProfileError> {
        load::merged(&load::chain(name_or_path)?)
    }

    /// The cards of the game, as the profile's deck makes them.
    pub fn deck(&self) -> Deck {
        Deck::new(self.deck.ranks.iter().copied(), self.deck.copies).with_joker(self.deck.joker)
    }

    /// How many of each card the deck has, by card index (0 for a card not in it).
    pub fn in_deck(&self) -> &[u8; crate::cards::DISTINCT] {
        &self.in_deck
    }

    /// The slot for what the deal machine compiles of the profile
    /// (`machine::Ruleset::of`): compiled at the first call and shared by every copy of
    /// the profile made after it; a profile is not changed once loaded.
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// Cards in each hand, which is also the number of tricks.
    pub fn hand_size(&self) -> usize {
        self.deck.ranks.len() * 4 * self.deck.copies as usize / self.deck.players as usize
    }

    /// The card order of a kind of trumps (from the profile's normal trumps).
    pub fn order(&self, kind: crate::cards::TrumpKind) -> crate::cards::CardOrder {
        match self.orders.iter().find(|(k, _)| *k == kind) {
            Some((_, o)) => o.clone(),
            None => crate::cards::CardOrder::new(kind, &self.deck.trumps),
        }
    }

    /// Does a hand hold every copy of every Re card (the bride; Kloepper's lone black
    /// queens)? `count` says how many copies of a card the hand holds.
    pub fn holds_every_re_card(&self, count: impl Fn(Card) -> usize) -> bool {
        let copies = self.deck.copies as usize;
        let cards = &self.contracts.re_cards;
        !cards.is_empty() && cards.iter().all(|&c| count(c) == copies)
    }

    /// Whether the profile plays `contract`.
    pub fn allows(&self, contract: Contract) -> bool {
        self.contracts.allowed.contains(&contract)
    }

    /// Points of one extra under this profile (0: not scored).
    pub fn extra_points(&self, extra: Extra) -> i32 {
        self.extras.points[extra as usize]
    }

    /// Is this extra (or `against-the-old`) still scored when one player plays alone?
    pub fn scored_in_solos(&self, extra: crate::extras::SoloExtra) -> bool {
        self.extras.in_solos.contains(&extra)
    }
}

/// Money as the reader writes it.
impl Currency {
    /// `minor` units (cents, yen) as money in `lang`, with a sign where `signed`.
    pub fn amount(self, minor: i64, signed: bool, lang: crate::lang::Lang) -> String {
        use crate::lang::Lang;
        let sign = match (signed, minor.signum()) {
            (true, 1) => "+",
            (_, -1) => "-",
            _ => "",
        };
        let abs = minor.unsigned_abs();
        let number = if self == Currency::Jpy {
            abs.to_string()
        } else {
            lang.decimal_mark(format!("{}.{:02}", abs / 100, abs % 100))
        };
        let (before, after) = match (self, lang) {
            (Currency::Jpy, Lang::Ja) => ("", "円"),
            (Currency::Jpy, Lang::De) => ("", " ¥"),
            (Currency::Jpy, _) => ("¥", ""),
            (Currency::Eur, Lang::De) => ("", " €"),
            (Currency::Eur, _) => ("€", ""),
            (Currency::Usd, Lang::De) => ("", " $"),
            (Currency::Usd, _) => ("$", ""),
            (Currency::Gbp, Lang::De) => ("", " £"),
            (Currency::Gbp, _) => ("£", ""),
            (Currency::Chf, Lang::De) => ("", " CHF"),
            (Currency::Chf, _) => ("CHF ", ""),
        };
        format!("{sign}{before}{number}{after}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_index_finds_every_line_as_counting_does() {
        let text = "a\n\nbc\r\nd\n\n";
        let index = LineIndex::new(text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(index.line_of(offset), line_of(text, offset), "{offset}");
        }
    }

    #[test]
    fn bock_keys_are_the_profile_names() {
        for t in BockTrigger::ALL {
            let quoted = format!("\"{}\"", t.key());
            assert_eq!(serde_json::to_string(&t).unwrap(), quoted);
            assert_eq!(serde_json::from_str::<BockTrigger>(&quoted).unwrap(), t);
        }
        for s in [BockStacking::Multiply, BockStacking::Queue] {
            let quoted = format!("\"{}\"", s.key());
            assert_eq!(serde_json::from_str::<BockStacking>(&quoted).unwrap(), s);
        }
    }

    #[test]
    fn every_builtin_loads() {
        for (name, _) in BUILTIN {
            let p = Profile::load(name, &[]).unwrap();
            assert_eq!(&p.name, name);
        }
    }

    #[test]
    fn ddv_is_48_cards_12_tricks() {
        let p = Profile::load(DEFAULT_PROFILE, &[]).unwrap();
        assert_eq!(p.deck().size(), 48);
        assert_eq!(p.hand_size(), 12);
        assert!(!p.allows(Contract::Poverty));
    }

    #[test]
    fn set_overrides_a_key_and_rejects_unknown_ones() {
        let sets = [(
            "deck.ranks".to_string(),
            r#"["A","10","K","Q","J"]"#.to_string(),
        )];
        let p = Profile::load(DEFAULT_PROFILE, &sets).unwrap();
        assert_eq!(p.hand_size(), 10);
        let bad = [("extras.fuchs".to_string(), "1".to_string())];
        let e = Profile::load(DEFAULT_PROFILE, &bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown key `fuchs`"), "{e}");
    }

    #[test]
    fn unknown_key_is_named_with_its_line() {
        let text = builtin_text(DEFAULT_PROFILE)
            .unwrap()
            .replace("copies = 2", "copies = 2\nsuits = 4");
        let e = Profile::from_text("x.toml", &text, &[])
            .unwrap_err()
            .to_string();
        assert!(e.contains("suits"), "{e}");
        let line = text.lines().position(|l| l == "suits = 4").unwrap() + 1;
        assert!(e.starts_with(&format!("x.toml:{line}:")), "{e}");
    }
}

#[cfg(test)]
mod chain_tests {
    use super::*;

    fn write(dir: impl AsRef<std::path::Path>, name: &str, text: &str) -> String {
        let p = dir.as_ref().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    }

    /// A folder of its own, removed when the value is dropped.
    fn tmp(tag: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("doko-variant-{tag}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn two_extends_in_a_chain() {
        let d = tmp("chain");
        write(
            &d,
            "club.toml",
            "name = \"club\"\nextends = \"ddv\"\n[extras]\nfox = 2\n",
        );
        let p = write(
            &d,
            "house.toml",
            "name = \"house\"\nextends = \"club.toml\"\n[extras]\nkarlchen = 0\n",
        );
        let prof = Profile::load(&p, &[]).unwrap();
        assert_eq!(prof.name, "house");
        assert_eq!(prof.extra_points(Extra::Fox), 2, "inherited from club");
        assert_eq!(prof.extra_points(Extra::Karlchen), 0, "own key");
        assert_eq!(
            prof.extra_points(Extra::Doppelkopf),
            1,
            "inherited from ddv"
        );
    }

    #[test]
    fn joker_settings_that_cannot_be_played_are_refused() {
        let set = |pairs: &[(&str, &str)]| {
            let sets: Vec<(String, String)> = pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            Profile::load(DEFAULT_PROFILE, &sets)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        let err = set(&[
            ("deck.joker", "true"),
            ("deck.ranks", "[\"A\",\"10\",\"K\",\"Q\",\"J\"]"),
        ]);
        assert!(err.unwrap_err().contains("this deck has no nines"));
        let err = set(&[("deck.trumps", "[\"JK\",\"H10\"]")]);
        assert!(err.unwrap_err().contains("needs deck.joker = true"));
        let err = set(&[
            ("deck.joker", "true"),
            ("deck.schweinchen", "\"DA\""),
            ("deck.hyperschweinchen", "\"D9\""),
        ]);
        assert!(
            err.unwrap_err()
                .contains("deck.hyperschweinchen: D9 needs every one of 2 copies")
        );
        let err = set(&[("deck.ranks", "[\"A\",\"A\",\"10\",\"K\",\"Q\",\"J\"]")]);
        assert!(err.unwrap_err().contains("A is named twice"));
        let p = Profile::load(DEFAULT_PROFILE, &[("deck.joker".into(), "true".into())]).unwrap();
        let deck = p.deck();
        assert_eq!((deck.size(), deck.total_eyes()), (48, 240));
        assert_eq!(deck.copies_of(Card::JOKER), 1);
        assert_eq!(deck.copies_of(Card::DIAMOND_NINE), 1);
        assert_eq!(
            p.order(crate::cards::TrumpKind::Normal).trump_count(&deck),
            26
        );
    }

    #[test]
    fn a_circle_of_extends_is_refused() {
        let d = tmp("circle");
        write(&d, "a.toml", "name = \"a\"\nextends = \"b.toml\"\n");
        let p = write(&d, "b.toml", "name = \"b\"\nextends = \"a.toml\"\n");
        let e = Profile::load(&p, &[]).unwrap_err().to_string();
        assert!(e.contains("circle"), "{e}");
    }

    #[test]
    fn an_unknown_key_in_a_child_names_file_and_line() {
        let d = tmp("unknown");
        let p = write(
            &d,
            "c.toml",
            "name = \"c\"\nextends = \"ddv\"\n\n[extras]\nfox = 1\nfuchs = 2\n",
        );
        let e = Profile::load(&p, &[]).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{p}:6:")), "{e}");
        assert!(e.contains("unknown key `fuchs`"), "{e}");
    }

    #[test]
    fn a_wrong_type_names_the_line_of_the_file_that_set_it() {
        let d = tmp("type");
        let p = write(
            &d,
            "t.toml",
            "name = \"t\"\nextends = \"ddv\"\n[deck]\ncopies = \"two\"\n",
        );
        let e = Profile::load(&p, &[]).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{p}:4:")), "{e}");
    }

    #[test]
    fn a_profile_without_extends_must_be_complete() {
        let d = tmp("incomplete");
        let p = write(
            &d,
            "i.toml",
            "name = \"i\"\ntitle = \"t\"\nsource = \"s\"\n",
        );
        let e = Profile::load(&p, &[]).unwrap_err().to_string();
        assert!(e.contains("the key `deck` is missing"), "{e}");
    }
}
