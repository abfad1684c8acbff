//! Random but legal full deals, the same for the same seed: for property tests, benchmarks
//! and rule statistics.
//!
//! Cards are dealt from the profile's deck; each player plays a random legal card; calls
//! are made at random moments that are still in time.

use crate::calls::Call;
use crate::cards::Card;
use crate::contract::{Contract, Party};
use crate::deal::full::{CallEntry, Exchange, FullRecord, push_call_text};
use crate::machine::Ruleset;
use crate::play::shuffle::{callable_aces, lone_always_playable, shuffle_into};
use crate::play::{Declared, Seen, holders, re_party};
use crate::variant::Profile;

pub use crate::deal::write_toml::write_toml_deal;

pub use crate::rng::Rng;

/// The names of a generated table: Anna, Ben, Cara, Dirk … as many as the profile seats.
pub fn default_players(profile: &Profile) -> Vec<String> {
    const NAMES: [&str; 8] = [
        "Anna", "Ben", "Cara", "Dirk", "Eva", "Finn", "Greta", "Hans",
    ];
    let seats = crate::seating::smallest_table(profile);
    NAMES.iter().take(seats).map(|s| s.to_string()).collect()
}

/// `doko generate`'s deals, one after another: random legal deals at one table, the
/// dealer passed on as a series does (the same dealer again after a solo its soloist led),
/// the same for the same seed.
#[derive(Debug, Clone)]
pub struct Deals {
    profile: Profile,
    players: Vec<String>,
    rng: Rng,
    rotation: crate::seating::Rotation,
    made: usize,
    /// The statements of each game already bid, read once: a table's games repeat.
    bids: BidsCache,
    bench: Workbench,
}

/// The statements that bid a game, by dealer, contract, declarer, compulsory flag and
/// wedding partner rule (read once, shared by the records that repeat them).
type BidsCache = crate::recent::Recent<BidsKey, std::sync::Arc<[crate::bids::Bid]>>;
type BidsKey = (
    usize,
    Contract,
    Option<usize>,
    bool,
    Option<crate::variant::WeddingPartner>,
);

impl Deals {
    /// Deals for `players` (checked: a table the profile seats, names that a deal written in
    /// full can carry, [`crate::deal::check_written_players`]) from `seed`.
    pub fn new(
        profile: &Profile,
        players: Vec<String>,
        seed: u64,
    ) -> Result<Deals, crate::lang::Text> {
        crate::seating::check_table(profile, players.len()).map_err(|e| e.message())?;
        crate::deal::check_written_players(&players)?;
        Ok(Deals {
            profile: profile.clone(),
            rotation: crate::seating::Rotation::new(players.len(), None),
            players,
            rng: Rng::new(seed),
            made: 0,
            bids: BidsCache::default(),
            bench: Workbench::new(profile),
        })
    }

    /// The table's names.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The next deal, made in `record` (its buffers reused: a writer of many deals
    /// allocates nothing per deal here).
    pub fn next_into(&mut self, record: &mut FullRecord) {
        let dealer = self.rotation.next_dealer();
        self.made += 1;
        let deal = (dealer, self.made, false);
        deal_into(
            &self.profile,
            &self.players,
            deal,
            &mut self.rng,
            &mut self.bench,
            record,
        );
        add_bids(record, &self.profile, Some(&mut self.bids));
        let (contract, over_poverty) = crate::play::seated_as(
            &self.profile,
            record.contract,
            None,
            crate::play::unplayed(record),
        );
        self.rotation.deal(
            Some(dealer),
            (contract, record.compulsory, over_poverty),
            &self.profile,
        );
    }
}

impl Iterator for Deals {
    type Item = FullRecord;

    fn next(&mut self) -> Option<FullRecord> {
        let mut record = FullRecord::default();
        self.next_into(&mut record);
        Some(record)
    }
}

/// Makes one random legal deal for `players` (seat names) with `dealer` dealing.
pub fn random_deal(
    profile: &Profile,
    players: &[String],
    dealer: usize,
    number: usize,
    rng: &mut Rng,
) -> FullRecord {
    one_deal(profile, players, (dealer, number, false), rng)
}

