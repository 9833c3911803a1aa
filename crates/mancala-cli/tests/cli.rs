//! The `mancala` binary, run as a user would. Expected numbers come from
//! docs/rules.md (perft, solved values) or are worked out by hand in comments.

mod common;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{Run, mancala, mancala_with};
use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let run = mancala(args, "");
    assert_eq!(run.status, 0, "{args:?} failed: {}", run.stderr);
    run.stdout
}

/// Exit status 2 with one readable line on stderr, no panic.
fn usage_error(args: &[&str]) -> String {
    let run = mancala(args, "");
    assert_eq!(run.status, 2, "{args:?} should fail: {}", run.stdout);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(!run.stderr.contains("RUST_BACKTRACE"), "{}", run.stderr);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "{}", run.stderr);
    run.stderr
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

// ---- rules ----

#[test]
fn rules_list_names_every_preset_and_alias() {
    let out = ok(&["rules", "list"]);
    for name in [
        "kalah",
        "oware",
        "modiar",
        "al-manqala",
        "mancala-basic",
        "mankalah",
        "toguz-kumalak",
        "awari",
        "manchester-kalah",
        "wari",
        "songo",
        "cross-kalah",
        "togyz-kumalak",
        "bohnenspiel",
        "ayoayo",
        "endodoi",
        "dakon",
        "ohvalhu",
        "congkak",
        "vai-lung-thlan",
        "longbeu-a-cha",
        "pallanguzhi",
        "pandi",
        "halusa",
        "ot-tjin",
    ] {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
    // The 22 presets, then every rule file shipped, each by its name.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[22],
        "rule files, each played by its name (crates/mancala-core/rules/):"
    );
    let files: Vec<&str> = mancala_core::shipped_rule_files().collect();
    assert_eq!(lines.len(), 23 + files.len());
    assert!(
        lines.contains(&"krur           2 players, 4 houses of 4 seeds"),
        "{out}"
    );
    assert!(
        lines.contains(&"dakon-rounds   2 players, 7 houses of 7 seeds, in rounds"),
        "{out}"
    );
    // Each is a name `--rules` takes.
    let explained = ok(&["rules", "explain", "krur"]);
    assert!(
        explained.contains("4 houses holding 4 seeds"),
        "{explained}"
    );
}

#[test]
fn rules_show_prints_toml_that_rules_check_accepts() {
    let out = ok(&["rules", "show", "oware"]);
    // docs/rules.md section 9: Oware captures 2 or 3, on the opponent's side.
    assert!(out.contains("capture_counts = [2, 3]"), "{out}");
    assert!(out.contains("capture_side = \"opponent\""), "{out}");
    let dir = temp_dir("show");
    let file = dir.join("oware.toml");
    std::fs::write(&file, &out).unwrap();
    let check = ok(&["rules", "check", file.to_str().unwrap()]);
    assert!(
        check.contains("ok (2 players, 6 houses, 4 seeds each, 48 seeds in all)"),
        "{check}"
    );
}

#[test]
fn rules_check_gives_a_start_layout_house_by_house() {
    let dir = temp_dir("layout");
    let file = dir.join("layout.toml");
    let out = ok(&[
        "rules",
        "show",
        "--rules",
        "kalah",
        "--set",
        "layout=5,0,5,0,5,0",
    ]);
    std::fs::write(&file, &out).unwrap();
    let check = ok(&["rules", "check", file.to_str().unwrap()]);
    // Two sides of 5 + 0 + 5 + 0 + 5 + 0 seeds.
    assert!(
        check.contains("ok (2 players, 6 houses, houses of 5,0,5,0,5,0 seeds, 30 seeds in all)"),
        "{check}"
    );
}

#[test]
fn rules_check_names_a_dealt_start_by_its_seed() {
    // docs/rules.md section 1: layout_seed deals the 48 seeds of Kalah's
    // board; the file carries the seed, and the check says so.
    let dir = temp_dir("dealt");
    let file = dir.join("dealt.toml");
    let out = ok(&[
        "rules",
        "show",
        "--rules",
        "kalah",
        "--set",
        "layout_seed=9",
    ]);
    assert!(out.contains("layout_seed = 9"), "{out}");
    std::fs::write(&file, &out).unwrap();
    let check = ok(&["rules", "check", file.to_str().unwrap()]);
    assert!(
        check.contains("ok (2 players, 6 houses, seeds dealt from layout_seed 9, 48 seeds in all)"),
        "{check}"
    );
}

#[test]
fn rules_show_applies_set_with_list_values() {
    let out = ok(&[
        "rules",
        "show",
        "--rules",
        "oware",
        "--set",
        "capture_counts=2,4",
        "--set",
        "end=no_legal_move,majority",
        "--set",
        "seeds=5",
    ]);
    assert!(out.contains("capture_counts = [2, 4]"), "{out}");
    assert!(out.contains("seeds = 5"), "{out}");
    let end = out
        .lines()
        .find(|l| l.starts_with("end ="))
        .expect("an end line");
    assert!(
        end.contains("no_legal_move") && end.contains("majority"),
        "{end}"
    );
    assert!(!end.contains("repetition"), "{end}");
}

#[test]
fn rules_explain_kalah_topic_by_topic() {
    let out = ok(&["rules", "explain", "kalah"]);
    let topics: Vec<&str> = out
        .lines()
        .map(|l| l.split_once(": ").expect("Topic: text").0)
        .collect();
    assert_eq!(
        topics,
        [
            "Board",
            "Sowing",
            "Extra turns",
            "Captures",
            "End",
            "Scoring"
        ]
    );
    // docs/rules.md section 9: Kalah(6,4), an extra turn in the own store.
    assert!(
        out.starts_with(
            "Board: Each of the 2 players has 6 houses holding 4 seeds each \
             (48 seeds in all), and a store on their right.\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\nExtra turns: If your last seed lands in your own store, you move again.\n"),
        "{out}"
    );
    // The default is the `--rules` ones, with every `--set` applied.
    let out = ok(&[
        "rules",
        "explain",
        "--rules",
        "kalah",
        "--set",
        "pie_rule=true",
    ]);
    assert!(out.contains("\nPie rule: "), "{out}");
    let dir = temp_dir("explain");
    let file = dir.join("house.toml");
    std::fs::write(&file, "preset = \"kalah\"\nseeds = 3\n").unwrap();
    let out = ok(&["rules", "explain", file.to_str().unwrap()]);
    assert!(
        out.contains("6 houses holding 3 seeds each (36 seeds in all)"),
        "{out}"
    );
    let err = usage_error(&["rules", "explain", "oware3"]);
    assert!(err.contains("two-player"), "{err}");
}

#[test]
fn rules_check_rejects_a_bad_rule_file() {
    let dir = temp_dir("bad");
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, "preset = \"kalah\"\nsedes = 3\n").unwrap();
    let err = usage_error(&["rules", "check", unknown.to_str().unwrap()]);
    assert!(err.contains("sedes"), "{err}");
    // docs/rules.md section 5: count captures are two-player rules.
    let three = dir.join("three.toml");
    std::fs::write(&three, "preset = \"oware\"\nplayers = 3\n").unwrap();
    let err = usage_error(&["rules", "check", three.to_str().unwrap()]);
    assert!(err.contains("two-player"), "{err}");
    let missing = dir.join("missing.toml");
    usage_error(&["rules", "check", missing.to_str().unwrap()]);
    let bad_json = dir.join("bad.json");
    std::fs::write(&bad_json, "{\"houses\": }").unwrap();
    usage_error(&[
        "perft",
        "--rules",
        bad_json.to_str().unwrap(),
        "--depth",
        "1",
    ]);
}

#[test]
fn a_rule_file_can_be_the_rules_of_any_command() {
    let dir = temp_dir("file");
    let toml = dir.join("small.toml");
    std::fs::write(&toml, "preset = \"kalah\"\nhouses = 3\nseeds = 3\n").unwrap();
    // Three full houses: three first moves.
    assert_eq!(
        ok(&["perft", "--rules", toml.to_str().unwrap(), "--depth", "1"]),
        "1 3\n"
    );
    let json_file = dir.join("small.json");
    std::fs::write(
        &json_file,
        "{\"preset\": \"kalah\", \"houses\": 2, \"seeds\": 1}",
    )
    .unwrap();
    assert_eq!(
        ok(&[
            "perft",
            "--rules",
            json_file.to_str().unwrap(),
            "--depth",
            "1"
        ]),
        "1 2\n"
    );
}

