//! Solves Kalah(houses, seeds) for 1 to 6 houses and 1 to 6 seeds, under
//! both capture rules (standard, and `capture_empty_opposite`), each within
//! a time budget, and prints the values as a Markdown table: side 0's
//! final score minus side 1's under perfect play, and the time taken
//! (endgame database build included), or the budget it ran out of (the
//! budget counts the search only).
//!
//! ```text
//! cargo run --release --example solve_table -- [SECONDS_PER_BOARD] [DATABASE_SEEDS] [DATABASE_DIR]
//! ```
//!
//! With a `DATABASE_DIR`, each rule set's endgame database is read from a
//! file there, or built and saved there the first time (a big database is
//! then built once).

use std::time::Duration;

use mancala::ai::{Limits, Solver, SolverOptions};
use mancala::{Position, Preset, RuleSet, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(30.0);
    let database_seeds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let database_dir = args.get(2).map(std::path::PathBuf::from);
    let limits = Limits::time(Duration::from_secs_f64(seconds));
    for (title, empty) in [("standard rules", false), ("capture_empty_opposite", true)] {
        println!("\nKalah(houses, seeds), {title}: value for the first player (time)\n");
        println!("| houses \\ seeds | 1 | 2 | 3 | 4 | 5 | 6 |");
        println!("|---|---|---|---|---|---|---|");
        for houses in 1..=6u8 {
            let mut row = format!("| {houses} |");
            for seeds in 1..=6u8 {
                let set = RuleSet {
                    houses,
                    seeds,
                    capture_empty_opposite: empty,
                    ..Preset::Kalah.rules()
                };
                let rules = Rules::new(&set).expect("a valid Kalah board");
                let start = std::time::Instant::now();
                let options = SolverOptions {
                    table_bytes: 256 << 20,
                    database_seeds,
                };
                let mut solver = match &database_dir {
                    Some(dir) => {
                        let name = format!(
                            "kalah{houses}-{}-{database_seeds}.egdb",
                            if empty { "empty" } else { "standard" }
                        );
                        Solver::with_database_file(&rules, options, &dir.join(name))
                            .expect("a usable endgame database file")
                    }
                    None => Solver::new(&rules, options).expect("two players"),
                };
                let cell = match solver.solve_within(&Position::new(&rules), &limits) {
                    Ok(s) => format!(" {:+} ({:.1} s) |", s.value, start.elapsed().as_secs_f64()),
                    Err(_) => format!(" > {seconds} s |"),
                };
                row.push_str(&cell);
                eprintln!("Kalah({houses},{seeds}) {title}:{cell}");
            }
            println!("{row}");
        }
    }
}
