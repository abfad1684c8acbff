//! Money after an evening: each player's balance in cents and the transfers that settle
//! them, as few as possible (never more than the players less one).
//!
//! * `linear`: a player's balance is her points times the cents per point. A sheet whose
//!   points do not sum to zero (`scoring.sheet = "plus-only"`, Kloepper) is settled against
//!   its average: the balance is (points − average) × cents, rounded to whole cents so that
//!   the balances still sum to zero (the odd cents go to the largest remainders, earlier
//!   seats first). On a zero-sum sheet that is exactly points × cents.
//! * `leader`: everyone pays the leader the cents per point she is behind; leaders tied on
//!   points share what is paid (the odd cent to the earlier seat).

use serde::Serialize;

pub use crate::limits::MAX_CENTS_PER_POINT;

/// How points become money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// Each pays each the difference of their points.
    Linear,
    /// Each pays the leader the difference to the leader's points.
    Leader,
}

impl Model {
    /// The model's name as `--model` writes it.
    pub fn key(self) -> &'static str {
        match self {
            Model::Linear => "linear",
            Model::Leader => "leader",
        }
    }
}

/// One payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Transfer {
    /// Who pays.
    pub from: String,
    /// Who is paid.
    pub to: String,
    /// How much, in cents.
    pub amount_cents: i64,
}

/// The settlement of one sheet (its JSON form is `league settle --format json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settlement {
    /// The way points become money.
    pub model: Model,
    /// Cents per point.
    pub cents_per_point: i64,
    /// Each player's balance in cents: positive receives, negative pays; they sum to 0.
    pub balances: crate::report::Ordered<String, i64>,
    /// Who pays whom, fewest transfers.
    pub transfers: Vec<Transfer>,
}

/// Why a sheet cannot be settled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum SettleError {
    /// The cents per point make amounts beyond 64 bits.
    TooLarge(i64),
    /// The cents per point are 0 or less.
    NotPositive(i64),
}

impl SettleError {
    /// The error in `lang`.
    pub fn render(&self, lang: crate::lang::Lang) -> String {
        self.message().render(lang)
    }

    /// What is wrong, in no language yet.
    pub fn message(&self) -> crate::lang::Text {
        match self {
            SettleError::TooLarge(c) => crate::msg!("error.settle_too_large", cents = c),
            SettleError::NotPositive(c) => crate::msg!("error.settle_not_positive", cents = c),
        }
    }
}

/// Settles `points` (each player's total, in seat order) at `cents_per_point`.
pub fn settle(
    players: &[String],
    points: &[i64],
    cents_per_point: i64,
    model: Model,
) -> Result<Settlement, SettleError> {
    if cents_per_point <= 0 {
        return Err(SettleError::NotPositive(cents_per_point));
    }
    let too_large = || SettleError::TooLarge(cents_per_point);
    let cents: Vec<i128> = points
        .iter()
        .map(|&p| i128::from(p) * i128::from(cents_per_point))
        .collect();
    let balances = match model {
        Model::Linear => linear(&cents),
        Model::Leader => leader(&cents),
    };
    let balances: Vec<i64> = balances
        .into_iter()
        .map(|b| i64::try_from(b).map_err(|_| too_large()))
        .collect::<Result<_, _>>()?;
    let transfers = transfers(&balances)
        .into_iter()
        .map(|(from, to, amount)| Transfer {
            from: players[from].clone(),
            to: players[to].clone(),
            amount_cents: amount,
        })
        .collect();
    Ok(Settlement {
        model,
        cents_per_point,
        balances: crate::report::Ordered(players.iter().cloned().zip(balances).collect()),
        transfers,
    })
}

