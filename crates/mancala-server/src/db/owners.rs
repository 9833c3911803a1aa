//! Room ownership with fencing, for several instances on one database
//! (docs/scaling.md): each room's row in `room_owners` names the
//! instance whose task holds it, the epoch of its claim and the lease's
//! expiry. An instance claims a room when it loads it (only if nobody
//! holds a live lease on it, or the instance itself does), renews the
//! leases of all its rooms in one statement, and every write a room's
//! task makes checks in its own transaction that the room's epoch is
//! still the one it claimed ([`Fence`]): an owner that lost the room
//! (stopped past its lease, cut off from the database) can never write
//! for it again.
//!
//! Times are milliseconds since 1970 by the clock of the instance that
//! writes them: instances whose clocks disagree by more than a fraction
//! of the lease take rooms over early (never unsafely: the epoch check
//! does not depend on clocks).

use std::time::Duration;

use super::Db;
use super::lease::ROOMS;
use crate::error::Error;

/// What a room's task proves with every write: the room, and the epoch
/// its instance claimed it at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fence {
    /// The room's code.
    pub room: String,
    /// The epoch of the claim.
    pub epoch: i64,
}

/// Milliseconds since 1970 by this machine's clock.
#[cfg(not(test))]
pub(crate) fn now_ms() -> i64 {
    wall_ms()
}

/// Milliseconds since 1970 as tokio's clock has it: the wall clock at
/// the first call, moved on as much as tokio's clock since. The unit
/// tests only: under a paused clock (`start_paused`,
/// `tokio::time::advance`) leases then run out, and renewals keep them,
/// as the test's virtual time says, whatever the machine's load; on a
/// running clock it is the wall clock.
#[cfg(test)]
pub(crate) fn now_ms() -> i64 {
    static ANCHOR: std::sync::OnceLock<(std::time::Instant, i64)> = std::sync::OnceLock::new();
    let (at, wall) = *ANCHOR.get_or_init(|| (std::time::Instant::now(), wall_ms()));
    let now = tokio::time::Instant::now().into_std();
    let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    match now.checked_duration_since(at) {
        Some(since) => wall.saturating_add(ms(since)),
        None => wall.saturating_sub(ms(at - now)),
    }
}

