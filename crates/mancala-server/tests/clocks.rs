//! Time in a room, on virtual time: the clock of a turn, the computer
//! moving when it runs out, a computer seat moving in its time, a player
//! away taken over and back, and a room loaded after a restart.
//!
//! Every test runs in [`common::frozen`]: the clock is paused and only
//! `tokio::time::advance` moves it (tokio never jumps it while a test
//! waits on SQLite or a socket), so every deadline fires exactly when the
//! test says.

mod common;

use std::time::Duration;

use common::{Client, follow};
use mancala_ai::{Random, Strategy};
use mancala_core::Game;
use serde_json::{Value, json};
use tokio::time::advance;

const SECOND: Duration = Duration::from_secs(1);

/// A clock as the server shows it.
fn clock(seat: usize, remaining_ms: u64, limit_ms: u64) -> Value {
    json!({ "seat": seat, "remaining_ms": remaining_ms, "limit_ms": limit_ms })
}

/// The host starts the game; every client sees it start.
async fn start(clients: &mut [Client]) -> Vec<Value> {
    clients[0].send(json!({ "type": "start" })).await;
    let mut started = Vec::new();
    for c in clients.iter_mut() {
        started.push(c.expect("started").await);
    }
    started
}

/// The seat to move plays `m` from its client; every client sees it,
/// checked against `game`. Returns the `moved`.
async fn play(clients: &mut [Client], game: &mut Game, m: &str) -> Value {
    common::send_move(clients, game, m.parse().unwrap()).await;
    game.undo();
    let moved = follow(&mut clients[0], game).await;
    for c in clients[1..].iter_mut() {
        assert_eq!(c.expect("moved").await, moved);
    }
    assert_eq!(moved["by"], "player");
    moved
}

/// Checks that nothing happened for seat 1 yet: client 0 asks to move
/// out of turn and its next message is the refusal.
async fn nothing_yet(client: &mut Client) {
    client.send(json!({ "type": "move", "move": "1" })).await;
    client.expect_error("not_your_turn").await;
}

#[tokio::test(start_paused = true)]
async fn a_turn_that_runs_out_is_played_by_the_computer() {
    common::frozen(async {
        let server = common::start().await;
        let (code, mut clients, people) = server.timed_room("kalah", 2, 30).await;
        for started in start(&mut clients).await {
            assert_eq!(started["clock"], clock(0, 30_000, 30_000));
        }
        let mut game = common::game_of("kalah");

        // A move at 29 s of 30 is the player's; the next turn has its
        // whole time.
        advance(29 * SECOND).await;
        let moved = play(&mut clients, &mut game, "1").await;
        assert_eq!(moved["clock"], clock(1, 30_000, 30_000));

        // A client arriving 10 s into the turn sees 20 s left.
        advance(10 * SECOND).await;
        let (_watcher, room) = server.join_room(&code, &people[0]).await;
        assert_eq!(room["turn_seconds"], 30);
        assert_eq!(room["game"]["clock"], clock(1, 20_000, 30_000));

        advance(19 * SECOND).await;
        nothing_yet(&mut clients[0]).await;
        advance(SECOND).await;
        let moved = follow(&mut clients[0], &mut game).await;
        assert_eq!(moved["seat"], 1);
        assert_eq!(moved["by"], "computer");
        assert_eq!(moved["reason"], "timeout");
        assert_eq!(clients[1].expect("moved").await, moved);
        // That one move only: the next turn is a player's again, with
        // its whole time.
        let next = moved["to_move"].as_u64().unwrap() as usize;
        assert_eq!(moved["clock"], clock(next, 30_000, 30_000));
        let mut random = Random::new(4);
        let m = random.choose(&game.position()).unwrap().to_string();
        play(&mut clients, &mut game, &m).await;
        assert_eq!(server.stored_events(&code).await, common::events(&game));
    })
    .await;
}

/// A two-player room with its game started and seat 0's first move
/// (house 1: no extra turn) played: seat 1 is to move.
async fn seat_1_to_move(
    server: &common::TestServer,
) -> (String, Vec<Client>, Vec<common::Player>, Game) {
    let (code, mut clients, people) = server.seated_room("kalah", 2, false).await;
    start(&mut clients).await;
    let mut game = common::game_of("kalah");
    let moved = play(&mut clients, &mut game, "1").await;
    assert_eq!(moved["to_move"], 1);
    assert_eq!(moved["clock"], Value::Null);
    (code, clients, people, game)
}

