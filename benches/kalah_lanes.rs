//! Kalah(6,4) random playouts in lanes, as fast as we know how to write
//! them: the ceiling for the engine's `Playout::play_lanes` (issue 31).
//!
//! The position and the move are those of the single-game yardstick
//! (`benches/kalah_yardstick.rs`, [`Kalah::sow`]): two words seen from
//! the mover, a table of sowing adds, the capture and the turn as masks.
//! Here `N` games sit in arrays and every round plays one move of each,
//! the lanes' steps written out one after the other with no branch
//! between them: the moves of one game depend on each other, those of
//! different games do not, so the processor overlaps `N` chains of
//! latencies. The one data-dependent branch of a round is whether any
//! game ended in it (a bit a lane, ORed); the end, the report and the
//! next game are out of line.
//!
//! The moves come from a xorshift generator a game, seeded by
//! [`game_seed`] from the game's index, the index of the move
//! `x >> 32` times the count of legal moves, shifted down 32: the chooser
//! of `crates/mancala-core/examples/lanes.rs`, so that its `yard1`,
//! `yard4`, ... modes play the same games as its `one` and `lanes4`
//! modes, and print the same totals (`tests/yardstick.rs` checks it game
//! by game against `Position::play_out`).
//!
//! Included as a module (after `kalah_yardstick`) by
//! `crates/mancala-core/examples/lanes.rs` and `tests/yardstick.rs`.

// Each includer uses a different part of the module.
#![allow(dead_code)]

use super::kalah_yardstick::{Kalah, SELECT};

/// Game `game`'s generator state: a SplitMix64 hash of its index, never 0.
pub fn game_seed(game: u64) -> u64 {
    let mut x = game.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (x ^ (x >> 31)) | 1
}

/// The next state of a xorshift generator.
#[inline(always)]
fn next(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

/// One random move of a game not over, its generator in `x`: the house
/// from the draw, then [`Kalah::sow`]; returns whether a side is empty.
#[inline(always)]
fn step(pos: &mut Kalah, x: &mut u64) -> bool {
    let row = &SELECT[pos.legal()];
    *x = next(*x);
    let k = ((*x >> 32) * u64::from(row[0])) >> 32;
    pos.sow(usize::from(row[(1 + k as usize) & 7]))
}

/// Plays a game to its end from `pos`, one move at a time; returns the
/// moves played.
fn finish(pos: &mut Kalah, x: &mut u64) -> u32 {
    let mut plies = 0;
    while pos.legal() != 0 {
        plies += 1;
        if step(pos, x) {
            pos.end();
        }
    }
    plies
}

/// Calls `f(i)` for `i` in `0..N` (`N` at most 8), written out with no
/// loop: a loop over the lanes would be one more branch a lane, which a
/// simple predictor (valgrind's) misses once a round.
#[inline(always)]
pub fn unrolled<const N: usize>(mut f: impl FnMut(usize)) {
    const { assert!(N <= 8, "at most 8 lanes") };
    // `N` is a constant: each `if` is decided at compile time.
    macro_rules! each {
        ($($k:literal)*) => { $( if $k < N { f($k); } )* };
    }
    each!(0 1 2 3 4 5 6 7);
}

/// Plays games `0..games` from the start, `N` at a time in one thread,
/// and calls `done(game, final position, moves)` as each ends. Game `g`
/// is the game its generator, seeded [`game_seed`]`(g)`, plays alone.
pub fn play_lanes<const N: usize>(games: u64, mut done: impl FnMut(u64, &Kalah, u32)) {
    let mut pos = [Kalah::new(); N];
    let mut x: [u64; N] = std::array::from_fn(|i| game_seed(i as u64));
    let mut game: [u64; N] = std::array::from_fn(|i| i as u64);
    let mut plies = [0u32; N];
    let mut next_game = N as u64;
    if games < N as u64 {
        for g in 0..games as usize {
            let moves = finish(&mut pos[g], &mut x[g]);
            done(g as u64, &pos[g], moves);
        }
        return;
    }
    loop {
        // A move of each lane; bit i set if lane i's game ended.
        let mut ended = 0u32;
        unrolled::<N>(|i| {
            ended |= u32::from(step(&mut pos[i], &mut x[i])) << i;
            plies[i] += 1;
        });
        if ended == 0 {
            continue;
        }
        // Out of line: the ends, then the next games.
        for i in (0..N).filter(|i| ended >> i & 1 == 1) {
            pos[i].end();
            done(game[i], &pos[i], plies[i]);
        }
        for i in (0..N).filter(|i| ended >> i & 1 == 1) {
            if next_game == games {
                // No game left to start: the games still going (those
                // that did not end this round, and those just started)
                // finish one by one.
                for j in (0..N).filter(|&j| ended >> j & 1 == 0 || j < i) {
                    let more = finish(&mut pos[j], &mut x[j]);
                    done(game[j], &pos[j], plies[j] + more);
                }
                return;
            }
            (pos[i], x[i], game[i], plies[i]) = (Kalah::new(), game_seed(next_game), next_game, 0);
            next_game += 1;
        }
    }
}
