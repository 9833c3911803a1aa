//! `mancala.Batch`: `n` games of one rule set stepped together in Rust,
//! with the GIL released, for vectorised reinforcement learning.
//!
//! A step writes straight into the numpy arrays it returns: new ones each
//! call, or, for a batch made with `reuse=True`, the same arrays every
//! call (no allocation and no zeroing; the caller copies what it keeps).

use std::sync::Arc;

use mancala_core::{History, Move, Position, Rules, Side};
use numpy::{
    PyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadwriteArray,
    PyUntypedArray, PyUntypedArrayMethods, dtype,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use self_cell::self_cell;

use crate::action::{action_of, distinct_actions, move_of, type_name};
use crate::observation::observation_len;
use crate::state::{GAME_LENGTH_CAP, position_returns};

/// How a batch keeps one game: what stepping it needs.
trait Board<'r> {
    /// The current position.
    fn position(&self) -> &Position<'r>;

    /// Plays `m`, a legal move.
    fn play(&mut self, m: Move);

    /// Ends the game by agreement (at the length cap).
    fn end_by_agreement(&mut self);

    /// Starts again from `start`.
    fn restart(&mut self, start: Position<'r>);

    /// Told what the batch shows of the game after a move: `obs`, its
    /// observation under `layout`.
    fn shown(&mut self, _layout: Layout, _obs: &[f32]) {}
}

impl<'r> Board<'r> for Position<'r> {
    #[inline]
    fn position(&self) -> &Position<'r> {
        self
    }

    #[inline]
    fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    fn end_by_agreement(&mut self) {
        Position::end_by_agreement(self);
    }

    #[inline]
    fn restart(&mut self, start: Position<'r>) {
        *self = start;
    }
}

/// A game under `repetition`: only a history sees a position come back.
///
/// It holds the positions since seeds last left the board: none from
/// before can come back (seeds never return to the board), so the history
/// restarts from the position after each capture with nothing lost for
/// `repetition`, and stays a few positions long instead of growing with
/// the game (a long history costs a cache miss a move). `History::reset`
/// keeps its memory, so stepping allocates nothing once every game has
/// run for a while.
struct Tracked<'r> {
    history: History<'r>,
    /// Seeds off the board (stores and discarded) in the current position.
    stored: f32,
}

impl<'r> Tracked<'r> {
    fn new(start: Position<'r>) -> Tracked<'r> {
        Tracked {
            history: History::from_position(start),
            stored: stored_seeds(&start),
        }
    }
}

impl<'r> Board<'r> for Tracked<'r> {
    #[inline]
    fn position(&self) -> &Position<'r> {
        self.history.position()
    }

    #[inline]
    fn play(&mut self, m: Move) {
        self.history.play_unchecked(m);
    }

    fn end_by_agreement(&mut self) {
        self.history.end_by_agreement();
    }

    #[inline]
    fn restart(&mut self, start: Position<'r>) {
        self.history.reset(start);
        self.stored = stored_seeds(&start);
    }

    /// Restarts the history at a capture. The stores are read off the
    /// observation just written: the same numbers as the position's, for
    /// a few loads rather than a call per side.
    #[inline]
    fn shown(&mut self, layout: Layout, obs: &[f32]) {
        let width = layout.houses + 1;
        let stores = (1..=layout.players).map(|k| obs[k * width - 1]);
        // Whole numbers below 2**24: exact as floats.
        let stored = stores.sum::<f32>() + f32::from(self.position().discarded());
        if stored != self.stored {
            self.stored = stored;
            self.history.reset(*self.history.position());
        }
    }
}

/// Seeds off the board: in the stores, or discarded.
fn stored_seeds(pos: &Position<'_>) -> f32 {
    let stores = (0..pos.rules().players()).map(|s| f32::from(pos.store(Side::new(s))));
    stores.sum::<f32>() + f32::from(pos.discarded())
}

