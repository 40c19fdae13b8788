//! The side panel (cursor cell, candidates in the compact layout, the hint text) and the status
//! line (mode, puzzle, timer, digit counts, message).

use super::board::BoardView;
use super::{Layout, LayoutKind};
use crate::app::update::clock;
use crate::app::{keymap, App, HintStage, StatusKind};
use crate::domain::{CellState, Digit};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The mode badge text.
pub fn mode_label(app: &App) -> &'static str {
    if app.paused {
        "PAUSED"
    } else if app.givens_mode {
        "GIVENS"
    } else if app.mark_mode {
        "MARK"
    } else {
        "PLAY"
    }
}

/// Status area: line 1 mode, puzzle, timer, digit counts, settings; line 2 the message.
pub fn status(buf: &mut Buffer, area: Rect, app: &App) {
    let t = &app.theme;
    if area.height == 0 {
        return;
    }
    let base = t.status();
    buf.set_style(Rect::new(area.x, area.y, area.width, 1), base);
    let mut spans = vec![
        Span::styled(format!(" {} ", mode_label(app)), t.badge()),
        Span::raw(" "),
    ];
    let mut name = app.game.name.clone();
    if let Some(level) = app.game.level {
        if !name.starts_with(level.name()) {
            name = format!("{name} ({level})");
        }
    }
    spans.push(Span::raw(name));
    if app.config.show_timer {
        spans.push(Span::raw(format!(" │ {}", clock(app.game.elapsed))));
    }
    spans.push(Span::raw(" │"));
    let counts = app.editor.digit_counts();
    for d in Digit::ALL {
        let n = counts[d.index()];
        let style = if n >= 9 { t.complete() } else { Style::new() };
        spans.push(Span::styled(format!(" {d}:{n}"), style));
    }
    if app.editor.candidate_mode() == crate::editor::CandidateMode::Manual {
        spans.push(Span::raw(" │ manual marks"));
    }
    Line::from(spans)
        .style(base)
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
    if area.height < 2 {
        return;
    }
    let line2 = Rect::new(area.x, area.y + 1, area.width, 1);
    let msg = if !app.pending.is_empty() {
        Line::from(format!("{} …", keymap::pretty(&app.pending)))
    } else if let Some(s) = &app.status {
        let style = match s.kind {
            StatusKind::Info => Style::new(),
            StatusKind::Error => t.error(),
        };
        Line::from(Span::styled(s.text.clone(), style))
    } else {
        Line::from("? help  q quit")
    };
    msg.render(line2, buf);
}

/// Side panel: title, cursor cell, candidates (compact layout), hint.
pub fn side(buf: &mut Buffer, area: Rect, l: &Layout, app: &App) {
    let t = &app.theme;
    let mut lines: Vec<Line> = vec![Line::from(Span::styled(
        "termdoku",
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    if let Some(level) = app.game.level {
        lines.push(Line::from(format!("Level {level}")));
    }
    let c = app.cursor;
    let state = app.board().cell(c);
    let what = match state {
        CellState::Given(d) => format!("given {d}"),
        CellState::Filled(d) => format!("{d}"),
        CellState::Empty(set) if set.is_empty() => "no candidate".into(),
        CellState::Empty(set) => format!("{} candidates", set.len()),
    };
    lines.push(Line::from(format!(
        "r{}c{}: {what}",
        c.row() + 1,
        c.col() + 1
    )));
    if l.kind == LayoutKind::Compact && !app.paused {
        if let CellState::Empty(set) = state {
            let v = BoardView::new(app);
            for row in 0..3 {
                let mut spans = vec![Span::raw(" ")];
                for col in 0..3 {
                    let d = Digit::from_index(row * 3 + col);
                    if set.contains(d) {
                        spans.push(Span::styled(d.to_string(), v.candidate_style(t, c, d)));
                    } else {
                        spans.push(Span::raw("·"));
                    }
                    spans.push(Span::raw(" "));
                }
                lines.push(Line::from(spans));
            }
        }
    }
    lines.push(Line::from(""));
    if let Some(h) = app.live_hint() {
        let title = match h.stage {
            HintStage::Technique => "Hint (1/3)",
            HintStage::Where => "Hint (2/3)",
            HintStage::Full => "Hint (3/3)",
        };
        lines.push(Line::from(Span::styled(
            title,
            Style::new().add_modifier(Modifier::BOLD),
        )));
        lines.push(Line::from(h.step.technique.name()));
        if h.stage == HintStage::Full {
            lines.push(Line::from(h.step.text.clone()));
            if let Some(cv) = super::chain::ChainView::of(&h.step, &h.board) {
                lines.extend(super::chain::panel_lines(&cv, t.kind));
            }
            lines.push(Line::from("Enter/T: apply"));
        } else {
            lines.push(Line::from("t: more"));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}
