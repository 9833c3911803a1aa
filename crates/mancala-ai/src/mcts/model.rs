//! Opponent modelling: what an opponent's moves say about how it plays
//! ([`OpponentModel`]), the moves seen since the player's last choice
//! ([`Trail`]), and learning from them ([`Mcts::learn`]) with short
//! searches ([`Mcts::probe_budget`]).

use std::time::Duration;

use mancala_core::{MAX_PLAYERS, Move, Position, Setup};

use super::Mcts;
use crate::eval::Evaluator;
use crate::limits::Clock;
use crate::params::{
    GREEDY_NOISE, PRIOR, PROBE_MAX_ITERATIONS, PROBE_MIN_ITERATIONS, PROBE_SHARE, SEARCH_SHARPNESS,
};
use crate::strategy::greedy_moves;

/// What an opponent's moves so far say about how it plays: the chance
/// that it plays like [`Random`](crate::Random), like
/// [`Greedy`](crate::Greedy), or neither (it searches, and the tree
/// models it as choosing its best move, by UCB1). See [`Mcts`] on
/// opponent modelling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpponentModel {
    /// The chance that the player moves at random.
    pub random: f64,
    /// The chance that the player takes the most seeds at once.
    pub greedy: f64,
    /// Moves with a choice seen so far (forced moves say nothing).
    pub moves_seen: u32,
}

impl OpponentModel {
    /// No moves seen: the player is taken to search.
    pub const UNKNOWN: OpponentModel = OpponentModel {
        random: 0.0,
        greedy: 0.0,
        moves_seen: 0,
    };

    /// The chance that the player searches (neither random nor greedy).
    pub fn searching(&self) -> f64 {
        1.0 - self.random - self.greedy
    }
}

/// Log-likelihoods of one player's moves under each way of playing
/// (random, greedy, searching), and the model they give.
#[derive(Clone, Copy, Debug)]
pub(super) struct Belief {
    log: [f64; 3],
    pub(super) model: OpponentModel,
}

impl Belief {
    pub(super) const NONE: Belief = Belief {
        log: [0.0; 3],
        model: OpponentModel::UNKNOWN,
    };

    /// Adds a move with the given chances under each way of playing.
    fn observe(&mut self, likelihoods: [f64; 3]) {
        for (log, l) in self.log.iter_mut().zip(likelihoods) {
            *log += l.max(f64::MIN_POSITIVE).ln();
        }
        let post: [f64; 3] = std::array::from_fn(|h| self.log[h] + PRIOR[h].ln());
        let top = post.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weights = post.map(|x| (x - top).exp());
        let sum: f64 = weights.iter().sum();
        self.model = OpponentModel {
            random: weights[0] / sum,
            greedy: weights[1] / sum,
            moves_seen: self.model.moves_seen + 1,
        };
    }
}

/// The moves of a game seen since a player chose its last move, in
/// order: what it learns its opponents' ways from.
#[derive(Clone, Debug)]
pub(super) struct Trail {
    /// The position the player chose its move in.
    pub(super) chose_in: Setup,
    /// The position after its move: where the moves start.
    pub(super) start: Setup,
    /// The moves seen since.
    pub(super) moves: Vec<Move>,
    /// The position after the last of them.
    pub(super) end: Setup,
}

impl Trail {
    /// A trail that starts with `m` played in `pos` by the player.
    pub(super) fn new(pos: &Position<'_>, m: Move) -> Trail {
        let mut next = *pos;
        next.play_unchecked(m);
        let start = next.to_setup();
        Trail {
            chose_in: pos.to_setup(),
            end: start.clone(),
            start,
            moves: Vec::new(),
        }
    }

    /// Takes in `m`, played in `before`: false when it does not follow on.
    pub(super) fn extend(&mut self, before: &Position<'_>, m: Move) -> bool {
        if !before.is_legal(m) {
            return false;
        }
        let setup = before.to_setup();
        if setup == self.chose_in {
            // The player's own move, as played.
            *self = Trail::new(before, m);
            return true;
        }
        if setup != self.end {
            return false;
        }
        let mut next = *before;
        next.play_unchecked(m);
        self.moves.push(m);
        self.end = next.to_setup();
        true
    }
}

