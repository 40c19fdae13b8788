//! `Action`: the player's vocabulary. Keymaps (default and user config) map key sequences to the
//! bindable actions by their snake_case names; the help overlay shows [`Action::help`]. A few
//! variants carry runtime data (pasted text, a mouse position, elapsed time) and have no name, so a
//! config file cannot bind them.

use super::se_rating::SeProgress;
use super::RatingInfo;
use crate::codec::Format;
use crate::domain::{Board, Cell, Digit};
use crate::editor::Color;
use crate::solver::fallback::StepEngine;
use crate::solver::{Level, Step};
use crate::storage::SavedGame;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A value shared with the session that compares by identity (a loaded save, a file's lines).
#[derive(Clone, Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Eq for Shared<T> {}

impl<T> Shared<T> {
    pub fn new(v: T) -> Shared<T> {
        Shared(Arc::new(v))
    }
}

/// A direction on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Left,
    Right,
    Up,
    Down,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

    pub const fn name(self) -> &'static str {
        match self {
            Dir::Left => "left",
            Dir::Right => "right",
            Dir::Up => "up",
            Dir::Down => "down",
        }
    }
}

/// The formats offered by `y` chords and the copy menu: every writable format.
pub fn copy_formats() -> impl Iterator<Item = Format> {
    Format::ALL.into_iter().filter(|f| f.can_write())
}

/// What the player (or the terminal) asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor one cell.
    Move(Dir),
    /// Move the cursor three cells (one box).
    MoveFar(Dir),
    /// Move the cursor to the next empty cell (reading order, wrapping).
    NextEmpty,
    /// Set the digit in the cursor cell (in mark mode: toggle it as a candidate).
    Digit(Digit),
    /// Toggle a candidate of the cursor cell, in any mode.
    ToggleCandidate(Digit),
    /// Switch between digit mode and mark mode.
    ToggleMarkMode,
    /// Clear the cursor cell.
    ClearCell,
    /// Undo the last change.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Fill every empty cell's candidates automatically.
    FillCandidates,
    /// Switch between automatic candidates and manual pencilmarks (one undo step).
    ToggleCandidateMode,
    /// Paste a puzzle from the system clipboard (any format, auto-detected).
    Paste,
    /// Copy the game to the clipboard in a format (HoDoKu line includes the shown hint's step).
    Copy(Format),
    /// Open the menu of every writable copy format.
    CopyMenu,
    /// Hint ladder: name the technique, then where to look, then the full step.
    Hint,
    /// Apply the hint (computing it if none is shown).
    ApplyHint,
    /// Cycle the check setting: rules, solution, off.
    Check,
    /// Switch the hint engine: HoDoKu (SE's chains where it runs out) or Sudoku Explainer.
    SwitchHintEngine,
    /// Start a new game: choose a level.
    NewGame,
    /// Save the game as a named slot.
    SaveSlot,
    /// Open a saved slot.
    OpenSlot,
    /// Enter-givens mode: type a puzzle into an empty board; again to start playing it.
    EnterGivens,
    /// Clear the board (enter-givens mode).
    ClearBoard,
    /// Pause or resume (the board is hidden while paused).
    Pause,
    /// Show or hide this help.
    Help,
    /// Save and quit.
    Quit,
    /// Menu: previous entry.
    MenuUp,
    /// Menu: next entry.
    MenuDown,
    /// Menu or prompt: confirm; in play, apply the hint step on screen.
    Select,
    /// Close the menu, prompt or overlay.
    Cancel,
    /// Prompt: delete the last character.
    PromptBackspace,
    /// Highlight every cell where the digit is placed or a candidate.
    Filter(Digit),
    /// Highlight every bivalue cell.
    FilterBivalue,
    /// Switch the filter off.
    FilterClear,
    /// Colour the cursor cell (with a digit filter on: that candidate of the cursor cell);
    /// the same colour again removes it.
    ColorCell(Color),
    /// Remove the colours of the cursor cell and its candidates.
    ColorClear,
    /// Remove every colour.
    ColorClearAll,
    /// Show the solution path from the current state.
    PathView,
    /// Back to the givens (one undo step).
    Restart,
    /// Mark the current state as a savepoint.
    Savepoint,
    /// Go back to a savepoint (menu).
    SavepointMenu,
    /// Read the whole status message and hint, and the recent messages, full screen.
    ReadAll,
    /// Copy the hint's text (the whole step, its Eureka notation and branches).
    CopyHint,
    /// Menu or text view: a page up.
    MenuPageUp,
    /// Menu or text view: a page down.
    MenuPageDown,
    /// Menu or text view: to the first entry.
    MenuFirst,
    /// Menu or text view: to the last entry.
    MenuLast,
    /// Puzzle picker: search the lines for text.
    MenuSearch,
    /// Puzzle picker: the next level filter.
    MenuLevelFilter,
    // ---- runtime-only actions (no name, not bindable) ----
    /// Prompt: type a character.
    PromptChar(char),
    /// Text pasted by the terminal (bracketed paste) or read from the clipboard.
    PasteText(String),
    /// The clipboard could not be read (the message explains why).
    PasteFailed(String),
    /// A mouse click on a cell.
    ClickCell(Cell),
    /// Wall-clock time passed while the game was running.
    Tick(Duration),
    /// The terminal was resized.
    Resize { width: u16, height: u16 },
    /// The background rating of a puzzle is ready.
    Rated(Box<RatingInfo>),
    /// The background solution path of a state is ready.
    PathReady { board: Box<Board>, steps: Vec<Step> },
    /// The background search for the next step of `board` is done (`None`: no step found).
    StepFound {
        board: Box<Board>,
        step: Option<Box<Step>>,
        /// The engine that found the step.
        engine: StepEngine,
    },
    /// The background SE rating moved on or finished.
    SeRated(Box<SeProgress>),
    /// The generator finished (the seed is shown so that the puzzle can be made again).
    Generated {
        level: Level,
        seed: u64,
        result: Result<Box<Board>, String>,
    },
    /// A saved game was read (a slot).
    SlotLoaded {
        name: String,
        game: Shared<SavedGame>,
    },
    /// A slot name is taken: ask before writing over it.
    SlotExists(String),
    /// Saving before quitting failed (the message says why): ask what to do.
    QuitSaveFailed(String),
    /// A collection file was read: its puzzle lines; open entry `index`, and the picker when
    /// `pick`.
    CollectionRead {
        path: String,
        lines: Shared<Vec<String>>,
        index: usize,
        pick: bool,
    },
    /// A collection file could not be read.
    CollectionFailed(String),
    /// The all-steps view and practice by technique (see [`super::all_steps`]).
    Steps(super::all_steps::StepsAction),
    /// A background job panicked: what it was for, and why (the panic's message).
    JobFailed {
        job: super::jobs::JobKind,
        why: String,
    },
    /// A puzzle of a collection was rated in the background (`level`: `None` without one);
    /// `last` when the rating of the collection stopped.
    CollectionRated {
        path: String,
        index: usize,
        level: Option<Level>,
        last: bool,
    },
}

