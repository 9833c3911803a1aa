//! [`Db`]: the database, the truth of players, rooms and games.
//!
//! The server runs on SQLite (one file, the default) or PostgreSQL (for
//! operators who outgrow one machine) through sqlx's `Any` driver: one
//! pool type, one set of queries and one set of migrations for both,
//! chosen by the URL's scheme at run time. Every query is plain SQL with
//! `$N` parameters that SQLite and PostgreSQL both read, written as
//! `sqlx::query(SQL).bind(..).execute(&self.pool)` as with any sqlx pool.
//!
//! What `Any` asks of a query, beyond portable SQL:
//!
//! - Bind `i64`, `f64`, `bool` and strings (never `usize` or `u32`);
//!   read BIGINT as `i64`, DOUBLE PRECISION as `f64`, TEXT as `String`.
//! - Read a BOOLEAN column as `CAST(column AS INTEGER)` into an `i64`
//!   (see [`flag`]): sqlx's `Any` cannot read a SQLite column declared
//!   BOOLEAN at all (the row fails with "Any driver does not support the
//!   SQLite type Bool"), and SQLite hands it back as an integer anyway.
//!   Binding a `bool` and testing a BOOLEAN in `WHERE` work as they are.
//! - `COUNT(*)` reads as `i64` on both, but PostgreSQL's `SUM` of a
//!   BIGINT is NUMERIC, which `Any` cannot read: `CAST(SUM(x) AS BIGINT)`.
//! - A read-modify-write of a row that another transaction may change
//!   at the same time locks the row first, as [`rate_game`] does.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use mancala_core::{Event, Outcome};
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool};
use sqlx::{Executor, Row};

use crate::error::Error;
use crate::metrics::Metrics;
use crate::protocol::{ComputerReason, HistoryEntry, LeaderboardEntry, RatingChangeView};
use crate::rating::{self, Rating};
use crate::setup::RoomSetup;

mod commits;
mod counts;
mod lease;
mod loads;
mod owners;
mod pages;
mod queue_owner;

pub(crate) use loads::Loaded;
#[cfg(test)]
pub(crate) use owners::tests::fresh;
pub(crate) use owners::{Fence, now_ms};
use pages::stamp;
pub(crate) use pages::{Cursor, level_of};

/// The migrations under `migrations/`, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// A connection pool to the server's database, and the server's
/// [`Metrics`] (every part that counts holds this handle).
#[derive(Clone, Debug)]
pub(crate) struct Db {
    pool: AnyPool,
    /// The connections rooms are loaded on ([`Db::for_loads`]): a pool
    /// of their own on PostgreSQL (`--load-connections`), so that a
    /// takeover's loads and the clients' `hello` checks, the commits of
    /// live rooms and the lease renewals never wait for each other's
    /// connections; `pool` itself on SQLite (one writer at a time
    /// anyway) or with `--load-connections 0`.
    loads: AnyPool,
    metrics: Arc<Metrics>,
    /// Whether it is SQLite (else PostgreSQL), for the few statements
    /// written for each ([`Db::fenced_event_insert`]).
    sqlite: bool,
    /// The writer that stores game events in batches (group commit);
    /// `None`: each event in a transaction of its own.
    committer: Option<commits::Committer>,
}

/// A room as stored.
#[derive(Debug)]
pub(crate) struct StoredRoom {
    pub host: String,
    pub setup: RoomSetup,
    pub rated: bool,
    /// The time per turn in seconds, if any.
    pub turn_seconds: Option<u32>,
    /// `(seat, player id, name)` for each taken seat.
    pub seats: Vec<(usize, String, String)>,
    /// Since when each seated player without a connection had none, as
    /// the room's owners stored it (`room_seats.away_since`), by player.
    pub away: std::collections::HashMap<String, i64>,
    /// Whether the queue made the room (strangers seated together).
    pub matched: bool,
}

/// A game as stored.
#[derive(Debug)]
pub(crate) struct StoredGame {
    pub id: String,
    /// Its rules as canonical text.
    pub rules: String,
    pub events: Vec<Event>,
    /// Why the computer played each event, `None` where the seat's player
    /// did (one entry an event).
    pub played_by: Vec<Option<ComputerReason>>,
    /// When the turn being played began: the commit of the last event,
    /// or the game's start (milliseconds since 1970; `None` for a time
    /// stored before migration 0010), as `game_events.at` and `games.started_at` hold them.
    pub turn_began: Option<i64>,
}

