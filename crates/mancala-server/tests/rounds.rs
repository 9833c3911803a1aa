//! Matches of rounds (docs/rules.md section 8a) played in a room over
//! real sockets: the rounds follow one another, the clients hear each
//! round's number, burnt houses and rounds won, a burnt house is refused,
//! the stored record replays to the same match, a server restarted
//! mid-match resumes in the right round, the rating changes once, and the
//! analysis reviews every round.
//!
//! Every expectation below is worked out by hand from docs/rules.md (the
//! `kalah` preset of section 9 on two houses of two seeds, filled for
//! the next round as section 8a says), not from the engine.

mod common;

use std::time::{Duration, Instant};

use common::Client;
use mancala_ai::review_match;
use mancala_core::Match;
use serde_json::{Value, json};

/// Two houses of two seeds, in rounds: the smallest match.
const RULES: &str = "kalah,houses=2,seeds=2,rounds=fill";

/// The whole match, round by round. Worked by hand (`s0 [h1,h2] S0`):
///
/// Round 1, side 0 first: 2 → s0 [2,0] 1, s1 [3,2] 0; 2 → s1 [3,0] 1,
/// s0 [3,0]; 1 → s0 [0,1] 2, s1 [4,0]; 1 → s1 [0,1] 2, s0 [1,2]; 2 → s0
/// [1,0] 3, s1 [1,1]; 2 → the last seed in side 1's store, 3, again; 1 →
/// house 2 of side 1, empty, across from side 0's house 1 (1 seed): both
/// taken, 5. Side 1 is empty: the round ends 3 to 5, side 1 wins it.
///
/// Round 2: side 0 fills house 1 (2 seeds) and keeps 1 in its store,
/// house 2 burnt; side 1 fills both and keeps 1; side 1 starts
/// (`round_starter = alternate`). 1 → s1 [0,3] 2, again; 2 → its store
/// (3), side 0's house 1 (3), past the burnt house and side 0's store to
/// its own house 1 (1): across from it the burnt house, empty, takes
/// nothing. Side 0: 1 → past its burnt house to its store (2), then s1
/// [2,1]: side 0 is empty, side 1 keeps its 3 seeds: 2 to 6.
///
/// Round 3: side 0 fills house 1 and keeps none, side 1 fills both and
/// keeps 2; side 0 starts. 1 → past the burnt house to its store (1),
/// s1 [3,2]: side 0 empty, side 1 keeps 5: 1 to 7. Side 0 cannot fill a
/// house with one seed: the match is over, side 1 won every round.
const ROUNDS: [&[&str]; 3] = [
    &["2", "2", "1", "1", "2", "2", "1"],
    &["1", "2", "1"],
    &["1"],
];

/// The seat to move in each round, one entry a move.
const MOVERS: [&[u64]; 3] = [&[0, 1, 0, 1, 0, 1, 1], &[1, 1, 0], &[0]];

/// The round-started facts worked out above: round, rounds won, burnt
/// houses per side, the start (`houses`, `stores`) and who moves first.
fn round_starts() -> [Value; 2] {
    [
        json!({ "number": 2, "rounds_won": [0, 1], "burnt": [[2], []], "first_seq": 7,
                "houses": [[2, 0], [2, 2]], "stores": [1, 1], "to_move": 1 }),
        json!({ "number": 3, "rounds_won": [0, 2], "burnt": [[2], []], "first_seq": 10,
                "houses": [[2, 0], [2, 2]], "stores": [0, 2], "to_move": 0 }),
    ]
}

/// Reads the `round_started` on `client` and checks it against `want`
/// (an entry of [`round_starts`]); returns it.
async fn expect_round(client: &mut Client, want: &Value) -> Value {
    let started = client.expect("round_started").await;
    let round = &started["round"];
    for key in ["number", "rounds_won", "burnt", "first_seq"] {
        assert_eq!(round[key], want[key], "{key}: {started}");
    }
    assert_eq!(started["position"]["houses"], want["houses"], "{started}");
    assert_eq!(started["position"]["stores"], want["stores"], "{started}");
    assert_eq!(started["to_move"], want["to_move"], "{started}");
    started
}

