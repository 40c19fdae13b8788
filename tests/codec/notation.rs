//! Eureka notation (`termdoku::solver::notation`) of hand-built chain steps of every shape (AICs,
//! loops, group and ALS nodes, forcing chains and nets), of its conclusions, and of the steps
//! today's chain finders return.

use crate::common;

use crate::common::chains::{cand, cands, cell as c, chain, d, step};
use termdoku::codec::decode_any;
use termdoku::domain::{Board, CellSet, DigitSet};
use termdoku::solver::finder;
use termdoku::solver::notation::{cells_text, conclusion_text, runs};
use termdoku::solver::techniques::{chains, single_digit, wings, Context};
use termdoku::solver::{Candidate, ChainLink, ChainNode, Eureka, Grid, Step, Technique};

fn cells(list: &[(usize, usize)]) -> CellSet {
    list.iter().map(|&(r, k)| c(r, k)).collect()
}

/// A step of `t` with one chain through the candidates `nodes` (`(n, r, c)`), `kinds` giving
/// each link (`=` strong, `-` weak), eliminating `elims`.
fn one_chain(
    t: Technique,
    nodes: &[(u8, usize, usize)],
    kinds: &str,
    elims: &[(u8, usize, usize)],
) -> Step {
    step(t, vec![chain(&cands(nodes), kinds)], elims)
}

/// A library line's grid.
fn library(line: &str) -> Grid {
    Grid::from_board(&decode_any(line).unwrap().board)
}

fn ctx() -> Context {
    Context {
        unique: true,
        ..Context::default()
    }
}

#[test]
fn aic_with_bivalue_cells_and_a_same_digit_run() {
    let nodes = [
        (4, 2, 3),
        (7, 2, 3),
        (7, 5, 3),
        (7, 5, 8),
        (7, 6, 9),
        (4, 6, 9),
    ];
    let s = one_chain(Technique::Aic, &nodes, "=-=-=", &[(4, 2, 9)]);
    let e = s.eureka().unwrap();
    assert_eq!(e.to_string(), "(4=7)r2c3-(7)r5c3=r5c8-(7=4)r6c9 => r2c9<>4");
    assert_eq!(e.lines().len(), 1);
    assert_eq!(e.branches[0].end, None);
}

#[test]
fn no_chain_no_notation() {
    let mut s = Step::new(Technique::NakedSingle);
    s.placements = vec![Candidate::new(c(6, 7), d(4))];
    assert_eq!(s.eureka(), None);
}

#[test]
fn continuous_loop_returns_to_its_start() {
    // (3)r1c1=r1c5-(3=8)r3c5... closing on (3)r1c1: the last node is written again.
    let nodes = [
        (3, 1, 1),
        (3, 1, 5),
        (3, 3, 5),
        (8, 3, 5),
        (8, 3, 2),
        (3, 3, 2),
        (3, 1, 1),
    ];
    let s = one_chain(
        Technique::ContinuousNiceLoop,
        &nodes,
        "=-=-=-",
        &[(3, 2, 1), (8, 3, 4), (3, 3, 1)],
    );
    assert_eq!(
        s.eureka().unwrap().to_string(),
        "(3)r1c1=r1c5-(3=8)r3c5-(8=3)r3c2-(3)r1c1 => r23c1<>3, r3c4<>8"
    );
}

#[test]
fn continuous_loop_closed_inside_its_first_cell() {
    // HoDoKu's chain of `3= r5c1 =2= r5c8 ... =3= r5c1 =2` stops on (3)r5c1; the in-cell
    // link back to (2)r5c1 closes the loop.
    let nodes = [
        (2, 5, 1),
        (2, 5, 8),
        (2, 4, 7),
        (3, 4, 7),
        (3, 5, 6),
        (3, 5, 1),
    ];
    let s = one_chain(Technique::ContinuousNiceLoop, &nodes, "=-=-=", &[(1, 5, 1)]);
    assert_eq!(
        s.eureka().unwrap().to_string(),
        "(2)r5c1=r5c8-(2=3)r4c7-(3)r5c6=(3-2)r5c1 => r5c1<>1"
    );
}

