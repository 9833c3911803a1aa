//! Plain search oracles: no pruning, no table, no move ordering and no
//! windows, so obviously right that every real search must agree with
//! them on small positions (the minimax-rs oracle test).

use std::collections::HashMap;

use mancala_ai::{Evaluator, terminal_value};
use mancala_core::{Move, Position};

/// The most players a rule set can seat.
pub const MAX_PLAYERS: usize = 4;

/// Plain minimax for the `root` player (paranoid with 3 or 4 players: the
/// others minimise the root's value), to the end of the game or `depth`
/// moves, where `eval` scores the position for the root.
pub fn minimax(pos: &Position<'_>, root: usize, depth: Option<u32>, eval: &impl Evaluator) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return terminal_value(&outcome, pos.side_of(root).index());
    }
    if depth == Some(0) {
        return eval.evaluate(pos, pos.side_of(root).index());
    }
    let values = pos.legal_moves().iter().map(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        minimax(&child, root, depth.map(|d| d - 1), eval)
    });
    if pos.player_to_move() == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Plain two-player negamax to the end of the game: the value of `pos` for
/// the player to move, on [`terminal_value`] (wins first, then the score
/// difference). A move that keeps the turn (an extra turn) is not negated.
pub fn negamax(pos: &Position<'_>) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return terminal_value(&outcome, pos.to_move().index());
    }
    let player = pos.player_to_move();
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = negamax(&child);
            let same = child.player_to_move() == player;
            if child.is_over() {
                terminal_value(&child.outcome().unwrap(), child.side_of(player).index())
            } else if same {
                v
            } else {
                -v
            }
        })
        .max()
        .unwrap()
}

/// Plain two-player negamax on the final score difference (mine minus
/// the other's) under perfect play, for the player to move in `pos` (not
/// over), using only mancala-core (no scoring of mancala-ai's): a move
/// that keeps the turn is not negated. Every line must end (Kalah's
/// games do), and `memo` is keyed by the position's text, so one memo
/// serves one set of rules.
pub fn score_negamax(pos: &Position<'_>, memo: &mut HashMap<String, i32>) -> i32 {
    let key = pos.to_string();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let best = pos
        .legal_moves()
        .iter()
        .map(|m| score_after(pos, m, memo))
        .max()
        .expect("a position that is not over has a move");
    memo.insert(key, best);
    best
}

/// [`score_negamax`]'s value of playing `m` in `pos`, for its mover.
pub fn score_after(pos: &Position<'_>, m: Move, memo: &mut HashMap<String, i32>) -> i32 {
    let mover = pos.player_to_move();
    let mut child = *pos;
    child.play(m).expect("a legal move");
    if let Some(outcome) = child.outcome() {
        i32::from(outcome.score_of_player(mover)) - i32::from(outcome.score_of_player(1 - mover))
    } else if child.player_to_move() == mover {
        score_negamax(&child, memo)
    } else {
        -score_negamax(&child, memo)
    }
}

/// Plain exhaustive max^n: every player's value (by player) and the move
/// chosen, to the end of the game or `depth` moves, where `eval` scores
/// each player.
///
/// Ties: the mover keeps the first move in `legal_moves()` order among
/// those equally good for them, so the whole vector is determined.
pub fn maxn(
    pos: &Position<'_>,
    depth: Option<u32>,
    eval: &impl Evaluator,
) -> ([i32; MAX_PLAYERS], Option<Move>) {
    let players = pos.rules().players();
    let mut values = [0; MAX_PLAYERS];
    if let Some(outcome) = pos.outcome() {
        for player in 0..players {
            values[player] = terminal_value(&outcome, pos.side_of(player).index());
        }
        return (values, None);
    }
    if depth == Some(0) {
        for player in 0..players {
            values[player] = eval.evaluate(pos, pos.side_of(player).index());
        }
        return (values, None);
    }
    let mover = pos.player_to_move();
    let mut best: Option<([i32; MAX_PLAYERS], Move)> = None;
    for m in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(m);
        let (v, _) = maxn(&child, depth.map(|d| d - 1), eval);
        match best {
            Some((b, _)) if v[mover] <= b[mover] => {}
            _ => best = Some((v, m)),
        }
    }
    let (values, m) = best.unwrap();
    (values, Some(m))
}

/// A [`maxn`] vector (by player) as a vector by side, as the searches
/// report it.
pub fn by_side(pos: &Position<'_>, values: [i32; MAX_PLAYERS]) -> Vec<i32> {
    pos.rules()
        .sides()
        .map(|side| values[pos.player_of(side)])
        .collect()
}