/// The games of a batch, under the batch's own rules.
enum Boards<'r> {
    /// Rules without `repetition`: a game is its position, a few dozen
    /// bytes played in place.
    Plain(Vec<Position<'r>>),
    /// Rules with `repetition`.
    Tracked(Vec<Tracked<'r>>),
}

impl<'r> Boards<'r> {
    /// `n` games of `rules` at the start.
    fn new(rules: &'r Rules, n: usize) -> Boards<'r> {
        let start = Position::new(rules);
        if rules.detects_repetition() {
            Boards::Tracked((0..n).map(|_| Tracked::new(start)).collect())
        } else {
            Boards::Plain(vec![start; n])
        }
    }
}

self_cell!(
    /// The rules and the games played under them: a game borrows its
    /// rules, and the batch owns them.
    struct Games {
        owner: Arc<Rules>,

        #[covariant]
        dependent: Boards,
    }
);

/// The sizes of what a batch shows of each game.
#[derive(Clone, Copy)]
struct Layout {
    players: usize,
    houses: usize,
    /// Floats per observation.
    observation: usize,
    /// Action ids, the swap included.
    actions: usize,
}

impl Layout {
    fn of(rules: &Rules) -> Layout {
        Layout {
            players: rules.players(),
            houses: rules.houses(),
            observation: observation_len(rules),
            actions: distinct_actions(rules),
        }
    }
}

/// Where a call writes what it shows of every game, row after row.
struct Views<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    players: &'a mut [i64],
}

/// Where `step` writes what the moves did, row after row.
struct Ends<'a> {
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
}

/// `n` games played side by side; a game that ends starts again from the
/// start position at once (automatic reset).
#[pyclass(name = "Batch", module = "mancala")]
pub struct PyBatch {
    games: Games,
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

/// The arrays of a batch made with `reuse=True`.
struct Reused {
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i64>>,
}

/// The arrays of one call, bound: `(observations [n, obs], masks [n,
/// actions], rewards [n, players], terminated [n], players [n])`.
struct Arrays<'py> {
    observations: Bound<'py, PyArray2<f32>>,
    masks: Bound<'py, PyArray2<bool>>,
    rewards: Bound<'py, PyArray2<f32>>,
    terminated: Bound<'py, PyArray1<bool>>,
    players: Bound<'py, PyArray1<i64>>,
}

impl<'py> Arrays<'py> {
    /// New arrays, all zero (numpy allocates them zeroed), for `n` games.
    fn zeros(py: Python<'py>, layout: Layout, n: usize) -> Arrays<'py> {
        Arrays {
            observations: PyArray2::zeros(py, [n, layout.observation], false),
            masks: PyArray2::zeros(py, [n, layout.actions], false),
            rewards: PyArray2::zeros(py, [n, layout.players], false),
            terminated: PyArray1::zeros(py, [n], false),
            players: PyArray1::zeros(py, [n], false),
        }
    }

    /// `(observations, masks, players)`, as `reset` and `observe` return.
    fn views(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.observations, self.masks, self.players).into_pyobject(py)
    }

    /// `(observations, masks, rewards, terminated, players)`, as `step`
    /// returns.
    fn step(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let a = self;
        (a.observations, a.masks, a.rewards, a.terminated, a.players).into_pyobject(py)
    }
}

impl Reused {
    fn new(py: Python<'_>, layout: Layout, n: usize) -> Reused {
        let a = Arrays::zeros(py, layout, n);
        Reused {
            observations: a.observations.unbind(),
            masks: a.masks.unbind(),
            rewards: a.rewards.unbind(),
            terminated: a.terminated.unbind(),
            players: a.players.unbind(),
        }
    }

    fn bind<'py>(&self, py: Python<'py>) -> Arrays<'py> {
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
fn writable<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
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
struct Guards<'py> {
    observations: PyReadwriteArray<'py, f32, numpy::Ix2>,
    masks: PyReadwriteArray<'py, bool, numpy::Ix2>,
    rewards: PyReadwriteArray<'py, f32, numpy::Ix2>,
    terminated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    players: PyReadwriteArray<'py, i64, numpy::Ix1>,
}

