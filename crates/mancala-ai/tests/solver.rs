//! The exact solver and the endgame database against plain exhaustive
//! minimax, on small random positions of several two-player rule sets, and
//! the published values of the small Kalah boards (docs/rules.md section 11).

use mancala_ai::{Egdb, EgdbError, Solver, SolverOptions, score_difference, terminal_value};
use mancala_core::{
    EndCondition, EndSet, Leftover, NoMove, Position, Preset, RuleSet, Rules, Side, Wdl,
};
use mancala_testkit::oracle::negamax;
use mancala_testkit::pick::{ongoing, position};
use mancala_testkit::rules::{SMALL_KALAH_VALUES, small_kalah, small_two_player_rules};
use proptest::prelude::*;

/// A result as a sign: 1 win, 0 draw, -1 loss.
fn sign(result: Wdl) -> i32 {
    match result {
        Wdl::Win => 1,
        Wdl::Draw => 0,
        Wdl::Loss => -1,
    }
}

const SMALL: SolverOptions = SolverOptions {
    table_bytes: 1 << 16,
    database_seeds: 5,
};

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn solver_matches_exhaustive_negamax(set in small_two_player_rules(), moves in prop::collection::vec(any::<u8>(), 0..5)) {
        let rules = Rules::new(&set).unwrap();
        prop_assume!(set.move_bound().is_some());
        let pos = position(&rules, &moves);
        let expected = negamax(&pos);
        for options in [SMALL, SolverOptions { database_seeds: 0, ..SMALL }] {
            let mut solver = Solver::new(&rules, options).unwrap();
            let solution = solver.solve(&pos);
            prop_assert_eq!(Some(solution.value), score_difference(expected), "value of {}", pos);
            prop_assert_eq!(sign(solution.result), (expected + mancala_ai::WIN / 2).div_euclid(mancala_ai::WIN).signum(), "result of {}", pos);
            // Every move's exact value, and the best move reaches the best.
            let analysis = solver.analyse(&pos);
            for mv in &analysis {
                let (m, value, result) = (mv.mv, mv.score_difference(), mv.wdl().map(sign));
                let mut child = pos;
                child.play_unchecked(m);
                let v = if child.is_over() {
                    terminal_value(&child.outcome().unwrap(), child.side_of(pos.player_to_move()).index())
                } else if child.player_to_move() == pos.player_to_move() {
                    negamax(&child)
                } else {
                    -negamax(&child)
                };
                prop_assert_eq!(value, score_difference(v), "move {} of {}", m, pos);
                prop_assert_eq!(result, Some((v + mancala_ai::WIN / 2).div_euclid(mancala_ai::WIN).signum()));
            }
            if let Some(best) = solution.best {
                let mv = analysis.iter().find(|v| v.mv == best).copied().unwrap();
                prop_assert_eq!((mv.score_difference(), mv.wdl()), (Some(solution.value), Some(solution.result)), "best move of {}", pos);
            }
        }
    }

    /// Every board of the database holds the exact value still to come.
    #[test]
    fn endgame_database_holds_exact_values(
        set in small_two_player_rules().prop_map(|mut set| {
            // The database is for additive rules without passing only.
            set.pie_rule = false;
            if set.leftover == Leftover::SplitPoorer {
                set.leftover = Leftover::Owner;
            }
            set.no_move = NoMove::End;
            set.tuzdyk = false;
            set.end = EndSet::of(&[if set.capture_empty_opposite {
                EndCondition::AnySideEmpty
            } else {
                EndCondition::NoLegalMove
            }]);
            set
        }),
        moves in prop::collection::vec(any::<u8>(), 1..8),
    ) {
        let rules = Rules::new(&set).unwrap();
        prop_assert!(rules.board_decides_future());
        let db = Egdb::build(&rules, 6).unwrap();
        // Far enough into the game that no rule looks at the move count.
        let pos = ongoing(&rules, &moves);
        prop_assume!(!pos.is_over() && pos.sowings() >= 1);
        prop_assume!(pos.board_seeds() <= 6);
        let v = db.probe(&pos).expect("the database holds every board of up to 6 seeds");
        let so_far = i32::from(pos.store(pos.to_move())) - i32::from(pos.store(Side::new(1 - pos.to_move().index())));
        prop_assert_eq!(Some(v + so_far), score_difference(negamax(&pos)), "{}", pos);
    }
}

