//! The values of the rule dimensions that are names: one enum per
//! dimension, its names in rule files defined once, by `rule_enum!`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::parse::{Dimension, for_field};
use crate::error::RuleError;
use crate::side::Side;

/// Defines a rule enum together with its file names, `Display`, `FromStr`
/// and serde, so that the names live in exactly one place.
macro_rules! rule_enum {
    (
        $(#[$meta:meta])*
        $name:ident ($field:literal) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in the order the specification lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in rule files and on the command line.
            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = RuleError;

            fn from_str(s: &str) -> Result<Self, RuleError> {
                let wanted = s.trim();
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name().eq_ignore_ascii_case(wanted))
                    .ok_or_else(|| RuleError::UnknownValue {
                        field: $field,
                        value: s.to_string(),
                        expected: Self::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
                    })
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl Dimension for $name {
            type File = $name;

            fn from_text(field: &'static str, text: &str) -> Result<Self, RuleError> {
                text.parse().map_err(|e| for_field(e, field))
            }

            fn from_file(_: &'static str, value: $name) -> Result<Self, RuleError> {
                Ok(value)
            }
        }
    };
}

rule_enum! {
    /// Which way the seeds travel round the board (`direction`).
    Direction("direction") {
        /// Counter-clockwise, the way the turn passes (Kalah, Oware).
        Ccw = "ccw",
        /// Clockwise (Songo, Vai Lung Thlan, Ot-tjin): the mirror image of a
        /// counter-clockwise board, every rule read in sowing order.
        Cw = "cw",
        /// By the number of seeds lifted: an odd count sows clockwise, an
        /// even one counter-clockwise (Cross-Kalah).
        Parity = "parity",
        /// Split sowing: each house sows towards the nearer end of its
        /// row, the houses before the middle clockwise (against the
        /// board's order, numbered as under `ccw`), those after it
        /// counter-clockwise; a middle house of an odd row sows the way
        /// the mover chooses, and must be in `direction_choice` (Cow,
        /// Mangala III).
        Split = "split",
        /// Each player their own way round (SowOpDirs, MancalaGames'
        /// `sow_direct` PLAYALTDIR): side 0 sows counter-clockwise, in
        /// the board's order, side 1 clockwise, against it; two players
        /// only (issue 30).
        Opposed = "opposed",
    }
}

impl Direction {
    /// Whether a sowing of `seeds` seeds runs against the board's order
    /// (from a house to the one numbered one lower, and from a side's
    /// house 1 to the previous side): only an odd count under `parity`.
    /// Under `cw` the board is numbered in clockwise sowing order, so its
    /// sowings, like `ccw`'s, run in the board's order (docs/rules.md
    /// section 3).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Direction;
    ///
    /// assert!(Direction::Parity.reverses(3));
    /// assert!(!Direction::Parity.reverses(4));
    /// assert!(!Direction::Cw.reverses(3));
    /// ```
    pub const fn reverses(self, seeds: u8) -> bool {
        matches!(self, Direction::Parity) && seeds % 2 == 1
    }

    /// Under `split`, whether house `number` (from 1) of a row of
    /// `houses` sows against the board's order (clockwise): the houses
    /// before the middle. False for every house under the other values,
    /// and for a middle house (which the mover chooses for).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Direction;
    ///
    /// let against: Vec<bool> = (1..=5).map(|h| Direction::Split.split_reverses(h, 5)).collect();
    /// assert_eq!(against, [true, true, false, false, false]);
    /// assert!(!Direction::Ccw.split_reverses(1, 5));
    /// ```
    pub const fn split_reverses(self, number: u8, houses: u8) -> bool {
        matches!(self, Direction::Split) && number >= 1 && number <= houses / 2
    }

    /// Under `opposed`, whether `side`'s sowings run against the board's
    /// order: side 1's (side 0 sows counter-clockwise, side 1
    /// clockwise). False for every side under the other values.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Direction, Side};
    ///
    /// assert!(!Direction::Opposed.side_reverses(Side::new(0)));
    /// assert!(Direction::Opposed.side_reverses(Side::new(1)));
    /// assert!(!Direction::Ccw.side_reverses(Side::new(1)));
    /// ```
    pub const fn side_reverses(self, side: Side) -> bool {
        matches!(self, Direction::Opposed) && side.index() % 2 == 1
    }
}

rule_enum! {
    /// Which stores lie on the sowing track (`stores_sown`).
    StoresSown("stores_sown") {
        /// Stores are not on the track; they only hold captured seeds (Oware family).
        None = "none",
        /// The mover sows into their own store and skips every other store (Kalah).
        Own = "own",
        /// The mover sows into every store (Japanese mancala basic).
        All = "all",
    }
}

rule_enum! {
    /// What happens to the origin house during sowing (`origin`).
    Origin("origin") {
        /// The origin house receives a seed when a lap passes it (Kalah).
        Include = "include",
        /// The origin house never receives a seed from its own sowing (Oware).
        Skip = "skip",
        /// The first seed goes straight back into the origin house; later laps
        /// include it (Modiar, "sowOriginFirst").
        First = "first",
        /// As `first`, except that a house holding a single seed sends it on
        /// to the next cup (Toguz Kumalak).
        FirstUnlessSingle = "first_unless_single",
    }
}

rule_enum! {
    /// Whether a sowing goes on from where it ended (`relay`, docs/rules.md
    /// section 3).
    Relay("relay") {
        /// The sowing ends when the hand is empty.
        None = "none",
        /// The last seed lands in a house that held seeds: lift them all and
        /// sow on from the next cup (Ayoayo, Dakon, Congkak).
        Last = "last",
        /// The cup after the last one is a house holding seeds: lift them and
        /// sow on from the cup after it; an empty one ends the sowing
        /// (Pallanguzhi family).
        Next = "next",
    }
}

rule_enum! {
    /// On whose side a house may be lifted to relay a sowing (`relay_on`).
    RelayOn("relay_on") {
        /// Any side.
        Any = "any",
        /// The mover's own side only.
        Own = "own",
        /// The other sides only.
        Opponent = "opponent",
    }
}

rule_enum! {
    /// What happens when the player to move has no legal move (`no_move`,
    /// docs/rules.md section 7).
    NoMove("no_move") {
        /// The game ends.
        End = "end",
        /// The player is skipped; the game ends when no player can move.
        Pass = "pass",
    }
}

rule_enum! {
    /// Which store landing earns another move (`extra_turn`).
    ExtraTurn("extra_turn") {
        /// No landing earns an extra turn.
        None = "none",
        /// The last seed in the mover's own store earns an extra turn (Kalah).
        OwnStore = "own_store",
        /// The last seed in any store earns an extra turn (mancala basic).
        AnyStore = "any_store",
    }
}

rule_enum! {
    /// What happens when no move can feed an empty opponent (`unfed`).
    Unfed("unfed") {
        /// Every otherwise legal move is allowed (Modiar: feed "if able").
        AnyMove = "any_move",
        /// The game ends and the mover takes every seed left on the board (Oware).
        EndToMover = "end_to_mover",
        /// The game ends and the starving opponent claims every seed left (Al-manqala).
        EndToStarving = "end_to_starving",
        /// The game ends and the seeds left go by `leftover` (Djenon Abe).
        End = "end",
    }
}

rule_enum! {
    /// How a grand slam (a capture that empties the opponent's side) is treated.
    GrandSlam("grand_slam") {
        /// It captures as usual (Al-manqala).
        Allowed = "allowed",
        /// The move is legal but captures nothing (Oware Abapa).
        NoCapture = "no_capture",
        /// The move is illegal (Modiar).
        Forbidden = "forbidden",
        /// It captures, except the opponent's lowest-numbered house holding
        /// seeds when two or more hold seeds (Olowuka).
        LeaveFirst = "leave_first",
    }
}

rule_enum! {
    /// The capture family (`capture`).
    Capture("capture") {
        /// Nothing is ever captured.
        None = "none",
        /// Kalah family: the last seed in an own empty house captures the
        /// corresponding houses of the target players.
        Opposite = "opposite",
        /// Oware family: the last seed makes a house hold a count in
        /// `capture_counts`.
        Count = "count",
        /// The house after the one the last seed fell in is taken.
        Next = "next",
        /// Capture across the gap (Pallanguzhi family): the house after the
        /// last one is empty, the house beyond that empty one is taken.
        Gap = "gap",
        /// The last seed makes its house hold as many seeds as the house
        /// across the board: both are taken (Mangala I; two players).
        Match = "match",
    }
}

rule_enum! {
    /// Who takes a house that a sowing capture takes (`sow_capture_by`).
    SowCaptureBy("sow_capture_by") {
        /// The house's owner (Pallanguzhi's pasu).
        Owner = "owner",
        /// The player who is sowing.
        Sower = "sower",
        /// The player who is sowing, and only a house that player owns: a
        /// house of another player brought to the count stays (Adi II;
        /// MancalaGames' ENPAS_SOW_SOWER).
        SowerOwn = "sower_own",
    }
}

rule_enum! {
    /// Whose houses an opposite capture takes with 3 or 4 players (`capture_from`).
    CaptureFrom("capture_from") {
        /// The next seat in turn order, counter-clockwise (clockwise under
        /// `direction = cw`; with 2 players: the opponent).
        Next = "next",
        /// The seat across the board (seat + 2 with 4 players; the next seat with 3).
        Opposite = "opposite",
        /// Every other seat.
        All = "all",
    }
}

rule_enum! {
    /// On whose side a count capture may take a house (`capture_side`).
    CaptureSide("capture_side") {
        /// Only the opponent's houses (Oware).
        Opponent = "opponent",
        /// Only the mover's own houses.
        Own = "own",
        /// Either side (Modiar, Al-manqala).
        Any = "any",
        /// The first house taken on the opponent's side, the rest of a
        /// chain on either side (Kale).
        OpponentFirst = "opponent_first",
    }
}

rule_enum! {
    /// Where the seeds left on the board go when the game ends (`leftover`,
    /// `cycle_leftover`).
    Leftover("leftover") {
        /// Each side's seeds go to that side's owner (Kalah, Oware, Modiar).
        Owner = "owner",
        /// Nobody scores them.
        Discard = "discard",
        /// Shared equally between the players; a remainder is discarded.
        Split = "split",
        /// Every seed goes to the player who moved last.
        LastMover = "last_mover",
        /// Shared equally; the seeds that cannot be shared go one each to
        /// the players with the lowest scores.
        SplitPoorer = "split_poorer",
    }
}

rule_enum! {
    /// One way for the game to end (`end`, a set of these).
    EndCondition("end") {
        /// After a move, any player's houses are all empty (Kalah standard).
        AnySideEmpty = "any_side_empty",
        /// The player to move has no legal move (always in force; listing it
        /// documents the Kalah "delayed" variant and Modiar).
        NoLegalMove = "no_legal_move",
        /// A player's score exceeds half of all seeds, or two players hold half each.
        Majority = "majority",
        /// A player whose houses become empty wins at once (mancala basic).
        EmptyFirst = "empty_first",
        /// The same position occurs again: the game ends as an endless cycle.
        Repetition = "repetition",
        /// (issue 30) A player whose houses become empty loses at once, the
        /// board left as it is; every other end ranks the players by the
        /// seeds left in their houses (Depouiller: take every seed).
        TakeAll = "take_all",
    }
}

rule_enum! {
    /// Whether a match is played in rounds (`rounds`, docs/rules.md
    /// section 8a).
    Rounds("rounds") {
        /// One game is the whole match.
        None = "none",
        /// When a round ends, the seeds each player won fill their houses
        /// for the next, `seeds` to a house; houses that cannot be filled
        /// are burnt: out of play for that round (Dakon, Congkak, Ohvalhu).
        Fill = "fill",
        /// (issue 30) When a round ends, every house is filled again and
        /// the seeds each player won decide how many houses they own in
        /// the next: the winner's own row, then the loser's first houses
        /// (MancalaGames' TERRITORY: Adi, NamNam, NumNum).
        Territory = "territory",
        /// (issue 30) When a round ends, only its loser fills their houses
        /// again with the seeds they won, as under `fill`; the winner's
        /// houses and store stay as the round left them (MancalaGames'
        /// LOSER_ONLY: Jongkak).
        LoserFills = "loser_fills",
    }
}

rule_enum! {
    /// Which houses a player fills first when a round starts (`round_fill`).
    RoundFill("round_fill") {
        /// From house 1, the one furthest from the store: the last
        /// houses are burnt first.
        FromHouse1 = "from_house_1",
        /// From the last house, the one beside the store: house 1 is
        /// burnt first (Dakon).
        FromStore = "from_store",
    }
}

rule_enum! {
    /// Who moves first in every round after the first (`round_starter`).
    RoundStarter("round_starter") {
        /// The sides take turns: the side after the last round's starter.
        Alternate = "alternate",
        /// The side that won the fewest seeds in the last round (on a tie,
        /// as `alternate`).
        Loser = "loser",
        /// The side that won the most seeds in the last round (on a tie,
        /// as `alternate`).
        Winner = "winner",
        /// The side that made the last move of the last round (Dakon).
        LastMover = "last_mover",
    }
}

rule_enum! {
    /// A capture the mover makes as they lift a house, before its seeds
    /// are sown (`capture_before_sowing`, docs/rules.md section 5).
    CaptureBeforeSowing("capture_before_sowing") {
        /// None.
        None = "none",
        /// The first seed of every lift (the house played and, under
        /// relay sowing, each house lifted to go on) goes to the mover's
        /// store; the others are sown (Sokusowo).
        FirstSeed = "first_seed",
        /// A lift of a single seed first takes the seeds of the house
        /// opposite the lifted one to the mover's store (Achochodi).
        SingleOpposite = "single_opposite",
    }
}

rule_enum! {
    /// Who takes the seeds left when `end_seeds` ends the game
    /// (`end_seeds_to`, docs/rules.md section 7).
    EndSeedsTo("end_seeds_to") {
        /// They go by `leftover`, as at any other end.
        Leftover = "leftover",
        /// They all go to the player who made the move that left them
        /// (MancalaGames' PICKLASTSEEDS: Anywoli, Hoyito).
        Mover = "mover",
        /// They all go to the player who started the round: side 0 in a
        /// game or a match's first round, the side `round_starter` named
        /// in a later one (MancalaGames' PICK2XLASTSEEDS: Ba-awa, Lam
        /// Waladach).
        Starter = "starter",
    }
}

rule_enum! {
    /// What a relay leg's landing may capture before the sowing goes on
    /// (`lap_capture`, docs/rules.md section 3).
    LapCapture("lap_capture") {
        /// Nothing: only the move's final landing captures.
        None = "none",
        /// A leg whose last seed falls in a house that held seeds, and so
        /// relays, first captures there as a final landing would; the relay
        /// then goes on as usual (Tap-Urdy; MancalaGames' LAP_CAPT with a
        /// gap capture).
        Relay = "relay",
        /// A leg whose landing captures takes its seeds, and the sowing goes
        /// on from the house after it (Meusueb, Motiq, Lahemay Waladat;
        /// MancalaGames' LAP_CAPT with a count capture).
        Next = "next",
    }
}

rule_enum! {
    /// Under `rounds = territory`, who owns the house the round's winner
    /// fills only in part (`territory_rest`, docs/rules.md section 8a).
    TerritoryRest("territory_rest") {
        /// The winner, when its seeds fill more than half of it
        /// (MancalaGames' default and UCHOWN: Adi, NamNam).
        OverHalf = "over_half",
        /// The loser (MancalaGames' TERR_EX_LOSER: San Yao).
        Loser = "loser",
        /// The loser, the house starting empty and each player's seeds
        /// that fill no whole house starting in their store
        /// (MancalaGames' TERR_EX_EMPTY: Ayo).
        LoserEmpty = "loser_empty",
        /// As `over_half`, but a house the winner's seeds fill exactly
        /// half of is drawn by lot, from `lot_seed` (MancalaGames'
        /// TERR_EX_RANDOM: Lahemay Waladat).
        Lot = "lot",
    }
}

rule_enum! {
    /// Which house the game's first move is made from (`first_move`,
    /// docs/rules.md section 4).
    FirstMove("first_move") {
        /// Any house, as every other move.
        Any = "any",
        /// The mover's last house (house `houses`), the one its sowing
        /// leaves its row from (MancalaGames' MOVE_RIGHTMOST: Sadeqa IV).
        LastHouse = "last_house",
    }
}

rule_enum! {
    /// What a child is under `children` (`child_kind`, docs/rules.md
    /// section 5).
    ChildKind("child_kind") {
        /// A child of the opponent's side whose seeds go to its owner's
        /// store as they fall (MancalaGames' NORMAL children: Krur).
        Store = "store",
        /// A weg: a house of either side that keeps its seeds, which
        /// nobody moves, and from which the opponent's last seed takes
        /// two seeds, or one (MancalaGames' WEG children: Qelat II).
        Weg = "weg",
    }
}
