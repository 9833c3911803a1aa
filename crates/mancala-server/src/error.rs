//! [`Error`](enum@Error): every way a request or a message can fail, as an HTTP
//! response or as a WebSocket `error` message.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use mancala_ai::SpecError;
use mancala_core::{EventError, MoveParseError, RecordError, RuleSpecError, SetupError};
use thiserror::Error;

/// Something the server refused or could not do.
///
/// Over HTTP it becomes a response with a status and a JSON body
/// `{"error": CODE, "message": TEXT, "args": {...}}`; over a WebSocket,
/// the message `{"type": "error", "code": CODE, "message": TEXT, "args":
/// {...}}`. [`Error::code`] is the stable machine-readable part, and
/// [`Error::args`] its facts (see `docs/protocol.md`); the message is
/// English for developers, and pages word the code in their language.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The database failed.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database URL names no database this server runs on (it runs
    /// on `sqlite:` and `postgres:` or `postgresql:` URLs).
    #[error(
        "unsupported database URL scheme {scheme:?} (use sqlite://FILE or postgres://USER@HOST/DATABASE)"
    )]
    DatabaseScheme {
        /// The URL's scheme (only it: the rest may hold a password).
        scheme: String,
    },
    /// The listening socket could not be opened.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The operating system gave no randomness.
    #[error("no randomness available: {0}")]
    Random(getrandom::Error),
    /// A game stored in the database cannot be replayed.
    #[error("the stored game of room {room} cannot be replayed: {source}")]
    Record {
        /// The room's code.
        room: String,
        /// Why.
        source: RecordError,
    },
    /// No room has this code.
    #[error("no room {code}")]
    NoSuchRoom {
        /// The code asked for.
        code: String,
    },
    /// The request carries no usable `Authorization: Bearer ID:SECRET`.
    #[error("missing or malformed credentials (expected \"Authorization: Bearer ID:SECRET\")")]
    NoCredentials,
    /// The player does not exist or the secret is not theirs (which one is
    /// not told).
    #[error("player {player}: unknown player or wrong secret")]
    Unauthorized {
        /// The player id given.
        player: String,
    },
    /// A display name longer than [`MAX_NAME`](crate::MAX_NAME) characters.
    #[error("a name has at most {} characters, not {length}", crate::MAX_NAME)]
    NameTooLong {
        /// Its length in characters.
        length: usize,
    },
    /// A display name with a control character (a newline, say).
    #[error("a name holds no control characters: {name:?}")]
    NameControl {
        /// The name given.
        name: String,
    },
    /// The rules spec cannot be played.
    #[error("rules \"{spec}\": {source}")]
    Rules {
        /// The spec given.
        spec: String,
        /// Why.
        source: RuleSpecError,
    },
    /// Rules the engine plays but the site does not yet: either player
    /// moves any house (`no_sides`, docs/rules.md section 4), which the
    /// page does not offer, or children are wegs (`child_kind = weg`,
    /// section 5), which it does not draw (`site_plays` in setup.rs).
    #[error(
        "rules \"{spec}\": {rule} ({what}) is not played on the site yet: {why}; play these rules with `mancala play`"
    )]
    RulesNotOnSite {
        /// The spec given.
        spec: String,
        /// The rule the site lacks, as `RuleSet::set` names it.
        rule: &'static str,
        /// What the rule is, in a few words.
        what: &'static str,
        /// What the page lacks for it.
        why: &'static str,
    },
    /// A room option (in the body of `POST /api/rooms`) that is not one of
    /// the choices.
    #[error("{field}: {value} is not allowed ({expected})")]
    BadOption {
        /// The option, as a path in the body (`house_rules.houses`).
        field: &'static str,
        /// The value given, as JSON.
        value: String,
        /// What it may be.
        expected: &'static str,
    },
    /// A position (in `POST /api/preview`) the rules cannot have.
    #[error("bad position: {0}")]
    BadPosition(SetupError),
    /// An HTTP request body that is not the JSON the endpoint takes.
    #[error("bad request body: {0}")]
    BadBody(#[from] axum::extract::rejection::JsonRejection),
    /// An HTTP query string that is not what the endpoint takes.
    #[error("bad query string: {0}")]
    BadQuery(#[from] axum::extract::rejection::QueryRejection),
    /// No player has this id.
    #[error("no player {player}")]
    NoSuchPlayer {
        /// The id asked for.
        player: String,
    },
    /// No game has this id.
    #[error("no game {game}")]
    NoSuchGame {
        /// The id asked for.
        game: String,
    },
    /// A stored game that cannot be replayed (for its page).
    #[error("the stored game {game} cannot be replayed: {source}")]
    GameRecord {
        /// The game's id.
        game: String,
        /// Why.
        source: RecordError,
    },
    /// A WebSocket message that is not one of the protocol's.
    #[error("bad message: {0}")]
    BadMessage(serde_json::Error),
    /// A WebSocket message longer than [`MAX_MESSAGE`](crate::MAX_MESSAGE).
    #[error("a message has at most {} bytes, not {length}", crate::MAX_MESSAGE)]
    TooLarge {
        /// Its length in bytes.
        length: usize,
    },
    /// A binary WebSocket message: the protocol is JSON text.
    #[error("binary messages are not part of the protocol")]
    Binary,
    /// The first message of a connection was not `hello`.
    #[error("the first message must be \"hello\"")]
    NotHello,
    /// A second `hello` on a connection that said it already.
    #[error("this connection said hello already")]
    HelloAgain,
    /// The client speaks a protocol version this server does not.
    #[error(
        "protocol version {version} is not supported (this server speaks {})",
        crate::PROTOCOL_VERSION
    )]
    Version {
        /// The version asked for.
        version: u32,
    },
    /// Only the room's host may do this.
    #[error("only the host may do this")]
    NotHost,
    /// The player has no seat in the room.
    #[error("you have no seat")]
    NotSeated,
    /// The player named a seat that is not theirs.
    #[error("seat {seat} is not yours")]
    NotYourSeat {
        /// The seat named.
        seat: usize,
    },
    /// It is another seat's turn.
    #[error("it is seat {to_move}'s turn")]
    NotYourTurn {
        /// The seat to move.
        to_move: usize,
    },
    /// The room has no such seat.
    #[error("there is no seat {seat}")]
    NoSuchSeat {
        /// The seat asked for.
        seat: usize,
    },
    /// Someone else sits there, or every seat is taken.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat asked for (the last one when any seat would do).
        seat: usize,
    },
    /// The player sits in the room already.
    #[error("you sit in seat {seat} already")]
    AlreadySeated {
        /// Their seat.
        seat: usize,
    },
    /// `sit` with `also` in a rated room: a rated game is one player a
    /// seat.
    #[error("you sit in seat {seat} already, and a rated room gives each player one seat")]
    OneSeatRated {
        /// Their seat.
        seat: usize,
    },
    /// A seat is empty, so the game cannot start.
    #[error("seat {seat} is empty")]
    SeatEmpty {
        /// The first empty seat.
        seat: usize,
    },
    /// Fewer players are seated than a game of the room takes.
    #[error("{seated} seated, a game here takes at least {min}")]
    TooFewPlayers {
        /// The players seated.
        seated: usize,
        /// The fewest a game takes.
        min: usize,
    },
    /// A game is being played: seats and a new start wait for its end.
    #[error("a game is being played")]
    GameInProgress,
    /// No game has started in the room.
    #[error("no game is being played")]
    NoGame,
    /// The move text does not parse.
    #[error(transparent)]
    BadMove(#[from] MoveParseError),
    /// The game refused the move or resignation (illegal, or the game is over).
    #[error(transparent)]
    Refused(#[from] EventError),
    /// The room's task has stopped.
    #[error("the room is closed")]
    RoomClosed,
    /// Another instance of the server holds the room (on loading it), or
    /// took it over (on a write of this one, which is not made): the
    /// client connects again in a moment (HTTP 503 before the upgrade,
    /// `Retry-After` set; see docs/scaling.md).
    #[error("room {code} is served by another server now: connect again")]
    RoomMoved {
        /// The room's code.
        code: String,
    },
    /// A WebSocket opened by a page of another site (HTTP 403).
    #[error("origin {origin:?} may not open WebSockets here")]
    ForbiddenOrigin {
        /// The request's `Origin` header.
        origin: String,
    },
    /// An allowed origin in the configuration that is not
    /// `SCHEME://HOST[:PORT]`.
    #[error("allowed origin {origin:?} is not SCHEME://HOST[:PORT]")]
    BadOrigin {
        /// The origin as configured.
        origin: String,
    },
    /// A message over the connection's rate limit: dropped unread.
    #[error(
        "too many messages: at most {} at once, then {} a second; this one was dropped",
        crate::limit::MESSAGE_BURST,
        crate::limit::MESSAGES_PER_SECOND
    )]
    RateLimited,
    /// The connection went on sending over its rate limit: it is closed.
    #[error("too many messages over the rate limit: the connection is closed")]
    Flooding,
    /// One address created more players (or rooms) than it may each
    /// minute (HTTP 429 with `Retry-After`).
    #[error(
        "too many new {what} from this address: at most {per_minute} a minute; try again in {retry_after} s"
    )]
    TooManyRequests {
        /// `players` or `rooms`.
        what: &'static str,
        /// How many a minute an address may create.
        per_minute: u32,
        /// Seconds until the next one is allowed.
        retry_after: u64,
    },
    /// One address holds as many WebSocket connections as it may (HTTP
    /// 429, before the upgrade).
    #[error("too many connections from this address: at most {max}")]
    TooManyConnections {
        /// The most one address may hold.
        max: usize,
    },
    /// The server holds as many WebSocket connections as it may (HTTP
    /// 503, before the upgrade).
    #[error("the server is full: try again in a moment")]
    ServerFull,
    /// The configured `--cpu` player cannot play.
    #[error("--cpu {spec}: {source}")]
    Cpu {
        /// The spec given.
        spec: String,
        /// Why it cannot play.
        source: SpecError,
    },
    /// A computer level outside 1 to 10.
    #[error("a computer level is 1 to 10, not {level}")]
    BadLevel {
        /// The level asked for.
        level: u8,
    },
    /// A time per turn other than none, 30 or 60 seconds.
    #[error("the time per turn is 30 or 60 seconds (or null for none), not {seconds}")]
    TurnSeconds {
        /// The seconds asked for.
        seconds: u64,
    },
    /// A queue of "Play now" that is not one: an unknown game, or a
    /// player count the game does not seat.
    #[error(
        "no queue for {game:?} with {players} players (the games are \"house\" and the presets, for the players each seats)"
    )]
    NoSuchQueue {
        /// The game asked for.
        game: String,
        /// The player count asked for.
        players: u8,
    },
    /// Leaving, or taking the computer's offer of, a queue the player
    /// does not wait in.
    #[error("you are not waiting in that queue")]
    NotQueued,
    /// Taking the computer's offer before it is made.
    #[error("the computer is offered after {seconds} s of waiting")]
    NotOffered {
        /// The wait before the offer, in seconds.
        seconds: u64,
    },
}

