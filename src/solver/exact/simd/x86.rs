//! The x86-64 backends: SSE4.1 (two 128-bit registers per box), AVX2 and AVX-512 (one 256-bit
//! register per box), their vector types and the `#[target_feature]` entry points that
//! [`super::run`] calls after run-time detection (see the safety argument of [`super`]).

use super::{Backend, Search, Start, State, Vec16, Vec8};
use crate::solver::exact::triad;
use std::arch::x86_64::*;

/// 8 lanes in one 128-bit register (all x86 paths).
#[derive(Clone, Copy)]
pub(super) struct X8(__m128i);

/// 16 lanes in two 128-bit registers (SSE4.1 path).
#[derive(Clone, Copy)]
pub(super) struct X16(__m128i, __m128i);

/// 16 lanes in one 256-bit register (AVX2 path; with `Z`, the AVX-512 path).
#[derive(Clone, Copy)]
pub(super) struct Y16<const Z: bool>(__m256i);

// SAFETY (every `unsafe` block of the `Vec8` and `Vec16` impls below): the intrinsics need
// SSSE3/SSE4.1/POPCNT (X8, X16), AVX2 (Y16) or AVX-512 F/VL/BW/BITALG (Y16<true>), which the
// CPU has: values of these types only exist inside the `#[target_feature]` functions of the
// matching backend, called only after run-time detection (see the module documentation).
// Loads read exactly the 16 or 32 bytes of the borrowed array.

