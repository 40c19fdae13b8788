//! The exact solver: counts solutions (up to a limit) of a board state, fast enough to call on
//! every keystroke and in the generator's inner loop.
//!
//! # Design
//!
//! Band bitboards: for each digit `d` and each band `b` (three rows of the grid) one `u32` holds
//! the 27 cells of the band where `d` is still possible (bit `9 * row_in_band + col`). This is the
//! layout popularised by JCZSolve; the code here is our own.
//!
//! Propagation at every node, until nothing changes:
//! - **band update** (per changed digit-band): a digit occupies one cell in each row and each box
//!   of a band, i.e. a permutation of the 3x3 "mini-rows". A 512-entry table maps the pattern of
//!   non-empty mini-rows to the union of the permutations it still contains. This removes pointing
//!   and claiming candidates inside the band (locked candidates, row direction) and finds empty
//!   rows/boxes. A row left with one cell is a (hidden) single and is placed.
//! - **naked singles**: bit-parallel counting over the nine digits of a band finds cells with one
//!   candidate (placed) and cells with none (contradiction).
//! - **stack update** (per changed digit, once the bands are settled): the band update turned
//!   sideways; in a stack the digit's cells form a permutation of the 3x3 mini-columns (band ->
//!   column), which removes locked candidates in the column direction; then a digit with one
//!   possible cell in a column (hidden single) is placed.
//!
//! Then depth-first search with copy-on-guess: the state is ~160 bytes and is copied before each
//! guess, so backtracking is free. The branching cell is the bivalue cell whose two digits have the
//! most candidates among its peers (while 40 or more cells are open; else the first bivalue cell),
//! or the cell with the fewest candidates when no cell is bivalue.
//!
//! On x86-64 the search is compiled a second time with POPCNT/BMI1/BMI2 and that build is chosen at
//! run time when the CPU has them; the portable build serves every other CPU.
//!
//! Placing a digit clears the cell from the other digits and the digit from the cell's peers, after
//! checking that the digit was still possible there; hence a state with every cell placed is a
//! valid solution.

use crate::domain::{Board, Cell, CellSet, Digit};
use std::fmt;

/// Bits of the 27 cells of a band.
const BAND_BITS: u32 = (1 << 27) - 1;

/// The non-empty mini-rows of a band pattern (27 bits) as 9 bits, bit `3 * box + row`, by
/// folding: one bit per mini-row at its lowest cell, then the three rows moved together.
#[inline(always)]
fn mini_rows(a: u32) -> usize {
    let t = (a | a >> 1 | a >> 2) & 0x0124_9249;
    ((t | t >> 8 | t >> 16) & 0x1FF) as usize
}

/// The lowest cell of each row of a band.
const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;

/// For a 9-bit mini-row pattern (bit `3 * row + box`): the cells of the band (27 bits) covered by
/// the permutations (row -> box) that only use non-empty mini-rows. Zero when none exists.
const PERMUTATION_MASK: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut mask = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut m = 0u32;
            let mut r = 0;
            while r < 3 {
                if (s >> (3 * r + perm[r])) & 1 == 0 {
                    ok = false;
                }
                m |= 7 << (9 * r + 3 * perm[r]);
                r += 1;
            }
            if ok {
                mask |= m;
            }
            p += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
};

/// [`PERMUTATION_MASK`] indexed by the pattern of [`mini_rows`] (bit `3 * box + row`).
const PERMUTATION_MASK_T: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut s = 0;
        let mut k = 0;
        while k < 9 {
            if (x >> k) & 1 != 0 {
                // Bit k = 3 * box + row of x is bit 3 * row + box of the row-major pattern.
                s |= 1 << (3 * (k % 3) + k / 3);
            }
            k += 1;
        }
        t[x] = PERMUTATION_MASK[s];
        x += 1;
    }
    t
};

/// For a 9-bit mini-row pattern (as [`PERMUTATION_MASK`]): which mini-rows (bit `3 * row + box`)
/// belong to some permutation. Used sideways for stacks (band -> column).
const STACK_ALLOWED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let m = PERMUTATION_MASK[s];
        let mut bits = 0u16;
        let mut k = 0;
        while k < 9 {
            if (m >> (9 * (k / 3) + 3 * (k % 3))) & 1 != 0 {
                bits |= 1 << k;
            }
            k += 1;
        }
        t[s] = bits;
        s += 1;
    }
    t
};

