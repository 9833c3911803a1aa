//! The computer in a room: computer seats, and the `--cpu` player for
//! timed-out, taken-over and resigned seats.
//!
//! A search never runs on the room's task: it runs in
//! [`tokio::task::spawn_blocking`] on a copy of the game, and its move
//! comes back through the room's queue as [`Command::Computed`], tagged
//! with the game and its number of events. The room plays it only if the
//! game is still at that point (a person's move, say, may have come
//! first). A room has at most one search in flight.
//!
//! Each search is given the time of [`move_budget`]: what is left on the
//! turn's clock less a margin, at most [`MOVE_CAP`], so that the move
//! reaches the room before the clock runs out and no room waits long.
//! A level keeps its own node budget within that time (it plays as
//! strong as without a clock when it has the time); a search named
//! without a budget (`--cpu alphabeta`) thinks for all of it.

use std::time::Duration;

use mancala_ai::{Allocation, Greedy, MAX_LEVEL, Player, Spec, Strategy, TimeControl};
use mancala_core::{Event, Game, Move, Preset, Rules};

use super::Command;
use super::task::Room;
use crate::error::Error;
use crate::protocol::{ComputerReason, to_move_in};

/// The most a computer's move may take: its time in a room without a
/// time per turn, and the cap of it with one (a 30 s turn gives 2 s).
pub(crate) const MOVE_CAP: Duration = Duration::from_secs(2);

/// The least time a computer's move leaves on the turn's clock, for the
/// move to reach the room and its clients: this, or a tenth of what is
/// left if more.
pub(crate) const MIN_MARGIN: Duration = Duration::from_millis(300);

/// The least time a computer's move is given (a turn within
/// [`MIN_MARGIN`] of its end, or run out): a search's first answer.
pub(crate) const LAST_MOMENT: Duration = Duration::from_millis(1);

/// The time of the computer's next move, with `left` on the turn's clock
/// (`None`: the room has no time per turn).
///
/// - No clock: [`MOVE_CAP`].
/// - A clock: `left` less a margin of [`MIN_MARGIN`] or a tenth of
///   `left`, whichever is more, then at most [`MOVE_CAP`] and at least
///   [`LAST_MOMENT`]: 30 or 60 s left give 2 s, 1 s gives 700 ms, 200 ms
///   or a clock run out give 1 ms.
///
/// The hard limit is that; the soft limit (after which an iterative
/// search starts no new depth) half of it.
pub(crate) fn move_budget(left: Option<Duration>) -> Allocation {
    let hard = match left {
        None => MOVE_CAP,
        Some(left) => left
            .saturating_sub(MIN_MARGIN.max(left / 10))
            .clamp(LAST_MOMENT, MOVE_CAP),
    };
    Allocation {
        soft: hard / 2,
        hard,
    }
}

/// The id of the computer player at `level`.
pub(crate) fn computer_id(level: u8) -> String {
    format!("ai:{level}")
}

/// The level of player `id`, if it is the computer.
pub(super) fn computer_level(id: &str) -> Option<u8> {
    id.strip_prefix("ai:")?
        .parse()
        .ok()
        .filter(|l| (1..=MAX_LEVEL).contains(l))
}

/// Checks that `cpu` can play (a person cannot).
///
/// # Errors
///
/// [`Error::Cpu`] naming the spec and why.
pub(crate) fn check_cpu(cpu: &Spec) -> Result<(), Error> {
    let rules = Rules::new(&Preset::Kalah.rules()).expect("Kalah's rules compile");
    cpu.strategy(&rules, 0)
        .map(drop)
        .map_err(|source| Error::Cpu {
            spec: cpu.to_string(),
            source,
        })
}

impl Room {
    /// Why the computer plays the turn of `seat` now, if it does: a
    /// computer seat, a resigned seat, a seat taken over, or a turn whose
    /// time ran out.
    pub(super) fn computer_reason(&self, seat: usize) -> Option<ComputerReason> {
        let live = self.game.as_ref()?;
        let player = &self.seats.get(seat)?.as_ref()?.player;
        let position = live.game.position();
        if computer_level(player).is_some() {
            Some(ComputerReason::ComputerSeat)
        } else if position.has_resigned(position.side_of(seat)) {
            Some(ComputerReason::Resigned)
        } else if self.away.get(player).is_some_and(|a| a.taken_over) {
            Some(ComputerReason::Takeover)
        } else if self.timed_out.is_some() && self.timed_out == self.point() {
            Some(ComputerReason::Timeout)
        } else {
            None
        }
    }

