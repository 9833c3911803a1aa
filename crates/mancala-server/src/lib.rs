//! The mancala game server: players without registration, rooms of 2 to 4
//! seats, and games played over WebSocket, every move checked by
//! [`mancala_core::Game`] and committed to the database before anyone
//! hears of it.
//!
//! The HTTP endpoints and WebSocket messages are documented in
//! `docs/protocol.md` (version [`PROTOCOL_VERSION`]); [`protocol`] holds
//! them as serde types for Rust clients.
//!
//! # Design
//!
//! - Handlers are thin: they check the request, call the database or a
//!   room, and answer; every failure is one [`Error`], which becomes an
//!   HTTP response or a WebSocket `error` message.
//! - One tokio task per room owns the room's seats and game; connections
//!   send it commands through a channel and get its broadcasts through one
//!   of their own. A room's task starts when a client first connects,
//!   from what the database holds (its last game is replayed from its
//!   events), so the database is the truth. A room nobody is connected
//!   to, with nothing due (no clock running, no computer thinking), ends
//!   its task after ten idle minutes and leaves memory; the next client
//!   loads it again.
//! - A room is made with a rules spec or the site's Kalah house rules
//!   ([`protocol::HouseRules`]); it has as many seats as its rules take
//!   players (4 for Kalah, 2 for Oware). At each start the seats taken
//!   close up in order, turn by one at a rematch when rotation is on, and
//!   the rules are made for that many players.
//! - The database is SQLite or PostgreSQL, chosen by the URL, through
//!   sqlx's `Any` driver: one set of queries and of migrations (compiled
//!   in and applied at start) in the SQL both share. Rating updates lock
//!   the players' rows, so games ending at once on several connections
//!   lose none.
//! - The computer (computer seats, resigned seats, turns whose time ran
//!   out, seats taken over from players who left) searches off the room's
//!   task, in `spawn_blocking`, and its move comes back through the room's
//!   queue; clocks and takeover delays are tokio deadlines the room's task
//!   waits on beside its queue.
//! - Rated rooms rate each game with Glicko-2 (the `skillratings`
//!   crate), 3 or 4 seats as pairwise results from their ranks, in the
//!   transaction of the event that ended the game; `GET /api/leaderboard`
//!   and `GET /api/players/{id}/games` read them back.
//! - Every finished game is reviewed by the engine in the background:
//!   a job queued in the transaction of the event that ended it, taken
//!   by a worker on a thread of the lowest priority, its results written
//!   in one transaction, taken again after a restart if it was running
//!   (`GET /api/games/{id}/analysis`; see `src/analysis.rs`).
//! - Player ids, secrets, room codes and game ids are 128 random bits
//!   from the operating system; only a hash of a secret is stored.
//!
//! # Running on PostgreSQL
//!
//! [`Config::database`] (`mancala serve --database`) takes either
//!
//! - a SQLite file: `FILE`, `sqlite://FILE` or `sqlite:FILE`, created on
//!   first start (the default, `mancala.db`; a URL's own `mode`, such as
//!   `?mode=ro`, is kept), in WAL mode with foreign keys on; or
//! - `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (or `postgresql://`):
//!   an existing PostgreSQL database, in which the server creates its
//!   tables on first start like on SQLite.
//!
//! ```no_run
//! use mancala_server::{Config, Server};
//!
//! # async fn run() -> Result<(), mancala_server::Error> {
//! let config = Config {
//!     database: "postgres://mancala:secret@127.0.0.1:5432/mancala".to_string(),
//!     ..Config::default()
//! };
//! Server::bind(&config).await?.run().await
//! # }
//! ```
//!
//! The server's tests run on both: `tests/common` makes a fresh
//! PostgreSQL database per test when `MANCALA_TEST_POSTGRES` holds the
//! URL of a PostgreSQL to make them in (`postgres://USER@HOST:PORT/postgres`),
//! which `.ci/with-postgres` sets up:
//!
//! ```sh
//! .ci/with-postgres cargo test -p mancala-server
//! ```
//!
//! # Examples
//!
//! ```no_run
//! use mancala_server::{Config, Server};
//!
//! # async fn run() -> Result<(), mancala_server::Error> {
//! let server = Server::bind(&Config::default()).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```

