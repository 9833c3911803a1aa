//! What the players' pages and the replays read: a game whole, a
//! player's rating history and record, and a player's games newest first.

use std::collections::HashMap;

use mancala_core::Event;
use sqlx::Row;

use super::{Db, count_of, flag, seat_of};
use crate::error::Error;
use crate::protocol::{
    ComputerReason, GameResult, OutcomeView, PlayedEntry, RatingPoint, RecordTally, ReplaySeatView,
};
use crate::rating;
use crate::setup::RoomSetup;

/// A game as stored, with what its replay shows besides its events.
#[derive(Debug)]
pub(crate) struct StoredReplay {
    pub room: String,
    pub number: u64,
    /// Its rules as canonical text.
    pub rules: String,
    /// The preset its room plays, if any.
    pub preset: Option<String>,
    pub rated: bool,
    pub seats: Vec<ReplaySeatView>,
    pub events: Vec<Event>,
    /// Why the computer played each event (one an event).
    pub played_by: Vec<Option<ComputerReason>>,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
}

/// A finished game of a player, as their record counts it: its id, the
/// player's seats in it, its seat ranks, its preset and its rules.
type FinishedSeats = (
    String,
    Vec<usize>,
    Option<Vec<u8>>,
    (Option<String>, String),
);

/// A player's page as stored: everything but the games list.
#[derive(Debug)]
pub(crate) struct StoredPlayer {
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub rated_games: u64,
    pub history: Vec<RatingPoint>,
    pub record: Vec<RecordTally>,
}

/// Where a page of a player's games starts: before the game that
/// started at `started_at` (0 when unknown) with id `game`, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cursor {
    pub started_at: i64,
    pub game: String,
}

impl Cursor {
    /// The cursor's text, as `next` gives it and `before` takes it:
    /// `MILLISECONDS_ID`.
    pub(crate) fn to_text(&self) -> String {
        format!("{}_{}", self.started_at, self.game)
    }

    /// The cursor written `text` ([`Cursor::to_text`]).
    ///
    /// # Errors
    ///
    /// [`Error::BadOption`] naming `before` for text of another shape.
    pub(crate) fn parse(text: &str) -> Result<Cursor, Error> {
        let bad = || Error::BadOption {
            field: "before",
            value: serde_json::Value::from(text).to_string(),
            expected: "the `next` of the page before (MILLISECONDS_GAME)",
        };
        let (at, game) = text.split_once('_').ok_or_else(bad)?;
        let started_at = at.parse().map_err(|_| bad())?;
        if game.is_empty() || !game.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad());
        }
        Ok(Cursor {
            started_at,
            game: game.to_string(),
        })
    }
}

/// The preset of a room whose `rules` and `house_rules` columns are
/// these, if it plays one (rules that no longer read have none).
fn room_preset(rules: &str, house_rules: Option<&str>) -> Option<String> {
    RoomSetup::stored(rules, house_rules, false, (None, None))
        .ok()?
        .preset()
        .map(|p| p.name().to_string())
}

/// The computer's level of player `id` (`ai:N`), `None` for a person.
pub(crate) fn level_of(id: &str) -> Option<u8> {
    id.strip_prefix("ai:")?
        .parse()
        .ok()
        .filter(|l| (1..=mancala_ai::MAX_LEVEL).contains(l))
}

/// The seat ranks of a stored outcome (JSON of [`OutcomeView`]), if it
/// reads.
fn seat_ranks(outcome: Option<&str>) -> Option<Vec<u8>> {
    let view: OutcomeView = serde_json::from_str(outcome?).ok()?;
    Some(if view.seat_ranks.is_empty() {
        view.ranks
    } else {
        view.seat_ranks
    })
}

