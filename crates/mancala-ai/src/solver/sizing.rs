//! The solver's table and endgame database sized from the machine's
//! memory and the rules (issue 31): the plain `mancala solve` is the fast
//! one.

use mancala_core::{Position, Rules};

use super::SolverOptions;
use crate::egdb::Egdb;
use crate::params::{
    SIZING_BIG_DATABASE_BYTES, SIZING_DATABASE_SHARE, SIZING_GAME_SEEDS_SHIFT, SIZING_MEMORY_SHARE,
    SIZING_TABLE_FLOOR_BYTES, SIZING_TABLE_LOG2_OVER_SEEDS, SIZING_TABLE_MAX_BYTES,
    SIZING_TABLE_MIN_BYTES,
};

/// What [`SolverOptions::for_machine`] chose, and why. Its `Display` is one
/// line: `table 2048 MiB, endgame database of 30 seeds (11.1 GB, half the
/// game's 60), from 25.8 GB available`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MachineSizing {
    /// The options chosen.
    pub options: SolverOptions,
    /// The endgame database's size in bytes ([`Egdb::size`]; 0 for none).
    pub database_bytes: u64,
    /// The memory the choice was made for, in bytes.
    pub available_bytes: u64,
    /// What stopped the database from being bigger.
    pub database_limit: DatabaseLimit,
}

/// What set the endgame database's seed count in a [`MachineSizing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DatabaseLimit {
    /// The rules have no endgame database ([`Egdb::supports`]).
    Unsupported,
    /// Half of the game's seeds: a bigger database costs more to build
    /// than it saves.
    GameSeeds {
        /// The seeds in the game.
        game: usize,
    },
    /// Its share of the memory (half of what is available).
    Memory,
    /// The seed count was asked for, not chosen.
    Asked,
}

