//! The end of the game: the end conditions read off the board, the
//! leftover seeds, resignation and agreement, and the outcome.

use super::Position;
use crate::outcome::{EndReason, Outcome};
use crate::ruleset::{Leftover, Unfed};
use crate::side::{BySide, Side};

/// What a move can have changed, for the end checks that follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Changed {
    /// Which sides can have lost seeds.
    pub sides: Sides,
    /// Whether a store can have gained seeds.
    pub stores: bool,
    /// The side that made the move, if a move made the change (for the
    /// `last_mover` leftover).
    pub mover: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sides {
    None,
    /// Only the mover's: a sowing without capture only adds seeds, except
    /// to the emptied origin house.
    Mover(usize),
    All,
}

impl Changed {
    /// Anything: a new position, or a capture.
    pub const ALL: Changed = Changed {
        sides: Sides::All,
        stores: true,
        mover: None,
    };
    /// Nothing on the board: a pie swap.
    pub const NOTHING: Changed = Changed {
        sides: Sides::None,
        stores: false,
        mover: None,
    };
}

impl<'r> Position<'r> {
    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.state.over.is_some()
    }

    /// Why the game ended, if it has.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.state.over
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.state.over?;
        let r = self.rules;
        let players = r.players();
        let mut scores = BySide::new(0u8);
        // Lower keys place better.
        let mut keys = BySide::new(0u32);
        for s in r.sides() {
            scores[s] = self.store(s);
            let resigned = self.state.resigned[s.index()];
            keys[s] = if resigned != 0 {
                // Below everyone who did not resign; the first to resign last.
                2000 - u32::from(resigned)
            } else if r.end_take_all {
                // Take every seed: more seeds in one's houses rank first.
                1000 - self.side_seeds(s)
            } else if reason == EndReason::EmptyFirst {
                let left = self.side_seeds(s);
                if left == 0 { 0 } else { 1 + left }
            } else {
                1000 - u32::from(scores[s])
            };
        }
        let mut ranks = BySide::new(0u8);
        for s in r.sides() {
            ranks[s] = 1 + r.sides().filter(|&t| keys[t] < keys[s]).count() as u8;
        }
        Some(Outcome {
            reason,
            players: players as u8,
            scores,
            ranks,
            sides: std::array::from_fn(|p| self.side_of(p)),
        })
    }

    /// Resigns for `side`: it takes last place. The game ends when one
    /// player is left who has not resigned (at once with two players);
    /// with three or four, the resigned side is still moved (by the
    /// computer, in the command line) so the board stays legal for the
    /// others. Resigning twice, or after the end, changes nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Side, Wdl};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let mut pos = Position::new(&rules);
    /// pos.resign(Side::new(0));
    /// assert_eq!(pos.outcome().unwrap().wdl(Side::new(0)), Some(Wdl::Loss));
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn resign(&mut self, side: Side) {
        let side = side.index();
        if self.is_over() || side >= self.rules.players() || self.state.resigned[side] != 0 {
            return;
        }
        let order = self.state.resigned.iter().filter(|&&o| o != 0).count() as u8 + 1;
        self.state.resigned[side] = order;
        if usize::from(order) + 1 >= self.rules.players() {
            self.finish(EndReason::Resignation, None, None);
        }
    }

    /// Ends the game as an endless cycle by the players' agreement; the
    /// seeds left on the board go by `cycle_leftover`. Does nothing once
    /// the game is over.
    pub fn end_by_agreement(&mut self) {
        if !self.is_over() {
            self.finish(EndReason::Agreement, Some(self.rules.cycle_leftover), None);
        }
    }

    /// Ends the game because the position repeated (used by [`Game`](crate::Game)).
    pub(crate) fn end_by_repetition(&mut self) {
        if !self.is_over() {
            self.finish(EndReason::Repetition, Some(self.rules.cycle_leftover), None);
        }
    }

    /// Sides whose houses are all empty, one bit each.
    pub(super) fn empty_sides(&self) -> u32 {
        self.rules.empty_sides(&self.state.cups)
    }

    /// The end conditions read off the board: `empty_first`,
    /// `any_side_empty`, `majority` and `end_seeds`, in that order. Returns whether the
    /// game ended.
    #[inline(always)]
    pub(super) fn board_ends_game(&mut self, changed: Changed) -> bool {
        let r = self.rules;
        if r.end_on_empty {
            let empty = match changed.sides {
                Sides::None => false,
                Sides::Mover(side) => r.side_empty(&self.state.cups, side),
                Sides::All => self.empty_sides() != 0,
            };
            if empty {
                if r.end_empty_first {
                    // The board is left as it is: the empty sides won.
                    self.state.over = Some(EndReason::EmptyFirst);
                    self.state.legal = 0;
                    self.state.capture_turns = 0;
                    self.state.barred = 0;
                } else if r.end_take_all {
                    self.finish(EndReason::TakeAll, None, changed.mover);
                } else {
                    self.finish(EndReason::AnySideEmpty, Some(r.leftover), changed.mover);
                }
                return true;
            }
        }
        // Only a move that put seeds in a store can make a majority, or
        // leave fewer seeds in the houses (seeds leave them only for one).
        if r.ends_on_stores && changed.stores {
            if r.end_majority && self.has_majority() {
                self.finish(EndReason::Majority, Some(r.leftover), changed.mover);
                return true;
            }
            if r.end_seeds > 0 && self.board_seeds() <= u32::from(r.end_seeds) {
                self.few_seeds(changed.mover);
                return true;
            }
        }
        false
    }

    /// `end_seeds` ended the game: the seeds left go by `end_seeds_to`
    /// (section 7), to the round's starter under `starter`.
    #[cold]
    fn few_seeds(&mut self, mover: Option<usize>) {
        let r = self.rules;
        if r.end_seeds_starter && !r.end_take_all {
            self.claim(EndReason::FewSeeds, usize::from(r.starter));
        } else {
            self.finish(EndReason::FewSeeds, Some(r.end_seeds_leftover), mover);
        }
    }

    /// The side to move has no legal move: the game ends. `mover` made the
    /// move before, if one did.
    #[cold]
    pub(super) fn no_legal_move(&mut self, mover: Option<usize>) {
        let r = self.rules;
        let side = self.to_move().index();
        if r.must_feed && r.unfed == Unfed::EndToStarving && r.side_empty(&self.state.cups, side) {
            return self.claim(EndReason::Starved, side);
        }
        self.finish(EndReason::NoLegalMove, Some(r.leftover), mover);
    }

    fn has_majority(&self) -> bool {
        let total = u32::from(self.state.total);
        let mut halves = 0;
        // Under `child_kind = weg` a side's wegs count for it (section 5).
        let wegs = if self.rules.wegs {
            self.weg_seeds()
        } else {
            [0; 2]
        };
        for s in self.rules.sides() {
            let owned = u32::from(self.store(s)) + wegs.get(s.index()).copied().unwrap_or(0);
            let twice = 2 * owned;
            if twice > total {
                return true;
            }
            if twice == total {
                halves += 1;
            }
        }
        halves >= 2
    }

    /// Ends the game; the seeds left on the board go by `leftover` (or stay
    /// where they are when it is `None`). `mover` made the move that ended
    /// it, if a move did.
    pub(super) fn finish(
        &mut self,
        reason: EndReason,
        leftover: Option<Leftover>,
        mover: Option<usize>,
    ) {
        let r = self.rules;
        // No turn goes on: the count of `capture_extra_turn_limit` with it.
        self.state.capture_turns = 0;
        self.state.barred = 0;
        if r.wegs {
            self.pay_wegs();
        }
        let players = r.players();
        // Under `take_all` the board stays as it is at every end: the
        // seeds left in the houses rank the players.
        let leftover = if r.end_take_all { None } else { leftover };
        match leftover {
            None => {}
            Some(Leftover::Owner) => {
                for s in r.sides() {
                    let seeds = self.side_seeds(s) as u8;
                    self.clear_side(s.index());
                    self.state.cups[r.store(s.index())] += seeds;
                }
            }
            Some(Leftover::Discard) => {
                let seeds = self.board_seeds() as u8;
                self.clear_board();
                self.state.discarded += seeds;
            }
            Some(Leftover::Split) => {
                let seeds = self.board_seeds() as u8;
                self.clear_board();
                let share = seeds / players as u8;
                for s in 0..players {
                    self.state.cups[r.store(s)] += share;
                }
                self.state.discarded += seeds - share * players as u8;
            }
            Some(Leftover::LastMover) => {
                // Section 7: without a move, the side before the side to move.
                let to_move = self.to_move().index();
                let last = mover.unwrap_or((to_move + players - 1) % players);
                self.claim_board(last);
            }
            Some(Leftover::SplitPoorer) => self.split_poorer(),
        }
        self.state.over = Some(reason);
        self.state.legal = 0;
    }

    /// Ends the game with every seed on the board going to `side`.
    pub(super) fn claim(&mut self, reason: EndReason, side: usize) {
        if self.rules.wegs {
            self.pay_wegs();
        }
        self.claim_board(side);
        self.state.over = Some(reason);
        self.state.legal = 0;
        self.state.capture_turns = 0;
        self.state.barred = 0;
    }

    /// Every seed on the board goes to `side`'s store.
    fn claim_board(&mut self, side: usize) {
        let seeds = self.board_seeds() as u8;
        self.clear_board();
        self.state.cups[self.rules.store(side)] += seeds;
    }

    /// The `split_poorer` leftover (section 7): an equal share each, then
    /// one seed each to the lowest scores (scores before the split),
    /// poorest first; seeds that would have to choose between players with
    /// equal scores are discarded.
    fn split_poorer(&mut self) {
        let r = self.rules;
        let players = r.players();
        let seeds = self.board_seeds() as u8;
        self.clear_board();
        let share = seeds / players as u8;
        let mut rest = seeds - share * players as u8;
        let mut scores: Vec<(u8, usize)> = (0..players)
            .map(|s| (self.state.cups[r.store(s)], s))
            .collect();
        scores.sort_unstable();
        for s in 0..players {
            self.state.cups[r.store(s)] += share;
        }
        let mut i = 0;
        while rest > 0 && i < players {
            let tied = scores[i..]
                .iter()
                .take_while(|t| t.0 == scores[i].0)
                .count();
            if tied > usize::from(rest) {
                break;
            }
            for &(_, s) in &scores[i..i + tied] {
                self.state.cups[r.store(s)] += 1;
            }
            rest -= tied as u8;
            i += tied;
        }
        self.state.discarded += rest;
    }

    /// The seeds in each side's wegs (`child_kind = weg`, docs/rules.md
    /// section 5).
    #[cold]
    fn weg_seeds(&self) -> [u32; 2] {
        let r = self.rules;
        let mut seeds = [0; 2];
        for c in r.house_range(0).chain(r.house_range(1)) {
            if let Some(owner) = r.child_owner(&self.state.tuzdyk, c) {
                seeds[owner] += u32::from(self.state.cups[c]);
            }
        }
        seeds
    }

    /// At the end, every weg's seeds go to its owner's store, before the
    /// seeds left go as the rules say (`child_kind = weg`, docs/rules.md
    /// section 5).
    #[cold]
    fn pay_wegs(&mut self) {
        let r = self.rules;
        for c in r.house_range(0).chain(r.house_range(1)) {
            if let Some(owner) = r.child_owner(&self.state.tuzdyk, c) {
                let seeds = std::mem::take(&mut self.state.cups[c]);
                self.state.cups[r.store(owner)] += seeds;
            }
        }
    }

    fn clear_side(&mut self, side: usize) {
        let range = self.rules.house_range(side);
        self.state.cups[range].fill(0);
    }

    fn clear_board(&mut self) {
        for s in 0..self.rules.players() {
            self.clear_side(s);
        }
    }
}