impl Vec8 for X8 {
    #[inline(always)]
    fn load(a: &[u16; 8]) -> Self {
        unsafe { X8(_mm_loadu_si128(a.as_ptr() as *const __m128i)) }
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        unsafe { X8(_mm_set1_epi16(x as i16)) }
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        unsafe { X8(_mm_and_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        unsafe { X8(_mm_or_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        unsafe { X8(_mm_xor_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        unsafe { X8(_mm_andnot_si128(o.0, self.0)) }
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        unsafe { _mm_testz_si128(self.0, o.0) == 0 }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        unsafe { _mm_testz_si128(self.0, self.0) != 0 }
    }
    #[inline(always)]
    fn low_bits(self) -> Self {
        unsafe {
            X8(_mm_and_si128(
                self.0,
                _mm_sign_epi16(self.0, _mm_set1_epi16(-1)),
            ))
        }
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        unsafe {
            let lo = _mm_cvtsi128_si64(self.0) as u64;
            let hi = _mm_extract_epi64::<1>(self.0) as u64;
            let (lo, hi) = if lo != 0 {
                (lo & (lo - 1), hi)
            } else {
                (lo, hi & hi.wrapping_sub(1))
            };
            X8(_mm_set_epi64x(hi as i64, lo as i64))
        }
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        unsafe {
            (_mm_cvtsi128_si64(self.0) as u64).count_ones()
                + (_mm_extract_epi64::<1>(self.0) as u64).count_ones()
        }
    }
    #[inline(always)]
    fn shuffle(self, c: Self) -> Self {
        unsafe { X8(_mm_shuffle_epi8(self.0, c.0)) }
    }
    #[inline(always)]
    fn swap_halves(self) -> Self {
        unsafe { X8(_mm_shuffle_epi32::<0b01_00_11_10>(self.0)) }
    }
    #[inline(always)]
    fn min_pos_from(self, min: u16) -> u32 {
        unsafe {
            let d = _mm_sub_epi16(self.0, _mm_set1_epi16(min as i16));
            _mm_cvtsi128_si32(_mm_minpos_epu16(d)) as u32
        }
    }
}

/// Per-lane population count of 16-bit lanes holding at most 9 bits (nibble lookup).
#[inline(always)]
fn popcounts_128(v: __m128i) -> __m128i {
    unsafe {
        let lookup = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
        let low = _mm_shuffle_epi8(lookup, _mm_and_si128(v, _mm_set1_epi16(0x0F)));
        let high = _mm_shuffle_epi8(lookup, _mm_srli_epi16::<4>(v));
        _mm_add_epi16(_mm_add_epi16(low, high), _mm_srli_epi16::<8>(v))
    }
}

const ROTATE_ROWS_BYTES: [u8; 16] = [2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9];

impl Vec16 for X16 {
    type Half = X8;
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        unsafe {
            let p = a.as_ptr() as *const __m128i;
            X16(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)))
        }
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        unsafe { X16(_mm_set1_epi16(x as i16), _mm_set1_epi16(x as i16)) }
    }
    #[inline(always)]
    fn join(lo: X8, hi: X8) -> Self {
        X16(lo.0, hi.0)
    }
    #[inline(always)]
    fn lo(self) -> X8 {
        X8(self.0)
    }
    #[inline(always)]
    fn hi(self) -> X8 {
        X8(self.1)
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        unsafe { X16(_mm_and_si128(self.0, o.0), _mm_and_si128(self.1, o.1)) }
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        unsafe { X16(_mm_or_si128(self.0, o.0), _mm_or_si128(self.1, o.1)) }
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        unsafe { X16(_mm_xor_si128(self.0, o.0), _mm_xor_si128(self.1, o.1)) }
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        unsafe { X16(_mm_andnot_si128(o.0, self.0), _mm_andnot_si128(o.1, self.1)) }
    }
    #[inline(always)]
    fn eq_lanes(self, o: Self) -> Self {
        unsafe { X16(_mm_cmpeq_epi16(self.0, o.0), _mm_cmpeq_epi16(self.1, o.1)) }
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> Self {
        unsafe {
            let z = _mm_setzero_si128();
            X16(_mm_cmpgt_epi16(self.0, z), _mm_cmpgt_epi16(self.1, z))
        }
    }
    #[inline(always)]
    fn any_less_than(self, o: Self) -> bool {
        unsafe {
            let lt = _mm_or_si128(_mm_cmpgt_epi16(o.0, self.0), _mm_cmpgt_epi16(o.1, self.1));
            _mm_movemask_epi8(lt) != 0
        }
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        unsafe {
            let x = _mm_or_si128(_mm_and_si128(self.0, o.0), _mm_and_si128(self.1, o.1));
            _mm_testz_si128(x, x) == 0
        }
    }
    #[inline(always)]
    fn subset_of(self, o: Self) -> bool {
        unsafe { _mm_testc_si128(o.0, self.0) != 0 && _mm_testc_si128(o.1, self.1) != 0 }
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        X16(popcounts_128(self.0), popcounts_128(self.1))
    }
    #[inline(always)]
    fn shuffle(self, c: Self) -> Self {
        unsafe { X16(_mm_shuffle_epi8(self.0, c.0), _mm_shuffle_epi8(self.1, c.1)) }
    }
    #[inline(always)]
    fn rotate_rows(self) -> Self {
        unsafe {
            let c = _mm_loadu_si128(ROTATE_ROWS_BYTES.as_ptr() as *const __m128i);
            X16(_mm_shuffle_epi8(self.0, c), _mm_shuffle_epi8(self.1, c))
        }
    }
    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        unsafe {
            X16(
                _mm_shuffle_epi32::<0b10_11_00_01>(self.0),
                _mm_shuffle_epi32::<0b10_11_00_01>(self.1),
            )
        }
    }
    #[inline(always)]
    fn rotate_cols(self) -> Self {
        unsafe {
            X16(
                _mm_alignr_epi8::<8>(self.1, self.0),
                _mm_alignr_epi8::<8>(self.0, self.1),
            )
        }
    }
    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        X16(self.1, self.0)
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 16] {
        let mut a = [0u16; 16];
        unsafe {
            let p = a.as_mut_ptr() as *mut __m128i;
            _mm_storeu_si128(p, self.0);
            _mm_storeu_si128(p.add(1), self.1);
        }
        a
    }
}

impl<const Z: bool> Vec16 for Y16<Z> {
    type Half = X8;
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        unsafe { Y16(_mm256_loadu_si256(a.as_ptr() as *const __m256i)) }
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        unsafe { Y16(_mm256_set1_epi16(x as i16)) }
    }
    #[inline(always)]
    fn join(lo: X8, hi: X8) -> Self {
        unsafe { Y16(_mm256_set_m128i(hi.0, lo.0)) }
    }
    #[inline(always)]
    fn lo(self) -> X8 {
        unsafe { X8(_mm256_castsi256_si128(self.0)) }
    }
    #[inline(always)]
    fn hi(self) -> X8 {
        unsafe { X8(_mm256_extracti128_si256::<1>(self.0)) }
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        unsafe { Y16(_mm256_and_si256(self.0, o.0)) }
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        unsafe { Y16(_mm256_or_si256(self.0, o.0)) }
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        unsafe { Y16(_mm256_xor_si256(self.0, o.0)) }
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        unsafe { Y16(_mm256_andnot_si256(o.0, self.0)) }
    }
    #[inline(always)]
    fn eq_lanes(self, o: Self) -> Self {
        unsafe { Y16(_mm256_cmpeq_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    fn nonzero_lanes(self) -> Self {
        unsafe { Y16(_mm256_cmpgt_epi16(self.0, _mm256_setzero_si256())) }
    }
    #[inline(always)]
    fn any_less_than(self, o: Self) -> bool {
        unsafe {
            if Z {
                _mm256_cmplt_epi16_mask(self.0, o.0) != 0
            } else {
                _mm256_movemask_epi8(_mm256_cmpgt_epi16(o.0, self.0)) != 0
            }
        }
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        unsafe { _mm256_testz_si256(self.0, o.0) == 0 }
    }
    #[inline(always)]
    fn subset_of(self, o: Self) -> bool {
        unsafe { _mm256_testc_si256(o.0, self.0) != 0 }
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        unsafe {
            if Z {
                Y16(_mm256_popcnt_epi16(self.0))
            } else {
                let v = self.0;
                let lookup = _mm256_setr_epi8(
                    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                    2, 3, 2, 3, 3, 4,
                );
                let low = _mm256_shuffle_epi8(lookup, _mm256_and_si256(v, _mm256_set1_epi16(0x0F)));
                let high = _mm256_shuffle_epi8(lookup, _mm256_srli_epi16::<4>(v));
                Y16(_mm256_add_epi16(
                    _mm256_add_epi16(low, high),
                    _mm256_srli_epi16::<8>(v),
                ))
            }
        }
    }
    #[inline(always)]
    fn shuffle(self, c: Self) -> Self {
        unsafe { Y16(_mm256_shuffle_epi8(self.0, c.0)) }
    }
    #[inline(always)]
    fn rotate_rows(self) -> Self {
        unsafe {
            if Z {
                Y16(_mm256_ror_epi64::<16>(self.0))
            } else {
                let c = _mm_loadu_si128(ROTATE_ROWS_BYTES.as_ptr() as *const __m128i);
                Y16(_mm256_shuffle_epi8(self.0, _mm256_set_m128i(c, c)))
            }
        }
    }
    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        unsafe { Y16(_mm256_shuffle_epi32::<0b10_11_00_01>(self.0)) }
    }
    #[inline(always)]
    fn rotate_cols(self) -> Self {
        unsafe { Y16(_mm256_permute4x64_epi64::<0b00_11_10_01>(self.0)) }
    }
    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        unsafe { Y16(_mm256_permute4x64_epi64::<0b01_00_11_10>(self.0)) }
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 16] {
        let mut a = [0u16; 16];
        unsafe { _mm256_storeu_si256(a.as_mut_ptr() as *mut __m256i, self.0) };
        a
    }
}

/// Defines a backend: its `Backend` impl, whose entry points call `#[target_feature]`
/// functions compiled for `$features`, and its `run` entry point.
macro_rules! x86_backend {
    ($backend:ident, $v:ty, $wide:literal, $features:literal, $run:ident) => {
        pub(super) struct $backend;

        impl Backend for $backend {
            type V = $v;
            const WIDE: bool = $wide;
            #[inline(always)]
            fn box_restrict<const FV: usize>(s: &mut State<$v>, box_idx: usize, c: $v) -> bool {
                #[target_feature(enable = $features)]
                unsafe fn entry<const FV: usize>(s: &mut State<$v>, i: usize, c: $v) -> bool {
                    triad::box_restrict::<$backend, FV>(s, i, c)
                }
                // SAFETY: reached only from code of this backend, which runs only on a
                // CPU with `$features` (see the module documentation).
                unsafe { entry::<FV>(s, box_idx, c) }
            }
            #[inline(always)]
            fn band_eliminate<const V: usize>(
                s: &mut State<$v>,
                band: usize,
                from_peer: usize,
            ) -> bool {
                #[target_feature(enable = $features)]
                unsafe fn entry<const V: usize>(s: &mut State<$v>, b: usize, f: usize) -> bool {
                    triad::band_eliminate::<$backend, V>(s, b, f)
                }
                // SAFETY: as in `box_restrict`.
                unsafe { entry::<V>(s, band, from_peer) }
            }
            #[inline(always)]
            fn count(search: &mut Search, s: &mut State<$v>) {
                #[target_feature(enable = $features)]
                unsafe fn entry(search: &mut Search, s: &mut State<$v>) {
                    triad::count::<$backend>(search, s)
                }
                // SAFETY: as in `box_restrict`.
                unsafe { entry(search, s) }
            }
        }

        /// Solves on this backend.
        ///
        /// # Safety
        /// The CPU must have `$features`.
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $run(start: Start<'_>, search: &mut Search) {
            triad::run::<$backend>(start, search)
        }
    };
}

x86_backend!(Sse41, X16, false, "ssse3,sse4.1,sse4.2,popcnt", run_sse41);
x86_backend!(
    Avx2,
    Y16<false>,
    true,
    "avx2,bmi1,bmi2,popcnt,sse4.2",
    run_avx2
);
x86_backend!(
    Avx512,
    Y16<true>,
    true,
    "avx2,bmi1,bmi2,popcnt,sse4.2,avx512f,avx512vl,avx512bw,avx512bitalg",
    run_avx512
);
