//! The steps of [`Rules::new`](super::Rules::new): each works out one
//! thing the rule set implies about the board, once, so that the hot path
//! only reads tables.

use super::sow::{
    KERNEL_COUNT, KERNEL_GENERAL, KERNEL_NO_CAPTURE, KERNEL_OPPOSITE, LAND_EXTRA, LAND_OWN_HOUSE,
    LAND_STORE,
};
use super::{CUPS, DIRECTIONS, TRACK};
use crate::ruleset::{
    Capture, CaptureBeforeSowing, CaptureFrom, CaptureSide, Direction, EndCondition, ExtraTurn,
    FirstMove, GrandSlam, MAX_HOUSES, MAX_PLAYERS, Origin, Relay, RelayOn, RuleSet, StoresSown,
};

/// The largest sowing table a rule set gets (see [`SowingTable::of`]).
const SOWING_TABLE_BYTES: usize = 32 * 1024;

/// Where the cups lie: side `s`'s houses from `s * stride`, then its store.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub players: usize,
    pub houses: usize,
    /// Houses plus the store.
    pub stride: usize,
    /// Cups on the board, stores included.
    pub ncups: usize,
    /// Per side, bit `h` set: house `h + 1` is burnt, out of play for the
    /// round (docs/rules.md section 8a).
    pub burnt: [u16; MAX_PLAYERS],
}

impl Layout {
    /// Step: the board layout of a validated rule set.
    pub fn of(set: &RuleSet, burnt: [u16; MAX_PLAYERS]) -> Layout {
        let players = usize::from(set.players);
        let houses = usize::from(set.houses);
        let stride = houses + 1;
        Layout {
            players,
            houses,
            stride,
            ncups: players * stride,
            burnt,
        }
    }

    /// Words of the cup array that hold the board.
    pub fn words(&self) -> usize {
        self.ncups.div_ceil(8)
    }

    fn store(&self, side: usize) -> usize {
        side * self.stride + self.houses
    }

    fn is_store(&self, cup: usize) -> bool {
        cup % self.stride == self.houses
    }

    /// Whether `cup` is a burnt house: never sown, never lifted.
    pub fn is_burnt(&self, cup: usize) -> bool {
        let h = cup % self.stride;
        h < self.houses && self.burnt[cup / self.stride] >> h & 1 == 1
    }
}

