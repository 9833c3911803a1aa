-- When games started and ended, for a player's games newest first and
-- the dates of a rating chart. Written in the SQL that SQLite and
-- PostgreSQL share, like 0001.

-- Milliseconds since 1970 (UTC) when the game started: strictly
-- increasing within one server process (see `db::stamp`), so that it
-- orders games; NULL for games stored before this migration, which sort
-- as the oldest.
ALTER TABLE games ADD COLUMN started_at BIGINT;

-- Milliseconds since 1970 (UTC) when the event that ended the game was
-- committed, NULL while it goes on (and for games ended before this
-- migration).
ALTER TABLE games ADD COLUMN ended_at BIGINT;

-- A player's games, for their page.
CREATE INDEX game_seats_by_player ON game_seats (player);
CREATE INDEX games_by_start ON games (started_at);
