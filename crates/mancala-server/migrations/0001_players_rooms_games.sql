-- Players, rooms and games. Written in the SQL that SQLite and PostgreSQL
-- share (TEXT keys made by the server, BIGINT, BOOLEAN) so that the same
-- migration can run on both.

-- A player: only a hash of their secret is kept.
CREATE TABLE players (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    secret_hash TEXT NOT NULL
);

-- A room: its unguessable code is the invite.
CREATE TABLE rooms (
    code  TEXT PRIMARY KEY,
    host  TEXT NOT NULL REFERENCES players (id),
    -- The rule set as `RuleSet::canonical` text.
    rules TEXT NOT NULL,
    -- Stored for the ratings to come; nothing reads it yet.
    rated BOOLEAN NOT NULL
);

-- Who sits where in a room (seat = player number, 0 moves first).
CREATE TABLE room_seats (
    room   TEXT NOT NULL REFERENCES rooms (code),
    seat   BIGINT NOT NULL,
    player TEXT NOT NULL REFERENCES players (id),
    PRIMARY KEY (room, seat)
);

-- A game played in a room. `over` is set, with the outcome as JSON, in the
-- transaction of the event that ended it.
CREATE TABLE games (
    id      TEXT PRIMARY KEY,
    room    TEXT NOT NULL REFERENCES rooms (code),
    -- The room's games in the order played, from 1.
    number  BIGINT NOT NULL,
    rules   TEXT NOT NULL,
    over    BOOLEAN NOT NULL,
    outcome TEXT,
    UNIQUE (room, number)
);

-- Who played which seat in a game.
CREATE TABLE game_seats (
    game   TEXT NOT NULL REFERENCES games (id),
    seat   BIGINT NOT NULL,
    player TEXT NOT NULL REFERENCES players (id),
    PRIMARY KEY (game, seat)
);

-- Every event of a game (`mancala_core::Event` text: a move, `resign S`,
-- ...), numbered from 1 in the order played.
CREATE TABLE game_events (
    game  TEXT NOT NULL REFERENCES games (id),
    seq   BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
