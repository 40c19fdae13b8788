//! SE's multiple chaining (`getMultipleChainsHintList`): for every empty cell and value, the
//! propagation of the value on and off gives contradiction and double forcing chains (dynamic
//! and Nishio producers), region forcing chains (every position of the value in a house) and
//! cell forcing chains (every value of the cell).
//!
//! A propagation depends only on the state, the producer and its start, so each is run once per
//! call and shared by the binary, region and cell searches (SE runs a region's other positions
//! again for every cell).

use super::hint::Kind;
use super::net::{holds, propagate, recycle, resume, LitBits, Mode, Net};
use super::pending::Found;
use super::prefix::Prefixes;
use super::rules;
use super::state::Rule;
use super::state::{cells_of, digits_of, one_cell, Cands, Lit, REGIONS};
use super::Scratch;
use crate::domain::{Cell, CellSet, DigitSet};
use std::rc::Rc;

/// At most this many spare engine tables are kept (per context): one per nesting depth is used.
const ENGINES_MAX: usize = 8;

/// The propagations of one state under one producer, run on demand.
pub(super) struct Engine<'a> {
    scratch: &'a Scratch,
    pub(super) grid: &'a Cands,
    pub(super) mode: Mode,
    pub(super) rule: Rule,
    nets: Vec<Option<Rc<Net>>>,
    /// The starts of `nets` that hold a propagation.
    used: Vec<u16>,
    /// Digits whose propagations are known to give nothing (Nishio only, [`super::nishio`]).
    skip: DigitSet,
}

impl<'a> Engine<'a> {
    pub(super) fn new(scratch: &'a Scratch, grid: &'a Cands, mode: Mode, rule: Rule) -> Engine<'a> {
        // Engines nest (a propagation of one runs another's producer): each takes its own
        // table from the spares, all slots empty.
        let (nets, used) = scratch
            .engines
            .borrow_mut()
            .pop()
            .unwrap_or_else(|| (vec![None; super::state::CAND_LITS], Vec::new()));
        Engine {
            scratch,
            grid,
            mode,
            rule,
            nets,
            used,
            skip: DigitSet::EMPTY,
        }
    }

    /// The propagation from one literal.
    pub(super) fn net(&mut self, start: Lit) -> Rc<Net> {
        if let Some(n) = &self.nets[start.index()] {
            return n.clone();
        }
        let net = if self.mode.level > 0 {
            // Not borrowed while propagating: nested producers hand propagations on too.
            let prefix = self
                .scratch
                .prefixes
                .borrow_mut()
                .take(self.rule, self.grid, start);
            let mut adv = rules::Advanced::new(self.scratch, self.mode);
            let mut f =
                |src: &Cands, cur: &Cands, net: &Net, out: &mut Vec<super::net::Advanced>| {
                    adv.run(src, cur, net, out)
                };
            let resumed =
                prefix.and_then(|p| resume(self.scratch, self.grid, p, self.mode, Some(&mut f)));
            match resumed {
                Some(net) => net,
                None => propagate(self.scratch, self.grid, start, self.mode, Some(&mut f)),
            }
        } else {
            propagate(self.scratch, self.grid, start, self.mode, None)
        };
        self.nets[start.index()] = Some(net.clone());
        self.used.push(start.index() as u16);
        net
    }
}

impl Drop for Engine<'_> {
    /// Its propagations that no hint holds are kept for the next call, and its emptied table
    /// for the next engine.
    fn drop(&mut self) {
        let mut table = (
            std::mem::take(&mut self.nets),
            std::mem::take(&mut self.used),
        );
        if Prefixes::keeps(self.rule) {
            let kept = self
                .scratch
                .prefixes
                .borrow_mut()
                .keep(self.rule, self.grid, table);
            match kept {
                Some(t) => table = t,
                None => return,
            }
        }
        let (nets, used) = &mut table;
        for &i in used.iter() {
            if let Some(n) = nets[i as usize].take() {
                recycle(self.scratch, n);
            }
        }
        used.clear();
        let mut spares = self.scratch.engines.borrow_mut();
        if spares.len() < ENGINES_MAX {
            spares.push(table);
        }
    }
}

