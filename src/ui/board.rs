//! The board: heavy box borders, light cell borders, row and column labels, digits and
//! pencilmarks at fixed places (a 3x3 mini-grid in the full layout, 1-5 over 6-9 in the medium
//! one) or one character per cell (compact layout), with every highlight, filter and colour.

use super::theme::Theme;
use super::{cell_rect, Layout, LayoutKind};
use crate::app::{App, CheckMode, Filter, HintKind, HintStage};
use crate::domain::{Cell, CellSet, CellState, Digit, House};
use crate::editor::Colors;
use crate::solver::step::{Candidate, ChainLink, Facts};
use crate::storage::Labels;
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

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
    /// Candidates shown although a peer holds that digit (check rules or solution).
    pub clashes: Vec<Candidate>,
    /// Filled digits that differ from the solution (check solution, or a mistake hint).
    pub wrong: CellSet,
    /// Solution candidates the player removed (a mistake hint, stage 2).
    pub removed: Vec<Candidate>,
    pub hint_stage: Option<HintStage>,
    pub hint_cells: CellSet,
    pub hint_houses: CellSet,
    pub hint_elims: Vec<Candidate>,
    pub hint_places: Vec<Candidate>,
    pub hint_marks: Vec<Candidate>,
    /// Cells the filter highlights, and the filter's digit.
    pub filtered: CellSet,
    pub filter_digit: Option<Digit>,
    pub colors: Colors,
}

/// What a hint draws of a step's facts: houses shaded; cells highlighted with the digits marked
/// in them; further candidates marked (their cells highlighted too); the chains' nodes marked.
struct Drawn<'a> {
    houses: Vec<House>,
    cells: Vec<Cell>,
    digits: Vec<Digit>,
    marks: Vec<Candidate>,
    chains: &'a [Vec<ChainLink>],
}

impl<'a> Drawn<'a> {
    fn of(facts: &'a Facts) -> Drawn<'a> {
        let mut d = Drawn {
            houses: Vec::new(),
            cells: facts.cells(),
            digits: facts.digits(),
            marks: Vec::new(),
            chains: facts.chains(),
        };
        match facts {
            Facts::None => {}
            Facts::Single { house, .. } => d.houses.extend(*house),
            Facts::Fish(f) | Facts::Kraken { fish: f, .. } => {
                d.houses = f.base.iter().chain(&f.cover).copied().collect();
                d.marks.clone_from(&f.fins);
            }
            Facts::Coloring { colors, .. } => d.marks = colors.iter().map(|(c, _)| *c).collect(),
            Facts::Pattern { houses, marks, .. }
            | Facts::Chain { houses, marks, .. }
            | Facts::Sets { houses, marks, .. } => {
                d.houses.clone_from(houses);
                d.marks.clone_from(marks);
            }
        }
        d
    }
}

impl BoardView {
    pub fn new(app: &App) -> BoardView {
        let board = app.board();
        let cells = board.cells();
        let given: CellSet = Cell::all().filter(|&c| board.is_given(c)).collect();
        let cursor = app.ui().cursor();
        // The cursor's row, column and box are not shaded while a hint is shown.
        let preview = crate::app::all_steps::preview(app);
        let peers =
            if app.config().highlight_peers && app.live_hint().is_none() && preview.is_none() {
                cursor.peers()
            } else {
                CellSet::EMPTY
            };
        let checking = app.ui().check() != CheckMode::Off;
        let (conflicts, dead) = if checking {
            (app.editor().conflicts(), app.editor().dead_cells())
        } else {
            (CellSet::EMPTY, CellSet::EMPTY)
        };
        let mut clashes = Vec::new();
        if checking {
            for c in Cell::all() {
                if let CellState::Empty(set) = cells[c.index()] {
                    for d in set {
                        if c.peers().iter().any(|p| board.value(p) == Some(d)) {
                            clashes.push(Candidate::new(c, d));
                        }
                    }
                }
            }
        }
        let wrong = match app.solution().peek(board) {
            Some(sol) if app.ui().check() == CheckMode::Solution => {
                crate::app::wrong_digits(board, sol)
            }
            _ => CellSet::EMPTY,
        };
        let (filtered, filter_digit) = match app.ui().filter() {
            Some(f) => (
                Cell::all().filter(|&c| f.matches(board, c)).collect(),
                match f {
                    Filter::Digit(d) => Some(d),
                    Filter::Bivalue => None,
                },
            ),
            None => (CellSet::EMPTY, None),
        };
        let mut v = BoardView {
            cells,
            given,
            cursor,
            cursor_digit: board
                .value(cursor)
                .filter(|_| app.config().highlight_same_digit),
            peers,
            conflicts,
            dead,
            clashes,
            wrong,
            removed: Vec::new(),
            hint_stage: None,
            hint_cells: CellSet::EMPTY,
            hint_houses: CellSet::EMPTY,
            hint_elims: Vec::new(),
            hint_places: Vec::new(),
            hint_marks: Vec::new(),
            filtered,
            filter_digit,
            colors: app.editor().colors().clone(),
        };
        // The all-steps view's selected step, drawn as a hint's full step.
        if let Some(s) = preview {
            v.hint_stage = Some(HintStage::Full);
            v.mark_step(s, HintStage::Full);
            return v;
        }
        let Some(h) = app.live_hint() else {
            return v;
        };
        v.hint_stage = Some(h.stage);
        match &h.kind {
            HintKind::Mistake { wrong, removed } => {
                if h.stage >= HintStage::Where {
                    for c in wrong {
                        v.wrong.insert(*c);
                        v.hint_cells.insert(*c);
                    }
                    for k in removed {
                        v.hint_cells.insert(k.cell);
                    }
                    v.removed = removed.clone();
                }
            }
            HintKind::Step(s) => v.mark_step(s, h.stage),
        }
        v
    }

