//! Requests the server refuses: each gets an error back, and the
//! connection, the room and the game go on.

mod common;

use common::{Player, TestServer};
use serde_json::json;

/// A started two-player Kalah room with a third person watching.
async fn room_with_spectator(server: &TestServer) -> (String, [common::Client; 3], [Player; 3]) {
    let people = [
        server.player("Ann").await,
        server.player("Bob").await,
        server.player("Cy").await,
    ];
    let code = server.room(&people[0], "kalah").await;
    let mut a = server.join(&code, &people[0]).await;
    let mut b = server.join(&code, &people[1]).await;
    // Each newcomer is a spectator for those already there.
    a.expect("room").await;
    let mut c = server.join(&code, &people[2]).await;
    for client in [&mut a, &mut b] {
        let room = client.expect("room").await;
        assert_eq!(room["spectators"][2]["name"], "Cy");
    }
    a.send(json!({ "type": "sit" })).await;
    b.send(json!({ "type": "sit" })).await;
    for client in [&mut a, &mut b, &mut c] {
        client.expect("room").await;
        let room = client.expect("room").await;
        assert_eq!(room["seats"][1]["name"], "Bob");
    }
    a.send(json!({ "type": "start" })).await;
    for client in [&mut a, &mut b, &mut c] {
        client.expect("started").await;
    }
    (code, [a, b, c], people)
}

#[tokio::test]
async fn bad_moves_are_refused_and_the_game_goes_on() {
    let server = common::start().await;
    let (code, [mut a, mut b, mut c], _) = room_with_spectator(&server).await;

    b.send(json!({ "type": "move", "move": "1" })).await;
    b.expect_error("not_your_turn").await;
    a.send(json!({ "type": "move", "move": "9" })).await;
    a.expect_error("illegal").await;
    a.send(json!({ "type": "move", "move": "north" })).await;
    a.expect_error("bad_move").await;
    a.send(json!({ "type": "move", "move": "1", "seat": 1 }))
        .await;
    a.expect_error("not_your_seat").await;
    c.send(json!({ "type": "move", "move": "1" })).await;
    c.expect_error("not_seated").await;
    b.send(json!({ "type": "start" })).await;
    b.expect_error("not_host").await;
    a.send(json!({ "type": "start" })).await;
    a.expect_error("game_in_progress").await;

    a.send(json!({ "type": "move", "move": "1" })).await;
    for client in [&mut a, &mut b, &mut c] {
        let moved = client.expect("moved").await;
        assert_eq!(moved["move"], "1");
        assert_eq!(moved["to_move"], 1);
    }
    assert_eq!(server.stored_events(&code).await, ["1"]);
}

#[tokio::test]
async fn malformed_messages_get_errors_and_the_connection_survives() {
    let server = common::start().await;
    // The spectator stays: its leaving would be news to the others.
    let (code, [mut a, mut b, _watcher], people) = room_with_spectator(&server).await;

    a.send(json!({ "type": "dance" })).await;
    a.expect_error("bad_message").await;
    a.send(json!({ "type": "move" })).await;
    a.expect_error("bad_message").await;
    a.send(json!({ "type": "move", "move": 3 })).await;
    a.expect_error("bad_message").await;
    a.send_text("not json".to_string()).await;
    a.expect_error("bad_message").await;
    a.send(json!({ "type": "hello", "version": 1, "player": people[0].id, "secret": people[0].secret }))
        .await;
    a.expect_error("bad_message").await;
    a.send(json!({ "type": "move", "move": "1".repeat(5000) }))
        .await;
    a.expect_error("too_large").await;

    a.send(json!({ "type": "move", "move": "3" })).await;
    for client in [&mut a, &mut b] {
        assert_eq!(client.expect("moved").await["move"], "3");
    }
    assert_eq!(server.stored_events(&code).await, ["3"]);
}

