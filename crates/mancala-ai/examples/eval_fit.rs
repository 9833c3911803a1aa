//! Fits the weights of the evaluation's Kalah terms (`KalahTerms`) to the
//! exact values of Kalah(6,4) positions, and says how well they, the
//! plain heuristic and store difference alone predict those values
//! (docs/results.md section 6.1).
//!
//! ```text
//! mancala solve --database-seeds 30 --database k30.egdb      # once: 47 minutes, 11 GB
//! cargo run --release -p mancala-ai --example eval_fit -- k30.egdb            # the fit
//! cargo run --release -p mancala-ai --example eval_fit -- k30.egdb --solve 2500
//! ```
//!
//! The positions come from games of alpha-beta at 3,000 nodes with the
//! plain heuristic (the evaluation before the Kalah terms), a random move
//! instead 30% of the time, seeded, so the same run gives the same fit.
//! The fit (6,000 games by default) takes every position the database
//! holds (at most its seeds on the board) and fits by least squares the
//! position's value to the side to move, stores excluded, to the side to
//! move's and the other side's [`SideTerms`] and a constant: the
//! weights, in seeds and in eighths of a seed (the `SEED` units of
//! `KalahTerms::FITTED`). `--solve N` plays N games on each of two
//! threads instead and solves up to two positions of each with 31 to 48
//! seeds on the board (the exact solver with the database), to see how
//! the fitted weights do where the database does not reach.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use mancala_ai::{
    AlphaBeta, Egdb, Heuristic, KalahTerms, Limits, SEED, SideTerms, Solver, SolverOptions,
    Strategy,
};
use mancala_core::{Position, Preset, Rules, Side};
use rand::{RngExt, SeedableRng, rngs::SmallRng};

/// Terms and constant: the side to move's four, the other side's four
/// (negated, so that the weights come out as `KalahTerms` holds them), 1.
const TERMS: usize = 9;

/// One position: its seeds on the board, its terms, its exact value to
/// the side to move with the stores left out.
#[derive(Clone, Copy)]
struct Sample {
    seeds: u32,
    terms: [f64; TERMS],
    value: f64,
}

fn sample(pos: &Position<'_>, value: i32) -> Sample {
    let mover = pos.to_move();
    let a = KalahTerms::counts(pos, mover);
    let b = KalahTerms::counts(pos, Side::new(1 - mover.index()));
    let list = |t: SideTerms, sign: f64| {
        [t.seeds, t.movable, t.extra_turns, t.capture].map(|x| sign * f64::from(x))
    };
    let mut terms = [1.0; TERMS];
    terms[..4].copy_from_slice(&list(a, 1.0));
    terms[4..8].copy_from_slice(&list(b, -1.0));
    Sample {
        seeds: pos.board_seeds(),
        terms,
        value: f64::from(value),
    }
}

/// `terms` of `KalahTerms` as weights in seeds, in the order of [`Sample::terms`].
fn weights(terms: &KalahTerms) -> [f64; TERMS] {
    let w = |t: SideTerms| [t.seeds, t.movable, t.extra_turns, t.capture];
    let (a, b) = (w(terms.mover), w(terms.waiting));
    let mut out = [0.0; TERMS];
    for i in 0..4 {
        out[i] = f64::from(a[i]);
        out[4 + i] = f64::from(b[i]);
    }
    out[8] = f64::from(terms.tempo);
    out.map(|x| x / f64::from(SEED))
}

/// The plain heuristic's prediction of the board's worth: 1/8 of a seed
/// per seed on the side, 3/4 per movable house, nothing else.
const PLAIN: [f64; TERMS] = [0.125, 0.75, 0.0, 0.0, 0.125, 0.75, 0.0, 0.0, 0.0];

