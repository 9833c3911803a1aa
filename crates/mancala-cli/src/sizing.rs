//! `mancala solve`'s table and endgame database: chosen from the memory
//! free (`MemAvailable` of /proc/meminfo) and the rules by
//! [`SolverOptions::for_machine`] unless `--table-mb` and
//! `--database-seeds` say, and told on one line of stderr.

use mancala_ai::{DatabaseLimit, MachineSizing, SolverOptions};
use mancala_core::Rules;

use crate::cli::SolveArgs;

/// A database at least this big takes minutes to build: the line says so.
const LONG_BUILD_BYTES: u64 = 100_000_000;

/// The solver's options for `args`, and the line saying what was chosen
/// and why (`None` when both flags were given: nothing was chosen).
pub fn solver_options(rules: &Rules, args: &SolveArgs) -> (SolverOptions, Option<String>) {
    let table = args.table_mb.map(|mb| mb.max(1) << 20);
    if let (Some(table_bytes), Some(database_seeds)) = (table, args.database_seeds) {
        return (
            SolverOptions {
                table_bytes,
                database_seeds,
            },
            None,
        );
    }
    let Some(available) = available_bytes() else {
        let defaults = SolverOptions::default();
        let options = SolverOptions {
            table_bytes: table.unwrap_or(defaults.table_bytes),
            database_seeds: args.database_seeds.unwrap_or(defaults.database_seeds),
        };
        let line = format!(
            "solver: table {} MiB, endgame database of {} seeds (the free memory is not known: \
             the defaults)",
            options.table_bytes >> 20,
            options.database_seeds
        );
        return (options, Some(line));
    };
    let mut sizing = match args.database_seeds {
        Some(seeds) => MachineSizing::with_seeds(rules, available, seeds, DatabaseLimit::Asked),
        None => SolverOptions::for_machine(rules, available),
    };
    if let Some(table_bytes) = table {
        sizing.options.table_bytes = table_bytes;
    }
    let line = format!("solver: {sizing}{}", database_note(&sizing, args));
    (sizing.options, Some(line))
}

/// Where the database comes from, when that is worth a word: a file read,
/// or a build of minutes.
fn database_note(sizing: &MachineSizing, args: &SolveArgs) -> String {
    if sizing.database_bytes == 0 {
        return String::new();
    }
    match &args.database {
        Some(file) if file.exists() => {
            format!(
                "; the database is read from {} (with its own seeds)",
                file.display()
            )
        }
        Some(file) if sizing.database_bytes >= LONG_BUILD_BYTES => format!(
            "; building the database first takes long (minutes a GB), then it is saved to {}",
            file.display()
        ),
        None if sizing.database_bytes >= LONG_BUILD_BYTES => {
            "; building the database first takes long (minutes a GB): --database FILE keeps it \
             for the next solve"
                .to_string()
        }
        _ => String::new(),
    }
}

/// The memory free for new programs, in bytes: `MemAvailable` of
/// /proc/meminfo (`None` where there is no such file: not Linux).
fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_available(&text)
}

/// The `MemAvailable:   23456789 kB` line of /proc/meminfo, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}
