//! Every way the library can refuse input, one enum per kind of input.

use thiserror::Error;

use crate::mv::Move;
use crate::outcome::EndReason;
use crate::setup::PieState;

/// A rule set that cannot be read or cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RuleError {
    /// A field holds a value the engine cannot play.
    #[error("{field} = {value}: {reason}")]
    InvalidValue {
        /// The rule dimension.
        field: &'static str,
        /// The offending value, as written.
        value: String,
        /// Why it cannot be read or played.
        reason: InvalidReason,
    },
    /// A field's value is not one of its names.
    #[error("{field}: unknown value \"{value}\" (expected one of: {expected})")]
    UnknownValue {
        /// The rule dimension.
        field: &'static str,
        /// The offending value, as written.
        value: String,
        /// The accepted names, comma-separated.
        expected: String,
    },
    /// A name that is not a rule dimension.
    #[error("unknown rule \"{field}\" (the rules are: {})", crate::ruleset::DIMENSIONS.join(", "))]
    UnknownField {
        /// The name as written.
        field: String,
    },
    /// A two-player rule combined with 3 or 4 players.
    #[error("{field} = {value} is a two-player rule, but players = {players}")]
    TwoPlayerRule {
        /// The rule dimension.
        field: &'static str,
        /// Its value.
        value: String,
        /// The number of players asked for.
        players: u8,
    },
    /// More seeds than a house count can hold.
    #[error(
        "players x houses x seeds (or the layout's seeds) = {total} seeds, more than the {max} the engine can count"
    )]
    TooManySeeds {
        /// Seeds in all.
        total: usize,
        /// The most the engine supports.
        max: usize,
    },
    /// A preset name that is not known.
    #[error("unknown preset \"{name}\" (known: {known})")]
    UnknownPreset {
        /// The name as written.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A rule file that does not parse.
    #[error("bad {format} rule file: {message}")]
    Syntax {
        /// `TOML` or `JSON`.
        format: &'static str,
        /// The parser's message, which names the key or line.
        message: String,
    },
}

