//! Room setup and lifecycle over real sockets: the host's choice of rules
//! (a spec or the site's house rules), seats closing up at a start,
//! rematches with and without rotation, spectators, standing up, and
//! display names.

mod common;

use common::{Client, Player, TestServer};
use mancala_core::{Game, RuleSet, Rules};
use serde_json::{Value, json};

/// Kalah as docs/rules.md section 9 describes it, every dimension spelt
/// out by hand (the canonical text of a rule set).
fn kalah(players: u8, houses: u8, seeds: u8, capture_from: &str) -> String {
    format!(
        "players={players},houses={houses},seeds={seeds},stores_sown=own,origin=include,\
         extra_turn=own_store,first_move_extra_turn=true,min_seeds=1,must_feed=false,\
         unfed=any_move,grand_slam=allowed,capture=opposite,capture_from={capture_from},\
         capture_empty_opposite=false,capture_counts=,capture_side=opponent,chain=false,\
         no_capture_moves=0,end=any_side_empty,leftover=owner,cycle_leftover=owner,\
         pie_rule=false"
    )
}

/// `POST /api/rooms` with `body` as `host`: the status and the answer.
async fn create(server: &TestServer, host: &Player, body: Value) -> (u16, Value) {
    let response = server.post("/api/rooms", body, Some(host)).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// A room made with `body` by the first of `n` new players ("P0", ...),
/// each with a client in the room, past the news of each newcomer.
async fn gathered(
    server: &TestServer,
    body: Value,
    n: usize,
) -> (String, Vec<Client>, Vec<Player>) {
    let mut people = Vec::new();
    for i in 0..n {
        people.push(server.player(&format!("P{i}")).await);
    }
    let (status, created) = create(server, &people[0], body).await;
    assert_eq!(status, 200, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let mut clients: Vec<Client> = Vec::new();
    for p in &people {
        let newcomer = server.join(&code, p).await;
        for c in &mut clients {
            c.expect("room").await;
        }
        clients.push(newcomer);
    }
    (code, clients, people)
}

/// Client `i` sits in `seats[i]`, in order; every client hears of each.
/// Returns the last `room` message.
async fn sit(clients: &mut [Client], seats: &[usize]) -> Value {
    let mut room = Value::Null;
    for (i, &seat) in seats.iter().enumerate() {
        clients[i]
            .send(json!({ "type": "sit", "seat": seat }))
            .await;
        for c in clients.iter_mut() {
            room = c.expect("room").await;
        }
    }
    room
}

/// The host (client 0) starts a game; every client hears the `room` with
/// the seats moved first when `moved`, then `started`. Returns the last
/// of each (`null` for no `room`).
async fn start(clients: &mut [Client], moved: bool) -> (Value, Value) {
    clients[0].send(json!({ "type": "start" })).await;
    let (mut room, mut started) = (Value::Null, Value::Null);
    for c in clients.iter_mut() {
        if moved {
            room = c.expect("room").await;
        }
        started = c.expect("started").await;
    }
    (room, started)
}

/// The players of each seat of a room's seats, `null` for an empty seat.
fn seated(room: &Value) -> Vec<Value> {
    room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].clone())
        .collect()
}

/// Rows of `sql` (two columns: a number and a text) with `$1` bound to `key`.
async fn rows(server: &TestServer, sql: &str, key: &str) -> Vec<(i64, String)> {
    let pool = server.pool().await;
    let rows = sqlx::query_as(sql)
        .bind(key)
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows
}

/// The room's seats as stored, seat by seat.
async fn stored_seats(server: &TestServer, code: &str) -> Vec<(i64, String)> {
    let sql = "SELECT seat, player FROM room_seats WHERE room = $1 ORDER BY seat";
    rows(server, sql, code).await
}

