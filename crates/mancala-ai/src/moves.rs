//! What the searches do with moves: give each a slot in per-move arrays,
//! measure what it gains, and put the best first.

use mancala_core::{Move, MoveList, Position, Side};

/// Slots of per-move arrays indexed by [`move_index`]: one per
/// [`Move::index`], so that house moves, the directed sowings of rules
/// where the mover chooses the direction, and `swap` each have their own.
pub(crate) const SLOTS: usize = 64;

/// The slot of `m` in per-move arrays of [`SLOTS`] slots, and the byte
/// (less one) that keeps a move in a table: [`Move::index`].
#[inline]
pub(crate) fn move_index(m: Move) -> usize {
    usize::from(m.index().expect("a move of a position has an index"))
}

/// The move in slot `i` (see [`move_index`]); `swap` for a slot no move
/// has, which no table holds.
#[inline]
pub(crate) fn index_move(i: usize) -> Move {
    u8::try_from(i)
        .ok()
        .and_then(Move::from_index)
        .unwrap_or(Move::Swap)
}

/// Whether `m` is among `moves` (a stored best move may be stale after a
/// hash collision).
#[inline]
pub(crate) fn usable(moves: MoveList, m: Option<Move>) -> Option<Move> {
    m.filter(|&m| moves.contains(m))
}

/// The gain of a move: the seeds it put into the store of the side that
/// made it, `after` being `before` with the move played. A pie swap gains
/// nothing: the stores stay with their sides.
#[inline]
pub(crate) fn gain(before: &Position<'_>, after: &Position<'_>) -> i32 {
    let side = before.to_move();
    i32::from(after.store(side)) - i32::from(before.store(side))
}

/// The [`gain`] of a two-player move less what it put into the other
/// side's store: how much it changed the mover's score difference.
#[inline]
pub(crate) fn score_gain(before: &Position<'_>, after: &Position<'_>) -> i32 {
    let other = Side::new(1 - before.to_move().index());
    gain(before, after) - (i32::from(after.store(other)) - i32::from(before.store(other)))
}

/// Plays `m` at `pos` (two players): the child and the move's
/// [`score_gain`].
#[inline]
pub(crate) fn play<'p>(pos: &Position<'p>, m: Move) -> (Position<'p>, i32) {
    let mut child = *pos;
    child.play_unchecked(m);
    let gain = score_gain(pos, &child);
    (child, gain)
}

/// Whether `player`, who made the move that led to `after`, moves again
/// there, the game going on (an extra turn).
#[inline]
pub(crate) fn moves_again(player: usize, after: &Position<'_>) -> bool {
    !after.is_over() && after.player_to_move() == player
}

/// Sorts `items` best first by `key`, keeping items of equal keys in
/// their order: an insertion sort, the quickest for the at most
/// [`MoveList::CAPACITY`] moves of a position.
#[inline]
pub(crate) fn sort_best_first<T: Copy, K: PartialOrd>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let item = items[i];
        let k = key(&item);
        let mut j = i;
        while j > 0 && key(&items[j - 1]) < k {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_its_own_slot() {
        use mancala_core::Sense;
        let houses = 1..=mancala_core::MAX_HOUSES as u8;
        let moves: Vec<Move> = houses
            .clone()
            .map(Move::House)
            .chain(houses.flat_map(|n| Sense::ALL.map(|s| Move::Directed(n, s))))
            .chain([Move::Swap])
            .collect();
        let mut slots: Vec<usize> = moves.iter().map(|&m| move_index(m)).collect();
        for (&m, &i) in moves.iter().zip(&slots) {
            assert!(i < SLOTS, "{m}");
            assert_eq!(index_move(i), m);
        }
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), moves.len(), "two moves share a slot");
        // House n keeps slot n - 1, as before directed moves.
        assert_eq!(move_index(Move::House(1)), 0);
    }

    #[test]
    fn the_sort_is_stable_and_best_first() {
        let mut items = [(1, 'a'), (3, 'b'), (1, 'c'), (3, 'd'), (2, 'e')];
        sort_best_first(&mut items, |&(k, _)| k);
        assert_eq!(items, [(3, 'b'), (3, 'd'), (2, 'e'), (1, 'a'), (1, 'c')]);
    }
}
