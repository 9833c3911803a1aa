//! The computer in a room: computer seats, and the `--cpu` player for
//! timed-out, taken-over and resigned seats.
//!
//! A search never runs on the room's task: it runs in
//! [`tokio::task::spawn_blocking`] on a copy of the game, and its move
//! comes back through the room's queue as [`Command::Computed`], tagged
//! with the game and its number of events. The room plays it only if the
//! game is still at that point (a person's move, say, may have come
//! first). A room has at most one search in flight.

use mancala_ai::{MAX_LEVEL, Player, Spec};
use mancala_core::{Event, Game, Move, Preset, Rules};

use super::Command;
use super::task::Room;
use crate::error::Error;
use crate::protocol::{ComputerReason, to_move};

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
        let Some(seat) = to_move(&live.game) else {
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
        let game = live.game.clone();
        let id = live.id.clone();
        let seq = game.events().len();
        let seed = seed_of(&id, seq);
        let queue = self.queue.clone();
        self.thinking = Some((id.clone(), seq));
        tokio::spawn(async move {
            let mv = tokio::task::spawn_blocking(move || choose(spec, &game, seed))
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
            .and_then(|l| to_move(&l.game))
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

/// The move of `spec` in `game`: a search, run off the room's task. A
/// spec that cannot play these rules (a playout cap with two players,
/// say) falls back to `greedy`, so that a turn is never left unplayed.
fn choose(spec: Spec, game: &Game, seed: u64) -> Option<Move> {
    let rules = game.rules();
    let mut player = spec
        .strategy(rules, seed)
        .or_else(|_| Spec::new(Player::Greedy).strategy(rules, seed))
        .ok()?;
    player.choose(&game.position())
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

    #[test]
    fn seeds_differ_by_game_and_by_move() {
        let a = "c1f2988e67d961850202ade5d859d75e";
        let b = "7a0b6f0e3e1d4c0b9a57c1f0d3e2b4a1";
        assert_ne!(seed_of(a, 3), seed_of(b, 3));
        assert_ne!(seed_of(a, 3), seed_of(a, 4));
        assert_eq!(seed_of(a, 3), seed_of(a, 3));
    }
}
