//! Ratings over real sockets: rated games change ratings in the `over`
//! message and in the database; casual ones do not.

mod common;

use common::{Client, Player, TestServer};
use mancala_ai::{Random, Strategy};
use mancala_core::{Game, RuleSet, Rules};
use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// Rating points within which two computed ratings are the same.
const EPSILON: f64 = 1e-6;

/// A room under `rules`, rated or not, with one client per seat, seated
/// in order, and its game started by the host (client 0).
async fn started_room(
    server: &TestServer,
    rules: &str,
    players: usize,
    rated: bool,
) -> (String, Vec<Client>, Vec<Player>) {
    let (code, mut clients, people) = server.seated_room(rules, players, rated).await;
    start(&mut clients).await;
    (code, clients, people)
}

/// The host (client 0) starts the next game; every client hears of it.
async fn start(clients: &mut [Client]) {
    clients[0].send(json!({ "type": "start" })).await;
    for c in clients.iter_mut() {
        c.expect("started").await;
    }
}

/// Seat `seat` resigns a two-player game; returns the `over` message,
/// the same for every client.
async fn resign(clients: &mut [Client], seat: usize) -> Value {
    clients[seat].send(json!({ "type": "resign" })).await;
    let mut overs = Vec::new();
    for c in clients.iter_mut() {
        c.expect("resigned").await;
        overs.push(c.expect("over").await);
    }
    assert!(overs.iter().all(|o| *o == overs[0]));
    overs.remove(0)
}

/// Plays random legal moves of `rules`, each sent by the client of the
/// seat to move, until the game ends; returns the `over` message.
async fn play_to_end(clients: &mut [Client], rules: &str, seed: u64) -> Value {
    let mut game = Game::new(Rules::new(&RuleSet::from_spec(rules).unwrap()).unwrap());
    let mut random = Random::new(seed);
    while !game.is_over() {
        let m = random.choose(&game.position()).unwrap();
        common::send_move(clients, &mut game, m).await;
        for c in clients.iter_mut() {
            c.expect("moved").await;
        }
    }
    let mut overs = Vec::new();
    for c in clients.iter_mut() {
        overs.push(c.expect("over").await);
    }
    overs.remove(0)
}

/// The number at `value`.
fn num(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("a number, not {value}"))
}