impl<'py> Guards<'py> {
    fn of(a: &Arrays<'py>, layout: Layout, n: usize) -> PyResult<Guards<'py>> {
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
    fn slices(&mut self) -> (Views<'_>, Ends<'_>) {
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
        let games = Games::new(rules, |rules| {
            let boards = Boards::new(rules, n);
            // Every game starts at the same position: the legal actions
            // of one are those of all.
            let (_, bits) = legal_actions(rules, &Position::new(rules));
            legal.fill(bits);
            boards
        });
        PyBatch {
            games,
            layout,
            legal,
            actions: Vec::with_capacity(n),
            seed,
            reused: reuse.then(|| Reused::new(py, layout, n)),
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
        py.detach(|| {
            self.games.with_dependent_mut(|rules, boards| {
                if reset {
                    let start = Position::new(rules);
                    match boards {
                        Boards::Plain(games) => games.fill(start),
                        Boards::Tracked(games) => games.iter_mut().for_each(|g| g.restart(start)),
                    }
                }
                match boards {
                    Boards::Plain(games) => show_all(rules, layout, games, legal, views),
                    Boards::Tracked(games) => show_all(rules, layout, games, legal, views),
                }
            });
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

/// The player to move in `pos`, a game still going, and its legal action
/// ids, one bit each.
#[inline]
fn legal_actions(rules: &Rules, pos: &Position<'_>) -> (i64, u64) {
    let mut legal = 0;
    for m in pos.legal_moves().iter() {
        legal |= 1 << action_of(rules, m);
    }
    (pos.player_of(pos.to_move()) as i64, legal)
}

/// Writes what the player to move sees of `pos`, a game still going, as
/// `State.observation_tensor` does (see `observation.rs`), and its legal
/// mask; returns that player and its legal actions, one bit each.
type View = fn(&Rules, Layout, &Position<'_>, &mut [f32], &mut [bool]) -> (i64, u64);

/// The [`View`] for `layout`: one compiled for its number of houses, so
/// that the loops over houses and actions unroll, for the usual boards;
/// else one that reads the number at run time.
fn view_for(layout: Layout) -> View {
    match layout.houses {
        3 => view::<3>,
        4 => view::<4>,
        5 => view::<5>,
        6 => view::<6>,
        7 => view::<7>,
        8 => view::<8>,
        9 => view::<9>,
        _ => view::<0>,
    }
}

/// A [`View`] for boards of `H` houses a side, or any (`layout.houses`)
/// when `H` is 0.
///
/// The player to move sees from its own side, the side to move, so the
/// sides come in turn order from it and the turn flags are `1, 0, ...`.
fn view<const H: usize>(
    rules: &Rules,
    layout: Layout,
    pos: &Position<'_>,
    obs: &mut [f32],
    mask: &mut [bool],
) -> (i64, u64) {
    let houses = if H == 0 { layout.houses } else { H };
    let players = layout.players;
    let (cups, flags) = obs.split_at_mut(players * (houses + 1));
    let to_move = pos.to_move().index();
    let mut side = to_move;
    // The flags are written with the sides: a loop of their own would be
    // a call to memset for two to four floats.
    for (block, flag) in cups.chunks_exact_mut(houses + 1).zip(flags.iter_mut()) {
        let s = Side::new(side);
        let (cells, store) = block.split_at_mut(houses);
        if H == 0 {
            for (cell, &seeds) in cells.iter_mut().zip(pos.houses(s)) {
                *cell = f32::from(seeds);
            }
        } else {
            // Arrays of a known length: the conversion vectorises.
            let seeds: &[u8; H] = pos.houses(s).try_into().expect("H houses a side");
            let cells: &mut [f32; H] = cells.try_into().expect("H cells a side");
            *cells = seeds.map(f32::from);
        }
        store[0] = f32::from(pos.store(s));
        *flag = if side == to_move { 1.0 } else { 0.0 };
        side += 1;
        if side == players {
            side = 0;
        }
    }
    let (player, legal) = if H == 0 {
        legal_actions(rules, pos)
    } else {
        let moves = pos.legal_moves();
        // Action `a < H` is house `a + 1`: a test per house folds into
        // a mask of the move list's bits.
        let mut legal = 0;
        for a in 0..H {
            legal |= u64::from(moves.contains(Move::House(a as u8 + 1))) << a;
        }
        legal |= u64::from(moves.contains(Move::Swap)) << H;
        (pos.player_of(pos.to_move()) as i64, legal)
    };
    let actions = if H == 0 {
        layout.actions
    } else {
        H + usize::from(layout.actions > H)
    };
    for (a, cell) in mask[..actions].iter_mut().enumerate() {
        *cell = legal >> a & 1 != 0;
    }
    (player, legal)
}

/// Shows every game of `games` in `views`; remembers the legal actions.
fn show_all<'r, B: Board<'r>>(
    rules: &Rules,
    layout: Layout,
    games: &[B],
    legal: &mut [u64],
    views: Views<'_>,
) {
    let view = view_for(layout);
    let cells = views.observations.chunks_exact_mut(layout.observation);
    let masks = views.masks.chunks_exact_mut(layout.actions);
    let each = games.iter().zip(cells).zip(masks).zip(legal);
    for ((((game, obs), mask), legal), player) in each.zip(views.players) {
        (*player, *legal) = view(rules, layout, game.position(), obs, mask);
    }
}

/// Plays `actions[i]` in game `i` and shows every game, in one pass:
/// a game that ends writes its returns as rewards (else 0), is flagged
/// terminated and restarts; the view is that of the game to play next.
fn advance_all<'r, B: Board<'r>>(
    rules: &'r Rules,
    layout: Layout,
    games: &mut [B],
    actions: &[u8],
    legal: &mut [u64],
    (views, ends): (Views<'_>, Ends<'_>),
) {
    let (start, view) = (Position::new(rules), view_for(layout));
    let moves: Vec<Move> = (0..layout.actions).map(|a| move_of(rules, a)).collect();
    // Most games go on: zero all at once, then write the few that end.
    ends.rewards.fill(0.0);
    ends.terminated.fill(false);
    let cells = views.observations.chunks_exact_mut(layout.observation);
    let masks = views.masks.chunks_exact_mut(layout.actions);
    let each = games.iter_mut().zip(actions).zip(cells).zip(masks);
    let each = each.zip(legal).zip(views.players).enumerate();
    for (i, (((((game, &a), obs), mask), legal), player)) in each {
        game.play(moves[usize::from(a)]);
        let pos = game.position();
        if !pos.is_over() && pos.ply() >= GAME_LENGTH_CAP {
            game.end_by_agreement();
        }
        if game.position().is_over() {
            let returns = position_returns(game.position()).expect("the game is over");
            let rewards = &mut ends.rewards[i * layout.players..][..layout.players];
            for (cell, r) in rewards.iter_mut().zip(returns) {
                *cell = r as f32;
            }
            ends.terminated[i] = true;
            game.restart(start);
        }
        (*player, *legal) = view(rules, layout, game.position(), obs, mask);
        game.shown(layout, obs);
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
    /// are those of the new game.
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
        py.detach(|| {
            self.games.with_dependent_mut(|rules, boards| match boards {
                Boards::Plain(games) => advance_all(rules, layout, games, actions, legal, out),
                Boards::Tracked(games) => advance_all(rules, layout, games, actions, legal, out),
            });
        });
        drop(guards);
        arrays.step(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.Batch of {} games of {}>",
            self.legal.len(),
            self.games.borrow_owner().rule_set().canonical()
        )
    }
}
