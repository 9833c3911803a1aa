//! A server on 127.0.0.1 with a fresh SQLite file, and clients for it.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mancala_core::{Game, Move};
use mancala_server::{Config, Server};
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a test waits for a message before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// A running server and the directory of its database.
pub struct TestServer {
    pub addr: SocketAddr,
    pub database: String,
    http: reqwest::Client,
    _dir: Option<TempDir>,
}

/// A player's credentials.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub secret: String,
}

/// Starts a server on a free port over a new database file.
pub async fn start() -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
    let mut server = start_on(database).await;
    server._dir = Some(dir);
    server
}

/// Starts a server on a free port over the database `database`.
pub async fn start_on(database: String) -> TestServer {
    start_with(database, Config::default()).await
}

/// Starts a server as `config` says, but on a free port over the
/// database `database`.
pub async fn start_with(database: String, config: Config) -> TestServer {
    let config = Config {
        addr: "127.0.0.1:0".to_string(),
        database: database.clone(),
        ..config
    };
    let server = Server::bind(&config).await.unwrap();
    let addr = server.local_addr();
    tokio::spawn(server.run());
    TestServer {
        addr,
        database,
        http: reqwest::Client::new(),
        _dir: None,
    }
}

impl TestServer {
    /// `POST path` with a JSON body and optional credentials.
    pub async fn post(&self, path: &str, body: Value, auth: Option<&Player>) -> reqwest::Response {
        let mut request = self
            .http
            .post(format!("http://{}{path}", self.addr))
            .json(&body);
        if let Some(p) = auth {
            request = request.bearer_auth(format!("{}:{}", p.id, p.secret));
        }
        request.send().await.unwrap()
    }

    /// `GET path`: its status and JSON body.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let response = self
            .http
            .get(format!("http://{}{path}", self.addr))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }

    /// A new player named `name`.
    pub async fn player(&self, name: &str) -> Player {
        let response = self
            .post("/api/players", json!({ "name": name }), None)
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        Player {
            id: body["id"].as_str().unwrap().to_string(),
            secret: body["secret"].as_str().unwrap().to_string(),
        }
    }

    /// A new room of `host` under `rules`; returns its code.
    pub async fn room(&self, host: &Player, rules: &str) -> String {
        self.room_rated(host, rules, false).await
    }

    /// A new room of `host` under `rules`, rated or casual; returns its code.
    pub async fn room_rated(&self, host: &Player, rules: &str, rated: bool) -> String {
        let response = self
            .post(
                "/api/rooms",
                json!({ "rules": rules, "rated": rated }),
                Some(host),
            )
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        body["code"].as_str().unwrap().to_string()
    }

    /// A room under `rules`, rated or not, hosted by the first of
    /// `players` new players ("player 0", ...), each with a client seated
    /// in order (seat `i` is player `i`); the game is not started.
    pub async fn seated_room(
        &self,
        rules: &str,
        players: usize,
        rated: bool,
    ) -> (String, Vec<Client>, Vec<Player>) {
        let mut people = Vec::new();
        for i in 0..players {
            people.push(self.player(&format!("player {i}")).await);
        }
        let code = self.room_rated(&people[0], rules, rated).await;
        let mut clients = Vec::new();
        for p in &people {
            clients.push(self.join(&code, p).await);
        }
        for seat in 0..players {
            clients[seat]
                .send(json!({ "type": "sit", "seat": seat }))
                .await;
            for c in &mut clients {
                c.expect("room").await;
            }
        }
        (code, clients, people)
    }

    /// A WebSocket to room `code`, before any message.
    pub async fn socket(&self, code: &str) -> Client {
        let url = format!("ws://{}/ws/rooms/{code}", self.addr);
        let (ws, _) = connect_async(url).await.unwrap();
        Client { ws }
    }

    /// A client in room `code` as `player`, past `welcome` and `room`.
    pub async fn join(&self, code: &str, player: &Player) -> Client {
        let mut client = self.socket(code).await;
        client
            .send(json!({ "type": "hello", "version": 1, "player": player.id, "secret": player.secret }))
            .await;
        assert_eq!(client.recv().await["type"], "welcome");
        assert_eq!(client.recv().await["type"], "room");
        client
    }

    /// A client in room `code` as `player`, past `welcome`, and the
    /// `room` message it got.
    pub async fn join_room(&self, code: &str, player: &Player) -> (Client, Value) {
        let mut client = self.socket(code).await;
        client
            .send(json!({ "type": "hello", "version": 1, "player": player.id, "secret": player.secret }))
            .await;
        client.expect("welcome").await;
        let room = client.expect("room").await;
        (client, room)
    }

    /// A room under `rules` with a time per turn of `turn_seconds`, and
    /// `players` new players seated in order as in
    /// [`seated_room`](TestServer::seated_room).
    pub async fn timed_room(
        &self,
        rules: &str,
        players: usize,
        turn_seconds: u64,
    ) -> (String, Vec<Client>, Vec<Player>) {
        let mut people = Vec::new();
        for i in 0..players {
            people.push(self.player(&format!("player {i}")).await);
        }
        let response = self
            .post(
                "/api/rooms",
                json!({ "rules": rules, "turn_seconds": turn_seconds }),
                Some(&people[0]),
            )
            .await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["turn_seconds"], turn_seconds);
        let code = body["code"].as_str().unwrap().to_string();
        let mut clients = Vec::new();
        for p in &people {
            clients.push(self.join(&code, p).await);
        }
        for seat in 0..players {
            clients[seat]
                .send(json!({ "type": "sit", "seat": seat }))
                .await;
            for c in &mut clients {
                c.expect("room").await;
            }
        }
        (code, clients, people)
    }

    /// The events of every game of room `code`, as stored, game after game.
    pub async fn stored_events(&self, code: &str) -> Vec<String> {
        let pool = sqlx::SqlitePool::connect(&self.database).await.unwrap();
        let events = sqlx::query_scalar(
            "SELECT e.event FROM game_events e JOIN games g ON g.id = e.game \
             WHERE g.room = $1 ORDER BY g.number, e.seq",
        )
        .bind(code)
        .fetch_all(&pool)
        .await
        .unwrap();
        pool.close().await;
        events
    }
}

