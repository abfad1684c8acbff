//! Who deals, who sits out and who leads trick 1: the one place where the seats of a deal
//! are worked out. Record files, archives, league sheets, Bock rounds and the generator all
//! ask here, so that a deal written without a `dealer` goes to the same players whatever
//! format it was written in.

use crate::contract::Contract;
use crate::variant::Profile;

/// Most players at a table (seven play, one more sits out).
pub const MAX_SEATS: usize = 8;

/// Why a table of this size cannot play a deal under a profile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Neither the players a deal needs nor one more (the dealer sitting out).
    #[error("{seats} players at the table; {players} or {} expected", players + 1)]
    Size { seats: usize, players: usize },
    /// The profile's dealer only deals, so the table has one seat more than a deal needs.
    #[error(
        "{seats} players at the table; under profile {profile} the dealer only deals, so {} are needed",
        players + 1
    )]
    DealerOnlyDeals {
        seats: usize,
        players: usize,
        profile: String,
    },
}

/// Can a table of `seats` play under `profile`? A deal needs `deck.players` players; a
/// table of one more lets the dealer sit out, and where the dealer only deals
/// (`deck.dealer_plays = false`) it must.
pub fn check_table(profile: &Profile, seats: usize) -> Result<(), TableError> {
    let players = profile.deck.players as usize;
    if seats != players && seats != players + 1 {
        return Err(TableError::Size { seats, players });
    }
    if !profile.deck.dealer_plays && seats != players + 1 {
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

/// Does the dealer sit out at a table of `seats`?
pub fn dealer_sits_out(profile: &Profile, seats: usize) -> bool {
    seats == profile.deck.players as usize + 1
}

/// The seats that get cards, clockwise from the dealer's left, written into `buf`; returns
/// how many. The dealer sits out at a table of one more than `players`. No allocation:
/// [`crate::play::play`] asks this for every deal of an archive.
pub fn active_into(
    seats: usize,
    dealer: usize,
    players: usize,
    buf: &mut [usize; MAX_SEATS],
) -> usize {
    let sits_out = if seats == players + 1 {
        dealer
    } else {
        usize::MAX
    };
    let mut n = 0;
    let mut s = dealer % seats.max(1);
    for _ in 0..seats.min(MAX_SEATS) {
        s = if s + 1 >= seats { 0 } else { s + 1 };
        buf[n] = s;
        n += (s != sits_out) as usize;
    }
    n
}

/// The seats that get cards, clockwise from the dealer's left ([`active_into`]).
pub fn active_seats(seats: usize, dealer: usize, players: usize) -> Vec<usize> {
    let mut buf = [0; MAX_SEATS];
    let n = active_into(seats, dealer, players, &mut buf);
    buf[..n].to_vec()
}

/// Who leads trick 1: the soloist of a compulsory solo where the profile says so
/// (`contracts.compulsory_solo_leads`), else the first seat to get cards.
pub fn first_leader(
    profile: &Profile,
    active: &[usize],
    declarer: Option<usize>,
    compulsory: bool,
) -> usize {
    match declarer {
        Some(d) if compulsory && profile.contracts.compulsory_solo_leads => d,
        _ => active[0],
    }
}

/// Does the same dealer deal the next deal? After a compulsory solo whose soloist led
/// (`contracts.compulsory_solo_leads`), and after a redeal where `redeal.same_dealer`.
pub fn deals_again(profile: &Profile, contract: Contract, compulsory: bool) -> bool {
    (compulsory && profile.contracts.compulsory_solo_leads)
        || (contract == Contract::Redeal && profile.redeal.same_dealer)
}

/// The dealer rotation of one table: who deals each deal that does not name its dealer.
/// The first dealer is the one named (a league's `dealer`), else the last seat; then
/// clockwise, except where [`deals_again`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotation {
    seats: usize,
    next: usize,
}

impl Rotation {
    /// A rotation at a table of `seats`, starting with `first` (else the last seat).
    pub fn new(seats: usize, first: Option<usize>) -> Rotation {
        Rotation {
            seats,
            next: first.unwrap_or(seats.saturating_sub(1)),
        }
    }

    /// Who deals the next deal if it names no dealer.
    pub fn next_dealer(&self) -> usize {
        self.next
    }

    /// Takes one deal: its dealer is the one `written`, else the rotation's; the rotation
    /// then moves on (or not, see [`deals_again`]). Returns the deal's dealer.
    pub fn deal(
        &mut self,
        written: Option<usize>,
        contract: Contract,
        compulsory: bool,
        profile: &Profile,
    ) -> usize {
        let dealer = written.unwrap_or(self.next);
        self.next = if deals_again(profile, contract, compulsory) {
            dealer
        } else {
            (dealer + 1) % self.seats.max(1)
        };
        dealer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(sets: &[(&str, &str)]) -> Profile {
        crate::variant::test_profile("ddv", sets)
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
        assert_eq!(r.deal(None, Contract::Normal, false, &ddv), 3);
        assert_eq!(r.deal(None, Contract::Normal, true, &ddv), 0);
        assert_eq!(
            r.deal(None, Contract::Normal, false, &ddv),
            0,
            "deals again"
        );
        assert_eq!(r.deal(None, Contract::Redeal, false, &ddv), 1);
        assert_eq!(r.deal(None, Contract::Normal, false, &ddv), 2, "moves on");
        let same = profile(&[
            ("redeal.same_dealer", "true"),
            ("contracts.compulsory_solo_leads", "false"),
        ]);
        let mut r = Rotation::new(4, Some(1));
        assert_eq!(r.deal(None, Contract::Redeal, false, &same), 1);
        assert_eq!(r.deal(None, Contract::Normal, true, &same), 1, "redealt");
        assert_eq!(r.deal(None, Contract::Normal, false, &same), 2);
        assert_eq!(
            r.deal(Some(0), Contract::Normal, false, &same),
            0,
            "written"
        );
        assert_eq!(r.next_dealer(), 1);
    }

    #[test]
    fn a_table_is_the_players_of_a_deal_or_one_more() {
        let ddv = profile(&[]);
        assert!(check_table(&ddv, 4).is_ok());
        assert!(check_table(&ddv, 5).is_ok());
        assert_eq!(
            check_table(&ddv, 6),
            Err(TableError::Size {
                seats: 6,
                players: 4
            })
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
