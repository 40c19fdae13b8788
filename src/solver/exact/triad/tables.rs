//! The constant tables of the triad solver: the shuffle controls and masks that turn band
//! configurations, triads and assertions into one another, and the eliminations of a placed
//! digit. Evaluated at compile time.
//!
//! Derived from tdoku (<https://github.com/t-dillon/tdoku>, `src/solver_dpll_triad_simd.cc`),
//! Copyright (c) 2019, Tom Dillon; its licence (BSD-2-Clause) is quoted in full in [`super`].

pub(super) const K: u16 = 0x1FF;
pub(super) const Z: u16 = 0xFFFF;

/// The shuffle control of lane `k` (two bytes, see [`crate::solver::exact::simd::Vec8::shuffle`]).
pub(super) const fn s(k: u16) -> u16 {
    0x0100 + 0x0202 * k
}

/// `peer_x_elem_to_config_mask`: for a digit placed in element (mini-row / mini-column) `e` of the
/// band's box `p`, the configurations it rules out.
pub(super) const PEER_ELEM_TO_CONFIG_MASK: [[[u16; 8]; 4]; 3] = [
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
pub(super) const TRIADS_SHIFT: [[[u16; 8]; 3]; 3] = [
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
pub(super) const TRIADS_SHIFT16: [[[u16; 16]; 9]; 3] = {
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
pub(super) const CONFIGS_TO_TRIADS: [[u16; 16]; 2] = [
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
pub(super) const TRIADS_TO_CANDIDATES: [[[u16; 16]; 2]; 2] = [
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

pub(super) const CELLS_3X3: [u16; 16] = [K, K, K, 0, K, K, K, 0, K, K, K, 0, 0, 0, 0, 0];

/// Rotations of the rows of the 3x3 sub-matrix (the triad lanes stay).
pub(super) const ROW_ROTATE_3X3: [[u16; 16]; 2] = [
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
pub(super) const HORIZONTAL_TRIADS: [u16; 16] =
    [Z, Z, Z, Z, s(3), s(7), Z, Z, Z, Z, Z, Z, Z, Z, s(3), Z];

/// Least digits per lane: a cell keeps one, a negative triad six.
pub(super) const BOX_MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];

pub(super) const BRANCH_ROTATE: [u16; 8] = [s(1), s(2), s(3), s(4), s(5), s(0), Z, Z];

pub(super) const TRIAD_PAD: [u16; 8] = [0, 0, 0, K, 0, 0, 0, 0];

pub(super) const INITIAL_CONFIGURATIONS: [u16; 8] = [K, K, K, K, K, K, 0, 0];

pub(super) const BOX_PEERS: [[[usize; 3]; 3]; 2] = [
    [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
    [[0, 3, 6], [1, 4, 7], [2, 5, 8]],
];

/// Eliminations in a box of digit `d` placed in matrix lane `e` (a cell): the other digits of
/// the cell, `d` from the other cells and from the two negative triads of its row and column.
pub(super) const CELL_ASSIGNMENT: [[[u16; 16]; 16]; 9] = {
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

/// [`CELL_ASSIGNMENT`] by value: nothing for 0 (an empty cell), digit `v - 1` for `1..=9`.
pub(super) const VALUE_ASSIGNMENT: [[[u16; 16]; 16]; 10] = {
    let mut t = [[[0u16; 16]; 16]; 10];
    let mut v = 1;
    while v < 10 {
        t[v] = CELL_ASSIGNMENT[v - 1];
        v += 1;
    }
    t
};

/// The bit of a value's digit (none for 0).
pub(super) const VALUE_BIT: [u16; 10] = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256];
