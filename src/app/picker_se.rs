//! The picker's Sudoku Explainer column: each puzzle's ER/EP/ED, rated in the background for the
//! whole collection ([`super::collection_se`]) and cached on disk, compared with the rating its
//! line carries (`≠ ED 9.1/9.1/2.6`), the order by ER (`s` cycles file order, hardest first,
//! easiest first) and the ER filter (`e`, then `>= 9`, `< 8.5`, `9-10`, Enter).

use super::{App, Effect};
use crate::solver::se::Difficulty;
use crate::storage::se_cache::{parse_difficulty, SeRecord};
use std::fmt;

/// What the background rating found for an entry: SE's rating (or why there is none), or why
/// the entry has none at all (its line is not a puzzle, the rating failed).
pub type Found = Result<SeRecord, String>;

/// The SE ratings of one collection's entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeColumn {
    /// The collection's file.
    pub path: String,
    /// By entry: what was found, `None` while not rated.
    pub found: Vec<Option<Found>>,
    /// Entries with something found.
    pub done: usize,
    /// By entry: the SE rating its line carries (read once).
    pub given: Vec<Option<String>>,
    /// The run of the background rating under way (`None`: none).
    pub run: Option<u64>,
}

/// The picker's Sudoku Explainer part: the column of ratings, the runs of its background
/// rating, the order of the entries and the ER filter. Only this module and its named methods
/// change it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeState {
    /// The SE ratings of the collection's entries.
    column: Option<SeColumn>,
    /// Runs of the background SE rating started (each run is numbered).
    runs: u64,
    /// The order of the entries (`s`).
    sort: Sort,
    /// Only entries of these ERs are listed (`e`).
    er_filter: Option<ErFilter>,
}

impl SeState {
    /// The order of the entries.
    pub fn sort(&self) -> Sort {
        self.sort
    }

    /// The next order (`s`).
    pub fn next_sort(&mut self) {
        self.sort = self.sort.next();
    }

    /// Only entries of these ERs are listed.
    pub fn er_filter(&self) -> Option<ErFilter> {
        self.er_filter
    }

    /// An ER filter typed and applied (`None`: none).
    pub fn set_er_filter(&mut self, filter: Option<ErFilter>) {
        self.er_filter = filter;
    }
}

/// The order of the picker's entries.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// As in the file.
    #[default]
    File,
    /// Highest ER first (unrated entries last).
    ErDown,
    /// Lowest ER first (unrated entries last).
    ErUp,
}

impl Sort {
    /// The next order (`s`).
    pub fn next(self) -> Sort {
        match self {
            Sort::File => Sort::ErDown,
            Sort::ErDown => Sort::ErUp,
            Sort::ErUp => Sort::File,
        }
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sort::File => "file order",
            Sort::ErDown => "ER high to low",
            Sort::ErUp => "ER low to high",
        })
    }
}

/// Only entries whose ER is within these bounds (both inclusive) are listed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ErFilter {
    pub min: Option<Difficulty>,
    pub max: Option<Difficulty>,
}

/// Why an ER filter does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    #[error("{0:?} is not a rating (write it as 9 or 8.5)")]
    NotARating(String),
    #[error("the range {0}-{1} is empty")]
    Empty(Difficulty, Difficulty),
}

/// A rating as typed: `9`, `8.5`, `11.0`.
fn rating(s: &str) -> Result<Difficulty, FilterError> {
    let s = s.trim();
    let with_point = if s.contains('.') {
        s.to_string()
    } else {
        format!("{s}.0")
    };
    parse_difficulty(&with_point).ok_or_else(|| FilterError::NotARating(s.to_string()))
}

impl ErFilter {
    /// Reads a filter: `>= 9`, `> 9`, `<= 8.5`, `< 8.5`, `= 9.0`, `9-10` (a range), `9` (at
    /// least 9), with or without a leading `ER`; `Ok(None)` for nothing (no filter).
    pub fn parse(text: &str) -> Result<Option<ErFilter>, FilterError> {
        let t = text.trim();
        let t = t
            .strip_prefix("ER")
            .or_else(|| t.strip_prefix("er"))
            .unwrap_or(t)
            .trim();
        if t.is_empty() {
            return Ok(None);
        }
        let step = |d: Difficulty, up: bool| {
            Difficulty(if up {
                d.0.saturating_add(1)
            } else {
                d.0.saturating_sub(1)
            })
        };
        let (min, max) = if let Some(v) = t.strip_prefix(">=") {
            (Some(rating(v)?), None)
        } else if let Some(v) = t.strip_prefix("<=") {
            (None, Some(rating(v)?))
        } else if let Some(v) = t.strip_prefix('>') {
            (Some(step(rating(v)?, true)), None)
        } else if let Some(v) = t.strip_prefix('<') {
            (None, Some(step(rating(v)?, false)))
        } else if let Some(v) = t.strip_prefix('=') {
            let d = rating(v)?;
            (Some(d), Some(d))
        } else if let Some((a, b)) = t.split_once('-') {
            (Some(rating(a)?), Some(rating(b)?))
        } else {
            (Some(rating(t)?), None)
        };
        if let (Some(a), Some(b)) = (min, max) {
            if a > b {
                return Err(FilterError::Empty(a, b));
            }
        }
        Ok(Some(ErFilter { min, max }))
    }