/// Why a rule dimension's value cannot be read or played (see
/// [`RuleError::InvalidValue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum InvalidReason {
    /// `players` outside 2..=4.
    #[error("the engine seats 2 to 4 players")]
    Players,
    /// `houses` outside 1..=16.
    #[error("each player owns 1 to 16 houses")]
    Houses,
    /// `seeds` 0.
    #[error("every house starts with at least 1 seed")]
    NoSeeds,
    /// `min_seeds` 0.
    #[error("an empty house can never be moved, so min_seeds is at least 1")]
    MinSeeds,
    /// `relay_limit` 0.
    #[error("a relay sowing needs room for at least 1 lift, so relay_limit is at least 1")]
    RelayLimit,
    /// Relay sowing together with `direction = parity`.
    #[error(
        "under direction = parity each lift's count would choose a way round: relay sowing cannot be combined with it"
    )]
    RelayWithParity,
    /// `direction = opposed` with other than two players.
    #[error("direction = opposed gives each of two players a way round: it needs players = 2")]
    OpposedPlayers,
    /// A `direction_choice` under `direction = parity`, where the seeds
    /// lifted decide the direction.
    #[error(
        "under direction = parity the seeds lifted decide the direction: no house can let the player choose it"
    )]
    ChoiceWithParity,
    /// A house number in `direction_choice` outside `1..=houses`.
    #[error("not a house of the board (houses are numbered 1 to houses)")]
    NoSuchHouse,
    /// More houses and chosen houses together than a move list holds.
    #[error(
        "houses and direction_choice houses together may number at most 16 (the moves a position can have)"
    )]
    TooManyChoices,
    /// `direction = split` on a row of an odd number of houses whose
    /// middle house is not in `direction_choice`.
    #[error(
        "under direction = split the middle house of an odd row sows neither way: it must be in direction_choice"
    )]
    SplitMiddle,
    /// `capture_ends_relay` without relay sowing (`relay = none`).
    #[error(
        "without relay sowing there is no relay for a capture to end: it needs relay = last or next"
    )]
    CaptureEndsRelayWithoutRelay,
    /// `lap_capture` without relay sowing, or with `capture_ends_relay`,
    /// `capture_extra_turn` or a `grand_slam` other than `allowed`.
    #[error(
        "lap_capture captures at the end of a relay leg and sows on: it needs relay = last or next, grand_slam = allowed, and neither capture_ends_relay nor capture_extra_turn"
    )]
    LapCaptureRelay,
    /// `capture_extra_turn_limit` above 0 without `capture_extra_turn`.
    #[error(
        "capture_extra_turn_limit limits the extra moves captures earn: it needs capture_extra_turn = true"
    )]
    CaptureTurnLimitWithoutCaptureTurn,
    /// `capture_leaves_seed` together with `capture_empty_opposite`.
    #[error(
        "capture_leaves_seed leaves the last seed in its house, capture_empty_opposite sends it to the store: choose one"
    )]
    LeavesSeedWithEmptyOpposite,
    /// `sow_capture_last` without `sow_capture_counts`.
    #[error(
        "sow_capture_last extends the captures while sowing to the last seed: it needs sow_capture_counts"
    )]
    SowCaptureLastWithoutCounts,
    /// `capture_before_sowing = first_seed` with a lift that may hold a
    /// single seed: `min_seeds` below 2, `relay = next`, or `lap_capture =
    /// next`.
    #[error(
        "capture_before_sowing = first_seed sends a lift's first seed to the store: every lift must hold 2 seeds or more (min_seeds = 2 or more, relay = none or last, and lap_capture not next)"
    )]
    FirstSeedSingleLift,
    /// `capture_opponent_store` without `stores_sown = all`.
    #[error(
        "capture_opponent_store takes the store a last seed falls in: it needs stores_sown = all"
    )]
    OpponentStoreNotSown,
    /// `capture_before_sowing = single_opposite` with 3 or 4 players.
    #[error(
        "capture_before_sowing = single_opposite takes the house opposite the lifted one: it needs two players"
    )]
    SingleOppositePlayers,
    /// `relay_counts` without relay sowing (`relay = none`).
    #[error("relay_counts says which counts a relay lifts: it needs relay = last or next")]
    RelayCountsWithoutRelay,
    /// A count of 0 in `relay_counts`.
    #[error("a relay lifts a house holding seeds, so 0 is no relay count")]
    RelayCountZero,
    /// `chain_limit` above 0 without `chain`.
    #[error("chain_limit limits how far a chain capture goes: it needs chain = true")]
    ChainLimitWithoutChain,
    /// `match_houses` 0 or more than `houses`.
    #[error("match_houses counts the houses a player must fill to play on: 1 to houses")]
    MatchHouses,
    /// Burnt houses past the board, or every house of a side burnt.
    #[error("burnt houses must be houses of the board, and every side keeps one in play")]
    Burnt,
    /// A round's starter ([`Rules::for_round`](crate::Rules::for_round))
    /// that is not a side in play.
    #[error("a round's starter must be one of the sides in play")]
    RoundStarterSide,
    /// `first_move` other than `any` with a start layout, a dealt start
    /// or rounds (the prescribed house could start empty or burnt).
    #[error(
        "first_move prescribes the house of the game's first move: it needs the uniform start, no layout_seed and rounds = none"
    )]
    FirstMoveWith,
    /// `relay_store` without `relay = next` and `stores_sown = own`, or
    /// with a `lap_capture` or `capture_before_sowing`.
    #[error(
        "relay_store lifts the mover's store as the cup after a relay leg's last seed: it needs relay = next, stores_sown = own, lap_capture = none and capture_before_sowing = none"
    )]
    RelayStoreWith,
    /// `pass_store` with 3 or 4 players, a tuzdyk or children.
    #[error(
        "pass_store gives the mover's store to the opponent: it needs 2 players, no tuzdyk and no children"
    )]
    PassStoreWith,
    /// `no_undo` without two players and `direction = split`, or with an
    /// end house of the row in `direction_choice` (docs/rules.md section
    /// 4: the seed's way back is then not fixed).
    #[error(
        "no_undo bars a single seed's move straight back across the end of a row: it needs 2 players, direction = split and neither end house in direction_choice"
    )]
    NoUndoWith,
    /// `no_sides` with a dimension it cannot be played with
    /// (docs/rules.md section 4): more or fewer than 2 players, more than
    /// 8 houses, a sown store, a sowing that is not one way round the
    /// board, or a rule that reads a side's own houses or the mover's row.
    #[error(
        "no_sides lets either player move any house: it needs 2 players, at most 8 houses, stores not sown, direction = ccw or cw, no direction_choice, relay, capacity, children, tuzdyk, captures while sowing or before sowing, must_feed, grand slam rule, reach_opponent, single_to_empty, first_move, no_undo or rounds, and no end on an empty side (any_side_empty, empty_first, take_all)"
    )]
    NoSidesWith,
    /// `rounds = territory` with a dimension it cannot be played with: one
    /// that reads a house's place on its row or across the board, sows a
    /// store, or loses seeds from the match (docs/rules.md section 8a).
    #[error(
        "houses changing hands (rounds = territory) need 2 players, at most 8 houses, seeds in every house at the start, stores not sown, no capture across the board, no house chosen or turned by its number, and every seed going to a player at a round's end"
    )]
    TerritoryWith,
    /// `territory_rest` set without `rounds = territory`.
    #[error(
        "territory_rest says who owns a house filled in part when houses change hands: it needs rounds = territory"
    )]
    TerritoryRestWithoutTerritory,
    /// `lot_seed` set without `territory_rest = lot`.
    #[error(
        "lot_seed seeds the lot that draws a house filled exactly half between rounds: it needs territory_rest = lot"
    )]
    LotSeedWithoutLot,
    /// `rounds = loser_fills` with a dimension that would take seeds off
    /// the winner's houses or store at a round's end, or keep a state the
    /// next round cannot start from (docs/rules.md section 8a).
    #[error(
        "rounds in which only the loser fills their houses (rounds = loser_fills) need 2 players, the seeds left at every end going to their houses' owner (leftover, cycle_leftover and end_seeds_to), no empty_first or take_all, and no tuzdyk or children"
    )]
    LoserFillsWith,
    /// `rounds = fill` with `pie_rule`.
    #[error("a match in rounds keeps each player on their side, so it has no pie rule")]
    RoundsWithPie,
    /// A `layout` whose number of counts is not `houses`.
    #[error(
        "a layout gives one seed count for each house of a side, house 1 first: as many counts as houses"
    )]
    LayoutLength,
    /// A `layout` of zeros only.
    #[error("a layout puts at least 1 seed on the board")]
    LayoutEmpty,
    /// A `layout` together with a match in rounds.
    #[error("a match in rounds refills the houses with seeds per house, so it has no layout")]
    LayoutWithRounds,
    /// `layout_seed` together with a `layout`.
    #[error(
        "a layout dealt from layout_seed draws its own counts: it needs layout = [] (the default)"
    )]
    LayoutSeedWithLayout,
    /// `end_seeds` as many as the seeds in the game, or more.
    #[error(
        "end_seeds ends the game when that many seeds or fewer are left in the houses: it must be below the seeds in the game"
    )]
    EndSeeds,
    /// `end_seeds_to = mover` without `end_seeds`.
    #[error(
        "end_seeds_to says who takes the seeds left when end_seeds ends the game: it needs end_seeds above 0"
    )]
    EndSeedsToWithoutEndSeeds,
    /// A count capture with no `capture_counts`.
    #[error("a count capture needs at least one count")]
    NoCaptureCounts,
    /// A capture count of 0 (`capture_counts`, `sow_capture_counts`).
    #[error("a house that has just received a seed never holds 0, so 0 is no capture count")]
    CaptureCountZero,
    /// Two of `empty_first`, `any_side_empty` and `take_all`.
    #[error("empty_first, any_side_empty and take_all disagree on who wins when a side empties")]
    EndsDisagree,
    /// `tuzdyk` with `tuzdyk_count` 0.
    #[error("a tuzdyk is made by the last seed of a sowing, so tuzdyk_count is at least 1")]
    TuzdykCount,
    /// `tuzdyk` with a `grand_slam` rule other than `allowed`.
    #[error("a tuzdyk is played with grand_slam = allowed only")]
    TuzdykGrandSlam,
    /// `tuzdyk` with relay sowing or captures while sowing.
    #[error("a tuzdyk is played without relay sowing and without captures while sowing")]
    TuzdykSowing,
    /// `children` with `child_count` 0.
    #[error("a child is made by the last seed of a sowing, so child_count is at least 1")]
    ChildCount,
    /// `children` on a board of more than 8 houses a side.
    #[error("children are played on boards of up to 8 houses a side")]
    ChildrenHouses,
    /// `children` with a capture, a tuzdyk, a capture while or before
    /// sowing, `reach_opponent` or `single_to_empty`.
    #[error(
        "children are played without captures (capture = none), a tuzdyk, captures while or before sowing, reach_opponent and single_to_empty"
    )]
    ChildrenWith,
    /// `child_kind = weg` with `child_skip`, rounds, `no_capture_moves`,
    /// `capture_extra_turn`, `direction_choice`, `end_seeds` or an end
    /// that reads a side as empty.
    #[error(
        "wegs (child_kind = weg) keep seeds nobody moves: they are played without child_skip, rounds, no_capture_moves, capture_extra_turn, direction_choice, end_seeds and the ends empty_first, any_side_empty and take_all"
    )]
    WegWith,
    /// `capacity` with a start count above it, with more seeds than the
    /// houses but one can hold, or with a rule its sowing does not play.
    #[error(
        "capacity must be at least every house's start count, leave room for every seed in all the houses but one (players x houses - 1 times capacity), and is played without rounds, direction = parity, a tuzdyk, children, reach_opponent and single_to_empty"
    )]
    Capacity,
    /// Not a whole number from 0 to 255.
    #[error("expected a whole number from 0 to {}", u8::MAX)]
    NotSmallNumber,
    /// Not a seed count from 0 to 255 (`capture_counts` as text).
    #[error("expected a seed count from 0 to {}", u8::MAX)]
    NotSeedCount,
    /// Not a `layout_seed`: a whole number from 0 to 4294967295, or
    /// `each_game`.
    #[error(
        "expected a whole number from 0 (no dealt start) to {}, or each_game (a new deal for every game)",
        u32::MAX
    )]
    NotLayoutSeed,
    /// `layout_seed = each_game` given to play a game before a seed was
    /// picked for it.
    #[error(
        "layout_seed = each_game deals every game afresh: a game needs its own seed first (RuleSet::dealt_for_game; on the command line --set layout_seed=N)"
    )]
    DealEachGame,
    /// Not a whole number of moves (`no_capture_moves` as text).
    #[error("expected a whole number of moves")]
    NotMoveCount,
    /// More moves than the engine counts (`no_capture_moves` in a file).
    #[error("expected at most {}", u32::MAX)]
    TooManyMoves,
    /// Not a boolean.
    #[error("expected true or false")]
    NotBool,
}

