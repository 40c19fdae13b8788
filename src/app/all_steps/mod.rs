//! The all-steps view (HoDoKu's "All steps" tab) and its background search, and the actions and
//! effects of practice by technique ([`super::practice`]).
//!
//! `A` opens HoDoKu's "All steps" list of the current state (`solver::all_steps`): grouped by
//! technique with counts, sorted as HoDoKu sorts it, a step with the same effect as the one
//! above it shown under it; the search runs on a worker (the view counts its stages) and the
//! list comes when it is done. `c` adds forcing chains and nets (off, as in HoDoKu). Moving through
//! it previews the step on the board as the hint's third stage draws it; Enter applies it (one
//! undo step) and lists the steps of the new state; `f`/`F` narrow the list to one family or
//! technique; `←`/`→` jump between techniques. Where the terminal is too small for both a
//! candidate board and a wide list (80x24), the list is narrow beside the board that draws the
//! step; `w` trades the board's candidates for a wide list and back.
//!
//! With the Sudoku Explainer engine (`E`) the list is SE's hints for the state sorted by
//! difficulty, grouped by difficulty and SE's technique (`8.9 Dynamic Forcing Chains`); the
//! filters still narrow it by the HoDoKu family of each hint's reasoning.

pub(super) mod search;

pub use search::{options, run, search, Group, Keep, StepsAction, StepsEffect, Watch};

use super::hints::mistakes;
use super::play::edit;
use super::{plural, App, Overlay};
use crate::domain::Board;
use crate::editor::Command;
use crate::solver::techniques::all::{StepFilter, TechniqueFamily};
use crate::solver::Step;
use crate::storage::HintEngine;

/// The all-steps view.
#[derive(Clone, Debug)]
pub struct AllStepsView {
    /// The state the list is for.
    pub board: Board,
    /// The steps found so far, by technique in search order.
    pub groups: Vec<Group>,
    /// Stages searched so far, of `slots`.
    pub searched: usize,
    pub slots: usize,
    pub done: bool,
    /// Forcing chains and nets are listed.
    pub forcing: bool,
    pub filter: Option<StepFilter>,
    /// The selected step: (group, index in the group).
    pub selected: Option<(usize, usize)>,
    /// Which search the view waits for.
    pub id: u64,
    /// The engine whose steps are listed (the hint engine when the view opened).
    pub engine: HintEngine,
    /// The branch of the selected step the board draws (`]`, `[`; 1-based, 0: all), kept with
    /// the step it was chosen for.
    branch: Option<(Box<Step>, usize)>,
    _keep: Keep,
}

impl PartialEq for AllStepsView {
    fn eq(&self, o: &AllStepsView) -> bool {
        self.id == o.id
            && self.board == o.board
            && self.groups == o.groups
            && self.searched == o.searched
            && self.done == o.done
            && self.filter == o.filter
            && self.selected == o.selected
            && self.engine == o.engine
            && self.branch == o.branch
    }
}

impl Eq for AllStepsView {}

/// One row of the list as drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// A technique's heading: the group and its number of entries.
    Heading(usize, usize),
    /// A step: (group, index in the group).
    Step(usize, usize),
    /// A step with the same effect as the step above, under it: (group, index of that step,
    /// index among its duplicates).
    Duplicate(usize, usize, usize),
}

impl AllStepsView {
    /// The groups that pass the filter.
    fn shown(&self, g: usize) -> bool {
        self.filter
            .is_none_or(|f| f.matches(self.groups[g].technique))
    }

