//! A fish as a step (its text and facts), and the first fish of a kind for the hint search.

use super::*;

/// HoDoKu's compact house list of a step text: the kind letter whenever the kind changes, then
/// the numbers (`r13`, `r1b3`, `c25b1`).
pub(super) fn houses_text(houses: &[House]) -> String {
    let mut s = String::new();
    let mut last = None;
    for h in houses {
        let (kind, n) = match h {
            House::Row(i) => ('r', i),
            House::Col(i) => ('c', i),
            House::Box(i) => ('b', i),
        };
        if last != Some(kind) {
            s.push(kind);
            last = Some(kind);
        }
        s.push(char::from(b'1' + n));
    }
    s
}

/// The step of a fish (HoDoKu's `createFishStep` and `toString(2)`):
/// `Finned Franken X-Wing: 5 r1b3 c18 fr2c7 efr1c8 => r3c8<>5`.
pub fn fish_step(t: Technique, fish: &FishCandidate, elims: CellSet) -> Step {
    fish_step_covered(t, fish, fish.cover(), elims)
}

/// [`fish_step`] whose text shows the cover sets `cover` (HoDoKu's all-steps list may show
/// fewer: [`FishCandidate::listed_cover`]); the facts keep every cover set.
pub fn fish_step_covered(
    t: Technique,
    fish: &FishCandidate,
    cover: &[House],
    elims: CellSet,
) -> Step {
    let d = fish.digit;
    let mut s = Step::new(t);
    s.facts = Facts::Fish(FishFacts {
        digit: d,
        base: fish.base().to_vec(),
        cover: fish.cover().to_vec(),
        body: fish.body().iter().collect(),
        fins: fish
            .exo_fins()
            .iter()
            .map(|c| Candidate::new(c, d))
            .collect(),
        endo_fins: fish
            .endo_fins
            .iter()
            .map(|c| Candidate::new(c, d))
            .collect(),
    });
    s.eliminations = elims.iter().map(|c| Candidate::new(c, d)).collect();
    let mut text = format!(
        "{}: {} {} {}",
        t.name(),
        d,
        houses_text(fish.base()),
        houses_text(cover)
    );
    for (prefix, cells) in [("f", fish.exo_fins()), ("ef", fish.endo_fins)] {
        if !cells.is_empty() {
            let list: Vec<String> = cells.iter().map(|c: Cell| format!("{prefix}{c}")).collect();
            text.push(' ');
            text.push_str(&list.join(" "));
        }
    }
    text.push_str(" => ");
    text.push_str(&eliminations_text(&s.eliminations));
    s.text = text;
    s
}

/// The first fish of a kind by a search of the slot's size alone.
#[cfg(test)]
pub(super) fn first_fish_searched(grid: &Grid, k: FishKind) -> Option<Step> {
    let mut first = None;
    let _ = fish_searched(grid, &Caches::default(), k, &mut |s| {
        first = Some(s);
        ControlFlow::Break(())
    });
    first
}

/// Every fish of a kind that eliminates something, in HoDoKu's search order.
pub(super) fn fish_searched(
    grid: &Grid,
    caches: &Caches,
    k: FishKind,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let shape = match k.category {
        FishCategory::Basic => FishShape::Basic,
        FishCategory::Franken => FishShape::Franken,
        FishCategory::Mutant => FishShape::Mutant,
    };
    let p = FishSearch::new(shape, k.size, k.finned);
    // Franken, Mutant and large basic fish: eliminations are searched only among the
    // candidates no template of their digit uses (every fish elimination is one), which skips
    // most digits and most fins at once.
    let targets = if k.category != FishCategory::Basic || k.size >= 5 {
        super::super::templates::unused_by_templates(grid, caches)
    } else {
        [CellSet::ALL; 9]
    };
    search_within(grid, Digit::ALL, &p, &targets, |fish| {
        if fish.category() != k.category {
            return ControlFlow::Continue(());
        }
        let elims = fish.eliminations();
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let sashimi = k.finned && fish.is_sashimi();
        if k.category == FishCategory::Basic && k.finned && sashimi != k.sashimi {
            return ControlFlow::Continue(());
        }
        let t = Technique::of_fish(k.with_sashimi(sashimi));
        out(fish_step(t, fish, elims))
    })
}

