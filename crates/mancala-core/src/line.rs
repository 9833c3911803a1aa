//! The line of positions of one game and the `repetition` check on it,
//! shared by [`Game`](crate::Game) (which owns its rules) and
//! [`History`](crate::History) (which borrows them).

use crate::error::IllegalMove;
use crate::mv::Move;
use crate::position::{Effect, Position, State};
use crate::rules::Rules;

/// Every position of a game as plain states, the start first, with the
/// positions a new one could repeat. The rules are passed in by the owner,
/// which always passes the same rules.
#[derive(Clone, Default)]
pub(crate) struct Line {
    states: Vec<State>,
    /// The positions a new one could repeat (only kept under `repetition`).
    seen: Seen,
}

impl Line {
    /// A line holding `start` alone.
    pub(crate) fn new(start: &Position<'_>) -> Line {
        let mut line = Line::default();
        line.reset(start);
        line
    }

    /// Empties the line and starts again from `start`, keeping the
    /// allocated memory (for playouts).
    pub(crate) fn reset(&mut self, start: &Position<'_>) {
        self.states.clear();
        self.states.push(start.state());
        if start.rules().detects_repetition() {
            self.seen.restart(0, start.stored_seeds());
            self.seen.insert(start.rules(), &self.states, 0);
        }
    }

    /// Positions in the line, the start included.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    /// The `index`-th position (0 is the start).
    #[inline]
    pub(crate) fn at<'r>(&self, rules: &'r Rules, index: usize) -> Position<'r> {
        Position::from_state(rules, self.states[index])
    }

    /// The last position.
    #[inline]
    pub(crate) fn last<'r>(&self, rules: &'r Rules) -> Position<'r> {
        self.at(rules, self.states.len() - 1)
    }

    /// Plays `m` on the last position if it is legal, then ends the game if
    /// the new position repeats an earlier one (under `repetition`).
    pub(crate) fn play(&mut self, rules: &Rules, m: Move) -> Result<Effect, IllegalMove> {
        let mut next = self.last(rules);
        let mut effect = next.play(m)?;
        self.states.push(next.state());
        if self.check_repetition(rules) {
            effect.ended = self.last(rules).end_reason();
        }
        Ok(effect)
    }

    /// Plays `m`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    pub(crate) fn play_unchecked(&mut self, rules: &Rules, m: Move) {
        let mut next = self.last(rules);
        next.play_unchecked(m);
        self.states.push(next.state());
        self.check_repetition(rules);
    }

    /// Appends `pos`, the last position changed by something other than a
    /// move (a resignation, an agreement). It is not a position a later one
    /// could repeat: its board is the one before it.
    pub(crate) fn push_unplayed(&mut self, state: State) {
        self.states.push(state);
    }

    /// Replaces the last position by `pos`, the same one ended by agreement.
    pub(crate) fn replace_last(&mut self, pos: &Position<'_>) {
        *self
            .states
            .last_mut()
            .expect("a line always has a position") = pos.state();
    }

    /// Under `repetition`, ends the game if the position just played
    /// repeats an earlier one; returns whether it did.
    #[inline]
    fn check_repetition(&mut self, rules: &Rules) -> bool {
        if !rules.detects_repetition() {
            return false;
        }
        let index = self.states.len() - 1;
        let pos = self.at(rules, index);
        let now = pos.stored_seeds();
        if now != self.seen.stored {
            self.seen.restart(index, now);
        }
        if pos.is_over() || self.seen.insert(rules, &self.states, index).is_none() {
            return false;
        }
        let mut ended = pos;
        ended.end_by_repetition();
        self.states[index] = ended.state();
        true
    }

    /// Removes the last position; `false` (and nothing removed) at the start.
    pub(crate) fn pop(&mut self, rules: &Rules) -> bool {
        if self.states.len() < 2 {
            return false;
        }
        self.states.pop();
        if rules.detects_repetition() {
            // Rebuild the set for the positions that can still repeat.
            let current = self.states.len() - 1;
            let stored = |i: usize| self.at(rules, i).stored_seeds();
            let now = stored(current);
            let mut since = current;
            while since > 0 && stored(since - 1) == now {
                since -= 1;
            }
            self.seen.restart(since, now);
            for index in since..=current {
                self.seen.insert(rules, &self.states, index);
            }
        }
        true
    }
}

impl std::fmt::Debug for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Line")
            .field("positions", &self.states.len())
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

    /// Records `states[index]`; returns the index of an earlier position
    /// it repeats, if any (then it is not recorded).
    #[inline]
    fn insert(&mut self, rules: &Rules, states: &[State], index: usize) -> Option<usize> {
        if self.slots.len() < 2 * (self.len + 1) {
            self.grow(rules, states, index);
        }
        let pos = Position::from_state(rules, states[index]);
        let key = pos.repetition_key();
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (k, j, generation) = self.slots[i];
            if generation != self.generation {
                self.slots[i] = (key, index as u32, self.generation);
                self.len += 1;
                return None;
            }
            if k == key && Position::from_state(rules, states[j as usize]).repeats(&pos) {
                return Some(j as usize);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table and records the current generation again.
    #[cold]
    fn grow(&mut self, rules: &Rules, states: &[State], upto: usize) {
        let size = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        self.slots = vec![(0, 0, 0); size];
        let (since, stored) = (self.since, self.stored);
        self.restart(since, stored);
        for index in since..upto {
            self.insert(rules, states, index);
        }
    }
}
