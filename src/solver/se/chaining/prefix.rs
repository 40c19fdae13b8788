//! The propagations of the dynamic (+) producer and of nested level 2, handed on to the nested
//! level SE runs next on the same state.
//!
//! SE's chain producers run in a row on a state until one finds something: dynamic (+), then
//! nested levels 2, 3 and 4. At a point where both queues are empty, a propagation of level 1
//! (dynamic +) runs the simpler techniques; levels 2 and up run them too and, only when they
//! give nothing, their nested chains (level 2 the forcing X-chains, level 3 those and then the
//! cell and region chains, level 4 the dynamic chains). So a propagation of level 2 goes the
//! way of level 1's from the same start up to where level 1's stopped, and level 3's the way of
//! level 2's. Level 2 takes level 1's propagations and level 3 takes level 2's, and continues
//! each ([`super::net::resume`]) instead of running it again from its start. The earlier
//! producer found nothing (or the later would not run), so no hint holds them.

use super::net::{Net, Table};
use super::state::{Cands, Lit, Rule};
use std::rc::Rc;

/// The handed-on propagations, a field of the engine's [`super::Scratch`]: per level (1 and 2)
/// the state of its last producer call and that call's propagations by start.
#[derive(Default)]
pub(super) struct Prefixes {
    kept: [Option<(Cands, Table)>; 2],
}

impl Prefixes {
    /// Whether a producer of `rule` hands its propagations on.
    pub(super) fn keeps(rule: Rule) -> bool {
        rule.dynamic && !rule.nishio && matches!(rule.level, 1 | 2)
    }

    /// Keeps the propagations of a producer call of `rule` in `state` (one that
    /// [`Prefixes::keeps`]), giving back the table they replace.
    pub(super) fn keep(&mut self, rule: Rule, state: &Cands, table: Table) -> Option<Table> {
        let slot = &mut self.kept[rule.level as usize - 1];
        match slot {
            Some((s, t)) => {
                s.clone_from(state);
                Some(std::mem::replace(t, table))
            }
            None => {
                *slot = Some((state.clone(), table));
                None
            }
        }
    }

    /// Takes the propagation from `start` in `state` of the level a producer of `rule` goes on
    /// from (level 1 for level 2, level 2 for level 3), if it was kept.
    pub(super) fn take(&mut self, rule: Rule, state: &Cands, start: Lit) -> Option<Rc<Net>> {
        let earlier = Rule {
            level: rule.level.checked_sub(1)?,
            ..rule
        };
        if !Prefixes::keeps(earlier) {
            return None;
        }
        let (s, (nets, _)) = self.kept[earlier.level as usize - 1].as_mut()?;
        if s != state {
            return None;
        }
        nets[start.index()].take()
    }

    /// How many propagations of level `l` are kept.
    #[cfg(test)]
    fn held_at(&self, l: usize) -> usize {
        self.kept[l - 1]
            .as_ref()
            .map_or(0, |(_, (nets, _))| nets.iter().flatten().count())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{hints, ChainProducer, Scratch};
    use crate::codec;
    use crate::solver::{Grid, Step};

    fn texts(steps: &[Step]) -> Vec<String> {
        steps
            .iter()
            .map(|s| format!("{} {:?} {:?}", s.text, s.eliminations, s.placements))
            .collect()
    }

    /// The nested levels find the same hints, in the same order, whether they continue the
    /// propagations of the level before them on the state or run their own from the start;
    /// and they do continue them (the earlier level's table is emptied).
    #[test]
    fn handed_on_propagations_change_no_hint() {
        // forum_hardest_1106, line 2 (SE 11.x).
        let puzzle =
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
        let grid = Grid::from_board(&codec::decode_any(puzzle).unwrap().board);
        let chain = [
            ChainProducer::DynamicPlus,
            ChainProducer::Nested(2),
            ChainProducer::Nested(3),
        ];
        let shared = Scratch::default();
        let mut taken = 0;
        for (level, p) in chain.into_iter().enumerate() {
            // Nested level 2 takes level 1's propagations, level 3 level 2's.
            let held = |s: &Scratch| (level > 0).then(|| s.prefixes.borrow().held_at(level));
            let before = held(&shared);
            let continued = hints(&grid, p, &shared);
            taken += before.unwrap_or(0) - held(&shared).unwrap_or(0);
            let fresh = hints(&grid, p, &Scratch::default());
            assert_eq!(texts(&continued), texts(&fresh), "{p:?}");
        }
        assert!(taken > 100, "{taken} propagations continued");
    }
}
