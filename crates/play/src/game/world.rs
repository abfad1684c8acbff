//! A world a player cannot tell from the real one (determinization): the other hands
//! dealt anew, consistent with everything she has seen.

use super::{Action, Game, Phase};
use crate::cards::Card;
use crate::lang::Text;
use crate::msg;
use crate::rng::Rng;

/// How many deals are tried before [`Game::sample_world`] gives up.
const TRIES: usize = 10_000;

impl Game {
    /// A full deal that `seat` cannot tell from this one: her own cards as dealt, every
    /// card played where it was played, the other hands dealt at random from the cards she
    /// has not seen, each seat short of the suits it showed void in, and the deal's
    /// actions taken again (so the calls, the parties the play revealed, a wedding's and a
    /// poverty's cards all hold). What the seat did not see of a poverty's exchange (the
    /// cards passed between two others) is chosen again too. Every deal consistent with
    /// what she has seen can come out; the same seed gives the same deal. Refused where
    /// no such deal is found in 10,000 tries.
    pub fn sample_world(&self, seat: usize, seed: u64) -> Result<Game, Text> {
        let seats = self.start.table.players.len();
        if seat >= seats {
            return Err(msg!("error.game_seat", seat = seat, seats = seats));
        }
        let seen = self.observation(seat);
        let mut played: Vec<Vec<Card>> = vec![Vec::new(); seats];
        // Each seat's void play suits, from the tricks: a card not of the suit led.
        let mut void: Vec<Vec<u8>> = vec![Vec::new(); seats];
        let (closed, current) = self.tricks();
        for trick in closed.iter().chain(std::iter::once(&current)) {
            let led = trick.first().map(|&(_, c)| self.order.suit_id(c));
            for &(s, c) in trick {
                let Some(s) = s else { continue };
                played[s].push(c);
                if let Some(led) = led
                    && self.order.suit_id(c) != led
                    && !void[s].contains(&led)
                {
                    void[s].push(led);
                }
            }
        }
        // The cards she has not seen, and how many each other seat was dealt beside the
        // cards it played.
        let mut pool: Vec<Card> = self.start.hands.iter().flatten().copied().collect();
        let take = |c: &Card, pool: &mut Vec<Card>| {
            if let Some(i) = pool.iter().position(|p| p == c) {
                pool.swap_remove(i);
            }
        };
        for c in &self.start.hands[seat] {
            take(c, &mut pool);
        }
        for (s, cards) in played.iter().enumerate() {
            if s != seat {
                for c in cards {
                    take(c, &mut pool);
                }
            }
        }
        // In the cards' order, not the hidden hands': the same seed gives the same world in
        // every deal she cannot tell from this one.
        pool.sort_unstable();
        let room: Vec<usize> = (0..seats)
            .map(|s| {
                if s == seat {
                    0
                } else {
                    self.start.hands[s].len().saturating_sub(played[s].len())
                }
            })
            .collect();
        let mut rng = Rng::new(seed);
        for _ in 0..TRIES {
            let Some(hands) = self.deal_pool(seat, &pool, &room, &played, &void, &mut rng) else {
                continue;
            };
            if let Some(world) = self.replayed(seat, hands, &mut rng)
                && world.observation(seat) == seen
            {
                return Ok(world);
            }
        }
        Err(msg!("error.no_world", seat = seat, tries = TRIES))
    }

    /// The pool dealt at random to the other seats (each its room, none a card of a suit
    /// it showed void in); with the cards each played, the hands dealt. None where the
    /// cards cannot be placed this way round.
    fn deal_pool(
        &self,
        seat: usize,
        pool: &[Card],
        room: &[usize],
        played: &[Vec<Card>],
        void: &[Vec<u8>],
        rng: &mut Rng,
    ) -> Option<Vec<Vec<Card>>> {
        let mut cards = pool.to_vec();
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.below(i + 1));
        }
        let mut left = room.to_vec();
        let mut hands: Vec<Vec<Card>> = played.to_vec();
        hands[seat] = self.start.hands[seat].clone();
        for c in cards {
            let suit = self.order.suit_id(c);
            let fits: Vec<usize> = (0..left.len())
                .filter(|&s| left[s] > 0 && !void[s].contains(&suit))
                .collect();
            if fits.is_empty() {
                return None;
            }
            let s = fits[rng.below(fits.len())];
            left[s] -= 1;
            hands[s].push(c);
        }
        Some(hands)
    }

    /// This deal's actions taken again from `hands`; the cards of a poverty's exchange
    /// that `seat` did not see chosen at random. None where an action is refused.
    fn replayed(&self, seat: usize, hands: Vec<Vec<Card>>, rng: &mut Rng) -> Option<Game> {
        let mut g = Game::deal(&self.start.table, self.start.dealer, 0, Some(hands)).ok()?;
        for &a in &self.actions {
            let unseen = g.phase == Phase::Exchange
                && matches!(a, Action::Card(_))
                && g.poverty
                    .as_ref()
                    .is_some_and(|p| p.poor != seat && p.partner != Some(seat));
            let a = if unseen {
                let cards: Vec<Action> = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Card(_)))
                    .collect();
                *cards.get(rng.below(cards.len().max(1)))?
            } else {
                a
            };
            g.apply(a).ok()?;
        }
        Some(g)
    }
}
