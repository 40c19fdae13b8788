//! The triad solver: a port of the design of tdoku's `solver_dpll_triad_simd` to Rust, generic
//! over the vector backends of [`super::simd`].
//!
//! Derived from tdoku (<https://github.com/t-dillon/tdoku>, `src/solver_dpll_triad_simd.cc`):
//!
//! > Copyright (c) 2019, Tom Dillon. All rights reserved.
//! >
//! > Redistribution and use in source and binary forms, with or without modification, are
//! > permitted provided that the following conditions are met:
//! > 1. Redistributions of source code must retain the above copyright notice, this list of
//! >    conditions and the following disclaimer.
//! > 2. Redistributions in binary form must reproduce the above copyright notice, this list of
//! >    conditions and the following disclaimer in the documentation and/or other materials
//! >    provided with the distribution.
//! >
//! > THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
//! > OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
//! > MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
//! > COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
//! > EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
//! > SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
//! > HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
//! > TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
//! > SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//!
//! # The model
//!
//! Each box is a 4x4 matrix of 9-bit digit sets (16 lanes): the 3x3 top-left lanes are the cells;
//! the right column holds the *negative horizontal triads* (digits not in that mini-row), the
//! bottom row the *negative vertical triads* (digits not in that mini-column). Along every row
//! and column of the matrix each digit occurs exactly once; a cell keeps at least one digit and a
//! negative triad at least six.
//!
//! Each of the six bands (three horizontal, three vertical) holds, per digit, which of the six
//! ways the digit can cross the band's three boxes (which mini-row of each box; a permutation)
//! are still possible: six lanes of 9 bits. A band turns its configurations into the triads its
//! boxes may use; a box turns its assertions (a cell or a triad left with one digit, a digit left
//! in one place of a matrix row or column) into eliminations for itself and for its two bands.
//! Eliminations bounce between boxes and bands until nothing changes, in rounds (all pending
//! bands, then all restricted boxes; see [`propagate`]) rather than tdoku's mutual recursion of
//! `BandEliminate` and `BoxRestrict`, which the search keeps on the narrow backends
//! ([`band_eliminate`], [`box_restrict`]).
//!
//! The search branches on the band with the fewest configurations, on a digit with the fewest
//! configurations there (two when there is one): one configuration against the others.

use super::simd::{Backend, Vec16, Vec8};

const K: u16 = 0x1FF;
const Z: u16 = 0xFFFF;

/// The shuffle control of lane `k` (two bytes, see [`Vec8::shuffle`]).
const fn s(k: u16) -> u16 {
    0x0100 + 0x0202 * k
}

/// A band: per configuration (lanes 0..6) the digits that may take it, and the eliminations
/// not yet applied.
#[derive(Clone, Copy)]
pub(super) struct Band<V: Vec8> {
    configurations: V,
    eliminations: V,
}

/// The whole search state (about 480 bytes), copied at each guess.
#[derive(Clone, Copy)]
pub(super) struct State<V: Vec16> {
    /// `bands[0][i]`: horizontal band (rows of boxes) `i`; `bands[1][j]`: vertical band `j`.
    bands: [[Band<V::Half>; 3]; 2],
    /// Box `3 * i + j` as a 4x4 matrix (see the module documentation).
    boxen: [V; 9],
}

/// Search bookkeeping: solutions counted, the limit, the first solution when wanted, guesses.
pub(super) struct Search {
    pub count: usize,
    pub limit: usize,
    pub want_first: bool,
    pub first: Option<[u8; 81]>,
    pub guesses: u64,
}

