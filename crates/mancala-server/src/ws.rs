//! One WebSocket connection: the `hello` that authenticates it, then
//! client messages checked and handed to the room's task, and the room's
//! messages written back.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::mpsc;

use crate::db::Db;
use crate::error::Error;
use crate::protocol::{ClientMessage, ServerMessage};
use crate::room::error_message;
use crate::room::{Command, ConnId, RoomHandle};
use crate::{MAX_MESSAGE, PROTOCOL_VERSION, secret};

/// How long a new connection has to say `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Messages queued for a client before the room drops it as too slow.
const OUTBOX: usize = 256;

/// Serves one connection to `room` until either side closes it.
pub(crate) async fn serve(mut socket: WebSocket, db: Db, room: RoomHandle, conn: ConnId) {
    let player = match tokio::time::timeout(HELLO_TIMEOUT, authenticate(&mut socket, &db)).await {
        Ok(Ok(player)) => player,
        Ok(Err(e)) => {
            let _ = send(&mut socket, &error_message(&e)).await;
            return;
        }
        Err(_) => return,
    };
    let (out, mut outbox) = mpsc::channel(OUTBOX);
    let join = Command::Join {
        conn,
        player: player.clone(),
        out,
    };
    if room.send(join).await.is_err() {
        let _ = send(&mut socket, &error_message(&Error::RoomClosed)).await;
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(frame)) = incoming else { break };
                if !forward(&mut socket, &room, conn, frame).await {
                    break;
                }
            }
            outgoing = outbox.recv() => {
                let Some(message) = outgoing else { break };
                if send(&mut socket, &message).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = room.send(Command::Leave { conn, player }).await;
}

/// Reads the first message, which must be a `hello` with the secret of
/// an existing player, and returns that player's id.
async fn authenticate(socket: &mut WebSocket, db: &Db) -> Result<String, Error> {
    let text = loop {
        match socket.recv().await {
            Some(Ok(Message::Text(text))) => break text,
            Some(Ok(Message::Binary(_))) => return Err(Error::Binary),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            _ => return Err(Error::NotHello),
        }
    };
    let ClientMessage::Hello {
        version,
        player,
        secret,
    } = parse(&text)?
    else {
        return Err(Error::NotHello);
    };
    if version != PROTOCOL_VERSION {
        return Err(Error::Version { version });
    }
    match db.player(&player).await? {
        Some((hash, _)) if secret::matches(&secret, &hash) => Ok(player),
        _ => Err(Error::Unauthorized { player }),
    }
}

/// Handles one frame from the client: a valid message goes to the room,
/// anything else gets an error back. Returns whether to keep reading.
async fn forward(socket: &mut WebSocket, room: &RoomHandle, conn: ConnId, frame: Message) -> bool {
    let result = match frame {
        Message::Text(text) => match parse(&text) {
            Ok(ClientMessage::Hello { .. }) => Err(Error::HelloAgain),
            Ok(message) => room.send(Command::Message { conn, message }).await,
            Err(e) => Err(e),
        },
        Message::Binary(_) => Err(Error::Binary),
        Message::Ping(_) | Message::Pong(_) => Ok(()),
        Message::Close(_) => return false,
    };
    match result {
        Ok(()) => true,
        Err(Error::RoomClosed) => false,
        Err(e) => send(socket, &error_message(&e)).await.is_ok(),
    }
}

/// A client message from text of at most [`MAX_MESSAGE`] bytes.
fn parse(text: &str) -> Result<ClientMessage, Error> {
    if text.len() > MAX_MESSAGE {
        return Err(Error::TooLarge { length: text.len() });
    }
    serde_json::from_str(text).map_err(Error::BadMessage)
}

/// Writes `message` as JSON text.
async fn send(socket: &mut WebSocket, message: &ServerMessage) -> Result<(), axum::Error> {
    let json = serde_json::to_string(message).expect("server messages serialise");
    socket.send(Message::Text(json.into())).await
}
