//! Two rules of issue 30 played in a room over real sockets: a relay
//! sowing that lifts the mover's store (`relay_store`, docs/rules.md
//! section 3; CrossCapt Eight), whose lift the `moved` effect's `steps`
//! carry, and no move straight back (`no_undo`, section 4; Alemungula),
//! whose barred house the position's `barred` names and whose move is
//! refused.
//!
//! Every expectation below is worked out by hand from docs/rules.md, not
//! from the engine.

mod common;

use serde_json::{Value, json};

/// CrossCapt Eight (crates/mancala-core/rules/crosscapt-eight.toml) as a
/// spec: Kalah with relay sowing from the cup after the last seed, the
/// mover's own store included.
const CROSSCAPT_EIGHT: &str = "kalah,relay=next,relay_on=any,relay_limit=64,\
     capture_ends_relay=true,end=any_side_empty,majority,leftover=last_mover,\
     cycle_leftover=owner,relay_store=true";

/// Alemungula (crates/mancala-core/rules/alemungula.toml) on four houses
/// of two seeds: an even row, so no house's direction is the mover's
/// choice (`direction_choice`, which the site does not play yet).
const ALEMUNGULA_4: &str = "oware,houses=4,seeds=2,direction=split,origin=include,\
     min_seeds=1,must_feed=false,unfed=any_move,grand_slam=allowed,capture_counts=2,4,\
     capture_side=opponent,chain=true,no_move=end,end=no_legal_move,majority,repetition,\
     leftover=owner,cycle_leftover=owner,no_undo=true";

/// A house cup of the protocol.
fn house(side: usize, number: u8) -> Value {
    json!({ "kind": "house", "side": side, "number": number })
}

/// A store cup of the protocol.
fn store(side: usize) -> Value {
    json!({ "kind": "store", "side": side })
}

