//! ALS-XY-Chain: almost locked sets linked in a chain by restricted commons, searched depth first
//! as HoDoKu's ALS solver walks them.

use super::*;

/// Which candidates of an RC are in force at its place in a chain (HoDoKu's `actualRC`):
/// bit 0 `cand1`, bit 1 `cand2`.
type Actual = u8;

/// HoDoKu's `RestrictedCommon.checkRC`: the RC's candidates in force after `prev`; 0 when none.
fn check_rc(
    rc: &RestrictedCommon,
    prev: Option<(&RestrictedCommon, Actual)>,
    first: bool,
) -> Actual {
    let own = |d: Option<Digit>| d.map_or(0, |d| d.get());
    let (c21, c22) = (rc.cand1.get(), own(rc.cand2));
    let Some((p, actual)) = prev else {
        return if c22 != 0 && !first { 2 } else { 1 };
    };
    let (c11, c12) = match actual {
        1 => (p.cand1.get(), 0),
        2 => (own(p.cand2), 0),
        // HoDoKu passes cand1 twice here.
        3 => (p.cand1.get(), p.cand1.get()),
        _ => return if c22 == 0 { 1 } else { 3 },
    };
    if c12 == 0 {
        if c22 == 0 {
            u8::from(c11 != c21)
        } else if c11 == c22 {
            1
        } else if c11 == c21 {
            2
        } else {
            3
        }
    } else if c22 == 0 {
        u8::from(!(c11 == c21 || c12 == c21))
    } else if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
        0
    } else if c11 == c22 || c12 == c22 {
        1
    } else if c11 == c21 || c12 == c21 {
        2
    } else {
        3
    }
}

/// The digits an RC has in force.
fn actual_digits(rc: &RestrictedCommon, actual: Actual) -> DigitSet {
    let mut v = DigitSet::EMPTY;
    if actual & 1 != 0 {
        v.insert(rc.cand1);
    }
    if actual & 2 != 0 {
        if let Some(d) = rc.cand2 {
            v.insert(d);
        }
    }
    v
}

/// HoDoKu's `checkCandidatesToDelete` for two sets and the digits excluded, into `out` (sorted
/// by digit, then cell).
fn eliminations_between(a1: &Als, a2: &Als, excluded: DigitSet, out: &mut Vec<Candidate>) {
    out.clear();
    let digits = a1.digits & a2.digits & !excluded;
    if digits.is_empty() || (a1.buddies & a2.buddies).is_empty() {
        return;
    }
    for d in digits {
        let cells = a1.buddies_with(d) & a2.buddies_with(d);
        out.extend(cells.iter().map(|c| Candidate::new(c, d)));
    }
}

/// Whether any digit common to both sets could go (a chain from one to the other may eliminate).
fn may_eliminate(a1: &Als, a2: &Als) -> bool {
    let digits = a1.digits & a2.digits;
    !digits.is_empty()
        && !(a1.buddies & a2.buddies).is_empty()
        && digits
            .iter()
            .any(|d| !(a1.buddies_with(d) & a2.buddies_with(d)).is_empty())
}

/// Collected steps of one slot, kept as HoDoKu's `onlyOneAlsPerStep` does: one step per set of
/// eliminations, the one whose sets have the fewest cells (the first of equals).
#[derive(Default)]
struct Collected {
    steps: Vec<(Step, u32)>,
    by_elims: HashMap<Vec<Candidate>, usize>,
}

impl Collected {
    /// `step.eliminations` must be sorted by digit, then cell, without repeats.
    fn record(&mut self, step: Step, cells: u32) {
        match self.by_elims.get(&step.eliminations) {
            Some(&i) => {
                if self.steps[i].1 > cells {
                    self.steps[i] = (step, cells);
                }
            }
            None => {
                self.by_elims
                    .insert(step.eliminations.clone(), self.steps.len());
                self.steps.push((step, cells));
            }
        }
    }

    /// Every step by HoDoKu's `AlsComparator` on distinct elimination sets: most eliminations
    /// first, then the smallest index sum (`getIndexSumme`); a stable sort keeps the order found
    /// among equals.
    pub(super) fn sorted(self) -> Vec<Step> {
        let mut steps: Vec<(Step, u32)> = self.steps;
        steps.sort_by_key(|(s, _)| {
            (
                std::cmp::Reverse(s.eliminations.len()),
                index_sum(s.eliminations.iter().copied()),
            )
        });
        steps.into_iter().map(|(s, _)| s).collect()
    }
}

