//! Rooms: one tokio task per room owns its state ([`task`]); the
//! [`Rooms`] registry starts a room's task the first time a client asks
//! for it, from what the database holds.

mod clock;
mod computer;
mod game;
mod lobby;
mod sweep;
mod task;

pub(crate) use computer::{check_cpu, computer_id};
pub(crate) use sweep::MARGIN as TAKEOVER_MARGIN;
pub(crate) use task::error_message;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use mancala_ai::Spec;
use mancala_core::Move;
use tokio::sync::{Mutex, mpsc, watch};

use crate::Config;
use crate::db::{Db, Fence, now_ms};
use crate::error::Error;
use crate::protocol::{ClientMessage, ServerMessage};
use task::Room;

/// What every room takes from the server's [`Config`].
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// This instance's name in the rooms' ownership (`--instance`).
    pub instance: Arc<str>,
    /// This instance's URL for the others (`--advertise`), where they
    /// pass the sockets of its rooms on to it.
    pub advertise: Arc<str>,
    /// How long a claim of a room holds unless renewed (`--lease`); it
    /// is renewed every third of it.
    pub lease: Duration,
    /// Who plays timed-out turns, taken-over seats and resigned seats.
    pub cpu: Spec,
    /// How long a player is away before `cpu` plays their seat.
    pub takeover_after: Duration,
    /// How long a connection may be silent before it is dropped.
    pub silence_limit: Option<Duration>,
}

impl From<&Config> for Settings {
    fn from(config: &Config) -> Settings {
        Settings {
            instance: Arc::from(config.instance.as_str()),
            advertise: Arc::from(config.advertise.as_deref().unwrap_or_default()),
            lease: config.lease,
            cpu: config.cpu,
            takeover_after: config.takeover_after,
            silence_limit: config.silence_limit,
        }
    }
}

impl Settings {
    /// How long the database may take to load a room, or to answer a
    /// connection's `hello`, before this instance gives up and tells the
    /// client `room_moved` (to connect again, perhaps elsewhere): the
    /// lease, since a claim holds no longer unrenewed. A database that
    /// does not answer (cut off, or dropping packets) thus costs a client
    /// seconds, not sqlx's 30 s pool timeout or TCP's minutes.
    pub(crate) fn patience(&self) -> Duration {
        self.lease
    }
}

/// Commands queued for a room's task before the connections feeding it
/// wait (back-pressure).
const ROOM_QUEUE: usize = 256;

/// How long a room stays in memory once nobody is connected to it and
/// nothing is due (no clock running, no computer thinking): then its task
/// ends, and the next client loads it again from the database, which
/// holds all of it.
pub(crate) const UNLOAD_AFTER: Duration = Duration::from_secs(600);

/// The running rooms, by room code.
type Registry = Arc<Mutex<HashMap<String, Entry>>>;

/// A running room in the [`Registry`].
#[derive(Debug)]
pub(crate) struct Entry {
    /// Its task's queue.
    tx: mpsc::Sender<Command>,
    /// The epoch of its claim.
    epoch: i64,
    /// When its claim had been committed.
    claimed: tokio::time::Instant,
    /// Until when its lease is known to hold, in milliseconds since 1970
    /// by this instance's clock (the database's): from before the claim
    /// or the last renewal that found it, plus the lease (the stored
    /// expiry is later, if anything).
    held_until: i64,
    /// Whether its task was told [`Command::Lost`] already.
    lost: bool,
    /// Set with `lost`: a write of the task's that waits on the database
    /// is given up at once (see [`Room::run`]).
    signal: watch::Sender<bool>,
}

/// The rooms being loaded, each with the lock its loaders take in turn
/// (see [`Rooms::get`]).
type Loading = Arc<std::sync::Mutex<HashMap<String, Arc<Mutex<()>>>>>;

/// The people playing now, room by room: the room's game (as
/// [`RoomSetup::game_name`](crate::setup::RoomSetup::game_name) says) and
/// how many persons sit at its game in progress. Rooms keep their own
/// entry; `GET /api/queue/counts` adds them up.
pub(crate) type Playing = Arc<std::sync::Mutex<HashMap<String, (String, usize)>>>;

/// Identifies one WebSocket connection within the server.
pub(crate) type ConnId = u64;

/// What a connection asks of its room's task.
#[derive(Debug)]
pub(crate) enum Command {
    /// An authenticated client joined: send it the room and then every
    /// broadcast through `out`.
    Join {
        /// The connection.
        conn: ConnId,
        /// Its player id.
        player: String,
        /// The player's display name.
        name: String,
        /// The channel to the connection's writer.
        out: mpsc::Sender<ServerMessage>,
    },
    /// The connection closed.
    Leave {
        /// The connection.
        conn: ConnId,
        /// Its player id.
        player: String,
    },
    /// A player changed their display name (stored already).
    Renamed {
        /// The player id.
        player: String,
        /// The new name.
        name: String,
    },
    /// A client message (never `hello`) from the connection.
    Message {
        /// The connection.
        conn: ConnId,
        /// The message.
        message: ClientMessage,
    },
    /// The computer chose `mv` for the position after event `seq` of game
    /// `game`; stale (and dropped) if the game has gone on since.
    Computed {
        /// The game's id.
        game: String,
        /// The number of events the game had.
        seq: usize,
        /// The move, `None` if the computer found none.
        mv: Option<Move>,
    },
    /// The queue seated the room's players: start the game as the host
    /// would.
    Begin,
    /// Another instance took the room over (the lease's renewal found
    /// it): tell the clients and end.
    Lost,
    /// The server stops: give the lease up, tell the clients and end.
    Drain,
}

/// The way to a room's task.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Hands `command` to the room's task.
    ///
    /// # Errors
    ///
    /// [`Error::RoomClosed`] if the task has stopped.
    pub(crate) async fn send(&self, command: Command) -> Result<(), Error> {
        self.tx.send(command).await.map_err(|_| Error::RoomClosed)
    }
}

/// The rooms whose tasks are running, by code (a cheap handle: clones
/// share the rooms).
#[derive(Clone, Debug)]
pub(crate) struct Rooms {
    db: Db,
    settings: Settings,
    live: Registry,
    loading: Loading,
    playing: Playing,
    /// Set once the server drains: no room is loaded any more.
    draining: Arc<std::sync::atomic::AtomicBool>,
    /// Room loads under way, at most [`LOADS_AT_ONCE`].
    loads: Arc<tokio::sync::Semaphore>,
    /// The sweep's loads waiting for, or holding, a turn among `loads`:
    /// at most [`SWEEP_LOADS_AT_ONCE`] ([`sweep`]).
    sweep_loads: Arc<tokio::sync::Semaphore>,
    /// The instances, as the sweep last read them ([`sweep`]).
    peers: sweep::Peers,
    /// The rooms the sweep is claiming in batches ([`sweep`]).
    sweeping: sweep::Claiming,
}

