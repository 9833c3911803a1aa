//! Player descriptions: `random`, `greedy`, `ai:5`, `ai:5,time=100ms`,
//! `mcts:nodes=20000,seed=3`, `human`, and the players they build.
//!
//! # Syntax
//!
//! ```text
//! spec     = "human" | "random" [settings] | "greedy" [settings]
//!          | "ai:" level [settings]
//!          | ("alphabeta" | "maxn" | "mcts") [(":" | ",") setting {"," setting}]
//! settings = "," setting {"," setting}
//! setting  = "depth=" N | "nodes=" N | "time=" DURATION | "seed=" N
//!          | "eval=" ("heuristic" | "store") | "playout=" N
//!          | "model=" ("on" | "off")
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
//!   [`Heuristic`] (the default) or [`StoreDifference`].
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
use std::str::FromStr;

use mancala_core::{Position, Rules};

use crate::eval::{Evaluator, Heuristic, StoreDifference};
use crate::limits::Limits;
use crate::{AlphaBeta, Greedy, MaxN, Mcts, Random, SpecError, Strategy};

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

    fn parse(name: &str) -> Option<Algorithm> {
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
}

impl EvalKind {
    /// The evaluation's name in specs.
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Heuristic => "heuristic",
            EvalKind::Store => "store",
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
}

