//! Where games come from: the embedded levels, the generator, collections (a file or a pasted
//! list of puzzles) and their entries. Owns [`Origin`] (the collection played from, the place
//! in each level's embedded list), and
//! [`start_game`], the one way a new game replaces the old one.

use super::engine::se_rating;
use super::menus::open_menu;
use super::MenuKind;
use super::{article, engine, plural, puzzles, App, Effect, MenuChoice};
use crate::domain::Board;
use crate::editor::{Colors, Command, EditError, Editor};
use crate::solver::Level;
use std::time::Duration;

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
        super::clock(self.elapsed)
    }

    /// Adds played time, saturating (a clock never overflows).
    pub fn add_time(&mut self, dt: Duration) {
        self.elapsed = self.elapsed.saturating_add(dt);
    }
}

/// A file of many puzzles the game comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collection {
    /// The file, as given on the command line.
    pub path: String,
    /// The puzzles' lines (empty when the file was not read in this run).
    pub lines: Vec<String>,
    /// The puzzle being played, zero-based.
    pub index: usize,
    /// Number of puzzles.
    pub count: usize,
    /// Levels of the puzzles rated in this run (shown by the picker).
    pub levels: std::collections::BTreeMap<usize, Level>,
}

impl Collection {
    /// A short name for menus: the file name.
    pub fn title(&self) -> String {
        std::path::Path::new(&self.path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.path.clone())
    }
}

/// Where new games come from: the collection played from (`None`: the embedded lists), and the
/// next puzzle of each level's embedded list. Only this module changes it, but for the few
/// named changes below (a game from elsewhere leaves the collection, a practice puzzle moves
/// it on, a rating notes an entry's level).
#[derive(Clone, Debug, Default)]
pub struct Origin {
    collection: Option<Collection>,
    /// Next puzzle index per level for "new game".
    next_puzzle: [usize; 5],
}

impl Origin {
    /// The collection played from.
    pub fn collection(&self) -> Option<&Collection> {
        self.collection.as_ref()
    }

    /// A game from elsewhere (a paste, typed givens, a slot): new games come from the embedded
    /// lists again.
    pub fn leave_collection(&mut self) {
        self.collection = None;
    }

    /// The collection goes on from entry `index` (a puzzle of it practised).
    pub fn select(&mut self, index: usize) {
        if let Some(c) = &mut self.collection {
            c.index = index;
        }
    }

    /// Entry `index` of the collection `path` is rated at `level` (the picker shows it).
    pub fn note_level(&mut self, path: &str, index: usize, level: Level) {
        if let Some(c) = self.collection.as_mut().filter(|c| c.path == path) {
            c.levels.insert(index, level);
        }
    }

    /// A save's collection position (its lines are read again when needed).
    pub fn restore(&mut self, collection: Option<Collection>) {
        self.collection = collection;
    }

    /// Puzzle `index` of `level`'s embedded list is played: "new game" goes on after it.
    pub fn played(&mut self, level: Level, index: usize) {
        let li = Level::ALL.iter().position(|l| *l == level).unwrap_or(0);
        self.next_puzzle[li] = index.wrapping_add(1);
    }

    /// Each level's list goes on from a place of its own drawn from `seed` (a new run does not
    /// start where the last one did).
    pub fn shift_embedded(&mut self, seed: usize) {
        for (i, next) in self.next_puzzle.iter_mut().enumerate() {
            *next += (seed >> (3 * i)) & 0xffff;
        }
    }
}

/// The game being played: the board with its history and colours ([`Editor`]) and what the
/// game is ([`Game`]). Its fields are this module's: the board changes only through
/// [`Current::apply`], [`Current::undo`], [`Current::redo`], and the editor is replaced only
/// through [`Current::replace_editor`] (a new game, a restored save or slot, enter-givens mode).
#[derive(Clone, Debug)]
pub struct Current {
    editor: Editor,
    game: Game,
}

