//! The double-dummy solver (issue 70): every hand open, both parties playing perfectly,
//! how many eyes Re takes from a position of the deal machine, and which cards reach it.
//!
//! A search of the cards alone, on the machine's own play ([`Deal::play_trusted`] and
//! [`Deal::undo`]): the rules that say who may play what and who takes a trick (following,
//! the contract's trumps, the raises declared, Dullen) are the machine's, and nothing is
//! judged twice. The parties are given ([`Solver::new`]: the places of Re, as the record
//! found them): Re plays for the most eyes, Kontra for the fewest.
//!
//! * **Alpha-beta** over the eyes still to be taken (those of the trick on the table and
//!   of every hand), fail-soft, and the exact value by null-window searches: each asks
//!   "does Re take at least `g`?". In an analysis, where the value after the card played
//!   is known, the first asks whether another card does better and the next ones step
//!   away from it, 1, 2, 4, ... eyes, while the answers keep its side; then they halve
//!   what is left. Where the card played was best, one question is all.
//! * **A transposition table** at the start of each trick, keyed by the **shape** of the
//!   hands: for each class, its live cards from the strongest down, each as its holder,
//!   its eyes' step (0; 2 to 4; 10 and 11), its tie with the card before and its Dullen
//!   bit; and the place to lead. An entry keeps a bound (lower, upper) on the eyes still
//!   to come, the card that did best, and the **fine** eyes of the position's cards (each
//!   card's place within its step, in bits whose differing count is the eyes two
//!   positions' cards differ by). Positions of one shape play alike, and every trick goes
//!   to the same party: their values differ by at most the eyes their cards differ by, so
//!   an entry bounds every position of its shape, widened by that difference (exact
//!   where the fine bits are the same). The table is kept from one question to the next,
//!   so that the analysis of a whole deal (a value at each card) reuses what the search
//!   of the last cards found.
//! * **Equivalent cards searched once**: the copies of one card, and the cards of one
//!   class with the same eyes that touch in its order once every card between them is
//!   gone (nobody holds one, none lies in the trick). A ♥10 that Dullen lets beat its twin
//!   is never merged with another card.
//! * **Dominated cards not searched**: touching cards of one class with other eyes take
//!   the same tricks whichever is played now and whichever kept. Where the trick under way
//!   goes to one party whatever the later places play (nobody after the mover of the
//!   other party holds a card that may take it), the mover plays the card of most eyes
//!   of such a run into her party's trick and the card of fewest into the other's: its
//!   eyes come home now (or the fewest go away), the kept card's go wherever a later trick
//!   goes.
//! * **Move order**: the table's card first, then a card that takes the trick cheaply
//!   where the other party takes it now, eyes thrown to a partner who takes it, the
//!   cheapest card where the trick is lost, and sure winners led.
//! * **Quick bounds**: the eyes still out bound the value (0 to all of them); the last
//!   trick is played out without a search.
//!
//! The ideas are those of double-dummy solvers for bridge (Bo Haglund's DDS, partition
//! search); nothing of their code is used.

use super::ruleset::at;
use super::{Bits, CardId, Deal, MAX_PLACES, OrderId, Phase, Ruleset, TRUMP, beats};

/// The table's slots in buckets of four: a position goes to the slot of its bucket that
/// holds it (its shape and fine eyes), else replaces the one with the fewest cards left
/// (the cheapest to search again); a probe reads every entry of its shape in the bucket.
const BUCKET: usize = 4;

/// The table of a deck: 2^22 entries of 24 bytes (96 MB) for 40 cards and more, fewer for
/// smaller decks (Kloepper's 24 cards: 2^16).
fn table_bits(rules: &Ruleset) -> u32 {
    match rules.cards {
        0..=24 => 16,
        25..=32 => 19,
        33..=39 => 21,
        _ => 22,
    }
}

/// One slot of the transposition table: a position (its hash), bounds on the eyes Re
/// takes from it, and the card that did best.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// The fine eyes of the position's live cards ([`Solver::shape`]).
    fine: u64,
    lo: u8,
    hi: u8,
    best: u8,
    /// Tricks left at the position.
    left: u8,
}

/// Re's eyes at the end of a deal with perfect play, as far as a search found them: at
/// least `lo`, at most `hi` (equal: the value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// At least this.
    pub lo: u16,
    /// At most this.
    pub hi: u16,
}

impl Bounds {
    /// The value, where the bounds meet.
    pub fn exact(self) -> Option<u16> {
        (self.lo == self.hi).then_some(self.lo)
    }
}

/// A double-dummy solver for one deal's parties under one ruleset. Its table is kept
/// from one question to the next (positions of one deal, or of several).
pub struct Solver<'r> {
    rules: &'r Ruleset,
    /// The places of Re, a bit each.
    re: u8,
    table: Vec<Entry>,
    /// Positions searched (calls of the search), for the benchmarks and the limit.
    nodes: u64,
    /// The searches stop once `nodes` reaches it.
    limit: u64,
    /// The eyes of the deal's cards (the won, the held and the trick's): what a position's
    /// eyes still to take are counted from. Every card of the deck in a deal dealt whole.
    total: u16,
    /// The order the blocks were made for.
    blocks_for: Option<OrderId>,
    /// For each class, its cards by strength from the strongest down, a mask each (the
    /// copies of one card, cards of equal strength, together).
    blocks: [[u64; 48]; 5],
    block_len: [u8; 5],
    /// For each id, what the shape hashes of its card besides its holder and tie: its
    /// eyes' step and whether Dullen sets it apart; and its fine bits and their count
    /// ([`eye_step`]).
    shape_code: [(u64, u64, u32); 64],
    /// Ids whose id before is a copy of the same card.
    copy_of_prev: u64,
    /// Ids never merged with another card (the ♥10s where Dullen decides between them).
    apart: u64,
    /// How often each place's card cut a search off, weighed by the tricks left then:
    /// the move order's tie-break (the history heuristic).
    history: [[u32; 64]; MAX_PLACES],
}

