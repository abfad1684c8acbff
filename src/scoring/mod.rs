//! From facts to points: one deal at a time ([`deal`]), then a sheet of deals ([`session`]).

pub mod deal;
pub mod session;
pub mod summary;

pub use deal::{DealResult, Goal, Item, Target, item_name, score_deal, score_deal_brief};
pub use session::{Session, Standing, game_end, leaders};
pub use summary::Summary;