#[test]
fn weak_in_cell_link_and_discontinuous_loop() {
    // A discontinuous loop starting and ending in r5c4 on two digits.
    let nodes = [
        (1, 5, 4),
        (1, 5, 8),
        (4, 5, 8),
        (4, 9, 8),
        (4, 7, 7),
        (1, 7, 7),
        (1, 7, 4),
        (1, 5, 4),
    ];
    let s = one_chain(
        Technique::DiscontinuousNiceLoop,
        &nodes,
        "-=-=-=-",
        &[(1, 5, 4)],
    );
    assert_eq!(
        s.eureka().unwrap().to_string(),
        "(1)r5c4-(1=4)r5c8-(4)r9c8=(4-1)r7c7=(1)r7c4-r5c4 => r5c4<>1"
    );
}

#[test]
fn group_nodes_name_their_cells() {
    let g = |n: u8, list: &[(usize, usize)]| ChainNode::Group {
        digit: d(n),
        cells: cells(list),
    };
    let s = step(
        Technique::GroupedAic,
        vec![chain(
            &[
                cand(7, 2, 3),
                g(7, &[(5, 1), (5, 2), (5, 3)]),
                g(7, &[(4, 3), (6, 3)]),
                cand(7, 8, 3),
                cand(2, 8, 3),
            ],
            "=-=-",
        )],
        &[],
    );
    let mut s = s;
    s.placements = vec![Candidate::new(c(8, 3), d(2))];
    assert_eq!(
        s.eureka().unwrap().to_string(),
        "(7)r2c3=r5c123-r46c3=(7-2)r8c3 => r8c3=2"
    );
    assert_eq!(cells_text(cells(&[(5, 4), (6, 4), (6, 5)])), "r56c4|r6c5");
}

#[test]
fn als_nodes_show_their_digits_from_the_board() {
    let als = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(5, 7), (5, 8), (5, 9)]),
    };
    let s = step(
        Technique::AlsXyChain,
        vec![chain(
            &[cand(1, 5, 4), als(1), als(4), cand(4, 4, 8)],
            "-=-",
        )],
        &[(4, 4, 9)],
    );
    // Without the board: entry and exit digits only.
    assert_eq!(
        s.eureka().unwrap().to_string(),
        "(1)r5c4-(1=4)r5c789-(4)r4c8 => r4c9<>4"
    );
    let mut b = Board::empty();
    b.set_candidates(c(5, 7), DigitSet::from_iter([d(1), d(2), d(4)]));
    b.set_candidates(c(5, 8), DigitSet::from_iter([d(2), d(6)]));
    b.set_candidates(c(5, 9), DigitSet::from_iter([d(4), d(6)]));
    assert_eq!(
        Eureka::on_board(&s, &b).unwrap().to_string(),
        "(1)r5c4-(1=264)r5c789-(4)r4c8 => r4c9<>4"
    );
    // One ALS node left by another digit: the exit digit is the next node's.
    let s2 = step(
        Technique::AlsXyChain,
        vec![chain(&[cand(1, 5, 4), als(1), cand(4, 4, 8)], "--")],
        &[],
    );
    assert_eq!(
        Eureka::on_board(&s2, &b).unwrap().branches[0].chain,
        "(1)r5c4-(1=264)r5c789-(4)r4c8"
    );
}

