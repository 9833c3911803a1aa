//! [`Queue`]: the task that runs the [`Matchmaker`] on the server's
//! clock, tells each waiting player's connections where they stand,
//! offers the computer after the wait, and opens a room, its game
//! started, for every group it seats.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::time::Duration;

use mancala_core::Preset;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};

use super::lease::{Lease, Route};
use super::matchmaker::{Matchmaker, Pool, Ticket};
use crate::db::Db;
use crate::error::Error;
use crate::protocol::{OfferView, QueueChoice, QueueMessage, QueueRequest, TicketView};
use crate::room::{Command, ConnId, Rooms, computer_id};
use crate::setup::RoomSetup;
use crate::{PROTOCOL_VERSION, secret};

/// How often the queue looks again at who waits: ranges widen and
/// offers fall due between requests.
pub(crate) const TICK: Duration = Duration::from_millis(250);

/// The time per turn of a room the queue makes, in seconds: strangers
/// are not kept waiting by one who stopped playing.
pub(crate) const MATCHED_TURN_SECONDS: u32 = 60;

/// The computer level of a newcomer (rating 1500), offered to a player
/// who waited in vain.
const LEVEL_AT_1500: f64 = 3.0;

/// Rating points per computer level in the offer.
const POINTS_PER_LEVEL: f64 = 150.0;

/// Requests queued for the queue's task before connections wait.
const COMMANDS: usize = 1024;

/// The computer level offered to a player of `rating`: level 3 at 1500
/// (a newcomer), one level more for every 150 points above it and one
/// less for every 150 below, from 1 to 10:
/// `clamp(3 + round((rating - 1500) / 150), 1, 10)`.
///
/// ```text
/// 1200 -> 1   1350 -> 2   1500 -> 3   1650 -> 4   1800 -> 5   2550 -> 10
/// ```
pub(crate) fn level_for(rating: f64) -> u8 {
    let level = LEVEL_AT_1500 + ((rating - 1500.0) / POINTS_PER_LEVEL).round();
    level.clamp(1.0, f64::from(mancala_ai::MAX_LEVEL)) as u8
}

/// The games of the queue, in the order the counts list them: `house`,
/// then every preset.
pub(crate) fn games() -> Vec<String> {
    std::iter::once("house".to_string())
        .chain(Preset::ALL.iter().map(|p| p.name().to_string()))
        .collect()
}

/// The pool and the room setup of `choice`.
///
/// # Errors
///
/// [`Error::NoSuchQueue`] for a game that is neither `house` nor a
/// preset, or a player count the game does not seat.
pub(crate) fn pool_of(choice: &QueueChoice) -> Result<(Pool, RoomSetup), Error> {
    let refused = || Error::NoSuchQueue {
        game: choice.game.clone(),
        players: choice.players,
    };
    let (game, setup) = if choice.game == "house" {
        ("house".to_string(), RoomSetup::house_default())
    } else {
        let preset = Preset::from_str(&choice.game).map_err(|_| refused())?;
        let setup = RoomSetup::from_spec(preset.name(), true)?;
        (preset.name().to_string(), setup)
    };
    let players = usize::from(choice.players);
    if !(setup.min_players..=setup.max_players).contains(&players) {
        return Err(refused());
    }
    let pool = Pool {
        game,
        players: choice.players,
        rated: choice.rated,
    };
    Ok((pool, setup))
}

/// What a connection tells the queue's task.
#[derive(Debug)]
pub(crate) enum QueueCommand {
    /// An authenticated connection of `player` opened: send it where the
    /// player stands, then every change, through `out`.
    Hello {
        conn: ConnId,
        player: String,
        out: mpsc::Sender<QueueMessage>,
    },
    /// A request (never `hello`) of the connection.
    Request {
        conn: ConnId,
        player: String,
        request: QueueRequest,
    },
    /// The connection closed.
    Closed { conn: ConnId, player: String },
    /// How many players wait, by game.
    Waiting {
        reply: oneshot::Sender<HashMap<String, usize>>,
    },
    /// This instance no longer holds the queue (see [`Lease`]): every
    /// ticket is dropped and every connection closed, so that its
    /// clients connect again and reach the queue's owner.
    Lost,
}

