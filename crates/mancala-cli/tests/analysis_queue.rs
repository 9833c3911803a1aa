//! The analysis queue of the real `mancala serve`: a finished game's
//! review queued, the server SIGKILLed while the job is queued and while
//! it runs, started again, and the job finished; the stored verdicts equal
//! `mancala analyse --game` of the exported game with the same budget, a
//! match of rounds round by round. Another instance starting on the same
//! database leaves a review running on a live one alone; a live instance
//! takes over the review of one killed, without a restart.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Served, play};
use mancala_ai::Random;
use mancala_core::{Game, Match, RuleSet, Rules};
use serde_json::{Value, json};

/// How long a review may take in a debug build on a busy machine.
const REVIEW_PATIENCE: Duration = Duration::from_secs(120);

/// The budget the restarted server and the command line both review with.
const BUDGET: &str = "solver=50k,depth=4";

impl Served {
    /// `GET path`: the status and the body.
    async fn get(&self, path: &str) -> (u16, reqwest::header::HeaderMap, String) {
        let response = reqwest::get(format!("{}{path}", self.url)).await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.text().await.unwrap())
    }

    /// The analysis of game `id`.
    async fn analysis(&self, id: &str) -> Value {
        let (status, _, body) = self.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Waits until the analysis of game `id` has `status`; returns it.
    async fn wait_for(&self, id: &str, status: &str) -> Value {
        let start = Instant::now();
        loop {
            let analysis = self.analysis(id).await;
            if analysis["status"] == status {
                return analysis;
            }
            assert!(
                start.elapsed() < REVIEW_PATIENCE,
                "still {analysis} after {REVIEW_PATIENCE:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Plays a whole game of `rules` between two new players on `served`, by
/// seeded random moves; returns the game.
async fn play_a_game(served: &Served, rules: &str, seed: u64) -> Game {
    let mut game = Game::new(Rules::new(&RuleSet::from_spec(rules).unwrap()).unwrap());
    let mut random = Random::new(seed);
    let (_, _, mut clients) = served.started_room(rules).await;
    play(&mut clients, &mut game, &mut random, usize::MAX).await;
    for c in &mut clients {
        c.expect("over").await;
    }
    game
}

/// The id of the only game in the SQLite file, and its job's
/// `(status, attempts)`.
async fn stored_job(file: &Path) -> (String, String, i64) {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let row: (String, String, i64) = sqlx::query_as(
        "SELECT g.id, j.status, j.attempts FROM games g JOIN analysis_jobs j ON j.game = g.id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    row
}

/// `mancala analyse --game - --json --budget BUDGET` of `text`.
fn cli_analysis(text: &str) -> Value {
    cli_analysis_with(text, &["--budget", BUDGET])
}

/// `mancala analyse --game - --json` of `text` with the flags `extra`.
fn cli_analysis_with(text: &str, extra: &[&str]) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["analyse", "--game", "-", "--json"])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The moves of a finished analysis equal the command line's review of
/// the game the server exports.
async fn check_against_the_cli(served: &Served, id: &str, game: &Game) {
    let (status, headers, text) = served
        .get(&format!("/api/games/{id}/export?format=text"))
        .await;
    assert_eq!(status, 200);
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"mancala-{id}.txt\"")
    );
    assert_eq!(text.trim(), game.to_string());
    let analysis = served.analysis(id).await;
    assert_eq!(analysis["game"], id);
    // A game without rounds is answered as before matches were reviewed.
    assert_eq!(analysis.get("rounds"), None, "{analysis}");
    let moves = analysis["moves"].as_array().unwrap();
    assert_eq!(moves.len(), game.moves().count());
    assert_eq!(analysis["moves"], cli_analysis(&text)["moves"]);

    let (status, headers, record) = served
        .get(&format!("/api/games/{id}/export?format=json"))
        .await;
    assert_eq!(status, 200);
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .ends_with(".json\"")
    );
    let again: Game = serde_json::from_str(&record).unwrap();
    assert_eq!(again.events(), game.events());
}

#[tokio::test]
async fn a_queued_review_survives_sigkill_and_is_done_after_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("queued.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let rules = "kalah,houses=4,seeds=3";

    // No workers: the job waits in the database.
    let served = Served::start(&database, &["--analysis-workers", "0"]);
    let game = play_a_game(&served, rules, 5).await;
    let (id, status, _) = stored_job(&file).await;
    assert_eq!(status, "queued");
    let analysis = served.analysis(&id).await;
    assert_eq!(analysis["status"], "queued");
    assert_eq!(analysis["moves"], json!([]));
    served.kill();

    // Restarted with a duty cycle of a tenth: the verdicts are the same.
    let served = Served::start(
        &database,
        &[
            "--analysis-workers",
            "1",
            "--analysis-budget",
            BUDGET,
            "--analysis-cpu",
            "10",
        ],
    );
    served.wait_for(&id, "done").await;
    check_against_the_cli(&served, &id, &game).await;
    // Kalah(4,3) is small enough for the solver at every move.
    let analysis = served.analysis(&id).await;
    assert!(
        analysis["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["exact"] == true)
    );
}

#[tokio::test]
async fn a_running_review_is_taken_again_after_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("running.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());

    // A budget that keeps the review of a Kalah(6,4) game running for
    // minutes in a debug build.
    let served = Served::start(
        &database,
        &[
            "--analysis-workers",
            "1",
            "--analysis-budget",
            "solver=500m,depth=12",
        ],
    );
    let game = play_a_game(&served, "kalah", 11).await;
    let (id, _, _) = stored_job(&file).await;
    served.wait_for(&id, "running").await;
    served.kill();
    let (_, status, attempts) = stored_job(&file).await;
    assert_eq!((status.as_str(), attempts), ("running", 1));

    let served = Served::start(
        &database,
        &["--analysis-workers", "1", "--analysis-budget", BUDGET],
    );
    served.wait_for(&id, "done").await;
    let (_, status, attempts) = stored_job(&file).await;
    assert_eq!((status.as_str(), attempts), ("done", 2));
    check_against_the_cli(&served, &id, &game).await;
}

#[tokio::test]
async fn a_review_another_live_instance_runs_is_left_to_it_by_a_start() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let flags = |name, workers, budget| {
        let lease = ["--lease", "1500ms", "--instance", name];
        let work = ["--analysis-workers", workers, "--analysis-budget", budget];
        [lease, work].concat()
    };

    // A reviews with a budget that keeps it running for minutes; B,
    // another instance on the same database, starts meanwhile and
    // leaves the job to A, whose worker renews its heartbeat (every
    // 500 ms) for longer than the lease.
    let a = Served::start(&database, &flags("a", "1", "solver=500m,depth=12"));
    let game = play_a_game(&a, "kalah", 11).await;
    let (id, _, _) = stored_job(&file).await;
    a.wait_for(&id, "running").await;
    let b = Served::start(&database, &flags("b", "0", BUDGET));
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, status, attempts) = stored_job(&file).await;
    assert_eq!((status.as_str(), attempts), ("running", 1));

    // A killed, its heartbeat stops; C, starting a lease later, takes
    // the job again and does it.
    a.kill();
    tokio::time::sleep(Duration::from_millis(1_600)).await;
    let c = Served::start(&database, &flags("c", "1", BUDGET));
    c.wait_for(&id, "done").await;
    let (_, status, attempts) = stored_job(&file).await;
    assert_eq!((status.as_str(), attempts), ("done", 2));
    check_against_the_cli(&c, &id, &game).await;
    drop(b);
}

