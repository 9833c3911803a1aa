//! Playing in a room: moves and resignations checked by
//! [`mancala_core::Game`], committed, then broadcast.

use mancala_ai::Spec;
use mancala_core::{Event, EventError, Game, Move, Outcome};

use super::task::Room;
use crate::error::Error;
use crate::protocol::{EffectView, MovedView, OutcomeView, ServerMessage, to_move};

/// Who plays the turns of a seat that resigned while the game goes on
/// (3 or 4 players): cheap, so the room's task never waits on a search.
const RESIGNED_SEAT_PLAYER: &str = "greedy";

impl Room {
    /// Plays move `text` for `player`, who must sit in the seat to move
    /// (and in `claimed`, when the client names a seat).
    pub(super) async fn play(
        &mut self,
        player: &str,
        text: &str,
        claimed: Option<usize>,
    ) -> Result<(), Error> {
        let seat = self.seat_of(player).ok_or(Error::NotSeated)?;
        if let Some(claimed) = claimed.filter(|&c| c != seat) {
            return Err(Error::NotYourSeat { seat: claimed });
        }
        let live = self.game.as_ref().ok_or(Error::NoGame)?;
        let to_move = to_move(&live.game).ok_or(Error::Refused(EventError::GameOver))?;
        if to_move != seat {
            return Err(Error::NotYourTurn { to_move });
        }
        let m: Move = text.trim().parse()?;
        self.commit(Event::Move(m)).await?;
        self.play_resigned_seats().await
    }

    /// Resigns `player`'s seat.
    pub(super) async fn resign(&mut self, player: &str) -> Result<(), Error> {
        let seat = self.seat_of(player).ok_or(Error::NotSeated)?;
        let live = self.game.as_ref().ok_or(Error::NoGame)?;
        let side = live.game.position().side_of(seat);
        self.commit(Event::Resign { side }).await?;
        self.play_resigned_seats().await
    }

    /// Applies `event` to the game, commits it, and only then tells every
    /// client (and, when it ended the game, the outcome). If the commit
    /// fails, the game takes the event back and nobody hears of it.
    async fn commit(&mut self, event: Event) -> Result<(), Error> {
        let live = self.game.as_mut().ok_or(Error::NoGame)?;
        let seat = to_move(&live.game).ok_or(EventError::GameOver)?;
        let effect = live.game.apply(event)?;
        let seq = live.game.events().len();
        let outcome = live.game.outcome();
        let ranks = (outcome.as_ref())
            .filter(|_| self.rated)
            .map(|o| seat_ranks(&live.game, o));
        let ratings = match self
            .db
            .append_event(&live.id, seq, event, outcome.as_ref(), ranks.as_deref())
            .await
        {
            Ok(ratings) => ratings,
            Err(e) => {
                live.game.undo();
                return Err(e);
            }
        };
        let position = live.game.position().to_setup();
        let next = to_move(&live.game);
        let message = match (event, effect) {
            (Event::Resign { side }, _) => ServerMessage::Resigned {
                seat: live.game.position().player_of(side),
                position,
                to_move: next,
            },
            (_, effect) => ServerMessage::Moved(MovedView {
                seat,
                mv: event.to_string(),
                seq,
                effect: EffectView::from(&effect.expect("a move has an effect")),
                position,
                to_move: next,
            }),
        };
        self.broadcast(message);
        if let Some(outcome) = outcome {
            self.broadcast(ServerMessage::Over {
                outcome: OutcomeView::from(&outcome),
                ratings,
            });
        }
        Ok(())
    }

    /// Plays the turns of seats that resigned while the game goes on.
    pub(super) async fn play_resigned_seats(&mut self) -> Result<(), Error> {
        while let Some(m) = self.resigned_seat_move() {
            self.commit(Event::Move(m)).await?;
        }
        Ok(())
    }

    /// The computer's move for the seat to move, if that seat resigned.
    fn resigned_seat_move(&self) -> Option<Move> {
        let live = self.game.as_ref()?;
        let position = live.game.position();
        if position.is_over() || !position.has_resigned(position.to_move()) {
            return None;
        }
        let spec: Spec = RESIGNED_SEAT_PLAYER.parse().expect("a valid player spec");
        let mut player = spec
            .strategy(live.game.rules(), u64::from(position.ply()))
            .expect("greedy has a strategy under any rules");
        player.choose(&position)
    }
}

/// The ranks of `outcome`, which are per board side, seat by seat.
fn seat_ranks(game: &Game, outcome: &Outcome) -> Vec<u8> {
    let position = game.position();
    (0..outcome.ranks().len())
        .map(|seat| outcome.ranks()[position.side_of(seat).index()])
        .collect()
}
