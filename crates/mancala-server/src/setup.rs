//! [`RoomSetup`]: what the host chose when creating a room (a rules spec
//! or the site's Kalah house rules, and first-player rotation), and the
//! rules it gives a game of so many players.

use mancala_core::{CaptureFrom, ChildKind, KalahOptions, Preset, RuleSet};
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::protocol::HouseRules;

/// House counts the site offers (each falls back to 6 for a player count
/// it does not suit, see [`site_houses`]).
const HOUSES: [i64; 3] = [4, 6, 7];

/// Seed counts the site offers.
const SEEDS: [i64; 2] = [3, 4];

/// Player counts a room may take.
const PLAYER_COUNTS: std::ops::RangeInclusive<u8> = 2..=4;

/// Whether first-player rotation is on in a room made with a rules spec
/// that does not say (the house rules say on: [`HouseRulesDefault`]).
pub(crate) const SPEC_ROTATION: bool = false;

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

/// The choices of the site's Kalah house rules, with their defaults (the
/// seed document's table), as `GET /api/site` tells a page.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HouseRulesOffer {
    /// The preset the house rules play, for some number of players.
    pub preset: &'static str,
    /// The house counts, each with the player counts it is played by (6
    /// replaces it for the others).
    pub houses: Vec<HousesChoice>,
    /// The seed counts.
    pub seeds: Vec<u8>,
    /// Whose corresponding houses a capture takes with 3 or 4 players.
    pub capture: Vec<CaptureFrom>,
    /// The player counts for which that choice matters (with two there
    /// is one opponent).
    pub capture_players: Vec<u8>,
    /// The player counts a room of the house rules takes.
    pub players: Vec<u8>,
    /// The choices a room gets for what is left out.
    pub default: HouseRulesDefault,
}

/// A house count of the house rules and the player counts it suits.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HousesChoice {
    pub value: u8,
    pub players: Vec<u8>,
}

/// The house rules a room gets for every choice left out.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HouseRulesDefault {
    pub houses: u8,
    pub seeds: u8,
    pub capture: CaptureFrom,
    pub rotation: bool,
}

/// The house count a room takes when none is chosen.
const DEFAULT_HOUSES: u8 = 6;
/// The seed count a room takes when none is chosen.
const DEFAULT_SEEDS: u8 = 4;

impl HouseRulesOffer {
    /// The site's offer, in the order a page lists it (the default first).
    pub(crate) fn site() -> HouseRulesOffer {
        let players: Vec<u8> = PLAYER_COUNTS.collect();
        let mut houses: Vec<u8> = HOUSES
            .iter()
            .filter_map(|&h| u8::try_from(h).ok())
            .collect();
        houses.sort_by_key(|&h| (h != DEFAULT_HOUSES, std::cmp::Reverse(h)));
        let mut seeds: Vec<u8> = SEEDS.iter().filter_map(|&s| u8::try_from(s).ok()).collect();
        seeds.sort_by_key(|&s| (s != DEFAULT_SEEDS, std::cmp::Reverse(s)));
        let capture = vec![CaptureFrom::Next, CaptureFrom::Opposite, CaptureFrom::All];
        // A choice matters when the rules it makes are said differently
        // (with two players every choice takes from the one opponent).
        let capture_players = players
            .iter()
            .copied()
            .filter(|&p| {
                let options = |from| KalahOptions {
                    players: p,
                    capture_from: from,
                    ..KalahOptions::default()
                };
                let first = options(capture[0]).rules().explain();
                capture
                    .iter()
                    .any(|&c| options(c).rules().explain() != first)
            })
            .collect();
        HouseRulesOffer {
            preset: Preset::Kalah.name(),
            houses: houses
                .into_iter()
                .map(|value| HousesChoice {
                    value,
                    players: players
                        .iter()
                        .copied()
                        .filter(|&p| site_houses(p, value) == value)
                        .collect(),
                })
                .collect(),
            seeds,
            capture,
            capture_players,
            players,
            default: HouseRulesDefault {
                houses: DEFAULT_HOUSES,
                seeds: DEFAULT_SEEDS,
                capture: CaptureFrom::Next,
                rotation: true,
            },
        }
    }
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
            (Some(spec), None) => RoomSetup::from_spec(spec, rotation.unwrap_or(SPEC_ROTATION)),
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
        site_plays(spec, &base)?;
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

