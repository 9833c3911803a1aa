//! Player descriptions: `random`, `greedy`, `ai:5`, `ai:5,time=100ms`,
//! `mcts:nodes=20000,seed=3`, `human`, and the players they build.
//!
//! # Syntax
//!
//! ```text
//! spec     = "human" | "random" [settings] | "greedy" [settings]
//!          | "ai:" level [settings] | "exact" [settings]
//!          | ("alphabeta" | "maxn" | "mcts") [(":" | ",") setting {"," setting}]
//! settings = "," setting {"," setting}
//! setting  = "depth=" N | "nodes=" N | "time=" DURATION | "seed=" N
//!          | "eval=" ("heuristic" | "plain" | "store") | "playout=" N
//!          | "model=" ("on" | "off") | "lanes=" N | "book=" ("on" | "off")
//! level    = 1 ..= 10
//! ```
//!
//! Names are case-insensitive; `ab` and `alpha-beta` also name alpha-beta,
//! `max-n` max^n, `uct` MCTS. `nodes=` takes `k` and `m` suffixes
//! (`nodes=200k`), `time=` a unit (`100ms`, `2s`, `250us`, `1m`). A setting
//! may appear once. [`Spec`]'s `Display` writes the canonical form, which
//! parses back to the same spec.
//!
//! - `depth=`, `nodes=` and `time=` set the search budget ([`Limits`]).
//!   On a level they *replace* the level's node budget as a whole:
//!   `ai:5,time=100ms` is the level-5 player limited by time alone (the
//!   level still picks the algorithm). MCTS counts iterations as nodes and
//!   takes no depth. `random` and `greedy` take no budget.
//! - Under a time manager ([`Spec::timed_strategy`] and
//!   [`Timed`](crate::Timed): `mancala agent --time`, `mancala play
//!   --time`), `alphabeta`, `maxn` and `mcts` without a budget think for
//!   the time each move is given; a level or a spec with a budget keeps
//!   its own within it.
//! - `seed=` fixes the player's seed (see [`Spec::strategy`]).
//! - `eval=` picks the evaluation of alpha-beta and max^n:
//!   [`Heuristic`] (the default), `plain` ([`Heuristic`] without its
//!   Kalah terms: under Kalah's rules the evaluation the levels used
//!   before they had them, elsewhere the same as `heuristic`) or
//!   [`StoreDifference`]. Levels below [`KALAH_TERMS_LEVEL`] (8) play
//!   `plain` where they would play `heuristic`.
//! - `playout=` caps MCTS playouts at N moves (1 or more), after which the
//!   evaluation ranks the sides ([`Mcts::playout_cap`]). An `mcts` spec
//!   plays whole-game playouts without it (up to
//!   [`Mcts::DEFAULT_PLAYOUT_CAP`] moves); a level with 3-4 players plays
//!   [`LEVEL_PLAYOUT_MOVES`], so `mcts:nodes=100k,playout=10` is `ai:10`
//!   with three players. Only MCTS takes it: on `alphabeta`, `maxn`,
//!   `random`, `greedy` and `human` it is an error, and on a level it is an
//!   error from [`Spec::strategy`] when the rules seat two players (the
//!   level then plays alpha-beta).
//! - `model=off` turns off MCTS's opponent modelling
//!   ([`Mcts::opponent_modelling`]): every opponent is then taken to search
//!   as well as the player itself (plain UCT). `model=on` is the default.
//!   Like `playout=`, only MCTS takes it: an error on the other players,
//!   and from [`Spec::strategy`] on a level when the rules seat two
//!   players.
//! - `lanes=` plays MCTS's random playouts N at a time (1 to 4), in the
//!   lanes of one thread ([`Mcts::rollout_lanes`]); the default is
//!   [`Mcts::DEFAULT_ROLLOUT_LANES`] (2). Two lanes took 11% less time
//!   than one in Kalah and 9% in Oware at the same iterations, and the
//!   search in lanes scored 0.50 to 0.52 against one at equal
//!   iterations (docs/results.md section 3.1).
//!   `lanes=1` is the search of earlier versions, move for move. Only
//!   MCTS takes it, as `playout=`.
//!
//! - `book=on` keeps the player to the best moves of the built-in opening
//!   book where the rules have one ([`Book::built_in`]: Kalah(6,4), every
//!   position of the game's first four turns with the exact value of each
//!   move): where the book holds the position, the player's own move
//!   stands if the book values it best, else a best move of the book is
//!   played ([`Booked`]). It is on by default for levels from
//!   [`BOOK_LEVEL`] (8) up, for `exact`, and under a time manager for
//!   `alphabeta`, `maxn` and `mcts` named without a budget; `book=off`
//!   turns it off. Out of the book the player plays as it would. A human
//!   takes no book.
//!
//! # Levels
//!
//! `ai:1` .. `ai:10` are node budgets growing geometrically, by about 2.4
//! (2 players) and 2.6 (3-4 players) per level (deterministic: the same
//! seed replays the same game):
//!
//! | level | 2 players: [`AlphaBeta`] nodes | 3-4 players: [`Mcts`] iterations |
//! |---|---|---|
//! | 1 | 10 | 20 |
//! | 2 | 25 | 50 |
//! | 3 | 60 | 130 |
//! | 4 | 150 | 340 |
//! | 5 | 400 | 900 |
//! | 6 | 1,000 | 2,300 |
//! | 7 | 2,500 | 6,000 |
//! | 8 | 6,000 | 15,000 |
//! | 9 | 16,000 | 40,000 |
//! | 10 | 40,000 | 100,000 |
//!
//! **Two players** use [`AlphaBeta`] with the [`Heuristic`] evaluation.
//!
//! **Three and four players** use [`Mcts`], the strongest of paranoid
//! [`AlphaBeta`], [`MaxN`] and MCTS at about the same time per move in 3-
//! and 4-player Kalah (docs/results.md section 7.1). The levels' MCTS
//! plays short playouts: [`LEVEL_PLAYOUT_MOVES`] (10) random moves, then
//! the position is ranked by the evaluation (see [`Mcts::playout_cap`]),
//! which proved stronger than whole-game playouts, and cheaper.
//!
//! # Exact play
//!
//! `exact` ([`Exact`]) plays perfectly where the game is solved: for each
//! move the exact [`Solver`] (one thread) solves the position within a
//! budget of [`EXACT_NODES`] positions, and the player
//! plays a best move. Where the solver does not finish in time, or the
//! rules seat three or four players, that move is level 10's (`ai:10`).
//! It takes only `nodes=` and `time=` (the solver's budget for each move,
//! replacing the default as a whole: `exact,time=1s` is limited by time
//! alone), `seed=` (level 10's seed) and `book=` (on by default: in
//! Kalah(6,4) the book's exact values stand in for a solve the budget
//! cannot finish from the start); any other setting is an error.
//! [`Strategy::last_value`](crate::Strategy::last_value) tells the value
//! of the move it chose, exact when the solver found it. A spec holds no
//! endgame database: [`Spec::strategy_with_database`] gives one to the
//! exact player, whose solver then looks up every board with few seeds
//! left (`mancala play --database FILE`).
//!
//! # Seeds and determinism
//!
//! Every player built by [`Spec::strategy`] is deterministic for a given
//! seed under node and depth budgets. [`Random`], [`Greedy`] and [`Mcts`]
//! draw from the seed; alpha-beta and max^n would play every game alike,
//! so they add to the evaluation a small tie-breaking term drawn from the
//! seed and the position (under a quarter of a seed, of the "mine minus
//! the best other" form, so max^n's shallow pruning stays sound), which
//! makes games between two searchers differ from seed to seed.

