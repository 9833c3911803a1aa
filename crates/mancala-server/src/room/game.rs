//! Playing in a room: moves and resignations checked by
//! [`mancala_core::Game`], committed, then broadcast.

use mancala_core::{Effect, Event, EventError, Move, SowingStep};

use super::task::Room;
use crate::error::Error;
use crate::protocol::{
    ComputerReason, EffectView, MovedBy, MovedView, OutcomeView, RoundView, ServerMessage,
    event_count, legal_moves_in, passed_seats, seat_sides, to_move_in,
};

impl Room {
    /// Plays move `text` for `player`, who must sit in the seat to move
    /// (and in `claimed`, when the client names a seat). A player with
    /// several seats (pass and play) plays for the one to move.
    pub(super) async fn play(
        &mut self,
        player: &str,
        text: &str,
        claimed: Option<usize>,
    ) -> Result<(), Error> {
        let seats = self.seats_of(player);
        if seats.is_empty() {
            return Err(Error::NotSeated);
        }
        if let Some(claimed) = claimed.filter(|c| !seats.contains(c)) {
            return Err(Error::NotYourSeat { seat: claimed });
        }
        let live = self.game.as_ref().ok_or(Error::NoGame)?;
        let to_move =
            to_move_in(&live.game.position()).ok_or(Error::Refused(EventError::GameOver))?;
        if claimed.is_some_and(|c| c != to_move) || !seats.contains(&to_move) {
            return Err(Error::NotYourTurn { to_move });
        }
        let m: Move = text.trim().parse()?;
        self.commit(Event::Move(m), None).await
    }

    /// Resigns `player`'s seat. A player with several seats (pass and
    /// play) resigns the one to move if it is theirs, else the first of
    /// theirs still playing.
    pub(super) async fn resign(&mut self, player: &str) -> Result<(), Error> {
        let seats = self.seats_of(player);
        if seats.is_empty() {
            return Err(Error::NotSeated);
        }
        let live = self.game.as_ref().ok_or(Error::NoGame)?;
        let position = live.game.position();
        let playing = |&&s: &&usize| !position.has_resigned(position.side_of(s));
        let seat = match to_move_in(&position) {
            Some(s) if seats.contains(&s) => s,
            _ => *seats.iter().find(playing).unwrap_or(&seats[0]),
        };
        let side = live.game.position().side_of(seat);
        self.commit(Event::Resign { side }, None).await
    }

    /// Applies `event` to the game, commits it, and only then tells every
    /// client (and, when it ended the game, the outcome). `computer` says
    /// why the computer played it, `None` for the seat's player. If the
    /// commit fails, the game takes the event back and nobody hears of it.
    ///
    /// In a match of rounds (docs/rules.md section 8a), a move that ends
    /// a round and not the match is told as `moved` (the round's last
    /// position) then `round_started` (the next round's start); only the
    /// match's end is `over`, and rates the players.
    pub(super) async fn commit(
        &mut self,
        event: Event,
        computer: Option<ComputerReason>,
    ) -> Result<(), Error> {
        let live = self.game.as_mut().ok_or(Error::NoGame)?;
        let seat = to_move_in(&live.game.position()).ok_or(EventError::GameOver)?;
        let steps = match event {
            Event::Move(m) => live.game.position().sowing_steps(m),
            _ => None,
        };
        // Taken back whole if the commit fails, across a round's end too.
        let before = live.game.clone();
        let round = live.game.round_count();
        let effect = live.game.apply(event)?;
        let seq = event_count(&live.game);
        let outcome = live.game.outcome();
        // Seats are players: a seat's rank is its player's.
        let ranks = (outcome.as_ref())
            .filter(|_| self.rated)
            .map(|o| o.player_ranks());
        let ratings = match self
            .db
            .append_event(
                &self.fence,
                &live.id,
                seq,
                event,
                computer,
                outcome.as_ref(),
                ranks.as_deref(),
            )
            .await
        {
            Ok(ratings) => {
                live.played_by.push(computer);
                if outcome.is_some() {
                    tracing::info!(room = %self.code, game = %live.id, events = seq, rated = self.rated, "game over");
                }
                ratings
            }
            Err(e) => {
                live.game = before;
                return Err(e);
            }
        };
        // The next turn's clock starts once the event is committed.
        self.reset_clock();
        let committed = Committed {
            event,
            seq,
            effect,
            seat,
            steps,
            round,
            computer,
        };
        let (message, started) = self.told(committed)?;
        self.broadcast(message);
        if let Some(started) = started {
            self.broadcast(started);
        }
        if let Some(outcome) = outcome {
            self.broadcast(ServerMessage::Over {
                outcome: OutcomeView::from(&outcome),
                ratings,
            });
        }
        Ok(())
    }

    /// What everyone is told of the event `committed`: `moved` or
    /// `resigned`, and `round_started` when it ended a round and not the
    /// match.
    fn told(&self, committed: Committed) -> Result<(ServerMessage, Option<ServerMessage>), Error> {
        let Committed {
            event,
            seq,
            effect,
            seat,
            steps,
            round,
            computer,
        } = committed;
        let clock = self.clock_view();
        let live = self.game.as_ref().ok_or(Error::NoGame)?;
        // The round the event was played in: over, when it began another.
        let played_in = &live.game.rounds()[round - 1];
        let next_round = live.game.round_count() > round;
        let after = played_in.position();
        let position = after.to_setup();
        let next = if next_round { None } else { to_move_in(&after) };
        let legal_now = if next_round {
            Vec::new()
        } else {
            legal_moves_in(&after)
        };
        let message = match (event, effect) {
            (Event::Resign { side }, _) => ServerMessage::Resigned {
                seat: after.player_of(side),
                position,
                to_move: next,
                legal_moves: legal_now,
                clock: clock.clone().filter(|_| !next_round),
            },
            (_, effect) => {
                let effect = effect.expect("a move has an effect");
                ServerMessage::Moved(MovedView {
                    seat,
                    mv: event.to_string(),
                    seq,
                    effect: EffectView::new(&effect, steps),
                    position,
                    to_move: next,
                    legal_moves: legal_now,
                    passed: passed_seats(&effect, &after),
                    sides: seat_sides(&after),
                    by: match computer {
                        Some(_) => MovedBy::Computer,
                        None => MovedBy::Player,
                    },
                    reason: computer,
                    clock: clock.clone().filter(|_| !next_round),
                    round: RoundView::of(&live.game, round - 1),
                })
            }
        };
        let started = next_round.then(|| {
            let start = live.game.position();
            ServerMessage::RoundStarted {
                round: RoundView::current(&live.game).expect("a match of rounds"),
                previous: OutcomeView::from(
                    &played_in.outcome().expect("the round before is over"),
                ),
                position: start.to_setup(),
                to_move: to_move_in(&start),
                legal_moves: legal_moves_in(&start),
                sides: seat_sides(&start),
                clock,
            }
        });
        if next_round {
            tracing::debug!(room = %self.code, game = %live.id, round = round + 1, "round started");
        }
        Ok((message, started))
    }
}

/// An event just committed, as [`Room::told`] tells it.
struct Committed {
    event: Event,
    /// Its number in the game (the match's events counted through).
    seq: usize,
    /// What the move did (`None` for a resignation).
    effect: Option<Effect>,
    /// The seat that played it.
    seat: usize,
    /// The sowing, seed by seed, for the page's animation.
    steps: Option<Vec<SowingStep>>,
    /// The round it was played in, from 1.
    round: usize,
    computer: Option<ComputerReason>,
}
