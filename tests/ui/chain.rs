//! The third hint stage draws the step's chain: numbered node markers on the board, styled by
//! how each node is reached, and the chain in Eureka notation in the side panel. One step of
//! each chain family, from today's finders and hand-built for the shapes they cannot produce
//! yet (a continuous loop, group nodes, an ALS, forcing chains and nets), and a Kraken fish
//! (switched on with `kf`) with one branch per fin, snapshotted at 120x45
//! (full board), 80x24 (medium) and 60x20 (compact).

use crate::common::chains::{self, cand, cell, chain, d, step};
use crate::common::screen::{self, COMPACT, FULL, MEDIUM};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use termdoku::app::{App, Game, Hint, HintKind, HintStage};
use termdoku::codec;
use termdoku::domain::{Board, CellSet};
use termdoku::solver::engine::{next_step, next_step_with};
use termdoku::solver::techniques::{slot_named, SlotSet};
use termdoku::solver::{ChainLink, ChainNode, Facts, LinkKind, Step, Technique};
use termdoku::storage::Config;
use termdoku::ui::chain::{candidate_xy, marker, reach_style, Reach};
use termdoku::ui::theme::ThemeKind;
use termdoku::ui::{self, layout};

/// A diabolical puzzle's start; the hand-built chains use its candidates.
const BOARD: &str =
    "85.....31....7.......8.9.....3...6..97.3.1.52....2....1..4.7..62.5...3.7....8....";

fn board(text: &str) -> Board {
    codec::decode_any(text).unwrap().board
}

/// An app on `board` showing `step` at the third hint stage, the cursor on r9c9, drawn in a
/// palette.
struct Shown {
    app: App,
    theme: ThemeKind,
}

fn app_with(board: Board, step: Step, kind: ThemeKind) -> Shown {
    let mut app = App::new(board.clone(), Game::default(), Config::default());
    app.set_cursor(cell(9, 9));
    app.show_hint(Hint {
        kind: HintKind::Step(step),
        engine: termdoku::solver::fallback::StepEngine::Hodoku,
        stage: HintStage::Full,
        board,
        branch: 1,
    });
    Shown { app, theme: kind }
}

fn render(s: &mut Shown, size: (u16, u16)) -> Buffer {
    screen::draw(&s.app, s.theme, size)
}

/// A state's next step, which must be of `technique`.
fn found(state: &str, technique: Technique) -> (Board, Step) {
    let b = board(state);
    let s = next_step(&b).expect("a step");
    assert_eq!(s.technique, technique, "{}", s.text);
    (b, s)
}

/// A Kraken fish Type 1 (HoDoKu 2.2's step on this top1465 state with `kf` on): a finned
/// Franken jellyfish on 4 whose two fins each lead to r2c2<>4, one chain through a group node.
fn kraken_fish() -> (Board, Step) {
    let b = board(":0000:x:.5.3.7.4.1.....+3...3.......5.8.3.61+2...8..5.9.6..1+5+4......4..+26...6927..+6.2...9..:922 923 224 524 528 728 828 829 931 933 434 534 835 636 137 538 738 838 139 839 753 763 769 172 774 589 792 595 898 599::");
    let mut slots = SlotSet::defaults();
    slots.set(slot_named("kf").unwrap(), true);
    let s = next_step_with(&b, slots).expect("a step");
    assert_eq!(s.technique, Technique::KrakenFishType1, "{}", s.text);
    (b, s)
}

/// A hand-built step on [`BOARD`]; every node's candidates must be on the board.
fn built(t: Technique, chains: Vec<Vec<ChainLink>>, elims: &[(u8, usize, usize)]) -> (Board, Step) {
    let b = board(BOARD);
    for l in chains.iter().flatten() {
        for n in [l.from, l.to] {
            let with = n
                .cells()
                .iter()
                .filter(|&c| b.candidates(c).contains(n.digit()))
                .count();
            // An ALS holds its digit in some of its cells; a candidate or a group in each.
            let enough = match n {
                ChainNode::Als { .. } => with > 0,
                _ => with == n.cells().len() as usize,
            };
            assert!(enough, "{n:?} not on the board");
        }
    }
    let mut s = step(t, chains, elims);
    let nodes = s
        .chains()
        .iter()
        .flatten()
        .flat_map(|l| l.from.cells().iter().chain(l.to.cells().iter()))
        .collect::<CellSet>()
        .iter()
        .collect();
    if let Facts::Chain { cells, .. } = &mut s.facts {
        *cells = nodes;
    }
    s.text = format!("{} (hand-built)", t.name());
    (b, s)
}

fn er() -> (Board, Step) {
    found(chains::EMPTY_RECTANGLE, Technique::EmptyRectangle)
}

fn w_wing() -> (Board, Step) {
    found(chains::W_WING, Technique::WWing)
}

fn x_chain() -> (Board, Step) {
    found(chains::X_CHAIN, Technique::XChain)
}

