//! Pass and play: one player holding several seats of a casual room
//! (`sit` with `also`), moving for whichever of them is to move.

mod common;

use common::{Client, game_of};
use mancala_ai::{Random, Strategy};
use serde_json::{Value, json};

/// The seats' player ids of a `room` message (`null` for a free seat).
fn seat_players(room: &Value) -> Vec<Value> {
    let seats = room["seats"].as_array().unwrap();
    seats.iter().map(|s| s["player"].clone()).collect()
}

/// Sends `sit` and reads the `room` it causes on every client.
async fn sit(clients: &mut [&mut Client], who: usize, message: Value) -> Value {
    clients[who].send(message).await;
    let mut room = Value::Null;
    for c in clients.iter_mut() {
        room = c.expect("room").await;
    }
    room
}

#[tokio::test]
async fn one_player_holds_two_seats_and_plays_both_to_the_end() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;
    let mut a = server.join(&code, &ann).await;
    let room = sit(&mut [&mut a], 0, json!({ "type": "sit" })).await;
    assert_eq!(seat_players(&room)[0], ann.id.as_str());
    // A second seat is taken only when asked for as such.
    a.send(json!({ "type": "sit", "seat": 1 })).await;
    a.expect_error("already_seated").await;
    let room = sit(
        &mut [&mut a],
        0,
        json!({ "type": "sit", "seat": 1, "also": true }),
    )
    .await;
    assert_eq!(
        seat_players(&room),
        [json!(ann.id), json!(ann.id), Value::Null, Value::Null]
    );
    a.send(json!({ "type": "start" })).await;
    let started = a.expect("started").await;
    assert_eq!(
        started["rules"].as_str().unwrap().split(',').next(),
        Some("players=2")
    );

    // Ann moves for whichever seat is to move, without naming it, and
    // once naming it; the other seat, named, is not to move.
    let mut game = game_of("kalah");
    let mut random = Random::new(17);
    let mut named = false;
    while !game.is_over() {
        let position = game.position();
        let seat = position.player_to_move();
        let m = random.choose(&position).unwrap();
        if !named {
            a.send(json!({ "type": "move", "move": "1", "seat": 1 - seat }))
                .await;
            a.expect_error("not_your_turn").await;
            a.send(json!({ "type": "move", "move": m.to_string(), "seat": seat }))
                .await;
            named = true;
        } else {
            a.send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        common::follow(&mut a, &mut game).await;
    }
    let outcome = game.outcome().unwrap();
    let over = a.expect("over").await;
    assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
    assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
    assert_eq!(server.stored_events(&code).await, common::events(&game));
}

#[tokio::test]
async fn several_seats_only_in_a_casual_room() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room_rated(&ann, "kalah", true).await;
    let mut a = server.join(&code, &ann).await;
    sit(&mut [&mut a], 0, json!({ "type": "sit" })).await;
    a.send(json!({ "type": "sit", "also": true })).await;
    a.expect_error("already_seated").await;
    a.send(json!({ "type": "sit", "seat": 1, "also": true }))
        .await;
    a.expect_error("already_seated").await;
}

#[tokio::test]
async fn resigning_with_several_seats_resigns_the_one_to_move() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let code = server.room(&ann, "kalah").await;
    let mut a = server.join(&code, &ann).await;
    let mut b = server.join(&code, &bob).await;
    a.expect("room").await; // Bob watches
    sit(&mut [&mut a, &mut b], 0, json!({ "type": "sit" })).await;
    sit(&mut [&mut a, &mut b], 1, json!({ "type": "sit" })).await;
    let room = sit(
        &mut [&mut a, &mut b],
        0,
        json!({ "type": "sit", "also": true }),
    )
    .await;
    assert_eq!(
        seat_players(&room),
        [json!(ann.id), json!(bob.id), json!(ann.id), Value::Null]
    );
    a.send(json!({ "type": "start" })).await;
    for c in [&mut a, &mut b] {
        assert_eq!(c.expect("started").await["to_move"], 0);
    }
    // Ann moves for seat 0 (house 1: no extra turn, no capture), Bob for
    // seat 1; then seat 2, Ann's, is to move and she resigns it.
    let mut game = game_of("kalah,players=3");
    for (who, m) in [(0, "1"), (1, "1")] {
        let clients = [&mut a, &mut b];
        clients[who]
            .send(json!({ "type": "move", "move": m }))
            .await;
        for c in clients {
            let moved = c.expect("moved").await;
            assert_eq!(moved["move"], m);
        }
        game.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(game.position().to_move().index(), 2);
    a.send(json!({ "type": "resign" })).await;
    for c in [&mut a, &mut b] {
        let resigned = c.expect("resigned").await;
        assert_eq!(resigned["seat"], 2);
        assert_eq!(resigned["position"]["resigned"], json!([2]));
    }
}

#[tokio::test]
async fn standing_frees_every_seat_of_the_player() {
    let server = common::start().await;
    let ann = server.player("Ann").await;
    let code = server.room(&ann, "kalah").await;
    let mut a = server.join(&code, &ann).await;
    sit(&mut [&mut a], 0, json!({ "type": "sit", "seat": 1 })).await;
    sit(
        &mut [&mut a],
        0,
        json!({ "type": "sit", "seat": 3, "also": true }),
    )
    .await;
    a.send(json!({ "type": "stand" })).await;
    let room = a.expect("room").await;
    assert_eq!(seat_players(&room), vec![Value::Null; 4]);
    assert_eq!(
        room["spectators"],
        json!([{ "player": ann.id, "name": "Ann" }])
    );
}
