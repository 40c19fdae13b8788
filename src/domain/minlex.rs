//! The canonical form of a grid of givens ("minlex"), and the morphs that preserve validity.
//!
//! Two grids are morphs of each other when one becomes the other by transposition, permutations
//! of bands, stacks, rows within a band, columns within a stack, and relabelling of digits. The
//! canonical form is the smallest morph in this order: first the pattern of givens (read row by
//! row, an empty cell before a given), then, among the morphs with that smallest pattern, the
//! digits read row by row. The digits of a morph are relabelled by first appearance (the first
//! given read is 1, the next new digit 2, ...), which is the smallest relabelling of any one
//! arrangement of cells. docs/minlex.md explains the search.
//!
//! Grids are `[u8; 81]` in row order, `0` for an empty cell and `1..=9` for a given; any grid is
//! accepted (empty, full, with several solutions or none, even with a digit repeated in a house).

/// The six orders of three things: order `p` puts thing `PERMS[p][k]` at place `k`.
const PERMS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn perm_index(a: [u8; 3]) -> u8 {
    let mut p = 0;
    while p < 6 {
        if PERMS[p][0] == a[0] && PERMS[p][1] == a[1] {
            return p as u8;
        }
        p += 1;
    }
    panic!("not an order of three things")
}

/// `COMPOSE[p][s]`: order `p` followed by a rearrangement `s` of its places (place `k` then holds
/// what order `p` put at place `PERMS[s][k]`).
const COMPOSE: [[u8; 6]; 6] = {
    let mut t = [[0u8; 6]; 6];
    let mut p = 0;
    while p < 6 {
        let mut s = 0;
        while s < 6 {
            let a = PERMS[p];
            let b = PERMS[s];
            t[p][s] = perm_index([a[b[0] as usize], a[b[1] as usize], a[b[2] as usize]]);
            s += 1;
        }
        p += 1;
    }
    t
};

/// Three bits, place 0 as the highest: `bits(v, k)` is the bit of place `k`.
const fn bit(v: u8, k: usize) -> u8 {
    (v >> (2 - k)) & 1
}

/// `APPLY[p][v]`: the three bits `v` (one per column of a stack, in the source order) read in
/// order `p`.
const APPLY: [[u8; 8]; 6] = {
    let mut t = [[0u8; 8]; 6];
    let mut p = 0;
    while p < 6 {
        let mut v = 0;
        while v < 8 {
            let mut k = 0;
            while k < 3 {
                t[p][v] |= bit(v as u8, PERMS[p][k] as usize) << (2 - k);
                k += 1;
            }
            v += 1;
        }
        p += 1;
    }
    t
};

/// Sorts three keys within the runs of places that are still interchangeable (`ties` bit 0: places
/// 0 and 1 are, bit 1: places 1 and 2 are), stably. Returns the rearrangement (an index into
/// [`PERMS`]), the sorted keys and the ties that remain (neighbours of one run with equal keys).
const fn sort3(keys: [u8; 3], ties: u8) -> (u8, [u8; 3], u8) {
    let mut order = [0u8, 1, 2];
    let passes = [0usize, 1, 0];
    let mut i = 0;
    while i < 3 {
        let a = passes[i];
        if ties & (1 << a) != 0 && keys[order[a] as usize] > keys[order[a + 1] as usize] {
            let x = order[a];
            order[a] = order[a + 1];
            order[a + 1] = x;
        }
        i += 1;
    }
    let sorted = [
        keys[order[0] as usize],
        keys[order[1] as usize],
        keys[order[2] as usize],
    ];
    let mut left = 0;
    let mut a = 0;
    while a < 2 {
        if ties & (1 << a) != 0 && sorted[a] == sorted[a + 1] {
            left |= 1 << a;
        }
        a += 1;
    }
    (perm_index(order), sorted, left)
}

