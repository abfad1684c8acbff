//! FreeDoko's party files (docs/formats.md §12): read, imported as a doko sheet under a
//! profile made of the party's rules (`doko import freedoko`), and written back from any
//! sheet or archive (`doko export freedoko`). Written from the format's description and
//! doko's own fixtures, never from FreeDoko's code.

pub mod export;
pub mod import;
pub mod names;
pub mod party;
pub mod rules;

use crate::contract::Party as Side;
use crate::deal::RecordError;
use crate::engine::{Fold, Parsed, Step};
use crate::lang::Text;
use crate::msg;
use crate::variant::Profile;

pub use import::{Refused, Written};
pub use party::Team;

/// A game whose points or winner doko scores otherwise than FreeDoko did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The party file, FreeDoko's game number and its line.
    pub written: Written,
    /// doko's value after Bock.
    pub points: i64,
    /// doko's winner.
    pub winner: Team,
}

impl Difference {
    /// What differs, in no language yet.
    pub fn message(&self) -> Text {
        msg!(
            "freedoko.differs",
            game = self.written.game,
            points = self.written.points,
            winner = team_word(self.written.winner),
            doko_points = self.points,
            doko_winner = team_word(self.winner)
        )
    }
}

fn team_word(t: Team) -> Text {
    Text::msg(match t {
        Team::Re => "freedoko.team_re",
        Team::Contra => "freedoko.team_contra",
        Team::None => "freedoko.team_none",
    })
}

/// What `doko import freedoko` makes of party files.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The profile file's text (FreeDoko's rules as doko keys).
    pub profile: String,
    /// The sheet's text.
    pub sheet: String,
    /// Rules doko cannot express or does not know.
    pub warnings: Vec<Text>,
    /// Games left out, with the reason.
    pub refused: Vec<Refused>,
    /// Games written whose points or winner differ from FreeDoko's.
    pub differences: Vec<Difference>,
    /// Games written.
    pub games: usize,
}

/// A party file's error as a record error with its place.
fn placed(file: &str, e: party::PartyError) -> RecordError {
    let mut r = RecordError::new(file, e.message).line(e.line);
    if let Some(f) = e.field {
        r = r.field(&f);
    }
    r
}

/// The profile a party file's `# doko: profile = NAME` line names, as the profile made
/// from it extends it (None where there is no such line). A party file comes from
/// elsewhere: it names a built-in profile, or a file in its own folder (no `/`, no `..`),
/// read from there; anything else is refused without opening it, with the line.
fn profile_named_in(file: &str, party: &party::Party) -> Result<Option<String>, RecordError> {
    let Some(e) = party.doko.iter().find(|e| e.key == "profile") else {
        return Ok(None);
    };
    let name = e.value.as_str();
    if crate::variant::builtin_text(name).is_some() {
        return Ok(Some(name.to_string()));
    }
    let refuse = |key: &'static str| {
        Err(RecordError::new(file, Text::msg(key).with("profile", name.to_string())).line(e.line))
    };
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with("..") || name == "." {
        return refuse("freedoko.profile_elsewhere");
    }
    // The file beside the party file, by its full path (the made profile lives beside the
    // sheet, which may be in another folder).
    let dir = std::path::Path::new(file)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    match std::fs::canonicalize(dir.join(name)) {
        Ok(path) if path.is_file() => Ok(Some(path.to_string_lossy().into_owned())),
        _ => refuse("freedoko.profile_missing"),
    }
}

/// The profile of the parties: doko's own where the file says it was written by doko
/// (`# doko: profile = NAME`, its `set` lines), else FreeDoko's rules mapped.
fn profile_text(
    file: &str,
    party: &party::Party,
    (name, base): (&str, Option<String>),
) -> (String, Vec<Text>, bool) {
    let from_doko = party.doko.iter().find(|e| e.key == "profile");
    let mut out = format!(
        "# Made by `doko import freedoko` from {}: FreeDoko's rules as doko keys; a rule\n# doko cannot express is named in the import's warnings (docs/formats.md §12).\n",
        file.replace('\n', " ")
    );
    let (base, keys, warnings) = match from_doko {
        Some(_) => {
            let sets: Vec<(String, String)> = party
                .doko
                .iter()
                .filter(|e| e.key == "set")
                .filter_map(|e| {
                    e.value
                        .split_once('=')
                        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                })
                // The value as `--set` reads it: TOML, else a string.
                .map(|(k, v)| (k, crate::variant::set_value(&v).to_string()))
                .collect();
            (base.unwrap_or_default(), sets, Vec::new())
        }
        None => {
            let m = rules::map(&party.rules);
            (
                crate::variant::DEFAULT_PROFILE.to_string(),
                m.keys,
                m.warnings,
            )
        }
    };
    out.push_str(&format!(
        "extends = {}\nname = {}\ntitle = {}\nsource = {}\n",
        import::quoted(&base),
        import::quoted(name),
        import::quoted(&format!("FreeDoko: {file}")),
        import::quoted(&format!("FreeDoko: {file}")),
    ));
    let mut sections: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for (k, v) in &keys {
        let (section, key) = k.split_once('.').unwrap_or(("", k));
        match sections.iter_mut().find(|(s, _)| *s == section) {
            Some((_, list)) => list.push((key, v)),
            None => sections.push((section, vec![(key, v)])),
        }
    }
    for (section, list) in sections {
        out.push_str(&format!("\n[{section}]\n"));
        for (k, v) in list {
            out.push_str(&format!("{k} = {v}\n"));
        }
    }
    (out, warnings, from_doko.is_some())
}

