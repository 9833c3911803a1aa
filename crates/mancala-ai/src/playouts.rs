//! Random playouts: many games between uniformly random players, on one
//! thread or several, with their totals (for benchmarks, for estimating
//! how games go, and for front ends that want bulk play).

use mancala_core::{Choose, Match, Playout, Position, Rounds, Rules};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoroshiro128Plus;

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
/// generator, xoroshiro128+ (Blackman and Vigna; `rand_xoshiro`'s
/// `Xoroshiro128Plus`) seeded with `seed_from_u64(splitmix64(seed ^
/// splitmix64(g)))` (SplitMix64's output function; `seed_from_u64` fills
/// the two words from SplitMix64 in turn), whichever thread and lane plays
/// it; among `n` legal moves a draw plays the one of index `x * n >> 32`,
/// `x` being its top 32 bits (`next_u32`; a multiply-shift without
/// rejection: each index is drawn with a probability within `n / 2^32`
/// of `1 / n`). Thread `t`
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

/// The uniform move choice of [`random_playouts`]: xoroshiro128+
/// (Blackman and Vigna, 2018; `rand_xoshiro`'s `Xoroshiro128Plus`), two
/// `u64`s of state stepped by additions, shifts, rotations and exclusive
/// ors, and among `n` moves the index `x * n >> 32` of the draw's top 32
/// bits `x` (its weak bits are the lowest, never used here; each index
/// drawn with a probability within `n / 2^32` of `1 / n`).
///
/// Measured against the generators before it (docs/results.md section
/// 2.2): wyrand (one `u64` and two 64x64->128-bit multiplies a draw) was
/// about 4% slower in Oware's one game at a time, and xoshiro256++ (four
/// words, `rand`'s `SmallRng`) slower in Kalah's four lanes.
#[derive(Clone, Debug)]
struct Draws(Xoroshiro128Plus);

impl Draws {
    /// The generator of game `game` of a run seeded with `seed`.
    fn for_game(seed: u64, game: u64) -> Draws {
        Draws(Xoroshiro128Plus::seed_from_u64(game_seed(seed, game)))
    }
}

/// Index `x * moves >> 32` of the draw's top 32 bits `x`: below `moves`
/// for `0 < moves < 2^32`.
impl Choose for Draws {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        ((u64::from(self.0.next_u32()) * moves as u64) >> 32) as usize
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
    let chooser = |i| Draws::for_game(seed, first + i);
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
        let mut random = Draws::for_game(seed, g);
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
    fn the_draws_are_those_of_the_published_xoroshiro128_plus() {
        // The first draws of the generators seeded with 0 and 1, computed
        // apart with Python's integers: the two words from SplitMix64
        // started at the seed (x += 0x9e3779b97f4a7c15, then its output
        // function), then Vigna's xoroshiro128plus.c of 2018 (result
        // s0 + s1; s1 ^= s0; s0 = rotl(s0, 24) ^ s1 ^ (s1 << 16);
        // s1 = rotl(s1, 37)).
        let mut zero = Xoroshiro128Plus::seed_from_u64(0);
        let draws = [zero.next_u64(), zero.next_u64(), zero.next_u64()];
        assert_eq!(
            draws,
            [
                0x5099_46a4_1cd7_33a3,
                0xd805_fcac_6824_536e,
                0xdadc_02f3_e3cf_7be3
            ]
        );
        let mut one = Xoroshiro128Plus::seed_from_u64(1);
        let draws = [one.next_u64(), one.next_u64(), one.next_u64()];
        assert_eq!(
            draws,
            [
                0x4ff5_bb8d_ee91_4928,
                0xf4bb_6363_99ef_c448,
                0x676c_e74b_b045_e184
            ]
        );
    }

    #[test]
    fn a_pick_is_an_index_below_the_moves_and_each_is_drawn_evenly() {
        // The top 32 bits choose, x * n >> 32: the draws of seed 0 above
        // are 0.315, 0.844 and 0.855 of 2^64, so among six moves 1, 5, 5.
        let mut w = Draws(Xoroshiro128Plus::seed_from_u64(0));
        assert_eq!([w.pick(6), w.pick(6), w.pick(6)], [1, 5, 5]);
        let mut w = Draws(Xoroshiro128Plus::seed_from_u64(9));
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
    /// [`Position::legal_moves`] with the `Xoroshiro128Plus` seeded with
    /// `splitmix(seed ^ splitmix(g))`, index `x * n >> 32` of its top 32
    /// bits `x`.
    fn by_hand(rules: &Rules, games: u64, seed: u64) -> PlayoutTotals {
        let mut totals = PlayoutTotals::new(rules.players());
        for g in 0..games {
            let mut random = Xoroshiro128Plus::seed_from_u64(splitmix(seed ^ splitmix(g)));
            let mut game = History::new(rules);
            while !game.is_over() {
                let moves = game.position().legal_moves();
                let x = u64::from(random.next_u32());
                let m = moves
                    .get(((x * moves.len() as u64) >> 32) as usize)
                    .unwrap();
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
        // playouts --games 301 --seed 5` plays (its test pins their moves);
        // OpenSpiel's `mancala` plays them in as many moves with the same
        // draws (mancala-py's `test_openspiel.py`).
        let kalah = Rules::new(&Preset::Kalah.rules()).unwrap();
        let want = by_hand(&kalah, 301, 5);
        assert_eq!(want.plies, 13_172);
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
            let mut random = Draws::for_game(7, g);
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
