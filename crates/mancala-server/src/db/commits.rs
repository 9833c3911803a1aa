//! Group commit: the game events of many rooms stored in one
//! transaction, so that they share one `COMMIT` and its sync to disk.
//!
//! One writer task takes every event waiting, up to a batch, stores them
//! in one transaction, and answers each room only once that transaction
//! has committed: a move is on disk before anyone is told of it, as
//! before. While a batch commits, the events arriving meanwhile wait and
//! form the next one, so that a lone event is stored at once and a busy
//! server stores many per commit (docs/results.md section 8.3).
//!
//! Each event keeps its own fence (the epoch check in its insert,
//! [`Db::fenced_event_insert`](super::Db::fenced_event_insert)): an
//! event of a room fenced off inserts nothing and fails alone, with
//! [`Error::RoomMoved`], while the others of its batch are stored. A
//! batch that fails as a whole (a statement's error, the commit) is
//! tried again one event at a time, each in its own transaction, so that
//! an event that fails fails alone there too.
//!
//! A room waits for its answer on a channel: a room that stops waiting
//! (lost while the database does not answer) leaves the batch to finish
//! or fail by itself, never half done (see [`super::detached`]).

use std::sync::Arc;
use std::time::Instant;

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::Append;
use crate::error::Error;
use crate::metrics::Metrics;
use crate::protocol::RatingChangeView;

/// What storing one event gives its room: the rating changes of a rated
/// game it ended.
pub(super) type Stored = Result<Option<Vec<RatingChangeView>>, Error>;

/// An event waiting for its batch, and where its room waits.
struct Waiting {
    append: Append,
    done: oneshot::Sender<Stored>,
}

/// The way to the writer task (a cheap handle; the task ends when every
/// handle is gone).
#[derive(Clone, Debug)]
pub(super) struct Committer {
    tx: mpsc::UnboundedSender<Waiting>,
}

impl std::fmt::Debug for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Waiting").finish_non_exhaustive()
    }
}

impl Committer {
    /// Starts the writer task on `pool`, storing at most `batch` events a
    /// transaction with the insert `sql`, counting into `metrics`.
    pub(super) fn start(
        pool: AnyPool,
        sql: &'static str,
        metrics: Arc<Metrics>,
        batch: usize,
    ) -> Committer {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(rx, pool, sql, metrics, batch.max(1)));
        Committer { tx }
    }

    /// Stores `append` in the next batch; returns once that batch has
    /// committed (or failed).
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if its room was claimed since its fence
    /// (nothing is written for it); [`Error::Database`].
    pub(super) async fn store(&self, append: Append) -> Stored {
        let (done, answer) = oneshot::channel();
        let waiting = Waiting { append, done };
        if self.tx.send(waiting).is_err() {
            return Err(Error::Database(sqlx::Error::PoolClosed));
        }
        answer
            .await
            .unwrap_or(Err(Error::Database(sqlx::Error::WorkerCrashed)))
    }
}

/// The writer task: every event waiting (up to `batch`) in one
/// transaction, then the next.
async fn run(
    mut rx: mpsc::UnboundedReceiver<Waiting>,
    pool: AnyPool,
    sql: &'static str,
    metrics: Arc<Metrics>,
    batch: usize,
) {
    let mut waiting = Vec::with_capacity(batch);
    while rx.recv_many(&mut waiting, batch).await > 0 {
        let taken = std::mem::replace(&mut waiting, Vec::with_capacity(batch));
        metrics.batched(taken.len());
        store_all(&pool, sql, &metrics, taken).await;
    }
}

/// Stores the events `waiting` in one transaction, or each in its own
/// if that fails, and answers each.
async fn store_all(
    pool: &AnyPool,
    sql: &'static str,
    metrics: &Metrics,
    mut waiting: Vec<Waiting>,
) {
    in_lock_order(&mut waiting, |w| &w.append.fence.room);
    let (appends, rooms): (Vec<Append>, Vec<oneshot::Sender<Stored>>) =
        waiting.into_iter().map(|w| (w.append, w.done)).unzip();
    let stored = if appends.len() == 1 {
        vec![appends[0].write(pool, sql, metrics).await]
    } else {
        match write_batch(pool, sql, metrics, &appends).await {
            Ok(stored) => stored,
            Err(error) => {
                tracing::warn!(events = appends.len(), %error, "a batch of events failed: each is tried alone");
                let mut stored = Vec::with_capacity(appends.len());
                for append in &appends {
                    stored.push(append.write(pool, sql, metrics).await);
                }
                stored
            }
        }
    };
    for (room, stored) in rooms.into_iter().zip(stored) {
        // A room that stopped waiting has nobody to tell.
        let _ = room.send(stored);
    }
}

