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
//! house that side's player does not play in the round (burnt under
//! `fill` and `loser_fills`; owned by the other player under `territory`),
//! 0 for one it plays.
//!
//! Under `rounds = territory` the board shown is the physical one, `H`
//! houses a row, whatever the round: a round after the first is played on
//! a board of `2 x H - 1` houses a side (docs/rules.md section 8a), whose
//! houses past `H` of one side are the other side's first houses, and
//! they are shown in their row, their seeds with them. So every round has
//! the first round's shape.

use mancala_core::{Position, Rounds, Rules, Side};

/// The length of an observation tensor under `rules`, the rules a game
/// or match is made with (a match's first round's).
pub fn observation_len(rules: &Rules) -> usize {
    let players = rules.players();
    let burnt = if rules.rule_set().rounds == Rounds::None {
        0
    } else {
        players * rules.houses()
    };
    players * (rules.houses() + 1) + players + burnt
}

/// Writes what `player` sees of `pos`, a position of a game or match made
/// with `rules` (a match's first round's: `pos` may be of a later round),
/// into `out`, which must be [`observation_len`] long.
///
/// # Panics
///
/// If `out` has another length, or `player` is not a player of the game.
pub fn write_observation(rules: &Rules, pos: &Position<'_>, player: usize, out: &mut [f32]) {
    let players = rules.players();
    let houses = rules.houses();
    assert_eq!(out.len(), observation_len(rules), "observation length");
    assert!(player < players, "no player {player}");
    let own = pos.side_of(player).index();
    let (cups, rest) = out.split_at_mut(players * (houses + 1));
    let (flags, burnt) = rest.split_at_mut(players);
    for (k, side_cups) in cups.chunks_exact_mut(houses + 1).enumerate() {
        let side = Side::new((own + k) % players);
        let (row, store) = side_cups.split_at_mut(houses);
        for (h, cell) in row.iter_mut().enumerate() {
            *cell = f32::from(physical_house(pos, houses, side, h + 1).1);
        }
        store[0] = f32::from(pos.store(side));
    }
    flags.fill(0.0);
    if !pos.is_over() {
        flags[(pos.to_move().index() + players - own) % players] = 1.0;
    }
    for (k, side_burnt) in burnt.chunks_exact_mut(houses).enumerate() {
        let side = Side::new((own + k) % players);
        for (h, cell) in side_burnt.iter_mut().enumerate() {
            let played = physical_house(pos, houses, side, h + 1).0 == Some(side);
            *cell = if played { 0.0 } else { 1.0 };
        }
    }
}

/// House `number` (from 1) of `side`'s row on the physical board of
/// `houses` houses a row, in `pos`: the side that plays it in this round
/// (`None` for a burnt house), and its seeds.
///
/// On the board of a territory round after the first (`2 x houses - 1`
/// houses a side, two sides), a house of `side`'s row that is burnt on
/// `side`'s side is the other side's house `houses + number` when that
/// one is in play (docs/rules.md section 8a; core's
/// `Rules::physical_house`); on any other board, the house is `side`'s
/// own.
pub fn physical_house(
    pos: &Position<'_>,
    houses: usize,
    side: Side,
    number: usize,
) -> (Option<Side>, u8) {
    match pos.rules().physical_house(houses, side, number) {
        Some((owner, house)) => (Some(owner), pos.houses(owner)[house - 1]),
        None => (None, 0),
    }
}
