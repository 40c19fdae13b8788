//! The Sudoku Explainer engine on the command line: `rate --se [--format F]` prints SE's
//! `ER/EP/ED` (serate's `--format` conversions), `steps --engine se` its path and
//! `hint --engine se` its next hint.
//!
//! A step line is `difficulty TAB name TAB eliminations TAB placements TAB text` (SE's
//! difficulty with one decimal, SE's hint name, `drc` triplets as `steps` writes them, SE's
//! hint text); a path ends with `rating TAB ER/EP/ED`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use crate::domain::Board;
use crate::solver::se::{self, SeContext, SePath, SeRating};
use crate::solver::step::triplets_sorted;
use crate::solver::{Grid, Step};

/// Which step engine `steps` and `hint` use.
#[derive(clap::ValueEnum, Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// HoDoKu's techniques, order and scores.
    #[default]
    Hodoku,
    /// Sudoku Explainer's (Sukaku Explainer's default settings): SE's techniques and
    /// difficulties.
    Se,
}

/// One piece of a `--format` string (serate's conversions).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// `%g`: the input line.
    Input,
    /// `%i`: the puzzle's values, 81 characters with `.` for empty cells.
    Values,
    /// `%r %p %d`: ER, EP, ED.
    Er,
    Ep,
    Ed,
    /// `%R %P %D`: the names of the techniques that set them.
    ErName,
    EpName,
    EdName,
    /// `%n`: the puzzle's ordinal, from 1.
    Ordinal,
    /// `%e`: the time the rating took, as serate prints it (`0.05s`, `1m05s`).
    Elapsed,
}

/// A parsed `--format` string: `%g %i %r %p %d %R %P %D %n %e`, `%t` (tab), `%l` (new line),
/// `%%`; any other `%x` prints `x`, as serate does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeFormat(Vec<Piece>);

/// serate's default format.
pub const DEFAULT_FORMAT: &str = "%r/%p/%d";

impl SeFormat {
    pub fn parse(spec: &str) -> SeFormat {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = spec.chars();
        while let Some(ch) = chars.next() {
            if ch != '%' {
                text.push(ch);
                continue;
            }
            let Some(conv) = chars.next() else {
                text.push('%');
                break;
            };
            let piece = match conv {
                'g' => Piece::Input,
                'i' => Piece::Values,
                'r' => Piece::Er,
                'p' => Piece::Ep,
                'd' => Piece::Ed,
                'R' => Piece::ErName,
                'P' => Piece::EpName,
                'D' => Piece::EdName,
                'n' => Piece::Ordinal,
                'e' => Piece::Elapsed,
                't' => {
                    text.push('\t');
                    continue;
                }
                'l' => {
                    text.push('\n');
                    continue;
                }
                other => {
                    text.push(other);
                    continue;
                }
            };
            if !text.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
            }
            pieces.push(piece);
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        SeFormat(pieces)
    }

    /// The line for one rated puzzle.
    pub fn render(&self, r: &Rated<'_>) -> String {
        let mut s = String::new();
        for p in &self.0 {
            match p {
                Piece::Text(t) => s.push_str(t),
                Piece::Input => s.push_str(r.line),
                Piece::Values => s.push_str(&values81(r.board)),
                Piece::Er => s.push_str(&r.rating.er.to_string()),
                Piece::Ep => s.push_str(&r.rating.ep.to_string()),
                Piece::Ed => s.push_str(&r.rating.ed.to_string()),
                Piece::ErName => s.push_str(name_or_none(&r.rating.er_name)),
                Piece::EpName => s.push_str(name_or_none(&r.rating.ep_name)),
                Piece::EdName => s.push_str(name_or_none(&r.rating.ed_name)),
                Piece::Ordinal => {
                    let _ = write!(s, "{}", r.ordinal);
                }
                Piece::Elapsed => s.push_str(&elapsed_text(r.millis)),
            }
        }
        s
    }
}

/// What a format line is made of.
pub struct Rated<'a> {
    pub line: &'a str,
    pub board: &'a Board,
    pub rating: &'a SeRating,
    pub ordinal: u64,
    pub millis: u128,
}

/// serate names a figure no step set `No solution`.
fn name_or_none(name: &str) -> &str {
    if name.is_empty() {
        "No solution"
    } else {
        name
    }
}

fn values81(board: &Board) -> String {
    board
        .values_array()
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
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

/// Rates a board with the SE engine and renders its line.
pub fn rate_line(board: &Board, line: &str, ordinal: u64, format: &SeFormat) -> String {
    let start = Instant::now();
    let rating = se::rate(&Grid::from_board(board));
    let millis = start.elapsed().as_millis();
    format.render(&Rated {
        line,
        board,
        rating: &rating,
        ordinal,
        millis,
    })
}

/// One step line (see the module docs).
pub fn step_line(s: &Step) -> String {
    format!(
        "{}\t{}\t{}\t{}\t{}",
        se::step::difficulty(s),
        s.name(),
        triplets_sorted(&s.eliminations),
        triplets_sorted(&s.placements),
        s.text
    )
}

/// `ER/EP/ED`.
pub fn rating_text(r: &SeRating) -> String {
    format!("{}/{}/{}", r.er, r.ep, r.ed)
}

/// Writes SE's path: one line per step, then `rating TAB ER/EP/ED`.
pub fn write_path(out: &mut impl Write, path: &SePath) -> io::Result<()> {
    for s in &path.steps {
        writeln!(out, "{}", step_line(s))?;
    }
    writeln!(out, "rating\t{}", rating_text(&path.rating))
}

/// SE's path of a board.
pub fn path(board: &Board) -> SePath {
    se::solution_path(&Grid::from_board(board))
}

/// SE's next hint for a board, as a step line.
pub fn hint(board: &Board) -> Option<String> {
    se::next_step(&Grid::from_board(board), &SeContext).map(|s| step_line(&s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::se::Difficulty;

    #[test]
    fn format_conversions() {
        let f = SeFormat::parse("%g %r/%p/%d%t%R|%P|%D #%n %% %x");
        let board = Board::empty();
        let rating = SeRating {
            er: Difficulty(72),
            ep: Difficulty(15),
            ed: Difficulty(12),
            er_name: "Swordfish".into(),
            ep_name: "Hidden Single".into(),
            ed_name: "Hidden Single".into(),
        };
        let line = f.render(&Rated {
            line: "puzzle",
            board: &board,
            rating: &rating,
            ordinal: 3,
            millis: 1234,
        });
        assert_eq!(
            line,
            "puzzle 7.2/1.5/1.2\tSwordfish|Hidden Single|Hidden Single #3 % x"
        );
        assert_eq!(SeFormat::parse(DEFAULT_FORMAT).0.len(), 5);
        assert_eq!(elapsed_text(1234), "1.23s");
        assert_eq!(elapsed_text(65_000), "1m05s");
    }
}
