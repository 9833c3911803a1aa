//! The searches on the rounds of a match (docs/rules.md section 8a): a
//! round whose rules burn houses. Every player must play legal moves only
//! (a burnt house is never moved), the exact ones the best by a
//! brute-force negamax (mancala-testkit's, which uses only
//! mancala-core's positions and moves), and a search kept from round to
//! round must not take a position of one round for a position of another
//! with the same cups.

use std::collections::HashMap;

use mancala_ai::{AlphaBeta, Egdb, Exact, Limits, Mcts, Solver, SolverOptions, Strategy};
use mancala_core::{Match, Move, Position, RuleSet, Rules, Side};

// The brute force: mancala-testkit's negamax on the score difference,
// written apart from the engine's searches.
use mancala_testkit::oracle::score_after as after;

/// The best moves of `pos` by brute force.
fn best_moves(pos: &Position<'_>) -> (i32, Vec<Move>) {
    let mut memo = HashMap::new();
    let values: Vec<(Move, i32)> = pos
        .legal_moves()
        .iter()
        .map(|m| (m, after(pos, m, &mut memo)))
        .collect();
    let best = values.iter().map(|&(_, v)| v).max().unwrap();
    let moves = values
        .iter()
        .filter(|&&(_, v)| v == best)
        .map(|&(m, _)| m)
        .collect();
    (best, moves)
}

fn three_houses() -> RuleSet {
    RuleSet::from_spec("kalah,houses=3,seeds=2").unwrap()
}

fn at<'r>(rules: &'r Rules, text: &str) -> Position<'r> {
    Position::from_setup(rules, &text.parse().unwrap()).unwrap()
}

/// A's house 3 (beside its store) burnt, as in a round of a match.
fn burnt_rules() -> Rules {
    Rules::with_burnt(&three_houses(), [0b100, 0, 0, 0]).unwrap()
}

/// The burnt round's position: A's house 3 out of play.
const BURNT: &str = "1,2,0:1 2,1,1:0 to=0 ply=0";
/// The same seeds with house 3 in play and holding the store's seed.
const UNBURNT: &str = "1,2,1:0 2,1,1:0 to=0 ply=0";

#[test]
fn the_best_move_of_the_unburnt_rules_is_the_burnt_house() {
    // By hand: house 3's one seed goes into the store, an extra turn.
    let plain = Rules::new(&three_houses()).unwrap();
    let (_, best) = best_moves(&at(&plain, UNBURNT));
    assert!(best.contains(&Move::House(3)), "{best:?}");
    // With house 3 burnt it is no move: house 1 sows house 2; house 2
    // passes over house 3 and sows the store and b1 (no extra turn).
    let rules = burnt_rules();
    let pos = at(&rules, BURNT);
    assert_eq!(
        pos.legal_moves().iter().collect::<Vec<_>>(),
        vec![Move::House(1), Move::House(2)]
    );
    let mut two = pos;
    two.play(Move::House(2)).unwrap();
    assert_eq!(two.to_string(), "1,0,0:2 3,1,1:0 to=1 ply=1");
}

/// Each strategy, asked first about the unburnt position and the same cups
/// under the plain rules (filling whatever it keeps), then about the burnt
/// round: it must play a legal move, and, if exact, a best one.
fn check_across_rounds(name: &str, player: &mut dyn Strategy, exact: bool) {
    let plain = Rules::new(&three_houses()).unwrap();
    let rules = burnt_rules();
    for text in [UNBURNT, BURNT] {
        let before = at(&plain, text);
        assert!(player.choose(&before).is_some());
    }
    let pos = at(&rules, BURNT);
    let (value, best) = best_moves(&pos);
    let m = player.choose(&pos).expect("a move");
    assert!(pos.is_legal(m), "{name} chose {m} in the burnt round");
    assert_ne!(m, Move::House(3), "{name}");
    if exact {
        assert!(best.contains(&m), "{name} chose {m}, best {best:?}");
        let last = player.last_value().expect("a valued move");
        assert_eq!(last.score_difference(), Some(value), "{name}");
    }
}

#[test]
fn alphabeta_kept_from_round_to_round_plays_the_burnt_round_right() {
    check_across_rounds("alphabeta", &mut AlphaBeta::new(Limits::NONE), true);
}

#[test]
fn exact_plays_the_burnt_round_right() {
    let plain = Rules::new(&three_houses()).unwrap();
    let mut exact = Exact::new(&plain, Limits::NONE, 3).unwrap();
    check_across_rounds("exact", &mut exact, true);
}

#[test]
fn mcts_plays_only_legal_moves_in_the_burnt_round() {
    for seed in 0..8 {
        check_across_rounds("mcts", &mut Mcts::new(Limits::nodes(200), seed), false);
    }
}

