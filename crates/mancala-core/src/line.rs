//! The line of positions of one game and the `repetition` check on it,
//! shared by [`Game`](crate::Game) (which owns its rules) and
//! [`History`](crate::History) (which borrows them).

use crate::error::IllegalMove;
use crate::mv::Move;
use crate::position::{Effect, Position, State};
use crate::rules::Rules;
use crate::seen::{Indexed, Seen, Whole};

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
    /// The positions a new one could repeat (only kept under `repetition`),
    /// of the current era (`Position::repetition_era`: the seeds stored,
    /// which only ever leave the board unless `relay_store` lifts a
    /// store), so no position from before a capture can come back.
    seen: Seen<Indexed>,
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
            self.seen.restart(start.repetition_era());
            let key = start.repetition_key();
            self.seen.insert_by(Indexed { key, index: 0 }, |_| false);
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
        let last = self.entries.len() - 1;
        let (over, era, key) = self.entries[last].view(rules, |pos| {
            (pos.is_over(), pos.repetition_era(), pos.repetition_key())
        });
        if over {
            return false;
        }
        if era != self.seen.era() {
            self.seen.restart(era);
        }
        let entries = &self.entries;
        let now = Indexed {
            key,
            index: last as u32,
        };
        let repeats = |here: &Indexed| here.key == key && same(rules, entries, here.index, last);
        if !self.seen.insert_by(now, repeats) {
            return false;
        }
        self.entries[last].update(rules, Position::end_by_repetition);
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
            let stored = |i: usize| self.entries[i].view(rules, Position::repetition_era);
            let now = stored(current);
            let mut since = current;
            while since > 0 && stored(since - 1) == now {
                since -= 1;
            }
            self.seen.restart(now);
            for index in since..=current {
                let key = self.entries[index].view(rules, Position::repetition_key);
                let now = Indexed {
                    key,
                    index: index as u32,
                };
                self.seen.insert_by(now, |_| false);
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

/// Whether `entries[a]` and `entries[b]` are the same position for
/// `repetition`.
fn same<'r, P: Entry<'r>>(rules: &'r Rules, entries: &[P], a: u32, b: usize) -> bool {
    let whole = |i: usize| entries[i].view(rules, Whole::of);
    whole(a as usize) == whole(b)
}
