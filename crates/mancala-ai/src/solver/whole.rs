//! The whole-position search: for rules whose future depends on more than
//! the board, values in [`terminal_value`] order on whole positions.

use mancala_core::Position;

use super::mtdf::scale;
use super::{Best, INF, Solver};
use crate::moves::play;
use crate::params::SOLVER_MAX_LINE;
use crate::value::terminal_value;

impl<'r> Solver<'r> {
    /// Whole-position mode: [`terminal_value`] ordering (divided by
    /// [`SEED`](crate::SEED) to fit the table), for the player to move.
    pub(super) fn search_whole(
        &mut self,
        pos: &Position<'_>,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let nodes_before = self.nodes;
        if let Some(outcome) = pos.outcome() {
            return scale(terminal_value(&outcome, pos.to_move().index()));
        }
        if self.clock.is_some() && self.path.len() >= SOLVER_MAX_LINE {
            // A budgeted solve that wanders this deep would overflow the
            // stack before it ran out of nodes: out of budget.
            self.aborted = true;
            return 0;
        }
        let key = pos.key();
        if self.path.contains(&key) {
            // An endless cycle: the game ends as the rules end cycles.
            let mut ended = *pos;
            ended.end_by_agreement();
            let outcome = ended.outcome().expect("agreement ends the game");
            return scale(terminal_value(&outcome, pos.to_move().index()));
        }
        let mut first = None;
        if let Some(e) = self.probe(key) {
            let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            first = e.best();
        }
        let (alpha0, beta0) = (alpha, beta);
        let moves = pos.legal_moves();
        let (order, n) = self.ordered(pos, moves, first.filter(|&m| moves.contains(m)));
        self.path.push(key);
        let (best, best_move) = self.whole_children(pos, &order[..n], alpha, beta);
        self.path.pop();
        let (lo, hi) = if best <= alpha0 {
            (-INF, best)
        } else if best >= beta0 {
            (best, INF)
        } else {
            (best, best)
        };
        self.store(key, lo, hi, best_move, self.nodes - nodes_before + 1);
        best
    }

    /// The moves `order` of `pos` searched in turn: the best value (for
    /// the player to move) and move.
    fn whole_children(
        &mut self,
        pos: &Position<'_>,
        order: &[mancala_core::Move],
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<mancala_core::Move>) {
        let player = pos.player_to_move();
        let mut best = Best::new(alpha, beta);
        for &m in order {
            let alpha = best.alpha;
            let (child, _) = play(pos, m);
            let v = if child.player_to_move() == player && !child.is_over() {
                self.search_whole(&child, alpha, beta)
            } else if child.is_over() {
                let outcome = child.outcome().expect("over");
                scale(terminal_value(&outcome, child.side_of(player).index()))
            } else {
                -self.search_whole(&child, -beta, -alpha)
            };
            if best.offer(Some(m), v) {
                break;
            }
        }
        (best.value, best.mv)
    }
}
