//! # mancala-ai: search for any mancala rule set
//!
//! Placeholder: the search crate is its own issue. For now it offers the
//! [`Strategy`] trait and the two simplest players.

use mancala_core::{Move, Position};

/// A way of choosing a move.
pub trait Strategy {
    /// Chooses a legal move in `pos`, or `None` when there is none.
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move>;
}

/// Plays the legal move with the lowest house number: a fixed, predictable
/// opponent for tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstLegal;

impl Strategy for FirstLegal {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        pos.legal_moves().iter().next()
    }
}
