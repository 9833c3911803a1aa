//! A hand-specialised Kalah(6,4) engine: the yardstick for the generic one.
//!
//! Standard Kalah, written directly for one board and nothing else: 6
//! houses and a store per side on a `[u8; 14]` board (side 0's houses at
//! 0..6 and its store at 6, side 1's houses at 7..13 and its store at 13,
//! the same layout as `mancala_core`), the mover's own store sown and the
//! opponent's skipped, an extra turn when the last seed lands in the own
//! store, an opposite capture when the last seed lands in an empty own
//! house and the opposite house is not empty, and the end as soon as
//! either side is empty, the leftover seeds going to their owners.
//!
//! Included as a module by `benches/rules.rs` (the `yardstick/kalah-6-4`
//! bench) and by `tests/yardstick.rs` (which checks, game by game, that it
//! plays the same game as `mancala_core`'s Kalah preset).

// Each includer uses a different part of the module.
#![allow(dead_code)]

use rand::Rng;

/// Houses per side.
pub const HOUSES: usize = 6;
/// Cups on the board: houses and stores.
pub const CUPS: usize = 2 * (HOUSES + 1);
/// Seeds per house at the start.
pub const SEEDS: u8 = 4;

/// Cup index of `side`'s store.
#[inline]
const fn store(side: usize) -> usize {
    side * (HOUSES + 1) + HOUSES
}

/// A Kalah(6,4) position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    /// Seeds per cup: side 0's houses 0..6 (house 1 first), its store 6,
    /// side 1's houses 7..13, its store 13.
    pub board: [u8; CUPS],
    /// The side to move (once the game is over, the side that would have moved).
    pub to_move: u8,
    /// The game is over.
    pub over: bool,
}

impl Default for Kalah {
    fn default() -> Self {
        Kalah::new()
    }
}

impl Kalah {
    /// The start position.
    pub const fn new() -> Kalah {
        let s = SEEDS;
        Kalah {
            board: [s, s, s, s, s, s, 0, s, s, s, s, s, s, 0],
            to_move: 0,
            over: false,
        }
    }

    /// The legal moves as a mask: bit `h` for house `h + 1` of the side to
    /// move (the order `mancala_core::MoveList` iterates in). Empty once
    /// the game is over.
    #[inline]
    pub fn legal(&self) -> u32 {
        if self.over {
            return 0;
        }
        let base = usize::from(self.to_move) * (HOUSES + 1);
        let mut mask = 0;
        for h in 0..HOUSES {
            mask |= u32::from(self.board[base + h] != 0) << h;
        }
        mask
    }

    /// Sows house `house` (0-based) of the side to move, which must hold
    /// seeds, and applies the capture, the extra turn and the end.
    #[inline]
    pub fn play(&mut self, house: usize) {
        let side = usize::from(self.to_move);
        let own = store(side);
        let skip = store(1 - side);
        let origin = side * (HOUSES + 1) + house;
        let mut n = self.board[origin];
        debug_assert!(n > 0, "sowing an empty house");
        self.board[origin] = 0;
        // Whole laps first: every cup but the opponent's store gets as many.
        // (A whole number of laps ends back in the origin.)
        const LAP: u8 = CUPS as u8 - 1;
        if n >= LAP {
            let laps = n / LAP;
            for (c, cup) in self.board.iter_mut().enumerate() {
                if c != skip {
                    *cup += laps;
                }
            }
            n %= LAP;
        }
        let mut c = origin;
        while n > 0 {
            c = if c == CUPS - 1 { 0 } else { c + 1 };
            if c != skip {
                self.board[c] += 1;
                n -= 1;
            }
        }
        if c != own {
            // The last seed in an empty house of the mover's: take it and the
            // opposite house, if that holds seeds.
            let opposite = 2 * HOUSES - c;
            if c / (HOUSES + 1) == side && self.board[c] == 1 && self.board[opposite] != 0 {
                self.board[own] += self.board[opposite] + 1;
                self.board[opposite] = 0;
                self.board[c] = 0;
            }
            self.to_move ^= 1;
        }
        let left0: u8 = self.board[..HOUSES].iter().sum();
        let left1: u8 = self.board[HOUSES + 1..CUPS - 1].iter().sum();
        if left0 == 0 || left1 == 0 {
            self.board[store(0)] += left0;
            self.board[store(1)] += left1;
            self.board[..HOUSES].fill(0);
            self.board[HOUSES + 1..CUPS - 1].fill(0);
            self.over = true;
        }
    }

    /// Side 0's final score minus side 1's (the score difference so far
    /// while the game goes on).
    pub fn score_difference(&self) -> i32 {
        i32::from(self.board[store(0)]) - i32::from(self.board[store(1)])
    }
}

/// A uniform random index below `n` (`n > 0`) from one 32-bit draw:
/// `x * n >> 32`, as uniform as `x % n` (a bias below `n / 2^32`) without
/// a division. The bench, the yardstick and the test all choose moves
/// with it, so that the same seed plays the same games.
#[inline]
pub fn pick<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The `index`-th set bit (from 0) of `mask`, counting from bit 0 (as
/// `mancala_core::MoveList::get` does).
#[inline]
pub fn nth_bit(mask: u32, index: usize) -> usize {
    // Kalah(6,4) has 6 houses, so the mask is one byte: the answer is a
    // table lookup (built at compile time), as in `MoveList::get`.
    usize::from(SELECT[(mask & 0xff) as usize][index & 7])
}

/// Per byte value, the position of its `k`-th set bit.
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

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
        let house = nth_bit(legal, pick(rng, legal.count_ones() as usize));
        pos.play(house);
        plies += 1;
    }
}
