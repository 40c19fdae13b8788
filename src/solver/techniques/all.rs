//! Every step of a state (HoDoKu's "find all steps", docs/hodoku.md §3): per slot of the
//! technique table, every instance its finder can see, not only the one a hint takes.
//!
//! Every slot uses its finder's `all_*` variant (BUG+1 has one step at most; Brute Force is not
//! listed). Within a technique, steps with the same eliminations and placements are listed once
//! (the first found, which for chains is the shortest).

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::{
    als, bug, chains, coloring, fish, forcing, intersections, kraken, nice_loops, single_digit,
    singles, subsets, sue_de_coq, templates, uniqueness, wings, Context,
};
use crate::solver::technique::{Slot, SLOTS};
use crate::solver::{Candidate, Grid, Step, StepTechnique, Technique};

/// A finder of every instance of a slot.
type AllFn = fn(&Grid, &Context) -> Vec<Step>;

/// The enumerating finder of a slot, when it has one.
fn all_fn(slot: &Slot) -> Option<AllFn> {
    use Technique as T;
    Some(match slot.techniques[0] {
        T::FullHouse => singles::all_full_houses,
        T::NakedSingle => singles::all_naked_singles,
        T::HiddenSingle => singles::all_hidden_singles,
        T::LockedPair => subsets::all_locked_pairs,
        T::LockedTriple => subsets::all_locked_triples,
        T::LockedCandidates1 => intersections::all_locked_candidates_1,
        T::LockedCandidates2 => intersections::all_locked_candidates_2,
        T::NakedPair => subsets::all_naked_pairs,
        T::NakedTriple => subsets::all_naked_triples,
        T::NakedQuadruple => subsets::all_naked_quadruples,
        T::HiddenPair => subsets::all_hidden_pairs,
        T::HiddenTriple => subsets::all_hidden_triples,
        T::HiddenQuadruple => subsets::all_hidden_quadruples,
        T::RemotePair => chains::all_remote_pairs,
        T::Skyscraper => single_digit::all_skyscrapers,
        T::TwoStringKite => single_digit::all_two_string_kites,
        T::TurbotFish => chains::all_turbot_fish,
        T::EmptyRectangle => single_digit::all_empty_rectangles,
        T::WWing => wings::all_w_wings,
        T::XyWing => wings::all_xy_wings,
        T::XyzWing => wings::all_xyz_wings,
        T::Uniqueness1 => uniqueness::all_uniqueness_1,
        T::Uniqueness2 => uniqueness::all_uniqueness_2,
        T::Uniqueness3 => uniqueness::all_uniqueness_3,
        T::Uniqueness4 => uniqueness::all_uniqueness_4,
        T::Uniqueness5 => uniqueness::all_uniqueness_5,
        T::Uniqueness6 => uniqueness::all_uniqueness_6,
        T::HiddenRectangle => uniqueness::all_hidden_rectangles,
        T::AvoidableRectangle1 => uniqueness::all_avoidable_rectangles_1,
        T::AvoidableRectangle2 => uniqueness::all_avoidable_rectangles_2,
        T::SimpleColorsTrap => coloring::all_simple_colors,
        T::MultiColors1 => coloring::all_multi_colors,
        T::XChain => chains::all_x_chains,
        T::XyChain => chains::all_xy_chains,
        T::ContinuousNiceLoop => nice_loops::all_nice_loops,
        T::GroupedContinuousNiceLoop => nice_loops::all_grouped_nice_loops,
        T::AlsXz => als::all_als_xz,
        T::AlsXyWing => als::all_als_xy_wings,
        T::ForcingChainContradiction => forcing::all_forcing_chains,
        T::ForcingNetContradiction => forcing::all_forcing_nets,
        T::SueDeCoq => sue_de_coq::all_sue_de_coqs,
        T::AlsXyChain => als::all_als_xy_chains,
        T::DeathBlossom => als::all_death_blossoms,
        T::KrakenFishType1 => kraken::all_kraken_fish,
        T::TemplateSet => templates::all_template_sets,
        T::TemplateDelete => templates::all_template_deletes,
        T::BugPlus1 => bug::all_bug_plus_1,
        _ => return None,
    })
}

/// Whether the slot lists every instance (else only its first step).
pub fn enumerates(slot: &Slot) -> bool {
    all_fn(slot).is_some() || is_fish(slot)
}

fn is_fish(slot: &Slot) -> bool {
    slot.techniques[0].fish().is_some()
}

/// Every step of one slot on a state (see the module docs), repeats included.
pub fn slot_steps(slot: &Slot, grid: &Grid, ctx: &Context) -> Vec<Step> {
    if grid.is_solved() {
        return Vec::new();
    }
    let steps = if let Some(all) = all_fn(slot) {
        all(grid, ctx)
    } else if is_fish(slot) {
        fish::all_fish(grid, slot.techniques[0])
    } else {
        slot.find.and_then(|f| f(grid, ctx)).into_iter().collect()
    };
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
        .filter(|s| s.find.is_some() && ctx.slots.contains(s))
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
