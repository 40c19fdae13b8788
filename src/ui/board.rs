//! The board: heavy box borders, light cell borders, digits and pencilmark mini-grids (full
//! layout) or one character per cell (compact layout), with every highlight.

use super::theme::Theme;
use super::{cell_rect, Layout, LayoutKind};
use crate::app::{App, CheckMode, HintStage};
use crate::domain::{Cell, CellSet, CellState, Digit};
use crate::solver::step::Candidate;
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// Everything the board shows, derived once per frame from the app.
pub struct BoardView {
    pub cells: [CellState; 81],
    pub given: CellSet,
    pub cursor: Cell,
    pub cursor_digit: Option<Digit>,
    pub peers: CellSet,
    /// Conflicting digits and dead cells (check rules or solution).
    pub conflicts: CellSet,
    pub dead: CellSet,
    /// Filled digits that differ from the solution (check solution).
    pub wrong: CellSet,
    pub hint_stage: Option<HintStage>,
    pub hint_cells: CellSet,
    pub hint_houses: CellSet,
    pub hint_elims: Vec<Candidate>,
    pub hint_places: Vec<Candidate>,
    pub hint_marks: Vec<Candidate>,
}

impl BoardView {
    pub fn new(app: &App) -> BoardView {
        let board = app.board();
        let cells = board.cells();
        let given: CellSet = Cell::all().filter(|&c| board.is_given(c)).collect();
        let cursor = app.cursor;
        // The cursor's row, column and box are not shaded while a hint is shown.
        let peers = if app.config.highlight_peers && app.live_hint().is_none() {
            cursor.peers()
        } else {
            CellSet::EMPTY
        };
        let (conflicts, dead) = if app.check == CheckMode::Off {
            (CellSet::EMPTY, CellSet::EMPTY)
        } else {
            (app.editor.conflicts(), app.editor.dead_cells())
        };
        let mut wrong = CellSet::EMPTY;
        if app.check == CheckMode::Solution {
            if let Some(sol) = app.solution.peek(board) {
                for c in Cell::all() {
                    if !board.is_given(c)
                        && board.value(c).is_some_and(|d| d.get() != sol[c.index()])
                    {
                        wrong.insert(c);
                    }
                }
            }
        }
        let mut v = BoardView {
            cells,
            given,
            cursor,
            cursor_digit: board
                .value(cursor)
                .filter(|_| app.config.highlight_same_digit),
            peers,
            conflicts,
            dead,
            wrong,
            hint_stage: None,
            hint_cells: CellSet::EMPTY,
            hint_houses: CellSet::EMPTY,
            hint_elims: Vec::new(),
            hint_places: Vec::new(),
            hint_marks: Vec::new(),
        };
        if let Some(h) = app.live_hint() {
            v.hint_stage = Some(h.stage);
            if h.stage >= HintStage::Where {
                let s = &h.step;
                for house in s.houses.iter().chain(&s.cover_houses) {
                    v.hint_houses = v.hint_houses.union(house.cells());
                }
                for c in &s.cells {
                    v.hint_cells.insert(*c);
                }
                for f in &s.fins {
                    v.hint_cells.insert(f.cell);
                }
            }
            if h.stage == HintStage::Full {
                let s = &h.step;
                v.hint_elims = s.eliminations.clone();
                v.hint_places = s.placements.clone();
                v.hint_marks = s.fins.clone();
                v.hint_marks.extend(s.colors.iter().map(|(c, _)| *c));
                for link in s.chains.iter().flatten() {
                    v.hint_marks.extend(link.from.candidates());
                    v.hint_marks.extend(link.to.candidates());
                }
                for c in &s.cells {
                    for d in &s.values {
                        v.hint_marks.push(Candidate::new(*c, *d));
                    }
                }
            }
        }
        v
    }

    /// The background of a cell (cursor, hint, peers).
    pub fn cell_style(&self, t: &Theme, c: Cell) -> Style {
        if c == self.cursor {
            t.cursor()
        } else if self.hint_cells.contains(c) {
            t.hint_cell()
        } else if self.hint_houses.contains(c) {
            t.hint_house()
        } else if self.peers.contains(c) {
            t.peer()
        } else {
            Style::new()
        }
    }

