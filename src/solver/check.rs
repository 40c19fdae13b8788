//! Whether a board state can still be solved, and what contradicts its solution: the one check
//! behind the player's mistake hint and every command that reasons about a state (`hint`,
//! `steps`, `rate`).
//!
//! A state is consistent when some solution of its givens agrees with its filled digits and
//! keeps every cell's solution digit among its candidates. When the givens have one solution,
//! what breaks this is listed (wrong digits, removed solution candidates); when they have none,
//! the givens are at fault; when they have several, the state is at fault as a whole.

use std::fmt;

use super::exact;
use super::Candidate;
use crate::domain::{Board, Cell, CellState, Contradiction, Digit};

/// What departs from a solution: filled digits that differ from it, and its digits that were
/// removed from an empty cell's candidates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mistakes {
    pub wrong: Vec<Cell>,
    pub removed: Vec<Candidate>,
}

impl Mistakes {
    pub fn is_empty(&self) -> bool {
        self.wrong.is_empty() && self.removed.is_empty()
    }
}

/// The most mistakes a message names (the rest are counted).
const NAMED: usize = 6;

impl fmt::Display for Mistakes {
    /// `r1c1 is wrong, 4 was removed from r2c2` (the player's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .wrong
            .iter()
            .map(|c| format!("{c} is wrong"))
            .chain(
                self.removed
                    .iter()
                    .map(|k| format!("{} was removed from {}", k.digit, k.cell)),
            )
            .collect();
        write!(f, "{}", parts[..parts.len().min(NAMED)].join(", "))?;
        if parts.len() > NAMED {
            write!(f, " and {} more", parts.len() - NAMED)?;
        }
        Ok(())
    }
}

/// Mistakes of `board` against `solution` (81 digits `1`-`9`). With `marked_only`, a removed
/// candidate counts only in a cell that has candidates left (the player's manual pencilmarks,
/// where a cell without marks is simply not marked yet).
pub fn mistakes(board: &Board, solution: &[u8; 81], marked_only: bool) -> Mistakes {
    let wrong = board.wrong_digits(solution).iter().collect();
    let mut removed = Vec::new();
    for c in Cell::all() {
        let Some(s) = Digit::new(solution[c.index()]) else {
            continue;
        };
        if let CellState::Empty(cands) = board.cell(c) {
            if !cands.contains(s)
                && board.eliminations_of(c).contains(s)
                && (!marked_only || !cands.is_empty())
            {
                removed.push(Candidate::new(c, s));
            }
        }
    }
    Mistakes { wrong, removed }
}

/// A state that can be solved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Consistent {
    /// The givens have exactly one solution (uniqueness techniques may be used).
    pub unique: bool,
}

/// Why a state has no solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistent {
    /// The givens alone have no solution (with the first clash a player can see, if any).
    #[error("the givens have no solution{}", paren(.0))]
    Givens(Option<Contradiction>),
    /// The givens have one solution, and the state departs from it.
    #[error("the state has no solution: {0}")]
    Mistakes(Mistakes),
    /// The givens have several solutions and none agrees with the state's digits and candidates.
    #[error("the state has no solution{}", state_detail(.0))]
    State(Option<Contradiction>),
}

fn paren(c: &Option<Contradiction>) -> String {
    c.map(|c| format!(" ({c})")).unwrap_or_default()
}

fn state_detail(c: &Option<Contradiction>) -> String {
    match c {
        Some(c) => format!(" ({c})"),
        None => ": no solution of the givens agrees with its digits and candidates".into(),
    }
}

/// Checks a state before reasoning about it (see the module documentation).
pub fn check_state(board: &Board) -> Result<Consistent, Inconsistent> {
    let givens = board.givens_only();
    match exact::solve(&givens) {
        exact::Outcome::None => Err(Inconsistent::Givens(givens.contradiction())),
        exact::Outcome::Unique(sol) => {
            let found = mistakes(board, sol.values(), false);
            if found.is_empty() {
                Ok(Consistent { unique: true })
            } else {
                Err(Inconsistent::Mistakes(found))
            }
        }
        exact::Outcome::Multiple => {
            if exact::count_solutions(board, 1) == 0 {
                Err(Inconsistent::State(board.contradiction()))
            } else {
                Ok(Consistent { unique: false })
            }
        }
    }
}

/// Per cell the digits the state allows (bit `d` for digit `d + 1`): the value of a cell that
/// holds one, the candidates of an empty one.
pub fn allowed_digits(board: &Board) -> [u16; 81] {
    let cands = board.all_candidates();
    let mut out = [0u16; 81];
    for c in Cell::all() {
        out[c.index()] = match board.value(c) {
            Some(d) => d.bit(),
            None => cands[c.index()].bits() & 0x1FF,
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;

    const PUZZLE: &str =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

    fn board(text: &str) -> Board {
        codec::decode_any(text).unwrap().board
    }

    #[test]
    fn a_good_state_passes() {
        assert_eq!(check_state(&board(PUZZLE)), Ok(Consistent { unique: true }));
        let several = format!("1{}", ".".repeat(80));
        assert_eq!(
            check_state(&board(&several)),
            Ok(Consistent { unique: false })
        );
    }

    #[test]
    fn each_kind_of_fault_is_named() {
        let clash = format!("7.7{}", ".".repeat(78));
        let e = check_state(&board(&clash)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the givens have no solution (r1c1 and r1c3 both hold 7)"
        );
        // r1c1's solution is 3: a wrong filled 1, then 3 eliminated.
        let wrong = format!("+1{}", &PUZZLE[1..]);
        let e = check_state(&board(&wrong)).unwrap_err();
        assert_eq!(e.to_string(), "the state has no solution: r1c1 is wrong");
        let mut b = board(PUZZLE);
        b.eliminate(Cell::from_rc(0, 0), Digit::new(3).unwrap());
        let e = check_state(&b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the state has no solution: 3 was removed from r1c1"
        );
        // Several solutions, but an empty cell without candidates.
        let mut b = board(&format!("1{}", ".".repeat(80)));
        for d in 2..=9 {
            b.eliminate(Cell::from_rc(0, 1), Digit::new(d).unwrap());
        }
        let e = check_state(&b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the state has no solution (r1c2 has no candidate left)"
        );
    }
}
