//! The two-register form of a two-player board, for the playout loop
//! ([`Position::play_out`](crate::Position::play_out)): one `u64` per
//! side, seen from the side to move, and what a plain sowing and its
//! capture do to them.
//!
//! A side's word holds its houses in bytes `0..houses` and its store in
//! byte `houses` (the cups' own order, `base(side)..base(side) + stride`);
//! the bytes above are 0. A change of turn swaps the two words. A place on
//! the board seen from the mover is a byte of the pair: 0 to 7 a byte of
//! the mover's word, 8 to 15 a byte of the other side's.

use super::sow::{LAND_EXTRA, LAND_OWN_HOUSE, LAND_STORE};
use super::{KERNEL_COUNT, KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, Rules};
use crate::ruleset::GrandSlam;

/// [`Sown::info`] bits 0 to 3: the place the last seed lands in.
pub(crate) const INFO_LAST: u64 = 0x0f;
/// [`Sown::info`]: the landing earns another move.
pub(crate) const INFO_EXTRA: u64 = 0x10;
/// [`Sown::info`]: a capture may follow, depending on what the
/// landing house holds (the kernel says how).
pub(crate) const INFO_MAY_CAPTURE: u64 = 0x20;
/// [`Sown::info`] bits 8 to 11: under the opposite capture, the
/// place of the house across from the landing house.
pub(crate) const INFO_ACROSS_SHIFT: u32 = 8;

/// Seed counts per house in the tables, a power of two. Only counts
/// below [`SOWN`] have an entry: a house holding more takes the general
/// path. 64, so that a game of fewer than 63 seeds (Kalah(6,4), Oware,
/// Kalah(6,5)) never has such a house and the loop never tests for one.
pub(crate) const COUNTS: usize = 64;
/// Counts the tables sow: 1 to `SOWN - 1`.
pub(crate) const SOWN: u8 = 63;
/// Entries in the tables: 2 sides, 8 houses, [`COUNTS`] counts.
pub(crate) const ENTRIES: usize = 2 * 8 * COUNTS;
/// [`Registers::index`] of side 1's entries: what a change of turn
/// toggles.
pub(crate) const SIDE_ENTRIES: usize = 8 * COUNTS;
/// [`Registers::prev`]: no previous house a count capture may take.
pub(crate) const PREV_NONE: u8 = 0x80;

/// A sowing in the two-register form: one table entry, read at once (32
/// bytes, so that an index is one shift away from its address; the
/// tables are 32 KiB, of which a game reads the few low counts).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub(crate) struct Sown {
    /// What the sowing adds to the mover's word, in wrapping arithmetic,
    /// the lifted seeds subtracted from the house.
    pub mover: u64,
    /// What it adds to the other side's word.
    pub other: u64,
    /// `INFO_*` bits.
    pub info: u64,
}

/// The tables of the two-register form, for rule sets it can play: two
/// players, at most 7 houses a side, plain sowing with no capture, the
/// opposite capture or the count capture, a move from any house that
/// holds a seed, and grand slams not forbidden.
#[derive(Clone, Debug)]
pub(crate) struct Registers {
    /// The house bytes of a side's word.
    pub house_mask: u64,
    /// The bytes of a side's word (houses and store).
    pub side_mask: u64,
    /// Bit shift of the store's byte in a side's word.
    pub store_shift: u32,
    /// Per side, house and seed count (`index`): the sowing.
    pub sow: Box<[Sown; ENTRIES]>,
    /// Per mover and place: the place of the previous house along a
    /// count capture's chain, or [`PREV_NONE`] when there is none the
    /// mover may take from.
    pub prev: [[u8; 16]; 2],
    /// Every landing that may capture is a house of the other side (a
    /// byte of the other side's word).
    pub across: bool,
}

impl Registers {
    /// Where the entry of sowing `n` seeds (below [`SOWN`]) from house
    /// `house` (0-based) of the side whose entries start at
    /// `side_entries` (0 or [`SIDE_ENTRIES`]) is.
    #[inline(always)]
    pub fn index(side_entries: usize, house: usize, n: u8) -> usize {
        (side_entries & SIDE_ENTRIES) | ((house & 7) * COUNTS) | (usize::from(n) & (COUNTS - 1))
    }