/// A rule-set spec (`kalah,players=3,seeds=5`, see
/// [`RuleSet::from_spec`](crate::RuleSet::from_spec)) that cannot be read
/// or played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RuleSpecError {
    /// An empty part: two commas in a row, a comma at either end, or no
    /// text at all.
    #[error("part {index} of the rule spec is empty (expected PRESET,NAME=VALUE,...)")]
    Empty {
        /// Place of the empty part, from 1.
        index: usize,
    },
    /// The first part is neither a preset (with an optional player count)
    /// nor an override; the [`RuleError::UnknownPreset`] names it.
    #[error(transparent)]
    Preset(RuleError),
    /// A part after the preset that is not `NAME=VALUE` and continues no
    /// list.
    #[error("\"{part}\" in the rule spec: expected NAME=VALUE, e.g. seeds=5")]
    NotAnOverride {
        /// The offending part.
        part: String,
    },
    /// An override that [`RuleSet::set`](crate::RuleSet::set) refuses: an
    /// unknown dimension or a value that does not parse.
    #[error("{part}: {source}")]
    Override {
        /// The override as written (a list value with all its items).
        part: String,
        /// Why it is refused.
        source: RuleError,
    },
    /// The rules the spec describes cannot be played.
    #[error("the rules cannot be played: {0}")]
    Invalid(RuleError),
}