/// The first basic fish of each size (index `size - 2`) and kind (index 0: finless or finned,
/// 1: sashimi) of one state, where known; per search, finless (index 0) or finned (index 1).
type BasicFirsts = [[[Option<Option<Step>>; 2]; 6]; 2];

/// What is known of the state's basic fish, filled in as the fish slots ask: kept in the
/// per-state cache ([`crate::solver::cache`]).
struct BasicKnown(std::cell::RefCell<BasicFirsts>);

impl BasicKnown {
    pub(super) fn new() -> BasicKnown {
        let mut f: BasicFirsts = Default::default();
        // No finless fish is sashimi.
        for entry in &mut f[0] {
            entry[1] = Some(None);
        }
        BasicKnown(std::cell::RefCell::new(f))
    }
}

/// A basic fish search of a size below this also covers the sizes up to it.
const BASIC_SHARED_MAX: usize = 4;

/// The first basic fish of `size` base sets: finless, or finned (sashimi or not).
///
/// The combinations of every size come from one depth-first walk of the base sets that meets
/// each size's combinations in its own lexicographic order (a finless search of more sets
/// only adds base sets too full for the smaller sizes, which never make a finless fish of
/// them), and finned and sashimi fish of one size are the same combinations told apart
/// afterwards. So one walk over the sizes `size..=4` records the first fish of each size and
/// kind; the slots that follow on the same state (the engine tries them in turn) read their
/// answer from it. The walk stops at the first fish asked for; an answer not met by then stays
/// unknown.
pub(super) fn first_basic(
    grid: &Grid,
    caches: &Caches,
    size: usize,
    finned: bool,
    sashimi: bool,
) -> Option<Step> {
    let sashimi = finned && sashimi;
    let known = caches.per_state(grid, BasicKnown::new);
    let hit = known.0.borrow()[usize::from(finned)][size - 2][usize::from(sashimi)].clone();
    if let Some(hit) = hit {
        return hit;
    }
    let mut all: BasicFirsts = known.0.borrow().clone();
    let firsts = &mut all[usize::from(finned)];
    if let Some(known) = &firsts[size - 2][usize::from(sashimi)] {
        return known.clone();
    }
    let max = size.max(BASIC_SHARED_MAX);
    let mut p = FishSearch::new(FishShape::Basic, size, finned);
    p.max_size = max;
    let mut open = (size..=max)
        .map(|s| firsts[s - 2].iter().filter(|f| f.is_none()).count())
        .sum::<usize>();
    let flow = search(grid, Digit::ALL, &p, |fish| {
        if fish.category() != FishCategory::Basic {
            return ControlFlow::Continue(());
        }
        let n = fish.size();
        let entry = &mut firsts[n - 2];
        if entry[0].is_some() && entry[1].is_some() {
            return ControlFlow::Continue(());
        }
        let elims = fish.eliminations();
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let sash = finned && fish.is_sashimi();
        let slot = &mut entry[usize::from(sash)];
        if slot.is_some() {
            return ControlFlow::Continue(());
        }
        let t = Technique::of_fish(FishKind {
            category: FishCategory::Basic,
            size: n,
            finned,
            sashimi: sash,
        });
        *slot = Some(Some(fish_step(t, fish, elims)));
        open -= 1;
        if (n == size && sash == sashimi) || open == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if flow.is_continue() || open == 0 {
        for entry in &mut firsts[size - 2..max - 1] {
            for slot in entry.iter_mut() {
                slot.get_or_insert(None);
            }
        }
    }
    let answer = firsts[size - 2][usize::from(sashimi)].clone().flatten();
    *known.0.borrow_mut() = all;
    answer
}
