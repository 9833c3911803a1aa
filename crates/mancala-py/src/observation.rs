//! Observation tensors: what a player sees of a position, as floats,
//! from its own seat.
//!
//! Layout, for a game of `P` players with `H` houses each, seen by player
//! `p` (whose side is `s`): for `k` in `0..P`, the side `(s + k) % P` (the
//! player's own side first, then the others in turn order), its `H`
//! houses in sowing order (house 1 first) then its store, as raw seed
//! counts; then `P` turn flags, flag `k` being 1 when side `(s + k) % P`
//! is to move (all 0 once the game is over). `P * (H + 1) + P` floats.

use mancala_core::{Position, Rules, Side};

/// The length of an observation tensor under `rules`.
pub fn observation_len(rules: &Rules) -> usize {
    let players = rules.players();
    players * (rules.houses() + 1) + players
}

/// Writes what `player` sees of `pos` into `out`, which must be
/// [`observation_len`] long.
///
/// # Panics
///
/// If `out` has another length, or `player` is not a player of the game.
pub fn write_observation(pos: &Position<'_>, player: usize, out: &mut [f32]) {
    let rules = pos.rules();
    let players = rules.players();
    assert_eq!(out.len(), observation_len(rules), "observation length");
    assert!(player < players, "no player {player}");
    let own = pos.side_of(player).index();
    let (cups, flags) = out.split_at_mut(players * (rules.houses() + 1));
    for (k, side_cups) in cups.chunks_exact_mut(rules.houses() + 1).enumerate() {
        let side = Side::new((own + k) % players);
        let (houses, store) = side_cups.split_at_mut(rules.houses());
        for (cell, &seeds) in houses.iter_mut().zip(pos.houses(side)) {
            *cell = f32::from(seeds);
        }
        store[0] = f32::from(pos.store(side));
    }
    flags.fill(0.0);
    if !pos.is_over() {
        flags[(pos.to_move().index() + players - own) % players] = 1.0;
    }
}
