//! Overlays: help (generated from the keymap, in columns, scrolling), menus, the prompt, the
//! solution path, messages, the pause screen and the "enlarge the terminal" message.

use super::all_steps::fit;
use super::theme::Theme;
use crate::app::keymap::Mode;
use crate::app::reader::{self, TextView};
use crate::app::{picker, App, Menu, MenuChoice, Overlay, PathView, PromptKind};
use crate::storage::HintEngine;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget, Wrap};

/// Draws the overlay of the app, if any.
pub fn draw(buf: &mut Buffer, area: Rect, app: &App, t: &Theme) {
    match app.ui().overlay() {
        Overlay::None => {}
        Overlay::Help(scroll) => help(buf, area, app, *scroll),
        Overlay::Menu(m) => menu(buf, area, m, t, &|ch| picker::is_repeat(app, ch)),
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
        Overlay::Path(p) => path(buf, area, p, t),
        Overlay::Message { title, text } => message(buf, area, title, text),
        // Drawn beside the board (see `super::all_steps`).
        Overlay::AllSteps(_) => {}
        Overlay::Text(v) => text_view(buf, area, v, app.config().labels),
    }
}

/// The text view: full screen, wrapped on token boundaries, from its scroll position; the
/// lines shown and how many are above and below marked on the border.
fn text_view(buf: &mut Buffer, area: Rect, v: &TextView, labels: crate::storage::Labels) {
    let (w, h) = reader::view_size((area.width, area.height));
    let lines: Vec<String> = v
        .lines
        .iter()
        .flat_map(|l| reader::wrap_line(&crate::app::labels::relabel(l, labels), w))
        .collect();
    let top = v.scroll.min(lines.len().saturating_sub(h));
    let title = if lines.len() > h {
        format!(
            "{}-{} of {} │ {}",
            top + 1,
            (top + h).min(lines.len()),
            lines.len(),
            v.title,
        )
    } else {
        v.title.clone()
    };
    Clear.render(area, buf);
    let below = lines.len().saturating_sub(top + h);
    let block = match scroll_mark(top, below) {
        Some(mark) => boxed(&title).title_bottom(Line::from(mark).right_aligned()),
        None => boxed(&title),
    };
    let inner = block.inner(area);
    block.render(area, buf);
    for (row, l) in lines.iter().skip(top).take(h).enumerate() {
        Line::from(l.clone()).render(
            Rect::new(
                inner.x + 1,
                inner.y + row as u16,
                inner.width.saturating_sub(2),
                1,
            ),
            buf,
        );
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

fn width(s: &str) -> usize {
    s.chars().count()
}

/// Splits text into lines of at most `w` characters between tokens (a longer token is cut).
pub fn wrap(text: &str, w: usize) -> Vec<String> {
    reader::wrap_tokens(text, w)
}

/// A menu: header lines, then the entries; the selected entry stays visible. Entries that
/// `repeat` an earlier one (the picker's repeated puzzles) are dimmed.
fn menu(buf: &mut Buffer, area: Rect, m: &Menu, t: &Theme, repeat: &dyn Fn(&MenuChoice) -> bool) {
    let max_w = usize::from(area.width.saturating_sub(4)).max(10);
    let header: Vec<String> = m.header.iter().flat_map(|h| wrap(h, max_w)).collect();
    let labels: Vec<String> = m
        .items
        .iter()
        .map(|(label, _)| format!(" {label} "))
        .collect();
    let w = labels
        .iter()
        .map(|s| width(s))
        .chain(header.iter().map(|s| width(s) + 2))
        .max()
        .unwrap_or(10)
        .max(width(m.kind.title()) + 4)
        .min(max_w + 2);
    let want_h = header.len() + usize::from(!header.is_empty()) + labels.len() + 2;
    let r = centered(area, w as u16 + 2, want_h.min(u16::MAX as usize) as u16);
    Clear.render(r, buf);
    let block = boxed(m.kind.title());
    let inner = block.inner(r);
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    // The header leaves at least one line, then a blank one before the entries.
    let header_h = header
        .len()
        .min(usize::from(inner.height.saturating_sub(1))) as u16;
    let first = y + header_h + u16::from(!header.is_empty());
    let visible = usize::from(bottom.saturating_sub(first)).max(1);
    let skip = m.selected.saturating_sub(visible - 1);
    // Entries above and below the box are counted in its bottom border.
    let (above, below) = (skip, labels.len().saturating_sub(skip + visible));
    let block = match scroll_mark(above, below) {
        Some(mark) => block.title_bottom(Line::from(mark).right_aligned()),
        None => block,
    };
    block.render(r, buf);
    for h in &header {
        if y + 1 >= bottom {
            break;
        }
        Line::from(format!(" {h}")).render(Rect::new(inner.x, y, inner.width, 1), buf);
        y += 1;
    }
    if !header.is_empty() && y < bottom {
        y += 1;
    }
    for (i, label) in labels.iter().enumerate().skip(skip).take(visible) {
        if y >= bottom {
            break;
        }
        let style = if i == m.selected {
            t.selected()
        } else if repeat(&m.items[i].1) {
            t.repeated()
        } else {
            Style::new()
        };
        Line::from(Span::styled(fit(label, usize::from(inner.width)), style))
            .render(Rect::new(inner.x, y, inner.width, 1), buf);
        y += 1;
    }
}

/// The mark of a list that scrolls: how many entries are above and below the box.
fn scroll_mark(above: usize, below: usize) -> Option<String> {
    match (above, below) {
        (0, 0) => None,
        (0, b) => Some(format!(" ↓ {b} more ")),
        (a, 0) => Some(format!(" ↑ {a} more ")),
        (a, b) => Some(format!(" ↑ {a} ↓ {b} more ")),
    }
}

/// The solution path: the summary (how many steps of each technique) on top, at most a third
/// of the box, then one step per line (number, technique text), the selected one marked.
fn path(buf: &mut Buffer, area: Rect, p: &PathView, t: &Theme) {
    let who = match p.engine {
        HintEngine::Hodoku => "HoDoKu",
        HintEngine::Se => "SE",
    };
    let title = format!("Solution path ({who}): Enter applies up to the selected step, Esc closes");
    let r = centered(
        area,
        area.width.saturating_sub(4).max(20),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    let short = format!("Solution path ({who})");
    let block = boxed(if usize::from(r.width) > width(&title) + 2 {
        &title
    } else {
        &short
    });
    let inner = block.inner(r);
    let Some(steps) = &p.steps else {
        block.render(r, buf);
        Line::from(" Computing the path…").render(inner, buf);
        return;
    };
    let (head, visible) = crate::app::path::rows(p, inner.width, inner.height);
    let head_h = if head.is_empty() { 0 } else { head.len() + 1 };
    let skip = p.selected.saturating_sub(visible - 1);
    let below = steps.len().saturating_sub(skip + visible);
    match scroll_mark(skip, below) {
        Some(mark) => block.title_bottom(Line::from(mark).right_aligned()),
        None => block,
    }
    .render(r, buf);
    if steps.is_empty() {
        Line::from(" No step found from this state").render(inner, buf);
        return;
    }
    for (row, line) in head.iter().enumerate() {
        Line::from(line.as_str()).render(
            Rect::new(inner.x, inner.y + row as u16, inner.width, 1),
            buf,
        );
    }
    let top = inner.y + head_h as u16;
    for (row, (i, s)) in steps
        .iter()
        .enumerate()
        .skip(skip)
        .take(visible)
        .enumerate()
    {
        let style = if i == p.selected {
            t.selected()
        } else {
            Style::new()
        };
        // A line cut at the width ends in `…`; `i` reads the selected step whole.
        let text = fit(
            &format!(" {:>3}. {}", i + 1, s.line()),
            usize::from(inner.width),
        );
        Line::from(Span::styled(text, style))
            .render(Rect::new(inner.x, top + row as u16, inner.width, 1), buf);
    }
}

/// A message box, wrapped to the screen.
fn message(buf: &mut Buffer, area: Rect, title: &str, text: &str) {
    let w = area.width.saturating_sub(4).clamp(10, 76);
    let mut lines = wrap(text, usize::from(w.saturating_sub(2)));
    // Lines that do not fit are counted in the last line that does.
    let room = usize::from(area.height.saturating_sub(3)).max(1);
    if lines.len() > room {
        let more = lines.len() - (room - 1);
        lines.truncate(room - 1);
        lines.push(format!("… {more} more lines"));
    }
    let h = (lines.len() as u16 + 3).min(area.height);
    let r = centered(area, w + 2, h);
    Clear.render(r, buf);
    let mut all: Vec<Line<'_>> = lines.into_iter().map(Line::from).collect();
    all.push(Line::from(Span::styled(
        "Enter or Esc closes",
        Style::new().add_modifier(Modifier::DIM),
    )));
    Paragraph::new(all).block(boxed(title)).render(r, buf);
}

/// The help: rows generated from the keymap of the mode under the overlay, in as many columns as
/// fit the width; when they do not fit the height the help scrolls (↑/↓). Text that is wider
/// than one column wraps; nothing is cut.
fn help(buf: &mut Buffer, area: Rect, app: &App, scroll: u16) {
    let mode = if app.givens_mode() {
        Mode::Givens
    } else {
        Mode::Play
    };
    let mut rows = app.keymap().help_rows(mode);
    for row in app.keymap().help_rows(Mode::Menu) {
        if !rows.contains(&row) {
            rows.push(row);
        }
    }
    // The all-steps view's own keys (its moves, Enter and Esc are the menu's).
    for row in app.keymap().help_rows(Mode::AllSteps) {
        if mode == Mode::Play && row.1.starts_with("all steps:") && !rows.contains(&row) {
            rows.push(row);
        }
    }
    let inner_w = usize::from(area.width.saturating_sub(2)).max(1);
    let inner_h = usize::from(area.height.saturating_sub(2)).max(1);
    let key_w = rows.iter().map(|(k, _)| width(k)).max().unwrap_or(1);
    let text_w = rows.iter().map(|(_, t)| width(t)).max().unwrap_or(1);
    let entry_w = key_w + 2 + text_w;
    // Columns: as many as the height needs, as many as the width allows.
    let fit = ((inner_w + 2) / (entry_w + 2)).max(1);
    let need = rows.len().div_ceil(inner_h).max(1);
    let cols = fit.min(need).max(1);
    let per_col = rows.len().div_ceil(cols).max(1);
    let col_w = if cols == 1 {
        entry_w.min(inner_w)
    } else {
        entry_w
    };
    // Each entry as lines of the column's width (keys, then text wrapped beside them).
    let entry_lines = |(k, t): &(String, String)| -> Vec<(String, String)> {
        let kw = key_w.min(col_w.saturating_sub(4).max(1));
        let keys = wrap(k, kw);
        let texts = wrap(t, col_w.saturating_sub(kw + 2).max(1));
        let n = keys.len().max(texts.len());
        (0..n)
            .map(|i| {
                (
                    format!("{:<kw$}  ", keys.get(i).cloned().unwrap_or_default()),
                    texts.get(i).cloned().unwrap_or_default(),
                )
            })
            .collect()
    };
    let columns: Vec<Vec<(String, String)>> = rows
        .chunks(per_col)
        .map(|c| c.iter().flat_map(entry_lines).collect())
        .collect();
    let total_lines = columns.iter().map(Vec::len).max().unwrap_or(0);
    let scrolls = total_lines > inner_h;
    let top = if scrolls {
        usize::from(scroll).min(total_lines - inner_h)
    } else {
        0
    };
    let box_w = (cols * col_w + (cols - 1) * 2 + 2).min(usize::from(area.width)) as u16;
    let box_h = (total_lines.min(inner_h) + 2) as u16;
    let r = centered(area, box_w, box_h);
    Clear.render(r, buf);
    let title = if scrolls {
        format!(
            "Keys {}-{} of {} (↑↓ scroll, ? or Esc closes)",
            top + 1,
            (top + inner_h).min(total_lines),
            total_lines
        )
    } else {
        "Keys (? or Esc closes)".to_string()
    };
    let block = boxed(&title);
    let inner = block.inner(r);
    block.render(r, buf);
    let mut x = inner.x;
    for col in &columns {
        let w = (col_w as u16).min((inner.x + inner.width).saturating_sub(x));
        for (row, (keys, text)) in col.iter().skip(top).take(inner_h).enumerate() {
            let y = inner.y + row as u16;
            if y >= inner.y + inner.height || w == 0 {
                continue;
            }
            Line::from(vec![
                Span::styled(keys.clone(), Style::new().add_modifier(Modifier::BOLD)),
                Span::raw(text.clone()),
            ])
            .render(Rect::new(x, y, w, 1), buf);
        }
        x = x.saturating_add(col_w as u16 + 2);
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
    let (w, h) = super::min_size();
    let text = format!(
        "Terminal too small ({}x{}): enlarge it to at least {w}x{h}.",
        area.width, area.height,
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_keeps_every_word() {
        let t = "the corrupt save was moved to /home/someone/.local/share/termdoku/autosave.json.corrupt-1";
        let lines = wrap(t, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), t.replace(' ', ""));
    }
}