fn xy_chain() -> (Board, Step) {
    found(chains::XY_CHAIN, Technique::XyChain)
}

/// (6=4)r5c5-(4=8)r5c7-(8=6)r5c3-(6)r5c5: a continuous loop through row 5.
fn continuous_loop() -> (Board, Step) {
    built(
        Technique::ContinuousNiceLoop,
        vec![chain(
            &[
                cand(6, 5, 5),
                cand(4, 5, 5),
                cand(4, 5, 7),
                cand(8, 5, 7),
                cand(8, 5, 3),
                cand(6, 5, 3),
                cand(6, 5, 5),
            ],
            "=-=-=-",
        )],
        &[(4, 5, 3)],
    )
}

/// (7)r4c4=r4c8-r6c78=r6c4 with a group node of two cells.
fn grouped_aic() -> (Board, Step) {
    let group = ChainNode::Group {
        digit: d(7),
        cells: [cell(6, 7), cell(6, 8)].into_iter().collect(),
    };
    built(
        Technique::GroupedAic,
        vec![chain(
            &[cand(7, 4, 4), cand(7, 4, 8), group, cand(7, 6, 4)],
            "=-=",
        )],
        &[(7, 6, 4)],
    )
}

/// (3)r9c2-(3=98)r7c23-(8)r7c8=r8c8: an ALS node with its digits from the board.
fn als_chain() -> (Board, Step) {
    let als = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: [cell(7, 2), cell(7, 3)].into_iter().collect(),
    };
    built(
        Technique::AlsXyChain,
        vec![chain(
            &[cand(3, 9, 2), als(3), als(8), cand(8, 7, 8), cand(8, 8, 8)],
            "-=-=",
        )],
        &[(8, 8, 2)],
    )
}

/// Three branches from the premise r5c3=4, each with where it ends.
fn forcing_chain() -> (Board, Step) {
    built(
        Technique::ForcingChainContradiction,
        vec![
            chain(&[cand(4, 5, 3), cand(4, 5, 5), cand(6, 5, 5)], "-="),
            chain(&[cand(4, 5, 3), cand(4, 5, 7), cand(8, 5, 7)], "-="),
            chain(
                &[cand(4, 5, 3), cand(8, 5, 3), cand(8, 5, 7), cand(4, 5, 7)],
                "-=-",
            ),
        ],
        &[(4, 5, 3)],
    )
}

/// A net: r5c5=4 takes 4 (first run) and 8 (second run) from r5c3, which becomes 6; and a
/// second, plain branch.
fn forcing_net() -> (Board, Step) {
    let run1 = chain(&[cand(4, 5, 5), cand(4, 5, 3), cand(6, 5, 3)], "-=");
    let run2 = chain(
        &[
            cand(4, 5, 5),
            cand(4, 5, 7),
            cand(8, 5, 7),
            cand(8, 5, 3),
            cand(6, 5, 3),
        ],
        "-=-=",
    );
    let run3 = chain(&[cand(4, 5, 5), cand(6, 5, 5), cand(6, 5, 3)], "--");
    built(
        Technique::ForcingNetContradiction,
        vec![run1.into_iter().chain(run2).collect(), run3],
        &[(4, 5, 5)],
    )
}

macro_rules! snapshots {
    ($($name:ident: $step:expr;)+) => {$(
        #[test]
        fn $name() {
            let (b, s) = $step;
            let mut app = app_with(b, s, ThemeKind::Dark);
            insta::assert_snapshot!(concat!(stringify!($name), "_full"), screen::snapshot(&render(&mut app, FULL)));
            insta::assert_snapshot!(concat!(stringify!($name), "_medium"), screen::snapshot(&render(&mut app, MEDIUM)));
            insta::assert_snapshot!(concat!(stringify!($name), "_compact"), screen::snapshot(&render(&mut app, COMPACT)));
        }
    )+};
}

snapshots! {
    chain_empty_rectangle: er();
    chain_w_wing: w_wing();
    chain_x_chain: x_chain();
    chain_xy_chain: xy_chain();
    chain_continuous_loop: continuous_loop();
    chain_grouped_aic: grouped_aic();
    chain_als: als_chain();
    chain_forcing_chain: forcing_chain();
    chain_forcing_net: forcing_net();
    chain_kraken_fish: kraken_fish();
}

