//! `mancala.State`: one game in progress, in OpenSpiel's vocabulary.

use mancala_core::{Game, Outcome, Position, Rules};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyString, PyTuple};

use crate::action::{action_of, distinct_actions, move_of, read_action, type_name};
use crate::game::PyGame;

/// `current_player()` of a finished game: OpenSpiel's `PlayerId.TERMINAL`.
pub const TERMINAL_PLAYER: i64 = -4;

/// Games whose rules give no bound on their length (seeds that can circle
/// for ever) are ended by agreement after this many plies, the cap of
/// `random_playouts`, so that `max_game_length()` is a true bound.
pub const GAME_LENGTH_CAP: u32 = mancala_ai::PLAYOUT_CAP;

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
    fn returns_of(pos: &Position<'_>, outcome: &Outcome) -> Vec<f64> {
        let players = pos.rules().players();
        let ranks: Vec<u8> = (0..players).map(|p| outcome.rank(pos.side_of(p))).collect();
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
            pos.player_of(pos.to_move()) as i64
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

    /// 1 for each legal action id, 0 for the others.
    fn legal_actions_mask(&self) -> Vec<i32> {
        let mut mask = vec![0; distinct_actions(self.rules())];
        for a in self.legal_actions() {
            mask[a] = 1;
        }
        mask
    }

    /// Plays action `action`.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.game.is_over() {
            return Err(PyValueError::new_err(format!(
                "action {action} cannot be applied: the game is over"
            )));
        }
        let a = read_action(self.rules(), action)?;
        let m = move_of(self.rules(), a);
        self.game
            .play(m)
            .map_err(|e| PyValueError::new_err(format!("action {a} is not legal here: {e}")))?;
        if !self.game.is_over() && self.position().ply() >= GAME_LENGTH_CAP {
            self.game
                .end_by_agreement()
                .expect("a game still going can end by agreement");
        }
        Ok(())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// Per player: +1 first, -1 last, 0 while the game is going on (see
    /// the package docs for ties and 3-4 players).
    fn returns(&self) -> Vec<f64> {
        let pos = self.position();
        match pos.outcome() {
            Some(outcome) => PyState::returns_of(&pos, &outcome),
            None => vec![0.0; pos.rules().players()],
        }
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

/// A state from `serialize()` output, whatever its game (for pickle).
#[pyfunction]
pub fn restore_state(text: &str) -> PyResult<PyState> {
    PyState::deserialize(text)
}
