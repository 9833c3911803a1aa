//! The exact player: the solver's best move where it finishes within its
//! budget, level 10's elsewhere.

use std::sync::Arc;
use std::time::Instant;

use mancala_core::{Move, Position, Rules};

use crate::params::{ANALYSIS_TABLE_BYTES, REVIEW_STACK_BYTES};
use crate::spec::EXACT_NODES;
use crate::{
    Allocation, Egdb, Limits, MoveValue, Solution, Solver, SolverOptions, Spec, SpecError, Strategy,
};

/// Plays perfectly where the game is solved: for each move a one-thread
/// [`Solver`] solves the position within a budget (by default
/// [`EXACT_NODES`] positions), and the player plays a best move. Where
/// the solver does not finish, or the rules seat three or four players,
/// level 10 (`ai:10`) chooses that move instead. The spec `exact` builds
/// it (see the [spec docs](crate::spec#exact-play)).
///
/// [`Strategy::last_value`] is the exact value of the move chosen
/// ([`MoveValue::exact`]) when the solver found it, else level 10's
/// estimate marked as one (`exact: false`; `None` with three or four
/// players, whose level 10 gives none).
///
/// Under a node budget it is deterministic: the same seed replays the
/// same games. Each move's solve starts afresh (no table is kept from
/// move to move), on a thread of its own with room for the solver's
/// recursion; a move the solver does not finish costs its whole budget
/// before level 10 chooses (on a big board, every move until the end
/// comes within reach). With an endgame database
/// ([`Exact::with_database`]) the solver looks up every board with few
/// enough seeds left instead of searching it, so the game is exact from
/// much earlier on. Under a time manager ([`Timed`](crate::Timed))
/// the solver stops at the move's soft limit and level 10 has the rest.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Exact, Limits, Strategy};
/// use mancala_core::{Move, Position, Preset, RuleSet, Rules};
///
/// // docs/rules.md section 11: Kalah(4,3) is worth +6, by house 2 alone.
/// let rules = Rules::new(&RuleSet { houses: 4, seeds: 3, ..Preset::Kalah.rules() })?;
/// let mut exact = Exact::new(&rules, Limits::NONE, 7)?;
/// assert_eq!(exact.choose(&Position::new(&rules)), Some(Move::House(2)));
/// let value = exact.last_value().unwrap();
/// assert!(value.exact);
/// assert_eq!(value.score_difference(), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Exact {
    /// The solver's budget for each move.
    limits: Limits,
    /// Level 10, for the moves the solver does not finish.
    fallback: Box<dyn Strategy + Send>,
    /// The time manager's allocation of the following moves.
    allocation: Option<Allocation>,
    /// The move chosen last, valued.
    last: Option<MoveValue>,
    /// The endgame database the solver looks boards up in, if any.
    database: Option<Arc<Egdb>>,
}

impl Exact {
    /// The exact player for `rules`: the solver's budget for each move is
    /// `limits` (its nodes and time; [`Limits::NONE`]: [`EXACT_NODES`]
    /// positions), and level 10 seeded with `seed` plays where it does
    /// not finish.
    ///
    /// # Errors
    ///
    /// [`SpecError::Value`] when `limits` sets a depth (the solver goes to
    /// the end of the game).
    pub fn new(rules: &Rules, limits: Limits, seed: u64) -> Result<Exact, SpecError> {
        let spec = Spec::new(crate::Player::Exact).with_limits(limits);
        let spec = spec.with_seed(seed);
        spec.check()?;
        let limits = if limits.is_unlimited() {
            Limits::nodes(EXACT_NODES)
        } else {
            limits
        };
        Ok(Exact {
            limits,
            fallback: Spec::level(10).with_seed(seed).strategy(rules, seed)?,
            allocation: None,
            last: None,
            database: None,
        })
    }