    /// The style of the digit of a given or filled cell (without background).
    pub fn value_style(&self, t: &Theme, c: Cell, d: Digit) -> Style {
        let mut s = if self.given.contains(c) {
            t.given()
        } else {
            t.filled()
        };
        if self.cursor_digit == Some(d) && c != self.cursor {
            s = s.patch(t.same_digit());
        }
        if self.conflicts.contains(c) {
            s = s.patch(t.conflict());
        }
        if self.wrong.contains(c) {
            s = s.patch(t.wrong());
        }
        s
    }

    /// The style of a candidate (without background).
    pub fn candidate_style(&self, t: &Theme, c: Cell, d: Digit) -> Style {
        let cand = Candidate::new(c, d);
        if self.hint_places.contains(&cand) {
            return t.hint_place();
        }
        if self.hint_elims.contains(&cand) {
            return t.hint_elim();
        }
        if self.hint_marks.contains(&cand) {
            return t.hint_mark();
        }
        if self.cursor_digit == Some(d) {
            return t.candidate().patch(t.same_digit());
        }
        t.candidate()
    }
}

/// Line weight of a border.
#[derive(Copy, Clone, PartialEq, Eq)]
enum W {
    No,
    Light,
    Heavy,
}

/// The box-drawing character joining lines going up, down, left and right.
fn junction(up: W, down: W, left: W, right: W) -> char {
    use W::*;
    match (up, down, left, right) {
        (No, No, l, r) if l != No || r != No => {
            if l == Heavy || r == Heavy {
                '━'
            } else {
                '─'
            }
        }
        (u, d, No, No) if u != No || d != No => {
            if u == Heavy || d == Heavy {
                '┃'
            } else {
                '│'
            }
        }
        (No, _, No, _) => '┏',
        (No, _, _, No) => '┓',
        (_, No, No, _) => '┗',
        (_, No, _, No) => '┛',
        (No, Light, _, _) => '┯',
        (No, _, _, _) => '┳',
        (Light, No, _, _) => '┷',
        (_, No, _, _) => '┻',
        (_, _, No, Light) => '┠',
        (_, _, No, _) => '┣',
        (_, _, Light, No) => '┨',
        (_, _, _, No) => '┫',
        (Light, _, Light, _) => '┼',
        (Light, _, _, _) => '┿',
        (_, _, Light, _) => '╂',
        _ => '╋',
    }
}

/// Draws the board of the layout.
pub fn draw(buf: &mut Buffer, l: &Layout, app: &App) {
    let v = BoardView::new(app);
    let t = &app.theme;
    match l.kind {
        LayoutKind::Full => {
            grid_lines(buf, l, t, FULL_STEP, true);
            for c in Cell::all() {
                full_cell(buf, cell_rect(l, c), &v, t, c);
            }
        }
        LayoutKind::Compact => {
            grid_lines(buf, l, t, COMPACT_STEP, false);
            for c in Cell::all() {
                compact_cell(buf, cell_rect(l, c), &v, t, c);
            }
        }
        LayoutKind::TooSmall => {}
    }
    if let Some(h) = app.live_hint().filter(|h| h.stage == HintStage::Full) {
        if let Some(cv) = super::chain::ChainView::of(&h.step, &h.board) {
            super::chain::draw(buf, l, &cv, &h.board, t.kind);
        }
    }
}

/// Geometry of the lines: (cell width + 1, cell height + 1).
const FULL_STEP: (u16, u16) = (super::FULL_CELL_W + 1, super::FULL_CELL_H + 1);
const COMPACT_STEP: (u16, u16) = (3 * super::COMPACT_CELL_W + 1, 4);

