//! The set-valued dimensions: `end` (an [`EndSet`]), the seed counts
//! of the captures (a [`CountSet`]) and the houses of `direction_choice`
//! (a [`HouseSet`]), as bitsets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::MAX_HOUSES;
use super::values::EndCondition;
use crate::error::{InvalidReason, RuleError};

impl EndCondition {
    /// The condition's bit in an [`EndSet`].
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

    /// The counts of the set under 64, bit `c` for count `c` (for the
    /// playout loop, in a game of fewer seeds: one word in a register,
    /// not a word picked by the count).
    pub(crate) const fn below_64(self) -> u64 {
        self.0[0]
    }

    /// The set less the count 0 (for the playout loop: a test of one
    /// count where 0 stands for none).
    pub(crate) const fn without_zero(self) -> CountSet {
        let mut words = self.0;
        words[0] &= !1;
        CountSet(words)
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

/// A set of house numbers (1 to 16, from each side's house 1), used by
/// `direction_choice`: the same houses on every side. In files a list
/// such as `[3]`, on the command line `3` or `1,2,3`.
///
/// # Examples
///
/// ```
/// use mancala_core::HouseSet;
///
/// let houses: HouseSet = "1,3".parse()?;
/// assert!(houses.contains(3));
/// assert!(!houses.contains(2));
/// assert_eq!(houses.to_string(), "1,3");
/// assert!("0".parse::<HouseSet>().is_err());
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HouseSet(u16);

impl HouseSet {
    /// The empty set.
    pub const EMPTY: HouseSet = HouseSet(0);

    /// A set holding the given house numbers; numbers outside `1..=16`
    /// are left out.
    pub const fn of(houses: &[u8]) -> HouseSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < houses.len() {
            let h = houses[i];
            if h >= 1 && h as usize <= MAX_HOUSES {
                bits |= 1 << (h - 1);
            }
            i += 1;
        }
        HouseSet(bits)
    }

    /// Whether house `number` (from 1) is in the set.
    pub const fn contains(self, number: u8) -> bool {
        number >= 1 && number as usize <= MAX_HOUSES && self.0 >> (number - 1) & 1 == 1
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many houses the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The houses as bits: bit `h` for house `h + 1`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The house numbers in the set, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=MAX_HOUSES as u8).filter(move |&h| self.contains(h))
    }

    /// Adds house `number` (1 to 16).
    ///
    /// # Errors
    ///
    /// [`RuleError::InvalidValue`] (reason [`InvalidReason::NoSuchHouse`])
    /// for a number outside `1..=16`.
    pub fn insert(&mut self, number: u64) -> Result<(), RuleError> {
        match u8::try_from(number) {
            Ok(h) if h >= 1 && usize::from(h) <= MAX_HOUSES => {
                self.0 |= 1 << (h - 1);
                Ok(())
            }
            _ => Err(RuleError::InvalidValue {
                field: "direction_choice",
                value: number.to_string(),
                reason: InvalidReason::NoSuchHouse,
            }),
        }
    }
}

impl fmt::Debug for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.iter())
    }
}

impl FromStr for HouseSet {
    type Err = RuleError;

    /// Parses a comma-separated list of house numbers; an empty string
    /// is the empty set.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        let mut set = HouseSet::EMPTY;
        for item in split_list(s) {
            let number = item.parse::<u64>().map_err(|_| RuleError::InvalidValue {
                field: "direction_choice",
                value: item.to_string(),
                reason: InvalidReason::NoSuchHouse,
            })?;
            set.insert(number)?;
        }
        Ok(set)
    }
}

impl Serialize for HouseSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for HouseSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut set = HouseSet::EMPTY;
        for h in Vec::<u64>::deserialize(deserializer)? {
            set.insert(h).map_err(serde::de::Error::custom)?;
        }
        Ok(set)
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
