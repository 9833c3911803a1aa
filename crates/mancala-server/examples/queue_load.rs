//! The queue's load benchmark, in two modes.
//!
//! **Resident** (the default): N players (2,000 by default), each on a
//! WebSocket of its own to `/ws/queue`, wait in the queues of Play now
//! at once, spread over rule sets, player counts and rated or casual;
//! `GET /api/queue/counts` must sum to N. Then, for `--seconds` (30), it
//! measures the server holding them: a few extra players (`--churners`)
//! leave and rejoin their queue over and over, timed from the request to
//! the server's acknowledgment (their `queue` message); the counts'
//! round trip; what the waiting players receive meanwhile (the server's
//! pings, any `queue` or offer message); the server's CPU time and the
//! memory (VmRSS). At the end the counts must still sum to N and nobody
//! may have been seated. While anyone waits the queue's task looks at
//! every pool every 250 ms (`TICK` of `src/queue/service.rs`) without a
//! message to anyone unless something changed: that work is in the CPU
//! figure, and the pings are the only traffic expected.
//!
//! Nothing but ratings keeps players waiting (a ticket accepts ratings
//! within 100 points, 25 more each second it waits; see
//! `src/queue/matchmaker.rs`), and newcomers all stand at 1500. So right
//! after creating the players the benchmark writes their ratings into
//! the `ratings` table (the server reads it at every `join`), spaced
//! within each queue further apart than the widest range any ticket
//! reaches during the run. That spacing is artificial: it is there only
//! so that N players wait at once. The in-process server offers the
//! computer after an hour instead of `--queue-wait`'s 20 s, so that no
//! offer comes during the run; a server given with `--url` needs a long
//! `--queue-wait` too.
//!
//! **Burst** (`--burst`, the first version): newcomers at 1500 all join at
//! once and every one must be seated (`matched`) in a room whose game
//! started. Reports the time from `join` to `matched` (p50, p99, max), the
//! rooms made per second, and the counts' round trips taken while the
//! queue fills. Each queue gets a multiple of its size, so that nobody is
//! left over.
//!
//! The figures of docs/results.md (resident), on an idle machine:
//!
//! ```sh
//! ulimit -n 8192
//! cargo run --release -p mancala-server --example queue_load -- --players 2000 --seconds 30
//! # the server alone in its own process, for its own CPU and memory:
//! cargo build --release -p mancala-cli && mkdir -p /tmp/qload && rm -f /tmp/qload/q.db*
//! target/release/mancala serve --addr 127.0.0.1:8080 --queue-wait 3600 \
//!     --database /tmp/qload/q.db &
//! cargo run --release -p mancala-server --example queue_load -- --players 2000 --seconds 30 \
//!     --url http://127.0.0.1:8080 --server-pid $! \
//!     --database /tmp/qload/q.db
//! # the burst:
//! cargo run --release -p mancala-server --example queue_load -- --players 2000 --burst
//! ```
//!
//! **CPU** is the time on a core (the first field of
//! `/proc/<pid>/task/<tid>/schedstat`, in ns) summed over threads across
//! the measured period. In-process, the server's threads are all but the
//! main one and the client's (named `client...`: its runtime and the
//! SQLite connection that writes the ratings), that is the server's
//! runtime (named `server`), its SQLite workers and its analysis thread;
//! with `--server-pid`, every thread of that process. A thread that ends
//! during the period is left out. **Memory** is VmRSS of the process: in
//! process it counts the clients' sockets too.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use mancala_server::protocol::{QueueChoice, QueueMessage};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

/// How long a player waits for any one message before it counts an error.
const PATIENCE: Duration = Duration::from_secs(120);

/// The range a ticket accepts at once, and how much it widens a second
/// (`BASE_RANGE`, `WIDEN_PER_SECOND` of `src/queue/matchmaker.rs`, which
/// the crate does not export).
const BASE_RANGE: f64 = 100.0;
const WIDEN_PER_SECOND: f64 = 25.0;

/// Seconds beyond `--seconds` that the ratings' spacing covers: the
/// setup (every player joining) and the checks after the period.
const SPARE_SECONDS: u64 = 600;

