//! Double-dummy analysis (issue 70) of generated deals: for each deal the value from its
//! first card alone (a solver of its own, as a table asks "what was this deal worth?"),
//! then the whole analysis (every card's two values, one solver kept through the deal);
//! CPU time and positions searched, mean and median. Run under callgrind for the
//! instructions (`benches/instructions.sh` does).
//! Usage: `cargo bench --bench analyze -- [PROFILE] [DEALS] [SEED] [normal]` (default:
//! ddv 40 1; `normal`: normal games only, the club queens in two hands).

use doko::Contract;
use doko::game::analyze::{analyze, line_of};
use doko::game::generate::Deals;
use doko::machine::{Ruleset, Solver};
use doko::variant::Profile;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let name = args.first().map_or("ddv", String::as_str);
    let want: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(40);
    let seed: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let normal_only = args.iter().any(|a| a == "normal");
    let limit: Option<u64> = std::env::var("LIMIT").ok().and_then(|l| l.parse().ok());
    let profile = Profile::load(name, &[]).expect("a profile");
    let rules = Ruleset::of(&profile);
    let players = doko::game::generate::default_players(&profile);
    let mut deals = Deals::new(&profile, players, seed).expect("deals");
    let mut record = doko::deal::full::FullRecord::default();
    let (mut first, mut whole) = (Vec::new(), Vec::new());
    let (mut first_nodes, mut whole_nodes) = (0u64, 0u64);
    let mut cards = 0usize;
    let mut solved = 0usize;
    let mut first_known = 0usize;
    while whole.len() < want {
        deals.next_into(&mut record);
        if normal_only && record.contract != Contract::Normal {
            continue;
        }
        let Ok((line, _)) = line_of(&record, &profile) else {
            continue;
        };
        if line.plays.is_empty() {
            continue;
        }
        if std::env::var_os("DEPTH").is_some() {
            for from in (0..line.plays.len()).rev().step_by(4) {
                let mut d = line.start.clone();
                for &id in &line.plays[..from] {
                    d.play_trusted(rules, id);
                }
                let t = std::time::Instant::now();
                let mut solver = Solver::new(rules, line.re);
                let v = solver.value(&mut d);
                println!(
                    "from card {from}: {v:?} in {:.3} s, {} nodes",
                    t.elapsed().as_secs_f64(),
                    solver.nodes()
                );
                if t.elapsed().as_secs_f64() > 5.0 {
                    break;
                }
            }
            return;
        }
        let t = std::time::Instant::now();
        let mut solver = Solver::new(rules, line.re);
        solver.set_limit(limit);
        let mut start = line.start.clone();
        let v = solver.value(&mut start);
        first.push(t.elapsed().as_secs_f64());
        first_nodes += solver.nodes();
        let t = std::time::Instant::now();
        let a = analyze(&line, rules, limit);
        whole.push(t.elapsed().as_secs_f64());
        whole_nodes += a.nodes;
        cards += a.cards.len();
        first_known += usize::from(v.exact().is_some());
        if !a.stopped {
            assert_eq!(
                a.re_eyes, v,
                "the first card's value, alone and in the analysis"
            );
        }
        solved += a
            .cards
            .iter()
            .filter(|c| c.re_eyes_best.exact().is_some())
            .count();
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        (mean, v[v.len() / 2], v[v.len() - 1])
    };
    let n = whole.len() as f64;
    let (fm, fmed, fmax) = stats(&mut first);
    let (wm, wmed, wmax) = stats(&mut whole);
    println!(
        "{name}: {} deals, {cards} cards, {solved} with their values known, {first_known} first-card values known",
        whole.len()
    );
    println!(
        "first card's value: mean {fm:.3} s, median {fmed:.3} s, max {fmax:.3} s, {:.0} positions a deal",
        first_nodes as f64 / n
    );
    println!(
        "whole analysis: mean {wm:.3} s, median {wmed:.3} s, max {wmax:.3} s, total {:.1} s, {:.0} positions a deal",
        whole.iter().sum::<f64>(),
        whole_nodes as f64 / n
    );
}
