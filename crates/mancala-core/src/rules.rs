//! A rule set compiled for play: everything the rules imply about the
//! board (tracks, skips, corresponding houses) is worked out once here, so
//! that playing a move is a few array reads and no allocation.

mod board;
mod compile;
mod registers;
mod sow;

pub(crate) use board::{byte_sum, nonzero_bytes};
use compile::{Layout, SowingTable, Tracks};
pub(crate) use registers::{
    ENTRIES, INFO_ACROSS_SHIFT, INFO_EXTRA, INFO_LAST, INFO_MAY_CAPTURE, PREV_NONE, Registers,
    SIDE_ENTRIES, SOWN, Sown,
};
pub(crate) use sow::{
    KERNEL_COUNT, KERNEL_GENERAL, KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, Sowing, Step,
};

use crate::error::RuleError;
use crate::mv::{Move, Sense};
use crate::ruleset::{
    Capture, CaptureBeforeSowing, CaptureSide, ChildKind, CountSet, Direction, EndCondition,
    EndSeedsTo, FirstMove, GrandSlam, LapCapture, Leftover, MAX_HOUSES, MAX_PLAYERS, NoMove,
    Origin, Relay, RuleSet, SowCaptureBy, StoresSown, Unfed,
};
use crate::side::Side;

/// Cups in a position's array: enough for 4 players with 16 houses and a
/// store each (68), padded to a multiple of 8 so that positions hash and
/// compare word by word.
pub(crate) const CUPS: usize = 72;
/// The longest sowing track.
const TRACK: usize = MAX_PLAYERS * (MAX_HOUSES + 1);
/// Sowing directions a rule set may use: the board's order (table 0) and,
/// under `direction = parity`, `split` or `opposed` or with a
/// `direction_choice`, against it (table 1).
const DIRECTIONS: usize = 2;

