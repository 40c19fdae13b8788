//! The Sudoku Explainer engine on the command line: `steps --engine se` prints its path,
//! `hint --engine se` its next hint (`--all`: every hint), `rate --engine se` its rating (see
//! [`crate::cli::serate`] for serate's `--format`).
//!
//! A step line is `difficulty TAB name TAB eliminations TAB placements TAB text` (SE's
//! difficulty with one decimal, SE's name of the hint, `drc` triplets as `steps` writes them,
//! SE's hint text; with `--notation eureka` a chain step's text is `Name: <Eureka>`); a path
//! ends with `rating TAB ER/EP/ED`.

use std::io::{self, Write};

use crate::cli::open::Notation;
use crate::domain::Board;
use crate::solver::se::explain::explanation_lines;
use crate::solver::se::{self, SeContext, SePath, SeRating};
use crate::solver::step::triplets_sorted;
use crate::solver::{Eureka, Grid, Step};

/// One step line (see the module docs), the step taken on `grid` (the state before it).
pub fn step_line(s: &Step, grid: &Grid, notation: Notation) -> String {
    let eureka = eureka_of(s, grid, notation);
    let text = match &eureka {
        Some(e) => format!("{}: {e}", s.name()),
        None => s.text.clone(),
    };
    format!(
        "{}\t{}\t{}\t{}\t{text}",
        se::step::difficulty(s),
        s.name(),
        triplets_sorted(&s.eliminations),
        triplets_sorted(&s.placements),
    )
}

/// A chain step's chain in Eureka notation on `grid` (the state before the step), when asked.
fn eureka_of(s: &Step, grid: &Grid, notation: Notation) -> Option<Eureka> {
    if notation != Notation::Eureka {
        return None;
    }
    Eureka::with_candidates(s, &|c| grid.candidates(c))
}

/// `ER/EP/ED`.
pub fn rating_text(r: &SeRating) -> String {
    format!("{}/{}/{}", r.er, r.ep, r.ed)
}

/// Writes SE's path of `board`: one line per step (with `explain` followed by SE's explanation
/// of it and an empty line; with `summary`, one `COUNT TECHNIQUE` line per technique instead),
/// then `rating TAB ER/EP/ED`.
pub fn write_path(
    out: &mut impl Write,
    board: &Board,
    path: &SePath,
    notation: Notation,
    summary: bool,
    explain: bool,
) -> io::Result<()> {
    if summary {
        let lines = crate::solver::summary::of_steps(&path.steps);
        out.write_all(crate::solver::summary::summary_text(&lines).as_bytes())?;
    } else {
        let mut grid = Grid::from_board(board);
        for s in &path.steps {
            writeln!(out, "{}", step_line(s, &grid, notation))?;
            if explain {
                for l in explanation_lines(&grid, s) {
                    writeln!(out, "{l}")?;
                }
                writeln!(out)?;
            }
            grid.apply(s);
        }
    }
    writeln!(out, "rating\t{}", rating_text(&path.rating))
}

/// SE's path of a board.
pub fn path(board: &Board) -> SePath {
    se::solution_path(&Grid::from_board(board))
}

/// SE's next hint for a board, as a step line; with `--notation eureka` a chain step's chain
/// follows, one line per branch; with `explain`, SE's explanation of the step and an empty line.
pub fn hint(board: &Board, notation: Notation, explain: bool) -> Option<String> {
    let grid = Grid::from_board(board);
    let s = se::next_step(&grid, &SeContext::default())?;
    let mut text = step_line(&s, &grid, notation);
    if let Some(e) = eureka_of(&s, &grid, notation) {
        for l in e.lines() {
            text.push('\n');
            text.push_str(&l);
        }
    }
    if explain {
        for l in explanation_lines(&grid, &s) {
            text.push('\n');
            text.push_str(&l);
        }
        text.push('\n');
    }
    Some(text)
}

/// Every hint SE has for a board, as step lines sorted by difficulty (SE's order among equal
/// ones: producers in SE's order, each producer's hints in its order).
pub fn all_hints(board: &Board) -> Vec<String> {
    let grid = Grid::from_board(board);
    let mut steps = se::all_steps(&grid, &SeContext::default());
    steps.sort_by_key(se::step::difficulty);
    steps
        .iter()
        .map(|s| step_line(s, &grid, Notation::Hodoku))
        .collect()
}
