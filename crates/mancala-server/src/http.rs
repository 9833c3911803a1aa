//! The HTTP side: the router, its handlers (thin: check, call, answer)
//! and the credentials extractor.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, State};
use axum::http::header::{
    AUTHORIZATION, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post};
use serde::{Deserialize, Serialize};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::Limits;
use crate::db::Cursor;
use crate::db::{Db, now_ms};
use crate::error::Error;
use crate::limit::{Connections, CreationLimit, Opened};
use crate::protocol::{
    HistoryEntry, HouseRules, LeaderboardEntry, PlayedEntry, PlayerView, ReplayView,
};
use crate::proxy;
use crate::queue::{self, Queue};
use crate::room::{self, Rooms, Settings};
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
    /// The queues of "Play now".
    queue: Queue,
    next_conn: AtomicU64,
    /// Other sites' origins whose pages may open WebSockets, normalised.
    origins: Vec<String>,
    /// How long a connection may be silent before it is dropped.
    silence_limit: Option<std::time::Duration>,
    /// Players each address may create.
    new_players: CreationLimit,
    /// Rooms each address may create.
    new_rooms: CreationLimit,
    /// The WebSocket connections open.
    connections: Arc<Connections>,
    /// The header a trusted proxy names the client's address in.
    client_ip_header: Option<axum::http::HeaderName>,
    /// Whether loopback clients are limited per address.
    limit_loopback: bool,
}

