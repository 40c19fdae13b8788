//! The order of the all-steps list (HoDoKu's "by type" sort, docs/hodoku.md §3): by the
//! technique's place in the search order (the nice-loop and colouring kinds share one place),
//! then by the technique's name, then as HoDoKu compares two steps: placements first; most
//! eliminations first; steps with other eliminations by the weighted index sum of their
//! eliminations; fish by kind, size, cannibalism, endo fins and fins; other steps by chain
//! length, then by their digits and cells. Equal steps keep the order they were found in.

use std::cmp::Ordering;

use crate::solver::technique::ChainKind;
use crate::solver::techniques::fish::FishCategory;
use crate::solver::{ChainNode, Facts, LinkKind, Step, Technique};

/// What the comparison reads of a step, computed once.
#[derive(Clone, Debug)]
pub(super) struct SortKey {
    order: u32,
    name: &'static str,
    single: bool,
    /// The eliminations in the step's order, as (cell, digit).
    elims: Vec<(u8, u8)>,
    /// The eliminations as a sorted set.
    elim_set: Vec<(u8, u8)>,
    index_sum: i64,
    /// (kind rank, cannibalistic eliminations, endo fins, fins) of a fish.
    fish: Option<(FishRank, usize, usize, usize)>,
    chain_len: i64,
    values: Vec<u8>,
    indices: Vec<u8>,
    /// An ALS step's number of sets and of their cells.
    sets: (usize, usize),
    /// A nice loop's or AIC's start as HoDoKu's search meets it: whether its premise is the
    /// candidate deleted (the first link strong) rather than set, then its cell and digit.
    start: Option<(bool, u8, u8)>,
    /// A chain's cells, each after the kind of house linking it to the one before (row, column,
    /// box): the order HoDoKu's chain search walks.
    path: Vec<(u8, u8)>,
    technique: Technique,
}

/// A fish technique's rank as HoDoKu compares fish kinds: category (basic, finned basic,
/// Franken, finned Franken, Mutant, finned Mutant), then size, then sashimi after finned.
pub(super) type FishRank = (u8, usize, bool);

/// The rank of a fish technique, `None` for another technique.
pub(super) fn fish_rank(t: Technique) -> Option<FishRank> {
    let k = t.fish()?;
    let cat = match k.category {
        FishCategory::Basic => 0,
        FishCategory::Franken => 2,
        FishCategory::Mutant => 4,
    } + u8::from(k.finned);
    Some((cat, k.size, k.sashimi))
}

fn is_single(t: Technique) -> bool {
    matches!(
        t,
        Technique::FullHouse
            | Technique::NakedSingle
            | Technique::HiddenSingle
            | Technique::TemplateSet
    )
}

/// HoDoKu's weighted index sum of a candidate list: the k-th candidate (from 0) counts
/// `index * (1 + 80k) + digit`, so the list's order matters.
fn index_sum(elims: &[(u8, u8)]) -> i64 {
    elims
        .iter()
        .enumerate()
        .map(|(k, &(cell, d))| i64::from(cell) * (1 + 80 * k as i64) + i64::from(d))
        .sum()
}

/// HoDoKu's chain length: the nodes of every chain, an almost locked set counting extra by
/// its size (two cells one more, n > 2 cells 2(n-1) more).
fn chain_length(step: &Step, t: Technique) -> i64 {
    if t.chain_kind() == ChainKind::NotChain {
        return 0;
    }
    let node_len = |n: &ChainNode| -> i64 {
        match n {
            ChainNode::Als { cells, .. } => match cells.len() {
                0 | 1 => 1,
                2 => 2,
                k => 1 + 2 * (k as i64 - 1),
            },
            _ => 1,
        }
    };
    step.chains()
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| node_len(&c[0].from) + c.iter().map(|l| node_len(&l.to)).sum::<i64>())
        .sum()
}

