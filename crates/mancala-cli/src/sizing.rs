//! `mancala solve`'s table and endgame database: chosen from the memory
//! free (`MemAvailable` of /proc/meminfo) and the rules by
//! [`SolverOptions::for_machine`] unless `--table-mb` and
//! `--database-seeds` say, and told on one line of stderr; the database
//! read from, or kept in, `--database FILE` or the cache directory.

use std::path::PathBuf;

use mancala_ai::{DatabaseLimit, Egdb, MachineSizing, SolverOptions};
use mancala_core::Rules;

use crate::cli::SolveArgs;

/// A database at least this big takes minutes to build: the line says so.
const LONG_BUILD_BYTES: u64 = 100_000_000;

/// Where `solve` gets its endgame database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseFile {
    /// Built for this solve alone: no database, `--no-database-cache`, or
    /// no cache directory.
    Built,
    /// `--database FILE`: read, or built and saved there (an error if
    /// that fails).
    Given(PathBuf),
    /// The cache directory's file for these rules and seeds: read, or
    /// built and kept there (a warning if that fails).
    Cached(PathBuf),
}

impl DatabaseFile {
    /// The file, if there is one.
    fn path(&self) -> Option<&PathBuf> {
        match self {
            DatabaseFile::Built => None,
            DatabaseFile::Given(path) | DatabaseFile::Cached(path) => Some(path),
        }
    }

    /// Whether the database will be read from a file that is there.
    pub fn exists(&self) -> bool {
        self.path().is_some_and(|p| p.exists())
    }
}

/// What `solve` runs with: the solver's options, the line telling what
/// was chosen (`None` when both flags were given: nothing was chosen),
/// and where the database comes from.
pub struct Plan {
    /// The table and the database's seeds.
    pub options: SolverOptions,
    /// The line for stderr.
    pub line: Option<String>,
    /// Where the database is read or kept.
    pub file: DatabaseFile,
}

/// The plan for solving under `rules` as `args` ask.
pub fn solver_options(rules: &Rules, args: &SolveArgs) -> Plan {
    let table = args.table_mb.map(|mb| mb.max(1) << 20);
    let plan = |options: SolverOptions, line: Option<String>| {
        let file = database_file(rules, args, options.database_seeds);
        Plan {
            options,
            line,
            file,
        }
    };
    if let (Some(table_bytes), Some(database_seeds)) = (table, args.database_seeds) {
        let options = SolverOptions {
            table_bytes,
            database_seeds,
        };
        return plan(options, None);
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
        return plan(options, Some(line));
    };
    let mut sizing = match args.database_seeds {
        Some(seeds) => MachineSizing::with_seeds(rules, available, seeds, DatabaseLimit::Asked),
        None => SolverOptions::for_machine(rules, available),
    };
    if let Some(table_bytes) = table {
        sizing.options.table_bytes = table_bytes;
    }
    let file = database_file(rules, args, sizing.options.database_seeds);
    let line = format!("solver: {sizing}{}", database_note(&sizing, &file));
    Plan {
        options: sizing.options,
        line: Some(line),
        file,
    }
}

/// Where the database of `seeds` seeds comes from under `args`.
fn database_file(rules: &Rules, args: &SolveArgs, seeds: usize) -> DatabaseFile {
    if let Some(file) = &args.database {
        return DatabaseFile::Given(file.clone());
    }
    if args.no_database_cache || seeds == 0 || !Egdb::supports(rules) {
        return DatabaseFile::Built;
    }
    match cache_dir() {
        Some(dir) => DatabaseFile::Cached(dir.join(Egdb::cache_name(rules, seeds))),
        None => DatabaseFile::Built,
    }
}

/// The directory `solve` keeps its databases in: `$MANCALA_CACHE_DIR`
/// when set, else `mancala` in the platform's cache directory
/// (`$XDG_CACHE_HOME` or `~/.cache` on Linux); `None` when there is none.
fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os("MANCALA_CACHE_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("mancala")),
    }
}

/// Where the database comes from, when that is worth a word: a file read,
/// a file it will be kept in, or a build of minutes.
fn database_note(sizing: &MachineSizing, file: &DatabaseFile) -> String {
    if sizing.database_bytes == 0 {
        return String::new();
    }
    let long = sizing.database_bytes >= LONG_BUILD_BYTES;
    let building = if long {
        "; building the database first takes long (minutes a GB), then it is"
    } else {
        "; the database is"
    };
    match file {
        DatabaseFile::Given(path) if path.exists() => {
            format!(
                "; the database is read from {} (with its own seeds)",
                path.display()
            )
        }
        DatabaseFile::Cached(path) if path.exists() => {
            format!("; the database is read from {}", path.display())
        }
        DatabaseFile::Given(path) => format!("{building} saved to {}", path.display()),
        DatabaseFile::Cached(path) => format!(
            "{building} kept in {} for the next solve (--no-database-cache: not)",
            path.display()
        ),
        DatabaseFile::Built if long => {
            "; building the database first takes long (minutes a GB): --database FILE keeps it \
             for the next solve"
                .to_string()
        }
        DatabaseFile::Built => String::new(),
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
