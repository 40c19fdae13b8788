//! Pure drawing of the [`App`]: layout, board, side panel, status line and overlays.
//! Nothing here changes the app; [`cell_at`] maps a mouse position back to a cell with the same
//! geometry the drawing uses (the binary hands it to the app's event loop).

pub mod all_steps;
pub mod board;
pub mod chain;
pub mod overlay;
pub mod panel;
pub mod theme;

use crate::app::App;
use crate::domain::Cell;
use ratatui::layout::Rect;
use ratatui::Frame;
use theme::Theme;

/// Full board: cells of 7x3 characters, one line between cells.
pub const FULL_CELL_W: u16 = 7;
pub const FULL_CELL_H: u16 = 3;
/// Medium board (80x24): cells of 5x2 characters (candidates 1-5 above 6-9), light lines
/// between the cells of a row, heavy lines between boxes.
pub const MEDIUM_CELL_W: u16 = 5;
pub const MEDIUM_CELL_H: u16 = 2;
/// Compact board: cells of 3x1 characters, lines between boxes only.
pub const COMPACT_CELL_W: u16 = 3;
/// Columns left of the board for the row labels (`r1 `); the column labels sit in its top
/// border.
pub const LABEL_W: u16 = 3;
/// Lines of the status area below the board.
pub const STATUS_H: u16 = 2;
/// Narrowest side panel worth drawing.
pub const SIDE_MIN_W: u16 = 20;
/// Narrowest side panel the wide all-steps list is drawn in: in the view's wide-list mode (`w`)
/// the board takes the largest layout that leaves the list this wide (the compact board at
/// 80x24).
pub const LIST_MIN_W: u16 = 42;
/// Narrowest side panel the all-steps list is drawn in otherwise: the board keeps its
/// candidates (the medium board at 80x24) and the list is narrow, one line a step.
pub const LIST_NARROW_W: u16 = SIDE_MIN_W;

/// The narrowest list the all-steps view's layout leaves, in its mode.
pub fn list_min_w(app: &App) -> u16 {
    if app.ui().steps().wide_list() {
        LIST_MIN_W
    } else {
        LIST_NARROW_W
    }
}

/// Which board layout fits the terminal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// Cells with a 3x3 pencilmark grid each.
    Full,
    /// Cells of two lines: candidates 1-5, then 6-9.
    Medium,
    /// One character per cell; the cursor cell's candidates in the side panel.
    Compact,
    /// Below the minimum: a message asks to enlarge the terminal.
    TooSmall,
}

impl LayoutKind {
    /// Interior size of a cell.
    pub const fn cell_size(self) -> (u16, u16) {
        match self {
            LayoutKind::Full => (FULL_CELL_W, FULL_CELL_H),
            LayoutKind::Medium => (MEDIUM_CELL_W, MEDIUM_CELL_H),
            LayoutKind::Compact | LayoutKind::TooSmall => (COMPACT_CELL_W, 1),
        }
    }

    /// Whether light lines separate the cells inside a box: `vertical` for the lines between
    /// columns, else between rows.
    pub const fn light_lines(self, vertical: bool) -> bool {
        match self {
            LayoutKind::Full => true,
            LayoutKind::Medium => vertical,
            LayoutKind::Compact | LayoutKind::TooSmall => false,
        }
    }

    /// Offset from the board's edge of the line at boundary `k` (0..=9) between columns
    /// (`vertical`) or rows; for a boundary without a line, where its line would be.
    pub const fn line_offset(self, k: u16, vertical: bool) -> u16 {
        let (w, h) = self.cell_size();
        let size = if vertical { w } else { h };
        let lines = if self.light_lines(vertical) {
            k
        } else {
            k.div_ceil(3)
        };
        k * size + lines
    }

    /// Whether boundary `k` has a line (box lines always; light lines when the layout has them).
    pub const fn has_line(self, k: u16, vertical: bool) -> bool {
        k.is_multiple_of(3) || self.light_lines(vertical)
    }

    /// The grid's size with its borders.
    pub const fn board_size(self) -> (u16, u16) {
        (
            self.line_offset(9, true) + 1,
            self.line_offset(9, false) + 1,
        )
    }
}

