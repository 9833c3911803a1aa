//! The server's metrics, served at `GET /metrics` in the Prometheus text
//! format (OpenMetrics) by the `prometheus-client` crate.
//!
//! One [`Metrics`] per server (a registry of its own, no global), so that
//! several servers in one process (the tests) count apart. The database
//! handle carries it, since every part of the server that counts holds
//! that handle already. The names are in docs/protocol.md ("Operations").

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// The content type of `GET /metrics` (the Prometheus text format, which
/// every Prometheus since 2.0 reads).
pub(crate) const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// What the server counts.
pub(crate) struct Metrics {
    registry: Registry,
    /// WebSocket connections open now (past their upgrade).
    pub sockets: Gauge,
    /// Rooms held in memory by this server now (their task running).
    pub rooms: Gauge,
    /// Rooms this server took up from the database: a room's ownership
    /// coming here (after a start, or after it was unloaded idle).
    pub room_loads: Counter,
    /// Moves stored (each committed before anyone was told of it).
    pub moves: Counter,
    /// Games that ended (stored with their outcome).
    pub games_finished: Counter,
    /// How long the transaction of each game event took, in seconds.
    pub commit_seconds: Histogram,
    /// How long each stage of a game event's transaction took, in
    /// seconds (see [`Metrics::stage`]).
    pub commit_stage_seconds: Family<StageLabel, Histogram, fn() -> Histogram>,
    /// How many game events each transaction of the group commit stored.
    pub commit_batch_events: Histogram,
    /// Rooms this server claimed from another instance whose lease had
    /// run out without being given up (that instance stopped, crashed or
    /// was cut off from the database).
    pub room_takeovers: Counter,
    /// Rooms this server lost to another instance that took them over
    /// (a write refused by the fence, or a renewal that missed them).
    pub rooms_lost: Counter,
    /// Rooms this server gave up as it stopped, for another instance to
    /// take at once.
    pub rooms_handed_over: Counter,
    /// Players waiting in the "Play now" queue, by game (a player in two
    /// queues of one game counts once, as in `GET /api/queue/counts`).
    pub queue_waiting: Family<GameLabel, Gauge>,
    /// Analysis jobs by status (`queued`, `running`) in the database,
    /// which all instances share: read at each scrape.
    pub analysis_jobs: Family<StatusLabel, Gauge>,
}

/// The label of a metric by game (`house` or a preset's name).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct GameLabel {
    /// The game.
    pub game: String,
}

/// The label of a metric by a stage of a commit.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct StageLabel {
    /// The stage.
    pub stage: &'static str,
}

/// The buckets of the commit histograms: 0.25 ms to about 4 s, an fsync
/// on an idle disk to a saturated one.
fn commit_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.000_25, 2.0, 15))
}

/// The label of a metric by a job's status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct StatusLabel {
    /// The status.
    pub status: &'static str,
}

impl Metrics {
    /// A registry with every metric at zero.
    pub(crate) fn new() -> Arc<Metrics> {
        let mut registry = Registry::with_prefix("mancala");
        let sockets = Gauge::default();
        registry.register("sockets", "WebSocket connections open", sockets.clone());
        let rooms = Gauge::default();
        registry.register(
            "rooms",
            "Rooms held in memory by this server",
            rooms.clone(),
        );
        let room_loads = Counter::default();
        registry.register(
            "room_loads",
            "Rooms this server took up from the database",
            room_loads.clone(),
        );
        let moves = Counter::default();
        registry.register("moves", "Moves stored", moves.clone());
        let games_finished = Counter::default();
        registry.register("games_finished", "Games that ended", games_finished.clone());
        let commit_seconds = commit_histogram();
        registry.register(
            "commit_seconds",
            "Time of each game event's transaction, in seconds",
            commit_seconds.clone(),
        );
        let commit_stage_seconds: Family<StageLabel, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(commit_histogram);
        registry.register(
            "commit_stage_seconds",
            "Time of each stage of a game event's transaction (begin: a pooled connection and BEGIN; statements; commit: COMMIT and its sync), in seconds",
            commit_stage_seconds.clone(),
        );
        // 1 to 256 events.
        let commit_batch_events = Histogram::new(exponential_buckets(1.0, 2.0, 9));
        registry.register(
            "commit_batch_events",
            "Game events stored by each transaction of the group commit",
            commit_batch_events.clone(),
        );
        let room_takeovers = Counter::default();
        registry.register(
            "room_takeovers",
            "Rooms this server took over from an instance whose lease ran out",
            room_takeovers.clone(),
        );
        let rooms_lost = Counter::default();
        registry.register(
            "rooms_lost",
            "Rooms this server lost to another instance",
            rooms_lost.clone(),
        );
        let rooms_handed_over = Counter::default();
        registry.register(
            "rooms_handed_over",
            "Rooms this server gave up as it stopped",
            rooms_handed_over.clone(),
        );
        let queue_waiting = Family::default();
        registry.register(
            "queue_waiting",
            "Players waiting in the Play now queue, by game",
            queue_waiting.clone(),
        );
        let analysis_jobs = Family::default();
        registry.register(
            "analysis_jobs",
            "Analysis jobs queued or running in the database",
            analysis_jobs.clone(),
        );
        Arc::new(Metrics {
            registry,
            sockets,
            rooms,
            room_loads,
            moves,
            games_finished,
            commit_seconds,
            commit_stage_seconds,
            commit_batch_events,
            room_takeovers,
            rooms_lost,
            rooms_handed_over,
            queue_waiting,
            analysis_jobs,
        })
    }

