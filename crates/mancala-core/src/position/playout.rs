//! Playing games out fast, for random playouts and the rollouts of
//! Monte Carlo search: [`Position::play_out`] and [`Playout`].
//!
//! Under rules the two-register form can play (two players, at most 7
//! houses a side, plain sowing with no capture, the opposite or the count
//! capture: see `rules/registers.rs`), the board lives in two `u64`s,
//! one per side, seen from the side to move, and the common move is a
//! table lookup, two additions and a few tests, with no write to the
//! position. A move the tests cannot vouch for (one that may capture,
//! sows more seeds than a lap, may end the game, or leaves a side to move
//! that must be fed or has no move) is played on the position by
//! [`Position::play_unchecked`] instead, from the board before it: the
//! fast path only ever plays moves whose whole effect it knows, so every
//! game is the game the general path plays. [`Playout::play_lanes`]
//! (and [`Playout::play_lanes_from`], each game from its own start)
//! plays several games in turn, a move each, with that same move
//! (`Fast::step`), in rounds: a move of each lane, the lanes the move
//! cannot go on with seen to after the round. The rule flags the move
//! reads are a const parameter of the loop: it is compiled for the
//! flags of Kalah, Oware, Wari and Mancala basic, and reads them at run
//! time under other rules.

use super::Position;
use crate::mv::{BYTE_COUNT, BYTE_SELECT, Move, MoveList};
use crate::outcome::EndReason;
use crate::rules::{
    ENTRIES, INFO_ACROSS_SHIFT, INFO_EXTRA, INFO_LAST, INFO_MAY_CAPTURE, KERNEL_COUNT,
    KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, PREV_NONE, Registers, Rules, SIDE_ENTRIES, SOWN, Sown,
    byte_sum, nonzero_bytes,
};
use crate::ruleset::{CountSet, GrandSlam, Leftover};

use crate::seen::{Key, Seen, Whole};
use crate::setup::PieState;

/// Where a play-out gets its moves ([`Position::play_out`],
/// [`Playout::play_out`]): given the number of legal moves (at least 1),
/// the index of the one to play, in [`Position::legal_moves`] order (an
/// index past the last plays the last).
///
/// Every `FnMut(usize) -> usize` closure is one. The fastest is a type
/// that owns its generator, so that the play-out can keep the
/// generator's state in registers; a closure that borrows a generator
/// makes it go through memory at every move.
///
/// # Examples
///
/// ```
/// use mancala_core::{Choose, Position, Preset, Rules};
///
/// /// Uniform choices from a xorshift generator it owns.
/// struct Xorshift(u64);
///
/// impl Choose for Xorshift {
///     fn pick(&mut self, moves: usize) -> usize {
///         self.0 ^= self.0 << 13;
///         self.0 ^= self.0 >> 7;
///         self.0 ^= self.0 << 17;
///         ((self.0 >> 32) * moves as u64 >> 32) as usize
///     }
/// }
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let mut pos = Position::new(&rules);
/// pos.play_out(u32::MAX, &mut Xorshift(7));
/// assert!(pos.is_over());
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub trait Choose {
    /// The index of the move to play among `moves` legal moves.
    fn pick(&mut self, moves: usize) -> usize;
}

impl<F: FnMut(usize) -> usize> Choose for F {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        self(moves)
    }
}

impl<'r> Position<'r> {
    /// Plays the game on from here until it is over or `max_moves` moves
    /// have been played, choosing every move with `choose`; returns the
    /// moves played. `choose` is given the number of legal moves and
    /// returns the index of the one to play, in
    /// [`Position::legal_moves`] order (an index past the last plays the
    /// last). A position has no history, so the `repetition` end
    /// condition does not apply: [`Playout`] applies it.
    ///
    /// It plays the very games that [`Position::play_unchecked`] on the
    /// move `choose` picks from [`Position::legal_moves`] plays: under the
    /// rules [`Rules::plays_in_registers`] names (the seeded two-player
    /// games among them) with the board in two registers, 1.4 to 1.6
    /// times as fast; under others move by move. It cannot fail: every
    /// index `choose` returns plays a legal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let mut pos = Position::new(&rules);
    /// // Always the first legal move, for at most 10 moves.
    /// assert_eq!(pos.play_out(10, &mut |_| 0), 10);
    /// assert_eq!(pos.ply(), 10);
    /// // And on to the end.
    /// let moves = pos.play_out(u32::MAX, &mut |_| 0);
    /// assert!(pos.is_over());
    /// assert_eq!(pos.ply(), 10 + moves);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn play_out(&mut self, max_moves: u32, choose: &mut impl Choose) -> u32 {
        let (mut words, mut whole) = (Seen::default(), Seen::default());
        self.play_out_with::<false>(&mut words, &mut whole, max_moves, choose)
    }

    /// [`Position::play_out`], the `repetition` end condition applied
    /// when `REP` is on: with `words` to the positions of the
    /// two-register form, with `whole` to the others.
    #[inline]
    fn play_out_with<const REP: bool>(
        &mut self,
        words: &mut Seen<Words>,
        whole: &mut Seen<Whole>,
        max_moves: u32,
        choose: &mut impl Choose,
    ) -> u32 {
        let r = self.rules;
        let Some(regs) = &r.registers else {
            let mut left = max_moves;
            loop {
                // No legal move: the game is over.
                let moves = self.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Before the budget: the last move's position too may
                // come back (and end the game, as in a `History`).
                if REP && whole.seen(self.era() + self.stores(), Whole::of(self)) {
                    self.end_by_repetition();
                    break;
                }
                if left == 0 {
                    break;
                }
                self.play_chosen(moves, choose);
                left -= 1;
            }
            return max_moves - left;
        };
        let fast = Fast::new(r, regs, u32::from(self.state.total));
        match (r.kernel, fast.specialised(r.kernel)) {
            (KERNEL_OPPOSITE, F_KALAH) => {
                self.run::<KERNEL_OPPOSITE, F_KALAH, REP>(&fast, regs, words, max_moves, choose)
            }
            (KERNEL_OPPOSITE, _) => {
                self.run::<KERNEL_OPPOSITE, F_DYN, REP>(&fast, regs, words, max_moves, choose)
            }
            (KERNEL_COUNT, F_OWARE) => {
                self.run::<KERNEL_COUNT, F_OWARE, REP>(&fast, regs, words, max_moves, choose)
            }
            (KERNEL_COUNT, F_WARI) => {
                self.run::<KERNEL_COUNT, F_WARI, REP>(&fast, regs, words, max_moves, choose)
            }
            (KERNEL_COUNT, _) => {
                self.run::<KERNEL_COUNT, F_DYN, REP>(&fast, regs, words, max_moves, choose)
            }
            (_, F_BASIC) => {
                self.run::<KERNEL_NO_CAPTURE, F_BASIC, REP>(&fast, regs, words, max_moves, choose)
            }
            _ => self.run::<KERNEL_NO_CAPTURE, F_DYN, REP>(&fast, regs, words, max_moves, choose),
        }
    }

    /// The playout loop in the two-register form, for rules whose kernel
    /// is `K` and flags `F`: [`Fast::moves`] plays the moves it can vouch
    /// for, this loop the others. With `REP`, a position that comes back
    /// since seeds last left the board ends the game, as in a
    /// [`History`](crate::History).
    #[inline(always)]
    fn run<const K: u8, const F: u32, const REP: bool>(
        &mut self,
        fast: &Fast<'_>,
        regs: &Registers,
        boards: &mut Seen<Words>,
        max_moves: u32,
        choose: &mut impl Choose,
    ) -> u32 {
        let mut left = max_moves;
        while let Some(mut st) = self.enter::<REP>(regs, boards, &mut left, choose) {
            // The move count is worked out from `left` when written back.
            let ply = self.state.ply.wrapping_add(st.left);
            let exit = if fast.small() {
                fast.moves::<K, F, REP, true>(&mut st, self.era(), boards, choose)
            } else {
                fast.moves::<K, F, REP, false>(&mut st, self.era(), boards, choose)
            };
            let more = self.leave(&mut st, ply, exit);
            left = st.left;
            if !more {
                break;
            }
        }
        max_moves - left
    }

    /// The way into the two-register form: plays the moves the general
    /// path must play (while a rule looks at the move count, or a swap
    /// may be a legal move), `left` counting down the budget; returns the
    /// position in registers, or `None` if the game is over, the budget
    /// spent or (with `REP`) a position has come back (which ends the
    /// game, `boards` holding the positions since seeds last left the
    /// board).
    #[inline(always)]
    fn enter<const REP: bool>(
        &mut self,
        regs: &Registers,
        boards: &mut Seen<Words>,
        left: &mut u32,
        choose: &mut impl Choose,
    ) -> Option<Regs> {
        let r = self.rules;
        while !self.is_over() {
            let (mover, other) = self.words(regs);
            // Before the budget: the position of the budget's last move,
            // played by the general path, may have come back too.
            if REP {
                let era = self.era() + self.store_of(regs, mover) + self.store_of(regs, other);
                if boards.seen(era, Words(mover, other, u32::from(self.state.to_move))) {
                    self.end_by_repetition();
                    return None;
                }
            }
            if *left == 0 {
                return None;
            }
            if self.sowings() < r.ply_horizon || (r.pie_rule && self.state.pie == PieState::Pending)
            {
                // A rule still looks at the move count, or a swap may be
                // a legal move: the general path.
                self.play_chosen(self.legal_moves(), choose);
                *left -= 1;
                continue;
            }
            return Some(Regs {
                mover,
                other,
                side: usize::from(self.state.to_move) * SIDE_ENTRIES,
                // No swap here: the general path plays while one may be legal.
                legal: self.state.legal as u32,
                left: *left,
            });
        }
        None
    }

    /// The way out of the two-register form: writes `st` back, the move
    /// count `ply` less the budget left, and does what `exit` asks (the
    /// general path's move counted in `st.left`); returns whether the
    /// game may go on (through [`Position::enter`] again).
    #[inline(always)]
    fn leave(&mut self, st: &mut Regs, ply: u32, exit: Exit) -> bool {
        self.put(st, ply.wrapping_sub(st.left));
        match exit {
            Exit::Budget => false,
            Exit::General(house) => {
                self.play_unchecked(Move::House(house + 1));
                st.left -= 1;
                true
            }
            Exit::Ended(reason) => {
                self.state.over = Some(reason);
                false
            }
            Exit::Repeated => {
                self.end_by_repetition();
                false
            }
        }
    }

    /// The store of a side word.
    #[inline(always)]
    fn store_of(&self, regs: &Registers, word: u64) -> u32 {
        u32::from((word >> regs.store_shift) as u8)
    }

    /// Plays the move `choose` picks from `moves`, the legal moves, by the
    /// general path.
    #[inline(always)]
    fn play_chosen(&mut self, moves: MoveList, choose: &mut impl Choose) {
        let index = choose.pick(moves.len()).min(moves.len() - 1);
        self.play_unchecked(moves.get(index).expect("an index below len() is a move"));
    }

    /// Seeds in the stores, as the `repetition` era counts them (none
    /// under `relay_store`, see `Position::repetition_era`).
    fn stores(&self) -> u32 {
        self.repetition_era() - u32::from(self.state.discarded)
    }

    /// What a position can never come back to once it changes, less the
    /// stores (which the loop adds): the seeds discarded and the pie
    /// rule's state, which only ever move on.
    fn era(&self) -> u32 {
        u32::from(self.state.discarded) | (self.state.pie as u32) << 16
    }

    /// The two side words, the side to move's first.
    #[inline(always)]
    fn words(&self, regs: &Registers) -> (u64, u64) {
        let side = self.state.to_move;
        let stride = usize::from(self.rules.stride);
        let word = |at: usize| {
            let bytes = self.state.cups[at..]
                .first_chunk::<8>()
                .expect("CUPS leaves 8 bytes after every side's house 1");
            u64::from_le_bytes(*bytes) & regs.side_mask
        };
        let (zero, one) = (word(0), word(stride));
        if side == 0 { (zero, one) } else { (one, zero) }
    }

    /// Writes the position in registers back, after `ply` moves.
    #[inline(always)]
    fn put(&mut self, st: &Regs, ply: u32) {
        let stride = usize::from(self.rules.stride);
        let side = st.side / SIDE_ENTRIES;
        let (zero, one) = if side == 0 {
            (st.mover, st.other)
        } else {
            (st.other, st.mover)
        };
        // The bytes of a side word past its store are 0: side 1's word,
        // written second, puts back the bytes side 0's covered.
        for (at, word) in [(0, zero), (stride, one)] {
            let cell = self.state.cups[at..]
                .first_chunk_mut::<8>()
                .expect("CUPS leaves 8 bytes after every side's house 1");
            *cell = word.to_le_bytes();
        }
        self.state.to_move = side as u8;
        self.state.legal = u64::from(st.legal);
        self.state.ply = ply;
    }
}

