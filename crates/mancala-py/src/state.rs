//! `mancala.State`: one game in progress, in OpenSpiel's vocabulary.

use mancala_core::{Game, IllegalMove, Outcome, Position, Rules};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyString, PyTuple};

use crate::action::{action_of, distinct_actions, move_of, read_action, type_name};
use crate::game::PyGame;
use crate::observation::{observation_len, write_observation};
use crate::solve::PySolution;

/// `current_player()` of a finished game: OpenSpiel's `PlayerId.TERMINAL`.
pub const TERMINAL_PLAYER: i64 = -4;

/// Games whose rules give no bound on their length (seeds that can circle
/// for ever) are ended by agreement after this many plies, the cap of
/// `random_playouts`, so that `max_game_length()` is a true bound.
pub const GAME_LENGTH_CAP: u32 = mancala_ai::PLAYOUT_CAP;

/// Plays action id `action` (below `distinct_actions`) in `game`, a game
/// still going, and ends it by agreement at `GAME_LENGTH_CAP` plies.
///
/// # Errors
///
/// The move, when it is not legal here.
pub(crate) fn play_action(game: &mut Game, action: usize) -> Result<(), IllegalMove> {
    let m = move_of(game.rules(), action);
    game.play(m)?;
    if !game.is_over() && game.position().ply() >= GAME_LENGTH_CAP {
        game.end_by_agreement()
            .expect("a game still going can end by agreement");
    }
    Ok(())
}

/// Writes `game`'s legal actions into `mask` (one flag per action id);
/// all false once the game is over.
pub(crate) fn write_legal_mask(game: &Game, mask: &mut [bool]) {
    mask.fill(false);
    let pos = game.position();
    if pos.is_over() {
        return;
    }
    for m in pos.legal_moves().iter() {
        mask[action_of(pos.rules(), m)] = true;
    }
}

/// The returns of a finished game, per player; `None` while it goes on.
pub(crate) fn final_returns(game: &Game) -> Option<Vec<f64>> {
    position_returns(&game.position())
}

/// The returns of the game ended in `pos`, per player; `None` while it
/// goes on.
pub(crate) fn position_returns(pos: &Position<'_>) -> Option<Vec<f64>> {
    pos.outcome().map(|o| PyState::returns_of(&o))
}

/// A game in progress: the position, the moves that led to it.
#[pyclass(name = "State", module = "mancala")]
#[derive(Clone)]
pub struct PyState {
    game: Game,
}

impl PyState {
    /// A state of `game`.
    pub fn new(game: Game) -> PyState {
        PyState { game }
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// A state from `serialize()` output.
    ///
    /// # Errors
    ///
    /// `ValueError` naming what does not read or replay.
    pub fn deserialize(text: &str) -> PyResult<PyState> {
        serde_json::from_str(text)
            .map(PyState::new)
            .map_err(|e| PyValueError::new_err(format!("corrupt serialized state: {e}")))
    }

    fn position(&self) -> Position<'_> {
        self.game.position()
    }

    /// Per player, from ranks: (players ranked below - players ranked
    /// above) / (players - 1).
    fn returns_of(outcome: &Outcome) -> Vec<f64> {
        let ranks = outcome.player_ranks();
        let players = ranks.len();
        ranks
            .iter()
            .map(|&mine| {
                let below = ranks.iter().filter(|&&r| r > mine).count() as f64;
                let above = ranks.iter().filter(|&&r| r < mine).count() as f64;
                (below - above) / (players - 1) as f64
            })
            .collect()
    }
}

#[pymethods]
impl PyState {
    /// The player to move (0 = the one who moved first; after a pie swap
    /// the players trade sides), or `TERMINAL_PLAYER` (-4) once the game
    /// is over.
    fn current_player(&self) -> i64 {
        let pos = self.position();
        if pos.is_over() {
            TERMINAL_PLAYER
        } else {
            pos.player_to_move() as i64
        }
    }

