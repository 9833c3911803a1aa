//! Positions: the board, whose turn it is, and how moves change it.
//!
//! This file holds the types and the plain accessors; each concern has a
//! file of its own: `legal` (legal moves and look-ahead), `play` (sowing
//! and swapping), `end` (end conditions, leftovers, outcome), `hash`
//! (keys), `convert` (from and to a `Setup` or counts) and `display`.

mod convert;
mod display;
mod end;
mod hash;
mod legal;
mod play;
mod playout;

use std::fmt;

use serde::{Serialize, Serializer};

use crate::outcome::EndReason;
use crate::rules::{CUPS, Rules};
use crate::ruleset::MAX_PLAYERS;
use crate::setup::PieState;
use crate::side::Side;
use end::Changed;
pub use play::Effect;
pub use playout::{Choose, Playout};

/// A cup on the board, as players name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cup {
    /// A house: `side`'s house `number` (from 1, in sowing order).
    House {
        /// The side that owns the house.
        side: Side,
        /// The house number from that side's point of view.
        number: u8,
    },
    /// `side`'s store (its captured seeds in store-less games).
    Store {
        /// The side that owns the store.
        side: Side,
    },
}

/// One step of a move's sowing, as a page animates it
/// ([`Position::sowing_steps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SowingStep {
    /// Every seed of this house is lifted: the house sown, then, under
    /// relay sowing, each house a leg lifts (docs/rules.md section 3).
    Lift(Cup),
    /// One seed goes into this cup.
    Seed(Cup),
    /// Every seed of this house goes to `to`'s store at once: a capture
    /// while sowing, or a seed that fell into `to`'s tuzdyk
    /// (docs/rules.md section 5).
    Take {
        /// The house emptied.
        cup: Cup,
        /// The side whose store gets its seeds.
        to: Side,
    },
}

impl fmt::Display for Cup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cup::House { side, number } => write!(f, "side {side}'s house {number}"),
            Cup::Store { side } => write!(f, "side {side}'s store"),
        }
    }
}

/// Everything about a position but its rules: plain data, compared and
/// hashed as a whole.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// Seeds per cup: side `s`'s houses at `s * stride ..`, its store after
    /// them. Cups past the board stay 0.
    pub cups: [u8; CUPS],
    /// Moves played so far (swaps included).
    pub ply: u32,
    /// Legal moves of the side to move (empty once the game is over).
    pub legal: u64,
    pub to_move: u8,
    /// Seeds in the game: board, stores and discarded.
    pub total: u8,
    /// Seeds removed from the game by a `discard` or `split` leftover rule.
    pub discarded: u8,
    pub pie: PieState,
    /// Per side: 0, or the order in which it resigned (1 = first).
    pub resigned: [u8; MAX_PLAYERS],
    /// Per side (two players): 0, or the number of the opponent's house
    /// that is this side's tuzdyk; under `children` the set of the
    /// opponent's houses that are its children (house `n` as bit `n - 1`).
    /// Then, at `2 + side`, under `child_kind = weg` the set of the side's
    /// own houses that are its children (wegs); 0 otherwise.
    pub tuzdyk: [u8; 4],
    /// Extra moves that captures have earned the side to move in its
    /// current turn, counted only under `capture_extra_turn_limit`.
    pub capture_turns: u8,
    /// Under `no_undo`: the house (from 1) of the side to move that its
    /// next sowing may not lift, the opponent's last move having sown a
    /// single seed across the end of the row into it; 0 for none.
    pub barred: u8,
    pub over: Option<EndReason>,
}

/// A legal position of a game: board, stores, side to move, and the few
/// facts of the game so far that the rules need.
///
/// You get a `Position` only from [`Position::new`] (the start) or from a
/// [`Setup`](crate::Setup) through [`Position::from_setup`], which checks
/// it against the rules; so a `Position` is always one the rules can play.
/// It is `Copy`: search code copies it and plays moves on the copy.
///
/// Sides are numbered 0 to `players - 1` counter-clockwise (clockwise on
/// the mirrored board of `direction = cw`); side 0 moves first. Under the pie rule the players may trade sides (see
/// [`Position::player_of`]); positions, moves and notation always speak of
/// sides.
///
/// A position has no history, so it cannot see a repeated position: the
/// `repetition` end condition is applied by [`Game`](crate::Game).
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Position, Preset, Rules, Side};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let mut pos = Position::new(&rules);
/// let effect = pos.play(Move::House(3))?;   // 4 seeds: the last lands in the store
/// assert!(effect.extra_turn);
/// assert_eq!(pos.to_move(), Side::new(0));
/// assert_eq!(pos.store(Side::new(0)), 1);
/// assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position<'r> {
    rules: &'r Rules,
    state: State,
}