/// `SORT_BITS[ties][v]`: [`sort3`] of the three bits `v` (a stack's columns as placed): the
/// rearrangement, the sorted bits and the ties left.
const SORT_BITS: [[(u8, u8, u8); 8]; 4] = {
    let mut t = [[(0u8, 0u8, 0u8); 8]; 4];
    let mut ties = 0;
    while ties < 4 {
        let mut v = 0;
        while v < 8 {
            let keys = [bit(v as u8, 0), bit(v as u8, 1), bit(v as u8, 2)];
            let (s, k, left) = sort3(keys, ties as u8);
            t[ties][v] = (s, (k[0] << 2) | (k[1] << 1) | k[2], left);
            v += 1;
        }
        ties += 1;
    }
    t
};

/// `COL_STEP[order][ties][bits]`: a stack whose columns are in `order` with `ties` left, given
/// a row's three bits (source column order): the narrowed order, the row's bits in it and the
/// ties left ([`APPLY`], then [`SORT_BITS`]).
const COL_STEP: [[[(u8, u8, u8); 8]; 4]; 6] = {
    let mut t = [[[(0u8, 0u8, 0u8); 8]; 4]; 6];
    let mut p = 0;
    while p < 6 {
        let mut ties = 0;
        while ties < 4 {
            let mut v = 0;
            while v < 8 {
                let (r, sorted, left) = SORT_BITS[ties][APPLY[p][v] as usize];
                t[p][ties][v] = (COMPOSE[p][r as usize], sorted, left);
                v += 1;
            }
            ties += 1;
        }
        p += 1;
    }
    t
};

/// `SORT_STACKS[ties][keys]`: [`sort3`] of three stacks' bits (`keys`: nine bits, the first
/// stack highest): the rearrangement, the ties left and the sorted keys (the row's pattern).
const SORT_STACKS: [[(u8, u8, u16); 512]; 4] = {
    let mut t = [[(0u8, 0u8, 0u16); 512]; 4];
    let mut ties = 0;
    while ties < 4 {
        let mut v = 0;
        while v < 512 {
            let keys = [(v >> 6) as u8, ((v >> 3) & 7) as u8, (v & 7) as u8];
            let (s, k, left) = sort3(keys, ties as u8);
            t[ties][v] = (
                s,
                left,
                ((k[0] as u16) << 6) | ((k[1] as u16) << 3) | k[2] as u16,
            );
            v += 1;
        }
        ties += 1;
    }
    t
};

/// The rearrangements of three places that keep within the runs of `ties` (see [`sort3`]).
const FREE: [&[u8]; 4] = [&[0], &[0, 2], &[0, 1], &[0, 1, 2, 3, 4, 5]];

/// Where the columns go, as far as the rows placed so far decide it: the order of the stacks and
/// of the columns within each stack, and which neighbours are still interchangeable.
#[derive(Clone, Copy, Debug)]
struct Cols {
    /// Slot `k` holds source stack `PERMS[stacks][k]`.
    stacks: u8,
    stack_ties: u8,
    /// Per source stack: place `k` holds its column `PERMS[cols[s]][k]`.
    cols: [u8; 3],
    col_ties: [u8; 3],
}

impl Cols {
    const FREE: Cols = Cols {
        stacks: 0,
        stack_ties: 3,
        cols: [0; 3],
        col_ties: [3; 3],
    };

    /// The smallest pattern (nine bits, the first column highest) the freedom left allows a row
    /// whose givens are `bits` (per source stack, three bits in source column order).
    #[inline(always)]
    fn pattern(&self, bits: [u8; 3]) -> u16 {
        let pat = |s: u8| {
            let s = s as usize;
            COL_STEP[self.cols[s] as usize][self.col_ties[s] as usize][bits[s] as usize].1 as u16
        };
        let [a, b, c] = PERMS[self.stacks as usize];
        let keys = (pat(a) << 6) | (pat(b) << 3) | pat(c);
        SORT_STACKS[self.stack_ties as usize][keys as usize].2
    }