/// Per direction (the board's order, and against it under `parity`) and
/// side: the sowing track and where each house's sowing starts on it.
pub(super) struct Tracks {
    /// Cup indices in sowing order from the side's house 1, written twice
    /// so no index wraps.
    pub track: [[[u8; 2 * TRACK]; MAX_PLAYERS]; DIRECTIONS],
    /// Cups sown per lap (the track, less the origin under `skip`): the
    /// same both ways round.
    pub lap: [u8; MAX_PLAYERS],
    /// Per house: the track index its sowing starts from (the first seed
    /// goes to `track[start + 1]`). Its cup is `side * stride + house`
    /// whatever the direction (`cw` numbers the board's order clockwise).
    pub starts: [[[u8; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
    /// The directions worked out: 2 under `parity` or `split` or with a
    /// `direction_choice`, else 1 (only the board's order, which `cw`
    /// numbers clockwise).
    pub directions: usize,
}

impl Tracks {
    /// Step: the tracks, which pass the stores `stores_sown` names and
    /// start each sowing where `origin` says; under `parity` also the
    /// tracks against the board's order (docs/rules.md section 3).
    pub fn of(set: &RuleSet, layout: &Layout) -> Tracks {
        let directions = if two_ways(set) { 2 } else { 1 };
        let mut tracks = Tracks {
            track: [[[0u8; 2 * TRACK]; MAX_PLAYERS]; DIRECTIONS],
            lap: [0u8; MAX_PLAYERS],
            starts: [[[0u8; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
            directions,
        };
        for d in 0..directions {
            for s in 0..layout.players {
                let cups = track_cups(set, layout, s, d == 1);
                let len = cups.len();
                for (k, &c) in cups.iter().chain(cups.iter()).enumerate() {
                    tracks.track[d][s][k] = c as u8;
                }
                tracks.lap[s] = (len - usize::from(set.origin == Origin::Skip)) as u8;
                for h in 0..layout.houses {
                    let cup = s * layout.stride + h;
                    // A burnt house is off the track and never sown:
                    // any start will do.
                    let at = cups.iter().position(|&c| c == cup).unwrap_or(0);
                    let start = match set.origin {
                        Origin::Include | Origin::Skip => at,
                        Origin::First | Origin::FirstUnlessSingle => (at + len - 1) % len,
                    };
                    tracks.starts[d][s][h] = start as u8;
                }
            }
        }
        tracks
    }
}

/// The cups side `s` sows into, once round from its house 1: in the
/// board's order, or against it (`reverse`), passing only the stores
/// `stores_sown` names.
fn track_cups(set: &RuleSet, layout: &Layout, s: usize, reverse: bool) -> Vec<usize> {
    let Layout { stride, ncups, .. } = *layout;
    let first = s * stride;
    (0..ncups)
        .map(|k| {
            if reverse {
                (first + ncups - k) % ncups
            } else {
                (first + k) % ncups
            }
        })
        .filter(|&c| !layout.is_burnt(c))
        .filter(|&c| {
            !layout.is_store(c)
                || match set.stores_sown {
                    StoresSown::None => false,
                    StoresSown::Own => c == layout.store(s),
                    StoresSown::All => true,
                }
        })
        .collect()
}

/// Per mover (and direction): what relay sowing (docs/rules.md section
/// 3) reads. Every leg of a move goes the move's way round (issue 30:
/// relay sowing both ways).
pub(super) struct RelayTables {
    /// Per mover and cup: may a relay lift it (`relay_on`; never a store
    /// but the mover's own under `relay_store`).
    pub ok: [[bool; CUPS]; MAX_PLAYERS],
    /// Per direction, mover and house cup: where on the mover's track in
    /// that direction a lap lifted from it starts; the lifted house is
    /// that lap's origin.
    pub from: [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
    /// Per direction, mover and cup on its track: the next cup on the
    /// track in that direction.
    pub next_cup: [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
}

impl RelayTables {
    /// Step: the relay tables, read off the tracks of every direction.
    pub fn of(set: &RuleSet, layout: &Layout, tracks: &Tracks) -> RelayTables {
        let mut tables = RelayTables {
            ok: [[false; CUPS]; MAX_PLAYERS],
            from: [[[0u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
            next_cup: [[[0u8; CUPS]; MAX_PLAYERS]; DIRECTIONS],
        };
        for d in 0..tracks.directions {
            for s in 0..layout.players {
                // The track's length: the lap, plus the origin under `skip`.
                let len = usize::from(tracks.lap[s]) + usize::from(set.origin == Origin::Skip);
                for k in 0..len {
                    let c = usize::from(tracks.track[d][s][k]);
                    tables.next_cup[d][s][c] = tracks.track[d][s][k + 1];
                    // `relay_store`: the mover's own store may be lifted
                    // too, whatever `relay_on` says.
                    let own_store = set.relay_store && c == layout.store(s);
                    if layout.is_store(c) && !own_store {
                        continue;
                    }
                    tables.from[d][s][c] = match set.origin {
                        Origin::Include | Origin::Skip => k,
                        Origin::First | Origin::FirstUnlessSingle => (k + len - 1) % len,
                    } as u8;
                    let own = c / layout.stride == s;
                    tables.ok[s][c] = own_store
                        || match set.relay_on {
                            RelayOn::Any => true,
                            RelayOn::Own => own,
                            RelayOn::Opponent => !own,
                        };
                }
            }
        }
        tables
    }
}

/// Every sowing shorter than a lap, as words to add to the board: a byte
/// never overflows (a game holds at most 255 seeds), so adding whole words
/// adds each cup on its own.
pub(super) struct SowingTable {
    /// For every direction, side, house and seed count up to a lap: the
    /// seeds each cup receives, as `words` little-endian words. Empty for
    /// big boards.
    pub sowings: Vec<u64>,
    /// Per direction, side and house: where its sowings start in `sowings`.
    pub sowings_at: [[[u32; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
}

impl SowingTable {
    /// Step: the sowing table, or an empty one for big boards (whose
    /// table would outgrow a first-level cache: they sow seed by seed).
    pub fn of(layout: &Layout, tracks: &Tracks) -> SowingTable {
        let Layout {
            players, houses, ..
        } = *layout;
        let words = layout.words();
        let max_lap = usize::from(tracks.lap[..players].iter().copied().max().unwrap_or(0));
        let size = tracks.directions * players * houses * (max_lap + 1) * words;
        let mut table = SowingTable {
            sowings: vec![
                0u64;
                if size * 8 <= SOWING_TABLE_BYTES {
                    size
                } else {
                    0
                }
            ],
            sowings_at: [[[0u32; MAX_HOUSES]; MAX_PLAYERS]; DIRECTIONS],
        };
        let tabled = if table.sowings.is_empty() { 0 } else { players };
        for d in 0..tracks.directions {
            for s in 0..tabled {
                for h in 0..houses {
                    let at = (((d * players + s) * houses + h) * (max_lap + 1) * words) as u32;
                    table.sowings_at[d][s][h] = at;
                    table.fill(
                        &tracks.track[d][s],
                        (s * layout.stride + h, tracks.starts[d][s][h]),
                        tracks.lap[s],
                        at,
                        words,
                    );
                }
            }
        }
        table
    }

    /// Writes the sowings of 1 to `lap` seeds from house cup `origin`,
    /// starting at `start` on `track`, at `at`: what each cup receives,
    /// less the `n` seeds lifted from the origin, in wrapping arithmetic
    /// (the board after the sowing holds no negative cup, so adding the
    /// words to the board's is exact).
    fn fill(&mut self, track: &[u8], (origin, start): (usize, u8), lap: u8, at: u32, words: usize) {
        let mut cups = [0u8; CUPS];
        let start = usize::from(start);
        for n in 1..=usize::from(lap) {
            cups[usize::from(track[start + n])] += 1;
            let at = at as usize + n * words;
            for (w, word) in self.sowings[at..at + words].iter_mut().enumerate() {
                let bytes = cups[8 * w..]
                    .first_chunk::<8>()
                    .expect("CUPS is whole words");
                *word = u64::from_le_bytes(*bytes);
                if origin / 8 == w {
                    *word = word.wrapping_sub((n as u64) << (8 * (origin % 8)));
                }
            }
        }
    }
}

/// Per side and house: the corresponding houses an opposite capture takes.
pub(super) type Targets = [[[u8; MAX_PLAYERS - 1]; MAX_HOUSES]; MAX_PLAYERS];

/// Step: corresponding houses, on the sides `capture_from` names, and how
/// many there are per capture.
pub(super) fn corresponding_houses(set: &RuleSet, layout: &Layout) -> (Targets, u8) {
    let Layout {
        players,
        houses,
        stride,
        ..
    } = *layout;
    let target_sides = |s: usize| -> Vec<usize> {
        match (set.capture_from, players) {
            (_, 2) => vec![1 - s],
            (CaptureFrom::Next, _) | (CaptureFrom::Opposite, 3) => vec![(s + 1) % players],
            (CaptureFrom::Opposite, _) => vec![(s + 2) % players],
            (CaptureFrom::All, _) => (1..players).map(|d| (s + d) % players).collect(),
        }
    };
    let mut targets = [[[0u8; MAX_PLAYERS - 1]; MAX_HOUSES]; MAX_PLAYERS];
    for s in 0..players {
        for h in 0..houses {
            for (k, t) in target_sides(s).into_iter().enumerate() {
                targets[s][h][k] = (t * stride + houses - 1 - h) as u8;
            }
        }
    }
    (targets, target_sides(0).len() as u8)
}

/// Step: skips for capture chains, which walk back over the houses
/// against the sowing: per direction and cup, the previous house in that
/// direction, stores and burnt houses skipped.
pub(super) fn previous_houses(layout: &Layout) -> [[u8; CUPS]; DIRECTIONS] {
    let ncups = layout.ncups;
    let mut prev_house = [[0u8; CUPS]; DIRECTIONS];
    for (d, prevs) in prev_house.iter_mut().enumerate() {
        // Against the board's order a step back is a step forward.
        let back = if d == 0 { ncups - 1 } else { 1 };
        for (c, prev) in prevs.iter_mut().enumerate().take(ncups) {
            let mut p = (c + back) % ncups;
            // Every side keeps a house in play, so this stops within a lap.
            for _ in 0..ncups {
                if !layout.is_store(p) && !layout.is_burnt(p) {
                    break;
                }
                p = (p + back) % ncups;
            }
            *prev = p as u8;
        }
    }
    prev_house
}

/// Step: for `next` and `gap` captures, which look ahead of the last
/// seed: per direction, mover and cup, the next house along the mover's
/// track in that direction, stores passed over (so it follows the way
/// that side sows).
pub(super) fn next_houses(
    layout: &Layout,
    tracks: &Tracks,
) -> [[[u8; CUPS]; MAX_PLAYERS]; DIRECTIONS] {
    let mut next = [[[0u8; CUPS]; MAX_PLAYERS]; DIRECTIONS];
    for (d, rows) in next.iter_mut().enumerate() {
        next_houses_in(layout, &tracks.track[d], rows);
    }
    next
}

/// [`next_houses`] for the tracks of one direction.
fn next_houses_in(
    layout: &Layout,
    tracks: &[[u8; 2 * TRACK]; MAX_PLAYERS],
    next: &mut [[u8; CUPS]; MAX_PLAYERS],
) {
    for (s, row) in next.iter_mut().enumerate().take(layout.players) {
        // One round of the track: it is written twice, from house 1.
        let track = &tracks[s];
        let len = 1 + track[1..]
            .iter()
            .position(|&c| c == track[0])
            .expect("the track is written twice");
        let cups: Vec<usize> = track[..len].iter().map(|&c| usize::from(c)).collect();
        for (i, &c) in cups.iter().enumerate() {
            let after = (1..=len)
                .map(|k| cups[(i + k) % len])
                .find(|&d| !layout.is_store(d))
                .expect("every track holds houses");
            row[c] = after as u8;
        }
    }
}

/// Step: for two players, per house, the house across the board (the
/// corresponding house, section 1).
pub(super) fn across(layout: &Layout) -> [u8; CUPS] {
    let mut across = [0u8; CUPS];
    if layout.players == 2 {
        for side in 0..2 {
            for h in 0..layout.houses {
                let other = (1 - side) * layout.stride + layout.houses - 1 - h;
                across[side * layout.stride + h] = other as u8;
            }
        }
    }
    across
}

/// Step: owners: per cup, the side it belongs to.
pub(super) fn owners(layout: &Layout) -> [u8; CUPS] {
    let mut owner = [0u8; CUPS];
    for (c, side) in owner.iter_mut().enumerate().take(layout.ncups) {
        *side = (c / layout.stride) as u8;
    }
    owner
}

/// Step: turn order: per side, the side that moves after it.
pub(super) fn next_sides(layout: &Layout) -> [u8; MAX_PLAYERS] {
    let mut next_side = [0u8; MAX_PLAYERS];
    for (s, next) in next_side.iter_mut().enumerate().take(layout.players) {
        *next = ((s + 1) % layout.players) as u8;
    }
    next_side
}

/// Step: whose houses a count capture may take, as `capture_side` says,
/// indexed `[mover][owner]`.
pub(super) fn capture_sides(set: &RuleSet) -> [[bool; MAX_PLAYERS]; MAX_PLAYERS] {
    let mut capture_side_ok = [[false; MAX_PLAYERS]; MAX_PLAYERS];
    for (mover, row) in capture_side_ok.iter_mut().enumerate() {
        for (side, ok) in row.iter_mut().enumerate() {
            *ok = match set.capture_side {
                // A chain's later houses are judged apart (`chain_any_side`).
                CaptureSide::Opponent | CaptureSide::OpponentFirst => side != mover,
                CaptureSide::Own => side == mover,
                CaptureSide::Any => true,
            };
        }
    }
    capture_side_ok
}

/// Step: landings: per mover and cup, what a last seed landing there
/// means (`LAND_*` bits), with the extra turns `extra_turn` grants.
pub(super) fn landings(set: &RuleSet, layout: &Layout) -> [[u8; CUPS]; MAX_PLAYERS] {
    let mut landing = [[0u8; CUPS]; MAX_PLAYERS];
    for (mover, row) in landing.iter_mut().enumerate().take(layout.players) {
        for (c, bits) in row.iter_mut().enumerate().take(layout.ncups) {
            let side = c / layout.stride;
            *bits = if layout.is_store(c) {
                let extra = match set.extra_turn {
                    ExtraTurn::None => false,
                    ExtraTurn::OwnStore => side == mover,
                    ExtraTurn::AnyStore => true,
                };
                LAND_STORE | if extra { LAND_EXTRA } else { 0 }
            } else if side == mover {
                LAND_OWN_HOUSE
            } else {
                0
            };
        }
    }
    landing
}

/// Step: the mask that keeps a side's houses in a 16-byte word read at
/// its house 1.
pub(super) fn house_mask(layout: &Layout) -> u128 {
    if layout.houses == 16 {
        u128::MAX
    } else {
        (1u128 << (8 * layout.houses)) - 1
    }
}

/// Whether a sowing may go against the board's order: under `parity`,
/// `split` or `opposed`, or from a house of `direction_choice`.
pub(super) fn two_ways(set: &RuleSet) -> bool {
    matches!(
        set.direction,
        Direction::Parity | Direction::Split | Direction::Opposed
    ) || !set.direction_choice.is_empty()
}

/// Step: per side, the houses whose fixed direction runs against the
/// board's order, bit `h` for house `h + 1`: the first half of every row
/// under `split`, every house of side 1 under `opposed`.
pub(super) fn fixed_reverse(set: &RuleSet) -> [u16; MAX_PLAYERS] {
    let mut reverse = [0u16; MAX_PLAYERS];
    for (s, bits) in reverse
        .iter_mut()
        .enumerate()
        .take(usize::from(set.players))
    {
        let side = crate::side::Side::new(s);
        *bits = (1..=set.houses)
            .filter(|&h| {
                set.direction.split_reverses(h, set.houses) || set.direction.side_reverses(side)
            })
            .fold(0, |bits, h| bits | 1 << (h - 1));
    }
    reverse
}

/// Flag: no rule of issue 20's sowing is in play (relay, captures while
/// sowing, the lone-seed origin, the tuzdyk, children), sowings go the board's
/// way only (not `parity`, `split`, `opposed` or a `direction_choice`), nothing
/// is captured before sowing (`capture_before_sowing`, issue 30), no
/// house has a `capacity`, and a move sows the mover's row only (not
/// `no_sides`).
pub(super) fn plain(set: &RuleSet) -> bool {
    set.relay == Relay::None
        && set.capacity == 0
        && set.sow_capture_counts.is_empty()
        && set.origin != Origin::FirstUnlessSingle
        && !set.tuzdyk
        && !set.children
        && !two_ways(set)
        && set.capture_before_sowing == CaptureBeforeSowing::None
        && !set.no_sides
}

/// The sowing kernel (`KERNEL_*`): plain sowing with its capture family
/// fixed, or the general one. Only the general one counts the extra
/// moves of `capture_extra_turn_limit`, leaves the capturing seed
/// (`capture_leaves_seed`), stops a chain at `chain_limit`, takes an
/// opponent's store (`capture_opponent_store`), gives the mover's to the
/// opponent (`pass_store`) and leaves a grand slam's
/// first house (`grand_slam = leave_first`) and makes the opposite
/// capture from the opponent's side (`capture_side` `any` or `own`), so that
/// the others skip those tests on every move (issue 30).
pub(super) fn kernel(set: &RuleSet) -> u8 {
    let general_capture = set.capture_extra_turn_limit > 0
        || set.capture_leaves_seed
        || set.chain_limit > 0
        || !set.single_seed_captures
        || set.capture_side == CaptureSide::OpponentFirst
        || set.capture_opponent_store
        || set.pass_store
        || set.grand_slam == GrandSlam::LeaveFirst
        || (set.capture == Capture::Opposite
            && matches!(set.capture_side, CaptureSide::Any | CaptureSide::Own));
    if !plain(set) || general_capture {
        return KERNEL_GENERAL;
    }
    match set.capture {
        Capture::None => KERNEL_NO_CAPTURE,
        Capture::Opposite => KERNEL_OPPOSITE,
        Capture::Count => KERNEL_COUNT,
        Capture::Next | Capture::Gap | Capture::Match => KERNEL_GENERAL,
    }
}

/// Flag: legal-move generation has to try moves (feeding, forbidden
/// grand slams).
pub(super) fn looks_ahead(set: &RuleSet) -> bool {
    set.must_feed || set.grand_slam == GrandSlam::Forbidden
}

/// Flag: an end condition is read off the board after every move.
pub(super) fn ends_on_board(set: &RuleSet) -> bool {
    set.end_seeds > 0
        || [
            EndCondition::EmptyFirst,
            EndCondition::AnySideEmpty,
            EndCondition::TakeAll,
            EndCondition::Majority,
        ]
        .into_iter()
        .any(|c| set.end.contains(c))
}

/// Flag: sowings after which no rule looks at the move count any more.
pub(super) fn ply_horizon(set: &RuleSet) -> u32 {
    // The pie rule asks whether side 0 has moved yet, and `first_move`
    // whether anyone has.
    set.no_capture_moves.max(u32::from(
        !set.first_move_extra_turn || set.pie_rule || set.first_move != FirstMove::Any,
    ))
}