/// A [`Setup`](crate::Setup) that is not a position of the given rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The number of sides differs from the number of players.
    #[error("the position has {found} sides, the rules seat {expected} players")]
    Sides {
        /// Sides in the setup.
        found: usize,
        /// Players in the rules.
        expected: usize,
    },
    /// A side has the wrong number of houses.
    #[error("side {side} has {found} houses, the rules give each player {expected}")]
    Houses {
        /// The side.
        side: usize,
        /// Houses in the setup.
        found: usize,
        /// Houses in the rules.
        expected: usize,
    },
    /// The number of stores differs from the number of players.
    #[error("the position has {found} stores, the rules seat {expected} players")]
    Stores {
        /// Stores in the setup.
        found: usize,
        /// Players in the rules.
        expected: usize,
    },
    /// More seeds than the engine can count.
    #[error("the position holds {total} seeds, more than the {max} the engine can count")]
    TooManySeeds {
        /// Seeds in all (board, stores, discarded).
        total: usize,
        /// The most the engine supports.
        max: usize,
    },
    /// The side to move does not exist.
    #[error("side {side} is to move, but the rules seat only {players} players")]
    ToMove {
        /// The side named.
        side: usize,
        /// Players in the rules.
        players: usize,
    },
    /// A pie-rule state without the pie rule, or one that cannot happen.
    #[error("pie = {state}: {reason}")]
    Pie {
        /// The state named.
        state: PieState,
        /// Why it is impossible.
        reason: ImpossiblePie,
    },
    /// A resigned side that does not exist or resigned twice, or every
    /// side resigned in a game not over by resignation.
    #[error("resigned side {side}: {reason}")]
    Resigned {
        /// The side named.
        side: usize,
        /// Why it is impossible.
        reason: ImpossibleResignation,
    },
    /// Under `capacity`, more seeds in the houses than all of them but
    /// one can hold: a sowing could find every house full
    /// (docs/rules.md section 3).
    #[error(
        "the houses hold {seeds} seeds, more than {most}: under capacity = {capacity}, all the houses but one must hold every seed in play"
    )]
    OverCapacity {
        /// Seeds in the houses.
        seeds: usize,
        /// The most they may hold: capacity x (houses in play - 1).
        most: usize,
        /// The rules' capacity.
        capacity: u8,
    },
    /// Seeds in a house that is burnt this round (docs/rules.md section 8a).
    #[error("side {side}'s house {house} is burnt (out of play) but holds {seeds} seeds")]
    BurntHouse {
        /// The side.
        side: usize,
        /// The house number, from 1.
        house: usize,
        /// The seeds the setup puts there.
        seeds: u8,
    },
    /// A tuzdyk the rules or the board rule out (docs/rules.md section 5).
    #[error("tuzdyk of side {side} at house {house}: {reason}")]
    Tuzdyk {
        /// The side said to own it (the list's place).
        side: usize,
        /// The opponent's house number given.
        house: u8,
        /// Why it cannot be.
        reason: ImpossibleTuzdyk,
    },
    /// Children the rules or the board rule out (`children`, docs/rules.md
    /// section 5).
    #[error("children of side {side} (set {set}): {reason}")]
    Children {
        /// The side said to own them (the list's place).
        side: usize,
        /// The set given: the opponent's house `n` as bit `n - 1`.
        set: u8,
        /// Why they cannot be.
        reason: ImpossibleChildren,
    },
    /// More extra moves earned by captures in the current turn
    /// (`capture_turns=`) than the rules' `capture_extra_turn_limit`
    /// allows; with no limit (0) the count is never kept, so it must be 0.
    #[error("capture_turns = {turns}: the rules allow {limit} (capture_extra_turn_limit)")]
    CaptureTurns {
        /// The count given.
        turns: u8,
        /// `capture_extra_turn_limit`.
        limit: u8,
    },
    /// A house barred by `no_undo` (`barred=`) that no move could have
    /// barred: without `no_undo`, not an end house of the side to move,
    /// or not holding exactly one seed.
    #[error(
        "barred = {house}: no_undo bars only an end house of the side to move holding a single seed, under rules with no_undo"
    )]
    Barred {
        /// The house given.
        house: u8,
    },
    /// An end of game that the position contradicts.
    #[error("over = {reason}: {why}")]
    Over {
        /// The end named.
        reason: EndReason,
        /// Why the position contradicts it.
        why: ImpossibleEnd,
    },
}

