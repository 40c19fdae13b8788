//! ALS-XZ: two almost locked sets joined by a restricted common digit.

use super::*;

/// ALS-XZ: two sets joined by a restricted common `x`; a digit `z` common to both goes from
/// every cell that sees all its cells in both. Doubly linked (two RCs): both sets are locked
/// without the RCs, so each RC also goes from the cells that see all its cells, and each set's
/// other digits from the cells that see all their cells in it. HoDoKu returns the first RC, in
/// RC order, with eliminations.
pub fn find_als_xz(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xz(grid, &ctx.caches, false, out)
}

/// ALS-XZ as HoDoKu's all-steps search lists them: each step's eliminations as HoDoKu's
/// candidate list, which names a candidate twice when both RCs of a doubly linked pair give it
/// (it counts in the sort); else as [`find_als_xz`].
pub fn list_als_xz(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xz(grid, &ctx.caches, true, out)
}

/// `listed`: the eliminations as HoDoKu's candidate list (a candidate can come twice), else
/// each once.
fn als_xz(grid: &Grid, caches: &Caches, listed: bool, out: &mut Sink<'_>) -> ControlFlow<()> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    for rc in set.restricted_commons() {
        let (a1, a2) = (&alses[rc.als1], &alses[rc.als2]);
        let mut draft = Draft::default();
        draft.common_eliminations(a1, a2, &[rc.cand1]);
        if let Some(c2) = rc.cand2 {
            draft.common_eliminations(a1, a2, &[c2]);
            let d1 = draft.doubly_linked(a1, a2, rc.cand1, c2);
            let d2 = draft.doubly_linked(a2, a1, rc.cand1, c2);
            if d1 || d2 {
                draft.z.clear();
            }
        }
        if draft.elims.is_empty() {
            continue;
        }
        draft.add_rc(a1, a2, rc.cand1);
        if let Some(c2) = rc.cand2 {
            draft.add_rc(a1, a2, c2);
        }
        let elims = dedup_keep_order(&draft.elims);
        let mut text = format!(
            "{}: A={}, B={}, X={}",
            Technique::AlsXz.name(),
            a1.text(),
            a2.text(),
            digit_list(&draft.x)
        );
        if !draft.z.is_empty() {
            text.push_str(&format!(", Z={}", digit_list(&draft.z)));
        }
        text.push_str(&elim_suffix(&elims));
        let mut step = Step::new(Technique::AlsXz);
        step.facts = Facts::sets(
            vec![(a1.cells, a1.digits), (a2.cells, a2.digits)],
            std::iter::once(rc.cand1)
                .chain(rc.cand2)
                .map(|d| vec![rc_link(a1, a2, d)])
                .collect(),
        );
        step.eliminations = if listed { draft.elims } else { elims };
        step.text = text;
        out(step)?;
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------------------------------------
// ALS-XY-Wing
