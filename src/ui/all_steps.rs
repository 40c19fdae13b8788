//! The all-steps list, drawn beside the board (which previews the selected step as the hint's
//! third stage draws it): a title with the selected step's place and the count, the search's
//! progress or the filter, then per technique a heading with its count and one line per step
//! (the selected one whole, wrapped between tokens; the others cut with `…`), scrolled to keep
//! the selection in view, and the keys at the bottom (from the keymap). A list narrower than
//! [`super::LIST_MIN_W`] (beside the medium board at 80x24) has no border, to give the steps every
//! column.

use super::theme::Theme;
use super::LIST_MIN_W;
use crate::app::action::Action;
use crate::app::all_steps::{AllStepsView, Row, StepsAction};
use crate::app::keymap::{pretty, Mode};
use crate::app::reader::wrap_tokens;
use crate::app::{App, Overlay};
use crate::storage::HintEngine;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Widget};

/// Draws the list in `area` when the view is open; `false` when it is not. `switchable`: the
/// view's `w` changes the layout here (the footer then names it).
pub fn draw(buf: &mut Buffer, area: Rect, app: &App, t: &Theme, switchable: bool) -> bool {
    let Overlay::AllSteps(v) = app.ui().overlay() else {
        return false;
    };
    Clear.render(area, buf);
    let who = match v.engine {
        HintEngine::Hodoku => "",
        HintEngine::Se => " (SE)",
    };
    let title = match v.position() {
        Some(at) => format!("All steps{who}: {at}/{}", v.count()),
        None => format!("All steps{who}: {}", v.count()),
    };
    let narrow = area.width < LIST_MIN_W;
    let inner = if narrow {
        // No border: the title is the first line, as the side panel's heading.
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Line::from(Span::styled(fit(&title, usize::from(area.width)), bold))
            .render(Rect::new(area.x, area.y, area.width, 1), buf);
        Rect::new(
            area.x,
            area.y + 1,
            area.width,
            area.height.saturating_sub(1),
        )
    } else {
        let block = Block::default()
            .borders(Borders::ALL)
            .border_type(BorderType::Thick)
            .title(format!(" {title} "));
        let inner = block.inner(area);
        block.render(area, buf);
        inner
    };
    if inner.height < 3 || inner.width < 8 {
        return true;
    }
    let w = usize::from(inner.width);
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    let line = |buf: &mut Buffer, y: u16, text: &str, style: Style| {
        Line::from(Span::styled(fit(text, w), style))
            .render(Rect::new(inner.x, y, inner.width, 1), buf);
    };
    let state = if v.done {
        let filter = match v.filter {
            Some(f) => format!("filter: {}", f.name()),
            None => "filter: none".to_string(),
        };
        if v.forcing {
            format!("{filter}, forcing chains and nets")
        } else {
            filter
        }
    } else {
        format!("searching… {}/{}", v.searched, v.slots)
    };
    line(buf, y, &state, Style::new().add_modifier(Modifier::ITALIC));
    y += 1;
    // The keys take two lines in a narrow list when one does not hold them.
    let keys = footer(app, w, if narrow { 2 } else { 1 }, switchable);
    let list_bottom = bottom.saturating_sub(keys.len() as u16);
    let rows = v.rows();
    let room = usize::from(list_bottom.saturating_sub(y)).max(1);
    let at = v
        .selected
        .and_then(|(g, i)| rows.iter().position(|r| *r == Row::Step(g, i)))
        .unwrap_or(0);
    // The selected step is shown whole, wrapped over as many lines as it needs (up to two thirds
    // of the list); the others are cut at the width.
    let selected_lines = rows
        .get(at)
        .filter(|r| matches!(r, Row::Step(..)))
        .map(|r| wrap(&row_text(v, *r, t, w).0, w, (room * 2 / 3).max(1)))
        .unwrap_or_default();
    let visible = room
        .saturating_sub(selected_lines.len().saturating_sub(1))
        .max(1);
    // The selection stays in view, with its heading when there is room.
    let skip = (at + 2).saturating_sub(visible).min(at.saturating_sub(1));
    for (k, row) in rows.iter().enumerate().skip(skip).take(visible) {
        let (text, style) = row_text(v, *row, t, w);
        if k == at && !selected_lines.is_empty() {
            for part in &selected_lines {
                if y >= list_bottom {
                    break;
                }
                line(buf, y, part, style);
                y += 1;
            }
            continue;
        }
        if y >= list_bottom {
            break;
        }
        line(buf, y, &text, style);
        y += 1;
    }
    if rows.is_empty() && v.done {
        line(buf, y, " no step", Style::new());
    }
    let dim = Style::new().add_modifier(Modifier::DIM);
    for (k, keys) in keys.iter().enumerate() {
        line(buf, list_bottom + k as u16, keys, dim);
    }
    true
}