/// The hints of a multiple, dynamic or Nishio producer, in SE's order before sorting, from the
/// cells of `cells` (the others known to give nothing).
pub(super) fn hints(eng: &mut Engine<'_>, cells: CellSet, out: &mut Found) {
    let grid = eng.grid;
    let nishio = eng.rule.nishio;
    if nishio {
        eng.skip = super::nishio::known_clean(&eng.scratch.nishio.borrow(), grid);
    }
    for cell in grid
        .empty_cells()
        .filter(|&c| cells.contains(Cell::from_index(c)))
    {
        let card = grid.count(cell);
        if card > 2 || (card > 1 && eng.mode.dynamic) {
            cell_hints(eng, cell, card, out);
        }
    }
    if nishio {
        let absurd = |l: Lit| {
            eng.nets[l.index()]
                .as_ref()
                .is_some_and(|n| n.absurd.is_some())
        };
        super::nishio::record(&mut eng.scratch.nishio.borrow_mut(), grid, eng.skip, absurd);
    }
}

fn cell_hints(eng: &mut Engine<'_>, cell: usize, card: u32, out: &mut Found) {
    let grid = eng.grid;
    let rule = eng.rule;
    let nishio = rule.nishio;
    let do_double = card >= 3 && !nishio && rule.dynamic;
    let do_contradiction = rule.dynamic || nishio;
    let mut value_nets: Vec<Rc<Net>> = Vec::with_capacity(card as usize);
    for d in digits_of(grid.cell[cell].difference(eng.skip)) {
        let p_on = Lit::new(cell, d, true);
        let on = eng.net(p_on);
        if do_contradiction || do_double {
            let off = eng.net(p_on.conj());
            if do_contradiction {
                if let Some((a, b)) = on.absurd {
                    let kind = Kind::Binary {
                        absurd: true,
                        nishio,
                        source: p_on,
                    };
                    out.push(grid, kind, p_on.conj(), [(&on, a), (&on, b)].into_iter());
                }
                if let Some((a, b)) = off.absurd {
                    let kind = Kind::Binary {
                        absurd: true,
                        nishio,
                        source: p_on.conj(),
                    };
                    out.push(grid, kind, p_on, [(&off, a), (&off, b)].into_iter());
                }
            }
            if let Some(both) = reached_by_all([&on, &off]).filter(|_| do_double) {
                for (effects, source) in [(&on.on, p_on), (&on.off, p_on.conj())] {
                    for &e in effects {
                        if !holds(&both, on.lit(e)) {
                            continue;
                        }
                        if let Some(f) = off.get(on.lit(e)) {
                            let kind = Kind::Binary {
                                absurd: false,
                                nishio,
                                source,
                            };
                            out.push(grid, kind, on.lit(e), [(&on, e), (&off, f)].into_iter());
                        }
                    }
                }
            }
        }
        if !nishio {
            region_hints(eng, cell, d, &on, out);
        }
        value_nets.push(on);
    }
    if !nishio && (card == 2 || (rule.multiple && card > 2)) {
        common_hints(grid, Kind::Cell { cell }, &value_nets, out);
    }
}

/// The hints of a cell or a region: every literal all the branches (one per value of the cell,
/// or per position of the value in the region) imply, in the first branch's order.
fn common_hints(grid: &Cands, kind: Kind, nets: &[Rc<Net>], out: &mut Found) {
    let first = &nets[0];
    let Some(common) = reached_by_all(nets) else {
        return;
    };
    for list in [&first.on, &first.off] {
        for &e in list.iter() {
            let t = first.lit(e);
            if !holds(&common, t) {
                continue;
            }
            let branches = nets.iter().map(|n| (n, n.get(t).unwrap_or(e)));
            out.push(grid, kind.clone(), t, branches);
        }
    }
}

/// The literals every propagation of `nets` reached (their sets intersected word by word), if
/// any.
fn reached_by_all<'n>(nets: impl IntoIterator<Item = &'n Rc<Net>>) -> Option<LitBits> {
    let mut nets = nets.into_iter();
    let mut common = *nets.next()?.reached();
    for n in nets {
        common
            .iter_mut()
            .zip(n.reached())
            .for_each(|(a, b)| *a &= b);
    }
    common.iter().any(|&w| w != 0).then_some(common)
}

fn region_hints(eng: &mut Engine<'_>, cell: usize, d: usize, on: &Rc<Net>, out: &mut Found) {
    let grid = eng.grid;
    let rule = eng.rule;
    for r in REGIONS {
        let house = r.house(cell);
        let positions = grid.digit[d] & house.cells();
        let card = positions.len();
        if !(card == 2 || (rule.multiple && card > 2)) {
            continue;
        }
        if positions.first().map(|c| c.index()) != Some(cell) {
            continue;
        }
        let mut nets: Vec<Rc<Net>> = vec![on.clone()];
        for c in cells_of(positions.difference(one_cell(cell))) {
            nets.push(eng.net(Lit::new(c, d, true)));
        }
        common_hints(grid, Kind::Region { house, digit: d }, &nets, out);
    }
}
