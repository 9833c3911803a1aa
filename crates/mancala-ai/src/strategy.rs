//! Players: the [`Strategy`] trait and the simple strategies.

use mancala_core::{Move, Position};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A way of choosing moves.
pub trait Strategy {
    /// Chooses a legal move for the side to move, or `None` when the game
    /// is over.
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move>;
}

/// Plays a uniformly random legal move; reproducible for a given seed.
#[derive(Clone, Debug)]
pub struct Random {
    rng: SmallRng,
}

impl Random {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Random {
        Random {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Strategy for Random {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        moves.get(self.rng.random_range(0..moves.len()))
    }
}

/// Plays the move that gains the most seeds for the mover at once (seeds
/// in the mover's store after the move, minus before; a finished game
/// counts its final scores), breaking ties at random; reproducible for a
/// given seed.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: SmallRng,
}

impl Greedy {
    /// A greedy player seeded with `seed` (for tie-breaks).
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Strategy for Greedy {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        let gain = |m: Move| greedy_gain(pos, m);
        let moves = pos.legal_moves();
        let best = moves.iter().map(gain).max()?;
        let ties: Vec<Move> = moves.iter().filter(|&m| gain(m) == best).collect();
        Some(ties[self.rng.random_range(0..ties.len())])
    }
}

/// What [`Greedy`] maximises: the seeds `m` puts into the mover's store
/// at once (the final scores if it ends the game).
pub(crate) fn greedy_gain(pos: &Position<'_>, m: Move) -> i32 {
    let side = pos.to_move();
    let player = pos.player_of(side);
    let mut child = *pos;
    child.play_unchecked(m);
    let now = child.side_of(player);
    i32::from(child.store(now)) - i32::from(pos.store(side))
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

impl<E: crate::Evaluator> Strategy for crate::AlphaBeta<E> {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        self.search(pos).best
    }
}
