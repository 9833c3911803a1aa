//! The line of positions of one game and the `repetition` check on it,
//! shared by [`Game`](crate::Game) (which owns its rules) and
//! [`History`](crate::History) (which borrows them).

use crate::error::IllegalMove;
use crate::mv::Move;
use crate::position::{Effect, Position, State};
use crate::rules::Rules;

/// How a [`Line`] keeps a position: [`History`](crate::History), which
/// borrows its rules, keeps whole positions and plays on them in place;
/// [`Game`](crate::Game), which owns its rules, keeps plain states.
pub(crate) trait Entry<'r>: Copy {
    /// The entry for `pos`.
    fn of(pos: &Position<'r>) -> Self;

    /// `f` of the position.
    fn view<T>(&self, rules: &'r Rules, f: impl FnOnce(&Position<'r>) -> T) -> T;

    /// Changes the position by `f`.
    fn update<T>(&mut self, rules: &'r Rules, f: impl FnOnce(&mut Position<'r>) -> T) -> T;
}

impl<'r> Entry<'r> for Position<'r> {
    #[inline]
    fn of(pos: &Position<'r>) -> Self {
        *pos
    }

    #[inline]
    fn view<T>(&self, _: &'r Rules, f: impl FnOnce(&Position<'r>) -> T) -> T {
        f(self)
    }

    #[inline]
    fn update<T>(&mut self, _: &'r Rules, f: impl FnOnce(&mut Position<'r>) -> T) -> T {
        f(self)
    }
}

impl<'r> Entry<'r> for State {
    #[inline]
    fn of(pos: &Position<'r>) -> Self {
        pos.state()
    }

    #[inline]
    fn view<T>(&self, rules: &'r Rules, f: impl FnOnce(&Position<'r>) -> T) -> T {
        f(&Position::from_state(rules, *self))
    }

    #[inline]
    fn update<T>(&mut self, rules: &'r Rules, f: impl FnOnce(&mut Position<'r>) -> T) -> T {
        let mut pos = Position::from_state(rules, *self);
        let result = f(&mut pos);
        *self = pos.state();
        result
    }
}

/// Every position of a game, the start first, with the positions a new
/// one could repeat. The rules are passed in by the owner, which always
/// passes the same rules.
#[derive(Clone)]
pub(crate) struct Line<P> {
    entries: Vec<P>,
    /// The positions a new one could repeat (only kept under `repetition`).
    seen: Seen,
}

impl<'r, P: Entry<'r>> Line<P> {
    /// A line holding `start` alone.
    pub(crate) fn new(start: &Position<'r>) -> Line<P> {
        let mut line = Line {
            entries: Vec::new(),
            seen: Seen::default(),
        };
        line.reset(start);
        line
    }

    /// Empties the line and starts again from `start`, keeping the
    /// allocated memory (for playouts).
    pub(crate) fn reset(&mut self, start: &Position<'r>) {
        self.entries.clear();
        self.entries.push(P::of(start));
        if start.rules().detects_repetition() {
            self.seen.restart(0, start.stored_seeds());
            self.seen.insert(start.rules(), &self.entries, 0);
        }
    }

    /// The entries, the start first.
    #[inline]
    pub(crate) fn entries(&self) -> &[P] {
        &self.entries
    }

    /// The last entry.
    #[inline]
    pub(crate) fn last(&self) -> &P {
        self.entries.last().expect("a line always has a position")
    }

    /// Plays `m` on the last position if it is legal, then ends the game if
    /// the new position repeats an earlier one (under `repetition`).
    pub(crate) fn play(&mut self, rules: &'r Rules, m: Move) -> Result<Effect, IllegalMove> {
        let mut next = *self.last();
        let mut effect = next.update(rules, |pos| pos.play(m))?;
        self.entries.push(next);
        if self.check_repetition(rules) {
            effect.ended = self.last().view(rules, Position::end_reason);
        }
        Ok(effect)
    }

