//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use doko::engine::InputFormat;

#[derive(Debug, Parser)]
#[command(
    name = "doko",
    version,
    about = "Score Doppelkopf deals under configurable rule profiles"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The language of tables, explanations, messages and pages [default: from LC_ALL,
    /// LC_MESSAGES or LANG, else en]; json and csv are the same in every language.
    #[arg(long, global = true, value_enum, value_name = "LANG")]
    pub lang: Option<LangArg>,
}

/// `--lang`
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    De,
    Ja,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score deals: paper sheets (CSV), deal records (TOML), archives (CSV, JSON Lines).
    #[command(after_help = SCORE_EXAMPLES)]
    Score(ScoreArgs),
    /// Score the same deals under several profiles side by side.
    #[command(after_help = COMPARE_EXAMPLES)]
    Compare(CompareArgs),
    /// List, print or check rule profiles.
    #[command(subcommand, after_help = VARIANTS_EXAMPLES)]
    Variants(VariantsCommand),
    /// Random but legal full deals, the same for the same seed.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// What the best play would have given: every card of recorded deals, double dummy.
    #[command(after_help = ANALYZE_EXAMPLES)]
    Analyze(AnalyzeArgs),
    /// Keep a league sheet: a series of deals with standings, Bock and solo duty.
    #[command(subcommand, after_help = LEAGUE_EXAMPLES)]
    League(LeagueCommand),
    /// A season: every player's record over several evenings (league sheets, paper
    /// sheets, record files).
    #[command(after_help = STATS_EXAMPLES)]
    Stats(StatsArgs),
    /// Run a tournament of several tables: draw the rounds, rank the players.
    #[command(subcommand, after_help = TOURNAMENT_EXAMPLES)]
    Tournament(TournamentCommand),
    /// Read another program's files: FreeDoko's party files as a sheet and a profile.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Write deals for another program: a sheet or an archive as a FreeDoko party file.
    #[command(subcommand)]
    Export(ExportCommand),
    /// Serve a page for phones to keep league sheets at the table (add, undo, edit deals).
    #[command(after_help = SERVE_EXAMPLES)]
    Serve(ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one per subcommand into a folder.
    #[command(
        after_help = "Examples:\n  doko man > ~/.local/share/man/man1/doko.1\n  doko man --out ~/.local/share/man/man1   # doko.1, doko-score.1, doko-league-add.1 ..."
    )]
    Man {
        /// Write `doko.1` and a page for every subcommand into this folder.
        #[arg(long, value_name = "DIR")]
        out: Option<String>,
    },
}

