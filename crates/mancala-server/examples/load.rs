//! The server's load benchmark: N rooms of bot clients over loopback, every
//! room playing whole games of random legal moves at once, then a check
//! that the database holds every game, complete.
//!
//! ```sh
//! cargo run --release -p mancala-server --example load -- --rooms 1000
//! # the round trip with the analysis queue full (every room's first game
//! # queues a review while the later ones are played) against none:
//! cargo run --release -p mancala-server --example load -- --rooms 1000 --games 3
//! cargo run --release -p mancala-server --example load -- --rooms 1000 --games 3 \
//!     --analysis-workers 0
//! # against a server already running (its RSS with --server-pid, its
//! # SQLite file checked with --database):
//! cargo run --release -p mancala-server --example load -- --rooms 1000 \
//!     --url http://127.0.0.1:8080 --server-pid "$(pgrep -n mancala)" \
//!     --database 'sqlite://mancala.db?mode=ro'
//! ```
//!
//! With several `--url`s (servers on one database, docs/scaling.md) the
//! rooms are spread over them, and the players of each room over
//! different ones: room i is made on server i mod n, its seat s connects
//! to server (i + s) mod n, so that every room has a player on a server
//! that does not own it (its socket passed on to the owner).
//!
//! ```sh
//! cargo run --release -p mancala-server --example load -- --rooms 300 \
//!     --url http://127.0.0.1:8081,http://127.0.0.1:8082,http://127.0.0.1:8083
//! ```
//!
//! Without `--url` the server runs in this process (on a runtime of its
//! own, over a temporary SQLite file), so the memory figure then counts
//! the bots too. Each bot waits a think time (uniform in 0.5x..1.5x of
//! `--think-ms`) before its move, as people do; `--think-ms 0` plays flat
//! out and measures the throughput ceiling instead. The round trip is the
//! time from sending `move` to receiving its `moved`, think time excluded.
//! While the rooms play, the analysis queue's depth is read from the
//! SQLite file every second and reported (`analysis queue while
//! playing`), so that a run with workers shows the queue was full.
//! The run needs one file descriptor per socket (two in-process: both
//! ends) and says so before it starts if `ulimit -n` is too low.
//!
//! With `--expect-takeover` an instance is to be killed during the run
//! (`benches/takeover.sh` starts three, kills one, and sends this
//! process SIGUSR1 at the kill): each bot whose socket closes, or is
//! told `room_moved`, connects again as the page does (its growing
//! delay; a server refusing connections is passed over for the next),
//! says `hello` and goes on from the game in the `room` message. The
//! report then gives, for the rooms that lost every socket (the killed
//! instance's) and those that lost some, the time from the kill to the
//! room's next move and the gap between its moves before and after,
//! the rooms that never moved again, and what the clients met; and the
//! database check compares each stored record with every event the
//! bots were told (in `moved`, or in `room` after connecting again).
//! `--server-pid` then takes each instance's process id, in the order
//! of `--url`, for the memory of each.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use mancala_core::{Event, Game, Position, RuleSet, Rules, Setup};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

// (A folder without main.rs: cargo takes it for no example of its own.)
#[path = "load/takeover.rs"]
mod takeover;

/// How long a bot waits for any one message before it counts an error.
const PATIENCE: Duration = Duration::from_secs(60);

/// The command line.
#[derive(Debug, Parser)]
#[command(about = "Load benchmark: concurrent rooms of bots playing random legal moves")]
struct Args {
    /// Rooms playing at once.
    #[arg(long, default_value_t = 1000)]
    rooms: usize,
    /// Players (bots) per room, 2 to 4.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// Games each room plays, one after the other.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Seed of the bots' random moves and think times.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The in-process server's analysis workers (0: the review of every
    /// finished game waits in the queue). With `--games 2` or more the
    /// first games of every room fill the queue while the later ones are
    /// played: compare the round trip against `--analysis-workers 0`.
    #[arg(long, default_value_t = mancala_server::DEFAULT_ANALYSIS_WORKERS)]
    analysis_workers: usize,
    /// The in-process server's review budget per position.
    #[arg(long, default_value = "solver=2000000,depth=10")]
    analysis_budget: mancala_ai::ReviewBudget,
    /// The in-process server's analysis duty cycle, in percent.
    #[arg(long, default_value_t = mancala_server::DEFAULT_ANALYSIS_CPU)]
    analysis_cpu: u8,
    /// The in-process server's share of the machine, in percent, above
    /// which reviews wait (100: never).
    #[arg(long, default_value_t = mancala_server::DEFAULT_ANALYSIS_PAUSE_ABOVE)]
    analysis_pause_above: u8,
    /// Mean think time before each move, in milliseconds (0: flat out).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// A running server (`http://127.0.0.1:8080`) instead of one
    /// in-process; several (comma-separated, or the flag repeated): the
    /// rooms and their players spread over them.
    #[arg(long, value_delimiter = ',')]
    url: Vec<String>,
    /// The running server's process id, to read its memory from /proc;
    /// with several `--url`s, each one's (comma-separated, or the flag
    /// repeated), in their order.
    #[arg(long, requires = "url", value_delimiter = ',')]
    server_pid: Vec<u32>,
    /// The running servers' database (a SQLite file, or `postgres://`),
    /// to check the games in it.
    #[arg(long, requires = "url")]
    database: Option<String>,
    /// The in-process server's most game events a transaction (group
    /// commit); 0: each event in a transaction of its own, as before.
    #[arg(long, default_value_t = mancala_server::DEFAULT_COMMIT_BATCH)]
    commit_batch: usize,
    /// HTTP requests and connections in flight while setting up.
    #[arg(long, default_value_t = 64)]
    setup_concurrency: usize,
    /// An instance is killed during the run: bots connect again as the
    /// page does, and the report says how long each room waited for its
    /// next move (SIGUSR1 marks the kill; see benches/takeover.sh).
    #[arg(long, requires = "url")]
    expect_takeover: bool,
}

