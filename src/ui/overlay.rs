//! Overlays: help (generated from the keymap), menus, the prompt, the pause screen and the
//! "enlarge the terminal" message.

use super::{COMPACT_H, COMPACT_W, STATUS_H};
use crate::app::keymap::Mode;
use crate::app::{App, Overlay, PromptKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget, Wrap};

/// Draws the overlay of the app, if any.
pub fn draw(buf: &mut Buffer, area: Rect, app: &App) {
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => help(buf, area, app),
        Overlay::Menu(m) => {
            let t = &app.theme;
            let lines: Vec<Line> = m
                .items
                .iter()
                .enumerate()
                .map(|(i, (label, _))| {
                    let style = if i == m.selected {
                        t.selected()
                    } else {
                        Style::new()
                    };
                    Line::from(Span::styled(format!(" {label} "), style))
                })
                .collect();
            let w = lines
                .iter()
                .map(Line::width)
                .max()
                .unwrap_or(10)
                .max(m.kind.title().len() + 4);
            let r = centered(area, w as u16 + 2, lines.len() as u16 + 2);
            Clear.render(r, buf);
            // Keep the selected entry visible when the menu is taller than the screen.
            let visible = r.height.saturating_sub(2) as usize;
            let skip = m.selected.saturating_sub(visible.saturating_sub(1));
            Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
                .block(boxed(m.kind.title()))
                .render(r, buf);
        }
        Overlay::Prompt(p) => {
            let title = match p.kind {
                PromptKind::SaveSlot => "Save as (Enter saves, Esc cancels)",
            };
            let r = centered(area, (title.len() as u16 + 4).max(44), 3);
            Clear.render(r, buf);
            Paragraph::new(Line::from(vec![
                Span::raw(p.text.clone()),
                Span::styled(" ", Style::new().add_modifier(Modifier::REVERSED)),
            ]))
            .block(boxed(title))
            .render(r, buf);
        }
    }
}

fn boxed(title: &str) -> Block<'_> {
    Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Thick)
        .title(title)
}

/// A rectangle of at most `w` x `h`, centred in `area`.
fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The help: rows generated from the keymap of the mode under the overlay, in as many columns
/// as the height requires.
fn help(buf: &mut Buffer, area: Rect, app: &App) {
    let mode = if app.givens_mode {
        Mode::Givens
    } else {
        Mode::Play
    };
    let mut rows = app.keymap.help_rows(mode);
    for row in app.keymap.help_rows(Mode::Menu) {
        if !rows.contains(&row) {
            rows.push(row);
        }
    }
    let inner_h = area.height.saturating_sub(2).max(1) as usize;
    let cols = rows.len().div_ceil(inner_h).max(1);
    let per_col = rows.len().div_ceil(cols).max(1);
    let width = |s: &str| s.chars().count();
    // Each column is as wide as its own longest keys and text.
    let columns: Vec<&[(String, String)]> = rows.chunks(per_col).collect();
    let dims: Vec<(usize, usize)> = columns
        .iter()
        .map(|c| {
            let k = c.iter().map(|(k, _)| width(k)).max().unwrap_or(1).min(18);
            let t = c.iter().map(|(_, t)| width(t)).max().unwrap_or(1);
            (k, t)
        })
        .collect();
    let total: usize = dims.iter().map(|(k, t)| k + 2 + t + 2).sum::<usize>() + 2;
    let r = centered(
        area,
        total.min(area.width as usize) as u16,
        per_col as u16 + 2,
    );
    Clear.render(r, buf);
    let block = boxed("Keys (? or Esc closes)");
    let inner = block.inner(r);
    block.render(r, buf);
    let mut x = inner.x;
    for (col, (key_w, text_w)) in columns.iter().zip(dims) {
        let col_w = (key_w + 2 + text_w + 2) as u16;
        let w = col_w.min((inner.x + inner.width).saturating_sub(x));
        for (row, (keys, text)) in col.iter().enumerate() {
            let y = inner.y + row as u16;
            if y >= inner.y + inner.height || w == 0 {
                continue;
            }
            let keys: String = keys.chars().take(key_w).collect();
            Line::from(vec![
                Span::styled(
                    format!("{keys:<key_w$}  "),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(text.clone()),
            ])
            .render(Rect::new(x, y, w, 1), buf);
        }
        x = x.saturating_add(col_w);
    }
}

/// The pause screen in place of the board.
pub fn paused(buf: &mut Buffer, area: Rect, _app: &App) {
    Paragraph::new(vec![
        Line::from(""),
        Line::from(Span::styled(
            "Paused",
            Style::new().add_modifier(Modifier::BOLD),
        )),
        Line::from(""),
        Line::from("Space resumes"),
    ])
    .centered()
    .block(
        Block::default()
            .borders(Borders::ALL)
            .border_type(BorderType::Thick),
    )
    .render(area, buf);
}

/// Below the minimum size: ask for a bigger terminal.
pub fn too_small(buf: &mut Buffer, area: Rect) {
    let text = format!(
        "Terminal too small ({}x{}): enlarge it to at least {}x{}.",
        area.width,
        area.height,
        COMPACT_W,
        COMPACT_H + STATUS_H
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