    /// Plays `m`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    pub(crate) fn play_unchecked(&mut self, rules: &'r Rules, m: Move) {
        // Copy the last position to the end and play on it in place.
        let last = *self.last();
        self.entries.push(last);
        let next = self
            .entries
            .last_mut()
            .expect("a line always has a position");
        next.update(rules, |pos| pos.play_unchecked(m));
        self.check_repetition(rules);
    }

    /// Appends `pos`, the last position changed by something other than a
    /// move (a resignation, an agreement, a seat handed over). It is not
    /// a position a later one could repeat: its board is the one before it.
    pub(crate) fn push_unplayed(&mut self, entry: P) {
        self.entries.push(entry);
    }

    /// Changes the last position by `f` in place (an end by agreement that
    /// is not recorded as a position of its own).
    pub(crate) fn update_last(&mut self, rules: &'r Rules, f: impl FnOnce(&mut Position<'r>)) {
        let last = self.entries.len() - 1;
        self.entries[last].update(rules, f);
    }

    /// Under `repetition`, ends the game if the position just played
    /// repeats an earlier one; returns whether it did.
    #[inline]
    fn check_repetition(&mut self, rules: &'r Rules) -> bool {
        if !rules.detects_repetition() {
            return false;
        }
        let index = self.entries.len() - 1;
        let now = self.entries[index].view(rules, Position::stored_seeds);
        if now != self.seen.stored {
            self.seen.restart(index, now);
        }
        if self.entries[index].view(rules, Position::is_over)
            || self.seen.insert(rules, &self.entries, index).is_none()
        {
            return false;
        }
        self.entries[index].update(rules, Position::end_by_repetition);
        true
    }

    /// Removes the last position; `false` (and nothing removed) at the start.
    pub(crate) fn pop(&mut self, rules: &'r Rules) -> bool {
        if self.entries.len() < 2 {
            return false;
        }
        self.entries.pop();
        if rules.detects_repetition() {
            // Rebuild the set for the positions that can still repeat.
            let current = self.entries.len() - 1;
            let stored = |i: usize| self.entries[i].view(rules, Position::stored_seeds);
            let now = stored(current);
            let mut since = current;
            while since > 0 && stored(since - 1) == now {
                since -= 1;
            }
            self.seen.restart(since, now);
            for index in since..=current {
                self.seen.insert(rules, &self.entries, index);
            }
        }
        true
    }
}

impl<P> std::fmt::Debug for Line<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Line")
            .field("positions", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// The positions since seeds last left the board, as a hash set of
/// indices into the line: seeds only ever leave the board, so no earlier
/// position can come back. Slots from before the last capture are
/// recognised by their generation, so starting afresh costs nothing.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// `(repetition key, position index, generation)`; a power-of-two count.
    slots: Vec<(u64, u32, u32)>,
    generation: u32,
    /// Entries of the current generation.
    len: usize,
    /// The first position of the current generation.
    since: usize,
    /// Seeds in stores (and discarded) in the current generation.
    stored: u32,
}

impl Seen {
    const MIN_SLOTS: usize = 64;

    /// Forgets every entry; the next one starts a generation at `index`.
    fn restart(&mut self, index: usize, stored: u32) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: old slots could look current again.
            self.slots.fill((0, 0, 0));
            self.generation = 1;
        }
        self.len = 0;
        self.since = index;
        self.stored = stored;
    }

    /// Records `entries[index]`; returns the index of an earlier position
    /// it repeats, if any (then it is not recorded).
    #[inline(always)]
    fn insert<'r, P: Entry<'r>>(
        &mut self,
        rules: &'r Rules,
        entries: &[P],
        index: usize,
    ) -> Option<usize> {
        if self.slots.len() < 2 * (self.len + 1) {
            self.grow(rules, entries, index);
        }
        let key = entries[index].view(rules, Position::repetition_key);
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (k, j, generation) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (key, index as u32, self.generation);
                self.len += 1;
                return None;
            }
            if k == key
                && entries[j as usize].view(rules, |a| entries[index].view(rules, |b| a.repeats(b)))
            {
                return Some(j as usize);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table and records the current generation again.
    #[cold]
    fn grow<'r, P: Entry<'r>>(&mut self, rules: &'r Rules, entries: &[P], upto: usize) {
        let size = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        self.slots = vec![(0, 0, 0); size];
        let (since, stored) = (self.since, self.stored);
        self.restart(since, stored);
        for index in since..upto {
            self.insert(rules, entries, index);
        }
    }
}
