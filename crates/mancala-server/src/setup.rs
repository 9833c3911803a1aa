//! [`RoomSetup`]: what the host chose when creating a room (a rules spec
//! or the site's Kalah house rules, and first-player rotation), and the
//! rules it gives a game of so many players.

use mancala_core::{CaptureFrom, KalahOptions, RuleSet};
use serde::Deserialize;

use crate::error::Error;
use crate::protocol::HouseRules;

/// House counts the site offers (each falls back to 6 for a player count
/// it does not suit, see [`KalahOptions::site_houses`]).
const HOUSES: [i64; 3] = [4, 6, 7];

/// Seed counts the site offers.
const SEEDS: [i64; 2] = [3, 4];

/// Player counts a room may take.
const PLAYER_COUNTS: std::ops::RangeInclusive<u8> = 2..=4;

/// The `house_rules` object of `POST /api/rooms`, as sent: every field may
/// be left out for the site's default (6 houses, 4 seeds, capture from the
/// next player, rotation on).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HouseRulesChoice {
    #[serde(default)]
    houses: Option<i64>,
    #[serde(default)]
    seeds: Option<i64>,
    #[serde(default)]
    capture: Option<String>,
    #[serde(default)]
    rotation: Option<bool>,
}

/// How a room makes the rules of each game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RoomSetup {
    /// The rules as given (a spec), or the two-player instance of the
    /// house rules.
    pub base: RuleSet,
    /// The house rules, when the room was made with them.
    pub house_rules: Option<HouseRules>,
    /// Whether the seats turn by one at each rematch.
    pub rotation: bool,
    /// The fewest players a game takes.
    pub min_players: usize,
    /// The most players a game takes: the room's seats.
    pub max_players: usize,
}

impl RoomSetup {
    /// The setup of a new room from the creation body's `rules`,
    /// `house_rules` and `rotation`: exactly one of `rules` and
    /// `house_rules`; `rotation` at the top only with `rules` (it defaults
    /// to off there, to on with house rules).
    ///
    /// # Errors
    ///
    /// [`Error::BadOption`] naming the field at fault, [`Error::Rules`] for
    /// a spec that cannot be played.
    pub(crate) fn choose(
        rules: Option<&str>,
        house_rules: Option<HouseRulesChoice>,
        rotation: Option<bool>,
    ) -> Result<RoomSetup, Error> {
        match (rules, house_rules) {
            (Some(spec), None) => RoomSetup::from_spec(spec, rotation.unwrap_or(false)),
            (None, Some(choice)) => match rotation {
                Some(r) => Err(Error::BadOption {
                    field: "rotation",
                    value: r.to_string(),
                    expected: "with house_rules, set house_rules.rotation",
                }),
                None => choice.setup(),
            },
            (Some(spec), Some(_)) => Err(Error::BadOption {
                field: "rules",
                value: serde_json::Value::from(spec).to_string(),
                expected: "rules or house_rules, not both",
            }),
            (None, None) => Err(Error::BadOption {
                field: "rules",
                value: "null".to_string(),
                expected: "a rules spec, or house_rules",
            }),
        }
    }

    /// A room playing the rules spec `spec`, for as many players as it
    /// can be played by: 2 to 4 when the rules allow it (Kalah), else the
    /// spec's own count (2 for Oware).
    ///
    /// # Errors
    ///
    /// [`Error::Rules`] for a spec that does not parse or cannot be played.
    pub(crate) fn from_spec(spec: &str, rotation: bool) -> Result<RoomSetup, Error> {
        let base = RuleSet::from_spec(spec).map_err(|source| Error::Rules {
            spec: spec.to_string(),
            source,
        })?;
        let playable: Vec<usize> = PLAYER_COUNTS
            .filter(|&n| with_players(&base, n).validate().is_ok())
            .map(usize::from)
            .collect();
        let own = usize::from(base.players);
        Ok(RoomSetup {
            min_players: playable.iter().copied().min().unwrap_or(own),
            max_players: playable.iter().copied().max().unwrap_or(own),
            base,
            house_rules: None,
            rotation,
        })
    }

    /// A room playing the site's house rules `house_rules`, 2 to 4 players.
    pub(crate) fn from_house_rules(house_rules: HouseRules, rotation: bool) -> RoomSetup {
        RoomSetup {
            base: kalah(house_rules, 2),
            house_rules: Some(house_rules),
            rotation,
            min_players: usize::from(*PLAYER_COUNTS.start()),
            max_players: usize::from(*PLAYER_COUNTS.end()),
        }
    }

