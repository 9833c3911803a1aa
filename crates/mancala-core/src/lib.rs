//! # mancala-core: mancala rules as data
//!
//! The rules library of the `mancala` workspace. One [`RuleSet`] value
//! describes a whole game (board, sowing, captures, grand slam, feeding,
//! ending and scoring); the presets ([`Preset`]) are just values of it, and
//! rule files (TOML, JSON) are the same struct written down. The engine
//! has no per-game code.
//!
//! ```
//! use mancala_core::{Game, Move, Preset, Rules};
//!
//! let rules = Rules::new(&Preset::Oware.rules())?;
//! let mut game = Game::new(&rules);
//! while !game.is_over() {
//!     // Always sow the rightmost legal house.
//!     let m = game.legal_moves().iter().last().unwrap();
//!     game.play(m)?;
//! }
//! println!("{}", game.outcome().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The pieces
//!
//! - [`RuleSet`] (plain data, serde) is validated and compiled into
//!   [`Rules`], which precomputes the sowing tracks, skips and
//!   corresponding houses so that playing a move allocates nothing.
//! - [`Setup`] is a position as unchecked data (serde, and a one-line
//!   notation); [`Position::from_setup`] checks it against the rules.
//!   [`Position`] is `Copy` and borrows its rules.
//! - Moves: [`Position::legal_moves`], [`Position::is_legal`],
//!   [`Position::play`] (which hands an illegal move back with the
//!   reason) and the fast [`Position::play_unchecked`].
//! - [`Game`] keeps the history: undo, and the `repetition` end condition.
//! - [`Outcome`]: scores and ranks (shared ranks for ties), win/draw/loss
//!   for two players.
//! - [`perft`] counts move sequences.
//!
//! ## Notation
//!
//! Moves are house numbers `1..=houses` from the mover's point of view in
//! sowing order (house 1 is the furthest from the mover's store), or
//! `swap`; see [`Move`] and [`parse_moves`]. Positions have a one-line
//! notation, `4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0`; see [`Setup`].
//!
//! ## Choices where the specification is silent
//!
//! RULES.md is the specification. Where it and the seed documents leave a
//! point open, this crate decides as follows.
//!
//! - **Board layout.** Side `s`'s houses and then its store follow each
//!   other counter-clockwise; the store exists in store-less games too and
//!   holds the captured seeds.
//! - **Order of the end checks.** After a move: `empty_first`, then
//!   `any_side_empty`, then `majority`; then the legal moves of the side to
//!   move are worked out, and if there are none the game ends (with the
//!   `unfed` rule when the only obstacle is feeding).
//! - **`unfed` and starving.** `end_to_mover` and `end_to_starving` apply
//!   when the opponent's side is empty, the mover has a move, and none of
//!   them feeds. A player who cannot move because their own side is empty
//!   claims the board only under `must_feed` with `end_to_starving`.
//! - **Grand slam.** Decided on the whole capture of the move: seeds taken
//!   from the opponent's side and the opponent's side empty afterwards.
//!   Under `no_capture` the move captures nothing at all, own-side houses
//!   included.
//! - **`no_capture_moves` and `first_move_extra_turn`** count sowings: a
//!   pie swap is not one.
//! - **Pie rule.** `swap` is legal when side 1 is to move, has not sown
//!   yet, and side 0 has moved. If side 1 has no other move, `swap` still
//!   keeps the game going.
//! - **Count captures** need a count of at least 2 (a count of 1 is the
//!   lone last seed, which is the opposite-capture family); the chain walk
//!   stops when it comes back round to the house it started from.
//! - **Ranks under `empty_first`** with 3 or 4 players: the sides that
//!   emptied rank first (shared if several emptied with the same move),
//!   the others by the seeds they still hold, fewest first.
//! - **Resignation.** The resigning side ranks below everyone who did not
//!   resign, the first to resign last. The game ends when only one player
//!   has not resigned; the board is then left as it is.
//! - **Repetition** compares the cups, the side to move and the pie state
//!   (not the move count), and is applied by [`Game`].
//! - **Leftover `split`** shares the board between all players; what
//!   cannot be shared is discarded (counted in [`Position::discarded`]).
//! - **Limits.** 2 to 4 players, 1 to 16 houses each, at most 255 seeds in
//!   all (a cup is a byte).
//!
//! ## Features
//!
//! - `toml` (default): [`RuleSet::from_toml`] and [`RuleSet::to_toml`].
//! - `json` (default): [`RuleSet::from_json`] and [`RuleSet::to_json`].

#![deny(missing_docs)]

mod error;
mod game;
mod implied;
mod mv;
mod outcome;
mod perft;
mod position;
mod preset;
mod rules;
mod ruleset;
mod setup;
mod spec;

pub use error::{
    IllegalMove, IllegalReason, InvalidReason, MoveParseError, NameError, NotationError,
    NotationField, NotationReason, RuleError, RuleSpecError, SetupError,
};
pub use game::{Game, ReplayError};
pub use mv::{Move, MoveList, MoveListIter, format_moves, parse_moves};
pub use outcome::{EndReason, Outcome, Wdl};
pub use perft::{perft, perft_divide};
pub use position::{Cup, Effect, Position};
pub use preset::{KalahOptions, Preset};
pub use rules::Rules;
pub use ruleset::{
    Capture, CaptureFrom, CaptureSide, CountSet, DIMENSIONS, EndCondition, EndSet, ExtraTurn,
    GrandSlam, Leftover, MAX_HOUSES, MAX_PLAYERS, MAX_SEEDS, Origin, RuleSet, StoresSown, Unfed,
};
pub use setup::{PieState, Setup};
