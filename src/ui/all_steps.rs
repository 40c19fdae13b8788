//! The all-steps list, drawn beside the board (which previews the selected step): a title with
//! the count and the search's progress, the filter, then per technique a heading with its count
//! and one line per step, scrolled to keep the selection in view, and the keys at the bottom
//! (from the keymap).

use super::theme::Theme;
use crate::app::action::Action;
use crate::app::all_steps::{AllStepsView, Row, StepsAction};
use crate::app::keymap::{pretty, Mode};
use crate::app::{App, Overlay};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Widget};

/// Draws the list in `area` when the view is open; `false` when it is not.
pub fn draw(buf: &mut Buffer, area: Rect, app: &App, t: &Theme) -> bool {
    let Overlay::AllSteps(v) = &app.ui.overlay else {
        return false;
    };
    Clear.render(area, buf);
    let title = format!(" All steps: {} ", v.count());
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Thick)
        .title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 3 || inner.width < 8 {
        return true;
    }
    let w = usize::from(inner.width);
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    let line = |buf: &mut Buffer, y: u16, text: String, style: Style| {
        let text: String = text.chars().take(w).collect();
        Line::from(Span::styled(text, style)).render(Rect::new(inner.x, y, inner.width, 1), buf);
    };
    let state = if v.done {
        match v.filter {
            Some(f) => format!("filter: {}", f.name()),
            None => "filter: none".to_string(),
        }
    } else {
        format!("searching… {}/{}", v.searched, v.slots)
    };
    line(buf, y, state, Style::new().add_modifier(Modifier::ITALIC));
    y += 1;
    let keys = footer(app, w);
    let list_bottom = bottom.saturating_sub(u16::from(!keys.is_empty()));
    let rows = v.rows();
    let visible = usize::from(list_bottom.saturating_sub(y)).max(1);
    let at = v
        .selected
        .and_then(|(g, i)| rows.iter().position(|r| *r == Row::Step(g, i)))
        .unwrap_or(0);
    // The selection stays in view, with its heading when there is room.
    let skip = (at + 2).saturating_sub(visible).min(at.saturating_sub(1));
    for row in rows.iter().skip(skip).take(visible) {
        let (text, style) = row_text(v, *row, t);
        line(buf, y, text, style);
        y += 1;
    }
    if rows.is_empty() && v.done {
        line(buf, y, " no step".into(), Style::new());
    }
    if !keys.is_empty() {
        line(
            buf,
            bottom - 1,
            keys,
            Style::new().add_modifier(Modifier::DIM),
        );
    }
    true
}

/// A row's text and style.
fn row_text(v: &AllStepsView, row: Row, t: &Theme) -> (String, Style) {
    match row {
        Row::Heading(g, n) => (
            format!("{} ({n})", v.groups[g].technique.name()),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Row::Step(g, i) => {
            let group = &v.groups[g];
            let s = &group.steps[i];
            // Under its heading a step needs no technique name.
            let prefix = format!("{}: ", s.technique.name());
            let text = s.text.strip_prefix(&prefix).unwrap_or(&s.text);
            let style = if v.selected == Some((g, i)) {
                t.selected()
            } else {
                Style::new()
            };
            (format!(" {text}"), style)
        }
    }
}

/// The keys of the view, from the keymap: `enter apply  f filter  esc close` (the filter key
/// left out when that does not fit in `w`).
fn footer(app: &App, w: usize) -> String {
    let key = |a: Action| {
        app.keymap
            .keys_for(Mode::AllSteps, &a)
            .first()
            .map(|s| pretty(s))
    };
    let mut parts: Vec<String> = [
        (Action::Select, "apply"),
        (Action::Steps(StepsAction::Filter { back: false }), "filter"),
        (Action::Cancel, "close"),
    ]
    .into_iter()
    .filter_map(|(a, what)| key(a).map(|k| format!("{k} {what}")))
    .collect();
    while parts.len() > 1 && parts.join("  ").chars().count() > w {
        parts.remove(parts.len() / 2);
    }
    parts.join("  ")
}