/// [`STACK_ALLOWED`] spread for the three bands at once: the allowed mini-columns of band `b`
/// at bits `9 * b .. 9 * b + 3` (shifted by `3 * stack` in use). Zero when no permutation exists.
const STACK_ALLOWED_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let ok = STACK_ALLOWED[s] as u32;
        t[s] = (ok & 7) | ((ok >> 3) & 7) << 9 | ((ok >> 6) & 7) << 18;
        s += 1;
    }
    t
};

/// A column (0..9) in all three rows of a band.
const COL_IN_BAND: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut k = 0;
    while k < 9 {
        t[k] = (1 << k) | (1 << (k + 9)) | (1 << (k + 18));
        k += 1;
    }
    t
};

/// For a cell of a band (0..27): its column in all three rows of the band (no division by 9).
const COL_OF_CELL: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = COL_IN_BAND[p % 9];
        p += 1;
    }
    t
};

/// For a cell of a band (0..27): its peers inside the band (row, box, column), itself excluded.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let r = p / 9;
        let k = p % 9;
        let row = 0x1FF << (9 * r);
        let bx = 0x7 << (3 * (k / 3));
        let bx = bx | (bx << 9) | (bx << 18);
        t[p] = (row | bx | COL_IN_BAND[k]) & !(1 << p);
        p += 1;
    }
    t
};

/// The two bands other than `b`.
#[inline(always)]
fn other_bands(b: usize) -> (usize, usize) {
    // Branch-free: (1, 2), (0, 2), (0, 1).
    ((b == 0) as usize, 2 - (b == 2) as usize)
}

/// The row in its band (0..3) of cell `p` (0..27) of a band, without a division.
#[inline(always)]
fn row_of(p: usize) -> usize {
    (p >= 9) as usize + (p >= 18) as usize
}

/// Clears cell `bit` (one bit) from the nine digits of a band; returns the digits (9-bit mask)
/// that had it.
#[inline(always)]
fn clear_cell(band: &mut [u32; 9], bit: u32) -> u32 {
    let had = cell_digits(band, bit);
    for x in band.iter_mut() {
        *x &= !bit;
    }
    had
}

/// The digits (9-bit mask) of a band that have cell `bit` (one bit). SSE2 on x86-64, scalar
/// elsewhere.
#[inline(always)]
fn cell_digits(band: &[u32; 9], bit: u32) -> u32 {
    debug_assert_eq!(bit.count_ones(), 1);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
            _mm_movemask_ps, _mm_set1_epi32,
        };
        let ptr = band.as_ptr();
        // SAFETY: SSE2 is part of the x86-64 baseline. The two unaligned 16-byte loads cover
        // `band[0..4]` and `band[4..8]`, inside the borrowed nine-element array.
        unsafe {
            let m = _mm_set1_epi32(bit as i32);
            let v0 = _mm_loadu_si128(ptr as *const __m128i);
            let v1 = _mm_loadu_si128(ptr.add(4) as *const __m128i);
            let h0 = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(v0, m), m)));
            let h1 = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(v1, m), m)));
            h0 as u32 | (h1 as u32) << 4 | ((band[8] & bit != 0) as u32) << 8
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        cell_digits_scalar(band, bit)
    }
}

/// [`cell_digits`] without SIMD: the path of other architectures (also tested on x86-64).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn cell_digits_scalar(band: &[u32; 9], bit: u32) -> u32 {
    let mut had = 0u32;
    for (e, x) in band.iter().enumerate() {
        had |= ((*x & bit != 0) as u32) << e;
    }
    had
}

/// The search state: candidates as band bitboards plus bookkeeping. `Copy`, about 160 bytes.
#[derive(Clone, Copy)]
struct State {
    /// `f[9 * b + d]`: cells of band `b` where digit `d` (0-based) is possible or placed.
    f: [u32; 27],
    /// Digit-bands changed since their last band update (bit `9 * b + d`).
    dirty: u32,
    /// Digits changed since their last stack update (bit `d`).
    stack_dirty: u32,
    /// Bands changed since their last naked-single scan (bit `b`).
    singles_dirty: u32,
    /// Cells of each band not placed yet.
    unsolved: [u32; 3],
    /// Per digit-band `9 * b + d`, bit `r`: digit `d` has not been placed in row `r` of band `b`
    /// yet.
    rows_todo: [u8; 27],
}

