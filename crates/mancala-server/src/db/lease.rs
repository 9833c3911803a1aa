//! The one lease both kinds of owner hold (docs/scaling.md): a room's
//! owner in `room_owners` (migration 0009) and the queue's in
//! `queue_owner` (0013). Both tables hold, per key, the owner's
//! `instance` (`''` for nobody), the `epoch` of its claim (it only ever
//! grows), the lease's end `expires_at` (milliseconds since 1970, by the
//! claimer's clock) and the owner's `addr`, and one column of their own
//! that every claim and renewal writes (a room's `held_until`, the
//! queue's `waiting`). [`Leased`] names a table's columns; the SQL of a
//! claim, a renewal, the look-up of another owner and giving leases up
//! is written once here for both.

use std::time::Duration;

use sqlx::{Any, Encode, Row, Type};

use super::Db;
use crate::error::Error;

/// A table of leases.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leased {
    /// The table.
    table: &'static str,
    /// Its key column (a room's code, the queue's name).
    key: &'static str,
    /// What a claim inserts from, after its `SELECT` of the new row's
    /// values: the key only where it exists (`FROM rooms WHERE code =
    /// $1`), or always (`WHERE TRUE`; SQLite reads an upsert's `SELECT`
    /// only with a `WHERE`).
    source: &'static str,
    /// The table's own column, written by every claim and renewal.
    own: &'static str,
}

/// The rooms' owners (migration 0009): a room is claimed only if it
/// exists; `held_until` is when its owner last held it.
pub(super) const ROOMS: Leased = Leased {
    table: "room_owners",
    key: "room",
    source: "FROM rooms WHERE code = $1",
    own: "held_until",
};

/// The queue's owner (migration 0013): `waiting` is the players waiting
/// by game, as its owner last counted them.
pub(super) const QUEUE: Leased = Leased {
    table: "queue_owner",
    key: "name",
    source: "WHERE TRUE",
    own: "waiting",
};

/// A lease's length in milliseconds.
pub(super) fn millis(lease: Duration) -> i64 {
    i64::try_from(lease.as_millis()).unwrap_or(i64::MAX)
}

impl Leased {
    /// The claim: `$1` key, `$2` instance, `$3` the lease's end, `$4`
    /// now, `$5` address, `$6` the table's own column. One statement,
    /// atomic on both databases: PostgreSQL locks the row for the upsert
    /// (a rival claim waits, then sees the new lease), SQLite holds the
    /// database's write lock.
    fn claim_sql(self) -> String {
        let Leased {
            table,
            key,
            source,
            own,
        } = self;
        format!(
            "INSERT INTO {table} ({key}, instance, epoch, expires_at, addr, {own}) \
             SELECT $1, $2, 1, $3, $5, $6 {source} \
             ON CONFLICT ({key}) DO UPDATE SET instance = excluded.instance, \
             epoch = {table}.epoch + 1, expires_at = excluded.expires_at, \
             addr = excluded.addr, {own} = excluded.{own} \
             WHERE {table}.expires_at <= $4 OR {table}.instance = $2 \
             RETURNING epoch"
        )
    }

    /// The renewal of every lease of instance `$3` (`$1` the lease's
    /// end, `$2` the table's own column), or, with `one`, of key `$4`'s
    /// alone, if still at epoch `$5`, on SQLite or else PostgreSQL.
    ///
    /// On PostgreSQL the rows are locked in the order of their keys
    /// (byte order, `COLLATE "C"`) before they are written, the order in
    /// which a batch of events locks its rooms' rows too
    /// (`commits::in_lock_order`): a renewal and a batch holding some of
    /// the same rows (the batch's `FOR SHARE`) then wait for each other,
    /// never in a cycle. Written as a plain `UPDATE ... WHERE instance =
    /// $3`, the rows were locked in the table's order, and under load a
    /// renewal and a batch deadlocked: PostgreSQL cancelled one, and two
    /// failed renewals in a row lost every room of the instance
    /// (docs/results.md section 8.5). On SQLite the statement holds the
    /// database's write lock.
    fn renew_sql(self, one: bool, sqlite: bool) -> String {
        let Leased {
            table, key, own, ..
        } = self;
        let only = if one {
            format!(" AND {key} = $4 AND epoch = $5")
        } else {
            String::new()
        };
        let in_order = if sqlite {
            String::new()
        } else {
            format!(
                " AND {key} IN (SELECT {key} FROM {table} WHERE instance = $3{only} \
                 ORDER BY {key} COLLATE \"C\" FOR NO KEY UPDATE)"
            )
        };
        format!(
            "UPDATE {table} SET expires_at = $1, {own} = $2 WHERE instance = $3{only}{in_order} \
             RETURNING {key}, epoch"
        )
    }
}