use std::fmt;

use mancala_core::Rules;

mod factory;
mod grammar;
mod seeded;

pub(crate) use seeded::splitmix;

use crate::SpecError;
use crate::limits::Limits;
// Named by the docs.
#[cfg(doc)]
use crate::{
    AlphaBeta, Book, Booked, Exact, Greedy, Heuristic, MaxN, Mcts, Random, Solver, StoreDifference,
};

/// The highest level.
pub const MAX_LEVEL: u8 = 10;

/// Node budgets of the levels with two players ([`AlphaBeta`] nodes),
/// level 1 first.
pub const LEVEL_NODES_2P: [u64; MAX_LEVEL as usize] =
    [10, 25, 60, 150, 400, 1_000, 2_500, 6_000, 16_000, 40_000];

/// Budgets of the levels with three or four players ([`Mcts`]
/// iterations), level 1 first.
pub const LEVEL_NODES_MP: [u64; MAX_LEVEL as usize] =
    [20, 50, 130, 340, 900, 2_300, 6_000, 15_000, 40_000, 100_000];

/// The lowest level whose evaluation has the Kalah terms
/// ([`Heuristic::kalah`]): levels below it evaluate with `eval=plain`.
/// At their small budgets the terms lost games to OpenSpiel's MCTS that
/// the plain evaluation won, and from level 8 up they win more
/// (docs/results.md section 6.1).
pub const KALAH_TERMS_LEVEL: u8 = 8;

