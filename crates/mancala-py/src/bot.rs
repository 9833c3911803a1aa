//! `mancala.Bot`: any player of `mancala-ai` (`ai:1`..`ai:10`,
//! alpha-beta, max^n, MCTS, greedy, random) behind pyspiel's bot methods,
//! searching with the GIL released.

use std::sync::{Arc, Mutex, MutexGuard};

use mancala_ai::{Spec, Strategy};
use mancala_core::{Game, Rules};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::action::{action_of, move_of, read_action, read_u64, type_name};
use crate::game::PyGame;
use crate::state::{read_game_and_rules, read_player};

/// The strategy a bot searches with.
type BoxedStrategy = Box<dyn Strategy + Send>;

/// A computer player for one game's rules, in the shape of a pyspiel bot:
/// `step(state)` chooses an action, `inform_action(state, player,
/// action)` tells it a move, `restart()` forgets the game.
#[pyclass(name = "Bot", module = "mancala", frozen)]
pub struct PyBot {
    rules: Arc<Rules>,
    spec: Spec,
    seed: u64,
    // A Mutex so that one bot can be shared between threads: one search
    // at a time, the lock taken with the GIL released.
    strategy: Mutex<BoxedStrategy>,
}

impl PyBot {
    /// A fresh strategy of the spec.
    fn build(&self) -> BoxedStrategy {
        self.spec
            .strategy(&self.rules, self.seed)
            .expect("the spec built a strategy when the bot was made")
    }

    /// The strategy; an error if an earlier call panicked half-way (its
    /// state cannot be trusted then).
    fn strategy(&self) -> PyResult<MutexGuard<'_, BoxedStrategy>> {
        self.strategy.lock().map_err(|_| {
            PyRuntimeError::new_err("the bot failed in an earlier call: call restart()")
        })
    }

    /// A copy of the game of `state`, after checking that it is of this
    /// bot's rules.
    fn game_of(&self, state: &Bound<'_, PyAny>) -> PyResult<Game> {
        let (game, set) = read_game_and_rules(state)?;
        if &set != self.rules.rule_set() {
            return Err(PyValueError::new_err(format!(
                "the state is of another game ({}) than the bot's ({})",
                set.canonical(),
                self.rules.rule_set().canonical()
            )));
        }
        Ok(game)
    }
}

#[pymethods]
impl PyBot {
    /// A bot of `game` playing as `spec` says (`"ai:5"`, `"random"`,
    /// `"mcts:nodes=2000"`, ...), seeded with the spec's `seed=` if it
    /// has one, else with `seed`.
    #[new]
    #[pyo3(signature = (game, spec, seed = None))]
    fn new(
        game: &Bound<'_, PyAny>,
        spec: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBot> {
        let game = game.cast::<PyGame>().map_err(|_| {
            PyTypeError::new_err(format!("expected a mancala.Game, not {}", type_name(game)))
        })?;
        let text = spec.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "a player spec must be a str, not {}",
                type_name(spec)
            ))
        })?;
        let text = text.to_cow()?;
        let spec: Spec = text
            .parse()
            .map_err(|e| PyValueError::new_err(format!("bad player spec {text:?}: {e}")))?;
        let seed = seed.map(|s| read_u64(s, "seed")).transpose()?.unwrap_or(0);
        let rules = Arc::clone(&game.get().rules);
        let strategy = spec
            .strategy(&rules, seed)
            .map_err(|e| PyValueError::new_err(format!("bad player spec {text:?}: {e}")))?;
        Ok(PyBot {
            rules,
            spec,
            seed,
            strategy: Mutex::new(strategy),
        })
    }

    /// The action the bot plays in `state`, found with the GIL released.
    /// The bot takes it as played (as pyspiel bots do): tell it the other
    /// players' moves with `inform_action`.
    fn step(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<usize> {
        let game = self.game_of(state)?;
        if game.is_over() {
            return Err(PyValueError::new_err(
                "the game is over: there is no move to choose",
            ));
        }
        let chosen = py.detach(|| {
            let pos = game.position();
            self.strategy()
                .map(|mut s| s.choose(&pos).map(|m| action_of(pos.rules(), m)))
        })?;
        chosen.ok_or_else(|| PyRuntimeError::new_err("the bot found no legal move"))
    }

    /// Tells the bot that `player` played `action` in `state` (the state
    /// before the move), as pyspiel's `Bot.inform_action`. Bots that
    /// learn from the moves (MCTS models its opponents) use it; the
    /// others ignore it.
    fn inform_action(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        player_id: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let game = self.game_of(state)?;
        let player = read_player(player_id, self.rules.players())?;
        let pos = game.position();
        if game.is_over() {
            return Err(PyValueError::new_err(format!(
                "action {action} cannot have been played: the game is over"
            )));
        }
        let mover = pos.player_to_move();
        if player != mover {
            return Err(PyValueError::new_err(format!(
                "player {player} cannot have played: player {mover} is to move"
            )));
        }
        let m = move_of(pos.rules(), read_action(pos.rules(), action)?);
        if !pos.is_legal(m) {
            return Err(PyValueError::new_err(format!(
                "action {action} is not legal in this state"
            )));
        }
        py.detach(|| self.strategy().map(|mut s| s.observe(&pos, m)))
    }

    /// Forgets the game: the bot is as new (with its seed), as pyspiel's
    /// `Bot.restart`.
    fn restart(&self, py: Python<'_>) {
        let fresh = self.build();
        py.detach(|| {
            let mut strategy = self
                .strategy
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *strategy = fresh;
            self.strategy.clear_poison();
        });
    }

    /// The player spec, in canonical form.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The seed the bot was made with (`seed=` in the spec comes first).
    #[getter]
    fn seed(&self) -> u64 {
        self.spec.seed.unwrap_or(self.seed)
    }

    fn __repr__(&self) -> String {
        format!(
            "mancala.Bot(mancala.load_game({:?}), {:?}, seed={})",
            self.rules.rule_set().canonical(),
            self.spec.to_string(),
            self.seed
        )
    }
}
