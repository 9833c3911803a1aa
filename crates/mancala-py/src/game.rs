//! `mancala.Game` and `mancala.load_game`: a rule set, compiled once and
//! shared by every state of the game.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mancala_core::{Game, Rounds, RuleSet, Rules, Setup};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::action::{distinct_actions, move_of, read_action, read_u64, type_name};
use crate::batch::PyBatch;
use crate::observation::observation_len;
use crate::state::{GAME_LENGTH_CAP, PyState};

/// A game: compiled rules, the factory of its states.
#[pyclass(name = "Game", module = "mancala", frozen)]
pub struct PyGame {
    pub(crate) rules: Arc<Rules>,
}

#[pymethods]
impl PyGame {
    /// The start position.
    fn new_initial_state(&self) -> PyState {
        PyState::initial(&self.rules)
    }

    /// Players, 2 to 4.
    fn num_players(&self) -> usize {
        self.rules.players()
    }

    /// Action ids: one per house, one more (the swap) under the pie rule;
    /// two per house where the player chooses a direction; under `rounds
    /// = territory`, `2 x houses - 1`, one per house a player can own in
    /// the match (its own row, then the opponent's row but its last house).
    fn num_distinct_actions(&self) -> usize {
        distinct_actions(&self.rules)
    }

    /// The move of action id `action` in the game's notation: `"3"` for
    /// house 3, `"3cw"` or `"3ccw"` for house 3 sown that way where the
    /// player chooses, `"swap"` for the pie rule's swap. An id that no
    /// move of the rules has (the clockwise id of a house whose direction
    /// is fixed) is named all the same, as the move it would be.
    ///
    /// Raises `TypeError` for a value that is not an integer and
    /// `ValueError` for one outside `0..num_distinct_actions()`.
    ///
    /// ```python
    /// mancala.load_game("kalah").action_to_string(2)  # "3"
    /// ```
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = read_action(&self.rules, action)?;
        Ok(move_of(&self.rules, action).to_string())
    }

    /// An upper bound on the plies of a game: the rules' own bound, or
    /// `GAME_LENGTH_CAP` when the rules have none (states end such games
    /// by agreement at that length).
    /// In rounds, the bound counts the moves of every round: a round's
    /// bound times `round_limit`, or the cap when either is unbounded.
    fn max_game_length(&self) -> u64 {
        let cap = u64::from(GAME_LENGTH_CAP);
        let set = self.rules.rule_set();
        let plies = if set.rounds == Rounds::None {
            self.rules.max_plies()
        } else {
            self.rules
                .max_plies()
                .filter(|_| set.round_limit > 0)
                .map(|p| p.saturating_mul(u64::from(set.round_limit)))
        };
        plies.unwrap_or(cap).min(cap)
    }

    /// The shape of `State.observation_tensor`: `[players * (houses + 1)
    /// + players]`, and `players * houses` more (the houses a row's player
    /// does not play: burnt, or under `rounds = territory` the other
    /// player's) when the rules play rounds; the same in every round.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation_len(&self.rules)]
    }

    /// `n` games stepped together in Rust (see `mancala.Batch`); `seed`
    /// is kept for the shape of vector environments: the start position
    /// is fixed, so nothing is random yet. With `reuse`, every call of
    /// the batch writes and returns the same arrays (see `Batch.reuse`).
    /// Under rules with rounds, each game of the batch is a whole match
    /// (docs/rules.md section 8a), as `new_initial_state()` plays it.
    #[pyo3(signature = (n, seed = None, *, reuse = false))]
    fn batch(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        reuse: bool,
    ) -> PyResult<PyBatch> {
        let n = usize::try_from(read_u64(n, "n")?)
            .map_err(|_| PyValueError::new_err(format!("n: {n} games are too many")))?;
        let seed = seed.map(|s| read_u64(s, "seed")).transpose()?;
        Ok(PyBatch::new(py, Arc::clone(&self.rules), n, seed, reuse))
    }

    /// The rule set as a rule file (TOML text).
    fn rules(&self) -> String {
        self.rules.rule_set().to_toml()
    }

    /// The rule set as a canonical spec, which `load_game` reads back.
    fn spec(&self) -> String {
        self.rules.rule_set().canonical()
    }

    /// A state from `serialize()` output.
    fn deserialize_state(&self, text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let text = text.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "a serialized state must be a str, not {}",
                type_name(text)
            ))
        })?;
        let state = PyState::deserialize(&text.to_cow()?)?;
        if state.match_rules().rule_set() != self.rules.rule_set() {
            return Err(PyValueError::new_err(
                "the serialized state is of a game with other rules",
            ));
        }
        Ok(state)
    }

    /// A state from position notation (`"4,4,4:0 4,4,4:0 to=0 ply=0"`),
    /// with no history.
    pub(crate) fn state_from_notation(&self, text: &str) -> PyResult<PyState> {
        if self.rules.rule_set().rounds != Rounds::None {
            return Err(PyValueError::new_err(
                "a match in rounds starts from its rules: a position alone has no rounds before it; use from_text or from_json with the match's rounds",
            ));
        }
        let setup = Setup::from_notation(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let game = Game::from_setup(Arc::clone(&self.rules), &setup).map_err(|e| {
            PyValueError::new_err(format!("position {text:?} does not fit the rules: {e}"))
        })?;
        Ok(PyState::new(game))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.get().rules.rule_set() == self.rules.rule_set())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut h = DefaultHasher::new();
        self.spec().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("mancala.load_game({:?})", self.spec())
    }

    /// Pickles as the canonical spec.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        // Through the module, so that pickle finds the function by name.
        let load = py.import("mancala._mancala")?.getattr("load_game")?;
        (load, (self.spec(),)).into_pyobject(py)
    }
}