impl<'r> Solver<'r> {
    /// A solver for deals under `rules` in which the places of `re` (a bit each) are Re.
    pub fn new(rules: &'r Ruleset, re: u8) -> Solver<'r> {
        Solver::with_table(rules, re, table_bits(rules))
    }

    /// A solver whose searches will visit at most `limit` positions in all: its table
    /// no larger than they need (a slot for every eighth position: a trick's start is
    /// every fourth or so, and many are visited again; 24 bytes an entry: 24 MB for
    /// 5,000,000 positions), as [`Solver::set_limit`] sets.
    pub fn with_limit(rules: &'r Ruleset, re: u8, limit: Option<u64>) -> Solver<'r> {
        let most = table_bits(rules);
        let bits = limit.map_or(most, |l| {
            let wanted = (l / 8).max(1 << 12).next_power_of_two().trailing_zeros();
            wanted.min(most)
        });
        let mut solver = Solver::with_table(rules, re, bits);
        solver.set_limit(limit);
        solver
    }

    /// [`Solver::new`] with a table of `2^bits` entries (at least a bucket's): a small one
    /// for endgames.
    pub fn with_table(rules: &'r Ruleset, re: u8, bits: u32) -> Solver<'r> {
        let mut copy_of_prev = 0u64;
        for id in 1..rules.cards {
            if rules.card(id) == rules.card(id - 1) {
                copy_of_prev |= 1 << id;
            }
        }
        let dullen = (0..rules.hand).any(|t| rules.later_ten_wins(t));
        let apart = if dullen { rules.heart_tens() } else { 0 };
        let mut shape_code = [(0, 0, 0); 64];
        for i in 0..rules.cards {
            let (step, width, bits) = eye_step(rules.eyes(i));
            shape_code[at(i)] = (
                step << 3 | u64::from(apart >> i & 1 != 0) << 11,
                bits,
                width,
            );
        }
        Solver {
            rules,
            re,
            table: vec![Entry::default(); 1 << bits.clamp(2, 30)],
            nodes: 0,
            limit: u64::MAX,
            total: rules.eyes_of(rules.deck()),
            blocks_for: None,
            blocks: [[0; 48]; 5],
            block_len: [0; 5],
            shape_code,
            copy_of_prev,
            apart,
            history: [[0; 64]; MAX_PLACES],
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets what the table holds (a deal of other hands or parties comes; positions
    /// of one deal may share it).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Re's eyes at the end of the deal from `deal` as it stands, both parties playing
    /// perfectly, and the cards of the player to move that reach them (none where the
    /// limit stopped the search first: [`Solver::set_limit`]). The deal is left as it was.
    pub fn solve(&mut self, deal: &mut Deal) -> (Bounds, Option<u64>) {
        let value = self.value(deal);
        let best = value.exact().and_then(|v| self.best_cards(deal, v));
        (value, best)
    }

    /// Stops every search once `nodes` positions in all were searched ([`Solver::nodes`]);
    /// what is not known then is given as bounds. None: no limit.
    pub fn set_limit(&mut self, nodes: Option<u64>) {
        self.limit = nodes.unwrap_or(u64::MAX);
    }

    /// Has the limit stopped a search?
    pub fn stopped(&self) -> bool {
        self.nodes >= self.limit
    }

    /// Re's eyes at the end of the deal from `deal`, both parties playing perfectly:
    /// exact, or the bounds known when the limit stopped the search.
    pub fn value(&mut self, deal: &mut Deal) -> Bounds {
        self.value_within(deal, None)
    }

    /// [`Solver::value`] where the value after one of the mover's cards is known (`after`,
    /// its bounds: the value after the card played, in an analysis): the search starts
    /// from [`Solver::known_bounds`], and the first question asks whether another card
    /// does better. Where none does, that one question is all.
    pub fn value_after(&mut self, deal: &mut Deal, after: Bounds) -> Bounds {
        self.value_within(deal, Some(after))
    }

    /// The bounds of the value from `deal` known without a search: Re's eyes so far, and
    /// those and all still out; with `after`, the value after one of the mover's cards,
    /// a Re player's value is at least what her card reaches, a Kontra player's at most.
    pub fn known_bounds(&mut self, deal: &Deal, after: Option<Bounds>) -> Bounds {
        self.prepare(deal);
        let won = self.re_won(deal);
        let all = won + self.rest(deal);
        let mut known = Bounds { lo: won, hi: all };
        if let Some(after) = after {
            if self.is_re(deal.to_move()) {
                known.lo = after.lo.clamp(won, all);
            } else {
                known.hi = after.hi.clamp(won, all);
            }
        }
        known
    }

    fn value_within(&mut self, deal: &mut Deal, after: Option<Bounds>) -> Bounds {
        let known = self.known_bounds(deal, after);
        let won = self.re_won(deal);
        let mut lo = i32::from(known.lo - won);
        let mut hi = i32::from(known.hi - won);
        // With the value after a card known, the first question asks whether another
        // card does better.
        let guess = after.map(|_| {
            if self.is_re(deal.to_move()) {
                lo + 1
            } else {
                hi
            }
        });
        // The first question at the guess; from there, steps that double away from it
        // (1, 2, 4, ...) while the answers keep the side of it, then halving what is left
        // once the value is caught between two answers. Without a guess, halving.
        let mut g = guess.unwrap_or(hi / 2);
        let (mut step, mut side) = (i32::from(guess.is_some()), 0i8);
        while lo < hi && !self.stopped() {
            let b = g.clamp(lo + 1, hi);
            let v = self.search(deal, b - 1, b);
            if self.stopped() {
                break;
            }
            let up = v >= b;
            if up {
                lo = v;
            } else {
                hi = v;
            }
            let same = side == 0 || (side > 0) == up;
            if step > 0 && same {
                side = if up { 1 } else { -1 };
                g = if up { lo + step } else { hi - step + 1 };
                step *= 2;
            } else {
                step = 0;
                g = (lo + hi + 1) / 2;
            }
        }
        Bounds {
            lo: won + lo as u16,
            hi: won + hi as u16,
        }
    }

    /// The cards of the player to move (every copy of each) after which Re's eyes at the
    /// end are `value`, the position's own ([`Solver::value`]): none once the deal is
    /// over, None where the limit stopped the search.
    pub fn best_cards(&mut self, deal: &mut Deal, value: u16) -> Option<u64> {
        self.best_cards_after(deal, value, None)
    }

    /// [`Solver::best_cards`] where the value after one card (`played`: the card and the
    /// value after it) is known: that card and those equivalent to it are not searched
    /// again.
    pub fn best_cards_after(
        &mut self,
        deal: &mut Deal,
        value: u16,
        played: Option<(CardId, u16)>,
    ) -> Option<u64> {
        self.prepare(deal);
        let legal = deal.legal_cards(self.rules);
        if legal == 0 {
            return Some(0);
        }
        let maximize = self.is_re(deal.to_move());
        let reps = self.representatives(deal, legal, false);
        let mut best = 0u64;
        let mut known = 0u64;
        if let Some((card, after)) = played {
            known = self.equivalents(deal, legal, card);
            if after == value {
                best |= known;
            }
        }
        for id in Bits(reps & !known) {
            let delta = deal.play_trusted(self.rules, id);
            // Re takes at least `value` after a card of hers (at most, after Kontra's):
            // the card is as good as the best.
            let reaches = if maximize {
                self.at_least(deal, value)
            } else {
                !self.at_least(deal, value + 1)
            };
            deal.undo(self.rules, delta);
            if self.stopped() {
                return None;
            }
            if reaches {
                best |= self.equivalents(deal, legal, id);
            }
        }
        Some(best)
    }

    /// Does Re take at least `eyes` at the end, from `deal`? (Unsure where the limit
    /// stops the search: [`Solver::stopped`].)
    fn at_least(&mut self, deal: &mut Deal, eyes: u16) -> bool {
        self.prepare(deal);
        let won = self.re_won(deal);
        if eyes <= won {
            return true;
        }
        let need = i32::from(eyes - won);
        if need > i32::from(self.rest(deal)) {
            return false;
        }
        self.search(deal, need - 1, need) >= need
    }

    /// Counts the deal's eyes, and makes the blocks for its order where they are not made
    /// yet.
    fn prepare(&mut self, deal: &Deal) {
        let won: u16 = (0..self.rules.players).map(|p| deal.eyes(p)).sum();
        self.total = won + self.rules.eyes_of(self.live(deal));
        let id = deal.order();
        if self.blocks_for == Some(id) {
            return;
        }
        let order = self.rules.order(id);
        for class in 0..5u8 {
            let mut ids: Vec<CardId> = Bits(order.class_mask[usize::from(class)]).collect();
            // Strongest first; copies (equal strength) by id.
            ids.sort_by_key(|&i| (std::cmp::Reverse(order.key[usize::from(class)][at(i)]), i));
            let c = usize::from(class);
            let mut n = 0usize;
            for (k, &i) in ids.iter().enumerate() {
                let key = order.key[c][at(i)];
                if k > 0 && order.key[c][at(ids[k - 1])] == key {
                    self.blocks[c][n - 1] |= 1u64 << i;
                } else {
                    self.blocks[c][n] = 1u64 << i;
                    n += 1;
                }
            }
            self.block_len[c] = n as u8;
        }
        self.blocks_for = Some(id);
    }

    #[inline]
    fn is_re(&self, place: u8) -> bool {
        self.re >> place & 1 != 0
    }

    /// The eyes Re has won so far.
    #[inline]
    fn re_won(&self, deal: &Deal) -> u16 {
        let mut won = 0;
        for p in 0..self.rules.players.min(MAX_PLACES as u8) {
            if self.is_re(p) {
                won += deal.eyes(p);
            }
        }
        won
    }

    /// The eyes still to be taken: the trick on the table's and every hand's.
    #[inline]
    fn rest(&self, deal: &Deal) -> u16 {
        let total: u16 = (0..self.rules.players).map(|p| deal.eyes(p)).sum();
        self.total.saturating_sub(total)
    }

    /// Every card still in play: the hands and the trick on the table.
    #[inline]
    fn live(&self, deal: &Deal) -> u64 {
        let mut live = deal.trick_mask();
        for p in 0..self.rules.players {
            live |= deal.hand(p);
        }
        live
    }

    /// The cards of `legal` to search: one of each set of equivalent cards; and where
    /// `prune` (a search's, not the best cards'), one of each run whose trick is decided
    /// ([`Solver::groups`]).
    fn representatives(&self, deal: &Deal, legal: u64, prune: bool) -> u64 {
        // The copies of one card first: where that leaves one card, it is the one.
        let reps = legal & !((legal << 1) & self.copy_of_prev);
        if reps & (reps - 1) == 0 {
            return reps;
        }
        let order = self.rules.order(deal.order());
        let mut live = None;
        let mut out = 0u64;
        // Nothing to prune at the lead, nor where no card of the mover's may decide the
        // trick: the best so far may be taken by a later place of the other party, and so
        // may her strongest.
        let threat = (prune && deal.in_trick() > 0)
            .then(|| self.trick_threat(deal))
            .filter(|t| self.may_decide(deal, t, legal));
        let prune = threat.is_some();
        for class in 0..5usize {
            let mine = reps & order.class_mask[class];
            if mine & mine.wrapping_sub(1) == 0 {
                out |= mine;
                continue;
            }
            if !prune {
                // Only cards of equal eyes may be one: where every card has eyes of its
                // own, each is searched.
                let mut seen = 0u16;
                let mut twice = false;
                for id in Bits(mine) {
                    let bit = 1u16 << (self.rules.eyes(id) & 15);
                    twice |= seen & bit != 0;
                    seen |= bit;
                }
                if !twice {
                    out |= mine;
                    continue;
                }
            }
            let live = *live.get_or_insert_with(|| self.live(deal));
            let (mut run, mut cards) = (u32::MAX, 0u64);
            let finish = |cards: u64, out: &mut u64| {
                let first = cards.trailing_zeros() as CardId;
                let home = threat
                    .as_ref()
                    .filter(|_| cards & cards.wrapping_sub(1) != 0)
                    .and_then(|t| self.decided(deal, t, first));
                let Some(home) = home else {
                    *out |= cards;
                    return;
                };
                // The card of most eyes (of fewest), the first of equals.
                let mut pick = first;
                for id in Bits(cards) {
                    let (e, p) = (self.rules.eyes(id), self.rules.eyes(pick));
                    if (home && e > p) || (!home && e < p) {
                        pick = id;
                    }
                }
                *out |= 1u64 << pick;
            };
            self.groups((legal, live), class, |g, r| {
                if r != run {
                    finish(cards, &mut out);
                    (run, cards) = (r, 0);
                }
                cards |= g & g.wrapping_neg();
            });
            finish(cards, &mut out);
        }
        out
    }

    /// The cards of `legal` equivalent to `id` ([`Solver::representatives`] without
    /// `prune`): `id`, its copies, and the cards it stands for.
    fn equivalents(&self, deal: &Deal, legal: u64, id: CardId) -> u64 {
        let order = self.rules.order(deal.order());
        let class = usize::from(order.class[at(id)] & 7);
        let live = self.live(deal);
        let bit = 1u64 << id;
        let mut out = bit;
        self.groups((legal, live), class, |g, _| {
            if g & bit != 0 {
                out = g;
            }
        });
        out
    }

    /// For a trick under way (not at its lead): the strongest card (its strength in the
    /// class led) that the places still to play after the mover hold, for each party
    /// (Kontra's, Re's), and whether a ♥10 may take an equal one in this trick.
    fn trick_threat(&self, deal: &Deal) -> ([u8; 2], bool) {
        let rules = self.rules;
        let order = rules.order(deal.order());
        let (led, _, _) = deal.trick_standing();
        let keys = &order.key[usize::from(led)];
        let me = deal.to_move();
        let n = rules.players;
        let mut most = [0u8; 2];
        for k in 1..n - deal.in_trick() {
            let q = (me + k) % n;
            let m = &mut most[usize::from(self.is_re(q))];
            for c in Bits(deal.hand(q)) {
                *m = (*m).max(keys[at(c)]);
            }
        }
        (most, rules.later_ten_wins(deal.tricks_played()))
    }

    /// Whether the trick under way goes to the mover's party (Some(true)) or to the other
    /// (Some(false)) whatever the places after her play, once she plays `id`; None where
    /// a later place of the other party than the trick's best so far holds a card that
    /// may take it (an equal one too, where Dullen lets a ♥10 take its twin).
    fn decided(&self, deal: &Deal, (most, tens): &([u8; 2], bool), id: CardId) -> Option<bool> {
        let rules = self.rules;
        let order = rules.order(deal.order());
        let me = self.is_re(deal.to_move());
        let (led, win_key, win_place) = deal.trick_standing();
        let key = order.key[usize::from(led)][at(id)];
        let dullen = (rules.heart_tens(), *tens);
        let (best, side) = if beats((key, 1u64 << id), win_key, dullen) {
            (key, me)
        } else {
            (win_key, self.is_re(win_place))
        };
        (!may_take(most[usize::from(!side)], best, *tens)).then_some(side == me)
    }

    /// May a card of `legal` decide the trick under way ([`Solver::decided`])? No where a
    /// later place of the other party may take the best card so far, and one of the
    /// mover's other party may take her strongest.
    fn may_decide(&self, deal: &Deal, (most, tens): &([u8; 2], bool), legal: u64) -> bool {
        let order = self.rules.order(deal.order());
        let (led, win_key, win_place) = deal.trick_standing();
        if !may_take(most[usize::from(!self.is_re(win_place))], win_key, *tens) {
            return true;
        }
        let keys = &order.key[usize::from(led)];
        let strongest = Bits(legal).map(|id| keys[at(id)]).max().unwrap_or(0);
        !may_take(
            most[usize::from(!self.is_re(deal.to_move()))],
            strongest,
            *tens,
        )
    }

    /// Calls `f` with each set of equivalent cards of `legal` in `class` and the run it
    /// belongs to, walking the class from its strongest card down: cards of equal strength
    /// form a block; a block holding a live card that is not `legal`'s (another hand's, or
    /// the trick's) parts the cards above it from those below (and its own cards from
    /// both). Cards of `legal` with no such block between them are one run: they take the
    /// same tricks whichever is played now and whichever kept, and differ only in their
    /// eyes; those of a run with the same eyes, touching, are one set. A ♥10 that Dullen
    /// sets apart is a set and a run with its copies alone.
    ///
    /// Where the trick under way is decided whatever the later places play, the cards of
    /// a run differ only in where their eyes go: the trick's eyes come home now or go to
    /// the other party, the kept card's wherever a later trick goes. Where the trick is
    /// the mover's party's, the card of most eyes is at least as good as any of its run;
    /// where it is the other party's, the card of fewest.
    fn groups(&self, (legal, live): (u64, u64), class: usize, mut f: impl FnMut(u64, u32)) {
        let mut group = 0u64;
        let mut open: Option<u16> = None;
        let mut run = 0u32;
        for &block in &self.blocks[class][..usize::from(self.block_len[class])] {
            if block & live == 0 {
                continue;
            }
            let mine = block & legal;
            let parted = block & live & !legal != 0;
            if parted {
                if group != 0 {
                    f(group, run);
                }
                (group, open) = (0, None);
                run += 1;
            }
            let mut rest = mine;
            while rest != 0 {
                let id = rest.trailing_zeros() as CardId;
                let card = self.rules.ids_of(self.rules.card(id)) & mine;
                rest &= !card;
                let eyes = self.rules.eyes(id);
                if parted || self.apart & card != 0 {
                    if group != 0 {
                        f(group, run);
                    }
                    f(card, run + 1);
                    (group, open) = (0, None);
                    run += 2;
                } else if open == Some(eyes) {
                    group |= card;
                } else {
                    if group != 0 {
                        f(group, run);
                    }
                    (group, open) = (card, Some(eyes));
                }
            }
        }
        if group != 0 {
            f(group, run);
        }
    }

    /// The hash of a position at the start of a trick, by its shape: for each class, its
    /// live cards from the strongest down, each as its holder, its eyes' coarse step,
    /// whether it ties with the card before (copies), and whether Dullen sets it apart;
    /// and the place to lead. With it, the fine eyes: each card's place within its step,
    /// in bits whose differing count between two positions of one hash is the eyes their
    /// cards differ by ([`eye_step`]). Positions of one shape and one fine word are the
    /// same game (the cards played before only left gaps), whichever cards were played:
    /// one entry serves them all; positions of one shape differ in value by at most the
    /// eyes their cards differ by (both play alike, and every trick goes to the same
    /// party).
    fn shape(&self, deal: &Deal) -> (u64, u64) {
        let n = usize::from(self.rules.players);
        let mut hands = [0u64; MAX_PLACES];
        let mut live = 0u64;
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            *hand = deal.hand(p as u8);
            live |= *hand;
        }
        let mut h = 0xCBF2_9CE4_8422_2325u64 ^ u64::from(deal.to_move());
        let (mut fine, mut used) = (0u64, 0u32);
        for class in 0..5usize {
            h = (h ^ (0x100 + class as u64)).wrapping_mul(0x0000_0100_0000_01B3);
            for &block in &self.blocks[class][..usize::from(self.block_len[class])] {
                let mut tie = 0u64;
                for id in Bits(block & live) {
                    let bit = 1u64 << id;
                    let owner = hands[..n].iter().position(|&m| m & bit != 0).unwrap_or(7) as u64;
                    let (mut code, bits, width) = self.shape_code[at(id)];
                    if width == 0 {
                        // No fine bits: the step is the eyes.
                    } else if used + width > 64 {
                        // No room left for the fine bits: the eyes go into the hash whole.
                        code = code & !(0xFF << 3) | (16 + u64::from(self.rules.eyes(id))) << 3;
                    } else {
                        fine |= bits << used;
                        used += width;
                    }
                    h = (h ^ (owner | code | tie)).wrapping_mul(0x0000_0100_0000_01B3);
                    tie = 1 << 10;
                }
            }
        }
        (mix(h) | 1, fine)
    }

    /// A card as its class and its place among the live cards of its class (what a table
    /// entry keeps: the same in every position of one shape).
    fn rank_code(&self, deal: &Deal, id: CardId) -> u8 {
        let order = self.rules.order(deal.order());
        let class = usize::from(order.class[at(id)] & 7);
        let live = self.live(deal);
        let mut k = 0u32;
        for &block in &self.blocks[class][..usize::from(self.block_len[class])] {
            if block >> id & 1 != 0 {
                k += (live & block & ((1u64 << id) - 1)).count_ones();
                break;
            }
            k += (live & block).count_ones();
        }
        (class as u8) << 5 | k as u8
    }

    /// The card of a [`Solver::rank_code`] in this position.
    fn card_of_code(&self, deal: &Deal, code: u8) -> Option<CardId> {
        let class = usize::from(code >> 5);
        let mut k = usize::from(code & 31);
        let live = self.live(deal);
        for &block in &self.blocks.get(class)?[..usize::from(self.block_len[class])] {
            let here = live & block;
            let n = here.count_ones() as usize;
            if k < n {
                return super::nth_bit(here, k);
            }
            k -= n;
        }
        None
    }

    /// The bounds the table's entries of a position's shape give it (each widened by the
    /// eyes its fine word differs by: [`Solver::shape`]), and the card of the nearest.
    #[inline]
    fn lookup(&self, key: u64, fine: u64) -> Option<(i32, i32, u8)> {
        let first = (key as usize) & (self.table.len() - 1) & !(BUCKET - 1);
        let mut found = None;
        let mut near = u32::MAX;
        for e in &self.table[first..first + BUCKET] {
            if e.key != key {
                continue;
            }
            let d = (e.fine ^ fine).count_ones();
            let (lo, hi) = (i32::from(e.lo) - d as i32, i32::from(e.hi) + d as i32);
            let (flo, fhi, fbest) = found.unwrap_or((i32::MIN, i32::MAX, u8::MAX));
            let best = if d < near && e.best != u8::MAX {
                near = d;
                e.best
            } else {
                fbest
            };
            found = Some((flo.max(lo), fhi.min(hi), best));
        }
        found
    }

    /// The slot for a position (its hash and fine word): the one of its bucket that
    /// holds it, else the one to replace.
    #[inline]
    fn slot(&self, key: u64, fine: u64) -> usize {
        let first = (key as usize) & (self.table.len() - 1) & !(BUCKET - 1);
        let mut victim = first;
        for i in first..first + BUCKET {
            let e = &self.table[i];
            if e.key == key && e.fine == fine {
                return i;
            }
            if e.left < self.table[victim].left {
                victim = i;
            }
        }
        victim
    }

    /// The eyes Re takes from here on (the trick on the table's and the hands'), fail-soft
    /// within the window (`alpha`, `beta`).
    fn search(&mut self, deal: &mut Deal, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            return alpha;
        }
        let rules = self.rules;
        if deal.phase() == Phase::Over {
            return 0;
        }
        let at_start = deal.in_trick() == 0;
        let (mut key, mut fine, mut tt_best) = (0u64, 0u64, u8::MAX);
        if at_start {
            match self.probe(deal, alpha, beta) {
                Err(v) => return v,
                Ok(found) => (key, fine, alpha, beta, tt_best) = found,
            }
        }
        let legal = deal.legal_cards(rules);
        let reps = self.representatives(deal, legal, true);
        let mut moves = [(0i32, 0u8); 24];
        let n = self.order_moves(deal, reps, tt_best, &mut moves);
        let place = deal.to_move();
        let maximize = self.is_re(place);
        let trick = deal.tricks_played();
        let won = i32::from(self.re_won(deal));
        let (a0, b0) = (alpha, beta);
        let mut best_v = if maximize { -1 } else { i32::MAX };
        let mut best_id = u8::MAX;
        for &(_, id) in &moves[..n] {
            let delta = deal.play_trusted(rules, id);
            let gained = if deal.tricks_played() > trick {
                i32::from(self.re_won(deal)) - won
            } else {
                0
            };
            let v = gained + self.search(deal, alpha - gained, beta - gained);
            deal.undo(rules, delta);
            if self.nodes >= self.limit {
                // Stopped: nothing found here is known.
                return alpha;
            }
            if maximize {
                if v > best_v {
                    best_v = v;
                    best_id = id;
                }
                if v >= beta {
                    self.cut(place, id, rules.hand - trick);
                    break;
                }
                alpha = alpha.max(v);
            } else {
                if v < best_v {
                    best_v = v;
                    best_id = id;
                }
                if v <= alpha {
                    self.cut(place, id, rules.hand - trick);
                    break;
                }
                beta = beta.min(v);
            }
        }
        if at_start {
            self.store(deal, (key, fine), (a0, b0), (best_v, best_id));
        }
        best_v
    }

    /// A card cut a search off with `left` tricks left.
    #[inline]
    fn cut(&mut self, place: u8, id: CardId, left: u8) {
        let h = &mut self.history[usize::from(place) % MAX_PLACES][at(id)];
        *h = h.saturating_add(1 << left.min(24));
    }

    /// At the start of a trick: the value where it is known without a search (the eyes
    /// still out, the last trick, the table's bounds), else the table's slot and key, the
    /// window narrowed by the table's bounds, and the table's card.
    #[allow(clippy::type_complexity)]
    fn probe(
        &mut self,
        deal: &mut Deal,
        alpha: i32,
        beta: i32,
    ) -> Result<(u64, u64, i32, i32, u8), i32> {
        let rest = i32::from(self.rest(deal));
        if alpha >= rest {
            return Err(rest);
        }
        if beta <= 0 {
            return Err(0);
        }
        if deal.held(self.rules, deal.to_move()) == 1 {
            return Err(self.last_trick(deal));
        }
        let (key, fine) = self.shape(deal);
        let Some((lo, hi, code)) = self.lookup(key, fine) else {
            return Ok((key, fine, alpha, beta, u8::MAX));
        };
        let (lo, hi) = (lo.max(0), hi.min(rest));
        if lo >= beta || lo == hi {
            return Err(lo);
        }
        if hi <= alpha {
            return Err(hi);
        }
        let best = match code {
            u8::MAX => u8::MAX,
            code => self.card_of_code(deal, code).unwrap_or(u8::MAX),
        };
        Ok((key, fine, alpha.max(lo), beta.min(hi), best))
    }

    /// Keeps what a search of the window (`a0`, `b0`) at the start of a trick found: a
    /// bound where it failed (fail-soft: the value is beyond it), else the value; and the
    /// card that did best.
    fn store(
        &mut self,
        deal: &Deal,
        (key, fine): (u64, u64),
        (a0, b0): (i32, i32),
        (best_v, best_id): (i32, CardId),
    ) {
        let slot = self.slot(key, fine);
        let mut e = self.table[slot];
        if e.key != key || e.fine != fine {
            e = Entry {
                key,
                fine,
                lo: 0,
                hi: u8::MAX,
                best: u8::MAX,
                left: self.rules.hand - deal.tricks_played(),
            };
        }
        let v = best_v.clamp(0, 255) as u8;
        if best_v <= a0 {
            e.hi = e.hi.min(v);
        } else if best_v >= b0 {
            e.lo = e.lo.max(v);
        } else {
            e.lo = v;
            e.hi = v;
        }
        if best_id != u8::MAX {
            e.best = self.rank_code(deal, best_id);
        }
        self.table[slot] = e;
    }

    /// The last trick, every card forced: the eyes Re takes in it.
    fn last_trick(&mut self, deal: &mut Deal) -> i32 {
        let rules = self.rules;
        let trick = deal.tricks_played();
        let won = i32::from(self.re_won(deal));
        let mut deltas = [None; 8];
        let mut k = 0;
        while deal.phase() == Phase::Playing && deal.tricks_played() == trick {
            let id = deal.legal_cards(rules).trailing_zeros() as CardId;
            deltas[k & 7] = Some(deal.play_trusted(rules, id));
            k += 1;
        }
        let v = i32::from(self.re_won(deal)) - won;
        while k > 0 {
            k -= 1;
            if let Some(d) = deltas[k & 7] {
                deal.undo(rules, d);
            }
        }
        v
    }

    /// The strength of the strongest of the `others` (live cards of the other places) in
    /// `class`, 0 where there is none: the class walked from its top to the first.
    #[inline]
    fn top_other(&self, order: &super::Order, class: usize, others: u64) -> u8 {
        self.blocks[class][..usize::from(self.block_len[class])]
            .iter()
            .find(|&&b| b & others != 0)
            .map_or(0, |&b| order.key[class][at(b.trailing_zeros() as CardId)])
    }

    /// The cards of `reps` in the order to search them, each with its score: the table's
    /// card first.
    fn order_moves(
        &self,
        deal: &Deal,
        reps: u64,
        tt_best: u8,
        out: &mut [(i32, CardId); 24],
    ) -> usize {
        let rules = self.rules;
        let order = rules.order(deal.order());
        let place = deal.to_move();
        let mine = self.is_re(place);
        let (led, win_key, win_place) = deal.trick_standing();
        let in_trick = deal.in_trick();
        let last = in_trick + 1 == rules.players;
        let dullen = (
            rules.heart_tens(),
            rules.later_ten_wins(deal.tricks_played()),
        );
        let live = self.live(deal) & !deal.hand(place);
        // At the lead: the other party's live cards, and the classes they may trump (a
        // class one of them lacks while holding trumps).
        let (mut theirs, mut trumped) = (0u64, 0u8);
        if in_trick == 0 {
            let trumps = order.class_mask[usize::from(TRUMP)];
            for q in 0..rules.players {
                if self.is_re(q) != mine {
                    let hand = deal.hand(q);
                    theirs |= hand;
                    if hand & trumps != 0 {
                        for c in 0..usize::from(TRUMP) {
                            if hand & order.class_mask[c] == 0 {
                                trumped |= 1 << c;
                            }
                        }
                    }
                }
            }
        }
        let mut n = 0;
        for id in Bits(reps) {
            let eyes = i32::from(rules.eyes(id));
            let class = usize::from(order.class[at(id)] & 7);
            let score = if in_trick == 0 {
                // A card no card of the other party's beats takes the trick for the
                // leader's party where they must follow (a side suit they may trump
                // is not sure): the most eyes first; else the cheapest.
                let key = order.key[class][at(id)];
                if trumped >> class & 1 == 0 && self.top_other(order, class, theirs) < key {
                    50 + eyes
                } else if self.top_other(order, class, live) > key {
                    -eyes
                } else {
                    40 + eyes
                }
            } else {
                let key = order.key[usize::from(led)][at(id)];
                let takes = beats((key, 1u64 << id), win_key, dullen);
                let partner = self.is_re(win_place) == mine;
                match (partner, takes) {
                    (true, false) => 20 + eyes,
                    (true, true) => -i32::from(key),
                    (false, true) if last => 100 + eyes,
                    (false, true) => 60 - i32::from(key),
                    (false, false) => -eyes,
                }
            };
            let hist = self.history[usize::from(place) % MAX_PLACES][at(id)];
            let score = if id == tt_best {
                i32::MAX
            } else {
                score * 4096 + (32 - hist.leading_zeros() as i32) * 64
            };
            // Insertion by score, highest first.
            let mut j = n;
            while j > 0 && out[j - 1].0 < score {
                out[j] = out[j - 1];
                j -= 1;
            }
            out[j] = (score, id);
            n += 1;
        }
        n
    }
}

/// May a card of strength `threat` (the strongest a later place holds) take the best so
/// far, of strength `best`? A stronger one may; an equal one where Dullen lets a ♥10 take
/// its twin in this trick (`tens`; the card may be a ♥10). A strength of 0 takes nothing.
#[inline]
fn may_take(threat: u8, best: u8, tens: bool) -> bool {
    threat > best || (tens && threat == best && threat > 0)
}

/// A card's eyes as a coarse step (0; 2 to 4; 10 and 11; any other number a step of its
/// own) and its place within the step as bits, `width` of them, whose differing count
/// is the difference of the eyes: 2 `00`, 3 `01`, 4 `11`; 10 `0`, 11 `1`.
#[inline]
fn eye_step(eyes: u16) -> (u64, u32, u64) {
    match eyes {
        0 => (0, 0, 0),
        2 => (1, 2, 0b00),
        3 => (1, 2, 0b01),
        4 => (1, 2, 0b11),
        10 => (2, 1, 0),
        11 => (2, 1, 1),
        e => (16 + u64::from(e), 0, 0),
    }
}

/// A 64-bit mixer (the finalizer of SplitMix64).
#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `TRUMP` is the class of trumps, the last of the five searched.
const _: () = assert!(TRUMP == 4);

/// Re's eyes at the end from `deal` by trying every legal card at every turn (no table,
/// no equivalent cards, no move order): what the solver's tests hold it to, on endgames
/// (the deal is left as it was).
#[doc(hidden)]
pub fn brute_force(rules: &Ruleset, re: u8, deal: &mut Deal) -> u16 {
    if deal.phase() == Phase::Over {
        return (0..rules.players)
            .filter(|p| re >> p & 1 != 0)
            .map(|p| deal.eyes(p))
            .sum();
    }
    let re_moves = re >> deal.to_move() & 1 != 0;
    let values = Bits(deal.legal_cards(rules)).map(|id| {
        let delta = deal.play_trusted(rules, id);
        let v = brute_force(rules, re, deal);
        deal.undo(rules, delta);
        v
    });
    let best = if re_moves { values.max() } else { values.min() };
    best.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Contract;
    use doko_words::rng::Rng;

    /// A random deal of `rules` in `order`, played at random until `left` tricks are
    /// left.
    fn endgame(rules: &Ruleset, order: OrderId, rng: &mut Rng, left: u8) -> Deal {
        let mut ids: Vec<CardId> = (0..rules.cards).collect();
        rng.shuffle(&mut ids);
        let mut hands = [0u64; MAX_PLACES];
        for (k, &id) in ids.iter().enumerate() {
            hands[k / usize::from(rules.hand)] |= 1 << id;
        }
        let leader = rng.below(usize::from(rules.players)) as u8;
        let mut deal = Deal::new(rules, &hands[..usize::from(rules.players)], leader, order);
        while deal.tricks_played() < rules.hand.saturating_sub(left) || deal.in_trick() > 0 {
            if deal.tricks_played() >= rules.hand.saturating_sub(left) && rng.chance(30) {
                break;
            }
            let legal = deal.legal_cards(rules);
            let k = rng.below(legal.count_ones() as usize);
            deal.play_trusted(rules, super::super::nth_bit(legal, k).unwrap_or(0));
        }
        deal
    }

    /// Re's eyes at the end by plain alpha-beta over every legal card (no table, no
    /// equivalent or dominated cards, no move order), within (`alpha`, `beta`): exact where
    /// the value lies inside the window. The deeper positions' reference.
    fn plain(rules: &Ruleset, re: u8, deal: &mut Deal, mut alpha: i32, mut beta: i32) -> i32 {
        if deal.phase() == Phase::Over {
            return (0..rules.players)
                .filter(|p| re >> p & 1 != 0)
                .map(|p| i32::from(deal.eyes(p)))
                .sum();
        }
        let maximize = re >> deal.to_move() & 1 != 0;
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        for id in Bits(deal.legal_cards(rules)) {
            let delta = deal.play_trusted(rules, id);
            let v = plain(rules, re, deal, alpha, beta);
            deal.undo(rules, delta);
            if maximize {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Deeper positions (five tricks left, and four), of every built-in profile and every
    /// fourth contract: the solver's value (with its table of similar positions and its
    /// dominated cards) is plain alpha-beta's, at each position as the deal goes on.
    #[test]
    fn the_solver_agrees_with_plain_alpha_beta_on_deeper_positions() {
        let mut rng = Rng::new(7070);
        let mut positions = 0;
        for (profile, _) in crate::machine::test_profiles(&[&[]]) {
            let rules = Ruleset::compile(&profile);
            for contract in Contract::all().step_by(4) {
                let order = rules.order_for(contract, 0);
                for left in [5u8, 4] {
                    let mut deal = endgame(&rules, order, &mut rng, left);
                    let re = 1u8 << rng.below(usize::from(rules.players)) | 1;
                    let re = if re == (1 << rules.players) - 1 {
                        1
                    } else {
                        re
                    };
                    let mut solver = Solver::with_table(&rules, re, 12);
                    while deal.phase() == Phase::Playing {
                        let won: i32 = (0..rules.players)
                            .filter(|p| re >> p & 1 != 0)
                            .map(|p| i32::from(deal.eyes(p)))
                            .sum();
                        let want = plain(&rules, re, &mut deal, won - 1, 241);
                        let got = solver.value(&mut deal);
                        assert_eq!(
                            got.exact().map(i32::from),
                            Some(want),
                            "{} {contract:?} {left} tricks left",
                            profile.name
                        );
                        positions += 1;
                        let legal = deal.legal_cards(&rules);
                        let k = rng.below(legal.count_ones() as usize);
                        deal.play_trusted(&rules, super::super::nth_bit(legal, k).unwrap_or(0));
                    }
                }
            }
        }
        assert!(positions > 300, "{positions}");
    }

    /// Every built-in profile, every contract, with and without the raises: at each
    /// position of the last three tricks, the solver's value and best cards are the brute
    /// force's.
    #[test]
    fn the_solver_agrees_with_a_brute_force_on_endgames_of_every_profile() {
        let mut rng = Rng::new(70);
        let mut positions = 0;
        for (profile, _) in crate::machine::test_profiles(&[&[]]) {
            let rules = Ruleset::compile(&profile);
            for contract in Contract::all() {
                for raises in [0u8, 3] {
                    let order = rules.order_for(contract, raises);
                    for _ in 0..3 {
                        let mut deal = endgame(&rules, order, &mut rng, 3);
                        let re = loop {
                            let r = rng.below(1 << rules.players) as u8;
                            if r != 0 && r != (1 << rules.players) - 1 {
                                break r;
                            }
                        };
                        let mut solver = Solver::with_table(&rules, re, 10);
                        while deal.phase() == Phase::Playing {
                            let want = brute_force(&rules, re, &mut deal);
                            let (value, got) = solver.solve(&mut deal);
                            assert_eq!(value.exact(), Some(want), "{} {contract:?}", profile.name);
                            let mut best = 0u64;
                            for id in Bits(deal.legal_cards(&rules)) {
                                let delta = deal.play_trusted(&rules, id);
                                if brute_force(&rules, re, &mut deal) == want {
                                    best |= 1 << id;
                                }
                                deal.undo(&rules, delta);
                            }
                            assert_eq!(got, Some(best), "{} {contract:?}", profile.name);
                            positions += 1;
                            let legal = deal.legal_cards(&rules);
                            let k = rng.below(legal.count_ones() as usize);
                            deal.play_trusted(&rules, super::super::nth_bit(legal, k).unwrap_or(0));
                        }
                    }
                }
            }
        }
        assert!(positions > 1000, "{positions}");
    }
}
