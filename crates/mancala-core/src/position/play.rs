//! Playing moves: sowing a house or the pie swap, and what a move did.

use super::end::{Changed, Sides};
use super::{Cup, Position};
use crate::error::IllegalMove;
use crate::mv::Move;
use crate::outcome::EndReason;
use crate::rules::{
    KERNEL_COUNT, KERNEL_GENERAL, KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, Rules, Sowing,
};
use crate::setup::PieState;
use crate::side::Side;

/// What a move did, as returned by [`Position::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The move.
    pub mv: Move,
    /// The side that moved.
    pub side: Side,
    /// Seeds lifted and sown (0 for a swap).
    pub sown: u8,
    /// Where the last seed landed (`None` for a swap).
    pub last: Option<Cup>,
    /// Seeds that went to the mover's store by capture (the capturing seed
    /// of an opposite capture included).
    pub captured: u8,
    /// Seeds that captures while sowing took (docs/rules.md section 5),
    /// whoever's store they went to, and those that captures before
    /// sowing took (`capture_before_sowing`), and those that the landing
    /// of a relay leg took (`lap_capture`); those that went to the mover's
    /// are in `captured` too. Both count up to 255: under `relay_store`
    /// a move can sow seeds from the store and take them back many times.
    pub sow_taken: u8,
    /// The move was a grand slam: with two players, its capture took every
    /// seed left on the opponent's side (under `grand_slam = no_capture` it
    /// then captured nothing). Reported whatever the `grand_slam` rule.
    pub grand_slam: bool,
    /// The mover moves again.
    pub extra_turn: bool,
    /// Houses lifted to relay the sowing (docs/rules.md section 3; 0
    /// without relay sowing).
    pub relays: u8,
    /// The move ended because one more lift would have passed
    /// `relay_limit`: it captured nothing and earned no extra turn.
    pub relay_limited: bool,
    /// The house the move made the mover's tuzdyk (its seeds are in
    /// [`Effect::captured`]), if it made one.
    pub tuzdyk: Option<Cup>,
    /// The house the move made the mover's child (`children`,
    /// docs/rules.md section 5; its seeds are in [`Effect::captured`]),
    /// if it made one.
    pub child: Option<Cup>,
    /// The game ended with this move.
    pub ended: Option<EndReason>,
    captured_cups: u128,
    /// The sides passed over after the move, one bit each.
    passed: u8,
    players: u8,
    stride: u8,
    houses: u8,
}

impl Effect {
    /// The sides passed over after the move under `no_move = pass`
    /// (docs/rules.md section 7), in turn order: each had no legal move
    /// when its turn came, so the turn went on to the side now to move.
    /// Under an extra turn the mover itself may be passed over, first.
    /// Empty when nobody was passed, as always under `no_move = end`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Position, Preset, Rules, Setup, Side};
    ///
    /// // Vai Lung Thlan passes. Side 0's house 2 sows its seed into the
    /// // empty house 3 and captures it; side 1 has no seed left to move,
    /// // so it is passed over and side 0 moves again.
    /// let rules = Rules::new(&Preset::VaiLungThlan.rules())?;
    /// let setup: Setup = "2,1,0,0,0,0:30 0,0,0,0,0,0:27 to=0 ply=40".parse()?;
    /// let mut pos = Position::from_setup(&rules, &setup)?;
    /// let effect = pos.play(Move::House(2))?;
    /// assert_eq!(effect.passed().collect::<Vec<_>>(), [Side::new(1)]);
    /// assert_eq!(pos.to_string(), "2,0,0,0,0,0:31 0,0,0,0,0,0:27 to=0 ply=41");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn passed(&self) -> impl Iterator<Item = Side> + '_ {
        let (mover, players) = (self.side.index(), usize::from(self.players));
        // The passed sides follow each other from the side due to move,
        // which is the mover's after an extra turn, the next side's
        // otherwise: listing from the mover keeps turn order.
        (0..players)
            .map(move |k| (mover + k) % players)
            .filter(move |&s| self.passed & (1 << s) != 0)
            .map(Side::new)
    }

    /// The cups the capture emptied, in board order.
    pub fn captured_cups(&self) -> impl Iterator<Item = Cup> + '_ {
        let mut bits = self.captured_cups;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(cup_of(c, self.stride, self.houses))
        })
    }
}

/// The cup at index `c` of a board of the given shape, as players name it.
pub(super) fn cup_of(c: usize, stride: u8, houses: u8) -> Cup {
    let side = Side::new(c / usize::from(stride));
    let i = c % usize::from(stride);
    if i == usize::from(houses) {
        Cup::Store { side }
    } else {
        Cup::House {
            side,
            number: i as u8 + 1,
        }
    }
}

