//! "Play now" over real sockets: `/ws/queue` seats strangers together in
//! a room whose game has started, keeps a ticket through a short
//! disconnection, offers the computer after the wait, and counts who
//! waits and who plays. Time-dependent cases run on tokio's paused clock.

mod common;

use std::time::Duration;

use common::{Client, Player, TestServer};
use mancala_server::Config;
use serde_json::{Value, json};
use tokio::time::advance;

const SECOND: Duration = Duration::from_secs(1);

/// A server whose queue offers the computer after 20 s, and the
/// database it owns.
async fn server() -> (TestServer, common::TestDatabase) {
    let database = common::database().await;
    let config = Config {
        queue_wait: 20 * SECOND,
        ..common::quiet()
    };
    (
        common::start_with(database.url.clone(), config).await,
        database,
    )
}

/// A queue connection of `player`, past `welcome`, and the first
/// `queue` message.
async fn queue_client(server: &TestServer, player: &Player) -> (Client, Value) {
    let mut client = server.socket_at("/ws/queue").await;
    client
        .send(
            json!({ "type": "hello", "version": 1, "player": player.id, "secret": player.secret }),
        )
        .await;
    let welcome = client.expect("welcome").await;
    assert_eq!(welcome["you"], player.id.as_str());
    let queue = client.expect("queue").await;
    (client, queue)
}

fn choice(game: &str, players: u8, rated: bool) -> Value {
    json!({ "game": game, "players": players, "rated": rated })
}

fn request(kind: &str, choice: &Value) -> Value {
    let mut message = choice.clone();
    message["type"] = json!(kind);
    message
}

/// Lets the server's tasks catch up with what the test did (a socket
/// closed, say) without moving the paused clock.
async fn settle() {
    for _ in 0..2000 {
        std::thread::yield_now();
        tokio::task::yield_now().await;
    }
}

/// The games of the queue's tickets in a `queue` message.
fn tickets(queue: &Value) -> Vec<Value> {
    queue["tickets"].as_array().unwrap().clone()
}

#[tokio::test]
async fn two_strangers_are_seated_together_and_play() {
    let (server, _db) = server().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let kalah = choice("house", 2, true);
    let (mut a, first) = queue_client(&server, &ann).await;
    assert_eq!(tickets(&first), Vec::<Value>::new());
    a.send(request("join", &kalah)).await;
    let waiting = a.expect("queue").await;
    let ticket = &tickets(&waiting)[0];
    assert_eq!(
        (&ticket["game"], &ticket["players"], &ticket["rated"]),
        (&json!("house"), &json!(2), &json!(true))
    );
    assert_eq!(ticket["offer"], Value::Null);
    assert!(ticket["offer_in_ms"].as_u64().unwrap() <= 20_000);

    let (mut b, _) = queue_client(&server, &bob).await;
    b.send(request("join", &kalah)).await;
    assert_eq!(tickets(&b.expect("queue").await).len(), 1);
    let matched = b.expect("matched").await;
    assert_eq!(matched["computers"], 0);
    assert_eq!(matched["game"], "house");
    assert_eq!(tickets(&b.expect("queue").await), Vec::<Value>::new());
    let code = matched["code"].as_str().unwrap().to_string();
    assert_eq!(a.expect("matched").await, matched);
    assert_eq!(tickets(&a.expect("queue").await), Vec::<Value>::new());

    // The room: Ann (who waited longer) in seat 0, Bob in seat 1, rated,
    // its game started; Ann moves and both see it.
    let (mut ra, room) = server.join_room(&code, &ann).await;
    assert_eq!(room["seats"][0]["player"], ann.id.as_str(), "{room}");
    assert_eq!(room["seats"][1]["player"], bob.id.as_str());
    assert_eq!(room["rated"], true);
    assert_eq!(room["turn_seconds"], 60);
    assert_eq!(room["game"]["to_move"], 0, "{room}");
    let (mut rb, _) = server.join_room(&code, &bob).await;
    ra.send(json!({ "type": "move", "move": "1" })).await;
    for c in [&mut ra, &mut rb] {
        let moved = c.expect_past_rooms("moved").await;
        assert_eq!(
            (moved["seat"].clone(), moved["move"].clone()),
            (json!(0), json!("1"))
        );
    }
}

