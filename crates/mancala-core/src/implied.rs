//! What a rule set implies for search: whether the board alone decides the
//! rest of a game, and how long a game can still last.

use crate::position::Position;
use crate::rules::Rules;
use crate::ruleset::{Direction, EndCondition, Leftover, Origin, Relay, RuleSet, StoresSown};
use crate::setup::PieState;

impl Rules {
    /// Whether the rest of a two-player game is decided by the board
    /// alone: the final score difference is the difference so far plus a
    /// value that depends only on the houses and the side to move.
    ///
    /// True for two players, when every game ends ([`Rules::max_plies`] is
    /// bounded), no end condition looks at the stores or the history
    /// (`majority`, `empty_first`, `repetition`), the leftover rule is not
    /// `split_poorer` (which looks at the scores), there is no pie rule (a
    /// swap trades the stores), no tuzdyk and no `no_undo` (whose tuzdyks
    /// and barred house the board does not show), no children (which the
    /// board does not show either), no `pass_store` (which moves a
    /// store's seeds) and no `capture_opponent_store` (which takes what a
    /// store holds). An exact solver may then split a value
    /// into the stores and the board, and an endgame database can hold
    /// values of boards. Rules that count moves (`no_capture_moves`, and
    /// `first_move_extra_turn` off) still look at the ply until they have
    /// run out; a caller probing by board checks that.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, RuleSet, Rules};
    ///
    /// assert!(Rules::new(&Preset::Kalah.rules())?.board_decides_future());
    /// // Majority looks at the stores; the pie rule swaps them.
    /// assert!(!Rules::new(&Preset::Oware.rules())?.board_decides_future());
    /// assert!(!Rules::new(&Preset::Mankalah.rules())?.board_decides_future());
    /// assert!(!Rules::new(&RuleSet::from_spec("kalah3")?)?.board_decides_future());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board_decides_future(&self) -> bool {
        let set = self.rule_set();
        set.players == 2
            && !set.end.contains(EndCondition::Majority)
            && !set.end.contains(EndCondition::Repetition)
            && !set.end.contains(EndCondition::EmptyFirst)
            && self.max_plies().is_some()
            && !set.pie_rule
            && set.leftover != Leftover::SplitPoorer
            // The tuzdyks are part of the position but not of the board,
            // as is the house `no_undo` bars.
            && !set.tuzdyk
            // A store given away, or taken, counts what the store holds.
            && !set.pass_store
            && !set.capture_opponent_store
            // Which houses are children is part of the position, not of
            // the board.
            && !set.children
            && !set.no_undo
    }

    /// The sowings after which no rule looks at the move count any more
    /// (`no_capture_moves`, `first_move_extra_turn` off, the pie rule):
    /// from then on, positions with the same board play the same whatever
    /// their count, so a search may share their results.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, Rules};
    ///
    /// assert_eq!(Rules::new(&Preset::Kalah.rules())?.move_count_horizon(), 0);
    /// // Modiar's first move captures nothing.
    /// assert_eq!(Rules::new(&Preset::Modiar.rules())?.move_count_horizon(), 1);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn move_count_horizon(&self) -> u32 {
        self.ply_horizon
    }

    /// An upper bound on the plies (sowings and a pie swap) of any game
    /// from the start, or `None` when a game can go on for ever (it then
    /// ends by `repetition` if the rules have it, see
    /// [`RuleSet::always_ends`]). The same as [`RuleSet::move_bound`].
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Preset, Rules};
    ///
    /// // Kalah(6,4): 48 seeds, (48 + 1) x (48 x 6 + 1) sowings and a swap.
    /// assert_eq!(Rules::new(&Preset::Kalah.rules())?.max_plies(), Some(14_162));
    /// // Oware's stores are off the track: seeds may circle for ever.
    /// assert_eq!(Rules::new(&Preset::Oware.rules())?.max_plies(), None);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn max_plies(&self) -> Option<u64> {
        self.rule_set().move_bound()
    }

    /// An upper bound on the plies the game can still last from `pos`, or
    /// `None` when it can go on for ever (as for [`Rules::max_plies`]).
    ///
    /// The bound of [`RuleSet::move_bound`] worked out for the seeds still
    /// on the board, plus one for a pie swap still to come: 0 for a
    /// finished game. It never grows as the game goes on.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let mut pos = Position::new(&rules);
    /// let start = rules.plies_left(&pos).unwrap();
    /// pos.play(Move::House(3))?;
    /// assert!(rules.plies_left(&pos).unwrap() < start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plies_left(&self, pos: &Position<'_>) -> Option<u64> {
        let set = self.rule_set();
        if !makes_progress(set) {
            return None;
        }
        if pos.is_over() {
            return Some(0);
        }
        let swap = u64::from(set.pie_rule && pos.pie() == PieState::Pending);
        Some(sowing_bound(u64::from(pos.board_seeds()), u64::from(set.houses)) + swap)
    }
}

/// Whether every sowing makes progress towards the end (see
/// [`RuleSet::move_bound`] for the argument): stores on the track, no
/// move that can put all its seeds straight back, one direction (under
/// `parity` a sowing may carry seeds away from their store), and no relay
/// sowing (whose laps carry seeds away from their store, so the argument
/// does not hold; docs/rules.md section 13).
pub(crate) fn makes_progress(set: &RuleSet) -> bool {
    set.stores_sown != StoresSown::None
        && !(set.origin == Origin::First && set.min_seeds < 2)
        && matches!(set.direction, Direction::Ccw | Direction::Cw)
        && set.direction_choice.is_empty()
        && set.relay == Relay::None
}

/// The most sowings with `seeds` on a board of `houses` houses a side when
/// every sowing makes progress: at most `seeds` store gains, and between
/// two of them at most `seeds x houses` steps of the distance sum.
pub(crate) fn sowing_bound(seeds: u64, houses: u64) -> u64 {
    (seeds + 1) * (seeds * houses + 1)
}