/// How many rooms an instance loads from the database at once. A load
/// is a handful of queries one after another; when an instance takes
/// over a dead one's rooms, thousands of clients ask for theirs within a
/// second. Loaded all at once, their queries shared the pool's
/// connections with each other and with the moves' commits, and each
/// load took longer than [`Settings::patience`]: every one timed out,
/// its work wasted, its clients refused to try again later
/// (docs/results.md section 8.5). Taken a few at a time, each load is
/// quick, and the rooms come back one after another. Below the pool's
/// ten connections, so that commits and lease renewals always find one.
const LOADS_AT_ONCE: usize = 6;

/// How many of the [`LOADS_AT_ONCE`] the sweep (rooms taken over before
/// their clients are back, [`sweep`]) takes or waits for at once. The
/// rest are left to the loads of clients that wait: a client held for a
/// room while the sweep has a thousand more to load is served after at
/// most this many sweep loads, not after all of them (the turns are
/// first come, first served). The sweep waits for a turn without the
/// room's lock of [`Rooms::get`], so that a client of a room the sweep
/// has not begun to load loads it at once, and the sweep then finds it
/// running; a client of a room the sweep is loading waits for that load.
const SWEEP_LOADS_AT_ONCE: usize = LOADS_AT_ONCE / 2;

/// How long a load waits for its turn among the [`LOADS_AT_ONCE`], in
/// leases ([`Settings::patience`]). No claim is held while waiting, so
/// the wait is bounded only for the client: one held for a room taken
/// over (`http::take_over`) is better served late than told
/// `room_moved` and left to connect again at its own, growing delay.
/// A database that does not answer still ends each load after a lease.
const TURN_WAIT_LEASES: u32 = 3;

impl Rooms {
    /// No room running yet; rooms will run with `settings`. Inside a
    /// tokio runtime, the leases of the rooms are renewed from now on
    /// (see [`renewals`]), until the rooms are dropped.
    pub(crate) fn new(db: Db, settings: Settings) -> Rooms {
        let rooms = Rooms {
            db,
            settings,
            live: Arc::new(Mutex::new(HashMap::new())),
            loading: Loading::default(),
            playing: Playing::default(),
            draining: Arc::default(),
            loads: Arc::new(tokio::sync::Semaphore::new(LOADS_AT_ONCE)),
            sweep_loads: Arc::new(tokio::sync::Semaphore::new(SWEEP_LOADS_AT_ONCE)),
            peers: sweep::Peers::default(),
            sweeping: sweep::Claiming::default(),
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(sweep::Sweeper::new(&rooms).run());
            let live = Arc::downgrade(&rooms.live);
            let playing = rooms.playing.clone();
            tokio::spawn(renewals(
                rooms.db.clone(),
                rooms.settings.clone(),
                live,
                playing,
            ));
        }
        rooms
    }

    /// How many persons play a game in progress now, by game (`house`,
    /// a preset's name, or `custom`).
    pub(crate) fn playing(&self) -> HashMap<String, usize> {
        count_playing(&self.playing)
    }

    /// The room `code`, its task started from the database if it is not
    /// running.
    ///
    /// The registry is locked only to look the room up and to add it:
    /// a room's load (which waits on the database) holds up no other
    /// room's, and a room already running is found at once even while
    /// others load (as on an instance cut off from the database). Loads
    /// of one room take turns, so that two clients never start two tasks
    /// for it. A client of a room the sweep is taking over waits for the
    /// sweep's batch ([`Rooms::load_batch`]) first, a few leases at most.
    ///
    /// # Errors
    ///
    /// [`Error::NoSuchRoom`] if the database has no such room;
    /// [`Error::RoomMoved`] if another instance holds it, if the server
    /// drains, and if the database fails or takes longer than
    /// [`Settings::patience`] (the client connects again, perhaps to an
    /// instance that can load it); replay errors while loading it.
    pub(crate) async fn get(&self, code: &str) -> Result<RoomHandle, Error> {
        if let Some(found) = self.running(code).await {
            return found;
        }
        // A room the sweep is taking over in a batch: loaded with it, at
        // a fraction of the cost of a load alone.
        self.sweeping.wait_for(code, self.load_wait()).await;
        let turn = {
            let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
            loading.entry(code.to_string()).or_default().clone()
        };
        let result = {
            let _turn = turn.lock().await;
            self.start(code).await
        };
        let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
        // The map's and this one's: nobody else waits for its turn.
        if Arc::strong_count(&turn) <= 2 {
            loading.remove(code);
        }
        result
    }

    /// Whether room `code`'s task runs here and has not been lost (its
    /// lease may have run out still: [`Rooms::get`] tells).
    pub(crate) async fn is_running(&self, code: &str) -> bool {
        let live = self.live.lock().await;
        live.get(code).is_some_and(|e| !e.tx.is_closed() && !e.lost)
    }

    /// The handle of room `code` if its task runs; [`Error::RoomMoved`]
    /// if it runs but its lease, as far as this instance knows, has run
    /// out (the renewal that would have extended it failed, or is slow):
    /// another instance may hold the room now and have played on, so
    /// that what this one holds in memory may be behind the database.
    /// Such a room is lost at once ([`Command::Lost`]); the client
    /// connects again, and finds the room's owner, or loads it.
    async fn running(&self, code: &str) -> Option<Result<RoomHandle, Error>> {
        let mut live = self.live.lock().await;
        let entry = live.get_mut(code).filter(|e| !e.tx.is_closed())?;
        if entry.lost || entry.held_until <= now_ms() {
            if !entry.lost {
                entry.lost = true;
                entry.signal.send_replace(true);
                tracing::warn!(room = %code, "room lost: its lease ran out before a renewal");
                let tx = entry.tx.clone();
                tokio::spawn(async move { tx.send(Command::Lost).await });
            }
            return Some(Err(Error::RoomMoved {
                code: code.to_string(),
            }));
        }
        Some(Ok(RoomHandle {
            tx: entry.tx.clone(),
        }))
    }

