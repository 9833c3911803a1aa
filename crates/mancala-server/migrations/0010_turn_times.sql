-- The times a turn's clock resumes from when its room changes owner
-- (docs/protocol.md, "The computer, clocks and dropping out"). Written
-- in the SQL that SQLite and PostgreSQL share, like 0001.

-- Milliseconds since 1970 (UTC, the owner's clock) when the event was
-- committed: the start of the next turn. NULL for events stored before
-- this migration.
ALTER TABLE game_events ADD COLUMN at BIGINT;

-- Milliseconds since 1970 (UTC, the owner's clock) when the owner last
-- held the room: its claim, its last renewal, or its giving the room up.
-- The turn being played has used the time from its start to then; what
-- comes after, while no instance runs the room, counts for nobody.
ALTER TABLE room_owners ADD COLUMN held_until BIGINT;