    /// Starts the computer's search for the turn being played if the
    /// computer plays it and no search is in flight.
    pub(super) fn think(&mut self) {
        if self.thinking.is_some() || (self.gave_up.is_some() && self.gave_up == self.point()) {
            return;
        }
        let Some(live) = self.game.as_ref() else {
            return;
        };
        let Some(seat) = to_move_in(&live.game.position()) else {
            return;
        };
        if self.computer_reason(seat).is_none() {
            return;
        }
        let spec = match self.seats[seat]
            .as_ref()
            .and_then(|s| computer_level(&s.player))
        {
            Some(level) => Spec::level(level),
            None => self.settings.cpu,
        };
        // The round being played, with its rules (its burnt houses).
        let game = live.game.round().clone();
        let id = live.id.clone();
        let seq = crate::protocol::event_count(&live.game);
        let seed = seed_of(&id, seq);
        let time = self.computer_time();
        let queue = self.queue.clone();
        self.thinking = Some((id.clone(), seq));
        tokio::spawn(async move {
            let mv = tokio::task::spawn_blocking(move || choose(spec, &game, seed, time))
                .await
                .unwrap_or_else(|e| {
                    tracing::error!(game = %id, error = %e, "the computer failed");
                    None
                });
            // The room may have ended meanwhile: then nobody waits.
            if let Some(queue) = queue.upgrade() {
                let computed = Command::Computed { game: id, seq, mv };
                let _ = queue.send(computed).await;
            }
        });
    }

    /// The time of the computer's move for the turn being played: the
    /// [`move_budget`] of what is left on its clock.
    pub(super) fn computer_time(&self) -> Allocation {
        move_budget(self.turn_left())
    }

    /// Plays the computer's move `mv` for the position after event `seq`
    /// of game `game`, if the game is still there and the computer still
    /// plays that turn; then thinks again if it must.
    pub(super) async fn computed(
        &mut self,
        game: String,
        seq: usize,
        mv: Option<Move>,
    ) -> Result<(), Error> {
        self.thinking = None;
        if self.point() != Some((game, seq)) {
            return Ok(());
        }
        let Some(reason) = self
            .game
            .as_ref()
            .and_then(|l| to_move_in(&l.game.position()))
            .and_then(|seat| self.computer_reason(seat))
        else {
            return Ok(());
        };
        match mv {
            Some(m) => self.commit(Event::Move(m), Some(reason)).await,
            None => {
                tracing::error!(room = %self.code, "the computer found no move");
                // Searching again would fail again: the turn waits for
                // its player (the log tells of it).
                self.gave_up = self.point();
                Ok(())
            }
        }
    }
}

/// The move of `spec` in `game` within `time`: a search, run off the
/// room's task. A spec that cannot play these rules (a playout cap with
/// two players, say), or a search that finds no move, falls back to
/// `greedy`, so that a turn is never left unplayed (`None` only when the
/// game is over).
fn choose(spec: Spec, game: &Game, seed: u64, time: Allocation) -> Option<Move> {
    let rules = game.rules();
    let pos = game.position();
    // Any limited control: a search without a budget then has none of
    // its own, and thinks for `time`.
    let control = TimeControl::per_move(time.hard);
    let searched = spec
        .timed_strategy(rules, seed, &control)
        .or_else(|_| Spec::new(Player::Greedy).strategy(rules, seed))
        .ok()
        .and_then(|mut player| {
            player.set_time(Some(time));
            player.choose(&pos)
        });
    searched.or_else(|| Greedy::new(seed).choose(&pos))
}