/// Runs `write` (a transaction) on a task of its own and waits for it.
/// A caller that stops waiting (a room given up while its write waits on
/// a database that does not answer, a timeout) leaves the write to
/// finish or fail by itself, and never cancels it half way: sqlx's
/// `begin` is not cancel-safe on PostgreSQL (a `BEGIN` cancelled in
/// flight leaves the pooled connection inside a transaction that the
/// next borrower's statements then join: transact-rs/sqlx#4393, in sqlx
/// 0.8.6).
///
/// # Errors
///
/// What `write` returns; a panic in it is resumed here.
pub(crate) async fn detached<T: Send + 'static>(
    write: impl Future<Output = Result<T, Error>> + Send + 'static,
) -> Result<T, Error> {
    match tokio::spawn(write).await {
        Ok(result) => result,
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(_) => Err(Error::Database(sqlx::Error::WorkerCrashed)),
    }
}

/// An event and why the computer played it (`None`: the seat's player
/// did), from a row whose first two columns are `event` and `played_by`
/// of `game_events`.
///
/// # Errors
///
/// [`Error::Database`] for an event text or a reason that does not
/// parse.
fn event_row(row: &sqlx::any::AnyRow) -> Result<(Event, Option<ComputerReason>), Error> {
    let decode =
        |e: Box<dyn std::error::Error + Send + Sync>| Error::Database(sqlx::Error::Decode(e));
    let event: String = row.get(0);
    let by: Option<String> = row.get(1);
    let event = event.parse().map_err(|e| decode(Box::new(e)))?;
    let by = match by {
        Some(text) => Some(ComputerReason::from_name(&text).ok_or_else(|| {
            decode(format!("{text:?} is not a reason the computer plays").into())
        })?),
        None => None,
    };
    Ok((event, by))
}

/// The sqlx URL for what a user gave `--database`: a plain file path
/// (`mancala.db`, `/var/lib/mancala/site.db`) becomes a SQLite URL that
/// creates the file, `sqlite://FILE` and `sqlite:FILE` without a `mode`
/// get `mode=rwc` (create when missing), and `postgres://` or
/// `postgresql://` URLs are kept as they are.
///
/// A text with a `SCHEME://` of another kind is refused, naming only its
/// scheme (the rest may hold a password).
///
/// # Errors
///
/// [`Error::DatabaseScheme`] for a URL of another scheme.
pub(crate) fn database_url(text: &str) -> Result<String, Error> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("sqlite:") {
        let (_, query) = rest.split_once('?').unwrap_or((rest, ""));
        let has_mode = query.split('&').any(|pair| pair.starts_with("mode="));
        return Ok(match (has_mode, query.is_empty()) {
            (true, _) => text.to_string(),
            (false, true) => format!("{}?mode=rwc", text.trim_end_matches('?')),
            (false, false) => format!("{text}&mode=rwc"),
        });
    }
    match text.split_once("://") {
        Some(("postgres" | "postgresql", _)) => Ok(text.to_string()),
        Some((scheme, _)) if is_scheme(scheme) => Err(Error::DatabaseScheme {
            scheme: scheme.to_string(),
        }),
        // A plain path: sqlx decodes `%` escapes in it, and `?` or `#`
        // would start the query, so those three are escaped.
        _ => {
            let path = text
                .replace('%', "%25")
                .replace('?', "%3F")
                .replace('#', "%23");
            Ok(format!("sqlite://{path}?mode=rwc"))
        }
    }
}

/// Whether `text` can be a URL scheme (RFC 3986: a letter, then letters,
/// digits, `+`, `-` or `.`).
fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

impl Db {
    /// [`Db::open_with`] the default batch of the group commit
    /// ([`crate::DEFAULT_COMMIT_BATCH`]), as the tests open databases.
    #[cfg(test)]
    pub(crate) async fn open(url: &str) -> Result<Db, Error> {
        Db::open_with(
            url,
            crate::DEFAULT_COMMIT_BATCH,
            crate::DEFAULT_LOAD_CONNECTIONS,
        )
        .await
    }

