//! The player's calls into the lower layers (codec, exact solver, step engine), in one place.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use crate::codec::{self, DecodeError, Format, Parsed, WriteOptions};
use crate::domain::{Board, Cell};
use crate::solver::exact::{self, Outcome};
use crate::solver::fallback::{self, Fallback, FoundStep, StepEngine};
use crate::solver::techniques::SlotSet;
use crate::solver::Family;
use crate::solver::Step;
use crate::storage::HintEngine;

/// Detects the format of pasted text and parses it; a numbered list line (`17. <cells>`,
/// `17) <cells>`) is read without its number.
pub fn decode(text: &str) -> Result<Parsed, DecodeError> {
    codec::decode_any(without_list_number(text))
}

/// A one-line puzzle without the number a list gives it: `12. ` or `12) ` before a token of
/// 81 characters or more.
fn without_list_number(text: &str) -> &str {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if t.contains('\n') || !(1..=6).contains(&digits) {
        return text;
    }
    let rest = &t[digits..];
    let Some(rest) = rest.strip_prefix('.').or_else(|| rest.strip_prefix(')')) else {
        return text;
    };
    if !rest.starts_with(char::is_whitespace) {
        return text;
    }
    let rest = rest.trim_start();
    match rest.split_whitespace().next() {
        Some(cells) if cells.chars().count() >= 81 => rest,
        _ => text,
    }
}

/// The puzzle lines of a text that lists several puzzles, one a line (comments and blank
/// lines aside), when its first two lines are puzzles; `None` for anything else.
pub fn puzzle_list(text: &str) -> Option<Vec<String>> {
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let is_puzzle = |l: &String| decode(l).is_ok_and(|p| p.board.given_count() > 0);
    (lines.len() >= 2 && lines[..2].iter().all(is_puzzle)).then_some(lines)
}

/// Writes the board in a format; a HoDoKu library line carries the step's fields when a step is
/// given.
pub fn encode(format: Format, board: &Board, step: Option<&Step>) -> Result<String, String> {
    let opts = WriteOptions::default();
    match (format, step) {
        (Format::Hodoku, Some(step)) => Ok(codec::hodoku::write_library(
            board,
            Some(&step.library_fields()),
            &opts,
        )),
        _ => codec::encode(format, board, &opts).map_err(|e| e.to_string()),
    }
}

/// A fresh puzzle from the generator: unique, rated at exactly `level` by the step engine with
/// the techniques of `slots`.
pub fn generate(level: crate::solver::Level, seed: u64, slots: SlotSet) -> Result<Board, String> {
    let mut rng = crate::solver::generate::SplitMix64::new(seed);
    let line = crate::solver::generate::generate_with_slots(&mut rng, level, true, slots)
        .map_err(|e| e.to_string())?;
    codec::decode(Format::Susser, &line)
        .map(|p| p.board)
        .map_err(|e| e.to_string())
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

/// The next step a human solver would take on the board with the hint engine: HoDoKu's order
/// with the techniques of `slots` (the config's `[solver]` switches) and Sudoku Explainer's
/// step where they find nothing (never Brute Force), or Sudoku Explainer's.
/// The solution of the givens is `solved` (known: not solved again).
pub fn next_step(
    board: &Board,
    slots: SlotSet,
    engine: HintEngine,
    solved: &super::Solved,
) -> Option<FoundStep> {
    let engine = match engine {
        HintEngine::Hodoku => StepEngine::Hodoku,
        HintEngine::Se => StepEngine::Se,
    };
    let ctx = || crate::solver::engine::context_known(board, slots, solved.solution());
    fallback::next_step_in(board, ctx, engine, Fallback::Se)
}

/// The solution path from a state (HoDoKu's steps until solved or stuck) with the techniques
/// of `slots`, and Sudoku Explainer's steps where they find nothing, as the hints give them; the
/// solution of the givens is `solved`.
pub fn solution_path(
    board: &Board,
    slots: SlotSet,
    solved: &super::Solved,
) -> crate::solver::engine::Path {
    let ctx = crate::solver::engine::context_known(board, slots, solved.solution());
    fallback::solution_path_in(board, &ctx, Fallback::Se)
}

/// Sudoku Explainer's path from a state (its steps until solved or stuck), as [`Step`]s.
pub fn se_path(board: &Board) -> Vec<Step> {
    crate::solver::se::solution_path(&crate::solver::Grid::from_board(board)).steps
}

/// Sudoku Explainer's producers the all-steps list walks (those its default settings enable).
pub fn se_producer_count() -> usize {
    se_producers().count()
}

fn se_producers() -> impl Iterator<Item = &'static crate::solver::se::Producer> {
    crate::solver::se::PRODUCERS
        .iter()
        .filter(|p| p.technique.default_on())
}

/// Sudoku Explainer's hints for a state, producer by producer in SE's order: `each` gets each
/// producer's hints (maybe none) and `Break` stops. As SE lists a state's hints, the producers
/// below the forcing chains are all asked, the chain producers (each harder than the last) only
/// until one finds something.
pub fn se_steps_by_producer(board: &Board, mut each: impl FnMut(Vec<Step>) -> ControlFlow<()>) {
    let grid = crate::solver::Grid::from_board(board);
    let ctx = crate::solver::se::SeContext::default();
    let mut found = false;
    for p in se_producers() {
        let steps = if found && p.technique.family() == Family::Chain {
            Vec::new()
        } else {
            crate::solver::finder::every(p.find, &grid, &ctx)
        };
        found |= !steps.is_empty();
        if each(steps).is_break() {
            return;
        }
    }
}

/// HoDoKu's level and score of a puzzle with the techniques of `slots`; the solution of the
/// givens is `solved` (known: not solved again). `None` when `cancel` was set (checked between
/// steps by the path driver).
pub fn rate(
    board: &Board,
    slots: SlotSet,
    solved: &super::Solved,
    cancel: &AtomicBool,
) -> Option<crate::solver::engine::Rating> {
    let ctx = crate::solver::engine::context_known(board, slots, solved.solution());
    crate::solver::engine::rate_in(board, &ctx, cancel)
}

/// The SE rating of a text's trailer (` ED=11.3/1.2/1.2`, ` 7.2`, ` SE 7.2`; see
/// [`crate::codec::rating`]).
pub fn se_rating(trailer: Option<&str>) -> Option<String> {
    codec::rating::se_rating(trailer?)
}

/// Why givens have no solution, in the player's words: the first clash (`r1c1 and r1c3 both
/// hold 7`), else a cell left without any candidate, else just that.
pub fn explain_no_solution(board: &Board) -> String {
    board.contradiction().map_or_else(
        || "no digit clashes, but no solution exists".into(),
        |c| c.to_string(),
    )
}
