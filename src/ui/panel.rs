//! The side panel (puzzle, level and score, SE rating, cursor cell and its candidates, filter,
//! colours, the hint) and the status line (mode, puzzle, timer, digit counts, filter, message).

use super::board::BoardView;
use super::theme::Theme;
use super::{Layout, LayoutKind};
use crate::app::labels::relabel;
use crate::app::reader::wrap_tokens;
use crate::app::{keymap, plural, se_rating, App, HintKind, HintStage, StatusKind};
use crate::domain::{CellState, Digit};
use crate::solver::fallback::StepEngine;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The mode badge text.
pub fn mode_label(app: &App) -> &'static str {
    if app.ui().paused() {
        "PAUSED"
    } else if app.givens_mode() {
        "GIVENS"
    } else if app.ui().mark_mode() {
        "MARK"
    } else {
        "PLAY"
    }
}

/// Status area: line 1 mode, puzzle, timer, digit counts, settings; line 2 the message.
pub fn status(buf: &mut Buffer, area: Rect, app: &App, t: &Theme) {
    if area.height == 0 {
        return;
    }
    let base = t.status();
    buf.set_style(Rect::new(area.x, area.y, area.width, 1), base);
    let mut spans = vec![
        Span::styled(format!(" {} ", mode_label(app)), t.badge()),
        Span::raw(" "),
    ];
    let mut name = app.game().name.clone();
    if let Some(level) = app.game().level {
        if !name.starts_with(level.name()) {
            name = format!("{name} ({level})");
        }
    }
    let mut tail = Vec::new();
    if app.config().show_timer {
        tail.push(Span::raw(format!(" │ {}", app.game().clock())));
    }
    if let Some(f) = app.ui().filter() {
        tail.push(Span::styled(
            format!(" │ filter {}", f.name()),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    }
    tail.push(Span::raw(" │"));
    let counts = app.editor().digit_counts();
    for d in Digit::ALL {
        let n = counts[d.index()];
        let style = if n >= 9 { t.complete() } else { Style::new() };
        tail.push(Span::styled(format!(" {d}:{n}"), style));
    }
    if app.editor().candidate_mode() == crate::editor::CandidateMode::Manual {
        tail.push(Span::raw(" │ manual marks"));
    }
    // A long name (a practice puzzle's) gives way to the clock and the digit counts.
    let used: usize = spans.iter().chain(&tail).map(Span::width).sum();
    let room = usize::from(area.width).saturating_sub(used).max(8);
    spans.push(Span::raw(super::all_steps::fit(&name, room)));
    spans.extend(tail);
    Line::from(spans)
        .style(base)
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
    if area.height < 2 {
        return;
    }
    let line2 = Rect::new(area.x, area.y + 1, area.width, 1);
    let msg = if !app.ui().pending().is_empty() {
        Line::from(format!("{} …", keymap::pretty(app.ui().pending())))
    } else if let Some(s) = &app.ui().status() {
        let style = match s.kind {
            StatusKind::Info => Style::new(),
            StatusKind::Error => t.error(),
        };
        let text = relabel(&s.text, app.config().labels);
        status_message(&text, style, usize::from(area.width))
    } else {
        Line::from("? help  q quit")
    };
    msg.render(line2, buf);
}

/// What marks a message cut at the width: the rest is in the text view.
pub const MORE: &str = "… i: read all";

/// The status message on one line of `width`: whole when it fits, else cut between tokens and
/// followed by [`MORE`] (the key that shows all of it).
fn status_message(text: &str, style: Style, width: usize) -> Line<'static> {
    if text.chars().count() <= width {
        return Line::from(Span::styled(text.to_string(), style));
    }
    let room = width.saturating_sub(MORE.chars().count() + 1).max(1);
    let head = wrap_tokens(text, room)
        .into_iter()
        .next()
        .unwrap_or_default();
    Line::from(vec![
        Span::styled(head, style),
        Span::raw(" "),
        Span::styled(
            MORE,
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ),
    ])
}

fn bold(s: impl Into<String>) -> Line<'static> {
    Line::from(Span::styled(
        s.into(),
        Style::new().add_modifier(Modifier::BOLD),
    ))
}

