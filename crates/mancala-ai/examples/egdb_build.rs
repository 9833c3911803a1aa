//! Builds a Kalah endgame database on one thread and prints its board
//! count and a checksum of its values: for counting the build's
//! instructions under valgrind (a count that does not depend on the
//! machine's load) and for checking that a change to the build leaves
//! every byte the same (docs/results.md section 4.4).
//!
//! ```text
//! cargo run --release -p mancala-ai --example egdb_build -- HOUSES SEEDS [FILE]
//! ```
//!
//! `HOUSES` houses a side, every board of up to `SEEDS` seeds; with
//! `FILE`, the database is saved there too.

use mancala_ai::Egdb;
use mancala_core::{Preset, RuleSet, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> u8 {
        args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
            eprintln!("usage: egdb_build HOUSES SEEDS [FILE]");
            std::process::exit(2)
        })
    };
    let (houses, seeds) = (number(1), number(2));
    let set = RuleSet {
        houses,
        ..Preset::Kalah.rules()
    };
    let rules = Rules::new(&set).expect("Kalah rules with these houses");
    let db = Egdb::build_with_threads(&rules, usize::from(seeds), 1).expect("Kalah has a database");
    let path = args.get(3).map_or_else(
        || std::env::temp_dir().join(format!("egdb_build{}.bin", std::process::id())),
        std::path::PathBuf::from,
    );
    db.save(&path).expect("saved");
    let bytes = std::fs::read(&path).expect("read back");
    if args.get(3).is_none() {
        let _ = std::fs::remove_file(&path);
    }
    // FNV-1a of the whole file: header, values and their checksum.
    let fnv = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    println!(
        "Kalah({houses},*) {seeds} seeds: {} boards, file FNV-1a {fnv:016x}",
        Egdb::size(&rules, usize::from(seeds))
    );
}