    /// Opens the database at `url` and applies the migrations it lacks:
    /// a SQLite file (`FILE`, `sqlite://FILE` or `sqlite:FILE`, created
    /// when missing unless the URL sets its own `mode`; see
    /// [`database_url`]) or `postgres://USER:PASSWORD@HOST:PORT/DATABASE`
    /// (also `postgresql://`; the database must exist). Game events are
    /// stored at most `commit_batch` a transaction by one writer task
    /// (group commit, see [`commits`]); 0: each in a transaction of its
    /// own, committed in parallel on the pool's connections (as before
    /// group commit, for comparison). On PostgreSQL, rooms are loaded on
    /// a pool of `load_connections` of their own (0: on the main pool,
    /// as before), beside the main pool's ten; on SQLite on the main
    /// pool.
    ///
    /// # Errors
    ///
    /// [`Error::DatabaseScheme`] for a URL of another scheme,
    /// [`Error::Database`] if it cannot be opened, [`Error::Migrate`] if
    /// the migrations fail.
    pub(crate) async fn open_with(
        url: &str,
        commit_batch: usize,
        load_connections: u32,
    ) -> Result<Db, Error> {
        sqlx::any::install_default_drivers();
        let url = database_url(url)?;
        let url = url.as_str();
        let sqlite = url.starts_with("sqlite:");
        // WAL lets readers go on while a room commits. `synchronous =
        // FULL` syncs every commit to disk before it returns, so a move
        // announced survives a killed process, a kernel crash and a power
        // cut alike. `NORMAL` would sync only at checkpoints (a power cut
        // could lose the last moves already announced); on an idle
        // machine FULL keeps the p99 round trip of 1,000 rooms at 34 ms
        // against 9 ms with NORMAL (docs/results.md section 8), inside
        // the 50 ms target, so durability wins.
        // sqlx turns SQLite's foreign keys on for every connection of a
        // URL by itself; `synchronous` is a setting of each connection.
        let mut options = AnyPoolOptions::new();
        if sqlite {
            options = options.after_connect(|connection, _| {
                Box::pin(async move {
                    connection.execute("PRAGMA synchronous = FULL").await?;
                    Ok(())
                })
            });
        }
        let pool = options.connect(url).await?;
        if sqlite {
            // The journal mode is kept in the file, so setting it once, on
            // the pool's first connection before any other opens, covers
            // them all.
            pool.execute("PRAGMA journal_mode = WAL").await?;
        }
        MIGRATOR.run(&pool).await?;
        let metrics = Metrics::new();
        let committer = (commit_batch > 0).then(|| {
            let sql = owners::fenced_event_insert(sqlite);
            commits::Committer::start(pool.clone(), sql, metrics.clone(), commit_batch)
        });
        let loads = if sqlite || load_connections == 0 {
            pool.clone()
        } else {
            let options = AnyPoolOptions::new().max_connections(load_connections);
            options.connect(url).await?
        };
        Ok(Db {
            pool,
            loads,
            metrics,
            sqlite,
            committer,
        })
    }

    /// This database with its loads' pool in place of its main one: the
    /// queries of a room's load run on it.
    pub(crate) fn for_loads(&self) -> Db {
        Db {
            pool: self.loads.clone(),
            ..self.clone()
        }
    }

    /// The server's metrics.
    pub(crate) fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Whether the database answers: one trivial query.
    ///
    /// # Errors
    ///
    /// [`Error::Database`] if it does not.
    pub(crate) async fn ping(&self) -> Result<(), Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes the pool: every later query fails (a server shutting down).
    #[cfg(test)]
    pub(crate) async fn close(&self) {
        self.pool.close().await;
    }

