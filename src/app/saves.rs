//! Saves in the player: savepoints (`b` marks, `B` goes back), named slots (`s` saves, `o`
//! opens), restoring a saved game, and quitting (`q` saves first; when that fails, a menu asks).
//! Owns the savepoints ([`Savepoints`]) and the wish to quit ([`Quit`]). The disk is the
//! session's ([`super::autosave`], the slot effects).

use super::menus::open_menu;
use super::play::edit;
use super::{App, Effect, Game, MenuChoice, MenuKind, Overlay, Prompt, PromptKind};
use crate::domain::Board;
use crate::editor::Command;
use crate::storage::SavedGame;

/// A marked state to come back to (HoDoKu's savepoints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Savepoint {
    pub name: String,
    pub board: Board,
}

/// The game's savepoints, oldest first: marked by `b`, forgotten by a new game, put back by a
/// restored save.
#[derive(Clone, Debug, Default)]
pub struct Savepoints(Vec<Savepoint>);

impl Savepoints {
    pub fn list(&self) -> &[Savepoint] {
        &self.0
    }

    /// A new game: none.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The savepoints a save kept.
    pub fn restore(&mut self, list: Vec<Savepoint>) {
        self.0 = list;
    }
}

/// The player's wish to leave: asked by `q` (and by the session once the game is saved or the
/// player quits without saving), taken back when saving failed and the player stays.
#[derive(Copy, Clone, Debug, Default)]
pub struct Quit(bool);

impl Quit {
    /// The player asked to quit.
    pub fn asked(self) -> bool {
        self.0
    }

    pub fn ask(&mut self) {
        self.0 = true;
    }

    /// The player stays.
    pub fn stay(&mut self) {
        self.0 = false;
    }
}

/// `b`: the current state becomes a savepoint.
pub fn mark(app: &mut App) {
    let n = app.savepoints.0.len() + 1;
    let name = format!(
        "#{n} at {}: {} cells filled",
        app.game().clock(),
        app.board().value_count()
    );
    app.savepoints.0.push(Savepoint {
        name: name.clone(),
        board: app.board().clone(),
    });
    app.unsaved.touched();
    app.info(format!("Savepoint {name} (B goes back)"));
}

/// `B`: the menu of savepoints, newest first.
pub fn menu(app: &mut App) {
    let items = app
        .savepoints
        .0
        .iter()
        .enumerate()
        .rev()
        .map(|(i, s)| (s.name.clone(), MenuChoice::Savepoint(i)))
        .collect();
    if app.savepoints.0.is_empty() {
        app.error("No savepoint yet: b marks one");
    } else {
        open_menu(app, MenuKind::Savepoints, Vec::new(), items);
    }
}

/// Back to savepoint `i` (one undo step).
pub fn back_to(app: &mut App, i: usize) {
    if let Some(sp) = app.savepoints.0.get(i).cloned() {
        if edit(app, Command::Load(Box::new(sp.board))) {
            app.hints.hide();
            app.info(format!("Back at savepoint {} (u undoes)", sp.name));
        } else {
            app.info("The board is already at that savepoint");
        }
    }
}

/// `s`: the prompt for a slot name.
pub fn save_slot_prompt(app: &mut App) {
    app.ui.overlay.open(Overlay::Prompt(Prompt {
        kind: PromptKind::SaveSlot,
        text: String::new(),
    }));
}

/// Enter in the slot prompt.
pub fn save_slot(app: &mut App, name: &str, fx: &mut Vec<Effect>) {
    let name = name.trim().to_string();
    if name.is_empty() {
        app.error("Not saved: empty name");
    } else {
        fx.push(Effect::SaveSlot {
            name,
            overwrite: false,
        });
    }
}

/// Opens the menu of saved slots (the session lists them): (label, slot name) pairs.
pub fn open_slot_menu(app: &mut App, slots: Vec<(String, String)>) {
    let items = slots
        .into_iter()
        .map(|(label, slot)| (label, MenuChoice::Slot(slot)))
        .collect();
    open_menu(app, MenuKind::OpenSlot, Vec::new(), items);
}

/// A slot was read: it replaces the game.
pub fn slot_loaded(app: &mut App, name: &str, game: &SavedGame, fx: &mut Vec<Effect>) {
    restore_saved(app, game, fx);
    app.unsaved.changed();
    app.info(format!("Opened \"{name}\""));
}

/// The slot name is taken: ask before writing over it.
pub fn slot_exists(app: &mut App, name: String) {
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

/// `q`: save, then leave.
pub fn quit(app: &mut App, fx: &mut Vec<Effect>) {
    app.quit.ask();
    fx.push(Effect::SaveAndQuit);
}

/// Saving before quitting failed: ask whether to stay.
pub fn quit_save_failed(app: &mut App, why: &str, journaled: bool) {
    app.quit.stay();
    let header = vec![
        format!("Saving failed: {why}"),
        if journaled {
            "The journal of moves keeps the moves since the last save: they come back on the \
             next start. Quit anyway?"
        } else {
            "Quit anyway and lose the changes since the last save?"
        }
        .to_string(),
    ];
    let items = vec![
        ("Stay in the game".to_string(), MenuChoice::Stay),
        ("Quit without saving".to_string(), MenuChoice::QuitAnyway),
    ];
    open_menu(app, MenuKind::ConfirmQuit, header, items);
}

/// Leave although the game could not be saved.
pub fn quit_anyway(app: &mut App, fx: &mut Vec<Effect>) {
    app.quit.ask();
    fx.push(Effect::Quit);
}

/// Puts a saved game in place of the current one: its editor (with history and colours) and its
/// view (cursor, modes, hint stage, filter, savepoints). A saved hint is searched again off the
/// event loop (its effect goes to `fx`).
pub fn restore_saved(app: &mut App, g: &SavedGame, fx: &mut Vec<Effect>) {
    app.replace_editor(g.editor.clone());
    app.current.replace_game(Game {
        name: g.name.clone().unwrap_or_else(|| "saved game".into()),
        level: g.level,
        elapsed: std::time::Duration::from_secs(g.elapsed_secs),
        ..Game::default()
    });
    app.hints.hide();
    app.givens.forget();
    app.savepoints.clear();
    app.origin.leave_collection();
    app.ui.overlay.close();
    let board = app.board().clone();
    super::rating::keep_if_same(app, &board);
    app.ui.view.new_board(app.current.editor().board());
    if let Some(p) = &g.player {
        super::persist::restore_view(app, p, fx);
    }
}

impl App {
    /// Takes back the wish to quit (a test that goes on after a refused quit).
    pub fn cancel_quit(&mut self) {
        self.quit.stay();
    }
}
