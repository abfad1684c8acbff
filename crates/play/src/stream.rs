//! The one loop over an archive, behind `score` and `compare`: each deal is read once,
//! seated by each profile's dealer rotation ([`crate::seating::Rotation`]) and played
//! under each profile. Profiles that derive the same facts from a deal share one play
//! ([`crate::play::Alike`]); the others only check what they allow.
//!
//! [`play_all`] shares the work among `jobs` threads (the calling thread is one of them;
//! one job is that thread alone), and the deals still reach the caller one at a time, in
//! the archive's order, so every number of jobs gives the same output. Each thread loops
//! over batches of [`BATCH`] rows:
//!
//! 1. it cuts the next batch of rows from the input (one thread at a time);
//! 2. it decodes the rows into records;
//! 3. it seats them, after the batch before (who deals depends on the deals before);
//! 4. it plays them under every profile, and scores each deal on its own
//!    ([`crate::scoring::deal::score_facts`]: all but what the deals before add);
//! 5. it hands them to the caller, after the batch before (scoring, Bock rounds and
//!    totals depend on the deals before).
//!
//! Steps 2 and 4, most of the work, run side by side. Each thread has one batch, reused:
//! memory does not grow with the number of deals. A step at a time over a batch is also
//! faster on one thread than a deal at a time (measured on 1,000,000 deals: about 10% less
//! CPU time), as each step's code stays in the core's caches.

use std::io::BufRead;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

use std::sync::Arc;

use crate::bids::{Bid, Decided};
use crate::deal::RecordError;
use crate::deal::archive::{ArchiveReader, Decoder, RawRow, Rows};
use crate::deal::full::FullRecord;
use crate::play::{Alike, replay_decided_kept};
use crate::scoring::DealResult;
use crate::scoring::deal::rescore;
use crate::seating::Rotation;
use crate::variant::Profile;

/// One deal of an archive, played under every profile.
#[derive(Debug)]
pub struct Played<'a> {
    /// The line the deal starts on.
    pub line: usize,
    /// The deal's number in the archive, from 1.
    pub number: usize,
    /// The players at the table, in seat order.
    pub players: &'a [String],
    /// The players changed with this deal, or a session begins with it: a new table
    /// starts (the dealer's rotation and the Bock rounds start afresh; totals go on where
    /// the players are the same).
    pub new_table: bool,
    /// A session begins with this deal (the archive's `session` column).
    pub session: bool,
    /// The profiles, in the order given.
    pub profiles: &'a [Profile],
    /// Under each profile, in the order given: the deal scored on its own (its facts
    /// inside; the caller's [`crate::scoring::Session::score_result`] adds its Bock
    /// multiplier and totals), or why the deal is not a legal deal under it (with its
    /// file, line, deal, trick and field).
    pub outcomes: &'a mut [Result<DealResult, RecordError>],
}

impl Played<'_> {
    /// Takes the outcome under profile `i` (a second take gives an empty error).
    pub fn take(&mut self, i: usize) -> Result<DealResult, RecordError> {
        std::mem::replace(&mut self.outcomes[i], Err(RecordError::new("", "")))
    }
}

/// The threads `jobs` asks for: 0 is every core ([`all_cores`]); more than
/// [`MAX_JOBS`](crate::limits::MAX_JOBS) is refused (each would be started).
pub fn jobs(jobs: usize) -> Result<NonZeroUsize, crate::lang::Text> {
    if jobs > crate::limits::MAX_JOBS {
        return Err(crate::msg!(
            "error.jobs_too_many",
            jobs = jobs,
            max = crate::limits::MAX_JOBS
        ));
    }
    Ok(NonZeroUsize::new(jobs).unwrap_or_else(all_cores))
}

