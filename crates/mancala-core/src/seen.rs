//! The positions a new one could repeat, for the `repetition` end
//! condition: one generation-stamped hash set, [`Seen`], shared by the
//! line of a game ([`Line`](crate::line::Line), behind `Game` and
//! `History`) and by playouts (`Position::play_out`, `Playout`).

use crate::position::Position;
use crate::rules::CUPS;
use crate::setup::PieState;

/// A position as the `repetition` end condition compares it: equal
/// keys are the same position, and `mix` hashes it.
pub(crate) trait Key: Copy + Default + Eq {
    /// A hash of the position.
    fn mix(&self) -> u64;
}

/// Any position, as `repetition` compares positions (docs/rules.md
/// section 13): the cups, the side to move, the pie-rule state, the
/// tuzdyks, the turn's count of capture-earned extra moves and the house
/// `no_undo` bars; not the move count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Whole {
    cups: [u8; CUPS],
    to_move: u8,
    pie: PieState,
    tuzdyk: [u8; 4],
    capture_turns: u8,
    barred: u8,
    /// `Position::repetition_key`, kept for the hash.
    key: u64,
}

impl Default for Whole {
    fn default() -> Self {
        Whole {
            cups: [0; CUPS],
            to_move: 0,
            pie: PieState::Pending,
            tuzdyk: [0; 4],
            capture_turns: 0,
            barred: 0,
            key: 0,
        }
    }
}

impl Whole {
    pub(crate) fn of(pos: &Position<'_>) -> Whole {
        let state = pos.state();
        Whole {
            cups: state.cups,
            to_move: state.to_move,
            pie: state.pie,
            tuzdyk: state.tuzdyk,
            capture_turns: state.capture_turns,
            barred: state.barred,
            key: pos.repetition_key(),
        }
    }
}

impl Key for Whole {
    #[inline(always)]
    fn mix(&self) -> u64 {
        self.key
    }
}

/// The positions since seeds last left the board (or the pie rule's
/// state changed), as a hash set. Slots of an earlier generation are
/// free, so starting afresh costs nothing. Generation 0 marks the slots
/// never used, so a new set starts at generation 1.
#[derive(Clone, Debug)]
pub(crate) struct Seen<K> {
    /// `(position, generation)`; a power-of-two count, or none yet.
    slots: Vec<(K, u32)>,
    generation: u32,
    /// Positions the current generation may still take before the table
    /// must grow (it is kept at most half full): one test against 0 an
    /// insert, not a count and a product.
    room: usize,
    /// The era of the current generation (see `Position::era`; the
    /// stores added).
    era: u32,
}

impl<K> Default for Seen<K> {
    /// An empty set, ready for [`Seen::insert`] without a restart.
    fn default() -> Self {
        Seen {
            slots: Vec::new(),
            generation: 1,
            room: 0,
            era: 0,
        }
    }
}

impl<K: Key> Seen<K> {
    const MIN_SLOTS: usize = 64;

    /// Records the position `key` of era `era`, forgetting every position
    /// of an earlier era; returns whether it was there already.
    #[inline(always)]
    pub(crate) fn seen(&mut self, era: u32, key: K) -> bool {
        if era != self.era {
            self.restart(era);
        }
        self.insert(key)
    }

    /// The era of the current generation.
    pub(crate) fn era(&self) -> u32 {
        self.era
    }

    /// Forgets every position; the next generation is of era `era`.
    pub(crate) fn restart(&mut self, era: u32) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: old slots could look current again.
            self.slots.fill((K::default(), 0));
            self.generation = 1;
        }
        self.room = self.slots.len() / 2;
        self.era = era;
    }

    /// Records a position; returns whether it was there already.
    #[inline(always)]
    pub(crate) fn insert(&mut self, key: K) -> bool {
        self.insert_by(key, |here| *here == key)
    }

    /// Records a position unless one that `same` calls the same position
    /// is there; returns whether one was. For keys
    /// that stand for a position rather than hold it (an index and a
    /// hash).
    #[inline(always)]
    pub(crate) fn insert_by(&mut self, key: K, same: impl Fn(&K) -> bool) -> bool {
        if self.room == 0 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (key.mix() >> 40) as usize & mask;
        loop {
            let (here, generation) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (key, self.generation);
                self.room -= 1;
                return false;
            }
            if same(&here) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping the positions of the current generation.
    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![(K::default(), 0); size]);
        let current = self.generation;
        self.room = size / 2;
        // The positions kept are all different.
        for (key, _) in old.into_iter().filter(|s| s.1 == current) {
            self.insert_by(key, |_| false);
        }
    }
}

/// A position of a game's line as its index there and its
/// `Position::repetition_key`: what [`Line`](crate::line::Line) keeps, so
/// that a slot is 16 bytes and the positions themselves are compared (as
/// [`Whole`]) only when their hashes agree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Indexed {
    pub(crate) key: u64,
    pub(crate) index: u32,
}

impl Key for Indexed {
    #[inline(always)]
    fn mix(&self) -> u64 {
        self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_set_takes_positions_before_any_restart() {
        // Generation 0 is the mark of unused slots: a new set must not
        // be in it, or its first insert would find every slot taken.
        let mut seen = Seen::<Indexed>::default();
        let a = Indexed {
            key: 7 << 40,
            index: 1,
        };
        let b = Indexed {
            key: 9 << 40,
            index: 2,
        };
        assert!(!seen.insert(a));
        assert!(!seen.insert(b));
        assert!(seen.insert(a));
        // Past the first table's size, and after a restart.
        for i in 0..200u32 {
            seen.insert(Indexed {
                key: u64::from(i) << 41,
                index: 10 + i,
            });
        }
        assert!(seen.insert(b));
        seen.restart(3);
        assert!(!seen.insert(b));
        assert_eq!(seen.era(), 3);
    }
}
