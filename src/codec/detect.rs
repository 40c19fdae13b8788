//! Auto-detection of pasted text (docs/formats.md §6.1). Steps 0–5 and 7 live here; TAB grids (step 6)
//! and multi-line grids (step 8) are decided by [`super::multiline::decode_multiline`].

use std::borrow::Cow;

use super::scan::{classify_line, is_blank, normalize, LineClass};
use super::{
    hodoku, json, multiline, opensudoku, short, sukaku, susser, DecodeError, DecodeErrorKind,
    Parsed,
};
use crate::domain::Digit;

/// Normalises (§2.1) without allocating when the text is already a clean single line.
pub(crate) fn normalized(text: &str) -> Cow<'_, str> {
    // ASCII without line breaks: nothing to convert but trailing spaces (NBSP, U+3000 and the BOM
    // are not ASCII).
    let clean = text.is_ascii() && !text.bytes().any(|b| b == b'\n' || b == b'\r');
    if clean {
        Cow::Borrowed(text.trim_end_matches(' '))
    } else {
        Cow::Owned(normalize(text))
    }
}

/// §6.1 in order; the first match wins.
pub fn detect_and_parse(text: &str) -> Result<Parsed, DecodeError> {
    // Step 0.
    let norm = normalized(text);
    let norm: &str = &norm;
    // Normalisation already dropped blank lines; TABs are content (an empty Excel grid).
    if norm.is_empty() {
        return Err(DecodeError::new(None, DecodeErrorKind::Empty));
    }
    let head = norm.trim_start();
    // Step 1: URLs and share strings.
    let starts_ci = |p: &str| {
        head.get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p))
    };
    if starts_ci("http://") || starts_ci("https://") {
        return Err(DecodeError::new(
            None,
            DecodeErrorKind::Unsupported("web addresses (share URLs) are not puzzles".into()),
        ));
    }
    if head.starts_with("SCv") && head[3..].starts_with(|c: char| c.is_ascii_digit()) {
        return Err(DecodeError::new(
            None,
            DecodeErrorKind::Unsupported("Sudoku Coach share strings (SCv...)".into()),
        ));
    }
    // Step 2: JSON.
    if head.starts_with('{') {
        return json::read_any(head);
    }
    // Step 3: OpenSudoku with a version line.
    if head.starts_with("version:") {
        return opensudoku::read(norm);
    }
    // Step 4: OpenSudoku triples.
    if opensudoku::looks_like(norm) {
        return opensudoku::read(norm);
    }
    // Step 5: comment lines out. A single line needs classifying only when it could be a comment.
    let (first, more) = if !norm.contains('\n') && !head.starts_with(['#', '[']) {
        (Some(norm), false)
    } else {
        let mut lines = norm
            .lines()
            .filter(|l| !matches!(classify_line(l), LineClass::Comment | LineClass::Blank));
        (lines.next(), lines.next().is_some())
    };
    // Step 6 (TAB grids) belongs to the multi-line reader; a single line cannot be one.
    if let (Some(line), false) = (first, more) {
        if let Some(r) = one_line(line) {
            // Keep the dropped comment lines (`#A author` above a one-line puzzle).
            return r.map(|mut p| {
                if norm.contains('\n') {
                    let comments = norm
                        .lines()
                        .filter(|l| classify_line(l) == LineClass::Comment)
                        .map(|l| l.trim().to_string());
                    p.meta.comments.extend(comments);
                }
                p
            });
        }
        // Step 7.7: fall through with the single line as data.
        return multiline::decode_multiline(norm).map_err(|e| prefer_susser_error(line, e));
    }
    if first.is_none() {
        return Err(DecodeError::new(
            None,
            DecodeErrorKind::Invalid("only comment lines".into()),
        ));
    }
    // Steps 6 and 8.
    multiline::decode_multiline(norm)
}

/// §6.1 step 7 (one line). `None` = not a one-line format: fall through to step 8.
fn one_line(line: &str) -> Option<Result<Parsed, DecodeError>> {
    let line = line.trim_matches(' ');
    let b = line.as_bytes();
    // 7.1 HoDoKu library (no other one-line format starts with `:`, so a wrong colon count is
    // reported by the library reader).
    if b.first() == Some(&b':') {
        return Some(hodoku::read(line));
    }
    let commas = b.iter().filter(|&&c| c == b',').count();
    // 7.2 shortened Susser.
    if commas == 8 && short::looks_like(line) {
        return Some(short::read(line));
    }
    // 7.3 gsf q2 line.
    if commas >= 6 {
        if let Ok(p) = susser::read_gsf(line) {
            return Some(Ok(p));
        }
    }
    // 7.4 single-line Sukaku.
    let mut n729 = 0usize;
    let mut only729 = b.len() >= 729;
    for c in line.chars().take_while(|_| only729) {
        match c {
            ' ' | '\t' => {}
            c if Digit::from_char(c).is_some() || is_blank(c) => n729 += 1,
            _ => {
                only729 = false;
                break;
            }
        }
    }
    if only729 && n729 == 729 {
        return Some(sukaku::read(line));
    }
    // 7.5 81 cells of the §3.2 grammar, then end / trailer / `:`.
    if let Ok(scan) = susser::scan_cells(super::Format::Susser, line, 0) {
        match b.get(scan.len) {
            None | Some(b':') => return Some(susser::finish(line, &scan)),
            Some(&c) if susser::is_trailer_start(c) => return Some(susser::finish(line, &scan)),
            Some(_) => {}
        }
    }
    // 7.6 alternative blanks.
    if let Some(p) = susser::read_alt_blank(line) {
        return Some(Ok(p));
    }
    // §3.6 item 2 (Sudoku Explainer lists): "label SP/TAB grid", the label holding a letter.
    if let Some(idx) = line.find([' ', '\t']) {
        let (label, rest) = line.split_at(idx);
        let rest = rest.trim_start_matches([' ', '\t']);
        if label.bytes().any(|c| c.is_ascii_alphabetic()) {
            let rb = rest.as_bytes();
            if let Ok(scan) = susser::scan_cells(super::Format::Susser, rest, 0) {
                let ok = match rb.get(scan.len) {
                    None => true,
                    Some(&c) => susser::is_trailer_start(c),
                };
                if ok {
                    return Some(susser::finish(rest, &scan).map(|mut p| {
                        p.meta.comments.push(label.to_string());
                        p
                    }));
                }
            }
        }
    }
    None
}

/// For a one-line input that the grid readers also rejected: when the line is made of Susser
/// cell characters only (a Susser attempt with a wrong count), the Susser message is clearer.
fn prefer_susser_error(line: &str, grid_err: DecodeError) -> DecodeError {
    let line = line.trim_matches(' ');
    let b = line.as_bytes();
    let cellish = |c: &u8| c.is_ascii_digit() || is_blank(*c as char) || *c == b'+';
    // 81 cells followed by junk, or a long run of cell characters without separators.
    let starts_with_81 = susser::scan_cells(super::Format::Susser, line, 0).is_ok();
    let susserish = starts_with_81
        || (b.len() >= 40
            && !line.contains(' ')
            && b.iter().take_while(|&&c| c != b':').all(cellish));
    if susserish {
        if let Err(e) = susser::read(line) {
            return e;
        }
    }
    grid_err
}
