//! A room's WebSocket that reached an instance other than the room's
//! owner, passed on to the owner (docs/scaling.md), and likewise the
//! queue's (`/ws/queue`) to the queue's owner: the instance opens a
//! WebSocket of its own to the owner's `/ws/rooms/{code}` and copies
//! every text and binary frame both ways, so the client is served by the
//! owner's room as if connected to it (in order: one TCP stream each
//! way). When either side closes, so does the other; the client then
//! connects again, as after any close.

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message as Upstream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::ws::Heartbeat;

/// The header of a socket an instance passes on: the owner never passes
/// it on again (so two instances that each think the other owns a room
/// never send a socket round in circles).
pub(crate) const PASSED_ON: &str = "x-mancala-passed-on";

/// How long the owner may take to accept a socket passed on: an owner
/// stopped or cut off never does, and its lease then ends.
pub(crate) const CONNECT_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The owner's WebSocket URL for room `code`, from its advertised
/// `http(s)://` URL.
fn socket_url(owner: &str, code: &str) -> String {
    socket_url_at(owner, &format!("/ws/rooms/{code}"))
}

/// The owner's WebSocket URL at `path`, from its advertised `http(s)://`
/// URL.
fn socket_url_at(owner: &str, path: &str) -> String {
    let base = owner.trim_end_matches('/');
    let base = match base.split_once("://") {
        Some(("https", rest)) => format!("wss://{rest}"),
        Some((_, rest)) => format!("ws://{rest}"),
        None => format!("ws://{base}"),
    };
    format!("{base}{path}")
}

/// Serves `client` by passing it on to `owner` (its advertised URL) for
/// room `code`, until either side closes; a client silent for longer
/// than `silence_limit` is dropped as by the owner.
///
/// # Errors
///
/// The client, untouched, if the owner cannot be reached (it died, or
/// is stopped, with its lease not yet run out): the caller waits for the
/// lease and takes the room over (`http::take_over`).
pub(crate) async fn pass_on(
    client: WebSocket,
    owner: &str,
    code: &str,
    silence_limit: Option<std::time::Duration>,
) -> Result<(), WebSocket> {
    pass_on_within(client, owner, code, silence_limit, CONNECT_LIMIT).await
}

/// [`pass_on`], the owner given `limit` to accept the socket: an
/// instance taking a dead one's room over may load many rooms first.
///
/// # Errors
///
/// The client, untouched, if the owner cannot be reached, or refuses
/// the socket (it could not load the room).
pub(crate) async fn pass_on_within(
    client: WebSocket,
    owner: &str,
    code: &str,
    silence_limit: Option<std::time::Duration>,
    limit: std::time::Duration,
) -> Result<(), WebSocket> {
    let url = socket_url(owner, code);
    relay(client, owner, &url, (silence_limit, limit)).await
}

/// Serves `client` of the queue (`/ws/queue`) by passing it on to
/// `owner`, the instance that holds the queue, until either side closes;
/// if the owner cannot be reached (stopped, or dead with its lease not
/// yet run out), the client is closed, and connects again.
pub(crate) async fn pass_queue_on(
    client: WebSocket,
    owner: &str,
    silence_limit: Option<std::time::Duration>,
) {
    let url = socket_url_at(owner, "/ws/queue");
    // Dropped: closed.
    let _ = relay(client, owner, &url, (silence_limit, CONNECT_LIMIT)).await;
}

/// Copies frames between `client` and a WebSocket of its own to `url`
/// at `owner`, which has `limit` to accept it; gives the client back if
/// that cannot be opened.
async fn relay(
    mut client: WebSocket,
    owner: &str,
    url: &str,
    (silence_limit, limit): (Option<std::time::Duration>, std::time::Duration),
) -> Result<(), WebSocket> {
    let request = url.into_client_request().map(|mut r| {
        r.headers_mut()
            .insert(PASSED_ON, axum::http::HeaderValue::from_static("1"));
        r
    });
    let upstream = match request {
        Ok(request) => match tokio::time::timeout(limit, connect_async(request)).await {
            Ok(Ok((upstream, _))) => Ok(upstream),
            Ok(Err(error)) => Err(error.to_string()),
            Err(_) => Err(format!("no answer in {limit:?}")),
        },
        Err(error) => Err(error.to_string()),
    };
    let upstream = match upstream {
        Ok(upstream) => upstream,
        Err(error) => {
            tracing::warn!(%url, %owner, %error, "the owner cannot be reached");
            return Err(client);
        }
    };
    tracing::debug!(%url, %owner, "socket passed on to the owner");
    let (mut up_tx, mut up_rx) = upstream.split();
    let mut heartbeat = Heartbeat::new(silence_limit);
    loop {
        tokio::select! {
            incoming = client.recv() => {
                let Some(Ok(frame)) = incoming else { break };
                heartbeat.heard();
                let frame = match frame {
                    Message::Text(text) => Upstream::text(text.as_str()),
                    Message::Binary(bytes) => Upstream::binary(bytes),
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Close(_) => break,
                };
                if up_tx.send(frame).await.is_err() {
                    break;
                }
            }
            outgoing = up_rx.next() => {
                let frame = match outgoing {
                    Some(Ok(Upstream::Text(text))) => Message::Text(text.as_str().into()),
                    Some(Ok(Upstream::Binary(bytes))) => Message::Binary(bytes),
                    Some(Ok(Upstream::Ping(_) | Upstream::Pong(_) | Upstream::Frame(_))) => continue,
                    Some(Ok(Upstream::Close(_)) | Err(_)) | None => break,
                };
                if client.send(frame).await.is_err() {
                    break;
                }
            }
            () = heartbeat.tick() => {
                if heartbeat.silent_too_long()
                    || client.send(Message::Ping(Vec::new().into())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    let _ = up_tx.send(Upstream::Close(None)).await;
    let _ = client.send(Message::Close(None)).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owners_socket_url_follows_its_scheme() {
        let url = |owner| socket_url(owner, "abc");
        assert_eq!(
            url("http://10.0.0.1:8080"),
            "ws://10.0.0.1:8080/ws/rooms/abc"
        );
        assert_eq!(url("https://a.example/"), "wss://a.example/ws/rooms/abc");
        assert_eq!(url("10.0.0.1:8080"), "ws://10.0.0.1:8080/ws/rooms/abc");
        let queue = socket_url_at("http://10.0.0.1:8080/", "/ws/queue");
        assert_eq!(queue, "ws://10.0.0.1:8080/ws/queue");
    }
}
