//! SunnieShine / SudokuStudio format strings (docs/formats.md §4), plus `%` (Excel) and `^`
//! (OpenSudoku) as the seed 003 document lists them: a string maps to a writer and its options.
//!
//! Flags: `.`/`0` placeholder; `+` filled digits as `+d`; `:` eliminations; `!` filled digits as
//! givens; `*` shorten (one line) or `+` borders (multi-line); `#` = `.+:`; `@` multi-line;
//! `@:` pencilmark; `~` Sukaku; `%` Excel; `^` OpenSudoku.

use super::{Format, WriteOptions};

/// Why a format string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StudioError {
    #[error("format string {0:?}: character {1:?} is not a format flag")]
    BadChar(String, char),
    #[error("format string {0:?}: flag {1:?} repeats")]
    Repeated(String, char),
    #[error("format string {0:?}: this combination is not in the SudokuStudio table")]
    Combination(String),
    #[error("format string {0:?}: {1}")]
    Unsupported(String, &'static str),
}

/// Maps a SudokuStudio format string to a writer and options. `""`, `"."` and `"0"` are the
/// givens-only Susser line.
pub fn parse(spec: &str) -> Result<(Format, WriteOptions), StudioError> {
    let s = spec.trim();
    if s == "%" {
        return Ok((Format::Excel, WriteOptions::default()));
    }
    if s == "^" {
        return Ok((Format::OpenSudoku, WriteOptions::default()));
    }
    // `#` = `.+:`; `#0`/`0#` and `#.`/`.#` choose the placeholder (order does not matter).
    let expanded: String = if s.contains('#') {
        let rest: String = s.chars().filter(|&c| c != '#').collect();
        if s.matches('#').count() != 1 || !(rest.is_empty() || rest == "." || rest == "0") {
            return Err(StudioError::Combination(spec.into()));
        }
        format!("{}+:", if rest == "0" { "0" } else { "." })
    } else {
        s.to_string()
    };
    let mut flags = Flags::default();
    for ch in expanded.chars() {
        let slot = match ch {
            '.' => &mut flags.dot,
            '0' => &mut flags.zero,
            '+' => &mut flags.plus,
            ':' => &mut flags.colon,
            '!' => &mut flags.bang,
            '*' => &mut flags.star,
            '@' => &mut flags.at,
            '~' => &mut flags.tilde,
            '^' => &mut flags.caret,
            _ => return Err(StudioError::BadChar(spec.into(), ch)),
        };
        if *slot {
            return Err(StudioError::Repeated(spec.into(), ch));
        }
        *slot = true;
    }
    let f = flags;
    if f.dot && f.zero {
        return Err(StudioError::Combination(spec.into()));
    }
    if f.caret {
        return Err(StudioError::Unsupported(
            spec.into(),
            "negated triplets (^ with :) are read-only in SudokuStudio and not written",
        ));
    }
    let combo = |ok: bool, format: Format, opts: WriteOptions| {
        if ok {
            Ok((format, opts))
        } else {
            Err(StudioError::Combination(spec.into()))
        }
    };
    if f.tilde {
        // `~.` dot; `~` and `~0` zero (SunnieShine's Sukaku default); `@~` multi-line.
        let opts = WriteOptions {
            zeros: !f.dot,
            multiline: f.at,
            ..WriteOptions::default()
        };
        return combo(
            !(f.plus || f.colon || f.bang || f.star),
            Format::Sukaku,
            opts,
        );
    }
    if f.at {
        let mut opts = WriteOptions {
            zeros: f.zero,
            plus_borders: f.star,
            values_as_givens: f.bang,
            ..WriteOptions::default()
        };
        if f.colon {
            return combo(!f.plus, Format::PmMarked, opts);
        }
        // Boxed grid: `@` drops filled digits, `@!` writes them as givens.
        opts.givens_only = !f.bang;
        return combo(!f.plus, Format::Boxed, opts);
    }
    let opts = WriteOptions {
        zeros: f.zero,
        ..WriteOptions::default()
    };
    if f.star {
        return combo(!(f.plus || f.colon || f.bang), Format::SusserShort, opts);
    }
    if f.colon {
        if f.plus && !f.bang {
            return Ok((Format::SusserElims, opts));
        }
        if f.bang && !f.plus {
            let opts = WriteOptions {
                values_as_givens: true,
                ..opts
            };
            return Ok((Format::SusserElims, opts));
        }
        if !f.plus && !f.bang {
            return Err(StudioError::Unsupported(
                spec.into(),
                "the bare elimination list (no grid) is not a puzzle format",
            ));
        }
        return Err(StudioError::Combination(spec.into()));
    }
    match (f.plus, f.bang) {
        (true, false) => Ok((Format::SusserPlus, opts)),
        (false, true) => Ok((Format::Values, opts)),
        (false, false) => Ok((Format::Susser, opts)),
        (true, true) => Err(StudioError::Combination(spec.into())),
    }
}

