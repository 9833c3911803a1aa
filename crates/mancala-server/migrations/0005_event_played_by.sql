-- Who played each move, so that a game's move list can be rebuilt whole
-- from the database (a page that comes back after a takeover shows who
-- played every move). Written in the SQL that SQLite and PostgreSQL
-- share, like 0001.

-- Why the computer played the event (`computer_seat`, `takeover`,
-- `timeout` or `resigned`, the protocol's `reason`), NULL when the seat's
-- own player did. Events stored before this column read as NULL.
ALTER TABLE game_events ADD COLUMN played_by TEXT;