/// A new database file in a temporary directory (kept while the
/// directory lives).
pub fn database() -> (TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
    (dir, database)
}

/// Most real time a test run by [`frozen`] may take.
const WALL_PATIENCE: Duration = Duration::from_secs(120);

/// Runs `test` on a runtime whose clock is paused (`start_paused`) so
/// that it only moves when the test calls `tokio::time::advance`.
///
/// A paused clock alone is not enough: whenever every task waits (on
/// SQLite's worker thread, a socket, a blocking search), tokio jumps the
/// clock to the next timer, so that a turn could time out while its
/// player's move is on the wire. Here a keeper future runs beside the
/// test and yields at once every time it is polled, so the runtime is
/// never idle and never jumps the clock. The keeper also fails the test
/// after [`WALL_PATIENCE`] of real time, since the clients' own patience
/// (virtual time) never runs out.
pub async fn frozen(test: impl Future<Output = ()>) {
    let started = std::time::Instant::now();
    let keeper = async {
        while started.elapsed() < WALL_PATIENCE {
            // Let SQLite's and the searches' threads have the core.
            std::thread::yield_now();
            tokio::task::yield_now().await;
        }
    };
    tokio::select! {
        biased;
        () = test => {}
        () = keeper => panic!("the test took more than {WALL_PATIENCE:?} of real time"),
    }
}

/// A server on its own runtime and thread, which [`Detached::kill`]
/// stops at once, every task of it dropped, as if the process died.
pub struct Detached {
    pub server: TestServer,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

/// Starts a [`Detached`] server on a free port over `database`.
pub fn start_detached(database: String) -> Detached {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = Config {
        addr: "127.0.0.1:0".to_string(),
        database: database.clone(),
        ..Config::default()
    };
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let server = Server::bind(&config).await.unwrap();
            addr_tx.send(server.local_addr()).unwrap();
            tokio::select! {
                _ = server.run() => {}
                _ = stopped => {}
            }
        });
        // Dropping the runtime drops every room and connection task.
    });
    let addr = addr_rx.recv().unwrap();
    Detached {
        server: TestServer {
            addr,
            database,
            http: reqwest::Client::new(),
            _dir: None,
        },
        stop,
        thread,
    }
}

impl Detached {
    /// Stops the server and waits until every task of it is gone.
    pub fn kill(self) {
        let _ = self.stop.send(());
        self.thread.join().unwrap();
    }
}

/// One WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Sends `message` as JSON text.
    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next JSON message, or `None` once the server closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time");
            match frame {
                Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                _ => return None,
            }
        }
    }

    /// The next JSON message.
    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("the connection is open")
    }

    /// The next message, which must be of type `kind`.
    pub async fn expect(&mut self, kind: &str) -> Value {
        let message = self.recv().await;
        assert_eq!(message["type"], kind, "{message}");
        message
    }

    /// The next message, which must be an error with `code`.
    pub async fn expect_error(&mut self, code: &str) {
        let message = self.expect("error").await;
        assert_eq!(message["code"], code, "{message}");
    }
}

/// The next `moved` on `client`, checked against `game`, where its move
/// is then played: the seat, the number and the position after it.
pub async fn follow(client: &mut Client, game: &mut Game) -> Value {
    let moved = client.expect("moved").await;
    let position = game.position();
    assert_eq!(
        moved["seat"],
        position.player_of(position.to_move()),
        "{moved}"
    );
    let m: Move = moved["move"].as_str().unwrap().parse().unwrap();
    game.play(m).unwrap();
    assert_eq!(moved["seq"], game.events().len());
    assert_eq!(
        moved["position"],
        serde_json::to_value(game.position()).unwrap()
    );
    moved
}

/// The game of the rules spec `rules`, from its start.
pub fn game_of(rules: &str) -> Game {
    Game::new(mancala_core::Rules::new(&mancala_core::RuleSet::from_spec(rules).unwrap()).unwrap())
}

/// The events of `game` as text.
pub fn events(game: &Game) -> Vec<String> {
    game.events().iter().map(ToString::to_string).collect()
}

/// The seat to move plays `m`: on `game`, the test's own replay, and as a
/// `move` message from that seat's client. Returns the seat.
pub async fn send_move(clients: &mut [Client], game: &mut Game, m: Move) -> usize {
    let position = game.position();
    let seat = position.player_of(position.to_move());
    game.play(m).unwrap();
    clients[seat]
        .send(json!({ "type": "move", "move": m.to_string() }))
        .await;
    seat
}