/// Who played each seat of each game of the room, game by game.
async fn game_players(server: &TestServer, code: &str) -> Vec<Vec<String>> {
    let sql = "SELECT g.number, s.player FROM game_seats s JOIN games g ON g.id = s.game \
               WHERE g.room = $1 ORDER BY g.number, s.seat";
    let mut games: Vec<Vec<String>> = Vec::new();
    for (number, player) in rows(server, sql, code).await {
        let number = usize::try_from(number).unwrap();
        games.resize(games.len().max(number), Vec::new());
        games[number - 1].push(player);
    }
    games
}

/// The ids of `people` picked by index.
fn ids(people: &[Player], picks: &[usize]) -> Vec<String> {
    picks.iter().map(|&i| people[i].id.clone()).collect()
}

#[tokio::test]
async fn house_rules_are_played_for_two_three_and_four() {
    let server = common::start().await;
    for (players, houses, capture) in [(2, 7, "all"), (3, 4, "opposite"), (4, 4, "all")] {
        let body = json!({ "house_rules": { "houses": houses, "seeds": 3, "capture": capture } });
        let (code, mut clients, _) = gathered(&server, body, players).await;
        let expected = kalah(players as u8, houses, 3, capture);
        let seats: Vec<usize> = (0..players).collect();
        let room = sit(&mut clients, &seats).await;
        assert_eq!(
            room["rules"],
            expected.as_str(),
            "the rules a start would play"
        );
        let (_, started) = start(&mut clients, false).await;
        assert_eq!(started["rules"], expected.as_str());
        let board = &started["position"]["houses"];
        assert_eq!(*board, json!(vec![vec![3; usize::from(houses)]; players]));
        let stored = rows(
            &server,
            "SELECT number, rules FROM games WHERE room = $1",
            &code,
        )
        .await;
        assert_eq!(stored, [(1, expected.clone())]);

        // The server plays these rules: a move agrees with the engine's own.
        let mut game = Game::new(Rules::new(&RuleSet::from_spec(&expected).unwrap()).unwrap());
        common::send_move(&mut clients, &mut game, "2".parse().unwrap()).await;
        for c in &mut clients {
            let moved = c.expect("moved").await;
            assert_eq!(
                moved["position"],
                serde_json::to_value(game.position()).unwrap()
            );
        }
    }
}

#[tokio::test]
async fn house_counts_fall_back_to_six_when_they_do_not_suit_the_players() {
    let server = common::start().await;
    let host = server.player("Host").await;
    let (status, created) = create(&server, &host, json!({ "house_rules": { "houses": 4 } })).await;
    assert_eq!(status, 200);
    assert_eq!(
        created["house_rules"],
        json!({ "houses": 4, "seeds": 4, "capture": "next" })
    );
    assert_eq!(created["rotation"], true, "rotation is on by default");
    assert_eq!(
        (created["min_players"].clone(), created["players"].clone()),
        (json!(2), json!(4))
    );
    assert_eq!(created["rules"], kalah(2, 6, 4, "next").as_str());

    // Four houses with two players: 6.
    let (_, mut clients, _) = gathered(&server, json!({ "house_rules": { "houses": 4 } }), 2).await;
    sit(&mut clients, &[0, 1]).await;
    let (_, started) = start(&mut clients, false).await;
    assert_eq!(started["rules"], kalah(2, 6, 4, "next").as_str());

    // Seven houses with three players: 6.
    let body = json!({ "house_rules": { "houses": 7, "seeds": 3 } });
    let (_, mut clients, _) = gathered(&server, body, 3).await;
    sit(&mut clients, &[0, 1, 2]).await;
    let (_, started) = start(&mut clients, false).await;
    assert_eq!(started["rules"], kalah(3, 6, 3, "next").as_str());
}

