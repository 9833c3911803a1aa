//! The players' pages and the replays over real sockets and a real
//! database: `GET /api/games/{id}`, `GET /api/players/{id}` and the
//! games list paged; no secret nor its hash in any answer.

mod common;

use common::{Client, TestServer};
use mancala_ai::{Random, Strategy};
use mancala_core::Game;
use serde_json::{Value, json};

/// The host (client 0) starts the next game; every client hears of it.
/// Returns the game's id.
async fn start(clients: &mut [Client]) -> String {
    clients[0].send(json!({ "type": "start" })).await;
    let mut id = String::new();
    for c in clients.iter_mut() {
        let started = c.expect_past_rooms("started").await;
        id = started["id"].as_str().unwrap().to_string();
    }
    id
}

/// Seat `seat` resigns a two-player game; every client hears it and the
/// end. Returns the `over` message.
async fn resign(clients: &mut [Client], seat: usize) -> Value {
    clients[seat].send(json!({ "type": "resign" })).await;
    let mut over = Value::Null;
    for c in clients.iter_mut() {
        c.expect("resigned").await;
        over = c.expect("over").await;
    }
    over
}

/// Plays random legal moves of `rules` from the clients of the seats to
/// move until the game ends; returns the test's own record of it.
async fn play_to_end(clients: &mut [Client], rules: &str, seed: u64) -> Game {
    let mut game = common::game_of(rules);
    let mut random = Random::new(seed);
    while !game.is_over() {
        let m = random.choose(&game.position()).unwrap();
        common::send_move(clients, &mut game, m).await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    for c in clients.iter_mut() {
        c.expect("over").await;
    }
    game
}

/// `GET path` as text: its status and body.
async fn get_text(server: &TestServer, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://{}{path}", server.addr))
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

#[tokio::test]
async fn a_one_move_game_replays_with_its_sowing_and_result() {
    let server = common::start().await;
    // One house of one seed: seat 0 sows it into its store and has no
    // seeds left, seat 1's seed goes to its own store: 1 to 1.
    let rules = "kalah,houses=1,seeds=1";
    let (code, mut clients, people) = server.seated_room(rules, 2, false).await;
    let id = start(&mut clients).await;
    clients[0]
        .send(json!({ "type": "move", "move": "1" }))
        .await;
    for c in clients.iter_mut() {
        c.expect("moved").await;
        c.expect("over").await;
    }
    let (status, game) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["id"], id.as_str());
    assert_eq!(game["room"], code.as_str());
    assert_eq!(game["number"], 1);
    // Kalah with one house is no preset: rules of one's own.
    assert_eq!(game["preset"], Value::Null);
    assert_eq!(game["rated"], false);
    assert_eq!(game["over"], true);
    assert_eq!(
        game["seats"],
        json!([
            { "seat": 0, "player": people[0].id, "name": "player 0", "level": null },
            { "seat": 1, "player": people[1].id, "name": "player 1", "level": null },
        ])
    );
    assert_eq!(game["start"]["houses"], json!([[1], [1]]));
    assert_eq!(game["start"]["stores"], json!([0, 0]));
    assert_eq!(game["to_move"], 0);
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 1, "{game}");
    let ply = &plies[0];
    assert_eq!(ply["ply"], 1);
    assert_eq!(ply["seat"], 0);
    assert_eq!(ply["event"], "1");
    assert_eq!(ply["by"], "player");
    assert_eq!(ply["position"]["houses"], json!([[0], [0]]));
    assert_eq!(ply["position"]["stores"], json!([1, 1]));
    assert_eq!(ply["to_move"], Value::Null);
    assert_eq!(
        ply["effect"]["steps"],
        json!([
            { "step": "lift", "cup": { "kind": "house", "side": 0, "number": 1 } },
            { "step": "seed", "cup": { "kind": "store", "side": 0 } },
        ])
    );
    assert_eq!(game["outcome"]["seat_ranks"], json!([1, 1]));
    assert!(game["started_at"].as_i64().unwrap() > 1_700_000_000_000);
    assert!(game["ended_at"].as_i64().unwrap() >= game["started_at"].as_i64().unwrap());
}

#[tokio::test]
async fn every_ply_of_a_whole_game_is_the_engines_position_after_it() {
    let server = common::start().await;
    let rules = "kalah,houses=3,seeds=3";
    let (_, mut clients, _) = server.seated_room(rules, 2, false).await;
    let id = start(&mut clients).await;
    let mine = play_to_end(&mut clients, rules, 7).await;
    let (status, game) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies.len(), mine.events().len());
    let positions: Vec<_> = mine.positions().collect();
    for (i, (ply, event)) in plies.iter().zip(mine.events()).enumerate() {
        assert_eq!(ply["event"], event.to_string().as_str(), "ply {i}");
        assert_eq!(ply["seat"], positions[i].player_to_move(), "ply {i}");
        let after = positions.get(i + 1).map_or_else(|| mine.position(), |p| *p);
        assert_eq!(
            ply["position"],
            serde_json::to_value(after).unwrap(),
            "ply {i}"
        );
        // The seeds sown are the move's path, as `moved` gives it.
        let sown = ply["effect"]["sown"].as_u64().unwrap();
        assert_eq!(ply["effect"]["path"].as_array().unwrap().len() as u64, sown);
    }
    assert_eq!(game["over"], true);
    assert_eq!(
        game["outcome"]["seat_scores"],
        json!(mine.outcome().unwrap().player_scores())
    );
}

