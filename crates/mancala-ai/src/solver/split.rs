//! The parallel search: split points where two threads share a node's
//! children ("young brothers wait", Feldmann's YBWC), and the pool where
//! threads offer and take them.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use mancala_core::{Move, MoveList, Position};

use super::{INF, Solver};
use crate::moves::{index_move, move_index};
use crate::params::SPINS_BEFORE_YIELD;

/// A node whose remaining children two threads search together (a split
/// point, as in "young brothers wait": its first child failed low, so the
/// others must all be searched as well). Only null windows are split.
pub(super) struct Split<'p> {
    pos: Position<'p>,
    /// The player to move at `pos`.
    player: usize,
    alpha: i32,
    beta: i32,
    /// The children left: the move and the mover's bounds on its value.
    moves: [(Move, i32, i32); MoveList::CAPACITY],
    n: usize,
    /// The next child to take.
    next: AtomicUsize,
    /// The best value and move so far, packed by [`pack`].
    best: AtomicU64,
    /// Set when a child reaches `beta`: the rest need not be searched.
    cut: Arc<AtomicBool>,
    /// Threads other than the owner searching its children.
    workers: AtomicUsize,
}

impl<'p> Split<'p> {
    /// A split point of `pos` for the children `moves` (at most
    /// [`MoveList::CAPACITY`]).
    pub(super) fn new(
        pos: &Position<'p>,
        moves: &[(Move, i32, i32)],
        alpha: i32,
        beta: i32,
    ) -> Split<'p> {
        let mut list = [(Move::Swap, 0, 0); MoveList::CAPACITY];
        list[..moves.len()].copy_from_slice(moves);
        Split {
            pos: *pos,
            player: pos.player_to_move(),
            alpha,
            beta,
            moves: list,
            n: moves.len(),
            next: AtomicUsize::new(0),
            best: AtomicU64::new(0),
            cut: Arc::new(AtomicBool::new(false)),
            workers: AtomicUsize::new(0),
        }
    }
}

/// Where the search threads of a root pass offer each other work: at most
/// one split point on offer at a time.
pub(super) struct Pool<'p> {
    offer: Mutex<Option<Arc<Split<'p>>>>,
    /// Threads waiting for work.
    idle: AtomicUsize,
}

impl<'p> Pool<'p> {
    pub(super) fn new() -> Pool<'p> {
        Pool {
            offer: Mutex::new(None),
            idle: AtomicUsize::new(0),
        }
    }

    /// A thread waits for work: splitting would pay.
    #[inline]
    pub(super) fn wants_work(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }

    /// Offers `split`; false if another is already on offer.
    fn publish(&self, split: &Arc<Split<'p>>) -> bool {
        let mut offer = self.offer.lock().unwrap_or_else(PoisonError::into_inner);
        if offer.is_some() {
            return false;
        }
        *offer = Some(Arc::clone(split));
        true
    }

    /// Takes the split on offer, counted as one more worker (under the
    /// lock, so that its owner, withdrawing it, knows every worker).
    fn take(&self) -> Option<Arc<Split<'p>>> {
        let mut offer = self.offer.lock().unwrap_or_else(PoisonError::into_inner);
        let split = offer.take()?;
        split.workers.fetch_add(1, Ordering::AcqRel);
        Some(split)
    }

    /// Takes `split` off offer if nobody took it.
    fn withdraw(&self, split: &Arc<Split<'p>>) {
        let mut offer = self.offer.lock().unwrap_or_else(PoisonError::into_inner);
        if offer.as_ref().is_some_and(|s| Arc::ptr_eq(s, split)) {
            *offer = None;
        }
    }
}

/// A value and a move in one word, ordered by value: for `fetch_max`.
fn pack(v: i32, m: Move) -> u64 {
    ((v + (1 << 20)) as u64) << 8 | (move_index(m) as u64 + 1)
}

