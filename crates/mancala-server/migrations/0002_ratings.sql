-- Ratings (Glicko-2, see src/rating.rs). Written in the SQL that SQLite
-- and PostgreSQL share, like 0001.

-- A player's current rating; a player without a row has never finished
-- a rated game and stands at the initial rating.
CREATE TABLE ratings (
    player     TEXT PRIMARY KEY REFERENCES players (id),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    -- Rated games finished, which numbers the player's history.
    games      BIGINT NOT NULL
);

-- One row per player per rated game, written in the transaction of the
-- event that ended the game (so never lost, never applied twice).
CREATE TABLE rating_history (
    player           TEXT NOT NULL REFERENCES players (id),
    -- The player's rated games in the order finished, from 1.
    number           BIGINT NOT NULL,
    game             TEXT NOT NULL REFERENCES games (id),
    seat             BIGINT NOT NULL,
    -- The seat's rank in the game, 1 for first place.
    rank             BIGINT NOT NULL,
    rating_before    DOUBLE PRECISION NOT NULL,
    rating_after     DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    deviation_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player, number),
    UNIQUE (game, player)
);

CREATE INDEX ratings_by_rating ON ratings (rating);
