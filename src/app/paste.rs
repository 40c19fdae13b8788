//! Paste and copy: a puzzle from the clipboard or the terminal's paste (one puzzle starts a
//! game, a list of puzzles opens as a collection, text in the slot prompt is its name), the
//! board in a format to the clipboard. The clipboard itself is the session's
//! ([`super::clipboard`]).

use super::clipboard::ClipboardError;
use super::games::start_game;
use super::menus::MAX_PROMPT;
use super::shared::Shared;
use super::{engine, Action, App, Effect, Game, Overlay};
use crate::domain::Board;

/// The name of a pasted list of puzzles opened as a collection.
pub const PASTED_LIST: &str = "pasted list";

/// Text arrived from the terminal's paste or the clipboard.
pub fn paste_text(app: &mut App, text: &str, fx: &mut Vec<Effect>) {
    match &mut app.ui.overlay {
        // A terminal paste into the slot-name prompt is text, not a puzzle.
        Overlay::Prompt(p) => {
            for c in text.chars().filter(|c| !c.is_control()) {
                if p.text.chars().count() < MAX_PROMPT {
                    p.text.push(c);
                }
            }
        }
        _ => match engine::puzzle_list(text) {
            Some(lines) => fx.extend(super::update::update(
                app,
                Action::CollectionRead {
                    path: PASTED_LIST.into(),
                    lines: Shared::new(lines),
                    index: 0,
                    pick: true,
                },
            )),
            None => paste(app, text),
        },
    }
}

/// The terminal's own paste, which arrives as a bracketed paste without the system clipboard.
const TERMINAL_PASTE: &str =
    "your terminal's own paste works: its paste key (e.g. Ctrl+Shift+V) or menu";

/// The clipboard could not be read.
pub fn paste_failed(app: &mut App, why: &ClipboardError) {
    app.error(match why {
        ClipboardError::Unavailable(reason) => {
            format!("No system clipboard to paste from ({reason}); {TERMINAL_PASTE}")
        }
        ClipboardError::NoText(reason) => format!("Nothing to paste: {reason}; {TERMINAL_PASTE}"),
    });
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
    let solved = super::Solved::of(&givens);
    let n = solved.count();
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
    app.solution.insert(givens, solved);
    app.collection = None;
    if n == 1 {
        app.info(format!("{msg}: one solution"));
    } else {
        app.error(format!(
            "{msg}: several solutions (hints work, uniqueness techniques are off)"
        ));
    }
}

/// Copies the board in a format (a HoDoKu line carries the hint's step on screen).
pub fn copy(app: &mut App, format: crate::codec::Format, fx: &mut Vec<Effect>) {
    let step = app.live_hint().and_then(|h| h.step()).cloned();
    match engine::encode(format, app.board(), step.as_ref()) {
        Ok(text) => fx.push(Effect::Copy {
            text,
            what: format.name().to_string(),
        }),
        Err(e) => app.error(format!("Copy failed: {e}")),
    }
}
