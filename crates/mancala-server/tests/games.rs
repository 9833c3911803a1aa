//! Whole games over real sockets, checked against `mancala_core::Game`
//! replaying the same moves on its own.

mod common;

use common::{Client, Player, TestServer};
use mancala_ai::{Random, Strategy};
use mancala_core::{Game, RuleSet, Rules};
use serde_json::{Value, json};

/// A room under `rules` with one client per seat, seated in order, and
/// its game started by the host (client 0).
async fn started_room(
    server: &TestServer,
    rules: &str,
    players: usize,
) -> (String, Vec<Client>, Vec<Player>) {
    let (code, mut clients, people) = server.seated_room(rules, players, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["to_move"], 0);
    }
    (code, clients, people)
}

/// The game's rules from the spec the room was made with.
fn game_of(rules: &str) -> Game {
    Game::new(Rules::new(&RuleSet::from_spec(rules).unwrap()).unwrap())
}

/// Plays random legal moves, each sent by the client of the seat to move,
/// until the game ends; checks every broadcast against `game`.
async fn play_to_end(clients: &mut [Client], game: &mut Game, seed: u64) {
    let mut random = Random::new(seed);
    while !game.is_over() {
        let m = random.choose(&game.position()).unwrap();
        let seat = common::send_move(clients, game, m).await;
        let expected = serde_json::to_value(game.position()).unwrap();
        for c in clients.iter_mut() {
            let moved = c.expect("moved").await;
            assert_eq!(moved["move"], m.to_string());
            assert_eq!(moved["seat"], seat);
            assert_eq!(moved["seq"], game.events().len());
            assert_eq!(moved["position"], expected);
        }
    }
    let outcome = game.outcome().unwrap();
    for c in clients.iter_mut() {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
        assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
    }
}

/// The events of `game` as text.
fn events(game: &Game) -> Vec<String> {
    game.events().iter().map(ToString::to_string).collect()
}

async fn full_game(rules: &str, players: usize, seed: u64) {
    let server = common::start().await;
    let (code, mut clients, _) = started_room(&server, rules, players).await;
    let mut game = game_of(rules);
    play_to_end(&mut clients, &mut game, seed).await;
    assert_eq!(server.stored_events(&code).await, events(&game));
}

#[tokio::test]
async fn two_player_kalah_to_the_end() {
    full_game("kalah", 2, 1).await;
}

#[tokio::test]
async fn three_player_kalah_to_the_end() {
    full_game("kalah,players=3", 3, 2).await;
}

#[tokio::test]
async fn moves_carry_what_they_did() {
    let server = common::start().await;
    let (_, mut clients, _) = started_room(&server, "kalah", 2).await;
    // From the start, house 3 of six with four seeds ends in the store.
    clients[0]
        .send(json!({ "type": "move", "move": "3" }))
        .await;
    let moved = clients[1].expect("moved").await;
    let effect = &moved["effect"];
    assert_eq!(effect["sown"], 4);
    assert_eq!(effect["extra_turn"], true);
    assert_eq!(effect["last"], json!({ "kind": "store", "side": 0 }));
    let house = |number: u8| json!({ "kind": "house", "side": 0, "number": number });
    assert_eq!(
        effect["path"],
        json!([house(4), house(5), house(6), { "kind": "store", "side": 0 }])
    );
    assert_eq!(moved["to_move"], 0);
}

#[tokio::test]
async fn resigning_ends_a_two_player_game() {
    let server = common::start().await;
    let (code, mut clients, _) = started_room(&server, "kalah", 2).await;
    clients[1].send(json!({ "type": "resign" })).await;
    for c in &mut clients {
        let resigned = c.expect("resigned").await;
        assert_eq!(resigned["seat"], 1);
        let over: Value = c.expect("over").await;
        assert_eq!(over["outcome"]["winner"], 0);
    }
    assert_eq!(server.stored_events(&code).await, ["resign 1"]);

    // The room stays: the host starts the next game with the same seats.
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["events"], json!([]));
    }
    clients[0]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    clients[1].expect("moved").await;
    assert_eq!(server.stored_events(&code).await, ["resign 1", "1"]);
}

