//! One connection to `/ws/queue`: the `hello` that authenticates it (as
//! in a room), then requests handed to the queue's task and its
//! messages written back; its close tells the queue the player may be
//! gone.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use serde::Serialize;
use tokio::sync::mpsc;

use super::service::{Queue, QueueCommand};
use crate::MAX_MESSAGE;
use crate::db::Db;
use crate::error::Error;
use crate::limit::{ConnectionLimit, Verdict};
use crate::protocol::{QueueMessage, QueueRequest};
use crate::room::ConnId;
use crate::ws::{HELLO_TIMEOUT, Heartbeat, OUTBOX, authenticate, finish_closing};

/// Serves one connection to the queue until either side closes it.
pub(crate) async fn serve(
    mut socket: WebSocket,
    db: Db,
    queue: Queue,
    conn: ConnId,
    silence_limit: Option<Duration>,
) {
    let limit = ConnectionLimit::new();
    let hello = authenticate(&mut socket, &db, &limit);
    let player = match tokio::time::timeout(HELLO_TIMEOUT, hello).await {
        Ok(Ok((player, _))) => player,
        Ok(Err(e)) => {
            let _ = send(&mut socket, &refusal(&e)).await;
            return;
        }
        Err(_) => return,
    };
    let (out, mut outbox) = mpsc::channel(OUTBOX);
    let hello = QueueCommand::Hello {
        conn,
        player: player.clone(),
        out,
    };
    if queue.send(hello).await.is_err() {
        return;
    }
    // As in a room: a silent client is pinged every third of the limit,
    // and dropped once silent for all of it.
    let mut heartbeat = Heartbeat::new(silence_limit);
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(frame)) = incoming else { break };
                heartbeat.heard();
                if !forward(&mut socket, &queue, conn, &player, &limit, frame).await {
                    break;
                }
            }
            () = heartbeat.tick() => {
                if heartbeat.silent_too_long()
                    || socket.send(Message::Ping(Vec::new().into())).await.is_err()
                {
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
    let _ = queue.send(QueueCommand::Closed { conn, player }).await;
}

/// Handles one frame: a request within the rate limit goes to the
/// queue, anything else gets an error back. Returns whether to go on.
async fn forward(
    socket: &mut WebSocket,
    queue: &Queue,
    conn: ConnId,
    player: &str,
    limit: &ConnectionLimit,
    frame: Message,
) -> bool {
    match limit.check() {
        Verdict::Pass => {}
        Verdict::Drop => return send(socket, &refusal(&Error::RateLimited)).await.is_ok(),
        Verdict::Close => {
            let _ = send(socket, &refusal(&Error::Flooding)).await;
            let close = CloseFrame {
                code: close_code::POLICY,
                reason: "flooding".into(),
            };
            let _ = socket.send(Message::Close(Some(close))).await;
            finish_closing(socket).await;
            return false;
        }
    }
    let result = match frame {
        Message::Text(text) => match parse(&text) {
            Ok(QueueRequest::Hello { .. }) => Err(Error::HelloAgain),
            Ok(request) => {
                let player = player.to_string();
                let request = QueueCommand::Request {
                    conn,
                    player,
                    request,
                };
                queue.send(request).await
            }
            Err(e) => Err(e),
        },
        Message::Binary(_) => Err(Error::Binary),
        Message::Ping(_) | Message::Pong(_) => Ok(()),
        Message::Close(_) => return false,
    };
    match result {
        Ok(()) => true,
        Err(Error::RoomClosed) => false,
        Err(e) => send(socket, &refusal(&e)).await.is_ok(),
    }
}

/// A queue request from text of at most [`MAX_MESSAGE`] bytes.
fn parse(text: &str) -> Result<QueueRequest, Error> {
    if text.len() > MAX_MESSAGE {
        return Err(Error::TooLarge { length: text.len() });
    }
    serde_json::from_str(text).map_err(Error::BadMessage)
}

/// The `error` message for `error`.
fn refusal(error: &Error) -> QueueMessage {
    QueueMessage::Error {
        code: error.code().to_string(),
        message: error.public_message(),
        args: error.args(),
    }
}

/// Writes `message` as JSON text.
async fn send(socket: &mut WebSocket, message: &impl Serialize) -> Result<(), axum::Error> {
    let json = serde_json::to_string(message).map_err(axum::Error::new)?;
    socket.send(Message::Text(json.into())).await
}
