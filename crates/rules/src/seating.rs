//! Who deals, who sits out and who leads trick 1: the one place where the seats of a deal
//! are worked out. Record files, archives, league sheets, Bock rounds and the generator all
//! ask here, so that a deal written without a `dealer` goes to the same players whatever
//! format it was written in.

use crate::contract::Contract;
use crate::lang::Text;
use crate::msg;
use crate::variant::Profile;

/// Most seats any table can have (the arrays of a deal are this long).
pub const MAX_SEATS: usize = 8;

/// Most seats that sit out a deal: the dealer and the two across the table, at a table of
/// seven where a deal needs four.
pub const MAX_SITTING_OUT: usize = 3;

/// Why a table of this size cannot play a deal under a profile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum TableError {
    /// Fewer than the players a deal needs, or more than three more (the dealer and the
    /// seats across sitting out).
    Size {
        /// Seats at the table.
        seats: usize,
        /// Players the profile plays with.
        players: usize,
    },
    /// The profile's dealer only deals, so the table has one seat more than a deal needs.
    DealerOnlyDeals {
        /// Seats at the table.
        seats: usize,
        /// Players the profile plays with.
        players: usize,
        /// The profile.
        profile: String,
    },
}

impl TableError {
    /// The error in `lang`.
    pub fn render(&self, lang: crate::lang::Lang) -> String {
        self.message().render(lang)
    }

    /// What is wrong, in no language yet.
    pub fn message(&self) -> Text {
        match self {
            TableError::Size { seats, players } => msg!(
                "error.table_size",
                seats = seats,
                players = players,
                most = largest_table(*players)
            ),
            TableError::DealerOnlyDeals {
                seats,
                players,
                profile,
            } => msg!(
                "error.table_dealer_only",
                seats = seats,
                profile = profile,
                more = players + 1
            ),
        }
    }
}

/// Can a table of `seats` play under `profile`? A deal needs `deck.players` players; at a
/// table of up to three more the others sit out ([`sits_out`]), and where the dealer only
/// deals (`deck.dealer_plays = false`) a table needs at least one more.
pub fn check_table(profile: &Profile, seats: usize) -> Result<(), TableError> {
    let players = profile.deck.players as usize;
    if seats < players || seats > largest_table(players) {
        return Err(TableError::Size { seats, players });
    }
    if !profile.deck.dealer_plays && seats == players {
        return Err(TableError::DealerOnlyDeals {
            seats,
            players,
            profile: profile.name.clone(),
        });
    }
    Ok(())
}

/// The smallest table that plays under `profile`: the players of a deal, or one more where
/// the dealer only deals.
pub fn smallest_table(profile: &Profile) -> usize {
    profile.deck.players as usize + !profile.deck.dealer_plays as usize
}

/// The largest table that plays deals of `players`: three more sit out each deal, and
/// never more seats than [`MAX_SEATS`].
pub fn largest_table(players: usize) -> usize {
    (players + MAX_SITTING_OUT).min(MAX_SEATS)
}

/// Does `seat` sit out the deal dealt by `dealer` at a table of `seats` where a deal needs
/// `players`? The one rule of who sits out (docs/rules.md §3): at a table of one more the
/// dealer; of two more (six at a four-player deal) the dealer and the player across; of
/// three more (seven) the dealer and the two players across, so that the two on the
/// dealer's left and the two on the right play.
pub fn sits_out(seats: usize, players: usize, dealer: usize, seat: usize) -> bool {
    let extra = seats.saturating_sub(players);
    if extra == 0 || seats == 0 {
        return false;
    }
    let from_dealer = (seat % seats + seats - dealer % seats) % seats;
    let across = seats / 2;
    from_dealer == 0
        || (extra >= 2 && from_dealer == across)
        || (extra >= 3 && from_dealer == across + 1)
}

/// The seats that sit out the deal dealt by `dealer` ([`sits_out`]), as a set.
pub fn sitting_out(seats: usize, players: usize, dealer: usize) -> SeatSet {
    let mut set = SeatSet::default();
    for s in 0..seats.min(MAX_SEATS) {
        if sits_out(seats, players, dealer, s) {
            set.insert(s);
        }
    }
    set
}

