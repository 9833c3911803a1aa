//! Players: the [`Strategy`] trait and the simple strategies.

use mancala_core::{Choose, Move, Position};

use crate::{Allocation, MoveValue};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A way of choosing moves, told the moves of the game it plays in.
///
/// # The observation contract
///
/// Whoever drives a strategy through a game (an arena, a front end, a
/// test) calls [`Strategy::observe`] once for every move played in that
/// game, in order, by every player, the strategy's own moves and any
/// opening included, right after the move is played: `before` is the
/// position the move was played in. A strategy that starts in the middle
/// of a game may be told the moves so far the same way, or nothing.
///
/// Observing is optional for correctness: a strategy must choose legal
/// moves from the position alone, whatever it was or was not told. What
/// it learns from the moves may only change which legal move it chooses:
/// [`Mcts`](crate::Mcts) models its opponents from their moves, and
/// without them searches as plain UCT. Other events (a resignation, an
/// undo) are not reported: a move whose `before` does not follow from
/// the moves seen tells the strategy that the game went elsewhere.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use mancala_ai::{Random, Strategy};
/// use mancala_core::{Game, Preset, Rules};
///
/// let rules = Arc::new(Rules::new(&Preset::Kalah.rules())?);
/// let mut players = [Random::new(1), Random::new(2)];
/// let mut game = Game::new(Arc::clone(&rules));
/// while !game.is_over() {
///     // A position that borrows the rules, not the game: it outlives the move.
///     let before = game.position_with(&rules);
///     let m = players[before.player_to_move()].choose(&before).unwrap();
///     game.play(m)?;
///     for player in &mut players {
///         player.observe(&before, m);
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Strategy {
    /// Chooses a legal move for the side to move, or `None` when the game
    /// is over.
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move>;

    /// Tells the strategy that `m` was played in `before` (see the
    /// [observation contract](Strategy#the-observation-contract)). The
    /// default ignores it.
    fn observe(&mut self, before: &Position<'_>, m: Move) {
        let _ = (before, m);
    }

    /// Sets the time of the following choices (`None`: only the
    /// strategy's own budget), as a time manager does before each move
    /// (see [`Timed`](crate::Timed)). A search keeps its own limits and
    /// adds these: [`AlphaBeta`](crate::AlphaBeta) and
    /// [`MaxN`](crate::MaxN) start no new iteration after the soft limit
    /// and stop at the hard one, [`Mcts`](crate::Mcts) stops at the soft
    /// one. The default ignores it (strategies that do not search).
    fn set_time(&mut self, time: Option<Allocation>) {
        let _ = time;
    }

    /// What the strategy knows of the value of the move it chose last,
    /// for the player who made it: exact ([`MoveValue::exact`]) when it
    /// solved the position, else its estimate; `None` when it does not
    /// say (the default), or has chosen nothing yet.
    /// [`Exact`](crate::Exact) and [`AlphaBeta`](crate::AlphaBeta) say.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Random, Spec, Strategy};
    /// use mancala_core::{Position, Preset, RuleSet, Rules};
    ///
    /// // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    /// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
    /// let mut exact = "exact".parse::<Spec>()?.strategy(&rules, 1)?;
    /// exact.choose(&Position::new(&rules));
    /// let value = exact.last_value().unwrap();
    /// assert!(value.exact);
    /// assert_eq!(value.score_difference(), Some(2));
    ///
    /// let mut random = Random::new(1);
    /// random.choose(&Position::new(&rules));
    /// assert_eq!(random.last_value(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn last_value(&self) -> Option<MoveValue> {
        None
    }
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

/// The random player's choice among `moves` legal moves, for
/// [`Playout::play_out`](mancala_core::Playout::play_out): the same draw
/// as [`Strategy::choose`], so that a play-out plays the games of the
/// player.
impl Choose for Random {
    #[inline]
    fn pick(&mut self, moves: usize) -> usize {
        self.rng.random_range(0..moves)
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
        let greedy = greedy_moves(pos);
        if greedy == 0 {
            return None;
        }
        // A usize draw, as Greedy has always made: a seed replays its games.
        let k = self.rng.random_range(0..greedy.count_ones() as usize);
        pos.legal_moves()
            .iter()
            .nth(nth_bit(greedy, k as u32) as usize)
    }
}

/// The index of the `k`-th set bit of `mask` (from 0).
pub(crate) fn nth_bit(mut mask: u32, k: u32) -> u32 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// The moves [`Greedy`] chooses among, as a mask over the indices of
/// [`Position::legal_moves`]: those that put the most seeds into the
/// mover's store at once (0 when there is no legal move).
pub(crate) fn greedy_moves(pos: &Position<'_>) -> u32 {
    let mut gains = [0i32; 32];
    let moves = pos.legal_moves();
    for (g, m) in gains.iter_mut().zip(moves.iter()) {
        *g = greedy_gain(pos, m);
    }
    let gains = &gains[..moves.len().min(32)];
    let most = gains.iter().copied().max().unwrap_or(0);
    gains
        .iter()
        .enumerate()
        .filter(|&(_, &g)| g == most)
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// What [`Greedy`] maximises: the seeds `m` puts into the mover's store
/// at once (the final scores if it ends the game).
fn greedy_gain(pos: &Position<'_>, m: Move) -> i32 {
    let side = pos.to_move();
    let player = pos.player_to_move();
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
        let report = self.search(pos);
        self.last = report.best.map(|mv| MoveValue {
            mv,
            value: report.value,
            exact: report.exact,
        });
        report.best
    }

    fn last_value(&self) -> Option<MoveValue> {
        self.last
    }

    fn set_time(&mut self, time: Option<Allocation>) {
        self.set_allocation(time);
    }
}
