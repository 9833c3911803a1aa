//! Between games: standing up, names, spectators, and the seat order of
//! the next game.

use std::collections::HashSet;

use super::task::Room;
use crate::error::Error;
use crate::protocol::SpectatorView;

/// The room seats that become game players 0, 1, ... at a start, from the
/// seats `taken` (in seat order): the same order closed up, and at a
/// rematch with `rotate`, turned by one so that the second player moves
/// first and the first moves last.
///
/// ```text
/// taken [0, 2, 3]            -> [0, 2, 3]  (room seat 2 becomes seat 1, 3 becomes 2)
/// taken [0, 2, 3], rotate    -> [2, 3, 0]
/// ```
pub(super) fn seat_order(taken: &[usize], rotate: bool) -> Vec<usize> {
    let mut order = taken.to_vec();
    if rotate && !order.is_empty() {
        order.rotate_left(1);
    }
    order
}

impl Room {
    /// Frees `player`'s seats (all of them in pass and play): they watch
    /// from then on.
    pub(super) async fn stand(&mut self, player: &str) -> Result<(), Error> {
        if self.in_progress() {
            return Err(Error::GameInProgress);
        }
        let seats = self.seats_of(player);
        if seats.is_empty() {
            return Err(Error::NotSeated);
        }
        for seat in seats {
            self.db.stand(&self.fence, seat).await?;
            self.seats[seat] = None;
            self.rematch.retain(|&s| s != seat);
        }
        self.broadcast_room();
        Ok(())
    }

    /// `player` is now called `name` (already stored): their seat and
    /// connections show it, and the clients hear of it if they are here.
    pub(super) fn renamed(&mut self, player: &str, name: &str) {
        let mut here = false;
        for seat in self.seats.iter_mut().flatten() {
            if seat.player == player {
                seat.name = name.to_string();
                here = true;
            }
        }
        for conn in self.conns.values_mut() {
            if conn.player == player {
                conn.name = name.to_string();
                here = true;
            }
        }
        if here {
            self.broadcast_room();
        }
    }

    /// The players connected without a seat, once each however many
    /// connections they have, in the order of their first connection.
    pub(super) fn spectators(&self) -> Vec<SpectatorView> {
        let mut conns: Vec<_> = self.conns.iter().collect();
        conns.sort_by_key(|&(id, _)| *id);
        let mut seen = HashSet::new();
        conns
            .into_iter()
            .filter(|(_, c)| self.seat_of(&c.player).is_none() && seen.insert(&c.player))
            .map(|(_, c)| SpectatorView {
                player: c.player.clone(),
                name: c.name.clone(),
            })
            .collect()
    }

    /// Sends the room to everyone if the spectators changed since the
    /// clients were last told; returns whether it did.
    pub(super) fn sync_spectators(&mut self) -> bool {
        if self.spectators() == self.shown_spectators {
            return false;
        }
        self.broadcast_room();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::seat_order;

    #[test]
    fn seats_close_up_and_turn_by_one() {
        assert_eq!(seat_order(&[0, 2, 3], false), [0, 2, 3]);
        assert_eq!(seat_order(&[0, 2, 3], true), [2, 3, 0]);
        assert_eq!(seat_order(&[1, 3], true), [3, 1]);
    }
}
