//! How a game ended and who placed where.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::NameError;
use crate::ruleset::MAX_PLAYERS;
use crate::side::{BySide, Side};

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// After a move, a player's houses were all empty (`any_side_empty`).
    AnySideEmpty,
    /// The player to move had no legal move.
    NoLegalMove,
    /// A player holds more than half of the seeds, or two hold half each (`majority`).
    Majority,
    /// A player emptied their houses and won at once (`empty_first`).
    EmptyFirst,
    /// The same position occurred again (`repetition`).
    Repetition,
    /// After a move, `end_seeds` seeds or fewer were left in the houses.
    FewSeeds,
    /// The opponent's side was empty and no move could feed it; `unfed`
    /// decided who takes the board (under `unfed = end`, `leftover` did).
    CannotFeed,
    /// The player to move could not move because their side was empty, and
    /// claimed the board as a starving player (`unfed = end_to_starving`).
    Starved,
    /// All players but one resigned.
    Resignation,
    /// The players agreed the game is an endless cycle.
    Agreement,
    /// A player's houses became empty and the other took the game
    /// (`take_all`).
    TakeAll,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 11] = [
        EndReason::AnySideEmpty,
        EndReason::NoLegalMove,
        EndReason::Majority,
        EndReason::EmptyFirst,
        EndReason::Repetition,
        EndReason::FewSeeds,
        EndReason::CannotFeed,
        EndReason::Starved,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::TakeAll,
    ];

    /// The reason's name in position notation.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::AnySideEmpty => "any_side_empty",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::Majority => "majority",
            EndReason::EmptyFirst => "empty_first",
            EndReason::Repetition => "repetition",
            EndReason::FewSeeds => "few_seeds",
            EndReason::CannotFeed => "cannot_feed",
            EndReason::Starved => "starved",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TakeAll => "take_all",
        }
    }

    /// A short English description.
    pub const fn description(self) -> &'static str {
        match self {
            EndReason::AnySideEmpty => "a side ran out of seeds",
            EndReason::NoLegalMove => "the player to move had no legal move",
            EndReason::Majority => "a player holds a majority of the seeds",
            EndReason::EmptyFirst => "a player emptied their side first",
            EndReason::Repetition => "the position repeated (endless cycle)",
            EndReason::FewSeeds => "few seeds were left in the houses",
            EndReason::CannotFeed => "no move could feed the empty opponent",
            EndReason::Starved => "a starving player claimed the board",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "the players agreed on an endless cycle",
            EndReason::TakeAll => "a player was left with no seed in their houses",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndReason {
    type Err = NameError;

    /// Reads a name, ignoring case.
    fn from_str(s: &str) -> Result<Self, NameError> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| NameError::EndReason {
                text: s.to_string(),
            })
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A two-player result from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side won.
    Win,
    /// Neither side won.
    Draw,
    /// The side lost.
    Loss,
}

/// The result of a finished game: final scores and ranks, per side.
///
/// Ranks use standard competition ranking: equal results share a rank and
/// the next rank is skipped (1, 1, 3). Players are ranked by score, highest
/// first; under `empty_first` the sides that emptied their houses rank
/// first and the others follow by the seeds they still hold, fewest first;
/// resigned sides rank below everyone else, the first to resign last.
///
/// Sides are board sides (side 0 moved first). Under the pie rule the
/// players may have swapped sides (see
/// [`Position::player_of`](crate::Position::player_of)): the outcome
/// records which player ended on which side, so that
/// [`Outcome::player_ranks`] and [`Outcome::player_scores`] give the
/// results player by player.
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Position, Preset, Rules, Side};
///
/// // Mankalah has the pie rule: player 1 swaps, then resigns.
/// let rules = Rules::new(&Preset::Mankalah.rules())?;
/// let mut pos = Position::new(&rules);
/// pos.play(Move::House(1))?;
/// pos.play(Move::Swap)?;
/// pos.resign(pos.side_of(1));
/// let outcome = pos.outcome().unwrap();
/// assert_eq!(outcome.ranks(), [2, 1]); // side 0 (player 1) is last
/// assert_eq!(outcome.player_ranks(), [1, 2]); // player 0 won
/// assert_eq!(outcome.rank_of_player(1), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub(crate) reason: EndReason,
    pub(crate) players: u8,
    pub(crate) scores: BySide<u8>,
    pub(crate) ranks: BySide<u8>,
    /// Per player, the side it owned at the end.
    pub(crate) sides: [Side; MAX_PLAYERS],
}

