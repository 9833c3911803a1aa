//! Observation tensors: what a player sees of a position, as floats,
//! from its own seat.
//!
//! Layout, for a game of `P` players with `H` houses each, seen by player
//! `p` (whose side is `s`): for `k` in `0..P`, the side `(s + k) % P` (the
//! player's own side first, then the others in turn order), its `H`
//! houses in sowing order (house 1 first) then its store, as raw seed
//! counts; then `P` turn flags, flag `k` being 1 when side `(s + k) % P`
//! is to move (all 0 once the game is over). `P * (H + 1) + P` floats.
//! Under rules with rounds (docs/rules.md section 8a), `P * H` more: for
//! `k` in `0..P`, side `(s + k) % P`'s houses in sowing order, 1 for a
//! burnt house, 0 for one in play.

use mancala_core::{Position, Rounds, Rules, Side};

/// The length of an observation tensor under `rules`.
pub fn observation_len(rules: &Rules) -> usize {
    let players = rules.players();
    let burnt = if rules.rule_set().rounds == Rounds::None {
        0
    } else {
        players * rules.houses()
    };
    players * (rules.houses() + 1) + players + burnt
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
    let (cups, rest) = out.split_at_mut(players * (rules.houses() + 1));
    let (flags, burnt) = rest.split_at_mut(players);
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
    for (k, side_burnt) in burnt.chunks_exact_mut(rules.houses()).enumerate() {
        let side = Side::new((own + k) % players);
        for (h, cell) in side_burnt.iter_mut().enumerate() {
            *cell = if pos.is_burnt(side, h + 1) { 1.0 } else { 0.0 };
        }
    }
}
