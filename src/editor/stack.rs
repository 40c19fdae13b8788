//! [`Stack`]: a stack kept in shared chunks, so that copying a long one (the autosave takes a
//! copy of the whole history) costs one pointer per chunk plus the open chunk, not one entry per
//! step. Push and pop stay O(1) amortized: a chunk shared with a copy is copied once (at most
//! [`CHUNK`] entries) when popping reaches it.

use std::sync::Arc;

/// Entries per sealed chunk.
pub const CHUNK: usize = 256;

/// A stack of `T` in chunks: every sealed chunk holds exactly [`CHUNK`] entries, the open one
/// (`tail`) fewer.
#[derive(Clone)]
pub struct Stack<T> {
    sealed: Vec<Arc<Vec<T>>>,
    tail: Vec<T>,
}

impl<T> Default for Stack<T> {
    fn default() -> Self {
        Stack {
            sealed: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<T: Clone> Stack<T> {
    pub fn new() -> Stack<T> {
        Stack::default()
    }

    pub fn push(&mut self, x: T) {
        self.tail.push(x);
        if self.tail.len() == CHUNK {
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
            self.sealed.push(Arc::new(full));
        }
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.tail.is_empty() {
            let chunk = self.sealed.pop()?;
            self.tail = Arc::try_unwrap(chunk).unwrap_or_else(|shared| (*shared).clone());
        }
        self.tail.pop()
    }

    pub fn clear(&mut self) {
        self.sealed.clear();
        self.tail.clear();
    }
}

impl<T> Stack<T> {
    pub fn len(&self) -> usize {
        self.sealed.len() * CHUNK + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sealed.is_empty() && self.tail.is_empty()
    }

    /// Oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.sealed
            .iter()
            .flat_map(|c| c.iter())
            .chain(self.tail.iter())
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        match self.sealed.get(i / CHUNK) {
            Some(c) => c.get(i % CHUNK),
            None if i / CHUNK == self.sealed.len() => self.tail.get(i % CHUNK),
            None => None,
        }
    }

    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&T> {
        match self.tail.last() {
            Some(x) => Some(x),
            None => self.sealed.last().and_then(|c| c.last()),
        }
    }
}

impl<T: Clone> FromIterator<T> for Stack<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Stack<T> {
        let mut s = Stack::new();
        for x in iter {
            s.push(x);
        }
        s
    }
}

impl<T> std::ops::Index<usize> for Stack<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(x) => x,
            None => panic!("index {i} out of a stack of {}", self.len()),
        }
    }
}

impl<'a, T> IntoIterator for &'a Stack<T> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<T: PartialEq> PartialEq for Stack<T> {
    fn eq(&self, other: &Stack<T>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for Stack<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for Stack<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_as_a_vec_across_chunks_and_copies() {
        let mut s = Stack::new();
        let mut v = Vec::new();
        let mut copies = Vec::new();
        // Pushes and pops around chunk boundaries, with copies taken on the way.
        for round in 0..6usize {
            for i in 0..(CHUNK + 37 * round) {
                s.push(i * 7 + round);
                v.push(i * 7 + round);
            }
            copies.push((s.clone(), v.clone()));
            for _ in 0..(CHUNK / 2 + 11 * round) {
                assert_eq!(s.pop(), v.pop());
            }
            assert_eq!(s.len(), v.len());
            assert!(s.iter().eq(v.iter()));
            assert_eq!(s.last(), v.last());
            assert_eq!(s.first(), v.first());
            assert_eq!(s.get(v.len()), None);
            if let Some(k) = v.len().checked_sub(CHUNK + 1) {
                assert_eq!(s[k], v[k]);
            }
        }
        for (c, cv) in copies {
            assert!(
                c.iter().eq(cv.iter()),
                "a copy is not changed by the original"
            );
        }
        while let Some(x) = s.pop() {
            assert_eq!(Some(x), v.pop());
        }
        assert!(v.is_empty() && s.is_empty());
    }
}
