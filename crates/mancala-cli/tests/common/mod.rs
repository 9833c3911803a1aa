//! What the tests of the real `mancala serve` share: the process, its
//! HTTP calls, WebSocket clients, and seeded games played through them.

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mancala_ai::{Random, Strategy};
use mancala_core::Game;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a test waits for a message before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A running `mancala serve`, killed when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    // Held open: the server must never write to a closed pipe.
    _stdout: BufReader<ChildStdout>,
}

impl Served {
    /// Starts `mancala serve` on a free port over `database` with `extra`
    /// arguments; reads the URL it prints.
    pub fn start(database: &str, extra: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
            .args(extra)
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

    /// Sends the process signal `name` (`STOP`, `CONT`) with `kill`.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([format!("-{name}"), self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{name} failed");
    }

    /// Waits at most `limit` for the process to end; its exit status,
    /// `None` if it ended by a signal.
    pub fn exit_within(&mut self, limit: Duration) -> Option<i32> {
        let began = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(began.elapsed() < limit, "still running after {limit:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kills the process at once (SIGKILL on Unix): no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// `POST path` with `body`, as `auth` when given; the JSON answer.
    pub async fn post(&self, path: &str, body: Value, auth: Option<&(String, String)>) -> Value {
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
    pub async fn join(&self, code: &str, person: &(String, String)) -> (Client, Value) {
        match self.try_join(code, person).await {
            Ok(joined) => joined,
            Err(refusal) => panic!("joining room {code} was refused: {refusal}"),
        }
    }

    /// As [`Served::join`], or the HTTP status and body of a refused
    /// upgrade.
    pub async fn try_join(
        &self,
        code: &str,
        (id, secret): &(String, String),
    ) -> Result<(Client, Value), String> {
        let ws_url = self.url.replacen("http://", "ws://", 1);
        let ws = match connect_async(format!("{ws_url}/ws/rooms/{code}")).await {
            Ok((ws, _)) => ws,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                let body = response.body().as_deref().unwrap_or_default();
                return Err(format!(
                    "{} {}",
                    response.status().as_u16(),
                    String::from_utf8_lossy(body)
                ));
            }
            Err(e) => panic!("connecting to room {code}: {e}"),
        };
        let mut client = Client { ws };
        client
            .send(json!({ "type": "hello", "version": 1, "player": id, "secret": secret }))
            .await;
        // A refusal after the upgrade (a socket passed on to a room's
        // owner that cannot take it) is an `error` instead of `welcome`.
        let first = client.next_message().await;
        if first["type"] == "error" {
            return Err(first.to_string());
        }
        assert_eq!(first["type"], "welcome", "{first}");
        let room = client.expect("room").await;
        Ok((client, room))
    }
}

impl Served {
    /// A room of `rules` with two new players, Ann and Bob, seated and its
    /// game started: their `(id, secret)`s, the room's code, and their
    /// clients, past `started`.
    pub async fn started_room(&self, rules: &str) -> (Vec<(String, String)>, String, Vec<Client>) {
        self.started_room_with(json!({ "rules": rules })).await
    }

    /// As [`Served::started_room`], the room made with `body` (`POST
    /// /api/rooms`).
    pub async fn started_room_with(
        &self,
        body: Value,
    ) -> (Vec<(String, String)>, String, Vec<Client>) {
        let mut people = Vec::new();
        for name in ["Ann", "Bob"] {
            let body = self
                .post("/api/players", json!({ "name": name }), None)
                .await;
            let credential = |key: &str| body[key].as_str().unwrap().to_string();
            people.push((credential("id"), credential("secret")));
        }
        let room = self.post("/api/rooms", body, Some(&people[0])).await;
        let code = room["code"].as_str().unwrap().to_string();
        let mut clients = Vec::new();
        for person in &people {
            clients.push(self.join(&code, person).await.0);
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
        (people, code, clients)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub async fn send(&mut self, message: Value) {
        let text = message.to_string();
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next message, whatever its type.
    pub async fn next_message(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time");
            match frame {
                Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("expected a message, got {other:?}"),
            }
        }
    }

    /// The next message past `room`s, which must be of type `kind`.
    pub async fn expect(&mut self, kind: &str) -> Value {
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
pub async fn play(clients: &mut [Client], game: &mut Game, random: &mut Random, count: usize) {
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

/// What a run of the `mancala` binary printed and returned.
pub struct Run {
    /// Its exit status.
    pub status: i32,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `mancala ARGS` with `stdin` as its input, to its end.
pub fn mancala(args: &[&str], stdin: &str) -> Run {
    // `solve` keeps its endgame databases in a cache directory: never the
    // user's own from a test.
    let cache = std::env::temp_dir().join(format!("mancala-test-cache-{}", std::process::id()));
    mancala_with(args, stdin, &[("MANCALA_CACHE_DIR", cache.as_os_str())])
}

/// [`mancala`] with the environment variables `env` set.
pub fn mancala_with(args: &[&str], stdin: &str, env: &[(&str, &std::ffi::OsStr)]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .envs(env.iter().copied())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    // The program may exit before reading everything: ignore a closed pipe.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().expect("the binary finishes");
    Run {
        status: out.status.code().expect("not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}
