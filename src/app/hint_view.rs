//! How a step is looked at: which branch of a many-branch step the board draws (`]` and `[`
//! step through a forcing chain's or net's branches, one at a time, then all of them), and
//! whether SE's nested chains are listed whole under the step they serve or folded into one
//! line (`z`). Part of the hint's owner: it changes only [`super::hints::Hints`].

use super::{App, Overlay};
use crate::solver::{ChainKind, Step};

/// The branches a step's board drawing steps through: a forcing chain's or net's chains
/// (HoDoKu's verities and contradictions, SE's cell, region, contradiction and double chains);
/// 1 for any other step (a pattern's chains are one picture).
pub fn branch_count(step: &Step) -> usize {
    let n = step.chains().iter().filter(|c| !c.is_empty()).count();
    if step.technique.chain_kind() == ChainKind::Forcing && n > 1 {
        n
    } else {
        1
    }
}

/// The branch drawn of a step with `n` branches when the view asks for `branch` (1-based, 0:
/// all): `Some(i)` (0-based) for one branch, `None` for every chain at once.
pub fn drawn_branch(n: usize, branch: usize) -> Option<usize> {
    (n > 1 && branch > 0).then(|| branch.min(n) - 1)
}

/// The text that names the branch drawn: `Branch 2 of 5`, `All 5 branches`.
pub fn branch_label(n: usize, branch: usize) -> String {
    match drawn_branch(n, branch) {
        Some(i) => format!("Branch {} of {n}", i + 1),
        None => format!("All {n} branches"),
    }
}

/// `]` and `[`: the next or previous branch of the hint's step on the board, in the order 1,
/// 2, ..., n, all, 1, ...
pub fn step_branch(app: &mut App, forward: bool) {
    let Some(h) = app.live_hint() else {
        app.info("No hint on screen: t asks for one");
        return;
    };
    let n = h.step().map_or(1, branch_count);
    if n < 2 {
        app.info("This hint has one chain: no branches to step through");
        return;
    }
    if h.stage != super::hints::HintStage::Full {
        app.info("The branches are drawn with the full step (t: more)");
        return;
    }
    // Positions 1..=n are the branches, 0 is all of them.
    let at = h.branch.min(n);
    let next = if forward {
        (at + 1) % (n + 1)
    } else {
        (at + n) % (n + 1)
    };
    app.hints.set_branch(next);
    app.show(format!("{} (] next, [ previous)", branch_label(n, next)));
}

/// `z`: SE's nested chains listed whole, or folded into one line, in the hint's text and the
/// `i` view (which is written again when open).
pub fn toggle_nested(app: &mut App) {
    if !matches!(app.ui.overlay.get(), Overlay::None | Overlay::Text(_)) {
        return;
    }
    let open = app.hints.toggle_nested();
    match app.ui.overlay.close() {
        Overlay::Text(t) => {
            let scroll = t.scroll;
            if let Some(under) = t.under {
                app.ui.overlay.open(*under);
            }
            super::reader::open(app);
            let screen = app.ui.screen;
            if let Some(t) = app.ui.overlay.text_mut() {
                t.scroll = scroll;
                super::reader::scroll(t, screen, super::reader::Scroll::Up(0));
            }
        }
        _ => app.show(if open {
            "Nested chains listed whole (z folds them)"
        } else {
            "Nested chains folded (z lists them whole)"
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_run_one_at_a_time_then_all() {
        assert_eq!(drawn_branch(3, 1), Some(0));
        assert_eq!(drawn_branch(3, 3), Some(2));
        assert_eq!(drawn_branch(3, 0), None);
        assert_eq!(drawn_branch(1, 1), None);
        assert_eq!(branch_label(5, 2), "Branch 2 of 5");
        assert_eq!(branch_label(5, 0), "All 5 branches");
    }
}
