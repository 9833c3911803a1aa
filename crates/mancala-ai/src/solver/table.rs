//! The solver's transposition table: bounds on values, shared by the
//! search threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

use mancala_core::Move;

use super::INF;
use crate::moves::{index_move, move_index};
use crate::params::PREFETCH_LOCALITY;
use crate::tt::Table;

/// One table entry: bounds on a position's value and its best move.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i16,
    pub(super) upper: i16,
    /// Best move index plus one (0: none).
    best: u8,
    /// Log2 of the nodes below: the bigger subtree keeps its slot.
    work: u8,
}

impl Entry {
    /// The entry's bounds, move and work in one word.
    #[inline]
    fn data(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40
    }

    /// The entry of the words `(key ^ data, data)`; a torn pair (another
    /// thread wrote half of it) reads back as another key.
    #[inline]
    fn from_words(check: u64, data: u64) -> Entry {
        Entry {
            key: check ^ data,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }

    /// Whether this is a stored entry of `key`.
    #[inline]
    pub(super) fn holds(&self, key: u64) -> bool {
        self.key == key && self.work > 0
    }

    /// The best move stored, if any.
    #[inline]
    pub(super) fn best(&self) -> Option<Move> {
        (self.best > 0).then(|| index_move(usize::from(self.best - 1)))
    }
}

/// An entry as the table holds it: two atomic words (the key xor the
/// data, then the data, so that a pair torn by two threads writing at once
/// reads as a miss). Relaxed atomics are plain loads and stores.
#[derive(Debug, Default)]
pub(super) struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table the search threads share: entries in buckets of two.
pub(super) type SharedTable = Table<Slot>;

/// The two entries of a bucket.
pub(super) type Bucket = [Entry; 2];

/// The first entry of `bucket` that holds `key`.
#[inline]
pub(super) fn find(bucket: &Bucket, key: u64) -> Option<Entry> {
    bucket.iter().copied().find(|e| e.holds(key))
}

impl Table<Slot> {
    #[inline]
    fn get(&self, i: usize) -> Entry {
        let slot = self.at(i);
        Entry::from_words(
            slot.check.load(Ordering::Relaxed),
            slot.data.load(Ordering::Relaxed),
        )
    }

    #[inline]
    fn set(&self, i: usize, e: &Entry) {
        let data = e.data();
        let slot = self.at(i);
        slot.check.store(e.key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// The index of the first entry of `key`'s bucket.
    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        self.slot(key) & !1
    }

    /// The bucket of `key`, read without looking at it (a caller reading
    /// several buckets in a row has their cache misses overlap).
    #[inline]
    pub(super) fn bucket(&self, key: u64) -> Bucket {
        let i = self.bucket_index(key);
        [self.get(i), self.get(i + 1)]
    }

    /// Asks the processor to bring `key`'s bucket near, without waiting
    /// for it (a non-temporal hint, [`PREFETCH_LOCALITY`]): a later
    /// [`Table::bucket`] of `key` then finds it there, or on its way.
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        mem_prefetch::prefetch_read_data::<_, PREFETCH_LOCALITY>(self.at(self.bucket_index(key)));
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        find(&self.bucket(key), key)
    }

    /// Stores bounds on `key`'s value and its best move, found in a
    /// subtree of `nodes` positions: over the same position's entry, else
    /// over the bucket's entry of the smaller subtree.
    #[inline]
    pub(super) fn store(&self, key: u64, lower: i32, upper: i32, best: Option<Move>, nodes: u64) {
        let i = self.bucket_index(key);
        let work = (64 - nodes.leading_zeros()) as u8 + 1;
        let entry = Entry {
            key,
            lower: lower.clamp(-INF, INF) as i16,
            upper: upper.clamp(-INF, INF) as i16,
            best: best.map_or(0, |m| move_index(m) as u8 + 1),
            work,
        };
        let bucket = [self.get(i), self.get(i + 1)];
        let j = if bucket[0].key == key {
            0
        } else if bucket[1].key == key {
            1
        } else if bucket[0].work <= bucket[1].work {
            0
        } else {
            1
        };
        self.set(i + j, &entry);
    }
}