impl SolverOptions {
    /// The table and the endgame database for solving under `rules` on a
    /// machine with `available_bytes` of memory free (Linux's
    /// `MemAvailable`; the caller reads it, so this is a pure function).
    ///
    /// It spends at most three quarters of the memory. The database
    /// takes the most seeds whose [`Egdb::size`] (one byte a board:
    /// C(seeds + 2h, 2h) for h houses a side) fits in two thirds of that
    /// (half the memory), and no more than half the game's seeds; rules
    /// with no database ([`Egdb::supports`]) get none. The table is
    /// [`SolverOptions::table_for_machine`]. The reasons, from
    /// docs/results.md section 4: Kalah(6,5) took 512 and 528 s with a
    /// 30-seed database (11.06 GB) and a 2 GB table (560 to 588 s with
    /// 4 GB), 25 minutes with 28 seeds (5.6 GB) and 16 GB, and over an
    /// hour with 256 MB and 12 seeds;
    /// Kalah(6,4) took 18 s with 24 seeds and 1.9 s with 28, whose build
    /// takes 30 to 50 minutes instead of 6 to 12; a table bigger than the
    /// problem is slower (its pages are faulted in during the search).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::SolverOptions;
    /// use mancala_core::{Preset, RuleSet, Rules};
    ///
    /// // Kalah(6,5) on a machine with 24 GiB free: 18 GiB to spend, at most
    /// // 12 GiB of it for the database: 30 seeds, half the game's 60,
    /// // C(42,12) = 11,058,116,888 bytes; the table wants 2^(30 + 2)
    /// // bytes halved beside a database of 8 GB or more, 2 GiB, and the
    /// // 8.3 GB left hold it.
    /// let rules = Rules::new(&RuleSet { seeds: 5, ..Preset::Kalah.rules() })?;
    /// let sizing = SolverOptions::for_machine(&rules, 24 << 30);
    /// assert_eq!(sizing.options, SolverOptions { table_bytes: 2 << 30, database_seeds: 30 });
    /// assert_eq!(sizing.database_bytes, 11_058_116_888);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn for_machine(rules: &Rules, available_bytes: u64) -> MachineSizing {
        let game = game_seeds(rules);
        let database_share = share(spendable(available_bytes), SIZING_DATABASE_SHARE);
        let (database_seeds, database_limit) = if Egdb::supports(rules) {
            let cap = (game >> SIZING_GAME_SEEDS_SHIFT).min(mancala_core::MAX_SEEDS);
            let fitting = (0..=cap)
                .take_while(|&s| database_bytes(rules, s) <= database_share)
                .last();
            match fitting {
                Some(s) if s == cap => (s, DatabaseLimit::GameSeeds { game }),
                Some(s) => (s, DatabaseLimit::Memory),
                None => (0, DatabaseLimit::Memory),
            }
        } else {
            (0, DatabaseLimit::Unsupported)
        };
        MachineSizing::with_seeds(rules, available_bytes, database_seeds, database_limit)
    }

    /// The table for solving under `rules` with a database of
    /// `database_seeds` seeds on a machine with `available_bytes` free: a
    /// power of two, `2^(s + 2)` bytes for `s` seeds of the game beyond
    /// the database, half that beside a database of 8 GB or more (64 MiB
    /// for Kalah(6,4) with 24 seeds, 1 GiB with 20, 2 GiB for Kalah(6,5)
    /// with 30, 16 GiB with 28: the best tables measured, docs/results.md
    /// sections 4.3, 4.5 and 4.6), at least 64 MiB and at most
    /// 16 GiB, and no more than what the database leaves of the three
    /// quarters of the memory spent (at least 1 MiB whatever the memory).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::SolverOptions;
    /// use mancala_core::{Preset, Rules};
    ///
    /// // Kalah(6,4) with 20 seeds in the database: 48 - 20 = 28 seeds beyond
    /// // it, a 2^30-byte table.
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// assert_eq!(SolverOptions::table_for_machine(&rules, 24 << 30, 20), 1 << 30);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn table_for_machine(rules: &Rules, available_bytes: u64, database_seeds: usize) -> usize {
        let database = if Egdb::supports(rules) {
            database_bytes(rules, database_seeds)
        } else {
            0
        };
        let beyond = game_seeds(rules).saturating_sub(database_seeds);
        let log2_over = if database >= SIZING_BIG_DATABASE_BYTES {
            SIZING_TABLE_LOG2_OVER_SEEDS - 1
        } else {
            SIZING_TABLE_LOG2_OVER_SEEDS
        };
        let wanted = u32::try_from(beyond)
            .ok()
            .and_then(|b| 1u64.checked_shl(b + log2_over))
            .unwrap_or(u64::MAX)
            .clamp(SIZING_TABLE_MIN_BYTES, SIZING_TABLE_MAX_BYTES);
        let room = spendable(available_bytes).saturating_sub(database);
        let bytes = power_of_two_at_most(room)
            .min(wanted)
            .max(SIZING_TABLE_FLOOR_BYTES);
        usize::try_from(bytes).unwrap_or(1 << (usize::BITS - 1))
    }
}

impl MachineSizing {
    /// The sizing of a database of `database_seeds` seeds (chosen, or
    /// asked for: [`DatabaseLimit::Asked`]) and the table that goes with
    /// it on a machine with `available_bytes` free.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{DatabaseLimit, MachineSizing};
    /// use mancala_core::{Preset, Rules};
    ///
    /// // Kalah(6,4) with a 20-seed database: C(32,12) = 225,792,840 bytes.
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// let sizing = MachineSizing::with_seeds(&rules, 24 << 30, 20, DatabaseLimit::Asked);
    /// assert_eq!(sizing.database_bytes, 225_792_840);
    /// assert_eq!(sizing.options.table_bytes, 1 << 30);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn with_seeds(
        rules: &Rules,
        available_bytes: u64,
        database_seeds: usize,
        database_limit: DatabaseLimit,
    ) -> MachineSizing {
        let database_bytes = if Egdb::supports(rules) && database_seeds > 0 {
            database_bytes(rules, database_seeds)
        } else {
            0
        };
        MachineSizing {
            options: SolverOptions {
                table_bytes: SolverOptions::table_for_machine(
                    rules,
                    available_bytes,
                    database_seeds,
                ),
                database_seeds,
            },
            database_bytes,
            available_bytes,
            database_limit,
        }
    }
}

