//! The chain of a hint's full step, drawn on the board and listed in the side panel.
//!
//! Every node of the chain gets a marker in chain order (`¹`-`⁹`, then `a`-`z`, `A`-`Z`): node 1
//! is the premise (the start), the last node of the main line the end (where the branch
//! concludes), then the side literals a net's branch also needs. In the full layout the marker
//! sits just left of the node's candidate; in the medium layout (no room beside the candidates)
//! the candidate itself takes the marker's style and the cell's free corner shows the marker of
//! its first node; in the compact layout the marker is in the cell's first column, with the
//! node's digit beside it. An eliminated candidate is never restyled as a node: it stays crossed
//! out. The marker's style tells how the node is reached: the start, a strong link (`=`), a weak
//! link (`-`), and the end; without colour by modifiers (reversed for strong, underlined for
//! weak), and the side panel's node list writes the link's symbol before each node. A forcing
//! chain or net is drawn one branch at a time (`crate::app::hint_view`).

use super::theme::ThemeKind;
use super::{cell_rect, Layout, LayoutKind};
pub use crate::app::chain_view::{marker, ChainView, NodeMark, Reach};
use crate::domain::{Board, Cell, CellState, Digit};
use crate::solver::LinkKind;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The marker style for a way of reaching a node: the 16 named colours (dark and light
/// palettes), modifiers only without colour.
pub fn reach_style(kind: ThemeKind, reach: Reach) -> Style {
    let bold = Modifier::BOLD;
    match (kind, reach) {
        (ThemeKind::Dark, Reach::Start) => Style::new()
            .fg(Color::Black)
            .bg(Color::LightCyan)
            .add_modifier(bold),
        (ThemeKind::Dark, Reach::Strong) => Style::new()
            .fg(Color::Black)
            .bg(Color::LightGreen)
            .add_modifier(bold),
        (ThemeKind::Dark, Reach::Weak) => Style::new().fg(Color::Black).bg(Color::Yellow),
        (ThemeKind::Light, Reach::Start) => Style::new()
            .fg(Color::White)
            .bg(Color::Blue)
            .add_modifier(bold),
        (ThemeKind::Light, Reach::Strong) => Style::new()
            .fg(Color::White)
            .bg(Color::Green)
            .add_modifier(bold),
        (ThemeKind::Light, Reach::Weak) => Style::new().fg(Color::Black).bg(Color::Yellow),
        (ThemeKind::Mono, Reach::Start) => {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD | Modifier::UNDERLINED)
        }
        (ThemeKind::Mono, Reach::Strong) => {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
        (ThemeKind::Mono, Reach::Weak) => {
            Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
        }
        // The end: its own colour; without colour its link's style, in italics.
        (ThemeKind::Dark, Reach::End(_)) => Style::new()
            .fg(Color::Black)
            .bg(Color::LightMagenta)
            .add_modifier(bold),
        (ThemeKind::Light, Reach::End(_)) => Style::new()
            .fg(Color::White)
            .bg(Color::Magenta)
            .add_modifier(bold),
        (ThemeKind::Mono, Reach::End(l)) => {
            reach_style(kind, Some(l).into()).add_modifier(Modifier::ITALIC)
        }
    }
}

/// A marker's whole style: the cell's own highlights (cursor, hint cell) are replaced, so the
/// marker reads the same everywhere, also with modifiers only.
fn marker_style(kind: ThemeKind, reach: Reach) -> Style {
    Style::reset().patch(reach_style(kind, reach))
}

/// The style of a node's digit in the compact layout (no candidates are drawn there).
fn node_digit_style(kind: ThemeKind) -> Style {
    match kind {
        ThemeKind::Dark => Style::new()
            .fg(Color::LightBlue)
            .add_modifier(Modifier::BOLD),
        ThemeKind::Light => Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
        ThemeKind::Mono => Style::new().add_modifier(Modifier::BOLD),
    }
}

/// Where the board draws candidate `d` of a cell: the full layout's 3x3 mini-grid, the medium
/// layout's 1-5 over 6-9; the compact layout draws no candidates.
pub fn candidate_xy(l: &Layout, c: Cell, d: Digit) -> Option<(u16, u16)> {
    let r = cell_rect(l, c);
    let i = d.index() as u16;
    match l.kind {
        LayoutKind::Full => Some((r.x + 1 + 2 * (i % 3), r.y + i / 3)),
        LayoutKind::Medium => Some((r.x + i % 5, r.y + i / 5)),
        LayoutKind::Compact | LayoutKind::TooSmall => None,
    }
}

/// Whether the node `n` owns the marker of its candidate in cell `c` (the first node on it), and
/// the candidate is on the board.
fn owns(v: &ChainView, n: &NodeMark, c: Cell, board: &Board) -> bool {
    board.value(c).is_none()
        && board.candidates(c).contains(n.digit)
        && v.node_at(c, n.digit).map(|m| m.number) == Some(n.number)
}

/// Draws the markers of the chain's nodes over the board.
pub fn draw(buf: &mut Buffer, l: &Layout, v: &ChainView, board: &Board, kind: ThemeKind) {
    match l.kind {
        LayoutKind::Full => {
            for n in &v.nodes {
                for &c in &n.cells {
                    if !owns(v, n, c, board) {
                        continue;
                    }
                    if let Some((x, y)) = candidate_xy(l, c, n.digit) {
                        buf[(x - 1, y)]
                            .set_char(marker(n.number))
                            .set_style(marker_style(kind, n.reach));
                    }
                }
            }
        }
        LayoutKind::Medium => {
            // No room beside the candidates (1-5 over 6-9): each node's candidate takes its
            // marker's style, and the free place at the end of the second line shows the
            // marker of the cell's first node.
            for n in &v.nodes {
                for &c in &n.cells {
                    if !owns(v, n, c, board) {
                        continue;
                    }
                    // An eliminated candidate stays crossed out.
                    if let Some((x, y)) = candidate_xy(l, c, n.digit) {
                        if !v.eliminated(c, n.digit) {
                            buf[(x, y)].set_style(marker_style(kind, n.reach));
                        }
                    }
                    let first = v
                        .nodes
                        .iter()
                        .find(|m| m.cells.contains(&c) && board.candidates(c).contains(m.digit));
                    if first.map(|m| m.number) == Some(n.number) {
                        let r = cell_rect(l, c);
                        buf[(r.x + 4, r.y + 1)]
                            .set_char(marker(n.number))
                            .set_style(marker_style(kind, n.reach));
                    }
                }
            }
        }
        LayoutKind::Compact => {
            for c in Cell::all() {
                if !matches!(board.cell(c), CellState::Empty(_)) {
                    continue;
                }
                let here: Vec<&NodeMark> = v
                    .nodes
                    .iter()
                    .filter(|n| n.cells.contains(&c) && board.candidates(c).contains(n.digit))
                    .collect();
                let Some(first) = here.first() else {
                    continue;
                };
                let r = cell_rect(l, c);
                let bg = buf[(r.x + 1, r.y)].style().bg;
                let mut digit_style = if v.eliminated(c, first.digit) {
                    super::theme::Theme::new(kind).hint_elim()
                } else {
                    node_digit_style(kind)
                };
                if let Some(bg) = bg {
                    digit_style = digit_style.bg(bg);
                }
                buf[(r.x, r.y)]
                    .set_char(marker(first.number))
                    .set_style(marker_style(kind, first.reach));
                buf[(r.x + 1, r.y)]
                    .set_char(first.digit.to_char())
                    .set_style(digit_style);
                if let Some(second) = here.get(1).filter(|n| n.digit != first.digit) {
                    buf[(r.x + 2, r.y)]
                        .set_char(second.digit.to_char())
                        .set_style(marker_style(kind, second.reach));
                }
            }
        }
        LayoutKind::TooSmall => {}
    }
}

/// The side panel's lines for the chain: heading (with the branch drawn), the Eureka lines,
/// a legend and the numbered nodes, each after the symbol of the link that reaches it.
pub fn panel_lines(v: &ChainView, kind: ThemeKind, width: usize) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let head = match &v.branch {
        Some(b) => format!("Chain (Eureka), {b} (] [)"),
        None => "Chain (Eureka)".to_string(),
    };
    let mut out: Vec<Line<'static>> = crate::app::reader::wrap_tokens(&head, width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, bold)))
        .collect();
    out.extend(
        v.lines
            .iter()
            .flat_map(|l| crate::app::reader::wrap_tokens(l, width))
            .map(Line::from),
    );
    let key = |r: Reach, text: &'static str| {
        vec![Span::styled("•", reach_style(kind, r)), Span::raw(text)]
    };
    let legend = [
        key(Reach::Start, " start"),
        key(Reach::Strong, " = strong"),
        key(Reach::Weak, " - weak"),
        key(Reach::End(LinkKind::Weak), " end"),
    ];
    out.extend(fill(legend.into_iter(), width));
    let nodes = v.nodes.iter().map(|n| {
        let mut item = vec![
            Span::styled(marker(n.number).to_string(), reach_style(kind, n.reach)),
            Span::raw(format!("{}{}", n.reach.symbol(), n.label)),
        ];
        match n.reach {
            Reach::Start if n.number == 1 => item.push(Span::raw(" start")),
            Reach::End(_) => item.push(Span::raw(" end")),
            _ => {}
        }
        item
    });
    out.extend(fill(nodes, width));
    if let Some(side) = &v.side {
        out.push(Line::from(Span::styled("Side literals", bold)));
        out.extend(
            crate::app::reader::wrap_tokens(side, width)
                .into_iter()
                .map(Line::from),
        );
    }
    out
}

