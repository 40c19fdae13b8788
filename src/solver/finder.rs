//! The one finder shape of both step engines: a finder reports every step it sees on a state,
//! in its engine's order, to a sink; the sink decides whether the search goes on. "The first
//! step" and "every step" are the same search with another sink ([`first`], [`every`]).
//!
//! `C` is the engine's context (HoDoKu's switches, uniqueness and solution; SE's caches).

use std::ops::ControlFlow;

use super::{Grid, Step};

/// Where a finder reports its steps, in its order; `Break` stops the search.
pub type Sink<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// A technique's search: every step it finds on the state, in its engine's order, each reported
/// to the sink until the sink answers `Break`.
pub type Finder<C> = fn(&Grid, &C, &mut Sink<'_>) -> ControlFlow<()>;

/// The first step `find` reports, if any.
pub fn first<C>(find: Finder<C>, grid: &Grid, ctx: &C) -> Option<Step> {
    let mut found = None;
    let _ = find(grid, ctx, &mut |s| {
        found = Some(s);
        ControlFlow::Break(())
    });
    found
}

/// Every step `find` reports, in its order.
pub fn every<C>(find: Finder<C>, grid: &Grid, ctx: &C) -> Vec<Step> {
    let mut out = Vec::new();
    let _ = find(grid, ctx, &mut |s| {
        out.push(s);
        ControlFlow::Continue(())
    });
    out
}