/// Points × cents, less the average, in whole cents summing to zero.
fn linear(cents: &[i128]) -> Vec<i128> {
    let n = cents.len() as i128;
    if n == 0 {
        return Vec::new();
    }
    let sum: i128 = cents.iter().sum();
    // n × balance = n × cents − sum: floor, then hand out the cents that are left.
    let scaled: Vec<i128> = cents.iter().map(|&c| n * c - sum).collect();
    let mut out: Vec<i128> = scaled.iter().map(|&s| s.div_euclid(n)).collect();
    let left = -out.iter().sum::<i128>();
    let mut by_remainder: Vec<usize> = (0..cents.len()).collect();
    by_remainder.sort_by_key(|&i| std::cmp::Reverse(scaled[i].rem_euclid(n)));
    for &i in by_remainder.iter().take(left.max(0) as usize) {
        out[i] += 1;
    }
    out
}

/// Everyone pays the leaders what she is behind; tied leaders share it.
fn leader(cents: &[i128]) -> Vec<i128> {
    let Some(&top) = cents.iter().max() else {
        return Vec::new();
    };
    let leaders: Vec<usize> = (0..cents.len()).filter(|&i| cents[i] == top).collect();
    let paid: i128 = cents.iter().map(|&c| top - c).sum();
    let mut out: Vec<i128> = cents.iter().map(|&c| c - top).collect();
    let k = leaders.len() as i128;
    for (j, &i) in leaders.iter().enumerate() {
        out[i] = paid / k + i128::from((j as i128) < paid % k);
    }
    out
}

/// The fewest transfers that settle `balances` (summing to zero): the players split into
/// as many groups that settle among themselves as possible (exactly, for up to 16 players
/// who pay or receive; a group of k needs k − 1 transfers), each group settled largest
/// debt to largest claim. (from, to, cents).
pub fn transfers(balances: &[i64]) -> Vec<(usize, usize, i64)> {
    let open: Vec<usize> = (0..balances.len()).filter(|&i| balances[i] != 0).collect();
    let groups = if open.len() <= 16 {
        zero_sum_groups(&open, balances)
    } else {
        vec![open]
    };
    let mut out = Vec::new();
    for group in groups {
        let mut left: Vec<(usize, i64)> = group.iter().map(|&i| (i, balances[i])).collect();
        loop {
            let debtor = left
                .iter()
                .copied()
                .filter(|e| e.1 < 0)
                .min_by_key(|e| (e.1, e.0));
            let creditor = left
                .iter()
                .copied()
                .filter(|e| e.1 > 0)
                .max_by_key(|e| (e.1, std::cmp::Reverse(e.0)));
            let (Some((d, owe)), Some((c, claim))) = (debtor, creditor) else {
                break;
            };
            let amount = claim.min(-owe);
            out.push((d, c, amount));
            for e in &mut left {
                if e.0 == d {
                    e.1 += amount;
                } else if e.0 == c {
                    e.1 -= amount;
                }
            }
        }
    }
    out
}

