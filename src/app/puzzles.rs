//! The embedded puzzle collection (`assets/puzzles/<level>.txt`, one 81-character puzzle per
//! line, `#` comments), used for the default game and "new game".

use crate::codec::{self, Format};
use crate::domain::Board;
use crate::solver::Level;

const EASY: &str = include_str!("../../assets/puzzles/easy.txt");
const MEDIUM: &str = include_str!("../../assets/puzzles/medium.txt");
const HARD: &str = include_str!("../../assets/puzzles/hard.txt");
const UNFAIR: &str = include_str!("../../assets/puzzles/unfair.txt");
const EXTREME: &str = include_str!("../../assets/puzzles/extreme.txt");

/// The raw lines of a level's file.
fn text(level: Level) -> &'static str {
    match level {
        Level::Easy => EASY,
        Level::Medium => MEDIUM,
        Level::Hard => HARD,
        Level::Unfair => UNFAIR,
        Level::Extreme => EXTREME,
    }
}

/// The puzzles of a level, as 81-character lines.
pub fn puzzles(level: Level) -> impl Iterator<Item = &'static str> {
    text(level)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Number of puzzles of a level.
pub fn count(level: Level) -> usize {
    puzzles(level).count()
}

/// The `index`-th puzzle of a level (wrapping), with its display name ("Easy 2").
pub fn puzzle(level: Level, index: usize) -> Option<(Board, String)> {
    let n = count(level);
    if n == 0 {
        return None;
    }
    let i = index % n;
    let line = puzzles(level).nth(i)?;
    let board = codec::decode(Format::Susser, line).ok()?.board;
    Some((board, format!("{} {}", level.name(), i + 1)))
}

/// The game `termdoku` opens when there is no autosave.
pub fn default_puzzle() -> (Board, String, Level) {
    for level in Level::ALL {
        if let Some((b, name)) = puzzle(level, 0) {
            return (b, name, level);
        }
    }
    (Board::empty(), "empty".into(), Level::Easy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::exact;

    #[test]
    fn every_embedded_puzzle_parses_and_has_exactly_one_solution() {
        for level in Level::ALL {
            assert!(count(level) >= 3, "{level}: too few puzzles");
            for (i, line) in puzzles(level).enumerate() {
                assert_eq!(line.len(), 81, "{level} {i}");
                let b = codec::decode(Format::Susser, line).unwrap().board;
                assert_eq!(exact::count_solutions(&b, 2), 1, "{level} {i}: {line}");
            }
        }
    }

    #[test]
    fn every_embedded_puzzle_rates_at_its_level() {
        for level in Level::ALL {
            for (i, line) in puzzles(level).enumerate() {
                let b = codec::decode(Format::Susser, line).unwrap().board;
                let r = crate::solver::engine::rate(&b);
                assert!(r.solved, "{level} {i}");
                assert_eq!(
                    r.level, level,
                    "{level} {i}: {line} rates {} {}",
                    r.level, r.score
                );
            }
        }
    }
}
