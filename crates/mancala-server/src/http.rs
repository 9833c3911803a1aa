//! The HTTP side: the router, its handlers (thin: check, call, answer)
//! and the credentials extractor.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, State};
use axum::http::header::{
    AUTHORIZATION, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Uri};
use axum::response::Response;
use axum::routing::{get, patch, post};
use serde::{Deserialize, Serialize};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::db::Db;
use crate::error::Error;
use crate::protocol::{HistoryEntry, HouseRules, LeaderboardEntry};
use crate::room::{Rooms, Settings};
use crate::setup::{HouseRulesChoice, RoomSetup};
use crate::{MAX_NAME, secret, web, ws};

/// Largest HTTP request body accepted.
const MAX_BODY: usize = 16 * 1024;

/// Largest WebSocket message the transport reads before it drops the
/// connection; messages between [`MAX_MESSAGE`](crate::MAX_MESSAGE) and this get an error
/// message and the connection goes on.
const MAX_FRAME: usize = 64 * 1024;

/// The Content-Security-Policy of every response: the page is same-origin
/// ES modules, styles and images; scripts only from its own files (no
/// inline script, no `eval`); WebSockets to its own host (`'self'` covers
/// `ws:`/`wss:` there); no plugins; never inside a frame.
const CONTENT_SECURITY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";
/// The read buffer of a WebSocket. The transport's default (128 KiB) is
/// zero-filled on the first read, so it was resident for every open
/// socket: 128 KiB a client, most of a room's memory. Requests are at most
/// [`MAX_MESSAGE`](crate::MAX_MESSAGE) bytes; a longer frame still grows
/// the buffer as it needs.
const READ_BUFFER: usize = 4 * 1024;

/// A JSON body whose rejection is an [`Error`], like every other failure.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(Error))]
pub(crate) struct Json<T>(pub(crate) T);

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
    /// Other sites' origins whose pages may open WebSockets, normalised.
    origins: Vec<String>,
    /// How long a connection may be silent before it is dropped.
    silence_limit: Option<std::time::Duration>,
}

