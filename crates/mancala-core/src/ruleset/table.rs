//! The dimension table: [`RuleSet`], one field per rule dimension with
//! its default, and everything generated from the table ([`DIMENSIONS`],
//! the defaults, [`RuleSet::set`]'s dispatch, the rule-file shape).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::layout::Layout;
use super::parse::Dimension;
use super::sets::{CountSet, EndSet, HouseSet};
use super::values::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, ChildKind, Direction, EndCondition,
    EndSeedsTo, ExtraTurn, FirstMove, GrandSlam, LapCapture, Leftover, NoMove, Origin, Relay,
    RelayOn, RoundFill, RoundStarter, Rounds, SowCaptureBy, StoresSown, TerritoryRest, Unfed,
};
use crate::error::RuleError;
use crate::preset::Preset;

/// Generates everything that lists the rule dimensions from the one table
/// below: the [`RuleSet`] struct, [`DIMENSIONS`], the defaults, the
/// dispatch of [`RuleSet::set`] and the rule-file shape. How a value is read
/// from text or from a file is up to its type (see [`Dimension`]).
macro_rules! rule_dimensions {
    (
        $(#[$meta:meta])*
        pub struct RuleSet {
            $( $(#[doc = $doc:literal])* $field:ident : $ty:ty = $default:expr ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub struct RuleSet {
            $( $(#[doc = $doc])* pub $field: $ty, )+
        }

        /// The names of every rule dimension, in specification order.
        pub const DIMENSIONS: &[&str] = &[$(stringify!($field)),+];

        /// The defaults of docs/rules.md section 9 for every dimension, on a
        /// 2-player Kalah board: what a preset does not name.
        pub(crate) const DEFAULTS: RuleSet = RuleSet { $($field: $default),+ };

        impl RuleSet {
            /// Calls `f` with every dimension's name and value, in
            /// [`DIMENSIONS`] order; values display as `set` reads them.
            pub(crate) fn for_each_dimension(&self, mut f: impl FnMut(&'static str, &dyn fmt::Display)) {
                $( f(stringify!($field), &self.$field); )+
            }

            /// Sets the dimension `field` (one of [`DIMENSIONS`]) from text.
            fn set_dimension(&mut self, field: &'static str, value: &str) -> Result<(), RuleError> {
                match field {
                    $( stringify!($field) => self.$field = <$ty as Dimension>::from_text(field, value)?, )+
                    _ => unreachable!("{field} is one of DIMENSIONS"),
                }
                Ok(())
            }
        }

        /// The shape of a rule file: every dimension optional, plus the base
        /// preset. Numbers are read wide so that an out-of-range value gets
        /// our own error naming the field instead of a type error.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(super) struct RuleFile {
            pub(super) preset: Option<String>,
            $( $field: Option<<$ty as Dimension>::File>, )+
        }

        impl RuleFile {
            /// Writes every dimension the file names over `rules`.
            pub(super) fn apply(self, rules: &mut RuleSet) -> Result<(), RuleError> {
                $(
                    if let Some(v) = self.$field {
                        rules.$field = <$ty as Dimension>::from_file(stringify!($field), v)?;
                    }
                )+
                Ok(())
            }
        }
    };
}

rule_dimensions! {
    /// A complete mancala rule set: one field per rule dimension of the
    /// specification, named as there.
    ///
    /// A `RuleSet` is plain data. [`RuleSet::validate`] (called by
    /// [`Rules::new`](crate::Rules::new) and by every parser) rejects what the
    /// engine cannot play. Presets are values of this type, see [`Preset`].
    ///
    /// # Rule files
    ///
    /// A rule file is TOML or JSON with the field names below. Every field is
    /// optional: missing fields come from the preset named by the extra key
    /// `preset`, or from the standard `kalah` preset when there is none.
    /// Unknown keys are errors, so a misspelt field never goes unnoticed.
    ///
    /// ```toml
    /// preset = "kalah"
    /// seeds = 6
    /// capture_empty_opposite = true
    /// ```
    ///
    /// On one line the same is a spec, `kalah,seeds=6,capture_empty_opposite=true`
    /// ([`RuleSet::from_spec`]); [`RuleSet::canonical`] writes every
    /// dimension that way.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Capture, Preset, RuleSet};
    ///
    /// let rules = RuleSet::from_toml("preset = \"oware\"\nseeds = 5")?;
    /// assert_eq!(rules.seeds, 5);
    /// assert_eq!(rules.capture, Capture::Count);
    ///
    /// let mut kalah = Preset::Kalah.rules();
    /// kalah.set("capture_empty_opposite", "true")?;
    /// assert!(kalah.capture_empty_opposite);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub struct RuleSet {
        /// Number of players, 2 to 4.
        players: u8 = 2,
        /// Houses per player, 1 to 16.
        houses: u8 = 6,
        /// Seeds in every house at the start (unless `layout` says otherwise).
        seeds: u8 = 4,
        /// The seeds of each house of a side at the start, house 1 first,
        /// the same for every side; empty (the default) for `seeds` in
        /// every house.
        layout: Layout = Layout::UNIFORM,
        /// A start layout dealt at random from this seed, different on
        /// every side (docs/rules.md section 1); 0 (the default) for none;
        /// [`RuleSet::DEAL_EACH_GAME`] (`each_game`) for a new deal in
        /// every game ([`RuleSet::dealt_for_game`]).
        layout_seed: u32 = 0,
        /// Which way the seeds travel: counter-clockwise, clockwise, by
        /// the parity of the seeds lifted, or towards the nearer end of
        /// the row (`split`).
        direction: Direction = Direction::Ccw,
        /// The houses (the same on every side) from which the mover
        /// chooses the direction of each sowing, clockwise or
        /// counter-clockwise; empty (the default) for none.
        direction_choice: HouseSet = HouseSet::EMPTY,
        /// Which stores lie on the sowing track.
        stores_sown: StoresSown = StoresSown::Own,
        /// What happens to the origin house during sowing.
        origin: Origin = Origin::Include,
        /// Which store landing earns another move.
        extra_turn: ExtraTurn = ExtraTurn::OwnStore,
        /// When false, the very first move of the game never earns an extra turn.
        first_move_extra_turn: bool = true,
        /// Relay sowing: whether and where a sowing goes on after its last seed.
        relay: Relay = Relay::None,
        /// Relay sowing: on whose side a house may be lifted.
        relay_on: RelayOn = RelayOn::Any,
        /// Relay sowing: the most lifts a move makes; one more ends the move
        /// at once, with no capture and no extra turn (1 to 255).
        relay_limit: u8 = 64,
        /// Relay sowing: a leg whose last seed would capture (section 5)
        /// captures there and ends the move instead of relaying (Ot-tjin).
        capture_ends_relay: bool = false,
        /// The fewest seeds a house must hold to be moved (2 in Modiar).
        min_seeds: u8 = 1,
        /// A player must leave seeds on an empty opponent's side if they can.
        must_feed: bool = false,
        /// What happens when no move can feed (with `must_feed`).
        unfed: Unfed = Unfed::AnyMove,
        /// How a grand slam is treated.
        grand_slam: GrandSlam = GrandSlam::Allowed,
        /// The capture family.
        capture: Capture = Capture::Opposite,
        /// Whose houses an opposite capture takes with 3 or 4 players.
        capture_from: CaptureFrom = CaptureFrom::Next,
        /// Opposite capture: the lone last seed goes to the store even when the
        /// target houses are empty.
        capture_empty_opposite: bool = false,
        /// Opposite capture: the last seed stays in its house when the
        /// corresponding houses are taken (Hufesay, Sadeqa III).
        capture_leaves_seed: bool = false,
        /// Count capture: the counts that capture (`{2, 3}` in Oware).
        capture_counts: CountSet = CountSet::EMPTY,
        /// Count capture: on whose side a house may be captured.
        capture_side: CaptureSide = CaptureSide::Opponent,
        /// Count capture: also capture the qualifying houses before the last
        /// one; gap capture: go on across further gaps.
        chain: bool = false,
        /// With `chain`: the most houses one capture takes, the first one
        /// included; 0 for no limit (Mandoli: 2).
        chain_limit: u8 = 0,
        /// Gap capture: also take the house opposite the one taken (Ali Guli Mane).
        gap_opposite: bool = false,
        /// A house that a seed of the sowing (not the last) brings to one of
        /// these counts is taken at once (Pallanguzhi: 4).
        sow_capture_counts: CountSet = CountSet::EMPTY,
        /// Who takes a house taken while sowing.
        sow_capture_by: SowCaptureBy = SowCaptureBy::Owner,
        /// Captures while sowing: the last seed of each relay leg, the
        /// move's very last one included, takes its house too (Bule Perga).
        sow_capture_last: bool = false,
        /// A capture by the last seed earns another move.
        capture_extra_turn: bool = false,
        /// With `capture_extra_turn`: the most extra moves captures earn
        /// the mover in one turn, 0 for no limit (Ali Guli Mane: 1).
        capture_extra_turn_limit: u8 = 0,
        /// When false, a move that lifts a single seed captures nothing
        /// with its last seed (Kale).
        single_seed_captures: bool = true,
        /// The first this many moves of the game capture nothing.
        no_capture_moves: u32 = 0,
        /// Toguz Kumalak's tuzdyk: once a game, a last seed that brings an
        /// opponent's house to `tuzdyk_count` turns it into the mover's own
        /// tuzdyk, whose seeds go to its owner (two players only).
        tuzdyk: bool = false,
        /// The count a last seed must bring a house to to make it a tuzdyk.
        tuzdyk_count: u8 = 3,
        /// The ways the game ends (besides the player to move having no move).
        end: EndSet = EndSet::of(&[EndCondition::AnySideEmpty]),
        /// The game ends after a move that leaves this many seeds or fewer
        /// in the houses (docs/rules.md section 7); 0 (the default) for never.
        end_seeds: u8 = 0,
        /// Where the seeds left on the board go when the game ends.
        leftover: Leftover = Leftover::Owner,
        /// Where the seeds left on the board go when an endless cycle ends the game.
        cycle_leftover: Leftover = Leftover::Owner,
        /// What a player with no legal move does: end the game, or pass.
        no_move: NoMove = NoMove::End,
        /// The second player may swap sides instead of their first move.
        pie_rule: bool = false,
        /// Whether a match is played in rounds, the seeds won filling the
        /// houses of the next (docs/rules.md section 8a).
        rounds: Rounds = Rounds::None,
        /// Rounds: which houses a player fills first.
        round_fill: RoundFill = RoundFill::FromHouse1,
        /// Rounds: who moves first in every round after the first.
        round_starter: RoundStarter = RoundStarter::Alternate,
        /// Rounds: the match ends when a player cannot fill this many
        /// houses (1 to `houses`; Dakon: 4).
        match_houses: u8 = 1,
        /// Rounds: the match ends after this many rounds; 0 for no limit.
        round_limit: u8 = 0,
        /// A capture as a house is lifted, before its seeds are sown: the
        /// first seed to the mover's store (Sokusowo), or the house
        /// opposite a lone seed (Achochodi).
        capture_before_sowing: CaptureBeforeSowing = CaptureBeforeSowing::None,
        /// A last seed in another player's store that earns no extra move
        /// takes that store's seeds (CrossCapt Nine; `stores_sown = all`).
        capture_opponent_store: bool = false,
        /// Relay sowing: a leg relays only when the house it would lift
        /// then holds one of these counts (Leb Bbut Ahbochen: 6); empty
        /// (the default) for any count.
        relay_counts: CountSet = CountSet::EMPTY,
        /// A house holding at most `houses` seeds may be moved only when
        /// the last seed of its first leg falls on another side, in a store
        /// or in an empty house of the mover's own (Dabuda).
        reach_opponent: bool = false,
        /// A house holding a single seed may be moved only when its seed
        /// falls into an empty house or a store (Ndoto).
        single_to_empty: bool = false,
        /// A tuzdyk may not be made in the house across the board from the
        /// opponent's tuzdyk (Toguz Xorgol), instead of the house with its
        /// number (Toguz Kumalak); nothing without `tuzdyk`.
        tuzdyk_across: bool = false,
        /// Who takes the seeds left when `end_seeds` ends the game: as
        /// `leftover` says (the default), the player who made the move
        /// (Anywoli, Hoyito) or the player who started the round (Ba-awa,
        /// Lam Waladach); needs `end_seeds`.
        end_seeds_to: EndSeedsTo = EndSeedsTo::Leftover,
        /// Relay sowing: whether a leg's landing captures before the sowing
        /// goes on, and where it goes on from (Tap-Urdy, Meusueb; needs
        /// relay sowing, without `capture_ends_relay`).
        lap_capture: LapCapture = LapCapture::None,
        /// Under `rounds = territory`: who owns the house the round's
        /// winner fills only in part (docs/rules.md section 8a).
        territory_rest: TerritoryRest = TerritoryRest::OverHalf,
        /// Children (MancalaGames' NORMAL children, Krur): a last seed
        /// that brings an opponent's house to `child_count` makes it the
        /// mover's child, any number a player; every seed sown into a
        /// child goes to its owner's store, and a child's making ends a
        /// relay sowing (two players, up to 8 houses).
        children: bool = false,
        /// The count a last seed must bring a house to to make it a child.
        child_count: u8 = 4,
        /// A sowing passes over the opponent's children (Krur); nothing
        /// without `children`.
        child_skip: bool = false,
        /// A house capacity (Urim: 17): a sowing passes over a house that
        /// holds this many seeds or more, and sows the seed into the next
        /// cup instead; stores hold any number. 0 for no limit.
        capacity: u8 = 0,
        /// Under `territory_rest = lot`: the seed of the lot that draws the
        /// contested house's owner between rounds (docs/rules.md section
        /// 8a); the same seed draws the same lots.
        lot_seed: u32 = 0,
        /// The game's first move: from any house (the default), or from
        /// the mover's last house, the one its sowing leaves its row
        /// from (MancalaGames' MOVE_RIGHTMOST: Sadeqa IV).
        first_move: FirstMove = FirstMove::Any,
        /// Under `relay = next` with `stores_sown = own`: a leg whose
        /// last seed falls in the mover's last house, before its store,
        /// lifts the store's seeds when it holds any and sows them on
        /// (MancalaGames' `mlap_cont` STOP_STORE: CrossCapt Eight).
        relay_store: bool = false,
        /// A last seed that falls in an empty house of the opponent's
        /// gives the mover's store, when it holds seeds, to the opponent's
        /// (MancalaGames' PASS_STORE_CAPT: SimpleCapt PCapt; two players).
        pass_store: bool = false,
        /// No move straight back (MancalaGames' `DontUndoMoveOne`,
        /// Alemungula): a single seed that a move sowed from an end house
        /// of the mover's row across the end into the opponent's house
        /// there, alone in it, may not be moved by the opponent on their
        /// next sowing (two players, `direction = split`, neither end
        /// house in `direction_choice`).
        no_undo: bool = false,
        /// No sides (MancalaGames' `no_sides`: NoSides, Eson Xorgol):
        /// either player may move any house of the board, both rows; the
        /// opponent's house `n` is the mover's move `houses + n` (two
        /// players, at most 8 houses, stores not sown).
        no_sides: bool = false,
        /// Under `capture = gap`: only a last seed that falls into a
        /// house already holding seeds captures across the gap
        /// (MancalaGames' TWO_OUT without laps: Eson Xorgol).
        gap_occupied: bool = false,
        /// What a child is under `children`: `store` (its seeds go to its
        /// owner's store as they fall) or `weg` (MancalaGames' WEG,
        /// Qelat II: made on either side, it keeps its seeds, nobody moves
        /// it, and an opponent's last seed in it takes 2 seeds, or 1).
        child_kind: ChildKind = ChildKind::Store,
    }
}

impl Default for RuleSet {
    /// Standard Kalah: 2 players, 6 houses, 4 seeds.
    fn default() -> Self {
        Preset::Kalah.rules()
    }
}

impl RuleSet {
    /// Sets one rule dimension from text, as `--set NAME=VALUE` does on the
    /// command line. Lists are comma-separated (`end = "majority,repetition"`,
    /// `capture_counts = "2,3"`); booleans are `true`/`false` (also `on`/`off`,
    /// `yes`/`no`, `1`/`0`). The rule set is not validated; call
    /// [`RuleSet::validate`] when every override is in.
    ///
    /// # Errors
    ///
    /// [`RuleError::UnknownField`] for a name that is not a rule dimension,
    /// [`RuleError::UnknownValue`] or [`RuleError::InvalidValue`] for a value
    /// that does not parse.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{EndCondition, Preset};
    ///
    /// let mut rules = Preset::Kalah.rules();
    /// rules.set("end", "no_legal_move")?;
    /// rules.set("seeds", "5")?;
    /// assert!(rules.end.contains(EndCondition::NoLegalMove));
    /// assert_eq!(rules.seeds, 5);
    /// assert!(rules.set("seeds", "many").is_err());
    /// assert!(rules.set("sedes", "5").is_err());
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        let field = DIMENSIONS
            .iter()
            .copied()
            .find(|d| d.eq_ignore_ascii_case(name.trim()) || d.replace('_', "-") == name.trim())
            .ok_or_else(|| RuleError::UnknownField {
                field: name.to_string(),
            })?;
        self.set_dimension(field, value.trim())
    }
}
