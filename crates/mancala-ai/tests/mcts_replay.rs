//! A fixed-seed MCTS game, move for move as main's build played it before
//! `mcts.rs` was split (issue 31): the split changed no behaviour.
//! The moves were recorded with `MCTS_RECORD=1 cargo test -p mancala-ai
//! --test mcts_replay -- --nocapture` on main (commit 672b3ff).

use mancala_ai::{Limits, Mcts, Strategy};
use mancala_core::{History, KalahOptions, Rules, format_moves};

/// Three-player Kalah(4,3), three seeded searchers with opponent
/// modelling (2,000 iterations: the models' probes run).
fn game() -> String {
    let rules = Rules::new(
        &KalahOptions {
            players: 3,
            houses: 4,
            seeds: 3,
            ..KalahOptions::default()
        }
        .rules(),
    )
    .unwrap();
    let mut players: Vec<Mcts> = (0..3)
        .map(|seed| Mcts::new(Limits::nodes(2_000), seed))
        .collect();
    let mut game = History::new(&rules);
    while !game.is_over() {
        let pos = *game.position();
        let m = players[pos.player_to_move()].choose(&pos).unwrap();
        game.play(m).unwrap();
        for p in &mut players {
            p.observe(&pos, m);
        }
    }
    format_moves(game.moves())
}

#[test]
fn a_fixed_seed_mcts_game_is_the_one_main_played() {
    let moves = game();
    if std::env::var_os("MCTS_RECORD").is_some() {
        println!("RECORDED {moves}");
        return;
    }
    assert_eq!(moves, RECORDED);
}

const RECORDED: &str = "2,3,1,2,4,4,4,4,2,2,2,4,3,3,2,3,3,3,4";
