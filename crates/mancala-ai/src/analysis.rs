//! The analysis policy: every move valued exactly when the solver can,
//! else estimated by alpha-beta.

use std::time::Duration;

use mancala_core::Position;

use crate::params::{ANALYSIS_SOLVER_TIME, ANALYSIS_TABLE_BYTES};
use crate::{AlphaBeta, Book, Limits, MoveValue, Solver, SolverOptions};

/// The value of every legal move of `pos` for the player who makes it,
/// best first (empty when the game is over).
///
/// Where the rules have a built-in opening book that holds `pos`
/// ([`Book::built_in`]: the first four turns of Kalah(6,4)), the values
/// are the book's, exact, at once. Else, with two players, the exact
/// [`Solver`] tries first, within
/// `solver_time` (`None`: one second; a 32 MiB table and no endgame
/// database, so nothing is built up front): if it finishes, every value
/// is exact. Otherwise, or with three or four players, [`AlphaBeta`]
/// estimates each move within `limits` (see [`AlphaBeta::analyse`]).
/// [`MoveValue::seeds`] gives a value in seeds either way.
///
/// Why: one call gives the best answer the time allows, an exact value
/// for small positions and an estimate for the rest.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_ai::{Limits, analyse};
/// use mancala_core::{Move, Position, Preset, RuleSet, Rules};
///
/// // Kalah(4,3) is small enough to solve (well within the minute allowed
/// // here): house 2 is worth +6 (docs/rules.md section 11).
/// let rules = Rules::new(&RuleSet { houses: 4, seeds: 3, ..Preset::Kalah.rules() })?;
/// let values = analyse(&Position::new(&rules), Limits::depth(4), Some(Duration::from_secs(60)));
/// assert!(values.iter().all(|v| v.exact));
/// assert_eq!((values[0].mv, values[0].seeds()), (Move::House(2), 6.0));
///
/// // Kalah(6,4) is not: its opening book has the first turns exactly
/// // (docs/rules.md section 11: the start is worth +8; by house 3, the
/// // solver says)...
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let mut pos = Position::new(&rules);
/// let values = analyse(&pos, Limits::depth(4), Some(Duration::from_millis(10)));
/// assert!(values.iter().all(|v| v.exact));
/// assert_eq!((values[0].mv, values[0].seeds()), (Move::House(3), 8.0));
/// // ...and alpha-beta estimates after them.
/// for house in [3, 6, 6, 2, 6, 1, 3, 4, 6, 2] {
///     pos.play(Move::House(house))?;
/// }
/// let values = analyse(&pos, Limits::depth(4), Some(Duration::from_millis(10)));
/// assert_eq!(values.len(), pos.legal_moves().len());
/// assert!(values.iter().all(|v| !v.exact));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(
    pos: &Position<'_>,
    limits: Limits,
    solver_time: Option<Duration>,
) -> Vec<MoveValue> {
    if pos.is_over() {
        return Vec::new();
    }
    if let Some(values) = Book::built_in(pos.rules()).and_then(|book| book.probe(pos)) {
        return values;
    }
    let options = SolverOptions {
        table_bytes: ANALYSIS_TABLE_BYTES,
        database_seeds: 0,
    };
    if let Ok(mut solver) = Solver::new(pos.rules(), options) {
        let time = solver_time.unwrap_or(ANALYSIS_SOLVER_TIME);
        if let Ok(values) = solver.analyse_within(pos, &Limits::time(time)) {
            return values;
        }
    }
    AlphaBeta::new(limits).analyse(pos)
}