/// A position in the two-register form, with the playout's budget.
#[derive(Clone, Copy, Debug)]
struct Regs {
    /// The side to move's word.
    mover: u64,
    /// The other side's word.
    other: u64,
    /// The side to move, as where its table entries start (0 or
    /// [`SIDE_ENTRIES`]).
    side: usize,
    /// Its legal moves.
    legal: u32,
    /// Moves left in the budget.
    left: u32,
}

/// What [`Fast::at_edge`] found: why the loop stops, or that it goes on
/// with the side to move restricted to the moves that feed the other.
#[derive(Clone, Copy, Debug)]
enum Edge {
    /// The loop stops.
    Exit(Exit),
    /// The other side is empty and must be fed (`must_feed`,
    /// docs/rules.md section 4): these houses (0-based bits) of the side
    /// to move do, and at least one does.
    Feed(u32),
}

/// Why [`Fast::moves`] stopped.
#[derive(Clone, Copy, Debug)]
enum Exit {
    /// The budget is spent.
    Budget,
    /// This house (0-based) is the move, for the general path to play.
    General(u8),
    /// A move emptied a side and ended the game this way.
    Ended(EndReason),
    /// A move brought back a position (under `repetition`).
    Repeated,
}

/// The rules of the two-register loop, read once per playout, and the
/// loop.
struct Fast<'a> {
    sow: &'a [Sown; ENTRIES],
    capture: Capture<'a>,
    /// The counts the count capture takes, less 0 (a house the last
    /// seed lands in holds one at least).
    landing_counts: CountSet,
    /// Those under 64 ([`CountSet::below_64`]), what the loop reads when
    /// the game has fewer seeds (`SMALL`).
    landing_low: u64,
    house_mask: u64,
    store_shift: u32,
    /// Seeds in the game.
    total: u32,
    /// Half the seeds, rounded up, under `majority`; else more than a
    /// store can hold.
    half: u32,
    /// The rules' `F_*` bits, what the loop reads of them when its `F`
    /// is [`F_DYN`].
    flags: u32,
    /// The end of an emptied side that the loop makes itself, if any,
    /// as the flags say (what [`F_DYN`] reads).
    empty_end: Option<EndReason>,
}

/// The rule flags the two-register loop reads, as bits of its const
/// parameter `F`: a set of bits known at compile time for the rule sets
/// it is specialised for (Kalah's [`F_KALAH`], Oware's [`F_OWARE`],
/// Wari's [`F_WARI`], Mancala basic's [`F_BASIC`]),
/// so that the tests of the others fold away; [`F_DYN`] for the rest,
/// which read the bits of [`Fast::flags`] at run time.
const F_DYN: u32 = 1 << 31;
/// `capture_extra_turn`.
const F_CAPTURE_EXTRA: u32 = 1 << 0;
/// `end_on_empty`.
const F_END_ON_EMPTY: u32 = 1 << 1;
/// `end_majority`.
const F_MAJORITY: u32 = 1 << 2;
/// `stores_on_track`.
const F_STORES_ON_TRACK: u32 = 1 << 3;
/// `must_feed`.
const F_MUST_FEED: u32 = 1 << 4;
/// The loop ends a game on an emptied side itself, the board left as it
/// is ([`EndReason::EmptyFirst`]).
const F_END_EMPTY_FIRST: u32 = 1 << 5;
/// The loop ends a game on an emptied side itself, the seeds going to
/// their owners ([`EndReason::AnySideEmpty`]).
const F_END_ANY_EMPTY: u32 = 1 << 6;
/// The capture takes an empty opposite house's capturing seed too.
const F_EMPTY_OPPOSITE: u32 = 1 << 7;
/// A grand slam captures nothing.
const F_CANCEL_GRAND_SLAM: u32 = 1 << 8;
/// The count capture goes on along a chain.
const F_CHAIN: u32 = 1 << 9;
/// The count capture takes from the other side's houses only: a landing
/// that may capture is a byte of the other side's word.
const F_ACROSS: u32 = 1 << 10;
/// Kalah's flags (`kalah` and the rule sets that share them).
const F_KALAH: u32 = F_END_ON_EMPTY | F_STORES_ON_TRACK | F_END_ANY_EMPTY;
/// Oware's flags (`oware` and the rule sets that share them).
const F_OWARE: u32 =
    F_MAJORITY | F_MUST_FEED | F_END_ANY_EMPTY | F_CANCEL_GRAND_SLAM | F_CHAIN | F_ACROSS;