#[tokio::test]
async fn leaving_a_queue_and_refusals() {
    let (server, _db) = server().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let oware = choice("oware", 2, false);
    let (mut a, _) = queue_client(&server, &ann).await;
    for bad in [choice("oware", 3, false), choice("chess", 2, false)] {
        a.send(request("join", &bad)).await;
        a.expect_error("no_such_queue").await;
    }
    a.send(request("leave", &oware)).await;
    a.expect_error("not_queued").await;
    a.send(request("join", &oware)).await;
    a.expect("queue").await;
    a.send(request("computer", &oware)).await;
    a.expect_error("not_offered").await;
    a.send(request("leave", &oware)).await;
    assert_eq!(tickets(&a.expect("queue").await), Vec::<Value>::new());
    // Bob finds nobody.
    let (mut b, _) = queue_client(&server, &bob).await;
    b.send(request("join", &oware)).await;
    assert_eq!(tickets(&b.expect("queue").await).len(), 1);
    let (_, counts) = server.get("/api/queue/counts").await;
    let line = counts["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "oware")
        .unwrap()
        .clone();
    assert_eq!(line, json!({ "game": "oware", "waiting": 1, "playing": 0 }));
}

#[tokio::test]
async fn a_player_in_two_queues_is_seated_in_one_and_leaves_the_other() {
    let (server, _db) = server().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let (mut a, _) = queue_client(&server, &ann).await;
    a.send(request("join", &choice("house", 2, false))).await;
    a.expect("queue").await;
    a.send(request("join", &choice("oware", 2, false))).await;
    assert_eq!(tickets(&a.expect("queue").await).len(), 2);
    let (mut b, _) = queue_client(&server, &bob).await;
    b.send(request("join", &choice("oware", 2, false))).await;
    b.expect("queue").await;
    let matched = b.expect("matched").await;
    assert_eq!(matched["game"], "oware");
    assert_eq!(a.expect("matched").await, matched);
    assert_eq!(tickets(&a.expect("queue").await), Vec::<Value>::new());

    // Counts: nobody waits any more; two people play Oware, once the
    // room's task has started the game (`matched` is sent when the game
    // is asked for, not when it has started: the room commits it first).
    let began = std::time::Instant::now();
    loop {
        let (_, counts) = server.get("/api/queue/counts").await;
        let games = counts["games"].as_array().unwrap();
        assert_eq!(games[0]["game"], "house");
        assert!(games.iter().all(|g| g["waiting"] == 0), "{counts}");
        let oware = games.iter().find(|g| g["game"] == "oware").unwrap();
        if oware["playing"] == 2 {
            break;
        }
        assert_eq!(oware["playing"], 0, "{counts}");
        assert!(began.elapsed() < Duration::from_secs(10), "{counts}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(start_paused = true)]
async fn a_closed_page_keeps_its_ticket_for_a_moment() {
    common::frozen(async {
        let (server, _db) = server().await;
        let ann = server.player("Ann").await;
        let bob = server.player("Bob").await;
        let cy = server.player("Cy").await;
        let kalah = choice("house", 2, false);
        let (mut a, _) = queue_client(&server, &ann).await;
        a.send(request("join", &kalah)).await;
        a.expect("queue").await;
        a.close().await;
        settle().await;

        // Away: Bob is not seated with a page that is gone.
        advance(3 * SECOND).await;
        let (mut b, _) = queue_client(&server, &bob).await;
        b.send(request("join", &kalah)).await;
        b.expect("queue").await;
        b.send(request("leave", &kalah)).await;
        assert_eq!(tickets(&b.expect("queue").await), Vec::<Value>::new());

        // Back within 10 s: her ticket and its waiting time are there.
        advance(5 * SECOND).await;
        let (a, queue) = queue_client(&server, &ann).await;
        let ticket = &tickets(&queue)[0];
        assert_eq!(ticket["waited_ms"], 8000, "{queue}");
        assert_eq!(ticket["offer_in_ms"], 12_000);

        // Gone for 10 s: her ticket is dropped, and Bob, back in the
        // queue, waits alone.
        a.close().await;
        settle().await;
        advance(10 * SECOND).await;
        settle().await;
        b.send(request("join", &kalah)).await;
        assert_eq!(tickets(&b.expect("queue").await).len(), 1);
        let (_, queue) = queue_client(&server, &ann).await;
        assert_eq!(tickets(&queue), Vec::<Value>::new());
        // Cy, present, is seated with Bob.
        let (mut c, _) = queue_client(&server, &cy).await;
        c.send(request("join", &kalah)).await;
        c.expect("queue").await;
        let matched = c.expect("matched").await;
        assert_eq!(b.expect("matched").await, matched);
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn after_the_wait_the_computer_is_offered_for_the_missing_seats() {
    common::frozen(async {
        let (server, _db) = server().await;
        let ann = server.player("Ann").await;
        let three = choice("house", 3, false);
        let (mut a, _) = queue_client(&server, &ann).await;
        a.send(request("join", &three)).await;
        a.expect("queue").await;
        advance(19 * SECOND).await;
        settle().await;
        a.send(request("computer", &three)).await;
        a.expect_error("not_offered").await;
        advance(SECOND).await;
        settle().await;
        // The offer comes by itself: level 3 for a newcomer (1500), two
        // computer seats.
        let offered = a.expect("queue").await;
        let ticket = &tickets(&offered)[0];
        assert_eq!(ticket["offer_in_ms"], 0, "{offered}");
        assert_eq!(ticket["offer"], json!({ "level": 3, "computers": 2 }));
        // Declining is waiting on: nothing changes. Accepting opens the
        // game.
        advance(5 * SECOND).await;
        settle().await;
        a.send(request("computer", &three)).await;
        let matched = a.expect("matched").await;
        assert_eq!(matched["computers"], 2);
        assert_eq!(tickets(&a.expect("queue").await), Vec::<Value>::new());
        let code = matched["code"].as_str().unwrap();
        let (_, room) = server.join_room(code, &ann).await;
        assert_eq!(room["seats"][0]["player"], ann.id.as_str(), "{room}");
        assert_eq!(room["seats"][1]["player"], "ai:3");
        assert_eq!(room["seats"][2]["player"], "ai:3");
        assert_eq!(room["seats"][3], Value::Null);
        assert_eq!(
            room["game"]["position"]["houses"].as_array().unwrap().len(),
            3
        );
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn the_computers_offer_seats_the_others_waiting_in_the_queue_first() {
    common::frozen(async {
        let (server, _db) = server().await;
        let ann = server.player("Ann").await;
        let bob = server.player("Bob").await;
        let cy = server.player("Cy").await;
        let three = choice("house", 3, false);
        let (mut a, _) = queue_client(&server, &ann).await;
        a.send(request("join", &three)).await;
        a.expect("queue").await;
        advance(5 * SECOND).await;
        settle().await;
        let (mut b, _) = queue_client(&server, &bob).await;
        b.send(request("join", &three)).await;
        b.expect("queue").await;
        // Cy waits in the rated queue of the same game: another queue.
        let (mut c, _) = queue_client(&server, &cy).await;
        c.send(request("join", &choice("house", 3, true))).await;
        c.expect("queue").await;
        advance(15 * SECOND).await;
        settle().await;
        // Ann's offer counts Bob: one computer seat.
        let offered = a.expect("queue").await;
        assert_eq!(
            tickets(&offered)[0]["offer"],
            json!({ "level": 3, "computers": 1 }),
            "{offered}"
        );
        a.send(request("computer", &three)).await;
        let matched = a.expect("matched").await;
        assert_eq!(matched["computers"], 1, "{matched}");
        assert_eq!(tickets(&a.expect("queue").await), Vec::<Value>::new());
        // Bob, who had not waited out the wait, is seated in the same room.
        assert_eq!(b.expect("matched").await, matched);
        assert_eq!(tickets(&b.expect("queue").await), Vec::<Value>::new());
        let code = matched["code"].as_str().unwrap();
        let (_, room) = server.join_room(code, &ann).await;
        assert_eq!(room["seats"][0]["player"], ann.id.as_str(), "{room}");
        assert_eq!(room["seats"][1]["player"], bob.id.as_str(), "{room}");
        assert_eq!(room["seats"][2]["player"], "ai:3", "{room}");
        assert_eq!(room["seats"][3], Value::Null);
        assert_eq!(room["game"]["to_move"], 0, "{room}");
        // Cy still waits, alone, and his offer is two computer seats.
        let (_, counts) = server.get("/api/queue/counts").await;
        let house = &counts["games"][0];
        assert_eq!(
            (&house["game"], &house["waiting"]),
            (&json!("house"), &json!(1)),
            "{counts}"
        );
        advance(5 * SECOND).await;
        settle().await;
        let cy_offer = c.expect("queue").await;
        assert_eq!(tickets(&cy_offer)[0]["offer"]["computers"], 2, "{cy_offer}");
    })
    .await;
}

#[tokio::test]
async fn strangers_rematch_when_both_ask() {
    let (server, _db) = server().await;
    let ann = server.player("Ann").await;
    let bob = server.player("Bob").await;
    let kalah = choice("house", 2, false);
    let (mut a, _) = queue_client(&server, &ann).await;
    a.send(request("join", &kalah)).await;
    a.expect("queue").await;
    let (mut b, _) = queue_client(&server, &bob).await;
    b.send(request("join", &kalah)).await;
    b.expect("queue").await;
    let code = b.expect("matched").await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let (mut ra, room) = server.join_room(&code, &ann).await;
    assert_eq!(room["matched"], true);
    let (mut rb, _) = server.join_room(&code, &bob).await;
    ra.send(json!({ "type": "rematch" })).await;
    ra.expect_past_rooms("error").await;
    ra.send(json!({ "type": "resign" })).await;
    for c in [&mut ra, &mut rb] {
        c.expect_past_rooms("resigned").await;
        c.expect("over").await;
    }
    // Nobody starts alone, not even the host.
    ra.send(json!({ "type": "start" })).await;
    ra.expect_error("not_host").await;
    ra.send(json!({ "type": "rematch" })).await;
    for c in [&mut ra, &mut rb] {
        let room = c.expect("room").await;
        assert_eq!(room["rematch"], json!([0]), "{room}");
        assert_eq!(room["can_start"], false);
    }
    rb.send(json!({ "type": "rematch" })).await;
    for c in [&mut ra, &mut rb] {
        let started = c.expect_past_rooms("started").await;
        assert_eq!(started["events"], json!([]));
    }
    // With rotation (the house rules'), Bob moves first this time.
    let (_, room) = server.join_room(&code, &bob).await;
    assert_eq!(room["seats"][0]["player"], bob.id.as_str(), "{room}");
    assert_eq!(room["rematch"], json!([]));
}