/// One deal made afresh, with its bids.
fn one_deal(
    profile: &Profile,
    players: &[String],
    deal: (usize, usize, bool),
    rng: &mut Rng,
) -> FullRecord {
    let mut record = FullRecord::default();
    deal_into(
        profile,
        players,
        deal,
        rng,
        &mut Workbench::new(profile),
        &mut record,
    );
    add_bids(&mut record, profile, None);
    record
}

/// Gives the record the bids that choose its game under the profile's way of bidding
/// (none where it has none), and writes its game as the record writes it; the statements
/// of a game bid before at this table are taken from `cache`.
fn add_bids(record: &mut FullRecord, profile: &Profile, cache: Option<&mut BidsCache>) {
    let key: BidsKey = (
        record.dealer,
        record.contract,
        record.declarer,
        record.compulsory,
        record.wedding_partner,
    );
    let known = cache.as_ref().and_then(|c| c.get(&key).cloned());
    record.bids = match known {
        Some(bids) => bids,
        None => {
            let active = crate::seating::active_seats(
                record.players.len(),
                record.dealer,
                profile.deck.players as usize,
            );
            let statements = crate::bids::statements_for(
                profile,
                &record.players,
                &active,
                (record.contract, record.declarer, record.compulsory),
                record.wedding_partner,
            );
            let bids: std::sync::Arc<[crate::bids::Bid]> = statements
                .iter()
                .filter_map(|s| crate::bids::Bid::parse(&record.players, s).ok())
                .collect::<Vec<_>>()
                .into();
            if let Some(c) = cache {
                c.keep(key, bids.clone());
            }
            bids
        }
    };
    record.written = crate::deal::full::Written {
        contract: Some(record.contract),
        declarer: record.declarer,
        compulsory: Some(record.compulsory),
        partner: record.wedding_partner,
    };
}

/// Makes one random legal compulsory solo (a declared solo of a random player, who leads
/// where the profile says so), or a random deal where the profile plays no declared solo.
pub fn random_compulsory_solo(
    profile: &Profile,
    players: &[String],
    dealer: usize,
    number: usize,
    rng: &mut Rng,
) -> FullRecord {
    one_deal(profile, players, (dealer, number, true), rng)
}

/// Makes a redeal: the first player (from the dealer's left) whose hand gives a reason to
/// throw it in does, and the record holds that hand. None where the profile plays no
/// redeal or no hand gives a reason.
pub fn random_redeal(
    profile: &Profile,
    players: &[String],
    dealer: usize,
    number: usize,
    rng: &mut Rng,
) -> Option<FullRecord> {
    if !profile.allows(Contract::Redeal) {
        return None;
    }
    let active = crate::seating::active_seats(players.len(), dealer, profile.deck.players as usize);
    let hand = profile.hand_size();
    let mut cards = profile.deck().cards();
    rng.shuffle(&mut cards);
    let (i, &thrower) = active.iter().enumerate().find(|&(i, _)| {
        crate::play::redeal_reason(&cards[i * hand..(i + 1) * hand], profile).is_ok()
    })?;
    let mut hands = vec![None; players.len()];
    hands[thrower] = Some(cards[i * hand..(i + 1) * hand].to_vec());
    let mut record = FullRecord {
        number,
        players: players.to_vec(),
        dealer,
        dealer_written: true,
        contract: Contract::Redeal,
        declarer: Some(thrower),
        hands,
        ..FullRecord::default()
    };
    add_bids(&mut record, profile, None);
    Some(record)
}

/// What deals are made in, kept from deal to deal: once its vectors have grown, a deal
/// allocates nothing here. Made for one profile.
#[derive(Debug, Clone)]
pub struct Workbench {
    /// The profile's deck in its order: every deal is shuffled from it afresh.
    deck: Vec<Card>,
    cards: Vec<Card>,
    /// The profile's declared solos.
    solos: Vec<Contract>,
    /// The normal card order (who is poor, which aces a bride may call).
    normal: crate::cards::CardOrder,
    /// The seats that play this deal.
    active: Vec<usize>,
    /// A poverty's hands as dealt (filled for a poverty only: the record holds every
    /// deal's), and each seat's hand as played, after a poverty's exchange (empty for a
    /// seat that sits out).
    dealt: Vec<Vec<Card>>,
    hands: Vec<Vec<Card>>,
    /// The profile compiled for the deal machine, which plays the cards.
    rules: Ruleset,
    /// Each trick's winner, lead card and winning card ([`Seen`]): every trick of a
    /// wedding, the first of any other game.
    seen: Vec<Seen>,
    /// The seats of the Re party ([`re_party`]).
    re: Vec<usize>,
    /// Call entries of deals before that this deal's calls did not use: taken again,
    /// with their texts' memory, by the calls to come ([`draw_calls`]).
    spare_calls: Vec<CallEntry>,
}

