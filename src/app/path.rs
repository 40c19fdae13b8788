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

/// The selected step of the open view with the state it was found on: the path's start with
/// the steps before it applied (`i` explains it there).
pub fn selected_on(app: &App) -> Option<(&Step, Board)> {
    match app.ui.overlay.get() {
        Overlay::Path(p) if p.board == *app.board() => {
            let steps = p.steps.as_ref()?;
            let step = steps.get(p.selected)?;
            let mut grid = crate::solver::Grid::from_board(&p.board);
            for s in &steps[..p.selected] {
                grid.apply(s);
            }
            Some((step, grid.to_board()))
        }
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

/// The view's box inside a screen of `(w, h)`: the inner width and height of the box the
/// path is drawn in (the screen less 4 columns, at least 20, less 2 lines, less its border).
pub fn inner_size((w, h): (u16, u16)) -> (u16, u16) {
    let bw = w.saturating_sub(4).max(20).min(w);
    let bh = h.saturating_sub(2);
    (bw.saturating_sub(2), bh.saturating_sub(2))
}

/// The summary lines on top of the view (at most a third of its height) and how many steps
/// the rows below them show, in a box of inner size `w` x `h`.
pub fn rows(p: &PathView, w: u16, h: u16) -> (Vec<String>, usize) {
    let head = summary_lines(p, usize::from(w), usize::from(h / 3));
    let head_h = if head.is_empty() { 0 } else { head.len() + 1 };
    let visible = usize::from(h).saturating_sub(head_h).max(1);
    (head, visible)
}

/// How many steps a page of the view moves on a screen of `screen`: the rows the steps have
/// under the summary.
pub fn page(p: &PathView, screen: (u16, u16)) -> usize {
    let (w, h) = inner_size(screen);
    rows(p, w, h).1
}

/// The path's summary wrapped to `w` (`Summary: 21 Full House, 27 Naked Single, …`), at most
/// `max` lines (the last one ending in `…` when it goes on); none for an empty path.
fn summary_lines(p: &PathView, w: usize, max: usize) -> Vec<String> {
    use super::text::fit;
    let width = |s: &str| s.chars().count();
    if p.summary.is_empty() || max == 0 {
        return Vec::new();
    }
    // Broken between entries only (`27 Naked Single` stays whole); an entry too long is cut.
    let room = w.saturating_sub(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::from(" Summary:");
    for (i, l) in p.summary.iter().enumerate() {
        let sep = if i + 1 < p.summary.len() { "," } else { "" };
        let part = format!("{} {}{sep}", l.count, l.name);
        if width(&line) + 1 + width(&part) > room && width(&line) > 1 {
            lines.push(std::mem::replace(&mut line, String::from(" ")));
        }
        if width(&line) > 1 {
            line.push(' ');
        }
        line.push_str(&part);
    }
    lines.push(line);
    let mut lines: Vec<String> = lines.into_iter().map(|l| fit(&l, w)).collect();
    if lines.len() > max {
        lines.truncate(max);
        if let Some(last) = lines.last_mut() {
            *last = fit(&format!("{last} …"), w);
            if !last.ends_with('…') {
                last.push('…');
            }
        }
    }
    lines
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
