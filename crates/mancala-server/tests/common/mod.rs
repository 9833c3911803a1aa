//! A server on 127.0.0.1 with a fresh database, and clients for it.
//!
//! The database is a new SQLite file, or, when the environment variable
//! [`POSTGRES_VAR`] holds the URL of a PostgreSQL database to connect to
//! (`postgres://USER@127.0.0.1:PORT/postgres`), a new PostgreSQL database
//! made through it for the test and dropped after it: so every server
//! test runs on both (`.ci/run` runs them again on a PostgreSQL of its
//! own).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mancala_core::{Game, Move};
use mancala_server::{Config, Server};
use serde_json::{Value, json};
use sqlx::AnyPool;
use sqlx::{Connection, Executor, PgConnection};
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a test waits for a message before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// The environment variable naming the PostgreSQL to test on, if any.
pub const POSTGRES_VAR: &str = "MANCALA_TEST_POSTGRES";

/// A running server and, when it made it, its database, which goes
/// with it.
pub struct TestServer {
    pub addr: SocketAddr,
    pub database: String,
    http: reqwest::Client,
    _owned: Option<TestDatabase>,
}

/// A fresh database for one test: its URL, and what removes it when
/// dropped (a SQLite file's directory, or a PostgreSQL database).
pub struct TestDatabase {
    pub url: String,
    _dir: Option<TempDir>,
    _postgres: Option<PostgresDatabase>,
}

/// A fresh database: a new SQLite file, or a new PostgreSQL database when
/// [`POSTGRES_VAR`] is set. For a test that runs the server otherwise
/// than through [`start`] (the real binary, say) on either.
pub async fn database() -> TestDatabase {
    if let Some(admin) = std::env::var(POSTGRES_VAR).ok().filter(|v| !v.is_empty()) {
        let postgres = PostgresDatabase::create(&admin).await;
        return TestDatabase {
            url: postgres.url.clone(),
            _dir: None,
            _postgres: Some(postgres),
        };
    }
    let dir = tempfile::tempdir().unwrap();
    TestDatabase {
        url: format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display()),
        _dir: Some(dir),
        _postgres: None,
    }
}

/// A player's credentials.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub secret: String,
}

/// Starts a server on a free port over a new database: a SQLite file, or
/// a PostgreSQL database when [`POSTGRES_VAR`] is set.
pub async fn start() -> TestServer {
    let database = database().await;
    let mut server = start_on(database.url.clone()).await;
    server._owned = Some(database);
    server
}

/// Starts a server with `config` on a free port over a new database (as
/// [`start`] makes it), which it owns.
pub async fn start_owning(database: TestDatabase, config: Config) -> TestServer {
    let mut server = start_with(database.url.clone(), config).await;
    server._owned = Some(database);
    server
}

/// A PostgreSQL database made for one test, dropped when it ends.
struct PostgresDatabase {
    /// The URL to connect to it to make and drop databases.
    admin: String,
    name: String,
    /// The URL of the database itself.
    url: String,
}

impl PostgresDatabase {
    /// A new database with a random name, made through `admin`.
    async fn create(admin: &str) -> PostgresDatabase {
        let name = format!(
            "mancala_test_{:016x}{:016x}",
            getrandom::u64().unwrap(),
            getrandom::u64().unwrap()
        );
        let mut connection = PgConnection::connect(admin)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}: cannot connect to {admin}: {e}"));
        connection
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap();
        connection.close().await.unwrap();
        PostgresDatabase {
            admin: admin.to_string(),
            url: with_database(admin, &name),
            name,
        }
    }
}

impl Drop for PostgresDatabase {
    /// Drops the database, cutting off the test's server, on a thread of
    /// its own: the test's runtime cannot be blocked on from inside.
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async {
                let mut connection = PgConnection::connect(&admin).await?;
                connection
                    .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
                    .await?;
                connection.close().await
            })?;
            Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

/// The URL `url` with its database (its path) replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, ""), |(b, q)| (b, q));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let path = base[authority..]
        .find('/')
        .map_or(base.len(), |i| authority + i);
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{}/{name}{query}", &base[..path])
}

/// Starts a server on a free port over the database `database`.
pub async fn start_on(database: String) -> TestServer {
    start_with(database, quiet()).await
}

/// The default configuration without the silence limit: the tests that
/// move the clock by a minute at once would see every client silent
/// (`tests/heartbeat.rs` tests the limit itself).
pub fn quiet() -> Config {
    Config {
        silence_limit: None,
        // The analysis queue's own tests turn the workers on.
        analysis_workers: 0,
        // The tests of a file share one process, so the other tests'
        // CPU would count as the server being busy and hold reviews back
        // (the pause is tested in src/analysis/pace.rs; mancala-cli's
        // tests/analysis_queue.rs runs the real binary at the default).
        analysis_pause_above: 100,
        ..Config::default()
    }
}

