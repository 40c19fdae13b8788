//! The solution-path view (`v`): the hint engine's steps from the current state (HoDoKu's, or
//! Sudoku Explainer's with their difficulties), computed in the background, and the path's
//! summary (how many steps of each technique); Enter applies the steps up to the selected one
//! as one undo step.

use super::hints::mistakes;
use super::play::edit;
use super::{engine, plural, App, Effect, Overlay};
use crate::domain::Board;
use crate::editor::Command;
use crate::solver::summary::{self, SummaryLine};
use crate::solver::techniques::SlotSet;
use crate::solver::Step;
use crate::storage::HintEngine;

/// The solution-path view (`v`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathView {
    /// The state the path starts from.
    pub board: Board,
    /// `None` while the path is being computed.
    pub steps: Option<Vec<Step>>,
    /// How many steps of each technique the path takes (once it arrived).
    pub summary: Vec<SummaryLine>,
    /// The engine whose path it is (the hint engine when the view opened).
    pub engine: HintEngine,
    pub selected: usize,
}

/// The selected step of the open view while it belongs to the board (`i` reads it whole).
pub fn selected(app: &App) -> Option<&Step> {
    match app.ui.overlay.get() {
        Overlay::Path(p) if p.board == *app.board() => p.steps.as_ref()?.get(p.selected),
        _ => None,
    }
}

/// `v`: opens the view and asks for the path (unless solved or wrong).
pub fn open(app: &mut App, fx: &mut Vec<Effect>) {
    if app.board().is_solved() {
        app.info("Solved: no path left");
        return;
    }
    let board = app.board().clone();
    if let Some(sol) = app.solution.get(&board).copied() {
        let (w, r) = mistakes(app, &board, &sol);
        if !w.is_empty() || !r.is_empty() {
            app.error("The board has a mistake, so no path leads on from here (t shows it)");
            return;
        }
    }
    let engine = app.config.hint_engine;
    app.ui.overlay.open(Overlay::Path(Box::new(PathView {
        board: board.clone(),
        steps: None,
        summary: Vec::new(),
        engine,
        selected: 0,
    })));
    // What the status line said belongs to the board left behind.
    app.info(format!(
        "Computing {}'s solution path… (Esc closes)",
        engine.name()
    ));
    fx.push(Effect::SolutionPath(board, engine));
}

/// The path of `board` arrived: shown when the view still waits for it.
pub fn ready(app: &mut App, board: &Board, steps: Vec<Step>) {
    if let Some(p) = app.ui.overlay.path_mut() {
        if p.board == *board {
            p.selected = 0;
            let n = steps.len();
            p.summary = summary::of_steps(&steps);
            p.steps = Some(steps);
            app.info(format!(
                "Solution path: {}; Enter applies up to the selected one, i reads it whole",
                plural(n, "step")
            ));
        }
    }
}

/// The path search died: the view closes with the reason.
pub fn failed(app: &mut App, why: &str) {
    if matches!(app.ui.overlay.get(), Overlay::Path(p) if p.steps.is_none()) {
        app.ui.overlay.close();
    }
    app.error(format!("The solution path failed: {why}"));
}

/// Enter in the view: the steps up to the selected one, applied at once.
pub fn select(app: &mut App, p: Box<PathView>) {
    match &p.steps {
        Some(steps) if !steps.is_empty() && p.board == *app.board() => {
            let n = (p.selected + 1).min(steps.len());
            let chosen = steps[..n].to_vec();
            if edit(app, Command::ApplySteps(chosen)) {
                app.hints.hide();
                app.info(format!(
                    "Applied {} of the path (u undoes them at once)",
                    plural(n, "step")
                ));
            }
        }
        Some(_) => {}
        None => app.ui.overlay.open(Overlay::Path(p)),
    }
}

/// The steps of the solution path from a state with the engine (background).
pub fn path_steps(
    board: &Board,
    slots: SlotSet,
    engine: HintEngine,
    solved: &super::Solved,
) -> Vec<Step> {
    match engine {
        HintEngine::Hodoku => engine::solution_path(board, slots, solved).steps,
        HintEngine::Se => engine::se_path(board),
    }
}
