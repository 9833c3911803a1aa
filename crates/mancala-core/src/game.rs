//! [`Game`]: a position with its history, for undo and repetition.

use thiserror::Error;

use crate::error::IllegalMove;
use crate::mv::{Move, MoveList};
use crate::outcome::Outcome;
use crate::position::{Effect, Position};
use crate::rules::Rules;

/// A move list that could not be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("move {index} of the list: {error}")]
pub struct ReplayError {
    /// Position of the refused move in the list, from 1.
    pub index: usize,
    /// The refused move and why.
    pub error: IllegalMove,
}

/// A game in progress: the start position, the moves played and every
/// position along the way.
///
/// `Game` adds what a lone [`Position`] cannot know: under the
/// `repetition` end condition, a move that brings back a position seen
/// before ends the game (the leftover seeds go by `cycle_leftover`); and
/// moves can be taken back.
///
/// Seeds only ever leave the board, so a position can only repeat one
/// with the same number of seeds on the board: the positions since the
/// last capture or store landing are kept in a hash set, and a new one is
/// checked against it in constant time.
///
/// # Examples
///
/// ```
/// use mancala_core::{EndReason, Game, Move, Position, Preset, Rules, Setup};
///
/// // Two lone seeds chase each other round an Oware board (OpenSpiel's
/// // repetition test): after 12 moves the first position is back.
/// let rules = Rules::new(&Preset::Oware.rules())?;
/// let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23".parse()?;
/// let mut game = Game::from_position(Position::from_setup(&rules, &setup)?);
/// for house in 1..=6 {
///     game.play(Move::House(house))?;
///     game.play(Move::House(house))?;
/// }
/// assert_eq!(game.position().end_reason(), Some(EndReason::Repetition));
/// assert!(game.outcome().unwrap().is_draw());
///
/// game.undo();
/// assert!(!game.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<'r> {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position<'r>>,
    moves: Vec<Move>,
    /// The positions a new one could repeat (only kept under `repetition`).
    seen: Seen,
}

/// The positions since seeds last left the board, as a hash set of
/// indices into [`Game::positions`]: seeds only ever leave the board, so no
/// earlier position can come back. Slots from before the last capture are
/// recognised by their generation, so starting afresh costs nothing.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// `(repetition key, position index, generation)`; a power-of-two count.
    slots: Vec<(u64, u32, u32)>,
    generation: u32,
    /// Entries of the current generation.
    len: usize,
    /// The first position of the current generation.
    since: usize,
    /// Seeds in stores (and discarded) in the current generation.
    stored: u32,
}

impl Seen {
    const MIN_SLOTS: usize = 64;

    /// Forgets every entry; the next one starts a generation at `index`.
    fn restart(&mut self, index: usize, stored: u32) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: old slots could look current again.
            self.slots.fill((0, 0, 0));
            self.generation = 1;
        }
        self.len = 0;
        self.since = index;
        self.stored = stored;
    }

    /// Records `positions[index]`; returns the index of an earlier position
    /// it repeats, if any (then it is not recorded).
    #[inline]
    fn insert(&mut self, positions: &[Position<'_>], index: usize) -> Option<usize> {
        if self.slots.len() < 2 * (self.len + 1) {
            self.grow(positions, index);
        }
        let pos = &positions[index];
        let key = pos.repetition_key();
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (k, j, generation) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (key, index as u32, self.generation);
                self.len += 1;
                return None;
            }
            if k == key && positions[j as usize].repeats(pos) {
                return Some(j as usize);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table and records the current generation again.
    #[cold]
    fn grow(&mut self, positions: &[Position<'_>], upto: usize) {
        let size = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        self.slots = vec![(0, 0, 0); size];
        let (since, stored) = (self.since, self.stored);
        self.restart(since, stored);
        for index in since..upto {
            self.insert(positions, index);
        }
    }
}

/// Seeds that have left the board: in the stores or discarded.
#[inline]
fn stored(pos: &Position<'_>) -> u32 {
    pos.stored_seeds()
}

impl<'r> Game<'r> {
    /// A new game from the start position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_position(Position::new(rules))
    }

    /// A game starting from `start`.
    pub fn from_position(start: Position<'r>) -> Game<'r> {
        let mut game = Game {
            positions: Vec::new(),
            moves: Vec::new(),
            seen: Seen::default(),
        };
        game.reset(start);
        game
    }

    /// A game from `start` with `moves` played.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first illegal move and its place in the list.
    pub fn replay(start: Position<'r>, moves: &[Move]) -> Result<Game<'r>, ReplayError> {
        let mut game = Game::from_position(start);
        for (i, &m) in moves.iter().enumerate() {
            game.play(m).map_err(|error| ReplayError {
                index: i + 1,
                error,
            })?;
        }
        Ok(game)
    }

    /// Empties the history and starts again from `start`, keeping the
    /// allocated memory (for playouts).
    pub fn reset(&mut self, start: Position<'r>) {
        self.positions.clear();
        self.moves.clear();
        self.positions.push(start);
        if start.rules().detects_repetition() {
            self.seen.restart(0, stored(&start));
            self.seen.insert(&self.positions, 0);
        }
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.position().rules()
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position<'r> {
        self.positions.last().expect("a game always has a position")
    }

    /// The start position.
    pub fn start(&self) -> &Position<'r> {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[Position<'r>] {
        &self.positions
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> MoveList {
        self.position().legal_moves()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Plays `m` if it is legal, then ends the game if the new position
    /// repeats an earlier one (under `repetition`).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `m` is not legal; the game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<Effect, IllegalMove> {
        let mut next = *self.position();
        let mut effect = next.play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        if self.check_repetition() {
            effect.ended = self.position().end_reason();
        }
        Ok(effect)
    }

    /// Plays `m`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        // Copy the current position to the end and play on it in place.
        let last = self.positions.len() - 1;
        self.positions.extend_from_within(last..);
        self.current_mut().play_unchecked(m);
        self.moves.push(m);
        self.check_repetition();
    }

    /// Under `repetition`, ends the game if the position just played
    /// repeats an earlier one; returns whether it did.
    #[inline]
    fn check_repetition(&mut self) -> bool {
        let index = self.positions.len() - 1;
        let pos = &self.positions[index];
        if !pos.rules().detects_repetition() {
            return false;
        }
        let now = stored(pos);
        if now != self.seen.stored {
            self.seen.restart(index, now);
        }
        if pos.is_over() || self.seen.insert(&self.positions, index).is_none() {
            return false;
        }
        self.positions[index].end_by_repetition();
        true
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        if self.rules().detects_repetition() {
            // Rebuild the set for the positions that can still repeat.
            let current = self.positions.len() - 1;
            let now = stored(&self.positions[current]);
            let mut since = current;
            while since > 0 && stored(&self.positions[since - 1]) == now {
                since -= 1;
            }
            self.seen.restart(since, now);
            for index in since..=current {
                self.seen.insert(&self.positions, index);
            }
        }
        Some(m)
    }

    /// Resigns for `side` (see [`Position::resign`]).
    pub fn resign(&mut self, side: usize) {
        self.current_mut().resign(side);
    }

    /// Ends the game as an endless cycle by agreement (see
    /// [`Position::end_by_agreement`]).
    pub fn end_by_agreement(&mut self) {
        self.current_mut().end_by_agreement();
    }

    fn current_mut(&mut self) -> &mut Position<'r> {
        self.positions
            .last_mut()
            .expect("a game always has a position")
    }
}
