//! The deck shuffled into hands: a generated deal's and a game's (`game::Game::deal`), with
//! the deal dealt again where a lone holder of every Re card has no game to play. Below both
//! the generator and the game, which take their hands from here.

use crate::cards::Card;
use crate::contract::Contract;
use crate::machine::Ruleset;
use crate::rng::Rng;
use crate::variant::Profile;

/// Hands shuffled from the profile's deck for the seats that play (`active`; the others
/// none), dealt again (up to 1,000 times) while one holds every Re card and no game of
/// the profile plays such a hand (`lone_playable` false).
pub fn shuffle_hands(
    profile: &Profile,
    seats: usize,
    active: &[usize],
    lone_playable: bool,
    rng: &mut Rng,
) -> Vec<Vec<Card>> {
    let mut hands = vec![Vec::new(); seats];
    // The deck as the machine has it compiled: no deck is built for each deal.
    let deck = Ruleset::of(profile).deck_cards();
    let mut cards = Vec::new();
    shuffle_into(
        profile,
        (deck, &mut cards),
        &mut hands,
        active,
        (lone_playable, None),
        rng,
    );
    hands
}

/// Can a lone holder of every Re card always play her hand (a wedding or a silent solo)?
pub fn lone_always_playable(profile: &Profile) -> bool {
    profile.allows(Contract::Wedding) || profile.allows(Contract::SilentSolo)
}

/// [`shuffle_hands`] into `hands` (one a seat), `cards` shuffled from `deck`. A lone
/// holder of every Re card is dealt again unless `lone_playable`, or `calls` (the normal
/// card order, where the profile calls aces) lets her call an ace.
pub fn shuffle_into(
    profile: &Profile,
    (deck, cards): (&[Card], &mut Vec<Card>),
    hands: &mut Vec<Vec<Card>>,
    active: &[usize],
    (lone_playable, calls): (bool, Option<&crate::cards::CardOrder>),
    rng: &mut Rng,
) {
    let hand = profile.hand_size();
    let seats = hands
        .len()
        .max(active.iter().map(|&s| s + 1).max().unwrap_or(0));
    hands.resize_with(seats, Vec::new);
    for h in hands.iter_mut() {
        h.clear();
    }
    cards.clear();
    cards.extend_from_slice(deck);
    for _ in 0..1000 {
        rng.shuffle_picked(cards);
        for (i, &s) in active.iter().enumerate() {
            hands[s].clear();
            hands[s].extend_from_slice(&cards[i * hand..(i + 1) * hand]);
        }
        if lone_playable {
            break;
        }
        let lone = active.iter().copied().find(|&s| {
            profile.holds_every_re_card(|r| hands[s].iter().filter(|&&c| c == r).count())
        });
        let Some(bride) = lone else { break };
        if calls
            .is_some_and(|order| !callable_aces(profile, (order, active), hands, bride).is_empty())
        {
            break;
        }
    }
}

/// The aces the rules let the bride `b` call (play's rule), of those she holds none of.
pub fn callable_aces(
    profile: &Profile,
    (order, active): (&crate::cards::CardOrder, &[usize]),
    hands: &[Vec<Card>],
    b: usize,
) -> Vec<Card> {
    crate::cards::Suit::ALL
        .iter()
        .map(|&suit| Card::new(suit, crate::cards::Rank::Ace))
        .filter(|&a| !hands[b].contains(&a))
        .filter(|&a| {
            crate::play::ace_callable(
                profile,
                (active, hands),
                (Contract::Normal, order),
                (b, false),
                a,
            )
        })
        .collect()
}