mod analysis;
mod db;
mod error;
mod http;
pub mod limit;
mod metrics;
pub mod protocol;
mod proxy;
mod queue;
mod rating;
mod room;
mod secret;
mod setup;
mod web;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use mancala_ai::{Egdb, ReviewBudget, Spec};
use tokio::net::TcpListener;

/// The name of an HTTP header, as [`Limits::client_ip_header`] takes it
/// (`"X-Forwarded-For".parse()`).
pub use axum::http::HeaderName;
pub use error::Error;

/// The version of the protocol this server speaks, checked in `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest display name, in characters.
pub const MAX_NAME: usize = 32;

/// Longest WebSocket message read as a request, in bytes: longer ones get
/// a `too_large` error and the connection goes on.
pub const MAX_MESSAGE: usize = 4096;

/// The player of seats whose person is not playing, unless the operator
/// says otherwise: level 3 searches 60 alpha-beta nodes with two players
/// and 130 MCTS iterations with three or four, well under a millisecond,
/// so a server full of timed-out turns never queues behind its searches,
/// and it still takes the captures and extra turns in front of it.
pub const DEFAULT_CPU: Spec = Spec::level(3);

/// How long a seated player may be away before the computer plays their
/// seat, unless the operator says otherwise.
pub const DEFAULT_TAKEOVER_AFTER: Duration = Duration::from_secs(60);

/// How long a connection may be silent before it is dropped as dead
/// ([`Config::silence_limit`]): pings go out every 15 s.
pub const DEFAULT_SILENCE_LIMIT: Duration = Duration::from_secs(45);

/// How long a player waits in a queue of "Play now" before the computer
/// is offered ([`Config::queue_wait`]), unless the operator says otherwise.
pub const DEFAULT_QUEUE_WAIT: Duration = Duration::from_secs(20);
/// How long an instance's claim of a room holds unless renewed
/// ([`Config::lease`]), unless the operator says otherwise: renewed every
/// 2 s, so that another instance takes the rooms of one that died within
/// 6 s (docs/scaling.md).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(6);
/// The most game events one transaction stores ([`Config::commit_batch`]):
/// a busy server's events of a few milliseconds.
pub const DEFAULT_COMMIT_BATCH: usize = 256;
/// The database connections rooms are loaded on, on PostgreSQL
/// ([`Config::load_connections`]): as many as the loads an instance runs
/// at once.
pub const DEFAULT_LOAD_CONNECTIONS: u32 = 6;

/// This instance's name in the rooms' ownership unless the operator says
/// otherwise ([`Config::instance`]): the machine's host name (from
/// `/proc/sys/kernel/hostname` or `$HOSTNAME`), else `mancala`. A server
/// restarted on the same machine so takes its rooms back at once;
/// several instances on one machine need names of their own.
///
/// # Examples
///
/// ```
/// assert!(!mancala_server::default_instance().is_empty());
/// ```
pub fn default_instance() -> String {
    let from_file = std::fs::read_to_string("/proc/sys/kernel/hostname").ok();
    from_file
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "mancala".to_string())
}

/// Workers reviewing finished games unless the operator says otherwise:
/// one, on a thread of the lowest priority, so that reviews never slow
/// the games being played.
pub const DEFAULT_ANALYSIS_WORKERS: usize = 1;

/// The share of its thread's time, in percent, that a review may spend
/// reviewing unless the operator says otherwise (`--analysis-cpu`): after
/// each position a worker rests three times as long as it worked.
pub const DEFAULT_ANALYSIS_CPU: u8 = 25;