/// An ALS-XY-Chain as the forums write it: each set's entry digit first and exit digit last,
/// the first set entered and the last one left by the eliminated digit.
#[test]
fn an_als_chain_starts_and_ends_on_the_eliminated_digit() {
    let first = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(2, 1), (2, 3), (2, 5), (2, 8)]),
    };
    let last = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(4, 7), (4, 9), (5, 9), (6, 9), (6, 7), (6, 8)]),
    };
    let mut b = Board::empty();
    let set = |b: &mut Board, r, col, ds: &[u8]| {
        b.set_candidates(c(r, col), ds.iter().map(|&n| d(n)).collect::<DigitSet>())
    };
    set(&mut b, 2, 1, &[1, 2]);
    set(&mut b, 2, 3, &[3, 5]);
    set(&mut b, 2, 5, &[5, 7]);
    set(&mut b, 2, 8, &[1, 7]);
    set(&mut b, 1, 7, &[2, 5]);
    set(&mut b, 4, 7, &[1, 2]);
    set(&mut b, 4, 9, &[3, 4]);
    set(&mut b, 5, 9, &[5, 8]);
    set(&mut b, 6, 9, &[7, 8]);
    set(&mut b, 6, 7, &[2, 3]);
    set(&mut b, 6, 8, &[4, 7]);
    let s = step(
        Technique::AlsXyChain,
        vec![chain(
            &[first(5), cand(5, 1, 7), cand(2, 1, 7), last(2)],
            "-=-",
        )],
        &[(7, 2, 9)],
    );
    assert_eq!(
        Eureka::on_board(&s, &b).unwrap().to_string(),
        "(7=1235)r2c1358-(5=2)r1c7-(2=134587)r4c79|r56c9|r6c78 => r2c9<>7"
    );
}

#[test]
fn als_xz_and_xy_wing_shapes() {
    let a = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(1, 1), (1, 2)]),
    };
    let b_ = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(2, 5), (3, 5)]),
    };
    let c_ = |n: u8| ChainNode::Als {
        digit: d(n),
        cells: cells(&[(3, 1)]),
    };
    let mut b = Board::empty();
    b.set_candidates(c(1, 1), DigitSet::from_iter([d(1), d(5)]));
    b.set_candidates(c(1, 2), DigitSet::from_iter([d(5), d(7)]));
    b.set_candidates(c(2, 5), DigitSet::from_iter([d(5), d(7)]));
    b.set_candidates(c(3, 5), DigitSet::from_iter([d(5), d(8)]));
    b.set_candidates(c(3, 1), DigitSet::from_iter([d(5), d(8)]));
    // ALS-XZ: one restricted common link between the sets; each set's other digits.
    let xz = step(
        Technique::AlsXz,
        vec![chain(&[a(5), b_(5)], "-")],
        &[(7, 1, 5)],
    );
    assert_eq!(
        Eureka::on_board(&xz, &b).unwrap().to_string(),
        "(7=15)r1c12-(5=87)r23c5 => r1c5<>7"
    );
    // ALS-XY-Wing: A -x- C =inside= C -y- B.
    let wing = step(
        Technique::AlsXyWing,
        vec![chain(&[a(1), c_(1), c_(5), b_(5)], "-=-")],
        &[],
    );
    let mut b2 = b.clone();
    b2.set_candidates(c(3, 1), DigitSet::from_iter([d(1), d(5)]));
    assert_eq!(
        Eureka::on_board(&wing, &b2).unwrap().branches[0].chain,
        "(57=1)r1c12-(1=5)r3c1-(5=78)r23c5"
    );
}

#[test]
fn forcing_chain_lists_its_branches_with_their_ends() {
    // r1c1=4 leads to every candidate of r5c9 being false: contradiction.
    let s = step(
        Technique::ForcingChainContradiction,
        vec![
            chain(
                &[cand(4, 1, 1), cand(4, 1, 9), cand(3, 1, 9), cand(3, 5, 9)],
                "-=-",
            ),
            chain(
                &[cand(4, 1, 1), cand(4, 5, 1), cand(5, 5, 1), cand(5, 5, 9)],
                "-=-",
            ),
            chain(
                &[cand(4, 1, 1), cand(8, 1, 1), cand(8, 5, 1), cand(8, 5, 9)],
                "-=-",
            ),
        ],
        &[(4, 1, 1)],
    );
    let e = s.eureka().unwrap();
    assert_eq!(
        e.lines(),
        vec![
            "(4)r1c1-(4=3)r1c9-(3)r5c9 => r5c9<>3",
            "(4)r1c1-(4=5)r5c1-(5)r5c9 => r5c9<>5",
            "(4-8)r1c1=(8)r5c1-r5c9 => r5c9<>8",
            "=> r1c1<>4",
        ]
    );
    assert_eq!(e.branches[2].end.as_deref(), Some("r5c9<>8"));
    assert!(e.to_string().ends_with("r5c9<>8; => r1c1<>4"));
    // A branch ending on a strong link ends with the node true.
    let v = step(
        Technique::ForcingChainVerity,
        vec![chain(&[cand(2, 3, 3), cand(2, 3, 7), cand(6, 3, 7)], "-=")],
        &[],
    );
    assert_eq!(
        v.eureka().unwrap().branches[0].end.as_deref(),
        Some("r3c7=6")
    );
}

