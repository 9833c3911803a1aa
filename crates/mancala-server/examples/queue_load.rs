//! The queue's load benchmark: N players (2,000 by default), each on a
//! WebSocket of its own to `/ws/queue`, join queues spread over rule
//! sets, player counts and rated or casual all at once; every one must
//! be seated (`matched`) in a room whose game started. Reports the time
//! from `join` to `matched` (p50, p99, max), the rooms made per second,
//! and `GET /api/queue/counts` round trips taken while the queue is full.
//!
//! ```sh
//! cargo run --release -p mancala-server --example queue_load -- --players 2000
//! # against a running server started with a long --queue-wait:
//! cargo run --release -p mancala-server --example queue_load -- --players 2000 \
//!     --url http://127.0.0.1:8080
//! ```
//!
//! Newcomers all stand at 1500, so a queue seats its players as soon as
//! it holds a group: what is measured is the queue's and the rooms'
//! throughput with thousands of tickets arriving together. Each player
//! count is a multiple of the queue's size, so that nobody is left over.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a player waits for any one message before it counts an error.
const PATIENCE: Duration = Duration::from_secs(120);

/// The queues the players spread over: every game, count and rating
/// kind the site's home page offers most.
const QUEUES: [(&str, u8, bool); 12] = [
    ("house", 2, false),
    ("house", 2, true),
    ("house", 3, false),
    ("house", 4, false),
    ("kalah", 2, false),
    ("kalah", 4, true),
    ("oware", 2, false),
    ("oware", 2, true),
    ("congkak", 2, false),
    ("songo", 2, false),
    ("modiar", 2, false),
    ("mankalah", 2, true),
];

#[derive(Debug, Parser)]
#[command(about = "Queue load: thousands of players joining the queues of Play now at once")]
struct Args {
    /// Players joining.
    #[arg(long, default_value_t = 2000)]
    players: usize,
    /// A running server (`http://127.0.0.1:8080`) instead of one in-process.
    #[arg(long)]
    url: Option<String>,
    /// HTTP requests and connections in flight while setting up.
    #[arg(long, default_value_t = 64)]
    setup_concurrency: usize,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn main() {
    let args = Args::parse();
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    std::process::exit(runtime.block_on(run(args)));
}

async fn run(args: Args) -> i32 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let base = match &args.url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let db = format!("sqlite://{}?mode=rwc", dir.path().join("q.db").display());
            in_process_server(&db)
        }
    };
    let http = reqwest::Client::new();
    let assigned = assign(args.players);
    println!(
        "queue load: {} players over {} queues, server {base}",
        assigned.len(),
        QUEUES.len()
    );

    // Every player made and connected, past `welcome` and its first `queue`.
    let limit = Arc::new(Semaphore::new(args.setup_concurrency));
    let mut setups = Vec::new();
    for &queue in &assigned {
        let (http, base, limit) = (http.clone(), base.clone(), limit.clone());
        setups.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.map_err(|e| e.to_string())?;
            let socket = connect(&http, &base).await?;
            Ok::<_, String>((socket, queue))
        }));
    }
    let mut players = Vec::new();
    for s in setups {
        match s.await {
            Ok(Ok(p)) => players.push(p),
            Ok(Err(e)) => {
                eprintln!("setup failed: {e}");
                return 1;
            }
            Err(e) => {
                eprintln!("setup failed: {e}");
                return 1;
            }
        }
    }

    // All join at once; each waits for its `matched`.
    let start = Instant::now();
    let mut waits = Vec::new();
    for (mut socket, (game, count, rated)) in players {
        waits.push(tokio::spawn(async move {
            let join = json!({ "type": "join", "game": game, "players": count, "rated": rated });
            send(&mut socket, &join).await?;
            let sent = Instant::now();
            loop {
                let message = recv(&mut socket).await?;
                if message["type"] == "matched" {
                    return Ok::<_, String>((sent.elapsed(), socket));
                }
                if message["type"] == "error" {
                    return Err(format!("refused: {message}"));
                }
            }
        }));
    }
    // The counts, asked while the tickets come in.
    let mut counts = Histogram::<u64>::new(3).expect("a histogram");
    for _ in 0..20 {
        let asked = Instant::now();
        let ok = (http.get(format!("{base}/api/queue/counts")).send().await)
            .is_ok_and(|r| r.status().is_success());
        if ok {
            let _ = counts.record(micros(asked.elapsed()));
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let mut matched = Histogram::<u64>::new(3).expect("a histogram");
    let mut errors = 0;
    let mut sockets = Vec::new();
    for w in waits {
        match w.await {
            Ok(Ok((took, socket))) => {
                let _ = matched.record(micros(took));
                sockets.push(socket);
            }
            Ok(Err(e)) => {
                errors += 1;
                eprintln!("{e}");
            }
            Err(e) => {
                errors += 1;
                eprintln!("{e}");
            }
        }
    }
    let all = start.elapsed();
    let joined = assigned.len();
    let rooms_made: f64 = (assigned.iter())
        .map(|&(_, n, _)| 1.0 / f64::from(n))
        .sum::<f64>()
        .round();
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "seated {} of {joined} players in {:.0} rooms in {:.2} s ({:.0} rooms/s), {errors} errors",
        matched.len(),
        rooms_made,
        all.as_secs_f64(),
        rooms_made / all.as_secs_f64()
    );
    println!(
        "join -> matched: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(&matched, 0.5),
        ms(&matched, 0.99),
        matched.max() as f64 / 1000.0
    );
    println!(
        "GET /api/queue/counts while joining: p50 {:.1} ms, p99 {:.1} ms ({} asked)",
        ms(&counts, 0.5),
        ms(&counts, 0.99),
        counts.len()
    );
    drop(sockets);
    i32::from(errors > 0)
}

