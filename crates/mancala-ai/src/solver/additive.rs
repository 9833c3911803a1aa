//! The additive search: for rules whose future depends on the board alone
//! (see [additive](mancala_core::Rules::board_decides_future)), the score difference still to
//! come, bounded by the seeds left and read from the endgame database.

use mancala_core::{Move, MoveList, Position};

use super::split::Pool;
use super::table::{Bucket, find};
use super::{Best, INF, Solver};
use crate::moves::{moves_again, play, sort_best_first};

/// One value per move of a position.
type PerMove<T> = [T; MoveList::CAPACITY];

/// A node the cheap answers (database, seeds, table) did not settle: its
/// key, its seeds, the bounds known on its value and the window narrowed
/// to them.
struct Node {
    key: u64,
    /// The database may answer (see [`Solver::late`]).
    late: bool,
    seeds: i32,
    lower: i32,
    upper: i32,
    alpha: i32,
    beta: i32,
    /// The table's best move, if any.
    first: Option<Move>,
}

/// What is known of a node's children before any is searched.
struct Children {
    n: usize,
    moves: PerMove<Move>,
    gains: PerMove<i32>,
    /// Board keys (0: no table entry to look for).
    keys: PerMove<u64>,
    /// Whether the mover moves again.
    same: PerMove<bool>,
    /// Bounds on each child's value: first for its own player to move,
    /// then (once scored) for the mover.
    bounds: PerMove<(i32, i32)>,
    /// Where the endgame database holds a child's value.
    places: PerMove<Option<usize>>,
    /// The search order: indices, best first.
    index: PerMove<usize>,
}

impl Children {
    /// Nothing known yet.
    const NONE: Children = Children {
        n: 0,
        moves: [Move::Swap; MoveList::CAPACITY],
        gains: [0; MoveList::CAPACITY],
        keys: [0; MoveList::CAPACITY],
        same: [false; MoveList::CAPACITY],
        bounds: [(0, 0); MoveList::CAPACITY],
        places: [None; MoveList::CAPACITY],
        index: [0; MoveList::CAPACITY],
    };
}

