//! One file per subcommand.

pub mod compare;
pub mod league;
pub mod score;
pub mod variants;