#[test]
fn net_branch_runs_are_joined() {
    let links: Vec<ChainLink> = chain(&[cand(4, 1, 1), cand(4, 1, 9)], "-")
        .into_iter()
        .chain(chain(&[cand(4, 1, 1), cand(4, 2, 2), cand(9, 2, 2)], "-="))
        .collect();
    let s = step(Technique::ForcingNetVerity, vec![links], &[(9, 2, 9)]);
    assert_eq!(
        s.eureka().unwrap().branches[0].chain,
        "(4)r1c1-r1c9 & (4)r1c1-(4=9)r2c2"
    );
    assert_eq!(runs(&s.chains()[0]).len(), 2);
}

#[test]
fn conclusion_groups_cells_and_digits() {
    let e = |n: u8, r: usize, k: usize| Candidate::new(c(r, k), d(n));
    assert_eq!(
        conclusion_text(
            &[e(4, 1, 9), e(7, 1, 9), e(4, 3, 9), e(7, 3, 9), e(4, 2, 2)],
            &[]
        ),
        "r2c2<>4, r13c9<>47"
    );
    assert_eq!(
        conclusion_text(&[e(4, 2, 3)], &[e(5, 1, 4)]),
        "r1c4=5, r2c3<>4"
    );
}

/// Today's chain steps on the positions of their finders' unit tests: (HoDoKu's text, Eureka).
fn todays_steps() -> Vec<Step> {
    let w = library(common::chains::W_WING);
    let x = library(common::chains::X_CHAIN);
    let xy = library(common::chains::XY_CHAIN);
    let rp = library(common::chains::REMOTE_PAIR);
    let sk = library(common::chains::SKYSCRAPER);
    let er = library(common::chains::EMPTY_RECTANGLE);
    vec![
        finder::first(wings::find_w_wing, &w, &ctx()).unwrap(),
        finder::first(chains::find_x_chain, &x, &ctx()).unwrap(),
        finder::first(chains::find_xy_chain, &xy, &ctx()).unwrap(),
        finder::first(chains::find_remote_pair, &rp, &ctx()).unwrap(),
        finder::first(single_digit::find_skyscraper, &sk, &ctx()).unwrap(),
        finder::first(single_digit::find_empty_rectangle, &er, &ctx()).unwrap(),
    ]
}

#[test]
fn todays_chain_steps_read_as_forum_chains() {
    let want = [
        "(4=2)r8c9-(2)r3c9=r3c1-(2=4)r9c1 => r8c123,r9c89<>4",
        "(7)r7c5=r7c9-r2c9=r2c1-r1c2=r9c2 => r9c5<>7",
        "(8=1)r8c2-(1=4)r8c6-(4=7)r9c6-(7=8)r9c7 => r8c78,r9c123<>8",
        "(9=5)r5c9-(5=9)r9c9-(9=5)r9c3-(5=9)r6c3 => r5c2,r6c7<>9",
        "(2)r7c2=r1c2-r1c7=r8c7 => r7c89,r8c13<>2",
        // The Empty Rectangle's box candidates become two group/candidate nodes.
        "(5)r7c7=r7c5-r3c5=r2c46 => r2c7<>5",
    ];
    let got: Vec<String> = todays_steps()
        .iter()
        .map(|s| s.eureka().expect("a chain step").to_string())
        .collect();
    assert_eq!(got, want);
}
