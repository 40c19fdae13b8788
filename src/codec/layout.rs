//! Pieces the multi-line writers share: padding, candidate strings and the boxed frame
//! (docs/formats.md §3.7, §3.8, §3.10).

use crate::domain::DigitSet;

/// Appends `n` copies of `c`.
pub(crate) fn push_n(out: &mut String, c: char, n: usize) {
    for _ in 0..n {
        out.push(c);
    }
}

/// Appends the digits of `set` in ascending order, or `placeholder` when it is empty.
pub(crate) fn push_candidates(out: &mut String, set: DigitSet, placeholder: char) {
    if set.is_empty() {
        out.push(placeholder);
    }
    for d in set {
        out.push(d.to_char());
    }
}

/// The corner characters of a boxed frame: `.`/`:`/`'` (with `+` where band lines cross), or `+`
/// everywhere with `plus_borders`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct FrameCorners {
    pub top: char,
    pub top_mid: char,
    pub sep: char,
    pub sep_mid: char,
    pub bot: char,
    pub bot_mid: char,
}

impl FrameCorners {
    pub(crate) fn new(plus_borders: bool) -> FrameCorners {
        if plus_borders {
            FrameCorners {
                top: '+',
                top_mid: '+',
                sep: '+',
                sep_mid: '+',
                bot: '+',
                bot_mid: '+',
            }
        } else {
            FrameCorners {
                top: '.',
                top_mid: '.',
                sep: ':',
                sep_mid: '+',
                bot: '\'',
                bot_mid: '\'',
            }
        }
    }
}

/// Appends one border line of a boxed frame: `ends`, then per stack `widths[b]` dashes followed by
/// `mid` (`ends` after the last stack). No newline.
pub(crate) fn push_border(out: &mut String, ends: char, mid: char, widths: [usize; 3]) {
    out.push(ends);
    for (b, &n) in widths.iter().enumerate() {
        push_n(out, '-', n);
        out.push(if b == 2 { ends } else { mid });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Digit;

    #[test]
    fn border_lines_and_candidates() {
        let mut out = String::new();
        let c = FrameCorners::new(false);
        push_border(&mut out, c.sep, c.sep_mid, [1, 2, 3]);
        assert_eq!(out, ":-+--+---:");
        out.clear();
        push_candidates(&mut out, DigitSet::EMPTY, '.');
        let set: DigitSet = [9, 2].into_iter().filter_map(Digit::new).collect();
        push_candidates(&mut out, set, '.');
        assert_eq!(out, ".29");
    }
}