/// Wari's flags (`wari`, `al-manqala`, `songo`): Oware's but for the
/// grand slam, which captures.
/// Without [`F_ACROSS`]: Al-manqala captures in its own row too, and the
/// loop plays Wari's rules, which have it, as well (reading the landing
/// off the two words).
const F_WARI: u32 = F_MAJORITY | F_MUST_FEED | F_END_ANY_EMPTY | F_CHAIN;
/// Mancala basic's flags (`mancala-basic`: no capture, the board left as
/// it is when a side empties).
const F_BASIC: u32 = F_END_ON_EMPTY | F_STORES_ON_TRACK | F_END_EMPTY_FIRST;

/// Whether flag `bit` is on: from `F` when it is known at compile time,
/// else from the rules' `flags`.
#[inline(always)]
const fn on<const F: u32>(flags: u32, bit: u32) -> bool {
    if F & F_DYN != 0 {
        flags & bit != 0
    } else {
        F & bit != 0
    }
}

impl<'a> Fast<'a> {
    fn new(r: &Rules, regs: &'a Registers, total: u32) -> Fast<'a> {
        Fast {
            sow: &regs.sow,
            landing_counts: r.counts.without_zero(),
            landing_low: r.counts.without_zero().below_64(),
            capture: Capture {
                counts: r.counts,
                counts_low: r.counts.below_64(),
                prev: &regs.prev,
                house_mask: regs.house_mask,
                store_shift: regs.store_shift,
            },
            house_mask: regs.house_mask,
            store_shift: regs.store_shift,
            total,
            half: if r.end_majority {
                total.div_ceil(2)
            } else {
                256
            },
            flags: Fast::flags_of(r),
            empty_end: None,
        }
        .with_empty_end()
    }

    /// `self` with its `empty_end` read off its flags.
    fn with_empty_end(mut self) -> Self {
        self.empty_end = if self.flags & F_END_EMPTY_FIRST != 0 {
            Some(EndReason::EmptyFirst)
        } else if self.flags & F_END_ANY_EMPTY != 0 {
            Some(EndReason::AnySideEmpty)
        } else {
            None
        };
        self
    }

    /// The `F_*` bits of rules `r`.
    fn flags_of(r: &Rules) -> u32 {
        let bit = |on: bool, bit: u32| if on { bit } else { 0 };
        let empty_end = if r.end_take_all {
            0
        } else if r.end_empty_first {
            F_END_EMPTY_FIRST
        } else if r.leftover == Leftover::Owner {
            F_END_ANY_EMPTY
        } else {
            0
        };
        empty_end
            | bit(r.capture_extra_turn, F_CAPTURE_EXTRA)
            | bit(r.end_on_empty, F_END_ON_EMPTY)
            | bit(r.end_majority, F_MAJORITY)
            | bit(r.stores_on_track, F_STORES_ON_TRACK)
            | bit(r.must_feed, F_MUST_FEED)
            | bit(r.capture_empty_opposite, F_EMPTY_OPPOSITE)
            | bit(r.grand_slam == GrandSlam::NoCapture, F_CANCEL_GRAND_SLAM)
            | bit(r.chain, F_CHAIN)
            | bit(
                r.kernel == KERNEL_COUNT && r.registers.as_ref().is_some_and(|regs| regs.across),
                F_ACROSS,
            )
    }

    /// The `F` to specialise the loop for under kernel `k`: Kalah's or
    /// Oware's flags when the rules have them, else [`F_DYN`].
    fn specialised(&self, k: u8) -> u32 {
        match (k, self.flags) {
            (KERNEL_OPPOSITE, F_KALAH) => F_KALAH,
            (KERNEL_COUNT, F_OWARE) => F_OWARE,
            (KERNEL_COUNT, flags) if flags & !F_ACROSS == F_WARI => F_WARI,
            (KERNEL_NO_CAPTURE, F_BASIC) => F_BASIC,
            _ => F_DYN,
        }
    }

    /// Whether flag `bit` is on, under the loop's `F`.
    #[inline(always)]
    fn on<const F: u32>(&self, bit: u32) -> bool {
        on::<F>(self.flags, bit)
    }

    /// The end of an emptied side that the loop makes itself, if any:
    /// the board left as it is, or the seeds going to their owners.
    #[inline(always)]
    fn empty_end<const F: u32>(&self) -> Option<EndReason> {
        if F & F_DYN != 0 {
            self.empty_end
        } else if F & F_END_EMPTY_FIRST != 0 {
            Some(EndReason::EmptyFirst)
        } else if F & F_END_ANY_EMPTY != 0 {
            Some(EndReason::AnySideEmpty)
        } else {
            None
        }
    }

    /// Whether the game has fewer seeds than [`SOWN`], so that no house
    /// can hold more than the tables sow: the loop's `SMALL`, under which
    /// it makes no test of a house's count against them.
    fn small(&self) -> bool {
        self.total < u32::from(SOWN)
    }

    /// The store of a side word.
    #[inline(always)]
    fn store(&self, word: u64) -> u32 {
        u32::from((word >> self.store_shift) as u8)
    }

    /// Plays the moves `choose` picks from `st` while their whole effect
    /// is known here, under kernel `K`; stops at the first move that needs
    /// the general path (`st` is then the position before it), at the
    /// end of the game or of the budget, or (with `REP`) at a repeated
    /// position, recorded in `boards`, of era `era` less the stores.
    /// No call is made from the loop, so that all of it, the generator
    /// of `choose` included, stays in registers. `SMALL`: the game has
    /// fewer seeds than [`SOWN`] ([`Fast::small`]).
    #[inline(never)]
    fn moves<const K: u8, const F: u32, const REP: bool, const SMALL: bool>(
        &self,
        st: &mut Regs,
        era: u32,
        boards: &mut Seen<Words>,
        choose: &mut impl Choose,
    ) -> Exit {
        // A copy of its own, so that the loop keeps it in registers.
        let mut here = *st;
        let exit = loop {
            if here.left == 0 {
                break Exit::Budget;
            }
            if let Some(exit) = self.step::<K, F, REP, SMALL>(&mut here, era, boards, choose) {
                break exit;
            }
        };
        *st = here;
        exit
    }

    /// Plays one move, the one `choose` picks from `st` (with a move of
    /// the budget left), if its whole effect is known here, under kernel
    /// `K`: the body of [`Fast::moves`] and of the lanes of
    /// [`Playout::play_lanes`]. Returns `None` when the game goes on in
    /// registers; else why it cannot: a move for the general path (`st`
    /// unchanged, the position before it), the end of the game, or (with
    /// `REP`) a repeated position, recorded in `boards`, of era `era` less
    /// the stores (`st` then the position after the move).
    #[inline(always)]
    fn step<const K: u8, const F: u32, const REP: bool, const SMALL: bool>(
        &self,
        st: &mut Regs,
        era: u32,
        boards: &mut Seen<Words>,
        choose: &mut impl Choose,
    ) -> Option<Exit> {
        let house_mask = self.house_mask;
        let (mover, other, side) = (st.mover, st.other, st.side);
        let mask = st.legal as usize & 0xff;
        let count = usize::from(BYTE_COUNT[mask]);
        // Past its last set bit, a row of `BYTE_SELECT` repeats it: an
        // index past the last move plays the last with a clamp to the
        // row alone, not to the count.
        let house = usize::from(BYTE_SELECT[mask][choose.pick(count).min(7)]);
        let n = (mover >> (8 * house)) as u8;
        if !SMALL && n >= SOWN {
            // More seeds than the tables sow (a branch that goes the
            // same way nearly every move).
            return Some(Exit::General(house as u8));
        }
        let sown = self.sow[Registers::index(side, house, n)];
        let info = sown.info;
        let (mut m, mut o) = (
            mover.wrapping_add(sown.mover),
            other.wrapping_add(sown.other),
        );
        let captured = match K {
            KERNEL_OPPOSITE => self
                .capture
                .take::<K, F, SMALL>(self.flags, &mut m, &mut o, 0, info),
            KERNEL_COUNT => {
                // One branch, taken only when seeds are captured (or the
                // grand slam cancels it): whether the last seed may
                // capture and its house holds a count that does, as one
                // look-up (either alone is a coin toss, and two tests
                // are two branches): the count is taken as 0, which
                // `landing_counts` never holds, when it may not.
                let at = 8 * (info & INFO_LAST) as u32;
                let landing = if self.on::<F>(F_ACROSS) {
                    // A landing that may capture is across: a byte of `o`.
                    (o >> (at & 63)) as u8
                } else {
                    ((u128::from(o) << 64 | u128::from(m)) >> at) as u8
                };
                let gate = 0u8.wrapping_sub((info & INFO_MAY_CAPTURE != 0) as u8);
                let hit = if SMALL {
                    // No house holds 64 seeds: one shift of a word in a
                    // register, no load that waits for the count.
                    self.landing_low >> (landing & gate & 63) & 1 != 0
                } else {
                    self.landing_counts.holds(landing & gate)
                };
                hit && self.capture.take::<K, F, SMALL>(
                    self.flags,
                    &mut m,
                    &mut o,
                    side / SIDE_ENTRIES,
                    info,
                )
            }
            _ => false,
        };
        let extra = (info & INFO_EXTRA != 0) | (captured & self.on::<F>(F_CAPTURE_EXTRA));
        // The turn passes unless the move earned another: masks, not
        // a branch.
        let keep = 0u64.wrapping_sub(u64::from(extra));
        let (m2, o2) = ((m & keep) | (o & !keep), (o & keep) | (m & !keep));
        let next = side ^ (SIDE_ENTRIES & !(keep as usize));
        // Only with a side empty or a store at half the seeds is there
        // an end condition, a side to feed or no move to look at.
        // (The stores ORed are at least the larger one: a cheap test
        // that may send a move here that needs nothing.)
        if ((m & house_mask == 0)
            | (o & house_mask == 0)
            | ((F & (F_DYN | F_MAJORITY) != 0) & (self.store(m | o) >= self.half)))
            && let Some(edge) = self.at_edge::<F>(st, (m, o), (m2, o2), next, house, captured)
        {
            let after = (m2, o2, next);
            return match edge {
                Edge::Exit(exit) => Some(exit),
                // The side to move must feed the other: its moves are
                // those that do.
                Edge::Feed(fed) => self.go_on::<F, REP>(st, after, fed, captured, era, boards),
            };
        }
        let legal = self.legal::<SMALL>(m2);
        self.go_on::<F, REP>(st, (m2, o2, next), legal, captured, era, boards)
    }

    /// The end of [`Fast::step`] when the game goes on: `st` takes the
    /// position after the move, `(m, o, next)` as [`Fast::repeated`]
    /// reads it, with the moves `legal` (the houses holding seeds, or
    /// those that feed an empty side), the move counted; then, with
    /// `REP`, the repetition test.
    #[inline(always)]
    fn go_on<const F: u32, const REP: bool>(
        &self,
        st: &mut Regs,
        (m, o, next): (u64, u64, usize),
        legal: u32,
        captured: bool,
        era: u32,
        boards: &mut Seen<Words>,
    ) -> Option<Exit> {
        (st.mover, st.other, st.side) = (m, o, next);
        st.legal = legal;
        st.left -= 1;
        if REP && self.repeated::<F>((m, o, next), captured, era, boards) {
            return Some(Exit::Repeated);
        }
        None
    }

    /// The houses of the side word `m` that hold a seed, a bit each.
    #[inline(always)]
    fn legal<const SMALL: bool>(&self, m: u64) -> u32 {
        if SMALL {
            // No house holds 128 seeds or more: adding 127 to each
            // byte carries into its top bit alone, and only if the
            // house holds a seed.
            const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
            let high = ((m & self.house_mask) + LOW7) & !LOW7;
            ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        } else {
            nonzero_bytes(m & self.house_mask)
        }
    }

    /// Under `repetition`: whether the position `(m, o, next)` just
    /// reached (the side to move's word, the other's, the side to move's
    /// table offset) was seen in its era, `era` plus the stores;
    /// records it if not. `captured`: whether the move captured.
    #[inline(always)]
    fn repeated<const F: u32>(
        &self,
        (m, o, next): (u64, u64, usize),
        captured: bool,
        era: u32,
        boards: &mut Seen<Words>,
    ) -> bool {
        let key = Words(m, o, (next / SIDE_ENTRIES) as u32);
        if F & (F_DYN | F_STORES_ON_TRACK) == 0 {
            // Seeds reach a store only by a capture: the era changes
            // only then (and `enter` set it on the way in).
            if captured {
                boards.restart(era + self.store(m) + self.store(o));
            }
            boards.insert(key)
        } else {
            boards.seen(era + self.store(m) + self.store(o), key)
        }
    }

    /// The rest of [`Fast::step`] after a move that emptied a side or
    /// may have filled a store to half the seeds: `(m, o)` the mover's
    /// and the other's words after it, `(m2, o2)` the side to move's and
    /// the other's, `next` the side to move's table offset. `None` when
    /// the game goes on in registers (`st` not yet written); else the
    /// end the loop makes itself (`st` then the position after it), or a
    /// move for the general path (`st` unchanged).
    #[inline(always)]
    fn at_edge<const F: u32>(
        &self,
        st: &mut Regs,
        (m, o): (u64, u64),
        (m2, o2): (u64, u64),
        next: usize,
        house: usize,
        captured: bool,
    ) -> Option<Edge> {
        let house_mask = self.house_mask;
        // The end conditions read off the board (`board_ends_game`):
        // a side is empty (only the mover's can be, unless seeds
        // were captured), or a store holds half the seeds or more.
        let ended = self.on::<F>(F_END_ON_EMPTY)
            && (m & house_mask == 0 || (captured && o & house_mask == 0));
        let empty_end = self.empty_end::<F>();
        if ended && empty_end.is_none() {
            return Some(Edge::Exit(Exit::General(house as u8)));
        }
        if !ended
            && self.on::<F>(F_MAJORITY)
            && (self.on::<F>(F_STORES_ON_TRACK) || captured)
            && 2 * self.store(m).max(self.store(o)) >= self.total
        {
            // A majority (`has_majority`: a store of more than half the
            // seeds, or both of half) ends the game here when the seeds
            // left go to their owners (`finish` with `leftover = owner`,
            // docs/rules.md section 7), as they do at an emptied side
            // under [`F_END_ANY_EMPTY`]; any other case (one store of
            // exactly half, other leftovers) goes by the general path.
            let (twice_m, twice_o) = (2 * self.store(m), 2 * self.store(o));
            let majority = twice_m.max(twice_o) > self.total
                || (twice_m == self.total && twice_o == self.total);
            if majority && self.on::<F>(F_END_ANY_EMPTY) {
                self.finish_owner(st, (m2, o2), next);
                return Some(Edge::Exit(Exit::Ended(EndReason::Majority)));
            }
            return Some(Edge::Exit(Exit::General(house as u8)));
        }
        if let Some(reason) = empty_end
            && ended
        {
            // `finish`, for the two ends that the loop makes itself.
            if reason == EndReason::AnySideEmpty {
                self.finish_owner(st, (m2, o2), next);
            } else {
                (st.mover, st.other, st.side, st.legal) = (m2, o2, next, 0);
                st.left -= 1;
            }
            return Some(Edge::Exit(Exit::Ended(reason)));
        }
        // No move (a pass or the end): the general path.
        if m2 & house_mask == 0 {
            return Some(Edge::Exit(Exit::General(house as u8)));
        }
        if self.on::<F>(F_MUST_FEED) && o2 & house_mask == 0 {
            // A side to feed: here when no capture can undo the feeding
            // (a grand slam captures nothing, so a move that sows into
            // the empty side leaves seeds there), and some move feeds;
            // else (the `unfed` rule, or a look-ahead through a capture)
            // the general path.
            return match self.feeding::<F>(m2, next) {
                Some(fed) if fed != 0 => Some(Edge::Feed(fed)),
                _ => Some(Edge::Exit(Exit::General(house as u8))),
            };
        }
        None
    }

    /// The houses (0-based bits) of the side word `m`, of the side whose
    /// table offset is `side`, whose moves sow seeds into the other
    /// side's houses, when that settles which feed an empty side: with
    /// [`F_CANCEL_GRAND_SLAM`], and every house within the tables.
    /// `None` otherwise.
    #[inline(always)]
    fn feeding<const F: u32>(&self, m: u64, side: usize) -> Option<u32> {
        if !self.on::<F>(F_CANCEL_GRAND_SLAM) {
            return None;
        }
        let mut bits = nonzero_bytes(m & self.house_mask);
        let mut fed = 0;
        while bits != 0 {
            let house = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let n = (m >> (8 * house)) as u8;
            if n >= SOWN {
                return None;
            }
            if self.sow[Registers::index(side, house, n)].other & self.house_mask != 0 {
                fed |= 1 << house;
            }
        }
        Some(fed)
    }

    /// `finish` with the seeds left going to their owners (`leftover =
    /// owner`, docs/rules.md section 7), in registers: each side's houses
    /// emptied into its store, `(m2, o2)` the side to move's word and the
    /// other's after the move, `next` the side to move's table offset;
    /// the move counted.
    #[inline(always)]
    fn finish_owner(&self, st: &mut Regs, (m2, o2): (u64, u64), next: usize) {
        let house_mask = self.house_mask;
        let to_store = |word: u64| {
            let seeds = u64::from(byte_sum(word & house_mask));
            (word & !house_mask) + (seeds << self.store_shift)
        };
        (st.mover, st.other, st.side, st.legal) = (to_store(m2), to_store(o2), next, 0);
        st.left -= 1;
    }
}

/// The capture rules of the two-register form, read once per playout.
struct Capture<'a> {
    counts: CountSet,
    /// Those under 64 ([`CountSet::below_64`]), read when the game has
    /// fewer seeds (`SMALL`).
    counts_low: u64,
    prev: &'a [[u8; 16]; 2],
    house_mask: u64,
    store_shift: u32,
}