/// Puts `events` in the order in which their inserts lock their rooms'
/// owner rows: by room code, byte by byte, as a renewal locks them
/// (`lease::Leased::renew_sql`), so that a batch and a renewal never wait
/// for each other in a cycle (a deadlock, which PostgreSQL ends by
/// cancelling one of them). The sort is stable: the events of one room
/// keep the order they came in (their sequence numbers).
fn in_lock_order<T>(events: &mut [T], room: impl Fn(&T) -> &String) {
    events.sort_by(|a, b| room(a).as_bytes().cmp(room(b).as_bytes()));
}

/// Stores every event of `batch` in one transaction on `pool`: returns
/// each one's result once the transaction committed, an event fenced off
/// [`Error::RoomMoved`] (nothing written for it), the others stored.
///
/// # Errors
///
/// [`Error::Database`] if a statement or the commit fails: then nothing
/// of the batch is known to be stored.
pub(super) async fn write_batch(
    pool: &AnyPool,
    sql: &'static str,
    metrics: &Metrics,
    batch: &[Append],
) -> Result<Vec<Stored>, Error> {
    let mut stage = Instant::now();
    let mut lap = |name: &'static str| {
        metrics.stage(name, stage.elapsed());
        stage = Instant::now();
    };
    let mut tx = pool.begin().await?;
    lap("begin");
    let mut stored = Vec::with_capacity(batch.len());
    for append in batch {
        match append.statements(&mut tx, sql).await {
            Err(moved @ Error::RoomMoved { .. }) => stored.push(Err(moved)),
            Err(error) => return Err(error),
            Ok(changes) => stored.push(Ok(changes)),
        }
    }
    lap("statements");
    tx.commit().await?;
    lap("commit");
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use mancala_core::{Event, Move};

    use super::*;
    use crate::db::{Db, Fence};
    use crate::setup::RoomSetup;

    /// Rooms `r`, `s` and `t` of a fresh database (SQLite, or PostgreSQL
    /// under `MANCALA_TEST_POSTGRES`), each claimed by instance A with a
    /// game started (`gr`, `gs`, `gt`): the database (without a writer
    /// task, so that the test makes the batches) and the fences.
    async fn three_rooms(dir: &tempfile::TempDir) -> (Db, Vec<Fence>) {
        let url = crate::db::owners::tests::fresh(dir).await;
        let db = Db::open_with(&url, 0, 0).await.unwrap();
        for id in ["p", "q"] {
            db.create_player(id, id, "-").await.unwrap();
        }
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        let players = ["p".to_string(), "q".to_string()];
        let mut fences = Vec::new();
        for code in ["r", "s", "t"] {
            db.create_room(code, "p", &setup, false, None)
                .await
                .unwrap();
            let lease = Duration::from_secs(60);
            let claim = db.claim(code, ("A", "http://a"), 1_000, lease);
            let fence = claim.await.unwrap().unwrap();
            let game = format!("g{code}");
            (db.start_game(&game, &fence, "kalah", &[], &players))
                .await
                .unwrap();
            fences.push(fence);
        }
        (db, fences)
    }

    /// Move `house` as event `seq` of room `fence`'s game.
    fn append(fence: &Fence, seq: usize, house: u8) -> Append {
        Append {
            fence: fence.clone(),
            id: format!("g{}", fence.room),
            seq,
            event: Event::Move(Move::House(house)),
            played_by: None,
            outcome: None,
            ranks: None,
        }
    }

    /// The events stored for room `code`'s game, as text.
    async fn stored(db: &Db, code: &str) -> Vec<String> {
        let events = db.events(&format!("g{code}")).await.unwrap();
        events.into_iter().map(|(e, _)| e.to_string()).collect()
    }

    #[test]
    fn a_batch_locks_rooms_in_the_order_of_their_codes_each_room_in_turn() {
        // Events as (room, sequence number), in the order they came.
        let mut events = vec![
            ("s".to_string(), 4),
            ("r".to_string(), 7),
            ("a".to_string(), 2),
            ("s".to_string(), 5),
            ("B".to_string(), 1),
            ("r".to_string(), 8),
        ];
        in_lock_order(&mut events, |e| &e.0);
        let order: Vec<_> = events.iter().map(|(r, n)| (r.as_str(), *n)).collect();
        // Byte order puts capitals first, as PostgreSQL's COLLATE "C".
        assert_eq!(
            order,
            [("B", 1), ("a", 2), ("r", 7), ("r", 8), ("s", 4), ("s", 5)]
        );
    }

    #[tokio::test]
    async fn a_room_fenced_off_in_a_batch_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let (db, fences) = three_rooms(&dir).await;
        // Room s was claimed again since its fence (as by another
        // instance once A's lease ran out).
        let lease = Duration::from_secs(60);
        let again = db
            .claim("s", ("A", "http://a"), 2_000, lease)
            .await
            .unwrap();
        assert_eq!(again.map(|f| f.epoch), Some(fences[1].epoch + 1));

        let batch: Vec<Append> = fences.iter().map(|f| append(f, 1, 3)).collect();
        let sql = db.fenced_event_insert();
        let results = write_batch(db.pool(), sql, db.metrics(), &batch)
            .await
            .unwrap();
        assert!(matches!(results[0], Ok(None)), "{:?}", results[0]);
        assert!(
            matches!(&results[1], Err(Error::RoomMoved { code }) if code == "s"),
            "{:?}",
            results[1]
        );
        assert!(matches!(results[2], Ok(None)), "{:?}", results[2]);
        assert_eq!(stored(&db, "r").await, ["3"]);
        assert_eq!(stored(&db, "s").await, Vec::<String>::new());
        assert_eq!(stored(&db, "t").await, ["3"]);
    }

    #[tokio::test]
    async fn a_batch_that_fails_is_stored_event_by_event() {
        let dir = tempfile::tempdir().unwrap();
        let (db, fences) = three_rooms(&dir).await;
        let sql = db.fenced_event_insert();
        let first = [append(&fences[0], 1, 3)];
        write_batch(db.pool(), sql, db.metrics(), &first)
            .await
            .unwrap();

        // Room r's event 1 again (its key taken: the statement fails and
        // with it the batch's transaction), with t's and s's first.
        let mut answers = Vec::new();
        let mut waiting = Vec::new();
        for (fence, house) in [(&fences[2], 4), (&fences[0], 5), (&fences[1], 6)] {
            let (done, answer) = oneshot::channel();
            answers.push(answer);
            let append = append(fence, 1, house);
            waiting.push(Waiting { append, done });
        }
        store_all(db.pool(), sql, db.metrics(), waiting).await;
        let mut results = Vec::new();
        for answer in answers {
            results.push(answer.await.unwrap());
        }
        assert!(matches!(results[0], Ok(None)), "{:?}", results[0]);
        assert!(
            matches!(results[1], Err(Error::Database(_))),
            "{:?}",
            results[1]
        );
        assert!(matches!(results[2], Ok(None)), "{:?}", results[2]);
        assert_eq!(stored(&db, "r").await, ["3"]);
        assert_eq!(stored(&db, "s").await, ["6"]);
        assert_eq!(stored(&db, "t").await, ["4"]);
    }

    #[tokio::test]
    async fn events_sent_at_once_share_commits_and_each_is_answered() {
        let dir = tempfile::tempdir().unwrap();
        let url = crate::db::owners::tests::fresh(&dir).await;
        let db = Db::open_with(&url, 256, 0).await.unwrap();
        db.create_player("p", "p", "-").await.unwrap();
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        let players = ["p".to_string(), "p".to_string()];
        // 40 rooms, 5 moves each, every room's next move sent as soon as
        // its last is answered.
        let mut rooms = tokio::task::JoinSet::new();
        for i in 0..40 {
            let code = format!("room{i}");
            db.create_room(&code, "p", &setup, false, None)
                .await
                .unwrap();
            let lease = Duration::from_secs(60);
            let claim = db.claim(&code, ("A", "http://a"), 1_000, lease);
            let fence = claim.await.unwrap().unwrap();
            let game = format!("g{code}");
            (db.start_game(&game, &fence, "kalah", &[], &players))
                .await
                .unwrap();
            let db = db.clone();
            rooms.spawn(async move {
                for seq in 1..=5 {
                    let event = Event::Move(Move::House(1));
                    db.append_event(&fence, &game, seq, event, None, None, None)
                        .await
                        .unwrap();
                }
                db.events(&game).await.unwrap().len()
            });
        }
        while let Some(stored) = rooms.join_next().await {
            assert_eq!(stored.unwrap(), 5);
        }
        assert_eq!(db.metrics().moves.get(), 200);
        let text = db.metrics().render();
        let count = |name: &str| -> f64 {
            text.lines()
                .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {text}"))
        };
        // Every event in some batch, fewer transactions than events.
        assert_eq!(count("mancala_commit_batch_events_sum "), 200.0);
        let batches = count("mancala_commit_batch_events_count ");
        assert!(batches < 200.0, "{batches} batches");
    }
}
