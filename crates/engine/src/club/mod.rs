//! What a club does with its sheets: settle money after an evening ([`settle`]).

pub mod draw;
pub mod rating;
pub mod settle;
pub mod stats;
pub mod tournament;
