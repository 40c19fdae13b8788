//! A chain hint's explanation ([`ChainExplanation`]) from its propagations: each implication
//! with its parents and its typed cause, in the order SE's hint window lists them, and the
//! nested chains its chains use, rebuilt with their own propagations.

use super::hint::{Hint, Kind};
use super::nested::Nested;
use super::net::{Net, NONE};
use super::state::{cand, Cause, Lit, Region, RuleFact};
use crate::domain::{Cell, CellSet, Digit};
use crate::solver::se::explain::model::{
    Chain, ChainExplanation, ChainKind, Implication, Literal, Reason, RuleHint,
};
use std::rc::Rc;

fn literal(l: Lit) -> Literal {
    Literal {
        cand: cand(l.cell_index(), l.digit_index()),
        on: l.on(),
    }
}

fn cells(set: CellSet) -> Vec<Cell> {
    set.iter().collect()
}

fn rule_hint(r: RuleFact) -> RuleHint {
    let digit = |d: u8| Digit::from_index(d as usize);
    match r {
        RuleFact::Locking {
            digit: d,
            houses,
            cells: c,
        } => RuleHint::Locking {
            cells: cells(c),
            digit: digit(d),
            houses,
        },
        RuleFact::HiddenPair {
            digits,
            house,
            cells: c,
        } => RuleHint::HiddenPair {
            cells: cells(c),
            digits: [digit(digits[0]), digit(digits[1])],
            house: Region::of(house),
        },
        RuleFact::NakedPair {
            digits,
            house,
            cells: c,
        } => RuleHint::NakedPair {
            cells: c.iter().map(|&i| Cell::from_index(i as usize)).collect(),
            digits: [digit(digits[0]), digit(digits[1])],
            house: Region::of(house),
        },
        RuleFact::XWing {
            digit: d,
            rows,
            cells: c,
        } => {
            let mut cs = cells(c);
            // SE lists the cells cover house by cover house.
            if rows {
                cs.sort_by_key(|c| (c.col(), c.row()));
            }
            let (base, cover) = if rows {
                (Region::Row, Region::Column)
            } else {
                (Region::Column, Region::Row)
            };
            RuleHint::XWing {
                cells: cs,
                digit: digit(d),
                base,
                cover,
            }
        }
    }
}

/// Why entry `e` follows: from its cause (or, for `from`, the cause of another entry: a
/// reversed cycle keeps each link's reason with the link), and its state.
fn reason(net: &Net, e: u32, from: u32, nested: &dyn Fn(&Rc<Nested>) -> usize) -> Option<Reason> {
    let on = net.lit(e).on();
    let en = &net.entries[from as usize];
    Some(match en.cause {
        Cause::Source => return None,
        Cause::NakedSingle if on => Reason::CellLastValue,
        Cause::NakedSingle => Reason::CellOneValue,
        Cause::Hidden(r) if on => Reason::HouseLastPosition(r),
        Cause::Hidden(r) => Reason::HouseOnce(r),
        Cause::Advanced if en.rule != NONE => Reason::Rule(rule_hint(net.rules[en.rule as usize])),
        Cause::Advanced if en.nested != NONE => {
            Reason::Nested(nested(&net.nested[en.nested as usize]))
        }
        Cause::Advanced => return None,
    })
}

/// SE's `getHtmlChain`: the implications leading to `target`, each parent's before its child
/// (parents in their order, depth first), each literal once; the assumption is not listed.
fn chain(net: &Net, target: u32, reversed: bool, nested: &dyn Fn(&Rc<Nested>) -> usize) -> Chain {
    let mut made: Vec<Lit> = Vec::new();
    let mut implications = Vec::new();
    for e in net.forward(target) {
        let ps = net.parents(e);
        let lit = net.lit(e);
        if ps.is_empty() || made.contains(&lit) {
            continue;
        }
        let parents = ps
            .iter()
            .map(|&p| {
                let pl = net.lit(p);
                (literal(pl), made.iter().position(|&m| m == pl))
            })
            .collect();
        let from = if reversed { ps[0] } else { e };
        implications.push(Implication {
            parents,
            result: literal(lit),
            reason: reason(net, e, from, nested),
        });
        made.push(lit);
    }
    let mut src = target;
    while let Some(&p) = net.parents(src).first() {
        src = p;
    }
    Chain {
        assumption: literal(net.lit(src)),
        result: literal(net.lit(target)),
        implications,
    }
}

/// Finds a nested chain's hint again, with its propagations.
pub(super) type Rebuild<'a> = dyn Fn(&Nested) -> Option<Hint> + 'a;

/// The explanation of a hint found by a producer whose chains are `dynamic` or not.
pub(super) fn explanation(h: &Hint, dynamic: bool, rebuild: &Rebuild<'_>) -> ChainExplanation {
    let targets = match h.kind {
        Kind::Forcing { .. } => &h.branches[..1],
        _ => &h.branches[..],
    };
    // SE's `getNestedChains`: each nested chain once (the same chains), in chain order.
    let mut used: Vec<Rc<Nested>> = Vec::new();
    for b in targets {
        if b.net.nested.is_empty() {
            continue;
        }
        for e in b.net.chain(b.target) {
            let n = b.net.entries[e as usize].nested;
            if n != NONE {
                let hn = &b.net.nested[n as usize];
                if !used.iter().any(|o| Rc::ptr_eq(o, hn) || o.same_chains(hn)) {
                    used.push(hn.clone());
                }
            }
        }
    }
    let index = |n: &Rc<Nested>| {
        used.iter()
            .position(|o| Rc::ptr_eq(o, n) || o.same_chains(n))
            .unwrap_or(0)
    };
    let chains = targets
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let reversed = matches!(h.kind, Kind::Cycle { .. }) && i == 1;
            chain(&b.net, b.target, reversed, &index)
        })
        .collect();
    let nested = used
        .iter()
        .filter_map(|n| rebuild(n).map(|nh| explanation(&nh, n.dynamic(), rebuild)))
        .collect();
    let first = h.branches[0].lit();
    let kind = match &h.kind {
        Kind::Cycle { y, x } => ChainKind::Cycle {
            x: *x,
            y: *y,
            cells: h.cycle_cells.iter().map(|&c| Cell::from_index(c)).collect(),
            digit: Digit::from_index(first.digit_index()),
        },
        Kind::Forcing { y, x } => ChainKind::Forcing {
            x: *x,
            y: *y,
            turbot: *x && !*y && h.complexity == 6,
        },
        Kind::Binary {
            absurd: true,
            nishio,
            source,
        } => ChainKind::Contradiction {
            nishio: *nishio,
            source: literal(*source),
        },
        Kind::Binary { source, .. } => ChainKind::Double {
            source: literal(*source),
        },
        Kind::Cell { cell } => ChainKind::Cell {
            cell: Cell::from_index(*cell),
        },
        Kind::Region { house, digit } => ChainKind::Region {
            digit: Digit::from_index(*digit),
            house: *house,
        },
    };
    ChainExplanation {
        kind,
        dynamic,
        chains,
        nested,
    }
}