#[tokio::test]
async fn a_review_whose_instance_is_killed_is_done_by_a_live_instance_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sweep.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let lease = Duration::from_millis(1_500);
    let flags = |name, budget| {
        let lease = ["--lease", "1500ms", "--instance", name];
        let work = ["--analysis-workers", "1", "--analysis-budget", budget];
        [lease, work].concat()
    };

    // A reviews with a budget that keeps it running for minutes; B runs
    // beside it with a worker of its own, idle.
    let a = Served::start(&database, &flags("a", "solver=500m,depth=12"));
    let game = play_a_game(&a, "kalah", 11).await;
    let (id, _, _) = stored_job(&file).await;
    a.wait_for(&id, "running").await;
    let b = Served::start(&database, &flags("b", BUDGET));

    // A killed mid-review: its heartbeat (every 500 ms) stops, and B's
    // sweep (every 500 ms) queues the job again a lease after the last
    // one, B's worker (looking every 500 ms) takes it: 2.5 s at most
    // after the kill; the bound allows for a busy machine. No instance
    // starts meanwhile.
    a.kill();
    let killed = Instant::now();
    let bound = 4 * lease;
    loop {
        let (_, _, attempts) = stored_job(&file).await;
        if attempts == 2 {
            break;
        }
        assert!(killed.elapsed() < bound, "not taken again in {bound:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.wait_for(&id, "done").await;
    let (_, status, attempts) = stored_job(&file).await;
    assert_eq!((status.as_str(), attempts), ("done", 2));
    check_against_the_cli(&b, &id, &game).await;
}

/// The match of kalah on two houses of two seeds in rounds worked out
/// by hand in crates/mancala-server/tests/rounds.rs (docs/rules.md
/// section 8a): rounds of 7, 3 and 1 moves, side 0's house 2 burnt in the
/// second and third, side 1 winning every round.
const MATCH_RULES: &str = "kalah,houses=2,seeds=2,rounds=fill";
const MATCH_MOVES: [&str; 11] = ["2", "2", "1", "1", "2", "2", "1", "1", "2", "1", "1"];

#[tokio::test]
async fn a_match_is_reviewed_round_by_round_as_the_command_line_reviews_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let served = Served::start(
        &database,
        &["--analysis-workers", "1", "--analysis-budget", BUDGET],
    );
    let (_, _, mut clients) = served.started_room(MATCH_RULES).await;
    let mut game: Match = format!("{MATCH_RULES};").parse().unwrap();
    for m in MATCH_MOVES {
        let seat = game.position().player_to_move();
        let rounds = game.round_count();
        game.play(m.parse().unwrap()).unwrap();
        clients[seat]
            .send(json!({ "type": "move", "move": m }))
            .await;
        for c in clients.iter_mut() {
            assert_eq!(c.expect("moved").await["move"], m);
            if game.round_count() > rounds {
                c.expect("round_started").await;
            }
        }
    }
    assert!(game.is_over());
    for c in &mut clients {
        c.expect("over").await;
    }
    let (id, _, _) = stored_job(&file).await;
    let analysis = served.wait_for(&id, "done").await;
    let (status, _, text) = served
        .get(&format!("/api/games/{id}/export?format=text"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(text.trim(), game.to_string());
    let cli = cli_analysis(&text);
    assert_eq!(analysis["rounds"], cli["rounds"], "{analysis}");
    let rounds = analysis["rounds"].as_array().unwrap();
    let counts: Vec<(u64, usize)> = rounds
        .iter()
        .map(|r| {
            (
                r["round"].as_u64().unwrap(),
                r["moves"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(counts, [(1, 7), (2, 3), (3, 1)]);
    // `moves` is the first round's, as it was before every round was
    // reviewed.
    assert_eq!(analysis["moves"], rounds[0]["moves"]);
    // Round 3 by hand: side 0's one move, house 1 (its only house), sows
    // past its burnt house 2 into its store and ends the round 1 to 7.
    let last = &rounds[2]["moves"][0];
    assert_eq!(
        (&last["ply"], &last["side"], &last["move"], &last["best"]),
        (&json!(1), &json!(0), &json!("1"), &json!("1"))
    );
    assert_eq!(
        (&last["before"], &last["after"]),
        (&json!(-6.0), &json!(-6.0))
    );
    assert_eq!(
        (&last["verdict"], &last["exact"]),
        (&json!("best"), &json!(true))
    );
    served.kill();
}

#[tokio::test]
async fn an_unknown_game_is_a_404_in_the_usual_error_shape() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("x.db").display());
    let served = Served::start(&database, &["--analysis-workers", "0"]);
    for path in [
        "/api/games/nope/analysis",
        "/api/games/nope/export?format=text",
    ] {
        let (status, _, body) = served.get(path).await;
        assert_eq!(status, 404, "{body}");
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["error"], "no_such_game");
    }
}

/// The rules of the endgame database tests: small enough for the debug
/// binary to build a database of 12 seeds in about a second.
const SMALL_KALAH: &str = "kalah,houses=4,seeds=3";

/// A budget too small for the solver in the opening of Kalah(4,3).
const SMALL_BUDGET: &str = "solver=300,depth=2";

/// Builds the endgame database of up to 12 seeds of `SMALL_KALAH` into
/// `file` with the real `mancala solve`.
fn build_database(file: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["--rules", SMALL_KALAH, "solve", "--database-seeds", "12"])
        .arg("--database")
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    assert!(file.exists());
}

/// How many moves of an analysis are exact.
fn exact_moves(moves: &Value) -> usize {
    moves
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["exact"] == true)
        .count()
}

#[tokio::test]
async fn the_reviews_use_the_endgame_database_of_their_rules() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("k4.egdb");
    build_database(&egdb);
    let file = dir.path().join("egdb.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let egdb_text = egdb.to_str().unwrap();
    let served = Served::start(
        &database,
        &[
            "--analysis-workers",
            "1",
            "--analysis-budget",
            SMALL_BUDGET,
            "--analysis-database",
            egdb_text,
            "--analysis-database-rules",
            SMALL_KALAH,
        ],
    );
    let game = play_a_game(&served, SMALL_KALAH, 3).await;
    let (id, _, _) = stored_job(&file).await;
    let analysis = served.wait_for(&id, "done").await;
    let text = game.to_string();
    let with = cli_analysis_with(&text, &["--budget", SMALL_BUDGET, "--database", egdb_text]);
    assert_eq!(analysis["moves"], with["moves"]);
    // Without the database the same budget leaves more moves estimated.
    let without = cli_analysis_with(&text, &["--budget", SMALL_BUDGET]);
    let (with, without) = (exact_moves(&with["moves"]), exact_moves(&without["moves"]));
    assert!(
        with > without,
        "{with} exact moves with the database, {without} without"
    );
    // A game of other rules is reviewed as before, without it.
    let other = play_a_game(&served, "kalah,houses=3,seeds=3", 4).await;
    let other_id = other_game_id(&file, &id).await;
    let analysis = served.wait_for(&other_id, "done").await;
    let plain = cli_analysis_with(&other.to_string(), &["--budget", SMALL_BUDGET]);
    assert_eq!(analysis["moves"], plain["moves"]);
    served.kill();
}

/// The id of the stored game other than `first` (of two).
async fn other_game_id(file: &Path, first: &str) -> String {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let ids: Vec<(String,)> = sqlx::query_as("SELECT id FROM games WHERE id <> $1")
        .bind(first)
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    assert_eq!(ids.len(), 1, "{ids:?}");
    ids[0].0.clone()
}

#[test]
fn a_duty_cycle_or_pause_out_of_range_is_refused_with_the_flag_named() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("x.db").display());
    for flag in ["--analysis-cpu", "--analysis-pause-above"] {
        for bad in ["0", "101", "half"] {
            let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
                .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
                .args([flag, bad])
                .output()
                .unwrap();
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{err}");
            assert!(err.contains(flag), "{flag} {bad}: {err}");
        }
    }
}

#[test]
fn a_database_that_cannot_be_used_stops_the_server_with_the_flag_named() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("k4.egdb");
    build_database(&egdb);
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("x.db").display());
    let serve = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
            .args(extra)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let egdb_text = egdb.to_str().unwrap();
    // Built for Kalah(4,3), read as the default `kalah`.
    let (code, err) = serve(&["--analysis-database", egdb_text]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "--analysis-database {egdb_text}: the endgame database was built for other rules"
        )),
        "{err}"
    );
    let (code, err) = serve(&["--analysis-database", "/no/such/file.egdb"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--analysis-database /no/such/file.egdb: "),
        "{err}"
    );
    let (code, err) = serve(&[
        "--analysis-database",
        egdb_text,
        "--analysis-database-rules",
        "no-such-game",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--analysis-database-rules no-such-game: "),
        "{err}"
    );
    // Oware has no endgame database: said so, with the file.
    let (code, err) = serve(&[
        "--analysis-database",
        egdb_text,
        "--analysis-database-rules",
        "oware",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "--analysis-database {egdb_text}: these rules have no endgame database"
        )),
        "{err}"
    );
}
