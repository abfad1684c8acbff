//! One file per subcommand.

pub mod compare;
pub mod score;
pub mod variants;
