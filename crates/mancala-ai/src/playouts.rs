//! Random playouts: many games between uniformly random players, on one
//! thread or several, with their totals (for benchmarks, for estimating
//! how games go, and for front ends that want bulk play).

use mancala_core::{Choose, Match, Playout, Position, Rounds, Rules};

use crate::spec::splitmix;

/// Games still going after this many moves are ended by agreement (games
/// under rules without `repetition` can circle for ever).
pub const PLAYOUT_CAP: u32 = 100_000;

/// What a run of random games came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutTotals {
    /// Games played.
    pub games: u64,
    /// Moves played in all (pie swaps included).
    pub plies: u64,
    /// Games ended by agreement at [`PLAYOUT_CAP`] moves.
    pub capped: u64,
    /// Per side: the games it ranked first in, alone or shared.
    pub firsts: Vec<u64>,
}

impl PlayoutTotals {
    fn new(players: usize) -> PlayoutTotals {
        PlayoutTotals {
            firsts: vec![0; players],
            ..PlayoutTotals::default()
        }
    }

    fn add(&mut self, other: &PlayoutTotals) {
        self.games += other.games;
        self.plies += other.plies;
        self.capped += other.capped;
        for (mine, theirs) in self.firsts.iter_mut().zip(&other.firsts) {
            *mine += theirs;
        }
    }

    fn finish(&mut self, pos: &Position<'_>) {
        let outcome = pos.outcome().expect("a finished game has an outcome");
        for side in pos.rules().sides() {
            if outcome.rank(side) == 1 {
                self.firsts[side.index()] += 1;
            }
        }
        self.games += 1;
    }
}

/// Plays `games` games from the start of `rules` between uniformly random
/// players, on `threads` threads (0: one per available core), and returns
/// the totals. Under rules in rounds (docs/rules.md section 8a) a game is
/// a whole match, its rounds' moves counted together, ranked by its last
/// round (as [`Match::outcome`]), and capped at [`PLAYOUT_CAP`] moves in
/// all. Otherwise each game is the game of one [`Playout::play_out`], which
/// applies `repetition` as a `History` does: a repeated position ends the
/// game. Without `repetition`, each thread plays its games four at a
/// time ([`Playout::play_lanes`]; with it, lanes were measured slower,
/// and it plays them one after the other).
///
/// Reproducible: game `g` (from 0) draws its moves from its own
/// generator, wyrand (Wang Yi's generator of the wyhash repository,
/// <https://github.com/wangyi-fudan/wyhash>; the one of the `fastrand`
/// crate: one `u64` of state), started at `splitmix64(seed ^
/// splitmix64(g))` (the SplitMix64 finaliser), whichever thread and lane
/// plays it; among `n` legal moves a draw `r` plays the one of index
/// `r * n >> 64` (Lemire's multiply-shift, without rejection: each index
/// is drawn with a probability within `2^-64` of `1 / n`). Thread `t`
/// plays a run of consecutive games. The totals depend on `seed` alone,
/// not on the number of threads or on timing; they are reproducible from
/// one version to the next only as far as the changelog says (they
/// changed when the generator did).
///
/// # Examples
///
/// ```
/// use mancala_ai::random_playouts;
/// use mancala_core::{Preset, Rules};
///
/// let rules = Rules::new(&Preset::Oware.rules())?;
/// let totals = random_playouts(&rules, 1_000, 7, 2);
/// assert_eq!(totals.games, 1_000);
/// assert_eq!(totals, random_playouts(&rules, 1_000, 7, 1));
/// assert!(totals.firsts.iter().sum::<u64>() >= 1_000);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub fn random_playouts(rules: &Rules, games: u64, seed: u64, threads: usize) -> PlayoutTotals {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, games.max(1) as usize) as u64;
    if threads == 1 {
        return play_share(rules, 0..games, seed);
    }
    // Thread `t` plays the games from `first(t)` to `first(t + 1)`.
    let first = |t: u64| t * (games / threads) + t.min(games % threads);
    let mut totals = PlayoutTotals::new(rules.players());
    std::thread::scope(|scope| {
        let runs: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || play_share(rules, first(t)..first(t + 1), seed)))
            .collect();
        for run in runs {
            totals.add(&run.join().expect("a playout thread panicked"));
        }
    });
    totals
}

/// The games a thread of [`random_playouts`] plays at a time, in the lanes
/// of [`Playout::play_lanes`], under rules without `repetition`: Kalah
/// took 17% less time in 4 lanes than one game at a time; Oware (with
/// `repetition`, a set of positions a lane) took 15% more before the
/// lanes moved in rounds, and as much since (user time, best of 5 on a
/// busy host, `mancala-core`'s `examples/lanes.rs`, issue 31), so it is
/// still played one game at a time.
const LANES: usize = 4;

/// The seed of game `game`'s random player.
fn game_seed(seed: u64, game: u64) -> u64 {
    splitmix(seed ^ splitmix(game))
}

