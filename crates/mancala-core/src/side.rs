//! [`Side`]: a side of the board, and [`BySide`]: one value per side.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ruleset::MAX_PLAYERS;

/// A side of the board: 0 to `players - 1`, counter-clockwise (clockwise
/// under `direction = cw`, whose board is mirrored); side 0 moves first.
///
/// A `Side` is always below [`MAX_PLAYERS`], so it can index a
/// [`BySide`]; whether the side is in a given game is for the rules to
/// say ([`Rules::sides`](crate::Rules::sides)). Sides are board sides:
/// under the pie rule the players may trade them (see
/// [`Position::player_of`](crate::Position::player_of)). It prints, and
/// serialises, as its number.
///
/// # Examples
///
/// ```
/// use mancala_core::Side;
///
/// let side = Side::new(1);
/// assert_eq!(side.index(), 1);
/// assert_eq!(side.to_string(), "1");
/// assert_eq!(Side::try_new(4), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side(u8);

impl Side {
    /// Side `index`.
    ///
    /// # Panics
    ///
    /// If `index` is not below [`MAX_PLAYERS`].
    #[inline]
    pub const fn new(index: usize) -> Side {
        assert!(
            index < MAX_PLAYERS,
            "Side::new: the index is not below MAX_PLAYERS (4)"
        );
        Side(index as u8)
    }

    /// Side `index`, or `None` if `index` is not below [`MAX_PLAYERS`].
    #[inline]
    pub const fn try_new(index: usize) -> Option<Side> {
        if index < MAX_PLAYERS {
            Some(Side(index as u8))
        } else {
            None
        }
    }

    /// Side `index`, which the caller knows to be below [`MAX_PLAYERS`]
    /// (a checked rule set or position): no check on the hot path but in
    /// debug builds.
    #[inline]
    pub(crate) const fn trusted(index: u8) -> Side {
        debug_assert!((index as usize) < MAX_PLAYERS, "a trusted side is a side");
        Side(index)
    }

    /// The side's number, 0 to [`MAX_PLAYERS`]` - 1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<Side> for usize {
    #[inline]
    fn from(side: Side) -> usize {
        side.index()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Serialize for Side {
    /// Serialises as its number.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Side {
    /// Reads a number below [`MAX_PLAYERS`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let index = usize::deserialize(deserializer)?;
        Side::try_new(index).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "side {index} does not exist (sides are 0 to {})",
                MAX_PLAYERS - 1
            ))
        })
    }
}

/// One `T` for every side there can be ([`MAX_PLAYERS`]), indexed by
/// [`Side`]. Entries past the players of a game are there but unused.
///
/// # Examples
///
/// ```
/// use mancala_core::{BySide, Side};
///
/// let mut seeds = BySide::new(0u8);
/// seeds[Side::new(1)] = 5;
/// assert_eq!(seeds[Side::new(1)], 5);
/// assert_eq!(seeds.as_slice()[..2], [0, 5]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T>([T; MAX_PLAYERS]);

impl<T> BySide<T> {
    /// `fill` for every side.
    pub const fn new(fill: T) -> BySide<T>
    where
        T: Copy,
    {
        BySide([fill; MAX_PLAYERS])
    }

    /// `f(side)` for every side, side 0 first.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide(std::array::from_fn(|i| f(Side::new(i))))
    }

    /// The values, side 0 first.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The values, side 0 first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values, side 0 first, each with its side.
    pub fn sides(&self) -> impl Iterator<Item = (Side, &T)> + '_ {
        self.0.iter().enumerate().map(|(i, v)| (Side::new(i), v))
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

impl<'a, T> IntoIterator for &'a BySide<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, MAX_PLAYERS>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_below_max_players_is_a_side() {
        for i in 0..MAX_PLAYERS {
            assert_eq!(Side::new(i).index(), i);
            assert_eq!(Side::try_new(i), Some(Side::new(i)));
            assert_eq!(usize::from(Side::new(i)), i);
        }
        assert_eq!(Side::try_new(MAX_PLAYERS), None);
        assert_eq!(Side::try_new(usize::MAX), None);
    }

    #[test]
    #[should_panic(expected = "the index is not below MAX_PLAYERS")]
    fn a_side_past_max_players_panics() {
        Side::new(MAX_PLAYERS);
    }

    #[test]
    fn sides_print_and_serialise_as_their_number() {
        assert_eq!(Side::new(3).to_string(), "3");
        assert_eq!(format!("{:>3}", Side::new(2)), "  2");
        assert_eq!(serde_json::to_string(&Side::new(2)).unwrap(), "2");
        assert_eq!(serde_json::from_str::<Side>("1").unwrap(), Side::new(1));
        let err = serde_json::from_str::<Side>("4").unwrap_err().to_string();
        assert!(err.contains("side 4 does not exist"), "{err}");
        assert!(serde_json::from_str::<Side>("-1").is_err());
    }

    #[test]
    fn sides_order_by_number() {
        assert!(Side::new(0) < Side::new(1));
        assert_eq!(Side::new(3).max(Side::new(2)), Side::new(3));
    }

    #[test]
    fn by_side_is_indexed_by_side() {
        let mut v = BySide::new(0u32);
        v[Side::new(2)] += 7;
        assert_eq!(v[Side::new(2)], 7);
        assert_eq!(v.as_slice(), [0, 0, 7, 0]);
        let w = BySide::from_fn(|s| s.index() * 10);
        assert_eq!(w.iter().copied().collect::<Vec<_>>(), [0, 10, 20, 30]);
        assert_eq!((&w).into_iter().sum::<usize>(), 60);
        assert_eq!(w.into_iter().max(), Some(30));
        let pairs: Vec<(Side, usize)> = w.sides().map(|(s, &v)| (s, v)).collect();
        assert_eq!(pairs[1], (Side::new(1), 10));
        assert_eq!(BySide::<u8>::default(), BySide::new(0));
    }
}
