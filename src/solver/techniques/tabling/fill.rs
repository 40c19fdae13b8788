//! Filling the tables of a state: direct links, group nodes, the net look-ahead, and the
//! expansion of every table into the closure of its premise.

use super::table::expand_table;
use super::*;

impl Tables {
    /// Direct implications: the other candidates of the cell and the digit in the cell's
    /// houses (weak links for a set candidate, strong links for a deleted one).
    pub(super) fn fill_chains(&mut self, grid: &Grid) {
        for cell in grid.unsolved() {
            let cands = grid.candidates(cell);
            for d in cands {
                let id = cell.index() * 9 + d.index();
                let (on, off) = (&mut self.on[id], &mut self.off[id]);
                on.push_direct(Lit::cand(cell, d, true));
                off.push_direct(Lit::cand(cell, d, false));
                // The set candidate's table: the cell's other candidates, then the digit's
                // peers by row, column and box (each once); none can be there already.
                for o in cands {
                    if o != d {
                        on.push_new(Lit::cand(cell, o, false));
                        on.off_sets[o.index()].insert(cell);
                        if cands.len() == 2 {
                            off.push_direct(Lit::cand(cell, o, true));
                        }
                    }
                }
                let [row, col, bx] = cell.houses().map(|h| {
                    grid.house_cells_with(h, d)
                        .difference(CellSet::single(cell))
                });
                for p in row.iter().chain(col).chain(bx & !row & !col) {
                    on.push_new(Lit::cand(p, d, false));
                }
                on.off_sets[d.index()] |= row | col | bx;
                // The deleted candidate's table: the other place of the digit in each house
                // where it has two.
                for peers in [row, col, bx] {
                    if peers.len() == 1 {
                        if let Some(p) = peers.first() {
                            off.push_direct(Lit::cand(p, d, true));
                        }
                    }
                }
            }
        }
    }

    /// Net implications: each premise played on a copy of the grid with rounds of singles (the
    /// copy is set back to the state before each premise).
    pub(super) fn fill_nets(&mut self, grid: &Grid) {
        let mut s = grid.clone();
        for cell in grid.unsolved() {
            for d in grid.candidates(cell) {
                let id = cell.index() * 9 + d.index();
                s.reset_to(grid);
                self.net_entry(TableRef::On(id), &mut s, grid, cell, d, true);
                s.reset_to(grid);
                self.net_entry(TableRef::Off(id), &mut s, grid, cell, d, false);
            }
        }
    }

    fn net_entry(
        &mut self,
        t: TableRef,
        s: &mut Grid,
        base: &Grid,
        cell: Cell,
        d: Digit,
        set: bool,
    ) {
        if set {
            self.net_set(t, s, base, cell, d, None);
        } else {
            s.eliminate(cell, d);
            self.add(t, Lit::cand(cell, d, false), [0; 5]);
            if let Some(single) = s.candidates(cell).single_digit() {
                self.net_set(t, s, base, cell, single, None);
            }
        }
        let mut found: Vec<(Cell, Digit, bool)> = Vec::new();
        for _ in 0..NET_LOOK_AHEAD {
            found.clear();
            net_singles(s, &mut found);
            if found.is_empty() {
                break;
            }
            for &(c, v, naked) in &found {
                self.net_set(t, s, base, c, v, Some(naked));
            }
        }
    }

    /// Sets `d` in `cell` on the premise's grid and records it with what it removes; `single`
    /// tells a look-ahead single (naked or hidden), whose entry points back at the deletions
    /// that forced it.
    fn net_set(
        &mut self,
        t: TableRef,
        s: &mut Grid,
        base: &Grid,
        cell: Cell,
        d: Digit,
        single: Option<bool>,
    ) {
        let mut peers = base.cells_with(d) & cell.peers();
        peers.remove(cell);
        let others = s.candidates(cell);
        let mut ret = [0u16; 5];
        if let Some(naked) = single {
            let table = self.table(t);
            if naked {
                let mut k = 0;
                for c in base.candidates(cell) {
                    if c == d && k < 5 {
                        continue;
                    }
                    let idx = table.index_or_zero(Lit::cand(cell, c, false));
                    if k < 5 {
                        ret[k] = idx;
                        k += 1;
                    }
                }
            } else {
                let mut best = cell.houses()[0];
                let mut best_free = u32::MAX;
                for h in cell.houses() {
                    let f = s.free(h, d);
                    if f < best_free {
                        best_free = f;
                        best = h;
                    }
                }
                let mut house_peers = base.cells_with(d) & best.cells();
                house_peers.remove(cell);
                for (k, p) in house_peers.iter().take(5).enumerate() {
                    ret[k] = table.index_or_zero(Lit::cand(p, d, false));
                }
            }
        }
        let back = self.table(t).len() as u16;
        s.place(cell, d);
        self.add(t, Lit::cand(cell, d, true), ret);
        let r = [back, 0, 0, 0, 0];
        for p in peers {
            self.add(t, Lit::cand(p, d, false), r);
        }
        for o in others {
            if o != d {
                self.add(t, Lit::cand(cell, o, false), r);
            }
        }
    }