/// Milliseconds since 1970 by this machine's wall clock.
fn wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Db {
    /// [`Db::claim_held`] without the time the room was last held: the
    /// tests' claim.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    #[cfg(test)]
    pub(crate) async fn claim(
        &self,
        code: &str,
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<Option<Fence>, Error> {
        let (fence, _) = self.claim_held(code, (instance, addr), now, lease).await?;
        Ok(fence)
    }

    /// Claims room `code` for `instance`, reachable at `addr`, at time
    /// `now` (milliseconds) for `lease`: only if no instance holds it,
    /// its lease ended, or `instance` itself holds it. Each claim raises
    /// the room's epoch by one.
    ///
    /// A claim that ends another instance's lease, run out but never
    /// given up (that instance stopped or died), counts as a takeover in
    /// the metrics (`room_takeovers`).
    ///
    /// Returns the claim's [`Fence`] (`None` if the room does not exist
    /// or another instance holds a live lease on it), and when the
    /// room's owner last held it before the claim (`room_owners.held_until`:
    /// its claim, last renewal, or giving it up; `None` for a room never
    /// held since migration 0010), read in the same query as the
    /// metrics' look at the row before the claim: a load needs both, and
    /// each query is a round trip.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn claim_held(
        &self,
        code: &str,
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<(Option<Fence>, Option<i64>), Error> {
        // Who held the room before, for the metrics and the clocks only:
        // the claim below decides alone. Its epoch tells whether another
        // claim came between the two; a lease that was still live then
        // can only have been given up since (which is no takeover).
        let before: Option<(String, i64, i64, Option<i64>)> = sqlx::query_as(
            "SELECT instance, epoch, expires_at, held_until FROM room_owners WHERE room = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        // One atomic statement (see [`Db::claim_lease`]); the room's
        // owner held it from now.
        let epoch = self
            .claim_lease(ROOMS, code, (instance, addr), (now, lease), now)
            .await?;
        let took_over = |epoch: i64| {
            before
                .as_ref()
                .is_some_and(|(held_by, was, expires_at, _)| {
                    !held_by.is_empty()
                        && held_by != instance
                        && *expires_at <= now
                        && epoch == was + 1
                })
        };
        if epoch.is_some_and(took_over) {
            self.metrics.room_takeovers.inc();
        }
        let fence = epoch.map(|epoch| Fence {
            room: code.to_string(),
            epoch,
        });
        Ok((fence, before.and_then(|(_, _, _, held)| held)))
    }

    /// The rooms instance `instance` holds whose lease ends at `until`
    /// (milliseconds since 1970) or before, each with the lease's end:
    /// those of an instance that stopped renewing, which the others
    /// share out once the leases have ended (`room::sweep`).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn rooms_running_out(
        &self,
        instance: &str,
        until: i64,
    ) -> Result<Vec<(String, i64)>, Error> {
        let rows = sqlx::query_as(
            "SELECT room, expires_at FROM room_owners WHERE instance = $1 AND expires_at <= $2",
        )
        .bind(instance)
        .bind(until)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }

    /// Renews, until `now + lease`, the lease of every room `instance`
    /// holds, in one statement; returns those rooms with their epochs
    /// (a room the instance runs that is missing, or has another epoch,
    /// was taken over).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn renew(
        &self,
        instance: &str,
        now: i64,
        lease: Duration,
    ) -> Result<Vec<Fence>, Error> {
        let held = self
            .renew_leases(ROOMS, (instance, None), (now, lease), now)
            .await?;
        Ok(held
            .into_iter()
            .map(|(room, epoch)| Fence { room, epoch })
            .collect())
    }

    /// The URL of the instance other than `instance` that holds a live
    /// lease on room `code` at time `now`, if one does.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn owner_elsewhere(
        &self,
        code: &str,
        instance: &str,
        now: i64,
    ) -> Result<Option<String>, Error> {
        self.lease_elsewhere(ROOMS, code, instance, now).await
    }

    /// Who holds room `code` (`''` for nobody) and when its lease runs
    /// out (milliseconds since 1970); `None` for a room never claimed.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn lease_end(&self, code: &str) -> Result<Option<(String, i64)>, Error> {
        let end = sqlx::query_as("SELECT instance, expires_at FROM room_owners WHERE room = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(end)
    }

    /// Gives room `fence.room` up, if `fence` still holds it: any
    /// instance may claim it at once (its epoch stays, to grow on).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn release(&self, fence: &Fence) -> Result<(), Error> {
        sqlx::query(
            "UPDATE room_owners SET instance = '', expires_at = 0, held_until = $3 \
             WHERE room = $1 AND epoch = $2",
        )
        .bind(&fence.room)
        .bind(fence.epoch)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores that `player`, seated in the room `fence` holds, has had no
    /// connection to it since `since` (milliseconds since 1970), or has
    /// one (`None`).
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the room was claimed since `fence`
    /// (nothing is written); [`Error::Database`].
    pub(crate) async fn set_away(
        &self,
        fence: &Fence,
        player: &str,
        since: Option<i64>,
    ) -> Result<(), Error> {
        let (pool, fence) = (self.pool.clone(), fence.clone());
        let player = player.to_string();
        super::detached(async move {
            let mut tx = pool.begin().await?;
            check(&mut tx, &fence).await?;
            sqlx::query("UPDATE room_seats SET away_since = $1 WHERE room = $2 AND player = $3")
                .bind(since)
                .bind(&fence.room)
                .bind(player)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Sets, for each `(player, since)` of `away`, since when that
    /// player of the room `fence` holds has had no connection
    /// (milliseconds since 1970), in one statement that writes only
    /// while the room is at the fence's epoch: a room's load restarts
    /// the away clocks of all its players at once (a round trip, where
    /// one [`Db::set_away`] each took four).
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the room was claimed since `fence` (no
    /// seat written); [`Error::Database`].
    pub(crate) async fn set_away_all(
        &self,
        fence: &Fence,
        away: &[(String, i64)],
    ) -> Result<(), Error> {
        if away.is_empty() {
            return Ok(());
        }
        let mut cases = String::new();
        let mut players = Vec::new();
        for i in 0..away.len() {
            let (player, since) = (2 * i + 3, 2 * i + 4);
            cases.push_str(&format!(" WHEN ${player} THEN ${since}"));
            players.push(format!("${player}"));
        }
        let players = players.join(", ");
        let sql = if self.sqlite {
            format!(
                "UPDATE room_seats SET away_since = CASE player{cases} END \
                 WHERE room IN (SELECT room FROM room_owners WHERE room = $1 AND epoch = $2) \
                 AND player IN ({players})"
            )
        } else {
            format!(
                "WITH owner AS (SELECT room FROM room_owners WHERE room = $1 AND epoch = $2 \
                 FOR SHARE) UPDATE room_seats SET away_since = CASE player{cases} END \
                 WHERE room IN (SELECT room FROM owner) AND player IN ({players})"
            )
        };
        let (pool, fence) = (self.pool.clone(), fence.clone());
        let away = away.to_vec();
        super::detached(async move {
            let mut query = sqlx::query(&sql).bind(&fence.room).bind(fence.epoch);
            for (player, since) in away {
                query = query.bind(player).bind(since);
            }
            if query.execute(&pool).await?.rows_affected() == 0 {
                return Err(moved(&fence));
            }
            Ok(())
        })
        .await
    }

    /// Since when each seated player of room `code` without a connection
    /// had none, as its owners stored it (see [`Db::set_away`]), in
    /// milliseconds since 1970, by player: what a load reads with the
    /// room's seats ([`Db::room`]), for the tests.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    #[cfg(test)]
    pub(crate) async fn away_times(
        &self,
        code: &str,
    ) -> Result<std::collections::HashMap<String, i64>, Error> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT player, MIN(away_since) FROM room_seats \
             WHERE room = $1 AND away_since IS NOT NULL GROUP BY player",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().collect())
    }

    /// Gives up every lease held under `instance`'s name, as a server
    /// starting under that name does before it runs any room: such a
    /// lease is a previous process's (killed before it could hand its
    /// rooms over), which this one's renewals (of all the name's leases)
    /// would otherwise keep alive for ever, with no task running the
    /// room and the dead process's address in it for the other
    /// instances. Any instance may claim those rooms at once. Returns
    /// how many leases were given up.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn release_all(&self, instance: &str) -> Result<u64, Error> {
        self.give_up_leases(ROOMS, instance, None).await
    }

    /// The SQL that appends an event: see [`fenced_event_insert`].
    pub(super) fn fenced_event_insert(&self) -> &'static str {
        fenced_event_insert(self.sqlite)
    }
}

