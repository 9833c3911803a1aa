//! A rule set compiled for play: everything the rules imply about the
//! board (tracks, skips, corresponding houses) is worked out once here, so
//! that playing a move is a few array reads and no allocation.

use crate::error::RuleError;
use crate::ruleset::{
    Capture, CaptureFrom, CaptureSide, CountSet, EndCondition, ExtraTurn, GrandSlam, Leftover,
    MAX_HOUSES, MAX_PLAYERS, Origin, RuleSet, StoresSown, Unfed,
};

/// Cups in a position's array: enough for 4 players with 16 houses and a
/// store each (68), padded to a multiple of 8 so that positions hash and
/// compare word by word.
pub(crate) const CUPS: usize = 72;
/// The longest sowing track.
const TRACK: usize = MAX_PLAYERS * (MAX_HOUSES + 1);

/// The largest sowing table a rule set gets (see [`Rules::new`]).
const SOWING_TABLE_BYTES: usize = 32 * 1024;

/// Landing bits: the cup is a store.
const LAND_STORE: u8 = 1;
/// Landing bits: a store landing that earns the mover an extra turn.
const LAND_EXTRA: u8 = 2;
/// Landing bits: one of the mover's own houses.
const LAND_OWN_HOUSE: u8 = 4;

/// What a sowing did: computed for [`Position::play`](crate::Position::play)
/// and for the legality checks that must look one move ahead.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sowing {
    /// The cup the last seed landed in.
    pub last: u8,
    /// Seeds lifted from the origin house.
    pub sown: u8,
    /// Seeds that went to the mover's store by capture.
    pub captured: u8,
    /// The move was a grand slam (under `no_capture` its capture was cancelled).
    pub grand_slam: bool,
    /// The move earns another move.
    pub extra_turn: bool,
}

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
    pub(crate) players: u8,
    pub(crate) houses: u8,
    /// Houses plus the store: cup index of side `s`'s house 1 is `s * stride`.
    pub(crate) stride: u8,
    /// Per side: the sowing track from that side's point of view (cup
    /// indices in sowing order, written twice so no index wraps).
    track: [[u8; 2 * TRACK]; MAX_PLAYERS],
    /// Per side: cups sown per lap (the track, less the origin under `skip`).
    lap: [u8; MAX_PLAYERS],
    /// Words of the cup array that hold the board (sowing table, hashing).
    pub(crate) words: u8,
    /// For every side, house and seed count up to a lap: the seeds each cup
    /// receives, as `words` little-endian words.
    sowings: Vec<u64>,
    /// Per side and house: where its sowings start in `sowings`.
    sowings_at: [[u32; MAX_HOUSES]; MAX_PLAYERS],
    /// Per side and house: the house's cup index, and where in `track` its
    /// sowing starts (the first seed goes to `track[start + 1]`).
    sow_from: [[(u8, u8); MAX_HOUSES]; MAX_PLAYERS],
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
    /// Per cup: the previous house on the board, skipping stores (chains).
    prev_house: [u8; CUPS],
    /// Per side: may a count capture take this side's houses, when side `s`
    /// moves? Indexed `[mover][owner]`.
    capture_side_ok: [[bool; MAX_PLAYERS]; MAX_PLAYERS],
    pub(crate) counts: CountSet,
    pub(crate) min_seeds: u8,
    pub(crate) capture: Capture,
    pub(crate) chain: bool,
    pub(crate) capture_empty_opposite: bool,
    pub(crate) no_capture_moves: u32,
    pub(crate) grand_slam: GrandSlam,
    pub(crate) first_move_extra_turn: bool,
    pub(crate) must_feed: bool,
    pub(crate) unfed: Unfed,
    pub(crate) pie_rule: bool,
    pub(crate) end_majority: bool,
    pub(crate) end_empty_first: bool,
    pub(crate) end_repetition: bool,
    pub(crate) leftover: Leftover,
    pub(crate) cycle_leftover: Leftover,
    /// Legal-move generation has to try moves (feeding, forbidden grand slams).
    pub(crate) looks_ahead: bool,
    /// Legal moves are more than the movable houses: look-ahead or the pie rule.
    pub(crate) special_moves: bool,
    /// An end condition is read off the board after every move.
    pub(crate) ends_on_board: bool,
    /// Stores lie on the sowing track (a sowing can fill them).
    pub(crate) stores_on_track: bool,
    /// `empty_first` or `any_side_empty` is an end condition.
    pub(crate) end_on_empty: bool,
    /// A rule looks at the number of sowings played (`no_capture_moves`,
    /// `first_move_extra_turn`).
    pub(crate) counts_sowings: bool,
    /// Sowings after which no rule looks at the move count any more.
    pub(crate) ply_horizon: u32,
}

