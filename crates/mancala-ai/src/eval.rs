//! Evaluation: a heuristic value of a position that is not finished.

use mancala_core::{ChildKind, EndCondition, Position, Side};

use crate::value::SEED;

/// Scores a position for one side: positive is good for `side`, in
/// [`SEED`] units per seed. Search strategies call it at their
/// horizon; finished games are valued exactly instead.
pub trait Evaluator {
    /// The heuristic value of `pos` for `side`.
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32;
}

/// The plainest evaluation: `side`'s store minus the best other store.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Evaluator, StoreDifference, SEED};
/// use mancala_core::{Position, Preset, Rules, Setup};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let setup: Setup = "4,4,4,4,4,4:3 4,4,4,4,4,4:1".parse()?;
/// let pos = Position::from_setup(&rules, &setup)?;
/// assert_eq!(StoreDifference.evaluate(&pos, 0), 2 * SEED);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreDifference;

impl Evaluator for StoreDifference {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let players = pos.rules().players();
        let mine = i32::from(pos.store(Side::new(side)));
        let best = (0..players)
            .filter(|&s| s != side)
            .map(|s| i32::from(pos.store(Side::new(s))))
            .max()
            .unwrap_or(0);
        SEED * (mine - best)
    }
}

/// The default evaluation: store difference, plus a little for the seeds
/// still on each side (which the `owner` leftover rule gives to that side
/// at the end), plus a good deal for houses that can still move.
///
/// Each side's value is `store * (seeds in its store) + board * (seeds on
/// its side) + mobility * (houses that can move)`; the evaluation is
/// `side`'s value minus the best other side's (the form
/// [`MaxN`](crate::MaxN)'s shallow pruning relies on). Weights are in
/// [`SEED`] units. The board weight counts only under
/// `leftover = owner` (with `discard` or `split` the seeds are not the
/// side's).
///
/// Under `empty_first` (the first player to empty their houses wins,
/// stores decide nothing) each side's value is instead minus `store` per
/// seed still in its houses and minus `mobility` per house still holding
/// seeds: the side nearer to emptying is worth more.
///
/// Under `take_all` (the player left with no seed in their houses loses,
/// the houses rank the players at every end, stores decide nothing) each
/// side's value is `store` per seed still in its houses plus `mobility`
/// per house that can move: the seeds a capture takes count against
/// their owner, not for the taker's store.
///
/// The default weights (a seed in the store 1, on the board 1/8, a
/// movable house 3/4) won matches against [`StoreDifference`] at equal
/// depth (docs/results.md section 6). The same weights end the short
/// playouts of the 3-4 player levels' MCTS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    /// Value of a seed in the store.
    pub store: i32,
    /// Value of a seed on one's own side.
    pub board: i32,
    /// Value of a house that holds enough seeds to move.
    pub mobility: i32,
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic {
            store: SEED,
            board: SEED / 8,
            mobility: SEED * 3 / 4,
        }
    }
}

impl Evaluator for Heuristic {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let rules = pos.rules();
        let set = rules.rule_set();
        if set.end.contains(EndCondition::EmptyFirst) {
            return self.emptying(pos, side);
        }
        if set.end.contains(EndCondition::TakeAll) {
            return self.keeping(pos, side);
        }
        if set.children && set.child_kind == ChildKind::Weg {
            return self.with_wegs(pos, side);
        }
        let board = if set.leftover == mancala_core::Leftover::Owner {
            self.board
        } else {
            0
        };
        let min = set.min_seeds;
        let value = |s: usize| {
            let s = Side::new(s);
            let movable = pos.houses(s).iter().filter(|&&c| c >= min).count() as i32;
            self.store * i32::from(pos.store(s))
                + board * pos.side_seeds(s) as i32
                + self.mobility * movable
        };
        mine_minus_best(value, side, rules.players())
    }
}

impl Heuristic {
    /// The evaluation under wegs (`child_kind = weg`, docs/rules.md
    /// section 5), whose seeds `majority` and the end count for their
    /// owner: a weg's seeds are worth `store` each to its owner, on
    /// whichever side it is, and a weg neither moves nor counts as the
    /// side's board.
    fn with_wegs(&self, pos: &Position<'_>, side: usize) -> i32 {
        let set = pos.rules().rule_set();
        let board = if set.leftover == mancala_core::Leftover::Owner {
            self.board
        } else {
            0
        };
        let mut value = [0i32; 2];
        for (s, v) in value.iter_mut().enumerate() {
            *v += self.store * i32::from(pos.store(Side::new(s)));
        }
        for s in 0..2 {
            for (i, &c) in pos.houses(Side::new(s)).iter().enumerate() {
                match pos.child_owner(Side::new(s), i + 1) {
                    Some(owner) => value[owner.index()] += self.store * i32::from(c),
                    None => {
                        let movable = i32::from(c >= set.min_seeds);
                        value[s] += board * i32::from(c) + self.mobility * movable;
                    }
                }
            }
        }
        value[side] - value[1 - side]
    }

    /// The evaluation under `empty_first`, where the player who empties
    /// their houses first wins and stores decide nothing (docs/rules.md
    /// sections 7 and 12): each side's value is minus `store` per seed
    /// still in its houses and minus `mobility` per house still holding
    /// seeds (every such house has to be sown at least once more), so a
    /// side nearer to emptying is worth more.
    fn emptying(&self, pos: &Position<'_>, side: usize) -> i32 {
        let value = |s: usize| {
            let s = Side::new(s);
            let holding = pos.houses(s).iter().filter(|&&c| c > 0).count() as i32;
            -self.store * pos.side_seeds(s) as i32 - self.mobility * holding
        };
        mine_minus_best(value, side, pos.rules().players())
    }
}

