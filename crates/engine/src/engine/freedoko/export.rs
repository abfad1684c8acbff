//! Scored deals written as a FreeDoko party file: the profile's rules as FreeDoko names
//! them, the players, and a game summary a deal. What FreeDoko's summaries cannot say
//! (doko's profile, a contract FreeDoko lacks, the tricks, a knock) goes in `# doko:`
//! comment lines, which FreeDoko passes over and `doko import freedoko` reads back.

use crate::contract::{Contract, Party as Side};
use crate::deal::Role;
use crate::extras::Extra;
use crate::scoring::DealResult;
use crate::variant::Profile;

/// FreeDoko's game type for a deal, where it has one ([`super::names::gametype_of`]; a
/// wedding played alone is `marriage solo`, a redeal `thrown nines`).
fn gametype(r: &DealResult) -> Option<&'static str> {
    let re = r.facts.roles.iter().filter(|x| **x == Role::Re).count();
    match r.facts.contract {
        Contract::Wedding if re == 1 => Some("marriage solo"),
        Contract::Redeal => Some("thrown nines"),
        c => super::names::gametype_of(c),
    }
}

/// FreeDoko's name of an item's special point ([`super::names::special_of_item`]).
fn special(item: &str) -> Option<&'static str> {
    super::names::special_of_item(item)
}

fn team(p: Side) -> &'static str {
    match p {
        Side::Re => "re",
        Side::Kontra => "contra",
    }
}

fn announcement(r: &DealResult, p: Side) -> &'static str {
    use crate::calls::Call;
    match r.facts.calls(p).highest() {
        None => "no announcement",
        Some(Call::Announce) => "no 120",
        Some(Call::No90) => "no 90",
        Some(Call::No60) => "no 60",
        Some(Call::No30) => "no 30",
        Some(Call::Schwarz) => "no 0",
    }
}

/// The head of the file and the profile's rules as FreeDoko names them (doko's profile
/// itself in a `# doko:` line: the import reads it back whole).
pub fn head(
    profile: &Profile,
    base: &str,
    sets: &[(String, String)],
    players: &[String],
) -> String {
    let mut out = String::from("#!FreeDoko\n# FreeDoko party (written by doko)\n");
    out.push_str(&format!("# doko: profile = {base}\n"));
    for (k, v) in sets {
        out.push_str(&format!("# doko: set = {k}={v}\n"));
    }
    out.push_str("\nfirst seed = 0\nfirst startplayer = 0\n\nrules\n{\n");
    let b = |v: bool| if v { "true" } else { "false" };
    let nines = profile.deck.ranks.contains(&crate::cards::Rank::Nine);
    let allows = |c: &str| profile.contracts.allowed.iter().any(|a| a.name() == c);
    let lines: Vec<(&str, String)> = vec![
        ("number of players", "4".into()),
        ("number of players in game", "4".into()),
        ("with nines", b(nines).into()),
        (
            "dollen",
            b(profile
                .deck
                .trumps
                .first()
                .is_some_and(|t| t.to_string() == "H10"))
            .into(),
        ),
        (
            "dollen second over first",
            b(profile.deck.dullen != crate::variant::Dullen::Off).into(),
        ),
        (
            "dollen contrary in last trick",
            b(profile.deck.dullen == crate::variant::Dullen::ExceptLastTrick).into(),
        ),
        ("swines", b(profile.deck.schweinchen.is_some()).into()),
        (
            "hyperswines",
            b(profile.deck.hyperschweinchen.is_some()).into(),
        ),
        ("genscher", b(profile.contracts.genscher_partner).into()),
        (
            "solo",
            b(profile
                .contracts
                .allowed
                .iter()
                .any(|c| c.is_declared_solo()))
            .into(),
        ),
        ("solo color", b(allows("solo-clubs")).into()),
        ("solo queen", b(allows("solo-queens")).into()),
        ("solo jack", b(allows("solo-jacks")).into()),
        ("solo king", b(allows("solo-kings")).into()),
        ("solo queen jack", b(allows("solo-queens-jacks")).into()),
        ("solo koehler", b(allows("solo-koehler")).into()),
        ("solo meatless", b(allows("solo-meatless")).into()),
        ("poverty", b(allows("poverty")).into()),
        (
            "number of duty soli",
            profile.league.compulsory_solos.to_string(),
        ),
        ("bock", b(!profile.bock.triggers.is_empty()).into()),
        ("bock multiplier", profile.bock.factor.to_string()),
        (
            "extrapoint catch fox",
            b(profile.extra_points(Extra::Fox) != 0).into(),
        ),
        (
            "extrapoint charlie",
            b(profile.extra_points(Extra::Karlchen) != 0).into(),
        ),
        (
            "extrapoint catch charlie",
            b(profile.extra_points(Extra::KarlchenCaught) != 0).into(),
        ),
        (
            "extrapoint heart trick",
            b(profile.extra_points(Extra::HeartTrick) != 0).into(),
        ),
    ];
    for (k, v) in lines {
        out.push_str(&format!("{k} = {v}\n"));
    }
    out.push_str("}\n\nplayers\n{\n");
    for p in players {
        out.push_str(&format!("{{\nname = {p}\ntype = human\n}}\n"));
    }
    out.push_str("}\n\ngame summaries\n{\n");
    out
}

