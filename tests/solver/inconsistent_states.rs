//! The step engine and the state check on states that have no solution: states along solved
//! paths, corrupted by a wrong filled digit, an eliminated solution digit, or both (what a player
//! pastes from a half-solved grid with a slip in it).
//!
//! For every such state the check ([`check_state`]) names each corruption, and the path engine
//! never takes a step that changes nothing: every step it returns places a candidate of an empty
//! cell or removes a candidate, and the path never ends solved. The default run checks
//! [`DEFAULT_COUNT`] states; the ignored test the rest of [`LONG_COUNT`]
//! (`cargo test --release --test solver inconsistent_states:: -- --ignored`), or
//! `TERMDOKU_INCONSISTENT=<count>` sets the default run's count; `TERMDOKU_INCONSISTENT_SEED`
//! changes the seed.

use crate::common;

use crate::common::Rng;
use termdoku::domain::{Board, Cell, Digit};
use termdoku::solver::check::{check_state, Inconsistent};
use termdoku::solver::engine::{
    context_with, makes_progress, solution_path, solution_path_with, PathError,
};
use termdoku::solver::exact::{self, Outcome};
use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
use termdoku::solver::techniques::SlotSet;
use termdoku::solver::{Candidate, Grid};

const DEFAULT_COUNT: u64 = 1_000;
const LONG_COUNT: u64 = 10_000;
const DEFAULT_SEED: u64 = 0x1c0_4515_7e47;

/// Unique puzzles whose paths give the states: easy ones (17 clues) and hard ones.
fn puzzles() -> Vec<String> {
    common::sample_puzzles(&[
        ("17_clue.every100.txt", 4),
        ("sudokuexchange_diabolical_sample160_with_SER.txt", 2),
    ])
}

/// A puzzle's solution and the states along its path.
struct Source {
    solution: [u8; 81],
    states: Vec<Board>,
}

fn source_of(line: &str) -> Source {
    let board = common::givens_board(line);
    let Outcome::Unique(sol) = exact::solve(&board) else {
        panic!("{line}: not unique");
    };
    let path = solution_path(&board);
    assert!(path.solved, "{line}");
    let mut grid = Grid::from_board(&board);
    let mut states = vec![board];
    for s in &path.steps {
        grid.apply(s);
        if !grid.is_solved() {
            states.push(grid.to_board());
        }
    }
    Source {
        solution: *sol.values(),
        states,
    }
}

/// A corrupted copy of `state`: a wrong filled digit (a candidate of the cell that is not its
/// solution), an eliminated solution digit, or both, in distinct empty cells.
fn corrupt(
    state: &Board,
    sol: &[u8; 81],
    rng: &mut Rng,
) -> Option<(Board, Vec<Cell>, Vec<Candidate>)> {
    let mut board = state.clone();
    let mut empties: Vec<Cell> = Cell::all().filter(|&c| state.is_empty_cell(c)).collect();
    rng.shuffle(&mut empties);
    let kind = rng.below(3);
    let (mut wrong, mut removed) = (Vec::new(), Vec::new());
    let mut cells = empties.into_iter();
    if kind != 1 {
        // A wrong digit: any other candidate of a cell with two or more.
        let c = cells.by_ref().find(|&c| state.candidates(c).len() > 1)?;
        let others: Vec<Digit> = state
            .candidates(c)
            .iter()
            .filter(|d| d.get() != sol[c.index()])
            .collect();
        board.set_filled(c, *rng.pick(&others));
        wrong.push(c);
    }
    if kind != 0 {
        let c = cells.find(|&c| board.is_empty_cell(c) && board.candidates(c).len() > 1)?;
        let d = Digit::new(sol[c.index()]).unwrap();
        board.eliminate(c, d);
        removed.push(Candidate::new(c, d));
    }
    Some((board, wrong, removed))
}

