//! The exact player with an endgame database (`play --database`), run as
//! a user would. Expected values come from
//! an independent brute force (mancala-testkit's `oracle::score_negamax`,
//! plain negamax on mancala-core alone) and docs/rules.md section 11.

mod common;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use common::mancala;
use mancala_core::{Move, Position, Preset, RuleSet, Rules, Side};
use mancala_testkit::oracle::{score_after, score_negamax};

/// Kalah(4,3): 24 seeds, small enough for the brute force.
const RULES: &str = "kalah,houses=4,seeds=3";

/// A budget too small to solve the start of Kalah(4,3) by search alone
/// (it needs about 20,000 positions), enough with a 12-seed database.
const EXACT: &str = "exact,nodes=6000";

/// A Kalah(4,3) database of every board with up to 12 seeds, built once by
/// the binary as a user would build it.
fn database() -> &'static str {
    static FILE: OnceLock<String> = OnceLock::new();
    FILE.get_or_init(|| {
        let dir = temp_dir("k4");
        let file = dir.join("k4.egdb");
        let _ = std::fs::remove_file(&file);
        let file = file.to_str().unwrap().to_string();
        let run = mancala(
            &[
                "--rules",
                RULES,
                "solve",
                "--database",
                &file,
                "--database-seeds",
                "12",
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        // docs/rules.md section 11: Kalah(4,3) is worth +6.
        assert!(run.stdout.contains("value 6"), "{}", run.stdout);
        file
    })
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-db-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

fn rules() -> Rules {
    Rules::new(&RuleSet {
        houses: 4,
        seeds: 3,
        ..Preset::Kalah.rules()
    })
    .unwrap()
}

/// The hint line of `play` after `moves` (two people playing them) with
/// `cpu` as the hint computer and `extra` arguments.
fn hint(moves: &[&str], cpu: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "--rules", RULES, "play", "--seat", "human", "--seat", "human", "--cpu", cpu,
    ];
    args.extend(extra);
    let script: String = moves.iter().map(|m| format!("{m}\n")).collect();
    let run = mancala(&args, &format!("{script}hint\nquit\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .find_map(|l| {
            l.find("hint: ")
                .map(|i| l[i + "hint: ".len()..].to_string())
        })
        .unwrap_or_else(|| panic!("a hint: {}", run.stdout))
}

/// The words `play` gives an exact value for the mover.
fn words(value: i32) -> String {
    match value {
        0 => "draws".to_string(),
        v if v > 0 => format!("wins by {v}"),
        v => format!("loses by {}", -v),
    }
}

#[test]
fn the_database_makes_a_hint_exact_that_the_budget_alone_cannot_solve() {
    let rules = rules();
    // After 2 (an extra turn), 3, 4 and 2, side 1 to move with 16 seeds
    // left in the houses, above the database's 12: 300 positions are too
    // few to solve it by search alone, enough with the database.
    let moves = ["2", "3", "4", "2"];
    let cpu = "exact,nodes=300";
    let mut pos = Position::new(&rules);
    for m in moves {
        pos.play(Move::House(m.parse().unwrap())).unwrap();
    }
    assert_eq!(pos.to_move(), Side::new(1));
    assert_eq!(pos.total_seeds() - stores(&pos), 16, "{pos}");
    let mut memo = HashMap::new();
    let value = score_negamax(&pos, &mut memo);
    // Without the database the budget runs out: level 10 suggests.
    let alone = hint(&moves, cpu, &[]);
    assert!(alone.ends_with(&format!("({cpu} suggests it)")), "{alone}");
    // With it, the hint is exact, and the brute force agrees with both
    // its move and its value.
    let line = hint(&moves, cpu, &["--database", database()]);
    let (m, said) = line.split_once(' ').unwrap();
    assert_eq!(said, format!("(exact: {})", words(value)), "{line}");
    let m = Move::House(m.parse().unwrap());
    assert_eq!(score_after(&pos, m, &mut memo), value, "{line}");
}

/// The seeds in the stores of `pos`.
fn stores(pos: &Position<'_>) -> u32 {
    pos.rules().sides().map(|s| u32::from(pos.store(s))).sum()
}

/// Side 0's score minus side 1's in each `game over` line of `out`.
fn differences(out: &str) -> Vec<i32> {
    out.lines()
        .filter_map(|l| l.strip_prefix("game over: "))
        .map(|l| {
            let scores = l
                .split(' ')
                .find_map(|w| {
                    let (a, b) = w.split_once('-')?;
                    Some((a.parse::<i32>().ok()?, b.parse::<i32>().ok()?))
                })
                .unwrap_or_else(|| panic!("scores in {l}"));
            scores.0 - scores.1
        })
        .collect()
}

#[test]
fn the_exact_player_with_the_database_gets_the_game_value_from_both_seats() {
    // docs/rules.md section 11: Kalah(4,3) is worth +6 to the first
    // player (the brute force takes minutes on the whole game here).
    let value = 6;
    for (opponent, seed) in [
        ("random", "0"),
        ("random", "1"),
        ("ai:3", "0"),
        ("greedy", "2"),
        (EXACT, "0"),
    ] {
        let args = [
            "--rules",
            RULES,
            "play",
            "--seat",
            EXACT,
            "--seat",
            opponent,
            "--games",
            "2",
            "--seed",
            seed,
            "--database",
            database(),
        ];
        let run = mancala(&args, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        let games = differences(&run.stdout);
        assert_eq!(games.len(), 2, "{}", run.stdout);
        // The first player rotates: seat 0 moves first in game 1 (side 0),
        // second in game 2 (side 1).
        let ours = [games[0], -games[1]];
        assert!(ours[0] >= value, "first against {opponent}: {games:?}");
        assert!(ours[1] >= -value, "second against {opponent}: {games:?}");
        if opponent == EXACT {
            assert_eq!(games, [value, value], "perfect play from both seats");
        }
    }
}

/// Exit status 2 with one readable line on stderr naming `--database`.
fn refused(args: &[&str], stdin: &str, why: &str) {
    let run = mancala(args, stdin);
    assert_eq!(run.status, 2, "{args:?} should fail: {}", run.stdout);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("--database"), "{}", run.stderr);
    assert!(run.stderr.contains(why), "{}", run.stderr);
}

#[test]
fn a_database_of_other_rules_or_no_database_is_refused_naming_the_flag() {
    let k4 = database();
    // Kalah(6,4) is not the database's rules.
    refused(
        &["play", "--seat", "human", "--seat", EXACT, "--database", k4],
        "quit\n",
        "built for other rules",
    );
    let junk = temp_dir("junk").join("junk.egdb");
    std::fs::write(&junk, "not a database").unwrap();
    let junk = junk.to_str().unwrap();
    refused(
        &["--rules", RULES, "play", "--cpu", EXACT, "--database", junk],
        "quit\n",
        "not an endgame database",
    );
    let missing = temp_dir("missing").join("none.egdb");
    refused(
        &[
            "--rules",
            RULES,
            "play",
            "--database",
            missing.to_str().unwrap(),
        ],
        "quit\n",
        "none.egdb",
    );
}
