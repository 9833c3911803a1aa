-- Rooms made by the queue ("Play now"). Written in the SQL that SQLite
-- and PostgreSQL share, like 0001.

-- Whether the queue made the room and seated strangers in it: a rematch
-- there starts when every person seated has asked for it, not at the
-- host's word (the host is whoever waited longest).
ALTER TABLE rooms ADD COLUMN matched BOOLEAN NOT NULL DEFAULT FALSE;