/// What the search remembers of an explored subtree: the cells of the path that led to it, its
/// depth, and whether the most links a chain may have cut it.
#[derive(Copy, Clone, Default)]
struct Explored {
    stamp: u32,
    cells: u32,
    depth: u8,
    truncated: bool,
}

struct ChainSearch<'a> {
    /// The most links a chain may have.
    max_rc: usize,
    alses: &'a [Als],
    rcs: &'a Rcs,
    in_chain: Vec<bool>,
    chain: Vec<(usize, Actual)>,
    /// The cells of the sets on the chain.
    cells: u32,
    start: usize,
    found: Collected,
    /// Per (first RC digit, set, digit the next RC must avoid): the last explored subtree of the
    /// start `stamp`. The subtree below a set depends only on these (chains are forward only, so
    /// a set never repeats); a later path reaching it with no fewer cells, at no smaller depth,
    /// finds only eliminations already recorded with no more cells, and is skipped.
    memo: Vec<Explored>,
    stamp: u32,
    /// Per set: `stamp` when it may end a chain from the start with eliminations.
    useful: Vec<u32>,
    /// The useful sets of the start as a bit row.
    useful_row: Vec<u64>,
    /// Per set, the sets an RC path from it reaches (all later sets), as bit rows as long as
    /// `useful_row`.
    reach: Vec<u64>,
    /// Per set: `stamp` when [`ChainSearch::leads_on`] is known for it, and the answer.
    leads_known: Vec<u32>,
    leads: Vec<bool>,
    scratch: Vec<Candidate>,
}

/// The digit the next RC must differ from after `rc` in force as `actual` (HoDoKu's `checkRC`
/// treats both-in-force as `cand1` only).
fn key_digit(rc: &RestrictedCommon, actual: Actual) -> Digit {
    if actual == 2 {
        rc.cand2.unwrap_or(rc.cand1)
    } else {
        rc.cand1
    }
}