/// The queue of each of `players`, round the queues, trimmed so that
/// every queue holds a multiple of its size.
fn assign(players: usize) -> Vec<(&'static str, u8, bool)> {
    let mut per = vec![0usize; QUEUES.len()];
    for i in 0..players {
        per[i % QUEUES.len()] += 1;
    }
    let mut out = Vec::new();
    for (q, &n) in QUEUES.iter().zip(&per) {
        let size = usize::from(q.1);
        out.extend(std::iter::repeat_n(*q, n - n % size));
    }
    out
}

/// A new player's queue socket, past `welcome` and the first `queue`.
async fn connect(http: &reqwest::Client, base: &str) -> Result<Socket, String> {
    let player: Value = (http.post(format!("{base}/api/players")).json(&json!({})))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let url = format!("{}/ws/queue", base.replacen("http", "ws", 1));
    let (mut socket, _) = connect_async(url).await.map_err(|e| e.to_string())?;
    let hello = json!({ "type": "hello", "version": 1, "player": player["id"], "secret": player["secret"] });
    send(&mut socket, &hello).await?;
    for kind in ["welcome", "queue"] {
        let m = recv(&mut socket).await?;
        if m["type"] != kind {
            return Err(format!("expected {kind}, got {m}"));
        }
    }
    Ok(socket)
}

async fn send(socket: &mut Socket, message: &Value) -> Result<(), String> {
    (socket.send(Message::Text(message.to_string().into())).await).map_err(|e| e.to_string())
}

async fn recv(socket: &mut Socket) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .map_err(|_| "no message in time".to_string())?;
        match frame {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).map_err(|e| e.to_string());
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            other => return Err(format!("closed: {other:?}")),
        }
    }
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// Starts a server on its own runtime and thread, its queue offering the
/// computer only after an hour (no offer during the run); returns its URL.
fn in_process_server(database: &str) -> String {
    let config = mancala_server::Config {
        addr: "127.0.0.1:0".to_string(),
        database: database.to_string(),
        queue_wait: Duration::from_secs(3600),
        ..mancala_server::Config::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = mancala_server::serve_blocking(&config, |url| {
            let _ = tx.send(url.to_string());
        });
        if let Err(e) = result {
            eprintln!("queue load: the server failed: {e}");
        }
    });
    rx.recv().expect("the server started")
}