/// Why a pie-rule state other than `pending` cannot be (see
/// [`SetupError::Pie`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImpossiblePie {
    /// The rules have no pie rule, so nobody can have swapped or declined.
    NoPieRule,
    /// No move has been played, so the second player has not had a turn.
    NoMoveYet,
}

impl std::fmt::Display for ImpossiblePie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossiblePie::NoPieRule => "the rules have no pie rule",
            ImpossiblePie::NoMoveYet => "no move has been played yet",
        })
    }
}

/// Why a resigned side cannot be (see [`SetupError::Resigned`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImpossibleResignation {
    /// The rules seat no such side.
    NoSuchSide,
    /// The side is listed twice.
    ListedTwice,
    /// Every side resigned (the error names the last one listed), but the
    /// game is not over by resignation.
    EveryoneResigned,
}

impl std::fmt::Display for ImpossibleResignation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossibleResignation::NoSuchSide => "no such side",
            ImpossibleResignation::ListedTwice => "listed twice",
            ImpossibleResignation::EveryoneResigned => "every player resigned",
        })
    }
}

/// Why children cannot be (see [`SetupError::Children`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImpossibleChildren {
    /// The rules have no children.
    NotARule,
    /// The list names more sides than the rules seat.
    NoSuchSide,
    /// The opponent has no such house.
    NoSuchHouse,
    /// A child holds no seed: its seeds go to its owner.
    HoldsSeeds,
    /// Only wegs (`child_kind = weg`) are made on their owner's side.
    NotWegs,
    /// A house is listed as a child of both sides.
    Twice,
}