impl std::fmt::Display for MachineSizing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "table {} MiB, ", self.options.table_bytes >> 20)?;
        match (self.database_limit, self.database_bytes) {
            (DatabaseLimit::Unsupported, _) => {
                write!(f, "no endgame database (not for these rules)")?
            }
            (_, 0) => write!(f, "no endgame database")?,
            (limit, bytes) => {
                write!(
                    f,
                    "endgame database of {} seeds ({}",
                    self.options.database_seeds,
                    decimal(bytes)
                )?;
                match limit {
                    DatabaseLimit::GameSeeds { game } => write!(f, ", half the game's {game}")?,
                    DatabaseLimit::Memory => write!(f, ", as much as the memory allows")?,
                    _ => write!(f, ", as asked")?,
                }
                write!(f, ")")?;
            }
        }
        write!(f, ", from {} available", decimal(self.available_bytes))
    }
}

/// What the sizing spends of `available` bytes.
fn spendable(available: u64) -> u64 {
    share(available, SIZING_MEMORY_SHARE)
}

/// `bytes * numerator / denominator`, rounded down, without overflow.
fn share(bytes: u64, (numerator, denominator): (u64, u64)) -> u64 {
    (u128::from(bytes) * u128::from(numerator) / u128::from(denominator)) as u64
}

/// The seeds in the game under `rules` (board, stores and discarded).
fn game_seeds(rules: &Rules) -> usize {
    Position::new(rules).total_seeds() as usize
}

