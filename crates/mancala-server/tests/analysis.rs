//! The analysis queue and the export of a game, on SQLite and (under
//! `.ci/with-postgres`) PostgreSQL: a game's review is `waiting` while it
//! is played, queued with the event that ends it, done by a worker with
//! the values `mancala_ai::review_game` gives, and the game exports as its
//! JSON record and its one-line text. (The restarts after SIGKILL and the
//! comparison with `mancala analyse --game` run the real binary, in
//! crates/mancala-cli/tests/analysis_queue.rs.)

mod common;

use std::time::{Duration, Instant};

use mancala_ai::review_game;
use mancala_core::Game;
use serde_json::{Value, json};

/// How long a review may take in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_secs(120);

async fn analysis(server: &common::TestServer, id: &str) -> Value {
    let (status, body) = server.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn a_finished_game_is_reviewed_in_the_background_and_exports() {
    let database = common::database().await;
    let server = common::start_reviewing(&database).await;
    let budget = common::review_budget();
    let rules = "kalah,houses=3,seeds=3";
    let (_, mut clients, _) = server.seated_room(rules, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    let mut started = Value::Null;
    for c in &mut clients {
        started = c.expect("started").await;
    }
    let id = started["id"].as_str().unwrap().to_string();
    let mut game = common::game_of(rules);

    let live = analysis(&server, &id).await;
    assert_eq!(live, json!({"game": id, "status": "waiting", "moves": []}));

    while let Some(m) = game.legal_moves().iter().next() {
        common::send_move(&mut clients, &mut game, m).await;
        for c in &mut clients {
            c.expect("moved").await;
        }
    }
    let start = Instant::now();
    let done = loop {
        let now = analysis(&server, &id).await;
        if now["status"] == "done" {
            break now;
        }
        assert_ne!(now["status"], "failed", "{now}");
        assert!(start.elapsed() < PATIENCE, "{now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let expected = serde_json::to_value(review_game(&game, &budget, None)).unwrap();
    assert_eq!(done["moves"], expected);
    assert_eq!(
        done["moves"].as_array().unwrap().len(),
        game.moves().count()
    );

    let (status, record) = server.get(&format!("/api/games/{id}/export")).await;
    assert_eq!(status, 200);
    let again: Game = serde_json::from_value(record).unwrap();
    assert_eq!(again.events(), game.events());
    let text = reqwest::get(format!(
        "http://{}/api/games/{id}/export?format=text",
        server.addr
    ))
    .await
    .unwrap();
    let disposition = text.headers()["content-disposition"].to_str().unwrap();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"mancala-{id}.txt\"")
    );
    let line = text.text().await.unwrap();
    assert_eq!(line.trim_end(), game.to_string());
}

#[tokio::test]
async fn unknown_games_and_formats_are_refused() {
    let server = common::start().await;
    let (status, body) = server.get("/api/games/0123/analysis").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "no_such_game");
    let (status, body) = server.get("/api/games/0123/export?format=text").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "no_such_game");
    let (status, body) = server.get("/api/games/0123/export?format=pdf").await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "bad_query");
}
