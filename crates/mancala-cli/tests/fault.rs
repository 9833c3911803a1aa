//! The real `mancala serve` killed with SIGKILL mid-game and started again
//! on the same SQLite file: the players reconnect to the same position and
//! finish the game, and nothing was lost or played twice.

mod common;

use std::path::Path;

use common::{Served, play};
use mancala_ai::Random;
use mancala_core::{Game, RuleSet, Rules};
use serde_json::json;

/// Moves played before the server is killed.
const BEFORE_KILL: usize = 9;

/// The rows of `table` in the SQLite file, opened read-only.
async fn count_rows(file: &Path, table: &str) -> i64 {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let count = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    count
}

/// The events of `game` as text.
fn events(game: &Game) -> Vec<String> {
    game.events().iter().map(ToString::to_string).collect()
}

#[tokio::test]
async fn a_game_survives_sigkill_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fault.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let mut game = Game::new(Rules::new(&RuleSet::from_spec("kalah").unwrap()).unwrap());
    let mut random = Random::new(17);

    let served = Served::start(&database, &[]);
    let (people, code, mut clients) = served.started_room("kalah").await;
    play(&mut clients, &mut game, &mut random, BEFORE_KILL).await;
    assert!(
        !game.is_over(),
        "the game is under way when the server dies"
    );

    served.kill();
    drop(clients);
    let served = Served::start(&database, &[]);
    let mut clients = Vec::new();
    for (seat, person) in people.iter().enumerate() {
        let (client, room) = served.join(&code, person).await;
        assert_eq!(room["seats"][seat]["player"], person.0.as_str());
        let restored = &room["game"];
        assert_eq!(restored["events"], json!(events(&game)), "no move lost");
        let position = serde_json::to_value(game.position()).unwrap();
        assert_eq!(restored["position"], position);
        let to_move = game.position().player_to_move();
        assert_eq!(restored["to_move"], to_move);
        clients.push(client);
    }

    play(&mut clients, &mut game, &mut random, usize::MAX).await;
    let outcome = game.outcome().unwrap();
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
        assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
    }
    let (_, room) = served.join(&code, &people[1]).await;
    assert_eq!(room["game"]["events"], json!(events(&game)));
    served.kill();

    let moves = i64::try_from(game.events().len()).unwrap();
    assert!(moves > i64::try_from(BEFORE_KILL).unwrap());
    assert_eq!(count_rows(&file, "game_events").await, moves, "none twice");
    assert_eq!(count_rows(&file, "games").await, 1);
}

/// Rooms moving at once when the server is killed.
const ROOMS_AT_ONCE: usize = 16;

// Group commit (docs/scaling.md): the moves of many rooms share a
// commit, and each room is told `moved` only once that commit is done.
#[tokio::test]
async fn every_move_announced_is_in_the_file_after_sigkill() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("told.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let served = Served::start(&database, &[]);
    let mut rooms = Vec::new();
    for _ in 0..ROOMS_AT_ONCE {
        let (_, code, clients) = served.started_room("kalah").await;
        rooms.push((code, clients));
    }
    // Every room's first player moves at once; the server is killed as
    // soon as one of them is told `moved`.
    for (_, clients) in &mut rooms {
        clients[0]
            .send(json!({ "type": "move", "move": "3" }))
            .await;
    }
    loop {
        let message = rooms[0].1[0].next_message().await;
        if message["type"] == "moved" {
            break;
        }
    }
    served.kill();

    // What each client was told before the socket closed.
    let mut told = vec![rooms[0].0.clone()];
    for (code, clients) in &mut rooms {
        for client in clients.iter_mut() {
            while let Ok(Some(Ok(frame))) =
                tokio::time::timeout(common::PATIENCE, client.ws.next()).await
            {
                let Message::Text(text) = frame else { continue };
                let message: serde_json::Value = serde_json::from_str(&text).unwrap();
                if message["type"] == "moved" {
                    told.push(code.clone());
                }
            }
        }
    }
    // Each room told of its move has it in the file, reopened.
    let url = format!("sqlite://{}?mode=ro", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    for code in &told {
        let events: Vec<String> = sqlx::query_scalar(
            "SELECT e.event FROM game_events e JOIN games g ON g.id = e.game \
             WHERE g.room = $1 ORDER BY e.seq",
        )
        .bind(code)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(events, ["3"], "room {code}");
    }
    pool.close().await;
}
