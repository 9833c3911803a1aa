//! [`History`]: the moves of a game over borrowed rules, for search and
//! playouts.

use crate::error::IllegalMove;
use crate::line::Line;
use crate::mv::{Move, MoveList};
use crate::outcome::Outcome;
use crate::position::{Effect, Position};
use crate::rules::Rules;
use crate::side::Side;

/// A move list that could not be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} of the list: {error}")]
pub struct ReplayError {
    /// Place of the refused move in the list, from 1.
    pub index: usize,
    /// The refused move and why.
    pub error: IllegalMove,
}

/// The start position of a game, the moves played and every position
/// along the way, over rules it borrows: the cheap history that search,
/// playouts and matches keep. [`Game`](crate::Game) is the owned record
/// of a whole game (resignations and agreements included) for programs
/// that keep games for a long time.
///
/// `History` adds what a lone [`Position`] cannot know: under the
/// `repetition` end condition, a move that brings back a position seen
/// before ends the game (the leftover seeds go by `cycle_leftover`); and
/// moves can be taken back.
///
/// Seeds only ever leave the board, so a position can only repeat one
/// with the same number of seeds on the board: the positions since the
/// last capture or store landing are kept in a hash set, and a new one is
/// checked against it in constant time. Under `relay_store`, where a
/// store can be lifted back onto the board, every position of the game
/// is kept ([`Rules::stores_can_shrink`](crate::Rules::stores_can_shrink)).
///
/// # Examples
///
/// ```
/// use mancala_core::{EndReason, History, Move, Position, Preset, Rules, Setup};
///
/// // Two lone seeds chase each other round an Oware board (OpenSpiel's
/// // repetition test): after 12 moves the first position is back.
/// let rules = Rules::new(&Preset::Oware.rules())?;
/// let setup: Setup = "1,0,0,0,0,0:23 1,0,0,0,0,0:23".parse()?;
/// let mut history = History::from_position(Position::from_setup(&rules, &setup)?);
/// for house in 1..=6 {
///     history.play(Move::House(house))?;
///     history.play(Move::House(house))?;
/// }
/// assert_eq!(history.position().end_reason(), Some(EndReason::Repetition));
/// assert!(history.outcome().unwrap().is_draw());
///
/// history.undo();
/// assert!(!history.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct History<'r> {
    rules: &'r Rules,
    /// Position `i` follows `moves[i - 1]`.
    line: Line<Position<'r>>,
    moves: Vec<Move>,
}

impl<'r> History<'r> {
    /// A new game from the start position.
    pub fn new(rules: &'r Rules) -> History<'r> {
        History::from_position(Position::new(rules))
    }

    /// A game starting from `start`.
    pub fn from_position(start: Position<'r>) -> History<'r> {
        History {
            rules: start.rules(),
            line: Line::new(&start),
            moves: Vec::new(),
        }
    }

    /// A game from `start` with `moves` played.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first illegal move and its place in the list.
    pub fn replay(start: Position<'r>, moves: &[Move]) -> Result<History<'r>, ReplayError> {
        let mut history = History::from_position(start);
        for (i, &m) in moves.iter().enumerate() {
            history.play(m).map_err(|error| ReplayError {
                index: i + 1,
                error,
            })?;
        }
        Ok(history)
    }

    /// Empties the history and starts again from `start`, keeping the
    /// allocated memory (for playouts).
    pub fn reset(&mut self, start: Position<'r>) {
        self.rules = start.rules();
        self.moves.clear();
        self.line.reset(&start);
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position<'r> {
        self.line.last()
    }

    /// The start position.
    pub fn start(&self) -> &Position<'r> {
        &self.line.entries()[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[Position<'r>] {
        self.line.entries()
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
    /// [`IllegalMove`] if `m` is not legal; the history is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<Effect, IllegalMove> {
        let effect = self.line.play(self.rules, m)?;
        self.moves.push(m);
        Ok(effect)
    }

    /// Plays `m`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.line.play_unchecked(self.rules, m);
        self.moves.push(m);
    }

    /// Ends the game as an endless cycle by agreement (see
    /// [`Position::end_by_agreement`]): for a caller that caps the length
    /// of a game. It is no move: [`History::undo`] takes back the move
    /// before it, and the agreement with it.
    pub fn end_by_agreement(&mut self) {
        self.line
            .update_last(self.rules, Position::end_by_agreement);
    }

    /// `side` resigns, in place (see [`Position::resign`]): for a match
    /// that ends a game when a player cannot move. It is no move:
    /// [`History::undo`] takes back the move before it, and the
    /// resignation with it. [`Game`](crate::Game) records resignations as
    /// events of their own.
    pub fn resign(&mut self, side: Side) {
        self.line.update_last(self.rules, |pos| pos.resign(side));
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.line.pop(self.rules);
        Some(m)
    }
}
