-- Which instance runs the queue of "Play now", for several `mancala
-- serve` on one database (docs/scaling.md): one row, `play-now`, leased
-- like a room's owner (0009). The owner runs the matchmaker; the other
-- instances pass `/ws/queue` sockets on to it at `addr` (`--advertise`).
-- `waiting` is how many players wait, by game, as a JSON object the
-- owner writes with every renewal, for the other instances' `GET
-- /api/queue/counts`. Written in the SQL that SQLite and PostgreSQL
-- share.
CREATE TABLE queue_owner (
    name       TEXT PRIMARY KEY,
    instance   TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    addr       TEXT NOT NULL,
    waiting    TEXT NOT NULL
);