impl Capture<'_> {
    /// Whether the count capture takes a house of `count` seeds: from
    /// the word of counts under 64 when the game has fewer seeds
    /// (`SMALL`), else from the whole set.
    #[inline(always)]
    fn holds<const SMALL: bool>(&self, count: u8) -> bool {
        if SMALL {
            self.counts_low >> (count & 63) & 1 != 0
        } else {
            self.counts.holds(count)
        }
    }

    /// The capture of kernel `K` after a sowing by `side` (the words seen
    /// from it) that landed as `info` says (docs/rules.md section 5, as
    /// `Rules::capture` makes it); returns whether seeds were captured.
    /// The count capture must only be asked when `info` says a capture
    /// may follow and the landing house holds a count it takes.
    /// `SMALL`: the game has fewer than 64 seeds.
    #[inline(always)]
    fn take<const K: u8, const F: u32, const SMALL: bool>(
        &self,
        flags: u32,
        m: &mut u64,
        o: &mut u64,
        side: usize,
        info: u64,
    ) -> bool {
        let last = (info & INFO_LAST) as u32;
        let empty_opposite = on::<F>(flags, F_EMPTY_OPPOSITE);
        let cancel_grand_slam = on::<F>(flags, F_CANCEL_GRAND_SLAM);
        match K {
            KERNEL_OPPOSITE if !cancel_grand_slam && !empty_opposite => {
                // Plain Kalah captures, without a branch (which way it
                // goes is a coin toss): a mask of ones when the last seed
                // fell alone in an own house (`INFO_MAY_CAPTURE`) across
                // from seeds.
                let l = 8 * (last & 7);
                let across = 8 * ((info >> INFO_ACROSS_SHIFT) as u32 & 7);
                let taken = (*o >> across) & 0xff;
                let captures =
                    (info & INFO_MAY_CAPTURE != 0) & ((*m >> l) & 0xff == 1) & (taken != 0);
                // Selects the compiler must not make branches of, one a
                // word: the mover's change is the lone seed out of its
                // house and it and the taken seeds into the store.
                let sel = |x: u64| std::hint::select_unpredictable(captures, x, 0);
                let to_store = ((taken + 1) << self.store_shift).wrapping_sub(1 << l);
                *m = m.wrapping_add(sel(to_store));
                *o = o.wrapping_sub(sel(taken << across));
                captures
            }
            KERNEL_OPPOSITE => {
                if info & INFO_MAY_CAPTURE == 0 {
                    return false;
                }
                // The landing is an own house: it must hold just the last seed.
                let own = 1u64 << (8 * last);
                if (*m >> (8 * last)) as u8 != 1 {
                    return false;
                }
                let across = 8 * ((info >> INFO_ACROSS_SHIFT) as u32 & 7);
                let taken = (*o >> across) & 0xff;
                if taken == 0 {
                    if empty_opposite {
                        *m = *m - own + (1 << self.store_shift);
                    }
                    return empty_opposite;
                }
                if cancel_grand_slam && taken == u64::from(byte_sum(*o & self.house_mask)) {
                    return false;
                }
                *o -= taken << across;
                *m = *m - own + ((taken + 1) << self.store_shift);
                true
            }
            KERNEL_COUNT => {
                let board = u128::from(*o) << 64 | u128::from(*m);
                let seeds = |p: u32| (board >> (8 * p)) as u8;
                let holds = |count: u8| self.holds::<SMALL>(count);
                debug_assert!(holds(seeds(last)), "asked with a landing it does not take");
                // Back from the landing while houses qualify, never
                // round to it again.
                let (mut p, mut taken, mut from_other, mut cleared) = (last, 0u64, 0u64, 0u128);
                loop {
                    let here = u64::from(seeds(p));
                    taken += here;
                    if p >= 8 {
                        from_other += here;
                    }
                    cleared |= 0xff << (8 * p);
                    if !on::<F>(flags, F_CHAIN) {
                        break;
                    }
                    let before = self.prev[side & 1][p as usize & 15];
                    if before & PREV_NONE != 0
                        || u32::from(before) == last
                        || !holds(seeds(u32::from(before)))
                    {
                        break;
                    }
                    p = u32::from(before);
                }
                if cancel_grand_slam
                    && from_other > 0
                    && from_other == u64::from(byte_sum(*o & self.house_mask))
                {
                    return false;
                }
                let board = board & !cleared;
                *m = board as u64 + (taken << self.store_shift);
                *o = (board >> 64) as u64;
                true
            }
            _ => false,
        }
    }
}