impl Spec {
    /// A spec for `player` with no settings.
    pub const fn new(player: Player) -> Spec {
        Spec {
            player,
            limits: Limits::NONE,
            seed: None,
            eval: EvalKind::Heuristic,
            playout: None,
            model: None,
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

    /// Whether the spec is a person.
    pub fn is_human(&self) -> bool {
        self.player == Player::Human
    }

    /// The algorithm and budget the spec plays with under `rules`: `None`
    /// for [`Player::Human`], [`Player::Random`] and [`Player::Greedy`].
    /// The budget is the spec's own if it sets any, else the level's (an
    /// explicit algorithm without a budget uses the level-5 budget of that
    /// algorithm).
    pub fn search(&self, rules: &Rules) -> Option<(Algorithm, Limits)> {
        let players = rules.players();
        let (algorithm, default) = match self.player {
            Player::Human | Player::Random | Player::Greedy => return None,
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

    /// Builds the player for `rules`, seeded with the spec's `seed=` if it
    /// has one, else with `seed`.
    ///
    /// # Errors
    ///
    /// [`SpecError::Value`] for `human` (a person has no strategy; the
    /// caller asks them), a level outside 1 to [`MAX_LEVEL`], a budget
    /// the player cannot use (a budget for `random` or `greedy`, a depth
    /// for MCTS), or a playout cap or `model=` for a player that is not
    /// MCTS under `rules` (a level with two players).
    pub fn strategy(
        &self,
        rules: &Rules,
        seed: u64,
    ) -> Result<Box<dyn Strategy + Send>, SpecError> {
        self.check()?;
        let seed = self.seed.unwrap_or(seed);
        Ok(match self.player {
            Player::Human => {
                return Err(value_error(
                    "player",
                    "human",
                    "a person has no strategy: ask them for their moves",
                ));
            }
            Player::Random => Box::new(Random::new(seed)),
            Player::Greedy => Box::new(Greedy::new(seed)),
            Player::Level(_) | Player::Search(_) => {
                let (algorithm, limits) = self.search(rules).expect("a searching player");
                if algorithm != Algorithm::Mcts {
                    let level = Spec {
                        playout: None,
                        model: None,
                        ..*self
                    };
                    let plays = format!(
                        "with {} players {level} plays {}",
                        rules.players(),
                        algorithm.name()
                    );
                    if let Some(moves) = self.playout {
                        return Err(value_error(
                            "playout",
                            &moves.to_string(),
                            &format!("only MCTS takes a playout cap; {plays}"),
                        ));
                    }
                    if let Some(on) = self.model {
                        return Err(value_error(
                            "model",
                            model_name(on),
                            &format!("only MCTS models its opponents; {plays}"),
                        ));
                    }
                }
                let eval = SeededEval {
                    kind: self.eval,
                    heuristic: Heuristic::default(),
                    seed: Some(seed),
                };
                let table = table_bytes(algorithm, &limits);
                match algorithm {
                    Algorithm::AlphaBeta => {
                        Box::new(AlphaBeta::with_evaluator(eval, limits).table_bytes(table))
                    }
                    Algorithm::MaxN => {
                        Box::new(MaxN::with_evaluator(eval, limits).table_bytes(table))
                    }
                    Algorithm::Mcts => {
                        let mcts = Mcts::with_evaluator(eval.without_noise(), limits, seed)
                            .tree_nodes(table)
                            .opponent_modelling(self.model.unwrap_or(true));
                        match (self.playout, self.player) {
                            (Some(moves), _) => Box::new(mcts.playout_cap(moves)),
                            (None, Player::Level(_)) => {
                                Box::new(mcts.playout_cap(LEVEL_PLAYOUT_MOVES))
                            }
                            (None, _) => Box::new(mcts),
                        }
                    }
                }
            }
        })
    }

    /// Builds the player for a game under the time control `control`
    /// (wrap it in [`Timed`](crate::Timed), which gives each move its
    /// time): as [`Spec::strategy`], except that an algorithm named
    /// without a budget (`alphabeta`, `maxn`, `mcts`) has no budget of its
    /// own and thinks for the time it is given. A level or a spec with a
    /// budget keeps it, within the time given. Under an unlimited control
    /// it is [`Spec::strategy`].
    ///
    /// # Errors
    ///
    /// As [`Spec::strategy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Spec, Strategy, TimeControl, Timed};
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    /// let control: TimeControl = "20ms".parse()?;
    /// let spec: Spec = "mcts".parse()?;
    /// let mut player = Timed::new(spec.timed_strategy(&rules, 3, &control)?, control);
    /// assert!(player.choose(&Position::new(&rules)).is_some());
    /// # Ok::<(), mancala_ai::SpecError>(())
    /// ```
    pub fn timed_strategy(
        &self,
        rules: &Rules,
        seed: u64,
        control: &crate::TimeControl,
    ) -> Result<Box<dyn Strategy + Send>, SpecError> {
        if control.is_unlimited() || !self.limits.is_unlimited() {
            return self.strategy(rules, seed);
        }
        let Player::Search(algorithm) = self.player else {
            return self.strategy(rules, seed);
        };
        // No node budget: the time manager's allocation limits each move.
        let eval = SeededEval {
            kind: self.eval,
            heuristic: Heuristic::default(),
            seed: Some(self.seed.unwrap_or(seed)),
        };
        self.check()?;
        let unlimited = Limits::NONE;
        Ok(match algorithm {
            Algorithm::AlphaBeta => Box::new(AlphaBeta::with_evaluator(eval, unlimited)),
            Algorithm::MaxN => Box::new(MaxN::with_evaluator(eval, unlimited)),
            Algorithm::Mcts => {
                let mcts = Mcts::with_evaluator(
                    eval.without_noise(),
                    unlimited,
                    self.seed.unwrap_or(seed),
                )
                .opponent_modelling(self.model.unwrap_or(true));
                match self.playout {
                    Some(moves) => Box::new(mcts.playout_cap(moves)),
                    None => Box::new(mcts),
                }
            }
        })
    }

    /// The name of the player when it can never be MCTS (levels can be).
    fn not_mcts(&self) -> Option<&'static str> {
        match self.player {
            Player::Human => Some("human"),
            Player::Random => Some("random"),
            Player::Greedy => Some("greedy"),
            Player::Search(algorithm) if algorithm != Algorithm::Mcts => Some(algorithm.name()),
            _ => None,
        }
    }

    /// Checks what parsing cannot: the level's range and that the budget
    /// suits the player.
    fn check(&self) -> Result<(), SpecError> {
        let budget = |what: &str| -> Result<(), SpecError> {
            if let Some(d) = self.limits.depth {
                return Err(value_error("depth", &d.to_string(), what));
            }
            if let Some(n) = self.limits.nodes {
                return Err(value_error("nodes", &n.to_string(), what));
            }
            if self.limits.time.is_some() {
                let shown = Limits {
                    depth: None,
                    nodes: None,
                    ..self.limits
                };
                let shown = shown.to_string();
                return Err(value_error("time", &shown["time=".len()..], what));
            }
            Ok(())
        };
        match self.player {
            Player::Human => {
                budget("a human player takes no search budget")?;
                if let Some(seed) = self.seed {
                    return Err(value_error(
                        "seed",
                        &seed.to_string(),
                        "a human player takes no seed",
                    ));
                }
            }
            Player::Random => budget("the random player takes no search budget")?,
            Player::Greedy => budget("the greedy player takes no search budget")?,
            Player::Level(level) => {
                if !(1..=MAX_LEVEL).contains(&level) {
                    return Err(value_error(
                        "level",
                        &level.to_string(),
                        "expected a level from 1 to 10",
                    ));
                }
            }
            Player::Search(_) => {}
        }
        if let Some(moves) = self.playout {
            let reason = match self.not_mcts() {
                Some(name) => Some(format!("only MCTS takes a playout cap, not {name}")),
                None if moves == 0 => Some("expected a playout of at least 1 move".to_string()),
                None => None,
            };
            if let Some(reason) = reason {
                return Err(value_error("playout", &moves.to_string(), &reason));
            }
        }
        if let Some(on) = self.model
            && let Some(name) = self.not_mcts()
        {
            return Err(value_error(
                "model",
                model_name(on),
                &format!("only MCTS models its opponents, not {name}"),
            ));
        }
        if let Some(d) = self.limits.depth
            && matches!(self.player, Player::Search(Algorithm::Mcts))
        {
            return Err(value_error(
                "depth",
                &d.to_string(),
                "MCTS takes nodes= (iterations) or time=, not a depth",
            ));
        }
        Ok(())
    }
}

/// How a spec writes `model=`.
fn model_name(on: bool) -> &'static str {
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

/// Table (or tree) size for a search: enough for the node budget, at most
/// the searches' defaults.
fn table_bytes(algorithm: Algorithm, limits: &Limits) -> usize {
    let (per_node, default) = match algorithm {
        Algorithm::AlphaBeta => (16, 16 << 20),
        Algorithm::MaxN => (32, 4 << 20),
        // For MCTS: tree nodes, not bytes.
        Algorithm::Mcts => (1, 1 << 20),
    };
    match (limits.nodes, limits.time) {
        (Some(nodes), None) => {
            let wanted = nodes.saturating_mul(per_node).saturating_mul(2);
            usize::try_from(wanted)
                .unwrap_or(usize::MAX)
                .clamp(per_node as usize * 1024, default)
        }
        _ => default,
    }
}

fn value_error(key: &str, value: &str, reason: &str) -> SpecError {
    SpecError::Value {
        key: key.to_string(),
        value: value.to_string(),
        reason: reason.to_string(),
    }
}

/// The evaluation of a spec's searcher: [`Heuristic`] or
/// [`StoreDifference`], plus a tie-breaking term drawn from the seed and
/// the position.
#[derive(Clone, Copy, Debug)]
struct SeededEval {
    kind: EvalKind,
    heuristic: Heuristic,
    /// The seed of the tie-breaking term (`None`: no term).
    seed: Option<u64>,
}

/// The noise of one side, in value units: 0 to [`NOISE`].
const NOISE: u64 = 1;

impl SeededEval {
    fn without_noise(self) -> SeededEval {
        SeededEval { seed: None, ..self }
    }

    fn noise(seed: u64, key: u64, side: usize) -> i32 {
        let h = splitmix(key ^ splitmix(seed ^ (side as u64).wrapping_mul(0x9e37)));
        (h % (NOISE + 1)) as i32
    }
}

impl Evaluator for SeededEval {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let base = match self.kind {
            EvalKind::Heuristic => self.heuristic.evaluate(pos, side),
            EvalKind::Store => StoreDifference.evaluate(pos, side),
        };
        let Some(seed) = self.seed else {
            return base;
        };
        // "Mine minus the best other" keeps any two players' sum <= 0.
        let key = pos.key();
        let mine = SeededEval::noise(seed, key, side);
        let best = (0..pos.rules().players())
            .filter(|&s| s != side)
            .map(|s| SeededEval::noise(seed, key, s))
            .max()
            .unwrap_or(0);
        base + mine - best
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit hash.
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = match self.player {
            Player::Human => return f.write_str("human"),
            Player::Random => {
                f.write_str("random")?;
                ","
            }
            Player::Greedy => {
                f.write_str("greedy")?;
                ","
            }
            Player::Level(level) => {
                write!(f, "ai:{level}")?;
                ","
            }
            Player::Search(algorithm) => {
                f.write_str(algorithm.name())?;
                ":"
            }
        };
        if !self.limits.is_unlimited() {
            write!(f, "{sep}{}", self.limits)?;
            sep = ",";
        }
        if let Some(seed) = self.seed {
            write!(f, "{sep}seed={seed}")?;
            sep = ",";
        }
        if self.eval != EvalKind::Heuristic {
            write!(f, "{sep}eval={}", self.eval.name())?;
            sep = ",";
        }
        if let Some(moves) = self.playout {
            write!(f, "{sep}playout={moves}")?;
            sep = ",";
        }
        if let Some(on) = self.model {
            write!(f, "{sep}model={}", model_name(on))?;
        }
        Ok(())
    }
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let text = s.trim();
        let lower = text.to_ascii_lowercase();
        let split = lower.find([',', ':']).unwrap_or(lower.len());
        let (name, rest) = lower.split_at(split);
        let (player, rest) = parse_player(name.trim(), rest)?;
        // Levels, random and greedy take `,settings`; algorithms `:` or `,`.
        let settings = match rest.chars().next() {
            None => "",
            Some(',') => &rest[1..],
            Some(':') if matches!(player, Player::Search(_)) => &rest[1..],
            Some(_) => {
                return Err(SpecError::Syntax {
                    text: rest.to_string(),
                });
            }
        };
        let mut spec = Spec::new(player);
        let mut seen: Vec<&str> = Vec::new();
        let items: Vec<&str> = if rest.is_empty() {
            Vec::new()
        } else {
            settings.split(',').map(str::trim).collect()
        };
        for item in items {
            if item.is_empty() {
                return Err(SpecError::Syntax {
                    text: format!("{text} (an empty setting)"),
                });
            }
            let (key, value) = item.split_once('=').ok_or_else(|| SpecError::Syntax {
                text: item.to_string(),
            })?;
            let (key, value) = (key.trim(), value.trim());
            if seen.contains(&key) {
                return Err(value_error(key, value, "the setting is given twice"));
            }
            spec.set(key, value)?;
            seen.push(key);
        }
        spec.check()?;
        Ok(spec)
    }
}

/// The player a spec names (`name`, lower case), and the rest of the text
/// after it (after a level's number for `ai:N`).
fn parse_player<'a>(name: &str, rest: &'a str) -> Result<(Player, &'a str), SpecError> {
    let player = match name {
        "human" => Player::Human,
        "random" => Player::Random,
        "greedy" => Player::Greedy,
        "ai" | "level" => {
            let Some(after) = rest.strip_prefix(':') else {
                return Err(value_error(
                    "level",
                    "",
                    "expected ai:N with a level N from 1 to 10",
                ));
            };
            let end = after.find(',').unwrap_or(after.len());
            let number = after[..end].trim();
            let level = number
                .parse::<u8>()
                .ok()
                .filter(|l| (1..=MAX_LEVEL).contains(l))
                .ok_or_else(|| value_error("level", number, "expected a level from 1 to 10"))?;
            return Ok((Player::Level(level), &after[end..]));
        }
        _ => match Algorithm::parse(name) {
            Some(algorithm) => Player::Search(algorithm),
            None => {
                return Err(value_error(
                    "player",
                    name,
                    "expected human, random, greedy, ai:1 to ai:10, alphabeta, maxn or mcts",
                ));
            }
        },
    };
    Ok((player, rest))
}

