//! The play of doko: a record played through the rules (`play`), its score (`scoring`),
//! a game move by move with its generator (`game`), and archives scored as a stream
//! (`stream`).
//!
//! A floor of the workspace: it depends only on the floors below it. Front ends use the
//! `doko` crate, its face.

#![forbid(unsafe_code)]

// The floors below, by the names the modules of this one use (`crate::lang`, ...).
use doko_records::deal;
use doko_rules::{bids, calls, cards, contract, extras, machine, seating, variant};
use doko_words::{files, lang, limits, msg, recent, rng, tr};

pub mod game;
pub mod input;
pub mod play;
pub mod scoring;
pub mod stream;