    /// The rows of the list, headings and steps, as drawn.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for (g, group) in self.groups.iter().enumerate() {
            if !self.shown(g) {
                continue;
            }
            rows.push(Row::Heading(g, group.steps.len()));
            for i in 0..group.steps.len() {
                rows.push(Row::Step(g, i));
                let dups = group.duplicates.get(i).map_or(0, Vec::len);
                rows.extend((0..dups).map(|k| Row::Duplicate(g, i, k)));
            }
        }
        rows
    }

    /// The selectable steps in list order.
    fn step_rows(&self) -> Vec<(usize, usize)> {
        self.rows()
            .into_iter()
            .filter_map(|r| match r {
                Row::Step(g, i) => Some((g, i)),
                Row::Heading(..) | Row::Duplicate(..) => None,
            })
            .collect()
    }

    /// The selected step.
    pub fn step(&self) -> Option<&Step> {
        let (g, i) = self.selected?;
        self.groups.get(g)?.steps.get(i)
    }

    /// The branch of the selected step the board draws (1-based, the first until `]`/`[` choose
    /// another, as for a hint; 0: every branch at once).
    pub fn branch(&self) -> usize {
        match (&self.branch, self.step()) {
            (Some((s, b)), Some(now)) if **s == *now => *b,
            _ => 1,
        }
    }

    /// Draws the selected step's branch `b` (1-based; 0: all of them).
    pub fn set_branch(&mut self, b: usize) {
        self.branch = self.step().map(|s| (Box::new(s.clone()), b));
    }

    /// Number of steps that pass the filter.
    pub fn count(&self) -> usize {
        self.step_rows().len()
    }

    /// The selected step's place among the steps that pass the filter, from 1.
    pub fn position(&self) -> Option<usize> {
        let s = self.selected?;
        Some(self.step_rows().iter().position(|&r| r == s)? + 1)
    }

    /// Keeps the selection on a shown step (the first one when there is none).
    fn settle(&mut self) {
        let rows = self.step_rows();
        if self.selected.is_none_or(|s| !rows.contains(&s)) {
            self.selected = rows.first().copied();
        }
    }

    /// Moves the selection one step up or down (wrapping).
    pub fn move_by(&mut self, up: bool) {
        let rows = self.step_rows();
        if rows.is_empty() {
            return;
        }
        let at = self
            .selected
            .and_then(|s| rows.iter().position(|&r| r == s))
            .unwrap_or(0);
        let n = rows.len();
        let next = if up { (at + n - 1) % n } else { (at + 1) % n };
        self.selected = Some(rows[next]);
    }

    /// Moves the selection to the first step of the next (or previous) technique.
    fn jump_group(&mut self, back: bool) {
        let rows = self.step_rows();
        let Some((g, _)) = self.selected else {
            return;
        };
        let firsts: Vec<(usize, usize)> = rows.iter().copied().filter(|r| r.1 == 0).collect();
        let at = firsts.iter().position(|r| r.0 == g).unwrap_or(0);
        let n = firsts.len();
        if n > 0 {
            let next = if back { (at + n - 1) % n } else { (at + 1) % n };
            self.selected = Some(firsts[next]);
        }
    }

    /// The filters `f` cycles through: none, then each family present, then each technique
    /// present (families and techniques in search order).
    fn filters(&self) -> Vec<Option<StepFilter>> {
        let mut out = vec![None];
        for f in TechniqueFamily::ALL {
            if self
                .groups
                .iter()
                .any(|g| TechniqueFamily::of(g.technique) == f)
            {
                out.push(Some(StepFilter::TechniqueFamily(f)));
            }
        }
        let mut seen: Vec<&'static crate::solver::technique::Slot> = Vec::new();
        for g in &self.groups {
            let slot = g.technique.slot();
            if !seen.iter().any(|s| std::ptr::eq(*s, slot)) {
                seen.push(slot);
                out.push(Some(StepFilter::Technique(g.technique)));
            }
        }
        out
    }

    fn cycle_filter(&mut self, back: bool) {
        let all = self.filters();
        let at = all.iter().position(|f| *f == self.filter).unwrap_or(0);
        let n = all.len();
        self.filter = all[if back { (at + n - 1) % n } else { (at + 1) % n }];
        self.settle();
    }

    /// Adds groups of entries: HoDoKu's finished list as it comes, or SE's hints of one producer
    /// (in difficulty order, each merged into its technique and difficulty's group, the
    /// selection kept on its step).
    fn add(&mut self, groups: Vec<Group>) {
        let selected = self.step().cloned();
        for g in groups {
            let same =
                |h: &&mut Group| g.se.is_some() && h.technique == g.technique && h.se == g.se;
            match self.groups.iter_mut().find(same) {
                Some(h) => {
                    h.steps.extend(g.steps);
                    h.duplicates.extend(g.duplicates);
                }
                None => self.groups.push(g),
            }
        }
        if self.engine == HintEngine::Se {
            // Stable: equal difficulties keep SE's producer order.
            self.groups.sort_by_key(|g| g.se.map(|(_, d)| d));
            self.selected = selected.and_then(|want| {
                self.groups
                    .iter()
                    .enumerate()
                    .find_map(|(g, group)| Some((g, group.steps.iter().position(|s| *s == want)?)))
            });
        }
        self.settle();
    }
}

