//! The rule language: one [`RuleSet`] value per game, one field per rule
//! dimension of the specification.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::RuleError;
use crate::preset::Preset;

/// The most players a rule set may seat.
pub const MAX_PLAYERS: usize = 4;
/// The most houses a player may own.
pub const MAX_HOUSES: usize = 16;
/// The most seeds a game may hold in all: counts are stored in a `u8`.
pub const MAX_SEEDS: usize = u8::MAX as usize;

/// Defines a rule enum together with its file names, `Display`, `FromStr`
/// and serde, so that the names live in exactly one place.
macro_rules! rule_enum {
    (
        $(#[$meta:meta])*
        $name:ident ($field:literal) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in the order the specification lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in rule files and on the command line.
            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = RuleError;

            fn from_str(s: &str) -> Result<Self, RuleError> {
                let wanted = s.trim();
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name().eq_ignore_ascii_case(wanted))
                    .ok_or_else(|| RuleError::UnknownValue {
                        field: $field,
                        value: s.to_string(),
                        expected: Self::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
                    })
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

rule_enum! {
    /// Which stores lie on the sowing track (`stores_sown`).
    StoresSown("stores_sown") {
        /// Stores are not on the track; they only hold captured seeds (Oware family).
        None = "none",
        /// The mover sows into their own store and skips every other store (Kalah).
        Own = "own",
        /// The mover sows into every store (Japanese mancala basic).
        All = "all",
    }
}

rule_enum! {
    /// What happens to the origin house during sowing (`origin`).
    Origin("origin") {
        /// The origin house receives a seed when a lap passes it (Kalah).
        Include = "include",
        /// The origin house never receives a seed from its own sowing (Oware).
        Skip = "skip",
        /// The first seed goes straight back into the origin house; later laps
        /// include it (Modiar, "sowOriginFirst").
        First = "first",
    }
}

rule_enum! {
    /// Which store landing earns another move (`extra_turn`).
    ExtraTurn("extra_turn") {
        /// No landing earns an extra turn.
        None = "none",
        /// The last seed in the mover's own store earns an extra turn (Kalah).
        OwnStore = "own_store",
        /// The last seed in any store earns an extra turn (mancala basic).
        AnyStore = "any_store",
    }
}

rule_enum! {
    /// What happens when no move can feed an empty opponent (`unfed`).
    Unfed("unfed") {
        /// Every otherwise legal move is allowed (Modiar: feed "if able").
        AnyMove = "any_move",
        /// The game ends and the mover takes every seed left on the board (Oware).
        EndToMover = "end_to_mover",
        /// The game ends and the starving opponent claims every seed left (Al-manqala).
        EndToStarving = "end_to_starving",
    }
}

rule_enum! {
    /// How a grand slam (a capture that empties the opponent's side) is treated.
    GrandSlam("grand_slam") {
        /// It captures as usual (Al-manqala).
        Allowed = "allowed",
        /// The move is legal but captures nothing (Oware Abapa).
        NoCapture = "no_capture",
        /// The move is illegal (Modiar).
        Forbidden = "forbidden",
    }
}

rule_enum! {
    /// The capture family (`capture`).
    Capture("capture") {
        /// Nothing is ever captured.
        None = "none",
        /// Kalah family: the last seed in an own empty house captures the
        /// corresponding houses of the target players.
        Opposite = "opposite",
        /// Oware family: the last seed makes a house hold a count in
        /// `capture_counts`.
        Count = "count",
    }
}

rule_enum! {
    /// Whose houses an opposite capture takes with 3 or 4 players (`capture_from`).
    CaptureFrom("capture_from") {
        /// The next seat counter-clockwise (with 2 players: the opponent).
        Next = "next",
        /// The seat across the board (seat + 2 with 4 players; the next seat with 3).
        Opposite = "opposite",
        /// Every other seat.
        All = "all",
    }
}

rule_enum! {
    /// On whose side a count capture may take a house (`capture_side`).
    CaptureSide("capture_side") {
        /// Only the opponent's houses (Oware).
        Opponent = "opponent",
        /// Only the mover's own houses.
        Own = "own",
        /// Either side (Modiar, Al-manqala).
        Any = "any",
    }
}

rule_enum! {
    /// Where the seeds left on the board go when the game ends (`leftover`,
    /// `cycle_leftover`).
    Leftover("leftover") {
        /// Each side's seeds go to that side's owner (Kalah, Oware, Modiar).
        Owner = "owner",
        /// Nobody scores them.
        Discard = "discard",
        /// Shared equally between the players; a remainder is discarded.
        Split = "split",
    }
}

rule_enum! {
    /// One way for the game to end (`end`, a set of these).
    EndCondition("end") {
        /// After a move, any player's houses are all empty (Kalah standard).
        AnySideEmpty = "any_side_empty",
        /// The player to move has no legal move (always in force; listing it
        /// documents the Kalah "delayed" variant and Modiar).
        NoLegalMove = "no_legal_move",
        /// A player's score exceeds half of all seeds, or two players hold half each.
        Majority = "majority",
        /// A player whose houses become empty wins at once (mancala basic).
        EmptyFirst = "empty_first",
        /// The same position occurs again: the game ends as an endless cycle.
        Repetition = "repetition",
    }
}

impl EndCondition {
    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of [`EndCondition`]s; in files a list such as
/// `["majority", "repetition"]`, on the command line `majority,repetition`.
///
/// # Examples
///
/// ```
/// use mancala_core::{EndCondition, EndSet};
///
/// let end: EndSet = "majority,repetition".parse()?;
/// assert!(end.contains(EndCondition::Repetition));
/// assert!(!end.contains(EndCondition::AnySideEmpty));
/// assert_eq!(end.to_string(), "majority,repetition");
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EndSet(u8);

impl EndSet {
    /// The empty set.
    pub const EMPTY: EndSet = EndSet(0);

    /// A set holding the given conditions.
    pub const fn of(conditions: &[EndCondition]) -> EndSet {
        let mut bits = 0;
        let mut i = 0;
        while i < conditions.len() {
            bits |= conditions[i].bit();
            i += 1;
        }
        EndSet(bits)
    }

    /// Whether `condition` is in the set.
    pub const fn contains(self, condition: EndCondition) -> bool {
        self.0 & condition.bit() != 0
    }

    /// Adds `condition` to the set.
    pub fn insert(&mut self, condition: EndCondition) {
        self.0 |= condition.bit();
    }

    /// Removes `condition` from the set.
    pub fn remove(&mut self, condition: EndCondition) {
        self.0 &= !condition.bit();
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The conditions in the set, in specification order.
    pub fn iter(self) -> impl Iterator<Item = EndCondition> {
        EndCondition::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
    }
}

impl fmt::Debug for EndSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for EndSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.iter())
    }
}

impl FromStr for EndSet {
    type Err = RuleError;

    /// Parses a comma-separated list; an empty string is the empty set.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        let mut set = EndSet::EMPTY;
        for item in split_list(s) {
            set.insert(item.parse()?);
        }
        Ok(set)
    }
}

impl FromIterator<EndCondition> for EndSet {
    fn from_iter<I: IntoIterator<Item = EndCondition>>(iter: I) -> Self {
        let mut set = EndSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl Serialize for EndSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for EndSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<EndCondition>::deserialize(deserializer)?;
        Ok(items.into_iter().collect())
    }
}

/// A set of seed counts (0 to 255), used by `capture_counts`; in files a
/// list such as `[2, 3]`, on the command line `2,3`.
///
/// # Examples
///
/// ```
/// use mancala_core::CountSet;
///
/// let counts: CountSet = "2,4,6".parse()?;
/// assert!(counts.contains(4));
/// assert!(!counts.contains(3));
/// assert_eq!(counts.to_string(), "2,4,6");
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CountSet([u64; 4]);

impl CountSet {
    /// The empty set.
    pub const EMPTY: CountSet = CountSet([0; 4]);

    /// A set holding the given counts.
    pub const fn of(counts: &[u8]) -> CountSet {
        let mut words = [0u64; 4];
        let mut i = 0;
        while i < counts.len() {
            let c = counts[i] as usize;
            words[c / 64] |= 1 << (c % 64);
            i += 1;
        }
        CountSet(words)
    }

    /// Whether `count` is in the set.
    #[inline]
    pub const fn contains(self, count: u8) -> bool {
        let c = count as usize;
        self.0[c / 64] & (1 << (c % 64)) != 0
    }

    /// Adds `count` to the set.
    pub fn insert(&mut self, count: u8) {
        let c = count as usize;
        self.0[c / 64] |= 1 << (c % 64);
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0 && self.0[2] == 0 && self.0[3] == 0
    }

    /// The counts in the set, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..=u8::MAX).filter(move |c| self.contains(*c))
    }
}

