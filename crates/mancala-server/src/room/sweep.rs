//! The takeover of a dead instance's rooms, spread over the live ones
//! (docs/scaling.md, Takeover). Every instance stores, with each renewal
//! of its rooms' leases, its row of `instance_counts` (its name, URL and
//! the lease's end): the list of live instances. Every third of the
//! lease, each instance reads that list ([`Peers`]) and, for every other
//! instance whose row runs out before the next look (it stopped
//! renewing: killed, stopped or cut off), the rooms it holds whose leases
//! run out too. Each such room goes to one live instance, the same
//! whichever instance decides: the highest of a hash of the room's code
//! and each candidate's name ([`chosen`], rendezvous hashing), the room's
//! holder left out. The instance chosen claims and loads the room as soon
//! as its lease has ended, before its clients are back; a client that
//! reaches another instance is passed on to the one chosen
//! (`http::take_over`). A room whose chosen instance dies too goes to
//! the next in the same order among the instances still live
//! ([`taker`]); one whose chosen instance lives is left to it, however
//! long its claim takes.
//!
//! Nothing here decides who owns a room: the claim does, atomically, as
//! for any load; a choice made on a stale list of instances costs a
//! wasted query or a second hop, never a second owner.

use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::sync::Mutex;

use super::{Registry, Rooms};
use crate::db::now_ms;

/// One instance as its row of `instance_counts` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Peer {
    /// Its name (`--instance`).
    pub name: String,
    /// Its URL (`--advertise`).
    pub addr: String,
    /// When its lease ends (milliseconds since 1970, by its clock).
    pub until: i64,
}

/// The instances as the last look found them.
pub(crate) type Peers = Arc<std::sync::RwLock<Vec<Peer>>>;

/// How long after a lease's end, by this instance's clock, a takeover
/// tries its claim: room for clocks a little apart.
pub(crate) const MARGIN: Duration = Duration::from_millis(100);

/// How many rooms the sweep claims and loads in one batch
/// ([`Rooms::load_batch`]): one set of queries, whatever the number, in
/// one turn among the loads. A room's load was six round trips; a
/// batch's is five for all its rooms, plus a fenced write of the away
/// clocks each (`BATCH_WRITES_AT_ONCE` at a time).
const BATCH: usize = 32;

/// How far back a look reaches: rooms whose lease ended longer ago than
/// this many leases are left to their clients (a room nobody came back
/// to since needs no load).
const LOOK_BACK: u32 = 3;

/// The instance among `candidates` that room `code` goes to: the one
/// whose SHA-256 of the code, a zero byte and its name is highest (its
/// first eight bytes), ties to the smaller name; `None` if there is no
/// candidate. Each instance computes the same choice from the same
/// list, and a candidate added or gone moves only the rooms it gains or
/// had.
///
/// ```ignore
/// let to = chosen("0123abcd", ["b", "c"].into_iter());
/// assert!(to == Some("b") || to == Some("c"));
/// ```
pub(crate) fn chosen<'a>(code: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let score = |name: &str| {
        let mut hash = Sha256::new();
        hash.update(code.as_bytes());
        hash.update([0]);
        hash.update(name.as_bytes());
        let digest = hash.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_be_bytes(first)
    };
    candidates
        .map(|name| (score(name), std::cmp::Reverse(name), name))
        .max()
        .map(|(_, _, name)| name)
}

/// The instance room `code`, held by `holder` (whose lease ended or ends
/// soon), goes to: chosen ([`chosen`]) among `me` and the `peers` live
/// at `at` (their lease ends after it), `holder` left out; with its URL
/// (`None` for `me`: this instance).
pub(crate) fn successor<'a>(
    code: &str,
    holder: &str,
    (me, peers): (&'a str, &'a [Peer]),
    at: i64,
) -> Option<(&'a str, Option<&'a str>)> {
    let live = (peers.iter())
        .filter(|p| p.until > at && p.name != me && p.name != holder)
        .map(|p| p.name.as_str());
    let mine = (me != holder).then_some(me);
    let name = chosen(code, live.chain(mine))?;
    let addr = (name != me).then(|| {
        (peers.iter())
            .find(|p| p.name == name)
            .map_or("", |p| p.addr.as_str())
    });
    Some((name, addr))
}

