//! `doko` scores Doppelkopf: paper sheets and full deal records, under rule profiles.
//!
//! Data flows one way: input file -> records ([`deal`]) -> with a [`variant::Profile`],
//! play facts ([`play`]) -> an itemised score ([`scoring`]) -> a session fold. Every rule
//! difference between rule systems is a field of the profile.
//!
//! ```
//! use doko::input::{Document, InputFormat};
//! use doko::scoring::score_deal;
//! use doko::variant::Profile;
//!
//! // Only Kontra was called and the eyes split 120:120: Re wins (docs/rules.md §10, example 13).
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,kontra_calls\nre,kontra,re,kontra,120,kontra\n";
//! let doc = Document::from_text("sheet.csv", InputFormat::Csv, sheet);
//! let profile = Profile::load("ddv", &[]).unwrap();
//! let input = doc.open().unwrap();
//! let facts = input.deals(&profile).next().unwrap().unwrap();
//! let result = score_deal(&facts, &profile);
//! assert_eq!(result.scores, [3, -3, 3, -3]);
//! ```

#![forbid(unsafe_code)]

pub mod bids;
pub mod calls;
pub mod cards;
pub mod compare;
pub mod contract;
pub mod deal;
pub mod extras;
pub mod generate;
pub mod input;
pub mod league;
pub mod play;
mod recent;
pub mod report;
pub mod scoring;
pub mod seating;
pub mod stream;
pub mod variant;

/// Finds `word` (case-insensitive, `_` read as `-`) in a table of canonical names and
/// aliases; the error lists the canonical names.
pub(crate) fn lookup<T: Copy>(
    table: &[(&str, T, &[&str])],
    word: &str,
    what: &str,
) -> Result<T, String> {
    // Compared byte by byte (names are ASCII): no allocation for a word read by the million.
    let key = word.trim().as_bytes();
    let same = |name: &str| {
        name.len() == key.len()
            && name.bytes().zip(key).all(|(n, &k)| {
                n == match k {
                    b'_' => b'-',
                    k => k.to_ascii_lowercase(),
                }
            })
    };
    table
        .iter()
        .find(|(n, _, aliases)| same(n) || aliases.iter().any(|a| same(a)))
        .map(|(_, v, _)| *v)
        .ok_or_else(|| {
            let known: Vec<&str> = table.iter().map(|(n, _, _)| *n).collect();
            format!(
                "unknown {what} `{}` (known: {})",
                word.trim(),
                known.join(", ")
            )
        })
}
