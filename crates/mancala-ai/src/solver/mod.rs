//! The exact solver: the game-theoretic value of a two-player position.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Move, MoveList, Position, Rules, Wdl};

use crate::egdb::{Egdb, EgdbError};
use crate::limits::{Clock, Limits};
use crate::moves::{moves_again, score_gain, sort_best_first};
use crate::params::{
    ORDER_DEPTH, ORDER_MARGIN, SOLVER_DATABASE_SEEDS, SOLVER_TABLE_BYTES, STOP_CHECK_NODES,
    TABLE_MIN_ENTRIES,
};
use crate::tt::Table;
use crate::value::MoveValue;
pub use sizing::{DatabaseLimit, MachineSizing};
use table::{Entry, SharedTable, WAYS};

mod additive;
mod mtdf;
mod sizing;
mod split;
mod table;
mod whole;

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final score difference under perfect play, for the player to
    /// move: their final score minus the other player's.
    pub value: i32,
    /// The result under perfect play for the player to move (by the
    /// rules' ranking, which `empty_first` makes differ from the score).
    pub result: Wdl,
    /// A best move (`None` when the game is over).
    pub best: Option<Move>,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent in this solve (the endgame database is built before,
    /// when the solver is made).
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
    /// [additive](mancala_core::Rules::board_decides_future) rules the score difference still to come, else a
    /// scaled [`terminal_value`](crate::terminal_value)); `None` until a
    /// pass proves a lower bound.
    pub lower: Option<i32>,
    /// The value is at most this; `None` until a pass proves it.
    pub upper: Option<i32>,
}

/// A progress report's receiver.
type ProgressFn<'r> = Box<dyn FnMut(&Progress) + Send + 'r>;

/// Settings of a [`Solver`]. The default is a 256 MiB table and a 12-seed
/// database; [`SolverOptions::for_machine`] chooses them from the memory
/// free and the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// Memory for the transposition table, in bytes.
    pub table_bytes: usize,
    /// Build an endgame database of every board with up to this many seeds
    /// (only for [additive](mancala_core::Rules::board_decides_future) rules; 0 for none).
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

/// The exact solver: the game-theoretic value of a two-player position,
/// the result, and a best move.
///
/// It searches to the end of the game with MTD(f): null-window alpha-beta
/// passes that close in on the value, sharing a table of bounds. For
/// [additive](mancala_core::Rules::board_decides_future) rules (the end never looks at the stores) it solves for
/// the score difference still to come, which depends on the board alone,
/// and an endgame database ([`Egdb`]) answers for boards with few seeds.
/// Other rules are solved on whole positions in
/// [`terminal_value`](crate::terminal_value) order (wins before score); a
/// position that comes back on the line being searched ends the game as an
/// endless cycle (`cycle_leftover`), as `repetition` or an agreement would.
///
/// Values are for the player to move. They do not depend on the table
/// size, the database or the thread count; the node count and the best
/// move among equals may (see [`Solver::set_threads`]). A solve under a
/// node budget is deterministic.
///
/// Caveat: in whole-position mode a value that a cycle decided depends on
/// the line that led there, yet the table keeps it for the position (the
/// graph-history interaction), so a value that hinges on cycles may be
/// off.
///
/// Why: an exact value is the yardstick for the heuristic players and the
/// one analysis of a small position that needs no trust.
///
/// # Errors
///
/// Making a solver fails ([`SolverError`]) for rules that seat more than
/// two players, or an endgame database that cannot be read or written or
/// was built for other rules.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Solver, SolverOptions};
/// use mancala_core::{Position, Preset, RuleSet, Rules, Wdl};
///
/// // docs/rules.md section 11: Kalah(4,4) is worth +2 to the first player.
/// let rules = Rules::new(&RuleSet { houses: 4, seeds: 4, ..Preset::Kalah.rules() })?;
/// let mut solver = Solver::new(&rules, SolverOptions { table_bytes: 1 << 24, database_seeds: 8 })?;
/// let solution = solver.solve(&Position::new(&rules));
/// assert_eq!(solution.value, 2);
/// assert_eq!(solution.result, Wdl::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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