/// `open` split into the most groups whose balances sum to zero (dynamic programming over
/// subsets), in seat order.
fn zero_sum_groups(open: &[usize], balances: &[i64]) -> Vec<Vec<usize>> {
    let n = open.len();
    let full = (1usize << n) - 1;
    let sum = |mask: usize| -> i128 {
        (0..n)
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| i128::from(balances[open[k]]))
            .sum()
    };
    let mut best = vec![0u8; full + 1];
    for mask in 1..=full {
        let most = (0..n)
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| best[mask & !(1 << k)])
            .max()
            .unwrap_or(0);
        best[mask] = most + u8::from(sum(mask) == 0);
    }
    // Walk back: take players off one by one; a mask that sums to zero closes a group.
    let mut groups = Vec::new();
    let mut group = Vec::new();
    let mut mask = full;
    while mask != 0 {
        let here = best[mask] - u8::from(sum(mask) == 0);
        let k = (0..n)
            .find(|&k| mask & (1 << k) != 0 && best[mask & !(1 << k)] == here)
            .unwrap_or(0);
        group.push(open[k]);
        mask &= !(1 << k);
        if sum(mask) == 0 {
            group.sort_unstable();
            groups.push(std::mem::take(&mut group));
        }
    }
    groups.reverse();
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["Anna", "Ben", "Cara", "Dirk", "Eva", "Finn"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn check(points: &[i64], cents: i64, model: Model) -> Settlement {
        let s = settle(&names(points.len()), points, cents, model).unwrap();
        let balances: Vec<i64> = s.balances.0.iter().map(|b| b.1).collect();
        assert_eq!(balances.iter().sum::<i64>(), 0, "{s:?}");
        assert!(s.transfers.len() < points.len().max(1), "{s:?}");
        // The transfers settle every balance.
        let mut left = balances.clone();
        for t in &s.transfers {
            assert!(t.amount_cents > 0);
            let from = s.balances.0.iter().position(|b| b.0 == t.from).unwrap();
            let to = s.balances.0.iter().position(|b| b.0 == t.to).unwrap();
            left[from] += t.amount_cents;
            left[to] -= t.amount_cents;
        }
        assert!(left.iter().all(|&l| l == 0), "{s:?}");
        s
    }

    #[test]
    fn linear_is_points_times_cents_on_a_zero_sum_sheet() {
        let s = check(&[33, -29, 19, -23], 10, Model::Linear);
        assert_eq!(
            s.balances.0.iter().map(|b| b.1).collect::<Vec<_>>(),
            [330, -290, 190, -230]
        );
        assert_eq!(s.transfers.len(), 3);
    }

    #[test]
    fn pairs_that_cancel_settle_apart() {
        // Anna owes Ben what Cara owes Dirk: two transfers, not three.
        let s = check(&[-5, 5, -7, 7], 10, Model::Linear);
        assert_eq!(s.transfers.len(), 2, "{s:?}");
    }

    #[test]
    fn a_sheet_not_summing_to_zero_is_settled_against_its_average() {
        // Plus-only: 10, 0, 5, 0 → average 3.75.
        let s = check(&[10, 0, 5, 0], 1, Model::Linear);
        let b: Vec<i64> = s.balances.0.iter().map(|b| b.1).collect();
        assert_eq!(b.iter().sum::<i64>(), 0);
        assert_eq!(b, [7, -4, 1, -4], "{s:?}");
    }

    #[test]
    fn everyone_pays_the_leader_and_tied_leaders_share() {
        let s = check(&[20, 5, -10, -15], 10, Model::Leader);
        assert_eq!(
            s.balances.0.iter().map(|b| b.1).collect::<Vec<_>>(),
            [150 + 300 + 350, -150, -300, -350]
        );
        assert!(s.transfers.iter().all(|t| t.to == "Anna"));
        let s = check(&[10, 10, 0, -20], 1, Model::Leader);
        assert_eq!(
            s.balances.0.iter().map(|b| b.1).collect::<Vec<_>>(),
            [20, 20, -10, -30]
        );
    }

    #[test]
    fn amounts_that_do_not_fit_are_refused() {
        assert_eq!(
            settle(&names(2), &[i64::MAX, -i64::MAX], 2, Model::Linear),
            Err(SettleError::TooLarge(2))
        );
        assert!(settle(&names(2), &[1, -1], 0, Model::Linear).is_err());
    }

    #[test]
    fn at_most_one_transfer_fewer_than_players() {
        // Every split of six balances: never more than five transfers, and exactly the
        // fewest where groups cancel.
        for seed in 0..200i64 {
            let mut p: Vec<i64> = (0..5).map(|k| (seed * 7 + k * 13) % 11 - 5).collect();
            p.push(-p.iter().sum::<i64>());
            check(&p, 5, Model::Linear);
            check(&p, 5, Model::Leader);
        }
        let s = check(&[3, -3, 4, -4, 5, -5], 1, Model::Linear);
        assert_eq!(s.transfers.len(), 3, "{s:?}");
    }
}