/// A room of `rules` for two seated players, its game started; returns
/// the room's code and the two clients (seat 0's first).
async fn started(server: &common::TestServer, rules: &str) -> (String, Vec<common::Client>) {
    let (code, mut clients, _) = server.seated_room(rules, 2, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    (code, clients)
}

#[tokio::test]
async fn a_relay_lifts_the_movers_store_and_sows_on() {
    let server = common::start().await;
    let (code, mut clients) = started(&server, CROSSCAPT_EIGHT).await;
    // From the start (4 seeds in each house), side 0's house 5:
    // - its 4 seeds: its house 6 (5), its store (1), side 1's houses 1
    //   and 2 (5, 5); the cup after the last, side 1's house 3 (4), is
    //   lifted;
    // - its 4: side 1's houses 4, 5, 6 (5 each), side 1's store passed
    //   over, side 0's house 1 (5); the cup after it, side 0's house 2
    //   (4), is lifted;
    // - its 4: side 0's houses 3, 4, 5, 6 (5, 5, 1, 6); the last is in
    //   the mover's last house, so the cup after it is the mover's store,
    //   which holds 1: it is lifted (store 0);
    // - its 1: side 1's house 1 (6); the cup after it, side 1's house 2
    //   (5), is lifted;
    // - its 5: side 1's houses 3, 4, 5, 6 (1, 6, 6, 6), side 0's house 1
    //   (6); the cup after it, side 0's house 2, is empty: the sowing
    //   ends there, in a house that held seeds (no capture), no extra
    //   turn. Four relays; 23 + 25 = 48 seeds.
    let heard = common::play_text(&mut clients, 0, "5").await;
    let moved = &heard[0];
    assert_eq!(heard[0]["effect"], heard[1]["effect"]);
    let steps = moved["effect"]["steps"].as_array().unwrap();
    let lifts: Vec<&Value> = steps
        .iter()
        .filter(|s| s["step"] == "lift")
        .map(|s| &s["cup"])
        .collect();
    assert_eq!(
        lifts,
        [
            &house(0, 5),
            &house(1, 3),
            &house(0, 2),
            &store(0),
            &house(1, 2)
        ],
        "{moved}"
    );
    // The store's lift comes after the seed into side 0's house 6, and
    // its one seed goes into side 1's house 1.
    let at = steps
        .iter()
        .position(|s| s["step"] == "lift" && s["cup"] == store(0))
        .unwrap();
    assert_eq!(steps[at - 1], json!({ "step": "seed", "cup": house(0, 6) }));
    assert_eq!(steps[at + 1], json!({ "step": "seed", "cup": house(1, 1) }));
    assert_eq!(steps.len(), 5 + 4 + 4 + 4 + 1 + 5, "{moved}");
    assert_eq!(moved["effect"]["sown"], 4, "{moved}");
    assert_eq!(moved["effect"]["relays"], 4, "{moved}");
    assert_eq!(moved["effect"]["captured"], 0, "{moved}");
    assert_eq!(moved["effect"]["last"], house(0, 1), "{moved}");
    assert_eq!(moved["effect"]["extra_turn"], false, "{moved}");
    assert_eq!(
        moved["position"]["houses"],
        json!([[6, 0, 5, 5, 1, 6], [6, 0, 1, 6, 6, 6]]),
        "{moved}"
    );
    assert_eq!(moved["position"]["stores"], json!([0, 0]), "{moved}");
    assert_eq!(moved["to_move"], 1, "{moved}");
    assert_eq!(server.stored_events(&code).await, ["5"]);
}

#[tokio::test]
async fn the_barred_house_is_named_and_its_move_refused() {
    let server = common::start().await;
    let (code, mut clients) = started(&server, ALEMUNGULA_4).await;
    // Houses 1 and 2 sow clockwise (towards house 1's end, across it into
    // the opponent's house 4), houses 3 and 4 counter-clockwise (across
    // house 4's end into the opponent's house 1); 2 seeds each.
    // Side 0's house 1: side 1's houses 4, 3 (3, 3); 3 is no capture.
    common::play_text(&mut clients, 0, "1").await;
    // Side 1's house 4 (3): side 0's houses 1, 2, 3 (1, 3, 3); no
    // capture.
    let heard = common::play_text(&mut clients, 1, "4").await;
    assert_eq!(heard[0]["position"].get("barred"), None, "{}", heard[0]);
    // Side 0's house 1 holds a single seed: across the end into side 1's
    // house 4, empty: it holds that seed alone (1, no capture), so side
    // 1 may not move it straight back this turn.
    let heard = common::play_text(&mut clients, 0, "1").await;
    for moved in &heard {
        assert_eq!(moved["position"]["barred"], 4, "{moved}");
        assert_eq!(
            moved["position"]["houses"],
            json!([[0, 3, 3, 2], [2, 2, 3, 1]]),
            "{moved}"
        );
        assert_eq!(moved["to_move"], 1, "{moved}");
    }
    // The page's preview of that position leaves the barred house out.
    let preview = server
        .post(
            "/api/preview",
            json!({ "rules": ALEMUNGULA_4, "position": heard[0]["position"] }),
            None,
        )
        .await
        .json::<Value>()
        .await
        .unwrap();
    let moves: Vec<&Value> = preview["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    assert_eq!(moves, ["1", "2", "3"], "{preview}");
    clients[1]
        .send(json!({ "type": "move", "move": "4" }))
        .await;
    let error = clients[1].expect("error").await;
    assert_eq!(error["code"], "illegal", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("straight back"), "{message}");
    // Any other house is played; the bar is gone after it. Side 1's
    // house 3 (3): side 1's house 4 (2), side 0's houses 1, 2 (1, 4):
    // 4 on side 0's side is captured (side 1's store 4), then the house
    // before it, side 0's house 1, holds 1: the chain stops.
    let heard = common::play_text(&mut clients, 1, "3").await;
    let moved = &heard[0];
    assert_eq!(moved["position"].get("barred"), None, "{moved}");
    assert_eq!(
        moved["position"]["houses"],
        json!([[1, 0, 3, 2], [2, 2, 0, 2]]),
        "{moved}"
    );
    assert_eq!(moved["position"]["stores"], json!([0, 4]), "{moved}");
    assert_eq!(server.stored_events(&code).await, ["1", "4", "1", "3"]);
}
