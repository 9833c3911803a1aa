//! Sowing and captures: playing one house on a cup array, with the tables
//! [`Rules::new`] built.

use super::{CUPS, Rules};
use crate::ruleset::{Capture, CaptureBeforeSowing, GrandSlam, LapCapture, Relay};

/// Landing bits: the cup is a store.
pub(super) const LAND_STORE: u8 = 1;
/// Landing bits: a store landing that earns the mover an extra turn.
pub(super) const LAND_EXTRA: u8 = 2;
/// Landing bits: one of the mover's own houses.
pub(super) const LAND_OWN_HOUSE: u8 = 4;

/// Sowing kernels: [`Rules::sow`] and what it calls compiled once per
/// combination of rule features that the seeded games use, chosen once
/// by [`Rules::new`] (never per game). A kernel other than
/// [`KERNEL_GENERAL`] is only chosen for a `plain` rule set, and fixes its
/// capture family, so that a move pays for no rule its game lacks.
pub(crate) const KERNEL_GENERAL: u8 = 0;
/// Plain sowing, `capture = none`.
pub(crate) const KERNEL_NO_CAPTURE: u8 = 1;
/// Plain sowing, `capture = opposite`.
pub(crate) const KERNEL_OPPOSITE: u8 = 2;
/// Plain sowing, `capture = count`.
pub(crate) const KERNEL_COUNT: u8 = 3;

/// What a relay leg's landing does under `lap_capture`
/// ([`Rules::lap_capture_leg`]).
enum LapLeg {
    /// Relay or end as `relay` says, as without `lap_capture`.
    AsUsual,
    /// Lift this house and sow on.
    Lift(usize),
    /// The move ends here, its captures made: no final landing.
    End,
}

/// What a sowing did: computed for [`Position::play`](crate::Position::play)
/// and for the legality checks that must look one move ahead. Eight
/// bytes, so that it comes back in a register.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sowing {
    /// The cup the last seed landed in.
    pub last: u8,
    /// Seeds that went to the mover's store by capture (sowing captures
    /// included).
    pub captured: u8,
    /// Seeds that sowing captures took, to whichever store, those
    /// captures before sowing took (section 5), and those a relay leg's
    /// landing took (`lap_capture`, section 3).
    pub sow_taken: u8,
    /// The move was a grand slam (under `no_capture` its capture was cancelled).
    pub grand_slam: bool,
    /// The move earns another move.
    pub extra_turn: bool,
    /// Houses lifted to relay the sowing (docs/rules.md section 3).
    pub lifts: u8,
    /// The move ended because one more lift would pass `relay_limit`.
    pub limited: bool,
    /// The move made a tuzdyk (under `children`, a child) of the cup
    /// the last seed landed in.
    pub tuzdyk: bool,
}

impl Sowing {
    /// A sowing whose last seed fell in cup `last`, before anything else
    /// is known of it.
    #[inline(always)]
    const fn landing(last: u8) -> Sowing {
        Sowing {
            last,
            captured: 0,
            sow_taken: 0,
            grand_slam: false,
            extra_turn: false,
            lifts: 0,
            limited: false,
            tuzdyk: false,
        }
    }

    /// Counts `seeds` more taken to the mover's store. The count stops at
    /// 255: under `relay_store` a relay lifts the mover's store and sows
    /// it again (docs/rules.md section 3), so one move can take the same
    /// seeds many times over.
    #[inline(always)]
    fn add_captured(&mut self, seeds: u8) {
        self.captured = self.captured.saturating_add(seeds);
    }

    /// Counts `seeds` more taken while sowing (docs/rules.md section 5),
    /// stopping at 255 as [`Sowing::add_captured`] does.
    #[inline(always)]
    fn add_sow_taken(&mut self, seeds: u8) {
        self.sow_taken = self.sow_taken.saturating_add(seeds);
    }
}

/// One step of a sowing, told to the observer of [`Rules::sow_relay`]
/// and [`Rules::sow_taking`] (cup indices): what a page animates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Every seed of this house is lifted (the origin, then each relay).
    Lift(usize),
    /// One seed goes into this cup.
    Seed(usize),
    /// While sowing, this house's seeds go to the store of the side given.
    Take(usize, usize),
}

impl Rules {
    /// The cup the last seed of house `house` (0-based) of `side` would land
    /// in, holding `n` seeds, sown in direction `dir` (see
    /// [`Rules::direction_of`]), without sowing.
    #[inline]
    pub(crate) fn landing_cup(&self, side: usize, house: usize, n: u8, dir: usize) -> usize {
        let (side, house) = self.geometry(side, house);
        let dir = self.direction_of(n, dir);
        let start = self.sow_start(dir, side, house, n);
        let lap = usize::from(self.lap[side]);
        let n = usize::from(n);
        let k = if n <= lap {
            n
        } else if n % lap == 0 {
            lap
        } else {
            n % lap
        };
        usize::from(self.track[dir][side][start + k])
    }

    /// The direction table a sowing of `n` seeds uses, the move's
    /// direction being `dir` (0, the board's order, or 1, against it,
    /// as [`Rules::move_dir`] gives it: a split row's first half or the
    /// mover's choice): `dir`, or under `parity` (which has neither) 1 for
    /// an odd count.
    #[inline]
    fn direction_of(&self, n: u8, dir: usize) -> usize {
        dir | usize::from(n & self.reverse_mask)
    }

    /// Where on `side`'s track in direction `dir` the sowing of house
    /// `house` (0-based) holding `n` seeds starts: its first seed goes to
    /// `track[start + 1]`. Under `origin = first_unless_single` a lone seed
    /// starts one cup on (docs/rules.md section 3).
    #[inline]
    fn sow_start(&self, dir: usize, side: usize, house: usize, n: u8) -> usize {
        let start = usize::from(self.starts[dir][side][house]);
        start + usize::from(self.single_moves_on && n == 1)
    }

    /// The cup indices the seeds of house `house` (0-based) of `side` go
    /// into, one a seed in sowing order, when it holds `n` seeds sown in
    /// direction `dir`: the track from the sowing's start, lap after lap.
    /// Its last cup is [`Rules::landing_cup`]'s.
    pub(crate) fn sowing_path(
        &self,
        side: usize,
        house: usize,
        n: u8,
        dir: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let (side, house) = self.geometry(side, house);
        let dir = self.direction_of(n, dir);
        let start = self.sow_start(dir, side, house, n);
        let lap = usize::from(self.lap[side]);
        let track = &self.track[dir][side];
        (0..usize::from(n)).map(move |k| usize::from(track[start + 1 + k % lap]))
    }

