//! The games of a batch and how a step plays and shows them.

use std::sync::Arc;

use mancala_core::{History, Move, Position, Rules, Side};
use self_cell::self_cell;

use super::arrays::{Ends, Views};
use super::view::{Layout, view_for};
use crate::action::move_of;
use crate::state::{GAME_LENGTH_CAP, position_returns};

/// How a batch keeps one game: what stepping it needs.
pub(super) trait Board<'r> {
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

/// A game under `repetition`, played on a bare position.
///
/// Only a [`History`] sees a position come back, and it looks for a
/// repeat only among the positions since the seeds off the board (stores
/// and discarded) last changed: seeds never return to the board, so no
/// earlier position can come back (but under `relay_store`, where a
/// store can be lifted, the stretch is the whole game; see
/// `Rules::stores_can_shrink`). This keeps that stretch as its first
/// position, the moves since and their positions' repetition keys. A
/// repeat has the key of an earlier position; when a new key is one of
/// them (rarely: a repeat, or two keys colliding), the moves are replayed
/// in a history, which decides as a `State`'s would. Most moves cost a
/// key and a look in a small filter, and a game stays a few hundred
/// bytes, where a history copies a position a move and probes a table of
/// its own: cache misses every move.
pub(super) struct Tracked<'r> {
    /// The current position.
    pos: Position<'r>,
    /// The first position since the seeds off the board last changed.
    since: Position<'r>,
    /// The moves from `since` to `pos`.
    moves: Vec<Move>,
    /// The repetition keys of the positions from `since` to `pos`.
    keys: Vec<u64>,
    /// A bit per key of `keys`, by its top byte: a key whose bit is clear
    /// is none of them. Behind it `keys` is scanned in order: stretches
    /// are short (about 7 moves on average in random Oware, 200 at most
    /// in 300 games), so a table would cost more than it saves.
    filter: [u64; 4],
    /// Seeds off the board (stores and discarded) in `since` and after.
    stored: f32,
    /// Whether a new stretch starts when `stored` changes: not when the
    /// stores can fall (`relay_store`), where a position from before a
    /// capture can come back and the stretch is the whole game.
    stretches: bool,
}

impl<'r> Tracked<'r> {
    fn new(start: Position<'r>) -> Tracked<'r> {
        let mut game = Tracked {
            pos: start,
            since: start,
            moves: Vec::new(),
            keys: Vec::new(),
            filter: [0; 4],
            stored: 0.0,
            stretches: !start.rules().stores_can_shrink(),
        };
        game.restart(start);
        game
    }

    /// Starts a new stretch at the current position, whose key is `key`.
    fn start_stretch(&mut self, key: u64) {
        self.since = self.pos;
        self.moves.clear();
        self.keys.clear();
        self.filter = [0; 4];
        self.remember(key);
    }

    /// Records `key` for the look-ups to come.
    #[inline]
    fn remember(&mut self, key: u64) {
        let top = (key >> 56) as usize;
        self.filter[top / 64] |= 1 << (top % 64);
        self.keys.push(key);
    }

    /// Whether `key` may be that of a position of the stretch.
    #[inline]
    fn may_repeat(&self, key: u64) -> bool {
        let top = (key >> 56) as usize;
        self.filter[top / 64] & 1 << (top % 64) != 0 && self.keys.contains(&key)
    }
}

impl<'r> Board<'r> for Tracked<'r> {
    #[inline]
    fn position(&self) -> &Position<'r> {
        &self.pos
    }

    #[inline]
    fn play(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.moves.push(m);
        if self.pos.is_over() {
            // Ended otherwise: no repeat to look for (nor does a history).
            return;
        }
        let key = self.pos.repetition_key();
        if self.may_repeat(key) {
            let history = History::replay(self.since, &self.moves)
                .expect("the moves of a stretch replay from its start");
            self.pos = *history.position();
        }
        self.remember(key);
    }

    fn end_by_agreement(&mut self) {
        self.pos.end_by_agreement();
    }

    fn restart(&mut self, start: Position<'r>) {
        self.pos = start;
        self.stored = stored_seeds(&start);
        self.start_stretch(start.repetition_key());
    }

    /// Starts a new stretch when the seeds off the board changed. The
    /// stores are read off the observation just written: the same
    /// numbers as the position's, for a few loads rather than a call per
    /// side.
    #[inline]
    fn shown(&mut self, layout: Layout, obs: &[f32]) {
        let width = layout.houses + 1;
        let stores = (1..=layout.players).map(|k| obs[k * width - 1]);
        // Whole numbers below 2**24: exact as floats.
        let stored = stores.sum::<f32>() + f32::from(self.pos.discarded());
        if self.stretches && stored != self.stored {
            self.stored = stored;
            let key = *self.keys.last().expect("a stretch has a position");
            self.start_stretch(key);
        }
    }
}

/// Seeds off the board: in the stores, or discarded.
fn stored_seeds(pos: &Position<'_>) -> f32 {
    let stores = (0..pos.rules().players()).map(|s| f32::from(pos.store(Side::new(s))));
    stores.sum::<f32>() + f32::from(pos.discarded())
}

/// The games of a batch, under the batch's own rules.
pub(super) enum Boards<'r> {
    /// Rules without `repetition`: a game is its position, a few dozen
    /// bytes played in place.
    Plain(Vec<Position<'r>>),
    /// Rules with `repetition`.
    Tracked(Vec<Tracked<'r>>),
}

impl<'r> Boards<'r> {
    /// `n` games of `rules` at the start.
    pub(super) fn new(rules: &'r Rules, n: usize) -> Boards<'r> {
        let start = Position::new(rules);
        if rules.detects_repetition() {
            Boards::Tracked((0..n).map(|_| Tracked::new(start)).collect())
        } else {
            Boards::Plain(vec![start; n])
        }
    }

    /// Puts every game back at the start.
    pub(super) fn restart(&mut self, rules: &'r Rules) {
        let start = Position::new(rules);
        match self {
            Boards::Plain(games) => games.fill(start),
            Boards::Tracked(games) => games.iter_mut().for_each(|g| g.restart(start)),
        }
    }

    /// Shows every game in `views`; remembers the legal actions.
    pub(super) fn show(&self, rules: &Rules, layout: Layout, legal: &mut [u64], views: Views<'_>) {
        match self {
            Boards::Plain(games) => show_all(rules, layout, games, legal, views),
            Boards::Tracked(games) => show_all(rules, layout, games, legal, views),
        }
    }

    /// Plays `actions[i]` in game `i` and shows every game (see
    /// [`advance_all`]).
    pub(super) fn advance(
        &mut self,
        rules: &'r Rules,
        layout: Layout,
        actions: &[u8],
        legal: &mut [u64],
        out: (Views<'_>, Ends<'_>),
    ) {
        match self {
            Boards::Plain(games) => advance_all(rules, layout, games, actions, legal, out),
            Boards::Tracked(games) => advance_all(rules, layout, games, actions, legal, out),
        }
    }
}

self_cell!(
    /// The rules and the games played under them: a game borrows its
    /// rules, and the batch owns them.
    pub(super) struct Games {
        owner: Arc<Rules>,

        #[covariant]
        dependent: Boards,
    }
);

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
