//! The owner of the queue of "Play now" for several instances on one
//! database (docs/scaling.md): the one row of `queue_owner`, leased as
//! a room's owner is, by the same SQL ([`super::lease`]). The owner runs the
//! matchmaker; the others pass `/ws/queue` on to it.

use std::collections::HashMap;
use std::time::Duration;

use super::Db;
use super::lease::QUEUE as LEASED;
use crate::error::Error;

/// The key of the queue's row.
const QUEUE: &str = "play-now";

impl Db {
    /// Claims the queue for `instance`, reachable at `addr`, at time
    /// `now` (milliseconds since 1970) for `lease`: only if no instance
    /// holds it, its lease ended, or `instance` itself holds it. Each
    /// claim raises the queue's epoch by one and forgets the counts of
    /// the players who waited. Returns the claim's epoch, or `None` if
    /// another instance holds a live lease on the queue.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn claim_queue(
        &self,
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
    ) -> Result<Option<i64>, Error> {
        // Nobody counted as waiting yet.
        let nobody = "{}".to_string();
        self.claim_lease(LEASED, QUEUE, (instance, addr), (now, lease), nobody)
            .await
    }

    /// Renews until `now + lease` the claim of the queue by `instance`
    /// at `epoch`, storing how many players wait by game (`waiting`);
    /// returns whether the claim still held (else another instance took
    /// the queue over, or it was given up).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn renew_queue(
        &self,
        (instance, epoch): (&str, i64),
        now: i64,
        lease: Duration,
        waiting: &HashMap<String, usize>,
    ) -> Result<bool, Error> {
        let waiting = serde_json::to_string(waiting).unwrap_or_else(|_| "{}".to_string());
        let only = Some((QUEUE, epoch));
        let renewed = self
            .renew_leases(LEASED, (instance, only), (now, lease), waiting)
            .await?;
        Ok(!renewed.is_empty())
    }

    /// The URL of the instance other than `instance` that holds a live
    /// lease on the queue at time `now`, if one does.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn queue_owner_elsewhere(
        &self,
        instance: &str,
        now: i64,
    ) -> Result<Option<String>, Error> {
        self.lease_elsewhere(LEASED, QUEUE, instance, now).await
    }

    /// How many players wait by game, as the queue's owner stored them
    /// at its last renewal; nobody while no lease is live at `now`.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn queue_waiting(&self, now: i64) -> Result<HashMap<String, usize>, Error> {
        let waiting: Option<String> = sqlx::query_scalar(
            "SELECT waiting FROM queue_owner WHERE name = $1 AND instance <> '' \
             AND expires_at > $2",
        )
        .bind(QUEUE)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(waiting
            .and_then(|w| serde_json::from_str(&w).ok())
            .unwrap_or_default())
    }

    /// Gives the queue up if `instance` holds it: any instance may claim
    /// it at once (its epoch stays, to grow on; the counts it stored are
    /// read by nobody, and the next claim empties them).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn release_queue(&self, instance: &str) -> Result<(), Error> {
        self.give_up_leases(LEASED, instance, Some(QUEUE)).await?;
        Ok(())
    }
}