impl SortKey {
    pub(super) fn of(step: &Step) -> SortKey {
        let t = step.hodoku_equivalent();
        let elims: Vec<(u8, u8)> = step
            .eliminations
            .iter()
            .map(|c| (c.cell.index() as u8, c.digit.get()))
            .collect();
        let mut elim_set = elims.clone();
        elim_set.sort_unstable();
        elim_set.dedup();
        let fish = match (&step.facts, fish_rank(t)) {
            (Facts::Fish(f), Some(rank)) => {
                // HoDoKu's cannibalistic eliminations: those in two cover sets (a base candidate
                // or not).
                let cannibal = step
                    .eliminations
                    .iter()
                    .filter(|c| {
                        f.cover
                            .iter()
                            .filter(|h| h.cells().contains(c.cell))
                            .count()
                            > 1
                    })
                    .count();
                Some((rank, cannibal, f.endo_fins.len(), f.fins.len()))
            }
            _ => None,
        };
        // HoDoKu's coloring and ALS steps hold no digits or cells beyond their sets (a Death
        // Blossom its stem cell).
        let (values, indices): (Vec<u8>, Vec<u8>) = match &step.facts {
            Facts::Single { digit, cell, .. } => (vec![digit.get()], vec![cell.index() as u8]),
            Facts::Coloring { .. } => (Vec::new(), Vec::new()),
            Facts::Sets { .. } if t == Technique::DeathBlossom => (
                Vec::new(),
                step.facts
                    .cells()
                    .iter()
                    .take(1)
                    .map(|c| c.index() as u8)
                    .collect(),
            ),
            Facts::Sets { .. } if t != Technique::SueDeCoq => (Vec::new(), Vec::new()),
            // Chains of HoDoKu's chain and tabling searches hold their chains only.
            Facts::Chain { .. }
                if t == Technique::TurbotFish || t.chain_kind() != ChainKind::NotChain =>
            {
                (Vec::new(), Vec::new())
            }
            f => (
                f.digits().iter().map(|d| d.get()).collect(),
                f.cells().iter().map(|c| c.index() as u8).collect(),
            ),
        };
        let alses = step.facts.alses();
        let sets = (
            alses.len(),
            alses.iter().map(|(c, _)| c.len() as usize).sum(),
        );
        SortKey {
            order: t.order(),
            name: t.name(),
            single: is_single(t),
            index_sum: index_sum(&elims),
            elims,
            elim_set,
            fish,
            chain_len: chain_length(step, t),
            values,
            indices,
            sets,
            start: step.chains().first().and_then(|c| c.first()).map(|l| {
                (
                    l.kind == LinkKind::Strong,
                    l.from.cells().first().map_or(0, |c| c.index() as u8),
                    l.from.digit().get(),
                )
            }),
            path: path_of(step),
            technique: t,
        }
    }

    /// The same technique and the same eliminations (HoDoKu's duplicate under the first).
    pub(super) fn same_effect(&self, o: &SortKey) -> bool {
        self.elim_set == o.elim_set && equal_ints(&self.values, &o.values)
    }
}

/// [`SortKey::path`] of a step's first chain.
fn path_of(step: &Step) -> Vec<(u8, u8)> {
    let Some(chain) = step.chains().first() else {
        return Vec::new();
    };
    let cell = |n: &ChainNode| n.cells().first().map_or(0, |c| c.index() as u8);
    let mut out = Vec::new();
    if let Some(l) = chain.first() {
        out.push((0, cell(&l.from)));
    }
    for l in chain {
        let (a, b) = (l.from.cells().first(), l.to.cells().first());
        let kind = match (a, b) {
            (Some(a), Some(b)) if a.row() == b.row() => 0,
            (Some(a), Some(b)) if a.col() == b.col() => 1,
            _ => 2,
        };
        out.push((kind, cell(&l.to)));
    }
    out
}