impl ChainSearch<'_> {
    /// Whether an RC path leads from set `x` to a useful set of the start.
    fn leads_on(&mut self, x: usize) -> bool {
        if self.leads_known[x] != self.stamp {
            let w = self.useful_row.len();
            let from = x / 64;
            let row = &self.reach[x * w + from..(x + 1) * w];
            self.leads[x] = row
                .iter()
                .zip(&self.useful_row[from..])
                .any(|(r, u)| r & u != 0);
            self.leads_known[x] = self.stamp;
        }
        self.leads[x]
    }

    fn memo_index(&self, als: usize, d: Digit) -> usize {
        let (first, first_actual) = self.chain[0];
        let f = key_digit(&self.rcs.list[first], first_actual);
        (f.index() * self.alses.len() + als) * 9 + d.index()
    }

    /// Extends the chain from `als`; returns whether the most links cut the search.
    pub(super) fn recurse(&mut self, als: usize, last: Option<(usize, Actual)>) -> bool {
        if self.chain.len() >= self.max_rc {
            return true;
        }
        let mut truncated = false;
        let mut first_try = true;
        let mut i = self.rcs.start[als];
        while i < self.rcs.end[als] {
            let rc = self.rcs.list[i];
            let prev = last.map(|(k, a)| (&self.rcs.list[k], a));
            let actual = check_rc(&rc, prev, first_try);
            if actual == 0 || self.in_chain[rc.als2] {
                i += 1;
                continue;
            }
            self.chain.push((i, actual));
            self.in_chain[rc.als2] = true;
            let added = self.alses[rc.als2].cells.len();
            self.cells += added;
            if self.chain.len() >= 3 && self.useful[rc.als2] == self.stamp {
                self.check(rc.als2);
            }
            let m = self.memo_index(rc.als2, key_digit(&rc, actual));
            let depth = self.chain.len() as u8;
            let seen = self.memo[m];
            if !self.leads_on(rc.als2) {
                // No set reachable from here may end a chain with eliminations.
            } else if seen.stamp == self.stamp
                && seen.cells <= self.cells
                // Every node the new subtree would check was checked: the sets below sit at
                // depth 3 or more in both, or at no smaller depth than now.
                && (seen.depth >= 2 || seen.depth >= depth)
                // And it went as deep, unless nothing cut it.
                && (seen.depth <= depth || !seen.truncated)
            {
                truncated |= seen.truncated;
            } else {
                let t = self.recurse(rc.als2, Some((i, actual)));
                truncated |= t;
                if seen.stamp != self.stamp || self.cells <= seen.cells {
                    self.memo[m] = Explored {
                        stamp: self.stamp,
                        cells: self.cells,
                        depth,
                        truncated: t,
                    };
                }
            }
            self.cells -= added;
            self.in_chain[rc.als2] = false;
            self.chain.pop();
            if last.is_none() && rc.cand2.is_some() && first_try {
                // The first RC of a chain may be either of two: try the other one.
                first_try = false;
            } else {
                first_try = true;
                i += 1;
            }
        }
        truncated
    }

    pub(super) fn check(&mut self, end: usize) {
        let (first, first_actual) = self.chain[0];
        let (last, last_actual) = *self.chain.last().expect("a chain");
        let rc_digits = actual_digits(&self.rcs.list[first], first_actual)
            | actual_digits(&self.rcs.list[last], last_actual);
        let (start, stop) = (&self.alses[self.start], &self.alses[end]);
        eliminations_between(start, stop, rc_digits, &mut self.scratch);
        if self.scratch.is_empty() {
            return;
        }
        let cells = start.cells.len() + self.cells;
        if let Some(&k) = self.found.by_elims.get(&self.scratch[..]) {
            if self.found.steps[k].1 <= cells {
                return;
            }
        }
        let elims = self.scratch.clone();
        let mut step = Step::new(Technique::AlsXyChain);
        let digits = elim_digits(&elims);
        let mut text = format!(
            "{}: {digits}- {}",
            Technique::AlsXyChain.name(),
            start.text()
        );
        let mut alses = vec![(start.cells, start.digits)];
        let mut links = Vec::new();
        let mut prev = start;
        let mut prev_digit: Option<Digit> = None;
        for &(k, actual) in &self.chain {
            let rc = &self.rcs.list[k];
            let next = &self.alses[rc.als2];
            let ds = actual_digits(rc, actual);
            let d = ds.first().expect("an RC digit");
            if let Some(p) = prev_digit {
                if p != d {
                    links.push(inner_link(prev, p, d));
                }
            }
            links.push(rc_link(prev, next, d));
            prev_digit = Some(d);
            let s: String = ds.iter().map(|d| d.to_char()).collect();
            text.push_str(&format!(" -{s}- {}", next.text()));
            alses.push((next.cells, next.digits));
            prev = next;
        }
        text.push_str(&format!(" -{digits}{}", elim_suffix(&elims)));
        step.facts = Facts::sets(alses, vec![links]);
        step.eliminations = elims;
        step.text = text;
        self.found.record(step, cells);
    }
}

/// ALS-XY-Chain: sets joined one to the next by restricted commons, each differing from the one
/// before (at least four sets); a digit common to the first and last set, other than the end
/// RCs, goes from every cell that sees all its cells in both. HoDoKu collects every chain (one
/// per set of eliminations, the one with the fewest cells), then takes the one with the most
/// eliminations (ties: the smallest index sum).
///
/// The search walks the restricted commons of [`als_set`] depth first, as HoDoKu's
/// `AlsSolver` does, not the implication tables of `tabling/` (which have no ALS nodes): the
/// chain kept per set of eliminations depends on that walk's order.
///
/// Every chain is reported, one per set of eliminations, in that order (HoDoKu's all steps sort
/// them with the same comparator).
pub fn find_als_xy_chain(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains(grid, &ctx.caches, MAX_RC)
        .sorted()
        .into_iter()
        .try_for_each(out)
}

/// ALS-XY-Chains as HoDoKu's all-steps search lists them: chains of at most
/// [`ALL_STEPS_MAX_RC`] links (its `allStepsAlsChainLength`), else as [`find_als_xy_chain`].
pub fn list_als_xy_chain(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains(grid, &ctx.caches, ALL_STEPS_MAX_RC)
        .sorted()
        .into_iter()
        .try_for_each(out)
}

