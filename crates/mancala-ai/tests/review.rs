//! A whole game reviewed (`review_game`): values before and after each
//! move against plain search oracles, the verdicts, determinism, and
//! games the solver cannot finish.

use std::sync::Arc;

use mancala_ai::{
    Book, Egdb, Heuristic, MoveReview, ReviewBudget, Verdict, review_game, score_difference,
    terminal_value,
};
use mancala_core::{Game, Move, Position, Preset, RuleSet, Rules, Side};
use mancala_testkit::oracle::{maxn, negamax};

fn game(line: &str) -> Game {
    line.parse().unwrap()
}

/// A game of `rules` in which every move is the first legal one.
fn first_moves(rules: RuleSet) -> Game {
    let mut game = Game::new(Rules::new(&rules).unwrap());
    while let Some(m) = game.legal_moves().iter().next() {
        game.play(m).unwrap();
    }
    game
}

/// The oracle's value in seeds of `m` in `pos` for the player who makes
/// it (two players): the final score difference under perfect play.
fn oracle_seeds(pos: &Position<'_>, m: Move) -> f64 {
    let player = pos.player_to_move();
    let mut child = *pos;
    child.play_unchecked(m);
    let value = if let Some(outcome) = child.outcome() {
        terminal_value(&outcome, child.side_of(player).index())
    } else if child.player_to_move() == player {
        negamax(&child)
    } else {
        -negamax(&child)
    };
    f64::from(score_difference(value).unwrap())
}

#[test]
fn a_losing_first_move_of_kalah_4_3_is_an_exact_blunder() {
    // docs/rules.md section 11: Kalah(4,3) is worth +6 to the first
    // player, by house 2.
    let review = review_game(
        &game("kalah,houses=4,seeds=3; 4"),
        &ReviewBudget::default(),
        None,
    );
    let [first] = review.as_slice() else {
        panic!("one move: {review:?}")
    };
    assert_eq!(first.ply, 1);
    assert_eq!(first.side, Side::new(0));
    assert_eq!(first.mv, Move::House(4));
    assert_eq!(first.best, Move::House(2));
    assert_eq!(first.before, 6.0);
    assert!(first.exact);
    assert_eq!(first.loss, first.before - first.after);
    assert!(first.loss >= Verdict::BLUNDER_SEEDS, "{first:?}");
    assert_eq!(first.verdict, Verdict::Blunder);
}

#[test]
fn every_exact_value_of_a_small_game_is_the_oracles() {
    let rules = RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    };
    let game = first_moves(rules);
    let review = review_game(&game, &ReviewBudget::default(), None);
    assert_eq!(review.len(), game.moves().count());
    let positions: Vec<Position<'_>> = game.positions().collect();
    for (r, pos) in review.iter().zip(&positions) {
        assert!(r.exact, "{r:?}");
        assert_eq!(r.side, pos.to_move());
        let values: Vec<(Move, f64)> = pos
            .legal_moves()
            .iter()
            .map(|m| (m, oracle_seeds(pos, m)))
            .collect();
        let best = values.iter().map(|&(_, v)| v).fold(f64::MIN, f64::max);
        assert_eq!(r.before, best, "{r:?}");
        assert_eq!(r.after, oracle_seeds(pos, r.mv), "{r:?}");
        assert_eq!(oracle_seeds(pos, r.best), best, "{r:?}");
        assert_eq!(r.loss, best - r.after);
    }
    // Kalah(3,3) is worth +2 (docs/rules.md section 11).
    assert_eq!(review[0].before, 2.0);
}