#[tokio::test]
async fn a_live_game_replays_what_has_been_played() {
    let server = common::start().await;
    let (_, mut clients, _) = server.seated_room("kalah", 2, false).await;
    let id = start(&mut clients).await;
    // Kalah(6,4): house 3 ends in the store, an extra turn; then 1.
    for m in ["3", "1"] {
        clients[0].send(json!({ "type": "move", "move": m })).await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    let (status, game) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["over"], false);
    assert_eq!(game["outcome"], Value::Null);
    assert_eq!(game["ended_at"], Value::Null);
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 2);
    assert_eq!(plies[0]["effect"]["extra_turn"], true);
    assert_eq!(plies[0]["to_move"], 0);
    assert_eq!(plies[1]["seat"], 0);
    assert_eq!(plies[1]["to_move"], 1);
    // House 3's four seeds go to houses 4, 5, 6 and the store; then
    // house 1's four to houses 2 to 5 (house 3 empty before: now 1).
    assert_eq!(plies[1]["position"]["houses"][0], json!([0, 5, 1, 6, 6, 5]));
    assert_eq!(plies[1]["position"]["stores"], json!([1, 0]));
}

#[tokio::test]
async fn unknown_ids_are_404_in_the_usual_shape() {
    let server = common::start().await;
    let nobody = "0".repeat(32);
    let (status, body) = server.get(&format!("/api/games/{nobody}")).await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "no_such_game");
    assert_eq!(body["args"], json!({}));
    assert!(body["message"].as_str().unwrap().contains(&nobody));
    let (status, body) = server.get(&format!("/api/players/{nobody}")).await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "no_such_player");
    let (status, body) = server
        .get(&format!("/api/players/{nobody}/games?scope=all"))
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "no_such_player");
}