/// The instance that claims room `code`, held by `holder`, whose lease
/// ends (or ended) at `end`, as a look at `now` sees it: the
/// [`successor`] among the instances live at the lease's end, or, once
/// the lease has ended, among those live now. So a room whose chosen
/// instance is still live (its row renewed) is left to it however late
/// its claim (it is slow: it holds the clients that reconnect, and
/// loads a few rooms at a time), and goes to the next in the
/// rendezvous order only once that one's row has run out too (it died
/// as well). Before, a room not claimed a third of a lease after its
/// lease's end was claimed by any instance that saw it: the faster
/// survivor took the slower one's share, whose held clients were then
/// refused (docs/results.md section 8.5).
pub(crate) fn taker<'a>(
    code: &str,
    holder: &str,
    (me, peers): (&'a str, &'a [Peer]),
    end: i64,
    now: i64,
) -> Option<&'a str> {
    successor(code, holder, (me, peers), end.max(now)).map(|(name, _)| name)
}

/// The rooms whose claim by the sweep is under way here, and the
/// signal of each batch's end: a client of such a room waits for its
/// batch ([`Rooms::get`]) instead of loading the room alone.
#[derive(Clone, Debug, Default)]
pub(crate) struct Claiming {
    /// The rooms.
    rooms: Arc<std::sync::Mutex<HashSet<String>>>,
    /// Told each time a batch ends.
    done: Arc<tokio::sync::Notify>,
}

