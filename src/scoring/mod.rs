//! From facts to points: one deal at a time ([`deal`]), then a sheet of deals ([`session`]).

pub mod deal;
pub mod session;

pub use deal::{DealResult, Goal, Item, Target, score_deal};
pub use session::{Session, Standing};
