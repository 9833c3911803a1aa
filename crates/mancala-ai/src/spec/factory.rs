//! The players a spec builds: [`Spec::strategy`] and
//! [`Spec::timed_strategy`].

use std::sync::Arc;

use mancala_core::Rules;

use super::seeded::SeededEval;
use super::{Algorithm, LEVEL_PLAYOUT_MOVES, Player, Spec, on_off_name, value_error};
use crate::eval::Heuristic;
use crate::limits::Limits;
use crate::{
    AlphaBeta, Book, Booked, Egdb, Exact, Greedy, MaxN, Mcts, Random, SpecError, Strategy,
};

impl Spec {
    /// Builds the player for `rules`, seeded with the spec's `seed=` if it
    /// has one, else with `seed`.
    ///
    /// # Errors
    ///
    /// [`SpecError::Value`] for `human` (a person has no strategy; the
    /// caller asks them), a level outside 1 to [`MAX_LEVEL`](super::MAX_LEVEL), a budget
    /// the player cannot use (a budget for `random` or `greedy`, a depth
    /// for MCTS), or a playout cap or `model=` for a player that is not
    /// MCTS under `rules` (a level with two players).
    pub fn strategy(
        &self,
        rules: &Rules,
        seed: u64,
    ) -> Result<Box<dyn Strategy + Send>, SpecError> {
        self.strategy_with_database(rules, seed, None)
    }

    /// As [`Spec::strategy`], giving [`Exact`] (the spec `exact`) the
    /// endgame database `database` ([`Exact::with_database`]); the other
    /// players do not use one.
    ///
    /// # Errors
    ///
    /// As [`Spec::strategy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use mancala_ai::{Egdb, Spec};
    /// use mancala_core::{Position, Preset, RuleSet, Rules};
    ///
    /// let rules = Rules::new(&RuleSet { houses: 4, seeds: 3, ..Preset::Kalah.rules() })?;
    /// let database = Arc::new(Egdb::build(&rules, 12).expect("Kalah has a database"));
    /// let spec: Spec = "exact,nodes=6000".parse()?;
    /// let mut exact = spec.strategy_with_database(&rules, 7, Some(&database))?;
    /// exact.choose(&Position::new(&rules));
    /// assert!(exact.last_value().unwrap().exact);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn strategy_with_database(
        &self,
        rules: &Rules,
        seed: u64,
        database: Option<&Arc<Egdb>>,
    ) -> Result<Box<dyn Strategy + Send>, SpecError> {
        let player = self.unbooked(rules, seed, database)?;
        Ok(self.booked(rules, seed, player, false))
    }

    /// The player [`Spec::strategy_with_database`] builds, before the
    /// opening book.
    fn unbooked(
        &self,
        rules: &Rules,
        seed: u64,
        database: Option<&Arc<Egdb>>,
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
            Player::Exact => {
                Box::new(Exact::new(rules, self.limits, seed)?.with_database(database.cloned()))
            }
            Player::Greedy => Box::new(Greedy::new(seed)),
            Player::Level(_) | Player::Search(_) => {
                let (algorithm, limits) = self.search(rules).expect("a searching player");
                if algorithm != Algorithm::Mcts {
                    let level = Spec {
                        playout: None,
                        model: None,
                        lanes: None,
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
                            on_off_name(on),
                            &format!("only MCTS models its opponents; {plays}"),
                        ));
                    }
                    if let Some(n) = self.lanes {
                        return Err(value_error(
                            "lanes",
                            &n.to_string(),
                            &format!("only MCTS plays playouts in lanes; {plays}"),
                        ));
                    }
                }
                let eval = SeededEval {
                    kind: self.eval_kind(),
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
                        let mcts = match self.lanes {
                            Some(n) => mcts.rollout_lanes(n.into()),
                            None => mcts,
                        };
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
        self.timed_strategy_with_database(rules, seed, control, None)
    }

    /// As [`Spec::timed_strategy`], giving [`Exact`] the endgame database
    /// `database` (as [`Spec::strategy_with_database`]).
    ///
    /// # Errors
    ///
    /// As [`Spec::strategy`].
    pub fn timed_strategy_with_database(
        &self,
        rules: &Rules,
        seed: u64,
        control: &crate::TimeControl,
        database: Option<&Arc<Egdb>>,
    ) -> Result<Box<dyn Strategy + Send>, SpecError> {
        if control.is_unlimited() || !self.limits.is_unlimited() {
            return self.strategy_with_database(rules, seed, database);
        }
        let Player::Search(algorithm) = self.player else {
            return self.strategy_with_database(rules, seed, database);
        };
        // No node budget: the time manager's allocation limits each move.
        let eval = SeededEval {
            kind: self.eval,
            heuristic: Heuristic::default(),
            seed: Some(self.seed.unwrap_or(seed)),
        };
        self.check()?;
        let unlimited = Limits::NONE;
        let player: Box<dyn Strategy + Send> = match algorithm {
            Algorithm::AlphaBeta => Box::new(AlphaBeta::with_evaluator(eval, unlimited)),
            Algorithm::MaxN => Box::new(MaxN::with_evaluator(eval, unlimited)),
            Algorithm::Mcts => {
                let mcts = Mcts::with_evaluator(
                    eval.without_noise(),
                    unlimited,
                    self.seed.unwrap_or(seed),
                )
                .opponent_modelling(self.model.unwrap_or(true));
                let mcts = match self.lanes {
                    Some(n) => mcts.rollout_lanes(n.into()),
                    None => mcts,
                };
                match self.playout {
                    Some(moves) => Box::new(mcts.playout_cap(moves)),
                    None => Box::new(mcts),
                }
            }
        };
        Ok(self.booked(rules, seed, player, true))
    }

    /// `player` kept to the built-in opening book's best moves
    /// ([`Booked`]) where [`Spec::plays_book`] says so and the rules have
    /// a book ([`Book::built_in`]), else `player` itself.
    fn booked(
        &self,
        rules: &Rules,
        seed: u64,
        player: Box<dyn Strategy + Send>,
        timed: bool,
    ) -> Box<dyn Strategy + Send> {
        match Book::built_in(rules) {
            Some(book) if self.plays_book(timed) => {
                Box::new(Booked::new(book, player, self.seed.unwrap_or(seed)))
            }
            _ => player,
        }
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