impl Error {
    /// The stable code naming the kind of failure, as sent to clients.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Database(_) | Error::Migrate(_) | Error::Bind { .. } => "internal",
            Error::DatabaseScheme { .. } => "internal",
            Error::Random(_) | Error::Record { .. } | Error::RoomClosed => "internal",
            Error::NoSuchRoom { .. } => "no_such_room",
            Error::NoCredentials | Error::Unauthorized { .. } => "unauthorized",
            Error::NameTooLong { .. } | Error::NameControl { .. } => "bad_name",
            Error::Rules { .. } | Error::RulesNotOnSite { .. } => "bad_rules",
            Error::BadOption { .. } => "bad_option",
            Error::BadPosition(_) => "bad_position",
            Error::BadMessage(_) | Error::Binary | Error::HelloAgain => "bad_message",
            Error::BadBody(_) => "bad_body",
            Error::BadQuery(_) => "bad_query",
            Error::NoSuchPlayer { .. } => "no_such_player",
            Error::NoSuchGame { .. } => "no_such_game",
            Error::GameRecord { .. } => "internal",
            Error::TooLarge { .. } => "too_large",
            Error::NotHello => "not_hello",
            Error::Version { .. } => "version",
            Error::NotHost => "not_host",
            Error::NotSeated => "not_seated",
            Error::NotYourSeat { .. } => "not_your_seat",
            Error::NotYourTurn { .. } => "not_your_turn",
            Error::NoSuchSeat { .. } => "no_such_seat",
            Error::SeatTaken { .. } => "seat_taken",
            Error::AlreadySeated { .. } | Error::OneSeatRated { .. } => "already_seated",
            Error::SeatEmpty { .. } => "seat_empty",
            Error::TooFewPlayers { .. } => "too_few_players",
            Error::GameInProgress => "game_in_progress",
            Error::NoGame => "no_game",
            Error::BadMove(_) => "bad_move",
            Error::Refused(_) => "illegal",
            Error::ForbiddenOrigin { .. } => "forbidden_origin",
            Error::BadOrigin { .. } => "bad_origin",
            Error::RateLimited => "rate_limited",
            Error::Flooding => "flooding",
            Error::TooManyRequests { .. } => "too_many_requests",
            Error::TooManyConnections { .. } => "too_many_connections",
            Error::ServerFull => "server_full",
            Error::RoomMoved { .. } => "room_moved",
            Error::Cpu { .. } => "bad_cpu",
            Error::BadLevel { .. } => "bad_level",
            Error::TurnSeconds { .. } => "bad_turn_seconds",
            Error::NoSuchQueue { .. } => "no_such_queue",
            Error::NotQueued => "not_queued",
            Error::NotOffered { .. } => "not_offered",
        }
    }

    /// Whether a room that met this failure on a write can no longer be
    /// written by this instance: another instance holds it
    /// ([`Error::RoomMoved`]), or the database failed (the room's memory
    /// may no longer be what the database holds). The room then tells
    /// its clients `room_moved` and ends, to be loaded again from the
    /// database.
    pub(crate) fn loses_room(&self) -> bool {
        matches!(self, Error::RoomMoved { .. } | Error::Database(_))
    }

    /// The HTTP status of the failure.
    pub fn status(&self) -> StatusCode {
        if let Error::BadBody(rejection) = self {
            return rejection.status();
        }
        match self.code() {
            "internal" => StatusCode::INTERNAL_SERVER_ERROR,
            "no_such_room" | "no_such_player" | "no_such_game" => StatusCode::NOT_FOUND,
            "unauthorized" => StatusCode::UNAUTHORIZED,
            "forbidden_origin" => StatusCode::FORBIDDEN,
            "rate_limited" | "flooding" | "too_many_requests" | "too_many_connections" => {
                StatusCode::TOO_MANY_REQUESTS
            }
            "server_full" | "room_moved" => StatusCode::SERVICE_UNAVAILABLE,
            "too_large" => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        }
    }

    /// The facts of the failure a page words it with, beside its
    /// [`code`](Error::code): a JSON object of numbers (`{"seat": 1}`, seats
    /// counted from 0 as everywhere in the protocol), empty for most
    /// codes. The catalogs' `error-<code>` messages take them as
    /// arguments.
    pub fn args(&self) -> serde_json::Map<String, serde_json::Value> {
        let pairs: Vec<(&str, u64)> = match *self {
            Error::NameTooLong { length } => {
                vec![("length", length as u64), ("max", crate::MAX_NAME as u64)]
            }
            Error::TooLarge { length } => vec![
                ("length", length as u64),
                ("max", crate::MAX_MESSAGE as u64),
            ],
            Error::NotYourSeat { seat }
            | Error::NoSuchSeat { seat }
            | Error::SeatTaken { seat }
            | Error::AlreadySeated { seat }
            | Error::OneSeatRated { seat }
            | Error::SeatEmpty { seat } => vec![("seat", seat as u64)],
            Error::NotYourTurn { to_move } => vec![("seat", to_move as u64)],
            Error::TooFewPlayers { seated, min } => {
                vec![("seated", seated as u64), ("min", min as u64)]
            }
            Error::BadLevel { level } => vec![
                ("level", u64::from(level)),
                ("min", 1),
                ("max", u64::from(mancala_ai::MAX_LEVEL)),
            ],
            Error::TurnSeconds { seconds } | Error::NotOffered { seconds } => {
                vec![("seconds", seconds)]
            }
            Error::NoSuchQueue { players, .. } => vec![("players", u64::from(players))],
            Error::Version { version } => vec![("version", u64::from(version))],
            Error::TooManyRequests {
                per_minute,
                retry_after,
                ..
            } => vec![
                ("per_minute", u64::from(per_minute)),
                ("retry_after", retry_after),
            ],
            Error::TooManyConnections { max } => vec![("max", max as u64)],
            _ => Vec::new(),
        };
        pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(v)))
            .collect()
    }

    /// The text sent to clients: internal failures are logged, not told.
    pub fn public_message(&self) -> String {
        if self.code() == "internal" {
            "internal server error".to_string()
        } else {
            self.to_string()
        }
    }
}

/// The `Retry-After` of a refused connection, in seconds: connections
/// close at any moment, so soon.
const RETRY_CONNECTING: u64 = 5;

/// The `Retry-After` of a room that another instance holds, in seconds:
/// its lease ends within seconds if that instance is gone.
const RETRY_MOVED: u64 = 1;

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        if self.code() == "internal" {
            tracing::error!(error = %self, "internal error answering a request");
        }
        let body = serde_json::json!({
            "error": self.code(),
            "message": self.public_message(),
            "args": self.args(),
        });
        let mut response = (self.status(), Json(body)).into_response();
        let retry_after = match self {
            Error::TooManyRequests { retry_after, .. } => Some(retry_after),
            Error::TooManyConnections { .. } | Error::ServerFull => Some(RETRY_CONNECTING),
            Error::RoomMoved { .. } => Some(RETRY_MOVED),
            _ => None,
        };
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        }
        response
    }
}
