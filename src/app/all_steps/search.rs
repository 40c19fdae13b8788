//! The background work of the all-steps view and of practice: the search of a state's steps
//! (HoDoKu's list, or SE's hints producer by producer) and the search for a practice puzzle, run
//! on a worker and stopped once nobody holds its [`Keep`] any more.

use std::ops::ControlFlow;
use std::sync::{Arc, Weak};

use super::super::shared::Shared;
use crate::domain::Board;
use crate::solver::all_steps::{self as listing, AllStepsOptions};
use crate::solver::generate::SplitMix64;
use crate::solver::practice::{from_collection, generated, Practice};
use crate::solver::se::{Difficulty, SeTechnique};
use crate::solver::techniques::all::StepFilter;
use crate::solver::techniques::SlotSet;
use crate::solver::Grid;
use crate::solver::{Step, Technique};
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
    Practice(Request),
}

/// What the session's worker runs for a [`StepsEffect`], sending actions through `send`
/// (partial results first, the final one last).
pub fn run(effect: StepsEffect, send: &dyn Fn(StepsAction)) {
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
            let result = find(&req);
            send(StepsAction::PracticeReady {
                id,
                result: Shared::new(result),
            });
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
    send: &dyn Fn(StepsAction),
) {
    let grid = Grid::from_board(board);
    let ctx = crate::solver::engine::context_known(board, SlotSet::defaults(), solved.solution());
    let mut searched = 0;
    let steps = listing::raw_steps(&grid, &ctx, opts, |done| {
        searched = done;
        if !watch.wanted() {
            return ControlFlow::Break(());
        }
        send(StepsAction::Found {
            id,
            groups: Vec::new(),
            searched,
            done: false,
        });
        ControlFlow::Continue(())
    });
    send(StepsAction::Found {
        id,
        groups: steps
            .map(listing::arrange)
            .unwrap_or_default()
            .into_iter()
            .map(Group::of_listing)
            .collect(),
        searched,
        done: true,
    });
}

/// Lists SE's hints of `board` producer by producer; stops early when no longer wanted.
pub fn se_search(board: &Board, id: u64, watch: &Watch, send: &dyn Fn(StepsAction)) {
    let mut searched = 0;
    super::super::engine::se_steps_by_producer(board, |steps| {
        searched += 1;
        if !watch.wanted() {
            return ControlFlow::Break(());
        }
        if !steps.is_empty() {
            send(StepsAction::Found {
                id,
                groups: steps.into_iter().map(Group::of_se_step).collect(),
                searched,
                done: false,
            });
        }
        ControlFlow::Continue(())
    });
    send(StepsAction::Found {
        id,
        groups: Vec::new(),
        searched,
        done: true,
    });
}

/// One technique's entries in the list: each step, and the steps with the same effect listed
/// under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// HoDoKu's technique (of the same reasoning, for an SE step: what the filters match).
    pub technique: Technique,
    /// SE's technique and the difficulty of every step of the group, for SE's hints.
    pub se: Option<(SeTechnique, Difficulty)>,
    pub steps: Vec<Step>,
    pub duplicates: Vec<Vec<Step>>,
}

impl Group {
    /// A group of HoDoKu's all-steps list.
    pub(super) fn of_listing(g: listing::Group) -> Group {
        let (steps, duplicates) = g
            .entries
            .into_iter()
            .map(|e| (e.step, e.duplicates))
            .unzip();
        Group {
            technique: g.technique,
            se: None,
            steps,
            duplicates,
        }
    }

    /// One SE hint as a group of its own (merged into its technique and difficulty's group
    /// when added to the view).
    pub(super) fn of_se_step(s: Step) -> Group {
        Group {
            technique: s.hodoku_equivalent(),
            se: s.technique.se(),
            steps: vec![s],
            duplicates: vec![Vec::new()],
        }
    }

    /// The heading's name: HoDoKu's, or SE's after the difficulty (`4.2 XY-Wing`: a heading
    /// too long for its width shortens the name, not the difficulty).
    pub fn name(&self) -> String {
        match self.se {
            Some((t, d)) => format!("{d} {}", t.name()),
            None => self.technique.name().to_string(),
        }
    }
}

/// The actions of the all-steps view and of practice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepsAction {
    /// Open the all-steps view of the current state.
    Open,
    /// Narrow the list to the next family or technique (`back`: the previous one).
    Filter { back: bool },
    /// Jump to the next technique's first step (`back`: the previous technique's).
    Jump { back: bool },
    /// Switch between the narrow list beside a board with candidates and the wide list beside
    /// a smaller board, where the terminal has no room for both (80x24).
    WideList,
    /// List forcing chains and nets too, or no longer (HoDoKu's list leaves them out).
    Forcing,
    /// Open the practice menu (choose a technique to practise).
    Practice,
    // ---- runtime ----
    /// Search `id` went through `searched` stages; with `done` it ended and `groups` is the
    /// list (empty before).
    Found {
        id: u64,
        groups: Vec<Group>,
        searched: usize,
        done: bool,
    },
    /// A practice puzzle was found (or the search gave up, with the reason).
    PracticeReady {
        id: u64,
        result: Shared<Result<Found, String>>,
    },
}

