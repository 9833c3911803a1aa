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

/// From this much memory for the table and the database together, `solve`
/// has glibc's malloc ask for transparent huge pages
/// ([`restart_with_huge_pages`]): Kalah(6,5) took 701 s with them and
/// 847 s without (docs/results.md section 4.3).
const HUGE_PAGES_FROM_BYTES: u64 = 1 << 30;

/// The glibc tunable that has malloc give its big blocks transparent huge
/// pages (`madvise(MADV_HUGEPAGE)`), read when a program starts.
const HUGE_PAGES_TUNABLE: &str = "glibc.malloc.hugetlb";

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
    let line = format!(
        "solver: {sizing}{}{}",
        database_note(&sizing, &file),
        huge_pages_note(rules, &sizing.options)
    );
    Plan {
        options: sizing.options,
        line: Some(line),
        file,
    }
}

/// The memory the solver takes for `options` under `rules`: its table
/// and its endgame database.
fn memory_bytes(rules: &Rules, options: &SolverOptions) -> u64 {
    let database = if Egdb::supports(rules) && options.database_seeds > 0 {
        Egdb::size(rules, options.database_seeds) as u64
    } else {
        0
    };
    options.table_bytes as u64 + database
}

/// The `glibc.malloc.hugetlb` setting of `GLIBC_TUNABLES`, if it has one
/// (`glibc.malloc.hugetlb=1`).
fn huge_pages_setting() -> Option<String> {
    let tunables = std::env::var_os("GLIBC_TUNABLES")?;
    tunables
        .to_string_lossy()
        .split(':')
        .find(|t| t.starts_with(&format!("{HUGE_PAGES_TUNABLE}=")))
        .map(str::to_string)
}

/// What the line says of huge pages when the solver takes a lot of
/// memory: the tunable in force, or that there is none.
fn huge_pages_note(rules: &Rules, options: &SolverOptions) -> String {
    if memory_bytes(rules, options) < HUGE_PAGES_FROM_BYTES {
        return String::new();
    }
    match huge_pages_setting() {
        Some(setting) => format!("; huge pages: {setting}"),
        None => "; no huge pages".to_string(),
    }
}

/// Starts this same `mancala` command again, as the same process
/// (`exec`), with `glibc.malloc.hugetlb=1` added to `GLIBC_TUNABLES`,
/// when the plan takes at least [`HUGE_PAGES_FROM_BYTES`] and the
/// variable says nothing of huge pages yet (a setting of the user's is
/// kept, `=0` too): glibc reads its tunables only when a program starts,
/// and asking the kernel for huge pages from here would take `unsafe`
/// code. Only on Linux with glibc; returns (and the solve goes on without
/// them) when that cannot be done.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn restart_with_huge_pages(rules: &Rules, plan: &Plan) {
    use std::os::unix::process::CommandExt;

    if memory_bytes(rules, &plan.options) < HUGE_PAGES_FROM_BYTES || huge_pages_setting().is_some()
    {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut tunables = std::env::var_os("GLIBC_TUNABLES").unwrap_or_default();
    if !tunables.is_empty() {
        tunables.push(":");
    }
    tunables.push(format!("{HUGE_PAGES_TUNABLE}=1"));
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("GLIBC_TUNABLES", tunables)
        .exec();
    eprintln!("solver: could not start again with huge pages ({error}); going on without them");
}

/// Elsewhere glibc's tunable does not apply: nothing to do.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn restart_with_huge_pages(_rules: &Rules, _plan: &Plan) {}

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
