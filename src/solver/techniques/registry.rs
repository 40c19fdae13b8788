//! The technique table's finder column: the rows of `technique/table.rs` expanded again, binding
//! each slot's finder (the enum's module reads the same rows without it).

use std::ops::ControlFlow;

use super::{
    als, brute_force, bug, chains, coloring, fish, forcing, intersections, kraken, nice_loops,
    single_digit, singles, subsets, sue_de_coq, templates, uniqueness, wings, Context,
};
use crate::solver::finder::{Finder, Sink};
use crate::solver::technique::{technique_rows, Slot};
use crate::solver::{Grid, Technique};

/// A slot's finder as the table binds it.
#[derive(Copy, Clone)]
pub struct SlotFinder {
    /// Every step of the slot on a state, in HoDoKu's order, each to the sink.
    pub find: Finder<Context>,
    /// The finder reports its hint's step first (the step HoDoKu's hint takes), then, if the
    /// sink goes on, its whole list in HoDoKu's order, that step again in its place: HoDoKu's
    /// hint and its list of every step are two searches there (see the finder's doc).
    pub leads: bool,
}

macro_rules! slot_finders {
    (@finder slot, $find:path; $variant:ident) => {
        SlotFinder { find: $find, leads: false }
    };
    (@finder leads, $find:path; $variant:ident) => {
        SlotFinder { find: $find, leads: true }
    };
    (@finder fish; $variant:ident) => {{
        fn find(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
            fish::find(grid, ctx, Technique::$variant, out)
        }
        SlotFinder { find, leads: false }
    }};
    ($(
        $kind:ident $slot_arg:literal, $order:literal, $on:literal $(, $find:path)? => {
            $first:ident: $($rest:tt)*
        }
    )+) => {
        /// The finder of each slot of [`SLOTS`](crate::solver::technique::SLOTS), in its order.
        static FINDERS: &[SlotFinder] = &[$(
            slot_finders!(@finder $kind $(, $find)?; $first),
        )+];
    };
}

technique_rows!(slot_finders);

/// The finder of a slot.
pub fn slot_finder(slot: &'static Slot) -> SlotFinder {
    FINDERS[slot.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::technique::SLOTS;

    #[test]
    fn every_slot_has_its_finder() {
        assert_eq!(FINDERS.len(), SLOTS.len());
        let leads: Vec<&str> = SLOTS
            .iter()
            .filter(|s| slot_finder(s).leads)
            .map(|s| s.arg)
            .collect();
        assert_eq!(
            leads,
            ["n1", "h1", "rp", "tf", "x", "xyc", "nl", "gnl", "db", "kf", "fc", "fn"]
        );
    }
}
