//! [`Room`]: the state of one room, owned by its task. Every change is
//! committed to the database before anyone is told of it.

use std::collections::HashMap;
use std::time::Duration;

use mancala_core::{Match, RuleSet};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use super::clock::{Away, Turn};
use super::computer::{computer_id, computer_level};
use super::{Command, ConnId, Registry, Settings, UNLOAD_AFTER};
use crate::db::{Db, Fence, Loaded, StoredGame, now_ms};
use crate::error::Error;
use crate::protocol::{
    ClientMessage, ComputerReason, GameView, PlayedBy, RoomView, SeatView, ServerMessage,
    SpectatorView,
};
use crate::setup::RoomSetup;
use crate::{PROTOCOL_VERSION, secret};

/// A game of the room with its id in the database: a [`Match`], of one
/// game under rules without rounds, else of rounds (docs/rules.md
/// section 8a), the database holding every round's events one after the
/// other.
#[derive(Debug)]
pub(super) struct Live {
    pub id: String,
    pub game: Match,
    /// Why the computer played each event of the game, `None` where the
    /// seat's player did: one entry an event, over every round.
    pub played_by: Vec<Option<ComputerReason>>,
}

/// A connected client.
#[derive(Debug)]
pub(super) struct Conn {
    pub player: String,
    /// The player's display name, for the spectators.
    pub name: String,
    out: mpsc::Sender<ServerMessage>,
}

/// One room: its seats, its game and the clients connected to it.
pub(super) struct Room {
    pub db: Db,
    pub code: String,
    /// The claim this instance holds the room by: every write shows it.
    pub fence: Fence,
    /// Whether another instance took the room over: the task ends.
    moved: bool,
    /// Becomes true when the room is lost (its lease ran out or another
    /// instance took it): a command waiting on the database is given up
    /// (see [`Room::run`]). Never, in a room alone (tests).
    pub lost: watch::Receiver<bool>,
    host: String,
    /// Whether games here change ratings (see [`crate::rating`]).
    pub rated: bool,
    /// How the room makes each game's rules.
    setup: RoomSetup,
    /// As many as the most players a game takes; during a game, seat `i`
    /// is the game's player `i`.
    pub seats: Vec<Option<SeatView>>,
    pub conns: HashMap<ConnId, Conn>,
    /// The spectators as the clients were last told.
    pub shown_spectators: Vec<SpectatorView>,
    /// The game being played, or the last one played.
    pub game: Option<Live>,
    /// The server's `--cpu` and `--takeover-after`.
    pub settings: Settings,
    /// The time per turn in seconds, if any.
    pub turn_seconds: Option<u32>,
    /// The room's own queue, for the computer's moves (weak, so that the
    /// room still ends when every handle is gone).
    pub queue: mpsc::WeakSender<Command>,
    /// Seated players without a connection, by player id.
    pub away: HashMap<String, Away>,
    /// The clock of the turn being played.
    pub turn: Option<Turn>,
    /// The time the turn being played had used when the room's last
    /// owner last held it: its clock resumes with the rest.
    pub resumed: Option<Duration>,
    /// The point (game id, events) whose turn ran out of time.
    pub timed_out: Option<(String, usize)>,
    /// The point the computer is searching, if it is.
    pub thinking: Option<(String, usize)>,
    /// The point where the computer found no move (a failed search),
    /// which it does not search again.
    pub gave_up: Option<(String, usize)>,
    /// Whether the queue made the room: a rematch starts when every
    /// person seated asks for it.
    pub matched: bool,
    /// The seats whose players asked for a rematch since the last game.
    pub rematch: Vec<usize>,
    /// Where the room says how many play in it now (`None` in tests of
    /// a room alone).
    pub playing: Option<super::Playing>,
}

impl Room {
    /// Room `code` as the database holds it, with its open game replayed,
    /// claimed first for this instance (`settings.instance`), so that
    /// what it reads is what the room's last owner committed.
    ///
    /// # Errors
    ///
    /// [`Error::NoSuchRoom`], [`Error::RoomMoved`] if another instance
    /// holds a live lease on it, database errors, and [`Error::Record`]
    /// for stored rules or events that no longer replay.
    ///
    /// Nobody is connected yet: every seated person is away, keeping the
    /// time they had been away on the room's last owner (see
    /// [`Away::at_load`]), and the turn being played has what was left of its time when the
    /// room's last owner last held it (see [`Db::claim_held`]): the time
    /// no instance ran the room counts for nobody.
    pub(super) async fn load(
        db: Db,
        code: &str,
        settings: Settings,
        queue: mpsc::WeakSender<Command>,
    ) -> Result<Room, Error> {
        // When the room was last held, read with the claim (before it:
        // the claim marks the room held from now).
        let claimer = (&*settings.instance, &*settings.advertise);
        let loaded = db.load_room(code, claimer, now_ms(), settings.lease);
        match loaded.await? {
            Some(loaded) => Room::from_loaded(db, loaded, settings, queue).await,
            None if db.room(code).await?.is_none() => Err(Error::NoSuchRoom {
                code: code.to_string(),
            }),
            None => Err(Error::RoomMoved {
                code: code.to_string(),
            }),
        }
    }