    /// The freedom left once that row is placed with its smallest pattern.
    #[inline(always)]
    fn place(mut self, bits: [u8; 3]) -> Cols {
        let mut pat = [0u8; 3];
        for (s, p) in pat.iter_mut().enumerate() {
            let (order, sorted, left) =
                COL_STEP[self.cols[s] as usize][self.col_ties[s] as usize][bits[s] as usize];
            self.cols[s] = order;
            self.col_ties[s] = left;
            *p = sorted;
        }
        let [a, b, c] = PERMS[self.stacks as usize];
        let keys = ((pat[a as usize] as u16) << 6)
            | ((pat[b as usize] as u16) << 3)
            | pat[c as usize] as u16;
        let (r, left, _) = SORT_STACKS[self.stack_ties as usize][keys as usize];
        self.stacks = COMPOSE[self.stacks as usize][r as usize];
        self.stack_ties = left;
        self
    }
}

/// A partial morph: the orientation, the source rows of the target rows placed so far, and the
/// columns' freedom.
#[derive(Clone, Copy, Debug)]
struct Cand {
    transposed: bool,
    rows: [u8; 9],
    /// Source bands not used yet (bit per band).
    bands_left: u8,
    cols: Cols,
}

/// A grid with the givens of each row of it and of its transpose, as three-bit groups per stack.
struct Oriented<'a> {
    cells: &'a [u8; 81],
    bits: [[[u8; 3]; 9]; 2],
}

impl Oriented<'_> {
    fn new(cells: &[u8; 81]) -> Oriented<'_> {
        let mut bits = [[[0u8; 3]; 9]; 2];
        for (r, row) in cells.chunks_exact(9).enumerate() {
            for (c, &d) in row.iter().enumerate() {
                if d != 0 {
                    bits[0][r][c / 3] |= 1 << (2 - c % 3);
                    bits[1][c][r / 3] |= 1 << (2 - r % 3);
                }
            }
        }
        Oriented { cells, bits }
    }
}

/// The canonical form of `grid` (see the module's documentation): `0` for an empty cell, the
/// relabelled digits for the givens.
pub fn minlex(grid: &[u8; 81]) -> [u8; 81] {
    let o = Oriented::new(grid);
    let (pattern, cands) = smallest_pattern(&o);
    let mut out = [0u8; 81];
    // The target cells of the givens, in reading order.
    let mut givens = [(0u8, 0u8); 81];
    let mut n = 0;
    for (r, &bits) in pattern.iter().enumerate() {
        for c in 0..9 {
            if bits & (0x100 >> c) != 0 {
                givens[n] = (r as u8, c as u8);
                n += 1;
            }
        }
    }
    if n == 0 {
        return out;
    }
    let labels = smallest_digits(&o, &cands, &givens[..n]);
    for (&(r, c), &l) in givens[..n].iter().zip(&labels) {
        out[9 * r as usize + c as usize] = l;
    }
    out
}

/// Places the target rows one after another, keeping every partial morph whose rows so far have
/// the smallest pattern. Returns the smallest pattern (nine bits per row) and the morphs that
/// reach it.
fn smallest_pattern(o: &Oriented<'_>) -> ([u16; 9], Vec<Cand>) {
    let start = |transposed| Cand {
        transposed,
        rows: [0; 9],
        bands_left: 7,
        cols: Cols::FREE,
    };
    let mut cur = Vec::with_capacity(64);
    cur.extend([start(false), start(true)]);
    let mut next = Vec::with_capacity(64);
    let mut pattern = [0u16; 9];
    for (i, best_row) in pattern.iter_mut().enumerate() {
        let mut best = u16::MAX;
        next.clear();
        for c in &cur {
            let bits = &o.bits[c.transposed as usize];
            let mut try_row = |r: usize, bands_left: u8| {
                let v = c.cols.pattern(bits[r]);
                if v > best {
                    return;
                }
                if v < best {
                    best = v;
                    next.clear();
                }
                let mut n = *c;
                n.rows[i] = r as u8;
                n.bands_left = bands_left;
                n.cols = c.cols.place(bits[r]);
                next.push(n);
            };
            if i % 3 == 0 {
                for b in 0..3 {
                    if c.bands_left & (1 << b) != 0 {
                        for r in 3 * b..3 * b + 3 {
                            try_row(r, c.bands_left & !(1 << b));
                        }
                    }
                }
            } else {
                let band = c.rows[i - 1] / 3;
                let placed = &c.rows[i - i % 3..i];
                for r in 3 * band..3 * band + 3 {
                    if !placed.contains(&r) {
                        try_row(r as usize, c.bands_left);
                    }
                }
            }
        }
        *best_row = best;
        std::mem::swap(&mut cur, &mut next);
    }
    (pattern, cur)
}