/// Seat 1's client leaves; client 0 sees seat 1 away.
async fn seat_1_leaves(clients: &mut Vec<Client>) {
    drop(clients.pop());
    let room = clients[0].expect("room").await;
    assert_eq!(room["seats"][1]["away"], true);
    assert_eq!(room["seats"][1]["played_by"], Value::Null);
    assert_eq!(room["seats"][0]["away"], false);
}

/// Player 1 connects again: they get the whole room with the game, back
/// in their seat, and client 0 sees them back.
async fn seat_1_returns(
    server: &common::TestServer,
    code: &str,
    people: &[common::Player],
    clients: &mut Vec<Client>,
    game: &Game,
) {
    let (client, room) = server.join_room(code, &people[1]).await;
    assert_eq!(room["seats"][1]["player"], people[1].id.as_str());
    assert_eq!(room["seats"][1]["away"], false);
    assert_eq!(room["seats"][1]["played_by"], Value::Null);
    assert_eq!(room["game"]["events"], json!(common::events(game)));
    assert_eq!(
        room["game"]["position"],
        serde_json::to_value(game.position()).unwrap()
    );
    let back = clients[0].expect("room").await;
    assert_eq!(back["seats"][1], room["seats"][1]);
    clients.push(client);
}

/// The seats to move play random moves from their own clients, `moves`
/// times or to the end; every move is a player's.
async fn players_play(clients: &mut [Client], game: &mut Game, moves: usize, seed: u64) {
    let mut random = Random::new(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let m = random.choose(&game.position()).unwrap().to_string();
        play(clients, game, &m).await;
    }
}

