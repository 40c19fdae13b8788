//! Hints: the ladder (`t`: the technique's name, where to look, the full step), applying a hint
//! (`T`, Enter), mistakes against the solution, the step search off the event loop and its
//! answer, the hint engine (`E`). Owns [`Hints`]: the hint on screen and the search under way.

use super::engine::explain_no_solution;
use super::play::{changed, edit};
use super::{plural, App, Effect};
use crate::domain::{Board, Cell};
use crate::editor::{CandidateMode, Command};
use crate::solver::fallback::StepEngine;
use crate::solver::step::Candidate;
use crate::solver::Step;

/// How much of a hint is shown (`t` climbs the ladder).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintStage {
    /// The technique's name.
    Technique,
    /// Where to look: the houses and the pattern cells.
    Where,
    /// The full step: pattern, eliminations, placements, text.
    Full,
}

impl HintStage {
    /// 1, 2 or 3.
    pub const fn number(self) -> u8 {
        match self {
            HintStage::Technique => 1,
            HintStage::Where => 2,
            HintStage::Full => 3,
        }
    }

    pub const fn from_number(n: u8) -> Option<HintStage> {
        match n {
            1 => Some(HintStage::Technique),
            2 => Some(HintStage::Where),
            3 => Some(HintStage::Full),
            _ => None,
        }
    }
}

/// What a hint says: the next step, or that the board has a mistake.
// One hint lives in the app at a time, so the step stays inline rather than boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintKind {
    Step(Step),
    /// Filled digits that differ from the solution and solution candidates the player removed.
    Mistake {
        wrong: Vec<Cell>,
        removed: Vec<Candidate>,
    },
}

/// A step search under way: the board it was asked for, and whether to apply the step (`T`)
/// rather than show it (`t`), or to show it silently at a stage (a restored view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintSearch {
    pub board: Board,
    pub apply: bool,
    /// The search restores a saved hint at this stage (no message, not counted as a hint).
    pub restore: Option<HintStage>,
}

/// A hint on screen, valid for the board it was computed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub kind: HintKind,
    pub stage: HintStage,
    pub board: Board,
    /// The engine that found the step (HoDoKu for a mistake).
    pub engine: StepEngine,
    /// The branch of a many-branch step the board draws, 1-based; 0: all of them
    /// (`super::hint_view`).
    pub branch: usize,
}

impl Hint {
    /// The step, when the hint is one.
    pub fn step(&self) -> Option<&Step> {
        match &self.kind {
            HintKind::Step(s) => Some(s),
            HintKind::Mistake { .. } => None,
        }
    }

    /// The technique as its engine names it: HoDoKu's name, or SE's with SE's difficulty of
    /// the step (`Dynamic Forcing Chains (8.9)`).
    pub fn technique_name(&self) -> Option<String> {
        self.step().map(|s| s.title())
    }
}

/// The hint part of the player: what is on screen and what is being searched.
#[derive(Clone, Debug, Default)]
pub struct Hints {
    /// The hint on screen (valid while its board is the board on screen).
    shown: Option<Hint>,
    /// The step search running off the event loop, if any.
    search: Option<HintSearch>,
    /// Whether SE's nested chains are listed whole under the step they serve (`z`), rather
    /// than folded into one line.
    nested_open: bool,
}

impl Hints {
    /// The hint on screen (valid while its board is the board on screen).
    pub fn shown(&self) -> Option<&Hint> {
        self.shown.as_ref()
    }

    /// The step search running off the event loop, if any.
    pub fn search(&self) -> Option<&HintSearch> {
        self.search.as_ref()
    }

    /// Whether SE's nested chains are listed whole (`z`), rather than folded into one line.
    pub fn nested_open(&self) -> bool {
        self.nested_open
    }

    /// `z`: SE's nested chains listed whole, or folded; the new choice.
    pub(super) fn toggle_nested(&mut self) -> bool {
        self.nested_open = !self.nested_open;
        self.nested_open
    }

    /// Draws branch `branch` (1-based; 0: all) of the hint on screen.
    pub(super) fn set_branch(&mut self, branch: usize) {
        if let Some(h) = self.shown.as_mut() {
            h.branch = branch;
        }
    }

    /// Forgets the hint on screen (the game changed under it).
    pub fn hide(&mut self) {
        self.shown = None;
    }
}

