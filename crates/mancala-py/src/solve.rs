//! `mancala.solve` and `mancala.analyse`: the exact solver and the
//! analysis of `mancala-ai`, run with the GIL released.

use std::time::Duration;

use mancala_ai::{Limits, MoveValue, Solver, SolverOptions, Spec};
use mancala_core::{Game, Wdl};
use pyo3::exceptions::{PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::action::{action_of, read_u64, type_name};
use crate::state::read_game;

/// The solver's table by default, in MiB: a quarter of the CLI's, as
/// Python callers may solve many positions in a row.
const DEFAULT_TABLE_MB: u64 = 64;

/// The largest table `solve` takes, in MiB (64 GiB).
const MAX_TABLE_MB: u64 = 1 << 16;

/// The endgame database by default, in seeds (as the CLI's).
const DEFAULT_DATABASE_SEEDS: u64 = 12;

/// The largest endgame database `solve` builds: its size grows steeply
/// with the seeds (for six houses a side, 20 seeds take 225 MB).
const MAX_DATABASE_SEEDS: u64 = 20;

/// What `solve` found: the value of a two-player position under perfect
/// play.
#[pyclass(name = "Solution", module = "mancala", frozen, get_all)]
pub struct PySolution {
    /// The player to move, whom `value` and `result` are for.
    player: usize,
    /// The final score difference under perfect play for `player`: their
    /// final score minus the other player's.
    value: i32,
    /// Per player, the final score difference for that player.
    values: Vec<i32>,
    /// `"win"`, `"draw"` or `"loss"` for `player` under perfect play.
    result: String,
    /// A best action for `player`.
    best_action: usize,
    /// Positions visited.
    nodes: u64,
    /// Seconds the search took (the endgame database is built before).
    seconds: f64,
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(player={}, value={}, result={:?}, best_action={}, nodes={})",
            self.player, self.value, self.result, self.best_action, self.nodes
        )
    }
}

/// The value of one legal action, as `analyse` gives it.
#[pyclass(name = "MoveValue", module = "mancala", frozen, get_all)]
pub struct PyMoveValue {
    /// The action.
    action: usize,
    /// Its value in seeds for the player who plays it: the final score
    /// difference when `exact`, else alpha-beta's estimate.
    value: f64,
    /// Whether the value is exact (the solver, or a search that saw the
    /// end of the game).
    exact: bool,
    /// `"win"`, `"draw"` or `"loss"` for the mover when exact, else `None`.
    result: Option<String>,
}

#[pymethods]
impl PyMoveValue {
    fn __repr__(&self) -> String {
        format!(
            "MoveValue(action={}, value={:?}, exact={})",
            self.action,
            self.value,
            if self.exact { "True" } else { "False" }
        )
    }
}

/// The word for a result.
fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    }
}

/// The move values as Python sees them.
fn move_values(game: &Game, values: &[MoveValue]) -> Vec<PyMoveValue> {
    values
        .iter()
        .map(|v| PyMoveValue {
            action: action_of(game.rules(), v.mv),
            value: v.seeds(),
            exact: v.exact,
            result: v.wdl().map(|w| wdl_name(w).to_owned()),
        })
        .collect()
}

/// Reads a time budget in seconds (`what` names it in messages).
fn read_seconds(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Duration>> {
    let Some(value) = value else {
        return Ok(None);
    };
    let seconds: f64 = value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a number of seconds, not {}",
            type_name(value)
        ))
    })?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|d| !d.is_zero())
        .map(Some)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what} must be a positive number of seconds, not {value}"
            ))
        })
}

/// The solver's table size (MiB, default 64) and endgame database
/// (seeds, default 12) as given.
fn solver_options(
    table_mb: Option<&Bound<'_, PyAny>>,
    database_seeds: Option<&Bound<'_, PyAny>>,
) -> PyResult<SolverOptions> {
    let table_mb = table_mb.map_or(Ok(DEFAULT_TABLE_MB), |t| read_u64(t, "table_mb"))?;
    if !(1..=MAX_TABLE_MB).contains(&table_mb) {
        return Err(PyValueError::new_err(format!(
            "table_mb must be from 1 to {MAX_TABLE_MB}, not {table_mb}"
        )));
    }
    let database_seeds = database_seeds.map_or(Ok(DEFAULT_DATABASE_SEEDS), |d| {
        read_u64(d, "database_seeds")
    })?;
    if database_seeds > MAX_DATABASE_SEEDS {
        return Err(PyValueError::new_err(format!(
            "database_seeds must be from 0 to {MAX_DATABASE_SEEDS}, not {database_seeds}"
        )));
    }
    Ok(SolverOptions {
        table_bytes: (table_mb as usize) << 20,
        database_seeds: database_seeds as usize,
    })
}