/// A thread waiting for work: spins a while, then yields its core.
fn pause(spins: u32) -> u32 {
    if spins < SPINS_BEFORE_YIELD {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
    spins.saturating_add(1)
}

/// What [`pack`] packed (`0`: nothing yet).
fn unpack(word: u64) -> (i32, Option<Move>) {
    if word == 0 {
        (-INF, None)
    } else {
        (
            (word >> 8) as i32 - (1 << 20),
            Some(index_move((word & 0xff) as usize - 1)),
        )
    }
}

impl<'r> Solver<'r> {
    /// Searches the children `moves` of `pos` (a null window: the first
    /// child, searched before, failed low) on this thread and, if it takes
    /// the offer, on the idle one. Returns the best value and move, as the
    /// serial loop would (fail-soft); a child reaching `beta` stops both
    /// threads' work on the others.
    pub(super) fn split_search<'p>(
        &mut self,
        pool: &Pool<'p>,
        pos: &Position<'p>,
        moves: &[(Move, i32, i32)],
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let split = Arc::new(Split::new(pos, moves, alpha, beta));
        let offered = pool.publish(&split);
        self.work(pool, &split);
        if offered {
            pool.withdraw(&split);
            if !self.aborted && !split.cut.load(Ordering::Acquire) {
                self.wait_for(pool, &split);
            }
        }
        unpack(split.best.load(Ordering::Acquire))
    }

    /// Waits until no other thread searches children of `split` (which is
    /// off offer), taking the split points offered meanwhile (they are
    /// below it); gives up when the time is up.
    fn wait_for<'p>(&mut self, pool: &Pool<'p>, split: &Split<'p>) {
        pool.idle.fetch_add(1, Ordering::Relaxed);
        let mut spins = 0u32;
        while split.workers.load(Ordering::Acquire) > 0 && !self.aborted {
            if !self.help(pool) {
                spins = pause(spins);
                if let Some(clock) = &mut self.clock
                    && clock.expired()
                {
                    self.aborted = true;
                }
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
    }

    /// Takes children of `split` and searches them until none is left or
    /// one reaches beta.
    fn work<'p>(&mut self, pool: &Pool<'p>, split: &Split<'p>) {
        self.cuts.push(Arc::clone(&split.cut));
        let level = self.cuts.len() - 1;
        while !split.cut.load(Ordering::Acquire) {
            let k = split.next.fetch_add(1, Ordering::Relaxed);
            if k >= split.n {
                break;
            }
            let (m, lo, hi) = split.moves[k];
            let v = if hi <= split.alpha || lo == hi {
                hi
            } else {
                self.move_value(
                    &split.pos,
                    split.player,
                    m,
                    split.alpha,
                    split.beta,
                    Some(pool),
                )
            };
            if self.aborted {
                // Meaningless: if it was this split's cut, the search goes
                // on above it.
                if self.cut_level == Some(level) {
                    self.aborted = false;
                    self.cut_level = None;
                }
                break;
            }
            split.best.fetch_max(pack(v, m), Ordering::AcqRel);
            if v >= split.beta {
                split.cut.store(true, Ordering::Release);
                break;
            }
        }
        self.cuts.pop();
    }

    /// An idle thread (counted in `pool.idle`) works on the split point on
    /// offer, if any; false if there was none.
    fn help<'p>(&mut self, pool: &Pool<'p>) -> bool {
        let Some(split) = pool.take() else {
            return false;
        };
        pool.idle.fetch_sub(1, Ordering::Relaxed);
        self.join(pool, &split);
        pool.idle.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// Works on `split`, taken from the pool.
    fn join<'p>(&mut self, pool: &Pool<'p>, split: &Split<'p>) {
        self.work(pool, split);
        split.workers.fetch_sub(1, Ordering::Release);
    }

    /// A helper's life in a root pass: take the split points offered until
    /// told to stop.
    pub(super) fn serve(&mut self, pool: &Pool<'_>) {
        let stop = Arc::clone(self.stop.as_ref().expect("a helper"));
        pool.idle.fetch_add(1, Ordering::Relaxed);
        let mut spins = 0u32;
        while !stop.load(Ordering::Relaxed) && !self.aborted {
            if self.help(pool) {
                spins = 0;
            } else {
                spins = pause(spins);
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
    }

    /// A helper for a parallel root pass: the same table and database, its
    /// own counters, stopped by `stop` (or when this solver's budget runs
    /// out: the caller sets `stop`).
    pub(super) fn helper(&self, stop: &Arc<AtomicBool>) -> Solver<'r> {
        Solver {
            rules: self.rules,
            additive: self.additive,
            database: self.database.clone(),
            table: Arc::clone(&self.table),
            threads: 1,
            stop: Some(Arc::clone(stop)),
            helper_nodes: 0,
            parallel: false,
            order_seeds: self.order_seeds,
            order_depth: self.order_depth,
            split_seeds: self.split_seeds,
            cuts: Vec::new(),
            cut_level: None,
            nodes: 0,
            path: Vec::new(),
            late: self.late,
            clock: None,
            aborted: false,
            progress: None,
            started: self.started,
            passes: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use mancala_core::{Preset, RuleSet, Rules};

    use super::*;
    use crate::limits::Limits;
    use crate::solver::SolverOptions;
    use crate::value::MoveValue;

    /// Split points offered at every node with two children left (not
    /// only on big boards), so that the helper takes many, some of them
    /// cut short by a sibling: every move's value is the one-thread one,
    /// along games of several rule sets.
    #[test]
    fn splitting_everywhere_gives_the_one_thread_values() {
        let options = SolverOptions {
            table_bytes: 1 << 16,
            database_seeds: 0,
        };
        let mut helped = 0;
        for (houses, seeds, empty) in [(4, 3, false), (4, 3, true), (5, 2, false), (3, 4, true)] {
            let rules = Rules::new(&RuleSet {
                houses,
                seeds,
                capture_empty_opposite: empty,
                ..Preset::Kalah.rules()
            })
            .unwrap();
            let mut pos = Position::new(&rules);
            let mut step = 0usize;
            while !pos.is_over() && step < 6 {
                let mut serial = Solver::new(&rules, options).unwrap();
                serial.set_threads(1);
                let mut split = Solver::new(&rules, options).unwrap();
                split.set_threads(2);
                split.split_seeds = 0;
                let want = serial.analyse(&pos);
                let got = split.analyse(&pos);
                helped += split.helper_nodes;
                let values = |a: &[MoveValue]| {
                    let mut v: Vec<_> = a.iter().map(|v| (v.mv, v.value)).collect();
                    v.sort_unstable();
                    v
                };
                assert_eq!(values(&got), values(&want), "{pos}");
                assert_eq!(
                    Some(split.solve(&pos).value),
                    want[0].score_difference(),
                    "{pos}"
                );
                let moves = pos.legal_moves();
                let m = moves.iter().nth(step * 7 % moves.len()).expect("a move");
                pos.play_unchecked(m);
                step += 1;
            }
        }
        assert!(helped > 0, "the helper never took a split point");
    }

    /// A thread waiting at a split point for another's child gives up when
    /// the time is up (it visits no positions, so the node count cannot
    /// tell it). The other thread is faked: a worker count that never
    /// drops, released after 10 s should the wait not end by itself.
    #[test]
    fn a_thread_waiting_at_a_split_point_looks_at_the_clock() {
        let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
        let pos = Position::new(&rules);
        let options = SolverOptions {
            table_bytes: 1 << 16,
            database_seeds: 0,
        };
        let mut solver = Solver::new(&rules, options).unwrap();
        solver.begin(&Limits::time(Duration::from_millis(20)));
        let pool = Pool::new();
        let split = Split::new(&pos, &[(Move::House(1), -INF, INF)], 0, 1);
        split.workers.store(1, Ordering::Relaxed);
        let ended = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                solver.wait_for(&pool, &split);
                ended.store(true, Ordering::Release);
            });
            let began = Instant::now();
            while !ended.load(Ordering::Acquire) && began.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(5));
            }
            let on_time = ended.load(Ordering::Acquire);
            split.workers.store(0, Ordering::Release);
            assert!(on_time, "still waiting after 10 s");
        });
        assert!(solver.aborted);
    }
}