    /// The tables for `rules`, if the two-register form can play them.
    pub fn of(rules: &Rules) -> Option<Registers> {
        let houses = usize::from(rules.houses);
        let stride = usize::from(rules.stride);
        let fits = rules.players == 2
            && stride <= 8
            && matches!(
                rules.kernel,
                KERNEL_NO_CAPTURE | KERNEL_OPPOSITE | KERNEL_COUNT
            )
            && rules.min_seeds == 1
            // The count of capture-earned extra moves is not in the registers.
            && rules.capture_turn_limit == 0
            // Nor is an end on few seeds.
            && rules.end_seeds == 0
            // Every move would need a look-ahead.
            && rules.grand_slam != GrandSlam::Forbidden
            // Nor is the landing a move must reach (`reach_opponent`).
            && !rules.reach_opponent
            && !rules.single_to_empty
            // Nor is the game's first move's house (`first_move`).
            && !rules.first_move_last
            // Nor is the house `no_undo` bars.
            && !rules.no_undo
            // Nor a move of the opponent's row (`no_sides`).
            && !rules.no_sides;
        if !fits {
            return None;
        }
        // A cup seen from `side`: its place.
        let place = |side: usize, cup: usize| 8 * usize::from(cup / stride != side) + cup % stride;
        let none = Sown {
            mover: 0,
            other: 0,
            info: 0,
        };
        let mut sow: Box<[Sown; ENTRIES]> = vec![none; ENTRIES]
            .into_boxed_slice()
            .try_into()
            .expect("ENTRIES entries");
        let mut prev = [[PREV_NONE; 16]; 2];
        for side in 0..2 {
            let track = &rules.track[0][side];
            let lap = usize::from(rules.lap[side]);
            for house in 0..houses {
                let start = usize::from(rules.starts[0][side][house]);
                for n in 1..usize::from(SOWN) {
                    // Seed by seed, lap after lap, as `sow_seeds` sows.
                    let mut words = [0u64; 2];
                    let mut last = 0;
                    for k in 0..n {
                        last = usize::from(track[start + 1 + k % lap]);
                        let p = place(side, last);
                        words[p / 8] = words[p / 8].wrapping_add(1 << (8 * (p % 8)));
                    }
                    words[0] = words[0].wrapping_sub((n as u64) << (8 * house));
                    let mut bits = place(side, last) as u64;
                    let landing = rules.landing[side][last];
                    if landing & LAND_STORE != 0 {
                        if landing & LAND_EXTRA != 0 {
                            bits |= INFO_EXTRA;
                        }
                    } else if Self::may_capture(rules, side, last) {
                        bits |= INFO_MAY_CAPTURE;
                        if rules.kernel == KERNEL_OPPOSITE {
                            // Two players: the one target is across.
                            let across = usize::from(rules.targets[side][last % stride][0]);
                            bits |= (place(side, across) as u64) << INFO_ACROSS_SHIFT;
                        }
                    }
                    let at = Registers::index(side * SIDE_ENTRIES, house, n as u8);
                    sow[at] = Sown {
                        mover: words[0],
                        other: words[1],
                        info: bits,
                    };
                }
            }
            for cup in (0..2 * stride).filter(|c| c % stride != houses) {
                let before = usize::from(rules.prev_house[0][cup]);
                if Self::may_capture(rules, side, before) {
                    prev[side][place(side, cup)] = place(side, before) as u8;
                }
            }
        }
        let across = sow
            .iter()
            .all(|e| e.info & INFO_MAY_CAPTURE == 0 || e.info & INFO_LAST >= 8);
        Some(Registers {
            across,
            house_mask: (1u64 << (8 * houses)) - 1,
            side_mask: if stride == 8 {
                u64::MAX
            } else {
                (1u64 << (8 * stride)) - 1
            },
            store_shift: 8 * houses as u32,
            sow,
            prev,
        })
    }

    /// Whether a last seed in house `last` of a plain sowing by `side`
    /// may capture, for some count in it (docs/rules.md section 5): an own
    /// house under the opposite capture, a house the count capture may
    /// take from.
    fn may_capture(rules: &Rules, side: usize, last: usize) -> bool {
        match rules.kernel {
            KERNEL_OPPOSITE => rules.landing[side][last] & LAND_OWN_HOUSE != 0,
            KERNEL_COUNT => rules.capture_side_ok[side][usize::from(rules.owner[last])],
            _ => false,
        }
    }
}