    /// The legal action ids, ascending; empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        let pos = self.position();
        if pos.is_over() {
            return Vec::new();
        }
        let mut actions: Vec<usize> = pos
            .legal_moves()
            .iter()
            .map(|m| action_of(pos.rules(), m))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// A numpy bool array, one flag per action id: true for the legal
    /// ones.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; distinct_actions(self.rules())];
        write_legal_mask(&self.game, &mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// What `player` sees (default: the player to move), as a numpy
    /// float32 array of `Game.observation_tensor_shape()`, laid out as
    /// the package docs say.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let players = self.rules().players();
        let player = match player {
            Some(value) => read_player(value, players)?,
            None if self.game.is_over() => {
                return Err(PyValueError::new_err(
                    "the game is over: name the player whose observation you want",
                ));
            }
            None => self.position().player_to_move(),
        };
        let mut out = vec![0.0; observation_len(self.rules())];
        write_observation(&self.game.position(), player, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Plays action `action`.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.game.is_over() {
            return Err(PyValueError::new_err(format!(
                "action {action} cannot be applied: the game is over"
            )));
        }
        let a = read_action(self.rules(), action)?;
        play_action(&mut self.game, a)
            .map_err(|e| PyValueError::new_err(format!("action {a} is not legal here: {e}")))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// Per player: +1 first, -1 last, 0 while the game is going on (see
    /// the package docs for ties and 3-4 players).
    fn returns(&self) -> Vec<f64> {
        final_returns(&self.game).unwrap_or_else(|| vec![0.0; self.rules().players()])
    }

    /// Per player: the seeds in its store.
    fn scores(&self) -> Vec<u32> {
        let pos = self.position();
        (0..pos.rules().players())
            .map(|p| u32::from(pos.store(pos.side_of(p))))
            .collect()
    }

    /// Never: mancala has no chance moves.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Moves played since the start position (swaps included).
    fn move_number(&self) -> u32 {
        self.position().ply()
    }

    /// The action ids played from the start, in order.
    fn history(&self) -> Vec<usize> {
        self.game
            .moves()
            .map(|m| action_of(self.rules(), m))
            .collect()
    }

    /// The exact value of this two-player state: `mancala.solve(state,
    /// ...)`.
    #[pyo3(
        signature = (*, time = None, nodes = None, table_mb = None, database_seeds = None),
        text_signature = "($self, *, time=None, nodes=None, table_mb=64, database_seeds=12)"
    )]
    fn solve(
        slf: &Bound<'_, Self>,
        time: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        table_mb: Option<&Bound<'_, PyAny>>,
        database_seeds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySolution> {
        crate::solve::solve(
            slf.py(),
            slf.as_any(),
            time,
            nodes,
            table_mb,
            database_seeds,
        )
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// The game as JSON text (rules, start and moves), which
    /// `Game.deserialize_state` reads back.
    fn serialize(&self) -> String {
        serde_json::to_string(&self.game).expect("a game serialises")
    }

    /// The game as the core's JSON record (`{"rules": ..., "start": ...,
    /// "events": [...]}`, `start` only when it is not the usual one): the
    /// same text as the server's export and `mancala replay --game` read.
    fn to_json(&self) -> String {
        self.serialize()
    }

    /// A state from the core's JSON record of a game, which brings its
    /// own rules; the events are replayed.
    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let text = read_text(text, "a game record")?;
        parse_json(&text)
    }

    /// The game as the core's one-line text: `RULES; EVENTS` or `RULES;
    /// start POSITION; EVENTS` (`"kalah,houses=4,seeds=3; 2, 4, resign 1"`).
    fn to_text(&self) -> String {
        self.game.to_string()
    }

    /// A state from the core's one-line text of a game, which brings its
    /// own rules; the events are replayed.
    #[staticmethod]
    fn from_text(text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let text = read_text(text, "a game line")?;
        parse_line(&text)
    }

    /// The game of this state's rules (pyspiel's `get_game`).
    fn get_game(&self) -> PyGame {
        PyGame {
            rules: std::sync::Arc::clone(self.game.rules()),
        }
    }

    /// The position in position notation.
    fn to_notation(&self) -> String {
        self.position().to_setup().to_string()
    }

    /// A state of `game` from position notation, with no history.
    #[staticmethod]
    fn from_notation(game: &Bound<'_, PyAny>, text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let game = game.cast::<PyGame>().map_err(|_| {
            PyTypeError::new_err(format!("expected a mancala.Game, not {}", type_name(game)))
        })?;
        let text = text.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "position notation must be a str, not {}",
                type_name(text)
            ))
        })?;
        game.get().state_from_notation(&text.to_cow()?)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyState>().is_ok_and(|o| {
            let o = o.borrow();
            o.rules().rule_set() == self.rules().rule_set()
                && o.game.events() == self.game.events()
                && o.game.start() == self.game.start()
        })
    }

    /// A drawing of the board, and who is to move or how the game ended.
    fn __str__(&self) -> String {
        format!("{:#}", self.position())
    }

    fn __repr__(&self) -> String {
        format!("<mancala.State {}>", self.to_notation())
    }

    /// Pickles as `serialize()` text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        // Through the module, so that pickle finds the function by name.
        let restore = py.import("mancala._mancala")?.getattr("restore_state")?;
        (restore, (self.serialize(),)).into_pyobject(py)
    }
}