#[derive(Default, Clone, Copy)]
struct Flags {
    dot: bool,
    zero: bool,
    plus: bool,
    colon: bool,
    bang: bool,
    star: bool,
    at: bool,
    tilde: bool,
    caret: bool,
}

/// A `--to` value: a format id or alias ([`Format::from_id`]) first, else a format string.
pub fn resolve_target(s: &str) -> Result<(Format, WriteOptions), StudioError> {
    match Format::from_id(s) {
        Some(f) => Ok((f, WriteOptions::default())),
        None => parse(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> (Format, WriteOptions) {
        parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn table_of_section_4() {
        assert_eq!(p(".").0, Format::Susser);
        assert!(p("0").1.zeros);
        for s in ["+", ".+", "+.", "0+", "+0"] {
            assert_eq!(p(s).0, Format::SusserPlus, "{s}");
        }
        for s in ["+:", "+.:", ".+:", "#", "#.", "0+:", "+0:", "#0"] {
            assert_eq!(p(s).0, Format::SusserElims, "{s}");
        }
        assert!(p("#0").1.zeros && p("0#").1.zeros);
        for s in ["!", ".!", "!.", "0!", "!0"] {
            assert_eq!(p(s).0, Format::Values, "{s}");
        }
        let (f, o) = p("0!:");
        assert_eq!(f, Format::SusserElims);
        assert!(o.values_as_givens && o.zeros);
        for s in [".*", "*.", "0*", "*0"] {
            assert_eq!(p(s).0, Format::SusserShort, "{s}");
        }
        let (f, o) = p("@");
        assert!(f == Format::Boxed && o.givens_only && !o.plus_borders);
        let (f, o) = p("@*0");
        assert!(f == Format::Boxed && o.givens_only && o.plus_borders && o.zeros);
        let (f, o) = p("@!");
        assert!(f == Format::Boxed && o.values_as_givens && !o.givens_only);
        assert_eq!(p("@:").0, Format::PmMarked);
        assert!(p("@*:").1.plus_borders);
        assert!(p("@:!").1.values_as_givens);
        let (f, o) = p("~.");
        assert!(f == Format::Sukaku && !o.zeros);
        assert!(p("~").1.zeros && p("~0").1.zeros);
        assert!(p("@~").1.multiline && p("~@0").1.multiline);
        assert_eq!(p("%").0, Format::Excel);
        assert_eq!(p("^").0, Format::OpenSudoku);
    }

    #[test]
    fn refusals() {
        assert!(parse(":").is_err());
        assert!(parse("+!").is_err());
        assert!(parse("..").is_err());
        assert!(parse(".0").is_err());
        assert!(parse("^:").is_err());
        assert!(parse("q").is_err());
        assert!(parse("@+").is_err());
    }

    #[test]
    fn ids_win_over_format_strings() {
        assert_eq!(resolve_target("hodoku").unwrap().0, Format::Hodoku);
        assert_eq!(resolve_target("#").unwrap().0, Format::SusserElims);
    }
}