/// The server's routes over `db`, rooms run with `settings`; `origins`
/// are the other sites allowed to open WebSockets (see
/// [`ws::check_origin`]).
pub(crate) fn router(db: Db, settings: Settings, origins: Vec<String>) -> Router {
    let takeover_after = settings.takeover_after;
    let state = AppState(Arc::new(Shared {
        silence_limit: settings.silence_limit,
        rooms: Rooms::new(db.clone(), settings),
        db,
        next_conn: AtomicU64::new(0),
        origins,
    }));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/players", post(create_player))
        .route("/api/players/me", patch(rename_player))
        .route("/api/rooms", post(create_room))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/players/{id}/games", get(player_games))
        .route("/api/games/{id}/analysis", get(game_analysis))
        .route("/api/games/{id}/export", get(export_game))
        .route("/ws/rooms/{code}", get(room_socket))
        .merge(web::router(takeover_after))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(security_header(CONTENT_SECURITY_POLICY, CONTENT_SECURITY))
        .layer(security_header(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(REFERRER_POLICY, "no-referrer"))
        .layer(security_header(X_FRAME_OPTIONS, "DENY"))
        .with_state(state)
}

/// A layer setting header `name` to `value` on every response whose
/// handler did not set it (a page that needs another policy sets its own).
fn security_header(
    name: axum::http::HeaderName,
    value: &'static str,
) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
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

/// The body of `PATCH /api/players/me`.
#[derive(Debug, Deserialize)]
struct Rename {
    name: String,
}

/// A player's id and name.
#[derive(Debug, Serialize)]
struct Named {
    id: String,
    name: String,
}

async fn rename_player(
    State(app): State<AppState>,
    Authenticated(player): Authenticated,
    Json(body): Json<Rename>,
) -> Result<axum::Json<Named>, Error> {
    let name = ws::rename(&app.0.db, &app.0.rooms, &player, body.name).await?;
    Ok(axum::Json(Named { id: player, name }))
}

/// `name` trimmed, if it is a display name: at most [`MAX_NAME`]
/// characters, none of them control characters.
pub(crate) fn checked_name(name: String) -> Result<String, Error> {
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

/// The body of `POST /api/rooms`: a rules spec or the house rules (see
/// [`RoomSetup::choose`]).
#[derive(Debug, Deserialize)]
struct NewRoom {
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    house_rules: Option<HouseRulesChoice>,
    #[serde(default)]
    rotation: Option<bool>,
    #[serde(default)]
    rated: bool,
    /// The time per turn in seconds: 30, 60, or none.
    #[serde(default)]
    turn_seconds: Option<u64>,
}

/// The times per turn a room may have, in seconds.
pub(crate) const TURN_SECONDS: [u32; 2] = [30, 60];

/// `seconds` if it is one of [`TURN_SECONDS`].
fn checked_turn_seconds(seconds: Option<u64>) -> Result<Option<u32>, Error> {
    match seconds {
        None => Ok(None),
        Some(s) => TURN_SECONDS
            .into_iter()
            .find(|&t| u64::from(t) == s)
            .map(Some)
            .ok_or(Error::TurnSeconds { seconds: s }),
    }
}

/// A new room.
#[derive(Debug, Serialize)]
struct CreatedRoom {
    code: String,
    /// The rules of a game of the fewest players the room takes.
    rules: String,
    house_rules: Option<HouseRules>,
    rotation: bool,
    min_players: usize,
    /// The room's seats: the most players a game takes.
    players: usize,
    turn_seconds: Option<u32>,
    websocket: String,
}

async fn create_room(
    State(app): State<AppState>,
    Authenticated(host): Authenticated,
    Json(body): Json<NewRoom>,
) -> Result<axum::Json<CreatedRoom>, Error> {
    let setup = RoomSetup::choose(body.rules.as_deref(), body.house_rules, body.rotation)?;
    let rules = setup.rules_for(setup.min_players)?.canonical();
    let turn_seconds = checked_turn_seconds(body.turn_seconds)?;
    let code = secret::token()?;
    app.0
        .db
        .create_room(&code, &host, &setup, body.rated, turn_seconds)
        .await?;
    Ok(axum::Json(CreatedRoom {
        websocket: format!("/ws/rooms/{code}"),
        code,
        rules,
        house_rules: setup.house_rules,
        rotation: setup.rotation,
        min_players: setup.min_players,
        players: setup.max_players,
        turn_seconds,
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

/// `GET /api/games/{id}/analysis`: the engine's review of the game.
async fn game_analysis(
    State(app): State<AppState>,
    Path(game): Path<String>,
) -> Result<axum::Json<crate::analysis::AnalysisView>, Error> {
    crate::analysis::view(&app.0.db, &game)
        .await?
        .map(axum::Json)
        .ok_or(Error::NoSuchGame { game })
}

/// The query of `GET /api/games/{id}/export`.
#[derive(Debug, Deserialize)]
struct ExportQuery {
    #[serde(default)]
    format: ExportFormat,
}

/// How a game is exported: the core's JSON record or its one-line text.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ExportFormat {
    #[default]
    Json,
    Text,
}

/// `GET /api/games/{id}/export?format=json|text`: the game as a file
/// that `mancala replay --game` and `mancala analyse --game` read.
async fn export_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ExportQuery>,
) -> Result<Response, Error> {
    use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
    use axum::response::IntoResponse as _;
    let (game, _) = crate::analysis::stored_game(&app.0.db, &id)
        .await?
        .ok_or_else(|| Error::NoSuchGame { game: id.clone() })?;
    // Game ids are hex digits: safe in a header as they are.
    let (body, kind, extension) = match query.format {
        ExportFormat::Json => (
            serde_json::to_string(&game).expect("a game serialises"),
            "application/json",
            "json",
        ),
        ExportFormat::Text => (format!("{game}\n"), "text/plain; charset=utf-8", "txt"),
    };
    let name: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let disposition = format!("attachment; filename=\"mancala-{name}.{extension}\"");
    Ok((
        [
            (CONTENT_TYPE, kind.to_string()),
            (CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}

async fn room_socket(
    State(app): State<AppState>,
    Path(code): Path<String>,
    headers: HeaderMap,
    uri: Uri,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Error> {
    // Before the room: a page of another site learns nothing, not even
    // whether the room exists.
    let authority = uri.authority().map(|a| a.as_str());
    ws::check_origin(&headers, authority, &app.0.origins)?;
    let link = ws::Link {
        room: app.0.rooms.get(&code).await?,
        conn: app.0.next_conn.fetch_add(1, Ordering::Relaxed),
        db: app.0.db.clone(),
        rooms: app.0.rooms.clone(),
        silence_limit: app.0.silence_limit,
    };
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| ws::serve(socket, link)))
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