/// Every core of the machine (what `--jobs` is by default), or one where that cannot be
/// told.
pub fn all_cores() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// Rows a thread takes at a time: enough that taking turns costs little, few enough that
/// a batch stays in the core's cache (measured on 1,000,000 deals with two jobs: 1,024
/// rows took 10% more CPU time than 64 or 256; once a deal cost less to play, 256 rows
/// took `score --summary --jobs 2` 1.90-1.94 x `--jobs 1` where 128 took 1.79-1.83 x, in
/// runs taking turns, at 1-2% more time with one job and 2 MB more memory).
pub const BATCH: usize = 256;

/// Reads every deal of `reader`, plays it under every profile, scores it on its own (the
/// rule texts of its items where `detail`) and calls `each` with it, in the archive's
/// order; `Err` is a row that cannot be read as a deal. `each` may stop the loop with
/// [`ControlFlow::Break`], whose value is returned. `jobs` threads play the deals (one:
/// this thread alone); the deals and what `each` sees are the same for any number of
/// jobs.
pub fn play_all<R, B>(
    reader: ArchiveReader<R>,
    profiles: &[Profile],
    (jobs, detail): (NonZeroUsize, bool),
    mut each: impl FnMut(Result<Played<'_>, RecordError>) -> ControlFlow<B> + Send,
) -> ControlFlow<B>
where
    R: BufRead + Send,
    B: Send,
{
    let engine = Engine::new(reader.file(), profiles, detail);
    let (rows, decoder) = reader.into_parts();
    // One job is the same loop on this thread alone: decoding, playing and handing on a
    // batch at a time is also faster than a deal at a time (each step's code stays hot).
    Workers::run(&engine, rows, &decoder, jobs.get(), &mut each)
}

/// What every thread reads: the profiles, and what they share.
struct Engine<'p> {
    file: String,
    profiles: &'p [Profile],
    /// `alike[i][j]`: what profile `i` shares with profile `j`, compared once.
    alike: Vec<Vec<Alike>>,
    /// Deals are scored with the rule text of each item.
    detail: bool,
}