    /// Whether an entry of this ER is listed (an entry without one never is).
    pub fn passes(&self, er: Option<Difficulty>) -> bool {
        er.is_some_and(|er| self.min.is_none_or(|m| er >= m) && self.max.is_none_or(|m| er <= m))
    }
}

impl fmt::Display for ErFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => write!(f, "ER = {a}"),
            (Some(a), Some(b)) => write!(f, "ER {a}-{b}"),
            (Some(a), None) => write!(f, "ER >= {a}"),
            (None, Some(b)) => write!(f, "ER <= {b}"),
            (None, None) => f.write_str("any ER"),
        }
    }
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The column of the collection `path`, when it is the one known.
fn column<'a>(app: &'a App, path: &str) -> Option<&'a SeColumn> {
    app.picker.se().column.as_ref().filter(|c| c.path == path)
}

/// What was found for entry `i` of the open collection.
fn found(app: &App, i: usize) -> Option<&Found> {
    let c = app.collection()?;
    column(app, &c.path)?.found.get(i)?.as_ref()
}

/// The ER of entry `i`, when it has one.
pub fn er(app: &App, i: usize) -> Option<Difficulty> {
    match found(app, i)? {
        Ok(SeRecord::Rated { er, .. }) => Some(*er),
        _ => None,
    }
}

/// The SE rating a line carries, as figures (ER, then EP and ED when given).
fn given_figures(given: &str) -> Option<Vec<Difficulty>> {
    given.split('/').map(parse_difficulty).collect()
}

/// The entry's SE column: `9.0/9.0/2.8`, `2+ solutions`, `…` while not rated, padded; then the
/// rating the line carries when it differs (`≠ ED 9.1/9.1/2.6`), or while not rated.
pub fn cell(app: &App, i: usize, line: &str) -> String {
    let given = match app.collection().and_then(|c| column(app, &c.path)) {
        Some(col) => col.given.get(i).cloned().flatten(),
        None => crate::codec::rating::se_rating_of_line(line),
    };
    let tag = |g: &str| if g.contains('/') { "ED" } else { "SE" };
    let (text, note) = match found(app, i) {
        None => ("…".to_string(), given.map(|g| format!("{} {g}  ", tag(&g)))),
        Some(Ok(SeRecord::Rated { er, ep, ed })) => {
            let differs = given
                .as_deref()
                .and_then(given_figures)
                .is_some_and(|g| g.iter().zip([er, ep, ed]).any(|(a, b)| a != b));
            let note = given
                .filter(|_| differs)
                .map(|g| format!("≠ {} {g}  ", tag(&g)));
            (format!("{er}/{ep}/{ed}"), note)
        }
        Some(Ok(SeRecord::Several)) => ("2+ solutions".into(), None),
        Some(Ok(SeRecord::NoSolution)) => ("no solution".into(), None),
        Some(Err(_)) => ("-".into(), None),
    };
    format!("{text:<14} {}", note.unwrap_or_default())
}

/// Whether entry `i` is listed under the ER filter.
pub fn listed(app: &App, i: usize) -> bool {
    app.picker
        .se()
        .er_filter
        .is_none_or(|f| f.passes(er(app, i)))
}

/// Puts the listed entries in the picker's order.
pub fn sort(app: &App, entries: &mut [usize]) {
    match app.picker.se().sort {
        Sort::File => {}
        Sort::ErDown => {
            entries.sort_by_cached_key(|&i| (er(app, i).is_none(), std::cmp::Reverse(er(app, i))))
        }
        Sort::ErUp => entries.sort_by_cached_key(|&i| (er(app, i).is_none(), er(app, i))),
    }
}