/// The server's routes over `db` and `rooms`, which run with `settings`; `origins`
/// are the other sites allowed to open WebSockets (see
/// [`ws::check_origin`]); `limits` cap connections and creations;
/// `queue` runs "Play now".
pub(crate) fn router(
    db: Db,
    rooms: Rooms,
    settings: &Settings,
    origins: Vec<String>,
    limits: &Limits,
    queue: Queue,
) -> Router {
    let takeover_after = settings.takeover_after;
    let silence_limit = settings.silence_limit;
    let state = AppState(Arc::new(Shared {
        new_players: CreationLimit::new("players", limits.creations_per_minute),
        new_rooms: CreationLimit::new("rooms", limits.creations_per_minute),
        connections: Connections::new(limits.max_connections, limits.max_connections_per_ip),
        client_ip_header: limits.client_ip_header.clone(),
        limit_loopback: limits.limit_loopback,
        silence_limit,
        queue,
        rooms,
        db,
        next_conn: AtomicU64::new(0),
        origins,
    }));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/api/players", post(create_player))
        .route("/api/players/me", patch(rename_player))
        .route("/api/rooms", post(create_room))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/players/{id}", get(player_page))
        .route("/api/players/{id}/games", get(player_games))
        .route("/api/games/{id}", get(game_page))
        .route("/api/games/{id}/analysis", get(game_analysis))
        .route("/api/games/{id}/export", get(export_game))
        .route("/ws/rooms/{code}", get(room_socket))
        .route("/ws/queue", get(queue_socket))
        .route("/api/queue/counts", get(queue_counts))
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

/// The server's metrics in the Prometheus text format (docs/protocol.md,
/// Operations). The analysis jobs are counted in the database now: the
/// queue is shared by every instance, so no instance's workers alone
/// could keep the count, and a count read at the scrape cannot drift.
/// The count waits at most [`READY_TIMEOUT`]: a database that does not
/// answer leaves the jobs out, and the rest is served.
async fn metrics(State(state): State<AppState>) -> impl axum::response::IntoResponse {
    let db = &state.0.db;
    let backlog = tokio::time::timeout(READY_TIMEOUT, crate::analysis::backlog(db)).await;
    let counts = match backlog {
        Ok(Ok(counts)) => Some(counts),
        Ok(Err(error)) => {
            tracing::warn!(%error, "counting the analysis jobs failed");
            None
        }
        Err(_) => {
            tracing::warn!("counting the analysis jobs timed out");
            None
        }
    };
    db.metrics().analysis_jobs(counts);
    (
        [(CONTENT_TYPE, crate::metrics::CONTENT_TYPE)],
        db.metrics().render(),
    )
}

/// How long `/readyz` waits for the database before saying it is not
/// ready: a load balancer's probe must get an answer, not a hang.
const READY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Readiness, beside liveness (`/healthz`): 200 when the database answers
/// a query within [`READY_TIMEOUT`], else 503, so that a load balancer
/// sends no players to an instance that cannot store their moves.
async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    match tokio::time::timeout(READY_TIMEOUT, state.0.db.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready\n"),
        _ => (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the database does not answer\n",
        ),
    }
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
    ClientIp(ip): ClientIp,
    Json(body): Json<NewPlayer>,
) -> Result<axum::Json<Credentials>, Error> {
    app.0.new_players.check(ip)?;
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
    ClientIp(ip): ClientIp,
    Authenticated(host): Authenticated,
    Json(body): Json<NewRoom>,
) -> Result<axum::Json<CreatedRoom>, Error> {
    app.0.new_rooms.check(ip)?;
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

/// Games a page of `GET /api/players/{id}/games?scope=all` lists when
/// the request does not say.
const PLAYED_DEFAULT: u32 = 20;

/// Most games a page of `GET /api/players/{id}/games?scope=all` lists.
const PLAYED_MAX: u32 = 100;

/// The query of `GET /api/players/{id}/games`.
#[derive(Debug, Deserialize)]
struct GamesQuery {
    /// `rated` (the default: the rated games, in the order finished) or
    /// `all` (every game, newest first, paged).
    #[serde(default)]
    scope: Option<String>,
    /// With `scope=all`: games a page lists.
    #[serde(default)]
    limit: Option<u32>,
    /// With `scope=all`: the `next` of the page before.
    #[serde(default)]
    before: Option<String>,
}

/// The answer of `GET /api/players/{id}/games`.
#[derive(Debug, Serialize)]
struct PlayerGames {
    player: String,
    games: Vec<HistoryEntry>,
}

/// The answer of `GET /api/players/{id}/games?scope=all`.
#[derive(Debug, Serialize)]
struct PlayedPage {
    player: String,
    games: Vec<PlayedEntry>,
    /// The `before` of the next page, `null` on the last.
    next: Option<String>,
}

async fn player_games(
    State(app): State<AppState>,
    Path(player): Path<String>,
    Query(query): Query<GamesQuery>,
) -> Result<Response, Error> {
    let no_such = || Error::NoSuchPlayer {
        player: player.clone(),
    };
    match query.scope.as_deref() {
        None | Some("rated") => {
            let games = app.0.db.history(&player).await?.ok_or_else(no_such)?;
            Ok(axum::Json(PlayerGames { player, games }).into_response())
        }
        Some("all") => {
            let limit = query.limit.unwrap_or(PLAYED_DEFAULT).clamp(1, PLAYED_MAX);
            let before = query.before.as_deref().map(Cursor::parse).transpose()?;
            let (games, next) = app
                .0
                .db
                .played(&player, limit, before.as_ref())
                .await?
                .ok_or_else(no_such)?;
            let next = next.map(|c| c.to_text());
            Ok(axum::Json(PlayedPage {
                player,
                games,
                next,
            })
            .into_response())
        }
        Some(other) => Err(Error::BadOption {
            field: "scope",
            value: serde_json::Value::from(other).to_string(),
            expected: "\"rated\" or \"all\"",
        }),
    }
}

/// `GET /api/players/{id}`: a player's page, without their secret or
/// its hash.
async fn player_page(
    State(app): State<AppState>,
    Path(player): Path<String>,
) -> Result<axum::Json<PlayerView>, Error> {
    let stored = app
        .0
        .db
        .player_page(&player)
        .await?
        .ok_or_else(|| Error::NoSuchPlayer {
            player: player.clone(),
        })?;
    Ok(axum::Json(PlayerView {
        level: crate::db::level_of(&player),
        id: player,
        name: stored.name,
        rating: stored.rating,
        deviation: stored.deviation,
        rated_games: stored.rated_games,
        history: stored.history,
        record: stored.record,
    }))
}

/// `GET /api/games/{id}`: a game whole, replayed by the engine, finished
/// or being played.
async fn game_page(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<axum::Json<ReplayView>, Error> {
    let stored = app
        .0
        .db
        .replay(&id)
        .await?
        .ok_or_else(|| Error::NoSuchGame { game: id.clone() })?;
    let rules = mancala_core::RuleSet::from_spec(&stored.rules).map_err(|source| Error::Rules {
        spec: stored.rules.clone(),
        source,
    })?;
    let record = |source| Error::GameRecord {
        game: id.clone(),
        source,
    };
    // A match of rounds replays every round, one after the other.
    let whole = mancala_core::Match::from_events(&rules, &stored.events).map_err(record)?;
    let in_rounds = rules.rounds != mancala_core::Rounds::None;
    let plies = ReplayView::plies(&whole, &stored.played_by).map_err(record)?;
    let start = whole.rounds()[0].start();
    Ok(axum::Json(ReplayView {
        room: stored.room,
        number: stored.number,
        rules: stored.rules,
        preset: stored.preset,
        rated: stored.rated,
        seats: stored.seats,
        start: start.to_setup(),
        sides: crate::protocol::seat_sides(&start),
        to_move: (!start.is_over()).then(|| start.player_to_move()),
        over: whole.is_over(),
        outcome: whole
            .outcome()
            .as_ref()
            .map(crate::protocol::OutcomeView::from),
        plies,
        rounds: in_rounds.then(|| whole.round_count()),
        round_starts: ReplayView::round_starts(&whole),
        started_at: stored.started_at,
        ended_at: stored.ended_at,
        id,
    }))
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
    let (game, _) = crate::analysis::stored_match(&app.0.db, &id)
        .await?
        .ok_or_else(|| Error::NoSuchGame { game: id.clone() })?;
    // A game without rounds is exported as a game, as it always was; a
    // match of rounds as a match (`{rules, rounds}`, or its match line).
    let in_rounds = game.rule_set().rounds != mancala_core::Rounds::None;
    // Game ids are hex digits: safe in a header as they are.
    let (body, kind, extension) = match (query.format, in_rounds) {
        (ExportFormat::Json, false) => (
            serde_json::to_string(game.round()).expect("a game serialises"),
            "application/json",
            "json",
        ),
        (ExportFormat::Json, true) => (
            serde_json::to_string(&game).expect("a match serialises"),
            "application/json",
            "json",
        ),
        (ExportFormat::Text, false) => (
            format!("{}\n", game.round()),
            "text/plain; charset=utf-8",
            "txt",
        ),
        (ExportFormat::Text, true) => (format!("{game}\n"), "text/plain; charset=utf-8", "txt"),
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
    ClientIp(ip): ClientIp,
    Path(code): Path<String>,
    headers: HeaderMap,
    uri: Uri,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Error> {
    // Before the room: a page of another site learns nothing, not even
    // whether the room exists.
    let authority = uri.authority().map(|a| a.as_str());
    ws::check_origin(&headers, authority, &app.0.origins)?;
    // Counted from before the upgrade to the socket's close.
    let opened = app.0.connections.open(ip)?;
    let passed_on = headers.contains_key(proxy::PASSED_ON);
    // A room not running here that another instance holds is passed on
    // to it at once, without a turn among this instance's loads: a load
    // would only find the room claimed. (When an instance dies, the
    // clients of all its rooms reach the others within a second, while
    // the dead one's leases still run: each of them took a turn to fail
    // its claim, and the loads of the rooms whose leases had ended
    // waited behind them; docs/results.md section 8.5.)
    if !passed_on && !app.0.rooms.is_running(&code).await {
        match app.0.rooms.owner_elsewhere(&code).await {
            Ok(Some(owner)) => return Ok(pass_on(app, upgrade, owner, code, opened)),
            Ok(None) => {}
            // The database does not answer: no load would either, and the
            // client tries again.
            Err(_) => return Err(Error::RoomMoved { code }),
        }
    }
    let room = match app.0.rooms.get(&code).await {
        // Another instance owns the room: the socket is passed on to it,
        // unless it was passed on to this one already.
        Err(moved @ Error::RoomMoved { .. }) => {
            if passed_on {
                return Err(moved);
            }
            // (Not known, or the database does not answer: the client
            // tries again.)
            let Ok(Some(owner)) = app.0.rooms.owner_elsewhere(&code).await else {
                return Err(moved);
            };
            return Ok(pass_on(app, upgrade, owner, code, opened));
        }
        other => other?,
    };
    let link = app.link(room, code);
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            ws::serve(socket, link).await;
            drop(opened);
        }))
}

/// Upgrades a socket of room `code` and passes it on to `owner`, the
/// instance that holds the room; if that cannot be reached (it died, or
/// is stopped or cut off), takes the room over ([`take_over`]).
fn pass_on(
    app: AppState,
    upgrade: WebSocketUpgrade,
    owner: String,
    code: String,
    opened: Opened,
) -> Response {
    let silence_limit = app.0.silence_limit;
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            if let Err(socket) = proxy::pass_on(socket, &owner, &code, silence_limit).await {
                take_over(&app, socket, code).await;
            }
            drop(opened);
        })
}