/// The in-process server's wait before it offers the computer: longer
/// than any run, so that no offer comes during one.
const IN_PROCESS_QUEUE_WAIT: Duration = Duration::from_secs(3600);

/// A queue: game, players, rated.
type Queue = (&'static str, u8, bool);

/// The queues the players spread over: every game, count and rating
/// kind the site's home page offers most.
const QUEUES: [Queue; 12] = [
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
#[command(
    about = "Queue load: thousands of players waiting in (or joining) the queues of Play now"
)]
struct Args {
    /// Players waiting (resident) or joining (burst).
    #[arg(long, default_value_t = 2000)]
    players: usize,
    /// A running server (`http://127.0.0.1:8080`) instead of one in-process.
    #[arg(long)]
    url: Option<String>,
    /// HTTP requests and connections in flight while setting up.
    #[arg(long, default_value_t = 64)]
    setup_concurrency: usize,
    /// The first version: newcomers at 1500 join at once and must all
    /// be seated.
    #[arg(long)]
    burst: bool,
    /// Resident: the measured period, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Resident: extra players who leave and rejoin their queue through
    /// the period.
    #[arg(long, default_value_t = 10)]
    churners: usize,
    /// Resident: each churner's time from one rejoin to the next, in ms
    /// (two requests; the server allows 20 a second a connection).
    #[arg(long, default_value_t = 200)]
    churn_interval_ms: u64,
    /// Resident: the time between two `GET /api/queue/counts`, in ms.
    #[arg(long, default_value_t = 100)]
    counts_interval_ms: u64,
    /// With `--url`, resident: the server's SQLite database (`FILE` or
    /// `sqlite://FILE`), where the players' ratings are written.
    #[arg(long, requires = "url")]
    database: Option<String>,
    /// With `--url`: the server's process id, for its CPU time and memory.
    #[arg(long, requires = "url")]
    server_pid: Option<u32>,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The server under load.
struct Target {
    base: String,
    http: reqwest::Client,
    /// Its database, where the ratings are written.
    database: Option<String>,
    probe: Probe,
}

/// Where the server's CPU time and memory are read.
#[derive(Clone, Copy, Debug)]
enum Probe {
    /// This process, the client's threads left out of the CPU time.
    InProcess,
    /// Another process.
    Pid(u32),
    /// Nowhere (`--url` without `--server-pid`).
    Nowhere,
}

/// A player made, with their queue socket open.
struct Player {
    socket: Socket,
    id: String,
    queue: Queue,
}

fn main() {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("client")
        .build()
        .expect("a runtime");
    std::process::exit(runtime.block_on(run(args)));
}

async fn run(args: Args) -> i32 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let target = match target(&args, dir.path()) {
        Ok(target) => target,
        Err(e) => {
            eprintln!("queue load: {e}");
            return 1;
        }
    };
    let outcome = if args.burst {
        burst(&args, &target).await
    } else {
        resident(&args, &target).await
    };
    match outcome {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("queue load: {e}");
            1
        }
    }
}

/// The server of `args`: the one at `--url`, or one started in this
/// process over a SQLite file in `dir`.
fn target(args: &Args, dir: &std::path::Path) -> Result<Target, String> {
    let sockets = args.players + if args.burst { 0 } else { args.churners };
    let (base, database, probe, per_socket) = match &args.url {
        Some(url) => {
            let probe = args.server_pid.map_or(Probe::Nowhere, Probe::Pid);
            // A plain path, as `mancala serve --database` takes.
            let database = (args.database.as_ref()).map(|d| match d.starts_with("sqlite:") {
                true => d.clone(),
                false => format!("sqlite://{d}"),
            });
            (url.trim_end_matches('/').to_string(), database, probe, 1)
        }
        None => {
            let db = format!("sqlite://{}?mode=rwc", dir.join("q.db").display());
            (in_process_server(&db)?, Some(db), Probe::InProcess, 2)
        }
    };
    if !args.burst && database.is_none() {
        return Err("with --url, give --database: the ratings are written there".to_string());
    }
    // One descriptor a socket (two in-process: both ends), and some spare.
    let needed = sockets * per_socket + 64;
    if let Some(limit) = open_files_limit().filter(|&l| l < needed) {
        return Err(format!(
            "ulimit -n is {limit}; {sockets} sockets need {needed}"
        ));
    }
    let http = reqwest::Client::new();
    Ok(Target {
        base,
        http,
        database,
        probe,
    })
}