pub(super) use crate::app::reader::fit;

/// A technique's heading, `name (count)`, the count kept: a name too long for the width loses
/// its parenthesised part, then its longest words but the last become initials (`Locked C.
/// Type 1`, `A. L. Set XY-Wing`), so the techniques of a family stay apart; cut with `…` if
/// that is not enough.
fn heading(name: &str, n: usize, w: usize) -> String {
    let count = format!(" ({n})");
    let room = w.saturating_sub(count.chars().count());
    let mut short = name;
    if short.chars().count() > room && short.ends_with(')') {
        short = short.rfind(" (").map_or(short, |i| &short[..i]);
    }
    let mut words: Vec<String> = short.split(' ').map(String::from).collect();
    let width = |words: &[String]| words.iter().map(|x| x.chars().count() + 1).sum::<usize>() - 1;
    while width(&words) > room {
        let longest = (0..words.len() - 1)
            .filter(|&i| words[i].chars().count() > 2 && words[i].chars().all(char::is_alphabetic))
            .max_by_key(|&i| (words[i].chars().count(), std::cmp::Reverse(i)));
        let Some(i) = longest else { break };
        words[i] = format!("{}.", words[i].chars().next().unwrap_or('?'));
    }
    format!("{}{count}", fit(&words.join(" "), room))
}

/// A step's text (after its one leading space) in lines of at most `w` characters, broken
/// between tokens ([`wrap_tokens`]: never inside a cell name), continued lines indented by
/// three; at most `max` lines, the last one ending in `…` when the text goes on.
fn wrap(text: &str, w: usize, max: usize) -> Vec<String> {
    let text = text.trim_start();
    let Some(first) = wrap_tokens(text, w.saturating_sub(1)).into_iter().next() else {
        return Vec::new();
    };
    let mut out = vec![format!(" {first}")];
    let rest = text
        .get(first.len()..)
        .map(str::trim_start)
        .unwrap_or_default();
    if !rest.is_empty() {
        let indent = "   ";
        out.extend(
            wrap_tokens(rest, w.saturating_sub(indent.len()))
                .into_iter()
                .map(|l| format!("{indent}{l}")),
        );
    }
    if out.len() > max {
        out.truncate(max.max(1));
        if let Some(last) = out.last_mut() {
            let keep: String = last.chars().take(w.saturating_sub(1)).collect();
            *last = format!("{}…", keep.trim_end());
        }
    }
    out
}

