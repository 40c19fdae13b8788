//! The all-steps list, drawn beside the board (which previews the selected step; while the list
//! is open the board takes a smaller layout where that gives the list room, see
//! [`super::LIST_MIN_W`]): a title with the count and the search's progress, the filter, then
//! per technique a heading with its count and one line per step (the selected one whole, wrapped),
//! scrolled to keep the selection in view, and the keys at the bottom (from the keymap).

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
    let room = usize::from(list_bottom.saturating_sub(y)).max(1);
    let at = v
        .selected
        .and_then(|(g, i)| rows.iter().position(|r| *r == Row::Step(g, i)))
        .unwrap_or(0);
    // The selected step is shown whole, wrapped over as many lines as it needs (up to half the
    // list); the others are cut at the width.
    let selected_lines = rows
        .get(at)
        .filter(|r| matches!(r, Row::Step(..)))
        .map(|r| wrap(&row_text(v, *r, t).0, w, (room / 2).max(1)))
        .unwrap_or_default();
    let visible = room
        .saturating_sub(selected_lines.len().saturating_sub(1))
        .max(1);
    // The selection stays in view, with its heading when there is room.
    let skip = (at + 2).saturating_sub(visible).min(at.saturating_sub(1));
    for (k, row) in rows.iter().enumerate().skip(skip).take(visible) {
        let (text, style) = row_text(v, *row, t);
        if k == at && !selected_lines.is_empty() {
            for part in &selected_lines {
                if y >= list_bottom {
                    break;
                }
                line(buf, y, part.clone(), style);
                y += 1;
            }
            continue;
        }
        if y >= list_bottom {
            break;
        }
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

/// `text` in lines of at most `w` characters, broken after `, ` or a space where it can be,
/// continued lines indented by three; at most `max` lines (the last one cut).
fn wrap(text: &str, w: usize, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    let indent = "   ";
    while !rest.is_empty() && out.len() < max {
        let lead = if out.is_empty() { "" } else { indent };
        let room = w.saturating_sub(lead.len()).max(1);
        if rest.len() <= room || out.len() + 1 == max {
            let part: String = rest.iter().take(room).collect();
            out.push(format!("{lead}{part}"));
            break;
        }
        let cut = (1..=room)
            .rev()
            .find(|&k| rest[k - 1] == ' ')
            .unwrap_or(room);
        let part: String = rest[..cut].iter().collect();
        out.push(format!("{lead}{}", part.trim_end()));
        rest.drain(..cut);
    }
    out
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

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn a_long_step_wraps_at_spaces_and_a_short_one_stays_whole() {
        assert_eq!(wrap(" r1c2<>3", 20, 5), vec![" r1c2<>3"]);
        let text = " 4,5 in r8c56 => r8c56<>3, r8c6<>6, r8c6<>7";
        let lines = wrap(text, 20, 5);
        assert_eq!(
            lines,
            vec![" 4,5 in r8c56 =>", "   r8c56<>3,", "   r8c6<>6, r8c6<>7"]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 20));
        // At most `max` lines: the last is cut.
        assert_eq!(wrap(text, 20, 1), vec![" 4,5 in r8c56 => r8c"]);
    }
}