const STATS_EXAMPLES: &str = "Examples:
  doko stats jan.toml feb.toml mar.toml                # league sheets of three evenings
  doko stats evenings/*.toml --format html > season.html
  doko stats evenings/*.toml --rating                  # each player's Elo rating over the deals
  doko stats jan.toml feb.toml mar.toml apr.toml --best 3   # a series: the best 3 of 4 evenings count";

/// `doko import`
#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// FreeDoko party files (`#!FreeDoko`, saved parties): their games as a sheet of
    /// summary records, their rules as a profile written beside it (`SHEET.profile.toml`,
    /// the sheet's `variant`); every game is scored and checked against FreeDoko's points.
    #[command(
        after_help = "Examples:\n  doko import freedoko ~/.FreeDoko/parties/friday --out friday.toml\n  doko score friday.toml --explain"
    )]
    Freedoko {
        /// Party files (of one rule set and one table of players).
        #[arg(required = true, value_name = "FILE", value_parser = file_arg())]
        files: Vec<String>,
        /// The sheet to write (never over an existing file); its profile is written
        /// beside it as SHEET.profile.toml.
        #[arg(long, value_name = "SHEET.toml")]
        out: String,
        /// Exit 1 where a game differs from FreeDoko's points or was left out (they are
        /// notes otherwise, and the import exits 0).
        #[arg(long)]
        check: bool,
    },
}

/// `doko export`
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// A sheet, record file or archive as a FreeDoko party file: the profile's rules as
    /// FreeDoko names them, a game summary a deal; doko's profile and what FreeDoko's
    /// summaries cannot say go in `# doko:` lines, which `doko import freedoko` reads back.
    #[command(
        after_help = "Examples:\n  doko export freedoko examples/evening.csv > evening.party\n  doko generate --deals 100 | doko export freedoko - --out games.party"
    )]
    Freedoko {
        /// The deals: sheets, record files or archives; `-` reads standard input.
        #[arg(required = true, value_name = "FILE", value_parser = file_arg())]
        files: Vec<String>,
        #[command(flatten)]
        profile: ProfileArgs,
        /// Write here instead of standard output (never over an existing file).
        #[arg(long, value_name = "PARTY")]
        out: Option<String>,
        /// Read inputs as this format whatever their extension (csv, toml, json, jsonl).
        #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
        input_format: Option<InputFormat>,
    },
}

/// `doko stats`
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The evenings, in order: league sheets, paper sheets (.csv) or record files.
    #[arg(required = true, value_name = "FILE", value_parser = file_arg())]
    pub files: Vec<String>,
    /// Output format; `html` is a page with every player's points over the evenings.
    #[arg(long, value_enum, default_value_t = ShowFormat::Table)]
    pub format: ShowFormat,
    /// The rules of evenings whose file names none (a paper sheet) [default: ddv].
    #[arg(long, value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true)]
    pub variant: Option<String>,
    /// A series counting each player's best N evenings (club series: "best N of M"):
    /// ranked by their sum.
    #[arg(long, value_name = "N", value_parser = ranged::<u16, 1, 65535>)]
    pub best: Option<u16>,
    /// Each player's Elo rating over the deals in order, party against party (docs/rules.md
    /// §14), instead of the season's table.
    #[arg(long)]
    pub rating: bool,
    /// The rating's K factor: the largest change of a deal for a player of a pair.
    #[arg(long, default_value_t = 16.0, requires = "rating", value_parser = |s: &str| doko::lang::numbers::decimal(s, crate::lang()))]
    pub rating_k: f64,
    /// Every player's rating before her first deal.
    #[arg(long, default_value_t = 1500.0, requires = "rating", value_parser = |s: &str| doko::lang::numbers::decimal(s, crate::lang()))]
    pub rating_start: f64,
}

const TOURNAMENT_EXAMPLES: &str = "Examples:
  doko tournament new cup.toml --players-file players.list --rounds 3 --seed 7
  doko tournament draw cup.toml                  # seats round 1, writes cup-r1-t1.toml ...
  doko league add cup-r1-t1.toml -r a,c -p 134   # each table keeps its sheet
  doko tournament show cup.toml --format html > standings.html";

/// `doko tournament`
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Start a tournament file (never over an existing file).
    #[command(
        after_help = "Examples:\n  doko tournament new cup.toml --players-file players.list --rounds 3 --seed 7\n  doko tournament new cup.toml --players Anna,Ben,Cara,Dirk,Eva,Finn,Gert,Hans --rounds 2 --variant club.toml\n  doko tournament new league-day.toml --teams teams.list --rounds 4"
    )]
    New {
        /// The tournament file to create; table sheets are written next to it.
        #[arg(value_name = "FILE", value_parser = file_arg())]
        file: String,
        /// The players (12 to 60 make a club tournament; any count of 4 or more but 6, 7
        /// and 11 can be seated).
        #[arg(long, value_delimiter = ',', num_args = 1.., required_unless_present_any = ["players_file", "teams"], conflicts_with_all = ["players_file", "teams"])]
        players: Vec<String>,
        /// A file with one player per line (blank lines and lines starting with # are
        /// skipped).
        #[arg(long, value_name = "FILE", value_parser = file_arg(), conflicts_with = "teams")]
        players_file: Option<String>,
        /// A team tournament: a file with one team per line, `Name: Anna, Ben, Cara, Dirk`
        /// (the same number of players each). Teammates never sit together; groups of four
        /// teams (in the file's order) play at their own tables and get match points
        /// 4/3/2/1.
        #[arg(long, value_name = "FILE", value_parser = file_arg())]
        teams: Option<String>,
        /// Rounds to play.
        #[arg(long, value_parser = ranged::<u32, 1, 50>)]
        rounds: u32,
        /// Deals per table and round [default: the profile's].
        #[arg(long, value_parser = ranged::<u16, 1, 65535>)]
        deals: Option<u16>,
        /// The rules of every table: a built-in profile or a path to one.
        #[arg(long, value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true, default_value = doko::variant::DEFAULT_PROFILE)]
        variant: String,
        /// What ranks first: total points, points per round, or placement points.
        #[arg(long, value_enum, default_value_t = RankingArg::Sum)]
        ranking: RankingArg,
        /// The seed of the draw: the same seed draws the same tables.
        #[arg(long, default_value_t = 0, value_parser = ranged::<u64, 0, { u64::MAX as i128 }>)]
        seed: u64,
        /// The tournament's name [default: the file name].
        #[arg(long)]
        name: Option<String>,
        /// Override one profile key for every table, e.g. `--set league.compulsory_solos=0`
        /// (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
        sets: Vec<(String, String)>,
    },
    /// Seat the next round: print the seating plan and write one league sheet per table.
    #[command(
        after_help = "Examples:\n  doko tournament draw cup.toml                   # seats the next round, writes its sheets\n  doko tournament draw cup.toml --format html > plan.html"
    )]
    Draw {
        /// The tournament file.
        #[arg(value_name = "FILE", value_parser = file_arg())]
        file: String,
        /// Output format; `html` is a page to print.
        #[arg(long, value_enum, default_value_t = PlanFormat::Table)]
        format: PlanFormat,
    },
    /// Standings over the rounds so far, from the tables' sheets as they are now.
    #[command(
        after_help = "Examples:\n  doko tournament show cup.toml\n  doko tournament show cup.toml --format html > standings.html"
    )]
    Show {
        /// The tournament file.
        #[arg(value_name = "FILE", value_parser = file_arg())]
        file: String,
        /// Output format; `html` is a page to print or project.
        #[arg(long, value_enum, default_value_t = ShowFormat::Table)]
        format: ShowFormat,
    },
}

/// `tournament new --ranking`
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RankingArg {
    Sum,
    Average,
    Placement,
    Seeger,
}

/// `tournament draw --format`
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlanFormat {
    Table,
    Json,
    Html,
}

const SERVE_EXAMPLES: &str = "Examples:
  doko serve abend.toml                     # http://127.0.0.1:8040/ on this computer only
  doko serve abend.toml --lan               # phones on the same network: scan the QR code
  doko serve tisch1.toml tisch2.toml --port 9000";

/// `doko serve`
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The league sheets to serve (made by `doko league new`).
    #[arg(required = true, value_name = "FILE", value_parser = file_arg())]
    pub files: Vec<String>,
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, short = 'p', default_value_t = 8040, value_parser = ranged::<u16, 0, 65535>)]
    pub port: u16,
    /// Listen on the local network, not only on this computer; every request must carry
    /// the secret token of the printed address (and QR code).
    #[arg(long)]
    pub lan: bool,
}

const COMPLETIONS_EXAMPLES: &str = "Examples:
  doko completions bash > ~/.local/share/bash-completion/completions/doko
  doko completions zsh > ~/.zfunc/_doko
  doko completions fish > ~/.config/fish/completions/doko.fish";

const SCORE_EXAMPLES: &str = "Examples:
  doko score examples/evening.csv                    # a paper sheet, with running totals
  doko score examples/evening.csv --explain          # ... and every item of every deal
  doko score examples/records.toml --variant ja-online --format json
  doko score archive.csv --summary --jobs 4          # a million deals, aggregated";

const COMPARE_EXAMPLES: &str = "Examples:
  doko compare examples/evening.csv --variants ddv,ja-online --only-diff
  doko compare examples/evening.csv --variants ddv,house-bock --explain
  doko compare archive.csv --variants ddv,ja-online,ja-classic --summary";

const GENERATE_EXAMPLES: &str = "Examples:
  doko generate --deals 1000 --seed 7 > archive.csv
  doko generate --deals 10 --variant ja-online --format toml";

const ANALYZE_EXAMPLES: &str = "Examples:
  doko analyze friday.toml
  doko generate --deals 40 | doko analyze - --format json > analysis.json";

const LEAGUE_ADD_EXAMPLES: &str = "Examples:
  export DOKO_LEAGUE=friday.toml
  doko league add -r a,c -p 134 -c re -x fox     # Anna and Cara Re, 134 eyes, Re called, a fox
  doko league add -g damensolo -P -r b -p 185    # Ben's compulsory queens solo
  doko league add -r anna,dirk -p 110 -C kontra -n 'Dirk misplayed'
  doko league add --record examples/deal.toml    # a full record of one deal";

const LEAGUE_EXAMPLES: &str = "Examples:
  doko league new friday.toml --players Anna,Ben,Cara,Dirk --variant ddv
  doko league add friday.toml -r a,c -p 134
  doko league show friday.toml --format html > friday.html
  doko league undo friday.toml";

const VARIANTS_EXAMPLES: &str = "Examples:
  doko variants list
  doko variants show ja-online > my-rules.toml
  doko variants check my-rules.toml";

#[derive(Debug, Subcommand)]
pub enum LeagueCommand {
    /// Start a league sheet.
    #[command(
        after_help = "Examples:\n  doko league new friday.toml --players Anna,Ben,Cara,Dirk\n  doko league new friday.toml --players Anna,Ben,Cara,Dirk,Eva --deals 16 --dealer Eva --variant ja-online"
    )]
    New {
        /// The sheet to create (never over an existing file).
        #[arg(value_name = "FILE", value_parser = file_arg())]
        file: String,
        /// The players in seat order, clockwise (4 to 7: at five the dealer sits out, at six also
        /// the player across, at seven the two across).
        #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
        players: Vec<String>,
        /// The rules: a built-in profile or a path to one (stored in the sheet).
        #[arg(long, value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true, default_value = doko::variant::DEFAULT_PROFILE)]
        variant: String,
        /// Deals in the series [default: the profile's, 24 for ddv, 16 for ja-online].
        #[arg(long, value_parser = ranged::<u16, 1, 65535>)]
        deals: Option<u16>,
        /// Who deals first [default: the last player].
        #[arg(long, value_name = "NAME")]
        dealer: Option<String>,
        /// The sheet's name [default: the file name].
        #[arg(long)]
        name: Option<String>,
        /// A round against the clock (TSR 8.5: 100 minutes), from the first deal added;
        /// stored as `league.minutes` in the sheet's `set`.
        #[arg(long, value_parser = ranged::<u16, 1, 1440>)]
        minutes: Option<u16>,
        /// Override one profile key for this sheet, e.g. `--set league.compulsory_solos=0`
        /// (repeatable; stored in the sheet).
        #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
        sets: Vec<(String, String)>,
    },
    /// End the round (TSR 8.6): no further normal deal; the compulsory solos still owed
    /// follow as forced solos.
    #[command(
        after_help = "Examples:\n  doko league close friday.toml                   # after 100 minutes\n  DOKO_LEAGUE=friday.toml doko league close"
    )]
    Close {
        /// The league sheet (or set DOKO_LEAGUE).
        #[arg(value_name = "FILE", value_parser = file_arg(), env = "DOKO_LEAGUE")]
        file: Option<String>,
    },
    /// Append one deal; the file is left untouched if the deal is invalid.
    #[command(after_help = LEAGUE_ADD_EXAMPLES)]
    Add(LeagueAddArgs),
    /// Change deal N of the sheet with the flags of `add`: the fields given change (an
    /// empty value, `-c ''`, clears one), the rest stay; every deal after it is recomputed.
    /// The file is left untouched if the sheet is invalid with the change.
    #[command(
        after_help = "Examples:\n  doko league edit friday.toml 7 -p 125              # deal 7: Re had 125 eyes\n  doko league edit friday.toml 3 -r a,d -x fox      # deal 3: Anna and Dirk Re, a fox\n  DOKO_LEAGUE=friday.toml doko league edit 5 -P=false  # deal 5 was no compulsory solo"
    )]
    Edit(LeagueEditArgs),
    /// Standings, the sheet, and what comes next.
    #[command(
        after_help = "Examples:\n  doko league show friday.toml\n  DOKO_LEAGUE=friday.toml doko league show --format html > friday.html"
    )]
    Show {
        /// The league sheet (or set DOKO_LEAGUE).
        #[arg(value_name = "FILE", value_parser = file_arg(), env = "DOKO_LEAGUE")]
        file: Option<String>,
        /// Output format; `html` is one self-contained page; `paper` is the sheet as a
        /// paper score sheet (CSV) that `score` and `stats` read back.
        #[arg(long, value_enum, default_value_t = LeagueShowFormat::Table)]
        format: LeagueShowFormat,
        /// With `--format html`: the list to print and sign (one A4 page, the DDV's
        /// Spielliste).
        #[arg(long)]
        print: bool,
    },
    /// Record a penalty after the last deal (TSR 9: the offender loses 3, each other
    /// player of the deal gets 1).
    #[command(
        after_help = "Examples:\n  doko league penalty friday.toml Anna                      # Anna -3, the others +1\n  doko league penalty friday.toml Ben --points 6 --note \"cards shown\"\n  DOKO_LEAGUE=friday.toml doko league penalty Cara"
    )]
    Penalty {
        /// The league sheet (or set DOKO_LEAGUE), then the offender.
        #[arg(value_name = "[FILE] PLAYER", num_args = 1..=2, required = true)]
        args: Vec<String>,
        /// Penalty points [default: the profile's league.penalty, 3].
        #[arg(long, value_parser = ranged::<u16, 1, { doko::league::MAX_PENALTY as i128 }>)]
        points: Option<u16>,
        /// What the penalty was for (shown on the sheet).
        #[arg(long)]
        note: Option<String>,
    },
    /// Drop the last entry: a deal or a penalty.
    #[command(
        after_help = "Examples:\n  doko league undo friday.toml                    # drops the last deal (or penalty), nothing else\n  DOKO_LEAGUE=friday.toml doko league undo"
    )]
    Undo {
        /// The league sheet (or set DOKO_LEAGUE).
        #[arg(value_name = "FILE", value_parser = file_arg(), env = "DOKO_LEAGUE")]
        file: Option<String>,
    },
    /// Who pays whom: each player's balance in cents and the fewest transfers.
    #[command(after_help = LEAGUE_SETTLE_EXAMPLES)]
    Settle {
        /// The league sheet (or set DOKO_LEAGUE).
        #[arg(value_name = "FILE", value_parser = file_arg(), env = "DOKO_LEAGUE")]
        file: Option<String>,
        /// Cents per point. (`-c` is `--re-calls` of `league add`; here it still works
        /// for this release and says so.)
        #[arg(long, short_alias = 'c', value_name = "N", value_parser = ranged::<i64, 1, { doko::club::settle::MAX_CENTS_PER_POINT as i128 }>)]
        cents_per_point: i64,
        /// The money of the tables' amounts [default: the sheet's profile's
        /// `league.currency`: EUR for ddv, JPY for the ja-* profiles, USD for kloepper; the
        /// language only formats it]; `--cents-per-point` is in its smallest unit (cents, or
        /// yen). CSV and JSON keep the smallest unit.
        #[arg(long, value_enum)]
        currency: Option<doko::render::league::Currency>,
        /// `linear`: points × cents (zero-sum); `leader`: everyone pays the leader per
        /// point behind.
        #[arg(long, value_enum, default_value_t = SettleModel::Linear)]
        model: SettleModel,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
}

const LEAGUE_SETTLE_EXAMPLES: &str = "Examples:
  doko league settle friday.toml --cents-per-point 10            # 10 cents a point
  doko league settle friday.toml --cents-per-point 5 --model leader  # everyone pays the leader
  doko league settle friday.toml --cents-per-point 10 --format json";

/// How points become money (`league settle --model`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SettleModel {
    Linear,
    Leader,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    Csv,
    Jsonl,
    Toml,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many deals (at least 1).
    #[arg(long, value_parser = ranged::<u64, 1, { i64::MAX as i128 }>)]
    pub deals: u64,
    /// The same seed gives the same deals, byte for byte.
    #[arg(long, default_value_t = 1, value_parser = ranged::<u64, 0, { u64::MAX as i128 }>)]
    pub seed: u64,
    /// Deals legal under this profile, with the contracts it allows.
    #[arg(long, value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true, default_value = doko::variant::DEFAULT_PROFILE)]
    pub variant: String,
    /// Override one profile key, e.g. `--set contracts.solos=false` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
    pub sets: Vec<(String, String)>,
    /// Output format: a CSV archive, JSON Lines, or TOML records.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Csv)]
    pub format: GenerateFormat,
    /// Seat names, clockwise (4 to 7; the dealer and the seats across sit out) [default:
    /// Anna,Ben,Cara,Dirk, and Eva where the profile's dealer only deals].
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// No progress line on a terminal (there is none in a pipe).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    Table,
    Csv,
    Json,
    Markdown,
    Html,
}

/// `league show --format`: the formats of `stats` and `tournament show`, and the paper sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LeagueShowFormat {
    Table,
    Csv,
    Json,
    Markdown,
    Html,
    Paper,
}

#[derive(Debug, Args)]
pub struct LeagueAddArgs {
    /// The league sheet (or set DOKO_LEAGUE).
    #[arg(value_name = "FILE", value_parser = file_arg(), env = "DOKO_LEAGUE")]
    pub file: Option<String>,
    /// Change one profile key of the sheet with this deal, e.g. `--set
    /// league.compulsory_solos=0` (repeatable; stored in the sheet, which is read anew
    /// under it).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
    pub sets: Vec<(String, String)>,
    #[command(flatten)]
    pub deal: DealFlags,
}

#[derive(Debug, Args)]
pub struct LeagueEditArgs {
    /// The league sheet and the deal's number (1 for the first); the sheet may come from
    /// DOKO_LEAGUE instead.
    #[arg(value_name = "FILE N", num_args = 1..=2, required = true)]
    pub args: Vec<String>,
    #[command(flatten)]
    pub deal: DealFlags,
}

/// A deal's flags, `league add`'s and `league edit`'s.
#[derive(Debug, Args)]
pub struct DealFlags {
    /// A full record (or summary) of the deal: a TOML file with one `[[deal]]`.
    #[arg(short = 'R', long, value_name = "DEAL.toml", conflicts_with_all = ["game", "re", "re_points", "kontra_points"])]
    pub record: Option<String>,
    /// The contract [default: normal]: wedding, solo-queens, damensolo, ...
    #[arg(short, long)]
    pub game: Option<String>,
    /// The players of the Re party, separated by commas; the first letters of a name are
    /// enough where no other player's name starts with them (`-r a,c`).
    #[arg(short, long, value_delimiter = ',', num_args = 1..)]
    pub re: Vec<String>,
    /// Re's eyes (card points).
    #[arg(short = 'p', long, value_name = "EYES", value_parser = ranged::<u16, 0, 65535>)]
    pub re_points: Option<u16>,
    /// Kontra's eyes, where the sheet writes those.
    #[arg(short = 'k', long, value_name = "EYES", value_parser = ranged::<u16, 0, 65535>)]
    pub kontra_points: Option<u16>,
    /// Re's highest call: re, no90, no60, no30, schwarz (also `keine 90`).
    #[arg(short = 'c', long, value_name = "CALL")]
    pub re_calls: Option<String>,
    /// Kontra's highest call: kontra, no90, no60, no30, schwarz.
    #[arg(short = 'C', long, value_name = "CALL")]
    pub kontra_calls: Option<String>,
    /// Re's extras, separated by commas or spaces: fox, karlchen, doppelkopf ...
    #[arg(short = 'x', long, value_name = "EXTRAS")]
    pub re_extras: Option<String>,
    /// Kontra's extras, separated by commas or spaces.
    #[arg(short = 'X', long, value_name = "EXTRAS")]
    pub kontra_extras: Option<String>,
    /// Tricks Re won (only to tell schwarz from 0 eyes with a trick of nines).
    #[arg(short = 't', long, value_name = "N", value_parser = ranged::<u8, 0, 255>)]
    pub re_tricks: Option<u8>,
    /// Tricks Kontra won.
    #[arg(short = 'T', long, value_name = "N", value_parser = ranged::<u8, 0, 255>)]
    pub kontra_tricks: Option<u8>,
    /// A compulsory solo (Pflichtsolo); `-P=false` in `edit` says it was none.
    #[arg(short = 'P', long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_name = "BOOL")]
    pub compulsory: Option<bool>,
    /// Kloepper: `re` (the black queens knocked) or `both` (and the opponents knocked back).
    #[arg(long, value_name = "WHO")]
    pub knock: Option<String>,
    /// A note kept with the deal, shown in every output.
    #[arg(short, long)]
    pub note: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum VariantsCommand {
    /// The built-in profiles and those in the user's folder.
    #[command(after_help = "Example:\n  doko variants list")]
    List,
    /// Print a profile as TOML (built-in name, user profile name or path).
    #[command(
        after_help = "Examples:\n  doko variants show ddv\n  doko variants show club.toml --resolved          # every key, extends followed"
    )]
    Show {
        /// A built-in name, a profile of the user's folder, or a path.
        #[arg(value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true)]
        name: String,
        /// Print every key, with `extends` resolved, instead of the file as written.
        #[arg(long)]
        resolved: bool,
    },
    /// Check a profile file: unknown keys, wrong types, sizes that do not fit.
    #[command(after_help = "Example:\n  doko variants check club.toml")]
    Check {
        /// The profile file to check.
        #[arg(value_name = "FILE", value_parser = file_arg())]
        file: String,
    },
}

/// A profile named on the command line: any name or path is taken as given (the library
/// reads it); the built-in names are its possible values, so that every shell's
/// completion offers them (bash offers files as well, see `doko completions`).
#[derive(Debug, Clone, Copy)]
pub struct ProfileArg;

impl clap::builder::TypedValueParser for ProfileArg {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            doko::variant::load::builtin_names().map(clap::builder::PossibleValue::new),
        ))
    }
}

/// Options shared by every scoring command.
#[derive(Debug, Clone, Args)]
pub struct ProfileArgs {
    /// Rule profile: a built-in name or a path to a .toml profile [default: the file's
    /// `variant`, else ddv].
    #[arg(long, value_name = "NAME|PATH", value_parser = ProfileArg, hide_possible_values = true)]
    pub variant: Option<String>,
    /// Override one profile key, e.g. `--set extras.fox=0` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_set)]
    pub sets: Vec<(String, String)>,
}

impl ProfileArgs {
    /// The profile these flags choose, over the one the files name.
    pub fn choice(&self) -> doko::engine::Choice<'_> {
        doko::engine::Choice {
            variant: self.variant.as_deref(),
            sets: &self.sets,
            role: doko::engine::FlagRole::Overrides,
        }
    }
}

pub use doko::render::Format;

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// Sheets or archives (.csv), record files (.toml), archives (.jsonl); `-` reads
    /// standard input.
    #[arg(required = true, value_name = "FILE", value_parser = file_arg())]
    pub files: Vec<String>,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// List every scoring item of each deal and the rule it comes from.
    #[arg(long)]
    pub explain: bool,
    /// Print aggregates (per player, per contract, per item) instead of a row per deal;
    /// memory stays the same for any number of deals.
    #[arg(long)]
    pub summary: bool,
    /// Report every bad deal with its line and reason, score the rest, exit 1 at the end.
    /// Without it a bad deal in an archive ends the run, and a sheet with bad deals is not
    /// scored.
    #[arg(long)]
    pub keep_going: bool,
    /// Threads that play the deals of an archive (default: every core). The output is the
    /// same for any number.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// Read inputs as this format whatever their extension (csv, toml, json, jsonl).
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub input_format: Option<InputFormat>,
    /// No progress line on a terminal (there is none in a pipe).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Deals with tricks: a record file (.toml, .json) or an archive (.csv, .jsonl); `-`
    /// reads standard input.
    #[arg(value_name = "FILE", value_parser = file_arg())]
    pub file: String,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Output format: a table for people (table, markdown) or json.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Positions the solver may search for one deal (0: no limit); a value it did not
    /// reach is shown as bounds.
    #[arg(long, value_name = "N", default_value_t = doko::engine::analyze::DEFAULT_LIMIT)]
    pub limit: u64,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// How a command reads its input: threads, the input's format, the progress line.
#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Threads that work on the deals (default: every core); the output is the same.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// Read the input as this format whatever its extension (csv, toml, json, jsonl).
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub input_format: Option<InputFormat>,
    /// No progress line on a terminal (there is none in a pipe).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// A sheet (.csv) or record file (.toml); `-` reads standard input.
    #[arg(value_name = "FILE", value_parser = file_arg())]
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
    /// Aggregates per profile instead of a block per deal; each deal is read once and
    /// archives are streamed.
    #[arg(long)]
    pub summary: bool,
    /// List each profile's scoring items side by side.
    #[arg(long)]
    pub explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Threads that play the deals of an archive (default: every core). The output is the
    /// same for any number.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// Read the input as this format whatever its extension (csv, toml, json, jsonl).
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub input_format: Option<InputFormat>,
}

/// A file to read, by its name as shown (one not UTF-8 is escaped: `doko::name_of`).
fn file_arg() -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().map(|s: std::ffi::OsString| doko::name_of(&s))
}

fn parse_set(s: &str) -> Result<(String, String), String> {
    doko::variant::parse_set(s).map_err(|e| e.render(crate::lang()))
}

fn parse_input_format(s: &str) -> Result<InputFormat, String> {
    s.parse()
        .map_err(|e: doko::lang::Text| e.render(crate::lang()))
}

/// `--jobs N`: from 1 to [`doko::engine::MAX_JOBS`].
fn parse_jobs(s: &str) -> Result<std::num::NonZeroUsize, String> {
    let max = doko::engine::MAX_JOBS;
    s.trim()
        .parse::<std::num::NonZeroUsize>()
        .ok()
        .filter(|n| n.get() <= max)
        .ok_or_else(|| {
            doko::tr!(
                crate::lang(),
                "cli.not_in_range",
                value = s,
                min = 1,
                max = max
            )
        })
}

/// A whole number from `MIN` to `MAX`, refused in the reader's language.
fn ranged<T: TryFrom<i128>, const MIN: i128, const MAX: i128>(s: &str) -> Result<T, String> {
    let n = doko::lang::numbers::whole(s, MIN, MAX, crate::lang())?;
    T::try_from(n).map_err(|_| {
        doko::tr!(
            crate::lang(),
            "cli.not_in_range",
            value = s,
            min = MIN,
            max = MAX
        )
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every option and argument of every subcommand says what it is for.
    #[test]
    fn every_option_has_a_description() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                if sub.get_about().is_none() {
                    missing.push(format!("{path} {} (the command)", sub.get_name()));
                }
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::Cli::command(), "doko", &mut missing);
        assert!(missing.is_empty(), "without a description: {missing:#?}");
    }

    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
