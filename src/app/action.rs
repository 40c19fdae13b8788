//! `Action`: the player's vocabulary, declared once in the table of [`actions!`]: each bindable
//! action is one row, its doc comment the text of the help, its config name (`move_left`,
//! `digit_5`, `copy_hodoku`) the name keymaps (default and user config) bind keys to. Adding an
//! action is one row (plus its arm in `update`). The variants after the table carry runtime data
//! (pasted text, a mouse position, elapsed time, background results) and have no name, so a
//! config file cannot bind them.

use super::all_steps::search::StepsAction;
use super::se_rating::SeProgress;
pub use super::shared::Shared;
use super::RatingInfo;
use crate::codec::Format;
use crate::domain::{Board, Cell, Digit};
use crate::editor::Color;
use crate::solver::fallback::StepEngine;
use crate::solver::{Level, Step};
use crate::storage::SavedGame;
use std::fmt;
use std::time::Duration;

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

/// A parameter of a family of actions (the four directions, the nine digits, the formats, the
/// colours, the all-steps actions): its values and its part of the config name.
pub trait Param: Sized {
    /// Whether the help lists the keys of the family's actions in one row (the nine digits,
    /// the four directions).
    const GROUP: bool;
    /// Every value a binding can name, in help order.
    fn each() -> Vec<Self>;
    /// The value's part of the config name (`{}` of the row's name).
    fn key(&self) -> String;
    /// The help text for this value, from the row's (`{}` is the value's key).
    fn help(&self, row: &str) -> String {
        row.replace("{}", &self.key())
    }
}

impl Param for Dir {
    const GROUP: bool = true;
    fn each() -> Vec<Dir> {
        Dir::ALL.to_vec()
    }
    fn key(&self) -> String {
        self.name().into()
    }
}

impl Param for Digit {
    const GROUP: bool = true;
    fn each() -> Vec<Digit> {
        Digit::ALL.to_vec()
    }
    fn key(&self) -> String {
        self.to_string()
    }
}

impl Param for Color {
    const GROUP: bool = true;
    fn each() -> Vec<Color> {
        Color::ALL.to_vec()
    }
    fn key(&self) -> String {
        (self.index() + 1).to_string()
    }
}

impl Param for Format {
    const GROUP: bool = false;
    fn each() -> Vec<Format> {
        copy_formats().collect()
    }
    fn key(&self) -> String {
        self.id().replace('-', "_")
    }
    fn help(&self, row: &str) -> String {
        row.replace("{}", self.id())
    }
}

impl Param for StepsAction {
    const GROUP: bool = false;
    fn each() -> Vec<Self> {
        Self::BINDABLE.to_vec()
    }
    fn key(&self) -> String {
        self.name().unwrap_or_default().into()
    }
    fn help(&self, _row: &str) -> String {
        StepsAction::help(self).into()
    }
}

/// One bindable action of the table: its config name and its help text.
#[derive(Clone, Debug)]
pub struct Binding {
    pub action: Action,
    pub name: String,
    pub help: String,
    /// The help lists this action's keys with the other values of its family.
    pub group: bool,
}

