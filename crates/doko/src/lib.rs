//! `doko` scores Doppelkopf: paper sheets and full deal records, under rule profiles.
//!
//! # Entry points
//!
//! A front end (the `doko` command, the Python package, a page) needs these; the rest of the
//! crate is what they are built from. The file formats are specified in `docs/formats.md`.
//!
//! * [`variant::Profile::load`]: a rule profile, built-in or a file, with `--set` overrides.
//! * [`engine::score`]: `doko score`: every deal of the files, written as a sheet, a stream
//!   or a summary ([`engine::ScoreAsk`]).
//! * [`engine::compare`]: `doko compare`: the same deals under several profiles.
//! * [`league::file::append`] and [`league::evaluate`]: a league sheet kept deal by deal.
//! * [`game::Game`]: one deal played step by step (legal actions, apply, undo, what each
//!   player observes).
//! * [`Error`]: every error, with its place, in every language ([`lang::Lang`]).
//!
//! # The crate's face
//!
//! Ten modules, one topic each: [`variant`] (profiles), [`deal`] (records as read:
//! sheets, record files, archives), [`machine`] (the deal machine: a profile compiled into
//! masks and tables, a deal stepped by them), [`game`] (a deal played step by step, and
//! [`game::generate`], random deals for research and tests), [`scoring`] (a deal's value
//! and a session's fold), [`engine`] (files in, scored deals out: the one entry every
//! front end calls, [`engine::api`] for bindings and [`engine::freedoko`] for FreeDoko's
//! party files), [`league`] (a league sheet), [`club`] (settling, seasons, tournaments,
//! ratings), [`render`] (tables, CSV, JSON, pages and the report types they write) and
//! [`lang`] (the message catalogue). The words of a deal are at the top: [`Card`],
//! [`Suit`], [`Rank`], [`Contract`], [`Party`], [`SoloKind`], [`Call`], [`Extra`], [`Bid`];
//! so are [`PlayDeals`] (a sheet's or a record file's deals, played through a profile) and
//! [`name_of`] (a file's name as shown).
//!
//! This crate is the face of the workspace's floors (`crates/`): `doko-words` (the
//! catalogues, names, limits, random numbers), `doko-rules` (cards, contracts, extras,
//! profiles, the seating and the deal machine), `doko-records` (sheets, records and
//! archives), `doko-play` (the play, the scoring, the game) and `doko-engine` (leagues,
//! clubs, comparison, rendering, the engine). Each depends only on those below it; their
//! other modules are theirs and not re-exported here.
//!
//! A profile, by name or from a file, with overrides:
//!
//! ```
//! use doko::variant::{DEFAULT_PROFILE, Profile};
//!
//! let sets = [("scoring.won".to_string(), "2".to_string())];
//! let profile = Profile::load(DEFAULT_PROFILE, &sets).unwrap();
//! assert_eq!(profile.name, DEFAULT_PROFILE);
//! assert_eq!(profile.value_of("scoring.won"), Some("2"));
//! ```
//!
//! `doko score`, as the command and the Python package call it:
//!
//! ```
//! use doko::engine::{Choice, Files, FlagRole, ScoreAsk, choose_profile};
//! use doko::engine::{InputFormat, Source};
//! use doko::lang::Lang;
//! use doko::render::Format;
//!
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,re_calls\nre,kontra,re,kontra,134,re\n";
//! let mut files = Files::from_source(Source::from_text("sheet.csv", sheet, InputFormat::Csv));
//! let parsed = files.parse().unwrap();
//! let choice = Choice { variant: None, sets: &[], role: FlagRole::Overrides };
//! let profile = choose_profile(&choice, &parsed.named()).unwrap();
//! let ask = ScoreAsk {
//!     summary: false,
//!     format: Format::Csv,
//!     explain: false,
//!     jobs: 1,
//!     keep_going: false,
//!     lang: Lang::En,
//! };
//! let mut out = Vec::new();
//! let bad = doko::engine::score(parsed, &profile, &ask, &mut out, &mut |_| Ok(()), &|| {})
//!     .unwrap();
//! assert_eq!(bad, 0);
//! assert!(String::from_utf8(out).unwrap().starts_with("deal,"));
//! ```
//!
//! `doko compare`: one deal under two profiles, as JSON:
//!
//! ```
//! use doko::engine::CompareAsk;
//! use doko::engine::{InputFormat, Source};
//! use doko::variant::Profile;
//!
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,re_calls\nre,kontra,re,kontra,134,re\n";
//! let source = Source::from_text("sheet.csv", sheet, InputFormat::Csv);
//! let profiles = vec![
//!     Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap(),
//!     Profile::load("ja-online", &[]).unwrap(),
//! ];
//! let ask = CompareAsk {
//!     summary: false,
//!     format: doko::render::Format::Json,
//!     explain: false,
//!     only_diff: false,
//!     jobs: 1,
//!     lang: doko::lang::Lang::En,
//! };
//! let mut out = Vec::new();
//! let bad = doko::engine::compare(source, profiles, &ask, &mut out, &mut |_, _| {}).unwrap();
//! assert_eq!(bad, 0);
//! let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(json["variants"][1], "ja-online");
//! ```
//!
//! A league sheet read and evaluated (what `league show` prints):
//!
//! ```
//! let text = "variant = \"ddv\"\nplayers = [\"Anna\", \"Ben\", \"Cara\", \"Dirk\"]\n\n\
//!             [[deal]]\nre = [\"Anna\", \"Cara\"]\nre_points = 134\n";
//! let league = doko::league::evaluate("friday.toml", text, None).unwrap();
//! assert_eq!(league.session.totals, [1, -1, 1, -1]);
//! ```
//!
//! A deal played step by step:
//!
//! ```
//! use doko::game::Game;
//! use doko::variant::Profile;
//!
//! let profile = Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap();
//! let mut game = Game::new(&profile, None, 3, 7, None).unwrap();
//! while !game.is_over() {
//!     let first = game.legal_actions()[0];
//!     game.apply(first).unwrap();
//! }
//! let points = game.returns().unwrap().unwrap();
//! assert_eq!(points.iter().sum::<i64>(), 0);
//! ```
//!
//! An error, in the reader's language:
//!
//! ```
//! use doko::lang::Lang;
//! use doko::variant::Profile;
//!
//! let e = Profile::load("no-such-profile", &[]).unwrap_err();
//! assert!(e.render(Lang::En).contains("no-such-profile"));
//! ```
//!
//! # How data flows
//!
//! Data flows one way: input file -> records ([`deal`]) -> with a [`variant::Profile`],
//! play facts ([`game::play`]) -> an itemised score ([`scoring`]) -> a session fold. Every rule
//! difference between rule systems is a field of the profile.
//!
//! ```
//! use doko::engine::{Document, InputFormat};
//! use doko::scoring::score_deal;
//! use doko::variant::Profile;
//!
//! // Only Kontra was called and the eyes split 120:120: Re wins (docs/rules.md §10, example 13).
//! let sheet = "Anna,Ben,Cara,Dirk,re_points,kontra_calls\nre,kontra,re,kontra,120,kontra\n";
//! let doc = Document::from_text("sheet.csv", InputFormat::Csv, sheet);
//! let profile = Profile::load(doko::variant::DEFAULT_PROFILE, &[]).unwrap();
//! let input = doc.open().unwrap();
//! let facts = input.deals(&profile).next().unwrap().unwrap();
//! let result = score_deal(&facts, &profile);
//! assert_eq!(result.scores, [3, -3, 3, -3]);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The face: the floors' public modules and types, and nothing of its own. The floors are
// the workspace's crates below this one (`crates/`); each depends only on those below it.
pub use doko_engine::{club, engine, league, render};
pub use doko_play::{game, scoring};
pub use doko_records::deal;
pub use doko_rules::{machine, variant};
pub use doko_words::lang;

pub use doko_engine::error::{Error, localized};
pub use doko_play::play::PlayDeals;
pub use doko_rules::bids::Bid;
pub use doko_rules::calls::{Call, PartyCalls};
pub use doko_rules::cards::{Card, Rank, Suit};
pub use doko_rules::contract::{Contract, Party, SoloKind};
pub use doko_rules::extras::Extra;
pub use doko_words::files::name_of;
pub use doko_words::{msg, tr};