    fn next_ext(&mut self) -> usize {
        if self.ext_used == self.ext.len() {
            self.ext.push(Table::default());
        }
        self.ext_used += 1;
        self.ext_used - 1
    }

    /// Group nodes: their own on/off tables, and links to and from candidates and other groups.
    pub(super) fn fill_groups(&mut self, grid: &Grid) {
        let groups = std::mem::take(&mut self.groups);
        let mut of_digit: [Vec<usize>; 9] = Default::default();
        for (i, g) in groups.iter().enumerate() {
            of_digit[g.digit.index()].push(i);
        }
        for (i, g) in groups.iter().enumerate() {
            let d = g.digit;
            let on_i = self.next_ext();
            self.table_mut(TableRef::Ext(on_i))
                .push_direct(Lit::group(i, true));
            self.ext_map[Lit::group(i, true).index()] = on_i as u32 + 1;
            let off_i = self.next_ext();
            self.table_mut(TableRef::Ext(off_i))
                .push_direct(Lit::group(i, false));
            self.ext_map[Lit::group(i, false).index()] = off_i as u32 + 1;
            let (on, off) = (TableRef::Ext(on_i), TableRef::Ext(off_i));

            let visible = grid.cells_with(d) & g.buddies;
            if !visible.is_empty() {
                for c in visible {
                    self.table_mut(on).push_direct(Lit::cand(c, d, false));
                    let id = c.index() * 9 + d.index();
                    self.table_mut(TableRef::On(id))
                        .push_direct(Lit::group(i, false));
                }
                for h in [g.block, g.line] {
                    let rest = visible & h.cells();
                    if rest.len() == 1 {
                        let c = rest.first().expect("one cell");
                        self.table_mut(off).push_direct(Lit::cand(c, d, true));
                        let id = c.index() * 9 + d.index();
                        self.table_mut(TableRef::Off(id))
                            .push_direct(Lit::group(i, true));
                    }
                }
            }

            // Other groups of the digit that do not overlap: in the same line or box.
            let mut line_other: Option<(usize, u32)> = None;
            let mut block_other: Option<(usize, u32)> = None;
            for &j in &of_digit[d.index()] {
                let g2 = &groups[j];
                if j == i || !(g.cells & g2.cells).is_empty() {
                    continue;
                }
                if g.line == g2.line {
                    let e = line_other.get_or_insert((j, 0));
                    e.1 += 1;
                    self.table_mut(on).push_direct(Lit::group(j, false));
                }
                if g.block == g2.block {
                    let e = block_other.get_or_insert((j, 0));
                    e.1 += 1;
                    self.table_mut(on).push_direct(Lit::group(j, false));
                }
            }
            for (h, other) in [(g.line, line_other), (g.block, block_other)] {
                if let Some((j, 1)) = other {
                    let rest = grid.house_cells_with(h, d) & !g.cells & !groups[j].cells;
                    if rest.is_empty() {
                        self.table_mut(off).push_direct(Lit::group(j, true));
                    }
                }
            }
        }
        self.groups = groups;
    }