impl Db {
    /// Game `id` with its room's facts, seats and events, if it exists
    /// (finished or not).
    ///
    /// # Errors
    ///
    /// [`Error::Database`], also for events that do not parse.
    pub(crate) async fn replay(&self, id: &str) -> Result<Option<StoredReplay>, Error> {
        let Some(row) = sqlx::query(
            "SELECT g.room, g.number, g.rules, g.started_at, g.ended_at, r.rules, \
             r.house_rules, CAST(r.rated AS INTEGER) FROM games g \
             JOIN rooms r ON r.code = g.room WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let (events, played_by) = self.events(id).await?.into_iter().unzip();
        Ok(Some(StoredReplay {
            room: row.get(0),
            number: count_of(row.get(1)),
            rules: row.get(2),
            started_at: row.get(3),
            ended_at: row.get(4),
            preset: room_preset(row.get(5), row.get(6)),
            rated: flag(row.get(7)),
            seats: self.game_seats(id).await?,
            events,
            played_by,
        }))
    }

    /// Who played each seat of game `id`, seat 0 first, with their names
    /// now.
    async fn game_seats(&self, id: &str) -> Result<Vec<ReplaySeatView>, Error> {
        let rows = sqlx::query(
            "SELECT s.seat, s.player, p.name FROM game_seats s \
             JOIN players p ON p.id = s.player WHERE s.game = $1 ORDER BY s.seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let player: String = r.get(1);
                ReplaySeatView {
                    seat: seat_of(r.get(0)),
                    level: level_of(&player),
                    player,
                    name: r.get(2),
                }
            })
            .collect())
    }

    /// Player `id`'s page (name, rating, rating history, wins, draws and
    /// losses by game), `None` if no such player exists. Never their
    /// secret's hash.
    pub(crate) async fn player_page(&self, id: &str) -> Result<Option<StoredPlayer>, Error> {
        let Some((_, name)) = self.player(id).await? else {
            return Ok(None);
        };
        let initial = rating::initial();
        let current = sqlx::query("SELECT rating, deviation, games FROM ratings WHERE player = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let (rating, deviation, rated_games) = match current {
            Some(r) => (r.get(0), r.get(1), count_of(r.get(2))),
            None => (initial.rating, initial.deviation, 0),
        };
        let history = sqlx::query(
            "SELECT h.number, h.game, h.rating_after, h.deviation_after, g.ended_at \
             FROM rating_history h JOIN games g ON g.id = h.game \
             WHERE h.player = $1 ORDER BY h.number",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| RatingPoint {
            number: count_of(r.get(0)),
            game: r.get(1),
            rating: r.get(2),
            deviation: r.get(3),
            at: r.get(4),
        })
        .collect();
        Ok(Some(StoredPlayer {
            name,
            rating,
            deviation,
            rated_games,
            history,
            record: self.record(id).await?,
        }))
    }

    /// Player `id`'s wins, draws and losses in their finished games, by
    /// game (preset, or rules of their own), most played first. A game in
    /// which they held several seats (pass and play) is no contest and
    /// is left out.
    async fn record(&self, id: &str) -> Result<Vec<RecordTally>, Error> {
        let rows = sqlx::query(
            "SELECT s.game, s.seat, g.outcome, g.rules, r.rules, r.house_rules \
             FROM game_seats s JOIN games g ON g.id = s.game JOIN rooms r ON r.code = g.room \
             WHERE s.player = $1 AND g.over = TRUE ORDER BY s.game, s.seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        // Per game: its seats of the player, its ranks and what it was.
        let mut games: Vec<FinishedSeats> = Vec::new();
        let mut presets: HashMap<(String, Option<String>), Option<String>> = HashMap::new();
        for r in rows {
            let game: String = r.get(0);
            let seat = seat_of(r.get(1));
            if let Some(last) = games.last_mut().filter(|g| g.0 == game) {
                last.1.push(seat);
                continue;
            }
            let room_rules: String = r.get(4);
            let house_rules: Option<String> = r.get(5);
            let preset = presets
                .entry((room_rules, house_rules))
                .or_insert_with_key(|(rules, house)| room_preset(rules, house.as_deref()))
                .clone();
            let ranks = seat_ranks(r.get::<Option<&str>, _>(2));
            games.push((game, vec![seat], ranks, (preset, r.get(3))));
        }
        let mut tallies: Vec<RecordTally> = Vec::new();
        for (_, seats, ranks, (preset, rules)) in games {
            let [seat] = seats[..] else { continue };
            let Some(result) = ranks.and_then(|ranks| GameResult::of(seat, &ranks)) else {
                continue;
            };
            let rules = preset.is_none().then_some(rules);
            let index = match tallies
                .iter()
                .position(|t| t.preset == preset && t.rules == rules)
            {
                Some(i) => i,
                None => {
                    tallies.push(RecordTally {
                        preset,
                        rules,
                        wins: 0,
                        draws: 0,
                        losses: 0,
                    });
                    tallies.len() - 1
                }
            };
            let tally = &mut tallies[index];
            match result {
                GameResult::Win => tally.wins += 1,
                GameResult::Draw => tally.draws += 1,
                GameResult::Loss => tally.losses += 1,
            }
        }
        tallies.sort_by_key(|t| std::cmp::Reverse(t.wins + t.draws + t.losses));
        Ok(tallies)
    }

    /// Up to `limit` games player `id` sat in, rated and casual, newest
    /// first, from `before` (`None`: the newest), and the cursor of the
    /// next page when there may be one; `None` if no such player exists.
    pub(crate) async fn played(
        &self,
        id: &str,
        limit: u32,
        before: Option<&Cursor>,
    ) -> Result<Option<(Vec<PlayedEntry>, Option<Cursor>)>, Error> {
        if self.player(id).await?.is_none() {
            return Ok(None);
        }
        let (at, game) = before.map_or((i64::MAX, ""), |c| (c.started_at, c.game.as_str()));
        let rows = sqlx::query(
            "SELECT g.id, g.room, g.number, g.rules, CAST(g.over AS INTEGER), g.outcome, \
             COALESCE(g.started_at, 0), r.rules, r.house_rules, CAST(r.rated AS INTEGER), \
             MIN(s.seat), COUNT(*) \
             FROM game_seats s JOIN games g ON g.id = s.game JOIN rooms r ON r.code = g.room \
             WHERE s.player = $1 AND (COALESCE(g.started_at, 0) < $2 \
               OR (COALESCE(g.started_at, 0) = $2 AND g.id < $3)) \
             GROUP BY g.id, g.room, g.number, g.rules, g.over, g.outcome, g.started_at, \
               r.rules, r.house_rules, r.rated \
             ORDER BY COALESCE(g.started_at, 0) DESC, g.id DESC LIMIT $4",
        )
        .bind(id)
        .bind(at)
        .bind(game)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let full = rows.len() == limit as usize;
        let mut entries = Vec::with_capacity(rows.len());
        for r in rows {
            let game: String = r.get(0);
            let seat = seat_of(r.get(10));
            let alone = r.get::<i64, _>(11) == 1;
            let over = flag(r.get(4));
            let result = seat_ranks(r.get::<Option<&str>, _>(5))
                .filter(|_| over && alone)
                .and_then(|ranks| GameResult::of(seat, &ranks));
            let started_at: i64 = r.get(6);
            entries.push(PlayedEntry {
                seats: self.game_seats(&game).await?,
                room: r.get(1),
                number: count_of(r.get(2)),
                rules: r.get(3),
                preset: room_preset(r.get(7), r.get(8)),
                rated: flag(r.get(9)),
                seat,
                over,
                result,
                started_at: (started_at > 0).then_some(started_at),
                game,
            });
        }
        let next = entries.last().filter(|_| full).map(|e| Cursor {
            started_at: e.started_at.unwrap_or(0),
            game: e.game.clone(),
        });
        Ok(Some((entries, next)))
    }
}