impl std::fmt::Display for ImpossibleChildren {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossibleChildren::NotARule => "the rules have no children",
            ImpossibleChildren::NoSuchSide => "the rules seat no such side",
            ImpossibleChildren::NoSuchHouse => "the opponent has no such house",
            ImpossibleChildren::HoldsSeeds => "a child holds no seed",
            ImpossibleChildren::NotWegs => "only wegs (child_kind = weg) are on their owner's side",
            ImpossibleChildren::Twice => "a house is a child of both sides",
        })
    }
}

/// Why a tuzdyk cannot be (see [`SetupError::Tuzdyk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImpossibleTuzdyk {
    /// The rules have no tuzdyk.
    NotARule,
    /// The list names more sides than the rules seat.
    NoSuchSide,
    /// The opponent has no such house.
    NoSuchHouse,
    /// The opponent's last house can never be a tuzdyk.
    LastHouse,
    /// The other side's tuzdyk bars this house: it has the same number, or
    /// under `tuzdyk_across` it lies across the board from it.
    Facing,
    /// A tuzdyk holds no seed: its seeds go to its owner.
    HoldsSeeds,
}

impl std::fmt::Display for ImpossibleTuzdyk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossibleTuzdyk::NotARule => "the rules have no tuzdyk",
            ImpossibleTuzdyk::NoSuchSide => "the rules seat no such side",
            ImpossibleTuzdyk::NoSuchHouse => "the opponent has no such house",
            ImpossibleTuzdyk::LastHouse => "the opponent's last house cannot be a tuzdyk",
            ImpossibleTuzdyk::Facing => "it faces the other side's tuzdyk",
            ImpossibleTuzdyk::HoldsSeeds => "a tuzdyk holds no seed",
        })
    }
}

/// Why an end of game contradicts the position (see [`SetupError::Over`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImpossibleEnd {
    /// `resignation`, but two or more players have not resigned.
    PlayersLeft,
    /// `empty_first` or `take_all`, which the rules' end conditions do not
    /// include.
    NotARule,
    /// `empty_first` or `take_all`, but no side is empty.
    NoSideEmpty,
}

impl std::fmt::Display for ImpossibleEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImpossibleEnd::PlayersLeft => "more than one player has not resigned",
            ImpossibleEnd::NotARule => "the rules' end conditions do not include it",
            ImpossibleEnd::NoSideEmpty => "no side is empty",
        })
    }
}

/// Position notation that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position notation at \"{token}\": {reason}")]
pub struct NotationError {
    /// The offending part of the text.
    pub token: String,
    /// What is wrong with it.
    pub reason: NotationReason,
}

