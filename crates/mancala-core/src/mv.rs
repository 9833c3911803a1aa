//! Moves and their notation: house numbers from the mover's point of view,
//! a house and a direction where the rules let the mover choose it
//! (`3cw`, `3ccw`), and `swap`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::MoveParseError;
use crate::ruleset::MAX_HOUSES;

/// One move: sow a house, sow a house the way the mover chose, or swap
/// sides under the pie rule.
///
/// Houses are numbered `1..=houses` from the mover's point of view, in
/// sowing order: house 1 is the furthest from the mover's store. The text
/// form is the number, or `swap`. Where the rules let the mover choose the
/// direction (`direction_choice`, docs/rules.md section 3) a move is a
/// house and a direction, [`Move::Directed`], written as the number
/// followed by `cw` (clockwise) or `ccw` (counter-clockwise): `3cw`. A
/// house whose direction the rules fix is played by its number alone, as
/// in every other game.
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Sense};
///
/// let m: Move = "3".parse()?;
/// assert_eq!(m, Move::House(3));
/// assert_eq!(Move::Swap.to_string(), "swap");
/// assert_eq!("SWAP".parse::<Move>()?, Move::Swap);
/// assert_eq!("3cw".parse::<Move>()?, Move::Directed(3, Sense::Cw));
/// assert_eq!(Move::Directed(5, Sense::Ccw).to_string(), "5ccw");
/// assert!("0".parse::<Move>().is_err());
/// assert!("3up".parse::<Move>().is_err());
/// # Ok::<(), mancala_core::MoveParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
// A tag byte first: matching a move tests one byte, as when a move was a
// house or `swap` (Sense's spare values would otherwise be the tag, and
// every match would decode it: callgrind, 5 instructions a move).
#[repr(u8)]
pub enum Move {
    /// Sow the house with this number (from 1).
    House(u8),
    /// Swap sides (pie rule).
    Swap,
    /// Sow the house with this number (from 1) in the direction the mover
    /// chose: only where the rules let them (`direction_choice`).
    Directed(u8, Sense),
}

/// The direction a mover chose for a [`Move::Directed`]: as seen on the
/// board drawn with side 0 at the bottom (docs/rules.md section 3). Under
/// `direction = ccw` (and `split`) counter-clockwise is the board's order,
/// the way house 1 sows towards house 2; under `direction = cw` clockwise
/// is.
///
/// # Examples
///
/// ```
/// use mancala_core::Sense;
///
/// assert_eq!("CW".parse::<Sense>(), Ok(Sense::Cw));
/// assert_eq!(Sense::Ccw.to_string(), "ccw");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sense {
    /// Counter-clockwise.
    Ccw,
    /// Clockwise.
    Cw,
}

impl Sense {
    /// Both directions, counter-clockwise first (the order of a
    /// [`MoveList`]).
    pub const ALL: [Sense; 2] = [Sense::Ccw, Sense::Cw];

    /// The direction's name in the notation: `ccw` or `cw`.
    pub const fn name(self) -> &'static str {
        match self {
            Sense::Ccw => "ccw",
            Sense::Cw => "cw",
        }
    }

    /// The other direction.
    pub const fn reversed(self) -> Sense {
        match self {
            Sense::Ccw => Sense::Cw,
            Sense::Cw => Sense::Ccw,
        }
    }
}

impl fmt::Display for Sense {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Sense {
    type Err = MoveParseError;

    /// `cw` or `ccw`, in any case.
    fn from_str(s: &str) -> Result<Self, MoveParseError> {
        let t = s.trim();
        Sense::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| MoveParseError::Direction {
                text: s.to_string(),
                direction: t.to_string(),
            })
    }
}

/// Bits of a [`MoveList`]'s mask: house `n` at bit `n - 1`, a directed
/// sowing of house `n` at bit `DIRECTED + 2 (n - 1)` (counter-clockwise)
/// or one more (clockwise), `swap` at the top.
const DIRECTED: u32 = 16;

impl Move {
    /// The bit of this move in a [`MoveList`], if it can be in one.
    pub(crate) const fn bit(self) -> Option<u64> {
        match self.index() {
            Some(i) => Some(1 << i),
            None => None,
        }
    }

