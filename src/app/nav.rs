//! Moving through what covers the board: a menu's entries, the solution path, the help and the
//! text view, by one line, by a page (the terminal's height) or to either end.

use super::reader::{self, Scroll};
use super::{App, Overlay};

/// How far a move goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    PageUp,
    PageDown,
    First,
    Last,
}

/// Lines a page of a list shows on the screen (a box with a border and a header).
fn page(app: &App, header: usize) -> usize {
    usize::from(app.ui.screen.1)
        .saturating_sub(4 + header)
        .max(1)
}

/// Moves a selection in a list of `n` (up and down wrap around; pages and ends stop).
pub fn select(i: usize, n: usize, m: Move, page: usize) -> usize {
    let n = n.max(1);
    match m {
        Move::Up => (i + n - 1) % n,
        Move::Down => (i + 1) % n,
        Move::PageUp => i.saturating_sub(page),
        Move::PageDown => (i + page).min(n - 1),
        Move::First => 0,
        Move::Last => n - 1,
    }
}

/// Applies a move to the overlay on screen.
pub fn navigate(app: &mut App, m: Move) {
    let screen = app.ui.screen;
    let header = match app.ui.overlay.get() {
        Overlay::Menu(menu) => menu.header.len() + usize::from(!menu.header.is_empty()),
        _ => 0,
    };
    let page = page(app, header);
    let overlay = &mut app.ui.overlay;
    if let Some(menu) = overlay.menu_mut() {
        menu.selected = select(menu.selected, menu.items.len(), m, page);
    } else if let Some(p) = overlay.path_mut() {
        // A page is the rows the steps have under the summary.
        let n = p.steps.as_ref().map_or(0, Vec::len);
        let page = super::path::page(p, screen);
        p.selected = select(p.selected, n, m, page);
    } else if let Some(scroll) = overlay.help_mut() {
        let by = u16::try_from(page).unwrap_or(u16::MAX);
        *scroll = match m {
            Move::Up => scroll.saturating_sub(1),
            Move::Down => scroll.saturating_add(1),
            Move::PageUp => scroll.saturating_sub(by),
            Move::PageDown => scroll.saturating_add(by),
            Move::First => 0,
            Move::Last => u16::MAX / 2,
        };
    } else if let Some(view) = overlay.text_mut() {
        let h = reader::view_size(screen).1.saturating_sub(1).max(1);
        let by = match m {
            Move::Up => Scroll::Up(1),
            Move::Down => Scroll::Down(1),
            Move::PageUp => Scroll::Up(h),
            Move::PageDown => Scroll::Down(h),
            Move::First => Scroll::Top,
            Move::Last => Scroll::Bottom,
        };
        reader::scroll(view, screen, by);
    }
}