/// Plays round `r` (from 0) from move `from` on: each move sent by the
/// seat the hand-worked match says, every `moved` checked on both
/// clients, and the `round_started` after the round's last move unless
/// it is the last round.
async fn play_round(clients: &mut [Client], r: usize, from: usize) {
    let seq0: usize = ROUNDS[..r].iter().map(|m| m.len()).sum();
    for (i, m) in ROUNDS[r].iter().enumerate().skip(from) {
        let seat = MOVERS[r][i] as usize;
        clients[seat]
            .send(json!({ "type": "move", "move": m }))
            .await;
        let last = i + 1 == ROUNDS[r].len();
        for c in clients.iter_mut() {
            let moved = c.expect("moved").await;
            assert_eq!(moved["seat"], seat, "{moved}");
            assert_eq!(moved["move"], *m);
            assert_eq!(moved["seq"], seq0 + i + 1);
            assert_eq!(moved["round"]["number"], r + 1, "{moved}");
            if last {
                // The round is over: nobody moves in it any more.
                assert_eq!(moved["to_move"], Value::Null, "{moved}");
                assert!(moved["effect"]["ended"].is_string(), "{moved}");
            }
        }
        if last && r < 2 {
            for c in clients.iter_mut() {
                expect_round(c, &round_starts()[r]).await;
            }
        }
    }
}

#[tokio::test]
async fn two_clients_play_a_whole_match_of_rounds() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room(RULES, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["round"]["number"], 1, "{started}");
        assert_eq!(started["round"]["burnt"], json!([[], []]));
        assert_eq!(started["round"]["rounds_won"], json!([0, 0]));
    }
    play_round(&mut clients, 0, 0).await;

    play_round(&mut clients, 1, 0).await;
    play_round(&mut clients, 2, 0).await;
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!([1, 7]), "{over}");
        assert_eq!(over["outcome"]["winner_seat"], 1);
        assert_eq!(over["ratings"], Value::Null, "a casual room");
    }

    // The stored events are the match's, round after round, and they
    // replay to the same match as `Match` of the same moves.
    let all: Vec<&str> = ROUNDS.iter().flat_map(|r| r.iter().copied()).collect();
    assert_eq!(server.stored_events(&code).await, all);
    let line = format!("{RULES}; {}", ROUNDS.map(|r| r.join(", ")).join(" / "));
    let expected: Match = line.parse().unwrap();
    assert_eq!(expected.round_count(), 3);
    assert!(expected.is_over());
    let (_, room) = server.join_room(&code, &common_player(&server).await).await;
    let game = &room["game"];
    assert_eq!(game["round"]["number"], 3, "{room}");
    assert_eq!(game["round"]["rounds_won"], json!([0, 3]));
    assert_eq!(
        game["position"],
        serde_json::to_value(expected.position()).unwrap()
    );
    assert_eq!(game["events"], json!(all));

    // The export is the match whole, which reads back as a `Match`.
    let id = game["id"].as_str().unwrap();
    let (status, export) = server.get(&format!("/api/games/{id}/export")).await;
    assert_eq!(status, 200, "{export}");
    let exported: Match = serde_json::from_value(export).unwrap();
    assert_eq!(exported.to_string(), expected.to_string());
    assert_eq!(
        exported.position().to_string(),
        expected.position().to_string()
    );
    // The replay holds every round: each event with its round, and each
    // round's start as worked out above.
    let (status, replay) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["rounds"], 3);
    assert_eq!(replay["over"], true);
    assert_eq!(replay["outcome"]["scores"], json!([1, 7]));
    check_replay(&replay);
}

