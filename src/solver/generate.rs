//! Puzzle generator: unique puzzles of exactly one HoDoKu level, deterministic for a seed.
//!
//! A try draws a random full grid (the exact solver, digits drawn at random), removes clues in random order —
//! symmetric pairs `i`/`80 - i` by default — keeping only removals that leave the puzzle unique
//! (exact solver), then rates the result with the step engine. Tries repeat until the level
//! matches, at most [`MAX_TRIES`] times: a level the chosen techniques cannot reach (Easy without
//! the singles) ends with [`GiveUp`] instead of running forever.

#[cfg(test)]
use super::engine::rate;
use super::engine::rate_with;
use super::exact;
use super::techniques::SlotSet;
use super::Level;
use crate::domain::{Board, Digit};

/// A seed from the clock, for when the user gives none (new games, `generate` without `--seed`):
/// the nanoseconds since the Unix epoch (0 if the clock is before it).
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// SplitMix64: a small, well-mixed seeded generator (deterministic across platforms).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) % n as u64) as usize
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A random complete grid (81 digits 1..=9): the exact solver's, drawing each cell's digit
/// with `rng` ([`exact::random_solution`]).
pub fn random_full_grid(rng: &mut SplitMix64) -> [u8; 81] {
    *exact::random_solution(|n| rng.below(n)).values()
}

/// Removes clues from a full grid in random order while the puzzle stays unique.
pub fn reduce(full: &[u8; 81], symmetric: bool, rng: &mut SplitMix64) -> [u8; 81] {
    let mut puzzle = *full;
    let mut order: Vec<usize> = if symmetric {
        (0..=40).collect()
    } else {
        (0..81).collect()
    };
    rng.shuffle(&mut order);
    for i in order {
        let saved = puzzle;
        puzzle[i] = 0;
        if symmetric {
            puzzle[80 - i] = 0;
        }
        if exact::count_solutions_values(&puzzle, 2) != 1 {
            puzzle = saved;
        }
    }
    puzzle
}

pub(crate) fn board_of(values: &[u8; 81]) -> Board {
    let mut v = [None; 81];
    for (o, &d) in v.iter_mut().zip(values) {
        *o = Digit::new(d).map(|d| (d, true));
    }
    Board::from_values(&v)
}

/// The most tries for one puzzle: with HoDoKu's techniques a level takes about 20 tries on
/// average (Unfair and Extreme, the rarest) and rarely over 100, so a level still missing after
/// this many is one the chosen techniques do not reach.
pub const MAX_TRIES: u32 = 1_000;

/// The generator gave up: no try was rated at the level.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no puzzle rated {} in {tries} tries: the chosen techniques do not seem to reach this level",
    level.name()
)]
pub struct GiveUp {
    pub level: Level,
    pub tries: u32,
}

/// One puzzle of exactly `level`, as 81 characters (`.` for empty cells). Deterministic for the
/// generator's state; advances it.
pub fn generate_with(
    rng: &mut SplitMix64,
    level: Level,
    symmetric: bool,
) -> Result<String, GiveUp> {
    generate_with_slots(rng, level, symmetric, SlotSet::defaults())
}

/// [`generate_with`], rating with the techniques of `slots` switched on. The one generator of
/// the player and the command line.
pub fn generate_with_slots(
    rng: &mut SplitMix64,
    level: Level,
    symmetric: bool,
    slots: SlotSet,
) -> Result<String, GiveUp> {
    generate_within(rng, level, symmetric, slots, MAX_TRIES).map(|(p, _)| p)
}

/// [`generate_with_slots`] with at most `max_tries` tries; also returns the tries it took.
pub fn generate_within(
    rng: &mut SplitMix64,
    level: Level,
    symmetric: bool,
    slots: SlotSet,
    max_tries: u32,
) -> Result<(String, u32), GiveUp> {
    for tries in 1..=max_tries {
        let full = random_full_grid(rng);
        let puzzle = reduce(&full, symmetric, rng);
        let r = rate_with(&board_of(&puzzle), slots);
        if r.solved && r.level == level {
            let line = puzzle
                .iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect();
            return Ok((line, tries));
        }
    }
    Err(GiveUp {
        level,
        tries: max_tries,
    })
}

/// One puzzle of exactly `level` for `seed`.
pub fn generate(level: Level, seed: u64, symmetric: bool) -> Result<String, GiveUp> {
    generate_with(&mut SplitMix64::new(seed), level, symmetric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_of_the_level_and_deterministic() {
        for level in [Level::Easy, Level::Medium] {
            let a = generate(level, 7, true).unwrap();
            assert_eq!(a, generate(level, 7, true).unwrap());
            let values: Vec<u8> = a
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
            let values: [u8; 81] = values.try_into().unwrap();
            assert_eq!(exact::count_solutions_values(&values, 2), 1);
            assert_eq!(rate(&board_of(&values)).level, level);
            for i in 0..81 {
                assert_eq!(values[i] == 0, values[80 - i] == 0, "symmetric");
            }
        }
    }

    #[test]
    fn an_unreachable_level_gives_up() {
        // Without the singles nothing is Easy.
        let (changes, bad) = crate::solver::techniques::parse_switches("-fh,-n1,-h1");
        assert!(bad.is_empty());
        let mut slots = SlotSet::defaults();
        slots.apply(&changes);
        let e = generate_within(&mut SplitMix64::new(1), Level::Easy, true, slots, 20);
        assert_eq!(
            e,
            Err(GiveUp {
                level: Level::Easy,
                tries: 20
            })
        );
        assert!(e
            .unwrap_err()
            .to_string()
            .contains("no puzzle rated Easy in 20 tries"));
    }

    #[test]
    fn full_grids_are_valid() {
        let mut rng = SplitMix64::new(1);
        let g = random_full_grid(&mut rng);
        assert_eq!(exact::count_solutions_values(&g, 2), 1);
        assert!(g.iter().all(|&d| (1..=9).contains(&d)));
    }
}