    /// Sets how many players wait for each game of `waiting`.
    pub(crate) fn waiting(&self, waiting: impl IntoIterator<Item = (String, usize)>) {
        for (game, players) in waiting {
            let players = i64::try_from(players).unwrap_or(i64::MAX);
            self.queue_waiting
                .get_or_create(&GameLabel { game })
                .set(players);
        }
    }

    /// Sets the analysis jobs `queued` and `running` as the database
    /// counts them now, or, with `None` (the database did not answer),
    /// drops them: a scrape shows no number rather than a stale one.
    pub(crate) fn analysis_jobs(&self, counts: Option<(i64, i64)>) {
        match counts {
            Some((queued, running)) => {
                for (status, n) in [("queued", queued), ("running", running)] {
                    self.analysis_jobs
                        .get_or_create(&StatusLabel { status })
                        .set(n);
                }
            }
            None => self.analysis_jobs.clear(),
        }
    }

    /// Records one event's transaction of `took`.
    pub(crate) fn committed(&self, took: Duration) {
        self.commit_seconds.observe(took.as_secs_f64());
    }

    /// Records a batch of `events` stored in one transaction.
    pub(crate) fn batched(&self, events: usize) {
        self.commit_batch_events.observe(events as f64);
    }

    /// Records one stage of an event's transaction (`begin`,
    /// `statements`, `commit`) of `took`.
    pub(crate) fn stage(&self, stage: &'static str, took: Duration) {
        self.commit_stage_seconds
            .get_or_create(&StageLabel { stage })
            .observe(took.as_secs_f64());
    }

    /// Every metric in the Prometheus text format.
    pub(crate) fn render(&self) -> String {
        let mut text = String::new();
        encode(&mut text, &self.registry).expect("writing to a String cannot fail");
        text
    }
}

impl fmt::Debug for Metrics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// Counts one in a gauge for as long as it lives (a socket, a room's
/// task), so that every way out counts it down.
pub(crate) struct Held(Gauge);

impl Held {
    /// Counts one in `gauge` until dropped.
    pub(crate) fn new(gauge: &Gauge) -> Held {
        gauge.inc();
        Held(gauge.clone())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_with_its_value() {
        let metrics = Metrics::new();
        metrics.moves.inc_by(3);
        let held = Held::new(&metrics.sockets);
        metrics.committed(Duration::from_millis(2));
        let text = metrics.render();
        assert!(text.contains("mancala_moves_total 3\n"), "{text}");
        assert!(text.contains("mancala_sockets 1\n"), "{text}");
        assert!(text.contains("mancala_commit_seconds_count 1\n"), "{text}");
        // Buckets are inclusive upper bounds (0.25 ms doubled): 2 ms is
        // counted in the 2 ms one, not in the 1 ms one.
        assert!(
            text.contains("mancala_commit_seconds_bucket{le=\"0.002\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("mancala_commit_seconds_bucket{le=\"0.001\"} 0\n"),
            "{text}"
        );
        drop(held);
        assert!(metrics.render().contains("mancala_sockets 0\n"));
        assert!(text.ends_with("# EOF\n"), "{text}");
    }

    #[test]
    fn labelled_gauges_show_one_sample_per_label_and_vanish_when_unknown() {
        let metrics = Metrics::new();
        metrics.rooms_lost.inc();
        metrics.waiting([("kalah".to_string(), 2), ("oware".to_string(), 0)]);
        metrics.analysis_jobs(Some((3, 1)));
        let text = metrics.render();
        assert!(text.contains("mancala_rooms_lost_total 1\n"), "{text}");
        assert!(text.contains("mancala_room_takeovers_total 0\n"), "{text}");
        assert!(
            text.contains("mancala_queue_waiting{game=\"kalah\"} 2\n"),
            "{text}"
        );
        assert!(
            text.contains("mancala_queue_waiting{game=\"oware\"} 0\n"),
            "{text}"
        );
        assert!(
            text.contains("mancala_analysis_jobs{status=\"queued\"} 3\n"),
            "{text}"
        );
        assert!(
            text.contains("mancala_analysis_jobs{status=\"running\"} 1\n"),
            "{text}"
        );
        metrics.waiting([("kalah".to_string(), 0)]);
        metrics.analysis_jobs(None);
        let text = metrics.render();
        assert!(
            text.contains("mancala_queue_waiting{game=\"kalah\"} 0\n"),
            "{text}"
        );
        assert!(!text.contains("mancala_analysis_jobs{"), "{text}");
    }
}