/// Signals a contradiction (no solution below this node).
struct Dead;

type Step<T = ()> = Result<T, Dead>;

impl State {
    fn new() -> State {
        State {
            f: [BAND_BITS; 27],
            dirty: (1 << 27) - 1,
            stack_dirty: 0x1FF,
            singles_dirty: 7,
            unsolved: [BAND_BITS; 3],
            rows_todo: [7; 27],
        }
    }

    /// Removes a candidate: digit `d` from cell `p` of band `b`.
    #[inline(always)]
    fn eliminate(&mut self, d: usize, b: usize, p: usize) {
        self.f[9 * b + d] &= !(1 << p);
        self.dirty |= 1 << (9 * b + d);
    }

    /// Places digit `d` in cell `p` of band `b`. Fails when the digit is no longer possible there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: usize) -> Step {
        let bit = 1u32 << p;
        let own = self.f[9 * b + d];
        if own & bit == 0 {
            return Err(Dead);
        }
        let band: &mut [u32; 9] = (&mut self.f[9 * b..9 * b + 9]).try_into().unwrap();
        // Digits that lose the cell (precise dirty bits keep band updates to real changes).
        let mut had = clear_cell(band, bit);
        let peers = BAND_PEERS[p];
        band[d] = own & !peers;
        had = (had & !(1 << d)) | (((own & peers) != 0) as u32) << d;
        let col = COL_OF_CELL[p];
        let (b1, b2) = other_bands(b);
        let (x1, x2) = (self.f[9 * b1 + d], self.f[9 * b2 + d]);
        self.f[9 * b1 + d] = x1 & !col;
        self.f[9 * b2 + d] = x2 & !col;
        self.dirty |= had << (9 * b)
            | (((x1 & col) != 0) as u32) << (9 * b1 + d)
            | (((x2 & col) != 0) as u32) << (9 * b2 + d);
        self.unsolved[b] &= !bit;
        self.rows_todo[9 * b + d] &= !(1 << row_of(p));
        Ok(())
    }

    /// The band update of digit-band `i = 9 * b + d` (see the module documentation).
    #[inline(always)]
    fn update_band(&mut self, i: usize) -> Step {
        let a = self.f[i];
        let a = a & PERMUTATION_MASK_T[mini_rows(a)];
        if a == 0 {
            return Err(Dead);
        }
        self.f[i] = a;
        let todo = self.rows_todo[i] as u32;
        if todo == 0 {
            return Ok(());
        }
        // Every row of `a` is non-empty here (each permutation covers the three rows), so
        // subtracting one from each row borrows inside it: `multi` keeps the rows with two or
        // more cells.
        debug_assert!(a & 0x1FF != 0 && a & 0x3FE00 != 0 && a >> 18 != 0);
        let multi = a & a.wrapping_sub(ROW_LOW);
        let single = ((multi & 0x1FF) == 0) as u32
            | (((multi & 0x3FE00) == 0) as u32) << 1
            | (((multi >> 18) == 0) as u32) << 2;
        let mut todo = todo & single;
        while todo != 0 {
            let r = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            // Re-read: an earlier placement in this loop may have emptied the row.
            let row = (self.f[i] >> (9 * r)) & 0x1FF;
            if row == 0 {
                return Err(Dead);
            }
            let b = (i >= 9) as usize + (i >= 18) as usize;
            self.place(i - 9 * b, b, 9 * r + row.trailing_zeros() as usize)?;
        }
        Ok(())
    }

    /// Runs band updates until no digit-band has changed since its last update.
    #[inline(always)]
    fn settle(&mut self) -> Step {
        // Every digit-band updated here marks its digit for the stack update.
        let mut seen = 0u32;
        while self.dirty != 0 {
            let m = self.dirty;
            seen |= m;
            self.dirty = m & (m - 1);
            self.update_band(m.trailing_zeros() as usize)?;
        }
        self.stack_dirty |= (seen | seen >> 9 | seen >> 18) & 0x1FF;
        self.singles_dirty |= (seen & 0x1FF != 0) as u32
            | ((seen & 0x3FE00 != 0) as u32) << 1
            | ((seen >> 18 != 0) as u32) << 2;
        Ok(())
    }

    /// Places naked singles; fails on a cell without candidates. Returns whether it placed any.
    #[inline(always)]
    fn naked_singles(&mut self) -> Step<bool> {
        let mut placed = false;
        // A band unchanged since its last scan has no new single (every change of `f` passes
        // through `dirty`, hence `settle`).
        let scan = self.singles_dirty;
        self.singles_dirty = 0;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 || scan >> b & 1 == 0 {
                continue;
            }
            let (mut r1, mut r2) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.f[9 * b + d];
                r2 |= r1 & x;
                r1 |= x;
            }
            if u & !r1 != 0 {
                return Err(Dead);
            }
            let mut singles = u & !r2;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1u32 << p;
                let band: &[u32; 9] = (&self.f[9 * b..9 * b + 9]).try_into().unwrap();
                let ds = cell_digits(band, bit);
                if ds == 0 {
                    return Err(Dead);
                }
                let d = ds.trailing_zeros() as usize;
                self.place(d, b, p)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// The stack update of every digit, the band update turned sideways: in each stack a digit
    /// occupies one cell per column and per box, a permutation of the 3x3 mini-columns (band ->
    /// column). Mini-columns outside every permutation are removed (locked candidates, column
    /// direction). Then a digit with one possible cell in a column is placed. Returns whether
    /// anything changed.
    #[inline(always)]
    fn stack_update(&mut self) -> Step<bool> {
        let mut progress = false;
        let mut todo = self.stack_dirty;
        self.stack_dirty = 0;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let x = [self.f[d], self.f[9 + d], self.f[18 + d]];
            // A digit placed in all nine boxes has nothing left to find.
            if (x[0] & self.unsolved[0]) | (x[1] & self.unsolved[1]) | (x[2] & self.unsolved[2])
                == 0
            {
                continue;
            }
            // Columns where d is possible, per band.
            let c = x.map(|x| (x | x >> 9 | x >> 18) & 0x1FF);
            // Allowed columns of the three bands (band b at bits 9 * b), one lookup per stack.
            let mut allowed = 0u32;
            for st in 0..3 {
                let idx = ((c[0] >> (3 * st)) & 7)
                    | ((c[1] >> (3 * st)) & 7) << 3
                    | ((c[2] >> (3 * st)) & 7) << 6;
                let ok = STACK_ALLOWED_BANDS[idx as usize];
                if ok == 0 {
                    return Err(Dead);
                }
                allowed |= ok << (3 * st);
            }
            let mut y = [0u32; 3];
            let mut any = [0u32; 3];
            let mut once = [0u32; 3];
            for b in 0..3 {
                let a = (allowed >> (9 * b)) & 0x1FF;
                y[b] = x[b] & (a | a << 9 | a << 18);
                if y[b] != x[b] {
                    self.f[9 * b + d] = y[b];
                    self.dirty |= 1 << (9 * b + d);
                    progress = true;
                }
                let (r0, r1, r2) = (y[b] & 0x1FF, (y[b] >> 9) & 0x1FF, y[b] >> 18);
                any[b] = r0 | r1 | r2;
                once[b] = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
            }
            // Columns where d is possible in exactly one band, less those where d is already
            // placed (not news), for all bands at once.
            let placed = (x[0] & !self.unsolved[0])
                | (x[1] & !self.unsolved[1])
                | (x[2] & !self.unsolved[2]);
            let only = (any[0] ^ any[1] ^ any[2])
                & !(any[0] & any[1] & any[2])
                & !(placed | placed >> 9 | placed >> 18);
            // Indexed: iterating `once` by value compiles to slower code here (measured).
            #[allow(clippy::needless_range_loop)]
            for b in 0..3 {
                // `once[b]` lies within `any[b]`, so `only` leaves the columns the other bands
                // lack.
                let mut cols = once[b] & only & 0x1FF;
                while cols != 0 {
                    let k = cols.trailing_zeros() as usize;
                    cols &= cols - 1;
                    let x = self.f[9 * b + d] & COL_IN_BAND[k];
                    if x == 0 {
                        return Err(Dead);
                    }
                    if x & (x - 1) == 0 {
                        self.place(d, b, x.trailing_zeros() as usize)?;
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    /// Propagates to a fixpoint.
    #[inline(always)]
    fn propagate(&mut self) -> Step {
        loop {
            self.settle()?;
            if self.is_solved() {
                return Ok(());
            }
            if self.naked_singles()? {
                continue;
            }
            if self.stack_update()? {
                continue;
            }
            return Ok(());
        }
    }

    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The cell to branch on: band, cell of the band and its candidate digits (9-bit mask).
    #[inline(always)]
    fn branch_cell(&self) -> (usize, usize, u16) {
        // The bivalue cell whose two digits have the most candidates among its peers: either
        // branch then propagates far (this halves the guesses on the hardest lists compared with
        // the first bivalue cell). With fewer than 40 open cells left the scoring costs more than
        // it saves, and the first bivalue cell is taken (measured: serg_benchmark, top1465).
        let open = self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones();
        let score_cells = open >= 40;
        let mut best_score: Option<u32> = None;
        let mut best2 = (0, 0);
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[9 * b + d];
                r3 |= r2 & x;
                r2 |= r1 & x;
                r1 |= x;
            }
            let two = u & r2 & !r3;
            if two == 0 {
                continue;
            }
            if !score_cells {
                let p = two.trailing_zeros() as usize;
                return (b, p, self.digits_of(b, p));
            }
            // Each bivalue cell collects the impact of both its digits.
            let mut score = [0u32; 27];
            for d in 0..9 {
                let mut x = self.f[9 * b + d] & two;
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    score[p] += self.impact(b, p, d);
                }
            }
            let mut t = two;
            while t != 0 {
                let p = t.trailing_zeros() as usize;
                t &= t - 1;
                if best_score.map_or(true, |s| score[p] > s) {
                    best_score = Some(score[p]);
                    best2 = (b, p);
                }
            }
        }
        if best_score.is_some() {
            let (b, p) = best2;
            return (b, p, self.digits_of(b, p));
        }
        // Else the unsolved cell with the fewest candidates.
        let mut best = (0, 0, 0u16);
        let mut best_n = u32::MAX;
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let p = u.trailing_zeros() as usize;
                u &= u - 1;
                let ds = self.digits_of(b, p);
                let n = ds.count_ones();
                if n < best_n {
                    best_n = n;
                    best = (b, p, ds);
                }
            }
        }
        best
    }

    /// How many candidates placing digit `d` in cell `p` of band `b` would remove from the peers.
    #[inline(always)]
    fn impact(&self, b: usize, p: usize, d: usize) -> u32 {
        let col = COL_OF_CELL[p];
        let (b1, b2) = other_bands(b);
        // The column bits of the two other bands do not overlap once one is shifted by one:
        // a single 64-bit population count.
        let cols = (self.f[9 * b1 + d] & col) | (self.f[9 * b2 + d] & col) << 1;
        let x = (self.f[9 * b + d] & BAND_PEERS[p]) as u64 | (cols as u64) << 32;
        x.count_ones()
    }

    #[inline(always)]
    fn digits_of(&self, b: usize, p: usize) -> u16 {
        let band: &[u32; 9] = (&self.f[9 * b..9 * b + 9]).try_into().unwrap();
        cell_digits(band, 1 << p) as u16
    }

    /// The 81 values of a solved state.
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[9 * b + d];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[27 * b + p] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// Search bookkeeping: solutions found so far, the limit and the first solution (recorded only
/// when the caller wants it: counting alone skips writing out the 81 values).
struct Search {
    count: usize,
    limit: usize,
    want_first: bool,
    first: Option<[u8; 81]>,
}