impl Workbench {
    pub fn new(profile: &Profile) -> Workbench {
        Workbench {
            deck: profile.deck().cards(),
            solos: profile
                .contracts
                .allowed
                .iter()
                .copied()
                .filter(|c| c.is_declared_solo())
                .collect(),
            normal: profile.order(crate::cards::TrumpKind::Normal),
            cards: Vec::new(),
            active: Vec::new(),
            dealt: Vec::new(),
            hands: Vec::new(),
            rules: Ruleset::of(profile).clone(),
            seen: Vec::new(),
            re: Vec::new(),
            spare_calls: Vec::new(),
        }
    }
}

/// Makes one random legal deal into `rec`: `deal` is the dealer, the deal's number and
/// whether it is a compulsory solo.
fn deal_into(
    profile: &Profile,
    players: &[String],
    (dealer, number, compulsory): (usize, usize, bool),
    rng: &mut Rng,
    bench: &mut Workbench,
    rec: &mut FullRecord,
) {
    let seats = players.len();
    let mut buf = [0; crate::seating::MAX_SEATS];
    let n = crate::seating::active_into(seats, dealer, profile.deck.players as usize, &mut buf);
    bench.active.clear();
    bench.active.extend_from_slice(&buf[..n]);
    // A lone holder of every Re card plays a wedding, a silent solo or calls an ace; where
    // the profile has none of them, or only the called ace and no ace may be called, such
    // a hand is dealt again (issue 64: Kloepper with `contracts.allowed = ["normal"]`
    // wrote deals of a lone bride without a partner, which the check refuses).
    let lone_playable = lone_always_playable(profile);
    let Workbench {
        deck,
        cards,
        solos,
        normal,
        active,
        dealt,
        hands,
        rules,
        seen,
        re,
        spare_calls,
    } = bench;
    let calls = (!lone_playable && profile.contracts.called_ace).then_some(&*normal);
    shuffle_into(
        profile,
        (deck, cards),
        hands,
        active,
        (lone_playable, calls),
        rng,
    );
    // The hands as dealt go to the record now, before a poverty's exchange changes them.
    rec.hands.resize(seats, None);
    for (slot, h) in rec.hands.iter_mut().zip(hands.iter()) {
        match slot {
            _ if h.is_empty() => *slot = None,
            Some(v) => v.clone_from(h),
            None => *slot = Some(h.clone()),
        }
    }
    let d = declare(profile, (solos, normal), active, hands, rng, compulsory);
    // Only a poverty's parties are found from the hands as dealt (they differ from the
    // hands as played only there).
    let dealt: &[Vec<Card>] = if d.contract == Contract::Poverty {
        dealt.resize_with(seats, Vec::new);
        for (d, h) in dealt.iter_mut().zip(rec.hands.iter()) {
            d.clear();
            d.extend_from_slice(h.as_deref().unwrap_or_default());
        }
        dealt
    } else {
        hands
    };
    let raised = declare_raised(profile, active, hands, &d, rng);
    let declared = raised.iter().take_while(|s| s.is_some()).count();
    draw_play(
        (profile, rules),
        active,
        hands,
        &d,
        declared,
        rng,
        (&mut rec.tricks, seen),
    );
    let clarification = re_party(profile, active, [hands, dealt], &d, (seen, declared), re);
    let first = seen.first().map(|&(w, _, _)| {
        let eyes = rec
            .tricks
            .get(0)
            .cards
            .iter()
            .map(|c| c.eyes())
            .sum::<u16>();
        (w, eyes)
    });
    draw_calls(
        profile,
        players,
        active,
        (re, &d, clarification),
        first,
        rng,
        (&mut rec.calls, spare_calls),
    );
    rec.knock = random_knock(profile, re.len(), rng);
    rec.number = number;
    if rec.players != players {
        rec.players = players.to_vec();
    }
    rec.called = d.called;
    rec.dealer = dealer;
    rec.dealer_written = true;
    rec.contract = d.contract;
    rec.declarer = d.declarer;
    rec.compulsory = d.compulsory;
    rec.exchange = d.exchange;
    rec.schweinchen = raised[0];
    rec.hyperschweinchen = raised[1];
    rec.genscher = raised[2];
    rec.wedding_partner = None;
    rec.genscher_partner = None;
    rec.bock = None;
    rec.note = None;
}