/// The way to the queue's task (a cheap handle), and this instance's
/// part in the queue's ownership.
#[derive(Clone, Debug)]
pub(crate) struct Queue {
    tx: mpsc::Sender<QueueCommand>,
    lease: Lease,
}

impl Queue {
    /// Starts the queue's task: rooms it opens are stored in `db` and run
    /// by `rooms`; the computer is offered after `wait`. The task serves
    /// while this instance holds the queue (see [`Lease`]), claimed with
    /// the rooms' settings.
    pub(crate) fn start(db: Db, rooms: Rooms, wait: Duration) -> Queue {
        let (tx, rx) = mpsc::channel(COMMANDS);
        let lease = Lease::new(db.clone(), rooms.settings().clone(), &tx);
        let service = Service {
            lease: lease.clone(),
            db,
            rooms,
            wait,
            origin: Instant::now(),
            matchmaker: Matchmaker::new(),
            conns: HashMap::new(),
            offered: HashSet::new(),
        };
        service.count();
        tokio::spawn(service.run(rx));
        Queue { tx, lease }
    }

    /// Where a socket of the queue is served: here, or at the instance
    /// that holds the queue (see [`Lease::route`]).
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if that cannot be told now.
    pub(crate) async fn route(&self) -> Result<Route, Error> {
        self.lease.route().await
    }

    /// How many players wait, by game: this instance's own count if it
    /// holds the queue, else the owner's as stored at its last renewal.
    ///
    /// # Errors
    ///
    /// [`Error::RoomClosed`] if the task has stopped; [`Error::Database`].
    pub(crate) async fn counts(&self, db: &Db) -> Result<HashMap<String, usize>, Error> {
        if self.lease.holds().await {
            self.waiting().await
        } else {
            db.queue_waiting(crate::db::now_ms()).await
        }
    }

    /// Gives the queue up if this instance holds it (the server stops):
    /// another instance claims it at once, and this one's clients are
    /// closed, to connect again there.
    pub(crate) async fn release(&self) {
        self.lease.release(&self.tx).await;
    }

    /// Hands `command` to the queue's task.
    ///
    /// # Errors
    ///
    /// [`Error::RoomClosed`] if the task has stopped.
    pub(crate) async fn send(&self, command: QueueCommand) -> Result<(), Error> {
        self.tx.send(command).await.map_err(|_| Error::RoomClosed)
    }

    /// How many players wait, by game (a player in two queues of one
    /// game counts once).
    ///
    /// # Errors
    ///
    /// [`Error::RoomClosed`] if the task has stopped.
    pub(crate) async fn waiting(&self) -> Result<HashMap<String, usize>, Error> {
        let (reply, answer) = oneshot::channel();
        self.send(QueueCommand::Waiting { reply }).await?;
        answer.await.map_err(|_| Error::RoomClosed)
    }
}

/// The queue's task's state.
struct Service {
    /// This instance's claim of the queue, whose epoch every room opened
    /// proves.
    lease: Lease,
    db: Db,
    rooms: Rooms,
    wait: Duration,
    /// The matchmaker's time zero.
    origin: Instant,
    matchmaker: Matchmaker,
    /// Every open connection, by player.
    conns: HashMap<String, HashMap<ConnId, mpsc::Sender<QueueMessage>>>,
    /// The tickets the computer was offered to.
    offered: HashSet<(String, Pool)>,
}

