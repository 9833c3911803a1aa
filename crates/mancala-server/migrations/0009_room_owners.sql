-- Which instance of the server owns each room, for several `mancala
-- serve` on one database (docs/scaling.md). Written in the SQL that
-- SQLite and PostgreSQL share, like 0001.

-- A room's owner: the instance (`--instance`) whose task holds the room,
-- until `expires_at` (milliseconds since 1970, by the owner's clock)
-- unless it renews the lease. `epoch` counts the claims of the room and
-- only ever grows: every write a room's task makes checks, in its
-- transaction, that the epoch it claimed is still the row's, so an owner
-- that lost the room can never write for it again. A room given up (its
-- task unloaded) keeps its row, with no instance and an expired lease, so
-- that its epoch never goes back.
-- `addr` is the owner's URL (`--advertise`), where another instance passes
-- the room's sockets on to it.
CREATE TABLE room_owners (
    room       TEXT PRIMARY KEY REFERENCES rooms (code),
    instance   TEXT NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    addr       TEXT NOT NULL
);

-- Renewals find an instance's rooms by it.
CREATE INDEX room_owners_instance ON room_owners (instance);
