//! Cell names in the board's labels: with `labels = "letters"` (HoDoKu's rows A-I, columns
//! 1-9) the texts the player reads (side panel, hints, messages) name cells as the board does:
//! `r1c1` is `A1`, `r8c123` is `H123`, `r56c9` is `EF9`.

use crate::storage::config::Labels;

/// Rewrites the cell names of `text` for the board's labels (unchanged with `rc`).
pub fn relabel(text: &str, labels: Labels) -> String {
    if labels == Labels::Rc || !text.contains('r') {
        return text.to_string();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if let Some((name, len)) = cell_name(b, i) {
            out.push_str(&name);
            i += len;
            continue;
        }
        // Copy one character (multi-byte characters whole).
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// The letters name of `r<rows>c<cols>` at `i` (not inside a word) and its length.
fn cell_name(b: &[u8], i: usize) -> Option<(String, usize)> {
    if b[i] != b'r' || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
        return None;
    }
    let digits = |from: usize| {
        b[from..]
            .iter()
            .take_while(|c| (b'1'..=b'9').contains(c))
            .count()
    };
    let rows = digits(i + 1);
    let at_c = i + 1 + rows;
    if rows == 0 || b.get(at_c) != Some(&b'c') {
        return None;
    }
    let cols = digits(at_c + 1);
    let end = at_c + 1 + cols;
    if cols == 0 || b.get(end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut name: String = b[i + 1..at_c]
        .iter()
        .map(|d| char::from(b'A' + (d - b'1')))
        .collect();
    name.push_str(std::str::from_utf8(&b[at_c + 1..end]).ok()?);
    Some((name, end - i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_as_the_board_labels_them() {
        let t = "(4=2)r8c9-(2)r3c9=r3c1 => r8c123,r56c9<>4; search r1c1: 3 candidates";
        assert_eq!(
            relabel(t, Labels::Letters),
            "(4=2)H9-(2)C9=C1 => H123,EF9<>4; search A1: 3 candidates"
        );
        assert_eq!(relabel(t, Labels::Rc), t);
        assert_eq!(relabel("colour r1c10x", Labels::Letters), "colour r1c10x");
    }
}