    /// The room `loaded` (claimed and read, [`Db::load_room`] or
    /// [`Db::load_rooms`]), its away clocks stored again and its open
    /// game replayed, as [`Room::load`] describes.
    ///
    /// # Errors
    ///
    /// [`Error::RoomMoved`] if the room was claimed since, database
    /// errors, and [`Error::Record`] for stored rules or events that no
    /// longer replay.
    pub(super) async fn from_loaded(
        db: Db,
        loaded: Loaded,
        settings: Settings,
        queue: mpsc::WeakSender<Command>,
    ) -> Result<Room, Error> {
        let (room, since) = Room::unstored(db, loaded, settings, queue)?;
        // Stored on the loads' connections, as the rest of the load.
        room.db
            .for_loads()
            .set_away_all(&room.fence, &since)
            .await?;
        Ok(room)
    }

    /// [`Room::from_loaded`] without its write: the room, and since when
    /// each of its seated players is away (milliseconds since 1970), to
    /// store before the room runs ([`Db::set_away_batch`] for a batch).
    ///
    /// # Errors
    ///
    /// [`Error::Rules`] and [`Error::Record`] for stored rules or events
    /// that no longer replay.
    pub(super) fn unstored(
        db: Db,
        loaded: Loaded,
        settings: Settings,
        queue: mpsc::WeakSender<Command>,
    ) -> Result<(Room, Vec<(String, i64)>), Error> {
        let Loaded {
            fence,
            held_until,
            room: stored,
            game,
        } = loaded;
        let code = fence.room.clone();
        let mut seats = vec![None; stored.setup.max_players];
        let people: Vec<&str> = (stored.seats.iter())
            .map(|(_, player, _)| player.as_str())
            .filter(|player| computer_level(player).is_none())
            .collect();
        let (away, since) = Away::at_load((&people, &stored.away), held_until);
        for (seat, player, name) in stored.seats {
            if let Some(slot) = seats.get_mut(seat) {
                *slot = Some(SeatView {
                    player,
                    name,
                    away: false,
                    played_by: None,
                    level: None,
                });
            }
        }
        let (game, resumed) = Room::resume(&code, game, held_until)?;
        let room = Room {
            db,
            code,
            fence,
            moved: false,
            lost: watch::channel(false).1,
            host: stored.host,
            rated: stored.rated,
            setup: stored.setup,
            seats,
            conns: HashMap::new(),
            shown_spectators: Vec::new(),
            game,
            settings,
            turn_seconds: stored.turn_seconds,
            queue,
            away,
            turn: None,
            resumed,
            timed_out: None,
            thinking: None,
            gave_up: None,
            matched: stored.matched,
            rematch: Vec::new(),
            playing: None,
        };
        Ok((room, since))
    }

    /// The room's last game `last` as [`Room::load`] finds it, with what
    /// was left of its turn's time when the room's last owner last held
    /// it (`held_until`; `None` for a game over, or never held).
    ///
    /// # Errors
    ///
    /// [`Error::Rules`] and [`Error::Record`] for stored rules or events
    /// that no longer replay.
    fn resume(
        code: &str,
        last: Option<StoredGame>,
        held_until: Option<i64>,
    ) -> Result<(Option<Live>, Option<Duration>), Error> {
        let Some(last) = last else {
            return Ok((None, None));
        };
        let record = |source| Error::Record {
            room: code.to_string(),
            source,
        };
        let rules = RuleSet::from_spec(&last.rules).map_err(|source| Error::Rules {
            spec: last.rules.clone(),
            source,
        })?;
        // A match resumes in its round, with its burnt houses.
        let live = Live {
            game: mancala_core::Match::from_events(&rules, &last.events).map_err(record)?,
            id: last.id,
            played_by: last.played_by,
        };
        let resumed = match (last.turn_began, held_until) {
            (Some(began), Some(held)) if !live.game.is_over() => Some(Duration::from_millis(
                u64::try_from(held - began).unwrap_or(0),
            )),
            _ => None,
        };
        Ok((Some(live), resumed))
    }

