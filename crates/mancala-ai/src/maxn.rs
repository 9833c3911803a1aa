//! Max^n search: every player maximises their own value, for any number of
//! players.

use mancala_core::{MAX_PLAYERS, Move, Position, Side};

use crate::eval::{Evaluator, Heuristic};
use crate::limits::{Clock, Limits};
use crate::params::{MAXN_TABLE_BYTES, MAXN_TABLE_MIN_ENTRIES};
use crate::strategy::Strategy;
use crate::timemgmt::{Allocation, within};
use crate::tt::Table;
use crate::value::terminal_value;

/// A value vector, indexed by *player* inside the search (see
/// [`Position::player_of`]): a pie swap changes who owns which side, but
/// not who the players are.
type Values = [i32; MAX_PLAYERS];

/// Depth marker for "to the end of the game" in the table.
const FULL: u8 = u8::MAX;

/// The result of a [`MaxN`] search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaxNReport {
    /// The best move for the player to move (`None` when the game is over).
    pub best: Option<Move>,
    /// The value of the position for every side, side 0 first, in
    /// [`SEED`](crate::SEED) units: [`terminal_value`] for a finished
    /// game, the evaluator's value at the horizon. Sides are those of the
    /// searched position (a pie swap further down the line is accounted
    /// for).
    pub values: Vec<i32>,
    /// The deepest iteration that completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The values are game-theoretic: the search reached the end of the
    /// game on every line that mattered.
    pub exact: bool,
}

/// One stored result: a value vector (by player).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    values: Values,
    /// Depth searched below the position ([`FULL`]: to the end of the game).
    depth: u8,
    /// The result came from a subtree that reached no horizon.
    exact: bool,
    /// Whether the slot holds anything.
    used: bool,
    generation: u8,
}

/// Max^n's table: value vectors keyed by [`Position::key`], one a slot,
/// replacing by depth and age.
impl Table<Entry> {
    fn probe(&self, key: u64) -> Option<&Entry> {
        let e = self.at(self.slot(key));
        (e.used && e.key == key).then_some(e)
    }

    fn store(&mut self, entry: Entry) {
        let generation = self.generation();
        let i = self.slot(entry.key);
        let e = self.at_mut(i);
        // Keep a deeper result of this search unless it is the same position.
        if e.used && e.key != entry.key && e.generation == generation && e.depth > entry.depth {
            return;
        }
        *e = Entry {
            used: true,
            generation,
            ..entry
        };
    }
}

/// Max^n search for any number of players (Luckhardt and Irani, 1986).
///
/// Every position is valued by a vector with one value per player; the
/// player to move picks the child whose vector is best *for them*. With two
/// players and [`terminal_value`] this is plain minimax; with three or four
/// it assumes each player plays for themselves (unlike the paranoid
/// [`AlphaBeta`](crate::AlphaBeta)). Finished games are valued by
/// [`terminal_value`] for each side, the horizon by the evaluator for each
/// side. Extra turns (the same player moves again) and pie swaps (the
/// other player takes over the side) need no special care: the vectors
/// are kept per player and the mover is always
/// `pos.player_to_move()`.
///
/// **Ties.** Among children that are equally good for the mover, the first
/// in [`Position::legal_moves`] order is chosen (children are always
/// searched in that order). This fixes the value vector, which other
/// players' components depend on.
///
/// **Shallow pruning** (Korf, 1991). It relies on any two *different*
/// players' values summing to at most 0. That holds for [`terminal_value`]
/// and for every evaluator of the form "my value minus the best other
/// player's" ([`StoreDifference`](crate::StoreDifference),
/// [`Heuristic`]): once the player to move can get `x`, the player before
/// them gets at most `-x` here, and if that is no better than what that
/// player already has elsewhere the rest of the moves are skipped. Pruning
/// never changes the root's vector or move (the skipped positions could
/// only tie the earlier choice, and ties go to the earlier move). Turn it
/// off with [`MaxN::without_pruning`] for an evaluator without that
/// property (debug builds check it at every horizon).
///
/// **Table.** Vectors are stored by [`Position::key`] with their depth;
/// a result to the end of the game is reused anywhere, a depth-limited one
/// wherever it is at least as deep as needed.
///
/// Iterative deepening runs until a [`Limits`] is reached or the values
/// are exact; an iteration that a limit interrupts is discarded. Games
/// that can go round in circles are only ever searched to a depth (at most
/// 254 moves), so give those a limit.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Limits, MaxN, Strategy, WIN};
/// use mancala_core::{KalahOptions, Position, Rules};
///
/// // Three-player Kalah with 2 houses and 1 seed each: solved outright.
/// let rules = Rules::new(&mancala_core::RuleSet {
///     houses: 2,
///     seeds: 1,
///     ..KalahOptions { players: 3, ..KalahOptions::default() }.rules()
/// })?;
/// let pos = Position::new(&rules);
/// let mut search = MaxN::new(Limits::NONE);
/// let report = search.search(&pos);
/// assert!(report.exact);
/// assert_eq!(report.values.len(), 3);
/// // Exactly one side ends up alone in first place, or the lead is shared.
/// assert!(report.values.iter().filter(|&&v| v >= WIN / 2).count() <= 1);
/// assert!(pos.is_legal(report.best.unwrap()));
///
/// // A depth-limited search plays any position.
/// let big = Rules::new(&KalahOptions { players: 4, ..KalahOptions::default() }.rules())?;
/// let m = MaxN::new(Limits::depth(3)).choose(&Position::new(&big));
/// assert!(m.is_some());
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MaxN<E = Heuristic> {
    evaluator: E,
    limits: Limits,
    table: Option<Table<Entry>>,
    pruning: bool,
    clock: Clock,
    /// Set when the current iteration valued a position by heuristic.
    horizon: bool,
    /// The time manager's allocation of the following searches.
    allocation: Option<Allocation>,
}