#[test]
fn every_node_is_numbered_in_chain_order_left_of_its_candidate() {
    let (b, s) = xy_chain();
    let mut app = app_with(b, s.clone(), ThemeKind::Dark);
    let t = render(&mut app, FULL);
    let buf = &t;
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let links = &s.chains()[0];
    // The first node is the start, the last the end (reached by the last link).
    let mut nodes = vec![(links[0].from, Reach::Start)];
    nodes.extend(links.iter().enumerate().map(|(i, k)| {
        let r = match k.kind {
            _ if i + 1 == links.len() => Reach::End(k.kind),
            LinkKind::Strong => Reach::Strong,
            LinkKind::Weak => Reach::Weak,
        };
        (k.to, r)
    }));
    for (i, (n, reach)) in nodes.iter().enumerate() {
        let c = n.cells().first().unwrap();
        let (x, y) = candidate_xy(&l, c, n.digit()).unwrap();
        assert_eq!(buf[(x, y)].symbol(), n.digit().to_string());
        let m = &buf[(x - 1, y)];
        assert_eq!(m.symbol(), marker(i + 1).to_string(), "node {}", i + 1);
        assert_eq!(m.bg, reach_style(ThemeKind::Dark, *reach).bg.unwrap());
    }
    // The eliminated candidates are crossed out.
    for e in &s.eliminations {
        let (x, y) = candidate_xy(&l, e.cell, e.digit).unwrap();
        assert!(buf[(x, y)].modifier.contains(Modifier::CROSSED_OUT));
    }
    // The side panel lists the chain in Eureka notation.
    let screen = screen::text(&t);
    assert!(screen.contains("Chain (Eureka)"), "{screen}");
    assert!(screen.contains("(8=1)r8c2-(1=4)r8c6"), "{screen}");
}

#[test]
fn links_read_apart_in_the_light_theme_and_without_colour() {
    let (b, s) = w_wing();
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    // (4=2)r8c9-(2)r3c9=r3c1-(2=4)r9c1: node 2 is reached by a strong link, node 3 by a weak one.
    let second = candidate_xy(&l, cell(8, 9), d(2)).unwrap();
    let third = candidate_xy(&l, cell(3, 9), d(2)).unwrap();
    for kind in [ThemeKind::Light, ThemeKind::Mono] {
        let mut app = app_with(b.clone(), s.clone(), kind);
        let t = render(&mut app, FULL);
        let buf = &t;
        let (m2, m3) = (&buf[(second.0 - 1, second.1)], &buf[(third.0 - 1, third.1)]);
        assert_eq!((m2.symbol(), m3.symbol()), ("²", "³"));
        assert_ne!(
            (m2.fg, m2.bg, m2.modifier),
            (m3.fg, m3.bg, m3.modifier),
            "{kind:?}"
        );
        if kind == ThemeKind::Mono {
            assert!(m2.modifier.contains(Modifier::REVERSED));
            assert!(!m3.modifier.contains(Modifier::REVERSED));
            assert!(m3.modifier.contains(Modifier::UNDERLINED));
            assert_eq!((m2.fg, m2.bg), (Color::Reset, Color::Reset));
        } else {
            assert_eq!(m2.bg, Color::Green);
            assert_eq!(m3.bg, Color::Yellow);
        }
    }
}

#[test]
fn the_cursor_lines_are_not_shaded_while_a_hint_is_shown() {
    let (b, s) = x_chain();
    let mut app = app_with(b, s, ThemeKind::Dark);
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    // r9c1 shares the cursor's row and is neither a chain nor an elimination cell.
    let peer = ui::cell_rect(&l, cell(9, 1));
    let shaded = |app: &mut Shown| {
        let t = render(app, FULL);
        t[(peer.x, peer.y)].bg
    };
    assert_ne!(shaded(&mut app), Color::Indexed(236));
    app.app.hide_hint();
    assert_eq!(shaded(&mut app), Color::Indexed(236));
}

#[test]
fn kraken_branches_are_listed_one_per_fin_with_the_elimination() {
    let (b, s) = kraken_fish();
    let mut app = app_with(b, s, ThemeKind::Dark);
    let screen = screen::text(&render(&mut app, FULL));
    for line in ["(4-1)r5c3=(1-2)r5c2=(2-4)r2c2 => r2c2<>4", "=> r2c2<>4"] {
        assert!(screen.contains(line), "{line}\n{screen}");
    }
}

#[test]
fn forcing_branches_are_listed_one_a_line_with_their_ends() {
    let (b, s) = forcing_chain();
    let mut app = app_with(b, s, ThemeKind::Dark);
    // The first branch is drawn, with its line and the conclusion.
    let screen = screen::text(&render(&mut app, FULL));
    assert!(screen.contains("Branch 1 of 3 (] [)"), "{screen}");
    assert!(screen.contains("(4)r5c3-(4=6)r5c5 => r5c5=6"), "{screen}");
    assert!(!screen.contains("(4)r5c3-(4=8)r5c7 => r5c7=8"), "{screen}");
    assert!(screen.contains("=> r5c3<>4"), "{screen}");
    // All of them: one a line.
    let mut h = app.app.live_hint().unwrap().clone();
    h.branch = 0;
    app.app.show_hint(h);
    let screen = screen::text(&render(&mut app, FULL));
    assert!(screen.contains("All 3 branches"), "{screen}");
    for line in [
        "(4)r5c3-(4=6)r5c5 => r5c5=6",
        "(4)r5c3-(4=8)r5c7 => r5c7=8",
        "=> r5c3<>4",
    ] {
        assert!(screen.contains(line), "{line}\n{screen}");
    }
}