/// Knocking (Kloepper): now and then Re (`re` players) claims every trick, and the
/// opponents knock back.
fn random_knock(profile: &Profile, re: usize, rng: &mut Rng) -> Option<crate::deal::Knock> {
    let k = &profile.knocking;
    if k.allowed && rng.chance(15) {
        let both = Some(crate::deal::Knock::Both);
        let back_ok = crate::play::check_knock(both, profile, re).is_ok();
        Some(if back_ok && rng.chance(30) {
            crate::deal::Knock::Both
        } else {
            crate::deal::Knock::Re
        })
    } else {
        None
    }
}

/// Who declares Schweinchen, Hyperschweinchen and Genscher, each in turn where the
/// profile plays it in this contract and one player holds every copy (now and then not
/// declared, which ends the chain).
fn declare_raised(
    profile: &Profile,
    active: &[usize],
    hands: &[Vec<Card>],
    d: &Declared,
    rng: &mut Rng,
) -> [Option<usize>; 3] {
    let mut declared = [None; 3];
    for (k, card) in crate::play::raised_cards(profile, d.contract)
        .into_iter()
        .enumerate()
    {
        if card.is_none() {
            break;
        }
        let holder = active
            .iter()
            .copied()
            .find(|&s| crate::play::raise_allowed(profile, d.contract, k, &hands[s]));
        match holder {
            Some(s) if rng.chance(80) => declared[k] = Some(s),
            _ => break,
        }
    }
    declared
}

/// The contract: what the hands allow and the profile plays (a poverty's exchange is
/// applied to `hands`). `solos` are the profile's declared solos, `normal` its normal
/// card order.
fn declare(
    profile: &Profile,
    (solos, normal): (&[Contract], &crate::cards::CardOrder),
    active: &[usize],
    hands: &mut [Vec<Card>],
    rng: &mut Rng,
    compulsory: bool,
) -> Declared {
    let n = active.len();
    // The bride (Kloepper: the lone black queens) holds every copy of every Re card.
    let bride = active
        .iter()
        .copied()
        .find(|&s| profile.holds_every_re_card(|r| hands[s].iter().filter(|&&c| c == r).count()));
    let mut called = bride.and_then(|b| call_an_ace(profile, (normal, active), hands, b, rng));
    let poor = || {
        active
            .iter()
            .copied()
            .find(|&s| crate::play::is_poor(profile, normal, &hands[s]))
    };
    let two_queen_holders = || match holders(active, hands, Card::DIAMOND_QUEEN)[..] {
        [a, b] => Some([a, b]),
        _ => None,
    };
    let mut exchange = None;
    let compulsory = compulsory && !solos.is_empty();
    if compulsory {
        called = None;
    }
    let (contract, declarer) = match bride {
        _ if compulsory => (solos[rng.below(solos.len())], Some(active[rng.below(n)])),
        Some(_) if called.is_some() => (Contract::Normal, None),
        Some(b) if profile.allows(Contract::Wedding) && rng.chance(50) => {
            (Contract::Wedding, Some(b))
        }
        Some(b) if profile.allows(Contract::SilentSolo) => (Contract::SilentSolo, Some(b)),
        _ if !solos.is_empty() && rng.chance(10) => {
            (solos[rng.below(solos.len())], Some(active[rng.below(n)]))
        }
        // (No random number is drawn before the last test of a guard: the hands are
        // looked at only where the profile plays the game.)
        _ if profile.allows(Contract::DiamondQueens)
            && let Some(queens) = two_queen_holders()
            && rng.chance(10) =>
        {
            (Contract::DiamondQueens, Some(queens[rng.below(2)]))
        }
        _ if profile.allows(Contract::Poverty)
            && let Some(p) = poor() =>
        {
            let partner = poverty_partner(profile, active, hands, p, rng);
            exchange = poverty_exchange(profile, hands, p, partner, rng);
            match exchange {
                Some(_) => (Contract::Poverty, Some(p)),
                None => (Contract::Normal, None),
            }
        }
        _ if bride.is_none() && profile.allows(Contract::Normal) => (Contract::Normal, None),
        _ => (
            solos.first().copied().unwrap_or(Contract::Normal),
            Some(active[0]),
        ),
    };
    Declared {
        contract,
        declarer,
        exchange,
        called,
        compulsory,
        partner: None,
    }
}

