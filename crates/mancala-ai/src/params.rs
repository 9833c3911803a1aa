//! The search tunables, in one place: what each is and where it comes
//! from. The measurements behind the values are in `docs/results.md`.

use std::time::Duration;

use crate::value::SEED;

/// Transposition tables hold at least this many entries, whatever the
/// bytes asked for.
pub(crate) const TABLE_MIN_ENTRIES: usize = 1024;

/// [`AlphaBeta`](crate::AlphaBeta)'s table, in bytes (16 MiB).
pub(crate) const ALPHABETA_TABLE_BYTES: usize = 16 << 20;

/// Half-width of alpha-beta's first aspiration window (two seeds).
pub(crate) const ASPIRATION: i32 = 2 * SEED;

/// The history heuristic's counts are divided by this at each new search,
/// so that recent cutoffs count most (Schaeffer's history heuristic).
pub(crate) const HISTORY_DECAY: u32 = 8;

/// [`MaxN`](crate::MaxN)'s table, in bytes (4 MiB).
pub(crate) const MAXN_TABLE_BYTES: usize = 4 << 20;

/// [`MaxN`](crate::MaxN)'s table holds at least this many entries.
pub(crate) const MAXN_TABLE_MIN_ENTRIES: usize = 16;

/// The [`Solver`](crate::Solver)'s table by default, in bytes (256 MiB:
/// bigger tables fault in pages for little gain on small problems).
pub(crate) const SOLVER_TABLE_BYTES: usize = 256 << 20;

/// The [`Solver`](crate::Solver)'s endgame database by default: every
/// board with up to this many seeds.
pub(crate) const SOLVER_DATABASE_SEEDS: usize = 12;

/// [`SolverOptions::for_machine`](crate::SolverOptions::for_machine)
/// spends at most this share of the memory available (three quarters):
/// the rest is left to the system, its page cache and other programs.
/// Kalah(6,5) took 701 s with a 30-seed database (11.06 GB) and a 4 GB
/// table, 15 GB at its peak, against 25 minutes with 28 seeds and 16 GB
/// (docs/results.md section 4.3): two more seeds in the database are worth
/// more than any table, so the database gets most of it.
pub(crate) const SIZING_MEMORY_SHARE: (u64, u64) = (3, 4);

/// ... gives the endgame database at most this share of what it spends
/// (two thirds: half the memory available), so that a table of a few GB
/// is left beside it.
pub(crate) const SIZING_DATABASE_SHARE: (u64, u64) = (2, 3);

/// ... and the database at most the game's seeds shifted right by this
/// (a half):
/// Kalah(6,4) (48 seeds) took 18 s with 24 seeds (built in 6 to
/// 12 minutes) and 1.9 s with 28 (built in 30 to 50 minutes), so more
/// than half the game costs more to build than it saves (docs/results.md
/// sections 4.2 and 4.4).
pub(crate) const SIZING_GAME_SEEDS_SHIFT: u32 = 1;

/// ... and the table `2^(seeds + this)` bytes, `seeds` being the game's
/// seeds beyond the database, the best tables measured (docs/results.md
/// sections 4.3 and 4.5): 4 GB for Kalah(6,5) with 30 (701 s, against
/// 775 s with 2 GB and 841 s with 8 GB, before the table's keys were
/// mixed; now halved, below), 16 GB with 28 (25 minutes,
/// against 30 with 8 GB), 64 MB for Kalah(6,4) with 24 (about 0.6 s, 3.5%,
/// slower than 256 MB with today's solver, section 4.6; 36.5 s against
/// 37.7 s with 256 MB before the split search); Kalah(6,4) with 20 gets
/// 1 GB (101 s, against 96 s with 4 GB; since the keys were mixed 73 s,
/// against 85 s with 512 MB). `+ 4` would give Kalah(6,5) with
/// 30 seeds 16 GB, where 8 GB was already 140 s slower than 4 GB. Pages
/// are faulted in during the search, so a table bigger than the problem
/// slows it down.
pub(crate) const SIZING_TABLE_LOG2_OVER_SEEDS: u32 = 2;