impl StepsAction {
    /// The bindable ones.
    pub const BINDABLE: [StepsAction; 8] = [
        StepsAction::Open,
        StepsAction::Filter { back: false },
        StepsAction::Filter { back: true },
        StepsAction::Jump { back: false },
        StepsAction::Jump { back: true },
        StepsAction::WideList,
        StepsAction::Forcing,
        StepsAction::Practice,
    ];

    pub fn name(&self) -> Option<&'static str> {
        Some(match self {
            StepsAction::Open => "all_steps",
            StepsAction::Filter { back: false } => "all_steps_filter",
            StepsAction::Filter { back: true } => "all_steps_filter_back",
            StepsAction::Jump { back: false } => "all_steps_next_technique",
            StepsAction::Jump { back: true } => "all_steps_previous_technique",
            StepsAction::WideList => "all_steps_wide_list",
            StepsAction::Forcing => "all_steps_forcing",
            StepsAction::Practice => "practice",
            StepsAction::Found { .. } | StepsAction::PracticeReady { .. } => return None,
        })
    }

    pub fn help(&self) -> &'static str {
        match self {
            StepsAction::Open => "all steps of this state",
            StepsAction::Filter { back: false } => "all steps: next filter",
            StepsAction::Filter { back: true } => "all steps: previous filter",
            StepsAction::Jump { back: false } => "all steps: next technique",
            StepsAction::Jump { back: true } => "all steps: previous technique",
            StepsAction::WideList => "all steps: wide list or board",
            StepsAction::Forcing => "all steps: forcing chains and nets on or off",
            StepsAction::Practice => "practise a technique",
            StepsAction::Found { .. } => "steps found",
            StepsAction::PracticeReady { .. } => "practice puzzle ready",
        }
    }

    /// Whether the action is a partial result of a search that goes on (the session then keeps
    /// counting the search as running).
    pub fn is_partial(&self) -> bool {
        matches!(self, StepsAction::Found { done: false, .. })
    }
}

/// Puzzles the generator tries before giving up.
pub const MAX_TRIES: u32 = 20_000;

/// The menu's label of a choice (a technique filter stands for its whole slot).
pub fn label(f: StepFilter) -> String {
    match f {
        StepFilter::Technique(Technique::ContinuousNiceLoop) => "Nice loop / AIC".into(),
        StepFilter::Technique(Technique::SimpleColorsTrap) => "Simple Colors".into(),
        StepFilter::Technique(t) => t.name().into(),
        StepFilter::TechniqueFamily(f) => format!("family: {}", f.name()),
    }
}

/// Where a practice puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The generator, from a seed (`None`: a fresh one from the clock, taken by the worker).
    Generator { seed: Option<u64> },
    /// A collection's lines, from an index on.
    Collection {
        name: String,
        lines: Shared<Vec<String>>,
        start: usize,
    },
}

/// A practice search for the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: u64,
    pub filter: StepFilter,
    pub slots: SlotSet,
    pub source: Source,
    pub watch: Watch,
}

/// What the worker found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub practice: Practice,
    /// Where it came from, for the game's name (`seed 42`, `top1465.txt #12`).
    pub origin: String,
    /// The collection's entry it is (zero-based), when it comes from one.
    pub entry: Option<usize>,
    /// Time the search took, in milliseconds.
    pub millis: u64,
}

/// The worker's search.
pub fn find(req: &Request) -> Result<Found, String> {
    let t0 = std::time::Instant::now();
    let wanted = || req.watch.wanted();
    let what = label(req.filter);
    let (practice, origin, entry) = match &req.source {
        Source::Generator { seed } => {
            let seed = seed.unwrap_or_else(crate::solver::generate::time_seed);
            let mut rng = SplitMix64::new(seed);
            let p = generated(&mut rng, req.filter, req.slots, MAX_TRIES, &wanted).ok_or_else(
                || format!("No puzzle needing {what} in {MAX_TRIES} generated puzzles"),
            )?;
            (p, format!("seed {seed}"), None)
        }
        Source::Collection { name, lines, start } => {
            let boards: Vec<Board> = lines
                .0
                .iter()
                .map(|l| {
                    crate::codec::decode_any(l)
                        .map(|p| p.board)
                        .unwrap_or_default()
                })
                .collect();
            let (i, p) = from_collection(&boards, *start, req.filter, req.slots, &wanted)
                .ok_or_else(|| format!("No puzzle of {name} needs {what}"))?;
            (p, format!("{name} #{}", i + 1), Some(i))
        }
    };
    Ok(Found {
        practice,
        origin,
        entry,
        millis: t0.elapsed().as_millis() as u64,
    })
}
