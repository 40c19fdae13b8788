//! The player: keymap, actions, the TEA update loop, effects, the terminal event loop, clipboard.
//!
//! A key press flows `crossterm::Event` -> [`key::KeyChord`] -> [`keymap::Keymap::lookup`] ->
//! [`action::Action`] -> [`update::update`] (pure: changes the [`App`], returns
//! [`effect::Effect`]s) -> [`run::Session`] runs the effects (clipboard, disk, background
//! work). The app never imports the drawing: the binary hands [`run::play`] a frontend (a draw
//! function that only reads the `App`, and the mapping of a mouse position to a cell).

pub mod action;
pub mod all_steps;
pub mod autosave;
pub mod clipboard;
pub mod collection_se;
pub mod copying;
pub mod docs;
pub mod effect;
pub mod engine;
pub mod games;
pub mod givens;
pub mod hints;
pub mod jobs;
pub mod key;
pub mod keymap;
pub mod labels;
pub mod marks;
pub mod menus;
pub mod movelog;
pub mod nav;
pub mod paste;
pub mod path;
pub mod persist;
pub mod picker;
pub mod picker_se;
pub mod play;
pub mod practice;
pub mod puzzles;
pub mod rating;
pub mod reader;
pub mod report;
pub mod run;
pub mod saves;
pub mod se_rating;
pub mod session;
pub mod solution;
pub mod startup;
pub mod update;

use crate::domain::{Board, Cell, CellSet, CellState, Digit};
use crate::editor::{CandidateMode, Editor};
use crate::solver::{Level, Step};
use crate::storage::{Config, Stats};
use key::{KeyChord, KeySeq};
use keymap::{Keymap, Lookup, Mode};
use std::time::Duration;

pub use crate::storage::CheckMode;
pub use action::Action;
pub use effect::Effect;
pub use games::Collection;
pub use hints::{Hint, HintKind, HintSearch, HintStage, Hints};
pub use menus::{Menu, MenuChoice, MenuKind, Prompt, PromptKind};
pub use path::PathView;
pub use rating::RatingOutcome;
pub use saves::Savepoint;
pub use session::Session;
pub use solution::{SolutionCache, Solved};

/// What is being played: a name for the status line, the level when known, the clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// "Easy 3", "pasted", a slot name, a file name.
    pub name: String,
    pub level: Option<Level>,
    /// Time spent playing (paused time excluded).
    pub elapsed: Duration,
    /// The SE rating the puzzle's text carried (`ED=11.3/1.2/1.2` gives `11.3/1.2/1.2`).
    pub se_rating: Option<String>,
    /// Hints asked for (each first press of `t`, each applied step).
    pub hints_used: u32,
    /// The solve was counted in the statistics.
    pub solve_counted: bool,
}

impl Game {
    /// A game with a name and level, the clock at zero.
    pub fn named(name: impl Into<String>, level: Option<Level>) -> Game {
        Game {
            name: name.into(),
            level,
            ..Game::default()
        }
    }

    /// The clock as `mm:ss` (or `h:mm:ss`).
    pub fn clock(&self) -> String {
        clock(self.elapsed)
    }

    /// Adds played time, saturating (a clock never overflows).
    pub fn add_time(&mut self, dt: Duration) {
        self.elapsed = self.elapsed.saturating_add(dt);
    }
}

/// `1 candidate`, `2 candidates`.
pub fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `a` or `an` before a word.
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// `mm:ss` (or `h:mm:ss`).
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

/// A filter, as HoDoKu's: highlight every cell where a digit is placed or still a candidate, or
/// every bivalue cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Filter {
    Digit(Digit),
    Bivalue,
}

impl Filter {
    /// `5` or `bivalue` (status line and saves).
    pub fn name(self) -> String {
        match self {
            Filter::Digit(d) => d.to_string(),
            Filter::Bivalue => "bivalue".into(),
        }
    }

    pub fn from_name(s: &str) -> Option<Filter> {
        match s {
            "bivalue" => Some(Filter::Bivalue),
            _ => s.parse::<u8>().ok().and_then(Digit::new).map(Filter::Digit),
        }
    }

    /// Whether the filter highlights a cell of the board.
    pub fn matches(self, board: &Board, c: Cell) -> bool {
        match (self, board.cell(c)) {
            (Filter::Digit(d), CellState::Given(v) | CellState::Filled(v)) => v == d,
            (Filter::Digit(d), CellState::Empty(set)) => set.contains(d),
            (Filter::Bivalue, CellState::Empty(set)) => set.len() == 2,
            (Filter::Bivalue, _) => false,
        }
    }
}

