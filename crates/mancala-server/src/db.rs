//! [`Db`]: the database, the truth of players, rooms and games.
//!
//! Every query is plain SQL with `$N` parameters that SQLite and
//! PostgreSQL both read, run through sqlx.

use std::str::FromStr;

use mancala_core::{Event, Outcome};
use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};

use crate::error::Error;
use crate::protocol::{HistoryEntry, LeaderboardEntry, RatingChangeView};
use crate::rating::{self, Rating};

/// The migrations under `migrations/`, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// A connection pool to the server's database.
#[derive(Clone, Debug)]
pub(crate) struct Db {
    pool: SqlitePool,
}

/// A room as stored.
#[derive(Debug)]
pub(crate) struct StoredRoom {
    pub host: String,
    pub rules: String,
    pub rated: bool,
    /// `(seat, player id, name)` for each taken seat.
    pub seats: Vec<(usize, String, String)>,
}

/// A game that has not ended, as stored.
#[derive(Debug)]
pub(crate) struct OpenGame {
    pub id: String,
    pub events: Vec<Event>,
}

impl Db {
    /// Opens the database at `url` (`sqlite://path?mode=rwc` creates the
    /// file) and applies the migrations it lacks.
    ///
    /// # Errors
    ///
    /// [`Error::Database`] if it cannot be opened, [`Error::Migrate`] if
    /// the migrations fail.
    pub(crate) async fn open(url: &str) -> Result<Db, Error> {
        // WAL lets readers go on while a room commits. `synchronous =
        // NORMAL` (in WAL mode) writes each commit to the WAL before the
        // commit returns but syncs it to disk only at checkpoints: a
        // commit survives the server's process being killed (SIGKILL: the
        // kernel still holds the write), and the database stays intact
        // through a power cut or a kernel crash, which may only lose the
        // last commits. `FULL` syncs every commit, one disk flush per
        // move: in alternating runs of the load benchmark
        // (examples/load.rs, 250 rooms, 540 moves/s) on a disk shared
        // with busy jobs, the p99 round trip was 0.4-1 s with FULL and
        // 13-70 ms with NORMAL (preliminary; docs/results.md section 8).
        let options = SqliteConnectOptions::from_str(url)?
            .foreign_keys(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal);
        let pool = SqlitePoolOptions::new().connect_with(options).await?;
        MIGRATOR.run(&pool).await?;
        Ok(Db { pool })
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

    /// Stores a new room.
    pub(crate) async fn create_room(
        &self,
        code: &str,
        host: &str,
        rules: &str,
        rated: bool,
    ) -> Result<(), Error> {
        sqlx::query("INSERT INTO rooms (code, host, rules, rated) VALUES ($1, $2, $3, $4)")
            .bind(code)
            .bind(host)
            .bind(rules)
            .bind(rated)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Room `code` with its seats, if it exists.
    pub(crate) async fn room(&self, code: &str) -> Result<Option<StoredRoom>, Error> {
        let Some(row) = sqlx::query("SELECT host, rules, rated FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(
            "SELECT s.seat, s.player, p.name FROM room_seats s \
             JOIN players p ON p.id = s.player WHERE s.room = $1 ORDER BY s.seat",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| (seat_of(r.get(0)), r.get(1), r.get(2)))
        .collect();
        Ok(Some(StoredRoom {
            host: row.get(0),
            rules: row.get(1),
            rated: row.get(2),
            seats,
        }))
    }

    /// Seats `player` in `seat` of room `code`.
    pub(crate) async fn sit(&self, code: &str, seat: usize, player: &str) -> Result<(), Error> {
        sqlx::query("INSERT INTO room_seats (room, seat, player) VALUES ($1, $2, $3)")
            .bind(code)
            .bind(seat as i64)
            .bind(player)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a new game of room `code`, numbered after the room's last
    /// one, with its players, seat by seat.
    pub(crate) async fn start_game(
        &self,
        id: &str,
        code: &str,
        rules: &str,
        players: &[String],
    ) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, room, number, rules, over) \
             SELECT $1, $2, COALESCE(MAX(number), 0) + 1, $3, FALSE FROM games WHERE room = $2",
        )
        .bind(id)
        .bind(code)
        .bind(rules)
        .execute(&mut *tx)
        .await?;
        for (seat, player) in players.iter().enumerate() {
            sqlx::query("INSERT INTO game_seats (game, seat, player) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(seat as i64)
                .bind(player)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Appends event number `seq` (from 1) to game `id` and, when it ended
    /// the game, the outcome, in one transaction; in it too, when `ranks`
    /// (per seat) are given with the outcome, the ratings the game changes,
    /// so that they are never lost nor applied twice.
    ///
    /// Returns the rating changes, seat by seat, when there were ranks.
    pub(crate) async fn append_event(
        &self,
        id: &str,
        seq: usize,
        event: Event,
        outcome: Option<&Outcome>,
        ranks: Option<&[u8]>,
    ) -> Result<Option<Vec<RatingChangeView>>, Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO game_events (game, seq, event) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(seq as i64)
            .bind(event.to_string())
            .execute(&mut *tx)
            .await?;
        if let Some(outcome) = outcome {
            let json = serde_json::to_string(&crate::protocol::OutcomeView::from(outcome))
                .expect("an outcome serialises");
            sqlx::query("UPDATE games SET over = TRUE, outcome = $1 WHERE id = $2")
                .bind(json)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        let changes = match (outcome, ranks) {
            (Some(_), Some(ranks)) => Some(rate_game(&mut tx, id, ranks).await?),
            _ => None,
        };
        tx.commit().await?;
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

    /// The game of room `code` that has not ended, if any.
    pub(crate) async fn open_game(&self, code: &str) -> Result<Option<OpenGame>, Error> {
        let id: Option<String> =
            sqlx::query_scalar("SELECT id FROM games WHERE room = $1 AND NOT over")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?;
        let Some(id) = id else { return Ok(None) };
        let events = self.events(&id).await?;
        Ok(Some(OpenGame { id, events }))
    }

    /// The events of game `id`, in order.
    ///
    /// # Errors
    ///
    /// [`Error::Database`], also for an event text that does not parse.
    pub(crate) async fn events(&self, id: &str) -> Result<Vec<Event>, Error> {
        let texts: Vec<String> =
            sqlx::query_scalar("SELECT event FROM game_events WHERE game = $1 ORDER BY seq")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        texts
            .iter()
            .map(|t| {
                t.parse()
                    .map_err(|e| Error::Database(sqlx::Error::Decode(Box::new(e))))
            })
            .collect()
    }
}

/// Rates game `id`, whose seats ended with `ranks`, inside transaction
/// `tx`: reads each seat's current rating, stores the new ones and a
/// history row per seat.
async fn rate_game(
    tx: &mut SqliteConnection,
    id: &str,
    ranks: &[u8],
) -> Result<Vec<RatingChangeView>, Error> {
    let players: Vec<String> =
        sqlx::query_scalar("SELECT player FROM game_seats WHERE game = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
    let mut before = Vec::with_capacity(players.len());
    let mut played = Vec::with_capacity(players.len());
    for player in &players {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1",
        )
        .bind(player)
        .fetch_optional(&mut *tx)
        .await?;
        let (r, games) = match row {
            Some(r) => (
                Rating {
                    rating: r.get(0),
                    deviation: r.get(1),
                    volatility: r.get(2),
                },
                r.get::<i64, _>(3),
            ),
            None => (rating::initial(), 0),
        };
        before.push(r);
        played.push(games);
    }
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

/// Sets `player`'s current rating to `r`, after `games` rated games.
async fn store_rating(
    tx: &mut SqliteConnection,
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
    tx: &mut SqliteConnection,
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

/// A count as read back (never negative: the server only counts up).
fn count_of(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// A seat number as read back (the database only holds seats it was given).
fn seat_of(value: i64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}
