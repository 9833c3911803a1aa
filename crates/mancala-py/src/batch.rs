//! `mancala.Batch`: `n` games of one rule set stepped together in Rust,
//! with the GIL released, for vectorised reinforcement learning.

use std::sync::Arc;

use mancala_core::{Game, Rules};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
    dtype,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::action::{distinct_actions, type_name};
use crate::observation::{observation_len, write_observation};
use crate::state::{final_returns, play_action, write_legal_mask};

/// `n` games played side by side; a game that ends starts again from the
/// start position at once (automatic reset).
#[pyclass(name = "Batch", module = "mancala")]
pub struct PyBatch {
    rules: Arc<Rules>,
    games: Vec<Game>,
    seed: Option<u64>,
}

/// What one call hands back, before it becomes numpy arrays.
struct Views {
    observations: Vec<f32>,
    masks: Vec<bool>,
    players: Vec<i64>,
}

impl PyBatch {
    /// `n` games of `rules` at the start.
    pub fn new(rules: Arc<Rules>, n: usize, seed: Option<u64>) -> PyBatch {
        let games = (0..n).map(|_| Game::new(Arc::clone(&rules))).collect();
        PyBatch { rules, games, seed }
    }

    /// The observations (by the player to move), masks and players to
    /// move of every game.
    fn views(&self) -> Views {
        let (obs_len, actions) = (observation_len(&self.rules), distinct_actions(&self.rules));
        let n = self.games.len();
        let mut views = Views {
            observations: vec![0.0; n * obs_len],
            masks: vec![false; n * actions],
            players: Vec::with_capacity(n),
        };
        let cells = views.observations.chunks_exact_mut(obs_len.max(1));
        let masks = views.masks.chunks_exact_mut(actions.max(1));
        for ((game, obs), mask) in self.games.iter().zip(cells).zip(masks) {
            // Games in the batch are never over: they restart at once.
            let pos = game.position();
            let player = pos.player_of(pos.to_move());
            write_observation(game, player, obs);
            write_legal_mask(game, mask);
            views.players.push(player as i64);
        }
        views
    }

    /// Plays `actions[i]` in game `i`; returns the rewards (players per
    /// game) and which games ended, those restarting.
    fn advance(&mut self, actions: &[usize]) -> (Vec<f32>, Vec<bool>) {
        let players = self.rules.players();
        let mut rewards = vec![0.0; self.games.len() * players];
        let mut terminated = vec![false; self.games.len()];
        for (i, (game, &a)) in self.games.iter_mut().zip(actions).enumerate() {
            play_action(game, a).expect("actions were checked legal");
            if let Some(returns) = final_returns(game) {
                for (cell, r) in rewards[i * players..(i + 1) * players]
                    .iter_mut()
                    .zip(returns)
                {
                    *cell = r as f32;
                }
                terminated[i] = true;
                *game = Game::new(Arc::clone(&self.rules));
            }
        }
        (rewards, terminated)
    }

    /// Reads and checks `actions`: an int64 numpy array of shape `(n,)`,
    /// each one legal in its game.
    ///
    /// # Errors
    ///
    /// `TypeError` for anything but a numpy array of dtype int64,
    /// `ValueError` for another shape or an action out of range or illegal
    /// in its game (naming the game).
    fn read_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let py = actions.py();
        let array = actions.cast::<PyUntypedArray>().map_err(|_| {
            PyTypeError::new_err(format!(
                "actions must be a numpy array of int64, not {}",
                type_name(actions)
            ))
        })?;
        let found = array.dtype();
        if !found.is_equiv_to(&dtype::<i64>(py)) {
            return Err(PyTypeError::new_err(format!(
                "actions must have dtype int64, not {found}"
            )));
        }
        let n = self.games.len();
        if array.shape() != [n] {
            return Err(PyValueError::new_err(format!(
                "actions must have shape ({n},), one per game, not {:?}",
                array.shape()
            )));
        }
        let array = array.cast::<PyArray1<i64>>()?.readonly();
        let count = distinct_actions(&self.rules);
        let mut mask = vec![false; count];
        let mut read = Vec::with_capacity(n);
        for (i, (&a, game)) in array.as_array().iter().zip(&self.games).enumerate() {
            let action = usize::try_from(a)
                .ok()
                .filter(|&a| a < count)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "actions[{i}] = {a} is out of range: this game's actions are 0..{}",
                        count - 1
                    ))
                })?;
            write_legal_mask(game, &mut mask);
            if !mask[action] {
                return Err(PyValueError::new_err(format!(
                    "actions[{i}] = {a} is not legal in game {i}"
                )));
            }
            read.push(action);
        }
        Ok(read)
    }
}

/// Observations `[n, obs]`, legal masks `[n, actions]`, players `[n]`.
type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i64>>,
);

/// Turns views into numpy arrays.
fn to_numpy<'py>(py: Python<'py>, views: Views, rules: &Rules) -> PyResult<Arrays<'py>> {
    let n = views.players.len();
    let observations =
        PyArray1::from_vec(py, views.observations).reshape([n, observation_len(rules)])?;
    let masks = PyArray1::from_vec(py, views.masks).reshape([n, distinct_actions(rules)])?;
    Ok((observations, masks, PyArray1::from_vec(py, views.players)))
}

#[pymethods]
impl PyBatch {
    /// Games in the batch.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// The seed the batch was made with (the start positions are fixed,
    /// so it changes nothing yet).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Puts every game back at the start; returns `(observations,
    /// legal_masks, current_players)` as `step` does.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rules = Arc::clone(&self.rules);
        let views = py.detach(|| {
            for game in &mut self.games {
                *game = Game::new(Arc::clone(&rules));
            }
            self.views()
        });
        to_numpy(py, views, &rules)?.into_pyobject(py)
    }

    /// The current `(observations, legal_masks, current_players)`, as
    /// `reset` returns them, without changing anything.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let views = py.detach(|| self.views());
        to_numpy(py, views, &self.rules)?.into_pyobject(py)
    }

    /// Plays `actions[i]` in game `i` (int64, shape `(n,)`); returns
    /// `(observations, legal_masks, rewards, terminated, current_players)`.
    /// A game that ends gets its returns as rewards, is flagged
    /// terminated and restarts at once: its observation, mask and player
    /// are those of the new game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = self.read_actions(actions)?;
        let (rewards, terminated, views) = py.detach(|| {
            let (rewards, terminated) = self.advance(&actions);
            (rewards, terminated, self.views())
        });
        let n = self.games.len();
        let rewards = PyArray1::from_vec(py, rewards).reshape([n, self.rules.players()])?;
        let terminated = PyArray1::from_vec(py, terminated);
        let (observations, masks, players) = to_numpy(py, views, &self.rules)?;
        (observations, masks, rewards, terminated, players).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.Batch of {} games of {}>",
            self.games.len(),
            self.rules.rule_set().canonical()
        )
    }
}
