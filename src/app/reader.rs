//! Reading long text in a small terminal: the full-screen text view (`i`) with the whole status
//! message, the whole hint (step text, Eureka notation, a forcing chain's branches) and the
//! recent messages, scrolled with the menu keys (opened from the all-steps view it starts with
//! the selected step and goes back to the list); the hint as plain text for the clipboard
//! (`yt`, and the copy menu); and the one wrapper that breaks text on token boundaries (spaces,
//! the links of a chain, the commas of a cell list), so a cell name is never split.

use super::fold::Fold;
use super::{App, Effect, HintKind, HintStage, Overlay};
use crate::solver::Eureka;

/// A full-screen view of text lines (each wrapped to the screen when drawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextView {
    pub title: String,
    pub lines: Vec<String>,
    /// The first wrapped line shown.
    pub scroll: usize,
    /// The overlay the view was opened over (the all-steps list, the path, a menu), back when it
    /// closes.
    pub under: Option<Box<Overlay>>,
}

impl TextView {
    /// The text wrapped to `width` columns.
    pub fn wrapped(&self, width: usize) -> Vec<String> {
        self.lines
            .iter()
            .flat_map(|l| wrap_line(l, width))
            .collect()
    }
}

/// A line of the text view in lines of at most `width` characters ([`wrap_tokens`]), its
/// leading spaces kept on every part, and the parts after the first hung under the text that
/// follows a numbered rule's `(12) ` or a fold mark (`▸ `, `▾ `, `• `), so an indented chain
/// keeps its shape when it wraps.
pub fn wrap_line(line: &str, width: usize) -> Vec<String> {
    if line.contains(" & ") && line.chars().count() > width && width >= 20 {
        return wrap_net(line, width);
    }
    let body = line.trim_start_matches(' ');
    let indent = line.len() - body.len();
    let mark = mark_len(body);
    // An indented line without a mark (a nested chain's heading) hangs by two.
    let extra = if mark == 0 && indent > 0 { 2 } else { 0 };
    let hang = indent + body[..mark].chars().count() + extra;
    if hang == 0 || width < hang + 20 {
        return wrap_tokens(line, width);
    }
    let (head, rest) = body.split_at(mark);
    let pad = " ".repeat(indent);
    // The first line has the room of the hang's extra too.
    wrap_first(rest, width - indent - (hang - indent - extra), width - hang)
        .into_iter()
        .enumerate()
        .map(|(k, part)| {
            if k == 0 {
                format!("{pad}{head}{part}")
            } else {
                format!("{}{part}", " ".repeat(hang))
            }
        })
        .collect()
}

/// Text in lines of `first` characters for the first line and `rest` for the others.
fn wrap_first(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut lines = wrap_tokens(text, first);
    if first == rest || lines.len() <= 1 {
        return lines;
    }
    let head = lines.swap_remove(0);
    let tail = text.get(head.len()..).unwrap_or_default().trim_start();
    let mut out = vec![head];
    out.extend(wrap_tokens(tail, rest));
    out
}

/// A forcing net's branch (its runs joined by ` & `) in lines of at most `width`: as many whole
/// runs on a line as it holds, the lines after the first indented by two.
fn wrap_net(line: &str, width: usize) -> Vec<String> {
    let parts: Vec<&str> = line.split(" & ").collect();
    let last = parts.len() - 1;
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for (i, part) in parts.into_iter().enumerate() {
        let part = if i < last {
            format!("{part} &")
        } else {
            part.to_string()
        };
        let room = if out.is_empty() { width } else { width - 2 };
        let len = cur.chars().count();
        if len > 0 && len + 1 + part.chars().count() <= room {
            cur.push(' ');
            cur.push_str(&part);
            continue;
        }
        if len > 0 {
            out.push(std::mem::take(&mut cur));
        }
        let room = if out.is_empty() { width } else { width - 2 };
        let mut pieces = wrap_tokens(&part, room);
        cur = pieces.pop().unwrap_or_default();
        out.extend(pieces);
    }
    out.push(cur);
    out.into_iter()
        .enumerate()
        .map(|(k, l)| if k == 0 { l } else { format!("  {l}") })
        .collect()
}

/// The length in bytes of a numbered rule's `(12) ` or a fold mark's `▸ ` at the start of
/// `text` (0 without one).
fn mark_len(text: &str) -> usize {
    for m in ["▸ ", "▾ ", "• "] {
        if text.starts_with(m) {
            return m.len();
        }
    }
    let digits = text
        .strip_prefix('(')
        .map_or(0, |t| t.chars().take_while(char::is_ascii_digit).count());
    if digits > 0 && text[1 + digits..].starts_with(") ") {
        digits + 3
    } else {
        0
    }
}