impl Action {
    /// Every bindable action, in help order.
    pub fn bindable() -> Vec<Action> {
        let mut v = Vec::new();
        v.extend(Dir::ALL.map(Action::Move));
        v.extend(Dir::ALL.map(Action::MoveFar));
        v.push(Action::NextEmpty);
        v.extend(Digit::ALL.map(Action::Digit));
        v.extend(Digit::ALL.map(Action::ToggleCandidate));
        v.extend([
            Action::ToggleMarkMode,
            Action::ClearCell,
            Action::Undo,
            Action::Redo,
            Action::FillCandidates,
            Action::ToggleCandidateMode,
            Action::Paste,
        ]);
        v.extend(copy_formats().map(Action::Copy));
        v.extend([
            Action::CopyMenu,
            Action::Hint,
            Action::ApplyHint,
            Action::SwitchHintEngine,
            Action::Check,
            Action::NewGame,
            Action::SaveSlot,
            Action::OpenSlot,
            Action::EnterGivens,
            Action::ClearBoard,
            Action::Pause,
            Action::Help,
            Action::Quit,
            Action::MenuUp,
            Action::MenuDown,
            Action::Select,
            Action::Cancel,
            Action::PromptBackspace,
        ]);
        v.extend(Digit::ALL.map(Action::Filter));
        v.extend([Action::FilterBivalue, Action::FilterClear]);
        v.extend(Color::ALL.map(Action::ColorCell));
        v.extend([
            Action::ColorClear,
            Action::ColorClearAll,
            Action::PathView,
            Action::Restart,
            Action::Savepoint,
            Action::SavepointMenu,
            Action::ReadAll,
            Action::CopyHint,
            Action::MenuPageUp,
            Action::MenuPageDown,
            Action::MenuFirst,
            Action::MenuLast,
            Action::MenuSearch,
            Action::MenuLevelFilter,
        ]);
        v.extend(super::all_steps::StepsAction::BINDABLE.map(Action::Steps));
        v
    }

