//! The exact solver: the game-theoretic value of a two-player position.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Move, MoveList, Position, Rules};

use crate::egdb::{Egdb, EgdbError, additive};
use crate::limits::{Clock, Limits};
use crate::moves::{moves_again, score_gain, sort_best_first};
use crate::params::{
    ORDER_DEPTH, ORDER_MARGIN, SOLVER_DATABASE_SEEDS, SOLVER_TABLE_BYTES, STOP_CHECK_NODES,
    TABLE_MIN_ENTRIES,
};
use crate::tt::Table;
use table::{Entry, SharedTable};

mod additive;
mod mtdf;
mod split;
mod table;
mod whole;

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final score difference under perfect play, for the player to
    /// move: their final score minus the other player's.
    pub value: i32,
    /// The result under perfect play for the player to move: 1 win, 0
    /// draw, -1 loss (by the rules' ranking, which `empty_first` makes
    /// differ from the score).
    pub result: i32,
    /// A best move (`None` when the game is over).
    pub best: Option<Move>,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent in this solve (the endgame database is built before,
    /// by [`Solver::new`]).
    pub elapsed: Duration,
}

/// How far a solve has come, reported after each null-window pass of
/// MTD(f) (see [`Solver::set_progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions visited so far in this solve.
    pub nodes: u64,
    /// Time spent so far in this solve.
    pub elapsed: Duration,
    /// Null-window passes done so far, over every position solved.
    pub passes: u32,
    /// The value is at least this (in the search's own units: for
    /// [`additive`] rules the score difference still to come, else a
    /// [`terminal_value`]); `None` until a pass proves a lower bound.
    pub lower: Option<i32>,
    /// The value is at most this; `None` until a pass proves it.
    pub upper: Option<i32>,
}

/// A progress report's receiver.
type ProgressFn<'r> = Box<dyn FnMut(&Progress) + Send + 'r>;

/// Settings of a [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// Memory for the transposition table, in bytes.
    pub table_bytes: usize,
    /// Build an endgame database of every board with up to this many seeds
    /// (only for [`additive`] rules; 0 for none).
    pub database_seeds: usize,
}

/// A [`Solver::solve_within`] that ran out of budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver ran out of budget after {nodes} positions")]
pub struct OutOfBudget {
    /// Positions visited before giving up.
    pub nodes: u64,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            table_bytes: SOLVER_TABLE_BYTES,
            database_seeds: SOLVER_DATABASE_SEEDS,
        }
    }
}