#[test]
fn the_same_cups_in_another_round_keep_their_own_values() {
    // The burnt round's cups under the plain rules: house 3 is empty but
    // in play, so house 2 earns an extra turn there. The values differ,
    // so a table that mixed them up would answer wrong in one of them.
    let plain = Rules::new(&three_houses()).unwrap();
    let rules = burnt_rules();
    let (in_play, _) = best_moves(&at(&plain, BURNT));
    let (burnt, _) = best_moves(&at(&rules, BURNT));
    assert_ne!(in_play, burnt);
    let mut search = AlphaBeta::new(Limits::NONE);
    for (r, value) in [(&plain, in_play), (&rules, burnt), (&plain, in_play)] {
        let report = search.search(&at(r, BURNT));
        assert!(report.exact);
        assert_eq!(mancala_ai::score_difference(report.value), Some(value));
    }
}

#[test]
fn the_solver_solves_a_burnt_round_by_brute_force() {
    let rules = burnt_rules();
    let pos = at(&rules, BURNT);
    let (value, best) = best_moves(&pos);
    let options = SolverOptions {
        table_bytes: 1 << 16,
        database_seeds: 4,
    };
    // No database for burnt rules, and one of the plain rules is not used.
    assert!(!Egdb::supports(&rules));
    let plain = Rules::new(&three_houses()).unwrap();
    let database = Egdb::build(&plain, 4).expect("a database of the plain rules");
    assert!(!database.fits(&rules));
    for solver in [
        Solver::new(&rules, options),
        Solver::with_database(&rules, options, Some(database)),
    ] {
        let mut solver = solver.unwrap();
        let solution = solver.solve(&pos);
        assert_eq!(solution.value, value);
        assert!(best.contains(&solution.best.unwrap()));
    }
}

/// The doc example of `Match`: round 1 of two houses of two seeds, then
/// round 2 with A's house 2 burnt, B to move.
fn round_two() -> Match {
    "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1"
        .parse()
        .unwrap()
}

#[test]
fn every_player_plays_a_match_of_rounds_with_legal_moves() {
    let set = RuleSet::from_spec("kalah,houses=2,seeds=2,rounds=fill").unwrap();
    let rules = Rules::new(&set).unwrap();
    let game = round_two();
    assert!(game.position().is_burnt(Side::new(0), 2));
    let (value, best) = best_moves(&game.position());
    let players: Vec<(&str, Box<dyn Strategy>, bool)> = vec![
        ("alphabeta", Box::new(AlphaBeta::new(Limits::NONE)), true),
        (
            "exact",
            Box::new(Exact::new(&rules, Limits::NONE, 1).unwrap()),
            true,
        ),
        ("mcts", Box::new(Mcts::new(Limits::nodes(100), 1)), false),
    ];
    for (name, mut player, exact) in players {
        let m = player.choose(&game.position()).unwrap();
        assert!(best.contains(&m) || !exact, "{name}: {m}");
        if exact {
            assert_eq!(player.last_value().unwrap().score_difference(), Some(value));
        }
        // The whole match, this player against itself.
        let mut game = Match::new(&set).unwrap();
        let mut moves = 0;
        while !game.is_over() {
            let pos = game.position();
            let m = player.choose(&pos).expect("a move");
            assert!(pos.is_legal(m), "{name}: {m} in {pos}");
            game.play(m).unwrap();
            moves += 1;
            assert!(moves < 500, "{name}: the match goes on");
        }
    }
}

#[test]
fn the_arena_plays_each_game_as_a_whole_match_of_rounds() {
    use mancala_ai::Spec;
    use mancala_ai::arena::{MatchOptions, play_match_with};
    let set = RuleSet::from_spec("kalah,houses=2,seeds=2,rounds=fill").unwrap();
    let rules = Rules::new(&set).unwrap();
    let random: Spec = "random".parse().unwrap();
    // Every move random (an opening longer than any match): the record's
    // opening is then the whole match, replayed here through `Match`.
    let options = MatchOptions {
        games: 8,
        opening: 10_000,
        ..MatchOptions::default()
    };
    let report = play_match_with(&rules, &[random, random], &options).unwrap();
    let mut most_rounds = 0;
    for record in &report.records {
        let mut game = Match::new(&set).unwrap();
        for &m in &record.opening {
            game.play(m).unwrap();
        }
        assert!(game.is_over(), "{game}");
        assert_eq!(record.moves, record.opening.len());
        most_rounds = most_rounds.max(game.round_count());
        let outcome = game.outcome().unwrap();
        for (player, &seat) in record.order.iter().enumerate() {
            assert_eq!(record.ranks[seat], outcome.rank_of_player(player), "{game}");
            assert_eq!(
                record.scores[seat],
                outcome.score_of_player(player),
                "{game}"
            );
        }
    }
    assert!(most_rounds > 1, "no game went past its first round");
    // Searching players: no forfeit (a burnt house chosen would be one).
    let seats: [Spec; 2] = [
        "ai:3".parse().unwrap(),
        "alphabeta,depth=4".parse().unwrap(),
    ];
    let options = MatchOptions {
        games: 4,
        ..MatchOptions::default()
    };
    let report = play_match_with(&rules, &seats, &options).unwrap();
    assert_eq!(report.forfeits, 0);
    assert_eq!(report.capped, 0);
}