/// What the bots share.
struct Ctx {
    args: Args,
    /// The servers' base URLs (one, in-process, without `--url`).
    bases: Vec<String>,
    http: reqwest::Client,
    /// Set once every room is seated: the hosts then start.
    go: watch::Receiver<bool>,
    sockets: Gauge,
    rooms_playing: Gauge,
    errors: Mutex<BTreeMap<String, usize>>,
    setup: Semaphore,
    /// When play began, and when SIGUSR1 (the kill) came.
    play: Mutex<Option<Instant>>,
    killed: Mutex<Option<Instant>>,
    /// Attempts to connect again, and what they and the sockets lost
    /// met (`--expect-takeover`).
    attempts: AtomicUsize,
    seen: Mutex<BTreeMap<String, usize>>,
    /// Each room's trace, once its bots are done (`--expect-takeover`).
    traces: Mutex<Vec<takeover::Trace>>,
}

/// A count with its peak.
#[derive(Default)]
struct Gauge {
    now: AtomicUsize,
    peak: AtomicUsize,
}

impl Gauge {
    fn up(&self) {
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
    }
    fn down(&self) {
        self.now.fetch_sub(1, Ordering::SeqCst);
    }
    fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }
}

impl Ctx {
    fn new(args: Args, bases: Vec<String>, go: watch::Receiver<bool>) -> Ctx {
        Ctx {
            setup: Semaphore::new(args.setup_concurrency),
            args,
            bases,
            http: reqwest::Client::new(),
            go,
            sockets: Gauge::default(),
            rooms_playing: Gauge::default(),
            errors: Mutex::default(),
            play: Mutex::default(),
            killed: Mutex::default(),
            attempts: AtomicUsize::default(),
            seen: Mutex::default(),
            traces: Mutex::default(),
        }
    }

    /// The base URL of server `at`, modulo their count.
    fn base(&self, at: usize) -> &str {
        &self.bases[at % self.bases.len()]
    }

    fn error(&self, what: String) {
        *self.errors.lock().unwrap().entry(what).or_default() += 1;
    }

    /// Counts what a bot met while its room moved (not an error).
    fn saw(&self, what: String) {
        *self.seen.lock().unwrap().entry(what).or_default() += 1;
    }
}

/// One bot's WebSocket.
type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What one bot saw: its round trips and, for the host, each game's id
/// with the events it counted.
struct BotReport {
    latency: Histogram<u64>,
    /// The round trips of the games after each room's first: those
    /// played while the first games' reviews are queued.
    later: Histogram<u64>,
    games: Vec<(String, usize)>,
}

fn main() {
    let args = Args::parse();
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let code = runtime.block_on(run(args));
    std::process::exit(code);
}

async fn run(args: Args) -> i32 {
    if let Err(e) = check_open_files(&args) {
        eprintln!("load: {e}");
        return 2;
    }
    let _dir;
    let (bases, database, pids) = if args.url.is_empty() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = format!("sqlite://{}?mode=rwc", dir.path().join("load.db").display());
        _dir = dir;
        (
            vec![in_process_server(&database, ctx_analysis(&args))],
            Some(database),
            vec![std::process::id()],
        )
    } else {
        (
            (args.url.iter())
                .map(|url| url.trim_end_matches('/').to_string())
                .collect::<Vec<_>>(),
            args.database.clone(),
            args.server_pid.clone(),
        )
    };
    let rss_before: Vec<Option<u64>> = pids.iter().map(|&pid| rss_kib(pid)).collect();
    println!(
        "load: {} rooms x {} players, {} game(s) each, think {} ms, seed {}, server {}",
        args.rooms,
        args.players,
        args.games,
        args.think_ms,
        args.seed,
        bases.join(" ")
    );
    let (go_tx, go) = watch::channel(false);
    let ctx = Arc::new(Ctx::new(args, bases, go));
    if ctx.args.expect_takeover
        && let Err(e) = mark_kill(Arc::clone(&ctx))
    {
        eprintln!("load: {e}");
        return 2;
    }
    let t0 = Instant::now();
    let (ready_tx, mut ready) = tokio::sync::mpsc::unbounded_channel();
    let mut tasks = tokio::task::JoinSet::new();
    for index in 0..ctx.args.rooms {
        let (ctx, ready_tx) = (Arc::clone(&ctx), ready_tx.clone());
        tasks.spawn(async move { room(ctx, index, ready_tx).await });
    }
    drop(ready_tx);
    // Every room reports once, seated or failed; then all start together.
    let mut seated = 0;
    while let Some(ok) = ready.recv().await {
        seated += usize::from(ok);
    }
    let setup = t0.elapsed();
    let probe = tokio::spawn(rss_once_playing(Arc::clone(&ctx), pids.clone()));
    let (stop_jobs, jobs_stopped) = watch::channel(false);
    let jobs = database
        .clone()
        .map(|url| tokio::spawn(sample_jobs(url, jobs_stopped)));
    let t1 = Instant::now();
    *ctx.play.lock().unwrap() = Some(t1);
    go_tx.send_replace(true);
    if ctx.args.expect_takeover {
        // benches/takeover.sh waits for this line to time its kill.
        println!(
            "playing: {seated} rooms seated in {:.1} s; SIGUSR1 to {} marks the kill",
            setup.as_secs_f64(),
            std::process::id()
        );
    }
    let ([latency, later], games) = collect(&ctx, tasks).await;
    let play = t1.elapsed();
    stop_jobs.send_replace(true);
    let memory = Memory::read(pids, rss_before, probe.await.unwrap_or_default());
    if let Some(jobs) = jobs {
        print_jobs(&ctx, jobs).await;
    }
    let takeovers = print_commit_stages(&ctx).await;
    let traces = std::mem::take(&mut *ctx.traces.lock().unwrap());
    let told = ctx.args.expect_takeover.then(|| takeover::told(&traces));
    let checked = match &database {
        Some(url) => Some(check_database(url, &games, &ctx.args, told.as_ref()).await),
        None => None,
    };
    report(
        &ctx,
        seated,
        setup,
        play,
        (&latency, &later),
        &memory,
        &games,
        checked,
        (ctx.args.expect_takeover).then_some((&traces[..], &takeovers[..])),
    )
}

