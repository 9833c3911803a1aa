//! One WebSocket connection: the `hello` that authenticates it, then
//! client messages checked and handed to the room's task, and the room's
//! messages written back.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, Uri};
use tokio::sync::mpsc;

use crate::db::Db;
use crate::error::Error;
use crate::limit::{ConnectionLimit, Verdict};
use crate::protocol::{ClientMessage, ServerMessage};
use crate::room::error_message;
use crate::room::{Command, ConnId, RoomHandle, Rooms};
use crate::{MAX_MESSAGE, PROTOCOL_VERSION, secret};

/// How long a new connection has to say `hello`.
pub(crate) const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Messages queued for a client before the room drops it as too slow.
pub(crate) const OUTBOX: usize = 256;

/// How long a connection the server closes may take to answer with its
/// own `Close`.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// The rest of a closing handshake the server began: reads and drops what
/// the client still sends until its `Close` (or [`CLOSE_GRACE`]). Closing
/// the socket with the flood still unread would make the kernel reset the
/// connection, and a reset can destroy the server's last messages (the
/// `flooding` error) before the client reads them.
pub(crate) async fn finish_closing(socket: &mut WebSocket) {
    let drain = async {
        while let Some(Ok(frame)) = socket.recv().await {
            if matches!(frame, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_GRACE, drain).await;
}

/// The connection's way to the rest of the server.
#[derive(Debug)]
pub(crate) struct Link {
    /// The database.
    pub db: Db,
    /// Every running room (a rename reaches them all).
    pub rooms: Rooms,
    /// The connection's own room.
    pub room: RoomHandle,
    /// Its code.
    pub code: String,
    /// The connection's number.
    pub conn: ConnId,
    /// How long the connection may be silent before it is dropped.
    pub silence_limit: Option<Duration>,
}

/// Serves one connection to `link.room` until either side closes it.
pub(crate) async fn serve(mut socket: WebSocket, link: Link) {
    let Link {
        ref db,
        ref room,
        conn,
        ..
    } = link;
    let _open = crate::metrics::Held::new(&db.metrics().sockets);
    let limit = ConnectionLimit::new();
    let hello = read_hello(&mut socket, &limit);
    let (player, secret) = match tokio::time::timeout(HELLO_TIMEOUT, hello).await {
        Ok(Ok(hello)) => hello,
        Ok(Err(e)) => {
            let _ = send(&mut socket, &error_message(&e)).await;
            return;
        }
        Err(_) => return,
    };
    let (player, name) = match who(db, player, &secret, link.rooms.patience()).await {
        Ok(who) => who,
        // The database fails or does not answer (this instance cut off
        // from it): the client connects again, perhaps to an instance
        // that can serve the room.
        Err(Error::Database(error)) => {
            tracing::warn!(room = %link.code, %error, "a hello could not be checked");
            let moved = Error::RoomMoved {
                code: link.code.clone(),
            };
            let _ = send(&mut socket, &error_message(&moved)).await;
            return;
        }
        Err(e) => {
            let _ = send(&mut socket, &error_message(&e)).await;
            return;
        }
    };
    let (out, mut outbox) = mpsc::channel(OUTBOX);
    let join = Command::Join {
        conn,
        player: player.clone(),
        name,
        out,
    };
    if room.send(join).await.is_err() {
        // The room's task ended since (lost, or given up): connect again.
        let moved = Error::RoomMoved {
            code: link.code.clone(),
        };
        let _ = send(&mut socket, &error_message(&moved)).await;
        return;
    }
    // A silent client is pinged every third of the limit; one that stays
    // silent for the whole limit is gone without a word (its network
    // died), and is dropped so that its seat is seen away.
    let mut heartbeat = Heartbeat::new(link.silence_limit);
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(frame)) = incoming else { break };
                heartbeat.heard();
                if !forward(&mut socket, &link, &player, &limit, frame).await {
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
    // What the room said before its task ended (one taken over by another
    // instance says `room_moved`) goes out before the socket closes.
    while let Ok(message) = outbox.try_recv() {
        if send(&mut socket, &message).await.is_err() {
            break;
        }
    }
    let _ = room.send(Command::Leave { conn, player }).await;
}

/// The pings of one connection and its silence: with a limit, the client
/// is pinged every third of it, and is dropped once it has sent nothing
/// (no message, no pong) for all of it.
pub(crate) struct Heartbeat {
    limit: Option<Duration>,
    every: tokio::time::Interval,
    heard: tokio::time::Instant,
}

impl Heartbeat {
    /// Starts counting now; `None`: never ping, never drop.
    pub(crate) fn new(limit: Option<Duration>) -> Heartbeat {
        let third = (limit.unwrap_or(Duration::MAX) / 3)
            .clamp(Duration::from_millis(10), Duration::from_secs(24 * 3600));
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + third, third);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Heartbeat {
            limit,
            every,
            heard: tokio::time::Instant::now(),
        }
    }

    /// The client sent something.
    pub(crate) fn heard(&mut self) {
        self.heard = tokio::time::Instant::now();
    }

    /// Waits for the next ping (forever without a limit).
    pub(crate) async fn tick(&mut self) {
        if self.limit.is_some() {
            self.every.tick().await;
        } else {
            std::future::pending::<()>().await;
        }
    }

    /// Whether the client has been silent for the whole limit.
    pub(crate) fn silent_too_long(&self) -> bool {
        self.limit
            .is_some_and(|limit| self.heard.elapsed() >= limit)
    }
}

/// Reads the first message, which must be a `hello` with the secret of
/// an existing player, and returns that player's id and name.
///
/// # Errors
///
/// As [`read_hello`] and [`who`] (without a bound on the database).
pub(crate) async fn authenticate(
    socket: &mut WebSocket,
    db: &Db,
    limit: &ConnectionLimit,
) -> Result<(String, String), Error> {
    let (player, secret) = read_hello(socket, limit).await?;
    who(db, player, &secret, Duration::MAX).await
}

/// Reads the first message, which must be a `hello` of this protocol's
/// version, and returns its player id and secret.
///
/// # Errors
///
/// [`Error::NotHello`], [`Error::Binary`], [`Error::Flooding`],
/// [`Error::Version`] and the errors of a message that does not parse.
async fn read_hello(
    socket: &mut WebSocket,
    limit: &ConnectionLimit,
) -> Result<(String, String), Error> {
    let text = loop {
        match socket.recv().await {
            Some(Ok(Message::Text(text))) => break text,
            Some(Ok(Message::Binary(_))) => return Err(Error::Binary),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                if limit.check() == Verdict::Close {
                    return Err(Error::Flooding);
                }
            }
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
    Ok((player, secret))
}

/// The id and name of `player` if `secret` is theirs, the database
/// asked for at most `patience`.
///
/// # Errors
///
/// [`Error::Unauthorized`] for an unknown player or a wrong secret;
/// [`Error::Database`] if the database fails, or takes longer than
/// `patience` (as sqlx's pool timeout).
pub(crate) async fn who(
    db: &Db,
    player: String,
    secret: &str,
    patience: Duration,
) -> Result<(String, String), Error> {
    let stored = match tokio::time::timeout(patience, db.player(&player)).await {
        Ok(stored) => stored?,
        Err(_) => return Err(Error::Database(sqlx::Error::PoolTimedOut)),
    };
    match stored {
        Some((hash, name)) if secret::matches(secret, &hash) => Ok((player, name)),
        _ => Err(Error::Unauthorized { player }),
    }
}

/// Handles one frame from `player`'s client: a valid message within the
/// rate limit goes to the room (a rename to every room), anything else
/// gets an error back. Returns whether to keep reading.
async fn forward(
    socket: &mut WebSocket,
    link: &Link,
    player: &str,
    limit: &ConnectionLimit,
    frame: Message,
) -> bool {
    if matches!(frame, Message::Close(_)) {
        return false;
    }
    match limit.check() {
        Verdict::Pass => {}
        Verdict::Drop => {
            return send(socket, &error_message(&Error::RateLimited))
                .await
                .is_ok();
        }
        Verdict::Close => {
            let _ = send(socket, &error_message(&Error::Flooding)).await;
            let close = CloseFrame {
                code: close_code::POLICY,
                reason: "flooding".into(),
            };
            let _ = socket.send(Message::Close(Some(close))).await;
            finish_closing(socket).await;
            return false;
        }
    }
    let conn = link.conn;
    let result = match frame {
        Message::Text(text) => match parse(&text) {
            Ok(ClientMessage::Hello { .. }) => Err(Error::HelloAgain),
            Ok(ClientMessage::Rename { name }) => {
                rename(&link.db, &link.rooms, player, name).await.map(drop)
            }
            Ok(message) => link.room.send(Command::Message { conn, message }).await,
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

/// Renames `player` to `name` once checked, in the database and then in
/// every running room; returns the name as stored (trimmed).
///
/// # Errors
///
/// [`Error::NameTooLong`] and [`Error::NameControl`] for a bad name,
/// [`Error::NoSuchPlayer`], database errors.
pub(crate) async fn rename(
    db: &Db,
    rooms: &Rooms,
    player: &str,
    name: String,
) -> Result<String, Error> {
    let name = crate::http::checked_name(name)?;
    if !db.rename(player, &name).await? {
        return Err(Error::NoSuchPlayer {
            player: player.to_string(),
        });
    }
    rooms.renamed(player, &name).await;
    Ok(name)
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
    let json = serde_json::to_string(message).map_err(axum::Error::new)?;
    socket.send(Message::Text(json.into())).await
}

/// The allowed origins of the configuration, each as
/// `scheme://host[:port]` in lower case.
///
/// # Errors
///
/// [`Error::BadOrigin`] for one that is not `SCHEME://HOST[:PORT]`.
pub(crate) fn allowed_origins(configured: &[String]) -> Result<Vec<String>, Error> {
    (configured.iter())
        .map(|origin| {
            let (origin, _) = parse_origin(origin).ok_or_else(|| Error::BadOrigin {
                origin: origin.clone(),
            })?;
            Ok(origin)
        })
        .collect()
}

/// Checks the `Origin` of a WebSocket request, so that a page of another
/// site cannot act for a player whose browser visits it: a request
/// without `Origin` (bots, tools) passes, and so does one whose origin's
/// `host:port` is the request's `Host` (the server's own page) or is in
/// `allowed`. `authority` is the request URI's, for HTTP/2 without
/// `Host`.
///
/// # Errors
///
/// [`Error::ForbiddenOrigin`] for any other origin, `null` included.
pub(crate) fn check_origin(
    headers: &HeaderMap,
    authority: Option<&str>,
    allowed: &[String],
) -> Result<(), Error> {
    let Some(origin) = headers.get(ORIGIN) else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(origin.as_bytes()).into_owned();
    let host = (headers.get(HOST))
        .and_then(|h| h.to_str().ok())
        .or(authority)
        .map(str::to_ascii_lowercase);
    match parse_origin(&text) {
        Some((_, origin_host)) if host.as_deref() == Some(&origin_host) => Ok(()),
        Some((origin, _)) if allowed.contains(&origin) => Ok(()),
        _ => Err(Error::ForbiddenOrigin { origin: text }),
    }
}

/// `scheme://host[:port]` and `host[:port]` of an origin in lower case, if
/// it is one (no user, path, query or fragment; `null` is none).
fn parse_origin(text: &str) -> Option<(String, String)> {
    let uri: Uri = text.trim_end_matches('/').parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?.as_str().to_ascii_lowercase();
    let bare = uri.path_and_query().is_none_or(|p| p.as_str() == "/");
    (bare && !authority.contains('@')).then(|| (format!("{scheme}://{authority}"), authority))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        map
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        let parsed = parse_origin("HTTPS://Play.Example.org:8443/").unwrap();
        assert_eq!(parsed.0, "https://play.example.org:8443");
        assert_eq!(parsed.1, "play.example.org:8443");
        for bad in [
            "null",
            "",
            "example.org",
            "https://example.org/page",
            "http://u@x.org",
        ] {
            assert_eq!(parse_origin(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_request_without_origin_or_from_its_own_host_passes() {
        let host = [("host", "127.0.0.1:8080")];
        assert!(check_origin(&headers(&host), None, &[]).is_ok());
        let own = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(check_origin(&own, None, &[]).is_ok());
        let h2 = headers(&[("origin", "https://mancala.example")]);
        assert!(check_origin(&h2, Some("mancala.example"), &[]).is_ok());
    }

    #[test]
    fn another_site_is_refused_unless_allowed() {
        let evil = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
        ]);
        let refused = check_origin(&evil, None, &[]).unwrap_err();
        assert_eq!(refused.code(), "forbidden_origin");
        let allowed = allowed_origins(&["https://EVIL.example/".to_string()]).unwrap();
        assert!(check_origin(&evil, None, &allowed).is_ok());
        let port = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:9090"),
        ]);
        assert!(check_origin(&port, None, &allowed).is_err());
        let null = headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]);
        assert!(check_origin(&null, None, &allowed).is_err());
    }

    #[test]
    fn a_configured_origin_must_be_an_origin() {
        let error = allowed_origins(&["https://x.org/path".to_string()]).unwrap_err();
        assert_eq!(error.code(), "bad_origin");
    }
}
