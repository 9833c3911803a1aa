//! A direction chosen by the player (`direction_choice`, docs/rules.md
//! section 3) played in a room over real sockets: Mbangbi, where every
//! house sows the way its mover says. A move is the house and the
//! direction (`3cw`, `3ccw`, section 16); the house alone is refused with
//! the engine's reason, and so is a move of the seat not to move; the
//! state messages list the legal moves with their directions; the
//! record, the export, the replay and the preview carry `3cw`; the
//! computer plays such a game, and its review names directed moves.
//!
//! The boards below are worked out by hand from docs/rules.md and
//! docs/games.md ("mbangbi"), not from the engine.

mod common;

use std::time::{Duration, Instant};

use mancala_ai::review_game;
use mancala_core::{Game, RuleSet};
use serde_json::{Value, json};

/// Mbangbi's rule file (crates/mancala-core/rules/mbangbi.toml) as the
/// canonical spec a room is made with: 2x5 houses of 8 seeds, no store
/// on the track, a lap skips its origin, captures of 2 and 4 on the
/// opponent's side, every house's direction chosen.
fn mbangbi() -> String {
    let text = include_str!("../../mancala-core/rules/mbangbi.toml");
    RuleSet::from_toml(text).unwrap().canonical()
}

/// Every house of either side with its two directions, in the engine's
/// order (docs/rules.md section 16: houses in order, counter-clockwise
/// first): Mbangbi's start, every house holding 8 seeds (at least
/// `min_seeds` 2).
fn every_direction() -> Value {
    json!([
        "1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw", "4ccw", "4cw", "5ccw", "5cw"
    ])
}

/// The house `n` of `side` as a protocol cup.
fn house(side: usize, n: usize) -> Value {
    json!({ "kind": "house", "side": side, "number": n })
}

