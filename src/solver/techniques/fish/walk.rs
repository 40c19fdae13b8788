//! The walk over base and cover sets that finds the fish of one digit and size.

use super::*;

pub(super) struct Searcher<'a, V> {
    pub(super) p: &'a FishSearch,
    pub(super) digit: Digit,
    pub(super) cands: u128,
    /// The candidates an elimination can be (when eliminations are required).
    pub(super) targets: u128,
    pub(super) base_pool: Vec<Unit>,
    pub(super) cover_pool: Vec<Unit>,
    pub(super) base: [usize; 7],
    pub(super) visit: &'a mut V,
    // Per cover search:
    pub(super) eligible: Vec<Unit>,
    pub(super) cover: [usize; 7],
    pub(super) found: Vec<u32>,
    /// Basic fish: the perpendicular lines of the current base combination.
    pub(super) base_lines: u16,
    /// Basic fish: the cover unit of each line (by its number) that holds the digit.
    pub(super) cover_of_line: [Option<Unit>; 9],
    /// HoDoKu's scratch list of cover sets, kept from walk to walk (all-steps walks only).
    pub(super) scratch: &'a mut Scratch,
}

/// HoDoKu's scratch list of cover sets: each cover walk writes its cover sets from the start,
/// the entries past them stay from earlier walks (`None`: never written).
pub(super) type Scratch = [Option<House>; 40];

