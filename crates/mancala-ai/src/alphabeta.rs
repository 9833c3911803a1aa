//! Alpha-beta search with iterative deepening, a transposition table, move
//! ordering and aspiration windows.

use std::time::Duration;

use mancala_core::{MAX_PLAYERS, Move, MoveList, Position};

use crate::eval::{Evaluator, Heuristic};
use crate::limits::{Clock, Limits};
use crate::moves::{SLOTS, gain, move_index, moves_again, sort_best_first, usable};
use crate::params::{ALPHABETA_TABLE_BYTES, ASPIRATION, HISTORY_DECAY, TABLE_MIN_ENTRIES};
use crate::timemgmt::{Allocation, within};
use crate::tt::{Bound, Entry, Table};
use crate::value::{MoveValue, terminal_value};

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The best move found (`None` when the game is over).
    pub best: Option<Move>,
    /// The value of the position for the player to move, in
    /// [`SEED`](crate::SEED) units (see [`terminal_value`]).
    pub value: i32,
    /// The deepest iteration that completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The value is the game-theoretic value: the search reached the end
    /// of the game on every line that mattered.
    pub exact: bool,
    /// The principal variation: the best line found, from the table.
    pub pv: Vec<Move>,
    /// Time spent.
    pub elapsed: Duration,
}

const INF: i32 = i32::MAX / 2;
/// Depth marker for "to the end of the game" in the table.
const FULL: u8 = u8::MAX;

/// Alpha-beta search for any number of players.
///
/// With two players it is plain minimax: each player maximises their own
/// value. With three or four it is *paranoid*: the player to move at the
/// root assumes everyone else plays against them. Values are always those
/// of the player to move at the root, so extra turns (the same player
/// moves again) and pie swaps (the other player takes over the side) need
/// no special care.
///
/// Iterative deepening runs until a [`Limits`] is reached or the value is
/// proven exact. Moves are ordered by the table's best move, then extra
/// turns and captures, then the history heuristic; after the first
/// iteration, each search starts with an aspiration window around the last
/// value.
///
/// # Examples
///
/// ```
/// use mancala_ai::{AlphaBeta, Limits, score_difference};
/// use mancala_core::{Position, Preset, RuleSet, Rules};
///
/// // Kalah with 3 houses and 3 seeds is small enough to solve outright.
/// let rules = Rules::new(&RuleSet { houses: 3, seeds: 3, ..Preset::Kalah.rules() })?;
/// let report = AlphaBeta::new(Limits::NONE).search(&Position::new(&rules));
/// assert!(report.exact);
/// assert_eq!(score_difference(report.value), Some(2)); // docs/rules.md section 11: +2
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E = Heuristic> {
    evaluator: E,
    limits: Limits,
    table: Option<Table<Entry>>,
    ordering: bool,
    aspiration: bool,
    history: [[u32; SLOTS]; MAX_PLAYERS],
    clock: Clock,
    /// Set when the current iteration valued a position by heuristic.
    horizon: bool,
    /// The player whose value the current search computes.
    root_player: usize,
    /// Salt mixed into table keys: values depend on the root player.
    salt: u64,
    /// The time manager's allocation of the following searches.
    allocation: Option<Allocation>,
    /// The move chosen last as a [`Strategy`](crate::Strategy), valued.
    pub(crate) last: Option<MoveValue>,
}

impl AlphaBeta<Heuristic> {
    /// A search with the default evaluation and a 16 MiB table.
    pub fn new(limits: Limits) -> AlphaBeta<Heuristic> {
        AlphaBeta::with_evaluator(Heuristic::default(), limits)
    }
}

impl<E: Evaluator> AlphaBeta<E> {
    /// A search with the given evaluation and a 16 MiB table.
    pub fn with_evaluator(evaluator: E, limits: Limits) -> AlphaBeta<E> {
        AlphaBeta {
            evaluator,
            limits,
            table: Some(Table::with_bytes(ALPHABETA_TABLE_BYTES, TABLE_MIN_ENTRIES)),
            ordering: true,
            aspiration: true,
            history: [[0; SLOTS]; MAX_PLAYERS],
            clock: Clock::new(&limits),
            horizon: false,
            root_player: 0,
            salt: 0,
            allocation: None,
            last: None,
        }
    }

    /// Uses a transposition table of about `bytes` bytes (0: none).
    pub fn table_bytes(mut self, bytes: usize) -> Self {
        self.table = (bytes > 0).then(|| Table::with_bytes(bytes, TABLE_MIN_ENTRIES));
        self
    }

    /// Turns move ordering off (the table's move, captures, history).
    pub fn without_ordering(mut self) -> Self {
        self.ordering = false;
        self
    }

