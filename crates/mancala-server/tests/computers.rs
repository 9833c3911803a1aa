//! The computer in a room: computer seats set by the host, and the
//! computer playing a resigned seat on. Games are checked against
//! `mancala_core::Game` replaying the moves on its own.

mod common;

use common::{Client, follow};
use mancala_ai::{Random, Strategy};
use mancala_core::{Game, Side};
use serde_json::{Value, json};

/// Plays `game` to its end: the client's own seat `mine` with random
/// moves, every other seat by the computer for `reason`; checks every
/// `moved` and the outcome.
async fn play_on(client: &mut Client, game: &mut Game, mine: usize, reason: &str, seed: u64) {
    let mut random = Random::new(seed);
    while !game.is_over() {
        let position = game.position();
        let seat = position.player_to_move();
        if seat == mine {
            let m = random.choose(&position).unwrap();
            client
                .send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        let moved = follow(client, game).await;
        if seat == mine {
            assert_eq!(moved["by"], "player", "{moved}");
            assert_eq!(moved["reason"], Value::Null);
        } else {
            assert_eq!(moved["by"], "computer", "{moved}");
            assert_eq!(moved["reason"], reason);
        }
    }
    let outcome = game.outcome().unwrap();
    let over = client.expect("over").await;
    assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
    assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
}

/// A host in seat 0 and the computer at `levels` in the other seats
/// play a whole game under `rules`.
async fn computers_play(rules: &str, levels: &[u8], seed: u64) {
    let server = common::start().await;
    let host = server.player("host").await;
    let code = server.room(&host, rules).await;
    let mut client = server.join(&code, &host).await;
    client.send(json!({ "type": "sit", "seat": 0 })).await;
    client.expect("room").await;
    for (i, &level) in levels.iter().enumerate() {
        let seat = i + 1;
        client
            .send(json!({ "type": "computer", "seat": seat, "level": level }))
            .await;
        let room = client.expect("room").await;
        let view = &room["seats"][seat];
        assert_eq!(view["player"], format!("ai:{level}"));
        assert_eq!(view["name"], format!("Computer (level {level})"));
        assert_eq!(view["played_by"], "computer");
        assert_eq!(view["away"], false);
    }
    client.send(json!({ "type": "start" })).await;
    client.expect("started").await;
    let mut game = common::game_of(rules);
    play_on(&mut client, &mut game, 0, "computer_seat", seed).await;
    assert_eq!(server.stored_events(&code).await, common::events(&game));
}

#[tokio::test]
async fn computer_seats_play_a_three_player_game_to_the_end() {
    computers_play("kalah,players=3", &[2, 4], 5).await;
}

#[tokio::test]
async fn computer_seats_play_a_four_player_game_to_the_end() {
    computers_play("kalah,players=4", &[1, 3, 5], 6).await;
}

#[tokio::test]
async fn computer_seats_are_the_hosts_to_set_between_games() {
    let server = common::start().await;
    let (_, mut clients, _) = server.seated_room("kalah,players=3", 2, false).await;
    let computer =
        |seat: usize, level: Value| json!({ "type": "computer", "seat": seat, "level": level });
    clients[1].send(computer(2, json!(3))).await;
    clients[1].expect_error("not_host").await;
    clients[0].send(computer(1, json!(3))).await;
    clients[0].expect_error("seat_taken").await;
    for level in [0, 11] {
        clients[0].send(computer(2, json!(level))).await;
        clients[0].expect_error("bad_level").await;
    }
    clients[0].send(computer(4, json!(3))).await;
    clients[0].expect_error("no_such_seat").await;

    // Set, changed, emptied: everyone sees each.
    for (level, player) in [(json!(3), json!("ai:3")), (json!(7), json!("ai:7"))] {
        clients[0].send(computer(2, level)).await;
        for c in clients.iter_mut() {
            let room = c.expect("room").await;
            assert_eq!(room["seats"][2]["player"], player);
        }
    }
    clients[0].send(computer(2, Value::Null)).await;
    for c in clients.iter_mut() {
        let room = c.expect("room").await;
        assert_eq!(room["seats"][2], Value::Null);
    }

    // Nobody can sit where the computer sits, nor change it mid-game.
    clients[0].send(computer(2, json!(1))).await;
    for c in clients.iter_mut() {
        c.expect("room").await;
    }
    clients[1].send(json!({ "type": "sit", "seat": 2 })).await;
    clients[1].expect_error("already_seated").await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in clients.iter_mut() {
        c.expect("started").await;
    }
    clients[0].send(computer(2, Value::Null)).await;
    clients[0].expect_error("game_in_progress").await;
}

#[tokio::test]
async fn a_person_cannot_sit_in_a_computer_seat() {
    let server = common::start().await;
    let host = server.player("host").await;
    let guest = server.player("guest").await;
    let code = server.room(&host, "kalah").await;
    let mut client = server.join(&code, &host).await;
    client
        .send(json!({ "type": "computer", "seat": 1, "level": 2 }))
        .await;
    client.expect("room").await;
    let mut other = server.join(&code, &guest).await;
    other.send(json!({ "type": "sit", "seat": 1 })).await;
    other.expect_error("seat_taken").await;
}

#[tokio::test]
async fn the_computer_cannot_be_authenticated_as() {
    let server = common::start().await;
    let host = server.player("host").await;
    let code = server.room(&host, "kalah").await;
    for secret in ["-", "", "00000000000000000000000000000000"] {
        let mut client = server.socket(&code).await;
        client
            .send(json!({ "type": "hello", "version": 1, "player": "ai:5", "secret": secret }))
            .await;
        client.expect_error("unauthorized").await;
    }
}

#[tokio::test]
async fn a_resigned_seat_of_three_is_played_on_to_the_end() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room("kalah,players=3", 3, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in clients.iter_mut() {
        c.expect("started").await;
    }
    // Seat 0, to move first, resigns: the computer plays its turns.
    let mut game = common::game_of("kalah,players=3");
    clients[0].send(json!({ "type": "resign" })).await;
    game.resign(Side::new(0)).unwrap();
    for c in clients.iter_mut() {
        assert_eq!(c.expect("resigned").await["seat"], 0);
    }
    // Seats 1 and 2 play random moves from their own clients.
    let mut random = Random::new(9);
    let mut computer_moves = 0;
    while !game.is_over() {
        let position = game.position();
        let seat = position.player_to_move();
        if seat != 0 {
            let m = random.choose(&position).unwrap();
            clients[seat]
                .send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        let moved = follow(&mut clients[0], &mut game).await;
        for c in clients[1..].iter_mut() {
            assert_eq!(c.expect("moved").await, moved);
        }
        if seat == 0 {
            assert_eq!(moved["by"], "computer");
            assert_eq!(moved["reason"], "resigned");
            computer_moves += 1;
        } else {
            assert_eq!(moved["by"], "player");
        }
    }
    assert!(computer_moves > 0, "the computer played the resigned seat");
    let outcome = game.outcome().unwrap();
    for c in clients.iter_mut() {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
    }
    assert_eq!(server.stored_events(&code).await, common::events(&game));
}

#[tokio::test]
async fn a_computer_seat_in_a_rated_room_is_rated_like_anyone() {
    let server = common::start().await;
    let host = server.player("host").await;
    let code = server.room_rated(&host, "kalah", true).await;
    let mut client = server.join(&code, &host).await;
    client.send(json!({ "type": "sit", "seat": 0 })).await;
    client.expect("room").await;
    client
        .send(json!({ "type": "computer", "seat": 1, "level": 1 }))
        .await;
    client.expect("room").await;
    client.send(json!({ "type": "start" })).await;
    client.expect("started").await;
    client.send(json!({ "type": "resign" })).await;
    client.expect("resigned").await;
    let over = client.expect("over").await;
    let ratings = &over["ratings"];
    assert_eq!(ratings[1]["player"], "ai:1");
    assert_eq!(ratings[1]["rank"], 1);
    assert!(ratings[1]["rating_after"].as_f64() > ratings[1]["rating_before"].as_f64());
    let (status, board) = server.get("/api/leaderboard").await;
    assert_eq!(status, 200);
    assert_eq!(board["players"][0]["player"], "ai:1");
    assert_eq!(board["players"][0]["name"], "Computer (level 1)");
}

/// `record` entry of a `moved` message: what a game's record must say of it.
fn recorded(moved: &Value) -> Value {
    json!({ "seat": moved["seat"], "event": moved["move"], "by": moved["by"], "reason": moved["reason"] })
}

#[tokio::test]
async fn a_games_record_says_who_played_each_move_after_a_restart() {
    let fresh = common::database().await;
    let first = common::start_detached(fresh.url.clone());
    let host = first.server.player("host").await;
    let code = first.server.room(&host, "kalah").await;
    let mut client = first.server.join(&code, &host).await;
    client.send(json!({ "type": "sit", "seat": 0 })).await;
    let room = client.expect("room").await;
    assert_eq!(room["can_start"], false, "one seat of two taken: {room}");
    client
        .send(json!({ "type": "computer", "seat": 1, "level": 4 }))
        .await;
    let room = client.expect("room").await;
    assert_eq!(room["seats"][1]["level"], 4);
    assert_eq!(room["seats"][0]["level"], Value::Null);
    assert_eq!(room["can_start"], true, "{room}");
    client.send(json!({ "type": "start" })).await;
    let started = client.expect("started").await;
    assert_eq!(started["record"], json!([]));

    // The host plays seat 0 at random; the computer seat 1.
    let mut game = common::game_of("kalah");
    let mut random = Random::new(3);
    let mut expected = Vec::new();
    // Stop on the host's turn: were the computer thinking when the server
    // is killed, the next server would play its move before the host joins.
    while (expected.len() < 12 || game.position().player_to_move() != 0) && !game.is_over() {
        let position = game.position();
        if position.player_to_move() == 0 {
            let m = random.choose(&position).unwrap();
            client
                .send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        expected.push(recorded(&follow(&mut client, &mut game).await));
    }
    assert!(expected.iter().any(|r| r["by"] == "computer"));
    assert!(expected.iter().any(|r| r["by"] == "player"));
    drop(client);
    first.kill();

    // Another server on the same database: the room's game tells the same.
    let server = common::start_on(fresh.url.clone()).await;
    let (_, room) = server.join_room(&code, &host).await;
    assert_eq!(room["game"]["record"], json!(expected), "{room}");
    assert_eq!(room["can_start"], false, "a game is being played");
}

#[tokio::test]
async fn a_refusal_carries_its_facts() {
    let server = common::start().await;
    let (_, mut clients, _) = server.seated_room("kalah,players=3", 2, false).await;
    clients[1].send(json!({ "type": "sit", "seat": 0 })).await;
    let error = clients[1].recv().await;
    assert_eq!(error["code"], "already_seated", "{error}");
    assert_eq!(error["args"], json!({ "seat": 1 }), "{error}");
    let host = server.player("host").await;
    let response = server
        .post(
            "/api/rooms",
            json!({ "rules": "kalah", "turn_seconds": 45 }),
            Some(&host),
        )
        .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["args"], json!({ "seconds": 45 }), "{body}");
}