    /// The site's Kalah house rules with every default (the queue's
    /// `house`).
    pub(crate) fn house_default() -> RoomSetup {
        HouseRulesChoice::default()
            .setup()
            .expect("the defaults are offered")
    }

    /// The room's game by name, as the queue and its counts name it:
    /// `house` for the house rules, else the preset's name, or `custom`.
    pub(crate) fn game_name(&self) -> String {
        if self.house_rules.is_some() {
            return "house".to_string();
        }
        self.preset()
            .map_or_else(|| "custom".to_string(), |p| p.name().to_string())
    }

    /// The preset the room plays, if it plays one: Kalah for the house
    /// rules, else the preset whose rules these are for some number of
    /// players; `None` for rules of one's own.
    pub(crate) fn preset(&self) -> Option<Preset> {
        if self.house_rules.is_some() {
            return Some(Preset::Kalah);
        }
        Preset::ALL
            .iter()
            .copied()
            .find(|p| with_players(&p.rules(), self.base.players) == self.base)
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
        let default = HouseRulesOffer::site().default;
        let houses = offered(
            "house_rules.houses",
            self.houses,
            default.houses,
            &HOUSES,
            "4, 6 or 7",
        )?;
        let seeds = offered(
            "house_rules.seeds",
            self.seeds,
            default.seeds,
            &SEEDS,
            "3 or 4",
        )?;
        let capture = match self.capture {
            None => default.capture,
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
            self.rotation.unwrap_or(default.rotation),
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

/// Refuses rules whose moves the page cannot make or show yet:
/// `no_sides` (docs/rules.md section 4), whose moves of the opponent's
/// row the page does not offer; and wegs (`child_kind = weg`, section
/// 5), children on either side that keep their seeds, where the page
/// draws children on the opponent's side only, always empty. A direction
/// the player chooses (`direction_choice`, section 3) is played: its
/// moves are a house and a direction (`3cw`, `3ccw`), which the page
/// offers as two arrows on the house (the state messages' `legal_moves`
/// list them). Split sowing is played: its moves are house numbers, and
/// the page animates the engine's steps; so is a relay sowing that lifts
/// the mover's store (`relay_store`, section 3), whose store lift is one
/// of those steps, and `no_undo` (section 4), whose barred house the
/// position's `barred` names. Houses changing hands between rounds
/// (`rounds = territory`, section 8a) are played: each round's
/// `territory` (in the protocol's `round`) tells the page who owns each
/// house of the board; so are children (`children`, section 5), which
/// the position's `children` names.
///
/// # Errors
///
/// [`Error::RulesNotOnSite`] naming `no_sides` or `child_kind`.
pub(crate) fn site_plays(spec: &str, rules: &RuleSet) -> Result<(), Error> {
    let (rule, what, why) = if rules.no_sides {
        (
            "no_sides",
            "either player moving any house of the board",
            "the page offers only the mover's own houses",
        )
    } else if rules.children && rules.child_kind == ChildKind::Weg {
        (
            "child_kind",
            "wegs: children on either side that keep their seeds",
            "the page draws children on the opponent's side only, always empty",
        )
    } else {
        return Ok(());
    };
    Err(Error::RulesNotOnSite {
        spec: spec.to_string(),
        rule,
        what,
        why,
    })
}

/// The house count the site plays for a choice of `houses` with
/// `players` players: 6 or 7 with two, 6 or 4 with three or four, and 6
/// for any other choice. The room keeps the host's choice and applies it
/// game by game, as the seats fill.
fn site_houses(players: u8, houses: u8) -> u8 {
    match (players, houses) {
        (2, 6 | 7) | (3 | 4, 4 | 6) => houses,
        _ => 6,
    }
}

/// The house rules for `players` players.
fn kalah(house_rules: HouseRules, players: u8) -> RuleSet {
    KalahOptions {
        players,
        houses: site_houses(players, house_rules.houses),
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

    /// `serve --analysis-database` defaults its rules to `kalah`: a Kalah
    /// database must fit the games of the site's default house rules
    /// (Kalah of six houses, whatever the seeds), and not those of seven
    /// houses.
    #[test]
    fn a_kalah_endgame_database_fits_the_default_house_rules() {
        use mancala_core::Rules;
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let db = mancala_ai::Egdb::build_with_threads(&kalah, 2, 1).unwrap();
        let house = RoomSetup::house_default().rules_for(2).unwrap();
        assert!(db.fits(&Rules::new(&house).unwrap()));
        let other = HouseRulesChoice {
            houses: Some(7),
            ..HouseRulesChoice::default()
        };
        let other = other.setup().unwrap().rules_for(2).unwrap();
        assert!(!db.fits(&Rules::new(&other).unwrap()));
    }

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
    fn a_room_knows_its_preset_whatever_the_players() {
        let preset = |spec| RoomSetup::from_spec(spec, false).unwrap().preset();
        assert_eq!(preset("kalah,players=3"), Some(Preset::Kalah));
        assert_eq!(preset("oware"), Some(Preset::Oware));
        assert_eq!(preset("awale"), Some(Preset::Oware));
        assert_eq!(preset("kalah,seeds=5"), None);
        let house = HouseRulesChoice::default().setup().unwrap();
        assert_eq!(house.preset(), Some(Preset::Kalah));
    }

    #[test]
    fn the_offer_is_the_seeds_table() {
        // The seed document's house rules: six houses (seven with two,
        // four with three or four), four seeds (or three), capture from
        // the next player, first-player rotation on.
        let offer = serde_json::to_value(HouseRulesOffer::site()).unwrap();
        assert_eq!(
            offer["houses"],
            serde_json::json!([
                { "value": 6, "players": [2, 3, 4] },
                { "value": 7, "players": [2] },
                { "value": 4, "players": [3, 4] },
            ])
        );
        assert_eq!(offer["seeds"], serde_json::json!([4, 3]));
        assert_eq!(
            offer["capture"],
            serde_json::json!(["next", "opposite", "all"])
        );
        assert_eq!(
            offer["default"],
            serde_json::json!({ "houses": 6, "seeds": 4, "capture": "next", "rotation": true })
        );
        // What a room gets for choices left out is that default.
        let room = HouseRulesChoice::default().setup().unwrap();
        let h = room.house_rules.unwrap();
        assert_eq!(
            (h.houses, h.seeds, h.capture, room.rotation),
            (6, 4, CaptureFrom::Next, true)
        );
    }

    #[test]
    fn house_rules_keep_the_house_counts_the_site_offers_and_fall_back_to_six() {
        // 2 players: 6 or 7 kept; 3-4 players: 6 or 4 kept; anything else
        // (stored rooms included) becomes 6.
        let table = [
            (2, 6, 6),
            (2, 7, 7),
            (2, 4, 6),
            (2, 5, 6),
            (2, 16, 6),
            (3, 6, 6),
            (3, 4, 4),
            (3, 7, 6),
            (3, 3, 6),
            (4, 6, 6),
            (4, 4, 4),
            (4, 7, 6),
            (4, 1, 6),
        ];
        for (players, houses, kept) in table {
            assert_eq!(site_houses(players, houses), kept, "{players}p {houses}");
            let house_rules = HouseRules {
                houses,
                seeds: 4,
                capture: CaptureFrom::Next,
            };
            let setup = RoomSetup::from_house_rules(house_rules, true);
            let set = setup.rules_for(usize::from(players)).unwrap();
            assert_eq!((set.players, set.houses), (players, kept));
        }
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