impl<'r> Position<'r> {
    /// Plays `m` if it is legal.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`], handing `m` back with the reason, if `m` is not in
    /// [`Position::legal_moves`]; the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<Effect, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove {
                mv: m,
                reason: self.why_illegal(m),
            });
        }
        let r = self.rules;
        let side = self.to_move();
        let mut effect = Effect {
            mv: m,
            side,
            sown: 0,
            last: None,
            captured: 0,
            sow_taken: 0,
            grand_slam: false,
            extra_turn: false,
            relays: 0,
            relay_limited: false,
            tuzdyk: None,
            child: None,
            ended: None,
            captured_cups: 0,
            passed: 0,
            players: r.players() as u8,
            stride: r.stride,
            houses: r.houses,
        };
        match m {
            Move::Swap => self.swap(),
            Move::House(n) | Move::Directed(n, _) => {
                let sown = self.moved_house(side, usize::from(n));
                effect.sown = sown.and_then(|(s, h)| self.house(s, h)).unwrap_or(0);
                let (h, dir) = r.move_dir(side.index(), m).expect("a legal house move");
                let sowing =
                    self.sow_house::<true, KERNEL_GENERAL>(h, dir, &mut effect.captured_cups);
                effect.last = Some(cup_of(usize::from(sowing.last), r.stride, r.houses));
                effect.captured = sowing.captured;
                effect.sow_taken = sowing.sow_taken;
                effect.grand_slam = sowing.grand_slam;
                effect.extra_turn = sowing.extra_turn;
                effect.relays = sowing.lifts;
                effect.relay_limited = sowing.limited;
                let owned = sowing.tuzdyk.then_some(effect.last).flatten();
                if r.children {
                    effect.child = owned;
                } else {
                    effect.tuzdyk = owned;
                }
            }
        }
        effect.ended = self.state.over;
        if r.passes {
            // The side due to move: the mover again after a swap or an
            // extra turn (`extra_turn` is false for a swap).
            let due = if effect.extra_turn || m == Move::Swap {
                side.index()
            } else {
                usize::from(r.next_side[side.index()])
            };
            effect.passed = self.passed_since(due);
        }
        Ok(effect)
    }

    /// Plays `m` without checking that it is legal: the fast path for
    /// search and playouts, which take moves from [`Position::legal_moves`].
    /// Use [`Position::play`] to learn what the move did.
    ///
    /// # Panics
    ///
    /// With debug assertions on, if `m` is not legal. Without them, an
    /// illegal move may panic or leave a position the rules could not
    /// reach; it never causes undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self}");
        match m {
            Move::House(n) => {
                let h = usize::from(n).wrapping_sub(1);
                // One instance of the sowing per kernel; the branch goes
                // the same way every move of a game. Only the general one
                // sows against the board's order (a split row's first
                // half, side 1 under `opposed`).
                match self.rules.kernel {
                    KERNEL_NO_CAPTURE => self.sow_house::<false, KERNEL_NO_CAPTURE>(h, 0, &mut 0),
                    KERNEL_OPPOSITE => self.sow_house::<false, KERNEL_OPPOSITE>(h, 0, &mut 0),
                    KERNEL_COUNT => self.sow_house::<false, KERNEL_COUNT>(h, 0, &mut 0),
                    _ => {
                        let side = usize::from(self.state.to_move);
                        let dir = self.rules.house_dir(side, h);
                        self.sow_house::<false, KERNEL_GENERAL>(h, dir, &mut 0)
                    }
                };
            }
            Move::Directed(..) => {
                self.sow_directed(m);
            }
            Move::Swap => self.swap(),
        }
    }

    /// Plays the directed move `m` with the general kernel, in the
    /// direction the mover chose ([`Rules::move_dir`]).
    #[inline(never)]
    fn sow_directed(&mut self, m: Move) -> Sowing {
        // An illegal move is the caller's bug; sow it as house 1 rather
        // than index past the board.
        let side = usize::from(self.state.to_move);
        let (h, dir) = self.rules.move_dir(side, m).unwrap_or((0, 0));
        self.sow_house::<false, KERNEL_GENERAL>(h, dir, &mut 0)
    }

    /// Sows house `h` (0-based) of the side to move in direction `dir`
    /// (0 under `plain` rules) with kernel `K` (the rules' own or the
    /// general one) and settles the turn.
    #[inline]
    fn sow_house<const REPORT: bool, const K: u8>(
        &mut self,
        h: usize,
        dir: usize,
        captured_cups: &mut u128,
    ) -> Sowing {
        let r = self.rules;
        let side = self.to_move().index();
        // Only two rules look at the move count.
        let sowings = if r.counts_sowings {
            self.sowings()
        } else {
            u32::MAX
        };
        // `no_undo` looks at a single seed lifted from an end house; only
        // the general kernel sows split rows (`compile::kernel`).
        debug_assert!(K == KERNEL_GENERAL || !r.no_undo);
        let single = K == KERNEL_GENERAL && r.no_undo && self.state.cups[r.base(side) + h] == 1;
        let state = &mut self.state;
        let mut sowing = r.sow::<REPORT, K>(
            &mut state.cups,
            &mut state.tuzdyk,
            side,
            h,
            dir,
            sowings,
            captured_cups,
        );
        if r.pie_rule && side == 1 && self.state.pie == PieState::Pending {
            self.state.pie = PieState::Declined;
        }
        self.state.ply += 1;
        // Rules with the limit play with the general kernel
        // (`compile::kernel`); without it the count stays 0 (`from_setup`
        // allows no other), and the common path neither reads nor writes it.
        debug_assert!(K == KERNEL_GENERAL || r.capture_turn_limit == 0);
        if K == KERNEL_GENERAL && r.capture_turn_limit > 0 {
            (sowing.extra_turn, self.state.capture_turns) =
                capture_turns_after(r, sowing.extra_turn, sowing.last, self.state.capture_turns);
        }
        if !sowing.extra_turn {
            self.state.to_move = r.next_side[side];
        }
        if K == KERNEL_GENERAL && r.no_undo {
            self.state.barred = barred_after(r, &self.state.cups, side, h, single, &sowing);
        }
        // A relay lift can empty any side's house, like a capture.
        self.settle(
            if sowing.captured > 0 || sowing.sow_taken > 0 || sowing.lifts > 0 {
                Changed {
                    mover: Some(side),
                    ..Changed::ALL
                }
            } else {
                Changed {
                    sides: Sides::Mover(side),
                    stores: r.stores_on_track,
                    mover: Some(side),
                }
            },
        );
        sowing
    }

    fn swap(&mut self) {
        self.state.pie = PieState::Swapped;
        self.state.ply += 1;
        let mover = Some(self.to_move().index());
        self.settle(Changed {
            mover,
            ..Changed::NOTHING
        });
    }
}

