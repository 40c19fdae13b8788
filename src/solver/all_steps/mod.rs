//! HoDoKu's "All steps" list of a state (docs/hodoku.md §3): every step the techniques of the
//! list find ([`AllStepsOptions`]: HoDoKu's own switches for this view and its fish settings),
//! sorted as HoDoKu sorts it by type ([`order`]), grouped by technique, a step with the same
//! technique, eliminations and digits as the one before it kept under that one as a duplicate.
//! The heading of a technique counts its entries, duplicates aside.

mod fish;
pub mod options;
mod order;
mod timsort;

use std::collections::HashMap;
use std::ops::ControlFlow;

pub use options::{AllStepsOptions, FishListing};

use crate::domain::{Cell, Digit};
use crate::solver::finder;
use crate::solver::step::{compact_cells, eliminations_text};
use crate::solver::technique::Slot;
use crate::solver::techniques::{all::slot_steps, als, coloring, nice_loops, subsets, Context};
use crate::solver::{Candidate, Grid, Step, Technique};

/// One entry of the list: a step and the steps with the same effect sorted after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub step: Step,
    pub duplicates: Vec<Step>,
}

/// One technique's entries, in the list's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub technique: Technique,
    pub entries: Vec<Entry>,
}

impl Group {
    /// The heading as HoDoKu writes it: the technique and its number of entries.
    pub fn heading(&self) -> String {
        format!("{} ({})", self.technique.name(), self.entries.len())
    }
}

/// Every step of the state before sorting, stage by stage (each slot, then the fish); a slot
/// keeps its own techniques (the grouped nice-loop search also meets the plain loops, which
/// HoDoKu lists once, under the plain search); a step's eliminations are HoDoKu's candidate
/// list, which can name a candidate twice (Multi Colors: it counts in the sort); `arrange`
/// keeps each once. `progress` hears the stages done and may stop the search (then `None`).
pub fn raw_steps(
    grid: &Grid,
    ctx: &Context,
    opts: &AllStepsOptions,
    mut progress: impl FnMut(usize) -> ControlFlow<()>,
) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    if grid.is_solved() {
        return Some(steps);
    }
    let mut done = 0;
    for slot in opts.searched_slots() {
        steps.extend(
            listed_slot_steps(slot, grid, ctx)
                .into_iter()
                .filter(|s| !s.is_empty() && std::ptr::eq(s.hodoku_equivalent().slot(), slot)),
        );
        done += 1;
        if progress(done).is_break() {
            return None;
        }
    }
    fold_death_blossoms(&mut steps);
    if opts.fish.enabled {
        steps.extend(fish::list_fish(grid, &opts.fish));
        done += 1;
        if progress(done).is_break() {
            return None;
        }
    }
    Some(steps)
}

/// A slot's steps as the list finds them: naked and locked subsets, the colouring slots and
/// ALS-XZ with HoDoKu's
/// candidate lists (a candidate can come twice), nice loops and AICs with those a shorter chain with the same
/// eliminations follows, ALS chains with the list's cap on their length, every other
/// slot as its finder reports them.
fn listed_slot_steps(slot: &'static Slot, grid: &Grid, ctx: &Context) -> Vec<Step> {
    let list = match slot.arg {
        "l2" => subsets::list_locked_pair,
        "l3" => subsets::list_locked_triple,
        "n2" => subsets::list_naked_pair,
        "n3" => subsets::list_naked_triple,
        "n4" => subsets::list_naked_quadruple,
        "sc" => coloring::list_simple_colors,
        "mc" => coloring::list_multi_colors,
        "nl" => nice_loops::list_nice_loops,
        "gnl" => nice_loops::list_grouped_nice_loops,
        "axz" => als::list_als_xz,
        "ach" => als::list_als_xy_chain,
        _ => return slot_steps(slot, grid, ctx),
    };
    finder::every(list, grid, ctx)
}

/// A step's eliminations with each candidate once (the list's steps may hold one twice).
fn once(mut step: Step) -> Step {
    let mut seen = Vec::with_capacity(step.eliminations.len());
    step.eliminations.retain(|c| {
        let new = !seen.contains(c);
        if new {
            seen.push(*c);
        }
        new
    });
    step
}