/// Exact solver for two-player rule sets.
///
/// It searches to the end of the game with MTD(f): a series of null-window
/// alpha-beta searches that close in on the value, sharing a table of
/// bounds. Moves are tried best-first (the table's move, extra turns,
/// captures).
///
/// For [`additive`] rules (Kalah and its variants: the end never looks at
/// the stores) it solves for the score difference still to come, which
/// depends on the board alone: positions that differ only in their stores
/// share table entries, every position is bounded by the seeds left on the
/// board, and an endgame database ([`Egdb`]) answers for boards with few
/// seeds. Other rules are solved on whole positions, the value being
/// [`terminal_value`] ordering (wins before score); a position that comes
/// back on the line being searched ends the game as an endless cycle
/// (`cycle_leftover`), as `repetition` or an agreement would.
///
/// A caveat of whole-position mode: a value that a cycle decided depends
/// on the line that led there, yet the table keeps it for the position
/// (the graph-history interaction), so a value that hinges on cycles may
/// be off. Modiar is such a game (its search meets 142 positions repeated
/// on the line), but its value does not hinge on them: scoring every cycle
/// as a win for the player to move, or as a loss, instead of by agreement,
/// still gave -2 (measured with a temporary change, 6.1 million
/// positions each).
///
/// What it does for speed, and what was measured not to pay:
///
/// - The root of each MTD(f) pass searches every move (no table cutoff at
///   the root itself), so the pass that proves the final lower bound names
///   the best move: [`Solution::best`] costs nothing more (it used to cost
///   an [`Solver::analyse`], about a second solve).
/// - In additive mode every child is looked up (table, database, seeds
///   bound) before any is searched: enhanced transposition cutoffs, a fail
///   low when no child can reach alpha, children ordered by their proven
///   floor, and children already known exactly or known not to reach alpha
///   not searched at all. The table probes are most of the time (cache and
///   TLB misses), so the children are played first and their buckets and
///   database values read in a separate, branch-free loop: the misses
///   overlap (reading the database values there rather than child by
///   child took Kalah(6,4) from 38 to 33 s).
/// - The endgame database is built on every core ([`Egdb::build`]), and
///   can be saved and loaded ([`Solver::with_database_file`]): a big one
///   (for six houses, 20 seeds: 226 MB, 78 s to 2.5 minutes to build on two
///   cores; 24 seeds: 1.25 GB, 9 to 12 minutes) is built once. Each two
///   seeds more in the database cut the nodes of a Kalah(6,4) middle game
///   by 3 to 9 times; from the start, 20 to 24 seeds took Kalah(6,4) from
///   183 to 33 million positions.
/// - Boards with many more seeds than the database holds (10 more) order
///   their moves by a shallow search (4 plies, counting the future past
///   it as even, the database at its leaves) before the proven floors and
///   the gains: the first pass of Kalah(6,4) went from more than 400
///   seconds to 6. These searches try extra turns and then the biggest
///   gains first (2.6 times fewer positions than in legal order) and are
///   not counted in [`Solution::nodes`]. With the 24-seed database (and
///   before this ordering and the database loads above), Kalah(6,4) took
///   34-38 s at margin 10 and depth 4; margin 6, 8, 12 and 14 took 78,
///   46, 39 (depth 5) and 44 s; depth 2, 3 and 6 took 163,
///   86 and 58 s (depth 6 halves the positions searched, but the
///   ordering searches cost more than they save). Caching the ordering
///   searches' values saved nothing: almost every one is of a board not
///   seen before. Checked again with the 20-seed database (one run each,
///   all sharing the cores with a database build): margin 10, depth 4 took 202 s (254 million
///   positions and 622 million in the ordering searches); margin 14,
///   229 s (401 and 88 million); margin 6, 649 s (188 million and 4.5
///   billion); depth 3, 378 s (610 and 559 million): an ordering search
///   costs about a tenth of a searched position, and 10 and 4 stay.
/// - The search runs on two threads ([`Solver::set_threads`]) sharing the
///   table (atomic words, the key stored xor the data so a torn entry
///   reads as a miss), split as in "young brothers wait" (Feldmann's
///   YBWC): at a node whose first child failed low, so that every child
///   must be searched, on a board with at least as many seeds as those
///   that order their moves by a shallow search (the database's plus 10),
///   the solver offers the other children to the other thread if it is
///   idle; both take children until none is left, and a child reaching
///   beta makes the other thread drop its child (it looks every 1,024
///   positions). A thread waiting for the other's last child takes the
///   split points offered below it. The root is such a node: its first
///   move on one thread (the other taking split points in it), the rest
///   on both. Kalah(6,4) with the 20-seed database (cores free, processor
///   time read every 5 s) takes 110 s on two threads with both cores busy
///   to the end, 222 s on one (253 and 257 million positions): twice as
///   fast, and the waiting threads spun for 0.7 s in all. Splitting from
///   35 seeds took 111 s, 40 took 113 s, 25 took 121 s (more split points
///   wasted on nodes where a later child reaches beta). Before, a helper
///   searched the root moves from the last while the solver's own thread
///   searched from the first: 130 to 137 s, both cores busy for 80 s and
///   one for the last 55, the solver's thread alone on the first root
///   move of the last pass (a helper then joining that move with the
///   moves of the root's player tried last first saved nothing: 129 s).
/// - The table is best kept no bigger than needed: its pages are faulted
///   in during the search, and with a big database a 2 GB table was twice
///   as slow as 256 MB for the same nodes (with the 24-seed database,
///   before the changes above, Kalah(6,4) took 36.5 s with 64 MB, 37.7 s
///   with 256 MB, 43 s with 1 GB: 256 MB stays the default). Bigger
///   problems want more: Kalah(6,5) took 80 minutes with 256 MB, 30 with
///   8 GB and 25 with 16 GB (below); with the 20-seed database
///   Kalah(6,4) took 110 s with 256 MB, 101 s with 1 GB and 96 s with
///   4 GB (253, 197 and 178 million positions).
/// - Measured (two cores; databases loaded from disk, 1 to 3 s for 24
///   seeds, not counted): Kalah(6,4) +8 in 18.3 s (33.5 million
///   positions) and with `capture_empty_opposite` +10 in 7.4 s (9.3
///   million) with the 24-seed database (32.5 to 33.4 s and 11.9 s
///   before the split points); with the 20-seed one
///   110 s (130 to 137 s before the split points, 202 to 275 s with the
///   cores shared) and 71 s (before); with the 28-seed one 1.9 s (3.7
///   million positions; 5 to 10 s more to read the database). Almost all
///   of it is the last MTD(f) pass, the one proving the upper bound. Kalah(6,5) standard, +10, took
///   4,790 s (4.67 billion positions; huge pages) with a 28-seed database
///   (5.6 GB, built in 34 to 56 minutes, the cores shared): 61 s for the
///   passes proving at least +10, the rest for the last one. With an 8 GB
///   table it took 2.90 billion positions (38% fewer) and 2,238 s of running
///   time (37 minutes, with the root moves divided between the threads, a
///   core idle for the second half). Splitting the search (above) took
///   it to 1,807 s (30 minutes, 3.05 billion positions, both cores busy
///   to the end: 3,582 s of processor time), and a 16 GB table to 1,522
///   s (25 minutes, 2.60 billion positions; the table and the database
///   take 22 of the machine's 24 GB). With a 26-seed database those first
///   passes took 245 s (225 million positions), and with 24 seeds the one
///   proving +6 alone took 196 s. With `capture_empty_opposite`, +12
///   took 946 s (16 minutes, 1.42 billion positions; a 16 GB table, huge
///   pages, its own 28-seed database, built in 28 minutes); before the
///   split search 2,958 s with a 2 GB table, the cores shared (36 s for
///   the passes proving at least +12).
/// - Not kept: looking children up only near the root (more nodes, no time
///   saved); not storing the smallest subtrees; an iterative-deepening
///   pre-search that seeds the table's moves (its guesses overrode the
///   better ordering by proven floors: more nodes). Huge pages would help
///   (Kalah(6,4) in 28.7 s instead of 33 before the split points, with
///   `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` in the environment, which
///   makes the allocator ask for them), but asking for them from here
///   takes `unsafe` code; the database alone in huge pages (through an
///   anonymous `memmap2` map) gained at most a tenth, within the noise:
///   not worth a crate.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Solver, SolverOptions};
/// use mancala_core::{Position, Preset, RuleSet, Rules};
///
/// // RULES.md section 11: Kalah(4,4) is worth +2 to the first player.
/// let rules = Rules::new(&RuleSet { houses: 4, seeds: 4, ..Preset::Kalah.rules() })?;
/// let mut solver = Solver::new(&rules, SolverOptions { table_bytes: 1 << 24, database_seeds: 8 });
/// let solution = solver.solve(&Position::new(&rules));
/// assert_eq!(solution.value, 2);
/// assert_eq!(solution.result, 1);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub struct Solver<'r> {
    rules: &'r Rules,
    additive: bool,
    database: Option<Arc<Egdb>>,
    table: Arc<SharedTable>,
    /// Search threads for each root pass (additive mode).
    threads: usize,
    /// Set when a helper thread is to stop (helpers only).
    stop: Option<Arc<AtomicBool>>,
    /// Positions visited by helper threads in this solve.
    helper_nodes: u64,
    /// Helpers may run (not under a node budget).
    parallel: bool,
    /// Boards with at least this many seeds order their moves by a
    /// shallow search of this depth.
    order_seeds: i32,
    order_depth: u32,
    /// Boards with at least this many seeds may be split between threads.
    split_seeds: i32,
    /// The cut flags of the split points whose children this thread is
    /// searching, outermost first.
    cuts: Vec<Arc<AtomicBool>>,
    /// The split point (index in `cuts`) whose cut aborted this thread.
    cut_level: Option<usize>,
    nodes: u64,
    /// Positions on the line being searched (whole-position mode only).
    path: Vec<u64>,
    /// Sowings after which no rule looks at the move count.
    late: u32,
    /// The budget of the current solve, if any.
    clock: Option<Clock>,
    /// The budget ran out: results are meaningless and nothing is stored.
    aborted: bool,
    /// Called after each MTD(f) pass.
    progress: Option<ProgressFn<'r>>,
    /// When the current solve started, and passes so far.
    started: Instant,
    passes: u32,
}