    /// This player with the endgame database `database` for its solver
    /// (`None`: none, as [`Exact::new`]): each move's solve looks up the
    /// boards with up to [`Egdb::max_seeds`] seeds left instead of
    /// searching them, so a position far from the end can be solved within
    /// the budget. The database is shared, not copied. One built for other
    /// rules than the player's is not used ([`Egdb::fits`]; [`Egdb::load`]
    /// refuses such a file).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use mancala_ai::{Egdb, Exact, Limits, Strategy};
    /// use mancala_core::{Position, Preset, RuleSet, Rules};
    ///
    /// // docs/rules.md section 11: Kalah(4,3) is worth +6.
    /// let rules = Rules::new(&RuleSet { houses: 4, seeds: 3, ..Preset::Kalah.rules() })?;
    /// let database = Arc::new(Egdb::build(&rules, 12).expect("Kalah has a database"));
    /// let start = Position::new(&rules);
    /// // 6,000 positions are too few to solve the start by search alone...
    /// let mut alone = Exact::new(&rules, Limits::nodes(6_000), 7)?;
    /// alone.choose(&start);
    /// assert!(!alone.last_value().unwrap().exact);
    /// // ...and enough with a database of the boards with up to 12 seeds.
    /// let mut exact = Exact::new(&rules, Limits::nodes(6_000), 7)?.with_database(Some(database));
    /// exact.choose(&start);
    /// let value = exact.last_value().unwrap();
    /// assert!(value.exact);
    /// assert_eq!(value.score_difference(), Some(6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_database(mut self, database: Option<Arc<Egdb>>) -> Exact {
        self.database = database;
        self
    }

    /// The solver's budget for a move: the spec's, cut to the time
    /// manager's soft limit (the rest is level 10's if it does not finish).
    fn solve_limits(&self) -> Limits {
        match self.allocation {
            Some(a) => Limits {
                time: Some(self.limits.time.map_or(a.soft, |t| t.min(a.soft))),
                ..self.limits
            },
            None => self.limits,
        }
    }

    /// Level 10's move, its value marked as an estimate.
    fn fall_back(&mut self, pos: &Position<'_>, start: Instant) -> Option<Move> {
        let spent = start.elapsed();
        self.fallback.set_time(self.allocation.map(|a| Allocation {
            soft: a.soft.saturating_sub(spent),
            hard: a.hard.saturating_sub(spent),
        }));
        let m = self.fallback.choose(pos);
        self.last = self
            .fallback
            .last_value()
            .filter(|v| Some(v.mv) == m)
            .map(|v| MoveValue { exact: false, ..v });
        m
    }
}

/// Solves `pos` within `limits` on a one-thread solver looking boards up
/// in `database`: `None` when the solver cannot be made (three or four
/// players) or does not finish.
fn solve(pos: &Position<'_>, limits: &Limits, database: Option<Arc<Egdb>>) -> Option<Solution> {
    let options = SolverOptions {
        table_bytes: table_bytes(limits),
        database_seeds: 0,
    };
    let mut solver = Solver::with_shared_database(pos.rules(), options, database).ok()?;
    solver.set_threads(1);
    // A budget of positions then stands for all the work done.
    solver.without_ordering_searches();
    // The solver's recursion needs more stack than a caller's thread may
    // have (as in a game review).
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("exact".to_string())
            .stack_size(REVIEW_STACK_BYTES)
            .spawn_scoped(scope, move || solver.solve_within(pos, limits).ok())
            .expect("a thread for the solver")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The solver's table for a budget: about 32 bytes a position of the
/// node budget, from 64 KiB to the analysis table's size.
fn table_bytes(limits: &Limits) -> usize {
    match (limits.nodes, limits.time) {
        (Some(nodes), None) => usize::try_from(nodes.saturating_mul(32))
            .unwrap_or(usize::MAX)
            .clamp(64 << 10, ANALYSIS_TABLE_BYTES),
        _ => ANALYSIS_TABLE_BYTES,
    }
}

impl Strategy for Exact {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        self.last = None;
        if pos.is_over() {
            return None;
        }
        let start = Instant::now();
        if let Some(solution) = solve(pos, &self.solve_limits(), self.database.clone())
            && let Some(best) = solution.best
        {
            self.last = Some(MoveValue::solved(best, solution.value, solution.result));
            return Some(best);
        }
        self.fall_back(pos, start)
    }

    fn observe(&mut self, before: &Position<'_>, m: Move) {
        self.fallback.observe(before, m);
    }

    fn set_time(&mut self, time: Option<Allocation>) {
        self.allocation = time;
    }

    fn last_value(&self) -> Option<MoveValue> {
        self.last
    }
}
