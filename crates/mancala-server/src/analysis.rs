//! The analysis queue: every finished game reviewed by the engine
//! ([`mancala_ai::review_match`]: a game, or every round of a match of
//! rounds, each under its own rules) in the background, never on a
//! game's critical path.
//!
//! - A job is queued (table `analysis_jobs`) in the transaction of the
//!   event that ends the game, so no finished game is missed.
//! - Each worker (a tokio task, [`spawn_workers`]) takes the oldest queued
//!   job in a transaction, reviews the game on a thread of its own at the
//!   lowest priority (nice 19, set with `setpriority` on that thread
//!   alone, so the rooms' threads keep theirs), and writes every move's
//!   review (with its round: 1 for a game without rounds) and the job's
//!   `done` in one transaction.
//! - A review's CPU is bounded by a duty cycle ([`DutyCycle`]): after
//!   each position its thread sleeps so that it has worked at most
//!   `--analysis-cpu` percent of the time since the job began. The
//!   priority alone did not keep the rooms' round trip (docs/results.md
//!   section 8.2): the two threads still share the caches and the
//!   machine.
//! - And a review waits while the rest of the server is busy (its
//!   [`Pace`]): while the rest of the process uses more than
//!   `--analysis-pause-above` percent of the machine's CPU, the review
//!   looks again every quarter of a second instead of going on.
//! - A job found `running` when the server starts is queued again if a
//!   process that died had taken it: a former process of the instance's
//!   name, or any whose worker has not renewed its heartbeat for a lease
//!   ([`requeue_running`]); a job another live instance runs stays its
//!   own. While the server runs, it sweeps every third of the lease for
//!   jobs whose heartbeat is a lease old ([`requeue_orphans`]): an
//!   instance killed mid-review leaves its job to the others at once.
//! - The budget is a node count and a depth ([`ReviewBudget`]), so the
//!   server's verdicts equal `mancala analyse --game` with the same
//!   `--budget`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use std::sync::Arc;

use mancala_ai::{Egdb, MoveReview, ReviewBudget, RoundReview, Verdict, review_match_with};
use mancala_core::{Event, Match, Rounds, RuleSet};
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Db;
use crate::error::Error;

mod pace;

use pace::Pace;

/// How long an idle worker waits before it looks for a job again.
const IDLE_POLL: Duration = Duration::from_millis(500);

/// The nice value of the threads that review games: the lowest priority.
#[cfg(target_os = "linux")]
const REVIEW_NICE: i32 = 19;

/// The duty cycle of a review thread: working at most `percent` of the
/// time (wall-clock time, so that a thread the scheduler holds back also
/// rests longer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DutyCycle {
    percent: u32,
}

impl DutyCycle {
    /// A duty cycle of `percent`, read as 1 to 100.
    pub(crate) fn new(percent: u8) -> DutyCycle {
        DutyCycle {
            percent: u32::from(percent.clamp(1, 100)),
        }
    }

    /// How long to rest after working `worked`, so that the work is
    /// `percent` of the work and the rest together.
    pub(crate) fn rest_after(self, worked: Duration) -> Duration {
        worked * (100 - self.percent) / self.percent
    }
}

/// What `GET /api/games/{id}/analysis` answers (docs/protocol.md).
#[derive(Debug, Serialize)]
pub(crate) struct AnalysisView {
    pub game: String,
    pub status: &'static str,
    /// The game's moves reviewed; of a match of rounds, its first
    /// round's (`rounds` has every round's).
    pub moves: Vec<MoveReview>,
    /// Of a match of rounds, every round reviewed, as `mancala analyse
    /// --game FILE --json` gives them (empty until `done`); left out for
    /// rules without rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<RoundReview>>,
}

/// Milliseconds since 1970, which orders the queue.
fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Queues the review of game `id`, inside the transaction that ends it.
pub(crate) async fn enqueue(tx: &mut AnyConnection, id: &str) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO analysis_jobs (game, status, queued, attempts) VALUES ($1, 'queued', $2, 0)",
    )
    .bind(id)
    .bind(now_millis())
    .execute(tx)
    .await?;
    Ok(())
}

