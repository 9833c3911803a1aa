-- Room setup: what the host chose beyond a rules spec. Written in the SQL
-- that SQLite and PostgreSQL share, like 0001.

-- The Kalah house rules of the site as JSON (`{"houses": 4, "seeds": 3,
-- "capture": "next"}`), instantiated for the player count at each start;
-- NULL for a room made with a rules spec, whose `rules` column is then
-- the truth. (With house rules, `rules` holds the two-player instance.)
ALTER TABLE rooms ADD COLUMN house_rules TEXT;

-- Whether the seats turn by one at each rematch, so that the first
-- player changes from game to game.
ALTER TABLE rooms ADD COLUMN rotation BOOLEAN NOT NULL DEFAULT FALSE;

-- The fewest and the most players a game of the room takes (the room has
-- `max_players` seats). NULL in rooms made before this migration: both
-- are then the player count of `rules`.
ALTER TABLE rooms ADD COLUMN min_players BIGINT;
ALTER TABLE rooms ADD COLUMN max_players BIGINT;
