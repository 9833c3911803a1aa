//! Search budgets: a depth, a node count or a time, and the clock that
//! enforces them.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::SpecError;
use crate::params::TIME_CHECK_NODES;

/// What a search may spend: any combination of a depth (in moves; an
/// extra turn's move counts), a number of nodes, and a time. A search stops
/// at the first limit it reaches; with none, it searches to the end of the
/// game (which only small positions allow).
///
/// The text form is comma-separated `key=value` pairs: `depth=8`,
/// `nodes=200000`, `time=100ms` (also `s`, `us`, `m`), e.g.
/// `depth=12,time=1s`.
///
/// Searches limited by depth or nodes are deterministic; a time limit
/// makes the result depend on the machine.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_ai::Limits;
///
/// let limits: Limits = "depth=6,time=250ms".parse()?;
/// assert_eq!(limits.depth, Some(6));
/// assert_eq!(limits.time, Some(Duration::from_millis(250)));
/// assert_eq!(limits.to_string(), "depth=6,time=250ms");
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Greatest depth, in moves.
    pub depth: Option<u32>,
    /// Greatest number of positions visited.
    pub nodes: Option<u64>,
    /// Greatest wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit: search to the end of the game.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
    };

    /// A depth limit.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time: None,
        }
    }

    /// A node limit.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// A time limit.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: Some(time),
        }
    }

    /// Whether no limit is set.
    pub fn is_unlimited(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none()
    }

    /// Applies one `key=value` setting.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        let bad = |reason: &str| SpecError::Value {
            key: key.to_string(),
            value: value.to_string(),
            reason: reason.to_string(),
        };
        match key {
            "depth" => {
                self.depth = Some(
                    value
                        .parse()
                        .map_err(|_| bad("expected a whole number of moves"))?,
                )
            }
            "nodes" => {
                self.nodes = Some(
                    parse_count(value).ok_or_else(|| bad("expected a whole number of nodes"))?,
                )
            }
            "time" => {
                self.time = Some(
                    parse_duration(value)
                        .ok_or_else(|| bad("expected a duration such as 100ms, 2s or 1m"))?,
                )
            }
            _ => {
                return Err(SpecError::Key {
                    key: key.to_string(),
                });
            }
        }
        Ok(())
    }
}

/// A count such as `200000`, `200k` or `2m` (thousands, millions).
fn parse_count(text: &str) -> Option<u64> {
    let text = text.trim().to_ascii_lowercase();
    let (digits, scale) = match text.as_bytes().last()? {
        b'k' => (&text[..text.len() - 1], 1_000),
        b'm' => (&text[..text.len() - 1], 1_000_000),
        _ => (&text[..], 1),
    };
    digits.parse::<u64>().ok()?.checked_mul(scale)
}

/// A duration such as `100ms`, `2s`, `1.5s`, `250us`, `1m` or `1h`.
pub(crate) fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let seconds = match unit {
        "us" => number / 1e6,
        "ms" => number / 1e3,
        "s" => number,
        "m" | "min" => number * 60.0,
        "h" => number * 3600.0,
        _ => return None,
    };
    (0.0..1e9)
        .contains(&seconds)
        .then(|| Duration::from_secs_f64(seconds))
}

fn write_duration(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let micros = d.as_micros();
    if micros.is_multiple_of(1_000_000) {
        write!(f, "{}s", micros / 1_000_000)
    } else if micros.is_multiple_of(1_000) {
        write!(f, "{}ms", micros / 1_000)
    } else {
        write!(f, "{micros}us")
    }
}

impl fmt::Display for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let s = if first { "" } else { "," };
            first = false;
            f.write_str(s)
        };
        if let Some(d) = self.depth {
            sep(f)?;
            write!(f, "depth={d}")?;
        }
        if let Some(n) = self.nodes {
            sep(f)?;
            write!(f, "nodes={n}")?;
        }
        if let Some(t) = self.time {
            sep(f)?;
            f.write_str("time=")?;
            write_duration(f, t)?;
        }
        Ok(())
    }
}

impl FromStr for Limits {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let mut limits = Limits::NONE;
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| SpecError::Syntax {
                text: item.to_string(),
            })?;
            limits.set(key.trim(), value.trim())?;
        }
        Ok(limits)
    }
}

/// Enforces [`Limits`] during one search: every search's node count and
/// deadline.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    /// Positions visited so far.
    pub nodes: u64,
    stopped: bool,
}

impl Clock {
    pub(crate) fn new(limits: &Limits) -> Clock {
        let start = Instant::now();
        Clock {
            start,
            deadline: limits.time.map(|t| start + t),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
        }
    }

    /// A clock for a time limit alone (`None`: never up), started now.
    pub(crate) fn timer(time: Option<Duration>) -> Clock {
        Clock::new(&Limits {
            time,
            ..Limits::NONE
        })
    }

    /// Counts a node; returns whether the search must stop now (the time
    /// is looked at every [`TIME_CHECK_NODES`] nodes).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.nodes & (TIME_CHECK_NODES - 1) == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the time is up, looked at now (for a thread waiting for
    /// another instead of visiting positions).
    pub(crate) fn expired(&mut self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the clock has a deadline (a time limit).
    pub(crate) fn has_deadline(&self) -> bool {
        self.deadline.is_some()
    }

    /// Whether a limit has been reached.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