/// A seed for the computer's move after event `seq` of game `id`, so that
/// a game replays the same way: the id is random hex.
fn seed_of(id: &str, seq: usize) -> u64 {
    let head = id.get(..16).unwrap_or(id);
    u64::from_str_radix(head, 16).unwrap_or(0) ^ (seq as u64).rotate_left(32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_is_ai_colon_a_level_from_1_to_10() {
        assert_eq!(computer_level(&computer_id(1)), Some(1));
        assert_eq!(computer_level(&computer_id(10)), Some(10));
        for id in [
            "ai:0",
            "ai:11",
            "ai:",
            "ai:x",
            "AI:3",
            "c1f2988e67d961850202ade5d859d75e",
        ] {
            assert_eq!(computer_level(id), None, "{id}");
        }
    }

    #[test]
    fn a_cpu_that_cannot_play_is_refused_by_name() {
        assert!(check_cpu(&Spec::level(3)).is_ok());
        let human = Spec::new(Player::Human);
        assert!(matches!(check_cpu(&human), Err(Error::Cpu { spec, .. }) if spec == "human"));
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn budget(soft: u64, hard: u64) -> Allocation {
        Allocation {
            soft: ms(soft),
            hard: ms(hard),
        }
    }

    #[test]
    fn a_computer_move_takes_at_most_two_seconds_and_leaves_a_margin_on_the_clock() {
        // The site's turn clocks, whole or nearly: the cap.
        assert_eq!(
            move_budget(Some(Duration::from_secs(30))),
            budget(1_000, 2_000)
        );
        assert_eq!(
            move_budget(Some(Duration::from_secs(60))),
            budget(1_000, 2_000)
        );
        // No clock: the cap too.
        assert_eq!(move_budget(None), budget(1_000, 2_000));
        // 10 s: a tenth kept (9 s), then the cap.
        assert_eq!(move_budget(Some(ms(10_000))), budget(1_000, 2_000));
        // 2 s: the 300 ms margin is more than a tenth: 1.7 s.
        assert_eq!(move_budget(Some(ms(2_000))), budget(850, 1_700));
        // 1 s left: 700 ms.
        assert_eq!(move_budget(Some(ms(1_000))), budget(350, 700));
        // 310 ms: 10 ms.
        assert_eq!(move_budget(Some(ms(310))), budget(5, 10));
        // Within the margin, or run out: a millisecond, the search's
        // first answer.
        let last = Allocation {
            soft: Duration::from_micros(500),
            hard: ms(1),
        };
        assert_eq!(move_budget(Some(ms(200))), last);
        assert_eq!(move_budget(Some(ms(300))), last);
        assert_eq!(move_budget(Some(Duration::ZERO)), last);
    }

    #[test]
    fn a_computer_move_in_time_never_eats_into_the_margin() {
        for left in (0..=61_000).step_by(7).map(ms) {
            let time = move_budget(Some(left));
            assert!(time.soft <= time.hard && time.hard <= MOVE_CAP, "{left:?}");
            if left >= ms(301) {
                let margin = ms(300).max(left / 10);
                assert!(time.hard + margin <= left, "{left:?}: {time:?}");
            }
        }
    }

    /// A Kalah game after `moves` (house numbers of the mover).
    fn kalah_after(moves: &[u8]) -> Game {
        let rules = std::sync::Arc::new(Rules::new(&Preset::Kalah.rules()).unwrap());
        let mut game = Game::new(rules);
        for &m in moves {
            game.play(Move::House(m)).unwrap();
        }
        game
    }

    #[test]
    fn every_computer_moves_legally_in_its_last_millisecond() {
        let last = move_budget(Some(Duration::ZERO));
        // An unlimited search would never end: the time stops it.
        let mut specs: Vec<Spec> = ["alphabeta", "exact", "greedy", "alphabeta,depth=40"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        specs.extend((1..=MAX_LEVEL).map(Spec::level));
        for moves in [&[][..], &[3, 1], &[6, 2, 5]] {
            let game = kalah_after(moves);
            let legal = game.position().legal_moves();
            for spec in &specs {
                let m = choose(*spec, &game, 7, last);
                assert!(
                    m.is_some_and(|m| legal.iter().any(|l| l == m)),
                    "{spec} after {moves:?}: {m:?}"
                );
            }
        }
    }

    #[test]
    fn a_level_with_the_time_plays_as_without_a_clock() {
        let game = kalah_after(&[3, 1]);
        let rules = game.rules();
        for level in [1, 5, 8] {
            let spec = Spec::level(level);
            let untimed = spec.strategy(rules, 9).unwrap().choose(&game.position());
            assert_eq!(
                choose(spec, &game, 9, move_budget(None)),
                untimed,
                "ai:{level}"
            );
        }
    }

    #[test]
    fn a_cpu_that_cannot_play_the_rules_plays_greedy() {
        // A playout cap is MCTS's: with two players the level is alpha-beta.
        let spec: Spec = "ai:5,playout=10".parse().unwrap();
        let game = kalah_after(&[]);
        let greedy = Greedy::new(3).choose(&game.position());
        assert_eq!(choose(spec, &game, 3, move_budget(None)), greedy);
        // And a game over has no move to play.
        let mut over = kalah_after(&[]);
        over.resign(over.position().to_move()).unwrap();
        assert!(over.is_over());
        assert_eq!(choose(Spec::level(3), &over, 3, move_budget(None)), None);
    }

    #[test]
    fn seeds_differ_by_game_and_by_move() {
        let a = "c1f2988e67d961850202ade5d859d75e";
        let b = "7a0b6f0e3e1d4c0b9a57c1f0d3e2b4a1";
        assert_ne!(seed_of(a, 3), seed_of(b, 3));
        assert_ne!(seed_of(a, 3), seed_of(a, 4));
        assert_eq!(seed_of(a, 3), seed_of(a, 3));
    }
}