impl Heuristic {
    /// The evaluation under `take_all`, where the player left with no
    /// seed in their houses loses and the seeds in the houses rank the
    /// players (docs/rules.md section 7): each side's value is `store` per
    /// seed in its houses plus `mobility` per house that can move.
    fn keeping(&self, pos: &Position<'_>, side: usize) -> i32 {
        let min = pos.rules().rule_set().min_seeds;
        let value = |s: usize| {
            let s = Side::new(s);
            let movable = pos.houses(s).iter().filter(|&&c| c >= min).count() as i32;
            self.store * pos.side_seeds(s) as i32 + self.mobility * movable
        };
        mine_minus_best(value, side, pos.rules().players())
    }
}

/// `value(side)` minus the best `value` of the other sides.
fn mine_minus_best(value: impl Fn(usize) -> i32, side: usize, players: usize) -> i32 {
    let mine = value(side);
    let best = (0..players)
        .filter(|&s| s != side)
        .map(value)
        .max()
        .unwrap_or(0);
    mine - best
}

#[cfg(test)]
mod tests {
    use mancala_core::{Position, RuleSet, Rules, Setup};

    use super::{Evaluator, Heuristic};
    use crate::SEED;

    /// GoEmpty One's rules (`rules/goempty-one.toml`): `empty_first`.
    fn goempty_one() -> Rules {
        let text = include_str!("../../mancala-core/rules/goempty-one.toml");
        Rules::new(&RuleSet::from_toml(text).unwrap()).unwrap()
    }

    /// Side 0 holds one seed in one house, side 1 24 seeds in six houses
    /// and 23 in its store: under `empty_first` side 0 is one sowing from
    /// winning, whatever the stores say. By hand: side 0 is worth
    /// `-SEED * 1 - 6 * 1 = -14`, side 1 `-SEED * 24 - 6 * 6 = -228`
    /// (`mobility` is 3/4 of a seed, 6 units), so 214 for side 0. A
    /// store count (the evaluation before) gave side 0 -237.
    #[test]
    fn empty_first_values_the_side_nearer_to_emptying() {
        let rules = goempty_one();
        let setup: Setup = "0,0,0,0,0,1:0 4,4,4,4,4,4:23".parse().unwrap();
        let pos = Position::from_setup(&rules, &setup).unwrap();
        assert_eq!(Heuristic::default().evaluate(&pos, 0), 23 * SEED + 5 * 6);
        assert_eq!(Heuristic::default().evaluate(&pos, 1), -(23 * SEED + 5 * 6));
    }

    /// Under wegs (Qelat II's `child_kind = weg`) a weg's seeds count as
    /// its owner's store and the weg neither moves nor counts as board:
    /// side 0's h2 is its weg with 4 seeds. By hand, side 0 is worth
    /// `19 * 8 + 4 * 8 + (2 + 6)` (h3's 2 seeds, movable) `= 192`, side 1
    /// `16 * 8 + (1 + 6) + (6 + 6) = 147`: 45 for side 0.
    #[test]
    fn wegs_count_for_their_owner() {
        let text = include_str!("../../mancala-core/rules/qelat-ii.toml");
        let rules = Rules::new(&RuleSet::from_toml(text).unwrap()).unwrap();
        let setup: Setup = "0,4,2,0,0,0:19 1,6,0,0,0,0:16 to=1 ply=11 own_children=2,0"
            .parse()
            .unwrap();
        let pos = Position::from_setup(&rules, &setup).unwrap();
        assert_eq!(Heuristic::default().evaluate(&pos, 0), 45);
        assert_eq!(Heuristic::default().evaluate(&pos, 1), -45);
    }

    /// Outside `empty_first` the stores still count: Kalah's value of the
    /// same board is side 0's store, board and mobility minus side 1's,
    /// `(0 + 1 + 6) - (23 * 8 + 24 + 6 * 6) = -237`.
    #[test]
    fn store_games_keep_the_store_count() {
        let rules = Rules::new(&mancala_core::Preset::Kalah.rules()).unwrap();
        let setup: Setup = "0,0,0,0,0,1:0 4,4,4,4,4,4:23".parse().unwrap();
        let pos = Position::from_setup(&rules, &setup).unwrap();
        assert_eq!(Heuristic::default().evaluate(&pos, 0), -237);
    }

    /// Under `take_all` the seeds in the houses count, not the stores: side
    /// 0 holds 24 seeds in six houses and 0 in its store, side 1 one seed
    /// and 23 in its store. By hand: side 0 is worth `8 * 24 + 6 * 6 =
    /// 228`, side 1 `8 * 1 + 6 * 1 = 14`: 214 for side 0 (Kalah's count
    /// gave it -237 on the mirror board above).
    #[test]
    fn take_all_values_the_seeds_left_in_the_houses() {
        let mut set = mancala_core::Preset::Kalah.rules();
        set.end = mancala_core::EndSet::of(&[mancala_core::EndCondition::TakeAll]);
        let rules = Rules::new(&set).unwrap();
        let setup: Setup = "4,4,4,4,4,4:0 0,0,0,0,0,1:23".parse().unwrap();
        let pos = Position::from_setup(&rules, &setup).unwrap();
        assert_eq!(Heuristic::default().evaluate(&pos, 0), 214);
        assert_eq!(Heuristic::default().evaluate(&pos, 1), -214);
    }
}
