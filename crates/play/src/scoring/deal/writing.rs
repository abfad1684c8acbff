//! How a deal's value is written on the sheet and shared among the seats (docs/rules.md
//! §7.4, §12).

use super::{Counting, DealFacts, Party, Profile};

/// How the value is written (docs/rules.md §7.4, §12): the sheet and whether a lone
/// player's opponents write three times too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Writing {
    /// How a solo is written on the sheet.
    pub sheet: Counting,
    /// Whether a solo always counts three times.
    pub solo_triple_always: bool,
}

impl Writing {
    /// The writing of profile `p`.
    pub fn of(p: &Profile) -> Writing {
        Writing {
            sheet: p.scoring.sheet,
            solo_triple_always: p.scoring.solo_triple_always,
        }
    }
}

/// Zero-sum sheet: each player of a party gets the party's value; a lone player gets it
/// once for each opponent (docs/rules.md §7.4). Plus-only and minus-only sheets keep the
/// writing side's entries; a lone player's opponents write as much as she would where
/// `solo_triple_always` says so. Seats that sit out get 0. Written into `out` (emptied
/// first).
pub(super) fn seat_scores(
    facts: &DealFacts,
    re_value: i32,
    multiplier: u32,
    writing: Writing,
    out: &mut Vec<i64>,
) {
    let sheet = writing.sheet;
    let [re, kontra] = facts.sizes().map(|n| n as i64);
    let v = re_value as i64 * multiplier as i64;
    let one_sided = matches!(sheet, Counting::PlusOnly | Counting::MinusOnly);
    let (re_each, kontra_each) = if sheet == Counting::PlusEach {
        (v, -v)
    } else if re == 1 && kontra > 1 {
        let each = if one_sided && writing.solo_triple_always {
            -v * kontra
        } else {
            -v
        };
        (v * kontra, each)
    } else if kontra == 1 && re > 1 {
        let each = if one_sided && writing.solo_triple_always {
            v * re
        } else {
            v
        };
        (each, -v * re)
    } else {
        (v, -v)
    };
    // Plus-only: only the side that scores writes its points; minus-only: only the side
    // that loses.
    let written = |v: i64| match sheet {
        Counting::ZeroSum => v,
        Counting::PlusOnly | Counting::PlusEach => v.max(0),
        Counting::MinusOnly => v.min(0),
    };
    out.clear();
    out.extend(facts.roles.iter().map(|r| match r.party() {
        Some(Party::Re) => written(re_each),
        Some(Party::Kontra) => written(kontra_each),
        None => 0,
    }));
}
