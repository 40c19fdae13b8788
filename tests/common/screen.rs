//! The one screen renderer of the UI tests: the player drawn into ratatui's `TestBackend`, read
//! back as text (for assertions) or as a snapshot that records the styles too (for insta).
//!
//! A snapshot is the screen's text, each row closed by `|` so trailing spaces show, then its
//! styles: a legend naming each look (colours and modifiers) by a letter, in the order of first
//! appearance, and for each row with a styled cell the row number and a mask, one letter a cell
//! under the text (`.` the default look, trailing ones left out), so a highlight that moved shows
//! where it went:
//!
//! ```text
//! styles:
//!   a fg:DarkGray
//!   b bg:Indexed(236)
//!   c +reversed
//!  5 ....bbbbbbba.bbbbbbb.ccccccc
//! ```
//!
//! A blank cell shows only its background, so its foreground and its bold/dim/italic do not
//! count unless it is reversed, underlined or crossed out.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::fmt::Write;
use std::ops::Range;
use termdoku::app::{App, Session};
use termdoku::ui::theme::{Theme, ThemeKind};

/// The full layout's terminal.
pub const FULL: (u16, u16) = (120, 45);
/// The medium layout's terminal (the usual 80x24).
pub const MEDIUM: (u16, u16) = (80, 24);
/// The compact layout's terminal.
pub const COMPACT: (u16, u16) = (60, 20);

/// `app` drawn at `(w, h)` in the palette `kind`.
pub fn draw(app: &App, kind: ThemeKind, (w, h): (u16, u16)) -> Buffer {
    let theme = Theme::new(kind);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| termdoku::ui::draw(f, app, &theme)).unwrap();
    t.backend().buffer().clone()
}

/// The session's screen at `size` in the palette `kind`; the session learns the size first, as
/// the event loop tells it.
pub fn draw_session(s: &mut Session, kind: ThemeKind, size: (u16, u16)) -> Buffer {
    s.screen = size;
    draw(&s.app, kind, size)
}

/// The screen as text, each row closed by `|` so trailing spaces show.
pub fn text(buf: &Buffer) -> String {
    text_rows(buf, 0..buf.area.height)
}

/// The rows `rows` of the screen as text.
pub fn text_rows(buf: &Buffer, rows: Range<u16>) -> String {
    let mut out = String::new();
    for y in rows {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push_str("|\n");
    }
    out
}

/// The snapshot of the screen: its text and its style runs.
pub fn snapshot(buf: &Buffer) -> String {
    snapshot_rows(buf, 0..buf.area.height)
}

/// The snapshot of the rows `rows` of the screen (numbered as on the screen).
pub fn snapshot_rows(buf: &Buffer, rows: Range<u16>) -> String {
    let mut out = text_rows(buf, rows.clone());
    let mut looks: Vec<Look> = Vec::new();
    let mut masks = String::new();
    for y in rows {
        let mut mask = String::new();
        for x in 0..buf.area.width {
            let look = Look::shown(&buf[(x, y)]);
            if look.is_default() {
                mask.push('.');
                continue;
            }
            let i = looks.iter().position(|l| *l == look).unwrap_or_else(|| {
                looks.push(look);
                looks.len() - 1
            });
            mask.push(letter(i));
        }
        let mask = mask.trim_end_matches('.');
        if !mask.is_empty() {
            writeln!(masks, "{y:>2} {mask}").unwrap();
        }
    }
    out.push_str("styles:\n");
    for (i, look) in looks.iter().enumerate() {
        writeln!(out, "  {} {look}", letter(i)).unwrap();
    }
    out.push_str(&masks);
    out
}

/// The mask letter of the `i`-th look of a screen.
fn letter(i: usize) -> char {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    LETTERS.get(i).map_or('?', |&b| b as char)
}

/// The session's screen as text (dark palette).
pub fn screen_text(s: &mut Session, size: (u16, u16)) -> String {
    text(&draw_session(s, ThemeKind::Dark, size))
}

/// The session's screen as a snapshot (dark palette).
pub fn screen_snapshot(s: &mut Session, size: (u16, u16)) -> String {
    snapshot(&draw_session(s, ThemeKind::Dark, size))
}

/// What a cell shows besides its symbol.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Look {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

/// The modifiers that show on a blank cell.
const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

impl Look {
    /// What `cell` shows: a blank shows only its background unless a modifier that shows on a
    /// blank is on.
    fn shown(cell: &ratatui::buffer::Cell) -> Look {
        let blank = cell.symbol().trim().is_empty();
        if blank && !cell.modifier.intersects(SHOWN_ON_BLANK) {
            return Look {
                fg: Color::Reset,
                bg: cell.bg,
                modifier: Modifier::empty(),
            };
        }
        Look {
            fg: cell.fg,
            bg: cell.bg,
            modifier: cell.modifier,
        }
    }

    fn is_default(&self) -> bool {
        self.fg == Color::Reset && self.bg == Color::Reset && self.modifier.is_empty()
    }
}

impl std::fmt::Display for Look {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        if self.fg != Color::Reset {
            parts.push(format!("fg:{:?}", self.fg));
        }
        if self.bg != Color::Reset {
            parts.push(format!("bg:{:?}", self.bg));
        }
        for (m, name) in [
            (Modifier::BOLD, "bold"),
            (Modifier::DIM, "dim"),
            (Modifier::ITALIC, "italic"),
            (Modifier::UNDERLINED, "underlined"),
            (Modifier::SLOW_BLINK, "blink"),
            (Modifier::RAPID_BLINK, "rapid-blink"),
            (Modifier::REVERSED, "reversed"),
            (Modifier::HIDDEN, "hidden"),
            (Modifier::CROSSED_OUT, "crossed-out"),
        ] {
            if self.modifier.contains(m) {
                parts.push(format!("+{name}"));
            }
        }
        f.write_str(&parts.join(" "))
    }
}
