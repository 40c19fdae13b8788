//! Propagation: eliminations bouncing between boxes and bands until nothing changes, in rounds
//! ([`propagate`]) or through the mutual recursion of [`band_eliminate`] and [`box_restrict`].
//!
//! Derived from tdoku (<https://github.com/t-dillon/tdoku>, `src/solver_dpll_triad_simd.cc`),
//! Copyright (c) 2019, Tom Dillon; its licence (BSD-2-Clause) is quoted in full in [`super`].

use super::tables::*;
use super::State;
use crate::solver::exact::simd::{Backend, Vec16, Vec8};

/// The bit of a band in a set of bands (the work list of [`propagate`]): horizontal bands 0..3,
/// vertical bands 3..6.
#[inline(always)]
pub(super) const fn band_bit(vertical: usize, band: usize) -> u8 {
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
pub(super) fn eliminate_band<B: Backend, const VERTICAL: usize>(
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
pub(in crate::solver::exact) fn box_restrict<B: Backend, const FROM_VERTICAL: usize>(
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
pub(super) fn settle_box<V: Vec16>(
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
pub(super) fn propagate<V: Vec16>(
    s: &mut State<V>,
    mut dirty: u8,
    two_rounds: bool,
    lines: bool,
) -> bool {
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
pub(in crate::solver::exact) fn band_eliminate<B: Backend, const VERTICAL: usize>(
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