/// ... halved beside a database of at least this many bytes (8 GB): with
/// the table's keys mixed down and its buckets one cache line, Kalah(6,5)
/// with the 30-seed database (11.06 GB) took 512 and 528 s with a 2 GB
/// table against 560, 588 and 580 s with 4 GB (docs/results.md sections
/// 4.3 and 4.6), while beside a small database a bigger table still paid:
/// Kalah(6,4) with the 20-seed one (226 MB) took 73 s with 1 GB against
/// 85 s with 512 MB. Why the big database wants the smaller table is not
/// measured (no hardware counters on this virtual machine); the likely
/// cost is the processor's page walks over 13 to 15 GB touched at random.
pub(crate) const SIZING_BIG_DATABASE_BYTES: u64 = 8_000_000_000;

/// ... bounded below by this (the small solves of docs/results.md
/// section 3 use 64 MB) ...
pub(crate) const SIZING_TABLE_MIN_BYTES: u64 = 64 << 20;

/// ... and above by this (the biggest table measured, section 4.3).
pub(crate) const SIZING_TABLE_MAX_BYTES: u64 = 16 << 30;

/// Whatever the memory, the table has at least this.
pub(crate) const SIZING_TABLE_FLOOR_BYTES: u64 = 1 << 20;

/// Boards with this many seeds more than the endgame database holds
/// order their moves by a shallow search (measured: 6 to 14 tried).
pub(crate) const ORDER_MARGIN: i32 = 10;

/// The depth of that ordering search, in plies (measured: 2 to 6 tried).
pub(crate) const ORDER_DEPTH: u32 = 4;

/// The locality hint of the solver's prefetches of its children's table
/// buckets and database values (`mem_prefetch`'s: 0 is `prefetchnta`, 3
/// `prefetcht0`). Kalah(6,4) with a 4 GB table on two threads
/// (docs/results.md section 4.5): 0.435 µs a position with 0, 0.487 to
/// 0.522 without prefetching, 0.535 to 0.548 with 2 and 0.535 to 0.541
/// with 3: the hints that keep the lines in the outer caches cost more
/// than they hide.
pub(crate) const PREFETCH_LOCALITY: i32 = 0;

/// A search thread looks at the flags that may stop it (a sibling's cut
/// at a split point, the end of a root pass) once per this many positions
/// (a power of two).
pub(crate) const STOP_CHECK_NODES: u64 = 1024;

/// A search looks at the time once per this many positions (a power of
/// two).
pub(crate) const TIME_CHECK_NODES: u64 = 1024;

/// A thread waiting for work spins this many times before it yields its
/// core at each further try.
pub(crate) const SPINS_BEFORE_YIELD: u32 = 1000;

/// The time [`analyse`](crate::analyse) gives the exact solver by default
/// before it falls back on alpha-beta.
pub(crate) const ANALYSIS_SOLVER_TIME: Duration = Duration::from_secs(1);

/// The exact solver's table in [`analyse`](crate::analyse), in bytes
/// (32 MiB: it has a second at most to fill it).
pub(crate) const ANALYSIS_TABLE_BYTES: usize = 32 << 20;

/// [`Mcts`](crate::Mcts) opponent models: the prior chances of the three
/// ways of playing, before any move is seen (random, greedy, searching).
pub(crate) const PRIOR: [f64; 3] = [0.1, 0.1, 0.8];

/// The share of a greedy player's moves taken to be random (mistakes, or
/// another tie-break).
pub(crate) const GREEDY_NOISE: f64 = 0.05;

