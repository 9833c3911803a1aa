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

/// Entries a bucket holds: the four of a 64-byte cache line.
pub(super) const WAYS: usize = 4;

/// One bucket, aligned on a cache line: a probe's entries come in one
/// memory access, and a prefetch brings all of them. (A table of bare
/// slots starts where the allocator puts it, 16 bytes into a line on
/// glibc, and half its 32-byte buckets of two then straddled two lines.)
#[derive(Debug, Default)]
#[repr(C, align(64))]
pub(super) struct Line([Slot; WAYS]);

/// The table the search threads share: buckets of [`WAYS`] entries.
pub(super) type SharedTable = Table<Line>;

/// The entries of a bucket.
pub(super) type Bucket = [Entry; WAYS];

/// The first entry of `bucket` that holds `key`.
#[inline]
pub(super) fn find(bucket: &Bucket, key: u64) -> Option<Entry> {
    bucket.iter().copied().find(|e| e.holds(key))
}

impl Slot {
    #[inline]
    fn get(&self) -> Entry {
        Entry::from_words(
            self.check.load(Ordering::Relaxed),
            self.data.load(Ordering::Relaxed),
        )
    }

    #[inline]
    fn set(&self, e: &Entry) {
        let data = e.data();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

impl Line {
    /// The line's entries as they stand.
    #[inline]
    fn entries(&self) -> Bucket {
        std::array::from_fn(|j| self.0[j].get())
    }
}

impl Table<Line> {
    /// The line that holds `key`'s bucket.
    #[inline(always)]
    fn line(&self, key: u64) -> &Line {
        self.at(self.slot(key))
    }

    /// The bucket of `key`, read without looking at it (a caller reading
    /// several buckets in a row has their cache misses overlap).
    #[inline]
    pub(super) fn bucket(&self, key: u64) -> Bucket {
        self.line(key).entries()
    }

    /// Asks the processor to bring `key`'s bucket near, without waiting
    /// for it (a non-temporal hint, [`PREFETCH_LOCALITY`]): a later
    /// [`Table::bucket`] of `key` then finds it there, or on its way.
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        mem_prefetch::prefetch_read_data::<_, PREFETCH_LOCALITY>(self.line(key));
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        find(&self.bucket(key), key)
    }

    /// Stores bounds on `key`'s value and its best move, found in a
    /// subtree of `nodes` positions: over the same position's entry, else
    /// over the bucket's entry of the smallest subtree (the first of
    /// them).
    #[inline]
    pub(super) fn store(&self, key: u64, lower: i32, upper: i32, best: Option<Move>, nodes: u64) {
        let line = self.line(key);
        let work = (64 - nodes.leading_zeros()) as u8 + 1;
        let entry = Entry {
            key,
            lower: lower.clamp(-INF, INF) as i16,
            upper: upper.clamp(-INF, INF) as i16,
            best: best.map_or(0, |m| move_index(m) as u8 + 1),
            work,
        };
        let bucket = line.entries();
        let j = bucket.iter().position(|e| e.key == key).unwrap_or_else(|| {
            // `min_by_key` gives the first of equal minima.
            (0..WAYS).min_by_key(|&k| bucket[k].work).unwrap_or(0)
        });
        line.0[j].set(&entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `j`th key of bucket 5 of a table of `lines` lines.
    fn key_in_bucket_5(lines: usize, j: u64) -> u64 {
        5 + lines as u64 * (j + 1)
    }

    #[test]
    fn a_bucket_is_one_aligned_cache_line() {
        assert_eq!(std::mem::size_of::<Line>(), 64);
        let table = SharedTable::with_bytes(1 << 16, 1);
        for i in [0, 1, 2, 1023] {
            let at = std::ptr::from_ref(table.at(i)) as usize;
            assert_eq!(
                at % 64,
                0,
                "line {i} starts {} bytes into a cache line",
                at % 64
            );
        }
    }

    #[test]
    fn a_bucket_keeps_four_positions_and_then_replaces_the_smallest_subtree() {
        let table = SharedTable::with_bytes(1 << 16, 1);
        let key = |j| key_in_bucket_5(1024, j);
        // Subtrees of 1000, 10, 100 and 1000 positions.
        for (j, nodes) in [(0, 1000), (1, 10), (2, 100), (3, 1000)] {
            table.store(key(j), -(j as i32), j as i32, None, nodes);
        }
        for j in 0..4 {
            let e = table
                .probe(key(j))
                .expect("every key of a bucket of four is kept");
            assert_eq!((e.lower, e.upper), (-(j as i16), j as i16));
        }
        // A fifth position takes the place of the smallest subtree (key 1).
        table.store(key(4), -4, 4, Some(Move::House(2)), 1);
        assert!(table.probe(key(1)).is_none());
        let e = table.probe(key(4)).unwrap();
        assert_eq!((e.lower, e.upper, e.best()), (-4, 4, Some(Move::House(2))));
        // A position stored again keeps its own place, whatever its work.
        table.store(key(0), 1, 1, None, 1);
        assert_eq!(
            table.probe(key(0)).map(|e| (e.lower, e.upper)),
            Some((1, 1))
        );
        for j in [2, 3, 4] {
            assert!(table.probe(key(j)).is_some(), "key {j} is kept");
        }
        // Another bucket is untouched.
        assert!(table.probe(key_in_bucket_5(1024, 0) + 1).is_none());
    }
}