/// Applies a steps action.
pub fn update(app: &mut App, action: StepsAction, fx: &mut Vec<super::Effect>) {
    match action {
        StepsAction::Open => open(app, None, fx),
        StepsAction::Filter { back } => {
            if let Some(v) = app.ui.overlay.all_steps_mut() {
                v.cycle_filter(back);
                let what = match v.filter {
                    Some(f) => format!("Showing {}: {}", f.name(), plural(v.count(), "step")),
                    None => format!("Showing every step: {}", plural(v.count(), "step")),
                };
                app.info(what);
            }
        }
        StepsAction::Jump { back } => {
            if let Some(v) = app.ui.overlay.all_steps_mut() {
                v.jump_group(back);
            }
            describe(app);
        }
        StepsAction::WideList => {
            if matches!(app.ui.overlay.get(), Overlay::AllSteps(_)) {
                app.ui.steps.wide_list = !app.ui.steps.wide_list;
                app.info(if app.ui.steps.wide_list {
                    "Wide list, beside a board of digits where both do not fit (w: back)"
                } else {
                    "The board with candidates, beside a narrow list (w: wide list)"
                });
            }
        }
        StepsAction::Forcing => {
            if let Overlay::AllSteps(v) = app.ui.overlay.get() {
                let filter = v.filter;
                app.ui.steps.forcing = !app.ui.steps.forcing;
                open(app, filter, fx);
                app.info(if app.ui.steps.forcing {
                    "Forcing chains and nets listed too (c: leave them out)"
                } else {
                    "HoDoKu's list: no forcing chains or nets (c: list them)"
                });
            }
        }
        StepsAction::Practice => super::practice::menu(app),
        StepsAction::Found {
            id,
            groups,
            searched,
            done,
        } => {
            if let Some(v) = view_mut(app) {
                if v.id == id {
                    let had = v.selected.is_some();
                    v.add(groups);
                    v.searched = searched;
                    v.done |= done;
                    if done || !had {
                        describe(app);
                    }
                }
            }
        }
        StepsAction::PracticeReady { id, result } => super::practice::ready(app, id, &result.0),
    }
}

