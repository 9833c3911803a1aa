//! Time in a room: the clock of each turn in a room with a time per turn,
//! and the delay after which the computer takes over the seat of a
//! player who left.
//!
//! Both are deadlines of [`tokio::time::Instant`], which the room's task
//! waits for next to its queue ([`Room::next_wake`], [`Room::wake`]); the
//! computer then plays ([`Room::think`]). A room loaded after a restart
//! or by another instance gives the turn what was left of its time when
//! the room's last owner last held it (from the stored times of the last
//! event and of that owner's last renewal or release), and counts every
//! seated person away, keeping the time they had been away then (from
//! the stored time they went away; from the load for someone who was
//! connected).

use std::collections::HashMap;
use std::time::Duration;

use tokio::time::Instant;

use super::task::Room;
#[cfg(doc)]
use crate::db::Db;
use crate::db::now_ms;
use crate::protocol::{ClockView, ServerMessage};

/// A seated player without a connection.
#[derive(Clone, Copy, Debug)]
pub(super) struct Away {
    /// Since when.
    pub since: Instant,
    /// Whether the computer plays their seat (after the takeover delay).
    pub taken_over: bool,
}

impl Away {
    /// Away from `since`, not yet taken over.
    pub(super) fn since(since: Instant) -> Away {
        Away {
            since,
            taken_over: false,
        }
    }

    /// The seated `people` of a room being loaded, all away since nobody
    /// is connected yet. Each keeps the time they
    /// had been away when the room's last owner last held it
    /// (`held_until`, from the time they went away as `stored`, read
    /// with the room's seats, by player): their
    /// takeover delay goes on, and the time no instance ran the room
    /// counts for nobody, as for the turn's clock. Someone connected then
    /// (nothing stored) is away from the load. Returns them, and since
    /// when each is away in milliseconds since 1970, which the load
    /// stores again ([`Db::set_away_all`], [`Db::set_away_batch`]) so
    /// that the next owner counts on from them.
    pub(super) fn at_load(
        (people, stored): (&[&str], &HashMap<String, i64>),
        held_until: Option<i64>,
    ) -> (HashMap<String, Away>, Vec<(String, i64)>) {
        let (now, now_ms) = (Instant::now(), now_ms());
        let mut away = HashMap::new();
        let mut since_ms = Vec::new();
        for &person in people {
            let used = match (stored.get(person), held_until) {
                (Some(&since), Some(held)) => u64::try_from(held - since).unwrap_or(0),
                _ => 0,
            };
            let used_ms = i64::try_from(used).unwrap_or(i64::MAX);
            since_ms.push((person.to_string(), now_ms.saturating_sub(used_ms)));
            let since = now.checked_sub(Duration::from_millis(used)).unwrap_or(now);
            away.insert(person.to_string(), Away::since(since));
        }
        (away, since_ms)
    }
}

/// The clock of one turn.
#[derive(Clone, Debug)]
pub(super) struct Turn {
    /// The point of the game (id, events) the turn is played from.
    pub point: (String, usize),
    /// When its time runs out.
    pub deadline: Instant,
}

impl Room {
    /// The game being played and its number of events, while it goes on.
    pub(super) fn point(&self) -> Option<(String, usize)> {
        let live = self.game.as_ref().filter(|l| !l.game.is_over())?;
        Some((live.id.clone(), crate::protocol::event_count(&live.game)))
    }

    /// The time per turn, if the room has one.
    fn limit(&self) -> Option<Duration> {
        self.turn_seconds.map(|s| Duration::from_secs(u64::from(s)))
    }

    /// Starts the clock of the turn being played, with the whole time per
    /// turn (less what it had used on the room's last owner, for the first
    /// turn after a load), unless it runs already; stops it when no game
    /// goes on.
    pub(super) fn reset_clock(&mut self) {
        let (Some(limit), Some(point)) = (self.limit(), self.point()) else {
            self.turn = None;
            return;
        };
        if self.turn.as_ref().is_none_or(|t| t.point != point) {
            // The first turn after a load resumes where the room's last
            // owner left it.
            let used = self.resumed.take().unwrap_or_default().min(limit);
            self.turn = Some(Turn {
                point,
                deadline: Instant::now() + (limit - used),
            });
        }
    }

    /// The time left on the clock of the turn being played: `None` in a
    /// room without a time per turn, zero once it ran out. A turn whose
    /// clock has not started has its whole time.
    pub(super) fn turn_left(&self) -> Option<Duration> {
        let limit = self.limit()?;
        let point = self.point();
        Some(
            (self.turn.as_ref())
                .filter(|t| point.as_ref() == Some(&t.point))
                .map_or(limit, |t| {
                    t.deadline.saturating_duration_since(Instant::now())
                }),
        )
    }

    /// The clock of the turn being played, as clients see it.
    pub(super) fn clock_view(&self) -> Option<ClockView> {
        let (limit, turn) = (self.limit()?, self.turn.as_ref()?);
        let seat = crate::protocol::to_move_in(&self.game.as_ref()?.game.position())?;
        let remaining = turn.deadline.saturating_duration_since(Instant::now());
        Some(ClockView {
            seat,
            remaining_ms: millis(remaining),
            limit_ms: millis(limit),
        })
    }

    /// When the room's task must next [`wake`](Room::wake): the end of
    /// the turn's time (unless it ran out already) or of a player's
    /// takeover delay, whichever comes first.
    pub(super) fn next_wake(&self) -> Option<Instant> {
        let turn = (self.turn.as_ref())
            .filter(|t| self.timed_out.as_ref() != Some(&t.point))
            .map(|t| t.deadline);
        let takeover = (self.away.values())
            .filter(|a| !a.taken_over)
            .map(|a| a.since + self.settings.takeover_after);
        turn.into_iter().chain(takeover).min()
    }

    /// Marks what ran out by now: the turn's time, and the seats whose
    /// players stayed away past the takeover delay (then tells everyone).
    pub(super) fn wake(&mut self) {
        let now = Instant::now();
        if let Some(turn) = self.turn.as_ref().filter(|t| t.deadline <= now) {
            self.timed_out = Some(turn.point.clone());
        }
        let after = self.settings.takeover_after;
        let mut taken = false;
        for (player, away) in &mut self.away {
            if !away.taken_over && away.since + after <= now {
                away.taken_over = true;
                taken |= self.seats.iter().flatten().any(|s| &s.player == player);
            }
        }
        if taken {
            self.broadcast(ServerMessage::Room(self.view()));
        }
    }
}

/// `d` in whole milliseconds.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