/// The database built on several threads is the serial one, board for
/// board (compared through every board's probe, both sides to move).
#[test]
fn a_parallel_database_equals_the_serial_one() {
    for empty in [false, true] {
        let rules = Rules::new(&RuleSet {
            houses: 3,
            seeds: 3,
            capture_empty_opposite: empty,
            ..Preset::Kalah.rules()
        })
        .unwrap();
        let serial = Egdb::build_with_threads(&rules, 9, 1).unwrap();
        let parallel = Egdb::build_with_threads(&rules, 9, 3).unwrap();
        // Every board of up to 9 seeds in 6 houses, by counting in base 10.
        let mut board = [0u8; 6];
        let mut boards = 0;
        loop {
            let seeds: u32 = board.iter().map(|&c| u32::from(c)).sum();
            if seeds <= 9 {
                let pos = Position::from_parts(&rules, &board, &[0, 0], 1, 40).unwrap();
                if !pos.is_over() {
                    boards += 1;
                    assert_eq!(serial.probe(&pos), parallel.probe(&pos), "{pos}");
                    assert!(serial.probe(&pos).is_some());
                }
            }
            let Some(i) = board.iter().position(|&c| c < 9) else {
                break;
            };
            board[..i].fill(0);
            board[i] += 1;
        }
        assert!(boards > 4_000, "{boards}");
    }
}

/// A fresh scratch directory for one test.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-egdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every board of `houses` houses a side with up to `seeds` seeds, side 0
/// to move, that is not over.
fn boards_up_to<'r>(rules: &'r Rules, seeds: u32) -> Vec<Position<'r>> {
    let n = 2 * rules.houses();
    let mut board = vec![0u8; n];
    let mut out = Vec::new();
    loop {
        let total: u32 = board.iter().map(|&c| u32::from(c)).sum();
        if total <= seeds {
            let pos = Position::from_parts(rules, &board, &[0, 0], 0, 40).unwrap();
            if !pos.is_over() {
                out.push(pos);
            }
        }
        let Some(i) = board.iter().position(|&c| u32::from(c) < seeds) else {
            return out;
        };
        board[..i].fill(0);
        board[i] += 1;
    }
}