/// Least squares by the normal equations (nine unknowns).
fn fit(samples: &[Sample]) -> [f64; TERMS] {
    let mut a = [[0.0; TERMS]; TERMS];
    let mut b = [0.0; TERMS];
    for s in samples {
        for i in 0..TERMS {
            b[i] += s.terms[i] * s.value;
            for j in 0..TERMS {
                a[i][j] += s.terms[i] * s.terms[j];
            }
        }
    }
    for col in 0..TERMS {
        let pivot = (col..TERMS)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in 0..TERMS {
            if row != col && a[col][col] != 0.0 {
                let f = a[row][col] / a[col][col];
                for k in col..TERMS {
                    a[row][k] -= f * a[col][k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    std::array::from_fn(|i| if a[i][i] == 0.0 { 0.0 } else { b[i] / a[i][i] })
}

/// Root mean square error of `w`'s prediction, in seeds.
fn rmse(samples: &[Sample], w: &[f64; TERMS]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let p: f64 = w.iter().zip(&s.terms).map(|(a, b)| a * b).sum();
            (p - s.value).powi(2)
        })
        .sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

/// Plays one seeded game, calling `visit` on every position before its move.
fn play_game(
    rules: &Rules,
    rng: &mut SmallRng,
    player: &mut impl Strategy,
    mut visit: impl FnMut(&Position<'_>),
) {
    let mut pos = Position::new(rules);
    while pos.outcome().is_none() {
        visit(&pos);
        let moves = pos.legal_moves();
        let m = if rng.random_bool(0.3) {
            moves.iter().nth(rng.random_range(0..moves.len()))
        } else {
            player.choose(&pos)
        };
        let Some(m) = m else { break };
        pos.play_unchecked(m);
    }
}

fn player() -> AlphaBeta<Heuristic> {
    let plain = Heuristic::default().without_kalah_terms();
    AlphaBeta::with_evaluator(plain, "nodes=3000".parse::<Limits>().expect("a budget"))
}

fn report(samples: &[Sample], label: &str) {
    let fitted = weights(&KalahTerms::FITTED);
    println!(
        "{label}: {} positions; RMSE in seeds: KalahTerms::FITTED {:.3}, plain {:.3}, store difference alone {:.3}",
        samples.len(),
        rmse(samples, &fitted),
        rmse(samples, &PLAIN),
        rmse(samples, &[0.0; TERMS]),
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(
        args.next()
            .expect("usage: eval_fit DATABASE [GAMES | --solve N]"),
    );
    let rest: Vec<String> = args.collect();
    let rules = Rules::new(&Preset::Kalah.rules()).expect("Kalah's rules");
    let database = Egdb::load(&path, &rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    eprintln!("database of {} seeds loaded", database.max_seeds());
    if rest.first().map(String::as_str) == Some("--solve") {
        let games: usize = rest.get(1).and_then(|n| n.parse().ok()).expect("--solve N");
        solve(&rules, Arc::new(database), games);
        return;
    }
    let games: usize = rest
        .first()
        .map_or(6000, |n| n.parse().expect("a number of games"));
    let mut rng = SmallRng::seed_from_u64(7);
    let mut searcher = player();
    let mut samples = Vec::new();
    for _ in 0..games {
        play_game(&rules, &mut rng, &mut searcher, |pos| {
            if let Some(value) = database.probe(pos) {
                samples.push(sample(pos, value));
            }
        });
    }
    let w = fit(&samples);
    let names = [
        "mover seeds",
        "mover movable",
        "mover extra turns",
        "mover capture",
        "waiting seeds",
        "waiting movable",
        "waiting extra turns",
        "waiting capture",
        "tempo",
    ];
    println!("| term | weight (seeds) | in eighths |");
    println!("|---|---|---|");
    for (name, w) in names.iter().zip(w) {
        println!("| {name} | {w:.4} | {} |", (w * f64::from(SEED)).round());
    }
    println!("fitted: RMSE {:.3} seeds", rmse(&samples, &w));
    report(&samples, "at most 30 seeds");
}

/// Solves positions with 31 to 48 seeds on the board on two threads and
/// reports the predictions' errors by band of seeds.
fn solve(rules: &Rules, database: Arc<Egdb>, games: usize) {
    let samples = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for thread in 0..2u64 {
            let (database, samples) = (database.clone(), &samples);
            scope.spawn(move || {
                let options = SolverOptions {
                    table_bytes: 2 << 30,
                    ..SolverOptions::default()
                };
                let mut solver = Solver::with_shared_database(rules, options, Some(database))
                    .expect("Kalah has two players");
                solver.set_threads(1);
                let mut rng = SmallRng::seed_from_u64(1000 + thread);
                let mut pick = SmallRng::seed_from_u64(2000 + thread);
                let mut searcher = player();
                for _ in 0..games {
                    let mut taken = 0;
                    play_game(rules, &mut rng, &mut searcher, |pos| {
                        let seeds = pos.board_seeds();
                        if taken < 2 && seeds > 30 && pick.random_bool(0.25) {
                            let solution = solver.solve(pos);
                            let mover = pos.to_move();
                            let stores = i32::from(pos.store(mover))
                                - i32::from(pos.store(Side::new(1 - mover.index())));
                            samples
                                .lock()
                                .expect("no panic")
                                .push(sample(pos, solution.value - stores));
                            taken += 1;
                        }
                    });
                }
            });
        }
    });
    let samples = samples.into_inner().expect("no panic");
    for (low, high) in [(31, 36), (37, 42), (43, 48)] {
        let band: Vec<Sample> = samples
            .iter()
            .filter(|s| (low..=high).contains(&s.seeds))
            .copied()
            .collect();
        report(&band, &format!("{low} to {high} seeds"));
    }
}
