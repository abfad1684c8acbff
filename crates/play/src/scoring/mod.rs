//! From facts to points: one deal at a time ([`deal`]), then a sheet of deals ([`session`]).

pub mod deal;
pub mod session;
pub mod summary;

pub use deal::{DealResult, Goal, Item, Target, item_name, score_deal, score_deal_brief};
pub use session::{Session, Standing, game_end, leaders};
pub use summary::Summary;

/// A Bock round: the deal that started it (its number), what started it, and the deals it
/// has left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct BockRound {
    /// The deal that started the rounds.
    pub deal: usize,
    /// What started them.
    pub trigger: crate::variant::BockTrigger,
    #[serde(skip)]
    /// Bock deals left.
    pub left: u32,
}
