//! Rated games that end at the same moment for the same players: every
//! rating update must build on the one before it, none lost, none twice,
//! on SQLite and on PostgreSQL (see `common` for how to pick).

mod common;

use common::{Client, Player, TestServer};
use serde_json::{Value, json};

/// Rated rooms played at once by the same two players.
const ROOMS: usize = 16;

/// A rated two-player room where `first` sits in seat 0 (and hosts) and
/// `second` in seat 1, its game started: both clients, seat by seat.
async fn started(server: &TestServer, first: &Player, second: &Player) -> [Client; 2] {
    let code = server.room_rated(first, "kalah", true).await;
    let mut clients = [
        server.join(&code, first).await,
        server.join(&code, second).await,
    ];
    for seat in 0..2 {
        clients[seat]
            .send(json!({ "type": "sit", "seat": seat }))
            .await;
        for c in &mut clients {
            c.expect("room").await;
        }
    }
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect_past_rooms("started").await;
    }
    clients
}

/// The number at `value`.
fn num(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("a number, not {value}"))
}

/// Checks `player`'s history: rated games numbered 1 to [`ROOMS`], each
/// a different game, each starting from the rating the one before left.
async fn check_history(server: &TestServer, player: &Player) -> f64 {
    let (status, body) = server
        .get(&format!("/api/players/{}/games", player.id))
        .await;
    assert_eq!(status, 200, "{body}");
    let games = body["games"].as_array().unwrap();
    let numbers: Vec<u64> = games
        .iter()
        .map(|g| g["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=ROOMS as u64).collect::<Vec<_>>());
    let mut ids: Vec<&str> = games.iter().map(|g| g["game"].as_str().unwrap()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), ROOMS, "one history row per game");
    assert_eq!(num(&games[0]["rating_before"]), 1500.0);
    for pair in games.windows(2) {
        assert_eq!(
            num(&pair[1]["rating_before"]),
            num(&pair[0]["rating_after"]),
            "game {} must start from the rating game {} left: {body}",
            pair[1]["number"],
            pair[0]["number"]
        );
    }
    num(&games[ROOMS - 1]["rating_after"])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn rated_games_ending_at_once_lose_no_rating_update() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let mut rooms = Vec::new();
    for i in 0..ROOMS {
        // Both seat orders, so that each game reads the two players' rows
        // in its own order.
        let (first, second) = if i % 2 == 0 {
            (&ann, &bob)
        } else {
            (&bob, &ann)
        };
        rooms.push(started(&server, first, second).await);
    }

    // Every room's seat 1 resigns before any room is heard from: the
    // games end, and are rated, all at once, starting with no ratings row.
    for [_, resigner] in &mut rooms {
        resigner.send(json!({ "type": "resign" })).await;
    }
    for clients in &mut rooms {
        // The resigner first: a failed rating update is its error message.
        for c in clients.iter_mut().rev() {
            c.expect("resigned").await;
            let over = c.expect("over").await;
            assert_eq!(over["ratings"].as_array().map(Vec::len), Some(2), "{over}");
        }
    }

    let (status, board) = server.get("/api/leaderboard").await;
    assert_eq!(status, 200);
    let players = board["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{board}");
    for player in [&ann, &bob] {
        let last = check_history(&server, player).await;
        let entry = players
            .iter()
            .find(|p| p["player"] == player.id.as_str())
            .unwrap_or_else(|| panic!("{} on the leaderboard: {board}", player.id));
        assert_eq!(entry["games"], ROOMS, "{board}");
        assert_eq!(num(&entry["rating"]), last, "the rating is the last one");
    }
}