/// Who takes jobs: the instance's name (`--instance`) and how long a
/// running job's heartbeat holds (`--lease`; renewed every third of it).
#[derive(Clone, Debug)]
pub(crate) struct Claimant {
    /// The instance's name.
    pub instance: Arc<str>,
    /// How long a heartbeat holds.
    pub lease: Duration,
}

/// `d` in whole milliseconds.
fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Queues again, at time `now` (milliseconds since 1970), the running
/// jobs a dead process had taken: those `claimant`'s name took (a
/// former process of this instance, which is starting), those whose
/// heartbeat is a lease old or older (their worker's instance is gone),
/// and those taken before migration 0014 (no name). A job another
/// instance's live worker runs is left to it. Returns how many were
/// queued again.
///
/// # Errors
///
/// [`Error::Database`].
pub(crate) async fn requeue_running(db: &Db, claimant: &Claimant, now: i64) -> Result<u64, Error> {
    let done = sqlx::query(
        "UPDATE analysis_jobs SET status = 'queued' WHERE status = 'running'          AND (instance IS NULL OR heartbeat IS NULL OR instance = $1 OR heartbeat <= $2)",
    )
    .bind(&*claimant.instance)
    .bind(now.saturating_sub(millis(claimant.lease)))
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected())
}

/// Queues again, at time `now` (milliseconds since 1970), the running
/// jobs whose worker has not renewed its heartbeat for a lease or more:
/// their instance died (or cannot reach the database), whichever it
/// was. Every live instance does this every third of the lease
/// ([`spawn_sweep`]), so that a review an instance took to its death is
/// done by the others without waiting for an instance to start. A job
/// whose worker lives renews its heartbeat every third of the lease and
/// is left to it. Returns how many were queued again.
///
/// # Errors
///
/// [`Error::Database`].
pub(crate) async fn requeue_orphans(db: &Db, lease: Duration, now: i64) -> Result<u64, Error> {
    let done = sqlx::query(
        "UPDATE analysis_jobs SET status = 'queued' \
         WHERE status = 'running' AND heartbeat IS NOT NULL AND heartbeat <= $1",
    )
    .bind(now.saturating_sub(millis(lease)))
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected())
}

/// Starts the sweep of this instance: every third of `claimant`'s lease,
/// the running jobs of instances gone are queued again
/// ([`requeue_orphans`]), for any instance's workers to take.
pub(crate) fn spawn_sweep(db: &Db, claimant: &Claimant) {
    let (db, lease) = (db.clone(), claimant.lease);
    let every = (lease / 3).max(Duration::from_millis(10));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let sweep = requeue_orphans(&db, lease, now_millis());
            match tokio::time::timeout(lease, sweep).await {
                Ok(Ok(0)) => {}
                Ok(Ok(jobs)) => {
                    tracing::info!(jobs, "reviews of an instance gone queued again");
                }
                Ok(Err(error)) => tracing::warn!(%error, "sweeping the reviews failed"),
                Err(_) => tracing::warn!(limit = ?lease, "sweeping the reviews took too long"),
            }
        }
    });
}

