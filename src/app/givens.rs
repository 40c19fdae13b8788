//! Enter-givens mode: typing a puzzle into an empty board (`e`), clearing it (`N`), playing it
//! (`e` again: only givens with one solution start a game), and leaving it (Esc: back to the
//! game left for it). Owns `App::givens_mode` and `App::givens_backup`.

use super::engine::explain_no_solution;
use super::games::start_game;
use super::play::edit;
use super::{App, Game};
use crate::domain::{Board, Cell};
use crate::editor::{Command, Editor};

/// `e`: enter the mode (the game is kept for Esc), or in it, play the givens typed.
pub fn enter_givens(app: &mut App) {
    if !app.givens_mode {
        let mode = app.editor().candidate_mode();
        let old = app
            .current
            .replace_editor(Editor::with_mode(Board::empty(), mode));
        let game = app.current.replace_game(Game::named("new puzzle", None));
        app.givens_backup = Some(Box::new((old, game, app.ui.cursor())));
        app.givens_mode = true;
        app.hints.hide();
        app.ui.view.typing_givens(Cell::from_index(0));
        app.dirty = true;
        app.changes += 1;
        app.info("Enter givens: type the digits, e to play (Esc goes back to the game)");
        return;
    }
    let givens = app.board().givens_only();
    match app.solution.count(&givens) {
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

/// `N` in the mode: an empty board.
pub fn clear_board(app: &mut App) {
    if app.givens_mode && edit(app, Command::Load(Box::default())) {
        app.ui.view.move_to(Cell::from_index(0));
        app.info("Board cleared: type the givens, e to play");
    }
}

/// Esc in the mode: back to the game left for it.
pub fn leave(app: &mut App) {
    match app.givens_backup.take() {
        Some(b) => {
            let (editor, game, cursor) = *b;
            app.replace_editor(editor);
            app.current.replace_game(game);
            app.ui.view.move_to(cursor);
        }
        None => {
            let mode = app.editor().candidate_mode();
            app.replace_editor(Editor::with_mode(Board::empty(), mode));
        }
    }
    app.givens_mode = false;
    app.dirty = true;
    app.changes += 1;
    app.info(format!(
        "Left enter-givens mode: back to {}",
        app.game().name
    ));
}