/// Where everything goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kind: LayoutKind,
    /// The grid with its borders (the row labels are left of it).
    pub board: Rect,
    pub side: Option<Rect>,
    pub status: Rect,
}

/// Computes the layout for a terminal area: the largest board that fits.
pub fn layout(area: Rect) -> Layout {
    layout_for(area, 0)
}

/// The layout with a side panel at least `side_min` wide (a smaller board) where one fits;
/// else as [`layout`].
pub fn layout_for(area: Rect, side_min: u16) -> Layout {
    let fits = |k: LayoutKind| {
        let (w, h) = k.board_size();
        area.width >= w + LABEL_W && area.height >= h + STATUS_H
    };
    let kinds = [LayoutKind::Full, LayoutKind::Medium, LayoutKind::Compact];
    let wide =
        |k: &LayoutKind| area.width.saturating_sub(k.board_size().0 + LABEL_W + 1) >= side_min;
    let Some(kind) = kinds
        .into_iter()
        .find(|k| fits(*k) && wide(k))
        .or_else(|| kinds.into_iter().find(|k| fits(*k)))
    else {
        return Layout {
            kind: LayoutKind::TooSmall,
            board: area,
            side: None,
            status: Rect::default(),
        };
    };
    let (bw, bh) = kind.board_size();
    let status = Rect::new(
        area.x,
        area.y + area.height - STATUS_H,
        area.width,
        STATUS_H,
    );
    let board = Rect::new(area.x + LABEL_W, area.y, bw, bh);
    let side_w = area.width - bw - LABEL_W;
    let side = (side_w > SIDE_MIN_W)
        .then(|| Rect::new(board.x + bw + 1, area.y, side_w - 1, area.height - STATUS_H));
    Layout {
        kind,
        board,
        side,
        status,
    }
}

/// The smallest terminal any layout fits in.
pub fn min_size() -> (u16, u16) {
    let (w, h) = LayoutKind::Compact.board_size();
    (w + LABEL_W, h + STATUS_H)
}

/// The interior of a cell in a layout.
pub fn cell_rect(l: &Layout, cell: Cell) -> Rect {
    let (r, c) = (cell.row() as u16, cell.col() as u16);
    let (w, h) = l.kind.cell_size();
    // A cell starts after the line before it, or right after the cell before it.
    let at = |k: u16, vertical: bool| {
        l.kind.line_offset(k, vertical) + u16::from(l.kind.has_line(k, vertical))
    };
    let x = l.board.x + at(c, true);
    let y = l.board.y + at(r, false);
    Rect::new(x, y, w, h)
}

/// The layout `draw` uses for `app` in `area`: while the all-steps list is open, the board that
/// leaves the list its width.
pub fn screen_layout(area: Rect, app: &App) -> Layout {
    let list_open = matches!(app.ui().overlay(), crate::app::Overlay::AllSteps(_));
    layout_for(area, if list_open { list_min_w(app) } else { 0 })
}

/// The cell under a terminal position, for `app` drawn in a terminal of `width` x `height`.
pub fn cell_at(app: &App, width: u16, height: u16, x: u16, y: u16) -> Option<Cell> {
    cell_in(&screen_layout(Rect::new(0, 0, width, height), app), x, y)
}

/// The cell of layout `l` under a terminal position.
pub fn cell_in(l: &Layout, x: u16, y: u16) -> Option<Cell> {
    if l.kind == LayoutKind::TooSmall {
        return None;
    }
    Cell::all().find(|&c| {
        let r = cell_rect(l, c);
        x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
    })
}

