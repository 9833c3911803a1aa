//! What a batch shows of a game: its observation by the player to move
//! and its legal-action mask, written in place.

use mancala_core::{Move, Position, Rules, Side};

use crate::action::{action_of, distinct_actions};
use crate::observation::observation_len;

/// The sizes of what a batch shows of each game.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub(super) players: usize,
    pub(super) houses: usize,
    /// Some house's direction is chosen: two action ids a house.
    pub(super) directed: bool,
    /// Floats per observation.
    pub(super) observation: usize,
    /// Action ids, the swap included.
    pub(super) actions: usize,
}

impl Layout {
    /// The sizes under `rules`.
    pub(super) fn of(rules: &Rules) -> Layout {
        Layout {
            players: rules.players(),
            houses: rules.houses(),
            directed: rules.choice_houses() != 0,
            observation: observation_len(rules),
            actions: distinct_actions(rules),
        }
    }
}

/// The player to move in `pos`, a game still going, and its legal action
/// ids, one bit each.
#[inline]
pub(super) fn legal_actions(rules: &Rules, pos: &Position<'_>) -> (i64, u64) {
    let mut legal = 0;
    for m in pos.legal_moves().iter() {
        legal |= 1 << action_of(rules, m);
    }
    (pos.player_to_move() as i64, legal)
}

/// Writes what the player to move sees of `pos`, a game still going, as
/// `State.observation_tensor` does (see `observation.rs`), and its legal
/// mask; returns that player and its legal actions, one bit each.
pub(super) type View = fn(&Rules, Layout, &Position<'_>, &mut [f32], &mut [bool]) -> (i64, u64);

/// The [`View`] for `layout`: one compiled for its number of houses, so
/// that the loops over houses and actions unroll, for the usual boards;
/// else one that reads the number at run time.
pub(super) fn view_for(layout: Layout) -> View {
    // Two ids a house: the run-time one, which maps every legal move.
    if layout.directed {
        return view::<0>;
    }
    match layout.houses {
        3 => view::<3>,
        4 => view::<4>,
        5 => view::<5>,
        6 => view::<6>,
        7 => view::<7>,
        8 => view::<8>,
        9 => view::<9>,
        _ => view::<0>,
    }
}

/// A [`View`] for boards of `H` houses a side, or any (`layout.houses`)
/// when `H` is 0.
///
/// The player to move sees from its own side, the side to move, so the
/// sides come in turn order from it and the turn flags are `1, 0, ...`.
fn view<const H: usize>(
    rules: &Rules,
    layout: Layout,
    pos: &Position<'_>,
    obs: &mut [f32],
    mask: &mut [bool],
) -> (i64, u64) {
    let houses = if H == 0 { layout.houses } else { H };
    let players = layout.players;
    let (cups, flags) = obs.split_at_mut(players * (houses + 1));
    let to_move = pos.to_move().index();
    let mut side = to_move;
    // The flags are written with the sides: a loop of their own would be
    // a call to memset for two to four floats.
    for (block, flag) in cups.chunks_exact_mut(houses + 1).zip(flags.iter_mut()) {
        let s = Side::new(side);
        let (cells, store) = block.split_at_mut(houses);
        if H == 0 {
            for (cell, &seeds) in cells.iter_mut().zip(pos.houses(s)) {
                *cell = f32::from(seeds);
            }
        } else {
            // Arrays of a known length: the conversion vectorises.
            let seeds: &[u8; H] = pos.houses(s).try_into().expect("H houses a side");
            let cells: &mut [f32; H] = cells.try_into().expect("H cells a side");
            *cells = seeds.map(f32::from);
        }
        store[0] = f32::from(pos.store(s));
        *flag = if side == to_move { 1.0 } else { 0.0 };
        side += 1;
        if side == players {
            side = 0;
        }
    }
    let (player, legal) = if H == 0 {
        legal_actions(rules, pos)
    } else {
        let moves = pos.legal_moves();
        // Action `a < H` is house `a + 1`: a test per house folds into
        // a mask of the move list's bits.
        let mut legal = 0;
        for a in 0..H {
            legal |= u64::from(moves.contains(Move::House(a as u8 + 1))) << a;
        }
        legal |= u64::from(moves.contains(Move::Swap)) << H;
        (pos.player_to_move() as i64, legal)
    };
    // `layout.actions`, but H or H + 1 when compiled for H: the loops
    // below then unroll.
    let actions = if H == 0 {
        layout.actions
    } else {
        H + usize::from(layout.actions > H)
    };
    if H == 0 {
        for (a, cell) in mask[..actions].iter_mut().enumerate() {
            *cell = legal >> a & 1 != 0;
        }
    } else {
        // A byte per action from a table (a load, where a shift and a
        // mask per action cost a few instructions more a game).
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&SPREAD[(legal & 0xff) as usize].to_le_bytes());
        bytes[8..].copy_from_slice(&SPREAD[(legal >> 8 & 0xff) as usize].to_le_bytes());
        for (cell, &byte) in mask[..actions].iter_mut().zip(&bytes) {
            *cell = byte != 0;
        }
    }
    (player, legal)
}

/// Byte `i` of `SPREAD[b]` is bit `i` of `b`.
const SPREAD: [u64; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};