#[tokio::test(start_paused = true)]
async fn a_player_back_in_time_finds_their_seat_and_the_game() {
    common::frozen(async {
        let server = common::start().await;
        let (code, mut clients, people, mut game) = seat_1_to_move(&server).await;
        seat_1_leaves(&mut clients).await;
        advance(30 * SECOND).await;
        seat_1_returns(&server, &code, &people, &mut clients, &game).await;
        // Past the takeover delay from leaving: nobody took the seat.
        advance(31 * SECOND).await;
        nothing_yet(&mut clients[0]).await;
        players_play(&mut clients, &mut game, 6, 1).await;
        assert_eq!(server.stored_events(&code).await, common::events(&game));
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_player_away_too_long_is_played_by_the_computer_until_back() {
    common::frozen(async {
        let server = common::start().await;
        let (code, mut clients, people, mut game) = seat_1_to_move(&server).await;
        seat_1_leaves(&mut clients).await;
        advance(59 * SECOND).await;
        nothing_yet(&mut clients[0]).await;
        advance(SECOND).await;
        let room = clients[0].expect("room").await;
        assert_eq!(room["seats"][1]["away"], true);
        assert_eq!(room["seats"][1]["played_by"], "computer");
        // The computer plays seat 1's turns, then seat 0's is a player's.
        let mut random = Random::new(2);
        for _ in 0..3 {
            while game.position().player_to_move() == 1 {
                let moved = follow(&mut clients[0], &mut game).await;
                assert_eq!(moved["by"], "computer");
                assert_eq!(moved["reason"], "takeover");
            }
            let m = random.choose(&game.position()).unwrap().to_string();
            play(&mut clients, &mut game, &m).await;
        }
        // Back: the seat is theirs at once, and they play it.
        while game.position().player_to_move() == 1 {
            follow(&mut clients[0], &mut game).await;
        }
        seat_1_returns(&server, &code, &people, &mut clients, &game).await;
        players_play(&mut clients, &mut game, 6, 3).await;
        assert_eq!(server.stored_events(&code).await, common::events(&game));
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_room_loaded_after_a_restart_restarts_the_clock_and_the_takeover_delay() {
    common::frozen(async {
        let fresh = common::database().await;
        let database = fresh.url.clone();
        let first = common::start_detached(database.clone());
        let (code, mut clients, people) = first.server.timed_room("kalah", 2, 60).await;
        start(&mut clients).await;
        let mut game = common::game_of("kalah");
        play(&mut clients, &mut game, "1").await;
        drop(clients);
        first.kill();

        // Nobody is connected to the new server's room: player 0 comes
        // back, player 1 is away from the load on, and seat 1's turn has
        // its whole minute: it had used nothing when the first server
        // last held the room (its claim), and the time the server was
        // down counts for nobody.
        let server = common::start_on(database).await;
        let (client, room) = server.join_room(&code, &people[0]).await;
        let mut clients = vec![client];
        assert_eq!(room["seats"][0]["away"], false);
        assert_eq!(room["seats"][1]["away"], true);
        assert_eq!(room["seats"][1]["played_by"], Value::Null);
        assert_eq!(room["game"]["events"], json!(["1"]));
        assert_eq!(room["game"]["clock"], clock(1, 60_000, 60_000));

        advance(59 * SECOND).await;
        nothing_yet(&mut clients[0]).await;
        // At a minute the turn runs out and the takeover delay too.
        advance(SECOND).await;
        let room = clients[0].expect("room").await;
        assert_eq!(room["seats"][1]["played_by"], "computer");
        let moved = follow(&mut clients[0], &mut game).await;
        assert_eq!(moved["seat"], 1);
        assert_eq!(moved["by"], "computer");
        assert_eq!(moved["reason"], "takeover");
        while game.position().player_to_move() == 1 {
            follow(&mut clients[0], &mut game).await;
        }
        seat_1_returns(&server, &code, &people, &mut clients, &game).await;
        players_play(&mut clients, &mut game, 4, 5).await;
        assert_eq!(server.stored_events(&code).await, common::events(&game));
    })
    .await;
}

#[tokio::test]
async fn a_room_has_no_time_per_turn_or_30_or_60_seconds() {
    let server = common::start().await;
    let host = server.player("host").await;
    for (turn_seconds, status, answer) in [
        (json!(null), 200, json!(null)),
        (json!(30), 200, json!(30)),
        (json!(60), 200, json!(60)),
        (json!(45), 400, json!("bad_turn_seconds")),
        (json!(0), 400, json!("bad_turn_seconds")),
        (json!("30"), 422, json!("bad_body")),
    ] {
        let body = json!({ "rules": "kalah", "turn_seconds": turn_seconds });
        let response = server.post("/api/rooms", body, Some(&host)).await;
        assert_eq!(response.status(), status, "{turn_seconds}");
        let body: Value = response.json().await.unwrap();
        match status {
            200 => assert_eq!(body["turn_seconds"], answer),
            _ => assert_eq!(body["error"], answer, "{body}"),
        }
    }
}

#[tokio::test(start_paused = true)]
async fn a_computer_seat_moves_within_its_turn_on_a_clock() {
    common::frozen(async {
        let server = common::start().await;
        let (_code, mut clients, _people) = server.timed_room("kalah", 1, 30).await;
        let host = &mut clients[0];
        host.send(json!({ "type": "computer", "seat": 1, "level": 10 }))
            .await;
        host.expect("room").await;
        host.send(json!({ "type": "start" })).await;
        host.expect("started").await;
        let mut game = common::game_of("kalah");
        let mut random = Random::new(8);
        // The clock never moves here: every turn of the computer is played
        // in its time, by the seat's level, never for a timeout; and each
        // next turn starts with its whole time.
        while !game.is_over() {
            let position = game.position();
            let seat = position.player_to_move();
            if seat == 0 {
                let m = random.choose(&position).unwrap().to_string();
                host.send(json!({ "type": "move", "move": m })).await;
            }
            let moved = follow(host, &mut game).await;
            if seat == 1 {
                assert_eq!(moved["by"], "computer", "{moved}");
                assert_eq!(moved["reason"], "computer_seat", "{moved}");
            } else {
                assert_eq!(moved["by"], "player", "{moved}");
            }
            if !game.is_over() {
                let next = moved["to_move"].as_u64().unwrap() as usize;
                assert_eq!(moved["clock"], clock(next, 30_000, 30_000));
            }
        }
        host.expect("over").await;
    })
    .await;
}
