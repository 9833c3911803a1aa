//! Which instance runs the queue (docs/scaling.md): the one whose claim
//! of the queue's row in the database holds (see
//! [`Db::claim_queue`]). An instance asked for `/ws/queue` claims the
//! queue if nobody holds it, else passes the socket on to the owner; the
//! owner renews its lease every third of it, storing the counts of the
//! players who wait for the others, and, once the lease is lost, drops
//! its queue and closes its sockets, whose clients connect again and
//! reach the new owner. Every room the owner opens proves its claim's
//! epoch in the transaction that stores it (fencing, as a room's
//! writes): an owner that lost the queue while it was stopped, and has
//! not yet heard so from a renewal, seats nobody.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::sync::{Mutex, mpsc, oneshot};

use super::service::QueueCommand;
use crate::db::{Db, now_ms};
use crate::error::Error;
use crate::room::Settings;

/// This instance's claim of the queue.
#[derive(Clone, Copy, Debug)]
struct Held {
    /// The claim's epoch.
    epoch: i64,
    /// Until when the lease is known to hold, in milliseconds since 1970.
    until: i64,
}

/// Where a `/ws/queue` socket is served.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Here: this instance holds the queue.
    Here,
    /// At the owner's advertised URL.
    Owner(String),
}

/// This instance's part in the queue's ownership (a cheap handle).
#[derive(Clone, Debug)]
pub(crate) struct Lease {
    db: Db,
    settings: Settings,
    held: Arc<Mutex<Option<Held>>>,
    /// The epoch of `held`'s claim, 0 for none: read by the queue's task
    /// without waiting for `held`'s lock (which a renewal holds while it
    /// asks that task for the counts).
    epoch: Arc<AtomicI64>,
}

impl Lease {
    /// Not holding the queue yet. Inside a tokio runtime, a claim once
    /// made is renewed from now on, until the queue's task (`tx`) ends.
    pub(crate) fn new(db: Db, settings: Settings, tx: &mpsc::Sender<QueueCommand>) -> Lease {
        let lease = Lease {
            db,
            settings,
            held: Arc::default(),
            epoch: Arc::default(),
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(lease.clone().renewals(tx.downgrade()));
        }
        lease
    }

    /// Where a socket of the queue is served: here if this instance
    /// holds the queue or can claim it now, else at its owner.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] (code `queue`) if the database fails or
    /// takes longer than the lease, or nobody holds the queue and this
    /// instance could not claim it (a claim came between): the client
    /// connects again.
    pub(crate) async fn route(&self) -> Result<Route, Error> {
        let patience = self.settings.lease;
        match tokio::time::timeout(patience, self.find()).await {
            Ok(Ok(Some(route))) => Ok(route),
            Ok(Ok(None)) => Err(moved()),
            Ok(Err(error)) => {
                tracing::warn!(%error, "finding the queue's owner failed");
                Err(moved())
            }
            Err(_) => {
                tracing::warn!(limit = ?patience, "finding the queue's owner took too long");
                Err(moved())
            }
        }
    }

    async fn find(&self) -> Result<Option<Route>, Error> {
        let mut held = self.held.lock().await;
        let now = now_ms();
        if held.is_some_and(|h| h.until > now) {
            return Ok(Some(Route::Here));
        }
        let me = (&*self.settings.instance, &*self.settings.advertise);
        let lease = self.settings.lease;
        if let Some(epoch) = self.db.claim_queue(me, now, lease).await? {
            tracing::info!(epoch, "the queue is this instance's");
            let until = now.saturating_add(millis(lease));
            *held = Some(Held { epoch, until });
            self.epoch.store(epoch, Ordering::SeqCst);
            return Ok(Some(Route::Here));
        }
        let owner = self.db.queue_owner_elsewhere(me.0, now).await?;
        Ok(owner.map(Route::Owner))
    }

    /// The epoch of this instance's claim of the queue, if it has one
    /// not known to be lost (its lease may have run out since the last
    /// renewal): what the queue's writes prove in the database
    /// ([`Db::create_matched_room`]), where an epoch since claimed by
    /// another instance is refused.
    pub(crate) fn epoch(&self) -> Option<i64> {
        Some(self.epoch.load(Ordering::SeqCst)).filter(|&e| e > 0)
    }

    /// Whether this instance holds the queue now.
    pub(crate) async fn holds(&self) -> bool {
        let now = now_ms();
        self.held.lock().await.is_some_and(|h| h.until > now)
    }

    /// Gives the queue up, if held (the server stops): another instance
    /// claims it at once. The queue's task is told to drop its queue.
    pub(crate) async fn release(&self, tx: &mpsc::Sender<QueueCommand>) {
        let mut held = self.held.lock().await;
        if held.take().is_some() {
            self.epoch.store(0, Ordering::SeqCst);
            let release = self.db.release_queue(&self.settings.instance);
            let _ = tokio::time::timeout(self.settings.lease, release).await;
            let _ = tx.send(QueueCommand::Lost).await;
        }
    }

    /// Renews the claim every third of the lease, with the counts of the
    /// players who wait, until the queue's task ends. A claim the
    /// renewal does not find (taken over, given up), or that runs out
    /// before the next renewal while renewals fail, is lost: the task
    /// drops its queue.
    async fn renewals(self, tx: mpsc::WeakSender<QueueCommand>) {
        let lease = self.settings.lease;
        let every = (lease / 3).max(Duration::from_millis(10));
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut waiting = std::collections::HashMap::new();
        loop {
            tick.tick().await;
            let Some(tx) = tx.upgrade() else { return };
            let mut held = self.held.lock().await;
            let Some(claim) = *held else { continue };
            // The counts as the task tells them now, or as last told if
            // it is busy (opening a room on a slow database, say): the
            // renewal waits for the task a third of the lease at most.
            let (reply, answer) = oneshot::channel();
            if tx.send(QueueCommand::Waiting { reply }).await.is_err() {
                return;
            }
            if let Ok(Ok(now)) = tokio::time::timeout(every, answer).await {
                waiting = now;
            }
            let began = now_ms();
            let me = (&*self.settings.instance, claim.epoch);
            let renewal = self.db.renew_queue(me, began, lease, &waiting);
            let lost = match tokio::time::timeout(lease, renewal).await {
                Ok(Ok(true)) => {
                    let until = began.saturating_add(millis(lease));
                    *held = Some(Held { until, ..claim });
                    false
                }
                Ok(Ok(false)) => true,
                Ok(Err(error)) => {
                    tracing::warn!(%error, "renewing the queue's lease failed");
                    claim.until <= now_ms().saturating_add(millis(every))
                }
                Err(_) => {
                    tracing::warn!(limit = ?lease, "renewing the queue's lease took too long");
                    claim.until <= now_ms().saturating_add(millis(every))
                }
            };
            if lost {
                tracing::warn!("queue lost: taken over, or its lease ran out");
                *held = None;
                self.epoch.store(0, Ordering::SeqCst);
                drop(held);
                let _ = tx.send(QueueCommand::Lost).await;
            }
        }
    }
}

/// The refusal of a queue socket this instance cannot serve now.
fn moved() -> Error {
    Error::RoomMoved {
        code: "queue".to_string(),
    }
}

/// `d` in whole milliseconds.
fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}