/// Why a part of position notation does not parse (see
/// [`NotationError`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationReason {
    /// Not a whole number where one is expected.
    #[error("expected {field}")]
    NotANumber {
        /// What the number is.
        field: NotationField,
        /// The offending text.
        text: String,
    },
    /// A number too large for what it counts.
    #[error("{field}: {text} is too large")]
    TooLarge {
        /// What the number is.
        field: NotationField,
        /// The offending text.
        text: String,
    },
    /// A `key=value` field given twice.
    #[error("{key} is given twice")]
    Repeated {
        /// The key.
        key: String,
    },
    /// A `key=value` field with an unknown key.
    #[error("unknown field (expected to, ply, pie, discarded, resigned or over)")]
    UnknownKey {
        /// The key.
        key: String,
    },
    /// A side after the first `key=value` field.
    #[error("sides must come before the key=value fields")]
    SideAfterFields,
    /// A part that is neither a side nor a `key=value` field.
    #[error("expected a side: houses then the store, as 4,4,4:0")]
    NotASide,
    /// No side at all.
    #[error("expected at least one side, as 4,4,4:0")]
    NoSides,
    /// A `pie` or `over` value that is not a name.
    #[error(transparent)]
    Name(#[from] NameError),
}

/// What a number in position notation counts, as its error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotationField {
    /// `to=S`.
    ToMove,
    /// `ply=N`.
    Ply,
    /// `discarded=N`.
    Discarded,
    /// `resigned=S,S`.
    Resigned,
    /// `tuzdyk=A,B`.
    Tuzdyk,
    /// `children=A,B`.
    Children,
    /// `capture_turns=N`.
    CaptureTurns,
    /// `barred=N`.
    Barred,
    /// A side's house counts.
    Houses,
    /// A side's store, after the colon.
    Store,
}

impl std::fmt::Display for NotationField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotationField::ToMove => "the side to move (0, 1, ...)",
            NotationField::Ply => "the number of moves played",
            NotationField::Discarded => "a number of discarded seeds",
            NotationField::Resigned => "a comma-separated list of sides",
            NotationField::Tuzdyk => "a comma-separated list of house numbers",
            NotationField::Children => {
                "a comma-separated list of sets of house numbers (house n as bit n - 1)"
            }
            NotationField::CaptureTurns => "a number of extra moves earned by captures",
            NotationField::Barred => "a house number",
            NotationField::Houses => "house counts separated by commas",
            NotationField::Store => "the store's count after the colon",
        })
    }
}

/// A name that is not one of its type's names (position notation and
/// saved positions).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NameError {
    /// Not a [`PieState`] name.
    #[error("unknown pie state \"{text}\" (expected pending, swapped or declined)")]
    PieState {
        /// The offending text.
        text: String,
    },
    /// Not an [`EndReason`] name.
    #[error(
        "unknown end reason \"{text}\" (expected one of: {})",
        crate::EndReason::ALL.map(|r| r.name()).join(", ")
    )]
    EndReason {
        /// The offending text.
        text: String,
    },
}