impl<'p> Engine<'p> {
    fn new(file: &str, profiles: &'p [Profile], detail: bool) -> Engine<'p> {
        let alike = profiles
            .iter()
            .map(|b| profiles.iter().map(|a| Alike::new(a, b)).collect())
            .collect();
        Engine {
            file: file.to_string(),
            profiles,
            alike,
            detail,
        }
    }

    /// Decodes the slot's row into its record; true where the row's players were read.
    fn decode(&self, decoder: &mut Decoder, slot: &mut Slot) -> bool {
        let d = decoder.decode(&mut slot.raw, &mut slot.record, &mut slot.players_of);
        slot.players_changed = d.players_changed;
        slot.session = d.session;
        slot.bad = d.result.err();
        d.players_read
    }

    /// Plays the slot's record, seated, under every profile, and scores each deal on its
    /// own.
    fn play(&self, slot: &mut Slot) {
        // The last deal's results lend their facts' lists to this deal's play; the facts
        // are played into them, and they are scored again where they lie (below).
        for r in slot.scored.iter_mut().flatten() {
            slot.memo.lend(&mut r.facts);
        }
        if slot.bad.is_some() {
            return;
        }
        // Profiles that play the record in full may share its card loop.
        if self.profiles.len() > 1 && !slot.memo.keeps() {
            slot.memo = crate::play::PlayMemo::keeping();
        }
        slot.memo.forget();
        let record = &mut slot.record;
        slot.scored.truncate(self.profiles.len());
        for i in 0..self.profiles.len() {
            record.dealer = slot.dealers[i];
            match slot.decided.get(i) {
                Some(Some(d)) => crate::play::apply_bids(record, d),
                _ if !record.bids.is_empty() => crate::play::restore_written(record),
                _ => {}
            }
            // A place for this profile's outcome where the deals before left none (filled
            // below, either way).
            if slot.scored.len() == i {
                slot.scored.push(Err(RecordError::new("", "")));
            }
            let (done, rest) = slot.scored.split_at_mut(i);
            // The first earlier profile that derives the same facts, seated alike (where
            // the bids decide the same game under both, their ways of bidding may differ).
            let decided = |j: usize| slot.decided.get(j).copied().flatten();
            let shared = (0..i).find(|&j| {
                let same_game = || match (decided(i), decided(j)) {
                    (Some(a), Some(b)) => crate::play::same_game(record, &a, &b),
                    _ => false,
                };
                slot.dealers[j] == slot.dealers[i]
                    && done[j].is_ok()
                    && self.alike[i][j].holds_if(record, same_game)
            });
            let base = shared.map(|j| done[j].as_ref().map(|r| &r.facts));
            let result = match (base, slot.decided.get(i)) {
                _ if slot.seating.get(i).is_some_and(Option::is_some) => {
                    Err(crate::deal::FieldError {
                        trick: None,
                        field: "dealer".into(),
                        message: slot.seating[i].clone().unwrap_or_default(),
                    })
                }
                // Without a decision (none, or bids in error) the bids are decided again.
                (Some(Ok(base)), decided) => {
                    let decided = decided.and_then(Option::as_ref);
                    replay_decided_kept(record, base, &self.profiles[i], decided, &mut slot.memo)
                }
                (_, Some(Some(d))) => {
                    crate::play::play_decided_kept(record, &self.profiles[i], d, &mut slot.memo)
                }
                _ => crate::play::play_kept(record, &self.profiles[i], &mut slot.memo),
            };
            let outcome = &mut rest[0];
            match result {
                Ok(facts) => match outcome {
                    Ok(r) => r.facts = facts,
                    _ => *outcome = Ok(DealResult::unscored(facts)),
                },
                Err(e) => {
                    *outcome = Err(RecordError::new(&self.file, e.message)
                        .line(slot.raw.line())
                        .deal(record.number)
                        .trick(e.trick)
                        .field(e.field));
                }
            }
        }
        // Scored after every profile has played (a later profile may share an earlier
        // one's facts), each where it lies.
        for (outcome, p) in slot.scored.iter_mut().zip(self.profiles) {
            if let Ok(r) = outcome {
                rescore(r, p, self.detail);
            }
        }
    }
}

/// One deal on its way through: the row, the record decoded from it, its seating and its
/// outcome under each profile. Slots are reused, buffers and all.
#[derive(Debug, Default)]
struct Slot {
    raw: RawRow,
    record: FullRecord,
    /// Which players the record holds ([`Decoder::decode`]).
    players_of: u64,
    /// Why the row is not a deal, if it is not.
    bad: Option<RecordError>,
    /// The row's players differ from the row's before.
    players_changed: bool,
    /// A session begins with the row.
    session: bool,
    new_table: bool,
    /// The dealer under each profile.
    dealers: Vec<usize>,
    /// What the deal's bids decide under each profile (none without bids).
    decided: Vec<Option<crate::bids::Decided>>,
    /// A written dealer the rotation refuses, under each profile.
    seating: Vec<Option<crate::lang::Text>>,
    /// Each outcome scored on its own, what the caller is handed.
    scored: Vec<Result<DealResult, RecordError>>,
    /// The card loop of the record as the last profile that played it in full did.
    memo: crate::play::PlayMemo,
}

impl Slot {
    /// Hands the deal to the caller.
    fn hand_on<B>(
        &mut self,
        profiles: &[Profile],
        each: &mut impl FnMut(Result<Played<'_>, RecordError>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self.bad.take() {
            Some(e) => each(Err(e)),
            None => each(Ok(Played {
                line: self.raw.line(),
                number: self.record.number,
                players: &self.record.players,
                new_table: self.new_table,
                session: self.session,
                profiles,
                outcomes: &mut self.scored,
            })),
        }
    }
}

/// Who deals, carried from deal to deal in the archive's order: the tables so far and each
/// profile's rotation at the current one.
#[derive(Debug, Default)]
struct Tables {
    /// How many times the players changed.
    changes: u64,
    /// `changes` at the last deal that could be read (None before the first).
    at_last_deal: Option<u64>,
    rotations: Vec<Rotation>,
    /// The players of the last row whose players were read.
    last_players: Vec<String>,
    /// Under each profile, what bids met lately decided with which dealer.
    decisions: Vec<Decisions>,
}

/// What the same bids (the same shared list, kept alive here, so that its address is not
/// another list's) decided with a dealer, under one profile; `None`: they are not made in
/// its way of bidding.
#[derive(Debug, Default)]
struct Decisions {
    /// By the list's address and the dealer.
    entries: crate::recent::Recent<(usize, usize), Decision>,
}

/// The bids (kept alive) and what they decided.
type Decision = (Arc<[Bid]>, Option<Decided>);

impl Decisions {
    fn key(bids: &Arc<[Bid]>, dealer: usize) -> (usize, usize) {
        (Arc::as_ptr(bids).cast::<Bid>() as usize, dealer)
    }