/// HoDoKu's text of a step in the list: its eliminations in the order the step holds them
/// (per digit, the digits in the order they first come), as the view shows them; the hint's
/// text has them sorted by digit.
fn list_text(mut step: Step) -> Step {
    let sorted = format!(" => {}", eliminations_text(&step.eliminations));
    if let Some(head) = step.text.strip_suffix(&sorted) {
        let mut digits: Vec<Digit> = Vec::new();
        for c in &step.eliminations {
            if !digits.contains(&c.digit) {
                digits.push(c.digit);
            }
        }
        let parts: Vec<String> = digits
            .iter()
            .map(|&d| {
                let cells: Vec<Cell> = step
                    .eliminations
                    .iter()
                    .filter(|c| c.digit == d)
                    .map(|c| c.cell)
                    .collect();
                format!("{}<>{d}", compact_cells(&cells))
            })
            .collect();
        step.text = format!("{head} => {}", parts.join(", "));
    }
    step
}

/// HoDoKu's Death Blossom search keeps one blossom per set of eliminations: the first, replaced
/// in place by a later one whose sets have fewer cells.
fn fold_death_blossoms(steps: &mut Vec<Step>) {
    let cells = |s: &Step| -> u32 { s.facts.alses().iter().map(|(c, _)| c.len()).sum() };
    let mut at: HashMap<Vec<Candidate>, usize> = HashMap::new();
    let mut keep = vec![true; steps.len()];
    for i in 0..steps.len() {
        if steps[i].hodoku_equivalent() != Technique::DeathBlossom {
            continue;
        }
        let mut key = steps[i].eliminations.clone();
        key.sort();
        match at.get(&key) {
            Some(&j) => {
                if cells(&steps[i]) < cells(&steps[j]) {
                    steps.swap(i, j);
                }
                keep[i] = false;
            }
            None => {
                at.insert(key, i);
            }
        }
    }
    let mut k = keep.into_iter();
    steps.retain(|_| k.next().unwrap_or(true));
}

/// Sorts and groups found steps as HoDoKu's list shows them.
pub fn arrange(steps: Vec<Step>) -> Vec<Group> {
    let mut keyed: Vec<(order::SortKey, Step)> = steps
        .into_iter()
        .map(|s| (order::SortKey::of(&s), list_text(once(s))))
        .collect();
    order::presort_sets(&mut keyed);
    order::presort_colorings(&mut keyed);
    order::presort_loops(&mut keyed);
    order::presort_turbots(&mut keyed);
    timsort::sort(&mut keyed, &|a: &(order::SortKey, Step), b| {
        order::compare(&a.0, &b.0)
    });
    let mut groups: Vec<Group> = Vec::new();
    let mut last: Option<order::SortKey> = None;
    for (key, step) in keyed {
        let technique = step.hodoku_equivalent();
        let same_group = groups.last().is_some_and(|g| g.technique == technique);
        if !same_group {
            groups.push(Group {
                technique,
                entries: Vec::new(),
            });
        }
        let group = groups.last_mut().expect("a group was pushed");
        let dup = same_group && last.as_ref().is_some_and(|l| l.same_effect(&key));
        match group.entries.last_mut() {
            Some(e) if dup => e.duplicates.push(step),
            _ => group.entries.push(Entry {
                step,
                duplicates: Vec::new(),
            }),
        }
        last = Some(key);
    }
    groups
}

/// The list of a state (see the module docs).
pub fn list(grid: &Grid, ctx: &Context, opts: &AllStepsOptions) -> Vec<Group> {
    let steps = raw_steps(grid, ctx, opts, |_| ControlFlow::Continue(())).unwrap_or_default();
    arrange(steps)
}

/// The list as text: per technique its heading, then one indented line per entry, each
/// duplicate indented further under its entry.
pub fn text(groups: &[Group]) -> String {
    let mut out = String::new();
    for g in groups {
        out.push_str(&g.heading());
        out.push('\n');
        for e in &g.entries {
            out.push_str("  ");
            out.push_str(&e.step.line());
            out.push('\n');
            for d in &e.duplicates {
                out.push_str("    ");
                out.push_str(&d.line());
                out.push('\n');
            }
        }
    }
    out
}
