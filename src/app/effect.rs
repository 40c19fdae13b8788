//! `Effect`: what [`super::update::update`] asks the outside world to do. The
//! [`super::run::Session`] runs them (clipboard, disk, background work, exit), so `update` needs
//! no terminal, no clock and no randomness.

use crate::domain::Board;
use crate::solver::techniques::SlotSet;
use crate::solver::Level;
use crate::storage::HintEngine;

/// A request for the outside world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Read the system clipboard and paste its text ([`super::Action::PasteText`]).
    ReadClipboard,
    /// Put text on the clipboard; `what` names it for the status line ("HoDoKu library line").
    Copy { text: String, what: String },
    /// Write the autosave now.
    Save,
    /// Write the autosave, then leave; if it fails, ask ([`super::Action::QuitSaveFailed`]).
    SaveAndQuit,
    /// Save the game under a slot name; an existing slot is replaced only with `overwrite`
    /// (else [`super::Action::SlotExists`] asks).
    SaveSlot { name: String, overwrite: bool },
    /// List the saved slots and open the menu of them.
    ListSlots,
    /// Load a saved slot ([`super::Action::SlotLoaded`]).
    LoadSlot(String),
    /// Leave the event loop (after the effects before it ran).
    Quit,
    /// Rate the puzzle in the background ([`super::Action::Rated`]).
    Rate(Board),
    /// Search the next step of a state in the background ([`super::Action::StepFound`]).
    FindStep {
        board: Board,
        slots: SlotSet,
        engine: HintEngine,
    },
    /// Compute the SE rating of these givens in the background, giving up the one running
    /// ([`super::Action::SeRated`]); `None` only gives it up.
    RateSe(Option<Board>),
    /// Compute the solution path of a state with an engine in the background
    /// ([`super::Action::PathReady`]).
    SolutionPath(Board, HintEngine),
    /// Generate a puzzle of a level in the background, with a fresh seed
    /// ([`super::Action::Generated`]).
    Generate(Level),
    /// Read a collection file ([`super::Action::CollectionRead`]).
    ReadCollection {
        path: String,
        index: usize,
        pick: bool,
    },
    /// The all-steps search or a practice search, on a worker.
    Steps(super::all_steps::StepsEffect),
    /// Rate the collection's puzzles in the background, from `from` on (wrapping), skipping
    /// `done` ([`super::Action::CollectionRated`] for each); stops when the picker closes.
    RateCollection {
        path: String,
        lines: super::shared::Shared<Vec<String>>,
        from: usize,
        done: std::collections::BTreeSet<usize>,
    },
    /// Rate the collection's puzzles with Sudoku Explainer in the background, on every core,
    /// from `from` on (wrapping), skipping the `known` entries, through the cache of ratings
    /// ([`super::Action::CollectionSeRated`] in batches); run `run`, stopped when the picker
    /// closes.
    RateCollectionSe {
        path: String,
        lines: super::action::Shared<Vec<String>>,
        from: usize,
        known: Vec<bool>,
        run: u64,
    },
    /// Find the collection's entries that repeat an earlier entry in another shape (the same
    /// canonical form), on a worker ([`super::Action::CollectionDuplicates`]).
    FindDuplicates {
        path: String,
        lines: super::shared::Shared<Vec<String>>,
    },
    /// Remember the picker's level filter for the next run.
    SavePickerLevel(Option<Level>),
    /// Count a solved puzzle in the statistics and write them.
    RecordSolve {
        level: String,
        secs: u64,
        hints: u32,
    },
}