/// What the search starts from.
#[derive(Clone, Copy)]
pub(super) enum Start<'a> {
    /// Values: 0 empty, 1..=9 a digit (checked by the caller).
    Values(&'a [u8; 81]),
    /// Per cell the digits it may take (bit `d` for digit `d + 1`).
    Candidates(&'a [u16; 81]),
}

/// `peer_x_elem_to_config_mask`: for a digit placed in element (mini-row / mini-column) `e` of the
/// band's box `p`, the configurations it rules out.
const PEER_ELEM_TO_CONFIG_MASK: [[[u16; 8]; 4]; 3] = [
    [
        [0, K, K, K, 0, K, 0, 0],
        [K, 0, K, K, K, 0, 0, 0],
        [K, K, 0, 0, K, K, 0, 0],
        [0; 8],
    ],
    [
        [K, K, 0, K, K, 0, 0, 0],
        [0, K, K, 0, K, K, 0, 0],
        [K, 0, K, K, 0, K, 0, 0],
        [0; 8],
    ],
    [
        [K, 0, K, 0, K, K, 0, 0],
        [K, K, 0, K, 0, K, 0, 0],
        [0, K, K, K, K, 0, 0, 0],
        [0; 8],
    ],
];

/// Triads (lanes 4, 5, 6) of a box to the configurations of its band, for the box's three
/// positions in the band; shift 0, 1 and 2 of the triads.
const TRIADS_SHIFT: [[[u16; 8]; 3]; 3] = [
    [
        [s(4), s(5), s(6), s(6), s(4), s(5), Z, Z],
        [s(5), s(6), s(4), s(5), s(6), s(4), Z, Z],
        [s(6), s(4), s(5), s(4), s(5), s(6), Z, Z],
    ],
    [
        [s(5), s(6), s(4), s(4), s(5), s(6), Z, Z],
        [s(6), s(4), s(5), s(6), s(4), s(5), Z, Z],
        [s(4), s(5), s(6), s(5), s(6), s(4), Z, Z],
    ],
    [
        [s(6), s(4), s(5), s(5), s(6), s(4), Z, Z],
        [s(4), s(5), s(6), s(4), s(5), s(6), Z, Z],
        [s(5), s(6), s(4), s(6), s(4), s(5), Z, Z],
    ],
];

/// [`TRIADS_SHIFT`] for both bands of a box at once: `[shift][3 * j + i]` has the horizontal
/// band's table for position `j` in the low half and the vertical band's for position `i` in the
/// high half.
const TRIADS_SHIFT16: [[[u16; 16]; 9]; 3] = {
    let mut t = [[[0u16; 16]; 9]; 3];
    let mut sh = 0;
    while sh < 3 {
        let mut i = 0;
        while i < 3 {
            let mut j = 0;
            while j < 3 {
                let mut k = 0;
                while k < 8 {
                    t[sh][i * 3 + j][k] = TRIADS_SHIFT[sh][i][k];
                    t[sh][i * 3 + j][k + 8] = TRIADS_SHIFT[sh][j][k];
                    k += 1;
                }
                j += 1;
            }
            i += 1;
        }
        sh += 1;
    }
    t
};

/// Two shuffles whose union turns the configurations (in both halves) into the 3x3 matrix of
/// positive triads: row = box of the band, column = element.
const CONFIGS_TO_TRIADS: [[u16; 16]; 2] = [
    [
        s(0),
        s(1),
        s(2),
        Z,
        s(2),
        s(0),
        s(1),
        Z,
        s(1),
        s(2),
        s(0),
        Z,
        Z,
        Z,
        Z,
        Z,
    ],
    [
        s(4),
        s(5),
        s(3),
        Z,
        s(5),
        s(3),
        s(4),
        Z,
        s(3),
        s(4),
        s(5),
        Z,
        Z,
        Z,
        Z,
        Z,
    ],
];

/// Two shuffles whose union turns a box's three positive triads (lanes 0..3, `K` in lane 3) into
/// the restriction of its cells and negative triads; `[vertical]`.
const TRIADS_TO_CANDIDATES: [[[u16; 16]; 2]; 2] = [
    [
        [
            s(0),
            s(0),
            s(0),
            s(1),
            s(1),
            s(1),
            s(1),
            s(2),
            s(2),
            s(2),
            s(2),
            s(0),
            s(3),
            s(3),
            s(3),
            s(3),
        ],
        [
            s(0),
            s(0),
            s(0),
            s(2),
            s(1),
            s(1),
            s(1),
            s(0),
            s(2),
            s(2),
            s(2),
            s(1),
            s(3),
            s(3),
            s(3),
            s(3),
        ],
    ],
    [
        [
            s(0),
            s(1),
            s(2),
            s(3),
            s(0),
            s(1),
            s(2),
            s(3),
            s(0),
            s(1),
            s(2),
            s(3),
            s(1),
            s(2),
            s(0),
            s(3),
        ],
        [
            s(0),
            s(1),
            s(2),
            s(3),
            s(0),
            s(1),
            s(2),
            s(3),
            s(0),
            s(1),
            s(2),
            s(3),
            s(2),
            s(0),
            s(1),
            s(3),
        ],
    ],
];

const CELLS_3X3: [u16; 16] = [K, K, K, 0, K, K, K, 0, K, K, K, 0, 0, 0, 0, 0];

/// Rotations of the rows of the 3x3 sub-matrix (the triad lanes stay).
const ROW_ROTATE_3X3: [[u16; 16]; 2] = [
    [
        s(1),
        s(2),
        s(0),
        s(3),
        s(5),
        s(6),
        s(4),
        s(7),
        s(1),
        s(2),
        s(0),
        s(3),
        s(4),
        s(5),
        s(6),
        s(7),
    ],
    [
        s(2),
        s(0),
        s(1),
        s(3),
        s(6),
        s(4),
        s(5),
        s(7),
        s(2),
        s(0),
        s(1),
        s(3),
        s(4),
        s(5),
        s(6),
        s(7),
    ],
];

/// Moves the negative horizontal triads (lanes 3, 7, 11) to lanes 4, 5, 6 of the halves' union.
const HORIZONTAL_TRIADS: [u16; 16] = [Z, Z, Z, Z, s(3), s(7), Z, Z, Z, Z, Z, Z, Z, Z, s(3), Z];

/// Least digits per lane: a cell keeps one, a negative triad six.
const BOX_MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];