impl Service {
    async fn run(mut self, mut rx: mpsc::Receiver<QueueCommand>) {
        let mut ticks = tokio::time::interval(TICK);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = ticks.tick(), if !self.matchmaker.is_empty() => self.step().await,
            }
        }
    }

    /// The matchmaker's time now.
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    async fn handle(&mut self, command: QueueCommand) {
        match command {
            QueueCommand::Hello { conn, player, out } => {
                if self.lease.epoch().is_none() {
                    // The queue was lost since the socket was routed
                    // here: `out` dropped, it closes, and its client
                    // connects again, to the queue's owner.
                    return;
                }
                let welcome = QueueMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    you: player.clone(),
                };
                let _ = out.try_send(welcome);
                let _ = out.try_send(self.status(&player));
                self.conns
                    .entry(player.clone())
                    .or_default()
                    .insert(conn, out);
                self.matchmaker.reconnect(&player);
                self.step().await;
            }
            QueueCommand::Request {
                conn,
                player,
                request,
            } => {
                if self.lease.epoch().is_none() {
                    // A socket of a queue lost (closing): none of its
                    // requests is served here any more.
                    return;
                }
                if let Err(e) = self.request(&player, request).await {
                    if fenced(&e) {
                        self.lost();
                        return;
                    }
                    if e.code() == "internal" {
                        eprintln!("mancala-server: queue: {e}");
                    }
                    let refusal = QueueMessage::Error {
                        code: e.code().to_string(),
                        message: e.public_message(),
                        args: e.args(),
                    };
                    if let Some(out) = self.conns.get(&player).and_then(|c| c.get(&conn)) {
                        let _ = out.try_send(refusal);
                    }
                }
            }
            QueueCommand::Closed { conn, player } => {
                if let Some(conns) = self.conns.get_mut(&player) {
                    conns.remove(&conn);
                    if conns.is_empty() {
                        self.conns.remove(&player);
                        let now = self.now();
                        self.matchmaker.disconnect(&player, now);
                    }
                }
            }
            QueueCommand::Waiting { reply } => {
                let _ = reply.send(self.waiting());
            }
            QueueCommand::Lost => self.lost(),
        }
    }

    /// This instance no longer holds the queue: every ticket is dropped
    /// and every connection closed (their senders dropped), so that the
    /// clients connect again and reach the queue's owner.
    fn lost(&mut self) {
        self.matchmaker = Matchmaker::new();
        self.offered.clear();
        self.conns.clear();
        self.count();
    }

    async fn request(&mut self, player: &str, request: QueueRequest) -> Result<(), Error> {
        match request {
            QueueRequest::Hello { .. } => Err(Error::HelloAgain),
            QueueRequest::Join(choice) => {
                let (pool, _) = pool_of(&choice)?;
                if !self
                    .matchmaker
                    .waiting(&pool)
                    .iter()
                    .any(|t| t.player == player)
                {
                    let rating = self.db.rating(player).await?;
                    let now = self.now();
                    self.matchmaker.join(pool.clone(), player, rating, now);
                    self.count();
                }
                self.tell(player);
                self.tell_offered(&pool);
                self.step().await;
                Ok(())
            }
            QueueRequest::Leave(choice) => {
                let (pool, _) = pool_of(&choice)?;
                if !self.matchmaker.leave(&pool, player) {
                    return Err(Error::NotQueued);
                }
                self.count();
                self.offered.remove(&(player.to_string(), pool.clone()));
                self.tell(player);
                self.tell_offered(&pool);
                Ok(())
            }
            QueueRequest::Computer(choice) => self.accept_computer(player, &choice).await,
        }
    }

    /// `player` takes the computer's offer in `choice`'s queue: a room
    /// with the other players present in that queue first, and the
    /// computer, at the level offered, in the seats left.
    async fn accept_computer(&mut self, player: &str, choice: &QueueChoice) -> Result<(), Error> {
        let (pool, setup) = pool_of(choice)?;
        let ticket = (self.matchmaker.waiting(&pool).iter())
            .find(|t| t.player == player)
            .cloned()
            .ok_or(Error::NotQueued)?;
        if self.now().saturating_sub(ticket.since) < self.wait {
            return Err(Error::NotOffered {
                seconds: self.wait.as_secs(),
            });
        }
        let level = level_for(ticket.rating);
        let before = self.matchmaker.clone();
        let group = (self.matchmaker)
            .seat_with_computers(&pool, player)
            .ok_or(Error::NotQueued)?;
        let humans: Vec<String> = group.tickets.iter().map(|t| t.player.clone()).collect();
        let mut seated = humans.clone();
        seated.resize(usize::from(pool.players), computer_id(level));
        let opened = self.open_room(&pool, &setup, &seated).await;
        if opened.is_err() {
            // Nobody was seated: everyone waits on as before.
            self.matchmaker = before;
        }
        self.count();
        let code = opened?;
        let matched = QueueMessage::Matched {
            code,
            choice: choice_of(&pool),
            computers: pool.players - u8::try_from(humans.len()).unwrap_or(pool.players),
        };
        for p in &humans {
            self.offered.retain(|(q, _)| q != p);
            self.send_to(p, &matched);
            self.tell(p);
        }
        self.tell_offered(&pool);
        Ok(())
    }

    /// Sends their tickets again to the players offered the computer in
    /// `pool`, whose offer's computer seats change as others come and go.
    fn tell_offered(&mut self, pool: &Pool) {
        let players: Vec<String> = (self.offered.iter())
            .filter(|(_, q)| q == pool)
            .map(|(p, _)| p.clone())
            .collect();
        for p in players {
            self.tell(&p);
        }
    }

    /// Stores a room of `pool` with `seated` in its seats in order and
    /// starts its game; returns its code.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] (code `queue`) if this instance's claim of
    /// the queue is lost (another instance claimed it since: nothing is
    /// stored); [`Error::Database`]; the room's own.
    async fn open_room(
        &self,
        pool: &Pool,
        setup: &RoomSetup,
        seated: &[String],
    ) -> Result<String, Error> {
        let epoch = self.lease.epoch().ok_or_else(|| Error::RoomMoved {
            code: "queue".to_string(),
        })?;
        let code = secret::token()?;
        let turn = Some(MATCHED_TURN_SECONDS);
        (self.db)
            .create_matched_room(&code, setup, pool.rated, turn, seated, epoch)
            .await?;
        self.rooms.get(&code).await?.send(Command::Begin).await?;
        Ok(code)
    }

    /// Seats every group that suits now, drops the tickets of players
    /// gone for good, and offers the computer where the wait is over.
    async fn step(&mut self) {
        let now = self.now();
        let (matches, expired) = self.matchmaker.tick(now);
        self.count();
        for player in &expired {
            self.offered.retain(|(p, _)| p != player);
        }
        for group in matches {
            let players: Vec<String> = group.tickets.iter().map(|t| t.player.clone()).collect();
            for p in &players {
                self.offered.retain(|(q, _)| q != p);
            }
            let setup = match pool_of(&choice_of(&group.pool)) {
                Ok((_, setup)) => setup,
                Err(e) => {
                    eprintln!("mancala-server: queue: {e}");
                    continue;
                }
            };
            let message = match self.open_room(&group.pool, &setup, &players).await {
                Ok(code) => QueueMessage::Matched {
                    code,
                    choice: choice_of(&group.pool),
                    computers: 0,
                },
                Err(e) if fenced(&e) => {
                    // Another instance runs the queue now: nobody is
                    // seated here, and the players reach it.
                    self.lost();
                    return;
                }
                Err(e) => {
                    eprintln!("mancala-server: queue: {e}");
                    QueueMessage::Error {
                        code: e.code().to_string(),
                        message: e.public_message(),
                        args: e.args(),
                    }
                }
            };
            for p in &players {
                self.send_to(p, &message);
                self.tell(p);
            }
            self.tell_offered(&group.pool);
        }
        let mut due = Vec::new();
        let pools: Vec<Pool> = self.matchmaker.counts().map(|(p, _)| p.clone()).collect();
        for pool in pools {
            for ticket in self.matchmaker.waiting(&pool) {
                let key = (ticket.player.clone(), pool.clone());
                if now.saturating_sub(ticket.since) >= self.wait && !self.offered.contains(&key) {
                    due.push(key);
                }
            }
        }
        for key in due {
            let player = key.0.clone();
            self.offered.insert(key);
            self.tell(&player);
        }
    }

    /// Sends `player`'s connections where they stand.
    fn tell(&mut self, player: &str) {
        let status = self.status(player);
        self.send_to(player, &status);
    }

    /// Sends `message` to every connection of `player`; one too slow to
    /// take it is dropped (its socket then closes).
    fn send_to(&mut self, player: &str, message: &QueueMessage) {
        if let Some(conns) = self.conns.get_mut(player) {
            conns.retain(|_, out| out.try_send(message.clone()).is_ok());
        }
    }

    /// The `queue` message of `player`: their tickets now.
    fn status(&self, player: &str) -> QueueMessage {
        let now = self.now();
        let tickets = (self.matchmaker.tickets_of(player).into_iter())
            .map(|(pool, ticket)| self.ticket_view(&pool, &ticket, now))
            .collect();
        QueueMessage::Queue { tickets }
    }

    fn ticket_view(&self, pool: &Pool, ticket: &Ticket, now: Duration) -> TicketView {
        let waited = now.saturating_sub(ticket.since);
        let offer_in = self.wait.saturating_sub(waited);
        TicketView {
            choice: choice_of(pool),
            waited_ms: millis(waited),
            offer_in_ms: millis(offer_in),
            offer: offer_in.is_zero().then(|| OfferView {
                level: level_for(ticket.rating),
                computers: self.matchmaker.computer_seats(pool, &ticket.player),
            }),
        }
    }

    /// Shows how many players wait now in the metrics, every game of the
    /// queue with its number (0 too). Called after every change to the
    /// matchmaker, before anyone is told of it, so that a scrape after a
    /// `queue` message sees the change.
    fn count(&self) {
        let mut waiting = self.waiting();
        let all = games().into_iter().map(|game| {
            let players = waiting.remove(&game).unwrap_or(0);
            (game, players)
        });
        self.db.metrics().waiting(all);
    }

    /// How many players wait, by game.
    fn waiting(&self) -> HashMap<String, usize> {
        let mut players: HashMap<&str, HashSet<&str>> = HashMap::new();
        for (pool, _) in self.matchmaker.counts() {
            let set = players.entry(pool.game.as_str()).or_default();
            for t in self.matchmaker.waiting(pool) {
                set.insert(t.player.as_str());
            }
        }
        (players.into_iter())
            .map(|(game, set)| (game.to_string(), set.len()))
            .collect()
    }
}

