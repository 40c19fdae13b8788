//! PLACEHOLDER owned by the step-engine work: one module per technique family.