/// Half the time, a side-suit ace the bride does not hold (Kloepper; `order` is the
/// normal card order): its holder partners her.
fn call_an_ace(
    profile: &Profile,
    (order, active): (&crate::cards::CardOrder, &[usize]),
    hands: &[Vec<Card>],
    b: usize,
    rng: &mut Rng,
) -> Option<Card> {
    // Where she could not play alone, she calls whenever she can.
    let must = !lone_always_playable(profile);
    if !profile.contracts.called_ace || (!must && !rng.chance(50)) {
        return None;
    }
    let aces = callable_aces(profile, (order, active), hands, b);
    (!aces.is_empty()).then(|| aces[rng.below(aces.len())])
}

/// The partner of the poor player `p`: a random other player, or the one the club queens
/// choose (see `play::club_queen_partners`).
pub fn poverty_partner(
    profile: &Profile,
    active: &[usize],
    hands: &[Vec<Card>],
    p: usize,
    rng: &mut Rng,
) -> usize {
    let others: Vec<usize> = active.iter().copied().filter(|&s| s != p).collect();
    let partner = others[rng.below(others.len())];
    // Where the club queens choose, their choice (the play's rule).
    crate::play::forced_poverty_partner(profile, active, hands, p).unwrap_or(partner)
}

/// Plays the hands out through the deal machine ([`crate::machine::Deal`]), a random card
/// of its legal set each turn, into `tricks` (each card with its player) and `seen` (each
/// trick's winner, lead and winning card: every trick of a wedding, the first of any other
/// game).
fn draw_play(
    (profile, rules): (&Profile, &Ruleset),
    active: &[usize],
    hands: &[Vec<Card>],
    d: &Declared,
    declared: usize,
    rng: &mut Rng,
    (tricks, seen): (&mut crate::deal::full::Tricks, &mut Vec<Seen>),
) {
    use crate::machine::{Deal, MAX_CARDS, MAX_PLACES, MAX_TRICKS, nth_bit};
    let n = active.len().min(MAX_PLACES);
    let mut masks = [0u64; MAX_PLACES];
    // The hands come from the profile's deck: each card takes the next of its copies,
    // whose ids lie side by side from its lowest ([`Ruleset::id_of`]).
    let mut copies = [0u8; 32];
    for (mask, &s) in masks.iter_mut().zip(active) {
        for &c in &hands[s] {
            let k = c.index() & 31;
            *mask |= 1u64 << ((rules.id_of(c) + copies[k]) & 63);
            copies[k] += 1;
        }
    }
    // Each hand's ids its own and of the deck: no card dealt more often than it has copies.
    debug_assert!(
        {
            let mut all = 0u64;
            active.iter().zip(&masks).all(|(&s, &m)| {
                let fresh = m & all == 0 && m.count_ones() as usize == hands[s].len();
                all |= m;
                fresh
            }) && all & !rules.deck() == 0
        },
        "a dealt hand is of the deck"
    );
    seen.clear();
    let leader =
        crate::seating::first_leader(profile, active, d.contract, d.declarer, d.compulsory);
    let mut lead = active.iter().position(|&s| s == leader).unwrap_or(0) as u8;
    let order = rules.order_for(d.contract, declared as u8);
    let mut deal = Deal::new(rules, &masks[..n], lead, order);
    // The draws come from a copy kept in a register, handed back at the end.
    let mut r = rng.clone();
    deal.play_out(rules, |legal, size| {
        nth_bit(legal, r.pick(size as usize)).unwrap_or(0)
    });
    *rng = r;
    let wedding = d.contract == Contract::Wedding;
    // The cards as played, the seat of each, and where each trick ends.
    // (Sixty-four long, and eight more for the seats, written a trick of eight at a time:
    // an index masked to 64 is in bounds without a check.)
    const SLOTS: usize = 64;
    const _: () = assert!(MAX_CARDS <= SLOTS);
    let mut cards = [Card::CLUB_QUEEN; SLOTS];
    let mut seats = [0u8; SLOTS + 8];
    let mut ends = [0u32; MAX_TRICKS];
    let plays = deal.plays();
    for (c, &id) in cards.iter_mut().zip(plays) {
        *c = rules.card(id);
    }
    // The seats of a trick led by each place, in the order they play it, a byte each.
    let rounds = crate::play::rounds(active);
    let hand = usize::from(rules.hand).min(MAX_TRICKS);
    let mut k = 0usize;
    for (t, end) in ends.iter_mut().enumerate().take(hand) {
        let first = k;
        let at = k & (SLOTS - 1);
        let round = rounds[usize::from(lead) % crate::seating::MAX_SEATS];
        seats[at..at + 8].copy_from_slice(&round.to_le_bytes());
        k += n;
        *end = k as u32;
        let w = deal.winner(t as u8).unwrap_or(lead);
        // Only a wedding's partner is found from the tricks; the first trick's winner
        // serves Zwingen.
        if wedding || t == 0 {
            let j = (usize::from(w) + n - usize::from(lead)) % n;
            seen.push((active[usize::from(w)], cards[first], cards[first + j]));
        }
        lead = w;
    }
    let k = k.min(plays.len());
    tricks.set_played(&cards[..k], &seats[..k], &ends[..hand]);
}