/// HoDoKu's `isEqualInteger`: the same length and every entry of `a` in `b`.
fn equal_ints(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

fn sum(v: &[u8]) -> i64 {
    v.iter().map(|&x| i64::from(x)).sum()
}

fn sign(x: i64) -> Ordering {
    x.cmp(&0)
}

/// HoDoKu's `isEquivalent`: two fish always; else the same technique and the same
/// eliminations (or, without eliminations, the same cells).
fn equivalent(a: &SortKey, b: &SortKey) -> bool {
    if a.fish.is_some() && b.fish.is_some() {
        return true;
    }
    if a.order != b.order || a.name != b.name {
        return false;
    }
    if !a.elims.is_empty() {
        return a.elim_set == b.elim_set;
    }
    equal_ints(&a.indices, &b.indices)
}

/// HoDoKu's `SolutionStep.compareTo`.
fn compare_steps(a: &SortKey, b: &SortKey) -> Ordering {
    if a.single != b.single {
        return if a.single {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let more = sign(b.elims.len() as i64 - a.elims.len() as i64);
    if more != Ordering::Equal {
        return more;
    }
    if !equivalent(a, b) {
        return sign(a.index_sum - b.index_sum);
    }
    if let (Some(fa), Some(fb)) = (a.fish, b.fish) {
        let by_kind =
            fa.0.cmp(&fb.0)
                .then(fa.1.cmp(&fb.1))
                .then(fa.2.cmp(&fb.2))
                .then(fa.3.cmp(&fb.3));
        if by_kind != Ordering::Equal {
            return by_kind;
        }
        if !equal_ints(&a.values, &b.values) {
            return sign(sum(&a.values) - sum(&b.values));
        }
        return Ordering::Equal;
    }
    let chain = sign(a.chain_len - b.chain_len);
    if chain != Ordering::Equal {
        return chain;
    }
    if !equal_ints(&a.values, &b.values) {
        return sign(sum(&a.values) - sum(&b.values));
    }
    if !equal_ints(&a.indices, &b.indices) {
        if a.indices.len() != b.indices.len() {
            return a.indices.len().cmp(&b.indices.len());
        }
        return sign(sum(&b.indices) - sum(&a.indices));
    }
    a.order.cmp(&b.order)
}

/// The ALS techniques, which HoDoKu's ALS search hands over sorted by its own comparison.
fn is_als(t: Technique) -> bool {
    matches!(
        t,
        Technique::AlsXz | Technique::AlsXyWing | Technique::AlsXyChain | Technique::DeathBlossom
    )
}

/// HoDoKu's ALS comparison: most eliminations first, other eliminations by index sum, then
/// fewer sets, then fewer cells in the sets.
fn compare_als(a: &SortKey, b: &SortKey) -> Ordering {
    let more = sign(b.elims.len() as i64 - a.elims.len() as i64);
    if more != Ordering::Equal {
        return more;
    }
    if !equivalent(a, b) {
        return sign(a.index_sum - b.index_sum);
    }
    a.sets.0.cmp(&b.sets.0).then(a.sets.1.cmp(&b.sets.1))
}

/// Sorts the steps of each ALS technique among themselves by [`compare_als`], as HoDoKu's ALS
/// search hands them over (the list's sort keeps that order among steps it finds equal).
pub(super) fn presort_sets<T: Clone>(items: &mut [(SortKey, T)]) {
    for t in [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
    ] {
        let at: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].0.technique == t)
            .collect();
        let mut part: Vec<(SortKey, T)> = at.iter().map(|&i| items[i].clone()).collect();
        super::timsort::sort(&mut part, &|a: &(SortKey, T), b| compare_als(&a.0, &b.0));
        for (k, i) in at.into_iter().enumerate() {
            items[i] = part[k].clone();
        }
    }
    debug_assert!(items
        .iter()
        .all(|x| !is_als(x.0.technique) || x.0.fish.is_none()));
}

/// The nice loops and AICs, which HoDoKu's search meets start by start (the premises that
/// set a candidate, then those that delete one; each by cell, then digit).
fn is_loop(t: Technique) -> bool {
    use Technique as T;
    matches!(
        t,
        T::ContinuousNiceLoop
            | T::DiscontinuousNiceLoop
            | T::Aic
            | T::GroupedContinuousNiceLoop
            | T::GroupedDiscontinuousNiceLoop
            | T::GroupedAic
    )
}

/// Puts the nice loops and AICs in the order HoDoKu's search meets their starts (the list's
/// sort keeps that order among steps it finds equal).
pub(super) fn presort_loops<T: Clone>(items: &mut [(SortKey, T)]) {
    let at: Vec<usize> = (0..items.len())
        .filter(|&i| is_loop(items[i].0.technique))
        .collect();
    let mut part: Vec<(SortKey, T)> = at.iter().map(|&i| items[i].clone()).collect();
    stable_sort(&mut part, &|a: &(SortKey, T), b| a.0.start.cmp(&b.0.start));
    for (k, i) in at.into_iter().enumerate() {
        items[i] = part[k].clone();
    }
}

/// Puts the Turbot Fish in the order HoDoKu's chain search meets them: by start cell, then
/// along the chain, rows before columns before boxes (the list's sort keeps that order among
/// steps it finds equal).
pub(super) fn presort_turbots<T: Clone>(items: &mut [(SortKey, T)]) {
    let at: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].0.technique == Technique::TurbotFish)
        .collect();
    let mut part: Vec<(SortKey, T)> = at.iter().map(|&i| items[i].clone()).collect();
    stable_sort(&mut part, &|a: &(SortKey, T), b| a.0.path.cmp(&b.0.path));
    for (k, i) in at.into_iter().enumerate() {
        items[i] = part[k].clone();
    }
}

