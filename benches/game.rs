//! Random play through `doko::game::Game` (legal actions, pick one, apply), as the Python
//! `Game` does it: deals and actions a second, and, run under callgrind or DHAT, the
//! instructions and heap allocations an action (issue 64).
//! Usage: `cargo bench --bench game -- [PROFILE] [DEALS]` (default: ddv 2000).

use doko::game::Game;
use doko::game::generate::Rng;
use doko::variant::Profile;

#[path = "../tests/common/counting.rs"]
mod counting;

#[global_allocator]
static COUNTING: counting::Counting = counting::Counting;

fn main() {
    // `cargo bench` passes `--bench`; the words that are not flags are ours.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let name = args.first().map_or("ddv", String::as_str);
    let deals: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2000);
    let profile = Profile::load(name, &[]).expect("a profile");
    let seats = doko::game::smallest_table(&profile);
    // One table for every deal, as the Python package keeps it.
    let table = std::sync::Arc::new(doko::game::Table::new(profile, None).expect("a table"));
    let mut rng = Rng::new(1);
    let mut actions = 0u64;
    // One vector of legal actions for the whole run, as the Python package keeps it.
    let mut legal: Vec<doko::game::Action> = Vec::with_capacity(64);
    let (mut in_deals, mut in_actions) = (0u64, 0u64);
    let start = std::time::Instant::now();
    for seed in 0..deals {
        let before = counting::allocations();
        let mut g = Game::deal(&table, (seed % seats as u64) as usize, seed, None).expect("a game");
        let dealt = counting::allocations();
        in_deals += dealt - before;
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            g.apply(legal[rng.below(legal.len())])
                .expect("a legal action");
            actions += 1;
        }
        in_actions += counting::allocations() - dealt;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {deals} deals, {actions} actions in {secs:.2} s: {:.0} actions/s, {:.1} actions a deal",
        actions as f64 / secs,
        actions as f64 / deals as f64
    );
    println!(
        "heap allocations: {:.1} a deal to deal it, {:.2} an action",
        in_deals as f64 / deals as f64,
        in_actions as f64 / actions as f64
    );
}
