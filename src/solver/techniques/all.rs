//! Every step of a state (HoDoKu's "find all steps", docs/hodoku.md §3): per slot of the
//! technique table, every instance its finder can see, not only the one a hint takes.
//!
//! Each slot's list is its finder's report ([`crate::solver::finder::every`]; for a finder that
//! leads with its hint's step, without that lead). Brute Force is not listed. Within a
//! technique, steps with the same eliminations and placements are listed once (the first found,
//! which for chains is the shortest).

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::registry::slot_finder;
use super::Context;
use crate::solver::finder;
use crate::solver::technique::{Slot, SLOTS};
use crate::solver::{Candidate, Grid, Step, StepTechnique, Technique};

/// Every raw step of one slot on a state, in its finder's order (HoDoKu's order for the slot),
/// repeats and steps that change nothing included; whether the slot is switched on in `ctx` is
/// not asked. Empty on a solved grid. A finder that leads with its hint's step
/// ([`super::registry::SlotFinder::leads`]) lists that step again in its place: the lead is
/// left out here.
pub fn slot_steps(slot: &'static Slot, grid: &Grid, ctx: &Context) -> Vec<Step> {
    if grid.is_solved() {
        return Vec::new();
    }
    let f = slot_finder(slot);
    let mut steps = finder::every(f.find, grid, ctx);
    if f.leads && !steps.is_empty() {
        steps.remove(0);
    }
    steps
}

/// What a step does, as a key: its technique, eliminations and placements.
type Effect = (StepTechnique, Vec<Candidate>, Vec<Candidate>);

/// Drops steps that change nothing and those whose technique, eliminations and placements an
/// earlier one has (`seen` holds those of the earlier slots).
fn dedup(steps: Vec<Step>, seen: &mut HashSet<Effect>) -> Vec<Step> {
    steps
        .into_iter()
        .filter(|s| {
            !s.is_empty() && {
                let mut e = s.eliminations.clone();
                e.sort();
                e.dedup();
                let mut p = s.placements.clone();
                p.sort();
                seen.insert((s.technique, e, p))
            }
        })
        .collect()
}

/// Every step of a state over the slots switched on in `ctx`, slot by slot in HoDoKu's order:
/// `each` gets each slot's steps as soon as they are known (also an empty list) and may stop the
/// search. Brute Force is left out (it is not a technique a player spots).
pub fn all_steps(
    grid: &Grid,
    ctx: &Context,
    mut each: impl FnMut(&'static Slot, Vec<Step>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let slots = SLOTS
        .iter()
        .filter(|s| ctx.slots.contains(s))
        .filter(|s| s.techniques[0] != Technique::BruteForce);
    let mut seen = HashSet::new();
    for slot in slots {
        each(slot, dedup(slot_steps(slot, grid, ctx), &mut seen))?;
    }
    ControlFlow::Continue(())
}

/// Every step of a state, collected (the command line's `hint --all`).
pub fn collect_all(grid: &Grid, ctx: &Context) -> Vec<Step> {
    let mut out = Vec::new();
    let _ = all_steps(grid, ctx, |_, steps| {
        out.extend(steps);
        ControlFlow::Continue(())
    });
    out
}

/// A family of techniques, for narrowing the list (the all-steps filter, practice by family).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TechniqueFamily {
    Singles,
    Intersections,
    Subsets,
    Fish,
    SingleDigit,
    Wings,
    Uniqueness,
    Coloring,
    Chains,
    Als,
    Forcing,
    Other,
}

impl TechniqueFamily {
    pub const ALL: [TechniqueFamily; 12] = [
        TechniqueFamily::Singles,
        TechniqueFamily::Intersections,
        TechniqueFamily::Subsets,
        TechniqueFamily::Fish,
        TechniqueFamily::SingleDigit,
        TechniqueFamily::Wings,
        TechniqueFamily::Uniqueness,
        TechniqueFamily::Coloring,
        TechniqueFamily::Chains,
        TechniqueFamily::Als,
        TechniqueFamily::Forcing,
        TechniqueFamily::Other,
    ];