/// A set of seats of one table (at most [`MAX_SEATS`]), kept in one byte.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatSet(u8);

impl SeatSet {
    /// Adds `seat` (seats beyond [`MAX_SEATS`] are not kept).
    pub fn insert(&mut self, seat: usize) {
        if seat < MAX_SEATS {
            self.0 |= 1 << seat;
        }
    }

    /// Is `seat` in the set?
    pub fn contains(self, seat: usize) -> bool {
        seat < MAX_SEATS && self.0 & (1 << seat) != 0
    }

    /// No seat?
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..MAX_SEATS).filter(move |&s| self.contains(s))
    }
}

/// The seats that get cards, clockwise from the dealer's left, written into `buf`; returns
/// how many. At a table larger than `players` the seats of [`sits_out`] get none. No
/// allocation: the play floor's `play::play` asks this for every deal of an archive.
pub fn active_into(
    seats: usize,
    dealer: usize,
    players: usize,
    buf: &mut [usize; MAX_SEATS],
) -> usize {
    let mut n = 0;
    let mut s = dealer % seats.max(1);
    for _ in 0..seats.min(MAX_SEATS) {
        s = if s + 1 >= seats { 0 } else { s + 1 };
        buf[n] = s;
        n += (!sits_out(seats, players, dealer, s)) as usize;
    }
    n
}

/// The seats that get cards, clockwise from the dealer's left ([`active_into`]).
pub fn active_seats(seats: usize, dealer: usize, players: usize) -> Vec<usize> {
    let mut buf = [0; MAX_SEATS];
    let n = active_into(seats, dealer, players, &mut buf);
    buf[..n].to_vec()
}

/// Does the soloist of this deal lead trick 1 (and the same dealer deal again, unless the
/// solo was forced)? A compulsory solo where `contracts.compulsory_solo_leads`; every
/// declared solo where `contracts.every_solo_leads` (the house rule of «ドッペルコップ
/// (Doppelkopf)», docs/rules.md §9.7).
pub fn soloist_leads(profile: &Profile, contract: Contract, compulsory: bool) -> bool {
    (compulsory && profile.contracts.compulsory_solo_leads)
        || (contract.is_declared_solo() && profile.contracts.every_solo_leads)
}

/// Who leads trick 1: the soloist where [`soloist_leads`], else the first seat to get
/// cards.
pub fn first_leader(
    profile: &Profile,
    active: &[usize],
    contract: Contract,
    declarer: Option<usize>,
    compulsory: bool,
) -> usize {
    match declarer {
        Some(d) if soloist_leads(profile, contract, compulsory) => d,
        _ => active[0],
    }
}

/// Why a written dealer is refused: after a solo its soloist led the same dealer deals
/// again.
pub fn deals_again_text(players: &[String], must: usize, written: usize) -> Text {
    crate::msg!(
        "error.deals_again",
        dealer = players.get(must).map_or("?", String::as_str),
        written = players.get(written).map_or("?", String::as_str)
    )
}

/// Does the same dealer deal the next deal? After a solo whose soloist led
/// ([`soloist_leads`]) unless it was forced (TSR 4.2: then the next player deals), after
/// a declared redeal where `redeal.same_dealer`, and after hands thrown in over a poverty
/// (`over_poverty`: nobody accepted it, or two poor partners) where
/// `poverty.redeal_same_dealer`.
pub fn deals_again(
    profile: &Profile,
    contract: Contract,
    compulsory: bool,
    forced: bool,
    over_poverty: bool,
) -> bool {
    let redeal_again = if over_poverty {
        profile.poverty.redeal_same_dealer
    } else {
        profile.redeal.same_dealer
    };
    (soloist_leads(profile, contract, compulsory) && !forced)
        || (contract == Contract::Redeal && redeal_again)
}