/// Prints what the analysis queue's sampler read.
async fn print_jobs(ctx: &Ctx, jobs: tokio::task::JoinHandle<Result<JobSamples, String>>) {
    match jobs.await {
        Ok(Ok(samples)) => samples.print(),
        Ok(Err(e)) => ctx.error(format!("analysis queue not sampled: {e}")),
        Err(e) => ctx.error(format!("the analysis sampler failed: {e}")),
    }
}

/// Records when SIGUSR1 (the kill, from benches/takeover.sh) comes.
fn mark_kill(ctx: Arc<Ctx>) -> Result<(), String> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut usr1 =
        signal(SignalKind::user_defined1()).map_err(|e| format!("no SIGUSR1 handler: {e}"))?;
    tokio::spawn(async move {
        if usr1.recv().await.is_some() {
            ctx.killed.lock().unwrap().get_or_insert(Instant::now());
        }
    });
    Ok(())
}

/// Prints each server's commit stages (see [`commit_stages`]); returns
/// each one's `mancala_room_takeovers_total` (`None`: not answering,
/// which `--expect-takeover` allows of one server, the one killed).
async fn print_commit_stages(ctx: &Ctx) -> Vec<Counted> {
    let mut takeovers: Vec<Counted> = Vec::new();
    for base in &ctx.bases {
        let counted = match commit_stages(&ctx.http, base).await {
            Ok((stages, counted)) => {
                if ctx.bases.len() > 1 {
                    print!("{base}: {stages}");
                } else {
                    print!("{stages}");
                }
                counted
            }
            Err(e) => {
                let down = takeovers.iter().filter(|(_, n)| n.is_none()).count();
                if !ctx.args.expect_takeover || down > 0 {
                    ctx.error(format!("commit stages not read: {e}"));
                } else {
                    println!("{base}: not answering (the instance killed): {e}");
                }
                None
            }
        };
        takeovers.push((base.clone(), counted));
    }
    takeovers
}

/// The servers' memory: each one's RSS before the rooms were seated,
/// once every room played, and its peak at the end, in KiB.
struct Memory {
    pids: Vec<u32>,
    before: Vec<Option<u64>>,
    playing: Vec<Option<u64>>,
    peak: Vec<Option<u64>>,
}

/// Waits for every room; returns the bots' round trips, merged, and the
/// games played with the moves seen in each.
async fn collect(
    ctx: &Ctx,
    mut tasks: tokio::task::JoinSet<Vec<BotReport>>,
) -> ([Histogram<u64>; 2], Vec<(String, usize)>) {
    let mut latency = Histogram::<u64>::new(3).expect("a histogram");
    let mut later = Histogram::<u64>::new(3).expect("a histogram");
    let mut games = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(reports) => {
                for report in reports {
                    latency
                        .add(&report.latency)
                        .expect("histograms of one shape");
                    later.add(&report.later).expect("histograms of one shape");
                    games.extend(report.games);
                }
            }
            Err(e) => ctx.error(format!("a room task failed: {e}")),
        }
    }
    ([latency, later], games)
}

/// Whether `ulimit -n` allows a descriptor per socket (both ends when
/// the server runs in this process) and some to spare.
fn check_open_files(args: &Args) -> Result<(), String> {
    let sockets = args.rooms * usize::from(args.players);
    let needed = if !args.url.is_empty() {
        sockets
    } else {
        2 * sockets
    } + 64;
    match open_files_limit() {
        Some(limit) if limit < needed => Err(format!(
            "{sockets} sockets need `ulimit -n {needed}` or more (it is {limit})"
        )),
        _ => Ok(()),
    }
}

