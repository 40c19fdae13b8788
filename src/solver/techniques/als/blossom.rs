//! Death Blossom: a stem cell whose every candidate sees an almost locked set holding it.

use super::*;

/// HoDoKu keeps at most this many sets per stem cell and digit (`RCForDeathBlossom`).
const DB_MAX_PER_DIGIT: usize = 100;

pub(super) struct Blossom<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    stem: Cell,
    per_digit: [Vec<usize>; 9],
    max_digit: usize,
    cells: CellSet,
    digits: DigitSet,
    petal: [Option<usize>; 9],
    /// Every blossom is wanted: found steps go here and the search goes on.
    all: Option<&'a RefCell<Vec<Step>>>,
}

impl Blossom<'_> {
    pub(super) fn recurse(&mut self, d: usize) -> Option<Step> {
        if d > self.max_digit {
            return None;
        }
        if self.per_digit[d].is_empty() {
            self.petal[d] = None;
            return self.recurse(d + 1);
        }
        for k in 0..self.per_digit[d].len() {
            let ai = self.per_digit[d][k];
            let als = &self.alses[ai];
            if !(als.cells & self.cells).is_empty() || (self.digits & als.digits).is_empty() {
                continue;
            }
            self.petal[d] = Some(ai);
            let (old_digits, old_cells) = (self.digits, self.cells);
            self.digits &= als.digits;
            self.cells |= als.cells;
            let found = if d < self.max_digit {
                self.recurse(d + 1)
            } else {
                match (self.check(), self.all) {
                    (Some(s), Some(all)) => {
                        all.borrow_mut().push(s);
                        None
                    }
                    (found, _) => found,
                }
            };
            self.digits = old_digits;
            self.cells = old_cells;
            if found.is_some() {
                return found;
            }
        }
        None
    }

    pub(super) fn check(&self) -> Option<Step> {
        let mut elims = Vec::new();
        for z in self.digits {
            if self.petal[z.index()].is_some() {
                continue;
            }
            let mut with = CellSet::EMPTY;
            for ai in self.petal.iter().flatten() {
                with |= self.alses[*ai].cells_with(z);
            }
            let cells = common_buddies(with)
                & !self.cells
                & !CellSet::single(self.stem)
                & self.grid.cells_with(z);
            elims.extend(cells.iter().map(|c| Candidate::new(c, z)));
        }
        if elims.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::DeathBlossom);
        let (mut alses, mut marks) = (Vec::new(), Vec::new());
        let mut text = format!(
            "{}: [{}]",
            Technique::DeathBlossom.name(),
            compact_cells(&[self.stem])
        );
        let mut links = Vec::new();
        for (di, ai) in self.petal.iter().enumerate() {
            let Some(ai) = *ai else { continue };
            let d = Digit::from_index(di);
            let als = &self.alses[ai];
            text.push_str(&format!(",  -{d}- {}", als.text()));
            alses.push((als.cells, als.digits));
            marks.extend(als.cells_with(d).iter().map(|c| Candidate::new(c, d)));
            marks.push(Candidate::new(self.stem, d));
            links.push(vec![ChainLink {
                from: Candidate::new(self.stem, d).into(),
                to: ChainNode::Als {
                    digit: d,
                    cells: als.cells,
                },
                kind: LinkKind::Weak,
            }]);
        }
        text.push_str(&elim_suffix(&elims));
        step.facts = Facts::Sets {
            alses,
            chains: links,
            digits: Vec::new(),
            cells: vec![self.stem],
            houses: Vec::new(),
            marks,
        };
        step.eliminations = elims;
        step.text = text;
        Some(step)
    }
}

/// Death Blossom: a stem cell whose every candidate `d` is seen by a petal ALS through all its
/// cells holding `d` (petals disjoint); a digit common to all petals and not in the stem goes
/// from every cell that sees all its cells in the petals. HoDoKu returns the first found: stems
/// in cell order, petals per stem digit in ALS order.
/// HoDoKu's list of every Death Blossom is sorted: most eliminations first, then the smallest
/// index sum, the search order among equals. So the finder leads with its hint's step: it
/// reports the first found, then, if the sink goes on, the whole sorted list (the table marks
/// it as leading).
pub fn find_death_blossom(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(first) = blossoms(grid, &ctx.caches, None) else {
        return ControlFlow::Continue(());
    };
    out(first)?;
    let all = RefCell::new(Vec::new());
    blossoms(grid, &ctx.caches, Some(&all));
    let mut steps = all.into_inner();
    steps.sort_by_cached_key(|s| {
        let mut e = s.eliminations.clone();
        e.sort_by_key(|c| (c.digit, c.cell));
        (std::cmp::Reverse(e.len()), index_sum(e))
    });
    steps.into_iter().try_for_each(out)
}

/// The first Death Blossom, or with `all` every one (then `None`).
fn blossoms(grid: &Grid, caches: &Caches, all: Option<&RefCell<Vec<Step>>>) -> Option<Step> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let mut per_cell: Vec<[Vec<usize>; 9]> = vec![Default::default(); 81];
    let mut masks = [DigitSet::EMPTY; 81];
    for (i, als) in alses.iter().enumerate() {
        for d in als.digits {
            for c in als.buddies_with(d) {
                let v = &mut per_cell[c.index()][d.index()];
                if v.len() < DB_MAX_PER_DIGIT {
                    v.push(i);
                    masks[c.index()].insert(d);
                }
            }
        }
    }
    for stem in grid.unsolved() {
        let cands = grid.candidates(stem);
        if masks[stem.index()].is_empty() || masks[stem.index()] != cands {
            continue;
        }
        let per_digit = std::mem::take(&mut per_cell[stem.index()]);
        let max_digit = (0..9)
            .rev()
            .find(|&d| !per_digit[d].is_empty())
            .unwrap_or(0);
        let mut b = Blossom {
            grid,
            alses,
            stem,
            per_digit,
            max_digit,
            cells: CellSet::EMPTY,
            digits: DigitSet::ALL,
            petal: [None; 9],
            all,
        };
        if let Some(step) = b.recurse(0) {
            return Some(step);
        }
    }
    None
}