impl<E: Evaluator> Mcts<E> {
    /// What the moves seen so far say about how `player` plays
    /// ([`OpponentModel::UNKNOWN`] before any, or with modelling off).
    ///
    /// ```
    /// use mancala_ai::{Greedy, Limits, Mcts, OpponentModel, Strategy};
    /// use mancala_core::{History, KalahOptions, Rules};
    ///
    /// let rules = Rules::new(&KalahOptions { players: 3, ..KalahOptions::default() }.rules())?;
    /// let mut mcts = Mcts::new(Limits::nodes(2_000), 2);
    /// assert_eq!(mcts.opponent_model(1), OpponentModel::UNKNOWN);
    /// let (mut one, mut two) = (Greedy::new(1), Greedy::new(2));
    /// let mut game = History::new(&rules);
    /// while !game.is_over() {
    ///     let pos = *game.position();
    ///     let m = match pos.player_to_move() {
    ///         0 => mcts.choose(&pos),
    ///         1 => one.choose(&pos),
    ///         _ => two.choose(&pos),
    ///     }
    ///     .unwrap();
    ///     game.play(m)?;
    ///     // What the search learns from: the moves it is told.
    ///     mcts.observe(&pos, m);
    ///     one.observe(&pos, m);
    ///     two.observe(&pos, m);
    /// }
    /// // Two greedy players, seen taking the most seeds move after move
    /// // (here 11 and 14 moves with a choice).
    /// assert_eq!(mcts.opponent_model(1).moves_seen, 11);
    /// assert!(mcts.opponent_model(1).greedy > 0.9);
    /// assert!(mcts.opponent_model(2).greedy > 0.9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn opponent_model(&self, player: usize) -> OpponentModel {
        self.beliefs
            .get(player)
            .map_or(OpponentModel::UNKNOWN, |b| b.model)
    }

    /// Drops what was learnt about the players.
    pub(super) fn forget(&mut self) {
        self.beliefs = [Belief::NONE; MAX_PLAYERS];
        self.trail = None;
    }

    /// The budget of the short search that judges an opponent's move (see
    /// [`Mcts`]): a twentieth of this search's, at most 2,000 iterations;
    /// `None` without modelling, or when that is under 100 iterations.
    pub(super) fn probe_budget(&self) -> Option<(u64, Option<Duration>)> {
        let limits = self.limits_now();
        let iterations = match (limits.nodes, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => Self::DEFAULT_ITERATIONS,
        };
        let probe = (iterations / PROBE_SHARE).min(PROBE_MAX_ITERATIONS);
        (self.modelling && probe >= PROBE_MIN_ITERATIONS)
            .then(|| (probe, limits.time.map(|t| t / PROBE_SHARE as u32)))
    }

    /// Starts the trail of moves to learn from at the next search: after
    /// `chosen`, until told that another move was played in `pos`.
    pub(super) fn remember(&mut self, pos: &Position<'_>, chosen: Option<Move>) {
        self.trail = chosen.map(|m| Trail::new(pos, m));
    }

    /// Updates the opponent models from the moves seen (see
    /// [`Strategy::observe`](crate::Strategy::observe)) since this player's last move, when they
    /// lead to `pos`; otherwise (a new game, moves not seen, another
    /// position) starts afresh.
    ///
    /// Each opponent move with a choice is weighed under three ways of
    /// playing (see [`Mcts`]); `probe` is the budget of the short search
    /// that judges it.
    pub(super) fn learn(&mut self, pos: &Position<'_>, probe: (u64, Option<Duration>)) {
        let me = pos.player_to_move();
        let mut path = Vec::new();
        let trail = self.trail.take().filter(|t| t.end == pos.to_setup());
        let followed = trail.is_some_and(|trail| {
            let Ok(mut q) = Position::from_setup(pos.rules(), &trail.start) else {
                return false;
            };
            for m in trail.moves {
                if q.player_to_move() != me {
                    path.push((q, m));
                }
                q.play_unchecked(m);
            }
            true
        });
        if !followed {
            self.beliefs = [Belief::NONE; MAX_PLAYERS];
            return;
        }
        let (probe, probe_time) = probe;
        for (q, m) in path {
            let moves = q.legal_moves();
            if moves.len() < 2 {
                continue;
            }
            let player = q.player_to_move();
            let n = moves.len() as f64;
            let index = moves.iter().position(|x| x == m);
            let mask = greedy_moves(&q);
            let greedy = if index.is_some_and(|i| mask >> i & 1 == 1) {
                (1.0 - GREEDY_NOISE) / f64::from(mask.count_ones()) + GREEDY_NOISE / n
            } else {
                GREEDY_NOISE / n
            };
            // The short search's mean reward of each move.
            self.run(&q, probe, Clock::timer(probe_time));
            let mut means = [None; 32];
            for (mean, x) in means.iter_mut().zip(moves.iter()) {
                *mean = self.child(0, x).and_then(|c| {
                    let c = &self.nodes[c as usize];
                    (c.visits > 0).then(|| c.reward / f64::from(c.visits))
                });
            }
            let means = &means[..moves.len()];
            let known = || means.iter().flatten().copied();
            let top = known().fold(f64::NEG_INFINITY, f64::max);
            let bottom = known().fold(f64::INFINITY, f64::min);
            // Each move's place between the worst (0) and the best (1).
            let place = |mean: Option<f64>| {
                mean.filter(|_| top > bottom)
                    .map_or(0.5, |v| (v - bottom) / (top - bottom))
            };
            let weight = |mean: Option<f64>| (SEARCH_SHARPNESS * place(mean)).exp();
            let sum: f64 = means.iter().map(|&v| weight(v)).sum();
            let chosen = index.and_then(|i| means[i]);
            let searching = weight(chosen) / sum;
            self.beliefs[player].observe([1.0 / n, greedy, searching]);
        }
    }
}