impl Claiming {
    /// Waits, for at most `limit`, until the sweep's claim of room
    /// `code` is not under way here (at once if it is not).
    pub(crate) async fn wait_for(&self, code: &str, limit: Duration) {
        let wait = async {
            loop {
                let done = self.done.notified();
                tokio::pin!(done);
                done.as_mut().enable();
                if !self
                    .rooms
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .contains(code)
                {
                    return;
                }
                done.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }
}

/// What the sweep holds of the rooms: not the rooms themselves, so that
/// it ends once they are dropped.
pub(super) struct Sweeper {
    /// The rooms, with the registry held weakly.
    rooms: Rooms,
    /// The registry, upgraded into `rooms` at each use.
    live: Weak<Mutex<std::collections::HashMap<String, super::Entry>>>,
    /// Rooms whose claim is under way here (the rooms' own, which
    /// [`Rooms::get`] waits on).
    claiming: Claiming,
}

impl Sweeper {
    /// A sweeper of `rooms`, which it holds only weakly.
    pub(super) fn new(rooms: &Rooms) -> Sweeper {
        let live = Arc::downgrade(&rooms.live);
        // A registry of its own, never used: `rooms()` puts the real one
        // back in for each use.
        let mut held = rooms.clone();
        held.live = Registry::default();
        Sweeper {
            rooms: held,
            live,
            claiming: rooms.sweeping.clone(),
        }
    }

    /// The rooms, if they are still there.
    fn rooms(&self) -> Option<Rooms> {
        let live = self.live.upgrade()?;
        let mut rooms = self.rooms.clone();
        rooms.live = live;
        Some(rooms)
    }

    /// Looks every third of the lease (see the module), until the rooms
    /// are dropped.
    pub(super) async fn run(self) {
        let settings = self.rooms.settings.clone();
        let every = (settings.lease / 3).max(Duration::from_millis(10));
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let this = Arc::new(self);
        loop {
            tick.tick().await;
            let Some(rooms) = this.rooms() else { return };
            drop(rooms);
            let look = Arc::clone(&this).look(every);
            if tokio::time::timeout(settings.lease, look).await.is_err() {
                tracing::warn!(limit = ?settings.lease, "looking for rooms to take over took too long");
            }
        }
    }

    /// One look: refreshes the list of instances, and starts the claim
    /// of each room this instance is to take over.
    async fn look(self: Arc<Self>, every: Duration) {
        let rooms = &self.rooms;
        let settings = &rooms.settings;
        let me: &str = &settings.instance;
        let now = now_ms();
        let lease = super::millis(settings.lease);
        let soon = now.saturating_add(super::millis(every));
        let since = now.saturating_sub(lease.saturating_mul(i64::from(LOOK_BACK)));
        let peers = match rooms.db.peers(since).await {
            Ok(peers) => peers,
            Err(error) => {
                tracing::warn!(%error, "reading the instances failed");
                return;
            }
        };
        let peers: Vec<Peer> = (peers.into_iter())
            .map(|(name, addr, until)| Peer { name, addr, until })
            .collect();
        *rooms.peers.write().unwrap_or_else(|e| e.into_inner()) = peers.clone();
        if rooms.draining.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        let gone = peers.iter().filter(|p| p.name != me && p.until <= soon);
        for holder in gone {
            let running_out = match rooms.db.rooms_running_out(&holder.name, soon).await {
                Ok(found) => found,
                Err(error) => {
                    tracing::warn!(%error, instance = %holder.name, "reading its rooms failed");
                    continue;
                }
            };
            let mine: Vec<(String, i64)> = (running_out.into_iter())
                .filter(|(_, end)| *end > since)
                .filter(|(code, end)| {
                    taker(code, &holder.name, (me, &peers), *end, now) == Some(me)
                })
                .collect();
            if !mine.is_empty() {
                tracing::info!(instance = %holder.name, rooms = mine.len(), "taking over rooms of an instance that stopped renewing");
                Arc::clone(&self).claim_batches(mine);
            }
        }
    }

    /// Claims and loads the rooms of `mine` (each with its lease's
    /// end, milliseconds since 1970) whose claim is not under way here
    /// already, [`BATCH`] at a time ([`Rooms::load_batch`]: one set of
    /// queries a batch), each batch once the leases of all its rooms
    /// have ended and a [`MARGIN`] (the rooms of one instance end
    /// together: its renewal extends them all at once).
    fn claim_batches(self: Arc<Self>, mine: Vec<(String, i64)>) {
        let mut mine: Vec<(String, i64)> = {
            let mut claiming = self
                .claiming
                .rooms
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            (mine.into_iter())
                .filter(|(code, _)| claiming.insert(code.clone()))
                .collect()
        };
        mine.sort_by_key(|(_, end)| *end);
        for batch in mine.chunks(BATCH) {
            let end = batch.iter().map(|(_, end)| *end).max().unwrap_or(0);
            let codes: Vec<String> = batch.iter().map(|(code, _)| code.clone()).collect();
            tokio::spawn(Arc::clone(&self).claim_batch(codes, end));
        }
    }

    /// Claims and loads the rooms `codes` once their leases have ended
    /// (`end`, the latest) and a [`MARGIN`], in a turn of the sweep's
    /// loads.
    async fn claim_batch(self: Arc<Self>, codes: Vec<String>, end: i64) {
        let left = end.saturating_sub(now_ms()).max(0);
        let left = Duration::from_millis(u64::try_from(left).unwrap_or(0));
        let lease = self.rooms.settings.lease;
        tokio::time::sleep(left.min(lease) + MARGIN).await;
        // A turn among the sweep's loads, taken before the rooms' locks
        // (`Rooms::load_batch`): a client of one of them meanwhile loads
        // it itself, ahead of the sweep's queue, and the batch then
        // leaves it out. Rooms whose lease ended longer ago than a look
        // reaches are left to their clients.
        let turn = self.rooms.sweep_loads.clone().acquire_owned();
        let turn = tokio::time::timeout(lease.saturating_mul(LOOK_BACK), turn).await;
        if let (Some(rooms), Ok(Ok(_turn))) = (self.rooms(), turn) {
            let loaded = rooms.load_batch(&codes).await;
            tracing::debug!(
                rooms = codes.len(),
                loaded,
                "rooms taken over before their clients came"
            );
        }
        let mut claiming = self
            .claiming
            .rooms
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        for code in &codes {
            claiming.remove(code);
        }
        drop(claiming);
        self.claiming.done.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(name: &str, until: i64) -> Peer {
        Peer {
            name: name.to_string(),
            addr: format!("http://{name}"),
            until,
        }
    }

    /// The room codes 0 to 999 as the server makes them (hex).
    fn codes() -> Vec<String> {
        (0..1000u32).map(|i| format!("{i:032x}")).collect()
    }

    #[test]
    fn a_choice_is_one_of_the_candidates_and_the_same_in_any_order() {
        assert_eq!(chosen("r", std::iter::empty()), None);
        assert_eq!(chosen("r", ["a"].into_iter()), Some("a"));
        for code in codes() {
            let one = chosen(&code, ["a", "b", "c"].into_iter()).unwrap();
            let other = chosen(&code, ["c", "a", "b"].into_iter()).unwrap();
            assert_eq!(one, other);
            assert!(["a", "b", "c"].contains(&one));
        }
    }

    /// Rendezvous hashing: an instance gone moves only its own rooms, each
    /// to one of the others; the thousand rooms are spread (each of three
    /// instances gets between a fifth and a half of them: a fair share is
    /// a third, and a hash that gave every room to one would fail).
    #[test]
    fn rooms_spread_over_the_candidates_and_only_a_gone_ones_move() {
        let codes = codes();
        let three: Vec<&str> = (codes.iter())
            .map(|c| chosen(c, ["a", "b", "c"].into_iter()).unwrap())
            .collect();
        for name in ["a", "b", "c"] {
            let n = three.iter().filter(|&&x| x == name).count();
            assert!((200..=500).contains(&n), "{name}: {n} of 1000");
        }
        for (code, was) in codes.iter().zip(&three) {
            let now = chosen(code, ["b", "c"].into_iter()).unwrap();
            if *was != "a" {
                assert_eq!(now, *was, "room {code} moved from a live instance");
            }
        }
    }

    /// The holder of a room is never its successor, nor an instance whose
    /// lease has ended; this instance is always a candidate (its own row
    /// may not be written yet); the URL is the peer's, none for this one.
    #[test]
    fn the_successor_is_a_live_instance_other_than_the_holder() {
        let peers = [
            peer("a", 5_000),
            peer("b", 9_000),
            peer("c", 9_000),
            peer("d", 4_000),
        ];
        let mut seen = HashSet::new();
        for code in codes() {
            let (name, addr) = successor(&code, "a", ("b", &peers), 5_000).unwrap();
            assert!(name == "b" || name == "c", "{name}");
            assert_eq!(addr, (name == "c").then_some("http://c"));
            seen.insert(name);
        }
        assert_eq!(seen.len(), 2);
        // This instance, not yet in the list, alone.
        let (name, addr) = successor("r", "a", ("e", &peers[..1]), 5_000).unwrap();
        assert_eq!((name, addr), ("e", None));
        // This instance holds the room: nobody else is live.
        assert_eq!(successor("r", "e", ("e", &peers[..1]), 5_000), None);
    }

    /// A client of a room the sweep is claiming waits for the end of the
    /// room's batch (another batch's end does not release it), at most
    /// its limit; a client of any other room does not wait.
    #[tokio::test(start_paused = true)]
    async fn a_client_waits_for_the_batch_of_its_room() {
        use tokio::time::Instant;
        let claiming = Claiming::default();
        claiming.rooms.lock().unwrap().insert("r".to_string());
        let limit = Duration::from_secs(10);
        let began = Instant::now();
        claiming.wait_for("s", limit).await;
        assert_eq!(began.elapsed(), Duration::ZERO);
        let sweep = claiming.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(1)).await;
            // Another batch ends.
            sweep.done.notify_waiters();
            tokio::time::sleep(Duration::from_secs(2)).await;
            sweep.rooms.lock().unwrap().remove("r");
            sweep.done.notify_waiters();
        });
        claiming.wait_for("r", limit).await;
        assert_eq!(began.elapsed(), Duration::from_secs(3));
        // A batch that never ends: the limit.
        claiming.rooms.lock().unwrap().insert("r".to_string());
        let began = Instant::now();
        claiming.wait_for("r", limit).await;
        assert_eq!(began.elapsed(), limit);
    }