/// Interior width and height of the text view on a screen (a box with a border, one column of
/// margin each side).
pub fn view_size((w, h): (u16, u16)) -> (usize, usize) {
    (
        usize::from(w.saturating_sub(4)).max(10),
        usize::from(h.saturating_sub(2)).max(1),
    )
}

/// Whether a break may follow `c` when `next` comes after it, outside parentheses: after a
/// chain's link (`-`, `=`) before a node, after a comma or `|` (cell lists, ALS cells), after a
/// space.
fn breaks_after(c: char, next: Option<char>) -> bool {
    match c {
        ' ' => true,
        ',' | '|' | ';' => next.is_some_and(|n| n != ' '),
        '-' | '=' => matches!(next, Some('(' | 'r' | 'R' | '[')),
        _ => false,
    }
}

/// Splits text into lines of at most `width` characters, breaking only between tokens (see
/// [`breaks_after`]); a token longer than a line is cut. Spaces at a break are dropped; `\n`
/// starts a new line.
pub fn wrap_tokens(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for whole in text.split('\n') {
        // The parts of a forcing net joined by ` & ` start lines of their own when it is long.
        if whole.chars().count() > width && whole.contains(" & ") {
            let parts: Vec<&str> = whole.split(" & ").collect();
            let last = parts.len() - 1;
            for (i, part) in parts.into_iter().enumerate() {
                let part = if i < last {
                    format!("{part} &")
                } else {
                    part.to_string()
                };
                out.extend(wrap_tokens(&part, width));
            }
            continue;
        }
        let para = whole;
        // Tokens: runs of characters ending where a break may follow.
        let chars: Vec<char> = para.chars().collect();
        let mut tokens: Vec<String> = Vec::new();
        let mut cur = String::new();
        let mut depth = 0i32;
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
            cur.push(c);
            if (depth <= 0 || c == ' ') && breaks_after(c, chars.get(i + 1).copied()) {
                tokens.push(std::mem::take(&mut cur));
            }
        }
        if !cur.is_empty() {
            tokens.push(cur);
        }
        let mut line = String::new();
        let mut len = 0usize;
        for tok in tokens {
            let tok_len = tok.chars().count();
            let visible = tok.trim_end_matches(' ').chars().count();
            if len + visible > width && len > 0 {
                out.push(line.trim_end().to_string());
                line.clear();
                len = 0;
            }
            if len == 0 && visible > width {
                // A token wider than a line: cut it.
                let mut rest: Vec<char> = tok.chars().collect();
                while rest.len() > width {
                    out.push(rest.drain(..width).collect());
                }
                line = rest.into_iter().collect();
                len = line.chars().count();
                continue;
            }
            if len == 0 {
                let t = tok.trim_start_matches(' ');
                len = t.chars().count();
                line.push_str(t);
            } else {
                line.push_str(&tok);
                len += tok_len;
            }
        }
        out.push(line.trim_end().to_string());
    }
    out
}

pub use super::text::fit;

/// The hint on screen as plain text, as much as its stage shows: the technique; from the second
/// stage where to look; at the third the step's text, its chain in Eureka notation (one line per
/// branch of a forcing chain or net) and what it concludes. For the text view (`copy` false)
/// the chains are folded as the board draws them ([`super::fold`]); the copy has them whole.
pub fn hint_text(app: &App, copy: bool) -> Option<Vec<String>> {
    let h = app.live_hint()?;
    let mut lines = Vec::new();
    match &h.kind {
        HintKind::Step(step) => {
            lines.push(format!("Hint ({}/3): {}", h.stage.number(), step.title()));
            let note = super::marks::note(&h.board);
            if !note.is_empty() {
                lines.push(note.trim().trim_matches(['[', ']']).to_string());
            }
            match h.stage {
                HintStage::Technique => lines.push("t: where to look".into()),
                HintStage::Where => {
                    lines.push("Look at the highlighted cells (t: the step)".into())
                }
                HintStage::Full => {
                    // The step's line, what the board draws, then the chain and SE's text.
                    let fold = (!copy).then_some(Fold {
                        branch: h.branch,
                        nested_open: app.hints.nested_open(),
                    });
                    let mut text = step_lines(step, &h.board, fold);
                    let rest = text.split_off(1);
                    lines.extend(text);
                    lines.extend(board_lines(step, h));
                    lines.extend(rest);
                }
            }
        }
        HintKind::Mistake { wrong, removed } => {
            lines.push(format!(
                "Hint ({}/3): the board has a mistake",
                h.stage.number()
            ));
            if h.stage >= HintStage::Where {
                lines.extend(wrong.iter().map(|c| format!("{c} is wrong")));
                lines.extend(
                    removed
                        .iter()
                        .map(|k| format!("{} was removed from {}", k.digit, k.cell)),
                );
            }
        }
    }
    Some(lines)
}

