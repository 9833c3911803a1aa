//! A match whose houses change hands between rounds (`rounds =
//! territory`, docs/rules.md section 8a) played in a room over real
//! sockets: in round 2 the winner of round 1 owns a house of the other
//! row, the clients hear who owns each house of the board and which of
//! the owner's houses it is, the winner plays that house, a move on a
//! house its player no longer owns is refused, and the match is rated
//! once on its result.
//!
//! Every expectation below is worked out by hand from docs/rules.md
//! section 8a, not from the engine.

mod common;

use serde_json::{Value, json};

/// Two houses of two seeds a side, stores not sown, captures of 2 and 3
/// on the opponent's houses, no extra turns; the winner of a round
/// starts the next. (mancala-core's tests/rounds_territory.rs plays the
/// same round 1.)
const RULES: &str = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none,round_starter=winner";

/// Round 1 by hand (side 0 = A, side 1 = B; the track a1 a2 b1 b2, the
/// stores not on it). A 2: b1 3, b2 3, the last takes 3 (A 3). B 1: b2
/// 1, a1 3, a2 1. A 2: b1 1. B 2: a1 4. A 1: a2 1, b1 2, b2 1, a1 1. B
/// 2: a1 2, taken (B 2). A 2: b1 3, taken (A 6); both sides are empty,
/// the round is over, A 6 to B 2.
const ROUND_1: [(usize, &str); 7] = [
    (0, "2"),
    (1, "1"),
    (0, "2"),
    (1, "2"),
    (0, "1"),
    (1, "2"),
    (0, "2"),
];

/// Round 1 as the board stands: every house its row's, under its number.
fn own_rows() -> Value {
    json!([
        [{ "owner": 0, "house": 1 }, { "owner": 0, "house": 2 }],
        [{ "owner": 1, "house": 1 }, { "owner": 1, "house": 2 }],
    ])
}

/// Round 2 as the board stands: A's 6 seeds fill 3 houses of 2, its row
/// and B's house 1, which is A's house 3 on the round's board of 3
/// houses a side; B keeps its house 2, under its number.
fn round_2_owners() -> Value {
    json!([
        [{ "owner": 0, "house": 1 }, { "owner": 0, "house": 2 }],
        [{ "owner": 0, "house": 3 }, { "owner": 1, "house": 2 }],
    ])
}

/// Sends `m` for `seat` and reads the `moved` on every client.
async fn play(clients: &mut [common::Client], seat: usize, m: &str) -> Vec<Value> {
    common::play_text(clients, seat, m).await
}

#[tokio::test]
async fn the_winner_of_a_round_plays_a_house_on_the_other_row() {
    let server = common::start().await;
    let (code, mut clients, people) = server.seated_room(RULES, 2, true).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["round"]["number"], 1, "{started}");
        assert_eq!(started["round"]["territory"], own_rows(), "{started}");
        assert_eq!(started["round"]["burnt"], json!([[], []]));
        assert_eq!(started["round"].get("rules"), None, "the match's rules");
    }
    for (seat, m) in ROUND_1 {
        play(&mut clients, seat, m).await;
    }

    // Round 2: every house holds 2 again, the stores empty; on the
    // round's board A owns its houses 1 to 3, B its house 2 (its houses
    // 1 and 3 burnt). A won round 1 and starts.
    let mut started = Value::Null;
    for c in &mut clients {
        started = c.expect("round_started").await;
        let round = &started["round"];
        assert_eq!(round["number"], 2, "{started}");
        assert_eq!(round["rounds_won"], json!([1, 0]), "{started}");
        assert_eq!(round["first_seq"], 7, "{started}");
        assert_eq!(round["burnt"], json!([[], [1, 3]]), "{started}");
        assert_eq!(round["territory"], round_2_owners(), "{started}");
        assert!(
            round["rules"].as_str().unwrap().contains("houses=3"),
            "{started}"
        );
        assert_eq!(started["position"]["houses"], json!([[2, 2, 2], [0, 2, 0]]));
        assert_eq!(started["position"]["stores"], json!([0, 0]));
        assert_eq!(started["to_move"], 0, "{started}");
    }

    // The preview of the round's position takes the round's rules: A may
    // move from its three houses, house 3 being B's house 1 on the board.
    let round = &started["round"];
    let body = json!({ "rules": round["rules"], "position": started["position"],
                       "burnt": round["burnt"] });
    let preview: Value = server
        .post("/api/preview", body, None)
        .await
        .json()
        .await
        .unwrap();
    let moves: Vec<&str> = preview["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{preview}"))
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["1", "2", "3"], "{preview}");

    // B cannot move for A, nor A past its houses.
    clients[1]
        .send(json!({ "type": "move", "move": "2" }))
        .await;
    clients[1].expect_error("not_your_turn").await;
    clients[0]
        .send(json!({ "type": "move", "move": "4" }))
        .await;
    clients[0].expect_error("illegal").await;

    // A plays its house 3, B's house 1 of the board: 2 seeds, past the
    // unsown store and B's burnt house 1 into B's house 2 (3), past B's
    // burnt house 3 and unsown store into A's house 1 (3), its own: no
    // capture.
    for moved in play(&mut clients, 0, "3").await {
        assert_eq!(moved["seq"], 8, "{moved}");
        assert_eq!(moved["round"]["number"], 2, "{moved}");
        assert_eq!(
            moved["position"]["houses"],
            json!([[3, 2, 0], [0, 3, 0]]),
            "{moved}"
        );
        assert_eq!(moved["to_move"], 1, "{moved}");
    }
    // B's house 1 of the board is A's this round: B cannot move it.
    clients[1]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    clients[1].expect_error("illegal").await;
    // B plays its one house: a1 4, a2 3, a3 (on B's row) 1, no capture.
    // B owns no seed: the round is over, and A's 8 seeds go to A. A
    // would own 4 houses of 4 in round 3: B none, so the match is over,
    // A winning it 8 to 0.
    for moved in play(&mut clients, 1, "2").await {
        assert_eq!(moved["to_move"], Value::Null, "{moved}");
    }
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!([8, 0]), "{over}");
        assert_eq!(over["outcome"]["winner_seat"], 0, "{over}");
        let ratings = over["ratings"].as_array().expect("rated");
        assert_eq!(ratings[0]["rank"], 1, "{over}");
        assert_eq!(ratings[1]["rank"], 2, "{over}");
    }
    assert_eq!(
        server.stored_events(&code).await,
        ["2", "1", "2", "2", "1", "2", "2", "3", "2"]
    );
    // Who joins the room after the match sees its last round's owners.
    let onlooker = server.player("onlooker").await;
    let (_, room) = server.join_room(&code, &onlooker).await;
    assert_eq!(
        room["game"]["round"]["territory"],
        round_2_owners(),
        "{room}"
    );
    for p in &people {
        let (_, after) = server.get(&format!("/api/players/{}", p.id)).await;
        assert_eq!(after["rated_games"], 1, "rated once, on the match: {after}");
    }
}