    /// Marks a step as the hint draws it at `stage`: houses and pattern cells from the second
    /// stage, eliminations, placements and the pattern's candidates at the third.
    fn mark_step(&mut self, s: &crate::solver::Step, stage: HintStage) {
        let drawn = Drawn::of(&s.facts);
        if stage >= HintStage::Where {
            for house in drawn.houses {
                self.hint_houses = self.hint_houses.union(house.cells());
            }
            for c in drawn
                .cells
                .iter()
                .chain(drawn.marks.iter().map(|m| &m.cell))
            {
                self.hint_cells.insert(*c);
            }
        }
        if stage == HintStage::Full {
            self.hint_elims = s.eliminations.clone();
            self.hint_places = s.placements.clone();
            self.hint_marks = drawn.marks;
            for link in drawn.chains.iter().flatten() {
                self.hint_marks.extend(link.from.candidates());
                self.hint_marks.extend(link.to.candidates());
            }
            for &c in &drawn.cells {
                for &d in &drawn.digits {
                    self.hint_marks.push(Candidate::new(c, d));
                }
            }
        }
    }

    /// The background of a cell (cursor, hint, colour, filter, peers).
    pub fn cell_style(&self, t: &Theme, c: Cell) -> Style {
        if c == self.cursor {
            t.cursor()
        } else if self.hint_cells.contains(c) {
            t.hint_cell()
        } else if let Some(k) = self.colors.cell(c) {
            t.color(k)
        } else if self.hint_houses.contains(c) {
            t.hint_house()
        } else if self.filtered.contains(c) {
            t.filter()
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

    /// The style of a candidate (without the cell's background).
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
        if self.clashes.contains(&cand) {
            return t.conflict();
        }
        let plain = t.candidate();
        let mut s = plain;
        if let Some(k) = self.colors.candidate(c, d) {
            s = s.patch(t.candidate_color(k));
        }
        if self.filter_digit == Some(d) {
            s = s.patch(t.filter_digit());
        } else if self.cursor_digit == Some(d) {
            s = s.patch(t.same_digit());
        }
        // A highlighted candidate is not dimmed as well (in colour: bold and faint clash).
        if s != plain && !t.is_mono() {
            s = s.remove_modifier(Modifier::DIM);
        }
        s
    }
}

/// The mark beside an eliminated candidate: seen without colour and where a terminal draws no
/// crossed-out text.
pub const ELIM_MARK: char = '×';

/// Line weight of a border.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
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

/// Draws the board of the layout: labels, lines, cells.
pub fn draw(buf: &mut Buffer, l: &Layout, app: &App, t: &Theme) {
    let v = BoardView::new(app);
    if l.kind == LayoutKind::TooSmall {
        return;
    }
    grid_lines(buf, l, t);
    labels(buf, l, t, app.config().labels);
    for c in Cell::all() {
        let r = cell_rect(l, c);
        match l.kind {
            LayoutKind::Full => full_cell(buf, r, &v, t, c),
            LayoutKind::Medium => medium_cell(buf, r, &v, t, c),
            LayoutKind::Compact | LayoutKind::TooSmall => compact_cell(buf, r, &v, t, c),
        }
    }
    // The chain of the all-steps view's selected step, else of a hint's full step.
    // Each draws the branch its view asks for (`]`, `[`), the list's preview every branch at
    // first.
    let shown = match crate::app::all_steps::preview(app) {
        Some(s) => Some((s, app.board(), crate::app::all_steps::preview_branch(app))),
        None => app
            .live_hint()
            .filter(|h| h.stage == HintStage::Full)
            .and_then(|h| Some((h.step()?, &h.board, h.branch))),
    };
    if let Some((step, board, branch)) = shown {
        if let Some(cv) = super::chain::ChainView::of(step, board, branch) {
            super::chain::draw(buf, l, &cv, board, t.kind);
        }
    }
}

/// Row labels left of the board, column labels in its top border: `r1`..`r9` and `c1`..`c9`,
/// or HoDoKu's `A`..`I` and `1`..`9`.
fn labels(buf: &mut Buffer, l: &Layout, t: &Theme, kind: Labels) {
    let area = buf.area;
    for k in 0..9u16 {
        let (row, col) = match kind {
            Labels::Rc => (format!("r{}", k + 1), format!("c{}", k + 1)),
            Labels::Letters => (char::from(b'A' + k as u8).to_string(), (k + 1).to_string()),
        };
        let r = cell_rect(l, Cell::from_rc(k as usize, k as usize));
        let y = r.y + (r.height - 1) / 2;
        if l.board.x >= super::LABEL_W && y < area.y + area.height {
            buf.set_string(l.board.x - super::LABEL_W, y, row, t.label());
        }
        let w = col.chars().count() as u16;
        let x = r.x + r.width.saturating_sub(w) / 2;
        buf.set_string(x, l.board.y, col, t.label());
    }
}

/// Draws the grid lines of the layout: heavy lines around boxes, light lines between cells where
/// the layout has them.
fn grid_lines(buf: &mut Buffer, l: &Layout, t: &Theme) {
    let (w, h) = l.kind.board_size();
    let line_at = |len: u16, vertical: bool| {
        let mut out = vec![W::No; usize::from(len)];
        for k in 0..=9u16 {
            if l.kind.has_line(k, vertical) {
                out[usize::from(l.kind.line_offset(k, vertical))] =
                    if k % 3 == 0 { W::Heavy } else { W::Light };
            }
        }
        out
    };
    let cols = line_at(w, true);
    let rows = line_at(h, false);
    let (x0, y0) = (l.board.x, l.board.y);
    for dy in 0..h {
        for dx in 0..w {
            let vw = cols[usize::from(dx)];
            let hw = rows[usize::from(dy)];
            if vw == W::No && hw == W::No {
                continue;
            }
            let up = if dy > 0 { vw } else { W::No };
            let down = if dy < h - 1 { vw } else { W::No };
            let left = if dx > 0 { hw } else { W::No };
            let right = if dx < w - 1 { hw } else { W::No };
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

/// The colour letter of a cell where the theme has no colours (`a`..`e`, `A`..`E`).
fn cell_letter(buf: &mut Buffer, x: u16, y: u16, v: &BoardView, t: &Theme, c: Cell, bg: Style) {
    if let Some(k) = v.colors.cell(c).filter(|_| t.is_mono()) {
        put(
            buf,
            x,
            y,
            k.letter(),
            bg,
            Style::new().add_modifier(Modifier::BOLD),
        );
    }
}

/// One cell of the full layout: a centred digit, or the 3x3 pencilmark grid at fixed positions
/// (without colours, a coloured candidate is followed by its colour letter).
fn full_cell(buf: &mut Buffer, r: ratatui::layout::Rect, v: &BoardView, t: &Theme, c: Cell) {
    let bg = v.cell_style(t, c);
    fill(buf, r, bg);
    cell_letter(buf, r.x, r.y, v, t, c, bg);
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
                if let Some(k) = v.colors.candidate(c, d).filter(|_| t.is_mono()) {
                    put(buf, x + 1, y, k.letter(), bg, Style::new());
                }
            }
            // An eliminated candidate is crossed out and marked `×` on its left (where a
            // chain's marker goes when it is a node too).
            for k in v.hint_elims.iter().filter(|k| k.cell == c) {
                let i = k.digit.index() as u16;
                put(
                    buf,
                    r.x + 2 * (i % 3),
                    r.y + i / 3,
                    ELIM_MARK,
                    bg,
                    t.hint_elim(),
                );
            }
            for k in &v.removed {
                if k.cell == c {
                    let i = k.digit.index() as u16;
                    let (x, y) = (r.x + 1 + 2 * (i % 3), r.y + i / 3);
                    put(buf, x, y, k.digit.to_char(), bg, t.hint_place());
                }
            }
        }
    }
}

/// One cell of the medium layout: candidates 1-5 on the first line, 6-9 on the second (each
/// digit at a fixed place), or the digit.
fn medium_cell(buf: &mut Buffer, r: ratatui::layout::Rect, v: &BoardView, t: &Theme, c: Cell) {
    let bg = v.cell_style(t, c);
    fill(buf, r, bg);
    cell_letter(buf, r.x + 4, r.y + 1, v, t, c, bg);
    let pos = |d: Digit| {
        let i = d.index() as u16;
        (r.x + i % 5, r.y + i / 5)
    };
    match v.cells[c.index()] {
        CellState::Given(d) | CellState::Filled(d) => {
            let s = v.value_style(t, c, d);
            put(buf, r.x + 2, r.y, d.to_char(), bg, s);
        }
        CellState::Empty(_) if v.dead.contains(c) => {
            put(buf, r.x + 2, r.y, '✗', bg, t.conflict());
        }
        CellState::Empty(cands) => {
            for d in cands {
                let (x, y) = pos(d);
                put(buf, x, y, d.to_char(), bg, v.candidate_style(t, c, d));
            }
            // No room beside the candidates: a cell that loses candidates shows `×` in its
            // free corner (a chain's marker takes it when the cell has a node).
            if v.hint_elims.iter().any(|k| k.cell == c) {
                put(buf, r.x + 4, r.y + 1, ELIM_MARK, bg, t.hint_elim());
            }
            for k in v.removed.iter().filter(|k| k.cell == c) {
                let (x, y) = pos(k.digit);
                put(buf, x, y, k.digit.to_char(), bg, t.hint_place());
            }
        }
    }
}

/// One cell of the compact layout: ` d ` or ` · `.
fn compact_cell(buf: &mut Buffer, r: ratatui::layout::Rect, v: &BoardView, t: &Theme, c: Cell) {
    let bg = v.cell_style(t, c);
    fill(buf, r, bg);
    cell_letter(buf, r.x + 2, r.y, v, t, c, bg);
    let (ch, fg) = match v.cells[c.index()] {
        CellState::Given(d) | CellState::Filled(d) => (d.to_char(), v.value_style(t, c, d)),
        CellState::Empty(_) if v.dead.contains(c) => ('✗', t.conflict()),
        CellState::Empty(_) => {
            let place = v.hint_places.iter().find(|p| p.cell == c);
            let elim = v.hint_elims.iter().find(|p| p.cell == c);
            match (place, elim) {
                (Some(p), _) => (p.digit.to_char(), t.hint_place()),
                // The eliminated digit, crossed out, after `×`.
                (None, Some(e)) => {
                    put(buf, r.x, r.y, ELIM_MARK, bg, t.hint_elim());
                    (e.digit.to_char(), t.hint_elim())
                }
                (None, None) => ('·', t.candidate()),
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