#[test]
fn an_unknown_preset_is_a_usage_error() {
    let err = usage_error(&["perft", "--rules", "chess", "--depth", "1"]);
    assert!(err.contains("unknown preset \"chess\""), "{err}");
}

#[test]
fn rules_take_a_spec_of_a_preset_and_overrides() {
    let three = ok(&[
        "perft",
        "--rules",
        "kalah,players=3,seeds=2",
        "--depth",
        "3",
    ]);
    let same = ok(&[
        "perft", "--rules", "kalah3", "--set", "seeds=2", "--depth", "3",
    ]);
    assert_eq!(three, same);
    let err = usage_error(&["perft", "--rules", "kalah,sedes=5", "--depth", "1"]);
    assert!(err.contains("sedes=5: unknown rule \"sedes\""), "{err}");
    let err = usage_error(&["perft", "--rules", "kalah,,seeds=5", "--depth", "1"]);
    assert!(err.contains("part 2 of the rule spec is empty"), "{err}");
}

#[test]
fn a_bad_set_is_a_usage_error() {
    let err = usage_error(&["perft", "--set", "sedes=5", "--depth", "1"]);
    assert!(err.contains("unknown rule \"sedes\""), "{err}");
    let err = usage_error(&["perft", "--set", "seeds=many", "--depth", "1"]);
    assert!(err.contains("seeds"), "{err}");
    let err = usage_error(&["perft", "--set", "seeds", "--depth", "1"]);
    assert!(err.contains("NAME=VALUE"), "{err}");
    // Valid values that cannot be played together.
    usage_error(&[
        "perft",
        "--rules",
        "oware",
        "--set",
        "players=3",
        "--depth",
        "1",
    ]);
}

#[test]
fn clap_usage_errors_exit_2() {
    let run = mancala(&["perft"], "");
    assert_eq!(run.status, 2);
    let run = mancala(&["frobnicate"], "");
    assert_eq!(run.status, 2);
}

// ---- perft ----

#[test]
fn perft_kalah_matches_rules_md() {
    // docs/rules.md section 11.
    assert_eq!(
        ok(&["perft", "--depth", "5"]),
        "1 6\n2 35\n3 185\n4 942\n5 4690\n"
    );
}

#[test]
fn perft_oware_by_alias_matches_rules_md() {
    assert_eq!(
        ok(&["perft", "--rules", "awari", "--depth", "5"]),
        "1 6\n2 36\n3 190\n4 1014\n5 5219\n"
    );
}

// ---- replay ----

#[test]
fn replay_prints_the_final_board() {
    // Kalah: house 3's four seeds end in the store (extra turn): 4,4,0,5,5,5:1;
    // then house 1's four seeds go to houses 2-5: 0,5,1,6,6,5:1, side 1 to move.
    let out = ok(&["replay", "--moves", "3,1"]);
    assert!(
        out.contains("position: 0,5,1,6,6,5:1 4,4,4,4,4,4:0 to=1 ply=2"),
        "{out}"
    );
    assert!(out.contains("side 1 to move"), "{out}");
}

#[test]
fn replay_draws_a_clockwise_board_the_right_way_round() {
    // direction = cw (docs/rules.md section 3): the same moves and notation
    // as Kalah, on the mirror image: side 0's house 1 on the right, its
    // store on the left, side 1's house 1 on the left.
    let out = ok(&["replay", "--rules", "kalah,direction=cw", "--moves", "3,1"]);
    let expected = "               1   2   3   4   5   6   house numbers of side 1\n\
                    ->  side 1  [  4|  4|  4|  4|  4|  4]  \n          \
                    1                           0  \n    \
                    side 0  [  5|  6|  6|  1|  5|  0]  \n               \
                    6   5   4   3   2   1   house numbers of side 0\n        \
                    (seeds travel clockwise)\n\
                    side 1 to move\n\
                    position: 0,5,1,6,6,5:1 4,4,4,4,4,4:0 to=1 ply=2\n";
    assert_eq!(out, expected);
    // Counter-clockwise, the same position the usual way round.
    let ccw = ok(&["replay", "--moves", "3,1"]);
    assert!(
        ccw.contains("    side 0  [  0|  5|  1|  6|  6|  5]  \n"),
        "{ccw}"
    );
}

#[test]
fn replay_draws_three_sides_as_rows_in_sowing_order() {
    // Kalah for 3, 6 houses of 4: side 0's house 1 sows houses 2 to 5
    // (worked by hand); no capture, no extra turn, side 1 moves.
    let out = ok(&["replay", "--rules", "kalah3", "--moves", "1"]);
    let expected = "              1   2   3   4   5   6   store\n    \
                    side 0 [  0|  5|  5|  5|  5|  4]    0  \n\
                    ->  side 1 [  4|  4|  4|  4|  4|  4]    0  \n    \
                    side 2 [  4|  4|  4|  4|  4|  4]    0  \n        \
                    (sowing runs left to right along each row, then on to the next row)\n\
                    side 1 to move\n";
    assert!(out.starts_with(expected), "{out}");
}

#[test]
fn play_draws_a_parity_board_and_says_which_way_counts_go() {
    let run = mancala(&["play", "--rules", "kalah,direction=parity"], "1\nquit\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    // House 1's four seeds: an even count goes counter-clockwise.
    assert!(
        run.stdout
            .contains("played 1: sowed 4 seeds counter-clockwise"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("(an odd count sows clockwise, an even one counter-clockwise)"),
        "{}",
        run.stdout
    );
}

#[test]
fn play_says_how_often_a_sowing_relayed() {
    // Worked by hand on Kalah with 2 houses, relay = last (docs/rules.md
    // section 3). 2 seeds each: house 2 sows the store and side 1's house
    // 1 (now 3), which relays: its 3 seeds go to side 1's house 2, side
    // 0's house 1 and the emptied house 2, where the sowing stops.
    let args = |seeds: &str, limit: &str| {
        let rules = format!("kalah,houses=2,seeds={seeds},relay=last,relay_limit={limit}");
        let run = mancala(
            &[
                "play", "--rules", &rules, "--seat", "human", "--seat", "human",
            ],
            "2\nquit\n",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout
    };
    let out = args("2", "64");
    assert!(
        out.contains("played 2: sowed 2 seeds, then relayed once, the last in side 0's house 2\n"),
        "{out}"
    );
    // 3 seeds each: the store, side 1's houses 1 and 2 (4 seeds); the
    // relay from house 2 ends in side 1's house 1 (5 seeds), which would
    // relay a second time: relay_limit = 1 ends the move there.
    let out = args("3", "1");
    assert!(
        out.contains(
            "played 2: sowed 3 seeds, then relayed once, the last in side 1's house 1 \
             (the relay limit ended the move)"
        ),
        "{out}"
    );
}

#[test]
fn replay_json_contract_during_the_game() {
    let v = json(&ok(&["replay", "--moves", "3,1", "--json"]));
    assert_eq!(v["houses"], json("[[0,5,1,6,6,5],[4,4,4,4,4,4]]"));
    assert_eq!(v["stores"], json("[1,0]"));
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["over"], false);
    assert!(v["scores"].is_null());
    assert!(v["ranks"].is_null());
}

#[test]
fn replay_shows_toguz_kumalak_tuzdyks() {
    // The first 24 moves of a Toguz Kumalak game: side 1 made side 0's
    // house 1 its tuzdyk (tests/perft/toguz-kumalak.perft).
    let moves = "7,8,1,5,9,7,5,8,4,4,9,4,5,3,2,6,7,4,4,2,2,7,6,9";
    let out = ok(&["replay", "--rules", "togyz-kumalak", "--moves", moves]);
    assert!(out.contains("side 0  [  T|  3| 20|"), "{out}");
    assert!(out.contains("ply=24 tuzdyk=0,1"), "{out}");
    let v = json(&ok(&[
        "replay",
        "--rules",
        "toguz-kumalak",
        "--moves",
        moves,
        "--json",
    ]));
    assert_eq!(v["tuzdyk"], json("[null,1]"));
    assert_eq!(v["houses"][0][0], 0);
    let v = json(&ok(&["replay", "--moves", "3,1", "--json"]));
    assert_eq!(v["tuzdyk"], json("[null,null]"));
}

#[test]
fn replay_shows_krur_children() {
    // Krur (rules/krur.toml). Side 0 plays 3 (4 seeds): relays from o3,
    // h4, h2, o4, o3, h2 and h4 end in the emptied o3: 8,0,4,0 against
    // 9,9,1,1. Side 1 plays o1 (9 seeds, through o1 itself): relays
    // from o2 (11) and h1 (11), whose last seed makes h4 hold 4: h4 is
    // side 1's child, its 4 seeds in side 1's store.
    let rules = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../mancala-core/rules/krur.toml"
    );
    let out = ok(&["replay", "--rules", rules, "--moves", "3,1"]);
    assert!(out.contains("side 0  [  1|  4|  8|  C]"), "{out}");
    assert!(
        out.contains("1,4,8,0:0 3,2,5,5:4 to=0 ply=2 children=0,8"),
        "{out}"
    );
    let v = json(&ok(&[
        "replay", "--rules", rules, "--moves", "3,1", "--json",
    ]));
    assert_eq!(v["children"], json("[[],[4]]"));
    assert_eq!(v["tuzdyk"], json("[null,null]"));
}

#[test]
fn replay_json_contract_after_the_end() {
    // Kalah with 2 houses of 1 seed. Side 0 plays 2: the seed reaches the
    // store (extra turn). Side 0 plays 1: the seed lands in its empty
    // house 2 and captures side 1's house 1 (1 seed): store 1 + 2 = 3.
    // Side 0 is empty: the game ends, side 1's last seed goes to its store.
    let v = json(&ok(&[
        "replay", "--set", "houses=2", "--set", "seeds=1", "--moves", "2,1", "--json",
    ]));
    assert_eq!(v["houses"], json("[[0,0],[0,0]]"));
    assert_eq!(v["stores"], json("[3,1]"));
    assert_eq!(v["over"], true);
    assert_eq!(v["scores"], json("[3,1]"));
    assert_eq!(v["ranks"], json("[1,2]"));
}

#[test]
fn replay_swap_under_the_pie_rule() {
    // Manchester Kalah: house 1's 7 seeds fill houses 2-7 and the store;
    // the first move earns no extra turn. Side 1 swaps: the board stays,
    // and side 1 (now the other player) moves.
    let v = json(&ok(&[
        "replay", "--rules", "mankalah", "--moves", "1,swap", "--json",
    ]));
    assert_eq!(v["houses"], json("[[0,8,8,8,8,8,8],[7,7,7,7,7,7,7]]"));
    assert_eq!(v["stores"], json("[1,0]"));
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["over"], false);
}

