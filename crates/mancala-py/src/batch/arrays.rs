//! The numpy arrays a batch writes: new ones each call, or its own with
//! `reuse=True`, and write access to them.

use numpy::{PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadwriteArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::view::Layout;

/// Where a call writes what it shows of every game, row after row.
pub(super) struct Views<'a> {
    pub(super) observations: &'a mut [f32],
    pub(super) masks: &'a mut [bool],
    pub(super) players: &'a mut [i64],
}

/// Where `step` writes what the moves did, row after row.
pub(super) struct Ends<'a> {
    pub(super) rewards: &'a mut [f32],
    pub(super) terminated: &'a mut [bool],
}

/// The arrays of a batch made with `reuse=True`.
pub(super) struct Reused {
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i64>>,
}

/// The arrays of one call, bound: `(observations [n, obs], masks [n,
/// actions], rewards [n, players], terminated [n], players [n])`.
pub(super) struct Arrays<'py> {
    pub(super) observations: Bound<'py, PyArray2<f32>>,
    pub(super) masks: Bound<'py, PyArray2<bool>>,
    pub(super) rewards: Bound<'py, PyArray2<f32>>,
    pub(super) terminated: Bound<'py, PyArray1<bool>>,
    pub(super) players: Bound<'py, PyArray1<i64>>,
}

impl<'py> Arrays<'py> {
    /// New arrays, all zero (numpy allocates them zeroed), for `n` games.
    pub(super) fn zeros(py: Python<'py>, layout: Layout, n: usize) -> Arrays<'py> {
        Arrays {
            observations: PyArray2::zeros(py, [n, layout.observation], false),
            masks: PyArray2::zeros(py, [n, layout.actions], false),
            rewards: PyArray2::zeros(py, [n, layout.players], false),
            terminated: PyArray1::zeros(py, [n], false),
            players: PyArray1::zeros(py, [n], false),
        }
    }

    /// `(observations, masks, players)`, as `reset` and `observe` return.
    pub(super) fn views(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.observations, self.masks, self.players).into_pyobject(py)
    }

    /// `(observations, masks, rewards, terminated, players)`, as `step`
    /// returns.
    pub(super) fn step(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let a = self;
        (a.observations, a.masks, a.rewards, a.terminated, a.players).into_pyobject(py)
    }
}

impl Reused {
    pub(super) fn new(py: Python<'_>, layout: Layout, n: usize) -> Reused {
        let a = Arrays::zeros(py, layout, n);
        Reused {
            observations: a.observations.unbind(),
            masks: a.masks.unbind(),
            rewards: a.rewards.unbind(),
            terminated: a.terminated.unbind(),
            players: a.players.unbind(),
        }
    }

    pub(super) fn bind<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        Arrays {
            observations: self.observations.bind(py).clone(),
            masks: self.masks.bind(py).clone(),
            rewards: self.rewards.bind(py).clone(),
            terminated: self.terminated.bind(py).clone(),
            players: self.players.bind(py).clone(),
        }
    }
}

/// Write access to a contiguous array of `len` elements.
///
/// # Errors
///
/// `ValueError` when the array is no longer writable, borrowed elsewhere
/// in Rust, not contiguous or of another size: a reused array that its
/// user changed in place.
pub(super) fn writable<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, PyArray<T, D>>,
    len: usize,
    what: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    let changed = |why: String| {
        PyValueError::new_err(format!(
            "the batch cannot write its {what} array: {why} (with reuse=True, \
             change copies of the arrays, not the arrays themselves)"
        ))
    };
    let guard = array.try_readwrite().map_err(|e| changed(e.to_string()))?;
    if !array.is_c_contiguous() || array.len() != len {
        return Err(changed(format!(
            "it is no longer a contiguous array of {len} elements"
        )));
    }
    Ok(guard)
}

/// Write access to every array of a call.
pub(super) struct Guards<'py> {
    pub(super) observations: PyReadwriteArray<'py, f32, numpy::Ix2>,
    pub(super) masks: PyReadwriteArray<'py, bool, numpy::Ix2>,
    pub(super) rewards: PyReadwriteArray<'py, f32, numpy::Ix2>,
    pub(super) terminated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    pub(super) players: PyReadwriteArray<'py, i64, numpy::Ix1>,
}

impl<'py> Guards<'py> {
    pub(super) fn of(a: &Arrays<'py>, layout: Layout, n: usize) -> PyResult<Guards<'py>> {
        Ok(Guards {
            observations: writable(&a.observations, n * layout.observation, "observations")?,
            masks: writable(&a.masks, n * layout.actions, "legal_masks")?,
            rewards: writable(&a.rewards, n * layout.players, "rewards")?,
            terminated: writable(&a.terminated, n, "terminated")?,
            players: writable(&a.players, n, "current_players")?,
        })
    }

    /// The slices to write (contiguous: checked by [`writable`] or true
    /// of new arrays).
    pub(super) fn slices(&mut self) -> (Views<'_>, Ends<'_>) {
        let contiguous = "checked contiguous";
        let views = Views {
            observations: self.observations.as_slice_mut().expect(contiguous),
            masks: self.masks.as_slice_mut().expect(contiguous),
            players: self.players.as_slice_mut().expect(contiguous),
        };
        let ends = Ends {
            rewards: self.rewards.as_slice_mut().expect(contiguous),
            terminated: self.terminated.as_slice_mut().expect(contiguous),
        };
        (views, ends)
    }
}
