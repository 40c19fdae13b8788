//! Schema version 2's history: each undo and redo state as the difference from the state after it
//! (the tokens are described in the module docs of [`super`]).

use super::marks::parse_mark_sets;
use crate::domain::{Cell, Digit, DigitSet};
use crate::editor::{CandidateMode, Snapshot, Stack};
use crate::storage::CorruptReason;
use std::sync::Arc;

/// The differences of a stack whose last state follows `current` and every other state the one
/// after it.
pub(super) fn chain_diffs(stack: &Stack<Arc<Snapshot>>, current: &Snapshot) -> Vec<String> {
    let afters = stack
        .iter()
        .skip(1)
        .map(|s| &**s)
        .chain(std::iter::once(current));
    stack
        .iter()
        .zip(afters)
        .map(|(state, after)| diff_text(after, state))
        .collect()
}

/// The tokens that turn `from` into `to` (see the module docs).
pub fn diff_text(from: &Snapshot, to: &Snapshot) -> String {
    use std::fmt::Write;
    let (a, b) = (&from.board, &to.board);
    let mut out = String::new();
    for c in Cell::all() {
        let same = a.value(c) == b.value(c)
            && a.is_given(c) == b.is_given(c)
            && a.raw_marks(c) == b.raw_marks(c);
        if same {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        let _ = write!(out, "{c}=");
        match b.value(c) {
            Some(d) if b.is_given(c) => {
                let _ = write!(out, "g{d}");
            }
            Some(d) => {
                let _ = write!(out, "f{d}");
            }
            None => out.push('.'),
        }
        let (e, x) = b.raw_marks(c);
        if !e.is_empty() || !x.is_empty() {
            let _ = write!(out, ":{e}/{x}");
        }
    }
    let mut flag = |t: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&t);
    };
    if from.mode != to.mode {
        flag(format!("mode={}", to.mode.name()));
    }
    if a.candidates_specified() != b.candidates_specified() {
        flag(format!("specified={}", u8::from(b.candidates_specified())));
    }
    out
}

/// `base` changed by the tokens of [`diff_text`]; `Err` names the first bad token.
pub fn apply_diff(base: &Snapshot, text: &str) -> Result<Snapshot, String> {
    let mut s = base.clone();
    for t in text.split_ascii_whitespace() {
        let bad = || format!("bad token {t:?}");
        if let Some(m) = t.strip_prefix("mode=") {
            s.mode = CandidateMode::from_name(m).ok_or_else(bad)?;
            continue;
        }
        if let Some(v) = t.strip_prefix("specified=") {
            match v {
                "0" => s.board.set_candidates_specified(false),
                "1" => s.board.set_candidates_specified(true),
                _ => return Err(bad()),
            }
            continue;
        }
        let (cell, rest) = t.split_once('=').ok_or_else(bad)?;
        let cell: Cell = cell.parse().map_err(|_| bad())?;
        let (slot, marks) = match rest.split_once(':') {
            Some((slot, marks)) => (slot, Some(marks)),
            None => (rest, None),
        };
        let digit = |x: &str| x.parse::<u8>().ok().and_then(Digit::new);
        match slot.split_at_checked(1) {
            Some((".", "")) => s.board.clear(cell),
            Some(("g", d)) => s.board.set_given(cell, digit(d).ok_or_else(bad)?),
            Some(("f", d)) => s.board.set_filled(cell, digit(d).ok_or_else(bad)?),
            _ => return Err(bad()),
        }
        let (e, x) = match marks {
            None => (DigitSet::EMPTY, DigitSet::EMPTY),
            Some(m) => parse_mark_sets(m).ok_or_else(bad)?,
        };
        s.board.set_raw_marks(cell, e, x);
    }
    Ok(s)
}

/// The states of a stack of differences (see [`chain_diffs`]), oldest first.
pub(super) fn unchain(
    diffs: &[String],
    current: &Snapshot,
    field: &str,
) -> Result<Vec<Snapshot>, CorruptReason> {
    let mut out = Vec::with_capacity(diffs.len());
    let mut after = current.clone();
    for (i, d) in diffs.iter().enumerate().rev() {
        after = apply_diff(&after, d).map_err(|message| CorruptReason::BadField {
            field: format!("{field}[{i}]"),
            message,
        })?;
        out.push(after.clone());
    }
    out.reverse();
    Ok(out)
}