impl<'r> Solver<'r> {
    /// Additive mode: the score difference still to come for the player to
    /// move, from the board alone.
    pub(super) fn search_additive<'p>(
        &mut self,
        pos: &Position<'p>,
        alpha: i32,
        beta: i32,
        pool: Option<&Pool<'p>>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let nodes_before = self.nodes;
        let node = match self.additive_node(pos, alpha, beta) {
            Ok(node) => node,
            Err(value) => return value,
        };
        // Filled in place: it is too big to move around.
        let mut children = Children::NONE;
        self.look_up_children(pos, node.late, &mut children);
        let moves = pos.legal_moves();
        let first = node.first.filter(|&m| moves.contains(m));
        if let Err(value) = self.order_children(pos, &node, &mut children, first) {
            return value;
        }
        let (best, best_move) = self.search_children(pos, &node, &children, pool);
        let (lo, hi) = if best <= node.alpha {
            (node.lower, best)
        } else if best >= node.beta {
            (best, node.upper)
        } else {
            (best, best)
        };
        self.store(node.key, lo, hi, best_move, self.nodes - nodes_before + 1);
        best
    }

    /// The node `pos` with the window `(alpha, beta)`, or `Err` with its
    /// value when the game is over, the database knows it, the seeds left
    /// or the table's bounds settle it.
    #[inline(always)]
    fn additive_node(&self, pos: &Position<'_>, alpha: i32, beta: i32) -> Result<Node, i32> {
        if pos.is_over() {
            return Err(0);
        }
        let late = pos.sowings() >= self.late;
        if late
            && let Some(db) = &self.database
            && let Some(v) = db.probe(pos)
        {
            return Err(v);
        }
        // Nothing can swing the difference by more than the seeds left.
        let seeds = pos.board_seeds() as i32;
        if alpha >= seeds {
            return Err(seeds);
        }
        if beta <= -seeds {
            return Err(-seeds);
        }
        let key = pos.board_key();
        let mut first = None;
        let (mut lower, mut upper) = (-seeds, seeds);
        if let Some(e) = self.probe(key) {
            lower = lower.max(i32::from(e.lower));
            upper = upper.min(i32::from(e.upper));
            if lower >= beta {
                return Err(lower);
            }
            if upper <= alpha {
                return Err(upper);
            }
            if lower == upper {
                return Err(lower);
            }
            first = e.best();
        }
        Ok(Node {
            key,
            late,
            seeds,
            lower,
            upper,
            alpha: alpha.max(lower),
            beta: beta.min(upper),
            first,
        })
    }

    /// Plays every move of `pos` and reads what the table and the database
    /// know of each child: bounds on its value for its player to move.
    /// The children are played first, each one's table bucket or database
    /// value prefetched as soon as its place is known, and read in a
    /// second, tight loop, so that the cache misses overlap each other and
    /// the work on the next children (the probes are most of the time
    /// spent).
    #[inline(always)]
    fn look_up_children(&self, pos: &Position<'_>, late: bool, c: &mut Children) {
        let player = pos.player_to_move();
        for (i, m) in pos.legal_moves().iter().enumerate() {
            let (child, gain) = play(pos, m);
            c.n += 1;
            c.moves[i] = m;
            c.gains[i] = gain;
            if child.is_over() {
                continue;
            }
            c.same[i] = moves_again(player, &child);
            if late
                && let Some(db) = &self.database
                && let Some(place) = db.locate(&child)
            {
                db.prefetch(place);
                c.places[i] = Some(place);
                continue;
            }
            let seeds = child.board_seeds() as i32;
            c.bounds[i] = (-seeds, seeds);
            let key = child.board_key();
            self.table.prefetch(key);
            c.keys[i] = key;
        }
        // Loads only, no branch on what they read: every miss in flight
        // at once.
        let mut buckets: PerMove<Bucket> = [Bucket::default(); MoveList::CAPACITY];
        let mut known = [0i32; MoveList::CAPACITY];
        if let Some(db) = &self.database {
            for i in 0..c.n {
                known[i] = db.value_at(c.places[i].unwrap_or(0));
            }
        }
        for i in 0..c.n {
            buckets[i] = self.table.bucket(c.keys[i]);
        }
        for i in 0..c.n {
            if c.places[i].is_some() {
                c.bounds[i] = (known[i], known[i]);
            } else if c.keys[i] != 0
                && let Some(e) = find(&buckets[i], c.keys[i])
            {
                let (lo, hi) = c.bounds[i];
                c.bounds[i] = (lo.max(i32::from(e.lower)), hi.min(i32::from(e.upper)));
            }
        }
    }

    /// Turns the children's bounds into the mover's and orders them
    /// (`c.index`). `Err` with the node's value when
    /// a child's bounds settle it: an enhanced transposition cutoff (a
    /// child already proven good enough), or a fail low (no child can
    /// reach alpha).
    #[inline(always)]
    fn order_children(
        &mut self,
        pos: &Position<'_>,
        node: &Node,
        c: &mut Children,
        first: Option<Move>,
    ) -> Result<(), i32> {
        // Near the root, a shallow search orders the children.
        let shallow = node.seeds >= self.order_seeds;
        let guesses = if shallow {
            self.guesses(pos, c)
        } else {
            [0; MoveList::CAPACITY]
        };
        let mut ceiling = -INF;
        let mut scores = [0i32; MoveList::CAPACITY];
        for i in 0..c.n {
            let (lo, hi) = c.bounds[i];
            let gain = c.gains[i];
            // The mover's bounds on the move.
            let (lo, hi) = if c.same[i] {
                (gain + lo, gain + hi)
            } else {
                (gain - hi, gain - lo)
            };
            if lo >= node.beta {
                self.store(node.key, lo, node.upper, Some(c.moves[i]), 1);
                return Err(lo);
            }
            c.bounds[i] = (lo, hi);
            ceiling = ceiling.max(hi);
            // Promising children first: the best guess (else the best
            // proven floor), then an extra turn, then the gain.
            let floor = if Some(c.moves[i]) == first {
                None
            } else if shallow {
                let guess = if c.same[i] {
                    gain + guesses[i]
                } else {
                    gain - guesses[i]
                };
                Some(guess.clamp(lo, hi))
            } else {
                Some(lo)
            };
            scores[i] = floor.map_or(i32::MAX, |floor| {
                (floor.max(-99) + 100) * 4096 + i32::from(c.same[i]) * 1024 + gain
            });
        }
        if ceiling <= node.alpha {
            self.store(node.key, node.lower, ceiling, first, 1);
            return Err(ceiling);
        }
        for (i, slot) in c.index.iter_mut().enumerate() {
            *slot = i;
        }
        sort_best_first(&mut c.index[..c.n], |&i| scores[i]);
        Ok(())
    }

    /// A shallow search's guess at each child's value for its player to
    /// move (its exact value when its bounds meet).
    fn guesses(&self, pos: &Position<'_>, c: &Children) -> PerMove<i32> {
        let mut guesses = [0i32; MoveList::CAPACITY];
        for i in 0..c.n {
            let (lo, hi) = c.bounds[i];
            if lo == hi {
                guesses[i] = lo;
            } else {
                let (child, _) = play(pos, c.moves[i]);
                guesses[i] = self.shallow(&child, self.order_depth, -INF, INF);
            }
        }
        guesses
    }

    /// Searches the children in the order `c.index` (the mover's bounds in
    /// `c.bounds`): the best value and move. Once the first child searched
    /// failed low, the rest may be split with an idle thread.
    #[inline(always)]
    fn search_children<'p>(
        &mut self,
        pos: &Position<'p>,
        node: &Node,
        c: &Children,
        pool: Option<&Pool<'p>>,
    ) -> (i32, Option<Move>) {
        let beta = node.beta;
        let mut best = Best::new(node.alpha, beta);
        let mut searched = false;
        for (k, &i) in c.index[..c.n].iter().enumerate() {
            let alpha = best.alpha;
            if searched
                && k + 1 < c.n
                && node.seeds >= self.split_seeds
                && beta == alpha + 1
                && let Some(pool) = pool
                && pool.wants_work()
            {
                let mut moves = [(Move::Swap, 0, 0); MoveList::CAPACITY];
                for (slot, &j) in moves.iter_mut().zip(&c.index[k..c.n]) {
                    *slot = (c.moves[j], c.bounds[j].0, c.bounds[j].1);
                }
                let (v, m) = self.split_search(pool, pos, &moves[..c.n - k], alpha, beta);
                best.offer(m, v);
                break;
            }
            let (lo, hi) = c.bounds[i];
            let m = c.moves[i];
            let v = if hi <= alpha || lo == hi {
                // Known not to matter, or known exactly: no search.
                hi
            } else {
                searched = true;
                let (child, gain) = play(pos, m);
                if c.same[i] {
                    gain + self.search_additive(&child, alpha - gain, beta - gain, pool)
                } else {
                    gain - self.search_additive(&child, gain - beta, gain - alpha, pool)
                }
            };
            if best.offer(Some(m), v) {
                break;
            }
        }
        (best.value, best.mv)
    }

    /// A depth-limited guess at the score difference still to come (the
    /// future past the horizon counted as even), for move ordering: a
    /// fail-soft alpha-beta search, so that the value of a whole window
    /// (as [`Solver::guesses`] asks) is exact whatever the order of the
    /// moves and the cutoffs.
    fn shallow(&self, pos: &Position<'_>, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if pos.is_over() {
            return 0;
        }
        if pos.sowings() >= self.late
            && let Some(db) = &self.database
            && let Some(v) = db.probe(pos)
        {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let player = pos.player_to_move();
        if depth == 1 {
            // The children are leaves: played one by one in legal order,
            // the first that reaches beta ends the search (sorting them
            // would mean playing them all first).
            let mut best = -INF;
            for m in pos.legal_moves() {
                let (child, gain) = play(pos, m);
                best = best.max(self.shallow_move(player, &child, gain, 0, alpha, beta));
                if best >= beta {
                    break;
                }
            }
            return best;
        }
        let mut best = -INF;
        // Extra turns first, then the biggest gains (the children stay
        // put: their indices are sorted).
        let mut children = [(*pos, 0i32); MoveList::CAPACITY];
        let mut order = [(0i32, 0u8); MoveList::CAPACITY];
        let mut n = 0;
        for m in pos.legal_moves() {
            let (child, gain) = play(pos, m);
            let score = i32::from(moves_again(player, &child)) * 1000 + gain;
            children[n] = (child, gain);
            order[n] = (score, n as u8);
            n += 1;
        }
        sort_best_first(&mut order[..n], |&(score, _)| score);
        for &(_, i) in &order[..n] {
            let (child, gain) = children[usize::from(i)];
            let v = self.shallow_move(player, &child, gain, depth - 1, alpha, beta);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// [`Solver::shallow`]'s value for `player` of the move that gained
    /// `gain` and led to `child`, its future searched `depth` plies more
    /// (the window `(alpha, beta)` is the mover's).
    #[inline(always)]
    fn shallow_move(
        &self,
        player: usize,
        child: &Position<'_>,
        gain: i32,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.is_over() {
            gain
        } else if child.player_to_move() == player {
            gain + self.shallow(child, depth, alpha - gain, beta - gain)
        } else {
            gain - self.shallow(child, depth, gain - beta, gain - alpha)
        }
    }
}

#[cfg(test)]
mod tests {
    use mancala_core::{Preset, RuleSet, Rules};

    use super::*;
    use crate::solver::SolverOptions;

    /// The value of the depth-limited tree [`Solver::shallow`] searches,
    /// worked out plainly: every move, no window, no order; the game's end
    /// worth 0 more, the database's value where it may answer, else 0 at
    /// the horizon.
    fn minimax(solver: &Solver<'_>, pos: &Position<'_>, depth: u32) -> i32 {
        if pos.is_over() {
            return 0;
        }
        if pos.sowings() >= solver.late
            && let Some(v) = solver.database.as_ref().and_then(|db| db.probe(pos))
        {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let player = pos.player_to_move();
        pos.legal_moves()
            .iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                let gain = score_gain_of(pos, &child, player);
                if child.is_over() {
                    gain
                } else if child.player_to_move() == player {
                    gain + minimax(solver, &child, depth - 1)
                } else {
                    gain - minimax(solver, &child, depth - 1)
                }
            })
            .max()
            .expect("a game not over has a move")
    }

    /// What `player`'s store gained on the other's from `before` to
    /// `after`.
    fn score_gain_of(before: &Position<'_>, after: &Position<'_>, player: usize) -> i32 {
        let diff = |p: &Position<'_>| {
            let me = p.side_of(player);
            i32::from(p.store(me)) - i32::from(p.store(mancala_core::Side::new(1 - me.index())))
        };
        diff(after) - diff(before)
    }

    /// The ordering search returns the exact value of its tree for the
    /// whole window (what the ordering reads), and a fail-soft bound on
    /// the side of any window it falls out of, at depths 0 to 4, with
    /// the database at the leaves and without, along games of several
    /// rule sets: its cutoffs, and the leaves taken in legal order at the
    /// last ply, change nothing.
    #[test]
    fn the_ordering_search_is_exact_within_its_window() {
        let mut checked = 0;
        for (houses, seeds, empty, database_seeds) in [
            (4, 3, false, 8),
            (6, 3, false, 10),
            (6, 4, true, 8),
            (5, 2, false, 0),
        ] {
            let rules = Rules::new(&RuleSet {
                houses,
                seeds,
                capture_empty_opposite: empty,
                ..Preset::Kalah.rules()
            })
            .unwrap();
            let options = SolverOptions {
                table_bytes: 1 << 16,
                database_seeds,
            };
            let solver = Solver::new(&rules, options).unwrap();
            assert_eq!(solver.database.is_some(), database_seeds > 0);
            let mut pos = Position::new(&rules);
            let mut step = 0usize;
            while !pos.is_over() {
                for depth in 0..=4 {
                    let want = minimax(&solver, &pos, depth);
                    assert_eq!(
                        solver.shallow(&pos, depth, -INF, INF),
                        want,
                        "{pos} {depth}"
                    );
                    for (alpha, beta) in [
                        (want - 1, want + 1),
                        (want, want + 1),
                        (want - 1, want),
                        (want - 3, want - 1),
                        (want + 1, want + 4),
                    ] {
                        let v = solver.shallow(&pos, depth, alpha, beta);
                        if v <= alpha {
                            assert!(want <= v, "{pos} {depth} ({alpha}, {beta}): {v}");
                        } else if v >= beta {
                            assert!(want >= v, "{pos} {depth} ({alpha}, {beta}): {v}");
                        } else {
                            assert_eq!(v, want, "{pos} {depth} ({alpha}, {beta})");
                        }
                    }
                    checked += 1;
                }
                let moves = pos.legal_moves();
                let m = moves.iter().nth(step * 7 % moves.len()).expect("a move");
                pos.play_unchecked(m);
                step += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
