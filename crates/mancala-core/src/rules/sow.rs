//! Sowing and captures: playing one house on a cup array, with the tables
//! [`Rules::new`] built.

use super::{CUPS, Rules};
use crate::ruleset::{Capture, GrandSlam};

/// Landing bits: the cup is a store.
pub(super) const LAND_STORE: u8 = 1;
/// Landing bits: a store landing that earns the mover an extra turn.
pub(super) const LAND_EXTRA: u8 = 2;
/// Landing bits: one of the mover's own houses.
pub(super) const LAND_OWN_HOUSE: u8 = 4;

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
    /// The move made a tuzdyk of the cup the last seed landed in.
    pub tuzdyk: bool,
}

impl Rules {
    /// The cup the last seed of house `house` (0-based) of `side` would land
    /// in, holding `n` seeds, without sowing.
    #[inline]
    pub(crate) fn landing_cup(&self, side: usize, house: usize, n: u8) -> usize {
        let start = self.sow_start(side, house, n);
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

    /// Where on `side`'s track the sowing of house `house` (0-based)
    /// holding `n` seeds starts: its first seed goes to `track[start + 1]`.
    /// Under `origin = first_unless_single` a lone seed starts one cup on
    /// (docs/rules.md section 3).
    #[inline]
    fn sow_start(&self, side: usize, house: usize, n: u8) -> usize {
        let start = usize::from(self.sow_from[side][house].1);
        start + usize::from(self.single_moves_on && n == 1)
    }

    /// The cup indices the seeds of house `house` (0-based) of `side` go
    /// into, one a seed in sowing order, when it holds `n` seeds: the
    /// track from the sowing's start, lap after lap. Its last cup is
    /// [`Rules::landing_cup`]'s.
    pub(crate) fn sowing_path(
        &self,
        side: usize,
        house: usize,
        n: u8,
    ) -> impl Iterator<Item = usize> + '_ {
        let start = self.sow_start(side, house, n);
        let lap = usize::from(self.lap[side]);
        let track = &self.track[side];
        (0..usize::from(n)).map(move |k| usize::from(track[start + 1 + k % lap]))
    }

    /// Lifts house `house` (0-based) of `side`, sows it and resolves
    /// captures, in `cups`. `sowings` is the number of sowings played
    /// before this one (for `no_capture_moves` and `first_move_extra_turn`).
    /// The house must hold at least one seed. With `REPORT` on, the cups a
    /// capture empties are added to `captured_cups` (one bit per cup index).
    /// `tuzdyks` holds each side's tuzdyk (see [`Rules::tuzdyk_cup`]).
    #[inline]
    pub(crate) fn sow<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        tuzdyks: &mut [u8; 2],
        side: usize,
        house: usize,
        sowings: u32,
        captured_cups: &mut u128,
    ) -> Sowing {
        let origin = usize::from(self.sow_from[side][house].0);
        let n = cups[origin];
        debug_assert!(n > 0, "sowing an empty house");
        cups[origin] = 0;
        // The table holds sowings from the usual start only.
        let moved_on = self.single_moves_on && n == 1;
        let start = usize::from(self.sow_from[side][house].1) + usize::from(moved_on);
        let track = &self.track[side];
        let lap = usize::from(self.lap[side]);
        let last = if usize::from(n) <= lap && !self.sowings.is_empty() && !moved_on {
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
            tuzdyk: false,
        };
        let last = usize::from(last);
        if self.tuzdyk {
            self.pay_tuzdyks(cups, tuzdyks);
        }
        let landing = self.landing[side][last];
        if landing & LAND_STORE != 0 {
            result.extra_turn =
                landing & LAND_EXTRA != 0 && (self.first_move_extra_turn || sowings > 0);
        } else if sowings >= self.no_capture_moves {
            if self.tuzdyk
                && self.make_tuzdyk::<REPORT>(cups, tuzdyks, side, last, &mut result, captured_cups)
            {
                return result;
            }
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

    /// The cup of `owner`'s tuzdyk in `tuzdyks` (per side, 0 for none or
    /// the number of the opponent's house it has made its tuzdyk).
    #[inline]
    pub(crate) fn tuzdyk_cup(&self, tuzdyks: &[u8; 2], owner: usize) -> Option<usize> {
        let number = usize::from(tuzdyks[owner]);
        (number != 0).then(|| self.base(1 - owner) + number - 1)
    }

    /// Every seed sown into a tuzdyk goes to its owner's store as it falls
    /// (docs/rules.md section 5): a tuzdyk holds no seed before a sowing,
    /// so what it holds after one is what the sowing dropped into it.
    #[inline(never)]
    fn pay_tuzdyks(&self, cups: &mut [u8; CUPS], tuzdyks: &[u8; 2]) {
        for owner in 0..2 {
            if let Some(c) = self.tuzdyk_cup(tuzdyks, owner) {
                cups[self.store(owner)] += cups[c];
                cups[c] = 0;
            }
        }
    }

    /// Makes the cup the last seed fell in the mover's tuzdyk, if it may
    /// be one (docs/rules.md section 5): an opponent's house now holding
    /// `tuzdyk_count`, not their last house, not facing the opponent's own
    /// tuzdyk, and the mover has none yet. Its seeds go to the mover.
    #[inline(never)]
    fn make_tuzdyk<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        tuzdyks: &mut [u8; 2],
        side: usize,
        last: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) -> bool {
        let owner = usize::from(self.owner[last]);
        if tuzdyks[side] != 0 || owner == side || cups[last] != self.tuzdyk_count {
            return false;
        }
        let number = (last - self.base(owner) + 1) as u8;
        if number == self.houses || tuzdyks[owner] == number {
            return false;
        }
        tuzdyks[side] = number;
        cups[self.store(side)] += cups[last];
        out.captured = cups[last];
        out.tuzdyk = true;
        cups[last] = 0;
        if REPORT {
            *captured_cups |= 1 << last;
        }
        true
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
        let qualifies = |c: usize| self.counts.holds(cups[c]) && ok[usize::from(self.owner[c])];
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;
    use crate::ruleset::{Origin, RuleSet, StoresSown};

    /// every preset and a few unusual boards, on random boards.
    #[test]
    fn sowing_table_matches_sowing_seed_by_seed() {
        let mut sets: Vec<RuleSet> = Preset::ALL.iter().map(|p| p.rules()).collect();
        for (players, houses, stores, origin) in [
            (3, 4, StoresSown::All, Origin::First),
            (4, 6, StoresSown::Own, Origin::Skip),
            (2, 1, StoresSown::None, Origin::Skip),
            (2, 12, StoresSown::All, Origin::Include),
            (2, 9, StoresSown::None, Origin::FirstUnlessSingle),
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
                        let sa = tabled.sow::<false>(&mut a, &mut [0; 2], side, house, 5, &mut 0);
                        let sb = looped.sow::<false>(&mut b, &mut [0; 2], side, house, 5, &mut 0);
                        assert_eq!(a, b, "{set:?}: side {side} house {house} n {n}");
                        assert_eq!(sa.last, sb.last);
                    }
                }
            }
        }
    }
}
