//! The player: keymap, actions, the TEA update loop, effects, the terminal event loop, clipboard.
//!
//! A key press flows `crossterm::Event` -> [`key::KeyChord`] -> [`keymap::Keymap::lookup`] ->
//! [`action::Action`] -> [`update::update`] (pure: changes the [`App`], returns
//! [`effect::Effect`]s) -> [`run::Session`] runs the effects (clipboard, disk). Drawing
//! ([`crate::ui::draw`]) only reads the `App`.

pub mod action;
pub mod clipboard;
pub mod effect;
pub mod engine;
pub mod key;
pub mod keymap;
pub mod puzzles;
pub mod run;
pub mod update;

use crate::codec::Format;
use crate::domain::{Board, Cell, Digit};
use crate::editor::{CandidateMode, Editor};
use crate::solver::{Level, Step};
use crate::storage::Config;
use crate::ui::theme::{Theme, ThemeKind};
use key::{KeyChord, KeySeq};
use keymap::{Keymap, Lookup, Mode};
use std::time::Duration;

pub use crate::storage::CheckMode;
pub use action::Action;
pub use effect::Effect;
pub use run::Session;

/// What is being played: a name for the status line, the level when known, the clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// "Easy 3", "pasted", a slot name, a file name.
    pub name: String,
    pub level: Option<Level>,
    /// Time spent playing (paused time excluded).
    pub elapsed: Duration,
}

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

/// A hint on screen, valid for the board it was computed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub step: Step,
    pub stage: HintStage,
    pub board: Board,
}

/// Severity of a status message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Error,
}

/// The message in the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub kind: StatusKind,
}

/// What a menu entry stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuChoice {
    Copy(Format),
    Level(Level),
    /// A fresh puzzle from the generator, rated at exactly this level.
    Generate(Level),
    Slot(String),
}

/// Which menu is open.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MenuKind {
    Copy,
    NewGame,
    OpenSlot,
}

impl MenuKind {
    pub const fn title(self) -> &'static str {
        match self {
            MenuKind::Copy => "Copy as",
            MenuKind::NewGame => "New game: level",
            MenuKind::OpenSlot => "Open a saved game",
        }
    }
}

/// An open menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub kind: MenuKind,
    pub items: Vec<(String, MenuChoice)>,
    pub selected: usize,
}

/// What a prompt's text is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromptKind {
    SaveSlot,
}

/// An open one-line prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub kind: PromptKind,
    pub text: String,
}

/// What covers the board, if anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    Help,
    Menu(Menu),
    Prompt(Prompt),
}

/// The solution of the current givens, computed on demand and cached by givens.
#[derive(Clone, Debug, Default)]
pub struct SolutionCache {
    givens: Option<Board>,
    solution: Option<[u8; 81]>,
}

impl SolutionCache {
    /// The solution digit of every cell (`None` when the givens have no unique solution).
    pub fn get(&mut self, board: &Board) -> Option<&[u8; 81]> {
        let givens = board.givens_only();
        if self.givens.as_ref() != Some(&givens) {
            self.solution = engine::unique_solution(&givens);
            self.givens = Some(givens);
        }
        self.solution.as_ref()
    }

    /// The cached solution for exactly these givens, without computing.
    pub fn peek(&self, board: &Board) -> Option<&[u8; 81]> {
        match &self.givens {
            Some(g) if *g == board.givens_only() => self.solution.as_ref(),
            _ => None,
        }
    }
}

/// The whole player state. Drawing reads it; [`update::update`] changes it.
#[derive(Clone, Debug)]
pub struct App {
    pub editor: Editor,
    pub cursor: Cell,
    /// Digit keys toggle candidates instead of placing digits.
    pub mark_mode: bool,
    /// Typing givens into a board (enter-givens mode).
    pub givens_mode: bool,
    pub paused: bool,
    pub overlay: Overlay,
    pub game: Game,
    pub check: CheckMode,
    pub hint: Option<Hint>,
    pub status: Option<Status>,
    pub keymap: Keymap,
    /// Keys typed so far of a longer sequence (`y` of `yh`).
    pub pending: KeySeq,
    pub theme: Theme,
    /// The terminal size last seen (for mouse clicks).
    pub screen: (u16, u16),
    pub solution: SolutionCache,
    /// The settings (highlights, timer, candidate mode, check mode, theme, keys).
    pub config: Config,
    /// A change not yet autosaved.
    pub dirty: bool,
    /// Number of changes so far (the session restarts the autosave debounce when it moves).
    pub changes: u64,
    /// The player asked to quit.
    pub quit: bool,
    /// Next puzzle index per level for "new game".
    pub next_puzzle: [usize; 5],
    /// Undo depth before enter-givens mode started (Esc goes back there).
    pub givens_mark: usize,
}

