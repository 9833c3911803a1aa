-- What each instance of the server runs, for the others (issue 32):
-- `playing` is how many persons play a game in progress in the rooms the
-- instance runs, by game, as a JSON object the instance writes with
-- every renewal of its rooms' leases (every third of `--lease`), valid
-- until `expires_at` (milliseconds since 1970, by its clock). `GET
-- /api/queue/counts` adds the live rows of the other instances to the
-- answering instance's own count. Written in the SQL that SQLite and
-- PostgreSQL share.
CREATE TABLE instance_counts (
    instance   TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL,
    playing    TEXT NOT NULL
);
