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