impl Search {
    /// Solves from `s`, recording into `self`. Picks the code path compiled for the CPU: on
    /// x86-64 with POPCNT and BMI1/2 (detected at run time) the search is built with them.
    fn run(&mut self, s: State) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
        {
            // SAFETY: the CPU has the features `run_x86` is compiled for (checked just above).
            unsafe { self.run_x86(s) };
            return;
        }
        self.run_portable(s);
    }

    fn run_portable(&mut self, s: State) {
        self.run_with(s, Search::run_portable);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn run_x86(&mut self, s: State) {
        self.run_with(s, Search::recurse_x86);
    }

    #[cfg(target_arch = "x86_64")]
    fn recurse_x86(&mut self, s: State) {
        // SAFETY: only reached from `run_x86`, which `run` calls only when the CPU has its
        // features.
        unsafe { self.run_x86(s) }
    }

    /// The search proper; `recurse` is the variant of the caller for the children.
    #[inline(always)]
    fn run_with(&mut self, mut s: State, recurse: fn(&mut Search, State)) {
        loop {
            if s.propagate().is_err() {
                return;
            }
            if s.is_solved() {
                self.count += 1;
                if self.want_first && self.first.is_none() {
                    self.first = Some(s.values());
                }
                return;
            }
            let (b, p, mut ds) = s.branch_cell();
            // Try every candidate but the last on a copy; the last continues in `s`.
            while ds & (ds - 1) != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let mut child = s;
                if child.place(d, b, p).is_ok() {
                    recurse(self, child);
                    if self.count >= self.limit {
                        return;
                    }
                }
                s.eliminate(d, b, p);
            }
            // The last candidate: place it here rather than wait for the naked-single scan.
            if ds == 0 || s.place(ds.trailing_zeros() as usize, b, p).is_err() {
                return;
            }
        }
    }
}