/// The uniform move choice of [`random_playouts`]: wyrand (Wang Yi,
/// <https://github.com/wangyi-fudan/wyhash>, as in the `fastrand` crate)
/// and Lemire's multiply-shift. One `u64` of state, which a play-out keeps
/// in a register; a draw is an addition, a 64x64->128 multiply and an
/// exclusive or, and the index one more multiply (no division, no
/// rejection loop). wyrand passes BigCrush and PractRand (its authors'
/// report); its period is 2^64.
///
/// `rand`'s `SmallRng` (xoshiro256++, four words of state) with
/// `random_range` (a multiply and a rejection test), which
/// [`crate::Random`] draws with, cost about 20 instructions a move more
/// (Kalah 144 a move against 123, Oware 189 against 166: cachegrind
/// counts, docs/results.md section 2.2).
#[derive(Clone, Debug)]
struct Wyrand(u64);

impl Wyrand {
    /// wyrand's increment (wyhash's first secret, `_wyp0`).
    const INCREMENT: u64 = 0xa076_1d64_78bd_642f;
    /// What the state is multiplied with, exclusive-ored (`_wyp1`).
    const MIX: u64 = 0xe703_7ed1_a0b4_28db;

    /// The generator of game `game` of a run seeded with `seed`.
    fn for_game(seed: u64, game: u64) -> Wyrand {
        Wyrand(game_seed(seed, game))
    }

    /// The next 64 random bits.
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(Self::INCREMENT);
        let t = u128::from(self.0) * u128::from(self.0 ^ Self::MIX);
        (t as u64) ^ (t >> 64) as u64
    }
}

/// Index `next_u64() * moves >> 64`: below `moves` for `moves > 0`.
impl Choose for Wyrand {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        ((u128::from(self.next_u64()) * moves as u128) >> 64) as usize
    }
}

/// One thread's games, those numbered `games`, [`LANES`] at a time
/// (one at a time under `repetition`).
fn play_share(rules: &Rules, games: std::ops::Range<u64>, seed: u64) -> PlayoutTotals {
    if rules.rule_set().rounds != Rounds::None {
        return play_matches(rules, games, seed);
    }
    let mut totals = PlayoutTotals::new(rules.players());
    let start = Position::new(rules);
    let (first, count) = (games.start, games.end - games.start);
    let chooser = |i| Wyrand::for_game(seed, first + i);
    let done = |_, pos: &Position<'_>, moves| {
        totals.plies += u64::from(moves);
        if pos.is_over() {
            totals.finish(pos);
        } else {
            let mut pos = *pos;
            pos.end_by_agreement();
            totals.capped += 1;
            totals.finish(&pos);
        }
    };
    let mut playout = Playout::new();
    if rules.detects_repetition() {
        playout.play_lanes::<1, _>(&start, count, PLAYOUT_CAP, chooser, done);
    } else {
        playout.play_lanes::<LANES, _>(&start, count, PLAYOUT_CAP, chooser, done);
    }
    totals
}