/// The SQL that appends an event (`$1` game, `$2` seq, `$3` event, `$4`
/// played by, `$7` when, milliseconds since 1970) only while room `$5` is
/// at epoch `$6`, on SQLite or else PostgreSQL: one statement, so that
/// the check costs no round trip. PostgreSQL locks the owner's row (`FOR
/// SHARE`) to the end of the transaction, so that a claim waits for the
/// commit or the commit sees the claim; on SQLite the statement holds the
/// write lock from its read.
pub(super) fn fenced_event_insert(sqlite: bool) -> &'static str {
    if sqlite {
        "INSERT INTO game_events (game, seq, event, played_by, at) \
         SELECT $1, $2, $3, $4, $7 FROM room_owners WHERE room = $5 AND epoch = $6"
    } else {
        "WITH owner AS (SELECT room FROM room_owners WHERE room = $5 AND epoch = $6 FOR SHARE) \
         INSERT INTO game_events (game, seq, event, played_by, at) \
         SELECT $1, $2, $3, $4, $7 FROM owner"
    }
}

/// Checks inside transaction `tx` that `fence` still holds its room,
/// and keeps it so to the end of `tx`: a write of the owner's row (a
/// row lock on PostgreSQL, the write lock on SQLite).
///
/// # Errors
///
/// [`Error::RoomMoved`] if another claim came since; [`Error::Database`].
pub(super) async fn check(tx: &mut sqlx::AnyConnection, fence: &Fence) -> Result<(), Error> {
    let done = sqlx::query("UPDATE room_owners SET epoch = epoch WHERE room = $1 AND epoch = $2")
        .bind(&fence.room)
        .bind(fence.epoch)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(moved(fence))
    }
}

