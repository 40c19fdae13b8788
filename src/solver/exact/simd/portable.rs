//! The portable backend: the vector types as plain arrays, for any CPU.

use super::{Backend, Search, State, Vec16, Vec8};
use crate::solver::exact::triad;

#[derive(Clone, Copy)]
pub(in crate::solver::exact) struct P8([u16; 8]);

#[derive(Clone, Copy)]
pub(in crate::solver::exact) struct P16([u16; 16]);

#[inline(always)]
fn map8(a: [u16; 8], f: impl Fn(usize, u16) -> u16) -> [u16; 8] {
    let mut o = [0u16; 8];
    for i in 0..8 {
        o[i] = f(i, a[i]);
    }
    o
}

#[inline(always)]
fn map16(a: [u16; 16], f: impl Fn(usize, u16) -> u16) -> [u16; 16] {
    let mut o = [0u16; 16];
    for i in 0..16 {
        o[i] = f(i, a[i]);
    }
    o
}

/// The source lane of a shuffle control lane inside its 8-lane half, or `None` for zero.
#[inline(always)]
fn shuffle_source(c: u16) -> Option<usize> {
    let byte = c & 0xFF;
    (byte & 0x80 == 0).then_some(((byte & 0xF) >> 1) as usize)
}

impl Vec8 for P8 {
    #[inline(always)]
    fn load(a: &[u16; 8]) -> Self {
        P8(*a)
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        P8([x; 8])
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        P8(map8(self.0, |i, x| x & o.0[i]))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        P8(map8(self.0, |i, x| x | o.0[i]))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        P8(map8(self.0, |i, x| x ^ o.0[i]))
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        P8(map8(self.0, |i, x| x & !o.0[i]))
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        !self.and(o).is_zero()
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |a, &x| a | x) == 0
    }
    #[inline(always)]
    fn low_bits(self) -> Self {
        P8(map8(self.0, |_, x| x & x.wrapping_neg()))
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        let mut o = self.0;
        if let Some(i) = o.iter().position(|&x| x != 0) {
            o[i] &= o[i] - 1;
        }
        P8(o)
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    #[inline(always)]
    fn shuffle(self, c: Self) -> Self {
        P8(map8(c.0, |_, c| shuffle_source(c).map_or(0, |j| self.0[j])))
    }
    #[inline(always)]
    fn swap_halves(self) -> Self {
        P8(map8(self.0, |i, _| self.0[i ^ 4]))
    }
    #[inline(always)]
    fn min_pos_from(self, min: u16) -> u32 {
        let mut best = (u32::MAX, 0u32);
        for (i, &x) in self.0.iter().enumerate() {
            let v = x.wrapping_sub(min) as u32;
            if v < best.0 {
                best = (v, i as u32);
            }
        }
        best.1 << 16 | best.0
    }
}

impl Vec16 for P16 {
    type Half = P8;
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        P16(*a)
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        P16([x; 16])
    }
    #[inline(always)]
    fn join(lo: P8, hi: P8) -> Self {
        P16(map16(
            [0; 16],
            |i, _| if i < 8 { lo.0[i] } else { hi.0[i - 8] },
        ))
    }
    #[inline(always)]
    fn lo(self) -> P8 {
        P8(map8([0; 8], |i, _| self.0[i]))
    }
    #[inline(always)]
    fn hi(self) -> P8 {
        P8(map8([0; 8], |i, _| self.0[i + 8]))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        P16(map16(self.0, |i, x| x & o.0[i]))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        P16(map16(self.0, |i, x| x | o.0[i]))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        P16(map16(self.0, |i, x| x ^ o.0[i]))
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        P16(map16(self.0, |i, x| x & !o.0[i]))
    }
    #[inline(always)]
    fn eq_lanes(self, o: Self) -> Self {
        P16(map16(self.0, |i, x| if x == o.0[i] { 0xFFFF } else { 0 }))
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> Self {
        P16(map16(
            self.0,
            |_, x| if (x as i16) > 0 { 0xFFFF } else { 0 },
        ))
    }
    #[inline(always)]
    fn any_less_than(self, o: Self) -> bool {
        self.0
            .iter()
            .zip(o.0)
            .any(|(&x, y)| (x as i16) < (y as i16))
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        self.0.iter().zip(o.0).fold(0, |a, (&x, y)| a | (x & y)) != 0
    }
    #[inline(always)]
    fn subset_of(self, o: Self) -> bool {
        self.0.iter().zip(o.0).fold(0, |a, (&x, y)| a | (x & !y)) == 0
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        P16(map16(self.0, |_, x| x.count_ones() as u16))
    }
    #[inline(always)]
    fn shuffle(self, c: Self) -> Self {
        P16(map16(c.0, |i, c| {
            shuffle_source(c).map_or(0, |j| self.0[(i & 8) + j])
        }))
    }
    #[inline(always)]
    fn rotate_rows(self) -> Self {
        P16(map16(self.0, |i, _| self.0[(i & !3) | ((i + 1) & 3)]))
    }
    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        P16(map16(self.0, |i, _| self.0[(i & !3) | ((i + 2) & 3)]))
    }
    #[inline(always)]
    fn rotate_cols(self) -> Self {
        P16(map16(self.0, |i, _| self.0[(i + 4) & 15]))
    }
    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        P16(map16(self.0, |i, _| self.0[(i + 8) & 15]))
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 16] {
        self.0
    }
}

/// The portable code path.
pub(in crate::solver::exact) struct Portable;

impl Backend for Portable {
    type V = P16;
    const WIDE: bool = false;
    #[inline(always)]
    fn box_restrict<const FV: usize>(s: &mut State<P16>, box_idx: usize, c: P16) -> bool {
        portable_box_restrict::<FV>(s, box_idx, c)
    }
    #[inline(always)]
    fn band_eliminate<const V: usize>(s: &mut State<P16>, band: usize, from_peer: usize) -> bool {
        portable_band_eliminate::<V>(s, band, from_peer)
    }
    #[inline(always)]
    fn count(search: &mut Search, s: &mut State<P16>) {
        portable_count(search, s)
    }
}

fn portable_box_restrict<const FV: usize>(s: &mut State<P16>, box_idx: usize, c: P16) -> bool {
    triad::box_restrict::<Portable, FV>(s, box_idx, c)
}

fn portable_band_eliminate<const V: usize>(s: &mut State<P16>, band: usize, from: usize) -> bool {
    triad::band_eliminate::<Portable, V>(s, band, from)
}

fn portable_count(search: &mut Search, s: &mut State<P16>) {
    triad::count::<Portable>(search, s)
}