/// Resident mode (see the module's docs); whether every check passed.
async fn resident(args: &Args, target: &Target) -> Result<bool, String> {
    let residents = assign(args.players, false);
    let horizon = args.seconds + SPARE_SECONDS;
    let spacing = spacing(horizon);
    println!(
        "queue load (resident): {} players waiting over {} queues, {} churners, server {}",
        residents.len(),
        QUEUES.len(),
        args.churners,
        target.base
    );
    let rss_empty = target.probe.rss_kib();
    let players = connect_all(target, &residents, args.setup_concurrency).await?;
    let churn_queues = assign(args.churners, false);
    let churners = connect_all(target, &churn_queues, args.setup_concurrency).await?;
    let rows = ladder(players.iter().chain(&churners), spacing);
    write_ratings(target.database.as_deref().unwrap_or_default(), &rows).await?;
    println!(
        "ratings: 1500 + k x {spacing:.0} within each queue (ARTIFICIAL: so far apart that no \
         group suits for {horizon} s, the longest a run may take; real ratings would seat them)"
    );
    let rss_connected = target.probe.rss_kib();
    let first_join = Instant::now();
    let (sockets, joins) = join_all(players).await?;
    let joined_in = first_join.elapsed();
    let waiting = waiting_sum(target).await?;
    println!(
        "joined: {} players acknowledged in {:.2} s; join -> queue {}",
        joins.len(),
        joined_in.as_secs_f64(),
        summary(&joins)
    );
    println!("GET /api/queue/counts after the joins: {waiting} waiting");
    let rss_joined = target.probe.rss_kib();
    let traffic = Arc::new(Traffic::default());
    let (stop, readers) = spawn_readers(sockets, &traffic);
    let period = measure(args, target, churners, &traffic).await;
    let waiting_after = waiting_sum(target).await?;
    let _ = stop.send(true);
    for reader in readers {
        let _ = reader.await;
    }
    let memory = [rss_empty, rss_connected, rss_joined, period.rss_end];
    report_period(args, target.probe, &period, memory);
    println!("GET /api/queue/counts after the period: {waiting_after} waiting");
    let within = first_join.elapsed() < Duration::from_secs(horizon);
    let ok = waiting == args.players
        && waiting_after == args.players
        && period.traffic.matched == 0
        && period.traffic.closed == 0
        && period.errors == 0
        && within;
    if !within {
        println!("the run outlasted the {horizon} s the ratings' spacing covers");
    }
    println!("{}", if ok { "ok" } else { "FAILED" });
    Ok(ok)
}

/// The rating spacing within a queue that keeps every group apart for
/// `horizon` seconds: more than the widest range a ticket reaches.
fn spacing(horizon: u64) -> f64 {
    (BASE_RANGE + WIDEN_PER_SECOND * horizon as f64 + 1.0).ceil()
}

/// Each player's rating: 1500, then `spacing` more for each player
/// before them in the same queue.
fn ladder<'a>(players: impl Iterator<Item = &'a Player>, spacing: f64) -> Vec<(String, f64)> {
    let mut next: HashMap<Queue, f64> = HashMap::new();
    players
        .map(|p| {
            let rating = next.entry(p.queue).or_insert(1500.0);
            let this = *rating;
            *rating += spacing;
            (p.id.clone(), this)
        })
        .collect()
}

