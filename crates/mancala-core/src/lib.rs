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
//! let mut game = Game::new(rules);
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
//! - [`Game`] owns its rules (`Send + 'static`, for servers and bindings)
//!   and records every event of a game: moves, resignations, an end by
//!   agreement, seats handed to the computer; undo, replay and serde.
//!   [`History`] is the cheap borrowed history for search and playouts.
//!   Both apply the `repetition` end condition.
//! - [`Side`] names a side of the board (0 moves first), and [`BySide`]
//!   holds one value per side.
//! - [`Outcome`]: scores and ranks (shared ranks for ties), win/draw/loss
//!   for two players.
//! - [`RuleSet::explain`] says the rules for players, topic by topic
//!   ([`RuleTopic`]), as [`Phrase`]s: message ids with arguments that
//!   the `mancala-i18n` catalogs word in each language; a rules page's
//!   other facts are phrases too: [`RuleSet::aim`], [`RuleSet::glossary`]
//!   ([`Term`]) and [`RuleSet::questions`] ([`Question`]).
//! - [`Match`] plays a game in rounds (`rounds = fill`): the seeds each
//!   player won fill their houses for the next round, the rest burnt
//!   ([`Rules::with_burnt`]); one-line notation, serde and undo.
//! - [`perft()`] counts move sequences.
//!
//! ## Notation
//!
//! Moves are house numbers `1..=houses` from the mover's point of view in
//! sowing order (house 1 is the furthest from the mover's store), or
//! `swap`; see [`Move`] and [`parse_moves`]. Positions have a one-line
//! notation, `4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=0 ply=0`; see [`Setup`]. A
//! whole game has a one-line form, its rules then its events
//! (`kalah,houses=4,seeds=3; 2, 4, resign 1`): [`Game`]'s `Display` and
//! `FromStr`, with [`GameLineError`] naming what does not fit.
//!
//! ## Rules reference
//!
//! `docs/rules.md` in the repository describes every rule dimension and
//! preset, and (its section 13) the choices this crate makes where the
//! specification and the seed documents are silent: board layout, the
//! order of the end checks, feeding and starving, grand slams, the pie
//! rule, count captures, ranks, resignation, repetition, leftovers and the
//! limits (2 to 4 players, 1 to 16 houses, at most 255 seeds).
//!
//! ## Features
//!
//! - `toml` (default): [`RuleSet::from_toml`] and [`RuleSet::to_toml`].
//! - `json` (default): [`RuleSet::from_json`] and [`RuleSet::to_json`].

#![deny(missing_docs)]

mod error;
mod explain;
mod game;
mod guide;
mod history;
mod implied;
mod line;
mod mv;
mod outcome;
mod perft;
mod phrase;
mod position;
mod preset;
mod record;
mod rounds;
mod rules;
mod ruleset;
mod seen;
mod setup;
mod side;
mod spec;

pub use error::{
    IllegalMove, IllegalReason, ImpossibleChildren, ImpossibleEnd, ImpossiblePie,
    ImpossibleResignation, ImpossibleTuzdyk, InvalidReason, MoveParseError, NameError,
    NotationError, NotationField, NotationReason, RuleError, RuleSpecError, SetupError,
};
pub use explain::RuleTopic;
pub use game::{Event, EventError, EventParseError, Game, RecordError};
pub use guide::{Question, Term};
pub use history::{History, ReplayError};
pub use mv::{Move, MoveList, MoveListIter, Sense, format_moves, parse_moves};
pub use outcome::{EndReason, Outcome, Wdl};
pub use perft::{perft, perft_divide};
pub use phrase::{Phrase, PhraseArg};
pub use position::{Choose, Cup, Effect, Playout, Position, SowingStep};
pub use preset::{KalahOptions, Preset, shipped_rule_file, shipped_rule_files};
pub use record::GameLineError;
pub use rounds::{Match, MatchLineError, rounds_won};
pub use rules::Rules;
pub use ruleset::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, CountSet, DIMENSIONS,
    Direction, EndCondition, EndSeedsTo, EndSet, ExtraTurn, FirstMove, GrandSlam, HouseSet,
    LapCapture, Layout, Leftover, MAX_HOUSES, MAX_PLAYERS, MAX_SEEDS, NoMove, Origin, Relay,
    RelayOn, RoundFill, RoundStarter, Rounds, RuleSet, SowCaptureBy, StoresSown, TerritoryRest,
    Unfed,
};
pub use setup::{PieState, Setup};
pub use side::{BySide, Side};