/// The best move so far of a node's loop over its moves, and the window's
/// lower end raised as moves are searched (fail-soft alpha-beta).
#[derive(Clone, Copy, Debug)]
struct Best {
    value: i32,
    mv: Option<Move>,
    alpha: i32,
    beta: i32,
}

impl Best {
    /// Before any move: worth less than anything.
    #[inline(always)]
    fn new(alpha: i32, beta: i32) -> Best {
        Best {
            value: -INF,
            mv: None,
            alpha,
            beta,
        }
    }

    /// Takes `mv` worth `value`; returns whether it cuts the node off (the
    /// other moves need no search).
    #[inline(always)]
    fn offer(&mut self, mv: Option<Move>, value: i32) -> bool {
        if value > self.value {
            self.value = value;
            self.mv = mv;
        }
        self.alpha = self.alpha.max(value);
        self.alpha >= self.beta
    }
}

/// Why a [`Solver`] cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The rules seat three or four players: the solver is for two.
    #[error("the solver is for two players; these rules seat {players}")]
    NotTwoPlayers {
        /// The players the rules seat.
        players: usize,
    },
    /// The endgame database given was built for other rules.
    #[error("the endgame database was built for other rules")]
    OtherRules {
        /// The database, handed back.
        database: Box<Egdb>,
    },
    /// The endgame database file cannot be read or written, or holds no
    /// database for these rules.
    #[error(transparent)]
    Database(#[from] EgdbError),
}

impl<'r> Solver<'r> {
    /// A solver for `rules`; for [additive](mancala_core::Rules::board_decides_future) rules it builds an endgame
    /// database of `options.database_seeds` seeds now, on every core.
    ///
    /// # Errors
    ///
    /// [`SolverError::NotTwoPlayers`] when the rules seat three or four
    /// players.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Solver, SolverOptions};
    /// use mancala_core::{KalahOptions, Rules};
    ///
    /// let rules = Rules::new(&KalahOptions { players: 3, ..KalahOptions::default() }.rules())?;
    /// let err = Solver::new(&rules, SolverOptions::default()).err().unwrap();
    /// assert_eq!(err.to_string(), "the solver is for two players; these rules seat 3");
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn new(rules: &'r Rules, options: SolverOptions) -> Result<Solver<'r>, SolverError> {
        two_players(rules)?;
        let database = (Egdb::supports(rules) && options.database_seeds > 0)
            .then(|| Egdb::build(rules, options.database_seeds))
            .flatten();
        Solver::with_database(rules, options, database)
    }

    /// A solver for `rules` whose endgame database is read from the file at
    /// `path`, or built (of `options.database_seeds` seeds) and saved there
    /// when there is no such file ([`Egdb::load_or_build`]): a big database
    /// is built once. Rules with no database ([`Egdb::supports`]: not
    /// [additive](mancala_core::Rules::board_decides_future), or passing)
    /// leave the file alone.
    ///
    /// # Errors
    ///
    /// [`SolverError::NotTwoPlayers`] when the rules seat three or four
    /// players; [`SolverError::Database`] when the file exists but holds
    /// no database for these rules, or cannot be read or written.
    pub fn with_database_file(
        rules: &'r Rules,
        options: SolverOptions,
        path: &std::path::Path,
    ) -> Result<Solver<'r>, SolverError> {
        two_players(rules)?;
        let database = if Egdb::supports(rules) && options.database_seeds > 0 {
            Some(Egdb::load_or_build(path, rules, options.database_seeds)?)
        } else {
            None
        };
        Solver::with_database(rules, options, database)
    }

