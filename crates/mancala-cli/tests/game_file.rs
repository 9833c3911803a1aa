//! `--game FILE` for `mancala replay` and `mancala analyse`: a saved game
//! as the core's JSON record or its one-line text, from a file or stdin.
//! Expected values come from docs/rules.md (solved values) or by hand.

mod common;

use common::mancala;
use serde_json::Value;

fn ok(args: &[&str], stdin: &str) -> String {
    let run = mancala(args, stdin);
    assert_eq!(run.status, 0, "{args:?} failed: {}", run.stderr);
    run.stdout
}

/// Exit status 2 and one line on stderr, no panic.
fn usage_error(args: &[&str], stdin: &str) -> String {
    let run = mancala(args, stdin);
    assert_eq!(run.status, 2, "{args:?} should fail: {}", run.stdout);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
    run.stderr
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A file holding `text`, in a directory removed at the end of the test.
fn file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(&path, text).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

#[test]
fn replay_of_a_game_line_is_replay_of_its_moves() {
    let (_dir, path) = file("kalah,houses=4,seeds=3; 2, 4\n");
    let from_file = ok(&["replay", "--game", &path, "--json"], "");
    let from_moves = ok(
        &[
            "--rules",
            "kalah,houses=4,seeds=3",
            "replay",
            "--moves",
            "2,4",
            "--json",
        ],
        "",
    );
    assert_eq!(from_file, from_moves);
    // By hand: house 2 reaches the store (an extra turn), house 4 sows
    // the store and the other side's houses 1 to 3.
    assert_eq!(
        json(&from_file)["position"],
        "3,0,4,0:2 4,4,4,3:0 to=1 ply=2"
    );
}

#[test]
fn replay_reads_a_json_record_from_stdin_with_its_own_rules() {
    let record = r#"{"rules": {"houses": 4, "seeds": 3}, "events": ["2", "4", "resign 1"]}"#;
    // The game's rules win over --rules.
    let out = json(&ok(
        &["--rules", "oware", "replay", "--game", "-", "--json"],
        record,
    ));
    assert_eq!(out["over"], true);
    assert_eq!(out["end_reason"], "resignation");
    assert_eq!(out["ranks"], serde_json::json!([1, 2]));
    let board = ok(&["replay", "--game", "-"], "kalah; 3");
    assert!(
        board.contains("position: 4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1"),
        "{board}"
    );
}

#[test]
fn analyse_a_game_gives_every_move_its_verdict() {
    // docs/rules.md section 11: Kalah(4,3) is worth +6 by house 2; house 4
    // first hands the game over.
    let out = ok(&["analyse", "--game", "-"], "kalah,houses=4,seeds=3; 4, 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let first: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(first[..4], ["1", "0", "4", "+6.00"], "{out}");
    assert_eq!(first[5], "2", "{out}");
    assert_eq!(first.last(), Some(&"blunder"), "{out}");
    assert!(!out.contains("estimate"), "{out}");
}

#[test]
fn analyse_a_game_as_json_uses_the_servers_field_names() {
    let out = json(&ok(
        &["analyse", "--game", "-", "--json"],
        "kalah,houses=4,seeds=3; 4, 1",
    ));
    assert_eq!(out["rules"], "kalah,houses=4,seeds=3");
    let moves = out["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    let first = &moves[0];
    for key in [
        "ply", "side", "move", "before", "after", "best", "loss", "verdict", "exact",
    ] {
        assert!(first.get(key).is_some(), "{key} missing: {first}");
    }
    assert_eq!(first["ply"], 1);
    assert_eq!(first["move"], "4");
    assert_eq!(first["before"], 6.0);
    assert_eq!(first["best"], "2");
    assert_eq!(first["exact"], true);
    assert_eq!(moves[1]["side"], 1);
}

#[test]
fn the_json_record_and_the_line_give_the_same_analysis() {
    let line = "kalah; 3, 6, 2, 1";
    let record = r#"{"rules": {}, "events": ["3", "6", "2", "1"]}"#;
    let args = [
        "analyse",
        "--game",
        "-",
        "--json",
        "--budget",
        "solver=10k,depth=3",
    ];
    let a = json(&ok(&args, line));
    let b = json(&ok(&args, record));
    assert_eq!(a, b);
    assert_eq!(a["budget"], "solver=10000,depth=3");
    // Kalah(6,4)'s opening is out of the solver's reach at 10k, and in
    // the opening book: exact all the same.
    assert!(
        a["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["exact"] == true)
    );
}

#[test]
fn a_bad_game_is_a_usage_error_naming_what_is_wrong() {
    let err = usage_error(&["analyse", "--game", "-"], "kalah; 3, 3");
    assert!(err.contains("event 2 (3) at ply 1"), "{err}");
    let err = usage_error(&["replay", "--game", "-"], "kalahh; 3");
    assert!(err.contains("the rules \"kalahh\""), "{err}");
    let err = usage_error(
        &["replay", "--game", "-"],
        r#"{"rules": {}, "events": ["9"]}"#,
    );
    assert!(err.contains("not a game record"), "{err}");
    let err = usage_error(&["replay", "--game", "/no/such/game"], "");
    assert!(
        err.contains("--game /no/such/game: cannot read it"),
        "{err}"
    );
    let err = usage_error(&["analyse", "--game", "-", "--budget", "time=1s"], "kalah;");
    assert!(err.contains("--budget time=1s"), "{err}");
    let err = usage_error(&["analyse", "--budget", "depth=3"], "");
    assert!(err.contains("--game"), "{err}");
    let err = usage_error(
        &["analyse", "--game", "-", "--database", "/no/such/db"],
        "kalah;",
    );
    assert!(err.contains("--database /no/such/db"), "{err}");
}

#[test]
fn moves_and_a_game_cannot_both_be_given() {
    let run = mancala(&["replay", "--game", "-", "--moves", "3"], "kalah;");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

/// Three rounds of two houses of two seeds (docs/rules.md section 8a),
/// worked by hand: side 0's house 2 is burnt in rounds 2 and 3, and side
/// 0's one move of each ends its round 2 to 6, then 1 to 7.
const WHOLE_MATCH: &str = "kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 2, 1 / 1";

#[test]
fn analyse_a_match_reviews_each_round() {
    let out = json(&ok(&["analyse", "--game", "-", "--json"], WHOLE_MATCH));
    assert_eq!(out["rules"], "kalah,houses=2,seeds=2,rounds=fill");
    assert!(out.get("moves").is_none(), "{out}");
    let rounds = out["rounds"].as_array().unwrap();
    let shape: Vec<(u64, usize)> = rounds
        .iter()
        .map(|r| {
            (
                r["round"].as_u64().unwrap(),
                r["moves"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(shape, [(1, 7), (2, 2), (3, 1)]);
    let second = &rounds[1]["moves"][1];
    assert_eq!(second["ply"], 2);
    assert_eq!(second["side"], 0);
    assert_eq!(
        (second["move"].clone(), second["best"].clone()),
        ("1".into(), "1".into())
    );
    assert_eq!(second["after"], -4.0);
    let third = &rounds[2]["moves"][0];
    assert_eq!(
        (third["before"].clone(), third["after"].clone()),
        (Value::from(-6.0), Value::from(-6.0))
    );
    assert_eq!(third["verdict"], "best");
    assert!(
        rounds
            .iter()
            .flat_map(|r| r["moves"].as_array().unwrap())
            .all(|m| m["exact"] == true)
    );
    // The JSON record of the match (`replay --json`'s `match` line read
    // back by the core) gives the same review.
    let record = r#"{"rules": {"houses": 2, "seeds": 2, "rounds": "fill"},
        "rounds": [["2","2","1","1","2","2","1"], ["2","1"], ["1"]]}"#;
    assert_eq!(
        json(&ok(&["analyse", "--game", "-", "--json"], record)),
        out
    );
    // The table: a header, then each round's own.
    let text = ok(&["analyse", "--game", "-"], WHOLE_MATCH);
    let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("round")).collect();
    assert_eq!(heads, ["round 1:", "round 2:", "round 3:"], "{text}");
    assert_eq!(text.lines().count(), 1 + 3 * 2 + 10, "{text}");
}