/// Plays games out fast with the `repetition` end condition applied, as
/// a [`History`](crate::History) applies it: what random playouts and the rollouts of
/// Monte Carlo search of rule sets such as Oware need. It keeps the
/// positions since seeds last left the board, and is reused from game
/// to game without allocating again.
///
/// # Examples
///
/// ```
/// use mancala_core::{Playout, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Oware.rules())?;
/// let mut playout = Playout::new();
/// let mut pos = Position::new(&rules);
/// // A simple generator for the moves: any source of indices will do.
/// let mut x = 7u64;
/// let moves = playout.play_out(&mut pos, 100_000, &mut |n| {
///     x ^= x << 13;
///     x ^= x >> 7;
///     x ^= x << 17;
///     (x % n as u64) as usize
/// });
/// assert!(pos.is_over());
/// assert_eq!(pos.ply(), moves);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Playout {
    /// The positions of the two-register form.
    words: Seen<Words>,
    /// Those of other rules.
    whole: Seen<Whole>,
    /// Those of the lanes of [`Playout::play_lanes`], a set a lane.
    lanes: Vec<Seen<Words>>,
}

impl Playout {
    /// A playout with nothing allocated yet.
    pub fn new() -> Playout {
        Playout::default()
    }

    /// [`Position::play_out`] with the `repetition` end condition applied
    /// (when the rules have it) to the positions from `pos` on: plays the
    /// game on from `pos` until it is over or `max_moves` moves have been
    /// played; returns the moves played. The games are those of a
    /// [`History`](crate::History) started at `pos`, playing the moves `choose` picks.
    pub fn play_out(
        &mut self,
        pos: &mut Position<'_>,
        max_moves: u32,
        choose: &mut impl Choose,
    ) -> u32 {
        alone(&mut self.words, &mut self.whole, pos, max_moves, choose)
    }

