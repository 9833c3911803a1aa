//! Rooms: one tokio task per room owns its state ([`task`]); the
//! [`Rooms`] registry starts a room's task the first time a client asks
//! for it, from what the database holds.

mod clock;
mod computer;
mod game;
mod lobby;
mod task;

pub(crate) use computer::check_cpu;
pub(crate) use task::error_message;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use mancala_ai::Spec;
use mancala_core::Move;
use tokio::sync::{Mutex, mpsc};

use crate::Config;
use crate::db::Db;
use crate::error::Error;
use crate::protocol::{ClientMessage, ServerMessage};
use task::Room;

/// What every room takes from the server's [`Config`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// Who plays timed-out turns, taken-over seats and resigned seats.
    pub cpu: Spec,
    /// How long a player is away before `cpu` plays their seat.
    pub takeover_after: Duration,
    /// How long a connection may be silent before it is dropped.
    pub silence_limit: Option<Duration>,
}

impl From<&Config> for Settings {
    fn from(config: &Config) -> Settings {
        Settings {
            cpu: config.cpu,
            takeover_after: config.takeover_after,
            silence_limit: config.silence_limit,
        }
    }
}

/// Commands queued for a room's task before the connections feeding it
/// wait (back-pressure).
const ROOM_QUEUE: usize = 256;

/// Identifies one WebSocket connection within the server.
pub(crate) type ConnId = u64;

/// What a connection asks of its room's task.
#[derive(Debug)]
pub(crate) enum Command {
    /// An authenticated client joined: send it the room and then every
    /// broadcast through `out`.
    Join {
        /// The connection.
        conn: ConnId,
        /// Its player id.
        player: String,
        /// The player's display name.
        name: String,
        /// The channel to the connection's writer.
        out: mpsc::Sender<ServerMessage>,
    },
    /// The connection closed.
    Leave {
        /// The connection.
        conn: ConnId,
        /// Its player id.
        player: String,
    },
    /// A player changed their display name (stored already).
    Renamed {
        /// The player id.
        player: String,
        /// The new name.
        name: String,
    },
    /// A client message (never `hello`) from the connection.
    Message {
        /// The connection.
        conn: ConnId,
        /// The message.
        message: ClientMessage,
    },
    /// The computer chose `mv` for the position after event `seq` of game
    /// `game`; stale (and dropped) if the game has gone on since.
    Computed {
        /// The game's id.
        game: String,
        /// The number of events the game had.
        seq: usize,
        /// The move, `None` if the computer found none.
        mv: Option<Move>,
    },
}

/// The way to a room's task.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Hands `command` to the room's task.
    ///
    /// # Errors
    ///
    /// [`Error::RoomClosed`] if the task has stopped.
    pub(crate) async fn send(&self, command: Command) -> Result<(), Error> {
        self.tx.send(command).await.map_err(|_| Error::RoomClosed)
    }
}

/// The rooms whose tasks are running, by code (a cheap handle: clones
/// share the rooms).
#[derive(Clone, Debug)]
pub(crate) struct Rooms {
    db: Db,
    settings: Settings,
    live: Arc<Mutex<HashMap<String, mpsc::Sender<Command>>>>,
}

impl Rooms {
    /// No room running yet; rooms will run with `settings`.
    pub(crate) fn new(db: Db, settings: Settings) -> Rooms {
        Rooms {
            db,
            settings,
            live: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The room `code`, its task started from the database if it is not
    /// running.
    ///
    /// # Errors
    ///
    /// [`Error::NoSuchRoom`] if the database has no such room; database
    /// and replay errors while loading it.
    pub(crate) async fn get(&self, code: &str) -> Result<RoomHandle, Error> {
        // Held across the load so that two clients never start two tasks
        // for one room.
        let mut live = self.live.lock().await;
        if let Some(tx) = live.get(code).filter(|tx| !tx.is_closed()) {
            return Ok(RoomHandle { tx: tx.clone() });
        }
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let room = Room::load(self.db.clone(), code, self.settings, tx.downgrade()).await?;
        tokio::spawn(room.run(rx));
        live.insert(code.to_string(), tx.clone());
        Ok(RoomHandle { tx })
    }

    /// Tells every running room that `player` is now called `name`; the
    /// rooms they are in show it to their clients.
    pub(crate) async fn renamed(&self, player: &str, name: &str) {
        // Sent outside the lock, so that a busy room holds up no other.
        let rooms: Vec<_> = self.live.lock().await.values().cloned().collect();
        for tx in rooms {
            let renamed = Command::Renamed {
                player: player.to_string(),
                name: name.to_string(),
            };
            // A room that stopped has nobody to tell.
            let _ = tx.send(renamed).await;
        }
    }
}