#[test]
fn replay_an_illegal_move_names_its_place_and_reason() {
    let err = usage_error(&["replay", "--moves", "3,3"]);
    assert!(err.contains("move 2 of the list"), "{err}");
    assert!(err.contains("the house is empty"), "{err}");
    let err = usage_error(&["replay", "--moves", "3,1,swap"]);
    assert!(err.contains("move 3 of the list"), "{err}");
    let err = usage_error(&["replay", "--moves", "3,x"]);
    assert!(err.contains("move 2 of the list"), "{err}");
    usage_error(&["replay", "--moves", "7"]);
}

#[test]
fn replay_an_empty_entry_in_the_move_list_names_its_place() {
    let err = usage_error(&["replay", "--moves", ",,,"]);
    assert!(err.contains("move 1 of the list is empty"), "{err}");
    let err = usage_error(&["replay", "--moves", "1,,2"]);
    assert!(err.contains("move 2 of the list is empty"), "{err}");
}

// ---- bench ----

#[test]
fn bench_playouts_reports_games_per_second() {
    let out = ok(&[
        "bench", "playouts", "--rules", "oware", "--games", "200", "--seed", "3",
    ]);
    assert!(out.starts_with("200 games, "), "{out}");
    assert!(out.trim_end().ends_with("games/s"), "{out}");
}

#[test]
fn bench_playouts_on_threads_plays_every_game_reproducibly() {
    let moves = |threads: &str| {
        let out = ok(&[
            "bench",
            "playouts",
            "--games",
            "301",
            "--seed",
            "5",
            "--threads",
            threads,
        ]);
        assert!(out.starts_with("301 games, "), "{out}");
        out.split(' ').nth(2).unwrap().to_string()
    };
    // Game g draws its moves from its own xoroshiro128+ (seeded with
    // splitmix64(seed ^ splitmix64(g))) on any number of threads: 13,172
    // moves, as these games played move by move through a History come
    // to (mancala-ai's `each_game_is_the_game_of_its_own_generator`), and
    // as OpenSpiel's `mancala` plays them with the same draws
    // (mancala-py's `test_openspiel.py`).
    assert_eq!(moves("3"), "13172");
    assert_eq!(moves("1"), "13172");
    let run = mancala(&["bench", "playouts", "--threads", "x"], "");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("--threads"), "{}", run.stderr);
}

// ---- analyse ----

#[test]
fn analyse_is_exact_when_the_solver_finishes() {
    // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    let v = json(&ok(&[
        "analyse", "--set", "houses=3", "--set", "seeds=3", "--json",
    ]));
    assert_eq!(v["to_move"], 0);
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["value"].as_f64(), Some(2.0));
    assert!(moves.iter().all(|m| m["exact"] == true));
    let values: Vec<f64> = moves.iter().map(|m| m["value"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
}

#[test]
fn analyse_falls_back_to_the_heuristic_search() {
    // Kalah(6,4) after ten moves, beyond its opening book, takes the solver
    // far longer than its budget (docs/rules.md section 11): the values are
    // estimates.
    let v = json(&ok(&[
        "analyse",
        "--moves",
        "3,6,6,2,6,1,3,4,6,2",
        "--depth",
        "2",
        "--json",
    ]));
    let moves = v["moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m["exact"] == false), "{v}");
}

#[test]
fn analyse_values_kalah_6_4_opening_exactly_from_the_book() {
    // docs/rules.md section 11: Kalah(6,4) is worth +8 (by house 3, this
    // engine's solver says).
    let v = json(&ok(&["analyse", "--depth", "2", "--json"]));
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|m| m["exact"] == true), "{v}");
    assert_eq!(moves[0]["value"].as_f64(), Some(8.0), "{v}");
    assert_eq!(moves[0]["move"], "3", "{v}");
}

