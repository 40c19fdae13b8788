//! The cell HoDoKu 2.2 names in a Forcing Chain/Net Contradiction whose premise's own table
//! holds the premise's inverse ("Forcing Net Contradiction in r7c8 => r1c2<>1"). HoDoKu's
//! `TablingSolver.checkOneChain` names there the first cell of a scratch set it does not fill for
//! that check, so the text names whatever the set last held: this module follows the set through
//! the checks HoDoKu ran before (docs/hodoku.md, "Step texts").

use super::tabling::{TableRef, Tables};
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::Grid;

/// The cell HoDoKu 2.2 names for a premise whose table holds the premise's inverse. It names
/// the first cell of a scratch set that this check does not fill, so the set still holds what
/// the previous table's checks left: the places of 9 in box 9 (the last set those checks
/// build) or, when 9 has none there, the last set they read a cell of ([`last_read`]).
/// Before the first table it holds what linking the last group node left
/// ([`after_groups`]); failing all, the premise's own cell is named.
pub(super) fn inverse_entity(
    grid: &Grid,
    t: &Tables,
    allowed: &[CellSet; 9],
    r: TableRef,
    premise: Cell,
) -> Cell {
    let pos = match r {
        TableRef::On(i) => 2 * i,
        TableRef::Off(i) => 2 * i + 1,
        TableRef::Ext(_) => return premise,
    };
    let mut previous = (0..pos)
        .rev()
        .map(|p| {
            if p % 2 == 0 {
                TableRef::On(p / 2)
            } else {
                TableRef::Off(p / 2)
            }
        })
        .filter(|&p| !t.table(p).is_empty())
        .peekable();
    if previous.peek().is_some() {
        let nine = House::from_index(26).cells() & allowed[8];
        if let Some(c) = nine.first() {
            return c;
        }
    }
    previous
        .find_map(|p| last_read(grid, t, allowed, p))
        .or_else(|| after_groups(grid, t))
        .unwrap_or(premise)
}

/// The scratch set's first cell after HoDoKu links the last group node into the tables: the
/// candidates that see the group are read, then the places left in a house shared with a
/// single other group node (its line, then its box) are put in without being read.
fn after_groups(grid: &Grid, t: &Tables) -> Option<Cell> {
    let groups = &t.groups;
    let (i, g) = groups.iter().enumerate().next_back()?;
    let cands = grid.cells_with(g.digit);
    let seen = cands & g.buddies;
    let mut last_put = None;
    for house in [g.line, g.block] {
        let mut shared = groups.iter().enumerate().filter(|&(j, o)| {
            j != i
                && o.digit == g.digit
                && (o.cells & g.cells).is_empty()
                && (o.line == house || o.block == house)
        });
        if let (Some((_, o)), None) = (shared.next(), shared.next()) {
            last_put = Some(house.cells() & cands & !g.cells & !o.cells);
        }
    }
    match last_put {
        Some(put) if !put.is_empty() => put.first(),
        _ => seen.first(),
    }
}

/// The first cell of the last non-empty set HoDoKu's checks of one table read a cell of, in
/// their order: a candidate both set and deleted, two digits set in a cell, every house
/// holding a set digit (rows, columns, then boxes: a box is read last), an emptied cell, a
/// house whose places of a digit are all deleted. `None` for an empty table or one whose
/// checks read nothing.
fn last_read(grid: &Grid, t: &Tables, allowed: &[CellSet; 9], r: TableRef) -> Option<Cell> {
    let tab = t.table(r);
    if tab.is_empty() {
        return None;
    }
    let (on, off) = (&tab.on_sets, &tab.off_sets);
    let mut last = None;
    for d in 0..9 {
        last = (on[d] & off[d]).first().or(last);
    }
    for d1 in 0..9 {
        for d2 in d1 + 1..9 {
            last = (on[d1] & on[d2]).first().or(last);
        }
    }
    for set in on {
        for hi in 18..27 {
            last = (House::from_index(hi).cells() & *set).first().or(last);
        }
    }
    let mut emptied = grid.unsolved();
    for d in Digit::ALL {
        emptied &= (off[d.index()] | !grid.cells_with(d)) & !on[d.index()];
    }
    last = emptied.first().or(last);
    for houses in [0..9usize, 9..18, 18..27] {
        for d in 0..9 {
            for hi in houses.clone() {
                let places = House::from_index(hi).cells() & allowed[d];
                if !places.is_empty() && (places & !off[d]).is_empty() {
                    last = places.first().or(last);
                }
            }
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, library};
    use crate::solver::techniques::forcing::find_forcing_nets;

    /// HoDoKu 2.2's step text on a state of its path of a forum_hardest_1106 puzzle.
    fn net_text(state: &str) -> String {
        finder::first(find_forcing_nets, &library(state), &ctx())
            .expect("a forcing net")
            .text
    }

    #[test]
    fn names_the_first_place_of_9_in_box_9() {
        let s = ":0000:x:.+3.....+12..8.1.9.+35+1...3.4+8...1.93...6..3.+18.+1.37......4...+1..53.1.7.8..2.......+1:633 748 262 562 875::";
        assert_eq!(net_text(s), "Forcing Net Contradiction in r7c8 => r6c7<>6");
    }

    #[test]
    fn without_9_in_box_9_names_what_the_previous_table_read() {
        let s = ":0000:x:..6.....1.8...7.5.9...5.8.....+7.4....4.+13+5.2....2.8.....3.7...9.7.....8.1.....6+73:915 625 925 639 751 769 572 674 283 484 685 985 286 994 995::";
        assert_eq!(net_text(s), "Forcing Net Contradiction in r5c7 => r1c1<>3");
    }

    #[test]
    fn the_first_table_names_what_the_last_group_node_left() {
        let s = ":0000:x:....6...9..6..35.+1.4..5..7......2.....+48.......2.1.8....5...3...9+8.3..1.71+3.....4:224 725 744 784::";
        assert_eq!(net_text(s), "Forcing Net Contradiction in r4c9 => r1c1<>1");
    }
}
