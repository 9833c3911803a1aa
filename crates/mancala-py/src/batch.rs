//! `mancala.Batch`: `n` games of one rule set stepped together in Rust,
//! with the GIL released, for vectorised reinforcement learning.
//!
//! A step writes straight into the numpy arrays it returns: new ones each
//! call, or, for a batch made with `reuse=True`, the same arrays every
//! call (no allocation and no zeroing; the caller copies what it keeps).

mod arrays;
mod games;
mod matches;
mod view;

use std::sync::Arc;

use mancala_core::{Match, Position, Rounds, Rules};
use numpy::{
    PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods, dtype,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::action::type_name;
use arrays::{Arrays, Guards, Reused};
use games::{Boards, Games};
use view::{Layout, legal_actions};

/// The lanes of a batch: single games, or, under rules with rounds,
/// whole matches.
enum Lanes {
    /// Games under `rounds = none`, played on bare positions.
    Games(Games),
    /// Matches in rounds (docs/rules.md section 8a), each played by
    /// core's [`Match`] as `mancala.State` plays it.
    Matches {
        /// The rules the batch was made with: each new match's.
        rules: Arc<Rules>,
        matches: Vec<Match>,
    },
}

/// `n` games played side by side; a game that ends starts again from the
/// start position at once (automatic reset). Under rules with rounds,
/// each lane is a whole match, which restarts once the match is over.
#[pyclass(name = "Batch", module = "mancala")]
pub struct PyBatch {
    lanes: Lanes,
    layout: Layout,
    /// The legal action ids of every game, one bit per action, as last
    /// shown to Python: `step` checks actions against them.
    legal: Vec<u64>,
    /// The actions of the step being played, checked.
    actions: Vec<u8>,
    seed: Option<u64>,
    /// The arrays every call writes and returns, when made with `reuse`.
    reused: Option<Reused>,
}

impl PyBatch {
    /// `n` games of `rules` at the start; with `reuse`, every call
    /// writes and returns the same arrays.
    pub fn new(
        py: Python<'_>,
        rules: Arc<Rules>,
        n: usize,
        seed: Option<u64>,
        reuse: bool,
    ) -> PyBatch {
        let layout = Layout::of(&rules);
        let mut legal = vec![0; n];
        let lanes = if rules.rule_set().rounds == Rounds::None {
            Lanes::Games(Games::new(rules, |rules| {
                let boards = Boards::new(rules, n);
                // Every game starts at the same position: the legal
                // actions of one are those of all.
                let (_, bits) = legal_actions(rules, &Position::new(rules));
                legal.fill(bits);
                boards
            }))
        } else {
            let matches = matches::new_matches(rules.rule_set(), n);
            if let Some(game) = matches.first() {
                let pos = game.position();
                legal.fill(legal_actions(pos.rules(), &pos).1);
            }
            Lanes::Matches { rules, matches }
        };
        PyBatch {
            lanes,
            layout,
            legal,
            actions: Vec::with_capacity(n),
            seed,
            reused: reuse.then(|| Reused::new(py, layout, n)),
        }
    }

    /// The rules the batch was made with.
    fn rules(&self) -> &Rules {
        match &self.lanes {
            Lanes::Games(games) => games.borrow_owner(),
            Lanes::Matches { rules, .. } => rules,
        }
    }

    /// The arrays to write this call: the batch's own with `reuse`, else
    /// new ones.
    fn arrays<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        match &self.reused {
            Some(reused) => reused.bind(py),
            None => Arrays::zeros(py, self.layout, self.legal.len()),
        }
    }

    /// Shows every game in `arrays` (observations, masks, players),
    /// after `reset` puts them back at the start if asked, with the GIL
    /// released.
    fn show<'py>(&mut self, py: Python<'py>, reset: bool) -> PyResult<Bound<'py, PyTuple>> {
        let arrays = self.arrays(py);
        let mut guards = Guards::of(&arrays, self.layout, self.legal.len())?;
        let (views, _) = guards.slices();
        let (layout, legal) = (self.layout, &mut self.legal);
        py.detach(|| match &mut self.lanes {
            Lanes::Games(games) => games.with_dependent_mut(|rules, boards| {
                if reset {
                    boards.restart(rules);
                }
                boards.show(rules, layout, legal, views);
            }),
            Lanes::Matches { rules, matches } => {
                if reset {
                    *matches = matches::new_matches(rules.rule_set(), matches.len());
                }
                matches::show_matches(rules, matches, layout, legal, views);
            }
        });
        drop(guards);
        arrays.views(py)
    }

    /// Reads and checks `actions` into `self.actions`: an int64 numpy
    /// array of shape `(n,)`, each one legal in its game.
    ///
    /// # Errors
    ///
    /// `TypeError` for anything but a numpy array of dtype int64,
    /// `ValueError` for another shape or an action out of range or illegal
    /// in its game (naming the game).
    fn read_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
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
        let count = self.layout.actions;
        self.actions.clear();
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
            // Below `count`, at most MAX_HOUSES + 1.
            self.actions.push(action as u8);
        }
        Ok(())
    }
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

    /// Whether every call writes and returns the same arrays.
    #[getter]
    fn reuse(&self) -> bool {
        self.reused.is_some()
    }

    /// Puts every game back at the start; returns `(observations,
    /// legal_masks, current_players)` as `step` does.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.show(py, true)
    }

    /// The current `(observations, legal_masks, current_players)`, as
    /// `reset` returns them, without changing anything.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.show(py, false)
    }

    /// Plays `actions[i]` in game `i` (int64, shape `(n,)`); returns
    /// `(observations, legal_masks, rewards, terminated, current_players)`.
    /// A game that ends gets its returns as rewards, is flagged
    /// terminated and restarts at once: its observation, mask and player
    /// are those of the new game. Under rules with rounds a game is a
    /// whole match: a round that ends starts the next at once (nothing
    /// flagged), and the match's end gives the match's returns, as
    /// `State.returns()`.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.read_actions(actions)?;
        let arrays = self.arrays(py);
        let mut guards = Guards::of(&arrays, self.layout, self.legal.len())?;
        let out = guards.slices();
        let (layout, legal, actions) = (self.layout, &mut self.legal, &self.actions);
        py.detach(|| match &mut self.lanes {
            Lanes::Games(games) => games.with_dependent_mut(|rules, boards| {
                boards.advance(rules, layout, actions, legal, out);
            }),
            Lanes::Matches { rules, matches } => {
                matches::advance_matches(rules, matches, layout, actions, legal, out);
            }
        });
        drop(guards);
        arrays.step(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.Batch of {} games of {}>",
            self.legal.len(),
            self.rules().rule_set().canonical()
        )
    }
}