/// Checks inside transaction `tx` that the queue is still at `epoch`
/// (no other claim came since), and keeps it so to the end of `tx`: a
/// write of the queue's row (a row lock on PostgreSQL, which a rival
/// claim waits for; the write lock on SQLite).
///
/// # Errors
///
/// [`Error::RoomMoved`] (code `queue`) if another claim came since;
/// [`Error::Database`].
pub(super) async fn check_queue(tx: &mut sqlx::AnyConnection, epoch: i64) -> Result<(), Error> {
    let done = sqlx::query("UPDATE queue_owner SET epoch = epoch WHERE name = $1 AND epoch = $2")
        .bind(QUEUE)
        .bind(epoch)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(Error::RoomMoved {
            code: "queue".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::owners::tests::fresh;

    const LEASE: Duration = Duration::from_secs(6);

    #[tokio::test]
    async fn the_queue_has_one_owner_until_its_lease_ends_or_it_gives_it_up() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        let a = Db::open(&url).await.unwrap();
        let b = Db::open(&url).await.unwrap();
        let t = 1_000_000;
        assert_eq!(b.queue_owner_elsewhere("B", t).await.unwrap(), None);

        // A claims the queue; B cannot while A's lease holds, and is
        // sent to A; A again can (a restart), at a new epoch.
        let first = a.claim_queue(("A", "http://a"), t, LEASE).await.unwrap();
        assert_eq!(first, Some(1));
        let refused = b.claim_queue(("B", "http://b"), t + 5_999, LEASE);
        assert_eq!(refused.await.unwrap(), None);
        let elsewhere = b.queue_owner_elsewhere("B", t + 5_999).await.unwrap();
        assert_eq!(elsewhere.as_deref(), Some("http://a"));
        assert_eq!(a.queue_owner_elsewhere("A", t).await.unwrap(), None);
        let again = a.claim_queue(("A", "http://a"), t + 1_000, LEASE).await;
        assert_eq!(again.unwrap(), Some(2));

        // A renews at t + 3 s with 2 waiting for Kalah: B reads them,
        // and cannot claim before t + 9 s. The first claim renews no
        // more.
        let waiting = HashMap::from([("kalah".to_string(), 2)]);
        assert!(
            !a.renew_queue(("A", 1), t + 3_000, LEASE, &waiting)
                .await
                .unwrap()
        );
        assert!(
            a.renew_queue(("A", 2), t + 3_000, LEASE, &waiting)
                .await
                .unwrap()
        );
        assert_eq!(b.queue_waiting(t + 8_999).await.unwrap(), waiting);
        let refused = b.claim_queue(("B", "http://b"), t + 8_999, LEASE);
        assert_eq!(refused.await.unwrap(), None);

        // A stops renewing: nobody waits past its lease, and B takes the
        // queue over; A's claim renews no more.
        assert_eq!(b.queue_waiting(t + 9_000).await.unwrap(), HashMap::new());
        let taken = b.claim_queue(("B", "http://b"), t + 9_000, LEASE).await;
        assert_eq!(taken.unwrap(), Some(3));
        let none = HashMap::new();
        assert!(
            !a.renew_queue(("A", 2), t + 9_001, LEASE, &none)
                .await
                .unwrap()
        );
        let elsewhere = a.queue_owner_elsewhere("A", t + 9_001).await.unwrap();
        assert_eq!(elsewhere.as_deref(), Some("http://b"));

        // B gives it up (A's release of it does nothing): A claims it at
        // once.
        a.release_queue("A").await.unwrap();
        assert_eq!(
            a.claim_queue(("A", "http://a"), t + 9_002, LEASE)
                .await
                .unwrap(),
            None
        );
        b.release_queue("B").await.unwrap();
        assert_eq!(a.queue_owner_elsewhere("A", t + 9_002).await.unwrap(), None);
        let again = a.claim_queue(("A", "http://a"), t + 9_002, LEASE).await;
        assert_eq!(again.unwrap(), Some(4));
    }

    #[tokio::test]
    async fn a_former_owner_of_the_queue_opens_no_room() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        let a = Db::open(&url).await.unwrap();
        let b = Db::open(&url).await.unwrap();
        let seated = ["p".to_string(), "q".to_string()];
        for id in &seated {
            a.create_player(id, id, "-").await.unwrap();
        }
        let setup = crate::setup::RoomSetup::choose(Some("kalah"), None, None).unwrap();
        let t = 1_000_000;
        let first = a.claim_queue(("A", "http://a"), t, LEASE).await.unwrap();
        assert_eq!(first, Some(1));
        a.create_matched_room("r1", &setup, false, None, &seated, 1)
            .await
            .unwrap();

        // A stops past its lease; B takes the queue over (epoch 2). A,
        // running again before a renewal tells it, seats nobody: its
        // room is refused and nothing of it stored. B's is stored.
        let taken = b.claim_queue(("B", "http://b"), t + 6_000, LEASE).await;
        assert_eq!(taken.unwrap(), Some(2));
        let refused = a
            .create_matched_room("r2", &setup, false, None, &seated, 1)
            .await;
        assert!(
            matches!(refused, Err(Error::RoomMoved { ref code }) if code == "queue"),
            "{refused:?}"
        );
        assert!(b.room("r2").await.unwrap().is_none());
        b.create_matched_room("r3", &setup, false, None, &seated, 2)
            .await
            .unwrap();
        let rooms: Vec<String> =
            sqlx::query_scalar("SELECT room FROM room_seats WHERE player = 'p' ORDER BY room")
                .fetch_all(b.pool())
                .await
                .unwrap();
        assert_eq!(rooms, ["r1", "r3"]);
    }
}
