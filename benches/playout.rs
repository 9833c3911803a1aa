//! Uniform random playouts with the generic engine, shared by the
//! `playouts/<preset>` benches (`benches/rules.rs`) and by
//! `examples/playouts.rs` (which `benches/compare_openspiel.py` runs), so
//! that both measure the same loop.
//!
//! Moves are chosen with `kalah_yardstick::pick`, so whoever includes this
//! module includes `benches/kalah_yardstick.rs` as `kalah_yardstick` next
//! to it.

// Each includer uses a different part of the module.
#![allow(dead_code)]

use mancala::{Choose, History, Playout, Position, Preset, Rules, Side};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::kalah_yardstick::pick;

/// Moves after which a random game that has not ended is a bug.
pub const MAX_PLIES: u32 = 100_000;

/// The move choice of every playout bench: [`pick`] from a `SmallRng`
/// it owns (so that `Playout::play_out` can keep the generator in
/// registers).
pub struct Pick(pub SmallRng);

impl Choose for Pick {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        pick(&mut self.0, moves)
    }
}

/// What to do with a game that has not ended after its move cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtCap {
    /// Panic: the rules should have ended it.
    Panic,
    /// End it with [`Position::end_by_agreement`] and count it.
    Agree,
}

/// The cap and what happens there, per preset: every preset must end its
/// random games by itself within [`MAX_PLIES`] moves.
pub fn cap_for(_preset: Preset) -> (u32, AtCap) {
    (MAX_PLIES, AtCap::Panic)
}

/// How [`Playouts`] plays a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loop {
    /// [`Playout::play_out`]: the engine's own playout loop.
    PlayOut,
    /// Move by move through the API: [`Position::legal_moves`] and
    /// [`Position::play_unchecked`], or a [`History`] under `repetition`.
    Moves,
}

/// A source of uniform random games under one rule set.
///
/// With [`Loop::PlayOut`], a game is one call of [`Playout::play_out`]
/// (which applies the `repetition` end condition); with [`Loop::Moves`],
/// rules with the `repetition` end condition are played through a
/// [`History`] (which applies it; its history is reset, not reallocated,
/// between games), the others through a bare [`Position`]. Both play the
/// same games for the same seed.
pub struct Playouts<'r> {
    preset: Preset,
    start: Position<'r>,
    how: Loop,
    playout: Playout,
    /// Kept only when the rules detect repetition.
    game: Option<History<'r>>,
    rng: Pick,
    cap: u32,
    at_cap: AtCap,
    /// Games played.
    pub games: u64,
    /// Moves played, over all games.
    pub plies: u64,
    /// Games ended by agreement at the cap.
    pub agreements: u64,
}

impl<'r> Playouts<'r> {
    /// Playouts from the start position of `rules` (compiled from
    /// `preset`), played as `how` says, choosing moves with a `SmallRng`
    /// seeded with `seed`; a game not over after `cap` moves panics or
    /// ends by agreement, as `at_cap` says.
    pub fn new(
        preset: Preset,
        rules: &'r Rules,
        how: Loop,
        seed: u64,
        cap: u32,
        at_cap: AtCap,
    ) -> Playouts<'r> {
        let start = Position::new(rules);
        Playouts {
            preset,
            start,
            how,
            playout: Playout::new(),
            game: (how == Loop::Moves && rules.detects_repetition()).then(|| History::new(rules)),
            rng: Pick(SmallRng::seed_from_u64(seed)),
            cap,
            at_cap,
            games: 0,
            plies: 0,
            agreements: 0,
        }
    }

    /// Plays one game to the end; returns side 0's final score minus side 1's.
    ///
    /// # Panics
    ///
    /// If the game is not over after the cap and the cap says [`AtCap::Panic`].
    #[inline]
    pub fn play(&mut self) -> i32 {
        let (plies, end) = match (self.how, self.game.take()) {
            (Loop::PlayOut, _) => self.play_out(),
            (Loop::Moves, None) => self.play_position(),
            (Loop::Moves, Some(mut game)) => {
                let result = self.play_game(&mut game);
                self.game = Some(game);
                result
            }
        };
        self.games += 1;
        self.plies += u64::from(plies);
        i32::from(end.store(Side::new(0))) - i32::from(end.store(Side::new(1)))
    }

    #[inline]
    fn play_out(&mut self) -> (u32, Position<'r>) {
        let mut pos = self.start;
        let plies = self.playout.play_out(&mut pos, self.cap, &mut self.rng);
        if !pos.is_over() {
            self.cap_reached(&pos);
            pos.end_by_agreement();
        }
        (plies, pos)
    }

    #[inline]
    fn play_position(&mut self) -> (u32, Position<'r>) {
        let mut pos = self.start;
        let mut plies = 0;
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return (plies, pos);
            }
            if plies == self.cap {
                self.cap_reached(&pos);
                pos.end_by_agreement();
                return (plies, pos);
            }
            let m = moves
                .get(self.rng.pick(moves.len()))
                .expect("an index below len() is a move");
            pos.play_unchecked(m);
            plies += 1;
        }
    }

    #[inline]
    fn play_game(&mut self, game: &mut History<'r>) -> (u32, Position<'r>) {
        game.reset(self.start);
        let mut plies = 0;
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                return (plies, *game.position());
            }
            if plies == self.cap {
                self.cap_reached(game.position());
                game.end_by_agreement();
                return (plies, *game.position());
            }
            let m = moves
                .get(self.rng.pick(moves.len()))
                .expect("an index below len() is a move");
            game.play_unchecked(m);
            plies += 1;
        }
    }

    #[cold]
    fn cap_reached(&mut self, pos: &Position<'_>) {
        match self.at_cap {
            AtCap::Panic => panic!(
                "a random {} game was not over after {} moves (game {} of this run, \
                 position {pos}); the rules should have ended it",
                self.preset,
                self.cap,
                self.games + 1,
            ),
            AtCap::Agree => self.agreements += 1,
        }
    }
}
