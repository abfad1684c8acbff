//! One file per subcommand.

pub mod analyze;
pub mod compare;
pub mod freedoko;
pub mod generate;
pub mod league;
pub mod man;
pub mod score;
pub mod stats;
pub mod tournament;
pub mod variants;
