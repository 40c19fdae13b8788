//! SE's producers bound to their finders: the rows of `se_table!` (declared once, in
//! `technique.rs`) expanded with the finder column, in SE's search order. The hint SE gives in
//! a state is the first step of the first producer that has one ([`next_step`]).

use std::ops::ControlFlow;

use super::technique::se_table;
use super::{aligned, bug, fish, intersections, links, sets, singles, unique, wings, wxyz};
use super::{SeContext, SeTechnique};
use crate::solver::finder::{self, Finder, Sink};
use crate::solver::{Grid, Step};

/// One of SE's hint producers: its technique and its finder.
pub struct Producer {
    pub technique: SeTechnique,
    pub find: Finder<SeContext>,
}

macro_rules! bind {
    ($( $t:ident, $name:literal, $on:literal, $find:path; )*) => {
        /// SE's producers in its search order.
        pub const PRODUCERS: &[Producer] = &[
            $( Producer { technique: SeTechnique::$t, find: $find }, )*
        ];
    };
}
se_table!(bind);

/// The producers Sukaku Explainer's default settings enable, in its search order.
fn enabled() -> impl Iterator<Item = &'static Producer> {
    PRODUCERS.iter().filter(|p| p.technique.default_on())
}

/// The hint SE gives in this state: the first step of the first producer that has one (SE's
/// `SingleHintAccumulator`), or `None` when none does (or it is solved).
pub fn next_step(g: &Grid, ctx: &SeContext) -> Option<Step> {
    enabled().find_map(|p| finder::first(p.find, g, ctx))
}

/// Every hint each producer finds in this state, producers in SE's order (for listing).
pub fn all_steps(g: &Grid, ctx: &SeContext) -> Vec<Step> {
    enabled()
        .flat_map(|p| finder::every(p.find, g, ctx))
        .collect()
}

/// The chain producers of the chain engine: each reports its hints easiest first (SE sorts
/// them by difficulty, keeping the engine's order among equals).
mod chains {
    use super::*;
    use crate::solver::se::chaining::{self, ChainProducer};

    /// The engine's order is by difficulty already; a step is built only when the sink takes
    /// it.
    fn hints(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>, p: ChainProducer) -> ControlFlow<()> {
        chaining::each(g, p, &ctx.chains, sink)
    }

    pub fn cycles(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        hints(g, ctx, sink, ChainProducer::Cycles)
    }
    pub fn nishio(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        hints(g, ctx, sink, ChainProducer::Nishio)
    }
    pub fn multiple(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        hints(g, ctx, sink, ChainProducer::Multiple)
    }
    pub fn dynamic(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        hints(g, ctx, sink, ChainProducer::Dynamic)
    }
    pub fn dynamic_plus(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        hints(g, ctx, sink, ChainProducer::DynamicPlus)
    }
    /// SE's nested forcing chains at its three nesting levels in turn (three producers of
    /// one technique in SE's list).
    pub fn nested(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
        for level in 2..=4 {
            hints(g, ctx, sink, ChainProducer::Nested(level))?;
        }
        ControlFlow::Continue(())
    }
}
