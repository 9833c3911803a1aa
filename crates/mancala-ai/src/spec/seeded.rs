//! Seeded evaluation: the evaluation of a spec's searcher with a small
//! tie-breaking term drawn from the seed, and the hash it draws with.

use mancala_core::Position;

use super::EvalKind;
use crate::eval::{Evaluator, Heuristic, StoreDifference};

/// The evaluation of a spec's searcher: [`Heuristic`] or
/// [`StoreDifference`], plus a tie-breaking term drawn from the seed and
/// the position.
#[derive(Clone, Copy, Debug)]
pub(super) struct SeededEval {
    pub(super) kind: EvalKind,
    pub(super) heuristic: Heuristic,
    /// The seed of the tie-breaking term (`None`: no term).
    pub(super) seed: Option<u64>,
}

/// The noise of one side, in value units: 0 to [`NOISE`].
const NOISE: u64 = 1;

impl SeededEval {
    pub(super) fn without_noise(self) -> SeededEval {
        SeededEval { seed: None, ..self }
    }

    fn noise(seed: u64, key: u64, side: usize) -> i32 {
        let h = splitmix(key ^ splitmix(seed ^ (side as u64).wrapping_mul(0x9e37)));
        (h % (NOISE + 1)) as i32
    }
}

impl Evaluator for SeededEval {
    fn evaluate(&self, pos: &Position<'_>, side: usize) -> i32 {
        let base = match self.kind {
            EvalKind::Heuristic => self.heuristic.evaluate(pos, side),
            EvalKind::Store => StoreDifference.evaluate(pos, side),
            EvalKind::Plain => self.heuristic.without_kalah_terms().evaluate(pos, side),
        };
        let Some(seed) = self.seed else {
            return base;
        };
        // "Mine minus the best other" keeps any two players' sum <= 0.
        let key = pos.key();
        let mine = SeededEval::noise(seed, key, side);
        let best = (0..pos.rules().players())
            .filter(|&s| s != side)
            .map(|s| SeededEval::noise(seed, key, s))
            .max()
            .unwrap_or(0);
        base + mine - best
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit hash.
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Random, Strategy};
    use mancala_core::{History, KalahOptions, Preset, Rules};

    /// Positions along a few random games.
    fn sample<'r>(rules: &'r Rules) -> Vec<Position<'r>> {
        let mut out = Vec::new();
        for seed in 0..4 {
            let mut random = Random::new(seed);
            let mut game = History::new(rules);
            while !game.is_over() && game.moves().len() < 200 {
                out.push(*game.position());
                let m = random.choose(game.position()).unwrap();
                game.play(m).unwrap();
            }
        }
        out
    }

    #[test]
    fn the_tie_break_keeps_two_players_values_summing_to_at_most_zero() {
        for players in [2, 3, 4] {
            let rules = Rules::new(
                &KalahOptions {
                    players,
                    ..Default::default()
                }
                .rules(),
            )
            .unwrap();
            for kind in [EvalKind::Heuristic, EvalKind::Store, EvalKind::Plain] {
                let eval = SeededEval {
                    kind,
                    heuristic: Heuristic::default(),
                    seed: Some(99),
                };
                let players = usize::from(players);
                for pos in sample(&rules) {
                    let v: Vec<i32> = (0..players).map(|s| eval.evaluate(&pos, s)).collect();
                    for a in 0..players {
                        for b in 0..a {
                            assert!(v[a] + v[b] <= 0, "{v:?} at {pos}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_tie_break_is_small_and_depends_on_the_seed() {
        let rules = Rules::new(&Preset::Oware.rules()).unwrap();
        let plain = Heuristic::default();
        let with = |seed| SeededEval {
            kind: EvalKind::Heuristic,
            heuristic: plain,
            seed: Some(seed),
        };
        let positions = sample(&rules);
        let mut differ = 0;
        for pos in &positions {
            for side in 0..2 {
                let base = plain.evaluate(pos, side);
                let a = with(1).evaluate(pos, side);
                let b = with(2).evaluate(pos, side);
                // Less than a quarter of a seed either way.
                assert!((a - base).abs() * 4 < crate::SEED, "{a} vs {base}");
                assert_eq!(a, with(1).evaluate(pos, side), "deterministic");
                differ += usize::from(a != b);
            }
        }
        assert!(
            differ > positions.len() / 4,
            "{differ} of {}",
            positions.len()
        );
        // Without a seed, the evaluation is the plain one.
        let none = with(1).without_noise();
        assert!(
            positions
                .iter()
                .all(|p| none.evaluate(p, 0) == plain.evaluate(p, 0))
        );
    }
}