    /// Plays `games` games from `start`, `N` at a time in one thread, and
    /// calls `done(game, &position, moves)` as each one ends: its index
    /// (`0..games`), its last position and the moves played. Game `game`
    /// is the game [`Playout::play_out`] plays from `start` with the
    /// budget `max_moves` and the chooser `chooser(game)`, move for move,
    /// the `repetition` end condition applied; only the order of the
    /// calls to `done` is not the order of the games (a game is reported
    /// when it ends, and its lane takes up the next game at once).
    ///
    /// Under the rules [`Rules::plays_in_registers`] names, the `N` games
    /// (the lanes) move in turn, one move each, with the board in
    /// registers: the moves of one game depend on each other, those of
    /// different games do not, so the processor works on several at once.
    /// A round plays a move of every lane, written out lane after lane
    /// with no branch between them but those that go the same way nearly
    /// every move; a lane the round cannot move (a move for the general
    /// path, an end, the budget) is seen to after it. In 4 lanes Kalah
    /// took 12% less time than one game at a time on an idle host
    /// (docs/results.md section 2.1, 2026-12-06; 3% more instructions a
    /// game, section 2.2), Oware, whose `repetition` keeps a set of
    /// positions a lane, about as much time (as many instructions):
    /// measure before choosing `N`. Under
    /// other rules, with one lane, and with fewer games than lanes, the
    /// games are played one after the other. The sets of
    /// positions that `repetition` needs are kept from call to call:
    /// after the first games, nothing is allocated.
    ///
    /// `N` must be at least 1 (0 does not compile). It cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Choose, Playout, Position, Preset, Rules};
    ///
    /// /// Uniform choices from a xorshift generator it owns.
    /// struct Xorshift(u64);
    ///
    /// impl Choose for Xorshift {
    ///     fn pick(&mut self, moves: usize) -> usize {
    ///         self.0 ^= self.0 << 13;
    ///         self.0 ^= self.0 >> 7;
    ///         self.0 ^= self.0 << 17;
    ///         ((self.0 >> 32) * moves as u64 >> 32) as usize
    ///     }
    /// }
    ///
    /// let rules = Rules::new(&Preset::Oware.rules())?;
    /// let start = Position::new(&rules);
    /// let mut playout = Playout::new();
    /// // 10 games, 4 at a time, game g choosing with the generator seeded g + 1.
    /// let mut ended = Vec::new();
    /// playout.play_lanes::<4, _>(&start, 10, u32::MAX, |g| Xorshift(g + 1), |g, pos, moves| {
    ///     ended.push((g, *pos, moves));
    /// });
    /// ended.sort_by_key(|e| e.0);
    /// assert_eq!(ended.len(), 10);
    /// // Each is the game of `play_out` with the same chooser.
    /// for (g, pos, moves) in ended {
    ///     let mut alone = start;
    ///     assert_eq!(playout.play_out(&mut alone, u32::MAX, &mut Xorshift(g + 1)), moves);
    ///     assert_eq!(alone, pos);
    ///     assert!(pos.is_over());
    /// }
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn play_lanes<'r, const N: usize, C: Choose>(
        &mut self,
        start: &Position<'r>,
        games: u64,
        max_moves: u32,
        chooser: impl FnMut(u64) -> C,
        done: impl FnMut(u64, &Position<'r>, u32),
    ) {
        self.play_lanes_from::<N, C>(games, max_moves, |_| *start, chooser, done);
    }