    /// The move's index, from 0 to 63: its bit in a [`MoveList`], so that
    /// moves iterate in index order. Every move of a position has its own
    /// index, whatever the rules: a search may keep a move as this one
    /// byte ([`Move::from_index`] gives it back). `None` for a house
    /// number outside `1..=16`, which no rules have.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Sense};
    ///
    /// for m in [Move::House(1), Move::House(16), Move::Directed(3, Sense::Cw), Move::Swap] {
    ///     assert_eq!(Move::from_index(m.index().unwrap()), Some(m));
    /// }
    /// assert_eq!(Move::House(17).index(), None);
    /// ```
    pub const fn index(self) -> Option<u8> {
        match self {
            Move::House(n) if n >= 1 && (n as usize) <= MAX_HOUSES => Some(n - 1),
            Move::Directed(n, sense) if n >= 1 && (n as usize) <= MAX_HOUSES => {
                Some(DIRECTED as u8 + 2 * (n - 1) + sense as u8)
            }
            Move::House(_) | Move::Directed(..) => None,
            Move::Swap => Some(MoveList::SWAP_INDEX as u8),
        }
    }

    /// The move of index `index` ([`Move::index`]), if it is one.
    pub const fn from_index(index: u8) -> Option<Move> {
        let i = index as u32;
        if i == MoveList::SWAP_INDEX || i < DIRECTED + 2 * MAX_HOUSES as u32 {
            Some(MoveList::move_of_bit(i))
        } else {
            None
        }
    }

    /// The house number, or `None` for [`Move::Swap`].
    pub const fn house(self) -> Option<u8> {
        match self {
            Move::House(n) | Move::Directed(n, _) => Some(n),
            Move::Swap => None,
        }
    }

    /// The direction the mover chose, for a [`Move::Directed`].
    pub const fn sense(self) -> Option<Sense> {
        match self {
            Move::Directed(_, sense) => Some(sense),
            Move::House(_) | Move::Swap => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::House(n) => write!(f, "{n}"),
            Move::Directed(n, sense) => write!(f, "{n}{sense}"),
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
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        let (number, direction) = t.split_at(digits);
        let n = match number.parse::<u8>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(MoveParseError::Move {
                    text: s.to_string(),
                });
            }
        };
        if direction.is_empty() {
            return Ok(Move::House(n));
        }
        let sense = direction
            .parse::<Sense>()
            .map_err(|_| MoveParseError::Direction {
                text: s.to_string(),
                direction: direction.to_string(),
            })?;
        Ok(Move::Directed(n, sense))
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
/// with `swap` last (where the mover chooses directions, the houses whose
/// direction is fixed come first, then the directed sowings in house
/// order, counter-clockwise first: [`Move::index`] order). Copying it is
/// free and it never allocates.
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
    mask: u64,
}

impl MoveList {
    /// The most moves a list can hold: one per house of the widest board
    /// ([`MAX_HOUSES`]) and `swap`. A house whose
    /// direction the mover chooses gives two moves; the rules allow such
    /// houses only while houses and chosen houses together number at most
    /// [`MAX_HOUSES`] (docs/rules.md section 14), so
    /// the bound holds for every rule set. Searches size their per-move
    /// arrays by it, so that they never allocate.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{MAX_HOUSES, MoveList};
    ///
    /// assert_eq!(MoveList::CAPACITY, MAX_HOUSES + 1);
    /// ```
    pub const CAPACITY: usize = MAX_HOUSES + 1;

    /// The index of `swap` ([`Move::index`]).
    pub(crate) const SWAP_INDEX: u32 = 63;
    pub(crate) const SWAP_BIT: u64 = 1 << Self::SWAP_INDEX;

    pub(crate) const fn from_mask(mask: u64) -> MoveList {
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
        if bit < DIRECTED {
            Move::House(bit as u8 + 1)
        } else if bit == Self::SWAP_INDEX {
            Move::Swap
        } else {
            let k = bit - DIRECTED;
            let sense = if k.is_multiple_of(2) {
                Sense::Ccw
            } else {
                Sense::Cw
            };
            Move::Directed((k / 2) as u8 + 1, sense)
        }
    }

    /// Iterates over the moves in [`Move::index`] order: houses in
    /// increasing order, then directed sowings, then `swap`.
    pub fn iter(self) -> MoveListIter {
        MoveListIter { mask: self.mask }
    }

    /// The moves as a vector.
    pub fn to_vec(self) -> Vec<Move> {
        self.iter().collect()
    }

    /// Whether any move is a [`Move::Directed`]: the rules let the mover
    /// choose a direction here.
    pub const fn has_directed(self) -> bool {
        self.mask & !Self::SWAP_BIT & !((1 << DIRECTED) - 1) != 0
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

/// Per byte value, the position of its `k`-th set bit; past the last
/// set bit, the last again (so that every entry of a nonzero byte's row
/// is one of its set bits: the playout loop reads a row at any index
/// below 8 without a clamp, see `Choose::IN_RANGE`).
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
        while k > 0 && k < 8 {
            table[b][k] = table[b][k - 1];
            k += 1;
        }
        b += 1;
    }
    table
};

/// Iterator over a [`MoveList`].
#[derive(Clone, Debug)]
pub struct MoveListIter {
    mask: u64,
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
