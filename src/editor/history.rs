//! Unlimited undo/redo as snapshots of the whole state (a board is a few hundred bytes). The
//! snapshots are shared (`Arc`) and the stacks kept in shared chunks ([`Stack`]), so that copying
//! a history (the autosave takes one) costs a pointer per chunk, not one per step.

use std::sync::Arc;

use super::stack::Stack;
use super::{CandidateMode, Colors};
use crate::domain::Board;

/// Everything an undo step restores: the board (including the remembered eliminations that are
/// not visible yet), the candidate mode and the colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub board: Board,
    pub mode: CandidateMode,
    pub colors: Colors,
}

impl Snapshot {
    /// A state without colours.
    pub fn new(board: Board, mode: CandidateMode) -> Snapshot {
        Snapshot {
            board,
            mode,
            colors: Colors::default(),
        }
    }
}

/// Two stacks of snapshots: states before each recorded command, and states undone.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Stack<Arc<Snapshot>>,
    redo: Stack<Arc<Snapshot>>,
}

/// The snapshot itself, copied only when another history still shares it.
fn unshare(s: Arc<Snapshot>) -> Snapshot {
    Arc::try_unwrap(s).unwrap_or_else(|shared| (*shared).clone())
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Rebuilds a history from stacks (oldest first), e.g. from a save.
    pub fn from_stacks(undo: Vec<Snapshot>, redo: Vec<Snapshot>) -> History {
        History {
            undo: undo.into_iter().map(Arc::new).collect(),
            redo: redo.into_iter().map(Arc::new).collect(),
        }
    }

    /// Records the state before a command; a new command forgets what was undone.
    pub fn record(&mut self, before: Snapshot) {
        self.undo.push(Arc::new(before));
        self.redo.clear();
    }

    /// Swaps `current` with the last recorded state; `false` when there is nothing to undo.
    pub fn undo(&mut self, current: &mut Snapshot) -> bool {
        match self.undo.pop() {
            Some(prev) => {
                self.redo
                    .push(Arc::new(std::mem::replace(current, unshare(prev))));
                true
            }
            None => false,
        }
    }

    /// Swaps `current` with the last undone state; `false` when there is nothing to redo.
    pub fn redo(&mut self, current: &mut Snapshot) -> bool {
        match self.redo.pop() {
            Some(next) => {
                self.undo
                    .push(Arc::new(std::mem::replace(current, unshare(next))));
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// States before each recorded command, oldest first.
    pub fn undo_stack(&self) -> &Stack<Arc<Snapshot>> {
        &self.undo
    }

    /// Undone states, the next redo last.
    pub fn redo_stack(&self) -> &Stack<Arc<Snapshot>> {
        &self.redo
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    /// Gives the undo and redo steps these colours, in stack order (a save keeps the colours
    /// apart from the states); steps whose colours do not change stay shared.
    pub fn recolor(&mut self, undo: Vec<Colors>, redo: Vec<Colors>) {
        fn recolor(stack: &Stack<Arc<Snapshot>>, colors: Vec<Colors>) -> Stack<Arc<Snapshot>> {
            stack
                .iter()
                .zip(colors)
                .map(|(s, colors)| {
                    if s.colors == colors {
                        Arc::clone(s)
                    } else {
                        Arc::new(Snapshot {
                            colors,
                            ..(**s).clone()
                        })
                    }
                })
                .collect()
        }
        self.undo = recolor(&self.undo, undo);
        self.redo = recolor(&self.redo, redo);
    }
}

/// The colours of a stack of states, oldest first (a view: they live in the states).
pub struct ColorStack<'a>(&'a Stack<Arc<Snapshot>>);

impl<'a> ColorStack<'a> {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &'a Colors> + 'a {
        self.0.iter().map(|s| &s.colors)
    }
}

impl History {
    /// The colours of the undo steps and of the redo steps (see [`ColorStack`]).
    pub fn color_stacks(&self) -> (ColorStack<'_>, ColorStack<'_>) {
        (ColorStack(&self.undo), ColorStack(&self.redo))
    }
}
