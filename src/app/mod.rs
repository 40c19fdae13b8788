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
pub mod bindings;
pub mod chain_view;
pub mod clipboard;
pub mod collection_se;
pub mod copying;
pub mod docs;
pub mod effect;
pub mod engine;
pub mod fold;
pub mod games;
pub mod givens;
pub mod hint_view;
pub mod hints;
pub mod jobs;
pub mod key;
pub mod keymap;
pub mod labels;
pub mod marks;
pub mod menus;
pub mod movelog;
pub mod nav;
pub mod overlay;
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
pub mod shared;
pub mod solution;
pub mod startup;
pub mod status;
pub mod text;
pub mod update;

use crate::domain::{Board, Cell, CellSet, Digit};
use crate::editor::{CandidateMode, Editor};
use crate::solver::Step;
use crate::storage::{Config, Stats};
use key::{KeyChord, KeySeq};
use keymap::{Keymap, Lookup, Mode};
use std::time::Duration;

pub use crate::storage::CheckMode;
pub use action::Action;
pub use effect::Effect;
pub use games::{Collection, Game};
pub use hints::{Hint, HintKind, HintSearch, HintStage, Hints};
pub use menus::{Menu, MenuChoice, MenuKind, Prompt, PromptKind};
pub use path::PathView;
pub use play::Filter;
pub use rating::RatingOutcome;
pub use saves::Savepoint;
pub use session::Session;
pub use solution::{SolutionCache, Solved};
pub use status::{Status, StatusKind};

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

/// The rating of the current puzzle, computed in the background.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingInfo {
    /// The givens it was computed for.
    pub givens: Board,
    pub outcome: RatingOutcome,
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
    /// Cursor, mark mode, pause, check setting, filter (see [`play::View`]).
    view: play::View,
    overlay: overlay::Overlays,
    /// The status line and the latest messages (see [`status`]).
    messages: status::Messages,
    /// Keys typed so far of a longer sequence (`y` of `yh`).
    pending: KeySeq,
    /// The all-steps searches and the practice search.
    steps: all_steps::StepsState,
    /// The terminal size last seen (menus and the text view page by it).
    screen: (u16, u16),
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            view: play::View::new(Cell::from_index(0), CheckMode::default()),
            overlay: overlay::Overlays::default(),
            messages: status::Messages::default(),
            pending: Vec::new(),
            steps: all_steps::StepsState::default(),
            screen: (80, 24),
        }
    }
}

/// What the player sees besides the board, read by the drawing; changed only inside the player.
impl UiState {
    pub fn cursor(&self) -> Cell {
        self.view.cursor()
    }

    /// Digit keys toggle candidates instead of placing digits.
    pub fn mark_mode(&self) -> bool {
        self.view.mark_mode()
    }

    pub fn paused(&self) -> bool {
        self.view.paused()
    }

    /// What covers the board.
    pub fn overlay(&self) -> &Overlay {
        self.overlay.get()
    }

    pub fn check(&self) -> CheckMode {
        self.view.check()
    }

    /// The message in the status line.
    pub fn status(&self) -> Option<&Status> {
        self.messages.status()
    }

    /// Keys typed so far of a longer sequence.
    pub fn pending(&self) -> &[KeyChord] {
        &self.pending
    }

    pub fn filter(&self) -> Option<Filter> {
        self.view.filter()
    }

    /// The all-steps searches and the practice search.
    pub fn steps(&self) -> &all_steps::StepsState {
        &self.steps
    }

    /// The latest messages, oldest first.
    pub fn log(&self) -> &[String] {
        self.messages.log()
    }

    /// The terminal size last seen.
    pub fn screen(&self) -> (u16, u16) {
        self.screen
    }
}

