//! The exact player (`exact`) against a brute-force negamax
//! (mancala-testkit's `score_negamax`, apart from the engine's solver: it
//! uses only mancala-core's positions, legal moves and moves), and
//! against the published value of Kalah(4,3) (docs/rules.md section 11).

use std::collections::HashMap;

use mancala_ai::{Player, Spec, SpecError, Strategy, TimeControl, Timed};
use mancala_core::{KalahOptions, Move, Position, Preset, RuleSet, Rules, Wdl};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

// The brute force: mancala-testkit's negamax on the score difference,
// written apart from the engine's searches.
use mancala_testkit::oracle::{score_after as after, score_negamax as brute};

/// The result a final score difference gives in Kalah.
fn result(difference: i32) -> Wdl {
    match difference.signum() {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    }
}

fn kalah(houses: u8, seeds: u8) -> Rules {
    Rules::new(&RuleSet {
        houses,
        seeds,
        ..Preset::Kalah.rules()
    })
    .unwrap()
}

fn exact(rules: &Rules, text: &str, seed: u64) -> Box<dyn Strategy + Send> {
    text.parse::<Spec>().unwrap().strategy(rules, seed).unwrap()
}

/// Every position of `games` seeded random games of `rules` that is not
/// over: the exact player's move reaches the best brute-force value, and
/// its `last_value` is that value, exact.
fn check_optimal(rules: &Rules, games: u64) -> usize {
    let mut memo = HashMap::new();
    let mut player = exact(rules, "exact,nodes=100k", 1);
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = Position::new(rules);
        while !pos.is_over() {
            let best = brute(&pos, &mut memo);
            let m = player.choose(&pos).expect("a move");
            assert!(
                pos.legal_moves().iter().any(|l| l == m),
                "{m} legal in {pos}"
            );
            assert_eq!(after(&pos, m, &mut memo), best, "{m} optimal in {pos}");
            let value = player.last_value().expect("a value");
            assert!(value.exact, "solved: {pos}");
            assert_eq!(value.mv, m);
            assert_eq!(value.score_difference(), Some(best), "value of {pos}");
            let wdl = value.wdl().unwrap();
            assert_eq!(wdl, result(best), "{pos}");
            checked += 1;
            let moves = pos.legal_moves();
            let random = moves.get(rng.random_range(0..moves.len())).unwrap();
            pos.play(random).unwrap();
        }
    }
    checked
}

#[test]
fn exact_player_is_optimal_on_kalah_3_2() {
    let rules = kalah(3, 2);
    assert!(check_optimal(&rules, 30) > 100);
}

#[test]
fn exact_player_is_optimal_on_kalah_3_3() {
    let rules = kalah(3, 3);
    assert!(check_optimal(&rules, 30) > 150);
}

#[test]
fn brute_force_agrees_with_the_published_small_kalah_values() {
    // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    let mut memo = HashMap::new();
    assert_eq!(brute(&Position::new(&kalah(3, 3)), &mut memo), 2);
}

/// The final score difference for seat `seat` of a game of `rules`
/// between the exact player in `seat` and `other`.
fn play_against(rules: &Rules, seat: usize, other: &str, seed: u64) -> i32 {
    let mut players = [exact(rules, "exact", seed), exact(rules, other, seed)];
    if seat == 1 {
        players.swap(0, 1);
    }
    let mut pos = Position::new(rules);
    while !pos.is_over() {
        let before = pos;
        let m = players[pos.player_to_move()].choose(&pos).unwrap();
        pos.play(m).unwrap();
        for p in &mut players {
            p.observe(&before, m);
        }
    }
    let outcome = pos.outcome().unwrap();
    i32::from(outcome.score_of_player(seat)) - i32::from(outcome.score_of_player(1 - seat))
}

#[test]
fn exact_player_never_finishes_below_the_kalah_4_3_value() {
    // docs/rules.md section 11: Kalah(4,3) is worth +6 to the first
    // player, so -6 to the second.
    let rules = kalah(4, 3);
    for other in ["random", "greedy"] {
        for seed in 0..3 {
            let first = play_against(&rules, 0, other, seed);
            assert!(first >= 6, "first against {other}, seed {seed}: {first}");
            let second = play_against(&rules, 1, other, seed);
            assert!(
                second >= -6,
                "second against {other}, seed {seed}: {second}"
            );
        }
    }
}

