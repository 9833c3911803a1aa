-- Computer seats and the time per turn. Written in the SQL that SQLite and
-- PostgreSQL share, like 0001.

-- The time per turn in seconds (30 or 60), NULL for none.
ALTER TABLE rooms ADD COLUMN turn_seconds BIGINT;

-- The computer at each level is a player, so that its seats fit
-- room_seats and game_seats and a rated game rates it like anyone. Its id
-- `ai:N` has a colon, which the server's hex ids never have, and its
-- secret hash `-` is not the hash of any secret (those are 64 hex
-- digits): nobody can authenticate as the computer.
INSERT INTO players (id, name, secret_hash) VALUES
    ('ai:1', 'Computer (level 1)', '-'),
    ('ai:2', 'Computer (level 2)', '-'),
    ('ai:3', 'Computer (level 3)', '-'),
    ('ai:4', 'Computer (level 4)', '-'),
    ('ai:5', 'Computer (level 5)', '-'),
    ('ai:6', 'Computer (level 6)', '-'),
    ('ai:7', 'Computer (level 7)', '-'),
    ('ai:8', 'Computer (level 8)', '-'),
    ('ai:9', 'Computer (level 9)', '-'),
    ('ai:10', 'Computer (level 10)', '-');
