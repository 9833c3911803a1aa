//! The playouts of [`Mcts`]: random or partly greedy moves to the end of
//! the game or the cap, and every player's reward for where they end.

use mancala_core::{MAX_PLAYERS, Move, Position, Side};
use rand::RngExt;

use super::Mcts;
use crate::eval::Evaluator;
use crate::moves::gain;
use crate::value::SEED;

/// Rewards of one playout, indexed by *player*, each in `[0, 1]`.
pub(super) type Rewards = [f64; MAX_PLAYERS];

impl<E: Evaluator> Mcts<E> {
    /// Moves from `pos` to the end of the game or the cap, each the
    /// greedy one with probability `greed`, else random; every player's
    /// reward.
    pub(super) fn playout(&mut self, mut pos: Position<'_>) -> Rewards {
        if self.greed <= 0.0 {
            // Plain random playouts: the engine's own loop plays them (the
            // same games as the loop below, at a fraction of the cost).
            let rng = &mut self.rng;
            pos.play_out(self.playout_cap, &mut |n| rng.random_range(0..n));
            return self.rewards(&pos);
        }
        let mut played = 0;
        while !pos.is_over() && played < self.playout_cap {
            let moves = pos.legal_moves();
            let m = if self.greed > 0.0 && self.rng.random::<f64>() < self.greed {
                greedy_move(&pos)
            } else {
                moves
                    .get(self.rng.random_range(0..moves.len()))
                    .expect("in range")
            };
            pos.play_unchecked(m);
            played += 1;
        }
        self.rewards(&pos)
    }

    /// Every player's reward for `pos`: its outcome when the game is over,
    /// else the evaluator's ranking.
    pub(super) fn rewards(&self, pos: &Position<'_>) -> Rewards {
        let players = pos.rules().players();
        let total = f64::from(pos.total_seeds().max(1));
        // Per side: a key to rank by (higher is better) and a margin in [-1, 1].
        let mut keys = [0i64; MAX_PLAYERS];
        let mut margins = [0.0; MAX_PLAYERS];
        if let Some(outcome) = pos.outcome() {
            let scores = outcome.scores();
            for side in 0..players {
                keys[side] = -i64::from(outcome.rank(Side::new(side)));
                let best_other = (0..players)
                    .filter(|&s| s != side)
                    .map(|s| i32::from(scores[s]))
                    .max()
                    .unwrap_or(0);
                margins[side] = f64::from(i32::from(scores[side]) - best_other) / total;
            }
        } else {
            for side in 0..players {
                let v = self.evaluator.evaluate(pos, side);
                keys[side] = i64::from(v);
                margins[side] = (f64::from(v) / (f64::from(SEED) * total)).clamp(-1.0, 1.0);
            }
        }
        let mut rewards = [0.0; MAX_PLAYERS];
        let n = players as f64;
        for side in 0..players {
            let above = (0..players).filter(|&s| keys[s] > keys[side]).count() as f64;
            let equal = (0..players).filter(|&s| keys[s] == keys[side]).count() as f64;
            // Shared places rank + 0 ..= rank + equal - 1, averaged.
            let place = 1.0 + above + (equal - 1.0) / 2.0;
            let rank_reward = (n - place) / (n - 1.0);
            let margin_reward = (1.0 + margins[side]) / 2.0;
            let w = self.margin_weight;
            rewards[pos.player_of(Side::new(side))] = (1.0 - w) * rank_reward + w * margin_reward;
        }
        rewards
    }
}

/// The move that puts the most seeds into the mover's store at once (of
/// equals, one that gives an extra turn, then the first in legal order).
pub(super) fn greedy_move(pos: &Position<'_>) -> Move {
    let side = pos.to_move();
    let mut best = (i32::MIN, Move::Swap);
    for m in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(m);
        let gain = gain(pos, &child);
        let again = !child.is_over() && child.to_move() == side;
        let score = 2 * gain + i32::from(again);
        if score > best.0 {
            best = (score, m);
        }
    }
    best.1
}
