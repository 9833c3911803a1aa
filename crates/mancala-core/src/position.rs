//! Positions: the board, whose turn it is, and how moves change it.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::error::{IllegalMove, IllegalReason, SetupError};
use crate::mv::{Move, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::rules::{CUPS, Rules, Sowing};
use crate::ruleset::{GrandSlam, Leftover, MAX_PLAYERS, MAX_SEEDS, Unfed};
use crate::setup::{PieState, Setup};

/// A cup on the board, as players name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cup {
    /// A house: `side`'s house `number` (from 1, in sowing order).
    House {
        /// The side that owns the house.
        side: usize,
        /// The house number from that side's point of view.
        number: u8,
    },
    /// `side`'s store (its captured seeds in store-less games).
    Store {
        /// The side that owns the store.
        side: usize,
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

/// What a move did, as returned by [`Position::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The move.
    pub mv: Move,
    /// The side that moved.
    pub side: usize,
    /// Seeds lifted and sown (0 for a swap).
    pub sown: u8,
    /// Where the last seed landed (`None` for a swap).
    pub last: Option<Cup>,
    /// Seeds that went to the mover's store by capture (the capturing seed
    /// of an opposite capture included).
    pub captured: u8,
    /// The move was a grand slam: with two players, its capture took every
    /// seed left on the opponent's side (under `grand_slam = no_capture` it
    /// then captured nothing). Reported whatever the `grand_slam` rule.
    pub grand_slam: bool,
    /// The mover moves again.
    pub extra_turn: bool,
    /// The game ended with this move.
    pub ended: Option<EndReason>,
    captured_cups: u128,
    stride: u8,
    houses: u8,
}

impl Effect {
    /// The cups the capture emptied, in board order.
    pub fn captured_cups(&self) -> impl Iterator<Item = Cup> + '_ {
        let mut bits = self.captured_cups;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(cup_of(c, self.stride, self.houses))
        })
    }
}

fn cup_of(c: usize, stride: u8, houses: u8) -> Cup {
    let side = c / usize::from(stride);
    let i = c % usize::from(stride);
    if i == usize::from(houses) {
        Cup::Store { side }
    } else {
        Cup::House {
            side,
            number: i as u8 + 1,
        }
    }
}

/// What a move can have changed, for the end checks that follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Changed {
    /// Which sides can have lost seeds.
    sides: Sides,
    /// Whether a store can have gained seeds.
    stores: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sides {
    None,
    /// Only the mover's: a sowing without capture only adds seeds, except
    /// to the emptied origin house.
    Mover(usize),
    All,
}

impl Changed {
    /// Anything: a new position, or a capture.
    const ALL: Changed = Changed {
        sides: Sides::All,
        stores: true,
    };
    /// Nothing on the board: a pie swap.
    const NOTHING: Changed = Changed {
        sides: Sides::None,
        stores: false,
    };
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
    pub legal: u32,
    pub to_move: u8,
    /// Seeds in the game: board, stores and discarded.
    pub total: u8,
    /// Seeds removed from the game by a `discard` or `split` leftover rule.
    pub discarded: u8,
    pub pie: PieState,
    /// Per side: 0, or the order in which it resigned (1 = first).
    pub resigned: [u8; MAX_PLAYERS],
    pub over: Option<EndReason>,
}

/// A legal position of a game: board, stores, side to move, and the few
/// facts of the game so far that the rules need.
///
/// You get a `Position` only from [`Position::new`] (the start) or from a
/// [`Setup`] through [`Position::from_setup`], which checks it against the
/// rules; so a `Position` is always one the rules can play. It is `Copy`:
/// search code copies it and plays moves on the copy.
///
/// Sides are numbered 0 to `players - 1` counter-clockwise; side 0 moves
/// first. Under the pie rule the players may trade sides (see
/// [`Position::player_of`]); positions, moves and notation always speak of
/// sides.
///
/// A position has no history, so it cannot see a repeated position: the
/// `repetition` end condition is applied by [`Game`](crate::Game).
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Position, Preset, Rules};
///
/// let rules = Rules::new(&Preset::Kalah.rules())?;
/// let mut pos = Position::new(&rules);
/// let effect = pos.play(Move::House(3))?;   // 4 seeds: the last lands in the store
/// assert!(effect.extra_turn);
/// assert_eq!(pos.to_move(), 0);
/// assert_eq!(pos.store(0), 1);
/// assert_eq!(pos.to_string(), "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position<'r> {
    rules: &'r Rules,
    state: State,
}