/// Says at time `now` that `claimant`'s worker still runs job `id`.
async fn heartbeat(db: &Db, id: &str, claimant: &Claimant, now: i64) -> Result<(), Error> {
    sqlx::query(
        "UPDATE analysis_jobs SET heartbeat = $1          WHERE game = $2 AND status = 'running' AND instance = $3",
    )
    .bind(now)
    .bind(id)
    .bind(&*claimant.instance)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// How many jobs are `queued` and how many `running` in the database:
/// the whole queue, whichever instance's game queued a job and whichever
/// instance's worker runs it. One indexed count (`analysis_jobs_by_status`)
/// per scrape of `/metrics`.
///
/// # Errors
///
/// [`Error::Database`].
pub(crate) async fn backlog(db: &Db) -> Result<(i64, i64), Error> {
    let rows = sqlx::query(
        "SELECT status, COUNT(*) FROM analysis_jobs \
         WHERE status IN ('queued', 'running') GROUP BY status",
    )
    .fetch_all(db.pool())
    .await?;
    let mut counts = (0, 0);
    for row in rows {
        let status: String = row.get(0);
        let n: i64 = row.get(1);
        match status.as_str() {
            "queued" => counts.0 = n,
            _ => counts.1 = n,
        }
    }
    Ok(counts)
}

/// Takes the oldest queued job: its game id, or `None` when none is
/// queued, for `claimant` at time `now` (its first heartbeat). Two
/// workers never take the same job: the update only takes a row still
/// queued.
async fn claim(db: &Db, claimant: &Claimant, now: i64) -> Result<Option<String>, Error> {
    let mut tx = db.pool().begin().await?;
    let Some(row) = sqlx::query(
        "SELECT game FROM analysis_jobs WHERE status = 'queued' ORDER BY queued, game LIMIT 1",
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(None);
    };
    let game: String = row.get(0);
    let taken = sqlx::query(
        "UPDATE analysis_jobs SET status = 'running', attempts = attempts + 1, \
         instance = $2, heartbeat = $3 WHERE game = $1 AND status = 'queued'",
    )
    .bind(&game)
    .bind(&*claimant.instance)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((taken.rows_affected() == 1).then_some(game))
}

/// The stored game `id` as a [`Match`] (every round of it; one game for
/// rules without rounds), whether it is over, or `None` for no such game.
pub(crate) async fn stored_match(db: &Db, id: &str) -> Result<Option<(Match, bool)>, Error> {
    let Some(row) = sqlx::query("SELECT rules, CAST(over AS INTEGER) FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?
    else {
        return Ok(None);
    };
    let rules: String = row.get(0);
    let over: i64 = row.get(1);
    let events: Vec<Event> = db.events(id).await?.into_iter().map(|(e, _)| e).collect();
    let decode = |e: String| Error::Database(sqlx::Error::Decode(e.into()));
    let rule_set = RuleSet::from_spec(&rules).map_err(|e| decode(e.to_string()))?;
    let game = Match::from_events(&rule_set, &events).map_err(|e| decode(e.to_string()))?;
    Ok(Some((game, over != 0)))
}

/// The analysis of game `id`, `None` for no such game.
pub(crate) async fn view(db: &Db, id: &str) -> Result<Option<AnalysisView>, Error> {
    let Some(row) = sqlx::query(
        "SELECT CAST(g.over AS INTEGER), j.status, g.rules FROM games g \
         LEFT JOIN analysis_jobs j ON j.game = g.id WHERE g.id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?
    else {
        return Ok(None);
    };
    let over: i64 = row.get(0);
    let status: Option<String> = row.get(1);
    let rules: String = row.get(2);
    // A match of rounds (docs/rules.md section 8a) answers every round.
    let in_rounds = RuleSet::from_spec(&rules).is_ok_and(|set| set.rounds != Rounds::None);
    let status = match status.as_deref() {
        _ if over == 0 => "waiting",
        Some("running") => "running",
        Some("done") => "done",
        Some("failed") => "failed",
        _ => "queued",
    };
    let stored = if status == "done" {
        stored_moves(db, id).await?
    } else {
        Vec::new()
    };
    if !in_rounds {
        return Ok(Some(AnalysisView {
            game: id.to_string(),
            status,
            moves: stored.into_iter().map(|(_, m)| m).collect(),
            rounds: None,
        }));
    }
    // Every round of the match, a round without a move too (one ended by
    // a resignation before its first move), as `review_match` gives them.
    let count = match (status, stored_match(db, id).await?) {
        ("done", Some((game, _))) => game.round_count(),
        _ => 0,
    };
    let mut rounds: Vec<RoundReview> = (1..=count)
        .map(|round| RoundReview {
            round,
            moves: Vec::new(),
        })
        .collect();
    for (round, review) in stored {
        if let Some(r) = round.checked_sub(1).and_then(|i| rounds.get_mut(i)) {
            r.moves.push(review);
        }
    }
    Ok(Some(AnalysisView {
        game: id.to_string(),
        status,
        moves: rounds.first().map(|r| r.moves.clone()).unwrap_or_default(),
        rounds: Some(rounds),
    }))
}

/// Every stored move review of game `id` with its round, in the order
/// played.
async fn stored_moves(db: &Db, id: &str) -> Result<Vec<(usize, MoveReview)>, Error> {
    let rows = sqlx::query(
        "SELECT ply, side, played, value_before, value_after, best_move, loss, verdict, \
         CAST(exact AS INTEGER), round FROM analysis_moves WHERE game = $1 ORDER BY round, ply",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?;
    let decode = |e: String| Error::Database(sqlx::Error::Decode(e.into()));
    rows.iter()
        .map(|r| {
            let side = usize::try_from(r.get::<i64, _>(1))
                .ok()
                .and_then(mancala_core::Side::try_new)
                .ok_or_else(|| decode("a side out of range".to_string()))?;
            let round = usize::try_from(r.get::<i64, _>(9)).unwrap_or(0);
            let review = MoveReview {
                ply: usize::try_from(r.get::<i64, _>(0)).unwrap_or(0),
                side,
                mv: r
                    .get::<String, _>(2)
                    .parse()
                    .map_err(|e| decode(format!("{e}")))?,
                before: r.get(3),
                after: r.get(4),
                best: r
                    .get::<String, _>(5)
                    .parse()
                    .map_err(|e| decode(format!("{e}")))?,
                loss: r.get(6),
                verdict: r
                    .get::<String, _>(7)
                    .parse::<Verdict>()
                    .map_err(|e| decode(e.to_string()))?,
                exact: r.get::<i64, _>(8) != 0,
            };
            Ok((round, review))
        })
        .collect()
}

/// Writes the review of game `id`, every round's, and marks its job done,
/// in one transaction.
async fn store(db: &Db, id: &str, rounds: &[RoundReview]) -> Result<(), Error> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("DELETE FROM analysis_moves WHERE game = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let moves: Vec<(usize, &MoveReview)> = rounds
        .iter()
        .flat_map(|r| r.moves.iter().map(move |m| (r.round, m)))
        .collect();
    for (round, m) in moves {
        sqlx::query(
            "INSERT INTO analysis_moves (game, round, ply, side, played, value_before, \
             value_after, best_move, loss, verdict, exact) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(id)
        .bind(round as i64)
        .bind(m.ply as i64)
        .bind(m.side.index() as i64)
        .bind(m.mv.to_string())
        .bind(m.before)
        .bind(m.after)
        .bind(m.best.to_string())
        .bind(m.loss)
        .bind(m.verdict.name())
        .bind(m.exact)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("UPDATE analysis_jobs SET status = 'done', error = NULL WHERE game = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

async fn fail(db: &Db, id: &str, error: &str) -> Result<(), Error> {
    sqlx::query("UPDATE analysis_jobs SET status = 'failed', error = $1 WHERE game = $2")
        .bind(error)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Starts `workers` workers reviewing games within `budget` (none for 0)
/// at `cpu` percent of their time, waiting while the rest of the server
/// uses more than `pause_above` percent of the machine, with the endgame
/// `database` for the games whose rules it fits; jobs are taken as
/// `claimant`.
pub(crate) fn spawn_workers(
    db: &Db,
    claimant: &Claimant,
    workers: usize,
    budget: ReviewBudget,
    (cpu, pause_above): (u8, u8),
    database: Option<Arc<Egdb>>,
) {
    let pace = Pace::new(cpu, pause_above);
    for _ in 0..workers {
        let db = db.clone();
        let database = database.clone();
        let claimant = claimant.clone();
        tokio::spawn(async move {
            loop {
                match work_once(&db, &claimant, budget, pace, database.clone()).await {
                    Ok(true) => {}
                    // Nothing queued, or the database failed for now.
                    Ok(false) | Err(_) => tokio::time::sleep(IDLE_POLL).await,
                }
            }
        });
    }
}

/// Takes one job and does it; `false` when none was queued.
async fn work_once(
    db: &Db,
    claimant: &Claimant,
    budget: ReviewBudget,
    pace: Pace,
    database: Option<Arc<Egdb>>,
) -> Result<bool, Error> {
    let Some(id) = claim(db, claimant, now_millis()).await? else {
        return Ok(false);
    };
    let game = match stored_match(db, &id).await {
        Ok(Some((game, _))) => game,
        Ok(None) => {
            fail(db, &id, "no such game").await?;
            return Ok(true);
        }
        Err(e) => {
            fail(db, &id, &e.to_string()).await?;
            return Ok(true);
        }
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    // A thread of its own rather than the runtime's blocking pool, whose
    // threads also run the computer players' searches and would keep
    // the low priority.
    let spawned = std::thread::Builder::new()
        .name("analysis".to_string())
        .spawn(move || {
            lower_priority();
            let _ = tx.send(review_match_with(&game, &budget, database, pace.between()));
        });
    if spawned.is_err() {
        // No thread now: queue the job again for later.
        requeue(db, &id).await?;
        return Ok(false);
    }
    // The heartbeat, every third of the lease while the review runs: an
    // instance starting leaves the job to this one.
    let every = (claimant.lease / 3).max(Duration::from_millis(10));
    let mut beats = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    beats.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut rx = std::pin::pin!(rx);
    let reviewed = loop {
        tokio::select! {
            reviewed = &mut rx => break reviewed,
            _ = beats.tick() => {
                // A heartbeat missed (the database failing) is tried again
                // at the next.
                let _ = heartbeat(db, &id, claimant, now_millis()).await;
            }
        }
    };
    match reviewed {
        Ok(rounds) => store(db, &id, &rounds).await?,
        Err(_) => fail(db, &id, "the review panicked").await?,
    }
    Ok(true)
}

async fn requeue(db: &Db, id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE analysis_jobs SET status = 'queued' WHERE game = $1")
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Gives the calling thread (alone: Linux keeps a nice value per thread)
/// the lowest priority, so reviews take only the CPU nobody else wants.
/// A failure leaves the priority as it was, which is harmless.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), REVIEW_NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duty_cycle_rests_for_the_share_it_does_not_work() {
        let worked = Duration::from_millis(120);
        // 25 %: 120 ms of work, 360 ms of rest.
        assert_eq!(
            DutyCycle::new(25).rest_after(worked),
            Duration::from_millis(360)
        );
        assert_eq!(DutyCycle::new(50).rest_after(worked), worked);
        assert_eq!(DutyCycle::new(100).rest_after(worked), Duration::ZERO);
        // 0 is read as 1 %, and 1 % rests 99 times the work.
        assert_eq!(DutyCycle::new(0), DutyCycle::new(1));
        assert_eq!(DutyCycle::new(1).rest_after(worked), worked * 99);
        assert_eq!(DutyCycle::new(200), DutyCycle::new(100));
    }

    /// The status of game `id`'s job and the instance that took it.
    async fn job(db: &Db, id: &str) -> (String, Option<String>) {
        sqlx::query_as("SELECT status, instance FROM analysis_jobs WHERE game = $1")
            .bind(id)
            .fetch_one(db.pool())
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_start_queues_again_only_the_reviews_of_processes_that_died() {
        let dir = tempfile::tempdir().unwrap();
        let url = crate::db::fresh(&dir).await;
        let db = Db::open(&url).await.unwrap();
        for id in ["p", "q"] {
            db.create_player(id, id, "-").await.unwrap();
        }
        let setup = crate::setup::RoomSetup::choose(Some("kalah"), None, None).unwrap();
        db.create_room("r", "p", &setup, false, None).await.unwrap();
        let lease = Duration::from_secs(6);
        let fence = db
            .claim("r", ("A", "http://a"), 0, lease)
            .await
            .unwrap()
            .unwrap();
        db.sit(&fence, 0, "p").await.unwrap();
        db.sit(&fence, 1, "q").await.unwrap();
        let players = ["p".to_string(), "q".to_string()];
        for game in ["g", "h"] {
            db.start_game(game, &fence, "kalah", &[], &players)
                .await
                .unwrap();
            let mut connection = db.pool().acquire().await.unwrap();
            enqueue(&mut connection, game).await.unwrap();
        }
        let a = Claimant {
            instance: Arc::from("A"),
            lease,
        };
        let b = Claimant {
            instance: Arc::from("B"),
            lease,
        };
        let t = 1_000_000;

        // A takes both jobs at t; B starting at t + 1 s leaves them to A.
        assert_eq!(claim(&db, &a, t).await.unwrap().as_deref(), Some("g"));
        assert_eq!(claim(&db, &a, t).await.unwrap().as_deref(), Some("h"));
        assert_eq!(claim(&db, &b, t).await.unwrap(), None);
        assert_eq!(requeue_running(&db, &b, t + 1_000).await.unwrap(), 0);
        let running_on_a = ("running".to_string(), Some("A".to_string()));
        assert_eq!(job(&db, "g").await, running_on_a);

        // A's worker says at t + 4 s that it still reviews g, not h: at
        // t + 6 s (a lease after h's last heartbeat) h is queued again,
        // g only at t + 10 s.
        heartbeat(&db, "g", &a, t + 4_000).await.unwrap();
        // Another instance's heartbeat for a job it did not take is none.
        heartbeat(&db, "h", &b, t + 4_000).await.unwrap();
        assert_eq!(requeue_running(&db, &b, t + 5_999).await.unwrap(), 0);
        assert_eq!(requeue_running(&db, &b, t + 6_000).await.unwrap(), 1);
        assert_eq!(job(&db, "h").await.0, "queued");
        assert_eq!(job(&db, "g").await, running_on_a);
        assert_eq!(requeue_running(&db, &b, t + 9_999).await.unwrap(), 0);
        assert_eq!(requeue_running(&db, &b, t + 10_000).await.unwrap(), 1);
        assert_eq!(job(&db, "g").await.0, "queued");

        // B takes g; B started again at once (same name) queues it again:
        // its former process died.
        assert_eq!(
            claim(&db, &b, t + 10_000).await.unwrap().as_deref(),
            Some("g")
        );
        assert_eq!(requeue_running(&db, &a, t + 10_001).await.unwrap(), 0);
        assert_eq!(requeue_running(&db, &b, t + 10_001).await.unwrap(), 1);
        assert_eq!(job(&db, "g").await.0, "queued");

        // B takes g again, A h. A dies: a lease after h's last
        // heartbeat, and not before, the sweep of a live instance queues
        // h again, and leaves g, whose worker beat since; g too once its
        // heartbeat is a lease old.
        assert_eq!(
            claim(&db, &b, t + 10_000).await.unwrap().as_deref(),
            Some("g")
        );
        assert_eq!(
            claim(&db, &a, t + 11_000).await.unwrap().as_deref(),
            Some("h")
        );
        heartbeat(&db, "g", &b, t + 14_000).await.unwrap();
        assert_eq!(requeue_orphans(&db, lease, t + 16_999).await.unwrap(), 0);
        assert_eq!(requeue_orphans(&db, lease, t + 17_000).await.unwrap(), 1);
        assert_eq!(job(&db, "h").await.0, "queued");
        let running_on_b = ("running".to_string(), Some("B".to_string()));
        assert_eq!(job(&db, "g").await, running_on_b);
        assert_eq!(requeue_orphans(&db, lease, t + 19_999).await.unwrap(), 0);
        assert_eq!(requeue_orphans(&db, lease, t + 20_000).await.unwrap(), 1);
        assert_eq!(job(&db, "g").await.0, "queued");

        // A job taken before migration 0014 names no instance: queued
        // again by any start, as before.
        sqlx::query(
            "UPDATE analysis_jobs SET status = 'running', instance = NULL, heartbeat = NULL",
        )
        .execute(db.pool())
        .await
        .unwrap();
        assert_eq!(requeue_running(&db, &b, t).await.unwrap(), 2);
    }
}