/// Sets up the state of raw values (0 = empty, 1..=9); `None` on a contradiction among them.
fn state_from_values(values: &[u8; 81]) -> Option<State> {
    // Built in one pass rather than by `place`: per digit and band, the cells holding the digit
    // and the cells seeing one; the first given that sees an equal given is a contradiction.
    let mut placed = [0u32; 27];
    let mut seen_by = [0u32; 27];
    let mut occupied = [0u32; 3];
    let mut rows_todo = [7u8; 27];
    for (cell, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if v > 9 {
            return None;
        }
        let d = v as usize - 1;
        let (b, p) = (cell / 27, cell % 27);
        let bit = 1u32 << p;
        if seen_by[9 * b + d] & bit != 0 {
            return None;
        }
        placed[9 * b + d] |= bit;
        occupied[b] |= bit;
        rows_todo[9 * b + d] &= !(1 << row_of(p));
        let col = COL_OF_CELL[p];
        let (b1, b2) = other_bands(b);
        seen_by[9 * b + d] |= BAND_PEERS[p];
        seen_by[9 * b1 + d] |= col;
        seen_by[9 * b2 + d] |= col;
    }
    let mut s = State::new();
    for i in 0..27 {
        s.f[i] = (BAND_BITS & !occupied[i / 9] & !seen_by[i]) | placed[i];
    }
    s.unsolved = occupied.map(|o| BAND_BITS & !o);
    s.rows_todo = rows_todo;
    Some(s)
}

