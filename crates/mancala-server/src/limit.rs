//! The server's limits: the rate of one WebSocket connection (a burst of
//! messages, then a steady rate; messages over it are dropped, and a
//! connection that goes on sending over it is closed), how many players
//! and rooms one address may create a minute, and how many connections
//! the server and one address may hold.
//!
//! The rates are GCRA limiters of the `governor` crate, on a clock that
//! reads tokio's time so that tests can pause and advance it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::Clock;
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::HashMapStateStore;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};

use crate::error::Error;

/// Messages a connection may send at once: more than one seat sends in
/// a whole game, so a bot that plays at full speed is not cut off.
pub const MESSAGE_BURST: u32 = 60;

/// Messages a connection may send each second, once its burst is spent.
pub const MESSAGES_PER_SECOND: u32 = 20;

/// Messages dropped at once before the connection is closed.
pub const DROPPED_BURST: u32 = 20;

/// Dropped messages forgiven each second.
pub const DROPPED_PER_SECOND: u32 = 1;

/// What to do with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Within the limit: handle it.
    Pass,
    /// Over the limit: drop it and tell the client (`rate_limited`).
    Drop,
    /// Over the limit for too long: close the connection (`flooding`).
    Close,
}

/// tokio's monotonic clock, as `governor` reads time: the time since the
/// limiter was made.
#[derive(Clone, Debug)]
struct TokioClock {
    start: tokio::time::Instant,
}

impl Clock for TokioClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

type Limiter = RateLimiter<NotKeyed, InMemoryState, TokioClock, NoOpMiddleware<Duration>>;

/// The limits of one connection.
#[derive(Debug)]
pub(crate) struct ConnectionLimit {
    messages: Limiter,
    dropped: Limiter,
}

impl ConnectionLimit {
    /// Fresh limits: the whole burst available.
    pub(crate) fn new() -> ConnectionLimit {
        let clock = TokioClock {
            start: tokio::time::Instant::now(),
        };
        ConnectionLimit {
            messages: limiter(MESSAGE_BURST, MESSAGES_PER_SECOND, &clock),
            dropped: limiter(DROPPED_BURST, DROPPED_PER_SECOND, &clock),
        }
    }

    /// Counts one message from the client and says what to do with it.
    pub(crate) fn check(&self) -> Verdict {
        if self.messages.check().is_ok() {
            Verdict::Pass
        } else if self.dropped.check().is_ok() {
            Verdict::Drop
        } else {
            Verdict::Close
        }
    }
}

fn limiter(burst: u32, per_second: u32, clock: &TokioClock) -> Limiter {
    let nonzero = |n| NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
    let quota = Quota::per_second(nonzero(per_second)).allow_burst(nonzero(burst));
    RateLimiter::direct_with_clock(quota, clock.clone())
}

/// Players, and rooms, one address may create each minute (as a burst,
/// then refilling at that rate). Generous: a whole class or a mobile
/// network's carrier-grade NAT shares one address, and a family makes a
/// handful; a script making thousands is what it stops.
pub const CREATIONS_PER_MINUTE: u32 = 60;

/// WebSocket connections the server holds at most (`--max-connections`).
pub const MAX_CONNECTIONS: usize = 20_000;

/// WebSocket connections one address holds at most
/// (`--max-connections-per-ip`): as generous, for the same reason.
pub const MAX_CONNECTIONS_PER_IP: usize = 1_000;

/// Addresses remembered before the limiter forgets those whose limit has
/// refilled (their state is the same as a fresh one's).
const REMEMBERED: usize = 100_000;

type KeyedLimiter =
    RateLimiter<IpAddr, HashMapStateStore<IpAddr>, TokioClock, NoOpMiddleware<Duration>>;

/// How many things (players, or rooms) each address may create.
#[derive(Debug)]
pub(crate) struct CreationLimit {
    what: &'static str,
    per_minute: u32,
    clock: TokioClock,
    limiter: KeyedLimiter,
}

impl CreationLimit {
    /// `per_minute` creations of `what` (`"players"`, `"rooms"`) per
    /// address each minute, at once or spread.
    pub(crate) fn new(what: &'static str, per_minute: u32) -> CreationLimit {
        let clock = TokioClock {
            start: tokio::time::Instant::now(),
        };
        let per_minute = per_minute.max(1);
        let quota = Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN));
        CreationLimit {
            what,
            per_minute,
            limiter: RateLimiter::hashmap_with_clock(quota, clock.clone()),
            clock,
        }
    }

    /// Counts one creation by `ip` (`None`: an address not limited).
    ///
    /// # Errors
    ///
    /// [`Error::TooManyRequests`], with the seconds until the next one is
    /// allowed, when `ip` has used its minute's.
    pub(crate) fn check(&self, ip: Option<IpAddr>) -> Result<(), Error> {
        let Some(ip) = ip else { return Ok(()) };
        if self.limiter.len() > REMEMBERED {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&ip).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            Error::TooManyRequests {
                what: self.what,
                per_minute: self.per_minute,
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        })
    }
}