#[test]
fn three_players_are_valued_for_the_mover_by_max_n() {
    let rules = RuleSet {
        houses: 2,
        seeds: 2,
        ..RuleSet::from_spec("kalah3").unwrap()
    };
    let game = first_moves(rules);
    let budget = ReviewBudget {
        solver_nodes: 0,
        depth: 60,
    };
    let review = review_game(&game, &budget, None);
    let positions: Vec<Position<'_>> = game.positions().collect();
    assert!(!review.is_empty());
    for (r, pos) in review.iter().zip(&positions) {
        let mover = pos.player_to_move();
        let value = |m: Move| {
            let mut child = *pos;
            child.play_unchecked(m);
            let (values, _) = maxn(&child, None, &Heuristic::default());
            f64::from(score_difference(values[mover]).unwrap())
        };
        assert!(r.exact, "{r:?}");
        assert_eq!(r.after, value(r.mv), "{r:?}");
        let best = pos.legal_moves().iter().map(value).fold(f64::MIN, f64::max);
        assert_eq!(r.before, best, "{r:?}");
    }
}

#[test]
fn a_review_is_the_same_every_time_and_labels_its_estimates() {
    let game = game("kalah; 3, 6, 2, 1, 5, 4, 6, 2");
    let budget = ReviewBudget {
        solver_nodes: 20_000,
        depth: 4,
    };
    let review = review_game(&game, &budget, None);
    assert_eq!(review, review_game(&game, &budget, None));
    assert_eq!(review.len(), 8);
    let plies: Vec<usize> = review.iter().map(|r| r.ply).collect();
    assert_eq!(plies, (1..=8).collect::<Vec<_>>());
    // The opening book's first turns are exact; after them Kalah(6,4)
    // cannot be solved in 20,000 positions.
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let book = Book::built_in(&rules).unwrap();
    let mut pos = Position::new(&rules);
    for r in &review {
        assert_eq!(r.exact, book.probe(&pos).is_some(), "{r:?}");
        assert!(r.loss >= 0.0 && r.before >= r.after, "{r:?}");
        if !r.exact {
            assert_eq!(r.verdict, Verdict::judge(r.loss, None));
        }
        pos.play(r.mv).unwrap();
    }
    assert!(review.iter().any(|r| r.exact) && review.iter().any(|r| !r.exact));
}

#[test]
fn events_other_than_moves_are_not_reviewed_and_plies_count_moves() {
    let review = review_game(
        &game("kalah,houses=3,seeds=3; computer 1 on, 1, computer 1 off, 2, resign 0"),
        &ReviewBudget::default(),
        None,
    );
    let moves: Vec<(usize, Move)> = review.iter().map(|r| (r.ply, r.mv)).collect();
    assert_eq!(moves, [(1, Move::House(1)), (2, Move::House(2))]);
}

#[test]
fn the_solver_can_use_an_endgame_database_and_values_do_not_change() {
    let rules = RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    };
    let game = first_moves(rules);
    let database = Egdb::build_with_threads(game.rules(), 8, 1).map(Arc::new);
    assert!(database.is_some());
    let with = review_game(&game, &ReviewBudget::default(), database);
    assert_eq!(with, review_game(&game, &ReviewBudget::default(), None));
}

#[test]
fn a_long_oware_game_with_cycles_is_reviewed_without_overflowing() {
    // Oware's solver searches whole positions, whose lines can wander
    // for thousands of moves.
    let game = first_moves(Preset::Oware.rules());
    let budget = ReviewBudget {
        solver_nodes: 50_000,
        depth: 2,
    };
    let review = review_game(&game, &budget, None);
    assert_eq!(review.len(), game.moves().count());
    assert!(review.last().is_some_and(|r| r.exact));
}

#[test]
fn a_review_serialises_with_the_servers_field_names() {
    let review = review_game(
        &game("kalah,houses=4,seeds=3; 4"),
        &ReviewBudget::default(),
        None,
    );
    let json = serde_json::to_value(review[0]).unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = [
        "ply", "side", "move", "before", "after", "best", "loss", "verdict", "exact",
    ];
    expected.sort_unstable();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(json["move"], "4");
    assert_eq!(json["best"], "2");
    assert_eq!(json["verdict"], "blunder");
    assert_eq!(json["side"], 0);
    let back: MoveReview = serde_json::from_value(json).unwrap();
    assert_eq!(back, review[0]);
}
