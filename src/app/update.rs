//! `update(&mut App, Action) -> Vec<Effect>`: every state change of the player, without I/O.

use super::action::{copy_formats, Dir};
use super::{
    engine, first_empty, puzzles, Action, App, Effect, Game, Hint, HintStage, Menu, MenuChoice,
    MenuKind, Overlay, Prompt, PromptKind,
};
use crate::domain::{Board, Cell, Digit};
use crate::editor::{CandidateMode, Command, Editor};
use crate::solver::Level;
use std::time::Duration;

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
            app.mark_mode = !app.mark_mode;
            app.info(if app.mark_mode {
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
                app.error("Nothing to undo");
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
        Action::PasteText(text) => match &mut app.overlay {
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
        Action::CopyMenu => {
            let items = copy_formats()
                .map(|f| (format!("{:<14} {}", f.id(), f.name()), MenuChoice::Copy(f)))
                .collect();
            open_menu(app, MenuKind::Copy, items);
        }
        Action::Hint => hint(app),
        Action::ApplyHint => apply_hint(app),
        Action::Check => {
            app.check = app.check.next();
            let extra = match app.check {
                super::CheckMode::Solution => {
                    let board = app.editor.board().clone();
                    match app.solution.get(&board) {
                        Some(sol) => {
                            let wrong = wrong_cells(&board, sol);
                            format!(": {wrong} wrong digit(s)")
                        }
                        None => ": the givens have no unique solution".into(),
                    }
                }
                _ => String::new(),
            };
            app.info(format!("Check: {}{extra}", app.check.name()));
        }
        Action::NewGame => {
            let mut items: Vec<(String, MenuChoice)> = Level::ALL
                .into_iter()
                .filter(|l| puzzles::count(*l) > 0)
                .map(|l| {
                    (
                        format!("{:<8} ({} puzzles)", l.name(), puzzles::count(l)),
                        MenuChoice::Level(l),
                    )
                })
                .collect();
            items.extend(Level::ALL.into_iter().map(|l| {
                (
                    format!("{:<8} (generate a new one)", l.name()),
                    MenuChoice::Generate(l),
                )
            }));
            open_menu(app, MenuKind::NewGame, items);
        }
        Action::SaveSlot => {
            app.overlay = Overlay::Prompt(Prompt {
                kind: PromptKind::SaveSlot,
                text: String::new(),
            });
        }
        Action::OpenSlot => fx.push(Effect::ListSlots),
        Action::EnterGivens => enter_givens(app),
        Action::ClearBoard => {
            if app.givens_mode && edit(app, Command::Load(Box::default())) {
                app.cursor = Cell::from_index(0);
                app.info("Board cleared: type the givens, e to play");
            }
        }
        Action::Pause => {
            app.paused = !app.paused;
            app.info(if app.paused { "Paused" } else { "Resumed" });
        }
        Action::Help => {
            app.overlay = match app.overlay {
                Overlay::Help => Overlay::None,
                _ => Overlay::Help,
            };
        }
        Action::Quit => {
            fx.push(Effect::Save);
            fx.push(Effect::Quit);
            app.quit = true;
        }
        Action::MenuUp | Action::MenuDown => {
            if let Overlay::Menu(m) = &mut app.overlay {
                let n = m.items.len().max(1);
                m.selected = if action == Action::MenuUp {
                    (m.selected + n - 1) % n
                } else {
                    (m.selected + 1) % n
                };
            }
        }
        Action::Select => select(app, &mut fx),
        Action::Cancel => cancel(app),
        Action::PromptChar(c) => {
            if let Overlay::Prompt(p) = &mut app.overlay {
                if !c.is_control() && p.text.chars().count() < MAX_PROMPT {
                    p.text.push(c);
                }
            }
        }
        Action::PromptBackspace => {
            if let Overlay::Prompt(p) = &mut app.overlay {
                p.text.pop();
            }
        }
        Action::Click { x, y } => {
            if app.overlay == Overlay::None && !app.paused {
                let (w, h) = app.screen;
                if let Some(cell) = crate::ui::cell_at(w, h, x, y) {
                    app.cursor = cell;
                }
            }
        }
        Action::Tick(dt) => tick(app, dt),
        Action::Resize { width, height } => app.screen = (width, height),
    }
    fx
}

/// Records a change (autosave pending); keeps the solution ready for the solution check.
fn changed(app: &mut App) {
    app.dirty = true;
    app.changes += 1;
    if app.check == super::CheckMode::Solution {
        let board = app.board().clone();
        app.solution.get(&board);
    }
}

/// Runs an editor command; reports refusals. `true` when the board changed.
fn edit(app: &mut App, cmd: Command) -> bool {
    match app.editor.apply(cmd) {
        Ok(true) => {
            changed(app);
            if !app.givens_mode && app.board().is_solved() {
                app.info(format!(
                    "Solved in {}! Press n for a new game",
                    clock(app.game.elapsed)
                ));
            }
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
    let (r, c) = (app.cursor.row(), app.cursor.col());
    let (r, c) = match d {
        Dir::Left => (r, (c + 9 - n % 9) % 9),
        Dir::Right => (r, (c + n) % 9),
        Dir::Up => ((r + 9 - n % 9) % 9, c),
        Dir::Down => ((r + n) % 9, c),
    };
    app.cursor = Cell::from_rc(r, c);
}

fn next_empty(app: &mut App) {
    let start = app.cursor.index();
    let found = (1..=81)
        .map(|k| Cell::from_index((start + k) % 81))
        .find(|&c| app.board().is_empty_cell(c));
    match found {
        Some(c) => app.cursor = c,
        None => app.info("No empty cell"),
    }
}

fn digit(app: &mut App, d: Digit) {
    let cell = app.cursor;
    if app.givens_mode {
        edit(app, Command::SetGiven { cell, digit: d });
    } else if app.mark_mode {
        toggle_candidate(app, d);
    } else {
        edit(app, Command::SetDigit { cell, digit: d });
    }
}

fn toggle_candidate(app: &mut App, d: Digit) {
    let cell = app.cursor;
    edit(app, Command::ToggleCandidate { cell, digit: d });
}

fn clear_cell(app: &mut App) {
    let cell = app.cursor;
    if app.givens_mode {
        edit(app, Command::ClearGiven { cell });
    } else if app.board().value(cell).is_some() {
        edit(app, Command::ClearCell { cell });
    } else {
        edit(app, Command::ClearMarks { cell });
    }
}

/// Loads a board as a new game (one undoable step) and resets the game info.
fn load_game(app: &mut App, board: Board, game: Game) -> bool {
    if !edit(app, Command::Load(Box::new(board))) {
        // The same board again: still a new game for the clock and name.
        changed(app);
    }
    app.game = game;
    app.givens_mode = false;
    app.paused = false;
    app.hint = None;
    app.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
    true
}

fn paste(app: &mut App, text: &str) {
    match engine::decode(text) {
        Err(e) => app.error(format!("Paste failed, nothing changed: {e}")),
        Ok(parsed) => {
            let n = engine::solution_count(&parsed.board.givens_only());
            let solutions = match n {
                0 => "no solution",
                1 => "one solution",
                _ => "several solutions",
            };
            let name = format!("pasted {}", parsed.format.id());
            load_game(
                app,
                parsed.board,
                Game {
                    name,
                    level: None,
                    elapsed: Duration::ZERO,
                },
            );
            let msg = format!("Pasted {}: {solutions}", parsed.format.name());
            if n == 1 {
                app.info(msg);
            } else {
                app.error(msg);
            }
        }
    }
}

fn copy(app: &mut App, format: crate::codec::Format, fx: &mut Vec<Effect>) {
    let step = app.live_hint().map(|h| h.step.clone());
    match engine::encode(format, app.board(), step.as_ref()) {
        Ok(text) => fx.push(Effect::Copy {
            text,
            what: format.name().to_string(),
        }),
        Err(e) => app.error(format!("Copy failed: {e}")),
    }
}

fn open_menu(app: &mut App, kind: MenuKind, items: Vec<(String, MenuChoice)>) {
    if items.is_empty() {
        app.error(format!("{}: nothing to choose", kind.title()));
        return;
    }
    app.overlay = Overlay::Menu(Menu {
        kind,
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
    open_menu(app, MenuKind::OpenSlot, items);
}

fn select(app: &mut App, fx: &mut Vec<Effect>) {
    match std::mem::take(&mut app.overlay) {
        Overlay::Menu(m) => {
            let Some((_, choice)) = m.items.get(m.selected).cloned() else {
                return;
            };
            match choice {
                MenuChoice::Copy(f) => copy(app, f, fx),
                MenuChoice::Level(level) => new_game(app, level),
                MenuChoice::Generate(level) => generated_game(app, level),
                MenuChoice::Slot(name) => fx.push(Effect::LoadSlot(name)),
            }
        }
        Overlay::Prompt(p) => {
            let name = p.text.trim().to_string();
            match p.kind {
                PromptKind::SaveSlot if name.is_empty() => app.error("Not saved: empty name"),
                PromptKind::SaveSlot => fx.push(Effect::SaveSlot(name)),
            }
        }
        Overlay::Help => app.overlay = Overlay::Help,
        Overlay::None => {
            if app.live_hint().is_some() {
                apply_hint(app);
            } else if !app.paused && !app.givens_mode {
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
            start_game(app, board, name.clone(), level);
            app.info(format!("New game: {name}"));
        }
        None => app.error(format!("No {} puzzle embedded", level.name())),
    }
}

/// A new puzzle from the generator (unique, rated at exactly `level` by the step engine).
fn generated_game(app: &mut App, level: Level) {
    // The seed only has to differ between games; it is shown so a puzzle can be regenerated
    // with `termdoku generate --level L --seed S`.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
        ^ app.editor.undo_len() as u64;
    match engine::generate(level, seed, app.config.solver) {
        Ok(board) => {
            let name = format!("{} (seed {seed})", level.name());
            start_game(app, board, name.clone(), level);
            app.info(format!("New game: generated {name}"));
        }
        Err(e) => app.error(format!("Generator: {e}")),
    }
}

/// Loads a new puzzle of a known level with a fresh clock.
fn start_game(app: &mut App, board: Board, name: String, level: Level) {
    load_game(
        app,
        board,
        Game {
            name,
            level: Some(level),
            elapsed: Duration::ZERO,
        },
    );
}

fn cancel(app: &mut App) {
    if app.overlay != Overlay::None {
        app.overlay = Overlay::None;
    } else if app.givens_mode {
        app.givens_mode = false;
        while app.editor.undo_len() > app.givens_mark && app.editor.undo() {
            changed(app);
        }
        app.info("Left enter-givens mode");
    }
}

fn enter_givens(app: &mut App) {
    if !app.givens_mode {
        app.givens_mark = app.editor.undo_len();
        if edit(app, Command::Load(Box::default())) || app.board() == &Board::empty() {
            app.givens_mode = true;
            app.hint = None;
            app.cursor = Cell::from_index(0);
            app.game = Game {
                name: "new puzzle".into(),
                level: None,
                elapsed: Duration::ZERO,
            };
            app.info("Enter givens: type the digits, e to play (Esc leaves)");
        }
        return;
    }
    let givens = app.board().givens_only();
    match engine::solution_count(&givens) {
        1 => {
            let mode = app.editor.candidate_mode();
            app.editor = Editor::with_mode(givens, mode);
            app.givens_mode = false;
            app.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
            app.game.name = "entered".into();
            app.game.elapsed = Duration::ZERO;
            changed(app);
            app.info("One solution: play!");
        }
        0 => app.error("These givens have no solution: fix them"),
        _ => app.error("These givens have several solutions: add more"),
    }
}

fn hint(app: &mut App) {
    if let Some(h) = app.live_hint().cloned() {
        let stage = match h.stage {
            HintStage::Technique => HintStage::Where,
            HintStage::Where | HintStage::Full => HintStage::Full,
        };
        let text = hint_text(&h.step, stage);
        app.hint = Some(Hint { stage, ..h });
        app.info(text);
        return;
    }
    if app.board().is_solved() {
        app.info("Solved: no hint needed");
        return;
    }
    match engine::next_step(app.board(), app.config.solver) {
        Some(step) => {
            app.info(hint_text(&step, HintStage::Technique));
            app.hint = Some(Hint {
                step,
                stage: HintStage::Technique,
                board: app.board().clone(),
            });
        }
        None => app.error("No hint: the board has a wrong digit or no solution"),
    }
}

fn hint_text(step: &crate::solver::Step, stage: HintStage) -> String {
    match stage {
        HintStage::Technique => format!("Hint: {} (t: where)", step.technique.name()),
        HintStage::Where => format!(
            "Hint: {}: look at the highlighted cells (t: full step)",
            step.technique.name()
        ),
        HintStage::Full => format!("{} (Enter: apply)", step.text),
    }
}

fn apply_hint(app: &mut App) {
    let step = match app.live_hint() {
        Some(h) => h.step.clone(),
        None => match engine::next_step(app.board(), app.config.solver) {
            Some(s) => s,
            None => {
                app.error("No hint to apply");
                return;
            }
        },
    };
    let text = step.text.clone();
    if edit(app, Command::ApplyStep(Box::new(step))) {
        app.hint = None;
        if !app.board().is_solved() {
            app.info(format!("Applied: {text}"));
        }
    }
}

fn tick(app: &mut App, dt: Duration) {
    if !app.paused && !app.givens_mode && !app.board().is_solved() {
        let before = app.game.elapsed.as_secs();
        app.game.elapsed += dt;
        if app.game.elapsed.as_secs() / 30 != before / 30 {
            // The clock is saved now and then even without moves.
            app.dirty = true;
        }
    }
}

/// Filled digits that differ from the solution.
pub fn wrong_cells(board: &Board, sol: &[u8; 81]) -> usize {
    Cell::all()
        .filter(|&c| {
            !board.is_given(c) && board.value(c).is_some_and(|d| d.get() != sol[c.index()])
        })
        .count()
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