impl MaxN<Heuristic> {
    /// A search with the default evaluation and a 4 MiB table.
    pub fn new(limits: Limits) -> MaxN<Heuristic> {
        MaxN::with_evaluator(Heuristic::default(), limits)
    }
}

impl<E: Evaluator> MaxN<E> {
    /// A search with the given evaluation and a 4 MiB table. Shallow
    /// pruning is on: it needs the evaluator's values for any two players
    /// to sum to at most 0 (see [`MaxN`]), else call
    /// [`MaxN::without_pruning`].
    pub fn with_evaluator(evaluator: E, limits: Limits) -> MaxN<E> {
        MaxN {
            evaluator,
            limits,
            table: Some(Table::with_bytes(MAXN_TABLE_BYTES, MAXN_TABLE_MIN_ENTRIES)),
            pruning: true,
            clock: Clock::new(&limits),
            horizon: false,
            allocation: None,
        }
    }

    /// Uses a table of about `bytes` bytes (0: none).
    pub fn table_bytes(mut self, bytes: usize) -> Self {
        self.table = (bytes > 0).then(|| Table::with_bytes(bytes, MAXN_TABLE_MIN_ENTRIES));
        self
    }

    /// Turns shallow pruning off (needed for an evaluator whose values for
    /// two different players can sum to more than 0).
    pub fn without_pruning(mut self) -> Self {
        self.pruning = false;
        self
    }

    /// The limits of each search.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits of the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// Searches `pos` within the limits and reports the best move for the
    /// player to move and every side's value.
    pub fn search(&mut self, pos: &Position<'_>) -> MaxNReport {
        self.clock = Clock::new(&within(self.limits, self.allocation));
        if let Some(table) = &mut self.table {
            table.new_search();
        }
        let players = pos.rules().players();
        let to_sides = |values: &Values| -> Vec<i32> {
            (0..players)
                .map(|side| values[pos.player_of(Side::new(side))])
                .collect()
        };
        if let Some(values) = self.terminal(pos) {
            return MaxNReport {
                best: None,
                values: to_sides(&values),
                depth: 0,
                nodes: 0,
                exact: true,
            };
        }
        let mut report = MaxNReport {
            best: pos.legal_moves().iter().next(),
            values: to_sides(&self.horizon_values(pos)),
            depth: 0,
            nodes: 0,
            exact: false,
        };
        let max_depth = self
            .limits
            .depth
            .unwrap_or(u32::MAX)
            .min(u32::from(FULL) - 1);
        let mut depth = 1;
        while depth <= max_depth {
            self.horizon = false;
            let Some((values, best)) = self.root(pos, depth) else {
                break;
            };
            report.values = to_sides(&values);
            report.best = Some(best);
            report.depth = depth;
            report.exact = !self.horizon;
            if report.exact
                || self
                    .allocation
                    .is_some_and(|a| self.clock.elapsed() >= a.soft)
            {
                break;
            }
            depth += 1;
        }
        report.nodes = self.clock.nodes;
        report
    }