#[test]
fn analyse_after_moves_lists_every_legal_move_best_first() {
    // After 3 (extra turn) side 0 moves again; house 3 is empty.
    let v = json(&ok(&["analyse", "--moves", "3", "--depth", "3", "--json"]));
    assert_eq!(v["to_move"], 0);
    let moves = v["moves"].as_array().expect("moves");
    let mut names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["1", "2", "4", "5", "6"]);
    let values: Vec<f64> = moves.iter().map(|m| m["value"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    let text = ok(&["analyse", "--moves", "3", "--depth", "3"]);
    assert!(text.starts_with("side 0 to move"), "{text}");
    usage_error(&["analyse", "--ai", "human"]);
    usage_error(&["analyse", "--time", "soon"]);
}

// ---- solve ----

#[test]
fn solve_matches_rules_md() {
    // docs/rules.md section 11: Kalah(4,3) +6, Kalah(4,4) +2.
    let out = ok(&[
        "solve",
        "--set",
        "houses=4",
        "--set",
        "seeds=3",
        "--table-mb",
        "16",
    ]);
    assert!(out.starts_with("value 6\nbest "), "{out}");
    let out = ok(&[
        "solve",
        "--set",
        "houses=4",
        "--set",
        "seeds=4",
        "--table-mb",
        "16",
    ]);
    assert!(out.starts_with("value 2\nbest "), "{out}");
}

/// `solve` of Kalah(4,3) (docs/rules.md section 11: +6).
const SOLVE_KALAH43: [&str; 5] = ["solve", "--set", "houses=4", "--set", "seeds=3"];

/// A solve of at least a GiB of table and database starts again with
/// glibc's malloc asking for huge pages (`GLIBC_TUNABLES`), and says so;
/// a setting of the user's is kept; a small solve does neither.
#[test]
fn a_big_solve_starts_again_with_huge_pages() {
    let mut big = SOLVE_KALAH43.to_vec();
    big.extend(["--table-mb", "1100"]);
    let line = |run: &Run| {
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
        run.stderr
            .lines()
            .find(|l| l.starts_with("solver: "))
            .unwrap_or_else(|| panic!("no choice line in {:?}", run.stderr))
            .to_string()
    };
    // Only the process started again can have the tunable: this one was
    // given none.
    let none = mancala_with(&big, "", &[("GLIBC_TUNABLES", OsStr::new(""))]);
    let said = line(&none);
    assert!(said.starts_with("solver: table 1100 MiB, "), "{said}");
    assert!(
        said.ends_with("; huge pages: glibc.malloc.hugetlb=1"),
        "{said}"
    );
    // Another tunable of the user's: added to.
    let other = mancala_with(
        &big,
        "",
        &[("GLIBC_TUNABLES", OsStr::new("glibc.malloc.check=0"))],
    );
    assert!(line(&other).ends_with("; huge pages: glibc.malloc.hugetlb=1"));
    // The user's own setting wins, off too.
    let off = mancala_with(
        &big,
        "",
        &[("GLIBC_TUNABLES", OsStr::new("glibc.malloc.hugetlb=0"))],
    );
    assert!(line(&off).ends_with("; huge pages: glibc.malloc.hugetlb=0"));
    // 64 MiB and a 126 kB database: not worth it, not a word.
    let small = mancala_with(&SOLVE_KALAH43, "", &[("GLIBC_TUNABLES", OsStr::new(""))]);
    assert!(!line(&small).contains("huge pages"));
}

/// The plain `solve` chooses its table and database from the memory free
/// and the rules and says so on stderr; stdout is as before.
#[test]
fn solve_chooses_its_table_and_database_and_says_so() {
    let kalah43 = SOLVE_KALAH43;
    let run = mancala(&kalah43, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    // docs/rules.md section 11: Kalah(4,3) +6, as with the old defaults.
    assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
    let line = run
        .stderr
        .lines()
        .find(|l| l.starts_with("solver: "))
        .unwrap_or_else(|| panic!("no choice line in {:?}", run.stderr));
    // Kalah(4,3) has 24 seeds: a database of half of them, C(20,8) =
    // 125,970 boards of a byte; 12 seeds beyond it want 2^16 bytes of
    // table, raised to the 64 MiB floor (on any machine with 130 MB free).
    assert!(line.starts_with("solver: table 64 MiB, "), "{line}");
    assert!(
        line.contains("endgame database of 12 seeds (126 kB, half the game's 24)"),
        "{line}"
    );
    // Then where the database is kept (the tests' cache directory).
    assert!(line.contains(" available; the database is "), "{line}");

    // Explicit flags win: both given, nothing is chosen or told.
    let mut both = kalah43.to_vec();
    both.extend(["--table-mb", "16", "--database-seeds", "8"]);
    let run = mancala(&both, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
    assert!(!run.stderr.contains("solver: "), "{}", run.stderr);
    // One given: it is kept, the other chosen. 8 seeds: C(16,8) = 12,870 boards.
    let mut seeds = kalah43.to_vec();
    seeds.extend(["--database-seeds", "8"]);
    let run = mancala(&seeds, "");
    assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("endgame database of 8 seeds (12.9 kB, as asked)"),
        "{}",
        run.stderr
    );
    let mut table = kalah43.to_vec();
    table.extend(["--table-mb", "16"]);
    let run = mancala(&table, "");
    assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("solver: table 16 MiB, endgame database of 12 seeds"),
        "{}",
        run.stderr
    );
}

/// Rules with no endgame database (Oware's end looks at the stores) get
/// none, and the line says why (Oware of two houses a side holding one
/// seed each: a tiny game).
#[test]
fn solve_says_oware_has_no_database() {
    let run = mancala(
        &[
            "solve", "--rules", "oware", "--set", "seeds=1", "--set", "houses=2",
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no endgame database (not for these rules)"),
        "{}",
        run.stderr
    );
}

#[test]
fn solve_saves_and_reuses_a_database_file() {
    let dir = temp_dir("egdb");
    let file = dir.join("kalah4.egdb");
    let _ = std::fs::remove_file(&file);
    let file_arg = file.to_str().expect("a UTF-8 temp path");
    let args = [
        "solve",
        "--set",
        "houses=4",
        "--set",
        "seeds=3",
        "--table-mb",
        "16",
        "--database-seeds",
        "10",
        "--database",
        file_arg,
    ];
    // docs/rules.md section 11: Kalah(4,3) +6, with the database built and saved...
    assert!(ok(&args).starts_with("value 6\n"));
    let saved = std::fs::metadata(&file)
        .expect("the database was saved")
        .len();
    assert!(saved > 1000, "{saved} bytes");
    // ...and read back the second time (the same value, the file unchanged).
    assert!(ok(&args).starts_with("value 6\n"));
    assert_eq!(std::fs::metadata(&file).unwrap().len(), saved);
    // A database of other rules is refused, not overwritten.
    let mut other = args.to_vec();
    other[2] = "houses=5";
    let err = usage_error(&other);
    assert!(err.contains("other rules"), "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), saved);
    // So is a file that is no database.
    let junk = dir.join("junk.egdb");
    std::fs::write(&junk, "not a database").unwrap();
    let mut bad = args.to_vec();
    bad[10] = junk.to_str().unwrap();
    let err = usage_error(&bad);
    assert!(err.contains("not an endgame database"), "{err}");
    // Without --database-seeds too: the one line is the error's (the
    // solver's choice is told once the file is read).
    let err = usage_error(&[
        "solve",
        "--set",
        "houses=4",
        "--set",
        "seeds=3",
        "--database",
        junk.to_str().unwrap(),
    ]);
    assert!(err.contains("not an endgame database"), "{err}");
    // A good file read with the seeds chosen: the line says it was read.
    let run = mancala(
        &[
            "solve",
            "--set",
            "houses=4",
            "--set",
            "seeds=3",
            "--database",
            file_arg,
        ],
        "",
    );
    assert!(run.stdout.starts_with("value 6\n"), "{}", run.stderr);
    assert!(
        run.stderr.contains("the database is read from"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without `--database`, `solve` keeps the database it builds in the
/// cache directory and reads it back the next time; a cache file that
/// cannot be read is built again, one that cannot be written only said.
#[test]
fn solve_keeps_its_database_in_the_cache_and_reads_it_back() {
    let dir = temp_dir("cache");
    let _ = std::fs::remove_dir_all(&dir);
    let run_in = |cache: &std::path::Path, extra: &[&str]| {
        let mut args = SOLVE_KALAH43.to_vec();
        args.extend(["--table-mb", "16"]);
        args.extend(extra);
        let run = mancala_with(&args, "", &[("MANCALA_CACHE_DIR", cache.as_os_str())]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        // docs/rules.md section 11: Kalah(4,3) +6.
        assert!(run.stdout.starts_with("value 6\nbest "), "{}", run.stdout);
        run.stderr
    };
    let files = || -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        files.sort();
        files
    };
    // The database chosen for Kalah(4,3), 12 seeds: C(20,8) = 125,970
    // boards of a byte, a 32-byte header and an 8-byte checksum.
    let stderr = run_in(&dir, &[]);
    assert!(stderr.contains("kept in "), "{stderr}");
    let kept = files();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let name = kept[0].file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.starts_with("egdb-v2-4h-12s-"), "{name}");
    assert!(stderr.contains(&kept[0].display().to_string()), "{stderr}");
    assert_eq!(std::fs::metadata(&kept[0]).unwrap().len(), 32 + 125_970 + 8);
    let written = std::fs::metadata(&kept[0]).unwrap().modified().unwrap();

    // Read back, not built: the line says so and the file is unchanged.
    let stderr = run_in(&dir, &[]);
    assert!(stderr.contains("the database is read from "), "{stderr}");
    assert_eq!(
        std::fs::metadata(&kept[0]).unwrap().modified().unwrap(),
        written
    );
    // Kalah(4,4) shares Kalah(4,3)'s database (docs/rules.md section 11: +2).
    let run = mancala_with(
        &[
            "solve",
            "--set",
            "houses=4",
            "--set",
            "seeds=4",
            "--database-seeds",
            "12",
        ],
        "",
        &[("MANCALA_CACHE_DIR", dir.as_os_str())],
    );
    assert!(run.stdout.starts_with("value 2\n"), "{}", run.stderr);
    assert!(
        run.stderr.contains("the database is read from "),
        "{}",
        run.stderr
    );
    assert_eq!(files(), kept);

    // A damaged cache file is built again and replaced.
    std::fs::write(&kept[0], "not a database").unwrap();
    let stderr = run_in(&dir, &[]);
    assert!(stderr.contains("is not used"), "{stderr}");
    assert_eq!(std::fs::metadata(&kept[0]).unwrap().len(), 32 + 125_970 + 8);

    // --no-database-cache neither reads nor keeps.
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = run_in(&dir, &["--no-database-cache"]);
    assert!(!stderr.contains("kept in"), "{stderr}");
    assert!(files().is_empty());
    // A cache directory that cannot be made: said, and the solve goes on.
    std::fs::create_dir_all(&dir).unwrap();
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "").unwrap();
    let stderr = run_in(&blocker.join("cache"), &[]);
    assert!(stderr.contains("could not be kept"), "{stderr}");
    let run = mancala(
        &["solve", "--no-database-cache", "--database", "x.egdb"],
        "",
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--no-database-cache"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_is_for_two_players() {
    let err = usage_error(&["solve", "--set", "players=3"]);
    assert!(err.contains("two players"), "{err}");
}

// ---- match ----

#[test]
fn match_reports_each_seat_and_elo() {
    let v = json(&ok(&[
        "match", "--seat", "ai:2", "--seat", "random", "--games", "6", "--seed", "1", "--json",
    ]));
    assert_eq!(v["games"], 6);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    for seat in seats {
        let total = seat["wins"].as_u64().unwrap()
            + seat["draws"].as_u64().unwrap()
            + seat["losses"].as_u64().unwrap();
        assert_eq!(total, 6);
    }
    assert_eq!(seats[0]["wins"], seats[1]["losses"]);
    assert_eq!(seats[0]["draws"], seats[1]["draws"]);
    assert!(v["elo"]["text"].is_string());
    let text = ok(&[
        "match", "--seat", "random", "--seat", "random", "--games", "4",
    ]);
    assert!(
        text.contains("wins") && text.contains("Elo difference"),
        "{text}"
    );
}

#[test]
fn match_rejects_bad_seats() {
    usage_error(&["match", "--seat", "ai:99", "--seat", "random"]);
    usage_error(&["match", "--seat", "wizard", "--seat", "random"]);
    let err = usage_error(&["match", "--seat", "mcts:model=maybe", "--seat", "random"]);
    assert!(
        err.contains("model=maybe") && err.contains("on or off"),
        "{err}"
    );
    let err = usage_error(&["match", "--seat", "ai:3,model=off", "--seat", "random"]);
    assert!(err.contains("only MCTS models its opponents"), "{err}");
    let err = usage_error(&["match", "--seat", "random", "--games", "2"]);
    assert!(err.contains("2 players"), "{err}");
    usage_error(&[
        "match", "--seat", "human", "--seat", "random", "--games", "2",
    ]);
}

// ---- play: a match in rounds (docs/rules.md section 8a) ----

/// Two houses of two seeds, in rounds, two rounds at most.
const ROUNDS: &str = "kalah,houses=2,seeds=2,rounds=fill,round_limit=2";

/// Round 1 by hand (side 0 = A, seat 0; side 1 = B, seat 1; A sows a1 a2
/// SA b1 b2): A 2: a2 0, SA 1, b1 3. B 2: SB 1, a1 3. A 1: a2 1, SA 2,
/// b1 4. B 1: b2 1, SB 2, a1 1, a2 2. A 2: SA 3, b1 1. B 2: SB 3, an
/// extra turn. B 1: the seed lands in the empty b2 and takes a1's seed:
/// SB 5, both sides empty. A won 3 seeds, B 5.
const ROUND_1: &str = "2\n2\n1\n1\n2\n2\n1\n";

/// Round 2 by hand (section 8a): A's 3 seeds fill house 1 (2 seeds), 1
/// seed in the store, house 2 burnt; B's 5 fill both houses, 1 in the
/// store. B starts (round_starter = alternate: A started round 1).
const ROUND_2_BOARD: &str = "\
round 2; rounds won: seat 0 0, seat 1 1
               2   1   house numbers of side 1
->  side 1  [  2|  2]  seat 1: human
          1           1  
    side 0  [  2|  x]  seat 0: human
               1   2   house numbers of side 0
        (x: a burnt house, out of play this round)
side 1 to move (seat 1: human)
";

const BETWEEN_ROUNDS: &str = "\
round 1 is over: seat 1 (human) wins it (seat 0 (human) 3 seeds, seat 1 (human) 5 seeds)
seat 0 (human) carries 3 seeds into round 2: 1 house filled, 1 seed in the store; house 2 burns
seat 1 (human) carries 5 seeds into round 2: 2 houses filled, 1 seed in the store; no house burns
seat 1 (human) starts round 2
";

#[test]
fn play_a_match_in_rounds_burns_houses_undoes_across_rounds_saves_and_resumes() {
    let dir = temp_dir("rounds");
    let save = dir.join("match.json");
    let save_arg = save.to_str().unwrap();
    // Round 1, then undo at round 2's first turn: it takes back B's last
    // move of round 1 (the round it began is dropped); B plays it again.
    // Round 2: B 2 sows SB and a1 (a1 3, SB 2); then save and leave.
    let script = format!("{ROUND_1}undo\n1\n2\nsave {save_arg}\nquit\n");
    let args = [
        "play", "--rules", ROUNDS, "--seat", "human", "--seat", "human",
    ];
    let run = mancala(&args, &script);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("round 1; rounds won: seat 0 0, seat 1 0\n"),
        "{out}"
    );
    assert!(
        out.contains("the last in side 1's house 2; captured 2 seeds (side 0's house 1, side 1's house 2); a grand slam; the round ends"),
        "{out}"
    );
    assert!(out.contains("round over: side 1 wins 3-5"), "{out}");
    assert_eq!(out.matches(BETWEEN_ROUNDS).count(), 2, "{out}");
    assert!(
        out.contains(&format!("{BETWEEN_ROUNDS}\n{ROUND_2_BOARD}")),
        "{out}"
    );
    assert!(
        out.contains("undo\ntook back 1\nback in round 1\n"),
        "{out}"
    );
    // After B 2: A to move with a1 3, the burnt a2, SA 1; B 0|2 (b1 2, b2 0), SB 2.
    assert!(
        out.contains("->  side 0  [  3|  x]  seat 0: human\n"),
        "{out}"
    );
    assert!(out.contains("seat 0, your move (1; help): save"), "{out}");
    let saved = json(&std::fs::read_to_string(&save).unwrap());
    assert_eq!(
        saved["match"]["rounds"],
        json(r#"[["2","2","1","1","2","2","1"],["2"]]"#)
    );
    assert_eq!(
        saved["record"]["events"].as_array().unwrap().len(),
        7,
        "{saved}"
    );

    // Resume in round 2; A 1 (3 seeds) passes over the burnt a2: SA 2,
    // b1 3, b2 1. A's side is empty: B takes its 4 seeds, 6 to 2. The
    // round limit (2) ends the match; its result is the last round's.
    let run = mancala(&["play", "--resume", save_arg], "1\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.starts_with("\nround 2; rounds won: seat 0 0, seat 1 1\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "seat 0: human played 1: sowed 3 seeds, the last in side 1's house 2; the round ends"
        ),
        "{out}"
    );
    assert!(
        out.ends_with(
            "    side 0  [  0|  x]  seat 0: human
               1   2   house numbers of side 0
        (x: a burnt house, out of play this round)
match over: side 1 wins 2-6 (a side ran out of seeds)
the match is over: its 2 rounds are played
seat 0 (human): rank 2
seat 1 (human): rank 1
"
        ),
        "{out}"
    );
}

#[test]
fn play_a_match_ends_when_a_player_cannot_fill_match_houses() {
    // Round 1 as above: A won 3 seeds, one house of two; match_houses = 2.
    let rules = "kalah,houses=2,seeds=2,rounds=fill,match_houses=2";
    let run = mancala(
        &[
            "play", "--rules", rules, "--seat", "human", "--seat", "human",
        ],
        ROUND_1,
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(!out.contains("round 2"), "{out}");
    assert!(
        out.contains("match over: side 1 wins 3-5 (a side ran out of seeds)\nthe match is over after 1 round: seat 0 (human) cannot fill 2 houses\nseat 0 (human): rank 2\n"),
        "{out}"
    );
}

#[test]
fn play_a_whole_match_against_the_computer() {
    // The human hands the seat over at once: the computer plays both
    // sides to the end of the match, every move legal (a burnt house
    // chosen would stop the game with "the computer chose badly").
    let rules = "kalah,houses=3,seeds=2,rounds=fill";
    let run = mancala(
        &[
            "play", "--rules", rules, "--seat", "human", "--seat", "ai:3",
        ],
        "cpu\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("seat 0 is handed to the computer"), "{out}");
    // No board is drawn for the computer's turns, but every round's end.
    assert!(out.contains("round 1 is over: "), "{out}");
    assert!(out.contains(" starts round 2\n"), "{out}");
    assert!(out.contains("the match is over"), "{out}");
    assert!(!out.contains("chose badly"), "{out}");
}

#[test]
fn play_refuses_a_saved_match_without_its_rounds() {
    let dir = temp_dir("rounds-bad");
    let save = dir.join("match.json");
    let save_arg = save.to_str().unwrap();
    let args = [
        "play", "--rules", ROUNDS, "--seat", "human", "--seat", "human",
    ];
    let run = mancala(&args, &format!("{ROUND_1}save {save_arg}\nquit\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let mut saved = json(&std::fs::read_to_string(&save).unwrap());
    saved.as_object_mut().unwrap().remove("match");
    std::fs::write(&save, saved.to_string()).unwrap();
    let err = usage_error(&["play", "--resume", save_arg]);
    assert!(
        err.contains("plays rounds (rounds = fill) but holds no match"),
        "{err}"
    );
    // A match that does not replay is refused by name.
    let mut saved = json(&std::fs::read_to_string(&save).unwrap());
    saved["match"] = json(&format!(
        r#"{{"rules": {}, "rounds": [["2"], ["1"]]}}"#,
        saved["record"]["rules"]
    ));
    std::fs::write(&save, saved.to_string()).unwrap();
    let err = usage_error(&["play", "--resume", save_arg]);
    assert!(err.contains("round 1 is not over"), "{err}");
}

#[test]
fn replay_plays_a_match_whose_houses_change_hands() {
    // As tests/rounds_territory.rs in mancala-core: round 1 ends A 6 to
    // B 2, so A owns its row and B's house 1 (its house 3), B its house 2.
    let rules = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none";
    let moves = "2,1,2,2,1,2,2";
    let v = json(&ok(&[
        "replay", "--rules", rules, "--moves", moves, "--json",
    ]));
    assert_eq!(v["round"], 2, "{v}");
    assert_eq!(v["position"], "2,2,2:0 0,2,0:0 to=1 ply=0", "{v}");
    assert_eq!(v["legal_moves"], json("[\"2\"]"), "{v}");
    // The board as the players see it, two houses a row: B's row shows
    // its house 2 (2 seeds) and, as `3*`, its house 1, A's house 3 this
    // round (2 seeds); no house is burnt on it.
    let out = ok(&["replay", "--rules", rules, "--moves", moves]);
    assert!(
        out.starts_with(
            "round 2; rounds won: side 0 1, side 1 0
               2  3*   house numbers of side 1
->  side 1  [  2|  2]  
          0           0  
    side 0  [  2|  2]  
               1   2   house numbers of side 0
        (n*: a house of this row that the other side plays this round, as its house n)
side 1 to move
"
        ),
        "{out}"
    );
    // B's house 1 is A's this round: B cannot move it.
    let err = usage_error(&["replay", "--rules", rules, "--moves", &format!("{moves},1")]);
    assert!(err.contains("illegal move 1"), "{err}");
}

#[test]
fn play_says_which_houses_each_side_owns_in_a_territory_round() {
    // Round 1 as in the replay above (A 6, B 2): A owns its row and B's
    // house 1, as its house 3; B owns its house 2 (docs/rules.md 8a).
    let rules = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none";
    let script = "2\n1\n2\n2\n1\n2\n2\nquit\n";
    let args = [
        "play", "--rules", rules, "--seat", "human", "--seat", "human",
    ];
    let run = mancala(&args, script);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains(
            "seat 0 (human) carries 6 seeds into round 2 and owns 3 houses: its whole row and the other row's house 1 (its house 3)\n\
             seat 1 (human) carries 2 seeds into round 2 and owns 1 house: house 2 of its row\n"
        ),
        "{out}"
    );
    assert!(out.contains("  2  3*   house numbers of side 1\n"), "{out}");
    assert!(!out.contains("burnt house"), "{out}");
}

#[test]
fn replay_plays_a_match_on_into_its_next_rounds() {
    // Round 1 as in the match played above, then round 2's B 2 (SB 2, a1 3).
    let moves = "2,2,1,1,2,2,1,2";
    let rules = "kalah,houses=2,seeds=2,rounds=fill";
    let out = ok(&["replay", "--rules", rules, "--moves", moves]);
    assert_eq!(
        out,
        "round 2; rounds won: side 0 0, side 1 1
               2   1   house numbers of side 1
    side 1  [  0|  2]  
          2           1  
->  side 0  [  3|  x]  
               1   2   house numbers of side 0
        (x: a burnt house, out of play this round)
side 0 to move
position: 3,0:1 2,0:2 to=0 ply=1
match: kalah,houses=2,seeds=2,rounds=fill; 2, 2, 1, 1, 2, 2, 1 / 2
"
    );
    let v = json(&ok(&[
        "replay", "--rules", rules, "--moves", moves, "--json",
    ]));
    assert_eq!(v["round"], 2);
    assert_eq!(v["rounds_won"], json("[0, 1]"));
    assert_eq!(v["burnt"], json("[[2], []]"));
    assert_eq!(v["legal_moves"], json("[\"1\"]"));
    // A's house 2 is burnt: no move.
    let err = usage_error(&["replay", "--rules", rules, "--moves", &format!("{moves},2")]);
    assert!(
        err.contains("--moves: move 9 of the list: illegal move 2: the house is burnt (out of play this round)"),
        "{err}"
    );
    // A match line read back: A 1 ends round 2 (B 6, A 2); round_limit 2
    // ends the match, B having won both rounds.
    let dir = temp_dir("replay-match");
    let file = dir.join("match.txt");
    std::fs::write(
        &file,
        "kalah,houses=2,seeds=2,rounds=fill,round_limit=2; 2, 2, 1, 1, 2, 2, 1 / 2, 1\n",
    )
    .unwrap();
    let out = ok(&["replay", "--game", file.to_str().unwrap()]);
    assert!(
        out.starts_with("round 2; rounds won: side 0 0, side 1 2\n"),
        "{out}"
    );
    assert!(
        out.contains("match over: side 1 wins 2-6 (a side ran out of seeds)\n"),
        "{out}"
    );
    std::fs::write(&file, "kalah,houses=2,seeds=2,rounds=fill; 2 / 1\n").unwrap();
    let err = usage_error(&["replay", "--game", file.to_str().unwrap()]);
    assert!(
        err.contains("round 1 is not over, so no round follows it"),
        "{err}"
    );
}

// ---- play ----

#[test]
fn play_scripted_session_move_hint_undo_save_resume_resign() {
    let dir = temp_dir("play");
    let save = dir.join("game.json");
    let save_arg = save.to_str().unwrap();
    // 3 earns an extra turn (4 seeds to the store), so the human moves
    // again; 9 is no house; undo takes 3 back; 1 is answered by the computer.
    let script = format!("3\nhint\n9\nfoo\nundo\n1\nsave {save_arg}\nquit\n");
    let run = mancala(&["play", "--seat", "human", "--seat", "ai:2"], &script);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("played 3: sowed 4 seeds, the last in side 0's store; extra turn"),
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
    assert!(
        out.contains("illegal move 9: there is no such house"),
        "{out}"
    );
    assert!(out.contains("\"foo\" is not a move or a command"), "{out}");
    assert!(out.contains("took back 3"), "{out}");
    assert!(out.contains("seat 1: ai:2 played"), "{out}");
    assert!(out.contains("saved to"), "{out}");
    let saved = json(&std::fs::read_to_string(&save).unwrap());
    assert_eq!(saved["seats"], json("[\"human\", \"ai:2\"]"));
    // The save holds the game record: its rules and its events (here
    // moves only: 3 was taken back).
    assert_eq!(saved["record"]["rules"]["houses"], 6, "{saved}");
    let events: Vec<&str> = saved["record"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(events.first(), Some(&"1"), "{saved}");
    assert!(events.len() >= 2, "{saved}");
    let moves = events.join(",");
    // No temporary file is left beside the save.
    let entries = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(entries, 1);

    // Resume: the same seats, the same position; then resign.
    let replayed = json(&ok(&["replay", "--moves", &moves, "--json"]));
    let run = mancala(&["play", "--resume", save_arg], "resign\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("seat 0: human resigns"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("seat 0 (human): rank 2"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("seat 1 (ai:2): rank 1"),
        "{}",
        run.stdout
    );
    let houses = replayed["houses"][0].as_array().unwrap();
    let row: Vec<String> = houses
        .iter()
        .map(|h| format!("{:>3}", h.as_u64().unwrap()))
        .collect();
    assert!(run.stdout.contains(&row.join("|")), "{}", run.stdout);
}

#[test]
fn play_hint_says_the_exact_value_when_the_computer_solves_it() {
    // docs/rules.md section 11: Kalah(3,3) is worth +2 to the first player.
    let run = mancala(
        &[
            "play", "--set", "houses=3", "--set", "seeds=3", "--seat", "human", "--seat", "ai:1",
            "--cpu", "exact",
        ],
        "hint\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find_map(|l| l.find("hint: ").map(|i| &l[i..]))
        .unwrap_or_else(|| panic!("a hint: {}", run.stdout));
    let (m, words) = line["hint: ".len()..].split_once(' ').unwrap();
    assert!(["1", "2", "3"].contains(&m), "{line}");
    assert_eq!(words, "(exact: wins by 2)", "{line}");
    // A computer that does not solve the position says who suggests it.
    let run = mancala(
        &["play", "--seat", "human", "--seat", "ai:1", "--cpu", "ai:1"],
        "hint\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains(" (ai:1 suggests it)"), "{}", run.stdout);
}

#[test]
fn play_hands_a_seat_to_the_computer() {
    let run = mancala(&["play", "--seat", "human", "--seat", "ai:1"], "cpu\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("seat 0 is handed to the computer"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("game over"), "{}", run.stdout);
}

#[test]
fn play_rotates_the_first_player_unless_told_not_to() {
    let args = ["play", "--seat", "ai:1", "--seat", "random", "--games", "2"];
    let out = ok(&args);
    let second = &out[out.find("game 2 of 2").expect("two games")..];
    let first_move = second.lines().nth(1).unwrap();
    assert!(
        first_move.starts_with("seat 1: random played"),
        "{first_move}"
    );
    assert!(out.contains("after all games"), "{out}");
    let mut fixed = args.to_vec();
    fixed.push("--no-rotate");
    let out = ok(&fixed);
    let second = &out[out.find("game 2 of 2").expect("two games")..];
    let first_move = second.lines().nth(1).unwrap();
    assert!(
        first_move.starts_with("seat 0: ai:1 played"),
        "{first_move}"
    );
}

#[test]
fn play_time_limit_lets_the_computer_move() {
    // stdin stays open and silent: every human turn times out.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "play",
            "--seat",
            "human",
            "--seat",
            "ai:1",
            "--time-limit",
            "20ms",
            "--cpu",
            "ai:1",
        ])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take();
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.contains("time is up: the computer, for seat 0: human,"),
        "{stdout}"
    );
    assert!(stdout.contains("game over"), "{stdout}");
}

#[test]
fn play_gives_computer_seats_their_time() {
    // A second for each seat's whole game: alphabeta thinks within it,
    // the level keeps its node budget.
    let out = ok(&[
        "play",
        "--seat",
        "alphabeta",
        "--seat",
        "ai:1",
        "--time",
        "1s+0s",
    ]);
    assert!(out.contains("game over"), "{out}");
}

#[test]
fn play_draws_three_and_four_player_boards() {
    for players in ["3", "4"] {
        let set = format!("players={players}");
        let run = mancala(&["play", "--set", &set], "quit\n");
        assert_eq!(run.status, 0, "{}", run.stderr);
        let last = format!("side {} ", players.parse::<usize>().unwrap() - 1);
        assert!(run.stdout.contains(&last), "{}", run.stdout);
        assert!(
            run.stdout.contains("side 0 to move (seat 0: human)"),
            "{}",
            run.stdout
        );
    }
}

#[test]
fn play_rejects_bad_arguments() {
    let err = usage_error(&["play", "--seat", "human"]);
    assert!(err.contains("2 players"), "{err}");
    usage_error(&["play", "--seat", "human", "--seat", "ai:0"]);
    usage_error(&["play", "--time-limit", "forever"]);
    let err = usage_error(&["play", "--time", "5m+"]);
    assert!(
        err.contains("--time 5m+: time=: expected a duration"),
        "{err}"
    );
    let dir = temp_dir("resume");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{}").unwrap();
    usage_error(&["play", "--resume", bad.to_str().unwrap()]);
}

#[test]
fn play_colours_only_when_asked_or_on_a_terminal() {
    let plain = mancala(&["play"], "quit\n");
    assert!(!plain.stdout.contains('\u{1b}'), "{}", plain.stdout);
    let coloured = mancala(&["play", "--color", "always"], "quit\n");
    assert!(coloured.stdout.contains("\u{1b}["), "{}", coloured.stdout);
}

#[test]
fn play_resignation_with_three_players_ranks_last_and_the_computer_plays_on() {
    // docs/rules.md section 7: a resigning player takes last place; with 3 or 4
    // players the computer plays their side on.
    let run = mancala(
        &[
            "play",
            "--set",
            "players=3",
            "--seat",
            "human",
            "--seat",
            "ai:1",
            "--seat",
            "ai:1",
        ],
        "resign\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("seat 0: human resigns"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("game over"), "{}", run.stdout);
    assert!(
        run.stdout.contains("seat 0 (human): rank 3"),
        "{}",
        run.stdout
    );
}

#[test]
fn play_swap_under_the_pie_rule() {
    let run = mancala(
        &[
            "play", "--rules", "mankalah", "--seat", "ai:1", "--seat", "human",
        ],
        "swap\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("seat 1: human swapped sides (pie rule)"),
        "{}",
        run.stdout
    );
    // After the swap seat 1 owns side 0, and the other side (side 1, now
    // the computer's) moves next.
    let after = &run.stdout[run.stdout.find("swapped sides").unwrap()..];
    let next = after.lines().nth(1).unwrap();
    assert!(next.starts_with("seat 0: ai:1 played"), "{next}");
    assert!(after.contains("seat 1: human"), "{after}");
    let side0 = after.lines().find(|l| l.contains("  side 0  ")).unwrap();
    assert!(side0.ends_with("seat 1: human"), "{side0}");
}

// ---- sowing both ways (docs/rules.md section 3, issue 30) ----

#[test]
fn play_offers_and_takes_a_direction_where_the_rules_let_the_player_choose() {
    let rules = "kalah,houses=5,direction=split,direction_choice=3";
    let run = mancala(
        &[
            "play", "--rules", rules, "--seat", "human", "--seat", "human",
        ],
        "3\n3up\n3cw\nquit\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = run.stdout;
    // The prompt lists the directed moves; the board says who chooses.
    assert!(out.contains("your move (1 2 4 5 3ccw 3cw; help)"), "{out}");
    assert!(
        out.contains("(each house sows towards the nearer end of its row)"),
        "{out}"
    );
    assert!(
        out.contains("(you choose the direction of houses 3: 3cw, 3ccw)"),
        "{out}"
    );
    // `3` alone and a bad direction are refused, saying why.
    assert!(
        out.contains("you choose the direction of this house"),
        "{out}"
    );
    assert!(out.contains("\"3up\" is not a move or a command"), "{out}");
    // House 3's 4 seeds clockwise: houses 2 and 1, then side 1's 5 and 4.
    assert!(out.contains("played 3cw: sowed 4 seeds"), "{out}");
}

#[test]
fn replay_and_analyse_take_directed_moves() {
    // Kalah with house 3 chosen: 3cw sows houses 2, 1 and side 1's 6, 5.
    let rules = "kalah,direction_choice=3";
    let out = ok(&["replay", "--rules", rules, "--moves", "3cw"]);
    assert!(
        out.contains("position: 5,5,0,4,4,4:0 4,4,4,4,5,5:0 to=1 ply=1"),
        "{out}"
    );
    let refused = usage_error(&["replay", "--rules", rules, "--moves", "3"]);
    assert!(refused.contains("choose the direction"), "{refused}");
    let v = json(&ok(&[
        "analyse", "--rules", rules, "--depth", "2", "--json",
    ]));
    let mut names: Vec<&str> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["1", "2", "3ccw", "3cw", "4", "5", "6"]);
}

// ---- a start dealt for each game (layout_seed = each_game) ----

/// `match --json`'s `layout_seeds` of two games of Kalah dealt each game.
fn dealt_seeds(seed: &str) -> Vec<u64> {
    let v = json(&ok(&[
        "match",
        "--rules",
        "kalah",
        "--set",
        "layout_seed=each_game",
        "--seat",
        "random",
        "--seat",
        "random",
        "--games",
        "2",
        "--seed",
        seed,
        "--json",
    ]));
    let seeds: Vec<u64> = v["layout_seeds"]
        .as_array()
        .unwrap_or_else(|| panic!("no layout_seeds: {v}"))
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(seeds.len(), 2);
    seeds
}

/// The start `replay` shows for Kalah dealt from `seed`.
fn dealt_start(seed: u64) -> Value {
    let v = json(&ok(&[
        "replay",
        "--rules",
        "kalah",
        "--set",
        &format!("layout_seed={seed}"),
        "--json",
    ]));
    v["houses"].clone()
}

#[test]
fn match_deals_each_game_its_own_start_the_same_for_the_same_seed() {
    let seeds = dealt_seeds("3");
    assert_ne!(seeds[0], seeds[1]);
    assert!(seeds.iter().all(|&s| s != 0 && s != u64::from(u32::MAX)));
    assert_eq!(dealt_seeds("3"), seeds);
    assert_ne!(dealt_seeds("4"), seeds);
    // The two games' starts differ, and each keeps Kalah's 48 seeds.
    let (one, two) = (dealt_start(seeds[0]), dealt_start(seeds[1]));
    assert_ne!(one, two);
    for start in [&one, &two] {
        let seeds: u64 = start
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|side| side.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()))
            .sum();
        assert_eq!(seeds, 48, "{start}");
    }
    // Rules that do not deal each game list no seeds.
    let v = json(&ok(&[
        "match", "--seat", "random", "--seat", "random", "--games", "2", "--json",
    ]));
    assert!(v.get("layout_seeds").is_none(), "{v}");
}

#[test]
fn a_dealt_games_record_replays_its_deal() {
    // docs/rules.md section 1: kalah,layout_seed=1 deals side 0
    // 4,3,5,6,2,5 and side 1 5,3,4,3,2,6. House 1's 4 seeds go to houses
    // 2 to 5; the last lands in house 5 (2 -> 3): side 1 to move.
    let dir = temp_dir("dealt-record");
    let file = dir.join("game.txt");
    std::fs::write(&file, "kalah,layout_seed=1; 1\n").unwrap();
    let v = json(&ok(&["replay", "--game", file.to_str().unwrap(), "--json"]));
    assert_eq!(v["position"], "0,4,6,7,3,5:0 5,3,4,3,2,6:0 to=1 ply=1");
}

#[test]
fn each_game_needs_a_seed_outside_play_and_match() {
    let err = usage_error(&[
        "perft",
        "--rules",
        "kalah",
        "--set",
        "layout_seed=each_game",
        "--depth",
        "1",
    ]);
    assert!(
        err.contains("layout_seed = each_game deals every game afresh"),
        "{err}"
    );
    let out = ok(&["rules", "check", &rule_file("mangala-iv.toml")]);
    assert!(out.contains("seeds dealt afresh for each game"), "{out}");
}

/// The path of a rule file shipped with mancala-core.
fn rule_file(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../mancala-core/rules");
    dir.join(name).to_str().unwrap().to_string()
}

/// House and seeds of the first sowing reported after `header`:
/// "... played H: sowed N seeds, ...".
fn first_sowing(out: &str, header: &str) -> (usize, u64) {
    let after = &out[out
        .find(header)
        .unwrap_or_else(|| panic!("no {header}: {out}"))..];
    let line = after.lines().find(|l| l.contains(" played ")).unwrap();
    let rest = &line[line.find(" played ").unwrap() + 8..];
    let (house, rest) = rest.split_once(": sowed ").unwrap();
    let seeds = rest.split_whitespace().next().unwrap();
    (house.parse().unwrap(), seeds.parse().unwrap())
}

#[test]
fn play_deals_each_game_of_a_session_afresh() {
    // docs/rules.md section 1: game i of a session is dealt from --seed
    // XOR i * 2^32, and game seed g picks 1 + (x mod 4294967294), x the
    // first SplitMix64 number from g (worked out apart from the engine,
    // in Python): 1063198246 for game 1 (g = 0), 735753585 for game 2
    // (g = 2^32). Side 0 moves first in both (seat 0, then seat 1).
    let out = ok(&[
        "play",
        "--rules",
        "kalah",
        "--set",
        "layout_seed=each_game",
        "--seat",
        "ai:1",
        "--seat",
        "ai:1",
        "--games",
        "2",
        "--seed",
        "0",
    ]);
    for (header, seed) in [
        ("game 1 of 2", 1_063_198_246_u64),
        ("game 2 of 2", 735_753_585),
    ] {
        let (house, sown) = first_sowing(&out, header);
        let start = dealt_start(seed);
        assert_eq!(start[0][house - 1].as_u64().unwrap(), sown, "{header}");
    }
    assert_ne!(dealt_start(1_063_198_246), dealt_start(735_753_585));
}

#[test]
fn play_without_a_seed_deals_at_random_and_says_the_seed() {
    // docs/rules.md section 1: without --seed, `play` draws the session's
    // seed and prints it; --seed with that number deals the same game.
    let session = |seed: Option<&str>| {
        let mut args = vec![
            "play",
            "--rules",
            "kalah",
            "--set",
            "layout_seed=each_game",
            "--seat",
            "ai:1",
            "--seat",
            "ai:1",
        ];
        args.extend(seed.map(|s| ["--seed", s]).into_iter().flatten());
        let run = mancala(&args, "");
        assert_eq!(run.status, 0, "{args:?} failed: {}", run.stderr);
        (run.stdout, run.stderr)
    };
    let said = |stderr: &str| -> String {
        let rest = stderr
            .split("dealing every game from --seed ")
            .nth(1)
            .unwrap_or_else(|| panic!("no seed said: {stderr}"));
        rest.split_whitespace().next().unwrap().to_string()
    };
    let (first, first_err) = session(None);
    let (second, second_err) = session(None);
    let (a, b) = (said(&first_err), said(&second_err));
    assert_ne!(a, b, "two sessions drew one seed");
    let (again, again_err) = session(Some(&a));
    assert!(!again_err.contains("dealing every game"), "{again_err}");
    assert_eq!(
        again, first,
        "--seed {a} deals the game of the session that said it"
    );
    assert_ne!(second, first);
}

/// The boards `play` draws in `out`, in order: each from the line naming
/// side 1's house numbers to the line naming side 0's.
fn boards_drawn(out: &str) -> Vec<String> {
    let mut boards = Vec::new();
    let mut board: Option<Vec<&str>> = None;
    for line in out.lines() {
        if line.contains("house numbers of side 1") {
            board = Some(Vec::new());
        }
        if let Some(lines) = board.as_mut() {
            lines.push(line);
            if line.contains("house numbers of side 0") {
                boards.push(lines.join("\n"));
                board = None;
            }
        }
    }
    boards
}

#[test]
fn play_resumes_a_dealt_game_as_it_was_dealt() {
    // mangala-iv.toml deals every game afresh (layout_seed = each_game).
    // docs/rules.md section 1: game 1 of a session of --seed 7 is dealt
    // from game seed 7 XOR 0 = 7, which picks 1 + (x mod 4294967294), x
    // the first SplitMix64 number from 7: 550097314 (worked out apart
    // from the engine, in Python, as for play_deals_each_game_of_a_session_afresh).
    let dir = temp_dir("dealt-resume");
    let save = dir.join("game.json");
    let save_arg = save.to_str().unwrap();
    let rules = rule_file("mangala-iv.toml");
    let args = [
        "play", "--rules", &rules, "--seat", "human", "--seat", "ai:1", "--seed", "7",
    ];
    let run = mancala(&args, &format!("1\nsave {save_arg}\nquit\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let first = boards_drawn(&run.stdout);
    // Drawn for the human to move: at the start, and after seat 1's
    // answer to its move.
    assert_eq!(first.len(), 2, "{}", run.stdout);
    assert_ne!(first[0], first[1]);
    let saved = json(&std::fs::read_to_string(&save).unwrap());
    assert_eq!(
        saved["record"]["rules"]["layout_seed"], 550_097_314,
        "{saved}"
    );
    // The dealt start is that of the seed, as replay deals it.
    let start = json(&ok(&[
        "replay",
        "--rules",
        &rules,
        "--set",
        "layout_seed=550097314",
        "--json",
    ]));
    let houses = |side: usize| -> String {
        let seeds: Vec<String> = start["houses"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| format!("{:>3}", s.as_u64().unwrap()))
            .collect();
        seeds.join("|")
    };
    let side_1: Vec<String> = houses(1).split('|').rev().map(String::from).collect();
    assert!(
        first[0].contains(&format!("[{}]", side_1.join("|"))),
        "{}",
        first[0]
    );
    assert!(
        first[0].contains(&format!("[{}]", houses(0))),
        "{}",
        first[0]
    );

    // Resumed: the same dealt game at the same position, not a new deal.
    let run = mancala(&["play", "--resume", save_arg], "quit\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("dealing every game"), "{}", run.stderr);
    let resumed = boards_drawn(&run.stdout);
    assert_eq!(resumed.first(), first.last(), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).ok();
}
