//! The rules of play as a deal is played forward, trick by trick (a random deal of
//! `doko generate`, a deal played step by step in [`crate::game`]): who is Re from the
//! hands and the tricks so far, how a wedding's partner is found. A record's own check
//! finds the parties from the whole deal ([`super::parties`]); both ask the same rule of
//! a wedding's partner ([`super::parties::partner_trick`]).

use crate::cards::Card;
use crate::contract::Contract;
use crate::deal::full::Exchange;
use crate::variant::Profile;

/// The contract of a deal and who declared it; a poverty's exchange.
pub struct Declared {
    pub contract: Contract,
    pub declarer: Option<usize>,
    pub exchange: Option<Exchange>,
    pub called: Option<Card>,
    pub compulsory: bool,
    /// How the bride's partner is found, where she chose (else the profile's first way).
    pub partner: Option<crate::variant::WeddingPartner>,
}

/// The trick that settles a wedding once it is settled, from the tricks played so far
/// (`seen`): a partner found, or the tricks within which one is sought all played (not
/// where the bride names a trick, which settles when it is played); None before.
pub fn wedding_settled(
    profile: &Profile,
    chosen: Option<crate::variant::WeddingPartner>,
    order: &crate::cards::CardOrder,
    bride: usize,
    seen: &[Seen],
) -> Option<usize> {
    let (rule, found, settled) = wedding_partner(profile, chosen, order, bride, seen);
    let within = (profile.contracts.wedding_tricks as usize).min(profile.hand_size());
    let over =
        !matches!(rule, crate::variant::WeddingPartner::NthTrick { .. }) && seen.len() >= within;
    (found.is_some() || over).then_some(settled)
}

/// What a wedding's partner is found by, for one trick: its winner, the card led and the
/// winning card.
pub type Seen = (usize, Card, Card);

/// The seats that hold `card`.
pub fn holders(active: &[usize], hands: &[Vec<Card>], card: Card) -> Vec<usize> {
    active
        .iter()
        .copied()
        .filter(|&s| hands[s].contains(&card))
        .collect()
}

/// A trick as the step-by-step game plays it: each card with its seat.
pub type PlayedTrick = Vec<(Option<usize>, Card)>;

/// What finds a wedding's partner ([`Seen`]) in tricks played step by step, with their
/// winners.
pub fn seen_in(tricks: &[PlayedTrick], winners: &[usize]) -> Vec<Seen> {
    tricks
        .iter()
        .zip(winners)
        .map(|(t, &w)| {
            let card = |i: usize| t.get(i).map_or(Card::CLUB_QUEEN, |(_, c)| *c);
            let won = t.iter().position(|(s, _)| *s == Some(w)).unwrap_or(0);
            (w, card(0), card(won))
        })
        .collect()
}

/// The Re party, to make calls that fit, into `re` (emptied first), and the trick that
/// settled a wedding; from the hands as played and as dealt, and the tricks so far
/// ([`Seen`]).
pub fn re_party(
    profile: &Profile,
    active: &[usize],
    [hands, dealt]: [&[Vec<Card>]; 2],
    d: &Declared,
    (seen, declared): (&[Seen], usize),
    re: &mut Vec<usize>,
) -> usize {
    let re_cards = &profile.contracts.re_cards;
    re.clear();
    match (d.contract, d.declarer, &d.exchange) {
        (Contract::Normal, _, _) => re.extend(active.iter().copied().filter(|&s| {
            re_cards.iter().any(|c| hands[s].contains(c))
                || d.called.is_some_and(|a| hands[s].contains(&a))
        })),
        (Contract::Poverty, Some(p), Some(x)) if !profile.poverty.partner_by_club_queen => {
            re.extend([p, x.partner]);
        }
        (Contract::Poverty, Some(p), Some(x)) => {
            let q = |s: usize| dealt[s].iter().filter(|&&c| c == Card::CLUB_QUEEN).count();
            if others_hold_both(dealt, active, p) || q(p) > 0 {
                re.extend([p, x.partner]);
            } else {
                re.extend(active.iter().copied().filter(|&s| q(s) > 0));
            }
        }
        (Contract::DiamondQueens, _, _) => re.extend(holders(active, hands, Card::DIAMOND_QUEEN)),
        (_, Some(p), _) => re.push(p),
        _ => {}
    }
    let mut clarification = 0;
    if d.contract == Contract::Wedding
        && let Some(bride) = d.declarer
    {
        let order = crate::play::deal_order(d.contract, profile, declared);
        let (_, found, settled) = wedding_partner(profile, d.partner, &order, bride, seen);
        clarification = settled;
        if let Some(t) = found {
            re.push(seen[t].0);
        }
    }
    clarification
}

