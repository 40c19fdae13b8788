//! `update(&mut App, Action) -> Vec<Effect>`: every state change of the player, without I/O, clock
//! or randomness (time and seeds arrive inside actions; long searches are effects).

use super::action::{Dir, Shared};
use super::plural;
use super::{
    engine, first_empty, puzzles, Action, App, Collection, Effect, Filter, Game, Hint, HintKind,
    HintSearch, HintStage, Menu, MenuChoice, MenuKind, Overlay, PathView, Prompt, PromptKind,
    Savepoint,
};
use crate::domain::{Board, Cell, Digit};
use crate::editor::{CandidateMode, Color, Command, Editor};
use crate::solver::step::Candidate;
use crate::solver::techniques::SlotSet;
use crate::solver::{Level, Step};
use crate::storage::SavedGame;

/// Longest slot name the prompt accepts.
const MAX_PROMPT: usize = 40;

/// Applies one action to the app; returns what the outside world must do.
pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    let mut fx = Vec::new();
    match action {
        Action::Move(d) => move_cursor(app, d, 1),
        Action::MoveFar(d) => move_cursor(app, d, 3),
        Action::NextEmpty => next_empty(app),
        Action::Digit(d) => digit(app, d),
        Action::ToggleCandidate(d) => toggle_candidate(app, d),
        Action::ToggleMarkMode => {
            app.ui.mark_mode = !app.ui.mark_mode;
            app.dirty = true;
            app.info(if app.ui.mark_mode {
                "Mark mode: digits toggle candidates"
            } else {
                "Digit mode: digits place values"
            });
        }
        Action::ClearCell => clear_cell(app),
        Action::Undo => {
            if app.editor.undo() {
                changed(app);
                app.info("Undone");
            } else {
                app.error("Nothing to undo in this game");
            }
        }
        Action::Redo => {
            if app.editor.redo() {
                changed(app);
                app.info("Redone");
            } else {
                app.error("Nothing to redo");
            }
        }
        Action::FillCandidates => {
            if edit(app, Command::FillAllCandidates) {
                app.info("Filled all candidates");
            }
        }
        Action::ToggleCandidateMode => {
            let mode = app.editor.candidate_mode().toggled();
            if edit(app, Command::SetCandidateMode(mode)) {
                app.info(match mode {
                    CandidateMode::Auto => {
                        "Automatic candidates: peers' digits are removed for you"
                    }
                    CandidateMode::Manual => "Manual pencilmarks: you write the marks",
                });
            }
        }
        Action::Paste => fx.push(Effect::ReadClipboard),
        Action::PasteText(text) => match &mut app.ui.overlay {
            // A terminal paste into the slot-name prompt is text, not a puzzle.
            Overlay::Prompt(p) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    if p.text.chars().count() < MAX_PROMPT {
                        p.text.push(c);
                    }
                }
            }
            _ => paste(app, &text),
        },
        Action::PasteFailed(why) => app.error(format!(
            "Clipboard unavailable ({why}); your terminal's own paste works (e.g. Ctrl+Shift+V)"
        )),
        Action::Copy(format) => copy(app, format, &mut fx),
        Action::CopyMenu => super::copying::open(app),
        Action::Hint => hint(app, &mut fx),
        Action::ApplyHint => apply_hint(app, &mut fx),
        Action::StepFound { board, step } => step_found(app, &board, step.map(|s| *s)),
        Action::Check => {
            app.ui.check = app.ui.check.next();
            app.dirty = true;
            let extra = match app.ui.check {
                super::CheckMode::Solution => {
                    let board = app.editor.board().clone();
                    match app.solution.get(&board) {
                        Some(sol) => {
                            let wrong = super::wrong_digits(&board, sol).len() as usize;
                            format!(": {}", plural(wrong, "wrong digit"))
                        }
                        None => ": the givens have no unique solution".into(),
                    }
                }
                _ => String::new(),
            };
            app.info(format!("Check: {}{extra}", app.ui.check.name()));
        }
        Action::NewGame => new_game_menu(app),
        Action::SaveSlot => {
            app.ui.overlay = Overlay::Prompt(Prompt {
                kind: PromptKind::SaveSlot,
                text: String::new(),
            });
        }
        Action::OpenSlot => fx.push(Effect::ListSlots),
        Action::EnterGivens => enter_givens(app),
        Action::ClearBoard => {
            if app.givens_mode && edit(app, Command::Load(Box::default())) {
                app.ui.cursor = Cell::from_index(0);
                app.info("Board cleared: type the givens, e to play");
            }
        }
        Action::Pause => {
            app.ui.paused = !app.ui.paused;
            app.info(if app.ui.paused { "Paused" } else { "Resumed" });
        }
        Action::Help => {
            app.ui.overlay = match app.ui.overlay {
                Overlay::Help(_) => Overlay::None,
                _ => Overlay::Help(0),
            };
        }
        Action::Quit => {
            app.quit = true;
            fx.push(Effect::SaveAndQuit);
        }
        Action::MenuUp | Action::MenuDown if matches!(app.ui.overlay, Overlay::AllSteps(_)) => {
            super::all_steps::move_selection(app, action == Action::MenuUp)
        }
        Action::MenuUp => super::nav::navigate(app, super::nav::Move::Up),
        Action::MenuDown => super::nav::navigate(app, super::nav::Move::Down),
        Action::MenuPageUp => super::nav::navigate(app, super::nav::Move::PageUp),
        Action::MenuPageDown => super::nav::navigate(app, super::nav::Move::PageDown),
        Action::MenuFirst => super::nav::navigate(app, super::nav::Move::First),
        Action::MenuLast => super::nav::navigate(app, super::nav::Move::Last),
        Action::MenuSearch => super::picker::search(app),
        Action::MenuLevelFilter => {
            if super::picker::is_open(app) {
                super::picker::cycle_level(app);
                fx.push(Effect::SavePickerLevel(app.picker.level));
            }
        }
        Action::CollectionRated {
            path,
            index,
            level,
            last,
        } => {
            if !last {
                super::picker::rated(app, &path, index, level);
            }
        }
        Action::ReadAll => super::reader::open(app),
        Action::CopyHint => super::reader::copy_hint(app, &mut fx),
        Action::Select => select(app, &mut fx),
        Action::Cancel => cancel(app),
        Action::PromptChar(c) if super::picker::is_open(app) => super::picker::type_char(app, c),
        Action::PromptBackspace if super::picker::is_open(app) => super::picker::backspace(app),
        Action::PromptChar(c) => {
            if let Overlay::Prompt(p) = &mut app.ui.overlay {
                if !c.is_control() && p.text.chars().count() < MAX_PROMPT {
                    p.text.push(c);
                }
            }
        }
        Action::PromptBackspace => {
            if let Overlay::Prompt(p) = &mut app.ui.overlay {
                p.text.pop();
            }
        }
        Action::Filter(d) => set_filter(app, Some(Filter::Digit(d))),
        Action::FilterBivalue => set_filter(app, Some(Filter::Bivalue)),
        Action::FilterClear => set_filter(app, None),
        Action::ColorCell(color) => color_cell(app, color),
        Action::ColorClear => {
            let cell = app.ui.cursor;
            if edit(app, Command::ClearColors { cell: Some(cell) }) {
                app.info(format!("Colours of {cell} removed"));
            }
        }
        Action::ColorClearAll => {
            if edit(app, Command::ClearColors { cell: None }) {
                app.info("Every colour removed (u brings them back)");
            }
        }
        Action::PathView => path_view(app, &mut fx),
        Action::Restart => {
            if app.givens_mode {
                return fx;
            }
            if edit(app, Command::Restart) {
                app.ui.hint = None;
                app.ui.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
                app.info("Restarted: back to the givens (u undoes the restart)");
            } else {
                app.info("Already at the start");
            }
        }
        Action::Savepoint => {
            let n = app.savepoints.len() + 1;
            let name = format!(
                "#{n} at {}: {} cells filled",
                app.game.clock(),
                app.board().value_count()
            );
            app.savepoints.push(Savepoint {
                name: name.clone(),
                board: app.board().clone(),
            });
            app.dirty = true;
            app.info(format!("Savepoint {name} (B goes back)"));
        }
        Action::SavepointMenu => {
            let items = app
                .savepoints
                .iter()
                .enumerate()
                .rev()
                .map(|(i, s)| (s.name.clone(), MenuChoice::Savepoint(i)))
                .collect();
            if app.savepoints.is_empty() {
                app.error("No savepoint yet: b marks one");
            } else {
                open_menu(app, MenuKind::Savepoints, Vec::new(), items);
            }
        }
        Action::ClickCell(cell) => {
            if app.ui.overlay == Overlay::None && !app.ui.paused {
                app.ui.cursor = cell;
            }
        }
        Action::Tick(dt) => tick(app, dt),
        Action::Resize { width, height } => app.ui.screen = (width, height),
        Action::Rated(info) => super::rating::arrived(app, *info),
        Action::PathReady { board, steps } => {
            if let Overlay::Path(p) = &mut app.ui.overlay {
                if p.board == *board {
                    p.selected = 0;
                    p.steps = Some(steps);
                }
            }
        }
        Action::Generated {
            level,
            seed,
            result,
        } => match result {
            Ok(board) => {
                let name = format!("{} (seed {seed})", level.name());
                start_game(app, *board, Game::named(name.clone(), Some(level)));
                app.collection = None;
                app.info(format!("New game: generated {name}"));
            }
            Err(e) => app.error(format!("Generator: {e}")),
        },
        Action::SlotLoaded { name, game } => {
            restore_saved(app, &game.0);
            app.dirty = true;
            app.changes += 1;
            app.info(format!("Opened \"{name}\""));
        }
        Action::SlotExists(name) => {
            let header = vec![format!("Replace the saved game \"{name}\"?")];
            let items = vec![
                ("Keep the old one".to_string(), MenuChoice::Stay),
                (
                    format!("Replace \"{name}\""),
                    MenuChoice::OverwriteSlot(name),
                ),
            ];
            open_menu(app, MenuKind::ConfirmOverwrite, header, items);
        }
        Action::QuitSaveFailed(why) => {
            app.quit = false;
            let header = vec![
                format!("Saving failed: {why}"),
                "Quit anyway and lose the changes since the last save?".to_string(),
            ];
            let items = vec![
                ("Stay in the game".to_string(), MenuChoice::Stay),
                ("Quit without saving".to_string(), MenuChoice::QuitAnyway),
            ];
            open_menu(app, MenuKind::ConfirmQuit, header, items);
        }
        Action::CollectionRead {
            path,
            lines,
            index,
            pick,
        } => {
            let lines: Vec<String> = lines.0.as_ref().clone();
            let count = lines.len();
            if count == 0 {
                app.error(format!("{path}: no puzzle in the file"));
                return fx;
            }
            let index = index.min(count - 1);
            let same_game = app
                .collection
                .as_ref()
                .is_some_and(|c| c.path == path && c.index == index);
            let levels = app
                .collection
                .take()
                .filter(|c| c.path == path)
                .map(|c| c.levels)
                .unwrap_or_default();
            app.collection = Some(Collection {
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
        Action::CollectionFailed(why) => app.error(why),
        Action::Steps(a) => super::all_steps::update(app, a, &mut fx),
    }
    after(app, &mut fx);
    fx
}

/// What follows every action: count a solve in the statistics (once per game) and start the
/// background rating of a new puzzle.
fn after(app: &mut App, fx: &mut Vec<Effect>) {
    if !app.givens_mode && !app.game.solve_counted && app.board().is_solved() {
        app.game.solve_counted = true;
        app.dirty = true;
        let level = super::rating::stats_level(app);
        fx.push(Effect::RecordSolve {
            level,
            secs: app.game.elapsed.as_secs(),
            hints: app.game.hints_used,
        });
        app.info(format!(
            "Solved in {}! Press n for a new game",
            app.game.clock()
        ));
    }
    fx.extend(background(app));
}

/// Background work the current state needs (see [`super::rating::background`]).
pub fn background(app: &mut App) -> Vec<Effect> {
    super::rating::background(app)
}

/// Records a change (autosave pending); a legal change clears a stale error; keeps the solution
/// ready for the solution check.
fn changed(app: &mut App) {
    app.dirty = true;
    app.changes += 1;
    if app
        .ui
        .status
        .as_ref()
        .is_some_and(|s| s.kind == super::StatusKind::Error)
    {
        app.ui.status = None;
    }
    if app.ui.check == super::CheckMode::Solution {
        let board = app.board().clone();
        app.solution.get(&board);
    }
}

/// Runs an editor command; reports refusals. `true` when the state changed.
pub(super) fn edit(app: &mut App, cmd: Command) -> bool {
    match app.editor.apply(cmd) {
        Ok(true) => {
            changed(app);
            true
        }
        Ok(false) => false,
        Err(e) => {
            app.error(e.to_string());
            false
        }
    }
}

fn move_cursor(app: &mut App, d: Dir, n: usize) {
    let (r, c) = (app.ui.cursor.row(), app.ui.cursor.col());
    let (r, c) = match d {
        Dir::Left => (r, (c + 9 - n % 9) % 9),
        Dir::Right => (r, (c + n) % 9),
        Dir::Up => ((r + 9 - n % 9) % 9, c),
        Dir::Down => ((r + n) % 9, c),
    };
    app.ui.cursor = Cell::from_rc(r, c);
}

fn next_empty(app: &mut App) {
    let start = app.ui.cursor.index();
    let found = (1..=81)
        .map(|k| Cell::from_index((start + k) % 81))
        .find(|&c| app.board().is_empty_cell(c));
    match found {
        Some(c) => app.ui.cursor = c,
        None => app.info("No empty cell"),
    }
}

fn digit(app: &mut App, d: Digit) {
    let cell = app.ui.cursor;
    if app.givens_mode {
        edit(app, Command::SetGiven { cell, digit: d });
    } else if app.ui.mark_mode {
        toggle_candidate(app, d);
    } else {
        edit(app, Command::SetDigit { cell, digit: d });
    }
}

fn toggle_candidate(app: &mut App, d: Digit) {
    let cell = app.ui.cursor;
    if edit(app, Command::ToggleCandidate { cell, digit: d }) {
        let shown = app.board().candidates(cell).contains(d);
        if shown {
            if let Some(peer) = cell
                .peers()
                .iter()
                .find(|&p| app.board().value(p) == Some(d))
            {
                app.error(format!("{d} in {cell} clashes with the {d} in {peer}"));
            }
        }
    }
}

fn clear_cell(app: &mut App) {
    let cell = app.ui.cursor;
    if app.givens_mode {
        edit(app, Command::ClearGiven { cell });
    } else if app.board().value(cell).is_some() {
        edit(app, Command::ClearCell { cell });
    } else {
        edit(app, Command::ClearMarks { cell });
    }
}

/// Starts a new game on a board: a new history (undo never reaches another game), the view of
/// the old game forgotten.
pub(super) fn start_game(app: &mut App, board: Board, game: Game) {
    super::rating::keep_if_same(app, &board);
    let mode = app.editor.candidate_mode();
    app.editor = Editor::with_mode(board, mode);
    app.game = game;
    app.givens_mode = false;
    app.givens_backup = None;
    app.ui.paused = false;
    app.ui.hint = None;
    app.ui.filter = None;
    app.savepoints.clear();
    app.ui.overlay = Overlay::None;
    app.ui.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
    app.dirty = true;
    app.changes += 1;
}

/// The SE rating of a text's trailer (` ED=11.3/1.2/1.2`, ` 7.2`, ` SE 7.2`; see
/// [`crate::codec::rating`]).
pub fn se_rating(trailer: Option<&str>) -> Option<String> {
    crate::codec::rating::se_rating(trailer?)
}

/// Why givens have no solution, in the player's words: the first clash (`r1c1 and r1c3 both
/// hold 7`), else a cell left without any candidate, else just that.
pub fn explain_no_solution(board: &Board) -> String {
    board.contradiction().map_or_else(
        || "no digit clashes, but no solution exists".into(),
        |c| c.to_string(),
    )
}

fn paste(app: &mut App, text: &str) {
    let parsed = match engine::decode(text) {
        Err(e) => {
            app.error(format!("Paste failed, nothing changed: {e}"));
            return;
        }
        Ok(p) => p,
    };
    let givens = parsed.board.givens_only();
    let n = engine::solution_count(&givens);
    if n == 0 {
        app.error(format!(
            "Paste refused, nothing changed: the puzzle has no solution ({})",
            explain_no_solution(&givens)
        ));
        return;
    }
    let mut game = Game::named(format!("pasted {}", parsed.format.id()), None);
    game.se_rating = se_rating(parsed.meta.trailer.as_deref());
    let msg = format!("Pasted {}", parsed.describe());
    start_game(app, parsed.board, game);
    app.collection = None;
    if n == 1 {
        app.info(format!("{msg}: one solution"));
    } else {
        app.error(format!(
            "{msg}: several solutions (hints work, uniqueness techniques are off)"
        ));
    }
}

fn copy(app: &mut App, format: crate::codec::Format, fx: &mut Vec<Effect>) {
    let step = app.live_hint().and_then(|h| h.step()).cloned();
    match engine::encode(format, app.board(), step.as_ref()) {
        Ok(text) => fx.push(Effect::Copy {
            text,
            what: format.name().to_string(),
        }),
        Err(e) => app.error(format!("Copy failed: {e}")),
    }
}

pub fn open_menu(
    app: &mut App,
    kind: MenuKind,
    header: Vec<String>,
    items: Vec<(String, MenuChoice)>,
) {
    if items.is_empty() {
        app.error(format!("{}: nothing to choose", kind.title()));
        return;
    }
    app.ui.overlay = Overlay::Menu(Menu {
        kind,
        header,
        items,
        selected: 0,
    });
}

/// Opens the menu of saved slots (the session lists them): (label, slot name) pairs.
pub fn open_slot_menu(app: &mut App, slots: Vec<(String, String)>) {
    let items = slots
        .into_iter()
        .map(|(label, slot)| (label, MenuChoice::Slot(slot)))
        .collect();
    open_menu(app, MenuKind::OpenSlot, Vec::new(), items);
}

/// `n`: the collection (next puzzle, picker), the embedded levels, the generator; statistics
/// above.
fn new_game_menu(app: &mut App) {
    let mut items: Vec<(String, MenuChoice)> = Vec::new();
    if let Some(c) = &app.collection {
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
                    super::clock(std::time::Duration::from_secs(s.median_secs().unwrap_or(0))),
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
fn open_collection_entry(app: &mut App, index: usize) {
    let Some(c) = app.collection.clone() else {
        return;
    };
    let Some(line) = c.lines.get(index) else {
        return;
    };
    match engine::decode(line) {
        Ok(parsed) => {
            let mut game = Game::named(format!("{} #{}", c.title(), index + 1), None);
            game.se_rating = se_rating(parsed.meta.trailer.as_deref());
            start_game(app, parsed.board, game);
            let msg = format!(
                "Puzzle {} of {} in {} (n: next or pick another)",
                index + 1,
                c.count,
                c.title()
            );
            app.collection = Some(Collection { index, ..c });
            app.info(msg);
        }
        Err(e) => app.error(format!("{} #{}: {e}", c.title(), index + 1)),
    }
}

fn select(app: &mut App, fx: &mut Vec<Effect>) {
    match std::mem::take(&mut app.ui.overlay) {
        Overlay::Menu(m) => {
            let Some((_, choice)) = m.items.get(m.selected).cloned() else {
                return;
            };
            match choice {
                MenuChoice::Copy(f) => copy(app, f, fx),
                MenuChoice::CopyHint => super::reader::copy_hint(app, fx),
                MenuChoice::Level(level) => new_game(app, level),
                MenuChoice::Generate(level) => {
                    app.info(format!("Generating a {} puzzle…", level.name()));
                    fx.push(Effect::Generate(level));
                }
                MenuChoice::Slot(name) => fx.push(Effect::LoadSlot(name)),
                MenuChoice::CollectionNext => {
                    if let Some(c) = &app.collection {
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
                MenuChoice::CollectionPick => {
                    if let Some(c) = &app.collection {
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
                MenuChoice::CollectionEntry(i) => open_collection_entry(app, i),
                MenuChoice::Practice(f) => super::practice::start(app, f, fx),
                MenuChoice::Savepoint(i) => {
                    if let Some(sp) = app.savepoints.get(i).cloned() {
                        if edit(app, Command::Load(Box::new(sp.board))) {
                            app.ui.hint = None;
                            app.info(format!("Back at savepoint {} (u undoes)", sp.name));
                        } else {
                            app.info("The board is already at that savepoint");
                        }
                    }
                }
                MenuChoice::OverwriteSlot(name) => fx.push(Effect::SaveSlot {
                    name,
                    overwrite: true,
                }),
                MenuChoice::QuitAnyway => {
                    app.quit = true;
                    fx.push(Effect::Quit);
                }
                MenuChoice::Stay => app.info("Nothing changed"),
            }
        }
        Overlay::Prompt(p) => {
            let name = p.text.trim().to_string();
            match p.kind {
                PromptKind::SaveSlot if name.is_empty() => app.error("Not saved: empty name"),
                PromptKind::SaveSlot => fx.push(Effect::SaveSlot {
                    name,
                    overwrite: false,
                }),
            }
        }
        Overlay::Path(p) => match &p.steps {
            Some(steps) if !steps.is_empty() && p.board == *app.board() => {
                let n = (p.selected + 1).min(steps.len());
                let chosen = steps[..n].to_vec();
                if edit(app, Command::ApplySteps(chosen)) {
                    app.ui.hint = None;
                    app.info(format!(
                        "Applied {} of the path (u undoes them at once)",
                        plural(n, "step")
                    ));
                }
            }
            Some(_) => {}
            None => app.ui.overlay = Overlay::Path(p),
        },
        Overlay::Message { .. } | Overlay::Text(_) => {}
        Overlay::AllSteps(v) => super::all_steps::select(app, v, fx),
        Overlay::Help(s) => app.ui.overlay = Overlay::Help(s),
        Overlay::None => {
            if let Some(h) = app.live_hint() {
                let kind = h.kind.clone();
                apply_kind(app, kind);
            } else if !app.ui.paused && !app.givens_mode {
                app.info("No hint on screen: t asks for one, T applies the next step");
            }
        }
    }
}

fn new_game(app: &mut App, level: Level) {
    let li = Level::ALL.iter().position(|l| *l == level).unwrap_or(0);
    let index = app.next_puzzle[li];
    match puzzles::puzzle(level, index) {
        Some((board, name)) => {
            app.next_puzzle[li] = index.wrapping_add(1);
            start_game(app, board, Game::named(name.clone(), Some(level)));
            app.collection = None;
            app.info(format!("New game: {name}"));
        }
        None => app.error(format!("No {} puzzle embedded", level.name())),
    }
}

fn cancel(app: &mut App) {
    if super::picker::stop_typing(app) {
        return;
    }
    if app.ui.overlay != Overlay::None {
        app.ui.overlay = Overlay::None;
    } else if app.givens_mode {
        match app.givens_backup.take() {
            Some(b) => {
                let (editor, game, cursor) = *b;
                app.editor = editor;
                app.game = game;
                app.ui.cursor = cursor;
            }
            None => app.editor = Editor::with_mode(Board::empty(), app.editor.candidate_mode()),
        }
        app.givens_mode = false;
        app.dirty = true;
        app.changes += 1;
        app.info(format!("Left enter-givens mode: back to {}", app.game.name));
    } else if app.ui.filter.is_some() {
        set_filter(app, None);
    } else if super::practice::stop(app) {
    } else if app.ui.hint_search.take().is_some() {
        app.info("Stopped waiting for the hint");
    } else if app.ui.hint.is_some() {
        app.ui.hint = None;
        app.info("Hint hidden");
    }
}

fn enter_givens(app: &mut App) {
    if !app.givens_mode {
        let mode = app.editor.candidate_mode();
        let old = std::mem::replace(&mut app.editor, Editor::with_mode(Board::empty(), mode));
        let game = std::mem::replace(&mut app.game, Game::named("new puzzle", None));
        app.givens_backup = Some(Box::new((old, game, app.ui.cursor)));
        app.givens_mode = true;
        app.ui.hint = None;
        app.ui.filter = None;
        app.ui.cursor = Cell::from_index(0);
        app.dirty = true;
        app.changes += 1;
        app.info("Enter givens: type the digits, e to play (Esc goes back to the game)");
        return;
    }
    let givens = app.board().givens_only();
    match engine::solution_count(&givens) {
        1 => {
            start_game(app, givens, Game::named("entered", None));
            app.collection = None;
            app.info("One solution: play!");
        }
        0 => app.error(format!(
            "These givens have no solution ({}): fix them",
            explain_no_solution(&givens)
        )),
        _ => app.error("These givens have several solutions: add more"),
    }
}

fn set_filter(app: &mut App, filter: Option<Filter>) {
    app.ui.filter = filter;
    app.dirty = true;
    match filter {
        Some(Filter::Digit(d)) => app.info(format!(
            "Filter {d}: cells where {d} is placed or a candidate (ff or Esc: off)"
        )),
        Some(Filter::Bivalue) => app.info("Filter: bivalue cells (ff or Esc: off)"),
        None => app.info("Filter off"),
    }
}

fn color_cell(app: &mut App, color: Color) {
    let cell = app.ui.cursor;
    let target_digit = match app.ui.filter {
        Some(Filter::Digit(d)) if app.board().candidates(cell).contains(d) => Some(d),
        _ => None,
    };
    let colors = app.editor.colors();
    let (cmd, what) = match target_digit {
        Some(d) => {
            let new = (colors.candidate(cell, d) != Some(color)).then_some(color);
            (
                Command::ColorCandidate {
                    cell,
                    digit: d,
                    color: new,
                },
                match new {
                    Some(k) => format!("Candidate {d} of {cell}: colour {k}"),
                    None => format!("Candidate {d} of {cell}: colour removed"),
                },
            )
        }
        None => {
            let new = (colors.cell(cell) != Some(color)).then_some(color);
            (
                Command::ColorCell { cell, color: new },
                match new {
                    Some(k) => format!("{cell}: colour {k}"),
                    None => format!("{cell}: colour removed"),
                },
            )
        }
    };
    if edit(app, cmd) {
        app.info(what);
    }
}

/// Mistakes of a board against its solution: wrong filled digits, and solution candidates the
/// player removed (in Manual mode only in cells that have marks).
pub fn mistakes(app: &App, board: &Board, sol: &[u8; 81]) -> (Vec<Cell>, Vec<Candidate>) {
    let manual = app.editor.candidate_mode() == CandidateMode::Manual;
    let found = crate::solver::check::mistakes(board, sol, manual);
    (found.wrong, found.removed)
}

/// What a hint can say about the current board without the step engine: a mistake (`Some(Ok)`),
/// or that the givens have no solution (`Some(Err)`); `None` when the next step must be searched.
fn hint_before_search(app: &mut App) -> Option<Result<HintKind, String>> {
    let board = app.board().clone();
    match app.solution.get(&board).copied() {
        Some(sol) => {
            let (wrong, removed) = mistakes(app, &board, &sol);
            if !wrong.is_empty() || !removed.is_empty() {
                return Some(Ok(HintKind::Mistake { wrong, removed }));
            }
            None
        }
        None => {
            let givens = board.givens_only();
            if engine::solution_count(&givens) == 0 {
                return Some(Err(format!(
                    "No hint: the puzzle has no solution ({})",
                    explain_no_solution(&givens)
                )));
            }
            None
        }
    }
}

/// The hint made of the step the engine found for the current board (never one that places or
/// removes against the solution).
fn hint_from_step(app: &mut App, step: Option<Step>) -> Result<HintKind, String> {
    let board = app.board().clone();
    match app.solution.get(&board).copied() {
        Some(sol) => {
            let step = step.ok_or("No hint found for this state")?;
            let against = step
                .placements
                .iter()
                .any(|p| sol[p.cell.index()] != p.digit.get())
                || step
                    .eliminations
                    .iter()
                    .any(|e| sol[e.cell.index()] == e.digit.get());
            if against {
                return Err("No safe hint for this state".into());
            }
            Ok(HintKind::Step(step))
        }
        None => step.map(HintKind::Step).ok_or_else(|| {
            "No hint: this state has no solution (several solutions to the givens; uniqueness techniques are off)".into()
        }),
    }
}

/// The hint for the current board, searched here and now (a restored view).
fn compute_hint(app: &mut App) -> Result<HintKind, String> {
    match hint_before_search(app) {
        Some(answer) => answer,
        None => {
            let step = super::marks::next_step(app.board(), app.config.solver);
            hint_from_step(app, step)
        }
    }
}

/// Asks the step engine for the next step of the current board, off the event loop
/// ([`Action::StepFound`] brings it back); `apply` applies it once found instead of showing it.
/// While a search for this board runs, another one is not started.
fn search_step(app: &mut App, apply: bool, fx: &mut Vec<Effect>) {
    let board = app.board().clone();
    if let Some(search) = app.ui.hint_search.as_mut().filter(|s| s.board == board) {
        search.apply |= apply;
        app.info("Still searching for a hint… (Esc stops waiting)");
        return;
    }
    app.ui.hint_search = Some(HintSearch {
        board: board.clone(),
        apply,
    });
    app.info("Searching for a hint… (Esc stops waiting)");
    fx.push(Effect::FindStep {
        board,
        slots: app.config.solver,
    });
}

/// The step engine's answer for `board` arrived: shown as a hint (or applied) when the board is
/// still the one it was asked for and the search was not given up; dropped otherwise.
fn step_found(app: &mut App, board: &Board, step: Option<Step>) {
    let Some(search) = app.ui.hint_search.take() else {
        return;
    };
    if search.board != *board || *app.board() != *board {
        // A newer search may still run; this answer is for an older board.
        if search.board != *board {
            app.ui.hint_search = Some(search);
        }
        return;
    }
    match hint_from_step(app, step) {
        Ok(kind) => {
            app.game.hints_used = app.game.hints_used.saturating_add(1);
            deliver_hint(app, kind, search.apply);
        }
        Err(e) => app.error(e),
    }
}

/// Shows a freshly found hint at its first stage.
fn show_new_hint(app: &mut App, kind: HintKind) {
    let h = Hint {
        kind,
        stage: HintStage::Technique,
        board: app.board().clone(),
    };
    let text = hint_text(app, &h);
    app.info(text);
    app.ui.hint = Some(h);
    app.dirty = true;
}

fn hint(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(h) = app.live_hint().cloned() {
        let stage = match h.stage {
            HintStage::Technique => HintStage::Where,
            HintStage::Where | HintStage::Full => HintStage::Full,
        };
        let h = Hint { stage, ..h };
        let text = hint_text(app, &h);
        app.info(text);
        app.ui.hint = Some(h);
        app.dirty = true;
        return;
    }
    new_hint(app, false, fx);
}

/// A hint for the current board, none being on screen: a mistake or a missing solution is told
/// at once, else the next step is searched. `apply` applies it (`T`) instead of showing it.
fn new_hint(app: &mut App, apply: bool, fx: &mut Vec<Effect>) {
    if app.board().is_solved() {
        app.info("Solved: no hint needed");
        return;
    }
    match hint_before_search(app) {
        Some(Ok(kind)) => deliver_hint(app, kind, apply),
        Some(Err(e)) => app.error(e),
        None => search_step(app, apply, fx),
    }
}

/// Shows a new hint, or applies it.
fn deliver_hint(app: &mut App, kind: HintKind, apply: bool) {
    if apply {
        apply_kind(app, kind);
    } else {
        show_new_hint(app, kind);
    }
}

/// Whether the givens of the board have several solutions (hints then skip uniqueness).
fn ambiguous(app: &mut App) -> bool {
    let b = app.board().clone();
    app.solution.get(&b).is_none() && engine::solution_count(&b.givens_only()) > 1
}

/// The status-line text of a hint at its stage.
pub fn hint_text(app: &mut App, h: &Hint) -> String {
    match &h.kind {
        HintKind::Mistake { wrong, removed } => {
            let what = match (wrong.is_empty(), removed.is_empty()) {
                (false, true) => "a wrong digit",
                (true, false) => "a wrongly removed candidate",
                _ => "a wrong digit and a wrongly removed candidate",
            };
            match h.stage {
                HintStage::Technique => {
                    format!("Hint: the board has a mistake: {what} (t: where)")
                }
                HintStage::Where | HintStage::Full => {
                    let mut parts: Vec<String> =
                        wrong.iter().map(|c| format!("{c} is wrong")).collect();
                    parts.extend(
                        removed
                            .iter()
                            .map(|k| format!("{} was removed from {}", k.digit, k.cell)),
                    );
                    format!(
                        "Mistake: {} (T or Enter: undo to the last correct state)",
                        parts.join(", ")
                    )
                }
            }
        }
        HintKind::Step(step) => {
            let mut note = super::marks::note(&h.board);
            if ambiguous(app) {
                note.push_str(" [several solutions: uniqueness techniques off]");
            }
            match h.stage {
                HintStage::Technique => {
                    format!("Hint: {} (t: where){note}", step.technique.name())
                }
                HintStage::Where => format!(
                    "Hint: {}: look at the highlighted cells (t: full step){note}",
                    step.technique.name()
                ),
                HintStage::Full => format!("{} (Enter: apply){note}", step.text),
            }
        }
    }
}

fn apply_hint(app: &mut App, fx: &mut Vec<Effect>) {
    if let Some(h) = app.live_hint() {
        let kind = h.kind.clone();
        apply_kind(app, kind);
        return;
    }
    new_hint(app, true, fx);
}

/// Applies a hint: its step, or for a mistake the undo to the last correct state.
fn apply_kind(app: &mut App, kind: HintKind) {
    match kind {
        HintKind::Step(step) => {
            let text = step.text.clone();
            let cmd = super::marks::apply_command(app.board(), app.candidate_mode(), step);
            if edit(app, cmd) {
                app.ui.hint = None;
                if !app.board().is_solved() {
                    app.info(format!("Applied: {text}"));
                }
            }
        }
        HintKind::Mistake { .. } => undo_to_correct(app),
    }
}

/// Undoes back to the newest state without a mistake; when no earlier state is correct, fixes
/// the board directly (wrong digits cleared, removed candidates back) as one undo step.
fn undo_to_correct(app: &mut App) {
    let board = app.board().clone();
    let Some(sol) = app.solution.get(&board).copied() else {
        return;
    };
    let stack: Vec<Board> = app
        .editor
        .history()
        .undo_stack()
        .iter()
        .map(|s| s.board.clone())
        .collect();
    let depth = stack.iter().rev().position(|b| {
        let (w, r) = mistakes(app, b, &sol);
        w.is_empty() && r.is_empty()
    });
    app.ui.hint = None;
    match depth {
        Some(k) => {
            for _ in 0..=k {
                app.editor.undo();
            }
            changed(app);
            app.info(format!(
                "Undid {} back to the last correct state (Ctrl+r redoes)",
                plural(k + 1, "step")
            ));
        }
        None => {
            let (wrong, removed) = mistakes(app, &board, &sol);
            let mut fixed = board;
            for c in wrong {
                fixed.clear(c);
            }
            for k in removed {
                fixed.add_candidate(k.cell, k.digit);
            }
            if edit(app, Command::Load(Box::new(fixed))) {
                app.info("No earlier state was correct: the mistakes were removed (u undoes)");
            }
        }
    }
}

fn path_view(app: &mut App, fx: &mut Vec<Effect>) {
    if app.board().is_solved() {
        app.info("Solved: no path left");
        return;
    }
    let board = app.board().clone();
    if let Some(sol) = app.solution.get(&board).copied() {
        let (w, r) = mistakes(app, &board, &sol);
        if !w.is_empty() || !r.is_empty() {
            app.error("The board has a mistake, so no path leads on from here (t shows it)");
            return;
        }
    }
    app.ui.overlay = Overlay::Path(Box::new(PathView {
        board: board.clone(),
        steps: None,
        selected: 0,
    }));
    fx.push(Effect::SolutionPath(board));
}

fn tick(app: &mut App, dt: std::time::Duration) {
    if !app.ui.paused
        && !app.givens_mode
        && app.ui.overlay == Overlay::None
        && !app.board().is_solved()
    {
        let before = app.game.elapsed.as_secs();
        app.game.add_time(dt);
        if app.game.elapsed.as_secs() / 30 != before / 30 {
            // The clock is saved now and then even without moves.
            app.dirty = true;
        }
    }
}

/// Puts a saved game in place of the current one: its editor (with history and colours) and its
/// view (cursor, modes, hint stage, filter, savepoints).
pub fn restore_saved(app: &mut App, g: &SavedGame) {
    app.editor = g.editor.clone();
    app.game = Game {
        name: g.name.clone().unwrap_or_else(|| "saved game".into()),
        level: g.level,
        elapsed: std::time::Duration::from_secs(g.elapsed_secs),
        ..Game::default()
    };
    app.ui.hint = None;
    app.givens_mode = false;
    app.givens_backup = None;
    app.ui.paused = false;
    app.ui.filter = None;
    app.savepoints.clear();
    app.collection = None;
    app.ui.overlay = Overlay::None;
    let board = app.board().clone();
    super::rating::keep_if_same(app, &board);
    app.ui.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
    if let Some(p) = &g.player {
        super::persist::restore_view(app, p);
    }
}

/// The hint of a given stage on the current board (a restored view).
pub fn hint_at_stage(app: &mut App, stage: HintStage) {
    if app.board().is_solved() {
        return;
    }
    if let Ok(kind) = compute_hint(app) {
        app.ui.hint = Some(Hint {
            kind,
            stage,
            board: app.board().clone(),
        });
    }
}

/// A loaded save shared with an action.
pub fn shared_game(g: SavedGame) -> Shared<SavedGame> {
    Shared::new(g)
}

/// The steps of the solution path from a state (background).
pub fn path_steps(board: &Board, slots: SlotSet) -> Vec<Step> {
    engine::solution_path(board, slots).steps
}