/// Beyond any value (the table keeps values in 16 bits).
const INF: i32 = i16::MAX as i32;

/// Rules the [`Solver`] cannot solve: it is for two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver is for two players; these rules seat {players}")]
pub struct NotTwoPlayers {
    /// The players the rules seat.
    pub players: usize,
}

impl<'r> Solver<'r> {
    /// [`Solver::new`] for rules that may seat more than two players.
    ///
    /// # Errors
    ///
    /// [`NotTwoPlayers`] when the rules seat three or four players.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Solver, SolverOptions};
    /// use mancala_core::{KalahOptions, Rules};
    ///
    /// let rules = Rules::new(&KalahOptions { players: 3, ..KalahOptions::default() }.rules())?;
    /// let err = Solver::try_new(&rules, SolverOptions::default()).err().unwrap();
    /// assert_eq!(err.to_string(), "the solver is for two players; these rules seat 3");
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn try_new(rules: &'r Rules, options: SolverOptions) -> Result<Solver<'r>, NotTwoPlayers> {
        match rules.players() {
            2 => Ok(Solver::new(rules, options)),
            players => Err(NotTwoPlayers { players }),
        }
    }

    /// A solver for `rules` (builds the endgame database now).
    ///
    /// # Panics
    ///
    /// If the rules seat more than two players (see [`Solver::try_new`]).
    pub fn new(rules: &'r Rules, options: SolverOptions) -> Solver<'r> {
        let database = (additive(rules) && options.database_seeds > 0)
            .then(|| Egdb::build(rules, options.database_seeds))
            .flatten();
        Solver::with_database(rules, options, database)
    }

    /// A solver for `rules` whose endgame database is read from the file at
    /// `path`, or built (of `options.database_seeds` seeds) and saved there
    /// when there is no such file ([`Egdb::load_or_build`]): a big database
    /// is built once. Rules that are not [`additive`] have no database and
    /// leave the file alone.
    ///
    /// # Errors
    ///
    /// `EgdbError` when the file exists but holds no database for these
    /// rules, or cannot be read or written.
    ///
    /// # Panics
    ///
    /// If the rules seat more than two players.
    pub fn with_database_file(
        rules: &'r Rules,
        options: SolverOptions,
        path: &std::path::Path,
    ) -> Result<Solver<'r>, EgdbError> {
        let database = if additive(rules) && options.database_seeds > 0 {
            Some(Egdb::load_or_build(path, rules, options.database_seeds)?)
        } else {
            None
        };
        Ok(Solver::with_database(rules, options, database))
    }

    /// A solver for `rules` using `database` (built or loaded beforehand,
    /// for these rules; `options.database_seeds` is not looked at).
    ///
    /// # Panics
    ///
    /// If the rules seat more than two players, or the database was built
    /// for other rules.
    pub fn with_database(
        rules: &'r Rules,
        options: SolverOptions,
        database: Option<Egdb>,
    ) -> Solver<'r> {
        assert_eq!(rules.players(), 2, "the solver is for two players");
        let additive = additive(rules);
        assert!(
            database.as_ref().is_none_or(|db| db.fits(rules)),
            "an endgame database built for other rules"
        );
        let database = database.filter(|_| additive).map(Arc::new);
        let order_seeds = database
            .as_ref()
            .map_or(0, |db| db.max_seeds() as i32)
            .saturating_add(ORDER_MARGIN);
        let set = rules.rule_set();
        Solver {
            rules,
            additive,
            database,
            table: Arc::new(Table::with_bytes(options.table_bytes, TABLE_MIN_ENTRIES)),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            stop: None,
            helper_nodes: 0,
            parallel: true,
            order_seeds,
            order_depth: ORDER_DEPTH,
            split_seeds: order_seeds,
            cuts: Vec::new(),
            cut_level: None,
            nodes: 0,
            path: Vec::new(),
            late: set
                .no_capture_moves
                .max(u32::from(!set.first_move_extra_turn || set.pie_rule)),
            clock: None,
            aborted: false,
            progress: None,
            started: Instant::now(),
            passes: 0,
        }
    }