/// The share of the machine's CPU, in percent, above which the rest of
/// the server counts as busy and reviews wait, unless the operator says
/// otherwise (`--analysis-pause-above`): a tenth, a fifth of a core on a
/// two-core machine. At 25 a full analysis queue still cost 16-23% of the
/// p99 move round trip of 1,000 rooms on two cores, at 10 it cost 7%
/// (docs/results.md 8.2).
pub const DEFAULT_ANALYSIS_PAUSE_ABOVE: u8 = 10;

/// Where the server listens, what it stores into, and who plays for
/// players who do not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: String,
    /// The database: a SQLite file (`FILE` or `sqlite://FILE`, created
    /// when missing) or `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (see
    /// [Running on PostgreSQL](crate#running-on-postgresql)).
    pub database: String,
    /// Web origins (`https://play.example.org`) whose pages may open
    /// WebSockets besides the server's own: a browser page from any other
    /// site is refused (see `docs/protocol.md`, Security).
    pub allowed_origins: Vec<String>,
    /// The player that moves for a seat whose turn ran out of time, for a
    /// seat taken over after its player left, and for a resigned seat
    /// while a game of three or four goes on (`--cpu`). Each of its moves,
    /// like those of the computer seats, is given the time left on the
    /// turn's clock less a margin, at most 2 s (`docs/protocol.md`, The
    /// computer, clocks and dropping out).
    pub cpu: Spec,
    /// How long a seated player whose last connection closed is held
    /// `away` before `cpu` plays their turns (`--takeover-after`).
    pub takeover_after: Duration,
    /// How long a connection may be silent (no message, no pong to the
    /// server's pings, which go out every third of it) before the server
    /// drops it as dead, so that a device whose network died without a
    /// word is seen away; `None`: never.
    pub silence_limit: Option<Duration>,
    /// Workers reviewing finished games in the background
    /// (`--analysis-workers`; 0: none, the jobs wait in the database).
    pub analysis_workers: usize,
    /// What each worker may search for a position of a game
    /// (`--analysis-budget`); the same budget as `mancala analyse --game
    /// --budget` gives the same verdicts.
    pub analysis_budget: ReviewBudget,
    /// The most of its time, in percent (1 to 100), that a worker spends
    /// reviewing (`--analysis-cpu`): after each position it sleeps so that
    /// the time it worked is at most this share of the time since it took
    /// the job. Values over 100 count as 100, and 0 as 1.
    pub analysis_cpu: u8,
    /// While the rest of the server (the rooms, the computer seats, other
    /// work than the reviews) uses more than this share of the machine's
    /// CPU, in percent (1 to 100; 100: never), reviews wait, looking again
    /// every quarter of a second (`--analysis-pause-above`), so that a
    /// busy server keeps its round trip. Values over 100 count as 100,
    /// and 0 as 1.
    pub analysis_pause_above: u8,
    /// The endgame database the reviews use for the games whose rules it
    /// was built for (`--analysis-database`): with it the verdicts of
    /// more moves are exact (see [`mancala_ai::review_game`]); the games
    /// of other rules are reviewed without it.
    pub analysis_database: Option<Arc<Egdb>>,
    /// How long a player waits in a queue of "Play now" before the
    /// computer is offered (`--queue-wait`).
    pub queue_wait: Duration,
    /// How many connections, players and rooms the server and each
    /// address may have.
    pub limits: Limits,
    /// This instance's name in the rooms' ownership (`--instance`): each
    /// of several instances on one database needs its own, kept across
    /// its restarts (see [`default_instance`] and docs/scaling.md).
    pub instance: String,
    /// How long this instance's claim of a room holds unless renewed
    /// (`--lease`; renewed every third of it): the longest another
    /// instance waits to take over the rooms of one that died.
    pub lease: Duration,
    /// This instance's URL as the other instances reach it
    /// (`--advertise`, `http://10.0.0.1:8080`): a socket to one of its
    /// rooms that reaches another instance is passed on to it there.
    /// `None`: `http://` and the address it listens on.
    pub advertise: Option<String>,
    /// The most game events one transaction stores: one writer stores
    /// the events of many rooms together, each room told of its event
    /// only once that transaction committed (group commit; docs/scaling.md).
    /// 0: each event in a transaction of its own, as before group commit
    /// (for comparison, docs/results.md section 8.3).
    pub commit_batch: usize,
    /// The database connections rooms are loaded on, on PostgreSQL
    /// (`--load-connections`), beside the ten of the main pool: a
    /// takeover's loads and the clients' `hello` checks, the commits of
    /// live rooms and the lease renewals then never wait for each
    /// other's connections (docs/scaling.md). 0: the main pool. SQLite
    /// loads on its one pool.
    pub load_connections: u32,
}

