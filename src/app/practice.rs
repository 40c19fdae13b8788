//! Practice by technique: `P` opens a menu of techniques and families; choosing one looks, on a
//! worker, for a puzzle whose solution path needs it (in the open collection when the game
//! comes from one, else from the generator with a fresh seed) and opens it at the state just
//! before that step (the steps before it are one undo step). The hint ladder then works as
//! usual.

pub use super::all_steps::search::label;
use super::all_steps::search::{Found, Keep, Request, Source, StepsEffect};
use super::games::start_game;
use super::menus::open_menu;
use super::play::edit;
use super::shared::Shared;
use super::{App, Effect, Game, MenuChoice, MenuKind};
use crate::editor::Command;
use crate::solver::techniques::all::{StepFilter, TechniqueFamily};
use crate::solver::Technique;

/// What the practice menu offers: the techniques players practise most, then the families.
pub fn choices() -> Vec<StepFilter> {
    use Technique as T;
    let mut v: Vec<StepFilter> = [
        T::LockedCandidates1,
        T::LockedCandidates2,
        T::NakedPair,
        T::HiddenPair,
        T::NakedTriple,
        T::HiddenTriple,
        T::XWing,
        T::Swordfish,
        T::Skyscraper,
        T::TwoStringKite,
        T::EmptyRectangle,
        T::WWing,
        T::XyWing,
        T::XyzWing,
        T::Uniqueness1,
        T::Uniqueness2,
        T::FinnedXWing,
        T::SimpleColorsTrap,
        T::XChain,
        T::XyChain,
        T::ContinuousNiceLoop,
        T::AlsXz,
        T::AlsXyWing,
        T::SueDeCoq,
    ]
    .into_iter()
    .map(StepFilter::Technique)
    .collect();
    v.extend(
        TechniqueFamily::ALL
            .into_iter()
            .filter(|f| !matches!(f, TechniqueFamily::Singles | TechniqueFamily::Other))
            .map(StepFilter::TechniqueFamily),
    );
    v
}

/// Opens the practice menu.
pub fn menu(app: &mut App) {
    let items = choices()
        .into_iter()
        .map(|f| (label(f), MenuChoice::Practice(f)))
        .collect();
    let header = vec!["A puzzle that needs the technique, opened just before it".to_string()];
    open_menu(app, MenuKind::Practice, header, items);
}

/// A practice search under way.
#[derive(Clone, Debug)]
pub struct Running {
    pub id: u64,
    pub filter: StepFilter,
    _keep: Keep,
}

/// Starts looking for a puzzle for `filter` (a chosen menu entry).
pub fn start(app: &mut App, filter: StepFilter, fx: &mut Vec<Effect>) {
    let id = app.ui.steps.new_search();
    let keep = Keep::default();
    let source = match app.collection() {
        Some(c) if !c.lines.is_empty() => Source::Collection {
            name: c.title(),
            lines: Shared::new(c.lines.clone()),
            start: c.index + 1,
        },
        _ => Source::Generator {
            seed: app.ui.steps.practice_seed(),
        },
    };
    let from = match &source {
        Source::Generator { .. } => "generating".to_string(),
        Source::Collection { name, .. } => format!("searching {name}"),
    };
    fx.push(Effect::Steps(StepsEffect::Practice(Request {
        id,
        filter,
        slots: app.config.solver,
        source,
        watch: keep.watch(),
    })));
    app.ui.steps.practice_started(Running {
        id,
        filter,
        _keep: keep,
    });
    app.info(format!(
        "Practice {}: {from} a puzzle that needs it… (Esc stops)",
        label(filter)
    ));
}

/// A practice search ended: opens the puzzle at the state before the technique.
pub fn ready(app: &mut App, id: u64, result: &Result<Found, String>) {
    let Some(running) = app.ui.steps.practice_answered(id) else {
        return;
    };
    let found = match result {
        Ok(f) => f,
        Err(e) => {
            app.error(e.clone());
            return;
        }
    };
    let p = &found.practice;
    let name = format!("Practice {} ({})", label(running.filter), found.origin);
    start_game(app, p.givens.clone(), Game::named(name, None));
    // The collection goes on from the puzzle practised (its level, `n`'s next entry).
    if let Some(i) = found.entry {
        app.origin.select(i);
    }
    if !p.before.is_empty() {
        edit(app, Command::ApplySteps(p.before.clone()));
    }
    app.info(format!(
        "{} needed here: find it (t: hint ladder) — found in {:.2} s, {} tried",
        p.step.technique.name(),
        found.millis as f64 / 1000.0,
        super::plural(p.tries as usize, "puzzle")
    ));
}

/// Esc while a practice search runs: stops it. `false` when none runs.
pub fn stop(app: &mut App) -> bool {
    if app.ui.steps.stop_practice() {
        app.info("Stopped looking for a practice puzzle");
        true
    } else {
        false
    }
}

impl App {
    /// The generator's seed for the next practice search (`None`: a fresh one from the clock).
    pub fn set_practice_seed(&mut self, seed: Option<u64>) {
        self.ui.steps.set_practice_seed(seed);
    }
}
