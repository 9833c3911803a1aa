//! The one-line text form of a [`Game`]: its rules, its start when it is
//! not the usual one, and its events (`kalah,houses=4,seeds=3; 2, 4, 1`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::error::{NotationError, RuleSpecError, SetupError};
use crate::game::{Event, EventError, EventParseError, Game};
use crate::position::Position;
use crate::preset::Preset;
use crate::rules::Rules;
use crate::ruleset::RuleSet;
use crate::setup::Setup;

/// The word that opens the optional start field of a game line.
const START: &str = "start";

/// A game line that cannot be read back into a [`Game`]: each variant
/// names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameLineError {
    /// The line is not `RULES; EVENTS` or `RULES; start POSITION; EVENTS`.
    #[error(
        "a game line is \"RULES; EVENTS\" or \"RULES; start POSITION; EVENTS\" (e.g. \"kalah; 3, 6\"); this one has {fields} field(s) separated by ';'"
    )]
    Shape {
        /// The `;`-separated fields found.
        fields: usize,
    },
    /// The rules field is no rule-set spec that can be played.
    #[error("the rules \"{text}\": {source}")]
    Rules {
        /// The field as written.
        text: String,
        /// Why it was refused.
        source: RuleSpecError,
    },
    /// The middle field does not begin with `start`.
    #[error("\"{text}\": the middle field of a game line is \"start POSITION\"")]
    NotAStart {
        /// The field as written.
        text: String,
    },
    /// The start position does not parse.
    #[error("the start position: {0}")]
    StartNotation(NotationError),
    /// The start position does not fit the rules.
    #[error("the start position: {0}")]
    Start(SetupError),
    /// An event that does not parse.
    #[error("event {index}: {source}")]
    BadEvent {
        /// Place of the event in the line, from 1.
        index: usize,
        /// Why it does not parse.
        source: EventParseError,
    },
    /// An event that cannot be taken where it stands: an illegal move, a
    /// resignation after the end, a side the game does not have.
    #[error("event {index} ({event}) at ply {ply}: {error}")]
    Illegal {
        /// Place of the event in the line, from 1.
        index: usize,
        /// The event.
        event: Event,
        /// Moves played before it (the position's ply).
        ply: u32,
        /// Why it was refused.
        error: EventError,
    },
}

impl RuleSet {
    /// A short spec that [`RuleSet::from_spec`] reads back to these
    /// rules: the name of the preset they differ least from, then the
    /// dimensions that differ as `NAME=VALUE` overrides
    /// (`kalah,houses=4,seeds=3`); just the name for a preset, and the
    /// [canonical](RuleSet::canonical) text should no preset-based spec
    /// read back.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleSet};
    ///
    /// assert_eq!(Preset::Oware.rules().short_spec(), "oware");
    /// let small = RuleSet { houses: 4, seeds: 3, ..Preset::Kalah.rules() };
    /// assert_eq!(small.short_spec(), "kalah,houses=4,seeds=3");
    /// assert_eq!(RuleSet::from_spec(&small.short_spec())?, small);
    /// # Ok::<(), mancala_core::RuleSpecError>(())
    /// ```
    pub fn short_spec(&self) -> String {
        let mine = dimension_texts(self);
        let mut best: Option<(usize, String)> = None;
        for preset in Preset::ALL {
            let base = dimension_texts(&preset.rules());
            let overrides: Vec<String> = mine
                .iter()
                .zip(&base)
                .filter(|(a, b)| a != b)
                .map(|((name, value), _)| format!("{name}={value}"))
                .collect();
            if best.as_ref().is_some_and(|(n, _)| *n <= overrides.len()) {
                continue;
            }
            let spec = std::iter::once(preset.name().to_string())
                .chain(overrides.iter().cloned())
                .collect::<Vec<_>>()
                .join(",");
            if RuleSet::from_spec(&spec).as_ref() == Ok(self) {
                best = Some((overrides.len(), spec));
            }
        }
        best.map_or_else(|| self.canonical(), |(_, spec)| spec)
    }
}

/// Every dimension of `rules` as `(name, value text)`.
fn dimension_texts(rules: &RuleSet) -> Vec<(&'static str, String)> {
    let mut texts = Vec::new();
    rules.for_each_dimension(|name, value| texts.push((name, value.to_string())));
    texts
}

impl fmt::Display for Game {
    /// The game line: `RULES; EVENTS`, or `RULES; start POSITION; EVENTS`
    /// when the game did not start from the usual position. The rules are
    /// [`RuleSet::short_spec`], the events are [`Event`] texts separated
    /// by `", "`. See [`Game::from_str`](#impl-FromStr-for-Game).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};", self.rules().rule_set().short_spec())?;
        let start = self.start();
        if start != Position::new(self.rules()) {
            write!(f, " {START} {};", start.to_setup())?;
        }
        write_events(f, self.events())
    }
}