/// Sets up the state of a board: values, then each empty cell's candidates (player eliminations).
fn state_from_board(board: &Board) -> Option<State> {
    let mut s = state_from_values(&board.values_array())?;
    let cands = board.all_candidates();
    for c in Cell::all() {
        if board.is_empty_cell(c) {
            let (b, p) = (c.index() / 27, c.index() % 27);
            let allowed = cands[c.index()].bits();
            for d in 0..9 {
                if allowed >> d & 1 == 0 {
                    s.eliminate(d, b, p);
                }
            }
        }
    }
    Some(s)
}

fn count_state(s: Option<State>, limit: usize, want_first: bool) -> Search {
    let mut search = Search {
        count: 0,
        limit,
        want_first,
        first: None,
    };
    if let Some(s) = s {
        if limit > 0 {
            search.run(s);
        }
    }
    search
}

/// A complete solution grid.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Solution([u8; 81]);

impl Solution {
    /// The digit of a cell.
    #[inline]
    pub fn digit(&self, c: Cell) -> Digit {
        Digit::from_index(self.0[c.index()] as usize - 1)
    }

    /// The 81 values, 1..=9, in cell order.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.0
    }
}

/// 81 digits on one line.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = [0u8; 81];
        for (o, v) in s.iter_mut().zip(self.0.iter()) {
            *o = b'0' + v;
        }
        f.write_str(std::str::from_utf8(&s).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}

/// What a uniqueness check found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique(Solution),
    /// Two or more solutions.
    Multiple,
    /// No solution (including a contradictory start).
    None,
}

