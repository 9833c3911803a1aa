//! Random playouts: many games between uniformly random players, on one
//! thread or several, with their totals (for benchmarks, for estimating
//! how games go, and for front ends that want bulk play).

use mancala_core::{Playout, Position, Rules};

use crate::Random;
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
/// the totals. Each game is one [`Playout::play_out`], which applies
/// `repetition` as a `History` does: a repeated position ends the game.
///
/// Reproducible: thread `t` plays its share of the games with its own
/// [`Random`] seeded from `seed` and `t` (thread 0 with `seed` itself, so
/// one thread plays exactly the games of `Random::new(seed)`); the totals
/// depend on `seed` and the number of threads, not on timing.
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
/// assert_eq!(totals, random_playouts(&rules, 1_000, 7, 2));
/// assert!(totals.firsts.iter().sum::<u64>() >= 1_000);
/// # Ok::<(), mancala_core::RuleError>(())
/// ```
pub fn random_playouts(rules: &Rules, games: u64, seed: u64, threads: usize) -> PlayoutTotals {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, games.max(1) as usize);
    if threads == 1 {
        return play_share(rules, games, seed);
    }
    let share = |t: usize| games / threads as u64 + u64::from((t as u64) < games % threads as u64);
    let seed_of = |t: usize| {
        if t == 0 {
            seed
        } else {
            splitmix(seed ^ splitmix(t as u64))
        }
    };
    let mut totals = PlayoutTotals::new(rules.players());
    std::thread::scope(|scope| {
        let runs: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || play_share(rules, share(t), seed_of(t))))
            .collect();
        for run in runs {
            totals.add(&run.join().expect("a playout thread panicked"));
        }
    });
    totals
}

/// One thread's games, each one [`Playout::play_out`].
fn play_share(rules: &Rules, games: u64, seed: u64) -> PlayoutTotals {
    let mut random = Random::new(seed);
    let mut totals = PlayoutTotals::new(rules.players());
    let mut playout = Playout::new();
    let start = Position::new(rules);
    for _ in 0..games {
        let mut pos = start;
        totals.plies += u64::from(playout.play_out(&mut pos, PLAYOUT_CAP, &mut random));
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
    use crate::Strategy;
    use mancala_core::{Preset, RuleSet, Side};

    #[test]
    fn one_thread_plays_the_games_of_one_random_player() {
        // The same games by hand: one Random, moves until the end.
        let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
        let mut random = Random::new(3);
        let (mut plies, mut firsts) = (0, [0u64; 2]);
        for _ in 0..50 {
            let mut pos = Position::new(&rules);
            while let Some(m) = random.choose(&pos) {
                pos.play_unchecked(m);
                plies += 1;
            }
            let outcome = pos.outcome().unwrap();
            for s in 0..2 {
                firsts[s] += u64::from(outcome.rank(Side::new(s)) == 1);
            }
        }
        let totals = random_playouts(&rules, 50, 3, 1);
        assert_eq!(totals.games, 50);
        assert_eq!(totals.plies, plies);
        assert_eq!(totals.firsts, firsts);
        assert_eq!(totals.capped, 0);
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