/// The RSS of each process of `pids` once every room plays (or after 2 s
/// at most).
async fn rss_once_playing(ctx: Arc<Ctx>, pids: Vec<u32>) -> Vec<Option<u64>> {
    for _ in 0..200 {
        if ctx.rooms_playing.peak() >= ctx.args.rooms {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    pids.into_iter().map(rss_kib).collect()
}

/// The analysis and commit settings of the in-process server.
fn ctx_analysis(args: &Args) -> (usize, mancala_ai::ReviewBudget, (u8, u8), usize) {
    (
        args.analysis_workers,
        args.analysis_budget,
        (args.analysis_cpu, args.analysis_pause_above),
        args.commit_batch,
    )
}

/// Starts a server on its own runtime and thread, as `mancala serve`
/// would run, and returns its base URL.
fn in_process_server(
    database: &str,
    (workers, budget, (cpu, pause_above), commit_batch): (
        usize,
        mancala_ai::ReviewBudget,
        (u8, u8),
        usize,
    ),
) -> String {
    let config = mancala_server::Config {
        addr: "127.0.0.1:0".to_string(),
        database: database.to_string(),
        analysis_workers: workers,
        analysis_budget: budget,
        analysis_cpu: cpu,
        analysis_pause_above: pause_above,
        commit_batch,
        ..mancala_server::Config::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = mancala_server::serve_blocking(&config, |url| {
            let _ = tx.send(url.to_string());
        });
        if let Err(e) = result {
            eprintln!("load: the server failed: {e}");
        }
    });
    rx.recv().expect("the in-process server to start")
}

/// One room: its players and room made over HTTP, its bots seated, then
/// (once every room is seated) its games played. Reports `ready` once,
/// seated or not.
async fn room(
    ctx: Arc<Ctx>,
    index: usize,
    ready: tokio::sync::mpsc::UnboundedSender<bool>,
) -> Vec<BotReport> {
    let seated = {
        let _permit = ctx.setup.acquire().await.expect("the semaphore stays open");
        seat_room(&ctx, index).await
    };
    let _ = ready.send(seated.is_ok());
    drop(ready);
    let seated = match seated {
        Ok(seated) => seated,
        Err(e) => {
            ctx.error(format!("setup: {e}"));
            return Vec::new();
        }
    };
    let rules = Arc::new(seated.rules);
    let trace = (ctx.args.expect_takeover).then(|| {
        Arc::new(Mutex::new(takeover::Trace::new(usize::from(
            ctx.args.players,
        ))))
    });
    let mut bots = tokio::task::JoinSet::new();
    for (seat, (socket, player)) in seated.sockets.into_iter().zip(seated.players).enumerate() {
        let (ctx, rules, trace) = (Arc::clone(&ctx), Arc::clone(&rules), trace.clone());
        let seed =
            ctx.args.seed ^ ((index as u64) << 8 | seat as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let me = takeover::Seat {
            seat,
            path: seated.path.clone(),
            player,
            at: index + seat,
            failures: 0,
        };
        bots.spawn(async move { bot(&ctx, &rules, me, socket, seed, trace.as_deref()).await });
    }
    let mut reports = Vec::new();
    while let Some(joined) = bots.join_next().await {
        match joined {
            Ok(Ok(report)) => reports.push(report),
            Ok(Err(e)) => ctx.error(e),
            Err(e) => ctx.error(format!("a bot task failed: {e}")),
        }
    }
    if let Some(trace) = trace.and_then(Arc::into_inner) {
        takeover::keep(&ctx, trace);
    }
    reports
}

/// A room made and its bots seated.
struct Seated {
    rules: Rules,
    /// The room's WebSocket path, `/ws/rooms/CODE`.
    path: String,
    /// Each seat's player (`id`, `secret`) and socket, seat by seat.
    players: Vec<Value>,
    sockets: Vec<Socket>,
}

/// Makes the room's players and room, connects a bot per seat and seats
/// it; returns the rules, the players and the sockets, seat by seat.
async fn seat_room(ctx: &Ctx, index: usize) -> Result<Seated, String> {
    let mut players = Vec::new();
    for seat in 0..ctx.args.players {
        players.push(
            post(
                ctx,
                index,
                "/api/players",
                json!({ "name": format!("bot {index}.{seat}") }),
                None,
            )
            .await?,
        );
    }
    let rules = format!("kalah,players={}", ctx.args.players);
    let room = post(
        ctx,
        index,
        "/api/rooms",
        json!({ "rules": rules }),
        Some(&players[0]),
    )
    .await?;
    let path = text(&room, "websocket")?;
    let mut sockets = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        // Each seat on the next server: a player on one that does not
        // own the room is passed on to its owner.
        let url = format!("{}{path}", ctx.base(index + seat).replacen("http", "ws", 1));
        let (mut ws, _) = connect_async_with_config(&url, Some(bot_socket_config()), false)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        ctx.sockets.up();
        let hello = json!({ "type": "hello", "version": 1, "player": player["id"], "secret": player["secret"] });
        send(&mut ws, &hello).await?;
        expect(&mut ws, "welcome").await?;
        expect(&mut ws, "room").await?;
        send(&mut ws, &json!({ "type": "sit", "seat": seat })).await?;
        sockets.push(ws);
        // Everyone seated so far hears of the new seat.
        for ws in &mut sockets {
            expect(ws, "room").await?;
        }
    }
    let ruleset = RuleSet::from_spec(text(&room, "rules")?).map_err(|e| format!("rules: {e}"))?;
    let rules = Rules::new(&ruleset).map_err(|e| format!("rules: {e}"))?;
    Ok(Seated {
        rules,
        path: path.to_string(),
        players,
        sockets,
    })
}

/// A bot's socket: a 4 KiB read buffer instead of the default 128 KiB,
/// which is zero-filled on the first read and would count the bots' memory
/// (in-process) many times over the server's.
fn bot_socket_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(4 * 1024)
}

/// Why a bot stopped handling its messages.
enum Stop {
    /// Its socket closed, failed, or it was told `room_moved`: with
    /// `--expect-takeover` it connects again.
    Lost(String),
    /// Anything else: an error.
    Failed(String),
}

/// One bot as it plays: its seat, its moves and what it has seen.
struct Bot<'a> {
    ctx: &'a Ctx,
    rules: &'a Rules,
    me: takeover::Seat,
    trace: Option<&'a Mutex<takeover::Trace>>,
    rng: SmallRng,
    report: BotReport,
    /// When its move in flight was sent.
    sent: Option<Instant>,
    /// Games seen over.
    played: usize,
    /// The game being played, and the last one seen over.
    game: Option<String>,
    over: Option<String>,
}