    /// Starts room `code`'s task, loaded from the database, unless it
    /// runs (started by the loader before this one); in its turn of
    /// [`Rooms::get`].
    async fn start(&self, code: &str) -> Result<RoomHandle, Error> {
        if let Some(found) = self.running(code).await {
            return found;
        }
        let moved = || Error::RoomMoved {
            code: code.to_string(),
        };
        if self.draining.load(std::sync::atomic::Ordering::SeqCst) {
            // Another instance will take it.
            return Err(moved());
        }
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let settings = self.settings.clone();
        let patience = self.settings.patience();
        // Its turn among the loads.
        let wait = patience.saturating_mul(TURN_WAIT_LEASES);
        let waiting = tokio::time::Instant::now();
        let Ok(Ok(_turn)) = tokio::time::timeout(wait, self.loads.acquire()).await else {
            tracing::warn!(room = %code, limit = ?wait, "waiting to load the room took too long");
            return Err(moved());
        };
        let asked = now_ms();
        let loading = tokio::time::Instant::now();
        let load = Room::load(self.db.clone(), code, settings, tx.downgrade());
        let room = match tokio::time::timeout(patience, load).await {
            Ok(Ok(room)) => room,
            Ok(Err(Error::Database(error))) => {
                tracing::warn!(room = %code, %error, "loading the room failed");
                return Err(moved());
            }
            Ok(Err(error)) => return Err(error),
            Err(_) => {
                tracing::warn!(room = %code, limit = ?patience, "loading the room took too long");
                return Err(moved());
            }
        };
        tracing::debug!(
            room = %code,
            turn_ms = (loading - waiting).as_millis() as u64,
            load_ms = loading.elapsed().as_millis() as u64,
            "room read from the database"
        );
        self.register(code, room, (tx, rx), asked).await
    }

    /// Loads the rooms of `codes` together ([`Db::load_rooms`]: one set
    /// of queries for them all) in one turn among the loads, each as
    /// [`Rooms::get`] would load it alone: the sweep's loads of the rooms
    /// it takes over. A room already running here, or whose turn of
    /// [`Rooms::get`] another loader holds (a client loading it), is
    /// left out; each room's turn is held until the batch is done, so
    /// that a client of one of them waits for the batch and then finds
    /// its room running. A room another instance holds is not claimed.
    /// Returns how many rooms it loaded.
    pub(crate) async fn load_batch(&self, codes: &[String]) -> usize {
        let mut turns = Vec::new();
        for code in codes {
            let turn = {
                let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
                loading.entry(code.clone()).or_default().clone()
            };
            if let Ok(held) = turn.clone().try_lock_owned() {
                turns.push((code.clone(), turn, held));
            }
        }
        let mut wanted = Vec::new();
        for (code, _, _) in &turns {
            if self.running(code).await.is_none() {
                wanted.push(code.clone());
            }
        }
        let loaded = if wanted.is_empty() || self.draining.load(std::sync::atomic::Ordering::SeqCst)
        {
            0
        } else {
            self.load_together(&wanted).await
        };
        for (code, turn, held) in turns {
            drop(held);
            let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
            if Arc::strong_count(&turn) <= 2 {
                loading.remove(&code);
            }
        }
        loaded
    }

    /// [`Rooms::load_batch`]'s load of `codes`, none running here, their
    /// turns of [`Rooms::get`] held: a turn among the loads, the rooms
    /// claimed and read together, their away clocks stored together
    /// (fenced: a room claimed elsewhere meanwhile is dropped), and each
    /// room's task started.
    async fn load_together(&self, codes: &[String]) -> usize {
        let patience = self.settings.patience();
        let waiting = tokio::time::Instant::now();
        let wait = patience.saturating_mul(TURN_WAIT_LEASES);
        let Ok(Ok(_turn)) = tokio::time::timeout(wait, self.loads.acquire()).await else {
            tracing::warn!(rooms = codes.len(), limit = ?wait, "waiting to load rooms took too long");
            return 0;
        };
        let asked = now_ms();
        let loading = tokio::time::Instant::now();
        let claimer = (&*self.settings.instance, &*self.settings.advertise);
        let load = self
            .db
            .load_rooms(codes, claimer, asked, self.settings.lease);
        let Some(found) = batch_step(codes.len(), patience, load).await else {
            return 0;
        };
        let read_ms = loading.elapsed().as_millis() as u64;
        let mut built = Vec::new();
        for loaded in found.into_values() {
            let code = loaded.fence.room.clone();
            let (tx, rx) = mpsc::channel(ROOM_QUEUE);
            let settings = self.settings.clone();
            match Room::unstored(self.db.clone(), loaded, settings, tx.downgrade()) {
                Ok((room, since)) => built.push((room, since, (tx, rx))),
                Err(error) => tracing::warn!(room = %code, %error, "loading the room failed"),
            }
        }
        // Every away clock of the batch restarted in one statement.
        let away: Vec<(Fence, Vec<(String, i64)>)> = (built.iter())
            .map(|(room, since, _)| (room.fence.clone(), since.clone()))
            .collect();
        let away = self.db.set_away_batch(&away);
        let Some(written) = batch_step(codes.len(), patience, away).await else {
            return 0;
        };
        let mut started = 0;
        for (room, since, channel) in built {
            let code = room.fence.room.clone();
            if !since.is_empty() && !written.contains(&code) {
                tracing::debug!(room = %code, "room claimed elsewhere during its load");
                continue;
            }
            if self.register(&code, room, channel, asked).await.is_ok() {
                started += 1;
            }
        }
        tracing::debug!(
            asked = codes.len(),
            loaded = started,
            turn_ms = (loading - waiting).as_millis() as u64,
            read_ms,
            load_ms = loading.elapsed().as_millis() as u64,
            "rooms loaded together"
        );
        started
    }

    /// Runs the task of room `room` (`code`), just loaded, claimed at
    /// `asked` (milliseconds since 1970, before the claim), fed by `tx`
    /// and `rx`, and enters it in the registry; if the server began to
    /// drain meanwhile, gives its lease up instead ([`Error::RoomMoved`]).
    async fn register(
        &self,
        code: &str,
        mut room: Room,
        (tx, rx): (mpsc::Sender<Command>, mpsc::Receiver<Command>),
        asked: i64,
    ) -> Result<RoomHandle, Error> {
        let claimed = tokio::time::Instant::now();
        room.playing = Some(self.playing.clone());
        let (signal, lost) = watch::channel(false);
        room.lost = lost;
        let epoch = room.fence.epoch;
        let mut live = self.live.lock().await;
        if self.draining.load(std::sync::atomic::Ordering::SeqCst) {
            // Claimed as the server began to drain: given up at once.
            drop(live);
            let release = self.db.release(&room.fence);
            let _ = tokio::time::timeout(self.patience(), release).await;
            return Err(Error::RoomMoved {
                code: code.to_string(),
            });
        }
        tracing::debug!(room = %code, epoch, "room loaded");
        let metrics = self.db.metrics();
        metrics.room_loads.inc();
        let held = crate::metrics::Held::new(&metrics.rooms);
        let registry = self.live.clone();
        tokio::spawn(async move {
            room.run(rx, registry).await;
            drop(held);
        });
        let entry = Entry {
            tx: tx.clone(),
            epoch,
            claimed,
            held_until: asked.saturating_add(millis(self.settings.lease)),
            lost: false,
            signal,
        };
        live.insert(code.to_string(), entry);
        Ok(RoomHandle { tx })
    }