#[tokio::test]
async fn a_direction_is_chosen_on_each_move_and_a_bare_house_refused() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room(&mbangbi(), 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["legal_moves"], every_direction(), "{started}");
    }

    // Seat 1 is not to move, whatever it names.
    clients[1]
        .send(json!({ "type": "move", "move": "1cw" }))
        .await;
    clients[1].expect_error("not_your_turn").await;
    // A house whose direction the mover chooses needs one: the engine's
    // reason is passed on.
    clients[0]
        .send(json!({ "type": "move", "move": "3" }))
        .await;
    let refused = clients[0].expect("error").await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("add cw (clockwise) or ccw (counter-clockwise)"),
        "{message}"
    );
    // A direction that is not one is not a move.
    clients[0]
        .send(json!({ "type": "move", "move": "3up" }))
        .await;
    clients[0].expect_error("bad_move").await;

    // Side 0's house 3 clockwise (8 seeds). On the ccw board a clockwise
    // sowing follows the track backwards: side 0's houses 2 and 1, then
    // (no store on the track) side 1's houses 5, 4, 3, 2, 1, and side
    // 0's house 5, the last. Seen with side 0 below, house 1 on the
    // left: leftwards along the bottom row, rightwards along the top.
    // The last seed is on the mover's own side: no capture.
    let heard = common::play_text(&mut clients, 0, "3cw").await;
    let moved = &heard[0];
    assert_eq!(heard[0]["position"], heard[1]["position"]);
    assert_eq!(
        moved["position"]["houses"],
        json!([[9, 9, 0, 8, 9], [9, 9, 9, 9, 9]]),
        "{moved}"
    );
    assert_eq!(moved["position"]["stores"], json!([0, 0]));
    let path = json!([
        house(0, 2),
        house(0, 1),
        house(1, 5),
        house(1, 4),
        house(1, 3),
        house(1, 2),
        house(1, 1),
        house(0, 5)
    ]);
    assert_eq!(moved["effect"]["path"], path, "{moved}");
    assert_eq!(moved["effect"]["steps"][0]["cup"], house(0, 3));
    assert_eq!(moved["effect"]["last"], house(0, 5));
    assert_eq!(moved["effect"]["captured"], 0);
    assert_eq!(moved["to_move"], 1);
    // Side 1's houses hold 9 each: every direction of every house.
    assert_eq!(moved["legal_moves"], every_direction(), "{moved}");

    // Side 0 is not to move now.
    clients[0]
        .send(json!({ "type": "move", "move": "1ccw" }))
        .await;
    clients[0].expect_error("not_your_turn").await;

    // Side 1's house 1 counter-clockwise (9 seeds), along the track: its
    // houses 2 to 5 (10 each), then side 0's houses 1 to 5, the last
    // in side 0's house 5 (10): not 2 or 4, no capture.
    let heard = common::play_text(&mut clients, 1, "1ccw").await;
    let moved = &heard[0];
    assert_eq!(
        moved["position"]["houses"],
        json!([[10, 10, 1, 9, 10], [0, 10, 10, 10, 10]]),
        "{moved}"
    );
    assert_eq!(moved["effect"]["last"], house(0, 5));
    assert_eq!(moved["effect"]["path"][0], house(1, 2));
    // Side 0's house 3 holds 1 seed, below `min_seeds`: not a move.
    assert_eq!(
        moved["legal_moves"],
        json!(["1ccw", "1cw", "2ccw", "2cw", "4ccw", "4cw", "5ccw", "5cw"]),
        "{moved}"
    );
    assert_eq!(server.stored_events(&code).await, ["3cw", "1ccw"]);

    // A newcomer's `room` carries the game with its moves and legal moves.
    let onlooker = server.player("onlooker").await;
    let (_, room) = server.join_room(&code, &onlooker).await;
    let game = &room["game"];
    assert_eq!(game["events"], json!(["3cw", "1ccw"]), "{room}");
    assert_eq!(game["record"][0]["event"], "3cw");
    assert_eq!(game["legal_moves"], moved["legal_moves"]);

    // The replay and the exports name the directions, and read back.
    let id = game["id"].as_str().unwrap();
    let (status, replay) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["plies"][0]["event"], "3cw", "{replay}");
    assert_eq!(replay["plies"][1]["event"], "1ccw");
    assert_eq!(
        replay["plies"][0]["position"]["houses"],
        json!([[9, 9, 0, 8, 9], [9, 9, 9, 9, 9]])
    );
    let (status, record) = server.get(&format!("/api/games/{id}/export")).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["events"], json!(["3cw", "1ccw"]), "{record}");
    let again: Game = serde_json::from_value(record).unwrap();
    assert_eq!(again.position().to_setup().houses[1], [0, 10, 10, 10, 10]);
    let line = reqwest::get(format!(
        "http://{}/api/games/{id}/export?format=text",
        server.addr
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    assert!(line.trim_end().ends_with("; 3cw, 1ccw"), "{line}");
    let read: Game = line.trim_end().parse().unwrap();
    assert_eq!(read.events(), again.events());
}

#[tokio::test]
async fn the_preview_gives_each_direction_its_own_effect() {
    let server = common::start().await;
    let body = json!({
        "rules": mbangbi(),
        "position": { "houses": [[8, 8, 8, 8, 8], [8, 8, 8, 8, 8]], "stores": [0, 0] },
    });
    let response = server.post("/api/preview", body, None).await;
    assert_eq!(response.status(), 200);
    let preview: Value = response.json().await.unwrap();
    let moves: Vec<&str> = preview["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(json!(moves), every_direction());
    let effect = |m: &str| {
        let found = preview["moves"].as_array().unwrap().iter();
        found.clone().find(|p| p["move"] == m).unwrap()["effect"].clone()
    };
    // House 3 clockwise ends in side 0's house 5 (as above); counter-
    // clockwise, along the track, its 8 seeds go to houses 4 and 5, side
    // 1's houses 1 to 5, and side 0's house 1, the last.
    assert_eq!(effect("3cw")["last"], house(0, 5));
    assert_eq!(effect("3ccw")["last"], house(0, 1));
}

/// A small game with a choice at every house, for a whole game quickly:
/// three houses of three seeds, Kalah's stores and captures.
const SMALL: &str = "kalah,houses=3,seeds=3,direction_choice=1,2,3";

#[tokio::test]
async fn the_computer_chooses_directions_and_the_review_names_them() {
    let database = common::database().await;
    let server = common::start_reviewing(&database).await;
    let budget = common::review_budget();
    let host = server.player("host").await;
    let code = server.room(&host, SMALL).await;
    let mut client = server.join(&code, &host).await;
    client.send(json!({ "type": "sit", "seat": 0 })).await;
    client.expect("room").await;
    client
        .send(json!({ "type": "computer", "seat": 1, "level": 2 }))
        .await;
    client.expect("room").await;
    client.send(json!({ "type": "start" })).await;
    let started = client.expect("started").await;
    let id = started["id"].as_str().unwrap().to_string();
    let mut game = common::game_of(SMALL);
    // The host plays the first legal move each turn; every move of
    // either seat has a direction.
    while !game.is_over() {
        let position = game.position();
        if position.player_to_move() == 0 {
            let m = game.legal_moves().iter().next().unwrap();
            client
                .send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        let moved = common::follow(&mut client, &mut game).await;
        let text = moved["move"].as_str().unwrap();
        assert!(text.ends_with("cw"), "{moved}");
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moved["legal_moves"], json!(legal), "{moved}");
    }
    client.expect("over").await;
    assert_eq!(server.stored_events(&code).await, common::events(&game));

    let start = Instant::now();
    let done = loop {
        let (status, now) = server.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(status, 200, "{now}");
        if now["status"] == "done" {
            break now;
        }
        assert_ne!(now["status"], "failed", "{now}");
        assert!(start.elapsed() < Duration::from_secs(120), "{now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let expected = serde_json::to_value(review_game(&game, &budget, None)).unwrap();
    assert_eq!(done["moves"], expected);
    for review in done["moves"].as_array().unwrap() {
        assert!(review["move"].as_str().unwrap().ends_with("cw"), "{review}");
        assert!(review["best"].as_str().unwrap().ends_with("cw"), "{review}");
    }
}