impl fmt::Debug for CountSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CountSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.iter())
    }
}

impl FromStr for CountSet {
    type Err = RuleError;

    /// Parses a comma-separated list of counts; an empty string is the empty set.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        let mut set = CountSet::EMPTY;
        for item in split_list(s) {
            let count = item.parse::<u8>().map_err(|_| RuleError::InvalidValue {
                field: "capture_counts",
                value: item.to_string(),
                reason: format!("expected a seed count from 0 to {}", u8::MAX),
            })?;
            set.insert(count);
        }
        Ok(set)
    }
}

impl FromIterator<u8> for CountSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = CountSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl Serialize for CountSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CountSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<u8>::deserialize(deserializer)?;
        Ok(items.into_iter().collect())
    }
}

fn write_list<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = T>,
) -> fmt::Result {
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

fn split_list(s: &str) -> impl Iterator<Item = &str> {
    let s = s.trim();
    let s = s
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(s);
    s.split(',').map(str::trim).filter(|item| !item.is_empty())
}

/// A complete mancala rule set: one field per rule dimension of the
/// specification, named as there.
///
/// A `RuleSet` is plain data. [`RuleSet::validate`] (called by
/// [`Rules::new`](crate::Rules::new) and by every parser) rejects what the
/// engine cannot play. Presets are values of this type, see [`Preset`].
///
/// # Rule files
///
/// A rule file is TOML or JSON with the field names below. Every field is
/// optional: missing fields come from the preset named by the extra key
/// `preset`, or from the standard `kalah` preset when there is none.
/// Unknown keys are errors, so a misspelt field never goes unnoticed.
///
/// ```toml
/// preset = "kalah"
/// seeds = 6
/// capture_empty_opposite = true
/// ```
///
/// # Examples
///
/// ```
/// use mancala_core::{Capture, Preset, RuleSet};
///
/// let rules = RuleSet::from_toml("preset = \"oware\"\nseeds = 5")?;
/// assert_eq!(rules.seeds, 5);
/// assert_eq!(rules.capture, Capture::Count);
///
/// let mut kalah = Preset::Kalah.rules();
/// kalah.set("capture_empty_opposite", "true")?;
/// assert!(kalah.capture_empty_opposite);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RuleSet {
    /// Number of players, 2 to 4.
    pub players: u8,
    /// Houses per player, 1 to 16.
    pub houses: u8,
    /// Seeds in every house at the start.
    pub seeds: u8,
    /// Which stores lie on the sowing track.
    pub stores_sown: StoresSown,
    /// What happens to the origin house during sowing.
    pub origin: Origin,
    /// Which store landing earns another move.
    pub extra_turn: ExtraTurn,
    /// When false, the very first move of the game never earns an extra turn.
    pub first_move_extra_turn: bool,
    /// The fewest seeds a house must hold to be moved (2 in Modiar).
    pub min_seeds: u8,
    /// A player must leave seeds on an empty opponent's side if they can.
    pub must_feed: bool,
    /// What happens when no move can feed (with `must_feed`).
    pub unfed: Unfed,
    /// How a grand slam is treated.
    pub grand_slam: GrandSlam,
    /// The capture family.
    pub capture: Capture,
    /// Whose houses an opposite capture takes with 3 or 4 players.
    pub capture_from: CaptureFrom,
    /// Opposite capture: the lone last seed goes to the store even when the
    /// target houses are empty.
    pub capture_empty_opposite: bool,
    /// Count capture: the counts that capture (`{2, 3}` in Oware).
    pub capture_counts: CountSet,
    /// Count capture: on whose side a house may be captured.
    pub capture_side: CaptureSide,
    /// Count capture: also capture the qualifying houses before the last one.
    pub chain: bool,
    /// The first this many moves of the game capture nothing.
    pub no_capture_moves: u32,
    /// The ways the game ends (besides the player to move having no move).
    pub end: EndSet,
    /// Where the seeds left on the board go when the game ends.
    pub leftover: Leftover,
    /// Where the seeds left on the board go when an endless cycle ends the game.
    pub cycle_leftover: Leftover,
    /// The second player may swap sides instead of their first move.
    pub pie_rule: bool,
}