/// The dealer rotation of one table: who deals each deal that does not name its dealer.
/// The first dealer is the one named (a league's `dealer`), else the last seat; then
/// clockwise, except where `deals_again`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotation {
    seats: usize,
    next: usize,
    /// The last deal was a solo its soloist led: its dealer deals again, written or not.
    again: bool,
}

impl Rotation {
    /// A rotation at a table of `seats`, starting with `first` (else the last seat).
    pub fn new(seats: usize, first: Option<usize>) -> Rotation {
        Rotation {
            seats,
            next: first.unwrap_or(seats.saturating_sub(1)),
            again: false,
        }
    }

    /// A dealer a record writes, checked: after a solo its soloist led (not a forced one)
    /// the same dealer deals again (docs/rules.md §9.7, §11). `Err` holds who must deal.
    pub fn check_written(&self, written: usize) -> Result<(), usize> {
        if self.again && written != self.next {
            Err(self.next)
        } else {
            Ok(())
        }
    }

    /// Who deals the next deal if it names no dealer.
    pub fn next_dealer(&self) -> usize {
        self.next
    }

    /// Takes one deal that was not forced: its dealer is the one `written`, else the
    /// rotation's; the rotation then moves on (or not, see `deals_again`; `over_poverty`:
    /// the hands were thrown in over a poverty). Returns the deal's dealer.
    pub fn deal(
        &mut self,
        written: Option<usize>,
        (contract, compulsory, over_poverty): (Contract, bool, bool),
        profile: &Profile,
    ) -> usize {
        let dealer = written.unwrap_or(self.next);
        self.after(dealer, (contract, compulsory, over_poverty), false, profile);
        dealer
    }

    /// Moves on after a deal dealt by `dealer`.
    fn after(
        &mut self,
        dealer: usize,
        (contract, compulsory, over_poverty): (Contract, bool, bool),
        forced: bool,
        profile: &Profile,
    ) {
        self.again = soloist_leads(profile, contract, compulsory) && !forced;
        self.next = if deals_again(profile, contract, compulsory, forced, over_poverty) {
            dealer
        } else {
            (dealer + 1) % self.seats.max(1)
        };
    }
}

/// The seats of the next deal of a [`Series`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextDeal {
    /// The dealer's seat.
    pub dealer: usize,
    /// The seats that sit out ([`sits_out`]: the dealer and, at tables of six and seven,
    /// the seats across).
    pub sitting_out: SeatSet,
    /// In the forced phase: the player who must play a compulsory solo now.
    pub forced: Option<usize>,
}

/// What a [`Series`] makes of one deal before it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duty {
    /// The deal is a compulsory solo (marked, or the soloist's first solo while she owes one).
    pub compulsory: bool,
    /// It is a forced solo (TSR 4.2 "vorgeführt"): the next player deals after it.
    pub forced: bool,
}

/// A series of deals at one table (docs/rules.md §11): the dealer rotation and, in a
/// league sheet with compulsory solos, who still owes one.
///
/// * A player's first declared solo while she owes one is her compulsory solo, marked or
///   not (TSR 4.3); a silent solo or a wedding played alone never is (TSR 4.4).
/// * When the solos owed equal the deals left, every deal is a forced solo: the owing
///   player next left of the dealer (the dealer last) plays it, and the next player deals
///   after it (TSR 4.2).
/// * At a table larger than a deal needs, the dealer (and at six and seven the seats
///   across) sit out. When every player who owes would sit out, the next player deals
///   instead (and the next, until one who owes plays), and the rotation goes on from
///   there (doko's generalisation; it never leaves a sheet that cannot be finished).
///
/// Outside a league (`deals` unknown) only solos marked compulsory are, and nothing is
/// forced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    rotation: Rotation,
    /// Compulsory solos each seat still owes.
    owed: Vec<u8>,
    /// Deals left in a league sheet.
    left: Option<usize>,
    /// Players of a deal (the rest of the table sits out, [`sits_out`]).
    players: usize,
}