/// Draws the grid lines: `cell_lines` draws the light lines between cells (full layout);
/// otherwise only the heavy box lines (compact layout, where `step` is one box).
fn grid_lines(buf: &mut Buffer, l: &Layout, t: &Theme, step: (u16, u16), cell_lines: bool) {
    let n: u16 = if cell_lines { 9 } else { 3 };
    let heavy_every = if cell_lines { 3 } else { 1 };
    let weight = |k: u16| {
        if k % heavy_every == 0 {
            W::Heavy
        } else {
            W::Light
        }
    };
    let (x0, y0) = (l.board.x, l.board.y);
    let (w, h) = (n * step.0 + 1, n * step.1 + 1);
    for dy in 0..h {
        for dx in 0..w {
            let on_v = dx % step.0 == 0;
            let on_h = dy % step.1 == 0;
            if !on_v && !on_h {
                continue;
            }
            let (vi, hj) = (dx / step.0, dy / step.1);
            let vw = if on_v { weight(vi) } else { W::No };
            let hw = if on_h { weight(hj) } else { W::No };
            let up = if on_v && dy > 0 { vw } else { W::No };
            let down = if on_v && dy < h - 1 { vw } else { W::No };
            let left = if on_h && dx > 0 { hw } else { W::No };
            let right = if on_h && dx < w - 1 { hw } else { W::No };
            let ch = junction(up, down, left, right);
            let heavy = [up, down, left, right].iter().all(|x| *x != W::Light);
            let style = if heavy {
                t.box_border()
            } else {
                t.cell_border()
            };
            buf[(x0 + dx, y0 + dy)].set_char(ch).set_style(style);
        }
    }
}

fn fill(buf: &mut Buffer, r: ratatui::layout::Rect, style: Style) {
    for y in r.y..r.y + r.height {
        for x in r.x..r.x + r.width {
            buf[(x, y)].set_char(' ').set_style(style);
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, bg: Style, fg: Style) {
    buf[(x, y)].set_char(ch).set_style(bg.patch(fg));
}

/// One cell of the full layout: a centred digit, or the 3x3 pencilmark grid at fixed positions.
fn full_cell(buf: &mut Buffer, r: ratatui::layout::Rect, v: &BoardView, t: &Theme, c: Cell) {
    let bg = v.cell_style(t, c);
    fill(buf, r, bg);
    match v.cells[c.index()] {
        CellState::Given(d) | CellState::Filled(d) => {
            let s = v.value_style(t, c, d);
            put(buf, r.x + 3, r.y + 1, d.to_char(), bg, s);
        }
        CellState::Empty(cands) => {
            if v.dead.contains(c) {
                put(buf, r.x + 3, r.y + 1, '✗', bg, t.conflict());
                return;
            }
            for d in cands {
                let i = d.index() as u16;
                let (x, y) = (r.x + 1 + 2 * (i % 3), r.y + i / 3);
                put(buf, x, y, d.to_char(), bg, v.candidate_style(t, c, d));
            }
        }
    }
}

/// One cell of the compact layout: ` d ` or ` · `.
fn compact_cell(buf: &mut Buffer, r: ratatui::layout::Rect, v: &BoardView, t: &Theme, c: Cell) {
    let bg = v.cell_style(t, c);
    fill(buf, r, bg);
    let (ch, fg) = match v.cells[c.index()] {
        CellState::Given(d) | CellState::Filled(d) => (d.to_char(), v.value_style(t, c, d)),
        CellState::Empty(_) if v.dead.contains(c) => ('✗', t.conflict()),
        CellState::Empty(_) => {
            let place = v.hint_places.iter().find(|p| p.cell == c);
            let elim = v.hint_elims.iter().any(|p| p.cell == c);
            match place {
                Some(p) => (p.digit.to_char(), t.hint_place()),
                None if elim => ('·', t.hint_elim()),
                None => ('·', t.candidate()),
            }
        }
    };
    put(buf, r.x + 1, r.y, ch, bg, fg);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junctions_mix_heavy_and_light() {
        use W::*;
        assert_eq!(junction(No, Heavy, No, Heavy), '┏');
        assert_eq!(junction(No, Light, Heavy, Heavy), '┯');
        assert_eq!(junction(Light, Light, Heavy, Heavy), '┿');
        assert_eq!(junction(Heavy, Heavy, Light, Light), '╂');
        assert_eq!(junction(Heavy, Heavy, Heavy, Heavy), '╋');
        assert_eq!(junction(Light, Light, Light, Light), '┼');
        assert_eq!(junction(Heavy, Heavy, No, Light), '┠');
        assert_eq!(junction(Heavy, Heavy, Light, No), '┨');
        assert_eq!(junction(Light, No, Heavy, Heavy), '┷');
        assert_eq!(junction(Heavy, No, Heavy, No), '┛');
    }
}