#[tokio::test]
async fn a_bad_secret_is_refused() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;
    let forger = Player {
        id: ann.id.clone(),
        secret: "0".repeat(32),
    };

    let mut socket = server.socket(&code).await;
    socket
        .send(
            json!({ "type": "hello", "version": 1, "player": forger.id, "secret": forger.secret }),
        )
        .await;
    socket.expect_error("unauthorized").await;
    assert!(socket.next().await.is_none(), "the connection is closed");

    let response = server
        .post("/api/rooms", json!({ "rules": "kalah" }), Some(&forger))
        .await;
    assert_eq!(response.status(), 401);
    let response = server
        .post("/api/rooms", json!({ "rules": "kalah" }), None)
        .await;
    assert_eq!(response.status(), 401);
}

#[tokio::test]
async fn the_first_message_must_be_hello() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;
    let mut socket = server.socket(&code).await;
    socket.send(json!({ "type": "sit" })).await;
    socket.expect_error("not_hello").await;
    let mut socket = server.socket(&code).await;
    socket
        .send(json!({ "type": "hello", "version": 2, "player": ann.id, "secret": ann.secret }))
        .await;
    socket.expect_error("version").await;
}

#[tokio::test]
async fn bad_requests_over_http() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let response = server
        .post(
            "/api/rooms",
            json!({ "rules": "kalah,seeds=x" }),
            Some(&ann),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], "bad_rules");
    let response = server
        .post("/api/players", json!({ "name": "x".repeat(33) }), None)
        .await;
    assert_eq!(response.status(), 400);
    let response = server
        .post("/api/players", json!({ "name": "a\nb" }), None)
        .await;
    assert_eq!(response.status(), 400);
    let markup = server
        .post("/api/players", json!({ "name": "<b>Ann</b>" }), None)
        .await;
    assert_eq!(
        markup.status(),
        200,
        "names are data: stored and sent as given"
    );
    let health = reqwest::get(format!("http://{}/healthz", server.addr))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
    let nowhere = format!("ws://{}/ws/rooms/{}", server.addr, "f".repeat(32));
    match tokio_tungstenite::connect_async(nowhere).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 404)
        }
        other => panic!("a room nobody made was found: {other:?}"),
    }
}

#[tokio::test]
async fn seats_are_checked() {
    let server = common::start().await;
    let people = [server.player("Ann").await, server.player("Bob").await];
    // Oware is for two players only: two seats, both needed.
    let code = server.room(&people[0], "oware").await;
    let mut a = server.join(&code, &people[0]).await;
    let mut b = server.join(&code, &people[1]).await;
    a.expect("room").await;
    a.send(json!({ "type": "start" })).await;
    a.expect_error("seat_empty").await;
    a.send(json!({ "type": "sit", "seat": 1 })).await;
    a.expect("room").await;
    b.expect("room").await;
    a.send(json!({ "type": "sit" })).await;
    a.expect_error("already_seated").await;
    b.send(json!({ "type": "sit", "seat": 1 })).await;
    b.expect_error("seat_taken").await;
    b.send(json!({ "type": "sit", "seat": 2 })).await;
    b.expect_error("no_such_seat").await;
    b.send(json!({ "type": "move", "move": "1" })).await;
    b.expect_error("not_seated").await;
}

#[tokio::test]
async fn only_a_hash_of_a_secret_is_stored() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let pool = server.pool().await;
    let stored: String = sqlx::query_scalar("SELECT secret_hash FROM players WHERE id = $1")
        .bind(&ann.id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(ann.secret.len(), 32, "128 bits in hex");
    assert!(!stored.contains(&ann.secret));
    assert_eq!(stored.len(), 64, "a SHA-256 in hex");
}

#[tokio::test]
async fn a_huge_frame_closes_its_connection_and_the_room_goes_on() {
    let server = common::start().await;
    let (code, [mut a, mut b, mut c], _) = room_with_spectator(&server).await;
    c.send(json!({ "type": "sit", "pad": "x".repeat(100_000) }))
        .await;
    assert!(
        c.next().await.is_none(),
        "the transport drops the connection"
    );
    for client in [&mut a, &mut b] {
        let room = client.expect("room").await;
        assert_eq!(room["spectators"], json!([]), "the spectator left");
    }

    a.send(json!({ "type": "move", "move": "1" })).await;
    for client in [&mut a, &mut b] {
        assert_eq!(client.expect("moved").await["move"], "1");
    }
    assert_eq!(server.stored_events(&code).await, ["1"]);
}