impl App {
    /// Puts `hint` on screen as the ladder would (the drawing's tests).
    pub fn show_hint(&mut self, hint: Hint) {
        self.hints.shown = Some(hint);
    }

    /// Takes the hint off the screen.
    pub fn hide_hint(&mut self) {
        self.hints.hide();
    }

    /// Waits for the answer of a step search for `search.board` (the tests of failing jobs).
    pub fn await_step_search(&mut self, search: HintSearch) {
        self.hints.search = Some(search);
    }
}

/// Mistakes of a board against its solution: wrong filled digits, and solution candidates the
/// player removed (in Manual mode only in cells that have marks).
pub fn mistakes(app: &App, board: &Board, sol: &[u8; 81]) -> (Vec<Cell>, Vec<Candidate>) {
    let manual = app.editor().candidate_mode() == CandidateMode::Manual;
    let found = crate::solver::check::mistakes(board, sol, manual);
    (found.wrong, found.removed)
}

/// What a hint can say about the current board without the step engine: a mistake (`Some(Ok)`),
/// or that the givens have no solution (`Some(Err)`); `None` when the next step must be searched.
fn hint_before_search(app: &mut App) -> Option<Result<HintKind, String>> {
    let board = app.board().clone();
    match app.solution.get(&board).copied() {
        Some(sol) => {
            let (wrong, removed) = mistakes(app, &board, &sol);
            if !wrong.is_empty() || !removed.is_empty() {
                return Some(Ok(HintKind::Mistake { wrong, removed }));
            }
            None
        }
        None => {
            let givens = board.givens_only();
            if app.solution.count(&givens) == 0 {
                return Some(Err(format!(
                    "No hint: the puzzle has no solution ({})",
                    explain_no_solution(&givens)
                )));
            }
            None
        }
    }
}

/// The hint made of the step the engine found for the current board (never one that places or
/// removes against the solution).
fn hint_from_step(app: &mut App, step: Option<Step>) -> Result<HintKind, String> {
    let board = app.board().clone();
    match app.solution.get(&board).copied() {
        Some(sol) => {
            let step = step.ok_or("No hint found for this state")?;
            let against = step
                .placements
                .iter()
                .any(|p| sol[p.cell.index()] != p.digit.get())
                || step
                    .eliminations
                    .iter()
                    .any(|e| sol[e.cell.index()] == e.digit.get());
            if against {
                return Err("No safe hint for this state".into());
            }
            Ok(HintKind::Step(step))
        }
        None => step.map(HintKind::Step).ok_or_else(|| {
            "No hint: this state has no solution (several solutions to the givens; uniqueness techniques are off)".into()
        }),
    }
}

/// Asks the step engine for the next step of the current board, off the event loop
/// ([`super::Action::StepFound`] brings it back); `apply` applies it once found instead of
/// showing it. While a search for this board runs, another one is not started.
fn search_step(app: &mut App, apply: bool, fx: &mut Vec<Effect>) {
    let board = app.board().clone();
    if let Some(search) = app.hints.search.as_mut().filter(|s| s.board == board) {
        search.apply |= apply;
        search.restore = None;
        app.info("Still searching for a hint… (Esc stops waiting)");
        return;
    }
    app.hints.search = Some(HintSearch {
        board: board.clone(),
        apply,
        restore: None,
    });
    app.info("Searching for a hint… (Esc stops waiting)");
    fx.push(find_step(app, board));
}

/// The step search of a board as an effect.
fn find_step(app: &App, board: Board) -> Effect {
    Effect::FindStep {
        board,
        slots: app.config.solver,
        engine: app.config.hint_engine,
    }
}

/// The step engine's answer for `board` arrived: shown as a hint (or applied) when the board is
/// still the one it was asked for and the search was not given up; dropped otherwise.
pub fn step_found(app: &mut App, board: &Board, step: Option<Step>, engine: StepEngine) {
    let Some(search) = app.hints.search.take() else {
        return;
    };
    if search.board != *board || *app.board() != *board {
        // A newer search may still run; this answer is for an older board.
        if search.board != *board {
            app.hints.search = Some(search);
        }
        return;
    }
    match (hint_from_step(app, step), search.restore) {
        (Ok(kind), Some(stage)) => {
            app.hints.shown = Some(Hint {
                kind,
                stage,
                board: board.clone(),
                engine,
                branch: 1,
            });
        }
        (Ok(kind), None) => {
            app.game_mut().hints_used = app.game().hints_used.saturating_add(1);
            deliver_hint(app, kind, search.apply, engine);
        }
        (Err(_), Some(_)) => {}
        (Err(e), None) => app.error(e),
    }
}