    /// [`Playout::play_lanes`], each game from its own start: plays
    /// `games` games, game `game` from `start(game)`, `N` at a time in
    /// one thread, and calls `done(game, &position, moves)` as each one
    /// ends. Game `game` is the game [`Playout::play_out`] plays from
    /// `start(game)` with the budget `max_moves` and the chooser
    /// `chooser(game)`, move for move, the `repetition` end condition
    /// applied; only the order of the calls to `done` is not the order of
    /// the games. `start` and `chooser` are called once a game, in the
    /// order of the games, `start` first. At most `N` games are between
    /// their `start` and their `done` at any time: a lane's game is
    /// reported before the lane takes up the next, so that `start` can
    /// choose where a game begins from the results of every game
    /// reported before it (as the rollouts of
    /// `mancala_ai::Mcts::rollout_lanes` do).
    ///
    /// The lanes move in turn as those of [`Playout::play_lanes`] do when
    /// the starts are positions of one [`Rules`] value (the same
    /// reference) with the same seeds in the game
    /// ([`Position::total_seeds`] at the start of a setup), the first
    /// game's; a game whose start is not is played on its own, before the
    /// games after it are taken up, which is correct but slower. This is
    /// what the rollouts of a Monte Carlo tree search need: several
    /// leaves of one tree, played out together. A start that is already
    /// over ends at once, with no move.
    ///
    /// `N` must be at least 1 (0 does not compile). It cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Playout, Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// // Game g starts after g moves of the first legal move from the start.
    /// let start = |g: u64| {
    ///     let mut pos = Position::new(&rules);
    ///     pos.play_out(g as u32, &mut |_| 0);
    ///     pos
    /// };
    /// let mut playout = Playout::new();
    /// let mut ended = Vec::new();
    /// // 6 games, 4 at a time, game g always playing its last legal move
    /// // after g moves of its first.
    /// playout.play_lanes_from::<4, _>(6, u32::MAX, start, |_| |n: usize| n - 1, |g, pos, moves| {
    ///     ended.push((g, *pos, moves));
    /// });
    /// ended.sort_by_key(|e| e.0);
    /// assert_eq!(ended.len(), 6);
    /// // Each is the game of `play_out` from its own start.
    /// for (g, pos, moves) in ended {
    ///     let mut alone = start(g);
    ///     assert_eq!(playout.play_out(&mut alone, u32::MAX, &mut |n: usize| n - 1), moves);
    ///     assert_eq!(alone, pos);
    ///     assert!(pos.is_over());
    /// }
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn play_lanes_from<'r, const N: usize, C: Choose>(
        &mut self,
        games: u64,
        max_moves: u32,
        mut start: impl FnMut(u64) -> Position<'r>,
        chooser: impl FnMut(u64) -> C,
        done: impl FnMut(u64, &Position<'r>, u32),
    ) {
        const { assert!(N > 0, "play_lanes needs a lane at least") };
        if games == 0 {
            return;
        }
        let first = start(0);
        let r = first.rules;
        let mut job = Games {
            rules: r,
            total: first.state.total,
            first: Some(first),
            start,
            games,
            next: 0,
            max_moves,
            chooser,
            done,
            words: &mut self.words,
            whole: &mut self.whole,
        };
        // With fewer games than lanes, a lane would have none to start.
        let regs = r.registers.as_ref().filter(|_| N > 1 && games >= N as u64);
        // The first game of each lane (fewer if fewer are left to play
        // in lanes).
        let firsts: [Option<(Lane<'r>, C)>; N] =
            std::array::from_fn(|_| if regs.is_some() { job.next() } else { None });
        let (Some(regs), true) = (regs, firsts.iter().all(Option::is_some)) else {
            let mut firsts = firsts.into_iter().flatten();
            while let Some((mut lane, mut choose)) = firsts.next().or_else(|| job.next()) {
                let moves = alone(job.words, job.whole, &mut lane.pos, max_moves, &mut choose);
                (job.done)(lane.game, &lane.pos, moves);
            }
            return;
        };
        let first = firsts.map(|game| game.expect("all are some"));
        if self.lanes.len() < N {
            self.lanes.resize_with(N, Seen::default);
        }
        let seen: &mut [Seen<Words>; N] = (&mut self.lanes[..N])
            .try_into()
            .expect("N sets, just made");
        let fast = Fast::new(r, regs, u32::from(job.total));
        let job = &mut job;
        match (r.detects_repetition(), fast.small()) {
            (false, false) => {
                by_kernel::<false, false, N, _, _, _, _>(&fast, regs, seen, job, first)
            }
            (false, true) => by_kernel::<false, true, N, _, _, _, _>(&fast, regs, seen, job, first),
            (true, false) => by_kernel::<true, false, N, _, _, _, _>(&fast, regs, seen, job, first),
            (true, true) => by_kernel::<true, true, N, _, _, _, _>(&fast, regs, seen, job, first),
        }
    }
}

/// [`Playout::play_out`] with the playout's sets of positions.
#[inline]
fn alone(
    words: &mut Seen<Words>,
    whole: &mut Seen<Whole>,
    pos: &mut Position<'_>,
    max_moves: u32,
    choose: &mut impl Choose,
) -> u32 {
    if !pos.rules().detects_repetition() {
        return pos.play_out_with::<false>(words, whole, max_moves, choose);
    }
    // Nothing of the last game.
    words.restart(u32::MAX);
    whole.restart(u32::MAX);
    pos.play_out_with::<true>(words, whole, max_moves, choose)
}

/// The games of [`Playout::play_lanes_from`]: the rules and seeds of the
/// games the lanes play, where the games start, how many, which comes
/// next, their budget, their choosers, what to do with them when they
/// end, and the sets of positions of the games played on their own.
struct Games<'p, 'r, S, G, D> {
    rules: &'r Rules,
    total: u8,
    /// Game 0's start, until it is taken up.
    first: Option<Position<'r>>,
    start: S,
    games: u64,
    next: u64,
    max_moves: u32,
    chooser: G,
    done: D,
    words: &'p mut Seen<Words>,
    whole: &'p mut Seen<Whole>,
}

impl<'r, C, S, G, D> Games<'_, 'r, S, G, D>
where
    C: Choose,
    S: FnMut(u64) -> Position<'r>,
    G: FnMut(u64) -> C,
    D: FnMut(u64, &Position<'r>, u32),
{
    /// The next game the lanes can play, at its start, and its chooser,
    /// if any is left; the games before it that they cannot (other rules
    /// or seeds) are played on their own and reported.
    fn next(&mut self) -> Option<(Lane<'r>, C)> {
        while self.next < self.games {
            let game = self.next;
            self.next += 1;
            let mut pos = match self.first.take() {
                Some(pos) => pos,
                None => (self.start)(game),
            };
            let mut choose = (self.chooser)(game);
            if std::ptr::eq(pos.rules, self.rules) && pos.state.total == self.total {
                let lane = Lane {
                    game,
                    pos,
                    in_regs: false,
                    ply: 0,
                };
                return Some((lane, choose));
            }
            let moves = alone(
                self.words,
                self.whole,
                &mut pos,
                self.max_moves,
                &mut choose,
            );
            (self.done)(game, &pos, moves);
        }
        None
    }

    /// A budget of the game's moves, in a lane's registers before the
    /// game enters them.
    fn budget(&self) -> Regs {
        Regs {
            mover: 0,
            other: 0,
            side: 0,
            legal: 0,
            left: self.max_moves,
        }
    }
}

/// [`lanes`] for the kernel and the flags of the rules.
fn by_kernel<'r, const REP: bool, const SMALL: bool, const N: usize, C, S, G, D>(
    fast: &Fast<'_>,
    regs: &Registers,
    seen: &mut [Seen<Words>; N],
    job: &mut Games<'_, 'r, S, G, D>,
    first: [(Lane<'r>, C); N],
) where
    C: Choose,
    G: FnMut(u64) -> C,
    S: FnMut(u64) -> Position<'r>,
    D: FnMut(u64, &Position<'r>, u32),
{
    const OPP: u8 = KERNEL_OPPOSITE;
    const COUNT: u8 = KERNEL_COUNT;
    const NONE: u8 = KERNEL_NO_CAPTURE;
    let kernel = job.rules.kernel;
    match (kernel, fast.specialised(kernel)) {
        (OPP, F_KALAH) => {
            lanes::<OPP, F_KALAH, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first)
        }
        (OPP, _) => lanes::<OPP, F_DYN, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first),
        (COUNT, F_OWARE) => {
            lanes::<COUNT, F_OWARE, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first)
        }
        (COUNT, F_WARI) => {
            lanes::<COUNT, F_WARI, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first)
        }
        (COUNT, _) => {
            lanes::<COUNT, F_DYN, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first)
        }
        (_, F_BASIC) => {
            lanes::<NONE, F_BASIC, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first)
        }
        _ => lanes::<NONE, F_DYN, REP, SMALL, N, _, _, _, _>(fast, regs, seen, job, first),
    }
}

/// The lanes of [`Playout::play_lanes`] under kernel `K` and flags `F`
/// (at least `N` games): a move of each game in turn, a lane taking up
/// the next game as soon as its own ends, until no game is left. Lane
/// `i` records its positions in `seen[i]`.
///
/// A round plays a move of every lane with [`Fast::step`], the lanes
/// written out one after the other with no branch between
/// them but those inside the step that go the same way nearly every move;
/// the lanes whose move the step cannot play (the general path's moves,
/// the ends) are seen to after the round, out of line ([`settle`]). The
/// budget is not a test a move: `safe` rounds are left before any lane
/// can have spent its budget. Once no game is left to take up, the
/// games still going finish one after the other.
#[inline(never)]
fn lanes<
    'r,
    const K: u8,
    const F: u32,
    const REP: bool,
    const SMALL: bool,
    const N: usize,
    C,
    S,
    G,
    D,
