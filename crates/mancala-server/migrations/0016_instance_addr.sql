-- Each live instance's URL (`--advertise`), beside its counts (issue 32):
-- the instances' rows of `instance_counts`, renewed every third of
-- `--lease`, are also the list of live instances over which the rooms of
-- one that died are spread (docs/scaling.md, Takeover); a socket for
-- such a room reaching another instance is passed on to the one chosen,
-- at this URL. '' for a row written before this migration (its
-- instance's next renewal writes it). Written in the SQL that SQLite
-- and PostgreSQL share.
ALTER TABLE instance_counts ADD COLUMN addr TEXT NOT NULL DEFAULT '';