/// The step search died (a panic in the engine): the wait ends with the reason.
pub fn search_failed(app: &mut App, why: &str) {
    if app.hints.search.take().is_some() {
        app.error(format!("The hint search failed: {why}"));
    }
}

/// Shows a freshly found hint at its first stage.
fn show_new_hint(app: &mut App, kind: HintKind, engine: StepEngine) {
    let h = Hint {
        kind,
        stage: HintStage::Technique,
        board: app.board().clone(),
        engine,
        branch: 1,
    };
    let text = hint_text(app, &h);
    app.info(text);
    app.hints.shown = Some(h);
    app.unsaved.touched();
}

/// `t`: the next stage of the hint on screen, else a new hint.
pub fn hint(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(h) = app.live_hint().cloned() {
        let stage = match h.stage {
            HintStage::Technique => HintStage::Where,
            HintStage::Where | HintStage::Full => HintStage::Full,
        };
        let h = Hint { stage, ..h };
        let text = hint_text(app, &h);
        app.info(text);
        app.hints.shown = Some(h);
        app.unsaved.touched();
        return;
    }
    new_hint(app, false, fx);
}

/// A hint for the current board, none being on screen: a mistake or a missing solution is told
/// at once, else the next step is searched. `apply` applies it (`T`) instead of showing it.
fn new_hint(app: &mut App, apply: bool, fx: &mut Vec<Effect>) {
    if app.board().is_solved() {
        app.info("Solved: no hint needed");
        return;
    }
    match hint_before_search(app) {
        Some(Ok(kind)) => deliver_hint(app, kind, apply, StepEngine::Hodoku),
        Some(Err(e)) => app.error(e),
        None => search_step(app, apply, fx),
    }
}

/// Shows a new hint, or applies it.
fn deliver_hint(app: &mut App, kind: HintKind, apply: bool, engine: StepEngine) {
    if apply {
        apply_kind(app, kind);
    } else {
        show_new_hint(app, kind, engine);
    }
}

/// `E`: hints from the other engine (saved with the game; `hint_engine` in the config sets it for
/// new games). A hint on screen or under way belongs to the old engine and goes.
pub fn switch_engine(app: &mut App) {
    app.config.hint_engine = app.config.hint_engine.next();
    app.hints.shown = None;
    app.hints.search = None;
    app.unsaved.touched();
    app.info(format!(
        "Hints: {} (E: switch)",
        app.config.hint_engine.name()
    ));
}

/// Whether the givens of the board have several solutions (hints then skip uniqueness).
fn ambiguous(app: &mut App) -> bool {
    let b = app.board().clone();
    app.solution.count(&b) > 1
}

/// The status-line text of a hint at its stage.
pub fn hint_text(app: &mut App, h: &Hint) -> String {
    match &h.kind {
        HintKind::Mistake { wrong, removed } => {
            let what = match (wrong.is_empty(), removed.is_empty()) {
                (false, true) => "a wrong digit",
                (true, false) => "a wrongly removed candidate",
                _ => "a wrong digit and a wrongly removed candidate",
            };
            match h.stage {
                HintStage::Technique => {
                    format!("Hint: the board has a mistake: {what} (t: where)")
                }
                HintStage::Where | HintStage::Full => {
                    let mut parts: Vec<String> =
                        wrong.iter().map(|c| format!("{c} is wrong")).collect();
                    parts.extend(
                        removed
                            .iter()
                            .map(|k| format!("{} was removed from {}", k.digit, k.cell)),
                    );
                    format!(
                        "Mistake: {} (T or Enter: undo to the last correct state)",
                        parts.join(", ")
                    )
                }
            }
        }
        HintKind::Step(step) => {
            let mut note = super::marks::note(&h.board);
            if ambiguous(app) {
                note.push_str(" [several solutions: uniqueness techniques off]");
            }
            match h.stage {
                HintStage::Technique => {
                    format!(
                        "Hint: {} (t: where){note}",
                        h.technique_name().unwrap_or_default()
                    )
                }
                HintStage::Where => format!(
                    "Hint: {}: look at the highlighted cells (t: full step){note}",
                    h.technique_name().unwrap_or_default()
                ),
                HintStage::Full => format!("{} (Enter: apply){note}", step.text),
            }
        }
    }
}

