//! Moves and their notation: house numbers from the mover's point of view,
//! and `swap`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::MoveParseError;
use crate::ruleset::MAX_HOUSES;

/// One move: sow a house, or swap sides under the pie rule.
///
/// Houses are numbered `1..=houses` from the mover's point of view, in
/// sowing order: house 1 is the furthest from the mover's store. The text
/// form is the number, or `swap`.
///
/// # Examples
///
/// ```
/// use mancala_core::Move;
///
/// let m: Move = "3".parse()?;
/// assert_eq!(m, Move::House(3));
/// assert_eq!(Move::Swap.to_string(), "swap");
/// assert_eq!("SWAP".parse::<Move>()?, Move::Swap);
/// assert!("0".parse::<Move>().is_err());
/// # Ok::<(), mancala_core::MoveParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow the house with this number (from 1).
    House(u8),
    /// Swap sides (pie rule).
    Swap,
}

impl Move {
    /// The bit of this move in a [`MoveList`], if it can be in one.
    pub(crate) const fn bit(self) -> Option<u32> {
        match self {
            Move::House(n) if n >= 1 && (n as usize) <= MAX_HOUSES => Some(1 << (n - 1)),
            Move::House(_) => None,
            Move::Swap => Some(MoveList::SWAP_BIT),
        }
    }

    /// The house number, or `None` for [`Move::Swap`].
    pub const fn house(self) -> Option<u8> {
        match self {
            Move::House(n) => Some(n),
            Move::Swap => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::House(n) => write!(f, "{n}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Self, MoveParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(Move::Swap);
        }
        match t.parse::<u8>() {
            Ok(n) if n >= 1 && t.bytes().all(|b| b.is_ascii_digit()) => Ok(Move::House(n)),
            _ => Err(MoveParseError::Move {
                text: s.to_string(),
            }),
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a list of moves separated by commas and/or whitespace, such as
/// `3,1,swap` or `3 1 swap`. An empty (or blank) string is the empty list.
///
/// # Errors
///
/// [`MoveParseError::InList`] naming the first bad move and its place in
/// the list (from 1), or [`MoveParseError::Empty`] naming the place of an
/// empty entry (two commas in a row, or a comma at either end): a list
/// such as `1,,2` is refused rather than read as `1,2`.
///
/// # Examples
///
/// ```
/// use mancala_core::{parse_moves, Move, MoveParseError};
///
/// assert_eq!(parse_moves("3, 6,swap")?, vec![Move::House(3), Move::House(6), Move::Swap]);
/// assert_eq!(parse_moves("")?, vec![]);
/// assert!(parse_moves("3,x").is_err());
/// assert_eq!(parse_moves("1,,2"), Err(MoveParseError::Empty { index: 2 }));
/// # Ok::<(), mancala_core::MoveParseError>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveParseError> {
    let mut moves = Vec::new();
    if text.trim().is_empty() {
        return Ok(moves);
    }
    for entry in text.split(',') {
        if entry.trim().is_empty() {
            return Err(MoveParseError::Empty {
                index: moves.len() + 1,
            });
        }
        for word in entry.split_whitespace() {
            let m = word.parse().map_err(|_| MoveParseError::InList {
                index: moves.len() + 1,
                text: word.to_string(),
            })?;
            moves.push(m);
        }
    }
    Ok(moves)
}

/// Writes moves as a comma-separated list, the form [`parse_moves`] reads.
///
/// # Examples
///
/// ```
/// use mancala_core::{format_moves, Move};
///
/// assert_eq!(format_moves(&[Move::House(3), Move::Swap]), "3,swap");
/// ```
pub fn format_moves(moves: &[Move]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&m.to_string());
    }
    out
}

/// The legal moves of a position: a small set, iterated in house order
/// with `swap` last. Copying it is free and it never allocates.
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let moves = Position::new(&rules).legal_moves();
/// assert_eq!(moves.len(), 6);
/// assert!(moves.contains(Move::House(6)));
/// assert_eq!(moves.iter().next(), Some(Move::House(1)));
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MoveList {
    mask: u32,
}

impl MoveList {
    /// The most moves a list can hold: one per house of the widest board
    /// ([`MAX_HOUSES`](crate::MAX_HOUSES)) and `swap`. Searches size their
    /// per-move arrays by it, so that they never allocate.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{MAX_HOUSES, MoveList};
    ///
    /// assert_eq!(MoveList::CAPACITY, MAX_HOUSES + 1);
    /// ```
    pub const CAPACITY: usize = MAX_HOUSES + 1;

    pub(crate) const SWAP_BIT: u32 = 1 << 31;

    pub(crate) const fn from_mask(mask: u32) -> MoveList {
        MoveList { mask }
    }

    /// Number of moves.
    #[inline]
    pub const fn len(self) -> usize {
        // Most boards have at most 8 houses and no swap: one table load
        // instead of the dozen instructions of a popcount on x86-64
        // targets without the `popcnt` instruction (the default).
        if self.mask <= 0xff {
            BYTE_COUNT[self.mask as usize] as usize
        } else {
            self.mask.count_ones() as usize
        }
    }

    /// Whether there are no moves.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// Whether `m` is in the list.
    #[inline]
    pub const fn contains(self, m: Move) -> bool {
        match m.bit() {
            Some(bit) => self.mask & bit != 0,
            None => false,
        }
    }

    /// The `index`-th move (from 0) in iteration order, if there is one.
    /// Picking `moves.get(rng % moves.len())` is a uniform random choice.
    #[inline]
    pub fn get(self, index: usize) -> Option<Move> {
        // A byte at a time, by table: no loop whose length is the index.
        let mut mask = self.mask;
        let mut index = index;
        let mut base = 0;
        while mask != 0 {
            let byte = (mask & 0xff) as usize;
            let count = usize::from(BYTE_COUNT[byte]);
            if index < count {
                return Some(Self::move_of_bit(
                    base + u32::from(BYTE_SELECT[byte][index]),
                ));
            }
            index -= count;
            mask >>= 8;
            base += 8;
        }
        None
    }

    #[inline]
    const fn move_of_bit(bit: u32) -> Move {
        if bit == 31 {
            Move::Swap
        } else {
            Move::House(bit as u8 + 1)
        }
    }

    /// Iterates over the moves: houses in increasing order, then `swap`.
    pub fn iter(self) -> MoveListIter {
        MoveListIter { mask: self.mask }
    }

    /// The moves as a vector.
    pub fn to_vec(self) -> Vec<Move> {
        self.iter().collect()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for MoveList {
    /// The moves comma-separated, e.g. `1,3,swap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_moves(&self.to_vec()))
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIter;

    fn into_iter(self) -> MoveListIter {
        self.iter()
    }
}

/// Set bits per byte value.
pub(crate) const BYTE_COUNT: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    table
};

/// Per byte value, the position of its `k`-th set bit.
pub(crate) const BYTE_SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Iterator over a [`MoveList`].
#[derive(Clone, Debug)]
pub struct MoveListIter {
    mask: u32,
}

impl Iterator for MoveListIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.mask == 0 {
            return None;
        }
        let bit = self.mask.trailing_zeros();
        self.mask &= self.mask - 1;
        Some(MoveList::move_of_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.mask.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveListIter {}