/// One bot: plays its seat's moves until its room has played every game.
async fn bot(
    ctx: &Ctx,
    rules: &Rules,
    me: takeover::Seat,
    mut ws: Socket,
    seed: u64,
    trace: Option<&Mutex<takeover::Trace>>,
) -> Result<BotReport, String> {
    let mut bot = Bot {
        ctx,
        rules,
        me,
        trace,
        rng: SmallRng::seed_from_u64(seed),
        report: BotReport {
            latency: Histogram::new(3).expect("a histogram"),
            later: Histogram::new(3).expect("a histogram"),
            games: Vec::new(),
        },
        sent: None,
        played: 0,
        game: None,
        over: None,
    };
    let mut go = ctx.go.clone();
    let _ = go.wait_for(|&go| go).await;
    if bot.host() {
        send(&mut ws, &json!({ "type": "start" })).await?;
    }
    // The `room` message of a socket opened again, to go on from.
    let mut resume: Option<Value> = None;
    let result = loop {
        let step = match resume.take() {
            Some(room) => bot.resume(&mut ws, &room).await,
            None => match recv(&mut ws).await {
                Ok(message) => bot.handle(&mut ws, &message).await,
                Err(e) => Err(Stop::Lost(e)),
            },
        };
        match step {
            Ok(false) => {}
            Ok(true) => {
                if let Some(trace) = trace {
                    trace.lock().unwrap().done(Instant::now());
                }
                break Ok(());
            }
            Err(Stop::Lost(e)) if trace.is_some() => {
                let lost_at = Instant::now();
                if let Some(trace) = trace {
                    trace.lock().unwrap().cut(bot.me.seat, lost_at);
                }
                ctx.saw(format!("lost: {e}"));
                ctx.sockets.down();
                match takeover::reconnect(ctx, &mut bot.me).await {
                    Ok((again, room)) => {
                        ctx.sockets.up();
                        ws = again;
                        resume = Some(room);
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(Stop::Lost(e) | Stop::Failed(e)) => break Err(e),
        }
    };
    let _ = ws.close(None).await;
    ctx.sockets.down();
    result.map(|()| bot.report)
}

impl Bot<'_> {
    /// Whether this bot is its room's host (seat 0), which starts games.
    fn host(&self) -> bool {
        self.me.seat == 0
    }

    /// Handles one message; whether the bot is done.
    async fn handle(&mut self, ws: &mut Socket, message: &Value) -> Result<bool, Stop> {
        let failed = Stop::Failed;
        let position = match message["type"].as_str() {
            Some("started") => {
                let id = text(message, "id").map_err(failed)?.to_string();
                if self.host() {
                    self.ctx.rooms_playing.up();
                    self.report.games.push((id.clone(), 0));
                }
                self.game = Some(id);
                Some(&message["position"])
            }
            Some("moved") => {
                self.moved(message)?;
                Some(&message["position"])
            }
            Some("over") => {
                if self.game_over() {
                    return Ok(true);
                }
                if self.host() {
                    send(ws, &json!({ "type": "start" }))
                        .await
                        .map_err(Stop::Lost)?;
                }
                None
            }
            Some("error") if self.trace.is_some() && message["code"] == "room_moved" => {
                return Err(Stop::Lost("told room_moved".to_string()));
            }
            Some("error") => return Err(failed(format!("server error {}", message["code"]))),
            _ => None,
        };
        match position {
            Some(position) if message["to_move"] == self.me.seat => self.play(ws, position).await,
            _ => Ok(false),
        }
    }

    /// Counts a `moved`: the host's count of the game's events, the
    /// round trip of this seat's own, and (`--expect-takeover`) what
    /// the room's bots were told.
    fn moved(&mut self, message: &Value) -> Result<(), Stop> {
        if let Some(game) = self.report.games.last_mut() {
            game.1 += 1;
        }
        if let Some(trace) = self.trace {
            let mut trace = trace.lock().unwrap();
            trace.moved(Instant::now());
            let seq = message["seq"].as_u64().unwrap_or(0) as usize;
            let event = message["move"].as_str().unwrap_or("");
            if let Some(game) = &self.game {
                trace.tell(game, self.me.seat, seq, event);
            }
        }
        if message["seat"] == self.me.seat {
            let rtt = (self.sent.take())
                .ok_or_else(|| Stop::Failed("a moved for this seat it did not send".to_string()))?
                .elapsed();
            let us = rtt.as_micros() as u64;
            self.report.latency.record(us).expect("in range");
            if self.played > 0 {
                self.report.later.record(us).expect("in range");
            }
        }
        Ok(())
    }

    /// Counts the game being played as over; whether every game is.
    fn game_over(&mut self) -> bool {
        self.played += 1;
        self.over = self.game.clone();
        if self.host() {
            self.ctx.rooms_playing.down();
        }
        self.played == self.ctx.args.games
    }

    /// Thinks, then moves in `position`, its seat's turn.
    async fn play(&mut self, ws: &mut Socket, position: &Value) -> Result<bool, Stop> {
        think(self.ctx.args.think_ms, &mut self.rng).await;
        let m = random_move(self.rules, position, &mut self.rng).map_err(Stop::Failed)?;
        self.sent = Some(Instant::now());
        send(ws, &json!({ "type": "move", "move": m }))
            .await
            .map_err(Stop::Lost)?;
        Ok(false)
    }

    /// Goes on from the `room` message of a socket opened again: its
    /// game (new, or over meanwhile) as the new owner loaded it, checked
    /// against what the room's bots were told; whether the bot is done.
    async fn resume(&mut self, ws: &mut Socket, room: &Value) -> Result<bool, Stop> {
        self.sent = None;
        let game = &room["game"];
        if game.is_null() {
            // The host's start was lost with the socket.
            if self.host() {
                send(ws, &json!({ "type": "start" }))
                    .await
                    .map_err(Stop::Lost)?;
            }
            return Ok(false);
        }
        let id = text(game, "id").map_err(Stop::Failed)?.to_string();
        let events = takeover::events_of(game).map_err(Stop::Failed)?;
        if let Some(trace) = self.trace {
            trace.lock().unwrap().shown(&id, self.me.seat, &events);
        }
        if self.game.as_ref() != Some(&id) {
            // A game that started while this bot was away.
            if self.host() {
                self.ctx.rooms_playing.up();
                self.report.games.push((id.clone(), 0));
            }
            self.game = Some(id.clone());
        }
        if let Some(counted) = self.report.games.last_mut() {
            counted.1 = events.len();
        }
        if !game["position"]["over"].is_null() {
            if self.over.as_ref() != Some(&id) {
                if let Some(trace) = self.trace {
                    trace.lock().unwrap().found_over();
                }
                if self.game_over() {
                    return Ok(true);
                }
            }
            if self.host() {
                send(ws, &json!({ "type": "start" }))
                    .await
                    .map_err(Stop::Lost)?;
            }
            return Ok(false);
        }
        if game["to_move"] == self.me.seat {
            return self.play(ws, &game["position"]).await;
        }
        Ok(false)
    }
}

/// Waits 0.5x to 1.5x `mean_ms`, so that rooms do not move in step.
async fn think(mean_ms: u64, rng: &mut SmallRng) {
    if mean_ms > 0 {
        let ms = rng.random_range(mean_ms / 2..=mean_ms + mean_ms / 2);
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

/// A uniformly random legal move in `position` (a `Setup` as JSON), as
/// the text `move` takes.
fn random_move(rules: &Rules, position: &Value, rng: &mut SmallRng) -> Result<String, String> {
    let setup: Setup =
        serde_json::from_value(position.clone()).map_err(|e| format!("position: {e}"))?;
    let position = Position::from_setup(rules, &setup).map_err(|e| format!("position: {e}"))?;
    let moves = position.legal_moves();
    if moves.is_empty() {
        return Err("no legal move in a position where it is our turn".to_string());
    }
    let m = moves
        .get(rng.random_range(0..moves.len()))
        .expect("an index below len");
    Ok(m.to_string())
}

/// `POST path` with `body` to server `at` (modulo their count), as
/// `player` when given; the JSON answer.
async fn post(
    ctx: &Ctx,
    at: usize,
    path: &str,
    body: Value,
    player: Option<&Value>,
) -> Result<Value, String> {
    let url = format!("{}{path}", ctx.base(at));
    let mut request = ctx.http.post(url).json(&body);
    if let Some(p) = player {
        request = request.bearer_auth(format!("{}:{}", text(p, "id")?, text(p, "secret")?));
    }
    let response = request
        .send()
        .await
        .map_err(|e| format!("POST {path}: {e}"))?;
    let status = response.status();
    let answer: Value = response
        .json()
        .await
        .map_err(|e| format!("POST {path}: {e}"))?;
    if !status.is_success() {
        return Err(format!("POST {path}: {status} {answer}"));
    }
    Ok(answer)
}

/// The string field `key` of `value`.
fn text<'v>(value: &'v Value, key: &str) -> Result<&'v str, String> {
    value[key]
        .as_str()
        .ok_or_else(|| format!("no text `{key}` in {value}"))
}

async fn send(ws: &mut Socket, message: &Value) -> Result<(), String> {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// The next JSON message, within [`PATIENCE`].
async fn recv(ws: &mut Socket) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .map_err(|_| format!("no message in {PATIENCE:?}"))?;
        match frame {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"));
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(other)) => return Err(format!("unexpected frame {other:?}")),
            Some(Err(e)) => return Err(format!("receive: {e}")),
            None => return Err("the server closed the connection".to_string()),
        }
    }
}