impl AppState {
    /// What a socket of room `code`, served here by `room`'s task, needs:
    /// a new connection number and the server's handles.
    fn link(&self, room: room::RoomHandle, code: String) -> ws::Link {
        ws::Link {
            room,
            code,
            conn: self.0.next_conn.fetch_add(1, Ordering::Relaxed),
            db: self.0.db.clone(),
            rooms: self.0.rooms.clone(),
            silence_limit: self.0.silence_limit,
        }
    }
}

/// Serves `socket`, a client of room `code` whose owner cannot be
/// reached (it died, or is stopped or cut off), by taking the room over:
/// waits until the owner's lease has run out (a lease at most), then
/// passes the socket on to the live instance the room goes to (the one
/// every instance's sweep chooses, `room::sweep`: the dead owner's rooms
/// are spread over the live instances, whichever one their clients
/// reach), which has loaded the room or loads it now; if that is this
/// instance, or it cannot be reached, loads the room here and serves
/// the client as its own. The client, which sent its `hello` and waits
/// for `welcome`, is thus served about when the lease ends, instead of
/// trying again at its own pace (the page waits 0.5, 1, 2, 4, then 5 s
/// between tries, so that a room would be found free only at the try
/// after the lease's end). If the room cannot be loaded here because
/// another live instance claimed it first, the socket is passed on to
/// that one. Only if that fails too (or the owner renewed its lease, or
/// the database does not answer) is the client told `room_moved`, and
/// it connects again.
async fn take_over(app: &AppState, mut socket: WebSocket, code: String) {
    let rooms = &app.0.rooms;
    let lease = rooms.settings().lease;
    let mut holder = String::new();
    if let Ok(Some((held_by, end))) = rooms.lease_end(&code).await {
        let left = end.saturating_sub(crate::db::now_ms()).max(0);
        let left = std::time::Duration::from_millis(u64::try_from(left).unwrap_or(0)).min(lease);
        tokio::time::sleep(left + room::TAKEOVER_MARGIN).await;
        holder = held_by;
    }
    // The instance passed to may have many rooms to load before this
    // one: as long as a load here may wait, and a moment to connect.
    let limit = rooms.load_wait() + proxy::CONNECT_LIMIT;
    let silence_limit = app.0.silence_limit;
    if let Some(to) = rooms.successor_elsewhere(&code, &holder) {
        match proxy::pass_on_within(socket, &to, &code, silence_limit, limit).await {
            Ok(()) => return,
            Err(back) => socket = back,
        }
    }
    let error = match rooms.get(&code).await {
        Ok(room) => return ws::serve(socket, app.link(room, code)).await,
        Err(error) => error,
    };
    // Another live instance claimed the room first (its sweep, or a
    // client of the room there): the client goes to it.
    if let (Error::RoomMoved { .. }, Ok(Some(owner))) = (&error, rooms.owner_elsewhere(&code).await)
    {
        tracing::debug!(room = %code, %owner, "taken over elsewhere: the client is passed on");
        match proxy::pass_on_within(socket, &owner, &code, silence_limit, limit).await {
            Ok(()) => return,
            Err(back) => socket = back,
        }
    }
    tracing::debug!(room = %code, %error, "no takeover: the client connects again");
    let moved = Error::RoomMoved { code };
    let text = serde_json::to_string(&room::error_message(&moved)).unwrap_or_default();
    let _ = socket.send(Message::Text(text.into())).await;
}