/// A searching player is taken to choose a move with a chance that grows
/// with its place between the worst (0) and the best (1) move of a short
/// search: `exp(SEARCH_SHARPNESS * place)`, normalised (the best is 20
/// times as likely as the worst). The short search is a rough guess at what
/// the player sees, hence no sharper.
pub(crate) const SEARCH_SHARPNESS: f64 = 3.0;

/// The short search that judges an opponent's move gets this fraction
/// (1/`PROBE_SHARE`) of the searcher's budget, iterations and time...
pub(crate) const PROBE_SHARE: u64 = 20;

/// ... at most this many iterations ...
pub(crate) const PROBE_MAX_ITERATIONS: u64 = 2_000;

/// ... and no modelling at all when that is under this many.
pub(crate) const PROBE_MIN_ITERATIONS: u64 = 100;

/// Time management ([`allocate`](crate::allocate)): every move keeps this
/// margin for reading the engine's line and writing the reply, and for
/// the search to notice its time is up (it looks every
/// [`TIME_CHECK_NODES`] positions).
pub(crate) const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// No allocation is under this: a search needs it to return a move.
pub(crate) const MIN_THINK: Duration = Duration::from_millis(1);

/// With a budget per move, iterative deepening starts no new iteration
/// after this share of it: the next one costs about as much as all
/// before it, so it would seldom finish.
pub(crate) const MOVE_SOFT_SHARE: f64 = 0.5;

/// With a game clock, a move may take this many times its share of the
/// time left before the search is stopped (the soft limit is the share).
pub(crate) const GAME_HARD_FACTOR: u32 = 3;

/// ... but never more than 1/`GAME_MAX_SHARE` of the time left.
pub(crate) const GAME_MAX_SHARE: u32 = 3;

/// The share of the increment a move counts on spending.
pub(crate) const INCREMENT_SHARE: f64 = 0.75;

/// [`moves_to_go`](crate::moves_to_go): seeds taken to leave the houses
/// per move, all players together, in tenths (a rough guess).
pub(crate) const SEEDS_PER_MOVE_TENTHS: u32 = 15;

/// At least this many moves are expected, however few seeds are left, so
/// that the end of a game never takes most of the clock.
pub(crate) const MIN_MOVES_TO_GO: u32 = 10;

/// At most this many moves are expected.
pub(crate) const MAX_MOVES_TO_GO: u32 = 50;
/// [`review_game`](crate::review_game)'s solver may visit this many
/// positions for one position of the game before alpha-beta estimates it
/// instead (a node count, not a time, so reviews are the same
/// everywhere). Two million is about a quarter of a second in a release
/// build: enough for Kalah(4,3) from the start and for the last dozen
/// moves of a Kalah(6,4) game.
pub(crate) const REVIEW_SOLVER_NODES: u64 = 2_000_000;

/// [`review_game`](crate::review_game)'s alpha-beta (or max^n) depth, in
/// moves, where the solver does not finish: about ten thousand positions
/// a move of Kalah(6,4), a few milliseconds.
pub(crate) const REVIEW_DEPTH: u32 = 10;

/// A move that loses at least this much final score difference (one
/// seed handed to the opponent; lichess's "inaccuracy") against the best.
pub(crate) const INACCURACY_SEEDS: f64 = 2.0;

/// ... two seeds handed over: a mistake.
pub(crate) const MISTAKE_SEEDS: f64 = 4.0;

/// ... four seeds handed over: a blunder.
pub(crate) const BLUNDER_SEEDS: f64 = 8.0;

/// A budgeted whole-position solve gives up (out of budget) on a line
/// this many moves deep: rules with cycles (Oware) can wander that far,
/// and the search's recursion would overflow a thread's stack first.
pub(crate) const SOLVER_MAX_LINE: usize = 1000;

/// The stack of the thread [`review_game`](crate::review_game) searches
/// on: room for [`SOLVER_MAX_LINE`] nested positions in a debug build.
pub(crate) const REVIEW_STACK_BYTES: usize = 64 << 20;
