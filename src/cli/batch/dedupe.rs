//! `--dedupe`: a line whose puzzle is a morph of an earlier line's (the same canonical form,
//! docs/minlex.md) is dropped before it is answered. The calling thread reads the lines in input
//! order, so the first of a set of morphs is the one kept whatever `--jobs`. A line that is not a
//! puzzle is never dropped (it is answered, usually with its `error:` line).

use std::collections::HashSet;

use crate::codec;
use crate::domain::minlex;
use crate::input::{InputError, LineReader, Reader};
use crate::solver::exact;

/// The canonical forms seen so far (packed, two cells a byte: memory grows by about 41 bytes
/// and the hash table's share per distinct puzzle) and the number of lines dropped.
#[derive(Default)]
pub(super) struct Dedupe {
    seen: HashSet<[u8; 41]>,
    pub(super) dropped: u64,
}

/// A form with two cells a byte.
fn packed(form: &[u8; 81]) -> [u8; 41] {
    let mut out = [0u8; 41];
    for (i, &d) in form.iter().enumerate() {
        out[i / 2] |= d << (4 * (i % 2));
    }
    out
}

impl Dedupe {
    /// Whether `line` holds a puzzle already seen in another shape (or the same); records it
    /// otherwise.
    fn is_repeat(&mut self, line: &[u8]) -> bool {
        // A plain 81-cell line needs no detection.
        let form = match exact::parse_line81(line) {
            Some(values) => Some(minlex(&values)),
            None => std::str::from_utf8(line)
                .ok()
                .and_then(|l| codec::decode_any(l).ok())
                .map(|p| codec::minlex::canonical(&p.board)),
        };
        let Some(form) = form else {
            return false;
        };
        if self.seen.insert(packed(&form)) {
            false
        } else {
            self.dropped += 1;
            true
        }
    }
}

/// Reads the next line into `buf` like [`LineReader::next_line`], skipping the repeats when
/// `dedupe` is given.
pub(super) fn next_line(
    lines: &mut LineReader<Reader<'_>>,
    dedupe: Option<&std::sync::Mutex<Dedupe>>,
    buf: &mut Vec<u8>,
) -> Result<bool, InputError> {
    loop {
        if !lines.next_line(buf)? {
            return Ok(false);
        }
        match dedupe {
            Some(d) if d.lock().unwrap_or_else(|e| e.into_inner()).is_repeat(buf) => continue,
            _ => return Ok(true),
        }
    }
}