/// The address of the client a request comes from, as the per-address
/// limits count it: the last address in the trusted proxy's header when
/// the server is told of one ([`Limits::client_ip_header`]), else the
/// socket's peer; `None` for an address not limited on its own (loopback,
/// unless [`Limits::limit_loopback`], or no address at all when the
/// router runs without one, as in unit tests).
#[derive(Debug)]
struct ClientIp(Option<std::net::IpAddr>);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let forwarded = (state.0.client_ip_header.as_ref())
            .and_then(|name| parts.headers.get_all(name).iter().next_back())
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.rsplit(',').next())
            .and_then(|last| last.trim().parse().ok());
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        let ip = forwarded.or(peer);
        Ok(ClientIp(
            ip.filter(|ip| state.0.limit_loopback || !ip.is_loopback()),
        ))
    }
}

async fn queue_socket(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    uri: Uri,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Error> {
    let authority = uri.authority().map(|a| a.as_str());
    ws::check_origin(&headers, authority, &app.0.origins)?;
    // Counted like a room's socket, from before the upgrade to the close.
    let opened = app.0.connections.open(ip)?;
    let sockets = app.0.db.metrics().sockets.clone();
    let (db, queue) = (app.0.db.clone(), app.0.queue.clone());
    let conn = app.0.next_conn.fetch_add(1, Ordering::Relaxed);
    let silence = app.0.silence_limit;
    // One instance runs the queue: a socket that reached another is
    // passed on to it, unless it was passed on to this one already.
    if let queue::Route::Owner(owner) = queue.route().await? {
        if headers.contains_key(proxy::PASSED_ON) {
            return Err(Error::RoomMoved {
                code: "queue".to_string(),
            });
        }
        return Ok(upgrade
            .max_message_size(MAX_FRAME)
            .max_frame_size(MAX_FRAME)
            .read_buffer_size(READ_BUFFER)
            .on_upgrade(move |socket| async move {
                let open = crate::metrics::Held::new(&sockets);
                proxy::pass_queue_on(socket, &owner, silence).await;
                drop((open, opened));
            }));
    }
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            let open = crate::metrics::Held::new(&sockets);
            queue::serve(socket, db, queue, conn, silence).await;
            drop((open, opened));
        }))
}