/// The rating of the current puzzle, computed in the background.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingInfo {
    /// The givens it was computed for.
    pub givens: Board,
    pub outcome: RatingOutcome,
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

/// What covers the board, if anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    /// The key help, scrolled down by this many lines.
    Help(u16),
    Menu(Menu),
    Prompt(Prompt),
    /// The solution path from the current state.
    Path(Box<PathView>),
    /// A message too long for the status line (wrapped; Enter or Esc closes it).
    Message {
        title: String,
        text: String,
    },
    /// Every step of the current state (drawn beside the board, which previews the selected
    /// step).
    AllSteps(Box<all_steps::AllStepsView>),
    /// Long text to read, full screen and scrolling (the whole hint and messages: `i`).
    Text(Box<reader::TextView>),
}

/// What the player sees of the game besides the board: cursor, modes, overlays, hint, filter,
/// the status message. Saved with the game (see [`persist`]), except the overlay and message.
#[derive(Clone, Debug)]
pub struct UiState {
    pub cursor: Cell,
    /// Digit keys toggle candidates instead of placing digits.
    pub mark_mode: bool,
    pub paused: bool,
    pub overlay: Overlay,
    pub check: CheckMode,
    pub status: Option<Status>,
    /// Keys typed so far of a longer sequence (`y` of `yh`).
    pub pending: KeySeq,
    pub filter: Option<Filter>,
    /// The all-steps searches and the practice search.
    pub steps: all_steps::StepsState,
    /// The latest messages, oldest first (at most [`reader::LOG_LEN`]), for the text view.
    pub log: Vec<String>,
    /// The terminal size last seen (menus and the text view page by it).
    pub screen: (u16, u16),
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            cursor: Cell::from_index(0),
            mark_mode: false,
            paused: false,
            overlay: Overlay::None,
            check: CheckMode::default(),
            status: None,
            pending: Vec::new(),
            filter: None,
            steps: all_steps::StepsState::default(),
            log: Vec::new(),
            screen: (80, 24),
        }
    }
}

/// The whole player state: the game (editor with its history, [`Game`], savepoints, the
/// collection it comes from, its rating), the [`UiState`], and the session's settings and
/// bookkeeping. Drawing reads it; [`update::update`] changes it.
#[derive(Clone, Debug)]
pub struct App {
    // ---- the game ----
    pub editor: Editor,
    pub game: Game,
    /// Typing givens into a board (enter-givens mode).
    pub givens_mode: bool,
    /// The game left for enter-givens mode (Esc goes back to it).
    pub givens_backup: Option<Box<(Editor, Game, Cell)>>,
    pub savepoints: Vec<Savepoint>,
    pub collection: Option<Collection>,
    /// The rating of the puzzle (background).
    pub rating: Option<RatingInfo>,
    /// The SE rating of the puzzle (background), unless its text gave one.
    pub se_rating: se_rating::SeRatingView,
    pub solution: SolutionCache,
    /// The hint on screen and the step search under way (see [`hints`]).
    pub hints: Hints,
    // ---- what is shown ----
    pub ui: UiState,
    // ---- the session ----
    /// The settings (highlights, timer, candidate mode, check mode, theme, keys).
    pub config: Config,
    pub keymap: Keymap,
    /// Statistics per level (read and written by the session).
    pub stats: Stats,
    /// A change not yet autosaved.
    pub dirty: bool,
    /// Number of changes so far (the session restarts the autosave debounce when it moves).
    pub changes: u64,
    /// The player asked to quit.
    pub quit: bool,
    /// Next puzzle index per level for "new game".
    pub next_puzzle: [usize; 5],
    /// The givens whose rating was last asked for.
    pub rating_requested: Option<Board>,
    /// The collection picker's input, level filter and ratings without a level.
    pub picker: picker::Picker,
}

impl App {
    /// A new app on a board (history empty), in the config's candidate mode.
    pub fn new(board: Board, game: Game, config: Config) -> App {
        let editor = Editor::with_mode(board, config.candidate_mode);
        App::from_editor(editor, game, config)
    }