#[tokio::test]
async fn a_resigned_seat_of_three_is_played_by_the_computer() {
    let server = common::start().await;
    let (code, mut clients, _) = started_room(&server, "kalah,players=3", 3).await;
    clients[0].send(json!({ "type": "resign" })).await;
    let mut game = game_of("kalah,players=3");
    game.resign(mancala_core::Side::new(0)).unwrap();
    for c in clients.iter_mut() {
        let resigned = c.expect("resigned").await;
        assert_eq!(resigned["to_move"], 0);
    }
    // The computer moves for seat 0 at once, until seat 1 is to move.
    let mut seat_to_move = 0;
    while seat_to_move == 0 {
        for c in clients.iter_mut() {
            let moved = c.expect("moved").await;
            assert_eq!(moved["seat"], 0);
            seat_to_move = moved["to_move"].as_u64().unwrap();
        }
    }
    let stored = server.stored_events(&code).await;
    assert_eq!(stored[0], "resign 0");
    assert!(stored.len() > 1);
}

#[tokio::test]
async fn a_new_server_on_the_same_database_carries_the_game_on() {
    let server = common::start().await;
    let (code, mut clients, people) = started_room(&server, "kalah", 2).await;
    let mut game = game_of("kalah");
    for m in ["1", "2"] {
        common::send_move(&mut clients, &mut game, m.parse().unwrap()).await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    drop(clients);

    let again = common::start_on(server.database.clone()).await;
    let mut clients: Vec<Client> = Vec::new();
    for (seat, p) in people.iter().enumerate() {
        let mut client = again.socket(&code).await;
        client
            .send(json!({ "type": "hello", "version": 1, "player": p.id, "secret": p.secret }))
            .await;
        client.expect("welcome").await;
        let room = client.expect("room").await;
        assert_eq!(room["game"]["events"], json!(["1", "2"]));
        assert_eq!(
            room["game"]["position"],
            serde_json::to_value(game.position()).unwrap()
        );
        assert_eq!(room["seats"][seat]["player"], p.id.as_str());
        // Those back already see this seat's player back too.
        for c in clients.iter_mut() {
            let room = c.expect("room").await;
            assert_eq!(room["seats"][seat]["away"], false);
        }
        clients.push(client);
    }
    play_to_end(&mut clients, &mut game, 3).await;
    assert_eq!(again.stored_events(&code).await, events(&game));
}

/// Each of `moves` in turn, sent by the client of the seat to move in
/// `game` (which plays it too); returns every `moved` as client 0 saw it,
/// after checking that every client saw the same.
async fn play_moves(clients: &mut [Client], game: &mut Game, moves: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    for m in mancala_core::parse_moves(moves).unwrap() {
        common::send_move(clients, game, m).await;
        let mut moved = Vec::new();
        for c in clients.iter_mut() {
            moved.push(c.expect("moved").await);
        }
        assert!(moved.iter().all(|v| *v == moved[0]), "{moved:?}");
        seen.push(moved.remove(0));
    }
    seen
}

#[tokio::test]
async fn a_pie_swap_and_a_pass_are_told_seat_by_seat_and_rated_so() {
    // Kalah(3,2) with the pie rule, houses of one seed unplayable
    // (min_seeds 2) and passing.
    let rules = "kalah,houses=3,seeds=2,pie_rule=true,min_seeds=2,end=no_legal_move,no_move=pass";
    let server = common::start().await;
    let (code, mut clients, _) = server.seated_room(rules, 2, true).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        let started = c.expect("started").await;
        assert_eq!(started["sides"], json!([0, 1]), "{started}");
    }
    let mut game = game_of(rules);
    // Seat 0: h2 (extra turn), h3. Seat 1 swaps: it now plays side 0, and
    // seat 0 plays side 1, which is to move. Seat 0: side 1's h2 -> o3,
    // store, side 0's h1. Seat 1: side 0's h1 (3 seeds) -> h2, h3, store:
    // an extra turn, but side 0 holds single seeds only, so seat 1 is
    // passed over and seat 0 moves.
    let moved = play_moves(&mut clients, &mut game, "2,3,swap,2,1").await;
    assert_eq!(
        game.position().to_string(),
        "0,1,1:3 3,0,3:1 to=1 ply=5 pie=swapped"
    );
    let sides: Vec<&Value> = moved.iter().map(|m| &m["sides"]).collect();
    assert_eq!(
        sides,
        [
            &json!([0, 1]),
            &json!([0, 1]),
            &json!([1, 0]),
            &json!([1, 0]),
            &json!([1, 0])
        ]
    );
    // Nobody was passed before the last move: the field is left out.
    assert!(
        moved[..4].iter().all(|m| m.get("passed").is_none()),
        "{moved:?}"
    );
    assert_eq!(moved[4]["seat"], 1);
    assert_eq!(moved[4]["effect"]["side"], 0);
    assert_eq!(moved[4]["passed"], json!([1]));
    assert_eq!(moved[4]["to_move"], 0);
    // Whoever comes in now hears each seat's side in the room's game.
    let watcher = server.player("watcher").await;
    let (_watching, room) = server.join_room(&code, &watcher).await;
    assert_eq!(room["game"]["sides"], json!([1, 0]), "{room}");
    for c in &mut clients {
        c.expect("room").await;
    }
    // Seat 1 resigns side 0: side 1 wins, so seat 0 ranks first.
    clients[1].send(json!({ "type": "resign" })).await;
    for c in &mut clients {
        c.expect("resigned").await;
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["ranks"], json!([2, 1]), "{over}");
        let ratings = over["ratings"].as_array().unwrap();
        assert_eq!(
            (ratings[0]["seat"].clone(), ratings[0]["rank"].clone()),
            (json!(0), json!(1))
        );
        assert_eq!(
            (ratings[1]["seat"].clone(), ratings[1]["rank"].clone()),
            (json!(1), json!(2))
        );
    }
}

