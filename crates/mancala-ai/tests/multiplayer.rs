//! The multiplayer searches: max^n against the plain exhaustive max^n of
//! `mancala_testkit::oracle`, MCTS against exact values from alpha-beta, MCTS determinism and
//! limits on every rule set, and a strength smoke test.
//!
//! **Ties in max^n.** The oracle and [`MaxN`] both let the mover keep the
//! *first* child (in `legal_moves()` order) among those equally good for
//! them: a later child replaces the best only if it is strictly better for
//! the mover. Then the whole value vector is determined, and shallow
//! pruning cannot change it (a pruned position is at most as good for the
//! player above it as what that player already has, and ties go to the
//! earlier move), so whole vectors and best moves are compared.

use std::time::{Duration, Instant};

use mancala_ai::{
    AlphaBeta, Heuristic, Limits, MaxN, Mcts, Random, Strategy as _, WIN, terminal_value,
};
use mancala_core::{
    CaptureFrom, EndCondition, EndSet, ExtraTurn, KalahOptions, Origin, Position, Preset, RuleSet,
    Rules, StoresSown,
};
use mancala_testkit::oracle::{by_side, maxn};
use mancala_testkit::pick::{position, random_position};
use mancala_testkit::rules::{tiny_rules, tiny_two_player_rules};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn maxn_configurations(limits: Limits) -> Vec<(&'static str, MaxN)> {
    vec![
        ("default", MaxN::new(limits)),
        ("no pruning", MaxN::new(limits).without_pruning()),
        ("no table", MaxN::new(limits).table_bytes(0)),
        ("tiny table", MaxN::new(limits).table_bytes(1)),
        ("bare", MaxN::new(limits).table_bytes(0).without_pruning()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// To the end of the game, every configuration of [`MaxN`] finds the
    /// exhaustive max^n vector and move; with two players the mover's
    /// value is also the alpha-beta value.
    #[test]
    fn maxn_matches_exhaustive_maxn(set in tiny_rules(), picks in prop::collection::vec(any::<u8>(), 0..6)) {
        let rules = Rules::new(&set).unwrap();
        let pos = position(&rules, &picks);
        let (expected, expected_move) = maxn(&pos, None, &Heuristic::default());
        let expected = by_side(&pos, expected);
        for (name, mut search) in maxn_configurations(Limits::NONE) {
            let report = search.search(&pos);
            prop_assert_eq!(&report.values, &expected, "{} in {}", name, pos);
            prop_assert_eq!(report.best, expected_move, "{} in {}", name, pos);
            prop_assert!(report.exact, "{} in {}", name, pos);
            // A second search (the table now full of results) agrees too.
            let again = search.search(&pos);
            prop_assert_eq!(&again.values, &expected, "{} again in {}", name, pos);
            prop_assert_eq!(again.best, expected_move, "{} again in {}", name, pos);
        }
        if rules.players() == 2 && !pos.is_over() {
            let ab = AlphaBeta::new(Limits::NONE).table_bytes(1 << 16).search(&pos);
            prop_assert_eq!(expected[pos.to_move().index()], ab.value, "alpha-beta in {}", pos);
        }
    }

    /// With a depth limit and no table (whose deeper results would differ
    /// from depth-limited max^n), [`MaxN`] finds the depth-limited vector,
    /// with and without pruning.
    #[test]
    fn depth_limited_maxn_matches_exhaustive_maxn(
        set in tiny_rules(),
        picks in prop::collection::vec(any::<u8>(), 0..6),
        depth in 1u32..5,
    ) {
        let rules = Rules::new(&set).unwrap();
        let pos = position(&rules, &picks);
        let (expected, expected_move) = maxn(&pos, Some(depth), &Heuristic::default());
        let expected = by_side(&pos, expected);
        for (name, mut search) in [
            ("pruning", MaxN::new(Limits::depth(depth)).table_bytes(0)),
            ("bare", MaxN::new(Limits::depth(depth)).table_bytes(0).without_pruning()),
        ] {
            let report = search.search(&pos);
            prop_assert_eq!(&report.values, &expected, "{} at depth {} in {}", name, depth, pos);
            prop_assert_eq!(report.best, expected_move, "{} at depth {} in {}", name, depth, pos);
            prop_assert!(report.depth <= depth);
        }
    }
}

#[test]
fn maxn_prunes_and_obeys_limits() {
    // Kalah(2,2) with 3 players and Kalah(3,1) with 4, to the end: pruning
    // and the table visit fewer positions for the same result.
    for (players, houses, seeds) in [(3, 2, 2), (4, 3, 1)] {
        let set = RuleSet {
            houses,
            seeds,
            ..KalahOptions {
                players,
                ..KalahOptions::default()
            }
            .rules()
        };
        let rules = Rules::new(&set).unwrap();
        let pos = Position::new(&rules);
        let (expected, expected_move) = maxn(&pos, None, &Heuristic::default());
        let bare = MaxN::new(Limits::NONE)
            .table_bytes(0)
            .without_pruning()
            .search(&pos);
        let pruned = MaxN::new(Limits::NONE).table_bytes(0).search(&pos);
        let full = MaxN::new(Limits::NONE).search(&pos);
        for report in [&bare, &pruned, &full] {
            assert_eq!(report.values, by_side(&pos, expected));
            assert_eq!(report.best, expected_move);
            assert!(report.exact);
        }
        assert!(
            pruned.nodes < bare.nodes,
            "{} vs {}",
            pruned.nodes,
            bare.nodes
        );
        assert!(
            full.nodes < pruned.nodes,
            "{} vs {}",
            full.nodes,
            pruned.nodes
        );
    }

    // Full-size four-player Kalah: node and depth limits.
    let rules = Rules::new(&RuleSet::from_spec("kalah4").unwrap()).unwrap();
    let pos = Position::new(&rules);
    let report = MaxN::new(Limits::nodes(5_000)).search(&pos);
    assert!(report.nodes <= 5_000, "{}", report.nodes);
    assert!(pos.is_legal(report.best.unwrap()));
    assert_eq!(report.values.len(), 4);
    assert!(!report.exact);
    let report = MaxN::new(Limits::depth(3)).search(&pos);
    assert_eq!(report.depth, 3);
    assert!(pos.is_legal(report.best.unwrap()));
    // A finished game: no move, the outcome's values.
    let mut game = mancala_core::History::new(&rules);
    let mut random = Random::new(3);
    while !game.is_over() {
        let m = random.choose(game.position()).unwrap();
        game.play(m).unwrap();
    }
    let end = game.position();
    let outcome = end.outcome().unwrap();
    let report = MaxN::new(Limits::depth(3)).search(end);
    assert_eq!(report.best, None);
    assert!(report.exact);
    let expected: Vec<i32> = (0..4).map(|s| terminal_value(&outcome, s)).collect();
    assert_eq!(report.values, expected);
}

/// Win, draw or loss of an exact value: 1, 0 or -1.
fn result(value: i32) -> i32 {
    if value >= WIN / 2 {
        1
    } else if value <= -WIN / 2 {
        -1
    } else {
        0
    }
}

/// Runs MCTS (2000 iterations) on 100 small two-player positions that
/// `wanted` accepts, given every move's exact value by alpha-beta; returns
/// how often MCTS chose a move of the best exact value, and the misses.
fn mcts_against_exact(
    seed: u64,
    pie: bool,
    wanted: impl Fn(&[mancala_ai::MoveValue]) -> bool,
) -> (usize, Vec<String>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut tried = 0;
    let mut found = 0;
    let mut misses = Vec::new();
    while tried < 100 {
        let mut set = tiny_two_player_rules(&mut rng);
        set.pie_rule |= pie;
        let rules = Rules::new(&set).unwrap();
        // With the pie rule: around the swap (before it, at it, after it).
        let plies = if pie {
            rng.random_range(1..4)
        } else {
            rng.random_range(0..6)
        };
        let pos = random_position(&rules, plies, &mut rng);
        if pos.legal_moves().len() < 2 {
            continue;
        }
        let exact = AlphaBeta::new(Limits::NONE)
            .table_bytes(1 << 16)
            .analyse(&pos);
        assert!(exact.iter().all(|m| m.exact));
        if !wanted(&exact) {
            continue;
        }
        tried += 1;
        let best_value = exact.iter().map(|m| m.value).max().unwrap();
        let report = Mcts::new(Limits::nodes(2_000), tried).search(&pos);
        let chosen = exact.iter().find(|m| Some(m.mv) == report.best).unwrap();
        if chosen.value == best_value {
            found += 1;
        } else {
            misses.push(format!("{pos}: {report:?}, exact {exact:?}"));
        }
    }
    (found, misses)
}

#[test]
fn mcts_finds_the_best_move_in_small_positions() {
    // Positions where the moves' exact values (result, then margin) are
    // not all equal.
    let (found, misses) = mcts_against_exact(2024, false, |exact| {
        exact.iter().any(|m| m.value != exact[0].value)
    });
    assert!(found >= 90, "{found}/100; misses:\n{}", misses.join("\n"));
}

#[test]
fn mcts_finds_the_only_good_move_around_a_pie_swap() {
    // Pie-rule positions where exactly one move reaches the best result
    // (win, draw or loss): swapping or not changes whose reward is whose,
    // and mixing that up loses a quarter of these.
    let (found, misses) = mcts_against_exact(7, true, |exact| {
        let best = exact.iter().map(|m| result(m.value)).max().unwrap();
        exact.iter().filter(|m| result(m.value) == best).count() == 1
    });
    assert!(found >= 97, "{found}/100; misses:\n{}", misses.join("\n"));
}

#[test]
fn mcts_is_deterministic_for_a_seed() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let three = Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    for rules in [&rules, &three] {
        for _ in 0..5 {
            let pos = random_position(rules, rng.random_range(0..10), &mut rng);
            let a = Mcts::new(Limits::nodes(300), 42).search(&pos);
            let b = Mcts::new(Limits::nodes(300), 42).search(&pos);
            assert_eq!(a, b, "in {pos}");
            // And a game's worth of searches, one instance each.
            let mut x = Mcts::new(Limits::nodes(100), 9);
            let mut y = Mcts::new(Limits::nodes(100), 9);
            assert_eq!(x.search(&pos), y.search(&pos));
            assert_eq!(x.search(&pos), y.search(&pos));
        }
    }
}

#[test]
fn mcts_plays_every_rule_set_and_player_count() {
    // 3 and 4 players, with rule sets that may go round in circles
    // (stores off the track, origin `first`): the playout cap ends those.
    let mut rng = SmallRng::seed_from_u64(77);
    for i in 0..100 {
        let players = rng.random_range(3..=4u8);
        let set = RuleSet {
            players,
            houses: rng.random_range(1..=4u8),
            seeds: rng.random_range(1..=4u8),
            stores_sown: [StoresSown::Own, StoresSown::All, StoresSown::None][i % 3],
            origin: [Origin::Include, Origin::Skip, Origin::First][i / 3 % 3],
            extra_turn: ExtraTurn::ALL[rng.random_range(0..ExtraTurn::ALL.len())],
            capture_from: CaptureFrom::ALL[rng.random_range(0..CaptureFrom::ALL.len())],
            end: EndSet::of(&[if rng.random_bool(0.5) {
                EndCondition::AnySideEmpty
            } else {
                EndCondition::NoLegalMove
            }]),
            ..Preset::Kalah.rules()
        };
        let rules = Rules::new(&set).unwrap();
        let pos = random_position(&rules, rng.random_range(0..12), &mut rng);
        let report = Mcts::new(Limits::nodes(60), i as u64)
            .playout_cap(100)
            .search(&pos);
        check_report(&pos, &report, 60);
    }
    // Every preset, two players (pie rule and count captures included).
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules()).unwrap();
        for plies in [0, 1, 7] {
            let pos = random_position(&rules, plies, &mut rng);
            let report = Mcts::new(Limits::nodes(40), 1).search(&pos);
            check_report(&pos, &report, 40);
        }
    }
}

