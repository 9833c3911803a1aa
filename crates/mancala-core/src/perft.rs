//! Perft: counting move sequences, the standard check of a move generator.

use crate::mv::Move;
use crate::position::Position;

/// The number of move sequences of exactly `depth` moves from `pos`.
///
/// Every move counts, an extra turn's move and a pie swap included; a
/// finished game has no moves. A position has no history, so the
/// `repetition` end condition plays no part (see [`Game`](crate::Game)).
///
/// # Examples
///
/// ```
/// use mancala_core::{perft, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let start = Position::new(&rules);
/// assert_eq!(perft(&start, 1), 6);
/// assert_eq!(perft(&start, 3), 185);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub fn perft(pos: &Position<'_>, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves
            .iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move: each legal move with the number of
/// sequences of `depth` moves that start with it.
///
/// # Examples
///
/// ```
/// use mancala_core::{perft_divide, Move, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let split = perft_divide(&Position::new(&rules), 2);
/// // House 3 ends in the store: side 0 moves again, with 5 houses left.
/// assert_eq!(split[2], (Move::House(3), 5));
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 35);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub fn perft_divide(pos: &Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