/// [`play_share`] under rules in rounds: each game a whole [`Match`],
/// played move by move with game `g`'s generator.
fn play_matches(rules: &Rules, games: std::ops::Range<u64>, seed: u64) -> PlayoutTotals {
    let mut totals = PlayoutTotals::new(rules.players());
    for g in games {
        let mut random = Wyrand::for_game(seed, g);
        let mut game = Match::new(rules.rule_set()).expect("compiled rules make a match");
        let mut plies = 0;
        while !game.is_over() && plies < PLAYOUT_CAP {
            let moves = game.position().legal_moves();
            let m = moves
                .get(random.pick(moves.len()))
                .expect("a round not over has a move");
            game.play(m).expect("the random player plays legal moves");
            plies += 1;
        }
        totals.plies += u64::from(plies);
        let mut pos = game.position();
        if !pos.is_over() {
            pos.end_by_agreement();
            totals.capped += 1;
        }
        totals.finish(&pos);
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{History, Preset, RuleSet, Side};

    #[test]
    fn wyrand_draws_what_the_published_algorithm_draws() {
        // The first draws from states 0 and 1, computed apart with
        // Python's integers from wyhash's `wyrand` (s += _wyp0;
        // t = s * (s ^ _wyp1) on 128 bits; low half ^ high half).
        let mut zero = Wyrand(0);
        let draws = [zero.next_u64(), zero.next_u64(), zero.next_u64()];
        assert_eq!(
            draws,
            [
                0x111c_b3a7_8f59_a58e,
                0xceab_d938_ff4e_856d,
                0x61fb_5131_8f47_d2a4
            ]
        );
        let mut one = Wyrand(1);
        let draws = [one.next_u64(), one.next_u64(), one.next_u64()];
        assert_eq!(
            draws,
            [
                0xcdef_1695_e1f8_ed2c,
                0x61d6_d24b_1c9a_ad40,
                0x8cf8_80c2_2eeb_fadf
            ]
        );
    }

    #[test]
    fn a_pick_is_an_index_below_the_moves_and_each_is_drawn_evenly() {
        // The top bits choose, r * n >> 64: the draws of state 0 above are
        // 0.067, 0.807 and 0.383 of 2^64, so among six moves 0, 4 and 2.
        let mut w = Wyrand(0);
        assert_eq!([w.pick(6), w.pick(6), w.pick(6)], [0, 4, 2]);
        let mut w = Wyrand(9);
        for n in 1..=64 {
            let mut drawn = vec![0u32; n];
            for _ in 0..200 * n {
                drawn[w.pick(n)] += 1;
            }
            // 200 expected each: a count outside 120..=280 is more than
            // 5.6 standard deviations off.
            assert!(
                drawn.iter().all(|&c| (120..=280).contains(&c)),
                "{n}: {drawn:?}"
            );
        }
    }

    /// The totals of `games` games played by hand, move by move (through
    /// a `History` under `repetition`): game `g` picks its moves among
    /// [`Position::legal_moves`] with `Wyrand` started at
    /// `splitmix(seed ^ splitmix(g))`.
    fn by_hand(rules: &Rules, games: u64, seed: u64) -> PlayoutTotals {
        let mut totals = PlayoutTotals::new(rules.players());
        for g in 0..games {
            let mut random = Wyrand(splitmix(seed ^ splitmix(g)));
            let mut game = History::new(rules);
            while !game.is_over() {
                let moves = game.position().legal_moves();
                let m = moves.get(random.pick(moves.len())).unwrap();
                game.play_unchecked(m);
                totals.plies += 1;
            }
            let outcome = game.position().outcome().unwrap();
            for s in 0..rules.players() {
                totals.firsts[s] += u64::from(outcome.rank(Side::new(s)) == 1);
            }
            totals.games += 1;
        }
        totals
    }

    #[test]
    fn each_game_is_the_game_of_its_own_generator() {
        // 301 Kalah games of seed 5 are the games `mancala bench
        // playouts --games 301 --seed 5` plays (its test pins their moves).
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let want = by_hand(&kalah, 301, 5);
        assert_eq!(want.plies, 13_051);
        for threads in [1, 2, 3] {
            assert_eq!(random_playouts(&kalah, 301, 5, threads), want, "{threads}");
        }
        // Oware, where `repetition` ends games.
        let oware = Rules::new(&Preset::Oware.rules()).unwrap();
        let want = by_hand(&oware, 40, 3);
        assert_eq!(random_playouts(&oware, 40, 3, 1), want);
        assert_eq!(random_playouts(&oware, 40, 3, 3), want);
    }

    #[test]
    fn a_game_under_rules_in_rounds_is_a_whole_match() {
        // Two houses of two seeds in rounds, at most two: by hand, with
        // `Match`, each match played to its end by its own random player.
        let set = RuleSet::from_spec("kalah,houses=2,seeds=2,rounds=fill,round_limit=2").unwrap();
        let rules = Rules::new(&set).unwrap();
        let mut want = PlayoutTotals::new(2);
        let mut rounds = 0;
        for g in 0..50 {
            let mut random = Wyrand(splitmix(7 ^ splitmix(g)));
            let mut game = Match::new(&set).unwrap();
            while !game.is_over() {
                let moves = game.position().legal_moves();
                let m = moves.get(random.pick(moves.len())).unwrap();
                game.play(m).unwrap();
                want.plies += 1;
            }
            rounds += game.round_count();
            let outcome = game.outcome().unwrap();
            for s in 0..2 {
                want.firsts[s] += u64::from(outcome.rank(Side::new(s)) == 1);
            }
            want.games += 1;
        }
        // Some matches went on past their first round.
        assert!(rounds > 50, "{rounds} rounds in 50 matches");
        for threads in [1, 3] {
            assert_eq!(random_playouts(&rules, 50, 7, threads), want, "{threads}");
        }
        // Round 1 alone is a shorter game: the old totals were those.
        let one_round = Rules::new(&RuleSet::from_spec("kalah,houses=2,seeds=2").unwrap()).unwrap();
        assert!(random_playouts(&one_round, 50, 7, 1).plies < want.plies);
    }

    #[test]
    fn threads_share_the_games_out_whole() {
        let rules = Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap();
        for threads in [2, 3, 7] {
            let totals = random_playouts(&rules, 20, 1, threads);
            assert_eq!(totals.games, 20, "{threads} threads");
            assert_eq!(totals.firsts.len(), 3);
            assert!(totals.firsts.iter().sum::<u64>() >= 20);
        }
        // More threads than games: one game each.
        assert_eq!(random_playouts(&rules, 2, 1, 8).games, 2);
        assert_eq!(random_playouts(&rules, 0, 1, 0), PlayoutTotals::new(3));
    }

    #[test]
    fn endless_games_are_capped() {
        // Stores off the track and no repetition rule: Oware's seeds may
        // circle for ever (two houses of two seeds: a few games in ten).
        let set = RuleSet::from_spec("oware,houses=2,seeds=2,end=majority").unwrap();
        let rules = Rules::new(&set).unwrap();
        let totals = random_playouts(&rules, 10, 5, 1);
        assert!(totals.capped > 0, "{totals:?}");
        assert!(totals.plies >= totals.capped * u64::from(PLAYOUT_CAP));
    }
}