/// A wedding's partner as the bride chose to find her (`chosen`), else as the profile finds
/// her (its first way: a bride who may choose writes nothing and so finds her partner that
/// way), by the play's own rule ([`super::parties::partner_trick`]), from the tricks
/// played so far: the rule, the trick that found her, and the trick that settles the
/// wedding.
pub fn wedding_partner(
    profile: &Profile,
    chosen: Option<crate::variant::WeddingPartner>,
    order: &crate::cards::CardOrder,
    bride: usize,
    seen: &[Seen],
) -> (crate::variant::WeddingPartner, Option<usize>, usize) {
    let rule = chosen.unwrap_or_else(|| {
        profile
            .contracts
            .wedding_partner
            .first()
            .copied()
            .unwrap_or(crate::variant::WeddingPartner::FirstTrick)
    });
    let (found, settled) = super::parties::partner_trick(rule, profile, order, bride, seen);
    (rule, found, settled)
}

/// Does another player than `poor` hold both club queens?
fn others_hold_both(hands: &[Vec<Card>], active: &[usize], poor: usize) -> bool {
    active
        .iter()
        .any(|&s| s != poor && hands[s].iter().filter(|&&c| c == Card::CLUB_QUEEN).count() >= 2)
}

/// Does `seat`'s dealt hand allow the game a statement names (docs/formats.md section 8)? A
/// wedding needs every Re card; a poverty few enough trumps, with cards to pass, and where
/// the club queens choose her partner, a partner able to return them (where the players
/// choose, anyone may decline and the hands are then thrown in); the diamond queens a ♦Q
/// held by one other player too; a redeal a reason; an auction's normal game and a solo
/// any hand. A silent solo is never said.
pub fn statement_fits(
    profile: &Profile,
    active: &[usize],
    dealt: &[Vec<Card>],
    seat: usize,
    contract: Contract,
) -> bool {
    let hand = &dealt[seat];
    let count = |c: Card| hand.iter().filter(|&&h| h == c).count();
    match contract {
        Contract::Wedding => profile.holds_every_re_card(count),
        Contract::Poverty => {
            let normal = profile.order(crate::cards::TrumpKind::Normal);
            let poor = is_poor(profile, &normal, hand);
            let Some(want) = super::poverty_cards(profile, hand).filter(|_| poor) else {
                return false;
            };
            match super::forced_poverty_partner(profile, active, dealt, seat) {
                Some(partner) => {
                    let trumps = super::trumps_in(hand, profile, true);
                    super::can_return(profile, &dealt[partner], want, trumps)
                }
                None => true,
            }
        }
        Contract::DiamondQueens => {
            count(Card::DIAMOND_QUEEN) > 0 && holders(active, dealt, Card::DIAMOND_QUEEN).len() == 2
        }
        Contract::Redeal => super::redeal_reason(hand, profile).is_ok(),
        // An auction's normal game (with its condition) is any hand's statement.
        Contract::Normal => profile.bidding.way == crate::variant::BiddingWay::Auction,
        Contract::SilentSolo => false,
        _ => true,
    }
}

/// The player asked to accept a poverty after `declined` players declined: they are asked
/// in turn from the poor player's left («ドッペルコップ(Doppelkopf)»: "交換はまず左隣の
/// プレイヤーに申しこみます。断られた場合には、時計回りの順に"); None once all declined.
pub fn poverty_asked(active: &[usize], poor: usize, declined: usize) -> Option<usize> {
    let n = active.len();
    let at = active.iter().position(|&s| s == poor)?;
    (declined + 1 < n).then(|| active[(at + 1 + declined) % n])
}

/// May `card` of the poor player's `hand` be passed now, with `left` cards still to pass
/// (every trump is among the cards passed: where as many are left as she holds trumps,
/// only trumps)?
pub fn passable(profile: &Profile, hand: &[Card], left: usize, card: Card) -> bool {
    let order = profile.order(crate::cards::TrumpKind::Normal);
    let trumps = hand.iter().filter(|&&c| order.is_trump(c)).count();
    left > trumps || order.is_trump(card)
}

/// May the poverty's partner return `card` (no trump where `poverty.return_trumps` is
/// off)?
pub fn returnable(profile: &Profile, card: Card) -> bool {
    returnable_in(
        profile,
        &profile.order(crate::cards::TrumpKind::Normal),
        card,
    )
}