    /// The pool, for the queries of other modules (the analysis queue).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Stores a new player.
    pub(crate) async fn create_player(
        &self,
        id: &str,
        name: &str,
        secret_hash: &str,
    ) -> Result<(), Error> {
        sqlx::query("INSERT INTO players (id, name, secret_hash) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(name)
            .bind(secret_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The stored secret hash and the name of player `id`, if it exists.
    pub(crate) async fn player(&self, id: &str) -> Result<Option<(String, String)>, Error> {
        let row = sqlx::query("SELECT secret_hash, name FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    /// Changes the display name of player `id`; returns whether the
    /// player exists.
    pub(crate) async fn rename(&self, id: &str, name: &str) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE players SET name = $1 WHERE id = $2")
            .bind(name)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Stores a new room.
    pub(crate) async fn create_room(
        &self,
        code: &str,
        host: &str,
        setup: &RoomSetup,
        rated: bool,
        turn_seconds: Option<u32>,
    ) -> Result<(), Error> {
        let house_rules = setup
            .house_rules
            .map(|h| serde_json::to_string(&h).expect("house rules serialise"));
        sqlx::query(
            "INSERT INTO rooms (code, host, rules, rated, house_rules, rotation, \
             min_players, max_players, turn_seconds) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(code)
        .bind(host)
        .bind(setup.base.canonical())
        .bind(rated)
        .bind(house_rules)
        .bind(setup.rotation)
        .bind(setup.min_players as i64)
        .bind(setup.max_players as i64)
        .bind(turn_seconds.map(i64::from))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores a room made by the queue ([`StoredRoom::matched`]), hosted
    /// by the first of `seated`, who sit in seats 0, 1, ... in that order
    /// (players or the computer's `ai:N`), all in one transaction, which
    /// first checks that the queue's claim at `queue_epoch` still holds
    /// (the queue's fence, see [`queue_owner`]).
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] (code `queue`) if another instance claimed
    /// the queue since (nothing is stored); [`Error::Database`].
    pub(crate) async fn create_matched_room(
        &self,
        code: &str,
        setup: &RoomSetup,
        rated: bool,
        turn_seconds: Option<u32>,
        seated: &[String],
        queue_epoch: i64,
    ) -> Result<(), Error> {
        let house_rules = setup
            .house_rules
            .map(|h| serde_json::to_string(&h).expect("house rules serialise"));
        let mut tx = self.pool.begin().await?;
        queue_owner::check_queue(&mut tx, queue_epoch).await?;
        sqlx::query(
            "INSERT INTO rooms (code, host, rules, rated, house_rules, rotation, \
             min_players, max_players, turn_seconds, matched) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, TRUE)",
        )
        .bind(code)
        .bind(&seated[0])
        .bind(setup.base.canonical())
        .bind(rated)
        .bind(house_rules)
        .bind(setup.rotation)
        .bind(setup.min_players as i64)
        .bind(setup.max_players as i64)
        .bind(turn_seconds.map(i64::from))
        .execute(&mut *tx)
        .await?;
        for (seat, player) in seated.iter().enumerate() {
            sqlx::query("INSERT INTO room_seats (room, seat, player) VALUES ($1, $2, $3)")
                .bind(code)
                .bind(seat as i64)
                .bind(player)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The current rating of `player`: the initial one (1500) before any
    /// rated game.
    pub(crate) async fn rating(&self, player: &str) -> Result<f64, Error> {
        let rating: Option<f64> =
            sqlx::query_scalar("SELECT rating FROM ratings WHERE player = $1")
                .bind(player)
                .fetch_optional(&self.pool)
                .await?;
        Ok(rating.unwrap_or(rating::initial().rating))
    }

    /// Room `code` with its seats, if it exists.
    pub(crate) async fn room(&self, code: &str) -> Result<Option<StoredRoom>, Error> {
        let Some(row) = sqlx::query(
            "SELECT host, rules, CAST(rated AS INTEGER), house_rules, \
             CAST(rotation AS INTEGER), min_players, max_players, turn_seconds, \
             CAST(matched AS INTEGER) FROM rooms WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        // The seats with their away times, in the one query (a load is a
        // round trip a query).
        let seats = sqlx::query(
            "SELECT s.seat, s.player, p.name, s.away_since FROM room_seats s \
             JOIN players p ON p.id = s.player WHERE s.room = $1 ORDER BY s.seat",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?;
        stored_room(&row, &seats).map(Some)
    }

    /// Seats `player` in `seat` of the room `fence` holds.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the room was claimed since `fence`;
    /// [`Error::Database`].
    pub(crate) async fn sit(&self, fence: &Fence, seat: usize, player: &str) -> Result<(), Error> {
        let sql = "INSERT INTO room_seats (room, seat, player) VALUES ($1, $2, $3)";
        self.seat_write(fence, sql, seat, Some(player)).await
    }

    /// Frees `seat` of the room `fence` holds.
    ///
    /// # Errors
    ///
    /// As [`Db::sit`].
    pub(crate) async fn stand(&self, fence: &Fence, seat: usize) -> Result<(), Error> {
        let sql = "DELETE FROM room_seats WHERE room = $1 AND seat = $2";
        self.seat_write(fence, sql, seat, None).await
    }

    /// Puts `player` in `seat` of the room `fence` holds in place of who
    /// sat there.
    ///
    /// # Errors
    ///
    /// As [`Db::sit`].
    pub(crate) async fn reseat(
        &self,
        fence: &Fence,
        seat: usize,
        player: &str,
    ) -> Result<(), Error> {
        let sql = "UPDATE room_seats SET player = $3 WHERE room = $1 AND seat = $2";
        self.seat_write(fence, sql, seat, Some(player)).await
    }

    /// Runs `sql` (`$1` the room, `$2` the seat, `$3` the player when
    /// given) in a transaction that checks `fence` first, [`detached`].
    async fn seat_write(
        &self,
        fence: &Fence,
        sql: &'static str,
        seat: usize,
        player: Option<&str>,
    ) -> Result<(), Error> {
        let (pool, fence) = (self.pool.clone(), fence.clone());
        let player = player.map(str::to_string);
        detached(async move {
            let mut tx = pool.begin().await?;
            owners::check(&mut tx, &fence).await?;
            let mut query = sqlx::query(sql).bind(&fence.room).bind(seat as i64);
            if let Some(player) = &player {
                query = query.bind(player);
            }
            query.execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Stores a new game of the room `fence` holds, numbered after the
    /// room's last one, with its players, seat by seat, after moving the
    /// room's seats as `moves` says (`(from, to)` pairs, a permutation of
    /// the seats taken), all in one transaction.
    ///
    /// # Errors
    ///
    /// As [`Db::sit`].
    pub(crate) async fn start_game(
        &self,
        id: &str,
        fence: &Fence,
        rules: &str,
        moves: &[(usize, usize)],
        players: &[String],
    ) -> Result<(), Error> {
        let (pool, fence) = (self.pool.clone(), fence.clone());
        let (id, rules) = (id.to_string(), rules.to_string());
        let (moves, players) = (moves.to_vec(), players.to_vec());
        detached(async move {
            let code = fence.room.as_str();
            let mut tx = pool.begin().await?;
            owners::check(&mut tx, &fence).await?;
            // Through negative seats first, so that no two rows ever share
            // a seat whatever the order of the updates.
            for &(from, to) in &moves {
                sqlx::query("UPDATE room_seats SET seat = $1 WHERE room = $2 AND seat = $3")
                    .bind(-1 - to as i64)
                    .bind(code)
                    .bind(from as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            if !moves.is_empty() {
                sqlx::query("UPDATE room_seats SET seat = -1 - seat WHERE room = $1 AND seat < 0")
                    .bind(code)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO games (id, room, number, rules, over, started_at) \
                 SELECT $1, $2, COALESCE(MAX(number), 0) + 1, $3, FALSE, $4 FROM games WHERE room = $2",
            )
            .bind(&id)
            .bind(code)
            .bind(&rules)
            .bind(stamp())
            .execute(&mut *tx)
            .await?;
            for (seat, player) in players.iter().enumerate() {
                sqlx::query("INSERT INTO game_seats (game, seat, player) VALUES ($1, $2, $3)")
                    .bind(&id)
                    .bind(seat as i64)
                    .bind(player)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Appends event number `seq` (from 1) to game `id` of the room
    /// `fence` holds, with why the computer `played_by` it (`None`: the
    /// seat's player did), and, when it ended the game, the outcome, in
    /// one transaction; in it too, when `ranks` (per seat) are given with
    /// the outcome, the ratings the game changes, so that they are never
    /// lost nor applied twice. The event's insert itself checks the
    /// fence (no statement more than without it).
    ///
    /// Returns the rating changes, seat by seat, when there were ranks.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the room was claimed since `fence`
    /// (nothing is written); [`Error::Database`].
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn append_event(
        &self,
        fence: &Fence,
        id: &str,
        seq: usize,
        event: Event,
        played_by: Option<ComputerReason>,
        outcome: Option<&Outcome>,
        ranks: Option<&[u8]>,
    ) -> Result<Option<Vec<RatingChangeView>>, Error> {
        let began = Instant::now();
        let append = Append {
            fence: fence.clone(),
            id: id.to_string(),
            seq,
            event,
            played_by,
            outcome: outcome.copied(),
            ranks: ranks.map(<[u8]>::to_vec),
        };
        let changes = match &self.committer {
            Some(committer) => committer.store(append).await?,
            None => {
                let (pool, sql, metrics) = (
                    self.pool.clone(),
                    self.fenced_event_insert(),
                    self.metrics.clone(),
                );
                detached(async move { append.write(&pool, sql, &metrics).await }).await?
            }
        };
        self.metrics.committed(began.elapsed());
        if matches!(event, Event::Move(_)) {
            self.metrics.moves.inc();
        }
        if outcome.is_some() {
            self.metrics.games_finished.inc();
        }
        Ok(changes)
    }

    /// The `limit` best-rated players with at least one rated game, best
    /// first (ties by id, so that the order is stable).
    pub(crate) async fn leaderboard(&self, limit: u32) -> Result<Vec<LeaderboardEntry>, Error> {
        let rows = sqlx::query(
            "SELECT r.player, p.name, r.rating, r.deviation, r.games FROM ratings r \
             JOIN players p ON p.id = r.player ORDER BY r.rating DESC, r.player LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| LeaderboardEntry {
                player: r.get(0),
                name: r.get(1),
                rating: r.get(2),
                deviation: r.get(3),
                games: count_of(r.get(4)),
            })
            .collect())
    }

    /// The rated games of `player` in the order finished, `None` if no
    /// such player exists.
    pub(crate) async fn history(&self, player: &str) -> Result<Option<Vec<HistoryEntry>>, Error> {
        if self.player(player).await?.is_none() {
            return Ok(None);
        }
        let rows = sqlx::query(
            "SELECT h.number, h.game, g.room, h.seat, h.rank, h.rating_before, h.rating_after, \
             h.deviation_before, h.deviation_after FROM rating_history h \
             JOIN games g ON g.id = h.game WHERE h.player = $1 ORDER BY h.number",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        Ok(Some(
            rows.into_iter()
                .map(|r| HistoryEntry {
                    number: count_of(r.get(0)),
                    game: r.get(1),
                    room: r.get(2),
                    change: RatingChangeView {
                        seat: seat_of(r.get(3)),
                        player: player.to_string(),
                        rank: u8::try_from(r.get::<i64, _>(4)).unwrap_or(u8::MAX),
                        rating_before: r.get(5),
                        rating_after: r.get(6),
                        deviation_before: r.get(7),
                        deviation_after: r.get(8),
                    },
                })
                .collect(),
        ))
    }

    /// The last game of room `code` (open or over), if any.
    pub(crate) async fn last_game(&self, code: &str) -> Result<Option<StoredGame>, Error> {
        let Some(row) = sqlx::query(
            "SELECT id, rules, started_at FROM games WHERE room = $1 ORDER BY number DESC LIMIT 1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let id: String = row.get(0);
        // The events with their times, in the one query: the last one's
        // time is when the turn began (a load is a round trip a query).
        let rows = sqlx::query(
            "SELECT event, played_by, at FROM game_events WHERE game = $1 ORDER BY seq",
        )
        .bind(&id)
        .fetch_all(&self.pool)
        .await?;
        stored_game(&row, &rows).map(Some)
    }

    /// The events of game `id`, in order, each with why the computer
    /// played it (`None`: the seat's player did).
    ///
    /// # Errors
    ///
    /// [`Error::Database`], also for an event text or a reason that does
    /// not parse.
    pub(crate) async fn events(
        &self,
        id: &str,
    ) -> Result<Vec<(Event, Option<ComputerReason>)>, Error> {
        let rows =
            sqlx::query("SELECT event, played_by FROM game_events WHERE game = $1 ORDER BY seq")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(event_row).collect()
    }
}

/// One game event to store, as [`Db::append_event`] takes it.
#[derive(Debug)]
struct Append {
    fence: Fence,
    id: String,
    seq: usize,
    event: Event,
    played_by: Option<ComputerReason>,
    outcome: Option<Outcome>,
    ranks: Option<Vec<u8>>,
}

impl Append {
    /// Stores the event in a transaction of its own on `pool`, its
    /// insert `sql` ([`Db::fenced_event_insert`]), timing each stage into
    /// `metrics`: the connection and `BEGIN`, the statements, the
    /// `COMMIT` (with its sync to disk).
    async fn write(
        &self,
        pool: &AnyPool,
        sql: &'static str,
        metrics: &Metrics,
    ) -> Result<Option<Vec<RatingChangeView>>, Error> {
        let mut stage = Instant::now();
        let mut lap = |name: &'static str| {
            metrics.stage(name, stage.elapsed());
            stage = Instant::now();
        };
        let mut tx = pool.begin().await?;
        lap("begin");
        let changes = self.statements(&mut tx, sql).await?;
        lap("statements");
        tx.commit().await?;
        lap("commit");
        Ok(changes)
    }

    /// The event's statements inside transaction `tx`: its insert `sql`,
    /// which checks the fence, then, when it ended the game, the outcome,
    /// the analysis job and the ratings.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the fence no longer holds (nothing was
    /// written); [`Error::Database`].
    async fn statements(
        &self,
        tx: &mut AnyConnection,
        sql: &'static str,
    ) -> Result<Option<Vec<RatingChangeView>>, Error> {
        let inserted = sqlx::query(sql)
            .bind(&self.id)
            .bind(self.seq as i64)
            .bind(self.event.to_string())
            .bind(self.played_by.map(ComputerReason::as_str))
            .bind(&self.fence.room)
            .bind(self.fence.epoch)
            .bind(owners::now_ms())
            .execute(&mut *tx)
            .await?;
        if inserted.rows_affected() != 1 {
            return Err(owners::moved(&self.fence));
        }
        if let Some(outcome) = &self.outcome {
            let json = serde_json::to_string(&crate::protocol::OutcomeView::from(outcome))
                .expect("an outcome serialises");
            sqlx::query("UPDATE games SET over = TRUE, outcome = $1, ended_at = $3 WHERE id = $2")
                .bind(json)
                .bind(&self.id)
                .bind(stamp())
                .execute(&mut *tx)
                .await?;
            crate::analysis::enqueue(&mut *tx, &self.id).await?;
        }
        match (&self.outcome, &self.ranks) {
            (Some(_), Some(ranks)) => Ok(Some(rate_game(tx, &self.id, ranks).await?)),
            _ => Ok(None),
        }
    }
}

/// Rates game `id`, whose seats ended with `ranks`, inside transaction
/// `tx`: reads each seat's current rating, stores the new ones and a
/// history row per seat.
async fn rate_game(
    tx: &mut AnyConnection,
    id: &str,
    ranks: &[u8],
) -> Result<Vec<RatingChangeView>, Error> {
    let players: Vec<String> =
        sqlx::query_scalar("SELECT player FROM game_seats WHERE game = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
    let current = lock_ratings(tx, &players).await?;
    let (before, played): (Vec<Rating>, Vec<i64>) = players
        .iter()
        .map(|p| current.get(p).copied().unwrap_or((rating::initial(), 0)))
        .unzip();
    let after = rating::update(&before, ranks);
    let mut changes = Vec::with_capacity(players.len());
    for (seat, player) in players.iter().enumerate() {
        let number = played[seat] + 1;
        store_rating(tx, player, &after[seat], number).await?;
        let change = RatingChangeView {
            seat,
            player: player.clone(),
            rank: ranks[seat],
            rating_before: before[seat].rating,
            rating_after: after[seat].rating,
            deviation_before: before[seat].deviation,
            deviation_after: after[seat].deviation,
        };
        store_history(tx, id, number, &change).await?;
        changes.push(change);
    }
    Ok(changes)
}

/// The current ratings of `players`, and their rated games so far, read
/// under a lock that holds to the end of transaction `tx`, so that games
/// ending at once for the same player rate one after the other.
///
/// Each player's row is made at the initial rating if missing, then
/// written to (a no-op) and read in one statement: on PostgreSQL that
/// locks the row (an insert racing for the same new player waits for the
/// first to commit, then locks the row it made; the values returned are
/// the latest committed), on SQLite it takes the database's write lock.
/// Rows are locked in the order of the player ids, the same in every
/// game, so that two games cannot each hold a row the other waits for.
async fn lock_ratings(
    tx: &mut AnyConnection,
    players: &[String],
) -> Result<HashMap<String, (Rating, i64)>, Error> {
    let mut sorted: Vec<&String> = players.iter().collect();
    sorted.sort();
    sorted.dedup();
    let initial = rating::initial();
    let mut current = HashMap::with_capacity(sorted.len());
    for player in sorted {
        let row = sqlx::query(
            "INSERT INTO ratings (player, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT (player) DO UPDATE SET \
             games = ratings.games RETURNING rating, deviation, volatility, games",
        )
        .bind(player)
        .bind(initial.rating)
        .bind(initial.deviation)
        .bind(initial.volatility)
        .fetch_one(&mut *tx)
        .await?;
        let r = Rating {
            rating: row.get(0),
            deviation: row.get(1),
            volatility: row.get(2),
        };
        current.insert(player.clone(), (r, row.get::<i64, _>(3)));
    }
    Ok(current)
}

/// Sets `player`'s current rating to `r`, after `games` rated games.
async fn store_rating(
    tx: &mut AnyConnection,
    player: &str,
    r: &Rating,
    games: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO ratings (player, rating, deviation, volatility, games) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player) DO UPDATE SET \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games",
    )
    .bind(player)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(games)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Stores `change`, the player's rated game number `number`, game `id`.
async fn store_history(
    tx: &mut AnyConnection,
    id: &str,
    number: i64,
    change: &RatingChangeView,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO rating_history (player, number, game, seat, rank, rating_before, \
         rating_after, deviation_before, deviation_after) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&change.player)
    .bind(number)
    .bind(id)
    .bind(change.seat as i64)
    .bind(i64::from(change.rank))
    .bind(change.rating_before)
    .bind(change.rating_after)
    .bind(change.deviation_before)
    .bind(change.deviation_after)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A room as stored, from its row of `rooms` (`host, rules, rated,
/// house_rules, rotation, min_players, max_players, turn_seconds,
/// matched`, as [`Db::room`] reads them) and its rows of `room_seats`
/// (`seat, player, name, away_since`, by seat): a player in several
/// seats is away since the earliest.
///
/// # Errors
///
/// [`Error::Rules`] for stored rules that no longer read.
fn stored_room(row: &sqlx::any::AnyRow, seats: &[sqlx::any::AnyRow]) -> Result<StoredRoom, Error> {
    let players = (
        row.get::<Option<i64>, _>(5).map(seat_of),
        row.get::<Option<i64>, _>(6).map(seat_of),
    );
    let setup = RoomSetup::stored(
        row.get(1),
        row.get::<Option<&str>, _>(3),
        flag(row.get(4)),
        players,
    )?;
    let mut away = std::collections::HashMap::new();
    for row in seats {
        if let Some(since) = row.get::<Option<i64>, _>(3) {
            let earliest = away.entry(row.get::<String, _>(1)).or_insert(since);
            *earliest = since.min(*earliest);
        }
    }
    let seats = (seats.iter())
        .map(|r| (seat_of(r.get(0)), r.get(1), r.get(2)))
        .collect();
    Ok(StoredRoom {
        host: row.get(0),
        setup,
        rated: flag(row.get(2)),
        turn_seconds: row
            .get::<Option<i64>, _>(7)
            .and_then(|s| u32::try_from(s).ok()),
        matched: flag(row.get(8)),
        seats,
        away,
    })
}

/// A game as stored, from its row of `games` (`id, rules, started_at`)
/// and its rows of `game_events` (`event, played_by, at`, in order):
/// the last event's time is when the turn began, else the game's start.
///
/// # Errors
///
/// [`Error::Database`] for an event text or a reason that does not
/// parse.
fn stored_game(row: &sqlx::any::AnyRow, rows: &[sqlx::any::AnyRow]) -> Result<StoredGame, Error> {
    let turn_began = match rows.last() {
        Some(last) => last.get::<Option<i64>, _>(2),
        None => row.get::<Option<i64>, _>(2),
    };
    let (events, played_by) = rows
        .iter()
        .map(event_row)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    Ok(StoredGame {
        id: row.get(0),
        rules: row.get(1),
        events,
        played_by,
        turn_began,
    })
}

/// A BOOLEAN read back as `CAST(column AS INTEGER)` (see the module's
/// documentation for why).
fn flag(value: i64) -> bool {
    value != 0
}

/// A count as read back (never negative: the server only counts up).
fn count_of(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// A seat number as read back (the database only holds seats it was given).
fn seat_of(value: i64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_urls_are_what_people_type() {
        let url = |text: &str| database_url(text).unwrap();
        assert_eq!(url("mancala.db"), "sqlite://mancala.db?mode=rwc");
        assert_eq!(url("/tmp/x.db"), "sqlite:///tmp/x.db?mode=rwc");
        assert_eq!(url("./a b/x.db"), "sqlite://./a b/x.db?mode=rwc");
        assert_eq!(url("odd?#%.db"), "sqlite://odd%3F%23%25.db?mode=rwc");
        assert_eq!(url("sqlite:///tmp/x.db"), "sqlite:///tmp/x.db?mode=rwc");
        assert_eq!(url("sqlite://x.db"), "sqlite://x.db?mode=rwc");
        assert_eq!(url("sqlite:x.db"), "sqlite:x.db?mode=rwc");
        assert_eq!(url("sqlite://x.db?"), "sqlite://x.db?mode=rwc");
        assert_eq!(
            url("sqlite://x.db?cache=shared"),
            "sqlite://x.db?cache=shared&mode=rwc"
        );
        assert_eq!(url("sqlite://x.db?mode=ro"), "sqlite://x.db?mode=ro");
        assert_eq!(url("sqlite::memory:"), "sqlite::memory:?mode=rwc");
        let pg = "postgres://me:secret@127.0.0.1:5432/mancala";
        assert_eq!(url(pg), pg);
        assert_eq!(url("postgresql://h/db"), "postgresql://h/db");
        match database_url("mysql://me:secret@host/db") {
            Err(Error::DatabaseScheme { scheme }) => assert_eq!(scheme, "mysql"),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn a_plain_path_and_a_sqlite_url_without_mode_create_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.db");
        Db::open(plain.to_str().unwrap()).await.unwrap();
        assert!(plain.exists());
        let url = dir.path().join("url.db");
        Db::open(&format!("sqlite://{}", url.display()))
            .await
            .unwrap();
        assert!(url.exists());
    }

    #[tokio::test]
    async fn sqlite_runs_in_wal_mode_with_foreign_keys() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
        let db = Db::open(&url).await.unwrap();
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(mode, "wal");
        let refused = sqlx::query(
            "INSERT INTO room_seats (room, seat, player) VALUES ('no room', 0, 'no player')",
        )
        .execute(&db.pool)
        .await
        .unwrap_err();
        assert!(refused.to_string().contains("FOREIGN KEY"), "{refused}");
    }

    #[tokio::test]
    async fn another_scheme_is_refused_by_its_name_alone() {
        let refused = Db::open("mysql://root:hunter2@127.0.0.1/mancala")
            .await
            .unwrap_err();
        assert!(
            matches!(&refused, Error::DatabaseScheme { scheme } if scheme == "mysql"),
            "{refused}"
        );
        assert!(!refused.to_string().contains("hunter2"), "{refused}");
    }
}