/// A copy of the game of `state`, which must not be over.
fn game_going_on(state: &Bound<'_, PyAny>) -> PyResult<Game> {
    let game = read_game(state)?;
    if game.is_over() {
        return Err(PyValueError::new_err(
            "the game is over: there is nothing to solve (returns() has the result)",
        ));
    }
    Ok(game)
}

/// The exact value and a best action of a two-player `state`, with the
/// GIL released (see the package docs); `time` (seconds) or `nodes`
/// bound the search.
///
/// # Errors
///
/// `ValueError` for a game of three or four players or one that is over,
/// `TimeoutError` when the budget runs out first.
#[pyfunction]
#[pyo3(
    signature = (state, *, time = None, nodes = None, table_mb = None, database_seeds = None),
    text_signature = "(state, *, time=None, nodes=None, table_mb=64, database_seeds=12)"
)]
pub fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    time: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    table_mb: Option<&Bound<'_, PyAny>>,
    database_seeds: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolution> {
    let game = game_going_on(state)?;
    let limits = Limits {
        time: read_seconds(time, "time")?,
        nodes: nodes.map(|n| read_u64(n, "nodes")).transpose()?,
        depth: None,
    };
    let options = solver_options(table_mb, database_seeds)?;
    let rules = game.rules();
    if rules.players() != 2 {
        return Err(PyValueError::new_err(format!(
            "solve is for two players; these rules seat {}",
            rules.players()
        )));
    }
    let pos = game.position();
    let solution = py.detach(|| {
        let mut solver = Solver::new(rules, options).map_err(|e| e.to_string())?;
        solver
            .solve_within(&pos, &limits)
            .map_err(|e| e.to_string())
    });
    let solution = solution.map_err(PyTimeoutError::new_err)?;
    let player = pos.player_to_move();
    let values = (0..2)
        .map(|p| {
            if p == player {
                solution.value
            } else {
                -solution.value
            }
        })
        .collect();
    Ok(PySolution {
        player,
        value: solution.value,
        values,
        result: wdl_name(solution.result).to_owned(),
        best_action: action_of(rules, solution.best.expect("a game going on has a move")),
        nodes: solution.nodes,
        seconds: solution.elapsed.as_secs_f64(),
    })
}

/// The value of every legal action of `state` for the player who plays
/// it, best first: exact from the opening book where it holds the state
/// (Kalah(6,4)'s first four turns) or when the solver finishes within
/// its time (two players), else estimated by alpha-beta within `ai`'s
/// budget, as `mancala analyse` does; with the GIL released.
///
/// # Errors
///
/// `ValueError` for a spec that is not a searching player, or `depth`
/// and `time` together. A game that is over has no actions to value: an
/// empty list.
#[pyfunction]
#[pyo3(
    signature = (state, ai = None, *, depth = None, time = None),
    text_signature = "(state, ai='ai:10', *, depth=None, time=None)"
)]
pub fn analyse(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    ai: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyMoveValue>> {
    let game = read_game(state)?;
    let text = match ai {
        Some(ai) => ai
            .cast::<PyString>()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "ai must be a player spec (str), not {}",
                    type_name(ai)
                ))
            })?
            .to_cow()?
            .into_owned(),
        None => "ai:10".to_owned(),
    };
    let spec: Spec = text
        .parse()
        .map_err(|e| PyValueError::new_err(format!("bad player spec {text:?}: {e}")))?;
    let (_, mut limits) = spec.search(game.rules()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "ai={text:?}: expected a searching player such as ai:8 or alphabeta:depth=10"
        ))
    })?;
    let time = read_seconds(time, "time")?;
    let solver_time = match (depth, time) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give depth or time, not both"));
        }
        (Some(depth), None) => {
            let depth = u32::try_from(read_u64(depth, "depth")?)
                .map_err(|_| PyValueError::new_err(format!("depth {depth} is too deep")))?;
            limits = Limits::depth(depth);
            None
        }
        (None, Some(time)) => {
            limits = Limits::time(time);
            Some(time)
        }
        (None, None) => None,
    };
    if game.is_over() {
        return Ok(Vec::new());
    }
    let pos = game.position();
    let values = py.detach(|| mancala_ai::analyse(&pos, limits, solver_time));
    Ok(move_values(&game, &values))
}