/// Move text that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveParseError {
    /// One move that is neither a house number nor `swap`.
    #[error(
        "bad move \"{text}\": expected a house number (1, 2, ...), a house and a direction (3cw, 3ccw) or \"swap\""
    )]
    Move {
        /// The offending text.
        text: String,
    },
    /// A house number followed by something other than a direction.
    #[error("bad move \"{text}\": \"{direction}\" is not a direction (expected cw or ccw)")]
    Direction {
        /// The offending move.
        text: String,
        /// What follows the house number.
        direction: String,
    },
    /// A move in a list that does not parse.
    #[error(
        "move {index} of the list, \"{text}\": expected a house number (1, 2, ...), a house and a direction (3cw, 3ccw) or \"swap\""
    )]
    InList {
        /// Position of the move in the list, from 1.
        index: usize,
        /// The offending text.
        text: String,
    },
    /// An empty entry in a list: two commas in a row, or a comma at
    /// either end.
    #[error(
        "move {index} of the list is empty: expected a house number (1, 2, ...), a house and a direction (3cw, 3ccw) or \"swap\""
    )]
    Empty {
        /// Place of the empty entry in the list, from 1.
        index: usize,
    },
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The game is over.
    GameOver,
    /// There is no such house (numbers run from 1 to `houses`, or to
    /// twice `houses` under `no_sides`).
    NoSuchHouse {
        /// The highest house number a move may name: houses per player,
        /// or twice as many under `no_sides`.
        houses: u8,
    },
    /// The house is empty.
    EmptyHouse,
    /// The house is burnt: out of play for this round of a match
    /// (docs/rules.md section 8a, [`Rules::with_burnt`](crate::Rules::with_burnt)).
    BurntHouse,
    /// The house holds fewer seeds than `min_seeds`.
    TooFewSeeds {
        /// Seeds in the house.
        seeds: u8,
        /// The fewest a house must hold to be moved.
        min: u8,
    },
    /// The opponent's side is empty and this move does not feed it, though
    /// another move would.
    MustFeed,
    /// The move is a grand slam and the rules forbid it.
    GrandSlam,
    /// Under `reach_opponent` (docs/rules.md section 4) the move's first
    /// leg ends in a house of the mover's own that held seeds.
    MustReach,
    /// Under `single_to_empty` (docs/rules.md section 4) the house holds
    /// a single seed and the cup it would fall into holds seeds.
    SingleToEmpty,
    /// Under `first_move = last_house` (docs/rules.md section 4) the
    /// game's first move is made from the mover's last house.
    FirstMove {
        /// The house it must be made from.
        house: u8,
    },
    /// Under `no_undo` (docs/rules.md section 4) the opponent's last
    /// move sowed this house's single seed across the end of the row
    /// into it: it may not go straight back on this move.
    StraightBack,
    /// Under `child_kind = weg` (docs/rules.md section 5) the house is a
    /// weg, which nobody moves.
    Weg,
    /// `swap` is only legal under the pie rule, once, as the second
    /// player's first turn.
    SwapNotAllowed,
    /// The mover chooses the direction of this house (`direction_choice`,
    /// docs/rules.md section 3): the move must name it, as `3cw` or
    /// `3ccw`.
    DirectionNeeded,
    /// The rules fix the direction of this house: the move is its number
    /// alone, without a direction.
    DirectionFixed,
}

impl std::fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::NoSuchHouse { houses } => {
                write!(f, "there is no such house (houses are numbered 1 to {houses})")
            }
            IllegalReason::EmptyHouse => f.write_str("the house is empty"),
            IllegalReason::BurntHouse => {
                f.write_str("the house is burnt (out of play this round)")
            }
            IllegalReason::TooFewSeeds { seeds, min } => write!(
                f,
                "the house holds {seeds} seed{}, and a house needs at least {min} to be moved",
                if *seeds == 1 { "" } else { "s" }
            ),
            IllegalReason::MustFeed => f.write_str(
                "the opponent has no seeds and this move leaves them none, though another move would feed them",
            ),
            IllegalReason::MustReach => f.write_str(
                "the sowing ends in a house of your own that holds seeds: it must reach the opponent's side or end in an empty house",
            ),
            IllegalReason::SingleToEmpty => {
                f.write_str("a single seed may only be moved into an empty house")
            }
            IllegalReason::FirstMove { house } => {
                write!(f, "the game's first move is made from house {house}")
            }
            IllegalReason::StraightBack => f.write_str(
                "the opponent's last move sowed this house's single seed across the end of the row: it may not go straight back at once",
            ),
            IllegalReason::Weg => f.write_str("the house is a weg: nobody moves its seeds"),
            IllegalReason::GrandSlam => {
                f.write_str("the move would capture every seed on the opponent's side (grand slam), which these rules forbid")
            }
            IllegalReason::SwapNotAllowed => f.write_str(
                "swap is only allowed under the pie rule, once, as the second player's first turn",
            ),
            IllegalReason::DirectionNeeded => f.write_str(
                "you choose the direction of this house: add cw (clockwise) or ccw (counter-clockwise) to its number, as in 3cw",
            ),
            IllegalReason::DirectionFixed => f.write_str(
                "the rules fix the direction of this house: play its number alone, without cw or ccw",
            ),
        }
    }
}

/// A move that was refused, handed back with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalReason,
}