    /// A solver for `rules` using `database` (built or loaded beforehand;
    /// `options.database_seeds` is not looked at). Rules with no database
    /// ([`Egdb::supports`]) use none.
    ///
    /// # Errors
    ///
    /// [`SolverError::NotTwoPlayers`] when the rules seat three or four
    /// players; [`SolverError::OtherRules`] when the database was built
    /// for other rules.
    pub fn with_database(
        rules: &'r Rules,
        options: SolverOptions,
        database: Option<Egdb>,
    ) -> Result<Solver<'r>, SolverError> {
        two_players(rules)?;
        let database = match database {
            Some(_) if !Egdb::supports(rules) => None,
            Some(db) if !db.fits(rules) => {
                return Err(SolverError::OtherRules {
                    database: Box::new(db),
                });
            }
            database => database,
        };
        Solver::with_shared_database(rules, options, database.map(Arc::new))
    }

    /// A solver for `rules` using `database`, shared with other solvers
    /// (an analysis queue keeps one database for every game of its
    /// rules). A database built for other rules, or rules with no
    /// database ([`Egdb::supports`]), mean none.
    ///
    /// # Errors
    ///
    /// [`SolverError::NotTwoPlayers`] when the rules seat three or four
    /// players.
    pub fn with_shared_database(
        rules: &'r Rules,
        options: SolverOptions,
        database: Option<Arc<Egdb>>,
    ) -> Result<Solver<'r>, SolverError> {
        two_players(rules)?;
        let additive = rules.board_decides_future();
        let database = database.filter(|db| Egdb::supports(rules) && db.fits(rules));
        let order_seeds = database
            .as_ref()
            .map_or(0, |db| db.max_seeds() as i32)
            .saturating_add(ORDER_MARGIN);
        Ok(Solver {
            rules,
            additive,
            database,
            table: Arc::new(Table::with_bytes(
                options.table_bytes,
                TABLE_MIN_ENTRIES / WAYS,
            )),
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
            late: rules.move_count_horizon(),
            clock: None,
            aborted: false,
            progress: None,
            started: Instant::now(),
            passes: 0,
        })
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
    /// let mut solver = Solver::new(&rules, SolverOptions { table_bytes: 1 << 20, database_seeds: 0 })?;
    /// let passes = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    /// let seen = passes.clone();
    /// solver.set_progress(move |p| {
    ///     seen.store(p.passes, std::sync::atomic::Ordering::Relaxed);
    /// });
    /// solver.solve(&Position::new(&rules));
    /// assert!(passes.load(std::sync::atomic::Ordering::Relaxed) >= 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_progress(&mut self, report: impl FnMut(&Progress) + Send + 'r) {
        self.progress = Some(Box::new(report));
    }

    /// Searches on two threads when `threads` is more than one (by default
    /// it is the machine's core count; more than two threads are not used
    /// yet), else on one. Only [additive](mancala_core::Rules::board_decides_future) rules are searched in
    /// parallel: the threads share the table, and a helper takes the
    /// children of the nodes where every child must be searched (split
    /// points, as in Feldmann's "young brothers wait"). The value found does not depend on
    /// the thread count; the node count and the best move among equals
    /// may. A solve under a node budget runs on one thread (the budget
    /// counts exactly); [`Solution::nodes`] counts every thread's positions
    /// (not those of the shallow searches that order moves).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Orders moves without the shallow searches (which a node budget
    /// does not count), so that a budget of positions stands for the work
    /// done: for many small budgeted solves, as a game review makes.
    pub(crate) fn without_ordering_searches(&mut self) {
        self.order_seeds = i32::MAX;
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
            result: wdl(result),
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
    /// makes it, best first (every [`MoveValue::exact`]; its
    /// [`MoveValue::score_difference`] and [`MoveValue::wdl`] are the final
    /// score difference and result under perfect play).
    pub fn analyse(&mut self, pos: &Position<'_>) -> Vec<MoveValue> {
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
    ) -> Result<Vec<MoveValue>, OutOfBudget> {
        self.begin(limits);
        let values = self.analyse_moves(pos);
        self.finish()?;
        Ok(values
            .into_iter()
            .map(|(mv, value, result)| MoveValue::solved(mv, value, wdl(result)))
            .collect())
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
        let player = pos.player_to_move();
        for (slot, m) in scored.iter_mut().zip(moves) {
            let mut child = *pos;
            child.play_unchecked(m);
            let score = if Some(m) == first {
                i32::MAX
            } else {
                i32::from(moves_again(player, &child)) * 1000 + score_gain(pos, &child)
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

/// [`SolverError::NotTwoPlayers`] unless the rules seat two players.
fn two_players(rules: &Rules) -> Result<(), SolverError> {
    match rules.players() {
        2 => Ok(()),
        players => Err(SolverError::NotTwoPlayers { players }),
    }
}

/// The result a sign stands for: 1 win, 0 draw, -1 loss.
fn wdl(sign: i32) -> Wdl {
    match sign {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    }
}