    /// Turns aspiration windows off.
    pub fn without_aspiration(mut self) -> Self {
        self.aspiration = false;
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

    /// Adds a time manager's allocation to the limits of the following
    /// searches (`None`: the limits alone): iterative deepening starts no
    /// new iteration after `soft`, and the search stops at `hard` (or at
    /// the limits' own time, if shorter).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use mancala_ai::{AlphaBeta, Allocation, Limits};
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let mut search = AlphaBeta::new(Limits::NONE);
    /// // A soft limit of zero: one iteration, then stop.
    /// search.set_allocation(Some(Allocation { soft: Duration::ZERO, hard: Duration::from_secs(5) }));
    /// assert_eq!(search.search(&Position::new(&rules)).depth, 1);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn set_allocation(&mut self, allocation: Option<Allocation>) {
        self.allocation = allocation;
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
        self.history = [[0; SLOTS]; MAX_PLAYERS];
    }

    fn start(&mut self, pos: &Position<'_>) {
        self.clock = Clock::new(&within(self.limits, self.allocation));
        self.root_player = pos.player_to_move();
        self.salt = (self.root_player as u64 + 1).wrapping_mul(0xd6e8_feb8_6659_fd93);
        if let Some(table) = &mut self.table {
            table.new_search();
        }
        for row in &mut self.history {
            for h in row.iter_mut() {
                *h /= HISTORY_DECAY;
            }
        }
    }

    /// Searches `pos` within the limits and reports the best move and the
    /// value for the player to move.
    pub fn search(&mut self, pos: &Position<'_>) -> SearchReport {
        self.start(pos);
        let mut report = SearchReport {
            best: pos.legal_moves().iter().next(),
            value: 0,
            depth: 0,
            nodes: 0,
            exact: false,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        if let Some(value) = self.terminal(pos) {
            report.value = value;
            report.exact = true;
            report.elapsed = self.clock.elapsed();
            return report;
        }
        let max_depth = self
            .limits
            .depth
            .unwrap_or(u32::MAX)
            .min(u32::from(FULL) - 1);
        let mut depth = 1;
        while depth <= max_depth {
            let (value, best) = match self.root_iteration(pos, depth, report.value) {
                Some(result) => result,
                None => break,
            };
            report.value = value;
            report.best = best.or(report.best);
            report.depth = depth;
            report.exact = !self.horizon;
            if report.exact {
                break;
            }
            if self
                .allocation
                .is_some_and(|a| self.clock.elapsed() >= a.soft)
            {
                break;
            }
            depth += 1;
        }
        report.nodes = self.clock.nodes;
        report.pv = self.principal_variation(pos, report.best);
        report.elapsed = self.clock.elapsed();
        report
    }

    /// The value of every legal move of `pos`, best first, each searched
    /// within the limits (the node and time limits are shared by all).
    pub fn analyse(&mut self, pos: &Position<'_>) -> Vec<MoveValue> {
        self.start(pos);
        let max_depth = self
            .limits
            .depth
            .unwrap_or(u32::MAX)
            .min(u32::from(FULL) - 1);
        let moves = pos.legal_moves();
        let mut results: Vec<MoveValue> = Vec::with_capacity(moves.len());
        let mut depth = 1;
        while depth <= max_depth {
            let mut iteration = Vec::with_capacity(moves.len());
            let mut all_exact = true;
            for m in moves {
                self.horizon = false;
                let mut child = *pos;
                child.play_unchecked(m);
                let value = self.value(&child, depth - 1, -INF, INF);
                if self.clock.stopped() {
                    break;
                }
                all_exact &= !self.horizon;
                iteration.push(MoveValue {
                    mv: m,
                    value,
                    exact: !self.horizon,
                });
            }
            if iteration.len() < moves.len() {
                break;
            }
            results = iteration;
            if all_exact {
                break;
            }
            depth += 1;
        }
        if results.is_empty() {
            // Not even one iteration: list the moves unvalued.
            results = moves
                .iter()
                .map(|mv| MoveValue {
                    mv,
                    value: 0,
                    exact: false,
                })
                .collect();
        }
        results.sort_by_key(|m| std::cmp::Reverse(m.value));
        results
    }

    /// One iteration at the root; `None` if a limit stopped it before any
    /// result (a stopped iteration after the first root move still counts
    /// the moves it finished).
    fn root_iteration(
        &mut self,
        pos: &Position<'_>,
        depth: u32,
        guess: i32,
    ) -> Option<(i32, Option<Move>)> {
        self.horizon = false;
        let (mut alpha, mut beta) = if self.aspiration && depth > 1 {
            (guess - ASPIRATION, guess + ASPIRATION)
        } else {
            (-INF, INF)
        };
        loop {
            let value = self.value(pos, depth, alpha, beta);
            if self.clock.stopped() {
                return None;
            }
            if value <= alpha && alpha > -INF {
                alpha = -INF;
            } else if value >= beta && beta < INF {
                beta = INF;
            } else {
                let best = self
                    .table
                    .as_ref()
                    .and_then(|t| t.probe(pos.key() ^ self.salt))
                    .and_then(|hit| usable(pos.legal_moves(), hit.best))
                    .or_else(|| self.best_without_table(pos, depth, value));
                return Some((value, best));
            }
            self.horizon = false;
        }
    }

    /// Without a table, find the root move that reaches `value`.
    fn best_without_table(&mut self, pos: &Position<'_>, depth: u32, value: i32) -> Option<Move> {
        let maximise = self.maximises(pos);
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = self.value(&child, depth - 1, -INF, INF);
            if v == value || (maximise && v > value) || (!maximise && v < value) {
                return Some(m);
            }
        }
        pos.legal_moves().iter().next()
    }