impl Db {
    /// Claims `key` of `kind` for `instance`, reachable at `addr`, at
    /// time `now` (milliseconds since 1970) for `lease`, writing `own`
    /// into the table's own column: only if no instance holds it, its
    /// lease ended, or `instance` itself holds it. Each claim raises the
    /// epoch by one (a new key starts at 1). Returns the claim's epoch,
    /// or `None` if another instance holds a live lease on it (or, for a
    /// room, the room does not exist).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(super) async fn claim_lease<T>(
        &self,
        kind: Leased,
        key: &str,
        (instance, addr): (&str, &str),
        (now, lease): (i64, Duration),
        own: T,
    ) -> Result<Option<i64>, Error>
    where
        T: for<'q> Encode<'q, Any> + Type<Any> + Send + 'static,
    {
        let sql = kind.claim_sql();
        let epoch = sqlx::query_scalar(&sql)
            .bind(key)
            .bind(instance)
            .bind(now.saturating_add(millis(lease)))
            .bind(now)
            .bind(addr)
            .bind(own)
            .fetch_optional(&self.pool)
            .await?;
        Ok(epoch)
    }

    /// Renews until `now + lease` the leases of `kind` that `instance`
    /// holds (with `only`, the one of that key if still at that epoch),
    /// writing `own` into the table's own column, in one statement;
    /// returns the keys renewed with their epochs (one `instance` runs
    /// that is missing, or at another epoch, was taken over).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(super) async fn renew_leases<T>(
        &self,
        kind: Leased,
        (instance, only): (&str, Option<(&str, i64)>),
        (now, lease): (i64, Duration),
        own: T,
    ) -> Result<Vec<(String, i64)>, Error>
    where
        T: for<'q> Encode<'q, Any> + Type<Any> + Send + 'static,
    {
        let sql = kind.renew_sql(only.is_some(), self.sqlite);
        let mut query = sqlx::query(&sql)
            .bind(now.saturating_add(millis(lease)))
            .bind(own)
            .bind(instance);
        if let Some((key, epoch)) = only {
            query = query.bind(key).bind(epoch);
        }
        let rows = query.fetch_all(&self.pool).await?;
        Ok(rows
            .iter()
            .map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1)))
            .collect())
    }

    /// The address of the instance other than `instance` that holds a
    /// live lease at time `now` on `key` of `kind`, if one does.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(super) async fn lease_elsewhere(
        &self,
        kind: Leased,
        key: &str,
        instance: &str,
        now: i64,
    ) -> Result<Option<String>, Error> {
        let Leased {
            table, key: column, ..
        } = kind;
        let sql = format!(
            "SELECT addr FROM {table} WHERE {column} = $1 AND instance <> '' \
             AND instance <> $2 AND expires_at > $3"
        );
        let addr = sqlx::query_scalar(&sql)
            .bind(key)
            .bind(instance)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?;
        Ok(addr)
    }

    /// Gives up every lease of `kind` that `instance` holds (with
    /// `only`, the one of that key): any instance may claim them at once
    /// (their epochs stay, to grow on). Returns how many were given up.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(super) async fn give_up_leases(
        &self,
        kind: Leased,
        instance: &str,
        only: Option<&str>,
    ) -> Result<u64, Error> {
        let Leased { table, key, .. } = kind;
        let filter = if only.is_some() {
            format!(" AND {key} = $2")
        } else {
            String::new()
        };
        let sql =
            format!("UPDATE {table} SET instance = '', expires_at = 0 WHERE instance = $1{filter}");
        let mut query = sqlx::query(&sql).bind(instance);
        if let Some(key) = only {
            query = query.bind(key);
        }
        Ok(query.execute(&self.pool).await?.rows_affected())
    }
}
