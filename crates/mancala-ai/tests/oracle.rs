//! The oracle test (after minimax-rs): on hundreds of small random
//! positions of several rule sets, every configuration of the alpha-beta
//! search returns the same root value as plain exhaustive minimax, which
//! has no pruning, no table, no ordering and no windows.

use mancala_ai::{AlphaBeta, Heuristic, Limits, SEED, WIN};
use mancala_core::{Position, Rules};
use mancala_testkit::oracle::minimax;
use mancala_testkit::pick::position;
use mancala_testkit::rules::small_rules;
use mancala_testkit::rules::{SMALL_KALAH_VALUES, small_kalah};
use proptest::prelude::*;

/// Tables for these small games: big enough to matter, cheap to allocate.
const TABLE: usize = 64 << 10;

fn configurations(limits: Limits) -> Vec<(&'static str, AlphaBeta)> {
    vec![
        ("full", AlphaBeta::new(limits).table_bytes(TABLE)),
        ("no table", AlphaBeta::new(limits).table_bytes(0)),
        (
            "no ordering",
            AlphaBeta::new(limits).table_bytes(TABLE).without_ordering(),
        ),
        (
            "no aspiration",
            AlphaBeta::new(limits)
                .table_bytes(TABLE)
                .without_aspiration(),
        ),
        (
            "bare",
            AlphaBeta::new(limits)
                .table_bytes(0)
                .without_ordering()
                .without_aspiration(),
        ),
        ("tiny table", AlphaBeta::new(limits).table_bytes(1)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// To the end of the game, every configuration finds the exact value.
    #[test]
    fn alpha_beta_matches_exhaustive_minimax(set in small_rules(), moves in prop::collection::vec(any::<u8>(), 0..6)) {
        let rules = Rules::new(&set).unwrap();
        let pos = position(&rules, &moves);
        let root = pos.player_to_move();
        let eval = Heuristic::default();
        let expected = minimax(&pos, root, None, &eval);
        let children: Vec<(mancala_core::Move, i32)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut child = pos;
                child.play_unchecked(m);
                (m, minimax(&child, root, None, &eval))
            })
            .collect();
        let value_of = |m| children.iter().find(|(c, _)| *c == m).unwrap().1;
        for (name, mut search) in configurations(Limits::NONE) {
            let report = search.search(&pos);
            prop_assert_eq!(report.value, expected, "{} in {}", name, pos);
            prop_assert!(report.exact, "{} in {}", name, pos);
            if let Some(best) = report.best {
                // The move it names reaches that value.
                prop_assert_eq!(value_of(best), expected, "{} best move in {}", name, pos);
            }
            // Every move's value, as analysis reports it, is its exact value.
            let analysis = search.analyse(&pos);
            prop_assert_eq!(analysis.len(), children.len());
            for mv in analysis {
                prop_assert_eq!(mv.value, value_of(mv.mv), "{} analysis of {} in {}", name, mv.mv, pos);
                prop_assert!(mv.exact);
            }
        }
    }

    /// With a depth limit and no table (whose deeper results would be
    /// better than depth-limited minimax, not equal), every configuration
    /// finds the depth-limited minimax value with the same evaluation.
    #[test]
    fn depth_limited_alpha_beta_matches_minimax(
        set in small_rules(),
        moves in prop::collection::vec(any::<u8>(), 0..6),
        depth in 1u32..5,
    ) {
        let rules = Rules::new(&set).unwrap();
        let pos = position(&rules, &moves);
        let root = pos.player_to_move();
        let eval = Heuristic::default();
        let expected = minimax(&pos, root, Some(depth), &eval);
        for (name, search) in configurations(Limits::depth(depth)) {
            if name == "full" || name == "no ordering" || name == "no aspiration" || name == "tiny table" {
                continue;
            }
            let mut search = search;
            let report = search.search(&pos);
            prop_assert_eq!(report.value, expected, "{} at depth {} in {}", name, depth, pos);
        }
        let mut search = AlphaBeta::new(Limits::depth(depth)).table_bytes(0).without_aspiration();
        prop_assert_eq!(search.search(&pos).value, expected);
    }
}

#[test]
fn small_kalah_boards_have_the_published_values() {
    // docs/rules.md section 11: Kalah(3,3) +2, (4,3) +6.
    for (houses, seeds, value) in SMALL_KALAH_VALUES.into_iter().take(2) {
        let rules = small_kalah(houses, seeds);
        let report = AlphaBeta::new(Limits::NONE)
            .table_bytes(1 << 20)
            .search(&Position::new(&rules));
        assert!(report.exact);
        assert_eq!(report.value, SEED * value + WIN, "Kalah({houses},{seeds})");
    }
}
