//! How a step is looked at: which branch of a many-branch step the board draws (`]` and `[`
//! step through a forcing chain's or net's branches, one at a time, then all of them), and
//! whether SE's nested chains are listed whole under the step they serve or folded into one
//! line (`z`). Part of the hint's owner: it changes only [`super::hints::Hints`].

use super::chain_view::{branch_count, branch_label};
use super::{App, Overlay};

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