impl Series {
    /// A series at a table of `seats` starting with dealer `first` (else the last seat);
    /// `deals`: the deals of a league sheet (None: not a league, only marked solos count).
    pub fn new(
        profile: &Profile,
        seats: usize,
        first: Option<usize>,
        deals: Option<usize>,
    ) -> Series {
        let owe = if deals.is_some() {
            profile.league.compulsory_solos
        } else {
            0
        };
        Series {
            rotation: Rotation::new(seats, first),
            owed: vec![owe; seats],
            left: deals,
            players: profile.deck.players as usize,
        }
    }

    /// Ends a league's round against the clock (TSR 8.6): no further normal deal; the
    /// compulsory solos still owed follow as forced solos.
    pub fn close(&mut self) {
        if self.left.is_some() {
            self.left = Some(self.owing());
        }
    }

    /// Deals left in a league's series (None: not a league).
    pub fn left(&self) -> Option<usize> {
        self.left
    }

    /// Compulsory solos each seat still owes.
    pub fn owed(&self) -> &[u8] {
        &self.owed
    }

    /// Compulsory solos still owed in all.
    pub fn owing(&self) -> usize {
        self.owed.iter().map(|&o| o as usize).sum()
    }

    /// Only compulsory solos may follow: the solos owed are as many as the deals left.
    pub fn forced_phase(&self) -> bool {
        let owing = self.owing();
        self.left.is_some_and(|l| owing > 0 && owing >= l)
    }

    /// A dealer the record writes for the next deal, checked against the rotation
    /// ([`Rotation::check_written`]).
    pub fn check_written(&self, written: usize) -> Result<(), usize> {
        self.rotation.check_written(written)
    }

    /// The seats of the next deal; `written`: the dealer the record names, if any.
    pub fn next(&self, written: Option<usize>) -> NextDeal {
        let seats = self.owed.len().max(1);
        let mut dealer = written.unwrap_or(self.rotation.next_dealer());
        let mut forced = None;
        if self.forced_phase() {
            let owes = |s: usize| self.owed[s] > 0;
            // The owing player next left of the dealer who plays, the dealer last.
            let playing = |d: usize| {
                (1..=seats)
                    .map(|k| (d + k) % seats)
                    .find(|&s| owes(s) && !sits_out(seats, self.players, d, s))
            };
            forced = playing(dealer);
            if forced.is_none() && written.is_none() {
                // Everyone who owes would sit out: the next players deal instead.
                if let Some((d, f)) = (1..seats)
                    .map(|k| (dealer + k) % seats)
                    .find_map(|d| playing(d).map(|f| (d, f)))
                {
                    dealer = d;
                    forced = Some(f);
                }
            }
            if forced.is_none() {
                forced = (1..=seats).map(|k| (dealer + k) % seats).find(|&s| owes(s));
            }
        }
        NextDeal {
            dealer,
            sitting_out: sitting_out(seats, self.players, dealer),
            forced,
        }
    }

    /// Whether a deal at `next` is a compulsory (and forced) solo, or why it may not be
    /// played: `contract` and `soloist` as written (the soloist of a declared solo),
    /// `marked` the record's `compulsory`.
    pub fn duty(
        &self,
        next: &NextDeal,
        contract: Contract,
        soloist: Option<usize>,
        marked: Option<bool>,
        players: &[String],
    ) -> Result<Duty, Text> {
        let solo = contract.is_declared_solo();
        if let Some(f) = next.forced {
            if !solo || soloist != Some(f) || marked == Some(false) {
                let who: Vec<&str> = (0..players.len())
                    .filter(|&s| self.owed[s] > 0)
                    .map(|s| players[s].as_str())
                    .collect();
                return Err(msg!(
                    "error.solo_forced",
                    left = self.left.unwrap_or(0),
                    owed = self.owing(),
                    who = who.join(", "),
                    player = players[f],
                    dealer = players[next.dealer],
                    off = off()
                ));
            }
            return Ok(Duty {
                compulsory: true,
                forced: true,
            });
        }
        let owes = soloist.is_some_and(|s| self.owed.get(s).is_some_and(|&o| o > 0));
        if self.left.is_some() && solo && owes {
            if marked == Some(false) {
                return Err(msg!(
                    "error.solo_owes",
                    player = players[soloist.unwrap_or(0)],
                    fix = Text::msg("error.fix_drop_false"),
                    off = off()
                ));
            }
            return Ok(Duty {
                compulsory: true,
                forced: false,
            });
        }
        if marked == Some(true) {
            if !solo {
                return Err(msg!("error.solo_not_declared", contract = contract));
            }
            if self.left.is_some() {
                let who = soloist.map_or(Text::msg("error.word_the_soloist"), |s| {
                    Text::from(&players[s])
                });
                return Err(msg!("error.solo_none_owed", player = who));
            }
        }
        Ok(Duty {
            compulsory: marked == Some(true),
            forced: false,
        })
    }

