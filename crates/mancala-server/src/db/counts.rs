//! What each instance counts, for the others (docs/scaling.md): the
//! persons playing in the rooms it runs, by game, stored in its row of
//! `instance_counts` (migration 0015) with every renewal of its rooms'
//! leases, so that `GET /api/queue/counts` on any instance counts the
//! games of all of them.

use std::collections::HashMap;
use std::time::Duration;

use super::Db;
use crate::error::Error;

impl Db {
    /// Stores that `playing` persons play by game in the rooms
    /// `instance`, reachable at `addr`, runs, as counted at `now`
    /// (milliseconds since 1970), for the others to read until `now +
    /// lease`; the row also says, until then, that `instance` lives
    /// (see [`Db::peers`]).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn store_playing(
        &self,
        (instance, addr): (&str, &str),
        now: i64,
        lease: Duration,
        playing: &HashMap<String, usize>,
    ) -> Result<(), Error> {
        let playing = serde_json::to_string(playing).unwrap_or_else(|_| "{}".to_string());
        let lease = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        sqlx::query(
            "INSERT INTO instance_counts (instance, expires_at, playing, addr) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (instance) DO UPDATE SET expires_at = excluded.expires_at, \
             playing = excluded.playing, addr = excluded.addr",
        )
        .bind(instance)
        .bind(now.saturating_add(lease))
        .bind(playing)
        .bind(addr)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Every instance's row of `instance_counts` whose lease ends after
    /// `since` (milliseconds since 1970): its name, its URL and the end
    /// of its lease. The live instances, and those that stopped renewing
    /// lately, for the spreading of a dead instance's rooms
    /// (`room::sweep`).
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn peers(&self, since: i64) -> Result<Vec<(String, String, i64)>, Error> {
        let rows = sqlx::query_as(
            "SELECT instance, addr, expires_at FROM instance_counts WHERE expires_at > $1",
        )
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }

    /// How many persons play by game in the rooms of every instance but
    /// `instance`, as each stored it last (see [`Db::store_playing`]);
    /// an instance whose count is older than its lease at `now` (it
    /// died, or lost the database) counts nobody.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn playing_elsewhere(
        &self,
        instance: &str,
        now: i64,
    ) -> Result<HashMap<String, usize>, Error> {
        let rows: Vec<String> = sqlx::query_scalar(
            "SELECT playing FROM instance_counts WHERE instance <> $1 AND expires_at > $2",
        )
        .bind(instance)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let mut total = HashMap::new();
        for row in rows {
            let counts: HashMap<String, usize> = serde_json::from_str(&row).unwrap_or_default();
            for (game, people) in counts {
                *total.entry(game).or_insert(0) += people;
            }
        }
        Ok(total)
    }

    /// Forgets what `instance` counted (it stops): the others count its
    /// rooms no more.
    ///
    /// # Errors
    ///
    /// [`Error::Database`].
    pub(crate) async fn forget_playing(&self, instance: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM instance_counts WHERE instance = $1")
            .bind(instance)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::owners::tests::fresh;

    const LEASE: Duration = Duration::from_secs(6);

    #[tokio::test]
    async fn each_instance_reads_the_live_counts_of_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let url = fresh(&dir).await;
        let a = Db::open(&url).await.unwrap();
        let b = Db::open(&url).await.unwrap();
        let t = 1_000_000;
        let counts = |pairs: &[(&str, usize)]| -> HashMap<String, usize> {
            pairs.iter().map(|(g, n)| (g.to_string(), *n)).collect()
        };

        // A plays 2 at Kalah and 3 at Oware, C 4 at Kalah (stored at
        // t + 1 s); B adds them up, A reads only C's.
        a.store_playing(
            ("A", "http://a"),
            t,
            LEASE,
            &counts(&[("kalah", 2), ("oware", 3)]),
        )
        .await
        .unwrap();
        b.store_playing(
            ("C", "http://c"),
            t + 1_000,
            LEASE,
            &counts(&[("kalah", 4)]),
        )
        .await
        .unwrap();
        let all = counts(&[("kalah", 6), ("oware", 3)]);
        assert_eq!(b.playing_elsewhere("B", t + 1).await.unwrap(), all);
        let from_c = counts(&[("kalah", 4)]);
        assert_eq!(a.playing_elsewhere("A", t + 1).await.unwrap(), from_c);

        // A's next renewal (t + 2 s) replaces its count; each counts
        // nobody once its lease has run out: C at t + 7 s, A at t + 8 s.
        a.store_playing(
            ("A", "http://a"),
            t + 2_000,
            LEASE,
            &counts(&[("kalah", 1)]),
        )
        .await
        .unwrap();
        let both = counts(&[("kalah", 5)]);
        assert_eq!(b.playing_elsewhere("B", t + 6_999).await.unwrap(), both);
        let only_a = counts(&[("kalah", 1)]);
        assert_eq!(b.playing_elsewhere("B", t + 7_000).await.unwrap(), only_a);
        assert_eq!(
            b.playing_elsewhere("B", t + 8_000).await.unwrap(),
            counts(&[])
        );

        // The instances as the takeover's look reads them: those whose
        // lease ends after the time asked, with their URLs.
        let mut peers = b.peers(t + 6_999).await.unwrap();
        peers.sort();
        let c = ("C".to_string(), "http://c".to_string(), t + 7_000);
        let a_row = ("A".to_string(), "http://a".to_string(), t + 8_000);
        assert_eq!(peers, [a_row.clone(), c]);
        assert_eq!(b.peers(t + 7_000).await.unwrap(), [a_row]);

        // A stops: forgotten at once.
        a.forget_playing("A").await.unwrap();
        assert_eq!(b.playing_elsewhere("B", t + 2_001).await.unwrap(), from_c);
    }
}
