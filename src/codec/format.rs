//! `Format`: the typed list of text formats, with their command-line ids.

use std::fmt;

/// Every format the codec knows; [`Format::id`] is its command-line name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// 81 characters, givens only.
    Susser,
    /// 81 characters, every placed digit as a plain digit (reads as `Susser`).
    Values,
    /// 81 cells, filled digits as `+d`.
    SusserPlus,
    /// `+d` grid, `:`, eliminations `drc`.
    SusserElims,
    /// Rows shortened with `*`, joined by `,`.
    SusserShort,
    /// HoDoKu library line.
    Hodoku,
    /// 9 lines of 9 characters.
    Grid,
    /// Multi-line grid with box borders, `+d` for filled digits.
    Boxed,
    /// Pencilmark grid, HoDoKu's PM_GRID layout (values unmarked).
    Pm,
    /// Pencilmark grid with `<d>` givens and `*d*` filled digits.
    PmMarked,
    /// 729 characters.
    Sukaku,
    /// 9 rows of 9 TAB-separated fields.
    Excel,
    /// `value|notes|editable` triples.
    OpenSudoku,
    /// Rated Sudoku JSON puzzle.
    Json,
    /// Simple Sudoku stacked grids.
    SimpleSudoku,
    /// Rated Sudoku partial puzzle JSON (read only).
    JsonPartial,
    /// SudoCue progress file (read only).
    Sdx,
    /// gsf q2 taxonomy CSV line (read only).
    Gsf,
    /// The canonical form of the givens (minlex), an 81-character line (reads as `Susser`).
    Minlex,
}

impl Format {
    pub const ALL: [Format; 19] = [
        Format::Susser,
        Format::Values,
        Format::SusserPlus,
        Format::SusserElims,
        Format::SusserShort,
        Format::Hodoku,
        Format::Grid,
        Format::Boxed,
        Format::Pm,
        Format::PmMarked,
        Format::Sukaku,
        Format::Excel,
        Format::OpenSudoku,
        Format::Json,
        Format::SimpleSudoku,
        Format::JsonPartial,
        Format::Sdx,
        Format::Gsf,
        Format::Minlex,
    ];

    /// The command-line id.
    pub const fn id(self) -> &'static str {
        match self {
            Format::Susser => "susser",
            Format::Values => "values",
            Format::SusserPlus => "susser-plus",
            Format::SusserElims => "susser-elims",
            Format::SusserShort => "susser-short",
            Format::Hodoku => "hodoku",
            Format::Grid => "grid",
            Format::Boxed => "boxed",
            Format::Pm => "pm",
            Format::PmMarked => "pm-marked",
            Format::Sukaku => "sukaku",
            Format::Excel => "excel",
            Format::OpenSudoku => "opensudoku",
            Format::Json => "json",
            Format::SimpleSudoku => "simple-sudoku",
            Format::JsonPartial => "json-partial",
            Format::Sdx => "sdx",
            Format::Gsf => "gsf",
            Format::Minlex => "minlex",
        }
    }

    /// A human name for status lines ("Pasted HoDoKu library line ...").
    pub const fn name(self) -> &'static str {
        match self {
            Format::Susser => "Susser line",
            Format::Values => "values line",
            Format::SusserPlus => "Susser line with +",
            Format::SusserElims => "Susser line with eliminations",
            Format::SusserShort => "shortened Susser line",
            Format::Hodoku => "HoDoKu library line",
            Format::Grid => "9x9 grid",
            Format::Boxed => "boxed grid",
            Format::Pm => "pencilmark grid",
            Format::PmMarked => "marked pencilmark grid",
            Format::Sukaku => "Sukaku 729",
            Format::Excel => "Excel rows",
            Format::OpenSudoku => "OpenSudoku",
            Format::Json => "Rated Sudoku JSON",
            Format::SimpleSudoku => "Simple Sudoku grids",
            Format::JsonPartial => "Rated Sudoku partial JSON",
            Format::Sdx => "SudoCue sdx",
            Format::Gsf => "gsf q2 line",
            Format::Minlex => "canonical form (minlex)",
        }
    }

    pub const fn can_read(self) -> bool {
        true
    }

    pub const fn can_write(self) -> bool {
        !matches!(self, Format::JsonPartial | Format::Sdx | Format::Gsf)
    }

    /// Parses an id or alias (case-insensitive).
    pub fn from_id(s: &str) -> Option<Format> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "line" | "81" | "givens" => Some(Format::Susser),
            "plus" | "susser+" => Some(Format::SusserPlus),
            "elims" | "state" => Some(Format::SusserElims),
            "short" => Some(Format::SusserShort),
            "library" | "hodoku-library" => Some(Format::Hodoku),
            "lines" | "grid-lines" | "9x9" => Some(Format::Grid),
            "pm-plain" | "pencilmark" => Some(Format::Pm),
            "marked" => Some(Format::PmMarked),
            "729" | "sukaku-729" => Some(Format::Sukaku),
            "tsv" | "excel-tsv" | "csv" => Some(Format::Excel),
            "rated-json" | "rated-json-puzzle" => Some(Format::Json),
            "rated-json-partial" => Some(Format::JsonPartial),
            "ss" | "ss-stacked" => Some(Format::SimpleSudoku),
            "canonical" | "minlex-form" => Some(Format::Minlex),
            _ => None,
        };
        alias.or_else(|| Format::ALL.into_iter().find(|f| f.id() == s))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
