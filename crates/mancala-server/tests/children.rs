//! Children (`children`, docs/rules.md section 5) played in a room over
//! real sockets: a sowing whose last seed brings an opponent's house to
//! `child_count` makes it the mover's child, the clients hear it in the
//! position's `children`, and a move from a house that is the
//! opponent's child is refused.
//!
//! Every expectation below is worked out by hand from docs/rules.md
//! (Kalah of section 9 on three houses of two seeds, no capture, a child
//! made at 3 seeds), not from the engine.

mod common;

use serde_json::{Value, json};

/// Three houses of two seeds, Kalah's own store sown and extra turn, no
/// capture; a house of the opponent's brought to exactly 3 by a sowing's
/// last seed becomes the mover's child.
const RULES: &str = "kalah,houses=3,seeds=2,capture=none,children=true,child_count=3";

/// Sends `m` for `seat` and reads the `moved` on every client (both see
/// the same); returns the first client's.
async fn play(clients: &mut [common::Client], seat: usize, m: &str) -> Value {
    let mut heard = common::play_text(clients, seat, m).await;
    assert_eq!(heard[0]["position"], heard[1]["position"]);
    heard.swap_remove(0)
}

#[tokio::test]
async fn children_are_made_shown_and_never_moved() {
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room(RULES, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(
            started["position"].get("children"),
            None,
            "no child yet: {started}"
        );
    }
    // Side 0's house 3 (2 seeds): its store 1, side 1's house 1 3, the
    // last seed: side 1's house 1 is side 0's child, its 3 seeds in side
    // 0's store (4). Bit 0 of side 0's set: side 1's house 1.
    let moved = play(&mut clients, 0, "3").await;
    assert_eq!(
        moved["position"]["houses"],
        json!([[2, 2, 0], [0, 2, 2]]),
        "{moved}"
    );
    assert_eq!(moved["position"]["stores"], json!([4, 0]), "{moved}");
    assert_eq!(moved["position"]["children"], json!([1, 0]), "{moved}");
    assert_eq!(moved["to_move"], 1, "{moved}");
    // The effect names the child made, whose 3 seeds are the move's
    // `captured` (the making of a child, no capture: the page says so).
    assert_eq!(
        moved["effect"]["child"],
        json!({ "kind": "house", "side": 1, "number": 1 }),
        "{moved}"
    );
    assert_eq!(moved["effect"]["captured"], 3, "{moved}");
    // Side 1 cannot move from its house 1, side 0's child.
    clients[1]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    clients[1].expect_error("illegal").await;
    // Side 1's house 3 (2 seeds): its store 1, side 0's house 1 3: side
    // 1's child, 3 seeds to side 1's store (4).
    let moved = play(&mut clients, 1, "3").await;
    assert_eq!(
        moved["position"]["houses"],
        json!([[0, 2, 0], [0, 2, 0]]),
        "{moved}"
    );
    assert_eq!(moved["position"]["stores"], json!([4, 4]), "{moved}");
    assert_eq!(moved["position"]["children"], json!([1, 1]), "{moved}");
    // Side 0's house 2: its house 3 1, its store 5, again (Kalah's extra
    // turn); its house 3: its store 6, again, but its houses are empty
    // (house 1 being side 1's child): the game is over, side 1's 2
    // seeds to side 1, 6 to 6.
    let moved = play(&mut clients, 0, "2").await;
    assert_eq!(moved["to_move"], 0, "{moved}");
    assert_eq!(moved["effect"].get("child"), None, "no child made: {moved}");
    play(&mut clients, 0, "3").await;
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!([6, 6]), "{over}");
        assert_eq!(over["outcome"]["winner_seat"], Value::Null, "{over}");
    }
    assert_eq!(server.stored_events(&code).await, ["3", "3", "2", "3"]);
}
