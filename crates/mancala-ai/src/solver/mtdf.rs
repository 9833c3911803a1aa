//! The MTD(f) driver: null-window passes at the root that close in on the
//! value, and the exact value of every move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use mancala_core::{Move, MoveList, Position, Side};

use super::split::Pool;
use super::{Best, INF, Progress, Solver};
use crate::moves::play;
use crate::value::{SEED, WIN, score_difference, terminal_value};

impl<'r> Solver<'r> {
    /// Every legal move of `pos` with its exact value for the player who
    /// makes it, best first: `(move, final score difference, result)`.
    pub(super) fn analyse_moves(&mut self, pos: &Position<'_>) -> Vec<(Move, i32, i32)> {
        let player = pos.player_to_move();
        let mut values: Vec<(Move, i32, i32)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                if let Some(outcome) = child.outcome() {
                    // The finished game, seen from the mover's side.
                    let v = terminal_value(&outcome, child.side_of(player).index());
                    return (m, score_difference(v).unwrap_or(0), result_of(v));
                }
                let (value, result) = self.mtdf(&child, 0);
                if child.player_to_move() == player {
                    (m, value, result)
                } else {
                    (m, -value, -result)
                }
            })
            .collect();
        values.sort_by_key(|&(_, v, r)| std::cmp::Reverse((r, v)));
        values
    }

    /// MTD(f) from `guess`: `(final score difference, result)` for the
    /// player to move.
    fn mtdf(&mut self, pos: &Position<'_>, guess: i32) -> (i32, i32) {
        self.mtdf_move(pos, guess).0
    }

    /// [`Solver::mtdf`], and a best move: the one that proved the final
    /// lower bound (`None` when the game is over or the budget ran out).
    pub(super) fn mtdf_move(
        &mut self,
        pos: &Position<'_>,
        guess: i32,
    ) -> ((i32, i32), Option<Move>) {
        if let Some(outcome) = pos.outcome() {
            let v = terminal_value(&outcome, pos.to_move().index());
            return ((score_difference(v).unwrap_or(0), result_of(v)), None);
        }
        let (mut lower, mut upper) = (-INF, INF);
        let mut g = if self.additive { guess } else { guess * SEED };
        // The move that proved `lower`, and the one to try first next pass.
        let (mut proved, mut first) = (None, None);
        while lower < upper && !self.aborted {
            let beta = if g == lower { g + 1 } else { g };
            let (v, m) = self.root_pass(pos, beta - 1, beta, first);
            g = v;
            first = m;
            if g < beta {
                upper = g;
            } else {
                lower = g;
                proved = m;
            }
            self.passes += 1;
            self.report_progress(lower, upper);
        }
        let value = if self.additive {
            let so_far = i32::from(pos.store(pos.to_move()))
                - i32::from(pos.store(Side::new(1 - pos.to_move().index())));
            let value = g + so_far;
            (value, value.signum())
        } else {
            let v = unscale(g);
            (score_difference(v).unwrap_or(0), result_of(v))
        };
        (value, proved.filter(|_| !self.aborted))
    }

    /// Tells the progress receiver, if any, the bounds proven so far.
    fn report_progress(&mut self, lower: i32, upper: i32) {
        if let Some(report) = &mut self.progress
            && !self.aborted
        {
            report(&Progress {
                nodes: self.nodes + self.helper_nodes,
                elapsed: self.started.elapsed(),
                passes: self.passes,
                lower: (lower > -INF).then_some(lower),
                upper: (upper < INF).then_some(upper),
            });
        }
    }

    /// One null-window pass at the root: every move is searched (no table
    /// cutoff at the root itself), so a pass that fails high names the move
    /// that proved it. Returns the fail-soft value and the best move found.
    fn root_pass(
        &mut self,
        pos: &Position<'_>,
        alpha: i32,
        beta: i32,
        first: Option<Move>,
    ) -> (i32, Option<Move>) {
        if self.tick() {
            return (0, None);
        }
        let nodes_before = self.nodes;
        let key = if self.additive {
            pos.board_key()
        } else {
            pos.key()
        };
        let first = first.or_else(|| self.probe(key).and_then(|e| e.best()));
        let moves = pos.legal_moves();
        let (order, n) = self.ordered(pos, moves, first.filter(|&m| moves.contains(m)));
        if !self.additive {
            self.path.push(key);
        }
        let (best, best_move) =
            if self.additive && self.parallel && self.threads > 1 && self.stop.is_none() && n > 1 {
                self.root_split(pos, &order[..n], alpha, beta)
            } else {
                self.root_serial(pos, &order[..n], alpha, beta)
            };
        if !self.additive {
            self.path.pop();
        }
        // Only a bound is known: the window is null.
        let (lo, hi) = if best <= alpha {
            (-INF, best)
        } else {
            (best, INF)
        };
        let nodes = self.nodes - nodes_before + 1;
        let (lo, hi) = match self.probe(key) {
            Some(e) => (lo.max(i32::from(e.lower)), hi.min(i32::from(e.upper))),
            None => (lo, hi),
        };
        self.store(key, lo, hi, best_move, nodes);
        (best, best_move)
    }

    /// The root's moves `order` searched one after the other.
    fn root_serial(
        &mut self,
        pos: &Position<'_>,
        order: &[Move],
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let player = pos.player_to_move();
        let mut best = Best::new(alpha, beta);
        for &m in order {
            let v = self.move_value(pos, player, m, best.alpha, beta, None);
            if best.offer(Some(m), v) {
                break;
            }
        }
        (best.value, best.mv)
    }

    /// The root's moves `order` (at least two) searched as young brothers
    /// wait: the first move alone (a helper thread takes the split points
    /// offered in its subtree), then, if it fails low, every other move on
    /// both threads.
    fn root_split(
        &mut self,
        pos: &Position<'_>,
        order: &[Move],
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let player = pos.player_to_move();
        let stop = Arc::new(AtomicBool::new(false));
        let pool = Pool::new();
        let mut helper = self.helper(&stop);
        let mut best = -INF;
        let mut best_move = None;
        let helper_nodes = std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                helper.serve(&pool);
                helper.nodes
            });
            best = self.move_value(pos, player, order[0], alpha, beta, Some(&pool));
            best_move = Some(order[0]);
            if best < beta && !self.aborted {
                let mut moves = [(Move::Swap, -INF, INF); MoveList::CAPACITY];
                for (slot, &m) in moves.iter_mut().zip(&order[1..]) {
                    slot.0 = m;
                }
                let rest = order.len() - 1;
                let (v, m) = self.split_search(&pool, pos, &moves[..rest], alpha, beta);
                if v > best {
                    best = v;
                    best_move = m;
                }
            }
            stop.store(true, Ordering::Relaxed);
            worker.join().expect("the helper thread does not panic")
        });
        self.helper_nodes += helper_nodes;
        (best, best_move)
    }

    /// The value of move `m` for `player`, who is to move at `pos`, searched
    /// with the window `(alpha, beta)` (in the search's own units).
    pub(super) fn move_value<'p>(
        &mut self,
        pos: &Position<'p>,
        player: usize,
        m: Move,
        alpha: i32,
        beta: i32,
        pool: Option<&Pool<'p>>,
    ) -> i32 {
        let (child, gain) = play(pos, m);
        if self.additive {
            if child.is_over() {
                gain
            } else if child.player_to_move() == player {
                gain + self.search_additive(&child, alpha - gain, beta - gain, pool)
            } else {
                gain - self.search_additive(&child, gain - beta, gain - alpha, pool)
            }
        } else if child.is_over() {
            let outcome = child.outcome().expect("over");
            scale(terminal_value(&outcome, child.side_of(player).index()))
        } else if child.player_to_move() == player {
            self.search_whole(&child, alpha, beta)
        } else {
            -self.search_whole(&child, -beta, -alpha)
        }
    }

    /// A best move by exact analysis of every move (a fallback; the root
    /// passes normally name it).
    pub(super) fn best_move(&mut self, pos: &Position<'_>) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let best = self.analyse_moves(pos);
        best.first()
            .map(|&(m, _, _)| m)
            .or_else(|| moves.iter().next())
    }
}

/// Table values in whole-position mode: wins, draws and losses kept apart
/// by 1000, score differences within them.
pub(super) fn scale(v: i32) -> i32 {
    let place = (v + WIN / 2).div_euclid(WIN);
    place * 1000 + (v - place * WIN) / SEED
}

/// The [`terminal_value`] that [`scale`] scaled.
fn unscale(g: i32) -> i32 {
    let place = (g + 500).div_euclid(1000);
    place * WIN + (g - place * 1000) * SEED
}

/// The result a [`terminal_value`] stands for: 1 win, 0 draw, -1 loss.
fn result_of(v: i32) -> i32 {
    (v + WIN / 2).div_euclid(WIN).signum()
}
