//! One file per subcommand.

pub mod score;
pub mod variants;