impl Current {
    pub fn new(editor: Editor, game: Game) -> Current {
        Current { editor, game }
    }

    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The description of the game (name, level, the SE rating its text carried, the clock).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// One command on the board (`Ok(false)`: it changed nothing).
    pub fn apply(&mut self, cmd: Command) -> Result<bool, EditError> {
        self.editor.apply(cmd)
    }

    pub fn undo(&mut self) -> bool {
        self.editor.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.editor.redo()
    }

    /// The colours and their history of a saved view.
    pub fn restore_colors(&mut self, current: Colors, undo: Vec<Colors>, redo: Vec<Colors>) {
        self.editor.restore_colors(current, undo, redo);
    }

    /// Puts `editor` in place of the board and its history; hands back the one it replaced.
    pub fn replace_editor(&mut self, editor: Editor) -> Editor {
        std::mem::replace(&mut self.editor, editor)
    }

    /// Puts `game` in place of the game's description; hands back the one it replaced.
    pub fn replace_game(&mut self, game: Game) -> Game {
        std::mem::replace(&mut self.game, game)
    }
}

impl App {
    /// Puts `editor` in place of the game's board and history (see [`Current`]).
    pub fn replace_editor(&mut self, editor: Editor) -> Editor {
        self.current.replace_editor(editor)
    }

    /// The description of the game (name, level, the SE rating its text carried, the clock).
    pub fn game_mut(&mut self) -> &mut Game {
        self.current.game_mut()
    }

    /// Plays from `collection` from now on (`None`: from the embedded lists).
    pub fn set_collection(&mut self, collection: Option<Collection>) {
        self.origin.collection = collection;
    }
}

/// Starts a new game on a board: a new history (undo never reaches another game), the view of
/// the old game forgotten.
pub(super) fn start_game(app: &mut App, board: Board, game: Game) {
    super::rating::keep_if_same(app, &board);
    let mode = app.editor().candidate_mode();
    app.replace_editor(Editor::with_mode(board, mode));
    app.current.replace_game(game);
    app.givens.forget();
    app.hints.hide();
    app.savepoints.clear();
    app.ui.overlay.close();
    app.ui.view.new_board(app.current.editor().board());
    app.unsaved.changed();
}

/// `n`: the collection (next puzzle, picker), the embedded levels, the generator; statistics
/// above.
pub fn new_game_menu(app: &mut App) {
    let mut items: Vec<(String, MenuChoice)> = Vec::new();
    if let Some(c) = &app.origin.collection {
        if c.index + 1 < c.count.max(1) {
            items.push((
                format!("Next in {} (#{} of {})", c.title(), c.index + 2, c.count),
                MenuChoice::CollectionNext,
            ));
        }
        items.push((
            format!("Pick from {} ({} puzzles)", c.title(), c.count),
            MenuChoice::CollectionPick,
        ));
    }
    items.extend(
        Level::ALL
            .into_iter()
            .filter(|l| puzzles::count(*l) > 0)
            .map(|l| {
                (
                    format!("{:<8} ({} puzzles)", l.name(), puzzles::count(l)),
                    MenuChoice::Level(l),
                )
            }),
    );
    items.extend(Level::ALL.into_iter().map(|l| {
        (
            format!("{:<8} (generate a new one)", l.name()),
            MenuChoice::Generate(l),
        )
    }));
    open_menu(app, MenuKind::NewGame, stats_lines(app), items);
}

/// One line per level with a solve: `Easy     3 solved, median 04:10, 2 hints`.
pub fn stats_lines(app: &App) -> Vec<String> {
    let mut names: Vec<String> = Level::ALL.iter().map(|l| l.name().to_string()).collect();
    names.push("unrated".into());
    let lines: Vec<String> = names
        .iter()
        .filter_map(|n| {
            let s = app.stats.levels.get(n)?;
            (s.solved > 0).then(|| {
                format!(
                    "{n:<8} {} solved, median {}, {}",
                    s.solved,
                    super::clock(Duration::from_secs(s.median_secs().unwrap_or(0))),
                    plural(s.hints as usize, "hint")
                )
            })
        })
        .collect();
    if lines.is_empty() {
        vec!["No puzzle solved yet".into()]
    } else {
        lines
    }
}

