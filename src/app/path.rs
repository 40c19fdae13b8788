//! The solution-path view (`v`): HoDoKu's steps from the current state, computed in the
//! background; Enter applies the steps up to the selected one as one undo step.

use super::hints::mistakes;
use super::play::edit;
use super::{engine, plural, App, Effect, Overlay};
use crate::domain::Board;
use crate::editor::Command;
use crate::solver::techniques::SlotSet;
use crate::solver::Step;

/// The solution-path view (`v`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathView {
    /// The state the path starts from.
    pub board: Board,
    /// `None` while the path is being computed.
    pub steps: Option<Vec<Step>>,
    pub selected: usize,
}

/// The selected step of the open view while it belongs to the board (`i` reads it whole).
pub fn selected(app: &App) -> Option<&Step> {
    match &app.ui.overlay {
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
    app.ui.overlay = Overlay::Path(Box::new(PathView {
        board: board.clone(),
        steps: None,
        selected: 0,
    }));
    // What the status line said belongs to the board left behind.
    app.info("Computing the solution path… (Esc closes)");
    fx.push(Effect::SolutionPath(board));
}

/// The path of `board` arrived: shown when the view still waits for it.
pub fn ready(app: &mut App, board: &Board, steps: Vec<Step>) {
    if let Overlay::Path(p) = &mut app.ui.overlay {
        if p.board == *board {
            p.selected = 0;
            let n = steps.len();
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
    if matches!(&app.ui.overlay, Overlay::Path(p) if p.steps.is_none()) {
        app.ui.overlay = Overlay::None;
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
        None => app.ui.overlay = Overlay::Path(p),
    }
}

/// The steps of the solution path from a state (background).
pub fn path_steps(board: &Board, slots: SlotSet, solved: &super::Solved) -> Vec<Step> {
    engine::solution_path(board, slots, solved).steps
}