#[tokio::test]
async fn a_draw_moves_two_equal_ratings_by_nothing() {
    let server = common::start().await;
    // One house of one seed: seat 0 sows it into its store and has no
    // seeds left, seat 1 keeps its own: 1 to 1.
    let rules = "kalah,houses=1,seeds=1";
    let (_, mut clients, _) = started_room(&server, rules, 2, true).await;
    let over = play_to_end(&mut clients, rules, 1).await;
    assert_eq!(over["outcome"]["ranks"], json!([1, 1]), "{over}");
    let ratings = over["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 2);
    for r in ratings {
        assert_eq!(num(&r["rating_before"]), 1500.0);
        assert!((num(&r["rating_after"]) - 1500.0).abs() < EPSILON, "{r}");
        assert!(num(&r["deviation_after"]) < num(&r["deviation_before"]));
    }
}

#[tokio::test]
async fn a_win_and_a_loss_move_equal_ratings_symmetrically() {
    let server = common::start().await;
    let (_, mut clients, people) = started_room(&server, "kalah", 2, true).await;
    let over = resign(&mut clients, 1).await;
    let ratings = over["ratings"].as_array().unwrap();
    let gain = num(&ratings[0]["rating_after"]) - 1500.0;
    let loss = 1500.0 - num(&ratings[1]["rating_after"]);
    assert!(gain > 100.0, "{over}");
    assert!((gain - loss).abs() < EPSILON, "{over}");
    assert_eq!(ratings[0]["player"], people[0].id.as_str());
    assert_eq!(ratings[0]["rank"], 1);
    assert_eq!(ratings[1]["rank"], 2);
    assert_eq!(ratings[0]["deviation_after"], ratings[1]["deviation_after"]);
}

#[tokio::test]
async fn a_casual_game_changes_no_rating() {
    let server = common::start().await;
    let (_, mut clients, people) = started_room(&server, "kalah", 2, false).await;
    let over = resign(&mut clients, 1).await;
    assert_eq!(over["ratings"], Value::Null);
    assert_eq!(
        server.get("/api/leaderboard").await,
        (200, json!({ "players": [] }))
    );
    let (status, history) = server
        .get(&format!("/api/players/{}/games", people[0].id))
        .await;
    assert_eq!(status, 200);
    assert_eq!(history["games"], json!([]));
}

/// What Glicko-2 makes of seat `seat` from the `ranks` of a game between
/// newcomers, decomposed into one result against each other seat.
fn expected_after(ranks: &[u64], seat: usize) -> Glicko2Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = (0..ranks.len())
        .filter(|&other| other != seat)
        .map(|other| {
            let outcome = match ranks[seat].cmp(&ranks[other]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            (Glicko2Rating::new(), outcome)
        })
        .collect();
    glicko2_rating_period(&Glicko2Rating::new(), &results, &Glicko2Config::new())
}

#[tokio::test]
async fn a_three_player_game_is_rated_pair_by_pair() {
    let server = common::start().await;
    let rules = "kalah,players=3";
    let (_, mut clients, _) = started_room(&server, rules, 3, true).await;
    let over = play_to_end(&mut clients, rules, 7).await;
    let ranks: Vec<u64> = over["outcome"]["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap())
        .collect();
    let ratings = over["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    for (seat, r) in ratings.iter().enumerate() {
        // No pie rule with three players: seats are sides.
        assert_eq!(r["rank"], ranks[seat]);
        let expected = expected_after(&ranks, seat);
        assert!((num(&r["rating_after"]) - expected.rating).abs() < EPSILON);
        assert!((num(&r["deviation_after"]) - expected.deviation).abs() < EPSILON);
    }
    let best = ratings.iter().map(|r| num(&r["rating_after"]));
    assert!(best.fold(f64::MIN, f64::max) > 1500.0, "{over}");
}

#[tokio::test]
async fn the_leaderboard_and_the_history_follow_rated_games() {
    let server = common::start().await;
    let (code, mut clients, people) = started_room(&server, "kalah", 2, true).await;
    let first = resign(&mut clients, 1).await;
    start(&mut clients).await;
    let second = resign(&mut clients, 1).await;
    let second_game = &second["ratings"][0];

    let (status, board) = server.get("/api/leaderboard?limit=10").await;
    assert_eq!(status, 200);
    let players = board["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["player"], people[0].id.as_str());
    assert_eq!(players[0]["name"], "player 0");
    assert_eq!(players[0]["games"], 2);
    assert_eq!(players[0]["rating"], second_game["rating_after"]);
    let (_, top) = server.get("/api/leaderboard?limit=1").await;
    assert_eq!(top["players"].as_array().unwrap().len(), 1);

    let (status, history) = server
        .get(&format!("/api/players/{}/games", people[0].id))
        .await;
    assert_eq!(status, 200);
    let games = history["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["number"], 1);
    assert_eq!(games[0]["room"], code.as_str());
    assert_eq!(
        games[0]["rating_after"],
        first["ratings"][0]["rating_after"]
    );
    assert_eq!(games[1]["rating_before"], games[0]["rating_after"]);
    assert_eq!(games[1]["rating_after"], second_game["rating_after"]);
    assert_ne!(games[0]["game"], games[1]["game"]);

    let (status, error) = server.get("/api/players/nobody/games").await;
    assert_eq!(status, 404);
    assert_eq!(error["error"], "no_such_player");
    let (status, error) = server.get("/api/leaderboard?limit=many").await;
    assert_eq!(status, 400);
    assert_eq!(error["error"], "bad_query");
}