    /// Takes a deal played at `next` with `duty`: pays the soloist's compulsory solo and
    /// moves the dealer on (`over_poverty`: its hands were thrown in over a poverty).
    pub fn take(
        &mut self,
        profile: &Profile,
        next: &NextDeal,
        (contract, over_poverty): (Contract, bool),
        soloist: Option<usize>,
        duty: Duty,
    ) {
        if duty.compulsory
            && self.left.is_some()
            && let Some(o) = soloist.and_then(|s| self.owed.get_mut(s))
        {
            *o = o.saturating_sub(1);
        }
        if let Some(l) = &mut self.left {
            *l = l.saturating_sub(1);
        }
        self.rotation.after(
            next.dealer,
            (contract, duty.compulsory, over_poverty),
            duty.forced,
            profile,
        );
    }
}

/// How to play a league without compulsory solos, for the refusals that concern them.
pub fn off() -> Text {
    Text::msg("error.solos_off")
}

/// A few seats (a party), kept on the stack.
#[derive(Debug, Default)]
pub struct SeatList {
    seats: [usize; MAX_SEATS],
    len: usize,
}

impl SeatList {
    pub fn push(&mut self, seat: usize) {
        if self.len < MAX_SEATS {
            self.seats[self.len] = seat;
            self.len += 1;
        }
    }

    pub fn extend(&mut self, seats: impl IntoIterator<Item = usize>) {
        for s in seats {
            self.push(s);
        }
    }

    pub fn as_slice(&self) -> &[usize] {
        &self.seats[..self.len]
    }
}

