//! SE's hint-window texts of the techniques that are not chains (intersections, sets, fish,
//! wings), filled in from an explanation's data, and each hint's one-line text (its
//! `toString()`), by which a step's hint is told from the others its facts allow.
//!
//! The templates are the texts of Sudoku Explainer's hint window, its colour tags left out;
//! `{n}` is the n-th argument, as SE's `HtmlLoader.format` fills them.

use super::model::{Excluded, Explanation, SetKind, WingExplanation};
use super::render::{fill, house_name, SHARED};
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::se::regions::{digit_list, full_cells};
use crate::solver::se::SeName;

const LOCKING_1: &str = "<html><body><h2>{3}</h2><p>
   All the potential positions of the value <b>{0}</b> in the {1} are in the same {2}.
   Because the {1} must contain the value {0}, the {2} will have the
   value {0} in one of the intersecting cells.
  </p><p>
   The other potential positions of the value <b>{0}</b> that are in the
   {2} but not in the {1} can therefore be removed.
  </p></body></html>";

const LOCKING_N: &str = "<html><body><h2>{0}</h2><p>
   All the potential positions of the value <b>{1}</b> in {2} different
   {3}s are in the same {2} {4}s. Because the number of
   {3}s matches the number of  {4}s, and because each
   {3} must contain the value <b>{1}</b>; each
   {4} will have a <b>{1}</b> in one of the intersecting cells.
  </p><p>
   The other potential positions of the value <b>{1}</b> that are in the
   {4}s but not in one of the {3}s can therefore be removed.
  </p></body></html>";

const DIRECT_LOCKING: &str = "<html><body><h2>{3}</h2><p>
   All the potential positions of the value <b>{0}</b> in the
   {1} are in the same {2}.
   Because the {1} must contain the value {0}, the {2} will have the
   value {0} in one of the intersecting cells.
  </p><p>
   The other potential positions of the value <b>{0}</b> that are in the
   {2} but not in the {1} are therefore not valid.
  </p><p>
   As a result, the cell <b>{4}</b> is the only remaining position of
   the value <b>{0}</b> in its <b>{1}</b>.
  </p></body></html>";

const HIDDEN_SET: &str = "<html><body><h2>{4}</h2><p>
   The {0} cells {1} are the only possible positions of the
   {0} values <b>{2}</b> in the {3}.
   Because the number of possible cells matches the number of values,
   these {0} cells must contain these {0} values in any order.
  </p><p>
   Other potential values can therefore be removed from these cells.
  </p></body></html>";

const DIRECT_HIDDEN_SET: &str = "<html><body><h2>{4}</h2><p>
   The {0} cells <b>{1}</b> are the only possible positions of the
   {0} values <b>{2}</b> in the {3}.
   Because the number of possible cells matches the number of values,
   these {0} cells must contain these {0} values in any order.
  </p><p>
   Other values can therefore not be in these cells. It
   follows that the cell <b>{5}</b> is the only remaining
   possible position of the value <b>{6}</b> in the {3}.
  </p></body></html>";

const NAKED_SET: &str = "<html><body><h2>{4}</h2><p>
   The only possible values for the {0} cells {1} of the
   {3} are the {0} values <b>{2}</b>.
   Because the number of possible values matches the number of cells,
   these {0} values must be located in these {0} cells in any order.
  </p><p>
   Other potential positions of these values can therefore be
   removed from the {3}.
  </p></body></html>";

const XY_WING: &str = "<html><body><h2>XY-Wing</h2><p>
   The three cells <b>{0}</b>, <b>{1}</b> and <b>{2}</b> form an <b>XY-Wing</b>
   pattern on the value <b>{3}</b>.
   Regardless of the correct value of the cell <b>{0}</b> (<b>{4}</b> or
   <b>{5}</b>), one of the two cells <b>{1}</b> or <b>{2}</b> will
   have the value <b>{3}</b> as its only remaining possible value.
   It follows that either the cell <b>{1}</b> or the cell <b>{2}</b> must
   contain the value <b>{3}</b>.
  </p><p>
   Other occurrences of the value <b>{3}</b> can therefore be removed from any
   cells sharing a {6} with both <b>{1}</b> and <b>{2}</b>.
  </p></body></html>";

const XYZ_WING: &str = "<html><body><h2>XYZ-Wing</h2><p>
   The three cells <b>{0}</b>, <b>{1}</b> and <b>{2}</b> form an
   <b>XYZ-Wing</b> pattern on the value <b>{3}</b>.
   Regardless of the correct value of the cell <b>{0}</b> (<b>{3}</b>,
   <b>{4}</b> or <b>{5}</b>), either the cell
   <b>{0}</b> contains the value <b>{3}</b>, or one of the two
   cells <b>{1}</b> or <b>{2}</b> will have the value <b>{3}</b> as
   its only remaining possible value.
   It follows that one of the three cells <b>{0}</b>, <b>{1}</b> or
   <b>{2}</b> must contain the value <b>{3}</b>.
  </p><p>
   Other occurrences of the value <b>{3}</b> can therefore be removed from any
   cells sharing a {6} with all the three cells.
  </p></body></html>";

