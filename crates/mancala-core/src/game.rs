//! [`Game`]: a whole game that owns its rules, with every event in it.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::error::{IllegalMove, RuleError, SetupError};
use crate::line::Line;
use crate::mv::{Move, MoveList};
use crate::outcome::Outcome;
use crate::position::{Effect, Position, State};
use crate::rules::Rules;
use crate::ruleset::RuleSet;
use crate::setup::Setup;
use crate::side::Side;

/// One thing that happened in a [`Game`].
///
/// Its text form, used in saved games, is the move itself (`3`, `swap`),
/// `resign S`, `agreement`, or `computer S on` / `computer S off`, where
/// `S` is a side number.
///
/// # Examples
///
/// ```
/// use mancala_core::{Event, Move, Side};
///
/// assert_eq!("4".parse::<Event>()?, Event::Move(Move::House(4)));
/// assert_eq!("resign 2".parse::<Event>()?, Event::Resign { side: Side::new(2) });
/// let computer = Event::Computer { side: Side::new(1), playing: true };
/// assert_eq!(computer.to_string(), "computer 1 on");
/// assert!("resign".parse::<Event>().is_err());
/// assert!("resign 4".parse::<Event>().is_err()); // no game has a side 4
/// # Ok::<(), mancala_core::EventParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The side to move played a move (a sowing or a pie swap).
    Move(Move),
    /// `side` resigned: it ranks below everyone who has not. With 3 or 4
    /// players the game goes on and the resigned side still moves (the
    /// caller plays it by computer); see [`Position::resign`].
    Resign {
        /// The side that resigned.
        side: Side,
    },
    /// The players agreed to end the game, scored as an endless cycle
    /// (the seeds left go by `cycle_leftover`).
    Agreement,
    /// `side`'s seat was handed to the computer (`playing: true`) or taken
    /// back (`false`). Only recorded: the position does not change.
    Computer {
        /// The side whose seat changed hands.
        side: Side,
        /// Whether the computer plays it from now on.
        playing: bool,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Move(m) => write!(f, "{m}"),
            Event::Resign { side } => write!(f, "resign {side}"),
            Event::Agreement => f.write_str("agreement"),
            Event::Computer { side, playing } => {
                write!(f, "computer {side} {}", if *playing { "on" } else { "off" })
            }
        }
    }
}

/// Text that is not an [`Event`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "\"{text}\" is not a game event (expected a move, \"resign SIDE\", \"agreement\" or \"computer SIDE on|off\")"
)]
pub struct EventParseError {
    /// The text as given.
    pub text: String,
}

impl FromStr for Event {
    type Err = EventParseError;

