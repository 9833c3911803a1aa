//! The real `mancala serve` killed with SIGKILL mid-game and started again
//! on the same SQLite file: the players reconnect to the same position and
//! finish the game, and nothing was lost or played twice.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mancala_ai::{Random, Strategy};
use mancala_core::{Game, RuleSet, Rules};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long the test waits for a message before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// Moves played before the server is killed.
const BEFORE_KILL: usize = 9;

/// A running `mancala serve`, killed when dropped.
struct Served {
    child: Child,
    url: String,
    // Held open: the server must never write to a closed pipe.
    _stdout: BufReader<ChildStdout>,
}

impl Served {
    /// Starts `mancala serve` on a free port over `database`; reads the URL
    /// it prints.
    fn start(database: &str) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("a URL, not {line:?}"))
            .to_string();
        Served {
            child,
            url,
            _stdout: stdout,
        }
    }

    /// Kills the process at once (SIGKILL on Unix): no shutdown code runs.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// `POST path` with `body`, as `auth` when given; the JSON answer.
    async fn post(&self, path: &str, body: Value, auth: Option<&(String, String)>) -> Value {
        let mut request = reqwest::Client::new()
            .post(format!("{}{path}", self.url))
            .json(&body);
        if let Some((id, secret)) = auth {
            request = request.bearer_auth(format!("{id}:{secret}"));
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    /// A client of room `code` as player `(id, secret)`, past `welcome`;
    /// returns it with the `room` message.
    async fn join(&self, code: &str, (id, secret): &(String, String)) -> (Client, Value) {
        let ws_url = self.url.replacen("http://", "ws://", 1);
        let (ws, _) = connect_async(format!("{ws_url}/ws/rooms/{code}"))
            .await
            .unwrap();
        let mut client = Client { ws };
        client
            .send(json!({ "type": "hello", "version": 1, "player": id, "secret": secret }))
            .await;
        client.expect("welcome").await;
        let room = client.expect("room").await;
        (client, room)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One WebSocket client.
struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    async fn send(&mut self, message: Value) {
        let text = message.to_string();
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next message past `room`s, which must be of type `kind`.
    async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    // A room tells everyone of every seat and spectator
                    // change; only a test waiting for one reads it.
                    if message["type"] == "room" && kind != "room" {
                        continue;
                    }
                    assert_eq!(message["type"], kind, "{message}");
                    return message;
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("expected {kind}, got {other:?}"),
            }
        }
    }
}

/// Plays `count` moves of `random` (or to the end): each sent by the
/// client of the seat to move, replayed on `game`, and checked in the
/// `moved` every client gets.
async fn play(clients: &mut [Client], game: &mut Game, random: &mut Random, count: usize) {
    for _ in 0..count {
        if game.is_over() {
            return;
        }
        let position = game.position();
        let seat = position.player_to_move();
        let m = random.choose(&position).unwrap();
        game.play(m).unwrap();
        clients[seat]
            .send(json!({ "type": "move", "move": m.to_string() }))
            .await;
        let expected = serde_json::to_value(game.position()).unwrap();
        for c in clients.iter_mut() {
            let moved = c.expect("moved").await;
            assert_eq!(moved["move"], m.to_string());
            assert_eq!(moved["seq"], game.events().len());
            assert_eq!(moved["position"], expected);
        }
    }
}

/// The rows of `table` in the SQLite file, opened read-only.
async fn count_rows(file: &Path, table: &str) -> i64 {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let count = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    count
}

/// The events of `game` as text.
fn events(game: &Game) -> Vec<String> {
    game.events().iter().map(ToString::to_string).collect()
}

#[tokio::test]
async fn a_game_survives_sigkill_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fault.db");
    let database = format!("sqlite://{}?mode=rwc", file.display());
    let mut game = Game::new(Rules::new(&RuleSet::from_spec("kalah").unwrap()).unwrap());
    let mut random = Random::new(17);

    let served = Served::start(&database);
    let mut people = Vec::new();
    for name in ["Ann", "Bob"] {
        let body = served
            .post("/api/players", json!({ "name": name }), None)
            .await;
        let credential = |key: &str| body[key].as_str().unwrap().to_string();
        people.push((credential("id"), credential("secret")));
    }
    let room = served
        .post("/api/rooms", json!({ "rules": "kalah" }), Some(&people[0]))
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let mut clients = Vec::new();
    for person in &people {
        clients.push(served.join(&code, person).await.0);
    }
    for seat in 0..2 {
        clients[seat]
            .send(json!({ "type": "sit", "seat": seat }))
            .await;
        for c in &mut clients {
            c.expect("room").await;
        }
    }
    clients[0].send(json!({ "type": "start" })).await;
    for c in &mut clients {
        c.expect("started").await;
    }
    play(&mut clients, &mut game, &mut random, BEFORE_KILL).await;
    assert!(
        !game.is_over(),
        "the game is under way when the server dies"
    );

    served.kill();
    drop(clients);
    let served = Served::start(&database);
    let mut clients = Vec::new();
    for (seat, person) in people.iter().enumerate() {
        let (client, room) = served.join(&code, person).await;
        assert_eq!(room["seats"][seat]["player"], person.0.as_str());
        let restored = &room["game"];
        assert_eq!(restored["events"], json!(events(&game)), "no move lost");
        let position = serde_json::to_value(game.position()).unwrap();
        assert_eq!(restored["position"], position);
        let to_move = game.position().player_to_move();
        assert_eq!(restored["to_move"], to_move);
        clients.push(client);
    }

    play(&mut clients, &mut game, &mut random, usize::MAX).await;
    let outcome = game.outcome().unwrap();
    for c in &mut clients {
        let over = c.expect("over").await;
        assert_eq!(over["outcome"]["scores"], json!(outcome.scores()));
        assert_eq!(over["outcome"]["ranks"], json!(outcome.ranks()));
    }
    let (_, room) = served.join(&code, &people[1]).await;
    assert_eq!(room["game"]["events"], json!(events(&game)));
    served.kill();

    let moves = i64::try_from(game.events().len()).unwrap();
    assert!(moves > i64::try_from(BEFORE_KILL).unwrap());
    assert_eq!(count_rows(&file, "game_events").await, moves, "none twice");
    assert_eq!(count_rows(&file, "games").await, 1);
}
