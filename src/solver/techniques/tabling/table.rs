//! A table's own operations: clearing, adding, and merging other tables into it.

use super::*;

impl Table {
    /// Empties the table, keeping its memory.
    pub(super) fn clear(&mut self) {
        // The cell sets only ever hold entries' cells: an empty table's are empty already.
        if self.lits.is_empty() {
            return;
        }
        self.lits.clear();
        self.direct = 0;
        self.meta.clear();
        self.more.clear();
        self.on_sets = [CellSet::EMPTY; 9];
        self.off_sets = [CellSet::EMPTY; 9];
    }

    /// Drops every entry after the direct ones, and their cells from the cell sets.
    pub(super) fn reset_to_direct(&mut self) {
        let direct = self.direct;
        self.lits.truncate(direct);
        self.meta.truncate(direct);
        self.more.retain(|e| (e.0 as usize) < direct);
        self.on_sets = [CellSet::EMPTY; 9];
        self.off_sets = [CellSet::EMPTY; 9];
        for k in 0..direct {
            let l = self.lits[k];
            if let Some((c, set)) = self.cell_set(l) {
                set.insert(c);
            }
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.lits.is_empty()
    }
    pub(crate) fn premise(&self) -> Lit {
        self.lits[0]
    }
    pub(crate) fn len(&self) -> usize {
        self.lits.len()
    }
    pub(crate) fn distance(&self, i: usize) -> u16 {
        self.meta[i].dist
    }
    /// The position of `l` (the latest one for a repeated group literal).
    pub(super) fn position(&self, l: Lit) -> Option<usize> {
        last_position(&self.lits, l)
    }
    /// The (up to five) reasons of entry `i`, unused ones 0.
    pub(super) fn reasons(&self, i: usize) -> [u16; 5] {
        let mut r = [self.meta[i].ret, 0, 0, 0, 0];
        if let Some((_, more)) = self.more.iter().find(|e| e.0 as usize == i) {
            r[1..].copy_from_slice(more);
        }
        r
    }

    /// HoDoKu's `getEntryIndex`: the position, 0 when absent.
    pub(super) fn index_or_zero(&self, l: Lit) -> u16 {
        self.position(l).unwrap_or(0) as u16
    }

    /// Adds a literal (HoDoKu's `addEntry`): candidate literals already present are skipped;
    /// `ret` are positions in this table the literal follows from. Returns false when nothing
    /// was added.
    pub(super) fn add(&mut self, l: Lit, ret: [u16; 5]) -> bool {
        let idx = self.lits.len();
        if idx >= MAX_ENTRIES {
            return false;
        }
        if !l.is_group() {
            let (c, d) = cand_of(l);
            let set = if l.on() {
                &self.on_sets[d.index()]
            } else {
                &self.off_sets[d.index()]
            };
            if set.contains(c) {
                return false;
            }
        }
        let packed = pack_ret(ret);
        let r1 = ret[0] as usize;
        let base = if r1 < idx { self.meta[r1].dist } else { 0 };
        self.lits.push(l);
        if packed[1..].iter().any(|&x| x != 0) {
            self.more
                .push((idx as u16, [packed[1], packed[2], packed[3], packed[4]]));
        }
        self.meta.push(Meta {
            ret: packed[0],
            dist: (base + 1) & 0x1FF,
            flags: 0,
        });
        if let Some((c, set)) = self.cell_set(l) {
            set.insert(c);
        }
        true
    }

    /// The cell of a candidate literal and the table's set of cells where its digit is set (or
    /// deleted, for an off literal); `None` for a group literal.
    #[inline]
    fn cell_set(&mut self, l: Lit) -> Option<(Cell, &mut CellSet)> {
        if l.is_group() {
            return None;
        }
        let (c, d) = cand_of(l);
        let sets = if l.on() {
            &mut self.on_sets
        } else {
            &mut self.off_sets
        };
        Some((c, &mut sets[d.index()]))
    }

    /// [`Table::add`] for a direct implication of the premise (no reasons).
    #[inline]
    pub(super) fn push_direct(&mut self, l: Lit) {
        let idx = self.lits.len();
        if idx >= MAX_ENTRIES {
            return;
        }
        if let Some((c, set)) = self.cell_set(l) {
            if set.contains(c) {
                return;
            }
            set.insert(c);
        }
        let dist = if idx == 0 {
            1
        } else {
            (self.meta[0].dist + 1) & 0x1FF
        };
        self.lits.push(l);
        self.meta.push(Meta {
            ret: 0,
            dist,
            flags: 0,
        });
    }

    /// [`Table::push_direct`] for a candidate literal known to be absent; the caller adds its
    /// cell to the table's cell sets.
    #[inline]
    pub(super) fn push_new(&mut self, l: Lit) {
        debug_assert!(self.lits.len() < MAX_ENTRIES && !self.lits.contains(&l));
        self.lits.push(l);
        self.meta.push(Meta {
            ret: 0,
            dist: (self.meta[0].dist + 1) & 0x1FF,
            flags: 0,
        });
    }

    /// Appends a literal merged from another table (`add` for a literal known to be absent);
    /// returns false when the table is full.
    #[inline]
    fn push_merged(&mut self, l: Lit, src: u16, dist: u16, kind: u8) -> bool {
        if self.lits.len() >= MAX_ENTRIES {
            return false;
        }
        self.lits.push(l);
        self.meta.push(Meta {
            ret: if src > 4096 { 0 } else { src },
            dist: dist & 0x1FF,
            flags: EXPANDED | kind,
        });
        if let Some((c, set)) = self.cell_set(l) {
            set.insert(c);
        }
        true
    }
}

/// Expands one table (see [`Tables::expand`]), `SHORTER`: with the check for a shorter way to
/// an entry. `pos` is all zero before and after. Returns the largest distance of an entry
/// merged from.
#[inline(never)]
pub(super) fn expand_table<const SHORTER: bool>(
    dest: &mut Table,
    pos: &mut [u32],
    succ: &[u32],
    start: &[u32],
    src_of: &[u32],
) -> u16 {
    let mut farthest = 0;
    for (p, l) in dest.lits.iter().enumerate() {
        let replaceable = if dest.meta[p].flags & EXPANDED != 0 {
            (dest.meta[p].dist as u32) << 16
        } else {
            0
        };
        pos[l.index()] = (p as u32 + 1) | replaceable;
    }
    let mut j = 1;
    while j < dest.lits.len() {
        if dest.lits.len() >= MAX_ENTRIES {
            break;
        }
        let l = dest.lits[j];
        let li = l.index();
        let merged = &succ[start[li] as usize..start[li + 1] as usize];
        if merged.is_empty() {
            j += 1;
            continue;
        }
        let (src_idx, kind) = (src_of[li] as u16, (src_of[li] >> 16) as u8);
        let base = dest.meta[j].dist;
        farthest = farthest.max(base);
        for &x in merged {
            let sl = Lit::from_index(x as usize);
            let new_dist = base + (x >> 16) as u16;
            let v = pos[sl.index()];
            debug_assert!(SHORTER || x >> 16 == 2);
            debug_assert!(SHORTER || (v >> 16) <= new_dist as u32 || new_dist > 0x1FF);
            if v == 0 {
                if dest.push_merged(sl, src_idx, new_dist, kind) {
                    pos[sl.index()] = dest.lits.len() as u32 | ((new_dist & 0x1FF) as u32) << 16;
                } else {
                    // As HoDoKu: a full table marks its last entry instead.
                    let p = dest.lits.len() - 1;
                    dest.meta[p].flags |= EXPANDED | kind;
                    dest.meta[p].dist = new_dist & 0x1FF;
                    let last = dest.lits[p].index();
                    pos[last] = (pos[last] & 0xFFFF) | ((new_dist & 0x1FF) as u32) << 16;
                }
            } else if SHORTER && (v >> 16) > new_dist as u32 {
                let p = (v & 0xFFFF) as usize - 1;
                dest.meta[p].ret = src_idx;
                if !dest.more.is_empty() {
                    dest.more.retain(|e| e.0 as usize != p);
                }
                dest.meta[p].flags = EXPANDED | kind;
                dest.meta[p].dist = new_dist & 0x1FF;
                pos[sl.index()] = (v & 0xFFFF) | ((new_dist & 0x1FF) as u32) << 16;
            }
        }
        j += 1;
    }
    for l in &dest.lits {
        pos[l.index()] = 0;
    }
    farthest
}

/// The last position of `l` in `lits` (a scan in fixed-size blocks, which vectorises).
fn last_position(lits: &[Lit], l: Lit) -> Option<usize> {
    const BLOCK: usize = 32;
    let n = lits.len();
    let mut end = n;
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        let block = &lits[start..end];
        if block.iter().fold(false, |a, &x| a | (x == l)) {
            return block.iter().rposition(|&x| x == l).map(|p| start + p);
        }
        end = start;
    }
    None
}

/// HoDoKu's packing of up to five back references: the first must fit 12 bits, the others 10;
/// the largest is moved to the first place.
fn pack_ret(r: [u16; 5]) -> [u16; 5] {
    let mut r = r;
    if r[0] > 4096 {
        r[0] = 0;
    }
    for x in r.iter_mut().skip(1) {
        if *x > 1023 {
            *x = 0;
        }
    }
    for k in 1..5 {
        if r[k] > r[0] {
            r.swap(0, k);
        }
    }
    r
}
