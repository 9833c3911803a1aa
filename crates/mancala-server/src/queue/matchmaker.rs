//! [`Matchmaker`]: the waiting players of every queue and who is seated
//! together, as a pure data structure. Time comes in as an argument
//! (how long since the queue began, a [`Duration`]); there is no clock
//! inside, so every decision can be replayed in a test.
//!
//! # Who is seated with whom
//!
//! A ticket is one player waiting in one [`Pool`] (a game, a player
//! count, rated or casual), with the rating the player had when they
//! joined and the time they joined. A player may hold tickets in several
//! pools at once; once seated in one, all their tickets go.
//!
//! A ticket that has waited `w` seconds accepts opponents whose rating
//! is within [`accepted_range`]`(w)` = [`BASE_RANGE`] + [`WIDEN_PER_SECOND`]
//! × `w` rating points of its own: 100 points at once, 600 after 20 s,
//! 1,600 after a minute, without end (a long wait at a quiet hour
//! still finds whoever comes). Two tickets **suit each other** when the
//! distance between their ratings is within the wider of their two
//! ranges: someone who has waited long accepts a newcomer whose own range
//! is still narrow. A group suits when every two of its tickets do.
//!
//! [`Matchmaker::tick`] seats groups until no group of a pool's size
//! suits among the tickets of connected players: the ticket that has
//! waited longest first, with the others of its group chosen closest in
//! rating to it (ties: the longer wait first). Since every suiting group
//! contains a ticket that could have been chosen first, a pool left after
//! a tick holds no group that suits.
//!
//! # Disconnected players
//!
//! A player whose connections all closed is [`disconnect`](Matchmaker::disconnect)ed:
//! their tickets keep their place and their waiting time but are seated
//! with nobody, so that nobody is seated with a page that is gone; back
//! within [`GRACE`] ([`reconnect`](Matchmaker::reconnect)), they wait on;
//! after it, the next tick drops their tickets.
//!
//! # The computer's offer
//!
//! A player who takes the computer's offer in a pool
//! ([`seat_with_computers`](Matchmaker::seat_with_computers)) is seated
//! with the other players present in that pool first, whatever their
//! ratings: with 3 or 4 seats, the humans waiting there fill every seat
//! but one at most, closest in rating to the one who accepted first (ties:
//! the longer wait first), and the computer takes the seats left. The
//! room always has at least one computer seat (the offer was the
//! computer), so in a two-player pool the player is seated with the
//! computer alone, as before.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

/// The range every ticket accepts at once, in rating points.
pub const BASE_RANGE: f64 = 100.0;

/// How much a ticket's range widens each second it waits, in rating
/// points.
pub const WIDEN_PER_SECOND: f64 = 25.0;

/// How long the tickets of a player whose connections all closed are
/// kept for their return.
pub const GRACE: Duration = Duration::from_secs(10);

/// The rating distance a ticket accepts after waiting `waited`:
/// [`BASE_RANGE`] + [`WIDEN_PER_SECOND`] per second.
///
/// ```text
/// accepted_range(0 s)  = 100
/// accepted_range(20 s) = 600
/// accepted_range(60 s) = 1600
/// ```
pub fn accepted_range(waited: Duration) -> f64 {
    BASE_RANGE + WIDEN_PER_SECOND * waited.as_secs_f64()
}

/// A queue: one game, for so many players, rated or casual.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pool {
    /// The game: `house` (the site's Kalah house rules) or a preset's name.
    pub game: String,
    /// The players a game seats, 2 to 4.
    pub players: u8,
    /// Whether its games are rated.
    pub rated: bool,
}

/// One player waiting in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    /// The player's id.
    pub player: String,
    /// Their rating when they joined.
    pub rating: f64,
    /// When they joined (time since the queue began).
    pub since: Duration,
    /// The order of joining, which breaks ties of `since`.
    seq: u64,
}

/// Players seated together by [`Matchmaker::tick`].
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// Their pool.
    pub pool: Pool,
    /// Their tickets, in the order they joined (who sits first).
    pub tickets: Vec<Ticket>,
}

/// Every queue's waiting tickets.
#[derive(Clone, Debug, Default)]
pub struct Matchmaker {
    pools: BTreeMap<Pool, Vec<Ticket>>,
    /// Players whose connections all closed, and since when.
    away: HashMap<String, Duration>,
    next_seq: u64,
}

impl Matchmaker {
    /// No one waiting.
    pub fn new() -> Matchmaker {
        Matchmaker::default()
    }

