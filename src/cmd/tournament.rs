//! `doko tournament new/draw/show`: the library's tournament, rendered.

use std::process::ExitCode;

use anyhow::Result;
use doko::club::tournament::{self, Ranking, Tournament};
use doko::render::tournament as render;

use crate::cli::{PlanFormat, RankingArg, ShowFormat, TournamentCommand};

pub fn run(cmd: &TournamentCommand) -> Result<ExitCode> {
    match cmd {
        TournamentCommand::New {
            file,
            players,
            players_file,
            teams,
            rounds,
            deals,
            variant,
            ranking,
            seed,
            name,
            sets,
        } => {
            let teams = match teams {
                Some(f) => tournament::read_teams(f)?,
                None => Vec::new(),
            };
            let players = match players_file {
                Some(f) => tournament::read_players(f)?,
                None if !teams.is_empty() => teams.iter().flat_map(|t| t.players.clone()).collect(),
                None => players.iter().map(|p| p.trim().to_string()).collect(),
            };
            let ranking = match ranking {
                RankingArg::Sum => Ranking::Sum,
                RankingArg::Average => Ranking::Average,
                RankingArg::Placement => Ranking::Placement,
                RankingArg::Seeger => Ranking::Seeger,
            };
            let t = tournament::create(
                file,
                &tournament::NewTournament {
                    name: name.as_deref().unwrap_or(""),
                    variant,
                    sets,
                    players: &players,
                    rounds: *rounds,
                    deals: *deals,
                    ranking,
                    seed: *seed,
                    teams: &teams,
                },
            )?;
            crate::emit_text(&render::created(file, &t, crate::lang()))?;
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::Draw { file, format } => {
            // As long as `league add` waits for a sheet (`DOKO_LOCK_WAIT`).
            let (t, round) = tournament::draw_round(
                file,
                super::league::patience(),
                &mut super::league::waiting,
            )?;
            let out = match format {
                PlanFormat::Json => {
                    serde_json::to_string_pretty(&tournament::Drawn::new(
                        &round,
                        t.repeated_pairings(),
                    ))? + "\n"
                }
                PlanFormat::Table => render::plan_text(&t, &round, crate::lang()),
                PlanFormat::Html => render::plan_page(&t, &round, crate::lang()),
            };
            crate::emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::Show { file, format } => {
            let t = Tournament::read(file)?;
            let s = tournament::standings(&t);
            if let Some(e) = s.unreadable_table(file) {
                return Err(e.into());
            }
            let out = match format {
                ShowFormat::Json => serde_json::to_string_pretty(&s)? + "\n",
                ShowFormat::Csv => render::standings_csv(&s)?,
                ShowFormat::Table => render::standings_text(&s, false, crate::lang()),
                ShowFormat::Markdown => render::standings_text(&s, true, crate::lang()),
                ShowFormat::Html => render::standings_page(&s, crate::lang()),
            };
            crate::emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