fn check_report(pos: &Position<'_>, report: &mancala_ai::MctsReport, nodes: u64) {
    if pos.is_over() {
        assert_eq!(report.best, None);
        assert_eq!(report.iterations, 0);
        return;
    }
    assert!(pos.is_legal(report.best.unwrap()), "{pos}: {report:?}");
    assert_eq!(report.iterations, nodes, "{pos}");
    let total: u64 = report.visits.iter().map(|&(_, n)| u64::from(n)).sum();
    assert_eq!(total, nodes, "{pos}: {report:?}");
    assert_eq!(
        report.visits.iter().map(|&(m, _)| m).collect::<Vec<_>>(),
        pos.legal_moves().to_vec()
    );
    let most = report.visits.iter().map(|&(_, n)| n).max().unwrap();
    let best = report.visits.iter().find(|&&(m, _)| Some(m) == report.best);
    assert_eq!(best.unwrap().1, most);
    assert!((0.0..=1.0).contains(&report.value), "{report:?}");
}

#[test]
fn mcts_obeys_limits() {
    let rules = Rules::new(&Preset::Oware.rules()).unwrap();
    let pos = Position::new(&rules);
    for n in [1, 2, 17, 500] {
        let report = Mcts::new(Limits::nodes(n), 3).search(&pos);
        check_report(&pos, &report, n);
    }
    // A tree that is full after 4 of the 6 moves: the search goes on.
    let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
    let start = Position::new(&kalah);
    let report = Mcts::new(Limits::nodes(300), 3)
        .tree_nodes(5)
        .search(&start);
    check_report(&start, &report, 300);
    assert_eq!(report.visits.iter().filter(|&&(_, n)| n > 0).count(), 4);
    let start = Instant::now();
    let report = Mcts::new(Limits::time(Duration::from_millis(50)), 3).search(&pos);
    let elapsed = start.elapsed();
    assert!(report.iterations >= 1);
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    assert!(pos.is_legal(report.best.unwrap()));
    // No limit: the default number of iterations, on a small board.
    let small = Rules::new(&RuleSet {
        houses: 2,
        seeds: 2,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let pos = Position::new(&small);
    let report = Mcts::new(Limits::NONE, 3).search(&pos);
    check_report(&pos, &report, Mcts::<Heuristic>::DEFAULT_ITERATIONS);
}

#[test]
fn mcts_beats_random_in_three_player_kalah() {
    let rules = Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap();
    let games = 24;
    let mut points = 0.0;
    for g in 0..games {
        let seat = g % 3;
        let mut mcts = Mcts::new(Limits::nodes(150), g as u64);
        let mut random = Random::new(1000 + g as u64);
        let mut pos = Position::new(&rules);
        while !pos.is_over() {
            let before = pos;
            let m = if pos.player_to_move() == seat {
                mcts.choose(&pos)
            } else {
                random.choose(&pos)
            }
            .unwrap();
            pos.play(m).unwrap();
            mcts.observe(&before, m);
            random.observe(&before, m);
        }
        let outcome = pos.outcome().unwrap();
        let ranks = outcome.ranks();
        let rank = outcome.rank_of_player(seat);
        if rank == 1 {
            // A shared first place counts as a share of a win.
            points += 1.0 / ranks.iter().filter(|&&r| r == 1).count() as f64;
        }
    }
    let rate = points / games as f64;
    // Random players win a third of the time.
    assert!(rate >= 0.75, "MCTS won {rate:.2} of {games} games");
}