    /// Tells `on_step` the steps of sowing house `house` (0-based) of
    /// `side` from a copy of `cups`: each lift (the origin first, then
    /// each relay), each seed, each take while sowing and each seed a
    /// tuzdyk of `tuzdyks` passes on to its owner's store, in order. The
    /// captures of the landing come after these (they are the move's
    /// effect). The house must hold at least one seed; `dir` is the
    /// move's direction ([`Rules::move_dir`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sowing_steps(
        &self,
        mut cups: [u8; CUPS],
        tuzdyks: &[u8; 4],
        side: usize,
        house: usize,
        dir: usize,
        sowings: u32,
        mut on_step: impl FnMut(Step),
    ) {
        if self.children {
            let (from, mut owned) = ((side, house, dir), *tuzdyks);
            self.sow_children::<false>(&mut cups, &mut owned, from, sowings, &mut 0, on_step);
            return;
        }
        let tuzdyk_cups = [0, 1].map(|owner| self.tuzdyk_cup(tuzdyks, owner));
        let mut step = |s: Step| {
            on_step(s);
            if let Step::Seed(c) = s
                && let Some(owner) = tuzdyk_cups.iter().position(|&t| t == Some(c))
            {
                on_step(Step::Take(c, owner));
            }
        };
        if self.relays {
            self.sow_relay::<false>(&mut cups, (side, house, dir), sowings, &mut 0, step);
            return;
        }
        let origin = self.move_cup(side, house);
        let n = std::mem::take(&mut cups[origin]);
        debug_assert!(n > 0, "sowing an empty house");
        step(Step::Lift(origin));
        let mut out = Sowing::landing(0);
        // The direction and the start are the lift's (`capture_before_sowing`).
        let sown = self.capture_before::<false>(
            &mut cups, side, origin, n, sowings, &mut out, &mut 0, &mut step,
        );
        if self.sow_captures && sowings >= self.no_capture_moves {
            let dir = self.direction_of(n, dir);
            let start = self.sow_start(dir, side, house, n);
            self.sow_taking::<false>(&mut cups, side, dir, start, sown, &mut out, &mut 0, step);
        } else {
            self.sowing_path(side, house, n, dir)
                .take(usize::from(sown))
                .for_each(|c| step(Step::Seed(c)));
        }
    }

    /// `capture_before_sowing` (docs/rules.md section 5): `side` has just
    /// lifted the `n` seeds of cup `from` (emptied). Under `first_seed`
    /// the first of them goes to the mover's store; under
    /// `single_opposite` a lift of a single seed takes the house opposite
    /// `from` to the mover's store. Not in the first `no_capture_moves`
    /// sowings. The seeds taken count in `out.captured` and, as captures
    /// made while a move sows, in `out.sow_taken`. Returns the seeds left
    /// to sow; `on_step` is told the seed stored (as a seed sown into the
    /// store) or the house taken.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn capture_before<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        from: usize,
        n: u8,
        sowings: u32,
        out: &mut Sowing,
        captured_cups: &mut u128,
        mut on_step: impl FnMut(Step),
    ) -> u8 {
        if sowings < self.no_capture_moves {
            return n;
        }
        let store = self.store(side);
        match self.before_sowing {
            CaptureBeforeSowing::None => n,
            CaptureBeforeSowing::FirstSeed => {
                // Validation keeps every lift at 2 seeds or more.
                cups[store] += 1;
                out.add_captured(1);
                out.add_sow_taken(1);
                on_step(Step::Seed(store));
                n - 1
            }
            CaptureBeforeSowing::SingleOpposite => {
                let across = usize::from(self.across[from]);
                if n == 1 && cups[across] > 0 {
                    let seeds = std::mem::take(&mut cups[across]);
                    cups[store] += seeds;
                    out.add_captured(seeds);
                    out.add_sow_taken(seeds);
                    if REPORT {
                        *captured_cups |= 1 << across;
                    }
                    on_step(Step::Take(across, side));
                }
                n
            }
        }
    }

    /// Lifts house `house` (0-based) of `side`, sows it and resolves
    /// captures, in `cups`. `sowings` is the number of sowings played
    /// before this one (for `no_capture_moves` and `first_move_extra_turn`).
    /// The house must hold at least one seed. With `REPORT` on, the cups a
    /// capture empties are added to `captured_cups` (one bit per cup index).
    /// `tuzdyks` holds each side's tuzdyk (see [`Rules::tuzdyk_cup`]).
    /// `K` is the rules' kernel ([`Rules::kernel`]) or [`KERNEL_GENERAL`].
    /// `dir` is the move's direction ([`Rules::move_dir`]), always 0
    /// under `plain` rules.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sow<const REPORT: bool, const K: u8>(
        &self,
        cups: &mut [u8; CUPS],
        tuzdyks: &mut [u8; 4],
        side: usize,
        house: usize,
        dir: usize,
        sowings: u32,
        captured_cups: &mut u128,
    ) -> Sowing {
        debug_assert!(
            K == KERNEL_GENERAL || K == self.kernel,
            "kernel {K} for {self:?}"
        );
        if K == KERNEL_GENERAL && !self.plain {
            return self.sow_general::<REPORT>(
                cups,
                tuzdyks,
                (side, house, dir),
                sowings,
                captured_cups,
            );
        }
        debug_assert!(dir == 0, "plain rules sow one way");
        // One direction, the sowing's start fixed: the seeded games' path.
        let origin = self.base(side) + house;
        let start = usize::from(self.starts[0][side][house]);
        let n = cups[origin];
        debug_assert!(n > 0, "sowing an empty house");
        let last = self.sow_seeds(cups, 0, side, house, (origin, start), n, true);
        let mut result = Sowing::landing(last);
        self.land::<REPORT, K>(cups, side, 0, (sowings, n), &mut result, captured_cups);
        result
    }

    /// [`Rules::sow`] for rule sets with a sowing rule of issue 20 or 30:
    /// relay sowing, captures while sowing, the lone-seed origin, the
    /// tuzdyk, the direction by parity, split or chosen.
    #[inline(never)]
    fn sow_general<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        tuzdyks: &mut [u8; 4],
        (side, house, dir): (usize, usize, usize),
        sowings: u32,
        captured_cups: &mut u128,
    ) -> Sowing {
        if self.children {
            let from = (side, house, dir);
            return self.sow_children::<REPORT>(
                cups,
                tuzdyks,
                from,
                sowings,
                captured_cups,
                |_| (),
            );
        }
        if self.relays {
            let from = (side, house, dir);
            return self.sow_relay::<REPORT>(cups, from, sowings, captured_cups, |_| ());
        }
        // Under `no_sides` a move of the opponent's row sows from their
        // house along their track (the same houses, no store sown); the
        // landing is still the mover's.
        let (track_side, house) = self.geometry(side, house);
        let origin = self.base(track_side) + house;
        let n = cups[origin];
        debug_assert!(n > 0, "sowing an empty house");
        let dir = self.direction_of(n, dir);
        // The table holds sowings from the usual start only, of the seeds
        // lifted.
        let moved_on = self.single_moves_on && n == 1;
        let start = self.sow_start(dir, track_side, house, n);
        let mut result = Sowing::landing(0);
        let before = self.before_sowing != CaptureBeforeSowing::None;
        let sown = if before {
            cups[origin] = 0;
            let (out, taken) = (&mut result, &mut *captured_cups);
            self.capture_before::<REPORT>(cups, side, origin, n, sowings, out, taken, |_| ())
        } else {
            n
        };
        result.last = if self.sow_captures && sowings >= self.no_capture_moves {
            cups[origin] = 0;
            self.sow_taking::<REPORT>(
                cups,
                side,
                dir,
                start,
                sown,
                &mut result,
                captured_cups,
                |_| (),
            )
        } else {
            let tabled = !moved_on && !before;
            self.sow_seeds(cups, dir, track_side, house, (origin, start), sown, tabled)
        };
        if self.tuzdyk {
            self.pay_tuzdyks(cups, tuzdyks);
            if self.captures_now(sowings, n)
                && self.make_tuzdyk::<REPORT>(cups, tuzdyks, side, &mut result, captured_cups)
            {
                return result;
            }
        }
        let move_of = (sowings, n);
        self.land::<REPORT, KERNEL_GENERAL>(cups, side, dir, move_of, &mut result, captured_cups);
        result
    }

    /// Lifts the `n` seeds of house `house` (0-based) of `side`, whose
    /// cup is `origin`, and sows them along its track in direction `dir`
    /// from track index `start`, all at once: by the table built by `new`
    /// when `tabled` allows and the sowing is shorter than a lap, else cup
    /// by cup, a lap at a time. Returns the cup of the last seed.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn sow_seeds(
        &self,
        cups: &mut [u8; CUPS],
        dir: usize,
        side: usize,
        house: usize,
        (origin, start): (usize, usize),
        n: u8,
        tabled: bool,
    ) -> u8 {
        let track = &self.track[dir][side];
        let lap = usize::from(self.lap[side]);
        if usize::from(n) <= lap && tabled && !self.sowings.is_empty() {
            // One addition per word, from the table built by `new`, the
            // lift from the origin included: whole-word writes only, so
            // that the next reads of the board are served from them.
            let words = usize::from(self.words);
            let at = self.sowings_at[dir][side][house] as usize + usize::from(n) * words;
            for (w, inc) in self.sowings[at..at + words].iter().enumerate() {
                let cell = cups[8 * w..]
                    .first_chunk_mut::<8>()
                    .expect("CUPS is whole words");
                *cell = u64::from_le_bytes(*cell).wrapping_add(*inc).to_le_bytes();
            }
            return track[start + usize::from(n)];
        }
        cups[origin] = 0;
        if usize::from(n) <= lap {
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
        }
    }

    /// The cup of `owner`'s tuzdyk in `tuzdyks` (per side, 0 for none or
    /// the number of the opponent's house it has made its tuzdyk).
    #[inline]
    pub(crate) fn tuzdyk_cup(&self, tuzdyks: &[u8; 4], owner: usize) -> Option<usize> {
        let number = usize::from(tuzdyks[owner]);
        (number != 0).then(|| self.base(1 - owner) + number - 1)
    }

    /// Every seed sown into a tuzdyk goes to its owner's store as it falls
    /// (docs/rules.md section 5): a tuzdyk holds no seed before a sowing,
    /// so what it holds after one is what the sowing dropped into it.
    #[inline(never)]
    fn pay_tuzdyks(&self, cups: &mut [u8; CUPS], tuzdyks: &[u8; 4]) {
        for owner in 0..2 {
            if let Some(c) = self.tuzdyk_cup(tuzdyks, owner) {
                cups[self.store(owner)] += cups[c];
                cups[c] = 0;
            }
        }
    }

    /// The house a grand slam leaves under `grand_slam = leave_first`
    /// (docs/rules.md section 6), with its seeds: the lowest-numbered house
    /// of `opponent`'s holding seeds, when two or more hold seeds; `None`
    /// when a single house holds seeds. Read on the board before the
    /// capture.
    #[inline(never)]
    fn slam_kept(&self, cups: &[u8; CUPS], opponent: usize) -> Option<(usize, u8)> {
        let mut holding = self.house_range(opponent).filter(|&c| cups[c] != 0);
        let first = holding.next()?;
        holding.next().map(|_| (first, cups[first]))
    }

    /// Gives the house `kept` (a cup and the seeds it held) back its seeds
    /// after a grand slam took them (`grand_slam = leave_first`): the
    /// mover's store and the move's captures lose them.
    #[inline(never)]
    fn leave_first<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        (cup, seeds): (usize, u8),
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        debug_assert_eq!(cups[cup], 0, "a grand slam takes every house holding seeds");
        cups[cup] = seeds;
        cups[self.store(side)] -= seeds;
        out.captured = out.captured.saturating_sub(seeds);
        if REPORT {
            *captured_cups &= !(1 << cup);
        }
    }

    /// Whether the opponent's tuzdyk `theirs` (the number of the mover's
    /// house it is, 0 for none) bars house `number` of the opponent's from
    /// becoming the mover's tuzdyk: the house with its number, or under
    /// `tuzdyk_across` the house across the board from it (docs/rules.md
    /// section 5).
    #[inline]
    pub(crate) fn tuzdyk_barred(&self, theirs: u8, number: u8) -> bool {
        match theirs {
            0 => false,
            t if self.tuzdyk_across => number == self.houses + 1 - t,
            t => number == t,
        }
    }

    /// Makes the house the last seed fell in (`out.last`) the mover's
    /// tuzdyk, if it may be one (docs/rules.md section 5): an opponent's
    /// house now holding `tuzdyk_count`, not their last house, not barred
    /// by the opponent's own tuzdyk, and the mover has none yet. Its seeds
    /// go to the mover.
    #[inline(never)]
    fn make_tuzdyk<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        tuzdyks: &mut [u8; 4],
        side: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) -> bool {
        let last = usize::from(out.last);
        if self.landing[side][last] & LAND_STORE != 0 {
            return false;
        }
        let owner = usize::from(self.owner[last]);
        if tuzdyks[side] != 0 || owner == side || cups[last] != self.tuzdyk_count {
            return false;
        }
        let number = (last - self.base(owner) + 1) as u8;
        if number == self.houses || self.tuzdyk_barred(tuzdyks[owner], number) {
            return false;
        }
        tuzdyks[side] = number;
        cups[self.store(side)] += cups[last];
        out.add_captured(cups[last]);
        out.tuzdyk = true;
        cups[last] = 0;
        if REPORT {
            *captured_cups |= 1 << last;
        }
        true
    }

    /// Resolves the final landing of a sowing in direction `dir`
    /// (`out.last`): the extra turn of a store landing, or the capture
    /// (docs/rules.md sections 3 and 5). `move_of` is the sowings played
    /// before this move and the seeds its house held.
    #[inline(always)]
    fn land<const REPORT: bool, const K: u8>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        dir: usize,
        move_of: (u32, u8),
        result: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let (sowings, lifted) = move_of;
        let last = usize::from(result.last);
        let landing = self.landing[side][last];
        // Only the general kernel knows `single_seed_captures` (`kernel`).
        let captures = if K == KERNEL_GENERAL {
            self.captures_now(sowings, lifted)
        } else {
            sowings >= self.no_capture_moves
        };
        if landing & LAND_STORE != 0 {
            result.extra_turn =
                landing & LAND_EXTRA != 0 && (self.first_move_extra_turn || sowings > 0);
            // Only the general kernel takes a store (`kernel`).
            if K == KERNEL_GENERAL && self.capture_store && captures && !result.extra_turn {
                self.take_store::<REPORT>(cups, side, last, result, captured_cups);
            }
        } else if K == KERNEL_GENERAL && captures && self.gives_store(cups, side, last) {
            // `pass_store` (docs/rules.md section 5): no other capture.
            let seeds = std::mem::take(&mut cups[self.store(side)]);
            cups[self.store(1 - side)] += seeds;
        } else if captures {
            self.capture::<REPORT, K>(cups, side, last, dir, sowings, result, captured_cups);
        }
    }

    /// `pass_store` (docs/rules.md section 5): the last seed fell in house
    /// `last`, an empty house of the opponent's (it holds that seed
    /// alone), and `side`'s store holds seeds, which go to the opponent's.
    #[inline]
    fn gives_store(&self, cups: &[u8; CUPS], side: usize, last: usize) -> bool {
        self.pass_store
            && cups[last] == 1
            && self.landing[side][last] & LAND_OWN_HOUSE == 0
            && cups[self.store(side)] > 0
    }

    /// `capture_opponent_store` (docs/rules.md section 5): the last seed
    /// fell into store `last` and earned no extra move; if it is another
    /// player's, its seeds go to the mover's store.
    #[inline(never)]
    fn take_store<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        if last == self.store(side) {
            return;
        }
        let seeds = std::mem::take(&mut cups[last]);
        cups[self.store(side)] += seeds;
        out.add_captured(seeds);
        if REPORT && seeds > 0 {
            *captured_cups |= 1 << last;
        }
    }

    /// Whether the last seed of a move may capture: not in the first
    /// `no_capture_moves` sowings, nor for a move that lifted a single
    /// seed when `single_seed_captures` is off (docs/rules.md section 5).
    #[inline]
    fn captures_now(&self, sowings: u32, lifted: u8) -> bool {
        sowings >= self.no_capture_moves && (self.single_seed_captures || lifted != 1)
    }

    /// [`Rules::sow`] under relay sowing (docs/rules.md section 3): leg
    /// after leg, each from the house the last one lifted, until a landing
    /// does not relay, would capture under `capture_ends_relay`, or one
    /// more lift would pass `relay_limit`. Seed by
    /// seed, every seed but the last of its leg may take a house while
    /// sowing (section 5); `on_step` is told every lift, seed and take.
    /// Every leg goes the move's way round, `dir` ([`Rules::move_dir`]:
    /// a split row's half, side 1 under `opposed`, or the mover's
    /// choice; `parity` is refused with relay, section 14).
    #[inline(never)]
    pub(crate) fn sow_relay<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        (side, house, dir): (usize, usize, usize),
        sowings: u32,
        captured_cups: &mut u128,
        mut on_step: impl FnMut(Step),
    ) -> Sowing {
        let mut from = self.base(side) + house;
        let mut start = usize::from(self.starts[dir][side][house]);
        let mut result = Sowing::landing(0);
        debug_assert!(cups[from] > 0, "sowing an empty house");
        let track = &self.track[dir][side];
        let lap = usize::from(self.lap[side]);
        let taking = self.sow_captures && sowings >= self.no_capture_moves;
        // The seeds of the house the player chose (`single_seed_captures`).
        let move_of = (sowings, cups[from]);
        loop {
            let lifted = std::mem::take(&mut cups[from]);
            on_step(Step::Lift(from));
            // Under `first_unless_single` a lone seed moves on (section 3).
            let first = start + usize::from(self.single_moves_on && lifted == 1);
            let n =
                if self.before_sowing == CaptureBeforeSowing::None {
                    usize::from(lifted)
                } else {
                    let (out, taken) = (&mut result, &mut *captured_cups);
                    let step = &mut on_step;
                    usize::from(self.capture_before::<REPORT>(
                        cups, side, from, lifted, sowings, out, taken, step,
                    ))
                };
            let (mut last, mut k) = (from, 0);
            for i in 0..n {
                last = usize::from(track[first + 1 + k % lap]);
                k += 1;
                // Under `capacity` a full house is passed over; the
                // rules leave room for every seed (section 14).
                while self.full(cups, side, last) {
                    last = usize::from(track[first + 1 + k % lap]);
                    k += 1;
                }
                cups[last] += 1;
                on_step(Step::Seed(last));
                if taking && (i + 1 < n || self.sow_capture_last) {
                    let took = self.take_while_sowing::<REPORT>(
                        cups,
                        side,
                        last,
                        &mut result,
                        captured_cups,
                    );
                    if let Some(to) = took {
                        on_step(Step::Take(last, to));
                    }
                }
            }
            result.last = last as u8;
            let lap = if self.lap_capture == LapCapture::None {
                None
            } else {
                let (out, taken, step) = (&mut result, &mut *captured_cups, &mut on_step);
                match self.lap_capture_leg::<REPORT>(
                    cups,
                    (side, dir),
                    last,
                    move_of,
                    out,
                    taken,
                    step,
                ) {
                    LapLeg::AsUsual => None,
                    LapLeg::Lift(house) => Some(house),
                    LapLeg::End => return result,
                }
            };
            let Some(lifted) = lap.or_else(|| self.relay_lift(cups, side, dir, last)) else {
                break;
            };
            if self.capture_ends_relay && self.would_capture(cups, (side, dir), last, move_of) {
                break;
            }
            if result.lifts == self.relay_limit {
                // The move ends here: no capture, no extra turn.
                result.limited = true;
                return result;
            }
            result.lifts += 1;
            from = lifted;
            start = usize::from(self.relay_from[dir][side][lifted]);
        }
        self.land::<REPORT, KERNEL_GENERAL>(cups, side, dir, move_of, &mut result, captured_cups);
        result
    }

    /// Whether cup `cup` is a house `side`'s sowing passes over under
    /// `capacity` (docs/rules.md section 3): it holds `capacity` seeds or
    /// more. A store is never full.
    #[inline(always)]
    fn full(&self, cups: &[u8; CUPS], side: usize, cup: usize) -> bool {
        self.capacity != 0
            && cups[cup] >= self.capacity
            && self.landing[side][cup] & LAND_STORE == 0
    }

    /// A relay leg's landing in house `last` under `lap_capture`
    /// (docs/rules.md section 3): under `relay`, a landing that relays
    /// first captures as a final landing would (the move ends there if the
    /// capture emptied the house to lift); under `next`, a landing that
    /// captures takes its seeds and the house after it is lifted, the move
    /// ending when that is a store, an empty house or one `relay_on` does
    /// not allow. A landing in a store, or before `no_capture_moves`, goes
    /// on as usual. Every house taken is told to `on_step` as a take.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn lap_capture_leg<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        (side, dir): (usize, usize),
        last: usize,
        (sowings, lifted): (u32, u8),
        result: &mut Sowing,
        captured_cups: &mut u128,
        on_step: &mut impl FnMut(Step),
    ) -> LapLeg {
        if self.landing[side][last] & LAND_STORE != 0 || !self.captures_now(sowings, lifted) {
            return LapLeg::AsUsual;
        }
        let relays = self.relay_lift(cups, side, dir, last).is_some();
        if self.lap_capture == LapCapture::Relay && !relays {
            return LapLeg::AsUsual;
        }
        let (mut taken, before) = (0u128, result.captured);
        // The reporting instance, as in `would_capture`: the houses taken
        // are told as steps.
        self.capture::<true, KERNEL_GENERAL>(cups, side, last, dir, sowings, result, &mut taken);
        // Taken while the move sows, as captures while sowing are.
        result.add_sow_taken(result.captured - before);
        if REPORT {
            *captured_cups |= taken;
        }
        let mut bits = taken;
        while bits != 0 {
            on_step(Step::Take(bits.trailing_zeros() as usize, side));
            bits &= bits - 1;
        }
        match self.lap_capture {
            LapCapture::None => LapLeg::AsUsual,
            LapCapture::Relay => match self.relay_lift(cups, side, dir, last) {
                Some(house) => LapLeg::Lift(house),
                None => LapLeg::End,
            },
            LapCapture::Next if taken == 0 => LapLeg::AsUsual,
            LapCapture::Next => {
                let next = self.next_on_track(side, dir, last);
                let house = self.landing[side][next] & LAND_STORE == 0;
                if house && self.relay_ok[side][next] && cups[next] > 0 {
                    LapLeg::Lift(next)
                } else {
                    LapLeg::End
                }
            }
        }
    }

    /// The side whose child cup `cup` is under `children`, if any: `owned`
    /// holds per side the set of the opponent's houses that are its
    /// children, house `n` as bit `n - 1`, then per side the set of its
    /// own houses that are its wegs (docs/rules.md section 5).
    #[inline]
    pub(crate) fn child_owner(&self, owned: &[u8; 4], cup: usize) -> Option<usize> {
        let side = usize::from(self.owner[cup]);
        let number = cup.checked_sub(self.base(side))?;
        if side >= 2 || number >= usize::from(self.houses) {
            return None;
        }
        let owner = 1 - side;
        if owned[owner] >> number & 1 != 0 {
            Some(owner)
        } else {
            (owned[2 + side] >> number & 1 != 0).then_some(side)
        }
    }

    /// Sowing under `children` (docs/rules.md sections 3 and 5): house
    /// `house` (0-based) of `side` is sown seed by seed in direction
    /// `dir`, passing over the opponent's children under `child_skip`;
    /// a seed that falls into a child goes to its owner's store. A leg
    /// whose last seed falls into a child ends the move; one whose last
    /// seed brings a house of the opponent's to `child_count` makes it
    /// the mover's child (its seeds to the mover's store) and ends the
    /// move; otherwise the sowing relays as `relay` says, and the last
    /// leg lands as section 5 says. `owned` is the position's children.
    #[inline(never)]
    pub(crate) fn sow_children<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        owned: &mut [u8; 4],
        (side, house, dir): (usize, usize, usize),
        sowings: u32,
        captured_cups: &mut u128,
        mut on_step: impl FnMut(Step),
    ) -> Sowing {
        let mut from = self.base(side) + house;
        let mut start = usize::from(self.starts[dir][side][house]);
        let mut result = Sowing::landing(0);
        debug_assert!(cups[from] > 0, "sowing an empty house");
        let track = &self.track[dir][side];
        let lap = usize::from(self.lap[side]);
        let move_of = (sowings, cups[from]);
        loop {
            let mut left = std::mem::take(&mut cups[from]);
            on_step(Step::Lift(from));
            let first = start + usize::from(self.single_moves_on && left == 1);
            let (mut last, mut k) = (from, 0);
            while left > 0 {
                let c = usize::from(track[first + 1 + k % lap]);
                k += 1;
                let child = self.child_owner(owned, c);
                if self.child_skip && child == Some(1 - side) {
                    continue;
                }
                left -= 1;
                last = c;
                on_step(Step::Seed(c));
                match child {
                    Some(owner) if !self.wegs => {
                        cups[self.store(owner)] += 1;
                        on_step(Step::Take(c, owner));
                    }
                    _ => cups[c] += 1,
                }
            }
            result.last = last as u8;
            if let Some(owner) = self.child_owner(owned, last) {
                if self.wegs && owner != side {
                    self.weg_capture::<REPORT>(cups, side, &mut result, captured_cups);
                }
                return result;
            }
            if self.make_child::<REPORT>(cups, owned, side, &mut result, captured_cups) {
                return result;
            }
            let Some(lifted) = self.relay_lift(cups, side, dir, last) else {
                break;
            };
            if result.lifts == self.relay_limit {
                result.limited = true;
                return result;
            }
            result.lifts += 1;
            from = lifted;
            start = usize::from(self.relay_from[dir][side][lifted]);
        }
        self.land::<REPORT, KERNEL_GENERAL>(cups, side, dir, move_of, &mut result, captured_cups);
        result
    }

    /// The weg capture (`child_kind = weg`, docs/rules.md section 5): the
    /// last seed fell into a weg of the opponent's (`out.last`), which
    /// gives the mover's store 2 of its seeds, or its one seed.
    fn weg_capture<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let last = usize::from(out.last);
        let taken = cups[last].min(2);
        cups[last] -= taken;
        cups[self.store(side)] += taken;
        out.add_captured(taken);
        if REPORT {
            *captured_cups |= 1 << last;
        }
    }

    /// Makes the house the last seed fell in (`out.last`) the mover's
    /// child under `children`, if it may be one (docs/rules.md section 5):
    /// a house of the opponent's (under `child_kind = weg`, of either
    /// side) now holding `child_count`. Its seeds go to the mover's store,
    /// or under `child_kind = weg` stay in it.
    #[inline(never)]
    fn make_child<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        owned: &mut [u8; 4],
        side: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) -> bool {
        let last = usize::from(out.last);
        let owner = usize::from(self.owner[last]);
        if self.landing[side][last] & LAND_STORE != 0
            || (owner == side && !self.wegs)
            || cups[last] != self.child_count
        {
            return false;
        }
        let bit = 1 << (last - self.base(owner));
        out.tuzdyk = true;
        if self.wegs {
            // Which set: the opponent's houses, or the mover's own.
            owned[if owner == side { 2 + side } else { side }] |= bit;
            return true;
        }
        owned[side] |= bit;
        cups[self.store(side)] += cups[last];
        out.add_captured(cups[last]);
        cups[last] = 0;
        if REPORT {
            *captured_cups |= 1 << last;
        }
        true
    }

    /// Whether a landing in house `last` would capture any seed
    /// (`capture_ends_relay`, docs/rules.md section 3): the capture of
    /// section 5 tried on a copy of the board, so that every capture
    /// family, `no_capture_moves` and a grand slam that `no_capture`
    /// cancels are judged exactly as the final landing judges them.
    #[inline(never)]
    fn would_capture(
        &self,
        cups: &[u8; CUPS],
        (side, dir): (usize, usize),
        last: usize,
        move_of: (u32, u8),
    ) -> bool {
        let (sowings, lifted) = move_of;
        if !self.captures_now(sowings, lifted) {
            return false;
        }
        let mut copy = *cups;
        let mut tried = Sowing::landing(last as u8);
        // The reporting instance, whose cups are thrown away: a call to
        // `capture::<false>` from here changes how the seeded games' hot
        // path compiles it (callgrind: Oware's playouts cost more).
        self.capture::<true, KERNEL_GENERAL>(
            &mut copy, side, last, dir, sowings, &mut tried, &mut 0,
        );
        tried.captured > 0
    }

    /// The house a sowing whose last seed fell in `last` relays from, if
    /// any: `last` itself when it held seeds before (`relay = last`), or
    /// the next cup on the track when it is a house holding seeds (`relay
    /// = next`, in the move's direction `dir`); only a house `relay_on`
    /// allows (or the mover's store under `relay_store`), holding one of
    /// `relay_counts` when they are set.
    #[inline]
    fn relay_lift(&self, cups: &[u8; CUPS], side: usize, dir: usize, last: usize) -> Option<usize> {
        if self.landing[side][last] & LAND_STORE != 0 {
            return None;
        }
        let lifted = match self.relay {
            Relay::None => return None,
            Relay::Last if cups[last] > 1 => last,
            Relay::Last => return None,
            Relay::Next => self.next_on_track(side, dir, last),
        };
        let count = cups[lifted];
        let counted = self.relay_counts.is_empty() || self.relay_counts.contains(count);
        (self.relay_ok[side][lifted] && count > 0 && counted).then_some(lifted)
    }

    /// The cup after `cup` on `side`'s sowing track in direction `dir`:
    /// where a sowing that ended in `cup` would have gone on (for `relay
    /// = next`).
    #[inline]
    pub(crate) fn next_on_track(&self, side: usize, dir: usize, cup: usize) -> usize {
        usize::from(self.next_cup[dir][side][cup])
    }

    /// The capture of section 5 once the last seed of a sowing in
    /// direction `dir` fell in house `last` (not a store), with the extra
    /// turn it may earn.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn capture<const REPORT: bool, const K: u8>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        dir: usize,
        sowings: u32,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let before = out.captured;
        // `grand_slam = leave_first` (general kernel only, `kernel`): the
        // house a grand slam would leave, judged before the capture.
        let kept = if K == KERNEL_GENERAL && self.grand_slam == GrandSlam::LeaveFirst {
            self.slam_kept(cups, 1 - side)
        } else {
            None
        };
        let family = match K {
            KERNEL_NO_CAPTURE => Capture::None,
            KERNEL_OPPOSITE => Capture::Opposite,
            KERNEL_COUNT => Capture::Count,
            _ => self.capture,
        };
        match family {
            Capture::None => {}
            Capture::Opposite => {
                let own = self.landing[side][last] & LAND_OWN_HOUSE != 0;
                // Only the general kernel leaves the seed, and captures from
                // the opponent's side or not from the mover's (`kernel`).
                let leave = K == KERNEL_GENERAL && self.capture_leaves_seed;
                if own && cups[last] == 1 && (K != KERNEL_GENERAL || self.opposite_own) {
                    self.capture_opposite::<REPORT>(cups, side, last, leave, out, captured_cups);
                } else if K == KERNEL_GENERAL && !own && cups[last] == 1 && self.opposite_theirs {
                    self.capture_across::<REPORT>(cups, side, last, leave, out, captured_cups);
                }
            }
            Capture::Count => {
                // Only the general kernel limits a chain or lets it
                // change sides (`kernel`).
                let chain = if K == KERNEL_GENERAL {
                    (usize::from(self.chain_limit), self.chain_any_side)
                } else {
                    (0, false)
                };
                self.capture_count::<REPORT>(cups, side, last, dir, chain, out, captured_cups);
            }
            Capture::Next => {
                let next = usize::from(self.next_house[dir][side][last]);
                if cups[next] > 0 && self.capture_side_ok[side][usize::from(self.owner[next])] {
                    self.take::<REPORT>(cups, side, 1 << next, out, captured_cups);
                }
            }
            Capture::Match => {
                // Two players: the house across is the opponent's or the
                // mover's (section 14).
                let across = usize::from(self.across[last]);
                let ok = self.capture_side_ok[side][usize::from(self.owner[last])];
                if ok && cups[across] == cups[last] {
                    let houses = 1 << last | 1 << across;
                    self.take::<REPORT>(cups, side, houses, out, captured_cups);
                }
            }
            // `gap_occupied`: a last seed alone in its house takes nothing.
            Capture::Gap if self.gap_occupied && cups[last] < 2 => {}
            Capture::Gap => {
                let taken = self.gap_houses(cups, side, last, dir);
                if taken != 0 {
                    self.take::<REPORT>(cups, side, taken, out, captured_cups);
                }
            }
        }
        if let Some((k, seeds)) = kept
            && out.grand_slam
            && out.captured > before
        {
            self.leave_first::<REPORT>(cups, side, (k, seeds), out, captured_cups);
        }
        if self.capture_extra_turn
            && out.captured > before
            && (self.first_move_extra_turn || sowings > 0)
        {
            out.extra_turn = true;
        }
    }

    /// Sows `n` seeds from track index `start` of `side`'s track in
    /// direction `dir`, seed by seed,
    /// taking every house that a seed but the last brings to a count of
    /// `sow_capture_counts` (section 5, captures while sowing). Returns the
    /// cup of the last seed; `on_step` is told every seed and every take.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn sow_taking<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        dir: usize,
        start: usize,
        n: u8,
        out: &mut Sowing,
        captured_cups: &mut u128,
        mut on_step: impl FnMut(Step),
    ) -> u8 {
        let track = &self.track[dir][side];
        let lap = usize::from(self.lap[side]);
        let n = usize::from(n);
        for k in 0..n {
            let c = usize::from(track[start + 1 + k % lap]);
            cups[c] += 1;
            on_step(Step::Seed(c));
            if (k + 1 < n || self.sow_capture_last)
                && let Some(to) =
                    self.take_while_sowing::<REPORT>(cups, side, c, out, captured_cups)
            {
                on_step(Step::Take(c, to));
            }
        }
        track[start + 1 + (n - 1) % lap]
    }

    /// A seed of `side`'s sowing (not the last of its sowing or relay leg,
    /// unless `sow_capture_last`) just fell in cup `c`: a house it brings to a count of
    /// `sow_capture_counts` is taken at once by its owner or the sower
    /// (under `sower_own` only a house the sower owns; section 5,
    /// captures while sowing). Returns the side whose store
    /// took it, if any.
    #[inline]
    fn take_while_sowing<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        c: usize,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) -> Option<usize> {
        let house = self.landing[side][c] & LAND_STORE == 0;
        if !(house && self.sow_counts.holds(cups[c])) {
            return None;
        }
        let owner = usize::from(self.owner[c]);
        if self.sow_own_only && owner != side {
            return None;
        }
        let to = if self.sow_to_sower { side } else { owner };
        let seeds = std::mem::take(&mut cups[c]);
        cups[self.store(to)] += seeds;
        // Under `relay_store` a move can sow the same seeds from the
        // store and take them back many times: the counts stop at 255.
        out.add_sow_taken(seeds);
        if to == side {
            out.add_captured(seeds);
        }
        if REPORT {
            *captured_cups |= 1 << c;
        }
        Some(to)
    }

    /// The houses a gap capture takes after the last seed fell in `last`,
    /// one bit per cup: the house beyond an empty next house, its
    /// opposite under `gap_opposite`, and under `chain` the same again
    /// across every further gap, looking ahead in the sowing's direction
    /// `dir`, at most `chain_limit` houses beyond a gap when it is above
    /// 0. Never the house of the last seed.
    fn gap_houses(&self, cups: &[u8; CUPS], side: usize, last: usize, dir: usize) -> u128 {
        let next = &self.next_house[dir][side];
        let ok = &self.capture_side_ok[side];
        let held = |taken: u128, c: usize| if taken >> c & 1 == 1 { 0 } else { cups[c] };
        let limit = usize::from(self.chain_limit);
        let mut taken = 0u128;
        let mut beyond_taken = 0usize;
        let mut c = last;
        loop {
            let gap = usize::from(next[c]);
            let beyond = usize::from(next[gap]);
            // Under `opponent_first` only the first house's side is judged.
            let side_ok =
                ok[usize::from(self.owner[beyond])] || (taken != 0 && self.chain_any_side);
            if held(taken, gap) != 0 || beyond == last || held(taken, beyond) == 0 || !side_ok {
                return taken;
            }
            taken |= 1 << beyond;
            beyond_taken += 1;
            let across = usize::from(self.across[beyond]);
            if self.gap_opposite && across != last {
                taken |= 1 << across;
            }
            if !self.chain || beyond_taken == limit {
                return taken;
            }
            c = beyond;
        }
    }

    /// Takes the houses of `houses` (one bit per cup) to the mover's store,
    /// unless the capture is a grand slam that `no_capture` cancels.
    fn take<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        houses: u128,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let cups_of = || {
            let mut bits = houses;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    c
                })
            })
        };
        let (mut taken, mut from_opp) = (0u32, 0u32);
        for c in cups_of() {
            taken += u32::from(cups[c]);
            if usize::from(self.owner[c]) != side {
                from_opp += u32::from(cups[c]);
            }
        }
        if self.players == 2 && from_opp > 0 && self.side_seeds(cups, 1 - side) == from_opp {
            out.grand_slam = true;
            if self.grand_slam == GrandSlam::NoCapture {
                return;
            }
        }
        for c in cups_of() {
            cups[c] = 0;
        }
        if REPORT {
            *captured_cups |= houses;
        }
        cups[self.store(side)] += taken as u8;
        out.add_captured(taken as u8);
    }

    /// The last seed made a house of the opponent's hold exactly 1
    /// (`capture_side` `any` or `own`, two players): the mover's own house
    /// across the board from it is taken, with the last seed unless
    /// `leave` (`capture_leaves_seed`); nothing when that house is empty.
    #[inline(never)]
    fn capture_across<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        leave: bool,
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let across = usize::from(self.across[last]);
        if cups[across] == 0 {
            return;
        }
        let houses = if leave {
            1 << across
        } else {
            1 << across | 1 << last
        };
        self.take::<REPORT>(cups, side, houses, out, captured_cups);
    }

    /// The last seed made one of the mover's houses hold exactly 1: take
    /// the corresponding houses, with the last seed unless `leave`
    /// (`capture_leaves_seed`).
    #[inline(always)]
    fn capture_opposite<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        leave: bool,
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
                out.add_captured(1);
                if REPORT {
                    *captured_cups |= 1 << last;
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
        if leave {
            cups[self.store(side)] += taken;
            out.add_captured(taken);
            if REPORT {
                *captured_cups |= targets.iter().fold(0, |m, &t| m | 1 << t);
            }
            return;
        }
        cups[last] = 0;
        cups[self.store(side)] += taken + 1;
        out.add_captured(taken + 1);
        if REPORT {
            *captured_cups |= targets.iter().fold(1 << last, |m, &t| m | 1 << t);
        }
    }

    /// The count capture from house `last`, with its chain walking back
    /// in direction `dir` under `chain`: `(limit, any_side)` are the most
    /// houses it takes (0: no limit; `chain_limit`) and whether the houses
    /// after the first may be on any side (`capture_side =
    /// opponent_first`).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn capture_count<const REPORT: bool>(
        &self,
        cups: &mut [u8; CUPS],
        side: usize,
        last: usize,
        dir: usize,
        (limit, any_side): (usize, bool),
        out: &mut Sowing,
        captured_cups: &mut u128,
    ) {
        let ok = &self.capture_side_ok[side];
        let prev_house = &self.prev_house[dir];
        let qualifies = |c: usize| self.counts.holds(cups[c]) && ok[usize::from(self.owner[c])];
        let chains_on = |c: usize| {
            if any_side {
                self.counts.holds(cups[c])
            } else {
                qualifies(c)
            }
        };
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
            if !self.chain || houses == limit {
                break;
            }
            c = usize::from(prev_house[c]);
            if c == last || !chains_on(c) {
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
            c = usize::from(prev_house[c]);
        }
        cups[self.store(side)] += taken as u8;
        out.add_captured(taken as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::Preset;
    use crate::ruleset::{CountSet, Direction, Origin, RuleSet, StoresSown};

    /// every preset and a few unusual boards, on random boards.
    #[test]
    fn sowing_table_matches_sowing_seed_by_seed() {
        // The presets that sow plainly: relay sowing and captures while
        // sowing never use the table (sow_relay, sow_taking).
        let mut sets: Vec<RuleSet> = Preset::ALL
            .iter()
            .map(|p| p.rules())
            .filter(|s| s.relay == crate::ruleset::Relay::None && s.sow_capture_counts.is_empty())
            .collect();
        for (players, houses, stores, origin, direction) in [
            (3, 4, StoresSown::All, Origin::First, Direction::Ccw),
            (4, 6, StoresSown::Own, Origin::Skip, Direction::Ccw),
            (2, 1, StoresSown::None, Origin::Skip, Direction::Ccw),
            (2, 12, StoresSown::All, Origin::Include, Direction::Ccw),
            (2, 6, StoresSown::Own, Origin::Include, Direction::Cw),
            (2, 6, StoresSown::Own, Origin::Include, Direction::Parity),
            (2, 6, StoresSown::None, Origin::Skip, Direction::Parity),
            (3, 4, StoresSown::All, Origin::First, Direction::Parity),
        ] {
            sets.push(RuleSet {
                players,
                houses,
                seeds: 1,
                stores_sown: stores,
                origin,
                direction,
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
            // Seed by seed with captures while sowing that never happen.
            let taking = Rules {
                sow_captures: true,
                sow_counts: CountSet::of(&[255]),
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
                        let (mut a, mut b, mut c) = (cups, cups, cups);
                        let sa = tabled.sow::<false, KERNEL_GENERAL>(
                            &mut a,
                            &mut [0; 4],
                            side,
                            house,
                            0,
                            5,
                            &mut 0,
                        );
                        let sb = looped.sow::<false, KERNEL_GENERAL>(
                            &mut b,
                            &mut [0; 4],
                            side,
                            house,
                            0,
                            5,
                            &mut 0,
                        );
                        let sc = taking.sow::<false, KERNEL_GENERAL>(
                            &mut c,
                            &mut [0; 4],
                            side,
                            house,
                            0,
                            5,
                            &mut 0,
                        );
                        assert_eq!(a, b, "{set:?}: side {side} house {house} n {n}");
                        assert_eq!(a, c, "{set:?}: side {side} house {house} n {n}");
                        assert_eq!(sa.last, sb.last);
                        assert_eq!(sa.last, sc.last);
                    }
                }
            }
        }
    }
}