impl<'r> Position<'r> {
    /// The start position: every house holds `seeds`, or its count of the
    /// `layout` or of the layout dealt from `layout_seed`
    /// ([`RuleSet::dealt_layout`](crate::RuleSet::dealt_layout); a burnt
    /// house none, [`Rules::with_burnt`]), stores are empty, side 0 to
    /// move.
    pub fn new(rules: &'r Rules) -> Position<'r> {
        let set = rules.rule_set();
        if set.layout_seed != 0 {
            return Position::dealt(rules);
        }
        let mut cups = [0u8; CUPS];
        let mut total = 0usize;
        for s in 0..rules.players() {
            for (h, c) in rules.house_range(s).enumerate() {
                if !rules.is_burnt(Side::trusted(s as u8), h + 1) {
                    cups[c] = set.start_seeds(h + 1);
                    total += usize::from(cups[c]);
                }
            }
        }
        Position::start_with(rules, cups, total)
    }

    /// The start dealt from `layout_seed`: kept out of [`Position::new`],
    /// which playouts call once a game.
    #[cold]
    fn dealt(rules: &'r Rules) -> Position<'r> {
        let rows = rules
            .rule_set()
            .dealt_layout()
            .expect("a dealt start has a seed");
        let mut cups = [0u8; CUPS];
        let mut total = 0usize;
        for (s, row) in rows.iter().enumerate() {
            for (h, (c, &seeds)) in rules.house_range(s).zip(row).enumerate() {
                // A match in rounds has no dealt start, but burnt houses
                // given by hand stay empty here too.
                if !rules.is_burnt(Side::trusted(s as u8), h + 1) {
                    cups[c] = seeds;
                    total += usize::from(seeds);
                }
            }
        }
        Position::start_with(rules, cups, total)
    }

    /// The start position with these cups, `total` seeds, side 0 to move.
    #[inline(always)]
    fn start_with(rules: &'r Rules, cups: [u8; CUPS], total: usize) -> Position<'r> {
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply: 0,
                legal: 0,
                to_move: 0,
                total: total as u8,
                discarded: 0,
                pie: PieState::Pending,
                resigned: [0; MAX_PLAYERS],
                tuzdyk: [0; 4],
                capture_turns: 0,
                barred: 0,
                over: None,
            },
        };
        pos.settle(Changed::ALL);
        pos
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The side to move. Once the game is over, the side that would have moved.
    #[inline]
    pub fn to_move(&self) -> Side {
        Side::trusted(self.state.to_move)
    }

    /// Moves played so far (a pie swap counts as one).
    pub fn ply(&self) -> u32 {
        self.state.ply
    }

    /// Sowings played so far: [`Position::ply`] less a pie swap.
    pub fn sowings(&self) -> u32 {
        self.state.ply - u32::from(self.state.pie == PieState::Swapped)
    }

    /// The seeds in `side`'s houses, house 1 first.
    ///
    /// # Panics
    ///
    /// If `side` is not a side of the game.
    pub fn houses(&self, side: Side) -> &[u8] {
        assert!(side.index() < self.rules.players(), "no side {side}");
        &self.state.cups[self.rules.house_range(side.index())]
    }

    /// The seeds in `side`'s house `number` (from 1); `None` if there is no
    /// such side or house.
    pub fn house(&self, side: Side, number: usize) -> Option<u8> {
        let side = side.index();
        if side >= self.rules.players() || number == 0 || number > self.rules.houses() {
            return None;
        }
        Some(self.state.cups[self.rules.base(side) + number - 1])
    }

    /// The side and house number (from 1) that `side`'s move of house
    /// number `number` sows: its own house, or under `no_sides` the
    /// opponent's house `number - houses` for a number above `houses`.
    /// `None` if the rules have no such move.
    pub(crate) fn moved_house(&self, side: Side, number: usize) -> Option<(Side, usize)> {
        let r = self.rules;
        if number == 0 || number > usize::from(r.move_houses) {
            return None;
        }
        let (s, h) = r.geometry(side.index(), number - 1);
        Some((Side::new(s), h + 1))
    }

    /// The seeds in `side`'s store (its captured seeds in store-less games).
    ///
    /// # Panics
    ///
    /// If `side` is not a side of the game.
    pub fn store(&self, side: Side) -> u8 {
        assert!(side.index() < self.rules.players(), "no side {side}");
        self.state.cups[self.rules.store(side.index())]
    }

    /// Every side's store, side 0 first: the scores so far (final scores
    /// once the game is over).
    pub fn scores(&self) -> Vec<u8> {
        self.rules.sides().map(|s| self.store(s)).collect()
    }

    /// Seeds in `side`'s houses (0 for a side the game does not have).
    pub fn side_seeds(&self, side: Side) -> u32 {
        self.rules.side_seeds(&self.state.cups, side.index())
    }

    /// Seeds in all houses.
    pub fn board_seeds(&self) -> u32 {
        self.rules.sides().map(|s| self.side_seeds(s)).sum()
    }

    /// Seeds in the game: board, stores and discarded. Moves never change it.
    pub fn total_seeds(&self) -> u32 {
        u32::from(self.state.total)
    }

    /// The `repetition` era: a count no later position has less of, so
    /// that no position of an earlier era can come back. It is the seeds
    /// that have left the board (in the stores, or discarded), which only
    /// ever grow; under `relay_store`, where a store can be lifted back
    /// onto the board (docs/rules.md section 3), the seeds discarded alone.
    #[inline]
    pub(crate) fn repetition_era(&self) -> u32 {
        let mut era = u32::from(self.state.discarded);
        if !self.rules.stores_shrink {
            for s in 0..self.rules.players() {
                era += u32::from(self.state.cups[self.rules.store(s)]);
            }
        }
        era
    }

    /// Seeds taken out of the game by a `discard` or `split` leftover rule.
    pub fn discarded(&self) -> u8 {
        self.state.discarded
    }

    /// Where the pie rule stands.
    pub fn pie(&self) -> PieState {
        self.state.pie
    }

    /// The player (0 = the one who moved first) who owns `side`: the
    /// other one's side after a pie swap. The inverse of
    /// [`Position::side_of`].
    pub fn player_of(&self, side: Side) -> usize {
        self.swap_seats(side.index())
    }

    /// The player (0 = the one who moved first) of the side to move:
    /// [`Position::player_of`] of [`Position::to_move`]. Once the game is
    /// over, the player who would have moved.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Position, Preset, Rules, Side};
    ///
    /// // Mankalah has the pie rule: after the swap, player 0 owns side 1.
    /// let rules = Rules::new(&Preset::Mankalah.rules())?;
    /// let mut pos = Position::new(&rules);
    /// pos.play(Move::House(1))?;
    /// assert_eq!((pos.to_move(), pos.player_to_move()), (Side::new(1), 1));
    /// pos.play(Move::Swap)?;
    /// assert_eq!((pos.to_move(), pos.player_to_move()), (Side::new(1), 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn player_to_move(&self) -> usize {
        self.player_of(self.to_move())
    }

    /// The side `player` (0 = the one who moved first) owns: the other
    /// one's side after a pie swap. The inverse of [`Position::player_of`].
    ///
    /// # Panics
    ///
    /// If `player` is not below [`MAX_PLAYERS`].
    pub fn side_of(&self, player: usize) -> Side {
        Side::new(self.swap_seats(player))
    }

    /// Players and sides are the same but for a pie swap, which trades the
    /// first two; the map is its own inverse.
    fn swap_seats(&self, i: usize) -> usize {
        if self.state.pie == PieState::Swapped && i < 2 {
            1 - i
        } else {
            i
        }
    }

    /// The opponent's house that `side` has made its tuzdyk, if any
    /// (docs/rules.md section 5). Such a house always holds no seed.
    pub fn tuzdyk(&self, side: Side) -> Option<Cup> {
        if self.rules.children {
            return None;
        }
        let number = *self.state.tuzdyk.get(side.index())?;
        (number != 0).then(|| Cup::House {
            side: Side::new(1 - side.index()),
            number,
        })
    }

    /// Whether `side`'s house `number` (from 1) is the other side's tuzdyk.
    pub fn is_tuzdyk(&self, side: Side, number: usize) -> bool {
        let side = side.index();
        !self.rules.children
            && side < 2
            && number != 0
            && usize::from(self.state.tuzdyk[1 - side]) == number
    }

    /// Whether `side`'s house `number` (from 1) is the other side's child
    /// (`children`, docs/rules.md section 5). Such a house holds no seed
    /// unless it is a weg (`child_kind = weg`; see
    /// [`Position::child_owner`] for wegs on their owner's side).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, RuleSet, Rules, Setup, Side};
    ///
    /// let rules = Rules::new(&RuleSet::from_spec("kalah,houses=4,capture=none,children=true")?)?;
    /// let setup: Setup = "4,0,4,4:0 4,4,4,4:4 to=0 ply=3 children=0,2".parse()?;
    /// let pos = Position::from_setup(&rules, &setup)?;
    /// assert!(pos.is_child(Side::new(0), 2));
    /// assert!(!pos.is_child(Side::new(1), 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_child(&self, side: Side, number: usize) -> bool {
        let side = side.index();
        self.rules.children
            && side < 2
            && (1..=8).contains(&number)
            && self.state.tuzdyk[1 - side] >> (number - 1) & 1 != 0
    }