/// The budget of the reviews the tests wait for: small, so that a
/// finished game is reviewed in a moment (the server is started with it
/// by [`start_reviewing`]; a test compares its review with the engine's
/// under it).
pub fn review_budget() -> mancala_ai::ReviewBudget {
    "solver=50k,depth=4".parse().unwrap()
}

/// A server on `database` whose one analysis worker reviews each
/// finished game under [`review_budget`].
pub async fn start_reviewing(database: &TestDatabase) -> TestServer {
    let config = Config {
        analysis_workers: 1,
        analysis_budget: review_budget(),
        ..quiet()
    };
    start_with(database.url.clone(), config).await
}

/// Starts a server on a free port over the database `database`, with
/// the rest of `config`.
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
        _owned: None,
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
        let clients = self.seat_all(&code, &people).await;
        (code, clients, people)
    }

    /// A client in room `code` for each of `people`, seated in order
    /// (seat `i` is `people[i]`), every `room` message this caused read.
    pub async fn seat_all(&self, code: &str, people: &[Player]) -> Vec<Client> {
        let mut clients: Vec<Client> = Vec::new();
        for p in people {
            let newcomer = self.join(code, p).await;
            // Those already there see a new spectator.
            for c in &mut clients {
                let room = c.expect("room").await;
                let last = room["spectators"].as_array().unwrap().last().unwrap();
                assert_eq!(last["player"], p.id.as_str());
            }
            clients.push(newcomer);
        }
        for seat in 0..people.len() {
            clients[seat]
                .send(json!({ "type": "sit", "seat": seat }))
                .await;
            for c in &mut clients {
                c.expect("room").await;
            }
        }
        clients
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

    /// A pool of connections of its own to the server's database.
    pub async fn pool(&self) -> AnyPool {
        sqlx::any::install_default_drivers();
        AnyPool::connect(&self.database).await.unwrap()
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
        let clients = self.seat_all(&code, &people).await;
        (code, clients, people)
    }

    /// The events of every game of room `code`, as stored, game after game.
    pub async fn stored_events(&self, code: &str) -> Vec<String> {
        let pool = self.pool().await;
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
        // Renewed every 200 s of its real time, that is never during a
        // test: the room was last held at its claim, before any turn
        // the test plays began, so a turn used no time by then.
        lease: std::time::Duration::from_secs(600),
        ..quiet()
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
            _owned: None,
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
        self.send_frame(Message::Text(text.into())).await;
    }

    /// Sends one frame as it is.
    pub async fn send_frame(&mut self, frame: Message) {
        self.ws.send(frame).await.unwrap();
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

    /// The next frame as it came (pings and pongs too), or `None` once
    /// the server closed, however long it takes: for a client read by a
    /// task of its own while the test moves a paused clock by more than
    /// [`PATIENCE`].
    pub async fn next_frame(&mut self) -> Option<Message> {
        self.ws.next().await.and_then(Result::ok)
    }

    /// The next JSON message.
    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("the connection is open")
    }

    /// The next message other than a `room` (which a room sends to all
    /// whenever its seats or spectators change), which must be of type
    /// `kind`.
    pub async fn expect_past_rooms(&mut self, kind: &str) -> Value {
        loop {
            let message = self.recv().await;
            if message["type"] != "room" {
                assert_eq!(message["type"], kind, "{message}");
                return message;
            }
        }
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
    assert_eq!(moved["seat"], position.player_to_move(), "{moved}");
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
    let seat = position.player_to_move();
    game.play(m).unwrap();
    clients[seat]
        .send(json!({ "type": "move", "move": m.to_string() }))
        .await;
    seat
}

/// Sends move `m` (its text, e.g. `"3"`) from `seat`'s client and reads
/// the `moved` on every client, each checked to name that seat and move;
/// returns them in client order.
pub async fn play_text(clients: &mut [Client], seat: usize, m: &str) -> Vec<Value> {
    clients[seat]
        .send(json!({ "type": "move", "move": m }))
        .await;
    let mut heard = Vec::new();
    for c in clients.iter_mut() {
        let moved = c.expect("moved").await;
        assert_eq!(moved["seat"], seat, "{moved}");
        assert_eq!(moved["move"], m, "{moved}");
        heard.push(moved);
    }
    heard
}

impl TestServer {
    /// A WebSocket to `path` (`/ws/queue`), before any message.
    pub async fn socket_at(&self, path: &str) -> Client {
        let url = format!("ws://{}{path}", self.addr);
        let (ws, _) = connect_async(url).await.unwrap();
        Client { ws }
    }
}

impl Client {
    /// Closes the connection (a close frame, then the socket).
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
