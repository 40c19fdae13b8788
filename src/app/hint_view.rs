//! How a step is looked at: which branch of a many-branch step the board draws (`]` and `[`
//! step through a forcing chain's or net's branches, one at a time, then all of them: the
//! hint's, or the all-steps view's selected step's), and
//! whether SE's nested chains are listed whole under the step they serve or folded into one
//! line (`z`); the text view (`i`) open over them is written again when either changes. It
//! changes only [`super::hints::Hints`] and the all-steps view's branch.

use super::chain_view::{branch_count, branch_label};
use super::{App, Overlay};

/// `]` and `[`: the next or previous branch of the step on the board, in the order 1, 2, ...,
/// n, all, 1, ...: the hint's step, or the all-steps view's selected step (also while the text
/// view is read over either, which is then written again for the new branch).
pub fn step_branch(app: &mut App, forward: bool) {
    let reading = matches!(app.ui.overlay.get(), Overlay::Text(_));
    let preview = match app.ui.overlay.get() {
        Overlay::None => false,
        Overlay::AllSteps(_) => true,
        Overlay::Text(t) => match t.under.as_deref() {
            None => false,
            Some(Overlay::AllSteps(_)) => true,
            Some(_) => {
                app.info("The board draws no chain here: ] and [ step through a hint's branches");
                return;
            }
        },
        Overlay::Path(_) => {
            app.info("The path view draws no chain: i reads the selected step whole");
            return;
        }
        _ => return,
    };
    let Some((n, at)) = (if preview {
        branches_of_preview(app)
    } else {
        branches_of_hint(app)
    }) else {
        return;
    };
    // Positions 1..=n are the branches, 0 is all of them.
    let at = at.min(n);
    let next = if forward {
        (at + 1) % (n + 1)
    } else {
        (at + n) % (n + 1)
    };
    if preview {
        if let Some(v) = super::all_steps::view_mut(app) {
            v.set_branch(next);
        }
    } else {
        app.hints.set_branch(next);
    }
    if reading {
        reopen_text(app);
    } else {
        app.show(format!("{} (] next, [ previous)", branch_label(n, next)));
    }
}

/// The hint's step's branches and the one drawn; `None` (with a message) when there is nothing
/// to step through.
fn branches_of_hint(app: &mut App) -> Option<(usize, usize)> {
    let Some(h) = app.live_hint() else {
        app.info("No hint on screen: t asks for one");
        return None;
    };
    let n = h.step().map_or(1, branch_count);
    let at = h.branch;
    if n < 2 {
        app.info("This hint has one chain: no branches to step through");
        return None;
    }
    if h.stage != super::hints::HintStage::Full {
        app.info("The branches are drawn with the full step (t: more)");
        return None;
    }
    Some((n, at))
}

/// The all-steps view's selected step's branches and the one drawn, as [`branches_of_hint`].
fn branches_of_preview(app: &mut App) -> Option<(usize, usize)> {
    let v = super::all_steps::view_mut(app)?;
    let Some(n) = v.step().map(branch_count) else {
        app.info("No step selected: ] and [ step through a chain's branches");
        return None;
    };
    let at = v.branch();
    if n < 2 {
        app.info("This step has one chain: no branches to step through");
        return None;
    }
    Some((n, at))
}

/// Writes the open text view again (after the branch drawn or the folding changed), at the
/// same place.
fn reopen_text(app: &mut App) {
    if let Overlay::Text(t) = app.ui.overlay.close() {
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
}

/// `z`: SE's nested chains listed whole, or folded into one line, in the hint's text and the
/// `i` view (which is written again when open).
pub fn toggle_nested(app: &mut App) {
    if !matches!(app.ui.overlay.get(), Overlay::None | Overlay::Text(_)) {
        return;
    }
    let open = app.hints.toggle_nested();
    match app.ui.overlay.get() {
        Overlay::Text(_) => reopen_text(app),
        _ => app.show(if open {
            "Nested chains listed whole (z folds them)"
        } else {
            "Nested chains folded (z lists them whole)"
        }),
    }
}
