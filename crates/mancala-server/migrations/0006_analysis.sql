-- The engine's review of every finished game (issue 29), queued in the
-- database so that it survives restarts. Written in the SQL that SQLite
-- and PostgreSQL share, like 0001.

-- One job per finished game, queued in the transaction of the event that
-- ended it. `status` is `queued`, `running` (taken by a worker; a server
-- that starts takes its running jobs again, since whoever ran them died
-- with the last process), `done` or `failed` (with `error`).
CREATE TABLE analysis_jobs (
    game     TEXT PRIMARY KEY REFERENCES games (id),
    status   TEXT NOT NULL,
    -- Jobs are taken oldest first: milliseconds since 1970 when queued.
    queued   BIGINT NOT NULL,
    -- How many times a worker took the job.
    attempts BIGINT NOT NULL,
    error    TEXT
);

CREATE INDEX analysis_jobs_by_status ON analysis_jobs (status, queued);

-- The review of each move of a game (`mancala_ai::MoveReview`), all
-- written in one transaction with the job's `done`. Values are in seeds
-- for the mover.
CREATE TABLE analysis_moves (
    game         TEXT NOT NULL REFERENCES games (id),
    ply          BIGINT NOT NULL,
    side         BIGINT NOT NULL,
    played       TEXT NOT NULL,
    value_before DOUBLE PRECISION NOT NULL,
    value_after  DOUBLE PRECISION NOT NULL,
    best_move    TEXT NOT NULL,
    loss         DOUBLE PRECISION NOT NULL,
    verdict      TEXT NOT NULL,
    exact        BOOLEAN NOT NULL,
    PRIMARY KEY (game, ply)
);

-- The games finished before this migration are reviewed too.
INSERT INTO analysis_jobs (game, status, queued, attempts)
    SELECT id, 'queued', 0, 0 FROM games WHERE over = TRUE;
