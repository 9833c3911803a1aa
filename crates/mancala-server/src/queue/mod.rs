//! "Play now": queues of players waiting for a game with strangers.
//! [`matchmaker`] decides who is seated together, with time passed in;
//! the service runs it on the server's clock, and the WebSocket
//! `/ws/queue` (docs/protocol.md, The queue) lets players in and out.

pub(crate) mod matchmaker;
mod service;
mod socket;

pub(crate) use service::{Queue, games};
pub(crate) use socket::serve;