    /// The late rule: a room whose chosen instance is live is left to it
    /// however long after the lease's end a look comes (a slow survivor
    /// keeps its share); once that instance's row has run out too, the
    /// room goes to the next in the rendezvous order among the instances
    /// live now, and only to it.
    #[test]
    fn a_late_room_goes_to_the_next_instance_only_when_its_chosen_one_died() {
        // "a" died, its lease ended at 5,000; b, c and d live until 9,000.
        let peers = [
            peer("a", 5_000),
            peer("b", 9_000),
            peer("c", 9_000),
            peer("d", 9_000),
        ];
        let order = |code: &str, names: &[&'static str]| -> Vec<&'static str> {
            // The rendezvous order worked out apart: the best of those
            // left, again and again.
            let mut left = names.to_vec();
            let mut order = Vec::new();
            while let Some(best) = chosen(code, left.iter().copied()) {
                order.push(best);
                left.retain(|n| *n != best);
            }
            order
        };
        for code in codes() {
            let first = order(&code, &["b", "c", "d"]);
            for me in ["b", "c", "d"] {
                // At the lease's end, and long after it, with the chosen one
                // alive: the chosen one, whichever instance looks.
                for now in [4_900, 5_100, 8_000] {
                    assert_eq!(taker(&code, "a", (me, &peers), 5_000, now), Some(first[0]));
                }
            }
            // The chosen one's row ran out at 7,000: the second in the
            // order, seen alike by both who are left.
            let mut later = peers.clone();
            later.iter_mut().find(|p| p.name == first[0]).unwrap().until = 7_000;
            for me in first[1..].iter().copied() {
                assert_eq!(
                    taker(&code, "a", (me, &later), 5_000, 6_000),
                    Some(first[0])
                );
                assert_eq!(
                    taker(&code, "a", (me, &later), 5_000, 7_500),
                    Some(first[1])
                );
            }
        }
    }
}