    /// `player` (rated `rating`) waits in `pool` from `now`; returns their
    /// ticket there. A player who waits there already keeps their ticket
    /// and its waiting time. Joining makes a disconnected player present
    /// again.
    pub fn join(&mut self, pool: Pool, player: &str, rating: f64, now: Duration) -> Ticket {
        self.away.remove(player);
        let tickets = self.pools.entry(pool).or_default();
        if let Some(t) = tickets.iter().find(|t| t.player == player) {
            return t.clone();
        }
        let ticket = Ticket {
            player: player.to_string(),
            rating,
            since: now,
            seq: self.next_seq,
        };
        self.next_seq += 1;
        tickets.push(ticket.clone());
        ticket
    }

    /// `player` stops waiting in `pool`; returns whether they were.
    pub fn leave(&mut self, pool: &Pool, player: &str) -> bool {
        let Some(tickets) = self.pools.get_mut(pool) else {
            return false;
        };
        let before = tickets.len();
        tickets.retain(|t| t.player != player);
        let left = tickets.len() < before;
        if tickets.is_empty() {
            self.pools.remove(pool);
        }
        if self.tickets_of(player).is_empty() {
            self.away.remove(player);
        }
        left
    }

    /// `player` stops waiting everywhere.
    pub fn leave_all(&mut self, player: &str) {
        self.pools.retain(|_, tickets| {
            tickets.retain(|t| t.player != player);
            !tickets.is_empty()
        });
        self.away.remove(player);
    }

    /// `player`'s connections all closed at `now`: their tickets wait,
    /// seated with nobody, until they come back or [`GRACE`] has passed.
    pub fn disconnect(&mut self, player: &str, now: Duration) {
        if !self.tickets_of(player).is_empty() {
            self.away.entry(player.to_string()).or_insert(now);
        }
    }

    /// `player` is connected again: their tickets, if still there, may be
    /// seated again.
    pub fn reconnect(&mut self, player: &str) {
        self.away.remove(player);
    }

    /// `player`'s tickets, pool by pool.
    pub fn tickets_of(&self, player: &str) -> Vec<(Pool, Ticket)> {
        (self.pools.iter())
            .filter_map(|(pool, tickets)| {
                let t = tickets.iter().find(|t| t.player == player)?;
                Some((pool.clone(), t.clone()))
            })
            .collect()
    }

    /// The tickets waiting in `pool`, in the order they joined.
    pub fn waiting(&self, pool: &Pool) -> &[Ticket] {
        self.pools.get(pool).map_or(&[], Vec::as_slice)
    }

    /// Every pool with someone waiting, and how many wait there.
    pub fn counts(&self) -> impl Iterator<Item = (&Pool, usize)> {
        self.pools.iter().map(|(pool, t)| (pool, t.len()))
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.pools.is_empty()
    }

    /// At `now`: drops the tickets of players away for [`GRACE`] or more,
    /// then seats every group that suits, pool by pool in the order of
    /// the pools, until none is left (see the module's documentation).
    /// Returns the groups seated, and the players whose tickets were
    /// dropped.
    pub fn tick(&mut self, now: Duration) -> (Vec<Match>, Vec<String>) {
        let mut expired: Vec<String> = (self.away.iter())
            .filter(|&(_, &since)| now.saturating_sub(since) >= GRACE)
            .map(|(p, _)| p.clone())
            .collect();
        expired.sort();
        for player in &expired {
            self.leave_all(player);
        }
        let mut matches = Vec::new();
        let pools: Vec<Pool> = self.pools.keys().cloned().collect();
        for pool in pools {
            while let Some(group) = self.find_group(&pool, now) {
                let seated: HashSet<String> = group.iter().map(|t| t.player.clone()).collect();
                for player in &seated {
                    self.leave_all(player);
                }
                matches.push(Match {
                    pool: pool.clone(),
                    tickets: group,
                });
            }
        }
        (matches, expired)
    }

    /// The seats the computer would take if `player` took its offer in
    /// `pool` now: those the other present players there leave, at least
    /// one (see [`seat_with_computers`](Matchmaker::seat_with_computers)).
    pub fn computer_seats(&self, pool: &Pool, player: &str) -> u8 {
        let others = (self.waiting(pool).iter())
            .filter(|t| t.player != player && !self.away.contains_key(&t.player))
            .count();
        let seats = usize::from(pool.players);
        u8::try_from(seats.saturating_sub(others + 1).max(1)).unwrap_or(1)
    }