impl Rules {
    /// Validates and compiles a rule set.
    ///
    /// # Errors
    ///
    /// As [`RuleSet::validate`].
    pub fn new(set: &RuleSet) -> Result<Rules, RuleError> {
        set.validate()?;
        let players = usize::from(set.players);
        let houses = usize::from(set.houses);
        let stride = houses + 1;
        let ncups = players * stride;
        let store_of = |s: usize| s * stride + houses;

        let mut owner = [0u8; CUPS];
        for c in 0..ncups {
            owner[c] = (c / stride) as u8;
        }

        let mut track = [[0u8; 2 * TRACK]; MAX_PLAYERS];
        let mut lap = [0u8; MAX_PLAYERS];
        let mut sow_from = [[(0u8, 0u8); MAX_HOUSES]; MAX_PLAYERS];
        for s in 0..players {
            // The track starts at the mover's house 1 and goes round once.
            let cups: Vec<usize> = (0..ncups)
                .map(|k| (s * stride + k) % ncups)
                .filter(|&c| {
                    c % stride != houses
                        || match set.stores_sown {
                            StoresSown::None => false,
                            StoresSown::Own => c == store_of(s),
                            StoresSown::All => true,
                        }
                })
                .collect();
            let len = cups.len();
            for (k, &c) in cups.iter().chain(cups.iter()).enumerate() {
                track[s][k] = c as u8;
            }
            lap[s] = (len - usize::from(set.origin == Origin::Skip)) as u8;
            for h in 0..houses {
                // House h is at position h of this side's track.
                let start = match set.origin {
                    Origin::Include | Origin::Skip => h,
                    Origin::First => (h + len - 1) % len,
                };
                sow_from[s][h] = ((s * stride + h) as u8, start as u8);
            }
        }

        // Every sowing shorter than a lap, as words to add to the board: a
        // byte never overflows (a game holds at most 255 seeds), so adding
        // whole words adds each cup on its own.
        let words = ncups.div_ceil(8);
        let max_lap = usize::from(lap[..players].iter().copied().max().unwrap_or(0));
        let table = players * houses * (max_lap + 1) * words;
        // Big boards (the table would outgrow a first-level cache) sow seed
        // by seed instead.
        let mut sowings = vec![
            0u64;
            if table * 8 <= SOWING_TABLE_BYTES {
                table
            } else {
                0
            }
        ];
        let mut sowings_at = [[0u32; MAX_HOUSES]; MAX_PLAYERS];
        let tabled = if sowings.is_empty() { 0 } else { players };
        for s in 0..tabled {
            for h in 0..houses {
                sowings_at[s][h] = ((s * houses + h) * (max_lap + 1) * words) as u32;
                let mut cups = [0u8; CUPS];
                let start = usize::from(sow_from[s][h].1);
                for n in 1..=usize::from(lap[s]) {
                    cups[usize::from(track[s][start + n])] += 1;
                    let at = sowings_at[s][h] as usize + n * words;
                    for (w, word) in sowings[at..at + words].iter_mut().enumerate() {
                        let bytes = cups[8 * w..]
                            .first_chunk::<8>()
                            .expect("CUPS is whole words");
                        *word = u64::from_le_bytes(*bytes);
                    }
                }
            }
        }

        let mut targets = [[[0u8; MAX_PLAYERS - 1]; MAX_HOUSES]; MAX_PLAYERS];
        let target_sides = |s: usize| -> Vec<usize> {
            match (set.capture_from, players) {
                (_, 2) => vec![1 - s],
                (CaptureFrom::Next, _) | (CaptureFrom::Opposite, 3) => vec![(s + 1) % players],
                (CaptureFrom::Opposite, _) => vec![(s + 2) % players],
                (CaptureFrom::All, _) => (1..players).map(|d| (s + d) % players).collect(),
            }
        };
        let ntargets = target_sides(0).len() as u8;
        for s in 0..players {
            for h in 0..houses {
                for (k, t) in target_sides(s).into_iter().enumerate() {
                    targets[s][h][k] = (t * stride + houses - 1 - h) as u8;
                }
            }
        }

        let mut prev_house = [0u8; CUPS];
        for c in 0..ncups {
            let mut p = (c + ncups - 1) % ncups;
            if p % stride == houses {
                p = (p + ncups - 1) % ncups;
            }
            prev_house[c] = p as u8;
        }

        let mut capture_side_ok = [[false; MAX_PLAYERS]; MAX_PLAYERS];
        for (mover, row) in capture_side_ok.iter_mut().enumerate() {
            for (side, ok) in row.iter_mut().enumerate() {
                *ok = match set.capture_side {
                    CaptureSide::Opponent => side != mover,
                    CaptureSide::Own => side == mover,
                    CaptureSide::Any => true,
                };
            }
        }

        let mut landing = [[0u8; CUPS]; MAX_PLAYERS];
        for (mover, row) in landing.iter_mut().enumerate().take(players) {
            for c in 0..ncups {
                let side = c / stride;
                row[c] = if c % stride == houses {
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
        let mut next_side = [0u8; MAX_PLAYERS];
        for (s, next) in next_side.iter_mut().enumerate().take(players) {
            *next = ((s + 1) % players) as u8;
        }

        Ok(Rules {
            set: *set,
            players: set.players,
            houses: set.houses,
            stride: stride as u8,
            track,
            lap,
            words: words as u8,
            sowings,
            sowings_at,
            sow_from,
            owner,
            next_side,
            landing,
            house_mask: if houses == 16 {
                u128::MAX
            } else {
                (1u128 << (8 * houses)) - 1
            },
            wide: houses > 8,
            targets,
            ntargets,
            prev_house,
            capture_side_ok,
            counts: set.capture_counts,
            min_seeds: set.min_seeds,
            capture: set.capture,
            chain: set.chain,
            capture_empty_opposite: set.capture_empty_opposite,
            no_capture_moves: set.no_capture_moves,
            grand_slam: set.grand_slam,
            first_move_extra_turn: set.first_move_extra_turn,
            must_feed: set.must_feed,
            unfed: set.unfed,
            pie_rule: set.pie_rule,
            end_majority: set.end.contains(EndCondition::Majority),
            end_empty_first: set.end.contains(EndCondition::EmptyFirst),
            end_repetition: set.end.contains(EndCondition::Repetition),
            leftover: set.leftover,
            cycle_leftover: set.cycle_leftover,
            looks_ahead: set.must_feed || set.grand_slam == GrandSlam::Forbidden,
            special_moves: set.must_feed || set.grand_slam == GrandSlam::Forbidden || set.pie_rule,
            ends_on_board: [
                EndCondition::EmptyFirst,
                EndCondition::AnySideEmpty,
                EndCondition::Majority,
            ]
            .into_iter()
            .any(|c| set.end.contains(c)),
            stores_on_track: set.stores_sown != StoresSown::None,
            end_on_empty: set.end.contains(EndCondition::EmptyFirst)
                || set.end.contains(EndCondition::AnySideEmpty),
            counts_sowings: set.no_capture_moves > 0 || !set.first_move_extra_turn,
            // The pie rule asks whether side 0 has moved yet.
            ply_horizon: set
                .no_capture_moves
                .max(u32::from(!set.first_move_extra_turn || set.pie_rule)),
        })
    }

    /// The rule set these rules were compiled from.
    pub fn rule_set(&self) -> &RuleSet {
        &self.set
    }

    /// Number of players (and sides).
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Houses per side.
    pub fn houses(&self) -> usize {
        usize::from(self.houses)
    }

    /// Whether `repetition` ends the game (which needs a [`Game`](crate::Game)'s history).
    pub fn detects_repetition(&self) -> bool {
        self.end_repetition
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

    /// The cup the last seed of house `house` (0-based) of `side` would land
    /// in, holding `n` seeds, without sowing.
    #[inline]
    pub(crate) fn landing_cup(&self, side: usize, house: usize, n: u8) -> usize {
        let start = usize::from(self.sow_from[side][house].1);
        let lap = usize::from(self.lap[side]);
        let n = usize::from(n);
        let k = if n <= lap {
            n
        } else if n % lap == 0 {
            lap
        } else {
            n % lap
        };
        usize::from(self.track[side][start + k])
    }

    /// Lifts house `house` (0-based) of `side`, sows it and resolves
    /// captures, in `cups`. `sowings` is the number of sowings played
    /// before this one (for `no_capture_moves` and `first_move_extra_turn`).
    /// The house must hold at least one seed. With `REPORT` on, the cups a
    /// capture empties are added to `captured_cups` (one bit per cup index).
    #[inline]
    pub(crate) fn sow<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        house: usize,
        sowings: u32,
        captured_cups: &mut u128,
    ) -> Sowing {
        let (origin, start) = self.sow_from[side][house];
        let (origin, start) = (usize::from(origin), usize::from(start));
        let n = cups[origin];
        debug_assert!(n > 0, "sowing an empty house");
        cups[origin] = 0;
        let track = &self.track[side];
        let lap = usize::from(self.lap[side]);
        let last = if usize::from(n) <= lap && !self.sowings.is_empty() {
            // One addition per word, from the table built by `new`.
            let words = usize::from(self.words);
            let at = self.sowings_at[side][house] as usize + usize::from(n) * words;
            for (w, inc) in self.sowings[at..at + words].iter().enumerate() {
                let cell = cups[8 * w..]
                    .first_chunk_mut::<8>()
                    .expect("CUPS is whole words");
                *cell = (u64::from_le_bytes(*cell) + inc).to_le_bytes();
            }
            track[start + usize::from(n)]
        } else if usize::from(n) <= lap {
            for &c in &track[start + 1..=start + usize::from(n)] {
                cups[usize::from(c)] += 1;
            }
            track[start + usize::from(n)]
        } else {
            let (q, r) = (n / lap as u8, usize::from(n) % lap);
            for &c in &track[start + 1..=start + lap] {
                cups[usize::from(c)] += q;
            }
            for &c in &track[start + 1..=start + r] {
                cups[usize::from(c)] += 1;
            }
            track[start + if r > 0 { r } else { lap }]
        };
        let mut result = Sowing {
            last,
            sown: n,
            captured: 0,
            grand_slam: false,
            extra_turn: false,
        };
        let last = usize::from(last);
        let landing = self.landing[side][last];
        if landing & LAND_STORE != 0 {
            result.extra_turn =
                landing & LAND_EXTRA != 0 && (self.first_move_extra_turn || sowings > 0);
        } else if sowings >= self.no_capture_moves {
            match self.capture {
                Capture::None => {}
                Capture::Opposite => {
                    if landing & LAND_OWN_HOUSE != 0 && cups[last] == 1 {
                        self.capture_opposite::<REPORT>(
                            cups,
                            side,
                            last,
                            &mut result,
                            captured_cups,
                        );
                    }
                }
                Capture::Count => {
                    self.capture_count::<REPORT>(cups, side, last, &mut result, captured_cups)
                }
            }
        }
        result
    }

    /// The last seed made one of the mover's houses hold exactly 1.
    #[inline]
    fn capture_opposite<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let house = last - self.base(side);
        let targets = &self.targets[side][house][..usize::from(self.ntargets)];
        let taken: u8 = targets.iter().map(|&t| cups[usize::from(t)]).sum();
        if taken == 0 {
            if self.capture_empty_opposite {
                cups[last] = 0;
                cups[self.store(side)] += 1;
                out.captured = 1;
                if REPORT {
                    *captured_cups = 1 << last;
                }
            }
            return;
        }
        // Two players: the only target is the opponent's side.
        if self.players == 2 && self.side_seeds(cups, 1 - side) == u32::from(taken) {
            out.grand_slam = true;
            if self.grand_slam == GrandSlam::NoCapture {
                return;
            }
        }
        for &t in targets {
            cups[usize::from(t)] = 0;
        }
        cups[last] = 0;
        cups[self.store(side)] += taken + 1;
        out.captured = taken + 1;
        if REPORT {
            *captured_cups = targets.iter().fold(1 << last, |m, &t| m | 1 << t);
        }
    }

    #[inline]
    fn capture_count<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let ok = &self.capture_side_ok[side];
        let qualifies = |c: usize| self.counts.contains(cups[c]) && ok[usize::from(self.owner[c])];
        if !qualifies(last) {
            return;
        }
        // Walk back from the last house while houses qualify; the walk never
        // comes back to where it started.
        let (mut houses, mut taken, mut from_opp) = (0usize, 0u32, 0u32);
        let mut c = last;
        loop {
            houses += 1;
            taken += u32::from(cups[c]);
            if usize::from(self.owner[c]) != side {
                from_opp += u32::from(cups[c]);
            }
            if !self.chain {
                break;
            }
            c = usize::from(self.prev_house[c]);
            if c == last || !qualifies(c) {
                break;
            }
        }
        // Count captures are two-player rules: the opponent is 1 - side.
        if from_opp > 0 && self.side_seeds(cups, 1 - side) == from_opp {
            out.grand_slam = true;
            if self.grand_slam == GrandSlam::NoCapture {
                return;
            }
        }
        // Take the same houses.
        let mut c = last;
        for _ in 0..houses {
            if REPORT {
                *captured_cups |= 1 << c;
            }
            cups[c] = 0;
            c = usize::from(self.prev_house[c]);
        }
        cups[self.store(side)] += taken as u8;
        out.captured = taken as u8;
    }

    /// Cup indices of `side`'s houses.
    #[inline]
    pub(crate) fn house_range(&self, side: usize) -> std::ops::Range<usize> {
        let b = self.base(side);
        b..b + usize::from(self.houses)
    }

    /// `side`'s houses as one little-endian word, house 1 in the low byte
    /// and zeros above the last house. Cups past the board are always 0 and
    /// the array is long enough to read 16 bytes at any side's house 1.
    #[inline]
    pub(crate) fn side_word(&self, cups: &[u8; CUPS], side: usize) -> u128 {
        let b = self.base(side);
        let bytes = cups[b..]
            .first_chunk::<16>()
            .expect("CUPS leaves 16 bytes after every side's house 1");
        u128::from_le_bytes(*bytes) & self.house_mask
    }

    /// Seeds in `side`'s houses.
    #[inline]
    pub(crate) fn side_seeds(&self, cups: &[u8; CUPS], side: usize) -> u32 {
        let w = self.side_word(cups, side);
        let low = byte_sum(w as u64);
        if self.wide {
            low + byte_sum((w >> 64) as u64)
        } else {
            low
        }
    }

    /// Whether `side`'s houses are all empty.
    #[inline]
    pub(crate) fn side_empty(&self, cups: &[u8; CUPS], side: usize) -> bool {
        self.side_word(cups, side) == 0
    }

    /// Sides whose houses are all empty, one bit each.
    #[inline]
    pub(crate) fn empty_sides(&self, cups: &[u8; CUPS]) -> u32 {
        let mut empties = 0;
        for s in 0..usize::from(self.players) {
            empties |= u32::from(self.side_empty(cups, s)) << s;
        }
        empties
    }

    /// Bit per house of `side` that holds at least `min_seeds`.
    #[inline]
    pub(crate) fn movable(&self, cups: &[u8; CUPS], side: usize) -> u32 {
        if self.min_seeds == 1 {
            let w = self.side_word(cups, side);
            let low = nonzero_bytes(w as u64);
            if self.wide {
                low | nonzero_bytes((w >> 64) as u64) << 8
            } else {
                low
            }
        } else {
            let mut mask = 0u32;
            for (i, &c) in cups[self.house_range(side)].iter().enumerate() {
                mask |= u32::from(c >= self.min_seeds) << i;
            }
            mask
        }
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.set == other.set
    }
}

impl Eq for Rules {}

const ONES: u64 = 0x0101_0101_0101_0101;

/// The sum of the 8 bytes of `x`, when it is below 256 (a game holds at
/// most 255 seeds).
#[inline]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

/// Bit `i` set for each nonzero byte `i` of `x`.
#[inline]
fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Bit 7 of each byte: set when the byte is nonzero (no carry crosses bytes).
    let high = (((x & LOW7) + LOW7) | x) & HIGH;
    // Gather the 8 flags into one byte, byte i's flag to bit i.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;

