//! The player's view in a save ([`PlayerState`]): cursor, modes, hint stage, filter, colours with
//! their undo steps, savepoints, collection position, hints used, SE rating, the hint engine.

use super::{App, CheckMode, Collection, Effect, Filter, HintStage, Savepoint};
use crate::codec::{self, Format, WriteOptions};
use crate::editor::Colors;
use crate::storage::{CollectionState, HintEngine, PlayerState, SavepointState};

/// The view of the app as a save keeps it. In enter-givens mode the save holds the game left
/// for it (see [`super::movelog::tracked`]) and the givens being typed as a draft.
pub fn player_state(app: &App) -> PlayerState {
    let (editor, game, draft) = super::movelog::tracked(app);
    let (cursor, givens_cursor) = match (app.givens.left(), &draft) {
        (Some(left), Some(_)) => (left.cursor, Some(app.ui.cursor().to_string())),
        _ => (app.ui.cursor(), None),
    };
    PlayerState {
        cursor: Some(cursor.to_string()),
        mark_mode: app.ui.mark_mode(),
        check_mode: Some(app.ui.check().name().to_string()),
        hint_stage: app.live_hint().map_or(0, |h| h.stage.number()),
        filter: app.ui.filter().map(Filter::name),
        // The colours are written from the editor when the save is encoded (on the writer
        // thread: a long history's colour steps are not turned into text on every autosave).
        colors: String::new(),
        colors_undo: Vec::new(),
        colors_redo: Vec::new(),
        savepoints: app
            .savepoints()
            .iter()
            .filter_map(|s| {
                Some(SavepointState {
                    name: s.name.clone(),
                    state: codec::encode(Format::SusserElims, &s.board, &WriteOptions::default())
                        .ok()?,
                    candidate_mode: editor.candidate_mode().name().to_string(),
                })
            })
            .collect(),
        collection: app.collection().map(|c| CollectionState {
            path: c.path.clone(),
            index: c.index,
            count: c.count,
        }),
        hints_used: game.hints_used,
        se_rating: game.se_rating.clone(),
        solve_counted: game.solve_counted,
        hint_engine: Some(app.config.hint_engine.id().to_string()),
        givens_draft: draft,
        givens_cursor,
    }
}

/// Puts a saved view back; what does not parse is left at its default. A saved hint is searched
/// again off the event loop (its effect goes to `fx`).
pub fn restore_view(app: &mut App, p: &PlayerState, fx: &mut Vec<Effect>) {
    app.ui.view.restore(
        p.cursor.as_deref().and_then(|t| t.parse().ok()),
        p.mark_mode,
        p.check_mode
            .as_deref()
            .and_then(|n| CheckMode::ALL.into_iter().find(|m| m.name() == n)),
        p.filter.as_deref().and_then(Filter::from_name),
    );
    app.current.restore_colors(
        parse_colors(&p.colors),
        p.colors_undo.iter().map(|t| parse_colors(t)).collect(),
        p.colors_redo.iter().map(|t| parse_colors(t)).collect(),
    );
    app.savepoints.restore(
        p.savepoints
            .iter()
            .filter_map(|s| {
                let board = codec::decode(Format::SusserElims, &s.state).ok()?.board;
                Some(Savepoint {
                    name: s.name.clone(),
                    board,
                })
            })
            .collect(),
    );
    app.game_mut().hints_used = p.hints_used;
    app.game_mut().se_rating = p.se_rating.clone();
    app.game_mut().solve_counted = p.solve_counted;
    // An older save has no engine: the config's stays.
    if let Some(e) = p.hint_engine.as_deref().and_then(HintEngine::from_id) {
        app.config.hint_engine = e;
    }
    restore_collection(app, p);
    if let Some(stage) = HintStage::from_number(p.hint_stage) {
        super::hints::restore_at_stage(app, stage, fx);
    }
    if let Some(board) = p
        .givens_draft
        .as_deref()
        .and_then(super::movelog::draft_board)
    {
        super::givens::resume(
            app,
            board,
            p.givens_cursor.as_deref().and_then(|t| t.parse().ok()),
        );
    }
}

/// The collection position of a save (its lines are read again when needed).
pub fn restore_collection(app: &mut App, p: &PlayerState) {
    app.origin
        .restore(p.collection.as_ref().map(|c| Collection {
            path: c.path.clone(),
            lines: Vec::new(),
            index: c.index,
            count: c.count,
            levels: Default::default(),
        }));
}

/// Colours as text (see [`Colors::to_text`]).
pub fn colors_text(c: &Colors) -> String {
    c.to_text()
}

/// The colours of [`colors_text`]; bad entries are skipped.
pub fn parse_colors(t: &str) -> Colors {
    Colors::from_text(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Cell, Digit};
    use crate::editor::Color;

    #[test]
    fn colours_round_trip_as_text() {
        let mut c = Colors::default();
        c.set_cell(Cell::from_rc(0, 1), Color::new(0));
        c.set_candidate(Cell::from_rc(8, 8), Digit::new(5).unwrap(), Color::new(9));
        let t = colors_text(&c);
        assert_eq!(t, "r1c2=1 r9c9#5=10");
        assert_eq!(parse_colors(&t), c);
        assert_eq!(parse_colors("r1c2=11 r0c1=1 junk"), Colors::default());
    }
}