/// The seat of the player called `name` (white space around it and case aside).
pub fn seat_in(players: &[String], name: &str) -> Option<usize> {
    let name = crate::words::trim(name);
    players.iter().position(|p| p.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(sets: &[(&str, &str)]) -> Profile {
        crate::variant::test_profile(crate::variant::DEFAULT_PROFILE, sets)
    }

    #[test]
    fn active_seats_start_left_of_the_dealer_and_skip_a_dealer_who_sits_out() {
        assert_eq!(active_seats(4, 3, 4), [0, 1, 2, 3]);
        assert_eq!(active_seats(4, 1, 4), [2, 3, 0, 1]);
        assert_eq!(active_seats(5, 2, 4), [3, 4, 0, 1]);
    }

    #[test]
    fn the_rotation_waits_after_a_compulsory_solo_and_a_redeal_where_the_profile_says_so() {
        let ddv = profile(&[]);
        let mut r = Rotation::new(4, None);
        assert_eq!(r.deal(None, (Contract::Normal, false, false), &ddv), 3);
        assert_eq!(
            r.deal(
                None,
                (
                    Contract::Solo(crate::contract::SoloKind::Queens),
                    true,
                    false
                ),
                &ddv
            ),
            0
        );
        assert_eq!(
            r.deal(None, (Contract::Normal, false, false), &ddv),
            0,
            "deals again"
        );
        assert_eq!(r.deal(None, (Contract::Redeal, false, false), &ddv), 1);
        assert_eq!(
            r.deal(None, (Contract::Normal, false, false), &ddv),
            2,
            "moves on"
        );
        let same = profile(&[
            ("redeal.same_dealer", "true"),
            ("contracts.compulsory_solo_leads", "false"),
        ]);
        let mut r = Rotation::new(4, Some(1));
        assert_eq!(r.deal(None, (Contract::Redeal, false, false), &same), 1);
        assert_eq!(
            r.deal(
                None,
                (
                    Contract::Solo(crate::contract::SoloKind::Queens),
                    true,
                    false
                ),
                &same
            ),
            1,
            "redealt"
        );
        assert_eq!(r.deal(None, (Contract::Normal, false, false), &same), 2);
        assert_eq!(
            r.deal(Some(0), (Contract::Normal, false, false), &same),
            0,
            "written"
        );
        assert_eq!(r.next_dealer(), 1);
        // Hands thrown in over a poverty: `poverty.redeal_same_dealer`, not
        // `redeal.same_dealer`.
        let mut r = Rotation::new(4, Some(1));
        assert_eq!(r.deal(None, (Contract::Redeal, false, true), &ddv), 1);
        assert_eq!(
            r.deal(None, (Contract::Redeal, false, true), &ddv),
            1,
            "again"
        );
        assert_eq!(r.deal(None, (Contract::Redeal, false, false), &ddv), 1);
        assert_eq!(r.deal(None, (Contract::Normal, false, false), &ddv), 2);
        let moves = profile(&[("poverty.redeal_same_dealer", "false")]);
        let mut r = Rotation::new(4, Some(1));
        assert_eq!(r.deal(None, (Contract::Redeal, false, true), &moves), 1);
        assert_eq!(r.next_dealer(), 2, "variation 5: the next player deals");
    }

    #[test]
    fn the_dealer_and_the_seats_across_sit_out() {
        let out = |seats: usize, dealer: usize| -> Vec<usize> {
            (0..seats)
                .filter(|&s| sits_out(seats, 4, dealer, s))
                .collect()
        };
        assert_eq!(out(4, 2), Vec::<usize>::new());
        assert_eq!(out(5, 2), vec![2]);
        assert_eq!(
            out(6, 0),
            vec![0, 3],
            "six: the dealer and the player across"
        );
        assert_eq!(out(6, 4), vec![1, 4]);
        assert_eq!(
            out(7, 0),
            vec![0, 3, 4],
            "seven: the dealer and the two across"
        );
        assert_eq!(out(7, 5), vec![1, 2, 5]);
        assert_eq!(active_seats(6, 0, 4), vec![1, 2, 4, 5]);
        assert_eq!(active_seats(7, 6, 4), vec![0, 1, 4, 5]);
        assert_eq!(
            sitting_out(7, 4, 6).iter().collect::<Vec<_>>(),
            vec![2, 3, 6]
        );
        // Over a round each player sits out as often as any other.
        for seats in 5..=7 {
            let mut times = vec![0; seats];
            for dealer in 0..seats {
                for s in sitting_out(seats, 4, dealer).iter() {
                    times[s] += 1;
                }
            }
            assert!(times.iter().all(|&t| t == seats - 4), "{seats}: {times:?}");
        }
    }

    #[test]
    fn a_table_is_the_players_of_a_deal_or_up_to_three_more() {
        let ddv = profile(&[]);
        for seats in 4..=7 {
            assert!(check_table(&ddv, seats).is_ok(), "{seats}");
        }
        for seats in [3, 8] {
            assert_eq!(
                check_table(&ddv, seats),
                Err(TableError::Size { seats, players: 4 })
            );
        }
        assert!(
            check_table(&ddv, 8)
                .unwrap_err()
                .to_string()
                .contains("8 players at the table; 4 to 7 expected")
        );
        let wiki = Profile::load("ja-wiki", &[]).unwrap();
        assert!(check_table(&wiki, 5).is_ok());
        assert!(
            check_table(&wiki, 4)
                .unwrap_err()
                .to_string()
                .contains("the dealer only deals, so 5 are needed")
        );
    }
}