    /// The settings the rooms run with.
    pub(crate) fn settings(&self) -> &Settings {
        &self.settings
    }

    /// How long the database may take for a room or a `hello` (see
    /// [`Settings::patience`]).
    pub(crate) fn patience(&self) -> Duration {
        self.settings.patience()
    }

    /// How long a room's load may take here at most, its wait for a
    /// turn among the loads included (about [`TURN_WAIT_LEASES`] and one
    /// lease): what an instance passing a client on to this one for a
    /// room it takes over gives it to answer.
    pub(crate) fn load_wait(&self) -> Duration {
        self.patience().saturating_mul(TURN_WAIT_LEASES + 1)
    }

    /// Drains the rooms (the server stops): no room is loaded from now
    /// on, and each running one finishes the commands queued before this,
    /// gives its lease up, tells its clients `room_moved` and ends.
    /// Returns once every room's task has ended.
    pub(crate) async fn drain(&self) {
        let live = {
            let mut live = self.live.lock().await;
            self.draining
                .store(true, std::sync::atomic::Ordering::SeqCst);
            std::mem::take(&mut *live)
        };
        for entry in live.values() {
            let _ = entry.tx.send(Command::Drain).await;
        }
        for entry in live.values() {
            entry.tx.closed().await;
        }
        tracing::info!(rooms = live.len(), "rooms drained");
    }

    /// The URL of the instance that holds room `code` if another one
    /// does (its lease alive).
    ///
    /// # Errors
    ///
    /// [`Error::Database`], also when the database takes longer than
    /// [`Settings::patience`] (as sqlx's pool timeout).
    pub(crate) async fn owner_elsewhere(&self, code: &str) -> Result<Option<String>, Error> {
        let ask = self
            .db
            .owner_elsewhere(code, &self.settings.instance, now_ms());
        match tokio::time::timeout(self.patience(), ask).await {
            Ok(owner) => owner,
            Err(_) => Err(Error::Database(sqlx::Error::PoolTimedOut)),
        }
    }

    /// Who holds room `code` (`''` for nobody) and when its lease runs
    /// out, in milliseconds since 1970; `None` for a room never claimed.
    ///
    /// # Errors
    ///
    /// [`Error::Database`], also when the database takes longer than
    /// [`Settings::patience`].
    pub(crate) async fn lease_end(&self, code: &str) -> Result<Option<(String, i64)>, Error> {
        match tokio::time::timeout(self.patience(), self.db.lease_end(code)).await {
            Ok(end) => end,
            Err(_) => Err(Error::Database(sqlx::Error::PoolTimedOut)),
        }
    }

    /// The URL of the live instance other than this one that room
    /// `code`, held by `holder` whose lease has ended, goes to (the
    /// choice every instance's sweep makes, [`sweep::successor`]), as the
    /// last look at the instances found them; `None` if it is this one,
    /// or no other instance is known.
    pub(crate) fn successor_elsewhere(&self, code: &str, holder: &str) -> Option<String> {
        let peers = self.peers.read().unwrap_or_else(|e| e.into_inner());
        let me = &*self.settings.instance;
        let (_, addr) = sweep::successor(code, holder, (me, &peers), now_ms())?;
        addr.filter(|a| !a.is_empty()).map(str::to_string)
    }

    /// How many rooms are in memory.
    #[cfg(test)]
    pub(crate) async fn count(&self) -> usize {
        self.live.lock().await.len()
    }

    /// Tells every running room that `player` is now called `name`; the
    /// rooms they are in show it to their clients.
    pub(crate) async fn renamed(&self, player: &str, name: &str) {
        // Sent outside the lock, so that a busy room holds up no other.
        let rooms: Vec<_> = (self.live.lock().await.values())
            .map(|e| e.tx.clone())
            .collect();
        for tx in rooms {
            let renamed = Command::Renamed {
                player: player.to_string(),
                name: name.to_string(),
            };
            // A room that stopped has nobody to tell.
            let _ = tx.send(renamed).await;
        }
    }
}

/// One step of [`Rooms::load_together`]'s load of a batch of `rooms`
/// rooms: `work`'s value, or `None` (logged as a warning) when it fails
/// or outlasts `patience`.
async fn batch_step<T, E: std::fmt::Display>(
    rooms: usize,
    patience: std::time::Duration,
    work: impl std::future::Future<Output = Result<T, E>>,
) -> Option<T> {
    match tokio::time::timeout(patience, work).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(error)) => {
            tracing::warn!(rooms, %error, "loading rooms failed");
            None
        }
        Err(_) => {
            tracing::warn!(rooms, limit = ?patience, "loading rooms took too long");
            None
        }
    }
}

/// How many persons play a game in progress in the rooms of `playing`,
/// by game.
fn count_playing(playing: &Playing) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    let playing = playing.lock().unwrap_or_else(|e| e.into_inner());
    for (game, people) in playing.values() {
        *counts.entry(game.clone()).or_insert(0) += people;
    }
    counts
}

