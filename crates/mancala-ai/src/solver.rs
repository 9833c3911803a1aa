//! The exact solver: the game-theoretic value of a two-player position.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mancala_core::{Move, MoveList, Position, Rules, Side};

use crate::egdb::{Egdb, EgdbError, additive};
use crate::limits::{Clock, Limits};
use crate::tt::move_index;
use crate::value::{SEED, WIN, score_difference, terminal_value};

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
            table_bytes: 256 << 20,
            database_seeds: 12,
        }
    }
}

/// One table entry: bounds on a position's value and its best move.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    /// Best move index plus one (0: none).
    best: u8,
    /// Log2 of the nodes below: the bigger subtree keeps its slot.
    work: u8,
}

impl Entry {
    /// The entry's bounds, move and work in one word.
    #[inline]
    fn data(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40
    }

    /// The entry of the words `(key ^ data, data)`; a torn pair (another
    /// thread wrote half of it) reads back as another key.
    #[inline]
    fn from_words(check: u64, data: u64) -> Entry {
        Entry {
            key: check ^ data,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }
}

/// The transposition table, shared by the search threads: two atomic
/// words an entry (the key xor the data, then the data, so that a pair
/// torn by two threads writing at once reads as a miss), entries in
/// buckets of two. Relaxed atomics are plain loads and stores.
struct Table {
    words: Vec<AtomicU64>,
}

impl Table {
    fn with_entries(entries: usize) -> Table {
        Table {
            words: (0..2 * entries).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Entries in all.
    #[inline]
    fn len(&self) -> usize {
        self.words.len() / 2
    }

    #[inline]
    fn get(&self, i: usize) -> Entry {
        Entry::from_words(
            self.words[2 * i].load(Ordering::Relaxed),
            self.words[2 * i + 1].load(Ordering::Relaxed),
        )
    }

    #[inline]
    fn set(&self, i: usize, e: &Entry) {
        let data = e.data();
        self.words[2 * i].store(e.key ^ data, Ordering::Relaxed);
        self.words[2 * i + 1].store(data, Ordering::Relaxed);
    }
}

/// A node whose remaining children two threads search together (a split
/// point, as in "young brothers wait": its first child failed low, so the
/// others must all be searched as well). Only null windows are split.
struct Split<'p> {
    pos: Position<'p>,
    /// The player to move at `pos`.
    player: usize,
    alpha: i32,
    beta: i32,
    /// The children left: the move and the mover's bounds on its value.
    moves: [(Move, i32, i32); 17],
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
    /// A split point of `pos` for the children `moves` (at most 17).
    fn new(pos: &Position<'p>, moves: &[(Move, i32, i32)], alpha: i32, beta: i32) -> Split<'p> {
        let mut list = [(Move::Swap, 0, 0); 17];
        list[..moves.len()].copy_from_slice(moves);
        Split {
            pos: *pos,
            player: pos.player_of(pos.to_move()),
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
struct Pool<'p> {
    offer: Mutex<Option<Arc<Split<'p>>>>,
    /// Threads waiting for work.
    idle: AtomicUsize,
}

impl<'p> Pool<'p> {
    fn new() -> Pool<'p> {
        Pool {
            offer: Mutex::new(None),
            idle: AtomicUsize::new(0),
        }
    }

    /// A thread waits for work: splitting would pay.
    #[inline]
    fn wants_work(&self) -> bool {
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
    if spins < 1000 {
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
            Some(index_move((word & 0xff) as u8 - 1)),
        )
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
    table: Arc<Table>,
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

const INF: i32 = i16::MAX as i32;

/// Boards with this many seeds more than the endgame database holds order
/// their moves by a shallow search (of [`ORDER_DEPTH`] plies).
const ORDER_MARGIN: i32 = 10;
/// The depth of the ordering search.
const ORDER_DEPTH: u32 = 4;

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
        let entries = (options.table_bytes / std::mem::size_of::<Entry>()).max(1024);
        let size = if entries.is_power_of_two() {
            entries
        } else {
            entries.next_power_of_two() / 2
        };
        let set = rules.rule_set();
        Solver {
            rules,
            additive,
            database,
            table: Arc::new(Table::with_entries(size)),
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
        if self.nodes & 1023 == 0 {
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

    fn analyse_moves(&mut self, pos: &Position<'_>) -> Vec<(Move, i32, i32)> {
        let player = pos.player_of(pos.to_move());
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
                if child.player_of(child.to_move()) == player {
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
    fn mtdf_move(&mut self, pos: &Position<'_>, guess: i32) -> ((i32, i32), Option<Move>) {
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

    /// One null-window pass at the root: every move is searched (no table
    /// cutoff at the root itself), so a pass that fails high names the move
    /// that proved it. Returns the fail-soft value and the best move found.
    fn root_pass(
        &mut self,
        pos: &Position<'_>,
        mut alpha: i32,
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
        let first = first.or_else(|| {
            self.probe(key)
                .and_then(|e| (e.best > 0).then(|| index_move(e.best - 1)))
        });
        let moves = pos.legal_moves();
        let (order, n) = self.ordered(pos, moves, first.filter(|&m| moves.contains(m)));
        let player = pos.player_of(pos.to_move());
        let alpha0 = alpha;
        if !self.additive {
            self.path.push(key);
        }
        let mut best = -INF;
        let mut best_move = None;
        if self.additive && self.parallel && self.threads > 1 && self.stop.is_none() && n > 1 {
            // Young brothers wait: the first move alone (a helper thread
            // takes the split points offered in its subtree), then, if it
            // fails low, every other move on both threads.
            let stop = Arc::new(AtomicBool::new(false));
            let pool = Pool::new();
            let mut helper = self.helper(&stop);
            let helper_nodes = std::thread::scope(|scope| {
                let worker = scope.spawn(|| {
                    helper.serve(&pool);
                    helper.nodes
                });
                best = self.move_value(pos, player, order[0], alpha, beta, Some(&pool));
                best_move = Some(order[0]);
                if best < beta && !self.aborted {
                    let mut moves = [(Move::Swap, -INF, INF); 17];
                    for (slot, &m) in moves.iter_mut().zip(&order[1..n]) {
                        slot.0 = m;
                    }
                    let (v, m) = self.split_search(&pool, pos, &moves[..n - 1], alpha, beta);
                    if v > best {
                        best = v;
                        best_move = m;
                    }
                }
                stop.store(true, Ordering::Relaxed);
                worker.join().expect("the helper thread does not panic")
            });
            self.helper_nodes += helper_nodes;
        } else {
            for &m in &order[..n] {
                let v = self.move_value(pos, player, m, alpha, beta, None);
                if v > best {
                    best = v;
                    best_move = Some(m);
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.additive {
            self.path.pop();
        }
        // Only a bound is known: the window is null.
        let (lo, hi) = if best <= alpha0 {
            (-INF, best)
        } else {
            (best, INF)
        };
        let nodes = self.nodes - nodes_before + 1;
        if let Some(e) = self.probe(key) {
            let (lo, hi) = (lo.max(i32::from(e.lower)), hi.min(i32::from(e.upper)));
            self.store(key, lo, hi, best_move, nodes);
        } else {
            self.store(key, lo, hi, best_move, nodes);
        }
        (best, best_move)
    }

    /// The value of move `m` for `player`, who is to move at `pos`, searched
    /// with the window `(alpha, beta)` (in the search's own units).
    fn move_value<'p>(
        &mut self,
        pos: &Position<'p>,
        player: usize,
        m: Move,
        alpha: i32,
        beta: i32,
        pool: Option<&Pool<'p>>,
    ) -> i32 {
        let (child, gain) = Self::child(pos, m);
        if self.additive {
            if child.is_over() {
                gain
            } else if child.player_of(child.to_move()) == player {
                gain + self.search_additive(&child, alpha - gain, beta - gain, pool)
            } else {
                gain - self.search_additive(&child, gain - beta, gain - alpha, pool)
            }
        } else if child.is_over() {
            let outcome = child.outcome().expect("over");
            scale(terminal_value(&outcome, child.side_of(player).index()))
        } else if child.player_of(child.to_move()) == player {
            self.search_whole(&child, alpha, beta)
        } else {
            -self.search_whole(&child, -beta, -alpha)
        }
    }

    /// Searches the children `moves` of `pos` (a null window: the first
    /// child, searched before, failed low) on this thread and, if it takes
    /// the offer, on the idle one. Returns the best value and move, as the
    /// serial loop would (fail-soft); a child reaching `beta` stops both
    /// threads' work on the others.
    fn split_search<'p>(
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
    fn serve(&mut self, pool: &Pool<'_>) {
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

    /// A best move by exact analysis of every move (a fallback; the root
    /// passes normally name it).
    fn best_move(&mut self, pos: &Position<'_>) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let best = self.analyse_moves(pos);
        best.first()
            .map(|&(m, _, _)| m)
            .or_else(|| moves.iter().next())
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1) & !1
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.slot(key);
        [self.table.get(i), self.table.get(i + 1)]
            .into_iter()
            .find(|e| e.key == key && e.work > 0)
    }

    #[inline]
    fn store(&mut self, key: u64, lower: i32, upper: i32, best: Option<Move>, nodes: u64) {
        if self.aborted {
            return;
        }
        let i = self.slot(key);
        let work = (64 - nodes.leading_zeros()) as u8 + 1;
        let entry = Entry {
            key,
            lower: lower.clamp(-INF, INF) as i16,
            upper: upper.clamp(-INF, INF) as i16,
            best: best.map_or(0, |m| move_index(m) as u8 + 1),
            work,
        };
        let bucket = [self.table.get(i), self.table.get(i + 1)];
        // Same position: update; else the slot with the smaller subtree.
        let j = if bucket[0].key == key {
            0
        } else if bucket[1].key == key {
            1
        } else if bucket[0].work <= bucket[1].work {
            0
        } else {
            1
        };
        self.table.set(i + j, &entry);
    }

    /// A helper for a parallel root pass: the same table and database, its
    /// own counters, stopped by `stop` (or when this solver's budget runs
    /// out: the caller sets `stop`).
    fn helper(&self, stop: &Arc<AtomicBool>) -> Solver<'r> {
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

    /// The moves of `pos`, best first: the table's move, then extra turns,
    /// then the biggest gains. Only moves are kept (children are played
    /// again when searched: cheaper than copying them around).
    fn ordered(
        &self,
        pos: &Position<'_>,
        moves: MoveList,
        first: Option<Move>,
    ) -> ([Move; 17], usize) {
        let mut order = [Move::Swap; 17];
        let mut scores = [0i32; 17];
        let player = pos.player_of(pos.to_move());
        let n = moves.len();
        for (i, m) in moves.iter().enumerate() {
            let (child, gain) = Self::child(pos, m);
            let again = !child.is_over() && child.player_of(child.to_move()) == player;
            scores[i] = if Some(m) == first {
                i32::MAX
            } else {
                i32::from(again) * 1000 + gain
            };
            order[i] = m;
        }
        for i in 1..n {
            let mut j = i;
            while j > 0 && scores[j - 1] < scores[j] {
                scores.swap(j - 1, j);
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        (order, n)
    }

    /// Plays `m`: the child and the mover's gain in score difference.
    #[inline]
    fn child<'p>(pos: &Position<'p>, m: Move) -> (Position<'p>, i32) {
        let side = pos.to_move();
        let mut child = *pos;
        child.play_unchecked(m);
        let gain = (i32::from(child.store(side)) - i32::from(pos.store(side)))
            - (i32::from(child.store(Side::new(1 - side.index())))
                - i32::from(pos.store(Side::new(1 - side.index()))));
        (child, gain)
    }

    /// Additive mode: the score difference still to come for the player to
    /// move, from the board alone.
    fn search_additive<'p>(
        &mut self,
        pos: &Position<'p>,
        mut alpha: i32,
        mut beta: i32,
        pool: Option<&Pool<'p>>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let nodes_before = self.nodes;
        if pos.is_over() {
            return 0;
        }
        let late = pos.sowings() >= self.late;
        if late
            && let Some(db) = &self.database
            && let Some(v) = db.probe(pos)
        {
            return v;
        }
        // Nothing can swing the difference by more than the seeds left.
        let seeds = pos.board_seeds() as i32;
        if alpha >= seeds {
            return seeds;
        }
        if beta <= -seeds {
            return -seeds;
        }
        let key = pos.board_key();
        let mut first = None;
        let (mut lower, mut upper) = (-seeds, seeds);
        if let Some(e) = self.probe(key) {
            lower = lower.max(i32::from(e.lower));
            upper = upper.min(i32::from(e.upper));
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            first = (e.best > 0).then(|| index_move(e.best - 1));
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let (alpha0, beta0) = (alpha, beta);
        let moves = pos.legal_moves();
        let player = pos.player_of(pos.to_move());
        // Enhanced transposition cutoff: a child the table (or the
        // database) already proves good enough ends the search here. The
        // children are played first and their table buckets read in a
        // second, tight loop, so that the processor overlaps the cache
        // misses (the probes are most of the time spent).
        let n = moves.len();
        let mut order = [Move::Swap; 17];
        let mut gains = [0i32; 17];
        // Per child: its board key, whether the mover moves again, and
        // bounds on its own value (for its player to move).
        let mut keys = [0u64; 17];
        let mut same = [false; 17];
        let mut bounds = [(0i32, 0i32); 17];
        // Where the endgame database holds a child's value.
        let mut places = [None; 17];
        for (i, m) in moves.iter().enumerate() {
            let (child, gain) = Self::child(pos, m);
            order[i] = m;
            gains[i] = gain;
            if child.is_over() {
                bounds[i] = (0, 0);
                continue;
            }
            same[i] = child.player_of(child.to_move()) == player;
            if late
                && let Some(db) = &self.database
                && let Some(place) = db.locate(&child)
            {
                places[i] = Some(place);
                continue;
            }
            let seeds = child.board_seeds() as i32;
            bounds[i] = (-seeds, seeds);
            keys[i] = child.board_key();
        }
        // Loads only, no branch on what they read: every miss in flight
        // at once.
        let mut buckets = [[Entry::default(); 2]; 17];
        let mut known = [0i32; 17];
        if let Some(db) = &self.database {
            for i in 0..n {
                known[i] = db.value_at(places[i].unwrap_or(0));
            }
        }
        for i in 0..n {
            let j = self.slot(keys[i]);
            buckets[i] = [self.table.get(j), self.table.get(j + 1)];
        }
        for i in 0..n {
            if places[i].is_some() {
                bounds[i] = (known[i], known[i]);
            } else if keys[i] != 0
                && let Some(e) = buckets[i].iter().find(|e| e.key == keys[i] && e.work > 0)
            {
                let (lo, hi) = bounds[i];
                bounds[i] = (lo.max(i32::from(e.lower)), hi.min(i32::from(e.upper)));
            }
        }
        let first = first.filter(|&m| moves.contains(m));
        // Near the root, a shallow search orders the children.
        let mut guesses = [0i32; 17];
        let shallow = seeds >= self.order_seeds;
        if shallow {
            for i in 0..n {
                let (lo, hi) = bounds[i];
                if lo == hi {
                    guesses[i] = lo;
                } else {
                    let (child, _) = Self::child(pos, order[i]);
                    guesses[i] = self.shallow(&child, self.order_depth, -INF, INF);
                }
            }
        }
        let mut ceiling = -INF;
        let mut scores = [0i32; 17];
        for i in 0..n {
            let (lo, hi) = bounds[i];
            let gain = gains[i];
            // The mover's bounds on the move.
            let (lo, hi) = if same[i] {
                (gain + lo, gain + hi)
            } else {
                (gain - hi, gain - lo)
            };
            if lo >= beta {
                self.store(key, lo, upper, Some(order[i]), 1);
                return lo;
            }
            bounds[i] = (lo, hi);
            ceiling = ceiling.max(hi);
            scores[i] = if Some(order[i]) == first {
                i32::MAX
            } else if shallow {
                let guess = if same[i] {
                    gain + guesses[i]
                } else {
                    gain - guesses[i]
                };
                (guess.clamp(lo, hi).max(-99) + 100) * 4096 + i32::from(same[i]) * 1024 + gain
            } else {
                // Promising children first: the best proven floor, then an
                // extra turn, then the gain.
                (lo.max(-99) + 100) * 4096 + i32::from(same[i]) * 1024 + gain
            };
        }
        // No child can reach alpha: fail low at once.
        if ceiling <= alpha {
            self.store(key, lower, ceiling, first, 1);
            return ceiling;
        }
        let mut index = [0usize; 17];
        for (i, slot) in index.iter_mut().enumerate().take(n) {
            *slot = i;
        }
        for i in 1..n {
            let mut j = i;
            while j > 0 && scores[index[j - 1]] < scores[index[j]] {
                index.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = false;
        for (k, &i) in index[..n].iter().enumerate() {
            if searched
                && k + 1 < n
                && seeds >= self.split_seeds
                && beta == alpha + 1
                && let Some(pool) = pool
                && pool.wants_work()
            {
                // The first child failed low: the rest on both threads.
                let mut moves = [(Move::Swap, 0, 0); 17];
                for (slot, &j) in moves.iter_mut().zip(&index[k..n]) {
                    *slot = (order[j], bounds[j].0, bounds[j].1);
                }
                let (v, m) = self.split_search(pool, pos, &moves[..n - k], alpha, beta);
                if v > best {
                    best = v;
                    best_move = m;
                }
                break;
            }
            let (lo, hi) = bounds[i];
            let m = order[i];
            let v = if hi <= alpha || lo == hi {
                // Known not to matter, or known exactly: no search.
                hi
            } else {
                searched = true;
                let (child, gain) = Self::child(pos, m);
                if same[i] {
                    gain + self.search_additive(&child, alpha - gain, beta - gain, pool)
                } else {
                    gain - self.search_additive(&child, gain - beta, gain - alpha, pool)
                }
            };
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let (lo, hi) = if best <= alpha0 {
            (lower, best)
        } else if best >= beta0 {
            (best, upper)
        } else {
            (best, best)
        };
        self.store(key, lo, hi, best_move, self.nodes - nodes_before + 1);
        best
    }

    /// A depth-limited guess at the score difference still to come (the
    /// future past the horizon counted as even), for move ordering.
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
        let player = pos.player_of(pos.to_move());
        let mut best = -INF;
        // Extra turns first, then the biggest gains.
        let mut children = [(*pos, 0i32); 17];
        let mut scores = [0i32; 17];
        let mut n = 0;
        for m in pos.legal_moves() {
            let (child, gain) = Self::child(pos, m);
            let again = !child.is_over() && child.player_of(child.to_move()) == player;
            let score = i32::from(again) * 1000 + gain;
            let mut j = n;
            while j > 0 && scores[j - 1] < score {
                scores[j] = scores[j - 1];
                children[j] = children[j - 1];
                j -= 1;
            }
            scores[j] = score;
            children[j] = (child, gain);
            n += 1;
        }
        for &(child, gain) in &children[..n] {
            let v = if child.is_over() {
                gain
            } else if child.player_of(child.to_move()) == player {
                gain + self.shallow(&child, depth - 1, alpha - gain, beta - gain)
            } else {
                gain - self.shallow(&child, depth - 1, gain - beta, gain - alpha)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Whole-position mode: [`terminal_value`] ordering (divided by
    /// [`SEED`] to fit the table), for the player to move.
    fn search_whole(&mut self, pos: &Position<'_>, mut alpha: i32, mut beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let nodes_before = self.nodes;
        if let Some(outcome) = pos.outcome() {
            return scale(terminal_value(&outcome, pos.to_move().index()));
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
            first = (e.best > 0).then(|| index_move(e.best - 1));
        }
        let (alpha0, beta0) = (alpha, beta);
        let moves = pos.legal_moves();
        let (order, n) = self.ordered(pos, moves, first.filter(|&m| moves.contains(m)));
        let player = pos.player_of(pos.to_move());
        self.path.push(key);
        let mut best = -INF;
        let mut best_move = None;
        for &m in &order[..n] {
            let (child, _) = Self::child(pos, m);
            let v = if child.player_of(child.to_move()) == player && !child.is_over() {
                self.search_whole(&child, alpha, beta)
            } else if child.is_over() {
                let outcome = child.outcome().expect("over");
                scale(terminal_value(&outcome, child.side_of(player).index()))
            } else {
                -self.search_whole(&child, -beta, -alpha)
            };
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
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
}

/// Table values in whole-position mode: wins, draws and losses kept apart
/// by 1000, score differences within them.
fn scale(v: i32) -> i32 {
    let place = (v + WIN / 2).div_euclid(WIN);
    place * 1000 + (v - place * WIN) / SEED
}

fn unscale(g: i32) -> i32 {
    let place = (g + 500).div_euclid(1000);
    place * WIN + (g - place * 1000) * SEED
}

fn result_of(v: i32) -> i32 {
    (v + WIN / 2).div_euclid(WIN).signum()
}

fn index_move(i: u8) -> Move {
    if i == 16 {
        Move::Swap
    } else {
        Move::House(i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Preset, RuleSet};

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
                let mut serial = Solver::new(&rules, options);
                serial.set_threads(1);
                let mut split = Solver::new(&rules, options);
                split.set_threads(2);
                split.split_seeds = 0;
                let want = serial.analyse(&pos);
                let got = split.analyse(&pos);
                helped += split.helper_nodes;
                let values = |a: &[(Move, i32, i32)]| {
                    let mut v = a.to_vec();
                    v.sort_unstable();
                    v
                };
                assert_eq!(values(&got), values(&want), "{pos}");
                assert_eq!(split.solve(&pos).value, want[0].1, "{pos}");
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
        let mut solver = Solver::new(&rules, options);
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