    /// One iteration at the root: the vector and the move that reaches it,
    /// or `None` if a limit stopped it.
    fn root(&mut self, pos: &Position<'_>, depth: u32) -> Option<(Values, Move)> {
        if self.clock.tick() {
            return None;
        }
        let mover = pos.player_to_move();
        let mut best: Option<(Values, Move)> = None;
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(m);
            let bound = best.map(|(v, _)| (mover, v[mover]));
            let values = self.value(&child, depth - 1, bound)?;
            if best.is_none_or(|(v, _)| values[mover] > v[mover]) {
                best = Some((values, m));
            }
        }
        best
    }

    /// Every player's value of a finished game.
    fn terminal(&self, pos: &Position<'_>) -> Option<Values> {
        let outcome = pos.outcome()?;
        let mut values = [0; MAX_PLAYERS];
        for (player, v) in values.iter_mut().enumerate().take(pos.rules().players()) {
            *v = terminal_value(&outcome, pos.side_of(player).index());
        }
        Some(values)
    }

    /// Every player's heuristic value.
    fn horizon_values(&self, pos: &Position<'_>) -> Values {
        let players = pos.rules().players();
        let mut values = [0; MAX_PLAYERS];
        for (player, v) in values.iter_mut().enumerate().take(players) {
            *v = self.evaluator.evaluate(pos, pos.side_of(player).index());
        }
        debug_assert!(
            !self.pruning
                || (0..players).all(|a| (0..a).all(|b| values[a] as i64 + values[b] as i64 <= 0)),
            "MaxN: the evaluator gives two players values summing to more than 0 \
             ({:?}); shallow pruning needs MaxN::without_pruning",
            &values[..players]
        );
        values
    }

    /// The vector of `pos`, searched `depth` moves deep. `bound` is the
    /// parent's mover and the value they already have from an earlier
    /// move: when pruning cuts the moves short, the vector returned is one
    /// the parent will not choose. `None` when a limit stopped the search.
    fn value(
        &mut self,
        pos: &Position<'_>,
        depth: u32,
        bound: Option<(usize, i32)>,
    ) -> Option<Values> {
        if self.clock.tick() {
            return None;
        }
        if let Some(values) = self.terminal(pos) {
            return Some(values);
        }
        if depth == 0 {
            self.horizon = true;
            return Some(self.horizon_values(pos));
        }
        let key = pos.key();
        if let Some(hit) = self.table.as_ref().and_then(|t| t.probe(key))
            && (hit.depth == FULL || u32::from(hit.depth) >= depth)
        {
            if !hit.exact {
                self.horizon = true;
            }
            return Some(hit.values);
        }
        let mover = pos.player_to_move();
        // The player before us, when it is someone else: they will not
        // choose this position if the most they can get here is no more
        // than what they have.
        let bound = bound.filter(|&(player, _)| self.pruning && player != mover);
        let horizon_before = self.horizon;
        self.horizon = false;
        let mut best: Option<Values> = None;
        let mut complete = true;
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(m);
            let own_bound = best.map(|v| (mover, v[mover]));
            let values = self.value(&child, depth - 1, own_bound)?;
            if best.is_none_or(|v| values[mover] > v[mover]) {
                best = Some(values);
                if let Some((_, have)) = bound
                    && values[mover].saturating_neg() <= have
                {
                    complete = false;
                    break;
                }
            }
        }
        let values = best.expect("a position that is not over has a move");
        let exact = !self.horizon;
        self.horizon |= horizon_before;
        if complete && let Some(table) = &mut self.table {
            table.store(Entry {
                key,
                values,
                depth: if exact {
                    FULL
                } else {
                    depth.min(u32::from(FULL) - 1) as u8
                },
                exact,
                ..Entry::default()
            });
        }
        Some(values)
    }
}

impl<E: Evaluator> Strategy for MaxN<E> {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        self.search(pos).best
    }

    /// Starts no new iteration after the soft limit, stops at the hard one.
    fn set_time(&mut self, time: Option<Allocation>) {
        self.allocation = time;
    }
}
