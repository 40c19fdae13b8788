//! [`Shared`]: a value handed between the player's state, its actions and the session's
//! workers without a copy.

use std::sync::Arc;

/// A value shared with the session that compares by identity (a loaded save, a file's lines).
#[derive(Clone, Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Eq for Shared<T> {}

impl<T> Shared<T> {
    pub fn new(v: T) -> Shared<T> {
        Shared(Arc::new(v))
    }
}