impl Default for RuleSet {
    /// Standard Kalah: 2 players, 6 houses, 4 seeds.
    fn default() -> Self {
        Preset::Kalah.rules()
    }
}

/// The names of every rule dimension, in specification order.
pub const DIMENSIONS: &[&str] = &[
    "players",
    "houses",
    "seeds",
    "stores_sown",
    "origin",
    "extra_turn",
    "first_move_extra_turn",
    "min_seeds",
    "must_feed",
    "unfed",
    "grand_slam",
    "capture",
    "capture_from",
    "capture_empty_opposite",
    "capture_counts",
    "capture_side",
    "chain",
    "no_capture_moves",
    "end",
    "leftover",
    "cycle_leftover",
    "pie_rule",
];

impl RuleSet {
    /// Checks that the engine can play these rules.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] naming the first field (and its value) that cannot be
    /// played: a player count outside 2..=4, a house count outside 1..=16, no
    /// seeds, more than 255 seeds in all, `min_seeds` 0, a count capture
    /// without counts or with a count below 2, a two-player rule (count
    /// capture, `must_feed`, a `grand_slam` other than `allowed`, `pie_rule`)
    /// with 3 or 4 players, or `empty_first` together with `any_side_empty`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleError};
    ///
    /// let mut rules = Preset::Oware.rules();
    /// rules.players = 3;
    /// assert!(matches!(rules.validate(), Err(RuleError::TwoPlayerRule { .. })));
    /// ```
    pub fn validate(&self) -> Result<(), RuleError> {
        let invalid = |field: &'static str, value: String, reason: &str| {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason: reason.to_string(),
            })
        };
        if !(2..=MAX_PLAYERS).contains(&usize::from(self.players)) {
            return invalid(
                "players",
                self.players.to_string(),
                "the engine seats 2 to 4 players",
            );
        }
        if !(1..=MAX_HOUSES).contains(&usize::from(self.houses)) {
            return invalid(
                "houses",
                self.houses.to_string(),
                "each player owns 1 to 16 houses",
            );
        }
        if self.seeds == 0 {
            return invalid(
                "seeds",
                "0".into(),
                "every house starts with at least 1 seed",
            );
        }
        let total = usize::from(self.players) * usize::from(self.houses) * usize::from(self.seeds);
        if total > MAX_SEEDS {
            return Err(RuleError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        if self.min_seeds == 0 {
            return invalid(
                "min_seeds",
                "0".into(),
                "an empty house can never be moved, so min_seeds is at least 1",
            );
        }
        if self.capture == Capture::Count {
            if self.capture_counts.is_empty() {
                return invalid(
                    "capture_counts",
                    "[]".into(),
                    "a count capture needs at least one count",
                );
            }
            if let Some(c) = self.capture_counts.iter().find(|&c| c < 2) {
                return invalid(
                    "capture_counts",
                    c.to_string(),
                    "a count capture needs at least 2 seeds in the house (the last seed lands \
                     in a house that already held one); a lone last seed is the opposite-capture family",
                );
            }
        }
        if self.players > 2 {
            let two_player = [
                ("capture", self.capture == Capture::Count, "count"),
                ("must_feed", self.must_feed, "true"),
                (
                    "grand_slam",
                    self.grand_slam != GrandSlam::Allowed,
                    self.grand_slam.name(),
                ),
                ("pie_rule", self.pie_rule, "true"),
            ];
            if let Some((field, _, value)) = two_player.iter().find(|(_, on, _)| *on) {
                return Err(RuleError::TwoPlayerRule {
                    field,
                    value: value.to_string(),
                    players: self.players,
                });
            }
        }
        if self.end.contains(EndCondition::EmptyFirst)
            && self.end.contains(EndCondition::AnySideEmpty)
        {
            return invalid(
                "end",
                self.end.to_string(),
                "empty_first and any_side_empty disagree on who wins when a side empties",
            );
        }
        Ok(())
    }

    /// Total seeds in play at the start.
    pub fn total_seeds(&self) -> usize {
        usize::from(self.players) * usize::from(self.houses) * usize::from(self.seeds)
    }

    /// Whether every game under these rules ends after finitely many moves.
    ///
    /// True when every move makes progress: stores are on the track (so any
    /// seed leaving a side passes its owner's store) and no move can put its
    /// seeds straight back (`origin = first` with `min_seeds` 1 can), or when
    /// `repetition` ends cycles (this needs the history a [`Game`](crate::Game)
    /// keeps). [`RuleSet::move_bound`] gives the bound in the first case.
    pub fn always_ends(&self) -> bool {
        self.move_bound().is_some() || self.end.contains(EndCondition::Repetition)
    }

    /// An upper bound on the number of moves of any game from the start
    /// position, when every move makes progress (see [`RuleSet::always_ends`]).
    ///
    /// Proof sketch: give each seed on the board its distance (in houses) to
    /// its side's store. A move that does not reach the mover's store only
    /// moves seeds towards it, lowering the distance sum by at least 1 (with
    /// `origin = first`, `min_seeds >= 2` keeps at least one seed moving);
    /// a move that reaches it, or captures, adds a seed to a store for good.
    /// Between two store gains the distance sum (at most seeds x houses)
    /// falls, so there are at most `(seeds + 1) x (seeds x houses + 1)`
    /// sowings, plus one pie swap.
    pub fn move_bound(&self) -> Option<u64> {
        if self.stores_sown == StoresSown::None
            || (self.origin == Origin::First && self.min_seeds < 2)
        {
            return None;
        }
        let seeds = self.total_seeds() as u64;
        let houses = u64::from(self.houses);
        Some((seeds + 1) * (seeds * houses + 1) + 1)
    }

    /// Sets one rule dimension from text, as `--set NAME=VALUE` does on the
    /// command line. Lists are comma-separated (`end = "majority,repetition"`,
    /// `capture_counts = "2,3"`); booleans are `true`/`false` (also `on`/`off`,
    /// `yes`/`no`, `1`/`0`). The rule set is not validated; call
    /// [`RuleSet::validate`] when every override is in.
    ///
    /// # Errors
    ///
    /// [`RuleError::UnknownField`] for a name that is not a rule dimension,
    /// [`RuleError::UnknownValue`] or [`RuleError::InvalidValue`] for a value
    /// that does not parse.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{EndCondition, Preset};
    ///
    /// let mut rules = Preset::Kalah.rules();
    /// rules.set("end", "no_legal_move")?;
    /// rules.set("seeds", "5")?;
    /// assert!(rules.end.contains(EndCondition::NoLegalMove));
    /// assert_eq!(rules.seeds, 5);
    /// assert!(rules.set("seeds", "many").is_err());
    /// assert!(rules.set("sedes", "5").is_err());
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        let field = DIMENSIONS
            .iter()
            .copied()
            .find(|d| d.eq_ignore_ascii_case(name.trim()) || d.replace('_', "-") == name.trim())
            .ok_or_else(|| RuleError::UnknownField {
                field: name.to_string(),
            })?;
        let value = value.trim();
        match field {
            "players" => self.players = parse_small(field, value)?,
            "houses" => self.houses = parse_small(field, value)?,
            "seeds" => self.seeds = parse_small(field, value)?,
            "stores_sown" => self.stores_sown = value.parse()?,
            "origin" => self.origin = value.parse()?,
            "extra_turn" => self.extra_turn = value.parse()?,
            "first_move_extra_turn" => self.first_move_extra_turn = parse_bool(field, value)?,
            "min_seeds" => self.min_seeds = parse_small(field, value)?,
            "must_feed" => self.must_feed = parse_bool(field, value)?,
            "unfed" => self.unfed = value.parse()?,
            "grand_slam" => self.grand_slam = value.parse()?,
            "capture" => self.capture = value.parse()?,
            "capture_from" => self.capture_from = value.parse()?,
            "capture_empty_opposite" => self.capture_empty_opposite = parse_bool(field, value)?,
            "capture_counts" => self.capture_counts = value.parse()?,
            "capture_side" => self.capture_side = value.parse()?,
            "chain" => self.chain = parse_bool(field, value)?,
            "no_capture_moves" => {
                self.no_capture_moves = value.parse().map_err(|_| RuleError::InvalidValue {
                    field,
                    value: value.to_string(),
                    reason: "expected a whole number of moves".into(),
                })?
            }
            "end" => self.end = value.parse()?,
            "leftover" => self.leftover = value.parse()?,
            "cycle_leftover" => {
                self.cycle_leftover = value.parse().map_err(|e| match e {
                    RuleError::UnknownValue {
                        value, expected, ..
                    } => RuleError::UnknownValue {
                        field: "cycle_leftover",
                        value,
                        expected,
                    },
                    other => other,
                })?
            }
            "pie_rule" => self.pie_rule = parse_bool(field, value)?,
            _ => unreachable!("every dimension is matched above"),
        }
        Ok(())
    }

    /// Reads a rule set from TOML text and validates it.
    ///
    /// # Errors
    ///
    /// [`RuleError::Syntax`] for text that is not TOML of the rule-file
    /// shape (unknown keys included), otherwise as [`RuleSet::validate`].
    #[cfg(feature = "toml")]
    pub fn from_toml(text: &str) -> Result<RuleSet, RuleError> {
        let file: RuleFile = toml::from_str(text).map_err(|e| {
            // The parser's message names no place; add the line and its text.
            let place = e.span().map(|span| {
                let line = text[..span.start.min(text.len())].matches('\n').count();
                let content = text.lines().nth(line).unwrap_or("").trim();
                format!("line {} ({content}): ", line + 1)
            });
            RuleError::Syntax {
                format: "TOML",
                message: format!("{}{}", place.unwrap_or_default(), e.message().trim()),
            }
        })?;
        file.into_rule_set()
    }

    /// Writes the rule set as TOML, every dimension spelt out.
    #[cfg(feature = "toml")]
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a rule set is always representable as TOML")
    }

    /// Reads a rule set from JSON text and validates it.
    ///
    /// # Errors
    ///
    /// [`RuleError::Syntax`] for text that is not JSON of the rule-file
    /// shape (unknown keys included), otherwise as [`RuleSet::validate`].
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<RuleSet, RuleError> {
        let file: RuleFile = serde_json::from_str(text).map_err(|e| RuleError::Syntax {
            format: "JSON",
            message: e.to_string(),
        })?;
        file.into_rule_set()
    }

    /// Writes the rule set as pretty-printed JSON, every dimension spelt out.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a rule set is always representable as JSON")
    }
}

