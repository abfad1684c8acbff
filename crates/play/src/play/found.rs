//! The extras found in the tricks (Fuchs, Karlchen, Doppelkopf, Dulle ...), where and from
//! whom, and the tricks and eyes each party took.

use super::{
    Card, CardOrder, Contract, DoppelkopfKind, Extra, KarlchenKind, MARK_CLUB_QUEEN, MARK_DULLE,
    MARK_FOX, MARKED, MAX_SEATS, Party, Profile, Role, Suit, Trick, TrumpKind,
};
use crate::extras::TrickEyes;

/// Eyes, tricks won and extras of each party (Re first).
pub(super) struct Counted {
    pub(super) eyes: [u16; 2],
    pub(super) won: [u8; 2],
    pub(super) extras: Found,
    /// What only a Bock trigger asks of the tricks (looked for where a trigger needs it).
    pub(super) events: crate::deal::TrickEvents,
}

/// The extras of a deal per party, and where each was seen (made empty by
/// [`PlayMemo`](super::PlayMemo), in lists lent to it).
pub(super) struct Found {
    pub(super) extras: [Vec<Extra>; 2],
    pub(super) at: Vec<crate::deal::ExtraAt>,
}

impl Found {
    /// `party` (0 Re, 1 Kontra) earns `extra` in trick `t` (from 0), caught from `from`.
    pub(super) fn add(&mut self, party: usize, extra: Extra, t: usize, from: Option<usize>) {
        self.extras[party].push(extra);
        self.at.push(crate::deal::ExtraAt {
            party: if party == 0 { Party::Re } else { Party::Kontra },
            extra,
            trick: (t + 1) as u8,
            from: from.map(|s| s as u8),
        });
    }
}

/// What the extras of a deal depend on, worked out once per deal.
pub(super) struct ExtraCtx<'p> {
    pub(super) profile: &'p Profile,
    /// A fox is a ♦A caught where it is a trump (normal game, wedding, diamond solo).
    pub(super) fox_is_trump: bool,
    pub(super) dulle_is_trump: bool,
    pub(super) club_queens: bool,
    pub(super) normal_trumps: bool,
    /// Each seat's party.
    pub(super) party: [Party; MAX_SEATS],
    /// The seats of each party, a bit each.
    pub(super) members: [u8; 2],
}

/// Counts eyes, tricks and extras for each party.
pub(super) fn count_tricks(
    profile: &Profile,
    (order, contract): (&CardOrder, Contract),
    (active, roles): (&[usize], &[Role]),
    tricks: &[Trick],
    extras: Found,
) -> Counted {
    let mut party = [Party::Kontra; MAX_SEATS];
    for (p, role) in party.iter_mut().zip(roles) {
        *p = role.party().unwrap_or(Party::Kontra);
    }
    let mut members = [0u8; 2];
    for &s in active {
        members[party[s] as usize] |= 1 << s;
    }
    let cx = ExtraCtx {
        profile,
        // A fox where the ♦A is a trump, or in every contract (`extras.fox_side_card`).
        fox_is_trump: order.is_trump(Card::DIAMOND_ACE) || profile.extras.fox_side_card,
        dulle_is_trump: order.is_trump(Card::HEART_TEN),
        club_queens: profile.extra_points(Extra::ClubQueen) != 0,
        normal_trumps: contract.trump_kind() == TrumpKind::Normal,
        party,
        members,
    };
    let mut c = Counted {
        eyes: [0; 2],
        won: [0; 2],
        extras,
        events: crate::deal::TrickEvents::default(),
    };

    let last = tricks.len() - 1;
    for (t, trick) in tricks.iter().enumerate() {
        let wi = cx.party[trick.winner] as usize;
        let trick_eyes = trick.eyes();
        c.eyes[wi] += trick_eyes;
        c.won[wi] += 1;
        let doppelkopf = match profile.extras.doppelkopf_kind {
            DoppelkopfKind::Eyes => trick_eyes >= profile.extras.doppelkopf_eyes,
            DoppelkopfKind::TwoPairs => is_doppelkopf(trick.cards(), profile),
        };
        if doppelkopf {
            c.extras.add(wi, Extra::Doppelkopf, t, None);
        }
        if trick.suits == 1 << Suit::Hearts as u8 {
            c.extras.add(wi, Extra::HeartTrick, t, None);
        }
        // Looked for in every deal (the facts serve every profile that compares alike).
        if trick.marks[MARK_CLUB_QUEEN] & cx.members[1 - wi] != 0 {
            c.events.club_queen_caught = true;
        }
        if let [first, rest @ ..] = trick.cards()
            && rest.len() == 3
            && rest.iter().all(|x| x.rank() == first.rank())
        {
            c.events.four_of_a_rank = true;
        }
        if dulle_jabs_dulle(&cx, trick) {
            c.extras.add(wi, Extra::DulleJabsDulle, t, None);
        }
        if t == last {
            last_trick_extras(&cx, trick, t, &mut c.extras);
        } else {
            marked_extras(&cx, trick, t, &mut c.extras);
        }
    }
    c
}

