//! The HTTP side: the router, its handlers (thin: check, call, answer)
//! and the credentials extractor.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, State};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::response::Response;
use axum::routing::{get, post};
use mancala_core::RuleSet;
use serde::{Deserialize, Serialize};

use crate::db::Db;
use crate::error::Error;
use crate::protocol::{HistoryEntry, LeaderboardEntry};
use crate::room::Rooms;
use crate::{MAX_NAME, secret, ws};

/// Largest HTTP request body accepted.
const MAX_BODY: usize = 16 * 1024;

/// Largest WebSocket message the transport reads before it drops the
/// connection; messages between [`MAX_MESSAGE`](crate::MAX_MESSAGE) and this get an error
/// message and the connection goes on.
const MAX_FRAME: usize = 64 * 1024;

/// The read buffer of a WebSocket. The transport's default (128 KiB) is
/// zero-filled on the first read, so it was resident for every open
/// socket: 128 KiB a client, most of a room's memory. Requests are at most
/// [`MAX_MESSAGE`](crate::MAX_MESSAGE) bytes; a longer frame still grows
/// the buffer as it needs.
const READ_BUFFER: usize = 4 * 1024;

/// A JSON body whose rejection is an [`Error`], like every other failure.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(Error))]
struct Json<T>(T);

/// A query string whose rejection is an [`Error`].
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(Error))]
struct Query<T>(T);

/// Players on the leaderboard when the request does not say.
const LEADERBOARD_DEFAULT: u32 = 50;

/// Most players on the leaderboard one request gets.
const LEADERBOARD_MAX: u32 = 100;

/// What every handler shares.
#[derive(Clone, Debug)]
pub(crate) struct AppState(Arc<Shared>);

#[derive(Debug)]
pub(crate) struct Shared {
    db: Db,
    rooms: Rooms,
    next_conn: AtomicU64,
}

/// The server's routes over `db`.
pub(crate) fn router(db: Db) -> Router {
    let state = AppState(Arc::new(Shared {
        rooms: Rooms::new(db.clone()),
        db,
        next_conn: AtomicU64::new(0),
    }));
    Router::new()
        .route("/", get(index))
        .route("/healthz", get(healthz))
        .route("/api/players", post(create_player))
        .route("/api/rooms", post(create_room))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/players/{id}/games", get(player_games))
        .route("/ws/rooms/{code}", get(room_socket))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

async fn index() -> &'static str {
    "mancala server: the web page is coming. The protocol is in docs/protocol.md.\n"
}

async fn healthz() -> &'static str {
    "ok\n"
}

/// The body of `POST /api/players`.
#[derive(Debug, Deserialize)]
struct NewPlayer {
    #[serde(default)]
    name: Option<String>,
}

/// A new player's credentials.
#[derive(Debug, Serialize)]
struct Credentials {
    id: String,
    secret: String,
    name: String,
}

async fn create_player(
    State(app): State<AppState>,
    Json(body): Json<NewPlayer>,
) -> Result<axum::Json<Credentials>, Error> {
    let id = secret::token()?;
    let name = match body.name {
        Some(name) => checked_name(name)?,
        None => format!("player-{}", &id[..6]),
    };
    let secret = secret::token()?;
    app.0
        .db
        .create_player(&id, &name, &secret::hash(&secret))
        .await?;
    Ok(axum::Json(Credentials { id, secret, name }))
}

/// `name` trimmed, if it is a display name: at most [`MAX_NAME`]
/// characters, none of them control characters.
fn checked_name(name: String) -> Result<String, Error> {
    let name = name.trim().to_string();
    let length = name.chars().count();
    if length > MAX_NAME {
        return Err(Error::NameTooLong { length });
    }
    if name.chars().any(char::is_control) {
        return Err(Error::NameControl { name });
    }
    Ok(name)
}

/// The body of `POST /api/rooms`.
#[derive(Debug, Deserialize)]
struct NewRoom {
    rules: String,
    #[serde(default)]
    rated: bool,
}

/// A new room.
#[derive(Debug, Serialize)]
struct CreatedRoom {
    code: String,
    rules: String,
    players: usize,
    websocket: String,
}

async fn create_room(
    State(app): State<AppState>,
    Authenticated(host): Authenticated,
    Json(body): Json<NewRoom>,
) -> Result<axum::Json<CreatedRoom>, Error> {
    let rules = RuleSet::from_spec(&body.rules).map_err(|source| Error::Rules {
        spec: body.rules.clone(),
        source,
    })?;
    let code = secret::token()?;
    let canonical = rules.canonical();
    app.0
        .db
        .create_room(&code, &host, &canonical, body.rated)
        .await?;
    Ok(axum::Json(CreatedRoom {
        websocket: format!("/ws/rooms/{code}"),
        code,
        rules: canonical,
        players: usize::from(rules.players),
    }))
}

/// The query of `GET /api/leaderboard`.
#[derive(Debug, Deserialize)]
struct LeaderboardQuery {
    #[serde(default)]
    limit: Option<u32>,
}

/// The answer of `GET /api/leaderboard`.
#[derive(Debug, Serialize)]
struct Leaderboard {
    players: Vec<LeaderboardEntry>,
}

async fn leaderboard(
    State(app): State<AppState>,
    Query(query): Query<LeaderboardQuery>,
) -> Result<axum::Json<Leaderboard>, Error> {
    let limit = query
        .limit
        .unwrap_or(LEADERBOARD_DEFAULT)
        .min(LEADERBOARD_MAX);
    let players = app.0.db.leaderboard(limit).await?;
    Ok(axum::Json(Leaderboard { players }))
}

/// The answer of `GET /api/players/{id}/games`.
#[derive(Debug, Serialize)]
struct PlayerGames {
    player: String,
    games: Vec<HistoryEntry>,
}

async fn player_games(
    State(app): State<AppState>,
    Path(player): Path<String>,
) -> Result<axum::Json<PlayerGames>, Error> {
    let games = app
        .0
        .db
        .history(&player)
        .await?
        .ok_or_else(|| Error::NoSuchPlayer {
            player: player.clone(),
        })?;
    Ok(axum::Json(PlayerGames { player, games }))
}

async fn room_socket(
    State(app): State<AppState>,
    Path(code): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Error> {
    let room = app.0.rooms.get(&code).await?;
    let conn = app.0.next_conn.fetch_add(1, Ordering::Relaxed);
    let db = app.0.db.clone();
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| ws::serve(socket, db, room, conn)))
}

/// The player a request authenticates as, by
/// `Authorization: Bearer ID:SECRET`.
#[derive(Debug)]
struct Authenticated(String);

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Error> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        let (id, secret) = header
            .and_then(|h| h.strip_prefix("Bearer "))
            .and_then(|token| token.split_once(':'))
            .ok_or(Error::NoCredentials)?;
        match app.0.db.player(id).await? {
            Some((hash, _)) if secret::matches(secret, &hash) => Ok(Authenticated(id.to_string())),
            _ => Err(Error::Unauthorized {
                player: id.to_string(),
            }),
        }
    }
}