/// One game's line of `GET /api/queue/counts`.
#[derive(Debug, Serialize)]
struct GameCount {
    game: String,
    /// Players waiting in its queues.
    waiting: usize,
    /// Persons at its games in progress.
    playing: usize,
}

/// The answer of `GET /api/queue/counts`.
#[derive(Debug, Serialize)]
struct QueueCounts {
    games: Vec<GameCount>,
}

async fn queue_counts(State(app): State<AppState>) -> Result<axum::Json<QueueCounts>, Error> {
    let waiting = app.0.queue.counts(&app.0.db).await?;
    // This instance's rooms as they are now, the others' as each stored
    // them at its last renewal.
    let mut playing = app.0.rooms.playing();
    let instance = &app.0.rooms.settings().instance;
    let elsewhere = app.0.db.playing_elsewhere(instance, now_ms()).await?;
    for (game, people) in elsewhere {
        *playing.entry(game).or_insert(0) += people;
    }
    let games = (queue::games().into_iter())
        .map(|game| GameCount {
            waiting: waiting.get(&game).copied().unwrap_or(0),
            playing: playing.get(&game).copied().unwrap_or(0),
            game,
        })
        .collect();
    Ok(axum::Json(QueueCounts { games }))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn readiness_follows_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("ready.db").to_str().unwrap())
            .await
            .unwrap();
        let settings = Settings::from(&crate::Config::default());
        let rooms = Rooms::new(db.clone(), settings);
        let state = AppState(Arc::new(Shared {
            db: db.clone(),
            queue: Queue::start(db.clone(), rooms.clone(), crate::DEFAULT_QUEUE_WAIT),
            rooms,
            next_conn: AtomicU64::new(0),
            origins: Vec::new(),
            silence_limit: None,
            new_players: CreationLimit::new("players", 1),
            new_rooms: CreationLimit::new("rooms", 1),
            connections: Connections::new(1, 1),
            client_ip_header: None,
            limit_loopback: false,
        }));
        assert_eq!(readyz(State(state.clone())).await.0, StatusCode::OK);
        db.close().await;
        let (status, body) = readyz(State(state)).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body.contains("database"), "{body}");
    }
}
