//! One file per subcommand.

pub mod score;