/// Milliseconds since 1970 (UTC) now, but always after the last stamp
/// this process gave: games started in the same millisecond still order
/// by when they started.
pub(crate) fn stamp() -> i64 {
    use std::sync::atomic::{AtomicI64, Ordering};
    static LAST: AtomicI64 = AtomicI64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let previous = LAST
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
            Some(now.max(last + 1))
        })
        .unwrap_or(now);
    now.max(previous + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_always_go_up() {
        let mut last = stamp();
        for _ in 0..10_000 {
            let next = stamp();
            assert!(next > last, "{next} after {last}");
            last = next;
        }
    }

    #[test]
    fn a_cursor_reads_back_and_a_bad_one_is_named() {
        let cursor = Cursor {
            started_at: 1_700_000_000_123,
            game: "0a1b".to_string(),
        };
        assert_eq!(Cursor::parse(&cursor.to_text()).unwrap(), cursor);
        for bad in ["", "12", "x_0a", "12_", "12_zz", "12_0a;DROP"] {
            let e = Cursor::parse(bad).unwrap_err();
            assert_eq!(e.code(), "bad_option", "{bad}");
            assert!(e.to_string().contains("before"), "{e}");
        }
    }

    #[test]
    fn results_from_ranks() {
        assert_eq!(GameResult::of(0, &[1, 2]), Some(GameResult::Win));
        assert_eq!(GameResult::of(1, &[1, 2]), Some(GameResult::Loss));
        assert_eq!(GameResult::of(1, &[1, 1]), Some(GameResult::Draw));
        assert_eq!(GameResult::of(2, &[2, 1, 2]), Some(GameResult::Loss));
        assert_eq!(GameResult::of(3, &[1, 2]), None);
    }
}