/// Side panel: puzzle and rating, cursor cell and candidates, filter, colours, hint.
pub fn side(buf: &mut Buffer, area: Rect, l: &Layout, app: &App, t: &Theme) {
    let width = usize::from(area.width).max(1);
    let mut lines: Vec<Line<'_>> = vec![bold("termdoku")];
    lines.push(Line::from(app.game().name.clone()));
    let rating = match &app.rating() {
        Some(r) => r.describe(),
        None if app.givens_mode() => "entering givens".to_string(),
        None => "rating…".to_string(),
    };
    lines.push(Line::from(format!("Level: {rating}")));
    if let Some(se) = se_rating::panel_line(
        app.game().se_rating.as_deref(),
        app.se_rating(),
        &app.board().givens_only(),
    ) {
        lines.push(Line::from(se));
    }
    lines.push(Line::from(""));
    let c = app.ui().cursor();
    let state = app.board().cell(c);
    let what = match state {
        CellState::Given(d) => format!("given {d}"),
        CellState::Filled(d) => format!("{d}"),
        CellState::Empty(set) if set.is_empty() => "no candidate".into(),
        CellState::Empty(set) => {
            let list: Vec<String> = set.iter().map(|d| d.to_string()).collect();
            format!(
                "{} {}",
                plural(set.len() as usize, "candidate"),
                list.join("")
            )
        }
    };
    lines.push(Line::from(format!("{c}: {what}")));
    if l.kind == LayoutKind::Compact && !app.ui().paused() {
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
    let colors = app.editor().colors();
    let mut here: Vec<String> = colors
        .cell(c)
        .map(|k| format!("cell {} ({})", k, k.letter()))
        .into_iter()
        .collect();
    here.extend(
        colors
            .candidates()
            .iter()
            .filter(|(x, _, _)| *x == c)
            .map(|(_, d, k)| format!("{d}: {k} ({})", k.letter())),
    );
    if !here.is_empty() {
        lines.push(Line::from(format!("Colour: {}", here.join(", "))));
    }
    if let Some(f) = app.ui().filter() {
        lines.push(Line::from(format!("Filter: {} (ff: off)", f.name())));
    }
    if !app.savepoints().is_empty() {
        lines.push(Line::from(format!(
            "{} (B)",
            plural(app.savepoints().len(), "savepoint")
        )));
    }
    lines.push(Line::from(""));
    if let Some(h) = app.live_hint() {
        lines.push(bold(format!("Hint ({}/3)", h.stage.number())));
        match &h.kind {
            HintKind::Step(step) => {
                let name = h.technique_name().unwrap_or_default();
                // SE's names can be long (`Dynamic Region Forcing Chains (+ Forcing Chains)`).
                let shown = match step.technique.engine() {
                    StepEngine::Hodoku => name.to_string(),
                    StepEngine::Se => format!("{name} (SE)"),
                };
                wrapped(&mut lines, &shown, width);
                let note = crate::app::marks::note(&h.board);
                if !note.is_empty() {
                    wrapped(&mut lines, note.trim().trim_matches(['[', ']']), width);
                }
                if h.stage == HintStage::Full {
                    wrapped(&mut lines, &step.text, width);
                    lines.push(Line::from("Enter/T: apply"));
                    if let Some(cv) = super::chain::ChainView::of(step, &h.board, h.branch) {
                        lines.extend(super::chain::panel_lines(&cv, t.kind, width));
                    }
                } else {
                    lines.push(Line::from("t: more"));
                }
            }
            HintKind::Mistake { wrong, removed } => {
                lines.push(Line::from("The board has a mistake"));
                if h.stage >= HintStage::Where {
                    for c in wrong {
                        lines.push(Line::from(format!("{c} is wrong")));
                    }
                    for k in removed {
                        lines.push(Line::from(format!("{} removed from {}", k.digit, k.cell)));
                    }
                    lines.push(Line::from("Enter/T: undo to the last correct state"));
                } else {
                    lines.push(Line::from("t: where"));
                }
            }
        }
    }
    // Cells named as the board labels them; every line fits the width; what does not fit the
    // height points to the text view.
    let labels = app.config().labels;
    let lines: Vec<Line<'_>> = lines
        .into_iter()
        .map(|l| relabel_line(l, labels))
        .flat_map(|l| {
            if l.width() <= width {
                vec![l]
            } else {
                let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                wrap_tokens(&text, width)
                    .into_iter()
                    .map(Line::from)
                    .collect()
            }
        })
        .collect();
    let height = usize::from(area.height);
    let lines = if lines.len() > height && height > 0 {
        let mut kept: Vec<Line<'_>> = lines.into_iter().take(height - 1).collect();
        kept.push(Line::from(Span::styled(
            "▼ i: read it all",
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )));
        kept
    } else {
        lines
    };
    Paragraph::new(lines).render(area, buf);
}

/// A line with its cell names as the board labels them.
fn relabel_line(l: Line<'static>, labels: crate::storage::Labels) -> Line<'static> {
    let spans: Vec<Span<'static>> = l
        .spans
        .into_iter()
        .map(|s| Span::styled(relabel(&s.content, labels), s.style))
        .collect();
    Line::from(spans).style(l.style)
}

/// Pushes text wrapped to the panel's width between tokens.
fn wrapped(lines: &mut Vec<Line<'static>>, text: &str, width: usize) {
    lines.extend(wrap_tokens(text, width).into_iter().map(Line::from));
}
