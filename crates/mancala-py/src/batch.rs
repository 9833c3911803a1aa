//! `mancala.Batch`: `n` games of one rule set stepped together in Rust,
//! with the GIL released, for vectorised reinforcement learning.

use std::sync::Arc;

use mancala_core::{History, Position, Rules};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
    dtype,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use self_cell::self_cell;

use crate::action::{action_of, distinct_actions, move_of, type_name};
use crate::observation::{observation_len, write_observation};
use crate::state::{GAME_LENGTH_CAP, position_returns};

/// The games of a batch, as [`History`]s over the batch's own rules.
type Histories<'r> = Vec<History<'r>>;

self_cell!(
    /// The rules and the games played under them: a `History` borrows its
    /// rules, and the batch owns them. A history keeps only positions and
    /// moves (no event records), and `History::reset` keeps its memory, so
    /// that stepping allocates nothing once every game has run once.
    struct Games {
        owner: Arc<Rules>,

        #[covariant]
        dependent: Histories,
    }
);

/// `n` games played side by side; a game that ends starts again from the
/// start position at once (automatic reset).
#[pyclass(name = "Batch", module = "mancala")]
pub struct PyBatch {
    games: Games,
    /// The legal action ids of every game, one bit per action, as last
    /// shown to Python: `step` checks actions against them.
    legal: Vec<u64>,
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
        let games = Games::new(rules, |rules| (0..n).map(|_| History::new(rules)).collect());
        let mut batch = PyBatch {
            games,
            legal: vec![0; n],
            seed,
        };
        batch.views();
        batch
    }

    /// The rules of every game.
    fn rules(&self) -> &Rules {
        self.games.borrow_owner()
    }

    /// Empty views for every game, to be filled.
    fn blank_views(&self) -> Views {
        let rules = self.rules();
        let n = self.legal.len();
        Views {
            observations: vec![0.0; n * observation_len(rules)],
            masks: vec![false; n * distinct_actions(rules)],
            players: vec![0; n],
        }
    }

    /// The observations (by the player to move), masks and players to
    /// move of every game; remembers the legal actions for `step`.
    fn views(&mut self) -> Views {
        let mut views = self.blank_views();
        let rules = self.games.borrow_owner();
        let (obs_len, actions) = (observation_len(rules), distinct_actions(rules));
        let cells = views.observations.chunks_exact_mut(obs_len.max(1));
        let masks = views.masks.chunks_exact_mut(actions.max(1));
        let games = self.games.borrow_dependent();
        let each = games.iter().zip(cells).zip(masks).zip(&mut self.legal);
        for ((((history, obs), mask), legal), player) in each.zip(&mut views.players) {
            (*player, *legal) = view(rules, history.position(), obs, mask);
        }
        views
    }

    /// Plays `actions[i]` in game `i` and shows every game as
    /// [`PyBatch::views`] does, in one pass over the games; returns the
    /// rewards (players per game), which games ended (those restarting)
    /// and the views.
    fn advance(&mut self, actions: &[usize]) -> (Vec<f32>, Vec<bool>, Views) {
        let mut views = self.blank_views();
        let rules = self.games.borrow_owner();
        let (obs_len, n_actions) = (observation_len(rules), distinct_actions(rules));
        let players = rules.players();
        let mut rewards = vec![0.0; actions.len() * players];
        let mut terminated = vec![false; actions.len()];
        let legal = &mut self.legal;
        self.games.with_dependent_mut(|rules, games| {
            let cells = views.observations.chunks_exact_mut(obs_len.max(1));
            let masks = views.masks.chunks_exact_mut(n_actions.max(1));
            let rewarded = rewards.chunks_exact_mut(players);
            let each = games.iter_mut().zip(actions).zip(cells).zip(masks);
            let each = each
                .zip(rewarded)
                .zip(legal.iter_mut())
                .zip(&mut views.players);
            let each = each.zip(&mut terminated);
            for (((((((history, &a), obs), mask), reward), legal), player), ended) in each {
                history.play_unchecked(move_of(rules, a));
                let pos = history.position();
                if !pos.is_over() && pos.ply() >= GAME_LENGTH_CAP {
                    history.end_by_agreement();
                }
                if let Some(returns) = position_returns(history.position()) {
                    for (cell, r) in reward.iter_mut().zip(returns) {
                        *cell = r as f32;
                    }
                    *ended = true;
                    history.reset(Position::new(rules));
                }
                (*player, *legal) = view(rules, history.position(), obs, mask);
            }
        });
        (rewards, terminated, views)
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
        let n = self.legal.len();
        if array.shape() != [n] {
            return Err(PyValueError::new_err(format!(
                "actions must have shape ({n},), one per game, not {:?}",
                array.shape()
            )));
        }
        let array = array.cast::<PyArray1<i64>>()?.readonly();
        let count = distinct_actions(self.rules());
        let mut read = Vec::with_capacity(n);
        for (i, (&a, legal)) in array.as_array().iter().zip(&self.legal).enumerate() {
            let action = usize::try_from(a)
                .ok()
                .filter(|&a| a < count)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "actions[{i}] = {a} is out of range: this game's actions are 0..{}",
                        count - 1
                    ))
                })?;
            if legal & (1 << action) == 0 {
                return Err(PyValueError::new_err(format!(
                    "actions[{i}] = {a} is not legal in game {i}"
                )));
            }
            read.push(action);
        }
        Ok(read)
    }
}

/// Writes the observation (by the player to move) and legal mask of
/// `pos`, a game still going; returns that player and the legal actions,
/// one bit each.
fn view(rules: &Rules, pos: &Position<'_>, obs: &mut [f32], mask: &mut [bool]) -> (i64, u64) {
    let player = pos.player_of(pos.to_move());
    write_observation(pos, player, obs);
    let mut legal = 0;
    for m in pos.legal_moves().iter() {
        let action = action_of(rules, m);
        mask[action] = true;
        legal |= 1 << action;
    }
    (player as i64, legal)
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
        self.legal.len()
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
        let views = py.detach(|| {
            self.games.with_dependent_mut(|rules, games| {
                for history in games {
                    history.reset(Position::new(rules));
                }
            });
            self.views()
        });
        to_numpy(py, views, self.rules())?.into_pyobject(py)
    }

    /// The current `(observations, legal_masks, current_players)`, as
    /// `reset` returns them, without changing anything.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let views = py.detach(|| self.views());
        to_numpy(py, views, self.rules())?.into_pyobject(py)
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
        let (rewards, terminated, views) = py.detach(|| self.advance(&actions));
        let n = self.legal.len();
        let rewards = PyArray1::from_vec(py, rewards).reshape([n, self.rules().players()])?;
        let terminated = PyArray1::from_vec(py, terminated);
        let (observations, masks, players) = to_numpy(py, views, self.rules())?;
        (observations, masks, rewards, terminated, players).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.Batch of {} games of {}>",
            self.legal.len(),
            self.rules().rule_set().canonical()
        )
    }
}