    /// The setup of a room as stored: the `rules` column, the house rules
    /// as JSON, rotation, and the player range (`None` in rooms made before
    /// it was stored: the rules' own count).
    ///
    /// # Errors
    ///
    /// [`Error::Rules`] for stored rules that no longer read, and
    /// [`Error::Database`] for stored house rules that do not.
    pub(crate) fn stored(
        rules: &str,
        house_rules: Option<&str>,
        rotation: bool,
        players: (Option<usize>, Option<usize>),
    ) -> Result<RoomSetup, Error> {
        let base = RuleSet::from_spec(rules).map_err(|source| Error::Rules {
            spec: rules.to_string(),
            source,
        })?;
        let house_rules = match house_rules {
            Some(json) => Some(
                serde_json::from_str(json)
                    .map_err(|e| Error::Database(sqlx::Error::Decode(Box::new(e))))?,
            ),
            None => None,
        };
        let own = usize::from(base.players);
        Ok(RoomSetup {
            base,
            house_rules,
            rotation,
            min_players: players.0.unwrap_or(own),
            max_players: players.1.unwrap_or(own),
        })
    }

    /// The rules of a game of `players` players (the house rules falling
    /// back to 6 houses when their count does not suit them).
    ///
    /// # Errors
    ///
    /// [`Error::TooFewPlayers`] outside the room's range, [`Error::Rules`]
    /// if the rules cannot be played by that many.
    pub(crate) fn rules_for(&self, players: usize) -> Result<RuleSet, Error> {
        let count = u8::try_from(players)
            .ok()
            .filter(|_| (self.min_players..=self.max_players).contains(&players))
            .ok_or(Error::TooFewPlayers {
                seated: players,
                min: self.min_players,
            })?;
        let rules = match self.house_rules {
            Some(h) => kalah(h, count),
            None => with_players(&self.base, count),
        };
        rules.validate().map_err(|e| Error::Rules {
            spec: rules.canonical(),
            source: mancala_core::RuleSpecError::Invalid(e),
        })?;
        Ok(rules)
    }
}

impl HouseRulesChoice {
    /// The setup these choices make.
    ///
    /// # Errors
    ///
    /// [`Error::BadOption`] for a value the site does not offer.
    fn setup(self) -> Result<RoomSetup, Error> {
        let houses = offered("house_rules.houses", self.houses, 6, &HOUSES, "4, 6 or 7")?;
        let seeds = offered("house_rules.seeds", self.seeds, 4, &SEEDS, "3 or 4")?;
        let capture = match self.capture {
            None => CaptureFrom::Next,
            Some(text) => text.parse().map_err(|_| Error::BadOption {
                field: "house_rules.capture",
                value: serde_json::Value::from(text).to_string(),
                expected: "\"next\", \"opposite\" or \"all\"",
            })?,
        };
        let house_rules = HouseRules {
            houses,
            seeds,
            capture,
        };
        Ok(RoomSetup::from_house_rules(
            house_rules,
            self.rotation.unwrap_or(true),
        ))
    }
}

/// `value` (or `default` when left out), if it is one of `allowed`.
fn offered(
    field: &'static str,
    value: Option<i64>,
    default: u8,
    allowed: &[i64],
    expected: &'static str,
) -> Result<u8, Error> {
    match value {
        None => Ok(default),
        Some(v) => allowed
            .contains(&v)
            .then(|| u8::try_from(v).ok())
            .flatten()
            .ok_or(Error::BadOption {
                field,
                value: v.to_string(),
                expected,
            }),
    }
}

/// The house rules for `players` players.
fn kalah(house_rules: HouseRules, players: u8) -> RuleSet {
    KalahOptions {
        players,
        houses: house_rules.houses,
        seeds: house_rules.seeds,
        capture_from: house_rules.capture,
        ..KalahOptions::default()
    }
    .rules()
}

/// `rules` for `players` players, every other dimension kept.
fn with_players(rules: &RuleSet, players: u8) -> RuleSet {
    RuleSet { players, ..*rules }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kalah_takes_two_to_four_players_and_oware_two() {
        let kalah = RoomSetup::from_spec("kalah,players=3", false).unwrap();
        assert_eq!((kalah.min_players, kalah.max_players), (2, 4));
        let oware = RoomSetup::from_spec("oware", true).unwrap();
        assert_eq!((oware.min_players, oware.max_players), (2, 2));
        assert!(matches!(
            oware.rules_for(3),
            Err(Error::TooFewPlayers { seated: 3, .. })
        ));
    }

    #[test]
    fn house_counts_outside_the_offer_are_refused() {
        let choice = HouseRulesChoice {
            houses: Some(5),
            ..HouseRulesChoice::default()
        };
        assert!(matches!(
            choice.setup(),
            Err(Error::BadOption {
                field: "house_rules.houses",
                ..
            })
        ));
    }
}
