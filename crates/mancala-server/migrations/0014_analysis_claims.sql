-- Who runs each review (issue 32, several instances on one database):
-- the instance (`--instance`) whose worker took the job, and when that
-- worker last said it still runs it (milliseconds since 1970; renewed
-- every third of `--lease` while the review runs). An instance starting
-- queues again only the `running` jobs of a former process of its own
-- name, those with no heartbeat for a lease (their worker's instance is
-- gone) and those taken before this migration; a job another live
-- instance runs stays its own. Written in the SQL that SQLite and
-- PostgreSQL share.
ALTER TABLE analysis_jobs ADD COLUMN instance TEXT;
ALTER TABLE analysis_jobs ADD COLUMN heartbeat BIGINT;
