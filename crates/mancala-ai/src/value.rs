//! The value scale every search in this crate uses.

use mancala_core::{Outcome, Side};

/// Value units per seed: heuristics may use fractions of a seed.
pub const SEED: i32 = 8;

/// The value of a won game, before the score difference is added: larger
/// than any heuristic, so a proven win beats any guess.
pub const WIN: i32 = 1 << 20;

/// The value of a finished game for `side`, two players: a win is worth
/// [`WIN`], a loss `-WIN`, a draw 0, plus [`SEED`] per seed of score
/// difference. For score-ranked games this orders outcomes exactly as the
/// score difference does; for `empty_first` it puts winning first.
pub fn terminal_value(outcome: &Outcome, side: usize) -> i32 {
    let scores = outcome.scores();
    let mine = i32::from(scores[side]);
    let best_other = (0..scores.len())
        .filter(|&s| s != side)
        .map(|s| i32::from(scores[s]))
        .max()
        .unwrap_or(0);
    let rank = i32::from(outcome.rank(Side::new(side)));
    let players = scores.len() as i32;
    // With two players: rank 1 alone is a win, shared is a draw.
    let place = if rank == 1 && outcome.ranks().iter().filter(|&&r| r == 1).count() > 1 {
        0
    } else if rank == 1 {
        1
    } else if players == 2 {
        -1
    } else {
        // More players: every place below first counts down from 0.
        -(rank - 1)
    };
    WIN * place + SEED * (mine - best_other)
}

/// The final score difference a value stands for, when it is the value of
/// a finished game (see [`terminal_value`]): `Some(difference)` for values
/// within reach of a decided or drawn result.
pub fn score_difference(value: i32) -> Option<i32> {
    let place = (value + WIN / 2).div_euclid(WIN);
    let rest = value - place * WIN;
    (rest % SEED == 0 && rest.abs() <= 255 * SEED).then_some(rest / SEED)
}