/// Draws the whole screen in a theme.
pub fn draw(frame: &mut Frame<'_>, app: &App, theme: &Theme) {
    let area = frame.area();
    let list_open = matches!(app.ui().overlay(), crate::app::Overlay::AllSteps(_));
    let l = screen_layout(area, app);
    let buf = frame.buffer_mut();
    if l.kind == LayoutKind::TooSmall {
        overlay::too_small(buf, area);
        return;
    }
    if app.ui().paused() {
        overlay::paused(buf, l.board, app);
    } else {
        board::draw(buf, &l, app, theme);
    }
    // Whether the all-steps view's `w` (wide list or board with candidates) changes anything.
    let switchable =
        list_open && layout_for(area, LIST_NARROW_W).kind != layout_for(area, LIST_MIN_W).kind;
    match l.side {
        Some(side) if all_steps::draw(buf, side, app, theme, switchable) => {}
        Some(side) => panel::side(buf, side, &l, app, theme),
        // Without a side panel the list covers the lower part of the board.
        None => {
            let h = area.height.saturating_sub(STATUS_H) / 2;
            let r = Rect::new(area.x, area.y + h, area.width, h);
            all_steps::draw(buf, r, app, theme, switchable);
        }
    }
    panel::status(buf, l.status, app, theme);
    overlay::draw(buf, area, app, theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_by_size() {
        assert_eq!(layout(Rect::new(0, 0, 120, 45)).kind, LayoutKind::Full);
        assert_eq!(layout(Rect::new(0, 0, 80, 24)).kind, LayoutKind::Medium);
        assert_eq!(layout(Rect::new(0, 0, 60, 20)).kind, LayoutKind::Compact);
        assert_eq!(layout(Rect::new(0, 0, 30, 24)).kind, LayoutKind::TooSmall);
        assert_eq!(layout(Rect::new(0, 0, 80, 14)).kind, LayoutKind::TooSmall);
        assert_eq!(LayoutKind::Medium.board_size(), (55, 22));
        assert_eq!(LayoutKind::Full.board_size(), (73, 37));
        assert_eq!(LayoutKind::Compact.board_size(), (31, 13));
        // 80x24 keeps a side panel beside the medium board.
        assert!(layout(Rect::new(0, 0, 80, 24)).side.is_some());
        // The all-steps list: narrow beside the medium board at 80x24, and in its wide mode
        // beside the compact board; beside the full one at 120x45 in both.
        let narrow = layout_for(Rect::new(0, 0, 80, 24), LIST_NARROW_W);
        assert_eq!(narrow.kind, LayoutKind::Medium);
        assert!(narrow.side.is_some_and(|s| s.width >= LIST_NARROW_W));
        // Where the medium board leaves no side panel, the list takes the compact board's.
        let tight = layout_for(Rect::new(0, 0, 70, 24), LIST_NARROW_W);
        assert_eq!(tight.kind, LayoutKind::Compact);
        assert!(tight.side.is_some());
        let list = layout_for(Rect::new(0, 0, 80, 24), LIST_MIN_W);
        assert_eq!(list.kind, LayoutKind::Compact);
        assert!(list.side.is_some_and(|s| s.width >= LIST_MIN_W));
        for min in [LIST_NARROW_W, LIST_MIN_W] {
            let list = layout_for(Rect::new(0, 0, 120, 45), min);
            assert_eq!(list.kind, LayoutKind::Full);
            assert!(list.side.is_some_and(|s| s.width >= LIST_MIN_W));
        }
    }

    #[test]
    fn every_cell_position_maps_back_to_its_cell() {
        let sizes = [(120, 45), (80, 24), (60, 20)];
        let layouts = sizes.into_iter().flat_map(|(w, h)| {
            [0, LIST_NARROW_W, LIST_MIN_W].map(|min| (w, h, layout_for(Rect::new(0, 0, w, h), min)))
        });
        for (w, h, l) in layouts {
            let mut seen = std::collections::HashSet::new();
            for c in Cell::all() {
                let r = cell_rect(&l, c);
                assert!(r.x + r.width <= l.board.x + l.board.width, "{c} at {w}x{h}");
                assert!(
                    r.y + r.height <= l.board.y + l.board.height,
                    "{c} at {w}x{h}"
                );
                assert_eq!(cell_in(&l, r.x, r.y), Some(c));
                assert_eq!(cell_in(&l, r.x + r.width - 1, r.y + r.height - 1), Some(c));
                for y in r.y..r.y + r.height {
                    for x in r.x..r.x + r.width {
                        assert!(seen.insert((x, y)), "cells overlap at {x},{y}");
                    }
                }
            }
            // Border lines are no cell.
            assert_eq!(cell_in(&l, l.board.x, l.board.y), None);
        }
    }
}