/// The lowest level kept to the best moves of the built-in opening book
/// where the rules have one ([`Book::built_in`]: Kalah(6,4)): `book=on`
/// or `book=off` in a spec says otherwise. Kept with the Kalah terms' level: the book is for
/// the players meant to be strongest.
pub const BOOK_LEVEL: u8 = 8;

/// The default budget of [`Exact`]'s solver for each move, in positions
/// (`exact,nodes=N` sets another): about a quarter of a second in a
/// release build, enough for Kalah(4,3) from the start and for the last
/// dozen moves of a Kalah(6,4) game.
pub const EXACT_NODES: u64 = 2_000_000;

/// The playouts of the levels with three or four players: this many moves,
/// then the position is ranked by the evaluation ([`Mcts::playout_cap`]).
pub const LEVEL_PLAYOUT_MOVES: u32 = 10;

/// A search algorithm that a spec can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`AlphaBeta`] (paranoid with 3-4 players).
    AlphaBeta,
    /// [`MaxN`].
    MaxN,
    /// [`Mcts`].
    Mcts,
}

impl Algorithm {
    /// The algorithm's name in specs.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::MaxN => "maxn",
            Algorithm::Mcts => "mcts",
        }
    }

    pub(super) fn parse(name: &str) -> Option<Algorithm> {
        match name {
            "alphabeta" | "alpha-beta" | "ab" => Some(Algorithm::AlphaBeta),
            "maxn" | "max-n" | "max^n" => Some(Algorithm::MaxN),
            "mcts" | "uct" => Some(Algorithm::Mcts),
            _ => None,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The evaluation a searching player uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// [`Heuristic`] with its default weights.
    #[default]
    Heuristic,
    /// [`StoreDifference`].
    Store,
    /// [`Heuristic`] without its Kalah terms ([`Heuristic::kalah`]
    /// `None`): under Kalah's rules the evaluation of earlier versions,
    /// elsewhere the same as `Heuristic`.
    Plain,
}

impl EvalKind {
    /// The evaluation's name in specs.
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Heuristic => "heuristic",
            EvalKind::Store => "store",
            EvalKind::Plain => "plain",
        }
    }
}

/// Who a spec describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A person: the caller asks them for moves ([`Spec::strategy`] fails).
    Human,
    /// [`Random`].
    Random,
    /// [`Greedy`].
    Greedy,
    /// A level, 1 to [`MAX_LEVEL`]: the algorithm and budget depend on the
    /// number of players (see the [module docs](self)).
    Level(u8),
    /// An explicit algorithm.
    Search(Algorithm),
    /// [`Exact`]: the solver's best move where it finishes within its
    /// budget, else level 10's (see the [module docs](self#exact-play)).
    Exact,
}

