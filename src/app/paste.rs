//! Paste and copy: a puzzle from the clipboard or the terminal's paste (one puzzle starts a
//! game, a list of puzzles opens as a collection, text in the slot prompt is its name), the
//! board in a format to the clipboard. The clipboard itself is the session's
//! ([`super::clipboard`]).

use super::clipboard::ClipboardError;
use super::engine::{explain_no_solution, se_rating};
use super::games::start_game;
use super::menus::MAX_PROMPT;
use super::{engine, App, Effect, Game};

/// The name of a pasted list of puzzles opened as a collection.
pub const PASTED_LIST: &str = "pasted list";

/// Text arrived from the terminal's paste or the clipboard.
pub fn paste_text(app: &mut App, text: &str, fx: &mut Vec<Effect>) {
    // A terminal paste into the slot-name prompt is text, not a puzzle.
    if let Some(p) = app.ui.overlay.prompt_mut() {
        for c in text.chars().filter(|c| !c.is_control()) {
            if p.text.chars().count() < MAX_PROMPT {
                p.text.push(c);
            }
        }
        return;
    }
    match engine::puzzle_list(text) {
        Some(lines) => super::games::collection_read(app, PASTED_LIST.into(), lines, 0, true, fx),
        None => paste(app, text),
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
    app.origin.leave_collection();
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