/// The extras of a trick before the last: found from the seats that played each marked
/// card, pushed in the order fox, Dulle, club queen.
pub(super) fn marked_extras(cx: &ExtraCtx, trick: &Trick, t: usize, found: &mut Found) {
    // Most tricks hold no marked card: nothing to look for.
    if trick.marks[..MARKED] == [0; MARKED] {
        return;
    }
    let wi = cx.party[trick.winner] as usize;
    // The seats that played a marked card, lowest first (most tricks have none: no loop).
    let seats = |mark: usize, among: u8| {
        let mut bits = trick.marks[mark] & among;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let seat = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                seat
            })
        })
    };
    if cx.fox_is_trump {
        for from in seats(MARK_FOX, cx.members[1 - wi]) {
            found.add(wi, Extra::Fox, t, Some(from));
            if t == 0 {
                found.add(wi, Extra::FoxFirstTrick, t, Some(from));
            }
        }
    }
    if cx.dulle_is_trump {
        for from in seats(MARK_DULLE, cx.members[1 - wi]) {
            found.add(wi, Extra::DulleCaught, t, Some(from));
        }
    }
    if cx.club_queens {
        for (p, &among) in cx.members.iter().enumerate() {
            for _ in seats(MARK_CLUB_QUEEN, among) {
                found.add(p, Extra::ClubQueen, t, None);
            }
        }
    }
}

/// The extras of the last trick, card by card: foxes, Dulle, club queens and Karlchen.
pub(super) fn last_trick_extras(cx: &ExtraCtx, trick: &Trick, t: usize, found: &mut Found) {
    let w = cx.party[trick.winner];
    let wi = w as usize;
    let karlchen = cx.profile.extras.karlchen_kind;
    for (seat, card) in trick.iter() {
        let own = cx.party[seat] as usize;
        let opponent = cx.party[seat] != w;
        if card == Card::DIAMOND_ACE && cx.fox_is_trump && opponent {
            found.add(wi, Extra::Fox, t, Some(seat));
            if t == 0 {
                found.add(wi, Extra::FoxFirstTrick, t, Some(seat));
            }
            found.add(wi, Extra::FoxLastTrick, t, Some(seat));
        }
        if card == Card::HEART_TEN && cx.dulle_is_trump && opponent {
            found.add(wi, Extra::DulleCaught, t, Some(seat));
        }
        if cx.club_queens && card == Card::CLUB_QUEEN {
            found.add(own, Extra::ClubQueen, t, None);
        }
        if card == Card::CLUB_JACK && karlchen == KarlchenKind::PlayedInLastTrick {
            found.add(own, Extra::Karlchen, t, None);
        }
        if cx.normal_trumps && card == Card::CLUB_JACK {
            match karlchen {
                KarlchenKind::WinsLastTrick if opponent => {
                    found.add(wi, Extra::KarlchenCaught, t, Some(seat))
                }
                KarlchenKind::TakenInLastTrick if opponent => {
                    found.add(wi, Extra::Karlchen, t, Some(seat))
                }
                KarlchenKind::TakenInLastTrick if seat == trick.winner => {
                    found.add(wi, Extra::Karlchen, t, None)
                }
                _ => {}
            }
        }
    }
    if cx.normal_trumps
        && karlchen == KarlchenKind::WinsLastTrick
        && trick.winning_card() == Card::CLUB_JACK
    {
        found.add(wi, Extra::Karlchen, t, None);
    }
    if cx.fox_is_trump && trick.winning_card() == Card::DIAMOND_ACE {
        found.add(wi, Extra::FoxWinsLastTrick, t, None);
    }
}