    /// The family's name as the filter and the command line take it.
    pub const fn name(self) -> &'static str {
        match self {
            TechniqueFamily::Singles => "singles",
            TechniqueFamily::Intersections => "intersections",
            TechniqueFamily::Subsets => "subsets",
            TechniqueFamily::Fish => "fish",
            TechniqueFamily::SingleDigit => "single-digit",
            TechniqueFamily::Wings => "wings",
            TechniqueFamily::Uniqueness => "uniqueness",
            TechniqueFamily::Coloring => "coloring",
            TechniqueFamily::Chains => "chains",
            TechniqueFamily::Als => "als",
            TechniqueFamily::Forcing => "forcing",
            TechniqueFamily::Other => "other",
        }
    }

    /// The family of a technique.
    pub fn of(t: Technique) -> TechniqueFamily {
        use Technique as T;
        if t.fish().is_some() || matches!(t, T::KrakenFishType1 | T::KrakenFishType2) {
            return TechniqueFamily::Fish;
        }
        match t {
            T::FullHouse | T::NakedSingle | T::HiddenSingle => TechniqueFamily::Singles,
            T::LockedCandidates1 | T::LockedCandidates2 => TechniqueFamily::Intersections,
            T::LockedPair
            | T::LockedTriple
            | T::NakedPair
            | T::NakedTriple
            | T::NakedQuadruple
            | T::HiddenPair
            | T::HiddenTriple
            | T::HiddenQuadruple => TechniqueFamily::Subsets,
            T::Skyscraper
            | T::TwoStringKite
            | T::DualTwoStringKite
            | T::TurbotFish
            | T::EmptyRectangle
            | T::DualEmptyRectangle => TechniqueFamily::SingleDigit,
            T::WWing | T::XyWing | T::XyzWing => TechniqueFamily::Wings,
            T::Uniqueness1
            | T::Uniqueness2
            | T::Uniqueness3
            | T::Uniqueness4
            | T::Uniqueness5
            | T::Uniqueness6
            | T::HiddenRectangle
            | T::AvoidableRectangle1
            | T::AvoidableRectangle2
            | T::BugPlus1 => TechniqueFamily::Uniqueness,
            T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => {
                TechniqueFamily::Coloring
            }
            T::RemotePair
            | T::XChain
            | T::XyChain
            | T::ContinuousNiceLoop
            | T::DiscontinuousNiceLoop
            | T::Aic
            | T::GroupedContinuousNiceLoop
            | T::GroupedDiscontinuousNiceLoop
            | T::GroupedAic => TechniqueFamily::Chains,
            T::AlsXz | T::AlsXyWing | T::AlsXyChain | T::DeathBlossom | T::SueDeCoq => {
                TechniqueFamily::Als
            }
            T::ForcingChainContradiction
            | T::ForcingChainVerity
            | T::ForcingNetContradiction
            | T::ForcingNetVerity => TechniqueFamily::Forcing,
            _ => TechniqueFamily::Other,
        }
    }

    /// A family by name (case-insensitive).
    pub fn from_name(s: &str) -> Option<TechniqueFamily> {
        TechniqueFamily::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// What the list is narrowed to: one technique (or its slot's techniques) or a family.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StepFilter {
    Technique(Technique),
    TechniqueFamily(TechniqueFamily),
}

impl StepFilter {
    /// Parses a family name (`fish`), a technique's argument name (`bf2`, `xy`) or library code
    /// (`0800`), or a technique's name (`X-Wing`), case-insensitive.
    pub fn parse(s: &str) -> Option<StepFilter> {
        let s = s.trim();
        if let Some(f) = TechniqueFamily::from_name(s) {
            return Some(StepFilter::TechniqueFamily(f));
        }
        let lower = s.to_ascii_lowercase();
        Technique::from_code(&lower)
            .or_else(|| {
                Technique::ALL.into_iter().find(|t| {
                    t.name().eq_ignore_ascii_case(s)
                        || t.name()
                            .replace(['-', ' '], "")
                            .eq_ignore_ascii_case(&s.replace(['-', ' ', '_'], ""))
                })
            })
            .or_else(|| Slot::from_arg(&lower).map(|sl| sl.techniques[0]))
            .map(StepFilter::Technique)
    }

    /// Whether a step's technique passes (a technique filter takes its whole slot: Simple
    /// Colors Trap and Wrap, the nice-loop kinds). The filters name HoDoKu's techniques: an SE
    /// step's technique passes none.
    pub fn matches(self, t: impl Into<StepTechnique>) -> bool {
        let Some(t) = t.into().hodoku() else {
            return false;
        };
        match self {
            StepFilter::Technique(want) => std::ptr::eq(want.slot(), t.slot()),
            StepFilter::TechniqueFamily(f) => TechniqueFamily::of(t) == f,
        }
    }

    /// The filter's name for the status line and the practice menu.
    pub fn name(self) -> String {
        match self {
            StepFilter::Technique(t) => t.name().to_string(),
            StepFilter::TechniqueFamily(f) => f.name().to_string(),
        }
    }
}
