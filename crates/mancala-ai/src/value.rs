//! The value scale every search in this crate uses, and the value of a
//! move as analyses report it.

use mancala_core::{Move, Outcome, Side, Wdl};

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

/// Whether `value` is a proven win or loss (not a heuristic guess).
pub fn is_decisive(value: i32) -> bool {
    value.abs() >= WIN / 2
}

/// The value of one legal move, as [`AlphaBeta::analyse`](crate::AlphaBeta::analyse),
/// [`Solver::analyse`](crate::Solver::analyse) and [`analyse`](crate::analyse)
/// report it.
///
/// # Examples
///
/// ```
/// use mancala_ai::{AlphaBeta, Limits};
/// use mancala_core::{Position, Preset, RuleSet, Rules};
///
/// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
/// let values = AlphaBeta::new(Limits::NONE).analyse(&Position::new(&rules));
/// // docs/rules.md section 11: Kalah(3,3) is worth +2.
/// assert!(values[0].exact);
/// assert_eq!(values[0].score_difference(), Some(2));
/// assert_eq!(values[0].seeds(), 2.0);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the player who makes it, in [`SEED`] units: a
    /// [`terminal_value`] when the game's end decides it, else an estimate.
    pub value: i32,
    /// The value is exact (the search saw the end of the game).
    pub exact: bool,
}

impl MoveValue {
    /// The exact value of `mv`: the final score difference and result
    /// under perfect play, for the player who makes it.
    pub(crate) fn solved(mv: Move, difference: i32, result: Wdl) -> MoveValue {
        let place = match result {
            Wdl::Win => 1,
            Wdl::Draw => 0,
            Wdl::Loss => -1,
        };
        MoveValue {
            mv,
            value: WIN * place + SEED * difference,
            exact: true,
        }
    }

    /// The final score difference for the mover, when the value is exact
    /// or a proven win or loss.
    pub fn score_difference(&self) -> Option<i32> {
        if self.exact || is_decisive(self.value) {
            score_difference(self.value)
        } else {
            None
        }
    }

    /// The result for the mover (two players), when the value is exact.
    pub fn wdl(&self) -> Option<Wdl> {
        self.exact
            .then(|| match (self.value + WIN / 2).div_euclid(WIN).signum() {
                1 => Wdl::Win,
                0 => Wdl::Draw,
                _ => Wdl::Loss,
            })
    }

    /// The value in seeds: the final score difference when known (see
    /// [`MoveValue::score_difference`]), else the estimate divided by
    /// [`SEED`].
    pub fn seeds(&self) -> f64 {
        self.score_difference()
            .map_or(f64::from(self.value) / f64::from(SEED), f64::from)
    }
}
