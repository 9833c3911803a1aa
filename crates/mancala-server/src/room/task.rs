//! [`Room`]: the state of one room, owned by its task. Every change is
//! committed to the database before anyone is told of it.

use std::collections::HashMap;
use std::sync::Arc;

use mancala_core::{Game, RuleSet, Rules};
use tokio::sync::mpsc;

use super::{Command, ConnId};
use crate::db::Db;
use crate::error::Error;
use crate::protocol::{ClientMessage, GameView, RoomView, SeatView, ServerMessage, SpectatorView};
use crate::setup::RoomSetup;
use crate::{PROTOCOL_VERSION, secret};

/// A game of the room with its id in the database.
#[derive(Debug)]
pub(super) struct Live {
    pub id: String,
    pub game: Game,
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
        let mut seats = vec![None; stored.setup.max_players];
        for (seat, player, name) in stored.seats {
            if let Some(slot) = seats.get_mut(seat) {
                *slot = Some(SeatView { player, name });
            }
        }
        let game = match db.last_game(code).await? {
            Some(last) => {
                let record = |source| Error::Record {
                    room: code.to_string(),
                    source,
                };
                let rules = RuleSet::from_spec(&last.rules).map_err(|source| Error::Rules {
                    spec: last.rules.clone(),
                    source,
                })?;
                Some(Live {
                    game: Game::from_record(&rules, None, &last.events).map_err(record)?,
                    id: last.id,
                })
            }
            None => None,
        };
        Ok(Room {
            db,
            code: code.to_string(),
            host: stored.host,
            rated: stored.rated,
            setup: stored.setup,
            seats,
            conns: HashMap::new(),
            shown_spectators: Vec::new(),
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
            Command::Join {
                conn,
                player,
                name,
                out,
            } => {
                let welcome = ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    you: player.clone(),
                };
                // A client too slow for its first two messages is dropped
                // by its closed channel like any other.
                let _ = out.try_send(welcome);
                let fresh = out.clone();
                self.conns.insert(conn, Conn { player, name, out });
                if !self.sync_spectators() {
                    let _ = fresh.try_send(ServerMessage::Room(self.view()));
                }
            }
            Command::Leave { conn } => {
                self.conns.remove(&conn);
                self.sync_spectators();
            }
            Command::Renamed { player, name } => self.renamed(&player, &name),
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
            ClientMessage::Stand => self.stand(&player).await,
            // The connection renames the player in every room at once
            // (`ws.rs`); none reaches a room.
            ClientMessage::Rename { .. } => Ok(()),
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
        self.broadcast_room();
        Ok(())
    }

    /// Starts a game: the host asks, enough seats are taken. The seats
    /// taken close up in seat order and, at a rematch with rotation on,
    /// turn by one (see [`seat_order`](super::lobby::seat_order)); the
    /// rules are made for that many players.
    async fn start(&mut self, player: &str) -> Result<(), Error> {
        if player != self.host {
            return Err(Error::NotHost);
        }
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
        let rules = Rules::new(&ruleset).map_err(|e| Error::Rules {
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
            .start_game(&id, &self.code, &ruleset.canonical(), &moves, &players)
            .await?;
        let mut seats = vec![None; self.seats.len()];
        for (to, &from) in order.iter().enumerate() {
            seats[to] = self.seats[from].take();
        }
        self.seats = seats;
        let game = Game::new(Arc::new(rules));
        let started = ServerMessage::Started(GameView::new(&id, &game));
        self.game = Some(Live { id, game });
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

    /// Sends the room to every client, and remembers the spectators it
    /// showed.
    pub(super) fn broadcast_room(&mut self) {
        let view = self.view();
        self.shown_spectators = view.spectators.clone();
        self.broadcast(ServerMessage::Room(view));
    }

    pub(super) fn view(&self) -> RoomView {
        RoomView {
            code: self.code.clone(),
            host: self.host.clone(),
            rules: self.current_rules(),
            house_rules: self.setup.house_rules,
            rotation: self.setup.rotation,
            rated: self.rated,
            min_players: self.setup.min_players,
            seats: self.seats.clone(),
            spectators: self.spectators(),
            game: self.game.as_ref().map(|l| GameView::new(&l.id, &l.game)),
        }
    }

    /// The canonical rules of the game being played, or else of a game
    /// started now by the players seated (at least the fewest allowed).
    fn current_rules(&self) -> String {
        if let Some(live) = self.game.as_ref().filter(|l| !l.game.is_over()) {
            return live.game.rules().rule_set().canonical();
        }
        let seated = self.seats.iter().flatten().count();
        let players = seated.clamp(self.setup.min_players, self.setup.max_players);
        match self.setup.rules_for(players) {
            Ok(rules) => rules.canonical(),
            Err(_) => self.setup.base.canonical(),
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