/// The open view, also while the text view (`i`) is read over it.
fn view(app: &App) -> Option<&AllStepsView> {
    match app.ui.overlay.get() {
        Overlay::AllSteps(v) => Some(v),
        Overlay::Text(t) => match t.under.as_deref() {
            Some(Overlay::AllSteps(v)) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// [`view`], to change: the search goes on while the text view is read.
pub fn view_mut(app: &mut App) -> Option<&mut AllStepsView> {
    app.ui.overlay.all_steps_under_mut()
}

/// Opens the view on the current state (keeping a filter), and starts its search.
fn open(app: &mut App, filter: Option<StepFilter>, fx: &mut Vec<super::Effect>) {
    let board = app.board().clone();
    if board.is_solved() {
        app.info("Solved: no step left");
        return;
    }
    let solved = app.solution.shared(&board);
    if let Some(sol) = solved.solution() {
        let (w, r) = mistakes(app, &board, sol);
        if !w.is_empty() || !r.is_empty() {
            app.error("The board has a mistake, so no step leads on from here (t shows it)");
            return;
        }
    }
    let id = app.ui.steps.new_search();
    let keep = Keep::default();
    let engine = app.config.hint_engine;
    let forcing = app.ui.steps.forcing;
    fx.push(super::Effect::Steps(StepsEffect::Search {
        board: Box::new(board.clone()),
        slots: app.config.solver,
        engine,
        forcing,
        solved,
        id,
        watch: keep.watch(),
    }));
    app.ui
        .overlay
        .open(Overlay::AllSteps(Box::new(AllStepsView {
            board,
            groups: Vec::new(),
            searched: 0,
            slots: match engine {
                HintEngine::Hodoku => options(app.config.solver, forcing).stages(),
                HintEngine::Se => super::engine::se_producer_count(),
            },
            done: false,
            forcing,
            filter,
            selected: None,
            id,
            engine,
            branch: None,
            _keep: keep,
        })));
    app.info("Searching every step… (Esc closes)");
}

/// The status line for the view: the selected step's text, or the search's progress.
fn describe(app: &mut App) {
    let Some(v) = view(app) else {
        return;
    };
    let text = match (v.step(), v.done) {
        (Some(s), _) => format!("{} (Enter: apply)", s.line()),
        (None, false) => "Searching every step… (Esc closes)".to_string(),
        (None, true) => match v.filter {
            Some(f) => format!("No {} step in this state (f: another filter)", f.name()),
            None => "No step found in this state".to_string(),
        },
    };
    // The selection's text, not a message to keep: it changes with every move.
    app.show(text);
}

/// Moving through the list (the keymap's up and down in the view).
pub fn move_selection(app: &mut App, up: bool) {
    if let Some(v) = app.ui.overlay.all_steps_mut() {
        v.move_by(up);
    }
    describe(app);
}

/// Enter in the view: applies the selected step (one undo step) and lists the new state's
/// steps with the same filter.
pub fn select(app: &mut App, v: Box<AllStepsView>, fx: &mut Vec<super::Effect>) {
    let Some(step) = v.step().cloned().filter(|_| v.board == *app.board()) else {
        app.ui.overlay.open(Overlay::AllSteps(v));
        return;
    };
    let text = super::hints::applied(&step);
    if edit(app, Command::ApplyStep(Box::new(step))) {
        app.hints.hide();
        if app.board().is_solved() {
            app.ui.overlay.close();
            return;
        }
        open(app, v.filter, fx);
        app.info(format!("{text} (u undoes)"));
    }
}

/// The step to preview on the board: the view's selected step while it belongs to the board.
pub fn preview(app: &App) -> Option<&Step> {
    match app.ui.overlay.get() {
        Overlay::AllSteps(v) if v.board == *app.board() => v.step(),
        _ => None,
    }
}

/// The branch of the previewed step the board draws (see [`AllStepsView::branch`]).
pub fn preview_branch(app: &App) -> usize {
    match app.ui.overlay.get() {
        Overlay::AllSteps(v) if v.board == *app.board() => v.branch(),
        _ => 0,
    }
}

/// What the player keeps of these features between actions. The view's switches change only
/// here (`w`, `c`); the practice search through the named methods below.
#[derive(Clone, Debug, Default)]
pub struct StepsState {
    /// The id of the last search started (all steps or practice).
    next_id: u64,
    /// The practice search under way, if any.
    practice: Option<super::practice::Running>,
    /// The generator's seed for practice puzzles (`None`: a fresh one each time).
    practice_seed: Option<u64>,
    /// The all-steps list takes the room of the board's candidates where the terminal has no
    /// room for both (`w` in the view; kept until switched back).
    wide_list: bool,
    /// The all-steps list has forcing chains and nets too (`c` in the view).
    forcing: bool,
}

impl StepsState {
    /// The id of a new search (all steps or practice): answers of older ones are dropped.
    pub fn new_search(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// The all-steps list takes the room of the board's candidates where both do not fit.
    pub fn wide_list(&self) -> bool {
        self.wide_list
    }

    /// The all-steps list has forcing chains and nets too.
    pub fn forcing(&self) -> bool {
        self.forcing
    }

    /// The generator's seed for practice puzzles (`None`: a fresh one each time).
    pub fn practice_seed(&self) -> Option<u64> {
        self.practice_seed
    }

    pub fn set_practice_seed(&mut self, seed: Option<u64>) {
        self.practice_seed = seed;
    }

    /// A practice search started (one at a time: an earlier one is given up).
    pub fn practice_started(&mut self, running: super::practice::Running) {
        self.practice = Some(running);
    }

    /// The practice search `id` answered: it is no longer under way. `None` when it is not
    /// the one under way (stopped, or replaced by a later one).
    pub fn practice_answered(&mut self, id: u64) -> Option<super::practice::Running> {
        self.practice.take_if(|r| r.id == id)
    }

    /// Stops the practice search under way; `false` when none runs.
    pub fn stop_practice(&mut self) -> bool {
        self.practice.take().is_some()
    }
}