>(
    fast: &Fast<'_>,
    regs: &Registers,
    seen: &mut [Seen<Words>; N],
    job: &mut Games<'_, 'r, S, G, D>,
    first: [(Lane<'r>, C); N],
) where
    C: Choose,
    G: FnMut(u64) -> C,
    S: FnMut(u64) -> Position<'r>,
    D: FnMut(u64, &Position<'r>, u32),
{
    let mut cold: [Option<Lane<'r>>; N] = std::array::from_fn(|_| None);
    let mut i = 0;
    let choose: [C; N] = first.map(|(lane, choose)| {
        cold[i] = Some(lane);
        i += 1;
        choose
    });
    let mut lanes = Lanes {
        st: [job.budget(); N],
        era: [0; N],
        choose,
        cold,
    };
    seen.iter_mut().for_each(|boards| boards.restart(u32::MAX));
    let mut full = true;
    for (i, boards) in seen.iter_mut().enumerate() {
        full &= settle::<REP, N, C, S, G, D>(&mut lanes, i, None, regs, boards, job);
    }
    let mut safe = lanes.safe();
    // Why lane i stopped in the round, if it did (none between rounds).
    let mut exits: [Option<Exit>; N] = [None; N];
    while full {
        if safe == 0 {
            // A lane's budget may be spent: it ends there.
            for (i, boards) in seen.iter_mut().enumerate() {
                if lanes.st[i].left == 0 {
                    let exit = Some(Exit::Budget);
                    full &= settle::<REP, N, C, S, G, D>(&mut lanes, i, exit, regs, boards, job);
                }
            }
            safe = lanes.safe();
            continue;
        }
        safe -= 1;
        let mut any = false;
        // Lane `i`'s move, written out for each lane (a macro, so that
        // nothing is left to a call). Why it stopped is written only
        // when it did, on the step's rare paths: not a store a lane a
        // round.
        macro_rules! lane {
            ($i:expr) => {
                if let Some(exit) = fast.step::<K, F, REP, SMALL>(
                    &mut lanes.st[$i],
                    lanes.era[$i],
                    &mut seen[$i],
                    &mut lanes.choose[$i],
                ) {
                    exits[$i] = Some(exit);
                    any = true;
                }
            };
        }
        macro_rules! lanes_upto {
            ($($k:literal)*) => { $( if $k < N { lane!($k); } )* };
        }
        lanes_upto!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        for i in 16..N {
            lane!(i);
        }
        if !any {
            continue;
        }
        for (i, exit) in exits.iter_mut().enumerate() {
            if exit.is_some() {
                let exit = exit.take();
                full &= settle::<REP, N, C, S, G, D>(&mut lanes, i, exit, regs, &mut seen[i], job);
            }
        }
        // The lanes that took up a game have a budget of their own.
        safe = safe.min(lanes.safe());
    }
    // No game left to take up: the games still going, one by one.
    for (i, boards) in seen.iter_mut().enumerate() {
        while lanes.cold[i].is_some() {
            if !lanes.advance::<K, F, REP, SMALL>(i, fast, regs, boards) {
                lanes.next_game(i, boards, job);
            }
        }
    }
}

/// Sees to lane `i` of [`lanes`] out of line: leaves the registers for
/// `exit` (if given; the lane is then in registers), plays the moves of
/// the general path, reports each game that ends and takes up the next;
/// returns whether the lane is back in registers with a game going
/// (else no game is left for it, and its slot is empty).
#[inline(never)]
fn settle<'r, const REP: bool, const N: usize, C, S, G, D>(
    lanes: &mut Lanes<'r, C, N>,
    i: usize,
    exit: Option<Exit>,
    regs: &Registers,
    boards: &mut Seen<Words>,
    job: &mut Games<'_, 'r, S, G, D>,
) -> bool
where
    C: Choose,
    G: FnMut(u64) -> C,
    S: FnMut(u64) -> Position<'r>,
    D: FnMut(u64, &Position<'r>, u32),
{
    let mut more = true;
    if let Some(exit) = exit {
        more = lanes.leave(i, exit);
    }
    loop {
        if lanes.cold[i].is_none() {
            return false;
        }
        if more && lanes.enter::<REP>(i, regs, boards) {
            return true;
        }
        lanes.next_game(i, boards, job);
        more = true;
    }
}

/// The lanes of [`Playout::play_lanes`], a lane an index: what a move
/// reads and writes in flat arrays (the position in registers, its era,
/// the chooser), the rest of each game beside them.
struct Lanes<'r, C, const N: usize> {
    /// Lane `i`'s position in registers while in them; its budget
    /// `st[i].left` is the game's in any case.
    st: [Regs; N],
    /// While in registers: the era (see [`Fast::step`]).
    era: [u32; N],
    choose: [C; N],
    /// Lane `i`'s game, if it has one (every lane has while games are
    /// left to take up).
    cold: [Option<Lane<'r>>; N],
}

/// A game in a lane of [`Playout::play_lanes`], less what a move reads
/// ([`Lanes`]).
struct Lane<'r> {
    /// Its index.
    game: u64,
    /// Its position (while in registers, as it was on the way in).
    pos: Position<'r>,
    in_regs: bool,
    /// While in registers: the move count there plus the budget then
    /// (see [`Position::leave`]).
    ply: u32,
}

impl<'r, C: Choose, const N: usize> Lanes<'r, C, N> {
    /// The rounds every lane can play before one may have spent its
    /// budget.
    fn safe(&self) -> u32 {
        self.st.iter().map(|st| st.left).min().unwrap_or(0)
    }

    /// Reports lane `i`'s game, over (its last position recorded in
    /// `boards`), and takes up the next game, if any is left.
    fn next_game<S, G, D>(
        &mut self,
        i: usize,
        boards: &mut Seen<Words>,
        job: &mut Games<'_, 'r, S, G, D>,
    ) where
        G: FnMut(u64) -> C,
        S: FnMut(u64) -> Position<'r>,
        D: FnMut(u64, &Position<'r>, u32),
    {
        if let Some(lane) = &self.cold[i] {
            (job.done)(lane.game, &lane.pos, job.max_moves - self.st[i].left);
        }
        self.cold[i] = job.next().map(|(lane, choose)| {
            self.choose[i] = choose;
            lane
        });
        self.st[i] = job.budget();
        // Nothing of the last game.
        boards.restart(u32::MAX);
    }

    /// Brings lane `i`'s game into registers, after the moves of the
    /// general path that must come first; returns whether it goes on
    /// (else it is over, its budget spent, or a position came back).
    #[inline(always)]
    fn enter<const REP: bool>(
        &mut self,
        i: usize,
        regs: &Registers,
        boards: &mut Seen<Words>,
    ) -> bool {
        let Some(lane) = &mut self.cold[i] else {
            return false;
        };
        let Some(st) =
            lane.pos
                .enter::<REP>(regs, boards, &mut self.st[i].left, &mut self.choose[i])
        else {
            return false;
        };
        lane.ply = lane.pos.state.ply.wrapping_add(st.left);
        lane.in_regs = true;
        self.era[i] = lane.pos.era();
        self.st[i] = st;
        true
    }

    /// Takes lane `i`'s game, in registers, out of them for `exit`;
    /// returns whether the game may go on.
    #[inline(always)]
    fn leave(&mut self, i: usize, exit: Exit) -> bool {
        let lane = self.cold[i]
            .as_mut()
            .expect("a lane in registers has a game");
        lane.in_regs = false;
        lane.pos.leave(&mut self.st[i], lane.ply, exit)
    }

    /// Plays a move of lane `i`'s game (which it has) in registers, after
    /// the moves of the general path that must come first (and, if the
    /// fast path cannot play it, by the general path); returns whether
    /// the game goes on, the positions since seeds last left the board
    /// in `boards`.
    #[inline(always)]
    fn advance<const K: u8, const F: u32, const REP: bool, const SMALL: bool>(
        &mut self,
        i: usize,
        fast: &Fast<'_>,
        regs: &Registers,
        boards: &mut Seen<Words>,
    ) -> bool {
        let in_regs = self.cold[i].as_ref().is_some_and(|lane| lane.in_regs);
        if !in_regs && !self.enter::<REP>(i, regs, boards) {
            return false;
        }
        let exit = if self.st[i].left == 0 {
            Exit::Budget
        } else {
            let (st, choose) = (&mut self.st[i], &mut self.choose[i]);
            match fast.step::<K, F, REP, SMALL>(st, self.era[i], boards, choose) {
                None => return true,
                Some(exit) => exit,
            }
        };
        self.leave(i, exit)
    }
}

/// A position in the two-register form: the mover's word, the other
/// side's and the side to move (all else is fixed while the loop plays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Words(u64, u64, u32);

impl Key for Words {
    #[inline(always)]
    fn mix(&self) -> u64 {
        (self.0 ^ self.1.rotate_left(29) ^ u64::from(self.2)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    #[test]
    fn kalah_and_oware_take_their_specialised_loops() {
        // What the flags stand for, from the rules as docs/rules.md gives
        // them: Kalah ends when a side is empty, each side's seeds going
        // to its owner, its stores on the track; Oware must feed, ends at
        // a majority (or when the mover has no move, which the general
        // path sees to, the seeds left going to their owner), cancels a
        // grand slam's capture and captures along a chain; Wari and
        // Al-manqala are Oware whose grand slam captures, Al-manqala's
        // capture in both rows, Oware's and Wari's in the opponent's
        // (`F_ACROSS`); Mancala basic captures nothing and ends, the
        // board as it is, on an empty side.
        for (preset, kernel, flags, want) in [
            (Preset::Kalah, KERNEL_OPPOSITE, F_KALAH, F_KALAH),
            (Preset::Oware, KERNEL_COUNT, F_OWARE, F_OWARE),
            (Preset::Wari, KERNEL_COUNT, F_WARI | F_ACROSS, F_WARI),
            (Preset::AlManqala, KERNEL_COUNT, F_WARI, F_WARI),
            (Preset::MancalaBasic, KERNEL_NO_CAPTURE, F_BASIC, F_BASIC),
        ] {
            let rules = Rules::new(&preset.rules()).expect("a preset's rules compile");
            let regs = rules.registers.as_ref().expect("in registers");
            let fast = Fast::new(&rules, regs, u32::from(Position::new(&rules).state.total));
            assert_eq!(rules.kernel, kernel, "{preset}");
            assert_eq!(fast.flags, flags, "{preset}: {:#b}", fast.flags);
            assert_eq!(fast.specialised(rules.kernel), want, "{preset}");
        }
    }
}