impl<'r> Position<'r> {
    /// The start position: every house holds `seeds`, stores are empty,
    /// side 0 to move.
    pub fn new(rules: &'r Rules) -> Position<'r> {
        let set = rules.rule_set();
        let mut cups = [0u8; CUPS];
        for s in 0..rules.players() {
            for c in rules.house_range(s) {
                cups[c] = set.seeds;
            }
        }
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply: 0,
                legal: 0,
                to_move: 0,
                total: set.total_seeds() as u8,
                discarded: 0,
                pie: PieState::Pending,
                resigned: [0; MAX_PLAYERS],
                over: None,
            },
        };
        pos.settle(Changed::ALL);
        pos
    }

    /// Builds a position from a [`Setup`], checking it against the rules.
    ///
    /// If the setup is not marked as over but meets an end condition of the
    /// rules (a side empty under `any_side_empty`, a majority, no legal
    /// move for the side to move, ...), the returned position is over, with
    /// the leftover seeds distributed as the rules say.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming what does not fit the rules: the number of
    /// sides, houses or stores, more than 255 seeds, a side to move that
    /// does not exist, a pie-rule state without the pie rule, a resigned
    /// side that does not exist, or an end that the position contradicts.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Setup};
    ///
    /// let rules = Rules::new(&Preset::Oware.rules())?;
    /// let setup: Setup = "0,0,0,0,0,1:23 1,0,0,0,0,0:23 to=0".parse()?;
    /// let pos = Position::from_setup(&rules, &setup)?;
    /// assert_eq!(pos.legal_moves().len(), 1);
    ///
    /// let wrong: Setup = "4,4,4:0 4,4,4:0".parse()?;
    /// assert!(Position::from_setup(&rules, &wrong).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(rules: &'r Rules, setup: &Setup) -> Result<Position<'r>, SetupError> {
        let players = rules.players();
        let houses = rules.houses();
        if setup.houses.len() != players {
            return Err(SetupError::Sides {
                found: setup.houses.len(),
                expected: players,
            });
        }
        if let Some((side, h)) = setup
            .houses
            .iter()
            .enumerate()
            .find(|(_, h)| h.len() != houses)
        {
            return Err(SetupError::Houses {
                side,
                found: h.len(),
                expected: houses,
            });
        }
        if setup.stores.len() != players {
            return Err(SetupError::Stores {
                found: setup.stores.len(),
                expected: players,
            });
        }
        let total: usize = setup
            .houses
            .iter()
            .flatten()
            .map(|&c| usize::from(c))
            .sum::<usize>()
            + setup.stores.iter().map(|&c| usize::from(c)).sum::<usize>()
            + usize::from(setup.discarded);
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        if setup.to_move >= players {
            return Err(SetupError::ToMove {
                side: setup.to_move,
                players,
            });
        }
        if setup.pie != PieState::Pending {
            if !rules.pie_rule {
                return Err(SetupError::Pie {
                    state: setup.pie.to_string(),
                    reason: "the rules have no pie rule",
                });
            }
            if setup.ply == 0 {
                return Err(SetupError::Pie {
                    state: setup.pie.to_string(),
                    reason: "no move has been played yet",
                });
            }
        }
        let mut resigned = [0u8; MAX_PLAYERS];
        for (k, &side) in setup.resigned.iter().enumerate() {
            if side >= players {
                return Err(SetupError::Resigned {
                    side,
                    reason: "no such side",
                });
            }
            if resigned[side] != 0 {
                return Err(SetupError::Resigned {
                    side,
                    reason: "listed twice",
                });
            }
            resigned[side] = k as u8 + 1;
        }
        let nresigned = setup.resigned.len();
        if nresigned >= players && setup.over != Some(EndReason::Resignation) {
            return Err(SetupError::Resigned {
                side: setup.resigned[players - 1],
                reason: "every player resigned",
            });
        }
        let mut cups = [0u8; CUPS];
        for s in 0..players {
            for (i, &c) in setup.houses[s].iter().enumerate() {
                cups[rules.base(s) + i] = c;
            }
            cups[rules.store(s)] = setup.stores[s];
        }
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply: setup.ply,
                legal: 0,
                to_move: setup.to_move as u8,
                total: total as u8,
                discarded: setup.discarded,
                pie: setup.pie,
                resigned,
                over: None,
            },
        };
        match setup.over {
            Some(reason) => {
                let why = match reason {
                    EndReason::Resignation if nresigned + 1 < players => {
                        Some("more than one player has not resigned")
                    }
                    EndReason::EmptyFirst if !rules.end_empty_first => {
                        Some("the rules do not end the game on empty_first")
                    }
                    EndReason::EmptyFirst if pos.empty_sides() == 0 => Some("no side is empty"),
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(SetupError::Over {
                        reason: reason.to_string(),
                        why,
                    });
                }
                pos.state.over = Some(reason);
            }
            None if nresigned + 1 >= players => pos.state.over = Some(EndReason::Resignation),
            None => pos.settle(Changed::ALL),
        }
        Ok(pos)
    }

    /// The setup of this position: what [`Position::from_setup`] and the
    /// position notation read back to this same position.
    pub fn to_setup(&self) -> Setup {
        let r = self.rules;
        let mut resigned: Vec<(u8, usize)> = (0..r.players())
            .filter(|&s| self.state.resigned[s] != 0)
            .map(|s| (self.state.resigned[s], s))
            .collect();
        resigned.sort_unstable();
        Setup {
            houses: (0..r.players()).map(|s| self.houses(s).to_vec()).collect(),
            stores: (0..r.players()).map(|s| self.store(s)).collect(),
            to_move: self.to_move(),
            ply: self.state.ply,
            pie: self.state.pie,
            discarded: self.state.discarded,
            resigned: resigned.into_iter().map(|(_, s)| s).collect(),
            over: self.state.over,
        }
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The side to move. Once the game is over, the side that would have moved.
    #[inline]
    pub fn to_move(&self) -> usize {
        usize::from(self.state.to_move)
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
    pub fn houses(&self, side: usize) -> &[u8] {
        assert!(side < self.rules.players(), "no side {side}");
        &self.state.cups[self.rules.house_range(side)]
    }

    /// The seeds in `side`'s house `number` (from 1); `None` if there is no
    /// such side or house.
    pub fn house(&self, side: usize, number: usize) -> Option<u8> {
        if side >= self.rules.players() || number == 0 || number > self.rules.houses() {
            return None;
        }
        Some(self.state.cups[self.rules.base(side) + number - 1])
    }

    /// The seeds in `side`'s store (its captured seeds in store-less games).
    ///
    /// # Panics
    ///
    /// If `side` is not a side of the game.
    pub fn store(&self, side: usize) -> u8 {
        assert!(side < self.rules.players(), "no side {side}");
        self.state.cups[self.rules.store(side)]
    }

    /// Every side's store, side 0 first: the scores so far (final scores
    /// once the game is over).
    pub fn scores(&self) -> Vec<u8> {
        (0..self.rules.players()).map(|s| self.store(s)).collect()
    }

    /// Seeds in `side`'s houses.
    pub fn side_seeds(&self, side: usize) -> u32 {
        self.rules.side_seeds(&self.state.cups, side)
    }

    /// Seeds in all houses.
    pub fn board_seeds(&self) -> u32 {
        (0..self.rules.players()).map(|s| self.side_seeds(s)).sum()
    }

    /// Seeds in the game: board, stores and discarded. Moves never change it.
    pub fn total_seeds(&self) -> u32 {
        u32::from(self.state.total)
    }

    /// Seeds that have left the board: in the stores, or discarded.
    #[inline]
    pub(crate) fn stored_seeds(&self) -> u32 {
        let mut stored = u32::from(self.state.discarded);
        for s in 0..self.rules.players() {
            stored += u32::from(self.state.cups[self.rules.store(s)]);
        }
        stored
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
    /// other one's side after a pie swap.
    pub fn player_of(&self, side: usize) -> usize {
        if self.state.pie == PieState::Swapped && side < 2 {
            1 - side
        } else {
            side
        }
    }

    /// The side `player` owns (see [`Position::player_of`]).
    pub fn side_of(&self, player: usize) -> usize {
        self.player_of(player)
    }

    /// Whether `side` has resigned.
    pub fn has_resigned(&self, side: usize) -> bool {
        side < MAX_PLAYERS && self.state.resigned[side] != 0
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.state.over.is_some()
    }

    /// Why the game ended, if it has.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.state.over
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.state.over?;
        let r = self.rules;
        let players = r.players();
        let mut scores = [0u8; MAX_PLAYERS];
        // Lower keys place better.
        let mut keys = [0u32; MAX_PLAYERS];
        for s in 0..players {
            scores[s] = self.store(s);
            keys[s] = if self.state.resigned[s] != 0 {
                // Below everyone who did not resign; the first to resign last.
                2000 - u32::from(self.state.resigned[s])
            } else if reason == EndReason::EmptyFirst {
                let left = self.side_seeds(s);
                if left == 0 { 0 } else { 1 + left }
            } else {
                1000 - u32::from(scores[s])
            };
        }
        let mut ranks = [0u8; MAX_PLAYERS];
        for s in 0..players {
            ranks[s] = 1 + (0..players).filter(|&t| keys[t] < keys[s]).count() as u8;
        }
        Some(Outcome {
            reason,
            players: players as u8,
            scores,
            ranks,
        })
    }

    /// The legal moves of the side to move (none once the game is over).
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        MoveList::from_mask(self.state.legal)
    }

    /// Whether `m` is legal here.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`], handing `m` back with the reason, if `m` is not in
    /// [`Position::legal_moves`]; the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<Effect, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove {
                mv: m,
                reason: self.why_illegal(m),
            });
        }
        let r = self.rules;
        let side = self.to_move();
        let mut effect = Effect {
            mv: m,
            side,
            sown: 0,
            last: None,
            captured: 0,
            grand_slam: false,
            extra_turn: false,
            ended: None,
            captured_cups: 0,
            stride: r.stride,
            houses: r.houses,
        };
        match m {
            Move::Swap => self.swap(),
            Move::House(n) => {
                let sowing = self.sow_house::<true>(usize::from(n) - 1, &mut effect.captured_cups);
                effect.sown = sowing.sown;
                effect.last = Some(cup_of(usize::from(sowing.last), r.stride, r.houses));
                effect.captured = sowing.captured;
                effect.grand_slam = sowing.grand_slam;
                effect.extra_turn = sowing.extra_turn;
            }
        }
        effect.ended = self.state.over;
        Ok(effect)
    }

    /// Plays `m` without checking that it is legal: the fast path for
    /// search and playouts, which take moves from [`Position::legal_moves`].
    /// Use [`Position::play`] to learn what the move did.
    ///
    /// # Panics
    ///
    /// With debug assertions on, if `m` is not legal. Without them, an
    /// illegal move may panic or leave a position the rules could not
    /// reach; it never causes undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self}");
        match m {
            Move::House(n) => {
                self.sow_house::<false>(usize::from(n).wrapping_sub(1), &mut 0);
            }
            Move::Swap => self.swap(),
        }
    }

    /// Sows house `h` (0-based) of the side to move and settles the turn.
    #[inline]
    fn sow_house<const REPORT: bool>(&mut self, h: usize, captured_cups: &mut u128) -> Sowing {
        let r = self.rules;
        let side = self.to_move();
        // Only two rules look at the move count.
        let sowings = if r.counts_sowings {
            self.sowings()
        } else {
            u32::MAX
        };
        let sowing = r.sow::<REPORT>(&mut self.state.cups, side, h, sowings, captured_cups);
        if r.pie_rule && side == 1 && self.state.pie == PieState::Pending {
            self.state.pie = PieState::Declined;
        }
        self.state.ply += 1;
        if !sowing.extra_turn {
            self.state.to_move = r.next_side[side];
        }
        self.settle(if sowing.captured > 0 {
            Changed::ALL
        } else {
            Changed {
                sides: Sides::Mover(side),
                stores: r.stores_on_track,
            }
        });
        sowing
    }

    fn swap(&mut self) {
        self.state.pie = PieState::Swapped;
        self.state.ply += 1;
        self.settle(Changed::NOTHING);
    }

    /// Why `m` is not legal (for a move that is not).
    fn why_illegal(&self, m: Move) -> IllegalReason {
        let r = self.rules;
        if self.is_over() {
            return IllegalReason::GameOver;
        }
        let n = match m {
            Move::Swap => return IllegalReason::SwapNotAllowed,
            Move::House(n) => n,
        };
        let side = self.to_move();
        let Some(seeds) = self.house(side, usize::from(n)) else {
            return IllegalReason::NoSuchHouse { houses: r.houses };
        };
        if seeds == 0 {
            return IllegalReason::EmptyHouse;
        }
        if seeds < r.min_seeds {
            return IllegalReason::TooFewSeeds {
                seeds,
                min: r.min_seeds,
            };
        }
        if r.grand_slam == GrandSlam::Forbidden && self.try_move(usize::from(n) - 1).1 {
            return IllegalReason::GrandSlam;
        }
        IllegalReason::MustFeed
    }

    /// Where the last seed of `m` would land, without playing it (`None`
    /// for a swap or a house that is not a legal move): a cheap hint for
    /// move ordering, since a landing in one's own store usually earns an
    /// extra turn and one in an own empty house may capture.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Cup, Move, Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let pos = Position::new(&rules);
    /// // House 3's four seeds reach exactly the store.
    /// assert_eq!(pos.landing(Move::House(3)), Some(Cup::Store { side: 0 }));
    /// assert_eq!(pos.landing(Move::House(1)), Some(Cup::House { side: 0, number: 5 }));
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    #[inline]
    pub fn landing(&self, m: Move) -> Option<Cup> {
        let Move::House(n) = m else { return None };
        if !self.is_legal(m) {
            return None;
        }
        let r = self.rules;
        let side = self.to_move();
        let house = usize::from(n) - 1;
        let seeds = self.state.cups[r.base(side) + house];
        Some(cup_of(
            r.landing_cup(side, house, seeds),
            r.stride,
            r.houses,
        ))
    }

    /// Resigns for `side`: it takes last place. The game ends when one
    /// player is left who has not resigned (at once with two players);
    /// with three or four, the resigned side is still moved (by the
    /// computer, in the command line) so the board stays legal for the
    /// others. Resigning twice, or after the end, changes nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Wdl};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let mut pos = Position::new(&rules);
    /// pos.resign(0);
    /// assert_eq!(pos.outcome().unwrap().wdl(0), Some(Wdl::Loss));
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn resign(&mut self, side: usize) {
        if self.is_over() || side >= self.rules.players() || self.state.resigned[side] != 0 {
            return;
        }
        let order = self.state.resigned.iter().filter(|&&o| o != 0).count() as u8 + 1;
        self.state.resigned[side] = order;
        if usize::from(order) + 1 >= self.rules.players() {
            self.finish(EndReason::Resignation, None);
        }
    }

    /// Ends the game as an endless cycle by the players' agreement; the
    /// seeds left on the board go by `cycle_leftover`. Does nothing once
    /// the game is over.
    pub fn end_by_agreement(&mut self) {
        if !self.is_over() {
            self.finish(EndReason::Agreement, Some(self.rules.cycle_leftover));
        }
    }

    /// Ends the game because the position repeated (used by [`Game`](crate::Game)).
    pub(crate) fn end_by_repetition(&mut self) {
        if !self.is_over() {
            self.finish(EndReason::Repetition, Some(self.rules.cycle_leftover));
        }
    }

    /// A hash of what makes positions the same for `repetition`: the cups,
    /// the side to move and the pie-rule state.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
        let cups = &self.state.cups;
        let word = |i: usize| {
            let bytes = cups[8 * i..].first_chunk::<8>();
            u64::from_le_bytes(*bytes.expect("the cup array is a whole number of words"))
        };
        let mut h = u64::from(self.state.to_move) | (self.state.pie as u64) << 8;
        // Boards of up to 16 cups (two players, up to 7 houses) are two words.
        h = mix(mix(h, word(0)), word(1));
        for i in 2..usize::from(self.rules.words) {
            h = mix(h, word(i));
        }
        h
    }

    /// A 64-bit hash of everything that decides the rest of the game from
    /// here: the cups, the side to move, the pie-rule state, whether the
    /// game is over, and the move count as far as a rule still looks at it
    /// (`no_capture_moves`, `first_move_extra_turn`, the pie rule). Two
    /// positions with the same key play the same from here on (up to hash
    /// collisions), which is what a transposition table needs. Resignations
    /// and the `repetition` history are not part of it.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules, Setup};
    ///
    /// let at = |rules, text: &str| Position::from_setup(rules, &text.parse::<Setup>().unwrap());
    /// // Kalah never looks at the move count: same board, same key.
    /// let kalah = Rules::new(&Preset::Kalah.rules())?;
    /// let a = at(&kalah, "0,4,4,4,4,4:0 5,5,5,4,4,4:0 to=1 ply=1")?;
    /// let b = at(&kalah, "0,4,4,4,4,4:0 5,5,5,4,4,4:0 to=1 ply=9")?;
    /// assert_eq!(a.key(), b.key());
    /// // Modiar's opening move captures nothing, so there the count matters.
    /// let modiar = Rules::new(&Preset::Modiar.rules())?;
    /// let first = at(&modiar, "7,7,7:0 7,7,7:0 to=0 ply=0")?;
    /// let later = at(&modiar, "7,7,7:0 7,7,7:0 to=0 ply=2")?;
    /// assert_ne!(first.key(), later.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn key(&self) -> u64 {
        let r = self.rules;
        let played = self.sowings().min(r.ply_horizon);
        let h = self.repetition_key() ^ u64::from(played) << 40 ^ u64::from(self.is_over()) << 63;
        h.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(23)
    }

    /// Like [`Position::key`] but without the stores and discarded seeds: a
    /// hash of the houses, the side to move, the pie-rule state, whether
    /// the game is over and the move count as far as a rule looks at it.
    /// For rules whose end never looks at the stores (no `majority`, no
    /// `repetition`), everything that happens from a position on depends
    /// only on this, so a solver can share results between positions that
    /// differ only in their scores.
    #[inline]
    pub fn board_key(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let r = self.rules;
        let mut h = u64::from(self.state.to_move)
            | (self.state.pie as u64) << 8
            | u64::from(self.sowings().min(r.ply_horizon)) << 16
            | u64::from(self.is_over()) << 63;
        for side in 0..r.players() {
            let w = r.side_word(&self.state.cups, side);
            h = (h.rotate_left(5) ^ w as u64).wrapping_mul(K);
            h = (h.rotate_left(5) ^ (w >> 64) as u64).wrapping_mul(K);
        }
        h
    }

    /// Builds a position straight from counts, without allocating: the
    /// houses of every side one after the other (side 0's house 1 first),
    /// the stores, the side to move and the number of moves played. What
    /// [`Position::from_setup`] does for a [`Setup`] with no pie state,
    /// resignations or end.
    ///
    /// # Errors
    ///
    /// As [`Position::from_setup`].
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let start = Position::from_parts(&rules, &[4; 12], &[0, 0], 0, 0)?;
    /// assert_eq!(start, Position::new(&rules));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_parts(
        rules: &'r Rules,
        houses: &[u8],
        stores: &[u8],
        to_move: usize,
        ply: u32,
    ) -> Result<Position<'r>, SetupError> {
        let (players, per_side) = (rules.players(), rules.houses());
        if houses.len() != players * per_side {
            return Err(SetupError::Houses {
                side: houses.len() / per_side.max(1),
                found: houses.len() % per_side.max(1),
                expected: per_side,
            });
        }
        if stores.len() != players {
            return Err(SetupError::Stores {
                found: stores.len(),
                expected: players,
            });
        }
        if to_move >= players {
            return Err(SetupError::ToMove {
                side: to_move,
                players,
            });
        }
        let total: usize = houses.iter().chain(stores).map(|&c| usize::from(c)).sum();
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds {
                total,
                max: MAX_SEEDS,
            });
        }
        let mut cups = [0u8; CUPS];
        for s in 0..players {
            let base = rules.base(s);
            cups[base..base + per_side].copy_from_slice(&houses[s * per_side..(s + 1) * per_side]);
            cups[rules.store(s)] = stores[s];
        }
        let mut pos = Position {
            rules,
            state: State {
                cups,
                ply,
                legal: 0,
                to_move: to_move as u8,
                total: total as u8,
                discarded: 0,
                pie: PieState::Pending,
                resigned: [0; MAX_PLAYERS],
                over: None,
            },
        };
        pos.settle(Changed::ALL);
        Ok(pos)
    }

    /// Whether `other` is the same position for `repetition`.
    pub(crate) fn repeats(&self, other: &Position<'_>) -> bool {
        self.state.cups == other.state.cups
            && self.state.to_move == other.state.to_move
            && self.state.pie == other.state.pie
    }

    /// Sides whose houses are all empty, one bit each.
    fn empty_sides(&self) -> u32 {
        self.rules.empty_sides(&self.state.cups)
    }

    /// Applies the end conditions at the start of a turn, then works out
    /// the legal moves of the side to move (which may end the game too).
    /// `changed` says what the last move can have changed, so that only
    /// those end conditions are looked at again.
    #[inline]
    fn settle(&mut self, changed: Changed) {
        debug_assert!(!self.is_over(), "settling a finished game");
        let r = self.rules;
        if r.ends_on_board && self.board_ends_game(changed) {
            return;
        }
        let side = self.to_move();
        let mut legal = r.movable(&self.state.cups, side);
        if r.special_moves {
            if r.looks_ahead
                && legal != 0
                && (r.grand_slam == GrandSlam::Forbidden
                    || (r.must_feed && r.side_empty(&self.state.cups, 1 - side)))
            {
                match self.look_ahead(legal) {
                    Some(moves) => legal = moves,
                    None => return,
                }
            }
            if r.pie_rule && self.state.pie == PieState::Pending && side == 1 && self.state.ply > 0
            {
                legal |= MoveList::SWAP_BIT;
            }
        }
        if legal == 0 {
            return self.no_legal_move();
        }
        self.state.legal = legal;
    }

    /// The end conditions read off the board: `empty_first`,
    /// `any_side_empty` and `majority`, in that order. Returns whether the
    /// game ended.
    #[inline]
    fn board_ends_game(&mut self, changed: Changed) -> bool {
        let r = self.rules;
        if r.end_on_empty {
            let empty = match changed.sides {
                Sides::None => false,
                Sides::Mover(side) => r.side_empty(&self.state.cups, side),
                Sides::All => self.empty_sides() != 0,
            };
            if empty {
                if r.end_empty_first {
                    // The board is left as it is: the empty sides won.
                    self.state.over = Some(EndReason::EmptyFirst);
                    self.state.legal = 0;
                } else {
                    self.finish(EndReason::AnySideEmpty, Some(r.leftover));
                }
                return true;
            }
        }
        // Only a move that put seeds in a store can make a majority.
        if r.end_majority && changed.stores && self.has_majority() {
            self.finish(EndReason::Majority, Some(r.leftover));
            return true;
        }
        false
    }

    /// Narrows the movable houses by the rules that look a move ahead:
    /// feeding an empty opponent and forbidden grand slams. `None` when the
    /// `unfed` rule ended the game.
    #[inline(never)]
    fn look_ahead(&mut self, movable: u32) -> Option<u32> {
        let r = self.rules;
        let side = self.to_move();
        let feeding = r.must_feed && r.side_empty(&self.state.cups, 1 - side);
        let mut kept = 0;
        let mut fed = 0;
        let mut bits = movable;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (feeds, grand_slam) = self.try_move(h);
            if r.grand_slam == GrandSlam::Forbidden && grand_slam {
                continue;
            }
            kept |= 1 << h;
            if feeds {
                fed |= 1 << h;
            }
        }
        if !feeding || kept == 0 || fed != 0 {
            return Some(if feeding && fed != 0 { fed } else { kept });
        }
        match r.unfed {
            Unfed::AnyMove => Some(kept),
            Unfed::EndToMover => {
                self.claim(EndReason::CannotFeed, side);
                None
            }
            Unfed::EndToStarving => {
                self.claim(EndReason::CannotFeed, 1 - side);
                None
            }
        }
    }

    /// The side to move has no legal move: the game ends.
    #[cold]
    fn no_legal_move(&mut self) {
        let r = self.rules;
        let side = self.to_move();
        if r.must_feed && r.unfed == Unfed::EndToStarving && r.side_empty(&self.state.cups, side) {
            return self.claim(EndReason::Starved, side);
        }
        self.finish(EndReason::NoLegalMove, Some(r.leftover));
    }

    /// Tries house `h` (0-based) of the side to move on a copy of the
    /// board: does it leave seeds on the opponent's side, and is it a
    /// grand slam? (Two-player rules only.)
    fn try_move(&self, h: usize) -> (bool, bool) {
        let r = self.rules;
        let side = self.to_move();
        let mut cups = self.state.cups;
        let sowing = r.sow::<false>(&mut cups, side, h, self.sowings(), &mut 0);
        (!r.side_empty(&cups, 1 - side), sowing.grand_slam)
    }

    fn has_majority(&self) -> bool {
        let total = u32::from(self.state.total);
        let mut halves = 0;
        for s in 0..self.rules.players() {
            let twice = 2 * u32::from(self.store(s));
            if twice > total {
                return true;
            }
            if twice == total {
                halves += 1;
            }
        }
        halves >= 2
    }

    /// Ends the game; the seeds left on the board go by `leftover` (or stay
    /// where they are when it is `None`).
    fn finish(&mut self, reason: EndReason, leftover: Option<Leftover>) {
        let r = self.rules;
        let players = r.players();
        match leftover {
            None => {}
            Some(Leftover::Owner) => {
                for s in 0..players {
                    let seeds = self.side_seeds(s) as u8;
                    self.clear_side(s);
                    self.state.cups[r.store(s)] += seeds;
                }
            }
            Some(Leftover::Discard) => {
                let seeds = self.board_seeds() as u8;
                self.clear_board();
                self.state.discarded += seeds;
            }
            Some(Leftover::Split) => {
                let seeds = self.board_seeds() as u8;
                self.clear_board();
                let share = seeds / players as u8;
                for s in 0..players {
                    self.state.cups[r.store(s)] += share;
                }
                self.state.discarded += seeds - share * players as u8;
            }
        }
        self.state.over = Some(reason);
        self.state.legal = 0;
    }

    /// Ends the game with every seed on the board going to `side`.
    fn claim(&mut self, reason: EndReason, side: usize) {
        let seeds = self.board_seeds() as u8;
        self.clear_board();
        self.state.cups[self.rules.store(side)] += seeds;
        self.state.over = Some(reason);
        self.state.legal = 0;
    }

    fn clear_side(&mut self, side: usize) {
        let range = self.rules.house_range(side);
        self.state.cups[range].fill(0);
    }

    fn clear_board(&mut self) {
        for s in 0..self.rules.players() {
            self.clear_side(s);
        }
    }

    /// A multi-line drawing of the board (what `{:#}` prints).
    fn diagram(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules;
        let houses = r.houses();
        if r.players() == 2 {
            let cell = |n: u8| format!("{n:>3}");
            let top: Vec<String> = (1..=houses).rev().map(|h| format!("{h:>3}")).collect();
            let north: Vec<String> = self.houses(1).iter().rev().map(|&n| cell(n)).collect();
            let south: Vec<String> = self.houses(0).iter().map(|&n| cell(n)).collect();
            let bottom: Vec<String> = (1..=houses).map(|h| format!("{h:>3}")).collect();
            let width = 4 * houses;
            writeln!(f, "      {}    side 1", top.join(" "))?;
            writeln!(f, "     [{}]", north.join("|"))?;
            writeln!(f, "{:>4} {:width$} {:<4}", self.store(1), "", self.store(0))?;
            writeln!(f, "     [{}]", south.join("|"))?;
            writeln!(f, "      {}    side 0", bottom.join(" "))?;
        } else {
            for s in (0..r.players()).rev() {
                let cells: Vec<String> = self.houses(s).iter().map(|n| format!("{n:>3}")).collect();
                writeln!(
                    f,
                    "side {s}: [{}] store {:>3}",
                    cells.join("|"),
                    self.store(s)
                )?;
            }
        }
        match self.outcome() {
            Some(outcome) => write!(f, "game over: {outcome}"),
            None => write!(f, "side {} to move", self.to_move()),
        }
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

impl fmt::Display for Position<'_> {
    /// The one-line position notation (see [`Setup`]); with `{:#}`, a
    /// drawing of the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            self.diagram(f)
        } else {
            fmt::Display::fmt(&self.to_setup(), f)
        }
    }
}

impl fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Serialize for Position<'_> {
    /// Serialises as its [`Setup`].
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
