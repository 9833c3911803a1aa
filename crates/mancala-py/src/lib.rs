//! Python bindings of the mancala engine: the extension module
//! `mancala._mancala`, re-exported by the pure-Python package `mancala`.
//!
//! A thin layer in the shape of OpenSpiel's `pyspiel` API: `load_game`
//! gives a [`PyGame`], whose states ([`PyState`]) wrap an owned
//! [`mancala_core::Game`]. Every rule lives in `mancala-core`; this crate
//! only maps actions, players and errors to what Python users expect.

mod action;
mod batch;
mod bot;
mod game;
mod observation;
mod playouts;
mod solve;
mod state;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

pub use batch::PyBatch;
pub use bot::PyBot;
pub use game::PyGame;
pub use playouts::PyPlayoutTotals;
pub use solve::{PyMoveValue, PySolution};
pub use state::PyState;

/// The extension module: classes and functions that `mancala/__init__.py`
/// re-exports.
#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyBatch>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyPlayoutTotals>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<PySolution>()?;
    m.add_class::<PyMoveValue>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_state, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::analyse, m)?)?;
    m.add("TERMINAL_PLAYER", state::TERMINAL_PLAYER)?;
    m.add("GAME_LENGTH_CAP", state::GAME_LENGTH_CAP)?;
    let presets: Vec<&str> = mancala_core::Preset::ALL.iter().map(|p| p.name()).collect();
    m.add("PRESETS", PyTuple::new(m.py(), presets)?)?;
    Ok(())
}