/// Checks `count` corrupted states; `first` separates the cases of the runs (a case that cannot
/// be corrupted, a state without a cell of two candidates, is skipped).
fn run(first: u64, count: u64) {
    let seed = common::env_seed("TERMDOKU_INCONSISTENT_SEED", DEFAULT_SEED);
    let lines = puzzles();
    let mut sources: Vec<Option<Source>> = (0..lines.len()).map(|_| None).collect();
    let (mut checked, mut stopped, mut steps) = (0u64, 0u64, 0usize);
    let mut case = first * 2;
    while checked < count {
        case += 1;
        let mut rng = Rng::new(seed ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let i = rng.below(lines.len());
        let src = sources[i].get_or_insert_with(|| source_of(&lines[i]));
        let state = rng.pick(&src.states).clone();
        let Some((board, wrong, removed)) = corrupt(&state, &src.solution, &mut rng) else {
            continue;
        };
        let ctx = format!("seed {seed} case {case}: {}", lines[i]);
        match check_state(&board) {
            Err(Inconsistent::Mistakes(m)) => {
                for c in &wrong {
                    assert!(m.wrong.contains(c), "{ctx}: {m}");
                }
                // A wrong digit in a peer already rules the digit out: then it is not "removed".
                for k in removed
                    .iter()
                    .filter(|k| board.auto_candidates(k.cell).contains(k.digit))
                {
                    assert!(m.removed.contains(k), "{ctx}: {m}");
                }
            }
            other => panic!("{ctx}: check says {other:?}"),
        }
        let slots = SlotSet::defaults();
        let path = solution_path_with(&board, slots);
        assert!(!path.solved, "{ctx}: a state without solution ends solved");
        let mut grid = Grid::from_board(&board);
        for s in &path.steps {
            assert!(
                makes_progress(&grid, s),
                "{ctx}: a step that changes nothing: {}",
                s.text
            );
            grid.apply(s);
        }
        if let Some(PathError::NoProgress(s)) = &path.error {
            assert!(!makes_progress(&grid, s), "{ctx}: {}", s.text);
            stopped += 1;
        }
        steps += path.steps.len();
        checked += 1;
    }
    eprintln!(
        "{checked} corrupted states: {stopped} paths stopped at a step that changes nothing, \
         {steps} steps in all"
    );
}

#[test]
fn corrupted_states_are_named_and_never_loop() {
    let count = common::env_count("TERMDOKU_INCONSISTENT", DEFAULT_COUNT, LONG_COUNT, "states");
    run(0, count);
}

#[test]
#[ignore = "long: the rest of 10,000 corrupted states (run in release)"]
fn corrupted_states_long() {
    run(DEFAULT_COUNT, LONG_COUNT - DEFAULT_COUNT);
}

/// Brute Force's solution among several is a solution of the state: its eliminations hold.
#[test]
fn brute_force_respects_eliminations() {
    // An empty grid: the smallest solution in cell order starts 12; with 2 removed from r1c2 it
    // must start otherwise, and agree with every candidate.
    let mut board = Board::empty();
    board.eliminate(Cell::from_rc(0, 1), Digit::new(2).unwrap());
    let ctx = context_with(&board, SlotSet::defaults());
    let sol = ctx.solution.expect("a solution");
    assert_ne!(sol[1].get(), 2);
    for c in Cell::all() {
        assert!(board.candidates(c).contains(sol[c.index()]), "{c}");
    }
}

/// States of puzzles with several solutions, with eliminations that keep one of them: the path
/// solves every one, and never places a digit the state had removed (Brute Force takes a
/// solution of the state, not of its digits alone).
#[test]
fn several_solutions_with_eliminations_are_solved() {
    let lines = puzzles();
    let mut rng = Rng::new(DEFAULT_SEED);
    let (mut several, mut breaking) = (0, 0);
    for case in 0..60 {
        let line = rng.pick(&lines).clone();
        let full = common::givens_board(&line);
        let Outcome::Unique(sol) = exact::solve(&full) else {
            panic!("{line}");
        };
        // Drop givens until the puzzle has several solutions.
        let mut board = full.clone();
        let mut givens: Vec<Cell> = Cell::all().filter(|&c| full.is_given(c)).collect();
        rng.shuffle(&mut givens);
        for c in givens.iter().take(6) {
            board.clear(*c);
        }
        if exact::count_solutions(&board.givens_only(), 2) < 2 {
            continue;
        }
        several += 1;
        // Remove candidates that are not the kept solution's.
        for _ in 0..40 {
            let c = Cell::from_index(rng.below(81));
            let d = Digit::new(rng.below(9) as u8 + 1).unwrap();
            if board.is_empty_cell(c) && d.get() != sol.values()[c.index()] {
                board.eliminate(c, d);
            }
        }
        let ctx = format!("case {case}: {line}");
        assert!(check_state(&board).is_ok(), "{ctx}");
        // The first solution of the digits alone breaks an elimination: the case that matters.
        let values = board.values_array();
        if let Some(by_digits) = first_solution_in_cell_order(&values) {
            let broken = Cell::all().any(|c| {
                let d = Digit::new(by_digits[c.index()]).unwrap();
                board.is_empty_cell(c) && !board.candidates(c).contains(d)
            });
            breaking += usize::from(broken);
        }
        let path = solution_path_with(&board, SlotSet::defaults());
        assert!(path.solved, "{ctx}: {:?}", path.error);
        let mut grid = Grid::from_board(&board);
        for s in &path.steps {
            assert!(makes_progress(&grid, s), "{ctx}: {}", s.text);
            grid.apply(s);
        }
    }
    assert!(
        several >= 30,
        "only {several} puzzles with several solutions"
    );
    eprintln!("{several} states with several solutions, {breaking} where the digits' first solution breaks an elimination");
    assert!(
        breaking >= 10,
        "only {breaking} states where the digits' first solution breaks an elimination"
    );
}