/// Lays out items of spans on lines of `width`, a space between items; an item never breaks
/// across lines.
fn fill(items: impl Iterator<Item = Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut len = 0usize;
    for item in items {
        let w: usize = item.iter().map(Span::width).sum();
        if len > 0 && len + 1 + w > width {
            out.push(Line::from(std::mem::take(&mut line)));
            len = 0;
        }
        if len > 0 {
            line.push(Span::raw(" "));
            len += 1;
        }
        len += w;
        line.extend(item);
    }
    if !line.is_empty() {
        out.push(Line::from(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::techniques::common::test_support::{c, cand, d};
    use crate::solver::{Candidate, ChainLink, ChainNode, Facts, Step};
    use ratatui::layout::Rect;

    fn link(from: ChainNode, to: ChainNode, kind: LinkKind) -> ChainLink {
        ChainLink { from, to, kind }
    }

    /// A continuous loop on an empty board: (1)r1c1=(2)r1c1-(2)r1c5=(1)r1c5-(1)r1c1.
    fn loop_step() -> Step {
        let mut s = Step::new(crate::solver::Technique::ContinuousNiceLoop);
        s.facts = Facts::chain(vec![vec![
            link(cand(1, 1, 1), cand(2, 1, 1), LinkKind::Strong),
            link(cand(2, 1, 1), cand(2, 1, 5), LinkKind::Weak),
            link(cand(2, 1, 5), cand(1, 1, 5), LinkKind::Strong),
            link(cand(1, 1, 5), cand(1, 1, 1), LinkKind::Weak),
        ]]);
        s.eliminations = vec![Candidate::new(c(1, 9), d(1))];
        s
    }

    #[test]
    fn markers_run_through_digits_and_letters() {
        assert_eq!(marker(1), '¹');
        assert_eq!(marker(9), '⁹');
        assert_eq!(marker(10), 'a');
        assert_eq!(marker(36), 'A');
        assert_eq!(marker(61), 'Z');
        assert_eq!(marker(62), '+');
    }

    #[test]
    fn view_numbers_each_node_once_with_how_it_is_reached() {
        let v = ChainView::of(&loop_step(), &Board::empty(), 1).unwrap();
        let got: Vec<(usize, &str, Reach)> = v
            .nodes
            .iter()
            .map(|n| (n.number, n.label.as_str(), n.reach))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, "(1)r1c1", Reach::Start),
                (2, "(2)r1c1", Reach::Strong),
                (3, "(2)r1c5", Reach::Weak),
                (4, "(1)r1c5", Reach::Strong),
            ]
        );
        assert_eq!(
            v.lines,
            vec!["(1=2)r1c1-(2=1)r1c5-(1)r1c1 => r1c9<>1".to_string()]
        );
        let mut none = Step::new(crate::solver::Technique::NakedSingle);
        none.placements = vec![Candidate::new(c(1, 1), d(1))];
        assert_eq!(ChainView::of(&none, &Board::empty(), 1), None);
    }

    #[test]
    fn styles_tell_the_links_apart_in_every_palette() {
        for kind in [ThemeKind::Dark, ThemeKind::Light, ThemeKind::Mono] {
            let s = [
                Reach::Start,
                Reach::Strong,
                Reach::Weak,
                Reach::End(LinkKind::Strong),
                Reach::End(LinkKind::Weak),
            ]
            .map(|r| reach_style(kind, r));
            for i in 0..s.len() {
                for j in 0..i {
                    if i >= 3 && j >= 3 && kind != ThemeKind::Mono {
                        continue;
                    }
                    assert_ne!(s[i], s[j], "{kind:?}: {i} {j}");
                }
            }
            for st in s {
                for col in [st.fg, st.bg].into_iter().flatten() {
                    assert!(
                        !matches!(col, Color::Indexed(_) | Color::Rgb(..)),
                        "{kind:?}: {col:?} is outside the 16 colours"
                    );
                }
                if kind == ThemeKind::Mono {
                    assert_eq!((st.fg, st.bg), (None, None));
                }
            }
        }
    }

    #[test]
    fn full_layout_puts_markers_left_of_the_candidates() {
        let l = super::super::layout(Rect::new(0, 0, 120, 45));
        let mut buf = Buffer::empty(Rect::new(0, 0, 120, 45));
        let v = ChainView::of(&loop_step(), &Board::empty(), 1).unwrap();
        draw(&mut buf, &l, &v, &Board::empty(), ThemeKind::Dark);
        let at = |cell: Cell, digit: u8| {
            let (x, y) = candidate_xy(&l, cell, d(digit)).unwrap();
            buf[(x - 1, y)].clone()
        };
        assert_eq!(at(c(1, 1), 1).symbol(), "¹");
        assert_eq!(at(c(1, 1), 2).symbol(), "²");
        assert_eq!(at(c(1, 5), 2).symbol(), "³");
        assert_eq!(at(c(1, 5), 1).symbol(), "⁴");
        assert_eq!(at(c(1, 5), 2).style().bg, Some(Color::Yellow));
        assert_eq!(at(c(1, 5), 1).style().bg, Some(Color::LightGreen));
        // No marker where the chain has no node.
        assert_eq!(at(c(1, 9), 1).symbol(), " ");
    }
}