impl<V: FnMut(&FishCandidate) -> ControlFlow<()>> Searcher<'_, V> {
    /// Base combinations in lexicographic order; a prefix is extended depth-first (HoDoKu's
    /// order when sizes vary), the cover search runs at every level in `min_size..=max_size`.
    ///
    /// Basic fish: every perpendicular line a base candidate lies in is a cover set or holds a
    /// fin, so base combinations that reach more lines than the cover sets and the fins could
    /// account for are skipped with all their extensions (a finned fish with eliminations has
    /// its fins in one box: at most three lines beyond the cover sets).
    pub(super) fn bases(
        &mut self,
        level: usize,
        start: usize,
        union: u128,
        endo: u128,
        lines: u16,
    ) -> ControlFlow<()> {
        let line_limit = match (self.p.shape, self.p.finned, self.p.need_eliminations) {
            _ if self.p.all_steps => 9,
            (FishShape::Basic, false, _) => self.p.max_size as u32,
            (FishShape::Basic, true, true) => self.p.max_size as u32 + 3,
            (FishShape::Basic, true, false) => self.p.max_size as u32 + self.p.max_fins,
            _ => 9,
        };
        for bi in start..self.base_pool.len() {
            let u = self.base_pool[bi];
            let overlap = union & u.cells;
            let endo = endo | overlap;
            if overlap != 0 && (!self.p.finned || endo.count_ones() > self.p.max_endo_fins) {
                continue;
            }
            let lines = lines | u.lines;
            if lines.count_ones() > line_limit {
                continue;
            }
            // Endo fins no candidate sees together forbid every elimination, here and in every
            // extension (endo fins only grow). (HoDoKu's all-steps walk still goes through
            // their cover sets, which leaves its traces: see `forgotten`.)
            if overlap != 0
                && self.p.need_eliminations
                && !self.p.all_steps
                && common_peers(CellSet::from_bits(endo)).bits() & self.targets == 0
            {
                continue;
            }
            self.base[level] = bi;
            let union = union | u.cells;
            let size = level + 1;
            if size >= self.p.min_size {
                self.base_lines = lines;
                self.covers_for(size, union, endo)?;
            }
            if size < self.p.max_size {
                self.bases(size, bi + 1, union, endo, lines)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn covers_for(&mut self, size: usize, base: u128, endo: u128) -> ControlFlow<()> {
        let all_steps = self.p.all_steps;
        if self.p.shape == FishShape::Basic && self.p.need_eliminations && !all_steps {
            return self.basic_covers(size, base);
        }
        let used = &self.base[..size];
        let pool = &self.base_pool;
        self.eligible.clear();
        for u in &self.cover_pool {
            if u.cells & base != 0 && !used.iter().any(|&b| pool[b].house == u.house) {
                self.eligible.push(*u);
            }
        }
        if all_steps {
            for (k, u) in self.eligible.iter().enumerate() {
                self.scratch[k] = Some(u.house);
            }
        }
        if self.eligible.len() < size {
            return ControlFlow::Continue(());
        }
        if self.p.shape == FishShape::Basic
            && !all_steps
            && binomial(self.eligible.len(), size) <= 128
        {
            return self.lex_covers(size, 0, 0, base, 0, 0, endo, 0);
        }
        // Many cover sets (Franken and Mutant fish): every cover combination that passes the
        // fin rules, then visited in lexicographic order of the eligible covers.
        self.found.clear();
        let mut slot_of_house = [u8::MAX; 27];
        for (k, u) in self.eligible.iter().enumerate() {
            slot_of_house[u.house.index()] = k as u8;
        }
        let mut walk = CoverWalk {
            eligible: &self.eligible,
            slot_of_house,
            size,
            base,
            endo,
            finned: self.p.finned,
            finless_too: all_steps,
            max_fins: self.p.max_fins,
            cands: if self.p.need_eliminations {
                self.targets
            } else {
                0
            },
            found: &mut self.found,
        };
        walk.start();
        // Lexicographic order of the index tuples: the set holding the lowest index where two
        // sets differ comes first.
        self.found
            .sort_unstable_by_key(|&set| std::cmp::Reverse(set.reverse_bits()));
        for k in 0..self.found.len() {
            let chosen = self.found[k];
            let mut union = 0u128;
            let mut cannibal = 0u128;
            let mut n = 0;
            let mut rest = chosen;
            while rest != 0 {
                let ci = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cells = self.eligible[ci].cells;
                cannibal |= union & cells;
                union |= cells;
                self.cover[n] = ci;
                n += 1;
                // HoDoKu's finned search does not extend a partial cover (in index order) that
                // already covers every base candidate.
                if self.p.finned && !all_steps && n < size && base & !union == 0 {
                    n = 0;
                    break;
                }
            }
            if n != size {
                continue;
            }
            let uncovered = base & !union;
            if self.p.need_eliminations && !self.eliminates(base, union, uncovered, endo, cannibal)
            {
                continue;
            }
            let mut fish = self.candidate(size, base, union, uncovered, endo, cannibal);
            if all_steps {
                fish.forgotten = self.forgotten(size);
            }
            (self.visit)(&fish)?;
        }
        ControlFlow::Continue(())
    }

    /// The cover sets of the combination in `self.cover` that HoDoKu's all-steps list leaves
    /// out. Its cover walk marks the cover sets in use; after trying each combination of
    /// `size` sets it goes on to larger ones up to `max_size` (trying nothing there), reading
    /// past the end of the current list the entries that earlier walks left in its scratch
    /// list (`self.scratch`), and unmarks each such entry as it leaves it. An entry that names a
    /// cover set taken at a lower level unmarks that set until the level moves on, so from the
    /// second combination under that set on, the step does not show it (and is typed without
    /// it).
    pub(super) fn forgotten(&self, size: usize) -> u8 {
        let n = self.eligible.len();
        let stale_end = (n + self.p.max_size - size).min(self.scratch.len());
        let stale = &self.scratch[n.min(stale_end)..stale_end];
        let mut out = 0;
        for l in 0..size - 1 {
            let c = self.cover[l];
            let first = (l + 1..size).all(|m| self.cover[m] == c + (m - l));
            if !first && stale.contains(&Some(self.eligible[c].house)) {
                out |= 1 << l;
            }
        }
        out
    }

    /// Whether the combination eliminates something ([`FishCandidate::eliminations`]).
    pub(super) fn eliminates(
        &self,
        base: u128,
        union: u128,
        uncovered: u128,
        endo: u128,
        cannibal: u128,
    ) -> bool {
        let potential = ((union & !base) | cannibal) & self.targets;
        if potential == 0 {
            return false;
        }
        let fins = uncovered | endo;
        let mut seen = potential;
        let mut rest = fins;
        while rest != 0 && seen != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            seen &= Cell::from_index(c).peers().bits();
        }
        seen != 0
    }

    /// Basic fish that must eliminate: the cover sets are lines the base candidates reach, and
    /// the lines reached but not covered hold the fins, which all lie in one box when anything
    /// sees them all. So the combinations are the base lines less one set of `extra` lines
    /// within one band or stack (no fins: all of them), visited in lexicographic order with the
    /// rules of [`Self::lex_covers`].
    fn basic_covers(&mut self, size: usize, base: u128) -> ControlFlow<()> {
        let lines = self.base_lines;
        let Some(extra) = (lines.count_ones() as usize).checked_sub(size) else {
            return ControlFlow::Continue(());
        };
        if extra > 3 || (extra == 0) == self.p.finned {
            return ControlFlow::Continue(());
        }
        let mut choices = [0u16; 9];
        let mut n = 0;
        if extra == 0 {
            choices[0] = lines;
            n = 1;
        } else {
            for chute in [0o007u16, 0o070, 0o700] {
                let within = lines & chute;
                if (within.count_ones() as usize) < extra {
                    continue;
                }
                // Every `extra`-subset of the (at most three) lines within the chute.
                let mut sub = within;
                while sub != 0 {
                    if sub.count_ones() as usize == extra {
                        choices[n] = lines & !sub;
                        n += 1;
                    }
                    sub = (sub - 1) & within;
                }
            }
        }
        let choices = &mut choices[..n];
        // Lexicographic order of the line lists: the one holding the lowest line where two
        // differ comes first.
        choices.sort_unstable_by_key(|&m| std::cmp::Reverse(m.reverse_bits()));
        'choice: for &cover in choices.iter() {
            // The fins (the base candidates in the lines left out) must lie in one box: fins in
            // two boxes see no cover candidate in common.
            if self.p.finned {
                let mut fins = 0u128;
                let mut rest = lines & !cover;
                while rest != 0 {
                    let l = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    fins |= self.cover_of_line[l]
                        .expect("a base line is a cover line")
                        .cells;
                }
                let fins = fins & base;
                let first = Cell::from_index(fins.trailing_zeros() as usize);
                if fins & !House::Box(first.box_index() as u8).cells().bits() != 0 {
                    continue;
                }
            }
            let mut union = 0u128;
            let mut rest = cover;
            let mut k = 0;
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                union |= self.cover_of_line[l]
                    .expect("a base line is a cover line")
                    .cells;
                k += 1;
                // A finned search does not extend a partial cover that covers every base
                // candidate.
                if self.p.finned && k < size && base & !union == 0 {
                    continue 'choice;
                }
            }
            let uncovered = base & !union;
            let fins = uncovered.count_ones();
            let ok = if self.p.finned {
                fins != 0 && fins <= self.p.max_fins
            } else {
                fins == 0
            };
            if ok && self.eliminates(base, union, uncovered, 0, 0) {
                // The eligible covers are the base lines in ascending order.
                self.eligible.clear();
                let mut rest = lines;
                while rest != 0 {
                    let l = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    self.eligible
                        .push(self.cover_of_line[l].expect("a cover line"));
                }
                let mut k = 0;
                for (slot, u) in self.eligible.iter().enumerate() {
                    if cover & u.line_bit != 0 {
                        self.cover[k] = slot;
                        k += 1;
                    }
                }
                let fish = self.candidate(size, base, union, uncovered, 0, 0);
                (self.visit)(&fish)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Few cover sets (basic fish): the cover combinations one by one in lexicographic order
    /// (hodoku-py's cover search, including its rule that a finned search does not extend a
    /// partial cover that already covers every base candidate).
    #[allow(clippy::too_many_arguments)]
    fn lex_covers(
        &mut self,
        size: usize,
        level: usize,
        start: usize,
        base: u128,
        union: u128,
        cannibal: u128,
        endo: u128,
        cover_lines: u16,
    ) -> ControlFlow<()> {
        let m = self.eligible.len();
        let left = size - level;
        // Basic fish: a line reached by the base but not covered holds a fin, and fins that
        // something sees all lie in one box, so those lines lie in one band or stack.
        let basic_fins_in_a_box = self.p.shape == FishShape::Basic && self.p.need_eliminations;
        for ci in start..=(m - left) {
            let cells = self.eligible[ci].cells;
            let cannibal = cannibal | (union & cells);
            let union = union | cells;
            let cover_lines = cover_lines | self.eligible[ci].line_bit;
            self.cover[level] = ci;
            let uncovered = base & !union;
            if left > 1 {
                if self.p.finned && uncovered == 0 {
                    continue;
                }
                self.lex_covers(
                    size,
                    level + 1,
                    ci + 1,
                    base,
                    union,
                    cannibal,
                    endo,
                    cover_lines,
                )?;
                continue;
            }
            if basic_fins_in_a_box && !in_one_chute(self.base_lines & !cover_lines) {
                continue;
            }
            let fins = (uncovered | endo).count_ones();
            let ok = if self.p.finned {
                fins != 0 && fins <= self.p.max_fins
            } else {
                fins == 0
            };
            if ok
                && (!self.p.need_eliminations
                    || self.eliminates(base, union, uncovered, endo, cannibal))
            {
                let fish = self.candidate(size, base, union, uncovered, endo, cannibal);
                (self.visit)(&fish)?;
            }
        }
        ControlFlow::Continue(())
    }

    pub(super) fn candidate(
        &self,
        size: usize,
        base: u128,
        union: u128,
        uncovered: u128,
        endo: u128,
        cannibal: u128,
    ) -> FishCandidate {
        let mut b = [House::Row(0); 7];
        let mut c = [House::Row(0); 7];
        for k in 0..size {
            b[k] = self.base_pool[self.base[k]].house;
            c[k] = self.eligible[self.cover[k]].house;
        }
        FishCandidate {
            digit: self.digit,
            base: b,
            cover: c,
            size,
            base_cells: CellSet::from_bits(base),
            cover_cells: CellSet::from_bits(union),
            uncovered: CellSet::from_bits(uncovered),
            endo_fins: CellSet::from_bits(endo),
            cannibal: CellSet::from_bits(cannibal),
            candidates: CellSet::from_bits(self.cands),
            forgotten: 0,
        }
    }
}

/// The cover combinations of one base combination, as bit sets over the eligible covers: a
/// branching search on the first base candidate not yet covered (it becomes a fin, or one of the
/// covers holding it is taken, the covers before it in index order being ruled out), so each
/// combination comes once and only combinations within the fin limit are visited.
struct CoverWalk<'a> {
    eligible: &'a [Unit],
    /// For each house (index order), its position among the eligible covers, or `u8::MAX`.
    slot_of_house: [u8; 27],
    size: usize,
    base: u128,
    endo: u128,
    finned: bool,
    /// Finless combinations too (with `finned`).
    finless_too: bool,
    max_fins: u32,
    /// The digit's candidates when the fish must eliminate something (all fins must then see a
    /// common candidate), else 0.
    cands: u128,
    found: &'a mut Vec<u32>,
}

impl CoverWalk<'_> {
    /// `seen`: the candidates that see every fin so far (all cells when eliminations are not
    /// required); `more` fins are added. Returns the new `seen`, or `None` when the fins are too
    /// many or nothing sees them all.
    fn add_fins(&self, fins: u128, more: u128, seen: u128) -> Option<u128> {
        if (fins | more | self.endo).count_ones() > self.max_fins {
            return None;
        }
        if self.cands == 0 {
            return Some(seen);
        }
        let mut seen = seen;
        let mut rest = more & !fins & !self.endo;
        while rest != 0 && seen != 0 {
            seen &= Cell::from_index(rest.trailing_zeros() as usize)
                .peers()
                .bits();
            rest &= rest - 1;
        }
        (seen != 0).then_some(seen)
    }

    fn start(&mut self) {
        let seen = if self.cands == 0 {
            u128::MAX
        } else {
            common_peers(CellSet::from_bits(self.endo)).bits() & self.cands
        };
        if seen != 0 {
            self.branch(0, 0, 0, 0, 0, seen);
        }
    }

    fn branch(
        &mut self,
        chosen: u32,
        count: usize,
        covered: u128,
        fins: u128,
        forbidden: u32,
        seen: u128,
    ) {
        let open = self.base & !covered & !fins;
        if open == 0 {
            if self.finned && !self.finless_too && fins | self.endo == 0 {
                return;
            }
            let r = self.size - count;
            if r == 0 {
                self.found.push(chosen);
                return;
            }
            let allowed: Vec<usize> = (0..self.eligible.len())
                .filter(|&k| (chosen | forbidden) >> k & 1 == 0)
                .collect();
            if allowed.len() < r {
                return;
            }
            let mut idx = [0usize; 7];
            self.extend(chosen, &allowed, r, 0, 0, &mut idx);
            return;
        }
        if count == self.size {
            if self.finned && self.add_fins(fins, open, seen).is_some() {
                self.found.push(chosen);
            }
            return;
        }
        let c = open & open.wrapping_neg();
        let cell = Cell::from_index(c.trailing_zeros() as usize);
        let holding: u32 = cell.houses().iter().fold(0, |a, h| {
            let k = self.slot_of_house[h.index()];
            if k == u8::MAX {
                a
            } else {
                a | 1 << k
            }
        });
        if self.finned {
            if let Some(seen) = self.add_fins(fins, c, seen) {
                self.branch(chosen, count, covered, fins | c, forbidden | holding, seen);
            }
        }
        let mut earlier = 0u32;
        let mut rest = holding & !forbidden & !chosen;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.branch(
                chosen | 1 << k,
                count + 1,
                covered | self.eligible[k].cells,
                fins,
                forbidden | earlier,
                seen,
            );
            earlier |= 1 << k;
        }
    }

    /// Adds every `r`-combination of `allowed` to `chosen`.
    fn extend(
        &mut self,
        chosen: u32,
        allowed: &[usize],
        r: usize,
        level: usize,
        start: usize,
        idx: &mut [usize; 7],
    ) {
        if level == r {
            let set = idx[..r].iter().fold(chosen, |a, &k| a | 1 << k);
            self.found.push(set);
            return;
        }
        for i in start..=allowed.len() - (r - level) {
            idx[level] = allowed[i];
            self.extend(chosen, allowed, r, level + 1, i + 1, idx);
        }
    }
}
