//! The background work of the all-steps view and of practice: the search of a state's steps
//! (HoDoKu's list, or SE's hints producer by producer) and the search for a practice puzzle, run
//! on a worker and stopped once nobody holds its [`Keep`] any more.

use std::ops::ControlFlow;
use std::sync::{Arc, Weak};

use super::super::action::Shared;
use super::{Group, StepsAction};
use crate::domain::Board;
use crate::solver::all_steps::{self as listing, AllStepsOptions};
use crate::solver::techniques::SlotSet;
use crate::solver::Grid;
use crate::storage::HintEngine;

/// Keeps a background search alive: the search stops once every holder dropped it (the view
/// closed, the practice stopped), so a forgotten search never runs on.
#[derive(Clone, Debug, Default)]
pub struct Keep(Arc<()>);

impl Keep {
    /// What the worker watches.
    pub fn watch(&self) -> Watch {
        Watch(Arc::downgrade(&self.0))
    }
}

/// The worker's side of a [`Keep`].
#[derive(Clone, Debug)]
pub struct Watch(Weak<()>);

impl Watch {
    /// Whether the search is still wanted.
    pub fn wanted(&self) -> bool {
        self.0.strong_count() > 0
    }
}

impl PartialEq for Watch {
    fn eq(&self, o: &Watch) -> bool {
        Weak::ptr_eq(&self.0, &o.0)
    }
}

impl Eq for Watch {}

/// The background work of the all-steps view and of practice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepsEffect {
    /// List every step of `board`, sending [`StepsAction::Found`] per stage; `solved` is the
    /// game's solution of the givens (shared, not solved again); `forcing` adds forcing chains
    /// and nets.
    Search {
        board: Box<Board>,
        slots: SlotSet,
        engine: HintEngine,
        forcing: bool,
        solved: Arc<super::super::Solved>,
        id: u64,
        watch: Watch,
    },
    /// Look for a practice puzzle ([`StepsAction::PracticeReady`]).
    Practice(super::super::practice::Request),
}

/// What the session's worker runs for a [`StepsEffect`], sending actions through `send`
/// (partial results first, the final one last).
pub fn run(effect: StepsEffect, send: &dyn Fn(super::super::Action)) {
    match effect {
        StepsEffect::Search {
            board,
            engine: HintEngine::Se,
            id,
            watch,
            ..
        } => se_search(&board, id, &watch, send),
        StepsEffect::Search {
            board,
            slots,
            engine: HintEngine::Hodoku,
            forcing,
            solved,
            id,
            watch,
        } => search(&board, &options(slots, forcing), &solved, id, &watch, send),
        StepsEffect::Practice(req) => {
            let id = req.id;
            let result = super::super::practice::find(&req);
            send(super::super::Action::Steps(StepsAction::PracticeReady {
                id,
                result: Shared::new(result),
            }));
        }
    }
}

/// The list's settings: HoDoKu's, with the player's technique switches on top and forcing
/// chains and nets when switched on.
pub fn options(slots: SlotSet, forcing: bool) -> AllStepsOptions {
    let mut o = AllStepsOptions::with_forcing(forcing);
    o.slots.apply(&slots.changes_from_defaults());
    o
}

/// Lists every step of `board` stage by stage (reporting each stage done), then sends the
/// list; stops early when no longer wanted. The solution of the givens is `solved` (known: not
/// solved again).
pub fn search(
    board: &Board,
    opts: &AllStepsOptions,
    solved: &super::super::Solved,
    id: u64,
    watch: &Watch,
    send: &dyn Fn(super::super::Action),
) {
    let grid = Grid::from_board(board);
    let ctx = crate::solver::engine::context_known(board, SlotSet::defaults(), solved.solution());
    let mut searched = 0;
    let steps = listing::raw_steps(&grid, &ctx, opts, |done| {
        searched = done;
        if !watch.wanted() {
            return ControlFlow::Break(());
        }
        send(super::super::Action::Steps(StepsAction::Found {
            id,
            groups: Vec::new(),
            searched,
            done: false,
        }));
        ControlFlow::Continue(())
    });
    send(super::super::Action::Steps(StepsAction::Found {
        id,
        groups: steps
            .map(listing::arrange)
            .unwrap_or_default()
            .into_iter()
            .map(Group::of_listing)
            .collect(),
        searched,
        done: true,
    }));
}

/// Lists SE's hints of `board` producer by producer; stops early when no longer wanted.
pub fn se_search(board: &Board, id: u64, watch: &Watch, send: &dyn Fn(super::super::Action)) {
    let mut searched = 0;
    super::super::engine::se_steps_by_producer(board, |steps| {
        searched += 1;
        if !watch.wanted() {
            return ControlFlow::Break(());
        }
        if !steps.is_empty() {
            send(super::super::Action::Steps(StepsAction::Found {
                id,
                groups: steps.into_iter().map(Group::of_se_step).collect(),
                searched,
                done: false,
            }));
        }
        ControlFlow::Continue(())
    });
    send(super::super::Action::Steps(StepsAction::Found {
        id,
        groups: Vec::new(),
        searched,
        done: true,
    }));
}
