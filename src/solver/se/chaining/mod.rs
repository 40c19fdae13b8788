/// One of SE's chain producers (Solver.java's `Chaining(...)` instances), in SE's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChainProducer {
    Cycles,
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
    Nested(u8),
}

/// Every hint the producer finds in the state, each with its SE difficulty (length additions included).
pub fn hints(
    _grid: &crate::solver::Grid,
    _producer: ChainProducer,
) -> Vec<crate::solver::se::SeStep> {
    Vec::new()
}
