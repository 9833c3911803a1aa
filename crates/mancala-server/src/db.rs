//! [`Db`]: the database, the truth of players, rooms and games.
//!
//! Every query is plain SQL with `$N` parameters that SQLite and
//! PostgreSQL both read, run through sqlx.

use std::str::FromStr;

use mancala_core::{Event, Outcome};
use sqlx::Row;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};

use crate::error::Error;

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
        // WAL lets readers go on while a room commits; the default
        // `synchronous = FULL` keeps every commit through a crash.
        let options = SqliteConnectOptions::from_str(url)?
            .foreign_keys(true)
            .journal_mode(SqliteJournalMode::Wal);
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
    /// the game, the outcome, in one transaction.
    pub(crate) async fn append_event(
        &self,
        id: &str,
        seq: usize,
        event: Event,
        outcome: Option<&Outcome>,
    ) -> Result<(), Error> {
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
        tx.commit().await?;
        Ok(())
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

/// A seat number as read back (the database only holds seats it was given).
fn seat_of(value: i64) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}
