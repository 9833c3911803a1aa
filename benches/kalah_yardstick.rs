//! A Kalah(6,4) random playout as fast as we know how to write one: the
//! yardstick for the generic engine.
//!
//! Standard Kalah and nothing else: 6 houses and a store per side, the
//! mover's own store sown and the opponent's skipped, an extra turn when
//! the last seed lands in the own store, an opposite capture when the last
//! seed lands in an empty own house and the opposite house is not empty,
//! and the end as soon as either side is empty, the leftover seeds going
//! to their owners.
//!
//! # How it is built
//!
//! - **The board in two registers, seen from the mover.** One `u64` per
//!   side, a byte per cup: houses 1 to 6 in bytes 0 to 5, the store in
//!   byte 6. `mover` is the side to move, `other` the other one, so a
//!   change of turn is a swap of two registers and nothing depends on
//!   which side moves. Which word is side 0's is marked by the top bit of
//!   its unused byte 7, which no sowing, capture or end ever touches: the
//!   loop keeps no side to move of its own.
//! - **Sowing is one precomputed add per word.** [`SOW`] holds, for each
//!   house and seed count (1 to 48, whole laps and the wrap-around past the
//!   opponent's store included), what the sowing adds to each word, minus
//!   the seeds lifted from the origin: the board after sowing is
//!   `mover + a` and `other + b` in wrapping arithmetic. No cup ever holds
//!   more than 48 seeds, so no byte carries into the next and the wrapping
//!   sums are exact. [`LAST`] says where the last seed landed.
//! - **Legal moves are a byte compare.** Adding `0x7f` to every house byte
//!   sets its high bit exactly when the house holds seeds (at most 48, so
//!   nothing carries); one multiply gathers the six high bits into a 6-bit
//!   mask ([`movable`]).
//! - **The pick has no division.** The move is the `k`-th set bit of the
//!   mask with `k = x * count >> 32` for a 32-bit draw `x` ([`pick`]); the
//!   count and the `k`-th bit of every mask come from one 64-entry table
//!   ([`SELECT`]) rather than from a loop or a `popcnt` the baseline x86-64
//!   target may not have.
//! - **No branch on a coin toss.** Whether a random move captures or earns
//!   an extra turn is as good as random, so a branch on it is mispredicted
//!   about once a move (15-20 cycles each). Both are masks instead: the
//!   capture's changes are ANDed with all-ones or zero, and the turn passes
//!   by selecting the words. The only branches left are the end of the game
//!   (a side is empty when its six house bytes are zero: one mask and
//!   compare) and the loop's own, which go the same way nearly every move.
//!
//! # How close to the limit it is
//!
//! `valgrind --tool=callgrind` on 2,000 games (`cargo build --release
//! --example playouts`, then `valgrind --tool=callgrind
//! target/release/examples/playouts yardstick --games 2000 --seed 1`,
//! minus the same with `--games 0`) counts 4,410 instructions a game
//! (44.2 moves): 100 a move, 11 of them the generator (`SmallRng`,
//! Xoshiro256++). The branch-free capture and turn cost more instructions
//! than branches (the branching version took 2,911 a game) but 9% less
//! time. On the development host it plays about 1,550,000 games a second
//! (`python3 benches/compare_openspiel.py --yardstick`, docs/results.md
//! section 2): some 14.5 ns, about 40 cycles, a move. Each step needs the
//! one before (mask, table, multiply by the draw, table, the house's
//! seeds, table of sowing adds, add, next mask: four dependent loads and
//! two multiplies), so a single game is bound by that chain of latencies
//! rather than by the instruction count: fewer instructions would not
//! make it much faster, only independent games interleaved on one core
//! would. A cheaper generator (a 64-bit multiply-xorshift) would save a
//! few instructions a move, but the yardstick keeps the generator and the
//! move choice of the generic engine's bench (`benches/playout.rs`) so
//! that both play the very same games (the same moves and checksum for
//! the same seed) and the comparison is of the engines alone. The first
//! yardstick (a `[u8; 14]` board sown seed by seed) took 6,075
//! instructions a game; the generic engine took 10,784 before issue 19
//! and takes 6,142 in `Position::play_out`.
//!
//! Included as a module by `benches/rules.rs` (the `yardstick/kalah-6-4`
//! bench), `examples/playouts.rs` (`yardstick SECONDS`, `yardstick --games N`) and
//! `tests/yardstick.rs` (which checks, move by move, that it plays the
//! same games as `mancala_core`'s Kalah preset).

// Each includer uses a different part of the module.
#![allow(dead_code)]

use rand::Rng;

/// Houses per side.
pub const HOUSES: usize = 6;
/// Seeds per house at the start.
pub const SEEDS: u8 = 4;
/// Seeds in the game.
pub const TOTAL: usize = 2 * HOUSES * SEEDS as usize;

/// Entries per house in [`SOW`] and [`LAST`] (a power of two above
/// [`TOTAL`], so that a masked index needs no bounds check).
pub const STRIDE: usize = 64;
/// Entries in [`SOW`] and [`LAST`]: a power of two, for the same reason.
const TABLE: usize = 512;
const _: () = assert!(STRIDE > TOTAL && HOUSES * STRIDE <= TABLE);

