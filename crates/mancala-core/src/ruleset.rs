//! The rule language: one [`RuleSet`] value per game, one field per rule
//! dimension of the specification.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{InvalidReason, RuleError};
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

        impl Dimension for $name {
            type File = $name;

            fn from_text(field: &'static str, text: &str) -> Result<Self, RuleError> {
                text.parse().map_err(|e| for_field(e, field))
            }

            fn from_file(_: &'static str, value: $name) -> Result<Self, RuleError> {
                Ok(value)
            }
        }
    };
}

rule_enum! {
    /// Which way the seeds travel round the board (`direction`).
    Direction("direction") {
        /// Counter-clockwise, the way the turn passes (Kalah, Oware).
        Ccw = "ccw",
        /// Clockwise (Songo, Vai Lung Thlan, Ot-tjin): the mirror image of a
        /// counter-clockwise board, every rule read in sowing order.
        Cw = "cw",
        /// By the number of seeds lifted: an odd count sows clockwise, an
        /// even one counter-clockwise (Cross-Kalah).
        Parity = "parity",
    }
}

impl Direction {
    /// Whether a sowing of `seeds` seeds runs against the board's order
    /// (from a house to the one numbered one lower, and from a side's
    /// house 1 to the previous side): only an odd count under `parity`.
    /// Under `cw` the board is numbered in clockwise sowing order, so its
    /// sowings, like `ccw`'s, run in the board's order (docs/rules.md
    /// section 3).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Direction;
    ///
    /// assert!(Direction::Parity.reverses(3));
    /// assert!(!Direction::Parity.reverses(4));
    /// assert!(!Direction::Cw.reverses(3));
    /// ```
    pub const fn reverses(self, seeds: u8) -> bool {
        matches!(self, Direction::Parity) && seeds % 2 == 1
    }
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
        /// As `first`, except that a house holding a single seed sends it on
        /// to the next cup (Toguz Kumalak).
        FirstUnlessSingle = "first_unless_single",
    }
}

rule_enum! {
    /// Whether a sowing goes on from where it ended (`relay`, docs/rules.md
    /// section 3).
    Relay("relay") {
        /// The sowing ends when the hand is empty.
        None = "none",
        /// The last seed lands in a house that held seeds: lift them all and
        /// sow on from the next cup (Ayoayo, Dakon, Congkak).
        Last = "last",
        /// The cup after the last one is a house holding seeds: lift them and
        /// sow on from the cup after it; an empty one ends the sowing
        /// (Pallanguzhi family).
        Next = "next",
    }
}

rule_enum! {
    /// On whose side a house may be lifted to relay a sowing (`relay_on`).
    RelayOn("relay_on") {
        /// Any side.
        Any = "any",
        /// The mover's own side only.
        Own = "own",
        /// The other sides only.
        Opponent = "opponent",
    }
}

rule_enum! {
    /// What happens when the player to move has no legal move (`no_move`,
    /// docs/rules.md section 7).
    NoMove("no_move") {
        /// The game ends.
        End = "end",
        /// The player is skipped; the game ends when no player can move.
        Pass = "pass",
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
        /// The house after the one the last seed fell in is taken.
        Next = "next",
        /// Capture across the gap (Pallanguzhi family): the house after the
        /// last one is empty, the house beyond that empty one is taken.
        Gap = "gap",
    }
}

rule_enum! {
    /// Who takes a house that a sowing capture takes (`sow_capture_by`).
    SowCaptureBy("sow_capture_by") {
        /// The house's owner (Pallanguzhi's pasu).
        Owner = "owner",
        /// The player who is sowing.
        Sower = "sower",
    }
}