/// What the board draws of a hint's chain, as text: the branch drawn, the numbered nodes after
/// the link that reaches each (`=` strong, `-` weak), and what the marks mean.
fn board_lines(step: &crate::solver::Step, h: &super::hints::Hint) -> Vec<String> {
    let Some(v) = super::chain_view::ChainView::of(step, &h.board, h.branch) else {
        return Vec::new();
    };
    let drawn = match &v.branch {
        Some(b) => format!("On the board: {b} (] [ step through them)"),
        None => "On the board:".to_string(),
    };
    let nodes: Vec<String> = v
        .nodes
        .iter()
        .map(|n| {
            let role = match n.reach {
                super::chain_view::Reach::Start if n.number == 1 => " start",
                super::chain_view::Reach::End(_) => " end",
                _ => "",
            };
            format!(
                "{}{}{}{role}",
                super::chain_view::marker(n.number),
                n.reach.symbol(),
                n.label
            )
        })
        .collect();
    vec![
        drawn,
        nodes.join(" "),
        "(= strong link, - weak link; × and crossed out: eliminated)".to_string(),
    ]
}

/// A step's text, its chain in Eureka notation (one line per branch) and, for a Sudoku
/// Explainer step found on `board`, SE's explanation of it; folded as `fold` asks (the branch
/// drawn open, nested chains listed or not), whole and in SE's order without one.
pub fn step_lines(
    step: &crate::solver::Step,
    board: &crate::domain::Board,
    fold: Option<Fold>,
) -> Vec<String> {
    let mut lines = vec![step.text.clone()];
    if let Some(e) = Eureka::on_board(step, board) {
        lines.push(String::new());
        lines.extend(super::fold::eureka_lines(step, &e, fold));
    }
    let explained =
        crate::solver::se::explain::explain(&crate::solver::Grid::from_board(board), step);
    if let Some(e) = explained {
        lines.push(String::new());
        lines.push("Sudoku Explainer's explanation:".into());
        lines.extend(super::fold::explanation_lines(step, &e, fold));
    }
    lines
}

/// `i`: the whole status message, the whole hint and the recent messages, full screen; over the
/// all-steps list or the solution path, the selected step first (Esc goes back to the list).
pub fn open(app: &mut App) {
    if matches!(
        app.ui.overlay.get(),
        Overlay::Text(_) | Overlay::Message { .. } | Overlay::Prompt(_) | Overlay::Help(_)
    ) {
        return;
    }
    let mut lines = Vec::new();
    // A path's step is explained on the state it was found on, before the steps above it.
    let selected = match super::all_steps::preview(app) {
        Some(s) => Some((
            s,
            app.board().clone(),
            super::all_steps::preview_branch(app),
        )),
        None => super::path::selected_on(app).map(|(s, b)| (s, b, 0)),
    };
    if let Some((step, board, branch)) = &selected {
        lines.push("Selected step:".to_string());
        let fold = Fold {
            branch: *branch,
            nested_open: app.hints.nested_open(),
        };
        lines.extend(step_lines(step, board, Some(fold)));
        lines.push(String::new());
    }
    let selected = selected.map(|(s, _, _)| s);
    // The message, unless it only repeats the selected step.
    if let Some(s) = app.ui.status().filter(|s| {
        let shown = selected.or_else(|| app.live_hint().and_then(|h| h.step()));
        shown.is_none_or(|step| !s.text.starts_with(&step.text))
    }) {
        lines.push("Message:".to_string());
        lines.push(s.text.clone());
        lines.push(String::new());
    }
    if let Some(h) = hint_text(app, false) {
        lines.extend(h);
        lines.push(String::new());
    }
    let earlier: Vec<&String> = app
        .ui
        .log()
        .iter()
        .rev()
        .filter(|t| app.ui.status().is_none_or(|s| &s.text != *t))
        .collect();
    if !earlier.is_empty() {
        lines.push("Earlier messages (newest first):".into());
        lines.extend(earlier.into_iter().map(|t| format!("• {t}")));
    }
    if lines.is_empty() {
        app.info("Nothing to read: no message, no hint");
        return;
    }
    let under = match app.ui.overlay.close() {
        Overlay::None => None,
        list => Some(Box::new(list)),
    };
    let title = if under.is_some() {
        "Read: ↑↓ PgUp PgDn g G scroll, Esc: back to the list"
    } else {
        "Read: ↑↓ PgUp PgDn g G scroll, yt copies the hint, Esc closes"
    };
    app.ui.overlay.open(Overlay::Text(Box::new(TextView {
        title: title.into(),
        lines,
        scroll: 0,
        under,
    })));
}