/// The list's comparison: the technique's place, its name, then [`compare_steps`].
pub(super) fn compare(a: &SortKey, b: &SortKey) -> Ordering {
    a.order
        .cmp(&b.order)
        .then_with(|| a.name.cmp(b.name))
        .then_with(|| compare_steps(a, b))
}

/// A stable merge sort by `cmp` that tolerates a comparison that is not a total order (it
/// never panics; equal items keep their order).
pub(super) fn stable_sort<T: Clone>(items: &mut [T], cmp: &impl Fn(&T, &T) -> Ordering) {
    let n = items.len();
    if n < 2 {
        return;
    }
    let mid = n / 2;
    stable_sort(&mut items[..mid], cmp);
    stable_sort(&mut items[mid..], cmp);
    if cmp(&items[mid - 1], &items[mid]) != Ordering::Greater {
        return;
    }
    let left = items[..mid].to_vec();
    let right = items[mid..].to_vec();
    let (mut i, mut j, mut k) = (0, 0, 0);
    while i < left.len() && j < right.len() {
        if cmp(&right[j], &left[i]) == Ordering::Less {
            items[k] = right[j].clone();
            j += 1;
        } else {
            items[k] = left[i].clone();
            i += 1;
        }
        k += 1;
    }
    for x in left[i..].iter().chain(&right[j..]) {
        items[k] = x.clone();
        k += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_sum_weighs_later_candidates_more() {
        assert_eq!(index_sum(&[(10, 3)]), 13);
        assert_eq!(index_sum(&[(10, 3), (2, 5)]), 13 + 2 * 81 + 5);
        assert_ne!(index_sum(&[(2, 5), (10, 3)]), index_sum(&[(10, 3), (2, 5)]));
    }

    #[test]
    fn the_merge_sort_is_stable_and_sorts() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        stable_sort(&mut v, &|a: &(i32, char), b: &(i32, char)| a.0.cmp(&b.0));
        assert_eq!(v, vec![(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
    }

    #[test]
    fn fish_rank_orders_kinds_as_hodoku() {
        let r = |t| fish_rank(t).unwrap();
        assert!(r(Technique::XWing) < r(Technique::Jellyfish));
        assert!(r(Technique::Jellyfish) < r(Technique::FinnedXWing));
        assert!(r(Technique::FinnedXWing) < r(Technique::SashimiXWing));
        assert!(r(Technique::SashimiJellyfish) < r(Technique::FrankenXWing));
        assert!(fish_rank(Technique::XyWing).is_none());
    }
}
