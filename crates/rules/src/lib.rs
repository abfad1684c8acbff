//! The rules of doko: the cards, contracts, calls, extras and bids, the rule profiles
//! (`variant`), the seating, and the deal machine compiled from a profile (`machine`).
//!
//! A floor of the workspace: it depends only on the floors below it. Front ends use the
//! `doko` crate, its face.

#![forbid(unsafe_code)]

// The floors below, by the names the modules of this one use (`crate::lang`, ...).
use doko_words::{chars, files, lang, limits, msg, toml_de, toml_syntax, words};

pub mod bids;
pub mod calls;
pub mod cards;
pub mod contract;
pub mod extras;
pub mod machine;
pub mod seating;
pub mod variant;
