//! The analysis policy ([`analyse`]): the exact solver when it finishes in
//! time, alpha-beta otherwise, with values in seeds either way.

use std::time::Duration;

use mancala_ai::{AlphaBeta, Limits, Solver, SolverOptions, analyse};
use mancala_core::{Move, Position, Preset, RuleSet, Rules, Wdl};

fn kalah(houses: u8, seeds: u8) -> Rules {
    Rules::new(&RuleSet {
        houses,
        seeds,
        ..Preset::Kalah.rules()
    })
    .unwrap()
}

#[test]
fn a_small_position_is_valued_exactly_by_the_solver() {
    let rules = kalah(4, 3);
    let pos = Position::new(&rules);
    // A minute: ample for a debug build on a busy machine.
    let values = analyse(&pos, Limits::depth(2), Some(Duration::from_secs(60)));
    let options = SolverOptions {
        table_bytes: 1 << 20,
        database_seeds: 0,
    };
    let exact = Solver::new(&rules, options).unwrap().analyse(&pos);
    assert_eq!(values, exact);
    // docs/rules.md section 11: Kalah(4,3) is worth +6, by house 2.
    assert_eq!(values[0].mv, Move::House(2));
    assert_eq!(values[0].seeds(), 6.0);
    assert_eq!(values[0].wdl(), Some(Wdl::Win));
    let seeds: Vec<f64> = values.iter().map(|v| v.seeds()).collect();
    assert_eq!(seeds, [6.0, 2.0, -2.0, -6.0]);
}

#[test]
fn a_big_position_falls_back_on_alpha_beta() {
    // Kalah(6,4) beyond its opening book.
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let mut pos = Position::new(&rules);
    for house in [3, 6, 6, 2, 6, 1, 3, 4, 6, 2] {
        pos.play(Move::House(house)).unwrap();
    }
    let limits = Limits::depth(5);
    let values = analyse(&pos, limits, Some(Duration::from_millis(1)));
    assert_eq!(values, AlphaBeta::new(limits).analyse(&pos));
    assert!(values.iter().all(|v| !v.exact && v.wdl().is_none()));
    assert_eq!(values.len(), pos.legal_moves().len());
}

#[test]
fn kalah_6_4_opening_is_exact_from_the_book() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let pos = Position::new(&rules);
    let values = analyse(&pos, Limits::depth(1), Some(Duration::from_millis(1)));
    assert!(values.iter().all(|v| v.exact));
    // docs/rules.md section 11: Kalah(6,4) is worth +8 (by house 3, this
    // engine's solver says).
    assert_eq!((values[0].mv, values[0].seeds()), (Move::House(3), 8.0));
    assert_eq!(values.len(), 6);
}

#[test]
fn three_players_are_estimated_by_alpha_beta() {
    let rules = Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap();
    let pos = Position::new(&rules);
    let limits = Limits::depth(3);
    assert_eq!(
        analyse(&pos, limits, None),
        AlphaBeta::new(limits).analyse(&pos)
    );
}

#[test]
fn a_finished_game_has_no_moves_to_value() {
    let rules = kalah(3, 3);
    let mut pos = Position::new(&rules);
    while let Some(m) = pos.legal_moves().iter().next() {
        pos.play_unchecked(m);
    }
    assert!(pos.is_over());
    assert!(analyse(&pos, Limits::depth(3), None).is_empty());
}
