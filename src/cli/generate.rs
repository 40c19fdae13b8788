//! `termdoku generate --level easy|medium|hard|unfair|extreme [--count N] [--seed S]
//! [--no-symmetry]`: unique puzzles of exactly that HoDoKu level, one 81-character line each,
//! deterministic for a seed (without `--seed`, the seed comes from the clock and is reported on
//! stderr).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::solver::generate::{generate_with, SplitMix64};
use crate::solver::Level;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// HoDoKu level: easy, medium, hard, unfair or extreme.
    #[arg(long, value_parser = parse_level)]
    pub level: Level,
    /// Number of puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Seed of the generator (same seed, same puzzles).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Remove clues one by one instead of in 180-degree symmetric pairs.
    #[arg(long)]
    pub no_symmetry: bool,
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s)
        .ok_or_else(|| format!("unknown level `{s}` (easy, medium, hard, unfair, extreme)"))
}

pub fn run(args: Args) -> ExitCode {
    let seed = args.seed.unwrap_or_else(|| {
        let s = crate::solver::generate::time_seed();
        eprintln!("termdoku generate: seed {s}");
        s
    });
    let mut rng = SplitMix64::new(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..args.count {
        let p = generate_with(&mut rng, args.level, !args.no_symmetry);
        if writeln!(out, "{p}").and_then(|_| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