/// Loads a game: a preset name (`"kalah"`), a spec with settings
/// (`"kalah,players=3,seeds=3"`, `"kalah(players=3)"`, `"kalah3"`), or a
/// path to a `.toml` or `.json` rule file.
#[pyfunction]
pub fn load_game(spec: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    let set = if let Ok(text) = spec.cast::<PyString>() {
        let text = text.to_cow()?;
        let lower = text.to_ascii_lowercase();
        if lower.ends_with(".toml") || lower.ends_with(".json") {
            read_rule_file(Path::new(&*text))?
        } else {
            parse_spec(&text)?
        }
    } else if let Ok(path) = spec.extract::<PathBuf>() {
        read_rule_file(&path)?
    } else {
        return Err(PyTypeError::new_err(format!(
            "load_game takes a spec (str) or a path to a rule file, not {}",
            type_name(spec)
        )));
    };
    let rules = Rules::new(&set)
        .map_err(|e| PyValueError::new_err(format!("the rules cannot be played: {e}")))?;
    Ok(PyGame {
        rules: Arc::new(rules),
    })
}

/// Reads a spec, also in OpenSpiel's `name(key=value,...)` form.
fn parse_spec(text: &str) -> PyResult<RuleSet> {
    let trimmed = text.trim();
    let spec = match trimmed.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((name, settings)) if settings.trim().is_empty() => name.to_owned(),
        Some((name, settings)) => format!("{name},{settings}"),
        None => trimmed.to_owned(),
    };
    RuleSet::from_spec(&spec)
        .map_err(|e| PyValueError::new_err(format!("bad rule spec {text:?}: {e}")))
}

/// Reads a rule file, TOML unless its name ends in `.json`.
fn read_rule_file(path: &Path) -> PyResult<RuleSet> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| {
        let message = format!("cannot read rule file {shown}: {e}");
        match e.kind() {
            std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            _ => PyOSError::new_err(message),
        }
    })?;
    RuleSet::from_file_text(path, &text)
        .map_err(|e| PyValueError::new_err(format!("bad rule file {shown}: {e}")))
}
