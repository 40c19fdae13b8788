//! Playing the board: the cursor, digits and candidates, clearing, undo and redo, the candidate
//! modes, the check setting, filters, colours, restart, pause and the clock. Every change of the
//! game's editor by a move goes through [`edit`]; the view of the board ([`View`]: cursor, mark
//! mode, pause, check, filter) is this module's and changes elsewhere only through its methods.

use super::action::Dir;
use super::{first_empty, plural, App, CheckMode};
use crate::domain::{Board, Cell, CellState, Digit};
use crate::editor::{CandidateMode, Color, Command};

/// A filter, as HoDoKu's: highlight every cell where a digit is placed or still a candidate, or
/// every bivalue cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Filter {
    Digit(Digit),
    Bivalue,
}

impl Filter {
    /// `5` or `bivalue` (status line and saves).
    pub fn name(self) -> String {
        match self {
            Filter::Digit(d) => d.to_string(),
            Filter::Bivalue => "bivalue".into(),
        }
    }

    pub fn from_name(s: &str) -> Option<Filter> {
        match s {
            "bivalue" => Some(Filter::Bivalue),
            _ => s.parse::<u8>().ok().and_then(Digit::new).map(Filter::Digit),
        }
    }

    /// Whether the filter highlights a cell of the board.
    pub fn matches(self, board: &Board, c: Cell) -> bool {
        match (self, board.cell(c)) {
            (Filter::Digit(d), CellState::Given(v) | CellState::Filled(v)) => v == d,
            (Filter::Digit(d), CellState::Empty(set)) => set.contains(d),
            (Filter::Bivalue, CellState::Empty(set)) => set.len() == 2,
            (Filter::Bivalue, _) => false,
        }
    }
}

/// How the player looks at the board: the cursor, the mark mode, the pause, the check setting and
/// the filter. Saved with the game (see [`super::persist`]); a new game resets it.
#[derive(Clone, Debug)]
pub struct View {
    cursor: Cell,
    /// Digit keys toggle candidates instead of placing digits.
    mark_mode: bool,
    paused: bool,
    check: CheckMode,
    filter: Option<Filter>,
}

