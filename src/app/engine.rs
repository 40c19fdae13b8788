//! The player's calls into the lower layers (codec, exact solver, step engine), in one place.

use crate::codec::{self, DecodeError, Format, Parsed, WriteOptions};
use crate::domain::{Board, Cell};
use crate::solver::exact::{self, Outcome};
use crate::solver::step::Candidate;
use crate::solver::{Step, Technique};

/// Detects the format of pasted text and parses it.
pub fn decode(text: &str) -> Result<Parsed, DecodeError> {
    codec::decode_any(text)
}

/// Writes the board in a format; a HoDoKu library line carries the step's fields when a step is
/// given.
pub fn encode(format: Format, board: &Board, step: Option<&Step>) -> Result<String, String> {
    let opts = WriteOptions::default();
    match (format, step) {
        (Format::Hodoku, Some(step)) => Ok(codec::hodoku::write_library(
            board,
            Some(&step_fields(step)),
            &opts,
        )),
        _ => codec::encode(format, board, &opts).map_err(|e| e.to_string()),
    }
}

/// Number of solutions of the board state, counting up to 2.
pub fn solution_count(board: &Board) -> usize {
    exact::count_solutions(board, 2)
}

/// The solution of a puzzle with exactly one.
pub fn unique_solution(board: &Board) -> Option<[u8; 81]> {
    match exact::solve(board) {
        Outcome::Unique(sol) => {
            let mut out = [0u8; 81];
            for c in Cell::all() {
                out[c.index()] = sol.digit(c).get();
            }
            Some(out)
        }
        Outcome::Multiple | Outcome::None => None,
    }
}

/// The next step a human solver would take on the board.
pub fn next_step(board: &Board) -> Option<Step> {
    brute_force_step(board)
}

/// HoDoKu's last resort: place the solution digit of the first empty cell.
fn brute_force_step(board: &Board) -> Option<Step> {
    let cell = Cell::all().find(|&c| board.is_empty_cell(c))?;
    let sol = exact::first_solution(board)?;
    let digit = sol.digit(cell);
    let mut step = Step::new(Technique::BruteForce);
    step.placements.push(Candidate::new(cell, digit));
    step.cells.push(cell);
    step.values.push(digit);
    step.text = format!(
        "Brute Force: r{}c{}={}",
        cell.row() + 1,
        cell.col() + 1,
        digit
    );
    Some(step)
}

/// The HoDoKu library fields of a step (until the step engine's own conversion lands: the
/// placement/elimination triplets and the technique code).
fn step_fields(step: &Step) -> codec::HodokuStepFields {
    fn triplets(cands: &[Candidate]) -> String {
        let mut v: Vec<Candidate> = cands.to_vec();
        v.sort_by_key(|c| (c.digit, c.cell));
        v.iter().map(|c| c.triplet()).collect::<Vec<_>>().join(" ")
    }
    let mut digits: Vec<char> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.digit.to_char())
        .collect();
    digits.sort();
    digits.dedup();
    codec::HodokuStepFields {
        code: step.technique.code().to_string(),
        digits: digits.into_iter().collect(),
        eliminations: triplets(&step.eliminations),
        placements: if step.eliminations.is_empty() {
            triplets(&step.placements)
        } else {
            String::new()
        },
        extra: String::new(),
    }
}