    /// The room's task: takes commands and keeps the clocks until every
    /// handle is gone, or until it has been idle for [`UNLOAD_AFTER`] and
    /// leaves `registry` (see [`Room::unload`]).
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Command>, registry: Registry) {
        let mut idle_since = None;
        loop {
            // The clock of the turn, and the computer for a turn nobody
            // else plays (also one left by a server stopped mid-game).
            self.reset_clock();
            self.think();
            self.report_playing();
            let wake = self.next_wake();
            let idle = self.conns.is_empty() && self.thinking.is_none() && wake.is_none();
            idle_since = if idle {
                idle_since.or_else(|| Some(Instant::now()))
            } else {
                None
            };
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle_unless_lost(command).await,
                    None => break,
                },
                () = sleep_until(wake) => self.wake(),
                () = sleep_until(idle_since.map(|t| t + UNLOAD_AFTER)) => {
                    if self.unload(&rx, &registry).await {
                        break;
                    }
                    idle_since = None;
                }
            }
            if self.moved {
                // Nothing more is written: the clients were told to
                // connect again, and hear nothing more from here once
                // the room (with their channels) is dropped.
                let mut live = registry.lock().await;
                if live
                    .get(&self.code)
                    .is_some_and(|e| e.epoch == self.fence.epoch)
                {
                    live.remove(&self.code);
                }
                break;
            }
        }
        if let Some(playing) = &self.playing {
            playing
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&self.code);
        }
    }

    /// Handles `command`, unless the room is lost before it is done: a
    /// write that waits on a database cut off (a dropped connection
    /// fails at once, but one whose packets are dropped waits for TCP's
    /// minutes) is given up then, and the clients are told `room_moved`
    /// at once instead of once it fails. What the room holds in memory
    /// may then be half changed, and is dropped with the task; the
    /// database holds what was committed (a transaction given up before
    /// its `COMMIT` was sent is rolled back).
    async fn handle_unless_lost(&mut self, command: Command) {
        let mut lost = self.lost.clone();
        let cut = tokio::select! {
            biased;
            () = self.handle(command) => false,
            () = once_lost(&mut lost) => true,
        };
        if cut {
            self.lose(&Error::RoomMoved {
                code: self.code.clone(),
            });
        }
    }

    /// Tells the server's count of people playing whether a game is
    /// being played here, and by how many persons.
    fn report_playing(&self) {
        let Some(playing) = &self.playing else {
            return;
        };
        let mut playing = playing.lock().unwrap_or_else(|e| e.into_inner());
        if self.in_progress() {
            let people = (self.seats.iter().flatten())
                .filter(|s| computer_level(&s.player).is_none())
                .count();
            let game = self.setup.game_name();
            playing.insert(self.code.clone(), (game, people));
        } else {
            playing.remove(&self.code);
        }
    }

    /// Leaves `registry`, so that the task can end, if nobody can reach
    /// the room any more: no command is queued and no handle is held but
    /// the registry's (a connection keeps its handle from its upgrade to
    /// its close). Checked under the registry's lock, so that no client
    /// is handed the queue meanwhile; whatever the room holds is in the
    /// database already. The lease is given up after the lock (a client
    /// that loads the room again meanwhile claims it at a later epoch,
    /// which this release leaves alone). Returns whether it left.
    async fn unload(&self, rx: &mpsc::Receiver<Command>, registry: &Registry) -> bool {
        {
            let mut live = registry.lock().await;
            if !rx.is_empty() || self.queue.strong_count() > 1 {
                return false;
            }
            live.remove(&self.code);
        }
        self.release().await;
        tracing::debug!(room = %self.code, "room unloaded, idle");
        true
    }

    /// Gives the room's lease up, so that any instance may take it at
    /// once, waiting at most [`Settings::patience`]; returns whether it
    /// was. If not, the lease runs out by itself.
    async fn release(&self) -> bool {
        let patience = self.settings.patience();
        match tokio::time::timeout(patience, self.db.release(&self.fence)).await {
            Ok(Ok(())) => true,
            Ok(Err(error)) => {
                tracing::warn!(room = %self.code, %error, "releasing the room's lease failed");
                false
            }
            Err(_) => {
                tracing::warn!(room = %self.code, limit = ?patience, "releasing the room's lease took too long");
                false
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                conn,
                player,
                name,
                out,
            } => {
                let back = self.away.remove(&player).is_some() && self.seat_of(&player).is_some();
                let welcome = ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    you: player.clone(),
                };
                // A client too slow for its first two messages is dropped
                // by its closed channel like any other.
                let _ = out.try_send(welcome);
                let fresh = out.clone();
                // (The broadcast may drop the connection: a full queue.)
                let who = player.clone();
                self.conns.insert(conn, Conn { player, name, out });
                if back {
                    // Their seat is theirs again at once: tell everyone.
                    self.broadcast_room();
                    self.store_away(&who, None).await;
                } else if !self.sync_spectators() {
                    let _ = fresh.try_send(ServerMessage::Room(self.view()));
                }
            }
            Command::Leave { conn, player } => {
                self.conns.remove(&conn);
                let connected = self.conns.values().any(|c| c.player == player);
                if !connected && self.seat_of(&player).is_some() {
                    self.away
                        .insert(player.clone(), Away::since(Instant::now()));
                    self.broadcast_room();
                    self.store_away(&player, Some(now_ms())).await;
                } else {
                    self.sync_spectators();
                }
            }
            Command::Renamed { player, name } => self.renamed(&player, &name),
            Command::Message { conn, message } => match self.dispatch(conn, message).await {
                Err(e) if e.loses_room() => self.lose(&e),
                Err(e) => self.refuse(conn, &e),
                Ok(()) => {}
            },
            Command::Computed { game, seq, mv } => match self.computed(game, seq, mv).await {
                Err(e) if e.loses_room() => self.lose(&e),
                Err(e) => {
                    tracing::error!(room = %self.code, error = %e, "the computer's move failed");
                }
                Ok(()) => {}
            },
            Command::Begin => match self.begin().await {
                Err(e) if e.loses_room() => self.lose(&e),
                Err(e) => {
                    tracing::error!(room = %self.code, error = %e, "starting the queue's game failed")
                }
                Ok(()) => {}
            },
            Command::Lost => {
                let e = Error::RoomMoved {
                    code: self.code.clone(),
                };
                self.lose(&e);
            }
            Command::Drain => {
                // Given up first, so that the clients told find the room
                // free elsewhere.
                if self.release().await {
                    self.db.metrics().rooms_handed_over.inc();
                }
                tracing::debug!(room = %self.code, "room handed over");
                self.broadcast(error_message(&Error::RoomMoved {
                    code: self.code.clone(),
                }));
                self.moved = true;
            }
        }
    }

    /// Stores since when `player` has been away (`None`: back), so that
    /// the room's next owner counts their takeover delay on; a write
    /// fenced off means the room was lost.
    async fn store_away(&mut self, player: &str, since: Option<i64>) {
        match self.db.set_away(&self.fence, player, since).await {
            Err(e @ Error::RoomMoved { .. }) => self.lose(&e),
            Err(error) => {
                tracing::warn!(room = %self.code, %error, "storing a player's absence failed");
            }
            Ok(()) => {}
        }
    }

    /// This instance can no longer write for the room (`error`):
    /// another instance took it over, its lease could not be renewed, or
    /// a write failed (what the room holds in memory may then differ from
    /// the database, which is the truth). Every client is told to
    /// connect again (`room_moved`), and the task ends without another
    /// write; the next load of the room, here or on another instance,
    /// reads it back from the database.
    fn lose(&mut self, error: &Error) {
        if let Error::RoomMoved { .. } = error {
            tracing::warn!(room = %self.code, epoch = self.fence.epoch, "room lost to another instance");
        } else {
            tracing::error!(room = %self.code, epoch = self.fence.epoch, %error, "a write for the room failed: the room is given up");
        }
        self.db.metrics().rooms_lost.inc();
        self.broadcast(error_message(&Error::RoomMoved {
            code: self.code.clone(),
        }));
        self.moved = true;
    }

    async fn dispatch(&mut self, conn: ConnId, message: ClientMessage) -> Result<(), Error> {
        let player = match self.conns.get(&conn) {
            Some(c) => c.player.clone(),
            None => return Ok(()),
        };
        match message {
            ClientMessage::Hello { .. } => Err(Error::HelloAgain),
            ClientMessage::Sit { seat, also } => self.sit(&player, seat, also).await,
            ClientMessage::Stand => self.stand(&player).await,
            // The connection renames the player in every room at once
            // (`ws.rs`); none reaches a room.
            ClientMessage::Rename { .. } => Ok(()),
            ClientMessage::Start => self.start(&player).await,
            ClientMessage::Move { mv, seat } => self.play(&player, &mv, seat).await,
            ClientMessage::Resign => self.resign(&player).await,
            ClientMessage::Rematch => self.ask_rematch(&player).await,
            ClientMessage::Computer { seat, level } => self.computer(&player, seat, level).await,
        }
    }

    /// Tells connection `conn` alone why its request was refused.
    fn refuse(&mut self, conn: ConnId, error: &Error) {
        if error.code() == "internal" {
            tracing::error!(room = %self.code, %error, "internal error in a room");
        }
        if let Some(c) = self.conns.get(&conn) {
            let _ = c.out.try_send(error_message(error));
        }
    }

    /// Seats `player` in `seat`, or in the first free seat. A seated
    /// player may take another seat `also` (pass and play: one person at
    /// one device holding several seats), in a casual room only.
    async fn sit(&mut self, player: &str, seat: Option<usize>, also: bool) -> Result<(), Error> {
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        if let Some(seat) = self.seat_of(player) {
            if !also {
                return Err(Error::AlreadySeated { seat });
            }
            if self.rated {
                return Err(Error::OneSeatRated { seat });
            }
        }
        let seat = match seat {
            Some(s) if s >= self.seats.len() => return Err(Error::NoSuchSeat { seat: s }),
            Some(s) if self.seats[s].is_some() => return Err(Error::SeatTaken { seat: s }),
            Some(s) => s,
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .ok_or(Error::SeatTaken {
                    seat: self.seats.len() - 1,
                })?,
        };
        let name = self
            .db
            .player(player)
            .await?
            .map(|(_, name)| name)
            .unwrap_or_default();
        self.db.sit(&self.fence, seat, player).await?;
        self.seats[seat] = Some(SeatView {
            player: player.to_string(),
            name,
            away: false,
            played_by: None,
            level: None,
        });
        self.broadcast_room();
        Ok(())
    }

    /// Puts the computer at `level` in `seat`, or takes it out (`None`):
    /// the host asks, between games, for a seat that is empty or the
    /// computer's.
    async fn computer(
        &mut self,
        player: &str,
        seat: usize,
        level: Option<u8>,
    ) -> Result<(), Error> {
        if player != self.host {
            return Err(Error::NotHost);
        }
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        let sitter = self.seats.get(seat).ok_or(Error::NoSuchSeat { seat })?;
        let computer = match sitter {
            Some(s) if computer_level(&s.player).is_none() => {
                return Err(Error::SeatTaken { seat });
            }
            Some(_) => true,
            None => false,
        };
        match level {
            None if computer => {
                self.db.stand(&self.fence, seat).await?;
                self.seats[seat] = None;
            }
            None => return Ok(()),
            Some(level) => {
                let id = computer_id(level);
                if computer_level(&id).is_none() {
                    return Err(Error::BadLevel { level });
                }
                if computer {
                    self.db.reseat(&self.fence, seat, &id).await?;
                } else {
                    self.db.sit(&self.fence, seat, &id).await?;
                }
                let name = self.db.player(&id).await?.map(|(_, name)| name);
                self.seats[seat] = Some(SeatView {
                    player: id,
                    name: name.unwrap_or_default(),
                    away: false,
                    played_by: None,
                    level: None,
                });
            }
        }
        self.broadcast(ServerMessage::Room(self.view()));
        Ok(())
    }

    /// Starts a game: the host asks, enough seats are taken. The seats
    /// taken close up in seat order and, at a rematch with rotation on,
    /// turn by one (see [`seat_order`](super::lobby::seat_order)); the
    /// rules are made for that many players.
    async fn start(&mut self, player: &str) -> Result<(), Error> {
        // In a room of strangers the host is whoever waited longest: a
        // rematch there is everyone's ([`Room::ask_rematch`]).
        if player != self.host || (self.matched && self.game.is_some()) {
            return Err(Error::NotHost);
        }
        self.begin().await
    }

    /// `player` asks for a rematch; once every person seated has, the
    /// game starts (see [`Room::begin`]).
    async fn ask_rematch(&mut self, player: &str) -> Result<(), Error> {
        if self.game.is_none() {
            return Err(Error::NoGame);
        }
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        let seats = self.seats_of(player);
        if seats.is_empty() {
            return Err(Error::NotSeated);
        }
        for seat in seats {
            if !self.rematch.contains(&seat) {
                self.rematch.push(seat);
            }
        }
        self.rematch.sort_unstable();
        let everyone = (0..self.seats.len()).all(|s| {
            self.seats[s]
                .as_ref()
                .is_none_or(|v| computer_level(&v.player).is_some() || self.rematch.contains(&s))
        });
        if everyone {
            self.begin().await
        } else {
            self.broadcast_room();
            Ok(())
        }
    }

    /// Starts a game with the players seated, whoever asked.
    async fn begin(&mut self) -> Result<(), Error> {
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        let taken: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.seats[s].is_some())
            .collect();
        if taken.len() < self.setup.min_players {
            return Err(self.too_few(taken.len()));
        }
        let rotate = self.setup.rotation && self.game.is_some();
        let order = super::lobby::seat_order(&taken, rotate);
        let ruleset = self.setup.rules_for(order.len())?;
        // Rules that deal every game afresh (layout_seed = each_game) are
        // dealt here from the server's random source: the game's rules,
        // stored and sent, name the seed, so its replay and export deal
        // the same board.
        let ruleset = if ruleset.deals_each_game() {
            ruleset.dealt_for_game(getrandom::u64().map_err(Error::Random)?)
        } else {
            ruleset
        };
        let game = Match::new(&ruleset).map_err(|e| Error::Rules {
            spec: ruleset.canonical(),
            source: mancala_core::RuleSpecError::Invalid(e),
        })?;
        let players: Vec<String> = order
            .iter()
            .filter_map(|&s| self.seats[s].as_ref().map(|v| v.player.clone()))
            .collect();
        let moves: Vec<(usize, usize)> = order
            .iter()
            .enumerate()
            .filter(|&(to, &from)| from != to)
            .map(|(to, &from)| (from, to))
            .collect();
        let id = secret::token()?;
        self.db
            .start_game(&id, &self.fence, &ruleset.canonical(), &moves, &players)
            .await?;
        let mut seats = vec![None; self.seats.len()];
        for (to, &from) in order.iter().enumerate() {
            seats[to] = self.seats[from].take();
        }
        self.seats = seats;
        self.rematch.clear();
        self.game = Some(Live {
            id,
            game,
            played_by: Vec::new(),
        });
        self.reset_clock();
        let started = ServerMessage::Started(self.game_view().expect("a game was just started"));
        if !moves.is_empty() {
            self.broadcast_room();
        }
        self.broadcast(started);
        Ok(())
    }

    /// The refusal of a start with `seated` players: every seat must be
    /// taken where the rules fix the count, else enough of them.
    fn too_few(&self, seated: usize) -> Error {
        match self.seats.iter().position(Option::is_none) {
            Some(seat) if self.setup.min_players == self.seats.len() => Error::SeatEmpty { seat },
            _ => Error::TooFewPlayers {
                seated,
                min: self.setup.min_players,
            },
        }
    }

    /// Whether the host may start a game now ([`RoomView::can_start`]):
    /// what [`Room::start`] checks besides who asks.
    fn can_start(&self) -> bool {
        let taken = self.seats.iter().flatten().count();
        let by_host = !(self.matched && self.game.is_some());
        by_host && !self.in_progress() && taken >= self.setup.min_players
    }

    /// Whether a game is being played.
    pub(super) fn in_progress(&self) -> bool {
        self.game.as_ref().is_some_and(|live| !live.game.is_over())
    }

    /// The (first) seat of `player`, if they sit in the room.
    pub(super) fn seat_of(&self, player: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.player == player))
    }

    /// Every seat of `player`: one, except in pass and play.
    pub(super) fn seats_of(&self, player: &str) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].as_ref().is_some_and(|v| v.player == player))
            .collect()
    }

    /// Sends `message` to every client; a client whose queue is full or
    /// closed is dropped (its connection then closes).
    pub(super) fn broadcast(&mut self, message: ServerMessage) {
        self.conns
            .retain(|_, c| c.out.try_send(message.clone()).is_ok());
    }

    /// Sends the room to every client, and remembers the spectators it
    /// showed.
    pub(super) fn broadcast_room(&mut self) {
        let view = self.view();
        self.shown_spectators = view.spectators.clone();
        self.broadcast(ServerMessage::Room(view));
    }

    /// The room as clients see it.
    pub(super) fn view(&self) -> RoomView {
        RoomView {
            code: self.code.clone(),
            host: self.host.clone(),
            rules: self.current_rules(),
            preset: self.setup.preset().map(|p| p.name().to_string()),
            house_rules: self.setup.house_rules,
            rotation: self.setup.rotation,
            rated: self.rated,
            min_players: self.setup.min_players,
            turn_seconds: self.turn_seconds,
            seats: self
                .seats
                .iter()
                .map(|s| s.as_ref().map(|s| self.seat_view(s)))
                .collect(),
            can_start: self.can_start(),
            spectators: self.spectators(),
            game: self.game_view(),
            matched: self.matched,
            rematch: self.rematch.clone(),
        }
    }

    /// The canonical rules of the game being played, or else of a game
    /// started now by the players seated (at least the fewest allowed).
    fn current_rules(&self) -> String {
        if let Some(live) = self.game.as_ref().filter(|l| !l.game.is_over()) {
            return live.game.rule_set().canonical();
        }
        let seated = self.seats.iter().flatten().count();
        let players = seated.clamp(self.setup.min_players, self.setup.max_players);
        match self.setup.rules_for(players) {
            Ok(rules) => rules.canonical(),
            Err(_) => self.setup.base.canonical(),
        }
    }

    /// `seat` with who is away and who plays for whom.
    fn seat_view(&self, seat: &SeatView) -> SeatView {
        let away = self.away.get(&seat.player);
        let level = computer_level(&seat.player);
        SeatView {
            away: away.is_some(),
            played_by: (level.is_some() || away.is_some_and(|a| a.taken_over))
                .then_some(PlayedBy::Computer),
            level,
            ..seat.clone()
        }
    }

    /// The game being played or last played, with its clock.
    fn game_view(&self) -> Option<GameView> {
        let live = self.game.as_ref()?;
        Some(GameView::new(
            &live.id,
            &live.game,
            &live.played_by,
            self.clock_view(),
        ))
    }
}