/// Number of solutions of the board state, counting stops at `limit` (so the result is
/// `min(solutions, limit)`). Filled digits count like givens, and an empty cell may only take one
/// of its candidates (the player's eliminations are honoured).
pub fn count_solutions(board: &Board, limit: usize) -> usize {
    count_state(state_from_board(board), limit, false).count
}

/// Uniqueness check of the board state (see [`count_solutions`]).
pub fn solve(board: &Board) -> Outcome {
    outcome(count_state(state_from_board(board), 2, true))
}

/// A solution of the board state, if it has one.
pub fn first_solution(board: &Board) -> Option<Solution> {
    count_state(state_from_board(board), 1, true)
        .first
        .map(Solution)
}

/// [`count_solutions`] on raw values (`0` empty, `1..=9` digits; anything above 9 counts as a
/// contradiction). The entry point for hot loops: no `Board`, no candidates.
pub fn count_solutions_values(values: &[u8; 81], limit: usize) -> usize {
    count_state(state_from_values(values), limit, false).count
}

/// [`solve`] on raw values (see [`count_solutions_values`]).
pub fn solve_values(values: &[u8; 81]) -> Outcome {
    outcome(count_state(state_from_values(values), 2, true))
}

fn outcome(search: Search) -> Outcome {
    match (search.count, search.first) {
        (1, Some(v)) => Outcome::Unique(Solution(v)),
        (0, _) => Outcome::None,
        _ => Outcome::Multiple,
    }
}

/// The player's filled digits that differ from the solution of the givens. `None` when the givens
/// alone do not have exactly one solution (then "wrong" is not defined).
pub fn wrong_digits(board: &Board) -> Option<CellSet> {
    let givens = board.givens_only();
    let Outcome::Unique(sol) = solve(&givens) else {
        return None;
    };
    Some(board.wrong_digits(sol.values()))
}