fn parse_small(field: &'static str, value: &str) -> Result<u8, RuleError> {
    value.parse::<u8>().map_err(|_| RuleError::InvalidValue {
        field,
        value: value.to_string(),
        reason: format!("expected a whole number from 0 to {}", u8::MAX),
    })
}

fn parse_bool(field: &'static str, value: &str) -> Result<bool, RuleError> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(RuleError::InvalidValue {
            field,
            value: value.to_string(),
            reason: "expected true or false".into(),
        }),
    }
}

/// The shape of a rule file: every dimension optional, plus the base preset.
/// Numbers are read wide so that an out-of-range value gets our own error
/// naming the field instead of a type error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleFile {
    preset: Option<String>,
    players: Option<u64>,
    houses: Option<u64>,
    seeds: Option<u64>,
    stores_sown: Option<StoresSown>,
    origin: Option<Origin>,
    extra_turn: Option<ExtraTurn>,
    first_move_extra_turn: Option<bool>,
    min_seeds: Option<u64>,
    must_feed: Option<bool>,
    unfed: Option<Unfed>,
    grand_slam: Option<GrandSlam>,
    capture: Option<Capture>,
    capture_from: Option<CaptureFrom>,
    capture_empty_opposite: Option<bool>,
    capture_counts: Option<Vec<u64>>,
    capture_side: Option<CaptureSide>,
    chain: Option<bool>,
    no_capture_moves: Option<u64>,
    end: Option<EndSet>,
    leftover: Option<Leftover>,
    cycle_leftover: Option<Leftover>,
    pie_rule: Option<bool>,
}