impl Outcome {
    /// Why the game ended.
    pub const fn reason(&self) -> EndReason {
        self.reason
    }

    /// Final scores per side: store contents after the leftover seeds were
    /// distributed (captured seeds in store-less games).
    pub fn scores(&self) -> &[u8] {
        &self.scores.as_slice()[..usize::from(self.players)]
    }

    /// Final ranks per side, 1 for first place.
    pub fn ranks(&self) -> &[u8] {
        &self.ranks.as_slice()[..usize::from(self.players)]
    }

    /// The rank of `side`.
    ///
    /// # Panics
    ///
    /// If `side` is not a side of the game.
    pub fn rank(&self, side: Side) -> u8 {
        self.ranks()[side.index()]
    }

    /// The sides in first place, side 0 first.
    pub fn winners(&self) -> impl Iterator<Item = Side> + '_ {
        (0..self.players)
            .map(Side::trusted)
            .filter(|&s| self.ranks[s] == 1)
    }

    /// The one side in first place, if it is not shared.
    pub fn winner(&self) -> Option<Side> {
        let mut w = self.winners();
        match (w.next(), w.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// Whether every side shares first place.
    pub fn is_draw(&self) -> bool {
        self.ranks().iter().all(|&r| r == 1)
    }

    /// Win, draw or loss for `side` in a two-player game (`None` with more
    /// players or a side that does not exist).
    pub fn wdl(&self, side: Side) -> Option<Wdl> {
        if self.players != 2 || side.index() > 1 {
            return None;
        }
        let other = Side::new(1 - side.index());
        Some(match (self.ranks[side], self.ranks[other]) {
            (1, 1) => Wdl::Draw,
            (1, _) => Wdl::Win,
            _ => Wdl::Loss,
        })
    }

    /// The side `player` (0 = the one who moved first) owned at the end:
    /// [`Position::side_of`](crate::Position::side_of) of the final
    /// position.
    ///
    /// # Panics
    ///
    /// If `player` is not a player of the game.
    pub fn side_of(&self, player: usize) -> Side {
        assert!(player < usize::from(self.players), "no player {player}");
        self.sides[player]
    }

    /// The player (0 = the one who moved first) who owned `side` at the
    /// end: the inverse of [`Outcome::side_of`].
    ///
    /// # Panics
    ///
    /// If `side` is not a side of the game.
    pub fn player_of(&self, side: Side) -> usize {
        (0..usize::from(self.players))
            .find(|&p| self.sides[p] == side)
            .unwrap_or_else(|| panic!("no side {side}"))
    }

    /// The rank of `player` (0 = the one who moved first), 1 for first
    /// place: the rank of the side it owned at the end.
    ///
    /// # Panics
    ///
    /// If `player` is not a player of the game.
    pub fn rank_of_player(&self, player: usize) -> u8 {
        self.ranks[self.side_of(player)]
    }

    /// The final score of `player` (0 = the one who moved first): the
    /// score of the side it owned at the end.
    ///
    /// # Panics
    ///
    /// If `player` is not a player of the game.
    pub fn score_of_player(&self, player: usize) -> u8 {
        self.scores[self.side_of(player)]
    }

    /// Final ranks per player, player 0 (the one who moved first) first:
    /// [`Outcome::ranks`] in player order, which differs after a pie swap.
    pub fn player_ranks(&self) -> Vec<u8> {
        (0..usize::from(self.players))
            .map(|p| self.rank_of_player(p))
            .collect()
    }

    /// Final scores per player, player 0 (the one who moved first) first:
    /// [`Outcome::scores`] in player order, which differs after a pie swap.
    pub fn player_scores(&self) -> Vec<u8> {
        (0..usize::from(self.players))
            .map(|p| self.score_of_player(p))
            .collect()
    }

    /// Side 0's score minus side 1's: the value a two-player solver reports.
    pub fn score_difference(&self) -> i32 {
        i32::from(self.scores[Side::new(0)]) - i32::from(self.scores[Side::new(1)])
    }
}

impl fmt::Display for Outcome {
    /// For example `side 0 wins 26-22 (a side ran out of seeds)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scores = self
            .scores()
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("-");
        if self.is_draw() {
            write!(f, "draw {scores}")?;
        } else if let Some(w) = self.winner() {
            write!(f, "side {w} wins {scores}")?;
        } else {
            let ws: Vec<String> = self.winners().map(|s| s.to_string()).collect();
            write!(f, "sides {} share first place {scores}", ws.join(", "))?;
        }
        write!(f, " ({})", self.reason.description())
    }
}