/// Renews the leases of this instance's rooms every third of the lease,
/// in one statement, until the rooms `live` holds are dropped; with each
/// renewal, stores for the other instances how many persons play in
/// them (`playing`, see [`Db::store_playing`]). A room is
/// told it is [`Command::Lost`] when the renewal does not find its claim
/// (another instance took it over since: this one was stopped or cut
/// off past its lease), and also when its lease would run out before
/// the next renewal, as when renewals fail (the database cut off): its
/// clients are told to connect again, and reach an instance that can
/// take the room, instead of waiting on one that cannot write for it.
/// A renewal that fails, or takes longer than the lease, is tried again
/// at the next.
async fn renewals(
    db: Db,
    settings: Settings,
    live: std::sync::Weak<Mutex<HashMap<String, Entry>>>,
    playing: Playing,
) {
    let every = (settings.lease / 3).max(Duration::from_millis(10));
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(live) = live.upgrade() else { return };
        let began = (tokio::time::Instant::now(), now_ms());
        let renewal = db.renew(&settings.instance, began.1, settings.lease);
        let held = match tokio::time::timeout(settings.lease, renewal).await {
            Ok(Ok(held)) => Some(held.into_iter().map(|f| (f.room, f.epoch)).collect()),
            Ok(Err(error)) => {
                tracing::warn!(%error, "renewing the rooms' leases failed");
                None
            }
            Err(_) => {
                tracing::warn!(limit = ?settings.lease, "renewing the rooms' leases took too long");
                None
            }
        };
        let lost = expired(&mut *live.lock().await, held.as_ref(), began, &settings);
        for (code, tx) in lost {
            tracing::warn!(room = %code, "room lost: taken over, or its lease ran out");
            // Apart, so that a room whose queue is full holds up no other.
            tokio::spawn(async move { tx.send(Command::Lost).await });
        }
        // Apart, so that a slow write holds up no renewal; one that
        // fails is written again at the next.
        let (store_db, instance) = (db.clone(), settings.instance.clone());
        let addr = settings.advertise.clone();
        let counts = count_playing(&playing);
        let lease = settings.lease;
        tokio::spawn(async move {
            let store = store_db.store_playing((&instance, &addr), began.1, lease, &counts);
            match tokio::time::timeout(lease, store).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(%error, "storing the rooms' counts failed"),
                Err(_) => tracing::warn!(limit = ?lease, "storing the rooms' counts took too long"),
            }
        });
    }
}

/// The rooms of `live` lost after a renewal that began at `began` (by
/// the runtime's clock and in milliseconds since 1970) and found the
/// claims `held` (`None`: it failed), each marked lost: those claimed
/// before it began and missing from it, and, when it failed, those whose
/// lease runs out before the next renewal. Extends the leases of those
/// it found.
fn expired(
    live: &mut HashMap<String, Entry>,
    held: Option<&HashMap<String, i64>>,
    (began, began_ms): (tokio::time::Instant, i64),
    settings: &Settings,
) -> Vec<(String, mpsc::Sender<Command>)> {
    let every = millis((settings.lease / 3).max(Duration::from_millis(10)));
    let now = now_ms();
    let mut lost = Vec::new();
    for (code, entry) in live.iter_mut().filter(|(_, e)| !e.lost) {
        // Only rooms claimed before the renewal began can be missing
        // from it for having been lost.
        if let Some(held) = held.filter(|_| entry.claimed < began) {
            if held.get(code) == Some(&entry.epoch) {
                let until = began_ms.saturating_add(millis(settings.lease));
                entry.held_until = entry.held_until.max(until);
            } else {
                entry.lost = true;
            }
        }
        // A renewal that found the room but came back after the lease it
        // gave had run out (it waited on locks): another instance may
        // have claimed the room meanwhile.
        entry.lost |= entry.held_until <= now;
        // A renewal that failed could not extend it: one that runs out
        // before the next renewal is lost (only then, so that a slow
        // database, or a clock jumping in a test, loses no room).
        entry.lost |= held.is_none() && entry.held_until <= now.saturating_add(every);
        if entry.lost {
            entry.signal.send_replace(true);
            lost.push((code.clone(), entry.tx.clone()));
        }
    }
    lost
}