    fn from_str(s: &str) -> Result<Event, EventParseError> {
        let error = || EventParseError {
            text: s.to_string(),
        };
        let words: Vec<&str> = s.split_whitespace().collect();
        let side = |w: &str| {
            w.parse::<usize>()
                .ok()
                .and_then(Side::try_new)
                .ok_or_else(error)
        };
        match words.as_slice() {
            ["agreement"] => Ok(Event::Agreement),
            ["resign", s] => Ok(Event::Resign { side: side(s)? }),
            ["computer", s, "on"] => Ok(Event::Computer {
                side: side(s)?,
                playing: true,
            }),
            ["computer", s, "off"] => Ok(Event::Computer {
                side: side(s)?,
                playing: false,
            }),
            [m] => m.parse().map(Event::Move).map_err(|_| error()),
            _ => Err(error()),
        }
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// An event the game cannot take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EventError {
    /// The move is not legal (which includes any move once the game is over).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The game is over: nobody can resign or agree any more.
    #[error("the game is over")]
    GameOver,
    /// There is no such side.
    #[error("there is no side {side} in a game of {players} players")]
    NoSuchSide {
        /// The side named.
        side: Side,
        /// Players in the game.
        players: usize,
    },
    /// The side has resigned already.
    #[error("side {side} has resigned already")]
    AlreadyResigned {
        /// The side named.
        side: Side,
    },
}

/// A game record that cannot be read back into a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The rule set cannot be played.
    #[error("the rules: {0}")]
    Rules(#[from] RuleError),
    /// The start position does not fit the rules.
    #[error("the start position: {0}")]
    Start(#[from] SetupError),
    /// An event cannot be replayed.
    #[error("event {index} of the record ({event}): {error}")]
    Event {
        /// Place of the refused event in the record, from 1.
        index: usize,
        /// The event.
        event: Event,
        /// Why it was refused.
        error: EventError,
    },
}

/// A whole game: its rules (owned, shared through an [`Arc`]), the start
/// position and every event since, with the position after each.
///
/// `Game` is the record a program keeps for as long as it likes: it is
/// `Send + Sync + 'static`, takes moves, resignations, an end by agreement
/// and seats handed to the computer ([`Event`]), takes them back
/// ([`Game::undo`], [`Game::undo_move`]), and reads and writes itself with
/// serde as its rules, its start (when it is not the usual one) and its
/// events, each checked again when read. It applies the `repetition` end
/// condition as [`History`](crate::History) does, and hands out the fast
/// `Copy` [`Position`] for search ([`Game::position`]).
///
/// # Examples
///
/// ```
/// use mancala_core::{Event, Game, Move, Preset, Rules, Side};
///
/// let mut game = Game::new(Rules::new(&Preset::Kalah.rules())?);
/// game.play(Move::House(3))?;       // the last seed lands in the store
/// game.play(Move::House(6))?;
/// game.resign(Side::new(1))?;
/// assert!(game.is_over());
/// assert_eq!(game.outcome().unwrap().rank(Side::new(1)), 2);
///
/// // A record that reads back to the same game.
/// let text = serde_json::to_string(&game)?;
/// let again: Game = serde_json::from_str(&text)?;
/// assert_eq!(again.events(), game.events());
/// assert_eq!(again.position(), game.position());
///
/// assert_eq!(game.undo(), Some(Event::Resign { side: Side::new(1) }));
/// assert_eq!(game.undo_move(), Some(Move::House(6)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    /// Position `i` follows `events[i - 1]`.
    line: Line<State>,
    events: Vec<Event>,
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: impl Into<Arc<Rules>>) -> Game {
        let rules = rules.into();
        let line = Line::new(&Position::new(&rules));
        Game {
            rules,
            line,
            events: Vec::new(),
        }
    }

    /// A new game from `setup`.
    ///
    /// # Errors
    ///
    /// [`SetupError`] if `setup` does not fit the rules (see
    /// [`Position::from_setup`]).
    pub fn from_setup(rules: impl Into<Arc<Rules>>, setup: &Setup) -> Result<Game, SetupError> {
        let rules = rules.into();
        let line = Line::new(&Position::from_setup(&rules, setup)?);
        Ok(Game {
            rules,
            line,
            events: Vec::new(),
        })
    }

    /// A game from the rule set, the start (`None`: the usual start) and
    /// the events of a record.
    ///
    /// # Errors
    ///
    /// [`RecordError`] naming the part that does not fit: rules that
    /// cannot be played, a start that does not fit them, or the first
    /// event that cannot be taken, with its place.
    pub fn from_record(
        rules: &RuleSet,
        start: Option<&Setup>,
        events: &[Event],
    ) -> Result<Game, RecordError> {
        let rules = Rules::new(rules)?;
        let mut game = match start {
            Some(setup) => Game::from_setup(rules, setup)?,
            None => Game::new(rules),
        };
        for (i, &event) in events.iter().enumerate() {
            game.apply(event).map_err(|error| RecordError::Event {
                index: i + 1,
                event,
                error,
            })?;
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> Position<'_> {
        Position::from_state(&self.rules, *self.line.last())
    }

    /// The current position, borrowing `rules` rather than the game, so it
    /// can be kept while the game goes on (to tell players the position a
    /// move was played in, say). `rules` is the game's own [`Arc`]
    /// ([`Game::rules`], or a clone of it).
    ///
    /// # Panics
    ///
    /// If `rules` is not the game's `Arc`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use mancala_core::{Game, Move, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::new(&Preset::Kalah.rules())?);
    /// let rules = Arc::clone(game.rules());
    /// let before = game.position_with(&rules);
    /// game.play(Move::House(1))?;
    /// assert_eq!(before.ply(), 0);
    /// assert_eq!(game.position().ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_with<'r>(&self, rules: &'r Arc<Rules>) -> Position<'r> {
        assert!(
            Arc::ptr_eq(rules, &self.rules),
            "Game::position_with takes the game's own rules"
        );
        Position::from_state(rules, *self.line.last())
    }