    /// The config name (`move_left`, `digit_5`, `copy_hodoku`); `None` for runtime-only actions.
    pub fn name(&self) -> Option<String> {
        let s = match self {
            Action::Move(d) => format!("move_{}", d.name()),
            Action::MoveFar(d) => format!("move_far_{}", d.name()),
            Action::NextEmpty => "next_empty".into(),
            Action::Digit(d) => format!("digit_{d}"),
            Action::ToggleCandidate(d) => format!("toggle_candidate_{d}"),
            Action::ToggleMarkMode => "toggle_mark_mode".into(),
            Action::ClearCell => "clear_cell".into(),
            Action::Undo => "undo".into(),
            Action::Redo => "redo".into(),
            Action::FillCandidates => "fill_candidates".into(),
            Action::ToggleCandidateMode => "toggle_candidate_mode".into(),
            Action::Paste => "paste".into(),
            Action::Copy(f) => format!("copy_{}", f.id().replace('-', "_")),
            Action::CopyMenu => "copy_menu".into(),
            Action::Hint => "hint".into(),
            Action::ApplyHint => "apply_hint".into(),
            Action::Check => "check".into(),
            Action::SwitchHintEngine => "hint_engine".into(),
            Action::NewGame => "new_game".into(),
            Action::SaveSlot => "save_slot".into(),
            Action::OpenSlot => "open_slot".into(),
            Action::EnterGivens => "enter_givens".into(),
            Action::ClearBoard => "clear_board".into(),
            Action::Pause => "pause".into(),
            Action::Help => "help".into(),
            Action::Quit => "quit".into(),
            Action::MenuUp => "menu_up".into(),
            Action::MenuDown => "menu_down".into(),
            Action::Select => "select".into(),
            Action::Cancel => "cancel".into(),
            Action::PromptBackspace => "prompt_backspace".into(),
            Action::Filter(d) => format!("filter_{d}"),
            Action::FilterBivalue => "filter_bivalue".into(),
            Action::FilterClear => "filter_clear".into(),
            Action::ColorCell(c) => format!("color_{}", c.index() + 1),
            Action::ColorClear => "color_clear".into(),
            Action::ColorClearAll => "color_clear_all".into(),
            Action::PathView => "path_view".into(),
            Action::Restart => "restart".into(),
            Action::Savepoint => "savepoint".into(),
            Action::SavepointMenu => "savepoint_menu".into(),
            Action::Steps(a) => return a.name().map(String::from),
            Action::ReadAll => "read_all".into(),
            Action::CopyHint => "copy_hint".into(),
            Action::MenuPageUp => "menu_page_up".into(),
            Action::MenuPageDown => "menu_page_down".into(),
            Action::MenuFirst => "menu_first".into(),
            Action::MenuLast => "menu_last".into(),
            Action::MenuSearch => "menu_search".into(),
            Action::MenuLevelFilter => "menu_level_filter".into(),
            Action::PromptChar(_)
            | Action::PasteText(_)
            | Action::PasteFailed(_)
            | Action::ClickCell(_)
            | Action::Tick(_)
            | Action::Resize { .. }
            | Action::Rated(_)
            | Action::PathReady { .. }
            | Action::StepFound { .. }
            | Action::SeRated(_)
            | Action::Generated { .. }
            | Action::SlotLoaded { .. }
            | Action::SlotExists(_)
            | Action::QuitSaveFailed(_)
            | Action::CollectionRead { .. }
            | Action::CollectionFailed(_)
            | Action::JobFailed { .. }
            | Action::CollectionRated { .. } => return None,
        };
        Some(s)
    }

    /// The bindable action with this config name.
    pub fn from_name(name: &str) -> Option<Action> {
        let name = name.trim();
        Action::bindable()
            .into_iter()
            .find(|a| a.name().as_deref() == Some(name))
    }