#[test]
fn exact_falls_back_on_level_10_out_of_budget() {
    // Kalah(6,4) after ten moves (out of its opening book) is far beyond
    // 100 positions.
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    for house in [3, 6, 6, 2, 6, 1, 3, 4, 6, 2] {
        pos.play(Move::House(house)).unwrap();
    }
    let mut player = exact(&rules, "exact,nodes=100", 3);
    let m = player.choose(&pos).unwrap();
    let value = player.last_value().expect("level 10's estimate");
    assert_eq!(value.mv, m);
    assert!(!value.exact);
    // Level 10 with the same seed plays the same move.
    assert_eq!(exact(&rules, "ai:10,seed=3", 0).choose(&pos), Some(m));
}

#[test]
fn exact_with_three_players_plays_level_10() {
    let rules = Rules::new(
        &KalahOptions {
            players: 3,
            houses: 3,
            seeds: 2,
            ..KalahOptions::default()
        }
        .rules(),
    )
    .unwrap();
    let pos = Position::new(&rules);
    let mut player = exact(&rules, "exact,seed=5", 0);
    let m = player.choose(&pos).unwrap();
    assert!(pos.legal_moves().iter().any(|l| l == m));
    assert_eq!(player.last_value(), None);
}

#[test]
fn exact_plays_a_legal_move_in_every_preset() {
    for preset in Preset::ALL {
        let rules = Rules::new(&preset.rules()).unwrap();
        let pos = Position::new(&rules);
        let m = exact(&rules, "exact,nodes=1000", 1).choose(&pos);
        let m = m.unwrap_or_else(|| panic!("{preset}: a move"));
        assert!(pos.legal_moves().iter().any(|l| l == m), "{preset}: {m}");
    }
}

#[test]
fn exact_specs_parse_and_print_back() {
    let spec: Spec = "exact".parse().unwrap();
    assert_eq!(spec.player, Player::Exact);
    assert_eq!(spec.to_string(), "exact");
    let spec: Spec = "EXACT,nodes=1000".parse().unwrap();
    assert_eq!(spec.limits.nodes, Some(1000));
    assert_eq!(spec.to_string(), "exact,nodes=1000");
    let spec: Spec = "exact,time=2s,seed=4".parse().unwrap();
    assert_eq!(spec.seed, Some(4));
    assert_eq!(spec.to_string().parse::<Spec>().unwrap(), spec);
    assert_eq!(
        spec,
        Spec::new(Player::Exact)
            .with_limits("time=2s".parse().unwrap())
            .with_seed(4)
    );
}

#[test]
fn exact_refuses_other_settings_by_name() {
    for (text, key) in [
        ("exact,depth=5", "depth"),
        ("exact,eval=store", "eval"),
        ("exact,playout=10", "playout"),
        ("exact,model=off", "model"),
        ("exact,colour=red", "colour"),
    ] {
        let err = text.parse::<Spec>().unwrap_err();
        assert!(
            matches!(&err, SpecError::Value { key: k, .. } if k == key),
            "{text}: {err:?}"
        );
        let message = err.to_string();
        assert!(message.starts_with(&format!("{key}=")), "{text}: {message}");
        assert!(
            message.contains("exact takes only nodes=, time=, seed= and book="),
            "{message}"
        );
    }
    // A level-like number is not a setting.
    assert!("exact:5".parse::<Spec>().is_err());
}

#[test]
fn a_time_manager_passes_the_exact_value_on() {
    // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    let rules = kalah(3, 3);
    let control: TimeControl = "5s".parse().unwrap();
    let spec: Spec = "exact".parse().unwrap();
    let mut timed = Timed::new(spec.timed_strategy(&rules, 1, &control).unwrap(), control);
    let m = timed.choose(&Position::new(&rules)).unwrap();
    let value = timed.last_value().expect("a value");
    assert_eq!(value.mv, m);
    assert!(value.exact);
    assert_eq!(value.score_difference(), Some(2));
}
