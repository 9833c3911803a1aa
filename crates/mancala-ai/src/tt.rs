//! Transposition tables: [`Table`], a fixed-size table of entries indexed
//! by position key that every search sizes the same way, and the entries
//! of alpha-beta's table (keyed by
//! [`Position::key`](mancala_core::Position::key)).

use mancala_core::Move;

use crate::moves::{index_move, move_index};

/// A fixed-size table of `E`s indexed by the low bits of a key: a power of
/// two of entries, allocated at once. What an entry holds, and which
/// entry a store replaces, is the user's affair; the keys' low bits must
/// be as random as their high ones (`Position::board_key`'s are: a key
/// ending with a bare multiplication crowds a few entries).
#[derive(Clone, Debug)]
pub(crate) struct Table<E> {
    entries: Vec<E>,
    /// Bumped at each search, for entries that replace older searches'
    /// results first.
    generation: u8,
}

impl<E: Default> Table<E> {
    /// A table of at most about `bytes` bytes: the largest power of two of
    /// entries that fits, but at least `min` entries (rounded down to a
    /// power of two).
    pub(crate) fn with_bytes(bytes: usize, min: usize) -> Table<E> {
        let wanted = (bytes / std::mem::size_of::<E>()).max(min);
        let size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: (0..size).map(|_| E::default()).collect(),
            generation: 0,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for e in &mut self.entries {
            *e = E::default();
        }
    }
}

impl<E> Table<E> {
    /// The index of `key`'s entry.
    #[inline]
    pub(crate) fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry at index `i`.
    #[inline]
    pub(crate) fn at(&self, i: usize) -> &E {
        &self.entries[i]
    }

    /// The entry at index `i`, to change.
    #[inline]
    pub(crate) fn at_mut(&mut self, i: usize) -> &mut E {
        &mut self.entries[i]
    }

    /// The current search's generation.
    #[inline]
    pub(crate) fn generation(&self) -> u8 {
        self.generation
    }

    /// Starts a new generation: entries of older searches become
    /// replaceable (call once per search).
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }
}

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact = 0,
    /// The true value is at least this.
    Lower = 1,
    /// The true value is at most this.
    Upper = 2,
}

/// One stored alpha-beta result.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Entry {
    key: u64,
    value: i32,
    /// Depth searched below the position (`u8::MAX`: to the end of the game).
    depth: u8,
    /// `Bound` in bits 0-1, bit 2 set when no horizon was reached below.
    flags: u8,
    /// The best move's [`move_index`] plus one (0: none).
    best: u8,
    generation: u8,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The value came from a subtree that reached no horizon.
    pub exact_subtree: bool,
    pub best: Option<Move>,
}

/// Alpha-beta's table: one entry a slot, replacing by depth and age.
impl Table<Entry> {
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let e = self.at(self.slot(key));
        if e.key != key || e.flags & 8 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            value: e.value,
            depth: e.depth,
            bound,
            exact_subtree: e.flags & 4 != 0,
            best: (e.best != 0).then(|| index_move(usize::from(e.best - 1))),
        })
    }

    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        value: i32,
        depth: u8,
        bound: Bound,
        exact_subtree: bool,
        best: Option<Move>,
    ) {
        let generation = self.generation();
        let i = self.slot(key);
        let e = self.at_mut(i);
        if e.key != key && e.generation == generation && e.depth > depth {
            return;
        }
        *e = Entry {
            key,
            value,
            depth,
            flags: bound as u8 | (u8::from(exact_subtree) << 2) | 8,
            best: best.map_or(0, |m| move_index(m) as u8 + 1),
            generation,
        };
    }
}