/// The house bytes of a side's word.
const HOUSE_BYTES: u64 = 0x0000_ffff_ffff_ffff;
/// The store's byte in a side's word.
const STORE_SHIFT: u32 = 8 * HOUSES as u32;

/// The mark of side 0's word (the top bit of byte 7).
const SIDE0: u64 = 1 << 63;

/// A Kalah(6,4) position, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    /// The side to move: houses 1 to 6 in bytes 0 to 5, the store in byte
    /// 6, [`SIDE0`] set if it is side 0.
    pub mover: u64,
    /// The other side, the same way.
    pub other: u64,
}

impl Default for Kalah {
    fn default() -> Self {
        Kalah::new()
    }
}

/// What sowing `n` seeds from house `h` adds to the two words, at
/// `SOW[h * STRIDE + n]`: (mover, other), in wrapping arithmetic, the lifted
/// seeds subtracted from the origin.
pub const SOW: [(u64, u64); TABLE] = {
    let mut table = [(0u64, 0u64); TABLE];
    let mut h = 0;
    while h < HOUSES {
        let mut n = 1;
        while n <= TOTAL {
            // Seed by seed on a 13-cup track: own houses and store 0..7,
            // the opponent's houses 7..13.
            let mut counts = [0u64; 13];
            let mut c = h;
            let mut left = n;
            while left > 0 {
                c = (c + 1) % 13;
                counts[c] += 1;
                left -= 1;
            }
            let mut mover = 0u64;
            let mut other = 0u64;
            let mut i = 0;
            while i < 7 {
                mover = mover.wrapping_add(counts[i] << (8 * i));
                i += 1;
            }
            while i < 13 {
                other = other.wrapping_add(counts[i] << (8 * (i - 7)));
                i += 1;
            }
            mover = mover.wrapping_sub((n as u64) << (8 * h));
            table[h * STRIDE + n] = (mover, other);
            n += 1;
        }
        h += 1;
    }
    table
};

/// Where the last of `n` seeds from house `h` lands, at `LAST[h * STRIDE + n]`:
/// 0 to 5 an own house, 6 the own store, 7 and up the opponent's side.
pub const LAST: [u8; TABLE] = {
    let mut table = [0u8; TABLE];
    let mut h = 0;
    while h < HOUSES {
        let mut n = 1;
        while n <= TOTAL {
            table[h * STRIDE + n] = ((h + n) % 13) as u8;
            n += 1;
        }
        h += 1;
    }
    table
};