    /// The start position.
    pub fn start(&self) -> Position<'_> {
        Position::from_state(&self.rules, self.line.entries()[0])
    }

    /// The events so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The moves played so far, in order (the moves among the events).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            _ => None,
        })
    }

    /// Every position so far: the start, then the one after each event.
    pub fn positions(
        &self,
    ) -> impl DoubleEndedIterator<Item = Position<'_>> + ExactSizeIterator + '_ {
        let rules = &*self.rules;
        self.line
            .entries()
            .iter()
            .map(move |&state| Position::from_state(rules, state))
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
        let effect = self.line.play(&self.rules, m)?;
        self.events.push(Event::Move(m));
        Ok(effect)
    }

    /// `side` resigns (see [`Event::Resign`]); the game ends when one
    /// player is left who has not resigned.
    ///
    /// # Errors
    ///
    /// [`EventError`] if the game is over, there is no such side, or it
    /// has resigned already; the game is then unchanged.
    pub fn resign(&mut self, side: Side) -> Result<(), EventError> {
        let mut pos = self.position();
        self.check_side(&pos, side)?;
        if pos.has_resigned(side) {
            return Err(EventError::AlreadyResigned { side });
        }
        pos.resign(side);
        let state = pos.state();
        self.push(state, Event::Resign { side });
        Ok(())
    }

    /// Ends the game by the players' agreement (see [`Event::Agreement`]).
    ///
    /// # Errors
    ///
    /// [`EventError::GameOver`] if the game is over already.
    pub fn end_by_agreement(&mut self) -> Result<(), EventError> {
        let mut pos = self.position();
        if pos.is_over() {
            return Err(EventError::GameOver);
        }
        pos.end_by_agreement();
        let state = pos.state();
        self.push(state, Event::Agreement);
        Ok(())
    }

    /// Records that `side`'s seat is played by the computer from now on
    /// (`playing`), or by its owner again (see [`Event::Computer`]).
    ///
    /// # Errors
    ///
    /// [`EventError`] if the game is over or there is no such side.
    pub fn record_computer(&mut self, side: Side, playing: bool) -> Result<(), EventError> {
        let pos = self.position();
        self.check_side(&pos, side)?;
        let state = pos.state();
        self.push(state, Event::Computer { side, playing });
        Ok(())
    }

    /// Takes `event`: [`Game::play`], [`Game::resign`],
    /// [`Game::end_by_agreement`] or [`Game::record_computer`]. Returns
    /// what a move did.
    ///
    /// # Errors
    ///
    /// As those methods; the game is then unchanged.
    pub fn apply(&mut self, event: Event) -> Result<Option<Effect>, EventError> {
        match event {
            Event::Move(m) => return Ok(Some(self.play(m)?)),
            Event::Resign { side } => self.resign(side)?,
            Event::Agreement => self.end_by_agreement()?,
            Event::Computer { side, playing } => self.record_computer(side, playing)?,
        }
        Ok(None)
    }

    /// Takes back the last event; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Event> {
        let event = self.events.pop()?;
        self.line.pop(&self.rules);
        Some(event)
    }

    /// Takes back the last move and every event after it; returns the
    /// move, or `None` (and the game unchanged) if no move was played.
    pub fn undo_move(&mut self) -> Option<Move> {
        let at = self
            .events
            .iter()
            .rposition(|e| matches!(e, Event::Move(_)))?;
        while self.events.len() > at + 1 {
            self.undo();
        }
        match self.undo() {
            Some(Event::Move(m)) => Some(m),
            _ => unreachable!("event {at} is a move"),
        }
    }

    fn check_side(&self, pos: &Position<'_>, side: Side) -> Result<(), EventError> {
        if pos.is_over() {
            return Err(EventError::GameOver);
        }
        let players = self.rules.players();
        if side.index() >= players {
            return Err(EventError::NoSuchSide { side, players });
        }
        Ok(())
    }

    fn push(&mut self, state: State, event: Event) {
        self.line.push_unplayed(state);
        self.events.push(event);
    }
}

/// What a [`Game`] reads and writes with serde.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    rules: RuleSet,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<Setup>,
    events: Vec<Event>,
}

impl Serialize for Game {
    /// Serialises as `{rules, start, events}`; `start` only when it is not
    /// the usual start position of the rules.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let start = self.start();
        let record = Record {
            rules: *self.rules.rule_set(),
            start: (start != Position::new(&self.rules)).then(|| start.to_setup()),
            events: self.events.clone(),
        };
        record.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Reads a record and replays it: a record that does not replay is an
    /// error naming what does not fit ([`RecordError`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = Record::deserialize(deserializer)?;
        Game::from_record(&record.rules, record.start.as_ref(), &record.events)
            .map_err(serde::de::Error::custom)
    }
}