/// Writes events as a game line's or a match round's list: each after a
/// space, the ones after the first after a comma too (docs/rules.md
/// section 16).
pub(crate) fn write_events(f: &mut fmt::Formatter<'_>, events: &[Event]) -> fmt::Result {
    for (i, event) in events.iter().enumerate() {
        let separator = if i == 0 { " " } else { ", " };
        write!(f, "{separator}{event}")?;
    }
    Ok(())
}

impl FromStr for Game {
    type Err = GameLineError;

    /// Reads a game line and replays it (docs/rules.md section 16):
    ///
    /// ```text
    /// line   = RULES ";" [ "start" POSITION ";" ] EVENTS
    /// EVENTS = nothing | EVENT { "," EVENT }
    /// ```
    ///
    /// `RULES` is a rule-set spec ([`RuleSet::from_spec`]: a preset, or a
    /// preset and `NAME=VALUE` overrides, or the canonical text),
    /// `POSITION` the position notation ([`Setup`]), and each `EVENT` a
    /// move (`3`, `swap`), `resign S`, `agreement` or `computer S on|off`
    /// ([`Event`]). Spaces around the separators do not matter.
    ///
    /// # Errors
    ///
    /// [`GameLineError`] naming the first part that does not fit: the
    /// shape of the line, the rules, the start, an event that does not
    /// parse (with its place), or one that cannot be taken (with its place
    /// and the ply it stands at).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, GameLineError, Move, Side};
    ///
    /// let game: Game = "kalah,houses=4,seeds=3; 2, 4, resign 1".parse()?;
    /// assert_eq!(game.moves().collect::<Vec<_>>(), [Move::House(2), Move::House(4)]);
    /// assert_eq!(game.outcome().unwrap().rank(Side::new(1)), 2);
    /// assert_eq!(game.to_string(), "kalah,houses=4,seeds=3; 2, 4, resign 1");
    ///
    /// let err = "kalah; 3, 3".parse::<Game>().unwrap_err();
    /// assert_eq!(err.to_string(), "event 2 (3) at ply 1: illegal move 3: the house is empty");
    /// assert!(matches!("kalahh; 3".parse::<Game>(), Err(GameLineError::Rules { .. })));
    /// # Ok::<(), GameLineError>(())
    /// ```
    fn from_str(s: &str) -> Result<Game, GameLineError> {
        let fields: Vec<&str> = s.trim().split(';').map(str::trim).collect();
        let (rules_text, start, events) = match fields.as_slice() {
            [rules, events] => (*rules, None, *events),
            [rules, start, events] => (*rules, Some(*start), *events),
            _ => {
                return Err(GameLineError::Shape {
                    fields: fields.len(),
                });
            }
        };
        let rule_set = RuleSet::from_spec(rules_text).map_err(|source| GameLineError::Rules {
            text: rules_text.to_string(),
            source,
        })?;
        let rules = Rules::new(&rule_set).map_err(|e| GameLineError::Rules {
            text: rules_text.to_string(),
            source: RuleSpecError::Invalid(e),
        })?;
        let mut game = match start {
            None => Game::new(rules),
            Some(field) => {
                let setup = start_setup(field)?;
                Game::from_setup(rules, &setup).map_err(GameLineError::Start)?
            }
        };
        if events.is_empty() {
            return Ok(game);
        }
        for (i, text) in events.split(',').enumerate() {
            let index = i + 1;
            let event: Event = text
                .parse()
                .map_err(|source| GameLineError::BadEvent { index, source })?;
            let ply = game.position().ply();
            game.apply(event).map_err(|error| GameLineError::Illegal {
                index,
                event,
                ply,
                error,
            })?;
        }
        Ok(game)
    }
}

/// The position of a `start POSITION` field.
fn start_setup(field: &str) -> Result<Setup, GameLineError> {
    let not_a_start = || GameLineError::NotAStart {
        text: field.to_string(),
    };
    let rest = field.strip_prefix(START).ok_or_else(not_a_start)?;
    if !rest.starts_with(char::is_whitespace) {
        return Err(not_a_start());
    }
    rest.trim().parse().map_err(GameLineError::StartNotation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_a_bare_name() {
        // Dakon and Congkak share their rules: either name reads back.
        for preset in Preset::ALL {
            let spec = preset.rules().short_spec();
            assert!(!spec.contains(','), "{spec}");
            assert_eq!(RuleSet::from_spec(&spec), Ok(preset.rules()));
        }
    }
}
