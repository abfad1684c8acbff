//! The bottom floor of doko: the words of the three catalogues (`msg!`, `tr!`), the
//! helpers of names and cells, the limits, the random numbers, the TOML reading helpers.
//!
//! A floor of the workspace: it depends only on the floors below it. Front ends use the
//! `doko` crate, its face.

#![forbid(unsafe_code)]

pub mod chars;
pub mod files;
pub mod lang;
pub mod limits;
pub mod recent;
pub mod rng;
pub mod toml_de;
pub mod toml_syntax;
pub mod words;
