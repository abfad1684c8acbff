//! The house of doko: leagues, clubs and tournaments, the comparison of profiles, the
//! rendering of every answer, and the engine the front ends call (`engine`).
//!
//! A floor of the workspace: it depends only on the floors below it. Front ends use the
//! `doko` crate, its face.

#![forbid(unsafe_code)]

// The floors below, by the names the modules of this one use (`crate::lang`, ...).
use doko_play::input;
use doko_play::{game, play, scoring, stream};
use doko_records::deal;
use doko_rules::{calls, cards, contract, extras, machine, seating, variant};
use doko_words::{chars, files, lang, limits, msg, rng, toml_de, toml_syntax, tr};

pub mod club;
pub mod compare;
pub mod engine;
pub mod error;
pub mod league;
pub mod render;
pub mod report;