/// [`returnable`], with the profile's normal card order at hand (`normal`).
pub fn returnable_in(profile: &Profile, normal: &crate::cards::CardOrder, card: Card) -> bool {
    profile.poverty.return_trumps || !normal.is_trump(card)
}

/// The knock a player of `party` would make now (Kloepper, `knocking`): before trick 2 is
/// led (`tricks` done, the trick under way `empty`), Re's knock where nobody knocked, the
/// opponents' knock back after it; None where the moment or the party does not allow one.
/// Whether the profile takes it is [`super::check_knock`]'s.
pub fn knock_now(
    profile: &Profile,
    (tricks, empty): (usize, bool),
    so_far: Option<crate::deal::Knock>,
    party: crate::contract::Party,
) -> Option<crate::deal::Knock> {
    use crate::contract::Party;
    use crate::deal::Knock;
    let early = tricks == 0 || (tricks == 1 && empty);
    if !early || !profile.knocking.allowed {
        return None;
    }
    match (so_far, party) {
        (None, Party::Re) => Some(Knock::Re),
        (Some(Knock::Re), Party::Kontra) => Some(Knock::Both),
        _ => None,
    }
}

/// May the holder of `dealt[seat]` call `ace` (`contracts.called_ace`): in a normal game,
/// she holds every Re card and has played no card, the ace is a side-suit ace (`order`)
/// and another player holds it (as the record's check takes it: `play/parties.rs`)?
pub fn ace_callable(
    profile: &Profile,
    (active, dealt): (&[usize], &[Vec<Card>]),
    (contract, order): (Contract, &crate::cards::CardOrder),
    (seat, played): (usize, bool),
    ace: Card,
) -> bool {
    let count = |c: Card| dealt[seat].iter().filter(|&&h| h == c).count();
    profile.contracts.called_ace
        && contract == Contract::Normal
        && !played
        && profile.holds_every_re_card(count)
        && ace.rank() == crate::cards::Rank::Ace
        && !order.is_trump(ace)
        && active.iter().any(|&s| s != seat && dealt[s].contains(&ace))
}

/// May the holder of `hand` declare the `next` of Schweinchen (0), Hyperschweinchen (1) and
/// the Genscher raise (2) in `contract`: the contract has its cards
/// ([`super::raised_cards`]) and she still holds both (they rank above the ♥10 from then
/// on; the record's check ranks them so for the whole deal, which is the same where she
/// has played neither)?
pub fn raise_allowed(profile: &Profile, contract: Contract, next: usize, hand: &[Card]) -> bool {
    let Some(Some(card)) = super::raised_cards(profile, contract).get(next).copied() else {
        return false;
    };
    hand.iter().filter(|&&c| c == card).count() == usize::from(profile.deck.copies)
}

/// Is `hand` poor enough to name a poverty (`poverty.max_trumps`, the ♦A counted where
/// `poverty.count_diamond_ace`; `normal`: the profile's normal card order)?
pub fn is_poor(profile: &Profile, normal: &crate::cards::CardOrder, hand: &[Card]) -> bool {
    super::trumps_by(normal, hand, profile.poverty.count_diamond_ace)
        <= profile.poverty.max_trumps as usize
}

/// May the holder of `hand` name a partner by FreeDoko's Genscher now
/// (`contracts.genscher_partner`): a normal game of two against two (`re`: how many are
/// Re), and she holds every ♦K of the deck, about to play the first (`king_playable`: the
/// ♦K may be played now). One a deal: the caller checks that none came before.
pub fn genscher_callable(
    profile: &Profile,
    contract: Contract,
    re: usize,
    hand: &[Card],
    king_playable: bool,
) -> bool {
    let king = Card::DIAMOND_KING;
    profile.contracts.genscher_partner
        && contract == Contract::Normal
        && re == 2
        && king_playable
        && hand.iter().filter(|&&c| c == king).count() == usize::from(profile.deck.copies)
}

/// The Re seats after FreeDoko's Genscher (`holder` named `partner`; `before`: the Re seats
/// before it): under `genscher_party = "keep"` her party keeps its name and takes the
/// partner, under `"re"` the pair is Re; the other two are the other party. The one place
/// that says it, for a record's check and a game played step by step.
pub fn genscher_re(
    profile: &Profile,
    active: &[usize],
    before: &[usize],
    (holder, partner): (usize, usize),
) -> impl Iterator<Item = usize> {
    let holder_is_re = match profile.contracts.genscher_party {
        crate::variant::GenscherParty::Keep => before.contains(&holder),
        crate::variant::GenscherParty::Re => true,
    };
    active
        .iter()
        .copied()
        .filter(move |&s| (s == holder || s == partner) == holder_is_re)
}
