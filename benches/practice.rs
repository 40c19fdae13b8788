//! Practice by technique: how long the generator takes to find a puzzle whose HoDoKu path needs
//! each technique of the player's practice menu (`P`), over several seeds: median and worst
//! time, median and worst number of puzzles tried.
//!
//! `cargo bench --bench practice` (release profile); `TERMDOKU_PRACTICE_SEEDS` sets the number
//! of seeds (default 5), `TERMDOKU_PRACTICE_TRIES` the give-up limit per seed (default 5000).

use std::time::Instant;

use termdoku::app::practice::{choices, label};
use termdoku::solver::generate::SplitMix64;
use termdoku::solver::practice::generated;
use termdoku::solver::techniques::SlotSet;

fn env(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let seeds = env("TERMDOKU_PRACTICE_SEEDS", 5);
    let max_tries = env("TERMDOKU_PRACTICE_TRIES", 5000);
    println!(
        "{:<38} {:>9} {:>9} {:>8} {:>8} {:>6}",
        "technique", "median s", "max s", "tries", "max", "found"
    );
    for filter in choices() {
        let mut times = Vec::new();
        let mut tries = Vec::new();
        let mut found = 0;
        for seed in 1..=u64::from(seeds) {
            let t0 = Instant::now();
            let p = generated(
                &mut SplitMix64::new(seed),
                filter,
                SlotSet::defaults(),
                max_tries,
                &|| true,
            );
            times.push(t0.elapsed().as_secs_f64());
            match p {
                Some(p) => {
                    found += 1;
                    tries.push(p.tries);
                }
                None => tries.push(max_tries),
            }
        }
        times.sort_by(f64::total_cmp);
        tries.sort();
        println!(
            "{:<38} {:>9.2} {:>9.2} {:>8} {:>8} {:>3}/{}",
            label(filter),
            times[times.len() / 2],
            times[times.len() - 1],
            tries[tries.len() / 2],
            tries[tries.len() - 1],
            found,
            seeds
        );
    }
}
