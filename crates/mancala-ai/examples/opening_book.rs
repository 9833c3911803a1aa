//! Writes the Kalah(6,4) opening book (`crates/mancala-ai/books/kalah-6-4.txt`):
//! the exact value of every move of every position in the game's first
//! turns, solved with an endgame database.
//!
//! ```text
//! mancala solve --database-seeds 30 --database k30.egdb      # once: 47 minutes, 11 GB
//! cargo run --release -p mancala-ai --example opening_book -- k30.egdb 4 > crates/mancala-ai/books/kalah-6-4.txt
//! ```
//!
//! The second argument is the number of turns the book covers (a turn is
//! one player's moves until the other moves: extra turns stay in it): 4
//! is South's first turn, North's first, South's second and North's
//! second, 2,533 positions, 22 minutes on 2 cores with the database
//! loaded in a minute (docs/results.md section 5.4). The positions come
//! turn by turn, each turn's in the order a depth-first walk in house
//! order meets them, so the same run writes the same file. Each is
//! analysed by one solver (a 4 GB table, kept from position to position)
//! looking boards up in the database. Progress goes to standard error.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use mancala_ai::{Book, Egdb, Solver, SolverOptions, book};
use mancala_core::{Position, Preset, Rules};

fn main() {
    // The solver's recursion wants more stack than the main thread has.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(write_book)
        .expect("a thread")
        .join()
        .expect("the book written");
}

fn write_book() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: opening_book DATABASE TURNS";
    let path = PathBuf::from(args.next().expect(usage));
    let turns: usize = args.next().and_then(|t| t.parse().ok()).expect(usage);
    let rules = Rules::new(&Preset::Kalah.rules()).expect("Kalah's rules");
    let start = Instant::now();
    let database = Egdb::load(&path, &rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    eprintln!(
        "database of {} seeds loaded in {:.0?}",
        database.max_seeds(),
        start.elapsed()
    );
    let options = SolverOptions {
        table_bytes: 4 << 30,
        ..SolverOptions::default()
    };
    let mut solver =
        Solver::with_database(&rules, options, Some(database)).expect("Kalah has two players");
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", book::HEADER.trim_end()).expect("stdout");
    let mut seen = HashSet::new();
    let mut layer = vec![Position::new(&rules)];
    for turn in 0..turns {
        let started = Instant::now();
        let mut next = Vec::new();
        let mut queue = layer;
        let mut written = 0;
        while let Some(pos) = queue.pop() {
            let mut setup = pos.to_setup();
            setup.ply = 0;
            if pos.is_over() || !seen.insert(setup.to_string()) {
                continue;
            }
            let values = solver.analyse(&pos);
            let line = Book::line(&pos, &values).expect("every move valued exactly");
            writeln!(out, "{line}").expect("stdout");
            written += 1;
            let moves: Vec<_> = pos.legal_moves().into_iter().collect();
            for &mv in moves.iter().rev() {
                let mut child = pos;
                child.play_unchecked(mv);
                if child.to_move() == pos.to_move() {
                    queue.push(child);
                } else {
                    next.push(child);
                }
            }
        }
        eprintln!(
            "turn {}: {written} positions in {:.1?}",
            turn + 1,
            started.elapsed()
        );
        next.reverse();
        layer = next;
    }
}