/// The header's words on the column: progress (`SE 1,234/48,766`), the order and the filter.
pub fn header(app: &App) -> String {
    let Some(c) = app.collection() else {
        return String::new();
    };
    let mut out = String::new();
    if let Some(col) = column(app, &c.path) {
        out.push_str(&format!("; SE {}/{}", grouped(col.done), grouped(c.count)));
        if col.run.is_some() && col.done < c.count {
            out.push('…');
        }
    }
    if app.picker.se().sort != Sort::File {
        out.push_str(&format!("; {}", app.picker.se().sort));
    }
    if let Some(f) = app.picker.se().er_filter {
        out.push_str(&format!("; {f}"));
    }
    out
}

/// The background rating of the entries not rated yet, when some are left.
pub fn effect(app: &mut App) -> Vec<Effect> {
    let Some(c) = app.origin.collection() else {
        return Vec::new();
    };
    if c.lines.is_empty() {
        return Vec::new();
    }
    let se = app.picker.se_mut();
    let col = match se.column.take().filter(|col| col.path == c.path) {
        Some(col) => col,
        None => SeColumn {
            path: c.path.clone(),
            found: vec![None; c.lines.len()],
            done: 0,
            given: c
                .lines
                .iter()
                .map(|l| crate::codec::rating::se_rating_of_line(l))
                .collect(),
            run: None,
        },
    };
    let col = se.column.insert(col);
    if col.done >= col.found.len() {
        return Vec::new();
    }
    se.runs += 1;
    col.run = Some(se.runs);
    vec![Effect::RateCollectionSe {
        path: c.path.clone(),
        lines: super::shared::Shared::new(c.lines.clone()),
        from: c.index,
        known: col.found.iter().map(Option::is_some).collect(),
        run: se.runs,
    }]
}

/// Ratings arrived from run `run` of the background rating of collection `path`; `last` when
/// that run stopped. The entries whose rating changed (the picker writes them again); `None`
/// when the column is not that collection's.
pub fn arrived(
    app: &mut App,
    path: &str,
    run: u64,
    batch: Vec<(usize, Found)>,
    last: bool,
) -> Option<Vec<usize>> {
    let col = app
        .picker
        .se_mut()
        .column
        .as_mut()
        .filter(|c| c.path == path)?;
    let mut changed = Vec::with_capacity(batch.len());
    for (i, f) in batch {
        if let Some(slot) = col.found.get_mut(i) {
            if slot.is_none() {
                col.done += 1;
            }
            *slot = Some(f);
            changed.push(i);
        }
    }
    if last && col.run == Some(run) {
        col.run = None;
    }
    Some(changed)
}

/// The background rating failed: it is no longer under way.
pub fn failed(app: &mut App) {
    if let Some(col) = app.picker.se_mut().column.as_mut() {
        col.run = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(min: Option<u16>, max: Option<u16>) -> Option<ErFilter> {
        Some(ErFilter {
            min: min.map(Difficulty),
            max: max.map(Difficulty),
        })
    }

    #[test]
    fn filters_read_as_typed() {
        assert_eq!(ErFilter::parse("ER >= 9"), Ok(f(Some(90), None)));
        assert_eq!(ErFilter::parse(">=9"), Ok(f(Some(90), None)));
        assert_eq!(ErFilter::parse("> 9"), Ok(f(Some(91), None)));
        assert_eq!(ErFilter::parse("< 8.5"), Ok(f(None, Some(84))));
        assert_eq!(ErFilter::parse("<= 8.5"), Ok(f(None, Some(85))));
        assert_eq!(ErFilter::parse("= 7.2"), Ok(f(Some(72), Some(72))));
        assert_eq!(ErFilter::parse("9-10"), Ok(f(Some(90), Some(100))));
        assert_eq!(ErFilter::parse("11"), Ok(f(Some(110), None)));
        assert_eq!(ErFilter::parse("  "), Ok(None));
        assert!(matches!(
            ErFilter::parse("9.."),
            Err(FilterError::NotARating(_))
        ));
        assert!(matches!(
            ErFilter::parse("10-9"),
            Err(FilterError::Empty(..))
        ));
        assert!(ErFilter::parse("hard").is_err());
    }

    #[test]
    fn a_filter_passes_its_bounds_and_never_an_entry_without_er() {
        let g = f(Some(90), Some(95)).unwrap();
        assert!(g.passes(Some(Difficulty(90))) && g.passes(Some(Difficulty(95))));
        assert!(!g.passes(Some(Difficulty(89))) && !g.passes(Some(Difficulty(96))));
        assert!(!g.passes(None));
        assert_eq!(g.to_string(), "ER 9.0-9.5");
        assert_eq!(
            ErFilter::parse(&f(Some(90), None).unwrap().to_string()),
            Ok(f(Some(90), None))
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1234), "1,234");
        assert_eq!(grouped(48766), "48,766");
        assert_eq!(grouped(1234567), "1,234,567");
    }
}