    /// Calls `report` after every null-window pass of every solve from now
    /// on (a progress bar for long solves; a pass takes from microseconds
    /// to minutes).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Solver, SolverOptions};
    /// use mancala_core::{Position, Preset, RuleSet, Rules};
    ///
    /// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
    /// let mut solver = Solver::new(&rules, SolverOptions { table_bytes: 1 << 20, database_seeds: 0 });
    /// let passes = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    /// let seen = passes.clone();
    /// solver.set_progress(move |p| {
    ///     seen.store(p.passes, std::sync::atomic::Ordering::Relaxed);
    /// });
    /// solver.solve(&Position::new(&rules));
    /// assert!(passes.load(std::sync::atomic::Ordering::Relaxed) >= 2);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn set_progress(&mut self, report: impl FnMut(&Progress) + Send + 'r) {
        self.progress = Some(Box::new(report));
    }

    /// Searches on two threads when `threads` is more than one (by default
    /// it is the machine's core count; more than two threads are not used
    /// yet), else on one. Only [`additive`] rules are searched in
    /// parallel: the threads share the table, and a helper takes the
    /// children of the nodes where every child must be searched (split
    /// points, see the type's docs). The value found does not depend on
    /// the thread count; the node count and the best move among equals
    /// may. A solve under a node budget runs on one thread (the budget
    /// counts exactly); [`Solution::nodes`] counts every thread's positions
    /// (not those of the shallow searches that order moves).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// Solves `pos`, however long it takes.
    pub fn solve(&mut self, pos: &Position<'_>) -> Solution {
        self.solve_within(pos, &Limits::NONE)
            .expect("an unlimited solve always finishes")
    }

    /// Solves `pos` within a node or time budget (a depth limit means
    /// nothing here).
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget runs out first; what the table holds
    /// stays valid for a later attempt.
    pub fn solve_within(
        &mut self,
        pos: &Position<'_>,
        limits: &Limits,
    ) -> Result<Solution, OutOfBudget> {
        let start = self.begin(limits);
        let ((value, result), proved) = self.mtdf_move(pos, 0);
        let best = if self.aborted || proved.is_some() {
            proved
        } else {
            self.best_move(pos)
        };
        self.finish()?;
        Ok(Solution {
            value,
            result,
            best,
            nodes: self.nodes + self.helper_nodes,
            elapsed: start.elapsed(),
        })
    }

    /// Counts a node against the budget; true when it has run out.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if let Some(clock) = &mut self.clock
            && clock.tick()
        {
            self.aborted = true;
        }
        if self.nodes & (STOP_CHECK_NODES - 1) == 0 {
            // A sibling of a subtree this thread searches proved its split
            // point: that subtree no longer matters.
            if let Some(level) = self.cuts.iter().position(|c| c.load(Ordering::Relaxed)) {
                self.aborted = true;
                self.cut_level = Some(level);
            }
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                self.aborted = true;
                self.cut_level = None;
            }
        }
        self.aborted
    }

    /// The exact value of every legal move of `pos` for the player who
    /// makes it, best first: `(move, final score difference, result)`.
    pub fn analyse(&mut self, pos: &Position<'_>) -> Vec<(Move, i32, i32)> {
        self.analyse_within(pos, &Limits::NONE)
            .expect("an unlimited analysis always finishes")
    }

    /// [`Solver::analyse`] within a node or time budget for the whole
    /// analysis.
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget runs out first.
    pub fn analyse_within(
        &mut self,
        pos: &Position<'_>,
        limits: &Limits,
    ) -> Result<Vec<(Move, i32, i32)>, OutOfBudget> {
        self.begin(limits);
        let values = self.analyse_moves(pos);
        self.finish()?;
        Ok(values)
    }

    /// Starts a solve or an analysis within `limits`: counters, budget
    /// and threads. Returns the start time.
    fn begin(&mut self, limits: &Limits) -> Instant {
        let start = Instant::now();
        self.started = start;
        self.passes = 0;
        self.nodes = 0;
        self.helper_nodes = 0;
        self.aborted = false;
        self.clock = (!limits.is_unlimited()).then(|| Clock::new(limits));
        self.parallel = limits.nodes.is_none();
        start
    }

    /// Ends what [`Solver::begin`] started: [`OutOfBudget`] if the budget
    /// ran out.
    fn finish(&mut self) -> Result<(), OutOfBudget> {
        self.clock = None;
        if self.aborted {
            return Err(OutOfBudget {
                nodes: self.nodes + self.helper_nodes,
            });
        }
        Ok(())
    }

    /// The moves of `pos`, best first: the table's move, then extra turns,
    /// then the biggest gains. Only moves are kept (children are played
    /// again when searched: cheaper than copying them around).
    fn ordered(
        &self,
        pos: &Position<'_>,
        moves: MoveList,
        first: Option<Move>,
    ) -> ([Move; MoveList::CAPACITY], usize) {
        let mut scored = [(0i32, Move::Swap); MoveList::CAPACITY];
        let n = moves.len();
        for (slot, m) in scored.iter_mut().zip(moves) {
            let mut child = *pos;
            child.play_unchecked(m);
            let score = if Some(m) == first {
                i32::MAX
            } else {
                i32::from(moves_again(pos, &child)) * 1000 + score_gain(pos, &child)
            };
            *slot = (score, m);
        }
        sort_best_first(&mut scored[..n], |&(score, _)| score);
        (scored.map(|(_, m)| m), n)
    }

    /// The table's entry of `key`, if any.
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        self.table.probe(key)
    }

    /// Stores bounds on `key`'s value (unless the budget ran out: then
    /// they are meaningless).
    #[inline]
    fn store(&self, key: u64, lower: i32, upper: i32, best: Option<Move>, nodes: u64) {
        if !self.aborted {
            self.table.store(key, lower, upper, best, nodes);
        }
    }
}
