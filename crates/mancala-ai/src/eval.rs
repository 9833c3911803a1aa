//! Evaluation: a heuristic value of a position that is not finished.

use mancala_core::{Position, Side};

use crate::value::SEED;

/// Scores a position for one side: positive is good for `side`, in
/// [`SEED`](crate::SEED) units per seed. Search strategies call it at their
/// horizon; finished games are valued exactly instead.
pub trait Evaluator {
    /// The heuristic value of `pos` for `side`.
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32;
}

/// The plainest evaluation: `side`'s store minus the best other store.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Evaluator, StoreDifference, SEED};
/// use mancala_core::{Position, Preset, Rules, Setup};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let setup: Setup = "4,4,4,4,4,4:3 4,4,4,4,4,4:1".parse()?;
/// let pos = Position::from_setup(&rules, &setup)?;
/// assert_eq!(StoreDifference.evaluate(&pos, 0), 2 * SEED);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreDifference;

impl Evaluator for StoreDifference {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let players = pos.rules().players();
        let mine = i32::from(pos.store(Side::new(side)));
        let best = (0..players)
            .filter(|&s| s != side)
            .map(|s| i32::from(pos.store(Side::new(s))))
            .max()
            .unwrap_or(0);
        SEED * (mine - best)
    }
}

/// The default evaluation: store difference, plus a little for the seeds
/// still on each side (which the `owner` leftover rule gives to that side
/// at the end), plus a good deal for houses that can still move.
///
/// Each side's value is `store * (seeds in its store) + board * (seeds on
/// its side) + mobility * (houses that can move)`; the evaluation is
/// `side`'s value minus the best other side's (the form
/// [`MaxN`](crate::MaxN)'s shallow pruning relies on). Weights are in
/// [`SEED`](crate::SEED) units. The board weight counts only under
/// `leftover = owner` (with `discard` or `split` the seeds are not the
/// side's).
///
/// The default weights (a seed in the store 1, on the board 1/8, a
/// movable house 3/4) won matches against [`StoreDifference`] at equal
/// depth (docs/results.md section 6). The same weights end the short
/// playouts of the 3-4 player levels' MCTS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    /// Value of a seed in the store.
    pub store: i32,
    /// Value of a seed on one's own side.
    pub board: i32,
    /// Value of a house that holds enough seeds to move.
    pub mobility: i32,
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic {
            store: SEED,
            board: SEED / 8,
            mobility: SEED * 3 / 4,
        }
    }
}

impl Evaluator for Heuristic {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let rules = pos.rules();
        let set = rules.rule_set();
        let board = if set.leftover == mancala_core::Leftover::Owner {
            self.board
        } else {
            0
        };
        let min = set.min_seeds;
        let value = |s: usize| {
            let s = Side::new(s);
            let movable = pos.houses(s).iter().filter(|&&c| c >= min).count() as i32;
            self.store * i32::from(pos.store(s))
                + board * pos.side_seeds(s) as i32
                + self.mobility * movable
        };
        let mine = value(side);
        let best = (0..rules.players())
            .filter(|&s| s != side)
            .map(value)
            .max()
            .unwrap_or(0);
        mine - best
    }
}