    /// Fills [`Tables::succ`]: for every literal, the entries of its table that expanding
    /// merges (the direct ones after the premise, none already expanded). The direct part of a
    /// table never changes while tables are expanded.
    pub(super) fn index_direct(&mut self) {
        let mut succ = std::mem::take(&mut self.succ);
        let mut start = std::mem::take(&mut self.succ_start);
        let mut src_of = std::mem::take(&mut self.lit_src);
        succ.clear();
        start.clear();
        src_of.clear();
        src_of.resize(self.n_lits, 0);
        for (li, src_slot) in src_of.iter_mut().enumerate() {
            start.push(succ.len() as u32);
            let l = Lit::from_index(li);
            let (src, from) = if l.is_group() {
                match self.ext_map[li] {
                    0 => continue,
                    e => (&self.ext[e as usize - 1], (e - 1) | (FROM_EXT as u32) << 16),
                }
            } else if self.live_mask[l.node() / 64] & 1 << (l.node() % 64) == 0 {
                continue;
            } else if l.on() {
                let i = l.node();
                (&self.on[i], i as u32 | (FROM_ON as u32) << 16)
            } else {
                let i = l.node();
                (&self.off[i], i as u32)
            };
            *src_slot = from;
            for k in 1..src.direct.min(src.lits.len()) {
                if src.meta[k].flags & EXPANDED == 0 {
                    succ.push(src.lits[k].index() as u32 | (src.meta[k].dist as u32) << 16);
                }
            }
        }
        start.push(succ.len() as u32);
        self.succ = succ;
        self.succ_start = start;
        self.lit_src = src_of;
    }

    /// Merges into every table of one side the tables of the literals it holds, until each is
    /// closed (or full).
    ///
    /// `NETS`: whether direct entries may lie at different distances (net tables). Otherwise
    /// every direct entry is one step from its premise, entries come in order of distance,
    /// and a shorter way to an entry never turns up later, so the check for one is left out.
    /// That holds while the distances, kept in 9 bits as HoDoKu keeps them, do not wrap
    /// around: a table whose distances did is expanded again with the check.
    pub(super) fn expand<const NETS: bool>(&mut self, on_side: bool) {
        // Literal -> position + 1 in the table being expanded (the latest for a repeated group
        // literal), with the entry's distance << 16 when a shorter one would replace its
        // reasons (an expanded entry), else 0: one small array that stays in cache, emptied
        // after each table.
        let mut pos = std::mem::take(&mut self.scratch_pos);
        pos.clear();
        pos.resize(self.n_lits, 0);
        let (succ, start, src_of) = (&self.succ, &self.succ_start, &self.lit_src);
        let tables = if on_side { &mut self.on } else { &mut self.off };
        for &i in &self.live {
            let dest = &mut tables[i as usize];
            let farthest = expand_table::<NETS>(dest, &mut pos, succ, start, src_of);
            // Direct entries of chain tables lie two from their premise's distance: a merge
            // from an entry past 0x1FF - 2 went past 9 bits.
            if !NETS && farthest > 0x1FF - 2 {
                dest.reset_to_direct();
                expand_table::<true>(dest, &mut pos, succ, start, src_of);
            }
        }
        self.scratch_pos = pos;
    }
}

/// HoDoKu's group nodes of a state: rows first, then columns; per line each digit, per digit each
/// box; two or three cells.
pub(super) fn group_nodes(grid: &Grid) -> Vec<GroupNode> {
    let mut out = Vec::new();
    for lines in [0..9usize, 9..18] {
        for li in lines {
            let line = House::from_index(li);
            for d in Digit::ALL {
                let in_line = grid.house_cells_with(line, d);
                if in_line.is_empty() {
                    continue;
                }
                for b in 0..9 {
                    let block = House::Box(b as u8);
                    let cells = in_line & block.cells();
                    if cells.len() >= 2 {
                        let mut buddies = CellSet::ALL;
                        for c in cells {
                            buddies &= c.peers();
                        }
                        out.push(GroupNode {
                            digit: d,
                            cells,
                            buddies,
                            block,
                            line,
                        });
                    }
                }
            }
        }
    }
    out
}

/// HoDoKu's net look-ahead singles on a premise's grid: naked singles in queue order, then
/// hidden singles in queue order (each cell once).
fn net_singles(s: &Grid, out: &mut Vec<(Cell, Digit, bool)>) {
    for &(c, d) in s.naked_single_queue() {
        if s.value(c).is_none() {
            out.push((c, d, true));
        }
    }
    let mut found = CellSet::EMPTY;
    for &(c, d) in s.hidden_single_queue() {
        if s.value(c).is_some() || found.contains(c) || !s.candidates(c).contains(d) {
            continue;
        }
        if c.houses().iter().any(|&h| s.free(h, d) == 1) {
            out.push((c, d, false));
            found.insert(c);
        }
    }
}