/// Reads one line of 81 cells (`1-9` digits; `.` or `0` blank) into raw values: the fast path for
/// corpora and benchmarks. `None` if the line is not exactly that.
pub fn parse_line81(line: &[u8]) -> Option<[u8; 81]> {
    if line.len() != 81 {
        return None;
    }
    // Branch-free per byte (the compiler vectorises it); one check at the end.
    let mut out = [0u8; 81];
    let mut bad = false;
    for (o, &ch) in out.iter_mut().zip(line) {
        let v = ch.wrapping_sub(b'0');
        let digit = v <= 9;
        bad |= !digit & (ch != b'.');
        *o = if digit { v } else { 0 };
    }
    if bad {
        None
    } else {
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::DigitSet;

    const EASY: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn vals(s: &str) -> [u8; 81] {
        parse_line81(s.as_bytes()).unwrap()
    }

    fn board(s: &str) -> Board {
        let v = vals(s);
        let mut cells = [None; 81];
        for (i, &x) in v.iter().enumerate() {
            if x != 0 {
                cells[i] = Some((Digit::new(x).unwrap(), true));
            }
        }
        Board::from_values(&cells)
    }

    fn is_valid_solution(sol: &[u8; 81], puzzle: &[u8; 81]) -> bool {
        for i in 0..81 {
            if puzzle[i] != 0 && puzzle[i] != sol[i] {
                return false;
            }
        }
        for h in crate::domain::House::ALL {
            let mut seen = 0u16;
            for c in h.cell_list() {
                seen |= 1 << sol[c.index()];
            }
            if seen != 0x3FE {
                return false;
            }
        }
        true
    }

    #[test]
    fn tables_are_consistent() {
        // A full band pattern allows every permutation.
        assert_eq!(PERMUTATION_MASK[0x1FF], BAND_BITS);
        // The identity diagonal only.
        let diag = 1 | (1 << 4) | (1 << 8);
        assert_eq!(PERMUTATION_MASK[diag], 7 | (7 << 12) | (7 << 24));
        // A row with no mini-row: nothing.
        assert_eq!(PERMUTATION_MASK[0x1FF & !0b111], 0);
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 2 + 2 + 2);
        // mini_rows against a plain count, on patterns spread over all 27 bits.
        let mut a = 0u32;
        for _ in 0..20_000 {
            a = a.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let x = a & BAND_BITS;
            let mut want = 0;
            for r in 0..3 {
                for bx in 0..3 {
                    if (x >> (9 * r + 3 * bx)) & 7 != 0 {
                        want |= 1 << (3 * bx + r);
                    }
                }
            }
            assert_eq!(mini_rows(x), want, "{x:#x}");
            let row_major = (0..9).fold(0, |m, k| m | ((want >> k) & 1) << (3 * (k % 3) + k / 3));
            assert_eq!(PERMUTATION_MASK_T[want], PERMUTATION_MASK[row_major]);
        }
    }

    #[test]
    fn cell_digits_agrees_with_the_scalar_path() {
        let mut x = 12_345u32;
        for _ in 0..2_000 {
            let mut band = [0u32; 9];
            for v in band.iter_mut() {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                *v = x & BAND_BITS;
            }
            for p in 0..27 {
                let want = cell_digits_scalar(&band, 1 << p);
                assert_eq!(cell_digits(&band, 1 << p), want);
                let mut cleared = band;
                assert_eq!(clear_cell(&mut cleared, 1 << p), want);
                assert!(cleared.iter().all(|&c| c & 1 << p == 0));
                assert!(cleared
                    .iter()
                    .zip(&band)
                    .all(|(&c, &b)| c | 1 << p == b | 1 << p));
            }
        }
    }

    #[test]
    fn solves_easy_and_hard_puzzles_uniquely() {
        for p in [EASY, HARD] {
            let v = vals(p);
            match solve_values(&v) {
                Outcome::Unique(s) => assert!(is_valid_solution(s.values(), &v)),
                o => panic!("{p}: {o:?}"),
            }
            assert_eq!(count_solutions_values(&v, 10), 1);
        }
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        assert_eq!(count_solutions_values(&[0; 81], 2), 2);
        assert_eq!(count_solutions_values(&[0; 81], 50), 50);
        assert_eq!(count_solutions_values(&[0; 81], 0), 0);
        let s = first_solution(&Board::empty()).unwrap();
        assert!(is_valid_solution(s.values(), &[0; 81]));
        assert_eq!(s.to_string().len(), 81);
    }

    #[test]
    fn contradictory_starts_have_no_solution() {
        let mut v = [0u8; 81];
        v[0] = 5;
        v[8] = 5;
        assert_eq!(count_solutions_values(&v, 2), 0);
        let mut b = Board::empty();
        let c = Cell::from_rc(4, 4);
        for d in Digit::ALL {
            b.eliminate(c, d);
        }
        assert_eq!(solve(&b), Outcome::None);
        assert_eq!(first_solution(&b), None);
    }

    #[test]
    fn eliminations_are_honoured() {
        let b = board(EASY);
        let Outcome::Unique(sol) = solve(&b) else {
            panic!()
        };
        // Eliminating the solution digit of an empty cell leaves no solution.
        let c = Cell::all().find(|&c| b.is_empty_cell(c)).unwrap();
        let mut b2 = b.clone();
        b2.eliminate(c, sol.digit(c));
        assert_eq!(count_solutions(&b2, 2), 0);
        // Restricting a cell to its solution digit keeps it unique.
        let mut b3 = b.clone();
        b3.set_candidates(c, DigitSet::single(sol.digit(c)));
        assert_eq!(solve(&b3), Outcome::Unique(sol));
    }

    #[test]
    fn wrong_digits_compares_with_the_solution_of_the_givens() {
        let mut b = board(EASY);
        let sol = first_solution(&b).unwrap();
        let empties: Vec<Cell> = Cell::all().filter(|&c| b.is_empty_cell(c)).collect();
        let right = empties[0];
        let wrong = empties[1];
        b.set_filled(right, sol.digit(right));
        let bad = Digit::ALL
            .into_iter()
            .find(|&d| d != sol.digit(wrong))
            .unwrap();
        b.set_filled(wrong, bad);
        assert_eq!(wrong_digits(&b), Some(CellSet::single(wrong)));
        // The position with the wrong digit has no solution.
        assert_eq!(solve(&b), Outcome::None);
        assert_eq!(wrong_digits(&Board::empty()), None);
    }

    #[test]
    fn parse_line81_rejects_other_text() {
        assert!(parse_line81(EASY.as_bytes()).is_some());
        assert!(parse_line81(&EASY.as_bytes()[1..]).is_none());
        let mut s = EASY.as_bytes().to_vec();
        s[3] = b'x';
        assert!(parse_line81(&s).is_none());
    }
}