/// A copy of the game of `state`, a `mancala.State`: searches run on it
/// with the GIL released while Python may change the state.
///
/// # Errors
///
/// `TypeError` when `state` is not a `mancala.State`.
pub(crate) fn read_game(state: &Bound<'_, PyAny>) -> PyResult<Game> {
    let state = state.cast::<PyState>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a mancala.State, not {}",
            type_name(state)
        ))
    })?;
    Ok(state.borrow().game.clone())
}

/// A state from `serialize()` output, whatever its game (for pickle).
#[pyfunction]
pub fn restore_state(text: &str) -> PyResult<PyState> {
    PyState::deserialize(text)
}

/// A state from a saved game, its JSON record or its one-line text, told
/// apart by the first character as `mancala replay --game` does.
#[pyfunction]
pub fn load_state(text: &Bound<'_, PyAny>) -> PyResult<PyState> {
    let text = read_text(text, "a saved game")?;
    let trimmed = text.trim();
    if trimmed.starts_with('{') {
        parse_json(trimmed)
    } else if trimmed.contains('\n') {
        Err(PyValueError::new_err(
            "expected one game line (RULES; EVENTS) or a JSON record",
        ))
    } else {
        parse_line(trimmed)
    }
}

/// The text of `value`, a Python str.
///
/// # Errors
///
/// `TypeError` naming `what` for anything but a str.
fn read_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let text = value.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a str, not {}", type_name(value)))
    })?;
    Ok(text.to_cow()?.into_owned())
}

/// A state from the core's JSON record.
///
/// # Errors
///
/// `ValueError` with serde's or the replay's message.
fn parse_json(text: &str) -> PyResult<PyState> {
    serde_json::from_str(text)
        .map(PyState::new)
        .map_err(|e| PyValueError::new_err(format!("not a game record: {e}")))
}

/// A state from the core's game line.
///
/// # Errors
///
/// `ValueError` with the core's [`mancala_core::GameLineError`] message.
fn parse_line(text: &str) -> PyResult<PyState> {
    text.parse::<Game>()
        .map(PyState::new)
        .map_err(|e| PyValueError::new_err(format!("not a game line: {e}")))
}

/// Reads a player number from a Python int.
///
/// # Errors
///
/// `TypeError` for a value that is not an integer, `ValueError` for one
/// outside `0..players`.
pub(crate) fn read_player(value: &Bound<'_, PyAny>, players: usize) -> PyResult<usize> {
    let out_of_range = || {
        PyValueError::new_err(format!(
            "player {value} is out of range: this game's players are 0..{}",
            players - 1
        ))
    };
    match value.extract::<i64>() {
        Ok(p) => usize::try_from(p)
            .ok()
            .filter(|&p| p < players)
            .ok_or_else(out_of_range),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(value.py()) => {
            Err(out_of_range())
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "a player must be an int, not {}",
            type_name(value)
        ))),
    }
}