/// The replay of the whole hand-worked match: every event in order with
/// its round (the rounds won counting a round from the move that ends
/// it), and each round's start.
fn check_replay(replay: &Value) {
    let plies = replay["plies"].as_array().unwrap();
    let all: Vec<&str> = ROUNDS.iter().flat_map(|r| r.iter().copied()).collect();
    let events: Vec<&str> = plies.iter().map(|p| p["event"].as_str().unwrap()).collect();
    assert_eq!(events, all);
    let seq: Vec<u64> = plies.iter().map(|p| p["ply"].as_u64().unwrap()).collect();
    assert_eq!(seq, (1..=11).collect::<Vec<u64>>());
    let rounds: Vec<u64> = plies
        .iter()
        .map(|p| p["round"]["number"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds, [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3]);
    // Round 1's last move ends it 3 to 5: side 1 has won it from then on.
    assert_eq!(plies[5]["round"]["rounds_won"], json!([0, 0]));
    assert_eq!(plies[6]["round"]["rounds_won"], json!([0, 1]));
    assert_eq!(plies[6]["to_move"], Value::Null, "the round is over");
    assert_eq!(plies[6]["position"]["stores"], json!([3, 5]));
    assert_eq!(plies[7]["round"]["rounds_won"], json!([0, 1]));
    assert_eq!(plies[7]["round"]["burnt"], json!([[2], []]));
    assert_eq!(plies[9]["round"]["rounds_won"], json!([0, 2]));
    assert_eq!(plies[10]["round"]["rounds_won"], json!([0, 3]));
    assert_eq!(plies[10]["position"]["stores"], json!([1, 7]));
    let starts = replay["round_starts"].as_array().unwrap();
    assert_eq!(starts.len(), 3);
    assert_eq!(starts[0]["round"]["number"], 1);
    assert_eq!(starts[0]["round"]["rounds_won"], json!([0, 0]));
    assert_eq!(starts[0]["round"]["burnt"], json!([[], []]));
    assert_eq!(starts[0]["start"], replay["start"]);
    assert_eq!(starts[0]["to_move"], 0);
    for (start, want) in starts[1..].iter().zip(round_starts()) {
        for key in ["number", "rounds_won", "burnt", "first_seq"] {
            assert_eq!(start["round"][key], want[key], "{key}: {start}");
        }
        assert_eq!(start["start"]["houses"], want["houses"], "{start}");
        assert_eq!(start["start"]["stores"], want["stores"], "{start}");
        assert_eq!(start["to_move"], want["to_move"], "{start}");
    }
}

#[tokio::test]
async fn the_analysis_of_a_match_reviews_every_round() {
    let database = common::database().await;
    let server = common::start_reviewing(&database).await;
    let budget = common::review_budget();
    let (_, mut clients, _) = server.seated_room(RULES, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    let mut started = Value::Null;
    for c in &mut clients {
        started = c.expect("started").await;
    }
    let id = started["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/analysis");
    let (_, waiting) = server.get(&path).await;
    assert_eq!(
        waiting,
        json!({"game": id, "status": "waiting", "moves": [], "rounds": []})
    );
    for r in 0..3 {
        play_round(&mut clients, r, 0).await;
    }
    for c in &mut clients {
        c.expect("over").await;
    }
    let start = Instant::now();
    let done = loop {
        let (status, now) = server.get(&path).await;
        assert_eq!(status, 200, "{now}");
        if now["status"] == "done" {
            break now;
        }
        assert_ne!(now["status"], "failed", "{now}");
        assert!(start.elapsed() < Duration::from_secs(120), "{now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Every round under its own rules, as `review_match` of the match.
    let line = format!("{RULES}; {}", ROUNDS.map(|r| r.join(", ")).join(" / "));
    let expected = review_match(&line.parse().unwrap(), &budget, None);
    assert_eq!(done["rounds"], serde_json::to_value(&expected).unwrap());
    let sizes: Vec<usize> = expected.iter().map(|r| r.moves.len()).collect();
    assert_eq!(sizes, [7, 3, 1]);
    assert_eq!(
        done["moves"],
        serde_json::to_value(&expected[0].moves).unwrap()
    );
}

/// A new player, only to look at a room.
async fn common_player(server: &common::TestServer) -> common::Player {
    server.player("onlooker").await
}

#[tokio::test]
async fn a_move_on_a_burnt_house_is_refused() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room(RULES, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    play_round(&mut clients, 0, 0).await;
    // Side 1's two moves of round 2, then side 0 to move.
    for m in ["1", "2"] {
        clients[1].send(json!({ "type": "move", "move": m })).await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    clients[0]
        .send(json!({ "type": "move", "move": "2" }))
        .await;
    let error = clients[0].recv().await;
    assert_eq!(error["type"], "error", "{error}");
    assert_eq!(error["code"], "illegal", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("burnt"), "{message}");
    // Nothing was stored; its house 1 is still its move.
    assert_eq!(server.stored_events(&code).await.len(), 9);
    clients[0]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    for c in clients.iter_mut() {
        let moved = c.expect("moved").await;
        assert_eq!(moved["seq"], 10, "{moved}");
    }
    for c in clients.iter_mut() {
        expect_round(c, &round_starts()[1]).await;
    }
}

#[tokio::test]
async fn a_server_restarted_mid_match_resumes_the_round_and_rates_once() {
    let fresh = common::database().await;
    let first = common::start_detached(fresh.url.clone());
    let (code, mut clients, people) = first.server.seated_room(RULES, 2, true).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    play_round(&mut clients, 0, 0).await;
    // One move into round 2, then the server dies.
    clients[1]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    for c in clients.iter_mut() {
        let moved = c.expect("moved").await;
        assert_eq!(moved["round"]["number"], 2, "{moved}");
        assert_eq!(moved["to_move"], 1, "side 1 moves again");
    }
    drop(clients);
    first.kill();

    // Another server on the same database: round 2, its burnt house, the
    // round side 1 won, side 1 to move again.
    let server = common::start_on(fresh.url.clone()).await;
    let mut clients = Vec::new();
    for p in &people {
        let (client, room) = server.join_room(&code, p).await;
        let game = &room["game"];
        assert_eq!(game["round"]["number"], 2, "{room}");
        assert_eq!(game["round"]["burnt"], json!([[2], []]));
        assert_eq!(game["round"]["rounds_won"], json!([0, 1]));
        assert_eq!(game["round"]["first_seq"], 7);
        assert_eq!(game["position"]["houses"], json!([[2, 0], [0, 3]]));
        assert_eq!(game["position"]["stores"], json!([1, 2]));
        assert_eq!(game["to_move"], 1);
        assert_eq!(game["outcome"], Value::Null);
        clients.push(client);
    }
    // The first back sees the second come back.
    clients[0].expect("room").await;
    let (status, before) = server.get(&format!("/api/players/{}", people[0].id)).await;
    assert_eq!(status, 200);
    assert_eq!(
        before["rated_games"], 0,
        "no rating after a round: {before}"
    );

    play_round(&mut clients, 1, 1).await;
    play_round(&mut clients, 2, 0).await;
    for c in &mut clients {
        let over = c.expect("over").await;
        let ratings = over["ratings"].as_array().expect("rated");
        assert_eq!(ratings.len(), 2, "{over}");
        assert_eq!(ratings[1]["rank"], 1);
        assert_eq!(ratings[0]["rank"], 2);
        assert!(ratings[1]["rating_after"].as_f64() > ratings[1]["rating_before"].as_f64());
    }
    for p in &people {
        let (_, after) = server.get(&format!("/api/players/{}", p.id)).await;
        assert_eq!(after["rated_games"], 1, "rated once, on the match: {after}");
    }
}

#[tokio::test]
async fn the_preview_sows_past_the_burnt_houses_it_is_given() {
    let server = common::start().await;
    // Round 2 above after side 1's first move: s0 [2,0] 1, s1 [0,3] 2,
    // side 0's house 2 burnt, side 1 to move.
    let position = json!({ "houses": [[2, 0], [0, 3]], "stores": [1, 2], "to_move": 1, "ply": 1 });
    let landing = |body: &Value| {
        let moves = body["moves"].as_array().unwrap();
        let two = moves.iter().find(|m| m["move"] == "2").unwrap();
        two["effect"]["last"].clone()
    };
    // House 2's three seeds: its store, side 0's house 1, then past the
    // burnt house (and side 0's store) into its own house 1.
    let body = json!({ "rules": RULES, "position": position, "burnt": [[2], []] });
    let answer: Value = server
        .post("/api/preview", body, None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        landing(&answer),
        json!({ "kind": "house", "side": 1, "number": 1 }),
        "{answer}"
    );
    // Without it the third seed lands in side 0's house 2.
    let body = json!({ "rules": RULES, "position": position });
    let answer: Value = server
        .post("/api/preview", body, None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        landing(&answer),
        json!({ "kind": "house", "side": 0, "number": 2 }),
        "{answer}"
    );
    // A burnt house off the board is refused, naming the field.
    let body = json!({ "rules": RULES, "position": position, "burnt": [[3], []] });
    let response = server.post("/api/preview", body, None).await;
    assert_eq!(response.status(), 400);
    let refusal: Value = response.json().await.unwrap();
    assert!(
        refusal["message"].as_str().unwrap().contains("burnt") || refusal["error"] == "bad_rules",
        "{refusal}"
    );
}

#[tokio::test]
async fn a_computer_seat_plays_every_round_of_a_match() {
    let server = common::start().await;
    let host = server.player("host").await;
    let code = server
        .room(&host, "kalah,houses=3,seeds=2,rounds=fill")
        .await;
    let mut client = server.join(&code, &host).await;
    client.send(json!({ "type": "sit", "seat": 0 })).await;
    client.expect("room").await;
    client
        .send(json!({ "type": "computer", "seat": 1, "level": 2 }))
        .await;
    client.expect("room").await;
    client.send(json!({ "type": "start" })).await;
    client.expect("started").await;
    // The test's own match, fed every move the server tells; seat 0
    // plays its first legal move each turn.
    let mut game: Match = "kalah,houses=3,seeds=2,rounds=fill;".parse().unwrap();
    let mut computer_rounds = std::collections::BTreeSet::new();
    let mut started = 0;
    loop {
        if !game.is_over() && game.position().player_to_move() == 0 {
            let m = game.legal_moves().get(0).expect("a legal move");
            client
                .send(json!({ "type": "move", "move": m.to_string() }))
                .await;
        }
        let message = loop {
            let message = client.recv().await;
            if message["type"] != "room" {
                break message;
            }
        };
        match message["type"].as_str().unwrap() {
            "moved" => {
                let round = game.round_count();
                if message["by"] == "computer" {
                    computer_rounds.insert(round);
                }
                let m = message["move"].as_str().unwrap().parse().unwrap();
                game.play(m).unwrap();
                assert_eq!(message["round"]["number"], round, "{message}");
                let played_in = &game.rounds()[round - 1];
                assert_eq!(
                    message["position"],
                    serde_json::to_value(played_in.position()).unwrap()
                );
            }
            "round_started" => {
                started += 1;
                assert_eq!(message["round"]["number"], game.round_count(), "{message}");
                assert_eq!(
                    message["position"],
                    serde_json::to_value(game.position()).unwrap()
                );
            }
            "over" => break,
            other => panic!("unexpected {other}: {message}"),
        }
    }
    assert!(game.is_over());
    assert_eq!(started + 1, game.round_count());
    // The match ended, so the computer played each of its turns, in every
    // round: the second (if any) it starts (`round_starter = alternate`).
    // (The computer's seed comes from the game's random id: the number
    // of rounds varies from run to run.)
    assert!(computer_rounds.contains(&1), "{computer_rounds:?}");
    if game.round_count() > 1 {
        assert!(
            computer_rounds.contains(&2),
            "{computer_rounds:?} in {game}"
        );
    }
}

/// The body of `GET path` as text.
async fn text_of(server: &common::TestServer, path: &str) -> String {
    let url = format!("http://{}{path}", server.addr);
    reqwest::get(url).await.unwrap().text().await.unwrap()
}

#[tokio::test]
async fn a_game_without_rounds_exports_as_before_and_a_match_as_its_line() {
    let server = common::start().await;
    // Kalah, one round: house 3 ends in the store (an extra turn), then
    // seat 0 resigns.
    let (code, mut clients, _) = server.seated_room("kalah", 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    clients[0]
        .send(json!({ "type": "move", "move": "3" }))
        .await;
    clients[0].expect("moved").await;
    clients[0].send(json!({ "type": "resign" })).await;
    clients[0].expect("resigned").await;
    let (_, room) = server
        .join_room(&code, &server.player("onlooker").await)
        .await;
    let id = room["game"]["id"].as_str().unwrap().to_string();
    assert!(room["game"].get("round").is_none(), "no round: {room}");
    // Byte for byte the game's own serde and line, as before matches.
    let mut game = common::game_of("kalah");
    game.play("3".parse().unwrap()).unwrap();
    game.resign(mancala_core::Side::new(0)).unwrap();
    let json = text_of(&server, &format!("/api/games/{id}/export")).await;
    assert_eq!(json, serde_json::to_string(&game).unwrap());
    let line = text_of(&server, &format!("/api/games/{id}/export?format=text")).await;
    assert_eq!(line, format!("{game}\n"));
    let (_, replay) = server.get(&format!("/api/games/{id}")).await;
    assert!(replay.get("rounds").is_none(), "{replay}");

    // A match: its line, rounds separated by '/'.
    let (code, mut clients, _) = server.seated_room(RULES, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    play_round(&mut clients, 0, 0).await;
    let (_, room) = server
        .join_room(&code, &server.player("another").await)
        .await;
    let id = room["game"]["id"].as_str().unwrap().to_string();
    let line = text_of(&server, &format!("/api/games/{id}/export?format=text")).await;
    let read: Match = line.trim_end().parse().unwrap();
    assert_eq!(read.round_count(), 2, "{line}");
    assert!(
        line.starts_with(&format!("{RULES}; 2, 2, 1, 1, 2, 2, 1 /")),
        "{line}"
    );
}

/// A match in which only the loser refills (`rounds = loser_fills`,
/// docs/rules.md section 8a), over real sockets. Worked by hand (as in
/// crates/mancala-core/tests/rounds_loser.rs): round 1, side 0: 1 → s0
/// [0,3] 1, again; 2 → its store (2), s1 [3,3]: side 0 is empty, 2 to 6.
/// Round 2: side 0, the loser, fills house 1 (house 2 burnt); side 1
/// keeps its houses [3,3] and empty store, and starts
/// (`round_starter = winner`). 1 → s1 [0,4] 1, s0 house 1 (3); side 0: 1
/// → past its burnt house to its store (1), s1 [1,5]: side 0 is empty, 1
/// to 7, and cannot fill a house: the match is over.
#[tokio::test]
async fn a_match_in_which_only_the_loser_refills() {
    let rules = "kalah,houses=2,seeds=2,rounds=loser_fills,round_starter=winner";
    let server = common::start().await;
    let (_, mut clients, _) = server.seated_room(rules, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    for (seat, m) in [(0, "1"), (0, "2")] {
        clients[seat]
            .send(json!({ "type": "move", "move": m }))
            .await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    let want = json!({ "number": 2, "rounds_won": [0, 1], "burnt": [[2], []], "first_seq": 2,
                       "houses": [[2, 0], [3, 3]], "stores": [0, 0], "to_move": 1 });
    for c in clients.iter_mut() {
        expect_round(c, &want).await;
    }
    for (seat, m) in [(1, "1"), (0, "1")] {
        clients[seat]
            .send(json!({ "type": "move", "move": m }))
            .await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!([1, 7]), "{over}");
        assert_eq!(over["outcome"]["winner_seat"], 1);
    }
}