/// The server's caps on connections and creations (docs/protocol.md,
/// Security). Each refusal is a clear error: HTTP 429 (`Retry-After`
/// set) or 503 for a full server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// WebSocket connections the server holds at most
    /// (`--max-connections`); over it, `server_full` (503).
    pub max_connections: usize,
    /// WebSocket connections one address holds at most
    /// (`--max-connections-per-ip`); over it, `too_many_connections` (429).
    pub max_connections_per_ip: usize,
    /// Players, and rooms, one address may create each minute
    /// (`--creations-per-minute`); over it, `too_many_requests` (429).
    pub creations_per_minute: u32,
    /// The header a trusted reverse proxy puts the client's address in
    /// (`X-Forwarded-For`, `X-Real-IP`; `--client-ip-header`): its last
    /// address is the client's. `None`: the socket's peer is the client
    /// (behind a proxy every client would then share the proxy's limits).
    pub client_ip_header: Option<HeaderName>,
    /// Whether a client on the loopback address (this machine) is
    /// limited per address like the others. `false` by default: such a
    /// client is the machine itself (its load tests, or a reverse proxy
    /// that names no client address), so only the total cap counts it.
    pub limit_loopback: bool,
}

impl Default for Limits {
    /// [`limit::MAX_CONNECTIONS`], [`limit::MAX_CONNECTIONS_PER_IP`],
    /// [`limit::CREATIONS_PER_MINUTE`], no proxy header, loopback clients
    /// not limited per address.
    fn default() -> Limits {
        Limits {
            max_connections: limit::MAX_CONNECTIONS,
            max_connections_per_ip: limit::MAX_CONNECTIONS_PER_IP,
            creations_per_minute: limit::CREATIONS_PER_MINUTE,
            client_ip_header: None,
            limit_loopback: false,
        }
    }
}

impl Default for Config {
    /// `127.0.0.1:8080`, the SQLite file `mancala.db` in the current
    /// directory, [`DEFAULT_CPU`], [`DEFAULT_TAKEOVER_AFTER`],
    /// [`DEFAULT_SILENCE_LIMIT`], [`DEFAULT_QUEUE_WAIT`],
    /// [`DEFAULT_ANALYSIS_WORKERS`] worker reviewing games within the
    /// default [`ReviewBudget`] at [`DEFAULT_ANALYSIS_CPU`] percent, waiting
    /// above [`DEFAULT_ANALYSIS_PAUSE_ABOVE`], the instance named by
    /// [`default_instance`] and [`DEFAULT_LEASE`].
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:8080".to_string(),
            database: "sqlite://mancala.db?mode=rwc".to_string(),
            allowed_origins: Vec::new(),
            cpu: DEFAULT_CPU,
            takeover_after: DEFAULT_TAKEOVER_AFTER,
            silence_limit: Some(DEFAULT_SILENCE_LIMIT),
            limits: Limits::default(),
            queue_wait: DEFAULT_QUEUE_WAIT,
            analysis_workers: DEFAULT_ANALYSIS_WORKERS,
            analysis_budget: ReviewBudget::default(),
            analysis_cpu: DEFAULT_ANALYSIS_CPU,
            analysis_pause_above: DEFAULT_ANALYSIS_PAUSE_ABOVE,
            analysis_database: None,
            instance: default_instance(),
            lease: DEFAULT_LEASE,
            advertise: None,
            commit_batch: DEFAULT_COMMIT_BATCH,
            load_connections: DEFAULT_LOAD_CONNECTIONS,
        }
    }
}

