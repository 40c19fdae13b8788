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

mod propagation;
mod tables;

use propagation::{band_bit, eliminate_band, propagate, settle_box};
pub(super) use propagation::{band_eliminate, box_restrict};
use tables::*;

use super::simd::{Backend, Vec16, Vec8};

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