const ALIGNED_PAIR: &str = "<html><body><h2>Aligned {0} Exclusion</h2><p>
   The cells <b>{1}</b> can together accept various combinations of values. But
   some combinations of values can be excluded, because they would leave some cells with
   no possible values.
  </p><p>
   More precisely, the following combinations of values are not possible for the
   cells <b>{1}</b>:<br>
   {2}
  </p><p>
   Because the value <b>{4}</b> of the cell <b>{3}</b> occurs in none of
   the remaining combinations, it can safely be removed.
  </p></body></html>";

const ALIGNED: &str = "<html><body><h2>Aligned {0} Exclusion</h2><p>
   The cells <b>{1}</b> can together accept various combinations of values. But
   some combinations of values can be excluded, because they would leave some cells with
   no possible values.
  </p><p>
   More precisely, the following combinations of values are not possible for the
   cells <b>{1}</b>:<br>
   {2}
  </p><p>
   Because some potential values of <b>{3}</b> occur in none of
   the remaining combinations, they can safely be removed.
  </p></body></html>";

const NUMBERS: [&str; 7] = ["two", "three", "four", "five", "six", "seven", "eight"];

/// SE's `HtmlLoader.formatList`: `a, b and c`.
pub(super) fn and_list<T: ToString>(items: &[T]) -> String {
    let names: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

fn digits_and(d: DigitSet) -> String {
    and_list(&d.iter().collect::<Vec<Digit>>())
}

fn cell_list(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn set_name(kind: SetKind, n: usize) -> String {
    let n = n.clamp(2, 4) as u8;
    match kind {
        SetKind::Naked => SeName::Naked(n),
        SetKind::Hidden => SeName::Hidden(n),
        SetKind::DirectHidden { .. } => SeName::DirectHidden(n),
    }
    .to_string()
}

fn locking_name(houses: [House; 2], direct: bool) -> String {
    let pointing = matches!(houses[0], House::Box(_));
    if direct {
        SeName::DirectLocking { pointing }
    } else {
        SeName::Locking { pointing }
    }
    .to_string()
}

fn wing_name(w: &WingExplanation) -> String {
    SeName::Wing {
        cells: w.cells.len() as u8,
        double: w.double,
        biggest: w.biggest,
        size: w.size,
    }
    .to_string()
}

/// SE's one-line text of the hint (its `toString()`), `None` for a chain or a single.
pub(super) fn title(e: &Explanation) -> Option<String> {
    Some(match e {
        Explanation::Locking {
            cells,
            digit,
            houses,
        } => format!(
            "{}: {}: {digit} in {} and {}",
            locking_name(*houses, false),
            full_cells(cells),
            house_name(houses[0]),
            house_name(houses[1])
        ),
        Explanation::DirectLocking {
            cells,
            digit,
            houses,
            ..
        } => format!(
            "{}: {}: {digit} of {} in {}",
            locking_name(*houses, true),
            full_cells(cells),
            house_name(houses[0]),
            house_name(houses[1])
        ),
        Explanation::Set {
            kind,
            cells,
            digits,
            house,
        } => format!(
            "{}: {}: {} in {}",
            set_name(*kind, cells.len()),
            full_cells(cells),
            digit_list(*digits),
            house_name(*house)
        ),
        Explanation::Fish {
            cells,
            digit,
            base,
            cover,
        } => {
            let n = base.len();
            format!(
                "{}: {}: {digit} in {n} {}s and {n} {}s",
                SeName::Fish(n as u8),
                full_cells(cells),
                house_name(*base.first()?),
                house_name(*cover.first()?)
            )
        }
        Explanation::XyWing {
            xyz, cells, digit, ..
        } => format!(
            "{}: Cells {} on value {digit}",
            if *xyz { "XYZ-Wing" } else { "XY-Wing" },
            cell_list(cells)
        ),
        Explanation::Wing(w) => {
            let values = if w.double {
                format!("values {},{}", w.x, w.z)
            } else {
                format!("value {}", w.z)
            };
            format!(
                "{}: Cells {} on {values}",
                wing_name(w),
                cell_list(&w.cells)
            )
        }
        Explanation::Aligned { cells, .. } => format!(
            "{}: {}",
            SeName::Aligned(cells.len() as u8),
            cell_list(cells)
        ),
        other => return super::render_unique::title(other),
    })
}

/// The hint window of a non-chain hint, `None` for a chain or a single.
pub(super) fn html(e: &Explanation) -> Option<String> {
    Some(match e {
        Explanation::Locking { digit, houses, .. } => {
            let name = locking_name(*houses, false);
            let (h1, h2) = (house_name(houses[0]), house_name(houses[1]));
            fill(LOCKING_1, &[&digit.to_string(), h1, h2, &name])
        }
        Explanation::DirectLocking {
            digit,
            houses,
            cell,
            ..
        } => {
            let name = locking_name(*houses, true);
            let (h1, h2) = (house_name(houses[0]), house_name(houses[1]));
            fill(
                DIRECT_LOCKING,
                &[&digit.to_string(), h1, h2, &name, &cell.to_string()],
            )
        }
        Explanation::Set {
            kind,
            cells,
            digits,
            house,
        } => {
            let n = cells.len();
            let count = NUMBERS[n.clamp(2, 8) - 2];
            let args = [
                count,
                &and_list(cells),
                &digits_and(*digits),
                house_name(*house),
                &set_name(*kind, n),
            ];
            match kind {
                SetKind::Naked => fill(NAKED_SET, &args),
                SetKind::Hidden => fill(HIDDEN_SET, &args),
                SetKind::DirectHidden { cell, digit } => {
                    let (c, d) = (cell.to_string(), digit.to_string());
                    let mut all = args.to_vec();
                    all.extend([c.as_str(), d.as_str()]);
                    fill(DIRECT_HIDDEN_SET, &all)
                }
            }
        }
        Explanation::Fish {
            digit, base, cover, ..
        } => {
            let n = base.len();
            fill(
                LOCKING_N,
                &[
                    &SeName::Fish(n as u8).to_string(),
                    &digit.to_string(),
                    NUMBERS[n.clamp(2, 8) - 2],
                    house_name(*base.first()?),
                    house_name(*cover.first()?),
                ],
            )
        }
        Explanation::XyWing {
            xyz,
            cells,
            digit,
            values,
        } => {
            let [a, b, c] = cells.map(|c| c.to_string());
            fill(
                if *xyz { XYZ_WING } else { XY_WING },
                &[
                    &a,
                    &b,
                    &c,
                    &digit.to_string(),
                    &values[0].to_string(),
                    &values[1].to_string(),
                    SHARED,
                ],
            )
        }
        Explanation::Wing(w) => super::render_wings::wing_html(w)?,
        Explanation::StrongLinks(l) => super::render_links::links_html(l)?,
        Explanation::UniqueLoop {
            cells,
            values,
            kind,
        } => super::render_unique::unique_loop_html(cells, *values, kind),
        Explanation::Bug(b) => super::render_unique::bug_html(b),
        Explanation::Aligned {
            cells,
            excluded,
            removed,
        } => aligned_html(cells, excluded, removed),
        _ => return None,
    })
}

/// SE's `formatValues`/`formatCells` with `last` before the last item: `a, b and c`.
fn joined<T: ToString>(items: &[T], last: &str) -> String {
    let names: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    match names.split_last() {
        Some((tail, rest)) if !rest.is_empty() => format!("{}{last}{tail}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The hint window of an aligned exclusion: one line per excluded combination.
fn aligned_html(cells: &[Cell], excluded: &[Excluded], removed: &[(Cell, DigitSet)]) -> String {
    let mut rules = String::new();
    for x in excluded {
        rules.push_str(&joined(&x.values, " and "));
        rules.push_str(" because ");
        match x.lock {
            None => {
                rules.push_str("the same value cannot occur twice in the same ");
                rules.push_str(SHARED);
            }
            Some((cell, values)) => {
                let values: Vec<Digit> = values.iter().collect();
                rules.push_str(&format!(
                    "the cell <b>{cell}</b> must already contain <b>{}</b>",
                    joined(&values, " or ")
                ));
            }
        }
        rules.push_str("<br>");
    }
    let names = ["Pair", "Triplet", "Quad", "Set (5)", "Set (6)"];
    let lost: Vec<Cell> = removed.iter().map(|r| r.0).collect();
    let digits = removed
        .iter()
        .fold(DigitSet::EMPTY, |u, r| u.union(r.1))
        .iter()
        .collect::<Vec<Digit>>();
    fill(
        if cells.len() == 2 {
            ALIGNED_PAIR
        } else {
            ALIGNED
        },
        &[
            names[cells.len().clamp(2, 6) - 2],
            &joined(cells, " and "),
            &rules,
            &joined(&lost, " and "),
            &joined(&digits, ", "),
        ],
    )
}
