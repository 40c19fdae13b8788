//! A path's summary (HoDoKu's Summary tab): how many steps of each technique it takes, the
//! techniques in their engine's order (HoDoKu's solver order, SE's producer order; SE's
//! techniques after HoDoKu's in a HoDoKu path that falls back on SE).

use super::{Step, StepTechnique};

/// One line of a summary: a technique's name and how many steps of the path use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryLine {
    pub name: String,
    pub count: usize,
}

/// The summary of a path given by its steps' techniques as (order, name): SE's names without
/// the difficulty, so that the steps of one technique count together. Sorted by order, equal
/// orders in the order of first use.
pub fn summary<S: AsRef<str>>(techniques: impl IntoIterator<Item = (u32, S)>) -> Vec<SummaryLine> {
    let mut out: Vec<(u32, SummaryLine)> = Vec::new();
    for (order, name) in techniques {
        let name = name.as_ref();
        match out.iter_mut().find(|(_, l)| l.name == name) {
            Some((_, l)) => l.count += 1,
            None => out.push((
                order,
                SummaryLine {
                    name: name.to_string(),
                    count: 1,
                },
            )),
        }
    }
    out.sort_by_key(|(order, _)| *order);
    out.into_iter().map(|(_, l)| l).collect()
}

/// Where a step's technique sorts in a summary.
pub fn order(t: StepTechnique) -> u32 {
    match t {
        StepTechnique::Hodoku(t) => t.order(),
        StepTechnique::Se(t, _) => 100_000 + t as u32,
    }
}

/// The summary of a path's steps.
pub fn of_steps(steps: &[Step]) -> Vec<SummaryLine> {
    summary(
        steps
            .iter()
            .map(|s| (order(s.technique), s.technique.name())),
    )
}

/// The summary as text, one `  41 Naked Single` line per technique.
pub fn summary_text(lines: &[SummaryLine]) -> String {
    lines
        .iter()
        .map(|l| format!("{:>4} {}\n", l.count, l.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_technique_in_order() {
        let s = summary([
            (2, "Naked Single"),
            (3, "X-Wing"),
            (1, "Hidden Single"),
            (2, "Naked Single"),
        ]);
        let got: Vec<(&str, usize)> = s.iter().map(|l| (l.name.as_str(), l.count)).collect();
        assert_eq!(
            got,
            [("Hidden Single", 1), ("Naked Single", 2), ("X-Wing", 1)]
        );
        assert_eq!(
            summary_text(&s),
            "   1 Hidden Single\n   2 Naked Single\n   1 X-Wing\n"
        );
    }

    #[test]
    fn an_empty_path_has_an_empty_summary() {
        assert!(summary(Vec::<(u32, String)>::new()).is_empty());
    }
}