/// Calls at random moments that the rules of calls take ([`crate::play::CallState`]: by
/// each call's own deadline, no reply, and where the party may go on; each taken by
/// [`CallState::take`](crate::play::CallState) as a record's call is), into `calls`, and
/// the call
/// Zwingen demands of the winner of the first trick (`first`: her seat and the trick's
/// eyes).
fn draw_calls(
    profile: &Profile,
    players: &[String],
    active: &[usize],
    (re, d, clarification): (&[usize], &Declared, usize),
    first: Option<(usize, u16)>,
    rng: &mut Rng,
    (calls, spare): (&mut Vec<CallEntry>, &mut Vec<CallEntry>),
) {
    let hand = profile.hand_size();
    let levels = profile.calls.levels;
    let shift = crate::play::call_shift(profile, d.contract, clarification);
    let mut state = crate::play::CallState::default();
    let mut made = 0;
    let zwingen = first
        .filter(|&(_, eyes)| crate::play::zwingen_binds(profile, d.contract, clarification, eyes));
    let mut parties = [Party::Kontra; crate::seating::MAX_SEATS];
    for &s in re {
        if let Some(p) = parties.get_mut(s) {
            *p = Party::Re;
        }
    }
    let party_of = |s: usize| parties[s & (crate::seating::MAX_SEATS - 1)];
    // Each party's next level (`state.next_level`, kept here: read 48 times a deal, it
    // costs about 260 instructions a deal more from the state).
    let mut next = [0u8; 2];
    // The next call of a seat's party, made with `in_hand` cards, if any is left (an entry
    // of `calls` or a spare one is reused, its text too), taken by the rules of calls.
    let deal = crate::machine::calls::CallDeal {
        players,
        contract: d.contract,
        declarer: d.declarer,
        scored: d.contract,
        hand,
        clarification,
    };
    let mut call = |s: usize, in_hand: usize, state: &mut crate::play::CallState| {
        let party = party_of(s);
        let Some(call) = Call::from_level(state.next_level(party)) else {
            return false;
        };
        let at = crate::machine::calls::CallAt {
            player: s,
            call,
            said_as: (call == Call::Announce).then_some(party),
            in_hand: in_hand as u8,
            before: None,
        };
        // Taken by the rules of calls as a record's call is; the generator asked first
        // whether it is in time (`next_in_time`), so a refusal is not expected: the call
        // is then not made.
        let taken = state.take(&deal, profile, at, party, false);
        debug_assert!(taken.is_ok(), "{taken:?}");
        if taken.is_err() {
            return false;
        }
        if calls.len() == made {
            calls.push(spare.pop().unwrap_or_else(|| CallEntry {
                player: s,
                call,
                said_as: None,
                cards_in_hand: 0,
                before: None,
                at: None,
                text: String::new(),
            }));
        }
        fill_call(&mut calls[made], &players[s], (s, call, party), in_hand);
        made += 1;
        true
    };
    // The draws come from a copy kept in a register, handed back at the end.
    let mut r = rng.clone();
    for played in clarification..hand {
        // One draw a trick: a lane of ten bits for each place, each call's chance in
        // 1,024ths (8 % for a party's first call, 4 % for each further one).
        let mut lanes = r.next_u64();
        if played == 1
            && let Some((w, _)) = zwingen
            && crate::play::zwingen_call_in_time(
                profile,
                d.contract,
                clarification,
                next[party_of(w) as usize],
            )
            && call(w, hand - 1, &mut state)
        {
            next[party_of(w) as usize] += 1;
        }
        for &s in active {
            let party = party_of(s);
            let n = next[party as usize];
            let lane = lanes & 1023;
            lanes >>= 10;
            if n >= levels || lane >= if n == 0 { 82 } else { 41 } {
                continue;
            }
            // Within each call's own deadline, no reply: an archive of one profile is then
            // scored by the others with the same deck (a reply the DDV allows is late
            // where a profile has none).
            if !state.next_in_time(profile, (shift, false), party, played) {
                continue;
            }
            if call(s, hand - played, &mut state) {
                next[party as usize] += 1;
            }
        }
    }
    // The entries left over wait for the next deal's calls.
    let room = SPARE_CALLS.saturating_sub(spare.len());
    spare.extend(calls.drain(made.min(calls.len())..).take(room));
    *rng = r;
}