/// `T`: applies the hint on screen, else finds the next step and applies it.
pub fn apply_hint(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(h) = app.live_hint() {
        let kind = h.kind.clone();
        apply_kind(app, kind);
        return;
    }
    new_hint(app, true, fx);
}

/// Enter in play: applies the hint on screen.
pub fn apply_shown(app: &mut App) -> bool {
    match app.live_hint() {
        Some(h) => {
            let kind = h.kind.clone();
            apply_kind(app, kind);
            true
        }
        None => false,
    }
}

/// Applies a hint: its step, or for a mistake the undo to the last correct state.
fn apply_kind(app: &mut App, kind: HintKind) {
    match kind {
        HintKind::Step(step) => {
            let text = applied(&step);
            let cmd = super::marks::apply_command(app.board(), app.candidate_mode(), step);
            if edit(app, cmd) {
                app.hints.shown = None;
                if !app.board().is_solved() {
                    app.info(text);
                }
            }
        }
        HintKind::Mistake { .. } => undo_to_correct(app),
    }
}

/// What the status line says of an applied step: the technique as its engine names it (an SE
/// step with its difficulty) and the result, placements then eliminations:
/// `Applied: Dynamic Forcing Chains (9.4): r1c2<>7`, `Applied: X-Wing: r2c5,r8c5<>4`.
pub fn applied(step: &Step) -> String {
    let mut places = step.placements.clone();
    places.sort();
    places.dedup();
    let mut parts: Vec<String> = places
        .iter()
        .map(|p| format!("{}={}", p.cell, p.digit))
        .collect();
    if !step.eliminations.is_empty() {
        parts.push(crate::solver::step::eliminations_text(&step.eliminations));
    }
    format!("Applied: {}: {}", step.title(), parts.join(", "))
}

/// Undoes back to the newest state without a mistake; when no earlier state is correct, fixes
/// the board directly (wrong digits cleared, removed candidates back) as one undo step.
fn undo_to_correct(app: &mut App) {
    let board = app.board().clone();
    let Some(sol) = app.solution.get(&board).copied() else {
        return;
    };
    let stack: Vec<Board> = app
        .editor()
        .history()
        .undo_stack()
        .iter()
        .map(|s| s.board.clone())
        .collect();
    let depth = stack.iter().rev().position(|b| {
        let (w, r) = mistakes(app, b, &sol);
        w.is_empty() && r.is_empty()
    });
    app.hints.shown = None;
    match depth {
        Some(k) => {
            for _ in 0..=k {
                app.current.undo();
            }
            changed(app);
            app.info(format!(
                "Undid {} back to the last correct state (Ctrl+r redoes)",
                plural(k + 1, "step")
            ));
        }
        None => {
            let (wrong, removed) = mistakes(app, &board, &sol);
            let mut fixed = board;
            for c in wrong {
                fixed.clear(c);
            }
            for k in removed {
                fixed.add_candidate(k.cell, k.digit);
            }
            if edit(app, Command::Load(Box::new(fixed))) {
                app.info("No earlier state was correct: the mistakes were removed (u undoes)");
            }
        }
    }
}

/// Esc in play, after the filter and practice: stop waiting for a hint, else hide it. `false`
/// when there was neither.
pub fn escape(app: &mut App) -> bool {
    if app.hints.search.take().is_some() {
        app.info("Stopped waiting for the hint");
    } else if app.hints.shown.take().is_some() {
        app.info("Hint hidden");
    } else {
        return false;
    }
    true
}

/// The hint of a given stage on the current board (a restored view): a mistake is known at
/// once, a step is searched off the event loop and shown silently when it arrives.
pub fn restore_at_stage(app: &mut App, stage: HintStage, fx: &mut Vec<Effect>) {
    if app.board().is_solved() {
        return;
    }
    let board = app.board().clone();
    match hint_before_search(app) {
        Some(Ok(kind)) => {
            app.hints.shown = Some(Hint {
                kind,
                stage,
                board,
                engine: StepEngine::Hodoku,
                branch: 1,
            });
        }
        Some(Err(_)) => {}
        None => {
            app.hints.search = Some(HintSearch {
                board: board.clone(),
                apply: false,
                restore: Some(stage),
            });
            fx.push(find_step(app, board));
        }
    }
}