fn xy_chains(grid: &Grid, caches: &Caches, max_rc: usize) -> Collected {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let n = alses.len();
    let rcs = set.rcs();
    // The memo of explored subtrees is kept between calls (in the context's working memory):
    // a start's entries carry its own stamp, so the table never needs clearing (until the
    // stamps wrap around).
    let kept = caches.memory::<ChainMemo>();
    let (mut memo, mut next_stamp) = std::mem::take(&mut *kept.0.borrow_mut());
    if memo.len() < 81 * n {
        memo.resize(81 * n, Explored::default());
    }
    if next_stamp > u32::MAX - n as u32 - 1 {
        memo.iter_mut().for_each(|e| *e = Explored::default());
        next_stamp = 0;
    }
    let mut search = ChainSearch {
        max_rc,
        alses,
        rcs,
        in_chain: vec![false; n],
        chain: Vec::with_capacity(max_rc),
        cells: 0,
        start: 0,
        found: Collected::default(),
        memo,
        stamp: 0,
        useful: vec![0; n],
        useful_row: vec![0; n.div_ceil(64)],
        reach: Vec::new(),
        leads_known: vec![0; n],
        leads: vec![false; n],
        scratch: Vec::new(),
    };
    // Per digit and cell, the sets whose buddies for the digit hold the cell (a bit row over
    // the sets): a set may end a chain from `i` with eliminations exactly when the two share a
    // buddy for a digit (see [`may_eliminate`]).
    let words = n.div_ceil(64);
    let row_of = |d: Digit, c: Cell| (d.index() * 81 + c.index()) * words;
    let mut buddy_rows = vec![0u64; 9 * 81 * words];
    for (j, a) in alses.iter().enumerate() {
        for d in a.digits {
            for c in a.buddies_with(d) {
                buddy_rows[row_of(d, c) + j / 64] |= 1 << (j % 64);
            }
        }
    }
    // RCs lead only to later sets, so what a set reaches is the union over its RCs of the
    // next set and what that one reaches, filled from the last set back. A next set already
    // reached adds nothing: what it reaches was added with it.
    let mut reach = vec![0u64; n * words];
    for x in (0..n).rev() {
        for rc in &rcs.list[rcs.start[x]..rcs.end[x]] {
            let y = rc.als2;
            let (before, after) = reach.split_at_mut(y * words);
            let rx = &mut before[x * words..(x + 1) * words];
            if rx[y / 64] & 1 << (y % 64) != 0 {
                continue;
            }
            for (a, b) in rx[y / 64..].iter_mut().zip(&after[y / 64..words]) {
                *a |= b;
            }
            rx[y / 64] |= 1 << (y % 64);
        }
    }
    search.reach = reach;
    let mut near = vec![0u64; words];
    for i in 0..n {
        next_stamp += 1;
        let stamp = next_stamp;
        // Only later sets: the words from the start's on.
        let first_word = (i + 1) / 64;
        near.iter_mut().for_each(|w| *w = 0);
        for d in alses[i].digits {
            for c in alses[i].buddies_with(d) {
                let row = &buddy_rows[row_of(d, c) + first_word..row_of(d, c) + words];
                for (w, r) in near[first_word..].iter_mut().zip(row) {
                    *w |= r;
                }
            }
        }
        if first_word < words {
            near[first_word] &= !0u64 << ((i + 1) % 64);
        }
        let mut any = false;
        for (k, &word) in near.iter().enumerate().skip(first_word) {
            let mut bits = word;
            any |= bits != 0;
            while bits != 0 {
                let j = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                debug_assert!(may_eliminate(&alses[i], &alses[j]));
                search.useful[j] = stamp;
            }
        }
        if !any {
            continue;
        }
        search.stamp = stamp;
        search.useful_row.copy_from_slice(&near);
        if !search.leads_on(i) {
            continue;
        }
        search.start = i;
        search.in_chain[i] = true;
        search.recurse(i, None);
        search.in_chain[i] = false;
    }
    let memo = std::mem::take(&mut search.memo);
    *kept.0.borrow_mut() = (memo, next_stamp);
    search.found
}

/// [`ChainSearch::memo`] and the last stamp used in it, kept between calls in the context's
/// working memory ([`Caches::memory`]).
#[derive(Default)]
struct ChainMemo(RefCell<(Vec<Explored>, u32)>);

// ---------------------------------------------------------------------------------------------
// Death Blossom