/// The WebSocket connections open, in all and by address.
#[derive(Debug)]
pub(crate) struct Connections {
    max: usize,
    max_per_ip: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One open connection, counted until dropped.
#[derive(Debug)]
pub(crate) struct Opened {
    connections: Arc<Connections>,
    ip: Option<IpAddr>,
}

impl Connections {
    /// At most `max` connections, and `max_per_ip` from one address.
    pub(crate) fn new(max: usize, max_per_ip: usize) -> Arc<Connections> {
        Arc::new(Connections {
            max,
            max_per_ip,
            open: Mutex::new((0, HashMap::new())),
        })
    }

    /// Counts a connection from `ip` (`None`: an address not limited on
    /// its own, counted in all only) for as long as the answer lives.
    ///
    /// # Errors
    ///
    /// [`Error::ServerFull`] at `max` connections,
    /// [`Error::TooManyConnections`] at `max_per_ip` from `ip`.
    pub(crate) fn open(self: &Arc<Connections>, ip: Option<IpAddr>) -> Result<Opened, Error> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_ip) = &mut *open;
        if *total >= self.max {
            return Err(Error::ServerFull);
        }
        if let Some(ip) = ip {
            let mine = by_ip.entry(ip).or_insert(0);
            if *mine >= self.max_per_ip {
                return Err(Error::TooManyConnections {
                    max: self.max_per_ip,
                });
            }
            *mine += 1;
        }
        *total += 1;
        Ok(Opened {
            connections: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        let mut open = (self.connections.open)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let (total, by_ip) = &mut *open;
        *total -= 1;
        if let Some(mine) = self.ip.and_then(|ip| by_ip.get_mut(&ip)) {
            *mine -= 1;
            if *mine == 0 {
                self.ip.map(|ip| by_ip.remove(&ip));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn an_address_creates_its_minutes_worth_then_waits() {
        let limit = CreationLimit::new("players", 3);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            limit.check(Some(a)).unwrap();
        }
        match limit.check(Some(a)) {
            // One creation refills every 20 s.
            Err(Error::TooManyRequests {
                retry_after,
                per_minute: 3,
                what: "players",
            }) => {
                assert_eq!(retry_after, 20)
            }
            other => panic!("{other:?}"),
        }
        // Another address has its own.
        limit.check(Some(b)).unwrap();
        tokio::time::advance(Duration::from_secs(20)).await;
        limit.check(Some(a)).unwrap();
        assert!(limit.check(Some(a)).is_err());
    }

    #[test]
    fn connections_are_capped_in_all_and_by_address() {
        let connections = Connections::new(3, 2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = connections.open(Some(a)).unwrap();
        let _second = connections.open(Some(a)).unwrap();
        assert!(matches!(
            connections.open(Some(a)),
            Err(Error::TooManyConnections { max: 2 })
        ));
        let _third = connections.open(Some(b)).unwrap();
        assert!(matches!(connections.open(Some(b)), Err(Error::ServerFull)));
        drop(first);
        let _again = connections.open(Some(a)).unwrap();
        assert!(matches!(connections.open(Some(b)), Err(Error::ServerFull)));
        // An address not limited on its own still counts in all.
        assert!(matches!(connections.open(None), Err(Error::ServerFull)));
        drop(_again);
        let unlimited = connections.open(None).unwrap();
        assert!(matches!(connections.open(Some(a)), Err(Error::ServerFull)));
        drop(unlimited);
    }

    /// The verdicts on `n` messages sent at once.
    fn verdicts(limit: &ConnectionLimit, n: u32) -> Vec<Verdict> {
        (0..n).map(|_| limit.check()).collect()
    }

    #[tokio::test(start_paused = true)]
    async fn a_burst_passes_then_messages_are_dropped_then_the_connection_closes() {
        let limit = ConnectionLimit::new();
        assert!(verdicts(&limit, 60).iter().all(|&v| v == Verdict::Pass));
        assert!(verdicts(&limit, 20).iter().all(|&v| v == Verdict::Drop));
        assert_eq!(limit.check(), Verdict::Close);
    }

    #[tokio::test(start_paused = true)]
    async fn the_steady_rate_is_twenty_a_second() {
        let limit = ConnectionLimit::new();
        verdicts(&limit, 60);
        assert_eq!(limit.check(), Verdict::Drop);
        // A message every 50 ms is the steady rate: each one passes.
        for _ in 0..100 {
            tokio::time::advance(Duration::from_millis(50)).await;
            assert_eq!(limit.check(), Verdict::Pass);
        }
        assert_eq!(limit.check(), Verdict::Drop);
        // Three quiet seconds refill the burst, and no more.
        tokio::time::advance(Duration::from_secs(3)).await;
        let passed = verdicts(&limit, 61)
            .into_iter()
            .filter(|&v| v == Verdict::Pass);
        assert_eq!(passed.count(), 60);
    }

    #[tokio::test(start_paused = true)]
    async fn dropped_messages_are_forgiven_one_a_second() {
        let limit = ConnectionLimit::new();
        verdicts(&limit, 60);
        assert!(verdicts(&limit, 20).iter().all(|&v| v == Verdict::Drop));
        // After 2 s: 40 more messages pass, and 2 dropped ones are forgiven.
        tokio::time::advance(Duration::from_secs(2)).await;
        assert!(verdicts(&limit, 40).iter().all(|&v| v == Verdict::Pass));
        assert_eq!(
            verdicts(&limit, 3),
            [Verdict::Drop, Verdict::Drop, Verdict::Close]
        );
    }
}