/// The refusal of a write fenced off.
pub(super) fn moved(fence: &Fence) -> Error {
    Error::RoomMoved {
        code: fence.room.clone(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use mancala_core::{Event, Move};
    use sqlx::{Connection, Executor};

    use super::*;
    use crate::setup::RoomSetup;

    /// A fresh database: a SQLite file in `dir`, or a new PostgreSQL
    /// database when `MANCALA_TEST_POSTGRES` names a server to make it
    /// in (`.ci/with-postgres`; it is left for the cluster's removal).
    pub(crate) async fn fresh(dir: &tempfile::TempDir) -> String {
        match std::env::var("MANCALA_TEST_POSTGRES") {
            Ok(admin) if !admin.is_empty() => {
                let name = format!("mancala_owners_{:016x}", getrandom::u64().unwrap());
                let mut connection = sqlx::PgConnection::connect(&admin).await.unwrap();
                connection
                    .execute(format!("CREATE DATABASE {name}").as_str())
                    .await
                    .unwrap();
                let (base, _) = admin.rsplit_once('/').unwrap();
                format!("{base}/{name}")
            }
            _ => format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display()),
        }
    }

    const LEASE: Duration = Duration::from_secs(6);

    fn moved(result: Result<impl std::fmt::Debug, Error>) -> bool {
        matches!(result, Err(Error::RoomMoved { ref code }) if code == "r")
    }

    /// A renewal locks its rooms' rows in the order of their codes, as a
    /// batch of events does (`commits::in_lock_order`), whatever order
    /// the table holds them in: while a transaction holds room `a`'s row
    /// (as a batch's insert does, `FOR SHARE`), the renewal waits for it
    /// holding nothing, so that room `z`'s row, which comes after, is
    /// still free. A renewal locking in the table's order (`z` was
    /// claimed first) would hold `z` while it waits for `a`: a batch
    /// holding `a` and then asking for `z` would deadlock with it, as in
    /// docs/results.md section 8.5's run of 2026-12-04 23:09. PostgreSQL
    /// only (SQLite has one write lock, and no row locks).
    #[tokio::test]
    async fn a_renewal_locks_its_rooms_in_the_order_of_their_codes() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        if url.starts_with("sqlite:") {
            return;
        }
        let a = Db::open(&url).await.unwrap();
        a.create_player("p", "p", "-").await.unwrap();
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        let t = 1_000_000;
        for code in ["z", "a"] {
            a.create_room(code, "p", &setup, false, None).await.unwrap();
            a.claim(code, ("A", "http://a"), t, LEASE).await.unwrap();
        }
        let mut batch = sqlx::PgConnection::connect(&url).await.unwrap();
        batch.execute("BEGIN").await.unwrap();
        let lock = "SELECT room FROM room_owners WHERE room = 'a' FOR SHARE";
        batch.execute(lock).await.unwrap();

        let renewing = {
            let a = a.clone();
            tokio::spawn(async move { a.renew("A", t + 1, LEASE).await })
        };
        // Wait (up to a deadline) until the renewal waits for a lock.
        let mut watch = sqlx::PgConnection::connect(&url).await.unwrap();
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' \
                       AND query LIKE 'UPDATE room_owners%'";
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let n: i64 = sqlx::query_scalar(waiting)
                .fetch_one(&mut watch)
                .await
                .unwrap();
            if n == 1 {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the renewal never waited"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let other = "SELECT room FROM room_owners WHERE room = 'z' FOR SHARE NOWAIT";
        let mut later = sqlx::PgConnection::connect(&url).await.unwrap();
        later.execute("BEGIN").await.unwrap();
        let z = later.execute(other).await;
        assert!(z.is_ok(), "room z's row was locked: {z:?}");
        later.execute("COMMIT").await.unwrap();

        batch.execute("COMMIT").await.unwrap();
        let mut renewed: Vec<_> = renewing.await.unwrap().unwrap();
        renewed.sort_by(|x, y| x.room.cmp(&y.room));
        let rooms: Vec<_> = renewed.iter().map(|f| (f.room.as_str(), f.epoch)).collect();
        assert_eq!(rooms, [("a", 1), ("z", 1)]);
    }

    #[tokio::test]
    async fn a_new_process_gives_up_the_leases_its_name_held() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        let a = Db::open(&url).await.unwrap();
        let b = Db::open(&url).await.unwrap();
        a.create_player("p", "p", "-").await.unwrap();
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        for code in ["r", "s"] {
            a.create_room(code, "p", &setup, false, None).await.unwrap();
        }
        let t = 1_000_000;
        let fence = a.claim("r", ("A", "http://a"), t, LEASE).await.unwrap();
        assert!(fence.is_some());
        a.claim("s", ("B", "http://b"), t, LEASE).await.unwrap();

        // A starts again within its lease: the room of A's is free at
        // once (nothing renews it), B's is still B's.
        assert_eq!(a.release_all("A").await.unwrap(), 1);
        assert_eq!(a.renew("A", t + 1, LEASE).await.unwrap(), []);
        assert_eq!(b.owner_elsewhere("r", "B", t + 1).await.unwrap(), None);
        let taken = b.claim("r", ("B", "http://b"), t + 1, LEASE).await.unwrap();
        assert_eq!(taken.map(|f| f.epoch), Some(2));
        assert_eq!(
            a.claim("s", ("A", "http://a"), t + 1, LEASE).await.unwrap(),
            None
        );
    }

    #[tokio::test]
    async fn a_room_has_one_owner_and_a_former_owner_never_writes_again() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        // Two instances on one database, each with a pool of its own.
        let a = Db::open(&url).await.unwrap();
        let b = Db::open(&url).await.unwrap();
        for id in ["p", "q"] {
            a.create_player(id, id, "-").await.unwrap();
        }
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        a.create_room("r", "p", &setup, false, None).await.unwrap();
        let t = 1_000_000;

        // A claims the room; B cannot while A's lease holds; A again can
        // (a restart), each claim at a new epoch.
        let first = a
            .claim("r", ("A", "http://a"), t, LEASE)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(first.epoch, 1);
        assert_eq!(
            b.claim("r", ("B", "http://b"), t + 5_999, LEASE)
                .await
                .unwrap(),
            None
        );
        let elsewhere = b.owner_elsewhere("r", "B", t + 5_999).await.unwrap();
        assert_eq!(elsewhere.as_deref(), Some("http://a"));
        assert_eq!(a.owner_elsewhere("r", "A", t).await.unwrap(), None);
        let fence_a = a
            .claim("r", ("A", "http://a"), t + 1_000, LEASE)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(fence_a.epoch, 2);
        assert_eq!(
            a.claim("nowhere", ("A", "http://a"), t, LEASE)
                .await
                .unwrap(),
            None
        );

        // A's first claim is fenced off by its second; its current one
        // writes.
        assert!(moved(a.sit(&first, 0, "p").await));
        a.sit(&fence_a, 0, "p").await.unwrap();
        a.sit(&fence_a, 1, "q").await.unwrap();
        let players = ["p".to_string(), "q".to_string()];
        a.start_game("g", &fence_a, "kalah", &[], &players)
            .await
            .unwrap();
        let one = Event::Move(Move::House(1));
        a.append_event(&fence_a, "g", 1, one, None, None, None)
            .await
            .unwrap();

        // A renews at t + 3 s: its lease runs to t + 9 s, and B still
        // cannot claim before then.
        assert_eq!(
            a.renew("A", t + 3_000, LEASE).await.unwrap(),
            std::slice::from_ref(&fence_a)
        );
        assert_eq!(
            b.claim("r", ("B", "http://b"), t + 8_999, LEASE)
                .await
                .unwrap(),
            None
        );

        // A stops renewing; once its lease ended, B takes the room over.
        let fence_b = b
            .claim("r", ("B", "http://b"), t + 9_000, LEASE)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(fence_b.epoch, 3);
        // B took it over from A, whose lease ran out: the only takeover
        // so far (A's own claims, B's refused ones, were none).
        assert_eq!(b.metrics().room_takeovers.get(), 1);
        assert_eq!(a.metrics().room_takeovers.get(), 0);
        assert_eq!(a.renew("A", t + 9_500, LEASE).await.unwrap(), []);
        let elsewhere = a.owner_elsewhere("r", "A", t + 9_500).await.unwrap();
        assert_eq!(elsewhere.as_deref(), Some("http://b"));
        assert_eq!(
            b.renew("B", t + 9_500, LEASE).await.unwrap(),
            std::slice::from_ref(&fence_b)
        );

        // Every write of A's is refused now and leaves nothing: the
        // event at the next number (no key stops it), the seats, a game.
        let two = Event::Move(Move::House(2));
        assert!(moved(
            a.append_event(&fence_a, "g", 2, two, None, None, None)
                .await
        ));
        assert!(moved(a.stand(&fence_a, 1).await));
        assert!(moved(a.reseat(&fence_a, 1, "p").await));
        let away = [("p".to_string(), 5), ("q".to_string(), 7)];
        assert!(moved(a.set_away_all(&fence_a, &away).await));
        assert!(b.away_times("r").await.unwrap().is_empty());
        assert!(moved(
            a.start_game("h", &fence_a, "kalah", &[], &players).await
        ));
        let events: Vec<Event> = b
            .events("g")
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.0)
            .collect();
        assert_eq!(events, [one]);
        let room = b.room("r").await.unwrap().unwrap();
        assert_eq!(room.seats.len(), 2);
        let last = b.last_game("r").await.unwrap().unwrap();
        assert_eq!(last.id, "g");

        // B writes; once it gives the room up, A may claim it at once,
        // at a later epoch still.
        b.append_event(&fence_b, "g", 2, two, None, None, None)
            .await
            .unwrap();
        b.set_away_all(&fence_b, &away).await.unwrap();
        let stored = b.away_times("r").await.unwrap();
        assert_eq!((stored["p"], stored["q"], stored.len()), (5, 7, 2));
        a.release(&fence_a).await.unwrap();
        assert_eq!(
            a.claim("r", ("A", "http://a"), t + 9_600, LEASE)
                .await
                .unwrap(),
            None
        );
        b.release(&fence_b).await.unwrap();
        let again = a
            .claim("r", ("A", "http://a"), t + 9_600, LEASE)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(again.epoch, 4);
        // A room given up is no takeover.
        assert_eq!(a.metrics().room_takeovers.get(), 0);
        assert!(moved(
            b.append_event(&fence_b, "g", 3, one, None, None, None)
                .await
        ));
        assert_eq!(b.events("g").await.unwrap().len(), 2);
    }
}