#[tokio::test]
async fn the_seat_count_follows_the_rules() {
    let server = common::start().await;
    let host = server.player("Host").await;
    for (rules, seats) in [
        ("kalah", 4),
        ("kalah,players=3", 4),
        ("oware", 2),
        ("mankalah", 2),
    ] {
        let (status, created) = create(&server, &host, json!({ "rules": rules })).await;
        assert_eq!(status, 200, "{created}");
        assert_eq!(created["players"], seats, "{rules}");
        assert_eq!(
            created["rotation"], false,
            "rotation is off by default with a spec"
        );
        let code = created["code"].as_str().unwrap();
        let mut client = server.socket(code).await;
        client
            .send(
                json!({ "type": "hello", "version": 1, "player": host.id, "secret": host.secret }),
            )
            .await;
        client.expect("welcome").await;
        let room = client.expect("room").await;
        assert_eq!(room["seats"].as_array().unwrap().len(), seats, "{rules}");
    }
}

#[tokio::test]
async fn seats_close_up_at_the_start() {
    let server = common::start().await;
    let (code, mut clients, people) = gathered(&server, json!({ "rules": "kalah" }), 3).await;
    let room = sit(&mut clients, &[0, 2, 3]).await;
    let spread = ids(&people, &[0, 1, 2]);
    assert_eq!(
        seated(&room),
        [
            json!(spread[0]),
            Value::Null,
            json!(spread[1]),
            json!(spread[2])
        ]
    );

    let (room, started) = start(&mut clients, true).await;
    assert_eq!(
        seated(&room),
        [
            json!(spread[0]),
            json!(spread[1]),
            json!(spread[2]),
            Value::Null
        ]
    );
    assert_eq!(started["rules"], kalah(3, 6, 4, "next").as_str());
    let expected: Vec<(i64, String)> = (0..3).map(|s| (s, spread[s as usize].clone())).collect();
    assert_eq!(stored_seats(&server, &code).await, expected);
    assert_eq!(game_players(&server, &code).await, [spread]);

    // Room seat 1 is now game player 1: the second to move.
    let mut game =
        Game::new(Rules::new(&RuleSet::from_spec(&kalah(3, 6, 4, "next")).unwrap()).unwrap());
    for m in ["1", "1"] {
        let seat = common::send_move(&mut clients, &mut game, m.parse().unwrap()).await;
        for c in &mut clients {
            assert_eq!(c.expect("moved").await["seat"], seat);
        }
    }
    assert_eq!(server.stored_events(&code).await, ["1", "1"]);
}

#[tokio::test]
async fn a_start_needs_two_players() {
    let server = common::start().await;
    let (_, mut clients, _) = gathered(&server, json!({ "house_rules": {} }), 2).await;
    clients[0].send(json!({ "type": "start" })).await;
    clients[0].expect_error("too_few_players").await;
    sit(&mut clients, &[3]).await;
    clients[0].send(json!({ "type": "start" })).await;
    clients[0].expect_error("too_few_players").await;
}

/// Plays three one-move games in a room of three (one house of one seed:
/// the first mover empties their side and the game ends), the third on a
/// new server over the same database; returns the seat order of each
/// game and the `room` message (or `null`) each start sent.
async fn three_games(rotation: bool) -> (Vec<Vec<String>>, Vec<Value>, Vec<Player>) {
    let server = common::start().await;
    let body = json!({ "rules": "kalah,houses=1,seeds=1", "rotation": rotation });
    let (code, mut clients, people) = gathered(&server, body, 3).await;
    sit(&mut clients, &[0, 1, 2]).await;
    let mut rooms = Vec::new();
    // Client i is people[i]; `order` follows who sits where.
    let mut order: Vec<usize> = vec![0, 1, 2];
    for number in 0..3 {
        if number == 2 {
            drop(clients);
            let again = common::start_on(server.database.clone()).await;
            clients = Vec::new();
            for p in &people {
                let newcomer = again.join(&code, p).await;
                // Those back already see this player back (not away).
                for c in &mut clients {
                    let room = c.expect("room").await;
                    let seats = room["seats"].as_array().unwrap();
                    let back = seats.iter().find(|s| s["player"] == p.id.as_str());
                    assert_eq!(back.unwrap()["away"], false);
                }
                clients.push(newcomer);
            }
        }
        let moved = rotation && number > 0;
        let (room, started) = start(&mut clients, moved).await;
        assert_eq!(started["to_move"], 0);
        if moved {
            order.rotate_left(1);
            let expected: Vec<Value> = order.iter().map(|&i| json!(people[i].id)).collect();
            assert_eq!(seated(&room)[..3], expected[..]);
        }
        rooms.push(room);
        clients[order[0]]
            .send(json!({ "type": "move", "move": "1" }))
            .await;
        for c in &mut clients {
            assert_eq!(c.expect("moved").await["seat"], 0);
            c.expect("over").await;
        }
    }
    (game_players(&server, &code).await, rooms, people)
}