/// `no_undo` (docs/rules.md section 4) after side `side` sowed its house
/// `h` (0-based), which held one seed if `single`: the house of the
/// opponent's that its next sowing may not lift (from 1), or 0. A single
/// seed from an end house that fell, with no relay lift and no extra
/// move, into the opponent's house across that end of the row and lies
/// there alone (nothing took it) is barred: moving it would send it
/// straight back.
#[cold]
#[inline(never)]
fn barred_after(
    r: &Rules,
    cups: &[u8],
    side: usize,
    h: usize,
    single: bool,
    sowing: &Sowing,
) -> u8 {
    let houses = usize::from(r.houses);
    if !single || sowing.extra_turn || sowing.lifts > 0 || (h != 0 && h + 1 != houses) {
        return 0;
    }
    let across = houses - 1 - h;
    let cup = r.base(1 - side) + across;
    if usize::from(sowing.last) == cup && cups[cup] == 1 {
        across as u8 + 1
    } else {
        0
    }
}

/// `capture_extra_turn_limit` (docs/rules.md section 5) after a sowing
/// whose last seed fell in `last` and that earned an extra move if
/// `extra_turn`, with `count` capture-earned extra moves in the turn so
/// far: whether the extra move stands, and the count after the sowing.
/// A store landing never captures, so an extra move whose last seed is
/// in a house was earned by the capture, and counts against the limit;
/// it is withdrawn once the limit is reached. A new turn starts the
/// count again, as a pass (`Position::pass`) or the end of the game
/// (`finish`) do.
///
/// A function of values (no `&mut` of the position or the sowing), out
/// of line: `sow_house` calling a method on `&mut self` and the sowing
/// kept them in memory and read the rules again on every move (issue
/// 30).
#[cold]
#[inline(never)]
fn capture_turns_after(r: &Rules, extra_turn: bool, last: u8, count: u8) -> (bool, u8) {
    let in_store = usize::from(last) % usize::from(r.stride) == usize::from(r.houses);
    if !extra_turn {
        (false, 0)
    } else if in_store {
        (true, count)
    } else if count < r.capture_turn_limit {
        (true, count + 1)
    } else {
        (false, 0)
    }
}