impl View {
    /// The view of a game about to start: the cursor on `cursor`, in the check setting `check`.
    pub fn new(cursor: Cell, check: CheckMode) -> View {
        View {
            cursor,
            mark_mode: false,
            paused: false,
            check,
            filter: None,
        }
    }

    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// Digit keys toggle candidates instead of placing digits.
    pub fn mark_mode(&self) -> bool {
        self.mark_mode
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn check(&self) -> CheckMode {
        self.check
    }

    pub fn filter(&self) -> Option<Filter> {
        self.filter
    }

    /// The cursor to `cell`.
    pub fn move_to(&mut self, cell: Cell) {
        self.cursor = cell;
    }

    /// A new board is played: running, no filter, the cursor on its first empty cell (the
    /// mark mode and the check setting stay).
    pub fn new_board(&mut self, board: &Board) {
        self.paused = false;
        self.filter = None;
        self.cursor = first_empty(board).unwrap_or(Cell::from_index(0));
    }

    /// A board to type givens into: no filter, the cursor on `cursor`.
    pub fn typing_givens(&mut self, cursor: Cell) {
        self.filter = None;
        self.cursor = cursor;
    }

    /// The view a save kept: what it does not say (`None` for the cursor or the check) stays.
    pub fn restore(
        &mut self,
        cursor: Option<Cell>,
        mark_mode: bool,
        check: Option<CheckMode>,
        filter: Option<Filter>,
    ) {
        if let Some(c) = cursor {
            self.cursor = c;
        }
        self.mark_mode = mark_mode;
        if let Some(m) = check {
            self.check = m;
        }
        self.filter = filter;
    }
}

/// Records a change (autosave pending); a legal change clears a stale error; keeps the solution
/// ready for the solution check.
pub(super) fn changed(app: &mut App) {
    app.unsaved.changed();
    app.ui.messages.clear_error();
    if app.ui.view.check == CheckMode::Solution {
        let board = app.board().clone();
        app.solution.get(&board);
    }
}

/// Runs an editor command; reports refusals. `true` when the state changed.
pub(super) fn edit(app: &mut App, cmd: Command) -> bool {
    match app.current.apply(cmd) {
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

/// Moves the cursor `n` cells, wrapping around the board's edge.
pub fn move_cursor(app: &mut App, d: Dir, n: usize) {
    let (r, c) = (app.ui.view.cursor.row(), app.ui.view.cursor.col());
    let (r, c) = match d {
        Dir::Left => (r, (c + 9 - n % 9) % 9),
        Dir::Right => (r, (c + n) % 9),
        Dir::Up => ((r + 9 - n % 9) % 9, c),
        Dir::Down => ((r + n) % 9, c),
    };
    app.ui.view.cursor = Cell::from_rc(r, c);
}

/// The cursor to the next empty cell (reading order, wrapping).
pub fn next_empty(app: &mut App) {
    let start = app.ui.view.cursor.index();
    let found = (1..=81)
        .map(|k| Cell::from_index((start + k) % 81))
        .find(|&c| app.board().is_empty_cell(c));
    match found {
        Some(c) => app.ui.view.cursor = c,
        None => app.info("No empty cell"),
    }
}

/// A digit key: a given in enter-givens mode, a candidate in mark mode, else the value.
pub fn digit(app: &mut App, d: Digit) {
    let cell = app.ui.view.cursor;
    if app.givens.on() {
        // Typing givens goes on to the next cell, as a puzzle is read.
        if edit(app, Command::SetGiven { cell, digit: d }) {
            app.ui.view.cursor = Cell::from_index((cell.index() + 1) % 81);
        }
    } else if app.ui.view.mark_mode {
        toggle_candidate(app, d);
    } else {
        edit(app, Command::SetDigit { cell, digit: d });
    }
}

/// Toggles a candidate of the cursor cell; a candidate a peer's value excludes is named.
pub fn toggle_candidate(app: &mut App, d: Digit) {
    let cell = app.ui.view.cursor;
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

/// Clears the cursor cell: a given in enter-givens mode, else its value, else its marks.
pub fn clear_cell(app: &mut App) {
    let cell = app.ui.view.cursor;
    if app.givens.on() {
        edit(app, Command::ClearGiven { cell });
    } else if app.board().value(cell).is_some() {
        edit(app, Command::ClearCell { cell });
    } else {
        edit(app, Command::ClearMarks { cell });
    }
}

pub fn toggle_mark_mode(app: &mut App) {
    app.ui.view.mark_mode = !app.ui.view.mark_mode;
    app.unsaved.touched();
    app.info(if app.ui.view.mark_mode {
        "Mark mode: digits toggle candidates"
    } else {
        "Digit mode: digits place values"
    });
}

pub fn undo(app: &mut App) {
    if app.current.undo() {
        changed(app);
        app.info("Undone");
    } else {
        app.error("Nothing to undo in this game");
    }
}

pub fn redo(app: &mut App) {
    if app.current.redo() {
        changed(app);
        app.info("Redone");
    } else {
        app.error("Nothing to redo");
    }
}

pub fn fill_candidates(app: &mut App) {
    if edit(app, Command::FillAllCandidates) {
        app.info("Filled all candidates");
    }
}

pub fn toggle_candidate_mode(app: &mut App) {
    let mode = app.editor().candidate_mode().toggled();
    if edit(app, Command::SetCandidateMode(mode)) {
        app.info(match mode {
            CandidateMode::Auto => "Automatic candidates: peers' digits are removed for you",
            CandidateMode::Manual => "Manual pencilmarks: you write the marks",
        });
    }
}

/// `c`: the next check setting; the solution check counts the wrong digits.
pub fn check(app: &mut App) {
    app.ui.view.check = app.ui.view.check.next();
    app.unsaved.touched();
    let extra = match app.ui.view.check {
        CheckMode::Solution => {
            let board = app.editor().board().clone();
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
    app.info(format!("Check: {}{extra}", app.ui.view.check.name()));
}

pub fn pause(app: &mut App) {
    app.ui.view.paused = !app.ui.view.paused;
    app.info(if app.ui.view.paused {
        "Paused"
    } else {
        "Resumed"
    });
}

/// A click on a cell moves the cursor there (in play, not paused).
pub fn click(app: &mut App, cell: Cell) {
    if app.ui.overlay.is_none() && !app.ui.view.paused {
        app.ui.view.cursor = cell;
    }
}

/// `R`: back to the givens, one undo step.
pub fn restart(app: &mut App) {
    if app.givens.on() {
        return;
    }
    if edit(app, Command::Restart) {
        app.hints.hide();
        app.ui.view.cursor = first_empty(app.board()).unwrap_or(Cell::from_index(0));
        app.info("Restarted: back to the givens (u undoes the restart)");
    } else {
        app.info("Already at the start");
    }
}

/// Sets (or with `None` clears) the filter.
pub fn set_filter(app: &mut App, filter: Option<Filter>) {
    app.ui.view.filter = filter;
    app.unsaved.touched();
    match filter {
        Some(Filter::Digit(d)) => app.info(format!(
            "Filter {d}: cells where {d} is placed or a candidate (ff or Esc: off)"
        )),
        Some(Filter::Bivalue) => app.info("Filter: bivalue cells (ff or Esc: off)"),
        None => app.info("Filter off"),
    }
}

/// Colours the cursor cell, or with a digit filter on, that candidate of it; the same colour
/// again removes it.
pub fn color_cell(app: &mut App, color: Color) {
    let cell = app.ui.view.cursor;
    let target_digit = match app.ui.view.filter {
        Some(Filter::Digit(d)) if app.board().candidates(cell).contains(d) => Some(d),
        _ => None,
    };
    let colors = app.editor().colors();
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

pub fn color_clear(app: &mut App) {
    let cell = app.ui.view.cursor;
    if edit(app, Command::ClearColors { cell: Some(cell) }) {
        app.info(format!("Colours of {cell} removed"));
    }
}

pub fn color_clear_all(app: &mut App) {
    if edit(app, Command::ClearColors { cell: None }) {
        app.info("Every colour removed (u brings them back)");
    }
}

pub fn tick(app: &mut App, dt: std::time::Duration) {
    if !app.ui.view.paused
        && !app.givens.on()
        && app.ui.overlay.is_none()
        && !app.board().is_solved()
    {
        let before = app.game().elapsed.as_secs();
        app.game_mut().add_time(dt);
        if app.game().elapsed.as_secs() / 30 != before / 30 {
            // The clock is saved now and then even without moves.
            app.unsaved.touched();
        }
    }
}

impl App {
    /// Puts the cursor on `cell`, as a click would in play.
    pub fn set_cursor(&mut self, cell: Cell) {
        self.ui.view.cursor = cell;
    }
}