impl App {
    /// A new app on a board (history empty), in the config's candidate mode.
    pub fn new(board: Board, game: Game, config: Config) -> App {
        let editor = Editor::with_mode(board, config.candidate_mode);
        App::from_editor(editor, game, config)
    }

    /// A new app on an existing editor (a resumed save). Keymap problems of the config's
    /// `[keys]` are listed in the status line. The theme follows the config unless `NO_COLOR` or
    /// `TERMDOKU_THEME` says otherwise.
    pub fn from_editor(editor: Editor, game: Game, config: Config) -> App {
        let cursor = first_empty(editor.board()).unwrap_or(Cell::from_index(0));
        let (keymap, errors) = Keymap::with_overrides(
            config
                .keys
                .iter()
                .map(|(a, ks)| (a.as_str(), ks.iter().map(String::as_str))),
        );
        let theme = Theme::new(match ThemeKind::from_env() {
            ThemeKind::Dark if config.theme == crate::storage::ThemeChoice::Light => {
                ThemeKind::Light
            }
            k => k,
        });
        let mut app = App {
            editor,
            cursor,
            mark_mode: false,
            givens_mode: false,
            paused: false,
            overlay: Overlay::None,
            game,
            check: config.check_mode,
            hint: None,
            status: None,
            keymap,
            pending: Vec::new(),
            theme,
            screen: (0, 0),
            solution: SolutionCache::default(),
            dirty: false,
            changes: 0,
            quit: false,
            next_puzzle: [0; 5],
            givens_mark: 0,
            config,
        };
        if !errors.is_empty() {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            app.error(format!("config: {}", list.join("; ")));
        }
        app
    }

    #[inline]
    pub fn board(&self) -> &Board {
        self.editor.board()
    }

    /// The keymap mode that applies now.
    pub fn mode(&self) -> Mode {
        match self.overlay {
            Overlay::Help => Mode::Help,
            Overlay::Menu(_) => Mode::Menu,
            Overlay::Prompt(_) => Mode::Prompt,
            Overlay::None if self.paused => Mode::Paused,
            Overlay::None if self.givens_mode => Mode::Givens,
            Overlay::None => Mode::Play,
        }
    }

    /// The digit under the cursor.
    pub fn cursor_digit(&self) -> Option<Digit> {
        self.board().value(self.cursor)
    }

    pub fn candidate_mode(&self) -> CandidateMode {
        self.editor.candidate_mode()
    }

    /// Sets the status message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            kind: StatusKind::Info,
        });
    }

    /// Sets an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            kind: StatusKind::Error,
        });
    }

    /// The hint, if it still belongs to the board on screen.
    pub fn live_hint(&self) -> Option<&Hint> {
        self.hint.as_ref().filter(|h| h.board == *self.board())
    }

    /// Routes one key chord through the pending sequence and the keymap to an action.
    pub fn key_action(&mut self, chord: KeyChord) -> Option<Action> {
        let mode = self.mode();
        self.pending.push(chord);
        match self.keymap.lookup(mode, &self.pending) {
            Lookup::Action(a) => {
                self.pending.clear();
                Some(a)
            }
            Lookup::Prefix => None,
            Lookup::Unbound => {
                let seq = std::mem::take(&mut self.pending);
                if mode == Mode::Prompt && seq.len() == 1 {
                    if let key::Key::Char(c) = chord.key {
                        if chord.mods == key::Mods::default() {
                            return Some(Action::PromptChar(c));
                        }
                    }
                }
                if seq.len() > 1 {
                    self.error(format!(
                        "{} is not bound (press ? for help)",
                        keymap::pretty(&seq)
                    ));
                }
                None
            }
        }
    }

    /// Handles one key chord: keymap, then update. Returns the effects to run.
    pub fn handle_key(&mut self, chord: KeyChord) -> Vec<Effect> {
        match self.key_action(chord) {
            Some(a) => update::update(self, a),
            None => Vec::new(),
        }
    }
}

/// The first empty cell in reading order.
pub fn first_empty(board: &Board) -> Option<Cell> {
    Cell::all().find(|&c| board.is_empty_cell(c))
}