/// The next message, which must be of type `kind`.
async fn expect(ws: &mut Socket, kind: &str) -> Result<Value, String> {
    let message = recv(ws).await?;
    if message["type"] != kind {
        return Err(format!("expected `{kind}`, got {message}"));
    }
    Ok(message)
}

/// What the database check found.
struct Checked {
    games: usize,
    events: usize,
    problems: Vec<String>,
}

/// How often the analysis queue's depth is read while the rooms play.
const JOB_SAMPLE_EVERY: Duration = Duration::from_secs(1);

/// The analysis queue's depth (table `analysis_jobs`) read every
/// [`JOB_SAMPLE_EVERY`] while the rooms played, and at the end.
#[derive(Default)]
struct JobSamples {
    /// Jobs queued (not started) at each reading.
    queued: Vec<i64>,
    /// Readings with a job running.
    running: usize,
    /// `(status, jobs)` at the end of play.
    last: Vec<(String, i64)>,
}

impl JobSamples {
    fn print(&self) {
        let mut queued = self.queued.clone();
        queued.sort_unstable();
        let at = |q: f64| queued.get(((queued.len() - 1) as f64 * q) as usize);
        let (Some(median), Some(max)) = (at(0.5), queued.last()) else {
            println!("analysis queue: not read while playing");
            return;
        };
        let last: Vec<String> = self.last.iter().map(|(s, n)| format!("{n} {s}")).collect();
        println!(
            "analysis queue while playing ({} readings): queued median {median}, max {max}; \
             a review running in {} of them; at the end: {}",
            queued.len(),
            self.running,
            if last.is_empty() {
                "no jobs".to_string()
            } else {
                last.join(", ")
            }
        );
    }
}

/// Reads the analysis queue's depth from the database at `url` (a
/// SQLite file, opened read-only, or PostgreSQL) every
/// [`JOB_SAMPLE_EVERY`] until `stop`.
async fn sample_jobs(url: String, mut stop: watch::Receiver<bool>) -> Result<JobSamples, String> {
    let read_only = match url.split_once('?') {
        _ if url.starts_with("postgres") => url.clone(),
        Some((file, _)) => format!("{file}?mode=ro"),
        None => format!("{url}?mode=ro"),
    };
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&read_only)
        .await
        .map_err(|e| format!("cannot open {read_only}: {e}"))?;
    let mut samples = JobSamples::default();
    loop {
        let counts: Vec<(String, i64)> = sqlx::query_as(
            "SELECT status, COUNT(*) FROM analysis_jobs GROUP BY status ORDER BY status",
        )
        .fetch_all(&pool)
        .await
        .map_err(|e| e.to_string())?;
        let of = |status: &str| counts.iter().find(|c| c.0 == status).map_or(0, |c| c.1);
        if *stop.borrow() {
            samples.last = counts;
            break;
        }
        samples.queued.push(of("queued"));
        samples.running += usize::from(of("running") > 0);
        tokio::select! {
            _ = tokio::time::sleep(JOB_SAMPLE_EVERY) => {}
            _ = stop.changed() => {}
        }
    }
    pool.close().await;
    Ok(samples)
}

/// Opens the database and checks every game the bots played: over, with
/// as many events as `moved` messages were seen, and replaying (with
/// mancala-core, independently of the server) to a finished game. Also
/// that the database holds no other game of these rooms' kind.
///
/// With `told` (`--expect-takeover`), each game's events must also be
/// those its bots were told, every one of them.
async fn check_database(
    url: &str,
    games: &[(String, usize)],
    args: &Args,
    told: Option<&BTreeMap<String, BTreeMap<usize, String>>>,
) -> Checked {
    let mut checked = Checked {
        games: 0,
        events: 0,
        problems: Vec::new(),
    };
    sqlx::any::install_default_drivers();
    let pool = match sqlx::AnyPool::connect(url).await {
        Ok(pool) => pool,
        Err(e) => {
            checked.problems.push(format!("cannot open {url}: {e}"));
            return checked;
        }
    };
    let expected = args.rooms * args.games;
    if games.len() != expected {
        checked.problems.push(format!(
            "{} games seen started, {expected} wanted",
            games.len()
        ));
    }
    for (id, moves) in games {
        let told = told.map(|told| told.get(id).cloned().unwrap_or_default());
        match check_game(&pool, id, *moves, told.as_ref()).await {
            Ok(events) => {
                checked.games += 1;
                checked.events += events;
            }
            Err(e) => checked.problems.push(format!("game {id}: {e}")),
        }
    }
    pool.close().await;
    checked
}