/// A server with its socket open and its database migrated, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    router: axum::Router,
    db: db::Db,
    rooms: room::Rooms,
    queue: queue::Queue,
    analysis_workers: usize,
    analysis_budget: ReviewBudget,
    analysis_cpu: u8,
    analysis_pause_above: u8,
    analysis_database: Option<Arc<Egdb>>,
    /// Who the analysis workers take jobs as.
    claimant: analysis::Claimant,
}

impl Server {
    /// Opens the database (applying the migrations it lacks) and the
    /// listening socket.
    ///
    /// # Errors
    ///
    /// [`Error::Cpu`] if `config.cpu` cannot play (`human`, say),
    /// [`Error::Database`] or [`Error::Migrate`] for the database,
    /// [`Error::Bind`] for the socket, [`Error::BadOrigin`] for an allowed
    /// origin that is not `SCHEME://HOST[:PORT]`.
    pub async fn bind(config: &Config) -> Result<Server, Error> {
        let origins = ws::allowed_origins(&config.allowed_origins)?;
        room::check_cpu(&config.cpu)?;
        let db = db::Db::open_with(
            &config.database,
            config.commit_batch,
            config.load_connections,
        )
        .await?;
        let bind_error = |source| Error::Bind {
            addr: config.addr.clone(),
            source,
        };
        let listener = TcpListener::bind(&config.addr).await.map_err(bind_error)?;
        let addr = listener.local_addr().map_err(bind_error)?;
        let claimant = analysis::Claimant {
            instance: Arc::from(config.instance.as_str()),
            lease: config.lease,
        };
        let requeued = analysis::requeue_running(&db, &claimant, db::now_ms()).await?;
        if requeued > 0 {
            tracing::info!(
                jobs = requeued,
                "reviews a dead process had taken queued again"
            );
        }
        let released = db.release_all(&config.instance).await?;
        // A queue held under this name is a former process's too.
        db.release_queue(&config.instance).await?;
        if released > 0 {
            tracing::info!(
                rooms = released,
                "leases of a former process of this name given up"
            );
        }
        let mut settings = room::Settings::from(config);
        if config.advertise.is_none() {
            settings.advertise = std::sync::Arc::from(format!("http://{addr}").as_str());
        }
        let rooms = room::Rooms::new(db.clone(), settings.clone());
        let queue = queue::Queue::start(db.clone(), rooms.clone(), config.queue_wait);
        Ok(Server {
            listener,
            addr,
            router: http::router(
                db.clone(),
                rooms.clone(),
                &settings,
                origins,
                &config.limits,
                queue.clone(),
            ),
            db,
            rooms,
            queue,
            analysis_workers: config.analysis_workers,
            analysis_budget: config.analysis_budget,
            analysis_cpu: config.analysis_cpu,
            analysis_pause_above: config.analysis_pause_above,
            analysis_database: config.analysis_database.clone(),
            claimant,
        })
    }

    /// The address the server listens on (with the port picked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends.
    ///
    /// # Errors
    ///
    /// [`Error::Bind`] if accepting connections fails for good.
    pub async fn run(self) -> Result<(), Error> {
        self.run_until(std::future::pending()).await
    }