impl Spec {
    /// Applies one `key=value` setting of a spec.
    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "seed" => {
                self.seed = Some(value.parse().map_err(|_| {
                    value_error(key, value, "expected a whole number from 0 to 2^64-1")
                })?)
            }
            "eval" => {
                self.eval = match value {
                    "heuristic" => EvalKind::Heuristic,
                    "store" | "store-difference" => EvalKind::Store,
                    _ => return Err(value_error(key, value, "expected heuristic or store")),
                }
            }
            "playout" => {
                self.playout = Some(value.parse().map_err(|_| {
                    value_error(key, value, "expected a number of moves from 1 to 2^32-1")
                })?)
            }
            "model" => {
                self.model = Some(match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(value_error(key, value, "expected on or off")),
                })
            }
            _ => self.limits.set(key, value)?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{History, KalahOptions, Preset};

    /// Positions along a few random games.
    fn sample<'r>(rules: &'r Rules) -> Vec<Position<'r>> {
        let mut out = Vec::new();
        for seed in 0..4 {
            let mut random = Random::new(seed);
            let mut game = History::new(rules);
            while !game.is_over() && game.moves().len() < 200 {
                out.push(*game.position());
                let m = random.choose(game.position()).unwrap();
                game.play(m).unwrap();
            }
        }
        out
    }

    #[test]
    fn the_tie_break_keeps_two_players_values_summing_to_at_most_zero() {
        for players in [2, 3, 4] {
            let rules = Rules::new(
                &KalahOptions {
                    players,
                    ..Default::default()
                }
                .rules(),
            )
            .unwrap();
            for kind in [EvalKind::Heuristic, EvalKind::Store] {
                let eval = SeededEval {
                    kind,
                    heuristic: Heuristic::default(),
                    seed: Some(99),
                };
                let players = usize::from(players);
                for pos in sample(&rules) {
                    let v: Vec<i32> = (0..players).map(|s| eval.evaluate(&pos, s)).collect();
                    for a in 0..players {
                        for b in 0..a {
                            assert!(v[a] + v[b] <= 0, "{v:?} at {pos}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_tie_break_is_small_and_depends_on_the_seed() {
        let rules = Rules::new(&Preset::Oware.rules()).unwrap();
        let plain = Heuristic::default();
        let with = |seed| SeededEval {
            kind: EvalKind::Heuristic,
            heuristic: plain,
            seed: Some(seed),
        };
        let positions = sample(&rules);
        let mut differ = 0;
        for pos in &positions {
            for side in 0..2 {
                let base = plain.evaluate(pos, side);
                let a = with(1).evaluate(pos, side);
                let b = with(2).evaluate(pos, side);
                // Less than a quarter of a seed either way.
                assert!((a - base).abs() * 4 < crate::SEED, "{a} vs {base}");
                assert_eq!(a, with(1).evaluate(pos, side), "deterministic");
                differ += usize::from(a != b);
            }
        }
        assert!(
            differ > positions.len() / 4,
            "{differ} of {}",
            positions.len()
        );
        // Without a seed, the evaluation is the plain one.
        let none = with(1).without_noise();
        assert!(
            positions
                .iter()
                .all(|p| none.evaluate(p, 0) == plain.evaluate(p, 0))
        );
    }
}