    fn find(&self, bids: &Arc<[Bid]>, dealer: usize) -> Option<Option<Decided>> {
        self.entries
            .get(&Self::key(bids, dealer))
            .filter(|(b, _)| Arc::ptr_eq(b, bids))
            .map(|e| e.1)
    }

    fn keep(&mut self, bids: &Arc<[Bid]>, dealer: usize, decided: Option<Decided>) {
        self.entries
            .keep(Self::key(bids, dealer), (bids.clone(), decided));
    }
}

impl Tables {
    /// Seats the slot's deal: a new table where the players changed since the last deal;
    /// its dealer under each profile.
    fn seat(&mut self, slot: &mut Slot, profiles: &[Profile]) {
        // A session beginning is a new table, as new players are.
        self.changes += u64::from(slot.players_changed || slot.session);
        if slot.bad.is_some() {
            return;
        }
        slot.new_table = self.at_last_deal != Some(self.changes);
        self.at_last_deal = Some(self.changes);
        let rec = &slot.record;
        if slot.new_table {
            self.rotations.clear();
            self.rotations
                .resize(profiles.len(), Rotation::new(rec.players.len(), None));
        }
        let written = rec.dealer_written.then_some(rec.dealer);
        slot.dealers.clear();
        slot.decided.clear();
        slot.seating.clear();
        self.decisions
            .resize_with(profiles.len(), Decisions::default);
        let tables = self.rotations.iter_mut().zip(&mut self.decisions);
        for ((rotation, decisions), p) in tables.zip(profiles) {
            // With bids, the game that decides the next dealer is what they decide under
            // this profile; bad bids are reported when the deal is played.
            let dealer = written.unwrap_or(rotation.next_dealer());
            slot.seating.push(written.and_then(|w| {
                rotation
                    .check_written(w)
                    .err()
                    .map(|must| crate::seating::deals_again_text(&rec.players, must, w))
            }));
            let known = decisions.find(&rec.bids, dealer);
            let decided = match crate::play::decide_bids_with(rec, p, dealer, known) {
                Ok(d) => {
                    // Ralf Wirth's poverty decides by the hands too: nothing to keep.
                    if known.is_none() && !rec.bids.is_empty() && !p.poverty.partner_by_club_queen {
                        decisions.keep(&rec.bids, dealer, d);
                    }
                    d
                }
                Err(_) => None,
            };
            slot.dealers
                .push(seat_dealt(rotation, rec, p, decided.as_ref()));
            slot.decided.push(decided);
        }
    }
}

/// Takes a deal of an archive into the table's dealer rotation under `profile`: its
/// dealer (the one written, else the rotation's), the rotation moved on by the game it
/// was (what its bids decide, `decided`, where they decide one). What `score` seats an
/// archive's deals by, and `analyze` too.
pub fn seat_dealt(
    rotation: &mut Rotation,
    rec: &FullRecord,
    profile: &Profile,
    decided: Option<&Decided>,
) -> usize {
    let written = rec.dealer_written.then_some(rec.dealer);
    let (contract, compulsory) = match decided {
        Some(d) => {
            let (contract, _, compulsory, _) = crate::play::game_of(rec, d);
            (contract, compulsory)
        }
        None => (rec.contract, rec.compulsory),
    };
    let unplayed = crate::play::unplayed(rec);
    let reason = decided.map(|d| d.reason);
    let (contract, over_poverty) = crate::play::seated_as(profile, contract, reason, unplayed);
    rotation.deal(written, (contract, compulsory, over_poverty), profile)
}

/// Up to [`BATCH`] consecutive rows.
#[derive(Debug, Default)]
struct Batch {
    /// Its place in the archive: 0 for the first batch.
    index: u64,
    slots: Vec<Slot>,
    /// Slots in use.
    len: usize,
    /// The first slot whose players were read, and those players: its decoder compared
    /// them with its own last batch, not with the batch before this one.
    first_read: Option<usize>,
    first_players: Vec<String>,
    /// The players of the batch's last row whose players were read.
    last_players: Vec<String>,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            slots: (0..BATCH).map(|_| Slot::default()).collect(),
            ..Batch::default()
        }
    }

    /// Decodes every row with this worker's decoder.
    fn decode(&mut self, engine: &Engine, decoder: &mut Decoder) {
        self.first_read = None;
        for i in 0..self.len {
            if engine.decode(decoder, &mut self.slots[i]) && self.first_read.is_none() {
                self.first_read = Some(i);
                decoder.players().clone_into(&mut self.first_players);
            }
        }
        if self.first_read.is_some() {
            decoder.players().clone_into(&mut self.last_players);
        }
    }

    /// Seats every row, after the batch before.
    fn seat(&mut self, tables: &mut Tables, profiles: &[Profile]) {
        if let Some(i) = self.first_read {
            self.slots[i].players_changed = self.first_players != tables.last_players;
            std::mem::swap(&mut tables.last_players, &mut self.last_players);
        }
        for slot in &mut self.slots[..self.len] {
            tables.seat(slot, profiles);
        }
    }
}

