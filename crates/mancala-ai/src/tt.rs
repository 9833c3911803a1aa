//! A transposition table: search results keyed by [`Position::key`](mancala_core::Position::key).

use mancala_core::{Move, MoveList};

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

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Entry {
    key: u64,
    value: i32,
    /// Depth searched below the position (`u8::MAX`: to the end of the game).
    depth: u8,
    /// `Bound` in bits 0-1, bit 2 set when no horizon was reached below.
    flags: u8,
    /// The best move's bit in a [`MoveList`] plus one (0: none).
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

/// A fixed-size, always-allocated table, replacing by depth and age.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of about `bytes` bytes (a power of two of entries, at least 1024).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); size],
            generation: 0,
        }
    }

    /// Marks older entries as replaceable (call once per search).
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[self.slot(key)];
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
            best: (e.best != 0).then(|| move_of_bit(e.best - 1)),
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
        let generation = self.generation;
        let i = self.slot(key);
        let e = &mut self.entries[i];
        if e.key != key && e.generation == generation && e.depth > depth {
            return;
        }
        *e = Entry {
            key,
            value,
            depth,
            flags: bound as u8 | (u8::from(exact_subtree) << 2) | 8,
            best: best.map_or(0, |m| bit_of_move(m) + 1),
            generation,
        };
    }
}

fn bit_of_move(m: Move) -> u8 {
    match m {
        Move::House(n) => n - 1,
        Move::Swap => 31,
    }
}

fn move_of_bit(bit: u8) -> Move {
    if bit == 31 {
        Move::Swap
    } else {
        Move::House(bit + 1)
    }
}

/// The index of `m` in per-move tables (history heuristic).
#[inline]
pub(crate) fn move_index(m: Move) -> usize {
    match m {
        Move::House(n) => usize::from(n - 1),
        Move::Swap => 16,
    }
}

/// Whether `m` is among `moves` (a stored best move may be stale after a
/// hash collision).
#[inline]
pub(crate) fn usable(moves: MoveList, m: Option<Move>) -> Option<Move> {
    m.filter(|&m| moves.contains(m))
}