/// The whole player state: the game (editor with its history, [`Game`], savepoints, the
/// collection it comes from, its rating), the [`UiState`], and the session's settings and
/// bookkeeping. Drawing reads it; [`update::update`] changes it.
#[derive(Clone, Debug)]
pub struct App {
    // ---- the game ----
    /// The board with its history, and what the game is (see [`games::Current`]).
    current: games::Current,
    /// Typing givens into a board (enter-givens mode), and the game left for it.
    givens: givens::Givens,
    /// The marked states to go back to (see [`saves`]).
    savepoints: saves::Savepoints,
    /// Where new games come from: the collection, the embedded lists (see [`games::Origin`]).
    origin: games::Origin,
    /// HoDoKu's and SE's ratings of the puzzle (background; see [`rating::Ratings`]).
    ratings: rating::Ratings,
    solution: SolutionCache,
    /// The hint on screen and the step search under way (see [`hints`]).
    hints: Hints,
    // ---- what is shown ----
    ui: UiState,
    // ---- the session ----
    /// The settings (highlights, timer, candidate mode, check mode, theme, keys).
    config: Config,
    keymap: Keymap,
    /// Statistics per level (read and written by the session).
    stats: Stats,
    /// What the autosave has not written yet (see [`autosave::Unsaved`]).
    unsaved: autosave::Unsaved,
    /// The player asked to quit.
    quit: saves::Quit,
    /// The collection picker's input, level filter and ratings without a level.
    picker: picker::Picker,
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
            current: games::Current::new(editor, game),
            givens: givens::Givens::default(),
            savepoints: saves::Savepoints::default(),
            origin: games::Origin::default(),
            ratings: rating::Ratings::default(),
            solution: SolutionCache::default(),
            hints: Hints::default(),
            ui: UiState {
                view: play::View::new(cursor, config.check_mode),
                ..UiState::default()
            },
            keymap,
            stats: Stats::default(),
            unsaved: autosave::Unsaved::default(),
            quit: saves::Quit::default(),
            picker: picker::Picker::default(),
            config,
        };
        if !errors.is_empty() {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            app.error(format!("config: {}", list.join("; ")));
        }
        app
    }

    /// The board with its history and colours.
    pub fn editor(&self) -> &Editor {
        self.current.editor()
    }

    /// What is being played: name, level, clock, hints used.
    pub fn game(&self) -> &Game {
        self.current.game()
    }

    /// Typing givens into a board (enter-givens mode).
    pub fn givens_mode(&self) -> bool {
        self.givens.on()
    }

    pub fn savepoints(&self) -> &[Savepoint] {
        self.savepoints.list()
    }

    /// Where new games come from, when a collection is open.
    pub fn collection(&self) -> Option<&Collection> {
        self.origin.collection()
    }

    /// The rating of the puzzle (background).
    pub fn rating(&self) -> Option<&RatingInfo> {
        self.ratings.hodoku()
    }

    /// The SE rating of the puzzle (background).
    pub fn se_rating(&self) -> &se_rating::SeRatingView {
        self.ratings.se()
    }

    /// The solution of the givens, as far as it is known.
    pub fn solution(&self) -> &SolutionCache {
        &self.solution
    }

    /// The hint on screen and the step search under way.
    pub fn hints(&self) -> &Hints {
        &self.hints
    }

    /// What is shown besides the board.
    pub fn ui(&self) -> &UiState {
        &self.ui
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Statistics per level.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The player asked to quit.
    pub fn quit(&self) -> bool {
        self.quit.asked()
    }

    /// The collection picker's input, level filter and ratings.
    pub fn picker(&self) -> &picker::Picker {
        &self.picker
    }

    #[inline]
    pub fn board(&self) -> &Board {
        self.current.editor().board()
    }

    /// The keymap mode that applies now.
    pub fn mode(&self) -> Mode {
        match self.ui.overlay.get() {
            Overlay::Help(_) => Mode::Help,
            Overlay::AllSteps(_) => Mode::AllSteps,
            Overlay::Menu(_) | Overlay::Path(_) | Overlay::Message { .. } | Overlay::Text(_) => {
                Mode::Menu
            }
            Overlay::Prompt(_) => Mode::Prompt,
            Overlay::None if self.ui.paused() => Mode::Paused,
            Overlay::None if self.givens.on() => Mode::Givens,
            Overlay::None => Mode::Play,
        }
    }

    /// The digit under the cursor.
    pub fn cursor_digit(&self) -> Option<Digit> {
        self.board().value(self.ui.cursor())
    }

    pub fn candidate_mode(&self) -> CandidateMode {
        self.current.editor().candidate_mode()
    }

    /// Sets the status message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.ui.messages.say(text.into(), StatusKind::Info);
    }

    /// Sets an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.ui.messages.say(text.into(), StatusKind::Error);
    }

    /// Sets the status message without keeping it in the log: what a list's selection shows,
    /// which changes with every move.
    pub fn show(&mut self, text: impl Into<String>) {
        self.ui.messages.show(text.into());
    }

    /// Whether the board has a mistake the hint pointed at (a mistake hint on screen).
    pub fn hint_step(&self) -> Option<&Step> {
        self.live_hint().and_then(Hint::step)
    }

    /// The hint, if it still belongs to the board on screen.
    pub fn live_hint(&self) -> Option<&Hint> {
        self.hints.shown().filter(|h| h.board == *self.board())
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