/// A row's text and style in a list `w` wide (a heading fitted to it, a step whole).
fn row_text(v: &AllStepsView, row: Row, t: &Theme, w: usize) -> (String, Style) {
    match row {
        Row::Heading(g, n) => (
            heading(&v.groups[g].name(), n, w),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Row::Step(g, i) => {
            let style = if v.selected == Some((g, i)) {
                t.selected()
            } else {
                Style::new()
            };
            (format!(" {}", short_text(&v.groups[g].steps[i])), style)
        }
        // A step with the same effect as the one above, indented under it.
        Row::Duplicate(g, i, k) => (
            format!("   {}", short_text(&v.groups[g].duplicates[i][k])),
            Style::new().add_modifier(Modifier::DIM),
        ),
    }
}

/// A step's text under its heading, which needs no technique name (`Name: ...`, or `Name in
/// r9 => ...` and `Name => ...` as the forcing chains' texts run).
fn short_text(s: &crate::solver::Step) -> &str {
    s.text
        .strip_prefix(s.technique.name())
        .map(|rest| rest.strip_prefix(':').unwrap_or(rest).trim_start())
        .filter(|rest| !rest.is_empty())
        .unwrap_or(&s.text)
}

/// The keys of the view, from the keymap: `enter apply  f filter  esc close` and, where it
/// changes the layout, `w wide` (back: `w board`), filled into at most `max` lines of `w`
/// (middle ones left out when they do not fit).
fn footer(app: &App, w: usize, max: usize, switchable: bool) -> Vec<String> {
    let key = |a: Action| {
        app.keymap()
            .keys_for(Mode::AllSteps, &a)
            .first()
            .map(|s| pretty(s))
    };
    // `]` is named where the selected step has branches to step through.
    let branches = match app.ui().overlay() {
        Overlay::AllSteps(v) => v.step().map_or(1, crate::app::chain_view::branch_count) > 1,
        _ => false,
    };
    let wide = if app.ui().steps().wide_list() {
        "board"
    } else {
        "wide"
    };
    let mut parts: Vec<String> = [
        (Action::Select, "apply", true),
        (Action::HintNextBranch, "branch", branches),
        (Action::Steps(StepsAction::WideList), wide, switchable),
        (
            Action::Steps(StepsAction::Filter { back: false }),
            "filter",
            true,
        ),
        (Action::Steps(StepsAction::Forcing), "forcing", true),
        (Action::Cancel, "close", true),
    ]
    .into_iter()
    .filter(|(_, _, shown)| *shown)
    .filter_map(|(a, what, _)| key(a).map(|k| format!("{k} {what}")))
    .collect();
    loop {
        let lines = fill(&parts, w);
        if lines.len() <= max || parts.len() <= 1 {
            return lines.into_iter().take(max).collect();
        }
        parts.remove(parts.len() / 2);
    }
}

/// The parts on lines of at most `w` characters, two spaces between parts on a line.
fn fill(parts: &[String], w: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for p in parts {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 2 + p.chars().count() <= w => {
                l.push_str("  ");
                l.push_str(p);
            }
            _ => lines.push(p.clone()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{fill, fit, heading, wrap};

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
        // At most `max` lines: the last says it goes on.
        assert_eq!(wrap(text, 20, 1), vec![" 4,5 in r8c56 =>…"]);
        // A cell list breaks after a comma, never inside a cell's name.
        let text = " 4,6,8 in r7c123 => r7c5,r9c23<>4, r7c589,r89c2,r9c3<>6, r7c589,r9c3<>8";
        let lines = wrap(text, 21, 9);
        assert_eq!(
            lines,
            vec![
                " 4,6,8 in r7c123 =>",
                "   r7c5,r9c23<>4,",
                "   r7c589,r89c2,",
                "   r9c3<>6, r7c589,",
                "   r9c3<>8"
            ]
        );
    }

    #[test]
    fn cut_lines_end_in_an_ellipsis_and_headings_keep_their_count() {
        assert_eq!(fit("5 in b4 => r123c3<>5", 21), "5 in b4 => r123c3<>5");
        assert_eq!(fit("4,6,8 in r7c123 => r7c5", 12), "4,6,8 in r7…");
        assert_eq!(
            heading("Locked Candidates Type 1 (Pointing)", 4, 21),
            "Locked C. Type 1 (4)"
        );
        assert_eq!(
            heading("Locked Candidates Type 1 (Pointing)", 4, 41),
            "Locked Candidates Type 1 (Pointing) (4)"
        );
        assert_eq!(
            heading("Almost Locked Set XY-Wing", 2, 21),
            "A. L. Set XY-Wing (2)"
        );
        assert_eq!(
            heading("Grouped Discontinuous Nice Loop", 3, 21),
            "G. D. Nice Loop (3)"
        );
        assert_eq!(
            heading("Forcing Chain Contradiction", 15, 21),
            "F. C. Contradic… (15)"
        );
        assert_eq!(heading("X-Wing", 2, 21), "X-Wing (2)");
    }

    #[test]
    fn the_keys_fill_lines_leaving_middle_ones_out_when_they_do_not_fit() {
        let parts: Vec<String> = ["enter apply", "w wide", "f filter", "esc close"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            fill(&parts, 21),
            vec!["enter apply  w wide", "f filter  esc close"]
        );
        assert_eq!(
            fill(&parts, 80),
            vec!["enter apply  w wide  f filter  esc close"]
        );
    }
}
