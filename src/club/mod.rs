//! What a club does with its sheets: settle money after an evening ([`settle`]).

pub mod settle;