/// Writes `rows` (player, rating) into the `ratings` table of `database`,
/// in one transaction.
async fn write_ratings(database: &str, rows: &[(String, f64)]) -> Result<(), String> {
    let fail = |e: sqlx::Error| format!("writing the ratings into {database}: {e}");
    // Its SQLite thread is named as the client's, to be counted so.
    let options = (sqlx::sqlite::SqliteConnectOptions::from_str(database).map_err(fail)?)
        .thread_name(|id| format!("client-sqlite-{id}"));
    let pool = (sqlx::sqlite::SqlitePoolOptions::new().max_connections(1))
        .connect_with(options)
        .await
        .map_err(fail)?;
    let mut tx = pool.begin().await.map_err(fail)?;
    for (player, rating) in rows {
        sqlx::query(
            "INSERT INTO ratings (player, rating, deviation, volatility, games) \
             VALUES ($1, $2, 50.0, 0.06, 1) \
             ON CONFLICT (player) DO UPDATE SET rating = excluded.rating",
        )
        .bind(player)
        .bind(rating)
        .execute(&mut *tx)
        .await
        .map_err(fail)?;
    }
    tx.commit().await.map_err(fail)?;
    pool.close().await;
    Ok(())
}

/// Every player joins their queue at once; their sockets and the times
/// to the acknowledgment.
async fn join_all(players: Vec<Player>) -> Result<(Vec<Socket>, Histogram<u64>), String> {
    let mut tasks = Vec::new();
    for mut p in players {
        tasks.push(tokio::spawn(async move {
            let took = request(&mut p.socket, "join", p.queue).await?;
            Ok::<_, String>((p.socket, took))
        }));
    }
    let mut sockets = Vec::new();
    let mut joins = histogram();
    for task in tasks {
        let (socket, took) = task.await.map_err(|e| e.to_string())??;
        let _ = joins.record(micros(took));
        sockets.push(socket);
    }
    Ok((sockets, joins))
}

/// What the waiting players received, by kind.
#[derive(Debug, Default)]
struct Traffic {
    pings: AtomicU64,
    queue: AtomicU64,
    matched: AtomicU64,
    other: AtomicU64,
    closed: AtomicU64,
}

/// [`Traffic`] at one moment.
#[derive(Clone, Copy, Debug, Default)]
struct Received {
    pings: u64,
    queue: u64,
    matched: u64,
    other: u64,
    closed: u64,
}

impl Traffic {
    fn now(&self) -> Received {
        let get = |a: &AtomicU64| a.load(Ordering::SeqCst);
        Received {
            pings: get(&self.pings),
            queue: get(&self.queue),
            matched: get(&self.matched),
            other: get(&self.other),
            closed: get(&self.closed),
        }
    }
}

impl Received {
    fn since(self, before: Received) -> Received {
        Received {
            pings: self.pings - before.pings,
            queue: self.queue - before.queue,
            matched: self.matched - before.matched,
            other: self.other - before.other,
            closed: self.closed - before.closed,
        }
    }
}

/// Reads every socket (answering the server's pings) until `true` is
/// sent on the returned channel, counting what comes.
fn spawn_readers(
    sockets: Vec<Socket>,
    traffic: &Arc<Traffic>,
) -> (watch::Sender<bool>, Vec<JoinHandle<()>>) {
    let (stop, stopped) = watch::channel(false);
    let readers = (sockets.into_iter())
        .map(|socket| tokio::spawn(read(socket, traffic.clone(), stopped.clone())))
        .collect();
    (stop, readers)
}

async fn read(mut socket: Socket, traffic: Arc<Traffic>, mut stop: watch::Receiver<bool>) {
    loop {
        let frame = tokio::select! {
            _ = stop.changed() => return,
            frame = socket.next() => frame,
        };
        // tungstenite queues the pong, sent with the next read.
        let counter = match frame {
            Some(Ok(Message::Ping(_))) => &traffic.pings,
            Some(Ok(Message::Text(text))) => match serde_json::from_str(&text) {
                Ok(QueueMessage::Queue { .. }) => &traffic.queue,
                Ok(QueueMessage::Matched { .. }) => &traffic.matched,
                _ => &traffic.other,
            },
            Some(Ok(_)) => &traffic.other,
            _ => {
                traffic.closed.fetch_add(1, Ordering::SeqCst);
                return;
            }
        };
        counter.fetch_add(1, Ordering::SeqCst);
    }
}

/// What the measured period gave.
struct Period {
    elapsed: Duration,
    joins: Histogram<u64>,
    leaves: Histogram<u64>,
    counts: Counts,
    traffic: Received,
    /// CPU time of the server's threads and of the client's, in ns.
    cpu: Option<(u64, u64)>,
    rss_end: Option<u64>,
    errors: usize,
}

