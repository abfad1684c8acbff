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
//!   of every hand), fail-soft, and the exact value by null-window searches (MTD(f)): each
//!   asks "does Re take at least `g`?", and the answers close in on the value.
//! * **A transposition table** at the start of each trick, keyed by the cards each place
//!   still holds and the place to lead: a bound (lower, upper) on the eyes still to come,
//!   whatever was played before, and the card that did best. It is kept from one question
//!   to the next, so that the analysis of a whole deal (a value at each card) reuses what
//!   the search of the first card found.
//! * **Equivalent cards searched once**: the copies of one card, and the cards of one
//!   class with the same eyes that touch in its order once every card between them is
//!   gone (nobody holds one, none lies in the trick). A ♥10 that Dullen lets beat its twin
//!   is never merged with another card.
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

/// The table's slots in buckets of four (a cache line): a position goes to the slot of
/// its bucket that holds it, else replaces the one with the fewest cards left (the
/// cheapest to search again).
const BUCKET: usize = 4;

/// The table of a deck: 2^22 entries of 16 bytes (64 MB) for 40 cards and more, fewer for
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
    /// The order the rank lists were made for.
    ranks_for: Option<OrderId>,
    /// For each class, its cards from the strongest down (copies side by side).
    ranks: [[CardId; 48]; 5],
    rank_len: [u8; 5],
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
    /// no larger than they can fill (a trick's start is every fourth position or so; 16
    /// bytes an entry: 32 MB for 6,000,000 positions), as [`Solver::set_limit`] sets.
    pub fn with_limit(rules: &'r Ruleset, re: u8, limit: Option<u64>) -> Solver<'r> {
        let most = table_bits(rules);
        let bits = limit.map_or(most, |l| {
            let wanted = (l / 4).max(1 << 12).next_power_of_two().trailing_zeros();
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
        Solver {
            rules,
            re,
            table: vec![Entry::default(); 1 << bits.clamp(2, 30)],
            nodes: 0,
            limit: u64::MAX,
            total: rules.eyes_of(rules.deck()),
            ranks_for: None,
            ranks: [[0; 48]; 5],
            rank_len: [0; 5],
            copy_of_prev,
            apart: if dullen { rules.heart_tens() } else { 0 },
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
        let value = self.value(deal, None);
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

    /// Re's eyes at the end of the deal from `deal`, both parties playing perfectly
    /// (`guess`: a value near it, where one is known, to start the search from): exact,
    /// or the bounds known when the limit stopped the search.
    pub fn value(&mut self, deal: &mut Deal, guess: Option<u16>) -> Bounds {
        self.prepare(deal);
        let won = self.re_won(deal);
        let rest = self.rest(deal);
        let mut lo = 0i32;
        let mut hi = i32::from(rest);
        // The first question at the guess, the next ones halve what is left (a search
        // fails soft: its answer is often a bound past the question).
        let mut g = guess.map_or(hi / 2, |g| i32::from(g) - i32::from(won));
        while lo < hi && !self.stopped() {
            let b = g.clamp(lo + 1, hi);
            let v = self.search(deal, b - 1, b);
            if self.stopped() {
                break;
            }
            if v < b {
                hi = v;
            } else {
                lo = v;
            }
            g = (lo + hi + 1) / 2;
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
        self.prepare(deal);
        let legal = deal.legal_cards(self.rules);
        if legal == 0 {
            return Some(0);
        }
        let maximize = self.is_re(deal.to_move());
        let reps = self.representatives(deal, legal);
        let mut best = 0u64;
        for id in Bits(reps) {
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

    /// Makes the rank lists for the deal's order, where they are not made yet.
    fn prepare(&mut self, deal: &Deal) {
        let won: u16 = (0..self.rules.players).map(|p| deal.eyes(p)).sum();
        self.total = won + self.rules.eyes_of(self.live(deal));
        let id = deal.order();
        if self.ranks_for == Some(id) {
            return;
        }
        let order = self.rules.order(id);
        for class in 0..5u8 {
            let mut ids: Vec<CardId> = Bits(order.class_mask[usize::from(class)]).collect();
            // Strongest first; copies (equal strength) by id.
            ids.sort_by_key(|&i| (std::cmp::Reverse(order.key[usize::from(class)][at(i)]), i));
            let c = usize::from(class);
            self.rank_len[c] = ids.len() as u8;
            self.ranks[c][..ids.len()].copy_from_slice(&ids);
        }
        self.ranks_for = Some(id);
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

    /// The cards of `legal` to search: one of each set of equivalent cards.
    fn representatives(&self, deal: &Deal, legal: u64) -> u64 {
        // The copies of one card first: where that leaves one card, it is the one.
        let reps = legal & !((legal << 1) & self.copy_of_prev);
        if reps & (reps - 1) == 0 {
            return reps;
        }
        let order = self.rules.order(deal.order());
        let mut live = None;
        let mut out = 0u64;
        for class in 0..5usize {
            let mine = reps & order.class_mask[class];
            if mine & mine.wrapping_sub(1) == 0 {
                out |= mine;
                continue;
            }
            // Only cards of equal eyes may be one: where every card has eyes of its own,
            // each is searched.
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
            let live = *live.get_or_insert_with(|| self.live(deal));
            self.groups(deal, (legal, live), class, |g| out |= g & g.wrapping_neg());
        }
        out
    }

    /// The cards of `legal` equivalent to `id` ([`Solver::representatives`]): `id`, its
    /// copies, and the cards it stands for.
    fn equivalents(&self, deal: &Deal, legal: u64, id: CardId) -> u64 {
        let order = self.rules.order(deal.order());
        let class = usize::from(order.class[at(id)] & 7);
        let live = self.live(deal);
        let bit = 1u64 << id;
        let mut out = bit;
        self.groups(deal, (legal, live), class, |g| {
            if g & bit != 0 {
                out = g;
            }
        });
        out
    }

    /// Calls `f` with each set of equivalent cards of `legal` in `class`, walking the
    /// class from its strongest card down: cards of equal strength form a block; a block
    /// holding a live card that is not `legal`'s (another hand's, or the trick's) parts
    /// the cards above it from those below (and its own cards from both); cards of
    /// `legal` with the same eyes and no such block between them are one set. A ♥10 that
    /// Dullen sets apart is a set with its copies alone.
    fn groups(&self, deal: &Deal, (legal, live): (u64, u64), class: usize, mut f: impl FnMut(u64)) {
        let order = self.rules.order(deal.order());
        let ranks = &self.ranks[class][..usize::from(self.rank_len[class])];
        let key = |id: CardId| order.key[class][at(id)];
        let mut group = 0u64;
        let mut open: Option<u16> = None;
        let mut i = 0;
        while i < ranks.len() {
            let k = key(ranks[i]);
            let mut block = 0u64;
            while i < ranks.len() && key(ranks[i]) == k {
                block |= 1u64 << ranks[i];
                i += 1;
            }
            let mine = block & legal;
            let parted = block & live & !legal != 0;
            if parted {
                if group != 0 {
                    f(group);
                }
                (group, open) = (0, None);
            }
            let mut rest = mine;
            while rest != 0 {
                let id = rest.trailing_zeros() as CardId;
                let card = self.rules.ids_of(self.rules.card(id)) & mine;
                rest &= !card;
                let eyes = self.rules.eyes(id);
                if parted || self.apart & card != 0 {
                    if group != 0 {
                        f(group);
                    }
                    f(card);
                    (group, open) = (0, None);
                } else if open == Some(eyes) {
                    group |= card;
                } else {
                    if group != 0 {
                        f(group);
                    }
                    (group, open) = (card, Some(eyes));
                }
            }
        }
        if group != 0 {
            f(group);
        }
    }

    /// The hash of a position at the start of a trick, by its shape: for each class, its
    /// live cards from the strongest down, each as its holder, its eyes, whether it ties
    /// with the card before (copies), and whether Dullen sets it apart; and the place to
    /// lead. Positions of one shape are the same game (the cards played before only left
    /// gaps), whichever cards were played: one entry serves them all.
    fn shape(&self, deal: &Deal) -> u64 {
        let order = self.rules.order(deal.order());
        let n = usize::from(self.rules.players);
        let mut hands = [0u64; MAX_PLACES];
        let mut live = 0u64;
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            *hand = deal.hand(p as u8);
            live |= *hand;
        }
        let mut h = 0xCBF2_9CE4_8422_2325u64 ^ u64::from(deal.to_move());
        for class in 0..5usize {
            h = (h ^ (0x100 + class as u64)).wrapping_mul(0x0000_0100_0000_01B3);
            let mut prev = u8::MAX;
            for &id in &self.ranks[class][..usize::from(self.rank_len[class])] {
                let bit = 1u64 << id;
                if live & bit == 0 {
                    continue;
                }
                let key = order.key[class][at(id)];
                let owner = hands[..n].iter().position(|&m| m & bit != 0).unwrap_or(7) as u64;
                let code = owner
                    | u64::from(self.rules.eyes(id)) << 3
                    | u64::from(key == prev) << 8
                    | u64::from(self.apart & bit != 0) << 9;
                prev = key;
                h = (h ^ code).wrapping_mul(0x0000_0100_0000_01B3);
            }
        }
        mix(h) | 1
    }

    /// A card as its class and its place among the live cards of its class (what a table
    /// entry keeps: the same in every position of one shape).
    fn rank_code(&self, deal: &Deal, id: CardId) -> u8 {
        let order = self.rules.order(deal.order());
        let class = usize::from(order.class[at(id)] & 7);
        let live = self.live(deal);
        let mut k = 0u8;
        for &c in &self.ranks[class][..usize::from(self.rank_len[class])] {
            if c == id {
                break;
            }
            k += u8::from(live >> c & 1 != 0);
        }
        (class as u8) << 5 | k
    }

    /// The card of a [`Solver::rank_code`] in this position.
    fn card_of_code(&self, deal: &Deal, code: u8) -> Option<CardId> {
        let class = usize::from(code >> 5);
        let mut k = code & 31;
        let live = self.live(deal);
        for &c in self.ranks.get(class)?[..usize::from(self.rank_len[class])].iter() {
            if live >> c & 1 != 0 {
                if k == 0 {
                    return Some(c);
                }
                k -= 1;
            }
        }
        None
    }

    /// The slot of a position's hash: the one of its bucket that holds it, else the one
    /// to replace.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let first = (key as usize) & (self.table.len() - 1) & !(BUCKET - 1);
        let mut victim = first;
        for i in first..first + BUCKET {
            let e = &self.table[i];
            if e.key == key {
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
        let (mut slot, mut key, mut tt_best) = (usize::MAX, 0u64, u8::MAX);
        if at_start {
            match self.probe(deal, alpha, beta) {
                Err(v) => return v,
                Ok(found) => (slot, key, alpha, beta, tt_best) = found,
            }
        }
        let legal = deal.legal_cards(rules);
        let reps = self.representatives(deal, legal);
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
            self.store(deal, (slot, key), (a0, b0), (best_v, best_id));
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
    ) -> Result<(usize, u64, i32, i32, u8), i32> {
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
        let key = self.shape(deal);
        let slot = self.slot(key);
        let e = self.table[slot];
        if e.key != key {
            return Ok((slot, key, alpha, beta, u8::MAX));
        }
        let (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
        if lo >= beta || lo == hi {
            return Err(lo);
        }
        if hi <= alpha {
            return Err(hi);
        }
        let best = match e.best {
            u8::MAX => u8::MAX,
            code => self.card_of_code(deal, code).unwrap_or(u8::MAX),
        };
        Ok((slot, key, alpha.max(lo), beta.min(hi), best))
    }

    /// Keeps what a search of the window (`a0`, `b0`) at the start of a trick found: a
    /// bound where it failed (fail-soft: the value is beyond it), else the value; and the
    /// card that did best.
    fn store(
        &mut self,
        deal: &Deal,
        (slot, key): (usize, u64),
        (a0, b0): (i32, i32),
        (best_v, best_id): (i32, CardId),
    ) {
        let mut e = self.table[slot];
        if e.key != key {
            e = Entry {
                key,
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
        let ranks = &self.ranks[class][..usize::from(self.rank_len[class])];
        ranks
            .iter()
            .find(|&&id| others >> id & 1 != 0)
            .map_or(0, |&id| order.key[class][at(id)])
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
        let mut n = 0;
        for id in Bits(reps) {
            let eyes = i32::from(rules.eyes(id));
            let class = usize::from(order.class[at(id)] & 7);
            let score = if in_trick == 0 {
                // A card no live card of its class beats takes the trick where it is
                // followed (a side suit may be trumped).
                let key = order.key[class][at(id)];
                if self.top_other(order, class, live) > key {
                    -eyes
                } else {
                    50 + eyes
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
