//! Rooms loaded many at a time (issue 32): the rooms an instance takes
//! over from a dead one, claimed and read in one set of queries for the
//! whole batch (a claim, the rooms, their seats, their last games and
//! those games' events), where one room's load took six round trips of
//! its own. Each room's claim is the same atomic upsert as one room's
//! ([`super::lease`]): PostgreSQL locks each row for it and checks the
//! lease on the row's latest version, so a room held by a live lease
//! elsewhere is not claimed, whatever else the batch holds.
//!
//! The rows are claimed in the order of their codes (byte order on
//! PostgreSQL, `COLLATE "C"`), the order in which a renewal and a batch
//! of events lock them too (`commits::in_lock_order`): a batch claim
//! waits for them, or they for it, never in a cycle.

use std::collections::HashMap;
use std::time::Duration;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::lease::millis;
use super::{Db, Fence, StoredGame, StoredRoom};
use crate::error::Error;

/// One room as [`Db::load_rooms`] and [`Db::load_room`] read it: the
/// claim's fence, when the room's owner last held it before the claim,
/// the room and its last game.
#[derive(Debug)]
pub(crate) struct Loaded {
    /// The claim.
    pub fence: Fence,
    /// When the room's last owner last held it (`room_owners.held_until`
    /// before the claim; `None` for a room never held since migration
    /// 0010).
    pub held_until: Option<i64>,
    /// The room with its seats.
    pub room: StoredRoom,
    /// Its last game (open or over), if any.
    pub game: Option<StoredGame>,
}