const BRANCH_ROTATE: [u16; 8] = [s(1), s(2), s(3), s(4), s(5), s(0), Z, Z];

const TRIAD_PAD: [u16; 8] = [0, 0, 0, K, 0, 0, 0, 0];

const INITIAL_CONFIGURATIONS: [u16; 8] = [K, K, K, K, K, K, 0, 0];

const BOX_PEERS: [[[usize; 3]; 3]; 2] = [
    [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
    [[0, 3, 6], [1, 4, 7], [2, 5, 8]],
];

/// Eliminations in a box of digit `d` placed in matrix lane `e` (a cell): the other digits of
/// the cell, `d` from the other cells and from the two negative triads of its row and column.
const CELL_ASSIGNMENT: [[[u16; 16]; 16]; 9] = {
    let mut t = [[[0u16; 16]; 16]; 9];
    let mut d = 0;
    while d < 9 {
        let mut i = 0;
        while i < 11 {
            if i % 4 != 3 {
                let mut j = 0;
                while j < 15 {
                    let v = if j == i {
                        K ^ (1 << d)
                    } else if (j / 4 < 3 && j % 4 < 3) || j / 4 == i / 4 || j % 4 == i % 4 {
                        1 << d
                    } else {
                        0
                    };
                    t[d][i][j] = v;
                    j += 1;
                }
            }
            i += 1;
        }
        d += 1;
    }
    t
};

impl<V: Vec16> State<V> {
    fn new() -> Self {
        let band = Band {
            configurations: V::Half::load(&INITIAL_CONFIGURATIONS),
            eliminations: V::Half::splat(0),
        };
        State {
            bands: [[band; 3]; 2],
            boxen: [V::splat(K); 9],
        }
    }
}

/// The bit of a band in a set of bands (the work list of [`propagate`]): horizontal bands 0..3,
/// vertical bands 3..6.
#[inline(always)]
const fn band_bit(vertical: usize, band: usize) -> u8 {
    1 << (3 * vertical + band)
}

/// Restricts box `box_idx` to `candidates` and propagates; returns at once (without a call)
/// when that removes nothing. False on a contradiction.
#[inline(always)]
fn restrict_box<B: Backend, const FROM_VERTICAL: usize>(
    s: &mut State<B::V>,
    box_idx: usize,
    candidates: B::V,
) -> bool {
    s.boxen[box_idx].subset_of(candidates)
        || B::box_restrict::<FROM_VERTICAL>(s, box_idx, candidates)
}

/// Applies the pending eliminations of a band and propagates; returns at once (without a call)
/// when there are none.
#[inline(always)]
fn eliminate_band<B: Backend, const VERTICAL: usize>(
    s: &mut State<B::V>,
    band: usize,
    from_peer: usize,
) -> bool {
    let b = &s.bands[VERTICAL][band];
    !b.configurations.intersects(b.eliminations)
        || B::band_eliminate::<VERTICAL>(s, band, from_peer)
}

/// Restricts box `box_idx` to `candidates` and propagates (tdoku's `BoxRestrict`): the search's
/// propagation on the narrow backends (see [`branch`]). False on a contradiction.
#[inline(always)]
#[allow(clippy::if_same_then_else)] // the last `if`: same calls, different order
pub(super) fn box_restrict<B: Backend, const FROM_VERTICAL: usize>(
    s: &mut State<B::V>,
    box_idx: usize,
    candidates: B::V,
) -> bool {
    if s.boxen[box_idx].subset_of(candidates) {
        return true;
    }
    if !settle_box(s, box_idx, candidates, false, false) {
        return false;
    }
    let (box_i, box_j) = (box_idx / 3, box_idx % 3);
    // Send first to the band whose orientation is opposite to the inbound one (the two
    // branches differ in order, which matters: each call changes the state).
    if FROM_VERTICAL == 1 {
        eliminate_band::<B, 0>(s, box_i, box_j) && eliminate_band::<B, 1>(s, box_j, box_i)
    } else {
        eliminate_band::<B, 1>(s, box_j, box_i) && eliminate_band::<B, 0>(s, box_i, box_j)
    }
}

/// Restricts box `box_idx` to `candidates` and settles the box on its own: its cells and triads
/// lose what their own assertions rule out, and its two bands receive the eliminations that
/// follow, without applying them. With `two_rounds` the first two rounds run without a branch
/// between them (at the start on a wide backend, where whether a second round is needed is hard
/// to predict; in the search most settles of nearly full boxes need one, and on the narrow
/// backends a round costs more than the branch). With `lines` it also finds a digit gone from a
/// whole row or column of the box's matrix (see [`settle_round`]; needed for the search's
/// rounds to find contradictions as early as the recursion, not worth its cost on the narrow
/// backends elsewhere). False on a contradiction.
#[inline(always)]
fn settle_box<V: Vec16>(
    s: &mut State<V>,
    box_idx: usize,
    candidates: V,
    two_rounds: bool,
    lines: bool,
) -> bool {
    let mut cells = s.boxen[box_idx];
    let mut eliminating = cells.andnot(candidates);
    let (box_i, box_j) = (box_idx / 3, box_idx % 3);
    let minimums = V::load(&BOX_MINIMUMS);
    // The band eliminations follow from the assertions and the digits they remove: collected
    // over the rounds and turned into band eliminations once (the turning is linear in both).
    let mut all_assertions = V::splat(0);
    let mut all_removed = V::splat(0);
    let mut bad = settle_round(
        &mut cells,
        &mut eliminating,
        &mut all_assertions,
        &mut all_removed,
        minimums,
        lines,
    );
    if two_rounds {
        bad |= settle_round(
            &mut cells,
            &mut eliminating,
            &mut all_assertions,
            &mut all_removed,
            minimums,
            lines,
        );
    }
    if bad {
        return false;
    }
    while eliminating.intersects(cells) {
        if settle_round(
            &mut cells,
            &mut eliminating,
            &mut all_assertions,
            &mut all_removed,
            minimums,
            lines,
        ) {
            return false;
        }
    }
    let (h_elims, v_elims) = assertions_to_band_eliminations(
        all_assertions,
        all_removed,
        box_i,
        box_j,
        s.bands[0][box_i].eliminations,
        s.bands[1][box_j].eliminations,
    );
    s.boxen[box_idx] = cells;
    s.bands[0][box_i].eliminations = h_elims;
    s.bands[1][box_j].eliminations = v_elims;
    true
}

/// One round of [`settle_box`]: removes `eliminating` from `cells`, adds what the assertions of
/// the result rule out to `eliminating` and collects the assertions and the digits they remove.
/// True on a contradiction (a cell or triad below its minimum).
#[inline(always)]
fn settle_round<V: Vec16>(
    cells: &mut V,
    eliminating: &mut V,
    all_assertions: &mut V,
    all_removed: &mut V,
    minimums: V,
    lines: bool,
) -> bool {
    *cells = cells.andnot(*eliminating);
    let counts = cells.popcounts();
    // Literals asserted by a cell or triad at its minimum, then by a digit left in one place of a
    // matrix row or column.
    let mut assertions = cells.and(counts.eq_lanes(minimums));
    let in_rows = gather_assertions(*cells, V::rotate_rows, &mut assertions);
    let in_cols = gather_assertions(*cells, V::rotate_cols, &mut assertions);
    let removed = assertions_to_box_eliminations(assertions, eliminating);
    *all_assertions = all_assertions.or(assertions);
    *all_removed = all_removed.or(removed);
    // A contradiction: a lane below its minimum, or (with `lines`) a digit gone from a whole row
    // or column of the matrix (a round of [`propagate`] can remove its last two places at once,
    // so "left in one place" may never have asserted it; tdoku's recursion removes them one
    // band at a time).
    counts.any_less_than(minimums) || lines && !V::splat(K).subset_of(in_rows.and(in_cols))
}

/// Propagates until nothing changes, from the bands in `dirty` (which hold pending
/// eliminations; `two_rounds`, `lines`: see [`settle_box`]), in rounds: every dirty band applies
/// its eliminations and restricts its three boxes; then every restricted box settles once, with
/// the restrictions of both its bands, and marks its two bands dirty. No call per step (the vector constants stay in registers) and few
/// unpredictable branches: on these short, data-dependent loops a mispredicted branch costs more
/// than the vector work it could skip. False on a contradiction.
#[inline(always)]
fn propagate<V: Vec16>(s: &mut State<V>, mut dirty: u8, two_rounds: bool, lines: bool) -> bool {
    let mut restrictions = [V::splat(K); 9];
    loop {
        let mut boxes: u16 = 0;
        while dirty != 0 {
            let k = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            if k < 3 {
                collect_band::<V, 0>(s, k, &mut restrictions, &mut boxes);
            } else {
                collect_band::<V, 1>(s, k - 3, &mut restrictions, &mut boxes);
            }
        }
        if boxes == 0 {
            return true;
        }
        while boxes != 0 {
            let b = boxes.trailing_zeros() as usize;
            boxes &= boxes - 1;
            let c = restrictions[b];
            restrictions[b] = V::splat(K);
            if !settle_box(s, b, c, two_rounds, lines) {
                return false;
            }
            dirty |= band_bit(0, b / 3) | band_bit(1, b % 3);
        }
    }
}

/// The band half of a round of [`propagate`]: applies the pending eliminations of a band and
/// narrows the restrictions of its three boxes, marking in `boxes` those it restricts.
#[inline(always)]
fn collect_band<V: Vec16, const VERTICAL: usize>(
    s: &mut State<V>,
    band: usize,
    restrictions: &mut [V; 9],
    boxes: &mut u16,
) {
    if let Some(peer_triads) = update_band::<V, VERTICAL>(s, band) {
        for (&b, &t) in BOX_PEERS[VERTICAL][band].iter().zip(peer_triads.iter()) {
            let c = triads_to_candidates::<V>(t, VERTICAL);
            // Branch-free: whether a box is restricted is hard to predict.
            restrictions[b] = restrictions[b].and(c);
            *boxes |= (!s.boxen[b].subset_of(c) as u16) << b;
        }
    }
}

/// Adds to `assertions` the digits of `cells` that occur once along the rows (or columns, by
/// `rotate`) of the matrix; returns in each lane the digits of its row (column).
#[inline(always)]
fn gather_assertions<V: Vec16>(cells: V, rotate: fn(V) -> V, assertions: &mut V) -> V {
    let mut one = cells;
    let mut rotated = rotate(cells);
    let mut two = one.and(rotated);
    one = one.or(rotated);
    rotated = rotate(rotated);
    two = one.and(rotated).or(two);
    one = one.or(rotated);
    rotated = rotate(rotated);
    two = one.and(rotated).or(two);
    one = one.or(rotated);
    *assertions = cells.andnot(two).or(*assertions);
    one
}

/// Turns the assertions of a box (single digits in cells, one or six digits in negative triads)
/// into eliminations for the box itself (added to `box_elims`); returns the digits the cell
/// assertions remove from the 3x3 cells (for [`assertions_to_band_eliminations`]).
#[inline(always)]
fn assertions_to_box_eliminations<V: Vec16>(assertions: V, box_elims: &mut V) -> V {
    let cell_assertions = assertions.and(V::load(&CELLS_3X3));
    let mut across_rows = cell_assertions;
    across_rows = across_rows.or(across_rows.rotate_rows());
    across_rows = across_rows.or(across_rows.rotate_rows2());
    let mut across_cols = cell_assertions;
    across_cols = across_cols.or(across_cols.rotate_cols());
    across_cols = across_cols.or(across_cols.rotate_cols2());
    // The 3x3 sub-matrix takes assertions from anywhere in it.
    let new_elims = across_cols
        .or(across_cols.shuffle(V::load(&ROW_ROTATE_3X3[0])))
        .or(across_cols.shuffle(V::load(&ROW_ROTATE_3X3[1])));
    let new_elims = new_elims
        .or(across_rows)
        .or(cell_assertions.nonzero_lanes());
    // Keep the asserted digits themselves.
    *box_elims = new_elims.xor(cell_assertions).or(*box_elims);
    new_elims
}

/// The eliminations a box at `(box_i, box_j)` sends to its horizontal and vertical bands (added
/// to `h_elims`, `v_elims`) from its `assertions` and the digits they `removed` (see
/// [`assertions_to_box_eliminations`]). Linear: the union of the inputs gives the union of the
/// outputs.
#[inline(always)]
fn assertions_to_band_eliminations<V: Vec16>(
    assertions: V,
    removed: V,
    box_i: usize,
    box_j: usize,
    h_elims: V::Half,
    v_elims: V::Half,
) -> (V::Half, V::Half) {
    // Asserted negative triads remove their positive triad (shift 0) from the bands; asserted
    // digits remove the triads at shifts 1 and 2.
    let neg = V::join(horizontal_triads(assertions), assertions.hi());
    let pos = V::join(horizontal_triads(removed), removed.hi());
    let k = box_j * 3 + box_i;
    let elims = neg
        .shuffle(V::load(&TRIADS_SHIFT16[0][k]))
        .or(pos.shuffle(V::load(&TRIADS_SHIFT16[1][k])))
        .or(pos.shuffle(V::load(&TRIADS_SHIFT16[2][k])));
    (h_elims.or(elims.lo()), v_elims.or(elims.hi()))
}

/// The negative horizontal triads of a box matrix in lanes 4, 5, 6 (the vertical ones are there
/// in the high half already).
#[inline(always)]
fn horizontal_triads<V: Vec16>(cells: V) -> V::Half {
    let split = cells.shuffle(V::load(&HORIZONTAL_TRIADS));
    split.lo().or(split.hi())
}

/// Applies the pending eliminations of band `band` and propagates to its boxes, the box
/// `from_peer` last (tdoku's `BandEliminate`). False on a contradiction.
#[inline(always)]
pub(super) fn band_eliminate<B: Backend, const VERTICAL: usize>(
    s: &mut State<B::V>,
    band: usize,
    from_peer: usize,
) -> bool {
    let Some(peer_triads) = update_band::<B::V, VERTICAL>(s, band) else {
        return true;
    };
    let peers = &BOX_PEERS[VERTICAL][band];
    let order = [(from_peer + 1) % 3, (from_peer + 2) % 3, from_peer];
    order.iter().all(|&p| {
        restrict_box::<B, VERTICAL>(
            s,
            peers[p],
            triads_to_candidates::<B::V>(peer_triads[p], VERTICAL),
        )
    })
}

/// Applies the pending eliminations of band `band` to its configurations (and those of a
/// positive triad left with three digits, which asserts them; once, repeating is not worth it)
/// and returns the positive triads of its three boxes; `None` when nothing is pending.
#[inline(always)]
fn update_band<V: Vec16, const VERTICAL: usize>(
    s: &mut State<V>,
    band: usize,
) -> Option<[V::Half; 3]> {
    let b = s.bands[VERTICAL][band];
    if !b.configurations.intersects(b.eliminations) {
        return None;
    }
    let mut configs = b.configurations.andnot(b.eliminations);
    let triads = configurations_to_triads::<V>(configs);
    let asserting = triads.and(triads.popcounts().eq_lanes(V::splat(3)));
    let (lo, hi) = (asserting.lo(), asserting.hi());
    let t = |sh: usize, p: usize| V::Half::load(&TRIADS_SHIFT[sh][p]);
    configs = configs.andnot(
        lo.swap_halves()
            .shuffle(t(1, 0))
            .or(lo.swap_halves().shuffle(t(2, 0)))
            .or(lo.shuffle(t(1, 1))),
    );
    configs = configs.andnot(
        lo.shuffle(t(2, 1))
            .or(hi.swap_halves().shuffle(t(1, 2)))
            .or(hi.swap_halves().shuffle(t(2, 2))),
    );
    s.bands[VERTICAL][band].configurations = configs;
    let triads = configurations_to_triads::<V>(configs);
    Some([triads.lo(), triads.lo().swap_halves(), triads.hi()])
}

/// The 3x3 matrix of positive triads (row: box of the band; column: element) of a band's
/// configurations.
#[inline(always)]
fn configurations_to_triads<V: Vec16>(configs: V::Half) -> V {
    let both = V::join(configs, configs);
    both.shuffle(V::load(&CONFIGS_TO_TRIADS[0]))
        .or(both.shuffle(V::load(&CONFIGS_TO_TRIADS[1])))
}

/// The restriction of a box by its three positive triads of one band (lanes 0..3).
#[inline(always)]
fn triads_to_candidates<V: Vec16>(triads: V::Half, vertical: usize) -> V {
    let t = triads.or(V::Half::load(&TRIAD_PAD));
    let both = V::join(t, t);
    both.shuffle(V::load(&TRIADS_TO_CANDIDATES[vertical][0]))
        .or(both.shuffle(V::load(&TRIADS_TO_CANDIDATES[vertical][1])))
}

/// The band (0..3 horizontal, 3..6 vertical) and digit (as a mask in every configuration lane)
/// to branch on; `None` when every band is fixed.
#[inline(always)]
fn choose_branch<V: Vec16>(s: &State<V>) -> Option<(usize, V::Half)> {
    let mut counts = [0xFFFFu16; 8];
    for (k, c) in counts.iter_mut().take(6).enumerate() {
        *c = s.bands[k / 3][k % 3].configurations.popcount() as u16;
    }
    // A fixed band has 9 configurations (one per digit); an open one has 10 or more.
    let min_pos = V::Half::load(&counts).min_pos_from(10);
    if min_pos & 0xFF00 != 0 {
        return None;
    }
    let band = (min_pos >> 16) as usize;
    let configs = s.bands[band / 3][band % 3].configurations;
    // Digits with at least one, two, three, four configurations, over the six lanes.
    let rot = V::Half::load(&BRANCH_ROTATE);
    let mut one = configs;
    let mut rotated = one.shuffle(rot);
    let mut two = one.and(rotated);
    one = one.or(rotated);
    rotated = rotated.shuffle(rot);
    let mut three = two.and(rotated);
    two = two.or(one.and(rotated));
    one = one.or(rotated);
    rotated = rotated.shuffle(rot);
    let mut four = three.and(rotated);
    three = three.or(two.and(rotated));
    two = two.or(one.and(rotated));
    one = one.or(rotated);
    rotated = rotated.shuffle(rot);
    four = four.or(three.and(rotated));
    three = three.or(two.and(rotated));
    two = two.or(one.and(rotated));
    one = one.or(rotated);
    rotated = rotated.shuffle(rot);
    four = four.or(three.and(rotated));
    three = three.or(two.and(rotated));
    two = two.or(one.and(rotated));
    let _ = one;
    let only_two = two.andnot(three);
    let digit = if !only_two.is_zero() {
        only_two.low_bits()
    } else {
        let only_three = three.andnot(four);
        if !only_three.is_zero() {
            only_three.low_bits()
        } else {
            four.low_bits()
        }
    };
    Some((band, digit))
}

/// Counts the solutions below `s` into `search` (tdoku's
/// `CountSolutionsConsistentWithPartialAssignment`). May leave `s` changed.
#[inline(always)]
pub(super) fn count<B: Backend>(search: &mut Search, s: &mut State<B::V>) {
    match choose_branch(s) {
        None => {
            // Every band fixed: a solution when each band has exactly one configuration per
            // digit (fewer means a digit lost every configuration).
            if (0..6).all(|k| s.bands[k / 3][k % 3].configurations.popcount() == 9) {
                search.count += 1;
                if search.want_first && search.first.is_none() {
                    search.first = Some(extract_solution(s));
                }
            }
        }
        Some((band, digit)) if band < 3 => branch::<B, 0>(search, s, band, digit),
        Some((band, digit)) => branch::<B, 1>(search, s, band - 3, digit),
    }
}

/// Propagates the eliminations a guess put in band `band`: in rounds ([`propagate`]) on the wide
/// backends; on the narrow ones (SSE4.1, portable), where their bookkeeping costs more than the
/// mispredicted branches it saves, through tdoku's mutual recursion of [`band_eliminate`] and
/// [`box_restrict`]. The two orders end in the same state but for rare differences (a band
/// update applies its asserting triads once), so the guesses can differ slightly
/// (magictour_top1465: 8.94 per puzzle against 8.93). False on a contradiction.
#[inline(always)]
fn search_propagate<B: Backend, const VERTICAL: usize>(s: &mut State<B::V>, band: usize) -> bool {
    if B::WIDE {
        propagate(s, band_bit(VERTICAL, band), false, true)
    } else {
        eliminate_band::<B, VERTICAL>(s, band, 0)
    }
}

/// Tries the first configuration of the digit in the band on a copy, then the others in `s`.
#[inline(always)]
fn branch<B: Backend, const VERTICAL: usize>(
    search: &mut Search,
    s: &mut State<B::V>,
    band: usize,
    digit: <B::V as Vec16>::Half,
) {
    let configs = s.bands[VERTICAL][band].configurations.and(digit);
    search.guesses += 1;
    let mut copy = *s;
    let assign = configs.clear_lowest();
    let b = &mut copy.bands[VERTICAL][band];
    b.eliminations = b.eliminations.or(assign);
    if search_propagate::<B, VERTICAL>(&mut copy, band) {
        B::count(search, &mut copy);
        if search.count >= search.limit {
            return;
        }
    }
    let negate = configs.xor(assign);
    let b = &mut s.bands[VERTICAL][band];
    b.eliminations = b.eliminations.or(negate);
    if search_propagate::<B, VERTICAL>(s, band) {
        B::count(search, s);
    }
}

/// The 81 values of a solved state.
fn extract_solution<V: Vec16>(s: &State<V>) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (b, cells) in s.boxen.iter().enumerate() {
        let lanes = cells.to_array();
        let base = (b / 3) * 27 + (b % 3) * 3;
        for r in 0..3 {
            for c in 0..3 {
                out[base + 9 * r + c] = lanes[4 * r + c].trailing_zeros() as u8 + 1;
            }
        }
    }
    out
}

