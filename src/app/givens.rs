//! Enter-givens mode: typing a puzzle into an empty board (`e`), clearing it (`N`), playing it
//! (`e` again: only givens with one solution start a game), and leaving it (Esc: back to the
//! game left for it). Owns [`Givens`]: whether the mode is on and the game left for it.

use super::engine::explain_no_solution;
use super::games::start_game;
use super::play::edit;
use super::{App, Game};
use crate::domain::{Board, Cell};
use crate::editor::{Command, Editor};

/// Enter-givens mode: whether givens are being typed, and the game left for it. Only this
/// module starts and leaves the mode; a new game or a restored save forgets it.
#[derive(Clone, Debug, Default)]
pub struct Givens {
    on: bool,
    left: Option<Box<Left>>,
}

/// The game left for enter-givens mode (Esc goes back to it).
#[derive(Clone, Debug)]
pub struct Left {
    pub editor: Editor,
    pub game: Game,
    pub cursor: Cell,
}

impl Givens {
    /// Givens are being typed.
    pub fn on(&self) -> bool {
        self.on
    }

    /// The game left for the mode.
    pub fn left(&self) -> Option<&Left> {
        self.left.as_deref()
    }

    /// Another game replaces the board: the mode is off, with nothing to go back to.
    pub fn forget(&mut self) {
        self.on = false;
        self.left = None;
    }
}

/// Into the mode on `board` (the givens typed so far), the game on screen kept for Esc and the
/// cursor on `cursor`.
fn begin(app: &mut App, board: Board, cursor: Cell) {
    let mode = app.editor().candidate_mode();
    let editor = app.replace_editor(Editor::with_mode(board, mode));
    let game = app.current.replace_game(Game::named("new puzzle", None));
    app.givens.left = Some(Box::new(Left {
        editor,
        game,
        cursor: app.ui.cursor(),
    }));
    app.givens.on = true;
    app.hints.hide();
    app.ui.view.typing_givens(cursor);
}

/// `e`: enter the mode (the game is kept for Esc), or in it, play the givens typed.
pub fn enter_givens(app: &mut App) {
    if !app.givens.on {
        begin(app, Board::empty(), Cell::from_index(0));
        app.unsaved.changed();
        app.info("Enter givens: type the digits, e to play (Esc goes back to the game)");
        return;
    }
    let givens = app.board().givens_only();
    match app.solution.count(&givens) {
        1 => {
            start_game(app, givens, Game::named("entered", None));
            app.origin.leave_collection();
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
    if app.givens.on && edit(app, Command::Load(Box::default())) {
        app.ui.view.move_to(Cell::from_index(0));
        app.info("Board cleared: type the givens, e to play");
    }
}

/// Esc in the mode: back to the game left for it.
pub fn leave(app: &mut App) {
    match app.givens.left.take() {
        Some(left) => {
            let Left {
                editor,
                game,
                cursor,
            } = *left;
            app.replace_editor(editor);
            app.current.replace_game(game);
            app.ui.view.move_to(cursor);
        }
        None => {
            let mode = app.editor().candidate_mode();
            app.replace_editor(Editor::with_mode(Board::empty(), mode));
        }
    }
    app.givens.on = false;
    app.unsaved.changed();
    app.info(format!(
        "Left enter-givens mode: back to {}",
        app.game().name
    ));
}

/// Back in enter-givens mode with the givens typed so far (a save's draft), the game on screen
/// kept for Esc.
pub fn resume(app: &mut App, board: Board, cursor: Option<Cell>) {
    begin(app, board, cursor.unwrap_or(Cell::from_index(0)));
    let name = app.givens.left().map_or("", |l| l.game.name.as_str());
    app.info(format!(
        "Resumed entering givens: type the digits, e to play (Esc goes back to {name})"
    ));
}
