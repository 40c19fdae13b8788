//! Pure drawing of the [`App`]: layout, board, side panel, status line and overlays.
//! Nothing here changes the app; [`cell_at`] maps a mouse position back to a cell with the same
//! geometry the drawing uses.

pub mod board;
pub mod chain;
pub mod overlay;
pub mod panel;
pub mod theme;

use crate::app::App;
use crate::domain::Cell;
use ratatui::layout::Rect;
use ratatui::Frame;

/// Full board: cells of 7x3 characters, one line between cells.
pub const FULL_CELL_W: u16 = 7;
pub const FULL_CELL_H: u16 = 3;
pub const FULL_W: u16 = 9 * (FULL_CELL_W + 1) + 1;
pub const FULL_H: u16 = 9 * (FULL_CELL_H + 1) + 1;
/// Compact board: cells of 3x1 characters, lines between boxes only.
pub const COMPACT_CELL_W: u16 = 3;
pub const COMPACT_W: u16 = 3 * (3 * COMPACT_CELL_W + 1) + 1;
pub const COMPACT_H: u16 = 3 * (3 + 1) + 1;
/// Lines of the status area below the board.
pub const STATUS_H: u16 = 2;
/// Narrowest side panel worth drawing.
pub const SIDE_MIN_W: u16 = 22;

/// Which board layout fits the terminal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// Cells with a 3x3 pencilmark grid each.
    Full,
    /// One character per cell; the cursor cell's candidates in the side panel.
    Compact,
    /// Below the minimum: a message asks to enlarge the terminal.
    TooSmall,
}

/// Where everything goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kind: LayoutKind,
    pub board: Rect,
    pub side: Option<Rect>,
    pub status: Rect,
}

/// Computes the layout for a terminal area.
pub fn layout(area: Rect) -> Layout {
    let (kind, bw, bh) = if area.width >= FULL_W && area.height >= FULL_H + STATUS_H {
        (LayoutKind::Full, FULL_W, FULL_H)
    } else if area.width >= COMPACT_W && area.height >= COMPACT_H + STATUS_H {
        (LayoutKind::Compact, COMPACT_W, COMPACT_H)
    } else {
        return Layout {
            kind: LayoutKind::TooSmall,
            board: area,
            side: None,
            status: Rect::default(),
        };
    };
    let status = Rect::new(
        area.x,
        area.y + area.height - STATUS_H,
        area.width,
        STATUS_H,
    );
    let board = Rect::new(area.x, area.y, bw, bh);
    let side_w = area.width - bw;
    let side = (side_w >= SIDE_MIN_W)
        .then(|| Rect::new(area.x + bw + 1, area.y, side_w - 1, area.height - STATUS_H));
    Layout {
        kind,
        board,
        side,
        status,
    }
}

/// The top-left character of a cell's interior, and its size, in a layout.
pub fn cell_rect(l: &Layout, cell: Cell) -> Rect {
    let (r, c) = (cell.row() as u16, cell.col() as u16);
    match l.kind {
        LayoutKind::Full => Rect::new(
            l.board.x + 1 + c * (FULL_CELL_W + 1),
            l.board.y + 1 + r * (FULL_CELL_H + 1),
            FULL_CELL_W,
            FULL_CELL_H,
        ),
        LayoutKind::Compact | LayoutKind::TooSmall => Rect::new(
            l.board.x + 1 + (c / 3) * (3 * COMPACT_CELL_W + 1) + (c % 3) * COMPACT_CELL_W,
            l.board.y + 1 + (r / 3) * 4 + r % 3,
            COMPACT_CELL_W,
            1,
        ),
    }
}

/// The cell under a terminal position, for a terminal of `width` x `height`.
pub fn cell_at(width: u16, height: u16, x: u16, y: u16) -> Option<Cell> {
    let l = layout(Rect::new(0, 0, width, height));
    if l.kind == LayoutKind::TooSmall {
        return None;
    }
    Cell::all().find(|&c| {
        let r = cell_rect(&l, c);
        x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
    })
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let l = layout(area);
    let buf = frame.buffer_mut();
    if l.kind == LayoutKind::TooSmall {
        overlay::too_small(buf, area);
        return;
    }
    if app.paused {
        overlay::paused(buf, l.board, app);
    } else {
        board::draw(buf, &l, app);
    }
    if let Some(side) = l.side {
        panel::side(buf, side, &l, app);
    }
    panel::status(buf, l.status, app);
    overlay::draw(buf, area, app);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_by_size() {
        assert_eq!(layout(Rect::new(0, 0, 120, 45)).kind, LayoutKind::Full);
        assert_eq!(layout(Rect::new(0, 0, 80, 24)).kind, LayoutKind::Compact);
        assert_eq!(layout(Rect::new(0, 0, 30, 24)).kind, LayoutKind::TooSmall);
        assert_eq!(layout(Rect::new(0, 0, 80, 14)).kind, LayoutKind::TooSmall);
    }

    #[test]
    fn every_cell_position_maps_back_to_its_cell() {
        for (w, h) in [(120, 45), (80, 24)] {
            let l = layout(Rect::new(0, 0, w, h));
            for c in Cell::all() {
                let r = cell_rect(&l, c);
                assert_eq!(cell_at(w, h, r.x, r.y), Some(c));
                assert_eq!(
                    cell_at(w, h, r.x + r.width - 1, r.y + r.height - 1),
                    Some(c)
                );
            }
            // Border lines are no cell.
            assert_eq!(cell_at(w, h, 0, 0), None);
        }
    }
}