/// Imports party files (`(name, text)` each) as a sheet whose `variant` is
/// `profile_file` (the profile's path from the sheet's folder), the profile named
/// `profile_name`. Every game is scored after the import and checked against FreeDoko's
/// points and winner; a game doko refuses is left out with the reason.
pub fn import(
    files: &[(String, String)],
    profile_file: &str,
    profile_name: &str,
) -> Result<Imported, crate::error::Error> {
    let parties = files
        .iter()
        .map(|(f, text)| {
            party::parse(text)
                .map(|p| (f.clone(), p))
                .map_err(|e| placed(f, e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let Some((first_file, first)) = parties.first() else {
        return Err(msg!("freedoko.no_file").into());
    };
    for (f, p) in &parties[1..] {
        let rules = |p: &party::Party| -> Vec<(String, String)> {
            p.rules
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect()
        };
        if rules(p) != rules(first) || p.doko != first.doko {
            return Err(RecordError::new(
                f,
                msg!("freedoko.other_rules", first = first_file.clone()),
            )
            .into());
        }
    }
    let names: Vec<&str> = files.iter().map(|(f, _)| f.as_str()).collect();
    // The profile names the files without their folders.
    let base_names: Vec<&str> = names
        .iter()
        .map(|f| f.rsplit(['/', '\\']).next().unwrap_or(f))
        .collect();
    let base = profile_named_in(first_file, first)?;
    let (profile, warnings, from_doko) =
        profile_text(&base_names.join(", "), first, (profile_name, base));
    let rules = Profile::from_text(profile_file, &profile, &[])?;
    let hand = u8::try_from(rules.hand_size()).unwrap_or(12);
    let mut written = import::sheet(&parties, hand, from_doko)?;
    // Deals doko's checks refuse go out with the reason, and the rest is read again.
    // Deals doko's checks refuse go out with the reason. A bad deal is passed over as it
    // is scored, so those after it are judged without it: one pass finds them all.
    let text = sheet_text(&written, profile_file, &names);
    let (mut results, bad) = score(&text, &rules)?;
    if !bad.is_empty() {
        for (deal, why) in bad.into_iter().rev() {
            written.leave_out(deal - 1, why);
        }
        results = score(&sheet_text(&written, profile_file, &names), &rules)?.0;
    }
    let differences = written
        .games
        .iter()
        .zip(&results)
        .filter(|((w, _), r)| (w.points, w.winner) != **r)
        .map(|((w, _), r)| Difference {
            written: w.clone(),
            points: r.0,
            winner: r.1,
        })
        .collect::<Vec<_>>();
    written.refused.sort_by_key(|r| (r.file.clone(), r.line));
    Ok(Imported {
        profile,
        sheet: sheet_text(&written, profile_file, &names),
        warnings,
        refused: written.refused,
        differences,
        games: written.games.len(),
    })
}

/// The sheet's text: players, the profile, the deals, and the games left out as comments.
fn sheet_text(s: &import::Sheet, profile_file: &str, files: &[&str]) -> String {
    let mut out = format!(
        "# Imported by `doko import freedoko` from {}: {} games, {} left out (at the end).\n",
        files.join(", ").replace('\n', " "),
        s.games.len(),
        s.refused.len()
    );
    let players: Vec<String> = s.players.iter().map(|p| import::quoted(p)).collect();
    out.push_str(&format!(
        "variant = {}\nplayers = [{}]\n",
        import::quoted(profile_file),
        players.join(", ")
    ));
    out.push('\n');
    out.push_str(&s.deals());
    for r in &s.refused {
        let why = r.why.render(crate::lang::Lang::En).replace('\n', " ");
        out.push_str(&format!(
            "\n# FreeDoko game {} ({}, line {}) left out: {why}\n",
            r.game, r.file, r.line
        ));
    }
    out
}

/// What FreeDoko writes of a scored deal: its value after every Bock factor (a soloist's
/// threefold share not in it) and the winning team. The export writes it, the import
/// checks it.
pub fn points_of(r: &crate::scoring::DealResult) -> (i64, Team) {
    let winner = match r.winner {
        Some(Side::Re) => Team::Re,
        Some(Side::Kontra) => Team::Contra,
        None => Team::None,
    };
    (i64::from(r.value()).abs() * i64::from(r.multiplier), winner)
}

/// Scores a sheet's text: each deal's points and winner ([`points_of`]), and every deal
/// doko refuses (its number from 1) with the reason.
#[allow(clippy::type_complexity)]
fn score(
    text: &str,
    profile: &Profile,
) -> Result<(Vec<(i64, Team)>, Vec<(usize, Text)>), crate::error::Error> {
    use crate::engine::{Files, InputFormat, Source};
    let mut files = Files::from_source(Source::from_text("sheet.toml", text, InputFormat::Toml));
    let parsed: Parsed<'_> = files.parse()?;
    let mut results = Vec::new();
    let mut bad = Vec::new();
    parsed.score(
        profile,
        Fold::Sheet,
        1,
        true,
        |step| {
            if let Step::Deal(d) = step {
                results.push(points_of(d.result));
            }
            Ok(())
        },
        |e| {
            bad.push((e.at.deal.map_or(1, |d| d as usize), e.plain()));
            Ok(())
        },
    )?;
    Ok((results, bad))
}

/// Where `doko import freedoko --out SHEET` writes: the profile's path beside the sheet
/// (`SHEET.profile.toml`), its name from the sheet's folder (the sheet's `variant`), and the
/// profile's name (`SHEET-freedoko`, letters, digits and `-`).
pub fn paths_of(sheet: &str) -> (std::path::PathBuf, String, String) {
    let sheet = std::path::Path::new(sheet);
    let stem = sheet
        .file_stem()
        .map_or("freedoko".into(), |s| s.to_string_lossy().into_owned());
    let path = sheet.with_file_name(format!("{stem}.profile.toml"));
    let file = path
        .file_name()
        .map_or(String::new(), |f| f.to_string_lossy().into_owned());
    let name = format!("{stem}-freedoko")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    (path, file, name)
}

/// Writes an import's two files, both new: the profile, then the sheet (the profile is
/// taken back if the sheet cannot be written).
pub fn write(
    made: &Imported,
    profile: &std::path::Path,
    sheet: &str,
) -> Result<(), crate::league::file::FileError> {
    let profile_s = profile.to_string_lossy();
    crate::league::file::write_new(&profile_s, &made.profile)?;
    crate::league::file::write_new(sheet, &made.sheet).inspect_err(|_| {
        let _ = std::fs::remove_file(profile);
    })
}

/// The profile an export names for the import: `variant` (the flag's), else the first
/// file's, else the default; with every file's and the flag's overrides.
pub fn named_profile(
    variant: Option<&str>,
    named: &[crate::engine::Named<'_>],
    sets: &[(String, String)],
) -> (String, Vec<(String, String)>) {
    let base = variant
        .map(str::to_string)
        .or_else(|| named.iter().find_map(|n| n.name.map(str::to_string)))
        .unwrap_or_else(|| crate::variant::DEFAULT_PROFILE.to_string());
    let mut all: Vec<(String, String)> =
        named.iter().flat_map(|n| n.sets.iter().cloned()).collect();
    all.extend(sets.iter().cloned());
    (base, all)
}

/// Writes the deals of `parsed`, scored under `profile`, as a party file to `out`: the
/// profile's rules as FreeDoko names them and, in `# doko:` lines, the profile itself
/// (`base` with `sets`), so that `doko import freedoko` reads back the same deals. The
/// number of games written.
pub fn export(
    parsed: Parsed<'_>,
    profile: &Profile,
    (base, sets): (&str, &[(String, String)]),
    out: &mut (dyn std::io::Write + Send),
) -> Result<usize, crate::error::Error> {
    let mut games = 0;
    let mut players: Option<Vec<String>> = None;
    let mut buf = String::new();
    let outcome = parsed.score(
        profile,
        Fold::Sheet,
        1,
        false,
        |step| {
            if let Step::Deal(d) = step {
                // A party is one session: its Bock rounds run on through every game.
                if d.begins && games > 0 {
                    return Err(msg!("freedoko.one_session", deal = d.result.facts.number).into());
                }
                if players.is_none() {
                    players = Some(d.players.to_vec());
                    buf.push_str(&export::head(profile, base, sets, d.players));
                }
                export::game(d.result, games, &mut buf);
                games += 1;
                out.write_all(buf.as_bytes())?;
                buf.clear();
            }
            Ok(())
        },
        |e| Err(crate::error::Error::Record(e.clone())),
    )?;
    let players = players.unwrap_or_default();
    let totals = outcome.session.map(|s| s.totals).unwrap_or_default();
    out.write_all(export::tail(&players, &totals).as_bytes())?;
    Ok(games)
}
