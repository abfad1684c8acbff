//! The records of doko: paper sheets, full records and archives, read and written
//! (`deal`), and the input formats that reach them (`input`).
//!
//! A floor of the workspace: it depends only on the floors below it. Front ends use the
//! `doko` crate, its face.

#![forbid(unsafe_code)]

// The floors below, by the names the modules of this one use (`crate::lang`, ...).
use doko_rules::{bids, calls, cards, contract, extras, seating, variant};
use doko_words::{chars, lang, limits, msg, recent, toml_de, toml_syntax, words};

pub mod deal;