impl RuleFile {
    fn into_rule_set(self) -> Result<RuleSet, RuleError> {
        let mut rules = match &self.preset {
            Some(name) => name.parse::<Preset>()?.rules(),
            None => RuleSet::default(),
        };
        let small = |field: &'static str, value: u64| {
            u8::try_from(value).map_err(|_| RuleError::InvalidValue {
                field,
                value: value.to_string(),
                reason: format!("expected a whole number from 0 to {}", u8::MAX),
            })
        };
        if let Some(v) = self.players {
            rules.players = small("players", v)?;
        }
        if let Some(v) = self.houses {
            rules.houses = small("houses", v)?;
        }
        if let Some(v) = self.seeds {
            rules.seeds = small("seeds", v)?;
        }
        if let Some(v) = self.min_seeds {
            rules.min_seeds = small("min_seeds", v)?;
        }
        if let Some(v) = self.no_capture_moves {
            rules.no_capture_moves = u32::try_from(v).map_err(|_| RuleError::InvalidValue {
                field: "no_capture_moves",
                value: v.to_string(),
                reason: format!("expected at most {}", u32::MAX),
            })?;
        }
        if let Some(counts) = self.capture_counts {
            let mut set = CountSet::EMPTY;
            for c in counts {
                set.insert(small("capture_counts", c)?);
            }
            rules.capture_counts = set;
        }
        macro_rules! copy {
            ($($field:ident),*) => { $( if let Some(v) = self.$field { rules.$field = v; } )* };
        }
        copy!(
            stores_sown,
            origin,
            extra_turn,
            first_move_extra_turn,
            must_feed,
            unfed,
            grand_slam,
            capture,
            capture_from,
            capture_empty_opposite,
            capture_side,
            chain,
            end,
            leftover,
            cycle_leftover,
            pie_rule
        );
        rules.validate()?;
        Ok(rules)
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    /// Reads the rule-file shape (see [`RuleSet`]) and validates it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RuleFile::deserialize(deserializer)?
            .into_rule_set()
            .map_err(serde::de::Error::custom)
    }
}
