//! ALS-XY-Wing: three almost locked sets, the middle one linked to both by restricted commons.

use super::*;

/// ALS-XY-Wing: sets A and B each joined to a pivot set C by restricted commons with different
/// digits; a digit common to A and B (not one of the RCs) goes from every cell that sees all
/// its cells in A and B. HoDoKu tries the RC pairs in order (`i < j`) and returns the first with
/// eliminations.
pub fn find_als_xy_wing(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xy_wing(grid, &ctx.caches, out)
}

/// Per set of `n`, the RCs of `list` that have it at either end, ascending: set `a`'s are
/// `touching[start[a]..start[a + 1]]`. Returns `(start, touching)`.
fn touching_rcs(list: &[RestrictedCommon], n: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; n + 1];
    for rc in list {
        start[rc.als1 + 1] += 1;
        start[rc.als2 + 1] += 1;
    }
    for a in 0..n {
        start[a + 1] += start[a];
    }
    let mut touching = vec![0u32; 2 * list.len()];
    let mut fill = start.clone();
    for (k, rc) in list.iter().enumerate() {
        for a in [rc.als1, rc.als2] {
            touching[fill[a] as usize] = k as u32;
            fill[a] += 1;
        }
    }
    (start, touching)
}

fn als_xy_wing(grid: &Grid, caches: &Caches, out: &mut Sink<'_>) -> ControlFlow<()> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let rcs = set.rcs();
    let list = &rcs.list;
    let (start, touching) = touching_rcs(list, alses.len());
    let of = |a: usize| &touching[start[a] as usize..start[a + 1] as usize];
    let mut merged: Vec<u32> = Vec::new();
    for (i, rc1) in list.iter().enumerate() {
        // Only RCs sharing a set with rc1 can form a wing: walk those after i, in order.
        let (t1, t2) = (of(rc1.als1), of(rc1.als2));
        let (mut x, mut y) = (
            t1.partition_point(|&j| j as usize <= i),
            t2.partition_point(|&j| j as usize <= i),
        );
        merged.clear();
        while x < t1.len() || y < t2.len() {
            let j = match (t1.get(x), t2.get(y)) {
                (Some(&a), Some(&b)) if a == b => {
                    x += 1;
                    y += 1;
                    a
                }
                (Some(&a), Some(&b)) if a < b => {
                    x += 1;
                    a
                }
                (Some(_), Some(&b)) => {
                    y += 1;
                    b
                }
                (Some(&a), None) => {
                    x += 1;
                    a
                }
                (None, Some(&b)) => {
                    y += 1;
                    b
                }
                (None, None) => unreachable!(),
            };
            merged.push(j);
        }
        for &j in &merged {
            let rc2 = &list[j as usize];
            if rc1.cand2.is_none() && rc2.cand2.is_none() && rc1.cand1 == rc2.cand1 {
                continue;
            }
            let (p1, q1, p2, q2) = (rc1.als1, rc1.als2, rc2.als1, rc2.als2);
            if !((p1 == p2 && q1 != q2)
                || (q1 == p2 && p1 != q2)
                || (p1 == q2 && q1 != p2)
                || (q1 == q2 && p1 != p2))
            {
                continue;
            }
            // HoDoKu's assignments, the last matching one wins.
            let mut abc = (0, 0, 0);
            if p1 == p2 {
                abc = (q1, q2, p1);
            }
            if p1 == q2 {
                abc = (q1, p2, p1);
            }
            if q1 == p2 {
                abc = (p1, q2, q1);
            }
            if q1 == q2 {
                abc = (p1, p2, q1);
            }
            let (a, b, c) = (&alses[abc.0], &alses[abc.1], &alses[abc.2]);
            if !(a.cells & b.cells).is_empty() {
                continue;
            }
            let union = a.cells | b.cells;
            if union == a.cells || union == b.cells {
                continue;
            }
            let mut excluded = [rc1.cand1; 4];
            let mut k = 1;
            for d in [Some(rc2.cand1), rc1.cand2, rc2.cand2]
                .into_iter()
                .flatten()
            {
                excluded[k] = d;
                k += 1;
            }
            let mut draft = Draft::default();
            draft.common_eliminations(a, b, &excluded[..k]);
            if draft.elims.is_empty() {
                continue;
            }
            for d in std::iter::once(rc1.cand1).chain(rc1.cand2) {
                draft.add_rc(a, c, d);
            }
            for d in std::iter::once(rc2.cand1).chain(rc2.cand2) {
                draft.add_rc(b, c, d);
            }
            let elims = dedup_keep_order(&draft.elims);
            let text = format!(
                "{}: A={}, B={}, C={}, X,Y={}, Z={}{}",
                Technique::AlsXyWing.name(),
                a.text(),
                b.text(),
                c.text(),
                digit_list(&draft.x),
                digit_list(&draft.z),
                elim_suffix(&elims)
            );
            let mut step = Step::new(Technique::AlsXyWing);
            // A -x- C =strong= C -y- B, x and y the first RC digits that differ.
            let x = rc1.cand1;
            let y = if rc2.cand1 != x {
                rc2.cand1
            } else {
                rc2.cand2.unwrap_or(rc2.cand1)
            };
            step.facts = Facts::sets(
                vec![
                    (a.cells, a.digits),
                    (b.cells, b.digits),
                    (c.cells, c.digits),
                ],
                vec![vec![
                    rc_link(a, c, x),
                    inner_link(c, x, y),
                    rc_link(c, b, y),
                ]],
            );
            step.eliminations = elims;
            step.text = text;
            out(step)?;
        }
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------------------------------------
// ALS-XY-Chain
