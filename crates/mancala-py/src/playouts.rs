//! `mancala.random_playouts`: bulk random games in Rust, without the GIL.

use mancala_ai::PlayoutTotals;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::action::{read_u64, type_name};
use crate::game::PyGame;

/// What a run of random games came to.
#[pyclass(name = "PlayoutTotals", module = "mancala", frozen, get_all)]
pub struct PyPlayoutTotals {
    /// Games played.
    games: u64,
    /// Moves played in all (pie swaps included).
    plies: u64,
    /// Games ended by agreement at the length cap.
    capped: u64,
    /// Per side: the games it ranked first in, alone or shared.
    firsts: Vec<u64>,
}

#[pymethods]
impl PyPlayoutTotals {
    fn __repr__(&self) -> String {
        format!(
            "PlayoutTotals(games={}, plies={}, capped={}, firsts={:?})",
            self.games, self.plies, self.capped, self.firsts
        )
    }
}

impl From<PlayoutTotals> for PyPlayoutTotals {
    fn from(t: PlayoutTotals) -> PyPlayoutTotals {
        PyPlayoutTotals {
            games: t.games,
            plies: t.plies,
            capped: t.capped,
            firsts: t.firsts,
        }
    }
}

/// Plays `n` games between uniformly random players on `threads` threads
/// (0: one per core), with the GIL released; reproducible from `seed`
/// alone, whatever the number of threads. Under rules in rounds a game is
/// a whole match (`mancala_ai::random_playouts`).
#[pyfunction]
#[pyo3(signature = (game, n, seed, threads = None), text_signature = "(game, n, seed, threads=1)")]
pub fn random_playouts(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPlayoutTotals> {
    let game = game.cast::<PyGame>().map_err(|_| {
        PyTypeError::new_err(format!("expected a mancala.Game, not {}", type_name(game)))
    })?;
    let games = read_u64(n, "n")?;
    let seed = read_u64(seed, "seed")?;
    let threads = match threads {
        Some(t) => usize::try_from(read_u64(t, "threads")?)
            .map_err(|_| PyValueError::new_err(format!("threads: {t} is too many")))?,
        None => 1,
    };
    let rules = Arc::clone(&game.get().rules);
    let totals = py.detach(move || mancala_ai::random_playouts(&rules, games, seed, threads));
    Ok(totals.into())
}
