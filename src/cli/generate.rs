//! `termdoku generate --level easy|medium|hard|unfair|extreme [--count N] [--seed S]
//! [--no-symmetry] [--max-tries N]`: unique puzzles of exactly that HoDoKu level, one 81-character line each,
//! deterministic for a seed (without `--seed`, the seed comes from the clock and is reported on
//! stderr). A level that `--max-tries` tries (default [`MAX_TRIES`]) do not reach ends with a
//! message and exit 1.

use std::process::ExitCode;

use crate::cli::output;
use crate::cli::techniques::TechniqueArgs;
use crate::solver::generate::{generate_within, SplitMix64, MAX_TRIES};
use crate::solver::Level;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// HoDoKu level: easy, medium, hard, unfair or extreme.
    #[arg(long, value_parser = parse_level, required_unless_present = "list_techniques")]
    pub level: Option<Level>,
    /// Number of puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Seed of the generator (same seed, same puzzles).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Remove clues one by one instead of in 180-degree symmetric pairs.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Give up (exit 1) when this many tries give no puzzle of the level (a level the chosen
    /// techniques cannot reach).
    #[arg(long, value_name = "N", default_value_t = MAX_TRIES, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tries: u32,
    /// The techniques the rating may use (the level is HoDoKu's with these switches).
    #[command(flatten)]
    pub techniques: TechniqueArgs,
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s)
        .ok_or_else(|| format!("unknown level `{s}` (easy, medium, hard, unfair, extreme)"))
}

pub fn run(args: Args) -> ExitCode {
    if let Some(code) = args.techniques.list_if_asked("generate") {
        return code;
    }
    let slots = match args.techniques.slots("generate") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(level) = args.level else {
        eprintln!("termdoku generate: --level is required");
        return ExitCode::from(2);
    };
    let seed = args.seed.unwrap_or_else(|| {
        let s = crate::solver::generate::time_seed();
        eprintln!("termdoku generate: seed {s}");
        s
    });
    let mut rng = SplitMix64::new(seed);
    for _ in 0..args.count {
        let p = match generate_within(&mut rng, level, !args.no_symmetry, slots, args.max_tries) {
            Ok((p, _)) => p,
            Err(e) => {
                eprintln!("termdoku generate: {e}");
                return ExitCode::from(1);
            }
        };
        if let Err(e) = output::write_all(format!("{p}\n").as_bytes()) {
            return output::failed("generate", &e);
        }
    }
    ExitCode::SUCCESS
}