/// Call entries kept from deal to deal for the next deal's calls to reuse, text and all:
/// more than a deal makes.
const SPARE_CALLS: usize = 16;

/// Appends `n` in decimal (without the formatting machinery: calls are written often).
/// Writes the call of `seat` (named `name`) of `party` with `in_hand` cards into `e` (its
/// text's memory kept): `<player> <call> <cards in hand>`, as a record writes a call.
fn fill_call(
    e: &mut CallEntry,
    name: &str,
    (seat, call, party): (usize, Call, Party),
    in_hand: usize,
) {
    e.player = seat;
    e.call = call;
    e.said_as = (call == Call::Announce).then_some(party);
    e.cards_in_hand = in_hand as u8;
    e.before = None;
    e.at = None;
    e.text.clear();
    push_call_text(&mut e.text, name, call.word(party), in_hand);
}

/// A legal poverty exchange between `poor` and `partner`, applied to the hands; None if
/// the partner cannot return what the profile allows.
pub fn poverty_exchange(
    profile: &Profile,
    hands: &mut [Vec<Card>],
    poor: usize,
    partner: usize,
    rng: &mut Rng,
) -> Option<Exchange> {
    let order = profile.order(crate::cards::TrumpKind::Normal);
    let (mut trumps, mut rest): (Vec<Card>, Vec<Card>) =
        hands[poor].iter().partition(|&&c| order.is_trump(c));
    let want = crate::play::poverty_cards(profile, &hands[poor])?;
    rng.shuffle(&mut rest);
    let mut passed = std::mem::take(&mut trumps);
    passed.extend(rest.iter().take(want - passed.len()));
    let mut receiving = hands[partner].clone();
    receiving.extend(&passed);
    let mut candidates: Vec<usize> = (0..receiving.len())
        .filter(|&i| crate::play::returnable_in(profile, &order, receiving[i]))
        .collect();
    if candidates.len() < want {
        return None;
    }
    rng.shuffle(&mut candidates);
    let mut picked: Vec<usize> = candidates[..want].to_vec();
    picked.sort_unstable_by(|a, b| b.cmp(a));
    let returned: Vec<Card> = picked.iter().map(|&i| receiving.remove(i)).collect();
    for c in &passed {
        if let Some(i) = hands[poor].iter().position(|x| x == c) {
            hands[poor].swap_remove(i);
        }
    }
    hands[poor].extend(&returned);
    hands[partner] = receiving;
    Some(Exchange {
        partner,
        passed,
        returned,
    })
}