/// Waits until `lost` says the room is lost; for ever if it never can
/// (its sender is gone: the room left the registry, or runs alone).
async fn once_lost(lost: &mut watch::Receiver<bool>) {
    if lost.wait_for(|lost| *lost).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Waits until `at`, or for ever.
async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// The `error` message for `error`.
pub(crate) fn error_message(error: &Error) -> ServerMessage {
    ServerMessage::Error {
        code: error.code().to_string(),
        message: error.public_message(),
        args: error.args(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use mancala_ai::Allocation;
    use mancala_core::{Event, Move};

    use super::*;
    use crate::DEFAULT_CPU;

    /// Room `r` of a fresh database with players `a` (host, seat 0,
    /// connection 0) and `b` (seat 1, connection 1), its game started,
    /// `turn_seconds` a turn.
    async fn started_room(
        dir: &tempfile::TempDir,
        turn_seconds: Option<u32>,
    ) -> (Room, mpsc::Sender<Command>) {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
        let db = Db::open(&url).await.unwrap();
        for id in ["a", "b"] {
            db.create_player(id, id, "-").await.unwrap();
        }
        let setup = RoomSetup::choose(Some("kalah"), None, None).unwrap();
        db.create_room("r", "a", &setup, false, turn_seconds)
            .await
            .unwrap();
        let settings = Settings {
            instance: Arc::from("test"),
            advertise: Arc::from("http://test"),
            lease: Duration::from_secs(6),
            cpu: DEFAULT_CPU,
            takeover_after: Duration::from_secs(60),
            silence_limit: None,
        };
        let (queue, _) = mpsc::channel(8);
        let mut room = Room::load(db, "r", settings, queue.downgrade())
            .await
            .unwrap();
        // The clients' ends live until the game starts (a closed one
        // would be dropped by the next broadcast, before it sits).
        let mut outboxes = Vec::new();
        for (conn, player) in [(0, "a"), (1, "b")] {
            let (out, outbox) = mpsc::channel(64);
            outboxes.push(outbox);
            let (player, name) = (player.to_string(), player.to_string());
            room.handle(Command::Join {
                conn,
                player,
                name,
                out,
            })
            .await;
            let sit = ClientMessage::Sit {
                seat: Some(conn as usize),
                also: false,
            };
            room.dispatch(conn, sit).await.unwrap();
        }
        room.conns.clear();
        room.start("a").await.unwrap();
        drop(outboxes);
        (room, queue)
    }

    fn events(room: &Room) -> Vec<Event> {
        crate::protocol::match_events(&room.game.as_ref().unwrap().game)
    }

    #[tokio::test]
    async fn the_computers_move_is_played_only_where_it_was_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let (mut room, _queue) = started_room(&dir, None).await;
        let id = room.game.as_ref().unwrap().id.clone();
        room.play("a", "1", None).await.unwrap();
        let played = vec![Event::Move(Move::House(1))];
        let computed = |game: &str, seq: usize| Command::Computed {
            game: game.to_string(),
            seq,
            mv: Some(Move::House(2)),
        };

        // Stale: the game went on since, or it is another game.
        room.thinking = Some((id.clone(), 0));
        room.handle(computed(&id, 0)).await;
        assert_eq!(events(&room), played);
        assert_eq!(room.thinking, None);
        room.handle(computed("another game", 1)).await;
        assert_eq!(events(&room), played);
        // In time, seat 1 plays its own turn: the computer does not.
        room.handle(computed(&id, 1)).await;
        assert_eq!(events(&room), played);
        // Once the turn ran out, the computer's move is played; a search
        // that found none is not started again for that turn.
        room.timed_out = room.point();
        let nothing = Command::Computed {
            game: id.clone(),
            seq: 1,
            mv: None,
        };
        room.handle(nothing).await;
        room.think();
        assert_eq!(room.thinking, None);
        assert_eq!(events(&room), played);
        room.handle(computed(&id, 1)).await;
        assert_eq!(events(&room), [played[0], Event::Move(Move::House(2))]);
    }

    #[tokio::test]
    async fn the_computer_is_given_the_time_left_on_the_turns_clock() {
        let dir = tempfile::tempdir().unwrap();
        let (mut room, _queue) = started_room(&dir, Some(30)).await;
        // Virtual time from here: the turn's clock starts again at a
        // frozen instant.
        tokio::time::pause();
        room.turn = None;
        room.reset_clock();
        let ms = Duration::from_millis;
        let time = |soft, hard| Allocation {
            soft: ms(soft),
            hard: ms(hard),
        };
        // 30 s left: the cap, 2 s.
        assert_eq!(room.computer_time(), time(1_000, 2_000));
        // 1 s left: 700 ms, the margin 300 ms.
        tokio::time::advance(Duration::from_secs(29)).await;
        assert_eq!(room.computer_time(), time(350, 700));
        // 200 ms left, then none: the last millisecond.
        tokio::time::advance(ms(800)).await;
        let last = Allocation {
            soft: Duration::from_micros(500),
            hard: ms(1),
        };
        assert_eq!(room.computer_time(), last);
        tokio::time::advance(ms(500)).await;
        assert_eq!(room.computer_time(), last);
        // The next turn has its whole time again (the database on real
        // time: a paused clock would jump to its pool's timeouts).
        tokio::time::resume();
        room.play("a", "1", None).await.unwrap();
        room.reset_clock();
        assert_eq!(room.computer_time(), time(1_000, 2_000));
        let left = room.turn_left().unwrap();
        assert!(left > Duration::from_secs(29), "{left:?}");
    }

    /// Seat `seat`'s view in `room`: whether it is away, and whether the
    /// computer plays it.
    fn seat_state(room: &Room, seat: usize) -> (bool, bool) {
        let view = room.view();
        let seat = view.seats[seat].as_ref().unwrap();
        (seat.away, seat.played_by.is_some())
    }

    // docs/protocol.md, "The computer, clocks and dropping out": a room
    // loaded by another instance keeps the time a player had been away.
    #[tokio::test]
    async fn a_room_taken_over_keeps_the_time_a_player_had_been_away() {
        let dir = tempfile::tempdir().unwrap();
        let (mut room, _queue) = started_room(&dir, None).await;
        let db = room.db.clone();
        // B's last connection closes: the time is stored; A's closes and
        // A comes back: nothing is stored for A.
        for conn in [0, 1] {
            let (out, _outbox) = mpsc::channel(64);
            let player = ["a", "b"][conn as usize].to_string();
            let name = player.clone();
            room.handle(Command::Join {
                conn,
                player,
                name,
                out,
            })
            .await;
        }
        let (out, _outbox) = mpsc::channel(64);
        for (conn, player) in [(1, "b"), (0, "a")] {
            let player = player.to_string();
            room.handle(Command::Leave { conn, player }).await;
        }
        let (player, name) = ("a".to_string(), "a".to_string());
        room.handle(Command::Join {
            conn: 2,
            player,
            name,
            out,
        })
        .await;
        let stored = db.away_times("r").await.unwrap();
        assert_eq!(stored.keys().collect::<Vec<_>>(), ["b"]);
        assert!((now_ms() - stored["b"]).abs() < 5_000, "{stored:?}");

        // B had been away for 40 s when the room's owner last held it
        // (its last renewal); another instance claims the room once the
        // lease has run out and loads it.
        let held = now_ms();
        sqlx::query("UPDATE room_seats SET away_since = $1 WHERE player = 'b'")
            .bind(held - 40_000)
            .execute(db.pool())
            .await
            .unwrap();
        sqlx::query("UPDATE room_owners SET held_until = $1, expires_at = $1")
            .bind(held)
            .execute(db.pool())
            .await
            .unwrap();
        let settings = Settings {
            instance: Arc::from("other"),
            ..room.settings.clone()
        };
        let (queue, _) = mpsc::channel(8);
        let mut loaded = Room::load(db.clone(), "r", settings, queue.downgrade())
            .await
            .unwrap();
        // From the load, B's time away is stored as 40 s before it, A's
        // as the load (A was connected to the last owner).
        let stored = db.away_times("r").await.unwrap();
        let now = now_ms();
        assert!((now - 40_000 - stored["b"]).abs() < 5_000, "{stored:?}");
        assert!((now - stored["a"]).abs() < 5_000, "{stored:?}");

        // Virtual time from here (the database no more). B's seat is
        // taken over 20 s after the load, the rest of the 60 s delay;
        // A's 60 s after it.
        tokio::time::pause();
        let due = loaded.next_wake().unwrap() - Instant::now();
        assert!(due <= Duration::from_secs(20), "{due:?}");
        assert!(due > Duration::from_secs(15), "{due:?}");
        assert_eq!(seat_state(&loaded, 1), (true, false));
        tokio::time::advance(due).await;
        loaded.wake();
        assert_eq!(seat_state(&loaded, 1), (true, true));
        assert_eq!(seat_state(&loaded, 0), (true, false));
        tokio::time::advance(Duration::from_secs(40)).await;
        loaded.wake();
        assert_eq!(seat_state(&loaded, 0), (true, true));
    }

    #[tokio::test]
    async fn without_a_time_per_turn_the_computer_has_two_seconds() {
        let dir = tempfile::tempdir().unwrap();
        let (room, _queue) = started_room(&dir, None).await;
        assert_eq!(room.turn_left(), None);
        let two = Allocation {
            soft: Duration::from_secs(1),
            hard: Duration::from_secs(2),
        };
        assert_eq!(room.computer_time(), two);
    }
}