/// The bytes of a database of up to `seeds` seeds: one a board, and the
/// boards of `n` houses holding up to `seeds` seeds in all are
/// C(seeds + n, n) (what [`Egdb::size`] sums), here without overflow
/// (`u64::MAX` when too many).
fn database_bytes(rules: &Rules, seeds: usize) -> u64 {
    let n = 2 * rules.houses() as u128;
    // C(s + n, n) = C(s - 1 + n, n) * (s + n) / s, exactly at each step.
    let mut boards: u128 = 1;
    for s in 1..=seeds as u128 {
        boards = boards * (s + n) / s;
        if boards > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    boards as u64
}

/// The biggest power of two at most `bytes` (0 for 0).
fn power_of_two_at_most(bytes: u64) -> u64 {
    match bytes {
        0 => 0,
        b => 1 << (63 - b.leading_zeros()),
    }
}

/// `bytes` in decimal units, as docs/results.md writes them: `5.59 GB`,
/// `226 MB`, three figures.
fn decimal(bytes: u64) -> String {
    let (value, unit) = match bytes {
        b if b >= 1_000_000_000 => (b as f64 / 1e9, "GB"),
        b if b >= 1_000_000 => (b as f64 / 1e6, "MB"),
        b if b >= 1_000 => (b as f64 / 1e3, "kB"),
        b => return format!("{b} bytes"),
    };
    if value < 10.0 {
        format!("{value:.2} {unit}")
    } else if value < 100.0 {
        format!("{value:.1} {unit}")
    } else {
        format!("{value:.0} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use mancala_core::{Preset, RuleSet};

    use super::*;

    fn kalah(houses: u8, seeds: u8) -> Rules {
        Rules::new(&RuleSet {
            houses,
            seeds,
            ..Preset::Kalah.rules()
        })
        .expect("Kalah rules")
    }

    const GIB: u64 = 1 << 30;

    /// docs/results.md section 4.4: six houses a side, 9.7 MB for 14
    /// seeds ... 2.7 GB for 26, 5.6 GB for 28; exactly C(seeds + 12, 12)
    /// (Python's `math.comb`).
    #[test]
    fn database_sizes_are_those_of_results_md() {
        let rules = kalah(6, 4);
        let sizes = [14, 16, 18, 20, 22, 24, 26, 28].map(|s| database_bytes(&rules, s));
        assert_eq!(
            sizes,
            [
                9_657_700,
                30_421_755,
                86_493_225,
                225_792_840,
                548_354_040,
                1_251_677_700,
                2_707_475_148,
                5_586_853_480
            ]
        );
        let shown = sizes.map(decimal);
        assert_eq!(
            shown,
            [
                "9.66 MB", "30.4 MB", "86.5 MB", "226 MB", "548 MB", "1.25 GB", "2.71 GB",
                "5.59 GB"
            ]
        );
        // What the database itself counts, for eight houses too.
        assert_eq!(database_bytes(&rules, 20), Egdb::size(&rules, 20) as u64);
        assert_eq!(database_bytes(&kalah(4, 3), 12), 125_970);
        // Past u64: a saturated count, not an overflow.
        assert_eq!(database_bytes(&rules, 255), u64::MAX);
    }

    /// 24 GiB free, Kalah(6,5) (60 seeds): 18 GiB to spend
    /// (19,327,352,832 bytes), 12 GiB (12,884,901,888) for the database.
    /// C(42,12) = 11,058,116,888 fits: 30 seeds, half the game's. The
    /// table wants 2^(60 - 30 + 2) = 4 GiB, halved beside a database of
    /// 8 GB or more: 2 GiB; 19,327,352,832 - 11,058,116,888 =
    /// 8,269,235,944 are left, which hold it (the 512 and 528 s of
    /// docs/results.md section 4.3).
    #[test]
    fn a_24_gib_machine_solves_kalah_6_5_with_30_seeds_and_2_gib() {
        let sizing = SolverOptions::for_machine(&kalah(6, 5), 24 * GIB);
        assert_eq!(sizing.options.database_seeds, 30);
        assert_eq!(sizing.database_bytes, 11_058_116_888);
        assert_eq!(sizing.options.table_bytes as u64, 2 * GIB);
        assert_eq!(sizing.database_limit, DatabaseLimit::GameSeeds { game: 60 });
        assert_eq!(
            sizing.to_string(),
            "table 2048 MiB, endgame database of 30 seeds (11.1 GB, half the game's 60), \
             from 25.8 GB available"
        );
        // 20 GiB free: 15 GiB to spend, 10 GiB (10,737,418,240) for the
        // database: C(41,12) = 7,898,654,920 fits, C(42,12) does not: 29
        // seeds; 16,106,127,360 - 7,898,654,920 = 8,207,472,440 are left,
        // whose biggest power of two, 4 GiB, is less than the 2^(31 + 2)
        // = 8 GiB the table wants.
        let sizing = SolverOptions::for_machine(&kalah(6, 5), 20 * GIB);
        assert_eq!(sizing.options.database_seeds, 29);
        assert_eq!(sizing.database_bytes, 7_898_654_920);
        assert_eq!(sizing.options.table_bytes as u64, 4 * GIB);
        assert_eq!(sizing.database_limit, DatabaseLimit::Memory);
    }

    /// The table is halved beside a database of 8 GB or more, not below:
    /// with 64 GiB free, Kalah(6,5)'s 29-seed database (C(41,12) =
    /// 7,898,654,920 bytes) leaves the 2^(31 + 2) = 8 GiB table, its
    /// 30-seed one (11,058,116,888) gets 2^(30 + 2) / 2 = 2 GiB; Kalah(6,4)
    /// with 20 seeds (226 MB) keeps 2^(28 + 2) = 1 GiB (73 s against 85 s
    /// with 512 MiB, docs/results.md section 4.6).
    #[test]
    fn a_big_database_halves_the_table() {
        let table = |houses, seeds, database_seeds| {
            MachineSizing::with_seeds(
                &kalah(houses, seeds),
                64 * GIB,
                database_seeds,
                DatabaseLimit::Asked,
            )
            .options
            .table_bytes as u64
        };
        assert_eq!(table(6, 5, 29), 8 * GIB);
        assert_eq!(table(6, 5, 30), 2 * GIB);
        assert_eq!(table(6, 4, 20), GIB);
    }

    /// 2 GiB free, Kalah(6,5): 1.5 GiB (1,610,612,736) to spend, 1 GiB
    /// (1,073,741,824) for the database: C(36,12) = 1,251,677,700 is too
    /// many, C(35,12) = 834,451,800 fits: 23 seeds. 1,610,612,736 -
    /// 834,451,800 = 776,160,936 left: a 512 MiB table.
    #[test]
    fn a_2_gib_machine_solves_kalah_6_5_with_23_seeds() {
        let sizing = SolverOptions::for_machine(&kalah(6, 5), 2 * GIB);
        assert_eq!(
            sizing.options,
            SolverOptions {
                table_bytes: 512 << 20,
                database_seeds: 23
            }
        );
        assert_eq!(sizing.database_bytes, 834_451_800);
    }

    /// Kalah(4,3) has 24 seeds: half of them, 12, C(20,8) = 125,970
    /// boards, however much memory; 12 seeds beyond the database want
    /// 2^16 bytes: the 64 MiB floor.
    #[test]
    fn kalah_4_3_gets_half_its_24_seeds() {
        for available in [GIB, 24 * GIB, 1 << 50] {
            let sizing = SolverOptions::for_machine(&kalah(4, 3), available);
            assert_eq!(sizing.options.database_seeds, 12, "{available}");
            assert_eq!(sizing.database_bytes, 125_970);
            assert_eq!(sizing.options.table_bytes, 64 << 20);
            assert_eq!(sizing.database_limit, DatabaseLimit::GameSeeds { game: 24 });
        }
        let line = SolverOptions::for_machine(&kalah(4, 3), 24 * GIB).to_string();
        assert!(
            line.contains("12 seeds (126 kB, half the game's 24)"),
            "{line}"
        );
    }

    /// Kalah(6,4) on a big machine: 24 seeds (half its 48) and
    /// 2^(24 + 2) bytes: the 64 MB table docs/results.md section 4.5
    /// measured best with that database.
    #[test]
    fn kalah_6_4_gets_24_seeds_and_64_mib() {
        let sizing = SolverOptions::for_machine(&kalah(6, 4), 24 * GIB);
        assert_eq!(
            sizing.options,
            SolverOptions {
                table_bytes: 64 << 20,
                database_seeds: 24
            }
        );
        assert_eq!(
            SolverOptions::table_for_machine(
                &Rules::new(&Preset::Kalah.rules()).unwrap(),
                24 * GIB,
                24
            ),
            64 << 20
        );
        // With 20 seeds asked: C(32,12) bytes, 28 seeds beyond: 2^30.
        let asked = MachineSizing::with_seeds(&kalah(6, 4), 24 * GIB, 20, DatabaseLimit::Asked);
        assert_eq!(asked.database_bytes, 225_792_840);
        assert_eq!(asked.options.table_bytes as u64, GIB);
    }

    /// Oware has no endgame database (its end looks at the stores): no
    /// seeds; the table, which would want 2^(48 + 2) bytes, is capped by
    /// the memory (8 GiB of the 12 to spend with 16 GiB free) or at
    /// 16 GiB (of 18 with 24 GiB free).
    #[test]
    fn oware_gets_no_database() {
        let rules = Rules::new(&Preset::Oware.rules()).expect("Oware");
        let sizing = SolverOptions::for_machine(&rules, 16 * GIB);
        assert_eq!(sizing.options.database_seeds, 0);
        assert_eq!(sizing.database_bytes, 0);
        assert_eq!(sizing.database_limit, DatabaseLimit::Unsupported);
        assert_eq!(sizing.options.table_bytes as u64, 8 * GIB);
        let sizing = SolverOptions::for_machine(&rules, 24 * GIB);
        assert_eq!(sizing.options.table_bytes as u64, 16 * GIB);
        assert!(
            sizing
                .to_string()
                .contains("no endgame database (not for these rules)")
        );
    }

    /// No memory to speak of: no database, the 1 MiB floor.
    #[test]
    fn no_memory_gets_no_database_and_the_smallest_table() {
        let sizing = SolverOptions::for_machine(&kalah(6, 5), 0);
        assert_eq!(
            sizing.options,
            SolverOptions {
                table_bytes: 1 << 20,
                database_seeds: 0
            }
        );
        assert!(
            sizing.to_string().contains("no endgame database,"),
            "{sizing}"
        );
    }

    /// A database asked for: its size is counted against the table's
    /// room. Kalah(6,5), 28 seeds, 8 GiB free: 6 GiB (6,442,450,944) to
    /// spend, 5,586,853,480 of it the database, 855,597,464 left: a
    /// 512 MiB table; with 4 GiB free, 3 GiB to spend: the 1 MiB floor.
    #[test]
    fn an_asked_database_leaves_the_table_the_rest() {
        let sizing = MachineSizing::with_seeds(&kalah(6, 5), 8 * GIB, 28, DatabaseLimit::Asked);
        assert_eq!(sizing.options.table_bytes, 512 << 20);
        let sizing = MachineSizing::with_seeds(&kalah(6, 5), 4 * GIB, 28, DatabaseLimit::Asked);
        assert_eq!(sizing.options.table_bytes, 1 << 20);
        assert!(
            sizing.to_string().contains("28 seeds (5.59 GB, as asked)"),
            "{sizing}"
        );
    }
}
