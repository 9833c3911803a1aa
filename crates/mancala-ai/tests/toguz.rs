//! Toguz Kumalak (docs/rules.md sections 5 and 9) with the AI: a level
//! plays whole games, and the exact tools that need an additive board
//! refuse the tuzdyk rules with a typed error.

use mancala_ai::{Egdb, EgdbError, Spec, Strategy};
use mancala_core::{History, Move, Preset, Rules, Side};

/// Plays one game, `ai:3` as side `ai_side` against `random`; the game.
fn ai3_game(rules: &Rules, ai_side: usize, seed: u64) -> History<'_> {
    let mut ai = "ai:3"
        .parse::<Spec>()
        .unwrap()
        .strategy(rules, seed)
        .unwrap();
    let mut random = "random"
        .parse::<Spec>()
        .unwrap()
        .strategy(rules, seed)
        .unwrap();
    let mut game = History::new(rules);
    while !game.is_over() {
        let pos = *game.position();
        let player: &mut Box<dyn Strategy + Send> = if pos.to_move().index() == ai_side {
            &mut ai
        } else {
            &mut random
        };
        let m: Move = player.choose(&pos).expect("a move while the game is on");
        game.play(m).expect("a legal move");
        ai.observe(&pos, m);
        random.observe(&pos, m);
        assert!(game.moves().len() < 5_000, "the game ends");
    }
    game
}

#[test]
fn ai_level_3_plays_whole_toguz_kumalak_games_and_wins_them() {
    let rules = Rules::new(&Preset::ToguzKumalak.rules()).unwrap();
    for (ai_side, seed) in [(0, 1), (1, 2)] {
        let game = ai3_game(&rules, ai_side, seed);
        let end = game.position();
        let outcome = end.outcome().expect("over");
        let scores = end.scores();
        assert_eq!(u32::from(scores[0]) + u32::from(scores[1]), 162, "{end}");
        assert_eq!(outcome.winner(), Some(Side::new(ai_side)), "{end}");
    }
}

#[test]
fn endgame_databases_refuse_tuzdyk_rules() {
    let mut set = Preset::Kalah.rules();
    set.houses = 3;
    set.seeds = 2;
    set.tuzdyk = true;
    let rules = Rules::new(&set).unwrap();
    assert!(!rules.board_decides_future());
    assert!(Egdb::build(&rules, 4).is_none());
    let path = std::env::temp_dir().join("mancala-toguz-egdb-refused.bin");
    assert!(matches!(
        Egdb::load_or_build(&path, &rules, 4),
        Err(EgdbError::Unsupported)
    ));
    assert!(!path.exists());
}