/// The input and where cutting it has got to.
struct Cutter<R> {
    rows: Rows<R>,
    /// The next batch's index.
    next: u64,
    /// The input has ended.
    done: bool,
}

/// The caller's function, and what it said.
struct HandOn<'f, F, B> {
    each: &'f mut F,
    /// What `each` stopped the loop with.
    stopped_with: Option<B>,
}

/// One step that the workers take in the archive's order, batch after batch: whose turn
/// it is (a batch's index) and what the step carries from batch to batch.
struct InTurn<T> {
    state: Mutex<Turn<T>>,
    /// `state.index`, read without the lock while a worker spins.
    index: AtomicU64,
    turned: Condvar,
}

struct Turn<T> {
    /// The batch whose turn it is.
    index: u64,
    /// Workers asleep on `turned`.
    waiting: usize,
    value: T,
}

/// How often a worker looks whether its turn has come before it sleeps: the batch before
/// is usually nearly done, and waking a sleeping thread costs more than the wait
/// (measured: with two jobs, sleeping at once cost about 15% more CPU time).
const SPINS: u32 = 4096;

impl<T> InTurn<T> {
    fn new(first: T) -> InTurn<T> {
        InTurn {
            state: Mutex::new(Turn {
                index: 0,
                waiting: 0,
                value: first,
            }),
            index: AtomicU64::new(0),
            turned: Condvar::new(),
        }
    }