#[tokio::test]
async fn passes_of_three_players_name_the_seats_in_turn_order() {
    // Kalah(2,2) for three, houses of one seed unplayable, passing.
    let rules = "kalah,players=3,houses=2,seeds=2,min_seeds=2,end=no_legal_move,no_move=pass";
    let server = common::start().await;
    let (_, mut clients, _) = server.seated_room(rules, 3, false).await;
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    let mut game = game_of(rules);
    let moved = play_moves(&mut clients, &mut game, "1,2,2,2,1,1,2").await;
    assert_eq!(game.position().to_string(), "2,0:3 1,1:2 0,1:2 to=0 ply=7");
    let passed: Vec<Option<&Value>> = moved.iter().map(|m| m.get("passed")).collect();
    // Move 4: seat 2's h2 (3 seeds) -> store, side 0's h1 and h2; side 0
    // holds two single seeds: seat 0 is passed over, seat 1 moves.
    // Move 7: seat 0's h2 (2 seeds) -> store, side 1's h1; sides 1 and 2
    // hold single seeds: both are passed over, seat 1 first, and seat 0
    // moves again.
    let (one, both) = (json!([0]), json!([1, 2]));
    assert_eq!(
        passed,
        [None, None, None, Some(&one), None, None, Some(&both)]
    );
    assert_eq!(
        (moved[3]["to_move"].clone(), moved[6]["to_move"].clone()),
        (json!(1), json!(0))
    );
    assert!(moved.iter().all(|m| m["sides"] == json!([0, 1, 2])));
}
