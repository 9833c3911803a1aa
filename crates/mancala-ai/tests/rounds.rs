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

/// A whole match of two houses of two seeds in three rounds, worked by
/// hand from docs/rules.md section 8a. Round 1 (A starts) ends 3 to 5;
/// round 2: A fills house 1 and keeps 1 seed in its store, house 2 burnt,
/// B starts (`alternate`): B's house 2 sows its store and A's house 1, A's
/// house 1 passes over the burnt house 2 and sows its store and B's two
/// houses: A's side is empty, B takes the rest, 2 to 6. Round 3: A fills
/// house 1 again, B both houses with 2 in its store; A's house 1 sows its
/// store and B's house 1, its side is empty, 1 to 7, and A cannot fill a
/// house: the match is over.
const WHOLE_MATCH: &str = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 2, 1 / 1";

/// Checks `review` of `game` against the brute force, move by move: the
/// best value, the played move's value, a best move, all exact.
fn check_review(game: &Match, review: &[mancala_ai::RoundReview]) {
    assert_eq!(review.len(), game.round_count());
    for (r, (round, reviewed)) in game.rounds().iter().zip(review).enumerate() {
        assert_eq!(reviewed.round, r + 1);
        let positions: Vec<Position<'_>> = round.positions().collect();
        let moves: Vec<Move> = round.moves().collect();
        assert_eq!(reviewed.moves.len(), moves.len(), "round {}", r + 1);
        for (i, (m, pos)) in moves.iter().zip(&positions).enumerate() {
            let got = &reviewed.moves[i];
            let mut memo = HashMap::new();
            let (value, best) = best_moves(pos);
            let played = after(pos, *m, &mut memo);
            let at = format!("round {} ply {} in {pos}", r + 1, i + 1);
            assert_eq!(got.ply, i + 1, "{at}");
            assert_eq!(got.mv, *m, "{at}");
            assert_eq!(got.side, pos.to_move(), "{at}");
            assert!(got.exact, "{at}");
            assert_eq!(got.before, f64::from(value), "{at}");
            assert_eq!(got.after, f64::from(played), "{at}");
            assert!(
                best.contains(&got.best),
                "{at}: {} not in {best:?}",
                got.best
            );
            assert!(pos.is_legal(got.best), "{at}");
        }
    }
}

#[test]
fn a_match_reviewed_round_by_round_agrees_with_the_brute_force() {
    let game: Match = WHOLE_MATCH.parse().unwrap();
    assert!(game.is_over());
    assert_eq!(game.round_count(), 3);
    // The hand-worked starts of rounds 2 and 3: A's house 2 burnt.
    let starts: Vec<String> = game
        .rounds()
        .iter()
        .map(|g| g.start().to_string())
        .collect();
    assert_eq!(
        starts,
        [
            "2,2:0 2,2:0 to=0 ply=0",
            "2,0:1 2,2:1 to=1 ply=0",
            "2,0:0 2,2:2 to=0 ply=0"
        ]
    );
    assert!(game.rounds()[1].position().is_burnt(Side::new(0), 2));
    assert_eq!(
        game.position().to_string(),
        "0,0:1 0,0:7 to=1 ply=1 over=any_side_empty"
    );
    let review = mancala_ai::review_match(&game, &mancala_ai::ReviewBudget::default(), None);
    check_review(&game, &review);
    assert_eq!(
        review.iter().map(|r| r.moves.len()).collect::<Vec<_>>(),
        [7, 2, 1]
    );
    // Round 2, A's only move (house 2 is burnt): house 1, worth -4 by
    // hand (A ends the round 2 to 6).
    let a = &review[1].moves[1];
    assert_eq!(
        (a.mv, a.best, a.before, a.after),
        (Move::House(1), Move::House(1), -4.0, -4.0)
    );
}

#[test]
fn a_longer_match_reviewed_with_a_database_of_the_plain_rules() {
    // Three houses of three seeds, three rounds at most, the move of
    // index `moves % legal moves` each time: the
    // rounds after the first burn houses, so the database (built for the
    // plain rules) serves round 1 only, and the values stay the brute
    // force's in every round.
    let set = RuleSet::from_spec("kalah,houses=3,seeds=3,rounds=fill,round_limit=3").unwrap();
    let mut game = Match::new(&set).unwrap();
    let mut moves = 0;
    while !game.is_over() {
        let legal: Vec<Move> = game.legal_moves().iter().collect();
        game.play(legal[moves % legal.len()]).unwrap();
        moves += 1;
        assert!(moves < 300, "{game}");
    }
    assert!(game.round_count() >= 2, "{game}");
    assert!(
        game.rounds()[1..]
            .iter()
            .any(|g| g.rules().burnt().iter().any(|&b| b != 0)),
        "{game}"
    );
    let plain = Rules::new(&set).unwrap();
    let database = std::sync::Arc::new(Egdb::build(&plain, 6).unwrap());
    let budget = mancala_ai::ReviewBudget::default();
    let with = mancala_ai::review_match(&game, &budget, Some(database));
    check_review(&game, &with);
    assert_eq!(with, mancala_ai::review_match(&game, &budget, None));
}
