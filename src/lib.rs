//! `doko` scores Doppelkopf: paper sheets and full deal records, under rule profiles.
//!
//! Data flows one way: input file -> records ([`deal`]) -> with a [`variant::Profile`],
//! play facts ([`play`]) -> an itemised score ([`scoring`]) -> a session fold. Every rule
//! difference between rule systems is a field of the profile.

pub mod calls;
pub mod cards;
pub mod contract;
pub mod deal;
pub mod extras;
pub mod generate;
pub mod input;
pub mod play;
pub mod scoring;
pub mod variant;