/// Checks game `id` in the database against the `moves` seen played
/// and, when given, the events its bots were `told`, by number.
async fn check_game(
    pool: &sqlx::AnyPool,
    id: &str,
    moves: usize,
    told: Option<&BTreeMap<usize, String>>,
) -> Result<usize, String> {
    // (sqlx's `Any` reads a BOOLEAN as an integer only.)
    let row: Option<(String, i64)> =
        sqlx::query_as("SELECT rules, CAST(over AS INTEGER) FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await
            .map_err(|e| e.to_string())?;
    let (rules, over) = row.ok_or("not in the database")?;
    if over == 0 {
        return Err("not over".to_string());
    }
    let texts: Vec<String> =
        sqlx::query_scalar("SELECT event FROM game_events WHERE game = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(pool)
            .await
            .map_err(|e| e.to_string())?;
    if texts.len() != moves {
        return Err(format!(
            "{} events stored, {moves} moves played",
            texts.len()
        ));
    }
    if let Some(told) = told {
        let stored: BTreeMap<usize, String> = (1..).zip(texts.iter().cloned()).collect();
        if *told != stored {
            let differs = (1..=told.len().max(stored.len()))
                .find(|seq| told.get(seq) != stored.get(seq))
                .unwrap_or(0);
            return Err(format!(
                "event {differs} stored as {:?}, told as {:?} ({} stored, {} told)",
                stored.get(&differs),
                told.get(&differs),
                stored.len(),
                told.len()
            ));
        }
    }
    let events = texts
        .iter()
        .map(|t| t.parse::<Event>().map_err(|e| format!("event {t:?}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let ruleset = RuleSet::from_spec(&rules).map_err(|e| format!("rules: {e}"))?;
    let game = Game::from_record(&ruleset, None, &events).map_err(|e| format!("replay: {e}"))?;
    if !game.is_over() {
        return Err("its events replay to a game not over".to_string());
    }
    Ok(texts.len())
}

/// Where the server's commits of game events spent their time, from its
/// `GET /metrics` histograms: the whole transaction, then its stages
/// (`begin`: waiting for a pooled connection and `BEGIN`; `statements`;
/// `commit`: `COMMIT` and its sync to disk), each as count, mean and the
/// buckets holding the median and the 99th percentile (upper bounds:
/// the histograms double from 0.25 ms); and the events per transaction.
/// Also the server's `mancala_room_takeovers_total`.
async fn commit_stages(
    http: &reqwest::Client,
    base: &str,
) -> Result<(String, Option<f64>), String> {
    let text = http
        .get(format!("{base}/metrics"))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .text()
        .await
        .map_err(|e| e.to_string())?;
    let samples = parse_metrics(&text);
    let mut out =
        String::from("commits (the server's histograms; p50/p99: bucket upper bounds):\n");
    let series: [(&str, &str, Option<&str>); 4] = [
        ("transaction", "mancala_commit_seconds", None),
        ("  begin", "mancala_commit_stage_seconds", Some("begin")),
        (
            "  statements",
            "mancala_commit_stage_seconds",
            Some("statements"),
        ),
        ("  commit", "mancala_commit_stage_seconds", Some("commit")),
    ];
    for (label, name, stage) in series {
        if let Some(h) = histogram(&samples, name, stage) {
            out.push_str(&format!(
                "{label}: {} times, mean {:.2} ms, p50 <= {:.2} ms, p99 <= {:.2} ms\n",
                h.count,
                1000.0 * h.sum / h.count.max(1.0),
                1000.0 * h.quantile(0.5),
                1000.0 * h.quantile(0.99),
            ));
        }
    }
    let batches = histogram(&samples, "mancala_commit_batch_events", None);
    if let Some(h) = batches.filter(|h| h.count > 0.0) {
        out.push_str(&format!(
            "events per transaction (group commit): {} transactions, mean {:.1}, p50 <= {}, p99 <= {}\n",
            h.count,
            h.sum / h.count.max(1.0),
            h.quantile(0.5),
            h.quantile(0.99),
        ));
    }
    let takeovers = (samples.iter())
        .find(|(name, _, _)| name == "mancala_room_takeovers_total")
        .map(|s| s.2);
    Ok((out, takeovers))
}

/// One sample of the Prometheus text: its name, labels and value.
type Sample = (String, BTreeMap<String, String>, f64);

/// The samples of a Prometheus text.
fn parse_metrics(text: &str) -> Vec<Sample> {
    let mut samples = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((key, value)) = line.rsplit_once(' ') else {
            continue;
        };
        let Ok(value) = value.parse::<f64>() else {
            continue;
        };
        let (name, labels) = match key.split_once('{') {
            Some((name, rest)) => (name, rest.trim_end_matches('}')),
            None => (key, ""),
        };
        let labels = labels
            .split(',')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| (k.to_string(), v.trim_matches('"').to_string()))
            .collect();
        samples.push((name.to_string(), labels, value));
    }
    samples
}

/// A histogram read back: its count, sum and cumulative buckets.
struct Read {
    count: f64,
    sum: f64,
    buckets: Vec<(f64, f64)>,
}

impl Read {
    /// The upper bound of the bucket holding quantile `q`.
    fn quantile(&self, q: f64) -> f64 {
        let rank = q * self.count;
        (self.buckets.iter())
            .find(|(_, n)| *n >= rank)
            .map_or(f64::INFINITY, |(le, _)| *le)
    }
}

/// Histogram `name` (with label `stage` when given) in `samples`.
fn histogram(samples: &[Sample], name: &str, stage: Option<&str>) -> Option<Read> {
    let fits = |labels: &BTreeMap<String, String>| {
        stage.is_none_or(|s| labels.get("stage").map(String::as_str) == Some(s))
    };
    let one = |suffix: &str| {
        (samples.iter())
            .find(|(n, l, _)| n == &format!("{name}{suffix}") && fits(l))
            .map(|s| s.2)
    };
    let (count, sum) = (one("_count")?, one("_sum")?);
    let mut buckets: Vec<(f64, f64)> = (samples.iter())
        .filter(|(n, l, _)| n == &format!("{name}_bucket") && fits(l))
        .filter_map(|(_, l, v)| {
            let le = l.get("le")?;
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().ok()?
            };
            Some((le, *v))
        })
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    Some(Read {
        count,
        sum,
        buckets,
    })
}

/// A server's `mancala_room_takeovers_total` (`None`: not answering).
type Counted = (String, Option<f64>);

/// What `--expect-takeover` reports on: each room's trace, and the
/// takeovers each server counted.
type Takeover<'a> = (&'a [takeover::Trace], &'a [Counted]);

/// Prints the report; returns the exit code (1 if anything went wrong).
#[allow(clippy::too_many_arguments)]
fn report(
    ctx: &Ctx,
    seated: usize,
    setup: Duration,
    play: Duration,
    (latency, later): (&Histogram<u64>, &Histogram<u64>),
    memory: &Memory,
    games: &[(String, usize)],
    checked: Option<Checked>,
    takeover: Option<Takeover<'_>>,
) -> i32 {
    let ms = |us: u64| us as f64 / 1000.0;
    let moves: usize = games.iter().map(|g| g.1).sum();
    println!(
        "setup: {seated} rooms seated in {:.1} s",
        setup.as_secs_f64()
    );
    println!(
        "held at once: {} rooms playing, {} sockets",
        ctx.rooms_playing.peak(),
        ctx.sockets.peak()
    );
    println!(
        "moves: {moves} in {:.1} s: {:.0} moves/s",
        play.as_secs_f64(),
        moves as f64 / play.as_secs_f64()
    );
    println!(
        "round trip move -> moved: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, \
         max {:.2} ms ({} moves timed)",
        ms(latency.value_at_quantile(0.5)),
        ms(latency.value_at_quantile(0.9)),
        ms(latency.value_at_quantile(0.99)),
        ms(latency.value_at_quantile(0.999)),
        ms(latency.max()),
        latency.len()
    );
    if !later.is_empty() {
        println!(
            "  of which games 2 to {} (the first games' reviews queued): p50 {:.2} ms, \
             p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms ({} moves)",
            ctx.args.games,
            ms(later.value_at_quantile(0.5)),
            ms(later.value_at_quantile(0.99)),
            ms(later.value_at_quantile(0.999)),
            ms(later.max()),
            later.len()
        );
    }
    let errors = ctx.errors.lock().unwrap();
    println!("errors: {}", errors.values().sum::<usize>());
    for (what, n) in errors.iter().take(10) {
        println!("  {n} x {what}");
    }
    memory.print(ctx);
    let mut ok = errors.is_empty();
    if let Some((traces, takeovers)) = takeover {
        ok &= takeover::print(ctx, traces, takeovers);
    }
    match checked {
        Some(c) => {
            println!("database: {} games complete, {} events", c.games, c.events);
            for problem in c.problems.iter().take(10) {
                println!("  {problem}");
            }
            ok &= c.problems.is_empty();
        }
        None => println!("database: not checked (give --database)"),
    }
    println!("{}", if ok { "ok" } else { "FAILED" });
    if ok { 0 } else { 1 }
}

impl Memory {
    /// The memory of `pids`, their peaks read now.
    fn read(pids: Vec<u32>, before: Vec<Option<u64>>, playing: Vec<Option<u64>>) -> Memory {
        Memory {
            peak: (pids.iter())
                .map(|&pid| proc_status_kib(pid, "VmHWM:"))
                .collect(),
            pids,
            before,
            playing,
        }
    }

    /// Prints the memory line: the server's, or with several servers
    /// each one's, per room made on it (room i on server i mod n).
    fn print(&self, ctx: &Ctx) {
        let at = |v: &[Option<u64>], i: usize| v.get(i).copied().flatten();
        if self.pids.len() > 1 {
            for (i, pid) in self.pids.iter().enumerate() {
                let rooms = (0..ctx.args.rooms)
                    .filter(|r| r % ctx.bases.len() == i % ctx.bases.len())
                    .count();
                let (before, playing) = (at(&self.before, i), at(&self.playing, i));
                let (Some(before), Some(playing)) = (before, playing) else {
                    println!("memory of {} (pid {pid}): not measured", ctx.base(i));
                    continue;
                };
                println!(
                    "memory of {} (pid {pid}): RSS {} MiB before, {} MiB with every room \
                     playing: {:.1} KiB per room made on it ({rooms}); peak {}",
                    ctx.base(i),
                    before / 1024,
                    playing / 1024,
                    playing.saturating_sub(before) as f64 / rooms.max(1) as f64,
                    at(&self.peak, i).map_or("not read (the process ended)".to_string(), |p| {
                        format!("{} MiB", p / 1024)
                    })
                );
            }
            return;
        }
        match (at(&self.before, 0), at(&self.playing, 0)) {
            (Some(before), Some(playing)) => println!(
                "memory: RSS {} MiB before, {} MiB with every room playing: {:.1} KiB per room{}; \
                 peak {} MiB",
                before / 1024,
                playing / 1024,
                playing.saturating_sub(before) as f64 / ctx.args.rooms as f64,
                if ctx.args.url.is_empty() {
                    " (server and bots in one process)"
                } else {
                    ""
                },
                at(&self.peak, 0).unwrap_or(0) / 1024
            ),
            _ => println!("memory: not measured (give --server-pid)"),
        }
    }
}

/// The resident set of process `pid`, in KiB, from /proc.
fn rss_kib(pid: u32) -> Option<u64> {
    proc_status_kib(pid, "VmRSS:")
}

/// The field `field` (`VmRSS:`, `VmHWM:`) of /proc/`pid`/status, in KiB.
fn proc_status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The soft limit on open files of this process, from /proc.
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}