/// `$from, $from+1, ...`: `n` placeholders.
fn placeholders(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the batch's rows before the claim said of one room: its holder,
/// epoch, lease's end and when it was last held.
type Before = (String, i64, i64, Option<i64>);

impl Db {
    /// Room `code` claimed for `instance` at `addr` at `now` for
    /// `lease` and read: [`Db::claim_held`], [`Db::room`] and
    /// [`Db::last_game`], one after another, on the pool of the loads.
    /// `Ok(None)` if the claim failed: the room does not exist (tell
    /// with [`Db::room`]) or another instance holds a live lease on it.
    ///
    /// # Errors
    ///
    /// [`Error::NoSuchRoom`] for a room gone between the claim and its
    /// read; [`Error::Database`].
    pub(crate) async fn load_room(
        &self,
        code: &str,
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<Option<Loaded>, Error> {
        let reader = self.for_loads();
        let (fence, held_until) = reader
            .claim_held(code, (instance, addr), now, lease)
            .await?;
        let Some(fence) = fence else { return Ok(None) };
        let room = reader.room(code).await?.ok_or_else(|| Error::NoSuchRoom {
            code: code.to_string(),
        })?;
        let game = reader.last_game(code).await?;
        Ok(Some(Loaded {
            fence,
            held_until,
            room,
            game,
        }))
    }

    /// The rooms of `codes` claimed for `instance` at `addr` at `now`
    /// for `lease` and read, in one set of queries for them all (five,
    /// plus one for the claim's metrics), on the pool of the loads:
    /// each the same as [`Db::load_room`] would give, by code. A room
    /// missing from the answer was not claimed: it does not exist, or
    /// another instance holds a live lease on it. Codes given twice are
    /// loaded once.
    ///
    /// # Errors
    ///
    /// [`Error::Database`]; [`Error::Rules`] for a room whose stored
    /// rules no longer read (the rooms claimed before it stay claimed,
    /// as after a failed load of one room: their leases run out).
    pub(crate) async fn load_rooms(
        &self,
        codes: &[String],
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<HashMap<String, Loaded>, Error> {
        let mut codes = codes.to_vec();
        codes.sort();
        codes.dedup();
        if codes.is_empty() {
            return Ok(HashMap::new());
        }
        let pool = &self.for_loads().pool;
        let n = codes.len();
        // Who held each room before, for the metrics and the clocks only:
        // the claim decides alone (as in `claim_held`).
        let sql = format!(
            "SELECT room, instance, epoch, expires_at, held_until FROM room_owners \
             WHERE room IN ({})",
            placeholders(1, n)
        );
        let mut query = sqlx::query(&sql);
        for code in &codes {
            query = query.bind(code);
        }
        let before: HashMap<String, Before> = (query.fetch_all(pool).await?.iter())
            .map(|r| (r.get(0), (r.get(1), r.get(2), r.get(3), r.get(4))))
            .collect();
        let claimed = self
            .claim_batch(&codes, (instance, addr), now, lease)
            .await?;
        if claimed.is_empty() {
            return Ok(HashMap::new());
        }
        for (code, epoch) in &claimed {
            let took_over = before
                .get(code)
                .is_some_and(|(held_by, was, expires_at, _)| {
                    !held_by.is_empty()
                        && held_by != instance
                        && *expires_at <= now
                        && *epoch == was + 1
                });
            if took_over {
                self.metrics.room_takeovers.inc();
            }
        }
        let codes: Vec<String> = claimed.keys().cloned().collect();
        let mut rooms = self.rooms_batch(pool, &codes).await?;
        let mut games = self.last_games_batch(pool, &codes).await?;
        let mut loaded = HashMap::new();
        for (code, epoch) in claimed {
            let Some(room) = rooms.remove(&code) else {
                continue;
            };
            let held_until = before.get(&code).and_then(|(_, _, _, held)| *held);
            let game = games.remove(&code);
            let fence = Fence {
                room: code.clone(),
                epoch,
            };
            loaded.insert(
                code,
                Loaded {
                    fence,
                    held_until,
                    room,
                    game,
                },
            );
        }
        Ok(loaded)
    }

    /// Sets, for each room of `rooms` (its fence, and each `(player,
    /// since)`), since when each of its seated players has had no
    /// connection (milliseconds since 1970), in one statement that
    /// writes a room's seats only while the room is at its fence's epoch
    /// (on PostgreSQL the owners' rows locked `FOR SHARE`, in the order
    /// of their codes, as a batch of events locks them): a batch's loads
    /// restart every away clock of all their rooms at once, where
    /// [`Db::set_away_all`] is a round trip a room. Rooms without
    /// players are left out. Returns the rooms written: a room with
    /// players missing from it was claimed since its fence.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn set_away_batch(
        &self,
        rooms: &[(Fence, Vec<(String, i64)>)],
    ) -> Result<std::collections::HashSet<String>, Error> {
        let rooms: Vec<&(Fence, Vec<(String, i64)>)> =
            rooms.iter().filter(|(_, away)| !away.is_empty()).collect();
        if rooms.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let mut n = 0;
        let mut next = || {
            n += 1;
            format!("${n}")
        };
        let mut owners = Vec::new();
        for _ in &rooms {
            owners.push(format!("(room = {} AND epoch = {})", next(), next()));
        }
        let (mut cases, mut seats) = (String::new(), Vec::new());
        for (_, away) in &rooms {
            for _ in away {
                let (room, player, since) = (next(), next(), next());
                cases.push_str(&format!(
                    " WHEN room = {room} AND player = {player} THEN {since}"
                ));
                seats.push(format!("(room = {room} AND player = {player})"));
            }
        }
        let (owners, seats) = (owners.join(" OR "), seats.join(" OR "));
        let sql = if self.sqlite {
            format!(
                "UPDATE room_seats SET away_since = CASE{cases} END \
                 WHERE room IN (SELECT room FROM room_owners WHERE {owners}) AND ({seats}) \
                 RETURNING room"
            )
        } else {
            format!(
                "WITH owner AS (SELECT room FROM room_owners WHERE {owners} \
                 ORDER BY room COLLATE \"C\" FOR SHARE) \
                 UPDATE room_seats SET away_since = CASE{cases} END \
                 WHERE room IN (SELECT room FROM owner) AND ({seats}) RETURNING room"
            )
        };
        let fences: Vec<(String, i64)> = (rooms.iter())
            .map(|(fence, _)| (fence.room.clone(), fence.epoch))
            .collect();
        let seats: Vec<(String, String, i64)> = (rooms.iter())
            .flat_map(|(fence, away)| {
                (away.iter()).map(|(player, since)| (fence.room.clone(), player.clone(), *since))
            })
            .collect();
        let pool = self.for_loads().pool;
        // Apart, so that a caller that stops waiting never cancels it.
        let rows = super::detached(async move {
            let mut query = sqlx::query(&sql);
            for (room, epoch) in fences {
                query = query.bind(room).bind(epoch);
            }
            for (room, player, since) in seats {
                query = query.bind(room).bind(player).bind(since);
            }
            Ok(query.fetch_all(&pool).await?)
        })
        .await?;
        Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
    }

    /// Claims the rooms of `codes` (sorted, without duplicates) in one
    /// statement, each as [`Db::claim_lease`] claims one: only a room
    /// that exists and that no other instance holds a live lease on.
    /// Returns the rooms claimed with their new epochs.
    async fn claim_batch(
        &self,
        codes: &[String],
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<HashMap<String, i64>, Error> {
        let order = if self.sqlite {
            "code"
        } else {
            "code COLLATE \"C\""
        };
        let sql = format!(
            "INSERT INTO room_owners (room, instance, epoch, expires_at, addr, held_until) \
             SELECT code, $1, 1, $2, $4, $3 FROM rooms WHERE code IN ({}) ORDER BY {order} \
             ON CONFLICT (room) DO UPDATE SET instance = excluded.instance, \
             epoch = room_owners.epoch + 1, expires_at = excluded.expires_at, \
             addr = excluded.addr, held_until = excluded.held_until \
             WHERE room_owners.expires_at <= $3 OR room_owners.instance = $1 \
             RETURNING room, epoch",
            placeholders(5, codes.len())
        );
        let mut query = sqlx::query(&sql)
            .bind(instance)
            .bind(now.saturating_add(millis(lease)))
            .bind(now)
            .bind(addr);
        for code in codes {
            query = query.bind(code);
        }
        let rows = query.fetch_all(&self.for_loads().pool).await?;
        Ok(rows
            .iter()
            .map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1)))
            .collect())
    }

    /// The rooms of `codes` with their seats, as [`Db::room`] reads one,
    /// by code: two queries.
    async fn rooms_batch(
        &self,
        pool: &sqlx::AnyPool,
        codes: &[String],
    ) -> Result<HashMap<String, StoredRoom>, Error> {
        let list = placeholders(1, codes.len());
        let sql = format!(
            "SELECT host, rules, CAST(rated AS INTEGER), house_rules, \
             CAST(rotation AS INTEGER), min_players, max_players, turn_seconds, \
             CAST(matched AS INTEGER), code FROM rooms WHERE code IN ({list})"
        );
        let mut query = sqlx::query(&sql);
        for code in codes {
            query = query.bind(code);
        }
        let rows = query.fetch_all(pool).await?;
        let sql = format!(
            "SELECT s.seat, s.player, p.name, s.away_since, s.room FROM room_seats s \
             JOIN players p ON p.id = s.player WHERE s.room IN ({list}) ORDER BY s.room, s.seat"
        );
        let mut query = sqlx::query(&sql);
        for code in codes {
            query = query.bind(code);
        }
        let mut seats: HashMap<String, Vec<AnyRow>> = HashMap::new();
        for row in query.fetch_all(pool).await? {
            seats.entry(row.get(4)).or_default().push(row);
        }
        let mut rooms = HashMap::new();
        for row in &rows {
            let code: String = row.get(9);
            let room_seats = seats.remove(&code).unwrap_or_default();
            rooms.insert(code, super::stored_room(row, &room_seats)?);
        }
        Ok(rooms)
    }

    /// The last game (open or over) of each room of `codes` that has
    /// one, with its events, as [`Db::last_game`] reads one, by room
    /// code: two queries.
    async fn last_games_batch(
        &self,
        pool: &sqlx::AnyPool,
        codes: &[String],
    ) -> Result<HashMap<String, StoredGame>, Error> {
        let sql = format!(
            "SELECT g.id, g.rules, g.started_at, g.room FROM games g WHERE g.room IN ({}) \
             AND g.number = (SELECT MAX(h.number) FROM games h WHERE h.room = g.room)",
            placeholders(1, codes.len())
        );
        let mut query = sqlx::query(&sql);
        for code in codes {
            query = query.bind(code);
        }
        let games = query.fetch_all(pool).await?;
        if games.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!(
            "SELECT event, played_by, at, game FROM game_events WHERE game IN ({}) \
             ORDER BY game, seq",
            placeholders(1, games.len())
        );
        let mut query = sqlx::query(&sql);
        for game in &games {
            query = query.bind(game.get::<String, _>(0));
        }
        let mut events: HashMap<String, Vec<AnyRow>> = HashMap::new();
        for row in query.fetch_all(pool).await? {
            events.entry(row.get(3)).or_default().push(row);
        }
        let mut found = HashMap::new();
        for row in &games {
            let id: String = row.get(0);
            let rows = events.remove(&id).unwrap_or_default();
            let room: String = row.get(3);
            found.insert(room, super::stored_game(row, &rows)?);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::fresh;
    use crate::setup::RoomSetup;
    use mancala_core::{Event, Move};

    const LEASE: Duration = Duration::from_secs(6);

    /// Players a, b, c, d and rooms on `db`: `r0` never claimed nor
    /// seated; `r1` with a and b seated (b away since 1,000) and a game
    /// of two moves; `r2` with c seated and two games, the second of one
    /// move; `r3` held by instance `y` with a live lease. `r1` and `r2`
    /// are held by `x`, whose lease ended at 6,000.
    async fn rooms(db: &Db) {
        for p in ["a", "b", "c", "d"] {
            db.create_player(p, p, "-").await.unwrap();
        }
        let kalah = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        for (code, host) in [("r0", "a"), ("r1", "a"), ("r2", "c"), ("r3", "d")] {
            db.create_room(code, host, &kalah, false, Some(30))
                .await
                .unwrap();
        }
        let x = ("x", "http://x");
        let f1 = db.claim("r1", x, 0, LEASE).await.unwrap().unwrap();
        db.sit(&f1, 0, "a").await.unwrap();
        db.sit(&f1, 1, "b").await.unwrap();
        db.set_away(&f1, "b", Some(1_000)).await.unwrap();
        let ab = ["a".to_string(), "b".to_string()];
        db.start_game("g1", &f1, "kalah", &[], &ab).await.unwrap();
        for (seq, house) in [(1, 3), (2, 4)] {
            let mv = Event::Move(Move::House(house));
            db.append_event(&f1, "g1", seq, mv, None, None, None)
                .await
                .unwrap();
        }
        let f2 = db.claim("r2", x, 0, LEASE).await.unwrap().unwrap();
        db.sit(&f2, 0, "c").await.unwrap();
        db.sit(&f2, 1, "d").await.unwrap();
        let cd = ["c".to_string(), "d".to_string()];
        db.start_game("g2a", &f2, "kalah", &[], &cd).await.unwrap();
        db.start_game("g2b", &f2, "kalah", &[], &cd).await.unwrap();
        let mv = Event::Move(Move::House(2));
        db.append_event(&f2, "g2b", 1, mv, None, None, None)
            .await
            .unwrap();
        let far = crate::db::now_ms() + 60_000;
        db.claim("r3", ("y", "http://y"), far, LEASE)
            .await
            .unwrap()
            .unwrap();
    }

    /// What a test compares of a load across two databases: all of it
    /// but the time its turn began (when each database stored the last
    /// move; compared on one database apart).
    fn shown(loaded: &Loaded) -> String {
        let game = loaded.game.as_ref().map(|g| {
            let events: Vec<String> = g.events.iter().map(ToString::to_string).collect();
            (
                &g.id,
                &g.rules,
                events,
                &g.played_by,
                g.turn_began.is_some(),
            )
        });
        let mut away: Vec<_> = loaded.room.away.iter().collect();
        away.sort();
        format!(
            "{:?} {:?} {} {} {:?} {:?} {:?} {:?} {:?}",
            loaded.fence,
            loaded.held_until,
            loaded.room.host,
            loaded.room.rated,
            loaded.room.turn_seconds,
            loaded.room.seats,
            away,
            loaded.room.matched,
            game,
        )
    }

    /// The batch loads what loading the rooms one by one loads, on two
    /// databases made alike (SQLite, or PostgreSQL under
    /// `.ci/with-postgres`): the same epochs, seats, away times, last
    /// games and events; `r3`, held elsewhere, and a room that does not
    /// exist are not claimed by either; each claim ends `x`'s lease and
    /// counts as a takeover, and after it `x` is fenced off (its write
    /// fails).
    #[tokio::test]
    async fn a_batch_loads_what_one_by_one_loads() {
        let (one_dir, batch_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let one = Db::open(&fresh(&one_dir).await).await.unwrap();
        let batch = Db::open(&fresh(&batch_dir).await).await.unwrap();
        rooms(&one).await;
        rooms(&batch).await;
        let me = ("z", "http://z");
        let now = 7_000;
        let codes: Vec<String> = ["r3", "r2", "r0", "nope", "r1", "r2"]
            .map(String::from)
            .to_vec();
        let mut singles = HashMap::new();
        for code in &codes {
            if let Some(loaded) = one.load_room(code, me, now, LEASE).await.unwrap() {
                singles.insert(code.clone(), loaded);
            }
        }
        let batched = batch.load_rooms(&codes, me, now, LEASE).await.unwrap();
        // r2 was loaded twice one by one: its second claim by the same
        // instance raised the epoch again.
        assert_eq!(singles["r2"].fence.epoch, 3);
        assert_eq!(batched["r2"].fence.epoch, 2);
        let mut keys: Vec<_> = batched.keys().cloned().collect();
        keys.sort();
        assert_eq!(keys, ["r0", "r1", "r2"]);
        assert_eq!(singles.len(), 3);
        for code in ["r0", "r1"] {
            assert_eq!(shown(&singles[code]), shown(&batched[code]), "{code}");
        }
        // r2 apart from its epoch: its held_until was the first claim's
        // `now` one by one, x's before.
        let r2 = &batched["r2"];
        assert_eq!(r2.held_until, Some(0));
        assert_eq!(r2.room.seats.len(), 2);
        let game = r2.game.as_ref().unwrap();
        assert_eq!(game.id, "g2b");
        assert_eq!(game.events.len(), 1);
        // Worked by hand: r1's seats and b's away time, its two moves.
        let r1 = &batched["r1"];
        assert_eq!(r1.fence.epoch, 2);
        assert_eq!(r1.held_until, Some(0));
        let seats: Vec<_> = r1
            .room
            .seats
            .iter()
            .map(|(s, p, _)| (*s, p.as_str()))
            .collect();
        assert_eq!(seats, [(0, "a"), (1, "b")]);
        assert_eq!(r1.room.away.get("b"), Some(&1_000));
        assert_eq!(r1.room.turn_seconds, Some(30));
        let game = r1.game.as_ref().unwrap();
        assert_eq!(game.id, "g1");
        let events: Vec<String> = game.events.iter().map(ToString::to_string).collect();
        let expected: Vec<String> = [Move::House(3), Move::House(4)]
            .map(|m| Event::Move(m).to_string())
            .to_vec();
        assert_eq!(events, expected);
        // Its turn began when its last move was stored, as one room's
        // read finds it on the same database.
        let alone = batch.last_game("r1").await.unwrap().unwrap();
        assert_eq!(game.turn_began, alone.turn_began);
        assert!(game.turn_began.is_some());
        assert!(batched["r0"].game.is_none());
        assert_eq!(batched["r0"].held_until, None);
        // Two takeovers (r1, r2) in each.
        let takeovers = |db: &Db| db.metrics().room_takeovers.get();
        assert_eq!(takeovers(&batch), 2);
        assert_eq!(takeovers(&one), 2);
        // x lost r1: its write is fenced off.
        let old = Fence {
            room: "r1".to_string(),
            epoch: 1,
        };
        assert!(matches!(
            batch.set_away(&old, "a", Some(5)).await,
            Err(Error::RoomMoved { .. })
        ));
        // A batch at once again by another instance claims nothing: z's
        // leases are live.
        let again = batch
            .load_rooms(&codes, ("w", "http://w"), now + 1, LEASE)
            .await
            .unwrap();
        assert!(again.is_empty());
    }

    /// One statement restarts the away clocks of a batch's rooms, each
    /// only at its fence's epoch: a room claimed since (its fence old) is
    /// neither written nor named written; a room without players is left
    /// out.
    #[tokio::test]
    async fn a_batch_of_away_clocks_is_written_only_where_the_fence_holds() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&fresh(&dir).await).await.unwrap();
        rooms(&db).await;
        let me = ("z", "http://z");
        let codes: Vec<String> = ["r1", "r2"].map(String::from).to_vec();
        let loaded = db.load_rooms(&codes, me, 7_000, LEASE).await.unwrap();
        let (r1, r2) = (loaded["r1"].fence.clone(), loaded["r2"].fence.clone());
        let stale = Fence {
            room: "r2".to_string(),
            epoch: r2.epoch - 1,
        };
        let r0 = Fence {
            room: "r0".to_string(),
            epoch: 1,
        };
        let batch = [
            (r1, vec![("a".to_string(), 10), ("b".to_string(), 20)]),
            (stale, vec![("c".to_string(), 30), ("d".to_string(), 40)]),
            (r0, vec![]),
        ];
        let written = db.set_away_batch(&batch).await.unwrap();
        assert_eq!(written, ["r1".to_string()].into_iter().collect());
        let mut r1_times: Vec<_> = db.away_times("r1").await.unwrap().into_iter().collect();
        r1_times.sort();
        assert_eq!(r1_times, [("a".to_string(), 10), ("b".to_string(), 20)]);
        // r2's stored times are what z's claim found (none: c and d were
        // connected on x), not the stale fence's.
        assert!(db.away_times("r2").await.unwrap().is_empty());
        // With its own fence, r2 is written.
        let batch = [(r2, vec![("c".to_string(), 30)])];
        let written = db.set_away_batch(&batch).await.unwrap();
        assert!(written.contains("r2"));
        assert_eq!(db.away_times("r2").await.unwrap().get("c"), Some(&30));
    }

    #[test]
    fn placeholders_count_from_the_first() {
        assert_eq!(placeholders(5, 3), "$5, $6, $7");
        assert_eq!(placeholders(1, 1), "$1");
    }
}