/// A player description: who plays, with which budget, seed and
/// evaluation (see the [module docs](self) for the syntax).
///
/// # Examples
///
/// ```
/// use mancala_ai::{Limits, Player, Spec};
/// use mancala_core::{Position, Preset, Rules};
///
/// let spec: Spec = "ai:5,time=100ms".parse()?;
/// assert_eq!(spec.player, Player::Level(5));
/// assert_eq!(spec.limits, "time=100ms".parse::<Limits>()?);
/// assert_eq!(spec.to_string(), "ai:5,time=100ms");
///
/// let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
/// let mut player = "ai:3".parse::<Spec>()?.strategy(&rules, 7)?;
/// assert!(player.choose(&Position::new(&rules)).is_some());
///
/// assert!("human".parse::<Spec>()?.strategy(&rules, 7).is_err());
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Who plays.
    pub player: Player,
    /// The budget given in the spec (empty: the level's, or the
    /// algorithm's default).
    pub limits: Limits,
    /// The seed given in the spec, if any.
    pub seed: Option<u64>,
    /// The evaluation of alpha-beta and max^n.
    pub eval: EvalKind,
    /// The MCTS playout cap in moves given in the spec (`playout=`), if
    /// any.
    pub playout: Option<u32>,
    /// Whether MCTS models its opponents, if the spec says (`model=`;
    /// `None` is the default, on: see [`Mcts::opponent_modelling`]).
    pub model: Option<bool>,
    /// The MCTS playouts played together (`lanes=`, 1 to 4), if the spec
    /// says (`None` is [`Mcts::DEFAULT_ROLLOUT_LANES`]: see
    /// [`Mcts::rollout_lanes`]).
    pub lanes: Option<u8>,
    /// Whether the player is kept to the built-in opening book, if the
    /// spec says (`book=`; `None` is the default: see
    /// [`Spec::plays_book`]).
    pub book: Option<bool>,
}

impl Spec {
    /// The evaluation this spec's player uses: [`Spec::eval`], except
    /// that a level below [`KALAH_TERMS_LEVEL`] plays
    /// [`EvalKind::Plain`] for [`EvalKind::Heuristic`].
    ///
    /// ```
    /// use mancala_ai::{EvalKind, Spec};
    ///
    /// assert_eq!("ai:5".parse::<Spec>()?.eval_kind(), EvalKind::Plain);
    /// assert_eq!("ai:8".parse::<Spec>()?.eval_kind(), EvalKind::Heuristic);
    /// assert_eq!("alphabeta".parse::<Spec>()?.eval_kind(), EvalKind::Heuristic);
    /// assert_eq!("ai:5,eval=store".parse::<Spec>()?.eval_kind(), EvalKind::Store);
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub fn eval_kind(&self) -> EvalKind {
        match self.player {
            Player::Level(level)
                if level < KALAH_TERMS_LEVEL && self.eval == EvalKind::Heuristic =>
            {
                EvalKind::Plain
            }
            _ => self.eval,
        }
    }

    /// A spec for `player` with no settings.
    pub const fn new(player: Player) -> Spec {
        Spec {
            player,
            limits: Limits::NONE,
            seed: None,
            eval: EvalKind::Heuristic,
            playout: None,
            model: None,
            lanes: None,
            book: None,
        }
    }

    /// The spec of level `level` (1 to [`MAX_LEVEL`]; not checked here,
    /// [`Spec::strategy`] does).
    pub const fn level(level: u8) -> Spec {
        Spec::new(Player::Level(level))
    }

    /// This spec with the budget `limits` (see the [module docs](self)).
    pub const fn with_limits(mut self, limits: Limits) -> Spec {
        self.limits = limits;
        self
    }

    /// This spec with the seed fixed to `seed`.
    pub const fn with_seed(mut self, seed: u64) -> Spec {
        self.seed = Some(seed);
        self
    }

    /// This spec with the evaluation `eval`.
    pub const fn with_eval(mut self, eval: EvalKind) -> Spec {
        self.eval = eval;
        self
    }

    /// This spec with MCTS playouts capped at `moves` moves (see the
    /// [module docs](self)).
    pub const fn with_playout(mut self, moves: u32) -> Spec {
        self.playout = Some(moves);
        self
    }

    /// This spec with MCTS opponent modelling turned on or off (see the
    /// [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Spec;
    ///
    /// let spec = Spec::level(10).with_model(false);
    /// assert_eq!(spec.to_string(), "ai:10,model=off");
    /// assert_eq!("ai:10,model=off".parse::<Spec>()?, spec);
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub const fn with_model(mut self, on: bool) -> Spec {
        self.model = Some(on);
        self
    }

    /// This spec with MCTS playing `n` playouts together (1 to
    /// [`Mcts::MAX_ROLLOUT_LANES`]; checked by [`Spec::strategy`], not here; see
    /// the [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Spec;
    ///
    /// let spec = "mcts:nodes=20k".parse::<Spec>()?.with_lanes(4);
    /// assert_eq!(spec.to_string(), "mcts:nodes=20000,lanes=4");
    /// assert_eq!("mcts:lanes=4,nodes=20k".parse::<Spec>()?, spec);
    /// assert!("alphabeta:lanes=4".parse::<Spec>().is_err());
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub const fn with_lanes(mut self, n: u8) -> Spec {
        self.lanes = Some(n);
        self
    }