/// Among every morph that reaches the smallest pattern (each candidate with every arrangement of
/// its interchangeable stacks and columns), the smallest relabelled digits at the `givens`
/// (target rows and columns, in reading order).
fn smallest_digits(o: &Oriented<'_>, cands: &[Cand], givens: &[(u8, u8)]) -> [u8; 81] {
    let mut best = [u8::MAX; 81];
    let mut cur = [0u8; 81];
    let (best_of, cur_of) = (&mut best[..givens.len()], &mut cur[..givens.len()]);
    for c in cands {
        // Cell (r, c) of the orientation is `r * step.0 + c * step.1` of the grid.
        let step = if c.transposed { (1, 9) } else { (9, 1) };
        let cols = &c.cols;
        for &ss in FREE[cols.stack_ties as usize] {
            let stacks = PERMS[COMPOSE[cols.stacks as usize][ss as usize] as usize];
            let [f0, f1, f2] = cols.col_ties.map(|t| FREE[t as usize]);
            for &c0 in f0 {
                for &c1 in f1 {
                    for &c2 in f2 {
                        let free = [c0, c1, c2];
                        let mut order = [0u8; 9];
                        for (k, &s) in stacks.iter().enumerate() {
                            let s = s as usize;
                            let p =
                                PERMS[COMPOSE[cols.cols[s] as usize][free[s] as usize] as usize];
                            for (m, &col) in p.iter().enumerate() {
                                order[3 * k + m] = 3 * s as u8 + col;
                            }
                        }
                        let at = Layout {
                            cells: o.cells,
                            step,
                            rows: &c.rows,
                            cols: &order,
                        };
                        relabel_if_smaller(&at, givens, cur_of, best_of);
                    }
                }
            }
        }
    }
    best
}

/// One full arrangement of the cells: target cell `(r, c)` is the grid's cell
/// `rows[r] * step.0 + cols[c] * step.1`.
struct Layout<'a> {
    cells: &'a [u8; 81],
    step: (usize, usize),
    rows: &'a [u8; 9],
    cols: &'a [u8; 9],
}

/// Relabels the givens of one full morph by first appearance, giving up as soon as it is larger
/// than `best`; replaces `best` when it is smaller.
#[inline]
fn relabel_if_smaller(at: &Layout<'_>, givens: &[(u8, u8)], cur: &mut [u8], best: &mut [u8]) {
    let mut label = [0u8; 10];
    let mut next = 1;
    let mut smaller = false;
    for (k, &(r, c)) in givens.iter().enumerate() {
        let (r, c) = (at.rows[r as usize] as usize, at.cols[c as usize] as usize);
        let d = at.cells[r * at.step.0 + c * at.step.1] as usize;
        if label[d] == 0 {
            label[d] = next;
            next += 1;
        }
        let l = label[d];
        if !smaller {
            if l > best[k] {
                return;
            }
            smaller = l < best[k];
        }
        cur[k] = l;
    }
    if smaller {
        best.copy_from_slice(cur);
    }
}