    /// A new app on an existing editor (a resumed save). Keymap problems of the config's
    /// `[keys]` are listed in the status line.
    pub fn from_editor(editor: Editor, game: Game, config: Config) -> App {
        let cursor = first_empty(editor.board()).unwrap_or(Cell::from_index(0));
        let (keymap, errors) = Keymap::with_overrides(
            config
                .keys
                .iter()
                .map(|(a, ks)| (a.as_str(), ks.iter().map(String::as_str))),
        );
        let mut app = App {
            editor,
            game,
            givens_mode: false,
            givens_backup: None,
            savepoints: Vec::new(),
            collection: None,
            rating: None,
            se_rating: se_rating::SeRatingView::None,
            solution: SolutionCache::default(),
            hints: Hints::default(),
            ui: UiState {
                cursor,
                check: config.check_mode,
                ..UiState::default()
            },
            keymap,
            stats: Stats::default(),
            dirty: false,
            changes: 0,
            quit: false,
            next_puzzle: [0; 5],
            rating_requested: None,
            picker: picker::Picker::default(),
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
        match self.ui.overlay {
            Overlay::Help(_) => Mode::Help,
            Overlay::AllSteps(_) => Mode::AllSteps,
            Overlay::Menu(_) | Overlay::Path(_) | Overlay::Message { .. } | Overlay::Text(_) => {
                Mode::Menu
            }
            Overlay::Prompt(_) => Mode::Prompt,
            Overlay::None if self.ui.paused => Mode::Paused,
            Overlay::None if self.givens_mode => Mode::Givens,
            Overlay::None => Mode::Play,
        }
    }

    /// The digit under the cursor.
    pub fn cursor_digit(&self) -> Option<Digit> {
        self.board().value(self.ui.cursor)
    }

    pub fn candidate_mode(&self) -> CandidateMode {
        self.editor.candidate_mode()
    }

    /// Sets the status message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.set_status(text.into(), StatusKind::Info);
    }

    /// Sets an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.set_status(text.into(), StatusKind::Error);
    }

    /// Sets the status message without keeping it in the log: what a list's selection shows,
    /// which changes with every move.
    pub fn show(&mut self, text: impl Into<String>) {
        self.ui.status = Some(Status {
            text: text.into(),
            kind: StatusKind::Info,
        });
    }

    /// Sets the status message and keeps it in the log the text view lists.
    fn set_status(&mut self, text: String, kind: StatusKind) {
        if self.ui.log.last() != Some(&text) {
            if self.ui.log.len() >= reader::LOG_LEN {
                self.ui.log.remove(0);
            }
            self.ui.log.push(text.clone());
        }
        self.ui.status = Some(Status { text, kind });
    }

    /// Whether the board has a mistake the hint pointed at (a mistake hint on screen).
    pub fn hint_step(&self) -> Option<&Step> {
        self.live_hint().and_then(Hint::step)
    }

    /// The hint, if it still belongs to the board on screen.
    pub fn live_hint(&self) -> Option<&Hint> {
        self.hints
            .shown
            .as_ref()
            .filter(|h| h.board == *self.board())
    }

    /// Routes one key chord through the pending sequence and the keymap to an action.
    pub fn key_action(&mut self, chord: KeyChord) -> Option<Action> {
        let mode = self.mode();
        if picker::typing(self) && chord.mods == key::Mods::default() {
            match chord.key {
                key::Key::Char(c) if picker::takes(self, c) => return Some(Action::PromptChar(c)),
                key::Key::Backspace => return Some(Action::PromptBackspace),
                _ => {}
            }
        }
        self.ui.pending.push(chord);
        match self.keymap.lookup(mode, &self.ui.pending) {
            Lookup::Action(a) => {
                self.ui.pending.clear();
                Some(a)
            }
            Lookup::Prefix => None,
            Lookup::Unbound => {
                let seq = std::mem::take(&mut self.ui.pending);
                if (mode == Mode::Prompt || picker::is_open(self)) && seq.len() == 1 {
                    if let key::Key::Char(c) = chord.key {
                        if chord.mods == key::Mods::default() {
                            return Some(Action::PromptChar(c));
                        }
                    }
                }
                // Esc after the start of a sequence (`f`, `g`, `y`) just abandons it.
                if seq.len() > 1 && chord.key == key::Key::Esc {
                    return None;
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

/// Filled digits (not givens) that differ from the solution: the one wrong-digit check the
/// player uses (check mode, hints, the mistake highlight).
pub fn wrong_digits(board: &Board, sol: &[u8; 81]) -> CellSet {
    Cell::all()
        .filter(|&c| {
            !board.is_given(c) && board.value(c).is_some_and(|d| d.get() != sol[c.index()])
        })
        .collect()
}

/// The first empty cell in reading order.
pub fn first_empty(board: &Board) -> Option<Cell> {
    Cell::all().find(|&c| board.is_empty_cell(c))
}
