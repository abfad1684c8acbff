//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use doko::input::InputFormat;

#[derive(Debug, Parser)]
#[command(
    name = "doko",
    version,
    about = "Score Doppelkopf deals under configurable rule profiles"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score deals from paper sheets (CSV) or deal records (TOML).
    Score(ScoreArgs),
    /// Score the same deals under several profiles side by side.
    Compare(CompareArgs),
    /// List, print or check rule profiles.
    #[command(subcommand)]
    Variants(VariantsCommand),
}

#[derive(Debug, Subcommand)]
pub enum VariantsCommand {
    /// The built-in profiles and those in the user's folder.
    List,
    /// Print a profile as TOML (built-in name, user profile name or path).
    Show {
        #[arg(value_name = "NAME|PATH")]
        name: String,
        /// Print every key, with `extends` resolved, instead of the file as written.
        #[arg(long)]
        resolved: bool,
    },
    /// Check a profile file: unknown keys, wrong types, sizes that do not fit.
    Check {
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// Options shared by every scoring command.
#[derive(Debug, Clone, Args)]
pub struct ProfileArgs {
    /// Rule profile: a built-in name or a path to a .toml profile [default: the file's
    /// `variant`, else ddv].
    #[arg(long, value_name = "NAME|PATH")]
    pub variant: Option<String>,
    /// Override one profile key, e.g. `--set extras.fox=0` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
    pub sets: Vec<(String, String)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Csv,
    Json,
    Markdown,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// Sheets (.csv) or record files (.toml); `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// List every scoring item of each deal and the rule it comes from.
    #[arg(long)]
    pub explain: bool,
    /// Read inputs as this format whatever their extension (csv, toml).
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub input_format: Option<InputFormat>,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// A sheet (.csv) or record file (.toml); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Profiles to compare, by name or path, separated by commas.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', required = true, num_args = 1..)]
    pub variants: Vec<String>,
    /// Override one key in every profile, e.g. `--set extras.fox=0` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
    pub sets: Vec<(String, String)>,
    /// Show only the deals on which the profiles disagree.
    #[arg(long)]
    pub only_diff: bool,
    /// List each profile's scoring items side by side.
    #[arg(long)]
    pub explain: bool,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub input_format: Option<InputFormat>,
}

fn parse_set(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not KEY=VALUE"))?;
    Ok((k.trim().to_string(), v.trim().to_string()))
}

fn parse_input_format(s: &str) -> Result<InputFormat, String> {
    s.parse()
}
