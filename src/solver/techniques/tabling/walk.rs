//! Reading the tables back: a literal's cells and digit, its chain node, and the chain that
//! proves an entry, walked back from the table.

use super::*;

impl Tables {
    /// The cells a literal's node covers (one cell, or a group's cells).
    pub(crate) fn lit_cells(&self, l: Lit) -> CellSet {
        if l.is_group() {
            self.groups[l.group_index()].cells
        } else {
            CellSet::single(cand_of(l).0)
        }
    }

    /// The first cell of a literal's node (HoDoKu's `getCellIndex`).
    pub(crate) fn lit_cell(&self, l: Lit) -> Cell {
        if l.is_group() {
            self.groups[l.group_index()].first()
        } else {
            cand_of(l).0
        }
    }

    pub(crate) fn lit_digit(&self, l: Lit) -> Digit {
        if l.is_group() {
            self.groups[l.group_index()].digit
        } else {
            cand_of(l).1
        }
    }

    /// Cells that see the whole node (HoDoKu's `getSNodeBuddies`).
    pub(crate) fn lit_buddies(&self, l: Lit) -> CellSet {
        if l.is_group() {
            self.groups[l.group_index()].buddies
        } else {
            cand_of(l).0.peers()
        }
    }

    pub(crate) fn node(&self, l: Lit) -> ChainNode {
        if l.is_group() {
            let g = &self.groups[l.group_index()];
            ChainNode::Group {
                digit: g.digit,
                cells: g.cells,
            }
        } else {
            let (c, d) = cand_of(l);
            ChainNode::Candidate(Candidate::new(c, d))
        }
    }

    /// Walks back from `target` in table `r` to the premise (HoDoKu's `buildChain`): the main
    /// chain from the target back to the premise, and for nets the side branches (each from an
    /// additional reason back to where it joins the main chain).
    fn walk_back(&self, r: TableRef, target: Lit) -> Option<(Vec<Lit>, Vec<Vec<Lit>>)> {
        let org = self.table(r);
        let index = org.lits.iter().position(|&l| l == target)?;
        let mut main_cells = CellSet::EMPTY;
        let mut mins: Vec<Vec<Lit>> = Vec::new();
        let main = self.walk(r, index, None, &mut main_cells, &mut mins);
        let mut built: Vec<Vec<Lit>> = Vec::with_capacity(mins.len());
        for m in &mins {
            let start = m[0];
            match org.position(start) {
                Some(ei) => {
                    let mut unused = Vec::new();
                    built.push(self.walk(r, ei, Some(&main), &mut main_cells.clone(), &mut unused))
                }
                None => built.push(vec![start]),
            }
        }
        Some((main, built))
    }

    pub(super) fn walk(
        &self,
        r: TableRef,
        entry_index: usize,
        main: Option<&[Lit]>,
        main_cells: &mut CellSet,
        mins: &mut Vec<Vec<Lit>>,
    ) -> Vec<Lit> {
        let org = self.table(r);
        let mut table = org;
        let mut out = vec![org.lits[entry_index]];
        let mut first = entry_index;
        let mut jumped = false;
        while first != 0 && out.len() < MAX_ENTRIES {
            if table.meta[first].flags & EXPANDED != 0 {
                let src = org.meta[first].ret as usize;
                let f = table.meta[first].flags;
                let next = if f & FROM_EXT != 0 {
                    self.ext.get(src)
                } else if f & FROM_ON != 0 {
                    self.on.get(src)
                } else {
                    self.off.get(src)
                };
                let Some(next) = next else { break };
                let lit = org.lits[first];
                table = next;
                jumped = true;
                match table.position(lit) {
                    Some(p) => first = p,
                    None => break,
                }
            }
            let ret = table.reasons(first);
            let prev = ret[0] as usize;
            first = prev;
            let Some(&pl) = table.lits.get(prev) else {
                break;
            };
            out.push(pl);
            match main {
                None => *main_cells |= self.lit_cells(pl),
                Some(main) => {
                    if main_cells.contains(self.lit_cell(pl)) && main.contains(&pl) {
                        return out;
                    }
                }
            }
            if main.is_none() {
                for &x in &ret[1..] {
                    if x != 0 && mins.len() < 200 {
                        if let Some(&ml) = table.lits.get(x as usize) {
                            mins.push(vec![ml]);
                        }
                    }
                }
            }
            if jumped && first == 0 {
                let back = table.lits[0];
                table = org;
                match org.position(back) {
                    Some(p) => first = p,
                    None => break,
                }
                jumped = false;
            }
        }
        out
    }

    /// The chain proving `target` in table `r`, premise first (HoDoKu's `addChain`), or `None`
    /// when it cannot be built or is a lasso.
    pub(crate) fn chain(&self, r: TableRef, target: Lit, lasso: Lasso) -> Option<Vec<ChainEntry>> {
        let (main, mins) = self.walk_back(r, target)?;
        if lasso == Lasso::NiceLoop
            && main.len() > 1
            && self.lit_cell(main[0]) == self.lit_cell(main[1])
        {
            return None;
        }
        let first_cell = self.lit_cell(*main.last().expect("non-empty"));
        let mut seen = CellSet::EMPTY;
        let mut last: Option<Lit> = None;
        let mut out = Vec::with_capacity(main.len());
        for &l in main.iter().rev() {
            if lasso != Lasso::None {
                if seen.contains(self.lit_cell(l)) {
                    return None;
                }
                if let Some(prev) = last {
                    if self.lit_cell(prev) != first_cell || lasso == Lasso::Aic {
                        seen |= self.lit_cells(prev);
                    }
                }
            }
            last = Some(l);
            out.push(ChainEntry::Main(l));
            for m in &mins {
                if m.last() == Some(&l) {
                    for &b in m[..m.len() - 1].iter().rev() {
                        out.push(ChainEntry::Branch(b));
                    }
                    out.push(ChainEntry::Close);
                }
            }
        }
        Some(out)
    }

    /// A chain as links between consecutive literals, side branches after the main chain; a link
    /// into a true literal is strong, into a false one weak.
    pub(crate) fn links(&self, chain: &[ChainEntry]) -> Vec<ChainLink> {
        let mut links = Vec::new();
        let mut prev_main: Option<Lit> = None;
        let mut prev_branch: Option<Lit> = None;
        for e in chain {
            match *e {
                ChainEntry::Main(l) => {
                    if let Some(p) = prev_main {
                        links.push(self.link(p, l));
                    }
                    prev_main = Some(l);
                    prev_branch = Some(l);
                }
                ChainEntry::Branch(l) => {
                    if let Some(p) = prev_branch {
                        links.push(self.link(p, l));
                    }
                    prev_branch = Some(l);
                }
                ChainEntry::Close => prev_branch = prev_main,
            }
        }
        links
    }

    pub(super) fn link(&self, from: Lit, to: Lit) -> ChainLink {
        ChainLink {
            from: self.node(from),
            to: self.node(to),
            kind: if to.on() {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            },
        }
    }

    /// HoDoKu's cell print of a node: `r1c2` or a compact group `r1c23`.
    pub(crate) fn node_text(&self, l: Lit) -> String {
        if l.is_group() {
            let cells: Vec<Cell> = self.groups[l.group_index()].cells.iter().collect();
            crate::solver::step::compact_cells(&cells)
        } else {
            cand_of(l).0.to_string()
        }
    }
}