/// One game's summary; `k` its number from 0.
pub fn game(r: &DealResult, k: usize, out: &mut String) {
    let f = &r.facts;
    let seats = f.roles.len();
    let dealer = f.dealer.unwrap_or(seats.saturating_sub(1));
    out.push_str(&format!(
        "#  game {k}\n{{\nseed = {k}\nplayers number = {seats}\n"
    ));
    out.push_str(&format!(
        "startplayer number = {}\n",
        (dealer + 1) % seats.max(1)
    ));
    let solo = f.roles.iter().filter(|x| **x == Role::Re).count() == 1;
    let soloist = f.roles.iter().position(|x| *x == Role::Re).filter(|_| solo);
    out.push_str(&format!(
        "soloplayer number = {}\n",
        soloist.map_or("-".into(), |s| s.to_string())
    ));
    out.push_str(&format!("gametype = {}\n", gametype(r).unwrap_or("normal")));
    if gametype(r).is_none() || f.contract == Contract::Redeal {
        out.push_str(&format!("# doko: contract = {}\n", f.contract.name()));
    }
    out.push_str(&format!("duty solo = {}\n", u8::from(f.compulsory)));
    annotations(r, out);
    let teams: Vec<&str> = f
        .roles
        .iter()
        .map(|x| match x {
            Role::Re => "re",
            Role::Kontra => "contra",
            Role::Out => "no team",
        })
        .collect();
    out.push_str(&format!("teams = {}\n", teams.join(", ")));
    for p in [Side::Re, Side::Kontra] {
        out.push_str(&format!(
            "highest announcement {} = {}\n",
            team(p),
            announcement(r, p)
        ));
    }
    // Each party's eyes on its first player (FreeDoko counts them a player).
    let mut eyes = vec![0u16; seats];
    for (p, total) in [(Role::Re, f.re_eyes), (Role::Kontra, f.kontra_eyes)] {
        if let Some(s) = f.roles.iter().position(|x| *x == p) {
            eyes[s] = total;
        }
    }
    let eyes: Vec<String> = eyes.iter().map(u16::to_string).collect();
    out.push_str(&format!("trick points = {}\n", eyes.join(", ")));
    let winner = r.winner.map_or("no team", team);
    out.push_str(&format!("winnerteam = {winner}\n"));
    let (points, _) = super::points_of(r);
    out.push_str(&format!("points = {points}\nspecial points\n{{\n"));
    // The extras of the tricks, each as it happened (FreeDoko's names; those it lacks
    // in doko's own lines); then what the scoring made of the rest.
    let mut own = Vec::new();
    for p in [Side::Re, Side::Kontra] {
        let t = team(p);
        // Under a declared Schweinchen no fox counts (docs/rules.md §9.3): a summary says
        // so by leaving the foxes out.
        let counted = f
            .extras(p)
            .iter()
            .filter(|x| !(f.schweinchen && x.name().starts_with("fox")));
        for x in counted {
            match special(&x.key()["item.".len()..]) {
                Some(name) => out.push_str(&format!("{name} = {t}, {t}, -, -, 1\n")),
                None => own.push(format!("# doko: extra = {t} {}\n", x.name())),
            }
        }
    }
    for item in r
        .items
        .iter()
        .filter(|i| i.scored && Extra::by_key(&i.item).is_none())
    {
        if let Some(name) = special(&item.item) {
            let t = team(item.party);
            out.push_str(&format!(
                "{name} = {t}, {t}, -, -, {}\n",
                item.points.abs().max(1)
            ));
        }
    }
    out.push_str("}\n");
    for line in own {
        out.push_str(&line);
    }
    if !r.bock_started.is_empty() {
        out.push_str("bock triggers\n{\n");
        for t in &r.bock_started {
            use crate::variant::BockTrigger as B;
            let name = match t {
                B::Tie => "equal points",
                B::ReLost => "re lost",
                B::KontraLost => "contra lost",
                B::SoloLost => "solo lost",
                B::HeartTrick => "heart trick",
                B::Schwarz => "black",
                other => other.key(),
            };
            out.push_str(&format!("{name}\n"));
        }
        out.push_str("}\n");
    }
    out.push_str("}\n");
}

/// What FreeDoko's summary cannot say, in `# doko:` lines: a compulsory solo, a knock,
/// a multiplier the sheet forced, the note, the calls as the sheet writes them, the
/// tricks.
fn annotations(r: &DealResult, out: &mut String) {
    let f = &r.facts;
    if f.compulsory {
        out.push_str("# doko: compulsory = true\n");
    }
    if let Some(k) = f.knock {
        out.push_str(&format!("# doko: knock = {}\n", k.key()));
    }
    if let Some(b) = f.bock {
        out.push_str(&format!("# doko: bock = {b}\n"));
    }
    if let Some(n) = &f.note {
        out.push_str(&format!(
            "# doko: note = {}\n",
            n.replace(['\n', '\r'], " ")
        ));
    }
    for (key, p) in [("re_calls", Side::Re), ("kontra_calls", Side::Kontra)] {
        let cell = f.calls(p).paper_cell(p);
        if !cell.is_empty() {
            out.push_str(&format!("# doko: {key} = {cell}\n"));
        }
    }
    if let (Some(re), Some(kontra)) = (f.re_tricks, f.kontra_tricks) {
        out.push_str(&format!(
            "# doko: re_tricks = {re}\n# doko: kontra_tricks = {kontra}\n"
        ));
    }
}

/// The end of the file: the players' totals.
pub fn tail(players: &[String], totals: &[i64]) -> String {
    let mut out = String::from("}\n\npoints\n{\n");
    for (p, t) in players.iter().zip(totals) {
        out.push_str(&format!("{p}: {t}\n"));
    }
    out.push_str("}\n");
    out
}