    /// Serves until `stop` completes, then drains: no new connection is
    /// accepted and no room loaded, every room finishes the commands it
    /// has queued (pending commits), gives its lease up (so another
    /// instance takes it at once) and tells its clients `room_moved`
    /// (see docs/scaling.md); returns once the rooms have ended and their
    /// clients' sockets have closed, or after [`DRAIN_LIMIT`] and a second
    /// more at most.
    ///
    /// # Errors
    ///
    /// [`Error::Bind`] if accepting connections fails for good.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use mancala_server::{Config, Server};
    ///
    /// # async fn run() -> Result<(), mancala_server::Error> {
    /// let server = Server::bind(&Config::default()).await?;
    /// let stop = async {
    ///     let _ = tokio::signal::ctrl_c().await;
    /// };
    /// server.run_until(stop).await
    /// # }
    /// ```
    pub async fn run_until(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        analysis::spawn_workers(
            &self.db,
            &self.claimant,
            self.analysis_workers,
            self.analysis_budget,
            (self.analysis_cpu, self.analysis_pause_above),
            self.analysis_database.clone(),
        );
        analysis::spawn_sweep(&self.db, &self.claimant);
        // The peer's address reaches the handlers for the per-address
        // limits.
        let service = self
            .router
            .into_make_service_with_connect_info::<SocketAddr>();
        let (drained_tx, drained) = tokio::sync::oneshot::channel::<()>();
        let (rooms, queue) = (self.rooms.clone(), self.queue.clone());
        let (db, instance) = (self.db.clone(), self.claimant.instance.clone());
        let shutdown = async move {
            stop.await;
            tracing::info!("draining");
            // The queue first, so that it opens no room here any more:
            // another instance takes it at once.
            queue.release().await;
            let _ = tokio::time::timeout(DRAIN_LIMIT, rooms.drain()).await;
            // Its rooms counted by the others no more.
            let forget = db.forget_playing(&instance);
            let _ = tokio::time::timeout(Duration::from_secs(1), forget).await;
            let _ = drained_tx.send(());
        };
        let sockets = self.db.metrics().sockets.clone();
        let serving = axum::serve(self.listener, service).with_graceful_shutdown(shutdown);
        // Connections that outlive the rooms (the queue's sockets) are
        // not waited for beyond the drain.
        let served = tokio::select! {
            served = serving => served,
            _ = async {
                let _ = drained.await;
                tokio::time::sleep(Duration::from_secs(1)).await;
            } => Ok(()),
        };
        // The server does not wait for upgraded connections: the rooms'
        // last words (`room_moved`) may still be in their sockets'
        // queues. Those sockets get a moment to write them and close.
        let began = tokio::time::Instant::now();
        while sockets.get() > 0 && began.elapsed() < SOCKETS_GRACE {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        served.map_err(|source| Error::Bind {
            addr: self.addr.to_string(),
            source,
        })
    }
}

/// The longest [`Server::run_until`] waits for its rooms to drain.
pub const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// The longest [`Server::run_until`] waits, once the rooms have drained,
/// for the WebSockets still open (the rooms' clients, told `room_moved`,
/// and the queue's) to close.
const SOCKETS_GRACE: Duration = Duration::from_secs(1);

/// Runs a server on a new tokio runtime until the process ends, calling
/// `listening` with its URL once it accepts connections: the whole of
/// `mancala serve`.
///
/// # Errors
///
/// As [`Server::bind`] and [`Server::run`]; [`Error::Bind`] also if the
/// runtime cannot start.
pub fn serve_blocking(config: &Config, listening: impl FnOnce(&str)) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| Error::Bind {
            addr: config.addr.clone(),
            source,
        })?;
    let served = runtime.block_on(async {
        let server = Server::bind(config).await?;
        let url = format!("http://{}", server.local_addr());
        tracing::info!(%url, instance = %config.instance, "listening");
        listening(&url);
        server.run_until(stop_signal()).await
    });
    // A review still searching is not waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    tracing::info!("stopped");
    served
}

/// Completes at the first `SIGTERM` or `SIGINT` (Ctrl-C) of the process.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
