-- When each seated player went away, for the takeover delay of a room
-- that changes owner (docs/protocol.md, "The computer, clocks and
-- dropping out"). Written in the SQL that SQLite and PostgreSQL share,
-- like 0001.

-- Milliseconds since 1970 (UTC, the owner's clock) since when the seat's
-- player has had no connection to the room; NULL while they have one.
-- A room loaded again keeps the time they had been away when its last
-- owner last held it (`room_owners.held_until`), so that the computer
-- takes their seat over no later than it would have there.
ALTER TABLE room_seats ADD COLUMN away_since BIGINT;