#[test]
fn a_saved_database_loads_back_the_same() {
    let dir = scratch_dir("round-trip");
    let path = dir.join("kalah33.egdb");
    for empty in [false, true] {
        let rules = Rules::new(&RuleSet {
            houses: 3,
            seeds: 3,
            capture_empty_opposite: empty,
            ..Preset::Kalah.rules()
        })
        .unwrap();
        let built = Egdb::build(&rules, 7).unwrap();
        built.save(&path).unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().len() as usize,
            Egdb::size(&rules, 7) + 40
        );
        let loaded = Egdb::load(&path, &rules).unwrap();
        assert_eq!(loaded.max_seeds(), 7);
        assert!(loaded.fits(&rules));
        for pos in boards_up_to(&rules, 7) {
            assert_eq!(built.probe(&pos), loaded.probe(&pos), "{pos}");
        }
        // Loaded, not rebuilt: the file's 7 seeds stand.
        let again = Egdb::load_or_build(&path, &rules, 9).unwrap();
        assert_eq!(again.max_seeds(), 7);
        // The starting seeds do not matter: Kalah(3,4) uses the same file.
        let four = Rules::new(&RuleSet {
            seeds: 4,
            ..*rules.rule_set()
        })
        .unwrap();
        assert!(Egdb::load(&path, &four).unwrap().fits(&four));
    }
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_database_bigger_than_a_save_piece_loads_back_the_same() {
    // Saved a megabyte at a time: 1.56 million boards (four houses a side,
    // up to 18 seeds) take one piece and part of a second.
    let dir = scratch_dir("pieces");
    let path = dir.join("kalah44.egdb");
    let rules = Rules::new(&RuleSet {
        houses: 4,
        seeds: 4,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let size = Egdb::size(&rules, 18);
    assert!(size > 1 << 20 && !size.is_multiple_of(1 << 20), "{size}");
    let built = Egdb::build(&rules, 18).unwrap();
    built.save(&path).unwrap();
    // The checksum read back over the whole file matches the one written
    // piece by piece, or this load fails.
    let loaded = Egdb::load(&path, &rules).unwrap();
    let mut state = 12345u64;
    let mut probed = 0;
    for k in 0..3000u32 {
        let mut board = [0u8; 8];
        for _ in 0..k % 19 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            board[(state >> 33) as usize % 8] += 1;
        }
        let pos = Position::from_parts(&rules, &board, &[0, 0], 0, 40).unwrap();
        if !pos.is_over() {
            assert_eq!(built.probe(&pos), loaded.probe(&pos), "{pos}");
            assert!(loaded.probe(&pos).is_some(), "{pos}");
            probed += 1;
        }
    }
    assert!(probed > 2000, "{probed}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_database_file_for_other_rules_or_truncated_is_refused() {
    let dir = scratch_dir("refused");
    let path = dir.join("kalah33.egdb");
    let standard = Rules::new(&RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let empty = Rules::new(&RuleSet {
        capture_empty_opposite: true,
        ..*standard.rule_set()
    })
    .unwrap();
    Egdb::build(&standard, 6).unwrap().save(&path).unwrap();
    let refused = |path: &std::path::Path, rules: &Rules| Egdb::load(path, rules).unwrap_err();
    assert!(matches!(refused(&path, &empty), EgdbError::OtherRules(_)));
    // Nor is the file replaced by load_or_build.
    assert!(Egdb::load_or_build(&path, &empty, 6).is_err());
    let whole = std::fs::read(&path).unwrap();
    // Cut anywhere: in the header, in the values, in the checksum.
    for cut in [0, 5, 20, 39, whole.len() / 2, whole.len() - 1] {
        std::fs::write(&path, &whole[..cut]).unwrap();
        let error = refused(&path, &standard);
        assert!(
            matches!(error, EgdbError::Corrupt(_) | EgdbError::NotADatabase(_)),
            "{cut}: {error}"
        );
    }
    // A flipped value fails the checksum.
    let mut flipped = whole.clone();
    flipped[100] ^= 1;
    std::fs::write(&path, &flipped).unwrap();
    assert!(matches!(refused(&path, &standard), EgdbError::Corrupt(_)));
    // Not a database at all, or missing.
    std::fs::write(&path, b"hello, this is not a database file at all...").unwrap();
    assert!(matches!(
        refused(&path, &standard),
        EgdbError::NotADatabase(_)
    ));
    assert!(matches!(
        refused(&dir.join("missing"), &standard),
        EgdbError::Io { .. }
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_solver_builds_its_database_file_once_and_reuses_it() {
    let dir = scratch_dir("solver-file");
    let path = dir.join("kalah44.egdb");
    let rules = Rules::new(&RuleSet {
        houses: 4,
        seeds: 4,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let options = SolverOptions {
        table_bytes: 1 << 22,
        database_seeds: 8,
    };
    for _ in 0..2 {
        let mut solver = Solver::with_database_file(&rules, options, &path).unwrap();
        assert_eq!(solver.solve(&Position::new(&rules)).value, 2);
    }
    assert!(path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn small_kalah_boards_have_the_published_values() {
    // docs/rules.md section 11: Kalah(3,3) +2, (4,3) +6, (4,4) +2.
    for (houses, seeds, value) in SMALL_KALAH_VALUES {
        let rules = small_kalah(houses, seeds);
        let mut solver = Solver::new(
            &rules,
            SolverOptions {
                table_bytes: 1 << 22,
                database_seeds: 8,
            },
        )
        .unwrap();
        let solution = solver.solve(&Position::new(&rules));
        assert_eq!(solution.value, value, "Kalah({houses},{seeds})");
        assert_eq!(solution.result, Wdl::Win);
        assert!(solution.best.is_some());
    }
}

/// A table far too small for the search (the smallest there is: a few
/// thousand entries, replaced all the time) and no database: the
/// published values still come out, on one thread and on two sharing
/// the table.
#[test]
fn a_tiny_table_keeps_the_published_values() {
    // docs/rules.md section 11: Kalah(3,3) +2, (4,3) +6.
    for (houses, seeds, value) in SMALL_KALAH_VALUES.into_iter().take(2) {
        let rules = small_kalah(houses, seeds);
        for threads in [1, 2] {
            let mut solver = Solver::new(
                &rules,
                SolverOptions {
                    table_bytes: 1,
                    database_seeds: 0,
                },
            )
            .unwrap();
            solver.set_threads(threads);
            let solution = solver.solve(&Position::new(&rules));
            assert_eq!(
                solution.value, value,
                "Kalah({houses},{seeds}), {threads} threads"
            );
        }
    }
}

#[test]
fn a_solve_out_of_budget_says_so_and_leaves_the_table_usable() {
    let rules = Rules::new(&RuleSet {
        houses: 4,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let start = Position::new(&rules);
    let mut solver = Solver::new(
        &rules,
        SolverOptions {
            table_bytes: 1 << 20,
            database_seeds: 4,
        },
    )
    .unwrap();
    let err = solver
        .solve_within(&start, &mancala_ai::Limits::nodes(50))
        .expect_err("50 positions are not enough for Kalah(4,3)");
    assert!(err.nodes >= 50 && err.nodes < 60, "{err}");
    // docs/rules.md section 11: +6, found after the interrupted attempt.
    assert_eq!(solver.solve(&start).value, 6);
}

/// A time budget holds on two threads too: the helper stops with the
/// solver's own thread. Kalah(6,4) takes minutes; a 100 ms budget gives up
/// well within a generous bound (the waiting thread's own look at the
/// clock is checked by a unit test of the solver).
#[test]
fn a_timed_two_thread_solve_gives_up_in_time() {
    let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
    let start = Position::new(&rules);
    let mut solver = Solver::new(
        &rules,
        SolverOptions {
            table_bytes: 1 << 20,
            database_seeds: 8,
        },
    )
    .unwrap();
    solver.set_threads(2);
    let began = std::time::Instant::now();
    let err = solver
        .solve_within(
            &start,
            &mancala_ai::Limits::time(std::time::Duration::from_millis(100)),
        )
        .expect_err("Kalah(6,4) takes minutes");
    assert!(began.elapsed() < std::time::Duration::from_secs(5), "{err}");
}

#[test]
fn a_budgeted_analysis_gives_up_or_agrees_with_the_full_one() {
    let rules = Rules::new(&RuleSet {
        houses: 4,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let start = Position::new(&rules);
    let options = SolverOptions {
        table_bytes: 1 << 20,
        database_seeds: 0,
    };
    let mut solver = Solver::new(&rules, options).unwrap();
    let err = solver
        .analyse_within(&start, &mancala_ai::Limits::nodes(30))
        .expect_err("30 positions are not enough");
    assert!(err.nodes >= 30 && err.nodes < 40, "{err}");
    let within = solver
        .analyse_within(&start, &mancala_ai::Limits::nodes(100_000_000))
        .expect("enough");
    let full = Solver::new(&rules, options).unwrap().analyse(&start);
    assert_eq!(within, full);
    // The best move is worth the position's value, +6 (docs/rules.md section 11).
    assert_eq!(full[0].score_difference(), Some(6));
    assert_eq!(full.len(), 4);
}

#[test]
fn progress_is_reported_with_bounds_closing_on_the_value() {
    let rules = Rules::new(&RuleSet {
        houses: 4,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let reports = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = reports.clone();
    let mut solver = Solver::new(
        &rules,
        SolverOptions {
            table_bytes: 1 << 20,
            database_seeds: 0,
        },
    )
    .unwrap();
    solver.set_progress(move |p| seen.lock().unwrap().push(*p));
    let solution = solver.solve(&Position::new(&rules));
    let reports = reports.lock().unwrap();
    assert!(reports.len() >= 2);
    // Passes count up, nodes never go down, and the root's first pass
    // reports the bounds of the start position's search: the last report
    // of the root solve has lower == upper.
    assert!(reports.windows(2).all(|w| w[1].passes == w[0].passes + 1));
    assert!(reports.windows(2).all(|w| w[1].nodes >= w[0].nodes));
    assert!(
        reports
            .iter()
            .any(|p| p.lower.is_some() && p.lower == p.upper),
        "some pass closes its window"
    );
    assert_eq!(solution.value, 6);
}

/// The helper thread of a parallel root pass shares the table: the values
/// are those of a one-thread solve, both capture rules, from several
/// positions (the shallow ordering searches run there too: boards of 16
/// seeds or more order their moves by them).
#[test]
fn a_parallel_solve_equals_the_serial_one() {
    for empty in [false, true] {
        let rules = Rules::new(&RuleSet {
            houses: 4,
            seeds: 3,
            capture_empty_opposite: empty,
            ..Preset::Kalah.rules()
        })
        .unwrap();
        for moves in [&[0, 1][..], &[2, 0, 3]] {
            let pos = position(&rules, moves);
            let mut values = Vec::new();
            for threads in [1, 2] {
                let mut solver = Solver::new(
                    &rules,
                    SolverOptions {
                        table_bytes: 1 << 20,
                        database_seeds: 6,
                    },
                )
                .unwrap();
                solver.set_threads(threads);
                values.push(solver.solve(&pos).value);
            }
            assert!(values.windows(2).all(|w| w[0] == w[1]), "{pos}: {values:?}");
        }
    }
}

#[test]
fn new_refuses_three_or_four_players_and_solves_two() {
    for players in [3u8, 4] {
        let rules = Rules::new(
            &mancala_core::KalahOptions {
                players,
                ..Default::default()
            }
            .rules(),
        )
        .unwrap();
        let err = Solver::new(&rules, SolverOptions::default()).err();
        assert!(
            matches!(
                err,
                Some(mancala_ai::SolverError::NotTwoPlayers { players: p }) if p == usize::from(players)
            ),
            "{err:?}"
        );
    }
    let rules = Rules::new(&RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap();
    let options = SolverOptions {
        table_bytes: 1 << 20,
        database_seeds: 0,
    };
    // docs/rules.md section 11: Kalah(3,3) is worth +2.
    let mut solver = Solver::new(&rules, options).expect("two players");
    assert_eq!(solver.solve(&Position::new(&rules)).value, 2);
}

#[test]
fn a_database_of_other_rules_is_handed_back() {
    let set = RuleSet {
        houses: 3,
        seeds: 3,
        ..Preset::Kalah.rules()
    };
    let rules = Rules::new(&set).unwrap();
    let other = Rules::new(&RuleSet {
        capture_empty_opposite: true,
        ..set
    })
    .unwrap();
    let database = Egdb::build(&other, 4).expect("a database");
    let options = SolverOptions {
        table_bytes: 1 << 16,
        database_seeds: 4,
    };
    match Solver::with_database(&rules, options, Some(database)) {
        Err(mancala_ai::SolverError::OtherRules { database }) => {
            assert!(database.fits(&other));
        }
        other => panic!("expected OtherRules, got {:?}", other.err()),
    }
    let database = Egdb::build(&rules, 4);
    let mut solver = Solver::with_database(&rules, options, database).unwrap();
    // docs/rules.md section 11: Kalah(3,3) is worth +2.
    assert_eq!(solver.solve(&Position::new(&rules)).value, 2);
}

/// Passing (docs/rules.md section 7) is beyond the endgame database: it
/// refuses such rules with a typed error, and the solver solves them
/// without one (its values are checked against negamax above).
#[test]
fn the_database_refuses_rules_where_a_player_passes() {
    let mut set = Preset::Kalah.rules();
    set.houses = 3;
    set.seeds = 2;
    set.min_seeds = 2;
    set.end = EndSet::of(&[EndCondition::NoLegalMove]);
    set.no_move = NoMove::Pass;
    let rules = Rules::new(&set).unwrap();
    assert!(rules.board_decides_future());
    assert!(!Egdb::supports(&rules));
    assert!(Egdb::build(&rules, 4).is_none());
    let dir = scratch_dir("pass");
    let path = dir.join("pass.egdb");
    assert!(matches!(
        Egdb::load_or_build(&path, &rules, 4),
        Err(EgdbError::Unsupported)
    ));
    assert!(
        !path.exists(),
        "nothing is written for rules without a database"
    );
    std::fs::remove_dir_all(dir).unwrap();
    let pos = Position::new(&rules);
    let mut solver = Solver::new(&rules, SMALL).unwrap();
    let solution = solver.solve(&pos);
    assert_eq!(Some(solution.value), score_difference(negamax(&pos)));
}