/// `d` in whole milliseconds.
fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DEFAULT_CPU;
    use crate::setup::RoomSetup;

    /// Runs `test` with the paused clock moving only by `advance`: a
    /// keeper beside it yields at once every time it is polled, so that
    /// the runtime is never idle and never jumps the clock while tasks
    /// wait on SQLite's thread (as `tests/common`'s `frozen`).
    async fn frozen(test: impl Future<Output = ()>) {
        let keeper = async {
            loop {
                std::thread::yield_now();
                tokio::task::yield_now().await;
            }
        };
        tokio::select! {
            biased;
            () = test => {}
            () = keeper => {}
        }
    }

    /// Lets the tasks and the database catch up before the paused clock
    /// moves on: yields until no connection of `db`'s pool is in use,
    /// three looks in a row (a task woken by a query's answer may start
    /// another), so that no query is in flight on SQLite's thread while
    /// virtual time jumps (its timeouts would fire, however fast the
    /// query). A minute of real time is only the safety net of a test
    /// that would otherwise hang.
    async fn settle(db: &Db) {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let mut quiet = 0;
        while quiet < 3 {
            for _ in 0..50 {
                std::thread::yield_now();
                tokio::task::yield_now().await;
            }
            let pool = db.pool();
            // A closed pool runs nothing (every query fails at once).
            let idle = pool.is_closed()
                || usize::try_from(pool.size()).is_ok_and(|size| size == pool.num_idle());
            quiet = if idle { quiet + 1 } else { 0 };
            assert!(
                std::time::Instant::now() < deadline,
                "the database never went quiet"
            );
        }
    }

    /// Moves the paused clock on a second at a time until `rooms` holds
    /// `n` rooms, for at most `limit`; returns whether it did.
    async fn wait_for(rooms: &Rooms, n: usize, limit: Duration) -> bool {
        let step = Duration::from_secs(1);
        let mut waited = Duration::ZERO;
        loop {
            settle(&rooms.db).await;
            if rooms.count().await == n {
                return true;
            }
            if waited >= limit {
                return false;
            }
            tokio::time::advance(step).await;
            waited += step;
        }
    }

    /// The room messages `outbox` holds, the last one.
    fn last_room(outbox: &mut mpsc::Receiver<ServerMessage>) -> Option<serde_json::Value> {
        let mut last = None;
        while let Ok(message) = outbox.try_recv() {
            if let ServerMessage::Room(view) = message {
                last = Some(serde_json::to_value(view).unwrap());
            }
        }
        last
    }

    /// A SQLite file in `dir` holding player `a` (Ann) and her Kalah
    /// room `r`, and its URL.
    async fn one_room(dir: &tempfile::TempDir) -> (Db, String) {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
        let db = Db::open(&url).await.unwrap();
        db.create_player("a", "ann", "-").await.unwrap();
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        db.create_room("r", "a", &setup, false, None).await.unwrap();
        (db, url)
    }

    /// The settings of instance `instance` with `lease` and
    /// `takeover_after`, no silence limit.
    fn settings(instance: &str, lease: Duration, takeover_after: Duration) -> Settings {
        Settings {
            instance: Arc::from(instance),
            advertise: Arc::from("http://test"),
            lease,
            cpu: DEFAULT_CPU,
            takeover_after,
            silence_limit: None,
        }
    }

    /// Room `r` of `db` (made by [`one_room`]) with player `b` (Bob) too,
    /// both seated and a game started: Ann's connection 0 and its
    /// outbox, then Bob's, read to the game's start.
    async fn started(db: &Db, rooms: &Rooms) -> (RoomHandle, Vec<mpsc::Receiver<ServerMessage>>) {
        db.create_player("b", "bob", "-").await.unwrap();
        let handle = rooms.get("r").await.unwrap();
        let mut outboxes = Vec::new();
        for (conn, player) in [(0, "a"), (1, "b")] {
            let (out, outbox) = mpsc::channel(64);
            outboxes.push(outbox);
            let join = Command::Join {
                conn,
                player: player.to_string(),
                name: player.to_string(),
                out,
            };
            handle.send(join).await.unwrap();
            let sit = ClientMessage::Sit {
                seat: Some(conn as usize),
                also: false,
            };
            let message = Command::Message { conn, message: sit };
            handle.send(message).await.unwrap();
        }
        let start = Command::Message {
            conn: 0,
            message: ClientMessage::Start,
        };
        handle.send(start).await.unwrap();
        for outbox in &mut outboxes {
            loop {
                let next = tokio::time::timeout(Duration::from_secs(10), outbox.recv());
                match next.await.expect("the game starts in time") {
                    Some(ServerMessage::Started(_)) => break,
                    Some(_) => {}
                    None => panic!("the room dropped its client"),
                }
            }
        }
        (handle, outboxes)
    }

    /// Ann (connection 0) plays house 1.
    fn ann_plays() -> Command {
        Command::Message {
            conn: 0,
            message: ClientMessage::Move {
                mv: "1".to_string(),
                seat: None,
            },
        }
    }

    /// What `outbox` is told until its room drops it: the codes of the
    /// errors, and whether a move was announced.
    async fn told(outbox: &mut mpsc::Receiver<ServerMessage>) -> (Vec<String>, bool) {
        let (mut codes, mut moved) = (Vec::new(), false);
        loop {
            let next = tokio::time::timeout(Duration::from_secs(10), outbox.recv());
            match next.await.expect("the room ends in time") {
                Some(ServerMessage::Error { code, .. }) => codes.push(code),
                Some(ServerMessage::Moved(_)) => moved = true,
                Some(_) => {}
                None => return (codes, moved),
            }
        }
    }

    /// A connection of its own to the database at `url` that holds the
    /// write lock (SQLite's `BEGIN IMMEDIATE`) until it commits: every
    /// write of the server's waits meanwhile, as on a database that
    /// does not answer.
    async fn hold_writes(url: &str) -> sqlx::AnyConnection {
        use sqlx::Connection;
        let mut holder = sqlx::AnyConnection::connect(url).await.unwrap();
        sqlx::Executor::execute(&mut holder, "BEGIN IMMEDIATE")
            .await
            .unwrap();
        holder
    }

    #[tokio::test]
    async fn a_room_being_loaded_holds_up_no_other_room_and_is_loaded_once() {
        let dir = tempfile::tempdir().unwrap();
        let (db, url) = one_room(&dir).await;
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        db.create_room("s", "a", &setup, false, None).await.unwrap();
        let settings = settings("a", Duration::from_secs(60), Duration::from_secs(60));
        let rooms = Rooms::new(db.clone(), settings);
        rooms.get("s").await.unwrap();

        // Writes wait (SQLite's lock held elsewhere): two clients ask for
        // room r, whose load waits to claim it.
        let mut holder = hold_writes(&url).await;
        let asks: Vec<_> = (0..2)
            .map(|_| {
                let rooms = rooms.clone();
                tokio::spawn(async move { rooms.get("r").await.map(|h| h.tx) })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(asks.iter().all(|ask| !ask.is_finished()));
        // Meanwhile room s, running, is found at once (the registry was
        // locked for the whole of r's load before).
        let found = tokio::time::timeout(Duration::from_millis(500), rooms.get("s")).await;
        assert!(found.is_ok(), "room s waited for room r's load");

        // Writes go on: r is loaded once, and both clients get its task.
        sqlx::Executor::execute(&mut holder, "COMMIT")
            .await
            .unwrap();
        let mut queues = Vec::new();
        for ask in asks {
            queues.push(ask.await.unwrap().unwrap());
        }
        assert!(queues[0].same_channel(&queues[1]));
        assert_eq!(rooms.count().await, 2);
        assert_eq!(db.metrics().room_loads.get(), 2);
    }

    /// A batch (the sweep's takeover) loads the rooms nobody else holds
    /// and leaves out a room another instance holds, one that does not
    /// exist, and one already running; each room loaded runs as one
    /// loaded alone (a client's `get` finds it, with its game replayed),
    /// and nothing is left in the loaders' turns.
    #[tokio::test]
    async fn a_batch_loads_the_rooms_nobody_else_holds() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = one_room(&dir).await;
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        for code in ["s", "t"] {
            db.create_room(code, "a", &setup, false, None)
                .await
                .unwrap();
        }
        let lease = Duration::from_secs(60);
        // r was x's, whose lease ended long ago; s is y's, live.
        db.claim("r", ("x", "http://x"), 0, lease)
            .await
            .unwrap()
            .unwrap();
        let far = now_ms() + 600_000;
        db.claim("s", ("y", "http://y"), far, lease)
            .await
            .unwrap()
            .unwrap();
        let rooms = Rooms::new(db.clone(), settings("a", lease, lease));
        let codes: Vec<String> = ["r", "s", "t", "nope"].map(String::from).to_vec();
        assert_eq!(rooms.load_batch(&codes).await, 2);
        assert!(rooms.is_running("r").await);
        assert!(rooms.is_running("t").await);
        assert!(!rooms.is_running("s").await);
        assert_eq!(rooms.count().await, 2);
        // Again: both run already, s is still y's.
        assert_eq!(rooms.load_batch(&codes).await, 0);
        assert_eq!(rooms.count().await, 2);
        let (out, mut outbox) = mpsc::channel(64);
        let join = Command::Join {
            conn: 0,
            player: "a".to_string(),
            name: "ann".to_string(),
            out,
        };
        rooms.get("r").await.unwrap().send(join).await.unwrap();
        let shown = async {
            loop {
                match outbox.recv().await {
                    Some(ServerMessage::Room(_)) => return true,
                    Some(_) => {}
                    None => return false,
                }
            }
        };
        let shown = tokio::time::timeout(Duration::from_secs(10), shown).await;
        assert_eq!(shown, Ok(true), "the room is shown to its client");
        let lease_row = db.lease_end("r").await.unwrap().unwrap();
        assert_eq!(lease_row.0, "a");
        assert!(rooms.loading.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_load_that_waits_longer_than_the_lease_is_told_room_moved() {
        let dir = tempfile::tempdir().unwrap();
        let (db, url) = one_room(&dir).await;
        let lease = Duration::from_millis(500);
        let rooms = Rooms::new(db.clone(), settings("a", lease, Duration::from_secs(60)));
        // SQLite's own wait for the lock is 5 s: the lease is shorter.
        let _holder = hold_writes(&url).await;
        let asked = tokio::time::Instant::now();
        let refused = rooms.get("r").await.unwrap_err();
        assert_eq!(refused.code(), "room_moved", "{refused}");
        let took = asked.elapsed();
        assert!(took >= lease && took < 2 * lease, "{took:?}");
        assert_eq!(rooms.count().await, 0);
    }

    #[tokio::test]
    async fn a_failed_commit_tells_every_client_to_connect_again() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = one_room(&dir).await;
        let rooms = Rooms::new(
            db.clone(),
            settings("a", Duration::from_secs(600), Duration::from_secs(60)),
        );
        let (handle, mut outboxes) = started(&db, &rooms).await;
        // The database fails (closed: every query fails at once); the
        // lease, ten minutes, is not what ends the room.
        db.close().await;
        handle.send(ann_plays()).await.unwrap();
        drop(handle);
        for outbox in &mut outboxes {
            let (codes, moved) = told(outbox).await;
            assert_eq!(codes, ["room_moved"]);
            assert!(!moved, "a move that was not committed was announced");
        }
        settle(&db).await;
        assert_eq!(rooms.count().await, 0);
        assert_eq!(db.metrics().rooms_lost.get(), 1);
    }

    #[tokio::test]
    async fn a_commit_that_waits_is_given_up_once_the_lease_cannot_be_renewed() {
        let dir = tempfile::tempdir().unwrap();
        let (db, url) = one_room(&dir).await;
        let lease = Duration::from_secs(1);
        let rooms = Rooms::new(db.clone(), settings("a", lease, Duration::from_secs(60)));
        let (handle, mut outboxes) = started(&db, &rooms).await;
        let game: String = sqlx::query_scalar("SELECT id FROM games")
            .fetch_one(db.pool())
            .await
            .unwrap();

        // Writes wait, as on a database whose packets are dropped: Ann's
        // move waits to commit, and the renewals of the lease fail. The
        // clients are told to connect again before the lease runs out,
        // long before SQLite itself would give up on the lock (5 s).
        let mut holder = hold_writes(&url).await;
        let cut = tokio::time::Instant::now();
        handle.send(ann_plays()).await.unwrap();
        drop(handle);
        for outbox in &mut outboxes {
            let (codes, moved) = told(outbox).await;
            assert_eq!(codes, ["room_moved"]);
            assert!(!moved, "a move that was not committed was announced");
        }
        let took = cut.elapsed();
        assert!(took < lease + lease / 2, "{took:?}");

        assert_eq!(rooms.count().await, 0);
        assert_eq!(db.metrics().rooms_lost.get(), 1);

        // The room stopped waiting, not the writer: once writes go on,
        // the move is committed (its fence still holds: no other
        // instance took the room), never announced. The room loaded
        // again shows it, as the database holds it.
        sqlx::Executor::execute(&mut holder, "COMMIT")
            .await
            .unwrap();
        let stored = loop {
            let stored = db.events(&game).await.unwrap();
            if !stored.is_empty() || cut.elapsed() > Duration::from_secs(10) {
                break stored;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].0.to_string(), "1");
        let handle = rooms.get("r").await.unwrap();
        let (out, mut outbox) = mpsc::channel(64);
        let join = Command::Join {
            conn: 2,
            player: "b".to_string(),
            name: "bob".to_string(),
            out,
        };
        handle.send(join).await.unwrap();
        let room = loop {
            if let ServerMessage::Room(view) = outbox.recv().await.expect("the room is sent") {
                break serde_json::to_value(view).unwrap();
            }
        };
        assert_eq!(room["game"]["events"], serde_json::json!(["1"]), "{room}");
    }

    #[tokio::test]
    async fn a_drained_room_is_handed_over_and_counted() {
        let dir = tempfile::tempdir().unwrap();
        let (db, url) = one_room(&dir).await;
        let settings =
            |instance: &str| settings(instance, Duration::from_secs(600), Duration::from_secs(60));
        let rooms = Rooms::new(db.clone(), settings("a"));
        let _handle = rooms.get("r").await.unwrap();
        assert_eq!(db.metrics().rooms_handed_over.get(), 0);
        rooms.drain().await;
        assert_eq!(db.metrics().rooms_handed_over.get(), 1);
        assert_eq!(db.metrics().rooms_lost.get(), 0);

        // Given up, the room is free at once for another instance (its
        // lease of ten minutes notwithstanding), and that is no takeover.
        let other = Db::open(&url).await.unwrap();
        let elsewhere = Rooms::new(other.clone(), settings("b"));
        elsewhere.get("r").await.unwrap();
        assert_eq!(other.metrics().room_loads.get(), 1);
        assert_eq!(other.metrics().room_takeovers.get(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_room_whose_lease_cannot_be_renewed_tells_its_clients_to_go() {
        frozen(lease_cannot_be_renewed()).await;
    }

    /// On virtual time: the clock moves only by `step`, each time once
    /// the database is quiet ([`settle`]).
    async fn lease_cannot_be_renewed() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = one_room(&dir).await;
        let lease = Duration::from_millis(600);
        // A step that divides the renewals' period (200 ms): each renewal
        // runs at its time.
        let step = lease / 30;
        let rooms = Rooms::new(db.clone(), settings("a", lease, Duration::from_secs(60)));
        let handle = rooms.get("r").await.unwrap();
        let (out, mut outbox) = mpsc::channel(64);
        let join = Command::Join {
            conn: 0,
            player: "a".to_string(),
            name: "ann".to_string(),
            out,
        };
        handle.send(join).await.unwrap();
        // Renewed (every 200 ms), the room stays for twice its lease.
        for _ in 0..60 {
            settle(&db).await;
            tokio::time::advance(step).await;
        }
        settle(&db).await;
        assert_eq!(rooms.count().await, 1);

        // The database is gone (as if cut off): every renewal fails, and
        // before the lease runs out Ann is told to connect again (to an
        // instance that can take the room), and the room ends. The last
        // renewal was at the cut and its lease ends 600 ms after it: the
        // room is lost at the first failed renewal that leaves it 200 ms
        // or less, 400 ms after the cut.
        db.close().await;
        let cut = tokio::time::Instant::now();
        let moved = loop {
            settle(&db).await;
            match outbox.try_recv() {
                Ok(ServerMessage::Error { code, .. }) => break code,
                Ok(_) => continue,
                Err(mpsc::error::TryRecvError::Empty) => {}
                Err(e) => panic!("not told to go: {e:?}"),
            }
            assert!(
                cut.elapsed() < 2 * lease,
                "not told to go in {:?}",
                2 * lease
            );
            tokio::time::advance(step).await;
        };
        assert_eq!(moved, "room_moved");
        let took = cut.elapsed();
        assert!(took <= Duration::from_millis(400), "{took:?}");
        settle(&db).await;
        assert_eq!(rooms.count().await, 0);
        assert_eq!(db.metrics().rooms_lost.get(), 1);
    }

    /// A room whose lease, as this instance knows it, has run out (its
    /// renewal failed, or is held up) may have been claimed elsewhere
    /// and played on there: a client is not joined to what this
    /// instance holds, but told `room_moved`, and the room is lost here
    /// (its clients told to go); the next client loads it again from
    /// the database under a new claim.
    #[tokio::test]
    async fn a_room_whose_lease_ran_out_takes_no_client_and_is_lost() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = one_room(&dir).await;
        // Long enough that no renewal comes during the test.
        let lease = Duration::from_secs(600);
        let rooms = Rooms::new(db.clone(), settings("a", lease, Duration::from_secs(60)));
        let handle = rooms.get("r").await.unwrap();
        let (out, mut outbox) = mpsc::channel(64);
        let join = Command::Join {
            conn: 0,
            player: "a".to_string(),
            name: "ann".to_string(),
            out,
        };
        handle.send(join).await.unwrap();
        let first_epoch = rooms.live.lock().await["r"].epoch;

        // As if the last renewal had come back after the lease it gave
        // had run out.
        rooms.live.lock().await.get_mut("r").unwrap().held_until = now_ms() - 1;
        assert!(matches!(rooms.get("r").await, Err(Error::RoomMoved { .. })));
        let told = loop {
            match tokio::time::timeout(Duration::from_secs(10), outbox.recv()).await {
                Ok(Some(ServerMessage::Error { code, .. })) => break code,
                Ok(Some(_)) => {}
                other => panic!("Ann was not told to go: {other:?}"),
            }
        };
        assert_eq!(told, "room_moved");
        assert_eq!(db.metrics().rooms_lost.get(), 1);

        // Once its task has ended, the room is loaded again, claimed anew.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while rooms.count().await > 0 {
            assert!(std::time::Instant::now() < deadline, "the lost room stayed");
            tokio::task::yield_now().await;
        }
        rooms.get("r").await.unwrap();
        assert_eq!(rooms.live.lock().await["r"].epoch, first_epoch + 1);
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_room_leaves_memory_and_comes_back_from_the_database() {
        frozen(idle_room_leaves_memory()).await;
    }

    async fn idle_room_leaves_memory() {
        let dir = tempfile::tempdir().unwrap();
        let (db, _) = one_room(&dir).await;
        let takeover_after = Duration::from_secs(60);
        let rooms = Rooms::new(
            db.clone(),
            settings("test", Duration::from_secs(6), takeover_after),
        );
        // Until the room has stored whether Ann is away (a write on
        // SQLite's thread, which the paused clock does not wait for).
        let stored_away = |away: bool| {
            let db = db.clone();
            async move {
                for _ in 0..100 {
                    settle(&db).await;
                    let stored = db.away_times("r").await.unwrap();
                    if stored.contains_key("a") == away {
                        return;
                    }
                }
                panic!("Ann's absence never stored as {away}");
            }
        };
        let join = |out| Command::Join {
            conn: 0,
            player: "a".to_string(),
            name: "ann".to_string(),
            out,
        };
        let leave = || Command::Leave {
            conn: 0,
            player: "a".to_string(),
        };

        // Ann joins and sits down.
        let handle = rooms.get("r").await.unwrap();
        let (out, mut outbox) = mpsc::channel(64);
        handle.send(join(out)).await.unwrap();
        let sit = ClientMessage::Sit {
            seat: Some(0),
            also: false,
        };
        let message = Command::Message {
            conn: 0,
            message: sit,
        };
        handle.send(message).await.unwrap();
        // Connected: the room stays however long nothing happens.
        assert!(!wait_for(&rooms, 0, 3 * UNLOAD_AFTER).await);
        let room = last_room(&mut outbox).expect("the room was sent");
        assert_eq!(room["seats"][0]["player"], "a", "{room}");

        // Her connection closes, but its handle is still held (as a
        // connection holds it until its socket is gone): it stays.
        handle.send(leave()).await.unwrap();
        stored_away(true).await;
        assert!(!wait_for(&rooms, 0, 3 * UNLOAD_AFTER).await);
        // Nobody can reach it any more: it leaves memory.
        drop(handle);
        assert!(wait_for(&rooms, 0, UNLOAD_AFTER).await, "never unloaded");

        // Ann comes back: the room is loaded from the database, her seat
        // still hers.
        let handle = rooms.get("r").await.unwrap();
        let (out, mut outbox) = mpsc::channel(64);
        handle.send(join(out)).await.unwrap();
        let mut room = None;
        for _ in 0..100 {
            settle(&db).await;
            room = last_room(&mut outbox);
            if room.is_some() {
                break;
            }
        }
        let room = room.expect("the room was sent again");
        assert_eq!(room["seats"][0]["player"], "a", "{room}");
        assert_eq!(rooms.count().await, 1);

        // She leaves for good: her seat's takeover clock runs first, then
        // the room is idle for UNLOAD_AFTER before it goes.
        stored_away(false).await;
        handle.send(leave()).await.unwrap();
        stored_away(true).await;
        drop(handle);
        let due = takeover_after + UNLOAD_AFTER;
        let margin = Duration::from_secs(5);
        assert!(
            !wait_for(&rooms, 0, due - margin).await,
            "unloaded too soon"
        );
        assert!(wait_for(&rooms, 0, 2 * margin).await, "never unloaded");
    }
}