    /// Runs `step` on batch `index` after every batch before it (None once `stop` is set).
    fn take<X>(&self, index: u64, stop: &AtomicBool, step: impl FnOnce(&mut T) -> X) -> Option<X> {
        let mut spins = 0;
        while self.index.load(Ordering::Acquire) != index
            && !stop.load(Ordering::Relaxed)
            && spins < SPINS
        {
            std::hint::spin_loop();
            spins += 1;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while state.index != index && !stop.load(Ordering::Relaxed) {
            state.waiting += 1;
            state = self
                .turned
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.waiting -= 1;
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let x = step(&mut state.value);
        state.index += 1;
        self.index.store(state.index, Ordering::Release);
        if state.waiting > 0 {
            self.turned.notify_all();
        }
        Some(x)
    }

    /// Wakes every waiting worker (to see that the loop stops).
    fn wake(&self) {
        let _state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        self.turned.notify_all();
    }
}

/// What the workers of one [`play_all`] share. Each worker (the calling thread is one)
/// loops: it cuts the next batch of rows, decodes it, seats it in turn, plays it, and
/// hands it on in turn. Only cutting, seating and handing on wait for one another.
struct Workers<'e, 'f, R, F, B> {
    engine: &'e Engine<'e>,
    /// Set when `each` stops the loop (or a worker panics): everyone winds down.
    stop: AtomicBool,
    cutter: Mutex<Cutter<R>>,
    seating: InTurn<Tables>,
    hand_on: InTurn<HandOn<'f, F, B>>,
}

impl<'e, 'f, R, F, B> Workers<'e, 'f, R, F, B>
where
    R: BufRead + Send,
    F: FnMut(Result<Played<'_>, RecordError>) -> ControlFlow<B> + Send,
    B: Send,
{
    fn run(
        engine: &'e Engine<'e>,
        rows: Rows<R>,
        decoder: &Decoder,
        jobs: usize,
        each: &'f mut F,
    ) -> ControlFlow<B> {
        let workers = Workers {
            engine,
            stop: AtomicBool::new(false),
            cutter: Mutex::new(Cutter {
                rows,
                next: 0,
                done: false,
            }),
            seating: InTurn::new(Tables::default()),
            hand_on: InTurn::new(HandOn {
                each,
                stopped_with: None,
            }),
        };
        std::thread::scope(|s| {
            for _ in 1..jobs {
                let mut decoder = decoder.clone();
                let workers = &workers;
                s.spawn(move || workers.work(&mut decoder));
            }
            workers.work(&mut decoder.clone());
        });
        let hand_on = workers
            .hand_on
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        match hand_on.value.stopped_with {
            Some(b) => ControlFlow::Break(b),
            None => ControlFlow::Continue(()),
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Stops every worker (each finishes the step it is in and leaves).
    fn halt(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.seating.wake();
        self.hand_on.wake();
    }

    /// One worker's loop, with its own batch and decoder.
    fn work(&self, decoder: &mut Decoder) {
        let _halt = HaltOnPanic(&|| self.halt());
        let mut batch = Batch::new();
        while self.cut(&mut batch) {
            batch.decode(self.engine, decoder);
            let profiles = self.engine.profiles;
            let seated = self.seating.take(batch.index, &self.stop, |tables| {
                batch.seat(tables, profiles)
            });
            if seated.is_none() {
                return;
            }
            for slot in &mut batch.slots[..batch.len] {
                self.engine.play(slot);
            }
            let handed = self.hand_on.take(batch.index, &self.stop, |h| {
                for slot in &mut batch.slots[..batch.len] {
                    if let ControlFlow::Break(b) = slot.hand_on(profiles, &mut *h.each) {
                        h.stopped_with = Some(b);
                        // Before the turn passes: no later batch reaches `each`.
                        self.stop.store(true, Ordering::Relaxed);
                        return false;
                    }
                }
                true
            });
            if handed != Some(true) {
                self.halt();
                return;
            }
        }
    }

    /// Cuts the next batch of rows into `batch`; false at the end of the input.
    fn cut(&self, batch: &mut Batch) -> bool {
        let mut cutter = self.cutter.lock().unwrap_or_else(PoisonError::into_inner);
        if cutter.done || self.stopped() {
            return false;
        }
        batch.len = 0;
        while batch.len < BATCH && cutter.rows.next(&mut batch.slots[batch.len].raw) {
            batch.len += 1;
        }
        cutter.done = batch.len < BATCH;
        batch.index = cutter.next;
        cutter.next += 1;
        batch.len > 0
    }
}

/// Stops every worker when the thread holding it panics, so that none waits for a turn
/// that will not come (the panic then reaches the caller).
struct HaltOnPanic<'a>(&'a dyn Fn());

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}
