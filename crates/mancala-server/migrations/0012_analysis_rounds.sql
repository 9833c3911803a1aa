-- The review of a match of rounds (docs/rules.md section 8a) covers every
-- round (issue 30): each reviewed move keeps its round, from 1, and its
-- `ply` counts from 1 in that round, as `mancala analyse --game` gives
-- them. The moves of a game without rounds are round 1. Written in the
-- SQL that SQLite and PostgreSQL share, like 0001: a new table (the key
-- gains the round), the rows copied, the old table dropped and the new
-- one renamed.
CREATE TABLE analysis_round_moves (
    game         TEXT NOT NULL REFERENCES games (id),
    round        BIGINT NOT NULL,
    ply          BIGINT NOT NULL,
    side         BIGINT NOT NULL,
    played       TEXT NOT NULL,
    value_before DOUBLE PRECISION NOT NULL,
    value_after  DOUBLE PRECISION NOT NULL,
    best_move    TEXT NOT NULL,
    loss         DOUBLE PRECISION NOT NULL,
    verdict      TEXT NOT NULL,
    exact        BOOLEAN NOT NULL,
    PRIMARY KEY (game, round, ply)
);

INSERT INTO analysis_round_moves (game, round, ply, side, played, value_before, value_after,
                                  best_move, loss, verdict, exact)
    SELECT game, 1, ply, side, played, value_before, value_after, best_move, loss, verdict, exact
    FROM analysis_moves;

DROP TABLE analysis_moves;

ALTER TABLE analysis_round_moves RENAME TO analysis_moves;

-- Matches reviewed before covered their first round only: they are
-- reviewed again, whole. (The canonical text of rules with rounds
-- writes `rounds=...`; that of rules without never does.)
UPDATE analysis_jobs SET status = 'queued'
    WHERE status = 'done' AND game IN (SELECT id FROM games WHERE rules LIKE '%rounds=%');
