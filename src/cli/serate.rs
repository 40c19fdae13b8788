//! serate's output options on `rate --engine se`: `--format` (after each puzzle), `--start`
//! (before each puzzle), `--before` and `--after` (around each step), with serate's conversions
//! and serate's rules, so that a script written for serate runs unchanged:
//!
//! - each option has its own conversions (the table of `serate --man`); any other `%x` prints
//!   `x`, and a `%` that ends the format prints `%`;
//! - `%l` is a line end, `%t` a tab; an option whose text comes out empty prints no line;
//! - `%i` prints the cells' values at that point (after a puzzle: the solution, or where the
//!   engine stopped), `%m` the 729-character pencilmarks, `%M` them as a grid;
//! - `%R %P %D` name the hint that set ER, EP, ED (SE's names, [`SeName`]), `%S %T %U` give its
//!   short name; `No solution`/`O` before any step, `Beyond solver`/`xx` for ER when the engine
//!   stops;
//! - `%h` (after a step) prints SE's explanation of the step (its lines, without serate's HTML
//!   tags), `%s` its text, `%r` its
//!   difficulty, `%e` the time it took (after a puzzle: the puzzle's time).
//!
//! With `--each-line`, lines go as serate reads them: a line shorter than 81 characters is
//! skipped (it is not a puzzle and takes no number), every other line is a puzzle numbered from
//! 1 (`%n`).

use std::fmt::Write as _;
use std::time::Instant;

use crate::domain::{Cell, Digit};
use crate::solver::se::{self, PathEvent, SeRating};
use crate::solver::{Grid, Step};

/// serate's default `--format`.
pub const DEFAULT_FORMAT: &str = "%r/%p/%d";

/// Where an option's text is written (serate's `Formatter` methods).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Section {
    /// `--start`: before a puzzle.
    Start,
    /// `--before`: before each step.
    Before,
    /// `--after`: after each step.
    After,
    /// `--format`: after a puzzle.
    Final,
}

/// A conversion (`%x`) of serate's formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Conv {
    /// `%g`: the input line.
    Input,
    /// `%i`: the cells' values, 81 characters, `.` for an empty cell.
    Values,
    /// `%m`: the pencilmarks, 729 characters.
    Marks,
    /// `%M`: the pencilmarks as a grid of lines.
    MarksGrid,
    /// `%n`: the puzzle's number, from 1.
    Ordinal,
    /// `%r`: ER (after a step: the step's difficulty).
    Er,
    /// `%p`, `%d`: EP, ED.
    Ep,
    Ed,
    /// `%R %P %D`: the names of the hints that set ER, EP, ED.
    ErName,
    EpName,
    EdName,
    /// `%S %T %U`: their short names.
    ErShort,
    EpShort,
    EdShort,
    /// `%e`: the time taken (the step's, or the puzzle's).
    Elapsed,
    /// `%s`: the step's text.
    StepText,
    /// `%h`: SE's explanation of the step.
    Explain,
}

