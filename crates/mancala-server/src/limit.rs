//! The rate limit of one WebSocket connection: a burst of messages, then
//! a steady rate; messages over it are dropped, and a connection that
//! goes on sending over it is closed.
//!
//! Both limits are GCRA limiters of the `governor` crate, on a clock that
//! reads tokio's time so that tests can pause and advance it.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::Clock;
use governor::middleware::NoOpMiddleware;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};

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

#[cfg(test)]
mod tests {
    use super::*;

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