/// Dulle jabs Dulle: the trick's winning card is a ♥10 played after an opponent's ♥10.
pub(super) fn dulle_jabs_dulle(cx: &ExtraCtx, trick: &Trick) -> bool {
    // A trick without a ♥10 (most: none was marked) is not looked through.
    if !cx.dulle_is_trump || trick.marks[MARK_DULLE] == 0 || trick.winning_card() != Card::HEART_TEN
    {
        return false;
    }
    let w = cx.party[trick.winner];
    trick
        .iter()
        .take_while(|&(seat, _)| seat != trick.winner)
        .any(|(seat, card)| card == Card::HEART_TEN && cx.party[seat] != w)
}

/// The fewest eyes of a trick that wins `extra` for the party that took it, under the
/// profile (its cards: a caught ♦A is 11, a Doppelkopf `extras.doppelkopf_eyes` or, where
/// a Doppelkopf is two pairs, the two pairs of the deck's lowest cards), or `None` for an
/// extra not won in a trick (a ♣Q played, a ♣J played in the last trick where that is a
/// Karlchen). A summary that claims an extra with fewer eyes
/// is refused by this: the sheet and the record of one deal are held to the same facts.
pub fn least_trick_eyes(extra: Extra, profile: &Profile) -> Option<u16> {
    Some(match extra.row().eyes {
        TrickEyes::Card(card) => card.eyes(),
        TrickEyes::TwoOf(card) => 2 * card.eyes(),
        // A ♣J played in the last trick is a Karlchen for the party that played it,
        // whoever takes the trick (`ja-wiki`): no trick of its own needed.
        TrickEyes::Karlchen if profile.extras.karlchen_kind == KarlchenKind::PlayedInLastTrick => {
            return None;
        }
        TrickEyes::Karlchen => Card::CLUB_JACK.eyes(),
        TrickEyes::Doppelkopf => match profile.extras.doppelkopf_kind {
            DoppelkopfKind::Eyes => profile.extras.doppelkopf_eyes,
            DoppelkopfKind::TwoPairs => {
                // The two lowest ranks with two copies in the deck, each a pair.
                let mut pairs: Vec<u16> = profile
                    .deck()
                    .distinct()
                    .filter(|&c| profile.in_deck()[c.index()] >= 2)
                    .map(Card::eyes)
                    .collect();
                pairs.sort_unstable();
                pairs.iter().take(2).map(|e| 2 * e).sum()
            }
        },
        TrickEyes::Any => 0,
        TrickEyes::NoTrick => return None,
    })
}

/// The most eyes one trick can hold under the profile: the highest cards of its deck, one
/// for each player who takes part.
pub fn most_trick_eyes(profile: &Profile) -> u16 {
    let mut eyes: Vec<u16> = profile.deck().cards().into_iter().map(Card::eyes).collect();
    eyes.sort_unstable_by(|a, b| b.cmp(a));
    eyes.iter().take(usize::from(profile.deck.players)).sum()
}

/// Is a trick a Doppelkopf under the profile's definition?
pub fn is_doppelkopf(cards: &[Card], profile: &Profile) -> bool {
    match profile.extras.doppelkopf_kind {
        DoppelkopfKind::Eyes => {
            cards.iter().map(|c| c.eyes()).sum::<u16>() >= profile.extras.doppelkopf_eyes
        }
        DoppelkopfKind::TwoPairs => {
            let mut c = cards.to_vec();
            c.sort();
            c.len() == 4 && c[0] == c[1] && c[2] == c[3] && c[1] != c[2]
        }
    }
}