/// [`CELL_ASSIGNMENT`] by value: nothing for 0 (an empty cell), digit `v - 1` for `1..=9`.
const VALUE_ASSIGNMENT: [[[u16; 16]; 16]; 10] = {
    let mut t = [[[0u16; 16]; 16]; 10];
    let mut v = 1;
    while v < 10 {
        t[v] = CELL_ASSIGNMENT[v - 1];
        v += 1;
    }
    t
};

/// The bit of a value's digit (none for 0).
const VALUE_BIT: [u16; 10] = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256];

/// Merges the eliminations of the givens (`values`: 0 empty, 1..=9 a digit, checked by the
/// caller) into the boxes and bands of the fresh state, without propagating (tdoku's `InitClue`
/// for every given). Box by box, every cell alike (an empty one adds nothing): no branch on
/// whether a cell is given, no division, each box and band written once.
#[inline(always)]
fn init_values<V: Vec16>(s: &mut State<V>, values: &[u8; 81]) {
    let mut v_elims = [V::Half::splat(0); 3];
    for box_i in 0..3 {
        let mut h_elims = V::Half::splat(0);
        for (box_j, v_elim) in v_elims.iter_mut().enumerate() {
            let mut removed = V::splat(0);
            for elem_i in 0..3 {
                for elem_j in 0..3 {
                    let v = values[27 * box_i + 9 * elem_i + 3 * box_j + elem_j] as usize;
                    removed = removed.or(V::load(&VALUE_ASSIGNMENT[v][4 * elem_i + elem_j]));
                    let digit = V::Half::splat(VALUE_BIT[v]);
                    h_elims = V::Half::load(&PEER_ELEM_TO_CONFIG_MASK[box_j][elem_i])
                        .and(digit)
                        .or(h_elims);
                    *v_elim = V::Half::load(&PEER_ELEM_TO_CONFIG_MASK[box_i][elem_j])
                        .and(digit)
                        .or(*v_elim);
                }
            }
            s.boxen[3 * box_i + box_j] = V::splat(K).andnot(removed);
        }
        s.bands[0][box_i].eliminations = h_elims;
    }
    for (band, e) in s.bands[1].iter_mut().zip(v_elims) {
        band.eliminations = e;
    }
}

/// Sets up the state and counts its solutions into `search`.
#[inline(always)]
pub(super) fn run<B: Backend>(start: Start<'_>, search: &mut Search) {
    let mut s = State::<B::V>::new();
    let ok = match start {
        Start::Values(values) => {
            init_values(&mut s, values);
            propagate(&mut s, 0b11_1111, B::WIDE, B::WIDE)
        }
        Start::Candidates(cands) => {
            let mut dirty = 0;
            (0..9).all(|b| {
                let mut lanes = [K; 16];
                let base = (b / 3) * 27 + (b % 3) * 3;
                for r in 0..3 {
                    for c in 0..3 {
                        lanes[4 * r + c] = cands[base + 9 * r + c] & K;
                    }
                }
                let candidates = B::V::load(&lanes);
                if s.boxen[b].subset_of(candidates) {
                    return true;
                }
                dirty |= band_bit(0, b / 3) | band_bit(1, b % 3);
                settle_box(&mut s, b, candidates, B::WIDE, B::WIDE)
            }) && propagate(&mut s, dirty, B::WIDE, B::WIDE)
        }
    };
    if ok {
        B::count(search, &mut s);
    }
}