/// Per 6-bit mask of movable houses: `[count, first, second, ...]`, the
/// number of set bits and then their positions, lowest first (the order
/// `mancala_core::MoveList` iterates in).
pub const SELECT: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut m = 0;
    while m < 64 {
        let (mut k, mut bit) = (0, 0);
        while bit < HOUSES {
            if m >> bit & 1 == 1 {
                table[m][1 + k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        table[m][0] = k as u8;
        m += 1;
    }
    table
};

/// The houses of a side's word that hold seeds, as a 6-bit mask (bit `h`
/// for house `h + 1`).
#[inline(always)]
pub fn movable(word: u64) -> usize {
    // High bit of each house byte: set iff the byte is not 0 (bytes are at
    // most 48, so adding 0x7f never carries).
    let high = (word & HOUSE_BYTES).wrapping_add(0x0000_7f7f_7f7f_7f7f) & 0x0000_8080_8080_8080;
    // Bit 8h + 7 -> bit 56 + h: the partial products land on distinct bits
    // (8k - 7j is unique per (k, j)), so nothing carries into 56..62.
    const GATHER: u64 = (1 << 56) | (1 << 49) | (1 << 42) | (1 << 35) | (1 << 28) | (1 << 21);
    (((high >> 7).wrapping_mul(GATHER)) >> 56) as usize & 0x3f
}

/// A uniform random index below `n` (`n > 0`) from one 32-bit draw:
/// `x * n >> 32`, as uniform as `x % n` (a bias below `n / 2^32`) without
/// a division. The bench, the yardstick and the test all choose moves
/// with it, so that the same seed plays the same games.
#[inline(always)]
pub fn pick<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The house (0-based) of the `index`-th set bit of a 6-bit `mask`
/// (`index` below its count).
#[inline(always)]
pub fn nth_bit(mask: usize, index: usize) -> usize {
    usize::from(SELECT[mask & 0x3f][1 + (index & 7).min(6)])
}

impl Kalah {
    /// The start position.
    pub const fn new() -> Kalah {
        let side = u64::from_le_bytes([SEEDS, SEEDS, SEEDS, SEEDS, SEEDS, SEEDS, 0, 0]);
        Kalah {
            mover: side | SIDE0,
            other: side,
        }
    }

    /// The legal moves as a 6-bit mask (bit `h` for house `h + 1` of the
    /// side to move); 0 once the game is over (both sides are then empty).
    #[inline(always)]
    pub fn legal(&self) -> usize {
        movable(self.mover)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.legal() == 0
    }

    /// Sows house `house` (0-based) of the side to move, which must hold
    /// seeds, and applies the capture, the extra turn and the end.
    #[inline(always)]
    pub fn play(&mut self, house: usize) {
        if self.sow(house) {
            self.end();
        }
    }

    /// [`Kalah::play`] but for the end: sows, captures and passes the
    /// turn (or not), and returns whether a side is now empty, the game
    /// over once [`Kalah::end`] has moved the leftover seeds to their
    /// stores. No branch: the lanes of `benches/kalah_lanes.rs` leave
    /// the rare end out of line.
    #[inline(always)]
    pub fn sow(&mut self, house: usize) -> bool {
        let n = (self.mover >> (8 * house)) as u8 as usize;
        debug_assert!(n > 0, "sowing an empty house");
        let at = (house * STRIDE + n) & (TABLE - 1);
        let (a, b) = SOW[at];
        let (mut mover, mut other) = (self.mover.wrapping_add(a), self.other.wrapping_add(b));
        let last = u32::from(LAST[at]);
        // Branch-free capture: a mask of all ones when it happens.
        let own = last < HOUSES as u32;
        let l = last & 7;
        let shift = 8 * ((HOUSES as u32 - 1).wrapping_sub(l) & 7);
        let opposite = (other >> shift) & 0xff;
        let lone = (mover >> (8 * l)) & 0xff == 1;
        let cap = 0u64.wrapping_sub(u64::from(own & lone & (opposite != 0)));
        mover = mover
            .wrapping_sub(cap & (1 << (8 * l)))
            .wrapping_add(cap & ((opposite + 1) << STORE_SHIFT));
        other = other.wrapping_sub(cap & (opposite << shift));
        let keep = 0u64.wrapping_sub(u64::from(last == HOUSES as u32));
        // The turn passes unless the last seed fell in the store.
        let (m2, o2) = (
            (mover & keep) | (other & !keep),
            (other & keep) | (mover & !keep),
        );
        self.mover = m2;
        self.other = o2;
        (m2 & HOUSE_BYTES == 0) | (o2 & HOUSE_BYTES == 0)
    }

    /// The end, once a side is empty: each side's house seeds go to its
    /// store.
    #[inline(always)]
    pub fn end(&mut self) {
        self.mover = side_to_store(self.mover);
        self.other = side_to_store(self.other);
    }

    /// The side to move (0 moves first); once the game is over, the side
    /// that would have moved.
    pub fn side_to_move(&self) -> usize {
        usize::from(self.mover & SIDE0 == 0)
    }

    /// The board as `mancala_core` lays it out: side 0's houses at 0..6
    /// and its store at 6, side 1's houses at 7..13 and its store at 13.
    pub fn board(&self) -> [u8; 2 * HOUSES + 2] {
        let (zero, one) = if self.side_to_move() == 0 {
            (self.mover, self.other)
        } else {
            (self.other, self.mover)
        };
        let mut board = [0u8; 2 * HOUSES + 2];
        board[..HOUSES + 1].copy_from_slice(&zero.to_le_bytes()[..HOUSES + 1]);
        board[HOUSES + 1..].copy_from_slice(&one.to_le_bytes()[..HOUSES + 1]);
        board
    }

    /// Side 0's store minus side 1's: the final score difference once the
    /// game is over.
    #[inline(always)]
    pub fn score_difference(&self) -> i32 {
        let mover = i32::from((self.mover >> STORE_SHIFT) as u8);
        let other = i32::from((self.other >> STORE_SHIFT) as u8);
        if self.side_to_move() == 0 {
            mover - other
        } else {
            other - mover
        }
    }
}

/// A side's word with its house seeds moved to its store (the end).
#[inline(always)]
fn side_to_store(word: u64) -> u64 {
    // The sum of the six house bytes lands in byte 5 (at most 48: no carry).
    let sum = ((word & HOUSE_BYTES).wrapping_mul(0x0101_0101_0101) >> 40) & 0xff;
    (word & !HOUSE_BYTES) + (sum << STORE_SHIFT)
}

/// Moves after which a random game that has not ended is a bug.
pub const MAX_PLIES: u32 = 100_000;

/// Plays one uniform random game from the start; returns the number of
/// moves and the final position.
///
/// # Panics
///
/// If the game has not ended after [`MAX_PLIES`] moves.
#[inline]
pub fn random_game<R: Rng + ?Sized>(rng: &mut R) -> (u32, Kalah) {
    let mut pos = Kalah::new();
    let mut plies = 0;
    loop {
        let legal = pos.legal();
        if legal == 0 {
            return (plies, pos);
        }
        assert!(
            plies < MAX_PLIES,
            "yardstick Kalah game not over after {MAX_PLIES} moves: {pos:?}"
        );
        let row = &SELECT[legal];
        let house = usize::from(row[(1 + pick(rng, usize::from(row[0]))) & 7]);
        pos.play(house);
        plies += 1;
    }
}