/// The measured period: churners leave and rejoin while the counts are
/// asked, for `--seconds`.
async fn measure(args: &Args, target: &Target, churners: Vec<Player>, traffic: &Traffic) -> Period {
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let every = Duration::from_millis(args.churn_interval_ms);
    let received = traffic.now();
    let threads = target.probe.threads();
    let started = Instant::now();
    let tasks: Vec<_> = (churners.into_iter())
        .map(|p| tokio::spawn(churn(p, until, every)))
        .collect();
    let counts = poll_counts(
        target,
        until,
        Duration::from_millis(args.counts_interval_ms),
    )
    .await;
    let (mut joins, mut leaves, mut errors) = (histogram(), histogram(), counts.errors);
    for task in tasks {
        match task.await.map_err(|e| e.to_string()).and_then(|r| r) {
            Ok((j, l)) => {
                let _ = joins.add(j);
                let _ = leaves.add(l);
            }
            Err(e) => {
                errors += 1;
                eprintln!("churner: {e}");
            }
        }
    }
    let elapsed = started.elapsed();
    let cpu = (threads.zip(target.probe.threads())).map(|(a, b)| target.probe.split(&a, &b));
    Period {
        elapsed,
        joins,
        leaves,
        counts,
        traffic: traffic.now().since(received),
        cpu,
        rss_end: target.probe.rss_kib(),
        errors,
    }
}

/// One churner until `until`: leave, then join again, every `every`;
/// the times to each acknowledgment. It ends out of the queue.
async fn churn(
    mut p: Player,
    until: Instant,
    every: Duration,
) -> Result<(Histogram<u64>, Histogram<u64>), String> {
    let (mut joins, mut leaves) = (histogram(), histogram());
    let _ = joins.record(micros(request(&mut p.socket, "join", p.queue).await?));
    let mut next = tokio::time::Instant::now();
    while Instant::now() < until {
        let _ = leaves.record(micros(request(&mut p.socket, "leave", p.queue).await?));
        let _ = joins.record(micros(request(&mut p.socket, "join", p.queue).await?));
        next += every;
        tokio::time::sleep_until(next).await;
    }
    let _ = leaves.record(micros(request(&mut p.socket, "leave", p.queue).await?));
    Ok((joins, leaves))
}

/// Sends `kind` (`join` or `leave`) for `queue`; the time until the
/// server's `queue` message shows the ticket there (or gone).
async fn request(socket: &mut Socket, kind: &str, queue: Queue) -> Result<Duration, String> {
    let (game, players, rated) = queue;
    let message = json!({ "type": kind, "game": game, "players": players, "rated": rated });
    send(socket, &message).await?;
    let sent = Instant::now();
    let wanted = QueueChoice {
        game: game.to_string(),
        players,
        rated,
    };
    loop {
        let message = recv(socket).await?;
        match serde_json::from_value(message.clone()) {
            Ok(QueueMessage::Queue { tickets })
                if tickets.iter().any(|t| t.choice == wanted) == (kind == "join") =>
            {
                return Ok(sent.elapsed());
            }
            Ok(QueueMessage::Matched { .. }) => {
                return Err(format!("seated ({message}): the ratings are too close"));
            }
            Ok(QueueMessage::Error { .. }) => return Err(format!("refused: {message}")),
            _ => {}
        }
    }
}

/// The counts' round trips and the sums they gave.
struct Counts {
    rtt: Histogram<u64>,
    least: usize,
    most: usize,
    errors: usize,
}

/// Asks `GET /api/queue/counts` every `every` until `until`.
async fn poll_counts(target: &Target, until: Instant, every: Duration) -> Counts {
    let mut counts = Counts {
        rtt: histogram(),
        least: usize::MAX,
        most: 0,
        errors: 0,
    };
    while Instant::now() < until {
        let asked = Instant::now();
        match waiting_sum(target).await {
            Ok(sum) => {
                let _ = counts.rtt.record(micros(asked.elapsed()));
                counts.least = counts.least.min(sum);
                counts.most = counts.most.max(sum);
            }
            Err(e) => {
                counts.errors += 1;
                eprintln!("{e}");
            }
        }
        tokio::time::sleep(every).await;
    }
    counts
}

