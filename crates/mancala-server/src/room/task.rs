//! [`Room`]: the state of one room, owned by its task. Every change is
//! committed to the database before anyone is told of it.

use std::collections::HashMap;
use std::sync::Arc;

use mancala_core::{Game, RecordError, RuleSet, Rules};
use tokio::sync::mpsc;

use super::{Command, ConnId};
use crate::db::Db;
use crate::error::Error;
use crate::protocol::{ClientMessage, GameView, RoomView, SeatView, ServerMessage};
use crate::{PROTOCOL_VERSION, secret};

/// A game of the room with its id in the database.
#[derive(Debug)]
pub(super) struct Live {
    pub id: String,
    pub game: Game,
}

/// A connected client.
#[derive(Debug)]
struct Conn {
    player: String,
    out: mpsc::Sender<ServerMessage>,
}

/// One room: its seats, its game and the clients connected to it.
pub(super) struct Room {
    pub db: Db,
    pub code: String,
    host: String,
    /// Whether games here change ratings (see [`crate::rating`]).
    pub rated: bool,
    ruleset: RuleSet,
    rules: Arc<Rules>,
    seats: Vec<Option<SeatView>>,
    conns: HashMap<ConnId, Conn>,
    /// The game being played, or the last one played since the task started.
    pub game: Option<Live>,
}

impl Room {
    /// Room `code` as the database holds it, with its open game replayed.
    ///
    /// # Errors
    ///
    /// [`Error::NoSuchRoom`], database errors, and [`Error::Record`] for
    /// stored rules or events that no longer replay.
    pub(super) async fn load(db: Db, code: &str) -> Result<Room, Error> {
        let stored = db.room(code).await?.ok_or_else(|| Error::NoSuchRoom {
            code: code.to_string(),
        })?;
        let record = |source| Error::Record {
            room: code.to_string(),
            source,
        };
        let ruleset = RuleSet::from_spec(&stored.rules).map_err(|source| Error::Rules {
            spec: stored.rules.clone(),
            source,
        })?;
        let rules = Arc::new(Rules::new(&ruleset).map_err(|e| record(RecordError::Rules(e)))?);
        let mut seats = vec![None; rules.players()];
        for (seat, player, name) in stored.seats {
            if let Some(slot) = seats.get_mut(seat) {
                *slot = Some(SeatView { player, name });
            }
        }
        let game = match db.open_game(code).await? {
            Some(open) => Some(Live {
                game: Game::from_record(&ruleset, None, &open.events).map_err(record)?,
                id: open.id,
            }),
            None => None,
        };
        Ok(Room {
            db,
            code: code.to_string(),
            host: stored.host,
            rated: stored.rated,
            ruleset,
            rules,
            seats,
            conns: HashMap::new(),
            game,
        })
    }

    /// The room's task: takes commands until every handle is gone.
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        // A server stopped between a resignation and the computer's move
        // for that seat left a turn nobody else would play.
        if let Err(e) = self.play_resigned_seats().await {
            eprintln!("mancala-server: room {}: {e}", self.code);
        }
        while let Some(command) = rx.recv().await {
            self.handle(command).await;
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join { conn, player, out } => {
                let welcome = ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    you: player.clone(),
                };
                // A client too slow for its first two messages is dropped
                // by its closed channel like any other.
                let _ = out.try_send(welcome);
                let _ = out.try_send(ServerMessage::Room(self.view()));
                self.conns.insert(conn, Conn { player, out });
            }
            Command::Leave { conn } => {
                self.conns.remove(&conn);
            }
            Command::Message { conn, message } => {
                if let Err(e) = self.dispatch(conn, message).await {
                    self.refuse(conn, &e);
                }
            }
        }
    }

    async fn dispatch(&mut self, conn: ConnId, message: ClientMessage) -> Result<(), Error> {
        let player = match self.conns.get(&conn) {
            Some(c) => c.player.clone(),
            None => return Ok(()),
        };
        match message {
            ClientMessage::Hello { .. } => Err(Error::HelloAgain),
            ClientMessage::Sit { seat } => self.sit(&player, seat).await,
            ClientMessage::Start => self.start(&player).await,
            ClientMessage::Move { mv, seat } => self.play(&player, &mv, seat).await,
            ClientMessage::Resign => self.resign(&player).await,
        }
    }

    /// Tells connection `conn` alone why its request was refused.
    fn refuse(&mut self, conn: ConnId, error: &Error) {
        if error.code() == "internal" {
            eprintln!("mancala-server: room {}: {error}", self.code);
        }
        if let Some(c) = self.conns.get(&conn) {
            let _ = c.out.try_send(error_message(error));
        }
    }

    /// Seats `player` in `seat`, or in the first free seat.
    async fn sit(&mut self, player: &str, seat: Option<usize>) -> Result<(), Error> {
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        if let Some(seat) = self.seat_of(player) {
            return Err(Error::AlreadySeated { seat });
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
        self.db.sit(&self.code, seat, player).await?;
        self.seats[seat] = Some(SeatView {
            player: player.to_string(),
            name,
        });
        self.broadcast(ServerMessage::Room(self.view()));
        Ok(())
    }

    /// Starts a game: the host asks, every seat is taken.
    async fn start(&mut self, player: &str) -> Result<(), Error> {
        if player != self.host {
            return Err(Error::NotHost);
        }
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        let mut players = Vec::with_capacity(self.seats.len());
        for (seat, sitter) in self.seats.iter().enumerate() {
            players.push(
                sitter
                    .as_ref()
                    .ok_or(Error::SeatEmpty { seat })?
                    .player
                    .clone(),
            );
        }
        let id = secret::token()?;
        let rules = self.ruleset.canonical();
        self.db
            .start_game(&id, &self.code, &rules, &players)
            .await?;
        let game = Game::new(Arc::clone(&self.rules));
        self.broadcast(ServerMessage::Started(GameView::new(&id, &game)));
        self.game = Some(Live { id, game });
        Ok(())
    }

    /// Whether a game is being played.
    pub(super) fn in_progress(&self) -> bool {
        self.game.as_ref().is_some_and(|live| !live.game.is_over())
    }

    /// The seat of `player`, if they sit in the room.
    pub(super) fn seat_of(&self, player: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.player == player))
    }

    /// Sends `message` to every client; a client whose queue is full or
    /// closed is dropped (its connection then closes).
    pub(super) fn broadcast(&mut self, message: ServerMessage) {
        self.conns
            .retain(|_, c| c.out.try_send(message.clone()).is_ok());
    }

    fn view(&self) -> RoomView {
        RoomView {
            code: self.code.clone(),
            host: self.host.clone(),
            rules: self.ruleset.canonical(),
            rated: self.rated,
            seats: self.seats.clone(),
            game: self.game.as_ref().map(|l| GameView::new(&l.id, &l.game)),
        }
    }
}

/// The `error` message for `error`.
pub(crate) fn error_message(error: &Error) -> ServerMessage {
    ServerMessage::Error {
        code: error.code().to_string(),
        message: error.public_message(),
    }
}
