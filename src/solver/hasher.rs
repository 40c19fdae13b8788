//! A cheap multiplicative hasher for the solver's own hash maps, whose keys (elimination sets,
//! candidate states) are made by the solver, not by an adversary: SipHash, the standard
//! library's default, dominated the run time of the searches that record thousands of keys
//! per call.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: each word rotated into the state and multiplied.
#[derive(Default)]
pub(crate) struct FastHasher(u64);

/// What a `HashMap` is given to hash with a [`FastHasher`].
pub(crate) type FastBuild = BuildHasherDefault<FastHasher>;

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}