    /// The sowing table and seed-by-seed sowing along the track agree, for
    /// every preset and a few unusual boards, on random boards.
    #[test]
    fn sowing_table_matches_sowing_seed_by_seed() {
        let mut sets: Vec<RuleSet> = Preset::ALL.iter().map(|p| p.rules()).collect();
        for (players, houses, stores, origin) in [
            (3, 4, StoresSown::All, Origin::First),
            (4, 6, StoresSown::Own, Origin::Skip),
            (2, 1, StoresSown::None, Origin::Skip),
            (2, 12, StoresSown::All, Origin::Include),
        ] {
            sets.push(RuleSet {
                players,
                houses,
                seeds: 1,
                stores_sown: stores,
                origin,
                ..RuleSet::default()
            });
        }
        // The biggest boards sow seed by seed: their table would be too big.
        let big = RuleSet {
            players: 4,
            houses: 16,
            seeds: 3,
            ..RuleSet::default()
        };
        assert!(Rules::new(&big).unwrap().sowings.is_empty());
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for set in sets {
            let tabled = Rules::new(&set).unwrap();
            assert!(!tabled.sowings.is_empty(), "{set:?} has a table");
            let looped = Rules {
                sowings: Vec::new(),
                ..tabled.clone()
            };
            for side in 0..tabled.players() {
                for house in 0..tabled.houses() {
                    for n in 1..=tabled.lap[side] {
                        // A random board, small enough that no cup overflows.
                        let mut cups = [0u8; CUPS];
                        for s in 0..tabled.players() {
                            for c in tabled.house_range(s) {
                                x ^= x << 13;
                                x ^= x >> 7;
                                x ^= x << 17;
                                cups[c] = (x % 3) as u8;
                            }
                        }
                        cups[tabled.base(side) + house] = n;
                        let (mut a, mut b) = (cups, cups);
                        let sa = tabled.sow::<false>(&mut a, side, house, 5, &mut 0);
                        let sb = looped.sow::<false>(&mut b, side, house, 5, &mut 0);
                        assert_eq!(a, b, "{set:?}: side {side} house {house} n {n}");
                        assert_eq!(sa.last, sb.last);
                    }
                }
            }
        }
    }

    #[test]
    fn byte_tricks_match_plain_loops() {
        let mut x: u64 = 0x0123_4567_89ab_cdef;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Random bytes, some forced to 0 and 128, with a sum below 256.
            let mut bytes = x.to_le_bytes();
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = match (x >> (8 * i + 3)) & 3 {
                    0 => 0,
                    1 => 128,
                    _ => *b % 16,
                };
            }
            if bytes.iter().map(|&b| u32::from(b)).sum::<u32>() > 255 {
                bytes[0] = 0;
                bytes[7] = 0;
            }
            let word = u64::from_le_bytes(bytes);
            let sum: u32 = bytes.iter().map(|&b| u32::from(b)).sum();
            if sum <= 255 {
                assert_eq!(byte_sum(word), sum, "{bytes:?}");
            }
            let nonzero = bytes
                .iter()
                .enumerate()
                .fold(0, |m, (i, &b)| m | u32::from(b != 0) << i);
            assert_eq!(nonzero_bytes(word), nonzero, "{bytes:?}");
        }
    }
}