#[tokio::test]
async fn a_rematch_with_rotation_turns_the_seats_by_one() {
    let (games, _, people) = three_games(true).await;
    // The second player of a game moves first in the next; the first
    // moves last.
    assert_eq!(
        games,
        [
            ids(&people, &[0, 1, 2]),
            ids(&people, &[1, 2, 0]),
            ids(&people, &[2, 0, 1])
        ]
    );
}

#[tokio::test]
async fn a_rematch_without_rotation_keeps_the_seats() {
    let (games, rooms, people) = three_games(false).await;
    assert_eq!(games, vec![ids(&people, &[0, 1, 2]); 3]);
    assert!(rooms.iter().all(Value::is_null), "no seat moved");
}

#[tokio::test]
async fn spectators_are_listed_once_and_watch_the_game() {
    let server = common::start().await;
    let people = [
        server.player("Ann").await,
        server.player("Bob").await,
        server.player("<i>Cy</i>").await,
    ];
    let code = server.room(&people[0], "kalah").await;
    let mut ann = server.join(&code, &people[0]).await;
    let mut ann_again = server.socket(&code).await;
    ann_again
        .send(json!({ "type": "hello", "version": 1, "player": people[0].id, "secret": people[0].secret }))
        .await;
    ann_again.expect("welcome").await;
    let room = ann_again.expect("room").await;
    assert_eq!(
        room["spectators"],
        json!([{ "player": people[0].id, "name": "Ann" }])
    );

    // A second tab is no news: the next thing Ann's first tab hears is Bob.
    let mut bob = server.join(&code, &people[1]).await;
    for c in [&mut ann, &mut ann_again] {
        let room = c.expect("room").await;
        let names: Vec<&str> = (0..2)
            .map(|i| room["spectators"][i]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Ann", "Bob"]);
    }
    ann.send(json!({ "type": "sit" })).await;
    bob.send(json!({ "type": "sit" })).await;
    for c in [&mut ann, &mut ann_again, &mut bob] {
        c.expect("room").await;
        assert_eq!(c.expect("room").await["spectators"], json!([]));
    }
    ann.send(json!({ "type": "start" })).await;
    for c in [&mut ann, &mut ann_again, &mut bob] {
        c.expect("started").await;
    }

    // Cy comes in during the game: she sees it, the others see her, names as data.
    let mut cy = server.join(&code, &people[2]).await;
    for c in [&mut ann, &mut ann_again, &mut bob] {
        let room = c.expect("room").await;
        assert_eq!(
            room["spectators"],
            json!([{ "player": people[2].id, "name": "<i>Cy</i>" }])
        );
        assert_eq!(room["game"]["events"], json!([]));
    }
    cy.send(json!({ "type": "move", "move": "1" })).await;
    cy.expect_error("not_seated").await;
    ann.send(json!({ "type": "move", "move": "1" })).await;
    for c in [&mut ann, &mut ann_again, &mut bob, &mut cy] {
        assert_eq!(c.expect("moved").await["move"], "1");
    }
    drop(cy);
    for c in [&mut ann, &mut ann_again, &mut bob] {
        assert_eq!(c.expect("room").await["spectators"], json!([]));
    }
}

#[tokio::test]
async fn a_seated_player_can_stand_before_the_game_only() {
    let server = common::start().await;
    let (code, mut clients, people) = gathered(&server, json!({ "rules": "kalah" }), 3).await;
    sit(&mut clients, &[0, 1, 2]).await;
    clients[1].send(json!({ "type": "stand" })).await;
    for c in &mut clients {
        let room = c.expect("room").await;
        assert_eq!(seated(&room)[1], Value::Null);
        assert_eq!(
            room["spectators"],
            json!([{ "player": people[1].id, "name": "P1" }])
        );
    }
    clients[1].send(json!({ "type": "stand" })).await;
    clients[1].expect_error("not_seated").await;
    assert_eq!(stored_seats(&server, &code).await.len(), 2);

    let (_, started) = start(&mut clients, true).await;
    assert_eq!(started["rules"], kalah(2, 6, 4, "next").as_str());
    clients[0].send(json!({ "type": "stand" })).await;
    clients[0].expect_error("game_in_progress").await;
}

#[tokio::test]
async fn names_change_over_http_and_over_the_socket() {
    let server = common::start().await;
    let (code, mut clients, people) = gathered(&server, json!({ "rules": "kalah" }), 2).await;
    sit(&mut clients, &[0]).await;

    let client = reqwest::Client::new();
    let url = format!("http://{}/api/players/me", server.addr);
    let rename = |name: Value, who: Option<&Player>| {
        let mut request = client.patch(&url).json(&json!({ "name": name }));
        if let Some(p) = who {
            request = request.bearer_auth(format!("{}:{}", p.id, p.secret));
        }
        request.send()
    };
    let answer = rename(json!("  Ann <b>  "), Some(&people[0]))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let body: Value = answer.json().await.unwrap();
    assert_eq!(body, json!({ "id": people[0].id, "name": "Ann <b>" }));
    for c in &mut clients {
        let room = c.expect("room").await;
        assert_eq!(room["seats"][0]["name"], "Ann <b>");
    }
    let refused = rename(json!("x".repeat(33)), Some(&people[0]))
        .await
        .unwrap();
    assert_eq!(refused.status(), 400);
    assert_eq!(refused.json::<Value>().await.unwrap()["error"], "bad_name");
    let refused = rename(json!("Eve"), None).await.unwrap();
    assert_eq!(refused.status(), 401);

    // Over the socket, a spectator: the room shows the new name at once.
    clients[1]
        .send(json!({ "type": "rename", "name": "Bo" }))
        .await;
    for c in &mut clients {
        let room = c.expect("room").await;
        assert_eq!(
            room["spectators"],
            json!([{ "player": people[1].id, "name": "Bo" }])
        );
    }
    clients[1]
        .send(json!({ "type": "rename", "name": "B\u{7}" }))
        .await;
    clients[1].expect_error("bad_name").await;

    // Stored: a newcomer sees both names.
    let late = server.player("Late").await;
    let mut late_client = server.socket(&code).await;
    late_client
        .send(json!({ "type": "hello", "version": 1, "player": late.id, "secret": late.secret }))
        .await;
    late_client.expect("welcome").await;
    let room = late_client.expect("room").await;
    assert_eq!(room["seats"][0]["name"], "Ann <b>");
    assert_eq!(room["spectators"][0]["name"], "Bo");
}

#[tokio::test]
async fn bad_room_options_are_refused_naming_the_field() {
    let server = common::start().await;
    let host = server.player("Host").await;
    let cases = [
        (
            json!({ "house_rules": { "houses": 5 } }),
            "bad_option",
            "house_rules.houses",
        ),
        (
            json!({ "house_rules": { "seeds": 6 } }),
            "bad_option",
            "house_rules.seeds",
        ),
        (
            json!({ "house_rules": { "capture": "left" } }),
            "bad_option",
            "house_rules.capture",
        ),
        (
            json!({ "house_rules": {}, "rotation": false }),
            "bad_option",
            "rotation",
        ),
        (
            json!({ "rules": "kalah", "house_rules": {} }),
            "bad_option",
            "rules",
        ),
        (json!({ "rated": true }), "bad_option", "rules"),
        (
            json!({ "house_rules": { "houses": "six" } }),
            "bad_body",
            "house_rules.houses",
        ),
        (
            json!({ "house_rules": { "sedes": 3 } }),
            "bad_body",
            "sedes",
        ),
        (
            json!({ "rules": "oware,players=3" }),
            "bad_rules",
            "oware,players=3",
        ),
        // The page cannot offer the opponent's houses (issue 30, NoSides).
        (
            json!({ "rules": "oware,must_feed=false,grand_slam=allowed,no_sides=true" }),
            "bad_rules",
            "no_sides",
        ),
        // Nor wegs, children that keep their seeds (issue 30, Qelat II).
        (
            json!({ "rules": "kalah,capture=none,children=true,child_kind=weg,end=no_legal_move" }),
            "bad_rules",
            "child_kind",
        ),
    ];
    for (body, code, field) in cases {
        let (status, answer) = create(&server, &host, body.clone()).await;
        assert!((400..500).contains(&status), "{body}: {status}");
        assert_eq!(answer["error"], code, "{body}: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains(field), "{body}: {message}");
    }
}

/// Room `n`'s first game of Kalah dealt each game: its `started` message,
/// and its export after its first legal move was played.
async fn dealt_game(server: &TestServer, n: usize) -> (Value, String) {
    let (code, mut clients, _) = server
        .seated_room("kalah,layout_seed=each_game", 2, false)
        .await;
    clients[0].send(json!({ "type": "start" })).await;
    let mut started = Value::Null;
    for c in &mut clients {
        started = c.expect("started").await;
    }
    let set = RuleSet::from_spec(started["rules"].as_str().unwrap()).unwrap();
    let first = Game::new(Rules::new(&set).unwrap())
        .legal_moves()
        .iter()
        .next();
    let m = first.unwrap().to_string();
    clients[0].send(json!({ "type": "move", "move": m })).await;
    clients[0].expect("moved").await;
    let onlooker = server.player(&format!("onlooker {n}")).await;
    let (_, room) = server.join_room(&code, &onlooker).await;
    let id = room["game"]["id"].as_str().unwrap().to_string();
    let url = format!("http://{}/api/games/{id}/export", server.addr);
    let export = reqwest::get(url).await.unwrap().text().await.unwrap();
    (started, export)
}

#[tokio::test]
async fn each_room_deals_its_own_start_and_the_export_replays_it() {
    let server = common::start().await;
    let mut starts = Vec::new();
    for n in 0..2 {
        let (started, export) = dealt_game(&server, n).await;
        // The game's rules name a concrete seed, which deals its board.
        let rules = started["rules"].as_str().unwrap();
        let set = RuleSet::from_spec(rules).unwrap();
        assert!(set.layout_seed != 0 && !set.deals_each_game(), "{rules}");
        let dealt = Game::new(Rules::new(&set).unwrap());
        let board = &started["position"]["houses"];
        let houses: Vec<Vec<u8>> = serde_json::from_value(board.clone()).unwrap();
        let sides = dealt.rules().sides();
        let expected: Vec<Vec<u8>> = sides.map(|s| dealt.start().houses(s).to_vec()).collect();
        assert_eq!(houses, expected);
        // The export is a record that replays from that same start.
        let game: Game = serde_json::from_str(&export).unwrap();
        assert_eq!(game.rules().rule_set(), &set);
        assert_eq!(game.start().to_string(), dealt.start().to_string());
        assert_eq!(game.moves().count(), 1);
        starts.push(houses);
    }
    assert_ne!(starts[0], starts[1], "two rooms dealt the same start");
}