    /// This spec with the opening book turned on or off (see the [module
    /// docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Spec;
    ///
    /// let spec = Spec::level(10).with_book(false);
    /// assert_eq!(spec.to_string(), "ai:10,book=off");
    /// assert_eq!("ai:10,book=off".parse::<Spec>()?, spec);
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub const fn with_book(mut self, on: bool) -> Spec {
        self.book = Some(on);
        self
    }

    /// Whether this spec's player is kept to the built-in opening book
    /// where the rules have one ([`Book::built_in`]), built by
    /// [`Spec::strategy`] (`timed: false`) or by [`Spec::timed_strategy`]
    /// under a time control (`timed: true`): `book=` if the spec says,
    /// else levels from [`BOOK_LEVEL`] up, `exact`, and under a time
    /// control an algorithm named without a budget (the player that thinks
    /// for the time it is given).
    ///
    /// ```
    /// use mancala_ai::Spec;
    ///
    /// assert!("ai:10".parse::<Spec>()?.plays_book(false));
    /// assert!(!"ai:7".parse::<Spec>()?.plays_book(false));
    /// assert!("ai:7,book=on".parse::<Spec>()?.plays_book(false));
    /// assert!("exact".parse::<Spec>()?.plays_book(false));
    /// assert!(!"alphabeta".parse::<Spec>()?.plays_book(false));
    /// assert!("alphabeta".parse::<Spec>()?.plays_book(true));
    /// assert!(!"alphabeta:nodes=1000".parse::<Spec>()?.plays_book(true));
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub fn plays_book(&self, timed: bool) -> bool {
        self.book.unwrap_or(match self.player {
            Player::Level(level) => level >= BOOK_LEVEL,
            Player::Exact => true,
            Player::Search(_) => timed && self.limits.is_unlimited(),
            Player::Human | Player::Random | Player::Greedy => false,
        })
    }

    /// Whether the spec is a person.
    pub fn is_human(&self) -> bool {
        self.player == Player::Human
    }

    /// The algorithm and budget the spec plays with under `rules`: `None`
    /// for [`Player::Human`], [`Player::Random`], [`Player::Greedy`] and
    /// [`Player::Exact`] (which solves, and falls back on level 10).
    /// The budget is the spec's own if it sets any, else the level's (an
    /// explicit algorithm without a budget uses the level-5 budget of that
    /// algorithm).
    pub fn search(&self, rules: &Rules) -> Option<(Algorithm, Limits)> {
        let players = rules.players();
        let (algorithm, default) = match self.player {
            Player::Human | Player::Random | Player::Greedy | Player::Exact => return None,
            Player::Level(level) => {
                let algorithm = level_algorithm(players);
                (algorithm, level_limits(algorithm, level))
            }
            Player::Search(algorithm) => (algorithm, level_limits(algorithm, 5)),
        };
        let limits = if self.limits.is_unlimited() {
            default
        } else {
            self.limits
        };
        Some((algorithm, limits))
    }
}

/// How a spec writes `model=` and `book=`.
pub(super) fn on_off_name(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The algorithm of the levels for `players` players.
pub fn level_algorithm(players: usize) -> Algorithm {
    if players <= 2 {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Mcts
    }
}

/// The node budget of `algorithm` at `level` (clamped to 1 ..=
/// [`MAX_LEVEL`]): [`LEVEL_NODES_MP`] for MCTS, [`LEVEL_NODES_2P`] for
/// the others.
pub fn level_limits(algorithm: Algorithm, level: u8) -> Limits {
    let i = usize::from(level.clamp(1, MAX_LEVEL) - 1);
    match algorithm {
        Algorithm::Mcts => Limits::nodes(LEVEL_NODES_MP[i]),
        Algorithm::AlphaBeta | Algorithm::MaxN => Limits::nodes(LEVEL_NODES_2P[i]),
    }
}

pub(super) fn value_error(key: &str, value: &str, reason: &str) -> SpecError {
    SpecError::Value {
        key: key.to_string(),
        value: value.to_string(),
        reason: reason.to_string(),
    }
}
