//! Legality: the legal moves of the side to move, the rules that look a
//! move ahead (feeding, forbidden grand slams), and why a move is illegal.

use super::end::Changed;
use super::play::cup_of;
use super::{Cup, Position, SowingStep};
use crate::error::IllegalReason;
use crate::mv::{Move, MoveList, Sense};
use crate::outcome::EndReason;
use crate::rules::{KERNEL_COUNT, KERNEL_GENERAL, KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, Step};
use crate::ruleset::{CaptureBeforeSowing, GrandSlam, Unfed};
use crate::setup::PieState;
use crate::side::Side;

impl<'r> Position<'r> {
    /// The legal moves of the side to move (none once the game is over).
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        MoveList::from_mask(self.state.legal)
    }

    /// Whether `m` is legal here.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Where the last seed of `m` would land, without playing it (`None`
    /// for a swap or a house that is not a legal move): a cheap hint for
    /// move ordering, since a landing in one's own store usually earns an
    /// extra turn and one in an own empty house may capture.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Cup, Move, Position, Preset, Rules, Side};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let pos = Position::new(&rules);
    /// // House 3's four seeds reach exactly the store.
    /// assert_eq!(pos.landing(Move::House(3)), Some(Cup::Store { side: Side::new(0) }));
    /// let house = Cup::House { side: Side::new(0), number: 5 };
    /// assert_eq!(pos.landing(Move::House(1)), Some(house));
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    #[inline]
    pub fn landing(&self, m: Move) -> Option<Cup> {
        let (side, house, dir, seeds) = self.sown_house(m)?;
        let r = self.rules;
        let last = if r.relays || r.children || r.before_sowing == CaptureBeforeSowing::FirstSeed {
            // Where a relay sowing ends depends on the board, a sowing
            // under `children` on the children, and a first seed stored
            // sows one seed fewer: sow a copy.
            let (mut cups, mut tuzdyks) = (self.state.cups, self.state.tuzdyk);
            let sowings = self.sowings();
            usize::from(
                r.sow::<false, KERNEL_GENERAL>(
                    &mut cups,
                    &mut tuzdyks,
                    side,
                    house,
                    dir,
                    sowings,
                    &mut 0,
                )
                .last,
            )
        } else {
            r.landing_cup(side, house, seeds, dir)
        };
        Some(cup_of(last, r.stride, r.houses))
    }

    /// For a legal house move `m`: the side to move, the house (0-based),
    /// the direction it sows by ([`Rules::move_dir`](crate::Rules)) and
    /// the seeds it holds; `None` for a swap or an illegal move.
    #[inline]
    fn sown_house(&self, m: Move) -> Option<(usize, usize, usize, u8)> {
        if m == Move::Swap || !self.is_legal(m) {
            return None;
        }
        let side = self.to_move().index();
        let (house, dir) = self.rules.move_dir(side, m)?;
        Some((
            side,
            house,
            dir,
            self.state.cups[self.rules.move_cup(side, house)],
        ))
    }

    /// The cups the seeds of move `m` are sown into, one a seed, in
    /// sowing order: what a page animates. Under relay sowing the laps
    /// follow each other, each lap's seeds lifted from the cup before it
    /// (docs/rules.md section 3). Its last cup is
    /// [`Position::landing`]; captures and the end of the game come after
    /// it and are in the move's [`Effect`](crate::Effect). `None` for a
    /// swap or a move that is not legal. [`Position::sowing_steps`] also
    /// tells the lifts and the seeds taken while sowing.
    ///
    /// ```
    /// use mancala_core::{Cup, Move, Position, Preset, Rules, Side};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let pos = Position::new(&rules);
    /// let side = Side::new(0);
    /// let house = |number| Cup::House { side, number };
    /// let path = pos.sowing_path(Move::House(3)).unwrap();
    /// assert_eq!(path, [house(4), house(5), house(6), Cup::Store { side }]);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn sowing_path(&self, m: Move) -> Option<Vec<Cup>> {
        let steps = self.sowing_steps(m)?;
        let seeds = steps.into_iter().filter_map(|s| match s {
            SowingStep::Seed(cup) => Some(cup),
            _ => None,
        });
        Some(seeds.collect())
    }

    /// The steps of move `m`'s sowing in order: the lift of the house
    /// sown, each seed, and, as the rules make them happen, each further
    /// lift of relay sowing (docs/rules.md section 3) and each house
    /// taken while sowing or seed passed on by a tuzdyk (section 5).
    /// Replaying them on the board before the move gives the board
    /// before the landing's captures, which are in the move's
    /// [`Effect`](crate::Effect). `None` for a swap or a move that is not
    /// legal.
    ///
    /// ```
    /// use mancala_core::{Cup, Move, Position, Preset, Rules, Side, SowingStep};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let pos = Position::new(&rules);
    /// let side = Side::new(0);
    /// let house = |number| Cup::House { side, number };
    /// let steps = pos.sowing_steps(Move::House(5)).unwrap();
    /// let store = Cup::Store { side };
    /// let other = Cup::House { side: Side::new(1), number: 1 };
    /// assert_eq!(steps, [
    ///     SowingStep::Lift(house(5)),
    ///     SowingStep::Seed(house(6)),
    ///     SowingStep::Seed(store),
    ///     SowingStep::Seed(other),
    ///     SowingStep::Seed(Cup::House { side: Side::new(1), number: 2 }),
    /// ]);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn sowing_steps(&self, m: Move) -> Option<Vec<SowingStep>> {
        let (side, house, dir, _) = self.sown_house(m)?;
        let r = self.rules;
        let cup = |c: usize| cup_of(c, r.stride, r.houses);
        let mut steps = Vec::new();
        let (cups, tuzdyks) = (self.state.cups, &self.state.tuzdyk);
        r.sowing_steps(cups, tuzdyks, side, house, dir, self.sowings(), |s| {
            steps.push(match s {
                Step::Lift(c) => SowingStep::Lift(cup(c)),
                Step::Seed(c) => SowingStep::Seed(cup(c)),
                Step::Take(c, to) => SowingStep::Take {
                    cup: cup(c),
                    to: Side::new(to),
                },
            });
        });
        Some(steps)
    }

    /// Applies the end conditions at the start of a turn, then works out
    /// the legal moves of the side to move (which may end the game too).
    /// `changed` says what the last move can have changed, so that only
    /// those end conditions are looked at again.
    #[inline(always)]
    pub(super) fn settle(&mut self, changed: Changed) {
        debug_assert!(!self.is_over(), "settling a finished game");
        let r = self.rules;
        if r.ends_on_board && self.board_ends_game(changed) {
            return;
        }
        match self.moves_of_side_to_move() {
            None => {}
            Some(0) if r.passes && self.pass() => {}
            Some(0) => self.no_legal_move(changed.mover),
            Some(legal) => self.state.legal = legal,
        }
    }

    /// The legal moves of the side to move, as a mask; `None` when the
    /// `unfed` rule ended the game on the way.
    #[inline(always)]
    fn moves_of_side_to_move(&mut self) -> Option<u64> {
        let r = self.rules;
        let side = self.to_move().index();
        let mut legal = u64::from(r.movable(&self.state.cups, side));
        if r.special_moves {
            if r.wegs {
                // Nobody moves a weg (section 5): the opponent's on this
                // side, or the side's own.
                let t = &self.state.tuzdyk;
                legal &= !u64::from(t[1 - side] | t[2 + side]);
            }
            if r.choice != 0 {
                legal = directed(legal, r.choice);
            }
            if r.restricts_moves {
                legal = self.reaching(legal);
            }
            // `no_sides`: the opponent's houses are moves `houses + 1` on.
            if r.no_sides {
                let theirs = r.movable(&self.state.cups, 1 - side);
                legal |= u64::from(theirs) << r.houses;
            }
            // `no_undo`: the end houses are never chosen (section 14), so
            // the barred house is one plain move bit.
            if self.state.barred != 0 {
                legal &= !(1 << (self.state.barred - 1));
            }
            if r.looks_ahead
                && legal != 0
                && (r.grand_slam == GrandSlam::Forbidden
                    || (r.must_feed && r.side_empty(&self.state.cups, 1 - side)))
            {
                legal = self.look_ahead(legal)?;
            }
            if r.pie_rule && self.state.pie == PieState::Pending && side == 1 && self.state.ply > 0
            {
                legal |= MoveList::SWAP_BIT;
            }
        }
        Some(legal)
    }

    /// The moves of `legal` (a move mask) that `reach_opponent` and
    /// `single_to_empty` and `first_move` allow (docs/rules.md section 4).
    #[inline(never)]
    fn reaching(&self, legal: u64) -> u64 {
        let mut kept = legal & MoveList::SWAP_BIT;
        let mut bits = legal & !MoveList::SWAP_BIT;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            if Move::from_index(i as u8).is_some_and(|m| self.reaches(m)) {
                kept |= 1 << i;
            }
        }
        kept
    }

    /// Why house move `m` of the side to move breaks `reach_opponent` or
    /// `single_to_empty`, if it does: under `reach_opponent` a house of
    /// at most `houses` seeds whose first leg's last seed falls into a
    /// house of the mover's own that holds seeds; under
    /// `single_to_empty` a single seed that falls into a house holding
    /// seeds; under `first_move = last_house` a first sowing of the game
    /// from another house than the last.
    fn restricted(&self, m: Move) -> Option<IllegalReason> {
        let r = self.rules;
        let side = self.to_move().index();
        let (house, dir) = r.move_dir(side, m)?;
        let base = r.base(side);
        let seeds = self.state.cups[base + house];
        let last = r.landing_cup(side, house, seeds, dir);
        // A store never blocks a single seed: its seeds are no part of
        // the board (a position's board key leaves them out).
        let house = last % usize::from(r.stride) < usize::from(r.houses);
        if r.single_to_empty && seeds == 1 && house && self.state.cups[last] != 0 {
            return Some(IllegalReason::SingleToEmpty);
        }
        let first = usize::from(r.houses);
        if r.first_move_last && self.sowings() == 0 && m.house() != Some(first as u8) {
            return Some(IllegalReason::FirstMove { house: first as u8 });
        }
        let own = (base..base + usize::from(r.houses)).contains(&last);
        (r.reach_opponent && seeds <= r.houses && own && self.state.cups[last] != 0)
            .then_some(IllegalReason::MustReach)
    }

    /// Whether house move `m` of the side to move is allowed by
    /// `reach_opponent` and `single_to_empty`.
    fn reaches(&self, m: Move) -> bool {
        self.restricted(m).is_none()
    }

    /// `no_move = pass` (docs/rules.md section 7): the side to move has no
    /// legal move, so the turn goes on to the next side that has one,
    /// without a move being played. Returns false, the turn back where it
    /// was, when no side can move.
    #[cold]
    fn pass(&mut self) -> bool {
        let r = self.rules;
        let first = self.state.to_move;
        // The house `no_undo` barred was the passing side's: its turn is gone.
        self.state.barred = 0;
        for _ in 1..r.players() {
            self.state.to_move = r.next_side[usize::from(self.state.to_move)];
            match self.moves_of_side_to_move() {
                // The `unfed` rule ended the game.
                None => return true,
                Some(0) => {}
                Some(legal) => {
                    self.state.legal = legal;
                    // Another side's turn: captures have earned it nothing yet.
                    self.state.capture_turns = 0;
                    return true;
                }
            }
        }
        self.state.to_move = first;
        false
    }

    /// The sides [`Position::pass`] passed over (one bit each) when the
    /// turn was due to go to side `due`: every side from `due` up to the
    /// side now to move, in turn order. The reporting path works it out
    /// afterwards so that `pass` itself, on the playing path, records
    /// nothing. None when `due` is to move: no pass, or no side could move
    /// and the turn went back to `due` (the game is then over).
    pub(super) fn passed_since(&self, due: usize) -> u8 {
        let r = self.rules;
        let (mut side, mut passed) = (due, 0u8);
        // `pass` goes round at most once, so this ends within `players` steps.
        while side != self.to_move().index() {
            passed |= 1 << side;
            side = usize::from(r.next_side[side]);
        }
        passed
    }

    /// Narrows the movable houses (as a move mask) by the rules that look
    /// a move ahead: feeding an empty opponent and forbidden grand slams.
    /// `None` when the `unfed` rule ended the game.
    #[inline(never)]
    fn look_ahead(&mut self, movable: u64) -> Option<u64> {
        let r = self.rules;
        let side = self.to_move().index();
        let feeding = r.must_feed && r.side_empty(&self.state.cups, 1 - side);
        let mut kept = 0;
        let mut fed = 0;
        let mut bits = movable;
        while bits != 0 {
            let h = bits.trailing_zeros();
            bits &= bits - 1;
            let (feeds, grand_slam) = self.try_move(h);
            if r.grand_slam == GrandSlam::Forbidden && grand_slam {
                continue;
            }
            kept |= 1 << h;
            if feeds {
                fed |= 1 << h;
            }
        }
        if !feeding || kept == 0 || fed != 0 {
            return Some(if feeding && fed != 0 { fed } else { kept });
        }
        match r.unfed {
            Unfed::AnyMove => Some(kept),
            Unfed::EndToMover => {
                self.claim(EndReason::CannotFeed, side);
                None
            }
            Unfed::EndToStarving => {
                self.claim(EndReason::CannotFeed, 1 - side);
                None
            }
            Unfed::End => {
                // No move ended the game: `last_mover` reads the side
                // before the side to move (docs/rules.md section 7).
                self.finish(EndReason::CannotFeed, Some(r.leftover), None);
                None
            }
        }
    }

    /// Tries the house move of index `index` ([`Move::index`]) of the
    /// side to move on a copy of the board: does it leave seeds on the
    /// opponent's side, and is it a grand slam? (Two-player rules only.)
    /// Only the general kernel sows against the board's order, so only it
    /// decodes the move's direction.
    fn try_move(&self, index: u32) -> (bool, bool) {
        let r = self.rules;
        let side = self.to_move().index();
        let h = index as usize;
        let mut cups = self.state.cups;
        let mut tuzdyks = self.state.tuzdyk;
        let sowings = self.sowings();
        let (cups, tuzdyks, c) = (&mut cups, &mut tuzdyks, &mut 0);
        let sowing = match r.kernel {
            KERNEL_NO_CAPTURE => {
                r.sow::<false, KERNEL_NO_CAPTURE>(cups, tuzdyks, side, h, 0, sowings, c)
            }
            KERNEL_OPPOSITE => {
                r.sow::<false, KERNEL_OPPOSITE>(cups, tuzdyks, side, h, 0, sowings, c)
            }
            KERNEL_COUNT => r.sow::<false, KERNEL_COUNT>(cups, tuzdyks, side, h, 0, sowings, c),
            _ => {
                let m = Move::from_index(index as u8).expect("a move's index");
                let (h, dir) = r.move_dir(side, m).expect("a house move of the rules");
                r.sow::<false, KERNEL_GENERAL>(cups, tuzdyks, side, h, dir, sowings, c)
            }
        };
        (!r.side_empty(cups, 1 - side), sowing.grand_slam)
    }

    /// Why `m` is not legal (for a move that is not).
    pub(super) fn why_illegal(&self, m: Move) -> IllegalReason {
        let r = self.rules;
        if self.is_over() {
            return IllegalReason::GameOver;
        }
        let n = match m {
            Move::Swap => return IllegalReason::SwapNotAllowed,
            Move::House(n) | Move::Directed(n, _) => n,
        };
        let side = self.to_move();
        let Some((owner, number)) = self.moved_house(side, usize::from(n)) else {
            return IllegalReason::NoSuchHouse {
                houses: r.move_houses,
            };
        };
        let seeds = self.house(owner, number).unwrap_or(0);
        if r.move_dir(side.index(), m).is_none() {
            return if m.sense().is_some() {
                IllegalReason::DirectionFixed
            } else {
                IllegalReason::DirectionNeeded
            };
        }
        if seeds == 0 && self.is_burnt(owner, number) {
            return IllegalReason::BurntHouse;
        }
        if seeds == 0 {
            return IllegalReason::EmptyHouse;
        }
        if seeds < r.min_seeds {
            return IllegalReason::TooFewSeeds {
                seeds,
                min: r.min_seeds,
            };
        }
        if r.no_undo && self.state.barred == n {
            return IllegalReason::StraightBack;
        }
        if r.wegs && self.child_owner(side, usize::from(n)).is_some() {
            return IllegalReason::Weg;
        }
        if let Some(reason) = self.restricted(m) {
            return reason;
        }
        let index = m.index().map_or(0, u32::from);
        if r.grand_slam == GrandSlam::Forbidden && self.try_move(index).1 {
            return IllegalReason::GrandSlam;
        }
        IllegalReason::MustFeed
    }
}

/// The move mask of the movable houses `movable` (bit `h` for house
/// `h + 1`) when the mover chooses the direction of the houses of
/// `choice`: those give two directed moves each ([`Move::index`]), the
/// others stay plain house moves. Out of line: the other rules' moves
/// never come here.
#[inline(never)]
fn directed(movable: u64, choice: u16) -> u64 {
    let chosen = movable & u64::from(choice);
    let mut legal = movable & !chosen;
    let mut bits = chosen;
    while bits != 0 {
        let h = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        for sense in Sense::ALL {
            if let Some(i) = Move::Directed(h + 1, sense).index() {
                legal |= 1 << i;
            }
        }
    }
    legal
}