    /// `player` takes the computer's offer in `pool`: seats them with
    /// the other present players waiting there, up to one seat fewer than
    /// the pool's (the closest in rating to `player` first, ties: the
    /// longer wait first), and removes every seated player's tickets
    /// everywhere. The seats left are the computer's:
    /// `pool.players - tickets.len()`, at least one. Returns `None` if
    /// `player` holds no ticket in `pool`.
    ///
    /// ```text
    /// pool house, 3 players; waiting: ann 1500, bob 1900 (present)
    /// seat_with_computers(house/3, "ann") -> [ann, bob] + 1 computer
    /// ```
    pub fn seat_with_computers(&mut self, pool: &Pool, player: &str) -> Option<Match> {
        let tickets = self.pools.get(pool)?;
        let accepting = tickets.iter().find(|t| t.player == player)?.clone();
        let humans = usize::from(pool.players).saturating_sub(1).max(1);
        let mut others: Vec<&Ticket> = (tickets.iter())
            .filter(|t| t.player != player && !self.away.contains_key(&t.player))
            .collect();
        others.sort_by(|a, b| {
            let da = (a.rating - accepting.rating).abs();
            let db = (b.rating - accepting.rating).abs();
            da.total_cmp(&db)
                .then((a.since, a.seq).cmp(&(b.since, b.seq)))
        });
        let mut group: Vec<Ticket> = std::iter::once(accepting)
            .chain(others.into_iter().take(humans - 1).cloned())
            .collect();
        group.sort_by_key(|t| (t.since, t.seq));
        for t in &group {
            self.leave_all(&t.player);
        }
        Some(Match {
            pool: pool.clone(),
            tickets: group,
        })
    }

    /// The first group of `pool` that suits at `now`, in joining order:
    /// the longest-waiting ticket that has a group, with the others
    /// closest in rating to it.
    fn find_group(&self, pool: &Pool, now: Duration) -> Option<Vec<Ticket>> {
        let size = usize::from(pool.players);
        let mut present: Vec<&Ticket> = (self.pools.get(pool)?.iter())
            .filter(|t| !self.away.contains_key(&t.player))
            .collect();
        if size == 0 || present.len() < size {
            return None;
        }
        present.sort_by_key(|t| (t.since, t.seq));
        for (i, &anchor) in present.iter().enumerate() {
            let mut candidates: Vec<&Ticket> = (present.iter().enumerate())
                .filter(|&(j, t)| j != i && suits(anchor, t, now))
                .map(|(_, &t)| t)
                .collect();
            if candidates.len() + 1 < size {
                continue;
            }
            candidates.sort_by(|a, b| {
                let da = (a.rating - anchor.rating).abs();
                let db = (b.rating - anchor.rating).abs();
                da.total_cmp(&db)
                    .then((a.since, a.seq).cmp(&(b.since, b.seq)))
            });
            let mut chosen = Vec::with_capacity(size - 1);
            if choose(&candidates, 0, size - 1, now, &mut chosen) {
                let mut group: Vec<Ticket> = std::iter::once(anchor)
                    .chain(chosen.iter().map(|&k| candidates[k]))
                    .cloned()
                    .collect();
                group.sort_by_key(|t| (t.since, t.seq));
                return Some(group);
            }
        }
        None
    }
}

/// Whether tickets `a` and `b` suit each other at `now`: their ratings
/// are within the wider of their ranges.
fn suits(a: &Ticket, b: &Ticket, now: Duration) -> bool {
    let range = |t: &Ticket| accepted_range(now.saturating_sub(t.since));
    (a.rating - b.rating).abs() <= range(a).max(range(b))
}

/// Chooses `left` more of `candidates` from index `from` on, each
/// suiting every one in `chosen` (indices into `candidates`), the first
/// such choice in the candidates' order; returns whether there is one.
fn choose(
    candidates: &[&Ticket],
    from: usize,
    left: usize,
    now: Duration,
    chosen: &mut Vec<usize>,
) -> bool {
    if left == 0 {
        return true;
    }
    for k in from..candidates.len() {
        if candidates.len() - k < left {
            return false;
        }
        if chosen
            .iter()
            .all(|&c| suits(candidates[c], candidates[k], now))
        {
            chosen.push(k);
            if choose(candidates, k + 1, left - 1, now, chosen) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

#[cfg(test)]
mod tests;
