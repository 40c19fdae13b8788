//! What a save keeps of the player's view besides the game: cursor, modes, the hint stage, the
//! filter, colours (with their undo steps), savepoints, the collection position and the hints
//! used. Plain values: the player converts them to its own types and ignores what it does not
//! understand, so an older or newer save still opens.

use serde::{Deserialize, Serialize};

/// The player's view of a saved game. Every field has a default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// Cursor cell, `r1c1`.
    pub cursor: Option<String>,
    pub mark_mode: bool,
    /// `off`, `rules` or `solution`.
    pub check_mode: Option<String>,
    /// Hint ladder stage shown: 1, 2 or 3 (0: none).
    pub hint_stage: u8,
    /// `1`..`9` or `bivalue`.
    pub filter: Option<String>,
    /// Colours now and per undo/redo step, in the colour text form (`r1c2=1 r3c4#5=2`).
    pub colors: String,
    pub colors_undo: Vec<String>,
    pub colors_redo: Vec<String>,
    pub savepoints: Vec<SavepointState>,
    pub collection: Option<CollectionState>,
    pub hints_used: u32,
    /// The SE rating the puzzle's text carried (`ED=11.3/1.2/1.2`).
    pub se_rating: Option<String>,
    /// The solve was already counted in the statistics.
    pub solve_counted: bool,
    /// The engine of the hints, `hodoku` or `se` (absent in older saves: the config's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint_engine: Option<String>,
    /// The givens being entered (enter-givens mode) when the game was saved, as 81 characters
    /// (`1`-`9`, `.`); the game above is the one left for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens_draft: Option<String>,
    /// The cursor in the givens being entered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens_cursor: Option<String>,
}

/// A savepoint: a name and the full state as a Susser line with eliminations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavepointState {
    pub name: String,
    pub state: String,
    /// `auto` or `manual`.
    pub candidate_mode: String,
}

/// Where in a collection file the game comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CollectionState {
    pub path: String,
    /// Zero-based puzzle number.
    pub index: usize,
    pub count: usize,
}

/// `text` cut to at most `max` characters.
pub fn bounded(mut text: String, max: usize) -> String {
    if let Some((i, _)) = text.char_indices().nth(max) {
        text.truncate(i);
    }
    text
}

/// Bounds for the fields of a saved view: longer texts are cut, longer lists shortened (a save
/// the player wrote never comes near them).
const SHORT: usize = 64;
const PATH: usize = 4096;
/// Colours of one state: at most 81 cells and 729 candidates, each a few characters.
const COLORS: usize = 16 << 10;
/// A savepoint's state: a pencilmark grid with eliminations.
const STATE: usize = 8 << 10;
const SAVEPOINTS: usize = 1000;

impl PlayerState {
    /// The view with every field within its bound.
    pub fn bounded(self) -> PlayerState {
        let short = |o: Option<String>| o.map(|t| bounded(t, SHORT));
        let colors = |v: Vec<String>| v.into_iter().map(|t| bounded(t, COLORS)).collect();
        PlayerState {
            cursor: short(self.cursor),
            check_mode: short(self.check_mode),
            filter: short(self.filter),
            colors: bounded(self.colors, COLORS),
            colors_undo: colors(self.colors_undo),
            colors_redo: colors(self.colors_redo),
            savepoints: self
                .savepoints
                .into_iter()
                .take(SAVEPOINTS)
                .map(|p| SavepointState {
                    name: bounded(p.name, SHORT),
                    state: bounded(p.state, STATE),
                    candidate_mode: bounded(p.candidate_mode, SHORT),
                })
                .collect(),
            collection: self.collection.map(|c| CollectionState {
                path: bounded(c.path, PATH),
                ..c
            }),
            se_rating: short(self.se_rating),
            givens_draft: self.givens_draft.map(|t| bounded(t, 81)),
            givens_cursor: short(self.givens_cursor),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_of_a_view_is_bounded() {
        let long = "é".repeat(1 << 20);
        let p = PlayerState {
            cursor: Some(long.clone()),
            colors: long.clone(),
            colors_undo: vec![long.clone(); 3],
            se_rating: Some(long.clone()),
            savepoints: vec![
                SavepointState {
                    name: long.clone(),
                    state: long.clone(),
                    candidate_mode: long.clone(),
                };
                2000
            ],
            ..PlayerState::default()
        }
        .bounded();
        assert_eq!(p.cursor.unwrap().chars().count(), SHORT);
        assert_eq!(p.colors.chars().count(), COLORS);
        assert!(p.colors_undo.iter().all(|c| c.chars().count() == COLORS));
        assert_eq!(p.savepoints.len(), SAVEPOINTS);
        assert_eq!(p.savepoints[0].state.chars().count(), STATE);
        assert_eq!(bounded("abc".into(), 5), "abc");
    }
}