/// Opens puzzle `index` of the collection (its lines must be loaded).
pub fn open_collection_entry(app: &mut App, index: usize) {
    let Some(c) = &app.origin.collection else {
        return;
    };
    let Some(line) = c.lines.get(index) else {
        return;
    };
    let (title, count) = (c.title(), c.count);
    match engine::decode(line) {
        Ok(parsed) => {
            let mut game = Game::named(format!("{title} #{}", index + 1), None);
            game.se_rating = se_rating(parsed.meta.trailer.as_deref());
            start_game(app, parsed.board, game);
            app.origin.select(index);
            app.info(format!(
                "Puzzle {} of {count} in {title} (n: next or pick another)",
                index + 1,
            ));
        }
        Err(e) => app.error(format!("{title} #{}: {e}", index + 1)),
    }
}

/// An embedded puzzle of a level (each level's list is walked in turn).
pub fn new_game(app: &mut App, level: Level) {
    let li = Level::ALL.iter().position(|l| *l == level).unwrap_or(0);
    let index = app.origin.next_puzzle[li];
    match puzzles::puzzle(level, index) {
        Some((board, name)) => {
            app.origin.played(level, index);
            start_game(app, board, Game::named(name.clone(), Some(level)));
            app.origin.collection = None;
            app.info(format!("New game: {name}"));
        }
        None => app.error(format!("No {} puzzle embedded", level.name())),
    }
}

/// Asks the generator for a puzzle of a level (in the background).
pub fn generate(app: &mut App, level: Level, fx: &mut Vec<Effect>) {
    app.info(format!(
        "Generating {} {} puzzle…",
        article(level.name()),
        level.name()
    ));
    fx.push(Effect::Generate(level));
}

/// The generator's answer.
pub fn generated(app: &mut App, level: Level, seed: u64, result: Result<Box<Board>, String>) {
    match result {
        Ok(board) => {
            let name = format!("{} (seed {seed})", level.name());
            start_game(app, *board, Game::named(name.clone(), Some(level)));
            app.origin.collection = None;
            app.info(format!("New game: generated {name}"));
        }
        Err(e) => app.error(format!("Generator: {e}")),
    }
}

/// A collection's lines arrived: entry `index` opens (unless it is the game on screen), and the
/// picker when `pick`.
pub fn collection_read(
    app: &mut App,
    path: String,
    lines: Vec<String>,
    index: usize,
    pick: bool,
    fx: &mut Vec<Effect>,
) {
    let count = lines.len();
    if count == 0 {
        app.error(format!("{path}: no puzzle in the file"));
        return;
    }
    let index = index.min(count - 1);
    let same_game = app
        .origin
        .collection
        .as_ref()
        .is_some_and(|c| c.path == path && c.index == index);
    let levels = app
        .origin
        .collection
        .take()
        .filter(|c| c.path == path)
        .map(|c| c.levels)
        .unwrap_or_default();
    app.origin.collection = Some(Collection {
        path,
        lines,
        index,
        count,
        levels,
    });
    if !same_game {
        open_collection_entry(app, index);
    }
    if pick {
        fx.extend(super::picker::open(app));
    }
}

/// The next puzzle of the collection (its file is read again when its lines are not loaded).
pub fn collection_next(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(c) = &app.origin.collection {
        let next = c.index + 1;
        if c.lines.is_empty() {
            fx.push(Effect::ReadCollection {
                path: c.path.clone(),
                index: next,
                pick: false,
            });
        } else {
            open_collection_entry(app, next);
        }
    }
}

/// The collection's picker (its file is read first when its lines are not loaded).
pub fn collection_pick(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(c) = &app.origin.collection {
        if c.lines.is_empty() {
            fx.push(Effect::ReadCollection {
                path: c.path.clone(),
                index: c.index,
                pick: true,
            });
        } else {
            fx.extend(super::picker::open(app));
        }
    }
}
