//! `mancala.State`: one game in progress, in OpenSpiel's vocabulary; under
//! rules with rounds (docs/rules.md section 8a), a whole match.

use mancala_core::{Event, Game, IllegalMove, Match, Outcome, Position, Rounds, RuleSet, Rules};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyString, PyTuple};

use crate::action::{action_of, distinct_actions, move_of, read_action, type_name};
use crate::game::PyGame;
use crate::observation::{observation_len, physical_house, write_observation};
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

/// Plays action id `action` in `game`, a match still going, and ends the
/// match by agreement once its rounds hold `GAME_LENGTH_CAP` moves.
///
/// # Errors
///
/// The move, when it is not legal here.
pub(crate) fn play_match_action(game: &mut Match, action: usize) -> Result<(), IllegalMove> {
    let m = move_of(game.round_rules(), action);
    game.play(m)?;
    let moves: usize = game.rounds().iter().map(|r| r.moves().count()).sum();
    if !game.is_over() && moves >= GAME_LENGTH_CAP as usize {
        game.apply(Event::Agreement)
            .expect("a match still going can end by agreement");
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

/// What a state plays: one game, or a match of rounds.
#[derive(Clone)]
enum Play {
    /// A game under `rounds = none`.
    Game(Game),
    /// A match in rounds (docs/rules.md section 8a).
    Match(Match),
}

/// A game in progress: the position, the moves that led to it; under
/// rules with rounds, the whole match, the round being played last.
#[pyclass(name = "State", module = "mancala")]
#[derive(Clone)]
pub struct PyState {
    play: Play,
}

impl PyState {
    /// A state of `game`.
    pub fn new(game: Game) -> PyState {
        PyState {
            play: Play::Game(game),
        }
    }

    /// A state of a match in rounds.
    pub fn new_match(game: Match) -> PyState {
        PyState {
            play: Play::Match(game),
        }
    }

    /// The start of a game of `rules`: a match when they play rounds.
    pub fn initial(rules: &std::sync::Arc<Rules>) -> PyState {
        if rules.rule_set().rounds == Rounds::None {
            PyState::new(Game::new(std::sync::Arc::clone(rules)))
        } else {
            PyState::new_match(Match::new(rules.rule_set()).expect("compiled rules are valid"))
        }
    }

    /// The game being played: the round being played of a match.
    fn game(&self) -> &Game {
        match &self.play {
            Play::Game(g) => g,
            Play::Match(m) => m.round(),
        }
    }

    /// Every round so far (one for a game).
    fn rounds(&self) -> &[Game] {
        match &self.play {
            Play::Game(g) => std::slice::from_ref(g),
            Play::Match(m) => m.rounds(),
        }
    }

    /// Whether the game, or the whole match, is over.
    fn over(&self) -> bool {
        self.game().is_over()
    }

    /// The rules the game (the round being played) is played under.
    pub fn rules(&self) -> &Rules {
        self.game().rules()
    }

    /// The rules the game or match was made with (a match's first
    /// round's): they fix the observation's shape for the whole match.
    pub(crate) fn match_rules(&self) -> &Rules {
        self.rounds()[0].rules()
    }

    /// Per player, its row's houses 1 to `houses` (the first round's
    /// board) in sowing order: the player who plays each in the round
    /// being played, or `None` for a burnt house.
    fn owners(&self) -> Vec<Vec<Option<usize>>> {
        let pos = self.position();
        let houses = self.match_rules().houses();
        (0..self.rules().players())
            .map(|p| {
                let side = pos.side_of(p);
                (1..=houses)
                    .map(|h| {
                        physical_house(&pos, houses, side, h)
                            .0
                            .map(|s| pos.player_of(s))
                    })
                    .collect()
            })
            .collect()
    }

    /// A state from `serialize()` output: a game's record, or a match's
    /// (`{"rules", "rounds"}`).
    ///
    /// # Errors
    ///
    /// `ValueError` naming what does not read or replay.
    pub fn deserialize(text: &str) -> PyResult<PyState> {
        read_json(text).map_err(|e| PyValueError::new_err(format!("corrupt serialized state: {e}")))
    }

    fn position(&self) -> Position<'_> {
        self.game().position()
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
        write_legal_mask(self.game(), &mut mask);
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
            None if self.over() => {
                return Err(PyValueError::new_err(
                    "the game is over: name the player whose observation you want",
                ));
            }
            None => self.position().player_to_move(),
        };
        let rules = self.match_rules();
        let mut out = vec![0.0; observation_len(rules)];
        write_observation(rules, &self.position(), player, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Plays action `action`.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.over() {
            return Err(PyValueError::new_err(format!(
                "action {action} cannot be applied: the game is over"
            )));
        }
        let a = read_action(self.rules(), action)?;
        let played = match &mut self.play {
            Play::Game(g) => play_action(g, a),
            Play::Match(m) => play_match_action(m, a),
        };
        played.map_err(|e| PyValueError::new_err(format!("action {a} is not legal here: {e}")))
    }

    /// Whether the game is over; for a match in rounds, the whole match
    /// (a round that ends starts the next one at once).
    fn is_terminal(&self) -> bool {
        self.over()
    }

    /// Per player: +1 first, -1 last, 0 while the game is going on (see
    /// the package docs for ties and 3-4 players). A match's returns are
    /// its last round's (docs/rules.md section 8a), 0 until the match is
    /// over.
    fn returns(&self) -> Vec<f64> {
        final_returns(self.game()).unwrap_or_else(|| vec![0.0; self.rules().players()])
    }

    /// The round being played, from 0 (the last round once the match is
    /// over); always 0 for a game without rounds.
    fn current_round(&self) -> usize {
        self.rounds().len() - 1
    }

    /// Per player, the rounds won so far: a round is won by the one player
    /// ranked first alone (a drawn round counts for nobody); the round
    /// being played counts once it is over.
    fn rounds_won(&self) -> Vec<usize> {
        mancala_core::rounds_won(self.rounds())
    }

    /// Per player, the house numbers (from 1, from the player's view)
    /// burnt in the round being played: out of play, never a legal
    /// action (docs/rules.md section 8a). Empty lists without rounds, and
    /// under `rounds = territory`, where every house has an owner (see
    /// `house_owners`).
    fn burnt_houses(&self) -> Vec<Vec<usize>> {
        self.owners()
            .iter()
            .map(|row| (1..=row.len()).filter(|&h| row[h - 1].is_none()).collect())
            .collect()
    }

    /// Per player, the houses of its row (house 1 first, from the
    /// player's view) with the player who plays each in the round being
    /// played, or -1 for a burnt house: under `rounds = territory`, a
    /// house the other player won (docs/rules.md section 8a); without
    /// rounds, each row its player's.
    fn house_owners(&self) -> Vec<Vec<i64>> {
        self.owners()
            .iter()
            .map(|row| row.iter().map(|o| o.map_or(-1, |p| p as i64)).collect())
            .collect()
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

    /// Moves played since the start position (swaps included); in a
    /// match, in every round so far.
    fn move_number(&self) -> u32 {
        self.rounds().iter().map(|r| r.position().ply()).sum()
    }

    /// The action ids played from the start, in order; in a match, every
    /// round's, the first round's first.
    fn history(&self) -> Vec<usize> {
        self.rounds()
            .iter()
            .flat_map(|r| r.moves().map(|m| action_of(r.rules(), m)))
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
        match &self.play {
            Play::Game(g) => serde_json::to_string(g).expect("a game serialises"),
            Play::Match(m) => serde_json::to_string(m).expect("a match serialises"),
        }
    }

    /// The game as the core's JSON record (`{"rules": ..., "start": ...,
    /// "events": [...]}`, `start` only when it is not the usual one): the
    /// same text as the server's export and `mancala replay --game` read.
    /// A match in rounds: `{"rules": ..., "rounds": [[...], ...]}`, each
    /// round's events.
    fn to_json(&self) -> String {
        self.serialize()
    }

    /// A state from the core's JSON record of a game, or of a match in
    /// rounds (it has `rounds`), which brings its own rules; the events
    /// are replayed.
    #[staticmethod]
    fn from_json(text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let text = read_text(text, "a game record")?;
        parse_json(&text)
    }

    /// The game as the core's one-line text: `RULES; EVENTS` or `RULES;
    /// start POSITION; EVENTS` (`"kalah,houses=4,seeds=3; 2, 4, resign 1"`);
    /// a match in rounds as its match line, `RULES; ROUND / ROUND`.
    fn to_text(&self) -> String {
        match &self.play {
            Play::Game(g) => g.to_string(),
            Play::Match(m) => m.to_string(),
        }
    }

    /// A state from the core's one-line text of a game, or a match line
    /// when the rules play rounds, which brings its own rules; the events
    /// are replayed.
    #[staticmethod]
    fn from_text(text: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let text = read_text(text, "a game line")?;
        parse_line(&text)
    }

    /// The game of this state's rules (pyspiel's `get_game`).
    fn get_game(&self) -> PyGame {
        PyGame {
            // A match's first round has no house burnt.
            rules: std::sync::Arc::clone(self.rounds()[0].rules()),
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
            match (&o.play, &self.play) {
                (Play::Game(a), Play::Game(b)) => {
                    a.rules().rule_set() == b.rules().rule_set()
                        && a.events() == b.events()
                        && a.start() == b.start()
                }
                (Play::Match(a), Play::Match(b)) => {
                    a.rule_set() == b.rule_set()
                        && a.rounds().len() == b.rounds().len()
                        && a.rounds()
                            .iter()
                            .zip(b.rounds())
                            .all(|(x, y)| x.events() == y.events())
                }
                _ => false,
            }
        })
    }

    /// A drawing of the board, and who is to move or how the game ended;
    /// in a match, a first line with the round, the rounds won and the
    /// burnt houses.
    fn __str__(&self) -> String {
        let board = format!("{:#}", self.position());
        if matches!(self.play, Play::Game(_)) {
            return board;
        }
        let won: Vec<String> = self.rounds_won().iter().map(usize::to_string).collect();
        let rows = |lists: Vec<Vec<String>>| -> String {
            let rows: Vec<String> = lists.iter().map(|l| format!("[{}]", l.join(","))).collect();
            rows.join(" ")
        };
        let houses = if self.match_rules().rule_set().rounds == Rounds::Territory {
            let owners = self.house_owners();
            let names = owners
                .iter()
                .map(|row| row.iter().map(i64::to_string).collect());
            format!("house owners {}", rows(names.collect()))
        } else {
            let burnt = self.burnt_houses();
            let names = burnt
                .iter()
                .map(|row| row.iter().map(usize::to_string).collect());
            format!("burnt houses {}", rows(names.collect()))
        };
        format!(
            "round {} (from 0); rounds won {}; {houses}\n{board}",
            self.current_round(),
            won.join(" "),
        )
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
    read_game_and_rules(state).map(|(game, _)| game)
}

/// A copy of the game of `state`, a `mancala.State`, as [`read_game`],
/// and the rule set the state's game or match was made with (a round's
/// own rules may differ: a territory round's board is wider).
///
/// # Errors
///
/// `TypeError` when `state` is not a `mancala.State`.
pub(crate) fn read_game_and_rules(state: &Bound<'_, PyAny>) -> PyResult<(Game, RuleSet)> {
    let state = state.cast::<PyState>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a mancala.State, not {}",
            type_name(state)
        ))
    })?;
    let state = state.borrow();
    Ok((state.game().clone(), *state.match_rules().rule_set()))
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
    read_json(text).map_err(PyValueError::new_err)
}

/// A game record, or a match's (`{"rules", "rounds"}`, told apart by its
/// `rounds`), as `mancala replay --game` tells them apart.
fn read_json(text: &str) -> Result<PyState, String> {
    let is_match =
        serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.get("rounds").is_some());
    if is_match {
        serde_json::from_str(text)
            .map(PyState::new_match)
            .map_err(|e| format!("not a match record: {e}"))
    } else {
        serde_json::from_str(text)
            .map(PyState::new)
            .map_err(|e| format!("not a game record: {e}"))
    }
}

/// A state from the core's game line.
///
/// # Errors
///
/// `ValueError` with the core's [`mancala_core::GameLineError`] message.
fn parse_line(text: &str) -> PyResult<PyState> {
    // A line whose rules play rounds is a match line (`RULES; ROUND /
    // ROUND`), as `mancala replay --game` reads it.
    let rules = text.split(';').next().unwrap_or("").trim();
    if mancala_core::RuleSet::from_spec(rules).is_ok_and(|set| set.rounds != Rounds::None) {
        return text
            .parse::<Match>()
            .map(PyState::new_match)
            .map_err(|e| PyValueError::new_err(format!("not a match line: {e}")));
    }
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