    #[inline]
    fn maximises(&self, pos: &Position<'_>) -> bool {
        pos.player_to_move() == self.root_player
    }

    fn terminal(&self, pos: &Position<'_>) -> Option<i32> {
        let outcome = pos.outcome()?;
        Some(terminal_value(
            &outcome,
            pos.side_of(self.root_player).index(),
        ))
    }

    /// The value of `pos` for the root player, searched `depth` moves deep
    /// within the window `(alpha, beta)`.
    fn value(&mut self, pos: &Position<'_>, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(value) = self.terminal(pos) {
            return value;
        }
        if depth == 0 {
            self.horizon = true;
            return self
                .evaluator
                .evaluate(pos, pos.side_of(self.root_player).index());
        }
        let key = pos.key() ^ self.salt;
        let moves = pos.legal_moves();
        let table_move = match self.probe(key, moves, depth, alpha, beta) {
            Ok(table_move) => table_move,
            Err(value) => return value,
        };
        let (alpha0, beta0) = (alpha, beta);
        let maximise = self.maximises(pos);
        let horizon_before = self.horizon;
        self.horizon = false;
        let order = self.order(pos, moves, table_move);
        let mut best_value = if maximise { -INF } else { INF };
        let mut best_move = None;
        for &m in &order[..moves.len()] {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = self.value(&child, depth - 1, alpha, beta);
            if self.clock.stopped() {
                return 0;
            }
            if (maximise && v > best_value) || (!maximise && v < best_value) {
                best_value = v;
                best_move = Some(m);
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.history[pos.to_move().index()][move_index(m)] += depth * depth;
                break;
            }
        }
        let exact_subtree = !self.horizon;
        self.horizon |= horizon_before;
        if let Some(table) = &mut self.table {
            let bound = if best_value <= alpha0 {
                Bound::Upper
            } else if best_value >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let stored_depth = if exact_subtree {
                FULL
            } else {
                depth.min(u32::from(FULL) - 1) as u8
            };
            table.store(
                key,
                best_value,
                stored_depth,
                bound,
                exact_subtree,
                best_move,
            );
        }
        best_value
    }

    /// What the table knows of `key` for a search `depth` moves deep in
    /// the window `(alpha, beta)`: `Err` with the value when it settles
    /// the position, else the stored best move (if still legal).
    fn probe(
        &mut self,
        key: u64,
        moves: MoveList,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<Option<Move>, i32> {
        let Some(hit) = self.table.as_ref().and_then(|t| t.probe(key)) else {
            return Ok(None);
        };
        let deep_enough = hit.depth == FULL || u32::from(hit.depth) >= depth;
        let cut = deep_enough
            && match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.value >= beta,
                Bound::Upper => hit.value <= alpha,
            };
        if cut {
            if !hit.exact_subtree {
                self.horizon = true;
            }
            return Err(hit.value);
        }
        Ok(usable(moves, hit.best))
    }

    /// The moves of `pos` in search order: the table's move, then extra
    /// turns, then the biggest gains, then by history (children are played
    /// again when searched: cheaper than copying them around).
    fn order(
        &self,
        pos: &Position<'_>,
        moves: MoveList,
        table_move: Option<Move>,
    ) -> [Move; MoveList::CAPACITY] {
        let mut scored = [(0i64, Move::Swap); MoveList::CAPACITY];
        let side = pos.to_move();
        let player = pos.player_to_move();
        for (slot, m) in scored.iter_mut().zip(moves) {
            slot.1 = m;
            if self.ordering {
                let mut child = *pos;
                child.play_unchecked(m);
                slot.0 = if Some(m) == table_move {
                    i64::MAX
                } else {
                    i64::from(moves_again(player, &child)) * (1 << 40)
                        + i64::from(gain(pos, &child)) * (1 << 32)
                        + i64::from(self.history[side.index()][move_index(m)])
                };
            }
        }
        if self.ordering {
            sort_best_first(&mut scored[..moves.len()], |&(score, _)| score);
        }
        scored.map(|(_, m)| m)
    }

    /// The line of best moves the table remembers from `pos`.
    fn principal_variation(&self, pos: &Position<'_>, first: Option<Move>) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *pos;
        let mut next = first;
        while let Some(m) = next {
            if line.len() >= 64 || !pos.is_legal(m) {
                break;
            }
            line.push(m);
            pos.play_unchecked(m);
            next = self
                .table
                .as_ref()
                .and_then(|t| t.probe(pos.key() ^ self.salt))
                .and_then(|hit| usable(pos.legal_moves(), hit.best));
        }
        line
    }
}
