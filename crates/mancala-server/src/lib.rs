//! The mancala game server: players without registration, rooms of 2 to 4
//! seats, and games played over WebSocket, every move checked by
//! [`mancala_core::Game`] and committed to the database before anyone
//! hears of it.
//!
//! The HTTP endpoints and WebSocket messages are documented in
//! `docs/protocol.md` (version [`PROTOCOL_VERSION`]); [`protocol`] holds
//! them as serde types for Rust clients.
//!
//! # Design
//!
//! - Handlers are thin: they check the request, call the database or a
//!   room, and answer; every failure is one [`Error`], which becomes an
//!   HTTP response or a WebSocket `error` message.
//! - One tokio task per room owns the room's seats and game; connections
//!   send it commands through a channel and get its broadcasts through one
//!   of their own. A room's task starts when a client first connects,
//!   from what the database holds (an open game is replayed from its
//!   events), so the database is the truth.
//! - The database is SQLite through sqlx, its migrations compiled in and
//!   applied at start; the SQL is the subset PostgreSQL shares.
//! - Rated rooms rate each game with Glicko-2 (the `skillratings`
//!   crate), 3 or 4 seats as pairwise results from their ranks, in the
//!   transaction of the event that ended the game; `GET /api/leaderboard`
//!   and `GET /api/players/{id}/games` read them back.
//! - Player ids, secrets, room codes and game ids are 128 random bits
//!   from the operating system; only a hash of a secret is stored.
//!
//! # Examples
//!
//! ```no_run
//! use mancala_server::{Config, Server};
//!
//! # async fn run() -> Result<(), mancala_server::Error> {
//! let server = Server::bind(&Config::default()).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```

mod db;
mod error;
mod http;
pub mod protocol;
mod rating;
mod room;
mod secret;
mod web;
mod ws;

use std::net::SocketAddr;

use tokio::net::TcpListener;

pub use error::Error;

/// The version of the protocol this server speaks, checked in `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest display name, in characters.
pub const MAX_NAME: usize = 32;

/// Longest WebSocket message read as a request, in bytes: longer ones get
/// a `too_large` error and the connection goes on.
pub const MAX_MESSAGE: usize = 4096;

/// Where the server listens and what it stores into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: String,
    /// The database URL; `sqlite://FILE?mode=rwc` creates the file.
    pub database: String,
}

impl Default for Config {
    /// `127.0.0.1:8080` and the SQLite file `mancala.db` in the current
    /// directory.
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:8080".to_string(),
            database: "sqlite://mancala.db?mode=rwc".to_string(),
        }
    }
}

/// A server with its socket open and its database migrated, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    router: axum::Router,
}

impl Server {
    /// Opens the database (applying the migrations it lacks) and the
    /// listening socket.
    ///
    /// # Errors
    ///
    /// [`Error::Database`] or [`Error::Migrate`] for the database,
    /// [`Error::Bind`] for the socket.
    pub async fn bind(config: &Config) -> Result<Server, Error> {
        let db = db::Db::open(&config.database).await?;
        let bind_error = |source| Error::Bind {
            addr: config.addr.clone(),
            source,
        };
        let listener = TcpListener::bind(&config.addr).await.map_err(bind_error)?;
        let addr = listener.local_addr().map_err(bind_error)?;
        Ok(Server {
            listener,
            addr,
            router: http::router(db),
        })
    }

    /// The address the server listens on (with the port picked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends.
    ///
    /// # Errors
    ///
    /// [`Error::Bind`] if accepting connections fails for good.
    pub async fn run(self) -> Result<(), Error> {
        axum::serve(self.listener, self.router)
            .await
            .map_err(|source| Error::Bind {
                addr: self.addr.to_string(),
                source,
            })
    }
}

/// Runs a server on a new tokio runtime until the process ends, calling
/// `listening` with its URL once it accepts connections: the whole of
/// `mancala serve`.
///
/// # Errors
///
/// As [`Server::bind`] and [`Server::run`]; [`Error::Bind`] also if the
/// runtime cannot start.
pub fn serve_blocking(config: &Config, listening: impl FnOnce(&str)) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| Error::Bind {
            addr: config.addr.clone(),
            source,
        })?;
    runtime.block_on(async {
        let server = Server::bind(config).await?;
        listening(&format!("http://{}", server.local_addr()));
        server.run().await
    })
}