rule_enum! {
    /// Whose houses an opposite capture takes with 3 or 4 players (`capture_from`).
    CaptureFrom("capture_from") {
        /// The next seat in turn order, counter-clockwise (clockwise under
        /// `direction = cw`; with 2 players: the opponent).
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
        /// Every seed goes to the player who moved last.
        LastMover = "last_mover",
        /// Shared equally; the seeds that cannot be shared go one each to
        /// the players with the lowest scores.
        SplitPoorer = "split_poorer",
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

    /// [`CountSet::contains`] through a reference: the engine's capture
    /// test, which would otherwise copy the set to the stack to index it.
    #[inline]
    pub(crate) const fn holds(&self, count: u8) -> bool {
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
                reason: InvalidReason::NotSeedCount,
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

/// Generates everything that lists the rule dimensions from the one table
/// below: the [`RuleSet`] struct, [`DIMENSIONS`], the defaults, the
/// dispatch of [`RuleSet::set`] and the rule-file shape. How a value is read
/// from text or from a file is up to its type (see [`Dimension`]).
macro_rules! rule_dimensions {
    (
        $(#[$meta:meta])*
        pub struct RuleSet {
            $( $(#[doc = $doc:literal])* $field:ident : $ty:ty = $default:expr ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub struct RuleSet {
            $( $(#[doc = $doc])* pub $field: $ty, )+
        }

        /// The names of every rule dimension, in specification order.
        pub const DIMENSIONS: &[&str] = &[$(stringify!($field)),+];

        /// The defaults of docs/rules.md section 9 for every dimension, on a
        /// 2-player Kalah board: what a preset does not name.
        pub(crate) const DEFAULTS: RuleSet = RuleSet { $($field: $default),+ };

        impl RuleSet {
            /// Calls `f` with every dimension's name and value, in
            /// [`DIMENSIONS`] order; values display as `set` reads them.
            pub(crate) fn for_each_dimension(&self, mut f: impl FnMut(&'static str, &dyn fmt::Display)) {
                $( f(stringify!($field), &self.$field); )+
            }

            /// Sets the dimension `field` (one of [`DIMENSIONS`]) from text.
            fn set_dimension(&mut self, field: &'static str, value: &str) -> Result<(), RuleError> {
                match field {
                    $( stringify!($field) => self.$field = <$ty as Dimension>::from_text(field, value)?, )+
                    _ => unreachable!("{field} is one of DIMENSIONS"),
                }
                Ok(())
            }
        }

        /// The shape of a rule file: every dimension optional, plus the base
        /// preset. Numbers are read wide so that an out-of-range value gets
        /// our own error naming the field instead of a type error.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RuleFile {
            preset: Option<String>,
            $( $field: Option<<$ty as Dimension>::File>, )+
        }

        impl RuleFile {
            /// Writes every dimension the file names over `rules`.
            fn apply(self, rules: &mut RuleSet) -> Result<(), RuleError> {
                $(
                    if let Some(v) = self.$field {
                        rules.$field = <$ty as Dimension>::from_file(stringify!($field), v)?;
                    }
                )+
                Ok(())
            }
        }
    };
}

rule_dimensions! {
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
    /// On one line the same is a spec, `kalah,seeds=6,capture_empty_opposite=true`
    /// ([`RuleSet::from_spec`]); [`RuleSet::canonical`] writes every
    /// dimension that way.
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
    pub struct RuleSet {
        /// Number of players, 2 to 4.
        players: u8 = 2,
        /// Houses per player, 1 to 16.
        houses: u8 = 6,
        /// Seeds in every house at the start.
        seeds: u8 = 4,
        /// Which way the seeds travel: counter-clockwise, clockwise, or by
        /// the parity of the seeds lifted.
        direction: Direction = Direction::Ccw,
        /// Which stores lie on the sowing track.
        stores_sown: StoresSown = StoresSown::Own,
        /// What happens to the origin house during sowing.
        origin: Origin = Origin::Include,
        /// Which store landing earns another move.
        extra_turn: ExtraTurn = ExtraTurn::OwnStore,
        /// When false, the very first move of the game never earns an extra turn.
        first_move_extra_turn: bool = true,
        /// Relay sowing: whether and where a sowing goes on after its last seed.
        relay: Relay = Relay::None,
        /// Relay sowing: on whose side a house may be lifted.
        relay_on: RelayOn = RelayOn::Any,
        /// Relay sowing: the most lifts a move makes; one more ends the move
        /// at once, with no capture and no extra turn (1 to 255).
        relay_limit: u8 = 64,
        /// Relay sowing: a leg whose last seed would capture (section 5)
        /// captures there and ends the move instead of relaying (Ot-tjin).
        capture_ends_relay: bool = false,
        /// The fewest seeds a house must hold to be moved (2 in Modiar).
        min_seeds: u8 = 1,
        /// A player must leave seeds on an empty opponent's side if they can.
        must_feed: bool = false,
        /// What happens when no move can feed (with `must_feed`).
        unfed: Unfed = Unfed::AnyMove,
        /// How a grand slam is treated.
        grand_slam: GrandSlam = GrandSlam::Allowed,
        /// The capture family.
        capture: Capture = Capture::Opposite,
        /// Whose houses an opposite capture takes with 3 or 4 players.
        capture_from: CaptureFrom = CaptureFrom::Next,
        /// Opposite capture: the lone last seed goes to the store even when the
        /// target houses are empty.
        capture_empty_opposite: bool = false,
        /// Count capture: the counts that capture (`{2, 3}` in Oware).
        capture_counts: CountSet = CountSet::EMPTY,
        /// Count capture: on whose side a house may be captured.
        capture_side: CaptureSide = CaptureSide::Opponent,
        /// Count capture: also capture the qualifying houses before the last
        /// one; gap capture: go on across further gaps.
        chain: bool = false,
        /// Gap capture: also take the house opposite the one taken (Ali Guli Mane).
        gap_opposite: bool = false,
        /// A house that a seed of the sowing (not the last) brings to one of
        /// these counts is taken at once (Pallanguzhi: 4).
        sow_capture_counts: CountSet = CountSet::EMPTY,
        /// Who takes a house taken while sowing.
        sow_capture_by: SowCaptureBy = SowCaptureBy::Owner,
        /// A capture by the last seed earns another move.
        capture_extra_turn: bool = false,
        /// With `capture_extra_turn`: the most extra moves captures earn
        /// the mover in one turn, 0 for no limit (Ali Guli Mane: 1).
        capture_extra_turn_limit: u8 = 0,
        /// The first this many moves of the game capture nothing.
        no_capture_moves: u32 = 0,
        /// Toguz Kumalak's tuzdyk: once a game, a last seed that brings an
        /// opponent's house to `tuzdyk_count` turns it into the mover's own
        /// tuzdyk, whose seeds go to its owner (two players only).
        tuzdyk: bool = false,
        /// The count a last seed must bring a house to to make it a tuzdyk.
        tuzdyk_count: u8 = 3,
        /// The ways the game ends (besides the player to move having no move).
        end: EndSet = EndSet::of(&[EndCondition::AnySideEmpty]),
        /// Where the seeds left on the board go when the game ends.
        leftover: Leftover = Leftover::Owner,
        /// Where the seeds left on the board go when an endless cycle ends the game.
        cycle_leftover: Leftover = Leftover::Owner,
        /// What a player with no legal move does: end the game, or pass.
        no_move: NoMove = NoMove::End,
        /// The second player may swap sides instead of their first move.
        pie_rule: bool = false,
    }
}

impl Default for RuleSet {
    /// Standard Kalah: 2 players, 6 houses, 4 seeds.
    fn default() -> Self {
        Preset::Kalah.rules()
    }
}

impl RuleSet {
    /// Checks that the engine can play these rules.
    ///
    /// # Errors
    ///
    /// A [`RuleError`] naming the first field (and its value) that cannot be
    /// played: a player count outside 2..=4, a house count outside 1..=16, no
    /// seeds, more than 255 seeds in all, `min_seeds` 0, `relay_limit` 0,
    /// relay sowing with `direction = parity`, `capture_ends_relay`
    /// without relay sowing, `capture_extra_turn_limit` without
    /// `capture_extra_turn`, a count capture without
    /// counts, a count of 0 in `capture_counts` or `sow_capture_counts`, a
    /// two-player rule (count capture, `gap_opposite` with a gap capture,
    /// `must_feed`, a `grand_slam` other than `allowed`, `pie_rule`,
    /// `tuzdyk`) with 3 or 4 players, a `tuzdyk` with `tuzdyk_count` 0, a
    /// `grand_slam` other than `allowed`, relay sowing or captures while
    /// sowing, or `empty_first` together with `any_side_empty`.
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
        let invalid = |field: &'static str, value: String, reason| {
            Err(RuleError::InvalidValue {
                field,
                value,
                reason,
            })
        };
        if !(2..=MAX_PLAYERS).contains(&usize::from(self.players)) {
            return invalid("players", self.players.to_string(), InvalidReason::Players);
        }
        if !(1..=MAX_HOUSES).contains(&usize::from(self.houses)) {
            return invalid("houses", self.houses.to_string(), InvalidReason::Houses);
        }
        if self.seeds == 0 {
            return invalid("seeds", "0".into(), InvalidReason::NoSeeds);
        }
        let total = self.total_seeds();
        if total > MAX_SEEDS {
            return Err(RuleError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        if self.min_seeds == 0 {
            return invalid("min_seeds", "0".into(), InvalidReason::MinSeeds);
        }
        if self.relay_limit == 0 {
            return invalid("relay_limit", "0".into(), InvalidReason::RelayLimit);
        }
        if self.relay != Relay::None && self.direction == Direction::Parity {
            return invalid("direction", "parity".into(), InvalidReason::RelayWithParity);
        }
        if self.capture_ends_relay && self.relay == Relay::None {
            let reason = InvalidReason::CaptureEndsRelayWithoutRelay;
            return invalid("capture_ends_relay", "true".into(), reason);
        }
        if self.capture_extra_turn_limit > 0 && !self.capture_extra_turn {
            let value = self.capture_extra_turn_limit.to_string();
            let reason = InvalidReason::CaptureTurnLimitWithoutCaptureTurn;
            return invalid("capture_extra_turn_limit", value, reason);
        }
        if self.capture == Capture::Count {
            if self.capture_counts.is_empty() {
                return invalid(
                    "capture_counts",
                    "[]".into(),
                    InvalidReason::NoCaptureCounts,
                );
            }
            if self.capture_counts.contains(0) {
                return invalid(
                    "capture_counts",
                    "0".into(),
                    InvalidReason::CaptureCountZero,
                );
            }
        }
        if self.sow_capture_counts.contains(0) {
            let reason = InvalidReason::CaptureCountZero;
            return invalid("sow_capture_counts", "0".into(), reason);
        }
        self.validate_two_player()?;
        self.validate_tuzdyk()?;
        if self.end.contains(EndCondition::EmptyFirst)
            && self.end.contains(EndCondition::AnySideEmpty)
        {
            return invalid("end", self.end.to_string(), InvalidReason::EndsDisagree);
        }
        Ok(())
    }

    /// Refuses a tuzdyk the engine cannot play (docs/rules.md section 14):
    /// one made by no seed at all, together with a `grand_slam` rule other
    /// than `allowed` (making a tuzdyk is no capture the grand-slam rule
    /// judges), or with relay sowing or captures while sowing (whose
    /// seeds would pass a tuzdyk before it pays its owner).
    fn validate_tuzdyk(&self) -> Result<(), RuleError> {
        if !self.tuzdyk {
            return Ok(());
        }
        let (field, value, reason) = if self.tuzdyk_count == 0 {
            ("tuzdyk_count", "0".to_string(), InvalidReason::TuzdykCount)
        } else if self.grand_slam != GrandSlam::Allowed {
            let value = self.grand_slam.name().to_string();
            ("grand_slam", value, InvalidReason::TuzdykGrandSlam)
        } else if self.relay != Relay::None {
            (
                "relay",
                self.relay.name().to_string(),
                InvalidReason::TuzdykSowing,
            )
        } else if !self.sow_capture_counts.is_empty() {
            let value = self.sow_capture_counts.to_string();
            ("sow_capture_counts", value, InvalidReason::TuzdykSowing)
        } else {
            return Ok(());
        };
        Err(RuleError::InvalidValue {
            field,
            value,
            reason,
        })
    }

    /// Refuses a two-player rule with 3 or 4 players.
    fn validate_two_player(&self) -> Result<(), RuleError> {
        if self.players <= 2 {
            return Ok(());
        }
        let two_player = [
            ("capture", self.capture == Capture::Count, "count"),
            (
                "gap_opposite",
                self.gap_opposite && self.capture == Capture::Gap,
                "true",
            ),
            ("must_feed", self.must_feed, "true"),
            (
                "grand_slam",
                self.grand_slam != GrandSlam::Allowed,
                self.grand_slam.name(),
            ),
            ("pie_rule", self.pie_rule, "true"),
            ("tuzdyk", self.tuzdyk, "true"),
        ];
        match two_player.iter().find(|(_, on, _)| *on) {
            Some((field, _, value)) => Err(RuleError::TwoPlayerRule {
                field,
                value: value.to_string(),
                players: self.players,
            }),
            None => Ok(()),
        }
    }

    /// Total seeds in play at the start.
    pub fn total_seeds(&self) -> usize {
        usize::from(self.players) * usize::from(self.houses) * usize::from(self.seeds)
    }

    /// Whether every game under these rules ends after finitely many moves.
    ///
    /// True when every move makes progress: stores are on the track (so any
    /// seed leaving a side passes its owner's store), no move can put its
    /// seeds straight back (`origin = first` with `min_seeds` 1 can) and the
    /// seeds always travel the same way (not `direction = parity`), or when
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
        if !crate::implied::makes_progress(self) {
            return None;
        }
        let seeds = self.total_seeds() as u64;
        Some(crate::implied::sowing_bound(seeds, u64::from(self.houses)) + 1)
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
        self.set_dimension(field, value.trim())
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

    /// Reads the text of a rule file named `name`: JSON when the name ends
    /// in `.json` (in any case), TOML otherwise. Reading the file is the
    /// caller's business; this only picks the format.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::from_json`] or [`RuleSet::from_toml`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::path::Path;
    /// use mancala_core::RuleSet;
    ///
    /// let json = RuleSet::from_file_text(Path::new("my.JSON"), r#"{"preset": "oware"}"#)?;
    /// let toml = RuleSet::from_file_text(Path::new("rules/my"), "preset = \"oware\"")?;
    /// assert_eq!(json, toml);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    #[cfg(all(feature = "toml", feature = "json"))]
    pub fn from_file_text(name: &std::path::Path, text: &str) -> Result<RuleSet, RuleError> {
        let is_json = name
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if is_json {
            RuleSet::from_json(text)
        } else {
            RuleSet::from_toml(text)
        }
    }
}

/// How one rule dimension's type is read: from `--set`-style text, and
/// from its rule-file representation.
trait Dimension: Sized {
    /// What a rule file holds for it (numbers wide, so that an
    /// out-of-range value is our error naming the field).
    type File: for<'de> Deserialize<'de>;

    /// Parses text (already trimmed) for the dimension `field`.
    fn from_text(field: &'static str, text: &str) -> Result<Self, RuleError>;

    /// Converts the rule file's value for the dimension `field`.
    fn from_file(field: &'static str, value: Self::File) -> Result<Self, RuleError>;
}

impl Dimension for u8 {
    type File = u64;

    fn from_text(field: &'static str, text: &str) -> Result<u8, RuleError> {
        text.parse::<u8>().map_err(|_| small_error(field, text))
    }

    fn from_file(field: &'static str, value: u64) -> Result<u8, RuleError> {
        u8::try_from(value).map_err(|_| small_error(field, &value.to_string()))
    }
}

fn small_error(field: &'static str, value: &str) -> RuleError {
    RuleError::InvalidValue {
        field,
        value: value.to_string(),
        reason: InvalidReason::NotSmallNumber,
    }
}

impl Dimension for u32 {
    type File = u64;

    fn from_text(field: &'static str, text: &str) -> Result<u32, RuleError> {
        text.parse().map_err(|_| RuleError::InvalidValue {
            field,
            value: text.to_string(),
            reason: InvalidReason::NotMoveCount,
        })
    }

    fn from_file(field: &'static str, value: u64) -> Result<u32, RuleError> {
        u32::try_from(value).map_err(|_| RuleError::InvalidValue {
            field,
            value: value.to_string(),
            reason: InvalidReason::TooManyMoves,
        })
    }
}

impl Dimension for bool {
    type File = bool;

    fn from_text(field: &'static str, text: &str) -> Result<bool, RuleError> {
        match text.to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" => Ok(false),
            _ => Err(RuleError::InvalidValue {
                field,
                value: text.to_string(),
                reason: InvalidReason::NotBool,
            }),
        }
    }

    fn from_file(_: &'static str, value: bool) -> Result<bool, RuleError> {
        Ok(value)
    }
}

impl Dimension for EndSet {
    type File = EndSet;

    fn from_text(field: &'static str, text: &str) -> Result<EndSet, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(_: &'static str, value: EndSet) -> Result<EndSet, RuleError> {
        Ok(value)
    }
}

impl Dimension for CountSet {
    type File = Vec<u64>;

    fn from_text(field: &'static str, text: &str) -> Result<CountSet, RuleError> {
        text.parse().map_err(|e| for_field(e, field))
    }

    fn from_file(field: &'static str, value: Vec<u64>) -> Result<CountSet, RuleError> {
        let mut set = CountSet::EMPTY;
        for c in value {
            set.insert(u8::from_file(field, c)?);
        }
        Ok(set)
    }
}

/// Names `field` in an unknown-value error: one enum serves two dimensions
/// (`leftover` and `cycle_leftover`), and the error should name the one set.
fn for_field(error: RuleError, field: &'static str) -> RuleError {
    match error {
        RuleError::UnknownValue {
            value, expected, ..
        } => RuleError::UnknownValue {
            field,
            value,
            expected,
        },
        RuleError::InvalidValue { value, reason, .. } => RuleError::InvalidValue {
            field,
            value,
            reason,
        },
        other => other,
    }
}

impl RuleFile {
    fn into_rule_set(self) -> Result<RuleSet, RuleError> {
        let mut rules = match &self.preset {
            Some(name) => name.parse::<Preset>()?.rules(),
            None => RuleSet::default(),
        };
        self.apply(&mut rules)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(result: Result<(), RuleError>) -> InvalidReason {
        match result {
            Err(RuleError::InvalidValue { reason, .. }) => reason,
            other => panic!("not an invalid value: {other:?}"),
        }
    }

    #[test]
    fn invalid_values_say_why_as_values() {
        let kalah = Preset::Kalah.rules();
        let oware = Preset::Oware.rules();
        let check = |set: RuleSet| reason(set.validate());
        assert_eq!(
            check(RuleSet {
                players: 5,
                ..kalah
            }),
            InvalidReason::Players
        );
        assert_eq!(check(RuleSet { houses: 0, ..kalah }), InvalidReason::Houses);
        assert_eq!(check(RuleSet { seeds: 0, ..kalah }), InvalidReason::NoSeeds);
        assert_eq!(
            check(RuleSet {
                min_seeds: 0,
                ..kalah
            }),
            InvalidReason::MinSeeds
        );
        let counts = |c: &[u8]| RuleSet {
            capture_counts: CountSet::of(c),
            ..oware
        };
        assert_eq!(check(counts(&[])), InvalidReason::NoCaptureCounts);
        assert_eq!(check(counts(&[0, 2])), InvalidReason::CaptureCountZero);
        assert_eq!(
            counts(&[1]).validate(),
            Ok(()),
            "Vai Lung Thlan captures on 1"
        );
        let sow = RuleSet {
            sow_capture_counts: CountSet::of(&[0, 4]),
            ..kalah
        };
        assert_eq!(check(sow), InvalidReason::CaptureCountZero);
        let stop = RuleSet {
            capture_ends_relay: true,
            ..kalah
        };
        assert_eq!(check(stop), InvalidReason::CaptureEndsRelayWithoutRelay);
        let relayed = RuleSet {
            relay: Relay::Last,
            ..stop
        };
        assert_eq!(relayed.validate(), Ok(()));
        let end = EndSet::of(&[EndCondition::EmptyFirst, EndCondition::AnySideEmpty]);
        assert_eq!(check(RuleSet { end, ..kalah }), InvalidReason::EndsDisagree);

        let mut set = kalah;
        assert_eq!(
            reason(set.set("seeds", "many")),
            InvalidReason::NotSmallNumber
        );
        assert_eq!(reason(set.set("chain", "maybe")), InvalidReason::NotBool);
        assert_eq!(
            reason(set.set("capture_counts", "x")),
            InvalidReason::NotSeedCount
        );
        assert_eq!(
            reason(set.set("no_capture_moves", "-1")),
            InvalidReason::NotMoveCount
        );
        #[cfg(feature = "toml")]
        assert_eq!(
            reason(RuleSet::from_toml("no_capture_moves = 5000000000").map(drop)),
            InvalidReason::TooManyMoves
        );
    }
}