/// How a scroll key moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scroll {
    Up(usize),
    Down(usize),
    Top,
    Bottom,
}

/// Moves the text view; the last page stays full.
pub fn scroll(view: &mut TextView, screen: (u16, u16), by: Scroll) {
    let (w, h) = view_size(screen);
    let max = view.wrapped(w).len().saturating_sub(h);
    view.scroll = match by {
        Scroll::Up(n) => view.scroll.saturating_sub(n),
        Scroll::Down(n) => view.scroll.saturating_add(n),
        Scroll::Top => 0,
        Scroll::Bottom => max,
    }
    .min(max);
}

/// `yt`: the hint's text on the clipboard (the whole step at the third stage).
pub fn copy_hint(app: &mut App, fx: &mut Vec<Effect>) {
    // The copy is the whole text, every branch and nested chain in SE's order.
    match hint_text(app, true) {
        Some(lines) => fx.push(Effect::Copy {
            text: lines.join("\n") + "\n",
            what: "hint text".into(),
        }),
        None => app.error("No hint on screen to copy: t asks for one"),
    }
}

#[cfg(test)]
mod tests {
    use super::wrap_tokens;

    #[test]
    fn chains_break_between_nodes_and_cell_lists_after_commas() {
        let t = "(4)r5c5-(4=8)r5c7-(8=6)r5c3 => r8c123,r9c89<>4";
        for w in 8..40 {
            let lines = wrap_tokens(t, w);
            assert!(
                lines.iter().all(|l| l.chars().count() <= w),
                "{w}: {lines:?}"
            );
            assert_eq!(lines.concat().replace(' ', ""), t.replace(' ', ""), "{w}");
            for l in &lines {
                // No line starts or ends inside a cell name or a node.
                assert!(!l.ends_with('r') && !l.starts_with('c'), "{w}: {lines:?}");
                assert_eq!(
                    l.matches('(').count(),
                    l.matches(')').count(),
                    "{w}: {lines:?}"
                );
            }
        }
        assert_eq!(
            wrap_tokens(t, 20),
            ["(4)r5c5-(4=8)r5c7-", "(8=6)r5c3 => r8c123,", "r9c89<>4"]
        );
    }

    #[test]
    fn words_wrap_at_spaces_and_a_long_token_is_cut() {
        assert_eq!(
            wrap_tokens("W-Wing: 4/2 in r8c9", 10),
            ["W-Wing:", "4/2 in", "r8c9"]
        );
        assert_eq!(wrap_tokens("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap_tokens("a\nb", 4), ["a", "b"]);
    }

    #[test]
    fn an_indented_rule_hangs_under_its_text_and_keeps_every_word() {
        let rule = "    (12) If r6c1 does not contain the value 8, then r5c4 cannot contain the \
                    value 8 (Turbot Fish: r5c4.8 off)";
        let lines = super::wrap_line(rule, 40);
        assert_eq!(
            lines,
            [
                "    (12) If r6c1 does not contain the",
                "         value 8, then r5c4 cannot",
                "         contain the value 8 (Turbot",
                "         Fish: r5c4.8 off)"
            ]
        );
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(rule));
        assert!(lines.iter().all(|l| l.chars().count() <= 40));
        assert_eq!(
            super::wrap_line("  ▸ Nested Turbot Fish: r5c4.8 off (Chain 4)", 30),
            ["  ▸ Nested Turbot Fish: r5c4.8", "    off (Chain 4)"]
        );
        // An indented heading without a mark hangs by two.
        assert_eq!(
            super::wrap_line("  Chain 5: If r1c5 contains the value 1 (View 5):", 30),
            ["  Chain 5: If r1c5 contains", "    the value 1 (View 5):"]
        );
        // A net's runs share lines, the later ones indented.
        assert_eq!(
            super::wrap_line(
                "(3)r6c1-r4c2=r7c2 & (3)r7c2-r7c6 & (3)r6c1-r6c5 => r6c5<>4",
                40
            ),
            [
                "(3)r6c1-r4c2=r7c2 & (3)r7c2-r7c6 &",
                "  (3)r6c1-r6c5 => r6c5<>4"
            ]
        );
        // Plain text wraps as before; a width too small for the hang wraps without it.
        assert_eq!(super::wrap_line("a b", 2), ["a", "b"]);
        assert_eq!(
            super::wrap_line("  (1) a b", 4),
            wrap_tokens("  (1) a b", 4)
        );
    }
}