#[tokio::test]
async fn a_players_page_has_their_rating_history_and_record() {
    let server = common::start().await;
    let (_, mut clients, people) = server.seated_room("kalah", 2, true).await;
    let (status, before) = server.get(&format!("/api/players/{}", people[0].id)).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(before["name"], "player 0");
    assert_eq!(before["rating"], 1500.0);
    assert_eq!(before["deviation"], 350.0);
    assert_eq!(before["rated_games"], 0);
    assert_eq!(before["history"], json!([]));
    assert_eq!(before["record"], json!([]));
    assert_eq!(before["level"], Value::Null);

    let first = start(&mut clients).await;
    let over = resign(&mut clients, 1).await;
    let second = start(&mut clients).await;
    let over2 = resign(&mut clients, 0).await;
    let (_, page) = server.get(&format!("/api/players/{}", people[0].id)).await;
    assert_eq!(page["rated_games"], 2);
    let history = page["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0]["number"], 1);
    assert_eq!(history[0]["game"], first.as_str());
    assert_eq!(history[0]["rating"], over["ratings"][0]["rating_after"]);
    assert_eq!(history[1]["game"], second.as_str());
    assert_eq!(history[1]["rating"], over2["ratings"][0]["rating_after"]);
    assert_eq!(page["rating"], over2["ratings"][0]["rating_after"]);
    assert_eq!(page["deviation"], over2["ratings"][0]["deviation_after"]);
    assert!(history[0]["at"].as_i64().unwrap() <= history[1]["at"].as_i64().unwrap());
    assert_eq!(
        page["record"],
        json!([{ "preset": "kalah", "rules": null, "wins": 1, "draws": 0, "losses": 1 }])
    );
}

#[tokio::test]
async fn draws_and_rules_of_ones_own_are_tallied_apart() {
    let server = common::start().await;
    // One house of one seed ends 1 to 1: a draw.
    let rules = "kalah,houses=1,seeds=1";
    let (_, mut clients, people) = server.seated_room(rules, 2, false).await;
    start(&mut clients).await;
    play_to_end(&mut clients, rules, 1).await;
    // And a win in Oware.
    let code = server.room(&people[0], "oware").await;
    let mut oware = server.seat_all(&code, &people).await;
    start(&mut oware).await;
    resign(&mut oware, 1).await;
    let (_, page) = server.get(&format!("/api/players/{}", people[1].id)).await;
    let record = page["record"].as_array().unwrap();
    assert_eq!(record.len(), 2, "{page}");
    let kalah11 = record.iter().find(|r| r["preset"].is_null()).unwrap();
    assert_eq!(kalah11["draws"], 1);
    assert_eq!(kalah11["wins"], 0);
    assert!(kalah11["rules"].as_str().unwrap().contains("houses=1"));
    let ow = record.iter().find(|r| r["preset"] == "oware").unwrap();
    assert_eq!((&ow["wins"], &ow["losses"]), (&json!(0), &json!(1)));
    // A casual game changes no rating.
    assert_eq!(page["rated_games"], 0);
}

#[tokio::test]
async fn a_players_games_are_paged_newest_first_rated_and_casual() {
    let server = common::start().await;
    let (_, mut rated, people) = server.seated_room("kalah", 2, true).await;
    let g1 = start(&mut rated).await;
    resign(&mut rated, 1).await;
    let code = server.room(&people[0], "oware").await;
    let mut casual = server.seat_all(&code, &people).await;
    let g2 = start(&mut casual).await;
    resign(&mut casual, 0).await;
    let g3 = start(&mut rated).await;
    let me = &people[0].id;

    let (status, page) = server
        .get(&format!("/api/players/{me}/games?scope=all&limit=2"))
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["player"], me.as_str());
    let games = page["games"].as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(ids, [g3.as_str(), g2.as_str()]);
    assert_eq!(games[0]["over"], false);
    assert_eq!(games[0]["result"], Value::Null);
    assert_eq!(games[0]["rated"], true);
    assert_eq!(games[1]["rated"], false);
    assert_eq!(games[1]["preset"], "oware");
    assert_eq!(games[1]["result"], "loss");
    assert_eq!(games[1]["seat"], 0);
    assert_eq!(games[1]["seats"][1]["player"], people[1].id.as_str());
    let next = page["next"].as_str().unwrap();

    let (_, rest) = server
        .get(&format!(
            "/api/players/{me}/games?scope=all&limit=2&before={next}"
        ))
        .await;
    let games = rest["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{rest}");
    assert_eq!(games[0]["game"], g1.as_str());
    assert_eq!(games[0]["result"], "win");
    assert_eq!(games[0]["number"], 1);
    assert_eq!(rest["next"], Value::Null);

    // Without a scope the answer is as before: the rated games, in the
    // order finished.
    let (_, rated_only) = server.get(&format!("/api/players/{me}/games")).await;
    let games = rated_only["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["game"], g1.as_str());
    assert_eq!(games[0]["number"], 1);
    assert!(rated_only.get("next").is_none());
}

#[tokio::test]
async fn a_bad_scope_or_cursor_is_refused_by_name() {
    let server = common::start().await;
    let p = server.player("Ann").await;
    for (query, field) in [
        ("scope=mine", "scope"),
        ("scope=all&before=yesterday", "before"),
        ("scope=all&limit=many", "limit"),
    ] {
        let (status, body) = server
            .get(&format!("/api/players/{}/games?{query}", p.id))
            .await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["message"].as_str().unwrap().contains(field), "{body}");
    }
}

#[tokio::test]
async fn no_answer_carries_a_secret_or_its_hash() {
    let server = common::start().await;
    let (_, mut clients, people) = server.seated_room("kalah", 2, true).await;
    let id = start(&mut clients).await;
    resign(&mut clients, 1).await;
    let pool = server.pool().await;
    let mut secrets: Vec<String> = Vec::new();
    for p in &people {
        let hash: String = sqlx::query_scalar("SELECT secret_hash FROM players WHERE id = $1")
            .bind(&p.id)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(hash.len(), 64);
        secrets.push(hash);
        secrets.push(p.secret.clone());
    }
    pool.close().await;
    let me = &people[0].id;
    for path in [
        format!("/api/games/{id}"),
        format!("/api/players/{me}"),
        format!("/api/players/{me}/games"),
        format!("/api/players/{me}/games?scope=all"),
        "/api/leaderboard".to_string(),
    ] {
        let (status, text) = get_text(&server, &path).await;
        assert_eq!(status, 200, "{path}: {text}");
        for s in &secrets {
            assert!(!text.contains(s.as_str()), "{path} tells a secret: {text}");
        }
        assert!(!text.contains("secret"), "{path}: {text}");
    }
}

#[tokio::test]
async fn a_computers_page_names_its_level() {
    let server = common::start().await;
    let (status, page) = server.get("/api/players/ai:3").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["level"], 3);
    assert_eq!(page["name"], "Computer (level 3)");
}

#[tokio::test]
async fn a_replay_and_a_players_page_are_the_page() {
    let server = common::start().await;
    let (_, home) = get_text(&server, "/").await;
    for path in [
        "/g/0123456789abcdef0123456789abcdef",
        "/p/0123456789abcdef0123456789abcdef",
    ] {
        let (status, html) = get_text(&server, path).await;
        assert_eq!((status, &html), (200, &home), "{path}");
    }
    for path in ["/assets/replay.js", "/assets/player.js", "/assets/chart.js"] {
        let (status, body) = get_text(&server, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.starts_with("// @ts-check"), "{path}");
    }
}
