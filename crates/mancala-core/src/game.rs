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
/// with the same number of seeds on the board: the search for a repeat
/// looks back no further than the last capture or store landing, and
/// compares hashes before boards.
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
    /// Repetition keys of `positions` (only kept under `repetition`).
    keys: Vec<u64>,
    /// The first position with as many seeds on the board as the current
    /// one: no earlier position can repeat.
    since: usize,
}

impl<'r> Game<'r> {
    /// A new game from the start position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_position(Position::new(rules))
    }

    /// A game starting from `start`.
    pub fn from_position(start: Position<'r>) -> Game<'r> {
        let keys = if start.rules().detects_repetition() {
            vec![start.repetition_key()]
        } else {
            Vec::new()
        };
        Game {
            positions: vec![start],
            moves: Vec::new(),
            keys,
            since: 0,
        }
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
        self.keys.clear();
        self.since = 0;
        self.positions.push(start);
        if start.rules().detects_repetition() {
            self.keys.push(start.repetition_key());
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
        if self.push(next, m) {
            effect.ended = self.position().end_reason();
        }
        Ok(effect)
    }

    /// Plays `m`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let mut next = *self.position();
        next.play_unchecked(m);
        self.push(next, m);
    }

    /// Appends `next`, reached by `m`; returns whether that ended the game
    /// by repetition.
    #[inline]
    fn push(&mut self, mut next: Position<'r>, m: Move) -> bool {
        let mut repeated = false;
        if next.rules().detects_repetition() {
            if next.board_seeds() != self.position().board_seeds() {
                self.since = self.positions.len();
            }
            let key = next.repetition_key();
            // A plain scan of the keys first: it is short and vectorises;
            // only a matching key is checked against its whole position.
            if !next.is_over() && self.keys[self.since..].contains(&key) {
                let earlier = self.since..self.positions.len();
                if earlier
                    .into_iter()
                    .any(|j| self.keys[j] == key && self.positions[j].repeats(&next))
                {
                    next.end_by_repetition();
                    repeated = true;
                }
            }
            self.keys.push(key);
        }
        self.positions.push(next);
        self.moves.push(m);
        repeated
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        if self.rules().detects_repetition() {
            self.keys.pop();
            let seeds = self.position().board_seeds();
            self.since = self.since.min(self.positions.len() - 1);
            while self.since > 0 && self.positions[self.since - 1].board_seeds() == seeds {
                self.since -= 1;
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
