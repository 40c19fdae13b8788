//! What Sudoku Explainer's hint window says about a step, as typed data ([`Explanation`]) and as
//! text ([`Explanation::lines`]): SE's explanation with its HTML tags removed, one line per
//! heading, paragraph, list item and `<br>`-separated rule (`docs/se-explain.md`).
//!
//! A chain step's explanation lists each implication with its reason, numbered as SE numbers
//! them (`(1) If r2c1 contains the value 6, then r2c1 cannot contain the value 5 (the cell can
//! contain only one value)`), and the nested chains a step relies on under it. The chain engine
//! builds the data from its propagations (each literal keeps its parents and a typed cause);
//! [`render`] writes it with SE's template texts, in one place.

mod html;
mod outline;
mod render;
mod render_links;
mod render_rules;
mod render_unique;
mod render_wings;
mod rules;

pub use html::html_lines;
pub use outline::{Outline, OutlineChain, OutlineNested, OutlineRule};
pub use render::chain_title;

pub mod model;

pub use model::{
    BugExplanation, Chain, ChainExplanation, ChainKind, Explanation, Implication, Literal, LoopSet,
    Reason, RuleHint, SetKind, StrongLinksExplanation, UniqueLoopKind, WingExplanation,
};

/// The explanation of an SE step found in the state `grid`, or `None` for a technique whose
/// explanation is not written yet (or a step the state does not give).
pub fn explain(grid: &crate::solver::Grid, step: &crate::solver::Step) -> Option<Explanation> {
    use crate::solver::se::SeTechnique as T;
    let (technique, difficulty) = step.technique.se()?;
    let placed = step.placements.first().copied();
    match (technique, placed) {
        (T::HiddenSingle, Some(p)) => {
            let (house, alone) =
                crate::solver::se::singles::hidden_single_house(grid, p.cell, p.digit)?;
            Some(Explanation::HiddenSingle {
                cell: p.cell,
                digit: p.digit,
                house,
                alone,
            })
        }
        (T::NakedSingle, Some(p)) => Some(Explanation::NakedSingle {
            cell: p.cell,
            digit: p.digit,
        }),
        (t, _) if t.family() == crate::solver::technique::Family::Chain => {
            crate::solver::se::chaining::explain(grid, t, &step.text, difficulty)
                .map(Explanation::Chain)
        }
        (t, _) => rules::explain(grid, step, t),
    }
}

/// The lines of SE's hint-window explanation of a step found in the state `grid` (empty when
/// [`explain`] has none).
pub fn explanation_lines(grid: &crate::solver::Grid, step: &crate::solver::Step) -> Vec<String> {
    explain(grid, step).map(|e| e.lines()).unwrap_or_default()
}

impl Explanation {
    /// The explanation as text, one line per paragraph, list item and rule.
    pub fn lines(&self) -> Vec<String> {
        html_lines(&self.html())
    }

    /// The explanation's lines with the nested chains' details apart: the lines before them,
    /// the details (`Nested Forcing Chains details` and each nested chain), and how many
    /// nested chains they list.
    pub fn nested_apart(&self) -> (Vec<String>, Vec<String>, usize) {
        let mut lines = self.lines();
        match self {
            Explanation::Chain(e) if !e.nested.is_empty() => {
                let details = html_lines(&render::nested_details(e, e.chains.len() + 1));
                let keep = lines.len().saturating_sub(details.len());
                let details = lines.split_off(keep);
                (lines, details, render::all_nested(e).len())
            }
            _ => (lines, Vec::new(), 0),
        }
    }

    /// The explanation as SE's hint window gives it (HTML without colours).
    pub fn html(&self) -> String {
        match self {
            Explanation::HiddenSingle {
                cell,
                digit,
                house,
                alone,
            } => render::hidden_single_html(*cell, *digit, *house, *alone),
            Explanation::NakedSingle { cell, digit } => render::naked_single_html(*cell, *digit),
            Explanation::Chain(c) => render::chain_html(c),
            other => render_rules::html(other).unwrap_or_default(),
        }
    }
}