/// Declares [`Action`]: the table of bindable actions (doc comment = help text, config name,
/// variant with its parameter), then the runtime-only variants as they are.
macro_rules! actions {
    (
        $( #[doc = $help:literal] $name:literal => $variant:ident $( ( $param:ty ) )? ; )*
        runtime { $($runtime:tt)* }
    ) => {
        /// What the player (or the terminal) asks for.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Action {
            $( #[doc = $help] $variant $( ( $param ) )?, )*
            $($runtime)*
        }

        /// Every bindable action of the table, in help order.
        fn table() -> Vec<Binding> {
            let mut rows = Vec::new();
            $( actions!(@row rows, $help, $name, $variant $(, $param)?); )*
            rows
        }
    };
    (@row $rows:ident, $help:literal, $name:literal, $variant:ident) => {
        $rows.push(Binding {
            action: Action::$variant,
            name: $name.to_string(),
            help: $help.trim().to_string(),
            group: false,
        })
    };
    (@row $rows:ident, $help:literal, $name:literal, $variant:ident, $param:ty) => {
        for p in <$param as Param>::each() {
            $rows.push(Binding {
                name: $name.replace("{}", &<$param as Param>::key(&p)),
                help: <$param as Param>::help(&p, $help.trim()),
                group: <$param as Param>::GROUP,
                action: Action::$variant(p),
            });
        }
    };
}

actions! {
    /// move one cell
    "move_{}" => Move(Dir);
    /// move three cells
    "move_far_{}" => MoveFar(Dir);
    /// next empty cell
    "next_empty" => NextEmpty;
    /// set digit (or mark)
    "digit_{}" => Digit(Digit);
    /// toggle candidate
    "toggle_candidate_{}" => ToggleCandidate(Digit);
    /// mark mode on/off
    "toggle_mark_mode" => ToggleMarkMode;
    /// clear the cell
    "clear_cell" => ClearCell;
    /// undo
    "undo" => Undo;
    /// redo
    "redo" => Redo;
    /// fill all candidates
    "fill_candidates" => FillCandidates;
    /// auto/manual marks
    "toggle_candidate_mode" => ToggleCandidateMode;
    /// paste (any format)
    "paste" => Paste;
    /// copy as {}
    "copy_{}" => Copy(Format);
    /// copy menu (every format)
    "copy_menu" => CopyMenu;
    /// hint: name, where, step
    "hint" => Hint;
    /// apply the hint
    "apply_hint" => ApplyHint;
    /// hint engine: HoDoKu/SE
    "hint_engine" => SwitchHintEngine;
    /// hint: next branch of a chain
    "hint_next_branch" => HintNextBranch;
    /// hint: previous branch
    "hint_previous_branch" => HintPreviousBranch;
    /// hint: nested chains open/folded
    "hint_nested" => HintNested;
    /// check: off/rules/solution
    "check" => Check;
    /// new game
    "new_game" => NewGame;
    /// save as a named slot
    "save_slot" => SaveSlot;
    /// open a saved slot
    "open_slot" => OpenSlot;
    /// enter givens / play them
    "enter_givens" => EnterGivens;
    /// clear the board
    "clear_board" => ClearBoard;
    /// pause / resume
    "pause" => Pause;
    /// this help
    "help" => Help;
    /// save and quit
    "quit" => Quit;
    /// menu: up
    "menu_up" => MenuUp;
    /// menu: down
    "menu_down" => MenuDown;
    /// confirm; apply shown hint
    "select" => Select;
    /// close / cancel
    "cancel" => Cancel;
    /// delete a character
    "prompt_backspace" => PromptBackspace;
    /// filter: digit
    "filter_{}" => Filter(Digit);
    /// filter: bivalue cells
    "filter_bivalue" => FilterBivalue;
    /// filter off
    "filter_clear" => FilterClear;
    /// colour cell (filter on: candidate)
    "color_{}" => ColorCell(Color);
    /// remove the cell's colours
    "color_clear" => ColorClear;
    /// remove every colour
    "color_clear_all" => ColorClearAll;
    /// solution path from here
    "path_view" => PathView;
    /// restart (back to the givens)
    "restart" => Restart;
    /// mark a savepoint
    "savepoint" => Savepoint;
    /// back to a savepoint
    "savepoint_menu" => SavepointMenu;
    /// read the whole message and hint
    "read_all" => ReadAll;
    /// copy the hint's text
    "copy_hint" => CopyHint;
    /// menu: page up
    "menu_page_up" => MenuPageUp;
    /// menu: page down
    "menu_page_down" => MenuPageDown;
    /// menu: first
    "menu_first" => MenuFirst;
    /// menu: last
    "menu_last" => MenuLast;
    /// picker: search (digits: go to #)
    "menu_search" => MenuSearch;
    /// picker: level filter
    "menu_level_filter" => MenuLevelFilter;
    /// picker: order by ER / by file
    "menu_sort" => MenuSort;
    /// picker: ER filter (>= 9, 8-9)
    "menu_er_filter" => MenuErFilter;
    /// the all-steps view and practice (their own table: [`StepsAction`])
    "{}" => Steps(StepsAction);
    runtime {
    /// Prompt: type a character.
    PromptChar(char),
    /// Text pasted by the terminal (bracketed paste) or read from the clipboard.
    PasteText(String),
    /// The clipboard could not be read (the message explains why).
    PasteFailed(super::clipboard::ClipboardError),
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
    /// Saving before quitting failed (`why`): ask what to do. `journaled`: the journal of moves
    /// holds the moves the save misses (they come back on the next start).
    QuitSaveFailed { why: String, journaled: bool },
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
    /// A background job panicked: what it was for, and why (the panic's message).
    JobFailed {
        job: super::jobs::JobKind,
        why: String,
    },
    /// The entries of collection `path` whose puzzle is a morph of an earlier entry's (entry ->
    /// the first entry with its canonical form), found in the background.
    CollectionDuplicates {
        path: String,
        of: std::collections::BTreeMap<usize, usize>,
    },
    /// A puzzle of a collection was rated in the background (`level`: `None` without one);
    /// `last` when the rating of the collection stopped.
    CollectionRated {
        path: String,
        index: usize,
        level: Option<Level>,
        last: bool,
    },
    /// SE ratings of collection `path`'s entries from run `run` of its background rating;
    /// `last` when that run stopped; `note`: a problem with the cache of ratings.
    CollectionSeRated {
        path: String,
        run: u64,
        batch: Vec<(usize, super::picker_se::Found)>,
        last: bool,
        note: Option<String>,
    },
    }
}

/// The table, built once.
fn bindings() -> &'static [Binding] {
    static TABLE: std::sync::OnceLock<Vec<Binding>> = std::sync::OnceLock::new();
    TABLE.get_or_init(table)
}

impl Action {
    /// Every bindable action, in help order.
    pub fn bindable() -> Vec<Action> {
        bindings().iter().map(|b| b.action.clone()).collect()
    }

    /// This action's row of the table; `None` for runtime-only actions.
    pub fn binding(&self) -> Option<&'static Binding> {
        bindings().iter().find(|b| b.action == *self)
    }

    /// The config name (`move_left`, `digit_5`, `copy_hodoku`); `None` for runtime-only actions.
    pub fn name(&self) -> Option<String> {
        self.binding().map(|b| b.name.clone())
    }

    /// The bindable action with this config name.
    pub fn from_name(name: &str) -> Option<Action> {
        let name = name.trim();
        bindings()
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.action.clone())
    }

    /// The help text (its doc comment in the table). Actions that differ only by a digit share
    /// one text (the help groups them); runtime-only actions have none.
    pub fn help(&self) -> String {
        self.binding().map(|b| b.help.clone()).unwrap_or_default()
    }

    /// Whether the help lists this action's keys together with other actions of the same text
    /// (the nine digits, the four directions).
    pub fn help_group(&self) -> bool {
        self.binding().is_some_and(|b| b.group)
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
