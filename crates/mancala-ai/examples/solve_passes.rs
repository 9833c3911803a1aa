//! Solves a Kalah position on one thread and prints the positions each
//! MTD(f) pass searched: a count that does not depend on the machine's
//! load (one thread, so the count is the same on every run), for
//! measuring the solver's changes on a shared machine (docs/results.md
//! section 4.5).
//!
//! ```text
//! cargo run --release -p mancala-ai --example solve_passes -- \
//!     SEEDS_PER_HOUSE TABLE_MB DATABASE_FILE [MOVES] [THREADS]
//! ```
//!
//! `DATABASE_FILE` is read (or built, of 20 seeds, and saved there when
//! it does not exist); `MOVES` are house numbers played from the start,
//! comma-separated (empty: the start).

use std::sync::{Arc, Mutex};

use mancala_ai::{Solver, SolverOptions};
use mancala_core::{Position, Preset, RuleSet, Rules};

/// Argument `i` of `args` read as a `T` (`default` when it is missing);
/// a value that does not read ends the program with a message naming it.
fn arg<T: std::str::FromStr>(args: &[String], i: usize, name: &str, default: T) -> T {
    match args.get(i) {
        None => default,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("solve_passes: {name} must be a number, not {text:?}");
            std::process::exit(2)
        }),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u8 = arg(&args, 0, "SEEDS_PER_HOUSE", 4);
    let table_mb: usize = arg(&args, 1, "TABLE_MB", 256);
    let file = std::path::PathBuf::from(args.get(2).map_or("kalah6-standard-20.egdb", |a| a));
    let moves = args.get(3).cloned().unwrap_or_default();
    let threads: usize = arg(&args, 4, "THREADS", 1);
    let rules = Rules::new(&RuleSet {
        seeds,
        ..Preset::Kalah.rules()
    })
    .expect("a valid Kalah board");
    let options = SolverOptions {
        table_bytes: table_mb << 20,
        database_seeds: 20,
    };
    let mut solver =
        Solver::with_database_file(&rules, options, &file).expect("a usable database file");
    solver.set_threads(threads);
    let mut pos = Position::new(&rules);
    for m in moves.split(',').filter(|m| !m.is_empty()) {
        let house: u8 = m.trim().parse().expect("a house number");
        let mv = pos
            .legal_moves()
            .iter()
            .find(|mv| mv.to_string() == house.to_string())
            .expect("a legal move");
        pos.play_unchecked(mv);
    }
    let last = Arc::new(Mutex::new(0u64));
    let seen = Arc::clone(&last);
    solver.set_progress(move |p| {
        let mut before = seen.lock().expect("not poisoned");
        println!(
            "pass {:2}: {:>13} positions ({:>13} in all), bounds {:?}..{:?}, {:.1} s",
            p.passes,
            p.nodes - *before,
            p.nodes,
            p.lower,
            p.upper,
            p.elapsed.as_secs_f64()
        );
        *before = p.nodes;
    });
    let s = solver.solve(&pos);
    println!(
        "value {} best {:?} positions {} in {:.1} s",
        s.value,
        s.best,
        s.nodes,
        s.elapsed.as_secs_f64()
    );
}