/// A validity-preserving transformation: the morph's cell `(r, c)` is the source's cell
/// `(rows[r], cols[c])` (of the transposed source when `transposed`), its digit relabelled by
/// `digits` (digit `d` becomes `digits[d - 1]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Morph {
    pub transposed: bool,
    pub rows: [u8; 9],
    pub cols: [u8; 9],
    pub digits: [u8; 9],
}

impl Morph {
    /// The morph made of these choices: `bands` and `stacks` are orders (0..6) of the bands and
    /// stacks, `rows` and `cols` the orders within each placed band and stack, `digits` a
    /// permutation of `1..=9`.
    pub fn new(
        transposed: bool,
        bands: u8,
        rows: [u8; 3],
        stacks: u8,
        cols: [u8; 3],
        digits: [u8; 9],
    ) -> Morph {
        let lines = |outer: u8, inner: [u8; 3]| {
            let mut v = [0u8; 9];
            for (k, (&b, &i)) in PERMS[outer as usize % 6].iter().zip(&inner).enumerate() {
                for (m, &w) in PERMS[i as usize % 6].iter().enumerate() {
                    v[3 * k + m] = 3 * b + w;
                }
            }
            v
        };
        Morph {
            transposed,
            rows: lines(bands, rows),
            cols: lines(stacks, cols),
            digits,
        }
    }

    /// The morph of `grid`.
    pub fn apply(&self, grid: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (self.rows[r] as usize, self.cols[c] as usize);
                let d = if self.transposed {
                    grid[9 * sc + sr]
                } else {
                    grid[9 * sr + sc]
                };
                out[9 * r + c] = if d == 0 {
                    0
                } else {
                    self.digits[d as usize - 1]
                };
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (i, b) in s.bytes().enumerate() {
            if b.is_ascii_digit() {
                g[i] = b - b'0';
            }
        }
        g
    }

    fn text(g: &[u8; 81]) -> String {
        g.iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }

    #[test]
    fn compose_applies_the_rearrangement_after_the_order() {
        for (p, row) in COMPOSE.iter().enumerate() {
            assert_eq!(row[0] as usize, p);
            assert_eq!(COMPOSE[0][p] as usize, p);
        }
        // [1,2,0] rearranged by [2,1,0] puts [0,2,1].
        assert_eq!(PERMS[COMPOSE[3][5] as usize], [0, 2, 1]);
    }

    #[test]
    fn a_row_is_placed_with_its_givens_last() {
        // Givens in columns 1 and 5: stacks hold one given each, the third none.
        let bits = [0b010, 0b001, 0b000];
        assert_eq!(Cols::FREE.pattern(bits), 0b000_001_001);
        let cols = Cols::FREE.place(bits);
        assert_eq!(cols.pattern([0b010, 0b001, 0b000]), 0b000_001_001);
        assert_eq!(cols.stack_ties, 0b10);
    }

    #[test]
    fn the_empty_grid_is_its_own_form() {
        assert_eq!(minlex(&[0; 81]), [0; 81]);
    }

    #[test]
    fn one_given_goes_to_the_last_cell() {
        let mut g = [0u8; 81];
        g[40] = 7;
        let m = minlex(&g);
        assert_eq!(m[80], 1);
        assert_eq!(m.iter().filter(|&&d| d != 0).count(), 1);
    }

    #[test]
    fn a_known_puzzle_has_the_known_form() {
        let p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let want =
            ".................1.....2.3......3.2...4....5...1.6.....3......6.7..8...952...7...";
        assert_eq!(text(&minlex(&grid(p))), want);
    }

    #[test]
    fn morphs_share_the_form() {
        let p = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let m = Morph::new(
            true,
            4,
            [1, 5, 3],
            2,
            [0, 4, 2],
            [3, 1, 4, 9, 2, 6, 8, 7, 5],
        );
        assert_eq!(minlex(&m.apply(&p)), minlex(&p));
    }
}
