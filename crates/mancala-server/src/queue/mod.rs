//! "Play now": queues of players waiting for a game with strangers.
//! [`matchmaker`] decides who is seated together, with time passed in;
//! the service runs it on the server's clock, and the WebSocket
//! `/ws/queue` (docs/protocol.md, The queue) lets players in and out.
//! With several instances on one database, one of them runs the queue
//! at a time ([`lease`]) and the others pass its sockets on to it.

mod lease;
pub(crate) mod matchmaker;
mod service;
mod socket;

pub(crate) use lease::Route;
pub(crate) use service::{Queue, games};
pub(crate) use socket::serve;