impl Conv {
    /// The conversion `%c` in a section (serate's table), `None` when `c` prints itself.
    fn of(c: char, section: Section) -> Option<Conv> {
        use Section::*;
        let conv = match c {
            'g' => Conv::Input,
            'i' => Conv::Values,
            'm' | 'M' if section == Final => return None,
            'm' => Conv::Marks,
            'M' => Conv::MarksGrid,
            'n' if matches!(section, Start | After | Final) => Conv::Ordinal,
            'r' if matches!(section, After | Final) => Conv::Er,
            'R' if matches!(section, After | Final) => Conv::ErName,
            'S' if matches!(section, After | Final) => Conv::ErShort,
            'e' if matches!(section, After | Final) => Conv::Elapsed,
            'p' if section == Final => Conv::Ep,
            'd' if section == Final => Conv::Ed,
            'P' if section == Final => Conv::EpName,
            'D' if section == Final => Conv::EdName,
            'T' if section == Final => Conv::EpShort,
            'U' if section == Final => Conv::EdShort,
            's' if section == After => Conv::StepText,
            'h' if section == After => Conv::Explain,
            _ => return None,
        };
        Some(conv)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Conv(Conv),
}

/// One parsed format option.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Format(Vec<Piece>);

impl Format {
    /// Parses `spec` for `section` as serate does.
    pub fn parse(spec: &str, section: Section) -> Format {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = spec.chars();
        while let Some(ch) = chars.next() {
            if ch != '%' {
                text.push(ch);
                continue;
            }
            let Some(c) = chars.next() else {
                text.push('%');
                break;
            };
            match (c, Conv::of(c, section)) {
                ('l', _) => text.push('\n'),
                ('t', _) => text.push('\t'),
                (_, None) => text.push(c),
                (_, Some(conv)) => {
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Conv(conv));
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Format(pieces)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends the option's line for `at` to `out`: its text and a line end, or nothing when
    /// the text is empty.
    fn write(&self, at: &At<'_>, out: &mut String) {
        let start = out.len();
        for p in &self.0 {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Conv(c) => at.convert(*c, out),
            }
        }
        if out.len() > start {
            out.push('\n');
        }
    }
}

/// The four options of a rating run.
#[derive(Clone, Debug, Default)]
pub struct Formats {
    pub start: Format,
    pub before: Format,
    pub after: Format,
    pub last: Format,
}

impl Formats {
    pub fn parse(start: &str, before: &str, after: &str, last: &str) -> Formats {
        Formats {
            start: Format::parse(start, Section::Start),
            before: Format::parse(before, Section::Before),
            after: Format::parse(after, Section::After),
            last: Format::parse(last, Section::Final),
        }
    }
}

/// What the conversions read at one point of a run.
#[derive(Copy, Clone)]
struct At<'a> {
    line: &'a str,
    ordinal: u64,
    grid: &'a Grid,
    rating: Option<&'a SeRating>,
    /// After a step: the step, and the state it was found in.
    step: Option<&'a Step>,
    before: Option<&'a Grid>,
    millis: u128,
}

impl At<'_> {
    fn convert(&self, c: Conv, out: &mut String) {
        let r = self.rating;
        match c {
            Conv::Input => out.push_str(self.line),
            Conv::Values => values81(self.grid, out),
            Conv::Marks => marks729(self.grid, out),
            Conv::MarksGrid => marks_grid(self.grid, out),
            Conv::Ordinal => {
                let _ = write!(out, "{}", self.ordinal);
            }
            Conv::Er => match (self.step, r) {
                (Some(s), _) => {
                    let _ = write!(out, "{}", se::step::difficulty(s));
                }
                (None, Some(r)) => {
                    let _ = write!(out, "{}", r.er);
                }
                _ => {}
            },
            Conv::Ep => push_opt(out, r.map(|r| r.ep.to_string())),
            Conv::Ed => push_opt(out, r.map(|r| r.ed.to_string())),
            Conv::ErName => push_opt(out, r.map(|r| r.er_name.to_string())),
            Conv::EpName => push_opt(out, r.map(|r| r.ep_name.to_string())),
            Conv::EdName => push_opt(out, r.map(|r| r.ed_name.to_string())),
            Conv::ErShort => push_opt(out, r.map(|r| r.er_name.short())),
            Conv::EpShort => push_opt(out, r.map(|r| r.ep_name.short())),
            Conv::EdShort => push_opt(out, r.map(|r| r.ed_name.short())),
            Conv::Elapsed => out.push_str(&elapsed_text(self.millis)),
            Conv::StepText => push_opt(out, self.step.map(|s| s.text.clone())),
            Conv::Explain => {
                if let (Some(step), Some(before)) = (self.step, self.before) {
                    out.push_str(&explanation(before, step).join("\n"));
                }
            }
        }
    }
}

fn push_opt(out: &mut String, s: Option<String>) {
    if let Some(s) = s {
        out.push_str(&s);
    }
}

/// `%h`: SE's explanation of a step found in the state `before`, one line per paragraph, list
/// item and rule (serate prints the hint window's HTML; these are its lines without the tags,
/// as `--explain` prints them).
fn explanation(before: &Grid, step: &Step) -> Vec<String> {
    se::explain::explanation_lines(before, step)
}

/// serate's `toString81`.
fn values81(g: &Grid, out: &mut String) {
    for c in Cell::all() {
        out.push(match g.value(c) {
            Some(d) => char::from(b'0' + d.get()),
            None => '.',
        });
    }
}

/// serate's `toStringPencilmarks`: nine characters per cell, a digit where it is a candidate
/// (or the cell's value), `.` elsewhere.
fn marks729(g: &Grid, out: &mut String) {
    for c in Cell::all() {
        for d in Digit::ALL {
            let on = match g.value(c) {
                Some(v) => v == d,
                None => g.candidates(c).contains(d),
            };
            out.push(if on { char::from(b'0' + d.get()) } else { '.' });
        }
    }
}

/// serate's `toStringMultilinePencilmarks`: the cells' candidates (a solved cell its value) in
/// columns as wide as the most candidates of a cell, boxes framed; empty when no cell has two
/// candidates.
fn marks_grid(g: &Grid, out: &mut String) {
    let width = Cell::all()
        .map(|c| g.candidates(c).len() as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    if width <= 1 {
        return;
    }
    let rule = format!(
        "+{}",
        format!("{}-+", "-".repeat(3 * (width + 1))).repeat(3)
    );
    let mut lines = Vec::new();
    for row in 0..9 {
        if row % 3 == 0 {
            lines.push(rule.clone());
        }
        let mut line = String::from("|");
        for col in 0..9 {
            let c = Cell::from_index(row * 9 + col);
            let text: String = match g.value(c) {
                Some(v) => v.get().to_string(),
                None => g
                    .candidates(c)
                    .iter()
                    .map(|d| d.get().to_string())
                    .collect(),
            };
            let _ = write!(line, " {text:<width$}");
            if col % 3 == 2 {
                line.push_str(" |");
            }
        }
        lines.push(line);
    }
    lines.push(rule);
    out.push_str(&lines.join("\n"));
}

/// serate's `getTimeString`: `1.23s` under a minute, then `1m05s`, `1h05m`, `1d05h`.
pub fn elapsed_text(millis: u128) -> String {
    let cs = millis / 10;
    let (t, u) = (cs / 100, cs % 100);
    if t < 60 {
        format!("{t}.{u:02}s")
    } else if t < 3600 {
        format!("{}m{:02}s", t / 60, t % 60)
    } else if t < 86400 {
        format!("{}h{:02}m", t / 3600, (t % 3600) / 60)
    } else {
        format!("{}d{:02}h", t / 86400, (t % 86400) / 3600)
    }
}

/// Rates one puzzle with the SE engine and returns what the options print for it: the start
/// line, the lines before and after each step, the final line (each one only when its text is
/// not empty, each with its line end).
pub fn rate(grid: &Grid, line: &str, ordinal: u64, formats: &Formats) -> String {
    let begin = Instant::now();
    let mut out = String::new();
    let at = At {
        line,
        ordinal,
        grid,
        rating: None,
        step: None,
        before: None,
        millis: 0,
    };
    formats.start.write(&at, &mut out);
    let watch_steps = !formats.before.is_empty() || !formats.after.is_empty();
    let explains = formats.after.0.contains(&Piece::Conv(Conv::Explain));
    let mut step_begin = Instant::now();
    let mut state_before: Option<Grid> = None;
    let mut observe = |event: PathEvent<'_>| match event {
        PathEvent::Before(g) => {
            step_begin = Instant::now();
            if explains {
                state_before = Some(g.clone());
            }
            formats.before.write(&At { grid: g, ..at }, &mut out);
        }
        PathEvent::After(g, step, rating) => {
            let at = At {
                grid: g,
                rating: Some(rating),
                step: Some(step),
                before: state_before.as_ref(),
                millis: step_begin.elapsed().as_millis(),
                ..at
            };
            formats.after.write(&at, &mut out);
        }
    };
    let (rating, end) = if watch_steps {
        se::rate_observed(grid, &mut observe)
    } else {
        se::rate_observed(grid, &mut |_| {})
    };
    let at = At {
        grid: &end,
        rating: Some(&rating),
        millis: begin.elapsed().as_millis(),
        ..at
    };
    formats.last.write(&at, &mut out);
    out
}

/// Whether serate reads an input line as a puzzle: 81 characters or more.
pub fn is_puzzle_line(line: &[u8]) -> bool {
    // Characters, not bytes: a UTF-8 continuation byte does not start one.
    line.iter().filter(|&&b| b & 0xC0 != 0x80).count() >= 81
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_has_serates_conversions() {
        let f = Format::parse("%n %r %s %m %x %% %", Section::Before);
        assert_eq!(
            f,
            Format(vec![
                Piece::Text("n r s ".into()),
                Piece::Conv(Conv::Marks),
                Piece::Text(" x % %".into())
            ])
        );
        let f = Format::parse("%n%t%D%l%h", Section::Final);
        assert_eq!(
            f,
            Format(vec![
                Piece::Conv(Conv::Ordinal),
                Piece::Text("\t".into()),
                Piece::Conv(Conv::EdName),
                Piece::Text("\nh".into())
            ])
        );
        assert!(Format::parse("", Section::After).is_empty());
        assert_eq!(elapsed_text(1234), "1.23s");
        assert_eq!(elapsed_text(65_000), "1m05s");
        assert_eq!(elapsed_text(3_700_000), "1h01m");
    }

    #[test]
    fn short_lines_are_not_puzzles() {
        assert!(!is_puzzle_line(&[b'.'; 80]));
        assert!(is_puzzle_line(&[b'.'; 81]));
        let mut accented = "é".repeat(80).into_bytes();
        assert!(!is_puzzle_line(&accented));
        accented.push(b'x');
        assert!(is_puzzle_line(&accented));
    }
}