    /// The help text. Actions that differ only by a digit share one text (the help groups them).
    pub fn help(&self) -> String {
        match self {
            Action::Move(_) => "move one cell".into(),
            Action::MoveFar(_) => "move three cells".into(),
            Action::NextEmpty => "next empty cell".into(),
            Action::Digit(_) => "set digit (or mark)".into(),
            Action::ToggleCandidate(_) => "toggle candidate".into(),
            Action::ToggleMarkMode => "mark mode on/off".into(),
            Action::ClearCell => "clear the cell".into(),
            Action::Undo => "undo".into(),
            Action::Redo => "redo".into(),
            Action::FillCandidates => "fill all candidates".into(),
            Action::ToggleCandidateMode => "auto/manual marks".into(),
            Action::Paste => "paste (any format)".into(),
            Action::Copy(f) => format!("copy as {}", f.id()),
            Action::CopyMenu => "copy menu (every format)".into(),
            Action::Hint => "hint: name, where, step".into(),
            Action::ApplyHint => "apply the hint".into(),
            Action::Check => "check: off/rules/solution".into(),
            Action::SwitchHintEngine => "hint engine: HoDoKu/SE".into(),
            Action::NewGame => "new game".into(),
            Action::SaveSlot => "save as a named slot".into(),
            Action::OpenSlot => "open a saved slot".into(),
            Action::EnterGivens => "enter givens / play them".into(),
            Action::ClearBoard => "clear the board".into(),
            Action::Pause => "pause / resume".into(),
            Action::Help => "this help".into(),
            Action::Quit => "save and quit".into(),
            Action::MenuUp => "menu: up".into(),
            Action::MenuDown => "menu: down".into(),
            Action::Select => "confirm; apply shown hint".into(),
            Action::Cancel => "close / cancel".into(),
            Action::PromptBackspace => "delete a character".into(),
            Action::Filter(_) => "filter: digit".into(),
            Action::FilterBivalue => "filter: bivalue cells".into(),
            Action::FilterClear => "filter off".into(),
            Action::ColorCell(_) => "colour cell (filter on: candidate)".into(),
            Action::ColorClear => "remove the cell's colours".into(),
            Action::ColorClearAll => "remove every colour".into(),
            Action::PathView => "solution path from here".into(),
            Action::Restart => "restart (back to the givens)".into(),
            Action::Savepoint => "mark a savepoint".into(),
            Action::SavepointMenu => "back to a savepoint".into(),
            Action::ReadAll => "read the whole message and hint".into(),
            Action::CopyHint => "copy the hint's text".into(),
            Action::MenuPageUp => "menu: page up".into(),
            Action::MenuPageDown => "menu: page down".into(),
            Action::MenuFirst => "menu: first".into(),
            Action::MenuLast => "menu: last".into(),
            Action::MenuSearch => "picker: search (digits: go to #)".into(),
            Action::MenuLevelFilter => "picker: level filter".into(),
            Action::PromptChar(_) => "type".into(),
            Action::PasteText(_) => "terminal paste".into(),
            Action::PasteFailed(_) => "paste failed".into(),
            Action::ClickCell(_) => "select a cell".into(),
            Action::Tick(_) => "clock".into(),
            Action::Resize { .. } => "resize".into(),
            Action::Rated(_) => "rating ready".into(),
            Action::PathReady { .. } => "path ready".into(),
            Action::StepFound { .. } => "step found".into(),
            Action::SeRated(_) => "SE rating progress".into(),
            Action::Generated { .. } => "puzzle generated".into(),
            Action::SlotLoaded { .. } => "slot read".into(),
            Action::SlotExists(_) => "slot exists".into(),
            Action::QuitSaveFailed(_) => "save failed".into(),
            Action::CollectionRead { .. } => "collection read".into(),
            Action::CollectionFailed(_) => "collection unreadable".into(),
            Action::Steps(a) => a.help().into(),
            Action::CollectionRated { .. } => "collection puzzle rated".into(),
            Action::JobFailed { .. } => "background job failed".into(),
        }
    }

    /// Whether the help lists this action's keys together with other actions of the same text
    /// (the nine digits, the four directions).
    pub fn help_group(&self) -> bool {
        matches!(
            self,
            Action::Move(_)
                | Action::MoveFar(_)
                | Action::Digit(_)
                | Action::ToggleCandidate(_)
                | Action::Filter(_)
                | Action::ColorCell(_)
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(&n),
            None => write!(f, "{self:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bindable_action_has_a_unique_name_that_parses_back() {
        let all = Action::bindable();
        let mut names: Vec<String> = all.iter().map(|a| a.name().unwrap()).collect();
        for a in &all {
            assert_eq!(Action::from_name(&a.name().unwrap()).as_ref(), Some(a));
        }
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n);
        assert_eq!(
            Action::from_name("copy_pm_marked"),
            Some(Action::Copy(Format::PmMarked))
        );
        assert_eq!(Action::from_name("launch_rockets"), None);
    }

    #[test]
    fn runtime_actions_cannot_be_named() {
        assert_eq!(Action::PasteText("x".into()).name(), None);
        assert_eq!(Action::Tick(Duration::from_secs(1)).name(), None);
    }
}