    /// The side whose child `side`'s house `number` (from 1) is, if any
    /// (`children`, docs/rules.md section 5): the other side's, or under
    /// `child_kind = weg` also `side`'s own. A weg keeps its seeds.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, RuleSet, Rules, Setup, Side};
    ///
    /// let spec = "kalah,houses=4,capture=none,children=true,child_kind=weg,end=no_legal_move";
    /// let rules = Rules::new(&RuleSet::from_spec(spec)?)?;
    /// let setup: Setup = "4,5,4,4:0 4,4,4,3:0 to=0 ply=3 own_children=2".parse()?;
    /// let pos = Position::from_setup(&rules, &setup)?;
    /// assert_eq!(pos.child_owner(Side::new(0), 2), Some(Side::new(0)));
    /// assert_eq!(pos.child_owner(Side::new(1), 2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn child_owner(&self, side: Side, number: usize) -> Option<Side> {
        let s = side.index();
        if !self.rules.children || s >= 2 || !(1..=8).contains(&number) {
            return None;
        }
        let bit = 1 << (number - 1);
        if self.state.tuzdyk[1 - s] & bit != 0 {
            Some(Side::new(1 - s))
        } else if self.state.tuzdyk[2 + s] & bit != 0 {
            Some(side)
        } else {
            None
        }
    }

    /// Whether `side`'s house `number` (from 1) is burnt, out of play for
    /// this round ([`Rules::is_burnt`]). A burnt house holds no seed.
    pub fn is_burnt(&self, side: Side, number: usize) -> bool {
        self.rules.is_burnt(side, number)
    }

    /// Whether `side` has resigned.
    pub fn has_resigned(&self, side: Side) -> bool {
        self.state.resigned[side.index()] != 0
    }
}

impl PartialEq for Position<'_> {
    /// Positions are equal when their rules and their states are.
    fn eq(&self, other: &Position<'_>) -> bool {
        self.state == other.state
            && (std::ptr::eq(self.rules, other.rules) || self.rules == other.rules)
    }
}

impl Eq for Position<'_> {}

impl std::hash::Hash for Position<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.state.hash(state);
    }
}

impl Serialize for Position<'_> {
    /// Serialises as its [`Setup`](crate::Setup).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(serializer)
    }
}

/// Positions as plain states and back, for [`Game`](crate::Game), which
/// owns its rules and so cannot keep positions that borrow them.
impl<'r> Position<'r> {
    /// The position of `state` under `rules`, which must be the rules the
    /// state was played under.
    #[inline]
    pub(crate) fn from_state(rules: &'r Rules, state: State) -> Position<'r> {
        Position { rules, state }
    }

    /// Everything about the position but its rules.
    #[inline]
    pub(crate) fn state(&self) -> State {
        self.state
    }
}