/// Whether `error` says that this instance's claim of the queue is lost
/// (a write refused by the fence).
fn fenced(error: &Error) -> bool {
    matches!(error, Error::RoomMoved { code } if code == "queue")
}

/// The queue of `pool` as the protocol says it.
fn choice_of(pool: &Pool) -> QueueChoice {
    QueueChoice {
        game: pool.game.clone(),
        players: pool.players,
        rated: pool.rated,
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_offered_follows_the_rating_by_150_points() {
        let table = [
            (800.0, 1),
            (1200.0, 1),
            (1350.0, 2),
            (1500.0, 3),
            (1574.0, 3),
            (1576.0, 4),
            (1650.0, 4),
            (1800.0, 5),
            (2550.0, 10),
            (3000.0, 10),
        ];
        for (rating, level) in table {
            assert_eq!(level_for(rating), level, "{rating}");
        }
    }

    #[test]
    fn queues_are_the_house_rules_and_the_presets_for_the_players_they_seat() {
        let choice = |game: &str, players| QueueChoice {
            game: game.to_string(),
            players,
            rated: false,
        };
        let (pool, setup) = pool_of(&choice("house", 4)).unwrap();
        assert_eq!((pool.game.as_str(), setup.max_players), ("house", 4));
        // An alias names its preset's queue.
        assert_eq!(pool_of(&choice("awale", 2)).unwrap().0.game, "oware");
        for (game, players) in [("oware", 3), ("house", 5), ("house", 1), ("chess", 2)] {
            let refused = pool_of(&choice(game, players)).unwrap_err();
            assert_eq!(refused.code(), "no_such_queue", "{game} {players}");
        }
    }
}