/// A validated, compiled [`RuleSet`]: what positions are played under.
///
/// Build one per rule set and share it by reference: every
/// [`Position`](crate::Position) borrows its `Rules`.
///
/// # Examples
///
/// ```
/// use mancala_core::{Preset, Rules};
///
/// let rules = Rules::new(&Preset::Oware.rules())?;
/// assert_eq!(rules.players(), 2);
/// assert_eq!(rules.houses(), 6);
///
/// let mut bad = Preset::Oware.rules();
/// bad.players = 5;
/// assert!(Rules::new(&bad).is_err());
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rules {
    set: RuleSet,
    /// Per side, the burnt houses as bits (bit `h`: house `h + 1`).
    burnt: [u16; MAX_PLAYERS],
    /// Mixed into [`Position::key`](crate::Position::key) and
    /// [`Position::board_key`](crate::Position::board_key): 0 when no house
    /// is burnt (so those keys are as they always were), else a hash of the
    /// burnt houses, so that a table kept across the rounds of a match never
    /// takes a position for one of another round with the same cups.
    pub(crate) burnt_key: u64,
    pub(crate) players: u8,
    pub(crate) houses: u8,
    /// Houses plus the store: cup index of side `s`'s house 1 is `s * stride`.
    pub(crate) stride: u8,
    /// Per direction and side: the sowing track from that side's point of
    /// view (cup indices in sowing order, written twice so no index wraps).
    track: [[[u8; 2 * TRACK]; MAX_PLAYERS]; DIRECTIONS],
    /// ANDed with the seeds lifted, the direction table a sowing uses: 1
    /// under `parity` (an odd count goes against the board's order), else
    /// 0, so that other rules always read table 0.
    reverse_mask: u8,
    /// The houses whose direction the mover chooses (`direction_choice`),
    /// bit `h` for house `h + 1`: each gives two moves, [`Move::Directed`].
    pub(crate) choice: u16,
    /// Per side, the houses whose fixed direction is against the board's
    /// order, bit `h` for house `h + 1`: under `split` the first half of
    /// a row, under `opposed` every house of side 1; 0 otherwise.
    fixed_reverse: [u16; MAX_PLAYERS],
    /// The board's order is clockwise (`direction = cw`): a chosen
    /// clockwise sowing goes the board's way.
    board_cw: bool,
    /// Per side: cups sown per lap (the track, less the origin under `skip`).
    lap: [u8; MAX_PLAYERS],
    /// Words of the cup array that hold the board (sowing table, hashing).
    pub(crate) words: u8,
    /// For every direction, side, house and seed count up to a lap: the
    /// seeds each cup receives, as `words` little-endian words.
    sowings: Vec<u64>,
    /// Per direction, side and house: where its sowings start in `sowings`.
    sowings_at: [[[u32; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
    /// Per direction, side and house: where in `track` its sowing starts
    /// (the first seed goes to `track[start + 1]`). The house's cup is
    /// `base(side) + house`.
    starts: [[[u8; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
    /// Per cup: the side that owns it.
    pub(crate) owner: [u8; CUPS],
    /// Per side: the side that moves after it.
    pub(crate) next_side: [u8; MAX_PLAYERS],
    /// Per mover and cup: what a last seed landing there means (`LAND_*` bits).
    landing: [[u8; CUPS]; MAX_PLAYERS],
    /// Keeps the bytes of a side's houses in a 16-byte word read at its
    /// house 1 (see [`Rules::side_word`]).
    house_mask: u128,
    /// More than 8 houses: side words need both halves.
    wide: bool,
    /// Per side and house: the corresponding houses an opposite capture takes.
    targets: [[[u8; MAX_PLAYERS - 1]; MAX_HOUSES]; MAX_PLAYERS],
    ntargets: u8,
    /// Per direction and cup: the previous house in that direction,
    /// skipping stores (chains walk back against the sowing).
    prev_house: [[u8; CUPS]; DIRECTIONS],
    /// Per direction, mover and cup: the next house along the mover's
    /// track in that direction, stores passed over (`next` and `gap`
    /// captures).
    next_house: [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
    /// Per cup: the house across the board (two players; gap captures).
    across: [u8; CUPS],
    /// Per side: may a count capture take this side's houses, when side `s`
    /// moves? Indexed `[mover][owner]`.
    capture_side_ok: [[bool; MAX_PLAYERS]; MAX_PLAYERS],
    /// No rule of issue 20's sowing is in play (relay, captures while
    /// sowing, the lone-seed origin, the tuzdyk, parity): sowing takes the
    /// plain path of the seeded games, decided here once.
    pub(crate) plain: bool,
    /// The sowing kernel moves are played with (`KERNEL_*` in `sow.rs`):
    /// fixed per combination of rule features, decided here once.
    pub(crate) kernel: u8,
    /// Relay sowing is on (`relay` is not `none`), or a house `capacity`:
    /// sowing takes the relay path, seed by seed, decided here once.
    pub(crate) relays: bool,
    /// `capacity`: a sowing passes over a house holding this many seeds;
    /// 0 for no limit (docs/rules.md section 3).
    pub(crate) capacity: u8,
    pub(crate) relay: Relay,
    pub(crate) relay_limit: u8,
    /// `capture_ends_relay`: a leg whose landing would capture ends the
    /// move there instead of relaying.
    pub(crate) capture_ends_relay: bool,
    /// `relay_counts`: the counts a lifted house may hold; empty for any.
    pub(crate) relay_counts: CountSet,
    /// The opposite capture from a landing in an empty house of the
    /// opponent's, taking the mover's own house across (two players,
    /// `capture_side` `any` or `own`; general kernel only).
    pub(crate) opposite_theirs: bool,
    /// The opposite capture from a landing in an empty house of the
    /// mover's own (all but `capture_side = own`).
    pub(crate) opposite_own: bool,
    /// `lap_capture`: whether a relay leg's landing captures before the
    /// sowing goes on, and from where it goes on.
    pub(crate) lap_capture: LapCapture,
    /// `reach_opponent`: a move of at most `houses` seeds must not end
    /// its first leg in a house of the mover's own that held seeds.
    pub(crate) reach_opponent: bool,
    /// `single_to_empty`: a single seed moves only into an empty house or a store.
    pub(crate) single_to_empty: bool,
    /// `first_move = last_house`: the game's first sowing is from the
    /// mover's house `houses`.
    pub(crate) first_move_last: bool,
    /// `no_undo`: a single seed sown across the end of a row may not be
    /// moved straight back on the opponent's next sowing (the position's
    /// barred house).
    pub(crate) no_undo: bool,
    /// `no_sides`: either player moves any house; the opponent's house
    /// `n` is the mover's move `houses + n`.
    pub(crate) no_sides: bool,
    /// The house numbers a move may name: `houses`, or twice as many
    /// under `no_sides`.
    pub(crate) move_houses: u8,
    /// Any of the three: legal-move generation filters the houses
    /// (one flag, so that other rules test one byte).
    pub(crate) restricts_moves: bool,
    /// Per mover and cup: may relay sowing lift this cup? (houses on the
    /// sides `relay_on` names; never a store but the mover's own under
    /// `relay_store`).
    relay_ok: [[bool; CUPS]; MAX_PLAYERS],
    /// Per direction, mover and house cup: where on the mover's track a
    /// relay lap lifted from that house starts (as `starts`).
    relay_from: [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
    /// Per direction, mover and cup on its track: the next cup on that
    /// track.
    next_cup: [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
    /// `no_move = pass`: a side with no legal move is skipped.
    pub(crate) passes: bool,
    pub(crate) counts: CountSet,
    pub(crate) min_seeds: u8,
    /// `origin = first_unless_single`: a lone seed moves on instead of
    /// going back into its house.
    pub(crate) single_moves_on: bool,
    pub(crate) capture: Capture,
    /// Toguz Kumalak's tuzdyk is in play (docs/rules.md section 5).
    pub(crate) tuzdyk: bool,
    pub(crate) tuzdyk_count: u8,
    /// `tuzdyk_across`: the house barred by the opponent's tuzdyk is the
    /// one across the board from it, not the one with its number.
    pub(crate) tuzdyk_across: bool,
    /// `children` (docs/rules.md section 5): the tuzdyk state of each side
    /// is then the set of the opponent's houses that are its children.
    pub(crate) children: bool,
    pub(crate) child_count: u8,
    /// `child_skip`: a sowing passes over the opponent's children.
    pub(crate) child_skip: bool,
    /// `children` with `child_kind = weg` (docs/rules.md section 5): a
    /// child may be on either side, keeps its seeds and is never moved;
    /// the tuzdyk state then holds, at index `2 + s`, the set of side
    /// `s`'s own houses that are its children.
    pub(crate) wegs: bool,
    pub(crate) chain: bool,
    pub(crate) gap_opposite: bool,
    /// `gap_occupied`: a gap capture needs a last seed in a house that
    /// held seeds.
    pub(crate) gap_occupied: bool,
    /// Counts that a house reaching while sown is taken at (never empty
    /// when `sow_captures`).
    pub(crate) sow_counts: CountSet,
    /// Sowing captures go to the sower rather than the house's owner.
    pub(crate) sow_to_sower: bool,
    /// `sow_capture_by = sower_own`: only a house the sower owns is taken.
    pub(crate) sow_own_only: bool,
    /// Sowing captures are on: sowing goes seed by seed.
    pub(crate) sow_captures: bool,
    /// `sow_capture_last`: the last seed of each leg takes a house too.
    pub(crate) sow_capture_last: bool,
    pub(crate) capture_extra_turn: bool,
    /// The most extra moves captures earn in one turn; 0 for no limit.
    pub(crate) capture_turn_limit: u8,
    pub(crate) capture_empty_opposite: bool,
    /// `capture_leaves_seed`: an opposite capture leaves the last seed in
    /// its house (read by the general kernel only).
    pub(crate) capture_leaves_seed: bool,
    /// `chain_limit`: the most houses a chain capture takes; 0 for no
    /// limit (read by the general kernel only).
    pub(crate) chain_limit: u8,
    /// `capture_side = opponent_first`: the houses of a chain after the
    /// first may be on any side (read by the general kernel only).
    pub(crate) chain_any_side: bool,
    /// `single_seed_captures`: false when a move lifting one seed
    /// captures nothing (read by the general kernel only).
    pub(crate) single_seed_captures: bool,
    /// `capture_before_sowing`: the capture made as a house is lifted
    /// (read by the general kernel only: it makes a rule set not plain).
    pub(crate) before_sowing: CaptureBeforeSowing,
    /// `capture_opponent_store`: a last seed in another player's store
    /// that earns no extra move takes it (read by the general kernel only).
    pub(crate) capture_store: bool,
    /// `pass_store`: a last seed in an empty house of the opponent's
    /// gives the mover's store to the opponent.
    pub(crate) pass_store: bool,
    /// `relay_store`: a relay may lift the mover's store back onto the
    /// board, so the seeds in the stores can fall and a position from
    /// before a capture can come back (read by `repetition`).
    pub(crate) stores_shrink: bool,
    pub(crate) no_capture_moves: u32,
    pub(crate) grand_slam: GrandSlam,
    pub(crate) first_move_extra_turn: bool,
    pub(crate) must_feed: bool,
    pub(crate) unfed: Unfed,
    pub(crate) pie_rule: bool,
    pub(crate) end_majority: bool,
    pub(crate) end_empty_first: bool,
    /// `take_all` is an end condition: the board stays at every end and
    /// the players rank by the seeds in their houses.
    pub(crate) end_take_all: bool,
    pub(crate) end_repetition: bool,
    /// `end_seeds`: the game ends once this many seeds or fewer are left
    /// in the houses; 0 for never.
    pub(crate) end_seeds: u8,
    /// `end_seeds_to = starter`: the few seeds left go to `starter`.
    pub(crate) end_seeds_starter: bool,
    /// The side that started this round ([`Rules::for_round`]), kept only
    /// under `end_seeds_to = starter` (0 otherwise, so that no other rules
    /// differ by it).
    pub(crate) starter: u8,
    /// Where the seeds left go when `end_seeds` ends the game: `leftover`,
    /// or `last_mover` under `end_seeds_to = mover`.
    pub(crate) end_seeds_leftover: Leftover,
    pub(crate) leftover: Leftover,
    pub(crate) cycle_leftover: Leftover,
    /// Legal-move generation has to try moves (feeding, forbidden grand slams).
    pub(crate) looks_ahead: bool,
    /// Legal moves are more than the movable houses: look-ahead or the pie rule.
    pub(crate) special_moves: bool,
    /// An end condition is read off the board after every move.
    pub(crate) ends_on_board: bool,
    /// A sowing can fill stores: they lie on the track, a tuzdyk hands
    /// its seeds on to its owner's store, or `pass_store` gives the
    /// mover's store to the opponent's.
    pub(crate) stores_on_track: bool,
    /// `empty_first` or `any_side_empty` is an end condition.
    pub(crate) end_on_empty: bool,
    /// `majority` or `end_seeds`: an end condition read when a store
    /// gains seeds.
    pub(crate) ends_on_stores: bool,
    /// A rule looks at the number of sowings played (`no_capture_moves`,
    /// `first_move_extra_turn`).
    pub(crate) counts_sowings: bool,
    /// Sowings after which no rule looks at the move count any more.
    pub(crate) ply_horizon: u32,
    /// The tables of the two-register form, when it can play these rules
    /// ([`Position::play_out`](crate::Position::play_out)).
    pub(crate) registers: Option<Registers>,
    /// [`RuleSet::plays_as_kalah`], with no house burnt.
    pub(crate) kalah: bool,
}

impl Rules {
    /// Validates and compiles a rule set, one step at a time.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::validate`], and [`RuleError::InvalidValue`] for
    /// `layout_seed = each_game` ([`RuleSet::DEAL_EACH_GAME`]): a game's
    /// rules name the seed it is dealt with ([`RuleSet::dealt_for_game`]).
    pub fn new(set: &RuleSet) -> Result<Rules, RuleError> {
        Rules::with_burnt(set, [0; MAX_PLAYERS])
    }

    /// Validates and compiles a rule set for a round in which some houses
    /// are burnt (docs/rules.md section 8a): bit `h` of `burnt[s]` set
    /// means side `s`'s house `h + 1` is out of play. Sowing passes over a
    /// burnt house as over a store not on the track; it holds no seed, so
    /// it is never moved, and captures read it as an empty house (a chain
    /// steps over it). A [`Match`](crate::Match) compiles one of these per
    /// round.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::validate`]; [`RuleError::InvalidValue`] for `burnt`
    /// naming a house past `houses`, a side past `players`, or a side
    /// with every house burnt.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Position, Preset, Rules, Side};
    ///
    /// // Side 1's house 1 is burnt: side 0's house 6 sows past it.
    /// let rules = Rules::with_burnt(&Preset::Kalah.rules(), [0, 0b1, 0, 0])?;
    /// assert!(rules.is_burnt(Side::new(1), 1));
    /// let mut pos = Position::new(&rules);
    /// assert_eq!(pos.house(Side::new(1), 1), Some(0));
    /// pos.play(Move::House(6))?;
    /// assert_eq!(pos.to_string(), "4,4,4,4,4,0:1 0,5,5,5,4,4:0 to=1 ply=1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_burnt(set: &RuleSet, burnt: [u16; MAX_PLAYERS]) -> Result<Rules, RuleError> {
        Rules::for_round(set, burnt, Side::new(0))
    }

    /// As [`Rules::with_burnt`], for a round that `starter` started
    /// (docs/rules.md sections 7 and 8a): under `end_seeds_to = starter`
    /// the few seeds left when `end_seeds` ends the round go to that side.
    /// Other rules do not read it, and keep side 0 whatever `starter` is,
    /// so that they compare equal and hash as before. A
    /// [`Match`](crate::Match) compiles one of these per round, with the
    /// side `round_starter` names; [`Rules::new`] and
    /// [`Rules::with_burnt`] take side 0, the first round's starter.
    ///
    /// # Errors
    ///
    /// As [`Rules::with_burnt`]; [`RuleError::InvalidValue`] for a
    /// `starter` that is not a side in play.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Move, Position, Rules, RuleSet, Side};
    ///
    /// // The last 4 seeds or fewer go to the round's starter.
    /// let set = RuleSet::from_spec("kalah,end_seeds=4,end_seeds_to=starter")?;
    /// let setup = "0,0,0,0,1,2:20 0,0,0,0,0,2:23 to=0".parse()?;
    /// // Side 0's house 6: a seed to its store, one to side 1's house 1;
    /// // 4 seeds are left on the board.
    /// let rules = Rules::for_round(&set, [0; 4], Side::new(1))?;
    /// assert_eq!(rules.starter(), Side::new(1));
    /// let mut pos = Position::from_setup(&rules, &setup)?;
    /// pos.play(Move::House(6))?;
    /// assert_eq!(pos.scores(), [21, 27]);
    /// // In a round side 0 started (and in a game), they are side 0's.
    /// let rules = Rules::new(&set)?;
    /// let mut pos = Position::from_setup(&rules, &setup)?;
    /// pos.play(Move::House(6))?;
    /// assert_eq!(pos.scores(), [25, 23]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_round(
        set: &RuleSet,
        burnt: [u16; MAX_PLAYERS],
        starter: Side,
    ) -> Result<Rules, RuleError> {
        set.validate()?;
        if starter.index() >= usize::from(set.players) {
            return Err(RuleError::InvalidValue {
                field: "starter",
                value: starter.index().to_string(),
                reason: crate::error::InvalidReason::RoundStarterSide,
            });
        }
        if set.deals_each_game() {
            return Err(RuleError::InvalidValue {
                field: "layout_seed",
                value: "each_game".to_string(),
                reason: crate::error::InvalidReason::DealEachGame,
            });
        }
        check_burnt(set, burnt)?;
        let layout = Layout::of(set, burnt);
        let tracks = Tracks::of(set, &layout);
        let table = SowingTable::of(&layout, &tracks);
        let (targets, ntargets) = compile::corresponding_houses(set, &layout);
        let relay = compile::RelayTables::of(set, &layout, &tracks);
        let mut rules = Rules {
            set: *set,
            burnt,
            burnt_key: round_key(burnt, starter_of(set, starter)),
            players: set.players,
            houses: set.houses,
            stride: layout.stride as u8,
            track: tracks.track,
            reverse_mask: u8::from(set.direction == Direction::Parity),
            choice: set.direction_choice.bits(),
            fixed_reverse: compile::fixed_reverse(set),
            board_cw: set.direction == Direction::Cw,
            lap: tracks.lap,
            words: layout.words() as u8,
            sowings: table.sowings,
            sowings_at: table.sowings_at,
            starts: tracks.starts,
            owner: compile::owners(&layout),
            next_side: compile::next_sides(&layout),
            landing: compile::landings(set, &layout),
            house_mask: compile::house_mask(&layout),
            wide: layout.houses > 8,
            targets,
            ntargets,
            prev_house: compile::previous_houses(&layout),
            next_house: compile::next_houses(&layout, &tracks),
            across: compile::across(&layout),
            capture_side_ok: compile::capture_sides(set),
            plain: compile::plain(set),
            kernel: compile::kernel(set),
            relays: set.relay != Relay::None || set.capacity > 0,
            capacity: set.capacity,
            relay: set.relay,
            relay_limit: set.relay_limit,
            capture_ends_relay: set.capture_ends_relay,
            relay_counts: set.relay_counts,
            lap_capture: set.lap_capture,
            opposite_theirs: set.players == 2
                && matches!(set.capture_side, CaptureSide::Any | CaptureSide::Own),
            opposite_own: !(set.players == 2 && set.capture_side == CaptureSide::Own),
            reach_opponent: set.reach_opponent,
            single_to_empty: set.single_to_empty,
            first_move_last: set.first_move == FirstMove::LastHouse,
            no_undo: set.no_undo,
            no_sides: set.no_sides,
            move_houses: if set.no_sides {
                2 * set.houses
            } else {
                set.houses
            },
            restricts_moves: set.reach_opponent
                || set.single_to_empty
                || set.first_move != FirstMove::Any,
            relay_ok: relay.ok,
            relay_from: relay.from,
            next_cup: relay.next_cup,
            passes: set.no_move == NoMove::Pass,
            // The rules the hot path reads, as they are.
            counts: set.capture_counts,
            min_seeds: set.min_seeds,
            single_moves_on: set.origin == Origin::FirstUnlessSingle,
            capture: set.capture,
            tuzdyk: set.tuzdyk,
            tuzdyk_count: set.tuzdyk_count,
            tuzdyk_across: set.tuzdyk_across,
            children: set.children,
            child_count: set.child_count,
            child_skip: set.child_skip,
            wegs: set.children && set.child_kind == ChildKind::Weg,
            chain: set.chain,
            gap_opposite: set.gap_opposite,
            gap_occupied: set.gap_occupied,
            sow_counts: set.sow_capture_counts,
            sow_to_sower: set.sow_capture_by != SowCaptureBy::Owner,
            sow_own_only: set.sow_capture_by == SowCaptureBy::SowerOwn,
            sow_captures: !set.sow_capture_counts.is_empty(),
            sow_capture_last: set.sow_capture_last,
            capture_extra_turn: set.capture_extra_turn,
            capture_turn_limit: set.capture_extra_turn_limit,
            capture_empty_opposite: set.capture_empty_opposite,
            capture_leaves_seed: set.capture_leaves_seed,
            chain_limit: set.chain_limit,
            chain_any_side: set.capture_side == CaptureSide::OpponentFirst,
            single_seed_captures: set.single_seed_captures,
            before_sowing: set.capture_before_sowing,
            capture_store: set.capture_opponent_store,
            pass_store: set.pass_store,
            stores_shrink: set.relay_store,
            no_capture_moves: set.no_capture_moves,
            grand_slam: set.grand_slam,
            first_move_extra_turn: set.first_move_extra_turn,
            must_feed: set.must_feed,
            unfed: set.unfed,
            pie_rule: set.pie_rule,
            end_majority: set.end.contains(EndCondition::Majority),
            end_empty_first: set.end.contains(EndCondition::EmptyFirst),
            end_take_all: set.end.contains(EndCondition::TakeAll),
            end_repetition: set.end.contains(EndCondition::Repetition),
            end_seeds: set.end_seeds,
            end_seeds_leftover: match set.end_seeds_to {
                EndSeedsTo::Leftover => set.leftover,
                EndSeedsTo::Mover => Leftover::LastMover,
                // Not read: `end_seeds_starter` gives them to `starter`.
                EndSeedsTo::Starter => set.leftover,
            },
            end_seeds_starter: set.end_seeds_to == EndSeedsTo::Starter,
            starter: 0,
            leftover: set.leftover,
            cycle_leftover: set.cycle_leftover,
            // Flags that let the hot path skip work.
            looks_ahead: compile::looks_ahead(set),
            special_moves: compile::looks_ahead(set)
                || set.pie_rule
                || set.reach_opponent
                || set.single_to_empty
                || set.first_move != FirstMove::Any
                || set.no_undo
                || set.no_sides
                || (set.children && set.child_kind == ChildKind::Weg)
                || !set.direction_choice.is_empty(),
            ends_on_board: compile::ends_on_board(set),
            stores_on_track: set.stores_sown != StoresSown::None
                || set.tuzdyk
                || set.children
                || set.pass_store,
            end_on_empty: set.end.contains(EndCondition::EmptyFirst)
                || set.end.contains(EndCondition::AnySideEmpty)
                || set.end.contains(EndCondition::TakeAll),
            ends_on_stores: set.end.contains(EndCondition::Majority) || set.end_seeds > 0,
            counts_sowings: set.no_capture_moves > 0 || !set.first_move_extra_turn,
            ply_horizon: compile::ply_horizon(set),
            registers: None,
            kalah: burnt == [0; MAX_PLAYERS] && set.plays_as_kalah(),
        };
        rules.starter = starter_of(set, starter);
        // The register form assumes every house is on the track.
        rules.registers = if burnt == [0; MAX_PLAYERS] {
            Registers::of(&rules)
        } else {
            None
        };
        Ok(rules)
    }

    /// Per side, the burnt houses as bits: bit `h` of entry `s` set means
    /// side `s`'s house `h + 1` is out of play ([`Rules::with_burnt`]).
    pub fn burnt(&self) -> [u16; MAX_PLAYERS] {
        self.burnt
    }

    /// The side that started this round as far as the rules read it
    /// ([`Rules::for_round`]): under `end_seeds_to = starter` the side
    /// given, else side 0.
    pub fn starter(&self) -> Side {
        Side::new(usize::from(self.starter))
    }

    /// Whether `side`'s house `number` (from 1) is burnt, out of play for
    /// this round; false for a house the board does not have.
    pub fn is_burnt(&self, side: Side, number: usize) -> bool {
        side.index() < self.players()
            && (1..=self.houses()).contains(&number)
            && self.burnt[side.index()] >> (number - 1) & 1 == 1
    }

    /// House `number` (from 1) of `row`'s row on the board as the players
    /// see it, `houses` houses a row (the match's rule set's `houses`):
    /// the side that plays it under these rules and its number on that
    /// side, or `None` when nobody does (a burnt house, or a place the
    /// board does not have).
    ///
    /// In a round of `rounds = "territory"` after the first the engine
    /// plays on `2 x houses - 1` houses a side (docs/rules.md section 8a,
    /// "Playing on the houses owned"): a house of `row`'s row that `row`
    /// does not own is the other side's house `houses + number`. On any
    /// other board a house is its row's own. Front ends (the CLI, the
    /// web server, the Python package) draw the board with this.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Match, RuleSet, Side};
    ///
    /// // docs/rules.md section 8a: round 1 ends 6 to 2, so side 0 owns
    /// // its row and side 1's house 1 (as its house 3).
    /// let set = RuleSet::from_spec(
    ///     "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,\
    ///      capture=count,capture_counts=2,3,extra_turn=none",
    /// )?;
    /// let mut game = Match::new(&set)?;
    /// for m in ["2", "1", "2", "2", "1", "2", "2"] {
    ///     game.play(m.parse()?)?;
    /// }
    /// let rules = game.round().rules();
    /// let (a, b) = (Side::new(0), Side::new(1));
    /// assert_eq!(rules.physical_house(2, b, 1), Some((a, 3)));
    /// assert_eq!(rules.physical_house(2, b, 2), Some((b, 2)));
    /// assert_eq!(rules.physical_house(2, a, 2), Some((a, 2)));
    /// assert_eq!(rules.physical_house(2, a, 3), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn physical_house(&self, houses: usize, row: Side, number: usize) -> Option<(Side, usize)> {
        if !(1..=houses).contains(&number) || row.index() >= self.players() {
            return None;
        }
        if !self.is_burnt(row, number) && number <= self.houses() {
            return Some((row, number));
        }
        let there = houses + number;
        if self.players() == 2 && there <= self.houses() {
            let other = Side::new(1 - row.index());
            if !self.is_burnt(other, there) {
                return Some((other, there));
            }
        }
        None
    }

    /// The rule set these rules were compiled from.
    pub fn rule_set(&self) -> &RuleSet {
        &self.set
    }

    /// Number of players (and sides).
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The sides of the game, side 0 first.
    pub fn sides(&self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator + use<> {
        (0..self.players).map(Side::trusted)
    }

    /// Houses per side.
    pub fn houses(&self) -> usize {
        usize::from(self.houses)
    }

    /// Whether [`Position::play_out`](crate::Position::play_out) plays
    /// these rules in its fast two-register form: two players, at most 7
    /// houses a side, plain sowing (no relay, no capture while sowing, no
    /// tuzdyk, one direction) with no capture, the opposite or the count
    /// capture, a move from any house holding a seed, and grand slams not
    /// forbidden (the first moves, while the pie rule or a rule that
    /// looks at the move count is in play, take the general path). Other
    /// rules are played out move by move, the same games, only slower.
    pub fn plays_in_registers(&self) -> bool {
        self.registers.is_some()
    }

    /// Whether these are Kalah's rules on some board
    /// ([`RuleSet::plays_as_kalah`]) with every house in play (no house
    /// burnt by a round): read once here, so that an evaluation can ask
    /// at every leaf.
    ///
    /// ```
    /// use mancala_core::{Preset, Rules};
    ///
    /// assert!(Rules::new(&Preset::Mankalah.rules())?.plays_as_kalah());
    /// assert!(!Rules::new(&Preset::Wari.rules())?.plays_as_kalah());
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn plays_as_kalah(&self) -> bool {
        self.kalah
    }

    /// Whether `repetition` ends the game (which needs a [`Game`](crate::Game)'s history).
    pub fn detects_repetition(&self) -> bool {
        self.end_repetition
    }

    /// Whether the seeds in the stores can fall during a game: only under
    /// `relay_store`, which lifts the mover's store back onto the board
    /// (docs/rules.md section 3). Otherwise seeds only ever leave the
    /// board, so under `repetition` no position from before a capture can
    /// come back, and a caller keeping positions for it may forget them
    /// at each capture; here it must keep them all.
    ///
    /// ```
    /// use mancala_core::{RuleSet, Rules};
    ///
    /// let kalah = Rules::new(&RuleSet::from_spec("kalah")?)?;
    /// assert!(!kalah.stores_can_shrink());
    /// let eight = Rules::new(&RuleSet::from_spec("crosscapt-eight")?)?;
    /// assert!(eight.stores_can_shrink());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stores_can_shrink(&self) -> bool {
        self.stores_shrink
    }

    /// The house (0-based) a house move of `side` sows and the direction
    /// table it sows by: 0, the board's order, or 1, against it (a split
    /// row's first half, side 1 under `opposed`, or the mover's choice).
    /// `None` for a swap, a house number off the board, a directed move
    /// of a house whose direction is fixed, or a plain move of a house
    /// whose direction the mover chooses.
    #[inline]
    pub(crate) fn move_dir(&self, side: usize, m: Move) -> Option<(usize, usize)> {
        let (n, sense) = match m {
            Move::House(n) => (n, None),
            Move::Directed(n, sense) => (n, Some(sense)),
            Move::Swap => return None,
        };
        let h = usize::from(n).checked_sub(1)?;
        if h >= usize::from(self.move_houses) {
            return None;
        }
        let chosen = self.choice >> h & 1 == 1;
        match sense {
            None if !chosen => Some((h, self.house_dir(side, h))),
            Some(sense) if chosen => Some((h, usize::from((sense == Sense::Cw) != self.board_cw))),
            _ => None,
        }
    }

    /// The direction table `side`'s house `h` (0-based) sows by when its
    /// direction is fixed: 1 for a split row's first half and for side 1
    /// under `opposed`, else 0.
    #[inline]
    pub(crate) fn house_dir(&self, side: usize, h: usize) -> usize {
        usize::from(self.fixed_reverse[side & (MAX_PLAYERS - 1)] >> (h & 15) & 1 == 1)
    }

    /// The houses whose direction the mover chooses (`direction_choice`),
    /// bit `h` for house `h + 1`.
    pub fn choice_houses(&self) -> u16 {
        self.choice
    }

    /// Cup index of the house a move of `side` numbered `h + 1` sows:
    /// `side`'s own house, or under `no_sides` (`h` from `houses` on) the
    /// opponent's house `h - houses + 1`.
    #[inline]
    pub(crate) fn move_cup(&self, side: usize, h: usize) -> usize {
        let (side, h) = self.geometry(side, h);
        self.base(side) + h
    }

    /// The side and house (0-based) whose place on the board a move of
    /// `side` numbered `h + 1` sows from: `(side, h)`, or under
    /// `no_sides`, for `h` from `houses` on, the opponent's house
    /// `h - houses`. With no store sown, both sides' tracks visit the
    /// same houses, so the opponent's track sows it as the mover would.
    #[inline]
    pub(crate) fn geometry(&self, side: usize, h: usize) -> (usize, usize) {
        let houses = usize::from(self.houses);
        if h >= houses {
            (1 - side, h - houses)
        } else {
            (side, h)
        }
    }

    /// Cup index of `side`'s house 1.
    #[inline]
    pub(crate) fn base(&self, side: usize) -> usize {
        side * usize::from(self.stride)
    }

    /// Cup index of `side`'s store.
    #[inline]
    pub(crate) fn store(&self, side: usize) -> usize {
        side * usize::from(self.stride) + usize::from(self.houses)
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.set == other.set && self.burnt == other.burnt && self.starter == other.starter
    }
}

impl Eq for Rules {}

/// The round's starter as the rules keep it: under `end_seeds_to =
/// starter` the side given, else 0.
fn starter_of(set: &RuleSet, starter: Side) -> u8 {
    if set.end_seeds_to == EndSeedsTo::Starter {
        starter.index() as u8
    } else {
        0
    }
}

/// What keys mix in for a round: the burnt houses' key, and for a
/// starter other than side 0 (kept only under `end_seeds_to = starter`)
/// SplitMix64's finaliser of its number, so that a table kept across the
/// rounds of a match never takes a position for one of a round another
/// side started.
fn round_key(burnt: [u16; MAX_PLAYERS], starter: u8) -> u64 {
    let key = burnt_key(burnt);
    if starter == 0 {
        return key;
    }
    let mut x = (0x5157_u64 << 8 | u64::from(starter)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    key ^ x ^ (x >> 31)
}

/// What keys mix in for these burnt houses: 0 for none, else SplitMix64's
/// finaliser of the burnt bits (a well-mixed 64-bit hash).
fn burnt_key(burnt: [u16; MAX_PLAYERS]) -> u64 {
    let bits = burnt
        .iter()
        .enumerate()
        .fold(0u64, |acc, (s, &b)| acc | u64::from(b) << (16 * s));
    if bits == 0 {
        return 0;
    }
    let mut x = bits.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Refuses burnt houses past the board or on a side not in play, and a side
/// with every house burnt ([`Rules::with_burnt`]).
fn check_burnt(set: &RuleSet, burnt: [u16; MAX_PLAYERS]) -> Result<(), RuleError> {
    let all = if set.houses >= 16 {
        u16::MAX
    } else {
        (1u16 << set.houses) - 1
    };
    for (s, &mask) in burnt.iter().enumerate() {
        let bad = if s >= usize::from(set.players) {
            mask != 0
        } else {
            mask & !all != 0 || mask == all
        };
        if bad {
            return Err(RuleError::InvalidValue {
                field: "burnt",
                value: format!("side {s}: {mask:#b}"),
                reason: crate::error::InvalidReason::Burnt,
            });
        }
    }
    // A capacity leaves room for every seed in all the houses but one
    // (section 14): burnt houses would take that room away, and a sowing
    // could then find every house full. It is refused with rounds, where
    // houses burn; here with burnt houses given by hand.
    if set.capacity != 0 && burnt.iter().any(|&mask| mask != 0) {
        return Err(RuleError::InvalidValue {
            field: "capacity",
            value: set.capacity.to_string(),
            reason: crate::error::InvalidReason::Capacity,
        });
    }
    Ok(())
}
