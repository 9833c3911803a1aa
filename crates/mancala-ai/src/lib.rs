//! # mancala-ai: search for any mancala rule set
//!
//! Players and search for every [`mancala_core`] rule set, 2 to 4 players.
//! Nothing here assumes that turns alternate: extra turns, pie swaps and
//! three or four players all break that.
//!
//! - [`Strategy`]: choosing a move, and being told every move played
//!   ([`Strategy::observe`]; [`Mcts`] models its opponents from them).
//!   [`Random`], [`Greedy`], [`AlphaBeta`], [`Mcts`], the levels of
//!   [`Spec`] (`ai:1`..`ai:10`) and [`Exact`] (`exact`: perfect play
//!   where the solver finishes) are strategies.
//! - [`Evaluator`]: valuing a position that is not finished
//!   ([`StoreDifference`], [`Heuristic`]).
//! - [`Limits`]: a depth, node or time budget (`depth=8`, `time=100ms`).
//! - [`TimeControl`], [`allocate`], [`TimeManager`], [`Timed`]: time
//!   management, the time of each move from a budget per move and/or a
//!   game clock (`200ms`, `5m+2s`).
//! - [`AlphaBeta`]: iterative deepening alpha-beta with a transposition
//!   table, move ordering and aspiration windows; paranoid with 3 or 4
//!   players.
//! - [`MaxN`]: max^n search for 2 to 4 players (each player maximises their
//!   own value), iterative deepening with shallow pruning and a table.
//! - [`Mcts`]: Monte-Carlo tree search (UCT) with random playouts, for any
//!   rule set and 2 to 4 players.
//! - [`Solver`]: the exact value of a two-player position (MTD(f) with a
//!   table of bounds; where [the board alone decides the
//!   future](mancala_core::Rules::board_decides_future), a board-only
//!   value, bounds from the seeds left, enhanced transposition cutoffs and
//!   an endgame database, [`Egdb`]).
//! - [`Book`]: an opening book, the exact value of every move of the
//!   positions a game starts with ([`Book::built_in`]: Kalah(6,4)'s first
//!   four turns); [`Booked`] keeps a player to its best moves.
//! - [`analyse`]: every move of a position valued, exactly when the opening
//!   book holds it or the solver finishes in time, else by alpha-beta.
//! - [`review_game`]: every move of a whole game valued before and after,
//!   with the best move, the value lost and a [`Verdict`], exactly where
//!   the solver finishes within a node budget ([`ReviewBudget`]);
//!   [`review_match`] reviews every round of a match in rounds.
//!
//! - [`arena`]: matches between specs, seats rotating, with win/draw/loss
//!   tallies and Elo.
//!
//! Values are in [`SEED`] units per seed; a finished game is worth
//! [`WIN`] (or `-WIN`, or 0 for a draw) plus the score difference, see
//! [`terminal_value`] and [`score_difference`].

#![deny(missing_docs)]

mod alphabeta;
mod analysis;
pub mod arena;
pub mod book;
mod egdb;
mod eval;
mod exact;
mod limits;
mod maxn;
mod mcts;
mod moves;
mod params;
mod playouts;
mod review;
mod solver;
pub mod spec;
mod strategy;
mod timemgmt;
mod tt;
mod value;

pub use alphabeta::{AlphaBeta, SearchReport};
pub use analysis::analyse;
pub use book::{Book, BookError, Booked};
pub use egdb::{Egdb, EgdbError};
pub use eval::{Evaluator, Heuristic, KalahTerms, SideTerms, StoreDifference};
pub use exact::Exact;
pub use limits::Limits;
pub use maxn::{MaxN, MaxNReport};
pub use mcts::{Mcts, MctsReport, OpponentModel};
pub use playouts::{PLAYOUT_CAP, PlayoutTotals, random_playouts};
pub use review::{
    MoveReview, ReviewBudget, RoundReview, Verdict, VerdictParseError, review_game,
    review_game_with, review_match, review_match_with,
};
pub use solver::{
    DatabaseLimit, MachineSizing, OutOfBudget, Progress, Solution, Solver, SolverError,
    SolverOptions,
};
pub use spec::{
    Algorithm, EXACT_NODES, EvalKind, KALAH_TERMS_LEVEL, LEVEL_NODES_2P, LEVEL_NODES_MP,
    LEVEL_PLAYOUT_MOVES, MAX_LEVEL, Player, Spec, level_algorithm, level_limits,
};
pub use strategy::{FirstLegal, Greedy, Random, Strategy};
pub use timemgmt::{
    Allocation, GameClock, MoveTime, TimeControl, TimeManager, Timed, allocate, moves_to_go,
};
pub use value::{MoveValue, SEED, WIN, is_decisive, score_difference, terminal_value};

/// A player or budget description that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A setting that is not `key=value`.
    #[error("bad setting \"{text}\": expected key=value")]
    Syntax {
        /// The offending text.
        text: String,
    },
    /// An unknown setting.
    #[error("unknown setting \"{key}\"")]
    Key {
        /// The key as written.
        key: String,
    },
    /// A setting whose value does not parse.
    #[error("{key}={value}: {reason}")]
    Value {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What was expected.
        reason: String,
    },
}