/// The players waiting, summed over the games of `GET /api/queue/counts`.
async fn waiting_sum(target: &Target) -> Result<usize, String> {
    let answer: Value = (target.http.get(format!("{}/api/queue/counts", target.base)))
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(|e| format!("GET /api/queue/counts: {e}"))?
        .json()
        .await
        .map_err(|e| format!("GET /api/queue/counts: {e}"))?;
    let games = (answer["games"].as_array()).ok_or(format!("counts without games: {answer}"))?;
    let sum: u64 = games.iter().filter_map(|g| g["waiting"].as_u64()).sum();
    usize::try_from(sum).map_err(|e| e.to_string())
}

/// Prints the measured period. `memory`: VmRSS in KiB with no player,
/// every player connected, every one waiting, at the period's end.
fn report_period(args: &Args, probe: Probe, period: &Period, memory: [Option<u64>; 4]) {
    let secs = period.elapsed.as_secs_f64();
    let t = period.traffic;
    println!("measured for {secs:.1} s:");
    println!("  a churner's join -> queue: {}", summary(&period.joins));
    println!("  a churner's leave -> queue: {}", summary(&period.leaves));
    println!(
        "  GET /api/queue/counts: {}; sums {}..{}",
        summary(&period.counts.rtt),
        period.counts.least,
        period.counts.most
    );
    println!(
        "  to the {} waiting: {} pings ({:.1}/s), {} queue messages (offers, changes), {} matched, \
         {} other, {} closed",
        args.players,
        t.pings,
        t.pings as f64 / secs,
        t.queue,
        t.matched,
        t.other,
        t.closed
    );
    println!("  CPU: {}", cpu_line(probe, period.cpu, secs));
    let mib =
        |k: Option<u64>| k.map_or("-".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
    let per = match (memory[1], memory[2]) {
        (Some(a), Some(b)) => format!(
            "{:.2} KiB",
            b.saturating_sub(a) as f64 / args.players as f64
        ),
        _ => "-".to_string(),
    };
    println!(
        "  memory (VmRSS{}): no player {}, connected {}, all waiting {} ({per} more a player), end {}",
        if matches!(probe, Probe::InProcess) {
            ", server and clients"
        } else {
            ""
        },
        mib(memory[0]),
        mib(memory[1]),
        mib(memory[2]),
        mib(memory[3])
    );
    println!("  errors: {}", period.errors);
}

/// The CPU time (server's, client's, in ns) over `secs`, in words.
fn cpu_line(probe: Probe, cpu: Option<(u64, u64)>, secs: f64) -> String {
    let percent = |ns: u64| ns as f64 / 1e7 / secs;
    match (probe, cpu) {
        (Probe::InProcess, Some((server, client))) => format!(
            "server {:.1} % of one core ({}), client {:.1} %",
            percent(server),
            probe.measures(),
            percent(client)
        ),
        (_, Some((server, _))) => format!(
            "server {:.1} % of one core ({})",
            percent(server),
            probe.measures()
        ),
        (_, None) => "not measured (give --server-pid)".to_string(),
    }
}

impl Probe {
    /// The CPU time of each thread (id -> name, ns), if there is a
    /// process to read.
    fn threads(self) -> Option<HashMap<u64, (String, u64)>> {
        match self {
            Probe::InProcess => Some(thread_times("self")),
            Probe::Pid(pid) => Some(thread_times(&pid.to_string())),
            Probe::Nowhere => None,
        }
    }

    /// The CPU time between `before` and `after` of the server's threads
    /// and of the client's, in ns.
    fn split(
        self,
        before: &HashMap<u64, (String, u64)>,
        after: &HashMap<u64, (String, u64)>,
    ) -> (u64, u64) {
        let main = u64::from(std::process::id());
        let (mut server, mut client) = (0, 0);
        for (tid, (name, ns)) in after {
            let spent = ns.saturating_sub(before.get(tid).map_or(0, |b| b.1));
            let of_client =
                matches!(self, Probe::InProcess) && (*tid == main || name.starts_with("client"));
            *(if of_client { &mut client } else { &mut server }) += spent;
        }
        (server, client)
    }

    /// What the server's CPU time sums.
    fn measures(self) -> &'static str {
        match self {
            Probe::InProcess => "all threads but the main and the client's",
            _ => "every thread of --server-pid",
        }
    }

    /// VmRSS in KiB.
    fn rss_kib(self) -> Option<u64> {
        let pid = match self {
            Probe::InProcess => "self".to_string(),
            Probe::Pid(pid) => pid.to_string(),
            Probe::Nowhere => return None,
        };
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

/// Every thread of process `pid` (`self` or a number): its name and its
/// time on a core in ns (`schedstat`).
fn thread_times(pid: &str) -> HashMap<u64, (String, u64)> {
    let mut out = HashMap::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for task in tasks.flatten() {
        let Some(tid) = task.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let path = task.path();
        let schedstat = std::fs::read_to_string(path.join("schedstat")).unwrap_or_default();
        let Some(ns) = schedstat
            .split_whitespace()
            .next()
            .and_then(|s| s.parse().ok())
        else {
            continue;
        };
        let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        out.insert(tid, (name.trim().to_string(), ns));
    }
    out
}

/// Burst mode (see the module's docs); whether every player was seated.
async fn burst(args: &Args, target: &Target) -> Result<bool, String> {
    let assigned = assign(args.players, true);
    println!(
        "queue load: {} players over {} queues, server {}",
        assigned.len(),
        QUEUES.len(),
        target.base
    );
    let players = connect_all(target, &assigned, args.setup_concurrency).await?;
    // All join at once; each waits for its `matched`.
    let start = Instant::now();
    let waits: Vec<_> = (players.into_iter())
        .map(|p| tokio::spawn(until_matched(p)))
        .collect();
    // The counts, asked 20 times while the tickets come in.
    let mut counts = histogram();
    for _ in 0..20 {
        let asked = Instant::now();
        if waiting_sum(target).await.is_ok() {
            let _ = counts.record(micros(asked.elapsed()));
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let mut matched = histogram();
    let mut errors = 0;
    let mut sockets = Vec::new();
    for w in waits {
        match w.await.map_err(|e| e.to_string()).and_then(|r| r) {
            Ok((took, socket)) => {
                let _ = matched.record(micros(took));
                sockets.push(socket);
            }
            Err(e) => {
                errors += 1;
                eprintln!("{e}");
            }
        }
    }
    report_burst(&assigned, start.elapsed(), &matched, &counts, errors);
    drop(sockets);
    Ok(errors == 0)
}

/// Joins `p`'s queue; the time until `matched`, and the socket.
async fn until_matched(mut p: Player) -> Result<(Duration, Socket), String> {
    let (game, count, rated) = p.queue;
    let join = json!({ "type": "join", "game": game, "players": count, "rated": rated });
    send(&mut p.socket, &join).await?;
    let sent = Instant::now();
    loop {
        let message = recv(&mut p.socket).await?;
        if message["type"] == "matched" {
            return Ok((sent.elapsed(), p.socket));
        }
        if message["type"] == "error" {
            return Err(format!("refused: {message}"));
        }
    }
}

fn report_burst(
    assigned: &[Queue],
    all: Duration,
    matched: &Histogram<u64>,
    counts: &Histogram<u64>,
    errors: usize,
) {
    let rooms_made: f64 = (assigned.iter())
        .map(|&(_, n, _)| 1.0 / f64::from(n))
        .sum::<f64>()
        .round();
    println!(
        "seated {} of {} players in {:.0} rooms in {:.2} s ({:.0} rooms/s), {errors} errors",
        matched.len(),
        assigned.len(),
        rooms_made,
        all.as_secs_f64(),
        rooms_made / all.as_secs_f64()
    );
    println!(
        "join -> matched: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(matched, 0.5),
        ms(matched, 0.99),
        matched.max() as f64 / 1000.0
    );
    println!(
        "GET /api/queue/counts while joining: p50 {:.1} ms, p99 {:.1} ms ({} asked)",
        ms(counts, 0.5),
        ms(counts, 0.99),
        counts.len()
    );
}

/// The queue of each of `players`, round the queues; with `whole`,
/// trimmed so that every queue holds a multiple of its size.
fn assign(players: usize, whole: bool) -> Vec<Queue> {
    let mut per = vec![0usize; QUEUES.len()];
    for i in 0..players {
        per[i % QUEUES.len()] += 1;
    }
    let mut out = Vec::new();
    for (q, &n) in QUEUES.iter().zip(&per) {
        let size = usize::from(q.1);
        let n = if whole { n - n % size } else { n };
        out.extend(std::iter::repeat_n(*q, n));
    }
    out
}

/// A player made and connected for each of `queues`, `concurrency` at a
/// time.
async fn connect_all(
    target: &Target,
    queues: &[Queue],
    concurrency: usize,
) -> Result<Vec<Player>, String> {
    let limit = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut setups = Vec::new();
    for &queue in queues {
        let (http, base, limit) = (target.http.clone(), target.base.clone(), limit.clone());
        setups.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.map_err(|e| e.to_string())?;
            let (socket, id) = connect(&http, &base).await?;
            Ok::<_, String>(Player { socket, id, queue })
        }));
    }
    let mut players = Vec::new();
    for s in setups {
        let player = s.await.map_err(|e| e.to_string()).and_then(|r| r);
        players.push(player.map_err(|e| format!("setup failed: {e}"))?);
    }
    Ok(players)
}

/// A new player's queue socket, past `welcome` and the first `queue`,
/// and the player's id.
async fn connect(http: &reqwest::Client, base: &str) -> Result<(Socket, String), String> {
    let player: Value = (http.post(format!("{base}/api/players")).json(&json!({})))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let id = (player["id"].as_str()).ok_or(format!("a player without an id: {player}"))?;
    let url = format!("{}/ws/queue", base.replacen("http", "ws", 1));
    // A 4 KiB read buffer, as examples/load.rs: tungstenite's 128 KiB
    // would be resident for every socket and swell the memory figure.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let (mut socket, _) =
        (connect_async_with_config(url, Some(config), false).await).map_err(|e| e.to_string())?;
    let hello = json!({ "type": "hello", "version": 1, "player": id, "secret": player["secret"] });
    send(&mut socket, &hello).await?;
    for kind in ["welcome", "queue"] {
        let m = recv(&mut socket).await?;
        if m["type"] != kind {
            return Err(format!("expected {kind}, got {m}"));
        }
    }
    Ok((socket, id.to_string()))
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

fn histogram() -> Histogram<u64> {
    Histogram::new(3).expect("a histogram")
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

fn ms(h: &Histogram<u64>, q: f64) -> f64 {
    h.value_at_quantile(q) as f64 / 1000.0
}

/// `p50 .. ms, p99 .. ms, max .. ms (n)`.
fn summary(h: &Histogram<u64>) -> String {
    format!(
        "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({})",
        ms(h, 0.5),
        ms(h, 0.99),
        h.max() as f64 / 1000.0,
        h.len()
    )
}

/// The soft limit on open files of this process, from /proc.
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Starts a server on a runtime of its own (threads named `server`),
/// its queue offering the computer only after an hour (no offer during
/// the run); returns its URL.
fn in_process_server(database: &str) -> Result<String, String> {
    let config = mancala_server::Config {
        addr: "127.0.0.1:0".to_string(),
        database: database.to_string(),
        queue_wait: IN_PROCESS_QUEUE_WAIT,
        ..mancala_server::Config::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("server".to_string());
    let spawned = spawned.spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("server")
            .build();
        let runtime = match runtime {
            Ok(runtime) => runtime,
            Err(e) => return drop(tx.send(Err(format!("the server's runtime: {e}")))),
        };
        runtime.block_on(async {
            match mancala_server::Server::bind(&config).await {
                Ok(server) => {
                    let _ = tx.send(Ok(format!("http://{}", server.local_addr())));
                    if let Err(e) = server.run().await {
                        eprintln!("queue load: the server failed: {e}");
                    }
                }
                Err(e) => drop(tx.send(Err(format!("the server: {e}")))),
            }
        });
    });
    spawned.map_err(|e| format!("the server's thread: {e}"))?;
    rx.recv().map_err(|e| format!("the server: {e}"))?
}
